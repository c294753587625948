//! Star Wars: Rebellion on the link: its `Game` is a [`crate::Duel`].
//!
//! The Rebel should host, so that the base's system never leaves the Rebel's device (the
//! Empire's guest view has no field for it). The engine has no rule for what may be taken
//! back (no `game_kit::Disclosure`: dice, draws and the hidden base make it a question per
//! card), so nothing can be: a request is answered "not possible".

use crate::duel::Engine;
use crate::frame::Wire;
use swr_engine::{Action, GameOptions, GameState, LogEvent, PlayerView, Side};

/// The game as the link plays it.
pub type SwrDuel = swr_engine::Game;

impl Engine for GameState {
    const WIRE: Wire = Wire {
        game: 2,
        rules: swr_engine::SAVE_FORMAT_VERSION,
        layout: 2,
    };
    fn seats(_: &GameOptions) -> Vec<Side> {
        vec![Side::Rebel, Side::Empire]
    }

    fn set_log(view: &mut PlayerView, log: Vec<LogEvent>) {
        view.log = log;
    }

    fn legal_in(view: &PlayerView) -> &[Action] {
        &view.legal
    }
}
