//! Search speed on one core: iterations per second over positions from seeded games, and
//! the time a decision takes at each level, with and without stopping once the pick is
//! settled. `cargo run --release -p evr-ai --bin search-speed`

use evr_ai::search::{Budget, Level, Objective, Search};
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

/// The median, the 90th percentile and the largest of `values`.
fn spread(values: &mut [f64]) -> (f64, f64, f64) {
    values.sort_by(f64::total_cmp);
    let at = |q: f64| values[((values.len() - 1) as f64 * q).round() as usize];
    (at(0.5), at(0.9), at(1.0))
}

/// Searches every view at `level` (its whole budget of iterations, or its own budget if
/// `settle`); prints a line.
fn measure(views: &[PlayerView], level: Level, settle: bool) {
    let start = Instant::now();
    let mut iterations = 0u64;
    let mut times = Vec::with_capacity(views.len());
    for (i, view) in views.iter().enumerate() {
        let t = Instant::now();
        let mut search = Search::looking_ahead(view, Objective::Game, level.horizon(), i as u64)
            .expect("searchable");
        if settle {
            search.run_within(&level.budget());
        } else {
            search.run(level.iterations());
        }
        iterations += search.iterations() as u64;
        times.push(t.elapsed().as_secs_f64() * 1000.0);
    }
    let secs = start.elapsed().as_secs_f64();
    let (median, p90, slowest) = spread(&mut times);
    println!(
        "{:<6} {:>6} iterations{}: {:>7.0} run on average, {:>7.0} iterations/s; ms per decision: median {:>6.1}, 90th percentile {:>6.1}, slowest {:>6.1}",
        level.name(),
        level.iterations(),
        if settle { ", within the level's budget" } else { "" },
        iterations as f64 / views.len() as f64,
        iterations as f64 / secs,
        median,
        p90,
        slowest
    );
}

fn main() {
    let views = positions(300);
    println!("{} positions with more than one legal action", views.len());
    for level in Level::ALL {
        measure(&views, level, false);
        if level.budget() != Budget::iterations(level.iterations()) {
            measure(&views, level, true);
        }
    }
}
