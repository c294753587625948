//! What both sessions share: the bodies of the messages, the answers and errors the app
//! shows, and the saved form of a session.

use crate::frame::Wire;
use crate::hash::sha256;
use crate::pack;
use crate::timeline::Timeline;
use game_kit::base64url;
use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub(crate) struct InviteBody<O, S> {
    pub options: O,
    pub host: S,
    pub commitment: [u8; 32],
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub(crate) struct JoinBody {
    pub part: [u8; 16],
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub(crate) struct ActBody {
    /// The number of the guest's state the action was chosen in.
    pub at: u32,
    /// Its index among the guest's legal actions there.
    pub index: u32,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub(crate) struct RefusedBody {
    /// The guest's message refused.
    pub seq: u32,
    pub why: Refusal,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub(crate) struct AskBody {
    pub at: u32,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub(crate) struct AnswerBody {
    pub at: u32,
    pub accepted: bool,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub(crate) struct RevealBody {
    pub secret: [u8; 32],
    pub timeline: Timeline,
    /// The guest's action messages the host refused (their refusals may have been lost in a
    /// restart).
    pub refused: Vec<u32>,
}

/// A take-back asked and not yet answered.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub(crate) enum Asks {
    #[default]
    None,
    /// By the guest, in its state `at`.
    Guest { at: u32 },
    /// By the host, in the guest's state `at`.
    Host { at: u32 },
}

/// Why the host refused a guest's message (sent to the guest; nothing changed). Every
/// reason is worked out from what the guest itself can see.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Refusal {
    /// The other player is to decide.
    NotYourTurn,
    /// The choices changed before the move arrived (the other player moved meanwhile).
    Stale,
    /// No such choice (a damaged message, or another version of the rules).
    NoSuchAction,
    GameOver,
    /// The message could not be read.
    Malformed,
    /// Nothing can be taken back now.
    CannotTakeBack,
}

impl std::fmt::Display for Refusal {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            Refusal::NotYourTurn => "Your move was not played: it is the other player's turn.",
            Refusal::Stale => {
                "Your move was not played: the other player moved first and your choices changed. Choose again."
            }
            Refusal::NoSuchAction => "Your move was not played: the other device does not know it.",
            Refusal::GameOver => "Your move was not played: the game is over.",
            Refusal::Malformed => "Your message could not be read by the other device.",
            Refusal::CannotTakeBack => "Nothing can be taken back now.",
        })
    }
}

/// Why a local action was not sent (nothing changed).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ActError {
    /// The game has not started (the guest has not joined yet).
    NotStarted,
    GameOver,
    NotYourTurn,
    /// Not one of the legal actions now.
    NotLegal,
    /// Your last move is on its way and not yet answered, or the link is reconnecting.
    Waiting,
    /// The other player asked to take back a move: answer first.
    AnswerFirst,
    /// No take-back was asked.
    NoRequest,
    /// Nothing can be taken back now.
    CannotTakeBack,
}

impl std::fmt::Display for ActError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            ActError::NotStarted => "The game has not started yet.",
            ActError::GameOver => "The game is over.",
            ActError::NotYourTurn => "It is not your turn.",
            ActError::NotLegal => "That move is not allowed now.",
            ActError::Waiting => {
                "Your last move is on its way, or the devices are reconnecting: wait for the other device."
            }
            ActError::AnswerFirst => "The other player asks to take back a move: answer first.",
            ActError::NoRequest => "Nobody asked to take back a move.",
            ActError::CannotTakeBack => "Nothing can be taken back now.",
        })
    }
}

impl std::error::Error for ActError {}

/// Why a saved session could not be read (the text is not changed).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SaveError {
    NotASave,
    /// Saved by another version of the app (its session format, or the game's versions).
    OtherVersion,
    Damaged(String),
}

impl std::fmt::Display for SaveError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            SaveError::NotASave => f.write_str("this is not a saved online game"),
            SaveError::OtherVersion => f.write_str(
                "this online game was saved by another version of the app and cannot go on here",
            ),
            SaveError::Damaged(why) => write!(f, "this saved online game is damaged: {why}"),
        }
    }
}

impl std::error::Error for SaveError {}

/// The version of the saved sessions' layout.
pub(crate) const SAVE_VERSION: u32 = 1;

/// `"{label} {SAVE_VERSION} {base64url of the packed value and a 4-byte checksum}"`.
pub(crate) fn write_save<T: Serialize>(label: &str, value: &T) -> String {
    let mut bytes = pack::to_bytes(value).expect("a session packs");
    let sum = sha256(&[b"duel-link save", label.as_bytes(), &bytes]);
    bytes.extend_from_slice(&sum[..4]);
    format!("{label} {SAVE_VERSION} {}", base64url::encode(&bytes))
}

pub(crate) fn read_save<T: DeserializeOwned>(label: &str, text: &str) -> Result<T, SaveError> {
    let mut parts = text.trim().splitn(3, ' ');
    if parts.next() != Some(label) {
        return Err(SaveError::NotASave);
    }
    if parts.next() != Some(SAVE_VERSION.to_string().as_str()) {
        return Err(SaveError::OtherVersion);
    }
    let bytes = base64url::decode(parts.next().unwrap_or(""))
        .ok()
        .filter(|b| b.len() >= 4)
        .ok_or(SaveError::NotASave)?;
    let (body, sum) = bytes.split_at(bytes.len() - 4);
    if sha256(&[b"duel-link save", label.as_bytes(), body])[..4] != *sum {
        return Err(SaveError::Damaged("its checksum does not match".into()));
    }
    pack::from_bytes(body).map_err(|e| SaveError::Damaged(e.to_string()))
}

/// Checks a saved session's game versions against this app's.
pub(crate) fn check_wire(saved: Wire, ours: Wire) -> Result<(), SaveError> {
    if saved == ours {
        Ok(())
    } else {
        Err(SaveError::OtherVersion)
    }
}
