//! Computer opponents. A bot is handed exactly the [`PlayerView`] a human player would see
//! and answers with one of its legal actions; it never reads the game state. [`search`] is the
//! searching opponent (Easy, Normal, Hard), on the game-independent `ismcts`.

mod duel;
mod random_bot;
mod rule_bot;
pub mod search;

pub use duel::{play_match, play_one, MatchResult};
pub use random_bot::RandomBot;
pub use rule_bot::RuleBot;

use evr_engine::{Action, PlayerView};

/// A computer player.
pub trait Bot {
    fn name(&self) -> &'static str;

    /// Picks one of `view.legal_actions` (never called with an empty list).
    fn choose(&mut self, view: &PlayerView) -> Action;
}
