//! Engine speed: random full games per second on one core, and the cost of the operations
//! search depends on. Run with `cargo run --release -p evr-engine --bin engine-bench`.
//! Numbers are measured, not asserted: compare runs on the same machine.

use evr_engine::rng::Rng;
use evr_engine::{Action, GameOptions, GameState, NoLog};
use std::hint::black_box;
use std::time::{Duration, Instant};

/// Plays one game with uniformly random legal actions; returns the number of actions.
fn random_game(seed: u64, buf: &mut Vec<Action>) -> u32 {
    let mut state = GameState::new(seed, GameOptions::default(), &mut NoLog);
    let mut policy = Rng::new(seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) ^ 1);
    let mut steps = 0;
    while let Some(player) = state.active_players().iter().next() {
        state.legal_actions_into(player, buf);
        let action = buf[policy.below(buf.len())];
        state.apply_legal(player, action, &mut NoLog);
        steps += 1;
    }
    steps
}

/// A pool of mid-game states to measure single operations on.
fn sample_states(count: usize) -> Vec<GameState> {
    let mut out = Vec::with_capacity(count);
    let mut buf = Vec::new();
    let mut seed = 0;
    while out.len() < count {
        let mut state = GameState::new(seed, GameOptions::default(), &mut NoLog);
        let mut policy = Rng::new(seed ^ 0x5555);
        while let Some(player) = state.active_players().iter().next() {
            if policy.below(8) == 0 {
                out.push(state);
            }
            state.legal_actions_into(player, &mut buf);
            let action = buf[policy.below(buf.len())];
            state.apply_legal(player, action, &mut NoLog);
        }
        seed += 1;
    }
    out.truncate(count);
    out
}

fn per_op(total: Duration, ops: u64) -> f64 {
    total.as_nanos() as f64 / ops as f64
}

fn main() {
    let seconds: f64 = std::env::args()
        .nth(1)
        .and_then(|s| s.parse().ok())
        .unwrap_or(3.0);
    let mut buf = Vec::with_capacity(128);

    // Warm up, then play random games for the time budget.
    for seed in 0..1000 {
        black_box(random_game(seed, &mut buf));
    }
    let start = Instant::now();
    let (mut games, mut actions) = (0u64, 0u64);
    while start.elapsed().as_secs_f64() < seconds {
        for _ in 0..1000 {
            actions += random_game(black_box(games), &mut buf) as u64;
            games += 1;
        }
    }
    let elapsed = start.elapsed();
    println!(
        "random full games: {:.0} games/s on one core ({games} games, {:.1} actions/game, {:.0} ns/action)",
        games as f64 / elapsed.as_secs_f64(),
        actions as f64 / games as f64,
        per_op(elapsed, actions)
    );

    let states = sample_states(10_000);
    let rounds = 200u64;
    let n = states.len() as u64 * rounds;

    let start = Instant::now();
    for _ in 0..rounds {
        for s in &states {
            black_box(*black_box(s));
        }
    }
    println!(
        "clone: {:.1} ns ({} bytes)",
        per_op(start.elapsed(), n),
        std::mem::size_of::<GameState>()
    );

    let start = Instant::now();
    let mut total_legal = 0u64;
    for _ in 0..rounds {
        for s in &states {
            if let Some(p) = s.active_players().iter().next() {
                s.legal_actions_into(p, &mut buf);
                total_legal += buf.len() as u64;
            }
        }
    }
    println!(
        "legal actions: {:.1} ns ({:.1} actions on average)",
        per_op(start.elapsed(), n),
        total_legal as f64 / n as f64
    );

    // apply: clone + the first legal action, so every call does real work.
    let firsts: Vec<(GameState, evr_engine::Side, Action)> = states
        .iter()
        .filter_map(|s| {
            let p = s.active_players().iter().next()?;
            let a = *s.legal_actions(p).first()?;
            Some((*s, p, a))
        })
        .collect();
    let m = firsts.len() as u64 * rounds;
    let start = Instant::now();
    for _ in 0..rounds {
        for (s, p, a) in &firsts {
            let mut next = *s;
            next.apply_legal(*p, *a, &mut NoLog);
            black_box(next);
        }
    }
    println!(
        "apply (unchecked, incl. clone): {:.1} ns",
        per_op(start.elapsed(), m)
    );
    let start = Instant::now();
    for _ in 0..rounds {
        for (s, p, a) in &firsts {
            let mut next = *s;
            let _ = black_box(next.apply(*p, *a, &mut NoLog));
        }
    }
    println!(
        "apply (checked, incl. clone): {:.1} ns",
        per_op(start.elapsed(), m)
    );
}
