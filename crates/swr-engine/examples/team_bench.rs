//! Random team games (3 and 4 players) per second on one core, beside two-player games
//! measured in the same run (the machine's load counts for both alike). Each action is a
//! uniformly random legal action of the seat that decides. Run with
//! `cargo run --release -p swr-engine --example team_bench -- [seconds]`. Numbers are
//! measured, not asserted.

use game_kit::Rng;
use std::time::Instant;
use swr_engine::{Action, GameOptions, GameState, NoLog, TeamOptions};

/// One random game; `team` is `None` for two players. Returns the number of actions.
fn random_game(seed: u64, team: Option<TeamOptions>, buf: &mut Vec<Action>) -> u64 {
    let mut state = match team {
        Some(t) => GameState::new_team(seed, GameOptions::default(), t, &mut NoLog),
        None => GameState::new(seed, GameOptions::default(), &mut NoLog),
    };
    let mut policy = Rng::new(seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) ^ 1);
    let mut steps = 0;
    while let Some(player) = state.active_player() {
        state.legal_actions_into(player, buf);
        let action = buf[policy.below(buf.len())];
        state.apply_legal(player, action, &mut NoLog);
        steps += 1;
    }
    steps
}

/// Games per second over `seconds` (median of five slices) and actions per game.
fn measure(team: Option<TeamOptions>, seconds: f64, buf: &mut Vec<Action>) -> (f64, f64) {
    let mut rates = Vec::new();
    let (mut games, mut actions) = (0u64, 0u64);
    let mut seed = 1_000u64;
    for _ in 0..5 {
        let start = Instant::now();
        let mut n = 0u64;
        while start.elapsed().as_secs_f64() < seconds / 5.0 {
            actions += random_game(seed, team, buf);
            seed += 1;
            n += 1;
        }
        games += n;
        rates.push(n as f64 / start.elapsed().as_secs_f64());
    }
    rates.sort_by(|a, b| a.partial_cmp(b).unwrap());
    (rates[2], actions as f64 / games as f64)
}

fn main() {
    let seconds: f64 = std::env::args()
        .nth(1)
        .and_then(|s| s.parse().ok())
        .unwrap_or(3.0);
    let mut buf = Vec::with_capacity(256);
    for seed in 0..30 {
        random_game(seed, Some(TeamOptions::FOUR), &mut buf);
    }
    for (name, team) in [
        ("two players", None),
        ("three players", Some(TeamOptions::THREE)),
        ("four players", Some(TeamOptions::FOUR)),
    ] {
        let (rate, actions) = measure(team, seconds, &mut buf);
        println!("{name}: {rate:.0} random games/s (median of 5), {actions:.0} actions per game");
    }
}
