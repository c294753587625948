//! Plays two bots against each other with sides swapped every game and reports the first
//! bot's win rate with its 95% confidence interval. Seeded and reproducible:
//! `cargo run --release -p evr-ai --bin ai-match -- rules random 1000 [seed]`.

use evr_ai::{play_match, Bot, RandomBot, RuleBot};

fn bot(name: &str, seed: u64) -> Box<dyn Bot> {
    match name {
        "random" => Box::new(RandomBot::new(seed)),
        "rules" => Box::new(RuleBot::new(seed)),
        other => {
            eprintln!("unknown bot {other}: use random or rules");
            std::process::exit(2);
        }
    }
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let first = args.first().map_or("rules", String::as_str);
    let second = args.get(1).map_or("random", String::as_str);
    let games = args.get(2).and_then(|s| s.parse().ok()).unwrap_or(1000);
    let seed = args.get(3).and_then(|s| s.parse().ok()).unwrap_or(2026);
    let (mut a, mut b) = (bot(first, seed ^ 1), bot(second, seed ^ 2));
    let start = std::time::Instant::now();
    let result = play_match(seed, games, a.as_mut(), b.as_mut());
    println!(
        "{}, {:.1}s",
        result.summary(first, second),
        start.elapsed().as_secs_f64()
    );
}
