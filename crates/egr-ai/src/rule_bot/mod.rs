//! The rule-based player. For each question it reads its view once ([`table::Table`]) and
//! gives every legal answer a worth in Victory Points by rules of thumb that follow the
//! game's scoring (docs/egr/ai.md): planets and the Senate through the scorings still to
//! come (the Galactic War taken into account for the last one), trade sets through their
//! income and Economy points, coins through the technologies they buy. It takes the answer
//! worth most; a whisper of seeded noise breaks ties.

mod answers;
mod attack;
mod board;
mod effects;
mod placement;
mod table;
mod values;
mod war;
mod weights;

pub use weights::Weights;

use crate::Player;
use egr_engine::{Action, PlayerView};
use game_kit::Rng;
use table::Table;

pub struct RuleBot {
    rng: Rng,
    weights: Weights,
    name: String,
}

impl RuleBot {
    pub fn new(seed: u64) -> Self {
        RuleBot::with_weights(seed, Weights::default(), "rules")
    }

    /// A variant with other weights, under its own name.
    pub fn with_weights(seed: u64, weights: Weights, name: &str) -> Self {
        RuleBot {
            rng: Rng::new(seed),
            weights,
            name: name.to_string(),
        }
    }

    /// Every legal action with its worth, best first: what the bot would say of its choice.
    pub fn explain(&self, view: &PlayerView) -> Vec<(Action, f64)> {
        let Some(prompt) = view.prompt else {
            return Vec::new();
        };
        let table = Table::read(view, self.weights);
        let mut out: Vec<(Action, f64)> = view
            .legal_actions
            .iter()
            .map(|&a| (a, answers::score(&table, prompt, a)))
            .collect();
        out.sort_by(|a, b| b.1.total_cmp(&a.1));
        out
    }
}

impl Player for RuleBot {
    fn name(&self) -> &str {
        &self.name
    }

    fn choose(&mut self, view: &PlayerView) -> Action {
        let legal = &view.legal_actions;
        match (legal.len(), view.prompt) {
            (0, _) => return Action::Pass,
            (1, _) | (_, None) => return legal[0],
            _ => {}
        }
        let prompt = view.prompt.expect("checked above");
        let table = Table::read(view, self.weights);
        let mut best = legal[0];
        let mut best_score = f64::NEG_INFINITY;
        for &action in legal {
            // The noise is far below any difference that means something.
            let noise = self.rng.below(1 << 20) as f64 * 1e-12;
            let score = answers::score(&table, prompt, action) + noise;
            if score > best_score {
                best_score = score;
                best = action;
            }
        }
        best
    }
}

/// Each seat's standing in `view` as the rule-based player reads it (`Table::standing`): points
/// so far plus the majorities held now for every scoring to come, missions and trade income.
pub(crate) fn standing(view: &PlayerView) -> [f64; egr_engine::data::MAX_SEATS] {
    Table::read(view, Weights::default()).standing()
}
