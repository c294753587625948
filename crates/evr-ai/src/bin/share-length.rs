//! How long a shared game's code is: over 1,000 games between the rule-based players (typical
//! games) and 1,000 between random players (long, aimless ones), the median, 90th percentile
//! and longest, in characters. A link adds the page's address and `replay.html#g=`.
//! `cargo run --release -p evr-ai --bin share-length -- [games] [seed]`.

use evr_ai::{Bot, RandomBot, RuleBot};
use evr_engine::{Game, GameOptions};
use game_kit::share::encode;

fn play(seed: u64, bot: &mut dyn Bot) -> Game {
    let mut game = Game::new(seed, GameOptions::default());
    while let Some(side) = game.state().active_players().iter().next() {
        let action = bot.choose(&game.view(side));
        game.apply(side, action).expect("bots play legal actions");
    }
    game
}

fn report(name: &str, mut lengths: Vec<(usize, usize)>) {
    lengths.sort();
    let n = lengths.len();
    let (median, p90, longest) = (lengths[n / 2], lengths[n * 9 / 10], lengths[n - 1]);
    println!(
        "{name}: {n} games; code length median {} chars ({} actions), 90th percentile {} ({} actions), longest {} ({} actions)",
        median.0, median.1, p90.0, p90.1, longest.0, longest.1
    );
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let games: u64 = args.first().and_then(|s| s.parse().ok()).unwrap_or(1000);
    let seed: u64 = args.get(1).and_then(|s| s.parse().ok()).unwrap_or(2026);
    for (name, make) in [
        (
            "rule-based players",
            (|s| Box::new(RuleBot::new(s)) as Box<dyn Bot>) as fn(u64) -> Box<dyn Bot>,
        ),
        ("random players", |s| {
            Box::new(RandomBot::new(s)) as Box<dyn Bot>
        }),
    ] {
        let lengths = (0..games)
            .map(|i| {
                let game = play(seed.wrapping_add(i), make(seed ^ i).as_mut());
                (encode(&game, 0).len(), game.history().len())
            })
            .collect();
        report(name, lengths);
    }
}
