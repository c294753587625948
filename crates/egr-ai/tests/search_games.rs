//! The searching player answers legally, from views only, over whole seeded games at 2 and 5
//! players (with few iterations, so the test stays quick), and repeats itself from a seed.
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
