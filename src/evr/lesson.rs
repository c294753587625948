//! Learn to play by playing: the lesson is a game from a fixed seed and a script of its
//! actions, played on the real table. The character choice is made for the learner; then
//! each of the learner's decisions offers only the scripted answer (the engine's legal actions
//! narrowed to it, lit where it is on the table), with a line saying what it is, and the
//! Empire's scripted answers are played as the computer's. No rule is decided here: every
//! scripted action is the engine's, checked legal when played. The script was made by the
//! rule-based computer playing both sides, the learner's side told to show a character's
//! power and influence (`lesson::tests` makes it again and compares). It is plain data, not a
//! save to decode: the page carries no code for it.

use evr_engine::{Action, Game, GameOptions, Side};

/// Who the learner plays.
pub const LEARNER: Side = Side::Rebel;

pub const TITLE: &str = "Learn to play: the first event as the Rebel";

/// The seed of [`SCRIPT`]'s game.
pub const SEED: u64 = 83;

/// Every action of the lesson's game, from the character choice to the start of round 2
/// (the Rebel first when both choose at once, as on the page).
#[rustfmt::skip]
const SCRIPT: &[(Side, Action)] = {
    use Action::*;
    use evr_engine::cards::Strategy::*;
    use evr_engine::state::CharacterSet;
    use evr_engine::CardId;
    use Side::*;
    &[
        (Rebel, ChooseCharacters(CharacterSet(51))),
        (Imperial, ChooseCharacters(CharacterSet(142))),
        (Rebel, ChooseStrategy { side: Rebel, strategy: DirectAssault }),
        (Imperial, ChooseStrategy { side: Imperial, strategy: DirectAssault }),
        (Rebel, PlayCard),
        (Imperial, PlayCard),
        (Rebel, UsePower(CardId(17))), // Han Solo
        (Rebel, SelectCard(CardId(21))), // Obi-Wan Kenobi
        (Imperial, PlayCard),
        (Rebel, SpendInfluence(CardId(17))), // Han Solo
        (Imperial, Pass),
        (Rebel, UsePower(CardId(17))), // Han Solo
        (Rebel, SelectCard(CardId(10))), // The Force
        (Imperial, Pass),
        (Rebel, UsePower(CardId(10))), // The Force
        (Rebel, SelectCard(CardId(30))), // Diplomacy
        (Imperial, Pass),
        (Rebel, Pass),
    ]
};

/// The actions played for the learner before they take over: the two character choices.
const SETUP: usize = 2;

/// The lesson's game where the learner takes over: the characters chosen, the first event
/// revealed.
pub fn start() -> Game {
    let mut game = Game::new(SEED, GameOptions::default());
    for (side, action) in &SCRIPT[..SETUP] {
        game.apply(*side, *action)
            .expect("a lesson's script is legal");
    }
    game
}

/// The scripted action after `played` actions, if the script goes on.
pub fn next(played: usize) -> Option<(Side, Action)> {
    SCRIPT.get(played).copied()
}

/// The learner's steps: (this one, how many in all), once `played` actions are on the table.
pub fn progress(played: usize) -> (usize, usize) {
    let mine = |r: &[(Side, Action)]| r.iter().filter(|(s, _)| *s == LEARNER).count();
    let start = SETUP.min(played);
    (
        mine(&SCRIPT[start..played.min(SCRIPT.len())]) + 1,
        mine(&SCRIPT[SETUP..]),
    )
}

#[cfg(test)]
mod tests;
