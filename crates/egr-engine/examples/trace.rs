//! Prints the log of one random game: `cargo run -p egr-engine --example trace -- [players] [seed]`.
use egr_engine::*;
use game_kit::Rng;

fn main() {
    let args: Vec<u64> = std::env::args()
        .skip(1)
        .filter_map(|a| a.parse().ok())
        .collect();
    let players = args.first().copied().unwrap_or(3) as u8;
    let seed = args.get(1).copied().unwrap_or(1);
    let mut game = Game::new(seed, GameOptions::new(players));
    let mut policy = Rng::new(seed);
    while let Some(p) = game.state().active_player() {
        let legal = game.state().legal_actions(p);
        let a = legal[policy.below(legal.len())];
        println!("> seat {} {:?}   ({} choices)", p.0, a, legal.len());
        let from = game.apply(p, a).unwrap();
        for e in game.log_for(Seat(0), from) {
            println!("    {e:?}");
        }
    }
    for s in game.state().seats() {
        println!("seat {}: {:?}", s.0, game.state().score(s));
    }
    println!("winners {:?}", game.state().winners());
}
