//! The game's event log. Every entry says who may read it; a secret is written twice, once in
//! full for the player who knows it and once without the secret for the other.

use crate::data::cards::{ActionCard, Mission, Objective, Tactic};
use crate::data::leaders::LeaderId;
use crate::data::systems::SystemId;
use crate::data::team::Seat;
use crate::data::units::{Theater, UnitKind};
use crate::data::Side;
use crate::state::{Loyalty, Place, Ring};
use serde::{Deserialize, Serialize};

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Audience {
    Everyone,
    Only(Side),
}

impl Audience {
    pub fn includes(self, viewer: Side) -> bool {
        match self {
            Audience::Everyone => true,
            Audience::Only(side) => side == viewer,
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum DieColor {
    Red,
    Black,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Face {
    Blank,
    Hit,
    DirectHit,
    Special,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Die {
    pub color: DieColor,
    pub face: Face,
}

/// Why the game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Victory {
    /// The reputation marker reached the time marker.
    Reputation,
    /// Imperial units hold the revealed base's system and no Rebel unit is left there.
    BaseOccupied,
    /// The Death Star destroyed the base's system.
    BaseDestroyed,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum LogEvent {
    /// Starting loyalty from the probe draw.
    StartingLoyalty {
        system: SystemId,
        loyalty: Loyalty,
        subjugated: bool,
    },
    UnitPlaced {
        kind: UnitKind,
        place: Place,
    },
    /// The Rebel chose (or moved) the base; `system` only for the Rebel.
    BaseChosen {
        system: Option<SystemId>,
    },
    BaseRevealed {
        system: SystemId,
    },
    RoundStarted {
        round: u8,
    },
    MissionsDrawn {
        side: Side,
        missions: Option<Vec<Mission>>,
        count: u8,
    },
    /// A mission discarded face down for the hand limit (`mission` only for its owner).
    MissionDiscarded {
        side: Side,
        mission: Option<Mission>,
    },
    /// A mission placed face down with its leaders (`mission` only for its owner).
    MissionAssigned {
        side: Side,
        slot: u8,
        mission: Option<Mission>,
        leaders: [Option<LeaderId>; 2],
    },
    ActionCardUsed {
        side: Side,
        card: ActionCard,
    },
    ActionCardGained {
        side: Side,
        card: Option<ActionCard>,
    },
    RingAttached {
        leader: LeaderId,
        ring: Ring,
    },
    Activated {
        side: Side,
        leader: LeaderId,
        system: SystemId,
    },
    /// The Rebel activated the hidden base's space.
    ActivatedBase {
        leader: LeaderId,
    },
    UnitMoved {
        kind: UnitKind,
        from: Place,
        to: Place,
    },
    LeaderMoved {
        leader: LeaderId,
        to: Place,
    },
    LoyaltyChanged {
        system: SystemId,
        loyalty: Option<Loyalty>,
    },
    Subjugated {
        system: SystemId,
    },
    SubjugationLifted {
        system: SystemId,
    },
    Sabotaged {
        system: SystemId,
    },
    SabotageRemoved {
        system: SystemId,
    },
    SystemDestroyed {
        system: SystemId,
    },
    MissionRevealed {
        side: Side,
        slot: u8,
        mission: Mission,
        place: Place,
    },
    Opposed {
        side: Side,
        leader: LeaderId,
    },
    MissionRoll {
        side: Side,
        dice: Vec<Die>,
        successes: u8,
    },
    MissionSucceeded {
        side: Side,
        mission: Mission,
    },
    MissionFailed {
        side: Side,
        mission: Mission,
    },
    /// The mission could not be carried out (its leaders left it, or nothing to target).
    MissionReturned {
        side: Side,
        slot: u8,
    },
    Passed {
        side: Side,
    },
    CombatStarted {
        system: SystemId,
    },
    LeaderAddedToCombat {
        side: Side,
        leader: LeaderId,
    },
    TacticsDrawn {
        side: Side,
        theater: Theater,
        cards: Option<Vec<Tactic>>,
        count: u8,
    },
    TacticPlayed {
        side: Side,
        tactic: Tactic,
    },
    AttackRolled {
        side: Side,
        theater: Theater,
        dice: Vec<Die>,
    },
    DieSpent {
        side: Side,
        die: u8,
    },
    DamageAssigned {
        side: Side,
        die: u8,
        kind: UnitKind,
    },
    DamageBlocked {
        side: Side,
        kind: UnitKind,
        amount: u8,
    },
    UnitDestroyed {
        kind: UnitKind,
        place: Place,
    },
    Retreated {
        side: Side,
        leader: LeaderId,
        to: SystemId,
    },
    BattleWon {
        side: Side,
        system: SystemId,
        theater: Theater,
    },
    CombatEnded {
        system: SystemId,
    },
    LeaderCaptured {
        leader: LeaderId,
        ring: Ring,
    },
    LeaderRescued {
        leader: LeaderId,
    },
    LeaderEliminated {
        leader: LeaderId,
    },
    LeaderRecruited {
        side: Side,
        leader: LeaderId,
    },
    /// The Empire drew probe cards (`systems` only for the Empire).
    ProbesDrawn {
        systems: Option<Vec<SystemId>>,
        count: u8,
    },
    /// A probe card shown to the Empire by an effect (`system` only for the Empire).
    ProbeSeen {
        system: Option<SystemId>,
    },
    ObjectiveDrawn {
        objective: Option<Objective>,
    },
    ObjectivePlayed {
        objective: Objective,
        reputation: u8,
    },
    ReputationMoved {
        reputation: u8,
    },
    TimeAdvanced {
        time: u8,
    },
    UnitBuilt {
        side: Side,
        kind: UnitKind,
        space: u8,
    },
    UnitDeployed {
        kind: UnitKind,
        place: Place,
    },
    QueueAdvanced {
        side: Side,
    },
    DeckReshuffled {
        what: Reshuffled,
    },
    GameWon {
        side: Side,
        how: Victory,
    },
    /// A Rebel leader will stay on the board at the next retrieval (Detained).
    LeaderDetained {
        leader: LeaderId,
    },
    /// The Rebel's objective hand shown to the Empire.
    ObjectivesShown {
        objectives: Vec<Objective>,
    },
    /// An objective put at the bottom of the objective deck.
    ObjectiveToBottom {
        objective: Objective,
    },
    /// The answer to whether the base is in `system` (the base stays hidden).
    BaseProbed {
        system: SystemId,
        found: bool,
    },
    /// The base is in one of these three systems (map order, so the order tells nothing).
    BaseAmong {
        systems: [SystemId; 3],
    },
    /// Probe cards drawn for the Rebel to see (`shown` only for the Rebel); those `taken` go
    /// to the Empire, `returned` go back into the deck.
    ProbesIntercepted {
        shown: Option<Vec<SystemId>>,
        taken: Vec<SystemId>,
        returned: u8,
    },
    /// A unit on a build queue moved from space `from` to space `to`.
    QueueUnitMoved {
        side: Side,
        kind: UnitKind,
        from: u8,
        to: u8,
    },
    /// Dice of the current attack rerolled by a tactic card: (index, new face).
    DiceRerolled {
        side: Side,
        dice: Vec<(u8, Die)>,
    },
    /// A tactic card discarded from the hand to pay for another (Outmaneuver, Dig In).
    TacticDiscarded {
        side: Side,
        tactic: Tactic,
    },
    /// A tactic deck ran out mid-combat: its discard pile became the new deck.
    TacticDeckReshuffled {
        theater: Theater,
    },
    /// Death Star Plans revealed and its dice rolled (a direct hit plays it).
    DeathStarPlansRolled {
        objective: Objective,
        dice: Vec<Die>,
    },
    /// Misdirection: the Empire may not oppose from its pool a mission with this leader on it
    /// (until the end of the round).
    Misdirected {
        leader: LeaderId,
    },
    /// Probe cards taken at random from the Empire's hand to go back into the probe deck.
    ProbesTaken {
        systems: Vec<SystemId>,
    },
    /// A unit on `side`'s build queue destroyed (back to the supply).
    QueuedUnitDestroyed {
        side: Side,
        kind: UnitKind,
        space: u8,
    },
    /// Luke became Jedi Luke (Seek Yoda).
    BecameJedi {
        leader: LeaderId,
    },
    /// A ring came off its bearer when its ability was used (R2-D2, C-3PO, the Falcon).
    RingDiscarded {
        leader: LeaderId,
        ring: Ring,
    },
    /// Whether the Rebel base is in the region of `system` (Local Rumors).
    BaseRegionTold {
        system: SystemId,
        same_region: bool,
    },
    /// A mission die placed showing a chosen face instead of being rolled (One in a Million).
    DiePlaced {
        side: Side,
        die: Die,
    },
    /// A die of a mission roll changed by a ring: blanked (R2-D2) or rerolled (Yoda).
    MissionDieChanged {
        side: Side,
        die: u8,
        to: Die,
    },
    /// The Rebel looked at objective cards taken from the deck (`objectives` only for the
    /// Rebel).
    ObjectivesSeen {
        objectives: Option<Vec<Objective>>,
        count: u8,
    },
    /// The Rebel looked at probe cards drawn for Rapid Mobilization (`systems` only for the
    /// Rebel).
    ProbesSeen {
        systems: Option<Vec<SystemId>>,
        count: u8,
    },
    /// The team game: a seat passed (its teammate may play on); two-player games write
    /// [`LogEvent::Passed`]. Last of the variants, which the online link packs by index, so
    /// that every two-player event keeps its bytes.
    SeatPassed {
        seat: Seat,
    },
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Reshuffled {
    Missions(Side),
    Projects,
    Actions(Side),
    Probes,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct LogEntry {
    pub audience: Audience,
    pub event: LogEvent,
}

/// Where the rules write what happened: a `Vec<LogEntry>` in a [`crate::Game`], or
/// [`NoLog`] for search and benchmarks.
pub trait EventSink {
    fn push(&mut self, audience: Audience, event: LogEvent);
    /// Whether anyone reads the log (skip building events when not).
    fn enabled(&self) -> bool {
        true
    }
}

impl EventSink for Vec<LogEntry> {
    fn push(&mut self, audience: Audience, event: LogEvent) {
        Vec::push(self, LogEntry { audience, event });
    }
}

pub struct NoLog;

impl EventSink for NoLog {
    fn push(&mut self, _: Audience, _: LogEvent) {}
    fn enabled(&self) -> bool {
        false
    }
}

/// Small helpers so the rules read as sentences.
pub(crate) trait LogExt: EventSink {
    fn all(&mut self, event: LogEvent) {
        if self.enabled() {
            self.push(Audience::Everyone, event);
        }
    }
    fn only(&mut self, side: Side, event: LogEvent) {
        if self.enabled() {
            self.push(Audience::Only(side), event);
        }
    }
    /// A secret: the full event for `side`, the redacted one for the other.
    fn secret(&mut self, side: Side, full: LogEvent, redacted: LogEvent) {
        if self.enabled() {
            self.push(Audience::Only(side), full);
            self.push(Audience::Only(side.other()), redacted);
        }
    }
}

impl<T: EventSink + ?Sized> LogExt for T {}
