//! First-time hints: in a real game, the first time each kind of decision comes up, one line
//! says what it is and what it is for (the question itself says what to do). Which kinds were
//! said is kept on the device (`crate::shell::hints`); a setting turns them off.

use evr_engine::view::{Decision, PlayerView};

/// The kind of the decision in `view` and its line, if it is a kind with a hint. A card's power
/// and the choices of Infiltration say what they ask in their own question, so they have none.
pub fn first_time_hint(view: &PlayerView) -> Option<(&'static str, &'static str)> {
    Some(match view.decision.as_ref()? {
        Decision::ChooseCharacters => (
            "characters",
            "Characters are worth 6 while ready but 1 once used, and their powers are the \
             strongest. Those you leave out wait in your reserve, where some cards fetch them.",
        ),
        Decision::ChooseStrategy { sides } if sides.first() == Some(&view.viewer) => (
            "strategy",
            "Your strategy takes effect once the struggle is over, unless your total went over \
             the objective value. A card you used returns only after all five have been used.",
        ),
        Decision::StruggleTurn => (
            "struggle",
            "The struggle: the higher total without going over the event's objective value \
             wins the event. It ends when both players pass, one right after the other.",
        ),
        Decision::Dominance { .. } => (
            "dominance",
            "Dominance: the strategies are revealed and carried out, then the winner takes the \
             event and its influence. A strategy must be carried out when it can be.",
        ),
        _ => return None,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::shell::hints::fit_line;
    use evr_ai::{Bot, RuleBot};
    use evr_engine::{Game, GameOptions, Side, Variant};
    use std::collections::BTreeSet;

    /// Seeded games of the rule-based computer on both sides meet every kind, each said in a
    /// line that fits; a card's power never has one.
    #[test]
    fn whole_games_meet_every_kind_each_said_in_a_short_line() {
        let mut kinds = BTreeSet::new();
        let mut powers = 0;
        for seed in 0..6 {
            let mut game = Game::new(
                seed,
                GameOptions {
                    variant: Variant::Full,
                },
            );
            let mut bots = [RuleBot::new(seed), RuleBot::new(seed + 100)];
            for _ in 0..5_000 {
                let active = game.state().active_players();
                let Some(side) = [Side::Rebel, Side::Imperial]
                    .into_iter()
                    .find(|s| active.contains(*s))
                else {
                    break;
                };
                let view = game.view(side);
                match (first_time_hint(&view), &view.decision) {
                    (Some((kind, line)), _) => {
                        assert!(fit_line(line), "{kind}: {line}");
                        kinds.insert(kind);
                    }
                    (None, Some(Decision::Power { .. })) => powers += 1,
                    (None, d) => assert!(
                        matches!(d, Some(Decision::ChooseStrategy { .. })),
                        "no hint for {d:?}"
                    ),
                }
                let action = bots[side.index()].choose(&view);
                game.apply(side, action).unwrap();
            }
        }
        assert_eq!(
            kinds.into_iter().collect::<Vec<_>>(),
            ["characters", "dominance", "strategy", "struggle"]
        );
        assert!(powers > 0, "the games used no power");
    }
}
