//! The players never panic and always answer legally, on any view of random games: at every
//! decision of 20 random games (2 to 5 players) both players are asked by the seat to act,
//! and now and then every other seat is asked too (its view lists no legal action).

use egr_ai::{Player, RandomPlayer, RuleBot};
use egr_engine::{Action, Game, GameOptions};
use game_kit::Rng;

#[test]
fn players_answer_every_view_of_random_games() {
    for g in 0..20u64 {
        let n = 2 + (g % 4) as u8;
        let mut game = Game::new(g, GameOptions::new(n));
        let mut rule_bot = RuleBot::new(g);
        let mut random = RandomPlayer::new(g);
        let mut policy = Rng::new(g ^ 0xABCD);
        while let Some(seat) = game.state().active_player() {
            let view = game.view(seat);
            for player in [&mut rule_bot as &mut dyn Player, &mut random] {
                let choice = player.choose(&view);
                assert!(
                    view.legal_actions.contains(&choice),
                    "game {g}: {} chose {choice:?} out of {:?} at {:?}",
                    player.name(),
                    view.legal_actions,
                    view.prompt
                );
            }
            assert_eq!(rule_bot.explain(&view).len(), view.legal_actions.len());
            if game.history().len().is_multiple_of(16) {
                for other in game.state().seats().filter(|&s| s != seat) {
                    let idle = game.view(other);
                    assert_eq!(rule_bot.choose(&idle), Action::Pass);
                    assert_eq!(random.choose(&idle), Action::Pass);
                }
            }
            let action = view.legal_actions[policy.below(view.legal_actions.len())];
            game.apply(seat, action).expect("a legal action");
        }
    }
}
