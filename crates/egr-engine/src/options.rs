//! A game's options: the number of players, the board's numbers (see
//! [`crate::data::numbers`]) and the rulings a player can switch. The options are part of every
//! save and every share code, so a game always replays with its own numbers and rulings.

use crate::data::numbers::BoardNumbers;
use serde::{Deserialize, Serialize};

/// The rulings on ambiguous text that change results (research notes §4, the "(R)" items),
/// each defaulting to the most natural reading. docs/egr/rules.md, "Rulings", gives each
/// reading, its reason and the alternative.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Rulings {
    /// Off (default): an Imperial Capital Fleet bars only workers leaving the Planetary
    /// Influence box (L230, L519), and pieces placed by cards and technologies may land under
    /// it. On: it bars those too.
    pub fleets_bar_cards: bool,
    /// Off (default): "any 3 trade goods" is any three tiles (L371). On: three different goods.
    pub any_three_distinct: bool,
    /// Off (default): a mission on a planet without Sentinels costs nothing (L254), but needs a
    /// worker in the box. On: every mission costs at least 1 point.
    pub mission_costs_at_least_one: bool,
    /// Off (default): a technology's free worker (X, Y, Warfare, Senate, Covert Mission) is put
    /// in its box at the start of each placement, before anyone places. On: at its end, after
    /// everyone has placed, into a slot still free (none: it is not placed).
    pub free_workers_last: bool,
    /// Off (default): a player "controls" a planet (Democracy, Weak Confederacy) when they
    /// alone have the most workers there. On: when they have more than half of the workers.
    pub control_needs_half: bool,
}

impl Rulings {
    pub(crate) fn to_byte(self) -> u8 {
        self.fleets_bar_cards as u8
            | (self.any_three_distinct as u8) << 1
            | (self.mission_costs_at_least_one as u8) << 2
            | (self.free_workers_last as u8) << 3
            | (self.control_needs_half as u8) << 4
    }

    pub(crate) fn from_byte(b: u8) -> Option<Rulings> {
        (b < 32).then_some(Rulings {
            fleets_bar_cards: b & 1 != 0,
            any_three_distinct: b & 2 != 0,
            mission_costs_at_least_one: b & 4 != 0,
            free_workers_last: b & 8 != 0,
            control_needs_half: b & 16 != 0,
        })
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct GameOptions {
    /// 2 to 5 (L154).
    pub players: u8,
    pub numbers: BoardNumbers,
    pub rulings: Rulings,
}

/// The layout of the options in a share code; bump if it changes.
const OPTIONS_LAYOUT: u8 = 1;

impl GameOptions {
    /// `players` players with the provisional numbers and the default rulings.
    pub fn new(players: u8) -> GameOptions {
        GameOptions {
            players,
            numbers: BoardNumbers::provisional(),
            rulings: Rulings::default(),
        }
    }

    /// What does not make sense, in words (empty when a game can start).
    pub fn check(&self) -> Vec<String> {
        let mut problems = Vec::new();
        if !(2..=5).contains(&self.players) {
            problems.push(format!(
                "the game is for 2 to 5 players, not {}",
                self.players
            ));
        }
        problems.extend(self.numbers.check());
        problems
    }

    /// The options as bytes for a share code: layout, players, rulings, numbers.
    pub fn to_bytes(self) -> Vec<u8> {
        let mut out = vec![OPTIONS_LAYOUT, self.players, self.rulings.to_byte()];
        self.numbers.to_bytes(&mut out);
        out
    }

    /// Reads [`Self::to_bytes`]; returns the options and the bytes read.
    pub fn from_bytes(b: &[u8]) -> Option<(GameOptions, usize)> {
        if *b.first()? != OPTIONS_LAYOUT {
            return None;
        }
        let players = *b.get(1)?;
        let rulings = Rulings::from_byte(*b.get(2)?)?;
        let numbers = BoardNumbers::from_bytes(b.get(3..)?)?;
        let options = GameOptions {
            players,
            numbers,
            rulings,
        };
        options
            .check()
            .is_empty()
            .then_some((options, 3 + BoardNumbers::BYTES))
    }
}

impl Default for GameOptions {
    fn default() -> Self {
        GameOptions::new(4)
    }
}
