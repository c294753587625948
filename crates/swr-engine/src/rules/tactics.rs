//! Tactic cards: which may be played during an attack or as a block, and what each does
//! (docs/swr/cards/tactics.md).

use super::combat::{Attack, Combat};
use super::effects::Effect;
use crate::action::Action;
use crate::data::cards::Tactic;
use crate::log::EventSink;
use crate::state::GameState;

pub(crate) fn playable_in_attack(state: &GameState, c: &Combat, a: &Attack, t: Tactic) -> bool {
    let _ = (state, c, a, t);
    false
}

pub(crate) fn play_in_attack(
    state: &mut GameState,
    c: &mut Combat,
    t: Tactic,
    log: &mut impl EventSink,
) {
    let _ = (state, c, t, log);
}

pub(crate) fn playable_as_block(state: &GameState, c: &Combat, a: &Attack, t: Tactic) -> bool {
    let _ = (state, c, a, t);
    false
}

pub(crate) fn play_as_block(
    state: &mut GameState,
    c: &mut Combat,
    t: Tactic,
    log: &mut impl EventSink,
) {
    let _ = (state, c, t, log);
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
