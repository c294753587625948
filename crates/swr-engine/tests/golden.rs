//! Golden replays: checked-in seeds and action lists with the outcome they must give. A rules
//! change that alters any of them is either a bug or must bump `SAVE_FORMAT_VERSION` and
//! regenerate them: `SWR_UPDATE_GOLDEN=1 cargo test -p swr-engine --test golden`.
//!
//! The same check also runs compiled to wasm32 (in Node, by `wasm-bindgen-test-runner`), which
//! shows that a seed and its actions, dice included, give the same game on native and wasm.

use game_kit::Rng;
use serde::{Deserialize, Serialize};
use swr_engine::*;

/// Regenerating writes files: native only.
#[cfg(not(target_arch = "wasm32"))]
const PATH: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/golden/replays.json");
const REPLAYS: &str = include_str!("golden/replays.json");

#[derive(Serialize, Deserialize, PartialEq, Debug)]
struct Outcome {
    winner: Option<Side>,
    time: u8,
    reputation: u8,
    base_revealed: bool,
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
        time: state.time(),
        reputation: state.reputation(),
        base_revealed: state.base_revealed(),
        state_hash: format!("{:016x}", fnv1a(json.as_bytes())),
    }
}

/// A whole game with a seeded random policy.
#[cfg(not(target_arch = "wasm32"))]
fn record(name: &str, seed: u64) -> Replay {
    let mut game = Game::new(seed, GameOptions::default());
    let mut policy = Rng::new(seed.rotate_left(17) ^ 0x5_3A);
    while let Some(player) = game.state().active_player() {
        let legal = game.state().legal_actions(player);
        let action = legal[policy.below(legal.len())];
        game.apply(player, action).unwrap();
    }
    Replay {
        name: name.to_string(),
        seed,
        options: GameOptions::default(),
        actions: game.history().to_vec(),
        outcome: outcome(game.state()),
    }
}

#[cfg(not(target_arch = "wasm32"))]
fn generate() -> Vec<Replay> {
    (0..8u64)
        .map(|i| record(&format!("full game {i}"), 2016 + i * 7919))
        .collect()
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
    if std::env::var_os("SWR_UPDATE_GOLDEN").is_some() {
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
    assert!(replays.len() >= 8);
    for replay in replays {
        let game = Game::replay(replay.seed, replay.options, &replay.actions)
            .unwrap_or_else(|(i, e)| panic!("{}: action {i} refused: {e}", replay.name));
        assert!(game.state().is_over(), "{} did not end", replay.name);
        assert_eq!(outcome(game.state()), replay.outcome, "{}", replay.name);
    }
}
