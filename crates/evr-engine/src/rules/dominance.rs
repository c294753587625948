//! Dominance, in the order of ruling 10: reveal → busts do not resolve → Support → Direct
//! Assault → busts again → would-be winner (ties: balance token) → Deception → Bureaucracy →
//! the event's effect → influence and victory points → 7 points → cleanup.

use super::{gain_influence, in_card_order, lose_influence, powers::shuffle_in_character, setup};
use crate::action::{Action, EventOrder};
use crate::cards::{CardId, EventEffect, Side, Strategy};
use crate::log::{EventSink, LogEvent, Zone};
use crate::state::{
    strategies_in, DominanceProgress, DominanceStep, GameState, Phase, Variant, ALL_STRATEGIES,
};

pub const VICTORY_POINTS_TO_WIN: u8 = 7;

// Stages of the fixed sequence; a decision pauses it and the answer resumes at the next one.
const SUPPORT_REBEL: u8 = 0;
const SUPPORT_IMPERIAL: u8 = 1;
const DETERMINE_VICTORY: u8 = 2;
const EVENT_EFFECT: u8 = 3;
const AWARD: u8 = 4;

/// The struggle has ended: reveal strategies and start the sequence.
pub(super) fn begin(state: &mut GameState, log: &mut impl EventSink) {
    let totals = [state.sides[0].total(), state.sides[1].total()];
    log.public(LogEvent::StruggleEnded { totals });
    let objective = state.event_card().map_or(0, |e| e.objective as u32);
    let strategies = [state.sides[0].strategy, state.sides[1].strategy];
    let mut resolves = [false; 2];
    for side in Side::BOTH {
        if let Some(strategy) = strategies[side.index()] {
            log.public(LogEvent::StrategyRevealed { side, strategy });
            state.side_mut(side).strategy_known_to_opponent = true;
            resolves[side.index()] = totals[side.index()] <= objective;
        }
    }
    // Both chose Deception: neither resolves (FAQ).
    if strategies == [Some(Strategy::Deception); 2] {
        resolves = [false; 2];
    }
    for side in Side::BOTH {
        if let Some(strategy) = strategies[side.index()] {
            if !resolves[side.index()] {
                log.public(LogEvent::StrategyNotResolved { side, strategy });
            }
        }
    }
    let progress = DominanceProgress {
        resolves,
        winner: None,
        totals,
        step: DominanceStep::Support { side: Side::Rebel },
        stage: SUPPORT_REBEL,
    };
    run(state, progress, log);
}

fn resolving(state: &GameState, p: &DominanceProgress, side: Side, strategy: Strategy) -> bool {
    p.resolves[side.index()] && state.side(side).strategy == Some(strategy)
}

/// Runs the sequence from `p.stage` until a decision opens or the round ends.
fn run(state: &mut GameState, mut p: DominanceProgress, log: &mut impl EventSink) {
    loop {
        let stage = p.stage;
        p.stage += 1;
        let step = match stage {
            SUPPORT_REBEL | SUPPORT_IMPERIAL => {
                let side = if stage == SUPPORT_REBEL {
                    Side::Rebel
                } else {
                    Side::Imperial
                };
                if resolving(state, &p, side, Strategy::Support) {
                    log.public(LogEvent::StrategyResolved {
                        side,
                        strategy: Strategy::Support,
                    });
                    (!state.side(side).reserve.is_empty())
                        .then_some(DominanceStep::Support { side })
                } else {
                    None
                }
            }
            DETERMINE_VICTORY => {
                determine_victory(state, &mut p, log);
                None
            }
            EVENT_EFFECT => event_effect(state, &p, log),
            AWARD => {
                award(state, &p, log);
                return;
            }
            _ => return,
        };
        if let Some(step) = step {
            p.step = step;
            state.phase = Phase::Dominance(p);
            return;
        }
    }
}

fn determine_victory(state: &mut GameState, p: &mut DominanceProgress, log: &mut impl EventSink) {
    let objective = state.event_card().map_or(0, |e| e.objective as u32);
    for side in Side::BOTH {
        if resolving(state, p, side, Strategy::DirectAssault) {
            p.totals[side.index()] += 2;
            log.public(LogEvent::StrategyResolved {
                side,
                strategy: Strategy::DirectAssault,
            });
        }
    }
    let [rebel, imperial] = p.totals;
    let over = [rebel > objective, imperial > objective];
    let mut winner = match over {
        [true, true] => None,
        [false, true] => Some(Side::Rebel),
        [true, false] => Some(Side::Imperial),
        [false, false] => Some(match rebel.cmp(&imperial) {
            std::cmp::Ordering::Greater => Side::Rebel,
            std::cmp::Ordering::Less => Side::Imperial,
            std::cmp::Ordering::Equal => state.balance,
        }),
    };
    if over == [false, false] {
        for side in Side::BOTH {
            if resolving(state, p, side, Strategy::Deception) {
                winner = winner.map(Side::opponent);
                log.public(LogEvent::StrategyResolved {
                    side,
                    strategy: Strategy::Deception,
                });
            }
        }
    }
    if let Some(loser) = winner.map(Side::opponent) {
        if resolving(state, p, loser, Strategy::Bureaucracy) {
            log.public(LogEvent::StrategyResolved {
                side: loser,
                strategy: Strategy::Bureaucracy,
            });
            gain_influence(state, loser, 2, log);
        }
    }
    for side in Side::BOTH {
        if resolving(state, p, side, Strategy::Infiltration) {
            state.modifiers.infiltrates[side.index()] = true;
            log.public(LogEvent::StrategyResolved {
                side,
                strategy: Strategy::Infiltration,
            });
        }
    }
    p.winner = winner;
    log.public(LogEvent::DominanceDecided {
        winner,
        totals: p.totals,
    });
}

/// Characters of `side` outside the reserve (ruling 9).
/// In card order, so that the list of choices does not tell the order of the deck.
fn characters_outside_reserve(state: &GameState, side: Side) -> impl Iterator<Item = CardId> + '_ {
    let s = state.side(side);
    CardId::of_side(side).filter(move |&c| c.is_character() && !s.reserve.contains(c))
}

/// Applies the event's effect; returns the decision it opens, if any.
fn event_effect(
    state: &mut GameState,
    p: &DominanceProgress,
    log: &mut impl EventSink,
) -> Option<DominanceStep> {
    let winner = p.winner?;
    let loser = winner.opponent();
    let effect = state.event_card()?.effect;
    match effect {
        EventEffect::LoserDiscardsTwoInfluence => lose_influence(state, loser, 2, log),
        EventEffect::WinnerReordersEvents => {
            let n = state.event_deck.len().min(3);
            let seen = top_events(state);
            log.secret(
                winner,
                LogEvent::EventsReordered {
                    side: winner,
                    seen: Some(seen),
                },
                LogEvent::EventsReordered {
                    side: winner,
                    seen: None,
                },
            );
            if n >= 2 {
                return Some(DominanceStep::ReorderEvents { winner });
            }
        }
        EventEffect::LoserStrategyRandom => state.modifiers.random_strategy = Some(loser),
        EventEffect::LoserChoosesStrategyFirst => state.modifiers.chooses_first = Some(loser),
        EventEffect::WinnerDiscardsLoserStrategy => {
            if state.side(loser).unused_strategies() != 0 {
                return Some(DominanceStep::DiscardLoserStrategy { winner });
            }
        }
        EventEffect::LoserCharacterToReserve | EventEffect::WinnerCharacterToReserve => {
            let side = if effect == EventEffect::LoserCharacterToReserve {
                loser
            } else {
                winner
            };
            if characters_outside_reserve(state, side).next().is_some() {
                return Some(DominanceStep::CharacterToReserve { side });
            }
        }
        EventEffect::WinnerMayAddCharacter => {
            if !state.side(winner).reserve.is_empty() {
                return Some(DominanceStep::MayAddCharacter { side: winner });
            }
        }
        EventEffect::WinnerRetrievesStrategies => {
            state.side_mut(winner).used_strategies = 0;
            log.public(LogEvent::StrategiesRetrieved { side: winner });
        }
        EventEffect::None | EventEffect::SwitchOff(_) | EventEffect::OnlyLukeAndVader => {}
    }
    None
}

/// The top three events, top first.
pub(super) fn top_events(state: &GameState) -> [Option<crate::cards::EventId>; 3] {
    let deck = state.event_deck.as_slice();
    let mut seen = [None; 3];
    for (i, slot) in seen.iter_mut().enumerate() {
        if i < deck.len() {
            *slot = Some(deck[deck.len() - 1 - i]);
        }
    }
    seen
}

/// Who answers an open dominance decision.
pub(super) fn actor(step: DominanceStep) -> Side {
    match step {
        DominanceStep::Support { side }
        | DominanceStep::CharacterToReserve { side }
        | DominanceStep::MayAddCharacter { side } => side,
        DominanceStep::ReorderEvents { winner }
        | DominanceStep::DiscardLoserStrategy { winner } => winner,
    }
}

/// Every permutation of `0..n` (n ≤ 3), the rest of the positions left in place.
pub(super) fn event_orders(n: usize) -> impl Iterator<Item = EventOrder> {
    const PERMS: [[u8; 3]; 6] = [
        [0, 1, 2],
        [0, 2, 1],
        [1, 0, 2],
        [1, 2, 0],
        [2, 0, 1],
        [2, 1, 0],
    ];
    PERMS
        .into_iter()
        .filter(move |p| {
            p.iter()
                .enumerate()
                .all(|(i, &v)| (v as usize) < n || v as usize == i)
        })
        .map(EventOrder)
}

pub(super) fn options(state: &GameState, step: DominanceStep, out: &mut Vec<Action>) {
    match step {
        DominanceStep::Support { side } => {
            out.extend(in_card_order(&state.side(side).reserve).map(Action::SelectCard))
        }
        DominanceStep::MayAddCharacter { side } => {
            out.extend(in_card_order(&state.side(side).reserve).map(Action::SelectCard));
            out.push(Action::Decline);
        }
        DominanceStep::ReorderEvents { .. } => {
            out.extend(event_orders(state.event_deck.len().min(3)).map(Action::ReorderEvents))
        }
        DominanceStep::DiscardLoserStrategy { winner } => out.extend(
            strategies_in(state.side(winner.opponent()).unused_strategies())
                .map(Action::SelectStrategy),
        ),
        DominanceStep::CharacterToReserve { side } => {
            out.extend(characters_outside_reserve(state, side).map(Action::SelectCard))
        }
    }
}

pub(super) fn answer(
    state: &mut GameState,
    p: DominanceProgress,
    action: Action,
    log: &mut impl EventSink,
) {
    match (p.step, action) {
        (
            DominanceStep::Support { side } | DominanceStep::MayAddCharacter { side },
            Action::SelectCard(c),
        ) => {
            state.side_mut(side).reserve.remove(c);
            shuffle_in_character(state, c, log);
        }
        (DominanceStep::ReorderEvents { winner }, Action::ReorderEvents(EventOrder(order))) => {
            let seen = top_events(state);
            let len = state.event_deck.len();
            let deck = state.event_deck.as_mut_slice();
            for (position, &from) in order.iter().enumerate() {
                if let (Some(event), true) = (seen[from as usize], position < len) {
                    deck[len - 1 - position] = event;
                }
            }
            let new_top = top_events(state);
            log.secret(
                winner,
                LogEvent::EventsReordered {
                    side: winner,
                    seen: Some(new_top),
                },
                LogEvent::EventsReordered {
                    side: winner,
                    seen: None,
                },
            );
        }
        (DominanceStep::DiscardLoserStrategy { winner }, Action::SelectStrategy(strategy)) => {
            let loser = winner.opponent();
            state.side_mut(loser).used_strategies |= strategy.bit();
            log.public(LogEvent::StrategyDiscarded {
                side: loser,
                strategy,
            });
        }
        (DominanceStep::CharacterToReserve { side }, Action::SelectCard(c)) => {
            let s = state.side_mut(side);
            let from = if s.take_from_play(c) {
                Zone::Play
            } else if s.discard.remove(c) {
                Zone::Discard
            } else {
                s.deck.remove(c);
                Zone::Deck
            };
            s.reserve.push(c);
            let full = LogEvent::CharacterToReserve {
                side,
                card: Some(c),
                from,
            };
            if from == Zone::Deck {
                let redacted = LogEvent::CharacterToReserve {
                    side,
                    card: None,
                    from,
                };
                log.secret(side, full, redacted);
            } else {
                log.public(full);
            }
        }
        // Declining to add a character, the only other legal answer.
        _ => {}
    }
    run(state, p, log);
}

/// Influence and victory points, the 7-point check, then cleanup and the next round.
fn award(state: &mut GameState, p: &DominanceProgress, log: &mut impl EventSink) {
    let Some(event) = state.event else { return };
    let card = event.card();
    // The tutorial struggle only decides who wins it: no points, no influence, no next round.
    if state.options.variant == Variant::Tutorial {
        state.event = None;
        state.phase = Phase::GameOver { winner: p.winner };
        log.public(LogEvent::GameOver { winner: p.winner });
        return;
    }
    match p.winner {
        Some(winner) => {
            let s = state.side_mut(winner);
            s.events_won |= 1 << event.0;
            s.victory_points += card.victory_points;
            s.influence = s.influence.saturating_add(card.influence as u32);
            log.public(LogEvent::EventWon {
                side: winner,
                event,
                victory_points: card.victory_points,
                influence: card.influence,
            });
            if state.side(winner).victory_points >= VICTORY_POINTS_TO_WIN {
                state.event = None;
                state.phase = Phase::GameOver {
                    winner: Some(winner),
                };
                log.public(LogEvent::GameOver {
                    winner: Some(winner),
                });
                return;
            }
        }
        None => {
            state.event_deck.push_bottom(event);
            log.public(LogEvent::EventToBottom { event });
        }
    }
    state.event = None;
    cleanup(state, p.winner, log);
    setup::start_round(state, log);
}

fn cleanup(state: &mut GameState, winner: Option<Side>, log: &mut impl EventSink) {
    for side in Side::BOTH {
        let s = &mut state.sides[side.index()];
        for card in s.play.iter().chain(s.discard.iter()).collect::<Vec<_>>() {
            s.deck.push(card);
        }
        s.play.clear();
        s.discard.clear();
        s.exhausted = 0;
        state
            .rng
            .shuffle(state.sides[side.index()].deck.as_mut_slice());
        log.public(LogEvent::DeckShuffled { side });
    }
    let [rebel, imperial] = [state.sides[0].victory_points, state.sides[1].victory_points];
    state.balance = match rebel.cmp(&imperial) {
        std::cmp::Ordering::Less => Side::Rebel,
        std::cmp::Ordering::Greater => Side::Imperial,
        // Ruling 13: with no loser the token stays as it is.
        std::cmp::Ordering::Equal => winner.map_or(state.balance, Side::opponent),
    };
    log.public(LogEvent::BalanceToken {
        side: state.balance,
    });
    for side in Side::BOTH {
        let s = state.side_mut(side);
        if let Some(strategy) = s.strategy.take() {
            s.used_strategies |= strategy.bit();
            s.strategy_known_to_opponent = false;
            log.public(LogEvent::StrategyDiscarded { side, strategy });
        }
        let s = state.side_mut(side);
        if s.used_strategies == ALL_STRATEGIES {
            s.used_strategies = 0;
            log.public(LogEvent::StrategiesRetrieved { side });
        }
    }
}
