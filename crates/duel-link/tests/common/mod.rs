//! An in-memory transport that drops, duplicates, delays and reorders messages, and a
//! driver that plays whole games host against guest through it with random legal moves.
#![allow(dead_code)]

pub mod table;

use duel_link::{Duel, GuestEvent, GuestSession, HostEvent, HostSession, LinkError, Role, Verdict};
use game_kit::Rng;

/// `DUEL_SEEDS` (if set) in place of `default`: how many games a test plays.
pub fn seeds(default: u64) -> u64 {
    std::env::var("DUEL_SEEDS")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(default)
}

/// How badly the transport behaves, in percent per message, and the longest delay in ticks.
#[derive(Clone, Copy, Debug)]
pub struct Faults {
    pub drop: usize,
    pub duplicate: usize,
    pub max_delay: u64,
}

pub const CLEAN: Faults = Faults {
    drop: 0,
    duplicate: 0,
    max_delay: 0,
};

pub const BAD: Faults = Faults {
    drop: 20,
    duplicate: 15,
    max_delay: 6,
};

/// Messages in flight.
pub struct Net {
    rng: Rng,
    faults: Faults,
    now: u64,
    flight: Vec<(u64, Role, Vec<u8>)>,
    pub sent: usize,
    pub dropped: usize,
    pub duplicated: usize,
    pub bytes_to_guest: usize,
    pub bytes_to_host: usize,
    /// Every distinct message sent, if asked for.
    pub record: Option<Vec<(Role, Vec<u8>)>>,
}

impl Net {
    pub fn new(seed: u64, faults: Faults) -> Net {
        Net {
            rng: Rng::new(seed),
            faults,
            now: 0,
            flight: Vec::new(),
            sent: 0,
            dropped: 0,
            duplicated: 0,
            bytes_to_guest: 0,
            bytes_to_host: 0,
            record: None,
        }
    }

    /// Sends messages towards `to`.
    pub fn send(&mut self, to: Role, messages: Vec<Vec<u8>>) {
        for m in messages {
            self.sent += 1;
            if let Some(r) = &mut self.record {
                if !r.iter().any(|(_, x)| *x == m) {
                    r.push((to, m.clone()));
                }
            }
            match to {
                Role::Guest => self.bytes_to_guest += m.len(),
                Role::Host => self.bytes_to_host += m.len(),
            }
            if self.rng.below(100) < self.faults.drop {
                self.dropped += 1;
                continue;
            }
            let copies = if self.rng.below(100) < self.faults.duplicate {
                self.duplicated += 1;
                2
            } else {
                1
            };
            for _ in 0..copies {
                let delay = self.rng.below(self.faults.max_delay as usize + 1) as u64;
                self.flight.push((self.now + delay, to, m.clone()));
            }
        }
    }

    /// The messages due now, in a random order; the clock moves on one tick.
    pub fn deliver(&mut self) -> Vec<(Role, Vec<u8>)> {
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

    /// Loses everything in flight (a dropped connection).
    pub fn cut(&mut self) {
        self.dropped += self.flight.len();
        self.flight.clear();
    }

    pub fn idle(&self) -> bool {
        self.flight.is_empty()
    }
}

/// Both ends of a game.
pub struct Pair<D: Duel> {
    pub host: HostSession<D>,
    pub guest: GuestSession<D>,
}

pub fn secret(seed: u64) -> [u8; 32] {
    let mut rng = Rng::new(seed ^ 0x5eed);
    let mut s = [0u8; 32];
    s.iter_mut().for_each(|b| *b = rng.next_u64() as u8);
    s
}

pub fn part(seed: u64) -> [u8; 16] {
    let mut rng = Rng::new(seed ^ 0xfeed);
    let mut s = [0u8; 16];
    s.iter_mut().for_each(|b| *b = rng.next_u64() as u8);
    s
}

/// A host and a guest that have exchanged the invite and the reply (as codes).
pub fn start<D: Duel>(options: D::Options, host_seat: D::Seat, seed: u64) -> Pair<D> {
    let mut host = HostSession::<D>::new(options, host_seat, secret(seed), seed as u32);
    let mut guest = GuestSession::<D>::join_code(&host.invite_code(), part(seed)).unwrap();
    let events = host.receive_code(&guest.reply_code()).unwrap();
    assert!(events.contains(&HostEvent::Joined), "{events:?}");
    Pair { host, guest }
}

/// What a game through the transport came to.
#[derive(Debug, Default)]
pub struct Played {
    pub ticks: u64,
    pub host_moves: usize,
    pub guest_moves: usize,
    pub refused: usize,
    pub take_backs_asked: usize,
    pub harmless: usize,
    /// Changed messages are expected (a test forged one).
    pub lenient: bool,
    pub verdict: Option<Verdict>,
    pub guest_events: Vec<GuestEvent>,
    pub host_events: Vec<HostEvent>,
}

/// One tick: deliver what is due, let each side move if it may, resend every `resend`
/// ticks, and put what each side sends on the transport.
pub fn step<D: Duel>(
    pair: &mut Pair<D>,
    net: &mut Net,
    rng: &mut Rng,
    played: &mut Played,
    resend: u64,
) {
    for (to, m) in net.deliver() {
        match to {
            Role::Host => match pair.host.receive(&m) {
                Ok(e) => played.host_events.extend(e),
                Err(e) => note(e, played),
            },
            Role::Guest => match pair.guest.receive(&m) {
                Ok(e) => played.guest_events.extend(e),
                Err(e) => note(e, played),
            },
        }
    }
    if pair.host.take_back_asked() {
        pair.host.answer_take_back(rng.below(2) == 0).unwrap();
    }
    if pair.guest.take_back_asked() {
        pair.guest.answer_take_back(rng.below(2) == 0).unwrap();
    }
    // Now and then a player asks to take back a move (the other answers at random).
    if rng.below(25) == 0 && pair.host.ask_take_back().is_ok() {
        played.take_backs_asked += 1;
    }
    if rng.below(25) == 0 && pair.guest.ask_take_back().is_ok() {
        played.take_backs_asked += 1;
    }
    if let Some(game) = pair.host.game() {
        let seat = pair.host.seat();
        if game.to_act().contains(&seat) && !pair.host.take_back_asked() {
            let legal = game.legal(seat);
            let a = legal[rng.below(legal.len())];
            pair.host.act(a).unwrap();
            played.host_moves += 1;
        }
    }
    if !pair.guest.waiting() && !pair.guest.take_back_asked() && pair.guest.verdict().is_none() {
        let legal = pair.guest.legal();
        if !legal.is_empty() && pair.guest.act_index(rng.below(legal.len())).is_ok() {
            played.guest_moves += 1;
        }
    }
    if net.now % resend == resend - 1 {
        pair.host.tick();
        pair.guest.tick();
    }
    net.send(Role::Guest, pair.host.take_outgoing());
    net.send(Role::Host, pair.guest.take_outgoing());
    played.ticks += 1;
}

fn note(e: LinkError, played: &mut Played) {
    let expected = e.is_harmless() || played.lenient && matches!(e, LinkError::Tampered { .. });
    assert!(
        expected,
        "an error on a transport that only loses and reorders: {e}"
    );
    played.harmless += 1;
}

/// Exchanges messages until nothing is in flight, with no moves (a clean transport).
pub fn settle<D: Duel>(pair: &mut Pair<D>, net: &mut Net) {
    for _ in 0..50 {
        net.send(Role::Guest, pair.host.take_outgoing());
        net.send(Role::Host, pair.guest.take_outgoing());
        if net.idle() {
            return;
        }
        for (to, m) in net.deliver() {
            match to {
                Role::Host => {
                    let _ = pair.host.receive(&m);
                }
                Role::Guest => {
                    let _ = pair.guest.receive(&m);
                }
            }
        }
    }
    panic!("the messages never settle");
}

/// Plays to the end (the guest's verdict), at most `limit` ticks.
pub fn play_out<D: Duel>(pair: &mut Pair<D>, net: &mut Net, seed: u64, limit: u64) -> Played {
    play_out_with(pair, net, seed, limit, Played::default())
}

/// [`play_out`], from what `played` says.
pub fn play_out_with<D: Duel>(
    pair: &mut Pair<D>,
    net: &mut Net,
    seed: u64,
    limit: u64,
    mut played: Played,
) -> Played {
    let mut rng = Rng::new(seed);
    while pair.guest.verdict().is_none() {
        step(pair, net, &mut rng, &mut played, 3);
        if played.ticks >= limit {
            let g = pair.host.game();
            panic!(
                "no end after {limit} ticks: to act {:?}, host asked {} waiting {}, guest legal {} waiting {} asked {} at state {}, unacknowledged {} and {}; {played:?}",
                g.map(|g| g.to_act()),
                pair.host.take_back_asked(),
                pair.host.take_back_waiting(),
                pair.guest.legal().len(),
                pair.guest.waiting(),
                pair.guest.take_back_asked(),
                pair.guest.state_number(),
                pair.host.unacknowledged(),
                pair.guest.unacknowledged(),
            );
        }
    }
    played.refused = played
        .guest_events
        .iter()
        .filter(|e| matches!(e, GuestEvent::Refused(_)))
        .count();
    played.verdict = pair.guest.verdict().cloned();
    played
}
