//! Properties over random legal playouts, from `egr_engine::invariants` (the soak command
//! `egr-soak` checks the same ones over many more games): no panic; workers, Sentinels, fleets,
//! coins, tiles and cards conserved; exactly one seat with a real choice at a time; every game
//! ends after turn 8 with a winner or an exact tie past the tie-breaks; a save resumes
//! identically; illegal actions are refused with the state unchanged; a view never holds a
//! hidden order. `EGR_SEEDS` sets the number of games per player count (256 by default).

use egr_engine::invariants::{self, play_checked};
use egr_engine::*;
use game_kit::Rng;

fn seeds() -> u64 {
    std::env::var("EGR_SEEDS")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(256)
}

fn random_games_keep_every_property(players: u8) {
    let mut shared = 0;
    let mut wins = vec![0u32; players as usize];
    for seed in 0..seeds() {
        // The costlier checks (illegal actions, views) on one position in 64.
        let (state, _) = play_checked(GameOptions::new(players), seed, |step| step % 64 == 5)
            .unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(state.turn(), 8);
        let winners = state.winners();
        assert!(!winners.is_empty());
        if winners.len() > 1 {
            shared += 1;
            // An exact tie: the same total, turn-8 majorities and Senate points.
            let key = |s: Seat| {
                let p = state.player(s);
                (p.score.total(), p.score.last_majorities, p.senate_points())
            };
            assert!(winners.iter().all(|&w| key(w) == key(winners[0])));
        }
        for w in winners {
            wins[w.index()] += 1;
        }
    }
    // Random play wins from every seat.
    assert!(wins.iter().all(|&w| w > 0), "{wins:?}");
    assert!(shared < seeds() / 4, "{shared} shared wins");
}

#[test]
fn two_player_random_games_keep_every_property() {
    random_games_keep_every_property(2);
}

#[test]
fn three_player_random_games_keep_every_property() {
    random_games_keep_every_property(3);
}

#[test]
fn four_player_random_games_keep_every_property() {
    random_games_keep_every_property(4);
}

#[test]
fn five_player_random_games_keep_every_property() {
    random_games_keep_every_property(5);
}

#[test]
fn every_ruling_switched_on_keeps_every_property() {
    let mut options = GameOptions::new(4);
    options.rulings = Rulings::ALL_SWITCHED;
    for seed in 0..seeds() / 2 {
        play_checked(options, seed, |step| step % 97 == 3).unwrap_or_else(|e| panic!("{e}"));
    }
}

#[test]
fn each_ruling_switched_on_alone_keeps_every_property() {
    for bit in 0..8 {
        let mut options = GameOptions::new(3 + bit % 3);
        options.rulings = Rulings::from_byte(1 << bit);
        assert_eq!(options.rulings.to_byte(), 1 << bit);
        for seed in 0..seeds() / 16 {
            play_checked(options, seed, |step| step % 97 == 3).unwrap_or_else(|e| panic!("{e}"));
        }
    }
}

#[test]
fn other_board_numbers_keep_every_property() {
    let mut options = GameOptions::new(5);
    options.numbers.warfare_slots = 1;
    options.numbers.trade_slots = 12;
    options.numbers.research_slots = 2;
    options.numbers.initiative_slots = 2;
    options.numbers.goods = [1, 7, 4, 4, 4, 4, 4, 4];
    options.numbers.power[0] = PowerTile {
        higher: 30,
        lower: 0,
    };
    options.numbers.rescue_choice_at = Planet::Edara;
    for (i, twentieth) in Mission::LISTED_ONCE.into_iter().enumerate() {
        options.numbers.twentieth_mission = twentieth;
        assert_eq!(options.check(), Ok(()));
        for seed in 0..seeds() / 8 {
            play_checked(options, seed + 1000 * i as u64, |step| step % 97 == 3)
                .unwrap_or_else(|e| panic!("{twentieth:?}: {e}"));
        }
    }
}

#[test]
fn the_same_seed_and_actions_give_the_same_game() {
    for players in 2..=5 {
        for seed in 0..4 {
            let a = play_checked(GameOptions::new(players), seed, |_| false).unwrap();
            let b = play_checked(GameOptions::new(players), seed, |_| false).unwrap();
            assert_eq!(a, b);
        }
    }
}

#[test]
fn a_save_in_the_middle_of_a_game_resumes_identically() {
    for seed in 0..32u64 {
        let players = 2 + (seed % 4) as u8;
        let mut game = Game::new(seed, GameOptions::new(players));
        let mut policy = Rng::new(seed * 31 + 7);
        let stop = 20 + policy.below(300);
        while let Some(p) = game.state().active_player() {
            if game.history().len() == stop {
                break;
            }
            let legal = game.state().legal_actions(p);
            game.apply(p, legal[policy.below(legal.len())]).unwrap();
        }
        invariants::saves_resume_identically(&game).unwrap_or_else(|e| panic!("seed {seed}: {e}"));
        let mut loaded = Game::load(&game.save()).unwrap();
        let mut policy2 = policy;
        for _ in 0..200 {
            let Some(p) = game.state().active_player() else {
                break;
            };
            let legal = game.state().legal_actions(p);
            game.apply(p, legal[policy.below(legal.len())]).unwrap();
            loaded.apply(p, legal[policy2.below(legal.len())]).unwrap();
        }
        assert_eq!(loaded, game);
    }
}

#[test]
fn damaged_saves_are_refused_with_a_reason() {
    let mut game = Game::new(3, GameOptions::new(3));
    while game.history().len() < 60 {
        let p = game.state().active_player().unwrap();
        let a = game.state().legal_actions(p)[0];
        game.apply(p, a).unwrap();
    }
    let text = game.save();
    assert_eq!(Game::load(&text), Ok(game.clone()));
    assert_eq!(Game::load("not json"), Err(LoadError::NotASave));
    assert_eq!(
        Game::load(&text.replace("egr-save", "swr-save")),
        Err(LoadError::NotASave)
    );
    let version = format!("\"version\":{SAVE_FORMAT_VERSION}");
    let newer = text.replacen(&version, "\"version\":99", 1);
    assert_eq!(Game::load(&newer), Err(LoadError::TooNew { version: 99 }));
    let tampered = text.replacen("\"seed\":3", "\"seed\":4", 1);
    assert!(matches!(Game::load(&tampered), Err(LoadError::Corrupt(_))));
    assert!(Game::load(&text[..text.len() / 2]).is_err());
    // Options that make no sense are refused as the save is read, never played.
    let nonsense = text.replacen("\"players\":3", "\"players\":9", 1);
    assert_ne!(nonsense, text);
    match Game::load(&nonsense) {
        Err(LoadError::Corrupt(why)) => assert!(why.contains("2 to 5 players"), "{why}"),
        other => panic!("{other:?}"),
    }
}

/// Saves of version 1 were played by rules the review changed (rules.md §17.3): the same
/// actions would give another game, so such a save is refused as too old, with a typed error,
/// never replayed.
#[test]
fn saves_of_the_first_version_are_refused_as_too_old() {
    assert_eq!(SAVE_FORMAT_VERSION, 2);
    let game = Game::new(3, GameOptions::new(3));
    let text = game.save();
    let old = text.replacen("\"version\":2", "\"version\":1", 1);
    assert_ne!(old, text);
    assert_eq!(Game::load(&old), Err(LoadError::TooOld { version: 1 }));
}

#[test]
fn a_save_keeps_the_board_numbers_and_rulings_of_its_game() {
    let mut options = GameOptions::new(2);
    options.numbers.power = [PowerTile {
        higher: 12,
        lower: 6,
    }; 10];
    options.rulings.any_three_distinct = true;
    options.rulings.spies_several_factions = true;
    options.numbers.twentieth_mission = Mission::SupplantPirates;
    options.numbers.rescue_choice_at = Planet::Edara;
    let mut game = Game::new(11, options);
    for _ in 0..40 {
        let p = game.state().active_player().unwrap();
        let a = game.state().legal_actions(p)[1];
        game.apply(p, a).unwrap();
    }
    let loaded = Game::load(&game.save()).unwrap();
    assert_eq!(loaded.options(), options);
    assert_eq!(loaded, game);
    assert!(loaded
        .view(Seat(0))
        .planets
        .iter()
        .all(|p| p.higher == 12 && p.lower == 6));
}
