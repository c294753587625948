//! Rebellion's computer levels against each other: seeded games (seed + i for game i), each
//! player given only its own view, exactly as the app's worker plays. For each pairing
//! (`empire:rebel`, levels easy, steady, normal, hard) it prints the Empire's and the Rebel's
//! wins with the 95% Wilson interval, the median game length, the round in which the Empire
//! first knew the base's system (its candidates down to one, or the base revealed: median and
//! distribution), and the time per decision of each searching side (median, 95th percentile,
//! slowest), with how many of its choices were not the rule-based player's. With
//! `SWR_TRACE=1` it prints each such choice beside the rule-based one, with the number of
//! systems the Empire could still suspect after either.
//!
//! `cargo run --release -p swr-ai --bin swr-levels -- [--games N] [--seed S] [--threads T]
//! empire:rebel ...` (300 games, seed 2026, every core; default pairings: hard:steady,
//! steady:hard, steady:steady)

use game_kit::stats::{quantile, wilson_95};
use std::sync::mpsc;
use std::time::Instant;
use swr_ai::search::{choose, Level};
use swr_ai::{base_candidates, Player, RuleBot, ACTION_CAP};
use swr_engine::{Game, GameOptions, Side};

struct Outcome {
    winner: Option<Side>,
    rounds: u8,
    /// The round in which the Empire first knew where the base is.
    base_known: Option<u8>,
    /// Microseconds per decision of each side (those with a choice).
    micros: [Vec<u64>; 2],
    /// Decisions of each side where its choice was not the rule-based player's.
    overruled: [usize; 2],
}

fn play(seed: u64, levels: [Level; 2]) -> Outcome {
    let mut game = Game::new(seed, GameOptions::default());
    let mut micros = [Vec::new(), Vec::new()];
    let mut overruled = [0, 0];
    let mut base_known = None;
    let mut actions = 0;
    while let Some(side) = game.state().active_player() {
        if actions >= ACTION_CAP {
            break;
        }
        let view = game.view(side);
        if base_known.is_none() && side == Side::Empire {
            let known = game.state().base_revealed() || base_candidates(&view).len() == 1;
            if known {
                base_known = Some(game.state().time());
            }
        }
        let level = level_of(levels, side);
        let action = if view.legal.len() == 1 {
            view.legal[0]
        } else {
            let start = Instant::now();
            let seed = seed.wrapping_mul(0x9E37_79B9) ^ actions as u64;
            let action = choose(level, &view, &game.state().engine_view(side), seed);
            micros[side.index()].push(start.elapsed().as_micros() as u64);
            if level.iterations().is_some() && action != RuleBot::new(seed).choose(&view) {
                overruled[side.index()] += 1;
                if std::env::var_os("SWR_TRACE").is_some() {
                    let rule = RuleBot::new(seed).choose(&view);
                    let before = base_candidates(&game.state().view(Side::Empire)).len();
                    let mut probe = game.clone();
                    probe.apply(side, action).unwrap();
                    let after = base_candidates(&probe.state().view(Side::Empire)).len();
                    let mut probe2 = game.clone();
                    probe2.apply(side, rule).unwrap();
                    let after_rule = base_candidates(&probe2.state().view(Side::Empire)).len();
                    eprintln!("TRACE r{} {:?} {:?}: {:?} instead of {:?}; candidates {before} -> {after} (rule: {after_rule})", game.state().time(), side, view.prompt, action, rule);
                }
            }
            action
        };
        game.apply(side, action)
            .expect("a level plays legal actions");
        actions += 1;
    }
    if base_known.is_none() && game.state().base_revealed() {
        base_known = Some(game.state().time());
    }
    Outcome {
        winner: game.state().winner(),
        rounds: game.state().time(),
        base_known,
        micros,
        overruled,
    }
}

/// `levels` is `[empire, rebel]`.
fn level_of(levels: [Level; 2], side: Side) -> Level {
    match side {
        Side::Empire => levels[0],
        Side::Rebel => levels[1],
    }
}

fn main() {
    let (mut games, mut seed) = (300u64, 2026u64);
    let mut threads = std::thread::available_parallelism().map_or(1, |n| n.get());
    let mut pairings: Vec<[Level; 2]> = Vec::new();
    let mut args = std::env::args().skip(1);
    while let Some(arg) = args.next() {
        let mut number = |name: &str| -> u64 {
            args.next().and_then(|v| v.parse().ok()).unwrap_or_else(|| {
                eprintln!("{name} needs a number");
                std::process::exit(2)
            })
        };
        match arg.as_str() {
            "--games" => games = number("--games"),
            "--seed" => seed = number("--seed"),
            "--threads" => threads = number("--threads").max(1) as usize,
            pair => {
                let levels = pair
                    .split_once(':')
                    .and_then(|(a, b)| Some([Level::parse(a)?, Level::parse(b)?]));
                match levels {
                    Some(levels) => pairings.push(levels),
                    None => {
                        eprintln!("usage: swr-levels [--games N] [--seed S] [--threads T] empire:rebel ... (easy, steady, normal, hard)");
                        std::process::exit(2);
                    }
                }
            }
        }
    }
    if pairings.is_empty() {
        pairings = vec![
            [Level::Hard, Level::Steady],
            [Level::Steady, Level::Hard],
            [Level::Steady, Level::Steady],
        ];
    }
    println!("{games} games per pairing, seeds {seed}.., {threads} threads");
    for levels in pairings {
        let start = Instant::now();
        let (tx, rx) = mpsc::channel();
        for t in 0..threads as u64 {
            let tx = tx.clone();
            std::thread::spawn(move || {
                let mut i = t;
                while i < games {
                    let began = Instant::now();
                    let o = play(seed + i, levels);
                    // Progress, for long runs.
                    eprintln!(
                        "  game {}: {:?} in round {}, base known in round {:?}, {:.0} s",
                        seed + i,
                        o.winner,
                        o.rounds,
                        o.base_known,
                        began.elapsed().as_secs_f64()
                    );
                    let _ = tx.send(o);
                    i += threads as u64;
                }
            });
        }
        drop(tx);
        let outcomes: Vec<Outcome> = rx.iter().collect();
        let n = outcomes.len();
        let wins = |s: Side| outcomes.iter().filter(|o| o.winner == Some(s)).count();
        let (empire, rebel) = (wins(Side::Empire), wins(Side::Rebel));
        let (el, eh) = wilson_95(empire as u64, n as u64);
        let (rl, rh) = wilson_95(rebel as u64, n as u64);
        let mut rounds: Vec<u8> = outcomes.iter().map(|o| o.rounds).collect();
        rounds.sort_unstable();
        let mut known: Vec<u8> = outcomes.iter().filter_map(|o| o.base_known).collect();
        known.sort_unstable();
        let mut histogram = [0usize; 17];
        for &r in &known {
            histogram[(r as usize).min(16)] += 1;
        }
        println!(
            "{} Empire vs {} Rebel: Empire {empire} = {:.1}% ({:.1}–{:.1}%), Rebel {rebel} = {:.1}% ({:.1}–{:.1}%), {} unfinished; median {} rounds; {:.0} s",
            levels[0].code(),
            levels[1].code(),
            100.0 * empire as f64 / n as f64,
            100.0 * el,
            100.0 * eh,
            100.0 * rebel as f64 / n as f64,
            100.0 * rl,
            100.0 * rh,
            n - empire - rebel,
            quantile(&rounds, 0.5),
            start.elapsed().as_secs_f64()
        );
        let by_round: Vec<String> = histogram
            .iter()
            .enumerate()
            .filter(|(_, c)| **c > 0)
            .map(|(r, c)| format!("{r}: {c}"))
            .collect();
        println!(
            "  the Empire knew the base's system in {} of {n} games, median round {} (by round: {})",
            known.len(),
            quantile(&known, 0.5),
            by_round.join(", ")
        );
        for side in Side::BOTH {
            let mut m: Vec<u64> = outcomes
                .iter()
                .flat_map(|o| o.micros[side.index()].iter().copied())
                .collect();
            m.sort_unstable();
            let overruled: usize = outcomes.iter().map(|o| o.overruled[side.index()]).sum();
            println!(
                "  {:?} ({}): {} decisions with a choice ({overruled} not the rule-based player's), median {:.2} ms, 95th percentile {:.2} ms, slowest {:.1} ms",
                side,
                level_of(levels, side).code(),
                m.len(),
                quantile(&m, 0.5) as f64 / 1000.0,
                quantile(&m, 0.95) as f64 / 1000.0,
                m.last().copied().unwrap_or(0) as f64 / 1000.0
            );
        }
    }
}
