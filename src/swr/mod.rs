//! Star Wars: Rebellion in the browser: one signal holds the game ([`app::Ui::session`]);
//! components render the engine's view for the player at the screen and send actions. What
//! the galaxy offers for a decision (`targets`), the choices as a short grouped list
//! (`choices`), the units as tokens that keep their identity (`tokens`), the galaxy's
//! drawing (`layout`) and every sentence shown (`words`) are pure Rust, tested natively.

mod app;
pub mod art;
pub mod choices;
mod components;
pub mod layout;
pub mod lesson;
mod online;
pub mod session;
pub mod targets;
pub mod tokens;
pub mod words;

pub use app::{computer_pause, App};
pub use online::{OnlineApp, TeamOnlineApp};
pub use session::COMPUTER_PAUSE;
