//! Test support: build a table in a chosen situation, act, and check invariants.
#![allow(dead_code)]
// `to_play` etc. read as "move the card to": builder verbs, not conversions.
#![allow(clippy::wrong_self_convention)]

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
        // Before both players have chosen their characters no deck exists yet.
        let expected = if matches!(state.phase, Phase::ChooseCharacters { .. }) {
            0
        } else {
            state.cards_per_side()
        };
        assert_eq!(cards.len(), expected, "{side:?} cards lost or duplicated");
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

// ---------------------------------------------------------------------------------------------
// Helpers for the scenario tests (powers, struggle, events, strategies, setup, faq).

impl Table {
    /// A table around a state built elsewhere (a tutorial, a fresh game).
    pub fn from_state(state: GameState) -> Table {
        Table {
            state,
            log: Vec::new(),
        }
    }

    /// The rulebook's tutorial struggle, Rebel to act.
    pub fn tutorial(seed: u64) -> Table {
        let options = GameOptions {
            variant: Variant::Tutorial,
        };
        Table::from_state(GameState::new(seed, options, &mut Vec::new()))
    }

    /// The log entries `viewer` may read, oldest first.
    pub fn log_for(&self, viewer: Side) -> Vec<LogEvent> {
        self.log
            .iter()
            .filter(|e| e.audience.includes(viewer))
            .map(|e| e.event)
            .collect()
    }

    pub fn clear_log(&mut self) -> &mut Self {
        self.log.clear();
        self
    }

    pub fn balance(&mut self, side: Side) -> &mut Self {
        self.state.balance = side;
        self
    }

    pub fn victory_points(&mut self, side: Side, vp: u8) -> &mut Self {
        self.state.side_mut(side).victory_points = vp;
        self
    }

    /// Marks these strategy cards as used (face up).
    pub fn used(&mut self, side: Side, strategies: &[Strategy]) -> &mut Self {
        self.state.side_mut(side).used_strategies = strategies.iter().fold(0, |m, s| m | s.bit());
        self
    }

    /// Puts these cards on top of their decks, in order: the last one ends on top.
    pub fn stack(&mut self, cards: &[CardId]) -> &mut Self {
        for &c in cards {
            self.to_top(c);
        }
        self
    }

    /// Sets the event deck, top first.
    pub fn event_deck_top_first(&mut self, events: &[EventId]) -> &mut Self {
        let mut deck = evr_engine::zones::EventList::default();
        for &e in events.iter().rev() {
            deck.push(e);
        }
        self.state.event_deck = deck;
        self
    }

    /// The open power decision, if any.
    pub fn power_step(&self) -> Option<evr_engine::state::PowerStep> {
        match self.state.phase {
            Phase::Struggle {
                power: Some((_, step)),
                ..
            } => Some(step),
            _ => None,
        }
    }

    /// The open dominance decision, if any.
    pub fn dominance_step(&self) -> Option<evr_engine::state::DominanceStep> {
        match self.state.phase {
            Phase::Dominance(p) => Some(p.step),
            _ => None,
        }
    }

    /// Whose main struggle turn it is, when no power decision is open.
    pub fn turn(&self) -> Option<Side> {
        match self.state.phase {
            Phase::Struggle {
                turn, power: None, ..
            } => Some(turn),
            _ => None,
        }
    }

    /// The only player who must act now.
    pub fn actor(&self) -> Side {
        let active: Vec<Side> = self.state.active_players().iter().collect();
        assert_eq!(active.len(), 1, "expected one active player: {active:?}");
        active[0]
    }

    /// Asserts that the action is refused with `error` and that nothing changed.
    pub fn refuse(&mut self, player: Side, action: Action, error: ActionError) {
        let before = self.state;
        let log_len = self.log.len();
        assert_eq!(
            self.try_act(player, action),
            Err(error),
            "{action:?} by {player:?}"
        );
        assert!(self.state == before, "a refused action changed the state");
        assert_eq!(self.log.len(), log_len, "a refused action wrote to the log");
    }

    /// Asserts that `card` was just used with no effect: exhausted, logged, turn over.
    pub fn assert_no_effect(&self, card: CardId) {
        let owner = card.side();
        assert!(self.exhausted(card), "{} not exhausted", card.name());
        assert!(
            self.events()
                .contains(&LogEvent::PowerHadNoEffect { side: owner, card }),
            "no PowerHadNoEffect for {}: {:?}",
            card.name(),
            self.events()
        );
        assert_eq!(self.turn(), Some(owner.opponent()));
    }

    pub fn total(&self, side: Side) -> u32 {
        self.state.side(side).total()
    }

    pub fn influence_of(&self, side: Side) -> u32 {
        self.state.side(side).influence
    }

    /// Ends the struggle with both players passing, starting with whoever must act.
    pub fn pass_pass(&mut self) {
        let first = self.actor();
        self.act(first, Action::Pass);
        self.act(first.opponent(), Action::Pass);
    }
}

/// Whether something's debug form names this card (for secrecy checks on logs and views).
pub fn names_card(thing: &impl std::fmt::Debug, card: CardId) -> bool {
    format!("{thing:?}").contains(&format!("CardId({})", card.0))
}

/// Whether something's debug form names this event.
pub fn names_event(thing: &impl std::fmt::Debug, event: EventId) -> bool {
    format!("{thing:?}").contains(&format!("EventId({})", event.0))
}

/// Whether something's debug form names this strategy.
pub fn names_strategy(thing: &impl std::fmt::Debug, strategy: Strategy) -> bool {
    format!("{thing:?}").contains(&format!("{strategy:?}"))
}
