//! The Assignment and Command phases: which missions to assign and with whom, and on each
//! turn whether to reveal a mission, activate a system (simulating the units that would move
//! and the fight that would follow) or pass; then which unit to move next.

use super::cards::{mission_value, reveal_value};
use super::inline_vec::InlineVec;
use super::table::{fight, mission_odds, unit_value, Leaders, Table, Units, PLACES};
use std::cell::OnceCell;
use swr_engine::data::cards::Timing;
use swr_engine::data::leaders::LEADER_COUNT;
use swr_engine::data::systems::{systems_in, ADJACENT};
use swr_engine::data::units::UNIT_KINDS;
use swr_engine::{Action, ActionCard, LeaderId, Mission, Place, Side, SystemId, Theater, UnitKind};

// ---------------------------------------------------------------------------------------
// Moving units

/// What an activation (or a card that moves units like one) is for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Goal {
    /// Win the fight there (or, at a revealed base left empty, just arrive).
    Attack,
    /// Put `ground` ground units there (a search, or subjugation).
    Search { ground: u8 },
    /// Bring everything that can come.
    Mass,
}

/// The goal for units moving into `to`, from facts the move itself does not change.
fn goal_for(t: &Table, to: Place) -> Goal {
    let Place::System(s) = to else {
        return Goal::Mass;
    };
    let enemy_here = t.has(to, t.them);
    match t.me {
        Side::Empire => {
            let known = t.known_base();
            if enemy_here || known == Some(s) {
                Goal::Attack
            } else if known.is_some_and(|b| b.is_adjacent(s)) {
                Goal::Mass
            } else if t.is_candidate(s) && !t.destroyed(s) {
                Goal::Search { ground: 2 }
            } else {
                Goal::Search { ground: 1 }
            }
        }
        Side::Rebel => {
            if enemy_here {
                Goal::Attack
            } else {
                Goal::Mass
            }
        }
    }
}

/// Units on the move: the board as it would be, and transport room per source.
#[derive(Clone)]
struct Sim {
    units: [[u8; UNIT_KINDS]; PLACES],
    room: [u8; PLACES],
    used: [u8; PLACES],
    moved: InlineVec<(UnitKind, Place), MAX_SIMULATED_MOVES>,
}

/// A simulated activation stops after this many units.
const MAX_SIMULATED_MOVES: usize = 60;

impl Sim {
    fn new(t: &Table) -> Sim {
        Sim {
            units: t.units,
            room: [0; PLACES],
            used: [0; PLACES],
            moved: InlineVec::new(),
        }
    }

    fn can(&self, kind: UnitKind, from: Place) -> bool {
        let i = from.index();
        self.units[i][kind.index()] > 0
            && !kind.info().immobile
            && (!kind.info().needs_transport || self.room[i] > self.used[i])
    }

    fn apply(&mut self, kind: UnitKind, from: Place, to: Place) {
        let i = from.index();
        self.units[i][kind.index()] -= 1;
        self.units[to.index()][kind.index()] += 1;
        self.room[i] = self.room[i].saturating_add(kind.info().transport);
        if kind.info().needs_transport {
            self.used[i] += 1;
        }
        self.moved.push((kind, from));
    }

    fn army(&self, place: Place, side: Side, theater: Theater) -> Units {
        let mut out = Units::new();
        for &k in UnitKind::of(side) {
            if k.theater() == theater {
                for _ in 0..self.units[place.index()][k.index()] {
                    out.push(k);
                }
            }
        }
        out
    }

    fn ground(&self, place: Place, side: Side) -> u8 {
        UnitKind::of(side)
            .iter()
            .filter(|k| k.is_ground())
            .map(|k| self.units[place.index()][k.index()])
            .sum()
    }
}

/// Where units may come from for an activation of `to` by `side` (not pinned by a leader).
fn sources(t: &Table, side: Side, to: Place) -> InlineVec<Place, PLACES> {
    let mut out = InlineVec::new();
    let mut add = |p: Place| {
        if !t.pinned(p, side) {
            out.push(p);
        }
    };
    match to {
        Place::System(s) => {
            s.neighbours().for_each(|n| add(Place::System(n)));
            if side == Side::Rebel && !t.base_revealed {
                if let Some(b) = t.base {
                    if b == s || b.is_adjacent(s) {
                        add(Place::RebelBase);
                    }
                }
            }
        }
        Place::RebelBase => {
            if let Some(b) = t.base.filter(|_| !t.base_revealed) {
                add(Place::System(b));
                b.neighbours().for_each(|n| add(Place::System(n)));
            }
        }
    }
    out
}

/// How much a unit adds to a fight.
fn punch(kind: UnitKind) -> f64 {
    let i = kind.info();
    i.red as f64 * 1.2 + i.black as f64 + unit_value(kind) * 0.05
}

/// The next unit to move into `to` for `goal`, among those `allowed`.
fn pick(
    t: &Table,
    sim: &Sim,
    to: Place,
    goal: Goal,
    srcs: &[Place],
    allowed: impl Fn(&Sim, UnitKind, Place) -> bool,
) -> Option<(UnitKind, Place)> {
    let me = t.me;
    // The Rebel never strips its revealed base (left empty, it is lost).
    let home = match me {
        Side::Rebel if t.base_revealed => t.base.map(Place::System).filter(|h| *h != to),
        _ => None,
    };
    let mut options: InlineVec<(UnitKind, Place), 32> = InlineVec::new();
    for &p in srcs {
        if Some(p) == home {
            continue;
        }
        for &k in UnitKind::of(me) {
            if allowed(sim, k, p) {
                options.push((k, p));
            }
        }
    }
    if options.is_empty() {
        return None;
    }
    let best_by = |f: &dyn Fn(UnitKind, Place) -> f64| -> Option<(UnitKind, Place)> {
        options
            .iter()
            .copied()
            .map(|(k, p)| (f(k, p), k, p))
            .filter(|(v, _, _)| *v > f64::NEG_INFINITY)
            .max_by(|a, b| a.0.partial_cmp(&b.0).unwrap_or(std::cmp::Ordering::Equal))
            .map(|(_, k, p)| (k, p))
    };
    // A ship from a source that still has ground units to carry.
    let carrier = |sim: &Sim| {
        best_by(&|k, p| {
            if k.is_ship() && k.info().transport > 0 && sim.ground(p, me) > 0 {
                // Small carriers first: they risk less.
                10.0 - unit_value(k) * 0.5 + k.info().transport as f64 * 0.1
            } else {
                f64::NEG_INFINITY
            }
        })
    };
    let ground_unit = |cheap: bool| {
        best_by(&|k, _| {
            if k.is_ground() {
                if cheap {
                    10.0 - unit_value(k)
                } else {
                    punch(k)
                }
            } else {
                f64::NEG_INFINITY
            }
        })
    };
    let destroyed = to.system().is_some_and(|s| t.destroyed(s));
    match goal {
        Goal::Search { ground } => {
            if sim.ground(to, me) >= ground || destroyed {
                return None;
            }
            ground_unit(true).or_else(|| carrier(sim))
        }
        Goal::Attack => {
            // With Superlaser Online in hand, the Death Star itself goes to the known base.
            let at_base = to.system().is_some() && to.system() == t.known_base();
            if at_base
                && t.superlaser_ready()
                && sim.units[to.index()][UnitKind::DeathStar.index()] == 0
            {
                if let Some(m) = best_by(&|k, _| {
                    if k == UnitKind::DeathStar {
                        1.0
                    } else {
                        f64::NEG_INFINITY
                    }
                }) {
                    return Some(m);
                }
            }
            let them = t.them;
            let (enemy_space, enemy_ground) = match to.system() {
                Some(s) if me == Side::Empire => (
                    t.defenders(s, Theater::Space),
                    t.defenders(s, Theater::Ground),
                ),
                _ => (
                    sim.army(to, them, Theater::Space),
                    sim.army(to, them, Theater::Ground),
                ),
            };
            let cannons = t.count(to, UnitKind::IonCannon) as u32;
            let mine_space = sim.army(to, me, Theater::Space);
            let mine_ground = sim.army(to, me, Theater::Ground);
            if enemy_space.is_empty() && enemy_ground.is_empty() {
                // An empty revealed base: one unit wins.
                if mine_space.is_empty() && mine_ground.is_empty() {
                    return ground_unit(false).or_else(|| {
                        best_by(&|k, _| {
                            if k.is_ship() {
                                punch(k)
                            } else {
                                f64::NEG_INFINITY
                            }
                        })
                    });
                }
                return None;
            }
            let safe = |a: &[UnitKind], b: &[UnitKind], cut: u32| {
                if b.is_empty() {
                    return true;
                }
                let o = fight(a, b, 3, cut);
                o.first_holds() && o.lost[0] < o.lost[1] * 0.8
            };
            let space_needed = !enemy_space.is_empty() && !safe(&mine_space, &enemy_space, cannons);
            let ground_needed =
                !destroyed && !enemy_ground.is_empty() && !safe(&mine_ground, &enemy_ground, 0);
            if space_needed {
                if let Some(m) = best_by(&|k, _| {
                    if k.is_ship() && (k.info().red + k.info().black) > 0 {
                        punch(k)
                    } else {
                        f64::NEG_INFINITY
                    }
                }) {
                    return Some(m);
                }
            }
            if ground_needed {
                return ground_unit(false).or_else(|| carrier(sim));
            }
            None
        }
        Goal::Mass => {
            // Capital ships first (they carry), then ground units, then fighters.
            best_by(&|k, p| {
                let base = if k.is_ship() && k.info().transport > 0 {
                    30.0
                } else if k.is_ground() {
                    20.0
                } else {
                    10.0
                };
                // Leave the last ground unit of a subjugated system (it keeps the marker).
                let keeps = match p {
                    Place::System(s) => t.subjugated(s) && sim.ground(p, me) <= 1 && k.is_ground(),
                    _ => false,
                };
                if keeps {
                    f64::NEG_INFINITY
                } else {
                    base + punch(k)
                }
            })
        }
    }
}

/// Simulates the moves an activation of `to` would make; `None` when no unit could come.
fn simulate(t: &Table, to: Place) -> Option<Sim> {
    let mut srcs = sources(t, t.me, to);
    // Units only leave the sources, so one empty now never offers a unit.
    srcs.retain(|p| t.has(*p, t.me));
    if srcs.is_empty() {
        return None;
    }
    let goal = goal_for(t, to);
    let mut sim = Sim::new(t);
    for _ in 0..MAX_SIMULATED_MOVES {
        match pick(t, &sim, to, goal, &srcs, |sim, k, p| sim.can(k, p)) {
            Some((k, p)) => sim.apply(k, p, to),
            None => break,
        }
    }
    Some(sim)
}

/// The Move question: the next unit for this move, or `Done`.
pub(super) fn next_move(t: &Table, to: Place) -> Option<Action> {
    let goal = goal_for(t, to);
    let mut srcs: Vec<Place> = Place::all().filter(|p| *p != to).collect();
    srcs.retain(|p| {
        t.v.legal
            .iter()
            .any(|a| matches!(a, Action::Move { from, .. } if from == p))
    });
    let legal =
        |_: &Sim, k: UnitKind, p: Place| t.v.legal.contains(&Action::Move { kind: k, from: p });
    let sim = Sim::new(t);
    Some(match pick(t, &sim, to, goal, &srcs, legal) {
        Some((kind, from)) => Action::Move { kind, from },
        None => Action::Done,
    })
}

// ---------------------------------------------------------------------------------------
// Valuing an activation

/// How good the board would be after `sim`'s moves into `to`, for the mover, against now.
/// `covered_cache` holds [`covered`]`(t)` once asked for (it is the same for every `to`).
fn activation_value(t: &Table, to: Place, sim: &Sim, covered_cache: &OnceCell<u32>) -> f64 {
    if sim.moved.is_empty() {
        return f64::NEG_INFINITY;
    }
    let me = t.me;
    let them = t.them;
    let cannons = t.count(to, UnitKind::IonCannon) as u32;
    let my_space = sim.army(to, me, Theater::Space);
    let my_ground = sim.army(to, me, Theater::Ground);
    let s = to.system();
    let (their_space, their_ground) = match s {
        Some(s) if me == Side::Empire => (
            t.defenders(s, Theater::Space),
            t.defenders(s, Theater::Ground),
        ),
        _ => (
            sim.army(to, them, Theater::Space),
            sim.army(to, them, Theater::Ground),
        ),
    };
    let destroyed = s.is_some_and(|s| t.destroyed(s));
    let (space, ground) = if me == Side::Empire {
        (
            fight(&my_space, &their_space, 4, cannons),
            fight(&my_ground, &their_ground, 4, 0),
        )
    } else {
        let o1 = fight(&their_space, &my_space, 4, cannons);
        let o2 = fight(&their_ground, &my_ground, 4, 0);
        (swap(o1), swap(o2))
    };
    let ground = if destroyed {
        Default::default()
    } else {
        ground
    };
    let mut value = space.margin() + ground.margin();
    let enemy_left = space.kept[1] > 0.01 || (!destroyed && ground.kept[1] > 0.01);
    let fought = !their_space.is_empty() || !their_ground.is_empty();
    let my_ground_after = if their_ground.is_empty() {
        !my_ground.is_empty()
    } else {
        ground.first_holds()
    };

    match me {
        Side::Empire => {
            let Some(s) = s else { return f64::NEG_INFINITY };
            let n = t.candidate_count().max(1) as f64;
            let death_star_moved = sim.moved.iter().any(|(k, _)| *k == UnitKind::DeathStar);
            if t.known_base() == Some(s) && death_star_moved && t.superlaser_ready() {
                // The Death Star over the base: Superlaser Online wins when revealed.
                value += 300.0;
            }
            if t.known_base() == Some(s) {
                if !enemy_left && (space.kept[0] > 0.0 || ground.kept[0] > 0.0) {
                    value += 500.0;
                } else if t.rounds_left() <= 2 {
                    // Time is running out: attack with what there is.
                    let mine = space.kept[0] + ground.kept[0];
                    let theirs = space.kept[1] + ground.kept[1];
                    value += 2.0 + 20.0 * mine / (mine + theirs).max(0.1);
                } else {
                    value += 0.5 * (space.lost[1] + ground.lost[1]);
                }
            }
            if t.is_candidate(s) && my_ground_after && !t.base_revealed {
                value += 3.0 + 40.0 / n;
            }
            if t.populous(s) && !t.imperial_system(s) && my_ground_after {
                value += 1.0;
                if t.rebel_system(s) {
                    value += 0.8;
                }
            }
            // Where the units stand next: near unexplored candidates, or near the base.
            let (targets, weight) = match t.known_base() {
                Some(b) => (b.bit(), 0.35),
                None => (
                    t.candidates & !*covered_cache.get_or_init(|| covered(t)),
                    0.12,
                ),
            };
            let laser = t.superlaser_ready() && t.known_base().is_some();
            if targets != 0 {
                let dist = Table::distances(targets);
                let d_to = dist[s.index()] as f64;
                for &(k, from) in &sim.moved {
                    if let Place::System(f) = from {
                        let gain = dist[f.index()] as f64 - d_to;
                        value += gain * weight * unit_value(k).min(6.0);
                        if laser && k == UnitKind::DeathStar {
                            value += gain * 6.0;
                        }
                    }
                }
            }
            // Sources left without ground units lose their subjugation.
            for src in systems_in(ADJACENT[s.index()]) {
                let p = Place::System(src);
                if t.subjugated(src)
                    && sim.ground(p, me) == 0
                    && t.has_theater(p, me, Theater::Ground)
                {
                    value -= 1.5;
                }
            }
            if fought && value < 0.0 {
                value -= 2.0;
            }
        }
        Side::Rebel => {
            let leak = sim.moved.iter().any(|(_, p)| *p == Place::RebelBase);
            if leak && !t.base_revealed {
                let n = t.candidate_count().max(1) as f64;
                let k = match s {
                    Some(s) => (t.candidates & (s.bit() | ADJACENT[s.index()])).count_ones() as f64,
                    None => n,
                };
                value -= 2.0 + 10.0 * (1.0 - k / n);
            }
            match s {
                Some(s) if t.base == Some(s) && t.base_revealed => {
                    // Defending the revealed base: every unit there counts.
                    let moved: f64 = sim.moved.iter().map(|(k, _)| unit_value(*k)).sum();
                    value += moved * 0.5;
                }
                Some(s) if fought => {
                    if enemy_left || value < 0.5 {
                        return f64::NEG_INFINITY;
                    }
                    value +=
                        super::cards::combat_objective_bonus(t, s, &their_space, &their_ground);
                }
                _ => {
                    // Plain repositioning is not worth a leader.
                    value = -1.0;
                }
            }
        }
    }
    value
}

fn swap(o: super::table::Outcome) -> super::table::Outcome {
    super::table::Outcome {
        lost: [o.lost[1], o.lost[0]],
        kept: [o.kept[1], o.kept[0]],
    }
}

/// Candidate systems already next to an Imperial ground unit with transport: they will be
/// searched soon.
fn covered(t: &Table) -> u32 {
    let mut mask = 0;
    for s in SystemId::ALL {
        let p = Place::System(s);
        let room: u32 = UnitKind::of(Side::Empire)
            .iter()
            .map(|k| t.count(p, *k) as u32 * k.info().transport as u32)
            .sum();
        if t.has_theater(p, Side::Empire, Theater::Ground) && room > 0 {
            mask |= s.bit() | ADJACENT[s.index()];
        }
    }
    mask
}

/// How much a leader is worth kept in the pool (to oppose missions, join combats).
fn keep_value(t: &Table, l: LeaderId) -> f64 {
    let v = t.values(l);
    let skills: u8 = v.skills.iter().sum();
    skills as f64 * 0.15 + v.tactics.map_or(0.0, |(a, b)| (a + b) as f64 * 0.05)
}

/// The leader to activate `to` with: strong tactics where a fight is coming, otherwise the
/// least useful one.
fn activating_leader(t: &Table, to: Place, sim: &Sim) -> Option<LeaderId> {
    let fights_space = !sim.army(to, t.them, Theater::Space).is_empty()
        && !sim.army(to, t.me, Theater::Space).is_empty();
    let fights_ground = !sim.army(to, t.them, Theater::Ground).is_empty()
        && !sim.army(to, t.me, Theater::Ground).is_empty();
    t.pool(t.me)
        .filter(|l| t.values(*l).tactics.is_some())
        .map(|l| {
            let (sp, gr) = t.values(l).tactics.unwrap_or((0, 0));
            let mut score = -keep_value(t, l);
            if fights_space {
                score += sp as f64 * 0.6;
            }
            if fights_ground {
                score += gr as f64 * 0.6;
            }
            (score, l)
        })
        .max_by(|a, b| a.0.partial_cmp(&b.0).unwrap_or(std::cmp::Ordering::Equal))
        .map(|(_, l)| l)
}

// ---------------------------------------------------------------------------------------
// A turn

pub(super) fn turn(t: &Table) -> Option<Action> {
    let mut best: Option<(f64, Action)> = None;
    let mut consider = |v: f64, a: Action| {
        if v > f64::NEG_INFINITY && best.is_none_or(|(bv, _)| v > bv) {
            best = Some((v, a));
        }
    };
    // Missions face down: reveal the best.
    for &a in &t.v.legal {
        if let Action::Reveal(slot) = a {
            let (m, leaders) = t.v.own.assigned[slot as usize];
            let v = reveal_value(t, m, leaders);
            if v > 0.05 {
                consider(v + 1.0, a);
            }
        }
    }
    // Activations: simulate each system once.
    let can_activate =
        t.v.legal
            .iter()
            .any(|a| matches!(a, Action::Activate { .. }));
    if can_activate {
        let pool_with_tactics = t
            .pool(t.me)
            .filter(|l| t.values(*l).tactics.is_some())
            .count();
        let waiting = t.v.opponent.assigned.len();
        // Keep the last leader for the opponent's missions unless the move is worth it.
        let reserve = if pool_with_tactics <= 1 && waiting > 0 && t.pool(t.me).count() <= 1 {
            1.5
        } else {
            0.0
        };
        let threshold = match t.me {
            Side::Empire => 0.8 + reserve,
            Side::Rebel => 1.0 + reserve,
        };
        let covered_cache = OnceCell::new();
        for s in SystemId::ALL {
            let to = Place::System(s);
            // An activation that moves nothing is never taken (`activation_value` is -inf).
            let Some(sim) = simulate(t, to) else { continue };
            let v = activation_value(t, to, &sim, &covered_cache);
            if v < threshold {
                continue;
            }
            if let Some(l) = activating_leader(t, to, &sim) {
                consider(
                    v,
                    Action::Activate {
                        leader: l,
                        system: s,
                    },
                );
            }
        }
    }
    // The Rebel never reveals its own base.
    match best {
        Some((_, a)) => Some(a),
        None => Some(Action::Pass),
    }
}

// ---------------------------------------------------------------------------------------
// Assignment

/// A mission the player could assign now, with the leaders for it and its worth.
#[derive(Clone, Debug)]
struct Plan {
    mission: Mission,
    leaders: Vec<LeaderId>,
    value: f64,
}

/// The leaders on one mission.
type Team = InlineVec<LeaderId, 2>;

/// The best leaders from `pool` (after `fixed`) for `mission` (worth `worth`, its
/// [`mission_value`]), and the worth of the result.
fn best_leaders(
    t: &Table,
    mission: Mission,
    worth: f64,
    fixed: &[LeaderId],
    pool: &[LeaderId],
) -> Option<(Vec<LeaderId>, f64)> {
    let info = mission.info();
    if worth <= 0.0 {
        return None;
    }
    let opp_dice = t.pool(t.them).map(|l| t.skill(l, info.skill)).max();
    // Each leader's dice for the mission and what assigning it costs, by leader index.
    let mut dice = [0u8; LEADER_COUNT];
    let mut costs = [0.0; LEADER_COUNT];
    for &l in fixed.iter().chain(pool) {
        dice[l.index()] = t.skill(l, info.skill);
        costs[l.index()] = leader_cost(t, l);
    }
    let mut best: Option<(Team, f64)> = None;
    let mut consider = |set: Team| {
        let icons: u8 = set.iter().map(|l| dice[l.index()]).sum();
        if icons < info.requirement {
            return;
        }
        let p = if info.attempt {
            let bonus = if info.portrait.is_some_and(|p| set.contains(&p)) {
                2
            } else {
                0
            };
            let opposed = mission_odds(icons, bonus, opp_dice);
            // The opponent may not send anyone (or have no one left by then).
            let chance = if opp_dice.is_some() { 0.6 } else { 0.0 };
            chance * opposed + (1.0 - chance)
        } else {
            1.0
        };
        let cost: f64 = set
            .iter()
            .filter(|l| !fixed.contains(l))
            .map(|l| costs[l.index()])
            .sum();
        let v = worth * p - cost;
        if best.as_ref().is_none_or(|(_, bv)| v > *bv) {
            best = Some((set, v));
        }
    };
    let set = |leaders: &[LeaderId]| leaders.iter().copied().collect::<Team>();
    if fixed.len() >= 2 {
        consider(set(fixed));
    } else if fixed.len() == 1 {
        consider(set(fixed));
        for &l in pool {
            consider(set(&[fixed[0], l]));
        }
    } else {
        for (i, &a) in pool.iter().enumerate() {
            consider(set(&[a]));
            for &b in &pool[i + 1..] {
                consider(set(&[a, b]));
            }
        }
    }
    best.map(|(set, v)| (set.to_vec(), v))
}

/// What assigning a leader gives up: activations (for its tactics) and the chance to oppose.
fn leader_cost(t: &Table, l: LeaderId) -> f64 {
    let v = t.values(l);
    let tactics = v.tactics.map_or(0.0, |(a, b)| a.max(b) as f64);
    match t.me {
        Side::Empire => 0.3 + tactics * 0.25,
        Side::Rebel => 0.3 + tactics * 0.05,
    }
}

/// The assignments worth making now, best first, leaving leaders in reserve.
fn plans(t: &Table) -> Vec<Plan> {
    let mut pool: Leaders = t.pool(t.me).collect();
    // Each mission in hand with its worth (which assigning others does not change).
    let mut hand: Vec<(Mission, f64)> =
        t.v.own
            .missions
            .iter()
            .map(|&m| (m, mission_value(t, m)))
            .collect();
    let mut out = Vec::new();
    // Leaders kept back: the Empire keeps activators, the Rebel an opposer.
    let keep: usize = match t.me {
        Side::Empire => {
            if t.base_revealed {
                3
            } else {
                2
            }
        }
        Side::Rebel => 1,
    };
    loop {
        let activators = pool
            .iter()
            .filter(|l| t.values(**l).tactics.is_some())
            .count();
        let mut best: Option<Plan> = None;
        for &(m, worth) in &hand {
            // A second copy of a mission already face down is rarely worth as much.
            let copies = t.v.own.assigned.iter().filter(|(a, _)| *a == m).count()
                + out.iter().filter(|p: &&Plan| p.mission == m).count();
            if let Some((leaders, v)) = best_leaders(t, m, worth, &[], &pool) {
                let v = if copies > 0 { v - worth * 0.7 } else { v };
                // Taking the last leaders costs more.
                let left = pool.len() - leaders.len();
                let left_act = activators
                    - leaders
                        .iter()
                        .filter(|l| t.values(**l).tactics.is_some())
                        .count();
                let short = match t.me {
                    Side::Empire => keep.saturating_sub(left_act),
                    Side::Rebel => keep.saturating_sub(left),
                };
                let v = v - short as f64 * 1.2;
                if v > 0.6 && best.as_ref().is_none_or(|b| v > b.value) {
                    best = Some(Plan {
                        mission: m,
                        leaders,
                        value: v,
                    });
                }
            }
        }
        let Some(plan) = best else { break };
        pool.retain(|l| !plan.leaders.contains(l));
        if let Some(i) = hand.iter().position(|(m, _)| *m == plan.mission) {
            hand.remove(i);
        }
        out.push(plan);
        if pool.is_empty() {
            break;
        }
    }
    out
}

/// Worth of using an assignment action card now (it takes the leader it names).
fn card_value(t: &Table, card: ActionCard) -> f64 {
    use ActionCard::*;
    let n = t.candidate_count();
    match card {
        BrilliantAdministrator => 1.8,
        BobaFettWhere => 0.9,
        CatchThemBySurprise => 1.2,
        LocalRumors => {
            if t.base_revealed || n <= 2 {
                0.0
            } else {
                4.0
            }
        }
        ProceedingAsPlanned => 2.5,
        PublicSupport => 1.5,
        ScoutingMission => 0.2,
        OurMostDesperateHour => 2.5,
        RebelPlanning => 3.0,
        // It empties the base: never while the base needs defending (a revealed base left
        // empty is lost), and hidden it would give units away for nothing.
        StartTheEvacuation => -1.0,
        TemporaryAlliance => 2.0,
        Ambush => 2.0,
        AnOldFriend => 2.5,
        IndependentOperation => 1.5,
        _ => 0.5,
    }
}

pub(super) fn assign(t: &Table) -> Option<Action> {
    let plans = plans(t);
    // An assignment card beats the plans' weakest use of the leader it takes.
    let mut best_card: Option<(f64, ActionCard)> = None;
    for &a in &t.v.legal {
        if let Action::Card(c) = a {
            if c.info().timing != Timing::Assignment {
                continue;
            }
            let v = card_value(t, c);
            if v > 1.0 && best_card.is_none_or(|(bv, _)| v > bv) {
                best_card = Some((v, c));
            }
        }
    }
    if let Some((v, c)) = best_card {
        // Only if the card's leader is not needed for a better mission.
        let needed = plans
            .iter()
            .any(|p| p.value > v && p.leaders.iter().any(|l| c.info().leaders.contains(l)));
        if !needed {
            return Some(Action::Card(c));
        }
    }
    match plans.first() {
        Some(p) => Some(Action::Mission(p.mission)),
        None => Some(Action::Done),
    }
}

pub(super) fn assign_leader(t: &Table, slot: u8) -> Option<Action> {
    let (mission, on) = *t.v.own.assigned.get(slot as usize)?;
    let fixed: Vec<LeaderId> = on.iter().flatten().copied().collect();
    let pool: Leaders = t.pool(t.me).collect();
    let chosen = match best_leaders(t, mission, mission_value(t, mission), &fixed, &pool) {
        Some((set, _)) => set,
        None => {
            // No good set (the mission lost its worth): meet the requirement cheaply.
            let info = mission.info();
            let have: u8 = fixed.iter().map(|l| t.skill(*l, info.skill)).sum();
            if have >= info.requirement && !fixed.is_empty() {
                return Some(Action::Done);
            }
            let l = pool
                .iter()
                .copied()
                .max_by_key(|l| t.skill(*l, info.skill))?;
            return Some(Action::Leader(l));
        }
    };
    match chosen.iter().find(|l| !fixed.contains(l)) {
        Some(l) => Some(Action::Leader(*l)),
        None => Some(Action::Done),
    }
}
