//! The fast part of every search iteration: a plausible way to finish the round from a
//! sampled state, and what the end of it is worth.

use evr_engine::cards::Side;
use evr_engine::rng::Rng;
use evr_engine::state::{DominanceStep, PowerStep};
use evr_engine::{Action, EventId, GameState, Phase, VICTORY_POINTS_TO_WIN};

/// What a search tries to maximise for the searching player.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Objective {
    /// Winning the game (a finished game counts as 1 or 0; an unfinished one is estimated
    /// from the score).
    Game,
    /// Winning this round's event (the advice shown to a human).
    Event,
}

/// Where a playout stops: the game is over or the round after `round` has begun. Searching a
/// single round keeps iterations cheap and the signal sharp; the evaluation looks beyond it.
pub fn finished(state: &GameState, round: u16) -> bool {
    state.is_over() || state.round > round.max(1)
}

/// The worth of a state for `me`, from 0 to 1.
pub fn evaluate(state: &GameState, me: Side, objective: Objective, event: Option<EventId>) -> f64 {
    match objective {
        Objective::Event => {
            let won = event.is_some_and(|e| state.side(me).events_won & (1 << e.0) != 0);
            if won {
                1.0
            } else {
                0.0
            }
        }
        Objective::Game => match state.phase {
            Phase::GameOver { winner } => match winner {
                Some(w) if w == me => 1.0,
                Some(_) => 0.0,
                None => 0.5,
            },
            _ => score_estimate(state, me),
        },
    }
}

/// The chance to win the game guessed from victory points and influence: a lead counts for
/// more as the finish line gets closer.
fn score_estimate(state: &GameState, me: Side) -> f64 {
    let mine = state.side(me);
    let theirs = state.side(me.opponent());
    let need = |vp: u8| VICTORY_POINTS_TO_WIN.saturating_sub(vp) as f64;
    let lead = mine.victory_points as f64 - theirs.victory_points as f64
        + 0.15 * (mine.influence as f64 - theirs.influence as f64);
    let x = 2.0 * lead / (need(mine.victory_points) + need(theirs.victory_points) + 1.0).sqrt();
    1.0 / (1.0 + (-x).exp())
}

/// Whether `actor`'s choice now is one the other player would not see (so a search must not
/// branch on it as if it could).
pub fn is_secret_choice(state: &GameState) -> bool {
    match state.phase {
        Phase::ChooseCharacters { .. } | Phase::ChooseStrategies => true,
        Phase::Struggle {
            power: Some((_, step)),
            ..
        } => matches!(
            step,
            PowerStep::NewStrategy { .. } | PowerStep::Ig88Top { .. } | PowerStep::LeiaCharacter
        ),
        Phase::Dominance(p) => matches!(
            p.step,
            DominanceStep::Support { .. } | DominanceStep::MayAddCharacter { .. }
        ),
        _ => false,
    }
}

/// A quick, sensible action: mostly the obvious struggle play (draw while the expected card
/// keeps you within the objective, use a power now and then, otherwise pass), and a random
/// legal answer to everything else.
pub fn playout_action(state: &GameState, player: Side, legal: &[Action], rng: &mut Rng) -> Action {
    if legal.len() == 1 {
        return legal[0];
    }
    let random = legal[rng.below(legal.len())];
    let Phase::Struggle {
        power: None,
        opponent_passed,
        ..
    } = state.phase
    else {
        return random;
    };
    if rng.below(8) == 0 {
        return random;
    }
    if rng.below(3) == 0 {
        let powers = legal
            .iter()
            .filter(|a| matches!(a, Action::UsePower(_)))
            .count();
        if powers > 0 {
            let pick = rng.below(powers);
            if let Some(a) = legal
                .iter()
                .filter(|a| matches!(a, Action::UsePower(_)))
                .nth(pick)
            {
                return *a;
            }
        }
    }
    let objective = state.event_card().map_or(0, |e| e.objective as u32);
    let mine = state.side(player);
    let total = mine.total();
    let theirs = state.side(player.opponent()).total();
    let can_play = legal.contains(&Action::PlayCard);
    let can_pass = legal.contains(&Action::Pass);
    // Ahead, within the objective, and the opponent has stopped: stop too.
    let safe_lead = total <= objective && (theirs > objective || total > theirs);
    if can_pass && opponent_passed && safe_lead {
        return Action::Pass;
    }
    if can_play {
        let pile = if mine.deck.is_empty() {
            &mine.discard
        } else {
            &mine.deck
        };
        let sum: u32 = pile.iter().map(|c| c.ready_value() as u32).sum();
        let expected = sum as f64 / pile.len().max(1) as f64;
        if total as f64 + expected <= objective as f64 + 0.5 || !can_pass {
            return Action::PlayCard;
        }
    }
    if can_pass {
        Action::Pass
    } else {
        random
    }
}
