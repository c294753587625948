//! A lesson's words: one or two sentences for each move it teaches, said the first time that
//! kind of move comes up, in the player's words (no rule is decided here: what is lit is the
//! engine's legal action, narrowed to the one taught).

use swr_engine::{Action, CombatStep, MissionStep, PlayerView, Prompt, RefreshStep};

/// The line for the learner's step `step` (1-based): the two ways to win first, then what the
/// move taught is.
pub fn lesson_line(view: &PlayerView, taught: Option<&Action>, step: usize) -> String {
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
        (Some(Prompt::Turn), Some(Action::Reveal(_))) => {
            "Your turn: reveal a mission you put down. Its leaders roll a die per skill icon, and \
             the Empire may oppose with a leader."
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
        (Some(Prompt::Mission(MissionStep::Oppose)), _) => {
            "The Empire revealed a mission. You may oppose it with a leader from your pool, whose \
             dice cancel its successes."
        }
        (Some(Prompt::Mission(_)), _) => {
            "The mission is being carried out: make the choice it asks."
        }
        (Some(Prompt::Combat(CombatStep::Assign)), _) => {
            "Combat: tap one of your units for each hit it takes. A unit is destroyed when its \
             damage reaches its health."
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
    if step == 1 {
        "Two ways to win: the Rebellion when its reputation meets the time marker, the Empire \
         by taking your hidden base. First, put a mission down with a leader on it."
            .to_string()
    } else {
        what.to_string()
    }
}
