//! Every number the game needs that the rulebook does not print, in one place: the ten Power
//! tiles (a higher and a lower Victory Point value each, L82, L401-402), the slot counts of the
//! event boxes it leaves open, and the trade-good mix. The values of
//! [`BoardNumbers::provisional`] are our choice, each with its reason (docs/egr/rules.md,
//! "Provisional numbers"); a player who owns the game can replace them with the printed ones.
//! The numbers travel inside the game's options, so every save and every share code replays
//! with the numbers its game was played with.

use super::GOODS;
use serde::{Deserialize, Serialize};

/// Power tiles in the box (L82): one goes on each planet, two stay out unseen.
pub const POWER_TILES: usize = 10;
/// The most slots a numbered box may be given.
pub const MAX_SLOTS: usize = 12;
/// Trade good tiles in the box (L74).
pub const GOOD_TILES: u8 = 32;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct PowerTile {
    pub higher: u8,
    pub lower: u8,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct BoardNumbers {
    pub power: [PowerTile; POWER_TILES],
    /// Initiative slots (each player may use one, L224).
    pub initiative_slots: u8,
    /// Trade Goods slots.
    pub trade_slots: u8,
    /// Research Technology slots.
    pub research_slots: u8,
    /// Warfare slots.
    pub warfare_slots: u8,
    /// Trade good tiles of each type, 32 in all (L74).
    pub goods: [u8; GOODS],
}

const fn tile(higher: u8, lower: u8) -> PowerTile {
    PowerTile { higher, lower }
}

impl BoardNumbers {
    /// The provisional values (reasons in docs/egr/rules.md, "Provisional numbers"):
    /// - Power tiles 5/1, 6/2, 6/2, 7/2, 7/3, 8/3, 8/3, 9/4, 10/4, 10/5: centred on the Senate's
    ///   7 VP, the one majority award the rulebook prints (L357), so that a planet and the
    ///   Senate weigh alike; spread so that planets differ in worth ("relative value", L82); the
    ///   lower number about two fifths of the higher, so that second place pays but a clear
    ///   first pays more than twice as much.
    /// - Initiative 5: one slot per player at most (L224), so five cover every count.
    /// - Trade Goods 4: four goods are shown each turn (L131, L450).
    /// - Research 5: five technologies are shown each turn (L137, L412).
    /// - Warfare 3: only Heroes and Troopers act there (L284); fewer slots than the boxes that
    ///   serve every worker.
    /// - Goods 4 of each type: 32 tiles over 8 types (L74), none named rarer.
    pub const fn provisional() -> BoardNumbers {
        BoardNumbers {
            power: [
                tile(5, 1),
                tile(6, 2),
                tile(6, 2),
                tile(7, 2),
                tile(7, 3),
                tile(8, 3),
                tile(8, 3),
                tile(9, 4),
                tile(10, 4),
                tile(10, 5),
            ],
            initiative_slots: 5,
            trade_slots: 4,
            research_slots: 5,
            warfare_slots: 3,
            goods: [4; GOODS],
        }
    }

    /// What does not make sense, in words (empty when the numbers can be played).
    pub fn check(&self) -> Vec<String> {
        let mut problems = Vec::new();
        for (i, t) in self.power.iter().enumerate() {
            if t.higher == 0 {
                problems.push(format!(
                    "Power tile {}: the higher value must be at least 1",
                    i + 1
                ));
            }
            if t.higher > 30 {
                problems.push(format!(
                    "Power tile {}: the higher value must be at most 30",
                    i + 1
                ));
            }
            if t.lower > t.higher {
                problems.push(format!(
                    "Power tile {}: the lower value ({}) is above the higher ({})",
                    i + 1,
                    t.lower,
                    t.higher
                ));
            }
        }
        for (name, n) in [
            ("Initiative", self.initiative_slots),
            ("Trade Goods", self.trade_slots),
            ("Research Technology", self.research_slots),
            ("Warfare", self.warfare_slots),
        ] {
            if n == 0 || n as usize > MAX_SLOTS {
                problems.push(format!(
                    "{name}: the box must have from 1 to {MAX_SLOTS} slots, not {n}"
                ));
            }
        }
        let total: u32 = self.goods.iter().map(|&g| g as u32).sum();
        if total != GOOD_TILES as u32 {
            problems.push(format!(
                "Trade goods: the box holds {GOOD_TILES} tiles, these add up to {total}"
            ));
        }
        if self.goods.contains(&0) {
            problems.push("Trade goods: every type needs at least one tile".to_string());
        }
        problems
    }

    /// The numbers as bytes, for share codes (see `options`).
    pub(crate) fn to_bytes(self, out: &mut Vec<u8>) {
        for t in self.power {
            out.push(t.higher);
            out.push(t.lower);
        }
        out.extend([
            self.initiative_slots,
            self.trade_slots,
            self.research_slots,
            self.warfare_slots,
        ]);
        out.extend(self.goods);
    }

    pub(crate) const BYTES: usize = 2 * POWER_TILES + 4 + GOODS;

    pub(crate) fn from_bytes(b: &[u8]) -> Option<BoardNumbers> {
        if b.len() < Self::BYTES {
            return None;
        }
        let mut power = [tile(0, 0); POWER_TILES];
        for (i, t) in power.iter_mut().enumerate() {
            *t = tile(b[2 * i], b[2 * i + 1]);
        }
        let s = 2 * POWER_TILES;
        let mut goods = [0; GOODS];
        goods.copy_from_slice(&b[s + 4..s + 4 + GOODS]);
        let numbers = BoardNumbers {
            power,
            initiative_slots: b[s],
            trade_slots: b[s + 1],
            research_slots: b[s + 2],
            warfare_slots: b[s + 3],
            goods,
        };
        numbers.check().is_empty().then_some(numbers)
    }
}

impl Default for BoardNumbers {
    fn default() -> Self {
        BoardNumbers::provisional()
    }
}
