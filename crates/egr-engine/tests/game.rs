#![cfg(not(target_arch = "wasm32"))]
//! The game as the app keeps it: share codes that carry the options (board numbers and rulings
//! included), views that hold nothing hidden, the per-viewer log and take-back.

use egr_engine::*;
use game_kit::share::{decode, encode};
use game_kit::Rng;

fn random_game(seed: u64, options: GameOptions) -> Game {
    let mut game = Game::new(seed, options);
    let mut rng = Rng::new(!seed);
    while let Some(seat) = game.state().active_player() {
        let legal = game.state().legal_actions(seat);
        game.apply(seat, legal[rng.below(legal.len())]).unwrap();
    }
    game
}

#[test]
fn finished_games_round_trip_through_share_codes_with_their_options() {
    for seed in 0..40u64 {
        let mut options = GameOptions::new(2 + (seed % 4) as u8);
        if seed % 3 == 1 {
            options.numbers.power[seed as usize % 10] = PowerTile {
                higher: 20,
                lower: 1,
            };
            options.numbers.warfare_slots = 1 + (seed % 5) as u8;
            options.rulings.any_three_distinct = true;
            options.rulings.control_needs_half = seed % 2 == 0;
            options.rulings.democracy_counts_everyone = seed % 2 == 1;
            options.numbers.twentieth_mission = Mission::LISTED_ONCE[seed as usize % 5];
            options.numbers.rescue_choice_at = Planet::Edara;
        }
        let game = random_game(seed, options);
        let code = encode(&game, seed as u8);
        let shared = decode::<GameState>(&code).unwrap_or_else(|e| panic!("seed {seed}: {e}"));
        assert_eq!(shared.game.options(), options);
        assert_eq!(shared.game, game);
        assert_eq!(shared.players, seed as u8);
    }
}

#[test]
fn options_round_trip_through_their_bytes_and_refuse_nonsense() {
    let mut options = GameOptions::new(3);
    options.rulings.fleets_bar_cards = true;
    options.rulings.bombardment_moves_a_ship = true;
    options.numbers.goods = [5, 3, 4, 4, 4, 4, 4, 4];
    options.numbers.twentieth_mission = Mission::DestroyCapitalShip;
    options.numbers.rescue_choice_at = Planet::Edara;
    let bytes = options.to_bytes();
    assert_eq!(bytes.len(), 37);
    assert_eq!(GameOptions::from_bytes(&bytes), Some((options, 37)));
    // Every combination of rulings.
    for b in 0..=255u8 {
        let mut o = options;
        o.rulings = Rulings::from_byte(b);
        assert_eq!(GameOptions::from_bytes(&o.to_bytes()), Some((o, 37)));
    }
    let mut bad = bytes.clone();
    bad[35] = Mission::SabotageMirzam as u8;
    assert_eq!(
        GameOptions::from_bytes(&bad),
        None,
        "not a card listed once"
    );
    let mut bad = bytes.clone();
    bad[35] = 40;
    assert_eq!(GameOptions::from_bytes(&bad), None, "no such card");
    let mut bad = bytes.clone();
    bad[36] = Planet::Alioth as u8;
    assert_eq!(GameOptions::from_bytes(&bad), None, "no Rescue card there");
    let mut bad = bytes.clone();
    bad[0] = 1;
    assert_eq!(
        GameOptions::from_bytes(&bad),
        None,
        "the layout before the review"
    );
    let mut bad = bytes.clone();
    bad[1] = 7;
    assert_eq!(GameOptions::from_bytes(&bad), None, "seven players");
    let mut bad = bytes.clone();
    bad[3] = 1;
    bad[4] = 5;
    assert_eq!(GameOptions::from_bytes(&bad), None, "lower above higher");
    assert_eq!(GameOptions::from_bytes(&bytes[..20]), None);
}

/// The Covert Mission facts the rulebook leaves out are board numbers like the others
/// (rules.md §16): in the options, saved and shared with them.
#[test]
fn the_covert_mission_facts_are_board_numbers_saved_and_shared() {
    let json = serde_json::to_value(GameOptions::new(4)).unwrap();
    assert_eq!(json["numbers"]["twentieth_mission"], "SaveTraitor");
    assert_eq!(json["numbers"]["rescue_choice_at"], "Vollux");
    let mut options = GameOptions::new(4);
    options.numbers.twentieth_mission = Mission::PropagandaMachine;
    options.numbers.rescue_choice_at = Planet::Edara;
    let game = random_game(7, options);
    assert_eq!(Game::load(&game.save()).unwrap().options(), options);
    let shared = decode::<GameState>(&encode(&game, 0)).unwrap();
    assert_eq!(shared.game.options(), options);
    assert_eq!(shared.game, game);
}

/// A game never plays with options other than those it reports: options that make no sense
/// are refused with a typed error by the checked constructors (nothing is replaced), and a
/// game started from good options reports exactly them, so its share code decodes.
#[test]
fn a_game_plays_with_exactly_the_options_it_reports() {
    let mut bad = GameOptions::new(3);
    bad.numbers.power[0] = PowerTile {
        higher: 5,
        lower: 20,
    };
    let err = new_game(5, bad).unwrap_err();
    assert_eq!(
        err.problems,
        vec![OptionsProblem::PowerLowerAboveHigher {
            tile: 1,
            lower: 20,
            higher: 5
        }]
    );
    assert!(err
        .to_string()
        .contains("lower value (20) is above the higher (5)"));
    assert_eq!(
        GameState::try_new(5, bad, &mut NoLog).unwrap_err(),
        err,
        "the state's checked constructor says the same"
    );
    assert!(
        std::panic::catch_unwind(|| Game::new(5, bad)).is_err(),
        "never started with other options"
    );
    let mut good = bad;
    good.numbers.power[0] = PowerTile {
        higher: 20,
        lower: 5,
    };
    let mut game = new_game(5, good).unwrap();
    let mut rng = Rng::new(3);
    while let Some(seat) = game.state().active_player() {
        let legal = game.state().legal_actions(seat);
        game.apply(seat, legal[rng.below(legal.len())]).unwrap();
    }
    assert_eq!(game.options(), good);
    assert_eq!(game.state().options(), good);
    let shared = decode::<GameState>(&encode(&game, 3)).unwrap();
    assert_eq!(shared.game, game);
}

#[test]
fn views_show_the_board_and_hide_what_is_still_to_be_drawn() {
    let game = {
        let mut g = Game::new(4, GameOptions::new(4));
        let mut rng = Rng::new(4);
        for _ in 0..150 {
            let seat = g.state().active_player().unwrap();
            let legal = g.state().legal_actions(seat);
            g.apply(seat, legal[rng.below(legal.len())]).unwrap();
        }
        g
    };
    let state = game.state();
    let active = state.active_player().unwrap();
    for seat in state.seats() {
        let view = game.view(seat);
        assert_eq!(view.seats.len(), 4);
        assert_eq!(view.planets.len(), 8);
        assert_eq!(view.to_act, Some(active));
        assert_eq!(view.legal_actions.is_empty(), seat != active);
        // Piles as counts only; the generator nowhere.
        let json = serde_json::to_string(&view).unwrap();
        assert!(!json.contains("rng"));
        assert_eq!(
            view.mission_deck as usize + view.missions_shown.iter().flatten().count(),
            20 - view.mission_discards.len()
                - view.seats.iter().map(|s| s.missions.len()).sum::<usize>()
        );
        // Only the eight Power tiles in play are shown.
        assert_eq!(view.planets.iter().filter(|p| p.higher > 0).count(), 8);
        // Everything in the log is public.
        assert_eq!(view.log.len(), game.entries().len());
    }
    let view = game.view(Seat(0));
    assert_eq!(view.seats[1].coins, state.player(Seat(1)).coins);
}

#[test]
fn take_back_stops_at_anything_drawn() {
    let mut game = Game::new(2, GameOptions::new(2));
    // Set-up: the starting Rebels are placed without any draw in between.
    let first = game.state().active_player().unwrap();
    let a = game.state().legal_actions(first)[0];
    game.apply(first, a).unwrap();
    assert_eq!(game.take_back_point(first, false), Some(0));
    assert_eq!(game.take_back(first, false), Some(1));
    assert!(game.history().is_empty());
    // Play on to the first battle or draw, then no take-back past it.
    let mut rng = Rng::new(1);
    let mut stopped = false;
    while let Some(seat) = game.state().active_player() {
        let legal = game.state().legal_actions(seat);
        let from = game.apply(seat, legal[rng.below(legal.len())]).unwrap();
        let drew = game.log_for(seat, from).any(|e| {
            matches!(
                e,
                LogEvent::Battle { .. } | LogEvent::GoodsShown { .. } | LogEvent::TechShown { .. }
            )
        });
        if drew {
            assert_eq!(game.take_back_point(seat, true), None);
            stopped = true;
            break;
        }
    }
    assert!(stopped);
}

#[test]
fn a_refused_action_changes_nothing_and_says_why() {
    let mut game = Game::new(8, GameOptions::new(3));
    let before = game.clone();
    let seat = game.state().active_player().unwrap();
    let other = Seat((seat.0 + 1) % 3);
    assert_eq!(
        game.apply(other, Action::Pass),
        Err(ActionError::NotYourTurn)
    );
    let err = game.apply(seat, Action::Bid(3)).unwrap_err();
    assert!(err.to_string().contains("not among the choices"), "{err}");
    assert_eq!(game, before);
    let done = random_game(8, GameOptions::new(3));
    let mut over = done.clone();
    assert_eq!(
        over.apply(Seat(0), Action::Pass),
        Err(ActionError::GameOver)
    );
    assert_eq!(over, done);
}
