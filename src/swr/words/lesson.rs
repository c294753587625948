//! A lesson's words: one or two sentences for each move it teaches, said the first time that
//! kind of move comes up, in the player's words (no rule is decided here: what is lit is the
//! engine's legal action, narrowed to the one taught).

use crate::swr::lesson::Note;
use swr_engine::{Action, CombatStep, MissionStep, PlayerView, Prompt, RefreshStep, Side};

/// The line for the learner's step `step` (1-based): the two ways to win first, then what the
/// move taught is.
pub fn lesson_line(view: &PlayerView, taught: Option<&Action>, step: usize) -> String {
    let rebel = view.viewer == Side::Rebel;
    let what = match (view.prompt.as_ref(), taught) {
        (Some(Prompt::Assign), Some(Action::Done)) => {
            "Leaders you keep back can act in the Command phase. Tap Done when your missions \
             are down."
        }
        (Some(Prompt::Assign), _) => {
            "Assignment: put a mission card face down with a leader on it. That leader does \
             nothing else this round."
        }
        (Some(Prompt::AssignLeaders { .. }), _) => {
            "Choose the leader for this mission: the skill the card names is what counts."
        }
        (Some(Prompt::Turn), Some(Action::Activate { .. })) => {
            "Your turn: send a leader to a system to activate it. Your units next door may then \
             move in, and a fight starts if the enemy is there."
        }
        (Some(Prompt::Turn), Some(Action::Reveal(_))) if rebel => {
            "Your turn: reveal a mission you put down. Its leaders roll a die per skill icon, and \
             the Empire may oppose with a leader."
        }
        (Some(Prompt::Turn), Some(Action::Reveal(_))) => {
            "Your turn: reveal a mission you put down. Its leaders roll a die per skill icon, and \
             the Rebellion may oppose with a leader."
        }
        (Some(Prompt::Turn), _) => {
            "Nothing more you want to do this round: pass. The Command phase ends when both \
             sides have passed."
        }
        (Some(Prompt::Move { .. }), Some(Action::Done)) => {
            "Every unit you wanted has moved: tap Done to end the move."
        }
        (Some(Prompt::Move { .. }), _) => {
            "Move units in from the systems next to it. Ships that carry troops take ground \
             units along."
        }
        (Some(Prompt::Mission(MissionStep::Oppose)), _) if !rebel => {
            "The Rebellion revealed a mission. You may oppose it with a leader from your pool, \
             whose dice cancel its successes."
        }
        (Some(Prompt::Mission(MissionStep::Oppose)), _) => {
            "The Empire revealed a mission. You may oppose it with a leader from your pool, whose \
             dice cancel its successes."
        }
        (Some(Prompt::Mission(_)), _) => {
            "The mission is being carried out: make the choice it asks."
        }
        (Some(Prompt::Combat(CombatStep::Assign)), _) => {
            "Combat: place each hit on an enemy unit whose health colour matches the die. A unit \
             is destroyed when its damage reaches its health."
        }
        (Some(Prompt::Combat(CombatStep::Retreat { .. })), _) => {
            "After each round of combat either side may retreat to a system next door with a \
             leader who is there."
        }
        (Some(Prompt::Combat(_)), _) => {
            "Combat: space first, then the ground; red dice for big units, black for the rest. A \
             leader's tactic value draws tactic cards to play."
        }
        (Some(Prompt::Refresh(RefreshStep::Objective) | Prompt::ClaimObjective), _) => {
            "An objective scores reputation when its condition holds: claim it now."
        }
        (Some(Prompt::Recruit), _) => {
            "Refresh phase: two action cards are drawn; recruit the leader one of them shows."
        }
        (Some(Prompt::Deploy), _) if !rebel => {
            "Deploy: the units at the front of your build queue go to a system that is loyal to \
             you or subjugated."
        }
        (Some(Prompt::Deploy), _) => {
            "Deploy: the units at the front of your build queue go to a system you hold or to \
             your base."
        }
        (Some(Prompt::Build), _) => {
            "Build: systems you hold add units to the build queue; they arrive in a later round."
        }
        (Some(Prompt::DiscardMissions), _) => {
            "Your hand is over its limit: choose the mission cards to let go."
        }
        _ => "Make the move that is lit.",
    };
    if step == 1 && rebel {
        "Two ways to win: the Rebellion when its reputation meets the time marker, the Empire \
         by taking your hidden base. First, put a mission down with a leader on it."
            .to_string()
    } else if step == 1 {
        "You win by finding the hidden Rebel base and taking it before the Rebellion's \
         reputation meets the time marker. First, put a mission down with a leader on it."
            .to_string()
    } else {
        what.to_string()
    }
}

/// One sentence on what just happened that the lesson is about, before the learner's move.
pub fn note_line(note: Note, learner: Side) -> String {
    match (note, learner) {
        (Note::Probes, Side::Empire) => "You drew probe cards: the base is in none of those \
             systems, and the board marks them."
            .to_string(),
        (Note::Probes, Side::Rebel) => {
            "The Empire drew probe cards: each names a system where your base is not.".to_string()
        }
        (Note::Subjugated(system), _) => format!(
            "{} is subjugated: Imperial ground troops hold a system that was not loyal to the \
             Empire, and it now builds for the Empire.",
            system.name()
        ),
        (Note::Captured(leader), Side::Empire) => format!(
            "You captured {}: a captured leader does nothing for the Rebellion until rescued.",
            leader.name()
        ),
        (Note::Captured(leader), Side::Rebel) => format!(
            "The Empire captured {}: a captured leader does nothing for you until rescued.",
            leader.name()
        ),
        (Note::DeathStar, Side::Empire) => "The Death Star moved: it fights like a fleet, \
             and with the right mission its superlaser destroys a whole system, base and all."
            .to_string(),
        (Note::DeathStar, Side::Rebel) => "The Death Star moved: keep your base out of its \
             reach, since its superlaser can destroy a whole system."
            .to_string(),
        (Note::Destroyed(system), _) => {
            format!("{} was destroyed by the Death Star.", system.name())
        }
    }
}

/// The lesson's last line: what was played, and where the rest is.
pub fn lesson_done_line(lesson: crate::swr::lesson::LessonId) -> &'static str {
    match lesson {
        crate::swr::lesson::LessonId::Rebel => {
            "You have played a whole round: assignment, your turns, a fight and the Refresh \
             phase. The rules are always under Menu, and the log says what happened."
        }
        crate::swr::lesson::LessonId::Empire => {
            "You have played a round as the Empire: probes narrow the hunt, troops subjugate, \
             missions capture. The rules are always under Menu, and the log says what happened."
        }
    }
}
