//! Bot against bot, for tests and strength benchmarks.

use crate::Bot;
use evr_engine::{Game, GameOptions, Side};

/// Plays one game; returns the winner (None only if the action limit is hit). Each bot gets
/// its player's view with that player's log, as a human would.
pub fn play_one(
    seed: u64,
    options: GameOptions,
    rebel: &mut dyn Bot,
    imperial: &mut dyn Bot,
) -> Option<Side> {
    let mut game = Game::new(seed, options);
    for _ in 0..20_000 {
        let Some(player) = game.state().active_players().iter().next() else {
            return game.state().winner();
        };
        let view = game.view(player);
        let bot: &mut dyn Bot = match player {
            Side::Rebel => rebel,
            Side::Imperial => imperial,
        };
        let action = bot.choose(&view);
        if game.apply(player, action).is_err() {
            // A bot that answers illegally forfeits.
            return Some(player.opponent());
        }
    }
    None
}

#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct MatchResult {
    pub games: u32,
    /// Games won by the first bot, whichever side it played.
    pub first_wins: u32,
    pub unfinished: u32,
}

impl MatchResult {
    pub fn first_win_rate(&self) -> f64 {
        self.first_wins as f64 / self.games.max(1) as f64
    }

    /// One line: `first` won … of … = …% (95% CI …), … unfinished.
    pub fn summary(&self, first: &str, second: &str) -> String {
        let (low, high) = self.confidence_95();
        format!(
            "{first} vs {second}: {first} won {} of {} = {:.1}% (95% CI {:.1}%–{:.1}%), {} unfinished",
            self.first_wins,
            self.games,
            self.first_win_rate() * 100.0,
            low * 100.0,
            high * 100.0,
            self.unfinished
        )
    }

    /// The 95% confidence interval of the first bot's win rate (Wilson score interval).
    pub fn confidence_95(&self) -> (f64, f64) {
        game_kit::stats::wilson_95(self.first_wins as u64, self.games as u64)
    }
}

/// `games` games between two bots, sides swapped every game, seeds `seed..seed+games`.
pub fn play_match(seed: u64, games: u32, first: &mut dyn Bot, second: &mut dyn Bot) -> MatchResult {
    let mut result = MatchResult::default();
    for i in 0..games {
        let game_seed = seed.wrapping_add(i as u64);
        let first_side = if i % 2 == 0 {
            Side::Rebel
        } else {
            Side::Imperial
        };
        let winner = if first_side == Side::Rebel {
            play_one(game_seed, GameOptions::default(), first, second)
        } else {
            play_one(game_seed, GameOptions::default(), second, first)
        };
        result.games += 1;
        match winner {
            Some(w) if w == first_side => result.first_wins += 1,
            Some(_) => {}
            None => result.unfinished += 1,
        }
    }
    result
}
