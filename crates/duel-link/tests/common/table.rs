//! A table of 2 to 5 seats over an in-memory star transport (each guest's link its own
//! channel to the host) that drops, duplicates, delays and reorders, and a driver that plays
//! whole games with random legal moves: the host's app plays its own seat, the computers'
//! and covered guests'; each guest device plays its seat unless it is away.

use super::{part, secret, Faults};
use duel_link::{
    Duel, GuestEvent, GuestSession, HostEvent, HostSession, LinkError, SeatKind, Verdict,
};
use game_kit::Rng;

/// Where a message goes: the host, or the guest at a place among the guests.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum To {
    Host,
    Guest(usize),
}

pub struct StarNet {
    rng: Rng,
    faults: Faults,
    pub now: u64,
    flight: Vec<(u64, To, Vec<u8>)>,
    pub sent: usize,
    pub dropped: usize,
    /// Every distinct message, by destination, if asked for.
    pub record: Option<Vec<(To, Vec<u8>)>>,
}

impl StarNet {
    pub fn new(seed: u64, faults: Faults) -> StarNet {
        StarNet {
            rng: Rng::new(seed),
            faults,
            now: 0,
            flight: Vec::new(),
            sent: 0,
            dropped: 0,
            record: None,
        }
    }

    pub fn send(&mut self, to: To, m: Vec<u8>) {
        self.sent += 1;
        if let Some(r) = &mut self.record {
            if !r.iter().any(|(_, x)| *x == m) {
                r.push((to, m.clone()));
            }
        }
        if self.rng.below(100) < self.faults.drop {
            self.dropped += 1;
            return;
        }
        let copies = if self.rng.below(100) < self.faults.duplicate {
            2
        } else {
            1
        };
        for _ in 0..copies {
            let delay = self.rng.below(self.faults.max_delay as usize + 1) as u64;
            self.flight.push((self.now + delay, to, m.clone()));
        }
    }

    pub fn deliver(&mut self) -> Vec<(To, Vec<u8>)> {
        let mut due = Vec::new();
        let mut i = 0;
        while i < self.flight.len() {
            if self.flight[i].0 <= self.now {
                let (_, to, m) = self.flight.swap_remove(i);
                due.push((to, m));
            } else {
                i += 1;
            }
        }
        self.rng.shuffle(&mut due);
        self.now += 1;
        due
    }

    /// Loses what is in flight to or from the guest at `g` (its connection dropped); its
    /// link's room is `room`.
    pub fn cut_guest<D: Duel>(&mut self, g: usize, room: u32) {
        let before = self.flight.len();
        self.flight.retain(|(_, to, m)| {
            *to != To::Guest(g)
                && !(*to == To::Host
                    && duel_link::frame::parse(m, D::WIRE).is_ok_and(|p| p.header.room == room))
        });
        self.dropped += before - self.flight.len();
    }

    pub fn cut(&mut self) {
        self.dropped += self.flight.len();
        self.flight.clear();
    }

    pub fn idle(&self) -> bool {
        self.flight.is_empty()
    }
}

/// A guest device and how it behaves now.
pub struct Device<D: Duel> {
    pub seat: D::Seat,
    pub session: GuestSession<D>,
    /// Away: it neither moves nor reads (what is sent to it is lost).
    pub away: bool,
    /// Plays by codes with the host instead of the transport.
    pub by_codes: bool,
    pub events: Vec<GuestEvent>,
}

pub struct Table<D: Duel> {
    pub host: HostSession<D>,
    pub guests: Vec<Device<D>>,
    pub host_events: Vec<HostEvent>,
    pub harmless: usize,
    pub ticks: u64,
    /// Forged or changed messages are expected (a test changed one).
    pub lenient: bool,
}

/// A host and its guests, each guest having joined by its own invite code and reply code.
/// Before the last joins, the host's `missing` names the others.
pub fn open_table<D: Duel>(options: D::Options, kinds: Vec<SeatKind>, seed: u64) -> Table<D> {
    let host = HostSession::<D>::table(options, kinds, secret(seed), seed as u32 * 16).unwrap();
    open_with(host, seed)
}

/// [`open_table`] from a host made by the caller (a cheat set before anyone joins).
pub fn open_with<D: Duel>(mut host: HostSession<D>, seed: u64) -> Table<D> {
    let seats = host.guest_seats();
    let mut guests = Vec::new();
    let mut host_events = Vec::new();
    for (i, &seat) in seats.iter().enumerate() {
        assert_eq!(host.missing(), seats[i..].to_vec());
        let invite = host.invite_code_for(seat).unwrap();
        let mut g = GuestSession::<D>::join_code(&invite, part(seed * 10 + i as u64)).unwrap();
        assert_eq!(g.seat(), seat, "the invite names the seat");
        let events = host.receive_code(&g.reply_code()).unwrap();
        assert!(events.contains(&HostEvent::Arrived), "{events:?}");
        host_events.extend(events);
        guests.push(Device {
            seat,
            session: g,
            away: false,
            by_codes: false,
            events: Vec::new(),
        });
    }
    assert!(host.missing().is_empty());
    if !seats.is_empty() {
        assert!(host_events.contains(&HostEvent::Joined));
    }
    Table {
        host,
        guests,
        host_events,
        harmless: 0,
        ticks: 0,
        lenient: false,
    }
}

impl<D: Duel> Table<D> {
    fn note(&mut self, e: LinkError) {
        let expected = e.is_harmless() || self.lenient && matches!(e, LinkError::Tampered { .. });
        assert!(
            expected,
            "an error on a transport that only loses and reorders: {e}"
        );
        self.harmless += 1;
    }

    /// Delivers a message.
    pub fn deliver(&mut self, to: To, m: &[u8]) {
        match to {
            To::Host => match self.host.receive_from(m) {
                Ok((_, e)) => self.host_events.extend(e),
                Err(e) => self.note(e),
            },
            To::Guest(i) => {
                if self.guests[i].away {
                    return;
                }
                match self.guests[i].session.receive(m) {
                    Ok(e) => self.guests[i].events.extend(e),
                    Err(e) => self.note(e),
                }
            }
        }
    }

    /// Hands every device's outgoing messages to the transport (a codes guest's are dropped:
    /// its codes carry them).
    pub fn send_all(&mut self, net: &mut StarNet) {
        for (seat, m) in self.host.take_outgoing_all() {
            let i = self.guests.iter().position(|g| g.seat == seat).unwrap();
            if !self.guests[i].by_codes {
                net.send(To::Guest(i), m);
            }
        }
        for g in self.guests.iter_mut() {
            let out = g.session.take_outgoing();
            if !g.by_codes && !g.away {
                out.into_iter().for_each(|m| net.send(To::Host, m));
            }
        }
    }

    /// The host's app plays every seat it plays that is to act; each present guest moves if
    /// it may.
    pub fn moves(&mut self, rng: &mut Rng) {
        if let Some(game) = self.host.game() {
            let mine: Vec<D::Seat> = game
                .to_act()
                .into_iter()
                .filter(|s| self.host.plays(*s))
                .collect();
            for seat in mine {
                let Some(game) = self.host.game() else { break };
                if !game.to_act().contains(&seat) {
                    continue;
                }
                let legal = game.legal(seat);
                let a = legal[rng.below(legal.len())];
                if self.host.act_for(seat, a).is_err() {
                    break;
                }
            }
        }
        for g in self.guests.iter_mut() {
            if g.away || g.session.waiting() || g.session.verdict().is_some() {
                continue;
            }
            let legal = g.session.legal();
            if !legal.is_empty() {
                let _ = g.session.act_index(rng.below(legal.len()));
            }
        }
    }

    /// One tick: deliver, move, resend now and then, send; a codes guest trades codes with
    /// the host every `codes_every` ticks.
    pub fn step(&mut self, net: &mut StarNet, rng: &mut Rng) {
        for (to, m) in net.deliver() {
            self.deliver(to, &m);
        }
        self.moves(rng);
        if net.now % 3 == 2 {
            self.host.tick();
            for g in self.guests.iter_mut().filter(|g| !g.away) {
                g.session.tick();
            }
        }
        self.send_all(net);
        if self.ticks % 4 == 3 {
            self.trade_codes(rng);
        }
        self.ticks += 1;
    }

    /// Codes between the host and each codes guest; one in ten is lost in the messenger.
    pub fn trade_codes(&mut self, rng: &mut Rng) {
        for i in 0..self.guests.len() {
            if !self.guests[i].by_codes || self.guests[i].away {
                continue;
            }
            let seat = self.guests[i].seat;
            let code = self.host.code_for(seat).unwrap();
            if rng.below(10) != 0 {
                match self.guests[i].session.receive_code(&code) {
                    Ok(e) => self.guests[i].events.extend(e),
                    Err(e) => self.note(e),
                }
            }
            let g = &mut self.guests[i];
            if !g.session.waiting() && g.session.verdict().is_none() {
                let n = g.session.legal().len();
                if n > 0 {
                    let _ = g.session.act_index(rng.below(n));
                }
            }
            let reply = self.guests[i].session.code();
            if rng.below(10) != 0 {
                match self.host.receive_code(&reply) {
                    Ok(e) => self.host_events.extend(e),
                    Err(e) => self.note(e),
                }
            }
        }
    }

    /// The room of the link of the guest at `i`.
    pub fn room_of(&self, i: usize) -> u32 {
        self.guests[i].session.room()
    }

    pub fn over(&self) -> bool {
        self.guests.iter().all(|g| g.session.verdict().is_some())
    }

    /// Plays until every guest has its verdict.
    pub fn play_out(&mut self, net: &mut StarNet, rng: &mut Rng, limit: u64) {
        while !self.over() {
            self.step(net, rng);
            assert!(
                self.ticks < limit,
                "no end after {limit} ticks: to act {:?}, missing verdicts {:?}",
                self.host.game().map(|g| g.to_act()),
                self.guests
                    .iter()
                    .filter(|g| g.session.verdict().is_none())
                    .map(|g| (g.seat, g.away, g.session.waiting(), g.session.legal().len()))
                    .collect::<Vec<_>>()
            );
        }
    }

    pub fn verdicts(&self) -> Vec<Verdict> {
        self.guests
            .iter()
            .map(|g| g.session.verdict().cloned().unwrap())
            .collect()
    }

    /// Each guest's view is the host's engine's view of its seat.
    pub fn views_agree(&self) -> bool
    where
        D::View: PartialEq,
    {
        self.guests
            .iter()
            .all(|g| g.session.view() == self.host.game().map(|game| game.view(g.seat)))
    }
}
