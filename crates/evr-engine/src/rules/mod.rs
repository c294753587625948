//! The rules: how each action changes the state. Every public entry point is on
//! [`GameState`]; the submodules hold one phase each.

mod dominance;
mod legal;
mod planning;
mod powers;
mod setup;
mod struggle;

pub use dominance::VICTORY_POINTS_TO_WIN;

use crate::action::{Action, ActionError};
use crate::cards::{CardId, EventCard, Side};
use crate::log::{EventSink, LogEvent, Zone};
use crate::state::{GameOptions, GameState, Phase};
use crate::zones::CardList;

/// The players who must act now: both during the secret simultaneous choices, one otherwise,
/// none when the game is over.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub struct ActivePlayers(u8);

impl ActivePlayers {
    pub fn none() -> Self {
        ActivePlayers(0)
    }

    pub fn one(side: Side) -> Self {
        ActivePlayers(1 << side.index())
    }

    pub fn with(self, side: Side) -> Self {
        ActivePlayers(self.0 | 1 << side.index())
    }

    pub fn contains(self, side: Side) -> bool {
        self.0 & (1 << side.index()) != 0
    }

    pub fn is_empty(self) -> bool {
        self.0 == 0
    }

    pub fn iter(self) -> impl Iterator<Item = Side> {
        Side::BOTH.into_iter().filter(move |s| self.contains(*s))
    }
}

impl GameState {
    /// A new game from a seed. The same seed and options always give the same game.
    pub fn new(seed: u64, options: GameOptions, log: &mut impl EventSink) -> GameState {
        setup::new_game(seed, options, log)
    }

    /// Who must act now.
    pub fn active_players(&self) -> ActivePlayers {
        legal::active_players(self)
    }

    pub fn is_over(&self) -> bool {
        matches!(self.phase, Phase::GameOver { .. })
    }

    pub fn winner(&self) -> Option<Side> {
        match self.phase {
            Phase::GameOver { winner } => winner,
            _ => None,
        }
    }

    /// The legal actions of `player`, appended to `out` (cleared first). Empty when the
    /// player need not act.
    pub fn legal_actions_into(&self, player: Side, out: &mut Vec<Action>) {
        out.clear();
        legal::legal_actions(self, player, out);
    }

    pub fn legal_actions(&self, player: Side) -> Vec<Action> {
        let mut out = Vec::with_capacity(16);
        self.legal_actions_into(player, &mut out);
        out
    }

    pub fn is_legal(&self, player: Side, action: Action) -> bool {
        let mut out = Vec::with_capacity(16);
        self.legal_actions_into(player, &mut out);
        out.contains(&action)
    }

    /// Applies an action of `player`. On error the state is unchanged and nothing is logged.
    pub fn apply(
        &mut self,
        player: Side,
        action: Action,
        log: &mut impl EventSink,
    ) -> Result<(), ActionError> {
        if !self.is_legal(player, action) {
            return Err(legal::diagnose(self, player, action));
        }
        self.apply_legal(player, action, log);
        Ok(())
    }

    /// Applies an action already known to be legal (taken from `legal_actions`). The fast
    /// path for search and benchmarks; an illegal action here may leave a wrong state.
    pub fn apply_legal(&mut self, player: Side, action: Action, log: &mut impl EventSink) {
        match self.phase {
            Phase::ChooseCharacters { .. } => setup::choose_characters(self, player, action, log),
            Phase::ChooseStrategies => planning::choose_strategy(self, player, action, log),
            Phase::Struggle { power: None, .. } => struggle::take_turn(self, player, action, log),
            Phase::Struggle {
                power: Some((card, step)),
                ..
            } => powers::answer(self, card, step, action, log),
            Phase::Dominance(progress) => dominance::answer(self, progress, action, log),
            Phase::GameOver { .. } => {}
        }
    }

    /// The event being fought over this round.
    pub fn event_card(&self) -> Option<&'static EventCard> {
        self.event.map(|e| e.card())
    }

    pub fn capacity(&self) -> usize {
        self.event_card().map_or(0, |e| e.capacity as usize)
    }

    /// Whether `side` may put one more card into play (capacity) from a deck or discard pile
    /// that still holds a card.
    pub fn can_play_from_deck(&self, side: Side) -> bool {
        let s = self.side(side);
        s.play.len() < self.capacity() && !(s.deck.is_empty() && s.discard.is_empty())
    }

    pub fn has_room(&self, side: Side) -> bool {
        self.side(side).play.len() < self.capacity()
    }
}

// Shared moves used by several phases.

/// Shuffles the discard pile into a new deck when the deck is empty (ruling 5). Returns
/// whether the deck now holds a card.
fn refill_deck(state: &mut GameState, side: Side, log: &mut impl EventSink) -> bool {
    let s = &mut state.sides[side.index()];
    if s.deck.is_empty() && !s.discard.is_empty() {
        s.deck = s.discard;
        s.discard.clear();
        state.rng.shuffle(s.deck.as_mut_slice());
        log.public(LogEvent::DiscardReshuffled { side });
    }
    !state.sides[side.index()].deck.is_empty()
}

/// The cards of a pile in card order: the choices offered from a face-down deck or a reserve
/// must not tell the order of that pile.
fn in_card_order(pile: &CardList) -> impl Iterator<Item = CardId> + '_ {
    CardId::all().filter(move |&c| pile.contains(c))
}

/// Takes the top card of a deck, refilling it first if needed.
fn draw(state: &mut GameState, side: Side, log: &mut impl EventSink) -> Option<CardId> {
    if refill_deck(state, side, log) {
        state.side_mut(side).deck.pop()
    } else {
        None
    }
}

/// Draws the top card into play, ready, if capacity allows.
fn play_from_deck(state: &mut GameState, side: Side, log: &mut impl EventSink) {
    if state.has_room(side) {
        if let Some(card) = draw(state, side, log) {
            put_into_play(state, card, Zone::Deck, log);
        }
    }
}

/// Puts a card (already taken from wherever it was) into its owner's play area, ready.
fn put_into_play(state: &mut GameState, card: CardId, from: Zone, log: &mut impl EventSink) {
    let side = card.side();
    let s = state.side_mut(side);
    s.play.push(card);
    s.set_exhausted(card, false);
    log.public(LogEvent::CardPlayed { side, card, from });
}

/// Discards a card from its owner's play area.
fn discard_from_play(state: &mut GameState, card: CardId, log: &mut impl EventSink) {
    let s = state.side_mut(card.side());
    if s.take_from_play(card) {
        s.discard.push(card);
        log.public(LogEvent::CardDiscarded {
            card,
            from: Zone::Play,
        });
    }
}

fn shuffle_deck(state: &mut GameState, side: Side, log: &mut impl EventSink) {
    let deck = &mut state.sides[side.index()].deck;
    state.rng.shuffle(deck.as_mut_slice());
    log.public(LogEvent::DeckShuffled { side });
}

fn lose_influence(state: &mut GameState, side: Side, amount: u32, log: &mut impl EventSink) {
    let s = state.side_mut(side);
    let lost = amount.min(s.influence);
    s.influence -= lost;
    log.public(LogEvent::InfluenceLost { side, amount: lost });
}

fn gain_influence(state: &mut GameState, side: Side, amount: u32, log: &mut impl EventSink) {
    let s = state.side_mut(side);
    s.influence = s.influence.saturating_add(amount);
    log.public(LogEvent::InfluenceGained { side, amount });
}

/// The strategy slots `player` must fill now (their own, and the opponent's after
/// Infiltration).
pub(crate) fn strategy_slots_for(state: &GameState, player: Side) -> Vec<Side> {
    planning::open_slots(state)
        .filter(|s| state.strategy_picker(*s) == player && !planning::is_random(state, *s))
        .collect()
}
