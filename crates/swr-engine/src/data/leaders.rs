//! The 25 leaders: skills, tactic values, which start in the pool. Numbers from
//! `shared/research/rebellion-components.md` §4.3. Luke becomes Jedi Luke through Seek Yoda:
//! the same leader with better values (a flag in the state, see [`LeaderId::values`]).

use super::Side;
use serde::{Deserialize, Serialize};

#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum LeaderId {
    Palpatine,
    Vader,
    Tarkin,
    Tagge,
    Ozzel,
    Piett,
    BobaFett,
    Yularen,
    Veers,
    Greejatus,
    Jerjerrod,
    Fel,
    MonMothma,
    Dodonna,
    Leia,
    Rieekan,
    Luke,
    Ackbar,
    Chewbacca,
    Madine,
    Han,
    Lando,
    ObiWan,
    Wedge,
}

pub const LEADER_COUNT: usize = 24;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Skill {
    Diplomacy,
    Intel,
    SpecOps,
    Logistics,
}

/// A leader's printed numbers: skills in [`Skill`] order, then space and ground tactics
/// (`None` for leaders who cannot activate a system).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct LeaderValues {
    pub skills: [u8; 4],
    pub tactics: Option<(u8, u8)>,
}

pub struct LeaderInfo {
    pub name: &'static str,
    pub side: Side,
    pub starting: bool,
    pub values: LeaderValues,
}

const fn leader(
    name: &'static str,
    side: Side,
    starting: bool,
    skills: [u8; 4],
    tactics: Option<(u8, u8)>,
) -> LeaderInfo {
    LeaderInfo {
        name,
        side,
        starting,
        values: LeaderValues { skills, tactics },
    }
}

use Side::*;

pub const LEADERS: [LeaderInfo; LEADER_COUNT] = [
    leader(
        "Emperor Palpatine",
        Empire,
        true,
        [3, 2, 0, 0],
        Some((3, 2)),
    ),
    leader("Darth Vader", Empire, true, [2, 0, 3, 0], Some((2, 3))),
    leader(
        "Grand Moff Tarkin",
        Empire,
        true,
        [1, 1, 0, 1],
        Some((2, 1)),
    ),
    leader("General Tagge", Empire, true, [0, 0, 1, 1], Some((1, 2))),
    leader("Admiral Ozzel", Empire, false, [0, 1, 0, 1], Some((2, 1))),
    leader("Admiral Piett", Empire, false, [0, 2, 1, 0], Some((3, 1))),
    leader("Boba Fett", Empire, false, [0, 2, 3, 0], None),
    leader("Colonel Yularen", Empire, false, [0, 3, 0, 0], Some((2, 2))),
    leader("General Veers", Empire, false, [0, 0, 2, 0], Some((1, 3))),
    leader("Janus Greejatus", Empire, false, [2, 1, 0, 0], None),
    leader("Moff Jerjerrod", Empire, false, [1, 0, 0, 1], Some((1, 1))),
    leader("Soontir Fel", Empire, false, [0, 1, 2, 0], Some((2, 1))),
    leader("Mon Mothma", Rebel, true, [3, 0, 0, 1], None),
    leader("Jan Dodonna", Rebel, true, [1, 2, 0, 0], Some((2, 1))),
    leader("Princess Leia", Rebel, true, [2, 2, 1, 0], Some((1, 1))),
    leader("General Rieekan", Rebel, true, [1, 0, 1, 1], Some((1, 2))),
    leader("Luke Skywalker", Rebel, false, [0, 2, 1, 0], Some((2, 2))),
    leader("Admiral Ackbar", Rebel, false, [2, 0, 0, 1], Some((3, 1))),
    leader("Chewbacca", Rebel, false, [0, 0, 3, 0], Some((1, 2))),
    leader("General Madine", Rebel, false, [0, 2, 2, 0], Some((1, 3))),
    leader("Han Solo", Rebel, false, [1, 1, 2, 0], Some((2, 2))),
    leader("Lando Calrissian", Rebel, false, [1, 1, 1, 1], Some((2, 2))),
    leader("Obi-Wan Kenobi", Rebel, false, [1, 3, 0, 0], Some((1, 3))),
    leader("Wedge Antilles", Rebel, false, [0, 0, 2, 0], Some((3, 1))),
];

/// Jedi Luke's values (Seek Yoda).
pub const JEDI_LUKE: LeaderValues = LeaderValues {
    skills: [0, 3, 2, 0],
    tactics: Some((3, 3)),
};

impl LeaderId {
    pub const ALL: [LeaderId; LEADER_COUNT] = [
        LeaderId::Palpatine,
        LeaderId::Vader,
        LeaderId::Tarkin,
        LeaderId::Tagge,
        LeaderId::Ozzel,
        LeaderId::Piett,
        LeaderId::BobaFett,
        LeaderId::Yularen,
        LeaderId::Veers,
        LeaderId::Greejatus,
        LeaderId::Jerjerrod,
        LeaderId::Fel,
        LeaderId::MonMothma,
        LeaderId::Dodonna,
        LeaderId::Leia,
        LeaderId::Rieekan,
        LeaderId::Luke,
        LeaderId::Ackbar,
        LeaderId::Chewbacca,
        LeaderId::Madine,
        LeaderId::Han,
        LeaderId::Lando,
        LeaderId::ObiWan,
        LeaderId::Wedge,
    ];

    pub fn info(self) -> &'static LeaderInfo {
        &LEADERS[self as usize]
    }

    pub fn index(self) -> usize {
        self as usize
    }

    pub fn name(self) -> &'static str {
        self.info().name
    }

    /// The side printed on the leader (Lure of the Dark Side may change who controls it).
    pub fn printed_side(self) -> Side {
        self.info().side
    }

    pub fn values(self, jedi: bool) -> LeaderValues {
        if jedi && self == LeaderId::Luke {
            JEDI_LUKE
        } else {
            self.info().values
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn four_starting_leaders_each_side() {
        for side in [Empire, Rebel] {
            let starting = LEADERS
                .iter()
                .filter(|l| l.side == side && l.starting)
                .count();
            assert_eq!(starting, 4);
        }
        assert_eq!(LEADERS.iter().filter(|l| l.side == Empire).count(), 12);
        for (i, l) in LeaderId::ALL.iter().enumerate() {
            assert_eq!(l.index(), i);
        }
    }
}
