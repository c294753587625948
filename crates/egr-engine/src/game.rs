//! A game with its history (the state, the per-viewer log and the actions taken): the shared
//! [`game_kit::Recorded`] over this engine's state, with saves, take-back and share codes.

use crate::action::{Action, ActionError};
use crate::data::Seat;
use crate::log::{LogEntry, LogEvent};
use crate::options::{GameOptions, OptionsError};
use crate::state::GameState;
use crate::view::PlayerView;

/// Bump when the save layout or the rules change, so that old saves are recognised. Version
/// 2: the fixes of the rules review (docs/egr/rules.md §17.3), under which the same actions
/// play out otherwise (the Senate's Election Hack Rebel in Phase 4, the Rebel Fleet's marker, a
/// lone Senate bidder who must bid, temporary cubes capped at ten, the new rulings and Covert
/// Mission options). A version 1 save is refused as too old ([`game_kit::LoadError::TooOld`])
/// rather than replayed into a game its player never saw.
pub const SAVE_FORMAT_VERSION: u32 = 2;

pub type Game = game_kit::Recorded<GameState>;

/// A new recorded game, or why these options cannot start one. [`Game::new`] itself panics on
/// options that [`GameOptions::check`] refuses, so that a game always holds (reports, saves and
/// shares) exactly the options it plays with: an app calls this, or checks the options first.
pub fn new_game(seed: u64, options: GameOptions) -> Result<Game, OptionsError> {
    options.check()?;
    Ok(Game::new(seed, options))
}

impl game_kit::Rules for GameState {
    type Options = GameOptions;
    type Side = Seat;
    type Action = Action;
    type Error = ActionError;
    type Entry = LogEntry;
    type Event = LogEvent;
    type View = PlayerView;

    const FORMAT: &'static str = "egr-save";
    const VERSION: u32 = SAVE_FORMAT_VERSION;
    /// No older save is replayed: every version 1 game would replay otherwise.
    const OLDEST_REPLAYABLE: u32 = SAVE_FORMAT_VERSION;

    /// Options come here checked: from [`new_game`], or from a save or a share code, whose
    /// options are checked as they are read (refused options never reach this).
    fn start(seed: u64, options: GameOptions, log: &mut Vec<LogEntry>) -> Self {
        GameState::new(seed, options, log)
    }

    fn act(
        &mut self,
        seat: Seat,
        action: Action,
        log: &mut Vec<LogEntry>,
    ) -> Result<(), ActionError> {
        // `apply` checks legality before touching anything: a refused action changes nothing.
        self.apply(seat, action, log)
    }

    fn readable(entry: &LogEntry, viewer: Seat) -> Option<&LogEvent> {
        entry.audience.includes(viewer).then_some(&entry.event)
    }

    fn view_with_log(&self, viewer: Seat, log: Vec<LogEvent>) -> PlayerView {
        let mut view = self.view(viewer);
        view.log = log;
        view
    }
}

/// What a take-back may not pass over: anything drawn at random (goods, cards, tiles, bag
/// draws, a tie drawn from the bag, pieces drawn for removal) and the end of the game. There
/// are no secret choices in this game.
impl game_kit::Disclosure for GameState {
    fn discloses(entry: &LogEntry, _taker: Seat) -> bool {
        use LogEvent::*;
        matches!(
            entry.event,
            GoodsShown { .. }
                | GoodDrawn { .. }
                | MissionShown { .. }
                | ImperialShown { .. }
                | ImperialDrawn { .. }
                | TechShown { .. }
                | Battle { .. }
                | WarTarget { drawn: true, .. }
                | DeckReshuffled { .. }
                | RandomRemoval { .. }
                | GameOver { .. }
        )
    }
}

/// Finished games travel as short codes (see [`game_kit::share`]); the options, board numbers
/// and rulings included, take 37 bytes of it.
impl game_kit::Shareable for GameState {
    fn to_act(&self) -> Vec<Seat> {
        self.active_player().into_iter().collect()
    }

    fn legal(&self, seat: Seat) -> Vec<Action> {
        self.legal_actions(seat)
    }

    /// The player count alone (for a code that has room for one byte only).
    fn options_byte(options: GameOptions) -> u8 {
        options.players
    }

    fn options_from_byte(byte: u8) -> Option<GameOptions> {
        (2..=5).contains(&byte).then(|| GameOptions::new(byte))
    }

    fn options_bytes(options: GameOptions) -> Vec<u8> {
        options.to_bytes()
    }

    fn options_from_bytes(bytes: &[u8]) -> Option<(GameOptions, usize)> {
        GameOptions::from_bytes(bytes)
    }
}
