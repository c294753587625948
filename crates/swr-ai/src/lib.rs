//! Computer players for Star Wars: Rebellion. Each one chooses from a [`swr_engine::PlayerView`]
//! only: the same view a person at the screen gets.
//!
//! * [`RandomBot`]: uniformly random legal actions, the baseline.
//! * [`RuleBot`]: a rule-based player for either side (see `docs/swr/ai.md`).
//! * [`base_candidates`]: where the hidden Rebel base may still be, as far as a player's view
//!   and log tell (for the Empire's computer player, and to show a human Empire player).
//! * [`search`]: Normal and Hard, which search over what they cannot see (samples of the
//!   hidden parts from their own view, on the shared `ismcts`), and advice for a person.
//! * [`protocol`]: the questions a page asks a computer player in a Web Worker, and its
//!   replies, as text.
//! * [`play_game`]: one game between two players, driven through [`swr_engine::Game`] as the
//!   app drives it.

mod duel;
mod knowledge;
pub mod protocol;
mod random_bot;
mod rule_bot;
pub mod search;

pub use duel::{play_game, play_game_recorded, GameRecord, ACTION_CAP};
pub use knowledge::{base_candidate_mask, base_candidates, BaseTracker};
pub use random_bot::RandomBot;
pub use rule_bot::RuleBot;

use swr_engine::{Action, PlayerView};

/// A computer player. It sees only its own side's [`PlayerView`] (from
/// [`swr_engine::Game::view`], its log included), never the game state.
pub trait Player {
    fn name(&self) -> &str;

    /// Picks one of `view.legal`; called only when that list is not empty.
    fn choose(&mut self, view: &PlayerView) -> Action;
}
