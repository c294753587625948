//! The cost of sampling what a player cannot see (`swr_engine::sampling`): reading a view and
//! its log (`Sampler::new`) and dealing one full state (`Sampler::sample`), at positions early,
//! half way and late (90% of the way) through random games, for both viewers. Run with
//! `cargo run --release -p swr-engine --bin swr-sample-bench [games]` (default 40 games, each
//! giving a view per viewer and stage). Numbers are measured, not asserted: compare runs on the
//! same machine.

use game_kit::Rng;
use std::hint::black_box;
use std::time::Instant;
use swr_engine::sampling::Sampler;
use swr_engine::view::EngineView;
use swr_engine::{Game, GameOptions, GameState, NoLog, PlayerView, Side};

/// The number of actions of the random game of this seed.
fn length(seed: u64) -> usize {
    let mut state = GameState::new(seed, GameOptions::default(), &mut NoLog);
    let mut policy = Rng::new(seed ^ 0xBE7C);
    let mut buf = Vec::new();
    let mut n = 0;
    while let Some(p) = state.active_player() {
        state.legal_actions_into(p, &mut buf);
        state.apply_legal(p, buf[policy.below(buf.len())], &mut NoLog);
        n += 1;
    }
    n
}

/// Both players' views (with their logs) after `at` actions of that game, with the log length.
fn views_at(seed: u64, at: usize) -> [(PlayerView, EngineView); 2] {
    let mut game = Game::new(seed, GameOptions::default());
    let mut policy = Rng::new(seed ^ 0xBE7C);
    for _ in 0..at {
        let Some(p) = game.state().active_player() else {
            break;
        };
        let legal = game.state().legal_actions(p);
        game.apply(p, legal[policy.below(legal.len())]).unwrap();
    }
    Side::BOTH.map(|side| (game.view(side), game.state().engine_view(side)))
}

fn median(v: &mut [f64]) -> f64 {
    v.sort_by(|a, b| a.partial_cmp(b).unwrap());
    v[v.len() / 2]
}

fn main() {
    let games: u64 = std::env::args()
        .nth(1)
        .and_then(|s| s.parse().ok())
        .unwrap_or(40);
    let mut rng = Rng::new(2026);
    println!("{games} random games; medians over the views, each timed alone");
    for (stage, fraction) in [("early (10%)", 0.1), ("half way", 0.5), ("late (90%)", 0.9)] {
        // Per viewer: Sampler::new in µs, one sample in µs, log length.
        let mut new_us: [Vec<f64>; 2] = Default::default();
        let mut sample_us: [Vec<f64>; 2] = Default::default();
        let mut logs: [Vec<f64>; 2] = Default::default();
        for seed in 0..games {
            let at = (length(seed) as f64 * fraction) as usize;
            for (view, engine) in views_at(seed, at) {
                let v = view.viewer.index();
                logs[v].push(view.log.len() as f64);
                let reps = 20;
                let start = Instant::now();
                for _ in 0..reps {
                    black_box(Sampler::new(black_box(&view), &engine));
                }
                new_us[v].push(start.elapsed().as_secs_f64() * 1e6 / reps as f64);
                let sampler = Sampler::new(&view, &engine);
                let reps = 200;
                let start = Instant::now();
                for _ in 0..reps {
                    black_box(sampler.sample(&mut rng));
                }
                sample_us[v].push(start.elapsed().as_secs_f64() * 1e6 / reps as f64);
            }
        }
        for side in Side::BOTH {
            let v = side.index();
            let s = median(&mut sample_us[v]);
            println!(
                "{stage:12} {side:?} view: log {:.0} events; Sampler::new {:.1} µs; sample {:.2} µs ({:.0} samples/s)",
                median(&mut logs[v]),
                median(&mut new_us[v]),
                s,
                1e6 / s
            );
        }
    }
}
