//! Objective scenarios (docs/swr/cards/objectives.md): start-of-refresh objectives claimed in
//! the Refresh phase, combat objectives in the windows after each combat step.

use super::super::combat::{CombatStep, Window};
use super::super::frames::Frame;
use super::super::tactics::tests::{
    at, attack_with, battle, battle_on, decline_until, fight, step_now, unit,
};
use super::super::testkit::empty_board;
use super::met;
use crate::action::Action;
use crate::data::cards::Objective::{self, *};
use crate::data::leaders::LeaderId::*;
use crate::data::systems::named::*;
use crate::data::units::Theater::{Ground, Space};
use crate::data::units::UnitKind::{self, *};
use crate::data::Side::{Empire, Rebel};
use crate::log::{DieColor, Face, LogEntry, LogEvent};
use crate::state::{GameState, LeaderPlace, Loyalty, Phase, Ring};

use DieColor::{Black, Red};
use Face::{Blank, DirectHit, Hit};

fn logged(log: &[LogEntry], event: &LogEvent) -> bool {
    log.iter().any(|e| e.event == *event)
}

// ---------------------------------------------------------------------------------------
// Start of the Refresh phase

/// An empty board with no loyalty anywhere but Coruscant's, the base at Endor, and the Rebel
/// holding exactly `objectives` (and no more to draw).
fn neutral(seed: u64, objectives: &[Objective]) -> GameState {
    let mut s = empty_board(seed);
    s.set_base(ENDOR);
    for st in s.systems.iter_mut() {
        st.loyalty = None;
    }
    s.systems[CORUSCANT.index()].loyalty = Some(Loyalty::Empire);
    s.objectives = objectives.to_vec();
    s.objective_deck.clear(); // the Refresh phase draws none
    s
}

/// Both players pass: the Refresh phase starts with its objective window.
fn refresh(s: &mut GameState) -> Vec<Action> {
    s.play(Action::Pass);
    s.play(Action::Pass);
    assert_eq!(s.phase, Phase::Refresh);
    s.legal_now()
}

fn loyal(s: &mut GameState, systems: &[crate::SystemId], loyalty: Loyalty) {
    for sys in systems {
        s.systems[sys.index()].loyalty = Some(loyalty);
    }
}

#[test]
fn cut_supply_lines_counts_imperial_systems_with_sabotage_or_rebel_units() {
    let mut s = neutral(40, &[CutSupplyLines]);
    loyal(&mut s, &[MUSTAFAR], Loyalty::Empire);
    s.systems[MUSTAFAR.index()].sabotaged = true;
    s.put(at(CORUSCANT), XWing, 1);
    // A destroyed system is no longer Imperial, sabotage or not.
    s.systems[ALDERAAN.index()].destroyed = true;
    s.systems[ALDERAAN.index()].sabotaged = true;
    assert!(!met(&s, CutSupplyLines));
    // A subjugated Rebel system is Imperial.
    loyal(&mut s, &[NABOO], Loyalty::Rebel);
    s.systems[NABOO.index()].subjugated = true;
    s.put(at(NABOO), Stormtrooper, 1)
        .put(at(NABOO), RebelTrooper, 1);
    assert!(met(&s, CutSupplyLines));
    assert_eq!(
        refresh(&mut s),
        vec![Action::Objective(CutSupplyLines), Action::Done]
    );
    let log = s.play(Action::Objective(CutSupplyLines));
    assert!(logged(
        &log,
        &LogEvent::ObjectivePlayed {
            objective: CutSupplyLines,
            reputation: 1
        }
    ));
    assert_eq!(s.reputation(), 13);
    assert!(s.objectives().is_empty());
}

#[test]
fn defend_the_people_needs_four_unsubjugated_rebel_systems_with_rebel_units() {
    let mut s = neutral(41, &[DefendThePeople]);
    loyal(&mut s, &[NABOO, KASHYYYK, BOTHAWUI, RYLOTH], Loyalty::Rebel);
    for sys in [NABOO, KASHYYYK, BOTHAWUI] {
        s.put(at(sys), RebelTrooper, 1);
    }
    // Units in the hidden base's space count for no system.
    s.set_base(RYLOTH);
    s.put(crate::state::Place::RebelBase, RebelTrooper, 2);
    assert!(!met(&s, DefendThePeople));
    s.put(at(RYLOTH), XWing, 1);
    assert!(met(&s, DefendThePeople));
    s.systems[NABOO.index()].subjugated = true;
    s.put(at(NABOO), Stormtrooper, 1);
    assert!(
        !met(&s, DefendThePeople),
        "a subjugated system is not a Rebel system"
    );
    s.systems[NABOO.index()].subjugated = false;
    s.units[at(NABOO).index()][Stormtrooper.index()] = 0;
    s.supply[Stormtrooper.index()] += 1;
    assert_eq!(
        refresh(&mut s),
        vec![Action::Objective(DefendThePeople), Action::Done]
    );
    s.play(Action::Objective(DefendThePeople));
    assert_eq!(s.reputation(), 13);
}

#[test]
fn regional_support_needs_every_remaining_populous_system_of_a_region() {
    // Bespin and Mustafar are the populous systems of their region (Hoth and Endor are remote).
    let mut s = neutral(42, &[RegionalSupport]);
    loyal(&mut s, &[BESPIN], Loyalty::Rebel);
    loyal(&mut s, &[MUSTAFAR], Loyalty::Empire);
    assert!(!met(&s, RegionalSupport));
    loyal(&mut s, &[MUSTAFAR], Loyalty::Rebel);
    s.systems[MUSTAFAR.index()].subjugated = true;
    assert!(met(&s, RegionalSupport), "subjugation does not matter");
    // A destroyed system drops out; a region with none left cannot qualify.
    s.systems[MUSTAFAR.index()] = Default::default();
    s.systems[MUSTAFAR.index()].destroyed = true;
    assert!(met(&s, RegionalSupport));
    s.systems[BESPIN.index()] = Default::default();
    s.systems[BESPIN.index()].destroyed = true;
    assert!(!met(&s, RegionalSupport));
    loyal(&mut s, &[NABOO, SULLUST, UTAPAU], Loyalty::Rebel);
    assert_eq!(
        refresh(&mut s),
        vec![Action::Objective(RegionalSupport), Action::Done]
    );
    s.play(Action::Objective(RegionalSupport));
    assert_eq!(s.reputation(), 13);
}

#[test]
fn heart_of_the_empire_needs_coruscant_held_and_goes_back_to_the_hand() {
    let mut s = neutral(43, &[HeartOfTheEmpire]);
    s.put(at(CORUSCANT), XWing, 1)
        .put(at(CORUSCANT), TieFighter, 1);
    assert!(!met(&s, HeartOfTheEmpire));
    s.units[at(CORUSCANT).index()][TieFighter.index()] = 0;
    s.supply[TieFighter.index()] += 1;
    assert_eq!(
        refresh(&mut s),
        vec![Action::Objective(HeartOfTheEmpire), Action::Done]
    );
    let log = s.play(Action::Objective(HeartOfTheEmpire));
    assert!(logged(
        &log,
        &LogEvent::ObjectivePlayed {
            objective: HeartOfTheEmpire,
            reputation: 2
        }
    ));
    assert_eq!(s.reputation(), 12);
    assert_eq!(s.objectives(), &[HeartOfTheEmpire]);
}

#[test]
fn leave_no_one_behind_needs_no_captive() {
    let mut s = neutral(44, &[LeaveNoOneBehind]);
    s.put(at(NABOO), Stormtrooper, 1);
    s.set_leader(Leia, LeaderPlace::Board(at(NABOO)));
    s.leaders[Leia.index()].ring = Some(Ring::Carbonite);
    assert!(!met(&s, LeaveNoOneBehind));
    s.leaders[Leia.index()].ring = None;
    s.set_leader(Leia, LeaderPlace::Eliminated);
    assert!(met(&s, LeaveNoOneBehind));
    assert_eq!(
        refresh(&mut s),
        vec![Action::Objective(LeaveNoOneBehind), Action::Done]
    );
    s.play(Action::Objective(LeaveNoOneBehind));
    assert_eq!(s.reputation(), 13);
}

#[test]
fn popular_support_counts_rebel_loyalty_subjugated_or_not() {
    let mut s = neutral(45, &[PopularSupport]);
    loyal(
        &mut s,
        &[NABOO, KASHYYYK, BOTHAWUI, RYLOTH, SULLUST],
        Loyalty::Rebel,
    );
    assert!(!met(&s, PopularSupport));
    loyal(&mut s, &[UTAPAU], Loyalty::Rebel);
    s.systems[UTAPAU.index()].subjugated = true;
    s.put(at(UTAPAU), Stormtrooper, 1);
    assert_eq!(
        refresh(&mut s),
        vec![Action::Objective(PopularSupport), Action::Done]
    );
    s.play(Action::Objective(PopularSupport));
    assert_eq!(s.reputation(), 13);
}

#[test]
fn establish_outposts_counts_any_five_systems_with_rebel_units_but_not_the_base_space() {
    let mut s = neutral(46, &[EstablishOutposts]);
    for sys in [HOTH, CORUSCANT, NABOO, KESSEL] {
        s.put(at(sys), XWing, 1);
    }
    s.put(crate::state::Place::RebelBase, RebelTrooper, 1);
    assert!(!met(&s, EstablishOutposts));
    s.put(at(DAGOBAH), RebelTrooper, 1);
    assert_eq!(
        refresh(&mut s),
        vec![Action::Objective(EstablishOutposts), Action::Done]
    );
    s.play(Action::Objective(EstablishOutposts));
    assert_eq!(s.reputation(), 13);
}

#[test]
fn inspire_sympathy_is_worth_one_per_destroyed_system_and_nothing_without_one() {
    let mut s = neutral(47, &[InspireSympathy]);
    assert!(!met(&s, InspireSympathy));
    s.systems[ALDERAAN.index()].destroyed = true;
    s.systems[MUSTAFAR.index()].destroyed = true;
    assert_eq!(
        refresh(&mut s),
        vec![Action::Objective(InspireSympathy), Action::Done]
    );
    let log = s.play(Action::Objective(InspireSympathy));
    assert!(logged(
        &log,
        &LogEvent::ObjectivePlayed {
            objective: InspireSympathy,
            reputation: 2
        }
    ));
    assert_eq!(s.reputation(), 12);
}

#[test]
fn one_objective_per_refresh_and_reaching_the_time_marker_wins() {
    let mut s = neutral(48, &[LeaveNoOneBehind, EstablishOutposts]);
    for sys in [HOTH, CORUSCANT, NABOO, KESSEL, DAGOBAH] {
        s.put(at(sys), XWing, 1);
    }
    let legal = refresh(&mut s);
    assert_eq!(
        legal,
        vec![
            Action::Objective(LeaveNoOneBehind),
            Action::Objective(EstablishOutposts),
            Action::Done
        ]
    );
    s.play(Action::Objective(EstablishOutposts));
    assert!(!s
        .legal_now()
        .iter()
        .any(|a| matches!(a, Action::Objective(_))));
    assert_eq!(s.objectives(), &[LeaveNoOneBehind]);

    let mut s = neutral(48, &[LeaveNoOneBehind]);
    s.reputation = s.time() + 1;
    refresh(&mut s);
    s.play(Action::Objective(LeaveNoOneBehind));
    assert_eq!(s.winner(), Some(Rebel));
}

// ---------------------------------------------------------------------------------------
// Combat

/// Declines everything until the Rebel is offered an objective (or the combat is over).
/// The next objective window that offers an objective (the Rebel is asked at every window
/// while holding objectives, usually with only `Done` to answer).
fn to_window(s: &mut GameState) -> Option<Window> {
    decline_until(s, |s| {
        matches!(step_now(s), Some(CombatStep::Objective { .. })) && s.legal_now() != [Action::Done]
    });
    match step_now(s) {
        Some(CombatStep::Objective { window }) => Some(window),
        _ => None,
    }
}

/// The Rebel attacks first in `theater` with these dice, all of them assigned to `target`.
fn rebel_attack(
    s: &mut GameState,
    theater: crate::Theater,
    dice: &[(DieColor, Face)],
    target: UnitKind,
) {
    attack_with(s, Rebel, theater, dice);
    s.play(Action::Done);
    let t = unit(s, target);
    for die in 0..dice.len() as u8 {
        s.play(Action::Damage { die, target: t });
    }
}

#[test]
fn crippling_blow_needs_three_health_of_ground_units_destroyed_in_a_rebel_combat() {
    let mut s = battle(
        50,
        FELUCIA,
        &[(RebelTrooper, 3), (AtSt, 1), (Stormtrooper, 1)],
        Rebel,
    );
    s.objectives = vec![CripplingBlow];
    attack_with(
        &mut s,
        Rebel,
        Ground,
        &[(Red, DirectHit), (Red, DirectHit), (Black, Hit)],
    );
    s.play(Action::Done);
    let (atst, trooper) = (unit(&s, AtSt), unit(&s, Stormtrooper));
    s.play(Action::Damage {
        die: 0,
        target: atst,
    });
    s.play(Action::Damage {
        die: 1,
        target: atst,
    });
    s.play(Action::Damage {
        die: 2,
        target: trooper,
    });
    assert_eq!(to_window(&mut s), Some(Window::Ground));
    assert_eq!(s.active_player(), Some(Rebel));
    assert_eq!(
        s.legal_now(),
        vec![Action::Objective(CripplingBlow), Action::Done]
    );
    let log = s.play(Action::Objective(CripplingBlow));
    assert!(logged(
        &log,
        &LogEvent::ObjectivePlayed {
            objective: CripplingBlow,
            reputation: 1
        }
    ));
    assert_eq!(s.reputation(), 13);
    assert!(s.objectives().is_empty());

    // Not in a combat the Empire started.
    let mut s = battle(
        50,
        FELUCIA,
        &[(RebelTrooper, 3), (AtSt, 1), (Stormtrooper, 1)],
        Empire,
    );
    s.objectives = vec![CripplingBlow];
    rebel_attack(&mut s, Ground, &[(Red, DirectHit), (Red, DirectHit)], AtSt);
    let atst_gone = s.count(at(FELUCIA), AtSt) == 0;
    assert!(atst_gone && to_window(&mut s).is_none());
    assert_eq!(s.objectives(), &[CripplingBlow]);
}

#[test]
fn rebel_assault_and_major_victory_count_imperial_ships_destroyed_and_only_one_is_played() {
    let mut s = battle(
        51,
        FELUCIA,
        &[(XWing, 5), (StarDestroyer, 1), (TieFighter, 1)],
        Rebel,
    );
    s.objectives = vec![RebelAssault, MajorVictory];
    rebel_attack(
        &mut s,
        Space,
        &[
            (Red, DirectHit),
            (Red, DirectHit),
            (Red, DirectHit),
            (Red, DirectHit),
        ],
        StarDestroyer,
    );
    assert_eq!(to_window(&mut s), Some(Window::Space));
    assert_eq!(
        s.legal_now(),
        vec![
            Action::Objective(RebelAssault),
            Action::Objective(MajorVictory),
            Action::Done
        ]
    );
    s.play(Action::Objective(RebelAssault));
    assert!(fight(&s).objective_played);
    assert_eq!(to_window(&mut s), None, "one objective per combat");
    assert_eq!(s.objectives(), &[MajorVictory]);
    assert_eq!(s.reputation(), 13);
}

#[test]
fn major_victory_counts_tie_fighters() {
    let mut s = battle(52, FELUCIA, &[(XWing, 5), (TieFighter, 4)], Rebel);
    s.objectives = vec![RebelAssault, MajorVictory];
    attack_with(
        &mut s,
        Rebel,
        Space,
        &[(Black, Hit), (Black, Hit), (Black, Hit)],
    );
    s.play(Action::Done);
    let tie = unit(&s, TieFighter);
    for die in 0..3 {
        s.play(Action::Damage {
            die,
            target: tie + die,
        });
    }
    assert_eq!(to_window(&mut s), Some(Window::Space));
    assert_eq!(
        s.legal_now(),
        vec![Action::Objective(MajorVictory), Action::Done]
    );
}

#[test]
fn liberation_needs_a_ground_battle_won_in_a_system_subjugated_when_the_combat_began() {
    let board = |seed, subjugated| {
        let mut s = empty_board(seed);
        s.set_base(ENDOR);
        s.systems[FELUCIA.index()].loyalty = None;
        s.systems[FELUCIA.index()].subjugated = subjugated;
        s.objectives = vec![Liberation];
        // The Empire started it: the Rebel's attack is the second of the step.
        battle_on(s, FELUCIA, &[(RebelTrooper, 1), (Stormtrooper, 1)], Empire)
    };
    let mut s = board(53, true);
    rebel_attack(&mut s, Ground, &[(Black, Hit)], Stormtrooper);
    assert_eq!(to_window(&mut s), Some(Window::Ground));
    assert_eq!(
        s.legal_now(),
        vec![Action::Objective(Liberation), Action::Done]
    );
    s.play(Action::Objective(Liberation));
    assert_eq!(s.reputation(), 13);
    decline_until(&mut s, |_| false);
    assert!(!s.system(FELUCIA).subjugated);

    let mut s = board(53, false);
    rebel_attack(&mut s, Ground, &[(Black, Hit)], Stormtrooper);
    assert_eq!(to_window(&mut s), None);
    assert_eq!(s.objectives(), &[Liberation]);
}

#[test]
fn liberation_may_come_after_the_retreat_step_when_the_empire_leaves_the_ground() {
    let mut s = empty_board(60);
    s.set_base(ENDOR);
    s.systems[FELUCIA.index()].loyalty = None;
    s.systems[FELUCIA.index()].subjugated = true;
    s.objectives = vec![Liberation];
    s.set_leader(Vader, LeaderPlace::Board(at(FELUCIA)));
    let mut s = battle_on(
        s,
        FELUCIA,
        &[
            (RebelTrooper, 2),
            (XWing, 1),
            (StarDestroyer, 1),
            (Stormtrooper, 1),
        ],
        Empire,
    );
    super::super::tactics::tests::fight_mut(&mut s).step = CombatStep::Retreat { side: Empire };
    let Some(&Action::Retreat { leader, to }) = s.legal_now().first() else {
        panic!("{:?}", s.legal_now())
    };
    s.play(Action::Retreat { leader, to });
    s.play(Action::Move {
        kind: Stormtrooper,
        from: at(FELUCIA),
    });
    assert_eq!(
        step_now(&s),
        Some(CombatStep::Objective {
            window: Window::Retreat
        })
    );
    assert_eq!(
        s.legal_now(),
        vec![Action::Objective(Liberation), Action::Done]
    );
    s.play(Action::Objective(Liberation));
    assert_eq!(s.reputation(), 13);
}

/// Two X-wings against a TIE, with Vader, Fel and Luke (Jedi) there from the start.
fn jedi_fight(seed: u64) -> GameState {
    let mut s = empty_board(seed);
    s.set_base(ENDOR);
    s.objectives = vec![ReturnOfTheJedi];
    for l in [Vader, Fel, Luke] {
        s.set_leader(l, LeaderPlace::Board(at(FELUCIA)));
    }
    s.leaders[Luke.index()].jedi = true;
    battle_on(s, FELUCIA, &[(XWing, 2), (TieFighter, 1)], Rebel)
}

#[test]
fn return_of_the_jedi_lets_luke_eliminate_an_imperial_leader_of_the_rebels_choice() {
    let mut s = jedi_fight(54);
    rebel_attack(&mut s, Space, &[(Black, Hit)], TieFighter);
    assert_eq!(to_window(&mut s), Some(Window::Space));
    assert_eq!(
        s.legal_now(),
        vec![Action::Objective(ReturnOfTheJedi), Action::Done]
    );
    let log = s.play(Action::Objective(ReturnOfTheJedi));
    assert!(logged(
        &log,
        &LogEvent::ObjectivePlayed {
            objective: ReturnOfTheJedi,
            reputation: 2
        }
    ));
    assert_eq!(s.reputation(), 12);
    assert_eq!(s.active_player(), Some(Rebel));
    assert_eq!(
        s.legal_now(),
        vec![Action::Leader(Vader), Action::Leader(Fel)]
    );
    let log = s.play(Action::Leader(Fel));
    assert!(logged(&log, &LogEvent::LeaderEliminated { leader: Fel }));
    assert_eq!(s.leader(Fel).place, LeaderPlace::Eliminated);
    assert_eq!(s.leader(Vader).place, LeaderPlace::Board(at(FELUCIA)));
}

#[test]
fn return_of_the_jedi_counts_vader_even_after_he_left_and_needs_luke_as_a_jedi_to_eliminate() {
    let mut s = jedi_fight(55);
    s.set_leader(Vader, LeaderPlace::Pool);
    s.leaders[Luke.index()].jedi = false;
    rebel_attack(&mut s, Space, &[(Black, Hit)], TieFighter);
    assert_eq!(to_window(&mut s), Some(Window::Space));
    s.play(Action::Objective(ReturnOfTheJedi));
    assert_eq!(s.leader(Fel).place, LeaderPlace::Board(at(FELUCIA)));
    assert!(!s.stack.iter().any(|f| matches!(f, Frame::Effect(_))));

    // Neither Vader nor the Emperor ever there: not offered.
    let mut s = battle(56, FELUCIA, &[(XWing, 2), (TieFighter, 1)], Rebel);
    s.objectives = vec![ReturnOfTheJedi];
    rebel_attack(&mut s, Space, &[(Black, Hit)], TieFighter);
    assert_eq!(to_window(&mut s), None);
}

#[test]
fn return_of_the_jedi_sees_vader_at_the_start_of_a_real_combat() {
    let mut s = empty_board(57);
    s.set_base(ENDOR);
    s.objectives = vec![ReturnOfTheJedi];
    s.put(at(FELUCIA), TieFighter, 1)
        .put(at(MON_CALAMARI), XWing, 2);
    s.set_leader(Vader, LeaderPlace::Board(at(FELUCIA)));
    s.play(Action::Activate {
        leader: Dodonna,
        system: FELUCIA,
    });
    s.play(Action::Move {
        kind: XWing,
        from: at(MON_CALAMARI),
    });
    s.play(Action::Move {
        kind: XWing,
        from: at(MON_CALAMARI),
    });
    s.play(Action::Done);
    assert!(fight(&s).sith_present);
    assert_eq!(fight(&s).attacker, Rebel);
}

fn plans_fight(seed: u64, units: &[(UnitKind, u8)], plans: Objective) -> GameState {
    let mut s = battle(seed, FELUCIA, units, Rebel);
    s.objectives = vec![plans];
    attack_with(&mut s, Rebel, Space, &[(Black, Blank)]);
    s.play(Action::Done);
    s
}

#[test]
fn death_star_plans_missed_go_back_to_the_hand_and_may_be_tried_next_round() {
    let mut s = plans_fight(58, &[(XWing, 5), (DeathStar, 1)], DeathStarPlansII);
    assert_eq!(to_window(&mut s), Some(Window::Space));
    assert_eq!(
        s.legal_now(),
        vec![Action::Objective(DeathStarPlansII), Action::Done]
    );
    s.play(Action::Objective(DeathStarPlansII));
    // The colour of each die is the Rebel's: n red, the rest black.
    assert_eq!(s.legal_now(), (0..=3).map(Action::Die).collect::<Vec<_>>());
    let log = s.play(Action::Die(0));
    let dice = log.iter().find_map(|e| match &e.event {
        LogEvent::DeathStarPlansRolled {
            objective: DeathStarPlansII,
            dice,
        } => Some(dice.clone()),
        _ => None,
    });
    assert!(dice.is_some_and(|d| d.len() == 3 && d.iter().all(|d| d.color == Black)));
    assert_eq!(
        s.count(at(FELUCIA), DeathStar),
        1,
        "black dice show no direct hit"
    );
    assert_eq!(s.objectives(), &[DeathStarPlansII]);
    assert!(!fight(&s).objective_played, "a miss is not a play");
    assert_eq!(s.reputation(), 14);
    decline_until(&mut s, |s| {
        fight(s).round >= 2 && matches!(step_now(s), Some(CombatStep::Objective { .. }))
    });
    assert_eq!(
        (fight(&s).round, step_now(&s)),
        (
            2,
            Some(CombatStep::Objective {
                window: Window::Space
            })
        )
    );
    assert!(s.legal_now().contains(&Action::Objective(DeathStarPlansII)));
}

#[test]
fn death_star_plans_hit_destroys_the_death_star_for_two_reputation() {
    for seed in 0..40 {
        let mut s = plans_fight(seed, &[(XWing, 5), (DeathStar, 1)], DeathStarPlansIII);
        assert_eq!(to_window(&mut s), Some(Window::Space));
        s.play(Action::Objective(DeathStarPlansIII));
        let log = s.play(Action::Die(3));
        if s.count(at(FELUCIA), DeathStar) == 1 {
            assert_eq!(s.objectives(), &[DeathStarPlansIII]);
            continue;
        }
        assert!(log.iter().any(|e| matches!(&e.event,
            LogEvent::DeathStarPlansRolled { dice, .. } if dice.iter().any(|d| d.face == DirectHit))));
        assert!(logged(
            &log,
            &LogEvent::UnitDestroyed {
                kind: DeathStar,
                place: at(FELUCIA)
            }
        ));
        assert!(logged(
            &log,
            &LogEvent::ObjectivePlayed {
                objective: DeathStarPlansIII,
                reputation: 2
            }
        ));
        assert!(s.objectives().is_empty());
        assert_eq!(s.reputation(), 12);
        return;
    }
    panic!("never a direct hit");
}

#[test]
fn death_star_plans_may_take_a_lone_dsuc_and_the_death_star_queued_with_it() {
    for seed in 0..40 {
        let mut s = plans_fight(
            seed,
            &[(XWing, 5), (DeathStarUnderConstruction, 1)],
            DeathStarPlansII,
        );
        s.supply[DeathStar.index()] -= 1;
        s.cards[Empire.index()].queue[1][DeathStar.index()] = 1;
        assert_eq!(to_window(&mut s), Some(Window::Space));
        s.play(Action::Objective(DeathStarPlansII));
        s.play(Action::Die(3));
        if s.objectives() == [DeathStarPlansII] {
            // Missed: the lone DSUC still falls at the end of the round, for no reputation.
            decline_until(&mut s, |s| step_now(s).is_none());
            assert_eq!(s.count(at(FELUCIA), DeathStarUnderConstruction), 0);
            assert_eq!(s.reputation(), 14);
            continue;
        }
        assert_eq!(s.count(at(FELUCIA), DeathStarUnderConstruction), 0);
        assert_eq!(
            s.cards[Empire.index()].queue[1][DeathStar.index()],
            0,
            "the queued Death Star goes too"
        );
        assert_eq!(s.supply(DeathStar), 2);
        assert_eq!(s.reputation(), 12);
        return;
    }
    panic!("never a direct hit");
}

#[test]
fn death_star_plans_with_two_stations_lets_the_rebel_choose() {
    for seed in 0..40 {
        let mut s = plans_fight(
            seed,
            &[(XWing, 5), (DeathStar, 1), (DeathStarUnderConstruction, 1)],
            DeathStarPlansII,
        );
        s.supply[DeathStar.index()] -= 1;
        s.cards[Empire.index()].queue[1][DeathStar.index()] = 1;
        to_window(&mut s);
        s.play(Action::Objective(DeathStarPlansII));
        s.play(Action::Die(3));
        if s.legal_now()
            .iter()
            .all(|a| !matches!(a, Action::Destroy { .. }))
        {
            continue;
        }
        assert_eq!(
            s.legal_now(),
            vec![
                Action::Destroy {
                    kind: DeathStar,
                    at: at(FELUCIA)
                },
                Action::Destroy {
                    kind: DeathStarUnderConstruction,
                    at: at(FELUCIA)
                }
            ]
        );
        s.play(Action::Destroy {
            kind: DeathStarUnderConstruction,
            at: at(FELUCIA),
        });
        assert_eq!(s.count(at(FELUCIA), DeathStarUnderConstruction), 0);
        assert_eq!(s.count(at(FELUCIA), DeathStar), 1);
        assert_eq!(
            s.cards[Empire.index()].queue[1][DeathStar.index()],
            0,
            "the queued Death Star goes too"
        );
        assert_eq!(s.reputation(), 12);
        return;
    }
    panic!("never a direct hit");
}

#[test]
fn death_star_plans_need_a_rebel_fighter() {
    let mut s = plans_fight(
        59,
        &[(CorellianCorvette, 3), (DeathStar, 1)],
        DeathStarPlansII,
    );
    assert_eq!(to_window(&mut s), None);
    assert_eq!(s.objectives(), &[DeathStarPlansII]);
}

#[test]
fn one_in_a_million_makes_death_star_plans_hit_and_the_yoda_ring_may_reroll_a_miss() {
    // Wedge places a direct hit: the Death Star goes.
    let mut s = plans_fight(60, &[(XWing, 5), (DeathStar, 1)], DeathStarPlansII);
    s.set_leader(Wedge, LeaderPlace::Board(at(FELUCIA)));
    s.cards[Rebel.index()].actions = vec![crate::data::cards::ActionCard::OneInAMillion];
    assert_eq!(to_window(&mut s), Some(Window::Space));
    s.play(Action::Objective(DeathStarPlansII));
    let card = Action::Card(crate::data::cards::ActionCard::OneInAMillion);
    assert!(s.legal_now().contains(&card));
    s.play(card);
    assert_eq!(s.count(at(FELUCIA), DeathStar), 0);
    assert!(s.objectives().is_empty());
    assert!(s.cards[Rebel.index()].actions.is_empty());

    // Luke with the Yoda ring: a miss may be rerolled once, then no more this round.
    let mut tried = 0;
    for seed in 0..30 {
        let mut s = plans_fight(seed, &[(XWing, 5), (DeathStar, 1)], DeathStarPlansII);
        s.set_leader(Luke, LeaderPlace::Board(at(FELUCIA)));
        s.leaders[Luke.index()].ring = Some(Ring::Yoda);
        assert_eq!(to_window(&mut s), Some(Window::Space));
        s.play(Action::Objective(DeathStarPlansII));
        s.play(Action::Die(3));
        if s.count(at(FELUCIA), DeathStar) == 0 {
            continue; // hit at once
        }
        assert_eq!(
            s.legal_now(),
            vec![Action::Die(0), Action::Die(1), Action::Die(2), Action::Done]
        );
        s.play(Action::Die(0));
        assert!(s.marks.yoda_used);
        tried += 1;
    }
    assert!(tried > 5);
}
