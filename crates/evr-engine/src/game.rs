//! A game with its history (the state, the per-viewer log and the actions taken): the shared
//! [`game_kit::Recorded`] over this engine's state. This is what the app keeps and saves;
//! search works on the bare [`GameState`].

use crate::action::{Action, ActionError};
use crate::cards::Side;
use crate::log::{Audience, LogEntry, LogEvent, Zone};
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

/// A position of a game being replayed after its end, when nothing is secret any more: the
/// view from `seat`, with the other side's strategy card face up, no decision to make, and
/// every log entry in full (a secret is written twice, in full and without the secret: the
/// full one is kept). Never for a game in progress: it shows what a player may not know.
pub fn replay_view(game: &Game, seat: Side) -> PlayerView {
    let mut view = game.state().view(seat);
    if let Some(strategy) = game.state().side(seat.opponent()).strategy {
        view.opponent.strategy = crate::view::OpponentStrategy::Known(strategy);
    }
    view.decision = None;
    view.legal_actions.clear();
    let entries = game.entries();
    let mut log = Vec::with_capacity(entries.len());
    let mut i = 0;
    while i < entries.len() {
        let entry = &entries[i];
        log.push(entry.event);
        // `EventSink::secret` writes the full entry, then the redacted one for the other side.
        let twin = entries.get(i + 1).is_some_and(|next| {
            matches!((entry.audience, next.audience), (Audience::Only(a), Audience::Only(b)) if a != b)
                && std::mem::discriminant(&entry.event) == std::mem::discriminant(&next.event)
        });
        i += if twin { 2 } else { 1 };
    }
    view.log = log;
    view
}

/// Both sides' hidden cards at a position of a replayed game: each reserve and each deck,
/// top card first.
pub fn hidden_cards(game: &Game) -> [(Vec<crate::CardId>, Vec<crate::CardId>); 2] {
    Side::BOTH.map(|side| {
        let s = game.state().side(side);
        (s.reserve.iter().collect(), s.deck.iter().rev().collect())
    })
}
