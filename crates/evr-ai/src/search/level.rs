//! Difficulty levels: how much the computer searches and how carefully it picks.

use super::Budget;

/// How hard the computer plays.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Level {
    /// A short search and a loose pick: sensible moves, regular slips, like a new player.
    Easy,
    Normal,
    /// The full budget, always the best-looking move.
    Hard,
    /// Ten times Hard's iterations, and the next round in view, always the best-looking move.
    Expert,
}

impl Level {
    pub const ALL: [Level; 4] = [Level::Easy, Level::Normal, Level::Hard, Level::Expert];

    /// Search iterations per decision.
    pub fn iterations(self) -> u32 {
        match self {
            Level::Easy => 60,
            Level::Normal => 600,
            Level::Hard => 4000,
            Level::Expert => 40_000,
        }
    }

    /// How many rounds past the current one the search looks (its evaluation judges the rest).
    pub fn horizon(self) -> u16 {
        match self {
            Level::Expert => 1,
            _ => 0,
        }
    }

    /// Temperature of the final pick (0: the most visited action).
    pub fn temperature(self) -> f64 {
        match self {
            Level::Easy => 1.0,
            Level::Normal => 0.25,
            Level::Hard | Level::Expert => 0.0,
        }
    }

    /// How long the search of one decision runs: the level's iterations, or fewer once the
    /// most visited move can no longer change, when the pick takes the most visited one.
    pub fn budget(self) -> Budget {
        Budget {
            iterations: self.iterations(),
            settles: self.temperature() <= 0.0,
        }
    }

    pub fn name(self) -> &'static str {
        match self {
            Level::Easy => "easy",
            Level::Normal => "normal",
            Level::Hard => "hard",
            Level::Expert => "expert",
        }
    }

    pub fn parse(name: &str) -> Option<Level> {
        Level::ALL.into_iter().find(|l| l.name() == name)
    }
}
