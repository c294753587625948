//! How fast the table moves: a setting kept on the device. Motion is all in the style sheet
//! (transitions keyed to `data-motion` on the app), so it never holds back input: a click acts
//! at once and a moving card turns toward its new place.

use crate::shell::storage::SaveSlot;
use std::time::Duration;

const SLOT: SaveSlot = SaveSlot::new("evr-motion");

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Speed {
    Off,
    Fast,
    Normal,
    Slow,
}

impl Speed {
    pub const ALL: [Speed; 4] = [Speed::Off, Speed::Fast, Speed::Normal, Speed::Slow];

    pub fn name(self) -> &'static str {
        match self {
            Speed::Off => "off",
            Speed::Fast => "fast",
            Speed::Normal => "normal",
            Speed::Slow => "slow",
        }
    }

    pub fn label(self) -> &'static str {
        match self {
            Speed::Off => "Off",
            Speed::Fast => "Fast",
            Speed::Normal => "Normal",
            Speed::Slow => "Slow",
        }
    }

    fn parse(text: &str) -> Option<Speed> {
        Speed::ALL.into_iter().find(|s| s.name() == text)
    }

    /// How long the computer waits before each of its moves, so that a person can follow
    /// them one by one. With motion off it is what it was before there was motion.
    pub fn computer_pause(self) -> Duration {
        Duration::from_millis(match self {
            Speed::Fast => 450,
            Speed::Off | Speed::Normal => 650,
            Speed::Slow => 1100,
        })
    }

    /// The speed saved on this device; otherwise off when the system asks for less motion.
    pub fn load() -> Speed {
        SLOT.read()
            .as_deref()
            .and_then(Speed::parse)
            .unwrap_or_else(|| {
                if reduced_motion_asked() {
                    Speed::Off
                } else {
                    Speed::Normal
                }
            })
    }

    /// Remembers the speed; a full storage only means it is not remembered.
    pub fn save(self) {
        let _ = SLOT.write(self.name());
    }
}

fn reduced_motion_asked() -> bool {
    leptos::prelude::window()
        .match_media("(prefers-reduced-motion: reduce)")
        .ok()
        .flatten()
        .is_some_and(|m| m.matches())
}
