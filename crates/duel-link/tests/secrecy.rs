//! No byte the host sends the guest depends on anything the guest may not see.
//!
//! Over random games of both engines, before and after every change of the host's game (a
//! move of the host's, a message of the guest's), the engines' samplers deal other hidden
//! states consistent with the guest's view and log at that moment: the Rebel base in another
//! system, other hands, other deck orders, another face-down strategy, another random
//! generator (`swr_engine::sampling::Sampler`, `evr_ai::search::Sampler`). A second host
//! session, identical in everything but its game, holds those states (the one before the
//! change, then the one after), and is given the same input. Everything it sends must be
//! byte for byte what the true host sent (the end-of-game reveal aside, which shows
//! everything by design). The same for the restart a host sends a guest that went back to
//! an older save.
//!
//! (The second session's game is a [`Probe`]: a sampled state and the guest's log; the
//! host's own legal actions are the true ones, since they are the host's choice, never sent.)

mod common;

use common::*;
use duel_link::frame::{self, Kind};
use duel_link::{packed_log, packed_view, read_packed, Duel, Engine, GuestSession, HostSession};
use game_kit::{Recorded, Rng};

/// A hidden state dealt from the guest's knowledge, with the guest's log. `apply` does not
/// play the action: it moves on to the next state dealt (the true host's game after the
/// same action, as the guest knows it).
#[derive(Clone)]
struct Probe<R: Engine> {
    state: R,
    log: Vec<R::Event>,
    host_legal: Vec<R::Action>,
    guest: R::Side,
    next: Option<Box<Probe<R>>>,
}

impl<R: Engine> Duel for Probe<R> {
    type Seat = R::Side;
    type Action = R::Action;
    type Options = R::Options;
    type View = R::View;

    const WIRE: frame::Wire = R::WIRE;

    fn seats(options: &R::Options) -> Vec<R::Side> {
        R::seats(options)
    }
    fn start(_: u64, _: R::Options) -> Self {
        unreachable!("a probe is made from a sample")
    }
    fn to_act(&self) -> Vec<R::Side> {
        self.state.to_act()
    }
    fn legal(&self, seat: R::Side) -> Vec<R::Action> {
        if seat == self.guest {
            self.state.legal(seat)
        } else {
            self.host_legal.clone()
        }
    }
    fn apply(&mut self, _: R::Side, _: R::Action) -> Result<(), String> {
        let next = self.next.take().ok_or("no next state")?;
        *self = *next;
        Ok(())
    }
    fn history_len(&self) -> usize {
        0
    }
    fn take_back_point(&self, _: R::Side) -> Option<usize> {
        None
    }
    fn truncate(&mut self, _: usize) {
        unreachable!("no take-backs in the secrecy test")
    }
    fn view_bytes(&self, seat: R::Side) -> Vec<u8> {
        assert_eq!(
            seat, self.guest,
            "the host only ever packs the guest's view"
        );
        packed_view(&self.state, seat)
    }
    fn log_len(&self) -> usize {
        self.log.len()
    }
    fn log_bytes(&self, _: R::Side, from: usize) -> Vec<Vec<u8>> {
        self.log[from..]
            .iter()
            .map(|e| duel_link::pack::to_bytes(e).unwrap())
            .collect()
    }
    fn view(&self, seat: R::Side) -> R::View {
        self.state.view_with_log(seat, self.log.clone())
    }
    fn read_view(view: &[u8], log: &[Vec<u8>]) -> Result<R::View, String> {
        read_packed::<R>(view, log)
    }
    fn legal_in(view: &R::View) -> &[R::Action] {
        R::legal_in(view)
    }
}

/// What a game's sampler gives: another full state fitting the guest's view and log, if it
/// shows the guest exactly its true view.
trait Dealer: Engine {
    fn deal(game: &Recorded<Self>, seat: Self::Side, rng: &mut Rng) -> Option<Self>;
}

impl Dealer for swr_engine::GameState {
    /// From the player's view and log, and the engine's bookkeeping as that player may know
    /// it (never sent: the guest's app has no use for it).
    fn deal(game: &swr_engine::Game, seat: swr_engine::Side, rng: &mut Rng) -> Option<Self> {
        let view = game.view(seat);
        let engine = game.state().engine_view(seat);
        Some(swr_engine::sampling::Sampler::new(&view, &engine).sample(rng))
    }
}

impl Dealer for evr_engine::GameState {
    /// The search's sampler deals for the player to decide: while the other side resolves a
    /// power it leaves the power out, so the power in progress is copied from the truth (the
    /// decks, reserves and face-down strategy stay dealt).
    fn deal(game: &evr_engine::Game, seat: evr_engine::Side, rng: &mut Rng) -> Option<Self> {
        use evr_ai::search::{Knowledge, Sampler};
        let view = game.view(seat);
        let mut sample = Sampler::new(&view, &Knowledge::read(&view))
            .ok()?
            .sample(rng);
        if sample.view(seat) != game.state().view(seat) {
            if let evr_engine::Phase::Struggle { power: Some(_), .. } = game.state().phase {
                sample.phase = game.state().phase;
            }
        }
        Some(sample)
    }
}

#[derive(Debug, Default)]
struct Tally {
    compared: usize,
    differed: usize,
    unsampled: usize,
    restarts: usize,
}

/// A probe for the guest's knowledge of `game` now; `None` if the sampler could not match
/// the guest's view exactly.
fn probe<R: Dealer>(
    game: &Recorded<R>,
    host: R::Side,
    guest: R::Side,
    rng: &mut Rng,
    tally: &mut Tally,
) -> Option<Probe<R>>
where
    R::View: std::fmt::Debug,
{
    let sample = R::deal(game, guest, rng)?;
    if packed_view(&sample, guest) != packed_view(game.state(), guest) {
        tally.unsampled += 1;
        return None;
    }
    if sample != *game.state() {
        tally.differed += 1;
    }
    Some(Probe {
        state: sample,
        log: game.log_for(guest, 0).cloned().collect(),
        host_legal: game.state().legal(host),
        guest,
        next: None,
    })
}

/// The messages, the reveal left out.
fn unrevealed<D: Duel>(messages: &[Vec<u8>]) -> Vec<Vec<u8>> {
    messages
        .iter()
        .filter(|m| frame::parse(m, D::WIRE).is_ok_and(|p| p.header.kind != Kind::Reveal))
        .cloned()
        .collect()
}

/// The host's messages for the guest, the reveal left out.
fn sent<D: Duel>(host: &mut HostSession<D>) -> Vec<Vec<u8>> {
    unrevealed::<D>(&host.take_outgoing())
}

/// Plays a random game, checking every change of the host's game against probes.
fn check_game<R: Dealer>(options: R::Options, host_seat: R::Side, seed: u64, tally: &mut Tally)
where
    R::Action: std::fmt::Debug,
    R::View: std::fmt::Debug,
{
    let mut pair = start::<Recorded<R>>(options, host_seat, seed);
    let guest_seat = pair.host.guest_seat();
    let mut rng = Rng::new(seed);
    let mut deal = Rng::new(seed ^ 0xdea1);
    let mut old_guest: Option<String> = None;
    let mut changes = 0;
    // The first update (the game started on the join) went out already.
    let first = pair.host.take_outgoing();
    for m in first {
        pair.guest.receive(&m).unwrap();
    }
    while pair.guest.verdict().is_none() {
        // One change: the guest's move if it has one (its message reaches the host), else
        // the host's.
        let game = pair.host.game().unwrap().clone();
        let before = probe(&game, host_seat, guest_seat, &mut deal, tally);
        let pre = pair.host.clone();
        let input = if !pair.guest.waiting() && !pair.guest.legal().is_empty() {
            let n = pair.guest.legal().len();
            pair.guest.act_index(rng.below(n)).unwrap();
            let messages = pair.guest.take_outgoing();
            for m in &messages {
                pair.host.receive(m).unwrap();
            }
            Some(messages)
        } else if game.state().to_act().contains(&host_seat) {
            let legal = game.state().legal(host_seat);
            let a = legal[rng.below(legal.len())];
            pair.host.act(a).unwrap();
            None
        } else {
            panic!("nobody can move");
        };
        let out_all = pair.host.take_outgoing();
        let out = unrevealed::<Recorded<R>>(&out_all);
        let after = probe(
            pair.host.game().unwrap(),
            host_seat,
            guest_seat,
            &mut deal,
            tally,
        );
        if let (Some(mut before), Some(after)) = (before, after) {
            before.next = Some(Box::new(after));
            let mut fork = pre.with_game(before);
            match &input {
                Some(messages) => {
                    for m in messages {
                        fork.receive(m).unwrap();
                    }
                }
                None => {
                    let a = pair.host.game().unwrap().history().last().unwrap().1;
                    fork.act(a).unwrap();
                }
            }
            assert_eq!(
                sent(&mut fork),
                out,
                "seed {seed}, change {changes}: the bytes differ"
            );
            tally.compared += 1;
        }
        for m in &out_all {
            pair.guest.receive(m).unwrap();
        }
        // What the guest sends back (acknowledgements) reaches the host.
        for m in pair.guest.take_outgoing() {
            let _ = pair.host.receive(&m);
        }
        // Now and then: a guest that went back to an older save asks to be brought up to
        // date; the restart it gets depends on nothing hidden either.
        if changes % 17 == 5 {
            if let Some(old) = &old_guest {
                let mut stale = GuestSession::<Recorded<R>>::load(old).unwrap();
                let mut host = pair.host.clone();
                host.hello();
                let hello = host.take_outgoing();
                for m in &hello {
                    let _ = stale.receive(m);
                }
                let welcome = stale.take_outgoing();
                if let Some(p) = probe(
                    host.game().unwrap(),
                    host_seat,
                    guest_seat,
                    &mut deal,
                    tally,
                ) {
                    let mut fork = host.with_game(p);
                    for m in &welcome {
                        let a = host.receive(m);
                        let b = fork.receive(m);
                        assert_eq!(a.is_ok(), b.is_ok());
                    }
                    let restart = sent(&mut host);
                    assert!(!restart.is_empty());
                    assert_eq!(sent(&mut fork), restart, "seed {seed}: the restart differs");
                    tally.restarts += 1;
                }
            }
            old_guest = Some(pair.guest.save());
        }
        changes += 1;
        assert!(changes < 20_000);
    }
    assert!(matches!(
        pair.guest.verdict(),
        Some(duel_link::Verdict::Fair { .. })
    ));
}

#[test]
fn no_byte_sent_to_the_guest_depends_on_what_it_may_not_see() {
    let t = std::time::Instant::now();
    let mut tally = Tally::default();
    for seed in 0..seeds(6) {
        let host = if seed % 2 == 0 {
            evr_engine::Side::Rebel
        } else {
            evr_engine::Side::Imperial
        };
        check_game::<evr_engine::GameState>(Default::default(), host, seed, &mut tally);
    }
    eprintln!("evr: {tally:?} in {:?}", t.elapsed());
    assert!(
        tally.compared > 300 && tally.differed > tally.compared / 2,
        "{tally:?}"
    );
    assert!(tally.unsampled < tally.compared / 20, "{tally:?}");
    assert!(tally.restarts > 5, "{tally:?}");

    let t = std::time::Instant::now();
    let mut tally = Tally::default();
    // The Rebel hosts (the base's system never leaves its device), then the Empire.
    for (seed, host) in [(1, swr_engine::Side::Rebel), (2, swr_engine::Side::Empire)] {
        check_game::<swr_engine::GameState>(Default::default(), host, seed, &mut tally);
    }
    eprintln!("swr: {tally:?} in {:?}", t.elapsed());
    assert!(
        tally.compared > 500 && tally.differed > tally.compared / 2,
        "{tally:?}"
    );
    assert!(tally.unsampled < tally.compared / 10, "{tally:?}");
}

/// The packed layouts of both games' views and log events, pinned: if an engine's
/// `PlayerView`, `LogEvent` or options change shape (or its rules change what a seeded game
/// shows), two app versions would misread each other; this fails, so that the layout
/// version in `evr.rs` or `swr.rs` is bumped with the new digest.
#[test]
fn wire_layouts_are_pinned() {
    fn digest<R: Engine>(options: R::Options, seed: u64) -> String {
        let mut game = Recorded::<R>::new(seed, options);
        let mut rng = Rng::new(seed);
        let mut all = Vec::new();
        for _ in 0..200 {
            for seat in R::seats(&options) {
                all.extend(packed_view(game.state(), seat));
                for e in packed_log::<R>(game.entries(), seat) {
                    all.extend(e);
                }
            }
            let Some(&seat) = game.state().to_act().first() else {
                break;
            };
            let legal = game.state().legal(seat);
            let _ = game.apply(seat, legal[rng.below(legal.len())]);
        }
        let h = duel_link::hash::sha256(&[&all]);
        h[..6].iter().map(|b| format!("{b:02x}")).collect()
    }
    let evr = digest::<evr_engine::GameState>(Default::default(), 1);
    let swr = digest::<swr_engine::GameState>(Default::default(), 1);
    assert_eq!(
        (evr.as_str(), evr_engine::GameState::WIRE.layout),
        ("132a34621781", 1),
        "Empire vs. Rebellion's packed views changed: bump its layout in src/evr.rs and pin {evr}"
    );
    assert_eq!(
        (swr.as_str(), swr_engine::GameState::WIRE.layout),
        ("218531b7ed82", 2),
        "Rebellion's packed views changed: bump its layout in src/swr.rs and pin {swr}"
    );
}
