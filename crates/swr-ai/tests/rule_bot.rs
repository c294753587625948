//! The rule-based player: it always answers with a legal action, whole games through, on
//! either side; the same seed gives the same game; and it beats random play on both sides.

use swr_ai::{play_game, play_game_recorded, Player, RandomBot, RuleBot, ACTION_CAP};
use swr_engine::{Action, PlayerView, Side};

/// Wraps a player and checks every answer against the view's legal actions.
struct Checked<P: Player> {
    inner: P,
    decisions: u32,
}

impl<P: Player> Player for Checked<P> {
    fn name(&self) -> &str {
        self.inner.name()
    }

    fn choose(&mut self, view: &PlayerView) -> Action {
        assert!(!view.legal.is_empty(), "asked with nothing legal");
        let action = self.inner.choose(view);
        assert!(
            view.legal.contains(&action),
            "{} answered {action:?} to {:?}, not among {:?}",
            self.inner.name(),
            view.prompt,
            view.legal
        );
        self.decisions += 1;
        action
    }
}

fn checked<P: Player>(inner: P) -> Checked<P> {
    Checked {
        inner,
        decisions: 0,
    }
}

#[test]
fn rule_bot_answers_legally_until_the_game_ends_on_both_sides() {
    for seed in 0..30 {
        // Against random play, as either side.
        let mut empire = checked(RuleBot::new(seed));
        let mut rebel = RandomBot::new(seed ^ 0xABCD);
        let record = play_game(seed, &mut empire, &mut rebel, ACTION_CAP);
        assert!(record.winner.is_some(), "seed {seed}: unfinished");
        assert_eq!(record.illegal, None, "seed {seed}");
        assert!(empire.decisions > 0);

        let mut empire = RandomBot::new(seed ^ 0x1234);
        let mut rebel = checked(RuleBot::new(seed));
        let record = play_game(seed, &mut empire, &mut rebel, ACTION_CAP);
        assert!(record.winner.is_some(), "seed {seed}: unfinished");
        assert_eq!(record.illegal, None, "seed {seed}");
        assert!(rebel.decisions > 0);

        // And against itself.
        let mut empire = checked(RuleBot::new(seed));
        let mut rebel = checked(RuleBot::new(seed + 1));
        let record = play_game(seed, &mut empire, &mut rebel, ACTION_CAP);
        assert!(record.winner.is_some(), "seed {seed}: unfinished");
        assert_eq!(record.illegal, None, "seed {seed}");
    }
}

#[test]
fn the_same_seed_plays_the_same_game() {
    for seed in 0..6 {
        let play = || {
            let mut empire = RuleBot::new(seed);
            let mut rebel = RuleBot::new(seed + 100);
            play_game_recorded(seed, &mut empire, &mut rebel, ACTION_CAP).1
        };
        let (a, b) = (play(), play());
        assert_eq!(a.history(), b.history(), "seed {seed}");
        assert_eq!(a.state(), b.state(), "seed {seed}");
    }
    // A player's choice depends only on its seed and the views it is shown.
    let mut game = swr_engine::Game::new(7, Default::default());
    let mut a = RuleBot::new(3);
    let mut b = RuleBot::new(3);
    for _ in 0..300 {
        let Some(side) = game.state().active_player() else {
            break;
        };
        let view = game.view(side);
        let (x, y) = (a.choose(&view), b.choose(&view));
        assert_eq!(x, y);
        game.apply(side, x).unwrap();
    }
}

/// Wins of `side` over `games` seeded games, `side` played by `make(seed)` and the other side
/// by random play.
fn wins(side: Side, games: u64, make: &dyn Fn(u64) -> Box<dyn Player>) -> u32 {
    let mut won = 0;
    for seed in 0..games {
        let mut ours = make(seed);
        let mut random = RandomBot::new(seed.wrapping_mul(31) ^ 0x77);
        let record = match side {
            Side::Empire => play_game(seed, ours.as_mut(), &mut random, ACTION_CAP),
            Side::Rebel => play_game(seed, &mut random, ours.as_mut(), ACTION_CAP),
        };
        won += (record.winner == Some(side)) as u32;
    }
    won
}

#[test]
fn rule_bot_beats_random_play_on_each_side() {
    const GAMES: u64 = 40;
    let rules = |seed: u64| -> Box<dyn Player> { Box::new(RuleBot::new(seed)) };
    let random = |seed: u64| -> Box<dyn Player> { Box::new(RandomBot::new(seed ^ 0x5EED)) };

    // Random play wins about one game in ten as the Empire, nine in ten as the Rebel.
    let empire_baseline = wins(Side::Empire, GAMES, &random);
    let empire = wins(Side::Empire, GAMES, &rules);
    assert!(
        empire >= 34 && empire >= empire_baseline + 20,
        "Empire: rules {empire}/{GAMES}, random {empire_baseline}/{GAMES}"
    );

    let rebel_baseline = wins(Side::Rebel, GAMES, &random);
    let rebel = wins(Side::Rebel, GAMES, &rules);
    eprintln!(
        "over {GAMES} games against random play: Empire rules {empire} (random {empire_baseline}), \
         Rebel rules {rebel} (random {rebel_baseline})"
    );
    assert!(
        rebel >= 39 && rebel > rebel_baseline,
        "Rebel: rules {rebel}/{GAMES}, random {rebel_baseline}/{GAMES}"
    );
}
