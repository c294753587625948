#![cfg(not(target_arch = "wasm32"))]
//! Shared games: every finished game round-trips through its code and replays to the same
//! end; damaged codes, codes of another version and text that is no code are refused.

use evr_engine::rng::Rng;
use evr_engine::*;
use game_kit::share::{decode, encode, SHARE_VERSION};
use game_kit::ShareError;

fn random_game(seed: u64, variant: Variant) -> Game {
    let mut game = Game::new(seed, GameOptions { variant });
    let mut rng = Rng::new(!seed);
    while !game.state().is_over() {
        let active: Vec<Side> = game.state().active_players().iter().collect();
        let side = active[rng.below(active.len())];
        let legal = game.state().legal_actions(side);
        game.apply(side, legal[rng.below(legal.len())]).unwrap();
    }
    game
}

fn variant(seed: u64) -> Variant {
    if seed % 10 == 9 {
        Variant::Tutorial
    } else {
        Variant::Full
    }
}

#[test]
fn every_finished_game_round_trips_through_its_code() {
    for seed in 0..300u64 {
        let game = random_game(seed.wrapping_mul(0x9E37_79B9_7F4A_7C15), variant(seed));
        let code = encode(&game, seed as u8);
        let shared = decode::<GameState>(&code).unwrap_or_else(|e| panic!("seed {seed}: {e}"));
        assert_eq!(shared.players, seed as u8);
        assert_eq!(shared.game, game, "seed {seed}");
        assert!(shared.game.state().is_over());
        assert!(code
            .bytes()
            .all(|c| c.is_ascii_alphanumeric() || c == b'-' || c == b'_'));
    }
}

#[test]
fn damaged_codes_are_refused_with_a_reason() {
    let game = random_game(5, Variant::Full);
    let code = encode(&game, 1);
    let chars: Vec<char> = code.chars().collect();
    // Any one character changed, dropped or added.
    for at in 0..chars.len() {
        let mut changed = chars.clone();
        changed[at] = if chars[at] == 'A' { 'B' } else { 'A' };
        let changed: String = changed.into_iter().collect();
        assert!(decode::<GameState>(&changed).is_err(), "changed at {at}");
        let mut dropped = chars.clone();
        dropped.remove(at);
        let dropped: String = dropped.into_iter().collect();
        assert!(decode::<GameState>(&dropped).is_err(), "dropped at {at}");
    }
    assert_eq!(
        decode::<GameState>(&code[..code.len() / 2]).err(),
        Some(ShareError::Damaged)
    );
    assert!(decode::<GameState>(&format!("{code}AA")).is_err());
    for text in ["", "hello world", "{\"format\":\"evr-save\"}", "AAAA"] {
        assert_eq!(
            decode::<GameState>(text).err(),
            Some(ShareError::NotAGame),
            "{text}"
        );
    }
}

#[test]
fn a_code_of_another_version_says_so() {
    let game = random_game(8, Variant::Tutorial);
    // The same game written by a later version: another version byte, a valid checksum.
    let code = encode(&game, 0);
    let newer = game_kit::share::with_version(&code, SHARE_VERSION + 1).unwrap();
    assert_eq!(
        decode::<GameState>(&newer).err(),
        Some(ShareError::OtherVersion(SHARE_VERSION + 1))
    );
}
