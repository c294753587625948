//! Rules engine for Empires: Galactic Rebellion (Glenn Drover, Eagle-Gryphon Games, 2016),
//! the base game for 2 to 5 players.
//!
//! Pure and deterministic, with no web dependencies: a [`GameState`] plus an [`Action`] gives
//! a new state or a typed [`ActionError`] (and then the state is unchanged). The random
//! generator lives inside the serializable state, and every deck, tile and bag is drawn from at
//! the moment of the draw, so no hidden order is ever stored. One seat decides at a time
//! ([`GameState::active_player`]). [`Game`] adds the per-viewer log and the history;
//! [`PlayerView`] holds what one player sees, and [`odds`] reads a battle's chance and the
//! Galactic War's outcome from it. The numbers the rulebook does not print are in
//! [`BoardNumbers`], part of the [`GameOptions`] with the switchable [`Rulings`]; options that
//! make no sense never start a game ([`new_game`] and [`GameState::try_new`] say why, as an
//! [`OptionsError`]). The rules as implemented are written out in `docs/egr/rules.md`.

pub mod action;
pub mod data;
pub mod game;
pub mod invariants;
pub mod log;
pub mod odds;
pub mod options;
mod rules;
pub mod sampling;
pub mod state;
pub mod view;

pub use action::{Action, ActionError, Spot, Target};
pub use data::imperial::ImperialCard;
pub use data::missions::Mission;
pub use data::numbers::{BoardNumbers, PowerTile};
pub use data::techs::Tech;
pub use data::{Good, Kind, Place, Planet, Seat};
pub use game::{new_game, Game, SAVE_FORMAT_VERSION};
pub use game_kit::LoadError;
pub use log::{Audience, EventSink, LogEntry, LogEvent, NoLog};
pub use odds::{win_chance, Battle, SeatForecast, WarForecast};
pub use options::{GameOptions, OptionsError, OptionsProblem, Rulings};
pub use rules::frames::{Attacker, Effect, Frame as Prompt, Then};
pub use rules::research::price as research_price;
pub use rules::scoring::{planet_awards, tech_points};
pub use rules::trade::set_value;
pub use sampling::{sample, SampleError};
pub use state::{GameState, Outcome, Score, Step};
pub use view::PlayerView;
