//! Who must act, what they may do, and why anything else is refused.

use super::{dominance, planning, powers, ActivePlayers};
use crate::action::{Action, ActionError};
use crate::cards::Side;
use crate::state::{strategies_in, CharacterSet, GameState, Phase};

pub(super) fn active_players(state: &GameState) -> ActivePlayers {
    match state.phase {
        Phase::ChooseCharacters { chosen } => Side::BOTH
            .into_iter()
            .filter(|s| chosen[s.index()].is_none())
            .fold(ActivePlayers::none(), ActivePlayers::with),
        Phase::ChooseStrategies => planning::open_slots(state)
            .filter(|s| !planning::is_random(state, *s))
            .map(|s| state.strategy_picker(s))
            .fold(ActivePlayers::none(), ActivePlayers::with),
        Phase::Struggle {
            turn, power: None, ..
        } => ActivePlayers::one(turn),
        Phase::Struggle {
            power: Some((card, step)),
            ..
        } => ActivePlayers::one(powers::actor(card, step)),
        Phase::Dominance(p) => ActivePlayers::one(dominance::actor(p.step)),
        Phase::GameOver { .. } => ActivePlayers::none(),
    }
}

/// All 70 ways to choose 4 of 8 characters.
fn character_choices() -> impl Iterator<Item = CharacterSet> {
    (0u16..256)
        .filter(|m| m.count_ones() == 4)
        .map(|m| CharacterSet(m as u8))
}

pub(super) fn legal_actions(state: &GameState, player: Side, out: &mut Vec<Action>) {
    if !active_players(state).contains(player) {
        return;
    }
    match state.phase {
        Phase::ChooseCharacters { .. } => {
            out.extend(character_choices().map(Action::ChooseCharacters));
        }
        Phase::ChooseStrategies => {
            for side in planning::open_slots(state) {
                if state.strategy_picker(side) == player && !planning::is_random(state, side) {
                    out.extend(
                        strategies_in(state.side(side).unused_strategies())
                            .map(|strategy| Action::ChooseStrategy { side, strategy }),
                    );
                }
            }
        }
        Phase::Struggle { power: None, .. } => {
            let s = state.side(player);
            let can_play = state.can_play_from_deck(player);
            if can_play {
                out.push(Action::PlayCard);
            }
            if s.play.is_empty() {
                // Ruling 3: with nothing in play a player must play a card. Should no card be
                // playable at all, passing keeps the game going.
                if !can_play {
                    out.push(Action::Pass);
                }
                return;
            }
            for card in s.play.iter() {
                if s.is_exhausted(card) {
                    if s.influence > 0 {
                        out.push(Action::SpendInfluence(card));
                    }
                } else {
                    out.push(Action::UsePower(card));
                }
            }
            out.push(Action::Pass);
        }
        Phase::Struggle {
            power: Some((card, step)),
            ..
        } => powers::options(state, card, step, out),
        Phase::Dominance(p) => dominance::options(state, p.step, out),
        Phase::GameOver { .. } => {}
    }
}

/// Explains why an action that is not legal was refused.
pub(super) fn diagnose(state: &GameState, player: Side, action: Action) -> ActionError {
    if state.is_over() {
        return ActionError::GameOver;
    }
    if !active_players(state).contains(player) {
        return ActionError::NotYourTurn;
    }
    match (state.phase, action) {
        (Phase::ChooseCharacters { .. }, Action::ChooseCharacters(set)) => {
            if set.count() != 4 {
                ActionError::MustChooseFourCharacters
            } else {
                ActionError::InvalidChoice
            }
        }
        (Phase::ChooseStrategies, Action::ChooseStrategy { side, .. }) => {
            if state.strategy_picker(side) != player
                || !planning::open_slots(state).any(|s| s == side)
            {
                ActionError::NotYourStrategyToChoose
            } else {
                ActionError::StrategyUnavailable
            }
        }
        (Phase::Struggle { power: None, .. }, a) => {
            let s = state.side(player);
            match a {
                _ if s.play.is_empty() && a != Action::PlayCard => ActionError::MustPlayCard,
                Action::PlayCard => ActionError::CapacityReached,
                Action::SpendInfluence(card) if s.play.contains(card) && s.is_exhausted(card) => {
                    ActionError::NoInfluence
                }
                Action::UsePower(_) | Action::SpendInfluence(_) => ActionError::CardNotUsable,
                _ => ActionError::WrongKindOfAction,
            }
        }
        (Phase::Struggle { power: Some(_), .. } | Phase::Dominance(_), a) => match a {
            Action::Decline => ActionError::CannotDecline,
            Action::SelectCard(_)
            | Action::SelectDeck(_)
            | Action::SelectStrategy(_)
            | Action::PlaySelected
            | Action::ShuffleSelected
            | Action::ReorderEvents(_) => ActionError::InvalidChoice,
            _ => ActionError::WrongKindOfAction,
        },
        _ => ActionError::WrongKindOfAction,
    }
}
