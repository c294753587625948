//! How hard the searching computer plays.

/// Iterations per decision at Normal and at Hard (their cost is in `docs/egr/ai.md`).
pub const NORMAL_ITERATIONS: u32 = 100;
pub const HARD_ITERATIONS: u32 = 300;

/// The searching player's level.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Level {
    /// A short search.
    Normal,
    /// The full search.
    Hard,
}

impl Level {
    pub const ALL: [Level; 2] = [Level::Normal, Level::Hard];

    /// The level's name in benchmarks.
    pub fn code(self) -> &'static str {
        match self {
            Level::Normal => "normal",
            Level::Hard => "hard",
        }
    }

    /// The search's iterations per decision.
    pub fn iterations(self) -> u32 {
        match self {
            Level::Normal => NORMAL_ITERATIONS,
            Level::Hard => HARD_ITERATIONS,
        }
    }

    pub fn parse(code: &str) -> Option<Level> {
        Level::ALL.into_iter().find(|l| l.code() == code)
    }
}
