//! Player against player through [`swr_engine::Game`], exactly as the app drives a game: a new
//! game from a seed, then whoever is active gets their own view (with their log) and answers.

use crate::Player;
use swr_engine::{Game, GameOptions, Side};

/// A game stops being played after this many actions (a finished game needs a few thousand);
/// it is then reported as unfinished.
pub const ACTION_CAP: u32 = 200_000;

/// How one game went.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct GameRecord {
    pub seed: u64,
    /// `None`: the action cap was reached (should never happen).
    pub winner: Option<Side>,
    /// The time marker when the game ended (the round being played).
    pub rounds: u8,
    /// Actions applied, both players together.
    pub actions: u32,
    /// A player answered with an action that was not legal (it then loses the game).
    pub illegal: Option<Side>,
}

/// Plays one game from `seed`, `empire` against `rebel`, at most `cap` actions.
pub fn play_game(
    seed: u64,
    empire: &mut dyn Player,
    rebel: &mut dyn Player,
    cap: u32,
) -> GameRecord {
    play_game_recorded(seed, empire, rebel, cap).0
}

/// [`play_game`], also returning the game itself (its history, log and final state).
pub fn play_game_recorded(
    seed: u64,
    empire: &mut dyn Player,
    rebel: &mut dyn Player,
    cap: u32,
) -> (GameRecord, Game) {
    let mut game = Game::new(seed, GameOptions::default());
    let mut actions = 0;
    let mut illegal = None;
    while let Some(side) = game.state().active_player() {
        if actions >= cap {
            break;
        }
        let view = game.view(side);
        let player: &mut dyn Player = match side {
            Side::Empire => empire,
            Side::Rebel => rebel,
        };
        let action = player.choose(&view);
        if game.apply(side, action).is_err() {
            illegal = Some(side);
            break;
        }
        actions += 1;
    }
    let winner = match illegal {
        Some(side) => Some(side.other()),
        None => game.state().winner(),
    };
    let record = GameRecord {
        seed,
        winner,
        rounds: game.state().time(),
        actions,
        illegal,
    };
    (record, game)
}
