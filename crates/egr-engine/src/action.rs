//! Everything a player can do, as one small copyable value. Almost all are answers to the
//! question the engine asks now (see [`crate::view::Prompt`]); `Place` is the one move of the
//! placement phase.

use crate::data::techs::Tech;
use crate::data::{Good, Kind, Place, Planet, Seat};
use serde::{Deserialize, Serialize};

/// Where a worker is placed (the eight event boxes, L193; the Specialist box by slot).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Spot {
    Initiative,
    Influence,
    Trade,
    Covert,
    Research,
    Warfare,
    /// The slot of one Specialist kind (Trooper to Diplomat).
    Specialist(Kind),
    /// The slot where 5 UC train a Specialist of any kind (L200, L331).
    PaidSpecialist,
    Senate,
}

/// What a Warfare attack is aimed at (L286).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Target {
    Sentinels,
    Faction(Seat),
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Action {
    /// Placement: put one worker of `kind` from the hand into `spot`.
    Place {
        kind: Kind,
        spot: Spot,
    },
    /// A planet: where a worker lands, where a card or technology acts.
    Planet(Planet),
    /// A trade good from those shown.
    Good(Good),
    /// Conduct the face-up Covert Mission in `slot` (0-2) at `at`.
    Mission {
        slot: u8,
        at: Place,
    },
    /// Pay one worker of this kind (a mission's price, a Senate bid).
    Pay(Kind),
    /// Research this face-up technology.
    Tech(Tech),
    Attack {
        planet: Planet,
        target: Target,
    },
    /// The worker kind that defends, or that is lost as well after a lost defence.
    Defend(Kind),
    /// A Specialist kind to gain.
    Kind(Kind),
    Bid(u8),
    /// The face-up Imperial Action card in this slot (0-2).
    Card(u8),
    Seat(Seat),
    /// A piece of `seat` of `kind` at `at` (to remove, eliminate or move).
    Piece {
        at: Place,
        seat: Seat,
        kind: Kind,
    },
    /// One Sentinel from a planet to another.
    Move {
        from: Planet,
        to: Planet,
    },
    Count(u8),
    /// Decline, pass or stop.
    Pass,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ActionError {
    GameOver,
    NotYourTurn,
    NotAllowed { why: String },
}

impl std::fmt::Display for ActionError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            ActionError::GameOver => f.write_str("the game is over"),
            ActionError::NotYourTurn => f.write_str("it is not this player's decision"),
            ActionError::NotAllowed { why } => f.write_str(why),
        }
    }
}

impl std::error::Error for ActionError {}
