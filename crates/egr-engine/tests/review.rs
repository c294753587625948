//! Independent rules review of `egr-engine` against the rulebook
//! (`shared/rulebook/egr-rulebook.txt`, cited `L123`). Every test drives the engine through its
//! public API from a position built with `review/harness.rs`; tests named `doc_*` document
//! behaviour checked.
//!
//! The review's `defect_*` tests, each a departure from the rulebook found then, are fixed and
//! live on as regression tests next to the rules they check: `src/rules/tests_cards.rs` (a
//! second Sabotage keeps the first one's bonus; Rebel Base Discovered! never strikes the Rebel
//! Fleet's planet; the 20th mission and the Rescue rewards follow the board numbers),
//! `src/rules/tests_boxes.rs` (the last player left in the Senate is the winning bidder; a
//! beaten attacker is logged leaving the Warfare box), `src/rules/tests_techs.rs` (Election
//! Hack's Rebel counts in its turn's Senate scoring, on turn 8 too; the Rebel Fleet's owner
//! marks it with a Rebel), `src/rules/tests_turn.rs` and `tests/game.rs` (options that make no
//! sense never start a game; a game reports, saves and shares the options it plays with).

#[path = "review/harness.rs"]
mod harness;

use egr_engine::*;
use harness::*;
use Planet::*;

// ------------------------------------------------------------------------------------------
// Covert Missions: "next turn" bonuses
// ------------------------------------------------------------------------------------------

/// A Sabotage completed gives its bonus in the next turn's Warfare.
#[test]
fn doc_sabotage_gives_two_cubes_against_sentinels_in_the_next_turns_warfare() {
    let mut log = Log::new();
    let mut b = B::blank(2);
    b.turn(4)
        .own_mission(0, Mission::SabotageTrega)
        .player(0, "sabotage_turns", serde_json::json!(1 << 4))
        .slot("warfare", 0, 0, Kind::Trooper)
        .sentinels(Veltair, 1);
    let _s = b.run_from(Step::Warfare { slot: 0 }, &mut log);
    assert_eq!(battles(&log), vec![(5, 5)]);
}

// ------------------------------------------------------------------------------------------
// Galactic Senate
// ------------------------------------------------------------------------------------------

// ------------------------------------------------------------------------------------------
// Technology benefits: timing of the free workers
// ------------------------------------------------------------------------------------------

// ------------------------------------------------------------------------------------------
// The Rebel Fleet
// ------------------------------------------------------------------------------------------

// ------------------------------------------------------------------------------------------
// Provisional numbers: editable as rules.md §16 says?
// ------------------------------------------------------------------------------------------

// ------------------------------------------------------------------------------------------
// Options, saves and share codes
// ------------------------------------------------------------------------------------------

// ------------------------------------------------------------------------------------------
// The log
// ------------------------------------------------------------------------------------------

// ------------------------------------------------------------------------------------------
// The Galactic War (deterministic when the defenders have no cubes)
// ------------------------------------------------------------------------------------------

/// L538-544 and the worked example L548-555: the Sentinels attack the largest faction and stay
/// on it until it is wiped out, a lost non-military defence costs two workers, then they turn
/// to the next faction.
#[test]
fn doc_galactic_war_stays_on_its_target_and_costs_two_per_lost_rebel() {
    let mut log = Log::new();
    let mut b = B::blank(2);
    b.turn(8)
        .cubes(0, 0)
        .cubes(1, 0)
        .sentinels(Veltair, 2)
        .put(0, Kind::Rebel, Place::Planet(Veltair), 5)
        .put(1, Kind::Rebel, Place::Planet(Veltair), 4);
    let s = b.run_from(
        Step::War {
            planet: 0,
            target: None,
        },
        &mut log,
    );
    assert!(s.is_over());
    assert_eq!(s.planet(Veltair).workers_of(Seat(0)), 0);
    assert_eq!(s.planet(Veltair).workers_of(Seat(1)), 0);
    let targets: Vec<Seat> = events(&log)
        .into_iter()
        .filter_map(|e| match e {
            LogEvent::WarTarget { seat, .. } => Some(seat),
            _ => None,
        })
        .collect();
    // Seat 0 (5) first, kept as the target at 3 and 1 (below seat 1's 4), then seat 1.
    assert_eq!(targets, vec![Seat(0), Seat(1)]);
    // 5 Rebels: 2 + 2 + 1 battles lost = 3 battles; 4 Rebels: 2 + 2 = 2 battles.
    assert_eq!(battles(&log).len(), 5);
    assert!(battles(&log).iter().all(|&(a, _)| a == 8));
}

// ------------------------------------------------------------------------------------------
// Set-up for 2 to 5 players (L111-148)
// ------------------------------------------------------------------------------------------

#[test]
fn doc_set_up_follows_the_player_count() {
    for players in 2..=5u8 {
        for seed in 0..20u64 {
            let mut log = Log::new();
            let mut s = GameState::new(seed, GameOptions::new(players), &mut log);
            let order: Vec<Seat> = s.turn_order().to_vec();
            // Money: 10 UC, +1 per place after the first (L113, L145).
            for (i, &seat) in order.iter().enumerate() {
                assert_eq!(s.player(seat).coins, 10 + i as u16);
            }
            // Imperial Fleets close 8 - (players + 2) planets (L119-125); 20 Sentinels
            // 4,4,3,3,2,2,1,1 on all eight (L118).
            let closed: Vec<Planet> = Planet::ALL
                .into_iter()
                .filter(|&p| s.planet(p).imperial_fleet)
                .collect();
            assert_eq!(closed.len(), 8 - (players as usize + 2));
            let mut sentinels: Vec<u8> =
                Planet::ALL.iter().map(|&p| s.planet(p).sentinels).collect();
            sentinels.sort();
            assert_eq!(sentinels, vec![1, 1, 2, 2, 3, 3, 4, 4]);
            let v = s.view(order[0]);
            assert_eq!(v.boxes.influence.len(), 2 * players as usize + 1, "L133");
            assert_eq!(v.missions_shown.iter().flatten().count(), 3);
            assert_eq!(v.imperial_shown.iter().flatten().count(), 3);
            assert_eq!(v.goods_shown.iter().sum::<u8>(), 4);
            assert_eq!(v.techs_shown.len(), 5);
            assert!(v.techs_shown.iter().all(|t| t.epoch() == 1));
            // Starting Rebels in reverse turn order: 3 for the 4th and 5th, 2 for the others,
            // never under an Imperial Fleet (L146-148).
            let mut askers = Vec::new();
            while s.turn() == 0 {
                let seat = s.active_player().unwrap();
                if askers.last() != Some(&seat) {
                    askers.push(seat);
                }
                let legal = s.legal_actions(seat);
                assert!(legal
                    .iter()
                    .all(|a| matches!(a, Action::Planet(p) if !closed.contains(p))));
                s.apply(seat, legal[seed as usize % legal.len()], &mut log)
                    .unwrap();
            }
            let reversed: Vec<Seat> = order.iter().rev().copied().collect();
            assert_eq!(askers, reversed);
            for (i, &seat) in order.iter().enumerate() {
                let on_planets: u8 = Planet::ALL
                    .iter()
                    .map(|&p| s.planet(p).workers_of(seat))
                    .sum();
                assert_eq!(on_planets, if i >= 3 { 3 } else { 2 });
                // 30 Rebels: 5 in hand, 1 marking the turn order, the starting ones out.
                assert_eq!(s.player(seat).hand, [5, 0, 0, 0, 0, 0]);
                assert_eq!(s.player(seat).supply[0], 30 - 5 - 1 - on_planets);
            }
        }
    }
}

// ------------------------------------------------------------------------------------------
// The appendices as data
// ------------------------------------------------------------------------------------------

#[test]
fn doc_the_technologies_match_appendix_four() {
    let count = |e| Tech::ALL.iter().filter(|t| t.epoch() == e).count();
    assert_eq!(
        (count(1), count(2), count(3)),
        (13, 15, 12),
        "L777, L831, L894"
    );
    // Every tile's number as the appendix prints it.
    use Tech::*;
    for (tech, workers) in [
        (HumanCloning, Some((Kind::Rebel, 2))),
        (HawkManeuverEngines, Some((Kind::Smuggler, 1))),
        (BlastArmor, Some((Kind::Trooper, 1))),
        (HyperLearningPharma, Some((Kind::Scientist, 1))),
        (BrainwaveSyncImplants, Some((Kind::Diplomat, 1))),
        (PerformanceEnhancementSuit, Some((Kind::Hero, 1))),
        (AutoTargetingBlaster, Some((Kind::Trooper, 1))),
        (MindControl, Some((Kind::Diplomat, 1))),
        (IntergalacticTranslator, Some((Kind::Smuggler, 1))),
        (ArchonHelmet, Some((Kind::Hero, 1))),
        (LaboratoryDroid, Some((Kind::Scientist, 1))),
        (MatterDuplication, None),
    ] {
        assert_eq!(tech.workers(), workers, "{tech:?}");
    }
    assert_eq!(research_price(1, false), 10);
    assert_eq!(research_price(2, false), 15);
    assert_eq!(research_price(3, false), 20);
    assert_eq!(
        research_price(3, true),
        15,
        "a Scientist takes 5 off (L477)"
    );
}

#[test]
fn doc_the_covert_missions_match_appendix_two() {
    use egr_engine::data::missions::Location::{self, *};
    use Mission::*;
    // Card, where, VP as printed (L609-707); the 20th is the engine's provisional second
    // Save an Imperial Traitor, the Rescue rewards are mapped Vollux: choice, Edara: Hero
    // (both board numbers, rules.md §16).
    let numbers = BoardNumbers::provisional();
    assert_eq!(numbers.twentieth_mission, SaveTraitor);
    assert_eq!(numbers.rescue_choice_at, Vollux);
    let table: [(Mission, Location, u16); 20] = [
        (AssassinateRivalDiplomat, Target, 3),
        (AssassinateRivalGeneralA, Target, 2),
        (AssassinateRivalGeneralB, Target, 2),
        (StealPlansGalcrux, Fixed(Galcrux), 3),
        (StealPlansAlioth, Fixed(Alioth), 3),
        (SpyWarCouncilVeltair, Fixed(Veltair), 3),
        (SpyWarCouncilSargas, Fixed(Sargas), 3),
        (SabotageTrega, Fixed(Trega), 4),
        (SabotageMirzam, Fixed(Mirzam), 4),
        (DestroyCapitalShip, FleetPlanet, 4),
        (RescuePrisonerVollux, Fixed(Vollux), 4),
        (RescuePrisonerEdara, Fixed(Edara), 4),
        (AssassinateGeneralAlioth, Fixed(Alioth), 4),
        (AssassinateGeneralTrega, Fixed(Trega), 4),
        (RobTreasuryVeltair, Fixed(Veltair), 4),
        (RobTreasuryMirzam, Fixed(Mirzam), 4),
        (SupplantPirates, Fixed(Sargas), 4),
        (SaveTraitor, Fixed(Edara), 5),
        (PropagandaMachine, Fixed(Galcrux), 3),
        (Twentieth, Fixed(Vollux), 5),
    ];
    assert_eq!(Mission::ALL.len(), 20);
    for (m, at, vp) in table {
        assert_eq!(m.location(&numbers), at, "{m:?}");
        assert_eq!(m.vp(&numbers), vp, "{m:?}");
    }
    // Imperial Action cards: 25 (L709-773).
    let copies: u8 = ImperialCard::ALL.iter().map(|c| c.copies()).sum();
    assert_eq!(copies, 25);
}

#[test]
fn doc_the_trade_sets_pay_as_printed() {
    let v = |g: [u8; 8]| set_value(&g, false);
    assert_eq!(v([1, 1, 1, 0, 0, 0, 0, 0]), 1, "any 3 (L371)");
    assert_eq!(v([3, 0, 0, 0, 0, 0, 0, 0]), 3, "three alike (L375)");
    assert_eq!(v([4, 0, 0, 0, 0, 0, 0, 0]), 6, "four alike (L379)");
    assert_eq!(v([5, 1, 1, 0, 0, 0, 0, 0]), 7);
    assert_eq!(v([7, 0, 0, 0, 0, 0, 0, 0]), 9);
    // Exhaustive check against a brute-force best grouping for small holdings.
    fn brute(g: &mut [u8; 8]) -> u16 {
        let mut best = g.iter().map(|&c| c as u16).sum::<u16>() / 3;
        for i in 0..8 {
            for (n, pay) in [(4u8, 6u16), (3, 3)] {
                if g[i] >= n {
                    g[i] -= n;
                    best = best.max(pay + brute(g));
                    g[i] += n;
                }
            }
        }
        best
    }
    let mut seed = game_kit::Rng::new(9);
    for _ in 0..3000 {
        let mut g = [0u8; 8];
        for c in g.iter_mut() {
            *c = seed.below(6) as u8;
        }
        let mut copy = g;
        assert_eq!(set_value(&g, false), brute(&mut copy), "{g:?}");
    }
}

// ------------------------------------------------------------------------------------------
// Senate: the rulebook's bid example (L339-355)
// ------------------------------------------------------------------------------------------

#[test]
fn doc_senate_bid_example() {
    let mut log = Log::new();
    let mut b = B::blank(3);
    // Yellow (seat 0) 5 votes, Red (seat 1) 4, Blue (seat 2) 9 (with two Diplomats).
    b.put(0, Kind::Rebel, Place::Senate, 5)
        .put(1, Kind::Rebel, Place::Senate, 4)
        .put(2, Kind::Rebel, Place::Senate, 5)
        .put(2, Kind::Diplomat, Place::Senate, 2);
    let mut s = b.run_from(Step::Senate, &mut log);
    act(&mut s, Action::Bid(1), &mut log);
    act(&mut s, Action::Bid(3), &mut log);
    act(&mut s, Action::Bid(4), &mut log);
    act(&mut s, Action::Pass, &mut log);
    // Red must pass (4 votes cannot beat 4); Blue wins and pays 4 points.
    assert_eq!(s.active_player(), Some(Seat(2)));
    act(&mut s, Action::Pay(Kind::Diplomat), &mut log);
    act(&mut s, Action::Pay(Kind::Diplomat), &mut log);
    assert_eq!(s.player(Seat(2)).senate_points(), 5);
    assert!(matches!(s.question(), Some(Prompt::ChooseCard { .. })));
}

// ------------------------------------------------------------------------------------------
// The bag (L288-290): three cubes without replacement
// ------------------------------------------------------------------------------------------

/// A Trooper's 3 cubes against a Sentinel's 5 win with 2 or 3 of the 3 cubes drawn:
/// (C(3,2)·C(5,1) + C(3,3)) / C(8,3) = 16/56 = 2/7. Checked over 4,000 battles.
#[test]
fn doc_the_bag_draws_three_without_replacement() {
    let mut wins = 0;
    let trials = 4000u64;
    for k in 0..trials {
        let mut log = Log::new();
        let mut b = B::blank(2);
        b.slot("warfare", 0, 0, Kind::Trooper)
            .sentinels(Veltair, 1)
            .set(
                "rng",
                serde_json::json!({ "state": k.wrapping_mul(0x9E37_79B9_7F4A_7C15) }),
            );
        let s = b.run_from(Step::Warfare { slot: 0 }, &mut log);
        if s.planet(Veltair).sentinels == 0 {
            wins += 1;
        }
    }
    let p = wins as f64 / trials as f64;
    assert!((p - 2.0 / 7.0).abs() < 0.025, "{p}");
}

// ------------------------------------------------------------------------------------------
// Views hold nothing still to be drawn; games end with a winner
// ------------------------------------------------------------------------------------------

#[test]
fn doc_views_do_not_depend_on_the_generator_and_games_end_with_winners() {
    for seed in 0..12u64 {
        let mut options = GameOptions::new(2 + (seed % 4) as u8);
        options.rulings.free_workers_last = seed % 3 == 0;
        options.rulings.fleets_bar_cards = seed % 2 == 0;
        let mut s = GameState::new(seed, options, &mut NoLog);
        let mut rng = game_kit::Rng::new(seed + 100);
        let mut steps = 0;
        while let Some(seat) = s.active_player() {
            if steps % 50 == 0 {
                let mut v = serde_json::to_value(&s).unwrap();
                v["rng"] = serde_json::json!({"state": 12345});
                let other: GameState = serde_json::from_value(v).unwrap();
                for viewer in s.seats() {
                    assert_eq!(s.view(viewer), other.view(viewer));
                }
            }
            let legal = s.legal_actions(seat);
            s.apply(seat, legal[rng.below(legal.len())], &mut NoLog)
                .unwrap();
            invariants_hold(&s);
            steps += 1;
            assert!(steps < 20_000);
        }
        assert!(s.is_over());
        assert!(!s.winners().is_empty());
    }
}

// ------------------------------------------------------------------------------------------
// Event boxes (documentation: these pass)
// ------------------------------------------------------------------------------------------

/// Initiative: one worker per player, slot n pays n UC at once, and the next turn's order is
/// the slots' order, the absent players behind in their old order (L210-224, L446).
#[test]
fn doc_initiative_pays_its_slot_and_sets_the_next_order() {
    let mut log = Log::new();
    let mut b = B::blank(4);
    b.hand(3, Kind::Rebel, 2).hand(1, Kind::Rebel, 1);
    let mut s = b.ask(Prompt::Place { seat: Seat(3) }, Step::Placing { next: 0 });
    act(
        &mut s,
        Action::Place {
            kind: Kind::Rebel,
            spot: Spot::Initiative,
        },
        &mut log,
    );
    // Seat 1 places, then seat 3 may not use Initiative again.
    act(
        &mut s,
        Action::Place {
            kind: Kind::Rebel,
            spot: Spot::Initiative,
        },
        &mut log,
    );
    assert_eq!(s.active_player(), Some(Seat(3)));
    assert!(!legal(&s).iter().any(|a| matches!(
        a,
        Action::Place {
            spot: Spot::Initiative,
            ..
        }
    )));
    act(
        &mut s,
        Action::Place {
            kind: Kind::Rebel,
            spot: Spot::Warfare,
        },
        &mut log,
    );
    // The turn runs on to turn 2's placement (a Rebel in Warfare only holds its slot).
    assert_eq!(s.turn(), 2);
    assert_eq!(s.player(Seat(3)).coins, 10 + 1);
    assert_eq!(s.player(Seat(1)).coins, 10 + 2);
    assert_eq!(s.turn_order(), &[Seat(3), Seat(1), Seat(0), Seat(2)]);
}

/// Covert Mission: first in turn order who can pay; Heroes count 2; one mission a turn; the
/// card's planet's Sentinels set the price; workers not spent stay (L248-262).
#[test]
fn doc_covert_mission_price_order_and_one_per_turn() {
    let mut log = Log::new();
    let mut b = B::blank(3);
    b.missions_shown([
        Some(Mission::RobTreasuryVeltair),
        Some(Mission::StealPlansAlioth),
        None,
    ])
    .sentinels(Veltair, 3)
    .sentinels(Alioth, 1)
    .put(0, Kind::Rebel, Place::Covert, 1)
    .put(1, Kind::Hero, Place::Covert, 1)
    .put(1, Kind::Rebel, Place::Covert, 1)
    .put(2, Kind::Smuggler, Place::Covert, 2);
    let mut s = b.run_from(Step::Covert, &mut log);
    // Seat 0 (1 point) can afford Alioth (1) but not Veltair (3).
    assert_eq!(
        legal(&s),
        vec![
            Action::Mission {
                slot: 1,
                at: Place::Planet(Alioth)
            },
            Action::Pass
        ]
    );
    act(&mut s, Action::Pass, &mut log);
    act(
        &mut s,
        Action::Mission {
            slot: 0,
            at: Place::Planet(Veltair),
        },
        &mut log,
    );
    act(&mut s, Action::Pay(Kind::Hero), &mut log);
    // One point left to pay and only a Rebel in the box: paid without asking.
    assert_eq!(s.player(Seat(1)).coins, 15);
    assert_eq!(s.player(Seat(1)).covert_points(), 0);
    assert_eq!(
        s.player(Seat(2)).covert[Kind::Smuggler.index()],
        2,
        "seat 2 is not asked"
    );
    assert_eq!(s.player(Seat(0)).covert[0], 1, "unspent workers stay");
}

/// Trade Goods: a Smuggler takes two; Research: a Scientist pays 5 less; Specialists: each
/// slot trains its kind, the paid slot any for 5 UC (L236-246, L264-278, L327-331).
#[test]
fn doc_trade_research_and_specialist_boxes() {
    let mut log = Log::new();
    let mut b = B::blank(2);
    b.slot("trade", 0, 1, Kind::Smuggler)
        .slot("research", 0, 0, Kind::Scientist)
        .coins(0, 5)
        .specialist_slot(1, 1, Kind::Rebel)
        .specialist_slot(5, 0, Kind::Rebel)
        .techs_shown(&[Tech::MatterDuplication, Tech::BlastArmor])
        .set("goods_shown", serde_json::json!([1, 1, 0, 0, 0, 0, 0, 0]))
        .set("goods_pile", serde_json::json!([3, 3, 4, 4, 4, 4, 4, 4]));
    let mut s = b.run_from(Step::Trade { slot: 0 }, &mut log);
    act(&mut s, Action::Good(Good::Medicine), &mut log);
    assert_eq!(
        s.player(Seat(1)).goods,
        [1, 1, 0, 0, 0, 0, 0, 0],
        "two goods"
    );
    // Research: seat 0 has 5 UC, enough through its Scientist in Epoch I.
    act(&mut s, Action::Tech(Tech::MatterDuplication), &mut log);
    // 5 UC paid, then Matter Duplication's +5 in Phase 4.
    assert!(s.player(Seat(0)).has(Tech::MatterDuplication));
    assert_eq!(s.player(Seat(0)).coins, 5);
    // Specialists: seat 1's Hero slot trains a Hero; seat 0 cannot pay the paid slot.
    assert_eq!(s.player(Seat(1)).hand[Kind::Hero.index()], 1);
    assert_eq!(s.player(Seat(0)).hand[1..], [0, 0, 0, 0, 0]);
}

// ------------------------------------------------------------------------------------------
// Rulings the review would have made otherwise, as the engine now plays them
// ------------------------------------------------------------------------------------------

/// Temporary cubes stop at ten: each colour has 10 cubes (L70), a player may have ten at most
/// (L298), and the bonus cubes come from the supply (L321). A Hero with 10 cubes and Sabotage
/// attacks Sentinels with 10 (the review found 14 then).
#[test]
fn doc_temporary_cubes_stop_at_ten() {
    let mut log = Log::new();
    let mut b = B::blank(2);
    b.turn(4)
        .cubes(0, 10)
        .player(0, "sabotage_turns", serde_json::json!(1 << 4))
        .slot("warfare", 0, 0, Kind::Hero)
        .sentinels(Veltair, 1);
    let _s = b.run_from(Step::Warfare { slot: 0 }, &mut log);
    assert_eq!(battles(&log), vec![(10, 5)]);
}

/// Imperial Spies Infiltrate *a* Rebel Faction (L739-741): by default the 3 points come from
/// one rival faction; under the `spies_several_factions` ruling from several (the engine's
/// reading when the review was made).
#[test]
fn doc_imperial_spies_hit_one_faction_unless_the_ruling_says_several() {
    for several in [false, true] {
        let mut options = GameOptions::new(3);
        options.rulings.spies_several_factions = several;
        let mut b = B::blank_with(options);
        b.put(1, Kind::Rebel, Place::Covert, 2)
            .put(2, Kind::Rebel, Place::Covert, 2);
        let mut s = b.ask(
            Prompt::Effect {
                seat: Seat(0),
                effect: Effect::Spies { left: 3 },
            },
            Step::Income,
        );
        let mut log = Log::new();
        let piece = |seat| Action::Piece {
            at: Place::Covert,
            seat: Seat(seat),
            kind: Kind::Rebel,
        };
        act(&mut s, piece(1), &mut log);
        if several {
            act(&mut s, piece(2), &mut log);
            assert_eq!(s.player(Seat(1)).covert[0] + s.player(Seat(2)).covert[0], 2);
        } else {
            // Seat 1's second Rebel is taken without a question; seat 2 keeps both.
            assert_eq!(s.player(Seat(1)).covert[0], 0);
            assert_eq!(s.player(Seat(2)).covert[0], 2);
        }
    }
}
