//! Objective cards: when each is met, claiming it for reputation, and the combat window
//! (docs/swr/cards/objectives.md).

use super::effects::Effect;
use crate::action::Action;
use crate::data::cards::Objective;
use crate::log::{EventSink, LogEvent, LogExt};
use crate::state::GameState;

/// Whether the Rebel meets `o`'s condition now (start-of-refresh objectives).
pub(crate) fn met(state: &GameState, o: Objective) -> bool {
    let _ = (state, o);
    false
}

/// Claims `o`: reputation, then the card leaves the game.
pub(crate) fn claim(state: &mut GameState, o: Objective, log: &mut impl EventSink) {
    state.objectives.retain(|x| *x != o);
    let reputation = o.info().reputation;
    log.all(LogEvent::ObjectivePlayed {
        objective: o,
        reputation,
    });
    state.gain_reputation(reputation, log);
}

pub(crate) fn legal_effect(state: &GameState, e: &Effect, out: &mut Vec<Action>) {
    let _ = (state, e, out);
}

pub(crate) fn answer_effect(
    state: &mut GameState,
    e: Effect,
    action: Action,
    log: &mut impl EventSink,
) {
    let _ = (state, e, action, log);
}
