//! Card effects: where each mission may go, what each card does, and the windows in which
//! action cards may be used. One file per group of cards; this module only dispatches.
//! Every choice a card offers is a decision: an [`Effect`] frame on the stack whose
//! `step` says which question is being asked (the card's own file defines the steps).

pub(crate) mod actions;
pub(crate) mod imperial;
pub(crate) mod rebel;

use super::combat::Combat;
use super::frames::MissionRun;
use crate::action::Action;
use crate::data::cards::{ActionCard, Mission, Objective, Tactic};
use crate::data::leaders::LeaderId;
use crate::data::Side;
use crate::log::EventSink;
use crate::state::{GameState, Place};
use serde::{Deserialize, Serialize};

/// Where a mission may be attempted or resolved: a place, or against a leader (in that
/// leader's system).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Target {
    Place(Place),
    Leader(LeaderId),
}

/// The card whose effect is running.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Source {
    Mission(Mission),
    Action(ActionCard),
    Objective(Objective),
    Tactic(Tactic),
}

/// A card effect waiting for a decision. The fields other than `source`, `side` and `actor`
/// mean what the card's own code says they mean.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Effect {
    pub source: Source,
    /// The card's owner.
    pub side: Side,
    /// Who decides now.
    pub actor: Side,
    pub step: u8,
    pub place: Option<Place>,
    pub leader: Option<LeaderId>,
    pub count: u8,
    /// Card-specific memory (chosen systems as bits, and the like).
    pub memo: u64,
}

impl Effect {
    pub(crate) fn new(source: Source, side: Side) -> Effect {
        Effect {
            source,
            side,
            actor: side,
            step: 0,
            place: None,
            leader: None,
            count: 0,
            memo: 0,
        }
    }
}

fn is_imperial(m: Mission) -> bool {
    m.side() == Side::Empire
}

// ---------------------------------------------------------------------------------------
// Missions

pub(crate) fn mission_targets(
    state: &GameState,
    side: Side,
    mission: Mission,
    leaders: &[Option<LeaderId>; 2],
    out: &mut Vec<Target>,
) {
    if is_imperial(mission) {
        imperial::targets(state, side, mission, leaders, out);
    } else {
        rebel::targets(state, side, mission, leaders, out);
        // Boba Fett? Where?: no Rebel attempt in the marked system.
        if mission.info().attempt && state.marks.bounty_zone.is_some() {
            out.retain(|t| {
                let place = match *t {
                    Target::Place(p) => Some(p),
                    Target::Leader(l) => match state.leader(l).place {
                        crate::state::LeaderPlace::Board(p) => Some(p),
                        _ => None,
                    },
                };
                !place.is_some_and(|p| actions::in_bounty_zone(state, p))
            });
        }
    }
}

/// The mission succeeded (or was resolved): carry out its effect.
pub(crate) fn resolve_mission(state: &mut GameState, run: &MissionRun, log: &mut impl EventSink) {
    if is_imperial(run.mission) {
        imperial::resolve(state, run, log);
    } else {
        rebel::resolve(state, run, log);
    }
}

// ---------------------------------------------------------------------------------------
// Effect frames

pub(crate) fn legal(state: &GameState, e: &Effect, out: &mut Vec<Action>) {
    match e.source {
        Source::Mission(m) if is_imperial(m) => imperial::legal(state, e, out),
        Source::Mission(_) => rebel::legal(state, e, out),
        Source::Action(_) => actions::legal(state, e, out),
        Source::Objective(_) => super::objectives::legal_effect(state, e, out),
        Source::Tactic(_) => super::tactics::legal_effect(state, e, out),
    }
}

pub(crate) fn answer(state: &mut GameState, e: Effect, action: Action, log: &mut impl EventSink) {
    match e.source {
        Source::Mission(m) if is_imperial(m) => imperial::answer(state, e, action, log),
        Source::Mission(_) => rebel::answer(state, e, action, log),
        Source::Action(_) => actions::answer(state, e, action, log),
        Source::Objective(_) => super::objectives::answer_effect(state, e, action, log),
        Source::Tactic(_) => super::tactics::answer_effect(state, e, action, log),
    }
}

// ---------------------------------------------------------------------------------------
// Action card windows

pub(crate) fn assignment_playable(state: &GameState, side: Side, card: ActionCard) -> bool {
    actions::assignment_playable(state, side, card)
}

pub(crate) fn play_assignment(
    state: &mut GameState,
    side: Side,
    card: ActionCard,
    log: &mut impl EventSink,
) {
    actions::play_assignment(state, side, card, log)
}

pub(crate) fn start_of_combat_playable(
    state: &GameState,
    c: &Combat,
    side: Side,
    card: ActionCard,
) -> bool {
    actions::start_of_combat_playable(state, c, side, card)
}

pub(crate) fn play_start_of_combat(
    state: &mut GameState,
    c: &mut Combat,
    side: Side,
    card: ActionCard,
    log: &mut impl EventSink,
) {
    actions::play_start_of_combat(state, c, side, card, log)
}

/// Cards the opponent of a mission may use while deciding whether to oppose it.
pub(crate) fn oppose_window_playable(state: &GameState, m: &MissionRun, card: ActionCard) -> bool {
    let bounty =
        card.side() == Side::Rebel && m.place.is_some_and(|p| actions::in_bounty_zone(state, p));
    !bounty && actions::oppose_window_playable(state, m, card)
}

pub(crate) fn play_in_oppose_window(
    state: &mut GameState,
    m: &mut MissionRun,
    card: ActionCard,
    log: &mut impl EventSink,
) {
    actions::play_in_oppose_window(state, m, card, log)
}

/// A card was just gained (setup or recruiting): Immediate cards resolve now.
pub(crate) fn on_gain(
    state: &mut GameState,
    side: Side,
    card: ActionCard,
    log: &mut impl EventSink,
) {
    actions::on_gain(state, side, card, log)
}
