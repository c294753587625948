//! SHA-256 (the `sha2` crate, already in the workspace's lock file) for everything that must
//! not be forged by the other player: the host's commitment to its secret (all 32 bytes), the
//! seed made from both parts, the running hash of each direction's messages and the digest of
//! each state the guest is shown (truncated to [`TAG`] bytes: they catch damage, a changed
//! message and a lost one; a deliberate forger on the transport is the transport's business,
//! WebRTC's DTLS).

use sha2::{Digest, Sha256};

/// Bytes of a message's chained hash and of a state's digest.
pub const TAG: usize = 8;

pub type Tag = [u8; TAG];

/// SHA-256 of the parts, one after another (each prefixed by its length, so that moving a
/// byte from one part to the next changes the hash).
pub fn sha256(parts: &[&[u8]]) -> [u8; 32] {
    let mut h = Sha256::new();
    for part in parts {
        h.update((part.len() as u64).to_le_bytes());
        h.update(part);
    }
    h.finalize().into()
}

/// The first [`TAG`] bytes of [`sha256`].
pub fn tag(parts: &[&[u8]]) -> Tag {
    let full = sha256(parts);
    let mut t = [0u8; TAG];
    t.copy_from_slice(&full[..TAG]);
    t
}

/// What the host publishes before the guest sends its part: the hash of its secret.
pub fn commitment(secret: &[u8; 32]) -> [u8; 32] {
    sha256(&[b"duel-link commitment", secret])
}

/// The game's seed from the host's secret and the guest's random part: neither player can
/// choose it alone (the host is bound by its commitment, the guest never sees the secret
/// before the end). [`seed_of`] with one part.
pub fn seed(secret: &[u8; 32], guest_part: &[u8; 16]) -> u64 {
    seed_of(secret, std::slice::from_ref(guest_part))
}

/// The seed of a table: SHA-256 of the host's secret and every guest's random part, in seat
/// order. No device can choose it alone: the host is bound by its commitment, sent before any
/// part, and no guest sees the secret or another guest's part before the end. With one guest
/// it is exactly the two-player seed.
pub fn seed_of(secret: &[u8; 32], parts: &[[u8; 16]]) -> u64 {
    let mut all: Vec<&[u8]> = vec![b"duel-link seed", secret];
    all.extend(parts.iter().map(|p| &p[..]));
    let full = sha256(&all);
    let mut b = [0u8; 8];
    b.copy_from_slice(&full[..8]);
    u64::from_le_bytes(b)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sha256_matches_a_known_value() {
        // SHA-256 of the 8 zero bytes of an empty part's length.
        let h = sha256(&[b""]);
        assert_eq!(h[..4], [0xaf, 0x55, 0x70, 0xf5], "{:02x?}", h);
    }

    #[test]
    fn both_parts_change_the_seed() {
        let s = [7u8; 32];
        let g = [9u8; 16];
        let mut s2 = s;
        s2[31] ^= 1;
        let mut g2 = g;
        g2[0] ^= 1;
        assert_ne!(seed(&s, &g), seed(&s2, &g));
        assert_ne!(seed(&s, &g), seed(&s, &g2));
        assert_ne!(commitment(&s), commitment(&s2));
        // A table's seed: every part counts, in its place.
        let h = [3u8; 16];
        assert_eq!(seed_of(&s, &[g]), seed(&s, &g));
        assert_ne!(seed_of(&s, &[g, h]), seed_of(&s, &[h, g]));
        assert_ne!(seed_of(&s, &[g, h]), seed_of(&s, &[g, g2]));
        // Pinned: the two-player formula of before.
        assert_eq!(seed(&[1; 32], &[2; 16]), {
            let full = sha256(&[b"duel-link seed", &[1; 32], &[2; 16]]);
            u64::from_le_bytes(full[..8].try_into().unwrap())
        });
    }
}
