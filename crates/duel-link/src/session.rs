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

/// What an invite adds after [`InviteBody`] at any table but a two-seat one with a guest
/// (whose invite stays as it was before tables: the guest is the other seat).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub(crate) struct TableInvite<S> {
    /// The seat this invite is for.
    pub guest: S,
    /// Every seat's kind, in the order of [`crate::Duel::seats`].
    pub kinds: Vec<SeatKind>,
}

/// Who holds a seat.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum SeatKind {
    /// The host's player.
    Host,
    /// A person on another device, invited by a link of its own.
    Guest,
    /// The computer, played on the host's device (its app calls `act_for`).
    Computer,
}

/// A guest's connection as the host's app sees it, reported with
/// [`crate::HostSession::set_presence`] (the crate has no clock: times are the host's, in ms).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Presence {
    Connected,
    /// Not heard from since this time (the host's clock, in ms).
    Away {
        since_ms: u64,
    },
    /// The connection is gone (closed, or failed).
    Cut,
}

/// A seat's connection as every device shows it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum PresenceLine {
    Connected,
    /// Away for this many seconds when the host last told (the guest's page may count on
    /// from the moment it was told).
    Away {
        seconds: u32,
    },
    Cut,
}

/// One seat of the table as the host tells every guest.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub(crate) struct SeatState {
    pub joined: bool,
    pub presence: PresenceLine,
    /// The host's app may play this guest's seat for it (it is away, and the host agreed).
    pub covered: bool,
}

/// The body of a [`crate::frame::Kind::Table`] message: every seat, in seat order.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub(crate) struct TableBody {
    pub seats: Vec<SeatState>,
}

/// One seat of the table, for a page's presence line and "still missing" list.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SeatStatus<S> {
    pub seat: S,
    pub kind: SeatKind,
    /// Whether its player is here: the host and computers always; a guest once its reply
    /// reached the host.
    pub joined: bool,
    pub presence: PresenceLine,
    /// The host's app plays this guest's seat for now (with the host's agreement); every
    /// device shows it.
    pub covered: bool,
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

/// What a reveal adds after [`RevealBody`] at any table but a two-seat one in which no move
/// was made for a covered guest (whose reveal stays as it was before tables).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub(crate) struct RevealExt {
    /// Every guest's part of the seed, in seat order.
    pub parts: Vec<[u8; 16]>,
    /// The timeline's actions (their numbers, from 0) the host's app played for a covered
    /// guest.
    pub covered: Vec<u32>,
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

impl Refusal {
    /// The sentence for a table of `seats` seats: "the other player" at two, "another
    /// player" at more ([`std::fmt::Display`] gives the two-seat one).
    pub fn sentence(self, seats: usize) -> &'static str {
        match (self, seats > 2) {
            (Refusal::NotYourTurn, true) => "Your move was not played: it is not your turn.",
            (Refusal::Stale, true) => {
                "Your move was not played: another player moved first and your choices changed. Choose again."
            }
            (Refusal::CannotTakeBack, true) => {
                "Nothing can be taken back: at a table of more than two, moves are never taken back."
            }
            _ => self.two_seat(),
        }
    }

    fn two_seat(self) -> &'static str {
        match self {
            Refusal::NotYourTurn => "Your move was not played: it is the other player's turn.",
            Refusal::Stale => {
                "Your move was not played: the other player moved first and your choices changed. Choose again."
            }
            Refusal::NoSuchAction => "Your move was not played: the other device does not know it.",
            Refusal::GameOver => "Your move was not played: the game is over.",
            Refusal::Malformed => "Your message could not be read by the other device.",
            Refusal::CannotTakeBack => "Nothing can be taken back now.",
        }
    }
}

impl std::fmt::Display for Refusal {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.two_seat())
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
    /// Not a seat this device may play now (the host plays its own, the computers', and a
    /// guest's only while it is covered).
    NotYourSeat,
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
            ActError::NotYourSeat => "That seat is not played from this device now.",
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

/// The version of the saved sessions' layout: 2 since tables of 2 to 5 seats (every guest's
/// link in the host's save, the table in the guest's). Version 1 saves (two-seat games) are
/// still read.
pub(crate) const SAVE_VERSION: u32 = 2;

/// `"{label} {SAVE_VERSION} {base64url of the packed value and a 4-byte checksum}"`.
pub(crate) fn write_save<T: Serialize>(label: &str, value: &T) -> String {
    let mut bytes = pack::to_bytes(value).expect("a session packs");
    let sum = sha256(&[b"duel-link save", label.as_bytes(), &bytes]);
    bytes.extend_from_slice(&sum[..4]);
    format!("{label} {SAVE_VERSION} {}", base64url::encode(&bytes))
}

/// A save's version (1 or [`SAVE_VERSION`]) and its packed value, checksum checked.
pub(crate) fn read_save_bytes(label: &str, text: &str) -> Result<(u32, Vec<u8>), SaveError> {
    let mut parts = text.trim().splitn(3, ' ');
    if parts.next() != Some(label) {
        return Err(SaveError::NotASave);
    }
    let version = match parts.next() {
        Some("1") => 1,
        Some(v) if v == SAVE_VERSION.to_string() => SAVE_VERSION,
        _ => return Err(SaveError::OtherVersion),
    };
    let bytes = base64url::decode(parts.next().unwrap_or(""))
        .ok()
        .filter(|b| b.len() >= 4)
        .ok_or(SaveError::NotASave)?;
    let (body, sum) = bytes.split_at(bytes.len() - 4);
    if sha256(&[b"duel-link save", label.as_bytes(), body])[..4] != *sum {
        return Err(SaveError::Damaged("its checksum does not match".into()));
    }
    Ok((version, body.to_vec()))
}

pub(crate) fn unpack_save<T: DeserializeOwned>(bytes: &[u8]) -> Result<T, SaveError> {
    pack::from_bytes(bytes).map_err(|e| SaveError::Damaged(e.to_string()))
}

/// Reads a body that is `A` alone (two-seat tables) or `A` followed by `B`.
pub(crate) fn read_extended<A: DeserializeOwned, B: DeserializeOwned>(
    bytes: &[u8],
) -> Option<(A, Option<B>)> {
    if let Ok(a) = pack::from_bytes::<A>(bytes) {
        return Some((a, None));
    }
    pack::from_bytes::<(A, B)>(bytes)
        .ok()
        .map(|(a, b)| (a, Some(b)))
}

/// Writes `a`, followed by `b` if any.
pub(crate) fn write_extended<A: Serialize, B: Serialize>(a: &A, b: Option<&B>) -> Vec<u8> {
    match b {
        None => pack::to_bytes(a).expect("packs"),
        Some(b) => pack::to_bytes(&(a, b)).expect("packs"),
    }
}

/// Checks a saved session's game versions against this app's.
pub(crate) fn check_wire(saved: Wire, ours: Wire) -> Result<(), SaveError> {
    if saved == ours {
        Ok(())
    } else {
        Err(SaveError::OtherVersion)
    }
}
