//! How hard Rebellion's computer plays, weakest first.

use swr_engine::Side;

/// Playouts per decision at Normal and at Hard (see `docs/swr/ai.md` for their cost): the
/// challenge of the rule-based choice, or the advice's iterations.
pub const NORMAL_ITERATIONS: u32 = 150;
pub const HARD_ITERATIONS: u32 = 500;

/// The computer's level.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Level {
    /// The rule-based player with slips: now and then any legal move.
    Easy,
    /// The rule-based player (`RuleBot`): never looks ahead.
    Steady,
    /// A short search over what it cannot see.
    Normal,
    /// The full search.
    Hard,
}

impl Level {
    pub const ALL: [Level; 4] = [Level::Easy, Level::Steady, Level::Normal, Level::Hard];

    /// The level's name in questions to the computer's worker and in benchmarks.
    pub fn code(self) -> &'static str {
        match self {
            Level::Easy => "easy",
            Level::Steady => "steady",
            Level::Normal => "normal",
            Level::Hard => "hard",
        }
    }

    /// The search's iterations per decision, or `None` for the rule-based levels.
    pub fn iterations(self) -> Option<u32> {
        match self {
            Level::Easy | Level::Steady => None,
            Level::Normal => Some(NORMAL_ITERATIONS),
            Level::Hard => Some(HARD_ITERATIONS),
        }
    }

    /// How many rounds past the current one the playouts of `side`'s search run. Hard's Empire
    /// looks one further: a probe, a move towards the candidates or a leader kept back pays in
    /// the next round's hunt, which the evaluation at the round's end cannot see.
    pub fn rounds_ahead(self, side: Side) -> u8 {
        match (self, side) {
            (Level::Hard, Side::Empire) => 1,
            _ => 0,
        }
    }

    pub fn parse(code: &str) -> Option<Level> {
        Level::ALL.into_iter().find(|l| l.code() == code)
    }
}
