//! Tables of 3 to 5 seats (issue #33): whole games of Empires: Galactic Rebellion over an
//! in-memory star transport that drops, duplicates, delays and reorders, with computer seats
//! played by the host's app; every guest's end-of-game check; who is missing before the
//! start; a guest reloading mid-game while the others play on; the host reloading and
//! resuming after one hello per guest; a guest playing by codes; presence and covered seats;
//! the host's cheats caught by the guest they wrong; take-backs refused at more than two.

mod common;

use common::table::*;
use common::*;
use duel_link::egr::EgrDuel;
use duel_link::{
    ActError, Cheat, Duel, GuestEvent, GuestSession, HostSession, Mismatch, Presence, PresenceLine,
    Refusal, SeatKind, Verdict,
};
use egr_engine::{GameOptions, Seat};
use game_kit::Rng;

/// `n` seats: the host at `host`, computers at `computers`, guests elsewhere.
fn kinds(n: usize, host: usize, computers: &[usize]) -> Vec<SeatKind> {
    (0..n)
        .map(|i| {
            if i == host {
                SeatKind::Host
            } else if computers.contains(&i) {
                SeatKind::Computer
            } else {
                SeatKind::Guest
            }
        })
        .collect()
}

fn egr(n: u8) -> GameOptions {
    GameOptions::new(n)
}

fn assert_all_fair<D: Duel>(t: &Table<D>, what: &str) {
    for (g, v) in t.guests.iter().zip(t.verdicts()) {
        assert!(
            matches!(v, Verdict::Fair { .. }),
            "{what}: seat {:?}: {v:?}",
            g.seat
        );
    }
}

#[test]
fn whole_egr_tables_of_3_4_and_5_over_a_bad_transport_end_with_every_check_passing() {
    let t0 = std::time::Instant::now();
    for seed in 0..seeds(2) {
        for (n, computers) in [(3u8, vec![]), (4, vec![1]), (5, vec![0, 3])] {
            let host = (seed as usize + 2) % n as usize;
            let computers: Vec<usize> = computers.into_iter().filter(|c| *c != host).collect();
            let mut t = open_table::<EgrDuel>(
                egr(n),
                kinds(n as usize, host, &computers),
                seed * 7 + n as u64,
            );
            let mut net = StarNet::new(seed, BAD);
            let mut rng = Rng::new(seed + 300);
            t.play_out(&mut net, &mut rng, 400_000);
            assert_all_fair(&t, &format!("{n} seats, seed {seed}"));
            assert!(t.views_agree());
            let game = t.host.game().unwrap();
            for g in &t.guests {
                assert_eq!(g.session.revealed_game().unwrap().history(), game.history());
            }
            eprintln!(
                "egr {n} seats, seed {seed}: {} actions, {} ticks, {} messages ({} dropped)",
                game.history().len(),
                t.ticks,
                net.sent,
                net.dropped
            );
        }
    }
    eprintln!("egr tables: {:?}", t0.elapsed());
}

#[test]
fn before_the_start_every_joined_guest_is_told_who_is_still_missing() {
    let mut host =
        HostSession::<EgrDuel>::table(egr(4), kinds(4, 0, &[2]), secret(1), 500).unwrap();
    assert_eq!(host.guest_seats(), vec![Seat(1), Seat(3)]);
    assert_eq!(host.missing(), vec![Seat(1), Seat(3)]);
    // Each invite names its seat, and its link's room follows the table's.
    let mut a =
        GuestSession::<EgrDuel>::join_code(&host.invite_code_for(Seat(1)).unwrap(), part(1))
            .unwrap();
    let mut b =
        GuestSession::<EgrDuel>::join_code(&host.invite_code_for(Seat(3)).unwrap(), part(2))
            .unwrap();
    assert_eq!((a.seat(), a.host_seat(), a.room()), (Seat(1), Seat(0), 500));
    assert_eq!((b.seat(), b.room()), (Seat(3), 501));
    assert_eq!(a.missing(), vec![Seat(3)]);
    assert_eq!(
        host.invite_code_for(Seat(2)),
        None,
        "a computer has no invite"
    );
    let kinds_seen: Vec<SeatKind> = a.table().iter().map(|s| s.kind).collect();
    assert_eq!(kinds_seen, kinds(4, 0, &[2]));
    // A joins: the game waits for B, and A is told so.
    let (seat, events) = {
        let reply = a.take_outgoing();
        let mut all = Vec::new();
        let mut from = None;
        for m in reply {
            if let Ok((s, e)) = host.receive_from(&m) {
                from = Some(s);
                all.extend(e);
            }
        }
        (from.unwrap(), all)
    };
    assert_eq!(seat, Seat(1));
    assert_eq!(events, vec![duel_link::HostEvent::Arrived]);
    assert_eq!(host.missing(), vec![Seat(3)]);
    assert_eq!(host.joined(), vec![Seat(1)]);
    assert!(host.game().is_none());
    assert!(host.take_outgoing_for(Seat(3)).is_empty());
    for m in host.take_outgoing_for(Seat(1)) {
        let e = a.receive(&m).unwrap();
        assert!(e.is_empty() || e == vec![GuestEvent::Table], "{e:?}");
    }
    assert_eq!(a.missing(), vec![Seat(3)]);
    assert!(!a.started());
    // B joins: the game starts, both are told nobody is missing and get their first view.
    host.receive_code(&b.reply_code()).unwrap();
    assert!(host.game().is_some());
    for (seat, m) in host.take_outgoing_all() {
        let g = if seat == Seat(1) { &mut a } else { &mut b };
        g.receive(&m).unwrap();
    }
    assert!(a.missing().is_empty() && b.missing().is_empty());
    assert!(a.started() && b.started());
    // A message of B's link pasted in A's: another room.
    let from_b = b.code();
    assert!(matches!(
        a.receive_code(&from_b),
        Err(duel_link::LinkError::OwnMessage | duel_link::LinkError::UnknownRoom { .. })
    ));
    // Take-backs are refused at more than two seats, and refusals say "another player".
    assert_eq!(host.ask_take_back(), Err(ActError::CannotTakeBack));
    assert_eq!(a.ask_take_back(), Err(ActError::CannotTakeBack));
    assert_eq!(
        a.refusal_sentence(Refusal::NotYourTurn),
        "Your move was not played: it is not your turn."
    );
    assert!(a
        .refusal_sentence(Refusal::Stale)
        .contains("another player"));
    // A table needs one host and one kind per seat.
    assert!(HostSession::<EgrDuel>::table(egr(3), kinds(4, 0, &[]), secret(1), 1).is_err());
    assert!(HostSession::<EgrDuel>::table(
        egr(3),
        vec![SeatKind::Host, SeatKind::Host, SeatKind::Guest],
        secret(1),
        1
    )
    .is_err());
}

#[test]
fn a_guest_reloading_mid_game_rejoins_with_one_exchange_while_the_others_play_on() {
    for seed in 0..seeds(3) {
        let mut t = open_table::<EgrDuel>(egr(4), kinds(4, 0, &[]), 40 + seed);
        let mut net = StarNet::new(40 + seed, BAD);
        let mut rng = Rng::new(40 + seed);
        let mut old = None;
        let g = 1 + seed as usize % 2;
        while t.ticks < 200 && !t.over() {
            t.step(&mut net, &mut rng);
            if t.ticks == 80 {
                old = Some(t.guests[g].session.save());
            }
            if t.ticks == 120 {
                // Guest g's page reloads (from its latest save, or, every other seed, from
                // one 40 ticks old: its device went back): the others go on meanwhile.
                net.cut_guest::<EgrDuel>(g, t.room_of(g));
                let save = if seed % 2 == 0 {
                    t.guests[g].session.save()
                } else {
                    old.take().unwrap()
                };
                t.guests[g].session = GuestSession::load(&save).unwrap();
                t.guests[g].session.hello();
                t.host.hello_to(t.guests[g].seat);
            }
        }
        t.play_out(&mut net, &mut rng, 400_000);
        assert_all_fair(&t, &format!("guest {g} reloaded, seed {seed}"));
        assert!(t.views_agree());
    }
}

#[test]
fn the_host_reloading_resumes_after_one_hello_per_guest_losing_and_repeating_nothing() {
    for seed in 0..seeds(2) {
        let mut t = open_table::<EgrDuel>(egr(5), kinds(5, 2, &[4]), 60 + seed);
        let mut net = StarNet::new(60 + seed, BAD);
        let mut rng = Rng::new(60 + seed);
        let mut reloads = 0;
        while !t.over() {
            t.step(&mut net, &mut rng);
            if t.ticks.is_multiple_of(150) {
                net.cut();
                let h = t.host.save();
                t.host = HostSession::load(&h).unwrap();
                assert_eq!(t.host.save(), h);
                t.host.hello();
                for g in t.guests.iter_mut() {
                    g.session.hello();
                }
                reloads += 1;
            }
            assert!(t.ticks < 400_000);
        }
        assert!(reloads > 0);
        assert_all_fair(&t, &format!("host reloaded, seed {seed}"));
        for g in &t.guests {
            assert!(
                !g.events
                    .iter()
                    .any(|e| matches!(e, GuestEvent::Resynced { .. })),
                "nothing needed a restart"
            );
        }
    }
}

#[test]
fn one_guest_plays_by_codes_while_the_others_stay_connected() {
    let mut t = open_table::<EgrDuel>(egr(4), kinds(4, 3, &[1]), 70);
    t.guests[1].by_codes = true;
    let mut net = StarNet::new(70, BAD);
    let mut rng = Rng::new(70);
    t.play_out(&mut net, &mut rng, 400_000);
    assert_all_fair(&t, "by codes");
    assert!(t.views_agree());
}

#[test]
fn presence_and_covered_seats_are_told_to_every_guest_and_covered_moves_are_reported() {
    let mut t = open_table::<EgrDuel>(egr(4), kinds(4, 0, &[]), 80);
    let mut net = StarNet::new(80, CLEAN);
    let mut rng = Rng::new(80);
    while t.ticks < 60 {
        t.step(&mut net, &mut rng);
    }
    // Guest 1 (seat 2) goes away; the host's app says so, then covers its seat.
    let away = t.guests[1].seat;
    t.guests[1].away = true;
    assert!(t
        .host
        .set_presence(away, Presence::Away { since_ms: 10_000 }, 25_000));
    // Not told twice for the same line.
    assert!(!t
        .host
        .set_presence(away, Presence::Away { since_ms: 10_000 }, 26_000));
    assert_eq!(
        t.host.act_for(away, egr_legal(&t, away)),
        Err(ActError::NotYourSeat)
    );
    t.host.cover(away, true).unwrap();
    assert!(t.host.plays(away));
    for _ in 0..5 {
        t.step(&mut net, &mut rng);
    }
    for g in [0, 2] {
        let line = t.guests[g].session.table();
        let s = line.iter().find(|s| s.seat == away).unwrap();
        assert_eq!(s.presence, PresenceLine::Away { seconds: 16 });
        assert!(s.covered);
        assert!(t.guests[g].events.contains(&GuestEvent::Table));
    }
    let status = t.host.table_status(40_000);
    assert_eq!(
        status.iter().find(|s| s.seat == away).unwrap().presence,
        PresenceLine::Away { seconds: 30 }
    );
    // The host's app plays the covered seat for a while.
    let before = t.host.game().unwrap().history().len();
    while t.ticks < 200 && !t.over() {
        t.step(&mut net, &mut rng);
    }
    let made_for: usize = t.host.game().unwrap().history()[before..]
        .iter()
        .filter(|(s, _)| *s == away)
        .count();
    assert!(made_for > 0, "the covered seat was played");
    // It comes back: reconnects with one hello, the cover ends, and it plays on.
    t.guests[1].away = false;
    t.guests[1].session.hello();
    t.host.hello_to(away);
    t.host.set_presence(away, Presence::Connected, 60_000);
    t.host.cover(away, false).unwrap();
    assert!(!t.host.plays(away));
    for _ in 0..10 {
        t.step(&mut net, &mut rng);
    }
    assert!(!t.guests[1].session.covered());
    assert!(t.guests[1].events.contains(&GuestEvent::Uncovered));
    let line = t.guests[1].session.table();
    assert!(line
        .iter()
        .all(|s| s.presence == PresenceLine::Connected && !s.covered));
    t.play_out(&mut net, &mut rng, 400_000);
    assert_all_fair(&t, "after a cover");
    assert!(t.guests[1].session.covered_moves() as usize >= made_for);
    assert!(t.guests[1]
        .events
        .iter()
        .any(|e| matches!(e, GuestEvent::Covered { moves } if *moves as usize >= made_for)));
    assert_eq!(t.guests[0].session.covered_moves(), 0);
}

/// A guest cut off for the whole of its cover learns of the cover's start and end at once
/// (here in one code): it is still told that the computer played for it.
#[test]
fn a_guest_back_from_a_cover_it_never_saw_begin_is_told_the_computer_played_for_it() {
    let mut t = open_table::<EgrDuel>(egr(3), kinds(3, 0, &[]), 81);
    let mut net = StarNet::new(81, CLEAN);
    let mut rng = Rng::new(81);
    while t.ticks < 60 {
        t.step(&mut net, &mut rng);
    }
    let away = t.guests[1].seat;
    t.guests[1].away = true;
    t.host.cover(away, true).unwrap();
    let before = t.host.game().unwrap().history().len();
    while t.ticks < 160 && !t.over() {
        t.step(&mut net, &mut rng);
    }
    assert!(t.host.game().unwrap().history()[before..]
        .iter()
        .any(|(s, _)| *s == away));
    t.host.cover(away, false).unwrap();
    let code = t.host.code_for(away).unwrap();
    t.guests[1].away = false;
    let events = t.guests[1].session.receive_code(&code).unwrap();
    assert!(events.contains(&GuestEvent::Uncovered), "{events:?}");
    assert!(!t.guests[1].session.covered());
}

fn egr_legal(t: &Table<EgrDuel>, seat: Seat) -> egr_engine::Action {
    let game = t.host.game().unwrap();
    game.legal(seat)
        .first()
        .copied()
        .unwrap_or_else(|| game.legal(game.to_act()[0])[0])
}

/// A table whose host cheats from the start, played out.
fn cheated(n: u8, host_at: usize, cheat: Cheat, seed: u64) -> Vec<Verdict> {
    let mut host = HostSession::<EgrDuel>::table(
        egr(n),
        kinds(n as usize, host_at, &[]),
        secret(seed),
        seed as u32 * 16,
    )
    .unwrap();
    host.cheat(cheat);
    let mut t = open_with(host, seed);
    let mut net = StarNet::new(seed, BAD);
    let mut rng = Rng::new(seed);
    t.play_out(&mut net, &mut rng, 400_000);
    t.verdicts()
}

#[test]
fn a_cheating_host_is_caught_by_each_guest_it_wrongs() {
    // Another seed than the one made together: every guest's replay differs from what it
    // saw (or, revealing the secret it played with, its commitment fails).
    for v in cheated(3, 0, Cheat::PlayOtherSecret(secret(99)), 1) {
        assert!(
            matches!(
                v,
                Verdict::Mismatch(Mismatch::Shown { .. } | Mismatch::OtherStart)
            ),
            "{v:?}"
        );
    }
    for v in cheated(4, 1, Cheat::RevealOtherSecret(secret(99)), 2) {
        assert_eq!(v, Verdict::Mismatch(Mismatch::Commitment));
    }
    // A changed move of a guest (seat 2 at a 4-seat table hosted at seat 0: the second
    // guest): that guest finds another move than it sent in its name.
    let v = cheated(4, 0, Cheat::ChangeMoveOf { seat: 2, n: 4 }, 3);
    assert!(
        matches!(v[1], Verdict::Mismatch(Mismatch::OtherMove { .. })),
        "{v:?}"
    );
    // A changed move of the host's own: the game the guests saw is not the one revealed.
    let v = cheated(3, 2, Cheat::ChangeOwnMove(6), 4);
    assert!(v.iter().any(|v| matches!(v, Verdict::Mismatch(_))), "{v:?}");
    // A move in a guest's name said to be made for it while covered, when it never was.
    let v = cheated(3, 0, Cheat::ForgeCovered { seat: 1, n: 3 }, 5);
    assert!(
        matches!(v[0], Verdict::Mismatch(Mismatch::Forged { .. })),
        "{v:?}"
    );
    let Verdict::Mismatch(m) = &v[0] else {
        unreachable!()
    };
    assert!(m.to_string().contains("your seat was not covered"), "{m}");
}

/// A hidden state dealt from one guest's knowledge (its view: Galactic Rebellion's sampler
/// rebuilds the bag, the decks and the tiles still to be drawn, and a new generator), with
/// that guest's log; every other seat's legal actions are the true ones (they are chosen
/// on other devices, or by the host, and never sent to this guest). `apply` moves on to the
/// next state dealt.
#[derive(Clone)]
struct Probe {
    state: egr_engine::GameState,
    log: Vec<egr_engine::LogEvent>,
    others: Vec<(Seat, Vec<egr_engine::Action>)>,
    guest: Seat,
    next: Option<Box<Probe>>,
}

impl Duel for Probe {
    type Seat = Seat;
    type Action = egr_engine::Action;
    type Options = GameOptions;
    type View = egr_engine::PlayerView;
    const WIRE: duel_link::frame::Wire = EgrDuel::WIRE;

    fn seats(options: &GameOptions) -> Vec<Seat> {
        EgrDuel::seats(options)
    }
    fn start(_: u64, _: GameOptions) -> Self {
        unreachable!("a probe is made from a sample")
    }
    fn to_act(&self) -> Vec<Seat> {
        game_kit::Shareable::to_act(&self.state)
    }
    fn legal(&self, seat: Seat) -> Vec<egr_engine::Action> {
        if seat == self.guest {
            self.state.legal_actions(seat)
        } else {
            self.others
                .iter()
                .find(|(s, _)| *s == seat)
                .map(|(_, l)| l.clone())
                .unwrap_or_default()
        }
    }
    fn apply(&mut self, _: Seat, _: egr_engine::Action) -> Result<(), String> {
        let next = self.next.take().ok_or("no next state")?;
        *self = *next;
        Ok(())
    }
    fn history_len(&self) -> usize {
        0
    }
    fn take_back_point(&self, _: Seat) -> Option<usize> {
        None
    }
    fn truncate(&mut self, _: usize) {
        unreachable!("no take-backs at tables")
    }
    fn view_bytes(&self, seat: Seat) -> Vec<u8> {
        duel_link::packed_view(&self.state, seat)
    }
    fn log_len(&self) -> usize {
        self.log.len()
    }
    fn log_bytes(&self, seat: Seat, from: usize) -> Vec<Vec<u8>> {
        if seat != self.guest {
            return Vec::new();
        }
        self.log[from..]
            .iter()
            .map(|e| duel_link::pack::to_bytes(e).unwrap())
            .collect()
    }
    fn view(&self, seat: Seat) -> egr_engine::PlayerView {
        game_kit::Rules::view_with_log(&self.state, seat, self.log.clone())
    }
    fn read_view(view: &[u8], log: &[Vec<u8>]) -> Result<egr_engine::PlayerView, String> {
        duel_link::read_packed::<egr_engine::GameState>(view, log)
    }
    fn legal_in(view: &egr_engine::PlayerView) -> &[egr_engine::Action] {
        &view.legal_actions
    }
}

#[derive(Debug, Default)]
struct Tally {
    compared: usize,
    differed: usize,
    unsampled: usize,
}

fn probe(game: &EgrDuel, guest: Seat, seed: u64, tally: &mut Tally) -> Option<Probe> {
    let options = game.options();
    let sample = egr_engine::sampling::sample(&game.view(guest), &options, seed).ok()?;
    if duel_link::packed_view(&sample, guest) != duel_link::packed_view(game.state(), guest) {
        tally.unsampled += 1;
        return None;
    }
    if sample != *game.state() {
        tally.differed += 1;
    }
    Some(Probe {
        state: sample,
        log: game.log_for(guest, 0).cloned().collect(),
        others: EgrDuel::seats(&options)
            .into_iter()
            .filter(|s| *s != guest)
            .map(|s| (s, game.state().legal_actions(s)))
            .collect(),
        guest,
        next: None,
    })
}

/// The messages for `seat`, the reveal left out.
fn for_seat(out: &[(Seat, Vec<u8>)], seat: Seat) -> Vec<Vec<u8>> {
    out.iter()
        .filter(|(s, m)| {
            *s == seat
                && duel_link::frame::parse(m, EgrDuel::WIRE)
                    .is_ok_and(|p| p.header.kind != duel_link::frame::Kind::Reveal)
        })
        .map(|(_, m)| m.clone())
        .collect()
}

#[test]
fn no_byte_sent_to_a_guest_depends_on_what_it_may_not_see_at_any_table() {
    // Before and after every change (a guest's move reaching the host, or a move the host's
    // app makes for itself or a computer), each guest's knowledge is dealt into another full
    // state; a second host holding it, given the same input, sends that guest byte for byte
    // what the true host sent it.
    let mut tally = Tally::default();
    for (seed, n, host_at, computers) in [
        (1u64, 3u8, 0, vec![]),
        (2, 4, 1, vec![3]),
        (3, 5, 4, vec![0]),
    ] {
        let mut t =
            open_table::<EgrDuel>(egr(n), kinds(n as usize, host_at, &computers), 90 + seed);
        let seats: Vec<Seat> = t.guests.iter().map(|g| g.seat).collect();
        let mut rng = Rng::new(seed);
        let out = t.host.take_outgoing_all();
        for (s, m) in out {
            let i = seats.iter().position(|x| *x == s).unwrap();
            t.guests[i].session.receive(&m).unwrap();
        }
        let mut changes = 0u64;
        while !t.over() {
            let game = t.host.game().unwrap().clone();
            let before: Vec<Option<Probe>> = seats
                .iter()
                .map(|&g| probe(&game, g, rng.next_u64(), &mut tally))
                .collect();
            let pre = t.host.clone();
            // A guest's move if one may, else the host's app's.
            let mover = t
                .guests
                .iter()
                .position(|g| !g.session.waiting() && !g.session.legal().is_empty());
            let input = if let Some(i) = mover {
                let k = t.guests[i].session.legal().len();
                t.guests[i].session.act_index(rng.below(k)).unwrap();
                let messages = t.guests[i].session.take_outgoing();
                for m in &messages {
                    t.host.receive(m).unwrap();
                }
                Ok(messages)
            } else {
                let seat = *game
                    .to_act()
                    .iter()
                    .find(|s| t.host.plays(**s))
                    .expect("someone can move");
                let legal = game.legal(seat);
                let a = legal[rng.below(legal.len())];
                t.host.act_for(seat, a).unwrap();
                Err((seat, a))
            };
            let out = t.host.take_outgoing_all();
            for (i, (&g, before)) in seats.iter().zip(before).enumerate() {
                let after = probe(t.host.game().unwrap(), g, rng.next_u64(), &mut tally);
                let (Some(mut before), Some(after)) = (before, after) else {
                    continue;
                };
                before.next = Some(Box::new(after));
                let mut fork = pre.with_game(before);
                match &input {
                    Ok(messages) => messages.iter().for_each(|m| {
                        fork.receive(m).unwrap();
                    }),
                    Err((seat, a)) => fork.act_for(*seat, *a).unwrap(),
                }
                assert_eq!(
                    for_seat(&fork.take_outgoing_all(), g),
                    for_seat(&out, g),
                    "{n} seats, change {changes}: the bytes to guest {i} differ"
                );
                tally.compared += 1;
            }
            for (s, m) in out {
                let i = seats.iter().position(|x| *x == s).unwrap();
                t.guests[i].session.receive(&m).unwrap();
            }
            for i in 0..seats.len() {
                for m in t.guests[i].session.take_outgoing() {
                    let _ = t.host.receive(&m);
                }
            }
            changes += 1;
            assert!(changes < 20_000);
        }
        assert_all_fair(&t, &format!("secrecy, {n} seats"));
    }
    eprintln!("egr tables: {tally:?}");
    assert!(
        tally.compared > 500 && tally.differed > tally.compared / 2,
        "{tally:?}"
    );
    assert!(tally.unsampled < tally.compared / 20, "{tally:?}");
}
