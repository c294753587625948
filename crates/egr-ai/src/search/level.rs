//! How hard the searching computer plays.

/// Iterations per decision at Normal and at Hard (their cost is in `docs/egr/ai.md`).
pub const NORMAL_ITERATIONS: u32 = 100;
pub const HARD_ITERATIONS: u32 = 300;
/// Playouts per decision of Hard at two players: RuleBot's choice challenged on common
/// samples, each played to the end of the game (`docs/egr/ai.md`).
pub const HARD_DUEL_PLAYOUTS: u32 = 50;

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

    /// How the level decides in a game of `players`.
    pub fn plan(self, players: u8) -> Plan {
        match (self, players) {
            (Level::Hard, 2) => Plan::Duel(HARD_DUEL_PLAYOUTS),
            _ => Plan::Search(self.iterations()),
        }
    }

    pub fn parse(code: &str) -> Option<Level> {
        Level::ALL.into_iter().find(|l| l.code() == code)
    }
}

/// How a searching player decides.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Plan {
    /// Search this many iterations to the end of the turn (`ismcts::Search`), and keep
    /// RuleBot's choice unless the search leads it by two standard errors.
    Search(u32),
    /// Challenge RuleBot's choice with every other option on common samples
    /// (`ismcts::challenge`), this many playouts, each to the end of the game: Hard at two
    /// players.
    Duel(u32),
}
