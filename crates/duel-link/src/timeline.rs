//! Everything the host's game went through, in order: each action (who, as its index among
//! that seat's legal actions of the moment, in as few bits as the choice needs, as the
//! share codes do) and each take-back. Each guest's actions also carry the number of the
//! message that asked for them on that guest's link (gamma-coded gaps from that guest's
//! previous one, one bit when consecutive), so that each guest can check at the end that
//! every move made in its name was one it sent. A move the host's app made for a covered
//! guest carries no number; the reveal lists those moves (their numbers among the actions),
//! and the reader is given that list. With one guest and no cover, the bits are exactly those
//! of the two-player timelines of before.
//!
//! The host keeps it (its saved game is its seed and this) and reveals it at the end.

use crate::duel::Duel;
use serde::{Deserialize, Serialize};

#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub(crate) struct Timeline {
    bits: Vec<u8>,
    used: u64,
    actions: u32,
    /// `(actions before it, the history's length after it)`.
    take_backs: Vec<(u32, u32)>,
    /// The number of the last guest message recorded, whichever guest's (only kept for the
    /// saved layout: each guest's own last number is the host's business).
    last_guest_seq: u32,
}

/// One step read back.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum Step<S, A> {
    Act {
        seat: S,
        action: A,
        index: usize,
        /// The guest's message that asked for it (a guest's actions only, and none for a
        /// move made for a covered guest).
        guest_seq: Option<u32>,
    },
    TakeBack {
        len: usize,
    },
}

/// Bits needed to tell `n` choices apart.
fn width(n: usize) -> u32 {
    usize::BITS - n.saturating_sub(1).leading_zeros()
}

impl Timeline {
    fn put(&mut self, value: u64, bits: u32) {
        for i in (0..bits).rev() {
            if self.used.is_multiple_of(8) {
                self.bits.push(0);
            }
            if (value >> i) & 1 == 1 {
                if let Some(last) = self.bits.last_mut() {
                    *last |= 0x80 >> (self.used % 8);
                }
            }
            self.used += 1;
        }
    }

    /// Elias gamma, for `value` ≥ 1.
    fn put_gamma(&mut self, value: u64) {
        let bits = 64 - value.leading_zeros();
        self.put(0, bits - 1);
        self.put(value, bits);
    }

    /// Records an action: the seat at `pos` among the `to_act` seats to act chose its legal
    /// action number `index` of `legal`; a guest's, with the number of its message and of
    /// that guest's previous one recorded (0 for none).
    pub fn push_sized(
        &mut self,
        pos: usize,
        to_act: usize,
        index: usize,
        legal: usize,
        guest_seq: Option<(u32, u32)>,
    ) {
        self.put(pos as u64, width(to_act));
        self.put(index as u64, width(legal));
        if let Some((seq, prev)) = guest_seq {
            self.put_gamma((seq - prev) as u64);
            self.last_guest_seq = seq;
        }
        self.actions += 1;
    }

    pub fn push_take_back(&mut self, len: usize) {
        self.take_backs.push((self.actions, len as u32));
    }

    pub fn actions(&self) -> u32 {
        self.actions
    }

    pub fn reader(&self) -> Reader<'_> {
        Reader {
            t: self,
            at: 0,
            done: 0,
            tb: 0,
            last_guest: Vec::new(),
        }
    }
}

/// Reads a timeline back, step by step, against the game as it replays.
pub(crate) struct Reader<'a> {
    t: &'a Timeline,
    at: u64,
    done: u32,
    tb: usize,
    /// Each guest's last message number, by its place among the guests.
    last_guest: Vec<u32>,
}

impl Reader<'_> {
    fn take(&mut self, bits: u32) -> Result<u64, String> {
        let mut value = 0;
        for _ in 0..bits {
            let byte = *self
                .t
                .bits
                .get((self.at / 8) as usize)
                .filter(|_| self.at < self.t.used)
                .ok_or("the history ends too soon")?;
            value = value << 1 | ((byte >> (7 - self.at % 8)) & 1) as u64;
            self.at += 1;
        }
        Ok(value)
    }

    fn take_gamma(&mut self) -> Result<u64, String> {
        let mut zeros = 0;
        while self.take(1)? == 0 {
            zeros += 1;
            if zeros > 32 {
                return Err("a damaged number in the history".into());
            }
        }
        Ok((1 << zeros) | self.take(zeros)?)
    }

    /// The next step, read against `game` as it is now (`guests`: the guests' seats, in
    /// seat order; `covered`: the actions made for a covered guest); `None` at the end.
    #[allow(clippy::type_complexity)]
    pub fn next<D: Duel>(
        &mut self,
        game: &D,
        guests: &[D::Seat],
        covered: &[u32],
    ) -> Result<Option<Step<D::Seat, D::Action>>, String> {
        if let Some(&(at, len)) = self.t.take_backs.get(self.tb) {
            if at == self.done {
                self.tb += 1;
                if len as usize > game.history_len() {
                    return Err("a take-back to beyond the history".into());
                }
                return Ok(Some(Step::TakeBack { len: len as usize }));
            }
        }
        if self.done == self.t.actions {
            if self.tb != self.t.take_backs.len() || self.at != self.t.used {
                return Err("the history has more than its actions".into());
            }
            return Ok(None);
        }
        let to_act = game.to_act();
        let pos = self.take(width(to_act.len()))? as usize;
        let seat = *to_act
            .get(pos)
            .ok_or("an action by a seat that was not to act")?;
        let legal = game.legal(seat);
        let index = self.take(width(legal.len()))? as usize;
        let action = *legal.get(index).ok_or("an action that was not legal")?;
        let guest = guests.iter().position(|g| *g == seat);
        let guest_seq = match guest {
            Some(g) if !covered.contains(&self.done) => {
                if self.last_guest.len() < guests.len() {
                    self.last_guest.resize(guests.len(), 0);
                }
                let gap = self.take_gamma()?;
                self.last_guest[g] = u32::try_from(self.last_guest[g] as u64 + gap)
                    .map_err(|_| "a damaged message number in the history")?;
                Some(self.last_guest[g])
            }
            _ => None,
        };
        self.done += 1;
        Ok(Some(Step::Act {
            seat,
            action,
            index,
            guest_seq,
        }))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn gamma_and_widths_round_trip() {
        let mut t = Timeline::default();
        for v in 1..300u64 {
            t.put_gamma(v);
            t.put(v % 5, width(5));
        }
        let mut r = t.reader();
        for v in 1..300u64 {
            assert_eq!(r.take_gamma(), Ok(v));
            assert_eq!(r.take(width(5)), Ok(v % 5));
        }
        assert_eq!((width(1), width(2), width(3), width(9)), (0, 1, 2, 4));
    }
}
