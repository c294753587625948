//! Rules engine for Star Wars: Rebellion (base game, two players).
//!
//! Pure and deterministic, with no web dependencies: a [`GameState`] plus an [`Action`] gives
//! a new state or a typed [`ActionError`] (and then the state is unchanged). The random
//! generator, dice included, lives inside the serializable state. Exactly one player decides
//! at a time ([`GameState::active_player`]), but it may be either side at any moment: an
//! opposition, a block or a retreat interrupts the other player's turn. [`Game`] adds the
//! per-viewer log and the history; [`PlayerView`] holds exactly what one player may know.
//! The rules as implemented are written out in `docs/swr/`.

pub mod action;
mod big_array;
pub mod data;
pub mod game;
pub mod invariants;
pub mod log;
mod rules;
pub mod sampling;
pub mod state;
pub mod view;

pub use action::{Action, ActionError};
pub use data::cards::{ActionCard, Mission, Objective, Tactic};
pub use data::leaders::{LeaderId, Skill};
pub use data::systems::SystemId;
pub use data::team::{Holder, Player, Role, Seat, TeamOptions, COMMAND_ORDER};
pub use data::units::{Theater, UnitKind};
pub use data::Side;
pub use game::{table_log, table_view, Game, SAVE_FORMAT_VERSION};
pub use game_kit::LoadError;
pub use log::{Audience, EventSink, LogEntry, LogEvent, NoLog};
pub use rules::combat::{CombatStep, Fighter, NO_DIE};
pub use rules::effects::Source;
pub use rules::frames::{MissionStep, MoveWhy, RefreshStep};
pub use rules::missions::success_chance;
pub use rules::refresh::HAND_LIMIT;
pub use rules::team::TeamState;
pub use state::{GameOptions, GameState, Loyalty, Phase, Place, Ring};
pub use view::{BaseView, PlayerView, Prompt, TeamView};

/// The step numbers of card effects (`Prompt::Effect { step }`), one module per card group,
/// so that a UI can word each question without copying the numbers.
pub mod steps {
    pub mod imperial {
        pub use crate::rules::effects::imperial::{
            BOUNTY_DESTINATION, CONQUEST_SOURCE, CONQUEST_UNITS, CULL, DROID_DECOY, FEAR_SYSTEM,
            FREE_SUPPLY, HASTEN, HOMING_SYSTEM, HUNT, KEEP_PROJECT, NOBLE_SACRIFICE, OVERSEE,
            REGION_LOYALTY, RETRIEVE_PLANS, STUDY_OR_CLEAR,
        };
    }
    pub mod rebel {
        pub use crate::rules::effects::rebel::step::*;
    }
    pub mod action {
        pub use crate::rules::effects::actions::{
            DECK, DESTINATION, FACES, LEADER, SEARCH, SYSTEM, UNITS, WINDOW,
        };
    }
    pub mod objective {
        pub use crate::rules::objectives::{JEDI_TARGET, PLANS_DICE, PLANS_REROLL, PLANS_TARGET};
    }
    pub mod tactic {
        pub use crate::rules::tactics::{BLOCK, COST, DRAW, REROLL, SHIP};
    }
}
