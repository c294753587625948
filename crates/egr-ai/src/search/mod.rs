//! The searching computer player of Empires: Galactic Rebellion, on the game-independent
//! `ismcts` (the same search Star Wars: Rebellion's Normal and Hard levels use).
//!
//! - [`decision`]: one decision as the search sees it (samples from the player's own view,
//!   the rule-based player in the playouts, the end of the current turn as horizon).
//! - [`evaluate`]: what a position at the horizon is worth to each seat.
//! - [`Level`]: Normal and Hard, by iterations per decision.
//! - [`SearchBot`] plays a level as a [`Player`]: given only a view, like every player.

mod decision;
pub mod evaluate;
mod level;

pub use decision::EgrDecision;
pub use ismcts::Estimate;
pub use level::{Level, HARD_ITERATIONS, NORMAL_ITERATIONS};

use crate::{Player, RuleBot};
use egr_engine::{Action, GameOptions, PlayerView};
use game_kit::Rng;

/// How many standard errors an option's estimate must stand above the rule-based player's
/// choice's for the search to overrule it: the best of many noisy estimates looks better than
/// it is, so a small lead is no reason.
const CONFIDENCE: f64 = 2.0;
/// The fewest iterations an option needs to overrule the rule-based player's choice.
const MIN_VISITS: u32 = 16;

/// The searching player. It knows the game's options (public: every player agreed to them)
/// and, at each decision, only the view it is handed.
pub struct SearchBot {
    iterations: u32,
    options: GameOptions,
    rng: Rng,
    rule: RuleBot,
    name: String,
}

impl SearchBot {
    /// The player at `level` for a game with these `options`, seeded.
    pub fn new(level: Level, options: GameOptions, seed: u64) -> SearchBot {
        SearchBot::with_iterations(level.iterations(), options, seed, level.code())
    }

    /// A searching player with its own number of iterations per decision (for tests and
    /// measurements), under its own name.
    pub fn with_iterations(
        iterations: u32,
        options: GameOptions,
        seed: u64,
        name: &str,
    ) -> SearchBot {
        SearchBot {
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
        match advise(view, &self.options, self.iterations, seed) {
            Some(estimates) => better_than(rule, &estimates),
            // A view the engine's sampler refuses (never one the engine built): play the rules.
            None => rule,
        }
    }
}

/// The search's most visited option if it is clearly better than `rule` (the rule-based
/// player's choice); else `rule`.
fn better_than(rule: Action, estimates: &[Estimate<Action>]) -> Action {
    let Some(best) = estimates.iter().max_by_key(|e| e.visits) else {
        return rule;
    };
    let Some(ruled) = estimates.iter().find(|e| e.action == rule) else {
        return rule;
    };
    let lead = best.chance - ruled.chance;
    let error = (best.error * best.error + ruled.error * ruled.error).sqrt();
    if best.action != rule
        && best.visits >= MIN_VISITS
        && ruled.visits >= 4
        && lead > CONFIDENCE * error
    {
        best.action
    } else {
        rule
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn estimate(action: Action, chance: f64, visits: u32, error: f64) -> Estimate<Action> {
        Estimate {
            action,
            chance,
            visits,
            error,
        }
    }

    #[test]
    fn the_rule_based_choice_stands_unless_the_search_is_sure() {
        let (rule, other) = (Action::Pass, Action::Bid(1));
        let close = [
            estimate(rule, 0.50, 40, 0.03),
            estimate(other, 0.55, 80, 0.03),
        ];
        assert_eq!(better_than(rule, &close), rule, "a lead within the noise");
        let clear = [
            estimate(rule, 0.40, 40, 0.02),
            estimate(other, 0.55, 80, 0.02),
        ];
        assert_eq!(better_than(rule, &clear), other, "a clear lead");
        let few = [
            estimate(rule, 0.10, 2, 0.02),
            estimate(other, 0.90, 8, 0.02),
        ];
        assert_eq!(better_than(rule, &few), rule, "too few iterations to judge");
    }
}
