//! The game's event log. Every entry says who may read it; a secret is written twice, once in
//! full for those who know it and once without the secret for the other player.

use crate::cards::{CardId, EventId, Side, Strategy};
use crate::state::CharacterSet;
use serde::{Deserialize, Serialize};

/// Who may read a log entry.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Audience {
    Everyone,
    Only(Side),
}

impl Audience {
    pub fn includes(self, viewer: Side) -> bool {
        match self {
            Audience::Everyone => true,
            Audience::Only(side) => side == viewer,
        }
    }
}

/// Where a card was when something happened to it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Zone {
    Deck,
    Discard,
    Play,
    Reserve,
}

/// Something that happened, in terms the UI can render and the AI can reason about.
/// `side` fields name the player concerned; card owners follow from [`CardId::side`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum LogEvent {
    /// A player has made their secret character choice (`chosen` only for that player).
    CharactersChosen {
        side: Side,
        chosen: Option<CharacterSet>,
    },
    /// The balance token was set (at setup or cleanup).
    BalanceToken {
        side: Side,
    },
    RoundStarted {
        round: u16,
        event: EventId,
    },
    /// A strategy was chosen for `side` by `by`; `strategy` only for those who may know it.
    StrategyChosen {
        side: Side,
        by: Side,
        strategy: Option<Strategy>,
        random: bool,
    },
    /// A strategy card was turned face up for both players.
    StrategyRevealed {
        side: Side,
        strategy: Strategy,
    },
    /// A strategy card was discarded face up.
    StrategyDiscarded {
        side: Side,
        strategy: Strategy,
    },
    StrategiesRetrieved {
        side: Side,
    },
    /// A card went into play: drawn from the deck, or taken from the discard pile or the
    /// reserve by a power.
    CardPlayed {
        side: Side,
        card: CardId,
        from: Zone,
    },
    PowerUsed {
        side: Side,
        card: CardId,
    },
    /// The power could not be resolved: the card was exhausted with no effect.
    PowerHadNoEffect {
        side: Side,
        card: CardId,
    },
    InfluenceSpent {
        side: Side,
        card: CardId,
    },
    Passed {
        side: Side,
    },
    CardDiscarded {
        card: CardId,
        from: Zone,
    },
    CardExhausted {
        card: CardId,
    },
    /// The discard pile was shuffled into a new resource deck.
    DiscardReshuffled {
        side: Side,
    },
    DeckShuffled {
        side: Side,
    },
    /// A player looked at cards of a deck; `cards` only for that player.
    CardsSeen {
        side: Side,
        deck: Side,
        count: u8,
        cards: Option<[CardId; 2]>,
    },
    /// A player searched a whole resource deck.
    DeckSearched {
        side: Side,
        deck: Side,
    },
    /// A card was put on top of its deck; `card` is hidden from those who may not know it.
    CardPutOnTop {
        deck: Side,
        card: Option<CardId>,
        from: Zone,
    },
    /// A character went into a reserve; `card` is None when the opponent may not know it.
    CharacterToReserve {
        side: Side,
        card: Option<CardId>,
        from: Zone,
    },
    /// Leia: a player picked a character of their reserve (`card` only for them), to play it
    /// or shuffle it in next.
    CharacterPicked {
        side: Side,
        card: Option<CardId>,
    },
    /// A character from the reserve was shuffled into the resource deck.
    CharacterShuffledIn {
        side: Side,
        card: Option<CardId>,
    },
    InfluenceGained {
        side: Side,
        amount: u32,
    },
    InfluenceLost {
        side: Side,
        amount: u32,
    },
    StruggleEnded {
        totals: [u32; 2],
    },
    /// A strategy is not resolved because its owner exceeded the objective value or both
    /// players chose Deception.
    StrategyNotResolved {
        side: Side,
        strategy: Strategy,
    },
    StrategyResolved {
        side: Side,
        strategy: Strategy,
    },
    DominanceDecided {
        winner: Option<Side>,
        totals: [u32; 2],
    },
    /// The event was won: victory points and influence follow.
    EventWon {
        side: Side,
        event: EventId,
        victory_points: u8,
        influence: u8,
    },
    /// Nobody won: the event goes face down under the event deck.
    EventToBottom {
        event: EventId,
    },
    /// Balance of the Force: the winner reordered the top events (`order` only for them).
    EventsReordered {
        side: Side,
        seen: Option<[Option<EventId>; 3]>,
    },
    GameOver {
        winner: Option<Side>,
    },
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct LogEntry {
    pub audience: Audience,
    pub event: LogEvent,
}

/// Where the rules write what happens. Search and benchmarks use [`NoLog`].
pub trait EventSink {
    fn push(&mut self, audience: Audience, event: LogEvent);

    fn public(&mut self, event: LogEvent) {
        self.push(Audience::Everyone, event);
    }

    /// A secret known to `knower`: the full entry for them, the redacted one for the other.
    fn secret(&mut self, knower: Side, full: LogEvent, redacted: LogEvent) {
        self.push(Audience::Only(knower), full);
        self.push(Audience::Only(knower.opponent()), redacted);
    }
}

/// Discards everything: for search and benchmarks.
pub struct NoLog;

impl EventSink for NoLog {
    #[inline(always)]
    fn push(&mut self, _: Audience, _: LogEvent) {}
}

impl EventSink for Vec<LogEntry> {
    fn push(&mut self, audience: Audience, event: LogEvent) {
        Vec::push(self, LogEntry { audience, event });
    }
}
