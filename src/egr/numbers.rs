//! The board's numbers this device starts games with. The rulebook does not print the Power
//! tiles' values, four boxes' slot counts, the mix of trade goods or two Covert Mission facts;
//! the engine's provisional values stand in for them (docs/egr/rules.md §16). An owner of the
//! game enters the printed ones in the start screen's editor; they are kept on this device
//! and travel inside every game's save, so a game always replays with its own numbers.

use crate::shell::storage::SaveSlot;
use egr_engine::{BoardNumbers, GameOptions, Rulings, Spot};
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

/// What a provisional number's mark says when tapped.
pub const PROVISIONAL_NOTE: &str = "A provisional number: the rulebook does not print it, so \
    this app stands in a value of its own. If you own the game, you can enter the printed one \
    under \"The board's numbers\" on the start screen (for the next game).";

/// Whether the game's Power tiles are the provisional ones.
pub fn provisional_power(numbers: &BoardNumbers) -> bool {
    numbers.power == BoardNumbers::provisional().power
}

/// Whether the game's slot count for `spot` is a provisional one (the boxes whose slots the
/// rulebook does not print).
pub fn provisional_slots(numbers: &BoardNumbers, spot: Spot) -> bool {
    let p = BoardNumbers::provisional();
    match spot {
        Spot::Initiative => numbers.initiative_slots == p.initiative_slots,
        Spot::Trade => numbers.trade_slots == p.trade_slots,
        Spot::Research => numbers.research_slots == p.research_slots,
        Spot::Warfare => numbers.warfare_slots == p.warfare_slots,
        _ => false,
    }
}
