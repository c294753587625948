//! First-time hints: in a real game, the first time each kind of decision comes up, one line
//! says what it is (the lessons' words, said of the decision rather than of one taught move).
//! Which kinds were seen is kept on the device; a setting turns them off.

use swr_engine::{CombatStep, MissionStep, PlayerView, Prompt, RefreshStep, Side};

/// The kind of the decision in `view` and its line, if it is a kind with a hint. Card effects
/// say what they ask in their own question, so they have none.
pub fn first_time_hint(view: &PlayerView) -> Option<(&'static str, &'static str)> {
    let rebel = view.viewer == Side::Rebel;
    Some(match view.prompt.as_ref()? {
        Prompt::PlaceStartingUnits => (
            "setup",
            "Setup: put your starting units in the lit systems. Where they stand is where the \
             war begins.",
        ),
        Prompt::ChooseBase => (
            "base",
            "Choose the system that hides your base: only you will know it. The Empire wins by \
             finding it and taking it.",
        ),
        Prompt::Assign => (
            "assign",
            "Assignment: put mission cards face down with leaders on them. Leaders you keep back \
             can act in the Command phase.",
        ),
        Prompt::AssignLeaders { .. } => (
            "assign-leaders",
            "Choose the leader for this mission: the skill the card names is what counts.",
        ),
        Prompt::Turn => (
            "turn",
            "Your turn: activate a system with a leader, reveal a mission you put down, or pass. \
             The phase ends when both sides have passed.",
        ),
        Prompt::Move { .. } => (
            "move",
            "Move units in from the systems next to it. Ships that carry troops take ground units \
             along.",
        ),
        Prompt::Mission(MissionStep::Oppose) => (
            "oppose",
            "A mission was revealed: you may oppose it with a leader from your pool, whose dice \
             cancel its successes.",
        ),
        Prompt::Mission(_) => (
            "mission",
            "A mission is being carried out: make the choice it asks.",
        ),
        Prompt::Combat(CombatStep::Assign) => (
            "damage",
            "Combat: place each hit on an enemy unit whose health colour matches the die. A unit \
             is destroyed when its damage reaches its health.",
        ),
        Prompt::Combat(CombatStep::Block) => (
            "block",
            "Your units are being hit: a tactic card of this theater may block some of the \
             damage.",
        ),
        Prompt::Combat(CombatStep::Retreat { .. } | CombatStep::RetreatUnits { .. }) => (
            "retreat",
            "After each round of combat either side may retreat to a system next door with a \
             leader who is there.",
        ),
        Prompt::Combat(_) => (
            "combat",
            "Combat: space first, then the ground. A leader's tactic value draws tactic cards to \
             play.",
        ),
        Prompt::ClaimObjective | Prompt::Refresh(RefreshStep::Objective) if rebel => (
            "objective",
            "An objective scores reputation when its condition holds: claim it when it does.",
        ),
        Prompt::Recruit => (
            "recruit",
            "Refresh phase: two action cards are drawn; recruit the leader one of them shows.",
        ),
        Prompt::Build => (
            "build",
            "Build: systems you hold add units to the build queue; they arrive in a later round.",
        ),
        Prompt::Deploy if rebel => (
            "deploy",
            "Deploy: the units at the front of your build queue go to a system you hold or to \
             your base.",
        ),
        Prompt::Deploy => (
            "deploy",
            "Deploy: the units at the front of your build queue go to a system that is loyal to \
             you or subjugated.",
        ),
        Prompt::DiscardMissions => (
            "discard",
            "Your hand is over its limit: choose the mission cards to let go.",
        ),
        _ => return None,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use swr_ai::{Player, RuleBot};
    use swr_engine::{Game, GameOptions};

    /// A game of the rule-based computer on both sides meets the common kinds, each with a
    /// short line.
    #[test]
    fn a_whole_game_meets_the_common_kinds_each_said_in_two_sentences_at_most() {
        let mut game = Game::new(7, GameOptions::default());
        let mut bots = [RuleBot::new(7), RuleBot::new(8)];
        let mut kinds = std::collections::BTreeSet::new();
        while let Some(side) = game.state().active_player() {
            let view = game.view(side);
            if let Some((kind, line)) = first_time_hint(&view) {
                assert!(crate::shell::hints::fit_line(line), "{line}");
                kinds.insert(kind);
            }
            let action = bots[side.index()].choose(&view);
            game.apply(side, action).unwrap();
        }
        for kind in [
            "assign", "turn", "move", "combat", "damage", "recruit", "deploy",
        ] {
            assert!(kinds.contains(kind), "{kind} in {kinds:?}");
        }
    }
}
