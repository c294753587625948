//! The struggle: play a card, use a power, spend influence or pass; two passes in succession
//! end it.

use super::{dominance, play_from_deck, powers};
use crate::action::Action;
use crate::cards::Side;
use crate::log::{EventSink, LogEvent};
use crate::state::{GameState, Phase};

pub(super) fn take_turn(
    state: &mut GameState,
    player: Side,
    action: Action,
    log: &mut impl EventSink,
) {
    let Phase::Struggle {
        opponent_passed, ..
    } = state.phase
    else {
        return;
    };
    match action {
        Action::PlayCard => {
            play_from_deck(state, player, log);
            end_turn(state, player);
        }
        Action::SpendInfluence(card) => {
            let s = state.side_mut(player);
            s.influence -= 1;
            s.set_exhausted(card, false);
            log.public(LogEvent::InfluenceSpent { side: player, card });
            end_turn(state, player);
        }
        Action::UsePower(card) => {
            state.side_mut(player).set_exhausted(card, true);
            log.public(LogEvent::PowerUsed { side: player, card });
            powers::start(state, player, card, log);
        }
        Action::Pass => {
            log.public(LogEvent::Passed { side: player });
            if opponent_passed {
                dominance::begin(state, log);
            } else {
                state.phase = Phase::Struggle {
                    turn: player.opponent(),
                    opponent_passed: true,
                    power: None,
                };
            }
        }
        _ => {}
    }
}

/// Hands the turn to the opponent after an action that was not a pass.
pub(super) fn end_turn(state: &mut GameState, player: Side) {
    state.phase = Phase::Struggle {
        turn: player.opponent(),
        opponent_passed: false,
        power: None,
    };
}
