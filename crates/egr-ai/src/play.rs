//! One game between computer players through [`egr_engine::Game`], exactly as the app plays
//! it: the seat to act gets `game.view(seat)` and nothing else, and its answer goes through
//! `Game::apply`, which refuses anything illegal.

use crate::Player;
use egr_engine::{Action, Game, GameOptions, Seat};
use std::time::Duration;

/// A game far longer than any real one (random games take a few hundred actions): stop
/// there and report it rather than loop.
const MAX_ACTIONS: usize = 20_000;

/// How a game ended.
#[derive(Clone, Debug, PartialEq)]
pub struct GameRecord {
    /// The winners (more than one only when the tie-breaks leave a tie).
    pub winners: Vec<Seat>,
    /// Every seat's final total.
    pub totals: Vec<u16>,
    /// Actions taken, by all seats (the engine's forced answers are not actions).
    pub actions: usize,
    /// Decisions each seat made, and the time its player took over them (zero in the browser).
    pub decisions: Vec<usize>,
    pub thinking: Vec<Duration>,
}

/// Why a game could not be played to its end.
#[derive(Clone, Debug, PartialEq)]
pub enum PlayError {
    /// A player answered with an action its view did not list.
    Illegal {
        seat: Seat,
        player: String,
        action: Action,
        why: String,
    },
    /// The game went on past [`MAX_ACTIONS`].
    TooLong,
}

impl std::fmt::Display for PlayError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            PlayError::Illegal {
                seat,
                player,
                action,
                why,
            } => write!(f, "{player} in seat {} chose {action:?}: {why}", seat.0),
            PlayError::TooLong => write!(f, "no end after {MAX_ACTIONS} actions"),
        }
    }
}

/// `f`'s result and the time it took, natively. In the browser the library reads no clock
/// (`Instant::now` panics on wasm32-unknown-unknown): there the time is zero.
fn timed<T>(f: impl FnOnce() -> T) -> (T, Duration) {
    #[cfg(not(target_arch = "wasm32"))]
    {
        let start = std::time::Instant::now();
        let result = f();
        (result, start.elapsed())
    }
    #[cfg(target_arch = "wasm32")]
    (f(), Duration::ZERO)
}

/// Plays a game of `players.len()` seats from `seed`; `players[i]` sits in seat `i`.
pub fn play_game(
    seed: u64,
    options: GameOptions,
    players: &mut [Box<dyn Player + '_>],
) -> Result<GameRecord, PlayError> {
    assert_eq!(
        players.len(),
        options.players as usize,
        "one player per seat"
    );
    let mut game = Game::new(seed, options);
    let n = players.len();
    let mut decisions = vec![0; n];
    let mut thinking = vec![Duration::ZERO; n];
    while let Some(seat) = game.state().active_player() {
        if game.history().len() >= MAX_ACTIONS {
            return Err(PlayError::TooLong);
        }
        let view = game.view(seat);
        let player = &mut players[seat.index()];
        let (action, took) = timed(|| player.choose(&view));
        thinking[seat.index()] += took;
        decisions[seat.index()] += 1;
        if !view.legal_actions.contains(&action) {
            return Err(PlayError::Illegal {
                seat,
                player: player.name().to_string(),
                action,
                why: "not among the view's legal actions".into(),
            });
        }
        game.apply(seat, action).map_err(|e| PlayError::Illegal {
            seat,
            player: player.name().to_string(),
            action,
            why: e.to_string(),
        })?;
    }
    let state = game.state();
    Ok(GameRecord {
        winners: state.winners(),
        totals: state.seats().map(|s| state.score(s).total()).collect(),
        actions: game.history().len(),
        decisions,
        thinking,
    })
}
