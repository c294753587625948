//! The parts both rules engines share and that name no game: the seeded random generator
//! that lives inside a game state, and the versioned JSON envelope around a save.

pub mod rng;
pub mod save;

pub use rng::Rng;
pub use save::{check_envelope, LoadError};
