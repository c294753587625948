//! What a position is worth when a search stops short of the end: the Empire's chance to win,
//! a logistic function of a few plain facts of the board, with weights fitted to games between
//! the rule-based players (`swr-fit`, see `docs/swr/ai.md`). The facts, from the Empire's side:
//!
//! - how far apart the time and reputation markers are (the Rebels win when they meet), and
//!   the round;
//! - whether the base is revealed, and the two sides' ground forces in the base's system;
//! - both sides' forces on the board (dice per unit, health counted once), and the units the
//!   Rebels have in the Rebel Base space;
//! - loyalty and subjugation (what each side can build from), and the Death Star in play;
//! - how much of the galaxy the Empire's probe cards have ruled out, and the Imperial ground
//!   forces one move from the base;
//! - how many systems the Empire may still have to search: what it has learnt of the base, by
//!   its probe cards, missions and the Rebels' own moves (`Hunt::empire_candidates`). A Rebel
//!   move that gives the base away is worth that much less.

use swr_engine::data::units::{Health, UnitKind};
use swr_engine::state::{Loyalty, Place};
use swr_engine::{GameState, Side};

/// How many facts [`features`] reads (the constant 1 first).
pub const FEATURES: usize = 14;

/// A unit's weight in a force: its dice and its health.
fn unit_value(kind: UnitKind) -> f64 {
    let info = kind.info();
    let health = match info.health {
        Health::Red(h) | Health::Black(h) => h as f64,
        Health::None => 4.0,
    };
    info.red as f64 + info.black as f64 + 0.5 * health
}

/// The facts, scaled to about 0..1; `empire_candidates` is where the Empire may still look
/// for the base (a bit set).
pub fn features(state: &GameState, empire_candidates: u32) -> [f64; FEATURES] {
    let gap = state.reputation().saturating_sub(state.time()) as f64;
    let (mut empire, mut rebel) = (0.0, 0.0);
    let mut death_star = 0.0;
    for place in Place::all() {
        for kind in UnitKind::ALL {
            let n = state.count(place, kind) as f64;
            if n == 0.0 {
                continue;
            }
            match kind.side() {
                Side::Empire => empire += n * unit_value(kind),
                Side::Rebel => rebel += n * unit_value(kind),
            }
            if kind == UnitKind::DeathStar {
                death_star = 1.0;
            }
        }
    }
    let at_base_space: f64 = UnitKind::ALL
        .iter()
        .filter(|k| k.side() == Side::Rebel)
        .map(|&k| state.count(Place::RebelBase, k) as f64 * unit_value(k))
        .sum();
    let (mut imperial_at_base, mut rebel_at_base, mut imperial_near) = (0.0, 0.0, 0.0);
    if let Some(base) = state.base() {
        for s in base.neighbours() {
            for kind in UnitKind::ALL.into_iter().filter(|k| k.is_ground()) {
                if kind.side() == Side::Empire {
                    imperial_near += state.count(Place::System(s), kind) as f64 * unit_value(kind);
                }
            }
        }
        let place = Place::System(base);
        for kind in UnitKind::ALL.into_iter().filter(|k| k.is_ground()) {
            let v = state.count(place, kind) as f64 * unit_value(kind);
            match kind.side() {
                Side::Empire => imperial_at_base += v,
                Side::Rebel => rebel_at_base += v,
            }
        }
    }
    let (mut imperial_systems, mut rebel_systems) = (0.0, 0.0);
    for s in swr_engine::SystemId::ALL {
        let sys = state.system(s);
        if sys.subjugated || sys.loyalty == Some(Loyalty::Empire) {
            imperial_systems += 1.0;
        } else if sys.loyalty == Some(Loyalty::Rebel) {
            rebel_systems += 1.0;
        }
    }
    [
        1.0,
        gap / 14.0,
        state.time() as f64 / 16.0,
        if state.base_revealed() { 1.0 } else { 0.0 },
        imperial_at_base / 10.0,
        (rebel_at_base + at_base_space) / 20.0,
        empire / 100.0,
        rebel / 50.0,
        imperial_systems / 24.0,
        rebel_systems / 24.0,
        death_star,
        state.probes().len() as f64 / 32.0,
        imperial_near / 20.0,
        empire_candidates.count_ones() as f64 / 31.0,
    ]
}

/// The weights of [`features`], fitted by `cargo run --release -p swr-ai --bin swr-fit`.
pub const WEIGHTS: [f64; FEATURES] = [
    -2.123, 3.470, -0.984, 0.979, 0.545, 0.508, 0.410, -2.393, -0.731, -0.660, 1.472, -0.084,
    1.327, -2.620,
];

/// The Empire's chance to win from `state` (see [`features`]): 1 or 0 once the game is over.
pub fn empire_chance(state: &GameState, empire_candidates: u32) -> f64 {
    if let Some(winner) = state.winner() {
        return if winner == Side::Empire { 1.0 } else { 0.0 };
    }
    chance_with(&WEIGHTS, &features(state, empire_candidates))
}

/// The logistic function of the weighted facts.
pub fn chance_with(weights: &[f64; FEATURES], facts: &[f64; FEATURES]) -> f64 {
    let x: f64 = weights.iter().zip(facts).map(|(w, f)| w * f).sum();
    1.0 / (1.0 + (-x).exp())
}
