//! One seeded game with the rule-based player's reasons: every decision it makes, with its
//! best answers and their worth, then every seat's points by source.
//!
//! `cargo run --release -p egr-ai --example explain -- [players] [seed] [rules|random]`
//! (default 2 players, seed 1, random players in the other seats; `rules` puts the
//! rule-based player in every seat and explains seat 0).

use egr_ai::{Player, RandomPlayer, RuleBot};
use egr_engine::{Game, GameOptions, Seat};

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let n: u8 = args.first().and_then(|a| a.parse().ok()).unwrap_or(2);
    let seed: u64 = args.get(1).and_then(|a| a.parse().ok()).unwrap_or(1);
    let all_rules = args.get(2).is_some_and(|a| a == "rules");
    let mut players: Vec<Box<dyn Player>> = (0..n as u64)
        .map(|s| -> Box<dyn Player> {
            if s == 0 || all_rules {
                Box::new(RuleBot::new(seed + s))
            } else {
                Box::new(RandomPlayer::new(seed + s))
            }
        })
        .collect();
    let explainer = RuleBot::new(0);
    let mut game = Game::new(seed, GameOptions::new(n));
    while let Some(seat) = game.state().active_player() {
        let view = game.view(seat);
        let action = players[seat.index()].choose(&view);
        if seat == Seat(0) {
            let reasons = explainer.explain(&view);
            let best: Vec<String> = reasons
                .iter()
                .take(3)
                .map(|(a, v)| format!("{a:?} {v:.2}"))
                .collect();
            let question = format!("{:?}", view.prompt.expect("a question"));
            let question = question.split([' ', '{']).next().unwrap_or("").to_string();
            println!(
                "turn {} ({} UC) {question}: {action:?}   [{}]",
                view.turn,
                view.seats[0].coins,
                best.join(" | ")
            );
        }
        game.apply(seat, action).expect("a legal action");
    }
    let state = game.state();
    for s in state.seats() {
        println!(
            "seat {}: {:?} total {}",
            s.0,
            state.score(s),
            state.score(s).total()
        );
    }
    println!("winners: {:?}", state.winners());
}
