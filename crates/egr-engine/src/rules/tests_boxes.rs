//! Scenario tests for the event boxes (Planetary Influence, Trade Goods, Covert Mission,
//! Research, Warfare, Specialists, Senate) and the Galactic War, with the rulebook's worked
//! examples: the two battle examples (L300-317), the Senate bid (L339-355) and the Galactic
//! War (L548-555).

use super::testkit::*;
use crate::action::{Action, Target};
use crate::data::imperial::ImperialCard;
use crate::data::missions::Mission;
use crate::data::techs::Tech;
use crate::data::{Good, Kind, Place, Planet::*, Seat};
use crate::log::{Fighter, LogEvent};
use crate::options::GameOptions;
use crate::rules::frames::Frame;
use crate::state::{Step, Worker};

/// A worker of `seat` taken from its supply, to put in a box slot.
fn w(s: &mut crate::state::GameState, seat: u8, kind: Kind) -> Option<Worker> {
    s.players[seat as usize].supply[kind.index()] -= 1;
    Some(Worker {
        seat: Seat(seat),
        kind,
    })
}

// ---- Planetary Influence ----

#[test]
fn influence_workers_leave_in_slot_order_then_x_then_y() {
    let mut s = blank(2);
    let mut log = Vec::new();
    s.influence.slots[0] = w(&mut s, 1, Kind::Rebel);
    s.influence.slots[1] = w(&mut s, 0, Kind::Rebel);
    s.y_space = w(&mut s, 0, Kind::Hero);
    s.x_space = w(&mut s, 1, Kind::Trooper);
    s.planets[Veltair.index()].imperial_fleet = true;
    run_from(
        &mut s,
        Step::Influence { slot: 0 },
        Step::Trade { slot: 0 },
        &mut log,
    );
    assert!(is_asking(&s, 1));
    // No landing under an Imperial Fleet (L230).
    assert!(!legal(&s).contains(&Action::Planet(Veltair)));
    assert_eq!(legal(&s).len(), 7);
    act(&mut s, Action::Planet(Trega), &mut log);
    assert!(is_asking(&s, 0));
    act(&mut s, Action::Planet(Trega), &mut log);
    act(&mut s, Action::Planet(Sargas), &mut log);
    assert_eq!(on(&s, 1, Kind::Trooper, Sargas), 1, "X before Y");
    act(&mut s, Action::Planet(Edara), &mut log);
    assert_eq!(on(&s, 0, Kind::Hero, Edara), 1);
    assert_eq!(s.step, Step::Trade { slot: 0 });
    assert!(s.influence.slots.iter().all(|w| w.is_none()));
}

#[test]
fn a_rivals_rebel_fleet_bars_landing_and_the_owners_does_not() {
    let mut s = blank(2);
    let mut log = Vec::new();
    s.rebel_fleet = Some((Mirzam, Seat(0)));
    s.influence.slots[0] = w(&mut s, 0, Kind::Rebel);
    s.influence.slots[1] = w(&mut s, 1, Kind::Rebel);
    run_from(
        &mut s,
        Step::Influence { slot: 0 },
        Step::Trade { slot: 0 },
        &mut log,
    );
    assert!(legal(&s).contains(&Action::Planet(Mirzam)));
    act(&mut s, Action::Planet(Mirzam), &mut log);
    assert!(!legal(&s).contains(&Action::Planet(Mirzam)));
}

#[test]
fn smugglers_scientists_and_diplomats_use_their_arrival_powers() {
    let mut s = blank(3);
    let mut log = Vec::new();
    s.influence.slots[0] = w(&mut s, 0, Kind::Smuggler);
    s.influence.slots[1] = w(&mut s, 1, Kind::Smuggler);
    s.influence.slots[2] = w(&mut s, 1, Kind::Scientist);
    s.influence.slots[3] = w(&mut s, 2, Kind::Scientist);
    s.influence.slots[4] = w(&mut s, 2, Kind::Diplomat);
    run_from(
        &mut s,
        Step::Influence { slot: 0 },
        Step::Trade { slot: 0 },
        &mut log,
    );
    for _ in 0..5 {
        act(&mut s, Action::Planet(Alioth), &mut log);
    }
    // The first Smuggler takes the route, the second nothing (L489).
    assert_eq!(s.players[0].routes, Alioth.bit());
    assert_eq!(s.players[1].routes, 0);
    assert!(!s.planets[Alioth.index()].route);
    // The first Scientist takes the lab: a cube (L478).
    assert_eq!(s.players[1].cubes, 4);
    assert_eq!(s.players[2].cubes, 3);
    // The Diplomat brings a Rebel (L467).
    assert_eq!(on(&s, 2, Kind::Rebel, Alioth), 1);
    assert_eq!(on(&s, 2, Kind::Diplomat, Alioth), 1);
}

#[test]
fn a_scientist_takes_the_lab_even_at_ten_cubes_and_stays_at_ten() {
    let mut s = blank(2);
    let mut log = Vec::new();
    s.players[0].cubes = 10;
    s.influence.slots[0] = w(&mut s, 0, Kind::Scientist);
    run_from(
        &mut s,
        Step::Influence { slot: 0 },
        Step::Trade { slot: 0 },
        &mut log,
    );
    act(&mut s, Action::Planet(Galcrux), &mut log);
    assert!(!s.planets[Galcrux.index()].lab);
    assert_eq!(s.players[0].cubes, 10);
}

// ---- Trade Goods and income ----

#[test]
fn trade_goods_go_left_to_right_a_smuggler_taking_two() {
    let mut s = blank(3);
    let mut log = Vec::new();
    s.goods_pile = [4; 8];
    s.goods_shown = [0; 8];
    s.goods_pile[0] -= 2;
    s.goods_shown[0] = 2;
    s.goods_pile[1] -= 1;
    s.goods_shown[1] = 1;
    s.goods_pile[7] -= 1;
    s.goods_shown[7] = 1;
    s.trade.slots[0] = w(&mut s, 2, Kind::Smuggler);
    s.trade.slots[1] = w(&mut s, 0, Kind::Rebel);
    s.trade.slots[2] = w(&mut s, 1, Kind::Rebel);
    s.trade.slots[3] = w(&mut s, 1, Kind::Hero);
    run_from(&mut s, Step::Trade { slot: 0 }, Step::Covert, &mut log);
    assert!(is_asking(&s, 2));
    act(&mut s, Action::Good(Good::Medicine), &mut log);
    act(&mut s, Action::Good(Good::Silica), &mut log);
    assert!(is_asking(&s, 0));
    act(&mut s, Action::Good(Good::Medicine), &mut log);
    // Seat 1's first worker gets the last good (forced), the second nothing.
    assert_eq!(s.players[1].goods[Good::Biotech.index()], 1);
    assert_eq!(s.players[2].goods.iter().sum::<u8>(), 2);
    assert_eq!(s.step, Step::Covert);
    assert_eq!(
        s.players[1].supply[Kind::Hero.index()],
        10,
        "the workers went back"
    );
}

#[test]
fn unpicked_goods_go_back_to_the_pile() {
    let mut s = blank(2);
    let mut log = Vec::new();
    let shown: u8 = s.goods_shown.iter().sum();
    assert_eq!(shown, 4);
    run_from(&mut s, Step::Trade { slot: 0 }, Step::Covert, &mut log);
    assert_eq!(s.goods_shown, [0; 8]);
    assert_eq!(s.goods_pile.iter().sum::<u8>(), 32);
}

#[test]
fn trade_sets_pay_one_three_and_six() {
    use crate::rules::trade::set_value;
    let v = |g: [u8; 8]| set_value(&g, false);
    assert_eq!(v([1, 1, 1, 0, 0, 0, 0, 0]), 1);
    assert_eq!(v([3, 0, 0, 0, 0, 0, 0, 0]), 3);
    assert_eq!(v([4, 0, 0, 0, 0, 0, 0, 0]), 6);
    assert_eq!(v([2, 0, 0, 0, 0, 0, 0, 0]), 0);
    assert_eq!(v([5, 1, 1, 0, 0, 0, 0, 0]), 7, "four alike and any three");
    assert_eq!(
        v([6, 0, 1, 0, 0, 0, 0, 0]),
        7,
        "4 + 2 left over keeps an any-three"
    );
    assert_eq!(v([7, 0, 0, 0, 0, 0, 0, 0]), 9);
    assert_eq!(v([8, 0, 0, 0, 0, 0, 0, 0]), 12);
    assert_eq!(v([2, 2, 2, 0, 0, 0, 0, 0]), 2);
    // Three different goods only (ruling): two alike and one other make no set.
    assert_eq!(set_value(&[2, 1, 0, 0, 0, 0, 0, 0], false), 1);
    assert_eq!(set_value(&[2, 1, 0, 0, 0, 0, 0, 0], true), 0);
    assert_eq!(set_value(&[2, 2, 2, 0, 0, 0, 0, 0], true), 2);
    assert_eq!(set_value(&[5, 2, 1, 0, 0, 0, 0, 0], true), 7);
}

#[test]
fn income_counts_a_route_as_two_goods() {
    let mut s = blank(2);
    let mut log = Vec::new();
    s.players[0].routes = Vollux.bit();
    s.planets[Vollux.index()].route = false;
    s.players[0].goods[Good::Nanotech.index()] = 2;
    s.goods_pile[Good::Nanotech.index()] -= 2;
    s.players[1].goods[Good::Soma.index()] = 1;
    s.goods_pile[Good::Soma.index()] -= 1;
    run_from(&mut s, Step::Income, Step::Techs { idx: 0 }, &mut log);
    assert_eq!(s.players[0].coins, 16);
    assert_eq!(s.players[1].coins, 10);
}

// ---- Covert Mission box ----

#[test]
fn covert_missions_go_in_turn_order_to_the_first_who_pays_and_only_one() {
    let mut s = blank(3);
    let mut log = Vec::new();
    s.order[..3].copy_from_slice(&[Seat(2), Seat(0), Seat(1)]);
    s.covert_shown = [
        Some(Mission::RobTreasuryVeltair),
        Some(Mission::StealPlansAlioth),
        Some(Mission::SupplantPirates),
    ];
    sentinels(&mut s, Veltair, 3);
    sentinels(&mut s, Alioth, 1);
    sentinels(&mut s, Sargas, 4);
    put(&mut s, 2, Kind::Rebel, Place::Covert, 1);
    put(&mut s, 0, Kind::Hero, Place::Covert, 1);
    put(&mut s, 0, Kind::Smuggler, Place::Covert, 1);
    put(&mut s, 1, Kind::Rebel, Place::Covert, 5);
    run_from(&mut s, Step::Covert, Step::Research { slot: 0 }, &mut log);
    // Seat 2 (first) can afford only Alioth's 1.
    assert!(is_asking(&s, 2));
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
    // Seat 0: a Hero and a Smuggler, 4 points: everything.
    assert!(is_asking(&s, 0));
    assert_eq!(legal(&s).len(), 4);
    act(
        &mut s,
        Action::Mission {
            slot: 2,
            at: Place::Planet(Sargas),
        },
        &mut log,
    );
    // Paying: each worker asked for until the price is met (forced when one kind is left).
    act(&mut s, Action::Pay(Kind::Hero), &mut log);
    assert_eq!(s.players[0].covert_points(), 0);
    assert_eq!(s.players[0].coins, 15);
    // Nobody else conducts one this turn; seat 1's workers stay in the box.
    assert_eq!(s.active_player(), None);
    assert_eq!(s.players[1].covert_points(), 5);
    assert_eq!(s.covert_shown[2], None);
    assert!(s.mission_done);
}

#[test]
fn a_mission_may_be_overpaid_with_a_two_point_worker() {
    let mut s = blank(2);
    let mut log = Vec::new();
    s.covert_shown = [Some(Mission::RobTreasuryMirzam), None, None];
    sentinels(&mut s, Mirzam, 1);
    put(&mut s, 0, Kind::Hero, Place::Covert, 1);
    put(&mut s, 0, Kind::Rebel, Place::Covert, 1);
    run_from(&mut s, Step::Covert, Step::Research { slot: 0 }, &mut log);
    act(
        &mut s,
        Action::Mission {
            slot: 0,
            at: Place::Planet(Mirzam),
        },
        &mut log,
    );
    assert_eq!(
        legal(&s),
        vec![Action::Pay(Kind::Rebel), Action::Pay(Kind::Hero)]
    );
    act(&mut s, Action::Pay(Kind::Hero), &mut log);
    assert_eq!(s.players[0].covert, [1, 0, 0, 0, 0, 0]);
}

#[test]
fn a_free_mission_needs_a_worker_in_the_box_and_costs_one_under_the_ruling() {
    let mut s = blank(2);
    let mut log = Vec::new();
    s.covert_shown = [Some(Mission::RobTreasuryMirzam), None, None];
    put(&mut s, 1, Kind::Rebel, Place::Covert, 1);
    run_from(&mut s, Step::Covert, Step::Research { slot: 0 }, &mut log);
    // Seat 0 has nobody in the box and is not asked; seat 1 pays nothing.
    assert!(is_asking(&s, 1));
    act(
        &mut s,
        Action::Mission {
            slot: 0,
            at: Place::Planet(Mirzam),
        },
        &mut log,
    );
    assert_eq!(s.players[1].covert_points(), 1);
    let mut options = GameOptions::new(2);
    options.rulings.mission_costs_at_least_one = true;
    let mut s = blank_with(options);
    s.covert_shown = [Some(Mission::RobTreasuryMirzam), None, None];
    put(&mut s, 1, Kind::Rebel, Place::Covert, 1);
    run_from(&mut s, Step::Covert, Step::Research { slot: 0 }, &mut log);
    act(
        &mut s,
        Action::Mission {
            slot: 0,
            at: Place::Planet(Mirzam),
        },
        &mut log,
    );
    assert_eq!(s.players[1].covert_points(), 0);
}

#[test]
fn missions_ignore_fleets() {
    let mut s = blank(2);
    let mut log = Vec::new();
    s.covert_shown = [Some(Mission::StealPlansGalcrux), None, None];
    s.planets[Galcrux.index()].imperial_fleet = true;
    s.rebel_fleet = Some((Galcrux, Seat(1)));
    put(&mut s, 0, Kind::Rebel, Place::Covert, 1);
    run_from(&mut s, Step::Covert, Step::Research { slot: 0 }, &mut log);
    assert!(legal(&s).contains(&Action::Mission {
        slot: 0,
        at: Place::Planet(Galcrux)
    }));
}

// ---- Research ----

#[test]
fn research_costs_by_epoch_a_scientist_five_less_and_may_be_declined() {
    assert_eq!(
        [1, 2, 3].map(|e| crate::rules::research::price(e, false)),
        [10, 15, 20]
    );
    let mut s = blank(2);
    let mut log = Vec::new();
    s.players[0].coins = 14;
    s.players[1].coins = 20;
    s.coins_out += 14;
    s.research.slots[0] = w(&mut s, 0, Kind::Scientist);
    s.research.slots[1] = w(&mut s, 0, Kind::Rebel);
    s.research.slots[2] = w(&mut s, 1, Kind::Rebel);
    s.turn = 4;
    s.tech_shown = Tech::MindControl.bit() | Tech::StunBlaster.bit();
    run_from(
        &mut s,
        Step::Research { slot: 0 },
        Step::Warfare { slot: 0 },
        &mut log,
    );
    act(&mut s, Action::Tech(Tech::StunBlaster), &mut log);
    assert_eq!(s.players[0].coins, 4);
    // The Rebel cannot pay 15: its pass is forced. Seat 1 declines.
    assert!(is_asking(&s, 1));
    act(&mut s, Action::Pass, &mut log);
    assert_eq!(s.players[1].coins, 20);
    assert_eq!(
        s.tech_shown,
        Tech::MindControl.bit(),
        "not refilled until the refresh"
    );
    assert!(s.research.slots.iter().all(|w| w.is_none()));
}

// ---- Warfare ----

#[test]
fn only_heroes_and_troopers_attack_and_fleets_shelter_planets() {
    let mut s = blank(3);
    let mut log = Vec::new();
    s.warfare.slots[0] = w(&mut s, 0, Kind::Rebel);
    s.warfare.slots[1] = w(&mut s, 0, Kind::Trooper);
    put(&mut s, 1, Kind::Rebel, Place::Planet(Veltair), 1);
    put(&mut s, 1, Kind::Rebel, Place::Planet(Trega), 1);
    put(&mut s, 2, Kind::Rebel, Place::Planet(Vollux), 1);
    sentinels(&mut s, Edara, 1);
    s.planets[Trega.index()].imperial_fleet = true;
    s.rebel_fleet = Some((Vollux, Seat(2)));
    run_from(
        &mut s,
        Step::Warfare { slot: 0 },
        Step::Specialists { slot: 0 },
        &mut log,
    );
    assert!(is_asking(&s, 0));
    assert_eq!(
        legal(&s),
        vec![
            Action::Attack {
                planet: Veltair,
                target: Target::Faction(Seat(1))
            },
            Action::Attack {
                planet: Edara,
                target: Target::Sentinels
            },
        ]
    );
}

fn battle(log: &[crate::log::LogEntry]) -> Vec<(Fighter, Fighter, u8, u8, bool)> {
    events(log)
        .into_iter()
        .filter_map(|e| match e {
            LogEvent::Battle {
                attacker,
                defender,
                attacker_cubes,
                defender_cubes,
                attacker_won,
                ..
            } => Some((
                attacker,
                defender,
                attacker_cubes,
                defender_cubes,
                attacker_won,
            )),
            _ => None,
        })
        .collect()
}

#[test]
fn battle_example_one_the_majority_of_cubes_drawn_wins() {
    // L300-307: one Red cube and two Green cubes drawn: Green wins. Red's Trooper attacks
    // Green, who defends with a Hero; the attacker is lost, the defender keeps everything.
    let mut s = blank(2);
    let mut log = Vec::new();
    s.warfare.slots[0] = w(&mut s, 0, Kind::Trooper);
    put(&mut s, 1, Kind::Hero, Place::Planet(Sargas), 1);
    put(&mut s, 1, Kind::Rebel, Place::Planet(Sargas), 1);
    s.scripted_draws = vec![1];
    run_from(
        &mut s,
        Step::Warfare { slot: 0 },
        Step::Specialists { slot: 0 },
        &mut log,
    );
    // The one target is forced; the defender picks the defending worker.
    assert!(is_asking(&s, 1));
    act(&mut s, Action::Defend(Kind::Hero), &mut log);
    let b = battle(&log);
    assert_eq!(b.len(), 1);
    assert!(!b[0].4);
    assert_eq!((b[0].2, b[0].3), (3, 3));
    assert_eq!(on(&s, 1, Kind::Hero, Sargas), 1);
    assert_eq!(s.players[0].supply[Kind::Trooper.index()], 10);
}

/// A beaten attacker is eliminated from the Warfare box, where it stood (L290, L294): the log
/// says so, and never that a piece left the planet it attacked.
#[test]
fn a_beaten_attacker_is_logged_leaving_the_warfare_box() {
    for target_sentinels in [true, false] {
        let mut s = blank(2);
        let mut log = Vec::new();
        s.warfare.slots[0] = w(&mut s, 0, Kind::Rebel);
        s.warfare.slots[1] = w(&mut s, 0, Kind::Trooper);
        if target_sentinels {
            sentinels(&mut s, Veltair, 1);
        } else {
            put(&mut s, 1, Kind::Trooper, Place::Planet(Veltair), 1);
        }
        s.scripted_draws = vec![1];
        run_from(
            &mut s,
            Step::Warfare { slot: 0 },
            Step::Specialists { slot: 0 },
            &mut log,
        );
        assert!(events(&log).contains(&LogEvent::AttackerEliminated {
            seat: Seat(0),
            kind: Kind::Trooper,
            slot: 1
        }));
        assert!(!events(&log).iter().any(|e| matches!(
            e,
            LogEvent::Eliminated {
                seat: Some(Seat(0)),
                ..
            }
        )));
        assert_eq!(s.players[0].supply[Kind::Trooper.index()], 10);
        assert_eq!(s.warfare.slots[1], None);
    }
}

#[test]
fn battle_example_two_sentinels_beat_a_hero() {
    // L309-317: two Black cubes and one Green: the Sentinel wins. A Hero attacking Sentinels
    // brings 2 more cubes (L321): 5 against 5.
    let mut s = blank(2);
    let mut log = Vec::new();
    s.warfare.slots[0] = w(&mut s, 1, Kind::Hero);
    sentinels(&mut s, Alioth, 2);
    s.scripted_draws = vec![1, 2];
    run_from(
        &mut s,
        Step::Warfare { slot: 0 },
        Step::Specialists { slot: 0 },
        &mut log,
    );
    // The one target is forced: the battle is fought at once.
    let b = battle(&log);
    assert_eq!(
        b[0],
        (
            Fighter::Worker {
                seat: Seat(1),
                kind: Kind::Hero
            },
            Fighter::Sentinel,
            5,
            5,
            false
        )
    );
    assert_eq!(s.planets[Alioth.index()].sentinels, 2);
    assert_eq!(s.players[1].supply[Kind::Hero.index()], 10);
}

#[test]
fn a_sentinel_that_loses_is_the_only_loss() {
    let mut s = blank(2);
    let mut log = Vec::new();
    s.warfare.slots[0] = w(&mut s, 0, Kind::Trooper);
    sentinels(&mut s, Alioth, 2);
    s.scripted_draws = vec![2];
    run_from(
        &mut s,
        Step::Warfare { slot: 0 },
        Step::Specialists { slot: 0 },
        &mut log,
    );
    assert_eq!(s.planets[Alioth.index()].sentinels, 1);
    // The attacker is used up all the same (L294).
    assert_eq!(s.players[0].supply[Kind::Trooper.index()], 10);
}

#[test]
fn a_defender_losing_with_a_non_military_worker_loses_a_second() {
    let mut s = blank(2);
    let mut log = Vec::new();
    s.warfare.slots[0] = w(&mut s, 0, Kind::Hero);
    s.warfare.slots[1] = w(&mut s, 0, Kind::Trooper);
    put(&mut s, 1, Kind::Scientist, Place::Planet(Edara), 1);
    put(&mut s, 1, Kind::Rebel, Place::Planet(Edara), 1);
    put(&mut s, 1, Kind::Trooper, Place::Planet(Edara), 2);
    s.scripted_draws = vec![3, 2];
    run_from(
        &mut s,
        Step::Warfare { slot: 0 },
        Step::Specialists { slot: 0 },
        &mut log,
    );
    act(&mut s, Action::Defend(Kind::Scientist), &mut log);
    assert!(is_asking(&s, 1), "the second loss is the defender's choice");
    act(&mut s, Action::Defend(Kind::Rebel), &mut log);
    // The Trooper's attack follows (its target and the defence, Troopers only, are forced);
    // defending with a Trooper loses just the Trooper.
    assert_eq!(crate::rules::board::workers_on(&s, Edara), 1);
    assert_eq!(on(&s, 1, Kind::Trooper, Edara), 1);
    assert_eq!(s.step, Step::Specialists { slot: 0 });
}

// ---- Specialists ----

#[test]
fn the_specialist_box_trains_each_kind_and_the_paid_slot_any_for_five() {
    let mut s = blank(3);
    let mut log = Vec::new();
    s.specialists = [
        w(&mut s, 0, Kind::Rebel),
        w(&mut s, 1, Kind::Rebel),
        None,
        w(&mut s, 0, Kind::Hero),
        w(&mut s, 2, Kind::Rebel),
        w(&mut s, 1, Kind::Rebel),
    ];
    s.players[2].supply[Kind::Diplomat.index()] = 0;
    run_from(
        &mut s,
        Step::Specialists { slot: 0 },
        Step::Senate,
        &mut log,
    );
    assert_eq!(s.players[0].hand[Kind::Trooper.index()], 1);
    assert_eq!(s.players[1].hand[Kind::Hero.index()], 1);
    assert_eq!(s.players[0].hand[Kind::Scientist.index()], 1);
    assert_eq!(
        s.players[2].hand[Kind::Diplomat.index()],
        0,
        "none left to train"
    );
    assert!(is_asking(&s, 1));
    act(&mut s, Action::Kind(Kind::Smuggler), &mut log);
    assert_eq!(s.players[1].hand[Kind::Smuggler.index()], 1);
    assert_eq!(s.players[1].coins, 5);
    assert_eq!(
        s.players[0].supply[Kind::Hero.index()],
        10,
        "the workers went back"
    );
}

#[test]
fn the_paid_slot_gives_nothing_to_a_player_who_cannot_pay() {
    let mut s = blank(2);
    let mut log = Vec::new();
    s.specialists[5] = w(&mut s, 1, Kind::Rebel);
    s.players[1].coins = 4;
    s.coins_out -= 6;
    run_from(
        &mut s,
        Step::Specialists { slot: 0 },
        Step::Senate,
        &mut log,
    );
    assert_eq!(s.active_player(), None);
    assert_eq!(s.players[1].hand, [0; 6]);
}

// ---- Senate ----

#[test]
fn senate_bid_example_blue_wins_with_four_and_pays_four() {
    // L339-355: Blue 9 votes, Yellow 5, Red 4; Yellow bids 1, Red 3, Blue 4; Yellow passes,
    // Red must pass, Blue wins and removes 4 points of workers.
    let (yellow, red, blue) = (0, 1, 2);
    let mut s = blank(3);
    let mut log = Vec::new();
    put(&mut s, blue, Kind::Diplomat, Place::Senate, 3);
    put(&mut s, blue, Kind::Rebel, Place::Senate, 3);
    put(&mut s, yellow, Kind::Rebel, Place::Senate, 5);
    put(&mut s, red, Kind::Diplomat, Place::Senate, 2);
    run_from(&mut s, Step::Senate, Step::Income, &mut log);
    assert!(is_asking(&s, yellow));
    assert_eq!(legal(&s).len(), 6, "bids 1 to 5, or pass");
    act(&mut s, Action::Bid(1), &mut log);
    act(&mut s, Action::Bid(3), &mut log);
    assert!(is_asking(&s, blue));
    assert!(
        !legal(&s).contains(&Action::Bid(10)),
        "not above one's own votes"
    );
    act(&mut s, Action::Bid(4), &mut log);
    act(&mut s, Action::Pass, &mut log);
    // Red cannot raise past 4: the pass is forced. Blue pays.
    assert!(events(&log).contains(&LogEvent::SenateWon {
        seat: Seat(blue),
        bid: 4
    }));
    assert!(is_asking(&s, blue));
    act(&mut s, Action::Pay(Kind::Diplomat), &mut log);
    act(&mut s, Action::Pay(Kind::Diplomat), &mut log);
    assert_eq!(s.players[2].senate_points(), 5);
    assert!(matches!(s.question(), Some(Frame::ChooseCard { .. })));
    // The others' workers stay.
    assert_eq!(s.players[0].senate_points(), 5);
    assert_eq!(s.players[1].senate_points(), 4);
}

/// A lone bidder still bids (research §4 item 41): the bid of 1 is made without a question,
/// and the card is played.
#[test]
fn a_lone_senator_bids_one_and_plays_a_card() {
    let mut s = blank(3);
    let mut log = Vec::new();
    put(&mut s, 1, Kind::Diplomat, Place::Senate, 2);
    run_from(&mut s, Step::Senate, Step::Income, &mut log);
    assert!(events(&log).contains(&LogEvent::Bid {
        seat: Seat(1),
        bid: 1
    }));
    // A Diplomat pays 2 for a bid of 1 (overpaying is allowed).
    assert_eq!(s.players[1].senate_points(), 2);
    assert!(matches!(s.question(), Some(Frame::ChooseCard { .. })));
    s.imperial_shown = [Some(ImperialCard::ImperialDoubleAgent), None, None];
    crate::rules::testkit::settle(&mut s, &mut log);
    assert_eq!(s.double_agent, Some(Seat(1)));
    assert!(s.action_taken);
}

/// L337: bidding goes on until all but one have passed, and that one is the winning bidder.
/// When everyone else passes before anyone bids, the last one in must bid (at least 1): a
/// Senate with workers in it always plays a card.
#[test]
fn the_last_player_left_in_the_senate_is_the_winning_bidder() {
    let mut s = blank(3);
    let mut log = Vec::new();
    for seat in 0..3 {
        put(&mut s, seat, Kind::Rebel, Place::Senate, 2);
    }
    run_from(&mut s, Step::Senate, Step::Income, &mut log);
    assert_eq!(
        legal(&s),
        vec![Action::Bid(1), Action::Bid(2), Action::Pass]
    );
    act(&mut s, Action::Pass, &mut log);
    act(&mut s, Action::Pass, &mut log);
    // Seat 2 is not asked: its bid of 1 is the only answer.
    assert!(events(&log).contains(&LogEvent::SenateWon {
        seat: Seat(2),
        bid: 1
    }));
    assert_eq!(s.players[2].senate_points(), 1);
    assert!(matches!(
        s.question(),
        Some(Frame::ChooseCard { seat: Seat(2) })
    ));
}

/// With no Imperial Action card face up (every deck and discard empty) there is nothing to bid
/// for: nobody bids or pays.
#[test]
fn a_senate_with_no_card_face_up_takes_no_bids() {
    let mut s = blank(2);
    let mut log = Vec::new();
    put(&mut s, 0, Kind::Rebel, Place::Senate, 2);
    s.imperial_shown = [None; 3];
    run_from(&mut s, Step::Senate, Step::Income, &mut log);
    assert_eq!(s.active_player(), None);
    assert_eq!(s.players[0].senate_points(), 2);
    assert!(events(&log).contains(&LogEvent::NoImperialAction));
}

#[test]
fn an_empty_senate_takes_no_action() {
    let mut s = blank(4);
    let mut log = Vec::new();
    run_from(&mut s, Step::Senate, Step::Income, &mut log);
    assert_eq!(s.active_player(), None);
    assert!(events(&log).contains(&LogEvent::NoImperialAction));
}

// ---- The Galactic War ----

#[test]
fn galactic_war_worked_example() {
    // L548-555: 5 Yellow Rebels, 3 Red Rebels and a Red Trooper, 3 Sentinels (8 cubes).
    let (yellow, red) = (0, 1);
    let mut s = blank(2);
    let mut log = Vec::new();
    s.turn = 8;
    put(&mut s, yellow, Kind::Rebel, Place::Planet(Trega), 5);
    put(&mut s, red, Kind::Rebel, Place::Planet(Trega), 3);
    put(&mut s, red, Kind::Trooper, Place::Planet(Trega), 1);
    sentinels(&mut s, Trega, 3);
    // The Sentinels' cubes drawn in each battle, as in the table.
    s.scripted_draws = vec![2, 0, 2, 3, 1, 2, 1];
    run_from(
        &mut s,
        Step::War {
            planet: 0,
            target: None,
        },
        Step::Scoring,
        &mut log,
    );
    // Yellow (most workers) is attacked until wiped out, even once below Red's four: its
    // defences are forced (Rebels only).
    assert_eq!(on(&s, yellow, Kind::Rebel, Trega), 0);
    assert_eq!(s.planets[Trega.index()].sentinels, 2);
    assert!(is_asking(&s, red), "Red chooses its defender");
    act(&mut s, Action::Defend(Kind::Trooper), &mut log);
    assert_eq!(s.planets[Trega.index()].sentinels, 1);
    act(&mut s, Action::Defend(Kind::Trooper), &mut log);
    assert_eq!(on(&s, red, Kind::Trooper, Trega), 0);
    assert_eq!(on(&s, red, Kind::Rebel, Trega), 3);
    assert_eq!(s.planets[Trega.index()].sentinels, 0);
    assert_eq!(s.step, Step::Scoring);
    let b = battle(&log);
    assert_eq!(b.len(), 7);
    assert!(b.iter().all(|x| x.0 == Fighter::Sentinel && x.2 == 8));
    let targets: Vec<_> = events(&log)
        .into_iter()
        .filter(|e| matches!(e, LogEvent::WarTarget { .. }))
        .collect();
    assert_eq!(
        targets,
        vec![
            LogEvent::WarTarget {
                planet: Trega,
                seat: Seat(yellow),
                drawn: false
            },
            LogEvent::WarTarget {
                planet: Trega,
                seat: Seat(red),
                drawn: false
            },
        ]
    );
}

#[test]
fn galactic_war_ties_are_drawn_and_fleets_give_no_shelter() {
    let mut seen = [false; 2];
    for seed in 0..40 {
        let mut s = blank(2);
        s.rng = game_kit::Rng::new(seed);
        let mut log = Vec::new();
        s.turn = 8;
        s.planets[Sargas.index()].imperial_fleet = true;
        s.rebel_fleet = Some((Sargas, Seat(0)));
        put(&mut s, 0, Kind::Rebel, Place::Planet(Sargas), 2);
        put(&mut s, 1, Kind::Rebel, Place::Planet(Sargas), 2);
        sentinels(&mut s, Sargas, 1);
        s.scripted_draws = vec![0];
        run_from(
            &mut s,
            Step::War {
                planet: 0,
                target: None,
            },
            Step::Scoring,
            &mut log,
        );
        let t = events(&log).into_iter().find_map(|e| match e {
            LogEvent::WarTarget { seat, drawn, .. } => Some((seat, drawn)),
            _ => None,
        });
        let (seat, drawn) = t.expect("a target");
        assert!(drawn);
        seen[seat.index()] = true;
        assert_eq!(s.planets[Sargas.index()].sentinels, 0);
    }
    assert_eq!(seen, [true, true]);
}

#[test]
fn galactic_war_leaves_planets_with_only_sentinels_or_only_rebels() {
    let mut s = blank(3);
    let mut log = Vec::new();
    s.turn = 8;
    sentinels(&mut s, Veltair, 2);
    put(&mut s, 2, Kind::Rebel, Place::Planet(Trega), 4);
    run_from(
        &mut s,
        Step::War {
            planet: 0,
            target: None,
        },
        Step::Scoring,
        &mut log,
    );
    assert!(battle(&log).is_empty());
    assert_eq!(s.step, Step::Scoring);
}
