#![cfg(not(target_arch = "wasm32"))]
//! Taking back, over random games: it is offered exactly when no hidden information came out
//! since the taker's last action, and it leaves the game exactly as it was before.
//!
//! "No hidden information came out" is judged here without the engine's list of revealing
//! log entries, from what each step does to the players' views:
//! - no chance: the step leaves the random generator as it was;
//! - nothing hidden shows: changing something hidden (the order of a deck or of the events, a
//!   face-down strategy, which characters are in the reserve, the generator) that a player's
//!   view does not show before the step, the step shows them the same view after it;
//! - no card comes to light: every card a player's view shows after the step (in play, in a
//!   discard pile, in their reserve, or looked at) it showed before (a card drawn, looked at,
//!   even in one's own deck, or turned up from a reserve is new), and so does the opponent's
//!   strategy card if it shows it (a strategy revealed, even one its owner just chose or the
//!   last one left, is new to the other player; so is the end of the struggle, where the rules turn both strategy
//!   cards face up, known or not);
//! - no secret choice by the other side: some other action of theirs would have left the
//!   taker's view the same (or it was their only face-down card to choose, a strategy or a
//!   character from the reserve: still chosen out of sight, as the rules have it);
//! - and the game is not over.
use evr_engine::log::LogEntry;
use evr_engine::rng::Rng;
use evr_engine::state::{GameState, Phase, PowerStep};
use evr_engine::view::{Decision, OpponentStrategy, PlayerView};
use evr_engine::*;

/// Every card a view shows face up (to its viewer).
fn cards_shown(view: &PlayerView) -> Vec<CardId> {
    let mut cards: Vec<CardId> = [&view.me.discard, &view.me.reserve, &view.opponent.discard]
        .into_iter()
        .flatten()
        .copied()
        .collect();
    cards.extend(
        view.me
            .play
            .iter()
            .chain(&view.opponent.play)
            .map(|p| p.card),
    );
    if let Some(Decision::Power { seen, .. }) = &view.decision {
        cards.extend(seen);
    }
    cards
}

/// What `viewer` sees after `action`: the view and the log entries they may read.
fn seen_after(
    state: &GameState,
    side: Side,
    action: Action,
    viewer: Side,
) -> Option<(PlayerView, Vec<LogEvent>)> {
    let mut next = *state;
    let mut log: Vec<LogEntry> = Vec::new();
    next.apply(side, action, &mut log).ok()?;
    let read = log
        .iter()
        .filter(|e| e.audience.includes(viewer))
        .map(|e| e.event)
        .collect();
    Some((next.view(viewer), read))
}

/// States that differ from `state` only in something hidden: one kind of change each.
fn hidden_variants(state: &GameState, rng: &mut Rng) -> Vec<GameState> {
    let mut out = Vec::new();
    for _ in 0..2 {
        let mut s = *state;
        s.rng = Rng::new(rng.next_u64());
        out.push(s);

        let mut s = *state;
        for side in Side::BOTH {
            rng.shuffle(s.side_mut(side).deck.as_mut_slice());
        }
        out.push(s);

        let mut s = *state;
        rng.shuffle(s.event_deck.as_mut_slice());
        out.push(s);
    }
    for side in Side::BOTH {
        let own = state.side(side);
        if let Some(chosen) = own.strategy {
            for other in Strategy::ALL {
                if other != chosen && own.unused_strategies() & other.bit() != 0 {
                    let mut s = *state;
                    s.side_mut(side).strategy = Some(other);
                    out.push(s);
                }
            }
        }
        for kept in own.reserve.iter() {
            for (at, card) in own.deck.iter().enumerate() {
                if card.is_character() {
                    let mut s = *state;
                    let mine = s.side_mut(side);
                    mine.reserve.remove(kept);
                    mine.reserve.push(card);
                    mine.deck.as_mut_slice()[at] = kept;
                    out.push(s);
                    break;
                }
            }
        }
    }
    out
}

/// Whether `history[i]` (taken from `state`) let nothing hidden out, as `taker` counts it.
fn quiet(state: &GameState, side: Side, action: Action, taker: Side, rng: &mut Rng) -> bool {
    let mut after = *state;
    after.apply(side, action, &mut NoLog).unwrap();
    let struggling = |s: &GameState| matches!(s.phase, Phase::Struggle { .. });
    if after.is_over() || after.rng != state.rng || (struggling(state) && !struggling(&after)) {
        return false;
    }
    for viewer in Side::BOTH {
        let (was, now) = (state.view(viewer), after.view(viewer));
        let known = cards_shown(&was);
        if cards_shown(&now).iter().any(|c| !known.contains(c)) {
            return false;
        }
        // (A card the viewer has just chosen for the opponent is no news to them.)
        let chose_it = viewer == side
            && matches!(action, Action::ChooseStrategy { side: s, .. } if s != viewer);
        if !chose_it
            && matches!(now.opponent.strategy, OpponentStrategy::Known(_))
            && now.opponent.strategy != was.opponent.strategy
        {
            return false;
        }
        // A player's own card, chosen out of their sight (Infiltration), coming to light. One
        // chosen by this very action is the actor's choice, which its owner may look at by
        // rule, except when both infiltrate: then only once both are chosen.
        let still_choosing = state.modifiers.infiltrates == [true, true]
            && matches!(after.phase, Phase::ChooseStrategies);
        let chosen_now = (!still_choosing
            && matches!(action, Action::ChooseStrategy { side: s, .. } if s == viewer))
            || (side == viewer && matches!(action, Action::SelectStrategy(_)));
        if !chosen_now && was.me.strategy.is_none() && now.me.strategy.is_some() {
            return false;
        }
        // A face-down card turned up or discarded face up is revealed, even the last one left.
        if was.opponent.strategy == OpponentStrategy::FaceDown
            && now.opponent.strategy != OpponentStrategy::FaceDown
        {
            return false;
        }
    }
    for variant in hidden_variants(state, rng) {
        for viewer in Side::BOTH {
            if variant.view(viewer) != state.view(viewer) {
                continue; // the viewer knows this already
            }
            // A variant where the action names a card that is not there does not count: the
            // actor picked among what they may see, which another viewer may not.
            let Some(seen) = seen_after(&variant, side, action, viewer) else {
                continue;
            };
            if Some(seen) != seen_after(state, side, action, viewer) {
                return false;
            }
        }
    }
    if side != taker {
        let seen = seen_after(state, side, action, taker);
        let legal = state.legal_actions(side);
        // A new strategy card, or Leia's pick from the reserve.
        let from_hidden = matches!(
            state.phase,
            Phase::Struggle {
                power: Some((_, PowerStep::NewStrategy { .. } | PowerStep::LeiaCharacter)),
                ..
            }
        );
        let face_down = from_hidden
            || matches!(
                action,
                Action::ChooseStrategy { .. } | Action::ChooseCharacters(_)
            );
        let secret = (legal.len() == 1 && face_down)
            || legal
                .into_iter()
                .any(|other| other != action && seen_after(state, side, other, taker) == seen);
        if secret {
            return false;
        }
    }
    true
}

/// The oracle's take-back point, from the steps' quietness.
fn expected_point(
    history: &[(Side, Action)],
    quiet_for: &[[bool; 2]],
    taker: Side,
    with_others: bool,
) -> Option<usize> {
    for i in (0..history.len()).rev() {
        let side = history[i].0;
        if (side != taker && !with_others) || !quiet_for[i][taker.index()] {
            return None;
        }
        if side == taker {
            return Some(i);
        }
    }
    None
}

#[test]
fn take_back_is_offered_exactly_when_nothing_hidden_came_out_and_restores_the_game() {
    let mut offers = [0usize; 2];
    let mut refusals = 0usize;
    for seed in 0..200u64 {
        let variant = if seed % 6 == 5 {
            Variant::Tutorial
        } else {
            Variant::Full
        };
        let mut game = Game::new(seed, GameOptions { variant });
        let mut rng = Rng::new(seed ^ 0x7a4e);
        // Each position's game and both players' views, to compare a take-back with.
        let mut before: Vec<(Game, [PlayerView; 2])> = Vec::new();
        let mut quiet_for: Vec<[bool; 2]> = Vec::new();
        while !game.state().is_over() {
            let state = *game.state();
            let active: Vec<Side> = state.active_players().iter().collect();
            let side = active[rng.below(active.len())];
            let legal = state.legal_actions(side);
            let action = legal[rng.below(legal.len())];
            quiet_for.push(Side::BOTH.map(|taker| quiet(&state, side, action, taker, &mut rng)));
            before.push((game.clone(), Side::BOTH.map(|v| game.view(v))));
            game.apply(side, action).unwrap();

            for taker in Side::BOTH {
                for with_others in [false, true] {
                    let point = game.take_back_point(taker, with_others);
                    let expected = expected_point(game.history(), &quiet_for, taker, with_others);
                    assert_eq!(
                        point,
                        expected,
                        "seed {seed}, after {:?}, taker {taker:?}, with others {with_others}; log ends {:?}",
                        &game.history()[game.history().len().saturating_sub(3)..],
                        game.view(Side::Imperial).log.iter().rev().take(4).collect::<Vec<_>>()
                    );
                    let Some(to) = point else {
                        refusals += 1;
                        continue;
                    };
                    offers[with_others as usize] += 1;
                    let mut taken = game.clone();
                    assert_eq!(
                        taken.take_back(taker, with_others),
                        Some(game.history().len() - to)
                    );
                    // Exactly the game before the taken-back actions: state, log, history...
                    assert_eq!(taken, before[to].0);
                    // ...so the taker sees exactly what they saw then, and nothing more.
                    assert_eq!(taken.view(taker), before[to].1[taker.index()]);
                    assert_eq!(taken.history().last(), game.history()[..to].last());
                }
            }
        }
    }
    // The games offered take-backs, alone and with the other side's moves, and refused some.
    eprintln!("take-backs offered {offers:?} (alone, with the other side), refused {refusals}");
    assert!(offers[0] > 100 && offers[1] > offers[0], "{offers:?}");
    assert!(refusals > 100, "{refusals}");
}

#[test]
fn the_end_of_the_game_cannot_be_taken_back() {
    let mut rng = Rng::new(3);
    let mut game = Game::new(3, GameOptions::default());
    while !game.state().is_over() {
        let state = *game.state();
        let side = state.active_players().iter().next().unwrap();
        let legal = state.legal_actions(side);
        game.apply(side, legal[rng.below(legal.len())]).unwrap();
    }
    for taker in Side::BOTH {
        assert_eq!(game.take_back_point(taker, true), None);
        assert!(game.take_back_actions(taker, true).is_empty());
    }
}
