//! Saved games in localStorage, one slot per game. Saving never fails silently: a full or
//! blocked storage is reported to the player, and a save that cannot be read stays in its slot
//! until the player chooses to drop it.

/// One game's place in localStorage.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SaveSlot {
    pub key: &'static str,
}

fn storage() -> Result<web_sys::Storage, String> {
    leptos::prelude::window()
        .local_storage()
        .ok()
        .flatten()
        .ok_or_else(|| "this browser does not allow saving games (storage is blocked)".to_string())
}

impl SaveSlot {
    pub const fn new(key: &'static str) -> SaveSlot {
        SaveSlot { key }
    }

    /// Writes the save; the error says why the game could not be saved.
    pub fn write(self, text: &str) -> Result<(), String> {
        storage()?
            .set_item(self.key, text)
            .map_err(|_| "the browser's storage is full: this game is not being saved".to_string())
    }

    pub fn read(self) -> Option<String> {
        storage().ok()?.get_item(self.key).ok().flatten()
    }

    pub fn exists(self) -> bool {
        self.read().is_some()
    }

    pub fn clear(self) {
        if let Ok(s) = storage() {
            let _ = s.remove_item(self.key);
        }
    }
}

/// A fresh seed for a new game, from the browser's random source.
pub fn fresh_seed() -> u64 {
    let mut bytes = [0u8; 8];
    if getrandom::fill(&mut bytes).is_err() {
        // Only if the crypto source is missing: the clock still differs between games.
        return js_sys::Date::now() as u64;
    }
    u64::from_le_bytes(bytes)
}
