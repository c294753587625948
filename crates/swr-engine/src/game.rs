//! A game with its history: the state, the per-viewer log and the actions taken. This is
//! what the app keeps and saves; search works on the bare [`GameState`].

use crate::action::{Action, ActionError};
use crate::data::Side;
use crate::log::{LogEntry, LogEvent};
use crate::state::{GameOptions, GameState};
use crate::view::PlayerView;
use game_kit::{check_envelope, LoadError};
use serde::{Deserialize, Serialize};

/// Bump when the save layout or the rules change, so that old saves are recognised.
pub const SAVE_FORMAT_VERSION: u32 = 1;
const SAVE_FORMAT_NAME: &str = "swr-save";

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Game {
    seed: u64,
    options: GameOptions,
    state: GameState,
    log: Vec<LogEntry>,
    history: Vec<(Side, Action)>,
}

#[derive(Serialize)]
struct SaveOut<'a> {
    format: &'a str,
    version: u32,
    game: &'a Game,
}

#[derive(Deserialize)]
struct SaveIn {
    game: Game,
}

impl Game {
    pub fn new(seed: u64, options: GameOptions) -> Game {
        let mut log = Vec::new();
        let state = GameState::new(seed, options, &mut log);
        Game {
            seed,
            options,
            state,
            log,
            history: Vec::new(),
        }
    }

    /// Replays a list of actions from a seed; stops at the first refused action.
    pub fn replay(
        seed: u64,
        options: GameOptions,
        actions: &[(Side, Action)],
    ) -> Result<Game, (usize, ActionError)> {
        let mut game = Game::new(seed, options);
        for (i, &(player, action)) in actions.iter().enumerate() {
            game.apply(player, action).map_err(|e| (i, e))?;
        }
        Ok(game)
    }

    pub fn state(&self) -> &GameState {
        &self.state
    }

    pub fn seed(&self) -> u64 {
        self.seed
    }

    pub fn options(&self) -> GameOptions {
        self.options
    }

    pub fn history(&self) -> &[(Side, Action)] {
        &self.history
    }

    /// Applies an action; returns the index of the first log entry it wrote. On error
    /// nothing changes.
    pub fn apply(&mut self, player: Side, action: Action) -> Result<usize, ActionError> {
        let first = self.log.len();
        self.state.apply(player, action, &mut self.log)?;
        self.history.push((player, action));
        Ok(first)
    }

    /// The log entries `viewer` may read, from entry index `from` on.
    pub fn log_for(&self, viewer: Side, from: usize) -> impl Iterator<Item = &LogEvent> {
        self.log[from.min(self.log.len())..]
            .iter()
            .filter(move |e| e.audience.includes(viewer))
            .map(|e| &e.event)
    }

    /// Everything `viewer` may know, log included.
    pub fn view(&self, viewer: Side) -> PlayerView {
        let mut view = self.state.view(viewer);
        view.log = self.log_for(viewer, 0).cloned().collect();
        view
    }

    /// The game as a versioned JSON save.
    pub fn save(&self) -> String {
        serde_json::to_string(&SaveOut {
            format: SAVE_FORMAT_NAME,
            version: SAVE_FORMAT_VERSION,
            game: self,
        })
        .unwrap_or_default()
    }

    /// Reads a save, checking its format, version and that its history really leads to its
    /// state (so a damaged save is refused, never half-loaded).
    pub fn load(text: &str) -> Result<Game, LoadError> {
        check_envelope(text, SAVE_FORMAT_NAME, SAVE_FORMAT_VERSION)?;
        let saved: SaveIn =
            serde_json::from_str(text).map_err(|e| LoadError::Corrupt(e.to_string()))?;
        let saved = saved.game;
        let replayed =
            Game::replay(saved.seed, saved.options, &saved.history).map_err(|(i, e)| {
                LoadError::Corrupt(format!("action {} of its history is refused: {e}", i + 1))
            })?;
        if replayed != saved {
            return Err(LoadError::Corrupt(
                "its history does not lead to its state".into(),
            ));
        }
        Ok(saved)
    }
}
