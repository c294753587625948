//! Strength benchmark: plays pairings of computer players, sides swapped every game, and
//! prints each first player's win rate with its 95% confidence interval (Wilson).
//! Seeded and reproducible (game i of a pairing uses seed + i for the game and the bots,
//! whatever the number of threads):
//!
//! ```sh
//! cargo run --release -p evr-ismcts --bin strength                  # the issue's pairings
//! cargo run --release -p evr-ismcts --bin strength -- --games 200 hard:rules easy:random
//! ```
//!
//! Players: random, rules, easy, normal, hard.

use evr_ai::search::{IsmctsBot, Level};
use evr_ai::{play_one, Bot, MatchResult, RandomBot, RuleBot};
use evr_engine::{GameOptions, Side};
use std::sync::atomic::{AtomicU32, Ordering};
use std::time::Instant;

fn bot(name: &str, seed: u64) -> Box<dyn Bot> {
    match name {
        "random" => Box::new(RandomBot::new(seed)),
        "rules" => Box::new(RuleBot::new(seed)),
        other => match Level::parse(other) {
            Some(level) => Box::new(IsmctsBot::new(level, seed)),
            None => {
                eprintln!("unknown player {other}: use random, rules, easy, normal or hard");
                std::process::exit(2);
            }
        },
    }
}

/// Plays `games` games of `first` against `second` on `threads` threads.
fn pairing(first: &str, second: &str, games: u32, seed: u64, threads: usize) -> MatchResult {
    let next = AtomicU32::new(0);
    let wins = AtomicU32::new(0);
    let unfinished = AtomicU32::new(0);
    std::thread::scope(|scope| {
        for _ in 0..threads {
            scope.spawn(|| loop {
                let i = next.fetch_add(1, Ordering::Relaxed);
                if i >= games {
                    break;
                }
                let game_seed = seed.wrapping_add(i as u64);
                let mut a = bot(first, game_seed.wrapping_mul(0x9E37_79B9) ^ 1);
                let mut b = bot(second, game_seed.wrapping_mul(0x9E37_79B9) ^ 2);
                let first_side = if i.is_multiple_of(2) {
                    Side::Rebel
                } else {
                    Side::Imperial
                };
                let winner = if first_side == Side::Rebel {
                    play_one(game_seed, GameOptions::default(), a.as_mut(), b.as_mut())
                } else {
                    play_one(game_seed, GameOptions::default(), b.as_mut(), a.as_mut())
                };
                match winner {
                    Some(w) if w == first_side => {
                        wins.fetch_add(1, Ordering::Relaxed);
                    }
                    Some(_) => {}
                    None => {
                        unfinished.fetch_add(1, Ordering::Relaxed);
                    }
                }
            });
        }
    });
    MatchResult {
        games,
        first_wins: wins.into_inner(),
        unfinished: unfinished.into_inner(),
    }
}

fn main() {
    let mut games = 1000u32;
    let mut seed = 2026u64;
    let mut threads = std::thread::available_parallelism().map_or(1, |n| n.get());
    let mut pairings: Vec<(String, String)> = Vec::new();
    let mut args = std::env::args().skip(1);
    while let Some(arg) = args.next() {
        let mut value = |name: &str| {
            args.next()
                .and_then(|v| v.parse::<u64>().ok())
                .unwrap_or_else(|| {
                    eprintln!("{name} needs a number");
                    std::process::exit(2)
                })
        };
        match arg.as_str() {
            "--games" => games = value("--games") as u32,
            "--seed" => seed = value("--seed"),
            "--threads" => threads = value("--threads").max(1) as usize,
            pair => match pair.split_once(':') {
                Some((a, b)) => pairings.push((a.to_string(), b.to_string())),
                None => {
                    eprintln!("usage: strength [--games N] [--seed S] [--threads T] [a:b ...]");
                    std::process::exit(2);
                }
            },
        }
    }
    if pairings.is_empty() {
        for (a, b) in [("hard", "random"), ("hard", "rules"), ("hard", "normal")] {
            pairings.push((a.to_string(), b.to_string()));
        }
    }
    println!("{games} games per pairing, sides swapped every game, seed {seed}, {threads} threads");
    for (first, second) in &pairings {
        let start = Instant::now();
        let result = pairing(first, second, games, seed, threads);
        println!(
            "{}, {:.0}s",
            result.summary(first, second),
            start.elapsed().as_secs_f64()
        );
    }
}
