//! The Rebellion soak: random full games (uniform over the legal actions, seeded; seeds
//! 1 and 2 modulo 3 are team games of 3 and 4 players, the others two-player games) with every
//! property of `swr_engine::invariants` checked after every action, the costlier ones (illegal
//! actions refused, views holding only what their player may know) on one position in 64, a
//! save resumed in every 100th game and the same seed replayed in every 1,000th. Stops at
//! the first broken property, naming the seed and the action.
//!
//! `cargo run --release -p swr-engine --bin swr-soak -- [games] [--threads N] [--from SEED]`
//! (default 1,000,000 games from seed 0 on every core).

use game_kit::Rng;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Instant;
use swr_engine::invariants::{play_checked_with, saves_resume_identically};
use swr_engine::{Game, GameOptions, Side};

struct Totals {
    games: AtomicU64,
    actions: AtomicU64,
    empire_wins: AtomicU64,
    failed: AtomicBool,
    failure: Mutex<Option<String>>,
}

/// The game of a seed: two players, or a team game of 3 or 4 (seeds 1 and 2 modulo 3).
fn options(seed: u64) -> GameOptions {
    match seed % 3 {
        1 => GameOptions::team(3),
        2 => GameOptions::team(4),
        _ => GameOptions::default(),
    }
}

/// Everything checked for one seed.
fn soak_one(seed: u64) -> Result<(usize, Side), String> {
    let options = options(seed);
    let (state, actions) = play_checked_with(seed, options, |step| step % 64 == 31)?;
    if seed.is_multiple_of(1_000) {
        let (again, n) = play_checked_with(seed, options, |_| false)?;
        if again != state || n != actions {
            return Err(format!("seed {seed}: the same seed gave another game"));
        }
    }
    if seed.is_multiple_of(100) {
        // A save at a random point of a game of its own loads as the same game.
        let mut game = Game::new(seed, options);
        let mut policy = Rng::new(seed ^ 0x5A7E);
        let stop = policy.below(actions.max(1));
        while let Some(p) = game.state().active_player() {
            if game.history().len() == stop {
                break;
            }
            let legal = game.state().legal_actions(p);
            game.apply(p, legal[policy.below(legal.len())])
                .map_err(|e| format!("seed {seed}: {e}"))?;
        }
        saves_resume_identically(&game).map_err(|e| format!("seed {seed}: {e}"))?;
    }
    Ok((actions, state.winner().expect("checked")))
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let flag = |name: &str| {
        args.iter()
            .position(|a| a == name)
            .and_then(|i| args.get(i + 1))
            .and_then(|v| v.parse::<u64>().ok())
    };
    let games = args
        .first()
        .filter(|a| !a.starts_with("--"))
        .and_then(|a| a.parse().ok())
        .unwrap_or(1_000_000u64);
    let threads = flag("--threads")
        .unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get() as u64));
    let from = flag("--from").unwrap_or(0);
    println!("swr-soak: {games} games from seed {from} on {threads} threads");
    let totals = Arc::new(Totals {
        games: AtomicU64::new(0),
        actions: AtomicU64::new(0),
        empire_wins: AtomicU64::new(0),
        failed: AtomicBool::new(false),
        failure: Mutex::new(None),
    });
    let start = Instant::now();
    let workers: Vec<_> = (0..threads)
        .map(|t| {
            let totals = Arc::clone(&totals);
            std::thread::spawn(move || {
                let mut seed = from + t;
                while seed < from + games && !totals.failed.load(Ordering::Relaxed) {
                    match soak_one(seed) {
                        Ok((actions, winner)) => {
                            totals.actions.fetch_add(actions as u64, Ordering::Relaxed);
                            if winner == Side::Empire {
                                totals.empire_wins.fetch_add(1, Ordering::Relaxed);
                            }
                            let done = totals.games.fetch_add(1, Ordering::Relaxed) + 1;
                            if done.is_multiple_of((games / 20).max(1)) {
                                println!("  {done} games, {:.0} s", start.elapsed().as_secs_f64());
                            }
                        }
                        Err(e) => {
                            totals.failed.store(true, Ordering::Relaxed);
                            *totals.failure.lock().unwrap() = Some(e);
                        }
                    }
                    seed += threads;
                }
            })
        })
        .collect();
    for w in workers {
        w.join().expect("a soak thread panicked");
    }
    let secs = start.elapsed().as_secs_f64();
    let done = totals.games.load(Ordering::Relaxed);
    let actions = totals.actions.load(Ordering::Relaxed);
    let empire = totals.empire_wins.load(Ordering::Relaxed);
    println!(
        "{done} games, {actions} actions ({:.0} per game), the Empire won {empire} ({:.1}%), {secs:.0} s ({:.0} games/s)",
        actions as f64 / done.max(1) as f64,
        100.0 * empire as f64 / done.max(1) as f64,
        done as f64 / secs
    );
    if let Some(e) = totals.failure.lock().unwrap().take() {
        println!("FAILED: {e}");
        std::process::exit(1);
    }
    println!("every property held");
}
