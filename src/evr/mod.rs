//! Empire vs. Rebellion in the browser: one signal holds the game ([`app::Ui::session`]);
//! components render the engine's view for the player at the screen and send actions.

pub mod app;
mod art;
pub mod card_text;
mod components;
pub mod lesson;
pub mod motion;
pub mod narrate;
mod online;
pub mod placement;
pub mod record;
pub mod replay;
pub mod session;
pub mod share;
mod storage;
pub mod thinking;
pub mod words;

pub use app::App;
pub use components::ReplayApp;
pub use online::OnlineApp;
