//! The decisions in progress, as a stack: the top frame asks the current question. A frame
//! that needs another decision first (a combat started by a move, an effect's follow-up)
//! pushes a child; when the child pops, the parent carries on from its own step.

use crate::data::cards::{ActionCard, Mission};
use crate::data::leaders::LeaderId;
use crate::data::systems::Icon;
use crate::data::systems::SystemId;
use crate::data::units::UNIT_KINDS;
use crate::data::Side;
use crate::log::Die;
use crate::state::{Place, Ring, PLACE_COUNT};
use serde::{Deserialize, Serialize};

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Frame {
    /// Setup: the Empire places its starting units (`left` still to place).
    PlaceImperialStart {
        left: [u8; UNIT_KINDS],
    },
    /// Setup: the Rebel places its starting units in the Rebel Base space and one system.
    PlaceRebelStart {
        left: [u8; UNIT_KINDS],
        system: Option<SystemId>,
    },
    /// Attach `ring` to one of `side`'s leaders in the pool.
    AttachRing {
        ring: Ring,
        card: ActionCard,
    },
    /// Setup: the Rebel chooses the base's system from the probe deck.
    ChooseBase,
    /// Assignment: choosing the leaders of the mission at `slot`.
    Assigning {
        side: Side,
        slot: u8,
    },
    Moving(Moving),
    Mission(MissionRun),
    Combat(Box<crate::rules::combat::Combat>),
    Refresh(RefreshStep),
    /// Recruiting: `side` has drawn `drawn` and chooses one card (then a leader on it).
    Recruit {
        side: Side,
        drawn: Vec<ActionCard>,
        chosen: Option<ActionCard>,
    },
    /// Building: `side` chooses units for the icons still to build.
    Build {
        side: Side,
        icons: Vec<(Icon, u8)>,
    },
    /// Deploying: `side` places units that slid off its queue.
    Deploy {
        side: Side,
        units: [u8; UNIT_KINDS],
        #[serde(with = "crate::big_array")]
        placed: [u8; PLACE_COUNT],
    },
    /// Discarding missions down to the hand limit.
    DiscardMissions {
        side: Side,
    },
    /// A card effect in progress.
    Effect(crate::rules::effects::Effect),
}

/// Units moving into `to` (an activation or a card that moves units).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Moving {
    pub side: Side,
    pub to: Place,
    pub why: MoveWhy,
    /// Per source place: transport capacity of the ships moved from it, and how much of it
    /// the ground units and TIEs moved from it use.
    #[serde(with = "crate::big_array")]
    pub capacity: [u8; PLACE_COUNT],
    #[serde(with = "crate::big_array")]
    pub carried: [u8; PLACE_COUNT],
    /// Bit set of the places units came from (the other side may not retreat there).
    pub sources: u64,
    /// Imperial ground units arrived.
    pub ground_arrived: bool,
    /// Units still allowed to move (an effect may cap the count; `u8::MAX` = any).
    pub budget: u8,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum MoveWhy {
    /// A system (or the hidden base's space) activated with a leader: units from the places
    /// next to it.
    Activation,
    /// A card moves units out of the Rebel Base space (the base's system once revealed) to
    /// `to`, ignoring adjacency.
    FromBase,
}

/// A revealed mission being carried out.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct MissionRun {
    pub side: Side,
    pub slot: u8,
    pub mission: Mission,
    pub leaders: [Option<LeaderId>; 2],
    pub step: MissionStep,
    pub place: Option<Place>,
    /// The leader the mission is attempted against, if any.
    pub against: Option<LeaderId>,
    pub opposed_by: Option<LeaderId>,
    /// No leader may be sent from the pool to oppose (Misdirection, Blindside); leaders
    /// already in the system still oppose.
    pub unopposable: bool,
    /// Last roll of each side (for rerolls and One in a Million).
    pub dice: [Vec<Die>; 2],
    /// Successes the owner adds besides the portrait (Contingency Plan's Lando bonus).
    #[serde(default)]
    pub bonus: u8,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum MissionStep {
    ChooseTarget,
    Oppose,
    /// The Rebel may use cards before the dice are rolled (Undercover, Wookiee Guardian,
    /// One in a Million).
    BeforeRoll,
    Roll,
    /// The Rebel may discard the R2-D2 ring to blank one Imperial die.
    Astromech,
    /// The Rebel may reroll one of its own dice with the Yoda ring.
    Reroll,
    /// A Rebel diplomacy mission failed: the Rebel may discard the C-3PO ring to succeed.
    Protocol,
    Resolve,
    /// The ability has been carried out; `captives` are the leaders (bits by index) that were
    /// captive before it, to tell the rescues it made.
    Resolved {
        captives: u32,
    },
    Finish {
        success: bool,
    },
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum RefreshStep {
    /// The Rebel may claim one start-of-refresh objective.
    Objective,
    Retrieve,
    DrawMissions,
    Probes,
    DrawObjective,
    AdvanceTime,
    Recruit,
    Build,
    Deploy {
        side: Side,
    },
    NextRound,
}
