//! The line that says the computer is deciding: how far its search has got, what it leans to
//! and how long it has taken, so a long decision on a slow device is never a bare wait.

use super::html::esc;
use crate::swr::app::{Thinking, Ui};
use crate::swr::words::{place_name, unit_name};
use leptos::prelude::*;
use std::fmt::Write;
use swr_engine::{Action, MissionStep, Place, Prompt};

/// The thinking line while the computer is to act (empty otherwise). Its data attributes say
/// how far the search has got and how many notes of it came, for the browser tests.
pub fn thinking_html(ui: &Ui) -> String {
    if !ui.thinking.get() {
        return String::new();
    }
    let progress = ui.progress.get();
    let seconds = progress.as_ref().map_or(0, |t| t.seconds);
    let prompt = ui.view.with(|v| v.as_ref().and_then(|v| v.prompt.clone()));
    let Some(t) = progress.filter(|t| t.total > 0) else {
        return format!(
            "<p class=\"thinking\" data-testid=\"thinking\" data-notes=\"0\">\
             The computer is deciding…{}</p>",
            seconds_html(seconds)
        );
    };
    let percent = percent(&t);
    let mut out = format!(
        "<p class=\"thinking\" data-testid=\"thinking\" data-done=\"{}\" data-total=\"{}\" \
         data-notes=\"{}\">The computer is deciding: {percent}% looked at",
        t.done, t.total, t.notes
    );
    if let Some(leaning) = t.leaning.and_then(|a| leaning_words(&a, prompt.as_ref())) {
        let _ = write!(out, ", leaning to {}", esc(&leaning));
    }
    let _ = write!(
        out,
        ". <progress max=\"100\" value=\"{percent}\" aria-hidden=\"true\"></progress>{}</p>",
        seconds_html(t.seconds)
    );
    out
}

/// Whole hundredths of the search done, below a hundred until it ends (as the computer counts).
fn percent(t: &Thinking) -> u32 {
    (u64::from(t.done) * 100 / u64::from(t.total.max(1))).min(99) as u32
}

/// " 12 s" once a second has passed.
fn seconds_html(seconds: u32) -> String {
    if seconds == 0 {
        String::new()
    } else {
        format!(" <span class=\"thinking-time\" data-testid=\"thinking-time\">{seconds} s</span>")
    }
}

/// The action the computer leans to, in words, if the player will see it done should it be
/// taken: a card, a mission or a probe it leans to and then does not play would give its hand
/// away, and a move to or from the Rebel Base space the systems next to a hidden base, so
/// those are not named.
fn leaning_words(action: &Action, prompt: Option<&Prompt>) -> Option<String> {
    let base = Place::RebelBase;
    Some(match (*action, prompt) {
        (Action::Activate { leader, system }, _) => {
            format!("activate {} with {}", system.name(), leader.name())
        }
        (Action::ActivateBase { leader }, _) => {
            format!("activate the Rebel Base space with {}", leader.name())
        }
        (Action::Move { kind, from }, Some(&Prompt::Move { to, .. }))
            if from != base && to != base =>
        {
            format!(
                "move {} from {} to {}",
                unit_name(kind, 1),
                place_name(from),
                place_name(to)
            )
        }
        (Action::Retreat { to, .. }, _) => format!("retreat to {}", to.name()),
        (Action::Leader(leader), Some(&Prompt::Mission(MissionStep::Oppose))) => {
            format!("oppose with {}", leader.name())
        }
        (Action::Pass, _) => "pass".to_string(),
        _ => return None,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use swr_engine::{ActionCard, LeaderId, Mission, MoveWhy, SystemId, UnitKind};

    #[test]
    fn the_leaning_is_named_only_where_the_other_player_would_see_it_done() {
        let to = Place::System(SystemId(3));
        let moving = Prompt::Move {
            to,
            why: MoveWhy::Activation,
        };
        let star_destroyer = Action::Move {
            kind: UnitKind::StarDestroyer,
            from: Place::System(SystemId(4)),
        };
        let words = leaning_words(&star_destroyer, Some(&moving)).unwrap();
        assert!(words.starts_with("move a Star Destroyer from "), "{words}");
        let activate = Action::Activate {
            leader: LeaderId::Vader,
            system: SystemId(3),
        };
        assert!(leaning_words(&activate, None).is_some());
        assert_eq!(leaning_words(&Action::Pass, None).as_deref(), Some("pass"));
        let from_base = Action::Move {
            kind: UnitKind::XWing,
            from: Place::RebelBase,
        };
        let into_base = Prompt::Move {
            to: Place::RebelBase,
            why: MoveWhy::Activation,
        };
        let secret = [
            (from_base, Some(&moving)),
            (star_destroyer, Some(&into_base)),
            (Action::Card(ActionCard::AccordingToMyDesign), None),
            (Action::Mission(Mission::GatherIntel), Some(&Prompt::Assign)),
            (Action::Probe(SystemId(5)), None),
            (Action::Leader(LeaderId::Vader), Some(&Prompt::Assign)),
        ];
        for (action, prompt) in secret {
            assert_eq!(leaning_words(&action, prompt), None, "{action:?}");
        }
    }
}
