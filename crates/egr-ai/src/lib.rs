//! Computer players for Empires: Galactic Rebellion. A player is handed exactly the
//! [`PlayerView`] a person in that seat would see and answers with one of its
//! `legal_actions`; it never reads the game state. [`RandomPlayer`] is the baseline,
//! [`RuleBot`] plays by rules of thumb that follow the game's scoring, [`SearchBot`] searches
//! over samples of what its view allows with RuleBot as the playout policy (docs/egr/ai.md).
//! [`play_game`] plays one game through [`egr_engine::Game`] as the app does; [`protocol`]
//! asks and answers the computer in text, for the app's Web Worker (`crates/egr-computer`).

mod play;
pub mod protocol;
mod random_player;
mod rule_bot;
pub mod search;

pub use play::{play_game, GameRecord, PlayError};
pub use protocol::Difficulty;
pub use random_player::RandomPlayer;
pub use rule_bot::{RuleBot, Weights};
pub use search::{Level, SearchBot};

use egr_engine::{Action, PlayerView};

/// A computer player.
pub trait Player {
    fn name(&self) -> &str;

    /// One of `view.legal_actions`, decided from the view alone. Called only when the view's
    /// seat has a decision to make (the list is not empty); given an empty list it answers
    /// `Action::Pass`, which the engine refuses.
    fn choose(&mut self, view: &PlayerView) -> Action;
}
