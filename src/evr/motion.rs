//! Empire vs. Rebellion's speed setting (the shared [`Speed`], kept under its own key) and how
//! long its computer pauses at each speed.

use crate::shell::storage::SaveSlot;
use std::time::Duration;

pub use crate::shell::motion::Speed;

pub const SLOT: SaveSlot = SaveSlot::new("evr-motion");

/// How long the computer waits before each of its moves, so that a person can follow them one
/// by one. With motion off it is what it was before there was motion.
pub fn computer_pause(speed: Speed) -> Duration {
    Duration::from_millis(match speed {
        Speed::Fast => 450,
        Speed::Off | Speed::Normal => 650,
        Speed::Slow => 1100,
    })
}
