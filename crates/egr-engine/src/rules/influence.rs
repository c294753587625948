//! The first two event boxes. Initiative (L210-224): slot n pays n UC at once, and the slots
//! set the next turn's order at the refresh. Planetary Influence (L226-234): the workers leave
//! in slot order, X and Y last, each to a planet its owner picks, where Smugglers, Scientists
//! and Diplomats use their arrival powers (L467, L478, L489).

use super::board::{self, Arrival};
use super::frames::Frame;
use super::Out;
use crate::action::Action;
use crate::data::{Kind, Place, Planet, Seat};
use crate::log::{EventSink, LogEvent, LogExt, Why};
use crate::state::{GameState, Step, Worker};

pub(crate) fn resolve_initiative(state: &mut GameState, log: &mut impl EventSink) {
    for i in 0..state.options.numbers.initiative_slots as usize {
        if let Some(w) = state.initiative.slots[i] {
            board::gain(state, w.seat, i as u16 + 1, Why::Initiative, log);
        }
    }
}

/// The worker in Planetary Influence position `slot` (numbered first, then X, then Y).
fn worker_at(state: &GameState, slot: usize) -> Option<Worker> {
    let m = state.influence_slots();
    match slot {
        s if s < m => state.influence.slots[s],
        s if s == m => state.x_space,
        s if s == m + 1 => state.y_space,
        _ => None,
    }
}

fn clear(state: &mut GameState, slot: usize) {
    let m = state.influence_slots();
    match slot {
        s if s < m => state.influence.slots[s] = None,
        s if s == m => state.x_space = None,
        _ => state.y_space = None,
    }
}

pub(crate) fn advance(state: &mut GameState, slot: u8, _log: &mut impl EventSink) {
    let last = state.influence_slots() + 2;
    for s in slot as usize..last {
        if let Some(w) = worker_at(state, s) {
            state.stack.push(Frame::Land {
                seat: w.seat,
                slot: s as u8,
            });
            state.step = Step::Influence { slot: s as u8 + 1 };
            return;
        }
    }
    // A worker with nowhere to land goes back to its supply with the box's end.
    for s in 0..last {
        if let Some(w) = worker_at(state, s) {
            state.players[w.seat.index()].supply[w.kind.index()] += 1;
            clear(state, s);
        }
    }
    state.step = Step::Trade { slot: 0 };
}

pub(crate) fn legal_land(state: &GameState, seat: Seat, _slot: u8, out: &mut impl Out) {
    for p in Planet::ALL {
        if board::may_land(state, seat, p, Arrival::Sent) {
            out.push(Action::Planet(p));
        }
    }
}

pub(crate) fn land(
    state: &mut GameState,
    seat: Seat,
    slot: u8,
    action: Action,
    log: &mut impl EventSink,
) {
    let Action::Planet(p) = action else { return };
    let Some(w) = worker_at(state, slot as usize) else {
        return;
    };
    clear(state, slot as usize);
    state.planets[p.index()].workers[seat.index()][w.kind.index()] += 1;
    log.all(|| LogEvent::Landed {
        seat,
        kind: w.kind,
        planet: p,
    });
    arrive(state, seat, w.kind, p, log);
}

/// The arrival powers of a worker sent from the Planetary Influence box.
pub(crate) fn arrive(
    state: &mut GameState,
    seat: Seat,
    kind: Kind,
    p: Planet,
    log: &mut impl EventSink,
) {
    let planet = &mut state.planets[p.index()];
    match kind {
        Kind::Smuggler if planet.route => {
            planet.route = false;
            state.players[seat.index()].routes |= p.bit();
            log.all(|| LogEvent::RouteTaken { seat, planet: p });
        }
        Kind::Scientist if planet.lab => {
            planet.lab = false;
            log.all(|| LogEvent::LabTaken { seat, planet: p });
            board::gain_cubes(state, seat, 1, log);
        }
        Kind::Diplomat => {
            board::add(state, seat, Kind::Rebel, Place::Planet(p), 1, log);
        }
        _ => {}
    }
}
