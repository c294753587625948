//! Search speed on one core: iterations per second over positions from seeded games, and
//! the time a decision takes at each level. `cargo run --release -p evr-ai --bin search-speed`

use evr_ai::search::{Level, Objective, Search};
use evr_ai::{Bot, RuleBot};
use evr_engine::{Game, GameOptions, PlayerView};
use std::time::Instant;

/// Decisions with a real choice, from games between rule-based players.
fn positions(count: usize) -> Vec<PlayerView> {
    let mut out = Vec::new();
    let mut seed = 0;
    while out.len() < count {
        let mut game = Game::new(seed, GameOptions::default());
        let mut bots = [RuleBot::new(seed), RuleBot::new(seed + 1)];
        while let Some(player) = game.state().active_players().iter().next() {
            let view = game.view(player);
            if view.legal_actions.len() > 1 && out.len() < count {
                out.push(view.clone());
            }
            let action = bots[player.index()].choose(&view);
            game.apply(player, action).expect("legal");
        }
        seed += 1;
    }
    out
}

fn main() {
    let views = positions(300);
    println!("{} positions with more than one legal action", views.len());
    for level in Level::ALL {
        let start = Instant::now();
        let mut iterations = 0u64;
        let mut slowest = 0f64;
        for (i, view) in views.iter().enumerate() {
            let t = Instant::now();
            let mut search =
                Search::looking_ahead(view, Objective::Game, level.horizon(), i as u64)
                    .expect("searchable");
            search.run(level.iterations());
            iterations += search.iterations() as u64;
            slowest = slowest.max(t.elapsed().as_secs_f64());
        }
        let secs = start.elapsed().as_secs_f64();
        println!(
            "{:<6} {:>5} iterations/decision: {:>7.0} iterations/s, {:>6.1} ms/decision on average, {:>6.1} ms slowest",
            level.name(),
            level.iterations(),
            iterations as f64 / secs,
            secs * 1000.0 / views.len() as f64,
            slowest * 1000.0
        );
    }
}
