//! Scenario tests for every Imperial Action card (Appendix III) and every Covert Mission card
//! (Appendix II).

use super::testkit::*;
use crate::action::Action;
use crate::data::imperial::ImperialCard::*;
use crate::data::missions::Mission;
use crate::data::{Kind, Place, Planet, Planet::*, Seat};
use crate::log::LogEvent;
use crate::options::GameOptions;
use crate::state::Step;

fn piece(at: Place, seat: u8, kind: Kind) -> Action {
    Action::Piece {
        at,
        seat: Seat(seat),
        kind,
    }
}

// ---- Imperial Action cards ----

#[test]
fn planetary_bombardment_sends_workers_home_and_sentinels_away() {
    let mut s = blank(3);
    let mut log = Vec::new();
    put(&mut s, 1, Kind::Rebel, Place::Planet(Edara), 2);
    put(&mut s, 2, Kind::Hero, Place::Planet(Edara), 1);
    sentinels(&mut s, Edara, 2);
    play_card(&mut s, 0, PlanetaryBombardment, &mut log);
    act(&mut s, Action::Planet(Edara), &mut log);
    // A spare ship comes; the workers go to their owners' hands for the next turn.
    assert!(s.planets[Edara.index()].imperial_fleet);
    assert_eq!(s.spare_fleets, 4);
    assert_eq!(s.players[1].hand[0], 2);
    assert_eq!(s.players[2].hand[Kind::Hero.index()], 1);
    assert_eq!(on(&s, 1, Kind::Rebel, Edara), 0);
    // Each Sentinel to another planet of the player's choice (not Edara).
    assert!(!legal(&s).contains(&Action::Planet(Edara)));
    act(&mut s, Action::Planet(Veltair), &mut log);
    act(&mut s, Action::Planet(Sargas), &mut log);
    assert_eq!(s.planets[Edara.index()].sentinels, 0);
    assert_eq!(s.planets[Veltair.index()].sentinels, 1);
    assert_eq!(s.planets[Sargas.index()].sentinels, 1);
    assert_eq!(s.active_player(), None);
}

#[test]
fn planetary_bombardment_moves_a_ship_from_the_board_when_none_is_spare() {
    let mut s = blank(2);
    let mut log = Vec::new();
    s.spare_fleets = 0;
    for p in [Veltair, Trega, Vollux, Edara, Galcrux] {
        s.planets[p.index()].imperial_fleet = true;
    }
    // The Rebel Fleet's planet cannot be bombarded (ruling).
    s.rebel_fleet = Some((Sargas, Seat(1)));
    play_card(&mut s, 0, PlanetaryBombardment, &mut log);
    assert!(!legal(&s).contains(&Action::Planet(Sargas)));
    act(&mut s, Action::Planet(Mirzam), &mut log);
    act(&mut s, Action::Planet(Trega), &mut log);
    assert!(s.planets[Mirzam.index()].imperial_fleet);
    assert!(!s.planets[Trega.index()].imperial_fleet);
}

/// A planet that already has an Imperial Fleet may be bombarded: its own ship bombards it and
/// no other moves. Under the `bombardment_moves_a_ship` ruling a ship must come, so such a
/// planet is not offered.
#[test]
fn planetary_bombardment_of_a_planet_with_an_imperial_fleet_follows_the_ruling() {
    let mut s = blank(2);
    let mut log = Vec::new();
    s.planets[Alioth.index()].imperial_fleet = true;
    s.spare_fleets = 4;
    put(&mut s, 1, Kind::Rebel, Place::Planet(Alioth), 2);
    play_card(&mut s, 0, PlanetaryBombardment, &mut log);
    assert!(legal(&s).contains(&Action::Planet(Alioth)));
    act(&mut s, Action::Planet(Alioth), &mut log);
    assert_eq!(s.spare_fleets, 4, "no other ship moves");
    assert_eq!(s.players[1].hand[0], 2);
    let mut options = GameOptions::new(2);
    options.rulings.bombardment_moves_a_ship = true;
    let mut s = blank_with(options);
    s.planets[Alioth.index()].imperial_fleet = true;
    s.spare_fleets = 4;
    play_card(&mut s, 0, PlanetaryBombardment, &mut log);
    let l = legal(&s);
    assert!(!l.contains(&Action::Planet(Alioth)));
    assert_eq!(l.len(), 7);
}

#[test]
fn the_vox_remove_a_fleet_and_four_sentinels_from_four_planets() {
    let mut s = blank(2);
    let mut log = Vec::new();
    s.planets[Alioth.index()].imperial_fleet = true;
    s.spare_fleets = 4;
    for p in [Veltair, Trega, Vollux, Edara, Galcrux] {
        sentinels(&mut s, p, 2);
    }
    play_card(&mut s, 0, InvadedByTheVox, &mut log);
    // The only fleet goes without a question.
    assert!(!s.planets[Alioth.index()].imperial_fleet);
    assert_eq!(s.spare_fleets, 5);
    for p in [Veltair, Trega, Vollux] {
        act(&mut s, Action::Planet(p), &mut log);
        assert!(
            !legal(&s).contains(&Action::Planet(p)),
            "one from each planet"
        );
    }
    act(&mut s, Action::Planet(Edara), &mut log);
    let left: Vec<u8> = [Veltair, Trega, Vollux, Edara, Galcrux]
        .iter()
        .map(|p| s.planets[p.index()].sentinels)
        .collect();
    assert_eq!(left, vec![1, 1, 1, 1, 2]);
    assert_eq!(s.active_player(), None);
}

#[test]
fn the_vox_take_what_there_is_when_few_planets_have_sentinels() {
    let mut s = blank(2);
    let mut log = Vec::new();
    sentinels(&mut s, Mirzam, 3);
    play_card(&mut s, 0, InvadedByTheVox, &mut log);
    assert_eq!(s.planets[Mirzam.index()].sentinels, 2);
    assert_eq!(s.active_player(), None);
}

#[test]
fn new_corps_raises_three_sentinels_on_one_planet_not_the_rebel_fleets() {
    let mut s = blank(2);
    let mut log = Vec::new();
    s.rebel_fleet = Some((Trega, Seat(0)));
    play_card(&mut s, 1, NewCorpsOfSentinels, &mut log);
    assert!(!legal(&s).contains(&Action::Planet(Trega)));
    act(&mut s, Action::Planet(Vollux), &mut log);
    assert_eq!(s.planets[Vollux.index()].sentinels, 3);
    assert_eq!(s.sentinel_supply, 27);
    // With one Sentinel left in the box, one comes.
    s.sentinel_supply = 1;
    s.planets[Edara.index()].sentinels = 26;
    play_card(&mut s, 1, NewCorpsOfSentinels, &mut log);
    act(&mut s, Action::Planet(Alioth), &mut log);
    assert_eq!(s.planets[Alioth.index()].sentinels, 1);
}

#[test]
fn rebel_base_discovered_moves_up_to_two_and_kills_two_rivals_there() {
    let mut s = blank(3);
    let mut log = Vec::new();
    sentinels(&mut s, Veltair, 3);
    put(&mut s, 1, Kind::Rebel, Place::Planet(Sargas), 1);
    put(&mut s, 2, Kind::Scientist, Place::Planet(Sargas), 1);
    put(&mut s, 0, Kind::Rebel, Place::Planet(Sargas), 2);
    play_card(&mut s, 0, RebelBaseDiscovered, &mut log);
    act(&mut s, Action::Planet(Veltair), &mut log);
    act(&mut s, Action::Planet(Sargas), &mut log);
    assert_eq!(legal(&s), vec![Action::Count(1), Action::Count(2)]);
    act(&mut s, Action::Count(2), &mut log);
    assert_eq!(s.planets[Sargas.index()].sentinels, 2);
    assert_eq!(s.planets[Veltair.index()].sentinels, 1);
    // Only rivals' pieces may be chosen.
    let l = legal(&s);
    assert!(!l.contains(&piece(Place::Planet(Sargas), 0, Kind::Rebel)));
    act(
        &mut s,
        piece(Place::Planet(Sargas), 1, Kind::Rebel),
        &mut log,
    );
    assert_eq!(on(&s, 1, Kind::Rebel, Sargas), 0);
    assert_eq!(
        on(&s, 2, Kind::Scientist, Sargas),
        0,
        "the last one is forced"
    );
    assert_eq!(on(&s, 0, Kind::Rebel, Sargas), 2);
    assert_eq!(s.active_player(), None);
}

#[test]
fn rebel_base_discovered_may_move_none() {
    let mut s = blank(2);
    let mut log = Vec::new();
    sentinels(&mut s, Veltair, 1);
    put(&mut s, 1, Kind::Rebel, Place::Planet(Alioth), 3);
    play_card(&mut s, 0, RebelBaseDiscovered, &mut log);
    act(&mut s, Action::Pass, &mut log);
    act(&mut s, Action::Planet(Alioth), &mut log);
    assert_eq!(on(&s, 1, Kind::Rebel, Alioth), 1);
    assert_eq!(s.planets[Veltair.index()].sentinels, 1);
}

/// L829, L892: no Sentinel may be sent to the Rebel Fleet's planet, and Rebel Base
/// Discovered!'s destination is where its Sentinels are sent: the fleet's planet is never the
/// destination, whether Sentinels move or not, so the card never strikes it.
#[test]
fn rebel_base_discovered_never_strikes_the_rebel_fleets_planet() {
    let mut s = blank(2);
    let mut log = Vec::new();
    sentinels(&mut s, Trega, 2);
    s.rebel_fleet = Some((Veltair, Seat(1)));
    put(&mut s, 1, Kind::Rebel, Place::Planet(Veltair), 3);
    put(&mut s, 1, Kind::Rebel, Place::Planet(Alioth), 1);
    play_card(&mut s, 0, RebelBaseDiscovered, &mut log);
    let mut from_trega = s.clone();
    act(&mut from_trega, Action::Planet(Trega), &mut log);
    assert!(!legal(&from_trega).contains(&Action::Planet(Veltair)));
    // Moving none does not open it either.
    act(&mut s, Action::Pass, &mut log);
    let l = legal(&s);
    assert!(!l.contains(&Action::Planet(Veltair)), "{l:?}");
    assert_eq!(l.len(), 7, "every other planet");
    act(&mut s, Action::Planet(Alioth), &mut log);
    assert_eq!(on(&s, 1, Kind::Rebel, Veltair), 3);
    assert_eq!(on(&s, 1, Kind::Rebel, Alioth), 0);
}

#[test]
fn troops_rebased_moves_up_to_three_sentinels_anywhere() {
    let mut s = blank(2);
    let mut log = Vec::new();
    sentinels(&mut s, Veltair, 2);
    sentinels(&mut s, Trega, 2);
    play_card(&mut s, 0, TroopsRebased, &mut log);
    act(
        &mut s,
        Action::Move {
            from: Veltair,
            to: Sargas,
        },
        &mut log,
    );
    act(
        &mut s,
        Action::Move {
            from: Trega,
            to: Edara,
        },
        &mut log,
    );
    act(
        &mut s,
        Action::Move {
            from: Trega,
            to: Sargas,
        },
        &mut log,
    );
    assert_eq!(s.active_player(), None, "three at most");
    assert_eq!(s.planets[Sargas.index()].sentinels, 2);
    assert_eq!(s.planets[Trega.index()].sentinels, 0);
    // Stopping early.
    play_card(&mut s, 0, TroopsRebased, &mut log);
    act(&mut s, Action::Pass, &mut log);
    assert_eq!(s.active_player(), None);
}

#[test]
fn the_senate_awards_an_unclaimed_route_or_else_a_rivals() {
    let mut s = blank(3);
    let mut log = Vec::new();
    play_card(&mut s, 0, SenateAwardsTradeRoute, &mut log);
    assert_eq!(legal(&s).len(), 8);
    act(&mut s, Action::Planet(Vollux), &mut log);
    assert!(!s.planets[Vollux.index()].route);
    assert_eq!(s.players[0].routes, Vollux.bit());
    // Every route claimed: one from another player.
    for p in Planet::ALL {
        s.planets[p.index()].route = false;
    }
    s.players[0].routes = Vollux.bit();
    s.players[1].routes = 0b1111_1011 & !Sargas.bit();
    s.players[2].routes = Sargas.bit();
    play_card(&mut s, 0, SenateAwardsTradeRoute, &mut log);
    assert!(!legal(&s).contains(&Action::Planet(Vollux)));
    act(&mut s, Action::Planet(Sargas), &mut log);
    assert_eq!(s.players[2].routes, 0);
    assert_ne!(s.players[0].routes & Sargas.bit(), 0);
}

#[test]
fn imperial_atrocity_removes_a_rival_rebel_and_adds_two_elsewhere() {
    let mut s = blank(2);
    let mut log = Vec::new();
    put(&mut s, 1, Kind::Rebel, Place::Planet(Galcrux), 1);
    put(&mut s, 1, Kind::Hero, Place::Planet(Galcrux), 1);
    play_card(&mut s, 0, ImperialAtrocity, &mut log);
    // The only rival Rebel is forced; the Hero is not a Rebel.
    assert_eq!(on(&s, 1, Kind::Rebel, Galcrux), 0);
    assert_eq!(on(&s, 1, Kind::Hero, Galcrux), 1);
    assert!(
        !legal(&s).contains(&Action::Planet(Galcrux)),
        "another planet"
    );
    act(&mut s, Action::Planet(Mirzam), &mut log);
    assert_eq!(on(&s, 0, Kind::Rebel, Mirzam), 2);
}

#[test]
fn imperial_atrocity_with_no_rival_rebel_still_adds_two() {
    let mut s = blank(2);
    let mut log = Vec::new();
    play_card(&mut s, 0, ImperialAtrocity, &mut log);
    act(&mut s, Action::Planet(Edara), &mut log);
    assert_eq!(on(&s, 0, Kind::Rebel, Edara), 2);
}

/// Imperial Spies Infiltrate *a* Rebel Faction (L739-741): the 3 points come from the one
/// rival faction whose piece is taken first; what that faction lacks is not taken elsewhere.
#[test]
fn imperial_spies_remove_three_points_of_one_faction_from_the_covert_box() {
    let mut s = blank(3);
    let mut log = Vec::new();
    put(&mut s, 1, Kind::Hero, Place::Covert, 1);
    put(&mut s, 1, Kind::Rebel, Place::Covert, 2);
    put(&mut s, 2, Kind::Rebel, Place::Covert, 2);
    put(&mut s, 0, Kind::Rebel, Place::Covert, 3);
    play_card(&mut s, 0, ImperialSpies, &mut log);
    act(&mut s, piece(Place::Covert, 1, Kind::Hero), &mut log);
    // One point left: seat 1's Rebel (forced), never seat 2's.
    assert_eq!(s.players[1].covert_points(), 1);
    assert_eq!(s.players[2].covert_points(), 2);
    assert_eq!(s.players[0].covert_points(), 3, "never one's own");
    assert_eq!(s.players[1].supply[Kind::Hero.index()], 10);
    // A faction with less than 3 points loses what it has, and nobody else anything.
    let mut s = blank(3);
    put(&mut s, 1, Kind::Rebel, Place::Covert, 1);
    put(&mut s, 2, Kind::Rebel, Place::Covert, 2);
    play_card(&mut s, 0, ImperialSpies, &mut log);
    act(&mut s, piece(Place::Covert, 1, Kind::Rebel), &mut log);
    assert_eq!(s.active_player(), None);
    assert_eq!(s.players[2].covert_points(), 2);
}

/// Under the `spies_several_factions` ruling the 3 points may come from several rivals, each
/// piece fitting what is left of the 3.
#[test]
fn imperial_spies_may_take_from_several_factions_under_the_ruling() {
    let mut options = GameOptions::new(3);
    options.rulings.spies_several_factions = true;
    let mut s = blank_with(options);
    let mut log = Vec::new();
    put(&mut s, 1, Kind::Hero, Place::Covert, 1);
    put(&mut s, 2, Kind::Rebel, Place::Covert, 2);
    put(&mut s, 0, Kind::Rebel, Place::Covert, 3);
    play_card(&mut s, 0, ImperialSpies, &mut log);
    act(&mut s, piece(Place::Covert, 1, Kind::Hero), &mut log);
    // One point left: a Hero (2) could not be taken; the one rival Rebel is (forced).
    assert_eq!(s.players[1].covert_points(), 0);
    assert_eq!(s.players[2].covert_points(), 1);
    assert_eq!(s.players[0].covert_points(), 3, "never one's own");
}

#[test]
fn imperial_propaganda_removes_two_rebels_or_one_specialist() {
    let mut s = blank(2);
    let mut log = Vec::new();
    put(&mut s, 1, Kind::Rebel, Place::Planet(Veltair), 3);
    put(&mut s, 1, Kind::Diplomat, Place::Planet(Veltair), 2);
    play_card(&mut s, 0, ImperialPropaganda, &mut log);
    act(
        &mut s,
        piece(Place::Planet(Veltair), 1, Kind::Rebel),
        &mut log,
    );
    assert_eq!(on(&s, 1, Kind::Rebel, Veltair), 1);
    play_card(&mut s, 0, ImperialPropaganda, &mut log);
    act(
        &mut s,
        piece(Place::Planet(Veltair), 1, Kind::Diplomat),
        &mut log,
    );
    assert_eq!(on(&s, 1, Kind::Diplomat, Veltair), 1);
}

#[test]
fn dangerous_creature_adds_two_to_the_next_mission_only() {
    let mut s = blank(2);
    let mut log = Vec::new();
    play_card(&mut s, 0, DangerousCreature, &mut log);
    assert!(s.creature);
    assert_eq!(s.imperial_discard[DangerousCreature.index()], 0, "in play");
    sentinels(&mut s, Galcrux, 1);
    s.covert_shown = [
        Some(Mission::StealPlansGalcrux),
        Some(Mission::PropagandaMachine),
        None,
    ];
    put(&mut s, 1, Kind::Rebel, Place::Covert, 3);
    run_from(&mut s, Step::Covert, Step::Research { slot: 0 }, &mut log);
    act(
        &mut s,
        Action::Mission {
            slot: 0,
            at: Place::Planet(Galcrux),
        },
        &mut log,
    );
    // 1 Sentinel + 2: three Rebels paid (forced, one kind).
    assert_eq!(s.players[1].covert_points(), 0);
    assert!(!s.creature);
    assert_eq!(s.imperial_discard[DangerousCreature.index()], 1);
    assert_eq!(crate::rules::covert::cost(&s, Place::Planet(Galcrux)), 1);
}

#[test]
fn rebellion_spreads_puts_three_rebels_and_two_of_another_player() {
    let mut s = blank(3);
    let mut log = Vec::new();
    s.rebel_fleet = Some((Trega, Seat(1)));
    play_card(&mut s, 0, RebellionSpreads, &mut log);
    assert!(
        !legal(&s).contains(&Action::Planet(Trega)),
        "a rival's Rebel Fleet"
    );
    act(&mut s, Action::Planet(Alioth), &mut log);
    assert_eq!(on(&s, 0, Kind::Rebel, Alioth), 3);
    assert_eq!(
        legal(&s),
        vec![Action::Seat(Seat(1)), Action::Seat(Seat(2))]
    );
    act(&mut s, Action::Seat(Seat(2)), &mut log);
    assert_eq!(on(&s, 2, Kind::Rebel, Alioth), 2);
}

#[test]
fn imperial_double_agent_goes_first_in_the_covert_box_for_good() {
    let mut s = blank(3);
    let mut log = Vec::new();
    play_card(&mut s, 2, ImperialDoubleAgent, &mut log);
    assert_eq!(s.double_agent, Some(Seat(2)));
    assert_eq!(
        &crate::rules::covert::order(&s)[..3],
        &[Seat(2), Seat(0), Seat(1)]
    );
    s.covert_shown = [Some(Mission::RobTreasuryMirzam), None, None];
    for seat in 0..3 {
        put(&mut s, seat, Kind::Rebel, Place::Covert, 1);
    }
    run_from(&mut s, Step::Covert, Step::Research { slot: 0 }, &mut log);
    assert!(is_asking(&s, 2));
}

#[test]
fn new_science_lab_and_imperial_mistake_add_two_specialists() {
    let mut s = blank(2);
    let mut log = Vec::new();
    play_card(&mut s, 1, NewScienceLab, &mut log);
    act(&mut s, Action::Planet(Vollux), &mut log);
    assert_eq!(on(&s, 1, Kind::Scientist, Vollux), 2);
    // Pieces placed by a card use no arrival power (ruling): the lab stays.
    assert!(s.planets[Vollux.index()].lab);
    assert_eq!(s.players[1].cubes, 3);
    play_card(&mut s, 1, ImperialMistake, &mut log);
    act(&mut s, Action::Planet(Edara), &mut log);
    assert_eq!(on(&s, 1, Kind::Trooper, Edara), 2);
}

#[test]
fn cards_may_place_under_an_imperial_fleet_unless_the_ruling_says_not() {
    let mut s = blank(2);
    let mut log = Vec::new();
    s.planets[Edara.index()].imperial_fleet = true;
    play_card(&mut s, 0, ImperialMistake, &mut log);
    assert!(legal(&s).contains(&Action::Planet(Edara)));
    let mut options = GameOptions::new(2);
    options.rulings.fleets_bar_cards = true;
    let mut s = blank_with(options);
    s.planets[Edara.index()].imperial_fleet = true;
    play_card(&mut s, 0, ImperialMistake, &mut log);
    assert!(!legal(&s).contains(&Action::Planet(Edara)));
}

#[test]
fn plague_removes_five_pieces_at_random_sentinels_included() {
    let mut s = blank(2);
    let mut log = Vec::new();
    sentinels(&mut s, Mirzam, 3);
    put(&mut s, 0, Kind::Rebel, Place::Planet(Mirzam), 3);
    put(&mut s, 1, Kind::Trooper, Place::Planet(Mirzam), 2);
    sentinels(&mut s, Alioth, 1);
    play_card(&mut s, 0, PlagueSerumWithheld, &mut log);
    act(&mut s, Action::Planet(Mirzam), &mut log);
    let left = s.planets[Mirzam.index()].sentinels
        + on(&s, 0, Kind::Rebel, Mirzam)
        + on(&s, 1, Kind::Trooper, Mirzam);
    assert_eq!(left, 3);
    assert!(events(&log).contains(&LogEvent::RandomRemoval {
        planet: Mirzam,
        count: 5
    }));
    // Fewer than five: all go (Mirzam, the one planet with pieces left, is forced).
    sentinels(&mut s, Alioth, 0);
    play_card(&mut s, 0, PlagueSerumWithheld, &mut log);
    assert_eq!(
        crate::rules::board::workers_on(&s, Mirzam) + s.planets[Mirzam.index()].sentinels,
        0
    );
}

#[test]
fn planetary_civil_war_removes_half_rounded_down() {
    for seed in 0..20 {
        let mut s = blank(2);
        s.rng = game_kit::Rng::new(seed);
        let mut log = Vec::new();
        sentinels(&mut s, Sargas, 2);
        put(&mut s, 0, Kind::Rebel, Place::Planet(Sargas), 3);
        put(&mut s, 1, Kind::Hero, Place::Planet(Sargas), 2);
        // The one planet with pieces: forced.
        play_card(&mut s, 0, PlanetaryCivilWar, &mut log);
        let left =
            s.planets[Sargas.index()].sentinels + crate::rules::board::workers_on(&s, Sargas);
        assert_eq!(left, 4, "7 pieces, 3 removed");
    }
}

#[test]
fn cards_with_nothing_to_act_on_do_nothing() {
    let mut s = blank(2);
    let mut log = Vec::new();
    for card in [
        ImperialPropaganda,
        ImperialSpies,
        PlagueSerumWithheld,
        PlanetaryCivilWar,
        TroopsRebased,
    ] {
        play_card(&mut s, 0, card, &mut log);
        assert_eq!(s.active_player(), None, "{card:?}");
    }
}

// ---- Covert Mission cards ----

/// Seat `seat` alone has `points` Rebels in the covert box; `mission` face up in slot 0; the
/// box resolves up to its first question.
fn mission_ready(
    players: u8,
    mission: Mission,
    seat: u8,
    rebels: u8,
) -> (crate::state::GameState, Vec<crate::log::LogEntry>) {
    let mut s = blank(players);
    s.covert_shown = [Some(mission), None, None];
    put(&mut s, seat, Kind::Rebel, Place::Covert, rebels);
    (s, Vec::new())
}

fn conduct(s: &mut crate::state::GameState, at: Place, log: &mut Vec<crate::log::LogEntry>) {
    run_from(s, Step::Covert, Step::Research { slot: 0 }, log);
    act(s, Action::Mission { slot: 0, at }, log);
}

#[test]
fn assassinate_rival_diplomat_in_the_senate_costs_one_point() {
    let (mut s, mut log) = mission_ready(3, Mission::AssassinateRivalDiplomat, 0, 1);
    put(&mut s, 1, Kind::Diplomat, Place::Senate, 1);
    put(&mut s, 2, Kind::Diplomat, Place::Senate, 1);
    put(&mut s, 2, Kind::Diplomat, Place::Planet(Vollux), 1);
    sentinels(&mut s, Vollux, 4);
    run_from(&mut s, Step::Covert, Step::Research { slot: 0 }, &mut log);
    // Vollux costs 4: only the Senate is within reach.
    assert_eq!(
        legal(&s),
        vec![
            Action::Mission {
                slot: 0,
                at: Place::Senate
            },
            Action::Pass
        ]
    );
    act(
        &mut s,
        Action::Mission {
            slot: 0,
            at: Place::Senate,
        },
        &mut log,
    );
    act(&mut s, Action::Seat(Seat(2)), &mut log);
    assert_eq!(s.players[2].senate[Kind::Diplomat.index()], 0);
    assert_eq!(s.players[1].senate[Kind::Diplomat.index()], 1);
    assert_eq!(s.players[0].covert_points(), 0);
    assert_ne!(
        s.players[0].missions & Mission::AssassinateRivalDiplomat.bit(),
        0
    );
    assert_eq!(Mission::AssassinateRivalDiplomat.vp(&s.options.numbers), 3);
}

#[test]
fn assassinate_rival_general_kills_a_trooper_for_the_sentinels_there() {
    let (mut s, mut log) = mission_ready(2, Mission::AssassinateRivalGeneralA, 0, 2);
    put(&mut s, 1, Kind::Trooper, Place::Planet(Trega), 2);
    sentinels(&mut s, Trega, 2);
    conduct(&mut s, Place::Planet(Trega), &mut log);
    assert_eq!(on(&s, 1, Kind::Trooper, Trega), 1);
    assert_eq!(s.players[0].covert_points(), 0);
    assert_eq!(Mission::AssassinateRivalGeneralB.vp(&s.options.numbers), 2);
}

#[test]
fn steal_imperial_plans_gives_a_cube() {
    for (m, p) in [
        (Mission::StealPlansGalcrux, Galcrux),
        (Mission::StealPlansAlioth, Alioth),
    ] {
        let (mut s, mut log) = mission_ready(2, m, 1, 1);
        conduct(&mut s, Place::Planet(p), &mut log);
        assert_eq!(s.players[1].cubes, 4);
        assert_eq!(
            s.players[1].covert_points(),
            1,
            "no Sentinels: nothing paid"
        );
    }
}

#[test]
fn spy_on_the_war_council_adds_a_sentinel_anywhere() {
    for (m, p) in [
        (Mission::SpyWarCouncilVeltair, Veltair),
        (Mission::SpyWarCouncilSargas, Sargas),
    ] {
        let (mut s, mut log) = mission_ready(2, m, 0, 1);
        conduct(&mut s, Place::Planet(p), &mut log);
        act(&mut s, Action::Planet(Edara), &mut log);
        assert_eq!(s.planets[Edara.index()].sentinels, 1);
    }
}

#[test]
fn sabotage_gives_two_cubes_against_sentinels_next_turn() {
    for (m, p) in [
        (Mission::SabotageTrega, Trega),
        (Mission::SabotageMirzam, Mirzam),
    ] {
        let (mut s, mut log) = mission_ready(2, m, 0, 1);
        conduct(&mut s, Place::Planet(p), &mut log);
        assert!(s.players[0].sabotage_on(2));
        use crate::action::Target;
        use crate::rules::warfare::attack_cubes;
        assert_eq!(
            attack_cubes(&s, Seat(0), Kind::Trooper, Target::Sentinels),
            3,
            "not this turn"
        );
        s.turn = 2;
        assert_eq!(
            attack_cubes(&s, Seat(0), Kind::Trooper, Target::Sentinels),
            5
        );
        assert_eq!(attack_cubes(&s, Seat(0), Kind::Hero, Target::Sentinels), 7);
        assert_eq!(
            attack_cubes(&s, Seat(0), Kind::Trooper, Target::Faction(Seat(1))),
            3
        );
        assert_eq!(m.vp(&s.options.numbers), 4);
    }
}

/// L647: each Sabotage's +2 is for its own next turn. Sabotage Trega on turn 3 and Sabotage
/// Mirzam in turn 4's Covert Mission box (before turn 4's Warfare, L193): turn 4's attack on
/// Sentinels keeps the first card's +2, and turn 5 gets the second's.
#[test]
fn a_second_sabotage_keeps_the_first_ones_bonus_for_its_turn() {
    let (mut s, mut log) = mission_ready(2, Mission::SabotageMirzam, 0, 1);
    s.turn = 4;
    s.players[0].missions = Mission::SabotageTrega.bit();
    s.covert_discard = 0;
    s.covert_deck &= !Mission::SabotageTrega.bit();
    s.players[0].sabotage_turns = 1 << 4;
    s.warfare.slots[0] = Some(crate::state::Worker {
        seat: Seat(0),
        kind: Kind::Trooper,
    });
    s.players[0].supply[Kind::Trooper.index()] -= 1;
    sentinels(&mut s, Veltair, 1);
    s.scripted_draws = vec![2];
    run_from(
        &mut s,
        Step::Covert,
        Step::Specialists { slot: 0 },
        &mut log,
    );
    act(
        &mut s,
        Action::Mission {
            slot: 0,
            at: Place::Planet(Mirzam),
        },
        &mut log,
    );
    // The lone target is attacked without a question.
    let battles: Vec<(u8, u8)> = events(&log)
        .into_iter()
        .filter_map(|e| match e {
            LogEvent::Battle {
                attacker_cubes,
                defender_cubes,
                ..
            } => Some((attacker_cubes, defender_cubes)),
            _ => None,
        })
        .collect();
    assert_eq!(
        battles,
        vec![(3 + 2, 5)],
        "turn 4 keeps Sabotage Trega's +2"
    );
    assert!(s.players[0].sabotage_on(4) && s.players[0].sabotage_on(5));
    s.turn = 5;
    use crate::action::Target;
    use crate::rules::warfare::attack_cubes;
    assert_eq!(
        attack_cubes(&s, Seat(0), Kind::Trooper, Target::Sentinels),
        5,
        "turn 5 gets Sabotage Mirzam's"
    );
}

/// The bonus cubes come from the supply of the player's colour, which holds ten (L70, L298,
/// L321): a battle never puts more than ten of one player's cubes in the bag.
#[test]
fn temporary_cubes_never_take_an_attacker_past_ten() {
    let mut s = blank(2);
    use crate::action::Target;
    use crate::rules::warfare::attack_cubes;
    s.turn = 4;
    s.players[0].sabotage_turns = 1 << 4;
    s.players[0].propaganda_turns = 1 << 4;
    for (cubes, hero, sabotaged) in [
        (10, 10, 10),
        (9, 10, 10),
        (8, 10, 10),
        (7, 9, 10),
        (6, 8, 10),
    ] {
        s.players[0].cubes = cubes;
        assert_eq!(
            attack_cubes(&s, Seat(0), Kind::Hero, Target::Sentinels),
            sabotaged,
            "{cubes} cubes, a Hero and Sabotage"
        );
        s.players[0].sabotage_turns = 0;
        assert_eq!(
            attack_cubes(&s, Seat(0), Kind::Hero, Target::Sentinels),
            hero,
            "{cubes} cubes and a Hero"
        );
        s.players[0].sabotage_turns = 1 << 4;
    }
    s.players[0].cubes = 10;
    assert_eq!(
        attack_cubes(&s, Seat(0), Kind::Trooper, Target::Faction(Seat(1))),
        10,
        "the Propaganda Machine's cube too"
    );
}

#[test]
fn destroy_imperial_capital_ship_is_paid_where_a_fleet_is_and_removes_any() {
    let (mut s, mut log) = mission_ready(2, Mission::DestroyCapitalShip, 0, 2);
    s.planets[Veltair.index()].imperial_fleet = true;
    s.planets[Trega.index()].imperial_fleet = true;
    s.spare_fleets = 3;
    sentinels(&mut s, Veltair, 2);
    sentinels(&mut s, Trega, 3);
    run_from(&mut s, Step::Covert, Step::Research { slot: 0 }, &mut log);
    assert_eq!(
        legal(&s),
        vec![
            Action::Mission {
                slot: 0,
                at: Place::Planet(Veltair)
            },
            Action::Pass
        ]
    );
    act(
        &mut s,
        Action::Mission {
            slot: 0,
            at: Place::Planet(Veltair),
        },
        &mut log,
    );
    act(&mut s, Action::Planet(Trega), &mut log);
    assert!(!s.planets[Trega.index()].imperial_fleet);
    assert_eq!(s.spare_fleets, 4);
}

#[test]
fn rescue_imperial_prisoner_gives_a_specialist_for_next_turn() {
    let (mut s, mut log) = mission_ready(2, Mission::RescuePrisonerVollux, 0, 1);
    conduct(&mut s, Place::Planet(Vollux), &mut log);
    act(&mut s, Action::Kind(Kind::Scientist), &mut log);
    assert_eq!(s.players[0].hand[Kind::Scientist.index()], 1);
    let (mut s, mut log) = mission_ready(2, Mission::RescuePrisonerEdara, 0, 1);
    conduct(&mut s, Place::Planet(Edara), &mut log);
    assert_eq!(s.players[0].hand[Kind::Hero.index()], 1);
}

/// Which Rescue Imperial Prisoner gives what is one of the board numbers (rules.md §16): with
/// the choice at Edara, the Vollux card gives a Hero and the Edara card a Specialist of choice.
#[test]
fn the_rescue_rewards_follow_the_board_numbers() {
    let mut options = GameOptions::new(2);
    options.numbers.rescue_choice_at = Edara;
    for (m, p) in [
        (Mission::RescuePrisonerVollux, Vollux),
        (Mission::RescuePrisonerEdara, Edara),
    ] {
        let mut s = blank_with(options);
        let mut log = Vec::new();
        s.covert_shown = [Some(m), None, None];
        put(&mut s, 0, Kind::Rebel, Place::Covert, 1);
        conduct(&mut s, Place::Planet(p), &mut log);
        if p == Edara {
            act(&mut s, Action::Kind(Kind::Diplomat), &mut log);
            assert_eq!(s.players[0].hand[Kind::Diplomat.index()], 1);
        } else {
            assert_eq!(s.players[0].hand[Kind::Hero.index()], 1);
        }
    }
}

/// The 20th Covert Mission is one of the board numbers (rules.md §16). Provisionally a second
/// Save an Imperial Traitor, one card at Edara and one at Vollux; as a copy of another card it
/// acts, costs and scores as that card, and the one Save an Imperial Traitor may then be
/// conducted at either planet.
#[test]
fn the_twentieth_mission_is_the_card_the_board_numbers_name() {
    use crate::data::missions::Location;
    let numbers = GameOptions::new(2).numbers;
    assert_eq!(
        Mission::SaveTraitor.location(&numbers),
        Location::Fixed(Edara)
    );
    assert_eq!(
        Mission::Twentieth.location(&numbers),
        Location::Fixed(Vollux)
    );
    assert_eq!(Mission::Twentieth.card(&numbers), Mission::SaveTraitor);
    assert_eq!(Mission::Twentieth.vp(&numbers), 5);

    let mut options = GameOptions::new(2);
    options.numbers.twentieth_mission = Mission::PropagandaMachine;
    let numbers = options.numbers;
    assert_eq!(
        Mission::SaveTraitor.location(&numbers),
        Location::Either(Edara, Vollux)
    );
    assert_eq!(
        Mission::Twentieth.location(&numbers),
        Location::Fixed(Galcrux)
    );
    assert_eq!(Mission::Twentieth.vp(&numbers), 3);
    // Conducted, the 20th card gives the Propaganda Machine's cube.
    let mut s = blank_with(options);
    let mut log = Vec::new();
    s.covert_shown = [Some(Mission::Twentieth), Some(Mission::SaveTraitor), None];
    put(&mut s, 0, Kind::Rebel, Place::Covert, 1);
    run_from(&mut s, Step::Covert, Step::Research { slot: 0 }, &mut log);
    assert_eq!(
        legal(&s),
        vec![
            Action::Mission {
                slot: 0,
                at: Place::Planet(Galcrux)
            },
            Action::Mission {
                slot: 1,
                at: Place::Planet(Edara)
            },
            Action::Mission {
                slot: 1,
                at: Place::Planet(Vollux)
            },
            Action::Pass
        ]
    );
    act(
        &mut s,
        Action::Mission {
            slot: 0,
            at: Place::Planet(Galcrux),
        },
        &mut log,
    );
    assert!(s.players[0].propaganda_on(2));
    assert_eq!(s.players[0].missions, Mission::Twentieth.bit());
    // A copy of Assassinate Rival Diplomat is conducted where a rival Diplomat is.
    options.numbers.twentieth_mission = Mission::AssassinateRivalDiplomat;
    let mut s = blank_with(options);
    let mut log = Vec::new();
    s.covert_shown = [Some(Mission::Twentieth), None, None];
    put(&mut s, 0, Kind::Rebel, Place::Covert, 1);
    put(&mut s, 1, Kind::Diplomat, Place::Senate, 1);
    run_from(&mut s, Step::Covert, Step::Research { slot: 0 }, &mut log);
    act(
        &mut s,
        Action::Mission {
            slot: 0,
            at: Place::Senate,
        },
        &mut log,
    );
    assert_eq!(s.players[1].senate[Kind::Diplomat.index()], 0);
}

#[test]
fn assassinate_imperial_general_kills_a_sentinel_or_adds_one() {
    let (mut s, mut log) = mission_ready(2, Mission::AssassinateGeneralAlioth, 0, 3);
    sentinels(&mut s, Alioth, 2);
    conduct(&mut s, Place::Planet(Alioth), &mut log);
    assert_eq!(s.planets[Alioth.index()].sentinels, 1);
    assert_eq!(s.players[0].covert_points(), 1);
    let (mut s, mut log) = mission_ready(2, Mission::AssassinateGeneralTrega, 0, 1);
    conduct(&mut s, Place::Planet(Trega), &mut log);
    assert_eq!(s.planets[Trega.index()].sentinels, 1);
}

#[test]
fn rob_an_imperial_treasury_gives_five_uc() {
    for (m, p) in [
        (Mission::RobTreasuryVeltair, Veltair),
        (Mission::RobTreasuryMirzam, Mirzam),
    ] {
        let (mut s, mut log) = mission_ready(2, m, 1, 1);
        conduct(&mut s, Place::Planet(p), &mut log);
        assert_eq!(s.players[1].coins, 15);
    }
}

#[test]
fn supplant_the_pirate_leader_gives_a_trooper_and_five_uc() {
    let (mut s, mut log) = mission_ready(2, Mission::SupplantPirates, 1, 1);
    conduct(&mut s, Place::Planet(Sargas), &mut log);
    assert_eq!(s.players[1].coins, 15);
    assert_eq!(s.players[1].hand[Kind::Trooper.index()], 1);
}

#[test]
fn save_an_imperial_traitor_plays_the_decks_top_card() {
    for (m, p) in [(Mission::SaveTraitor, Edara), (Mission::Twentieth, Vollux)] {
        let (mut s, mut log) = mission_ready(2, m, 0, 1);
        // A deck of one card: New Corps.
        s.imperial_deck = [0; 16];
        s.imperial_deck[NewCorpsOfSentinels.index()] = 1;
        conduct(&mut s, Place::Planet(p), &mut log);
        act(&mut s, Action::Planet(Galcrux), &mut log);
        assert_eq!(s.planets[Galcrux.index()].sentinels, 3);
        assert!(events(&log).contains(&LogEvent::ImperialDrawn {
            card: NewCorpsOfSentinels
        }));
        assert_eq!(m.vp(&s.options.numbers), 5);
    }
}

#[test]
fn save_an_imperial_traitor_reshuffles_the_discards_or_does_nothing() {
    let (mut s, mut log) = mission_ready(2, Mission::SaveTraitor, 0, 1);
    s.imperial_deck = [0; 16];
    s.imperial_discard = [0; 16];
    s.imperial_discard[ImperialMistake.index()] = 1;
    conduct(&mut s, Place::Planet(Edara), &mut log);
    act(&mut s, Action::Planet(Galcrux), &mut log);
    assert_eq!(on(&s, 0, Kind::Trooper, Galcrux), 2);
    let (mut s, mut log) = mission_ready(2, Mission::SaveTraitor, 0, 1);
    s.imperial_deck = [0; 16];
    conduct(&mut s, Place::Planet(Edara), &mut log);
    assert_eq!(s.active_player(), None);
    assert_ne!(
        s.players[0].missions, 0,
        "the card and its points all the same"
    );
}

#[test]
fn take_control_of_the_propaganda_machine_gives_a_cube_against_rebels_next_turn() {
    let (mut s, mut log) = mission_ready(2, Mission::PropagandaMachine, 0, 1);
    conduct(&mut s, Place::Planet(Galcrux), &mut log);
    assert!(s.players[0].propaganda_on(2));
    use crate::action::Target;
    use crate::rules::warfare::attack_cubes;
    s.turn = 2;
    assert_eq!(
        attack_cubes(&s, Seat(0), Kind::Trooper, Target::Faction(Seat(1))),
        4
    );
    assert_eq!(
        attack_cubes(&s, Seat(0), Kind::Trooper, Target::Sentinels),
        3
    );
}

#[test]
fn every_mission_card_is_in_the_deck_once_with_its_points() {
    let numbers = GameOptions::new(2).numbers;
    let total: u16 = Mission::ALL.iter().map(|m| m.vp(&numbers)).sum();
    assert_eq!(Mission::ALL.len(), 20);
    assert_eq!(total, 2 + 2 + 3 * 6 + 4 * 10 + 5 * 2);
    let cards: u8 = crate::data::imperial::ImperialCard::ALL
        .iter()
        .map(|c| c.copies())
        .sum();
    assert_eq!(cards, 25);
}
