//! The components. Each renders part of the player's view and sends actions; none decides a
//! rule (legal actions come from the engine through the view).

mod advice;
mod board;
mod cards;
mod decision;
mod drawers;
mod game;
mod handoff;
mod lesson;
mod record;
mod replay;
mod rules;
mod share;
mod start;
mod summary;
mod table;
mod take_back;
mod zoom;

pub use game::GameScreen;
pub use record::RecordSummary;
pub use replay::ReplayApp;
pub use rules::{RulesReference, RULES_URL};
pub use start::{RecoveryScreen, StartScreen};
