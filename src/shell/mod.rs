//! What the games share: the game list and start-screen picker, saves and the games kept
//! aside, the installable offline app and its update prompt, the hand-off between two
//! players, first-time hints, and the rendering of logs and rules references, and files and
//! the clipboard.
//! Nothing here names a game's types.

pub mod files;
pub mod games;
mod handoff;
pub mod hints;
pub mod html;
mod kept_games;
mod log;
pub mod motion;
pub mod num;
pub mod online;
mod picker;
pub mod pwa;
mod recovery;
mod rules;
pub mod shelf;
pub mod storage;
mod update_prompt;
pub mod worker;

/// Built for an online page (the `online-page` feature): the game pages' own ways into a game
/// of this device (a new game, a lesson, a kept game, advice, the hot seat) return at once, so
/// that their code is left out of the online page's wasm. An online page never takes them (its
/// Ui has no session), so nothing a player sees changes.
pub const ONLINE_PAGE: bool = cfg!(feature = "online-page");

pub use handoff::HandoffScreen;
pub use kept_games::KeptGames;
pub use log::LogList;
pub use picker::GamePicker;
pub use recovery::RecoveryScreen;
pub use rules::RulesOverlay;
pub use update_prompt::UpdatePrompt;
