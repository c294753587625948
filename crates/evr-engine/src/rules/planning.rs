//! Planning: choosing strategy cards, with Infiltration, Create a Diversion and Locate the
//! Rebel Base (ruling 12: Infiltration takes precedence, the reveal still happens).

use crate::action::Action;
use crate::cards::{Side, Strategy};
use crate::log::{Audience, EventSink, LogEvent};
use crate::state::{strategies_in, GameState, NextRoundModifiers, Phase};

/// The sides whose strategy slot is open for choosing now: the side that must choose first
/// (Locate the Rebel Base) alone until it is settled, then every side still without a card.
pub(super) fn open_slots(state: &GameState) -> impl Iterator<Item = Side> + '_ {
    let first = state
        .modifiers
        .chooses_first
        .filter(|f| state.side(*f).strategy.is_none());
    Side::BOTH.into_iter().filter(move |s| {
        state.side(*s).strategy.is_none()
            && match first {
                Some(f) => f == *s,
                None => !waits_for_infiltrator(state, *s),
            }
    })
}

/// An infiltrator picks the opponent's card before their own (engine ruling J).
fn waits_for_infiltrator(state: &GameState, side: Side) -> bool {
    let opponent = side.opponent();
    state.strategy_picker(side) == side
        && state.strategy_picker(opponent) == side
        && state.side(opponent).strategy.is_none()
}

/// Whether a slot is filled at random rather than by a player.
pub(super) fn is_random(state: &GameState, side: Side) -> bool {
    state.modifiers.random_strategy == Some(side) && state.strategy_picker(side) == side
}

/// Fills random slots, and when every slot is filled starts the struggle.
pub(super) fn settle(state: &mut GameState, log: &mut impl EventSink) {
    loop {
        let random = open_slots(state).find(|s| is_random(state, *s));
        let Some(side) = random else { break };
        let options: Vec<Strategy> = strategies_in(state.side(side).unused_strategies()).collect();
        let pick = options[state.rng.below(options.len())];
        assign(state, side, side, pick, true, log);
    }
    if Side::BOTH.iter().all(|s| state.side(*s).strategy.is_some()) {
        for side in Side::BOTH.into_iter().filter(|_| both_infiltrate(state)) {
            let by = state.strategy_picker(side);
            if state.modifiers.chooses_first != Some(side) {
                log.push(
                    Audience::Only(side),
                    LogEvent::StrategyChosen {
                        side,
                        by,
                        strategy: state.side(side).strategy,
                        random: false,
                    },
                );
            }
        }
        state.modifiers = NextRoundModifiers::default();
        state.phase = Phase::Struggle {
            turn: state.balance,
            opponent_passed: false,
            power: None,
        };
    }
}

pub(super) fn choose_strategy(
    state: &mut GameState,
    player: Side,
    action: Action,
    log: &mut impl EventSink,
) {
    if let Action::ChooseStrategy { side, strategy } = action {
        assign(state, side, player, strategy, false, log);
        settle(state, log);
    }
}

/// Both players played Infiltration last round: each picks the other's card, simultaneously.
pub(crate) fn both_infiltrate(state: &GameState) -> bool {
    state.modifiers.infiltrates == [true, true]
}

/// Puts `strategy` face down as `side`'s card, chosen by `by`.
fn assign(
    state: &mut GameState,
    side: Side,
    by: Side,
    strategy: Strategy,
    random: bool,
    log: &mut impl EventSink,
) {
    let s = state.side_mut(side);
    s.strategy = Some(strategy);
    s.strategy_known_to_opponent = by != side;
    let full = LogEvent::StrategyChosen {
        side,
        by,
        strategy: Some(strategy),
        random,
    };
    let redacted = LogEvent::StrategyChosen {
        side,
        by,
        strategy: None,
        random,
    };
    let public = by != side && !both_infiltrate(state);
    if public {
        // The infiltrator knows it, and its owner may look at it at once (FAQ).
        log.public(full);
    } else {
        // Its chooser alone knows it. With both Infiltration the choices are simultaneous:
        // the owners may look only once both are chosen (FAQ), see `settle`.
        log.secret(by, full, redacted);
    }
    if state.modifiers.chooses_first == Some(side) {
        state.side_mut(side).strategy_known_to_opponent = true;
        // Revealing a card both players already know shows nothing (and so is not logged).
        if !public {
            log.public(LogEvent::StrategyRevealed { side, strategy });
        }
    }
}
