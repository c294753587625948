//! Scenario tests of the core rules: setup, movement and transport, the Rebel base, combat,
//! subjugation, capture and the Refresh phase. Card effects have their own test files.

use super::combat::CombatStep;
use super::frames::{Frame, RefreshStep};
use super::testkit::{after_setup, empty_board};
use crate::action::Action;
use crate::data::cards::{Mission, PROBE_IMPERIAL_SETUP, PROBE_REBEL_SETUP};
use crate::data::leaders::LeaderId::{self, *};
use crate::data::systems::{named::*, SystemId};
use crate::data::units::Theater;
use crate::data::units::UnitKind::{self, *};
use crate::data::Side::{self, *};
use crate::log::{LogEvent, NoLog, Victory};
use crate::state::{GameOptions, GameState, LeaderPlace, Loyalty, Phase, Place, Ring};
use crate::view::Prompt;

fn at(s: SystemId) -> Place {
    Place::System(s)
}

fn turn(state: &mut GameState, side: Side) {
    state.phase = Phase::Command {
        turn: side,
        passed: [false; 2],
    };
}

fn moves(state: &GameState) -> Vec<(UnitKind, Place)> {
    state
        .legal_now()
        .into_iter()
        .filter_map(|a| match a {
            Action::Move { kind, from } => Some((kind, from)),
            _ => None,
        })
        .collect()
}

fn events(log: &[crate::log::LogEntry]) -> Vec<LogEvent> {
    log.iter().map(|e| e.event.clone()).collect()
}

// ---------------------------------------------------------------------------------------
// Setup

#[test]
fn setup_draws_starting_loyalty_from_the_setup_pools_and_deals_the_hands() {
    for seed in 0..40 {
        let s = GameState::new(seed, GameOptions::default(), &mut NoLog);
        let rebel: Vec<_> = SystemId::ALL
            .into_iter()
            .filter(|x| s.system(*x).loyalty == Some(Loyalty::Rebel))
            .collect();
        assert_eq!(rebel.len(), 3);
        assert!(rebel.iter().all(|x| PROBE_REBEL_SETUP.contains(x)));
        let subjugated: Vec<_> = SystemId::ALL
            .into_iter()
            .filter(|x| s.system(*x).subjugated)
            .collect();
        let loyal: Vec<_> = SystemId::ALL
            .into_iter()
            .filter(|x| *x != CORUSCANT && s.system(*x).loyalty == Some(Loyalty::Empire))
            .collect();
        assert_eq!((subjugated.len(), loyal.len()), (2, 3));
        assert!(subjugated
            .iter()
            .chain(&loyal)
            .all(|x| PROBE_IMPERIAL_SETUP.contains(x)));
        assert_eq!(s.system(CORUSCANT).loyalty, Some(Loyalty::Empire));
        // The five Imperial cards left the game; the rest went back into the deck.
        assert_eq!(s.probe_deck.len(), 26);
        assert!(subjugated
            .iter()
            .chain(&loyal)
            .all(|x| !s.probe_deck.contains(x)));
        assert!(!s.probe_deck.contains(&CORUSCANT));
        assert_eq!((s.time, s.reputation), (1, 14));
        assert_eq!(s.objectives.len(), 1);
        assert_eq!(s.objective_deck.len(), 14);
        assert!(s.objectives.iter().all(|o| o.info().stage == 1));
        for side in Side::BOTH {
            assert_eq!(s.cards[side.index()].missions.len(), 6);
            assert_eq!(
                s.cards[side.index()]
                    .missions
                    .iter()
                    .filter(|m| m.is_starting())
                    .count(),
                4
            );
            assert_eq!(s.cards[side.index()].actions.len(), 2);
            assert_eq!(s.cards[side.index()].action_deck.len(), 12);
            assert_eq!(s.pool(side).count(), 4);
        }
        assert_eq!(s.project_deck.len(), 10);
        assert_eq!([s.tactic_decks[0].len(), s.tactic_decks[1].len()], [15, 15]);
        assert_eq!(s.active_player(), Some(Empire));
        assert_eq!(s.view(Empire).prompt, Some(Prompt::PlaceStartingUnits));
    }
}

#[test]
fn imperial_starting_units_leave_a_ground_unit_for_every_imperial_system() {
    for seed in 0..60 {
        let s = after_setup(seed);
        let imperial: Vec<_> = SystemId::ALL
            .into_iter()
            .filter(|x| s.is_imperial_system(*x))
            .collect();
        assert_eq!(imperial.len(), 6);
        for x in &imperial {
            assert!(
                s.has_theater(at(*x), Empire, Theater::Ground),
                "seed {seed}: {}",
                x.name()
            );
        }
        let placed: u32 = Place::all()
            .flat_map(|p| UnitKind::of(Empire).iter().map(move |k| (p, *k)))
            .map(|(p, k)| s.count(p, k) as u32)
            .sum();
        assert_eq!(placed, 37);
        // Only in Imperial systems.
        for x in SystemId::ALL {
            if s.has_units(at(x), Empire) {
                assert!(imperial.contains(&x));
            }
        }
    }
}

#[test]
fn rebel_starting_units_go_to_the_base_space_and_one_system_without_imperial_units() {
    let mut s = GameState::new(5, GameOptions::default(), &mut NoLog);
    while matches!(s.stack.last(), Some(Frame::PlaceImperialStart { .. })) {
        let a = s.legal_now()[0];
        s.play(a);
    }
    let places: Vec<Place> = s
        .legal_now()
        .into_iter()
        .filter_map(|a| match a {
            Action::Deploy { to, .. } => Some(to),
            _ => None,
        })
        .collect();
    assert!(places.contains(&Place::RebelBase));
    for x in SystemId::ALL {
        assert_eq!(
            places.contains(&at(x)),
            !s.has_units(at(x), Empire),
            "{}",
            x.name()
        );
    }
    let free = SystemId::ALL
        .into_iter()
        .find(|x| !s.has_units(at(*x), Empire))
        .unwrap();
    s.play(Action::Deploy {
        kind: RebelTrooper,
        to: at(free),
    });
    let places: Vec<Place> = s
        .legal_now()
        .into_iter()
        .filter_map(|a| match a {
            Action::Deploy { to, .. } => Some(to),
            _ => None,
        })
        .collect();
    assert!(places
        .iter()
        .all(|p| *p == Place::RebelBase || *p == at(free)));
}

#[test]
fn the_base_is_a_secret_choice_among_probe_cards_of_systems_without_imperial_units() {
    let mut s = GameState::new(8, GameOptions::default(), &mut NoLog);
    while !matches!(s.stack.last(), Some(Frame::ChooseBase)) {
        let a = s.legal_now()[0];
        s.play(a);
    }
    let options: Vec<SystemId> = s
        .legal_now()
        .into_iter()
        .map(|a| match a {
            Action::Probe(x) => x,
            other => panic!("{other:?}"),
        })
        .collect();
    for x in &options {
        assert!(s.probe_deck.contains(x) && !s.has_units(at(*x), Empire));
    }
    let choice = options[3];
    let log = s.play(Action::Probe(choice));
    assert_eq!(s.base, Some(choice));
    assert!(!s.probe_deck.contains(&choice));
    assert_eq!(s.probe_deck.len(), 25);
    // The Empire's log says a base was chosen, never which.
    let empire: Vec<_> = log
        .iter()
        .filter(|e| e.audience.includes(Empire))
        .map(|e| e.event.clone())
        .collect();
    assert!(empire.contains(&LogEvent::BaseChosen { system: None }));
    assert!(!empire.contains(&LogEvent::BaseChosen {
        system: Some(choice)
    }));
    assert!(matches!(s.phase, Phase::Assignment { side: Rebel }));
}

// ---------------------------------------------------------------------------------------
// Movement

#[test]
fn ground_units_and_ties_need_a_ship_with_room_leaving_the_same_system() {
    let mut s = empty_board(1);
    s.systems[ALDERAAN.index()].loyalty = None;
    s.put(at(CORUSCANT), Stormtrooper, 8)
        .put(at(CORUSCANT), StarDestroyer, 1)
        .put(at(CORUSCANT), TieFighter, 2);
    s.put(at(CORELLIA), Stormtrooper, 1);
    turn(&mut s, Empire);
    s.play(Action::Activate {
        leader: Vader,
        system: ALDERAAN,
    });
    let m = moves(&s);
    assert!(m.contains(&(StarDestroyer, at(CORUSCANT))));
    assert!(
        !m.contains(&(Stormtrooper, at(CORUSCANT))) && !m.contains(&(TieFighter, at(CORUSCANT)))
    );
    assert!(
        !m.contains(&(Stormtrooper, at(CORELLIA))),
        "no ship leaves Corellia"
    );
    s.play(Action::Move {
        kind: StarDestroyer,
        from: at(CORUSCANT),
    });
    for _ in 0..6 {
        s.play(Action::Move {
            kind: Stormtrooper,
            from: at(CORUSCANT),
        });
    }
    let m = moves(&s);
    assert!(
        !m.contains(&(Stormtrooper, at(CORUSCANT))) && !m.contains(&(TieFighter, at(CORUSCANT))),
        "six is full"
    );
    s.play(Action::Done);
    assert_eq!(s.count(at(ALDERAAN), Stormtrooper), 6);
    assert_eq!(s.count(at(CORUSCANT), Stormtrooper), 2);
    assert!(
        s.system(ALDERAAN).subjugated,
        "Imperial ground units subjugate on arrival"
    );
    assert_eq!(s.active_player(), Some(Rebel));
}

#[test]
fn fighters_of_the_rebellion_move_alone_and_immobile_units_never_move() {
    let mut s = empty_board(2);
    s.put(at(MON_CALAMARI), XWing, 2)
        .put(at(MON_CALAMARI), ShieldGenerator, 1)
        .put(at(MON_CALAMARI), RebelTrooper, 1);
    s.put(at(SALEUCAMI), DeathStarUnderConstruction, 1)
        .put(at(SALEUCAMI), TieFighter, 1);
    turn(&mut s, Rebel);
    s.play(Action::Activate {
        leader: Dodonna,
        system: FELUCIA,
    });
    let m = moves(&s);
    assert_eq!(m, vec![(XWing, at(MON_CALAMARI))]);
    s.play(Action::Done);
    turn(&mut s, Empire);
    s.play(Action::Activate {
        leader: Vader,
        system: FELUCIA,
    });
    assert!(
        moves(&s).is_empty(),
        "the DSUC is immobile and the TIE needs transport"
    );
}

#[test]
fn a_leader_pins_its_sides_units_but_a_captive_pins_nobody() {
    let mut s = empty_board(3);
    s.put(at(MON_CALAMARI), XWing, 1)
        .put(at(SALEUCAMI), XWing, 1)
        .put(at(SALEUCAMI), Stormtrooper, 1);
    s.set_leader(Leia, LeaderPlace::Board(at(MON_CALAMARI)));
    s.set_leader(Rieekan, LeaderPlace::Board(at(SALEUCAMI)));
    s.leaders[Rieekan.index()].ring = Some(Ring::Captured);
    turn(&mut s, Rebel);
    s.play(Action::Activate {
        leader: Dodonna,
        system: FELUCIA,
    });
    assert_eq!(moves(&s), vec![(XWing, at(SALEUCAMI))]);
}

#[test]
fn rebel_units_leave_the_hidden_base_space_only_for_the_base_or_a_neighbour() {
    let mut s = empty_board(4);
    s.set_base(HOTH);
    s.put(Place::RebelBase, XWing, 2);
    turn(&mut s, Rebel);
    s.play(Action::Activate {
        leader: Dodonna,
        system: BESPIN,
    });
    assert_eq!(
        moves(&s),
        vec![(XWing, Place::RebelBase)],
        "Bespin is next to Hoth"
    );
    s.play(Action::Move {
        kind: XWing,
        from: Place::RebelBase,
    });
    s.play(Action::Done);
    turn(&mut s, Rebel);
    s.play(Action::Activate {
        leader: Leia,
        system: ALDERAAN,
    });
    assert!(moves(&s).is_empty(), "Alderaan is not next to Hoth");
    // The Empire's choices never depend on the hidden base.
    let mut other = s.clone();
    other.base = Some(DAGOBAH);
    assert_eq!(other.view(Empire), s.view(Empire));
}

#[test]
fn the_hidden_base_space_can_be_activated_to_gather_units_from_around_the_base() {
    let mut s = empty_board(5);
    s.set_base(HOTH);
    s.put(at(HOTH), YWing, 1)
        .put(at(BESPIN), XWing, 1)
        .put(at(SULLUST), XWing, 1);
    turn(&mut s, Rebel);
    assert!(s
        .legal_now()
        .contains(&Action::ActivateBase { leader: Dodonna }));
    s.play(Action::ActivateBase { leader: Dodonna });
    let m = moves(&s);
    assert!(m.contains(&(YWing, at(HOTH))) && m.contains(&(XWing, at(BESPIN))));
    assert!(!m.contains(&(XWing, at(SULLUST))));
    s.play(Action::Move {
        kind: XWing,
        from: at(BESPIN),
    });
    s.play(Action::Done);
    assert_eq!(s.count(Place::RebelBase, XWing), 1);
    assert_eq!(
        s.leader(Dodonna).place,
        LeaderPlace::Board(Place::RebelBase)
    );
    // Once revealed, the space can no longer be activated.
    s.base_revealed = true;
    turn(&mut s, Rebel);
    assert!(!s
        .legal_now()
        .iter()
        .any(|a| matches!(a, Action::ActivateBase { .. })));
}

#[test]
fn imperial_ground_units_arriving_reveal_the_base_and_its_units_join_the_combat() {
    let mut s = empty_board(6);
    s.set_base(DANTOOINE);
    s.put(Place::RebelBase, RebelTrooper, 2);
    s.put(at(MYGEETO), AssaultCarrier, 1)
        .put(at(MYGEETO), Stormtrooper, 2);
    s.set_leader(Leia, LeaderPlace::Board(Place::RebelBase));
    turn(&mut s, Empire);
    s.play(Action::Activate {
        leader: Vader,
        system: DANTOOINE,
    });
    s.play(Action::Move {
        kind: AssaultCarrier,
        from: at(MYGEETO),
    });
    assert!(!s.base_revealed, "not revealed in the middle of the move");
    s.play(Action::Move {
        kind: Stormtrooper,
        from: at(MYGEETO),
    });
    let log = s.play(Action::Done);
    assert!(s.base_revealed);
    assert!(events(&log).contains(&LogEvent::BaseRevealed { system: DANTOOINE }));
    assert_eq!(s.count(at(DANTOOINE), RebelTrooper), 2);
    assert_eq!(s.count(Place::RebelBase, RebelTrooper), 0);
    assert_eq!(s.leader(Leia).place, LeaderPlace::Board(at(DANTOOINE)));
    assert!(
        s.view(Empire).combat.is_some(),
        "a ground combat in the base's system"
    );
}

#[test]
fn ships_alone_never_reveal_the_base_not_even_the_death_star() {
    let mut s = empty_board(7);
    s.set_base(DANTOOINE);
    s.put(at(MYGEETO), DeathStar, 1)
        .put(at(MYGEETO), StarDestroyer, 1);
    turn(&mut s, Empire);
    s.play(Action::Activate {
        leader: Vader,
        system: DANTOOINE,
    });
    s.play(Action::Move {
        kind: DeathStar,
        from: at(MYGEETO),
    });
    s.play(Action::Move {
        kind: StarDestroyer,
        from: at(MYGEETO),
    });
    s.play(Action::Done);
    assert!(!s.base_revealed);
    assert!(!s.is_over());
}

#[test]
fn imperial_units_in_the_revealed_base_with_no_rebel_unit_win_at_once() {
    let mut s = empty_board(8);
    s.set_base(DANTOOINE);
    s.put(at(MYGEETO), AssaultCarrier, 1)
        .put(at(MYGEETO), Stormtrooper, 1);
    turn(&mut s, Empire);
    s.play(Action::Activate {
        leader: Vader,
        system: DANTOOINE,
    });
    s.play(Action::Move {
        kind: AssaultCarrier,
        from: at(MYGEETO),
    });
    s.play(Action::Move {
        kind: Stormtrooper,
        from: at(MYGEETO),
    });
    let log = s.play(Action::Done);
    assert_eq!(s.winner(), Some(Empire));
    assert!(events(&log).contains(&LogEvent::GameWon {
        side: Empire,
        how: Victory::BaseOccupied
    }));
    assert_eq!(s.active_player(), None);
}

#[test]
fn subjugation_comes_with_imperial_ground_units_and_leaves_with_the_last() {
    let mut s = empty_board(9);
    s.systems[ALDERAAN.index()].loyalty = Some(Loyalty::Rebel);
    s.put(at(CORUSCANT), AssaultCarrier, 1)
        .put(at(CORUSCANT), Stormtrooper, 1);
    turn(&mut s, Empire);
    s.play(Action::Activate {
        leader: Vader,
        system: ALDERAAN,
    });
    s.play(Action::Move {
        kind: AssaultCarrier,
        from: at(CORUSCANT),
    });
    s.play(Action::Move {
        kind: Stormtrooper,
        from: at(CORUSCANT),
    });
    s.play(Action::Done);
    let st = s.system(ALDERAAN);
    assert!(
        st.subjugated && st.loyalty == Some(Loyalty::Rebel),
        "the Rebel marker stays beneath"
    );
    assert!(s.is_imperial_system(ALDERAAN) && !s.is_rebel_system(ALDERAAN));
    // Vader pins the units in Alderaan until he leaves.
    s.set_leader(Vader, LeaderPlace::Pool);
    turn(&mut s, Empire);
    s.play(Action::Activate {
        leader: Tarkin,
        system: CORELLIA,
    });
    s.play(Action::Move {
        kind: AssaultCarrier,
        from: at(ALDERAAN),
    });
    s.play(Action::Move {
        kind: Stormtrooper,
        from: at(ALDERAAN),
    });
    s.play(Action::Done);
    let st = s.system(ALDERAAN);
    assert!(!st.subjugated && st.loyalty == Some(Loyalty::Rebel));
}

#[test]
fn gaining_loyalty_follows_the_markers() {
    let mut s = empty_board(10);
    let mut log = Vec::new();
    s.systems[BESPIN.index()].loyalty = None;
    s.gain_loyalty(Rebel, BESPIN, &mut log);
    assert_eq!(s.system(BESPIN).loyalty, Some(Loyalty::Rebel));
    s.gain_loyalty(Empire, BESPIN, &mut log);
    assert_eq!(
        s.system(BESPIN).loyalty,
        None,
        "the opposing marker is removed first"
    );
    s.gain_loyalty(Rebel, CORUSCANT, &mut log);
    assert_eq!(
        s.system(CORUSCANT).loyalty,
        Some(Loyalty::Empire),
        "Coruscant never changes"
    );
    s.gain_loyalty(Rebel, HOTH, &mut log);
    assert_eq!(s.system(HOTH).loyalty, None, "remote systems stay neutral");
    // A neutral subjugated system gaining Imperial loyalty flips the marker.
    s.put(at(BESPIN), Stormtrooper, 1);
    s.settle(&mut log);
    assert!(s.system(BESPIN).subjugated);
    s.gain_loyalty(Empire, BESPIN, &mut log);
    let st = s.system(BESPIN);
    assert!(!st.subjugated && st.loyalty == Some(Loyalty::Empire));
}

// ---------------------------------------------------------------------------------------
// Combat

/// A space fight at Felucia: the Empire moves in from Saleucami.
fn space_fight(seed: u64, imperial: &[(UnitKind, u8)], rebel: &[(UnitKind, u8)]) -> GameState {
    let mut s = empty_board(seed);
    for &(k, n) in imperial {
        s.put(at(SALEUCAMI), k, n);
    }
    for &(k, n) in rebel {
        s.put(at(FELUCIA), k, n);
    }
    turn(&mut s, Empire);
    s.play(Action::Activate {
        leader: Vader,
        system: FELUCIA,
    });
    for &(k, n) in imperial {
        if !k.info().immobile && !k.info().needs_transport {
            for _ in 0..n {
                s.play(Action::Move {
                    kind: k,
                    from: at(SALEUCAMI),
                });
            }
        }
    }
    s.play(Action::Done);
    s
}

fn combat_step(s: &GameState) -> Option<CombatStep> {
    s.view(Rebel).combat.map(|c| c.step)
}

/// Declines everything optional until the combat reaches an Assign or Retreat decision.
fn skip_to(s: &mut GameState, stop: impl Fn(CombatStep) -> bool) {
    while let Some(step) = combat_step(s) {
        if stop(step) {
            return;
        }
        let legal = s.legal_now();
        let a = if legal.contains(&Action::Done) {
            Action::Done
        } else {
            legal[0]
        };
        s.play(a);
    }
}

#[test]
fn an_attack_rolls_at_most_five_of_each_colour_and_hits_follow_health_colours() {
    let mut found = false;
    for seed in 0..40 {
        let mut s = space_fight(
            seed,
            &[(StarDestroyer, 6)],
            &[(CorellianCorvette, 1), (XWing, 3)],
        );
        skip_to(&mut s, |st| matches!(st, CombatStep::Assign));
        let Some(c) = s.view(Empire).combat else {
            continue;
        };
        let Some(attack) = c.attack.clone() else {
            continue;
        };
        assert_eq!((attack.side, attack.theater), (Empire, Theater::Space));
        let dice = attack.dice;
        assert_eq!(dice.len(), 10, "12 red and 6 black capped to 5 and 5");
        let legal = s.legal_now();
        let Some(Action::Damage { die, .. }) = legal.first().copied() else {
            continue;
        };
        let d = dice[die as usize].die;
        let targets: Vec<UnitKind> = legal
            .iter()
            .map(|a| match a {
                Action::Damage { target, .. } => c.fighters[*target as usize].kind,
                _ => panic!("{a:?}"),
            })
            .collect();
        use crate::log::{DieColor, Face};
        match (d.face, d.color) {
            (Face::DirectHit, _) => assert_eq!(targets.len(), 2),
            (Face::Hit, DieColor::Red) => assert_eq!(targets, vec![CorellianCorvette]),
            (Face::Hit, DieColor::Black) => assert_eq!(targets, vec![XWing]),
            other => panic!("{other:?}"),
        }
        found = true;
    }
    assert!(found);
}

#[test]
fn the_death_star_takes_no_damage_and_forbids_an_imperial_retreat() {
    for seed in 0..20 {
        let mut s = space_fight(seed, &[(DeathStar, 1)], &[(XWing, 2)]);
        while let Some(step) = combat_step(&s) {
            let rebel_attacks = s
                .view(Rebel)
                .combat
                .and_then(|c| c.attack)
                .is_some_and(|a| a.side == Rebel);
            if step == CombatStep::Assign && rebel_attacks {
                assert!(s
                    .legal_now()
                    .iter()
                    .all(|a| !matches!(a, Action::Damage { .. })));
            }
            if let CombatStep::Retreat { side: Empire } = step {
                panic!("no Imperial retreat with the Death Star");
            }
            let legal = s.legal_now();
            let a = if legal.contains(&Action::Done) {
                Action::Done
            } else {
                legal[0]
            };
            s.play(a);
        }
        assert_eq!(s.count(at(FELUCIA), DeathStar), 1);
    }
}

#[test]
fn a_lone_dsuc_facing_rebel_ships_is_destroyed_with_the_death_star_on_the_queue() {
    let mut s = empty_board(11);
    s.put(at(FELUCIA), DeathStarUnderConstruction, 1)
        .put(at(MON_CALAMARI), XWing, 1);
    s.supply[DeathStar.index()] -= 1;
    s.cards[Empire.index()].queue[2][DeathStar.index()] = 1;
    turn(&mut s, Rebel);
    s.play(Action::Activate {
        leader: Dodonna,
        system: FELUCIA,
    });
    s.play(Action::Move {
        kind: XWing,
        from: at(MON_CALAMARI),
    });
    s.play(Action::Done);
    skip_to(&mut s, |_| false);
    assert_eq!(s.count(at(FELUCIA), DeathStarUnderConstruction), 0);
    assert_eq!(
        s.cards[Empire.index()].queue[2][DeathStar.index()],
        0,
        "the Death Star goes with it"
    );
    assert_eq!(s.supply(DeathStar), 2);
}

#[test]
fn structures_alone_against_imperial_ground_units_are_destroyed() {
    let mut s = empty_board(12);
    s.systems[FELUCIA.index()].loyalty = Some(Loyalty::Rebel);
    s.put(at(FELUCIA), ShieldGenerator, 1)
        .put(at(FELUCIA), IonCannon, 1);
    s.put(at(SALEUCAMI), AssaultCarrier, 1)
        .put(at(SALEUCAMI), AtAt, 1);
    turn(&mut s, Empire);
    s.play(Action::Activate {
        leader: Vader,
        system: FELUCIA,
    });
    s.play(Action::Move {
        kind: AssaultCarrier,
        from: at(SALEUCAMI),
    });
    s.play(Action::Move {
        kind: AtAt,
        from: at(SALEUCAMI),
    });
    s.play(Action::Done);
    skip_to(&mut s, |_| false);
    assert_eq!(
        s.count(at(FELUCIA), ShieldGenerator) + s.count(at(FELUCIA), IonCannon),
        0
    );
    assert!(s.system(FELUCIA).subjugated);
}

#[test]
fn rebel_transports_alone_must_retreat_or_are_destroyed() {
    // No Rebel leader there: no retreat is possible, so the transport is lost.
    let mut s = space_fight(
        13,
        &[(TieFighter, 0), (StarDestroyer, 1)],
        &[(RebelTransport, 1)],
    );
    skip_to(&mut s, |_| false);
    assert_eq!(s.count(at(FELUCIA), RebelTransport), 0);
    // With a leader, the Rebel may take it away.
    for seed in 0..20 {
        let mut s = empty_board(seed);
        s.put(at(SALEUCAMI), StarDestroyer, 1)
            .put(at(FELUCIA), RebelTransport, 1);
        s.set_leader(Leia, LeaderPlace::Board(at(FELUCIA)));
        turn(&mut s, Empire);
        s.play(Action::Activate {
            leader: Vader,
            system: FELUCIA,
        });
        s.play(Action::Move {
            kind: StarDestroyer,
            from: at(SALEUCAMI),
        });
        s.play(Action::Done);
        skip_to(&mut s, |st| {
            matches!(st, CombatStep::Retreat { side: Rebel })
        });
        if s.count(at(FELUCIA), RebelTransport) == 0 {
            continue; // destroyed in the space battle
        }
        let legal = s.legal_now();
        assert!(
            !legal
                .iter()
                .any(|a| matches!(a, Action::Retreat { to, .. } if *to == SALEUCAMI)),
            "not where the Empire came from"
        );
        assert!(legal.contains(&Action::Retreat {
            leader: Leia,
            to: MON_CALAMARI
        }));
        s.play(Action::Retreat {
            leader: Leia,
            to: MON_CALAMARI,
        });
        skip_to(&mut s, |_| false);
        assert_eq!(s.count(at(MON_CALAMARI), RebelTransport), 1);
        assert_eq!(s.leader(Leia).place, LeaderPlace::Board(at(MON_CALAMARI)));
        return;
    }
    panic!("the transport never survived the first round");
}

#[test]
fn a_retreat_needs_an_open_neighbour() {
    // Mon Calamari's neighbours: Felucia (the fight) and Saleucami (Imperial units).
    for seed in 0..20 {
        let mut s = empty_board(seed);
        s.put(at(MON_CALAMARI), MonCalamariCruiser, 1)
            .put(at(FELUCIA), StarDestroyer, 1)
            .put(at(SALEUCAMI), TieFighter, 0);
        s.put(at(SALEUCAMI), AssaultCarrier, 1);
        s.set_leader(Ackbar, LeaderPlace::Board(at(MON_CALAMARI)));
        turn(&mut s, Empire);
        s.play(Action::Activate {
            leader: Vader,
            system: MON_CALAMARI,
        });
        s.play(Action::Move {
            kind: StarDestroyer,
            from: at(FELUCIA),
        });
        s.play(Action::Done);
        while let Some(step) = combat_step(&s) {
            if let CombatStep::Retreat { side: Rebel } = step {
                panic!("no destination: the retreat step is skipped");
            }
            let legal = s.legal_now();
            let a = if legal.contains(&Action::Done) {
                Action::Done
            } else {
                legal[0]
            };
            s.play(a);
        }
    }
}

#[test]
fn tactic_cards_are_drawn_by_the_best_tactic_value_and_go_back_after_the_combat() {
    let mut s = empty_board(14);
    s.put(at(SALEUCAMI), StarDestroyer, 1)
        .put(at(FELUCIA), XWing, 1);
    s.set_leader(Ackbar, LeaderPlace::Board(at(FELUCIA)));
    s.set_leader(Leia, LeaderPlace::Board(at(FELUCIA)));
    turn(&mut s, Empire);
    s.play(Action::Activate {
        leader: Palpatine,
        system: FELUCIA,
    });
    s.play(Action::Move {
        kind: StarDestroyer,
        from: at(SALEUCAMI),
    });
    s.play(Action::Done);
    // No leader to add for the Rebel (Ackbar has tactics); the Empire has Palpatine.
    skip_to(&mut s, |st| {
        !matches!(
            st,
            CombatStep::AddLeader { .. } | CombatStep::StartCards { .. }
        )
    });
    let v = s.view(Rebel);
    assert_eq!(v.own.tactics[0].len(), 3, "Ackbar's space tactic 3");
    assert_eq!(v.opponent.tactics[0], 3, "Palpatine's space tactic 3");
    assert_eq!(v.own.tactics[1].len(), 0, "no ground battle");
    skip_to(&mut s, |_| false);
    assert_eq!([s.tactic_decks[0].len(), s.tactic_decks[1].len()], [15, 15]);
}

#[test]
fn a_second_capture_frees_the_first_captive() {
    let mut s = empty_board(15);
    let mut log = Vec::new();
    s.put(at(ALDERAAN), Stormtrooper, 1)
        .put(at(CORELLIA), Stormtrooper, 1);
    s.set_leader(Leia, LeaderPlace::Board(at(ALDERAAN)));
    s.set_leader(Dodonna, LeaderPlace::Board(at(CORELLIA)));
    s.capture(Leia, Ring::Captured, &mut log);
    s.capture(Dodonna, Ring::Captured, &mut log);
    assert_eq!(s.leader(Leia).ring, None);
    assert_eq!(s.leader(Leia).place, LeaderPlace::Board(Place::RebelBase));
    assert_eq!(s.leader(Dodonna).ring, Some(Ring::Captured));
    // Carbonite is a second prison: it does not free the captured leader.
    s.set_leader(Rieekan, LeaderPlace::Board(at(ALDERAAN)));
    s.capture(Rieekan, Ring::Carbonite, &mut log);
    assert_eq!(s.leader(Dodonna).ring, Some(Ring::Captured));
    // A captive with no Imperial unit beside it goes free.
    s.units[ALDERAAN.index()][Stormtrooper.index()] = 0;
    s.supply[Stormtrooper.index()] += 1;
    s.settle(&mut log);
    assert_eq!(s.leader(Rieekan).ring, None);
    assert_eq!(
        s.leader(Rieekan).place,
        LeaderPlace::Board(Place::RebelBase)
    );
}

// ---------------------------------------------------------------------------------------
// Refresh

fn both_pass(s: &mut GameState) {
    turn(s, Rebel);
    s.play(Action::Pass);
    s.play(Action::Pass);
}

/// Answers every Refresh decision with its first option until the next round starts.
fn finish_refresh(s: &mut GameState) {
    while !matches!(s.phase, Phase::Assignment { .. } | Phase::Over { .. }) {
        let legal = s.legal_now();
        let a = if legal.contains(&Action::Done) {
            Action::Done
        } else {
            legal[0]
        };
        s.play(a);
    }
}

#[test]
fn refresh_brings_leaders_home_keeps_captives_draws_cards_and_advances_time() {
    let mut s = empty_board(16);
    s.put(at(ALDERAAN), Stormtrooper, 1);
    s.set_leader(Leia, LeaderPlace::Board(at(ALDERAAN)));
    s.leaders[Leia.index()].ring = Some(Ring::Captured);
    s.set_leader(Dodonna, LeaderPlace::Board(at(HOTH)));
    s.set_leader(Vader, LeaderPlace::Board(at(HOTH)));
    let missions = [s.cards[0].missions.len(), s.cards[1].missions.len()];
    let probes = s.probes.len();
    let objectives = s.objectives.len();
    both_pass(&mut s);
    finish_refresh(&mut s);
    assert_eq!(s.leader(Dodonna).place, LeaderPlace::Pool);
    assert_eq!(s.leader(Vader).place, LeaderPlace::Pool);
    assert_eq!(
        s.leader(Leia).place,
        LeaderPlace::Board(at(ALDERAAN)),
        "captives stay"
    );
    assert_eq!(s.cards[0].missions.len(), (missions[0] + 2).min(10));
    assert_eq!(s.cards[1].missions.len(), (missions[1] + 2).min(10));
    assert_eq!(s.probes.len(), probes + 2);
    assert_eq!(s.objectives.len(), objectives + 1);
    assert_eq!(s.time, 2);
    assert!(matches!(s.phase, Phase::Assignment { side: Rebel }));
}

#[test]
fn the_hand_limit_discards_down_to_ten_but_never_a_starting_mission() {
    let mut s = empty_board(17);
    while s.cards[Rebel.index()].missions.len() < 10 {
        let m = s.cards[Rebel.index()].mission_deck.pop().unwrap();
        s.cards[Rebel.index()].missions.push(m);
    }
    both_pass(&mut s);
    // Objective window first (maybe), then the Rebel discards two.
    while !matches!(s.stack.last(), Some(Frame::DiscardMissions { side: Rebel })) {
        let legal = s.legal_now();
        s.play(if legal.contains(&Action::Done) {
            Action::Done
        } else {
            legal[0]
        });
    }
    for a in s.legal_now() {
        let Action::Mission(m) = a else {
            panic!("{a:?}")
        };
        assert!(!m.is_starting());
    }
    let a = s.legal_now()[0];
    s.play(a);
    let a = s.legal_now()[0];
    s.play(a);
    assert_eq!(s.cards[Rebel.index()].missions.len(), 10);
    assert_eq!(
        s.cards[Rebel.index()]
            .missions
            .iter()
            .filter(|m| m.is_starting())
            .count(),
        4
    );
    // Face down: the Empire learns that two cards went, not which.
    assert_eq!(s.cards[Rebel.index()].discarded_unseen.len(), 2);
    assert!(s.cards[Rebel.index()].mission_discard.is_empty());
    let view = s.view(Side::Empire);
    assert_eq!(view.opponent.discarded, 2);
    assert!(view.mission_discards[Rebel.index()].is_empty());
    assert_eq!(s.view(Rebel).own.discarded.len(), 2);
}

#[test]
fn recruiting_keeps_one_card_and_a_leader_shown_on_it() {
    let mut s = empty_board(18);
    both_pass(&mut s);
    while !matches!(s.stack.last(), Some(Frame::Recruit { side: Rebel, .. })) {
        let legal = s.legal_now();
        s.play(if legal.contains(&Action::Done) {
            Action::Done
        } else {
            legal[0]
        });
    }
    assert_eq!(s.time, 2, "space 2 shows the recruit icon");
    let Some(Frame::Recruit { drawn, .. }) = s.stack.last().cloned() else {
        unreachable!()
    };
    assert_eq!(drawn.len(), 2);
    let card = drawn[0];
    s.play(Action::Card(card));
    if let Some(Frame::Recruit {
        chosen: Some(c), ..
    }) = s.stack.last().cloned()
    {
        assert_eq!(c, card);
        let a = s.legal_now()[0];
        s.play(a);
    }
    let recruited: Vec<LeaderId> = card
        .info()
        .leaders
        .iter()
        .copied()
        .filter(|l| s.leader(*l).place == LeaderPlace::Pool)
        .collect();
    assert_eq!(recruited.len(), 1);
    assert!(s.cards[Rebel.index()].actions.contains(&card));
    assert_eq!(
        s.cards[Rebel.index()].action_deck.len(),
        11,
        "the other card went to the bottom"
    );
    assert_eq!(s.cards[Rebel.index()].action_deck[0], drawn[1]);
}

#[test]
fn building_uses_loyal_icons_the_left_icon_when_subjugated_and_the_base_icons() {
    let mut s = empty_board(19);
    for st in s.systems.iter_mut() {
        st.loyalty = None;
    }
    s.systems[CORUSCANT.index()].loyalty = Some(Loyalty::Empire);
    s.systems[CORELLIA.index()].loyalty = Some(Loyalty::Empire); // blue triangle + blue square, space 3
    s.systems[MYGEETO.index()].loyalty = Some(Loyalty::Rebel);
    s.put(at(MYGEETO), Stormtrooper, 1); // subjugated: blue triangle only, space 2
    s.settle(&mut NoLog);
    s.systems[NABOO.index()].loyalty = Some(Loyalty::Rebel);
    s.put(at(NABOO), XWing, 1);
    s.systems[SULLUST.index()].loyalty = Some(Loyalty::Rebel);
    s.systems[SULLUST.index()].sabotaged = true;
    s.set_base(HOTH);
    let empire = super::refresh::build_icons(&s, Empire);
    use crate::data::systems::Icon::*;
    let mut expected = vec![
        (GroundTriangle, 1),
        (SpaceTriangle, 3),
        (SpaceSquare, 3),
        (SpaceTriangle, 2),
    ];
    expected.sort_by_key(|x| format!("{x:?}"));
    let mut got = empire.clone();
    got.sort_by_key(|x| format!("{x:?}"));
    assert_eq!(got, expected);
    let rebel = super::refresh::build_icons(&s, Rebel);
    // Naboo (ground triangle, space triangle) and the base's two icons; Mygeeto is
    // subjugated and Sullust sabotaged.
    assert_eq!(rebel.len(), 4);
    // Rebel blue triangle: a choice of three ships.
    s.stack.push(Frame::Build {
        side: Rebel,
        icons: vec![(SpaceTriangle, 1)],
    });
    let mut options = s.legal_now();
    options.sort_by_key(|a| format!("{a:?}"));
    assert_eq!(options.len(), 3);
    s.play(Action::Build(RebelTransport));
    assert_eq!(s.cards[Rebel.index()].queue[0][RebelTransport.index()], 1);
}

#[test]
fn deploying_puts_at_most_two_units_in_a_system_and_never_where_the_enemy_is() {
    let mut s = empty_board(20);
    for st in s.systems.iter_mut() {
        st.loyalty = None;
    }
    s.systems[NABOO.index()].loyalty = Some(Loyalty::Rebel);
    s.systems[SULLUST.index()].loyalty = Some(Loyalty::Rebel);
    s.put(at(SULLUST), TieFighter, 1);
    s.set_base(HOTH);
    s.supply[XWing.index()] -= 3;
    s.stack.push(Frame::Deploy {
        side: Rebel,
        units: {
            let mut u = [0; 18];
            u[XWing.index()] = 3;
            u
        },
        placed: [0; 33],
    });
    let places: Vec<Place> = s
        .legal_now()
        .into_iter()
        .filter_map(|a| match a {
            Action::Deploy { to, .. } => Some(to),
            _ => None,
        })
        .collect();
    assert_eq!(places, vec![at(NABOO), Place::RebelBase]);
    s.play(Action::Deploy {
        kind: XWing,
        to: at(NABOO),
    });
    s.play(Action::Deploy {
        kind: XWing,
        to: at(NABOO),
    });
    assert!(!s.legal_now().contains(&Action::Deploy {
        kind: XWing,
        to: at(NABOO)
    }));
    s.play(Action::Done);
    assert_eq!(
        s.cards[Rebel.index()].queue[0][XWing.index()],
        1,
        "the rest waits on space 1"
    );
}

#[test]
fn the_rebels_win_when_the_time_marker_meets_reputation() {
    let mut s = empty_board(21);
    s.reputation = 2;
    both_pass(&mut s);
    finish_refresh(&mut s);
    assert_eq!(s.winner(), Some(Rebel));
}

#[test]
fn starting_missions_return_to_the_hand_after_use() {
    let mut s = after_setup(22);
    // The Rebel assigns Build Alliance with Mon Mothma; the Empire assigns nothing.
    s.play(Action::Mission(Mission::BuildAlliance));
    s.play(Action::Leader(MonMothma));
    s.play(Action::Done);
    s.play(Action::Done);
    s.play(Action::Done);
    assert!(matches!(s.phase, Phase::Command { turn: Rebel, .. }));
    assert!(
        s.legal_now().contains(&Action::Reveal(0)) || !s.cards[Rebel.index()].assigned.is_empty()
    );
    let _ = RefreshStep::Objective;
}

#[test]
fn icons_that_build_one_kind_of_unit_ask_nothing() {
    let mut s = after_setup(23);
    s.phase = Phase::Command {
        turn: Rebel,
        passed: [false; 2],
    };
    while let Some(Frame::Assigning { .. }) = s.stack.last() {
        s.stack.pop();
    }
    both_pass(&mut s);
    let mut rebel_asked = 0;
    while !matches!(s.phase, Phase::Assignment { .. }) {
        if matches!(s.view(Empire).prompt, Some(Prompt::Build)) {
            assert_eq!(
                s.active_player(),
                Some(Rebel),
                "the Empire never chooses what to build"
            );
            rebel_asked += 1;
        }
        let legal = s.legal_now();
        s.play(if legal.contains(&Action::Done) {
            Action::Done
        } else {
            legal[0]
        });
    }
    let queued: u32 = s.cards[Empire.index()]
        .queue
        .iter()
        .flatten()
        .map(|n| *n as u32)
        .sum();
    assert!(queued > 0, "space 2 builds");
    let _ = rebel_asked;
}

#[test]
fn immediate_starting_cards_attach_their_droid_rings_at_setup() {
    use crate::data::cards::ActionCard;
    let mut seen = 0;
    for seed in 0..60 {
        let s = GameState::new(seed, GameOptions::default(), &mut NoLog);
        let dealt = s.cards[Rebel.index()].actions.clone();
        let droids = [
            (ActionCard::HumanCyborgRelations, Ring::C3PO),
            (ActionCard::ResourcefulAstromech, Ring::R2D2),
        ];
        let s = after_setup(seed);
        for (card, ring) in droids {
            if dealt.contains(&card) {
                seen += 1;
                assert!(
                    !s.cards[Rebel.index()].actions.contains(&card),
                    "used at setup"
                );
                let bearer = LeaderId::ALL
                    .into_iter()
                    .find(|l| s.leader(*l).ring == Some(ring));
                assert!(bearer.is_some_and(|l| l.printed_side() == Rebel && l.info().starting));
            }
        }
    }
    assert!(seen > 10);
}

#[test]
fn imperial_ground_units_retreating_into_the_hidden_base_reveal_it_and_fight_there() {
    // Rules §25.9: Vader's fleet at Felucia, attacked, retreats to Mon Calamari, where the base
    // hides (its system empty, its units in the Rebel Base space).
    let mut fought_there = false;
    for seed in 0..40 {
        let mut s = empty_board(seed);
        s.set_base(MON_CALAMARI);
        s.put(Place::RebelBase, RebelTrooper, 2);
        s.put(at(FELUCIA), StarDestroyer, 1)
            .put(at(FELUCIA), Stormtrooper, 1);
        s.set_leader(Vader, LeaderPlace::Board(at(FELUCIA)));
        s.put(at(SALEUCAMI), XWing, 1);
        turn(&mut s, Rebel);
        s.play(Action::Activate {
            leader: Dodonna,
            system: FELUCIA,
        });
        s.play(Action::Move {
            kind: XWing,
            from: at(SALEUCAMI),
        });
        s.play(Action::Done);
        let mut retreated = false;
        while let Some(c) = s.view(Rebel).combat {
            if c.system == MON_CALAMARI {
                break;
            }
            let legal = s.legal_now();
            let retreat = Action::Retreat {
                leader: Vader,
                to: MON_CALAMARI,
            };
            let carry = Action::Move {
                kind: Stormtrooper,
                from: at(FELUCIA),
            };
            let a = if legal.contains(&retreat) {
                retreated = true;
                retreat
            } else if legal.contains(&carry) {
                carry
            } else if legal.contains(&Action::Done) {
                Action::Done
            } else {
                legal[0]
            };
            s.play(a);
        }
        if !retreated || s.count(at(MON_CALAMARI), Stormtrooper) == 0 {
            continue;
        }
        assert!(s.base_revealed, "seed {seed}: the base is revealed");
        assert_eq!(
            s.count(at(MON_CALAMARI), RebelTrooper),
            2,
            "its units come out"
        );
        let combat = s.view(Empire).combat.expect("a combat at the base");
        assert_eq!(combat.system, MON_CALAMARI);
        assert_eq!(combat.attacker, Rebel, "the same player attacks");
        fought_there = true;
        break;
    }
    assert!(
        fought_there,
        "some seed retreats the stormtrooper into the base"
    );
}

// ---------------------------------------------------------------------------------------
// Remote systems, immediate wins

#[test]
fn imperial_ground_units_in_a_remote_system_never_subjugate_it() {
    use crate::data::cards::Mission;
    use crate::rules::effects::{mission_targets, Target};
    let mut s = empty_board(23);
    s.put(at(BESPIN), AssaultCarrier, 1)
        .put(at(BESPIN), Stormtrooper, 2);
    turn(&mut s, Empire);
    s.play(Action::Activate {
        leader: Vader,
        system: HOTH,
    });
    for kind in [AssaultCarrier, Stormtrooper, Stormtrooper] {
        s.play(Action::Move {
            kind,
            from: at(BESPIN),
        });
    }
    let log = s.play(Action::Done);
    // Hoth has no loyalty space: no marker, not an Imperial system.
    assert!(!s.system(HOTH).subjugated);
    assert!(!s.is_imperial_system(HOTH));
    assert!(!events(&log).contains(&LogEvent::Subjugated { system: HOTH }));
    // So no card that needs a subjugated or Imperial system can use it.
    for mission in [
        Mission::IgniteRebellion,
        Mission::PublicUprising,
        Mission::Demolition,
        Mission::ImperialPropaganda,
    ] {
        let mut out = Vec::new();
        mission_targets(&s, mission.side(), mission, &[None, None], &mut out);
        assert!(
            !out.contains(&Target::Place(at(HOTH))),
            "{mission:?} may not go to Hoth"
        );
    }
    // Nor may Imperial units be deployed there.
    assert!(!s.deploy_places(Empire).any(|p| p == at(HOTH)));
}

/// A combat at the revealed base, the Empire attacking with `imperial` against the Rebel's
/// `rebel`, played out with the first option everywhere (no retreat) until it ends; returns
/// the log of the action that won the game for the Empire, if it did. Nobody may be asked
/// anything once the last Rebel unit there has fallen.
fn fight_at_the_base(
    seed: u64,
    imperial: &[(UnitKind, u8)],
    rebel: &[(UnitKind, u8)],
) -> Option<Vec<crate::log::LogEntry>> {
    use crate::data::cards::Objective;
    let mut s = empty_board(seed);
    s.set_base(DANTOOINE);
    s.base_revealed = true;
    // The Rebel holds an objective, so its combat window would be asked if the game went on.
    s.objectives = vec![Objective::MajorVictory];
    for &(k, n) in rebel {
        s.put(at(DANTOOINE), k, n);
    }
    for &(k, n) in imperial {
        s.put(at(MYGEETO), k, n);
    }
    turn(&mut s, Empire);
    s.play(Action::Activate {
        leader: Vader,
        system: DANTOOINE,
    });
    for &(k, n) in imperial {
        for _ in 0..n {
            s.play(Action::Move {
                kind: k,
                from: at(MYGEETO),
            });
        }
    }
    s.play(Action::Done);
    while !s.is_over() {
        let rebels_there = UnitKind::of(Rebel)
            .iter()
            .any(|k| s.count(at(DANTOOINE), *k) > 0);
        if !rebels_there {
            panic!(
                "seed {seed}: the Rebel is asked {:?} with no unit left at its base",
                s.stack.last()
            );
        }
        // Never retreat: the Rebel stays to the end.
        let legal: Vec<Action> = s
            .legal_now()
            .into_iter()
            .filter(|a| !matches!(a, Action::Retreat { .. }))
            .collect();
        let a = if legal.contains(&Action::Done) {
            Action::Done
        } else {
            legal[0]
        };
        let log = s.play(a);
        if s.is_over() {
            return (s.winner() == Some(Empire)).then_some(log);
        }
        // The combat ended without a win.
        s.view(Rebel).combat.as_ref()?;
    }
    None
}

#[test]
fn the_occupied_base_wins_in_the_step_its_last_rebel_unit_falls() {
    let mut won = 0;
    for seed in 0..30 {
        let Some(log) = fight_at_the_base(
            seed,
            &[
                (AssaultCarrier, 2),
                (StarDestroyer, 2),
                (Stormtrooper, 6),
                (AtSt, 2),
            ],
            &[(RebelTrooper, 1), (XWing, 1)],
        ) else {
            continue;
        };
        let events = events(&log);
        let last_fell = events
            .iter()
            .rposition(
                |e| matches!(e, LogEvent::UnitDestroyed { kind, .. } if kind.side() == Rebel),
            )
            .expect("the last Rebel unit fell in the winning action");
        let won_at = events
            .iter()
            .position(|e| {
                *e == LogEvent::GameWon {
                    side: Empire,
                    how: Victory::BaseOccupied,
                }
            })
            .expect("won by occupying the base");
        assert!(last_fell < won_at);
        // Nothing happened in between: no objective window, no end of the combat first.
        assert!(
            events[last_fell + 1..won_at]
                .iter()
                .all(|e| matches!(e, LogEvent::UnitDestroyed { .. })),
            "seed {seed}: {:?}",
            &events[last_fell..=won_at]
        );
        won += 1;
    }
    assert!(won > 10, "the Empire won {won} of 30");
}

#[test]
fn the_base_is_occupied_at_once_when_its_last_rebel_unit_leaves() {
    // An AT-ST on the revealed base's planet and an X-wing in its orbit share the system
    // without fighting (different theatres). The X-wing leaving wins for the Empire in that
    // very move; with no Imperial unit there, leaving wins nothing.
    for imperial_there in [false, true] {
        let mut s = empty_board(24);
        s.set_base(DANTOOINE);
        s.base_revealed = true;
        s.put(at(DANTOOINE), XWing, 1);
        if imperial_there {
            s.put(at(DANTOOINE), AtSt, 1);
        }
        turn(&mut s, Rebel);
        s.play(Action::Activate {
            leader: Dodonna,
            system: MYGEETO,
        });
        let log = s.play(Action::Move {
            kind: XWing,
            from: at(DANTOOINE),
        });
        if imperial_there {
            assert_eq!(s.winner(), Some(Empire));
            assert!(events(&log).contains(&LogEvent::GameWon {
                side: Empire,
                how: Victory::BaseOccupied
            }));
            assert!(s.stack.is_empty(), "nothing left to ask");
        } else {
            assert!(!s.is_over());
        }
    }
}

#[test]
fn the_quick_imperial_ground_check_knows_every_imperial_ground_kind() {
    let mut s = empty_board(25);
    for &kind in UnitKind::of(Empire) {
        s.put(at(KESSEL), kind, 1);
        assert_eq!(s.has_imperial_ground(KESSEL), kind.is_ground(), "{kind:?}");
        s.units[at(KESSEL).index()][kind.index()] = 0;
        s.supply[kind.index()] += 1;
    }
}
