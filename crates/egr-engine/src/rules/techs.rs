//! Phase 4, Technology Benefits (L387-391), and the technologies' one-off effects. In turn
//! order each player takes what their tiles give every turn (workers into the hand, coins,
//! Imperial Corruption's toll, the Automated Factory's good, Nanotech Vessels' income, the
//! Hyperdrive's moves, the free workers put straight into their boxes) and what the one-time
//! tiles give once (cubes, the Rebel Fleet). Epoch III points are counted in `scoring`.

use super::board::{self, draw_counted, Arrival};
use super::frames::{Effect, Frame};
use super::{placement, Out};
use crate::action::Action;
use crate::data::techs::Tech;
use crate::data::{Good, Kind, Place, Planet, Seat, TURNS};
use crate::log::{EventSink, LogEvent, LogExt, Why};
use crate::state::{GameState, Step};

/// Imperial Corruption's toll from each other player (L839).
pub const CORRUPTION_TOLL: u16 = 2;

pub(crate) fn advance(state: &mut GameState, idx: u8, log: &mut impl EventSink) {
    if idx >= state.options.players {
        state.step = if state.turn == TURNS {
            Step::War {
                planet: 0,
                target: None,
            }
        } else {
            Step::Scoring
        };
        return;
    }
    state.step = Step::Techs { idx: idx + 1 };
    let seat = state.order[idx as usize];
    benefits(state, seat, log);
}

fn benefits(state: &mut GameState, seat: Seat, log: &mut impl EventSink) {
    let techs = state.players[seat.index()].techs;
    if techs == 0 {
        return;
    }
    for tech in Tech::ALL {
        if techs & tech.bit() == 0 {
            continue;
        }
        if let Some((kind, n)) = tech.workers() {
            board::to_hand(state, seat, kind, n, log);
        }
        // A free worker goes into its box now (L389): the Senate's is there for this turn's
        // scoring. The Warfare one may wait for the next placement's end (ruling).
        if tech.free_worker().is_some() && !placement::held_back(state, tech) {
            placement::free_worker(state, seat, tech, log);
        }
        board::gain(state, seat, tech.income(), Why::Tech(tech), log);
        let unspent = state.players[seat.index()].spent & tech.bit() == 0;
        if tech.one_time() && unspent {
            state.players[seat.index()].spent |= tech.bit();
            board::gain_cubes(state, seat, tech.cubes(), log);
            if matches!(
                tech,
                Tech::CapitalShipDrydock | Tech::MoltenInjectorBoardingCannon
            ) {
                state.stack.push(Frame::Effect {
                    seat,
                    effect: Effect::FleetTo,
                });
            }
        }
        match tech {
            Tech::ImperialCorruption
                if state.players[seat.index()].senate[Kind::Diplomat.index()] > 0 =>
            {
                for other in Seat::all(state.options.players) {
                    if other != seat {
                        let paid = board::pay_coins(
                            state,
                            other,
                            CORRUPTION_TOLL,
                            Why::Corruption { to: seat },
                            log,
                        );
                        board::gain(state, seat, paid, Why::Tech(tech), log);
                    }
                }
            }
            Tech::NanotechOptimizedTradeVessels => {
                let p = &state.players[seat.index()];
                let mut n = 3 * p.goods[Good::Nanotech.index()] as u16;
                if p.routes & Planet::Vollux.bit() != 0 {
                    n += 6;
                }
                board::gain(state, seat, n, Why::Tech(tech), log);
            }
            Tech::AutomatedFactory => {
                if let Some(i) = draw_counted(&mut state.rng, &state.goods_pile) {
                    state.goods_pile[i] -= 1;
                    state.players[seat.index()].goods[i] += 1;
                    let good = Good::ALL[i];
                    log.all(|| LogEvent::GoodDrawn { seat, good });
                }
            }
            Tech::MiniaturizedHyperdrive => state.stack.push(Frame::Effect {
                seat,
                effect: Effect::Hyperdrive { left: 2 },
            }),
            _ => {}
        }
    }
}

pub(crate) fn legal_effect(state: &GameState, seat: Seat, effect: Effect, out: &mut impl Out) {
    match effect {
        Effect::FleetTo => {
            for p in Planet::ALL {
                out.push(Action::Planet(p));
            }
        }
        Effect::PushFleet { from } => {
            for p in Planet::ALL {
                if p != from && !state.planets[p.index()].imperial_fleet {
                    out.push(Action::Planet(p));
                }
            }
        }
        Effect::Alliance if state.players[seat.index()].supply[Kind::Trooper.index()] > 0 => {
            for p in Planet::ALL {
                if state.planets[p.index()].workers_of(seat) > 0
                    && board::may_land(state, seat, p, Arrival::Card)
                {
                    out.push(Action::Planet(p));
                }
            }
        }
        Effect::Hyperdrive { .. } => {
            for p in Planet::ALL {
                let here = state.planets[p.index()].workers[seat.index()];
                if here.iter().all(|&c| c == 0)
                    || !Planet::ALL
                        .iter()
                        .any(|&q| q != p && board::may_land(state, seat, q, Arrival::Sent))
                {
                    continue;
                }
                for k in Kind::ALL {
                    if here[k.index()] > 0 {
                        out.push(Action::Piece {
                            at: Place::Planet(p),
                            seat,
                            kind: k,
                        });
                    }
                }
            }
            out.push(Action::Pass);
        }
        Effect::HyperdriveTo { from, .. } => {
            for q in Planet::ALL {
                if q != from && board::may_land(state, seat, q, Arrival::Sent) {
                    out.push(Action::Planet(q));
                }
            }
        }
        _ => {}
    }
}

pub(crate) fn effect(
    state: &mut GameState,
    seat: Seat,
    effect: Effect,
    action: Action,
    log: &mut impl EventSink,
) {
    match (effect, action) {
        (Effect::FleetTo, Action::Planet(p)) => {
            // The owner marks the Ship with one of their Rebels from the supply (L829, L892);
            // a previous owner's marker goes back to theirs.
            if let Some((_, owner)) = state.rebel_fleet {
                if owner != seat && state.fleet_marker {
                    state.players[owner.index()].supply[Kind::Rebel.index()] += 1;
                    state.fleet_marker = false;
                }
            }
            let supply = &mut state.players[seat.index()].supply[Kind::Rebel.index()];
            if !state.fleet_marker && *supply > 0 {
                *supply -= 1;
                state.fleet_marker = true;
            }
            state.rebel_fleet = Some((p, seat));
            let marked = state.fleet_marker;
            log.all(|| LogEvent::RebelFleet {
                seat,
                planet: p,
                marked,
            });
            if state.planets[p.index()].imperial_fleet {
                state.stack.push(Frame::Effect {
                    seat,
                    effect: Effect::PushFleet { from: p },
                });
            }
        }
        (Effect::PushFleet { from }, Action::Planet(to)) => {
            state.planets[from.index()].imperial_fleet = false;
            state.planets[to.index()].imperial_fleet = true;
            log.all(|| LogEvent::FleetMoved {
                from: Some(from),
                to: Some(to),
            });
        }
        (Effect::Alliance, Action::Planet(p)) => {
            board::add(state, seat, Kind::Trooper, Place::Planet(p), 2, log);
        }
        (
            Effect::Hyperdrive { left },
            Action::Piece {
                at: Place::Planet(from),
                kind,
                ..
            },
        ) => {
            state.stack.push(Frame::Effect {
                seat,
                effect: Effect::HyperdriveTo { from, kind, left },
            });
        }
        (Effect::HyperdriveTo { from, kind, left }, Action::Planet(to)) => {
            let w = &mut state.planets[from.index()].workers[seat.index()][kind.index()];
            if *w > 0 {
                *w -= 1;
                state.planets[to.index()].workers[seat.index()][kind.index()] += 1;
                log.all(|| LogEvent::Moved {
                    seat,
                    kind,
                    from,
                    to,
                });
            }
            if left > 1 {
                state.stack.push(Frame::Effect {
                    seat,
                    effect: Effect::Hyperdrive { left: left - 1 },
                });
            }
        }
        _ => {}
    }
}
