//! The searching computer player of Empires: Galactic Rebellion, on the game-independent
//! `ismcts` (the same search Star Wars: Rebellion's Normal and Hard levels use).
//!
//! - [`decision`]: one decision as the search sees it (samples from the player's own view,
//!   the rule-based player in the playouts, the end of the current turn as horizon).
//! - [`evaluate`]: what a position at the horizon is worth to each seat.
//! - [`Level`]: Normal and Hard, by iterations per decision; [`Plan`]: how a level decides at
//!   a table (Hard at two players challenges RuleBot's choice on common samples, each played
//!   to the end of the game).
//! - [`SearchBot`] plays a level as a [`Player`]: given only a view, like every player;
//!   [`choose`] is the same choice without a player kept between decisions, and [`advise`]
//!   the search's estimate of each option.

mod decision;
pub mod evaluate;
mod level;

pub use decision::EgrDecision;
pub use ismcts::Estimate;
pub use level::{Level, Plan, HARD_DUEL_PLAYOUTS, HARD_ITERATIONS, NORMAL_ITERATIONS};

use crate::{Player, RuleBot};
use egr_engine::{Action, GameOptions, PlayerView};
use game_kit::Rng;

/// The searching player. It knows the game's options (public: every player agreed to them)
/// and, at each decision, only the view it is handed.
pub struct SearchBot {
    /// Its level, which says how it decides at each table (none: `iterations` at every table).
    level: Option<Level>,
    iterations: u32,
    options: GameOptions,
    rng: Rng,
    rule: RuleBot,
    name: String,
}

impl SearchBot {
    /// The player at `level` for a game with these `options`, seeded.
    pub fn new(level: Level, options: GameOptions, seed: u64) -> SearchBot {
        let mut bot = SearchBot::with_iterations(level.iterations(), options, seed, level.code());
        bot.level = Some(level);
        bot
    }

    /// A searching player with its own number of iterations per decision to the end of the
    /// turn at every table (for tests and measurements), under its own name.
    pub fn with_iterations(
        iterations: u32,
        options: GameOptions,
        seed: u64,
        name: &str,
    ) -> SearchBot {
        SearchBot {
            level: None,
            iterations,
            options,
            rng: Rng::new(seed ^ 0x5EA2_C4B0),
            rule: RuleBot::new(seed),
            name: name.to_string(),
        }
    }
}

/// The search's estimates of each of `view.legal_actions` (in that order) after `iterations`,
/// or `None` when the view lists no choice or cannot be sampled.
pub fn advise(
    view: &PlayerView,
    options: &GameOptions,
    iterations: u32,
    seed: u64,
) -> Option<Vec<Estimate<Action>>> {
    if view.legal_actions.is_empty() {
        return None;
    }
    let decision = EgrDecision::new(view, options, seed).ok()?;
    let mut search = ismcts::Search::new(decision, seed);
    search.run(iterations);
    Some(search.estimates())
}

/// The search's choice at `level` from `view` alone, seeded: what [`SearchBot`] plays, for a
/// caller that keeps no player between decisions (`crate::protocol`, one request each).
pub fn choose(level: Level, view: &PlayerView, options: &GameOptions, seed: u64) -> Action {
    let rule = RuleBot::new(seed).choose(view);
    overrule(rule, view, options, level.plan(view.players), seed)
}

/// The search's action if it is clearly better than the rule-based player's `rule`, else
/// `rule`; the rules alone where there is nothing to search.
fn overrule(
    rule: Action,
    view: &PlayerView,
    options: &GameOptions,
    plan: Plan,
    seed: u64,
) -> Action {
    if view.legal_actions.len() < 2 || view.prompt.is_none() {
        return rule;
    }
    match plan {
        Plan::Search(iterations) => match advise(view, options, iterations, seed) {
            Some(estimates) => ismcts::overrule(rule, &estimates),
            // A view the engine's sampler refuses (never one the engine built): the rules.
            None => rule,
        },
        Plan::Duel(playouts) => match EgrDecision::new(view, options, seed) {
            Ok(decision) => {
                ismcts::challenge(&mut decision.to_the_end(), rule, playouts, seed).chosen
            }
            Err(_) => rule,
        },
    }
}

impl Player for SearchBot {
    fn name(&self) -> &str {
        &self.name
    }

    fn choose(&mut self, view: &PlayerView) -> Action {
        let rule = self.rule.choose(view);
        if view.legal_actions.len() < 2 || view.prompt.is_none() {
            return rule;
        }
        let seed = self.rng.next_u64();
        let plan = match self.level {
            Some(level) => level.plan(view.players),
            None => Plan::Search(self.iterations),
        };
        overrule(rule, view, &self.options, plan, seed)
    }
}
