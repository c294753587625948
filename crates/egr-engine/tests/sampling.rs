#![cfg(not(target_arch = "wasm32"))]
//! The sampler (`egr_engine::sampling`): over seeded random games at 2 to 5 players, at about
//! every 7th position (and the end), from every seat's view:
//!
//! * the sample's view equals the real view for every seat (the log aside: a bare state has
//!   none), the legal actions of the seat to act included;
//! * the sample is the real state but for the generator and which of twin Power tiles lies
//!   where (compared as JSON, with each planet's tile read as its values);
//! * every invariant of `egr_engine::invariants` holds in the sample, and random legal play
//!   from it goes on to the end of the game;
//! * the unseen Power tiles differ between samples, and from the truth.
//!
//! `EGR_SAMPLE_SEEDS` sets the games per player count (40 by default).

use egr_engine::sampling::{sample, SampleError};
use egr_engine::*;
use game_kit::Rng;
use serde_json::Value;

fn seeds() -> u64 {
    std::env::var("EGR_SAMPLE_SEEDS")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(40)
}

/// The fields of two views that differ, for a readable failure.
fn diff(a: &PlayerView, b: &PlayerView) -> String {
    let (ja, jb) = (
        serde_json::to_value(a).unwrap(),
        serde_json::to_value(b).unwrap(),
    );
    ja.as_object()
        .unwrap()
        .iter()
        .filter(|(k, v)| jb.get(k.as_str()) != Some(v))
        .map(|(k, v)| format!("{k}:\n  sample {v}\n  truth  {}", jb[k.as_str()]))
        .collect::<Vec<_>>()
        .join("\n")
}

/// The state as JSON without what a sample may change: the generator, the Power tiles' indices
/// (each planet's tile as its values), and the seats beyond the game (never read).
fn public_json(state: &GameState) -> Value {
    let options = state.options();
    let n = options.players as usize;
    let mut v = serde_json::to_value(state).unwrap();
    let o = v.as_object_mut().unwrap();
    o.remove("rng");
    o["order"].as_array_mut().unwrap().truncate(n);
    o["players"].as_array_mut().unwrap().truncate(n);
    for p in o["planets"].as_array_mut().unwrap() {
        let t = options.numbers.power[p["power"].as_u64().unwrap() as usize];
        p["power"] = serde_json::json!([t.higher, t.lower]);
        p["workers"].as_array_mut().unwrap().truncate(n);
    }
    v
}

/// Which tile lies on each planet.
fn tiles(state: &GameState) -> Vec<u64> {
    let v = serde_json::to_value(state).unwrap();
    v["planets"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| p["power"].as_u64().unwrap())
        .collect()
}

/// Plays on with random legal actions to the end, checking the invariants now and then.
fn play_out(mut state: GameState, rng: &mut Rng, what: &str) {
    let mut buf = Vec::new();
    let mut steps = 0u32;
    while let Some(seat) = state.active_player() {
        state.legal_actions_into(seat, &mut buf);
        assert!(buf.len() >= 2, "{what}: {seat:?} asked with {buf:?}");
        let a = buf[rng.below(buf.len())];
        state
            .apply(seat, a, &mut NoLog)
            .unwrap_or_else(|e| panic!("{what}, {steps} actions on: {e}"));
        steps += 1;
        if steps.is_multiple_of(16) {
            invariants::after_action(&state)
                .unwrap_or_else(|e| panic!("{what}, {steps} actions on, after {a:?}: {e}"));
        }
        assert!(steps < 20_000, "{what}: no end");
    }
    assert!(state.is_over(), "{what}: stopped without an end");
}

/// Checks every seat's sample at this position; returns the samples made.
fn check_position(state: &GameState, salt: u64, what: &str, playout: bool) -> usize {
    let options = state.options();
    let truth = public_json(state);
    let mut rng = Rng::new(salt);
    let mut made = 0;
    for viewer in state.seats() {
        let view = state.view(viewer);
        let seed = rng.next_u64();
        let s = sample(&view, &options, seed)
            .unwrap_or_else(|e| panic!("{what}, seat {}: no sample: {e}", viewer.0));
        made += 1;
        for seat in state.seats() {
            let (a, b) = (s.view(seat), state.view(seat));
            assert!(
                a == b,
                "{what}, sampled for seat {}, view of seat {}:\n{}",
                viewer.0,
                seat.0,
                diff(&a, &b)
            );
        }
        if let Some(active) = state.active_player() {
            assert_eq!(s.active_player(), Some(active), "{what}");
            assert_eq!(
                s.legal_actions(active),
                state.legal_actions(active),
                "{what}"
            );
        }
        assert_eq!(
            public_json(&s),
            truth,
            "{what}, seat {}: the sample differs beyond the hidden parts",
            viewer.0
        );
        invariants::after_action(&s)
            .unwrap_or_else(|e| panic!("{what}, seat {}: sample breaks: {e}", viewer.0));
        if playout && !s.is_over() {
            play_out(
                s,
                &mut Rng::new(seed ^ 0xABCD),
                &format!("{what}, from seat {}'s sample", viewer.0),
            );
        }
    }
    made
}

fn run(players: u8) {
    let t0 = std::time::Instant::now();
    let (mut positions, mut samples) = (0, 0);
    for seed in 0..seeds() {
        let mut options = GameOptions::new(players);
        if seed % 4 == 3 {
            options.rulings = Rulings::ALL_SWITCHED;
            options.numbers.goods = [5, 3, 4, 4, 4, 4, 4, 4];
        }
        let mut state = GameState::new(seed, options, &mut NoLog);
        let mut policy = Rng::new(seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) ^ players as u64);
        let mut steps = 0usize;
        let mut buf = Vec::new();
        loop {
            if steps.is_multiple_of(7) || state.is_over() {
                let what = format!("{players} players, seed {seed}, action {steps}");
                samples += check_position(&state, seed ^ (steps as u64) << 20, &what, true);
                positions += 1;
            }
            let Some(seat) = state.active_player() else {
                break;
            };
            state.legal_actions_into(seat, &mut buf);
            let a = buf[policy.below(buf.len())];
            state.apply_legal(seat, a, &mut NoLog);
            steps += 1;
        }
    }
    eprintln!(
        "{players} players: {} games, {positions} positions, {samples} samples, {:.1?}",
        seeds(),
        t0.elapsed()
    );
}

#[test]
fn samples_fit_every_view_at_two_players() {
    run(2);
}

#[test]
fn samples_fit_every_view_at_three_players() {
    run(3);
}

#[test]
fn samples_fit_every_view_at_four_players() {
    run(4);
}

#[test]
fn samples_fit_every_view_at_five_players() {
    run(5);
}

#[test]
fn the_unseen_power_tiles_vary() {
    for players in 2..=5u8 {
        for seed in 0..10u64 {
            let options = GameOptions::new(players);
            let state = GameState::new(seed, options, &mut NoLog);
            let view = state.view(Seat(0));
            let truth = tiles(&state);
            let drawn: Vec<Vec<u64>> = (0..16)
                .map(|k| tiles(&sample(&view, &options, k).unwrap()))
                .collect();
            let mut distinct = drawn.clone();
            distinct.sort();
            distinct.dedup();
            // The provisional tiles have two pairs of twins: a pair both on planets can swap,
            // a pair split between a planet and the box can swap which is out.
            assert!(distinct.len() >= 2, "{players} players, seed {seed}");
            assert!(
                drawn.iter().any(|d| *d != truth),
                "{players} players, seed {seed}: every sample copies the truth"
            );
            // And the tiles out of play follow: never one shown on a planet twice.
            for d in &drawn {
                let mut d = d.clone();
                d.sort();
                d.dedup();
                assert_eq!(d.len(), 8);
            }
        }
    }
}

#[test]
fn views_that_cannot_be_positions_are_refused() {
    let options = GameOptions::new(3);
    let state = GameState::new(7, options, &mut NoLog);
    let view = state.view(Seat(1));
    assert!(sample(&view, &options, 0).is_ok());
    assert!(matches!(
        sample(&view, &GameOptions::new(4), 0),
        Err(SampleError::Players { .. })
    ));
    let mut v = view.clone();
    v.goods_pile += 1;
    assert!(matches!(
        sample(&v, &options, 0),
        Err(SampleError::Remaining { .. })
    ));
    let mut v = view.clone();
    v.planets[2].higher = 29;
    assert!(matches!(
        sample(&v, &options, 0),
        Err(SampleError::PowerTile(_))
    ));
    let mut v = view.clone();
    v.seats.pop();
    assert!(matches!(
        sample(&v, &options, 0),
        Err(SampleError::Shape(_))
    ));
    let mut v = view.clone();
    v.order[0] = Seat(9);
    assert!(matches!(
        sample(&v, &options, 0),
        Err(SampleError::Shape(_))
    ));
    let mut v = view;
    v.mission_discards.push(v.missions_shown[0].unwrap());
    assert!(matches!(
        sample(&v, &options, 0),
        Err(SampleError::TooMany(_))
    ));
    let mut bad = options;
    bad.players = 9;
    assert!(sample(&state.view(Seat(0)), &bad, 0).is_err());
}
