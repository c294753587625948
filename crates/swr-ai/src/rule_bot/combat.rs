//! Combat: add a leader when it pays, play every card that helps (tactic cards are discarded
//! at the end of the combat anyway), put damage where it destroys the most valuable units,
//! and retreat from fights that cannot be won.

use super::table::{fight, health, unit_value, Table};
use swr_engine::data::systems::SystemId;
use swr_engine::log::Face;
use swr_engine::{Action, CombatStep, Fighter, Loyalty, Place, Side, Theater, UnitKind};

pub(super) fn step(t: &Table, step: CombatStep) -> Option<Action> {
    let c = t.v.combat.as_ref()?;
    let legal = &t.v.legal;
    match step {
        CombatStep::AddLeader { .. } => Some(add_leader(t)),
        CombatStep::StartCards { .. } | CombatStep::BeforeRoll { .. } => legal
            .iter()
            .copied()
            .find(|a| matches!(a, Action::Card(_)))
            .or(Some(Action::Done)),
        CombatStep::Reroll => {
            let attack = c.attack.as_ref()?;
            let blank = attack
                .dice
                .iter()
                .position(|d| d.die.face == Face::Blank && !d.spent);
            Some(blank.map_or(Action::Done, |i| Action::Die(i as u8)))
        }
        CombatStep::Actions => {
            // Play tactic cards first (some need a special die), then draw with the rest.
            legal
                .iter()
                .copied()
                .find(|a| matches!(a, Action::Tactic(_)))
                .or_else(|| legal.iter().copied().find(|a| matches!(a, Action::Die(_))))
                .or(Some(Action::Done))
        }
        CombatStep::Block => legal
            .iter()
            .copied()
            .find(|a| matches!(a, Action::Tactic(_)))
            .or(Some(Action::Done)),
        CombatStep::Assign => assign(t),
        // One objective per combat: the one worth most reputation.
        CombatStep::Objective { .. } => legal
            .iter()
            .copied()
            .filter_map(|a| match a {
                Action::Objective(o) => Some((o.info().reputation, a)),
                _ => None,
            })
            .max_by_key(|(rep, _)| *rep)
            .map(|(_, a)| a)
            .or(Some(Action::Done)),
        CombatStep::Retreat { .. } => Some(retreat(t)),
        CombatStep::RetreatUnits { .. } => legal
            .iter()
            .copied()
            .filter(|a| matches!(a, Action::Move { .. }))
            .max_by(|a, b| {
                let v = |x: &Action| match x {
                    Action::Move { kind, .. } => unit_value(*kind),
                    _ => 0.0,
                };
                v(a).partial_cmp(&v(b)).unwrap_or(std::cmp::Ordering::Equal)
            })
            .or(Some(Action::Done)),
        _ => None,
    }
}

fn alive<'a>(
    fighters: &'a [Fighter],
    side: Side,
    theater: Theater,
) -> impl Iterator<Item = UnitKind> + 'a {
    fighters
        .iter()
        .filter(move |f| !f.gone && !f.doomed && f.side() == side && f.kind.theater() == theater)
        .map(|f| f.kind)
}

/// The fight's expected result from the viewer's side over `rounds` more rounds:
/// (value kept minus value lost margin, whether the viewer keeps units, whether the enemy
/// is wiped out).
fn prospects(t: &Table, rounds: u32) -> (f64, f64, f64) {
    let Some(c) = t.v.combat.as_ref() else {
        return (0.0, 0.0, 0.0);
    };
    let place = Place::System(c.system);
    let cannons = t.count(place, UnitKind::IonCannon) as u32;
    let mut margin = 0.0;
    let mut mine_kept = 0.0;
    let mut theirs_kept = 0.0;
    for theater in [Theater::Space, Theater::Ground] {
        if theater == Theater::Ground && t.destroyed(c.system) {
            continue;
        }
        let mine: Vec<UnitKind> = alive(&c.fighters, t.me, theater).collect();
        let theirs: Vec<UnitKind> = alive(&c.fighters, t.them, theater).collect();
        if mine.is_empty() || theirs.is_empty() {
            mine_kept += mine.iter().map(|k| unit_value(*k)).sum::<f64>();
            theirs_kept += theirs.iter().map(|k| unit_value(*k)).sum::<f64>();
            continue;
        }
        let o = if t.me == Side::Empire {
            fight(&mine, &theirs, rounds, cannons)
        } else {
            let o = fight(&theirs, &mine, rounds, cannons);
            super::table::Outcome {
                lost: [o.lost[1], o.lost[0]],
                kept: [o.kept[1], o.kept[0]],
            }
        };
        margin += o.margin();
        mine_kept += o.kept[0];
        theirs_kept += o.kept[1];
    }
    (margin, mine_kept, theirs_kept)
}

fn add_leader(t: &Table) -> Action {
    let Some(c) = t.v.combat.as_ref() else {
        return Action::Done;
    };
    let place = Place::System(c.system);
    let space = t.has_theater(place, Side::Empire, Theater::Space)
        && t.has_theater(place, Side::Rebel, Theater::Space);
    let ground = !t.destroyed(c.system)
        && t.has_theater(place, Side::Empire, Theater::Ground)
        && t.has_theater(place, Side::Rebel, Theater::Ground);
    let at_stake = t.value_at(place, t.me);
    let (margin, _, _) = prospects(t, 3);
    let losing = margin < 0.0;
    let base_fight = t.base_revealed && t.base == Some(c.system);
    let mut best = (0.0, Action::Done);
    for l in t.pool(t.me) {
        let (sp, gr) = t.values(l).tactics.unwrap_or((0, 0));
        let cards = if space { sp as f64 } else { 0.0 } + if ground { gr as f64 } else { 0.0 };
        let mut gain = cards * 0.7;
        if losing {
            // A leader lets the units retreat.
            gain += at_stake * 0.25;
        }
        if base_fight {
            gain += 3.0;
        }
        let skills: u8 = t.values(l).skills.iter().sum();
        let cost = 0.8 + skills as f64 * 0.15;
        let v = gain - cost;
        if v > best.0 {
            best = (v, Action::Leader(l));
        }
    }
    best.1
}

/// Damage the attack has put on fighter `i` so far (dice and cards, less blocks).
fn assigned(t: &Table, i: u8) -> u8 {
    let Some(a) = t.v.combat.as_ref().and_then(|c| c.attack.as_ref()) else {
        return 0;
    };
    let dice = a.dice.iter().filter(|d| d.target == Some(i)).count() as u8;
    let sum = |v: &[(u8, u8)]| -> u8 { v.iter().filter(|(x, _)| *x == i).map(|(_, n)| n).sum() };
    (dice + sum(&a.extra)).saturating_sub(sum(&a.blocked))
}

/// Where one point of damage goes: a unit it finishes, the most valuable first; otherwise
/// the valuable unit closest to being destroyed.
fn assign(t: &Table) -> Option<Action> {
    let c = t.v.combat.as_ref()?;
    t.v.legal
        .iter()
        .copied()
        .map(|a| {
            let Action::Damage { target, .. } = a else {
                return (f64::NEG_INFINITY, a);
            };
            let Some(f) = c.fighters.get(target as usize) else {
                return (f64::NEG_INFINITY, a);
            };
            let hp = health(f.kind).map_or(99, |(_, h)| h);
            let left = hp as i32 - f.damage as i32 - assigned(t, target) as i32;
            let v = unit_value(f.kind);
            let score = if left <= 0 {
                -1.0 + v * 0.01
            } else if left == 1 {
                10.0 + v
            } else {
                v / left as f64
            };
            (score, a)
        })
        .max_by(|a, b| a.0.partial_cmp(&b.0).unwrap_or(std::cmp::Ordering::Equal))
        .map(|(_, a)| a)
}

fn retreat(t: &Table) -> Action {
    let Some(c) = t.v.combat.as_ref() else {
        return Action::Done;
    };
    let options: Vec<Action> =
        t.v.legal
            .iter()
            .copied()
            .filter(|a| matches!(a, Action::Retreat { .. }))
            .collect();
    if options.is_empty() {
        return Action::Done;
    }
    // The revealed base is held to the last: leaving it empty loses the game.
    if t.me == Side::Rebel && t.base_revealed && t.base == Some(c.system) {
        return Action::Done;
    }
    if t.me == Side::Empire && t.base_revealed && t.base == Some(c.system) {
        let (margin, kept, _) = prospects(t, 4);
        if margin > -6.0 || kept > 0.0 {
            return Action::Done;
        }
    }
    let (margin, kept, theirs) = prospects(t, 3);
    let mine_now = t.value_at(Place::System(c.system), t.me);
    let hopeless = kept < mine_now * 0.4 && theirs > 0.5;
    if margin >= -1.0 && !hopeless {
        return Action::Done;
    }
    // Somewhere safe: no enemy next door, own loyalty.
    let enemy = t.presence(t.them);
    let mine = match t.me {
        Side::Rebel => Loyalty::Rebel,
        Side::Empire => Loyalty::Empire,
    };
    options
        .into_iter()
        .map(|a| {
            let Action::Retreat { leader, to } = a else {
                return (f64::NEG_INFINITY, a);
            };
            let danger =
                (enemy & swr_engine::data::systems::ADJACENT[to.index()]).count_ones() as f64;
            let own = if t.loyalty(to) == Some(mine) {
                1.0
            } else {
                0.0
            };
            let skills: u8 = t.values(leader).skills.iter().sum();
            (own - danger + skills as f64 * 0.05 + safe_bonus(t, to), a)
        })
        .max_by(|a, b| a.0.partial_cmp(&b.0).unwrap_or(std::cmp::Ordering::Equal))
        .map_or(Action::Done, |(_, a)| a)
}

fn safe_bonus(t: &Table, to: SystemId) -> f64 {
    if t.has(Place::System(to), t.me) {
        0.5
    } else {
        0.0
    }
}
