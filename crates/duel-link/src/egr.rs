//! Empires: Galactic Rebellion on the link: its `Game` is a [`crate::Duel`] of 2 to 5 seats
//! (its options' player count), `Seat(0)` to `Seat(n - 1)`.
//!
//! Any seat may host. Nearly everything is public; what no device but the host's holds is
//! what is still to be drawn (the cube bag, the decks, the tiles not yet shown) and the
//! generator: each guest is sent its view and the log entries it may read, which show
//! neither. Take-backs follow the engine's own rule (nothing drawn is ever taken back) but
//! are asked at two seats only.

use crate::duel::Engine;
use crate::frame::Wire;
use egr_engine::{Action, GameOptions, GameState, LogEvent, PlayerView, Seat};
use game_kit::Recorded;

/// The game as the link plays it.
pub type EgrDuel = egr_engine::Game;

impl Engine for GameState {
    const WIRE: Wire = Wire {
        game: 3,
        rules: egr_engine::SAVE_FORMAT_VERSION,
        layout: 1,
    };

    fn seats(options: &GameOptions) -> Vec<Seat> {
        (0..options.players).map(Seat).collect()
    }

    fn set_log(view: &mut PlayerView, log: Vec<LogEvent>) {
        view.log = log;
    }

    fn legal_in(view: &PlayerView) -> &[Action] {
        &view.legal_actions
    }

    fn take_back_point(game: &Recorded<Self>, taker: Seat) -> Option<usize> {
        game.take_back_point(taker, true)
    }
}
