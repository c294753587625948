//! A game with its history (the state, the per-viewer log and the actions taken): the shared
//! [`game_kit::Recorded`] over this engine's state. This is what the app keeps and saves;
//! search works on the bare [`GameState`].

use crate::action::{Action, ActionError};
use crate::data::Side;
use crate::log::{Audience, LogEntry, LogEvent};
use crate::state::{GameOptions, GameState};
use crate::view::PlayerView;

/// Bump when the save layout or the rules change, so that old saves are recognised. Version
/// 2: the rules fixes of the independent check (docs/swr/rules.md §26). Saves of version 1
/// still load when today's rules accept their history.
pub const SAVE_FORMAT_VERSION: u32 = 2;

pub type Game = game_kit::Recorded<GameState>;

/// What a screen both players may be looking at shows: the table's view
/// ([`GameState::table_view`]) and the log both players read ([`table_log`]).
pub fn table_view(game: &Game) -> PlayerView {
    let mut view = game.state().table_view();
    view.log = table_log(game.entries());
    view
}

/// The log entries both players read: those written for everyone, and of each secret the
/// half written for the player it is kept from, which says what both know of it (the log
/// writes a secret as the full entry for its owner, then that half: `LogExt::secret`). An
/// entry for one player only is left out.
pub fn table_log(entries: &[LogEntry]) -> Vec<LogEvent> {
    let mut out = Vec::new();
    let mut i = 0;
    while let Some(entry) = entries.get(i) {
        i += 1;
        match (entry.audience, entries.get(i)) {
            (Audience::Everyone, _) => out.push(entry.event.clone()),
            (Audience::Only(owner), Some(half))
                if half.audience == Audience::Only(owner.other())
                    && std::mem::discriminant(&half.event)
                        == std::mem::discriminant(&entry.event) =>
            {
                out.push(half.event.clone());
                i += 1;
            }
            _ => {}
        }
    }
    out
}

impl game_kit::Rules for GameState {
    type Options = GameOptions;
    type Side = Side;
    type Action = Action;
    type Error = ActionError;
    type Entry = LogEntry;
    type Event = LogEvent;
    type View = PlayerView;

    const FORMAT: &'static str = "swr-save";
    const VERSION: u32 = SAVE_FORMAT_VERSION;
    const OLDEST_REPLAYABLE: u32 = 1;

    fn start(seed: u64, options: GameOptions, log: &mut Vec<LogEntry>) -> Self {
        GameState::new(seed, options, log)
    }

    fn act(
        &mut self,
        side: Side,
        action: Action,
        log: &mut Vec<LogEntry>,
    ) -> Result<(), ActionError> {
        // `apply` checks legality first: a refused action changes nothing.
        self.apply(side, action, log)
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

/// Games travel as short codes (see [`game_kit::share`]): for compact saves, and for sharing.
impl game_kit::Shareable for GameState {
    fn to_act(&self) -> Vec<Side> {
        self.active_player().into_iter().collect()
    }

    fn legal(&self, side: Side) -> Vec<Action> {
        self.legal_actions(side)
    }

    /// 0 for two players, else the team game's number of players (3 or 4).
    fn options_byte(options: GameOptions) -> u8 {
        options.team.map_or(0, |t| t.players)
    }

    fn options_from_byte(byte: u8) -> Option<GameOptions> {
        match byte {
            0 => Some(GameOptions::default()),
            3 | 4 => Some(GameOptions::team(byte)),
            _ => None,
        }
    }
}
