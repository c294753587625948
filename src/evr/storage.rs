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
