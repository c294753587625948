//! The envelope around every save: `{"format": NAME, "version": N, ...}`. Reading one checks
//! the name and version before anything else, so a save of another game, a newer version or
//! plain garbage is refused with a reason and never half-read.

use serde::Deserialize;

/// Why a save could not be loaded. The save itself is never changed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum LoadError {
    /// Not a save of this game at all (not JSON, or another format).
    NotASave,
    /// Written by a newer version of the game.
    TooNew { version: u32 },
    /// Written by an older version this one cannot read.
    TooOld { version: u32 },
    /// It claims to be a save but its content is damaged or inconsistent.
    Corrupt(String),
}

impl std::fmt::Display for LoadError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            LoadError::NotASave => f.write_str("this is not a saved game of this game"),
            LoadError::TooNew { version } => write!(
                f,
                "this save comes from a newer version of the game (format {version})"
            ),
            LoadError::TooOld { version } => write!(
                f,
                "this save comes from an older version of the game (format {version}) that this one cannot read"
            ),
            LoadError::Corrupt(why) => write!(f, "this save is damaged: {why}"),
        }
    }
}

impl std::error::Error for LoadError {}

#[derive(Deserialize)]
struct Header {
    format: String,
    version: u32,
}

/// Checks that `text` is a JSON save named `format` at exactly `version`.
pub fn check_envelope(text: &str, format: &str, version: u32) -> Result<(), LoadError> {
    let header: Header = serde_json::from_str(text).map_err(|_| LoadError::NotASave)?;
    if header.format != format {
        return Err(LoadError::NotASave);
    }
    if header.version > version {
        return Err(LoadError::TooNew {
            version: header.version,
        });
    }
    if header.version < version {
        return Err(LoadError::TooOld {
            version: header.version,
        });
    }
    Ok(())
}

/// A game as an app keeps it at one device: how it is played (`mode`), whose seat the screen
/// shows, and the game's own save, inside the app's envelope. Both games' sessions save this.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Seated<M, S> {
    pub mode: M,
    pub seat: S,
    pub game: String,
}

impl<M: serde::Serialize, S: serde::Serialize> Seated<M, S> {
    /// `{"format", "version", "mode", "seat", "game"}`.
    pub fn save(&self, format: &str, version: u32) -> String {
        #[derive(serde::Serialize)]
        struct Out<'a, M, S> {
            format: &'a str,
            version: u32,
            #[serde(flatten)]
            seated: &'a Seated<M, S>,
        }
        serde_json::to_string(&Out {
            format,
            version,
            seated: self,
        })
        .unwrap_or_default()
    }
}

impl<M: serde::de::DeserializeOwned, S: serde::de::DeserializeOwned> Seated<M, S> {
    /// Checks the envelope first ([`check_envelope`]), then reads the rest.
    pub fn load(text: &str, format: &str, version: u32) -> Result<Self, LoadError> {
        check_envelope(text, format, version)?;
        serde_json::from_str(text).map_err(|e| LoadError::Corrupt(e.to_string()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_seated_save_round_trips_in_its_envelope() {
        let seated = Seated {
            mode: 3u8,
            seat: "Rebel".to_string(),
            game: "{}".to_string(),
        };
        let text = seated.save("x-session", 1);
        assert_eq!(
            text,
            r#"{"format":"x-session","version":1,"mode":3,"seat":"Rebel","game":"{}"}"#
        );
        assert_eq!(Seated::load(&text, "x-session", 1), Ok(seated));
        assert_eq!(
            Seated::<u8, String>::load(&text, "y-session", 1),
            Err(LoadError::NotASave)
        );
    }

    #[test]
    fn envelope_checks_name_then_version() {
        let ok = r#"{"format":"x","version":2,"game":{}}"#;
        assert_eq!(check_envelope(ok, "x", 2), Ok(()));
        assert_eq!(check_envelope(ok, "y", 2), Err(LoadError::NotASave));
        assert_eq!(
            check_envelope(ok, "x", 1),
            Err(LoadError::TooNew { version: 2 })
        );
        assert_eq!(
            check_envelope(ok, "x", 3),
            Err(LoadError::TooOld { version: 2 })
        );
        assert_eq!(check_envelope("garbage", "x", 2), Err(LoadError::NotASave));
        assert_eq!(check_envelope("{}", "x", 2), Err(LoadError::NotASave));
    }
}
