//! Scenario tests for the Rebel missions: each card played through real actions on a board
//! built for it.

use super::step;
use crate::action::Action;
use crate::data::cards::{Mission, Objective};
use crate::data::leaders::LeaderId;
use crate::data::systems::named::*;
use crate::data::systems::SystemId;
use crate::data::units::UnitKind;
use crate::data::Side;
use crate::log::{Audience, LogEntry, LogEvent};
use crate::rules::effects::Source;
use crate::rules::frames::{Frame, MissionStep};
use crate::rules::testkit::empty_board;
use crate::state::{GameState, LeaderPlace, Loyalty, Phase, Place, Ring, SystemState};

use LeaderId as L;
use UnitKind as U;

fn sys(s: SystemId) -> Place {
    Place::System(s)
}

/// No units, every system neutral but Coruscant, the base hidden in `base`, the Rebel to
/// play in the Command phase.
fn board(base: SystemId) -> GameState {
    let mut s = empty_board(11);
    s.systems = [SystemState::default(); 32];
    s.systems[CORUSCANT.index()].loyalty = Some(Loyalty::Empire);
    s.set_base(base);
    s.base_revealed = false;
    for st in s.leaders.iter_mut() {
        st.ring = None;
    }
    s
}

/// Puts `mission` face down with `leaders`; returns its slot.
fn assign(s: &mut GameState, mission: Mission, leaders: &[LeaderId]) -> u8 {
    s.assign_face_down(Side::Rebel, mission, leaders)
}

/// The places offered as a mission's target now.
fn places_offered(s: &GameState) -> Vec<Place> {
    s.legal_now()
        .into_iter()
        .filter_map(|a| match a {
            Action::Place(p) => Some(p),
            _ => None,
        })
        .collect()
}

fn oppose_step(s: &GameState) -> bool {
    matches!(s.stack.last(), Some(Frame::Mission(m)) if m.step == MissionStep::Oppose)
}

/// Reveals the mission at `slot` in `target`; the Empire sends nobody.
fn reveal(s: &mut GameState, slot: u8, target: Place) -> Vec<LogEntry> {
    let mut log = s.play(Action::Reveal(slot));
    log.extend(s.play(Action::Place(target)));
    if oppose_step(s) {
        assert_eq!(s.active_player(), Some(Side::Empire));
        log.extend(s.play(Action::Done));
    }
    log
}

/// The question on top of the stack, if it is one of this file's effects.
fn asked(s: &GameState) -> Option<(Mission, u8)> {
    match s.stack.last() {
        Some(Frame::Effect(e)) => match e.source {
            Source::Mission(m) => Some((m, e.step)),
            _ => None,
        },
        _ => None,
    }
}

fn has_event(log: &[LogEntry], audience: Audience, event: &LogEvent) -> bool {
    log.iter()
        .any(|e| e.audience == audience && e.event == *event)
}

fn combat_at(s: &GameState) -> Option<(SystemId, Side)> {
    s.stack.iter().find_map(|f| match f {
        Frame::Combat(c) => Some((c.system, c.attacker)),
        _ => None,
    })
}

fn turn(s: &GameState) -> Side {
    match s.phase {
        Phase::Command { turn, .. } => turn,
        other => panic!("not the Command phase: {other:?}"),
    }
}

// ---------------------------------------------------------------------------------------
// Starting missions

#[test]
fn build_alliance_gains_loyalty_in_populous_systems_only() {
    let mut s = board(YAVIN);
    s.systems[NABOO.index()].destroyed = true;
    s.systems[MANDALORE.index()].loyalty = Some(Loyalty::Empire);
    let slot = assign(&mut s, Mission::BuildAlliance, &[L::Leia]);
    s.play(Action::Reveal(slot));
    let offered = places_offered(&s);
    assert!(offered.contains(&sys(CORELLIA)));
    assert!(offered.contains(&sys(CORUSCANT)), "Coruscant is populous");
    for no in [sys(YAVIN), sys(DAGOBAH), sys(NABOO), Place::RebelBase] {
        assert!(!offered.contains(&no), "{no:?}");
    }
    s.play(Action::Place(sys(CORELLIA)));
    assert_eq!(
        s.active_player(),
        Some(Side::Empire),
        "the Empire may oppose"
    );
    let log = s.play(Action::Done);
    assert_eq!(s.system(CORELLIA).loyalty, Some(Loyalty::Rebel));
    assert!(has_event(
        &log,
        Audience::Everyone,
        &LogEvent::LoyaltyChanged {
            system: CORELLIA,
            loyalty: Some(Loyalty::Rebel)
        }
    ));
    assert!(s.cards[0].missions.contains(&Mission::BuildAlliance));
    assert_eq!(s.leader(L::Leia).place, LeaderPlace::Board(sys(CORELLIA)));
    assert_eq!(turn(&s), Side::Empire);

    // Imperial loyalty only falls to neutral.
    s.play(Action::Pass);
    let slot = assign(&mut s, Mission::BuildAlliance, &[L::MonMothma]);
    reveal(&mut s, slot, sys(MANDALORE));
    assert_eq!(s.system(MANDALORE).loyalty, None);
}

#[test]
fn infiltration_puts_the_chosen_objective_on_top_and_the_other_at_the_bottom() {
    use Objective::*;
    let mut s = board(YAVIN);
    s.put(sys(MUSTAFAR), U::Stormtrooper, 1);
    s.objective_deck = vec![Liberation, CripplingBlow, MajorVictory, RebelAssault];
    let slot = assign(&mut s, Mission::Infiltration, &[L::Leia]);
    s.play(Action::Reveal(slot));
    assert_eq!(places_offered(&s), vec![sys(MUSTAFAR)]);
    s.play(Action::Place(sys(MUSTAFAR)));
    s.play(Action::Done);
    assert_eq!(asked(&s), Some((Mission::Infiltration, step::OBJECTIVE)));
    assert_eq!(s.active_player(), Some(Side::Rebel));
    assert_eq!(
        s.legal_now(),
        vec![
            Action::Objective(RebelAssault),
            Action::Objective(MajorVictory)
        ]
    );
    assert!(s.legal_actions(Side::Empire).is_empty());
    let log = s.play(Action::Objective(MajorVictory));
    assert_eq!(
        s.objective_deck,
        vec![RebelAssault, Liberation, CripplingBlow, MajorVictory]
    );
    let bottom = LogEvent::ObjectiveToBottom {
        objective: RebelAssault,
    };
    assert!(has_event(&log, Audience::Only(Side::Rebel), &bottom));
    assert!(!log
        .iter()
        .any(|e| e.event == bottom && e.audience != Audience::Only(Side::Rebel)));
    assert_eq!(turn(&s), Side::Empire);

    // One card left: the Rebel looks at it and it goes back.
    s.play(Action::Pass);
    s.objective_deck = vec![Liberation];
    let slot = assign(&mut s, Mission::Infiltration, &[L::Dodonna]);
    reveal(&mut s, slot, sys(MUSTAFAR));
    assert_eq!(asked(&s), None);
    assert_eq!(s.objective_deck, vec![Liberation]);
}

#[test]
fn sabotage_marks_a_populous_system_once() {
    let mut s = board(YAVIN);
    s.systems[NABOO.index()].destroyed = true;
    let slot = assign(&mut s, Mission::Sabotage, &[L::Leia]);
    s.play(Action::Reveal(slot));
    let offered = places_offered(&s);
    assert!(offered.contains(&sys(CORUSCANT)));
    assert!(!offered.contains(&sys(HOTH)) && !offered.contains(&sys(NABOO)));
    s.play(Action::Place(sys(CORUSCANT)));
    let log = s.play(Action::Done);
    assert!(s.system(CORUSCANT).sabotaged);
    assert!(has_event(
        &log,
        Audience::Everyone,
        &LogEvent::Sabotaged { system: CORUSCANT }
    ));

    s.play(Action::Pass);
    let slot = assign(&mut s, Mission::Sabotage, &[L::Rieekan]);
    let log = reveal(&mut s, slot, sys(CORUSCANT));
    assert!(s.system(CORUSCANT).sabotaged);
    assert!(!log
        .iter()
        .any(|e| matches!(e.event, LogEvent::Sabotaged { .. })));
}

/// The Empire passes, then the Rebel: the Command phase ends.
/// The Refresh phase opens by asking the Rebel, who holds objectives, whether to claim one.
fn decline_objective(s: &mut GameState) {
    assert_eq!(
        s.view(Side::Rebel).prompt,
        Some(crate::view::Prompt::ClaimObjective)
    );
    s.play(Action::Done);
}

fn both_pass(s: &mut GameState) {
    assert_eq!(s.active_player(), Some(Side::Empire));
    s.play(Action::Pass);
    assert_eq!(s.active_player(), Some(Side::Rebel));
    assert!(s.legal_now().contains(&Action::Pass));
    s.play(Action::Pass);
}

#[test]
fn rapid_mobilization_moves_the_base_at_the_end_of_the_command_phase() {
    let mut s = board(YAVIN);
    s.put(Place::RebelBase, U::XWing, 2);
    s.put(sys(DANTOOINE), U::YWing, 1);
    s.put(sys(MUSTAFAR), U::Stormtrooper, 1);
    s.systems[CORELLIA.index()].loyalty = Some(Loyalty::Empire);
    s.probe_deck = vec![ILUM, DANTOOINE, MUSTAFAR, CORELLIA, HOTH, ENDOR];
    // Twice in one round (as Contingency Plan allows): they resolve in the order revealed.
    assign(&mut s, Mission::RapidMobilization, &[L::Rieekan]);
    assign(&mut s, Mission::RapidMobilization, &[L::MonMothma]);
    s.play(Action::Reveal(0));
    assert_eq!(places_offered(&s), vec![Place::RebelBase]);
    s.play(Action::Place(Place::RebelBase));
    // A resolve mission: nothing happens yet and nobody may oppose.
    assert_eq!(
        s.leader(L::Rieekan).place,
        LeaderPlace::Board(Place::RebelBase)
    );
    assert_eq!(s.base, Some(YAVIN));
    assert_eq!(turn(&s), Side::Empire);
    assert_eq!(s.active_player(), Some(Side::Empire));
    assert!(s.cards[0].missions.contains(&Mission::RapidMobilization));

    // The turns go on as usual: the Empire activates a system and moves nothing.
    s.play(Action::Activate {
        leader: L::Vader,
        system: KESSEL,
    });
    s.play(Action::Done);
    assert_eq!(s.active_player(), Some(Side::Rebel));
    assert!(s.legal_now().contains(&Action::RevealBase));
    // An ordinary turn: no card question in the way.
    assert_eq!(s.view(Side::Empire).prompt, Some(crate::view::Prompt::Turn));
    assert_eq!(s.marks.mobilizations, vec![4]);
    reveal(&mut s, 0, Place::RebelBase);
    both_pass(&mut s);

    assert_eq!(
        asked(&s),
        Some((Mission::RapidMobilization, step::MOBILIZE))
    );
    assert_eq!(
        s.legal_now(),
        vec![Action::System(DANTOOINE), Action::Place(Place::RebelBase)]
    );
    s.play(Action::Place(Place::RebelBase));
    // The same step as gathering: the Empire's prompt does not tell the option apart.
    assert_eq!(asked(&s), Some((Mission::RapidMobilization, step::CARRY)));
    assert_eq!(
        s.legal_now(),
        vec![Action::Probe(HOTH), Action::Probe(ENDOR), Action::Done]
    );
    assert_eq!(s.probe_deck, vec![ILUM, DANTOOINE]);
    let log = s.play(Action::Probe(HOTH));
    assert_eq!(s.base, Some(HOTH));
    assert!(!s.base_revealed);
    assert_eq!(s.probes, vec![YAVIN]);
    assert_eq!(s.count(sys(YAVIN), U::XWing), 2);
    assert_eq!(s.count(Place::RebelBase, U::XWing), 0);
    for l in [L::Rieekan, L::MonMothma] {
        assert_eq!(s.leader(l).place, LeaderPlace::Board(sys(YAVIN)));
    }
    assert_eq!(&s.probe_deck[3..], &[ILUM, DANTOOINE]);
    let mut bottom = s.probe_deck[..3].to_vec();
    bottom.sort();
    assert_eq!(bottom, vec![MUSTAFAR, ENDOR, CORELLIA]);
    assert!(has_event(
        &log,
        Audience::Everyone,
        &LogEvent::BaseRevealed { system: YAVIN }
    ));
    assert!(has_event(
        &log,
        Audience::Only(Side::Rebel),
        &LogEvent::BaseChosen { system: Some(HOTH) }
    ));
    assert!(has_event(
        &log,
        Audience::Only(Side::Empire),
        &LogEvent::BaseChosen { system: None }
    ));

    // The second one: the new base is hidden, so gathering is possible again, but not from
    // Yavin, where Rieekan and Mon Mothma now keep the Rebel units (the card waives only
    // adjacency).
    assert_eq!(
        asked(&s),
        Some((Mission::RapidMobilization, step::MOBILIZE))
    );
    assert_eq!(
        s.legal_now(),
        vec![Action::System(DANTOOINE), Action::Place(Place::RebelBase)]
    );
    s.play(Action::Place(Place::RebelBase));
    s.play(Action::Done);
    assert_eq!(s.base, Some(HOTH));
    assert_eq!(s.phase, Phase::Refresh);
}

#[test]
fn rapid_mobilization_with_two_leaders_draws_eight_and_may_keep_the_base() {
    let mut s = board(YAVIN);
    let deck = vec![
        ILUM, DANTOOINE, HOTH, ENDOR, TATOOINE, DATHOMIR, KESSEL, BESPIN, RODIA, RYLOTH,
    ];
    s.probe_deck = deck.clone();
    let slot = assign(
        &mut s,
        Mission::RapidMobilization,
        &[L::Rieekan, L::MonMothma],
    );
    reveal(&mut s, slot, Place::RebelBase);
    both_pass(&mut s);
    s.play(Action::Place(Place::RebelBase));
    let offered = s.legal_now();
    assert_eq!(offered.len(), 9);
    for p in &deck[2..] {
        assert!(offered.contains(&Action::Probe(*p)));
    }
    s.play(Action::Done);
    assert_eq!(s.base, Some(YAVIN));
    decline_objective(&mut s);
    // The drawn cards went to the bottom: the Refresh phase's probe droids find the two
    // cards that were under them.
    assert_eq!(s.phase, Phase::Refresh);
    assert_eq!(s.probes, vec![DANTOOINE, ILUM]);
    let mut all = s.probe_deck.clone();
    all.sort();
    let mut expected = deck[2..].to_vec();
    expected.sort();
    assert_eq!(all, expected);
}

#[test]
fn rapid_mobilization_can_gather_up_to_five_units_from_one_system() {
    let mut s = board(YAVIN);
    s.put(sys(KESSEL), U::RebelTransport, 1)
        .put(sys(KESSEL), U::RebelTrooper, 3)
        .put(sys(KESSEL), U::XWing, 2)
        .put(sys(KESSEL), U::IonCannon, 1)
        .put(sys(MUSTAFAR), U::XWing, 1);
    let slot = assign(&mut s, Mission::RapidMobilization, &[L::Rieekan]);
    reveal(&mut s, slot, Place::RebelBase);
    both_pass(&mut s);
    s.play(Action::System(KESSEL));
    let from = sys(KESSEL);
    assert_eq!(
        s.legal_now(),
        vec![
            Action::Move {
                kind: U::XWing,
                from
            },
            Action::Move {
                kind: U::RebelTransport,
                from
            },
            Action::Done
        ],
        "troopers wait for a transport, structures never move"
    );
    s.play(Action::Move {
        kind: U::RebelTransport,
        from,
    });
    for _ in 0..3 {
        s.play(Action::Move {
            kind: U::RebelTrooper,
            from,
        });
    }
    s.play(Action::Move {
        kind: U::XWing,
        from,
    });
    // Five moved: the effect is over.
    assert_eq!(s.phase, Phase::Refresh);
    let base = Place::RebelBase;
    assert_eq!(s.count(base, U::RebelTransport), 1);
    assert_eq!(s.count(base, U::RebelTrooper), 3);
    assert_eq!(s.count(base, U::XWing), 1);
    assert_eq!(s.count(from, U::XWing), 1);
    assert_eq!(s.count(from, U::IonCannon), 1);
    assert_eq!(s.count(sys(MUSTAFAR), U::XWing), 1);
    assert_eq!(s.base, Some(YAVIN));
}

#[test]
fn rapid_mobilization_shows_the_drawn_cards_even_when_none_may_be_the_base() {
    let mut s = board(YAVIN);
    s.put(sys(MUSTAFAR), U::TieFighter, 1);
    s.systems[CORELLIA.index()].loyalty = Some(Loyalty::Empire);
    s.systems[BESPIN.index()].destroyed = true;
    s.probe_deck = vec![BESPIN, CORELLIA, MUSTAFAR];
    let slot = assign(&mut s, Mission::RapidMobilization, &[L::Rieekan]);
    reveal(&mut s, slot, Place::RebelBase);
    both_pass(&mut s);
    s.play(Action::Place(Place::RebelBase));
    assert_eq!(asked(&s), Some((Mission::RapidMobilization, step::CARRY)));
    assert_eq!(s.legal_now(), vec![Action::Done]);
    assert!(s.probe_deck.is_empty());
    s.play(Action::Done);
    assert_eq!(s.base, Some(YAVIN));
    assert_eq!(s.phase, Phase::Refresh);
}

#[test]
fn rapid_mobilization_with_a_revealed_base_only_moves_it() {
    let mut s = board(YAVIN);
    s.put(Place::RebelBase, U::RebelTrooper, 2);
    s.put(sys(HOTH), U::XWing, 1);
    s.reveal_base(&mut crate::log::NoLog);
    s.probe_deck = vec![ILUM, DANTOOINE, HOTH, ENDOR];
    let slot = assign(&mut s, Mission::RapidMobilization, &[L::Rieekan]);
    reveal(&mut s, slot, Place::RebelBase);
    assert_eq!(s.leader(L::Rieekan).place, LeaderPlace::Board(sys(YAVIN)));
    both_pass(&mut s);
    assert_eq!(s.legal_now(), vec![Action::Place(Place::RebelBase)]);
    s.play(Action::Place(Place::RebelBase));
    s.play(Action::Probe(DANTOOINE));
    assert_eq!(s.base, Some(DANTOOINE));
    assert!(!s.base_revealed);
    decline_objective(&mut s);
    assert_eq!(
        s.probes[0], YAVIN,
        "then the Refresh phase's two probe cards"
    );
    assert_eq!(s.probes.len(), 3);
    assert_eq!(s.count(sys(YAVIN), U::RebelTrooper), 2);
    assert_eq!(s.phase, Phase::Refresh);
}

// ---------------------------------------------------------------------------------------
// Normal missions

#[test]
fn base_defenses_places_both_structures_at_the_base() {
    let mut s = board(YAVIN);
    s.systems[CORELLIA.index()].loyalty = Some(Loyalty::Rebel);
    s.systems[MANDALORE.index()].loyalty = Some(Loyalty::Rebel);
    s.put(sys(MANDALORE), U::Stormtrooper, 1);
    s.systems[MANDALORE.index()].subjugated = true;
    let slot = assign(&mut s, Mission::BaseDefenses, &[L::Rieekan]);
    s.play(Action::Reveal(slot));
    assert_eq!(places_offered(&s), vec![sys(CORELLIA)]);
    s.play(Action::Place(sys(CORELLIA)));
    let log = s.play(Action::Done);
    assert_eq!(s.count(Place::RebelBase, U::IonCannon), 1);
    assert_eq!(s.count(Place::RebelBase, U::ShieldGenerator), 1);
    assert_eq!(s.count(sys(YAVIN), U::IonCannon), 0);
    assert!(!s.base_revealed);
    assert!(has_event(
        &log,
        Audience::Everyone,
        &LogEvent::UnitPlaced {
            kind: U::ShieldGenerator,
            place: Place::RebelBase
        }
    ));

    // Revealed base, no ion cannon left: only the shield generator, in the base's system.
    s.play(Action::Pass);
    s.reveal_base(&mut crate::log::NoLog);
    s.put(sys(HOTH), U::IonCannon, 2);
    assert_eq!(s.supply(U::IonCannon), 0);
    let slot = assign(&mut s, Mission::BaseDefenses, &[L::Leia]);
    reveal(&mut s, slot, sys(CORELLIA));
    assert_eq!(s.count(sys(YAVIN), U::ShieldGenerator), 2);
    assert_eq!(s.count(sys(YAVIN), U::IonCannon), 1);
}

#[test]
fn contingency_plan_moves_its_leaders_onto_a_starting_mission() {
    let mut s = board(YAVIN);
    let starting = [
        Mission::BuildAlliance,
        Mission::Infiltration,
        Mission::RapidMobilization,
        Mission::Sabotage,
    ];
    s.cards[0].missions.retain(|m| !m.is_starting());
    let slot = assign(&mut s, Mission::ContingencyPlan, &[L::Lando, L::Leia]);
    assert!(
        !s.legal_now().contains(&Action::Reveal(slot)),
        "no starting mission in hand"
    );
    s.cards[0].missions.extend([starting[0], starting[3]]);
    s.play(Action::Reveal(slot));
    assert_eq!(places_offered(&s), vec![Place::RebelBase]);
    s.play(Action::Place(Place::RebelBase));
    assert_eq!(
        asked(&s),
        Some((Mission::ContingencyPlan, step::START_MISSION))
    );
    let mut offered = s.legal_now();
    offered.sort_by_key(|a| format!("{a:?}"));
    assert_eq!(
        offered,
        vec![
            Action::Mission(Mission::BuildAlliance),
            Action::Mission(Mission::Sabotage)
        ]
    );
    let log = s.play(Action::Mission(Mission::Sabotage));
    let a = s.cards[0].assigned.last().copied().expect("assigned");
    assert_eq!(a.mission, Mission::Sabotage);
    assert_eq!(a.leaders, [Some(L::Leia), Some(L::Lando)]);
    let new_slot = (s.cards[0].assigned.len() - 1) as u8;
    for l in [L::Leia, L::Lando] {
        assert_eq!(s.leader(l).place, LeaderPlace::OnMission(new_slot));
    }
    assert!(!s.cards[0].missions.contains(&Mission::Sabotage));
    assert!(s.cards[0]
        .mission_discard
        .contains(&Mission::ContingencyPlan));
    let assigned = |mission| LogEvent::MissionAssigned {
        side: Side::Rebel,
        slot: new_slot,
        mission,
        leaders: [Some(L::Leia), Some(L::Lando)],
    };
    assert!(has_event(
        &log,
        Audience::Only(Side::Rebel),
        &assigned(Some(Mission::Sabotage))
    ));
    assert!(has_event(
        &log,
        Audience::Only(Side::Empire),
        &assigned(None)
    ));

    // Revealed later like any face-down mission; Lando's two successes go with it.
    assert!(s.marks.lando_bonus);
    assert_eq!(s.active_player(), Some(Side::Empire));
    s.play(Action::Pass);
    assert!(s.legal_now().contains(&Action::Reveal(new_slot)));
    s.play(Action::Reveal(new_slot));
    assert!(!s.marks.lando_bonus, "used once");
    let Some(Frame::Mission(m)) = s.stack.last() else {
        panic!("a mission")
    };
    assert_eq!(m.bonus, 2);
    s.play(Action::Place(sys(KESSEL)));
    s.play(Action::Done); // the Empire does not oppose
    assert!(s.system(KESSEL).sabotaged);
}

#[test]
fn build_alliance_rolls_two_more_dice_where_rebel_units_stand() {
    let mut s = board(YAVIN);
    s.put(sys(CORELLIA), UnitKind::XWing, 1);
    s.set_leader(L::Vader, LeaderPlace::Board(sys(CORELLIA)));
    let slot = assign(&mut s, Mission::BuildAlliance, &[L::Leia]);
    s.play(Action::Reveal(slot));
    s.play(Action::Place(sys(CORELLIA)));
    let Some(Frame::Mission(m)) = s.stack.last() else {
        panic!("a mission")
    };
    // Leia's two diplomacy icons and the bonus: four dice.
    assert_eq!(crate::rules::missions::dice_count(&s, m, Side::Rebel), 4);
    let mut plain = m.clone();
    plain.place = Some(sys(ALDERAAN));
    assert_eq!(
        crate::rules::missions::dice_count(&s, &plain, Side::Rebel),
        0,
        "nobody of hers there"
    );
}

#[test]
fn covert_operation_keeps_one_of_the_top_two_objectives() {
    use Objective::*;
    let mut s = board(YAVIN);
    s.put(sys(MUSTAFAR), U::TieFighter, 1);
    s.objectives.clear();
    s.objective_deck = vec![Liberation, CripplingBlow, MajorVictory];
    let slot = assign(&mut s, Mission::CovertOperation, &[L::Leia]);
    assert!(
        !s.legal_now().contains(&Action::Reveal(slot)),
        "Intel 3 is needed"
    );
    s.cards[0].assigned[slot as usize].leaders[1] = Some(L::Dodonna);
    s.leaders[L::Dodonna.index()].place = LeaderPlace::OnMission(slot);
    reveal(&mut s, slot, sys(MUSTAFAR));
    assert_eq!(
        s.legal_now(),
        vec![
            Action::Objective(CripplingBlow),
            Action::Objective(MajorVictory)
        ]
    );
    let log = s.play(Action::Objective(CripplingBlow));
    assert_eq!(s.objectives, vec![CripplingBlow]);
    assert_eq!(s.objective_deck, vec![MajorVictory, Liberation]);
    assert!(has_event(
        &log,
        Audience::Only(Side::Rebel),
        &LogEvent::ObjectiveDrawn {
            objective: Some(CripplingBlow)
        }
    ));
    assert!(has_event(
        &log,
        Audience::Only(Side::Empire),
        &LogEvent::ObjectiveDrawn { objective: None }
    ));
}

#[test]
fn daring_rescue_frees_the_chosen_captive_and_lets_its_leaders_go_home() {
    let mut s = board(YAVIN);
    s.put(sys(MUSTAFAR), U::Stormtrooper, 1);
    for (l, ring) in [(L::Han, Ring::Captured), (L::Chewbacca, Ring::Carbonite)] {
        s.leaders[l.index()].place = LeaderPlace::Board(sys(MUSTAFAR));
        s.leaders[l.index()].ring = Some(ring);
    }
    let slot = assign(&mut s, Mission::DaringRescue, &[L::Leia, L::Dodonna]);
    s.play(Action::Reveal(slot));
    assert_eq!(places_offered(&s), vec![sys(MUSTAFAR)]);
    s.play(Action::Place(sys(MUSTAFAR)));
    s.play(Action::Done);
    assert_eq!(asked(&s), Some((Mission::DaringRescue, step::RESCUE)));
    assert_eq!(
        s.legal_now(),
        vec![Action::Leader(L::Chewbacca), Action::Leader(L::Han)]
    );
    let log = s.play(Action::Leader(L::Han));
    assert_eq!(s.leader(L::Han).ring, None);
    assert_eq!(s.leader(L::Han).place, LeaderPlace::Board(Place::RebelBase));
    assert_eq!(s.leader(L::Chewbacca).ring, Some(Ring::Carbonite));
    assert!(has_event(
        &log,
        Audience::Everyone,
        &LogEvent::LeaderRescued { leader: L::Han }
    ));
    assert_eq!(asked(&s), Some((Mission::DaringRescue, step::GO_HOME)));
    assert_eq!(
        s.legal_now(),
        vec![
            Action::Leader(L::Dodonna),
            Action::Leader(L::Leia),
            Action::Done
        ]
    );
    s.play(Action::Leader(L::Leia));
    assert_eq!(
        s.legal_now(),
        vec![Action::Leader(L::Dodonna), Action::Done]
    );
    s.play(Action::Done);
    assert_eq!(
        s.leader(L::Leia).place,
        LeaderPlace::Board(Place::RebelBase)
    );
    assert_eq!(
        s.leader(L::Dodonna).place,
        LeaderPlace::Board(sys(MUSTAFAR))
    );
    assert_eq!(turn(&s), Side::Empire);
    assert_eq!(s.active_player(), Some(Side::Empire));
}

#[test]
fn demolition_destroys_one_queued_unit_per_icon() {
    let mut s = board(YAVIN);
    // Mustafar: blue triangle then blue circle.
    s.systems[MUSTAFAR.index()].loyalty = Some(Loyalty::Empire);
    let q = &mut s.cards[Side::Empire.index()].queue;
    q[0][U::TieFighter.index()] = 1;
    q[2][U::TieFighter.index()] = 1;
    q[1][U::Stormtrooper.index()] = 1;
    q[2][U::AssaultCarrier.index()] = 1;
    q[2][U::StarDestroyer.index()] = 1;
    for k in [
        U::TieFighter,
        U::TieFighter,
        U::Stormtrooper,
        U::AssaultCarrier,
        U::StarDestroyer,
    ] {
        s.supply[k.index()] -= 1;
    }
    let ties = s.supply(U::TieFighter);
    let slot = assign(&mut s, Mission::Demolition, &[L::Chewbacca]);
    s.play(Action::Reveal(slot));
    let offered = places_offered(&s);
    assert!(offered.contains(&sys(MUSTAFAR)) && offered.contains(&sys(CORUSCANT)));
    assert!(!offered.contains(&sys(KESSEL)));
    s.play(Action::Place(sys(MUSTAFAR)));
    s.play(Action::Done);
    assert_eq!(
        s.legal_now(),
        vec![
            Action::Queued {
                kind: U::TieFighter,
                space: 1
            },
            Action::Queued {
                kind: U::TieFighter,
                space: 3
            }
        ]
    );
    let log = s.play(Action::Queued {
        kind: U::TieFighter,
        space: 3,
    });
    assert!(has_event(
        &log,
        Audience::Everyone,
        &LogEvent::QueuedUnitDestroyed {
            side: Side::Empire,
            kind: U::TieFighter,
            space: 3
        }
    ));
    assert_eq!(
        s.legal_now(),
        vec![Action::Queued {
            kind: U::AssaultCarrier,
            space: 3
        }]
    );
    s.play(Action::Queued {
        kind: U::AssaultCarrier,
        space: 3,
    });
    let q = &s.cards[Side::Empire.index()].queue;
    assert_eq!(q[0][U::TieFighter.index()], 1);
    assert_eq!(q[2][U::TieFighter.index()], 0);
    assert_eq!(q[2][U::AssaultCarrier.index()], 0);
    assert_eq!(q[2][U::StarDestroyer.index()], 1);
    assert_eq!(q[1][U::Stormtrooper.index()], 1);
    assert_eq!(s.supply(U::TieFighter), ties + 1);
    assert_eq!(asked(&s), None);
    assert_eq!(turn(&s), Side::Empire);
}

#[test]
fn establish_trade_relations_gains_loyalty_and_queues_a_unit_per_icon() {
    let mut s = board(YAVIN);
    s.systems[UTAPAU.index()].sabotaged = true;
    // Corellia: blue triangle, blue square; build space 3. Every cruiser is on the board.
    s.put(sys(HOTH), U::MonCalamariCruiser, 3);
    let slot = assign(&mut s, Mission::EstablishTradeRelations, &[L::MonMothma]);
    s.play(Action::Reveal(slot));
    let offered = places_offered(&s);
    assert!(offered.contains(&sys(HOTH)), "remote systems are allowed");
    assert!(!offered.contains(&sys(UTAPAU)), "sabotaged");
    s.play(Action::Place(sys(CORELLIA)));
    s.play(Action::Done);
    assert_eq!(s.system(CORELLIA).loyalty, Some(Loyalty::Rebel));
    // The Build step's question, icon by icon (the one rule for cards that place units on
    // the build queue from icons).
    assert!(matches!(
        s.stack.last(),
        Some(Frame::Build {
            side: Side::Rebel,
            ..
        })
    ));
    assert_eq!(
        s.legal_now(),
        vec![
            Action::Build(U::XWing),
            Action::Build(U::YWing),
            Action::Build(U::RebelTransport)
        ]
    );
    s.play(Action::Build(U::YWing));
    assert_eq!(
        s.legal_now(),
        vec![
            Action::Destroy {
                kind: U::MonCalamariCruiser,
                at: sys(HOTH)
            },
            Action::Done
        ]
    );
    s.play(Action::Destroy {
        kind: U::MonCalamariCruiser,
        at: sys(HOTH),
    });
    let q = &s.cards[Side::Rebel.index()].queue;
    assert_eq!(q[2][U::YWing.index()], 1);
    assert_eq!(q[2][U::MonCalamariCruiser.index()], 1);
    assert_eq!(s.count(sys(HOTH), U::MonCalamariCruiser), 2);
    assert_eq!(asked(&s), None);

    // Coruscant keeps its loyalty but its icon still gives a trooper on space 1.
    s.play(Action::Pass);
    let slot = assign(&mut s, Mission::EstablishTradeRelations, &[L::MonMothma]);
    reveal(&mut s, slot, sys(CORUSCANT));
    assert_eq!(s.system(CORUSCANT).loyalty, Some(Loyalty::Empire));
    // One kind for the icon and the supply has it: no question.
    assert_eq!(s.cards[0].queue[0][U::RebelTrooper.index()], 1);
}

#[test]
fn for_the_greater_good_rescues_and_draws_an_objective() {
    use Objective::*;
    let mut s = board(YAVIN);
    s.put(sys(MUSTAFAR), U::Stormtrooper, 1);
    s.leaders[L::Han.index()].place = LeaderPlace::Board(sys(MUSTAFAR));
    s.leaders[L::Han.index()].ring = Some(Ring::Captured);
    s.objectives.clear();
    s.objective_deck = vec![Liberation, MajorVictory];
    let slot = assign(&mut s, Mission::ForTheGreaterGood, &[L::ObiWan]);
    s.play(Action::Reveal(slot));
    assert_eq!(places_offered(&s), vec![sys(MUSTAFAR)]);
    s.play(Action::Place(sys(MUSTAFAR)));
    let log = s.play(Action::Done);
    assert_eq!(s.leader(L::Han).ring, None);
    assert_eq!(s.leader(L::Han).place, LeaderPlace::Board(Place::RebelBase));
    assert_eq!(s.leader(L::ObiWan).place, LeaderPlace::Board(sys(MUSTAFAR)));
    assert_eq!(s.objectives, vec![MajorVictory]);
    assert_eq!(s.objective_deck, vec![Liberation]);
    assert!(has_event(
        &log,
        Audience::Only(Side::Empire),
        &LogEvent::ObjectiveDrawn { objective: None }
    ));
    assert_eq!(asked(&s), None);
}

#[test]
fn hidden_fleet_moves_units_from_the_rebel_base_space_with_transport() {
    let mut s = board(YAVIN);
    s.put(Place::RebelBase, U::CorellianCorvette, 1)
        .put(Place::RebelBase, U::RebelTrooper, 3)
        .put(Place::RebelBase, U::ShieldGenerator, 1)
        .put(Place::RebelBase, U::XWing, 1)
        .put(sys(YAVIN), U::YWing, 1)
        .put(sys(MUSTAFAR), U::TieFighter, 1);
    s.leaders[L::Leia.index()].place = LeaderPlace::Board(Place::RebelBase);
    let slot = assign(&mut s, Mission::HiddenFleet, &[L::Rieekan]);
    s.play(Action::Reveal(slot));
    let offered = places_offered(&s);
    assert!(offered.contains(&sys(HOTH)) && offered.contains(&sys(YAVIN)));
    assert!(!offered.contains(&sys(MUSTAFAR)));
    s.play(Action::Place(sys(HOTH)));
    let base = Place::RebelBase;
    let mv = |kind| Action::Move { kind, from: base };
    assert_eq!(
        s.legal_now(),
        vec![mv(U::XWing), mv(U::CorellianCorvette), Action::Done],
        "a leader there does not stop it; the base's system is not the Rebel Base space"
    );
    s.play(mv(U::CorellianCorvette));
    s.play(mv(U::RebelTrooper));
    s.play(mv(U::RebelTrooper));
    assert_eq!(s.legal_now(), vec![mv(U::XWing), Action::Done]);
    s.play(Action::Done);
    assert_eq!(s.count(sys(HOTH), U::CorellianCorvette), 1);
    assert_eq!(s.count(sys(HOTH), U::RebelTrooper), 2);
    assert_eq!(s.count(base, U::RebelTrooper), 1);
    assert_eq!(s.count(base, U::ShieldGenerator), 1);
    assert_eq!(s.count(sys(YAVIN), U::YWing), 1);
    assert!(!s.base_revealed);
    assert_eq!(combat_at(&s), None);
    assert_eq!(turn(&s), Side::Empire);
}

#[test]
fn hit_and_run_destroys_imperial_units_worth_up_to_two_health() {
    let mut s = board(YAVIN);
    let here = sys(MUSTAFAR);
    s.put(here, U::Stormtrooper, 2)
        .put(here, U::StarDestroyer, 1)
        .put(here, U::DeathStar, 1);
    s.systems[MUSTAFAR.index()].subjugated = true;
    let slot = assign(&mut s, Mission::HitAndRun, &[L::Han]);
    reveal(&mut s, slot, here);
    let destroy = |kind| Action::Destroy { kind, at: here };
    assert_eq!(s.legal_now(), vec![destroy(U::Stormtrooper), Action::Done]);
    s.play(destroy(U::Stormtrooper));
    assert!(s.system(MUSTAFAR).subjugated);
    let log = s.play(destroy(U::Stormtrooper));
    assert_eq!(s.count(here, U::Stormtrooper), 0);
    assert_eq!(s.count(here, U::StarDestroyer), 1);
    assert_eq!(s.count(here, U::DeathStar), 1);
    assert!(
        !s.system(MUSTAFAR).subjugated,
        "no Imperial ground unit left"
    );
    assert!(has_event(
        &log,
        Audience::Everyone,
        &LogEvent::SubjugationLifted { system: MUSTAFAR }
    ));
    assert_eq!(asked(&s), None, "two health spent: nothing more to choose");

    // The last Imperial unit guarding a captive goes: the captive is rescued at once.
    let mut s = board(YAVIN);
    s.put(sys(KESSEL), U::Stormtrooper, 1);
    s.set_leader(L::Chewbacca, LeaderPlace::Board(sys(KESSEL)));
    s.leaders[L::Chewbacca.index()].ring = Some(Ring::Captured);
    let slot = assign(&mut s, Mission::HitAndRun, &[L::Han]);
    reveal(&mut s, slot, sys(KESSEL));
    s.play(Action::Destroy {
        kind: U::Stormtrooper,
        at: sys(KESSEL),
    });
    assert_eq!(s.leader(L::Chewbacca).ring, None);
    assert_eq!(
        s.leader(L::Chewbacca).place,
        LeaderPlace::Board(Place::RebelBase)
    );
}

#[test]
fn ignite_rebellion_places_three_troopers_and_starts_a_combat() {
    let mut s = board(YAVIN);
    s.put(sys(MUSTAFAR), U::Stormtrooper, 1);
    s.systems[MUSTAFAR.index()].subjugated = true;
    s.systems[CORELLIA.index()].loyalty = Some(Loyalty::Empire);
    s.put(sys(CORELLIA), U::Stormtrooper, 1);
    let troopers = s.supply(U::RebelTrooper);
    let slot = assign(&mut s, Mission::IgniteRebellion, &[L::Leia]);
    s.play(Action::Reveal(slot));
    assert_eq!(places_offered(&s), vec![sys(MUSTAFAR)]);
    s.play(Action::Place(sys(MUSTAFAR)));
    s.play(Action::Done);
    assert_eq!(s.count(sys(MUSTAFAR), U::RebelTrooper), 3);
    assert_eq!(s.supply(U::RebelTrooper), troopers - 3);
    assert_eq!(combat_at(&s), Some((MUSTAFAR, Side::Rebel)));
}

#[test]
fn lead_the_strike_team_carries_four_ground_units_and_fights_imperial_ground_only() {
    let mut s = board(YAVIN);
    s.put(Place::RebelBase, U::RebelTrooper, 5)
        .put(Place::RebelBase, U::Airspeeder, 1)
        .put(Place::RebelBase, U::IonCannon, 1)
        .put(Place::RebelBase, U::XWing, 1)
        .put(sys(MUSTAFAR), U::Stormtrooper, 1);
    s.systems[MUSTAFAR.index()].subjugated = true;
    let slot = assign(&mut s, Mission::LeadTheStrikeTeam, &[L::Han]);
    reveal(&mut s, slot, sys(MUSTAFAR));
    let mv = |kind| Action::Move {
        kind,
        from: Place::RebelBase,
    };
    assert_eq!(
        s.legal_now(),
        vec![mv(U::RebelTrooper), mv(U::Airspeeder), Action::Done],
        "ground units only, no transport needed"
    );
    for _ in 0..3 {
        s.play(mv(U::RebelTrooper));
    }
    s.play(mv(U::Airspeeder));
    assert_eq!(s.count(sys(MUSTAFAR), U::RebelTrooper), 3);
    assert_eq!(s.count(sys(MUSTAFAR), U::Airspeeder), 1);
    assert_eq!(combat_at(&s), Some((MUSTAFAR, Side::Rebel)));

    // Ships on both sides but no Imperial ground unit: no combat.
    let mut s = board(YAVIN);
    s.put(Place::RebelBase, U::RebelTrooper, 1)
        .put(sys(KESSEL), U::XWing, 1)
        .put(sys(KESSEL), U::StarDestroyer, 1);
    let slot = assign(&mut s, Mission::LeadTheStrikeTeam, &[L::Han]);
    reveal(&mut s, slot, sys(KESSEL));
    s.play(mv(U::RebelTrooper));
    assert_eq!(s.count(sys(KESSEL), U::RebelTrooper), 1);
    assert_eq!(combat_at(&s), None);
    assert_eq!(turn(&s), Side::Empire);
}

#[test]
fn misdirection_closes_the_imperial_pool_for_the_chosen_leaders_missions() {
    let mut s = board(YAVIN);
    s.put(sys(MUSTAFAR), U::Stormtrooper, 1);
    s.set_leader(L::Han, LeaderPlace::Board(sys(KESSEL)));
    s.leaders[L::Han.index()].ring = Some(Ring::Captured);
    s.put(sys(KESSEL), U::Stormtrooper, 1);
    let misdirection = assign(&mut s, Mission::Misdirection, &[L::Leia]);
    assign(&mut s, Mission::Sabotage, &[L::Rieekan]);
    assign(&mut s, Mission::BuildAlliance, &[L::MonMothma]);
    s.play(Action::Reveal(misdirection));
    assert_eq!(places_offered(&s), vec![sys(KESSEL), sys(MUSTAFAR)]);
    s.play(Action::Place(sys(MUSTAFAR)));
    s.play(Action::Done);
    assert_eq!(asked(&s), Some((Mission::Misdirection, step::MISDIRECT)));
    assert_eq!(
        s.legal_now(),
        vec![
            Action::Leader(L::MonMothma),
            Action::Leader(L::Dodonna),
            Action::Leader(L::Leia),
            Action::Leader(L::Rieekan)
        ],
        "not captives, not unrecruited leaders"
    );
    let log = s.play(Action::Leader(L::Rieekan));
    assert!(has_event(
        &log,
        Audience::Everyone,
        &LogEvent::Misdirected { leader: L::Rieekan }
    ));
    assert_eq!(s.active_player(), Some(Side::Empire));
    s.play(Action::Pass);

    // Sabotage with Rieekan (now slot 0): the Empire is not asked to oppose.
    s.play(Action::Reveal(0));
    let log = s.play(Action::Place(sys(CORELLIA)));
    assert!(s.system(CORELLIA).sabotaged);
    assert!(!log
        .iter()
        .any(|e| matches!(e.event, LogEvent::Opposed { .. })));
    assert_eq!(
        s.active_player(),
        Some(Side::Rebel),
        "the Empire has passed"
    );

    // Build Alliance with Mon Mothma: the Empire may oppose as usual.
    s.play(Action::Reveal(0));
    s.play(Action::Place(sys(CORELLIA)));
    assert!(oppose_step(&s));
    assert!(s.legal_now().contains(&Action::Leader(L::Vader)));
}

#[test]
fn misdirection_still_lets_an_imperial_leader_already_there_oppose() {
    let mut s = board(YAVIN);
    s.put(sys(MUSTAFAR), U::Stormtrooper, 1);
    s.set_leader(L::Vader, LeaderPlace::Board(sys(CORELLIA)));
    let misdirection = assign(&mut s, Mission::Misdirection, &[L::Leia]);
    assign(&mut s, Mission::Sabotage, &[L::Rieekan]);
    reveal(&mut s, misdirection, sys(MUSTAFAR));
    s.play(Action::Leader(L::Rieekan));
    s.play(Action::Pass);
    s.play(Action::Reveal(0));
    let log = s.play(Action::Place(sys(CORELLIA)));
    let rolls: Vec<Side> = log
        .iter()
        .filter_map(|e| match e.event {
            LogEvent::MissionRoll { side, .. } => Some(side),
            _ => None,
        })
        .collect();
    assert_eq!(rolls, vec![Side::Rebel, Side::Empire], "Vader opposes");
}

#[test]
fn plan_the_assault_moves_ships_from_the_base_and_fights() {
    let mut s = board(YAVIN);
    s.put(Place::RebelBase, U::XWing, 1)
        .put(Place::RebelBase, U::CorellianCorvette, 1)
        .put(Place::RebelBase, U::RebelTrooper, 2)
        .put(sys(MUSTAFAR), U::TieFighter, 1)
        .put(sys(MUSTAFAR), U::StarDestroyer, 1)
        .put(sys(KESSEL), U::Stormtrooper, 1);
    let slot = assign(&mut s, Mission::PlanTheAssault, &[L::Dodonna]);
    s.play(Action::Reveal(slot));
    assert_eq!(
        places_offered(&s),
        vec![sys(MUSTAFAR)],
        "an Imperial ship is needed"
    );
    s.play(Action::Place(sys(MUSTAFAR)));
    s.play(Action::Done);
    let mv = |kind| Action::Move {
        kind,
        from: Place::RebelBase,
    };
    assert_eq!(
        s.legal_now(),
        vec![mv(U::XWing), mv(U::CorellianCorvette), Action::Done],
        "ships only"
    );
    s.play(mv(U::CorellianCorvette));
    s.play(mv(U::XWing));
    assert_eq!(s.count(sys(MUSTAFAR), U::XWing), 1);
    assert_eq!(s.count(sys(MUSTAFAR), U::CorellianCorvette), 1);
    assert_eq!(s.count(Place::RebelBase, U::RebelTrooper), 2);
    assert_eq!(combat_at(&s), Some((MUSTAFAR, Side::Rebel)));
    let sources = s.stack.iter().find_map(|f| match f {
        Frame::Combat(c) => Some(c.sources),
        _ => None,
    });
    assert_eq!(sources, Some(1 << Place::RebelBase.index()));

    // No Rebel ship sent and no ground units facing each other: no combat.
    let mut s = board(YAVIN);
    s.put(Place::RebelBase, U::XWing, 1)
        .put(sys(MUSTAFAR), U::StarDestroyer, 1)
        .put(sys(MUSTAFAR), U::Stormtrooper, 1);
    let slot = assign(&mut s, Mission::PlanTheAssault, &[L::Dodonna]);
    reveal(&mut s, slot, sys(MUSTAFAR));
    s.play(Action::Done);
    assert_eq!(combat_at(&s), None);
    assert_eq!(s.count(Place::RebelBase, U::XWing), 1);
}

#[test]
fn plant_false_lead_puts_four_random_imperial_probes_back_into_the_deck() {
    let mut s = board(YAVIN);
    s.put(sys(MUSTAFAR), U::TieFighter, 1);
    let hand = vec![HOTH, ENDOR, ILUM, DANTOOINE, KESSEL, BESPIN];
    s.probes = hand.clone();
    s.probe_deck = vec![RODIA, RYLOTH];
    let slot = assign(&mut s, Mission::PlantFalseLead, &[L::Rieekan]);
    s.play(Action::Reveal(slot));
    let log = s.play(Action::Place(sys(MUSTAFAR)));
    assert_eq!(s.probes.len(), 2);
    let taken: Vec<SystemId> = hand
        .iter()
        .copied()
        .filter(|p| !s.probes.contains(p))
        .collect();
    assert_eq!(taken.len(), 4);
    let mut shown = taken.clone();
    shown.sort();
    assert!(has_event(
        &log,
        Audience::Everyone,
        &LogEvent::ProbesTaken { systems: shown }
    ));
    let offered = s.legal_now();
    assert_eq!(offered.len(), 8);
    for p in &taken {
        assert!(offered.contains(&Action::Probe(*p)) && offered.contains(&Action::System(*p)));
    }
    s.play(Action::Probe(taken[0]));
    s.play(Action::System(taken[1]));
    s.play(Action::Probe(taken[2]));
    assert_eq!(s.legal_now().len(), 2, "top or bottom for the last card");
    s.play(Action::System(taken[3]));
    assert_eq!(
        s.probe_deck,
        vec![taken[3], taken[1], RODIA, RYLOTH, taken[0], taken[2]]
    );
    assert_eq!(asked(&s), None);
}

#[test]
fn public_uprising_places_a_circle_and_two_triangle_units_then_fights() {
    let mut s = board(YAVIN);
    let here = sys(MUSTAFAR);
    s.put(here, U::Stormtrooper, 1);
    s.systems[MUSTAFAR.index()].subjugated = true;
    let slot = assign(&mut s, Mission::PublicUprising, &[L::MonMothma]);
    s.play(Action::Reveal(slot));
    assert_eq!(places_offered(&s), vec![here]);
    s.play(Action::Place(here));
    s.play(Action::Done);
    let deploy = |kind| Action::Deploy { kind, to: here };
    assert_eq!(
        s.legal_now(),
        vec![deploy(U::CorellianCorvette), deploy(U::Airspeeder)]
    );
    s.play(deploy(U::Airspeeder));
    let triangles = vec![
        deploy(U::XWing),
        deploy(U::YWing),
        deploy(U::RebelTransport),
        deploy(U::RebelTrooper),
    ];
    assert_eq!(s.legal_now(), triangles);
    s.play(deploy(U::RebelTrooper));
    assert_eq!(s.legal_now(), triangles, "the same type may come twice");
    s.play(deploy(U::RebelTrooper));
    assert_eq!(s.count(here, U::Airspeeder), 1);
    assert_eq!(s.count(here, U::RebelTrooper), 2);
    assert_eq!(combat_at(&s), Some((MUSTAFAR, Side::Rebel)));
}

#[test]
fn public_uprising_skips_a_shape_the_supply_cannot_give() {
    let mut s = board(YAVIN);
    let here = sys(MUSTAFAR);
    s.put(here, U::Stormtrooper, 1)
        .put(sys(HOTH), U::CorellianCorvette, 4)
        .put(sys(HOTH), U::Airspeeder, 6);
    s.systems[MUSTAFAR.index()].subjugated = true;
    let slot = assign(&mut s, Mission::PublicUprising, &[L::MonMothma]);
    reveal(&mut s, slot, here);
    assert!(s.legal_now().contains(&Action::Deploy {
        kind: U::XWing,
        to: here
    }));
    assert_eq!(s.legal_now().len(), 4, "straight to the triangles");
}

#[test]
fn rogue_squadron_raid_destroys_queued_units_worth_up_to_four_health() {
    let mut s = board(YAVIN);
    let q = &mut s.cards[Side::Empire.index()].queue;
    q[0][U::Stormtrooper.index()] = 1;
    q[0][U::AtSt.index()] = 1;
    q[1][U::TieFighter.index()] = 1;
    q[1][U::StarDestroyer.index()] = 1;
    q[2][U::SuperStarDestroyer.index()] = 1;
    q[2][U::DeathStar.index()] = 1;
    for k in [
        U::Stormtrooper,
        U::AtSt,
        U::TieFighter,
        U::StarDestroyer,
        U::SuperStarDestroyer,
        U::DeathStar,
    ] {
        s.supply[k.index()] -= 1;
    }
    let slot = assign(&mut s, Mission::RogueSquadronRaid, &[L::Wedge]);
    s.play(Action::Reveal(slot));
    let offered = places_offered(&s);
    assert_eq!(offered, vec![sys(CORUSCANT)], "an Imperial system");
    s.play(Action::Place(sys(CORUSCANT)));
    s.play(Action::Done);
    let queued = |kind, space| Action::Queued { kind, space };
    assert_eq!(
        s.legal_now(),
        vec![
            queued(U::Stormtrooper, 1),
            queued(U::AtSt, 1),
            queued(U::TieFighter, 2),
            queued(U::StarDestroyer, 2),
            Action::Done
        ],
        "no Super Star Destroyer (6), no Death Star"
    );
    s.play(queued(U::AtSt, 1));
    assert_eq!(
        s.legal_now(),
        vec![
            queued(U::Stormtrooper, 1),
            queued(U::TieFighter, 2),
            Action::Done
        ]
    );
    s.play(queued(U::TieFighter, 2));
    s.play(Action::Done);
    let q = &s.cards[Side::Empire.index()].queue;
    assert_eq!(q[0][U::AtSt.index()], 0);
    assert_eq!(q[1][U::TieFighter.index()], 0);
    assert_eq!(q[0][U::Stormtrooper.index()], 1);
    assert_eq!(q[1][U::StarDestroyer.index()], 1);
    assert_eq!(asked(&s), None);
}

#[test]
fn seek_yoda_gives_the_ring_and_makes_luke_a_jedi() {
    let mut s = board(YAVIN);
    s.systems[DAGOBAH.index()].destroyed = true;
    s.leaders[L::Leia.index()].ring = Some(Ring::C3PO);
    s.leaders[L::Dodonna.index()].ring = Some(Ring::Yoda);
    let slot = assign(&mut s, Mission::SeekYoda, &[L::Luke, L::Leia]);
    s.play(Action::Reveal(slot));
    assert_eq!(places_offered(&s), vec![sys(DAGOBAH)], "even destroyed");
    let log = s.play(Action::Place(sys(DAGOBAH)));
    assert!(s.leader(L::Luke).jedi);
    assert!(has_event(
        &log,
        Audience::Everyone,
        &LogEvent::BecameJedi { leader: L::Luke }
    ));
    assert_eq!(s.active_player(), Some(Side::Rebel));
    assert_eq!(
        s.legal_now(),
        vec![Action::Leader(L::Leia), Action::Leader(L::Luke)]
    );
    s.play(Action::Leader(L::Leia));
    assert_eq!(s.leader(L::Leia).ring, Some(Ring::Yoda));
    assert_eq!(s.leader(L::Dodonna).ring, None, "one Yoda ring");
    assert_eq!(s.leader(L::Luke).ring, None);

    // One leader: no question.
    let mut s = board(YAVIN);
    let slot = assign(&mut s, Mission::SeekYoda, &[L::Dodonna]);
    reveal(&mut s, slot, sys(DAGOBAH));
    assert_eq!(s.leader(L::Dodonna).ring, Some(Ring::Yoda));
    assert!(!s.leader(L::Luke).jedi);
    assert_eq!(asked(&s), None);
}

#[test]
fn stolen_plans_lets_the_rebel_reorder_the_top_four_objectives() {
    use Objective::*;
    let mut s = board(YAVIN);
    s.put(sys(MUSTAFAR), U::TieFighter, 1);
    s.objective_deck = vec![
        Liberation,
        CripplingBlow,
        MajorVictory,
        RebelAssault,
        CutSupplyLines,
    ];
    let slot = assign(&mut s, Mission::StolenPlans, &[L::Leia]);
    reveal(&mut s, slot, sys(MUSTAFAR));
    assert_eq!(
        s.legal_now(),
        vec![
            Action::Objective(CripplingBlow),
            Action::Objective(CutSupplyLines),
            Action::Objective(RebelAssault),
            Action::Objective(MajorVictory)
        ]
    );
    // Put back one at a time; the last one put back is the new top card.
    s.play(Action::Objective(MajorVictory));
    s.play(Action::Objective(CutSupplyLines));
    assert_eq!(s.legal_now().len(), 2);
    s.play(Action::Objective(RebelAssault));
    assert_eq!(
        s.objective_deck,
        vec![
            Liberation,
            MajorVictory,
            CutSupplyLines,
            RebelAssault,
            CripplingBlow
        ]
    );
    assert_eq!(asked(&s), None);
}

#[test]
fn support_of_mon_calamari_gives_two_loyalty_or_a_cruiser() {
    let mut s = board(YAVIN);
    s.systems[MON_CALAMARI.index()].loyalty = Some(Loyalty::Empire);
    let slot = assign(&mut s, Mission::SupportOfMonCalamari, &[L::Ackbar]);
    s.play(Action::Reveal(slot));
    assert_eq!(places_offered(&s), vec![sys(MON_CALAMARI)]);
    s.play(Action::Place(sys(MON_CALAMARI)));
    s.play(Action::Done);
    assert_eq!(
        s.legal_now(),
        vec![
            Action::System(MON_CALAMARI),
            Action::Build(U::MonCalamariCruiser)
        ]
    );
    s.play(Action::System(MON_CALAMARI));
    assert_eq!(s.system(MON_CALAMARI).loyalty, Some(Loyalty::Rebel));

    // Destroyed: only the cruiser, on space 3.
    let mut s = board(YAVIN);
    s.systems[MON_CALAMARI.index()].destroyed = true;
    let slot = assign(&mut s, Mission::SupportOfMonCalamari, &[L::Ackbar]);
    reveal(&mut s, slot, sys(MON_CALAMARI));
    assert_eq!(s.legal_now(), vec![Action::Build(U::MonCalamariCruiser)]);
    s.play(Action::Build(U::MonCalamariCruiser));
    assert_eq!(s.cards[0].queue[2][U::MonCalamariCruiser.index()], 1);
}

#[test]
fn wookiee_uprising_gains_loyalty_and_destroys_up_to_four_health() {
    let mut s = board(YAVIN);
    let here = sys(KASHYYYK);
    s.put(here, U::Stormtrooper, 1)
        .put(here, U::StarDestroyer, 1)
        .put(here, U::DeathStarUnderConstruction, 1);
    s.systems[KASHYYYK.index()].subjugated = true;
    s.cards[Side::Empire.index()].queue[2][U::DeathStar.index()] = 1;
    s.supply[U::DeathStar.index()] -= 1;
    let slot = assign(&mut s, Mission::WookieeUprising, &[L::Chewbacca]);
    s.play(Action::Reveal(slot));
    assert_eq!(places_offered(&s), vec![here]);
    s.play(Action::Place(here));
    s.play(Action::Done);
    let st = s.system(KASHYYYK);
    assert_eq!(st.loyalty, Some(Loyalty::Rebel));
    assert!(st.subjugated, "the marker goes beneath the subjugation");
    let destroy = |kind| Action::Destroy { kind, at: here };
    assert_eq!(
        s.legal_now(),
        vec![
            destroy(U::StarDestroyer),
            destroy(U::DeathStarUnderConstruction),
            destroy(U::Stormtrooper),
            Action::Done
        ]
    );
    s.play(destroy(U::DeathStarUnderConstruction));
    assert_eq!(s.count(here, U::DeathStarUnderConstruction), 0);
    assert_eq!(
        s.cards[Side::Empire.index()].queue[2][U::DeathStar.index()],
        0,
        "the Death Star on the queue goes with it"
    );
    assert_eq!(asked(&s), None);
    assert_eq!(s.count(here, U::Stormtrooper), 1);
}

#[test]
fn random_games_resolve_every_rebel_mission_and_never_get_stuck() {
    use crate::state::GameOptions;
    use game_kit::Rng;
    let mut resolved = std::collections::BTreeSet::new();
    for seed in 0..200 {
        let mut log = Vec::new();
        let mut s = GameState::new(seed, GameOptions::default(), &mut log);
        let mut policy = Rng::new(seed ^ 77);
        while let Some(player) = s.active_player() {
            let legal = s.legal_actions(player);
            assert!(
                !legal.is_empty(),
                "seed {seed}: no answer to {:?}",
                s.stack.last()
            );
            // Reveal missions more often than chance would, to reach their effects.
            let reveal = legal
                .iter()
                .find(|a| matches!(a, Action::Reveal(_)) && policy.below(2) == 0);
            let action = reveal.copied().unwrap_or(legal[policy.below(legal.len())]);
            s.apply(player, action, &mut log).expect("legal");
        }
        resolved.extend(log.iter().filter_map(|e| match e.event {
            LogEvent::MissionSucceeded {
                side: Side::Rebel,
                mission,
            } => Some(mission),
            _ => None,
        }));
    }
    let missing: Vec<Mission> = Mission::ALL
        .into_iter()
        .filter(|m| m.side() == Side::Rebel && !resolved.contains(m))
        .collect();
    assert!(missing.is_empty(), "never resolved: {missing:?}");
}

#[test]
fn it_is_your_destiny_answers_a_daring_rescue_before_its_leaders_may_go_home() {
    let mut s = board(YAVIN);
    s.put(sys(MUSTAFAR), U::Stormtrooper, 1);
    s.leaders[L::Han.index()].place = LeaderPlace::Board(sys(MUSTAFAR));
    s.leaders[L::Han.index()].ring = Some(Ring::Captured);
    s.leaders[L::Vader.index()].place = LeaderPlace::Board(sys(MUSTAFAR));
    s.cards[Side::Empire.index()].actions = vec![crate::data::cards::ActionCard::ItIsYourDestiny];
    let slot = assign(&mut s, Mission::DaringRescue, &[L::Leia, L::Dodonna]);
    s.play(Action::Reveal(slot));
    s.play(Action::Place(sys(MUSTAFAR)));
    // Vader is there already, with no intel: Leia and Dodonna's four dice win (this seed).
    s.play(Action::Done);
    assert_eq!(s.leader(L::Han).ring, None, "rescued");
    // Vader answers first, while Leia and Dodonna still stand in Mustafar.
    assert_eq!(s.active_player(), Some(Side::Empire));
    assert_eq!(
        s.legal_now(),
        vec![
            Action::Leader(L::Leia),
            Action::Leader(L::Dodonna),
            Action::Done
        ]
    );
    s.play(Action::Leader(L::Leia));
    assert_eq!(s.leader(L::Leia).ring, Some(Ring::Captured));
    // Then the rescuers who are still free may go home.
    assert_eq!(asked(&s), Some((Mission::DaringRescue, step::GO_HOME)));
}

// ---------------------------------------------------------------------------------------
// One movement rule, one build rule (docs/swr/rules.md §6.4, §13.3)

#[test]
fn a_leader_in_the_rebel_base_space_keeps_units_there_unless_the_card_says_otherwise() {
    // Lead the Strike Team waives transport and adjacency only: Leia in the Rebel Base space
    // keeps the ground units home. Hidden Fleet and Plan the Assault say leaders there do
    // not prevent their move.
    for (mission, target_units, moved) in [
        (Mission::LeadTheStrikeTeam, U::Stormtrooper, false),
        (Mission::HiddenFleet, U::XWing, true),
        (Mission::PlanTheAssault, U::StarDestroyer, true),
    ] {
        let mut s = board(YAVIN);
        s.put(Place::RebelBase, U::RebelTrooper, 2)
            .put(Place::RebelBase, U::XWing, 1);
        let target = if mission == Mission::HiddenFleet {
            HOTH
        } else {
            s.put(sys(MUSTAFAR), target_units, 1);
            MUSTAFAR
        };
        s.set_leader(L::Leia, LeaderPlace::Board(Place::RebelBase));
        let leader = match mission {
            Mission::LeadTheStrikeTeam => L::Han,
            Mission::PlanTheAssault => L::Dodonna,
            _ => L::Rieekan,
        };
        let slot = assign(&mut s, mission, &[leader]);
        reveal(&mut s, slot, sys(target));
        let offered = s
            .legal_now()
            .iter()
            .any(|a| matches!(a, Action::Move { .. }));
        assert_eq!(offered, moved, "{mission:?}");
        if !moved {
            assert_eq!(s.count(Place::RebelBase, U::RebelTrooper), 2);
            assert_eq!(s.count(sys(target), U::RebelTrooper), 0);
        }
    }
}

#[test]
fn rapid_mobilization_gathers_only_from_a_system_no_rebel_leader_holds() {
    let mut s = board(YAVIN);
    s.put(sys(HOTH), U::XWing, 2).put(sys(ENDOR), U::XWing, 1);
    s.set_leader(L::Leia, LeaderPlace::Board(sys(HOTH)));
    let slot = assign(&mut s, Mission::RapidMobilization, &[L::Rieekan]);
    s.play(Action::Reveal(slot));
    s.play(Action::Place(Place::RebelBase));
    s.play(Action::Pass);
    s.play(Action::Pass);
    assert_eq!(
        asked(&s),
        Some((Mission::RapidMobilization, step::MOBILIZE))
    );
    assert_eq!(
        s.legal_now(),
        vec![Action::System(ENDOR), Action::Place(Place::RebelBase)],
        "Leia keeps the X-wings at Hoth"
    );
}

#[test]
fn establish_trade_relations_builds_by_the_same_rule_as_every_card_that_uses_icons() {
    // Imperial units in the system: the loyalty is gained, but no icon can be used (as for
    // Address Delays, Construct Factory, Brilliant Administrator and Temporary Alliance).
    let mut s = board(YAVIN);
    s.put(sys(CORELLIA), U::TieFighter, 1);
    let slot = assign(&mut s, Mission::EstablishTradeRelations, &[L::MonMothma]);
    reveal(&mut s, slot, sys(CORELLIA));
    assert_eq!(s.system(CORELLIA).loyalty, Some(Loyalty::Rebel));
    assert_eq!(s.cards[Side::Rebel.index()].queue, [[0; 18]; 3]);
    assert!(!matches!(s.stack.last(), Some(Frame::Build { .. })));
    // A sabotage marker is no bar to a card building from icons: Address Delays in a
    // sabotaged system builds (that card's own test), while Establish Trade Relations cannot
    // even be attempted there, by its own text.
    assert_eq!(
        crate::rules::refresh::icons_of(&s, Side::Rebel, NABOO).len(),
        2,
        "Naboo: two icons, no Imperial unit"
    );
    s.systems[NABOO.index()].sabotaged = true;
    assert_eq!(
        crate::rules::refresh::icons_of(&s, Side::Rebel, NABOO).len(),
        2
    );
    // A destroyed system has no icons at all.
    s.systems[NABOO.index()].destroyed = true;
    assert!(crate::rules::refresh::icons_of(&s, Side::Rebel, NABOO).is_empty());
}
