//! The parts both rules engines share and that name no game: the seeded random generator
//! that lives inside a game state, the versioned JSON envelope around a save, and the game
//! with its history and log that the app keeps and saves.

pub mod recorded;
pub mod rng;
pub mod save;

pub use recorded::{Recorded, Rules};
pub use rng::Rng;
pub use save::{check_envelope, LoadError, Seated};
