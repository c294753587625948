//! Test support: build a table in a chosen situation, act, and check invariants.
#![allow(dead_code)]

use evr_engine::cards::{EventId, EVENTS};
use evr_engine::log::LogEntry;
use evr_engine::rng::Rng;
use evr_engine::state::{GameState, Phase};
use evr_engine::*;

/// A regular resource card of `side` by type and value (2..=5).
pub fn regular(side: Side, kind: ResourceType, value: u8) -> CardId {
    CardId::of_side(side)
        .find(|c| c.kind() == CardKind::Regular(kind) && c.ready_value() == value)
        .expect("regular cards have values 2 to 5")
}

pub fn character(c: Character) -> CardId {
    c.card()
}

pub fn event(name: &str) -> EventId {
    EventId(
        EVENTS
            .iter()
            .position(|e| e.name == name)
            .unwrap_or_else(|| panic!("no event named {name}")) as u8,
    )
}

/// A game in the struggle of round 1 of `event_name`, `turn` to act, nothing in play.
/// Every card of each side starts in its deck except its last four characters, which are in
/// the reserve; both players hold 2 influence and Bureaucracy as their strategy (the
/// least intrusive one). Tests then move cards where they need them.
pub struct Table {
    pub state: GameState,
    pub log: Vec<LogEntry>,
}

impl Table {
    pub fn new(event_name: &str, turn: Side) -> Table {
        let mut log = Vec::new();
        let mut state = GameState::new(1, GameOptions::default(), &mut log);
        let rebel = CharacterSet(0b0000_1111);
        let imperial = CharacterSet(0b0000_1111);
        state
            .apply(Side::Rebel, Action::ChooseCharacters(rebel), &mut log)
            .unwrap();
        state
            .apply(Side::Imperial, Action::ChooseCharacters(imperial), &mut log)
            .unwrap();
        let ev = event(event_name);
        state.event_deck.remove(ev);
        if let Some(current) = state.event.filter(|c| *c != ev) {
            state.event_deck.push_bottom(current);
        }
        state.event = Some(ev);
        state.round = 1;
        for side in Side::BOTH {
            let s = state.side_mut(side);
            s.strategy = Some(Strategy::Bureaucracy);
            s.strategy_known_to_opponent = false;
            s.used_strategies = 0;
        }
        state.modifiers = Default::default();
        state.phase = Phase::Struggle {
            turn,
            opponent_passed: false,
            power: None,
        };
        Table {
            state,
            log: Vec::new(),
        }
    }

    /// Takes a card out of wherever it is (deck, discard, play, reserve).
    fn lift(&mut self, card: CardId) {
        let s = self.state.side_mut(card.side());
        s.deck.remove(card);
        s.discard.remove(card);
        s.take_from_play(card);
        s.reserve.remove(card);
    }

    pub fn to_play(&mut self, card: CardId) -> &mut Self {
        self.lift(card);
        self.state.side_mut(card.side()).play.push(card);
        self
    }

    pub fn to_play_exhausted(&mut self, card: CardId) -> &mut Self {
        self.to_play(card);
        self.state.side_mut(card.side()).set_exhausted(card, true);
        self
    }

    pub fn to_discard(&mut self, card: CardId) -> &mut Self {
        self.lift(card);
        self.state.side_mut(card.side()).discard.push(card);
        self
    }

    pub fn to_reserve(&mut self, card: CardId) -> &mut Self {
        self.lift(card);
        self.state.side_mut(card.side()).reserve.push(card);
        self
    }

    /// Puts a card on top of its deck.
    pub fn to_top(&mut self, card: CardId) -> &mut Self {
        self.lift(card);
        self.state.side_mut(card.side()).deck.push(card);
        self
    }

    /// Moves the whole deck of `side` to its discard pile.
    pub fn empty_deck(&mut self, side: Side) -> &mut Self {
        let s = self.state.side_mut(side);
        while let Some(c) = s.deck.pop() {
            s.discard.push(c);
        }
        self
    }

    pub fn strategy(&mut self, side: Side, strategy: Strategy) -> &mut Self {
        self.state.side_mut(side).strategy = Some(strategy);
        self
    }

    pub fn influence(&mut self, side: Side, amount: u32) -> &mut Self {
        self.state.side_mut(side).influence = amount;
        self
    }

    pub fn act(&mut self, player: Side, action: Action) {
        self.state
            .apply(player, action, &mut self.log)
            .unwrap_or_else(|e| {
                panic!(
                    "{action:?} by {player:?} refused: {e} in {:?}",
                    self.state.phase
                )
            });
    }

    pub fn try_act(&mut self, player: Side, action: Action) -> Result<(), ActionError> {
        self.state.apply(player, action, &mut self.log)
    }

    pub fn legal(&self, player: Side) -> Vec<Action> {
        self.state.legal_actions(player)
    }

    /// Both players pass: the struggle ends and dominance runs (the turn player first).
    pub fn end_struggle(&mut self) {
        let Phase::Struggle { turn, .. } = self.state.phase else {
            panic!("not in a struggle: {:?}", self.state.phase)
        };
        self.act(turn, Action::Pass);
        self.act(turn.opponent(), Action::Pass);
    }

    pub fn side(&self, side: Side) -> &evr_engine::state::SideState {
        self.state.side(side)
    }

    pub fn in_play(&self, card: CardId) -> bool {
        self.state.side(card.side()).play.contains(card)
    }

    pub fn in_discard(&self, card: CardId) -> bool {
        self.state.side(card.side()).discard.contains(card)
    }

    pub fn in_reserve(&self, card: CardId) -> bool {
        self.state.side(card.side()).reserve.contains(card)
    }

    pub fn in_deck(&self, card: CardId) -> bool {
        self.state.side(card.side()).deck.contains(card)
    }

    pub fn exhausted(&self, card: CardId) -> bool {
        self.state.side(card.side()).is_exhausted(card)
    }

    pub fn top(&self, side: Side) -> Option<CardId> {
        self.state.side(side).deck.top()
    }

    pub fn events(&self) -> Vec<LogEvent> {
        self.log.iter().map(|e| e.event).collect()
    }
}

/// Checks the invariants that must hold in every reachable state.
pub fn check_invariants(state: &GameState) {
    for side in Side::BOTH {
        let mut cards = state.cards_of(side);
        cards.sort();
        let before = cards.len();
        cards.dedup();
        assert_eq!(before, cards.len(), "a {side:?} card is in two places");
        assert_eq!(
            cards.len(),
            state.cards_per_side(),
            "{side:?} cards lost or duplicated"
        );
        assert!(cards.iter().all(|c| c.side() == side));
        let s = state.side(side);
        if !matches!(state.phase, Phase::GameOver { .. }) && state.event.is_some() {
            assert!(
                s.play.len() <= state.capacity(),
                "{side:?} over capacity: {} > {}",
                s.play.len(),
                state.capacity()
            );
        }
        for c in CardId::of_side(side) {
            if s.is_exhausted(c) {
                assert!(
                    s.play.contains(c),
                    "an exhausted mark on a card not in play"
                );
            }
        }
        for c in s.reserve.iter() {
            assert!(c.is_character(), "a regular card in the reserve");
        }
    }
}

/// Plays a random legal action for a random active player; returns false once over.
pub fn random_step(state: &mut GameState, rng: &mut Rng, log: &mut impl EventSink) -> bool {
    let active: Vec<Side> = state.active_players().iter().collect();
    if active.is_empty() {
        return false;
    }
    let player = active[rng.below(active.len())];
    let legal = state.legal_actions(player);
    assert!(!legal.is_empty(), "active player without a legal action");
    let action = legal[rng.below(legal.len())];
    state.apply(player, action, log).unwrap();
    true
}
