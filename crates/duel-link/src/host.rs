//! The host's end: it holds the game, checks each guest's actions with the engine, and sends
//! each guest its own view and log, nothing else, until the end, when it reveals its secret,
//! every guest's part and the whole history.
//!
//! A table is a star: one [`Link`] per guest seat, each with its own room (the game's room
//! plus the guest's place among the guests), so that any message or pasted code is routed by
//! its room. A two-seat table with one guest is exactly the two-player game of before: the
//! same invite, the same messages, byte for byte.

use crate::code;
use crate::duel::Duel;
use crate::frame::{parse, Kind, LinkError, Role, Wire};
use crate::hash::{commitment, seed_of};
use crate::link::{Incoming, Link, LinkState};
use crate::mirror::{Mirror, UpdateBody, ViewChange};
use crate::pack;
use crate::session::{
    check_wire, read_save_bytes, unpack_save, write_extended, write_save, ActBody, ActError,
    AnswerBody, AskBody, Asks, InviteBody, JoinBody, Presence, PresenceLine, Refusal, RefusedBody,
    RevealBody, RevealExt, SaveError, SeatKind, SeatState, SeatStatus, TableBody, TableInvite,
    SAVE_VERSION,
};
use crate::timeline::{Step, Timeline};
use serde::{Deserialize, Serialize};

/// What happened on the host's side when a message arrived.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum HostEvent {
    /// Every guest has joined: the game has started.
    Joined,
    /// A guest moved (or a take-back was made): the game changed.
    Changed,
    /// A guest's message was refused (the guest was told why; nothing changed).
    Refused(Refusal),
    /// The guest asks to take back its last move: answer with
    /// [`HostSession::answer_take_back`].
    TakeBackAsked,
    /// The guest answered the host's request.
    TakeBackAnswered { accepted: bool },
    /// The guest's copy was behind what could be resent (a device went back to an older
    /// save): it was sent its whole view again.
    Resynced,
    /// A guest's reply arrived (its seat is [`HostSession::receive_from`]'s): before the
    /// last one, the others were told who is still missing.
    Arrived,
}

/// Where a hosted game is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum HostPhase {
    /// Waiting for the guests' replies to their invites.
    Inviting,
    Playing,
    /// Over, and the secret and history sent to every guest.
    Over,
}

/// Why a table cannot be hosted.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TableError {
    /// One kind per seat of the options' table is needed (2 to 5 seats).
    Seats,
    /// Exactly one seat is the host's.
    OneHost,
}

impl std::fmt::Display for TableError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            TableError::Seats => "a table has 2 to 5 seats, each given to someone",
            TableError::OneHost => "exactly one seat is the host's",
        })
    }
}

impl std::error::Error for TableError {}

/// One guest seat's end of its link, as the host keeps it.
#[derive(Clone, Debug)]
struct GuestEnd<D: Duel> {
    seat: D::Seat,
    link: Link,
    invite: Vec<u8>,
    part: Option<[u8; 16]>,
    mirror: Mirror<D>,
    /// This guest's action messages refused.
    refused: Vec<u32>,
    /// The number of this guest's last message recorded on the timeline.
    last_seq: u32,
    presence: Presence,
    covered: bool,
}

/// The host's end of an online game.
#[derive(Clone, Debug)]
pub struct HostSession<D: Duel> {
    seats: Vec<D::Seat>,
    kinds: Vec<SeatKind>,
    seat: D::Seat,
    options: D::Options,
    room: u32,
    secret: [u8; 32],
    guests: Vec<GuestEnd<D>>,
    game: Option<D>,
    timeline: Timeline,
    /// The timeline's actions made for a covered guest.
    covered: Vec<u32>,
    /// A take-back request (two-seat tables with one guest only).
    asks: Asks,
    revealed: bool,
    /// Whether the guests are told the table ([`Kind::Table`]): at tables of more than two
    /// seats always, at two seats once the app reports presence or covers a seat.
    announce: bool,
    /// The host's clock at its app's last report (for the "away for" seconds).
    now_ms: u64,
    cheat: Option<Cheat>,
}

/// Ways a dishonest host could try to get away with something, for the tests of the guests'
/// check. Not for apps.
#[doc(hidden)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Cheat {
    /// Plays the game from another secret than the one committed to (chosen after seeing
    /// the guests' parts), and reveals the one committed to.
    PlayOtherSecret([u8; 32]),
    /// The same, revealing the secret it played with.
    RevealOtherSecret([u8; 32]),
    /// Reveals a history in which its own `n`th action is another one.
    ChangeOwnMove(usize),
    /// Reveals a history in which the first guest's `n`th action is another one.
    ChangeGuestMove(usize),
    /// Reveals a history in which the `n`th action of the seat at `seat` (in seat order) is
    /// another one.
    ChangeMoveOf { seat: usize, n: usize },
    /// Reveals a history in which the `n`th action of the guest at `seat` is another one,
    /// said to be made for it while covered (it never was).
    ForgeCovered { seat: usize, n: usize },
}

/// The saved form of a two-player host's session before tables (version 1).
#[derive(Serialize, Deserialize)]
#[serde(bound = "")]
struct HostSavedV1<D: Duel> {
    wire: Wire,
    link: LinkState,
    seat: D::Seat,
    options: D::Options,
    secret: [u8; 32],
    guest_part: Option<[u8; 16]>,
    invite: Vec<u8>,
    timeline: Timeline,
    refused: Vec<u32>,
    asks: Asks,
    revealed: bool,
    n: u32,
}

#[derive(Serialize, Deserialize)]
#[serde(bound = "")]
struct GuestEndSaved {
    link: LinkState,
    invite: Vec<u8>,
    part: Option<[u8; 16]>,
    refused: Vec<u32>,
    presence: Presence,
    covered: bool,
    /// The guest's state number, to check the replay on loading.
    n: u32,
}

#[derive(Serialize, Deserialize)]
#[serde(bound = "")]
struct HostSaved<D: Duel> {
    wire: Wire,
    kinds: Vec<SeatKind>,
    options: D::Options,
    room: u32,
    secret: [u8; 32],
    /// One per guest seat, in seat order.
    guests: Vec<GuestEndSaved>,
    timeline: Timeline,
    covered: Vec<u32>,
    asks: Asks,
    revealed: bool,
    announce: bool,
    now_ms: u64,
}

const SAVE_LABEL: &str = "duel-link-host";

/// The room of the link of the guest at place `i` among the guests.
pub(crate) fn guest_room(room: u32, i: usize) -> u32 {
    room.wrapping_add(i as u32)
}

/// Whether a table is the two-player one of before: two seats, one of them a guest.
pub(crate) fn classic(kinds: &[SeatKind]) -> bool {
    kinds.len() == 2 && kinds.contains(&SeatKind::Guest) && kinds.contains(&SeatKind::Host)
}

impl<D: Duel> HostSession<D> {
    /// A new two-player game to host (every other seat a guest: at two seats, one guest):
    /// `secret` must be 32 random bytes (the browser's `crypto.getRandomValues`), `room` a
    /// random number that names the game. The invite is the first message
    /// ([`HostSession::invite_code`]).
    pub fn new(options: D::Options, seat: D::Seat, secret: [u8; 32], room: u32) -> Self {
        let kinds = D::seats(&options)
            .iter()
            .map(|s| {
                if *s == seat {
                    SeatKind::Host
                } else {
                    SeatKind::Guest
                }
            })
            .collect();
        Self::table(options, kinds, secret, room).expect("the host's seat is one of the table's")
    }

    /// A new table to host: one kind per seat of [`Duel::seats`] (in that order), exactly one
    /// of them the host's. Each guest seat gets its own invite ([`Self::invite_code_for`]);
    /// the game starts when the last guest's reply arrives (at once if there is none).
    pub fn table(
        options: D::Options,
        kinds: Vec<SeatKind>,
        secret: [u8; 32],
        room: u32,
    ) -> Result<Self, TableError> {
        let seats = D::seats(&options);
        if !(2..=5).contains(&seats.len()) || kinds.len() != seats.len() {
            return Err(TableError::Seats);
        }
        let mut hosts = seats
            .iter()
            .zip(&kinds)
            .filter(|(_, k)| **k == SeatKind::Host);
        let (Some((&seat, _)), None) = (hosts.next(), hosts.next()) else {
            return Err(TableError::OneHost);
        };
        let commitment = commitment(&secret);
        let classic = classic(&kinds);
        let guest_seats: Vec<D::Seat> = seats
            .iter()
            .zip(&kinds)
            .filter(|(_, k)| **k == SeatKind::Guest)
            .map(|(s, _)| *s)
            .collect();
        let mut guests = Vec::new();
        for (i, &guest) in guest_seats.iter().enumerate() {
            let mut link = Link::new(D::WIRE, guest_room(room, i), Role::Host);
            let body = InviteBody {
                options,
                host: seat,
                commitment,
            };
            let table = (!classic).then(|| TableInvite {
                guest,
                kinds: kinds.clone(),
            });
            link.send(Kind::Invite, &write_extended(&body, table.as_ref()));
            let invite = link.take_fresh().remove(0);
            guests.push(GuestEnd {
                seat: guest,
                link,
                invite,
                part: None,
                mirror: Mirror::new(guest),
                refused: Vec::new(),
                last_seq: 0,
                presence: Presence::Connected,
                covered: false,
            });
        }
        let mut host = HostSession {
            seats,
            kinds,
            seat,
            options,
            room,
            secret,
            guests,
            game: None,
            timeline: Timeline::default(),
            covered: Vec::new(),
            asks: Asks::None,
            revealed: false,
            announce: !classic,
            now_ms: 0,
            cheat: None,
        };
        if host.guests.is_empty() {
            host.start();
        }
        Ok(host)
    }

    #[doc(hidden)]
    pub fn cheat(&mut self, cheat: Cheat) {
        self.cheat = Some(cheat);
    }

    fn guest_index(&self, seat: D::Seat) -> Option<usize> {
        self.guests.iter().position(|g| g.seat == seat)
    }

    fn kind_of(&self, seat: D::Seat) -> Option<SeatKind> {
        self.seats
            .iter()
            .position(|s| *s == seat)
            .map(|i| self.kinds[i])
    }

    /// Whether take-backs can be asked: at a two-seat table with a guest only.
    fn take_backs(&self) -> bool {
        classic(&self.kinds)
    }

    /// The first guest's invite as a message (at a two-player table, the invite).
    pub fn invite(&self) -> &[u8] {
        self.guests.first().map_or(&[], |g| &g.invite)
    }

    /// The invite of the guest seat `seat` as a message (to put in its link with the
    /// connection offer).
    pub fn invite_for(&self, seat: D::Seat) -> Option<&[u8]> {
        self.guest_index(seat).map(|i| &self.guests[i].invite[..])
    }

    /// The first guest's invite as a code.
    pub fn invite_code(&self) -> String {
        code::encode(std::slice::from_ref(&self.invite().to_vec()))
    }

    /// The invite of the guest seat `seat` as a code.
    pub fn invite_code_for(&self, seat: D::Seat) -> Option<String> {
        self.invite_for(seat)
            .map(|i| code::encode(std::slice::from_ref(&i.to_vec())))
    }

    pub fn seat(&self) -> D::Seat {
        self.seat
    }

    /// The first guest's seat (at a two-player table, the other seat).
    pub fn guest_seat(&self) -> D::Seat {
        match self.guests.first() {
            Some(g) => g.seat,
            None => *self
                .seats
                .iter()
                .find(|s| **s != self.seat)
                .expect("2 seats or more"),
        }
    }

    /// The guests' seats, in seat order.
    pub fn guest_seats(&self) -> Vec<D::Seat> {
        self.guests.iter().map(|g| g.seat).collect()
    }

    /// Every seat, in order, and who holds it.
    pub fn seats(&self) -> Vec<(D::Seat, SeatKind)> {
        self.seats
            .iter()
            .copied()
            .zip(self.kinds.iter().copied())
            .collect()
    }

    /// The guest seats whose reply has not arrived yet (the game starts when none is left).
    pub fn missing(&self) -> Vec<D::Seat> {
        self.guests
            .iter()
            .filter(|g| g.part.is_none())
            .map(|g| g.seat)
            .collect()
    }

    /// The guest seats whose reply has arrived.
    pub fn joined(&self) -> Vec<D::Seat> {
        self.guests
            .iter()
            .filter(|g| g.part.is_some())
            .map(|g| g.seat)
            .collect()
    }

    /// The table as every device shows it, at the host's time `now_ms`.
    pub fn table_status(&self, now_ms: u64) -> Vec<SeatStatus<D::Seat>> {
        self.seat_states(now_ms)
            .into_iter()
            .zip(self.seats())
            .map(|(s, (seat, kind))| SeatStatus {
                seat,
                kind,
                joined: s.joined,
                presence: s.presence,
                covered: s.covered,
            })
            .collect()
    }

    /// The game's room (a two-player game's only link has it; the others follow it).
    pub fn room(&self) -> u32 {
        self.room
    }

    pub fn phase(&self) -> HostPhase {
        match (&self.game, self.revealed) {
            (None, _) => HostPhase::Inviting,
            (Some(_), false) => HostPhase::Playing,
            (Some(_), true) => HostPhase::Over,
        }
    }

    /// The game (the host's own screen shows [`Duel::view`] of its seat).
    pub fn game(&self) -> Option<&D> {
        self.game.as_ref()
    }

    /// The host's own view, log included.
    pub fn view(&self) -> Option<D::View> {
        self.game.as_ref().map(|g| g.view(self.seat))
    }

    /// Whether the guest asks to take back a move (answer with [`Self::answer_take_back`]).
    pub fn take_back_asked(&self) -> bool {
        matches!(self.asks, Asks::Guest { .. })
    }

    /// Whether the host's own request to take back is waiting for the guest's answer.
    pub fn take_back_waiting(&self) -> bool {
        matches!(self.asks, Asks::Host { .. })
    }

    /// Messages to hand to the transport now, every guest's together (for a two-player
    /// table; at a larger one use [`Self::take_outgoing_all`]). Send them after saving.
    pub fn take_outgoing(&mut self) -> Vec<Vec<u8>> {
        self.guests
            .iter_mut()
            .flat_map(|g| g.link.take_fresh())
            .collect()
    }

    /// Messages to hand to the transport now, each with the guest seat it goes to.
    pub fn take_outgoing_all(&mut self) -> Vec<(D::Seat, Vec<u8>)> {
        self.guests
            .iter_mut()
            .flat_map(|g| {
                let seat = g.seat;
                g.link.take_fresh().into_iter().map(move |m| (seat, m))
            })
            .collect()
    }

    /// Messages for the guest seat `seat` now.
    pub fn take_outgoing_for(&mut self, seat: D::Seat) -> Vec<Vec<u8>> {
        match self.guest_index(seat) {
            Some(i) => self.guests[i].link.take_fresh(),
            None => Vec::new(),
        }
    }

    /// On a timer while connected: resends what is unacknowledged, and a heartbeat, on every
    /// guest's link.
    pub fn tick(&mut self) {
        self.guests.iter_mut().for_each(|g| g.link.tick());
    }

    /// On a timer while the guest seat `seat` is connected: [`Self::tick`] on its link only
    /// (a link with no connection would pile up resends for nobody).
    pub fn tick_for(&mut self, seat: D::Seat) {
        if let Some(i) = self.guest_index(seat) {
            self.guests[i].link.tick();
        }
    }

    /// The room of the guest seat `seat`'s link: the one its invite and its reconnection
    /// links carry (each guest's link has its own, so that a code finds its link).
    pub fn room_of(&self, seat: D::Seat) -> Option<u32> {
        self.guest_index(seat).map(|i| guest_room(self.room, i))
    }

    /// Whether a hello after a reconnection is still waiting for a guest's answer.
    pub fn reconnecting(&self) -> bool {
        self.guests.iter().any(|g| g.link.hello_open())
    }

    /// On every (re)connection and load: a hello on every guest's link.
    pub fn hello(&mut self) {
        self.guests.iter_mut().for_each(|g| g.link.hello());
    }

    /// A hello on one guest's link (it reconnected).
    pub fn hello_to(&mut self, seat: D::Seat) {
        if let Some(i) = self.guest_index(seat) {
            self.guests[i].link.hello();
        }
    }

    /// Playing by codes: everything the first guest has not acknowledged, as one code.
    pub fn code(&mut self) -> String {
        match self.guests.first_mut() {
            Some(g) => g.link.code(),
            None => code::encode(&[]),
        }
    }

    /// Playing by codes with the guest seat `seat`.
    pub fn code_for(&mut self, seat: D::Seat) -> Option<String> {
        let i = self.guest_index(seat)?;
        Some(self.guests[i].link.code())
    }

    /// Messages not yet acknowledged, all guests together.
    pub fn unacknowledged(&self) -> usize {
        self.guests.iter().map(|g| g.link.outbox_len()).sum()
    }

    /// Reads a code from a guest (playing by codes, or the reply to an invite).
    pub fn receive_code(&mut self, text: &str) -> Result<Vec<HostEvent>, LinkError> {
        code::receive_all(text, |message| self.receive(message))
    }

    /// Reads one message from a guest. On an error nothing changed.
    pub fn receive(&mut self, bytes: &[u8]) -> Result<Vec<HostEvent>, LinkError> {
        self.receive_from(bytes).map(|(_, e)| e)
    }

    /// Reads one message from a guest, routed by its room: which guest seat sent it, and
    /// what happened. On an error nothing changed.
    pub fn receive_from(&mut self, bytes: &[u8]) -> Result<(D::Seat, Vec<HostEvent>), LinkError> {
        let room = parse(bytes, D::WIRE)?.header.room;
        let Some(i) = self.guests.iter().position(|g| g.link.state.room == room) else {
            return Err(LinkError::UnknownRoom {
                theirs: room,
                ours: self.room,
            });
        };
        let incoming = self.guests[i].link.receive(bytes)?;
        let mut events = Vec::new();
        for m in incoming {
            match m {
                Incoming::Message {
                    kind, seq, body, ..
                } => events.extend(self.on_message(i, kind, seq, &body)),
                Incoming::Jumped { .. } | Incoming::PeerBehind { .. } => {
                    if self.game.is_some() {
                        // Whatever the guest has, this brings it to the game as it is; what
                        // was on its way is gone, requests included.
                        self.asks = Asks::None;
                        let body = self.guests[i].mirror.shown.whole();
                        self.guests[i]
                            .link
                            .send(Kind::Update, &pack::to_bytes(&body).expect("packs"));
                        if self.announce {
                            self.send_table(i);
                        }
                        if self.revealed {
                            self.send_reveal(i);
                        }
                        events.push(HostEvent::Resynced);
                    } else if self.announce && self.guests[i].part.is_some() {
                        self.send_table(i);
                    }
                }
            }
        }
        Ok((self.guests[i].seat, events))
    }

    fn on_message(&mut self, i: usize, kind: Kind, seq: u32, body: &[u8]) -> Vec<HostEvent> {
        match kind {
            Kind::Join => self.on_join(i, body),
            Kind::Act => vec![self.on_act(i, seq, body)],
            Kind::AskTakeBack => {
                let refuse = |s: &mut Self| {
                    s.refuse(i, seq, Refusal::CannotTakeBack);
                    vec![HostEvent::Refused(Refusal::CannotTakeBack)]
                };
                let Ok(AskBody { at }) = pack::from_bytes(body) else {
                    return refuse(self);
                };
                let Some(game) = self.game.as_ref() else {
                    return Vec::new();
                };
                let guest = self.guests[i].seat;
                if !self.take_backs()
                    || self.revealed
                    || at != self.guests[i].mirror.shown.n
                    || self.asks != Asks::None
                    || game.take_back_point(guest).is_none()
                {
                    return refuse(self);
                }
                self.asks = Asks::Guest { at };
                vec![HostEvent::TakeBackAsked]
            }
            Kind::AnswerTakeBack => {
                let Ok(AnswerBody { at, accepted }) = pack::from_bytes(body) else {
                    return Vec::new();
                };
                if self.asks != (Asks::Host { at }) || at != self.guests[i].mirror.shown.n {
                    return Vec::new();
                }
                self.asks = Asks::None;
                if accepted && !self.take_back(self.seat) {
                    return vec![HostEvent::TakeBackAnswered { accepted: false }];
                }
                vec![HostEvent::TakeBackAnswered { accepted }]
            }
            _ => Vec::new(),
        }
    }

    fn on_join(&mut self, i: usize, body: &[u8]) -> Vec<HostEvent> {
        if self.game.is_some() || self.guests[i].part.is_some() {
            return Vec::new();
        }
        let Ok(JoinBody { part }) = pack::from_bytes(body) else {
            return Vec::new();
        };
        self.guests[i].part = Some(part);
        if self.guests.iter().all(|g| g.part.is_some()) {
            self.start();
            return vec![HostEvent::Arrived, HostEvent::Joined];
        }
        if self.announce {
            self.send_table_all();
        }
        vec![HostEvent::Arrived]
    }

    /// The secret the game is played from (another one only for the cheat tests).
    fn played_secret(&self) -> [u8; 32] {
        match self.cheat {
            Some(Cheat::PlayOtherSecret(s) | Cheat::RevealOtherSecret(s)) => s,
            _ => self.secret,
        }
    }

    fn parts(&self) -> Option<Vec<[u8; 16]>> {
        self.guests.iter().map(|g| g.part).collect()
    }

    /// Every part is in: the seed is made and the game starts.
    fn start(&mut self) {
        let parts = self.parts().expect("every guest has joined");
        self.game = Some(D::start(
            seed_of(&self.played_secret(), &parts),
            self.options,
        ));
        if self.announce {
            self.send_table_all();
        }
        self.after_change(true);
    }

    fn seat_states(&self, now_ms: u64) -> Vec<SeatState> {
        self.seats
            .iter()
            .map(|s| match self.guest_index(*s) {
                Some(i) => {
                    let g = &self.guests[i];
                    SeatState {
                        joined: g.part.is_some(),
                        presence: line(g.presence, now_ms),
                        covered: g.covered,
                    }
                }
                None => SeatState {
                    joined: true,
                    presence: PresenceLine::Connected,
                    covered: false,
                },
            })
            .collect()
    }

    fn send_table(&mut self, i: usize) {
        let body = TableBody {
            seats: self.seat_states(self.now_ms),
        };
        self.guests[i]
            .link
            .send(Kind::Table, &pack::to_bytes(&body).expect("packs"));
    }

    /// Tells every guest that has joined the table as it is now.
    fn send_table_all(&mut self) {
        for i in 0..self.guests.len() {
            if self.guests[i].part.is_some() {
                self.send_table(i);
            }
        }
    }

    /// The host's app reports a guest's connection, with its clock (ms). When the line every
    /// device shows changes (connected, away, cut), every guest is told. Returns whether
    /// they were.
    pub fn set_presence(&mut self, seat: D::Seat, presence: Presence, now_ms: u64) -> bool {
        self.now_ms = self.now_ms.max(now_ms);
        let Some(i) = self.guest_index(seat) else {
            return false;
        };
        let before = std::mem::replace(&mut self.guests[i].presence, presence);
        if std::mem::discriminant(&before) == std::mem::discriminant(&presence) {
            return false;
        }
        self.announce = true;
        self.send_table_all();
        true
    }

    /// The host covers (or stops covering) an absent guest's seat: while covered, the host's
    /// app may play it ([`Self::act_for`]). The app decides when (after the away time its
    /// host chose, and with the host's agreement); every guest is told, and the covered
    /// guest's end-of-game check counts those moves as made for it, not as forged.
    pub fn cover(&mut self, seat: D::Seat, on: bool) -> Result<(), ActError> {
        let i = self.guest_index(seat).ok_or(ActError::NotYourSeat)?;
        if self.guests[i].covered != on {
            self.guests[i].covered = on;
            self.announce = true;
            self.send_table_all();
        }
        Ok(())
    }

    /// Whether the host's device plays `seat` now: its own, a computer's, or a covered
    /// guest's.
    pub fn plays(&self, seat: D::Seat) -> bool {
        match self.kind_of(seat) {
            Some(SeatKind::Host | SeatKind::Computer) => true,
            Some(SeatKind::Guest) => self
                .guest_index(seat)
                .is_some_and(|i| self.guests[i].covered),
            None => false,
        }
    }

    fn refuse(&mut self, i: usize, seq: u32, why: Refusal) {
        let body = RefusedBody { seq, why };
        self.guests[i]
            .link
            .send(Kind::Refused, &pack::to_bytes(&body).expect("packs"));
    }

    fn on_act(&mut self, i: usize, seq: u32, body: &[u8]) -> HostEvent {
        match self.check_act(i, body) {
            Ok((index, action)) => {
                let guest = self.guests[i].seat;
                let Some(game) = self.game.as_mut() else {
                    return HostEvent::Refused(Refusal::NotYourTurn);
                };
                let (to_act, legal) = (game.to_act(), game.legal(guest).len());
                if game.apply(guest, action).is_err() {
                    // The engine refused one of its own legal actions (never seen).
                    self.refuse(i, seq, Refusal::NoSuchAction);
                    self.guests[i].refused.push(seq);
                    return HostEvent::Refused(Refusal::NoSuchAction);
                }
                let prev = std::mem::replace(&mut self.guests[i].last_seq, seq);
                push_act_sized(
                    &mut self.timeline,
                    &to_act,
                    guest,
                    index,
                    legal,
                    Some((seq, prev)),
                );
                if !self.after_change(false)[i] {
                    // Nothing the guest sees changed: it is still told its move was taken
                    // (an update to the same state), so that it may move again.
                    let shown = &self.guests[i].mirror.shown;
                    let body = UpdateBody {
                        n: shown.n,
                        view: ViewChange::Same,
                        keep: shown.log.len() as u32,
                        add: Vec::new(),
                        digest: shown.digest(),
                    };
                    self.guests[i]
                        .link
                        .send(Kind::Update, &pack::to_bytes(&body).expect("packs"));
                }
                HostEvent::Changed
            }
            Err(why) => {
                self.refuse(i, seq, why);
                self.guests[i].refused.push(seq);
                HostEvent::Refused(why)
            }
        }
    }

    fn check_act(&self, i: usize, body: &[u8]) -> Result<(usize, D::Action), Refusal> {
        let ActBody { at, index } = pack::from_bytes(body).map_err(|_| Refusal::Malformed)?;
        let game = self.game.as_ref().ok_or(Refusal::NotYourTurn)?;
        let g = &self.guests[i];
        if self.revealed {
            return Err(Refusal::GameOver);
        }
        if !game.to_act().contains(&g.seat) {
            return Err(Refusal::NotYourTurn);
        }
        if matches!(self.asks, Asks::Guest { .. }) {
            // The guest's own request is open: it cannot move meanwhile.
            return Err(Refusal::NotYourTurn);
        }
        if at > g.mirror.shown.n || at < g.mirror.legal_since {
            return Err(Refusal::Stale);
        }
        let action = *g
            .mirror
            .legal
            .get(index as usize)
            .ok_or(Refusal::NoSuchAction)?;
        Ok((index as usize, action))
    }

    /// Sends each guest its new state if it changed (returns, by guest, whether it did),
    /// then the reveal if the game is over.
    fn after_change(&mut self, rewound: bool) -> Vec<bool> {
        let Some(game) = &self.game else {
            return vec![false; self.guests.len()];
        };
        let mut sent = vec![false; self.guests.len()];
        for (g, s) in self.guests.iter_mut().zip(sent.iter_mut()) {
            if let Some(body) = g.mirror.sync(game, rewound, true) {
                *s = true;
                g.link
                    .send(Kind::Update, &pack::to_bytes(&body).expect("packs"));
                if let Asks::Host { .. } = self.asks {
                    // The guest will see that the game moved on and drop the request too.
                    self.asks = Asks::None;
                }
            }
        }
        if game.to_act().is_empty() && !self.revealed {
            self.revealed = true;
            for i in 0..self.guests.len() {
                self.send_reveal(i);
            }
        }
        sent
    }

    fn send_reveal(&mut self, i: usize) {
        let Some(parts) = self.parts() else {
            return;
        };
        let (timeline, covered) = self
            .cheat
            .and_then(|c| self.cheat_reveal(c))
            .unwrap_or_else(|| (self.timeline.clone(), self.covered.clone()));
        let mut body = RevealBody {
            secret: self.secret,
            timeline,
            refused: self.guests[i].refused.clone(),
        };
        if let Some(Cheat::RevealOtherSecret(s)) = self.cheat {
            body.secret = s;
        }
        let ext =
            (!classic(&self.kinds) || !covered.is_empty()).then_some(RevealExt { parts, covered });
        self.guests[i]
            .link
            .send(Kind::Reveal, &write_extended(&body, ext.as_ref()));
    }

    /// Plays the host's own action.
    pub fn act(&mut self, action: D::Action) -> Result<(), ActError> {
        self.act_for(self.seat, action)
    }

    /// Plays an action for `seat`: the host's own, a computer's (the host's app chose it),
    /// or a covered guest's (recorded as made for it by the host).
    pub fn act_for(&mut self, seat: D::Seat, action: D::Action) -> Result<(), ActError> {
        if self.game.is_none() {
            return Err(ActError::NotStarted);
        }
        if self.revealed {
            return Err(ActError::GameOver);
        }
        if matches!(self.asks, Asks::Guest { .. }) {
            return Err(ActError::AnswerFirst);
        }
        if !self.plays(seat) {
            return Err(ActError::NotYourSeat);
        }
        let covering = self.guest_index(seat).is_some();
        let game = self.game.as_mut().ok_or(ActError::NotStarted)?;
        if !game.to_act().contains(&seat) {
            return Err(ActError::NotYourTurn);
        }
        let legal = game.legal(seat);
        let index = legal
            .iter()
            .position(|a| *a == action)
            .ok_or(ActError::NotLegal)?;
        let to_act = game.to_act();
        game.apply(seat, action).map_err(|_| ActError::NotLegal)?;
        if covering {
            self.covered.push(self.timeline.actions());
        }
        push_act_sized(&mut self.timeline, &to_act, seat, index, legal.len(), None);
        self.after_change(false);
        Ok(())
    }

    /// Asks the guest to agree to take back the host's last move (two-seat tables only: at
    /// more, nothing is ever taken back).
    pub fn ask_take_back(&mut self) -> Result<(), ActError> {
        let game = self.game.as_ref().ok_or(ActError::NotStarted)?;
        if self.revealed {
            return Err(ActError::GameOver);
        }
        if !self.take_backs() {
            return Err(ActError::CannotTakeBack);
        }
        if self.asks != Asks::None {
            return Err(ActError::AnswerFirst);
        }
        if game.take_back_point(self.seat).is_none() {
            return Err(ActError::CannotTakeBack);
        }
        let at = self.guests[0].mirror.shown.n;
        self.asks = Asks::Host { at };
        self.guests[0].link.send(
            Kind::AskTakeBack,
            &pack::to_bytes(&AskBody { at }).expect("packs"),
        );
        Ok(())
    }

    /// Answers the guest's request to take back its last move.
    pub fn answer_take_back(&mut self, accept: bool) -> Result<(), ActError> {
        let Asks::Guest { at } = self.asks else {
            return Err(ActError::NoRequest);
        };
        self.asks = Asks::None;
        let guest = self.guests[0].seat;
        let accepted = accept
            && self
                .game
                .as_ref()
                .is_some_and(|g| g.take_back_point(guest).is_some());
        self.guests[0].link.send(
            Kind::AnswerTakeBack,
            &pack::to_bytes(&AnswerBody { at, accepted }).expect("packs"),
        );
        if accepted {
            self.take_back(guest);
        }
        Ok(())
    }

    /// Takes back what the engine allows `taker`; false if nothing.
    fn take_back(&mut self, taker: D::Seat) -> bool {
        let Some(game) = self.game.as_mut() else {
            return false;
        };
        let Some(point) = game.take_back_point(taker) else {
            return false;
        };
        self.timeline.push_take_back(point);
        game.truncate(point);
        self.after_change(true);
        true
    }

    /// The session as text, to keep on the device after every change (before sending what
    /// [`Self::take_outgoing`] gives).
    pub fn save(&self) -> String {
        write_save(
            SAVE_LABEL,
            &HostSaved::<D> {
                wire: D::WIRE,
                kinds: self.kinds.clone(),
                options: self.options,
                room: self.room,
                secret: self.secret,
                guests: self
                    .guests
                    .iter()
                    .map(|g| GuestEndSaved {
                        link: g.link.state.clone(),
                        invite: g.invite.clone(),
                        part: g.part,
                        refused: g.refused.clone(),
                        presence: g.presence,
                        covered: g.covered,
                        n: g.mirror.shown.n,
                    })
                    .collect(),
                timeline: self.timeline.clone(),
                covered: self.covered.clone(),
                asks: self.asks,
                revealed: self.revealed,
                announce: self.announce,
                now_ms: self.now_ms,
            },
        )
    }

    /// Reads a saved session (of this version, or a two-player one of before): the game is
    /// replayed from the seed and the timeline, and what each guest was shown is rebuilt
    /// from it.
    pub fn load(text: &str) -> Result<Self, SaveError> {
        let (version, bytes) = read_save_bytes(SAVE_LABEL, text)?;
        let saved: HostSaved<D> = if version == 1 {
            let old: HostSavedV1<D> = unpack_save(&bytes)?;
            let kinds = D::seats(&old.options)
                .iter()
                .map(|s| {
                    if *s == old.seat {
                        SeatKind::Host
                    } else {
                        SeatKind::Guest
                    }
                })
                .collect();
            HostSaved {
                wire: old.wire,
                kinds,
                options: old.options,
                room: old.link.room,
                secret: old.secret,
                guests: vec![GuestEndSaved {
                    link: old.link,
                    invite: old.invite,
                    part: old.guest_part,
                    refused: old.refused,
                    presence: Presence::Connected,
                    covered: false,
                    n: old.n,
                }],
                timeline: old.timeline,
                covered: Vec::new(),
                asks: old.asks,
                revealed: old.revealed,
                announce: false,
                now_ms: 0,
            }
        } else {
            unpack_save(&bytes)?
        };
        Self::from_saved(saved)
    }

    /// Reads a saved session of this version only: for pages that never saved one of before
    /// (the tables' pages), which then carry none of the old format's reading.
    pub fn load_current(text: &str) -> Result<Self, SaveError> {
        match read_save_bytes(SAVE_LABEL, text)? {
            (SAVE_VERSION, bytes) => Self::from_saved(unpack_save(&bytes)?),
            _ => Err(SaveError::OtherVersion),
        }
    }

    fn from_saved(saved: HostSaved<D>) -> Result<Self, SaveError> {
        check_wire(saved.wire, D::WIRE)?;
        let damaged = |why: &str| SaveError::Damaged(why.into());
        let seats = D::seats(&saved.options);
        if seats.len() != saved.kinds.len() {
            return Err(damaged("its table does not fit its options"));
        }
        let seat = seats
            .iter()
            .zip(&saved.kinds)
            .find(|(_, k)| **k == SeatKind::Host)
            .map(|(s, _)| *s)
            .ok_or_else(|| damaged("its table has no host"))?;
        let guest_seats: Vec<D::Seat> = seats
            .iter()
            .zip(&saved.kinds)
            .filter(|(_, k)| **k == SeatKind::Guest)
            .map(|(s, _)| *s)
            .collect();
        if guest_seats.len() != saved.guests.len() {
            return Err(damaged("its table does not fit its guests"));
        }
        let shown: Vec<u32> = saved.guests.iter().map(|g| g.n).collect();
        let mut guests: Vec<GuestEnd<D>> = saved
            .guests
            .into_iter()
            .zip(&guest_seats)
            .map(|(g, &seat)| GuestEnd {
                seat,
                link: Link::from_state(g.link),
                invite: g.invite,
                part: g.part,
                mirror: Mirror::new(seat),
                refused: g.refused,
                last_seq: 0,
                presence: g.presence,
                covered: g.covered,
            })
            .collect();
        let parts: Option<Vec<[u8; 16]>> = guests.iter().map(|g| g.part).collect();
        let game = match parts {
            None => None,
            Some(parts) => {
                let mut game = D::start(seed_of(&saved.secret, &parts), saved.options);
                for g in guests.iter_mut() {
                    g.mirror.sync(&game, true, false);
                }
                let mut reader = saved.timeline.reader();
                while let Some(step) = reader
                    .next(&game, &guest_seats, &saved.covered)
                    .map_err(SaveError::Damaged)?
                {
                    let rewound = match step {
                        Step::Act {
                            seat,
                            action,
                            guest_seq,
                            ..
                        } => {
                            game.apply(seat, action).map_err(SaveError::Damaged)?;
                            if let (Some(s), Some(g)) =
                                (guest_seq, guests.iter_mut().find(|g| g.seat == seat))
                            {
                                g.last_seq = s;
                            }
                            false
                        }
                        Step::TakeBack { len } => {
                            game.truncate(len);
                            true
                        }
                    };
                    for g in guests.iter_mut() {
                        g.mirror.sync(&game, rewound, false);
                    }
                }
                if guests
                    .iter()
                    .zip(&shown)
                    .any(|(g, n)| g.mirror.shown.n != *n)
                {
                    return Err(damaged(
                        "its history does not give what the guests were shown",
                    ));
                }
                Some(game)
            }
        };
        Ok(HostSession {
            seats,
            kinds: saved.kinds,
            seat,
            options: saved.options,
            room: saved.room,
            secret: saved.secret,
            guests,
            game,
            timeline: saved.timeline,
            covered: saved.covered,
            asks: saved.asks,
            revealed: saved.revealed,
            announce: saved.announce,
            now_ms: saved.now_ms,
            cheat: None,
        })
    }

    /// The history as a dishonest host would reveal it (and the moves it says it made for a
    /// covered guest); `None` for the cheats that change no move.
    fn cheat_reveal(&self, cheat: Cheat) -> Option<(Timeline, Vec<u32>)> {
        let parts = self.parts()?;
        self.game.as_ref()?;
        let (target, nth, forge) = match cheat {
            Cheat::RevealOtherSecret(_) | Cheat::PlayOtherSecret(_) => return None,
            Cheat::ChangeOwnMove(n) => (self.seat, n, false),
            Cheat::ChangeGuestMove(n) => (self.guests.first()?.seat, n, false),
            Cheat::ChangeMoveOf { seat, n } => (*self.seats.get(seat)?, n, false),
            Cheat::ForgeCovered { seat, n } => (*self.seats.get(seat)?, n, true),
        };
        let guest_seats = self.guest_seats();
        // Replays the true history beside the changed one, copying each step across (as
        // far as it still fits).
        let mut truth = D::start(seed_of(&self.played_secret(), &parts), self.options);
        let mut changed = truth.clone();
        let mut out = Timeline::default();
        let mut out_covered = Vec::new();
        let mut last = vec![0u32; guest_seats.len()];
        let mut seen = 0;
        let mut reader = self.timeline.reader();
        while let Ok(Some(step)) = reader.next(&truth, &guest_seats, &self.covered) {
            match step {
                Step::Act {
                    seat,
                    action,
                    index,
                    guest_seq,
                } => {
                    let legal = changed.legal(seat);
                    let (mut index, mut seq) = (index, guest_seq);
                    if seat == target {
                        if seen == nth {
                            if legal.len() > 1 {
                                index = (index + 1) % legal.len();
                            }
                            if forge {
                                seq = None;
                            }
                        }
                        seen += 1;
                    }
                    let to_act = changed.to_act();
                    let Some(&a) = legal.get(index) else { break };
                    if !to_act.contains(&seat) || changed.apply(seat, a).is_err() {
                        break;
                    }
                    let g = guest_seats.iter().position(|s| *s == seat);
                    let record = match (g, seq) {
                        (Some(g), Some(s)) => Some((s, std::mem::replace(&mut last[g], s))),
                        _ => None,
                    };
                    if g.is_some() && record.is_none() {
                        out_covered.push(out.actions());
                    }
                    push_act_sized(&mut out, &to_act, seat, index, legal.len(), record);
                    let _ = truth.apply(seat, action);
                }
                Step::TakeBack { len } => {
                    out.push_take_back(len);
                    truth.truncate(len);
                    changed.truncate(len.min(changed.history_len()));
                }
            }
        }
        Some((out, out_covered))
    }

    /// The same session holding another game in the same place (for the secrecy test: a
    /// game whose guests' views are the same but whose hidden parts differ). Not for apps.
    #[doc(hidden)]
    pub fn with_game<E>(&self, game: E) -> HostSession<E>
    where
        E: Duel<Seat = D::Seat, Action = D::Action, Options = D::Options>,
    {
        let guests = self
            .guests
            .iter()
            .map(|g| GuestEnd {
                seat: g.seat,
                link: g.link.clone(),
                invite: g.invite.clone(),
                part: g.part,
                mirror: Mirror {
                    seat: g.mirror.seat,
                    shown: g.mirror.shown.clone(),
                    raw_len: game.log_len(),
                    legal: g.mirror.legal.clone(),
                    legal_since: g.mirror.legal_since,
                },
                refused: g.refused.clone(),
                last_seq: g.last_seq,
                presence: g.presence,
                covered: g.covered,
            })
            .collect();
        HostSession {
            seats: self.seats.clone(),
            kinds: self.kinds.clone(),
            seat: self.seat,
            options: self.options,
            room: self.room,
            secret: self.secret,
            guests,
            game: Some(game),
            timeline: self.timeline.clone(),
            covered: self.covered.clone(),
            asks: self.asks,
            revealed: self.revealed,
            announce: self.announce,
            now_ms: self.now_ms,
            cheat: self.cheat,
        }
    }
}

/// A guest's connection as every device shows it, at the host's time `now_ms`.
fn line(p: Presence, now_ms: u64) -> PresenceLine {
    match p {
        Presence::Connected => PresenceLine::Connected,
        Presence::Away { since_ms } => PresenceLine::Away {
            seconds: (now_ms.saturating_sub(since_ms) / 1000).min(u32::MAX as u64) as u32,
        },
        Presence::Cut => PresenceLine::Cut,
    }
}

/// Records an action on the timeline: who among those to act, and which of how many legal.
fn push_act_sized<S: PartialEq>(
    t: &mut Timeline,
    to_act: &[S],
    seat: S,
    index: usize,
    legal: usize,
    seq: Option<(u32, u32)>,
) {
    let pos = to_act.iter().position(|s| *s == seat).unwrap_or(0);
    t.push_sized(pos, to_act.len(), index, legal, seq);
}
