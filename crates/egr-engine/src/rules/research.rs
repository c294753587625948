//! The Research Technology box (L264-278). Left to right, each worker may buy one of the
//! technologies shown for 10, 15 or 20 UC in Epochs I, II and III, 5 UC less for a Scientist
//! (L477), or buy nothing. Bought tiles are kept for the game; the workers go back.

use super::board;
use super::frames::{Effect, Frame};
use super::Out;
use crate::action::Action;
use crate::data::techs::Tech;
use crate::data::{Kind, Seat};
use crate::log::{EventSink, LogEvent, LogExt, Why};
use crate::state::{GameState, Step};

pub(crate) fn advance(state: &mut GameState, slot: u8, _log: &mut impl EventSink) {
    let len = state.options.numbers.research_slots;
    for s in slot..len {
        if let Some(w) = state.research.slots[s as usize] {
            state.stack.push(Frame::Research {
                seat: w.seat,
                slot: s,
            });
            state.step = Step::Research { slot: s + 1 };
            return;
        }
    }
    for s in 0..len as usize {
        if let Some(w) = state.research.slots[s].take() {
            state.players[w.seat.index()].supply[w.kind.index()] += 1;
        }
    }
    state.step = Step::Warfare { slot: 0 };
}

/// What a technology costs in `epoch`, for a Scientist or any other worker.
pub fn price(epoch: u8, scientist: bool) -> u16 {
    let base = match epoch {
        1 => 10,
        2 => 15,
        _ => 20,
    };
    if scientist {
        base - 5
    } else {
        base
    }
}

/// What a technology costs the worker in `slot` now.
fn slot_price(state: &GameState, slot: u8) -> u16 {
    let scientist =
        matches!(state.research.slots[slot as usize], Some(w) if w.kind == Kind::Scientist);
    price(state.epoch(), scientist)
}

pub(crate) fn legal(state: &GameState, seat: Seat, slot: u8, out: &mut impl Out) {
    let cost = slot_price(state, slot);
    if state.players[seat.index()].coins >= cost {
        let mut shown = state.tech_shown;
        while shown != 0 {
            let i = shown.trailing_zeros() as usize;
            shown &= shown - 1;
            out.push(Action::Tech(Tech::from_index(i)));
        }
    }
    out.push(Action::Pass);
}

pub(crate) fn answer(
    state: &mut GameState,
    seat: Seat,
    slot: u8,
    action: Action,
    log: &mut impl EventSink,
) {
    let Action::Tech(tech) = action else {
        log.all(|| LogEvent::Passed { seat });
        return;
    };
    let cost = slot_price(state, slot);
    board::pay_coins(state, seat, cost, Why::Research, log);
    state.tech_shown &= !tech.bit();
    state.players[seat.index()].techs |= tech.bit();
    log.all(|| LogEvent::TechBought { seat, tech, cost });
    if tech == Tech::AllianceWithIndigenousRace {
        // The one tile that acts at once (L835).
        state.players[seat.index()].spent |= tech.bit();
        state.stack.push(Frame::Effect {
            seat,
            effect: Effect::Alliance,
        });
    }
}
