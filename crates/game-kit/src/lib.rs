//! The parts the rules engines share and that name no game: the seeded random generator
//! that lives inside a game state, the versioned JSON envelope around a save, the game
//! with its history and log that the app keeps and saves (and takes back), the short code
//! a finished game is shared as, and the reading of a computer player's reply.

pub mod base64url;
pub mod recorded;
pub mod reply;
pub mod rng;
pub mod save;
pub mod share;
pub mod stats;

pub use recorded::{Disclosure, Recorded, Rules};
pub use rng::Rng;
pub use save::{check_envelope, LoadError, Seated};
pub use share::{is_compact, load_compact, save_compact, ShareError, Shareable, Shared};
