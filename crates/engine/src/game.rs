//! A game with its history (the state, the per-viewer log and the actions taken): the shared
//! [`game_kit::Recorded`] over this engine's state. This is what the app keeps and saves;
//! search works on the bare [`GameState`].

use crate::action::{Action, ActionError};
use crate::cards::Side;
use crate::log::{LogEntry, LogEvent};
use crate::state::{GameOptions, GameState};
use crate::view::PlayerView;
pub use game_kit::LoadError;

/// Bump when the save layout or the rules change, so that old saves are recognised.
pub const SAVE_FORMAT_VERSION: u32 = 1;

pub type Game = game_kit::Recorded<GameState>;

impl game_kit::Rules for GameState {
    type Options = GameOptions;
    type Side = Side;
    type Action = Action;
    type Error = ActionError;
    type Entry = LogEntry;
    type Event = LogEvent;
    type View = PlayerView;

    const FORMAT: &'static str = "evr-save";
    const VERSION: u32 = SAVE_FORMAT_VERSION;

    fn start(seed: u64, options: GameOptions, log: &mut Vec<LogEntry>) -> Self {
        GameState::new(seed, options, log)
    }

    fn act(
        &mut self,
        side: Side,
        action: Action,
        log: &mut Vec<LogEntry>,
    ) -> Result<(), ActionError> {
        // The state is `Copy`: work on a copy so that a refused action changes nothing.
        let mut next = *self;
        next.apply(side, action, log)?;
        *self = next;
        Ok(())
    }

    fn readable(entry: &LogEntry, viewer: Side) -> Option<&LogEvent> {
        entry.audience.includes(viewer).then_some(&entry.event)
    }

    fn view_with_log(&self, viewer: Side, log: Vec<LogEvent>) -> PlayerView {
        let mut view = self.view(viewer);
        view.log = log;
        view
    }
}
