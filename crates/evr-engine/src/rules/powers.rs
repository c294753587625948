//! Every power of every resource card, each choice as its own decision.
//!
//! Ruling 1: any ready card may be exhausted to use its power; if the power can be resolved in
//! at least one way it must be, otherwise the card is exhausted with no effect. Ruling 2: a
//! power's "play a card" part that would exceed capacity does not happen.

use super::{
    discard_from_play, draw, gain_influence, in_card_order, lose_influence, play_from_deck,
    put_into_play, refill_deck, shuffle_deck, struggle::end_turn,
};
use crate::action::Action;
use crate::cards::{CardId, CardKind, Character, EventEffect, ResourceType, Side};
use crate::log::{EventSink, LogEvent, Zone};
use crate::state::{strategies_in, GameState, Phase, PowerStep};

/// Whether the round's event lets this card's power be resolved (ruling 7).
pub(super) fn enabled(state: &GameState, card: CardId) -> bool {
    let effect = state.event_card().map_or(EventEffect::None, |e| e.effect);
    match (card.kind(), effect) {
        (CardKind::Regular(t), EventEffect::SwitchOff(off)) => t != off,
        (CardKind::Character(c), EventEffect::OnlyLukeAndVader) => {
            matches!(c, Character::LukeSkywalker | Character::DarthVader)
        }
        _ => true,
    }
}

fn in_play(state: &GameState, side: Side) -> impl Iterator<Item = CardId> + '_ {
    state.side(side).play.iter()
}

fn ready_in_play(state: &GameState, side: Side) -> impl Iterator<Item = CardId> + '_ {
    let s = state.side(side);
    s.play.iter().filter(move |c| !s.is_exhausted(*c))
}

fn exhausted_in_play(state: &GameState, side: Side) -> impl Iterator<Item = CardId> + '_ {
    let s = state.side(side);
    s.play.iter().filter(move |c| s.is_exhausted(*c))
}

fn any_ready(state: &GameState) -> bool {
    Side::BOTH
        .iter()
        .any(|s| ready_in_play(state, *s).next().is_some())
}

fn has_cards_to_draw(state: &GameState, side: Side) -> bool {
    let s = state.side(side);
    !(s.deck.is_empty() && s.discard.is_empty())
}

/// Resolves the power of `card`, just exhausted by its owner: opens its first decision, or
/// resolves it at once when it needs none.
pub(super) fn start(state: &mut GameState, owner: Side, card: CardId, log: &mut impl EventSink) {
    let opponent = owner.opponent();
    if !enabled(state, card) {
        return no_effect(state, owner, card, log);
    }
    let step = match card.kind() {
        CardKind::Regular(ResourceType::Military) => {
            (!state.side(opponent).play.is_empty()).then_some(PowerStep::MilitaryTarget)
        }
        CardKind::Regular(ResourceType::Diplomacy) => Some(PowerStep::DiplomacyTarget),
        CardKind::Regular(ResourceType::Force) => {
            any_ready(state).then_some(PowerStep::ForceTarget)
        }
        CardKind::Regular(ResourceType::Recon) | CardKind::Character(Character::Ig88) => {
            if !Side::BOTH.iter().any(|s| has_cards_to_draw(state, *s)) {
                None
            } else if card.kind() == CardKind::Character(Character::Ig88) {
                Some(PowerStep::Ig88Deck)
            } else {
                Some(PowerStep::ReconDeck)
            }
        }
        CardKind::Character(c) => match c {
            Character::Chewbacca => ready_in_play(state, opponent)
                .next()
                .map(|_| PowerStep::ChewbaccaTarget { exhausted: 0 }),
            Character::HanSolo => {
                if !refill_deck(state, owner, log) {
                    None
                } else if state.has_room(owner) {
                    log.public(LogEvent::DeckSearched {
                        side: owner,
                        deck: owner,
                    });
                    Some(PowerStep::HanSearch)
                } else {
                    // Nothing may be played: only the shuffle happens.
                    log.public(LogEvent::DeckSearched {
                        side: owner,
                        deck: owner,
                    });
                    shuffle_deck(state, owner, log);
                    return end_turn(state, owner);
                }
            }
            Character::LandoCalrissian => Some(PowerStep::LandoDiscard { discarded: 0 }),
            Character::LeiaOrgana => {
                (!state.side(owner).reserve.is_empty()).then_some(PowerStep::LeiaCharacter)
            }
            Character::LukeSkywalker => Some(PowerStep::LukeOwn),
            Character::ObiWanKenobi => (!state.side(owner).discard.is_empty()
                && state.has_room(owner))
            .then_some(PowerStep::ObiWanCard),
            Character::R2D2AndC3PO => discard_strategy(state, owner, log)
                .then_some(PowerStep::NewStrategy { chooser: owner }),
            Character::EmperorPalpatine => discard_strategy(state, opponent, log)
                .then_some(PowerStep::NewStrategy { chooser: opponent }),
            Character::Yoda => {
                gain_influence(state, owner, 1, log);
                return end_turn(state, owner);
            }
            Character::AdmiralPiett => Side::BOTH
                .iter()
                .any(|s| !state.side(*s).discard.is_empty())
                .then_some(PowerStep::PiettCard),
            Character::BobaFett => {
                if !state.side(opponent).play.is_empty() {
                    Some(PowerStep::BobaDiscard)
                } else if any_ready(state) {
                    Some(PowerStep::BobaExhaust { discarded: false })
                } else {
                    None
                }
            }
            Character::DarthVader => Some(PowerStep::VaderTarget),
            Character::GeneralVeers => {
                if let Some(top) = draw(state, owner, log) {
                    state.side_mut(owner).discard.push(top);
                    log.public(LogEvent::CardDiscarded {
                        card: top,
                        from: Zone::Deck,
                    });
                    let threshold = top.ready_value();
                    let s = state.side(opponent);
                    let victims: Vec<CardId> = s
                        .play
                        .iter()
                        .filter(|c| c.value(s.is_exhausted(*c)) < threshold)
                        .collect();
                    for victim in victims {
                        discard_from_play(state, victim, log);
                    }
                    return end_turn(state, owner);
                }
                None
            }
            // Ruling 8: fewer than 2 tokens, all are lost; with none the power cannot be
            // resolved (Ruling 1), so the card is exhausted with no effect.
            Character::GrandMoffTarkin => {
                if state.side(opponent).influence == 0 {
                    None
                } else {
                    lose_influence(state, opponent, 2, log);
                    return end_turn(state, owner);
                }
            }
            Character::JabbaTheHutt => {
                let peeked = if refill_deck(state, owner, log) {
                    let top = state.side(owner).deck.top();
                    if let Some(top) = top {
                        log.secret(
                            owner,
                            LogEvent::CardsSeen {
                                side: owner,
                                deck: owner,
                                count: 1,
                                cards: Some([top, top]),
                            },
                            LogEvent::CardsSeen {
                                side: owner,
                                deck: owner,
                                count: 1,
                                cards: None,
                            },
                        );
                    }
                    top
                } else {
                    None
                };
                Some(PowerStep::JabbaDiscard { peeked })
            }
            // Handled with the regular Recon above.
            Character::Ig88 => None,
        },
    };
    match step {
        Some(step) => open(state, owner, card, step),
        None => no_effect(state, owner, card, log),
    }
}

fn no_effect(state: &mut GameState, owner: Side, card: CardId, log: &mut impl EventSink) {
    log.public(LogEvent::PowerHadNoEffect { side: owner, card });
    end_turn(state, owner);
}

fn open(state: &mut GameState, owner: Side, card: CardId, step: PowerStep) {
    state.phase = Phase::Struggle {
        turn: owner,
        opponent_passed: false,
        power: Some((card, step)),
    };
}

/// Discards `side`'s face-down strategy card (R2-D2 and C-3PO, Emperor Palpatine). Returns
/// false when there is none (the tutorial).
fn discard_strategy(state: &mut GameState, side: Side, log: &mut impl EventSink) -> bool {
    let s = state.side_mut(side);
    let Some(strategy) = s.strategy.take() else {
        return false;
    };
    s.used_strategies |= strategy.bit();
    // Discarded face up: a card the opponent did not know is revealed by it.
    if !std::mem::take(&mut s.strategy_known_to_opponent) {
        log.public(LogEvent::StrategyRevealed { side, strategy });
    }
    log.public(LogEvent::StrategyDiscarded { side, strategy });
    // FAQ, Ruling 15: a player whose strategy cards are all discarded retrieves them all
    // immediately, before choosing the new one.
    if s.used_strategies == crate::state::ALL_STRATEGIES {
        s.used_strategies = 0;
        log.public(LogEvent::StrategiesRetrieved { side });
    }
    true
}

/// Who answers an open power decision: the card's owner, or the opponent choosing a new
/// strategy after Emperor Palpatine.
pub(super) fn actor(card: CardId, step: PowerStep) -> Side {
    match step {
        PowerStep::NewStrategy { chooser } => chooser,
        _ => card.side(),
    }
}

/// The legal answers to an open power decision.
pub(super) fn options(state: &GameState, card: CardId, step: PowerStep, out: &mut Vec<Action>) {
    let owner = card.side();
    let opponent = owner.opponent();
    let select = |cards: &mut dyn Iterator<Item = CardId>, out: &mut Vec<Action>| {
        out.extend(cards.map(Action::SelectCard));
    };
    let both_ready = |out: &mut Vec<Action>| {
        for side in Side::BOTH {
            out.extend(ready_in_play(state, side).map(Action::SelectCard));
        }
    };
    match step {
        PowerStep::MilitaryTarget => select(&mut in_play(state, opponent), out),
        PowerStep::DiplomacyTarget => select(&mut in_play(state, owner), out),
        PowerStep::ForceTarget => both_ready(out),
        PowerStep::ReconDeck | PowerStep::Ig88Deck => {
            for side in Side::BOTH {
                if has_cards_to_draw(state, side) {
                    out.push(Action::SelectDeck(side));
                }
            }
        }
        PowerStep::ReconDiscard { seen, count, .. } => {
            out.extend(
                seen[..count as usize]
                    .iter()
                    .map(|c| Action::SelectCard(*c)),
            );
        }
        PowerStep::ChewbaccaTarget { .. } => {
            select(&mut ready_in_play(state, opponent), out);
            out.push(Action::Decline);
        }
        PowerStep::HanSearch => select(&mut in_card_order(&state.side(owner).deck), out),
        PowerStep::LandoDiscard { .. } => {
            select(&mut in_play(state, owner), out);
            out.push(Action::Decline);
        }
        PowerStep::LeiaCharacter => select(&mut in_card_order(&state.side(owner).reserve), out),
        PowerStep::LeiaPlace { .. } => {
            if state.has_room(owner) {
                out.push(Action::PlaySelected);
            }
            out.push(Action::ShuffleSelected);
        }
        PowerStep::LukeOwn => {
            select(&mut in_play(state, owner), out);
            if !state.side(opponent).play.is_empty() {
                out.push(Action::Decline);
            }
        }
        PowerStep::LukeOpponent { discarded_own } => {
            select(&mut in_play(state, opponent), out);
            if discarded_own {
                out.push(Action::Decline);
            }
        }
        PowerStep::ObiWanCard => select(&mut state.side(owner).discard.iter(), out),
        PowerStep::NewStrategy { chooser } => {
            out.extend(
                strategies_in(state.side(chooser).unused_strategies()).map(Action::SelectStrategy),
            );
        }
        PowerStep::PiettCard => {
            for side in Side::BOTH {
                select(&mut state.side(side).discard.iter(), out);
            }
        }
        PowerStep::BobaDiscard => {
            select(&mut in_play(state, opponent), out);
            if any_ready(state) {
                out.push(Action::Decline);
            }
        }
        PowerStep::BobaExhaust { discarded } => {
            both_ready(out);
            if discarded {
                out.push(Action::Decline);
            }
        }
        PowerStep::VaderTarget => {
            for side in Side::BOTH {
                select(&mut exhausted_in_play(state, side), out);
            }
        }
        PowerStep::Ig88Discard { deck } | PowerStep::Ig88Top { deck } => {
            select(&mut in_card_order(&state.side(deck).deck), out)
        }
        PowerStep::JabbaDiscard { .. } => {
            select(&mut in_play(state, owner), out);
            out.push(Action::Decline);
        }
        PowerStep::JabbaPlay { .. } => {
            out.push(Action::PlaySelected);
            out.push(Action::Decline);
        }
    }
}

/// Applies a legal answer to an open power decision.
pub(super) fn answer(
    state: &mut GameState,
    card: CardId,
    step: PowerStep,
    action: Action,
    log: &mut impl EventSink,
) {
    let owner = card.side();
    let opponent = owner.opponent();
    let target = match action {
        Action::SelectCard(c) => Some(c),
        _ => None,
    };
    let next = match (step, target) {
        (PowerStep::MilitaryTarget | PowerStep::DiplomacyTarget, Some(t)) => {
            discard_from_play(state, t, log);
            None
        }
        (PowerStep::ForceTarget, Some(t)) => {
            exhaust(state, t, log);
            None
        }
        (PowerStep::ReconDeck, _) => {
            let Action::SelectDeck(deck) = action else {
                return;
            };
            let mut seen = [CardId(0); 2];
            let mut count = 0;
            for slot in &mut seen {
                match draw(state, deck, log) {
                    Some(c) => {
                        *slot = c;
                        count += 1;
                    }
                    None => break,
                }
            }
            log.secret(
                owner,
                LogEvent::CardsSeen {
                    side: owner,
                    deck,
                    count,
                    cards: Some(seen),
                },
                LogEvent::CardsSeen {
                    side: owner,
                    deck,
                    count,
                    cards: None,
                },
            );
            if count == 1 {
                state.side_mut(deck).discard.push(seen[0]);
                log.public(LogEvent::CardDiscarded {
                    card: seen[0],
                    from: Zone::Deck,
                });
                None
            } else {
                Some(PowerStep::ReconDiscard { deck, seen, count })
            }
        }
        (PowerStep::ReconDiscard { deck, seen, .. }, Some(t)) => {
            let kept = if seen[0] == t { seen[1] } else { seen[0] };
            let s = state.side_mut(deck);
            s.discard.push(t);
            s.deck.push(kept);
            log.public(LogEvent::CardDiscarded {
                card: t,
                from: Zone::Deck,
            });
            put_on_top_log(owner, deck, kept, Zone::Deck, log);
            None
        }
        (PowerStep::ChewbaccaTarget { exhausted }, _) => match target {
            Some(t) => {
                exhaust(state, t, log);
                let done = exhausted + 1 >= 2 || ready_in_play(state, opponent).next().is_none();
                (!done).then_some(PowerStep::ChewbaccaTarget {
                    exhausted: exhausted + 1,
                })
            }
            None => None,
        },
        (PowerStep::HanSearch, Some(t)) => {
            state.side_mut(owner).deck.remove(t);
            put_into_play(state, t, Zone::Deck, log);
            shuffle_deck(state, owner, log);
            None
        }
        (PowerStep::LandoDiscard { discarded }, _) => match target {
            Some(t) => {
                discard_from_play(state, t, log);
                Some(PowerStep::LandoDiscard {
                    discarded: discarded + 1,
                })
            }
            None => {
                for _ in 0..discarded {
                    play_from_deck(state, owner, log);
                }
                None
            }
        },
        (PowerStep::LeiaCharacter, Some(t)) => {
            log.secret(
                owner,
                LogEvent::CharacterPicked {
                    side: owner,
                    card: Some(t),
                },
                LogEvent::CharacterPicked {
                    side: owner,
                    card: None,
                },
            );
            Some(PowerStep::LeiaPlace { card: t })
        }
        (PowerStep::LeiaPlace { card: chosen }, _) => {
            state.side_mut(owner).reserve.remove(chosen);
            if action == Action::PlaySelected {
                put_into_play(state, chosen, Zone::Reserve, log);
            } else {
                shuffle_in_character(state, chosen, log);
            }
            None
        }
        (PowerStep::LukeOwn, _) => {
            if let Some(t) = target {
                discard_from_play(state, t, log);
            }
            let discarded_own = target.is_some();
            if state.side(opponent).play.is_empty() {
                None
            } else {
                Some(PowerStep::LukeOpponent { discarded_own })
            }
        }
        (PowerStep::LukeOpponent { .. } | PowerStep::BobaDiscard, _) => {
            if let Some(t) = target {
                discard_from_play(state, t, log);
            }
            if step == PowerStep::BobaDiscard && any_ready(state) {
                Some(PowerStep::BobaExhaust {
                    discarded: target.is_some(),
                })
            } else {
                None
            }
        }
        (PowerStep::ObiWanCard, Some(t)) => {
            state.side_mut(owner).discard.remove(t);
            put_into_play(state, t, Zone::Discard, log);
            None
        }
        (PowerStep::NewStrategy { chooser }, _) => {
            if let Action::SelectStrategy(strategy) = action {
                let s = state.side_mut(chooser);
                s.strategy = Some(strategy);
                s.strategy_known_to_opponent = false;
                log.secret(
                    chooser,
                    LogEvent::StrategyChosen {
                        side: chooser,
                        by: chooser,
                        strategy: Some(strategy),
                        random: false,
                    },
                    LogEvent::StrategyChosen {
                        side: chooser,
                        by: chooser,
                        strategy: None,
                        random: false,
                    },
                );
            }
            None
        }
        (PowerStep::PiettCard, Some(t)) => {
            let s = state.side_mut(t.side());
            s.discard.remove(t);
            s.deck.push(t);
            log.public(LogEvent::CardPutOnTop {
                deck: t.side(),
                card: Some(t),
                from: Zone::Discard,
            });
            None
        }
        (PowerStep::BobaExhaust { .. }, _) => {
            if let Some(t) = target {
                exhaust(state, t, log);
            }
            None
        }
        (PowerStep::VaderTarget, Some(t)) => {
            if t.is_character() {
                let s = state.side_mut(t.side());
                s.take_from_play(t);
                s.reserve.push(t);
                log.public(LogEvent::CharacterToReserve {
                    side: t.side(),
                    card: Some(t),
                    from: Zone::Play,
                });
            } else {
                discard_from_play(state, t, log);
            }
            None
        }
        (PowerStep::Ig88Deck, _) => {
            let Action::SelectDeck(deck) = action else {
                return;
            };
            refill_deck(state, deck, log);
            log.public(LogEvent::DeckSearched { side: owner, deck });
            if state.side(deck).deck.len() == 1 {
                let only = state.side_mut(deck).deck.pop();
                if let Some(only) = only {
                    state.side_mut(deck).discard.push(only);
                    log.public(LogEvent::CardDiscarded {
                        card: only,
                        from: Zone::Deck,
                    });
                }
                None
            } else {
                Some(PowerStep::Ig88Discard { deck })
            }
        }
        (PowerStep::Ig88Discard { deck }, Some(t)) => {
            let s = state.side_mut(deck);
            s.deck.remove(t);
            s.discard.push(t);
            log.public(LogEvent::CardDiscarded {
                card: t,
                from: Zone::Deck,
            });
            Some(PowerStep::Ig88Top { deck })
        }
        (PowerStep::Ig88Top { deck }, Some(t)) => {
            state.side_mut(deck).deck.remove(t);
            shuffle_deck(state, deck, log);
            state.side_mut(deck).deck.push(t);
            put_on_top_log(owner, deck, t, Zone::Deck, log);
            None
        }
        (PowerStep::JabbaDiscard { peeked }, _) => {
            if let Some(t) = target {
                discard_from_play(state, t, log);
            }
            match peeked {
                Some(peeked) if state.has_room(owner) => Some(PowerStep::JabbaPlay { peeked }),
                _ => None,
            }
        }
        (PowerStep::JabbaPlay { .. }, _) => {
            if action == Action::PlaySelected {
                play_from_deck(state, owner, log);
            }
            None
        }
        // Not reachable with a legal action.
        _ => None,
    };
    match next {
        Some(step) => open(state, owner, card, step),
        None => end_turn(state, owner),
    }
}

fn exhaust(state: &mut GameState, card: CardId, log: &mut impl EventSink) {
    state.side_mut(card.side()).set_exhausted(card, true);
    log.public(LogEvent::CardExhausted { card });
}

/// A card put back on top of a deck is known to the player who put it there only.
fn put_on_top_log(knower: Side, deck: Side, card: CardId, from: Zone, log: &mut impl EventSink) {
    log.secret(
        knower,
        LogEvent::CardPutOnTop {
            deck,
            card: Some(card),
            from,
        },
        LogEvent::CardPutOnTop {
            deck,
            card: None,
            from,
        },
    );
}

/// Shuffles a character (already taken from the reserve) into its owner's deck; which one
/// stays secret (ruling 9).
pub(super) fn shuffle_in_character(state: &mut GameState, card: CardId, log: &mut impl EventSink) {
    let side = card.side();
    let s = state.side_mut(side);
    s.deck.push(card);
    state
        .rng
        .shuffle(state.sides[side.index()].deck.as_mut_slice());
    log.secret(
        side,
        LogEvent::CharacterShuffledIn {
            side,
            card: Some(card),
        },
        LogEvent::CharacterShuffledIn { side, card: None },
    );
}
