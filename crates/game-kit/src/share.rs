//! A finished game as a short text for a link or a file: the seed, the options and each
//! action as its index among the legal actions of the moment, in as few bits as that choice
//! needs (a forced action takes none). Reading one replays it through the rules, so a code
//! that reads is a game the rules accept; a checksum catches damage before that.
//!
//! Layout (bytes, then base64url without padding): version, options (one byte, or as many as
//! the engine's [`Shareable::options_bytes`] writes), a byte the app labels
//! the players with, the seed (8 bytes, little end first), the number of actions (LEB128),
//! the packed action bits, and a 32-bit FNV-1a checksum of everything before it.

use crate::base64url;
use crate::recorded::{Recorded, Rules};
use crate::save::LoadError;

/// The layout's version: bump when it, the rules or the order of legal actions change, so
/// that an old link says so instead of replaying a different game.
pub const SHARE_VERSION: u8 = 1;

/// What an engine provides so that its games can be shared as codes.
pub trait Shareable: Rules {
    /// Sides that must act now, in a fixed order.
    fn to_act(&self) -> Vec<Self::Side>;
    /// The legal actions of `side` now, in the engine's fixed order.
    fn legal(&self, side: Self::Side) -> Vec<Self::Action>;
    fn options_byte(options: Self::Options) -> u8;
    fn options_from_byte(byte: u8) -> Option<Self::Options>;
    /// The options as they go into a code. By default the one byte of [`Self::options_byte`],
    /// so that an engine whose options fit a byte writes exactly what it always wrote; an
    /// engine with more options writes as many bytes as it needs.
    fn options_bytes(options: Self::Options) -> Vec<u8> {
        vec![Self::options_byte(options)]
    }
    /// Reads [`Self::options_bytes`] from the start of `bytes`: the options and how many bytes
    /// they took.
    fn options_from_bytes(bytes: &[u8]) -> Option<(Self::Options, usize)> {
        Self::options_from_byte(*bytes.first()?).map(|options| (options, 1))
    }
}

/// Why a code could not be read. Nothing the player has is touched by reading one.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ShareError {
    /// Not a code at all (wrong characters, far too short).
    NotAGame,
    /// Its checksum does not match: some of it was lost or changed.
    Damaged,
    /// Written by another version of the app.
    OtherVersion(u8),
    /// The checksum matches but the rules refuse it (another game's code, most likely).
    Refused,
}

impl std::fmt::Display for ShareError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            ShareError::NotAGame => f.write_str("this is not a shared game"),
            ShareError::Damaged => {
                f.write_str("this shared game is damaged: part of it is missing or changed")
            }
            ShareError::OtherVersion(v) => write!(
                f,
                "this game was shared by another version of the app (format {v}); this one reads format {SHARE_VERSION}"
            ),
            ShareError::Refused => f.write_str("this shared game is not one this game's rules accept"),
        }
    }
}

impl std::error::Error for ShareError {}

/// A game read from a code.
pub struct Shared<R: Rules> {
    pub game: Recorded<R>,
    /// The app's byte about who played (see [`encode`]).
    pub players: u8,
}

fn fnv1a(bytes: &[u8]) -> u32 {
    bytes.iter().fold(0x811c_9dc5, |h, &b| {
        (h ^ b as u32).wrapping_mul(0x0100_0193)
    })
}

/// Bits needed to tell `n` choices apart.
fn width(n: usize) -> u32 {
    usize::BITS - n.saturating_sub(1).leading_zeros()
}

struct BitWriter {
    bytes: Vec<u8>,
    used: u32,
}

impl BitWriter {
    fn put(&mut self, value: usize, bits: u32) {
        for i in (0..bits).rev() {
            if self.used.is_multiple_of(8) {
                self.bytes.push(0);
            }
            if let Some(last) = self.bytes.last_mut().filter(|_| (value >> i) & 1 == 1) {
                *last |= 0x80 >> (self.used % 8);
            }
            self.used += 1;
        }
    }
}

struct BitReader<'a> {
    bytes: &'a [u8],
    at: usize,
}

impl BitReader<'_> {
    fn take(&mut self, bits: u32) -> Option<usize> {
        let mut value = 0;
        for _ in 0..bits {
            let byte = *self.bytes.get(self.at / 8)?;
            value = value << 1 | ((byte >> (7 - self.at % 8)) & 1) as usize;
            self.at += 1;
        }
        Some(value)
    }
}

/// The game's code. `players` is the app's own byte (who played, at which level).
pub fn encode<R: Shareable>(game: &Recorded<R>, players: u8) -> String {
    let mut bytes = vec![SHARE_VERSION];
    bytes.extend(R::options_bytes(game.options()));
    bytes.push(players);
    bytes.extend(game.seed().to_le_bytes());
    let mut count = game.history().len();
    loop {
        let low = (count & 0x7f) as u8;
        count >>= 7;
        bytes.push(if count > 0 { low | 0x80 } else { low });
        if count == 0 {
            break;
        }
    }
    let mut bits = BitWriter {
        bytes: Vec::new(),
        used: 0,
    };
    let mut replay = Recorded::<R>::new(game.seed(), game.options());
    for &(side, action) in game.history() {
        let actors = replay.state().to_act();
        let seat = actors.iter().position(|s| *s == side).unwrap_or(0);
        bits.put(seat, width(actors.len()));
        let legal = replay.state().legal(side);
        let index = legal.iter().position(|a| *a == action).unwrap_or(0);
        bits.put(index, width(legal.len()));
        let _ = replay.apply(side, action);
    }
    bytes.extend(bits.bytes);
    let sum = fnv1a(&bytes);
    bytes.extend(sum.to_le_bytes());
    base64url::encode(&bytes)
}

/// Reads a code: checksum first, then version, then a replay through the rules.
pub fn decode<R: Shareable>(code: &str) -> Result<Shared<R>, ShareError> {
    let code = code.trim();
    let bytes = match base64url::decode(code) {
        Ok(bytes) => bytes,
        // Cut short or changed at its end: damaged if it was long enough to be a game.
        Err(base64url::Base64Error::End) if code.len() * 3 / 4 >= 16 => {
            return Err(ShareError::Damaged)
        }
        Err(_) => return Err(ShareError::NotAGame),
    };
    if bytes.len() < 16 {
        return Err(ShareError::NotAGame);
    }
    let (body, sum) = bytes.split_at(bytes.len() - 4);
    if fnv1a(body).to_le_bytes() != sum {
        return Err(ShareError::Damaged);
    }
    if body[0] != SHARE_VERSION {
        return Err(ShareError::OtherVersion(body[0]));
    }
    let (options, used) = R::options_from_bytes(&body[1..]).ok_or(ShareError::Refused)?;
    let players = *body.get(1 + used).ok_or(ShareError::NotAGame)?;
    let seed_bytes = body.get(2 + used..10 + used).ok_or(ShareError::NotAGame)?;
    let seed = u64::from_le_bytes(seed_bytes.try_into().map_err(|_| ShareError::NotAGame)?);
    let (mut count, mut shift, mut at) = (0usize, 0, 10 + used);
    loop {
        let byte = *body.get(at).ok_or(ShareError::Refused)?;
        at += 1;
        count |= ((byte & 0x7f) as usize) << shift;
        shift += 7;
        if byte & 0x80 == 0 {
            break;
        }
        if shift > 28 {
            return Err(ShareError::Refused);
        }
    }
    let mut bits = BitReader {
        bytes: &body[at..],
        at: 0,
    };
    let mut game = Recorded::<R>::new(seed, options);
    for _ in 0..count {
        let actors = game.state().to_act();
        let seat = bits.take(width(actors.len())).ok_or(ShareError::Refused)?;
        let side = *actors.get(seat).ok_or(ShareError::Refused)?;
        let legal = game.state().legal(side);
        let index = bits.take(width(legal.len())).ok_or(ShareError::Refused)?;
        let action = *legal.get(index).ok_or(ShareError::Refused)?;
        game.apply(side, action).map_err(|_| ShareError::Refused)?;
    }
    // Whatever is left is the padding of the last byte.
    if bits.bytes.len() != bits.at.div_ceil(8) {
        return Err(ShareError::Refused);
    }
    Ok(Shared { game, players })
}

/// A game in progress as a compact save: `"{FORMAT} {VERSION} {code}"`, the code as
/// [`encode`] writes it. It needs no decoder for the engine's actions (each is its index among
/// the legal ones), so a page that reads only these carries none: Rebellion's page is about
/// 10 KiB gzip smaller than with its JSON saves.
pub fn save_compact<R: Shareable>(game: &Recorded<R>) -> String {
    format!("{} {} {}", R::FORMAT, R::VERSION, encode(game, 0))
}

/// Whether `text` looks like a compact save of `R` (of any version).
pub fn is_compact<R: Rules>(text: &str) -> bool {
    text.trim_start()
        .strip_prefix(R::FORMAT)
        .is_some_and(|rest| rest.starts_with(' '))
}

/// Reads a compact save. As with JSON saves ([`Recorded::load`]), a save of an older version
/// down to [`Rules::OLDEST_REPLAYABLE`] loads if today's rules accept its whole history, and
/// is reported as too old if they do not.
pub fn load_compact<R: Shareable>(text: &str) -> Result<Recorded<R>, LoadError> {
    let mut parts = text.trim().splitn(3, ' ');
    if parts.next() != Some(R::FORMAT) {
        return Err(LoadError::NotASave);
    }
    let version: u32 = parts
        .next()
        .and_then(|v| v.parse().ok())
        .ok_or(LoadError::NotASave)?;
    if version > R::VERSION {
        return Err(LoadError::TooNew { version });
    }
    if version < R::OLDEST_REPLAYABLE {
        return Err(LoadError::TooOld { version });
    }
    match decode::<R>(parts.next().unwrap_or("")) {
        Ok(shared) => Ok(shared.game),
        Err(ShareError::Refused) if version < R::VERSION => Err(LoadError::TooOld { version }),
        Err(e) => Err(LoadError::Corrupt(e.to_string())),
    }
}

/// The same code as another version would have written it (its version byte changed, its
/// checksum made right): for tests of links from other versions.
pub fn with_version(code: &str, version: u8) -> Option<String> {
    let mut bytes = base64url::decode(code).ok()?;
    let body = bytes.len().checked_sub(4)?;
    bytes.truncate(body);
    *bytes.first_mut()? = version;
    let sum = fnv1a(&bytes);
    bytes.extend(sum.to_le_bytes());
    Some(base64url::encode(&bytes))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A toy game for the layout tests: each action adds 1 or 2 to a total until it passes
    /// `limit`; its options are the limit (one byte) or, for the wide variant, the limit and
    /// a label of any length.
    #[derive(Clone, PartialEq, Debug)]
    struct Count<const WIDE: bool> {
        total: u8,
        limit: u8,
    }

    impl<const WIDE: bool> Rules for Count<WIDE> {
        type Options = u8;
        type Side = u8;
        type Action = u8;
        type Error = String;
        type Entry = ();
        type Event = ();
        type View = ();
        const FORMAT: &'static str = "count";
        const VERSION: u32 = 1;
        fn start(_: u64, limit: u8, _: &mut Vec<()>) -> Self {
            Count { total: 0, limit }
        }
        fn act(&mut self, _: u8, a: u8, _: &mut Vec<()>) -> Result<(), String> {
            self.total += a;
            Ok(())
        }
        fn readable(_: &(), _: u8) -> Option<&()> {
            None
        }
        fn view_with_log(&self, _: u8, _: Vec<()>) {}
    }

    impl<const WIDE: bool> Shareable for Count<WIDE> {
        fn to_act(&self) -> Vec<u8> {
            if self.total < self.limit {
                vec![0]
            } else {
                vec![]
            }
        }
        fn legal(&self, _: u8) -> Vec<u8> {
            vec![1, 2]
        }
        fn options_byte(limit: u8) -> u8 {
            limit
        }
        fn options_from_byte(byte: u8) -> Option<u8> {
            Some(byte)
        }
        fn options_bytes(limit: u8) -> Vec<u8> {
            if WIDE {
                vec![limit, 3, b'a', b'b', b'c']
            } else {
                vec![limit]
            }
        }
        fn options_from_bytes(bytes: &[u8]) -> Option<(u8, usize)> {
            if WIDE {
                let len = *bytes.get(1)? as usize;
                bytes.get(2 + len - 1)?;
                Some((bytes[0], 2 + len))
            } else {
                Some((*bytes.first()?, 1))
            }
        }
    }

    fn played<const WIDE: bool>() -> Recorded<Count<WIDE>> {
        let mut game = Recorded::<Count<WIDE>>::new(0x0102_0304_0506_0708, 9);
        for a in [2, 1, 2, 2, 1, 2] {
            game.apply(0, a).unwrap();
        }
        game
    }

    #[test]
    fn compact_saves_round_trip_and_say_why_they_refuse() {
        let game = played::<false>();
        let text = save_compact(&game);
        assert!(text.starts_with("count 1 "), "{text}");
        assert!(is_compact::<Count<false>>(&text));
        assert!(!is_compact::<Count<false>>("{\"format\":\"count\"}"));
        let back = load_compact::<Count<false>>(&text).unwrap();
        assert_eq!(back.history(), game.history());
        assert_eq!(back.seed(), game.seed());
        assert_eq!(
            load_compact::<Count<false>>("other 1 x"),
            Err(LoadError::NotASave)
        );
        assert_eq!(
            load_compact::<Count<false>>(&text.replacen(" 1 ", " 2 ", 1)),
            Err(LoadError::TooNew { version: 2 })
        );
        assert_eq!(
            load_compact::<Count<false>>(&text.replacen(" 1 ", " 0 ", 1)),
            Err(LoadError::TooOld { version: 0 })
        );
        let mut damaged = text.clone();
        damaged.pop();
        assert!(matches!(
            load_compact::<Count<false>>(&damaged),
            Err(LoadError::Corrupt(_))
        ));
    }

    #[test]
    fn one_byte_options_keep_the_original_layout() {
        let game = played::<false>();
        let bytes = base64url::decode(&encode(&game, 7)).unwrap();
        // Version, the options byte, the players byte, the seed, the count, the bits (one
        // per action: 1, 0, 1, 1, 0, 1), the checksum.
        assert_eq!(
            &bytes[..13],
            &[SHARE_VERSION, 9, 7, 8, 7, 6, 5, 4, 3, 2, 1, 6, 0b1011_0100]
        );
        assert_eq!(bytes.len(), 17);
        let shared = decode::<Count<false>>(&encode(&game, 7)).unwrap();
        assert_eq!((shared.game, shared.players), (game, 7));
    }

    #[test]
    fn wider_options_round_trip() {
        let game = played::<true>();
        let code = encode(&game, 4);
        let bytes = base64url::decode(&code).unwrap();
        assert_eq!(&bytes[..7], &[SHARE_VERSION, 9, 3, b'a', b'b', b'c', 4]);
        let shared = decode::<Count<true>>(&code).unwrap();
        assert_eq!((shared.game, shared.players), (game, 4));
    }

    #[test]
    fn bits_round_trip_at_every_width() {
        let mut w = BitWriter {
            bytes: Vec::new(),
            used: 0,
        };
        let values: Vec<(usize, u32)> = (1..200).map(|n| ((n * 7 + 3) % n, width(n))).collect();
        for &(v, b) in &values {
            w.put(v, b);
        }
        let mut r = BitReader {
            bytes: &w.bytes,
            at: 0,
        };
        for &(v, b) in &values {
            assert_eq!(r.take(b), Some(v));
        }
        assert_eq!((width(1), width(2), width(3), width(70)), (0, 1, 2, 7));
    }
}
