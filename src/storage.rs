//! The saved game in localStorage. Saving never fails silently: a full or blocked storage is
//! reported to the player, and a save that cannot be read is kept until they choose to drop it.

use crate::session::Session;
use evr_engine::LoadError;

const KEY: &str = "evr-save";

fn storage() -> Result<web_sys::Storage, String> {
    leptos::prelude::window()
        .local_storage()
        .ok()
        .flatten()
        .ok_or_else(|| "this browser does not allow saving games (storage is blocked)".to_string())
}

/// Writes the session; the error says why the game could not be saved.
pub fn save(session: &Session) -> Result<(), String> {
    storage()?
        .set_item(KEY, &session.save())
        .map_err(|_| "the browser's storage is full: this game is not being saved".to_string())
}

/// The saved session, if there is one: `Err` carries the reason and the raw text.
pub fn load() -> Option<Result<Session, (LoadError, String)>> {
    let text = storage().ok()?.get_item(KEY).ok().flatten()?;
    Some(Session::load(&text).map_err(|e| (e, text)))
}

pub fn has_save() -> bool {
    storage()
        .ok()
        .and_then(|s| s.get_item(KEY).ok().flatten())
        .is_some()
}

pub fn clear() {
    if let Ok(s) = storage() {
        let _ = s.remove_item(KEY);
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
