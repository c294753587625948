//! The questions of the event boxes (rules §6) and of set-up: each legal answer's worth.

use super::attack::{attack_value, piece_worth};
use super::placement::{landing, place_value};
use super::table::{Change, Table};
use super::values::{card_value, mission_cost, mission_value, tech_value};
use egr_engine::{research_price, Action, Kind, Place, Prompt};

pub(crate) fn score(t: &Table, prompt: Prompt, action: Action) -> f64 {
    match (prompt, action) {
        (Prompt::StartRebel { .. }, Action::Planet(p)) => {
            t.planet_gain(p, Change::workers(t.me, 1, false))
        }
        (Prompt::Place { .. }, Action::Place { kind, spot }) => place_value(t, kind, spot),
        (Prompt::Land { slot, .. }, Action::Planet(p)) => landing(t, landing_kind(t, slot), p),
        (Prompt::TakeGood { .. }, Action::Good(g)) => {
            let mut one = [0u8; 8];
            one[g.index()] = 1;
            t.goods_gain(&one)
        }
        (Prompt::Covert { .. }, Action::Mission { slot, at }) => {
            match t.view.missions_shown[slot as usize] {
                Some(m) => mission_value(t, m, at) - mission_cost(t, at) as f64 * t.w.covert_point,
                None => 0.0,
            }
        }
        (Prompt::Pay { left, from, .. }, Action::Pay(kind)) => pay(t, left, from, kind),
        (Prompt::Research { slot, .. }, Action::Tech(tech)) => {
            let scientist = matches!(
                t.view.boxes.research.get(slot as usize),
                Some(Some(w)) if w.kind == Kind::Scientist
            );
            tech_value(t, tech) - research_price(t.view.epoch, scientist) as f64 * t.coin
        }
        (Prompt::Attack { slot, .. }, Action::Attack { planet, target }) => {
            let kind = t
                .view
                .boxes
                .warfare
                .get(slot as usize)
                .copied()
                .flatten()
                .map_or(Kind::Trooper, |w| w.kind);
            attack_value(t, kind, planet, target)
        }
        // Defend with a Trooper or Hero when there is one: a lost one costs only itself.
        (Prompt::Defend { .. }, Action::Defend(kind)) => {
            let first = if kind.is_military() { 10.0 } else { 0.0 };
            first - piece_worth(t, kind)
        }
        (Prompt::SecondLoss { .. }, Action::Defend(kind)) => -piece_worth(t, kind),
        (Prompt::PaidSpecialist { .. }, Action::Kind(k)) => t.worker_value(k) - 5.0 * t.coin,
        (Prompt::Bid { .. }, Action::Bid(b)) => bid(t, b),
        (Prompt::ChooseCard { .. }, Action::Card(i)) => match t.view.imperial_shown[i as usize] {
            Some(card) => card_value(t, card),
            None => 0.0,
        },
        (Prompt::Effect { effect, .. }, action) => super::effects::score(t, effect, action),
        // Declining (research, training, a mission, a bid) is worth nothing either way.
        _ => 0.0,
    }
}

/// The kind of the worker that lands from this Planetary Influence position (numbered
/// spaces, then X, then Y).
fn landing_kind(t: &Table, slot: u8) -> Kind {
    let b = &t.view.boxes;
    let m = b.influence.len();
    let w = match slot as usize {
        s if s < m => b.influence[s],
        s if s == m => b.x_space,
        _ => b.y_space,
    };
    w.map_or(Kind::Rebel, |w| w.kind)
}

/// Paying a price in workers: never more points than the price if it can be met exactly
/// (a 2-point worker may overpay the last point), and the plainest workers first.
fn pay(t: &Table, left: u8, from: Place, kind: Kind) -> f64 {
    let mine = t.mine();
    let (held, points): ([u8; 6], fn(Kind) -> u8) = match from {
        Place::Senate => (mine.senate, Kind::senate_points),
        _ => (mine.covert, Kind::covert_points),
    };
    let p = points(kind);
    let overpay = if p >= left {
        p - left
    } else {
        let mut rest = held;
        rest[kind.index()] -= 1;
        let (mut ones, mut twos) = (0u8, 0u8);
        for k in Kind::ALL {
            if points(k) == 2 {
                twos += rest[k.index()];
            } else {
                ones += rest[k.index()];
            }
        }
        let need = left - p;
        let exact = (0..=twos.min(need / 2)).any(|b| need - 2 * b <= ones);
        u8::from(!exact)
    };
    let keep = match (from, kind) {
        (Place::Senate, Kind::Rebel) if t.owns(egr_engine::Tech::Republic) => 1.0,
        (Place::Senate, Kind::Rebel) => 0.0,
        (Place::Senate, _) if t.owns(egr_engine::Tech::ElitistOligarchy) => 1.0,
        (Place::Senate, Kind::Diplomat) => 0.3,
        (_, Kind::Rebel) => 0.0,
        (_, Kind::Hero | Kind::Smuggler) => 0.3,
        _ => 0.1,
    };
    -10.0 * overpay as f64 - keep
}

/// A bid of `b`: the best face-up card, less the Senate points paid for it (the majority at
/// the scorings to come and the bidding power kept). The least raise that pays is the best
/// bid; a card not worth it is let go (passing scores 0).
fn bid(t: &Table, b: u8) -> f64 {
    let card = t
        .view
        .imperial_shown
        .iter()
        .flatten()
        .map(|&c| card_value(t, c))
        .fold(0.0, f64::max);
    let mut d = [0i8; 5];
    d[t.me.index()] = -(b as i8);
    let cost = -t.senate_gain(d) + t.w.senate_card * b as f64;
    card - cost
}
