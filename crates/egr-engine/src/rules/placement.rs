//! Phase 1, Place Workers (L185-202): in turn order, each player with workers left places one,
//! until nobody has any. Placing is compulsory and workers cannot be kept. The numbered boxes
//! fill from the left (L196), the Covert Mission box and the Senate take any number (L198), and
//! the Specialist box has one slot per kind plus the paid one (L200). Technologies' free workers
//! are put in their boxes in Phase 4 (L389) by [`free_worker`]; under the `free_workers_last`
//! ruling the Warfare one waits for the end of this phase.

use super::frames::Frame;
use super::Out;
use crate::action::{Action, Spot};
use crate::data::techs::{FreeSpot, Tech};
use crate::data::{Kind, Seat};
use crate::log::{EventSink, LogEvent, LogExt};
use crate::state::{GameState, Row, Step, Worker};

pub(crate) fn advance(state: &mut GameState, next: u8, log: &mut impl EventSink) {
    let n = state.options.players;
    for i in 0..n {
        let idx = (next + i) % n;
        let seat = state.order[idx as usize];
        if state.players[seat.index()].hand_size() > 0 {
            state.stack.push(Frame::Place { seat });
            state.step = Step::Placing {
                next: (idx + 1) % n,
            };
            return;
        }
    }
    if state.options.rulings.free_workers_last {
        // The free workers the ruling held back in Phase 4, in turn order.
        for i in 0..n as usize {
            let seat = state.order[i];
            for tech in Tech::ALL {
                if state.players[seat.index()].has(tech) && held_back(state, tech) {
                    free_worker(state, seat, tech, log);
                }
            }
        }
    }
    state.step = Step::Initiative;
}

/// Whether `tech`'s free worker waits for the end of the next placement instead of coming in
/// Phase 4: the Warfare one, under the `free_workers_last` ruling.
pub(crate) fn held_back(state: &GameState, tech: Tech) -> bool {
    state.options.rulings.free_workers_last
        && matches!(tech.free_worker(), Some((_, FreeSpot::Warfare)))
}

/// A technology's free worker, from the supply into its box (L805, L809, L821, L825, L859,
/// L880). One with no room (a full Warfare box, an X or Y space taken) or none left in the
/// supply is not placed.
pub(crate) fn free_worker(state: &mut GameState, seat: Seat, tech: Tech, log: &mut impl EventSink) {
    let Some((kind, spot)) = tech.free_worker() else {
        return;
    };
    if state.players[seat.index()].supply[kind.index()] == 0 {
        return;
    }
    let w = Some(Worker { seat, kind });
    let placed = match spot {
        FreeSpot::X if state.x_space.is_none() => {
            state.x_space = w;
            true
        }
        FreeSpot::Y if state.y_space.is_none() => {
            state.y_space = w;
            true
        }
        FreeSpot::Warfare => {
            let len = state.options.numbers.warfare_slots as usize;
            match state.warfare.first_free(len) {
                Some(s) => {
                    state.warfare.slots[s] = w;
                    true
                }
                None => false,
            }
        }
        FreeSpot::Senate => {
            state.players[seat.index()].senate[kind.index()] += 1;
            true
        }
        FreeSpot::Covert => {
            state.players[seat.index()].covert[kind.index()] += 1;
            true
        }
        _ => false,
    };
    if placed {
        state.players[seat.index()].supply[kind.index()] -= 1;
        log.all(|| LogEvent::FreeWorker { seat, kind, tech });
    }
}

fn has_room(row: &Row, len: u8) -> bool {
    row.first_free(len as usize).is_some()
}

/// The spots open to `seat` now.
fn open_spots(state: &GameState, seat: Seat) -> ([Spot; 14], usize) {
    let nb = &state.options.numbers;
    let mut spots = [Spot::Covert; 14];
    let mut n = 0;
    let mut add = |s: Spot| {
        spots[n] = s;
        n += 1;
    };
    if has_room(&state.initiative, nb.initiative_slots)
        && !state.initiative.workers().any(|w| w.seat == seat)
    {
        add(Spot::Initiative);
    }
    if has_room(&state.influence, state.influence_slots() as u8) {
        add(Spot::Influence);
    }
    if has_room(&state.trade, nb.trade_slots) {
        add(Spot::Trade);
    }
    add(Spot::Covert);
    if has_room(&state.research, nb.research_slots) {
        add(Spot::Research);
    }
    if has_room(&state.warfare, nb.warfare_slots) {
        add(Spot::Warfare);
    }
    for (i, k) in Kind::SPECIALISTS.iter().enumerate() {
        if state.specialists[i].is_none() {
            add(Spot::Specialist(*k));
        }
    }
    if state.specialists[5].is_none() {
        add(Spot::PaidSpecialist);
    }
    add(Spot::Senate);
    (spots, n)
}

pub(crate) fn legal(state: &GameState, seat: Seat, out: &mut impl Out) {
    let (spots, n) = open_spots(state, seat);
    let hand = state.players[seat.index()].hand;
    for kind in Kind::ALL {
        if hand[kind.index()] == 0 {
            continue;
        }
        for &spot in &spots[..n] {
            out.push(Action::Place { kind, spot });
        }
    }
}

pub(crate) fn place(state: &mut GameState, seat: Seat, action: Action, log: &mut impl EventSink) {
    let Action::Place { kind, spot } = action else {
        return;
    };
    state.players[seat.index()].hand[kind.index()] -= 1;
    let w = Some(Worker { seat, kind });
    let nb = state.options.numbers;
    let row_put = |row: &mut Row, len: u8| {
        if let Some(s) = row.first_free(len as usize) {
            row.slots[s] = w;
        }
    };
    match spot {
        Spot::Initiative => row_put(&mut state.initiative, nb.initiative_slots),
        Spot::Influence => {
            let len = state.influence_slots() as u8;
            row_put(&mut state.influence, len)
        }
        Spot::Trade => row_put(&mut state.trade, nb.trade_slots),
        Spot::Research => row_put(&mut state.research, nb.research_slots),
        Spot::Warfare => row_put(&mut state.warfare, nb.warfare_slots),
        Spot::Covert => state.players[seat.index()].covert[kind.index()] += 1,
        Spot::Senate => state.players[seat.index()].senate[kind.index()] += 1,
        Spot::Specialist(k) => state.specialists[k.index() - 1] = w,
        Spot::PaidSpecialist => state.specialists[5] = w,
    }
    log.all(|| LogEvent::Placed { seat, kind, spot });
}
