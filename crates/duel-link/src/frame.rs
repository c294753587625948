//! The envelope around every message, and the errors a received one can meet.
//!
//! ```text
//! byte 0      0xD1 (a duel-link message)           ┐ stable in every version, so that
//! byte 1      PROTOCOL, this layout's version      ┘ another version is told, not misread
//! byte 2      the game (1 Empire vs. Rebellion, 2 Rebellion, 3 Empires: Galactic
//!             Rebellion, 4 Rebellion's team game)
//! varint      the rules' version (the engine's save format version)
//! varint      the wire layout of the game's views, log and actions
//! 4 bytes     the room: the link's id, the game's random id (chosen by the host) plus the
//!             guest's place among the table's guests (wrapping), so that the host of a table
//!             routes every message by it; a two-player game's only link has the game's id
//! byte        who sends it (bit 0: 0 the host, 1 the guest) and bit 1: a restart (see
//!             below)
//! varint      seq: its number in the sender's direction, from 1; 0 for a control message
//! varint      ack: the last message of the other direction received in order
//! byte        kind
//! ...         body (by kind)
//! 8 bytes     tag: SHA-256 of the previous numbered message's tag (zeros for message 1
//!             and for control messages) and of everything above, first 8 bytes
//! ```
//!
//! The tags chain each direction's numbered messages, so a changed message fails its own
//! check and a missing one cannot be skipped over: message n+1 is only read once message n
//! has been. Control messages (acknowledgements, and the hello and welcome after a
//! reconnection) are not numbered and are hashed alone. A *restart* is a numbered message
//! hashed alone too, that the receiver accepts after a gap: the host sends one (the guest's
//! whole view) when the guest's copy of the link cannot be brought up to date message by
//! message, because one of the devices went back to an older save.

use crate::hash::{tag, Tag, TAG};
use crate::pack::{get_varint, put_varint};

/// The first byte of every message.
pub const MAGIC: u8 = 0xD1;
/// This envelope's version and the meaning of every kind's body. Bump on any change.
pub const PROTOCOL: u8 = 1;

/// Which end of the link.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub enum Role {
    Host,
    Guest,
}

impl Role {
    pub fn other(self) -> Role {
        match self {
            Role::Host => Role::Guest,
            Role::Guest => Role::Host,
        }
    }
}

/// What a message says.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Kind {
    /// Host, message 1 (the invite link): options, seats, the commitment to its secret.
    Invite = 1,
    /// Guest, message 1 (the reply code): its random part of the seed.
    Join = 2,
    /// Host: the guest's new view and log as a patch, with the digest of the result.
    Update = 3,
    /// Guest: an action, as its index among the legal ones of the update it answers.
    Act = 4,
    /// Host: a guest's action or request was refused, and why (nothing changed).
    Refused = 5,
    /// Either: may the last move be taken back?
    AskTakeBack = 6,
    /// Either: the answer to [`Kind::AskTakeBack`].
    AnswerTakeBack = 7,
    /// Host, at the end: its secret and the whole history, for the guest's check.
    Reveal = 8,
    /// Control: "I have received up to `ack`" (also the heartbeat).
    Ack = 9,
    /// Control, on every (re)connection: a number the answer must repeat.
    Hello = 10,
    /// Control, the answer to a hello: its number, the last message received and its tag.
    Welcome = 11,
    /// Host: the table (every seat's joined, presence and covered), when it changes. Never
    /// sent at a two-seat table unless its host's app reports presence or covers a seat.
    Table = 12,
}

impl Kind {
    fn from_byte(b: u8) -> Option<Kind> {
        use Kind::*;
        Some(match b {
            1 => Invite,
            2 => Join,
            3 => Update,
            4 => Act,
            5 => Refused,
            6 => AskTakeBack,
            7 => AnswerTakeBack,
            8 => Reveal,
            9 => Ack,
            10 => Hello,
            11 => Welcome,
            12 => Table,
            _ => return None,
        })
    }

    pub fn is_control(self) -> bool {
        matches!(self, Kind::Ack | Kind::Hello | Kind::Welcome)
    }
}

/// A game's versions as both devices must share them.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub struct Wire {
    /// 1 Empire vs. Rebellion, 2 Rebellion, 3 Empires: Galactic Rebellion, 4 Rebellion's
    /// team game.
    pub game: u8,
    /// The engine's rules (its save format version).
    pub rules: u32,
    /// The packed layout of the game's views, log events and options.
    pub layout: u32,
}

/// The games known to this version, for the words of an error.
pub fn game_name(id: u8) -> &'static str {
    match id {
        1 => "Empire vs. Rebellion",
        2 => "Rebellion",
        3 => "Empires: Galactic Rebellion",
        4 => "Rebellion's team game",
        _ => "another game",
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Header {
    pub room: u32,
    pub from: Role,
    /// A numbered message chained on nothing, accepted after a gap.
    pub restart: bool,
    pub seq: u32,
    pub ack: u32,
    pub kind: Kind,
}

/// A message read far enough to be checked: its header, body and tag, and the bytes the
/// tag covers.
#[derive(Clone, Debug)]
pub struct Parsed<'a> {
    pub header: Header,
    pub body: &'a [u8],
    pub signed: &'a [u8],
    pub tag: Tag,
}

/// Writes a message: header, body and its tag chained on `prev`.
pub fn write(wire: Wire, header: Header, body: &[u8], prev: &Tag) -> Vec<u8> {
    let mut out = vec![MAGIC, PROTOCOL, wire.game];
    put_varint(&mut out, wire.rules as u64);
    put_varint(&mut out, wire.layout as u64);
    out.extend(header.room.to_le_bytes());
    out.push(
        match header.from {
            Role::Host => 0,
            Role::Guest => 1,
        } | if header.restart { 2 } else { 0 },
    );
    put_varint(&mut out, header.seq as u64);
    put_varint(&mut out, header.ack as u64);
    out.push(header.kind as u8);
    out.extend_from_slice(body);
    let t = tag(&[prev, &out]);
    out.extend(t);
    out
}

/// Reads a message's envelope, checking in this order: that it is a message at all, the
/// protocol version, the game, the rules' and the layout's versions. The tag is checked by
/// the link, which knows the previous one.
pub fn parse(bytes: &[u8], ours: Wire) -> Result<Parsed<'_>, LinkError> {
    if bytes.len() < 3 + TAG || bytes[0] != MAGIC {
        return Err(LinkError::NotAMessage);
    }
    if bytes[1] != PROTOCOL {
        return Err(LinkError::OtherProtocol {
            theirs: bytes[1],
            ours: PROTOCOL,
        });
    }
    let (signed, t) = bytes.split_at(bytes.len() - TAG);
    let malformed = || LinkError::Malformed("the envelope is cut short");
    if signed[2] != ours.game {
        return Err(LinkError::OtherGame {
            theirs: signed[2],
            ours: ours.game,
        });
    }
    let mut at = 3;
    let rules = get_varint(signed, &mut at).ok_or_else(malformed)?;
    let layout = get_varint(signed, &mut at).ok_or_else(malformed)?;
    if rules != ours.rules as u64 || layout != ours.layout as u64 {
        return Err(LinkError::OtherVersion {
            game: ours.game,
            theirs: (rules as u32, layout as u32),
            ours: (ours.rules, ours.layout),
        });
    }
    let room = signed.get(at..at + 4).ok_or_else(malformed)?;
    let room = u32::from_le_bytes([room[0], room[1], room[2], room[3]]);
    at += 4;
    let flags = *signed.get(at).filter(|&&b| b < 4).ok_or_else(malformed)?;
    let from = if flags & 1 == 0 {
        Role::Host
    } else {
        Role::Guest
    };
    let restart = flags & 2 != 0;
    at += 1;
    let seq = get_varint(signed, &mut at)
        .filter(|&s| s <= u32::MAX as u64)
        .ok_or_else(malformed)? as u32;
    let ack = get_varint(signed, &mut at)
        .filter(|&s| s <= u32::MAX as u64)
        .ok_or_else(malformed)? as u32;
    let kind = signed
        .get(at)
        .and_then(|&k| Kind::from_byte(k))
        .ok_or(LinkError::Malformed("an unknown kind of message"))?;
    at += 1;
    if kind.is_control() != (seq == 0) || restart && seq == 0 {
        return Err(LinkError::Malformed(
            "a control message with a number, or the reverse",
        ));
    }
    let mut tag_bytes = [0u8; TAG];
    tag_bytes.copy_from_slice(t);
    Ok(Parsed {
        header: Header {
            room,
            from,
            restart,
            seq,
            ack,
            kind,
        },
        body: &signed[at..],
        signed,
        tag: tag_bytes,
    })
}

/// Why a received message (or code) was not used. Whatever the error, nothing changed: the
/// session is as it was before the message arrived.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum LinkError {
    /// Not a message of this app's online play at all.
    NotAMessage,
    /// A code whose checksum does not match.
    Damaged,
    /// Another version of this envelope.
    OtherProtocol { theirs: u8, ours: u8 },
    /// A message of another game.
    OtherGame { theirs: u8, ours: u8 },
    /// The same game with other rules or another layout of its views: `(rules, layout)`.
    OtherVersion {
        game: u8,
        theirs: (u32, u32),
        ours: (u32, u32),
    },
    /// A message of another game between the same two apps (another room).
    UnknownRoom { theirs: u32, ours: u32 },
    /// A message this device sent itself (pasted back by mistake).
    OwnMessage,
    /// Its hash does not match its content: changed on the way.
    Tampered { seq: u32 },
    /// A message that comes after one not yet received: kept until the gap is filled.
    OutOfOrder { expected: u32, got: u32 },
    /// A message already received (a duplicate or a resend): ignored.
    Stale { seq: u32 },
    /// The two devices' copies of the link disagree (one was restored from an older save,
    /// or they belong to different games with the same room).
    Diverged { detail: String },
    /// The envelope or body cannot be read.
    Malformed(&'static str),
    /// A message that makes no sense now (an update before the game started, say).
    Unexpected(&'static str),
}

impl LinkError {
    /// Errors that happen in normal play over a lossy link and need not be shown: a
    /// duplicate, or a message ahead of one still on its way.
    pub fn is_harmless(&self) -> bool {
        matches!(self, LinkError::Stale { .. } | LinkError::OutOfOrder { .. })
    }
}

impl std::fmt::Display for LinkError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            LinkError::NotAMessage => {
                f.write_str("This is not a message of this game's online play.")
            }
            LinkError::Damaged => f.write_str(
                "This code is damaged: part of it is missing or changed. Copy it again, whole.",
            ),
            LinkError::OtherProtocol { theirs, ours } => write!(
                f,
                "The other device runs another version of the app (online play version {theirs}, \
                 this one {ours}). Both players need the same version: reload the page on both \
                 devices to update, then start again."
            ),
            LinkError::OtherGame { theirs, ours } => write!(
                f,
                "This message is for {}, and this page plays {}.",
                game_name(*theirs),
                game_name(*ours)
            ),
            LinkError::OtherVersion { game, theirs, ours } => write!(
                f,
                "The other device runs another version of {} (rules {}, layout {}; this one has \
                 rules {}, layout {}). Both players need the same version of the app: reload the \
                 page on both devices to update, then start again.",
                game_name(*game),
                theirs.0,
                theirs.1,
                ours.0,
                ours.1
            ),
            LinkError::UnknownRoom { theirs, ours } => write!(
                f,
                "This message belongs to another online game (game {theirs:08x}; this one is \
                 {ours:08x})."
            ),
            LinkError::OwnMessage => f.write_str(
                "This is a message from this device: send it to the other player instead.",
            ),
            LinkError::Tampered { seq } => write!(
                f,
                "Message {seq} was changed on its way (its hash does not match): it was ignored, \
                 and the other device will send it again."
            ),
            LinkError::OutOfOrder { expected, got } => write!(
                f,
                "Message {got} arrived before message {expected}: it is kept until the missing \
                 one arrives."
            ),
            LinkError::Stale { seq } => {
                write!(
                    f,
                    "Message {seq} had already been received: it was ignored."
                )
            }
            LinkError::Diverged { detail } => write!(
                f,
                "The two devices' copies of this game differ ({detail}). One of them may have \
                 been restored from an older save."
            ),
            LinkError::Malformed(what) => {
                write!(f, "A message could not be read ({what}): it was ignored.")
            }
            LinkError::Unexpected(what) => write!(f, "A message came at the wrong time ({what})."),
        }
    }
}

impl std::error::Error for LinkError {}

impl From<crate::code::CodeError> for LinkError {
    fn from(e: crate::code::CodeError) -> Self {
        match e {
            crate::code::CodeError::NotACode => LinkError::NotAMessage,
            crate::code::CodeError::Damaged => LinkError::Damaged,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const WIRE: Wire = Wire {
        game: 2,
        rules: 2,
        layout: 1,
    };

    fn header() -> Header {
        Header {
            room: 0xdead_beef,
            from: Role::Guest,
            restart: true,
            seq: 300,
            ack: 7,
            kind: Kind::Act,
        }
    }

    #[test]
    fn envelopes_round_trip() {
        let bytes = write(WIRE, header(), &[1, 2, 3], &[5; TAG]);
        let p = parse(&bytes, WIRE).unwrap();
        assert_eq!(p.header, header());
        assert_eq!(p.body, &[1, 2, 3]);
        assert_eq!(p.tag, tag(&[&[5; TAG], p.signed]));
    }

    #[test]
    fn other_versions_are_named_before_anything_else_is_read() {
        let mut bytes = write(WIRE, header(), &[1], &[0; TAG]);
        bytes[1] = PROTOCOL + 1;
        let e = parse(&bytes, WIRE).unwrap_err();
        assert_eq!(
            e,
            LinkError::OtherProtocol {
                theirs: PROTOCOL + 1,
                ours: PROTOCOL
            }
        );
        assert!(e.to_string().contains("same version"), "{e}");
        let other = Wire { rules: 3, ..WIRE };
        let bytes = write(other, header(), &[1], &[0; TAG]);
        let e = parse(&bytes, WIRE).unwrap_err();
        assert!(matches!(e, LinkError::OtherVersion { theirs: (3, 1), .. }));
        assert!(e.to_string().contains("Rebellion (rules 3"), "{e}");
        let evr = Wire { game: 1, ..WIRE };
        let e = parse(&write(evr, header(), &[], &[0; TAG]), WIRE).unwrap_err();
        assert_eq!(
            e.to_string(),
            "This message is for Empire vs. Rebellion, and this page plays Rebellion."
        );
        assert_eq!(parse(&[1, 2, 3], WIRE).unwrap_err(), LinkError::NotAMessage);
    }
}
