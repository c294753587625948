//! The search and the levels, on seeded games: reproducible, legal, and stronger than chance.

use evr_ai::search::{IsmctsBot, Level, Objective, Search};
use evr_ai::{play_match, Bot, RandomBot};
use evr_engine::{Game, GameOptions};

/// A position with a real choice, from a seeded game.
fn position(seed: u64, skip: usize) -> evr_engine::PlayerView {
    let mut game = Game::new(seed, GameOptions::default());
    let mut bots = [RandomBot::new(seed), RandomBot::new(seed + 1)];
    let mut choices = 0;
    while let Some(player) = game.state().active_players().iter().next() {
        let view = game.view(player);
        if view.legal_actions.len() > 1 && view.event.is_some() {
            choices += 1;
            if choices > skip {
                return view;
            }
        }
        let action = bots[player.index()].choose(&view);
        game.apply(player, action).unwrap();
    }
    panic!("no position");
}

#[test]
fn the_same_view_seed_and_budget_give_the_same_answer() {
    for skip in [0, 5, 20] {
        let view = position(3, skip);
        let run = || {
            let mut search = Search::new(&view, Objective::Game, 42).unwrap();
            search.run(300);
            search.estimates()
        };
        let (a, b) = (run(), run());
        assert_eq!(a, b);
        // Every legal action is judged, and only those.
        assert_eq!(
            a.iter().map(|e| e.action).collect::<Vec<_>>(),
            view.legal_actions
        );
        assert_eq!(a.iter().map(|e| e.visits).sum::<u32>(), 300);
    }
}

#[test]
fn event_chances_are_probabilities_and_slices_do_not_change_the_result() {
    let view = position(11, 3);
    let mut whole = Search::new(&view, Objective::Event, 5).unwrap();
    whole.run(400);
    let mut sliced = Search::new(&view, Objective::Event, 5).unwrap();
    for _ in 0..8 {
        sliced.run(50);
    }
    assert_eq!(whole.estimates(), sliced.estimates());
    assert!(whole
        .estimates()
        .iter()
        .all(|e| (0.0..=1.0).contains(&e.chance)));
}

#[test]
fn every_level_beats_random_play() {
    // Seeded: the outcome is fixed; the margins are wide (the strength benchmark measures).
    for (level, games, at_least) in [(Level::Easy, 20, 12), (Level::Normal, 20, 17)] {
        let mut bot = IsmctsBot::new(level, 1);
        let mut random = RandomBot::new(2);
        let result = play_match(100, games, &mut bot, &mut random);
        assert!(
            result.first_wins >= at_least,
            "{level:?} won {} of {games}",
            result.first_wins
        );
    }
}
