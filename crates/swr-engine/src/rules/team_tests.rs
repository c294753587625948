//! The team game (docs/swr/team-game.md): a scenario test for each rule the layer
//! implements, and random 3- and 4-player games checked against an oracle written from the
//! rules text, independently of `team.rs`: every question is asked of the seat that owns it,
//! and no seat ever uses a leader or a card of the other role.

use super::*;
use crate::action::ActionError;
use crate::data::cards::{MissionDeck, Objective, Tactic};
use crate::data::systems::named::*;
use crate::data::systems::SystemId;
use crate::data::units::UnitKind::*;
use crate::invariants;
use crate::log::{LogEntry, LogEvent, NoLog};
use crate::rules::testkit::empty_board;
use crate::state::{Loyalty, Place, SystemState};
use game_kit::Rng;
use std::collections::HashMap;
use LeaderId::*;
use Role::{Admiral, General};
use Side::{Empire, Rebel};

#[path = "team_windows_tests.rs"]
mod windows;

#[path = "team_rules_tests.rs"]
mod scenarios;

const RA: Seat = Seat::REBEL_ADMIRAL;
const RG: Seat = Seat::REBEL_GENERAL;
const IA: Seat = Seat::IMPERIAL_ADMIRAL;
const IG: Seat = Seat::IMPERIAL_GENERAL;

fn at(s: SystemId) -> Place {
    Place::System(s)
}

/// An empty board (no units, neutral systems but Coruscant, no rings, no action cards) in a
/// 4-player game's Command phase, the Rebel Admiral to play.
fn board(seed: u64) -> GameState {
    let mut s = empty_board(seed);
    for st in s.leaders.iter_mut() {
        st.ring = None;
    }
    for side in Side::BOTH {
        s.cards[side.index()].actions.clear();
    }
    s.systems = [SystemState::default(); crate::data::systems::SYSTEM_COUNT];
    s.systems[CORUSCANT.index()].loyalty = Some(Loyalty::Empire);
    let mut t = TeamState::new(TeamOptions::FOUR);
    t.start_command();
    s.team = Some(t);
    s
}

fn seat(s: &GameState) -> Seat {
    s.decider().expect("someone decides")
}

fn offered(s: &GameState, a: Action) -> bool {
    s.legal_now().contains(&a)
}

fn leaders_offered(s: &GameState) -> Vec<LeaderId> {
    s.legal_now()
        .into_iter()
        .filter_map(|a| match a {
            Action::Leader(l) => Some(l),
            Action::Activate { leader, .. } | Action::Retreat { leader, .. } => Some(leader),
            _ => None,
        })
        .collect()
}

fn pool_only(s: &mut GameState, leaders: &[LeaderId]) {
    for l in LeaderId::ALL {
        let st = &mut s.leaders[l.index()];
        if st.place == LeaderPlace::Pool && !leaders.contains(&l) {
            st.place = LeaderPlace::Unrecruited;
        }
    }
    for l in leaders {
        s.leaders[l.index()].place = LeaderPlace::Pool;
    }
}

/// `action` is refused to whoever decides now, with a typed error, and changes nothing.
fn refused(s: &GameState, action: Action) -> bool {
    let side = s.active_player().expect("someone decides");
    let mut t = s.clone();
    let r = t.apply(side, action, &mut Vec::new());
    matches!(r, Err(ActionError::NotAllowed { .. })) && t == *s
}

/// Answers `Done` (else the first choice) until `stop` holds.
fn drive(s: &mut GameState, stop: impl Fn(&GameState) -> bool) {
    for _ in 0..2000 {
        if stop(s) || s.is_over() {
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
    panic!("the scenario does not end");
}

// ---------------------------------------------------------------------------------------
// Two players: untouched

#[test]
fn a_two_player_game_has_no_team_and_no_seat() {
    let s = GameState::new(1, GameOptions::default(), &mut NoLog);
    assert!(s.team().is_none());
    assert_eq!(s.decider(), None);
    // Its serialized state has no team field: what two-player games write is unchanged.
    let text = serde_json::to_string(&s).unwrap();
    assert!(!text.contains("\"team\""));
    let back: GameState = serde_json::from_str(&text).unwrap();
    assert_eq!(back, s);
}

#[test]
fn a_team_state_round_trips_through_json() {
    let s = GameState::new_team(4, GameOptions::default(), TeamOptions::THREE, &mut NoLog);
    let back: GameState = serde_json::from_str(&serde_json::to_string(&s).unwrap()).unwrap();
    assert_eq!(back, s);
    assert_eq!(back.team().unwrap().options, TeamOptions::THREE);
}

// ---------------------------------------------------------------------------------------
// Setup

#[test]
fn the_admirals_place_the_starting_units_the_rings_and_the_base() {
    for seed in 0..20 {
        let mut s =
            GameState::new_team(seed, GameOptions::default(), TeamOptions::FOUR, &mut NoLog);
        let mut rng = Rng::new(seed);
        while matches!(s.phase, Phase::Setup) {
            assert_eq!(seat(&s).role, Admiral, "{:?}", s.stack.last());
            let legal = s.legal_now();
            s.play(legal[rng.below(legal.len())]);
        }
        assert_eq!(s.phase, Phase::Assignment { side: Rebel });
    }
}

#[test]
fn starting_action_cards_are_held_by_the_player_whose_leader_they_show() {
    let s = GameState::new_team(9, GameOptions::default(), TeamOptions::FOUR, &mut NoLog);
    let t = s.team().unwrap();
    assert_eq!(t.holder(ActionCard::AccordingToMyDesign), Some(Admiral));
    assert_eq!(t.holder(ActionCard::ItIsYourDestiny), Some(General));
    assert_eq!(t.holder(ActionCard::StartTheEvacuation), Some(General));
    assert_eq!(t.holder(ActionCard::RebelPlanning), Some(Admiral));
    // A card showing no leader: either player.
    assert_eq!(t.holder(ActionCard::ResourcefulAstromech), None);
    assert!(t.may_use(Admiral, ActionCard::HumanCyborgRelations));
    assert!(t.may_use(General, ActionCard::HumanCyborgRelations));
    assert!(!t.may_use(Admiral, ActionCard::ItIsYourDestiny));
}

// ---------------------------------------------------------------------------------------
// Assignment

/// A team game at the Assignment phase of `side` with `pool` in the pools.
fn assignment(seed: u64, side: Side, pool: &[LeaderId]) -> GameState {
    let mut s = board(seed);
    pool_only(&mut s, pool);
    s.phase = Phase::Assignment { side };
    s
}

#[test]
fn each_player_assigns_their_own_leaders_the_admiral_first() {
    let mut s = assignment(1, Rebel, &[MonMothma, Dodonna, Leia, Rieekan]);
    let m = s.cards[Rebel.index()].missions[0];
    assert_eq!(seat(&s), RA);
    s.play(Action::Mission(m));
    // The Admiral's leaders only.
    assert_eq!(seat(&s), RA);
    let mut offered = leaders_offered(&s);
    offered.sort();
    assert_eq!(offered, vec![MonMothma, Dodonna]);
    assert!(!offered.contains(&Leia));
    s.play(Action::Leader(MonMothma));
    s.play(Action::Leader(Dodonna));
    // Back to the Admiral's assignment; his Done hands it to the General.
    assert_eq!(seat(&s), RA);
    assert!(
        !offered_mission(&s),
        "no leader left to assign: no mission to put down"
    );
    s.play(Action::Done);
    assert_eq!(s.phase, Phase::Assignment { side: Rebel });
    assert_eq!(seat(&s), RG);
    let m = s.cards[Rebel.index()].missions[0];
    s.play(Action::Mission(m));
    let mut offered = leaders_offered(&s);
    offered.sort();
    assert_eq!(offered, vec![Leia, Rieekan]);
    s.play(Action::Leader(Leia));
    s.play(Action::Done);
    // The General's Done ends the Rebel team's assignment: the Imperial Admiral's turn.
    assert_eq!(seat(&s), RG, "the General may still add Rieekan elsewhere");
    s.play(Action::Done);
    assert_eq!(s.phase, Phase::Assignment { side: Empire });
    assert_eq!(seat(&s), IA);
    assert_eq!(s.team().unwrap().declined, [None; DECLINED_SLOTS]);
}

fn offered_mission(s: &GameState) -> bool {
    s.legal_now()
        .iter()
        .any(|a| matches!(a, Action::Mission(_)))
}

#[test]
fn a_mission_may_carry_one_leader_of_each_player() {
    let mut s = assignment(2, Rebel, &[MonMothma, Leia]);
    let m = s.cards[Rebel.index()].missions[0];
    s.play(Action::Mission(m));
    s.play(Action::Leader(MonMothma));
    // The Admiral has no second leader: his teammate is asked whether to add one of his.
    assert_eq!(seat(&s), RG);
    assert_eq!(leaders_offered(&s), vec![Leia]);
    s.play(Action::Leader(Leia));
    let a = s.cards[Rebel.index()].assigned[0];
    assert_eq!(a.leaders, [Some(MonMothma), Some(Leia)]);
    // In the Command phase, either player may reveal it (one of his leaders is on it).
    s.phase = Phase::Command {
        turn: Rebel,
        passed: [false; 2],
    };
    s.team.as_mut().unwrap().start_command();
    assert_eq!(seat(&s), RA);
    assert!(offered(&s, Action::Reveal(0)));
}

#[test]
fn a_teammate_declining_to_add_a_leader_leaves_one_on_the_mission() {
    let mut s = assignment(3, Rebel, &[Dodonna, MonMothma, Leia]);
    let m = s.cards[Rebel.index()].missions[0];
    s.play(Action::Mission(m));
    s.play(Action::Leader(Dodonna));
    // The Admiral may add Mon Mothma; he declines, then the General declines too.
    assert_eq!(seat(&s), RA);
    s.play(Action::Done);
    assert_eq!(seat(&s), RG);
    s.play(Action::Done);
    assert_eq!(
        s.cards[Rebel.index()].assigned[0].leaders,
        [Some(Dodonna), None]
    );
    assert_eq!(seat(&s), RA, "the Admiral's assignment goes on");
}

#[test]
fn assignment_cards_are_played_by_their_holder_only() {
    let mut s = assignment(4, Rebel, &[Dodonna, Rieekan]);
    s.cards[Rebel.index()].actions =
        vec![ActionCard::RebelPlanning, ActionCard::StartTheEvacuation];
    let cards = |s: &GameState| -> Vec<ActionCard> {
        s.legal_now()
            .into_iter()
            .filter_map(|a| match a {
                Action::Card(c) => Some(c),
                _ => None,
            })
            .collect()
    };
    assert_eq!(seat(&s), RA);
    assert!(!cards(&s).contains(&ActionCard::StartTheEvacuation));
    s.play(Action::Done);
    assert_eq!(seat(&s), RG);
    assert!(!cards(&s).contains(&ActionCard::RebelPlanning));
}

// ---------------------------------------------------------------------------------------
// The Command phase

#[test]
fn command_turns_go_rebel_admiral_imperial_admiral_imperial_general_rebel_general() {
    let mut s = board(5);
    pool_only(&mut s, &[Dodonna, Leia, Tarkin, Vader]);
    let mut order = Vec::new();
    for _ in 0..4 {
        let who = seat(&s);
        order.push(who);
        let leader = leaders_offered(&s)[0];
        assert_eq!(leader.role(), who.role);
        s.play(Action::Activate {
            leader,
            system: DAGOBAH,
        });
        drive(&mut s, |s| s.stack.is_empty());
    }
    assert_eq!(order, vec![RA, IA, IG, RG]);
    assert_eq!(seat(&s), RA);
}

#[test]
fn a_seat_activates_only_with_its_own_leaders() {
    let mut s = board(6);
    pool_only(&mut s, &[Dodonna, Leia, Rieekan]);
    assert_eq!(seat(&s), RA);
    let leaders = leaders_offered(&s);
    assert!(leaders.iter().all(|l| *l == Dodonna), "{leaders:?}");
    assert!(!offered(
        &s,
        Action::Activate {
            leader: Leia,
            system: DAGOBAH
        }
    ));
    let mut log = Vec::new();
    let refused = s.apply(
        Rebel,
        Action::Activate {
            leader: Leia,
            system: DAGOBAH,
        },
        &mut log,
    );
    assert!(matches!(refused, Err(ActionError::NotAllowed { .. })));
}

#[test]
fn the_seat_that_activates_moves_the_units() {
    let mut s = board(7);
    pool_only(&mut s, &[Dodonna, Leia, Tarkin, Vader]);
    s.put(at(ALDERAAN), XWing, 1);
    // Dodonna to Dagobah, then the Empire's two turns; the Rebel General activates Corellia.
    s.play(Action::Activate {
        leader: Dodonna,
        system: DAGOBAH,
    });
    drive(&mut s, |s| s.stack.is_empty());
    for _ in 0..2 {
        let leader = leaders_offered(&s)[0];
        s.play(Action::Activate {
            leader,
            system: DAGOBAH,
        });
        drive(&mut s, |s| s.stack.is_empty());
    }
    assert_eq!(seat(&s), RG);
    s.play(Action::Activate {
        leader: Leia,
        system: CORELLIA,
    });
    assert!(matches!(s.stack.last(), Some(Frame::Moving(_))));
    assert_eq!(seat(&s), RG);
    assert!(offered(
        &s,
        Action::Move {
            kind: XWing,
            from: at(ALDERAAN)
        }
    ));
}

#[test]
fn a_seat_passes_for_itself_and_its_teammate_plays_on() {
    let mut s = board(8);
    pool_only(&mut s, &[Dodonna, Leia, Rieekan, Tarkin, Vader]);
    s.play(Action::Pass); // Rebel Admiral
    assert_eq!(seat(&s), IA);
    s.play(Action::Pass); // Imperial Admiral
    assert_eq!(seat(&s), IG);
    s.play(Action::Pass); // Imperial General: the Empire has passed
    assert_eq!(
        s.phase,
        Phase::Command {
            turn: Rebel,
            passed: [false, true]
        }
    );
    // Only the Rebel General is left: consecutive turns.
    assert_eq!(seat(&s), RG);
    s.play(Action::Activate {
        leader: Leia,
        system: DAGOBAH,
    });
    drive(&mut s, |s| s.stack.is_empty());
    assert_eq!(seat(&s), RG);
    s.play(Action::Activate {
        leader: Rieekan,
        system: HOTH,
    });
    drive(&mut s, |s| s.stack.is_empty());
    assert_eq!(seat(&s), RG);
    s.play(Action::Pass);
    // Everyone has passed: the Refresh phase.
    assert!(!matches!(s.phase, Phase::Command { .. }));
}

#[test]
fn a_passed_seat_is_skipped_in_the_order() {
    let mut s = board(9);
    pool_only(&mut s, &[Dodonna, Leia, Tarkin, Vader]);
    s.play(Action::Activate {
        leader: Dodonna,
        system: DAGOBAH,
    });
    drive(&mut s, |s| s.stack.is_empty());
    assert_eq!(seat(&s), IA);
    s.play(Action::Pass);
    assert_eq!(seat(&s), IG);
    s.play(Action::Activate {
        leader: Vader,
        system: HOTH,
    });
    drive(&mut s, |s| s.stack.is_empty());
    assert_eq!(seat(&s), RG);
    s.play(Action::Activate {
        leader: Leia,
        system: ENDOR,
    });
    drive(&mut s, |s| s.stack.is_empty());
    // The Rebel Admiral has no leader left but has not passed; then the Imperial General
    // (the Imperial Admiral passed).
    assert_eq!(seat(&s), RA);
    s.play(Action::Pass);
    assert_eq!(seat(&s), IG);
}

#[test]
fn either_rebel_may_reveal_the_base_and_a_mission_needs_one_of_ones_own_leaders() {
    let mut s = board(10);
    pool_only(&mut s, &[Dodonna, Leia]);
    s.set_base(DAGOBAH);
    let slot = s.assign_face_down(Rebel, Mission::Sabotage, &[Leia]);
    assert_eq!(seat(&s), RA);
    assert!(offered(&s, Action::RevealBase));
    assert!(!offered(&s, Action::Reveal(slot)), "Leia's mission");
    s.play(Action::Pass);
    s.play(Action::Pass);
    s.play(Action::Pass);
    assert_eq!(seat(&s), RG);
    assert!(offered(&s, Action::RevealBase));
    assert!(offered(&s, Action::Reveal(slot)));
}

// ---------------------------------------------------------------------------------------
// Missions

#[test]
fn the_revealing_player_decides_and_one_opposing_player_sends_a_leader() {
    let mut s = board(11);
    pool_only(&mut s, &[Dodonna, Leia, Tarkin, Vader]);
    s.systems[MANDALORE.index()].loyalty = Some(Loyalty::Empire);
    s.systems[KASHYYYK.index()].loyalty = Some(Loyalty::Rebel);
    // Imperial Propaganda with Palpatine, the Imperial Admiral's leader.
    let slot = s.assign_face_down(Empire, Mission::ImperialPropaganda, &[Palpatine]);
    s.play(Action::Pass); // Rebel Admiral
    assert_eq!(seat(&s), IA);
    s.play(Action::Reveal(slot));
    // Choosing the target: the Imperial Admiral, who revealed it.
    assert_eq!(seat(&s), IA);
    s.play(Action::Place(at(MANDALORE)));
    assert!(matches!(s.stack.last(), Some(Frame::Mission(m)) if m.step == MissionStep::Oppose));
    // The Rebel Admiral is asked first, with his leaders only...
    assert_eq!(seat(&s), RA);
    assert_eq!(leaders_offered(&s), vec![Dodonna]);
    s.play(Action::Done);
    // ...then the Rebel General, with his.
    assert_eq!(seat(&s), RG);
    assert_eq!(leaders_offered(&s), vec![Leia]);
    let log = s.play(Action::Leader(Leia));
    assert!(log.iter().any(|e| e.event
        == LogEvent::Opposed {
            side: Rebel,
            leader: Leia
        }));
    // One leader opposed: nobody else is asked.
    assert!(!matches!(s.stack.last(), Some(Frame::Mission(m)) if m.step == MissionStep::Oppose));
}

#[test]
fn a_general_with_no_leader_in_the_pool_is_not_asked_to_oppose() {
    let mut s = board(11);
    pool_only(&mut s, &[Dodonna, Tarkin]);
    s.systems[MANDALORE.index()].loyalty = Some(Loyalty::Empire);
    let slot = s.assign_face_down(Empire, Mission::ImperialPropaganda, &[Palpatine]);
    s.play(Action::Pass);
    s.play(Action::Reveal(slot));
    s.play(Action::Place(at(MANDALORE)));
    assert_eq!(seat(&s), RA);
    s.play(Action::Done);
    // The Rebel General has nobody to send: the Admiral's Done was the team's.
    assert!(!matches!(s.stack.last(), Some(Frame::Mission(m)) if m.step == MissionStep::Oppose));
}

// ---------------------------------------------------------------------------------------
// Combat

/// A combat at Dagobah: Rebel X-wings and troopers against TIEs and stormtroopers, started by
/// the Empire.
fn battle(seed: u64, pool: &[LeaderId]) -> GameState {
    let mut s = board(seed);
    pool_only(&mut s, pool);
    s.put(at(DAGOBAH), XWing, 2)
        .put(at(DAGOBAH), RebelTrooper, 2)
        .put(at(DAGOBAH), TieFighter, 2)
        .put(at(DAGOBAH), Stormtrooper, 2);
    s.team.as_mut().unwrap().acting = [Admiral, General];
    let mut log = Vec::new();
    s.start_combat(DAGOBAH, Empire, 0, &mut log);
    s.run(&mut log);
    s
}

fn combat(s: &GameState) -> Option<&crate::rules::combat::Combat> {
    s.stack.iter().rev().find_map(|f| match f {
        Frame::Combat(c) => Some(&**c),
        _ => None,
    })
}

#[test]
fn each_team_adds_one_leader_the_admiral_asked_first() {
    let mut s = battle(12, &[Tarkin, Vader, Dodonna, Leia]);
    assert!(matches!(
        combat(&s).unwrap().step,
        CombatStep::AddLeader { side: Empire }
    ));
    assert_eq!(seat(&s), IA);
    assert_eq!(leaders_offered(&s), vec![Tarkin]);
    assert!(refused(&s, Action::Leader(Vader)), "the General's leader");
    s.play(Action::Done);
    assert_eq!(seat(&s), IG);
    assert_eq!(leaders_offered(&s), vec![Vader]);
    s.play(Action::Leader(Vader));
    // The Empire added one, Tarkin is not asked for: now the Rebels, Admiral first.
    assert!(matches!(
        combat(&s).unwrap().step,
        CombatStep::AddLeader { side: Rebel }
    ));
    assert_eq!(seat(&s), RA);
    s.play(Action::Leader(Dodonna));
    assert!(!matches!(
        combat(&s).unwrap().step,
        CombatStep::AddLeader { .. }
    ));
}

#[test]
fn no_leader_is_added_where_a_teammate_has_one_with_tactic_values() {
    let mut s = board(13);
    pool_only(&mut s, &[Tarkin, Vader, Dodonna, Leia]);
    s.set_leader(Rieekan, LeaderPlace::Board(at(DAGOBAH)));
    s.put(at(DAGOBAH), XWing, 1).put(at(DAGOBAH), TieFighter, 1);
    let mut log = Vec::new();
    s.start_combat(DAGOBAH, Empire, 0, &mut log);
    s.run(&mut log);
    drive(&mut s, |s| {
        combat(s).is_none_or(|c| !matches!(c.step, CombatStep::AddLeader { side: Empire }))
    });
    // The Rebel General's Rieekan is there: neither Rebel adds a leader.
    assert!(combat(&s).is_none_or(|c| !matches!(c.step, CombatStep::AddLeader { .. })));
}

#[test]
fn the_admiral_fights_the_space_battle_and_the_general_the_ground_battle() {
    let mut seen = [false; 2];
    for seed in 0..30 {
        let mut s = battle(100 + seed, &[]);
        let mut rng = Rng::new(seed);
        while let Some(c) = combat(&s) {
            if let (CombatStep::Actions | CombatStep::Assign | CombatStep::Block, Some(a)) =
                (c.step, c.attack.as_ref())
            {
                let want = match a.theater {
                    crate::data::units::Theater::Space => Admiral,
                    crate::data::units::Theater::Ground => General,
                };
                assert_eq!(seat(&s).role, want, "{:?} {:?}", c.step, a.theater);
                seen[want.index()] = true;
            }
            let legal = s.legal_now();
            s.play(legal[rng.below(legal.len())]);
        }
    }
    assert!(seen[0] && seen[1]);
}

#[test]
fn a_player_retreats_with_his_own_leader_and_a_team_retreats_once() {
    for seed in 0..40 {
        let mut s = battle(200 + seed, &[]);
        s.set_leader(Dodonna, LeaderPlace::Board(at(DAGOBAH)));
        s.set_leader(Leia, LeaderPlace::Board(at(DAGOBAH)));
        let mut rng = Rng::new(seed);
        let mut retreats = 0;
        while combat(&s).is_some() {
            if let Some(CombatStep::Retreat { side: Rebel }) = combat(&s).map(|c| c.step) {
                let who = seat(&s);
                for l in leaders_offered(&s) {
                    assert_eq!(l.role(), who.role);
                }
            }
            let legal = s.legal_now();
            let a = legal[rng.below(legal.len())];
            if matches!(a, Action::Retreat { .. }) && seat(&s).side == Rebel {
                retreats += 1;
            }
            s.play(a);
        }
        assert!(retreats <= 1);
    }
}

#[test]
fn tactic_cards_are_played_by_the_battles_player() {
    let s = battle(14, &[]);
    let mut t = *s.team().unwrap();
    let e = Effect::new(Source::Tactic(Tactic::SpaceCriticalHit), Rebel);
    assert_eq!(effect_role(&s, &t, &e), Admiral);
    let e = Effect::new(Source::Tactic(Tactic::GroundCriticalHit), Rebel);
    assert_eq!(effect_role(&s, &t, &e), General);
    let e = Effect::new(Source::Objective(Objective::CripplingBlow), Rebel);
    assert_eq!(effect_role(&s, &t, &e), General);
    t.mission = General;
    let e = Effect::new(Source::Mission(Mission::RapidMobilization), Rebel);
    assert_eq!(
        effect_role(&s, &t, &e),
        Admiral,
        "the base moves: the Rebel Admiral"
    );
}

// ---------------------------------------------------------------------------------------
// Cards

#[test]
fn a_two_leader_card_goes_with_the_leader_recruited() {
    let mut s = board(15);
    recruited(&mut s, ActionCard::TheMillenniumFalcon, Chewbacca);
    recruited(&mut s, ActionCard::PointBlankAssault, Ackbar);
    let t = s.team().unwrap();
    assert_eq!(t.holder(ActionCard::TheMillenniumFalcon), Some(General));
    assert_eq!(t.holder(ActionCard::PointBlankAssault), Some(Admiral));
    // A one-leader card follows its leader whatever is recruited.
    assert_eq!(t.holder(ActionCard::SonOfSkywalker), Some(General));
}

#[test]
fn the_holder_of_a_two_leader_card_may_use_it_with_either_leader_shown_present() {
    // Point-Blank Assault (Ackbar, the Admiral's / Madine, the General's) held by the Rebel
    // Admiral, with only Madine in the combat: the Admiral plays it; the General may not.
    let mut s = board(16);
    pool_only(&mut s, &[]);
    s.set_leader(Madine, LeaderPlace::Board(at(DAGOBAH)));
    s.cards[Rebel.index()].actions = vec![ActionCard::PointBlankAssault];
    recruited(&mut s, ActionCard::PointBlankAssault, Ackbar);
    s.put(at(DAGOBAH), XWing, 1).put(at(DAGOBAH), TieFighter, 1);
    let mut log = Vec::new();
    s.start_combat(DAGOBAH, Rebel, 0, &mut log);
    s.run(&mut log);
    drive(&mut s, |s| {
        matches!(
            combat(s).map(|c| c.step),
            Some(CombatStep::StartCards { side: Rebel })
        )
    });
    assert_eq!(seat(&s), RA);
    assert!(offered(&s, Action::Card(ActionCard::PointBlankAssault)));
    // Had the General received it (with Madine), only he could play it.
    let mut g = s.clone();
    g.team.as_mut().unwrap().general_cards |= 1 << ActionCard::PointBlankAssault as u32;
    assert!(!offered(&g, Action::Card(ActionCard::PointBlankAssault)));
    g.play(Action::Done);
    assert_eq!(seat(&g), RG);
    assert!(offered(&g, Action::Card(ActionCard::PointBlankAssault)));
}

#[test]
fn the_admiral_recruits_and_a_generals_leader_takes_his_card_to_the_general() {
    // Random team games until a recruit hands a two-leader card to the General.
    for seed in 0..200 {
        let mut s =
            GameState::new_team(seed, GameOptions::default(), TeamOptions::FOUR, &mut NoLog);
        let mut rng = Rng::new(seed);
        while let Some(side) = s.active_player() {
            if let Some(Frame::Recruit {
                chosen: Some(card), ..
            }) = s.stack.last()
            {
                let card = *card;
                assert_eq!(seat(&s).role, Admiral);
                if card.holder() == Holder::Recruited {
                    let general = card
                        .info()
                        .leaders
                        .iter()
                        .copied()
                        .find(|l| l.role() == General)
                        .unwrap();
                    if offered(&s, Action::Leader(general)) {
                        s.play(Action::Leader(general));
                        assert_eq!(s.team().unwrap().holder(card), Some(General));
                        return;
                    }
                }
            }
            if matches!(s.stack.last(), Some(Frame::Recruit { .. })) {
                assert_eq!(seat(&s).role, Admiral);
            }
            let legal = s.legal_actions(side);
            s.apply_legal(side, legal[rng.below(legal.len())], &mut NoLog);
        }
    }
    panic!("no two-leader card was recruited with a General's leader");
}

#[test]
fn a_leader_lured_to_the_dark_side_serves_the_imperial_player_of_his_colour() {
    let mut s = board(17);
    pool_only(&mut s, &[]);
    s.leaders[Luke.index()].controller = Empire;
    s.leaders[Luke.index()].place = LeaderPlace::Pool;
    s.leaders[Luke.index()].ring = Some(Ring::LureOfTheDarkSide);
    s.play(Action::Pass); // Rebel Admiral
    assert_eq!(seat(&s), IA);
    assert!(
        leaders_offered(&s).is_empty(),
        "Luke is orange: not the Admiral's"
    );
    s.play(Action::Pass);
    assert_eq!(seat(&s), IG);
    assert!(leaders_offered(&s).contains(&Luke));
}

// ---------------------------------------------------------------------------------------
// Refresh

#[test]
fn the_general_keeps_the_mission_hand_and_the_rebel_general_the_objectives() {
    let mut s = board(18);
    s.cards[Rebel.index()].missions = Mission::deck(Rebel, MissionDeck::Normal);
    s.stack.push(Frame::DiscardMissions { side: Rebel });
    assert_eq!(seat(&s), RG);
    s.stack.clear();
    s.objectives = vec![Objective::CripplingBlow];
    s.stack.push(Frame::Refresh(RefreshStep::Objective));
    s.phase = Phase::Refresh;
    assert_eq!(seat(&s), RG);
}

// ---------------------------------------------------------------------------------------
// Random games against an oracle

/// What the rules text says about who decides, tracked from the actions taken (written
/// separately from `team.rs`, so that the layer is checked rather than restated).
#[derive(Default)]
struct Oracle {
    /// Two-leader cards by the role of the leader recruited with them.
    recruited: HashMap<ActionCard, Role>,
    /// The card chosen at the Recruit prompt, waiting for its leader.
    recruiting: Option<ActionCard>,
    /// The Command phase: whose turn, and who has passed.
    turn: Option<Seat>,
    passed: Vec<Seat>,
    /// The Assignment phase: the General's part has begun.
    general_assigns: Option<Side>,
    /// Who revealed the mission under way.
    revealed_by: Option<Seat>,
    /// The revealer's teammate let Blindside's window go (the revealer chooses the target).
    blindside_passed: bool,
    phase: Option<Phase>,
    decisions: HashMap<Seat, u64>,
    mixed_missions: u64,
    declines: u64,
    /// Blindside's windows asked of the revealer's teammate, and the card played there.
    blindside_windows: u64,
    blindside_by_mate: u64,
}

const ORDER: [Seat; 4] = [RA, IA, IG, RG];

impl Oracle {
    /// A new game: forget the last one's cards and turns (the counts stay).
    fn new_game(&mut self) {
        self.recruited.clear();
        self.recruiting = None;
        self.turn = None;
        self.passed.clear();
        self.general_assigns = None;
        self.revealed_by = None;
        self.blindside_passed = false;
        self.phase = None;
    }

    /// Blindside (Boba Fett / Janus Greejatus) may be its holder's, who may be the revealer's
    /// teammate: he is asked first when the card could apply as far as the Rebels can tell —
    /// an Imperial mission not already closed to pool leaders, one of its leaders on it, the
    /// Empire holding some action card — whatever he holds.
    fn blindside_may_come(s: &GameState, m: &crate::rules::frames::MissionRun) -> bool {
        m.side == Empire
            && !m.unopposable
            && !s.cards[Empire.index()].actions.is_empty()
            && (m.leaders.contains(&Some(BobaFett)) || m.leaders.contains(&Some(Greejatus)))
    }

    fn next_after(&self, s: Seat, include_self: bool) -> Option<Seat> {
        let i = ORDER.iter().position(|x| *x == s).unwrap();
        for k in 1..=4 {
            let c = ORDER[(i + k) % 4];
            if (c != s || include_self) && !self.passed.contains(&c) {
                return Some(c);
            }
        }
        None
    }

    fn card_may_be_used_by(&self, card: ActionCard, role: Role) -> bool {
        let shown = card.info().leaders;
        if shown.is_empty() {
            return true;
        }
        if shown.iter().all(|l| l.role() == role) {
            return true;
        }
        if shown.iter().all(|l| l.role() != role) {
            return false;
        }
        // A two-leader card: the role of the leader recruited with it (the Admiral keeps
        // one that recruited nobody).
        self.recruited.get(&card).copied().unwrap_or(Admiral) == role
    }

    /// Before an action: the question's owner and every offered action.
    fn check(&mut self, s: &GameState, legal: &[Action]) -> Result<Seat, String> {
        let side = s.active_player().ok_or("nobody to act")?;
        let seat = s.decider().ok_or("no decider")?;
        if seat.side != side {
            return Err(format!("decider {seat:?} but {side:?} acts"));
        }
        if legal.is_empty() {
            return Err(format!(
                "{seat:?} has no legal action at {:?}",
                s.stack.last()
            ));
        }
        *self.decisions.entry(seat).or_default() += 1;
        // Phase changes.
        if self.phase != Some(s.phase) {
            if matches!(s.phase, Phase::Command { .. })
                && !matches!(self.phase, Some(Phase::Command { .. }))
            {
                self.turn = Some(RA);
                self.passed.clear();
            }
            if matches!(s.phase, Phase::Assignment { .. }) {
                self.general_assigns = None;
            }
            self.phase = Some(s.phase);
        }
        let want = match s.stack.last() {
            None => match s.phase {
                Phase::Command { .. } => self.turn,
                Phase::Assignment { side } => Some(Seat::new(
                    side,
                    if self.general_assigns == Some(side) {
                        General
                    } else {
                        Admiral
                    },
                )),
                _ => None,
            },
            Some(Frame::PlaceImperialStart { .. }) => Some(IA),
            Some(Frame::PlaceRebelStart { .. } | Frame::ChooseBase | Frame::AttachRing { .. }) => {
                Some(RA)
            }
            Some(
                Frame::Recruit { side, .. }
                | Frame::Build { side, .. }
                | Frame::Deploy { side, .. },
            ) => Some(Seat::new(*side, Admiral)),
            Some(Frame::DiscardMissions { side }) => Some(Seat::new(*side, General)),
            Some(Frame::Refresh(RefreshStep::Objective)) => Some(RG),
            Some(Frame::Mission(m)) if m.step == MissionStep::ChooseTarget => {
                match self.revealed_by {
                    Some(r) if !self.blindside_passed && Self::blindside_may_come(s, m) => {
                        self.blindside_windows += 1;
                        Some(Seat::new(r.side, r.role.other()))
                    }
                    r => r,
                }
            }
            Some(Frame::Combat(c)) => match (c.step, &c.attack) {
                (CombatStep::Actions | CombatStep::Assign | CombatStep::Block, Some(a)) => {
                    let role = match a.theater {
                        crate::data::units::Theater::Space => Admiral,
                        crate::data::units::Theater::Ground => General,
                    };
                    Some(Seat::new(side, role))
                }
                (CombatStep::Objective { .. }, _) => Some(RG),
                _ => None,
            },
            Some(Frame::Effect(e)) => match e.source {
                Source::Objective(_) => Some(RG),
                Source::Tactic(t) => Some(Seat::new(
                    side,
                    if t.info().space { Admiral } else { General },
                )),
                _ => None,
            },
            _ => None,
        };
        if let Some(want) = want {
            if want != seat {
                return Err(format!(
                    "{seat:?} asked, {want:?} owns {:?} / {:?}",
                    s.stack.last(),
                    s.phase
                ));
            }
        }
        // Every offered action uses only the seat's own leaders and cards; the target is the
        // revealer's alone.
        let top = s.stack.last();
        let target_step =
            matches!(top, Some(Frame::Mission(m)) if m.step == MissionStep::ChooseTarget);
        for a in legal {
            if target_step
                && Some(seat) != self.revealed_by
                && !matches!(a, Action::Card(_) | Action::Done)
            {
                return Err(format!("{seat:?} offered {a:?} at another's target"));
            }
            let bad = match *a {
                Action::Activate { leader, .. }
                | Action::ActivateBase { leader }
                | Action::Retreat { leader, .. } => leader.role() != seat.role,
                Action::Leader(l) => match top {
                    Some(Frame::Assigning { .. }) => l.role() != seat.role,
                    Some(Frame::Mission(m)) if m.step == MissionStep::Oppose => {
                        l.role() != seat.role
                    }
                    Some(Frame::Combat(c)) if matches!(c.step, CombatStep::AddLeader { .. }) => {
                        l.role() != seat.role
                    }
                    _ => false,
                },
                Action::Card(c) if !matches!(top, Some(Frame::Recruit { .. })) => {
                    !self.card_may_be_used_by(c, seat.role)
                }
                Action::Reveal(slot) => !s.cards[side.index()].assigned[slot as usize]
                    .leaders
                    .iter()
                    .flatten()
                    .any(|l| l.role() == seat.role),
                _ => false,
            };
            if bad {
                return Err(format!("{seat:?} offered {a:?} at {top:?}"));
            }
        }
        Ok(seat)
    }

    /// After `seat` took `action` (the log is what it wrote).
    fn after(
        &mut self,
        before: &GameState,
        s: &GameState,
        seat: Seat,
        action: Action,
        log: &[LogEntry],
    ) -> Result<(), String> {
        if let Some(Frame::Recruit { chosen: None, .. }) = before.stack.last() {
            if let Action::Card(c) = action {
                self.recruiting = Some(c);
            }
        }
        for e in log {
            if let LogEvent::LeaderRecruited { leader, .. } = e.event {
                if let Some(card) = self.recruiting.take() {
                    self.recruited.insert(card, leader.role());
                }
            }
        }
        if !matches!(before.stack.last(), Some(Frame::Recruit { .. })) {
            self.recruiting = None;
        }
        if let Some(Frame::Mission(m)) = before.stack.last() {
            if m.step == MissionStep::ChooseTarget && Some(seat) != self.revealed_by {
                match action {
                    Action::Done => self.blindside_passed = true,
                    Action::Card(ActionCard::Blindside) => self.blindside_by_mate += 1,
                    other => return Err(format!("{seat:?} answered {other:?} at the target")),
                }
            }
        }
        if before.stack.is_empty() {
            match before.phase {
                Phase::Command { .. } => match action {
                    Action::RevealBase => {}
                    Action::Pass => {
                        self.passed.push(seat);
                        self.turn = self.next_after(seat, false);
                    }
                    other => {
                        if let Action::Reveal(slot) = other {
                            self.revealed_by = Some(seat);
                            self.blindside_passed = false;
                            let a = before.cards[seat.side.index()].assigned[slot as usize];
                            if a.leaders
                                .iter()
                                .flatten()
                                .map(|l| l.role())
                                .collect::<std::collections::HashSet<_>>()
                                .len()
                                == 2
                            {
                                self.mixed_missions += 1;
                            }
                        }
                        self.turn = self.next_after(seat, true);
                    }
                },
                Phase::Assignment { side } if action == Action::Done && seat.role == Admiral => {
                    self.general_assigns = Some(side);
                }
                _ => {}
            }
        }
        // A Done that handed the question to the teammate changed nothing else.
        if action == Action::Done
            && s.stack == before.stack
            && s.phase == before.phase
            && s.active_player() == Some(seat.side)
        {
            let now = s.decider().unwrap();
            if now == seat {
                return Err(format!(
                    "{seat:?} declined and is asked again at {:?}",
                    s.stack.last()
                ));
            }
            self.declines += 1;
        }
        Ok(())
    }
}

fn random_team_game(
    seed: u64,
    options: TeamOptions,
    oracle: &mut Oracle,
) -> Result<(GameState, usize), String> {
    let mut s = GameState::new_team(seed, GameOptions::default(), options, &mut NoLog);
    oracle.new_game();
    let mut policy = Rng::new(seed ^ 0x7EA3);
    let mut probe = Rng::new(seed ^ 0x5EC2E7);
    let mut buf = Vec::new();
    let mut steps = 0usize;
    let at = |steps: usize, e: String| {
        format!(
            "seed {seed}, {} players, action {steps}: {e}",
            options.players
        )
    };
    while let Some(side) = s.active_player() {
        s.legal_actions_into(side, &mut buf);
        let seat = oracle.check(&s, &buf).map_err(|e| at(steps, e))?;
        if options.players == 3 && side == Rebel && options.person(seat) != 0 {
            return Err(at(steps, "the lone Rebel plays both Rebel seats".into()));
        }
        if steps % 16 == 5 {
            // Who is asked never depends on what the other team cannot see.
            for viewer in Side::BOTH {
                let mut other = s.clone();
                invariants::resample_hidden(&mut other, viewer, &mut probe);
                if other.decider() != Some(seat) {
                    return Err(at(
                        steps,
                        format!("the seat asked depends on what {viewer:?} cannot see"),
                    ));
                }
            }
        }
        if steps % 64 == 7 {
            invariants::illegal_actions_are_refused(&s, &mut probe).map_err(|e| at(steps, e))?;
            invariants::views_hold_only_what_their_player_may_know(&s, &mut probe)
                .map_err(|e| at(steps, e))?;
        }
        let action = buf[policy.below(buf.len())];
        let before = s.clone();
        let mut log = Vec::new();
        s.apply(side, action, &mut log)
            .map_err(|e| at(steps, format!("{action:?} refused: {e}")))?;
        steps += 1;
        oracle
            .after(&before, &s, seat, action, &log)
            .map_err(|e| at(steps, e))?;
        invariants::after_action(&s).map_err(|e| at(steps, format!("after {action:?}: {e}")))?;
        if steps > 60_000 {
            return Err(at(steps, "no end".into()));
        }
    }
    if s.winner().is_none() {
        return Err(at(steps, "over without a winner".into()));
    }
    Ok((s, steps))
}

fn seeds() -> u64 {
    std::env::var("SWR_TEAM_SEEDS")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(64)
}

#[test]
fn random_team_games_ask_each_decision_of_its_seat_and_no_seat_uses_the_others_leaders() {
    let mut oracle = Oracle::default();
    let mut wins = [0u32; 2];
    for seed in 0..seeds() {
        for options in [TeamOptions::THREE, TeamOptions::FOUR] {
            let (s, _) =
                random_team_game(seed, options, &mut oracle).unwrap_or_else(|e| panic!("{e}"));
            wins[s.winner().unwrap().index()] += 1;
        }
    }
    eprintln!(
        "{} team games: wins {wins:?}, decisions {:?}, declines {}, mixed missions revealed {}, \
         Blindside windows for the revealer's teammate {} (the card played there {})",
        2 * seeds(),
        oracle.decisions,
        oracle.declines,
        oracle.mixed_missions,
        oracle.blindside_windows,
        oracle.blindside_by_mate
    );
    // Every seat decided, teammates handed questions over, and missions carried leaders of
    // both players.
    for seat in ORDER {
        assert!(
            oracle.decisions.get(&seat).copied().unwrap_or(0) > 0,
            "{seat:?} never decided"
        );
    }
    assert!(oracle.declines > 0);
    assert!(oracle.mixed_missions > 0);
    assert!(wins[0] > 0 && wins[1] > 0, "{wins:?}");
}

#[test]
fn the_same_seed_and_actions_give_the_same_team_game() {
    for seed in 0..4 {
        let (a, na) = random_team_game(seed, TeamOptions::FOUR, &mut Oracle::default()).unwrap();
        let (b, nb) = random_team_game(seed, TeamOptions::FOUR, &mut Oracle::default()).unwrap();
        assert_eq!(na, nb);
        assert_eq!(a, b);
    }
}
