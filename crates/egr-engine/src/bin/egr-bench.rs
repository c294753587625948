//! Engine speed for Empires: Galactic Rebellion: random full games per second on one core for
//! each player count (median and range of five runs), actions per game, state size, and the
//! cost of clone, legal actions and apply. Run with
//! `cargo run --release -p egr-engine --bin egr-bench [seconds per player count]`. Numbers are
//! measured, not asserted: compare runs on the same machine.

use egr_engine::{Action, GameOptions, GameState, NoLog};
use game_kit::Rng;
use std::hint::black_box;
use std::time::{Duration, Instant};

/// One game with uniformly random legal actions; returns the number of actions.
fn random_game(options: GameOptions, seed: u64, buf: &mut Vec<Action>) -> u32 {
    let mut state = GameState::new(seed, options, &mut NoLog);
    let mut policy = Rng::new(seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) ^ 1);
    let mut steps = 0;
    while let Some(seat) = state.active_player() {
        state.legal_actions_into(seat, buf);
        let action = buf[policy.below(buf.len())];
        state.apply_legal(seat, action, &mut NoLog);
        steps += 1;
    }
    steps
}

/// Mid-game states to time single operations on.
fn sample_states(options: GameOptions, count: usize) -> Vec<GameState> {
    let mut out = Vec::with_capacity(count);
    let mut buf = Vec::new();
    let mut seed = 0;
    while out.len() < count {
        let mut state = GameState::new(seed, options, &mut NoLog);
        let mut policy = Rng::new(seed ^ 0x5555);
        while let Some(seat) = state.active_player() {
            if policy.below(32) == 0 {
                out.push(state.clone());
            }
            state.legal_actions_into(seat, &mut buf);
            let action = buf[policy.below(buf.len())];
            state.apply_legal(seat, action, &mut NoLog);
        }
        seed += 1;
    }
    out.truncate(count);
    out
}

fn per_op(total: Duration, ops: u64) -> f64 {
    total.as_nanos() as f64 / ops as f64
}

fn median(v: &mut [f64]) -> f64 {
    v.sort_by(|a, b| a.partial_cmp(b).unwrap());
    v[v.len() / 2]
}

fn main() {
    let seconds: f64 = std::env::args()
        .nth(1)
        .and_then(|s| s.parse().ok())
        .unwrap_or(2.0);
    let mut buf = Vec::with_capacity(128);
    for players in 2..=5u8 {
        let options = GameOptions::new(players);
        for seed in 0..20 {
            black_box(random_game(options, seed, &mut buf));
        }
        let mut rates = Vec::new();
        let (mut actions, mut games, mut seed) = (0u64, 0u64, 1_000u64);
        for _ in 0..5 {
            let start = Instant::now();
            let mut n = 0u64;
            while start.elapsed().as_secs_f64() < seconds / 5.0 {
                actions += random_game(options, seed, &mut buf) as u64;
                seed += 1;
                n += 1;
            }
            games += n;
            rates.push(n as f64 / start.elapsed().as_secs_f64());
        }
        let (lo, hi) = rates
            .iter()
            .fold((f64::MAX, 0f64), |(l, h), r| (l.min(*r), h.max(*r)));
        println!(
            "{players} players: {:.0} random full games/s median of 5 runs (range {:.0}-{:.0}), {} games, {:.0} actions per game",
            median(&mut rates),
            lo,
            hi,
            games,
            actions as f64 / games as f64
        );
    }

    let states = sample_states(GameOptions::new(4), 2_000);
    let json: usize = states
        .iter()
        .map(|s| serde_json::to_string(s).unwrap().len())
        .sum();
    println!(
        "4-player state: {} bytes in memory (plus its question stack), {:.0} bytes as JSON on average",
        std::mem::size_of::<GameState>(),
        json as f64 / states.len() as f64
    );
    let reps = 20u64;
    let start = Instant::now();
    for _ in 0..reps {
        for s in &states {
            black_box(s.clone());
        }
    }
    println!(
        "clone: {:.0} ns",
        per_op(start.elapsed(), reps * states.len() as u64)
    );
    let start = Instant::now();
    let mut total = 0usize;
    for _ in 0..reps {
        for s in &states {
            if let Some(p) = s.active_player() {
                s.legal_actions_into(p, &mut buf);
                total += buf.len();
            }
        }
    }
    println!(
        "legal actions: {:.0} ns ({:.1} actions on average)",
        per_op(start.elapsed(), reps * states.len() as u64),
        total as f64 / (reps * states.len() as u64) as f64
    );
    let mut policy = Rng::new(7);
    let chosen: Vec<_> = states
        .iter()
        .map(|s| {
            s.active_player().map(|p| {
                s.legal_actions_into(p, &mut buf);
                (p, buf[policy.below(buf.len())])
            })
        })
        .collect();
    let mut copies: Vec<GameState> = Vec::with_capacity(states.len());
    let mut elapsed = Duration::ZERO;
    for _ in 0..reps {
        copies.clear();
        copies.extend(states.iter().cloned());
        let start = Instant::now();
        for (s, c) in copies.iter_mut().zip(&chosen) {
            if let Some((p, a)) = c {
                s.apply_legal(*p, *a, &mut NoLog);
            }
        }
        elapsed += start.elapsed();
    }
    println!(
        "apply (legal action, no log, the engine's forced answers included): {:.0} ns",
        per_op(elapsed, reps * states.len() as u64)
    );
}
