//! Scenario tests for the Imperial missions and projects: each card played through real
//! actions on a board built for it (docs/swr/cards/imperial-missions.md).

use crate::action::Action;
use crate::data::cards::{ActionCard, Mission, Objective};
use crate::data::leaders::LeaderId;
use crate::data::systems::named::*;
use crate::data::systems::SystemId;
use crate::data::units::UnitKind;
use crate::data::Side;
use crate::log::{Audience, LogEntry, LogEvent, NoLog, Victory};
use crate::rules::effects::Source;
use crate::rules::frames::{Frame, MissionStep, RefreshStep};
use crate::rules::testkit::empty_board;
use crate::state::{GameState, LeaderPlace, Loyalty, Phase, Place, Ring, SystemState};
use game_kit::Rng;

use LeaderId as L;
use Mission as M;
use UnitKind as U;

fn sys(s: SystemId) -> Place {
    Place::System(s)
}

/// No units, every system neutral but Coruscant, no captives, the base hidden in `base`, the
/// Empire to play in the Command phase.
fn board(base: SystemId) -> GameState {
    let mut s = empty_board(5);
    s.systems = [SystemState::default(); 32];
    s.systems[CORUSCANT.index()].loyalty = Some(Loyalty::Empire);
    s.set_base(base);
    s.base_revealed = false;
    for st in s.leaders.iter_mut() {
        st.ring = None;
    }
    s.phase = Phase::Command {
        turn: Side::Empire,
        passed: [false; 2],
    };
    s
}

fn loyal(s: &mut GameState, system: SystemId, loyalty: Loyalty) {
    s.systems[system.index()].loyalty = Some(loyalty);
}

/// Puts `mission` face down for the Empire with `leaders`; returns its slot.
fn assign(s: &mut GameState, mission: Mission, leaders: &[LeaderId]) -> u8 {
    s.assign_face_down(Side::Empire, mission, leaders)
}

/// A Rebel leader standing on the board, captured with `ring` if given.
fn stand(s: &mut GameState, l: LeaderId, place: Place, ring: Option<Ring>) {
    s.set_leader(l, LeaderPlace::Board(place));
    s.leaders[l.index()].ring = ring;
}

/// The targets offered for the mission just revealed.
fn offered(s: &GameState) -> Vec<Action> {
    s.legal_now()
}

fn oppose_step(s: &GameState) -> bool {
    matches!(s.stack.last(), Some(Frame::Mission(m)) if m.step == MissionStep::Oppose)
}

/// Reveals the mission at `slot` against `target`; the Rebel sends nobody to oppose.
fn reveal(s: &mut GameState, slot: u8, action: Action) -> Vec<LogEntry> {
    let mut log = s.play(Action::Reveal(slot));
    log.extend(target(s, action));
    log
}

fn succeeded(log: &[LogEntry]) -> bool {
    log.iter()
        .any(|e| matches!(e.event, LogEvent::MissionSucceeded { .. }))
}

/// Chooses the target of the mission just revealed; the Rebel sends nobody to oppose.
fn target(s: &mut GameState, target: Action) -> Vec<LogEntry> {
    let mut log = s.play(target);
    if oppose_step(s) {
        assert_eq!(s.active_player(), Some(Side::Rebel));
        log.extend(s.play(Action::Done));
    }
    log
}

/// Chooses the target of an opposed mission just revealed, with the first dice (over fixed
/// seeds) that make it succeed.
fn target_succeeding(s: &mut GameState, action: Action) -> Vec<LogEntry> {
    for seed in 0..200 {
        let mut t = s.clone();
        t.rng = Rng::new(seed);
        let log = target(&mut t, action);
        if succeeded(&log) {
            *s = t;
            return log;
        }
    }
    panic!("the mission never succeeded");
}

fn reveal_succeeding(s: &mut GameState, slot: u8, action: Action) -> Vec<LogEntry> {
    s.play(Action::Reveal(slot));
    target_succeeding(s, action)
}

/// The question on top of the stack, if it is an Imperial mission's.
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

/// The mission is over and play went on: the Rebel's turn, nothing pending.
fn finished(s: &GameState) {
    assert!(s.stack.is_empty(), "still pending: {:?}", s.stack.last());
    assert_eq!(s.active_player(), Some(Side::Rebel));
}

fn queue(s: &GameState, space: usize, kind: UnitKind) -> u8 {
    s.cards(Side::Empire).queue[space - 1][kind.index()]
}

fn retrieve_leaders(s: &mut GameState) {
    crate::rules::refresh::advance(s, RefreshStep::Retrieve, &mut NoLog);
}

// ---------------------------------------------------------------------------------------
// Starting missions

#[test]
fn capture_rebel_operative_captures_a_leader_beside_imperial_units() {
    let mut s = board(NABOO);
    s.put(sys(KESSEL), U::Stormtrooper, 1);
    s.put(sys(CORUSCANT), U::Stormtrooper, 1);
    stand(&mut s, L::Leia, sys(KESSEL), None);
    s.leaders[L::Leia.index()].detained = true;
    stand(&mut s, L::Rieekan, sys(RYLOTH), None); // no Imperial unit there
    stand(&mut s, L::Dodonna, sys(CORUSCANT), Some(Ring::Captured));
    let slot = assign(&mut s, M::CaptureRebelOperative, &[L::Vader]);
    s.play(Action::Reveal(slot));
    assert_eq!(offered(&s), vec![Action::Leader(L::Leia)]);
    let log = target_succeeding(&mut s, Action::Leader(L::Leia));
    let leia = s.leader(L::Leia);
    assert_eq!(leia.ring, Some(Ring::Captured));
    assert_eq!(leia.place, LeaderPlace::Board(sys(KESSEL)));
    assert!(!leia.detained, "the capture replaces the detention");
    // The single captured ring moved: the earlier captive is free in the Rebel Base space.
    assert_eq!(s.leader(L::Dodonna).ring, None);
    assert_eq!(
        s.leader(L::Dodonna).place,
        LeaderPlace::Board(Place::RebelBase)
    );
    assert!(has_event(
        &log,
        Audience::Everyone,
        &LogEvent::LeaderCaptured {
            leader: L::Leia,
            ring: Ring::Captured
        }
    ));
    finished(&s);
    assert!(s
        .cards(Side::Empire)
        .missions
        .contains(&M::CaptureRebelOperative));
}

#[test]
fn capture_rebel_operative_cannot_be_revealed_without_a_target() {
    let mut s = board(NABOO);
    stand(&mut s, L::Leia, sys(KESSEL), None);
    // A leader in the hidden Rebel Base space is not in a system.
    s.put(sys(NABOO), U::TieFighter, 1);
    stand(&mut s, L::Rieekan, Place::RebelBase, None);
    let slot = assign(&mut s, M::CaptureRebelOperative, &[L::Vader]);
    assert!(!s.legal_now().contains(&Action::Reveal(slot)));
}

#[test]
fn noble_sacrifice_answers_the_capture_of_obi_wan() {
    for use_it in [true, false] {
        let mut s = board(NABOO);
        s.put(sys(KESSEL), U::Stormtrooper, 1);
        stand(&mut s, L::ObiWan, sys(KESSEL), None);
        s.cards[Side::Rebel.index()]
            .actions
            .push(ActionCard::NobleSacrifice);
        let reputation = s.reputation;
        let slot = assign(&mut s, M::CaptureRebelOperative, &[L::Vader]);
        reveal_succeeding(&mut s, slot, Action::Leader(L::ObiWan));
        assert_eq!(s.active_player(), Some(Side::Rebel));
        assert_eq!(
            s.legal_now(),
            vec![Action::Card(ActionCard::NobleSacrifice), Action::Done]
        );
        if use_it {
            s.play(Action::Card(ActionCard::NobleSacrifice));
            assert_eq!(s.leader(L::ObiWan).place, LeaderPlace::Eliminated);
            assert_eq!(s.leader(L::ObiWan).ring, None);
            assert_eq!(s.reputation, reputation - 1);
            assert!(!s
                .cards(Side::Rebel)
                .actions
                .contains(&ActionCard::NobleSacrifice));
        } else {
            s.play(Action::Done);
            assert_eq!(s.leader(L::ObiWan).ring, Some(Ring::Captured));
            assert_eq!(s.reputation, reputation);
        }
        finished(&s);
    }
}

#[test]
fn gather_intel_draws_a_probe_per_four_units_in_the_rebel_base_space() {
    let mut s = board(NABOO);
    loyal(&mut s, KASHYYYK, Loyalty::Rebel);
    s.put(Place::RebelBase, U::RebelTrooper, 9);
    // Units in the hidden base's system are not counted: that would give it away.
    s.put(sys(NABOO), U::XWing, 8);
    let probes = s.probes.len();
    let slot = assign(&mut s, M::GatherIntel, &[L::Tarkin]);
    s.play(Action::Reveal(slot));
    assert_eq!(offered(&s), vec![Action::Place(sys(KASHYYYK))]);
    s.play(Action::Place(sys(KASHYYYK)));
    s.play(Action::Done); // no Rebel opposition
    assert_eq!(s.probes.len(), probes + 2);
    finished(&s);

    // Once revealed, the base's system is the base: 17 units there, four cards.
    let mut s = board(NABOO);
    loyal(&mut s, KASHYYYK, Loyalty::Rebel);
    s.put(Place::RebelBase, U::RebelTrooper, 9);
    s.put(sys(NABOO), U::XWing, 8);
    s.reveal_base(&mut NoLog);
    let slot = assign(&mut s, M::GatherIntel, &[L::Tarkin]);
    reveal(&mut s, slot, Action::Place(sys(KASHYYYK)));
    assert_eq!(s.probes.len(), 4);

    // Never fewer than one.
    let mut s = board(NABOO);
    loyal(&mut s, KASHYYYK, Loyalty::Rebel);
    let slot = assign(&mut s, M::GatherIntel, &[L::Tarkin]);
    reveal(&mut s, slot, Action::Place(sys(KASHYYYK)));
    assert_eq!(s.probes.len(), 1);

    let mut s = board(NABOO);
    let slot = assign(&mut s, M::GatherIntel, &[L::Tarkin]);
    assert!(
        !s.legal_now().contains(&Action::Reveal(slot)),
        "no Rebel system"
    );
}

#[test]
fn research_and_development_keeps_one_of_two_projects() {
    let mut s = board(NABOO);
    s.systems[MANDALORE.index()].subjugated = true;
    s.put(sys(MANDALORE), U::Stormtrooper, 1);
    s.project_deck = vec![M::OverseeProject, M::ConstructFactory, M::SuperlaserOnline];
    let hand = s.cards(Side::Empire).missions.len();
    let slot = assign(&mut s, M::ResearchAndDevelopment, &[L::Tarkin]);
    s.play(Action::Reveal(slot));
    // Imperial loyalty only: a subjugated system does not qualify.
    assert_eq!(offered(&s), vec![Action::Place(sys(CORUSCANT))]);
    let log = s.play(Action::Place(sys(CORUSCANT)));
    assert_eq!(
        asked(&s),
        Some((M::ResearchAndDevelopment, super::KEEP_PROJECT))
    );
    assert_eq!(
        s.legal_now(),
        vec![
            Action::Mission(M::SuperlaserOnline),
            Action::Mission(M::ConstructFactory)
        ]
    );
    assert!(log
        .iter()
        .all(|e| !matches!(e.event, LogEvent::MissionsDrawn { .. })));
    let log = s.play(Action::Mission(M::ConstructFactory));
    let c = s.cards(Side::Empire);
    assert_eq!(c.missions.len(), hand + 1);
    assert!(c.missions.contains(&M::ConstructFactory));
    assert_eq!(s.project_deck, vec![M::SuperlaserOnline, M::OverseeProject]);
    assert!(has_event(
        &log,
        Audience::Only(Side::Rebel),
        &LogEvent::MissionsDrawn {
            side: Side::Empire,
            missions: None,
            count: 1
        }
    ));
    finished(&s);
}

#[test]
fn research_and_development_may_clear_sabotage_and_draw_one() {
    for clear in [true, false] {
        let mut s = board(NABOO);
        loyal(&mut s, MANDALORE, Loyalty::Empire);
        s.systems[MANDALORE.index()].sabotaged = true;
        s.project_deck = vec![M::OverseeProject, M::ConstructFactory, M::SuperlaserOnline];
        let slot = assign(&mut s, M::ResearchAndDevelopment, &[L::Tarkin]);
        s.play(Action::Reveal(slot));
        s.play(Action::Place(sys(MANDALORE)));
        assert_eq!(s.legal_now(), vec![Action::System(MANDALORE), Action::Done]);
        if clear {
            s.play(Action::System(MANDALORE));
            assert!(!s.system(MANDALORE).sabotaged);
            assert!(s
                .cards(Side::Empire)
                .missions
                .contains(&M::SuperlaserOnline));
            assert_eq!(s.project_deck.len(), 2);
            finished(&s);
        } else {
            s.play(Action::Done);
            assert!(s.system(MANDALORE).sabotaged);
            assert_eq!(
                asked(&s),
                Some((M::ResearchAndDevelopment, super::KEEP_PROJECT))
            );
        }
    }
    // Without a marker there is nothing to clear: straight to the study.
    let mut s = board(NABOO);
    s.project_deck = vec![M::ConstructFactory, M::ConstructFactory];
    let slot = assign(&mut s, M::ResearchAndDevelopment, &[L::Tarkin]);
    reveal(&mut s, slot, Action::Place(sys(CORUSCANT)));
    // Two copies of the same card: still asked (the Rebel must not learn they match), with
    // one answer.
    assert_eq!(s.legal_now(), vec![Action::Mission(M::ConstructFactory)]);
    s.play(Action::Mission(M::ConstructFactory));
    assert_eq!(s.project_deck, vec![M::ConstructFactory]);
    finished(&s);
}

#[test]
fn rule_by_fear_gains_loyalty_where_imperial_units_stand() {
    let mut s = board(NABOO);
    loyal(&mut s, KESSEL, Loyalty::Rebel);
    s.put(sys(KESSEL), U::TieFighter, 1);
    s.put(sys(YAVIN), U::Stormtrooper, 1); // remote
    s.put(sys(NABOO), U::TieFighter, 1);
    let slot = assign(&mut s, M::RuleByFear, &[L::Tarkin]);
    s.play(Action::Reveal(slot));
    assert_eq!(
        offered(&s),
        vec![Action::Place(sys(KESSEL)), Action::Place(sys(NABOO))]
    );
    s.play(Action::Place(sys(KESSEL)));
    s.play(Action::Done);
    assert_eq!(
        s.system(KESSEL).loyalty,
        None,
        "Rebel loyalty becomes neutral"
    );
    finished(&s);

    // Loyalty in the hidden base's system reveals it; with no Rebel unit there, the
    // Empire wins.
    let slot = assign(&mut s, M::RuleByFear, &[L::Vader]);
    s.phase = Phase::Command {
        turn: Side::Empire,
        passed: [false; 2],
    };
    let log = reveal(&mut s, slot, Action::Place(sys(NABOO)));
    assert!(s.base_revealed);
    assert!(has_event(
        &log,
        Audience::Everyone,
        &LogEvent::GameWon {
            side: Side::Empire,
            how: Victory::BaseOccupied
        }
    ));
    assert_eq!(s.winner(), Some(Side::Empire));
}

// ---------------------------------------------------------------------------------------
// Normal missions

#[test]
fn address_delays_queues_units_from_the_system_icons() {
    let mut s = board(NABOO);
    loyal(&mut s, CORELLIA, Loyalty::Empire);
    s.systems[MYGEETO.index()].subjugated = true;
    s.put(sys(MYGEETO), U::Stormtrooper, 1);
    s.systems[CATO_NEIMOIDIA.index()].subjugated = true;
    s.put(sys(CATO_NEIMOIDIA), U::Stormtrooper, 1);
    s.put(sys(CATO_NEIMOIDIA), U::XWing, 1);
    let slot = assign(&mut s, M::AddressDelays, &[L::Tarkin]);
    s.play(Action::Reveal(slot));
    let places = offered(&s);
    assert!(places.contains(&Action::Place(sys(CORUSCANT))));
    assert!(places.contains(&Action::Place(sys(MYGEETO))));
    assert!(!places.contains(&Action::Place(sys(NABOO))));
    s.play(Action::Place(sys(CORELLIA)));
    assert_eq!(queue(&s, 3, U::TieFighter), 1);
    assert_eq!(queue(&s, 3, U::StarDestroyer), 1);
    finished(&s);

    // Subjugated: the left icon only.
    let slot = assign(&mut s, M::AddressDelays, &[L::Tagge]);
    s.phase = Phase::Command {
        turn: Side::Empire,
        passed: [false; 2],
    };
    reveal(&mut s, slot, Action::Place(sys(MYGEETO)));
    assert_eq!(queue(&s, 2, U::TieFighter), 1);
    assert_eq!(queue(&s, 2, U::AtAt), 0);

    // A Rebel unit there: nothing is placed, though the card resolves.
    let before = s.cards(Side::Empire).queue;
    let slot = assign(&mut s, M::AddressDelays, &[L::Tarkin]);
    s.phase = Phase::Command {
        turn: Side::Empire,
        passed: [false; 2],
    };
    reveal(&mut s, slot, Action::Place(sys(CATO_NEIMOIDIA)));
    assert_eq!(s.cards(Side::Empire).queue, before);
    finished(&s);
}

#[test]
fn address_delays_may_destroy_a_unit_to_free_the_supply() {
    for destroy in [true, false] {
        let mut s = board(NABOO);
        loyal(&mut s, CORELLIA, Loyalty::Empire);
        let ties = s.supply(U::TieFighter);
        s.put(sys(CORUSCANT), U::TieFighter, ties);
        let slot = assign(&mut s, M::AddressDelays, &[L::Tarkin]);
        reveal(&mut s, slot, Action::Place(sys(CORELLIA)));
        // The Build step's question (the one rule for cards that build from icons).
        assert!(matches!(
            s.stack.last(),
            Some(Frame::Build {
                side: Side::Empire,
                ..
            })
        ));
        assert_eq!(
            s.legal_now(),
            vec![
                Action::Destroy {
                    kind: U::TieFighter,
                    at: sys(CORUSCANT)
                },
                Action::Done
            ]
        );
        // The Star Destroyer waits for the TIE's answer (left to right).
        assert_eq!(queue(&s, 3, U::StarDestroyer), 0);
        if destroy {
            s.play(Action::Destroy {
                kind: U::TieFighter,
                at: sys(CORUSCANT),
            });
            assert_eq!(s.count(sys(CORUSCANT), U::TieFighter), ties - 1);
            assert_eq!(queue(&s, 3, U::TieFighter), 1);
        } else {
            s.play(Action::Done);
            assert_eq!(queue(&s, 3, U::TieFighter), 0);
        }
        assert_eq!(queue(&s, 3, U::StarDestroyer), 1);
        finished(&s);
    }
}

#[test]
fn carbon_freezing_moves_the_captive_into_carbonite() {
    let mut s = board(NABOO);
    s.put(sys(CORUSCANT), U::Stormtrooper, 1);
    s.put(sys(KESSEL), U::Stormtrooper, 1);
    stand(&mut s, L::Dodonna, sys(CORUSCANT), Some(Ring::Captured));
    stand(&mut s, L::Leia, sys(KESSEL), Some(Ring::Carbonite));
    let reputation = s.reputation;
    let slot = assign(&mut s, M::CarbonFreezing, &[L::Vader]);
    s.play(Action::Reveal(slot));
    assert_eq!(offered(&s), vec![Action::Leader(L::Dodonna)]);
    target_succeeding(&mut s, Action::Leader(L::Dodonna));
    assert_eq!(s.leader(L::Dodonna).ring, Some(Ring::Carbonite));
    assert_eq!(
        s.leader(L::Dodonna).place,
        LeaderPlace::Board(sys(CORUSCANT))
    );
    // One carbonite ring: the leader frozen before goes free.
    assert_eq!(s.leader(L::Leia).ring, None);
    assert_eq!(
        s.leader(L::Leia).place,
        LeaderPlace::Board(Place::RebelBase)
    );
    assert_eq!(s.reputation, reputation + 1);
    assert!(LeaderId::ALL
        .iter()
        .all(|l| s.leader(*l).ring != Some(Ring::Captured)));
    finished(&s);

    // The captured ring is free again: the next capture releases nobody.
    s.put(sys(RYLOTH), U::Stormtrooper, 1);
    stand(&mut s, L::Rieekan, sys(RYLOTH), None);
    s.capture(L::Rieekan, Ring::Captured, &mut NoLog);
    assert_eq!(s.leader(L::Dodonna).ring, Some(Ring::Carbonite));
}

#[test]
fn carbon_freezing_reputation_stops_at_the_end_of_the_track() {
    let mut s = board(NABOO);
    s.put(sys(CORUSCANT), U::Stormtrooper, 1);
    stand(&mut s, L::Dodonna, sys(CORUSCANT), Some(Ring::Captured));
    s.reputation = crate::data::cards::TIME_TRACK_LENGTH;
    let slot = assign(&mut s, M::CarbonFreezing, &[L::Vader]);
    reveal_succeeding(&mut s, slot, Action::Leader(L::Dodonna));
    assert_eq!(s.reputation, crate::data::cards::TIME_TRACK_LENGTH);
}

#[test]
fn collect_bounty_takes_the_captive_to_the_nearest_imperial_units() {
    let mut s = board(NABOO);
    stand(&mut s, L::Han, sys(TATOOINE), None);
    s.put(sys(RYLOTH), U::Stormtrooper, 1);
    s.put(sys(GEONOSIS), U::TieFighter, 1);
    s.put(sys(CORUSCANT), U::Stormtrooper, 1); // farther
    s.set_leader(L::BobaFett, LeaderPlace::Pool);
    let slot = assign(&mut s, M::CollectBounty, &[L::BobaFett]);
    s.play(Action::Reveal(slot));
    assert_eq!(offered(&s), vec![Action::Leader(L::Han)]);
    target_succeeding(&mut s, Action::Leader(L::Han));
    // Two systems at one step: the Empire picks; the captive is not rescued meanwhile.
    assert_eq!(
        asked(&s),
        Some((M::CollectBounty, super::BOUNTY_DESTINATION))
    );
    assert_eq!(
        s.legal_now(),
        vec![Action::System(RYLOTH), Action::System(GEONOSIS)]
    );
    assert_eq!(s.leader(L::Han).ring, Some(Ring::Captured));
    s.play(Action::System(GEONOSIS));
    assert_eq!(s.leader(L::Han).place, LeaderPlace::Board(sys(GEONOSIS)));
    assert_eq!(s.leader(L::Han).ring, Some(Ring::Captured));
    assert_eq!(
        s.leader(L::BobaFett).place,
        LeaderPlace::Board(sys(GEONOSIS))
    );
    finished(&s);
}

#[test]
fn collect_bounty_with_no_imperial_unit_anywhere_frees_the_captive() {
    let mut s = board(NABOO);
    stand(&mut s, L::Han, sys(TATOOINE), None);
    s.set_leader(L::BobaFett, LeaderPlace::Pool);
    let slot = assign(&mut s, M::CollectBounty, &[L::BobaFett]);
    reveal_succeeding(&mut s, slot, Action::Leader(L::Han));
    assert_eq!(s.leader(L::Han).ring, None);
    assert_eq!(s.leader(L::Han).place, LeaderPlace::Board(Place::RebelBase));
    assert_eq!(
        s.leader(L::BobaFett).place,
        LeaderPlace::Board(sys(TATOOINE))
    );
    finished(&s);
}

#[test]
fn detained_keeps_the_leader_on_the_board_at_the_next_retrieval() {
    let mut s = board(NABOO);
    stand(&mut s, L::Leia, sys(KESSEL), None);
    stand(&mut s, L::Dodonna, sys(CORUSCANT), Some(Ring::Captured));
    stand(&mut s, L::Rieekan, sys(RYLOTH), None);
    let slot = assign(&mut s, M::Detained, &[L::Tagge]);
    s.play(Action::Reveal(slot));
    // Captured leaders are not targets; no Imperial unit is needed.
    assert_eq!(
        offered(&s),
        vec![Action::Leader(L::Leia), Action::Leader(L::Rieekan)]
    );
    let log = target_succeeding(&mut s, Action::Leader(L::Leia));
    assert!(s.leader(L::Leia).detained);
    assert!(has_event(
        &log,
        Audience::Everyone,
        &LogEvent::LeaderDetained { leader: L::Leia }
    ));
    finished(&s);
    retrieve_leaders(&mut s);
    assert_eq!(s.leader(L::Leia).place, LeaderPlace::Board(sys(KESSEL)));
    assert!(!s.leader(L::Leia).detained);
    assert_eq!(s.leader(L::Rieekan).place, LeaderPlace::Pool);
    retrieve_leaders(&mut s);
    assert_eq!(s.leader(L::Leia).place, LeaderPlace::Pool);
}

#[test]
fn display_of_power_gains_two_loyalty() {
    let mut s = board(NABOO);
    loyal(&mut s, KESSEL, Loyalty::Rebel);
    s.systems[KESSEL.index()].subjugated = true;
    s.put(sys(KESSEL), U::Stormtrooper, 1);
    loyal(&mut s, BOTHAWUI, Loyalty::Rebel);
    let slot = assign(&mut s, M::DisplayOfPower, &[L::Palpatine]);
    s.play(Action::Reveal(slot));
    let places = offered(&s);
    assert_eq!(places.len(), 24, "every populous system");
    assert!(!places.contains(&Action::Place(sys(YAVIN))));
    target(&mut s, Action::Place(sys(KESSEL)));
    // Rebel marker removed, then the subjugation marker flips to Imperial loyalty.
    assert_eq!(s.system(KESSEL).loyalty, Some(Loyalty::Empire));
    assert!(!s.system(KESSEL).subjugated);
    finished(&s);

    let slot = assign(&mut s, M::DisplayOfPower, &[L::Vader, L::Tarkin]);
    s.phase = Phase::Command {
        turn: Side::Empire,
        passed: [false; 2],
    };
    reveal(&mut s, slot, Action::Place(sys(BOTHAWUI)));
    assert_eq!(s.system(BOTHAWUI).loyalty, Some(Loyalty::Empire));
}

#[test]
fn double_our_efforts_moves_a_queued_unit_on() {
    let mut s = board(NABOO);
    s.cards[Side::Empire.index()].queue[2][U::StarDestroyer.index()] = 1;
    s.cards[Side::Empire.index()].queue[1][U::Stormtrooper.index()] = 1;
    s.cards[Side::Empire.index()].queue[0][U::AtAt.index()] = 1;
    let slot = assign(&mut s, M::DoubleOurEfforts, &[L::Tarkin]);
    let log = reveal(&mut s, slot, Action::Place(sys(CORUSCANT)));
    assert!(succeeded(&log));
    assert_eq!(
        s.legal_now(),
        vec![
            Action::Queued {
                kind: U::Stormtrooper,
                space: 2
            },
            Action::Queued {
                kind: U::StarDestroyer,
                space: 3
            },
        ],
        "space 1 cannot be chosen"
    );
    let log = s.play(Action::Queued {
        kind: U::StarDestroyer,
        space: 3,
    });
    assert_eq!(queue(&s, 2, U::StarDestroyer), 1);
    assert_eq!(queue(&s, 3, U::StarDestroyer), 0);
    assert!(has_event(
        &log,
        Audience::Everyone,
        &LogEvent::QueueUnitMoved {
            side: Side::Empire,
            kind: U::StarDestroyer,
            from: 3,
            to: 2
        }
    ));
    finished(&s);
}

#[test]
fn double_our_efforts_with_jerjerrod_moves_another_unit() {
    let mut s = board(NABOO);
    s.cards[Side::Empire.index()].queue[2][U::StarDestroyer.index()] = 1;
    s.cards[Side::Empire.index()].queue[1][U::Stormtrooper.index()] = 1;
    s.set_leader(L::Jerjerrod, LeaderPlace::Pool);
    let slot = assign(&mut s, M::DoubleOurEfforts, &[L::Jerjerrod]);
    reveal(&mut s, slot, Action::Place(sys(CORUSCANT)));
    s.play(Action::Queued {
        kind: U::StarDestroyer,
        space: 3,
    });
    // The same Star Destroyer cannot move twice.
    assert_eq!(
        s.legal_now(),
        vec![
            Action::Queued {
                kind: U::Stormtrooper,
                space: 2
            },
            Action::Done
        ]
    );
    s.play(Action::Queued {
        kind: U::Stormtrooper,
        space: 2,
    });
    assert_eq!(queue(&s, 1, U::Stormtrooper), 1);
    assert_eq!(queue(&s, 2, U::StarDestroyer), 1);
    finished(&s);
}

#[test]
fn fear_will_keep_them_in_line_gains_loyalty_in_two_systems_of_the_region() {
    let mut s = board(NABOO);
    s.put(sys(YAVIN), U::StarDestroyer, 1);
    s.put(sys(ILUM), U::DeathStarUnderConstruction, 1);
    s.put(sys(MYGEETO), U::DeathStar, 1);
    let slot = assign(&mut s, M::FearWillKeepThemInLine, &[L::Tarkin]);
    s.play(Action::Reveal(slot));
    // A construction is not a Death Star.
    assert_eq!(
        offered(&s),
        vec![Action::Place(sys(YAVIN)), Action::Place(sys(MYGEETO))]
    );
    s.play(Action::Place(sys(YAVIN)));
    s.play(Action::Done);
    assert_eq!(
        s.legal_now(),
        vec![
            Action::System(MON_CALAMARI),
            Action::System(FELUCIA),
            Action::System(SALEUCAMI)
        ]
    );
    s.play(Action::System(SALEUCAMI));
    // Both are chosen before either gains loyalty.
    assert_eq!(s.system(SALEUCAMI).loyalty, None);
    assert_eq!(
        s.legal_now(),
        vec![Action::System(MON_CALAMARI), Action::System(FELUCIA)]
    );
    s.play(Action::System(MON_CALAMARI));
    assert_eq!(s.system(SALEUCAMI).loyalty, Some(Loyalty::Empire));
    assert_eq!(s.system(MON_CALAMARI).loyalty, Some(Loyalty::Empire));
    assert_eq!(s.system(FELUCIA).loyalty, None);
    finished(&s);

    // A region with two populous systems: both, without a question.
    let slot = assign(&mut s, M::FearWillKeepThemInLine, &[L::Vader]);
    s.phase = Phase::Command {
        turn: Side::Empire,
        passed: [false; 2],
    };
    reveal(&mut s, slot, Action::Place(sys(MYGEETO)));
    assert_eq!(s.system(MYGEETO).loyalty, Some(Loyalty::Empire));
    assert_eq!(s.system(ORD_MANTELL).loyalty, Some(Loyalty::Empire));
    finished(&s);
}

#[test]
fn homing_beacon_frees_the_captive_into_the_base_region_chosen_by_the_rebel() {
    let mut s = board(NABOO);
    s.put(sys(CORUSCANT), U::Stormtrooper, 1);
    stand(&mut s, L::Leia, sys(CORUSCANT), Some(Ring::Captured));
    s.set_leader(L::Yularen, LeaderPlace::Pool);
    let slot = assign(&mut s, M::HomingBeacon, &[L::Yularen]);
    reveal_succeeding(&mut s, slot, Action::Leader(L::Leia));
    assert_eq!(s.leader(L::Leia).ring, None);
    assert_eq!(s.active_player(), Some(Side::Rebel));
    assert_eq!(
        s.legal_now(),
        vec![
            Action::System(NABOO),
            Action::System(SULLUST),
            Action::System(UTAPAU),
            Action::System(DAGOBAH)
        ]
    );
    assert!(s.legal_actions(Side::Empire).is_empty());
    let log = s.play(Action::System(DAGOBAH));
    assert_eq!(s.leader(L::Leia).place, LeaderPlace::Board(sys(DAGOBAH)));
    assert!(!s.base_revealed);
    assert!(has_event(
        &log,
        Audience::Everyone,
        &LogEvent::LeaderMoved {
            leader: L::Leia,
            to: sys(DAGOBAH)
        }
    ));
    finished(&s);
}

#[test]
fn hunt_them_down_destroys_up_to_two_health_of_rebel_units() {
    let mut s = board(NABOO);
    s.put(sys(KESSEL), U::RebelTrooper, 2);
    s.put(sys(KESSEL), U::Airspeeder, 1);
    s.put(sys(KESSEL), U::ShieldGenerator, 1);
    s.put(sys(KESSEL), U::Stormtrooper, 1);
    let slot = assign(&mut s, M::HuntThemDown, &[L::Vader]);
    reveal(&mut s, slot, Action::Place(sys(KESSEL)));
    let trooper = Action::Destroy {
        kind: U::RebelTrooper,
        at: sys(KESSEL),
    };
    let speeder = Action::Destroy {
        kind: U::Airspeeder,
        at: sys(KESSEL),
    };
    // The structure's three health is too much; the Empire's own units are not offered.
    assert_eq!(s.legal_now(), vec![trooper, speeder, Action::Done]);
    s.play(trooper);
    assert_eq!(s.legal_now(), vec![trooper, Action::Done]);
    s.play(trooper);
    assert_eq!(s.count(sys(KESSEL), U::RebelTrooper), 0);
    assert_eq!(s.count(sys(KESSEL), U::Airspeeder), 1);
    assert_eq!(s.count(sys(KESSEL), U::Stormtrooper), 1);
    finished(&s);

    // Anywhere, even with nothing to destroy.
    let slot = assign(&mut s, M::HuntThemDown, &[L::Vader]);
    s.phase = Phase::Command {
        turn: Side::Empire,
        passed: [false; 2],
    };
    s.play(Action::Reveal(slot));
    assert_eq!(offered(&s).len(), 32);
}

#[test]
fn hunt_them_down_may_end_the_game_on_the_revealed_base() {
    let mut s = board(NABOO);
    s.put(sys(NABOO), U::Airspeeder, 1);
    s.put(sys(NABOO), U::TieFighter, 1);
    s.reveal_base(&mut NoLog);
    let slot = assign(&mut s, M::HuntThemDown, &[L::Vader]);
    reveal(&mut s, slot, Action::Place(sys(NABOO)));
    s.play(Action::Destroy {
        kind: U::Airspeeder,
        at: sys(NABOO),
    });
    assert_eq!(s.winner(), Some(Side::Empire));
}

#[test]
fn imperial_propaganda_removes_rebel_loyalty_in_the_region() {
    let mut s = board(NABOO);
    loyal(&mut s, MANDALORE, Loyalty::Empire);
    loyal(&mut s, KASHYYYK, Loyalty::Rebel);
    loyal(&mut s, MALASTARE, Loyalty::Rebel);
    s.systems[MALASTARE.index()].subjugated = true;
    s.put(sys(MALASTARE), U::Stormtrooper, 1);
    loyal(&mut s, BOTHAWUI, Loyalty::Rebel); // another region
    let slot = assign(&mut s, M::ImperialPropaganda, &[L::Palpatine]);
    reveal(&mut s, slot, Action::Place(sys(MANDALORE)));
    assert_eq!(s.system(KASHYYYK).loyalty, None);
    assert_eq!(s.system(MALASTARE).loyalty, None);
    assert!(s.system(MALASTARE).subjugated);
    assert_eq!(s.system(MANDALORE).loyalty, Some(Loyalty::Empire));
    assert_eq!(s.system(BOTHAWUI).loyalty, Some(Loyalty::Rebel));
    finished(&s);
}

#[test]
fn intercept_transmissions_gives_the_empire_cards_of_systems_it_holds() {
    let mut s = board(NABOO);
    loyal(&mut s, KASHYYYK, Loyalty::Rebel);
    s.probe_deck = vec![
        KESSEL, RYLOTH, BESPIN, HOTH, ENDOR, ILUM, MYGEETO, DANTOOINE, YAVIN, TATOOINE,
    ];
    s.put(sys(HOTH), U::TieFighter, 1);
    s.put(sys(YAVIN), U::Stormtrooper, 1);
    s.put(sys(KESSEL), U::StarDestroyer, 1); // not among the top eight
    s.probes.clear();
    let slot = assign(&mut s, M::InterceptTransmissions, &[L::Palpatine]);
    let log = reveal(&mut s, slot, Action::Place(sys(KASHYYYK)));
    assert_eq!(s.probes, vec![HOTH, YAVIN]);
    assert_eq!(s.probe_deck.len(), 8);
    let mut deck = s.probe_deck.clone();
    deck.sort();
    let mut expected = vec![
        KESSEL, RYLOTH, BESPIN, ENDOR, ILUM, MYGEETO, DANTOOINE, TATOOINE,
    ];
    expected.sort();
    assert_eq!(deck, expected);
    assert!(has_event(
        &log,
        Audience::Only(Side::Rebel),
        &LogEvent::ProbesIntercepted {
            shown: Some(vec![
                BESPIN, HOTH, ENDOR, ILUM, MYGEETO, DANTOOINE, YAVIN, TATOOINE
            ]),
            taken: vec![HOTH, YAVIN],
            returned: 6
        }
    ));
    assert!(has_event(
        &log,
        Audience::Only(Side::Empire),
        &LogEvent::ProbesIntercepted {
            shown: None,
            taken: vec![HOTH, YAVIN],
            returned: 6
        }
    ));
    finished(&s);
}

#[test]
fn interrogation_shows_the_objective_hand() {
    let mut s = board(NABOO);
    s.put(sys(CORUSCANT), U::Stormtrooper, 1);
    stand(&mut s, L::MonMothma, sys(CORUSCANT), Some(Ring::Captured));
    s.objectives = vec![Objective::RebelAssault, Objective::CripplingBlow];
    let slot = assign(&mut s, M::Interrogation, &[L::Vader]);
    let log = reveal_succeeding(&mut s, slot, Action::Leader(L::MonMothma));
    assert!(has_event(
        &log,
        Audience::Everyone,
        &LogEvent::ObjectivesShown {
            objectives: vec![Objective::CripplingBlow, Objective::RebelAssault]
        }
    ));
    assert_eq!(s.objectives.len(), 2);
    finished(&s);

    let mut s = board(NABOO);
    let slot = assign(&mut s, M::Interrogation, &[L::Vader]);
    assert!(!s.legal_now().contains(&Action::Reveal(slot)), "no captive");
}

#[test]
fn interrogation_droid_names_the_base_among_three_systems() {
    let mut s = board(NABOO);
    s.put(sys(CORUSCANT), U::Stormtrooper, 1);
    stand(&mut s, L::MonMothma, sys(CORUSCANT), Some(Ring::Captured));
    s.set_leader(L::Yularen, LeaderPlace::Pool);
    let slot = assign(&mut s, M::InterrogationDroid, &[L::Yularen]);
    reveal_succeeding(&mut s, slot, Action::Leader(L::MonMothma));
    assert_eq!(s.active_player(), Some(Side::Rebel));
    let first = s.legal_now();
    assert_eq!(first.len(), 31);
    assert!(!first.contains(&Action::System(NABOO)));
    s.play(Action::System(YAVIN));
    let second = s.legal_now();
    assert_eq!(second.len(), 30);
    assert!(!second.contains(&Action::System(YAVIN)));
    let log = s.play(Action::System(ALDERAAN));
    assert!(has_event(
        &log,
        Audience::Everyone,
        &LogEvent::BaseAmong {
            systems: [YAVIN, ALDERAAN, NABOO]
        }
    ));
    assert!(!s.base_revealed);
    finished(&s);
}

#[test]
fn long_range_probe_answers_whether_the_base_is_there() {
    for (system, found) in [(NABOO, true), (KESSEL, false)] {
        let mut s = board(NABOO);
        s.set_leader(L::Piett, LeaderPlace::Pool);
        let slot = assign(&mut s, M::LongRangeProbe, &[L::Piett]);
        s.play(Action::Reveal(slot));
        assert_eq!(offered(&s).len(), 32);
        s.play(Action::Place(sys(system)));
        let log = s.play(Action::Done);
        assert!(has_event(
            &log,
            Audience::Everyone,
            &LogEvent::BaseProbed { system, found }
        ));
        assert!(!s.base_revealed, "the base stays hidden");
        finished(&s);
    }
}

#[test]
fn lure_of_the_dark_side_turns_a_captive_for_good() {
    let mut s = board(NABOO);
    s.put(sys(CORUSCANT), U::Stormtrooper, 1);
    stand(&mut s, L::Luke, sys(CORUSCANT), Some(Ring::Carbonite));
    let reputation = s.reputation;
    let slot = assign(&mut s, M::LureOfTheDarkSide, &[L::Palpatine]);
    reveal_succeeding(&mut s, slot, Action::Leader(L::Luke));
    let luke = s.leader(L::Luke);
    assert_eq!(luke.ring, Some(Ring::LureOfTheDarkSide));
    assert_eq!(luke.controller, Side::Empire);
    assert_eq!(luke.place, LeaderPlace::Board(sys(CORUSCANT)));
    assert_eq!(
        s.reputation,
        reputation + 1,
        "turning Luke costs reputation"
    );
    // The card stays aside as the ring's reminder.
    let c = s.cards(Side::Empire);
    assert!(!c.mission_discard.contains(&M::LureOfTheDarkSide));
    assert!(!c.missions.contains(&M::LureOfTheDarkSide));
    finished(&s);
    retrieve_leaders(&mut s);
    assert!(s.pool(Side::Empire).any(|l| l == L::Luke));
    assert!(!s.pool(Side::Rebel).any(|l| l == L::Luke));
}

#[test]
fn planetary_conquest_lands_ground_units_and_fights() {
    let mut s = board(NABOO);
    loyal(&mut s, KESSEL, Loyalty::Rebel);
    s.put(sys(KESSEL), U::RebelTrooper, 1);
    s.put(sys(NAL_HUTTA), U::AtAt, 1);
    s.put(sys(NAL_HUTTA), U::AtSt, 2);
    s.put(sys(NAL_HUTTA), U::Stormtrooper, 3);
    s.put(sys(SALEUCAMI), U::Stormtrooper, 1);
    s.set_leader(L::Tarkin, LeaderPlace::Board(sys(SALEUCAMI)));
    s.put(sys(CORUSCANT), U::TieFighter, 1); // no ground unit
    let slot = assign(&mut s, M::PlanetaryConquest, &[L::Vader]);
    reveal(&mut s, slot, Action::Place(sys(KESSEL)));
    // A source holding an Imperial leader cannot send units.
    assert_eq!(s.legal_now(), vec![Action::System(NAL_HUTTA), Action::Done]);
    s.play(Action::System(NAL_HUTTA));
    let mv = |kind| Action::Move {
        kind,
        from: sys(NAL_HUTTA),
    };
    assert_eq!(
        s.legal_now(),
        vec![mv(U::AtAt), mv(U::AtSt), mv(U::Stormtrooper), Action::Done]
    );
    s.play(mv(U::AtAt));
    s.play(mv(U::Stormtrooper));
    assert_eq!(
        s.legal_now(),
        vec![mv(U::AtSt), mv(U::Stormtrooper), Action::Done]
    );
    s.play(mv(U::Stormtrooper));
    assert_eq!(s.legal_now(), vec![mv(U::AtSt), Action::Done]);
    s.play(Action::Done);
    assert_eq!(s.count(sys(KESSEL), U::AtAt), 1);
    assert_eq!(s.count(sys(KESSEL), U::Stormtrooper), 2);
    assert_eq!(s.count(sys(NAL_HUTTA), U::AtSt), 2);
    let combat = s.stack.iter().find_map(|f| match f {
        Frame::Combat(c) => Some((c.system, c.attacker, c.sources)),
        _ => None,
    });
    assert_eq!(
        combat,
        Some((KESSEL, Side::Empire, 1 << sys(NAL_HUTTA).index()))
    );
}

#[test]
fn planetary_conquest_reveals_the_hidden_base_before_the_combat() {
    let mut s = board(KESSEL);
    s.put(Place::RebelBase, U::RebelTrooper, 1);
    s.put(sys(NAL_HUTTA), U::Stormtrooper, 1);
    let slot = assign(&mut s, M::PlanetaryConquest, &[L::Vader]);
    reveal(&mut s, slot, Action::Place(sys(KESSEL)));
    s.play(Action::System(NAL_HUTTA));
    let mv = Action::Move {
        kind: U::Stormtrooper,
        from: sys(NAL_HUTTA),
    };
    // The last unit moved: nothing left to choose, the move ends by itself.
    s.play(mv);
    assert!(s.base_revealed);
    assert_eq!(s.count(sys(KESSEL), U::RebelTrooper), 1);
    assert!(s.stack.iter().any(|f| matches!(f, Frame::Combat(_))));
    assert!(!s.is_over());

    // Declining moves nothing.
    let mut s = board(NABOO);
    s.put(sys(NAL_HUTTA), U::Stormtrooper, 1);
    let slot = assign(&mut s, M::PlanetaryConquest, &[L::Vader]);
    reveal(&mut s, slot, Action::Place(sys(KESSEL)));
    s.play(Action::Done);
    assert_eq!(s.count(sys(NAL_HUTTA), U::Stormtrooper), 1);
    finished(&s);
}

#[test]
fn probe_droid_initiative_draws_two_probes_four_with_ozzel() {
    for (leader, drawn) in [(L::Tarkin, 2), (L::Ozzel, 4)] {
        let mut s = board(NABOO);
        s.put(sys(KESSEL), U::StarDestroyer, 1);
        s.put(sys(YAVIN), U::DeathStar, 1);
        s.set_leader(L::Ozzel, LeaderPlace::Pool);
        s.probes.clear();
        let slot = assign(&mut s, M::ProbeDroidInitiative, &[leader]);
        s.play(Action::Reveal(slot));
        assert_eq!(offered(&s), vec![Action::Place(sys(KESSEL))]);
        let log = s.play(Action::Place(sys(KESSEL)));
        assert_eq!(s.probes.len(), drawn);
        assert!(log.iter().any(|e| e.audience == Audience::Only(Side::Rebel)
            && e.event
                == LogEvent::ProbesDrawn {
                    systems: None,
                    count: 2
                }));
        finished(&s);
    }
}

#[test]
fn retrieve_the_plans_puts_an_objective_at_the_bottom_of_the_deck() {
    let mut s = board(NABOO);
    s.put(sys(CORUSCANT), U::Stormtrooper, 1);
    stand(&mut s, L::MonMothma, sys(CORUSCANT), Some(Ring::Captured));
    s.objectives = vec![Objective::RebelAssault, Objective::CripplingBlow];
    let slot = assign(&mut s, M::RetrieveThePlans, &[L::Vader]);
    let log = reveal_succeeding(&mut s, slot, Action::Leader(L::MonMothma));
    assert!(has_event(
        &log,
        Audience::Everyone,
        &LogEvent::ObjectivesShown {
            objectives: vec![Objective::CripplingBlow, Objective::RebelAssault]
        }
    ));
    assert_eq!(
        s.legal_now(),
        vec![
            Action::Objective(Objective::CripplingBlow),
            Action::Objective(Objective::RebelAssault)
        ]
    );
    let log = s.play(Action::Objective(Objective::CripplingBlow));
    assert_eq!(s.objectives, vec![Objective::RebelAssault]);
    assert_eq!(s.objective_deck[0], Objective::CripplingBlow);
    assert!(has_event(
        &log,
        Audience::Everyone,
        &LogEvent::ObjectiveToBottom {
            objective: Objective::CripplingBlow
        }
    ));
    finished(&s);
}

#[test]
fn secret_weapons_research_draws_two_projects_reshuffling_the_discard() {
    let mut s = board(NABOO);
    s.project_deck = vec![M::SuperlaserOnline];
    s.project_discard = vec![M::OverseeProject, M::ConstructFactory];
    let hand = s.cards(Side::Empire).missions.len();
    let slot = assign(&mut s, M::SecretWeaponsResearch, &[L::Tarkin]);
    let log = reveal(&mut s, slot, Action::Place(sys(CORUSCANT)));
    let c = s.cards(Side::Empire);
    assert_eq!(c.missions.len(), hand + 2);
    assert!(c.missions.contains(&M::SuperlaserOnline));
    assert!(s.project_discard.is_empty());
    assert_eq!(s.project_deck.len(), 1);
    assert!(has_event(
        &log,
        Audience::Everyone,
        &LogEvent::DeckReshuffled {
            what: crate::log::Reshuffled::Projects
        }
    ));
    assert!(c.mission_discard.contains(&M::SecretWeaponsResearch));
    finished(&s);
}

#[test]
fn trade_negotiations_gains_one_loyalty_in_a_populous_system() {
    let mut s = board(NABOO);
    s.systems[KESSEL.index()].subjugated = true;
    s.put(sys(KESSEL), U::Stormtrooper, 1);
    s.systems[RYLOTH.index()].destroyed = true;
    let slot = assign(&mut s, M::TradeNegotiations, &[L::Palpatine]);
    s.play(Action::Reveal(slot));
    let places = offered(&s);
    assert!(places.contains(&Action::Place(sys(CORUSCANT))));
    assert!(!places.contains(&Action::Place(sys(RYLOTH))), "destroyed");
    assert!(!places.contains(&Action::Place(sys(HOTH))), "remote");
    s.play(Action::Place(sys(KESSEL)));
    s.play(Action::Done);
    assert_eq!(s.system(KESSEL).loyalty, Some(Loyalty::Empire));
    assert!(!s.system(KESSEL).subjugated);
    finished(&s);
}

// ---------------------------------------------------------------------------------------
// Projects

#[test]
fn construct_death_star_places_the_construction_and_queues_the_death_star() {
    let mut s = board(DAGOBAH);
    s.put(sys(HOTH), U::XWing, 1);
    s.put(Place::RebelBase, U::XWing, 1);
    s.put(sys(ENDOR), U::TieFighter, 1);
    let stars = s.supply(U::DeathStar);
    let slot = assign(&mut s, M::ConstructDeathStar, &[L::Tarkin]);
    s.play(Action::Reveal(slot));
    // Remote, no Rebel unit on the board (the hidden base's system is no exception).
    assert_eq!(
        offered(&s),
        vec![
            Action::Place(sys(YAVIN)),
            Action::Place(sys(TATOOINE)),
            Action::Place(sys(ENDOR)),
            Action::Place(sys(ILUM)),
            Action::Place(sys(DANTOOINE)),
            Action::Place(sys(DATHOMIR)),
            Action::Place(sys(DAGOBAH)),
        ]
    );
    s.play(Action::Place(sys(ENDOR)));
    assert_eq!(s.count(sys(ENDOR), U::DeathStarUnderConstruction), 1);
    assert_eq!(s.supply(U::DeathStarUnderConstruction), 0);
    assert_eq!(queue(&s, 3, U::DeathStar), 1);
    assert_eq!(s.supply(U::DeathStar), stars - 1);
    assert!(s.project_discard.contains(&M::ConstructDeathStar));
    finished(&s);

    // The construction is on the board: the card cannot be revealed.
    let slot = assign(&mut s, M::ConstructDeathStar, &[L::Tagge]);
    s.phase = Phase::Command {
        turn: Side::Empire,
        passed: [false; 2],
    };
    assert!(!s.legal_now().contains(&Action::Reveal(slot)));
}

#[test]
fn construct_death_star_without_a_free_death_star_destroys_one() {
    // Revealing it with no Death Star in the supply means freeing one: the Empire chooses
    // which, and may not decline (the card could not be revealed without one to free).
    let mut s = board(NABOO);
    s.put(sys(KESSEL), U::DeathStar, 1)
        .put(sys(RODIA), U::DeathStar, 1);
    let slot = assign(&mut s, M::ConstructDeathStar, &[L::Tarkin]);
    reveal(&mut s, slot, Action::Place(sys(ENDOR)));
    let free = |at| Action::Destroy {
        kind: U::DeathStar,
        at,
    };
    assert_eq!(s.legal_now(), vec![free(sys(KESSEL)), free(sys(RODIA))]);
    s.play(free(sys(KESSEL)));
    assert_eq!(s.count(sys(KESSEL), U::DeathStar), 0);
    assert_eq!(s.count(sys(ENDOR), U::DeathStarUnderConstruction), 1);
    assert_eq!(queue(&s, 3, U::DeathStar), 1);
    finished(&s);
}

#[test]
fn construct_factory_clears_sabotage_and_builds() {
    let mut s = board(NABOO);
    loyal(&mut s, CORELLIA, Loyalty::Empire);
    s.systems[CORELLIA.index()].sabotaged = true;
    loyal(&mut s, MYGEETO, Loyalty::Empire);
    s.systems[MYGEETO.index()].sabotaged = true;
    s.put(sys(MYGEETO), U::XWing, 1);
    let slot = assign(&mut s, M::ConstructFactory, &[L::Tagge]);
    let log = reveal(&mut s, slot, Action::Place(sys(CORELLIA)));
    assert!(!s.system(CORELLIA).sabotaged);
    assert!(has_event(
        &log,
        Audience::Everyone,
        &LogEvent::SabotageRemoved { system: CORELLIA }
    ));
    assert_eq!(queue(&s, 3, U::TieFighter), 1);
    assert_eq!(queue(&s, 3, U::StarDestroyer), 1);
    finished(&s);

    // A Rebel unit there: the marker still goes, nothing is built.
    let slot = assign(&mut s, M::ConstructFactory, &[L::Tarkin]);
    s.phase = Phase::Command {
        turn: Side::Empire,
        passed: [false; 2],
    };
    reveal(&mut s, slot, Action::Place(sys(MYGEETO)));
    assert!(!s.system(MYGEETO).sabotaged);
    assert_eq!(queue(&s, 2, U::TieFighter), 0);
    assert_eq!(queue(&s, 2, U::AtAt), 0);
}

#[test]
fn construct_super_star_destroyer_needs_a_blue_square_system() {
    let mut s = board(NABOO);
    loyal(&mut s, CORELLIA, Loyalty::Empire);
    s.systems[MON_CALAMARI.index()].subjugated = true;
    s.put(sys(MON_CALAMARI), U::Stormtrooper, 1);
    let slot = assign(&mut s, M::ConstructSuperStarDestroyer, &[L::Tarkin]);
    s.play(Action::Reveal(slot));
    // Utapau has the icon but is not Imperial.
    assert_eq!(
        offered(&s),
        vec![
            Action::Place(sys(MON_CALAMARI)),
            Action::Place(sys(CORELLIA))
        ]
    );
    s.play(Action::Place(sys(MON_CALAMARI)));
    assert_eq!(queue(&s, 3, U::SuperStarDestroyer), 1);
    finished(&s);

    // Both on the board: one may be destroyed to place it again.
    let mut s = board(NABOO);
    loyal(&mut s, CORELLIA, Loyalty::Empire);
    s.put(sys(KESSEL), U::SuperStarDestroyer, 2);
    let slot = assign(&mut s, M::ConstructSuperStarDestroyer, &[L::Tarkin]);
    reveal(&mut s, slot, Action::Place(sys(CORELLIA)));
    let free = Action::Destroy {
        kind: U::SuperStarDestroyer,
        at: sys(KESSEL),
    };
    assert_eq!(s.legal_now(), vec![free, Action::Done]);
    s.play(free);
    assert_eq!(s.count(sys(KESSEL), U::SuperStarDestroyer), 1);
    assert_eq!(queue(&s, 3, U::SuperStarDestroyer), 1);
    finished(&s);
}

#[test]
fn oversee_project_deploys_a_queued_unit_here() {
    let mut s = board(NABOO);
    s.put(sys(ENDOR), U::DeathStarUnderConstruction, 1);
    s.put(sys(KESSEL), U::TieFighter, 1);
    s.put(sys(BESPIN), U::TieFighter, 1);
    s.put(sys(BESPIN), U::XWing, 1);
    let q = &mut s.cards[Side::Empire.index()].queue;
    q[1][U::DeathStar.index()] = 1;
    s.supply[U::DeathStar.index()] -= 1;
    q[0][U::AtAt.index()] = 1;
    s.supply[U::AtAt.index()] -= 1;
    q[2][U::StarDestroyer.index()] = 1;
    s.supply[U::StarDestroyer.index()] -= 1;
    let slot = assign(&mut s, M::OverseeProject, &[L::Tarkin]);
    s.play(Action::Reveal(slot));
    // Imperial units and no Rebel unit.
    assert_eq!(
        offered(&s),
        vec![Action::Place(sys(KESSEL)), Action::Place(sys(ENDOR))]
    );
    s.play(Action::Place(sys(ENDOR)));
    assert_eq!(
        s.legal_now(),
        vec![
            Action::Queued {
                kind: U::AtAt,
                space: 1
            },
            Action::Queued {
                kind: U::DeathStar,
                space: 2
            }
        ]
    );
    s.play(Action::Queued {
        kind: U::DeathStar,
        space: 2,
    });
    assert_eq!(s.count(sys(ENDOR), U::DeathStar), 1);
    assert_eq!(s.count(sys(ENDOR), U::DeathStarUnderConstruction), 0);
    assert_eq!(s.supply(U::DeathStarUnderConstruction), 1);
    assert_eq!(queue(&s, 2, U::DeathStar), 0);
    finished(&s);

    // Elsewhere only the AT-AT may come: no question; it subjugates the system.
    let slot = assign(&mut s, M::OverseeProject, &[L::Tagge]);
    s.phase = Phase::Command {
        turn: Side::Empire,
        passed: [false; 2],
    };
    reveal(&mut s, slot, Action::Place(sys(KESSEL)));
    assert_eq!(s.count(sys(KESSEL), U::AtAt), 1);
    assert!(s.system(KESSEL).subjugated);
    assert_eq!(
        queue(&s, 3, U::StarDestroyer),
        1,
        "space 3 cannot be chosen"
    );
    finished(&s);
}

#[test]
fn oversee_project_into_the_hidden_base_reveals_it_and_not_into_sabotage() {
    let mut s = board(KESSEL);
    s.put(sys(KESSEL), U::TieFighter, 1);
    s.put(Place::RebelBase, U::RebelTrooper, 1);
    s.cards[Side::Empire.index()].queue[0][U::Stormtrooper.index()] = 1;
    s.supply[U::Stormtrooper.index()] -= 1;
    let slot = assign(&mut s, M::OverseeProject, &[L::Tarkin]);
    reveal(&mut s, slot, Action::Place(sys(KESSEL)));
    assert!(s.base_revealed);
    assert_eq!(s.count(sys(KESSEL), U::RebelTrooper), 1);
    assert!(!s.is_over(), "a Rebel unit is still there");

    let mut s = board(NABOO);
    s.put(sys(MYGEETO), U::TieFighter, 1);
    s.systems[MYGEETO.index()].sabotaged = true;
    s.cards[Side::Empire.index()].queue[0][U::Stormtrooper.index()] = 1;
    s.supply[U::Stormtrooper.index()] -= 1;
    let slot = assign(&mut s, M::OverseeProject, &[L::Tarkin]);
    reveal(&mut s, slot, Action::Place(sys(MYGEETO)));
    assert_eq!(s.count(sys(MYGEETO), U::Stormtrooper), 0);
    assert_eq!(queue(&s, 1, U::Stormtrooper), 1);
    finished(&s);
}

#[test]
fn superlaser_online_destroys_the_system() {
    let mut s = board(NABOO);
    loyal(&mut s, KESSEL, Loyalty::Rebel);
    s.systems[KESSEL.index()].sabotaged = true;
    s.put(sys(KESSEL), U::DeathStar, 1);
    s.put(sys(KESSEL), U::Stormtrooper, 9);
    s.put(sys(KESSEL), U::TieFighter, 1);
    s.put(sys(KESSEL), U::RebelTrooper, 2);
    s.put(sys(KESSEL), U::ShieldGenerator, 1);
    s.put(sys(KESSEL), U::XWing, 1);
    s.put(sys(ENDOR), U::DeathStarUnderConstruction, 1);
    let slot = assign(&mut s, M::SuperlaserOnline, &[L::Tarkin]);
    s.play(Action::Reveal(slot));
    assert_eq!(offered(&s), vec![Action::Place(sys(KESSEL))]);
    let log = s.play(Action::Place(sys(KESSEL)));
    let st = s.system(KESSEL);
    assert!(st.destroyed && !st.sabotaged && !st.subjugated);
    assert_eq!(st.loyalty, None);
    assert!(has_event(
        &log,
        Audience::Everyone,
        &LogEvent::SystemDestroyed { system: KESSEL }
    ));
    assert_eq!(s.count(sys(KESSEL), U::RebelTrooper), 0);
    assert_eq!(s.count(sys(KESSEL), U::ShieldGenerator), 0);
    assert_eq!(s.count(sys(KESSEL), U::XWing), 1, "ships survive");
    // Ten units need transport, the Death Star carries eight: the Empire picks two.
    let at = sys(KESSEL);
    assert_eq!(
        s.legal_now(),
        vec![
            Action::Destroy {
                kind: U::TieFighter,
                at
            },
            Action::Destroy {
                kind: U::Stormtrooper,
                at
            }
        ]
    );
    s.play(Action::Destroy {
        kind: U::TieFighter,
        at,
    });
    // Only Stormtroopers left to choose: the second goes at once.
    assert_eq!(s.count(at, U::TieFighter), 0);
    assert_eq!(s.count(at, U::Stormtrooper), 8);
    // The region's populous systems (not the destroyed one): one gains loyalty.
    assert_eq!(
        s.legal_now(),
        vec![
            Action::System(NAL_HUTTA),
            Action::System(TOYDARIA),
            Action::System(BOTHAWUI)
        ]
    );
    s.play(Action::System(TOYDARIA));
    assert_eq!(s.system(TOYDARIA).loyalty, Some(Loyalty::Empire));
    finished(&s);

    // Already destroyed: only the region's loyalty.
    let slot = assign(&mut s, M::SuperlaserOnline, &[L::Tagge]);
    s.phase = Phase::Command {
        turn: Side::Empire,
        passed: [false; 2],
    };
    reveal(&mut s, slot, Action::Place(sys(KESSEL)));
    assert_eq!(s.count(at, U::Stormtrooper), 8);
    s.play(Action::System(BOTHAWUI));
    assert_eq!(s.system(BOTHAWUI).loyalty, Some(Loyalty::Empire));
    finished(&s);
}

#[test]
fn superlaser_online_on_the_base_wins_even_hidden() {
    let mut s = board(NABOO);
    s.put(sys(NABOO), U::DeathStar, 1);
    s.put(Place::RebelBase, U::RebelTrooper, 3);
    let slot = assign(&mut s, M::SuperlaserOnline, &[L::Tarkin]);
    let log = reveal(&mut s, slot, Action::Place(sys(NABOO)));
    assert!(has_event(
        &log,
        Audience::Everyone,
        &LogEvent::GameWon {
            side: Side::Empire,
            how: Victory::BaseDestroyed
        }
    ));
    assert_eq!(s.winner(), Some(Side::Empire));
    // The system is destroyed as on any other system, and the log shows it: the base comes
    // out (what stood in the Rebel Base space was there), its ground units die with it, and
    // only then is the game won.
    assert!(s.system(NABOO).destroyed);
    assert!(s.base_revealed);
    assert_eq!(s.count(sys(NABOO), U::RebelTrooper), 0);
    assert_eq!(s.count(Place::RebelBase, U::RebelTrooper), 0);
    let events: Vec<&LogEvent> = log.iter().map(|e| &e.event).collect();
    let at = |e: &LogEvent| events.iter().position(|x| *x == e).expect("logged");
    let revealed = at(&LogEvent::BaseRevealed { system: NABOO });
    let destroyed = at(&LogEvent::SystemDestroyed { system: NABOO });
    let won = at(&LogEvent::GameWon {
        side: Side::Empire,
        how: Victory::BaseDestroyed,
    });
    let troopers = events
        .iter()
        .filter(|e| {
            matches!(e, LogEvent::UnitDestroyed { kind: U::RebelTrooper, place }
                if *place == sys(NABOO))
        })
        .count();
    assert_eq!(troopers, 3);
    assert!(revealed < destroyed && destroyed < won);
    assert!(s.stack.is_empty(), "nothing left to ask");

    // The same on a revealed base with Rebel ships: the ships stay, the ground units go.
    let mut s = board(NABOO);
    s.base_revealed = true;
    s.put(sys(NABOO), U::DeathStar, 1);
    s.put(sys(NABOO), U::XWing, 1);
    s.put(sys(NABOO), U::Airspeeder, 2);
    let slot = assign(&mut s, M::SuperlaserOnline, &[L::Tarkin]);
    reveal(&mut s, slot, Action::Place(sys(NABOO)));
    assert_eq!(s.winner(), Some(Side::Empire));
    assert!(s.system(NABOO).destroyed);
    assert_eq!(s.count(sys(NABOO), U::Airspeeder), 0);
    assert_eq!(s.count(sys(NABOO), U::XWing), 1);
}

#[test]
fn construct_death_star_builds_a_death_star_that_replaces_its_construction_when_deployed() {
    let mut s = board(NABOO);
    // The starting Death Star is on the board; the second one is in the supply.
    s.put(sys(CORUSCANT), U::DeathStar, 1);
    let slot = assign(&mut s, M::ConstructDeathStar, &[L::Tarkin]);
    reveal(&mut s, slot, Action::Place(sys(HOTH)));
    assert_eq!(s.count(sys(HOTH), U::DeathStarUnderConstruction), 1);
    assert_eq!(queue(&s, 3, U::DeathStar), 1);
    // Three Refresh phases slide it off the queue; then it may only go to Hoth, a remote
    // system no other unit could be deployed in.
    assert!(!refresh_until_the_death_star_deploys(&mut s));
    assert_eq!(queue(&s, 2, U::DeathStar), 1);
    assert!(!refresh_until_the_death_star_deploys(&mut s));
    assert_eq!(queue(&s, 1, U::DeathStar), 1);
    assert!(refresh_until_the_death_star_deploys(&mut s));
    let deploys: Vec<Action> = s
        .legal_now()
        .into_iter()
        .filter(|a| {
            matches!(
                a,
                Action::Deploy {
                    kind: U::DeathStar,
                    ..
                }
            )
        })
        .collect();
    assert_eq!(
        deploys,
        vec![Action::Deploy {
            kind: U::DeathStar,
            to: sys(HOTH)
        }]
    );
    let log = s.play(Action::Deploy {
        kind: U::DeathStar,
        to: sys(HOTH),
    });
    assert_eq!(s.count(sys(HOTH), U::DeathStar), 1);
    assert_eq!(s.count(sys(HOTH), U::DeathStarUnderConstruction), 0);
    assert_eq!(s.supply(U::DeathStarUnderConstruction), 1);
    assert!(has_event(
        &log,
        Audience::Everyone,
        &LogEvent::UnitDeployed {
            kind: U::DeathStar,
            place: sys(HOTH)
        }
    ));
}

/// From the Empire's turn (or the Assignment phase): both pass, then the Refresh phase runs,
/// declining what may be declined, until the Empire is to deploy a Death Star (true) or the
/// next round begins (false).
fn refresh_until_the_death_star_deploys(s: &mut GameState) -> bool {
    while matches!(s.phase, Phase::Assignment { .. }) {
        s.play(Action::Done);
    }
    while matches!(s.phase, Phase::Command { .. }) {
        s.play(Action::Pass);
    }
    loop {
        match s.stack.last() {
            Some(Frame::Deploy {
                side: Side::Empire,
                units,
                ..
            }) if units[U::DeathStar.index()] > 0 => return true,
            _ if !matches!(s.phase, Phase::Refresh) => return false,
            _ => {}
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
fn planetary_conquest_follows_the_movement_rules_public_support_included() {
    // Janus placed by Public Support does not keep the units in his system this round, for a
    // card's move as for an activation (one movement rule).
    let mut s = board(NABOO);
    loyal(&mut s, KESSEL, Loyalty::Rebel);
    s.put(sys(SALEUCAMI), U::Stormtrooper, 1);
    s.set_leader(L::Greejatus, LeaderPlace::Board(sys(SALEUCAMI)));
    let slot = assign(&mut s, M::PlanetaryConquest, &[L::Vader]);
    let mut pinned = s.clone();
    reveal(&mut pinned, slot, Action::Place(sys(KESSEL)));
    assert!(!pinned.legal_now().contains(&Action::System(SALEUCAMI)));
    s.marks.unpinning |= 1 << L::Greejatus.index();
    reveal(&mut s, slot, Action::Place(sys(KESSEL)));
    assert!(s.legal_now().contains(&Action::System(SALEUCAMI)));
}
