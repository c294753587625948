//! Messages as text, for playing by codes (each move a code sent by any messenger) and for
//! the invite link and the reply code: one or more messages in a bundle, a 4-byte checksum,
//! base64url without padding (letters, digits, `-` and `_`: nothing a messenger or a URL
//! fragment changes). A code with a typo, cut short or joined to another is refused as
//! damaged before any message in it is read.

use crate::frame::LinkError;
use crate::hash::sha256;
use crate::pack::{get_varint, put_varint};
use game_kit::base64url;

/// Why a text is not a readable code.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CodeError {
    /// Not a code at all (a character outside base64url, or far too short).
    NotACode,
    /// Its checksum does not match: part of it is missing or changed.
    Damaged,
}

impl std::fmt::Display for CodeError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            CodeError::NotACode => f.write_str("this is not a code of this game's online play"),
            CodeError::Damaged => f.write_str(
                "this code is damaged: part of it is missing or changed (copy it again, whole)",
            ),
        }
    }
}

impl std::error::Error for CodeError {}

/// The messages as one code.
pub fn encode(messages: &[Vec<u8>]) -> String {
    let mut bytes = Vec::new();
    put_varint(&mut bytes, messages.len() as u64);
    for m in messages {
        put_varint(&mut bytes, m.len() as u64);
        bytes.extend_from_slice(m);
    }
    let sum = sha256(&[b"duel-link code", &bytes]);
    bytes.extend_from_slice(&sum[..4]);
    base64url::encode(&bytes)
}

/// The messages of a code, checksum checked. Spaces and line breaks a messenger added are
/// ignored.
pub fn decode(text: &str) -> Result<Vec<Vec<u8>>, CodeError> {
    let clean: String = text.chars().filter(|c| !c.is_whitespace()).collect();
    let bytes = base64url::decode(&clean).map_err(|_| CodeError::NotACode)?;
    if bytes.len() < 5 {
        return Err(CodeError::NotACode);
    }
    let (body, sum) = bytes.split_at(bytes.len() - 4);
    if sha256(&[b"duel-link code", body])[..4] != *sum {
        return Err(CodeError::Damaged);
    }
    let mut at = 0;
    let count = get_varint(body, &mut at).ok_or(CodeError::Damaged)?;
    let mut out = Vec::new();
    for _ in 0..count {
        let len = get_varint(body, &mut at).ok_or(CodeError::Damaged)? as usize;
        let end = at
            .checked_add(len)
            .filter(|&e| e <= body.len())
            .ok_or(CodeError::Damaged)?;
        out.push(body[at..end].to_vec());
        at = end;
    }
    if at != body.len() {
        return Err(CodeError::Damaged);
    }
    Ok(out)
}

/// Reads every message of a code with `receive`, the events of all together. A code repeats
/// what was not acknowledged, so duplicates and messages still waiting for an earlier one are
/// expected and skipped; another error is returned only if nothing in the code was read.
pub fn receive_all<E, R>(text: &str, mut receive: R) -> Result<Vec<E>, LinkError>
where
    R: FnMut(&[u8]) -> Result<Vec<E>, LinkError>,
{
    let mut events = Vec::new();
    let mut first_error = None;
    for message in decode(text)? {
        match receive(&message) {
            Ok(e) => events.extend(e),
            Err(e) if e.is_harmless() => {}
            Err(e) => {
                first_error.get_or_insert(e);
            }
        }
    }
    match first_error {
        Some(e) if events.is_empty() => Err(e),
        _ => Ok(events),
    }
}

/// Marks the connection (a WebRTC offer or answer) leading a pairing code.
const CONNECTION_TAG: u8 = 0xC0;
/// Marks, in a reply, the name of the offer it answers.
const ANSWERS_TAG: u8 = 0xC1;
/// Marks, in an offer, the game's room.
const ROOM_TAG: u8 = 0xC2;

/// A pairing code: the invite link's fragment, the reply code, or a link to reconnect. It
/// holds a connection ([`crate::connection::Connection::to_bytes`]), or none
/// ([`Pairing::CODES_ONLY`]), for a reply the name of the offer it answers (so that a reply to
/// an older link is told, not tried), and messages.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Pairing {
    pub connection: Vec<u8>,
    pub answers: Option<[u8; 4]>,
    /// For an offer, the game it is for (so a link of another game is told, not answered).
    pub room: Option<u32>,
    pub messages: Vec<Vec<u8>>,
}

impl Pairing {
    /// The connection of a device that cannot connect directly (its browser has no WebRTC, or
    /// could not prepare a connection): none. The game is then played by codes. No packed
    /// connection is empty (it starts with its DTLS role), and the codes of earlier versions
    /// all carry one, so they read as before.
    pub const CODES_ONLY: &'static [u8] = &[];

    /// Whether the device that made this code plays by codes: nothing to connect to.
    pub fn codes_only(&self) -> bool {
        self.connection == Self::CODES_ONLY
    }

    /// A short name for an offer's connection bytes.
    pub fn name_of(connection: &[u8]) -> [u8; 4] {
        let h = sha256(&[b"duel-link offer", connection]);
        [h[0], h[1], h[2], h[3]]
    }

    pub fn encode(&self) -> String {
        let mut all = vec![[&[CONNECTION_TAG][..], &self.connection].concat()];
        if let Some(name) = self.answers {
            all.push([&[ANSWERS_TAG][..], &name].concat());
        }
        if let Some(room) = self.room {
            all.push([&[ROOM_TAG][..], &room.to_le_bytes()].concat());
        }
        all.extend(self.messages.iter().cloned());
        encode(&all)
    }

    /// A pairing code read back. A move's code (playing by codes) is not one: it is refused
    /// as [`CodeError::NotACode`].
    pub fn decode(text: &str) -> Result<Pairing, CodeError> {
        let mut messages = decode(text)?;
        match messages.first() {
            Some(first) if first.first() == Some(&CONNECTION_TAG) => {}
            _ => return Err(CodeError::NotACode),
        }
        let connection = messages.remove(0)[1..].to_vec();
        let answers = match messages.first() {
            Some(m) if m.len() == 5 && m[0] == ANSWERS_TAG => {
                let name = [m[1], m[2], m[3], m[4]];
                messages.remove(0);
                Some(name)
            }
            _ => None,
        };
        let room = match messages.first() {
            Some(m) if m.len() == 5 && m[0] == ROOM_TAG => {
                let room = u32::from_le_bytes([m[1], m[2], m[3], m[4]]);
                messages.remove(0);
                Some(room)
            }
            _ => None,
        };
        Ok(Pairing {
            connection,
            answers,
            room,
            messages,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn codes_round_trip_and_refuse_damage() {
        let messages = vec![vec![1, 2, 3], vec![], (0..=255).collect::<Vec<u8>>()];
        let code = encode(&messages);
        assert!(code.bytes().all(|c| base64url::ALPHABET.contains(&c)));
        assert_eq!(decode(&code), Ok(messages.clone()));
        let wrapped: String = code
            .chars()
            .enumerate()
            .flat_map(|(i, c)| (i % 40 == 39).then_some('\n').into_iter().chain([c]))
            .collect();
        assert_eq!(decode(&wrapped), Ok(messages));
        // Every single-character change is caught.
        for i in 0..code.len() {
            let mut b = code.clone().into_bytes();
            b[i] = if b[i] == b'A' { b'B' } else { b'A' };
            let changed = String::from_utf8(b).unwrap();
            assert!(decode(&changed).is_err(), "change at {i}");
        }
        assert_eq!(decode(&code[..code.len() - 2]), Err(CodeError::Damaged));
        assert_eq!(decode("hello world!"), Err(CodeError::NotACode));
        assert_eq!(decode(""), Err(CodeError::NotACode));
    }

    #[test]
    fn pairing_codes_carry_a_connection_and_refuse_move_codes() {
        let messages = vec![vec![0xD1, 1, 2], vec![0xD1, 3]];
        let invite = Pairing {
            connection: vec![0, 4, 5],
            answers: None,
            room: Some(77),
            messages: messages.clone(),
        };
        assert_eq!(Pairing::decode(&invite.encode()), Ok(invite.clone()));
        let reply = Pairing {
            connection: vec![1, 9],
            answers: Some(Pairing::name_of(&invite.connection)),
            room: None,
            messages: vec![],
        };
        assert_eq!(Pairing::decode(&reply.encode()), Ok(reply));
        assert_ne!(Pairing::name_of(&[0, 4, 5]), Pairing::name_of(&[0, 4, 6]));
        assert_eq!(
            Pairing::decode(&encode(&messages)),
            Err(CodeError::NotACode)
        );
        assert_eq!(Pairing::decode(&encode(&[])), Err(CodeError::NotACode));
    }

    #[test]
    fn codes_only_pairings_carry_no_connection_and_read_back_as_such() {
        let invite = Pairing {
            connection: Pairing::CODES_ONLY.to_vec(),
            answers: None,
            room: Some(77),
            messages: vec![vec![0xD1, 1, 2]],
        };
        let read = Pairing::decode(&invite.encode()).unwrap();
        assert!(read.codes_only());
        assert_eq!(read, invite);
        // A codes-only reply answers a link with a connection, or a codes-only one.
        for offer in [vec![0, 4, 5], Pairing::CODES_ONLY.to_vec()] {
            let reply = Pairing {
                connection: Pairing::CODES_ONLY.to_vec(),
                answers: Some(Pairing::name_of(&offer)),
                room: None,
                messages: vec![vec![0xD1, 3]],
            };
            let read = Pairing::decode(&reply.encode()).unwrap();
            assert!(read.codes_only());
            assert_eq!(read, reply);
        }
        // Never taken for a connection, and no connection is taken for it.
        assert!(crate::connection::Connection::from_bytes(Pairing::CODES_ONLY).is_err());
        let with_one = Pairing {
            connection: vec![0, 4, 5],
            ..invite
        };
        assert!(!Pairing::decode(&with_one.encode()).unwrap().codes_only());
    }
}
