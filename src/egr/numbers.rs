//! The board's numbers this device starts games with. The rulebook does not print the Power
//! tiles' values, four boxes' slot counts, the mix of trade goods or two Covert Mission facts;
//! the engine's provisional values stand in for them (docs/egr/rules.md §16). An owner of the
//! game enters the printed ones in the start screen's editor; they are kept on this device
//! and travel inside every game's save, so a game always replays with its own numbers.

use crate::shell::storage::SaveSlot;
use egr_engine::{BoardNumbers, GameOptions, Rulings};
use serde::{Deserialize, Serialize};

const SLOT: SaveSlot = SaveSlot::new("egr-numbers");

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct DeviceNumbers {
    pub numbers: BoardNumbers,
    pub rulings: Rulings,
}

impl Default for DeviceNumbers {
    fn default() -> Self {
        DeviceNumbers {
            numbers: BoardNumbers::provisional(),
            rulings: Rulings::default(),
        }
    }
}

impl DeviceNumbers {
    /// The numbers kept on this device; the provisional ones if none are, or if those kept
    /// no longer make a game (they stay stored, untouched, until other numbers are kept).
    pub fn load() -> DeviceNumbers {
        SLOT.read()
            .and_then(|t| serde_json::from_str::<DeviceNumbers>(&t).ok())
            .filter(|d| d.options(2).check().is_ok())
            .unwrap_or_default()
    }

    pub fn save(&self) -> Result<(), String> {
        SLOT.write(&serde_json::to_string(self).unwrap_or_default())
    }

    pub fn options(&self, players: u8) -> GameOptions {
        GameOptions {
            players,
            numbers: self.numbers,
            rulings: self.rulings,
        }
    }

    /// Whether these are the engine's provisional numbers, unchanged.
    pub fn provisional(&self) -> bool {
        self.numbers == BoardNumbers::provisional()
    }
}
