//! Scenario tests for every technology (Appendix IV): what each gives in Phase 4, the free
//! workers at placement, the one-time tiles, and the Epoch III points.

use super::testkit::*;
use crate::action::{Action, Spot, Target};
use crate::data::techs::Tech::{self, *};
use crate::data::{Kind, Place, Planet::*, Seat};
use crate::options::GameOptions;
use crate::rules::scoring::tech_points;
use crate::state::{GameState, Step};

fn own(s: &mut GameState, seat: u8, tech: Tech) {
    s.tech_pile &= !tech.bit();
    s.tech_shown &= !tech.bit();
    s.players[seat as usize].techs |= tech.bit();
}

fn benefits(s: &mut GameState, log: &mut Vec<crate::log::LogEntry>) {
    run_from(s, Step::Techs { idx: 0 }, Step::Scoring, log);
}

#[test]
fn worker_technologies_give_their_workers_each_turn() {
    let cases = [
        (HumanCloning, Kind::Rebel, 2),
        (HawkManeuverEngines, Kind::Smuggler, 1),
        (BlastArmor, Kind::Trooper, 1),
        (HyperLearningPharma, Kind::Scientist, 1),
        (BrainwaveSyncImplants, Kind::Diplomat, 1),
        (PerformanceEnhancementSuit, Kind::Hero, 1),
        (AutoTargetingBlaster, Kind::Trooper, 1),
        (MindControl, Kind::Diplomat, 1),
        (IntergalacticTranslator, Kind::Smuggler, 1),
        (ArchonHelmet, Kind::Hero, 1),
        (LaboratoryDroid, Kind::Scientist, 1),
    ];
    for (tech, kind, n) in cases {
        let mut s = blank(2);
        let mut log = Vec::new();
        own(&mut s, 1, tech);
        benefits(&mut s, &mut log);
        assert_eq!(s.players[1].hand[kind.index()], n, "{tech:?}");
        benefits(&mut s, &mut log);
        assert_eq!(
            s.players[1].hand[kind.index()],
            2 * n,
            "{tech:?} again next turn"
        );
        // None left in the supply: none given.
        s.players[1].supply[kind.index()] = 0;
        benefits(&mut s, &mut log);
        assert_eq!(s.players[1].hand[kind.index()], 2 * n, "{tech:?}");
    }
}

#[test]
fn income_technologies_pay_each_turn() {
    for (tech, coins) in [
        (MatterDuplication, 5),
        (MetaEmbezzlementMainframe, 10),
        (DynasticMonarchy, 25),
    ] {
        let mut s = blank(2);
        let mut log = Vec::new();
        own(&mut s, 0, tech);
        benefits(&mut s, &mut log);
        benefits(&mut s, &mut log);
        assert_eq!(s.players[0].coins, 10 + 2 * coins, "{tech:?}");
    }
}

#[test]
fn trance_state_and_jump_armor_give_two_cubes_once_up_to_ten() {
    let mut s = blank(2);
    let mut log = Vec::new();
    own(&mut s, 0, TranceStateInducer);
    benefits(&mut s, &mut log);
    benefits(&mut s, &mut log);
    assert_eq!(s.players[0].cubes, 5);
    assert_ne!(s.players[0].spent & TranceStateInducer.bit(), 0);
    s.players[0].cubes = 9;
    own(&mut s, 0, PlanetaryJumpArmor);
    benefits(&mut s, &mut log);
    assert_eq!(s.players[0].cubes, 10, "the cap");
}

/// L389: every recurring benefit is taken in Phase 4, the free workers put into their boxes
/// included. The boxes are empty then (the Senate and Covert Mission boxes aside), so the
/// Warfare Hero holds the leftmost slot of the next placement.
#[test]
fn free_worker_technologies_place_in_phase_four() {
    let mut s = blank(2);
    let mut log = Vec::new();
    own(&mut s, 0, PropagandaAmplificationSoftware);
    own(&mut s, 0, RedFalconMissileFighter);
    own(&mut s, 1, LoyaltyScanner);
    own(&mut s, 1, ElectionHackFirmware);
    own(&mut s, 1, PersonalCloakingDevice);
    own(&mut s, 1, StunBlaster);
    benefits(&mut s, &mut log);
    assert_eq!(
        s.y_space.map(|w| (w.seat, w.kind)),
        Some((Seat(0), Kind::Rebel))
    );
    assert_eq!(
        s.x_space.map(|w| (w.seat, w.kind)),
        Some((Seat(1), Kind::Rebel))
    );
    assert_eq!(
        s.warfare.slots[0].map(|w| (w.seat, w.kind)),
        Some((Seat(0), Kind::Hero))
    );
    assert_eq!(s.players[1].senate[0], 1);
    assert_eq!(s.players[1].covert[Kind::Hero.index()], 2);
    // At the next placement the Warfare slot is taken: seat 0's own worker goes second.
    s.players[0].hand[0] = 1;
    run_from(
        &mut s,
        Step::Placing { next: 0 },
        Step::Initiative,
        &mut log,
    );
    act(
        &mut s,
        Action::Place {
            kind: Kind::Rebel,
            spot: Spot::Warfare,
        },
        &mut log,
    );
    assert_eq!(s.warfare.slots[1].map(|w| w.seat), Some(Seat(0)));
}

/// Election Hack Firmware's Rebel comes in Phase 4, before the scoring of Phase 5 (L182,
/// L389, L397): on turns 3 and 6 it counts in its own turn's Senate majority.
#[test]
fn election_hack_rebel_counts_in_its_turns_senate_scoring() {
    for free_workers_last in [false, true] {
        let mut options = GameOptions::new(2);
        options.rulings.free_workers_last = free_workers_last;
        let mut s = blank_with(options);
        let mut log = Vec::new();
        s.turn = 3;
        own(&mut s, 0, ElectionHackFirmware);
        put(&mut s, 0, Kind::Rebel, Place::Senate, 1);
        put(&mut s, 1, Kind::Rebel, Place::Senate, 1);
        run_from(&mut s, Step::Income, Step::Refresh, &mut log);
        assert_eq!(s.players[0].senate[0], 2);
        assert_eq!(s.players[0].score.senate, 7, "2 against 1");
        assert_eq!(s.players[1].score.senate, 0);
    }
}

/// The same on turn 8: its Rebel comes, counts in the final Senate majority and for Republic
/// (1 VP per own Rebel in the Senate).
#[test]
fn election_hack_gives_its_rebel_on_turn_eight_too() {
    let mut s = blank(2);
    let mut log = Vec::new();
    s.turn = 8;
    own(&mut s, 0, ElectionHackFirmware);
    own(&mut s, 0, Republic);
    put(&mut s, 0, Kind::Rebel, Place::Senate, 1);
    put(&mut s, 1, Kind::Rebel, Place::Senate, 1);
    run_from(&mut s, Step::Income, Step::Refresh, &mut log);
    assert!(s.is_over());
    assert_eq!(s.players[0].senate[0], 2);
    assert_eq!(s.players[0].score.senate, 7);
    assert_eq!(s.players[0].score.techs, 2);
    assert_eq!(s.winners(), vec![Seat(0)]);
}

#[test]
fn free_workers_go_last_under_the_ruling_and_need_room() {
    let mut options = GameOptions::new(2);
    options.rulings.free_workers_last = true;
    let mut s = blank_with(options);
    let mut log = Vec::new();
    own(&mut s, 0, RedFalconMissileFighter);
    own(&mut s, 0, ElectionHackFirmware);
    // Phase 4: the Senate Rebel comes, the Warfare Hero waits.
    benefits(&mut s, &mut log);
    assert_eq!(s.players[0].senate[0], 1);
    assert!(s.warfare.slots.iter().all(|w| w.is_none()));
    s.players[1].hand[Kind::Hero.index()] = 3;
    run_from(
        &mut s,
        Step::Placing { next: 1 },
        Step::Initiative,
        &mut log,
    );
    for _ in 0..3 {
        act(
            &mut s,
            Action::Place {
                kind: Kind::Hero,
                spot: Spot::Warfare,
            },
            &mut log,
        );
    }
    // All three Warfare slots full: Red-Falcon's Hero is not placed.
    assert!(s.warfare.slots[..3]
        .iter()
        .all(|w| w.map(|w| w.seat) == Some(Seat(1))));
    assert_eq!(s.players[0].supply[Kind::Hero.index()], 10);
    assert_eq!(s.step, Step::Initiative);
    // With room, it takes the first free slot once everyone has placed.
    s.warfare.slots[2] = None;
    s.players[1].supply[Kind::Hero.index()] += 1;
    s.players[1].hand[Kind::Rebel.index()] = 1;
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
            spot: Spot::Senate,
        },
        &mut log,
    );
    assert_eq!(
        s.warfare.slots[2].map(|w| (w.seat, w.kind)),
        Some((Seat(0), Kind::Hero))
    );
}

#[test]
fn capital_ship_drydock_places_the_rebel_fleet_once_and_pushes_an_imperial_fleet() {
    let mut s = blank(3);
    let mut log = Vec::new();
    s.planets[Alioth.index()].imperial_fleet = true;
    s.spare_fleets = 4;
    own(&mut s, 0, CapitalShipDrydock);
    benefits(&mut s, &mut log);
    let rebels = s.players[0].supply[0];
    act(&mut s, Action::Planet(Alioth), &mut log);
    assert_eq!(s.rebel_fleet, Some((Alioth, Seat(0))));
    // One of the owner's Rebels stands with the Ship (L829).
    assert!(s.fleet_marker);
    assert_eq!(s.players[0].supply[0], rebels - 1);
    act(&mut s, Action::Planet(Mirzam), &mut log);
    assert!(!s.planets[Alioth.index()].imperial_fleet);
    assert!(s.planets[Mirzam.index()].imperial_fleet);
    // Once only.
    benefits(&mut s, &mut log);
    assert_eq!(s.active_player(), None);
    // Rivals may not land there nor attack there; its owner may; Sentinels may not be sent.
    use crate::rules::board::{may_land, sentinels_may_go, Arrival};
    assert!(may_land(&s, Seat(0), Alioth, Arrival::Sent));
    assert!(!may_land(&s, Seat(1), Alioth, Arrival::Sent));
    assert!(!may_land(&s, Seat(1), Alioth, Arrival::Card));
    assert!(!sentinels_may_go(&s, Alioth));
    put(&mut s, 0, Kind::Rebel, Place::Planet(Alioth), 1);
    s.warfare.slots[0] = Some(crate::state::Worker {
        seat: Seat(1),
        kind: Kind::Trooper,
    });
    put(&mut s, 2, Kind::Rebel, Place::Planet(Trega), 1);
    run_from(
        &mut s,
        Step::Warfare { slot: 0 },
        Step::Specialists { slot: 0 },
        &mut log,
    );
    // Trega is the one target left: forced, so the defence is the question.
    assert!(is_asking(&s, 2) || s.active_player().is_none());
    assert!(!crate::rules::warfare::legal_attack_targets(&s, Seat(1))
        .contains(&(Alioth, Target::Faction(Seat(0)))));
}

/// The Boarding Cannon's owner takes the Rebel Fleet and marks it with one of their Rebels
/// (L892); the previous owner's marker goes back to their supply.
#[test]
fn boarding_cannon_seizes_and_moves_the_rebel_fleet() {
    let mut s = blank(2);
    let mut log = Vec::new();
    s.rebel_fleet = Some((Trega, Seat(0)));
    s.fleet_marker = true;
    s.players[0].supply[0] -= 1;
    let (old, new) = (s.players[0].supply[0], s.players[1].supply[0]);
    own(&mut s, 1, MoltenInjectorBoardingCannon);
    benefits(&mut s, &mut log);
    act(&mut s, Action::Planet(Sargas), &mut log);
    assert_eq!(s.rebel_fleet, Some((Sargas, Seat(1))));
    assert!(s.fleet_marker);
    assert_eq!(s.players[0].supply[0], old + 1);
    assert_eq!(s.players[1].supply[0], new - 1);
    assert!(events(&log).contains(&crate::log::LogEvent::RebelFleet {
        seat: Seat(1),
        planet: Sargas,
        marked: true
    }));
    benefits(&mut s, &mut log);
    assert_eq!(s.active_player(), None, "once only");
    assert!(crate::invariants::pieces_are_conserved(&s).is_ok());
}

/// An owner with no Rebel left in the supply still takes the fleet, with no figure to mark it
/// (supplies are limits, R-11); one who has a Rebel later and moves it again marks it then.
#[test]
fn the_rebel_fleet_is_taken_unmarked_when_the_supply_has_no_rebel() {
    let mut s = blank(2);
    let mut log = Vec::new();
    let spare = s.players[0].supply[0];
    put(&mut s, 0, Kind::Rebel, Place::Planet(Veltair), spare);
    own(&mut s, 0, CapitalShipDrydock);
    benefits(&mut s, &mut log);
    act(&mut s, Action::Planet(Trega), &mut log);
    assert_eq!(s.rebel_fleet, Some((Trega, Seat(0))));
    assert!(!s.fleet_marker);
    assert!(crate::invariants::pieces_are_conserved(&s).is_ok());
    s.players[0].supply[0] = 1;
    s.planets[Veltair.index()].workers[0][0] -= 1;
    own(&mut s, 0, MoltenInjectorBoardingCannon);
    benefits(&mut s, &mut log);
    act(&mut s, Action::Planet(Sargas), &mut log);
    assert!(s.fleet_marker);
    assert_eq!(s.players[0].supply[0], 0);
    assert!(crate::invariants::pieces_are_conserved(&s).is_ok());
}

#[test]
fn alliance_places_two_troopers_at_once_where_the_buyer_already_is() {
    let mut s = blank(2);
    let mut log = Vec::new();
    s.turn = 4;
    s.tech_shown = AllianceWithIndigenousRace.bit() | MindControl.bit();
    put(&mut s, 1, Kind::Rebel, Place::Planet(Edara), 1);
    put(&mut s, 1, Kind::Rebel, Place::Planet(Veltair), 1);
    s.players[1].coins = 20;
    s.research.slots[0] = Some(crate::state::Worker {
        seat: Seat(1),
        kind: Kind::Rebel,
    });
    run_from(
        &mut s,
        Step::Research { slot: 0 },
        Step::Warfare { slot: 0 },
        &mut log,
    );
    act(&mut s, Action::Tech(AllianceWithIndigenousRace), &mut log);
    assert_eq!(s.players[1].coins, 5);
    assert_eq!(
        legal(&s),
        vec![Action::Planet(Veltair), Action::Planet(Edara)]
    );
    act(&mut s, Action::Planet(Edara), &mut log);
    assert_eq!(on(&s, 1, Kind::Trooper, Edara), 2);
    benefits(&mut s, &mut log);
    assert_eq!(on(&s, 1, Kind::Trooper, Edara), 2, "once only");
}

#[test]
fn imperial_corruption_takes_two_from_everyone_while_a_diplomat_sits_in_the_senate() {
    let mut s = blank(3);
    let mut log = Vec::new();
    own(&mut s, 0, ImperialCorruption);
    benefits(&mut s, &mut log);
    assert_eq!(s.players[0].coins, 10, "no Diplomat in the Senate");
    put(&mut s, 0, Kind::Diplomat, Place::Senate, 1);
    s.players[2].coins = 1;
    s.coins_out -= 9;
    benefits(&mut s, &mut log);
    assert_eq!(s.players[0].coins, 13);
    assert_eq!(s.players[1].coins, 8);
    assert_eq!(s.players[2].coins, 0, "what they have");
    crate::invariants::pieces_are_conserved(&s).unwrap();
}

#[test]
fn miniaturized_hyperdrive_moves_two_pieces_but_not_under_an_imperial_fleet() {
    let mut s = blank(2);
    let mut log = Vec::new();
    own(&mut s, 0, MiniaturizedHyperdrive);
    put(&mut s, 0, Kind::Hero, Place::Planet(Veltair), 1);
    put(&mut s, 0, Kind::Rebel, Place::Planet(Trega), 1);
    s.planets[Sargas.index()].imperial_fleet = true;
    benefits(&mut s, &mut log);
    act(
        &mut s,
        Action::Piece {
            at: Place::Planet(Veltair),
            seat: Seat(0),
            kind: Kind::Hero,
        },
        &mut log,
    );
    assert!(!legal(&s).contains(&Action::Planet(Sargas)));
    act(&mut s, Action::Planet(Edara), &mut log);
    act(
        &mut s,
        Action::Piece {
            at: Place::Planet(Trega),
            seat: Seat(0),
            kind: Kind::Rebel,
        },
        &mut log,
    );
    act(&mut s, Action::Planet(Edara), &mut log);
    assert_eq!(on(&s, 0, Kind::Hero, Edara), 1);
    assert_eq!(on(&s, 0, Kind::Rebel, Edara), 1);
    assert_eq!(s.active_player(), None, "two moves at most");
    // Stopping early.
    benefits(&mut s, &mut log);
    act(&mut s, Action::Pass, &mut log);
    assert_eq!(s.active_player(), None);
}

#[test]
fn nanotech_vessels_pay_three_a_tile_and_six_for_the_route() {
    let mut s = blank(2);
    let mut log = Vec::new();
    own(&mut s, 0, NanotechOptimizedTradeVessels);
    s.players[0].goods[crate::data::Good::Nanotech.index()] = 2;
    s.goods_pile[crate::data::Good::Nanotech.index()] -= 2;
    s.players[0].routes = Vollux.bit();
    s.planets[Vollux.index()].route = false;
    benefits(&mut s, &mut log);
    assert_eq!(s.players[0].coins, 10 + 6 + 6);
}

#[test]
fn automated_factory_draws_one_good_each_turn_while_any_remain() {
    let mut s = blank(2);
    let mut log = Vec::new();
    own(&mut s, 1, AutomatedFactory);
    s.goods_shown = [0; 8];
    s.goods_pile = [0, 0, 0, 0, 0, 1, 0, 0];
    benefits(&mut s, &mut log);
    assert_eq!(s.players[1].goods[5], 1);
    benefits(&mut s, &mut log);
    assert_eq!(
        s.players[1].goods.iter().sum::<u8>(),
        1,
        "the pile is empty"
    );
}

#[test]
fn epoch_three_technologies_score_their_points() {
    let mut s = blank(2);
    // Seat 0: Veltair 3 vs 1 (controlled), Trega 1 vs 1 (not), Edara 2 alone (controlled).
    put(&mut s, 0, Kind::Rebel, Place::Planet(Veltair), 1);
    put(&mut s, 0, Kind::Trooper, Place::Planet(Veltair), 1);
    put(&mut s, 0, Kind::Scientist, Place::Planet(Veltair), 1);
    put(&mut s, 1, Kind::Rebel, Place::Planet(Veltair), 1);
    put(&mut s, 0, Kind::Smuggler, Place::Planet(Trega), 1);
    put(&mut s, 1, Kind::Rebel, Place::Planet(Trega), 1);
    put(&mut s, 0, Kind::Trooper, Place::Planet(Edara), 2);
    put(&mut s, 0, Kind::Rebel, Place::Senate, 3);
    put(&mut s, 0, Kind::Diplomat, Place::Senate, 1);
    put(&mut s, 0, Kind::Hero, Place::Senate, 1);
    s.players[0].routes = Veltair.bit() | Trega.bit();
    s.players[0].missions = 0b111;
    s.players[0].coins = 23;
    s.rebel_fleet = Some((Sargas, Seat(0)));
    for t in [TechnocratUtopia, MercantileFederation, HumanCloning] {
        own(&mut s, 0, t);
    }
    let points = |s: &GameState, t| tech_points(s, Seat(0), t);
    assert_eq!(
        points(&s, TechnocratUtopia),
        6,
        "three tiles, itself included"
    );
    assert_eq!(points(&s, MercantileFederation), 6);
    assert_eq!(points(&s, ElitistOligarchy), 4, "a Diplomat and a Hero");
    assert_eq!(
        points(&s, Democracy),
        2,
        "5 workers on controlled planets, halved down"
    );
    assert_eq!(points(&s, Republic), 3);
    // Every faction's workers on those planets under the ruling: Veltair 4 and Edara 2.
    s.options.rulings.democracy_counts_everyone = true;
    assert_eq!(points(&s, Democracy), 3);
    s.options.rulings.democracy_counts_everyone = false;
    assert_eq!(points(&s, StarFaringAutocracy), 10);
    assert_eq!(tech_points(&s, Seat(1), StarFaringAutocracy), 0);
    assert_eq!(points(&s, MilitaryDictatorship), 6);
    assert_eq!(points(&s, WeakConfederacy), 8);
    assert_eq!(points(&s, FinancialCollective), 3);
    assert_eq!(points(&s, DynasticMonarchy), 4);
    assert_eq!(points(&s, Anarchy), 9);
    assert_eq!(points(&s, ScientificOligarchy), 4);
    // Control by more than half (ruling): Veltair 3 of 4 and Edara still count, and so would
    // a planet shared 2 to 1 to 1 among three.
    s.options.rulings.control_needs_half = true;
    assert_eq!(points(&s, WeakConfederacy), 8);
    put(&mut s, 1, Kind::Rebel, Place::Planet(Veltair), 1);
    assert_eq!(points(&s, WeakConfederacy), 8, "3 of 5 is more than half");
    put(&mut s, 1, Kind::Rebel, Place::Planet(Veltair), 1);
    assert_eq!(points(&s, WeakConfederacy), 4, "3 of 6 is not");
}

#[test]
fn every_technology_is_in_its_epoch_pile() {
    assert_eq!(Tech::of_epoch(1).count_ones(), 13);
    assert_eq!(Tech::of_epoch(2).count_ones(), 15);
    assert_eq!(Tech::of_epoch(3).count_ones(), 12);
    for t in Tech::ALL {
        let kinds = [
            t.workers().is_some(),
            t.free_worker().is_some(),
            t.income() > 0,
            t.cubes() > 0,
            t.epoch() == 3,
        ];
        assert!(kinds.iter().filter(|&&k| k).count() <= 2, "{t:?}");
    }
}
