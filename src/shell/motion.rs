//! How fast a game's table moves: a setting kept on the device (off, fast, normal, slow; off
//! by default when the system asks for reduced motion). Motion is all in the style sheets
//! (transitions keyed to `data-motion` on the app), so it never holds back input: a click acts
//! at once and a moving piece turns toward its new place. Each game keeps its own setting and
//! decides how long its computer pauses at each speed.

use crate::shell::storage::SaveSlot;
use leptos::prelude::window;
use std::time::Duration;

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

    /// The speed saved in `slot`; otherwise off when the system asks for less motion.
    pub fn load(slot: SaveSlot) -> Speed {
        slot.read()
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
    pub fn save(self, slot: SaveSlot) {
        let _ = slot.write(self.name());
    }
}

fn reduced_motion_asked() -> bool {
    leptos::prelude::window()
        .match_media("(prefers-reduced-motion: reduce)")
        .ok()
        .flatten()
        .is_some_and(|m| m.matches())
}

/// The pause the page's address asks for before each computer action, `?pause=<ms>` (the
/// browser tests; at most 5 s).
pub fn asked_pause() -> Option<Duration> {
    let search = window().location().search().unwrap_or_default();
    search
        .trim_start_matches('?')
        .split('&')
        .find_map(|kv| kv.strip_prefix("pause="))
        .and_then(|ms| ms.parse::<u64>().ok())
        .map(|ms| Duration::from_millis(ms.min(5000)))
}
