//! Properties over random legal playouts, from `swr_engine::invariants` (the soak command
//! `swr-soak` checks the same ones over a million games): no panic; units are never lost or
//! duplicated; remote and destroyed systems never carry loyalty or subjugation; loyalty,
//! subjugation and captives agree with the board; a win ends the game in the action that met
//! it; a Death Star on the queue can always be deployed where its construction stands; every
//! game ends in a win within the time track; a save resumes identically; illegal actions are
//! refused with the state unchanged; views hold only what their player may know.
//! `SWR_SEEDS` sets the number of games (256 by default).

use game_kit::Rng;
use swr_engine::invariants::{self, play_checked};
use swr_engine::view::BaseView;
use swr_engine::*;

fn seeds() -> u64 {
    std::env::var("SWR_SEEDS")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(256)
}

#[test]
fn random_games_end_in_a_win_within_the_time_track_with_every_property_holding() {
    let mut wins = [0u32; 2];
    for seed in 0..seeds() {
        // The costlier checks (illegal actions, views) on one position in 64.
        let (state, _) =
            play_checked(seed, |step| step % 64 == 7).unwrap_or_else(|e| panic!("{e}"));
        wins[state.winner().expect("a winner").index()] += 1;
    }
    // Random play rarely finds the base, so the Rebels win most; the Empire must win some.
    assert!(wins[0] > 0 && wins[1] > 0, "{wins:?}");
}

#[test]
fn random_team_games_of_3_and_4_players_hold_every_property() {
    // Fewer than the two-player games: the team layer's own random games (rules/team_tests.rs)
    // check each seat against an oracle besides.
    let mut wins = [0u32; 2];
    for seed in 0..seeds() / 4 {
        for players in [3, 4] {
            let (state, _) =
                invariants::play_checked_with(seed, GameOptions::team(players), |step| {
                    step % 64 == 7
                })
                .unwrap_or_else(|e| panic!("{players} players: {e}"));
            wins[state.winner().expect("a winner").index()] += 1;
        }
    }
    assert!(wins[0] > 0 && wins[1] > 0, "{wins:?}");
}

#[test]
fn a_team_game_saved_in_the_middle_resumes_identically_and_says_its_players() {
    for seed in 0..16u64 {
        let players = 3 + (seed % 2) as u8;
        let mut game = Game::new(seed, GameOptions::team(players));
        let mut policy = Rng::new(seed * 37 + 11);
        let stop = 50 + policy.below(600);
        while let Some(p) = game.state().active_player() {
            if game.history().len() == stop {
                break;
            }
            let legal = game.state().legal_actions(p);
            game.apply(p, legal[policy.below(legal.len())]).unwrap();
        }
        invariants::saves_resume_identically(&game).unwrap_or_else(|e| panic!("seed {seed}: {e}"));
        let loaded = Game::load(&game.save()).unwrap();
        assert_eq!(loaded.options(), GameOptions::team(players));
        assert_eq!(
            loaded.state().team().map(|t| t.options.players),
            Some(players)
        );
        let compact = game_kit::load_compact::<GameState>(&game_kit::save_compact(&game)).unwrap();
        assert_eq!(compact.options(), GameOptions::team(players));
    }
    // A two-player save from before the team game (options with no team) reads as two players.
    let game = Game::new(1, GameOptions::default());
    let older = game.save().replace("{\"team\":null}", "{}");
    assert_ne!(older, game.save(), "the options are in the save");
    assert_eq!(Game::load(&older).unwrap(), game);
}

#[test]
fn the_same_seed_and_actions_give_the_same_game() {
    for seed in 0..8 {
        let (a, na) = play_checked(seed, |_| false).unwrap();
        let (b, nb) = play_checked(seed, |_| false).unwrap();
        assert_eq!(na, nb);
        assert_eq!(a, b);
    }
}

#[test]
fn a_save_in_the_middle_of_a_game_resumes_identically() {
    for seed in 0..32u64 {
        let mut game = Game::new(seed, GameOptions::default());
        let mut policy = Rng::new(seed * 31 + 7);
        let stop = 50 + policy.below(600);
        let mut n = 0;
        while let Some(p) = game.state().active_player() {
            if n == stop {
                break;
            }
            let legal = game.state().legal_actions(p);
            game.apply(p, legal[policy.below(legal.len())]).unwrap();
            n += 1;
        }
        invariants::saves_resume_identically(&game).unwrap_or_else(|e| panic!("seed {seed}: {e}"));
        let mut loaded = Game::load(&game.save()).unwrap();
        // Both go on the same way.
        let mut policy2 = policy;
        for _ in 0..200 {
            let Some(p) = game.state().active_player() else {
                break;
            };
            let legal = game.state().legal_actions(p);
            let a = legal[policy.below(legal.len())];
            let b = legal[policy2.below(legal.len())];
            game.apply(p, a).unwrap();
            loaded.apply(p, b).unwrap();
        }
        assert_eq!(loaded, game);
    }
}

#[test]
fn damaged_saves_are_refused_with_a_reason() {
    let mut game = Game::new(3, GameOptions::default());
    while game.history().len() < 80 {
        let p = game.state().active_player().unwrap();
        let a = game.state().legal_actions(p)[0];
        game.apply(p, a).unwrap();
    }
    let text = game.save();
    assert_eq!(Game::load("not json"), Err(LoadError::NotASave));
    assert_eq!(
        Game::load(&text.replace("swr-save", "evr-save")),
        Err(LoadError::NotASave)
    );
    let version = format!("\"version\":{SAVE_FORMAT_VERSION}");
    let newer = text.replacen(&version, "\"version\":99", 1);
    assert_eq!(Game::load(&newer), Err(LoadError::TooNew { version: 99 }));
    // A changed seed: the history no longer leads to the saved state.
    let tampered = text.replacen("\"seed\":3", "\"seed\":4", 1);
    assert!(
        matches!(Game::load(&tampered), Err(LoadError::Corrupt(_))),
        "{:?}",
        Game::load(&tampered).err()
    );
    // A truncated file.
    assert!(Game::load(&text[..text.len() / 2]).is_err());
    // A save of the version before loads if today's rules accept its history, and is too
    // old (not damaged) if they do not.
    let older = text.replacen(&version, "\"version\":1", 1);
    assert_eq!(Game::load(&older), Ok(game.clone()));
    let refused = older.replacen("\"seed\":3", "\"seed\":4", 1);
    assert_eq!(Game::load(&refused), Err(LoadError::TooOld { version: 1 }));
    let oldest = text.replacen(&version, "\"version\":0", 1);
    assert_eq!(Game::load(&oldest), Err(LoadError::TooOld { version: 0 }));
}

#[test]
fn every_illegal_action_is_refused_and_changes_nothing() {
    for seed in 0..64u64 {
        let mut state = GameState::new(seed, GameOptions::default(), &mut NoLog);
        let mut rng = Rng::new(seed + 99);
        while let Some(p) = state.active_player() {
            if rng.below(8) == 0 {
                invariants::illegal_actions_are_refused(&state, &mut rng)
                    .unwrap_or_else(|e| panic!("seed {seed}: {e}"));
            }
            let legal = state.legal_actions(p);
            state.apply_legal(p, legal[rng.below(legal.len())], &mut NoLog);
        }
        assert!(state.apply(Side::Rebel, Action::Pass, &mut NoLog) == Err(ActionError::GameOver));
    }
}

#[test]
fn the_empire_never_sees_the_hidden_base_and_the_rebel_always_does() {
    for seed in 0..32u64 {
        let mut state = GameState::new(seed, GameOptions::default(), &mut NoLog);
        let mut rng = Rng::new(seed);
        while let Some(p) = state.active_player() {
            let (rebel, empire) = (state.view(Side::Rebel), state.view(Side::Empire));
            match (state.base(), state.base_revealed()) {
                (Some(b), false) => {
                    assert_eq!(rebel.base, BaseView::Secret(b));
                    assert_eq!(empire.base, BaseView::Hidden);
                }
                (Some(b), true) => assert_eq!(empire.base, BaseView::Revealed(b)),
                (None, _) => assert_eq!(empire.base, BaseView::NotChosen),
            }
            assert!(empire.own.objectives.is_empty() && rebel.own.probes.is_empty());
            let legal = state.legal_actions(p);
            state.apply_legal(p, legal[rng.below(legal.len())], &mut NoLog);
        }
    }
}
