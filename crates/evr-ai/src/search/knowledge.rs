//! What a player remembers beyond the table in front of them, read from their own log:
//! cards known to lie on top of a deck, characters known to be in the opponent's reserve or
//! deck, and the order of the top and bottom of the event deck.
//!
//! Everything here comes from log entries the player may read, so it is exactly what a
//! careful human could remember. The sampler treats it as a hint: whatever no longer fits the
//! view (say, a reshuffle we failed to notice) is dropped, never forced.

use evr_engine::cards::{CardId, Character, EventId, Side};
use evr_engine::log::LogEvent;
use evr_engine::PlayerView;

#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Knowledge {
    /// Cards known to be on top of each side's deck, by side index; the last is the top.
    pub deck_top: [Vec<CardId>; 2],
    /// Opponent characters known to be in their reserve.
    pub opponent_reserve: Vec<CardId>,
    /// Opponent characters known to be somewhere in their deck.
    pub opponent_deck: Vec<CardId>,
    /// Events known to be on top of the event deck, top first.
    pub event_top: Vec<EventId>,
    /// Events known to be at the bottom of the event deck, bottom first.
    pub event_bottom: Vec<EventId>,
}

impl Knowledge {
    /// Reads the viewer's log from the start.
    pub fn read(view: &PlayerView) -> Knowledge {
        let me = view.viewer;
        let opponent = me.opponent();
        let mut k = Knowledge::default();
        let mut last_power: Option<CardId> = None;
        for event in &view.log {
            match *event {
                LogEvent::PowerUsed { card, .. } => last_power = Some(card),
                LogEvent::CardPlayed { card, .. } | LogEvent::CardDiscarded { card, .. } => {
                    k.forget_card(card)
                }
                LogEvent::DeckShuffled { side } | LogEvent::DiscardReshuffled { side } => {
                    k.deck_top[side.index()].clear()
                }
                LogEvent::CardsSeen {
                    side,
                    deck,
                    cards: Some([top, _]),
                    count: 1,
                } if side == me
                    && deck == me
                    && last_power.and_then(CardId::character) == Some(Character::JabbaTheHutt) =>
                {
                    // Jabba looks at the top card and leaves it there unless he plays it.
                    k.forget_card(top);
                    k.deck_top[me.index()].push(top);
                }
                LogEvent::CardPutOnTop { deck, card, .. } => match card {
                    Some(card) => {
                        k.forget_card(card);
                        k.deck_top[deck.index()].push(card);
                    }
                    // Something we may not know went on top: what we knew is buried under it.
                    None => k.deck_top[deck.index()].clear(),
                },
                LogEvent::CharacterToReserve {
                    side,
                    card: Some(card),
                    ..
                } if side == opponent => {
                    k.forget_card(card);
                    k.opponent_reserve.push(card);
                }
                LogEvent::CharacterShuffledIn { side, card } => {
                    k.deck_top[side.index()].clear();
                    if side == opponent {
                        match card {
                            Some(card) => {
                                k.forget_card(card);
                                k.opponent_deck.push(card);
                            }
                            // One of the reserve went into the deck, we cannot tell which.
                            None => k.opponent_reserve.clear(),
                        }
                    }
                }
                LogEvent::EventsReordered {
                    side,
                    seen: Some(top),
                } if side == me => {
                    k.event_top = top.iter().flatten().copied().collect();
                }
                LogEvent::EventToBottom { event } => k.event_bottom.insert(0, event),
                LogEvent::RoundStarted { event, .. } => {
                    k.event_top.retain(|&e| e != event);
                    k.event_bottom.retain(|&e| e != event);
                }
                _ => {}
            }
        }
        k
    }

    fn forget_card(&mut self, card: CardId) {
        for top in &mut self.deck_top {
            top.retain(|&c| c != card);
        }
        self.opponent_reserve.retain(|&c| c != card);
        self.opponent_deck.retain(|&c| c != card);
    }

    /// The cards known on top of `side`'s deck, last on top.
    pub fn top_of(&self, side: Side) -> &[CardId] {
        &self.deck_top[side.index()]
    }
}
