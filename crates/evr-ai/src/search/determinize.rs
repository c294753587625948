//! Sampling a complete game state that agrees with everything a player can see and remember.
//!
//! Hidden from the viewer: the order of both resource decks, which of the opponent's unseen
//! characters are in their deck and which in their reserve (their secret choice of four), the
//! opponent's face-down strategy card, and the order of the event deck. Each sample deals
//! those uniformly among the possibilities that fit the view and the [`Knowledge`] read from
//! the log; the rest of the state is copied from the view.

use super::knowledge::Knowledge;
use evr_engine::cards::{CardId, EventId, Side, Strategy, EVENT_COUNT};
use evr_engine::log::LogEvent;
use evr_engine::rng::Rng;
use evr_engine::state::{strategies_in, GameState, Phase, PowerStep, SideState, ALL_STRATEGIES};
use evr_engine::view::{Decision, InPlay, OpponentStrategy, PlayerView, Stage};
use evr_engine::zones::{CardList, EventList};
use evr_engine::{CharacterSet, GameOptions, Variant};

/// A view the sampler cannot turn into a state (it only happens with a view the engine did
/// not produce).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Unsamplable(pub &'static str);

/// The parts of a view that every sample shares, worked out once per search.
#[derive(Clone, Debug)]
pub struct Sampler {
    base: GameState,
    me: Side,
    my_deck: Vec<CardId>,
    my_top: Vec<CardId>,
    /// The opponent's cards that must be in their deck, unknown order.
    their_deck: Vec<CardId>,
    their_top: Vec<CardId>,
    /// Opponent characters that may be in the deck or the reserve.
    their_unplaced: Vec<CardId>,
    /// How many of `their_unplaced` go to the reserve.
    their_reserve_free: usize,
    their_reserve: Vec<CardId>,
    their_strategies: Vec<Strategy>,
    sample_their_strategy: bool,
    my_strategies: Vec<Strategy>,
    sample_my_strategy: bool,
    /// During the choice of characters: the viewer's choice if made, and whether the
    /// opponent has made theirs (then a sample invents one).
    my_characters: Option<CharacterSet>,
    sample_their_characters: bool,
    events: Vec<EventId>,
    event_top: Vec<EventId>,
    event_bottom: Vec<EventId>,
}

fn list(cards: &[CardId]) -> Result<CardList, Unsamplable> {
    CardList::from_slice(cards).ok_or(Unsamplable("too many cards"))
}

fn exhausted_bits(play: &[InPlay]) -> u32 {
    play.iter()
        .filter(|p| p.exhausted)
        .fold(0, |bits, p| bits | 1 << p.card.local())
}

fn event_bits(events: &[EventId]) -> u32 {
    events.iter().fold(0, |bits, e| bits | 1 << e.0)
}

fn strategy_bits(strategies: &[Strategy]) -> u8 {
    strategies.iter().fold(0, |bits, s| bits | s.bit())
}

/// Cards of `side` that exist in this variant.
fn cards_of(side: Side, variant: Variant) -> impl Iterator<Item = CardId> {
    CardId::of_side(side).filter(move |c| variant == Variant::Full || !c.is_character())
}

/// Keeps the known cards (last on top) that really are among `pool`, and takes them out of it.
fn take_known(known: &[CardId], pool: &mut Vec<CardId>) -> Vec<CardId> {
    let mut kept = Vec::new();
    for &card in known {
        if let Some(i) = pool.iter().position(|&c| c == card) {
            pool.swap_remove(i);
            kept.push(card);
        }
    }
    kept
}

impl Sampler {
    pub fn new(view: &PlayerView, knowledge: &Knowledge) -> Result<Sampler, Unsamplable> {
        let me = view.viewer;
        let them = me.opponent();
        let variant = view.variant;

        // Cards held aside by a Recon the viewer is resolving belong to no pile.
        let mut aside: Vec<CardId> = Vec::new();
        let mut phase = match view.stage {
            Stage::ChoosingCharacters { .. } => Phase::ChooseCharacters {
                chosen: [None, None],
            },
            Stage::ChoosingStrategies { .. } => Phase::ChooseStrategies,
            Stage::Struggle {
                turn,
                opponent_passed,
                ..
            } => Phase::Struggle {
                turn,
                opponent_passed,
                power: None,
            },
            Stage::Dominance { .. } => {
                Phase::Dominance(view.dominance.ok_or(Unsamplable("dominance progress"))?)
            }
            Stage::GameOver { winner } => Phase::GameOver { winner },
        };
        if let (
            Some(Decision::Power { card, step, .. }),
            Phase::Struggle {
                turn,
                opponent_passed,
                ..
            },
        ) = (&view.decision, phase)
        {
            if let PowerStep::ReconDiscard { seen, count, .. } = step {
                aside.extend_from_slice(&seen[..*count as usize]);
            }
            phase = Phase::Struggle {
                turn,
                opponent_passed,
                power: Some((*card, *step)),
            };
        }
        let characters_chosen = !matches!(view.stage, Stage::ChoosingCharacters { .. });
        let my_characters = view.log.iter().find_map(|e| match *e {
            LogEvent::CharactersChosen { side, chosen } if side == me => chosen,
            _ => None,
        });
        let sample_their_characters =
            matches!(view.stage, Stage::ChoosingCharacters { done } if done[them.index()]);

        // The viewer's deck: every card of theirs not seen elsewhere.
        let mine = &view.me;
        let mut my_deck: Vec<CardId> = if characters_chosen {
            cards_of(me, variant)
                .filter(|c| {
                    !mine.discard.contains(c)
                        && !mine.reserve.contains(c)
                        && !mine.play.iter().any(|p| p.card == *c)
                        && !aside.contains(c)
                })
                .collect()
        } else {
            Vec::new()
        };
        if my_deck.len() != mine.deck_count {
            return Err(Unsamplable("own deck count"));
        }
        let my_top = take_known(knowledge.top_of(me), &mut my_deck);

        // The opponent: regular cards not seen are in the deck; unseen characters are in the
        // deck or the reserve.
        let theirs = &view.opponent;
        let mut their_deck = Vec::new();
        let mut their_unplaced = Vec::new();
        if characters_chosen {
            for card in cards_of(them, variant) {
                let seen = theirs.discard.contains(&card)
                    || theirs.play.iter().any(|p| p.card == card)
                    || aside.contains(&card);
                if seen {
                    continue;
                }
                if card.is_character() {
                    their_unplaced.push(card);
                } else {
                    their_deck.push(card);
                }
            }
        }
        if their_deck.len() + their_unplaced.len() != theirs.deck_count + theirs.reserve_count
            || their_deck.len() > theirs.deck_count
        {
            return Err(Unsamplable("opponent's card count"));
        }
        // IG-88 searching their deck right now: its content is in plain sight.
        if let Some(Decision::Power {
            step: PowerStep::Ig88Discard { deck } | PowerStep::Ig88Top { deck },
            seen,
            ..
        }) = &view.decision
        {
            if *deck == them {
                for card in seen {
                    if let Some(i) = their_unplaced.iter().position(|c| c == card) {
                        their_unplaced.swap_remove(i);
                        their_deck.push(*card);
                    }
                }
            }
        }
        // Known placements, as far as they fit the counts.
        let mut their_reserve = Vec::new();
        for &card in &knowledge.opponent_reserve {
            if their_reserve.len() < theirs.reserve_count {
                if let Some(i) = their_unplaced.iter().position(|&c| c == card) {
                    their_unplaced.swap_remove(i);
                    their_reserve.push(card);
                }
            }
        }
        for &card in knowledge.opponent_deck.iter().chain(knowledge.top_of(them)) {
            if their_deck.len() < theirs.deck_count {
                if let Some(i) = their_unplaced.iter().position(|&c| c == card) {
                    their_unplaced.swap_remove(i);
                    their_deck.push(card);
                }
            }
        }
        let their_reserve_free = theirs.reserve_count - their_reserve.len();
        if their_reserve_free > their_unplaced.len() {
            return Err(Unsamplable("opponent's reserve"));
        }
        let their_top = take_known(knowledge.top_of(them), &mut their_deck);

        // Strategy cards.
        let their_unused: Vec<Strategy> =
            strategies_in(ALL_STRATEGIES & !strategy_bits(&theirs.used_strategies)).collect();
        let (their_strategy, sample_their_strategy) = match theirs.strategy {
            OpponentStrategy::None => (None, false),
            OpponentStrategy::Known(s) => (Some(s), false),
            OpponentStrategy::FaceDown => (None, true),
        };
        let my_done = match view.stage {
            Stage::ChoosingStrategies { done, .. } => done[me.index()],
            _ => mine.strategy.is_some(),
        };
        let sample_my_strategy = mine.strategy.is_none() && my_done;
        if sample_their_strategy && their_unused.is_empty()
            || sample_my_strategy && mine.unused_strategies.is_empty()
        {
            return Err(Unsamplable("strategy cards"));
        }

        // Events: all but the current one and those won are in the deck.
        let mut events: Vec<EventId> = if variant == Variant::Full {
            (0..EVENT_COUNT as u8)
                .map(EventId)
                .filter(|e| {
                    Some(*e) != view.event
                        && !mine.events_won.contains(e)
                        && !theirs.events_won.contains(e)
                })
                .collect()
        } else {
            Vec::new()
        };
        if events.len() != view.event_deck_count {
            return Err(Unsamplable("event deck count"));
        }
        let mut event_top = Vec::new();
        for &e in &knowledge.event_top {
            if let Some(i) = events.iter().position(|&x| x == e) {
                events.swap_remove(i);
                event_top.push(e);
            }
        }
        let mut event_bottom = Vec::new();
        for &e in &knowledge.event_bottom {
            if let Some(i) = events.iter().position(|&x| x == e) {
                events.swap_remove(i);
                event_bottom.push(e);
            }
        }
        // Sorted so that a sample depends only on the view, not on the order of the scan.
        for v in [&mut my_deck, &mut their_deck, &mut their_unplaced] {
            v.sort();
        }
        events.sort();

        let side_state = |discard: &[CardId], play: &[InPlay], influence, vp, won: &[EventId]| {
            Ok::<SideState, Unsamplable>(SideState {
                deck: CardList::default(),
                discard: list(discard)?,
                play: list(&play.iter().map(|p| p.card).collect::<Vec<_>>())?,
                exhausted: exhausted_bits(play),
                reserve: CardList::default(),
                influence,
                victory_points: vp,
                events_won: event_bits(won),
                used_strategies: 0,
                strategy: None,
                strategy_known_to_opponent: false,
            })
        };
        let mut my_side = side_state(
            &mine.discard,
            &mine.play,
            mine.influence,
            mine.victory_points,
            &mine.events_won,
        )?;
        my_side.reserve = list(&mine.reserve)?;
        my_side.used_strategies = strategy_bits(&mine.used_strategies);
        my_side.strategy = mine.strategy;
        my_side.strategy_known_to_opponent = opponent_knows_my_strategy(view);
        let mut their_side = side_state(
            &theirs.discard,
            &theirs.play,
            theirs.influence,
            theirs.victory_points,
            &theirs.events_won,
        )?;
        their_side.used_strategies = strategy_bits(&theirs.used_strategies);
        their_side.strategy = their_strategy;
        their_side.strategy_known_to_opponent = their_strategy.is_some();

        let mut sides = [SideState::default(); 2];
        sides[me.index()] = my_side;
        sides[them.index()] = their_side;
        let base = GameState {
            options: GameOptions { variant },
            rng: Rng::new(0),
            round: view.round,
            phase,
            sides,
            event_deck: EventList::default(),
            event: view.event,
            balance: view.balance,
            modifiers: view.modifiers,
        };
        Ok(Sampler {
            base,
            me,
            my_deck,
            my_top,
            their_deck,
            their_top,
            their_unplaced,
            their_reserve_free,
            their_reserve,
            their_strategies: their_unused,
            sample_their_strategy,
            my_strategies: mine.unused_strategies.clone(),
            sample_my_strategy,
            my_characters: my_characters.filter(|_| !characters_chosen),
            sample_their_characters,
            events,
            event_top,
            event_bottom,
        })
    }

    /// One complete state consistent with the view; its own generator is seeded from `rng`,
    /// so what happens after the sample is random too.
    pub fn sample(&self, rng: &mut Rng) -> GameState {
        let mut state = self.base;
        let me = self.me;
        let them = me.opponent();

        let mut deck = self.my_deck.clone();
        rng.shuffle(&mut deck);
        deck.extend_from_slice(&self.my_top);
        state.sides[me.index()].deck = CardList::from_slice(&deck).unwrap_or_default();

        let mut unplaced = self.their_unplaced.clone();
        rng.shuffle(&mut unplaced);
        let mut reserve = self.their_reserve.clone();
        reserve.extend(unplaced.drain(..self.their_reserve_free));
        reserve.sort();
        let mut deck = self.their_deck.clone();
        deck.extend(unplaced);
        rng.shuffle(&mut deck);
        deck.extend_from_slice(&self.their_top);
        let theirs = &mut state.sides[them.index()];
        theirs.deck = CardList::from_slice(&deck).unwrap_or_default();
        theirs.reserve = CardList::from_slice(&reserve).unwrap_or_default();
        if self.sample_their_strategy {
            theirs.strategy = Some(self.their_strategies[rng.below(self.their_strategies.len())]);
        }
        if self.sample_my_strategy {
            state.sides[me.index()].strategy =
                Some(self.my_strategies[rng.below(self.my_strategies.len())]);
        }

        if let Phase::ChooseCharacters { mut chosen } = state.phase {
            chosen[me.index()] = self.my_characters;
            if self.sample_their_characters {
                let mut slots = [0u8, 1, 2, 3, 4, 5, 6, 7];
                rng.shuffle(&mut slots);
                chosen[them.index()] =
                    Some(CharacterSet(slots[..4].iter().fold(0, |m, s| m | 1 << s)));
            }
            state.phase = Phase::ChooseCharacters { chosen };
        }

        let mut events = self.event_bottom.clone();
        let mut middle = self.events.clone();
        rng.shuffle(&mut middle);
        events.extend(middle);
        events.extend(self.event_top.iter().rev());
        state.event_deck = EventList::from_slice(&events).unwrap_or_default();

        state.rng = Rng::new(rng.next_u64());
        state
    }
}

/// Whether the opponent picked the viewer's strategy card (Infiltration) or saw it revealed.
fn opponent_knows_my_strategy(view: &PlayerView) -> bool {
    if view.me.strategy.is_none() {
        return false;
    }
    if matches!(view.stage, Stage::Dominance { .. }) {
        return true;
    }
    let me = view.viewer;
    for event in view.log.iter().rev() {
        match *event {
            LogEvent::StrategyChosen { side, by, .. } if side == me => return by != me,
            LogEvent::StrategyRevealed { side, .. } if side == me => return true,
            LogEvent::RoundStarted { .. } => return false,
            _ => {}
        }
    }
    false
}
