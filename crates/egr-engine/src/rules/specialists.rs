//! The Specialist box (L327-331): each named slot trains its Specialist, the paid slot trains
//! one of any kind for 5 UC (or none, if its owner cannot or will not pay). The trained
//! Specialists come from the supply into the hand, for the next turn; the workers go back.

use super::board;
use super::frames::Frame;
use super::Out;
use crate::action::Action;
use crate::data::{Kind, Seat};
use crate::log::{EventSink, LogEvent, LogExt, Why};
use crate::state::{GameState, Step};

/// The paid slot's price (L200).
pub const TRAINING_PRICE: u16 = 5;

pub(crate) fn advance(state: &mut GameState, slot: u8, log: &mut impl EventSink) {
    for s in slot as usize..6 {
        let Some(w) = state.specialists[s] else {
            continue;
        };
        if s < 5 {
            let kind = Kind::SPECIALISTS[s];
            if board::to_hand(state, w.seat, kind, 1, log) > 0 {
                log.all(|| LogEvent::Trained { seat: w.seat, kind });
            }
        } else {
            state.stack.push(Frame::PaidSpecialist { seat: w.seat });
            state.step = Step::Specialists { slot: 6 };
            return;
        }
    }
    for s in 0..6 {
        if let Some(w) = state.specialists[s].take() {
            state.players[w.seat.index()].supply[w.kind.index()] += 1;
        }
    }
    state.step = Step::Senate;
}

pub(crate) fn legal_paid(state: &GameState, seat: Seat, out: &mut impl Out) {
    let p = &state.players[seat.index()];
    if p.coins < TRAINING_PRICE {
        return;
    }
    for k in Kind::SPECIALISTS {
        if p.supply[k.index()] > 0 {
            out.push(Action::Kind(k));
        }
    }
    out.push(Action::Pass);
}

pub(crate) fn paid(state: &mut GameState, seat: Seat, action: Action, log: &mut impl EventSink) {
    let Action::Kind(kind) = action else {
        log.all(|| LogEvent::Passed { seat });
        return;
    };
    board::pay_coins(state, seat, TRAINING_PRICE, Why::Training, log);
    board::to_hand(state, seat, kind, 1, log);
    log.all(|| LogEvent::Trained { seat, kind });
}
