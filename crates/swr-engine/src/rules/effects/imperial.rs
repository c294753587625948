//! Imperial missions and projects: where each may go and what it does (docs/swr/cards/imperial-missions.md).

use super::{Effect, Target};
use crate::action::Action;
use crate::data::cards::Mission;
use crate::data::leaders::LeaderId;
use crate::data::Side;
use crate::log::EventSink;
use crate::rules::frames::MissionRun;
use crate::state::GameState;

pub(crate) fn targets(
    state: &GameState,
    side: Side,
    mission: Mission,
    leaders: &[Option<LeaderId>; 2],
    out: &mut Vec<Target>,
) {
    let _ = (state, side, mission, leaders, out);
}

pub(crate) fn resolve(state: &mut GameState, run: &MissionRun, log: &mut impl EventSink) {
    let _ = (state, run, log);
}

pub(crate) fn legal(state: &GameState, e: &Effect, out: &mut Vec<Action>) {
    let _ = (state, e, out);
}

pub(crate) fn answer(state: &mut GameState, e: Effect, action: Action, log: &mut impl EventSink) {
    let _ = (state, e, action, log);
}
