//! Rebellion's components. Each renders part of the player's view and sends actions; none
//! decides a rule (what may be done comes from the engine's legal actions).

mod cards;
mod combat;
mod decision;
mod galaxy;
mod log;
mod look;
mod mission;
mod sheets;
mod start;
mod table;
mod track;

pub use start::{RecoveryScreen, StartScreen};
pub use table::GameScreen;
