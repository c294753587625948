//! Phase 1: where each worker goes. Every open (kind, box) pair gets the value the box is
//! expected to bring with that worker when it resolves, less a small reserve for keeping a
//! Specialist for the box where its power counts.

use super::attack::best_attack;
use super::table::{Change, Table};
use super::values::{mission_cost, mission_places, mission_value, tech_value};
use egr_engine::{research_price, Kind, Planet, Spot};

/// The Influence box's worth is known only when the worker lands, after others have.
const LANDING_DOUBT: f64 = 0.9;
/// Another player may conduct a mission first (one a turn).
const MISSION_DOUBT: f64 = 0.7;

pub(crate) fn place_value(t: &Table, kind: Kind, spot: Spot) -> f64 {
    let value = match spot {
        Spot::Influence => LANDING_DOUBT * best_landing(t, kind),
        Spot::Trade => trade(t, kind),
        Spot::Covert => covert(t, kind),
        Spot::Research => research(t, kind),
        Spot::Warfare if kind.is_military() => 0.9 * best_attack(t, kind),
        // It only holds the slot from a rival's Hero or Trooper.
        Spot::Warfare => 0.05,
        Spot::Specialist(k) => {
            if t.mine().supply[k.index()] > 0 {
                t.worker_value(k)
            } else {
                0.0
            }
        }
        Spot::PaidSpecialist => paid_training(t),
        Spot::Initiative => initiative(t),
        Spot::Senate => senate(t, kind),
    };
    value - reserve(t, kind)
}

/// Keeps a Specialist back for the box where its power counts, when another would do as well.
fn reserve(t: &Table, kind: Kind) -> f64 {
    t.w.worker / 3.0
        * match kind {
            Kind::Rebel => 0.0,
            Kind::Trooper => 0.3,
            Kind::Scientist | Kind::Smuggler => 0.4,
            Kind::Hero | Kind::Diplomat => 0.5,
        }
}

/// The best planet for this worker: the majorities it changes, and its arrival power.
pub(crate) fn best_landing(t: &Table, kind: Kind) -> f64 {
    Planet::ALL
        .into_iter()
        .filter(|&p| t.may_send(t.me, p))
        .map(|p| landing(t, kind, p))
        .fold(0.0, f64::max)
}

/// A worker of `kind` landing on `p` from the Planetary Influence box (rules §6.2).
pub(crate) fn landing(t: &Table, kind: Kind, p: Planet) -> f64 {
    let planet = &t.view.planets[p.index()];
    let mut ch = Change::workers(t.me, 1, kind.is_military());
    let mut bonus = 0.0;
    match kind {
        Kind::Diplomat if t.mine().supply[Kind::Rebel.index()] > 0 => {
            ch = ch.and(Change::workers(t.me, 1, false))
        }
        Kind::Smuggler if planet.route => bonus = super::values::route_gain(t, p),
        Kind::Scientist if planet.lab => bonus = t.cube_value(1),
        _ => {}
    }
    t.planet_gain(p, ch) + bonus
}

/// The good this worker would take (a Smuggler's two) among those shown, after the workers
/// already in the box have taken theirs (half of them reckoned to take the bot's best).
fn trade(t: &Table, kind: Kind) -> f64 {
    let mut shown: Vec<(f64, usize)> = Vec::new();
    for (g, &c) in t.view.goods_shown.iter().enumerate() {
        let mut one = [0u8; 8];
        one[g] = 1;
        let v = t.goods_gain(&one);
        shown.extend(std::iter::repeat_n((v, g), c as usize));
    }
    shown.sort_by(|a, b| b.0.total_cmp(&a.0));
    let ahead: usize = t
        .view
        .boxes
        .trade
        .iter()
        .flatten()
        .map(|w| if w.kind == Kind::Smuggler { 2 } else { 1 })
        .sum();
    let take = if kind == Kind::Smuggler { 2 } else { 1 };
    let mine: Vec<usize> = shown
        .iter()
        .skip(ahead / 2)
        .take(take)
        .map(|s| s.1)
        .collect();
    let mut extra = [0u8; 8];
    for g in mine {
        extra[g] += 1;
    }
    t.goods_gain(&extra)
}

/// The best mission the bot could pay for, less the points it spends (0: none).
fn best_mission(t: &Table, points: u8) -> f64 {
    if points == 0 {
        return 0.0;
    }
    let mut best = 0.0f64;
    for m in t.view.missions_shown.iter().flatten() {
        for at in mission_places(t, *m) {
            let cost = mission_cost(t, at);
            if cost <= points {
                let net = mission_value(t, *m, at) - cost as f64 * t.w.covert_point;
                best = best.max(net);
            }
        }
    }
    best
}

/// More points in the Covert Mission box: a mission within reach now, and points kept for
/// the missions of later turns (less so once the bot holds plenty).
fn covert(t: &Table, kind: Kind) -> f64 {
    let points = t.mine().covert_points;
    let more = points + kind.covert_points();
    let now = MISSION_DOUBT * (best_mission(t, more) - best_mission(t, points));
    let later = if t.turns_after == 0 || points >= 6 {
        0.0
    } else {
        0.6 * t.w.covert_point * kind.covert_points() as f64
    };
    now + later
}

/// Coins this worker's research could spend: what the bot has, its Initiative pay, less what
/// its workers already in the box will spend.
fn research(t: &Table, kind: Kind) -> f64 {
    let mine = t.mine();
    let mut coins = mine.coins as i32;
    for (i, w) in t.view.boxes.initiative.iter().enumerate() {
        if matches!(w, Some(w) if w.seat == t.me) {
            coins += i as i32 + 1;
        }
    }
    let (mut mine_ahead, mut others_ahead) = (0, 0);
    for w in t.view.boxes.research.iter().flatten() {
        if w.seat == t.me {
            mine_ahead += 1;
            coins -= research_price(t.view.epoch, w.kind == Kind::Scientist) as i32;
        } else {
            others_ahead += 1;
        }
    }
    let price = research_price(t.view.epoch, kind == Kind::Scientist);
    if coins < price as i32 {
        return 0.02;
    }
    let mut values: Vec<f64> = t
        .view
        .techs_shown
        .iter()
        .map(|&tech| tech_value(t, tech))
        .collect();
    values.sort_by(|a, b| b.total_cmp(a));
    let pick = values
        .get(mine_ahead + others_ahead / 2)
        .copied()
        .unwrap_or(0.0);
    (pick - price as f64 * t.coin).max(0.02)
}

/// 5 UC for a Specialist of the bot's choice, if the coins are not needed for research.
fn paid_training(t: &Table) -> f64 {
    let mine = t.mine();
    let held: i32 = t
        .view
        .boxes
        .research
        .iter()
        .flatten()
        .filter(|w| w.seat == t.me)
        .map(|w| research_price(t.view.epoch, w.kind == Kind::Scientist) as i32)
        .sum();
    if (mine.coins as i32) - held < 5 {
        return 0.0;
    }
    let best = Kind::SPECIALISTS
        .into_iter()
        .filter(|k| mine.supply[k.index()] > 0)
        .map(|k| t.worker_value(k))
        .fold(0.0, f64::max);
    (best - 5.0 * t.coin).max(0.0)
}

/// The slot's coins now, and an early place in the next turn's order.
fn initiative(t: &Table) -> f64 {
    let slot = t
        .view
        .boxes
        .initiative
        .iter()
        .position(|w| w.is_none())
        .unwrap_or(0);
    let order = if t.turns_after > 0 {
        0.3 * t.w.worker
    } else {
        0.0
    };
    (slot + 1) as f64 * t.coin + order
}

/// Senate points: the majority at the scorings to come, and bidding power for a card.
fn senate(t: &Table, kind: Kind) -> f64 {
    let pts = kind.senate_points() as i8;
    let mut d = [0i8; 5];
    d[t.me.index()] = pts;
    let cards = t.view.imperial_shown.iter().any(|c| c.is_some());
    let bidding = if cards {
        t.w.senate_card * pts as f64
    } else {
        0.0
    };
    t.senate_gain(d) + bidding
}
