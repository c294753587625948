//! A game with its history (the state, the per-viewer log and the actions taken): the shared
//! [`game_kit::Recorded`] over this engine's state. This is what the app keeps and saves;
//! search works on the bare [`GameState`].

use crate::action::{Action, ActionError};
use crate::cards::Side;
use crate::log::{LogEntry, LogEvent, Zone};
use crate::state::{GameOptions, GameState, Variant};
use crate::view::PlayerView;
pub use game_kit::LoadError;

/// Bump when the save layout or the rules change, so that old saves are recognised.
pub const SAVE_FORMAT_VERSION: u32 = 1;

pub type Game = game_kit::Recorded<GameState>;

/// What a take-back may pass over: moves of cards already face up (a strategy discarded face
/// down is revealed first, by its own entry), tokens, passes, and one's own secret choices. Anything else draws, looks at, shuffles or reveals a card, records the
/// other side's secret, or moves the game on to what the struggle's end reveals.
impl game_kit::Disclosure for GameState {
    fn discloses(entry: &LogEntry, taker: Side) -> bool {
        use LogEvent::*;
        match entry.event {
            CharactersChosen { side, .. } | CharacterPicked { side, .. } => side != taker,
            StrategyChosen { by, random, .. } => random || by != taker,
            PowerUsed { .. }
            | PowerHadNoEffect { .. }
            | InfluenceSpent { .. }
            | Passed { .. }
            | CardExhausted { .. }
            | InfluenceGained { .. }
            | InfluenceLost { .. }
            | StrategiesRetrieved { .. }
            | StrategyDiscarded { .. } => false,
            CardDiscarded { from, .. } | CharacterToReserve { from, .. } => from != Zone::Play,
            CardPlayed { from, .. } => from != Zone::Discard,
            CardPutOnTop { from, .. } => !matches!(from, Zone::Play | Zone::Discard),
            _ => true,
        }
    }
}

/// Finished games travel as short codes (see [`game_kit::share`]).
impl game_kit::Shareable for GameState {
    fn to_act(&self) -> Vec<Side> {
        self.active_players().iter().collect()
    }

    fn legal(&self, side: Side) -> Vec<Action> {
        self.legal_actions(side)
    }

    fn options_byte(options: GameOptions) -> u8 {
        match options.variant {
            Variant::Full => 0,
            Variant::Tutorial => 1,
        }
    }

    fn options_from_byte(byte: u8) -> Option<GameOptions> {
        let variant = match byte {
            0 => Variant::Full,
            1 => Variant::Tutorial,
            _ => return None,
        };
        Some(GameOptions { variant })
    }
}

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
