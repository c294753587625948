//! Online play for two devices with no server: the native core of issue #21.
//!
//! One device **hosts**: its engine holds the game. The other is the **guest**: it is sent
//! only its own view and log, and sends its actions, which the host's engine checks. Nothing
//! here knows about WebRTC, links or QR codes; a session takes messages in
//! ([`HostSession::receive`], [`GuestSession::receive`]) and gives messages out
//! (`take_outgoing`), and the app carries them over a WebRTC data channel, or as text codes
//! through any messenger ("play by codes": [`HostSession::code`], [`GuestSession::code`]).
//! Any game plugs in through the [`Duel`] trait; both two-player engines' `Game` implement
//! it ([`evr::EvrDuel`], [`swr::SwrDuel`]).
//!
//! # Messages
//!
//! Every message is an envelope (`frame.rs`): a stable prefix (a magic byte and the
//! protocol version, so that another version is told and never misread), the game, its
//! rules' and wire layout's versions, the room (the game's random id), who sends it, its
//! number in the sender's direction, an acknowledgement of the other direction, the kind,
//! the body, and an 8-byte tag: SHA-256 of the previous message's tag and of everything
//! before it. The tags chain each direction, so a changed message fails its check
//! ([`LinkError::Tampered`]) and a missing one cannot be skipped: later ones wait for it
//! ([`LinkError::OutOfOrder`]); duplicates are ignored ([`LinkError::Stale`]). Every error
//! has a sentence for the player (its `Display`), and nothing changes on an error.
//!
//! | kind | from | numbered | body |
//! |---|---|---|---|
//! | `Invite` | host | 1 | options, host's seat, commitment SHA-256(secret) |
//! | `Join` | guest | 1 | the guest's 16 random bytes |
//! | `Update` | host | yes | state number, view patch (or same, or whole), log: keep k, add events; digest |
//! | `Act` | guest | yes | the state number it answers, the index among its legal actions |
//! | `Refused` | host | yes | which guest message, why ([`Refusal`]) |
//! | `AskTakeBack` | either | yes | the guest's state number |
//! | `AnswerTakeBack` | either | yes | that number, yes or no |
//! | `Reveal` | host | yes | the secret, the timeline (every action and take-back), the guest's refused messages |
//! | `Ack` | either | control | (the acknowledgement in the envelope; also the heartbeat) |
//! | `Hello` | either | control | a number (and "restart me" if the guest's view broke) |
//! | `Welcome` | either | control | that number, the last message received and its tag |
//!
//! # The order of things
//!
//! 1. The host makes a 32-byte secret and a room, and [`HostSession::new`] writes the
//!    **invite** (message 1): it commits to the secret by its hash. The invite travels in
//!    the invite link (with the WebRTC offer).
//! 2. The guest, from the invite ([`GuestSession::join_code`]), sends its **join** (its
//!    random part) in the reply code (with the WebRTC answer).
//! 3. The host makes the seed = SHA-256(secret, guest's part): neither could choose it
//!    alone. It starts the game and sends the guest's first **update** (state 1: the whole
//!    view and log).
//! 4. Play: the host's own moves ([`HostSession::act`]) and the guest's ([`GuestSession::act`]:
//!    an `Act` with the state it was chosen in; the host refuses it if the guest's choices
//!    changed since, or for any other reason, with a [`Refusal`], and nothing changes) each
//!    give the guest an update when what it sees changes: a patch of its packed view, the
//!    log events it may read, the digest of the result (checked by the guest). A guest's
//!    move always gets an answer (an update, to the same state if it changed nothing the
//!    guest sees, or a refusal), and the guest sends one move at a time. Updates are built
//!    from the guest's view and log only, so no byte sent depends on what the guest may not
//!    see (the test `secrecy.rs` holds the host's hidden state to it). The guest's view has
//!    none of the engine's bookkeeping (Rebellion's `EngineView`, which its sampler reads):
//!    advice for the guest would need the adapter to send it too.
//! 5. Take-back: either asks (`ask_take_back`), the other answers (`answer_take_back`); only
//!    then does the host take back what the engine allows (never past hidden information
//!    let out) and send the update.
//! 6. At the end the host sends the **reveal**: its secret and the timeline. The guest checks
//!    the commitment, remakes the seed, replays the timeline, and compares every state it
//!    was shown (a running hash of their digests) and every move made in its name with what
//!    it sent: [`Verdict::Fair`] or a [`Mismatch`] with a sentence.
//!
//! Messages not yet acknowledged are resent on [`HostSession::tick`] (a timer, every second
//! or two while connected; it also sends the heartbeat). After every reconnection and every
//! load of a saved session both sides call `hello`: the other answers with the last message
//! it has received and that message's tag, and the first resends what follows (until the
//! answer comes, `reconnecting()` is true). If one device went back to an older save, so
//! that this cannot be done message by message, the host sends the guest its whole view as
//! a *restart* (a message accepted after a gap; a guest whose patched view does not match
//! its digest asks for one too), the guest is told which of its moves may not have counted
//! ([`GuestEvent::Resynced`]), and its end-of-game check covers what it can: the states it
//! was shown (in runs) and the moves it still knows it sent.
//!
//! # What each side keeps to resume
//!
//! Save after every call that changed something, before sending what `take_outgoing`
//! gives (then nothing acknowledged is ever lost): [`HostSession::save`] and
//! [`GuestSession::save`] give one line of text each.
//! - The host: the link (numbers, tags, unacknowledged messages), its secret, the guest's
//!   part, the invite, the timeline, the guest's refused messages, an open take-back
//!   request. Loading replays the timeline from the seed and rebuilds what the guest was
//!   shown (a Rebellion host's save is about 500 characters mid-game).
//! - The guest: the link, the invite's commitment, options and seats, its random part, the
//!   packed view and log it was shown and their number, its transcript (runs of states with
//!   a running hash and 4 bytes of each state's digest), every move it sent (number, state,
//!   index, refused or not), the take-backs it asked for or agreed to, and at the end the
//!   reveal and the verdict (a few kilobytes of text).
//!
//! # Play by codes
//!
//! [`code`] turns messages into one base64url text with a checksum. A side's code
//! ([`HostSession::code`], [`GuestSession::code`]) is every message the other has not
//! acknowledged, a hello or welcome on its way, and an acknowledgement, so a lost code is
//! covered by the next one and an old one pasted twice does nothing. The invite and reply
//! codes are the same thing at the start. A move's code is about 100 to 170 characters.
//!
//! # What remains trusted
//!
//! The host's device holds the whole game: a modified app could show its player the guest's
//! hidden cards. The tags are not keyed: on a data channel DTLS protects the messages; in
//! codes they catch mistakes and edits but not a forger who recomputes them. A host could
//! also throw invites away until the seed suits it (the guest sees repeated invites).

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
