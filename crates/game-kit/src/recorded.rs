//! A game with its history, the same for both engines: the seed and options it started from,
//! its state, the log with an audience per entry, and every action taken. This is what the
//! app keeps; the search works on the bare state. A save is the versioned envelope around the
//! seed, the options and the history: loading replays the history, so the state and log are
//! exactly what the rules make of it, and a history the rules refuse is a damaged save,
//! refused whole, never half-loaded. (Saves written before also held the state and the log;
//! they load the same way, those fields unread.)

use crate::save::{check_envelope, LoadError};
use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};

/// What an engine provides so that [`Recorded`] can keep, replay and save its games.
pub trait Rules: Clone + PartialEq {
    type Options: Copy + PartialEq + Serialize + DeserializeOwned;
    type Side: Copy + PartialEq + Serialize + DeserializeOwned;
    type Action: Copy + PartialEq + Serialize + DeserializeOwned;
    type Error: std::fmt::Display;
    /// One log entry: an event and who may read it.
    type Entry: Clone + PartialEq;
    type Event;
    type View;

    /// The save's format name and version.
    const FORMAT: &'static str;
    const VERSION: u32;
    /// The oldest version whose saves are still tried: a save between it and `VERSION` is
    /// replayed by today's rules and loads if they accept its whole history (a rules fix
    /// rarely touches the actions of a given game), so a game in progress survives an update.
    /// One the rules refuse is reported as too old, not as damaged.
    const OLDEST_REPLAYABLE: u32 = Self::VERSION;

    fn start(seed: u64, options: Self::Options, log: &mut Vec<Self::Entry>) -> Self;
    /// Applies an action; on error nothing changes and nothing is logged.
    fn act(
        &mut self,
        side: Self::Side,
        action: Self::Action,
        log: &mut Vec<Self::Entry>,
    ) -> Result<(), Self::Error>;
    /// The entry's event, if `viewer` may read it.
    fn readable(entry: &Self::Entry, viewer: Self::Side) -> Option<&Self::Event>;
    /// What `viewer` may know, with the log they may read.
    fn view_with_log(&self, viewer: Self::Side, log: Vec<Self::Event>) -> Self::View;
}

/// An engine that can tell which log entries let hidden information out, so that a player
/// may take back actions that let none out (see [`Recorded::take_back_point`]).
pub trait Disclosure: Rules {
    /// Whether this entry shows anyone something hidden until then (a card drawn or looked
    /// at, a shuffle, a face-down card revealed), records a secret choice by a side other than
    /// `taker`, or ends the game. Such an entry can never be taken back.
    fn discloses(entry: &Self::Entry, taker: Self::Side) -> bool;
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Recorded<R: Rules> {
    seed: u64,
    options: R::Options,
    state: R,
    log: Vec<R::Entry>,
    history: Vec<(R::Side, R::Action)>,
    /// Where each action's log entries begin (`marks[i]` for `history[i]`).
    marks: Vec<usize>,
}

/// A save as written and read: the game's seed, options and history in the envelope.
#[derive(Serialize, Deserialize)]
#[serde(bound = "")]
struct Saved<R: Rules> {
    seed: u64,
    options: R::Options,
    history: Vec<(R::Side, R::Action)>,
}

impl<R: Disclosure> Recorded<R> {
    /// How far `taker` may take back now: the history length just before their own last
    /// action, provided that neither it nor anything after it let hidden information out.
    /// With `with_others` (a game against the computer) the other side's actions since are
    /// taken back too; otherwise (two players at one device) only while the other side has
    /// not acted. `None` when nothing can be taken back.
    pub fn take_back_point(&self, taker: R::Side, with_others: bool) -> Option<usize> {
        for i in (0..self.history.len()).rev() {
            let side = self.history[i].0;
            if side != taker && !with_others {
                return None;
            }
            if self.entries_of(i).iter().any(|e| R::discloses(e, taker)) {
                return None;
            }
            if side == taker {
                return Some(i);
            }
        }
        None
    }

    /// The actions a take-back by `taker` would remove, oldest first (empty when none).
    pub fn take_back_actions(&self, taker: R::Side, with_others: bool) -> &[(R::Side, R::Action)] {
        match self.take_back_point(taker, with_others) {
            Some(to) => &self.history[to..],
            None => &[],
        }
    }

    /// Takes back what [`Self::take_back_point`] allows; returns how many actions went.
    pub fn take_back(&mut self, taker: R::Side, with_others: bool) -> Option<usize> {
        let to = self.take_back_point(taker, with_others)?;
        let removed = self.history.len() - to;
        *self = self.truncated(to);
        Some(removed)
    }
}

#[derive(Serialize)]
#[serde(bound = "")]
struct SaveOut<'a, R: Rules> {
    format: &'a str,
    version: u32,
    game: Saved<R>,
}

#[derive(Deserialize)]
#[serde(bound = "")]
struct SaveIn<R: Rules> {
    game: Saved<R>,
}

impl<R: Rules> Recorded<R> {
    pub fn new(seed: u64, options: R::Options) -> Self {
        let mut log = Vec::new();
        let state = R::start(seed, options, &mut log);
        Recorded {
            seed,
            options,
            state,
            log,
            history: Vec::new(),
            marks: Vec::new(),
        }
    }

    /// Replays a list of actions from a seed; stops at the first refused action.
    pub fn replay(
        seed: u64,
        options: R::Options,
        actions: &[(R::Side, R::Action)],
    ) -> Result<Self, (usize, R::Error)> {
        let mut game = Self::new(seed, options);
        for (i, &(side, action)) in actions.iter().enumerate() {
            game.apply(side, action).map_err(|e| (i, e))?;
        }
        Ok(game)
    }

    pub fn state(&self) -> &R {
        &self.state
    }

    pub fn seed(&self) -> u64 {
        self.seed
    }

    pub fn options(&self) -> R::Options {
        self.options
    }

    pub fn history(&self) -> &[(R::Side, R::Action)] {
        &self.history
    }

    /// Applies an action; returns the index of the first log entry it wrote. On error nothing
    /// changes.
    pub fn apply(&mut self, side: R::Side, action: R::Action) -> Result<usize, R::Error> {
        let first = self.log.len();
        self.state.act(side, action, &mut self.log)?;
        self.history.push((side, action));
        self.marks.push(first);
        Ok(first)
    }

    /// The log entries written by `history[index]`.
    fn entries_of(&self, index: usize) -> &[R::Entry] {
        let end = self.marks.get(index + 1).copied().unwrap_or(self.log.len());
        &self.log[self.marks[index]..end]
    }

    /// Every log entry, whoever may read it: for replays of finished games, which hide
    /// nothing.
    pub fn entries(&self) -> &[R::Entry] {
        &self.log
    }

    /// The log entries `viewer` may read, from entry index `from` on.
    pub fn log_for(&self, viewer: R::Side, from: usize) -> impl Iterator<Item = &R::Event> {
        self.log[from.min(self.log.len())..]
            .iter()
            .filter_map(move |e| R::readable(e, viewer))
    }

    /// Everything `viewer` may know, log included.
    pub fn view(&self, viewer: R::Side) -> R::View
    where
        R::Event: Clone,
    {
        let log = self.log_for(viewer, 0).cloned().collect();
        self.state.view_with_log(viewer, log)
    }

    /// The game as it was after its first `len` actions (exactly: the same state, log and
    /// history, since the rules are deterministic from the seed).
    pub fn truncated(&self, len: usize) -> Self {
        let mut game = Self::new(self.seed, self.options);
        for &(side, action) in &self.history[..len.min(self.history.len())] {
            // Each of these was accepted once from the same position: it is accepted again.
            let _ = game.apply(side, action);
        }
        game
    }

    /// The game as a versioned JSON save.
    pub fn save(&self) -> String {
        serde_json::to_string(&SaveOut::<R> {
            format: R::FORMAT,
            version: R::VERSION,
            game: Saved {
                seed: self.seed,
                options: self.options,
                history: self.history.clone(),
            },
        })
        .unwrap_or_default()
    }

    /// Reads a save, checking its format and version, and replaying its history.
    pub fn load(text: &str) -> Result<Self, LoadError> {
        let older = match check_envelope(text, R::FORMAT, R::VERSION) {
            Ok(()) => None,
            Err(LoadError::TooOld { version }) if version >= R::OLDEST_REPLAYABLE => Some(version),
            Err(e) => return Err(e),
        };
        let saved: SaveIn<R> =
            serde_json::from_str(text).map_err(|e| LoadError::Corrupt(e.to_string()))?;
        let saved = saved.game;
        Self::replay(saved.seed, saved.options, &saved.history).map_err(|(i, e)| match older {
            Some(version) => LoadError::TooOld { version },
            None => LoadError::Corrupt(format!("action {} of its history is refused: {e}", i + 1)),
        })
    }
}
