//! Star Wars: Empire vs. Rebellion in the browser: a Leptos (client-side rendered) app over
//! the rules engine. One signal holds the game ([`app::Ui::session`]); components render the
//! engine's view for the player at the screen and send actions. See docs/architecture.md.

pub mod app;
pub mod card_text;
mod components;
pub mod markdown;
pub mod narrate;
mod pwa;
pub mod session;
mod storage;
mod thinking;

pub use app::App;
