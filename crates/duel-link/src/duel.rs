//! What a game provides to be played over a link: the [`Duel`] trait, and [`Engine`], the
//! few facts an engine built on [`game_kit::Recorded`] adds so that its `Game` is a `Duel`
//! (both engines' `Game` is `Recorded<GameState>`; see `evr.rs` and `swr.rs`).

use crate::frame::Wire;
use crate::pack;
use game_kit::{Recorded, Shareable};
use serde::de::DeserializeOwned;
use serde::Serialize;
use std::fmt::Debug;

/// A game for 2 to 5 seats as the host holds it and as each guest checks it at the end.
///
/// Everything the guest receives is built from [`Duel::view_bytes`] and
/// [`Duel::log_bytes`] for the guest's seat, nothing else; actions travel as their index
/// among [`Duel::legal`], which the guest's view lists in the same order.
pub trait Duel: Clone {
    type Seat: Copy + Eq + Debug + Serialize + DeserializeOwned;
    type Action: Copy + Eq + Debug;
    type Options: Copy + PartialEq + Debug + Serialize + DeserializeOwned;
    /// What the UI renders: the view with its log.
    type View: Clone;

    /// The game and the versions of its rules and wire layout.
    const WIRE: Wire;

    /// The table's seats for these options, in a fixed order (2 to 5 of them): the order of
    /// the table in invites and presence lines, and of the guests' parts of the seed.
    fn seats(options: &Self::Options) -> Vec<Self::Seat>;
    /// A new game from a seed.
    fn start(seed: u64, options: Self::Options) -> Self;
    /// Seats that must act now, in a fixed order (none once the game is over).
    fn to_act(&self) -> Vec<Self::Seat>;
    /// The legal actions of `seat` now, in the engine's fixed order.
    fn legal(&self, seat: Self::Seat) -> Vec<Self::Action>;
    /// Applies an action; on error nothing changes.
    fn apply(&mut self, seat: Self::Seat, action: Self::Action) -> Result<(), String>;
    /// How many actions have been taken.
    fn history_len(&self) -> usize;
    /// How far `taker` may take back now (a history length), with the other player's
    /// consent (asked at two-seat tables only); `None` when nothing can be, or when the engine cannot tell.
    fn take_back_point(&self, taker: Self::Seat) -> Option<usize>;
    /// The game as it was after its first `len` actions.
    fn truncate(&mut self, len: usize);
    /// What `seat` may know now, without the log, packed.
    fn view_bytes(&self, seat: Self::Seat) -> Vec<u8>;
    /// The number of log entries, whoever may read them (a cursor for [`Duel::log_bytes`];
    /// it never leaves the host).
    fn log_len(&self) -> usize;
    /// The log entries from entry `from` on that `seat` may read, each packed.
    fn log_bytes(&self, seat: Self::Seat, from: usize) -> Vec<Vec<u8>>;
    /// The view `seat` sees, log included (for the host's own screen).
    fn view(&self, seat: Self::Seat) -> Self::View;
    /// The guest's view from what it was sent.
    fn read_view(view: &[u8], log: &[Vec<u8>]) -> Result<Self::View, String>;
    /// The legal actions a view lists (those of its seat), in the engine's order.
    fn legal_in(view: &Self::View) -> &[Self::Action];
}

/// What an engine built on [`Recorded`] adds to be a [`Duel`].
pub trait Engine:
    Shareable<
        Side: Debug + Eq,
        Action: Debug + Eq,
        Options: Debug,
        View: Serialize + DeserializeOwned + Clone,
        Event: Serialize + DeserializeOwned + Clone,
    > + 'static
{
    /// The game's id and the layout version of its views and log events: bump `layout`
    /// whenever the engine's `PlayerView` or `LogEvent` types change shape (the test
    /// `wire_layouts_are_pinned` fails when they do).
    const WIRE: Wire;
    /// The seats for these options, in a fixed order (see [`Duel::seats`]).
    fn seats(options: &Self::Options) -> Vec<Self::Side>;
    fn set_log(view: &mut Self::View, log: Vec<Self::Event>);
    fn legal_in(view: &Self::View) -> &[Self::Action];
    /// See [`Duel::take_back_point`]. By default nothing can be taken back.
    fn take_back_point(_game: &Recorded<Self>, _taker: Self::Side) -> Option<usize> {
        None
    }
}

/// The packed view of `seat` in `state`, without its log: what the guest is sent.
pub fn packed_view<R: Engine>(state: &R, seat: R::Side) -> Vec<u8> {
    pack::to_bytes(&state.view_with_log(seat, Vec::new())).expect("an engine's view packs")
}

/// The packed log events `seat` may read among `entries`.
pub fn packed_log<R: Engine>(entries: &[R::Entry], seat: R::Side) -> Vec<Vec<u8>> {
    entries
        .iter()
        .filter_map(|e| R::readable(e, seat))
        .map(|e| pack::to_bytes(e).expect("an engine's log event packs"))
        .collect()
}

/// Reads a view and its log as [`packed_view`] and [`packed_log`] wrote them.
pub fn read_packed<R: Engine>(view: &[u8], log: &[Vec<u8>]) -> Result<R::View, String> {
    let mut v: R::View = pack::from_bytes(view).map_err(|e| e.to_string())?;
    let events = log
        .iter()
        .map(|e| pack::from_bytes(e).map_err(|e| e.to_string()))
        .collect::<Result<Vec<R::Event>, String>>()?;
    R::set_log(&mut v, events);
    Ok(v)
}

impl<R: Engine> Duel for Recorded<R> {
    type Seat = R::Side;
    type Action = R::Action;
    type Options = R::Options;
    type View = R::View;

    const WIRE: Wire = R::WIRE;

    fn seats(options: &R::Options) -> Vec<R::Side> {
        R::seats(options)
    }

    fn start(seed: u64, options: R::Options) -> Self {
        Recorded::new(seed, options)
    }

    fn to_act(&self) -> Vec<R::Side> {
        self.state().to_act()
    }

    fn legal(&self, seat: R::Side) -> Vec<R::Action> {
        self.state().legal(seat)
    }

    fn apply(&mut self, seat: R::Side, action: R::Action) -> Result<(), String> {
        Recorded::apply(self, seat, action)
            .map(|_| ())
            .map_err(|e| e.to_string())
    }

    fn history_len(&self) -> usize {
        self.history().len()
    }

    fn take_back_point(&self, taker: R::Side) -> Option<usize> {
        R::take_back_point(self, taker)
    }

    fn truncate(&mut self, len: usize) {
        *self = self.truncated(len);
    }

    fn view_bytes(&self, seat: R::Side) -> Vec<u8> {
        packed_view(self.state(), seat)
    }

    fn log_len(&self) -> usize {
        self.entries().len()
    }

    fn log_bytes(&self, seat: R::Side, from: usize) -> Vec<Vec<u8>> {
        packed_log::<R>(&self.entries()[from.min(self.entries().len())..], seat)
    }

    fn view(&self, seat: R::Side) -> R::View {
        Recorded::view(self, seat)
    }

    fn read_view(view: &[u8], log: &[Vec<u8>]) -> Result<R::View, String> {
        read_packed::<R>(view, log)
    }

    fn legal_in(view: &R::View) -> &[R::Action] {
        R::legal_in(view)
    }
}
