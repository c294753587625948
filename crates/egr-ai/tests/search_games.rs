//! The searching player answers legally, from views only, over whole seeded games at 2 and 5
//! players (with few iterations, so the test stays quick), and repeats itself from a seed; Hard
//! at two players (a challenge on playouts to the end of the game) answers legally too.
//! That it never reads the state is structural: `Player::choose` takes a `PlayerView`, and the
//! search's samples are drawn from that view alone (`egr_engine::sample`).

use egr_ai::search::advise;
use egr_ai::{play_game, Player, RuleBot, SearchBot};
use egr_engine::{Game, GameOptions, Seat};

#[test]
fn search_plays_whole_games_legally_at_two_and_five_players() {
    for (n, seed) in [(2u8, 11u64), (5, 12)] {
        let options = GameOptions::new(n);
        let mut players: Vec<Box<dyn Player>> = (0..n as u64)
            .map(|s| -> Box<dyn Player> {
                if s == seed % n as u64 {
                    Box::new(SearchBot::with_iterations(12, options, seed + s, "search"))
                } else {
                    Box::new(RuleBot::new(seed + s))
                }
            })
            .collect();
        // `play_game` refuses any answer not among the view's legal actions.
        let record = play_game(seed, options, &mut players).expect("a legal game");
        assert!(!record.winners.is_empty());
        let searcher = (seed % n as u64) as usize;
        assert!(record.decisions[searcher] > 20, "{:?}", record.decisions);
    }
}

#[test]
fn the_same_seed_and_view_give_the_same_choice() {
    let options = GameOptions::new(3);
    let mut game = Game::new(5, options);
    let mut rules: Vec<RuleBot> = (0..3).map(RuleBot::new).collect();
    let mut checked = 0;
    while let Some(seat) = game.state().active_player() {
        let view = game.view(seat);
        if game.history().len().is_multiple_of(37) && view.legal_actions.len() > 1 {
            let a = SearchBot::with_iterations(10, options, 9, "a").choose(&view);
            let b = SearchBot::with_iterations(10, options, 9, "b").choose(&view);
            assert_eq!(a, b);
            assert!(view.legal_actions.contains(&a));
            let estimates = advise(&view, &options, 10, 3).expect("a view the engine built");
            assert_eq!(estimates.len(), view.legal_actions.len());
            assert_eq!(estimates.iter().map(|e| e.visits).sum::<u32>(), 10);
            checked += 1;
        }
        let action = rules[seat.index()].choose(&view);
        game.apply(seat, action).expect("a legal action");
    }
    assert!(checked > 3, "{checked} decisions checked");
    // Another seat's view lists no choice: the search answers `Pass`, as every player does.
    let idle = game.view(Seat(0));
    assert!(advise(&idle, &options, 10, 3).is_none());
}

#[test]
fn hard_challenges_on_playouts_to_the_end_only_at_two_players() {
    use egr_ai::search::{Plan, HARD_DUEL_PLAYOUTS, HARD_ITERATIONS, NORMAL_ITERATIONS};
    use egr_ai::Level;
    assert_eq!(Level::Hard.plan(2), Plan::Duel(HARD_DUEL_PLAYOUTS));
    for n in 3..=5 {
        assert_eq!(Level::Hard.plan(n), Plan::Search(HARD_ITERATIONS));
    }
    for n in 2..=5 {
        assert_eq!(Level::Normal.plan(n), Plan::Search(NORMAL_ITERATIONS));
    }
}

#[test]
fn hard_at_two_players_answers_legally_and_repeats_itself() {
    use egr_ai::search::choose;
    use egr_ai::Level;
    let options = GameOptions::new(2);
    let mut game = Game::new(8, options);
    let mut rules: Vec<RuleBot> = (0..2).map(RuleBot::new).collect();
    let mut checked = 0;
    while let Some(seat) = game.state().active_player() {
        let view = game.view(seat);
        // A few decisions spread over the game (each one plays 50 games to their end).
        if game.history().len() % 61 == 7 && view.legal_actions.len() > 1 {
            let a = choose(Level::Hard, &view, &options, 4);
            assert_eq!(a, choose(Level::Hard, &view, &options, 4));
            assert!(view.legal_actions.contains(&a));
            let mut bot = SearchBot::new(Level::Hard, options, 4);
            assert!(view.legal_actions.contains(&bot.choose(&view)));
            checked += 1;
        }
        let action = rules[seat.index()].choose(&view);
        game.apply(seat, action).expect("a legal action");
    }
    assert!(checked >= 2, "{checked} decisions checked");
}
