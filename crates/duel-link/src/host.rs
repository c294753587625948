//! The host's end: it holds the game, checks the guest's actions with the engine, and sends
//! the guest its own view and log, nothing else, until the end, when it reveals its secret
//! and the whole history.

use crate::code;
use crate::duel::Duel;
use crate::frame::{Kind, LinkError, Role, Wire};
use crate::hash::{commitment, seed};
use crate::link::{Incoming, Link, LinkState};
use crate::mirror::{Mirror, UpdateBody, ViewChange};
use crate::pack;
use crate::session::{
    check_wire, read_save, write_save, ActBody, ActError, AnswerBody, AskBody, Asks, InviteBody,
    JoinBody, Refusal, RefusedBody, RevealBody, SaveError,
};
use crate::timeline::{Step, Timeline};
use serde::{Deserialize, Serialize};

/// What happened on the host's side when a message arrived.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum HostEvent {
    /// The guest joined: the game has started.
    Joined,
    /// The guest moved (or a take-back was made): the game changed.
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
}

/// Where a hosted game is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum HostPhase {
    /// Waiting for the guest's reply to the invite.
    Inviting,
    Playing,
    /// Over, and the secret and history sent to the guest.
    Over,
}

/// The host's end of an online game.
#[derive(Clone, Debug)]
pub struct HostSession<D: Duel> {
    link: Link,
    seat: D::Seat,
    guest: D::Seat,
    options: D::Options,
    secret: [u8; 32],
    guest_part: Option<[u8; 16]>,
    invite: Vec<u8>,
    game: Option<D>,
    mirror: Mirror<D>,
    timeline: Timeline,
    /// The guest's action messages refused.
    refused: Vec<u32>,
    asks: Asks,
    revealed: bool,
    cheat: Option<Cheat>,
}

/// Ways a dishonest host could try to get away with something, for the tests of the guest's
/// check. Not for apps.
#[doc(hidden)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Cheat {
    /// Plays the game from another secret than the one committed to (chosen after seeing
    /// the guest's part), and reveals the one committed to.
    PlayOtherSecret([u8; 32]),
    /// The same, revealing the secret it played with.
    RevealOtherSecret([u8; 32]),
    /// Reveals a history in which its own `n`th action is another one.
    ChangeOwnMove(usize),
    /// Reveals a history in which the guest's `n`th action is another one.
    ChangeGuestMove(usize),
}

#[derive(Serialize, Deserialize)]
#[serde(bound = "")]
struct HostSaved<D: Duel> {
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
    /// The guest's state number, to check the replay on loading.
    n: u32,
}

const SAVE_LABEL: &str = "duel-link-host";

impl<D: Duel> HostSession<D> {
    /// A new game to host: `secret` must be 32 random bytes (the browser's
    /// `crypto.getRandomValues`), `room` a random number that names the game. The invite is
    /// the first message ([`HostSession::invite_code`]).
    pub fn new(options: D::Options, seat: D::Seat, secret: [u8; 32], room: u32) -> Self {
        let guest = other_seat::<D>(seat);
        let mut link = Link::new(D::WIRE, room, Role::Host);
        let body = InviteBody {
            options,
            host: seat,
            commitment: commitment(&secret),
        };
        link.send(
            Kind::Invite,
            &pack::to_bytes(&body).expect("an invite packs"),
        );
        let invite = link.take_fresh().remove(0);
        HostSession {
            link,
            seat,
            guest,
            options,
            secret,
            guest_part: None,
            invite,
            game: None,
            mirror: Mirror::new(guest),
            timeline: Timeline::default(),
            refused: Vec::new(),
            asks: Asks::None,
            revealed: false,
            cheat: None,
        }
    }

    #[doc(hidden)]
    pub fn cheat(&mut self, cheat: Cheat) {
        self.cheat = Some(cheat);
    }

    /// The invite as a message (to put in the link with the connection offer).
    pub fn invite(&self) -> &[u8] {
        &self.invite
    }

    /// The invite as a code.
    pub fn invite_code(&self) -> String {
        code::encode(std::slice::from_ref(&self.invite))
    }

    pub fn seat(&self) -> D::Seat {
        self.seat
    }

    pub fn guest_seat(&self) -> D::Seat {
        self.guest
    }

    pub fn room(&self) -> u32 {
        self.link.state.room
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

    /// Messages to hand to the transport now (send them after saving the session).
    pub fn take_outgoing(&mut self) -> Vec<Vec<u8>> {
        self.link.take_fresh()
    }

    /// On a timer while connected: resends what is unacknowledged, and a heartbeat.
    pub fn tick(&mut self) {
        self.link.tick();
    }

    /// Whether a hello after a reconnection is still waiting for the guest's answer.
    pub fn reconnecting(&self) -> bool {
        self.link.hello_open()
    }

    /// On every (re)connection.
    pub fn hello(&mut self) {
        self.link.hello();
    }

    /// Playing by codes: everything the guest has not acknowledged, as one code.
    pub fn code(&mut self) -> String {
        self.link.code()
    }

    /// Messages not yet acknowledged by the guest.
    pub fn unacknowledged(&self) -> usize {
        self.link.outbox_len()
    }

    /// Reads a code from the guest (playing by codes, or the reply to the invite).
    pub fn receive_code(&mut self, text: &str) -> Result<Vec<HostEvent>, LinkError> {
        code::receive_all(text, |message| self.receive(message))
    }

    /// Reads one message from the guest. On an error nothing changed.
    pub fn receive(&mut self, bytes: &[u8]) -> Result<Vec<HostEvent>, LinkError> {
        let incoming = self.link.receive(bytes)?;
        let mut events = Vec::new();
        for i in incoming {
            match i {
                Incoming::Message {
                    kind, seq, body, ..
                } => {
                    if let Some(e) = self.on_message(kind, seq, &body) {
                        events.push(e);
                    }
                }
                Incoming::Jumped { .. } | Incoming::PeerBehind { .. } => {
                    if self.game.is_some() {
                        // Whatever the guest has, this brings it to the game as it is; what
                        // was on its way is gone, requests included.
                        self.asks = Asks::None;
                        let body = self.mirror.shown.whole();
                        self.link
                            .send(Kind::Update, &pack::to_bytes(&body).expect("packs"));
                        if self.revealed {
                            self.send_reveal();
                        }
                        events.push(HostEvent::Resynced);
                    }
                }
            }
        }
        Ok(events)
    }

    fn on_message(&mut self, kind: Kind, seq: u32, body: &[u8]) -> Option<HostEvent> {
        match kind {
            Kind::Join => self.on_join(body),
            Kind::Act => Some(self.on_act(seq, body)),
            Kind::AskTakeBack => {
                let refuse = |s: &mut Self| {
                    s.refuse(seq, Refusal::CannotTakeBack);
                    Some(HostEvent::Refused(Refusal::CannotTakeBack))
                };
                let Ok(AskBody { at }) = pack::from_bytes(body) else {
                    return refuse(self);
                };
                let game = self.game.as_ref()?;
                if self.revealed
                    || at != self.mirror.shown.n
                    || self.asks != Asks::None
                    || game.take_back_point(self.guest).is_none()
                {
                    return refuse(self);
                }
                self.asks = Asks::Guest { at };
                Some(HostEvent::TakeBackAsked)
            }
            Kind::AnswerTakeBack => {
                let AnswerBody { at, accepted } = pack::from_bytes(body).ok()?;
                if self.asks != (Asks::Host { at }) || at != self.mirror.shown.n {
                    return None;
                }
                self.asks = Asks::None;
                if accepted && !self.take_back(self.seat) {
                    return Some(HostEvent::TakeBackAnswered { accepted: false });
                }
                Some(HostEvent::TakeBackAnswered { accepted })
            }
            _ => None,
        }
    }

    fn on_join(&mut self, body: &[u8]) -> Option<HostEvent> {
        if self.game.is_some() {
            return None;
        }
        let JoinBody { part } = pack::from_bytes(body).ok()?;
        self.guest_part = Some(part);
        let secret = match self.cheat {
            Some(Cheat::PlayOtherSecret(s) | Cheat::RevealOtherSecret(s)) => s,
            _ => self.secret,
        };
        self.game = Some(D::start(seed(&secret, &part), self.options));
        self.after_change(true);
        Some(HostEvent::Joined)
    }

    fn refuse(&mut self, seq: u32, why: Refusal) {
        let body = RefusedBody { seq, why };
        self.link
            .send(Kind::Refused, &pack::to_bytes(&body).expect("packs"));
    }

    fn on_act(&mut self, seq: u32, body: &[u8]) -> HostEvent {
        match self.check_act(body) {
            Ok((index, action)) => {
                let Some(game) = self.game.as_mut() else {
                    return HostEvent::Refused(Refusal::NotYourTurn);
                };
                let (to_act, legal) = (game.to_act(), game.legal(self.guest).len());
                if game.apply(self.guest, action).is_err() {
                    // The engine refused one of its own legal actions (never seen).
                    self.refuse(seq, Refusal::NoSuchAction);
                    self.refused.push(seq);
                    return HostEvent::Refused(Refusal::NoSuchAction);
                }
                push_act_sized(
                    &mut self.timeline,
                    &to_act,
                    self.guest,
                    index,
                    legal,
                    Some(seq),
                );
                if !self.after_change(false) {
                    // Nothing the guest sees changed: it is still told its move was taken
                    // (an update to the same state), so that it may move again.
                    let shown = &self.mirror.shown;
                    let body = UpdateBody {
                        n: shown.n,
                        view: ViewChange::Same,
                        keep: shown.log.len() as u32,
                        add: Vec::new(),
                        digest: shown.digest(),
                    };
                    self.link
                        .send(Kind::Update, &pack::to_bytes(&body).expect("packs"));
                }
                HostEvent::Changed
            }
            Err(why) => {
                self.refuse(seq, why);
                self.refused.push(seq);
                HostEvent::Refused(why)
            }
        }
    }

    fn check_act(&self, body: &[u8]) -> Result<(usize, D::Action), Refusal> {
        let ActBody { at, index } = pack::from_bytes(body).map_err(|_| Refusal::Malformed)?;
        let game = self.game.as_ref().ok_or(Refusal::NotYourTurn)?;
        if self.revealed {
            return Err(Refusal::GameOver);
        }
        if !game.to_act().contains(&self.guest) {
            return Err(Refusal::NotYourTurn);
        }
        if matches!(self.asks, Asks::Guest { .. }) {
            // The guest's own request is open: it cannot move meanwhile.
            return Err(Refusal::NotYourTurn);
        }
        if at > self.mirror.shown.n || at < self.mirror.legal_since {
            return Err(Refusal::Stale);
        }
        let action = *self
            .mirror
            .legal
            .get(index as usize)
            .ok_or(Refusal::NoSuchAction)?;
        Ok((index as usize, action))
    }

    /// Sends the guest its new state if it changed (returns whether it did), then the reveal
    /// if the game is over.
    fn after_change(&mut self, rewound: bool) -> bool {
        let Some(game) = &self.game else {
            return false;
        };
        let mut sent = false;
        if let Some(body) = self.mirror.sync(game, rewound, true) {
            sent = true;
            self.link
                .send(Kind::Update, &pack::to_bytes(&body).expect("packs"));
            if let Asks::Host { .. } = self.asks {
                // The guest will see that the game moved on and drop the request too.
                self.asks = Asks::None;
            }
        }
        if game.to_act().is_empty() && !self.revealed {
            self.revealed = true;
            self.send_reveal();
        }
        sent
    }

    fn send_reveal(&mut self) {
        let mut body = RevealBody {
            secret: self.secret,
            timeline: self.timeline.clone(),
            refused: self.refused.clone(),
        };
        if let Some(cheat) = self.cheat {
            self.cheat_reveal(cheat, &mut body);
        }
        self.link
            .send(Kind::Reveal, &pack::to_bytes(&body).expect("packs"));
    }

    /// Plays the host's own action.
    pub fn act(&mut self, action: D::Action) -> Result<(), ActError> {
        let game = self.game.as_mut().ok_or(ActError::NotStarted)?;
        if self.revealed {
            return Err(ActError::GameOver);
        }
        if matches!(self.asks, Asks::Guest { .. }) {
            return Err(ActError::AnswerFirst);
        }
        if !game.to_act().contains(&self.seat) {
            return Err(ActError::NotYourTurn);
        }
        let index = game
            .legal(self.seat)
            .iter()
            .position(|a| *a == action)
            .ok_or(ActError::NotLegal)?;
        let before = (game.to_act(), game.legal(self.seat).len());
        game.apply(self.seat, action)
            .map_err(|_| ActError::NotLegal)?;
        push_act_sized(
            &mut self.timeline,
            &before.0,
            self.seat,
            index,
            before.1,
            None,
        );
        self.after_change(false);
        Ok(())
    }

    /// Asks the guest to agree to take back the host's last move.
    pub fn ask_take_back(&mut self) -> Result<(), ActError> {
        let game = self.game.as_ref().ok_or(ActError::NotStarted)?;
        if self.revealed {
            return Err(ActError::GameOver);
        }
        if self.asks != Asks::None {
            return Err(ActError::AnswerFirst);
        }
        if game.take_back_point(self.seat).is_none() {
            return Err(ActError::CannotTakeBack);
        }
        let at = self.mirror.shown.n;
        self.asks = Asks::Host { at };
        self.link.send(
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
        let accepted = accept && self.take_back_point_ok();
        self.link.send(
            Kind::AnswerTakeBack,
            &pack::to_bytes(&AnswerBody { at, accepted }).expect("packs"),
        );
        if accepted {
            self.take_back(self.guest);
        }
        Ok(())
    }

    fn take_back_point_ok(&self) -> bool {
        self.game
            .as_ref()
            .is_some_and(|g| g.take_back_point(self.guest).is_some())
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
                link: self.link.state.clone(),
                seat: self.seat,
                options: self.options,
                secret: self.secret,
                guest_part: self.guest_part,
                invite: self.invite.clone(),
                timeline: self.timeline.clone(),
                refused: self.refused.clone(),
                asks: self.asks,
                revealed: self.revealed,
                n: self.mirror.shown.n,
            },
        )
    }

    /// Reads a saved session: the game is replayed from the seed and the timeline, and
    /// what the guest was shown is rebuilt from it.
    pub fn load(text: &str) -> Result<Self, SaveError> {
        let saved: HostSaved<D> = read_save(SAVE_LABEL, text)?;
        check_wire(saved.wire, D::WIRE)?;
        let guest = other_seat::<D>(saved.seat);
        let mut mirror = Mirror::new(guest);
        let game = match saved.guest_part {
            None => None,
            Some(part) => {
                let mut game = D::start(seed(&saved.secret, &part), saved.options);
                mirror.sync(&game, true, false);
                let mut reader = saved.timeline.reader();
                while let Some(step) = reader.next(&game, guest).map_err(SaveError::Damaged)? {
                    match step {
                        Step::Act { seat, action, .. } => {
                            game.apply(seat, action).map_err(SaveError::Damaged)?;
                            mirror.sync(&game, false, false);
                        }
                        Step::TakeBack { len } => {
                            game.truncate(len);
                            mirror.sync(&game, true, false);
                        }
                    }
                }
                if mirror.shown.n != saved.n {
                    return Err(SaveError::Damaged(
                        "its history does not give what the guest was shown".into(),
                    ));
                }
                Some(game)
            }
        };
        Ok(HostSession {
            link: Link::from_state(saved.link),
            seat: saved.seat,
            guest,
            options: saved.options,
            secret: saved.secret,
            guest_part: saved.guest_part,
            invite: saved.invite,
            game,
            mirror,
            timeline: saved.timeline,
            refused: saved.refused,
            asks: saved.asks,
            revealed: saved.revealed,
            cheat: None,
        })
    }

    /// Rewrites a reveal as a dishonest host would.
    fn cheat_reveal(&self, cheat: Cheat, body: &mut RevealBody) {
        let (Some(part), Some(_)) = (self.guest_part, &self.game) else {
            return;
        };
        let target = match cheat {
            Cheat::RevealOtherSecret(s) => {
                body.secret = s;
                return;
            }
            Cheat::PlayOtherSecret(_) => return,
            Cheat::ChangeOwnMove(n) => (self.seat, n),
            Cheat::ChangeGuestMove(n) => (self.guest, n),
        };
        let secret = match self.cheat {
            Some(Cheat::PlayOtherSecret(s) | Cheat::RevealOtherSecret(s)) => s,
            _ => self.secret,
        };
        // Replays the true history beside the changed one, copying each step across (as
        // far as it still fits).
        let mut truth = D::start(seed(&secret, &part), self.options);
        let mut changed = truth.clone();
        let mut out = Timeline::default();
        let mut seen = 0;
        let mut reader = self.timeline.reader();
        while let Ok(Some(step)) = reader.next(&truth, self.guest) {
            match step {
                Step::Act {
                    seat,
                    action,
                    index,
                    guest_seq,
                } => {
                    let legal = changed.legal(seat);
                    let mut index = index;
                    if seat == target.0 {
                        if seen == target.1 && legal.len() > 1 {
                            index = (index + 1) % legal.len();
                        }
                        seen += 1;
                    }
                    let to_act = changed.to_act();
                    let Some(&a) = legal.get(index) else { break };
                    if !to_act.contains(&seat) || changed.apply(seat, a).is_err() {
                        break;
                    }
                    push_act_sized(&mut out, &to_act, seat, index, legal.len(), guest_seq);
                    let _ = truth.apply(seat, action);
                }
                Step::TakeBack { len } => {
                    out.push_take_back(len);
                    truth.truncate(len);
                    changed.truncate(len.min(changed.history_len()));
                }
            }
        }
        body.timeline = out;
    }

    /// The same session holding another game in the same place (for the secrecy test: a
    /// game whose guest view is the same but whose hidden parts differ). Not for apps.
    #[doc(hidden)]
    pub fn with_game<E>(&self, game: E) -> HostSession<E>
    where
        E: Duel<Seat = D::Seat, Action = D::Action, Options = D::Options>,
    {
        let mirror = Mirror {
            seat: self.mirror.seat,
            shown: self.mirror.shown.clone(),
            raw_len: game.log_len(),
            legal: self.mirror.legal.clone(),
            legal_since: self.mirror.legal_since,
        };
        HostSession {
            link: self.link.clone(),
            seat: self.seat,
            guest: self.guest,
            options: self.options,
            secret: self.secret,
            guest_part: self.guest_part,
            invite: self.invite.clone(),
            game: Some(game),
            mirror,
            timeline: self.timeline.clone(),
            refused: self.refused.clone(),
            asks: self.asks,
            revealed: self.revealed,
            cheat: self.cheat,
        }
    }
}

fn other_seat<D: Duel>(seat: D::Seat) -> D::Seat {
    let [a, b] = D::seats();
    if seat == a {
        b
    } else {
        a
    }
}

/// Records an action on the timeline: who among those to act, and which of how many legal.
fn push_act_sized<S: PartialEq>(
    t: &mut Timeline,
    to_act: &[S],
    seat: S,
    index: usize,
    legal: usize,
    seq: Option<u32>,
) {
    let pos = to_act.iter().position(|s| *s == seat).unwrap_or(0);
    t.push_sized(pos, to_act.len(), index, legal, seq);
}
