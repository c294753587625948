//! What the guest has been shown, kept the same way on both devices: the host builds each
//! update from it (and from the guest's view and log, nothing else), the guest applies the
//! update to its copy, and at the end the guest rebuilds the whole sequence from the revealed
//! history to check it against what it saw.
//!
//! The guest's *state* is its packed view and its log; *n* counts the distinct states it has
//! been shown, from 1. Each state has a digest (SHA-256 of the view, the log's length and a
//! running hash of the log), carried in the update so that the guest checks its patch, and
//! folded into the guest's transcript.

use crate::delta;
use crate::duel::Duel;
use crate::hash::{sha256, tag, Tag};
use serde::{Deserialize, Serialize};

/// How the view changed in an update.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub(crate) enum ViewChange {
    Same,
    /// A patch (see [`delta`]) of the previous view.
    Patch(Vec<u8>),
    Whole(Vec<u8>),
}

/// The body of an update message.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub(crate) struct UpdateBody {
    /// The number of the state this update leads to.
    pub n: u32,
    pub view: ViewChange,
    /// The guest keeps this many of its log events (fewer than it has after a take-back),
    pub keep: u32,
    /// then adds these.
    pub add: Vec<Vec<u8>>,
    /// The digest of the state reached.
    pub digest: Tag,
}

/// The guest's state as shown: view, log, and its number.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub(crate) struct Shown {
    pub view: Vec<u8>,
    pub log: Vec<Vec<u8>>,
    /// `chain[i]`: the running hash of the first `i + 1` log events.
    chain: Vec<[u8; 16]>,
    pub n: u32,
}

impl Shown {
    pub fn new(view: Vec<u8>, log: Vec<Vec<u8>>, n: u32) -> Shown {
        let mut s = Shown {
            view,
            log: Vec::new(),
            chain: Vec::new(),
            n,
        };
        s.set_log(0, log);
        s
    }

    fn set_log(&mut self, keep: usize, add: Vec<Vec<u8>>) {
        self.log.truncate(keep);
        self.chain.truncate(keep);
        for e in add {
            let prev = self.chain.last().copied().unwrap_or_default();
            let full = sha256(&[&prev, &e]);
            let mut h = [0u8; 16];
            h.copy_from_slice(&full[..16]);
            self.chain.push(h);
            self.log.push(e);
        }
    }

    pub fn digest(&self) -> Tag {
        let last = self.chain.last().copied().unwrap_or_default();
        tag(&[&self.view, &(self.log.len() as u64).to_le_bytes(), &last])
    }

    /// Applies an update; `None` (and nothing changed) if its patch does not fit or the
    /// result's digest is not the one announced.
    pub fn apply(&mut self, u: &UpdateBody) -> Option<()> {
        if u.keep as usize > self.log.len() {
            return None;
        }
        let view = match &u.view {
            ViewChange::Same => self.view.clone(),
            ViewChange::Patch(p) => delta::patch(&self.view, p)?,
            ViewChange::Whole(v) => v.clone(),
        };
        let mut next = self.clone();
        next.view = view;
        next.set_log(u.keep as usize, u.add.clone());
        next.n = u.n;
        if next.digest() != u.digest {
            return None;
        }
        *self = next;
        Some(())
    }

    /// The update that takes the guest from `self` to `next`, with the number `n`.
    fn update_to(&self, next: &Shown, keep: usize, n: u32) -> UpdateBody {
        let view = if next.view == self.view {
            ViewChange::Same
        } else {
            let p = delta::diff(&self.view, &next.view);
            if p.len() < next.view.len() {
                ViewChange::Patch(p)
            } else {
                ViewChange::Whole(next.view.clone())
            }
        };
        UpdateBody {
            n,
            view,
            keep: keep as u32,
            add: next.log[keep..].to_vec(),
            digest: next.digest(),
        }
    }

    /// The whole state as one update (for a restart): it fits any previous state.
    pub fn whole(&self) -> UpdateBody {
        UpdateBody {
            n: self.n,
            view: ViewChange::Whole(self.view.clone()),
            keep: 0,
            add: self.log.clone(),
            digest: self.digest(),
        }
    }
}

/// The host's record of what the guest has been shown, and how to bring it up to date.
#[derive(Clone, Debug)]
pub(crate) struct Mirror<D: Duel> {
    pub seat: D::Seat,
    pub shown: Shown,
    /// The game's log length when the guest was last brought up to date.
    pub raw_len: usize,
    /// The guest's legal actions now, and the state from which they have been these.
    pub legal: Vec<D::Action>,
    pub legal_since: u32,
}

impl<D: Duel> Mirror<D> {
    /// Before the first state: nothing shown.
    pub fn new(seat: D::Seat) -> Mirror<D> {
        Mirror {
            seat,
            shown: Shown::default(),
            raw_len: 0,
            legal: Vec::new(),
            legal_since: 0,
        }
    }

    /// Brings the record up to `game` after a change (`rewound`: the history got shorter or
    /// was rebuilt). Returns the update to send, if the guest's state changed; with `build`
    /// false the update is not worked out (`Some` of an empty patch), for a replay.
    pub fn sync(&mut self, game: &D, rewound: bool, build: bool) -> Option<UpdateBody> {
        let view = game.view_bytes(self.seat);
        let (keep, add) = if rewound {
            let all = game.log_bytes(self.seat, 0);
            let keep = self
                .shown
                .log
                .iter()
                .zip(&all)
                .take_while(|(a, b)| a == b)
                .count();
            (keep, all[keep..].to_vec())
        } else {
            (
                self.shown.log.len(),
                game.log_bytes(self.seat, self.raw_len),
            )
        };
        self.raw_len = game.log_len();
        if view == self.shown.view && keep == self.shown.log.len() && add.is_empty() {
            return None;
        }
        let n = self.shown.n + 1;
        let mut next = self.shown.clone();
        next.view = view;
        next.set_log(keep, add);
        next.n = n;
        let body = if build {
            self.shown.update_to(&next, keep, n)
        } else {
            UpdateBody {
                n,
                view: ViewChange::Same,
                keep: 0,
                add: Vec::new(),
                digest: next.digest(),
            }
        };
        self.shown = next;
        let legal = game.legal(self.seat);
        if legal != self.legal || n == 1 {
            self.legal = legal;
            self.legal_since = n;
        }
        Some(body)
    }
}

/// A run of consecutive states the guest was shown: their digests folded into one hash
/// (what the check relies on), and the first 4 bytes of each (to say where a difference
/// starts).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub(crate) struct Segment {
    pub first: u32,
    pub last: u32,
    pub fold: [u8; 32],
    pub short: Vec<[u8; 4]>,
}

impl Segment {
    /// The short digest of state `n`, if this run has it.
    pub fn short_of(&self, n: u32) -> Option<[u8; 4]> {
        n.checked_sub(self.first)
            .and_then(|i| self.short.get(i as usize))
            .copied()
    }
}

pub(crate) fn fold(prev: &[u8; 32], n: u32, digest: &Tag) -> [u8; 32] {
    sha256(&[b"duel-link state", prev, &n.to_le_bytes(), digest])
}

pub(crate) fn short(digest: &Tag) -> [u8; 4] {
    [digest[0], digest[1], digest[2], digest[3]]
}

/// Adds state `n` (digest `d`) to the transcript: it continues the last run, repeats its
/// last state (nothing new), or starts a new run (after a restart).
pub(crate) fn record(segments: &mut Vec<Segment>, n: u32, d: &Tag, previous: &Tag) {
    if let Some(last) = segments.last_mut() {
        if n == last.last && d == previous {
            return;
        }
        if n == last.last + 1 {
            last.last = n;
            last.fold = fold(&last.fold, n, d);
            last.short.push(short(d));
            return;
        }
    }
    segments.push(Segment {
        first: n,
        last: n,
        fold: fold(&[0; 32], n, d),
        short: vec![short(d)],
    });
}
