//! A guest's end: it shows the view the host sends, sends its actions, shows the table (who
//! is there, away or covered), and at the end checks the host's game by replaying it.

use crate::code;
use crate::duel::Duel;
use crate::frame::{parse, Kind, LinkError, Role, Wire};
use crate::hash::{commitment, seed_of, Tag};
use crate::host::classic;
use crate::link::{Incoming, Link, LinkState};
use crate::mirror::{fold, record, short, Mirror, Segment, Shown, UpdateBody};
use crate::pack;
use crate::session::{
    check_wire, read_extended, read_save_bytes, unpack_save, write_save, ActBody, ActError,
    AnswerBody, AskBody, Asks, InviteBody, JoinBody, PresenceLine, Refusal, RefusedBody,
    RevealBody, RevealExt, SaveError, SeatKind, SeatState, SeatStatus, TableBody, TableInvite,
    SAVE_VERSION,
};
use crate::timeline::{Step, Timeline};
use serde::{Deserialize, Serialize};

/// What happened on the guest's side when a message arrived.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum GuestEvent {
    /// The first view arrived: the game has started.
    Started,
    /// The view changed.
    Changed,
    /// The host refused the guest's message (nothing changed).
    Refused(Refusal),
    /// The host asks to take back its last move: answer with
    /// [`GuestSession::answer_take_back`].
    TakeBackAsked,
    /// The host answered the guest's request.
    TakeBackAnswered { accepted: bool },
    /// The game is over and the host's game was checked.
    Checked(Verdict),
    /// The link was brought back in step after a device went back to an older save;
    /// `lost` moves of the guest's may not have been played (its view says what was).
    Resynced { lost: usize },
    /// A view could not be rebuilt from an update: a restart was asked for.
    Desynced,
    /// The table changed: who joined, who is away or cut, whose seat the host covers
    /// ([`GuestSession::table`]).
    Table,
    /// At the end: the host's app made `moves` moves for this guest while its seat was
    /// covered (with the host's agreement, while it was away). They are not forgeries, and
    /// are told (with [`GuestEvent::Checked`], which follows).
    Covered { moves: u32 },
    /// The host stopped covering this guest's seat (it is back): the computer played for it
    /// meanwhile. Told however the messages were batched, even when the guest never saw the
    /// cover begin while it was cut off.
    Uncovered,
}

/// The guest's check of the host's game at the end.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Verdict {
    /// The history the host revealed, from the seed both made, gives exactly what the guest
    /// was shown, and every move in the guest's name is one it sent.
    Fair {
        actions: u32,
    },
    Mismatch(Mismatch),
}

/// What the check found wrong.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Mismatch {
    /// The secret revealed is not the one promised at the start.
    Commitment,
    /// The revealed history cannot be read or replayed.
    Unreadable(String),
    /// A move in the guest's name that it never sent.
    NotSent { seq: u32 },
    /// A move in the guest's name other than the one it sent.
    OtherMove { seq: u32 },
    /// The guest's move, played at another point than the one it was chosen in.
    Elsewhere { seq: u32 },
    /// A move the host refused, yet in the history.
    RefusedYetPlayed { seq: u32 },
    /// A move the host received and did not refuse, missing from the history.
    Missing { seq: u32 },
    /// A take-back the guest neither asked for nor agreed to.
    NoConsent { state: u32 },
    /// The game revealed does not start as the one the guest was shown: it was not played
    /// from the seed made together.
    OtherStart,
    /// What the guest was shown differs from what the history gives, from its view `from`.
    Shown { from: u32 },
    /// The history does not end the game.
    NotOver,
    /// The parts of the seed revealed do not hold the guest's own in its place.
    NotYourPart,
    /// A move in the guest's name, said to be made for it while covered, at a point where
    /// its seat was not covered (its view `state`).
    Forged { state: u32 },
}

impl std::fmt::Display for Mismatch {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Mismatch::Commitment => f.write_str(
                "The other device's secret is not the one it promised at the start: it could \
                 have chosen the dice and the shuffles.",
            ),
            Mismatch::Unreadable(why) => {
                write!(
                    f,
                    "The game the other device revealed cannot be replayed ({why})."
                )
            }
            Mismatch::NotSent { seq } => write!(
                f,
                "The other device's history has a move in your name that you never sent \
                 (message {seq})."
            ),
            Mismatch::OtherMove { seq } => write!(
                f,
                "The other device's history has another move than the one you sent (message \
                 {seq})."
            ),
            Mismatch::Elsewhere { seq } => write!(
                f,
                "The other device played your move (message {seq}) at another point of the \
                 game than where you chose it."
            ),
            Mismatch::RefusedYetPlayed { seq } => write!(
                f,
                "The other device refused your move (message {seq}) but its history has it."
            ),
            Mismatch::Missing { seq } => write!(
                f,
                "Your move (message {seq}) is missing from the other device's history."
            ),
            Mismatch::NoConsent { state } => write!(
                f,
                "The other device's history takes back a move (at your view {state}) without \
                 your agreement."
            ),
            Mismatch::OtherStart => f.write_str(
                "The game the other device revealed does not start as the one you were shown: \
                 it was not played from the seed you made together.",
            ),
            Mismatch::Shown { from } => write!(
                f,
                "What you were shown from your view {from} on is not what the other device's \
                 history gives: the game you saw is not the game it played."
            ),
            Mismatch::NotOver => f.write_str("The other device's history does not end the game."),
            Mismatch::NotYourPart => f.write_str(
                "The seed the other device revealed was not made with your part: it could have \
                 chosen the dice and the shuffles.",
            ),
            Mismatch::Forged { state } => write!(
                f,
                "The other device's history has a move in your name (at your view {state}) that \
                 it says it made for you while you were away, but your seat was not covered \
                 then."
            ),
        }
    }
}

/// A move the guest sent.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
struct ActRecord {
    seq: u32,
    at: u32,
    index: u32,
    refused: bool,
    /// Sent before the host went back: it may have reached the host again, or not.
    uncertain: bool,
}

/// The guest's end of an online game.
#[derive(Clone, Debug)]
pub struct GuestSession<D: Duel> {
    link: Box<Link>,
    seat: D::Seat,
    host: D::Seat,
    options: D::Options,
    seats: Vec<D::Seat>,
    kinds: Vec<SeatKind>,
    /// The table as the host last told it.
    table: Vec<SeatState>,
    /// When this guest's seat was covered, in its state numbers: from, and until (none while
    /// it still is).
    cover_spans: Vec<(u32, Option<u32>)>,
    /// The moves made for it while covered, found by the check.
    covered_moves: u32,
    commitment: [u8; 32],
    part: [u8; 16],
    shown: Box<Shown>,
    /// An update did not fit: waiting for the restart asked for.
    broken: bool,
    segments: Vec<Segment>,
    acts: Vec<ActRecord>,
    /// Numbers of the guest's own messages the host has and this device has no record of
    /// (it went back to an older save).
    unknown: Vec<(u32, u32)>,
    pending_act: Option<u32>,
    asks: Asks,
    /// The take-backs the guest asked for or agreed to: in which of its states, and who
    /// takes back.
    consents: Vec<(u32, Role)>,
    reveal: Option<Box<RevealBody>>,
    reveal_ext: Option<RevealExt>,
    verdict: Option<Verdict>,
}

/// The saved form of a two-player guest's session before tables (version 1).
#[derive(Serialize, Deserialize)]
#[serde(bound = "")]
struct GuestSavedV1<D: Duel> {
    wire: Wire,
    link: LinkState,
    seat: D::Seat,
    options: D::Options,
    commitment: [u8; 32],
    part: [u8; 16],
    view: Vec<u8>,
    log: Vec<Vec<u8>>,
    n: u32,
    broken: bool,
    segments: Vec<Segment>,
    acts: Vec<ActRecord>,
    unknown: Vec<(u32, u32)>,
    pending_act: Option<u32>,
    asks: Asks,
    consents: Vec<(u32, Role)>,
    reveal: Option<RevealBody>,
    verdict: Option<Verdict>,
}

#[derive(Serialize, Deserialize)]
#[serde(bound = "")]
struct GuestSaved<D: Duel> {
    wire: Wire,
    link: LinkState,
    seat: D::Seat,
    host: D::Seat,
    options: D::Options,
    kinds: Vec<SeatKind>,
    table: Vec<SeatState>,
    cover_spans: Vec<(u32, Option<u32>)>,
    covered_moves: u32,
    commitment: [u8; 32],
    part: [u8; 16],
    view: Vec<u8>,
    log: Vec<Vec<u8>>,
    n: u32,
    broken: bool,
    segments: Vec<Segment>,
    acts: Vec<ActRecord>,
    unknown: Vec<(u32, u32)>,
    pending_act: Option<u32>,
    asks: Asks,
    consents: Vec<(u32, Role)>,
    reveal: Option<RevealBody>,
    reveal_ext: Option<RevealExt>,
    verdict: Option<Verdict>,
}

/// The table before the host says more: the host, the computers and this guest are there.
fn first_table(kinds: &[SeatKind], me: usize) -> Vec<SeatState> {
    kinds
        .iter()
        .enumerate()
        .map(|(i, k)| SeatState {
            joined: *k != SeatKind::Guest || i == me,
            presence: PresenceLine::Connected,
            covered: false,
        })
        .collect()
}

const SAVE_LABEL: &str = "duel-link-guest";

impl<D: Duel> GuestSession<D> {
    /// Joins the game of an invite code: `part` must be 16 random bytes (the guest's share
    /// of the seed). The reply is [`GuestSession::reply_code`] (or the messages of
    /// [`GuestSession::take_outgoing`]).
    pub fn join_code(invite: &str, part: [u8; 16]) -> Result<Self, LinkError> {
        let messages = code::decode(invite)?;
        let first = messages.first().ok_or(LinkError::NotAMessage)?;
        Self::join(first, part)
    }

    /// Joins the game of an invite message.
    pub fn join(invite: &[u8], part: [u8; 16]) -> Result<Self, LinkError> {
        let p = parse(invite, D::WIRE)?;
        if p.header.kind != Kind::Invite || p.header.seq != 1 || p.header.from != Role::Host {
            return Err(LinkError::Unexpected("this is not an invite"));
        }
        let mut link = Link::new(D::WIRE, p.header.room, Role::Guest);
        let body = match link.receive(invite)?.pop() {
            Some(Incoming::Message { body, .. }) => body,
            _ => return Err(LinkError::Unexpected("this is not an invite")),
        };
        let unreadable = LinkError::Malformed("an unreadable invite");
        let (invite, table) =
            read_extended::<InviteBody<D::Options, D::Seat>, TableInvite<D::Seat>>(&body)
                .ok_or(unreadable.clone())?;
        let seats = D::seats(&invite.options);
        let (seat, kinds) = match table {
            // A two-player invite: the guest is the other seat.
            None if seats.len() == 2 && seats.contains(&invite.host) => {
                let seat = *seats
                    .iter()
                    .find(|s| **s != invite.host)
                    .expect("two seats");
                let kinds = seats
                    .iter()
                    .map(|s| {
                        if *s == seat {
                            SeatKind::Guest
                        } else {
                            SeatKind::Host
                        }
                    })
                    .collect();
                (seat, kinds)
            }
            Some(t) => (t.guest, t.kinds),
            None => return Err(unreadable),
        };
        let kind_of = |s: D::Seat| seats.iter().position(|x| *x == s).map(|i| kinds[i]);
        if kinds.len() != seats.len()
            || kind_of(seat) != Some(SeatKind::Guest)
            || kind_of(invite.host) != Some(SeatKind::Host)
            || kinds.iter().filter(|k| **k == SeatKind::Host).count() != 1
        {
            return Err(unreadable);
        }
        let me = seats.iter().position(|x| *x == seat).expect("checked");
        link.send(
            Kind::Join,
            &pack::to_bytes(&JoinBody { part }).expect("packs"),
        );
        Ok(GuestSession {
            link: Box::new(link),
            seat,
            host: invite.host,
            options: invite.options,
            table: first_table(&kinds, me),
            seats,
            kinds,
            cover_spans: Vec::new(),
            covered_moves: 0,
            commitment: invite.commitment,
            part,
            shown: Box::default(),
            broken: false,
            segments: Vec::new(),
            acts: Vec::new(),
            unknown: Vec::new(),
            pending_act: None,
            asks: Asks::None,
            consents: Vec::new(),
            reveal: None,
            reveal_ext: None,
            verdict: None,
        })
    }

    /// The reply to the invite as a code (the join and an acknowledgement).
    pub fn reply_code(&mut self) -> String {
        self.link.code()
    }

    pub fn seat(&self) -> D::Seat {
        self.seat
    }

    pub fn host_seat(&self) -> D::Seat {
        self.host
    }

    pub fn options(&self) -> D::Options {
        self.options
    }

    pub fn room(&self) -> u32 {
        self.link.state.room
    }

    /// The table as the host last told it, every seat in order (before the start: who has
    /// joined; then who is connected, away or cut, and whose seat is covered).
    pub fn table(&self) -> Vec<SeatStatus<D::Seat>> {
        self.seats
            .iter()
            .zip(&self.kinds)
            .zip(&self.table)
            .map(|((&seat, &kind), s)| SeatStatus {
                seat,
                kind,
                joined: s.joined,
                presence: s.presence,
                covered: s.covered,
            })
            .collect()
    }

    /// The guest seats still missing before the start, as the host last told.
    pub fn missing(&self) -> Vec<D::Seat> {
        self.table()
            .into_iter()
            .filter(|s| !s.joined)
            .map(|s| s.seat)
            .collect()
    }

    /// Whether the host covers this guest's seat now (its app may play for it).
    pub fn covered(&self) -> bool {
        self.cover_spans
            .last()
            .is_some_and(|(_, end)| end.is_none())
    }

    /// How many moves the host's app made for this guest while it was covered (known at the
    /// end, with the verdict).
    pub fn covered_moves(&self) -> u32 {
        self.covered_moves
    }

    /// The sentence for a refusal at this table ("the other player" at two seats).
    pub fn refusal_sentence(&self, why: Refusal) -> &'static str {
        why.sentence(self.seats.len())
    }

    /// The guests' seats, in seat order.
    fn guest_seats(&self) -> Vec<D::Seat> {
        self.seats
            .iter()
            .zip(&self.kinds)
            .filter(|(_, k)| **k == SeatKind::Guest)
            .map(|(s, _)| *s)
            .collect()
    }

    /// Whether the first view has arrived.
    pub fn started(&self) -> bool {
        self.shown.n > 0
    }

    /// The number of the state the guest is shown (what its actions answer).
    pub fn state_number(&self) -> u32 {
        self.shown.n
    }

    /// The guest's view, log included, as the host last sent it.
    pub fn view(&self) -> Option<D::View> {
        if !self.started() {
            return None;
        }
        D::read_view(&self.shown.view, &self.shown.log).ok()
    }

    /// The legal actions of the guest's view (cheaper than [`Self::view`]: the log is not
    /// read).
    pub fn legal(&self) -> Vec<D::Action> {
        if !self.started() {
            return Vec::new();
        }
        D::read_view(&self.shown.view, &[])
            .map(|v| D::legal_in(&v).to_vec())
            .unwrap_or_default()
    }

    /// The packed view and log as received (what the secrecy test compares).
    pub fn shown(&self) -> (&[u8], &[Vec<u8>]) {
        (&self.shown.view, &self.shown.log)
    }

    /// Whether a hello after a reconnection is still waiting for the host's answer.
    pub fn reconnecting(&self) -> bool {
        self.link.hello_open()
    }

    /// Whether the guest's last move is still unanswered (it may not move meanwhile).
    pub fn waiting(&self) -> bool {
        self.pending_act.is_some()
    }

    pub fn take_back_asked(&self) -> bool {
        matches!(self.asks, Asks::Host { .. })
    }

    pub fn take_back_waiting(&self) -> bool {
        matches!(self.asks, Asks::Guest { .. })
    }

    /// The check of the host's game, once it is over.
    pub fn verdict(&self) -> Option<&Verdict> {
        self.verdict.as_ref()
    }

    /// Messages to hand to the transport now (send them after saving the session).
    pub fn take_outgoing(&mut self) -> Vec<Vec<u8>> {
        self.link.take_fresh()
    }

    pub fn tick(&mut self) {
        self.link.tick();
    }

    pub fn hello(&mut self) {
        self.link.hello();
    }

    /// Playing by codes: everything the host has not acknowledged, as one code.
    pub fn code(&mut self) -> String {
        self.link.code()
    }

    pub fn unacknowledged(&self) -> usize {
        self.link.outbox_len()
    }

    /// Reads a code from the host.
    pub fn receive_code(&mut self, text: &str) -> Result<Vec<GuestEvent>, LinkError> {
        code::receive_all(text, |message| self.receive(message))
    }

    /// Reads one message from the host. On an error nothing changed.
    pub fn receive(&mut self, bytes: &[u8]) -> Result<Vec<GuestEvent>, LinkError> {
        let incoming = self.link.receive(bytes)?;
        let mut events = Vec::new();
        for i in incoming {
            match i {
                Incoming::Message {
                    kind,
                    ack,
                    restart,
                    body,
                    ..
                } => {
                    events.extend(self.on_message(kind, restart, ack, &body));
                    if self.pending_act.is_some_and(|s| ack >= s) {
                        self.pending_act = None;
                    }
                }
                Incoming::Jumped { from, to } => {
                    // The host has other messages of ours with these numbers (sent before
                    // this device went back): what we sent since under them never counted.
                    let before = self.acts.len();
                    self.acts.retain(|a| a.seq < from);
                    self.unknown.push((from, to));
                    self.pending_act = None;
                    self.asks = Asks::None;
                    events.push(GuestEvent::Resynced {
                        lost: before - self.acts.len(),
                    });
                }
                Incoming::PeerBehind {
                    received, acked, ..
                } => {
                    // The host went back, or has other messages of ours than we sent (this
                    // device went back too). What it has up to what it had acknowledged is
                    // ours; what it has after that we cannot tell; what we sent after that
                    // may still reach it, or not (the next message restarts the chain).
                    let before = self.acts.len();
                    let sure = received.min(acked);
                    if received > acked {
                        self.acts.retain(|a| a.seq <= acked || a.seq > received);
                        self.unknown.push((acked + 1, received));
                    }
                    let mut doubtful = 0;
                    for a in self
                        .acts
                        .iter_mut()
                        .filter(|a| a.seq > sure && !a.uncertain)
                    {
                        a.uncertain = true;
                        doubtful += 1;
                    }
                    self.pending_act = None;
                    self.asks = Asks::None;
                    events.push(GuestEvent::Resynced {
                        lost: before - self.acts.len() + doubtful,
                    });
                }
            }
        }
        Ok(events)
    }

    fn on_message(&mut self, kind: Kind, restart: bool, ack: u32, body: &[u8]) -> Vec<GuestEvent> {
        match kind {
            Kind::Reveal => {
                let Some((reveal, ext)) = read_extended::<RevealBody, RevealExt>(body) else {
                    return Vec::new();
                };
                let verdict = self.check(&reveal, ext.as_ref(), ack);
                self.reveal = Some(Box::new(reveal));
                self.reveal_ext = ext;
                self.verdict = Some(verdict.clone());
                let mut events = Vec::new();
                if self.covered_moves > 0 {
                    events.push(GuestEvent::Covered {
                        moves: self.covered_moves,
                    });
                }
                events.push(GuestEvent::Checked(verdict));
                events
            }
            Kind::Table => {
                let Ok(TableBody { seats }) = pack::from_bytes(body) else {
                    return Vec::new();
                };
                if seats.len() != self.seats.len() {
                    return Vec::new();
                }
                let me = self
                    .seats
                    .iter()
                    .position(|s| *s == self.seat)
                    .expect("its own seat");
                let (was, now) = (self.covered(), seats[me].covered);
                let mut events = vec![GuestEvent::Table];
                if now && !was {
                    self.cover_spans.push((self.shown.n, None));
                } else if was && !now {
                    if let Some(last) = self.cover_spans.last_mut() {
                        last.1 = Some(self.shown.n);
                    }
                    events.push(GuestEvent::Uncovered);
                }
                self.table = seats;
                events
            }
            _ => self
                .on_message_one(kind, restart, body)
                .into_iter()
                .collect(),
        }
    }

    fn on_message_one(&mut self, kind: Kind, restart: bool, body: &[u8]) -> Option<GuestEvent> {
        match kind {
            Kind::Update => {
                let u: UpdateBody = pack::from_bytes(body).ok()?;
                if self.broken && !restart {
                    return None;
                }
                let first = !self.started();
                if restart {
                    // What was on its way before the restart is gone: answers included.
                    self.pending_act = None;
                    self.asks = Asks::None;
                }
                let previous = self.shown.digest();
                if self.shown.apply(&u).is_none() {
                    self.broken = true;
                    self.link.ask_restart();
                    return Some(GuestEvent::Desynced);
                }
                self.broken = false;
                record(&mut self.segments, u.n, &u.digest, &previous);
                if self.shown.digest() == previous && !first {
                    // The same state again (the answer to a move that changed nothing the
                    // guest sees, or a restart).
                    return None;
                }
                // A request about a view that is gone is dropped.
                self.asks = Asks::None;
                Some(if first {
                    GuestEvent::Started
                } else {
                    GuestEvent::Changed
                })
            }
            Kind::Refused => {
                let RefusedBody { seq, why } = pack::from_bytes(body).ok()?;
                if let Some(a) = self.acts.iter_mut().find(|a| a.seq == seq) {
                    a.refused = true;
                }
                if matches!(self.asks, Asks::Guest { .. }) && why == Refusal::CannotTakeBack {
                    self.asks = Asks::None;
                }
                Some(GuestEvent::Refused(why))
            }
            Kind::AskTakeBack => {
                let AskBody { at } = pack::from_bytes(body).ok()?;
                if at != self.shown.n || self.verdict.is_some() {
                    return None;
                }
                // If the guest asked too, the host refuses that: its own request stands.
                self.asks = Asks::Host { at };
                Some(GuestEvent::TakeBackAsked)
            }
            Kind::AnswerTakeBack => {
                let AnswerBody { at, accepted } = pack::from_bytes(body).ok()?;
                if self.asks != (Asks::Guest { at }) {
                    return None;
                }
                self.asks = Asks::None;
                Some(GuestEvent::TakeBackAnswered { accepted })
            }
            _ => None,
        }
    }

    /// Sends the guest's action, as its index among the legal actions of its view.
    pub fn act(&mut self, action: D::Action) -> Result<(), ActError> {
        self.ready()?;
        let index = self
            .legal()
            .iter()
            .position(|a| *a == action)
            .ok_or(ActError::NotLegal)?;
        self.act_index(index)
    }

    /// Sends the guest's action number `index` among the legal actions of its view.
    pub fn act_index(&mut self, index: usize) -> Result<(), ActError> {
        self.ready()?;
        let legal = self.legal();
        if legal.is_empty() {
            return Err(ActError::NotYourTurn);
        }
        if index >= legal.len() {
            return Err(ActError::NotLegal);
        }
        let at = self.shown.n;
        let body = ActBody {
            at,
            index: index as u32,
        };
        let seq = self
            .link
            .send(Kind::Act, &pack::to_bytes(&body).expect("packs"));
        self.acts.push(ActRecord {
            seq,
            at,
            index: index as u32,
            refused: false,
            uncertain: false,
        });
        self.pending_act = Some(seq);
        Ok(())
    }

    fn ready(&self) -> Result<(), ActError> {
        if !self.started() {
            return Err(ActError::NotStarted);
        }
        if self.verdict.is_some() {
            return Err(ActError::GameOver);
        }
        if self.pending_act.is_some() {
            return Err(ActError::Waiting);
        }
        if self.asks != Asks::None {
            return Err(ActError::AnswerFirst);
        }
        Ok(())
    }

    /// Asks the host to agree to take back the guest's last move (two-seat tables only: at
    /// more, nothing is ever taken back).
    pub fn ask_take_back(&mut self) -> Result<(), ActError> {
        self.ready()?;
        if !classic(&self.kinds) {
            return Err(ActError::CannotTakeBack);
        }
        let at = self.shown.n;
        self.asks = Asks::Guest { at };
        self.consents.push((at, Role::Guest));
        self.link.send(
            Kind::AskTakeBack,
            &pack::to_bytes(&AskBody { at }).expect("packs"),
        );
        Ok(())
    }

    /// Answers the host's request to take back its last move.
    pub fn answer_take_back(&mut self, accept: bool) -> Result<(), ActError> {
        let Asks::Host { at } = self.asks else {
            return Err(ActError::NoRequest);
        };
        self.asks = Asks::None;
        if accept {
            self.consents.push((at, Role::Host));
        }
        self.link.send(
            Kind::AnswerTakeBack,
            &pack::to_bytes(&AnswerBody {
                at,
                accepted: accept,
            })
            .expect("packs"),
        );
        Ok(())
    }

    /// The whole game, once revealed (for a replay with everything shown). Checked or not:
    /// see [`Self::verdict`].
    pub fn revealed_game(&self) -> Option<D> {
        let reveal = self.reveal.as_ref()?;
        let (parts, covered) = self.parts_of(self.reveal_ext.as_ref());
        replay::<D>(
            seed_of(&reveal.secret, &parts),
            self.options,
            &reveal.timeline,
            self.seat,
            (&self.guest_seats(), &covered),
            |_, _, _, _| Ok(()),
        )
        .ok()
    }

    /// The seed's parts and the covered moves a reveal gives (a two-player reveal: this
    /// guest's own part, nothing covered).
    fn parts_of(&self, ext: Option<&RevealExt>) -> (Vec<[u8; 16]>, Vec<u32>) {
        match ext {
            Some(e) => (e.parts.clone(), e.covered.clone()),
            None => (vec![self.part], Vec::new()),
        }
    }

    /// Replays the revealed game and compares it with everything this device saw and sent
    /// (up to its message `received`, the last the host had when it revealed).
    fn check(&mut self, reveal: &RevealBody, ext: Option<&RevealExt>, received: u32) -> Verdict {
        match self.check_inner(reveal, ext, received) {
            Ok((actions, covered)) => {
                self.covered_moves = covered;
                Verdict::Fair { actions }
            }
            Err(m) => Verdict::Mismatch(m),
        }
    }

    fn check_inner(
        &self,
        reveal: &RevealBody,
        ext: Option<&RevealExt>,
        received: u32,
    ) -> Result<(u32, u32), Mismatch> {
        if commitment(&reveal.secret) != self.commitment {
            return Err(Mismatch::Commitment);
        }
        let guests = self.guest_seats();
        let (parts, covered) = self.parts_of(ext);
        let mine = guests.iter().position(|s| *s == self.seat);
        if parts.len() != guests.len() || mine.and_then(|i| parts.get(i)) != Some(&self.part) {
            return Err(Mismatch::NotYourPart);
        }
        let mut covered_moves = 0;
        let mut folds: Vec<Option<[u8; 32]>> = vec![None; self.segments.len()];
        let mut matched = Vec::new();
        let mut last = (0u32, [0u8; 8]);
        let game = replay::<D>(
            seed_of(&reveal.secret, &parts),
            self.options,
            &reveal.timeline,
            self.seat,
            (&guests, &covered),
            |game, mirror, step, state| {
                match step {
                    Some(&Step::Act {
                        seat,
                        guest_seq: None,
                        ..
                    }) if seat == self.seat => {
                        // Made for this guest while covered: only where its seat was, or
                        // where it did not see the game (it went back to an older save).
                        let n = mirror.shown.n;
                        let spanned = self
                            .cover_spans
                            .iter()
                            .any(|&(from, to)| from <= n && to.is_none_or(|t| n <= t));
                        let seen = self.segments.iter().any(|s| s.first <= n && n <= s.last);
                        if !spanned && seen {
                            return Err(Mismatch::Forged { state: n }.into());
                        }
                        covered_moves += 1;
                    }
                    Some(&Step::Act {
                        seat,
                        index,
                        guest_seq: Some(seq),
                        ..
                    }) if seat == self.seat => match self.acts.iter().find(|a| a.seq == seq) {
                        // A number this device has no record of, or another message than it
                        // kept under that number: it went back to an older save.
                        _ if self.unknown.iter().any(|&(a, b)| (a..=b).contains(&seq)) => {}
                        Some(a) if a.refused || reveal.refused.contains(&seq) => {
                            return Err(Mismatch::RefusedYetPlayed { seq }.into())
                        }
                        Some(a) if a.index as usize != index => {
                            return Err(Mismatch::OtherMove { seq }.into())
                        }
                        Some(a) if a.at < mirror.legal_since || a.at > mirror.shown.n => {
                            return Err(Mismatch::Elsewhere { seq }.into())
                        }
                        Some(_) => matched.push(seq),
                        None => return Err(Mismatch::NotSent { seq }.into()),
                    },
                    Some(&Step::TakeBack { len }) => {
                        // Agreed to in this state, and exactly what the engine allows the
                        // one who asked; unless this device did not see the game go on from
                        // this state (it went back to an older save and lost what it agreed).
                        let n = mirror.shown.n;
                        let seen = self.segments.iter().any(|s| s.first <= n && n < s.last)
                            || n == self.shown.n;
                        let agreed = self.consents.iter().any(|&(at, who)| {
                            let taker = if who == Role::Guest {
                                self.seat
                            } else {
                                self.host
                            };
                            at == n && game.take_back_point(taker) == Some(len)
                        });
                        if seen && !agreed {
                            return Err(Mismatch::NoConsent { state: n }.into());
                        }
                    }
                    _ => {}
                }
                if let Some((n, d)) = state {
                    for (seg, f) in self.segments.iter().zip(folds.iter_mut()) {
                        if let Some(seen) = seg.short_of(n) {
                            if seen != short(&d) {
                                return Err(if n == 1 {
                                    Mismatch::OtherStart
                                } else {
                                    Mismatch::Shown { from: n }
                                }
                                .into());
                            }
                            *f = Some(fold(&f.unwrap_or([0; 32]), n, &d));
                        }
                    }
                    last = (n, d);
                }
                Ok(())
            },
        )
        .map_err(|e| match e {
            ReplayError::Check(m) => m,
            ReplayError::Game(why) => Mismatch::Unreadable(why),
        })?;
        if !game.to_act().is_empty() {
            return Err(Mismatch::NotOver);
        }
        for (seg, f) in self.segments.iter().zip(&folds) {
            if *f != Some(seg.fold) {
                return Err(Mismatch::Shown { from: seg.first });
            }
        }
        if last != (self.shown.n, self.shown.digest()) {
            return Err(Mismatch::Shown {
                from: self.shown.n.min(last.0),
            });
        }
        for a in &self.acts {
            let refused = a.refused || reveal.refused.contains(&a.seq);
            if a.seq <= received && !refused && !a.uncertain && !matched.contains(&a.seq) {
                return Err(Mismatch::Missing { seq: a.seq });
            }
        }
        Ok((reveal.timeline.actions(), covered_moves))
    }

    /// The session as text, to keep on the device after every change.
    pub fn save(&self) -> String {
        write_save(
            SAVE_LABEL,
            &GuestSaved::<D> {
                wire: D::WIRE,
                link: self.link.state.clone(),
                seat: self.seat,
                host: self.host,
                options: self.options,
                kinds: self.kinds.clone(),
                table: self.table.clone(),
                cover_spans: self.cover_spans.clone(),
                covered_moves: self.covered_moves,
                commitment: self.commitment,
                part: self.part,
                view: self.shown.view.clone(),
                log: self.shown.log.clone(),
                n: self.shown.n,
                broken: self.broken,
                segments: self.segments.clone(),
                acts: self.acts.clone(),
                unknown: self.unknown.clone(),
                pending_act: self.pending_act,
                asks: self.asks,
                consents: self.consents.clone(),
                reveal: self.reveal.as_deref().cloned(),
                reveal_ext: self.reveal_ext.clone(),
                verdict: self.verdict.clone(),
            },
        )
    }

    /// Reads a saved session (of this version, or a two-player one of before).
    pub fn load(text: &str) -> Result<Self, SaveError> {
        let (version, bytes) = read_save_bytes(SAVE_LABEL, text)?;
        let s: GuestSaved<D> = if version == 1 {
            let o: GuestSavedV1<D> = unpack_save(&bytes)?;
            let seats = D::seats(&o.options);
            let host = *seats
                .iter()
                .find(|x| **x != o.seat)
                .ok_or(SaveError::Damaged("a table of one".into()))?;
            let kinds: Vec<SeatKind> = seats
                .iter()
                .map(|x| {
                    if *x == o.seat {
                        SeatKind::Guest
                    } else {
                        SeatKind::Host
                    }
                })
                .collect();
            let me = seats.iter().position(|x| *x == o.seat).unwrap_or(0);
            GuestSaved {
                wire: o.wire,
                link: o.link,
                seat: o.seat,
                host,
                options: o.options,
                table: first_table(&kinds, me),
                kinds,
                cover_spans: Vec::new(),
                covered_moves: 0,
                commitment: o.commitment,
                part: o.part,
                view: o.view,
                log: o.log,
                n: o.n,
                broken: o.broken,
                segments: o.segments,
                acts: o.acts,
                unknown: o.unknown,
                pending_act: o.pending_act,
                asks: o.asks,
                consents: o.consents,
                reveal: o.reveal,
                reveal_ext: None,
                verdict: o.verdict,
            }
        } else {
            unpack_save(&bytes)?
        };
        Self::from_saved(s)
    }

    /// Reads a saved session of this version only: for pages that never saved one of before
    /// (the tables' pages), which then carry none of the old format's reading.
    pub fn load_current(text: &str) -> Result<Self, SaveError> {
        match read_save_bytes(SAVE_LABEL, text)? {
            (SAVE_VERSION, bytes) => Self::from_saved(unpack_save(&bytes)?),
            _ => Err(SaveError::OtherVersion),
        }
    }

    fn from_saved(s: GuestSaved<D>) -> Result<Self, SaveError> {
        check_wire(s.wire, D::WIRE)?;
        let seats = D::seats(&s.options);
        if seats.len() != s.kinds.len() || seats.len() != s.table.len() {
            return Err(SaveError::Damaged(
                "its table does not fit its options".into(),
            ));
        }
        Ok(GuestSession {
            link: Box::new(Link::from_state(s.link)),
            seat: s.seat,
            host: s.host,
            options: s.options,
            seats,
            kinds: s.kinds,
            table: s.table,
            cover_spans: s.cover_spans,
            covered_moves: s.covered_moves,
            commitment: s.commitment,
            part: s.part,
            shown: Box::new(Shown::new(s.view, s.log, s.n)),
            broken: s.broken,
            segments: s.segments,
            acts: s.acts,
            unknown: s.unknown,
            pending_act: s.pending_act,
            asks: s.asks,
            consents: s.consents,
            reveal: s.reveal.map(Box::new),
            reveal_ext: s.reveal_ext,
            verdict: s.verdict,
        })
    }
}

enum ReplayError {
    Game(String),
    Check(Mismatch),
}

impl From<Mismatch> for ReplayError {
    fn from(m: Mismatch) -> Self {
        ReplayError::Check(m)
    }
}

/// Replays a timeline from its seed as the host played it, calling `visit` before each step
/// (with the step) and after each change of the guest's state (with its number and digest),
/// with the game and the mirror as they are then.
#[allow(clippy::type_complexity)]
fn replay<D: Duel>(
    seed: u64,
    options: D::Options,
    timeline: &Timeline,
    guest: D::Seat,
    (guests, covered): (&[D::Seat], &[u32]),
    mut visit: impl FnMut(
        &D,
        &Mirror<D>,
        Option<&Step<D::Seat, D::Action>>,
        Option<(u32, Tag)>,
    ) -> Result<(), ReplayError>,
) -> Result<D, ReplayError> {
    let mut game = D::start(seed, options);
    let mut mirror = Mirror::<D>::new(guest);
    if let Some(u) = mirror.sync(&game, true, false) {
        visit(&game, &mirror, None, Some((u.n, u.digest)))?;
    }
    let mut reader = timeline.reader();
    while let Some(step) = reader
        .next(&game, guests, covered)
        .map_err(ReplayError::Game)?
    {
        visit(&game, &mirror, Some(&step), None)?;
        let rewound = match step {
            Step::Act { seat, action, .. } => {
                game.apply(seat, action).map_err(ReplayError::Game)?;
                false
            }
            Step::TakeBack { len } => {
                game.truncate(len);
                true
            }
        };
        if let Some(u) = mirror.sync(&game, rewound, false) {
            visit(&game, &mirror, None, Some((u.n, u.digest)))?;
        }
    }
    Ok(game)
}
