//! Star Wars: Rebellion in the browser: one signal holds the game ([`app::Ui::session`]);
//! components render the engine's view for the player at the screen and send actions. The
//! galaxy's drawing (`layout`) and every sentence shown (`words`) are pure Rust, tested
//! natively.

mod app;
mod components;
pub mod layout;
pub mod session;
pub mod words;

pub use app::{App, COMPUTER_PAUSE};
