//! Learn to play by playing: a lesson is a game from a fixed seed and a script of its actions
//! (a compact save: the seed and every action; the shuffles follow the seed), played on the
//! real table. The character choice is made for the learner; then each of the learner's
//! decisions offers only the scripted answer (the engine's legal actions narrowed to it, lit
//! where it is on the table), with a line saying what it is, and the other side's scripted
//! answers are played as the computer's. No rule is decided here: every scripted action is
//! the engine's, checked legal when played. The script was made by the rule-based computer
//! playing both sides, the learner's side told to show a character's power and influence
//! (`lesson::tests` makes it again and compares).

use evr_engine::{Action, Game, GameState, Phase, Side};
use game_kit::load_compact;

/// The lessons. Saved in a session by name.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub enum LessonId {
    /// The first event as the Rebel: a strategy, cards, powers, influence, the dominance
    /// phase and the balance token.
    FirstEvent,
}

/// The first-event lesson: seed [`FIRST_EVENT_SEED`] played to the start of round 2.
pub const FIRST_EVENT_SEED: u64 = 83;
pub const FIRST_EVENT_SCRIPT: &str = "evr-save 1 AQAAUwAAAAAAAAASCUwBkOq58Grg-ls";

impl LessonId {
    /// Who the learner plays.
    pub fn side(self) -> Side {
        Side::Rebel
    }

    pub fn title(self) -> &'static str {
        "Learn to play: the first event as the Rebel"
    }

    /// The whole scripted game.
    pub fn script(self) -> Game {
        load_compact::<GameState>(FIRST_EVENT_SCRIPT).expect("a lesson's script is a saved game")
    }

    /// The script's actions, read once (decoding replays the whole game).
    fn actions(self) -> &'static [(Side, Action)] {
        static FIRST: std::sync::OnceLock<Vec<(Side, Action)>> = std::sync::OnceLock::new();
        FIRST.get_or_init(|| self.script().history().to_vec())
    }

    /// The lesson's game where the learner takes over: the characters chosen, the first
    /// event revealed.
    pub fn start(self) -> Game {
        let script = self.script();
        let mut game = Game::new(script.seed(), script.options());
        for (side, action) in script.history() {
            if !matches!(game.state().phase, Phase::ChooseCharacters { .. }) {
                break;
            }
            game.apply(*side, *action)
                .expect("a lesson's script is legal");
        }
        game
    }

    /// The scripted action after `played` actions, if the script goes on.
    pub fn next(self, played: usize) -> Option<(Side, Action)> {
        self.actions().get(played).copied()
    }

    /// How many of the script's actions are played for the learner before they take over.
    fn start_index(self) -> usize {
        static FIRST: std::sync::OnceLock<usize> = std::sync::OnceLock::new();
        *FIRST.get_or_init(|| self.start().history().len())
    }

    /// The learner's steps: (this one, how many in all), counting from where they took over,
    /// once `played` actions are on the table.
    pub fn progress(self, played: usize) -> (usize, usize) {
        let all = self.actions();
        let mine =
            |r: std::ops::Range<usize>| all[r].iter().filter(|(s, _)| *s == self.side()).count();
        let start = self.start_index();
        (
            mine(start..played.min(all.len())) + 1,
            mine(start..all.len()),
        )
    }
}

#[cfg(test)]
mod tests;
