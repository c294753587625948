//! Rules engine for Star Wars: Empire vs. Rebellion.
//!
//! Pure and deterministic, with no web dependencies: a [`GameState`] plus an [`Action`] gives
//! a new state or a typed [`ActionError`] (and then the state is unchanged). The random
//! generator lives inside the serializable state. [`Game`] adds the per-viewer event log and
//! the action history; [`PlayerView`] holds exactly what one player may know.

pub mod action;
/// The seeded generator, shared with the other engine through `game-kit`.
pub use game_kit::rng;
pub mod cards;
pub mod game;
pub mod log;
mod rules;
pub mod state;
pub mod view;
pub mod zones;

pub use action::{Action, ActionError, EventOrder};
pub use cards::{CardId, CardKind, Character, EventId, ResourceType, Side, Strategy};
pub use game::{hidden_cards, replay_view, Game, LoadError, SAVE_FORMAT_VERSION};
pub use log::{Audience, EventSink, LogEntry, LogEvent, NoLog};
pub use rules::{ActivePlayers, VICTORY_POINTS_TO_WIN};
pub use state::{CharacterSet, GameOptions, GameState, Phase, Variant};
pub use view::PlayerView;
