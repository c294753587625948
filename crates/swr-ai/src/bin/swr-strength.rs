//! How strong and how fast the rule-based player is: seeded games of RuleBot as the Empire
//! against random play, RuleBot as the Rebel against random play, and RuleBot against
//! itself, each driven through `swr_engine::Game` exactly as the app drives a game. For each
//! pairing it prints the wins of each side, the win rate with its 95% Wilson interval, the
//! median game length (rounds on the time track, and actions), the median and 95th
//! percentile time of one RuleBot decision, and games per second.
//!
//! `cargo run --release -p swr-ai --bin swr-strength -- [games] [--no-self]`
//! (500 games per pairing by default, seeds 0..games; `--no-self` skips RuleBot against
//! itself).

use game_kit::stats::{quantile, wilson_95};
use std::time::{Duration, Instant};
use swr_ai::{play_game, GameRecord, Player, RandomBot, RuleBot, ACTION_CAP};
use swr_engine::{Action, PlayerView, Side};

/// A player whose decisions are timed.
struct Timed<P: Player> {
    inner: P,
    nanos: Vec<u64>,
}

impl<P: Player> Player for Timed<P> {
    fn name(&self) -> &str {
        self.inner.name()
    }

    fn choose(&mut self, view: &PlayerView) -> Action {
        let start = Instant::now();
        let action = self.inner.choose(view);
        self.nanos.push(start.elapsed().as_nanos() as u64);
        action
    }
}

fn timed<P: Player>(inner: P) -> Timed<P> {
    Timed {
        inner,
        nanos: Vec::new(),
    }
}

#[derive(Clone, Copy, PartialEq)]
enum Pairing {
    /// RuleBot plays the Empire, random play the Rebel.
    RulesEmpire,
    /// Random play is the Empire, RuleBot the Rebel.
    RulesRebel,
    /// RuleBot on both sides.
    SelfPlay,
}

impl Pairing {
    fn title(self) -> &'static str {
        match self {
            Pairing::RulesEmpire => "RuleBot (Empire) vs RandomBot (Rebel)",
            Pairing::RulesRebel => "RandomBot (Empire) vs RuleBot (Rebel)",
            Pairing::SelfPlay => "RuleBot (Empire) vs RuleBot (Rebel)",
        }
    }

    /// The side whose win rate is reported.
    fn side(self) -> Side {
        match self {
            Pairing::RulesRebel => Side::Rebel,
            _ => Side::Empire,
        }
    }
}

fn run(pairing: Pairing, games: u64) {
    let mut records: Vec<GameRecord> = Vec::with_capacity(games as usize);
    let mut nanos: Vec<u64> = Vec::new();
    let start = Instant::now();
    for seed in 0..games {
        let record = match pairing {
            Pairing::RulesEmpire => {
                let mut empire = timed(RuleBot::new(seed));
                let mut rebel = RandomBot::new(seed ^ 0x5EED);
                let r = play_game(seed, &mut empire, &mut rebel, ACTION_CAP);
                nanos.extend(empire.nanos);
                r
            }
            Pairing::RulesRebel => {
                let mut empire = RandomBot::new(seed ^ 0x5EED);
                let mut rebel = timed(RuleBot::new(seed));
                let r = play_game(seed, &mut empire, &mut rebel, ACTION_CAP);
                nanos.extend(rebel.nanos);
                r
            }
            Pairing::SelfPlay => {
                let mut empire = timed(RuleBot::new(seed));
                let mut rebel = timed(RuleBot::new(seed.wrapping_add(1_000_003)));
                let r = play_game(seed, &mut empire, &mut rebel, ACTION_CAP);
                nanos.extend(empire.nanos);
                nanos.extend(rebel.nanos);
                r
            }
        };
        records.push(record);
    }
    let elapsed = start.elapsed();
    report(pairing, &records, &mut nanos, elapsed);
}

fn report(pairing: Pairing, records: &[GameRecord], nanos: &mut [u64], elapsed: Duration) {
    let n = records.len() as u32;
    let empire = records
        .iter()
        .filter(|r| r.winner == Some(Side::Empire))
        .count() as u32;
    let rebel = records
        .iter()
        .filter(|r| r.winner == Some(Side::Rebel))
        .count() as u32;
    let unfinished = records.iter().filter(|r| r.winner.is_none()).count();
    let illegal = records.iter().filter(|r| r.illegal.is_some()).count();
    let side = pairing.side();
    let wins = if side == Side::Empire { empire } else { rebel };
    let (low, high) = wilson_95(wins as u64, n as u64);
    let mut rounds: Vec<u8> = records.iter().map(|r| r.rounds).collect();
    let mut actions: Vec<u32> = records.iter().map(|r| r.actions).collect();
    rounds.sort_unstable();
    actions.sort_unstable();
    nanos.sort_unstable();
    println!("{} — {n} games, seeds 0..{n}", pairing.title());
    println!(
        "  wins: Empire {empire}, Rebel {rebel}, unfinished {unfinished} (action cap {ACTION_CAP}), illegal answers {illegal}"
    );
    println!(
        "  {} win rate: {:.1}% (95% Wilson CI {:.1}%–{:.1}%)",
        side.name(),
        100.0 * wins as f64 / n.max(1) as f64,
        100.0 * low,
        100.0 * high
    );
    println!(
        "  game length: median {} rounds (time marker), {} actions",
        quantile(&rounds, 0.5),
        quantile(&actions, 0.5)
    );
    println!(
        "  RuleBot decision: median {:.1} µs, 95th percentile {:.1} µs ({} decisions)",
        quantile(nanos, 0.5) as f64 / 1000.0,
        quantile(nanos, 0.95) as f64 / 1000.0,
        nanos.len()
    );
    println!(
        "  speed: {:.1} games/s ({:.1} s)",
        n as f64 / elapsed.as_secs_f64(),
        elapsed.as_secs_f64()
    );
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let games = args
        .iter()
        .find_map(|a| a.parse::<u64>().ok())
        .unwrap_or(500);
    let self_play = !args.iter().any(|a| a == "--no-self");
    run(Pairing::RulesEmpire, games);
    run(Pairing::RulesRebel, games);
    if self_play {
        run(Pairing::SelfPlay, games);
    }
}
