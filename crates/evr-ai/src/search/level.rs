//! Difficulty levels: how much the computer searches and how carefully it picks.

/// How hard the computer plays.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Level {
    /// A short search and a loose pick: sensible moves, regular slips, like a new player.
    Easy,
    Normal,
    /// The full budget, always the best-looking move.
    Hard,
}

impl Level {
    pub const ALL: [Level; 3] = [Level::Easy, Level::Normal, Level::Hard];

    /// Search iterations per decision.
    pub fn iterations(self) -> u32 {
        match self {
            Level::Easy => 60,
            Level::Normal => 600,
            Level::Hard => 4000,
        }
    }

    /// Temperature of the final pick (0: the most visited action).
    pub fn temperature(self) -> f64 {
        match self {
            Level::Easy => 1.0,
            Level::Normal => 0.25,
            Level::Hard => 0.0,
        }
    }

    pub fn name(self) -> &'static str {
        match self {
            Level::Easy => "easy",
            Level::Normal => "normal",
            Level::Hard => "hard",
        }
    }

    pub fn parse(name: &str) -> Option<Level> {
        Level::ALL.into_iter().find(|l| l.name() == name)
    }
}
