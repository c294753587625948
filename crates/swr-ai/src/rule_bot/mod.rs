//! A rule-based player for either side. It reads only its own [`PlayerView`]: the board, its
//! own cards, and its log (from which [`crate::base_candidates`] deduces where the hidden
//! base may be). Each question the engine asks is answered by a small set of rules for that
//! question, most of them "score every legal answer and take the best", with a one-step look
//! ahead where it is cheap (moving units is simulated before a system is activated; a fight
//! is estimated by counting dice). A whisper of seeded noise breaks ties, so the same seed and
//! the same views always give the same choices.
//!
//! The rules by side are described in `docs/swr/ai.md`.

mod answers;
mod cards;
mod combat;
mod command;
mod inline_vec;
mod table;

use crate::Player;
use game_kit::Rng;
use swr_engine::{Action, PlayerView, Prompt};
use table::Table;

/// The rule-based computer player (either side).
pub struct RuleBot {
    rng: Rng,
}

impl RuleBot {
    pub fn new(seed: u64) -> Self {
        RuleBot {
            rng: Rng::new(seed ^ 0x5157_5241_4931),
        }
    }

    /// The legal action with the best score; ties broken by the seeded noise.
    fn best_by(&mut self, view: &PlayerView, mut score: impl FnMut(Action) -> f64) -> Action {
        let mut best = view.legal[0];
        let mut best_score = f64::NEG_INFINITY;
        for &action in &view.legal {
            let s = score(action) + self.rng.below(1024) as f64 * 1e-7;
            if s > best_score {
                best_score = s;
                best = action;
            }
        }
        best
    }
}

impl Player for RuleBot {
    fn name(&self) -> &str {
        "rules"
    }

    fn choose(&mut self, view: &PlayerView) -> Action {
        self.choose_knowing(view, crate::knowledge::ALL_SYSTEMS)
    }
}

impl RuleBot {
    /// [`Player::choose`], with the base's possible systems narrowed further by `known` (a
    /// bit set): what the player learnt earlier when `view` carries no log, as in a search's
    /// playouts from a bare state.
    pub fn choose_knowing(&mut self, view: &PlayerView, known: u32) -> Action {
        if view.legal.len() == 1 {
            return view.legal[0];
        }
        let mut t = Table::new(view);
        // Nothing left means the base moved since: what the view shows stands alone.
        if t.candidates & known != 0 {
            t.candidates &= known;
        }
        let planned = match &view.prompt {
            Some(Prompt::Turn) => command::turn(&t),
            Some(Prompt::Move { to, .. }) => command::next_move(&t, *to),
            Some(Prompt::Assign) => command::assign(&t),
            Some(Prompt::AssignLeaders { slot }) => command::assign_leader(&t, *slot),
            Some(Prompt::Mission(step)) => cards::mission_step(&t, *step),
            Some(Prompt::Combat(step)) => combat::step(&t, *step),
            Some(Prompt::Effect { source, step }) => cards::effect(&t, *source, *step),
            _ => None,
        };
        if let Some(action) = planned.filter(|a| view.legal.contains(a)) {
            return action;
        }
        // Everything else (and any plan the engine would not take) is scored answer by answer.
        self.best_by(view, |a| answers::score(&t, a))
    }
}
