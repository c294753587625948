//! Empire vs. Rebellion's saved game (its slot keeps the key older versions used, so their
//! saves still load).

use crate::evr::record::Record;
use crate::evr::session::Session;
use crate::shell::storage::SaveSlot;
use evr_engine::LoadError;

pub const SLOT: SaveSlot = SaveSlot::new("evr-save");

/// Writes the session; the error says why the game could not be saved.
pub fn save(session: &Session) -> Result<(), String> {
    SLOT.write(&session.save())
}

/// The saved session, if there is one: `Err` carries the reason and the raw text.
pub fn load() -> Option<Result<Session, (LoadError, String)>> {
    let text = SLOT.read()?;
    Some(Session::load(&text).map_err(|e| (e, text)))
}

/// The line beside the save for the "Your games" page (see `shell::shelf::about_text`).
pub fn save_about(session: &Session) {
    use crate::shell::shelf::{about_key, about_text, LocalStorage, Store};
    let line = about_text(&session.save(), &session.describe(), session.is_over());
    let _ = LocalStorage.set(&about_key(SLOT.key), &line);
}

/// The game in progress, as "Your games" sees it: its save and, if unfinished, its
/// description (from the line beside it; a save without a line that matches it is described
/// as a game in progress, so that it is kept aside rather than written over).
pub fn current_unfinished() -> Option<(String, crate::shell::shelf::Description)> {
    use crate::shell::shelf::{about_key, read_about, Description, LocalStorage, Store};
    let save = SLOT.read()?;
    let line = LocalStorage.get(&about_key(SLOT.key)).unwrap_or_default();
    match read_about(&line, &save) {
        Some((_, true)) => None,
        Some((about, false)) => Some((save, about)),
        None => Some((
            save,
            Description {
                sides: "A game in progress".into(),
                progress: "Saved before this list existed".into(),
            },
        )),
    }
}

pub fn has_save() -> bool {
    SLOT.exists()
}

pub fn clear() {
    SLOT.clear()
}

/// The player's record, kept beside the save.
const RECORD: SaveSlot = SaveSlot::new("evr-record");

/// The record: empty if there is none yet; `Err` says why a stored one cannot be read (it is
/// then left as it is, and nothing is counted, rather than overwritten).
pub fn load_record() -> Result<Record, String> {
    match RECORD.read() {
        None => Ok(Record::default()),
        Some(text) => {
            Record::load(&text).map_err(|e| format!("Your record could not be read: {e}."))
        }
    }
}

pub fn save_record(record: &Record) -> Result<(), String> {
    RECORD.write(&record.save())
}
