//! One end of a reliable, ordered, checked link over a transport that may drop, duplicate,
//! delay and reorder: numbered messages chained by their tags, cumulative acknowledgements,
//! resending of everything not yet acknowledged, and the hello/welcome exchange that brings
//! two ends up to date after a reconnection (or tells them they cannot be, so that the host
//! sends a restart). It knows nothing of games: the sessions put bodies in and take them out.

use crate::code;
use crate::frame::{parse, write, Header, Kind, LinkError, Role, Wire};
use crate::hash::{tag, Tag, TAG};
use crate::pack::{get_varint, put_varint};
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

pub(crate) const ZERO: Tag = [0; TAG];
/// Messages from ahead of a gap kept at most (more are dropped: they will be resent).
const MAX_PENDING: usize = 256;

/// What one end keeps of its link, saved with the session.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub(crate) struct LinkState {
    pub wire: Wire,
    pub room: u32,
    pub me: Role,
    /// The number the next numbered message will carry.
    next_seq: u32,
    /// The tag of the last numbered message sent: the next one chains on it.
    sent_tag: Tag,
    /// Numbered messages sent and not yet acknowledged, oldest first.
    outbox: Vec<(u32, Vec<u8>)>,
    /// The other end has received everything up to this one.
    acked: u32,
    acked_tag: Tag,
    /// Everything up to this one has been received and read, in order.
    pub received: u32,
    received_tag: Tag,
    /// The next numbered message starts a new chain (the other end could not follow ours).
    restart_next: bool,
    /// The number of the last hello sent, whether its welcome is still awaited, and what the
    /// other end had acknowledged when it was first sent (its answer cannot say less unless
    /// it went back).
    hellos: u32,
    hello_open: bool,
    hello_acked: u32,
    /// The open hello asks for a restart.
    hello_restart: bool,
}

/// A link end: its saved state and what lives only while the page is open.
#[derive(Clone, Debug)]
pub(crate) struct Link {
    pub state: LinkState,
    pending: BTreeMap<u32, Vec<u8>>,
    fresh: Vec<Vec<u8>>,
    /// The highest acknowledgement handed to the transport.
    ack_out: u32,
}

/// What a received message gives the session.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum Incoming {
    /// The next numbered message, in order.
    Message {
        kind: Kind,
        seq: u32,
        /// The other end's acknowledgement of ours, when it sent this.
        ack: u32,
        restart: bool,
        body: Vec<u8>,
    },
    /// This end had gone back (restored from an older save): the other end has read
    /// messages of ours numbered `from..=to` (after the last it had acknowledged to us), of
    /// which our records, if any, may be of other messages; we continue after them.
    Jumped { from: u32, to: u32 },
    /// The other end had gone back (it has our messages up to `received` only; it had
    /// acknowledged up to `acked`), holds other messages than ours, or asked for a restart,
    /// and cannot be brought up to date message by message: `dropped` unacknowledged
    /// messages were dropped and the next one is a restart.
    PeerBehind {
        received: u32,
        acked: u32,
        dropped: usize,
    },
}

impl Link {
    pub fn new(wire: Wire, room: u32, me: Role) -> Link {
        Link::from_state(LinkState {
            wire,
            room,
            me,
            next_seq: 1,
            sent_tag: ZERO,
            outbox: Vec::new(),
            acked: 0,
            acked_tag: ZERO,
            received: 0,
            received_tag: ZERO,
            restart_next: false,
            hellos: 0,
            hello_open: false,
            hello_acked: 0,
            hello_restart: false,
        })
    }

    pub fn from_state(state: LinkState) -> Link {
        Link {
            ack_out: state.received,
            state,
            pending: BTreeMap::new(),
            fresh: Vec::new(),
        }
    }

    fn header(&self, seq: u32, kind: Kind, restart: bool) -> Header {
        Header {
            room: self.state.room,
            from: self.state.me,
            restart,
            seq,
            ack: self.state.received,
            kind,
        }
    }

    /// Sends a numbered message; returns its number.
    pub fn send(&mut self, kind: Kind, body: &[u8]) -> u32 {
        let s = &mut self.state;
        let seq = s.next_seq;
        let restart = std::mem::take(&mut s.restart_next);
        let prev = if restart { ZERO } else { s.sent_tag };
        let header = self.header(seq, kind, restart);
        let frame = write(self.state.wire, header, body, &prev);
        let s = &mut self.state;
        s.sent_tag = last_tag(&frame);
        s.next_seq += 1;
        s.outbox.push((seq, frame.clone()));
        self.ack_out = self.ack_out.max(s.received);
        self.fresh.push(frame);
        seq
    }

    fn control(&mut self, kind: Kind, body: &[u8]) {
        let frame = write(self.state.wire, self.header(0, kind, false), body, &ZERO);
        self.ack_out = self.ack_out.max(self.state.received);
        self.fresh.push(frame);
    }

    /// What to hand to the transport now: new messages, resends, and an acknowledgement if
    /// something was received since the last one went out.
    pub fn take_fresh(&mut self) -> Vec<Vec<u8>> {
        if self.state.received > self.ack_out {
            self.control(Kind::Ack, &[]);
        }
        std::mem::take(&mut self.fresh)
    }

    /// On a timer while connected (every second or two): everything not yet acknowledged
    /// again, an acknowledgement (the heartbeat), and the hello if its welcome is awaited.
    pub fn tick(&mut self) {
        let again: Vec<Vec<u8>> = self.state.outbox.iter().map(|(_, f)| f.clone()).collect();
        self.fresh.extend(again);
        if self.state.hello_open {
            self.send_hello();
        }
        self.control(Kind::Ack, &[]);
    }

    /// On every (re)connection: asks the other end where it is.
    pub fn hello(&mut self) {
        self.state.hellos += 1;
        self.state.hello_open = true;
        self.state.hello_acked = self.state.acked;
        self.state.hello_restart = false;
        self.send_hello();
    }

    /// Asks the other end for a restart (this end's copy of what it was sent is damaged).
    pub fn ask_restart(&mut self) {
        self.state.hellos += 1;
        self.state.hello_open = true;
        self.state.hello_acked = self.state.acked;
        self.state.hello_restart = true;
        self.send_hello();
    }

    fn hello_frame(&self) -> Vec<u8> {
        let mut body = Vec::new();
        put_varint(&mut body, self.state.hellos as u64);
        if self.state.hello_restart {
            body.push(1);
        }
        write(
            self.state.wire,
            self.header(0, Kind::Hello, false),
            &body,
            &ZERO,
        )
    }

    fn send_hello(&mut self) {
        let frame = self.hello_frame();
        self.ack_out = self.ack_out.max(self.state.received);
        self.fresh.push(frame);
    }

    /// What a code carries: every message not yet acknowledged, the hello or welcome
    /// waiting to go, and an acknowledgement.
    pub fn unacked_with_ack(&mut self) -> Vec<Vec<u8>> {
        let mut out: Vec<Vec<u8>> = self.state.outbox.iter().map(|(_, f)| f.clone()).collect();
        let wire = self.state.wire;
        out.extend(
            self.fresh
                .iter()
                .filter(|f| {
                    parse(f, wire)
                        .is_ok_and(|p| matches!(p.header.kind, Kind::Welcome | Kind::Hello))
                })
                .cloned(),
        );
        if self.state.hello_open {
            out.push(self.hello_frame());
        }
        let ack = write(wire, self.header(0, Kind::Ack, false), &[], &ZERO);
        self.ack_out = self.ack_out.max(self.state.received);
        out.push(ack);
        out
    }

    /// Everything not yet acknowledged as one code (what is waiting to be handed to the
    /// transport is in it, and is dropped).
    pub fn code(&mut self) -> String {
        let messages = self.unacked_with_ack();
        self.fresh.clear();
        code::encode(&messages)
    }

    /// Whether a hello is waiting for its welcome (after a reconnection: until then this
    /// end does not know where the other is).
    pub fn hello_open(&self) -> bool {
        self.state.hello_open
    }

    pub fn outbox_len(&self) -> usize {
        self.state.outbox.len()
    }

    /// Reads one message. Numbered messages come out in order, each exactly once: a
    /// duplicate is [`LinkError::Stale`], one ahead of a gap is kept and reported as
    /// [`LinkError::OutOfOrder`], and comes out with those before it once they arrive.
    pub fn receive(&mut self, bytes: &[u8]) -> Result<Vec<Incoming>, LinkError> {
        let p = parse(bytes, self.state.wire)?;
        let h = p.header;
        if h.room != self.state.room {
            return Err(LinkError::UnknownRoom {
                theirs: h.room,
                ours: self.state.room,
            });
        }
        if h.from == self.state.me {
            return Err(LinkError::OwnMessage);
        }
        if h.kind.is_control() {
            if tag(&[&ZERO, p.signed]) != p.tag {
                return Err(LinkError::Tampered { seq: 0 });
            }
            return self.on_control(h, p.body);
        }
        if h.seq <= self.state.received {
            return Err(LinkError::Stale { seq: h.seq });
        }
        if h.seq > self.state.received.saturating_add(1) && !h.restart {
            if self.pending.len() < MAX_PENDING {
                self.pending.entry(h.seq).or_insert_with(|| bytes.to_vec());
            }
            return Err(LinkError::OutOfOrder {
                expected: self.state.received.saturating_add(1),
                got: h.seq,
            });
        }
        let mut out = vec![self.accept(bytes)?];
        // What was waiting behind the gap.
        while let Some(next) = self.pending.remove(&self.state.received.saturating_add(1)) {
            match self.accept(&next) {
                Ok(m) => out.push(m),
                // A changed copy: the other end will send it again.
                Err(_) => break,
            }
        }
        self.pending.retain(|&s, _| s > self.state.received);
        Ok(out)
    }

    /// Checks and takes the next numbered message (or a restart).
    fn accept(&mut self, bytes: &[u8]) -> Result<Incoming, LinkError> {
        let p = parse(bytes, self.state.wire)?;
        let h = p.header;
        let prev = if h.restart {
            ZERO
        } else {
            self.state.received_tag
        };
        if tag(&[&prev, p.signed]) != p.tag {
            return Err(LinkError::Tampered { seq: h.seq });
        }
        if h.restart {
            self.pending.clear();
        }
        self.state.received = h.seq;
        self.state.received_tag = p.tag;
        self.note_ack(h.ack);
        Ok(Incoming::Message {
            kind: h.kind,
            seq: h.seq,
            ack: h.ack,
            restart: h.restart,
            body: p.body.to_vec(),
        })
    }

    /// The other end has everything up to `ack`: forget those messages. An acknowledgement
    /// of more than we sent means this end went back: it says nothing of our messages now,
    /// and the welcome will sort it out.
    fn note_ack(&mut self, ack: u32) {
        let s = &mut self.state;
        if ack <= s.acked || ack >= s.next_seq {
            return;
        }
        while let Some((seq, frame)) = s.outbox.first() {
            if *seq > ack {
                break;
            }
            s.acked_tag = last_tag(frame);
            s.outbox.remove(0);
        }
        s.acked = ack;
    }

    fn on_control(&mut self, h: Header, body: &[u8]) -> Result<Vec<Incoming>, LinkError> {
        match h.kind {
            Kind::Ack => {
                self.note_ack(h.ack);
                Ok(Vec::new())
            }
            Kind::Hello => {
                let mut at = 0;
                let nonce = get_varint(body, &mut at)
                    .ok_or(LinkError::Malformed("a hello without its number"))?;
                let restart = match &body[at..] {
                    [] => false,
                    [1] => true,
                    _ => return Err(LinkError::Malformed("a hello with more than its number")),
                };
                let mut answer = Vec::new();
                put_varint(&mut answer, nonce);
                answer.extend(self.state.received_tag);
                let frame = write(
                    self.state.wire,
                    self.header(0, Kind::Welcome, false),
                    &answer,
                    &ZERO,
                );
                self.ack_out = self.ack_out.max(self.state.received);
                self.fresh.push(frame);
                if restart {
                    return Ok(vec![self.restart_next(h.ack)]);
                }
                if h.ack < self.state.acked && !self.state.hello_open {
                    // It has less of ours than it acknowledged: it may have gone back. Ask
                    // where it is (its answer to our own hello settles it).
                    self.hello();
                }
                Ok(Vec::new())
            }
            Kind::Welcome => {
                let mut at = 0;
                let nonce = get_varint(body, &mut at)
                    .ok_or(LinkError::Malformed("a welcome without its number"))?;
                let t: Tag = body
                    .get(at..)
                    .filter(|rest| rest.len() == TAG)
                    .and_then(|rest| rest.try_into().ok())
                    .ok_or(LinkError::Malformed("a welcome without its tag"))?;
                if !self.state.hello_open || nonce != self.state.hellos as u64 {
                    // The answer to an older hello: what it says may be out of date.
                    return Ok(Vec::new());
                }
                self.state.hello_open = false;
                Ok(self.on_welcome(h.ack, t).into_iter().collect())
            }
            _ => Err(LinkError::Malformed("a numbered kind without a number")),
        }
    }

    /// The other end has received up to `k`, the last with tag `t`.
    fn on_welcome(&mut self, k: u32, t: Tag) -> Option<Incoming> {
        let s = &mut self.state;
        if k == u32::MAX {
            return None;
        }
        if k >= s.next_seq {
            // We went back: continue after what the other end has of ours.
            let from = s.acked + 1;
            s.next_seq = k + 1;
            s.sent_tag = t;
            s.outbox.clear();
            s.acked = k;
            s.acked_tag = t;
            s.restart_next = false;
            return Some(Incoming::Jumped { from, to: k });
        }
        if k < s.hello_acked {
            // The other end has less of ours than it had acknowledged before the hello: it
            // went back further than we keep.
            return Some(self.restart_next(k));
        }
        // Our record of message k's tag, if we still have it (an answer written before some
        // acknowledgements that overtook it may name a message already forgotten).
        let known = if k == s.acked {
            Some(s.acked_tag)
        } else if k > s.acked {
            s.outbox
                .iter()
                .find(|(seq, _)| *seq == k)
                .map(|(_, f)| last_tag(f))
        } else {
            None
        };
        if known.is_none_or(|tag| tag == t) {
            self.note_ack(k);
            let again: Vec<Vec<u8>> = self.state.outbox.iter().map(|(_, f)| f.clone()).collect();
            self.fresh.extend(again);
            return None;
        }
        // The other end holds another message k than ours.
        Some(self.restart_next(k))
    }

    /// Gives up on what the other end has not acknowledged: the next message restarts.
    fn restart_next(&mut self, received: u32) -> Incoming {
        let s = &mut self.state;
        let acked = s.acked;
        let dropped = s.outbox.len();
        s.outbox.clear();
        s.acked = s.next_seq - 1;
        s.acked_tag = s.sent_tag;
        s.restart_next = true;
        Incoming::PeerBehind {
            received,
            acked,
            dropped,
        }
    }
}

fn last_tag(frame: &[u8]) -> Tag {
    let mut t = ZERO;
    t.copy_from_slice(&frame[frame.len() - TAG..]);
    t
}

#[cfg(test)]
mod tests {
    use super::*;

    const WIRE: Wire = Wire {
        game: 1,
        rules: 1,
        layout: 1,
    };

    fn pair() -> (Link, Link) {
        (
            Link::new(WIRE, 42, Role::Host),
            Link::new(WIRE, 42, Role::Guest),
        )
    }

    fn bodies(out: Vec<Incoming>) -> Vec<Vec<u8>> {
        out.into_iter()
            .filter_map(|i| match i {
                Incoming::Message { body, .. } => Some(body),
                _ => None,
            })
            .collect()
    }

    #[test]
    fn messages_come_out_once_and_in_order() {
        let (mut a, mut b) = pair();
        for i in 1..=3u8 {
            a.send(Kind::Update, &[i]);
        }
        let f = a.take_fresh();
        assert_eq!(f.len(), 3);
        assert_eq!(
            b.receive(&f[2]),
            Err(LinkError::OutOfOrder {
                expected: 1,
                got: 3
            })
        );
        assert_eq!(bodies(b.receive(&f[0]).unwrap()), vec![vec![1]]);
        assert_eq!(b.receive(&f[0]), Err(LinkError::Stale { seq: 1 }));
        assert_eq!(bodies(b.receive(&f[1]).unwrap()), vec![vec![2], vec![3]]);
        // b acknowledges; a forgets what was received.
        let acks = b.take_fresh();
        assert_eq!(acks.len(), 1);
        a.receive(&acks[0]).unwrap();
        assert_eq!(a.outbox_len(), 0);
    }

    #[test]
    fn a_changed_message_is_refused_and_the_good_copy_is_then_read() {
        let (mut a, mut b) = pair();
        a.send(Kind::Update, &[1, 2, 3]);
        let f = a.take_fresh().remove(0);
        let mut bad = f.clone();
        let at = bad.len() - TAG - 2;
        bad[at] ^= 0x10;
        assert_eq!(b.receive(&bad), Err(LinkError::Tampered { seq: 1 }));
        assert_eq!(bodies(b.receive(&f).unwrap()), vec![vec![1, 2, 3]]);
        let mut other_room = Link::new(WIRE, 43, Role::Guest);
        assert!(matches!(
            other_room.receive(&f),
            Err(LinkError::UnknownRoom {
                theirs: 42,
                ours: 43
            })
        ));
        let mut own = Link::new(WIRE, 42, Role::Host);
        assert_eq!(own.receive(&f), Err(LinkError::OwnMessage));
    }

    #[test]
    fn a_welcome_resends_what_is_missing_or_says_who_went_back() {
        let (mut a, mut b) = pair();
        for i in 1..=4u8 {
            a.send(Kind::Update, &[i]);
        }
        let f = a.take_fresh();
        b.receive(&f[0]).unwrap();
        b.receive(&f[1]).unwrap();
        b.take_fresh();
        // Reconnection: a asks, b answers with where it is, a resends 3 and 4.
        a.hello();
        let hello = a.take_fresh();
        b.receive(&hello[0]).unwrap();
        let welcome = b.take_fresh();
        assert_eq!(a.receive(&welcome[0]).unwrap(), vec![]);
        let again = a.take_fresh();
        assert_eq!(again.len(), 2, "messages 3 and 4");
        assert_eq!(bodies(b.receive(&again[0]).unwrap()), vec![vec![3]]);

        // a goes back to a copy from before message 3: b has more of a's than a knows.
        let mut old_a = Link::new(WIRE, 42, Role::Host);
        old_a.send(Kind::Update, &[1]);
        old_a.send(Kind::Update, &[2]);
        old_a.take_fresh();
        old_a.hello();
        b.receive(&old_a.take_fresh()[0]).unwrap();
        let welcome = b.take_fresh();
        assert_eq!(
            old_a.receive(&welcome[0]).unwrap(),
            vec![Incoming::Jumped { from: 1, to: 3 }]
        );
        old_a.send(Kind::Update, &[9]);
        let next = old_a.take_fresh();
        assert_eq!(bodies(b.receive(&next[0]).unwrap()), vec![vec![9]]);

        // b goes back to nothing: a cannot resend what b acknowledged, so it restarts.
        let mut new_b = Link::new(WIRE, 42, Role::Guest);
        old_a.hello();
        new_b.receive(&old_a.take_fresh()[0]).unwrap();
        let welcome = new_b.take_fresh();
        assert_eq!(
            old_a.receive(&welcome[0]).unwrap(),
            vec![Incoming::PeerBehind {
                received: 0,
                acked: 3,
                dropped: 1
            }]
        );
        old_a.send(Kind::Update, &[7]);
        let restart = old_a.take_fresh();
        assert_eq!(
            new_b.receive(&restart[0]).unwrap(),
            vec![Incoming::Message {
                kind: Kind::Update,
                seq: 5,
                ack: 0,
                restart: true,
                body: vec![7]
            }]
        );
        // A welcome to an older hello is not acted on.
        assert_eq!(old_a.receive(&welcome[0]).unwrap(), vec![]);
    }
}
