//! Online play between devices with no server: the native core of issues #21 (two players)
//! and #33 (tables of 2 to 5 seats).
//!
//! One device **hosts**: its engine holds the game. Every other person at the table is a
//! **guest** on a device of their own: each is sent only its own seat's view and log, and
//! sends its actions, which the host's engine checks. Seats may also be the computer's,
//! played on the host's device by its app ([`HostSession::act_for`]). Nothing here knows
//! about WebRTC, links or QR codes; a session takes messages in ([`HostSession::receive`],
//! [`GuestSession::receive`]) and gives messages out (`take_outgoing`), and the app carries
//! them over a WebRTC data channel per guest, or as text codes through any messenger ("play
//! by codes": [`HostSession::code_for`], [`GuestSession::code`]). Any game plugs in through
//! the [`Duel`] trait (its seats, views, actions and history; no game's words here); the
//! engines' `Game` implement it ([`evr::EvrDuel`], [`swr::SwrDuel`], `egr::EgrDuel`).
//!
//! # A star of two-party links
//!
//! The host holds one link per guest seat (`link.rs`: numbered, hash-chained, acknowledged,
//! resent, with its own hello/welcome resync). Each link has its own **room**: the game's
//! random room plus the guest's place among the guests (in seat order, wrapping), so the host
//! routes any message or pasted code by its room ([`HostSession::receive_from`] says whose
//! it was). A two-seat table with one guest is exactly the two-player game of before: its only
//! link has the game's room, and its invite, messages, reveal and codes are byte for byte
//! those of before (the test `compat.rs` pins ones made by the two-seat code).
//!
//! # Messages
//!
//! Every message is an envelope (`frame.rs`): a stable prefix (a magic byte and the
//! protocol version, so that another version is told and never misread), the game, its
//! rules' and wire layout's versions, the room, who sends it, its number in the sender's
//! direction, an acknowledgement of the other direction, the kind, the body, and an 8-byte
//! tag: SHA-256 of the previous message's tag and of everything before it. The tags chain each
//! direction, so a changed message fails its check ([`LinkError::Tampered`]) and a missing one
//! cannot be skipped: later ones wait for it ([`LinkError::OutOfOrder`]); duplicates are
//! ignored ([`LinkError::Stale`]). Every error has a sentence for the player (its `Display`),
//! and nothing changes on an error.
//!
//! | kind | from | numbered | body |
//! |---|---|---|---|
//! | `Invite` | host | 1 | options, host's seat, commitment SHA-256(secret); at any table but a two-seat one: this guest's seat and every seat's kind (host, guest, computer) |
//! | `Join` | guest | 1 | the guest's 16 random bytes |
//! | `Table` | host | yes | every seat: joined, presence (connected, away for N s, cut), covered (new: never sent at a two-seat table unless its app reports presence or covers) |
//! | `Update` | host | yes | state number, view patch (or same, or whole), log: keep k, add events; digest |
//! | `Act` | guest | yes | the state number it answers, the index among its legal actions |
//! | `Refused` | host | yes | which guest message, why ([`Refusal`]) |
//! | `AskTakeBack` | either | yes | the guest's state number (two-seat tables only) |
//! | `AnswerTakeBack` | either | yes | that number, yes or no |
//! | `Reveal` | host | yes | the secret, the timeline (every action and take-back), this guest's refused messages; at any table but a two-seat one without cover: every guest's part and the moves made for covered guests |
//! | `Ack` | either | control | (the acknowledgement in the envelope; also the heartbeat) |
//! | `Hello` | either | control | a number (and "restart me" if the guest's view broke) |
//! | `Welcome` | either | control | that number, the last message received and its tag |
//!
//! The protocol version stays 1: the two-seat wire is unchanged, and what tables add are a
//! new kind and bodies extended after the old ones (read as the old body alone, else the old
//! body followed by the extension).
//!
//! # The order of things
//!
//! 1. The host makes a 32-byte secret and a room, and [`HostSession::table`] (or
//!    [`HostSession::new`] for two players) writes one **invite** per guest seat (message 1
//!    of its link), naming the seat and the table, committing to the secret by its hash. Each
//!    travels in its own invite link (with that link's WebRTC offer).
//! 2. Each guest, from its invite ([`GuestSession::join_code`]), sends its **join** (its
//!    random part) in its reply code (with the WebRTC answer). Until the last one arrives,
//!    every guest that has joined is sent the **table** whenever it changes, so its page says
//!    who is still missing ([`GuestSession::missing`]; the host's: [`HostSession::missing`]).
//! 3. When the last part arrives, the host makes the seed = SHA-256("duel-link seed", secret,
//!    each guest's part in seat order) (with one guest, the two-player formula): no device
//!    could choose it alone. It starts the game and sends each guest its first **update**
//!    (state 1: its whole view and log).
//! 4. Play: the host's own moves ([`HostSession::act`]), the computers' and covered guests'
//!    ([`HostSession::act_for`]) and each guest's ([`GuestSession::act`]: an `Act` with the
//!    state it was chosen in; the host refuses it if the guest's choices changed since, or for
//!    any other reason, with a [`Refusal`], and nothing changes) each give every guest whose
//!    view or readable log changed an update: a patch of its packed view, the log events it
//!    may read, the digest of the result (checked by the guest). A guest's move always gets
//!    an answer (an update, to the same state if it changed nothing the guest sees, or a
//!    refusal), and a guest sends one move at a time. Updates are built from that guest's
//!    view and log only, so no byte sent to a guest depends on what it may not see (the tests
//!    `secrecy.rs` and `table.rs` hold the host's hidden state to it). A guest's view has none
//!    of the engine's bookkeeping (Rebellion's `EngineView`, which its sampler reads): advice
//!    for a guest would need the adapter to send it too.
//! 5. Presence: the host's app reports each guest's connection ([`HostSession::set_presence`]:
//!    connected, away since, cut, with the host's clock in ms: there is no clock in the crate);
//!    when a line changes, every guest is sent the table ([`GuestSession::table`]). It is not
//!    part of the game and not in the end-of-game check.
//! 6. Covering an absent guest: the host's app decides when (after the away time its host
//!    chose, with the host's agreement) and calls [`HostSession::cover`]; every guest is told
//!    (the table says so), and while covered the host's app may play that seat
//!    ([`HostSession::act_for`]). Such moves carry no guest message number, and the reveal
//!    lists them. The seat is never played without saying so: a move in a guest's name
//!    without its message number, outside a time its seat was covered (in the guest's own
//!    state numbers, from the numbered `Table` messages), is a forgery to its check
//!    ([`Mismatch::Forged`]); inside, it is counted and told ([`GuestEvent::Covered`],
//!    [`GuestSession::covered_moves`]). A covered guest may still play its own moves.
//! 7. Take-back, at a two-seat table only: either asks (`ask_take_back`), the other answers
//!    (`answer_take_back`); only then does the host take back what the engine allows (never
//!    past hidden information let out) and send the update. With more seats it is refused as
//!    not possible ([`ActError::CannotTakeBack`], [`Refusal::CannotTakeBack`]): the consent
//!    of every other person would be needed, one exchange each, for little use.
//! 8. At the end the host sends each guest the **reveal**: its secret, every guest's part and
//!    the timeline. Each guest checks the commitment and that its own part is in its place,
//!    remakes the seed, replays the whole timeline, and compares every state it was shown (a
//!    running hash of their digests) and every move made in its name with what it sent:
//!    [`Verdict::Fair`] or a [`Mismatch`] with a sentence. (Each guest checks what concerns
//!    it: another guest's moves are that guest's to check.)
//!
//! Messages not yet acknowledged are resent on [`HostSession::tick`] (a timer, every second
//! or two while connected; it also sends the heartbeat). After every reconnection and every
//! load of a saved session both sides call `hello` (the host on every link, or
//! [`HostSession::hello_to`] for the one guest that came back; the others play on): the other
//! answers with the last message it has received and that message's tag, and the first
//! resends what follows (until the answer comes, `reconnecting()` is true). If one device went
//! back to an older save, so that this cannot be done message by message, the host sends that
//! guest its whole view as a *restart* (a message accepted after a gap; a guest whose patched
//! view does not match its digest asks for one too), and the table again; the guest is told
//! which of its moves may not have counted ([`GuestEvent::Resynced`]), and its end-of-game
//! check covers what it can: the states it was shown (in runs) and the moves it still knows
//! it sent.
//!
//! # What each side keeps to resume
//!
//! Save after every call that changed something, before sending what `take_outgoing`
//! gives (then nothing acknowledged is ever lost): [`HostSession::save`] and
//! [`GuestSession::save`] give one line of text each, versioned (2 since tables; version 1
//! saves of two-player games are still read, and pinned in `compat.rs`).
//! - The host: every guest's link (numbers, tags, unacknowledged messages), invite, part,
//!   refused messages, presence and cover; the table's kinds, its secret, the timeline and
//!   the moves made for covered guests, an open take-back request. Loading replays the
//!   timeline from the seed and rebuilds what each guest was shown (a Rebellion host's save
//!   is about 500 characters mid-game).
//! - A guest: its link, the invite's commitment, options and table, its random part, the
//!   packed view and log it was shown and their number, its transcript (runs of states with a
//!   running hash and 4 bytes of each state's digest), every move it sent (number, state,
//!   index, refused or not), the take-backs it asked for or agreed to, the table as last told
//!   and when its seat was covered, and at the end the reveal and the verdict (a few
//!   kilobytes of text).
//!
//! # Play by codes
//!
//! [`code`] turns messages into one base64url text with a checksum. A side's code
//! ([`HostSession::code_for`], [`GuestSession::code`]) is every message the other has not
//! acknowledged, a hello or welcome on its way, and an acknowledgement, so a lost code is
//! covered by the next one and an old one pasted twice does nothing. The invite and reply
//! codes are the same thing at the start. A move's code is about 100 to 170 characters. One
//! guest may play by codes while the others stay connected: its link is its own.
//!
//! # What remains trusted
//!
//! The host's device holds the whole game: a modified app could show its player any guest's
//! hidden cards, and the computers' moves are its app's. The tags are not keyed: on a data
//! channel DTLS protects the messages; in codes they catch mistakes and edits but not a
//! forger who recomputes them. A host could also throw invites away until the seed suits it
//! (its guests see repeated invites). Each guest checks the moves in its own name and what it
//! was shown, not another guest's moves (a host and a guest in league could agree on moves
//! the other guests never see as forged, only as what the history gives). A host could cover
//! a seat whose guest is present, but every device is told, and the table says so.

pub mod code;
pub mod connection;
pub mod delta;
mod duel;
#[cfg(feature = "egr")]
pub mod egr;
#[cfg(feature = "evr")]
pub mod evr;
pub mod frame;
mod guest;
pub mod hash;
mod host;
mod link;
mod mirror;
pub mod pack;
mod session;
#[cfg(feature = "swr")]
pub mod swr;
mod timeline;

pub use duel::{packed_log, packed_view, read_packed, Duel, Engine};
pub use frame::{LinkError, Role, Wire, PROTOCOL};
pub use guest::{GuestEvent, GuestSession, Mismatch, Verdict};
pub use host::{Cheat, HostEvent, HostPhase, HostSession, TableError};
pub use session::{ActError, Presence, PresenceLine, Refusal, SaveError, SeatKind, SeatStatus};
