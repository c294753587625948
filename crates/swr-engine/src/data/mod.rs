//! The game's components as constant tables: systems and routes, units, leaders, cards.

pub mod cards;
pub mod leaders;
pub mod systems;
pub mod team;
pub mod units;

use serde::{Deserialize, Serialize};

#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum Side {
    Rebel,
    Empire,
}

impl Side {
    pub const BOTH: [Side; 2] = [Side::Rebel, Side::Empire];

    pub fn index(self) -> usize {
        self as usize
    }

    pub fn other(self) -> Side {
        match self {
            Side::Rebel => Side::Empire,
            Side::Empire => Side::Rebel,
        }
    }

    pub fn name(self) -> &'static str {
        match self {
            Side::Rebel => "Rebel",
            Side::Empire => "Imperial",
        }
    }
}
