//! The whole game as plain data: the board, both sides' cards, the phase and the stack of
//! decisions in progress. Everything here serializes, the random generator included, so the
//! same seed and actions give the same game everywhere.

use crate::data::cards::{ActionCard, Mission, Objective, Tactic};
use crate::data::leaders::{LeaderId, LEADER_COUNT};
use crate::data::systems::{SystemId, SYSTEM_COUNT};
use crate::data::units::{UnitKind, UNIT_KINDS};
use crate::data::Side;
use crate::rules::frames::Frame;
use game_kit::Rng;
use serde::{Deserialize, Serialize};

/// Where units and leaders stand: a system, or the Rebel Base space (not a system).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum Place {
    System(SystemId),
    RebelBase,
}

pub const PLACE_COUNT: usize = SYSTEM_COUNT + 1;

impl Place {
    pub fn index(self) -> usize {
        match self {
            Place::System(s) => s.index(),
            Place::RebelBase => SYSTEM_COUNT,
        }
    }

    pub fn from_index(i: usize) -> Place {
        if i == SYSTEM_COUNT {
            Place::RebelBase
        } else {
            Place::System(SystemId(i as u8))
        }
    }

    pub fn system(self) -> Option<SystemId> {
        match self {
            Place::System(s) => Some(s),
            Place::RebelBase => None,
        }
    }

    pub fn all() -> impl Iterator<Item = Place> {
        (0..PLACE_COUNT).map(Place::from_index)
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Loyalty {
    Rebel,
    Empire,
}

/// The markers in one system.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct SystemState {
    pub loyalty: Option<Loyalty>,
    pub subjugated: bool,
    pub sabotaged: bool,
    pub destroyed: bool,
}

/// Attachment rings (one per leader at most).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Ring {
    Captured,
    Carbonite,
    LureOfTheDarkSide,
    Yoda,
    R2D2,
    C3PO,
    MillenniumFalcon,
}

impl Ring {
    pub fn is_captive(self) -> bool {
        matches!(self, Ring::Captured | Ring::Carbonite)
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum LeaderPlace {
    /// Not yet recruited (near the board).
    Unrecruited,
    Pool,
    /// On a face-down mission card: the index into its side's `assigned` list.
    OnMission(u8),
    Board(Place),
    Eliminated,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct LeaderState {
    pub place: LeaderPlace,
    pub ring: Option<Ring>,
    /// Who controls the leader (Lure of the Dark Side turns a Rebel leader Imperial).
    pub controller: Side,
    /// Luke has become Jedi Luke (Seek Yoda).
    pub jedi: bool,
    /// Stays on the board at the next retrieval (Detained).
    pub detained: bool,
}

impl LeaderState {
    pub fn is_captive(&self) -> bool {
        self.ring.is_some_and(Ring::is_captive)
    }
}

/// A mission card placed face down with its leaders.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Assigned {
    pub mission: Mission,
    pub leaders: [Option<LeaderId>; 2],
}

/// One side's cards.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct SideCards {
    pub missions: Vec<Mission>,
    pub mission_deck: Vec<Mission>,
    /// Missions discarded after use: face up, public.
    pub mission_discard: Vec<Mission>,
    /// Missions and projects discarded from the hand for the hand limit: face down, known to
    /// their owner only (the rules never say a discard pile is open; docs/swr/rules.md §7.4).
    /// They go back into their decks with the face-up discards when a deck is rebuilt.
    #[serde(default)]
    pub discarded_unseen: Vec<Mission>,
    pub assigned: Vec<Assigned>,
    pub actions: Vec<ActionCard>,
    pub action_deck: Vec<ActionCard>,
    /// Tactic cards in hand during a combat: space, then ground.
    pub tactics: [Vec<Tactic>; 2],
    /// Units on the build queue: spaces 1, 2 and 3.
    pub queue: [[u8; UNIT_KINDS]; 3],
}

impl SideCards {
    /// Whether an empty mission deck can be rebuilt: discarded missions (not projects),
    /// face up or face down.
    pub(crate) fn missions_to_reshuffle(&self) -> bool {
        !self.mission_discard.is_empty() || self.discarded_unseen.iter().any(|m| !m.is_project())
    }

    /// Every discarded mission (not projects), face up and face down, for a new deck (in card
    /// order: the shuffle that follows decides the rest).
    pub(crate) fn take_mission_discards(&mut self) -> Vec<Mission> {
        let mut deck = std::mem::take(&mut self.mission_discard);
        deck.extend(self.discarded_unseen.iter().filter(|m| !m.is_project()));
        self.discarded_unseen.retain(|m| m.is_project());
        deck.sort();
        deck
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Phase {
    Setup,
    Assignment { side: Side },
    Command { turn: Side, passed: [bool; 2] },
    Refresh,
    Over { winner: Side },
}

/// Card effects that outlast their card: for the rest of the Command phase or of the round.
/// All public (the cards that set them were revealed); cleared when they run out.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct RoundMarks {
    /// Misdirection: leaders (bits by index) whose attempted missions the Empire may not
    /// oppose from its pool this round.
    pub misdirected: u32,
    /// Rapid Mobilizations to carry out when the Command phase ends: the probe cards each
    /// draws (4, or 8 with two leaders), in the order they were revealed.
    pub mobilizations: Vec<u8>,
    /// Boba Fett? Where?: the system where the Rebel may attempt no mission and use no
    /// action card until the Command phase ends.
    pub bounty_zone: Option<SystemId>,
    /// Public Support: leaders (bits by index) that do not keep their side's units in place
    /// this round.
    pub unpinning: u32,
    /// Contingency Plan with Lando: his next attempt this round gains two successes.
    pub lando_bonus: bool,
    /// The Yoda ring has been used this round.
    pub yoda_used: bool,
}

#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct GameOptions {
    /// The team game (3 or 4 players, `docs/swr/team-game.md`); `None` for two players. Saves
    /// from before it read as two-player games (the serde default). Always written: the online
    /// link's packed format cannot tell a skipped field.
    #[serde(default)]
    pub team: Option<crate::data::team::TeamOptions>,
}

impl GameOptions {
    /// The options of a team game of `players` (3 or 4).
    pub fn team(players: u8) -> GameOptions {
        GameOptions {
            team: Some(crate::data::team::TeamOptions { players }),
        }
    }
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct GameState {
    pub(crate) rng: Rng,
    pub(crate) time: u8,
    pub(crate) reputation: u8,
    pub(crate) systems: [SystemState; SYSTEM_COUNT],
    /// Units by place (systems, then the Rebel Base space) and kind.
    #[serde(with = "crate::big_array")]
    pub(crate) units: [[u8; UNIT_KINDS]; PLACE_COUNT],
    /// Units not in play and not on a build queue.
    pub(crate) supply: [u8; UNIT_KINDS],
    pub(crate) leaders: [LeaderState; LEADER_COUNT],
    pub(crate) base: Option<SystemId>,
    pub(crate) base_revealed: bool,
    pub(crate) cards: [SideCards; 2],
    pub(crate) objectives: Vec<Objective>,
    pub(crate) objective_deck: Vec<Objective>,
    /// Probe cards the Empire holds (each a system where the base is not).
    pub(crate) probes: Vec<SystemId>,
    pub(crate) probe_deck: Vec<SystemId>,
    pub(crate) project_deck: Vec<Mission>,
    pub(crate) project_discard: Vec<Mission>,
    /// Space, then ground.
    pub(crate) tactic_decks: [Vec<Tactic>; 2],
    /// An objective was played in this Refresh phase.
    pub(crate) objective_this_refresh: bool,
    pub(crate) marks: RoundMarks,
    pub(crate) phase: Phase,
    pub(crate) stack: Vec<Frame>,
    /// The team game's own state (3 or 4 players); `None` in a two-player game.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub(crate) team: Option<crate::rules::team::TeamState>,
}

impl GameState {
    pub fn time(&self) -> u8 {
        self.time
    }

    pub fn reputation(&self) -> u8 {
        self.reputation
    }

    pub fn phase(&self) -> Phase {
        self.phase
    }

    pub fn system(&self, s: SystemId) -> SystemState {
        self.systems[s.index()]
    }

    pub fn units_at(&self, place: Place) -> &[u8; UNIT_KINDS] {
        &self.units[place.index()]
    }

    pub fn count(&self, place: Place, kind: UnitKind) -> u8 {
        self.units[place.index()][kind.index()]
    }

    pub fn supply(&self, kind: UnitKind) -> u8 {
        self.supply[kind.index()]
    }

    pub fn leader(&self, l: LeaderId) -> &LeaderState {
        &self.leaders[l.index()]
    }

    pub fn cards(&self, side: Side) -> &SideCards {
        &self.cards[side.index()]
    }

    /// The base's system, whoever asks: for the engine and tests only (views hide it).
    pub fn base(&self) -> Option<SystemId> {
        self.base
    }

    pub fn base_revealed(&self) -> bool {
        self.base_revealed
    }

    pub fn probes(&self) -> &[SystemId] {
        &self.probes
    }

    pub fn objectives(&self) -> &[Objective] {
        &self.objectives
    }

    pub fn marks(&self) -> &RoundMarks {
        &self.marks
    }

    pub fn is_over(&self) -> bool {
        matches!(self.phase, Phase::Over { .. })
    }

    pub fn winner(&self) -> Option<Side> {
        match self.phase {
            Phase::Over { winner } => Some(winner),
            _ => None,
        }
    }
}
