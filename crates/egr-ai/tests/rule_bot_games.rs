//! Whole seeded games with the rule-based player in every seat: they end, and every choice is
//! one of the view's legal actions (`play_game` refuses anything else).

use egr_ai::{play_game, Player, RuleBot};
use egr_engine::GameOptions;

fn rule_bots(n: u8, seed: u64) -> Vec<Box<dyn Player>> {
    (0..n as u64)
        .map(|s| Box::new(RuleBot::new(seed * 10 + s)) as Box<dyn Player>)
        .collect()
}

fn games_end(n: u8, seeds: std::ops::Range<u64>) {
    for seed in seeds {
        let mut players = rule_bots(n, seed);
        let record = play_game(seed, GameOptions::new(n), &mut players)
            .unwrap_or_else(|e| panic!("{n} players, seed {seed}: {e}"));
        assert!(!record.winners.is_empty(), "seed {seed}: no winner");
        assert_eq!(record.totals.len(), n as usize);
        assert!(
            record.decisions.iter().all(|&d| d > 0),
            "seed {seed}: a seat never decided"
        );
    }
}

#[test]
fn two_player_games_end_with_legal_choices() {
    games_end(2, 0..6);
}

#[test]
fn five_player_games_end_with_legal_choices() {
    games_end(5, 0..4);
}

#[test]
fn the_same_seeds_give_the_same_game() {
    let play = || {
        let mut players = rule_bots(3, 7);
        play_game(7, GameOptions::new(3), &mut players).expect("the game ends")
    };
    let (a, b) = (play(), play());
    assert_eq!(
        (a.winners, a.totals, a.actions),
        (b.winners, b.totals, b.actions)
    );
}
