//! Best-case moves on the board that several questions share: adding the bot's pieces,
//! removing a rival's, adding, removing or moving Sentinels. Each returns the gain of the
//! best choice (0 when there is none), measured by [`Table::planet_gain`].

use super::table::{Change, Table};
use egr_engine::{Kind, Planet, Seat};

/// The bot's `n` pieces of `kind` placed by a card on the best planet it may reach.
pub(crate) fn best_add(t: &Table, n: i8, kind: Kind) -> f64 {
    Planet::ALL
        .into_iter()
        .filter(|&p| !t.sheltered(p, Some(t.me)))
        .map(|p| t.planet_gain(p, Change::workers(t.me, n, kind.is_military())))
        .fold(0.0, f64::max)
}

/// What a rival's loss of `n` workers on `p` is worth to the bot: the rival keeps its
/// military workers if it can (they defend and cost it nothing more).
pub(crate) fn rival_loss(t: &Table, p: Planet, rival: Seat, n: i8, military: bool) -> f64 {
    t.planet_gain(p, Change::workers(rival, -n, military))
}

/// The best rival to lose `n` workers on one planet (Rebels only if `rebels`).
pub(crate) fn best_rival_loss(t: &Table, n: i8, rebels: bool) -> f64 {
    let mut best = 0.0f64;
    for p in Planet::ALL {
        for r in t.rival_seats() {
            let pieces = &t.view.planets[p.index()].workers[r.index()];
            let have = if rebels {
                pieces[Kind::Rebel.index()]
            } else {
                pieces.iter().sum()
            };
            if have > 0 {
                best = best.max(rival_loss(t, p, r, n.min(have as i8), false));
            }
        }
    }
    best
}

pub(crate) fn sentinels_gain(t: &Table, p: Planet, n: i8) -> f64 {
    t.planet_gain(p, Change::sentinels(n))
}

/// `n` Sentinels from the box on the best planet they may go to.
pub(crate) fn best_sentinels_added(t: &Table, n: i8) -> f64 {
    Planet::ALL
        .into_iter()
        .filter(|&p| !t.sheltered(p, None))
        .map(|p| sentinels_gain(t, p, n))
        .fold(0.0, f64::max)
}

/// One Sentinel moved from one planet to another, the best such move (or 0: none).
pub(crate) fn best_sentinel_move(t: &Table) -> f64 {
    let mut best = 0.0f64;
    for from in Planet::ALL {
        if t.sentinels[from.index()] == 0 {
            continue;
        }
        let off = sentinels_gain(t, from, -1);
        for to in Planet::ALL {
            if to != from && !t.sheltered(to, None) {
                best = best.max(off + sentinels_gain(t, to, 1));
            }
        }
    }
    best
}

/// A planet opened (an Imperial Fleet gone): the bot may send workers there again.
pub(crate) fn opening(t: &Table, p: Planet) -> f64 {
    0.3 * t.planet_gain(p, Change::workers(t.me, 1, false)).max(0.0)
}

/// A planet closed by an Imperial Fleet: what is there now stays (no landing, no attack).
/// Worth as much as the bot's lead there is safe from being taken.
pub(crate) fn closing(t: &Table, p: Planet) -> f64 {
    let threat = t
        .rival_seats()
        .map(|r| t.planet_gain(p, Change::workers(r, 1, false)))
        .fold(0.0, f64::min);
    let chance = t.planet_gain(p, Change::workers(t.me, 1, false)).max(0.0);
    0.5 * (-threat - chance)
}
