//! The Galactic Rebellion soak: random full games (uniform over the legal actions, seeded),
//! the player count cycling through 2 to 5 and, on every fourth game, the rulings and the Covert
//! Mission facts of the board numbers switched by the seed, with every property of `egr_engine::invariants` checked after every action, the
//! costlier ones (illegal actions refused, views holding no hidden order) on one position in
//! 64, a save resumed in every 100th game and the same seed replayed in every 1,000th. Stops
//! at the first broken property, naming the player count, the seed and the action.
//!
//! `cargo run --release -p egr-engine --bin egr-soak -- [games] [--threads N] [--from SEED]`
//! (default 100,000 games from seed 0 on every core).

use egr_engine::invariants::{play_checked, saves_resume_identically};
use egr_engine::{Game, GameOptions, Mission, Planet, Rulings};
use game_kit::Rng;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Instant;

struct Totals {
    games: AtomicU64,
    actions: AtomicU64,
    shared: AtomicU64,
    failed: AtomicBool,
    failure: Mutex<Option<String>>,
}

fn options_for(seed: u64) -> GameOptions {
    let mut options = GameOptions::new(2 + (seed % 4) as u8);
    if (seed / 4).is_multiple_of(4) {
        let b = seed / 16;
        options.rulings = Rulings::from_byte(b as u8);
        // The Covert Mission facts of the board numbers too.
        options.numbers.twentieth_mission = Mission::LISTED_ONCE[(b % 5) as usize];
        if b % 2 == 1 {
            options.numbers.rescue_choice_at = Planet::Edara;
        }
    }
    options
}

/// Everything checked for one seed: the actions and whether the win was shared.
fn soak_one(seed: u64) -> Result<(usize, bool), String> {
    let options = options_for(seed);
    let (state, actions) = play_checked(options, seed, |step| step % 64 == 31)?;
    if seed.is_multiple_of(1_000) {
        let (again, n) = play_checked(options, seed, |_| false)?;
        if again != state || n != actions {
            return Err(format!("seed {seed}: the same seed gave another game"));
        }
    }
    if seed.is_multiple_of(100) {
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
    Ok((actions, state.winners().len() > 1))
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
        .unwrap_or(100_000u64);
    let threads = flag("--threads")
        .unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get() as u64));
    let from = flag("--from").unwrap_or(0);
    println!("egr-soak: {games} games from seed {from} on {threads} threads");
    let totals = Arc::new(Totals {
        games: AtomicU64::new(0),
        actions: AtomicU64::new(0),
        shared: AtomicU64::new(0),
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
                        Ok((actions, shared)) => {
                            totals.actions.fetch_add(actions as u64, Ordering::Relaxed);
                            totals.shared.fetch_add(shared as u64, Ordering::Relaxed);
                            let done = totals.games.fetch_add(1, Ordering::Relaxed) + 1;
                            if done.is_multiple_of((games / 10).max(1)) {
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
    println!(
        "{done} games, {actions} actions ({:.0} per game), {} shared wins, {secs:.0} s ({:.0} games/s)",
        actions as f64 / done.max(1) as f64,
        totals.shared.load(Ordering::Relaxed),
        done as f64 / secs
    );
    if let Some(e) = totals.failure.lock().unwrap().take() {
        println!("FAILED: {e}");
        std::process::exit(1);
    }
    println!("every property held");
}
