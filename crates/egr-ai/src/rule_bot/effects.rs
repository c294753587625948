//! The questions of Imperial Action cards, Covert Mission rewards and technologies (rules
//! §13-15): each legal answer's worth.

use super::attack::piece_worth;
use super::board::{best_sentinels_added, closing, opening, rival_loss, sentinels_gain};
use super::table::{Change, Table};
use super::values::{bombard_gain, random_removal_gain, route_gain};
use egr_engine::{Action, Effect, Kind, Place, Planet, Seat};

pub(crate) fn score(t: &Table, effect: Effect, action: Action) -> f64 {
    use Effect::*;
    let me = |n: i8, kind: Kind| Change::workers(t.me, n, kind.is_military());
    match (effect, action) {
        (BombardPlanet, Action::Planet(p)) => bombard_gain(t, p),
        // The ship that leaves `p` opens it.
        (BombardShip { .. } | VoxFleet | DestroyFleet, Action::Planet(p)) => opening(t, p),
        (BombardSentinels { .. } | SpySentinel, Action::Planet(p)) => sentinels_gain(t, p, 1),
        (VoxSentinels { .. }, Action::Planet(p)) => sentinels_gain(t, p, -1),
        (NewCorps, Action::Planet(p)) => sentinels_gain(t, p, 3),
        (BaseSource, Action::Planet(p)) => {
            let k = t.sentinels[p.index()].min(2) as i8;
            sentinels_gain(t, p, -k) + best_sentinels_added(t, k)
        }
        (BaseDestination { from }, Action::Planet(to)) => {
            let k = from.map_or(0, |f| t.sentinels[f.index()].min(2) as i8);
            sentinels_gain(t, to, k) + two_kills(t, to)
        }
        (BaseCount { from, to }, Action::Count(k)) => {
            sentinels_gain(t, from, -(k as i8)) + sentinels_gain(t, to, k as i8)
        }
        (Rebase { .. }, Action::Move { from, to }) => {
            sentinels_gain(t, from, -1) + sentinels_gain(t, to, 1)
        }
        (AwardRoute, Action::Planet(p)) => {
            let holder = t
                .rival_seats()
                .find(|r| t.view.seats[r.index()].routes.contains(&p));
            route_gain(t, p) * (1.0 + holder.map_or(0.0, |r| t.rho[r.index()]))
        }
        (AtrocityAdd { .. }, Action::Planet(p)) => t.planet_gain(p, me(2, Kind::Rebel)),
        (WildfirePlanet, Action::Planet(p)) => {
            // Three of the bot's Rebels, then two of the player it picks (the least harm).
            let others = t
                .rival_seats()
                .map(|s| t.planet_gain(p, me(3, Kind::Rebel).and(Change::workers(s, 2, false))))
                .fold(f64::NEG_INFINITY, f64::max);
            if others.is_finite() {
                others
            } else {
                t.planet_gain(p, me(3, Kind::Rebel))
            }
        }
        (WildfireOther { planet }, Action::Seat(s)) => {
            t.planet_gain(planet, Change::workers(s, 2, false))
        }
        (AddPieces { kind }, Action::Planet(p)) => t.planet_gain(p, me(2, kind)),
        (Alliance, Action::Planet(p)) => t.planet_gain(p, me(2, Kind::Trooper)),
        (Plague, Action::Planet(p)) => random_removal_gain(t, p, 5),
        (CivilWar, Action::Planet(p)) => {
            let i = p.index();
            let all = t.sentinels[i] as u32 + t.counts[i].iter().map(|&c| c as u32).sum::<u32>();
            random_removal_gain(t, p, all / 2)
        }
        (
            BaseKill { .. } | AtrocityRemove | Propaganda,
            Action::Piece {
                at: Place::Planet(p),
                seat,
                kind,
            },
        ) => {
            let n = if effect == Propaganda && kind == Kind::Rebel {
                2
            } else {
                1
            };
            rival_loss(t, p, seat, n, kind.is_military()) + 0.01 * piece_worth(t, kind)
        }
        (Spies { .. } | SpiesFrom { .. }, Action::Piece { seat, kind, .. }) => {
            kind.covert_points() as f64 * (0.5 + t.rho[seat.index()])
        }
        (KillRival { at, kind }, Action::Seat(s)) => kill(t, at, kind, s),
        (RescueKind, Action::Kind(k)) => t.worker_value(k),
        (FleetTo, Action::Planet(p)) => closing(t, p) + 0.3 * t.planet_gain(p, me(1, Kind::Rebel)),
        (PushFleet { .. }, Action::Planet(p)) => closing(t, p),
        (
            Hyperdrive { .. },
            Action::Piece {
                at: Place::Planet(from),
                kind,
                ..
            },
        ) => Planet::ALL
            .into_iter()
            .filter(|&to| to != from && t.may_send(t.me, to))
            .map(|to| moved(t, from, to, kind))
            .fold(f64::NEG_INFINITY, f64::max),
        (HyperdriveTo { from, kind, .. }, Action::Planet(to)) => moved(t, from, to, kind),
        // Stopping (no more Sentinels moved, no Hyperdrive move) wins over a move that gains
        // nothing: a move the bot sees no use in may still help someone.
        (_, Action::Pass) => 0.01,
        _ => 0.0,
    }
}

/// One of the bot's workers moved from one planet to another.
fn moved(t: &Table, from: Planet, to: Planet, kind: Kind) -> f64 {
    let m = kind.is_military();
    t.planet_gain(from, Change::workers(t.me, -1, m))
        + t.planet_gain(to, Change::workers(t.me, 1, m))
}

/// Rebel Base Discovered!'s two rival workers on its destination: the best pair.
fn two_kills(t: &Table, p: Planet) -> f64 {
    let i = p.index();
    let mut best = 0.0f64;
    for r in t.rival_seats() {
        let have = t.counts[i][r.index()].min(2) as i8;
        if have > 0 {
            best = best.max(rival_loss(t, p, r, have, false));
        }
    }
    best
}

/// A Covert Mission's assassination of `rival`'s `kind` at `at`.
fn kill(t: &Table, at: Place, kind: Kind, rival: Seat) -> f64 {
    match at {
        Place::Planet(p) => rival_loss(t, p, rival, 1, kind.is_military()),
        _ => {
            let mut d = [0i8; 5];
            d[rival.index()] = -(kind.senate_points() as i8);
            t.senate_gain(d)
        }
    }
}
