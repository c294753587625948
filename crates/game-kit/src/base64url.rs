//! Base64url without padding (letters, digits, `-` and `_`: nothing a messenger or a URL
//! changes), for every code the app writes: share codes, compact saves, online play's codes.

pub const ALPHABET: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";

pub fn encode(bytes: &[u8]) -> String {
    let mut out = String::with_capacity(bytes.len() * 4 / 3 + 3);
    for chunk in bytes.chunks(3) {
        let n = chunk
            .iter()
            .enumerate()
            .fold(0u32, |n, (i, &b)| n | (b as u32) << (16 - 8 * i));
        for i in 0..=chunk.len() {
            out.push(ALPHABET[(n >> (18 - 6 * i)) as usize & 63] as char);
        }
    }
    out
}

/// Why a text is not base64url as [`encode`] writes it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Base64Error {
    /// A character outside the alphabet: not a code at all.
    Character,
    /// An impossible length, or leftover bits that are not zero: a code cut short or changed.
    End,
}

pub fn decode(text: &str) -> Result<Vec<u8>, Base64Error> {
    let mut out = Vec::with_capacity(text.len() * 3 / 4);
    let (mut acc, mut bits) = (0u32, 0);
    for c in text.bytes() {
        let v = ALPHABET
            .iter()
            .position(|&a| a == c)
            .ok_or(Base64Error::Character)? as u32;
        acc = acc << 6 | v;
        bits += 6;
        if bits >= 8 {
            bits -= 8;
            out.push((acc >> bits) as u8);
            acc &= (1 << bits) - 1;
        }
    }
    if text.len() % 4 == 1 || acc != 0 {
        return Err(Base64Error::End);
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn round_trips_every_length_and_refuses_other_characters() {
        for len in 0..40 {
            let bytes: Vec<u8> = (0..len).map(|i| (i * 37 + 11) as u8).collect();
            let text = encode(&bytes);
            assert!(text.bytes().all(|c| ALPHABET.contains(&c)), "{text}");
            assert_eq!(decode(&text), Ok(bytes));
        }
        assert_eq!(decode("ab=c"), Err(Base64Error::Character));
        assert_eq!(decode("abcde"), Err(Base64Error::End));
        assert_eq!(
            decode("AB"),
            Err(Base64Error::End),
            "leftover bits not zero"
        );
    }
}
