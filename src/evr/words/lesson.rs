//! A lesson's words: one or two sentences for each move the script teaches, in our own words (no
//! rule is decided here: what is lit is the engine's legal action, narrowed to the one
//! taught).

use crate::evr::narrate::{card_label, side_name};
use evr_engine::state::PowerStep;
use evr_engine::view::{Decision, PlayerView, Stage};
use evr_engine::Action;

/// The line for the learner's step `step` (1-based): what the move taught is and why.
pub fn lesson_line(view: &PlayerView, taught: Action, step: usize) -> String {
    let first_turn = view.me.play.is_empty() && view.opponent.play.len() <= 1;
    let last_pass = matches!(
        view.stage,
        Stage::Struggle {
            opponent_passed: true,
            ..
        }
    );
    match (&view.decision, taught) {
        (Some(Decision::ChooseStrategy { .. }), _) if step == 1 => {
            "Each round both sides fight over one event: the higher total without going over \
             its objective wins it. First choose a strategy card in secret: it acts when the \
             event is settled."
                .into()
        }
        (_, Action::PlayCard) if first_turn => format!(
            "The balance token shows the {}, so {} first. Play a card: your deck's top card \
             goes into play and adds its value to your total.",
            side_name(view.balance),
            if view.balance == view.viewer {
                "you go"
            } else {
                "it went"
            }
        ),
        (_, Action::UsePower(c))
            if c.is_character() && c.side() == view.viewer && again(view, c) =>
        {
            format!("{} is ready again: use the power once more.", card_label(c))
        }
        (_, Action::UsePower(c)) if c.is_character() => format!(
            "Use the power of {}: tap the card. It turns sideways, exhausted, and a character \
             is then worth only 1.",
            card_label(c)
        ),
        (_, Action::UsePower(c)) => format!(
            "Use the power of {}: tap it. It turns sideways, exhausted; a regular card keeps \
             its value.",
            card_label(c)
        ),
        (_, Action::SpendInfluence(c)) => format!(
            "Spend 1 influence to ready {}: it stands up again, worth {} again, and its power \
             can be used once more.",
            card_label(c),
            c.ready_value()
        ),
        (_, Action::Pass) if last_pass => {
            "Pass: two passes in a row end the struggle. Then strategies are revealed, the \
             event is settled and the balance token turns to the side behind."
                .into()
        }
        (Some(Decision::Power { step, .. }), _) => power_line(view, *step, taught),
        _ => "Make the move that is lit.".into(),
    }
}

/// A power's own question, for the powers the lesson uses (others in general words: the
/// page's first visit has a budget, so only the lines the script meets are written out).
fn power_line(view: &PlayerView, step: PowerStep, taught: Action) -> String {
    let target = match taught {
        Action::SelectCard(c) => Some(c),
        _ => None,
    };
    match (step, target) {
        (PowerStep::HanSearch, Some(c)) => format!(
            "Han Solo plays any card of your deck, not just the top one: take {}.",
            card_label(c)
        ),
        (PowerStep::ForceTarget, Some(c)) if c.side() != view.viewer => format!(
            "The Force exhausts a ready card: exhaust the {}'s {}, whose power then cannot be used.",
            side_name(c.side()),
            card_label(c)
        ),
        _ => "Now the power asks for a choice: tap what is lit.".into(),
    }
}

/// What the lesson taught, once it is over: who won the event and where the balance token
/// went.
pub fn lesson_done_line(view: &PlayerView) -> String {
    let won = view.me.victory_points > view.opponent.victory_points;
    format!(
        "You have played a whole event: a strategy, cards, powers and influence. {} the \
         event, and the balance token turned to the {}: it goes first next round and wins ties.",
        if won { "You won" } else { "You lost" },
        side_name(view.balance)
    )
}

/// Whether the learner has used `card`'s power before in this struggle (the log says).
fn again(view: &PlayerView, card: evr_engine::CardId) -> bool {
    view.log
        .iter()
        .any(|e| matches!(e, evr_engine::LogEvent::PowerUsed { card: c, .. } if *c == card))
}
