//! Golden replays: checked-in seeds and action lists for 2, 3, 4 and 5 players with the outcome
//! they must give. A rules change that alters any of them is either a bug or must bump
//! `SAVE_FORMAT_VERSION` and regenerate them:
//! `EGR_UPDATE_GOLDEN=1 cargo test -p egr-engine --test golden`.
//!
//! The same check also runs compiled to wasm32 (in Node, by `wasm-bindgen-test-runner`), which
//! shows that a seed and its actions, bag draws included, give the same game on native and
//! wasm.

use egr_engine::*;
use serde::{Deserialize, Serialize};

/// Regenerating writes files: native only.
#[cfg(not(target_arch = "wasm32"))]
const PATH: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/golden/replays.json");
const REPLAYS: &str = include_str!("golden/replays.json");

#[derive(Serialize, Deserialize, PartialEq, Debug)]
struct Outcome {
    winners: Vec<Seat>,
    totals: Vec<u16>,
    /// FNV-1a of the final state's JSON.
    state_hash: String,
}

#[derive(Serialize, Deserialize)]
struct Replay {
    name: String,
    seed: u64,
    options: GameOptions,
    actions: Vec<(Seat, Action)>,
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
        winners: state.winners(),
        totals: state.seats().map(|s| state.score(s).total()).collect(),
        state_hash: format!("{:016x}", fnv1a(json.as_bytes())),
    }
}

/// A whole game with a seeded random policy.
#[cfg(not(target_arch = "wasm32"))]
fn record(name: &str, seed: u64, options: GameOptions) -> Replay {
    let mut game = Game::new(seed, options);
    let mut policy = game_kit::Rng::new(seed.rotate_left(17) ^ 0xE6);
    while let Some(seat) = game.state().active_player() {
        let legal = game.state().legal_actions(seat);
        let action = legal[policy.below(legal.len())];
        game.apply(seat, action).unwrap();
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
    let mut out = Vec::new();
    for players in 2..=5u8 {
        for i in 0..2u64 {
            let mut options = GameOptions::new(players);
            if i == 1 {
                // The second game of each count with every ruling switched and the Covert
                // Mission facts of the board numbers changed.
                options.rulings = Rulings::ALL_SWITCHED;
                options.numbers.twentieth_mission =
                    Mission::LISTED_ONCE[players as usize % Mission::LISTED_ONCE.len()];
                options.numbers.rescue_choice_at = Planet::Edara;
            }
            let seed = 2016 + players as u64 * 7919 + i;
            out.push(record(
                &format!("{players} players, game {i}"),
                seed,
                options,
            ));
        }
    }
    out
}

/// JSON with one action per line, so that a diff shows where two replays part.
#[cfg(not(target_arch = "wasm32"))]
fn to_text(replays: &[Replay]) -> String {
    let json = |v: &dyn erased::Json| v.json();
    let mut out = String::from("[\n");
    for (i, r) in replays.iter().enumerate() {
        out += &format!(
            "  {{\"name\": {}, \"seed\": {}, \"options\": {},\n   \"outcome\": {},\n   \"actions\": [\n",
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
    if std::env::var_os("EGR_UPDATE_GOLDEN").is_some() {
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
    assert_eq!(replays.len(), 8);
    for players in 2..=5 {
        assert!(replays.iter().any(|r| r.options.players == players));
    }
    for replay in replays {
        let game = Game::replay(replay.seed, replay.options, &replay.actions)
            .unwrap_or_else(|(i, e)| panic!("{}: action {i} refused: {e}", replay.name));
        assert!(game.state().is_over(), "{} did not end", replay.name);
        assert_eq!(outcome(game.state()), replay.outcome, "{}", replay.name);
    }
}
