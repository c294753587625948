//! The game's event log. Every entry says who may read it. Almost everything in this game is
//! public, so almost every entry is for everyone; the audience is kept so that the log has the
//! same shape as the other engines' and a private entry can be added without changing it.

use crate::action::{Spot, Target};
use crate::data::imperial::ImperialCard;
use crate::data::missions::Mission;
use crate::data::techs::Tech;
use crate::data::{Good, Kind, Place, Planet, Seat};
use serde::{Deserialize, Serialize};

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Audience {
    Everyone,
    Only(Seat),
}

impl Audience {
    pub fn includes(self, viewer: Seat) -> bool {
        match self {
            Audience::Everyone => true,
            Audience::Only(seat) => seat == viewer,
        }
    }
}

/// Why coins changed hands.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Why {
    StartingPosition,
    Initiative,
    TradeSets,
    Tech(Tech),
    Mission(Mission),
    /// Imperial Corruption: coins to `to`.
    Corruption {
        to: Seat,
    },
    Research,
    Training,
}

/// What scored.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum ScoreWhy {
    PlanetFirst(Planet),
    PlanetTiedFirst(Planet),
    PlanetSecond(Planet),
    Senate,
    Tech(Tech),
    Missions,
    Economy,
}

/// One side of a battle.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Fighter {
    Worker { seat: Seat, kind: Kind },
    Sentinel,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum LogEvent {
    GameStarted {
        players: u8,
    },
    PowerTile {
        planet: Planet,
        higher: u8,
        lower: u8,
    },
    SentinelsAdded {
        planet: Planet,
        count: u8,
    },
    SentinelsRemoved {
        planet: Planet,
        count: u8,
    },
    SentinelMoved {
        from: Planet,
        to: Planet,
    },
    /// An Imperial Capital Fleet arrives (`from` None: from the spare ones).
    FleetMoved {
        from: Option<Planet>,
        to: Option<Planet>,
    },
    /// The Rebel Fleet placed or moved by `seat`, who now owns it. `marked`: one of their
    /// Rebels from the supply stands with it (L829, L892); a previous owner's marker went back
    /// to that owner's supply.
    RebelFleet {
        seat: Seat,
        planet: Planet,
        marked: bool,
    },
    TurnOrder {
        order: Vec<Seat>,
    },
    TurnStarted {
        turn: u8,
    },
    Gained {
        seat: Seat,
        coins: u16,
        why: Why,
    },
    Paid {
        seat: Seat,
        coins: u16,
        why: Why,
    },
    Placed {
        seat: Seat,
        kind: Kind,
        spot: Spot,
    },
    FreeWorker {
        seat: Seat,
        kind: Kind,
        tech: Tech,
    },
    Landed {
        seat: Seat,
        kind: Kind,
        planet: Planet,
    },
    RouteTaken {
        seat: Seat,
        planet: Planet,
    },
    LabTaken {
        seat: Seat,
        planet: Planet,
    },
    GoodsShown {
        goods: Vec<Good>,
    },
    GoodTaken {
        seat: Seat,
        good: Good,
    },
    GoodDrawn {
        seat: Seat,
        good: Good,
    },
    MissionShown {
        mission: Mission,
    },
    MissionsDiscarded,
    MissionConducted {
        seat: Seat,
        mission: Mission,
        at: Place,
        cost: u8,
    },
    WorkerPaid {
        seat: Seat,
        kind: Kind,
        from: Place,
    },
    Passed {
        seat: Seat,
    },
    TechShown {
        tech: Tech,
    },
    TechsRemoved,
    TechBought {
        seat: Seat,
        tech: Tech,
        cost: u16,
    },
    Attack {
        seat: Seat,
        kind: Kind,
        planet: Planet,
        target: Target,
    },
    Battle {
        planet: Planet,
        attacker: Fighter,
        defender: Fighter,
        attacker_cubes: u8,
        defender_cubes: u8,
        /// Of the three cubes drawn, how many were the attacker's.
        attacker_drawn: u8,
        attacker_won: bool,
    },
    /// Pieces removed from play to their owner's supply (`seat` None: Sentinels).
    Eliminated {
        seat: Option<Seat>,
        kind: Kind,
        at: Place,
        count: u8,
    },
    /// A Warfare attacker beaten in its battle (the `Battle` just before says where) leaves
    /// its slot of the Warfare box for its owner's supply (L290, L294).
    AttackerEliminated {
        seat: Seat,
        kind: Kind,
        slot: u8,
    },
    /// Pieces added from the supply.
    Added {
        seat: Seat,
        kind: Kind,
        at: Place,
        count: u8,
    },
    /// Pieces sent back to their owner's hand for the next turn.
    ToHand {
        seat: Seat,
        kind: Kind,
        count: u8,
    },
    Moved {
        seat: Seat,
        kind: Kind,
        from: Planet,
        to: Planet,
    },
    Trained {
        seat: Seat,
        kind: Kind,
    },
    CubesGained {
        seat: Seat,
        count: u8,
    },
    Bid {
        seat: Seat,
        bid: u8,
    },
    SenateWon {
        seat: Seat,
        bid: u8,
    },
    NoImperialAction,
    ImperialShown {
        card: ImperialCard,
    },
    ImperialsDiscarded,
    ImperialPlayed {
        seat: Seat,
        card: ImperialCard,
    },
    DeckReshuffled {
        imperial: bool,
    },
    /// Save an Imperial Traitor draws this card from the deck.
    ImperialDrawn {
        card: ImperialCard,
    },
    /// Pieces drawn from a bag at random (Plague, Civil War): the removals follow.
    RandomRemoval {
        planet: Planet,
        count: u8,
    },
    RouteAwarded {
        seat: Seat,
        planet: Planet,
        from: Option<Seat>,
    },
    WarTarget {
        planet: Planet,
        seat: Seat,
        drawn: bool,
    },
    Scored {
        seat: Seat,
        points: u16,
        why: ScoreWhy,
    },
    GameOver {
        winners: Vec<Seat>,
        totals: Vec<u16>,
    },
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct LogEntry {
    pub audience: Audience,
    pub event: LogEvent,
}

/// Where the rules write their log (a `Vec<LogEntry>` for a recorded game, [`NoLog`] for
/// search and benchmarks).
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

pub(crate) trait LogExt: EventSink {
    /// An entry for everyone; `event` is built only when someone reads the log.
    fn all(&mut self, event: impl FnOnce() -> LogEvent) {
        if self.enabled() {
            self.push(Audience::Everyone, event());
        }
    }
}

impl<T: EventSink + ?Sized> LogExt for T {}
