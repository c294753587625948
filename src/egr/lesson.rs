//! Learn to play by playing: one guided turn at three players (Red the learner, two
//! computers). The lesson is a game from a fixed seed and a script of its actions, played on
//! the real table. The set-up and the first turn are played for everyone (every hand is
//! Rebels on turn 1, and only a Trooper or a Hero attacks: the first turn trained Red a
//! Trooper); from turn 2's first placement on, each of the learner's decisions offers only the
//! scripted answer (the engine's legal actions narrowed to it, lit where it is on the board),
//! and the computers' scripted answers are played as theirs. No rule is decided here: every
//! action is the engine's, taken from its legal actions. The script was made by the rule-based
//! computer playing every seat, the learner's told to show a placement in each box the lesson
//! is about (`lesson::tests` makes it again and compares). It is plain data: for each action,
//! its index among the legal actions of the seat to act, so the page carries no decoder.

use egr_engine::{Action, Game, GameOptions, Seat};

/// Who the learner plays.
pub const LEARNER: Seat = Seat(0);

/// The lesson's players: the learner and two computers.
pub const PLAYERS: u8 = 3;

pub const TITLE: &str = "Learn to play: a guided turn as Red";

/// The seed of [`SCRIPT`]'s game.
pub const SEED: u64 = 73;

/// Every action of the lesson's game from its start to the end of turn 2, each as its index
/// in the legal actions of the seat to act.
#[rustfmt::skip]
const SCRIPT: &[u8] = &[
    1, 0, 4, 3, 0, 2, 6, 4, 4, 4, 11, 11, 11, 11, 11, 11, 11, 11, 11, 11, 11, 2, 0, 0, 0, 3, 3, 2, 0,
    18, 25, 14, 2, 1, 1, 12, 1, 1, 14, 1, 9, 6, 6, 5, 5, 0, 0, 0, 4, 0, 4, 1, 1, 0, 3, 3, 1, 0, 5,
    0, 0, 0, 1, 0, 1, 1,
];

/// The actions played for everyone before the learner takes over: the set-up and turn 1.
const SETUP: usize = 29;

pub fn options() -> GameOptions {
    GameOptions::new(PLAYERS)
}

/// The action `index` names in `game`: the seat to act and its legal action there.
fn decode(game: &Game, index: u8) -> Option<(Seat, Action)> {
    let seat = game.state().active_player()?;
    let action = *game.state().legal_actions(seat).get(usize::from(index))?;
    Some((seat, action))
}

/// The lesson's game where the learner takes over: turn 2's placement.
pub fn start() -> Game {
    let mut game = Game::new(SEED, options());
    for index in &SCRIPT[..SETUP] {
        let (seat, action) = decode(&game, *index).expect("a lesson's script is legal");
        game.apply(seat, action)
            .expect("a lesson's script is legal");
    }
    game
}

/// The scripted action in `game` (a lesson's), if the script goes on.
pub fn next(game: &Game) -> Option<(Seat, Action)> {
    decode(game, *SCRIPT.get(game.history().len())?)
}

/// The learner's steps: (this one, how many in all), once `game`'s actions are on the table.
pub fn progress(game: &Game) -> (usize, usize) {
    let played = game.history().len().min(SCRIPT.len());
    let mine = |from: usize, to: usize| {
        game.history()[from.min(to)..to]
            .iter()
            .filter(|(s, _)| *s == LEARNER)
            .count()
    };
    (mine(SETUP, played.max(SETUP)) + 1, LEARNER_STEPS)
}

/// How many of the script's actions are the learner's after [`SETUP`] (checked by the tests).
pub const LEARNER_STEPS: usize = 12;

#[cfg(test)]
mod tests;
