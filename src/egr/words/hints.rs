//! First-time hints: in a real game, the first time each kind of decision comes up, one line
//! says what it is and what it is for (the question itself says what to do). Which kinds were
//! said is kept on the device, whoever sat at it (`crate::shell::hints`); a setting turns them
//! off.

use egr_engine::view::PlayerView;
use egr_engine::Prompt;

/// The kind of the decision in `view` and its line, if it is a kind with a hint. An Imperial
/// Action card's choices and the second worker lost say what they ask in their own question,
/// so they have none.
pub fn first_time_hint(view: &PlayerView) -> Option<(&'static str, &'static str)> {
    Some(match view.prompt? {
        Prompt::StartRebel { .. } => (
            "setup",
            "Your starting Rebels go on planets without an Imperial Fleet. The most workers on a \
             planet score its Power tile after turns 3, 6 and 8.",
        ),
        Prompt::Place { .. } => (
            "place",
            "Everyone places one worker at a time until all hands are empty. Then the boxes are \
             carried out from the top down, each place from the left.",
        ),
        Prompt::Land { .. } => (
            "land",
            "Planetary Influence: this worker lands on a planet and stays. The first Smuggler \
             there takes its Trade Route, the first Scientist its Science Lab.",
        ),
        Prompt::TakeGood { .. } => (
            "good",
            "Trade Goods are kept for the whole game. Sets of three, or of three or four alike, \
             pay income every turn.",
        ),
        Prompt::Covert { .. } => (
            "covert",
            "Covert Missions: at most one a turn, by the first player who takes one. It costs a \
             point per Sentinel on its planet, paid with your workers in the box.",
        ),
        Prompt::Pay { .. } => (
            "pay",
            "Pay with your workers in this box, one at a time: they go back to your supply. Those \
             not spent stay in the box for later turns.",
        ),
        Prompt::Research { .. } => (
            "research",
            "Research: a technology costs 10, 15 or 20 UC by epoch, 5 less through a Scientist. \
             Most give their benefits in every turn's technology phase, this one included.",
        ),
        Prompt::Attack { .. } => (
            "attack",
            "Warfare: attack a rival or the Sentinels on a planet. Three cubes are drawn from the \
             bag, and whoever owns two or three wins (the odds are beside each choice).",
        ),
        Prompt::Defend { .. } => (
            "defend",
            "You are attacked: choose the worker that defends. A Trooper or a Hero that loses is \
             the only loss; any other worker that loses costs you a second one.",
        ),
        Prompt::PaidSpecialist { .. } => (
            "specialist",
            "A Specialist trained now joins your hand, to be placed next turn.",
        ),
        Prompt::Bid { .. } => (
            "senate",
            "Galactic Senate: your points are your workers there, a Diplomat counting 2. The \
             winner pays the bid with them and plays an Imperial Action card.",
        ),
        Prompt::ChooseCard { .. } => (
            "card",
            "You won the Senate: choose the Imperial Action card to play. You make every choice \
             it asks for.",
        ),
        Prompt::SecondLoss { .. } | Prompt::Effect { .. } => return None,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::shell::hints::fit_line;
    use egr_ai::{Player, RuleBot};
    use egr_engine::{Game, GameOptions};
    use std::collections::BTreeSet;

    /// Seeded games of the rule-based computer at 2 to 5 seats meet every kind, each said in a
    /// line that fits; only a card's choices and the second loss have none.
    #[test]
    fn whole_games_meet_every_kind_each_said_in_a_short_line() {
        let mut kinds = BTreeSet::new();
        for players in 2..=5u8 {
            for seed in 0..3 {
                let seed = seed * 7 + u64::from(players);
                let mut game = Game::new(seed, GameOptions::new(players));
                let mut bots: Vec<RuleBot> = (0..u64::from(players))
                    .map(|i| RuleBot::new(seed ^ (i << 8)))
                    .collect();
                while let Some(seat) = game.state().active_player() {
                    let view = game.view(seat);
                    match first_time_hint(&view) {
                        Some((kind, line)) => {
                            assert!(fit_line(line), "{kind}: {line}");
                            kinds.insert(kind);
                        }
                        None => assert!(
                            matches!(
                                view.prompt,
                                Some(Prompt::Effect { .. } | Prompt::SecondLoss { .. })
                            ),
                            "no hint for {:?}",
                            view.prompt
                        ),
                    }
                    let action = bots[seat.index()].choose(&view);
                    game.apply(seat, action).unwrap();
                }
            }
        }
        let all = [
            "attack",
            "card",
            "covert",
            "defend",
            "good",
            "land",
            "pay",
            "place",
            "research",
            "senate",
            "setup",
            "specialist",
        ];
        let missing: Vec<_> = all.iter().filter(|k| !kinds.contains(*k)).collect();
        assert!(missing.is_empty(), "kinds never met: {missing:?}");
    }
}
