//! The Imperial Action cards (Appendix III, L709-773), played by the Senate's winner or by Save
//! an Imperial Traitor. Each choice a card offers is its own question. Where a card names
//! pieces to remove without saying whose, the player who plays it picks among its rivals'
//! pieces (ruling); Plague and Civil War strike everyone's.

use super::board::{self, draw_counted, Arrival};
use super::frames::{Effect, Frame};
use super::Out;
use crate::action::Action;
use crate::data::imperial::ImperialCard;
use crate::data::{Kind, Place, Planet, Seat, MAX_SEATS};
use crate::log::{EventSink, LogEvent, LogExt};
use crate::state::GameState;

pub(crate) fn play(
    state: &mut GameState,
    seat: Seat,
    card: ImperialCard,
    log: &mut impl EventSink,
) {
    log.all(|| LogEvent::ImperialPlayed { seat, card });
    let mut push = |e: Effect| state.stack.push(Frame::Effect { seat, effect: e });
    use ImperialCard::*;
    match card {
        PlanetaryBombardment => push(Effect::BombardPlanet),
        InvadedByTheVox => {
            push(Effect::VoxSentinels { left: 4, done: 0 });
            push(Effect::VoxFleet);
        }
        NewCorpsOfSentinels => push(Effect::NewCorps),
        RebelBaseDiscovered => push(Effect::BaseSource),
        TroopsRebased => push(Effect::Rebase { left: 3 }),
        SenateAwardsTradeRoute => push(Effect::AwardRoute),
        ImperialAtrocity => push(Effect::AtrocityRemove),
        ImperialSpies => push(Effect::Spies { left: 3 }),
        ImperialPropaganda => push(Effect::Propaganda),
        DangerousCreature => {}
        RebellionSpreads => push(Effect::WildfirePlanet),
        ImperialDoubleAgent => {}
        NewScienceLab => push(Effect::AddPieces {
            kind: Kind::Scientist,
        }),
        ImperialMistake => push(Effect::AddPieces {
            kind: Kind::Trooper,
        }),
        PlagueSerumWithheld => push(Effect::Plague),
        PlanetaryCivilWar => push(Effect::CivilWar),
    }
    match card {
        // Stays in play until a mission is conducted (L751).
        DangerousCreature => state.creature = true,
        // Kept by its owner for the rest of the game (L759).
        ImperialDoubleAgent => state.double_agent = Some(seat),
        _ => state.imperial_discard[card.index()] += 1,
    }
}

fn any_pieces(state: &GameState, p: Planet) -> bool {
    state.planets[p.index()].sentinels > 0 || board::workers_on(state, p) > 0
}

/// Every rival piece at `at`, as answers.
fn rival_pieces(state: &GameState, seat: Seat, at: Place, only: Option<Kind>, out: &mut impl Out) {
    for s in state.seats() {
        if s == seat {
            continue;
        }
        let pieces = board::pieces(state, s, at);
        for k in Kind::ALL {
            if pieces[k.index()] > 0 && only.is_none_or(|o| o == k) {
                out.push(Action::Piece {
                    at,
                    seat: s,
                    kind: k,
                });
            }
        }
    }
}

fn planets_where(out: &mut impl Out, f: impl Fn(Planet) -> bool) {
    for p in Planet::ALL {
        if f(p) {
            out.push(Action::Planet(p));
        }
    }
}

pub(crate) fn legal(state: &GameState, seat: Seat, effect: Effect, out: &mut impl Out) {
    use Effect::*;
    match effect {
        // Not the Rebel Fleet's planet: an Imperial Fleet never stays where the Rebel Fleet
        // is (L829). Under the `bombardment_moves_a_ship` ruling, not a planet that already
        // has an Imperial Fleet either.
        BombardPlanet => planets_where(out, |p| {
            board::sentinels_may_go(state, p)
                && !(state.options.rulings.bombardment_moves_a_ship
                    && state.planets[p.index()].imperial_fleet)
        }),
        BombardShip { to } => {
            planets_where(out, |p| p != to && state.planets[p.index()].imperial_fleet)
        }
        BombardSentinels { from, .. } => {
            planets_where(out, |p| p != from && board::sentinels_may_go(state, p))
        }
        VoxFleet => planets_where(out, |p| state.planets[p.index()].imperial_fleet),
        VoxSentinels { done, .. } => planets_where(out, |p| {
            state.planets[p.index()].sentinels > 0 && done & p.bit() == 0
        }),
        NewCorps if state.sentinel_supply > 0 => {
            planets_where(out, |p| board::sentinels_may_go(state, p))
        }
        BaseSource => {
            planets_where(out, |p| state.planets[p.index()].sentinels > 0);
            out.push(Action::Pass);
        }
        // The destination is where the Sentinels are sent, even when none move: never the
        // Rebel Fleet's planet (L829).
        BaseDestination { from } => planets_where(out, |p| {
            Some(p) != from && board::sentinels_may_go(state, p)
        }),
        BaseCount { .. } => {
            out.push(Action::Count(1));
            out.push(Action::Count(2));
        }
        BaseKill { at, .. } => rival_pieces(state, seat, Place::Planet(at), None, out),
        Rebase { .. } => {
            for from in Planet::ALL {
                if state.planets[from.index()].sentinels == 0 {
                    continue;
                }
                for to in Planet::ALL {
                    if to != from && board::sentinels_may_go(state, to) {
                        out.push(Action::Move { from, to });
                    }
                }
            }
            out.push(Action::Pass);
        }
        AwardRoute => {
            if Planet::ALL.iter().any(|p| state.planets[p.index()].route) {
                planets_where(out, |p| state.planets[p.index()].route)
            } else {
                let mine = state.players[seat.index()].routes;
                planets_where(out, |p| mine & p.bit() == 0)
            }
        }
        AtrocityRemove => {
            for p in Planet::ALL {
                rival_pieces(state, seat, Place::Planet(p), Some(Kind::Rebel), out);
            }
        }
        AtrocityAdd { from } if state.players[seat.index()].supply[0] > 0 => {
            planets_where(out, |p| {
                Some(p) != from && board::may_land(state, seat, p, Arrival::Card)
            })
        }
        Spies { .. } | SpiesFrom { .. } => {
            let (left, only) = match effect {
                SpiesFrom { victim, left } => (left, Some(victim)),
                Spies { left } => (left, None),
                _ => return,
            };
            for s in state.seats() {
                if s == seat || only.is_some_and(|v| v != s) {
                    continue;
                }
                let c = state.players[s.index()].covert;
                for k in Kind::ALL {
                    if c[k.index()] > 0 && k.covert_points() <= left {
                        out.push(Action::Piece {
                            at: Place::Covert,
                            seat: s,
                            kind: k,
                        });
                    }
                }
            }
        }
        Propaganda => {
            for p in Planet::ALL {
                rival_pieces(state, seat, Place::Planet(p), None, out);
            }
        }
        WildfirePlanet | AddPieces { .. } => {
            planets_where(out, |p| board::may_land(state, seat, p, Arrival::Card))
        }
        WildfireOther { planet } => {
            for s in state.seats() {
                if s != seat && board::may_land(state, s, planet, Arrival::Card) {
                    out.push(Action::Seat(s));
                }
            }
        }
        Plague | CivilWar => planets_where(out, |p| any_pieces(state, p)),
        _ => {}
    }
}

fn again(state: &mut GameState, seat: Seat, effect: Effect) {
    state.stack.push(Frame::Effect { seat, effect });
}

fn move_sentinel(state: &mut GameState, from: Planet, to: Planet, log: &mut impl EventSink) {
    if state.planets[from.index()].sentinels > 0 {
        state.planets[from.index()].sentinels -= 1;
        state.planets[to.index()].sentinels += 1;
        log.all(|| LogEvent::SentinelMoved { from, to });
    }
}

pub(crate) fn answer(
    state: &mut GameState,
    seat: Seat,
    effect: Effect,
    action: Action,
    log: &mut impl EventSink,
) {
    use Effect::*;
    match (effect, action) {
        (BombardPlanet, Action::Planet(p)) => {
            if !state.planets[p.index()].imperial_fleet {
                if state.spare_fleets > 0 {
                    // A spare ship if there is one (ruling), else one from the board.
                    state.spare_fleets -= 1;
                    state.planets[p.index()].imperial_fleet = true;
                    log.all(|| LogEvent::FleetMoved {
                        from: None,
                        to: Some(p),
                    });
                } else {
                    return again(state, seat, BombardShip { to: p });
                }
            }
            bombard(state, seat, p, log);
        }
        (BombardShip { to }, Action::Planet(from)) => {
            state.planets[from.index()].imperial_fleet = false;
            state.planets[to.index()].imperial_fleet = true;
            log.all(|| LogEvent::FleetMoved {
                from: Some(from),
                to: Some(to),
            });
            bombard(state, seat, to, log);
        }
        (BombardSentinels { from, left }, Action::Planet(to)) => {
            move_sentinel(state, from, to, log);
            if left > 1 {
                again(
                    state,
                    seat,
                    BombardSentinels {
                        from,
                        left: left - 1,
                    },
                );
            }
        }
        (VoxFleet, Action::Planet(p)) => {
            state.planets[p.index()].imperial_fleet = false;
            state.spare_fleets += 1;
            log.all(|| LogEvent::FleetMoved {
                from: Some(p),
                to: None,
            });
        }
        (VoxSentinels { left, done }, Action::Planet(p)) => {
            board::remove_sentinels(state, p, 1, log);
            if left > 1 {
                again(
                    state,
                    seat,
                    VoxSentinels {
                        left: left - 1,
                        done: done | p.bit(),
                    },
                );
            }
        }
        (NewCorps, Action::Planet(p)) => {
            board::add_sentinels(state, p, 3, log);
        }
        (BaseSource, Action::Planet(p)) => again(state, seat, BaseDestination { from: Some(p) }),
        (BaseSource, _) => again(state, seat, BaseDestination { from: None }),
        (BaseDestination { from }, Action::Planet(to)) => {
            again(state, seat, BaseKill { at: to, left: 2 });
            if let Some(from) = from {
                if state.planets[from.index()].sentinels >= 2 {
                    again(state, seat, BaseCount { from, to });
                } else {
                    move_sentinel(state, from, to, log);
                }
            }
        }
        (BaseCount { from, to }, Action::Count(n)) => {
            for _ in 0..n {
                move_sentinel(state, from, to, log);
            }
        }
        (BaseKill { left, .. }, Action::Piece { at, seat: s, kind }) => {
            board::eliminate(state, s, kind, at, 1, log);
            if left > 1 {
                if let Place::Planet(p) = at {
                    again(
                        state,
                        seat,
                        BaseKill {
                            at: p,
                            left: left - 1,
                        },
                    );
                }
            }
        }
        (Rebase { left }, Action::Move { from, to }) => {
            move_sentinel(state, from, to, log);
            if left > 1 {
                again(state, seat, Rebase { left: left - 1 });
            }
        }
        (AwardRoute, Action::Planet(p)) => {
            let from = if state.planets[p.index()].route {
                state.planets[p.index()].route = false;
                None
            } else {
                let holder = state
                    .seats()
                    .find(|s| state.players[s.index()].routes & p.bit() != 0);
                if let Some(h) = holder {
                    state.players[h.index()].routes &= !p.bit();
                }
                holder
            };
            state.players[seat.index()].routes |= p.bit();
            log.all(|| LogEvent::RouteAwarded {
                seat,
                planet: p,
                from,
            });
        }
        (AtrocityRemove, Action::Piece { at, seat: s, kind }) => {
            board::eliminate(state, s, kind, at, 1, log);
            let from = match at {
                Place::Planet(p) => Some(p),
                _ => None,
            };
            again(state, seat, AtrocityAdd { from });
        }
        (AtrocityAdd { .. }, Action::Planet(p)) => {
            board::add(state, seat, Kind::Rebel, Place::Planet(p), 2, log);
        }
        (Spies { left } | SpiesFrom { left, .. }, Action::Piece { at, seat: s, kind }) => {
            board::eliminate(state, s, kind, at, 1, log);
            let left = left.saturating_sub(kind.covert_points());
            if left > 0 {
                // The rest from the same faction (L739), unless the ruling says any rivals.
                let next = if state.options.rulings.spies_several_factions {
                    Spies { left }
                } else {
                    SpiesFrom { victim: s, left }
                };
                again(state, seat, next);
            }
        }
        (Propaganda, Action::Piece { at, seat: s, kind }) => {
            let n = if kind == Kind::Rebel { 2 } else { 1 };
            board::eliminate(state, s, kind, at, n, log);
        }
        (WildfirePlanet, Action::Planet(p)) => {
            board::add(state, seat, Kind::Rebel, Place::Planet(p), 3, log);
            again(state, seat, WildfireOther { planet: p });
        }
        (WildfireOther { planet }, Action::Seat(s)) => {
            board::add(state, s, Kind::Rebel, Place::Planet(planet), 2, log);
        }
        (AddPieces { kind }, Action::Planet(p)) => {
            board::add(state, seat, kind, Place::Planet(p), 2, log);
        }
        (Plague, Action::Planet(p)) => random_removal(state, p, 5, log),
        (CivilWar, Action::Planet(p)) => {
            let total = state.planets[p.index()].sentinels + board::workers_on(state, p);
            random_removal(state, p, total / 2, log);
        }
        _ => {}
    }
}

/// The rest of a bombardment on `p`: every worker there back to its owner's hand for the next
/// turn, then each Sentinel there sent elsewhere (L713).
fn bombard(state: &mut GameState, seat: Seat, p: Planet, log: &mut impl EventSink) {
    for s in Seat::all(state.options.players) {
        for k in Kind::ALL {
            let count = std::mem::take(&mut state.planets[p.index()].workers[s.index()][k.index()]);
            if count > 0 {
                state.players[s.index()].hand[k.index()] += count;
                log.all(|| LogEvent::ToHand {
                    seat: s,
                    kind: k,
                    count,
                });
            }
        }
    }
    let left = state.planets[p.index()].sentinels;
    if left > 0 {
        again(state, seat, Effect::BombardSentinels { from: p, left });
    }
}

/// Every piece on `p` into a bag, `n` drawn out at random and sent back to their supplies
/// (L767, L771).
fn random_removal(state: &mut GameState, p: Planet, n: u8, log: &mut impl EventSink) {
    log.all(|| LogEvent::RandomRemoval {
        planet: p,
        count: n,
    });
    for _ in 0..n {
        let planet = &state.planets[p.index()];
        let mut counts = [0u8; 1 + MAX_SEATS * 6];
        counts[0] = planet.sentinels;
        for s in 0..MAX_SEATS {
            for k in 0..6 {
                counts[1 + s * 6 + k] = planet.workers[s][k];
            }
        }
        let Some(i) = draw_counted(&mut state.rng, &counts) else {
            return;
        };
        if i == 0 {
            board::remove_sentinels(state, p, 1, log);
        } else {
            let (s, k) = ((i - 1) / 6, (i - 1) % 6);
            board::eliminate(
                state,
                Seat(s as u8),
                Kind::from_index(k),
                Place::Planet(p),
                1,
                log,
            );
        }
    }
}

/// An effect whose question had no answer: what follows it still happens.
pub(crate) fn skipped(
    state: &mut GameState,
    seat: Seat,
    effect: Effect,
    _log: &mut impl EventSink,
) {
    if effect == Effect::AtrocityRemove {
        again(state, seat, Effect::AtrocityAdd { from: None });
    }
}
