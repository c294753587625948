//! Strength of the computer players of Empires: Galactic Rebellion, in seeded games played
//! through `egr_engine::Game` as the app plays them (each seat's player sees only
//! `game.view(seat)`).
//!
//! ```sh
//! cargo run --release -p egr-ai --bin egr-strength -- --games 300 --players 2,3,4,5
//! cargo run --release -p egr-ai --bin egr-strength -- --mode self --games 100
//! cargo run --release -p egr-ai --bin egr-strength -- --mode variant --variant coin=0.2
//! cargo run --release -p egr-ai --bin egr-strength -- --mode search --level hard --games 100
//! ```
//!
//! Modes: `random` (default): the rule-based player in one seat, random players in the
//! others; `self`: the rule-based player in every seat (do games end, how long are they);
//! `variant`: a rule-based player with other weights in one seat, default ones in the others;
//! `search`: the searching player (`--level normal|hard`, as the app plays it, or
//! `--iterations N` to the end of the turn at every table) in one seat, the rule-based player
//! in the others (the median time per searched decision is printed).
//! The measured seat moves round the table from game to game (game i: seat i mod n). Its
//! share of wins is printed with a 95% Wilson interval beside the equal-chance share 1/n; a
//! win shared by k players counts 1/k (the interval is taken on the wins rounded to whole
//! games). Game i of a setting uses the same seeds whatever `--threads` is, so results do not
//! depend on it; only the times do.

use egr_ai::search::Plan;
use egr_ai::{play_game, GameRecord, Level, Player, RandomPlayer, RuleBot, SearchBot, Weights};
use egr_engine::{Action, GameOptions, PlayerView, Seat};
use game_kit::stats::{quantile, wilson_95};
use std::cell::RefCell;
use std::rc::Rc;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;
use std::time::{Duration, Instant};

#[derive(Clone, Copy, PartialEq)]
enum Mode {
    Random,
    SelfPlay,
    Variant,
    Search,
}

struct Args {
    games: usize,
    players: Vec<u8>,
    threads: usize,
    seed: u64,
    mode: Mode,
    variant: Weights,
    /// The searching player's level (`--level`), else its iterations per decision at every
    /// table (`--iterations`), and its name.
    level: Option<Level>,
    iterations: u32,
    search_name: String,
}

const USAGE: &str = "egr-strength [--games N] [--players 2,3,4,5] [--threads N] [--seed S] \
                     [--mode random|self|variant|search] [--variant name=value,...] \
                     [--level normal|hard] [--iterations N]";

fn parse_args() -> Result<Args, String> {
    let mut args = Args {
        games: 300,
        players: vec![2, 3, 4, 5],
        threads: 1,
        seed: 1,
        mode: Mode::Random,
        variant: Weights::default(),
        level: Some(Level::Hard),
        iterations: Level::Hard.iterations(),
        search_name: Level::Hard.code().to_string(),
    };
    let list: Vec<String> = std::env::args().skip(1).collect();
    let mut i = 0;
    while i < list.len() {
        let flag = list[i].as_str();
        if flag == "--help" || flag == "-h" {
            println!("{USAGE}");
            std::process::exit(0);
        }
        let value = list
            .get(i + 1)
            .ok_or_else(|| format!("{flag} needs a value"))?;
        let number = |v: &str| {
            v.parse::<u64>()
                .map_err(|_| format!("{flag}: `{v}` is not a number"))
        };
        match flag {
            "--games" => args.games = number(value)? as usize,
            "--threads" => args.threads = (number(value)? as usize).max(1),
            "--seed" => args.seed = number(value)?,
            "--players" => {
                args.players = value
                    .split(',')
                    .map(|p| match p.trim().parse::<u8>() {
                        Ok(n) if (2..=5).contains(&n) => Ok(n),
                        _ => Err(format!("--players: `{p}` is not 2 to 5")),
                    })
                    .collect::<Result<_, _>>()?
            }
            "--mode" => {
                args.mode = match value.as_str() {
                    "random" => Mode::Random,
                    "self" => Mode::SelfPlay,
                    "variant" => Mode::Variant,
                    "search" => Mode::Search,
                    other => return Err(format!("--mode: no mode `{other}`")),
                }
            }
            "--variant" => args.variant = Weights::parse(value)?,
            "--level" => {
                let level =
                    Level::parse(value).ok_or_else(|| format!("--level: no level `{value}`"))?;
                args.level = Some(level);
                args.iterations = level.iterations();
                args.search_name = level.code().to_string();
            }
            "--iterations" => {
                args.level = None;
                args.iterations = number(value)?.max(1) as u32;
                args.search_name = format!("search{}", args.iterations);
            }
            other => return Err(format!("unknown argument `{other}`")),
        }
        i += 2;
    }
    Ok(args)
}

/// The seeds of game `i` at `n` players: the same whatever the threads.
fn game_seed(base: u64, n: u8, i: usize) -> u64 {
    base.wrapping_mul(0x9E37_79B9_7F4A_7C15)
        .wrapping_add((n as u64) << 32)
        .wrapping_add(i as u64)
}

/// A player whose every decision's time (in µs) is noted.
struct Timed {
    inner: SearchBot,
    times: Rc<RefCell<Vec<f64>>>,
}

impl Player for Timed {
    fn name(&self) -> &str {
        self.inner.name()
    }

    fn choose(&mut self, view: &PlayerView) -> Action {
        let start = Instant::now();
        let action = self.inner.choose(view);
        self.times
            .borrow_mut()
            .push(start.elapsed().as_secs_f64() * 1e6);
        action
    }
}

/// The table for game `i`: the measured player in seat `i mod n` (its decisions' times go to
/// `times` in `search` mode).
fn table(
    args: &Args,
    n: u8,
    i: usize,
    seed: u64,
    times: &Rc<RefCell<Vec<f64>>>,
) -> Vec<Box<dyn Player>> {
    let focus = i % n as usize;
    (0..n as usize)
        .map(|s| {
            let bot_seed = seed ^ (0xB07 + s as u64).wrapping_mul(0x5851_F42D_4C95_7F2D);
            let player: Box<dyn Player> = match (args.mode, s == focus) {
                (Mode::Random, true)
                | (Mode::SelfPlay, _)
                | (Mode::Variant, false)
                | (Mode::Search, false) => Box::new(RuleBot::new(bot_seed)),
                (Mode::Search, true) => Box::new(Timed {
                    inner: match args.level {
                        Some(level) => SearchBot::new(level, GameOptions::new(n), bot_seed),
                        None => SearchBot::with_iterations(
                            args.iterations,
                            GameOptions::new(n),
                            bot_seed,
                            &args.search_name,
                        ),
                    },
                    times: Rc::clone(times),
                }),
                (Mode::Random, false) => Box::new(RandomPlayer::new(bot_seed)),
                (Mode::Variant, true) => {
                    Box::new(RuleBot::with_weights(bot_seed, args.variant, "variant"))
                }
            };
            player
        })
        .collect()
}

/// Every game of one setting, in game order, and the measured player's decision times (µs,
/// `search` mode only).
fn play_setting(args: &Args, n: u8) -> (Vec<Result<GameRecord, String>>, Vec<f64>) {
    let results = Mutex::new(vec![None; args.games]);
    let all_times = Mutex::new(Vec::new());
    let next = AtomicUsize::new(0);
    std::thread::scope(|scope| {
        for _ in 0..args.threads {
            scope.spawn(|| loop {
                let i = next.fetch_add(1, Ordering::Relaxed);
                if i >= args.games {
                    break;
                }
                let seed = game_seed(args.seed, n, i);
                let times = Rc::new(RefCell::new(Vec::new()));
                let mut players = table(args, n, i, seed, &times);
                let outcome = play_game(seed, GameOptions::new(n), &mut players)
                    .map_err(|e| format!("{n} players, game {i} (seed {seed}): {e}"));
                drop(players);
                all_times
                    .lock()
                    .expect("no thread panicked")
                    .extend(times.take());
                results.lock().expect("no thread panicked")[i] = Some(outcome);
            });
        }
    });
    let results = results
        .into_inner()
        .expect("no thread panicked")
        .into_iter()
        .map(|r| r.expect("every game played"))
        .collect();
    (results, all_times.into_inner().expect("no thread panicked"))
}

fn micros(d: Duration, decisions: usize) -> f64 {
    d.as_secs_f64() * 1e6 / decisions.max(1) as f64
}

fn report(args: &Args, n: u8, records: &[(usize, GameRecord)], secs: f64, times: &mut [f64]) {
    let games = records.len();
    let mut lengths: Vec<usize> = records.iter().map(|(_, r)| r.actions).collect();
    lengths.sort_unstable();
    let (mut wins, mut shared) = (0.0f64, 0usize);
    // The measured seat's points and the best of the other seats', game by game.
    let (mut own, mut best_other) = (Vec::new(), Vec::new());
    let (mut bot_time, mut bot_decisions) = (Duration::ZERO, 0usize);
    for (i, r) in records {
        let focus = Seat((i % n as usize) as u8);
        if r.winners.contains(&focus) {
            wins += 1.0 / r.winners.len() as f64;
        }
        shared += usize::from(r.winners.len() > 1);
        own.push(r.totals[focus.index()]);
        best_other.push(
            (0..n as usize)
                .filter(|&s| s != focus.index())
                .map(|s| r.totals[s])
                .max()
                .unwrap_or(0),
        );
        // The time of the measured player (every seat's in self-play).
        for s in 0..n as usize {
            if args.mode == Mode::SelfPlay || s == focus.index() {
                bot_time += r.thinking[s];
                bot_decisions += r.decisions[s];
            }
        }
    }
    let length = format!(
        "length median {} actions (min {}, max {})",
        quantile(&lengths, 0.5),
        lengths.first().unwrap_or(&0),
        lengths.last().unwrap_or(&0)
    );
    let measured = match args.mode {
        Mode::Variant => "variant",
        Mode::Search => args.search_name.as_str(),
        _ => "rules",
    };
    let speed = if args.mode == Mode::Search {
        times.sort_unstable_by(f64::total_cmp);
        let ms = |q: f64| quantile(times, q) / 1e3;
        format!(
            "{measured} decision: median {:.1} ms, 90th percentile {:.1} ms, mean {:.1} ms \
             ({} decisions), {:.0} s",
            ms(0.5),
            ms(0.9),
            micros(bot_time, bot_decisions) / 1e3,
            times.len(),
            secs
        )
    } else {
        format!(
            "{:.1} µs per {measured} decision, {:.0} s",
            micros(bot_time, bot_decisions),
            secs
        )
    };
    match args.mode {
        Mode::SelfPlay => {
            let mut totals: Vec<u16> = records.iter().flat_map(|(_, r)| r.totals.clone()).collect();
            totals.sort_unstable();
            let mut winning: Vec<u16> = records
                .iter()
                .map(|(_, r)| r.totals.iter().copied().max().unwrap_or(0))
                .collect();
            winning.sort_unstable();
            println!(
                "{n} players, rules in every seat: {games} games ended, {shared} shared wins; \
                 {length}; points median {} (winner's {}); {speed}",
                quantile(&totals, 0.5),
                quantile(&winning, 0.5)
            );
        }
        _ => {
            let who = match args.mode {
                Mode::Random => "rules vs random".to_string(),
                Mode::Search => format!("{measured} vs rules"),
                _ => "variant vs rules".to_string(),
            };
            let (low, high) = wilson_95(wins.round() as u64, games as u64);
            own.sort_unstable();
            best_other.sort_unstable();
            println!(
                "{n} players, {who}: won {wins:.1} of {games} = {:.1}% (95% CI {:.1}-{:.1}%) \
                 vs equal chance {:.1}%; {shared} shared; points median {} (best other seat {}); \
                 {length}; {speed}",
                100.0 * wins / games.max(1) as f64,
                100.0 * low,
                100.0 * high,
                100.0 / n as f64,
                quantile(&own, 0.5),
                quantile(&best_other, 0.5)
            );
        }
    }
}

fn main() {
    let args = match parse_args() {
        Ok(a) => a,
        Err(e) => {
            eprintln!("{e}\nusage: {USAGE}");
            std::process::exit(2);
        }
    };
    if args.mode == Mode::Variant {
        println!("variant weights: {:?}", args.variant);
    }
    if args.mode == Mode::Search {
        let plans: Vec<String> = args
            .players
            .iter()
            .map(|&n| match args.level.map(|l| l.plan(n)) {
                Some(Plan::Duel(playouts)) => {
                    format!("{n} players: {playouts} playouts to the end of the game")
                }
                _ => format!("{n} players: {} iterations", args.iterations),
            })
            .collect();
        println!(
            "searching player `{}` per decision: {}",
            args.search_name,
            plans.join("; ")
        );
    }
    println!(
        "egr-strength: {} games per setting, seed {}, {} thread(s); a shared win counts 1/k",
        args.games, args.seed, args.threads
    );
    let mut failed = false;
    for &n in &args.players {
        let start = Instant::now();
        let (results, mut times) = play_setting(&args, n);
        let secs = start.elapsed().as_secs_f64();
        let mut records = Vec::with_capacity(results.len());
        for (i, r) in results.into_iter().enumerate() {
            match r {
                Ok(record) => records.push((i, record)),
                Err(e) => {
                    println!("FAILED: {e}");
                    failed = true;
                }
            }
        }
        report(&args, n, &records, secs, &mut times);
    }
    if failed {
        std::process::exit(1);
    }
}
