//! Scenario tests for set-up, placement, the turn order, scoring, the refresh, the end of the
//! game and its tie-breaks.

use super::testkit::*;
use crate::action::{Action, Spot};
use crate::data::imperial::ImperialCard;
use crate::data::missions::Mission;
use crate::data::techs::Tech;
use crate::data::{Kind, Place, Planet, Planet::*, Seat};
use crate::log::{NoLog, ScoreWhy};
use crate::options::GameOptions;
use crate::rules::scoring::planet_awards;
use crate::state::{GameState, Step, Worker};

#[test]
fn set_up_follows_the_player_count() {
    for players in 2..=5u8 {
        for seed in 0..8 {
            let s = GameState::new(seed, GameOptions::new(players), &mut NoLog);
            let n = players as usize;
            let mut sentinels: Vec<u8> = s.planets.iter().map(|p| p.sentinels).collect();
            sentinels.sort();
            assert_eq!(sentinels, vec![1, 1, 2, 2, 3, 3, 4, 4]);
            let fleets = s.planets.iter().filter(|p| p.imperial_fleet).count();
            assert_eq!(
                fleets,
                8 - (n + 2),
                "{players} players: {} planets in play",
                n + 2
            );
            assert_eq!(s.spare_fleets as usize, 5 - fleets);
            let mut tiles: Vec<u8> = s.planets.iter().map(|p| p.power).collect();
            tiles.sort();
            tiles.dedup();
            assert_eq!(tiles.len(), 8, "eight different Power tiles");
            assert_eq!(s.influence_slots(), 2 * n + 1);
            assert_eq!(s.covert_shown.iter().flatten().count(), 3);
            assert_eq!(s.imperial_shown.iter().flatten().count(), 3);
            assert_eq!(s.goods_shown.iter().sum::<u8>(), 4);
            assert_eq!(s.tech_shown.count_ones(), 5);
            assert_eq!(s.tech_shown & !Tech::of_epoch(1), 0);
            // Coins by turn position: 10, 11, 12…
            for (i, seat) in s.turn_order().iter().enumerate() {
                assert_eq!(s.player(*seat).coins, 10 + i as u16);
                assert_eq!(s.player(*seat).hand, [5, 0, 0, 0, 0, 0]);
            }
            // The starting Rebels come in reverse turn order: the last seat first.
            assert_eq!(s.active_player(), Some(s.turn_order()[n - 1]));
        }
    }
}

#[test]
fn starting_rebels_are_two_or_three_in_reverse_order_on_open_planets() {
    let mut s = GameState::new(9, GameOptions::new(5), &mut NoLog);
    let order = s.turn_order().to_vec();
    let mut placed = [0u8; 5];
    let mut asked = Vec::new();
    while s.turn == 0 {
        let seat = s.active_player().unwrap();
        if asked.last() != Some(&seat) {
            asked.push(seat);
        }
        let legal = s.legal_actions(seat);
        for a in &legal {
            let Action::Planet(p) = a else { panic!() };
            assert!(!s.planet(*p).imperial_fleet);
        }
        assert_eq!(legal.len(), 7, "5 players: 7 open planets");
        s.apply(seat, legal[0], &mut NoLog).unwrap();
        placed[seat.index()] += 1;
    }
    let reversed: Vec<Seat> = order.iter().rev().copied().collect();
    assert_eq!(asked, reversed);
    for (i, seat) in order.iter().enumerate() {
        assert_eq!(placed[seat.index()], if i >= 3 { 3 } else { 2 });
    }
}

#[test]
fn placement_goes_round_in_turn_order_skipping_empty_hands() {
    let mut s = blank(3);
    let mut log = Vec::new();
    s.order[..3].copy_from_slice(&[Seat(1), Seat(2), Seat(0)]);
    s.players[0].hand = [2, 0, 0, 0, 0, 0];
    s.players[1].hand = [1, 0, 0, 0, 0, 0];
    s.players[2].hand = [0, 0, 0, 0, 0, 0];
    for p in 0..3 {
        s.players[p].supply[0] -= s.players[p].hand[0];
    }
    run_from(
        &mut s,
        Step::Placing { next: 0 },
        Step::Initiative,
        &mut log,
    );
    let mut seen = Vec::new();
    while let Some(seat) = s.active_player() {
        seen.push(seat.0);
        act(
            &mut s,
            Action::Place {
                kind: Kind::Rebel,
                spot: Spot::Senate,
            },
            &mut log,
        );
    }
    assert_eq!(seen, vec![1, 0, 0]);
    assert_eq!(s.step, Step::Initiative);
}

#[test]
fn boxes_fill_from_the_left_and_a_full_box_is_not_offered() {
    let mut s = blank(2);
    let mut log = Vec::new();
    s.players[0].hand = [4, 1, 0, 0, 0, 0];
    s.players[0].supply[0] -= 4;
    s.players[0].supply[1] -= 1;
    run_from(
        &mut s,
        Step::Placing { next: 0 },
        Step::Initiative,
        &mut log,
    );
    // Two kinds in hand: each can go everywhere open (13 spots at the start).
    assert_eq!(legal(&s).len(), 2 * 13);
    for _ in 0..3 {
        act(
            &mut s,
            Action::Place {
                kind: Kind::Rebel,
                spot: Spot::Warfare,
            },
            &mut log,
        );
    }
    assert!(s.warfare.slots[..3].iter().all(|w| w.is_some()));
    assert!(!legal(&s).contains(&Action::Place {
        kind: Kind::Rebel,
        spot: Spot::Warfare
    }));
    act(
        &mut s,
        Action::Place {
            kind: Kind::Rebel,
            spot: Spot::Initiative,
        },
        &mut log,
    );
    // One worker in the Initiative box per player (L224).
    assert!(!legal(&s).contains(&Action::Place {
        kind: Kind::Trooper,
        spot: Spot::Initiative
    }));
    act(
        &mut s,
        Action::Place {
            kind: Kind::Trooper,
            spot: Spot::Specialist(Kind::Hero),
        },
        &mut log,
    );
    assert_eq!(
        s.specialists[1],
        Some(Worker {
            seat: Seat(0),
            kind: Kind::Trooper
        })
    );
}

#[test]
fn a_specialist_slot_holds_one_worker_and_covert_and_senate_never_fill() {
    let mut s = blank(2);
    let mut log = Vec::new();
    s.players[1].hand = [20, 0, 0, 0, 0, 0];
    s.players[1].supply[0] -= 20;
    run_from(
        &mut s,
        Step::Placing { next: 1 },
        Step::Initiative,
        &mut log,
    );
    act(
        &mut s,
        Action::Place {
            kind: Kind::Rebel,
            spot: Spot::PaidSpecialist,
        },
        &mut log,
    );
    assert!(!legal(&s).contains(&Action::Place {
        kind: Kind::Rebel,
        spot: Spot::PaidSpecialist
    }));
    for _ in 0..15 {
        act(
            &mut s,
            Action::Place {
                kind: Kind::Rebel,
                spot: Spot::Covert,
            },
            &mut log,
        );
    }
    assert!(legal(&s).contains(&Action::Place {
        kind: Kind::Rebel,
        spot: Spot::Covert
    }));
    assert!(legal(&s).contains(&Action::Place {
        kind: Kind::Rebel,
        spot: Spot::Senate
    }));
}

#[test]
fn initiative_pays_its_slot_and_sets_the_next_turn_order() {
    let mut s = blank(4);
    let mut log = Vec::new();
    s.order[..4].copy_from_slice(&[Seat(0), Seat(1), Seat(2), Seat(3)]);
    for (slot, seat) in [(0, 2), (1, 0)] {
        s.players[seat].supply[0] -= 1;
        s.initiative.slots[slot] = Some(Worker {
            seat: Seat(seat as u8),
            kind: Kind::Rebel,
        });
    }
    run_from(
        &mut s,
        Step::Initiative,
        Step::Influence { slot: 0 },
        &mut log,
    );
    assert_eq!(s.players[2].coins, 11);
    assert_eq!(s.players[0].coins, 12);
    assert_eq!(s.players[1].coins, 10, "no worker there, no income");
    run_from(&mut s, Step::Refresh, Step::Placing { next: 0 }, &mut log);
    // The Initiative slots first, then the others in their old order (L446).
    assert_eq!(s.turn_order(), &[Seat(2), Seat(0), Seat(1), Seat(3)]);
    assert_eq!(
        s.players[2].supply[0],
        30 - 1 - 5,
        "the Initiative worker is back"
    );
}

#[test]
fn planet_awards_follow_the_majority_rules() {
    // A lone first: the higher number; a lone second: the lower.
    assert_eq!(planet_awards(&[3, 1, 0], 8, 3), vec![(0, 8, 0), (1, 3, 2)]);
    // A tie for first: every tied player the lower, nobody second.
    assert_eq!(planet_awards(&[2, 2, 1], 8, 3), vec![(0, 3, 1), (1, 3, 1)]);
    // A tie for second: no second.
    assert_eq!(planet_awards(&[4, 1, 1], 8, 3), vec![(0, 8, 0)]);
    // Alone on the planet.
    assert_eq!(planet_awards(&[0, 0, 5], 8, 3), vec![(2, 8, 0)]);
    assert!(planet_awards(&[0, 0, 0], 8, 3).is_empty());
    // Five players at once, three tied for first.
    assert_eq!(
        planet_awards(&[2, 2, 1, 2, 0], 10, 5),
        vec![(0, 5, 1), (1, 5, 1), (3, 5, 1)]
    );
}

#[test]
fn epoch_scoring_counts_planets_and_the_senate_with_ties() {
    let mut s = blank(3);
    let mut log = Vec::new();
    s.turn = 3;
    let tile =
        |s: &GameState, p: Planet| s.options.numbers.power[s.planets[p.index()].power as usize];
    put(&mut s, 0, Kind::Rebel, Place::Planet(Veltair), 2);
    put(&mut s, 1, Kind::Rebel, Place::Planet(Veltair), 1);
    put(&mut s, 1, Kind::Rebel, Place::Planet(Trega), 1);
    put(&mut s, 2, Kind::Rebel, Place::Planet(Trega), 1);
    // Sentinels do not count for majorities.
    sentinels(&mut s, Trega, 4);
    put(&mut s, 0, Kind::Diplomat, Place::Senate, 1);
    put(&mut s, 2, Kind::Rebel, Place::Senate, 2);
    run_from(&mut s, Step::Scoring, Step::Refresh, &mut log);
    let (v, t) = (tile(&s, Veltair), tile(&s, Trega));
    assert_eq!(s.players[0].score.planets, v.higher as u16);
    assert_eq!(s.players[1].score.planets, (v.lower + t.lower) as u16);
    assert_eq!(s.players[2].score.planets, t.lower as u16);
    // The Senate: a Diplomat counts 2, so seats 0 and 2 tie on 2 and both take 7.
    assert_eq!(s.players[0].score.senate, 7);
    assert_eq!(s.players[2].score.senate, 7);
    assert_eq!(s.players[1].score.senate, 0);
    assert_eq!(s.players[0].score.last_majorities, 0, "not turn 8");
    // Not a scoring turn: nothing.
    s.turn = 4;
    run_from(&mut s, Step::Scoring, Step::Refresh, &mut log);
    assert_eq!(s.players[0].score.senate, 7);
}

#[test]
fn unavailable_planets_score_when_workers_reach_them() {
    let mut s = blank(2);
    let mut log = Vec::new();
    s.turn = 6;
    s.planets[Sargas.index()].imperial_fleet = true;
    put(&mut s, 1, Kind::Trooper, Place::Planet(Sargas), 2);
    run_from(&mut s, Step::Scoring, Step::Refresh, &mut log);
    assert!(s.players[1].score.planets > 0);
}

/// A state at the end of turn 8's Phase 4, with given scores so far.
fn at_the_end(players: u8) -> GameState {
    let mut s = blank(players);
    s.turn = 8;
    s
}

#[test]
fn the_end_scores_techs_missions_and_economy_and_names_the_winner() {
    let mut s = at_the_end(3);
    let mut log = Vec::new();
    s.players[0].techs = Tech::Anarchy.bit();
    s.tech_pile &= !Tech::Anarchy.bit();
    s.players[0].missions = Mission::RobTreasuryMirzam.bit() | Mission::SaveTraitor.bit();
    s.covert_deck &= !s.players[0].missions;
    s.players[1].goods = [4, 0, 0, 0, 0, 0, 0, 0];
    s.goods_pile[0] -= 4;
    s.goods_shown[0] = 0;
    run_from(&mut s, Step::Scoring, Step::Refresh, &mut log);
    assert_eq!(s.players[0].score.techs, 6);
    assert_eq!(s.players[0].score.missions, 9);
    assert_eq!(s.players[1].score.economy, 6);
    assert!(s.is_over());
    assert_eq!(s.winners(), vec![Seat(0)]);
    assert!(events(&log).iter().any(|e| matches!(
        e,
        crate::log::LogEvent::Scored {
            why: ScoreWhy::Missions,
            ..
        }
    )));
}

#[test]
fn ties_are_broken_by_turn_eight_majorities_then_senate_points() {
    // Equal totals; seat 1 has more turn-8 majority points.
    let mut s = at_the_end(3);
    let mut log = Vec::new();
    s.players[0].score.planets = 20;
    s.players[1].score.planets = 13;
    put(&mut s, 1, Kind::Rebel, Place::Planet(Veltair), 1);
    let v = s.options.numbers.power[s.planets[Veltair.index()].power as usize].higher as u16;
    s.players[1].score.planets = 20 - v;
    run_from(&mut s, Step::Scoring, Step::Refresh, &mut log);
    assert_eq!(s.players[0].score.total(), s.players[1].score.total());
    assert_eq!(s.winners(), vec![Seat(1)]);
    // Equal totals, equal turn-8 majorities (both 7 for the Senate) and equal Senate points
    // (a Diplomat against two Rebels): the win is shared.
    let mut s = at_the_end(2);
    put(&mut s, 0, Kind::Diplomat, Place::Senate, 1);
    put(&mut s, 1, Kind::Rebel, Place::Senate, 2);
    run_from(&mut s, Step::Scoring, Step::Refresh, &mut log);
    assert_eq!(s.winners(), vec![Seat(0), Seat(1)], "an exact tie");
    let mut s = at_the_end(2);
    s.players[1].score.planets = 7;
    put(&mut s, 0, Kind::Diplomat, Place::Senate, 1);
    put(&mut s, 0, Kind::Rebel, Place::Senate, 1);
    put(&mut s, 1, Kind::Rebel, Place::Senate, 2);
    // Seat 0: 7 (Senate, turn 8). Seat 1: 7 earlier. Totals 7 each; turn-8 majorities 7 vs
    // 0: seat 0.
    run_from(&mut s, Step::Scoring, Step::Refresh, &mut log);
    assert_eq!(s.winners(), vec![Seat(0)]);
}

#[test]
fn the_senate_points_break_a_tie_of_totals_and_majorities() {
    let mut s = at_the_end(2);
    let mut log = Vec::new();
    // Both 10 points, none on turn 8; seat 1 has 1 Senate point, which scores 7 on turn 8
    // unless the other has as many: give seat 0 a Diplomat (2) and seat 1 three Rebels (3).
    s.players[0].score.planets = 10;
    s.players[1].score.planets = 10;
    put(&mut s, 0, Kind::Diplomat, Place::Senate, 1);
    put(&mut s, 0, Kind::Rebel, Place::Senate, 1);
    put(&mut s, 1, Kind::Rebel, Place::Senate, 3);
    run_from(&mut s, Step::Scoring, Step::Refresh, &mut log);
    // 3 against 3: both take the 7; totals 17, majorities 7, Senate 3 and 3: shared.
    assert_eq!(s.winners(), vec![Seat(0), Seat(1)]);
    let mut s = at_the_end(2);
    s.players[0].score.planets = 17;
    s.players[1].score.planets = 10;
    put(&mut s, 1, Kind::Rebel, Place::Senate, 3);
    s.players[0].score.last_majorities = 0;
    run_from(&mut s, Step::Scoring, Step::Refresh, &mut log);
    assert_eq!(
        s.winners(),
        vec![Seat(1)],
        "17 each, turn-8 majorities 0 and 7"
    );
}

#[test]
fn the_refresh_renews_cards_goods_techs_and_gives_five_rebels() {
    let mut s = blank(2);
    let mut log = Vec::new();
    s.turn = 2;
    let shown_missions = s.covert_shown;
    s.mission_done = true;
    s.players[0].missions |= s.covert_shown[1].unwrap().bit();
    s.covert_shown[1] = None;
    let shown_cards = s.imperial_shown;
    s.action_taken = false;
    let t = Tech::ALL
        .into_iter()
        .find(|t| s.tech_shown & t.bit() != 0)
        .unwrap();
    s.tech_shown &= !t.bit();
    s.players[1].techs |= t.bit();
    run_from(&mut s, Step::Refresh, Step::Placing { next: 0 }, &mut log);
    assert_eq!(s.turn, 3);
    // A mission was taken: the other two stay, one new.
    assert_eq!(s.covert_shown[0], shown_missions[0]);
    assert_eq!(s.covert_shown[2], shown_missions[2]);
    assert!(s.covert_shown[1].is_some());
    // No Imperial Action taken: all three replaced (to the discards).
    assert_eq!(s.imperial_discard.iter().sum::<u8>(), 3);
    assert!(shown_cards.iter().all(|c| c.is_some()));
    assert_eq!(s.tech_shown.count_ones(), 5);
    assert_eq!(s.goods_shown.iter().sum::<u8>(), 4);
    assert_eq!(s.players[0].hand, [5, 0, 0, 0, 0, 0]);
}

#[test]
fn an_epoch_change_replaces_the_technologies() {
    for (turn, epoch) in [(3, 2), (6, 3)] {
        let mut s = blank(2);
        let mut log = Vec::new();
        s.turn = turn;
        let old = s.tech_shown;
        run_from(&mut s, Step::Refresh, Step::Placing { next: 0 }, &mut log);
        assert_eq!(s.tech_removed & old, old);
        assert_eq!(s.tech_shown.count_ones(), 5);
        assert_eq!(s.tech_shown & !Tech::of_epoch(epoch), 0);
        assert_eq!(s.epoch(), epoch);
    }
}

#[test]
fn empty_decks_reshuffle_their_discards_and_piles_give_what_remains() {
    let mut s = blank(2);
    let mut log = Vec::new();
    s.covert_discard = s.covert_deck;
    s.covert_deck = 0;
    s.imperial_discard = s.imperial_deck;
    s.imperial_deck = [0; 16];
    s.goods_pile = [0, 0, 1, 0, 0, 0, 0, 1];
    s.goods_shown = [0; 8];
    for t in Tech::ALL {
        if t.epoch() == 1 && s.tech_shown & t.bit() == 0 {
            s.tech_pile &= !t.bit();
            s.tech_removed |= t.bit();
        }
    }
    // Two of the five shown bought: none left to refill with.
    for _ in 0..2 {
        let t = s.tech_shown & s.tech_shown.wrapping_neg();
        s.tech_shown &= !t;
        s.players[0].techs |= t;
    }
    run_from(&mut s, Step::Refresh, Step::Placing { next: 0 }, &mut log);
    assert_eq!(s.covert_shown.iter().flatten().count(), 3);
    assert_eq!(s.imperial_shown.iter().flatten().count(), 3);
    assert_eq!(s.goods_shown.iter().sum::<u8>(), 2, "the two left");
    assert_eq!(
        s.tech_shown.count_ones(),
        3,
        "Epoch I has run out: what is left stays shown"
    );
}

#[test]
fn a_deck_with_nothing_left_anywhere_shows_fewer_cards() {
    let mut s = blank(2);
    let mut log = Vec::new();
    s.imperial_deck = [0; 16];
    s.imperial_discard = [0; 16];
    s.imperial_discard[ImperialCard::TroopsRebased.index()] = 1;
    s.players[0].missions = s.covert_deck;
    s.covert_deck = 0;
    s.mission_done = true;
    let had = s.imperial_shown;
    s.action_taken = false;
    run_from(&mut s, Step::Refresh, Step::Placing { next: 0 }, &mut log);
    // The three old cards and the one discard: three of the four come back face up.
    assert_eq!(s.imperial_shown.iter().flatten().count(), 3);
    assert!(had.iter().all(|c| c.is_some()));
    // No mission cards anywhere: the three shown stay; nothing new.
    assert_eq!(s.covert_shown.iter().flatten().count(), 3);
}

#[test]
fn a_whole_game_for_five_players_ends_after_turn_eight() {
    let mut s = GameState::new(5, GameOptions::new(5), &mut NoLog);
    let mut rng = game_kit::Rng::new(99);
    let mut turns_seen = Vec::new();
    while let Some(seat) = s.active_player() {
        if turns_seen.last() != Some(&s.turn) {
            turns_seen.push(s.turn);
        }
        let legal = s.legal_actions(seat);
        s.apply(seat, legal[rng.below(legal.len())], &mut NoLog)
            .unwrap();
    }
    assert_eq!(turns_seen, vec![0, 1, 2, 3, 4, 5, 6, 7, 8]);
    assert!(s.is_over());
    assert!(!s.winners().is_empty());
}

/// Options that make no sense never start a game: the checked constructor says every
/// problem, as values and in words, and nothing is ever replaced behind the player's back.
#[test]
fn options_that_make_no_sense_are_refused_with_every_problem() {
    use crate::options::OptionsProblem;
    let mut options = GameOptions::new(6);
    options.numbers.power[3].lower = 40;
    options.numbers.warfare_slots = 0;
    options.numbers.goods[0] = 9;
    options.numbers.twentieth_mission = Mission::SabotageTrega;
    options.numbers.rescue_choice_at = crate::data::Planet::Sargas;
    let err = options.check().unwrap_err();
    assert_eq!(
        err.problems,
        vec![
            OptionsProblem::Players(6),
            OptionsProblem::PowerLowerAboveHigher {
                tile: 4,
                lower: 40,
                higher: 7
            },
            OptionsProblem::Slots {
                spot: crate::action::Spot::Warfare,
                slots: 0
            },
            OptionsProblem::GoodsTotal { total: 37 },
            OptionsProblem::TwentiethMission(Mission::SabotageTrega),
            OptionsProblem::RescueChoice(crate::data::Planet::Sargas),
        ]
    );
    let words = err.to_string();
    assert!(words.contains("2 to 5 players"), "{words}");
    assert!(
        words.contains("Warfare: the box must have from 1 to 12 slots"),
        "{words}"
    );
    assert_eq!(GameState::try_new(1, options, &mut NoLog).unwrap_err(), err);
    // Each Covert Mission card listed once may be the 20th; the provisional numbers pass.
    for m in Mission::LISTED_ONCE {
        let mut good = GameOptions::new(2);
        good.numbers.twentieth_mission = m;
        good.numbers.rescue_choice_at = crate::data::Planet::Edara;
        assert_eq!(good.check(), Ok(()));
        assert_eq!(
            GameState::try_new(1, good, &mut NoLog).unwrap().options(),
            good
        );
    }
}

#[test]
#[should_panic(expected = "the game is for 2 to 5 players, not 1")]
fn the_unchecked_constructor_refuses_options_that_make_no_sense() {
    GameState::new(1, GameOptions::new(1), &mut NoLog);
}
