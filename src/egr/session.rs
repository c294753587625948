//! A game of Empires: Galactic Rebellion at this device: the engine's [`Game`] and who sits in
//! each seat, a person or the computer at a level. Nothing in this game is hidden from the
//! players (only the bag, the decks and the tiles still to draw), so several people share one
//! screen with no hand-off: the screen shows the view of the person deciding now, or of the
//! last person who decided while the computer plays. Plain Rust with no web dependency, so it
//! is tested natively; the components only read it and call its methods.

use crate::egr::lesson;
use crate::egr::words::seat_name;
use crate::shell::shelf::Description;
use egr_ai::protocol::{self as computer, Difficulty, Job};
use egr_engine::{new_game, Action, ActionError, Game, GameOptions, GameState, LoadError};
use egr_engine::{PlayerView, Seat, Step};
use game_kit::{load_compact, save_compact, Seated};
use serde::{Deserialize, Serialize};
use std::time::Duration;

/// Who sits in a seat.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Sitter {
    Person,
    Computer(#[serde(with = "level_code")] Difficulty),
    /// A computer in a lesson (`lesson.rs`): its answers are the script's, played for it.
    Lesson,
}

/// A level is saved by its code (`rule`, `normal`, `hard`), which the worker reads too.
mod level_code {
    use egr_ai::protocol::Difficulty;
    use serde::{Deserialize, Deserializer, Serializer};

    pub fn serialize<S: Serializer>(d: &Difficulty, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(d.code())
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Difficulty, D::Error> {
        let code = String::deserialize(d)?;
        Difficulty::parse(&code).ok_or_else(|| serde::de::Error::custom("an unknown level"))
    }
}

impl Sitter {
    pub fn is_person(self) -> bool {
        self == Sitter::Person
    }
}

/// How long the computer waits before an action at normal speed, so people can follow it.
pub const COMPUTER_PAUSE: Duration = Duration::from_millis(420);

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Session {
    pub sitters: Vec<Sitter>,
    pub game: Game,
    /// The person whose view the screen shows while no person decides.
    pub seat: Seat,
}

pub const SESSION_FORMAT_VERSION: u32 = 1;
const SESSION_FORMAT_NAME: &str = "egr-session";

impl Session {
    /// A new game for these seats, or why the options cannot start one.
    pub fn new(sitters: Vec<Sitter>, options: GameOptions, seed: u64) -> Result<Session, String> {
        if sitters.len() != options.players as usize {
            return Err("every seat needs a person or the computer".into());
        }
        let game = new_game(seed, options).map_err(|e| e.to_string())?;
        let mut session = Session {
            seat: Seat(0),
            sitters,
            game,
        };
        session.seat = session
            .person_to_act()
            .or_else(|| session.first_person())
            .unwrap_or(Seat(0));
        Ok(session)
    }

    /// The lesson (`lesson.rs`) at its start: the learner in the first seat, the two
    /// computers answering as the script says.
    pub fn lesson() -> Session {
        Session {
            sitters: vec![Sitter::Person, Sitter::Lesson, Sitter::Lesson],
            game: lesson::start(),
            seat: lesson::LEARNER,
        }
    }

    pub fn is_lesson(&self) -> bool {
        self.sitters.contains(&Sitter::Lesson)
    }

    /// A lesson: its next scripted action, if the script goes on.
    pub fn scripted(&self) -> Option<(Seat, Action)> {
        if !self.is_lesson() {
            return None;
        }
        lesson::next(&self.game)
    }

    /// A lesson: the computer's scripted answer to play now, if it is a computer's turn.
    pub fn scripted_answer(&self) -> Option<Action> {
        self.scripted()
            .filter(|(seat, _)| !self.sitter(*seat).is_person())
            .map(|(_, action)| action)
    }

    /// A lesson: the learner's step (this one, of how many), or `None` outside a lesson.
    pub fn lesson_step(&self) -> Option<(usize, usize)> {
        self.is_lesson().then(|| lesson::progress(&self.game))
    }

    /// A lesson whose script has been played to its end.
    pub fn lesson_done(&self) -> bool {
        self.is_lesson() && self.scripted().is_none()
    }

    fn sitter(&self, seat: Seat) -> Sitter {
        self.sitters
            .get(seat.index())
            .copied()
            .unwrap_or(Sitter::Person)
    }

    fn first_person(&self) -> Option<Seat> {
        (0..self.sitters.len())
            .map(|i| Seat(i as u8))
            .find(|s| self.sitter(*s).is_person())
    }

    /// The person who must decide now, if any.
    pub fn person_to_act(&self) -> Option<Seat> {
        self.game
            .state()
            .active_player()
            .filter(|s| self.sitter(*s).is_person())
    }

    /// The computer seat that must decide now, and its level.
    pub fn computer_to_act(&self) -> Option<(Seat, Difficulty)> {
        let seat = self.game.state().active_player()?;
        match self.sitter(seat) {
            Sitter::Computer(level) => Some((seat, level)),
            // A lesson's computers play the script (`scripted_answer`), never the worker.
            Sitter::Person | Sitter::Lesson => None,
        }
    }

    /// The seat whose view is on screen: the person deciding now, else the last one who did.
    pub fn viewer(&self) -> Seat {
        self.person_to_act().unwrap_or(self.seat)
    }

    pub fn view(&self) -> PlayerView {
        let mut view = self.game.view(self.viewer());
        // A lesson offers only the move it teaches (none while a computer answers, and none
        // once it is over).
        if self.is_lesson() {
            let taught = self.scripted().filter(|(seat, _)| *seat == view.viewer);
            view.legal_actions
                .retain(|a| taught.is_some_and(|(_, t)| t == *a));
        }
        view
    }

    /// The person at the screen acts. Errors leave everything unchanged.
    pub fn act(&mut self, action: Action) -> Result<usize, ActionError> {
        let seat = self.viewer();
        if self.is_lesson() && self.scripted() != Some((seat, action)) {
            return Err(ActionError::NotAllowed {
                why: "the lesson teaches another move here".into(),
            });
        }
        let done = self.game.apply(seat, action)?;
        self.seat = seat;
        Ok(done)
    }

    /// Whether more than one person plays (then the screen names whose decision it is).
    pub fn people(&self) -> usize {
        self.sitters.iter().filter(|s| s.is_person()).count()
    }

    /// The game and how far it has gone, so a move chosen for an earlier position is never
    /// played in a later one.
    pub fn position(&self) -> (u64, usize) {
        (self.game.seed(), self.game.history().len())
    }

    /// What to ask the computer's worker for its next action, and the position asked for.
    pub fn computer_request(&self, tag: u32) -> Option<((u64, usize), String)> {
        let (seat, level) = self.computer_to_act()?;
        Some((
            self.position(),
            computer::request(tag, Job::Move, seat, level, &self.game),
        ))
    }

    /// What to ask for advice to the person deciding now (the search at Hard, from their own
    /// view), if they have a choice.
    pub fn advice_request(&self, tag: u32) -> Option<((u64, usize), String)> {
        let seat = self.person_to_act()?;
        (!self.is_lesson() && self.game.state().legal_actions(seat).len() > 1).then(|| {
            (
                self.position(),
                computer::request(tag, Job::Advise, seat, Difficulty::Hard, &self.game),
            )
        })
    }

    /// The action a reply of the computer's names, if the game is still where it was asked.
    pub fn computer_choice(&self, position: (u64, usize), indices: &[usize]) -> Option<Action> {
        let (seat, _) = self.computer_to_act()?;
        if self.position() != position {
            return None;
        }
        let index = *indices.first()?;
        self.game.state().legal_actions(seat).get(index).copied()
    }

    /// Plays the computer's move if the game is still at the position it was chosen for.
    pub fn computer_play(&mut self, position: (u64, usize), action: Action) -> bool {
        match self.computer_to_act() {
            Some((seat, _)) if self.position() == position => self.game.apply(seat, action).is_ok(),
            _ => false,
        }
    }

    /// The computer takes one action at once (natively, for the tests; the page asks its
    /// worker and waits a moment first).
    pub fn computer_act(&mut self) -> bool {
        if let Some(action) = self.scripted_answer() {
            return self.play_scripted(self.position(), action);
        }
        let Some((position, request)) = self.computer_request(0) else {
            return false;
        };
        let Ok((_, indices)) = computer::read_reply(&computer::answer(&request)) else {
            return false;
        };
        self.computer_choice(position, &indices)
            .is_some_and(|action| self.computer_play(position, action))
    }

    /// A lesson: plays the computer's scripted answer if the game is still at `position`.
    pub fn play_scripted(&mut self, position: (u64, usize), action: Action) -> bool {
        match self.scripted() {
            Some((seat, a)) if a == action && self.position() == position => {
                self.game.apply(seat, action).is_ok()
            }
            _ => false,
        }
    }

    /// How long people watch the computer's action: a full pause for a worker placed or a
    /// choice on the board, a third of one for the answers that follow one another quickly.
    pub fn computer_pause(&self, action: &Action, full: Duration) -> Duration {
        match action {
            Action::Place { .. } | Action::Attack { .. } | Action::Tech(_) | Action::Card(_) => {
                full
            }
            _ => full / 3,
        }
    }

    pub fn is_over(&self) -> bool {
        self.game.state().is_over()
    }

    /// Who plays which seat and how far the game has gone, for the list of games kept aside.
    pub fn describe(&self) -> Description {
        let people: Vec<&str> = (0..self.sitters.len())
            .map(|i| Seat(i as u8))
            .filter(|s| self.sitter(*s).is_person())
            .map(seat_name)
            .collect();
        let computers = self.sitters.len() - people.len();
        let sides = match (people.len(), computers) {
            _ if self.is_lesson() => lesson::TITLE.to_string(),
            (0, n) => format!("{n} computers"),
            (_, 0) => format!("{} people: {}", people.len(), people.join(", ")),
            (1, n) => format!("{} (a person) against {n} computer{}", people[0], plural(n)),
            (_, n) => format!(
                "{} (people) against {n} computer{}",
                people.join(", "),
                plural(n)
            ),
        };
        let state = self.game.state();
        let progress = match state.step() {
            Step::Setup => "Turn 1, setting up".to_string(),
            Step::Over => {
                let winners: Vec<&str> = state.winners().into_iter().map(seat_name).collect();
                format!("Over: {} won", winners.join(" and "))
            }
            _ => format!("Turn {} of 8", state.turn()),
        };
        Description { sides, progress }
    }

    /// The session with its game as a compact save (`game_kit::share::save_compact`).
    pub fn save(&self) -> String {
        Seated {
            mode: self.sitters.clone(),
            seat: self.seat,
            game: save_compact(&self.game),
        }
        .save(SESSION_FORMAT_NAME, SESSION_FORMAT_VERSION)
    }

    /// Reads a saved session; a damaged one or one of another game is refused with the reason.
    pub fn load(text: &str) -> Result<Session, LoadError> {
        let saved =
            Seated::<Vec<Sitter>, Seat>::load(text, SESSION_FORMAT_NAME, SESSION_FORMAT_VERSION)?;
        let game = load_compact::<GameState>(&saved.game)?;
        if saved.sitters_fit(game.state().players()) {
            Ok(Session {
                sitters: saved.mode,
                seat: saved.seat,
                game,
            })
        } else {
            Err(LoadError::Corrupt(
                "its seats do not match its game's players".into(),
            ))
        }
    }
}

fn plural(n: usize) -> &'static str {
    if n == 1 {
        ""
    } else {
        "s"
    }
}

trait SittersFit {
    fn sitters_fit(&self, players: u8) -> bool;
}

impl SittersFit for Seated<Vec<Sitter>, Seat> {
    fn sitters_fit(&self, players: u8) -> bool {
        self.mode.len() == players as usize && self.seat.0 < players
    }
}

/// The default seats for a game of `players`: a person in the first, the computer at `level`
/// in the others.
pub fn default_sitters(players: u8, level: Difficulty) -> Vec<Sitter> {
    (0..players)
        .map(|i| {
            if i == 0 {
                Sitter::Person
            } else {
                Sitter::Computer(level)
            }
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn vs_computers(players: u8) -> Session {
        Session::new(
            default_sitters(players, Difficulty::Rule),
            GameOptions::new(players),
            7,
        )
        .unwrap()
    }

    /// A person who always takes the first legal answer, the computer in the other seats.
    fn play_out(session: &mut Session) -> usize {
        let mut moves = 0;
        while !session.is_over() {
            if session.person_to_act().is_some() {
                let first = session.view().legal_actions[0];
                session.act(first).unwrap();
            } else {
                assert!(session.computer_act(), "the computer could not act");
            }
            moves += 1;
            assert!(moves < 5000, "the game does not end");
        }
        moves
    }

    #[test]
    fn a_whole_game_against_four_computers_ends_and_saves_at_every_step() {
        let mut session = vs_computers(5);
        let mut steps = 0;
        while !session.is_over() && steps < 40 {
            let again = Session::load(&session.save()).unwrap();
            assert_eq!(again, session);
            if session.person_to_act().is_some() {
                let first = session.view().legal_actions[0];
                session.act(first).unwrap();
            } else {
                assert!(session.computer_act());
            }
            steps += 1;
        }
        play_out(&mut session);
        assert!(!session.game.state().winners().is_empty());
        assert!(session.describe().progress.starts_with("Over"));
        assert_eq!(
            session.describe().sides,
            "Red (a person) against 4 computers"
        );
    }

    #[test]
    fn the_screen_follows_the_person_deciding_among_several() {
        let sitters = vec![
            Sitter::Person,
            Sitter::Person,
            Sitter::Computer(Difficulty::Rule),
        ];
        let mut session = Session::new(sitters, GameOptions::new(3), 3).unwrap();
        for _ in 0..60 {
            if let Some(seat) = session.person_to_act() {
                assert_eq!(session.viewer(), seat);
                let first = session.view().legal_actions[0];
                session.act(first).unwrap();
                assert_eq!(session.seat, seat);
            } else {
                assert!(session.computer_act());
            }
        }
    }

    #[test]
    fn a_damaged_or_foreign_save_is_refused_with_a_reason() {
        let session = vs_computers(3);
        let text = session.save();
        assert!(Session::load(&text[..text.len() / 2]).is_err());
        assert!(Session::load("{\"format\":\"swr-session\",\"version\":1}").is_err());
        let mut wrong = session.clone();
        wrong.sitters.pop();
        assert!(Session::load(&wrong.save()).is_err());
    }

    #[test]
    fn refused_options_never_start_a_game() {
        let mut options = GameOptions::new(2);
        options.numbers.trade_slots = 0;
        assert!(Session::new(default_sitters(2, Difficulty::Rule), options, 1).is_err());
        assert!(
            Session::new(default_sitters(3, Difficulty::Rule), GameOptions::new(2), 1).is_err()
        );
    }
}
