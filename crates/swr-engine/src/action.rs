//! Everything a player can do, as one small copyable value. Most are answers to the question
//! the engine is asking now (see [`crate::view::Prompt`]): pick a leader, a system, a unit, a
//! card, or `Done` to stop or decline. A few start something in the Command phase.

use crate::data::cards::{ActionCard, Mission, Objective, Tactic};
use crate::data::leaders::LeaderId;
use crate::data::systems::SystemId;
use crate::data::units::UnitKind;
use crate::state::Place;
use serde::{Deserialize, Serialize};

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Action {
    /// Stop a repeated choice (placing, moving, deploying, combat actions, assigning) or
    /// decline an optional one.
    Done,
    Leader(LeaderId),
    System(SystemId),
    /// A system or the Rebel Base space.
    Place(Place),
    /// Move one unit of `kind` from `from` (to wherever the current question says).
    Move {
        kind: UnitKind,
        from: Place,
    },
    /// Put one unit of `kind` at `to` (setup, deploying, effects that place units).
    Deploy {
        kind: UnitKind,
        to: Place,
    },
    /// Choose which unit to build for a resource icon (the Rebels choose among some).
    Build(UnitKind),
    /// Destroy one unit of `kind` at `at` (effects, supply limits).
    Destroy {
        kind: UnitKind,
        at: Place,
    },
    Mission(Mission),
    /// Reveal the face-down mission at this index of the player's assigned missions.
    Reveal(u8),
    Card(ActionCard),
    Objective(Objective),
    Tactic(Tactic),
    Probe(SystemId),
    /// Spend the die at this index of the current attack (to draw a tactic card).
    Die(u8),
    /// Assign the die at `die` to the combat unit at index `target`.
    Damage {
        die: u8,
        target: u8,
    },
    /// Command phase: place a leader from the pool in a system to move units there.
    Activate {
        leader: LeaderId,
        system: SystemId,
    },
    /// Command phase, Rebel, base hidden: activate the Rebel Base space with a leader, to move
    /// units into it from the base's system and the systems next to it.
    ActivateBase {
        leader: LeaderId,
    },
    /// Command phase, Rebel: reveal the base at the start of a turn.
    RevealBase,
    /// Command phase: take no more turns this phase.
    Pass,
    /// Combat: retreat with `leader` to the adjacent system `to`.
    Retreat {
        leader: LeaderId,
        to: SystemId,
    },
    /// A unit of `kind` on the player's build queue at `space` (1–3), for effects that move
    /// or deploy queued units.
    Queued {
        kind: UnitKind,
        space: u8,
    },
}

/// Why an action was refused. The state is unchanged.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum ActionError {
    GameOver,
    NotYourTurn,
    /// The action is not one of the player's legal actions now; `why` says what is asked.
    NotAllowed {
        why: String,
    },
}

impl std::fmt::Display for ActionError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            ActionError::GameOver => f.write_str("the game is over"),
            ActionError::NotYourTurn => f.write_str("it is not this player's decision"),
            ActionError::NotAllowed { why } => write!(f, "not allowed now: {why}"),
        }
    }
}

impl std::error::Error for ActionError {}
