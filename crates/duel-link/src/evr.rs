//! Empire vs. Rebellion on the link: its `Game` is a [`crate::Duel`].
//!
//! Either side may host. Taking back follows the engine's own rule
//! ([`game_kit::Recorded::take_back_point`] with the other player's moves since included,
//! since they consent), so nothing that let hidden information out is ever taken back.

use crate::duel::Engine;
use crate::frame::Wire;
use evr_engine::{Action, GameOptions, GameState, LogEvent, PlayerView, Side};
use game_kit::Recorded;

/// The game as the link plays it.
pub type EvrDuel = evr_engine::Game;

impl Engine for GameState {
    const WIRE: Wire = Wire {
        game: 1,
        rules: evr_engine::SAVE_FORMAT_VERSION,
        layout: 1,
    };
    fn seats(_: &GameOptions) -> Vec<Side> {
        vec![Side::Rebel, Side::Imperial]
    }

    fn set_log(view: &mut PlayerView, log: Vec<LogEvent>) {
        view.log = log;
    }

    fn legal_in(view: &PlayerView) -> &[Action] {
        &view.legal_actions
    }

    fn take_back_point(game: &Recorded<Self>, taker: Side) -> Option<usize> {
        game.take_back_point(taker, true)
    }
}
