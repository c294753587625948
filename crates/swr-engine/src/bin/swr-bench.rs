//! Engine speed for Star Wars: Rebellion: random full games per second on one core, actions
//! per game, state size, and the cost of clone, legal actions and apply. Run with
//! `cargo run --release -p swr-engine --bin swr-bench [seconds]`. Numbers are measured, not
//! asserted: compare runs on the same machine.

use game_kit::Rng;
use std::hint::black_box;
use std::time::{Duration, Instant};
use swr_engine::{Action, GameOptions, GameState, NoLog, Side};

/// Plays one game with uniformly random legal actions; returns the number of actions and the
/// winner.
fn random_game(seed: u64, buf: &mut Vec<Action>) -> (u32, Option<Side>) {
    let mut state = GameState::new(seed, GameOptions::default(), &mut NoLog);
    let mut policy = Rng::new(seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) ^ 1);
    let mut steps = 0;
    while let Some(player) = state.active_player() {
        state.legal_actions_into(player, buf);
        let action = buf[policy.below(buf.len())];
        state.apply_legal(player, action, &mut NoLog);
        steps += 1;
    }
    (steps, state.winner())
}

/// A pool of mid-game states to measure single operations on.
fn sample_states(count: usize) -> Vec<GameState> {
    let mut out = Vec::with_capacity(count);
    let mut buf = Vec::new();
    let mut seed = 0;
    while out.len() < count {
        let mut state = GameState::new(seed, GameOptions::default(), &mut NoLog);
        let mut policy = Rng::new(seed ^ 0x5555);
        while let Some(player) = state.active_player() {
            if policy.below(64) == 0 {
                out.push(state.clone());
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

fn median(v: &mut [f64]) -> f64 {
    v.sort_by(|a, b| a.partial_cmp(b).unwrap());
    v[v.len() / 2]
}

fn main() {
    let seconds: f64 = std::env::args()
        .nth(1)
        .and_then(|s| s.parse().ok())
        .unwrap_or(3.0);
    let mut buf = Vec::with_capacity(256);

    for seed in 0..50 {
        black_box(random_game(seed, &mut buf));
    }
    // Five timed runs of the budget split evenly; the median and range of games/s.
    let mut rates = Vec::new();
    let mut actions = 0u64;
    let mut games = 0u64;
    let mut empire_wins = 0u64;
    let mut seed = 1_000u64;
    for _ in 0..5 {
        let start = Instant::now();
        let mut n = 0u64;
        while start.elapsed().as_secs_f64() < seconds / 5.0 {
            let (steps, winner) = random_game(seed, &mut buf);
            actions += steps as u64;
            empire_wins += (winner == Some(Side::Empire)) as u64;
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
        "random full games: {:.0}/s median of 5 runs (range {:.0}–{:.0}), {} games, {:.0} actions per game",
        median(&mut rates),
        lo,
        hi,
        games,
        actions as f64 / games as f64
    );
    println!(
        "random play: the Empire won {:.1}% of them (the Rebels the rest)",
        100.0 * empire_wins as f64 / games as f64
    );

    let states = sample_states(2_000);
    let json: usize = states
        .iter()
        .map(|s| serde_json::to_string(s).unwrap().len())
        .sum();
    println!(
        "state: {} bytes in memory (plus its vectors), {:.0} bytes as JSON on average",
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
    let mut chosen = Vec::new();
    for s in &states {
        if let Some(p) = s.active_player() {
            s.legal_actions_into(p, &mut buf);
            chosen.push((p, buf[policy.below(buf.len())]));
        } else {
            chosen.push((Side::Rebel, Action::Done));
        }
    }
    let mut copies: Vec<GameState> = Vec::with_capacity(states.len());
    let mut elapsed = Duration::ZERO;
    for _ in 0..reps {
        copies.clear();
        copies.extend(states.iter().cloned());
        let start = Instant::now();
        for (s, (p, a)) in copies.iter_mut().zip(&chosen) {
            if s.active_player().is_some() {
                s.apply_legal(*p, *a, &mut NoLog);
            }
        }
        elapsed += start.elapsed();
    }
    println!(
        "apply (legal action, no log): {:.0} ns",
        per_op(elapsed, reps * states.len() as u64)
    );
}
