//! Action cards: when each may be used and what it does (docs/swr/cards/actions.md).

use super::Effect;
use crate::action::Action;
use crate::data::cards::ActionCard;
use crate::data::Side;
use crate::log::EventSink;
use crate::rules::combat::Combat;
use crate::rules::frames::MissionRun;
use crate::state::GameState;

pub(crate) fn assignment_playable(state: &GameState, side: Side, card: ActionCard) -> bool {
    let _ = (state, side, card);
    false
}

pub(crate) fn play_assignment(
    state: &mut GameState,
    side: Side,
    card: ActionCard,
    log: &mut impl EventSink,
) {
    let _ = (state, side, card, log);
}

pub(crate) fn start_of_combat_playable(
    state: &GameState,
    c: &Combat,
    side: Side,
    card: ActionCard,
) -> bool {
    let _ = (state, c, side, card);
    false
}

pub(crate) fn play_start_of_combat(
    state: &mut GameState,
    c: &mut Combat,
    side: Side,
    card: ActionCard,
    log: &mut impl EventSink,
) {
    let _ = (state, c, side, card, log);
}

pub(crate) fn oppose_window_playable(state: &GameState, m: &MissionRun, card: ActionCard) -> bool {
    let _ = (state, m, card);
    false
}

pub(crate) fn play_in_oppose_window(
    state: &mut GameState,
    m: &mut MissionRun,
    card: ActionCard,
    log: &mut impl EventSink,
) {
    let _ = (state, m, card, log);
}

pub(crate) fn on_gain(
    state: &mut GameState,
    side: Side,
    card: ActionCard,
    log: &mut impl EventSink,
) {
    let _ = (state, side, card, log);
}

pub(crate) fn legal(state: &GameState, e: &Effect, out: &mut Vec<Action>) {
    let _ = (state, e, out);
}

pub(crate) fn answer(state: &mut GameState, e: Effect, action: Action, log: &mut impl EventSink) {
    let _ = (state, e, action, log);
}
