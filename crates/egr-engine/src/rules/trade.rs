//! The Trade Goods box (L236-246) and Phase 3, Income (L359-385). Left to right, each worker
//! takes one of the goods shown, a Smuggler two; what is left goes back to the pile. Each turn
//! every player's goods, with each Trade Route counting as two of its good, are grouped into
//! sets as profitably as possible: any three pay 1 UC, three alike 3 UC, four alike 6 UC.

use super::board;
use super::frames::Frame;
use super::Out;
use crate::action::Action;
use crate::data::{Good, Kind, Planet, Seat, GOODS};
use crate::log::{EventSink, LogEvent, LogExt, Why};
use crate::state::{GameState, PlayerState, Step};

pub(crate) fn advance(state: &mut GameState, slot: u8, _log: &mut impl EventSink) {
    let len = state.options.numbers.trade_slots;
    let any_shown = state.goods_shown.iter().any(|&g| g > 0);
    for s in slot..len {
        if let (Some(w), true) = (state.trade.slots[s as usize], any_shown) {
            let left = if w.kind == Kind::Smuggler { 2 } else { 1 };
            state.stack.push(Frame::TakeGood { seat: w.seat, left });
            state.step = Step::Trade { slot: s + 1 };
            return;
        }
    }
    // The box's end: workers back to their supplies, unpicked goods back to the pile (L246).
    for s in 0..len as usize {
        if let Some(w) = state.trade.slots[s].take() {
            state.players[w.seat.index()].supply[w.kind.index()] += 1;
        }
    }
    for g in 0..GOODS {
        state.goods_pile[g] += state.goods_shown[g];
        state.goods_shown[g] = 0;
    }
    state.step = Step::Covert;
}

pub(crate) fn legal_take(state: &GameState, out: &mut impl Out) {
    for g in Good::ALL {
        if state.goods_shown[g.index()] > 0 {
            out.push(Action::Good(g));
        }
    }
}

pub(crate) fn take(
    state: &mut GameState,
    seat: Seat,
    left: u8,
    action: Action,
    log: &mut impl EventSink,
) {
    let Action::Good(good) = action else { return };
    state.goods_shown[good.index()] -= 1;
    state.players[seat.index()].goods[good.index()] += 1;
    log.all(|| LogEvent::GoodTaken { seat, good });
    if left > 1 {
        state.stack.push(Frame::TakeGood {
            seat,
            left: left - 1,
        });
    }
}

/// A player's goods with each Trade Route as two of its good (L366).
pub(crate) fn holdings(p: &PlayerState) -> [u8; GOODS] {
    let mut g = p.goods;
    for planet in Planet::ALL {
        if p.routes & planet.bit() != 0 {
            g[planet.good().index()] += 2;
        }
    }
    g
}

/// The best income from these goods (L369-383). Within one good, four alike (6 UC, 1.5 a
/// tile) beat three alike (3 UC) which beat anything in "any three" sets (1 UC for three): so
/// each good is cut into as many fours and threes as pay most, keeping as many tiles over as
/// possible for the "any three" sets, which are then counted from what is left over — any
/// three tiles, or (under the `any_three_distinct` ruling) three different goods.
pub fn set_value(goods: &[u8; GOODS], distinct: bool) -> u16 {
    let mut value = 0u16;
    let mut left = [0u8; GOODS];
    for (i, &c) in goods.iter().enumerate() {
        let (v, l) = best_alike(c);
        value += v;
        left[i] = l;
    }
    let any = if distinct {
        // The most sets of three different goods: the largest k with Σ min(cᵢ, k) ≥ 3k.
        let total: u16 = left.iter().map(|&c| c as u16).sum();
        (0..=total / 3)
            .rev()
            .find(|&k| left.iter().map(|&c| (c as u16).min(k)).sum::<u16>() >= 3 * k)
            .unwrap_or(0)
    } else {
        left.iter().map(|&c| c as u16).sum::<u16>() / 3
    };
    value + any
}

/// The best same-good sets from `c` tiles: (value, tiles left over), the most left over among
/// the best values.
fn best_alike(c: u8) -> (u16, u8) {
    let mut best = (0u16, c);
    for fours in 0..=c / 4 {
        let rest = c - 4 * fours;
        for threes in 0..=rest / 3 {
            let v = 6 * fours as u16 + 3 * threes as u16;
            let l = rest - 3 * threes;
            if v > best.0 || (v == best.0 && l > best.1) {
                best = (v, l);
            }
        }
    }
    best
}

/// Phase 3: every player's trade income.
pub(crate) fn income(state: &mut GameState, log: &mut impl EventSink) {
    let distinct = state.options.rulings.any_three_distinct;
    for seat in Seat::all(state.options.players) {
        let v = set_value(&holdings(&state.players[seat.index()]), distinct);
        board::gain(state, seat, v, Why::TradeSets, log);
    }
}
