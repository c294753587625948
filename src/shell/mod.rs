//! What the games share: the game list and start-screen picker, saves and the games kept
//! aside, the installable offline app and its update prompt, the hand-off between two
//! players, first-time hints, and the rendering of logs and rules references, and files and
//! the clipboard.
//! Nothing here names a game's types.

pub mod files;
pub mod games;
mod handoff;
pub mod hints;
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

pub use handoff::HandoffScreen;
pub use kept_games::KeptGames;
pub use log::LogList;
pub use picker::GamePicker;
pub use recovery::RecoveryScreen;
pub use rules::RulesOverlay;
pub use update_prompt::UpdatePrompt;
