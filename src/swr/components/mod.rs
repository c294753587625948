//! Rebellion's components. Each renders part of the player's view and sends actions; none
//! decides a rule (what may be done comes from the engine's legal actions).

mod cards;
mod closeup;
mod combat;
mod decision;
mod drawers;
mod galaxy;
mod html;
mod log;
mod look;
mod mission;
mod pieces;
mod popover;
mod sheets;
mod start;
mod table;
mod team_setup;
mod thinking;

pub use start::{RecoveryScreen, StartScreen};
pub use table::GameScreen;
