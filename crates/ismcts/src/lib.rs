//! The computer opponent that searches: information-set Monte Carlo tree search over the
//! rules engine. It is handed a player's view (with that player's log), exactly what a human
//! in that seat sees, and samples everything hidden from it consistently with that view.
//!
//! - [`Knowledge`]: what the log lets a player remember (cards put on top of a deck, the
//!   opponent's characters sent to the reserve, the order of the top events).
//! - [`Sampler`]: one full game state that fits the view and the knowledge.
//! - [`Search`]: the search itself, run in slices; [`Search::estimates`] also gives the
//!   advice shown to a human (chance to win the event per legal action).
//! - [`IsmctsBot`] and [`Level`]: the opponent at Easy, Normal or Hard.

mod bot;
mod determinize;
mod knowledge;
mod level;
mod playout;
mod search;

pub use bot::IsmctsBot;
pub use determinize::{Sampler, Unsamplable};
pub use knowledge::Knowledge;
pub use level::Level;
pub use playout::Objective;
pub use search::{Estimate, Search};
