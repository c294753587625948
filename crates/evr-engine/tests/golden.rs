//! Golden replays: checked-in seeds and action lists with the outcome they must give. A rules
//! change that alters any of them is either a bug or must bump `SAVE_FORMAT_VERSION` and
//! regenerate them: `EVR_UPDATE_GOLDEN=1 cargo test -p evr-engine --test golden`.
//!
//! The same check also runs compiled to wasm32 (in Node, by `wasm-bindgen-test-runner`), which
//! shows that a seed and its actions give the same game on native and wasm alike.

use evr_engine::rng::Rng;
use evr_engine::state::GameState;
use evr_engine::*;
use serde::{Deserialize, Serialize};

/// Regenerating writes files: native only.
#[cfg(not(target_arch = "wasm32"))]
const PATH: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/golden/replays.json");
const REPLAYS: &str = include_str!("golden/replays.json");

#[derive(Serialize, Deserialize, PartialEq, Debug)]
struct Outcome {
    winner: Option<Side>,
    rounds: u16,
    victory_points: [u8; 2],
    influence: [u32; 2],
    /// FNV-1a of the final state's JSON.
    state_hash: String,
}

#[derive(Serialize, Deserialize)]
struct Replay {
    name: String,
    seed: u64,
    options: GameOptions,
    actions: Vec<(Side, Action)>,
    outcome: Outcome,
}

fn fnv1a(bytes: &[u8]) -> u64 {
    bytes.iter().fold(0xcbf2_9ce4_8422_2325, |h, &b| {
        (h ^ b as u64).wrapping_mul(0x0000_0100_0000_01b3)
    })
}

fn outcome(state: &GameState) -> Outcome {
    let json = serde_json::to_string(state).unwrap();
    Outcome {
        winner: state.winner(),
        rounds: state.round,
        victory_points: [state.sides[0].victory_points, state.sides[1].victory_points],
        influence: [state.sides[0].influence, state.sides[1].influence],
        state_hash: format!("{:016x}", fnv1a(json.as_bytes())),
    }
}

/// A whole game with a seeded random policy.
#[cfg(not(target_arch = "wasm32"))]
fn record(name: &str, seed: u64, options: GameOptions) -> Replay {
    let mut game = Game::new(seed, options);
    let mut policy = Rng::new(seed.rotate_left(17) ^ 0x60_1D);
    while let Some(player) = game.state().active_players().iter().next() {
        let legal = game.state().legal_actions(player);
        let action = legal[policy.below(legal.len())];
        game.apply(player, action).unwrap();
    }
    Replay {
        name: name.to_string(),
        seed,
        options,
        actions: game.history().to_vec(),
        outcome: outcome(game.state()),
    }
}

#[cfg(not(target_arch = "wasm32"))]
fn generate() -> Vec<Replay> {
    let mut replays: Vec<Replay> = (0..10u64)
        .map(|i| {
            record(
                &format!("full game {i}"),
                1000 + i * 7919,
                GameOptions::default(),
            )
        })
        .collect();
    for i in 0..3u64 {
        replays.push(record(
            &format!("tutorial {i}"),
            500 + i,
            GameOptions {
                variant: Variant::Tutorial,
            },
        ));
    }
    replays
}

/// JSON with one action per line, so that a diff shows where two replays part.
#[cfg(not(target_arch = "wasm32"))]
fn to_text(replays: &[Replay]) -> String {
    let json = |v: &dyn erased::Json| v.json();
    let mut out = String::from("[\n");
    for (i, r) in replays.iter().enumerate() {
        out += &format!(
            "  {{\"name\": {}, \"seed\": {}, \"options\": {}, \"outcome\": {},\n   \"actions\": [\n",
            json(&r.name),
            r.seed,
            json(&r.options),
            json(&r.outcome)
        );
        for (j, a) in r.actions.iter().enumerate() {
            let comma = if j + 1 < r.actions.len() { "," } else { "" };
            out += &format!("    {}{comma}\n", json(a));
        }
        let comma = if i + 1 < replays.len() { "," } else { "" };
        out += &format!("  ]}}{comma}\n");
    }
    out + "]\n"
}

#[cfg(not(target_arch = "wasm32"))]
mod erased {
    pub trait Json {
        fn json(&self) -> String;
    }
    impl<T: serde::Serialize> Json for T {
        fn json(&self) -> String {
            serde_json::to_string(self).unwrap()
        }
    }
}

#[cfg(not(target_arch = "wasm32"))]
#[test]
fn golden_replays_give_their_recorded_outcome() {
    if std::env::var_os("EVR_UPDATE_GOLDEN").is_some() {
        std::fs::write(PATH, to_text(&generate())).unwrap();
        // REPLAYS was compiled in before this run rewrote the file: check the new one.
        return check(&std::fs::read_to_string(PATH).unwrap());
    }
    check(REPLAYS);
}

#[cfg(target_arch = "wasm32")]
#[wasm_bindgen_test::wasm_bindgen_test]
fn golden_replays_give_their_recorded_outcome_in_wasm() {
    check(REPLAYS);
}

fn check(text: &str) {
    let replays: Vec<Replay> = serde_json::from_str(text).unwrap();
    assert!(replays.len() >= 10);
    for replay in replays {
        let game = Game::replay(replay.seed, replay.options, &replay.actions)
            .unwrap_or_else(|(i, e)| panic!("{}: action {i} refused: {e}", replay.name));
        assert!(game.state().is_over(), "{} did not end", replay.name);
        assert_eq!(outcome(game.state()), replay.outcome, "{}", replay.name);
    }
}
