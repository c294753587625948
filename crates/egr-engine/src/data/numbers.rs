//! Every number the game needs that the rulebook does not print, in one place: the ten Power
//! tiles (a higher and a lower Victory Point value each, L82, L401-402), the slot counts of the
//! event boxes it leaves open, the trade-good mix, and the two Covert Mission facts it leaves
//! out (the 20th card, which Rescue Imperial Prisoner gives what). The values of
//! [`BoardNumbers::provisional`] are our choice, each with its reason (docs/egr/rules.md,
//! "Provisional numbers"); a player who owns the game can replace them with the printed ones.
//! The numbers travel inside the game's options, so every save and every share code replays
//! with the numbers its game was played with.

use super::missions::Mission;
use super::{Planet, GOODS};
use crate::action::Spot;
use crate::options::OptionsProblem;
use serde::{Deserialize, Serialize};

/// Power tiles in the box (L82): one goes on each planet, two stay out unseen.
pub const POWER_TILES: usize = 10;
/// The most slots a numbered box may be given.
pub const MAX_SLOTS: usize = 12;
/// Trade good tiles in the box (L74).
pub const GOOD_TILES: u8 = 32;
/// The highest Victory Point value a Power tile may be given.
pub const MAX_POWER: u8 = 30;

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
    /// The 20th Covert Mission card, which the rulebook does not list (it lists 19, L609-707):
    /// a second copy of this card, one of [`Mission::LISTED_ONCE`].
    pub twentieth_mission: Mission,
    /// The Rescue Imperial Prisoner card (Vollux or Edara) that gives a Specialist of choice;
    /// the other one gives a Hero (L659-665).
    pub rescue_choice_at: Planet,
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
    /// - The 20th Covert Mission a second Save an Imperial Traitor: the card names two
    ///   locations like every card printed twice, and it is the only one without its twin.
    /// - Rescue Imperial Prisoner: a Specialist of choice at Vollux, a Hero at Edara, the order
    ///   in which the rulebook lists both the locations and the rewards (L659-665).
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
            twentieth_mission: Mission::SaveTraitor,
            rescue_choice_at: Planet::Vollux,
        }
    }

    /// What does not make sense (empty when the numbers can be played).
    pub fn check(&self) -> Vec<OptionsProblem> {
        let mut problems = Vec::new();
        for (i, t) in self.power.iter().enumerate() {
            let tile = i + 1;
            if t.higher == 0 || t.higher > MAX_POWER {
                problems.push(OptionsProblem::PowerHigher {
                    tile,
                    higher: t.higher,
                });
            }
            if t.lower > t.higher {
                problems.push(OptionsProblem::PowerLowerAboveHigher {
                    tile,
                    lower: t.lower,
                    higher: t.higher,
                });
            }
        }
        for (spot, slots) in [
            (Spot::Initiative, self.initiative_slots),
            (Spot::Trade, self.trade_slots),
            (Spot::Research, self.research_slots),
            (Spot::Warfare, self.warfare_slots),
        ] {
            if slots == 0 || slots as usize > MAX_SLOTS {
                problems.push(OptionsProblem::Slots { spot, slots });
            }
        }
        let total: u32 = self.goods.iter().map(|&g| g as u32).sum();
        if total != GOOD_TILES as u32 {
            problems.push(OptionsProblem::GoodsTotal { total });
        }
        if self.goods.contains(&0) {
            problems.push(OptionsProblem::GoodMissing);
        }
        if !Mission::LISTED_ONCE.contains(&self.twentieth_mission) {
            problems.push(OptionsProblem::TwentiethMission(self.twentieth_mission));
        }
        if !matches!(self.rescue_choice_at, Planet::Vollux | Planet::Edara) {
            problems.push(OptionsProblem::RescueChoice(self.rescue_choice_at));
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
        out.push(self.twentieth_mission.index() as u8);
        out.push(self.rescue_choice_at.index() as u8);
    }

    pub(crate) const BYTES: usize = 2 * POWER_TILES + 4 + GOODS + 2;

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
            twentieth_mission: *Mission::ALL.get(b[s + 4 + GOODS] as usize)?,
            rescue_choice_at: *Planet::ALL.get(b[s + 5 + GOODS] as usize)?,
        };
        numbers.check().is_empty().then_some(numbers)
    }
}

impl Default for BoardNumbers {
    fn default() -> Self {
        BoardNumbers::provisional()
    }
}
