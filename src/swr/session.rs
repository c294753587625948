//! A game of Rebellion at this device: the engine's [`Game`], who plays which side, and whose
//! seat the screen belongs to. Plain Rust with no web dependency, so it is tested natively;
//! the components only read it and call its methods.

use crate::shell::shelf::Description;
use crate::swr::words::side_name;
use game_kit::Seated;
use serde::{Deserialize, Serialize};
use swr_ai::{Player, RuleBot};
use swr_engine::{Action, ActionError, Game, GameOptions, LoadError, Phase, PlayerView, Side};

/// Who sits at the device.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Mode {
    /// One person against the computer.
    VsComputer { human: Side },
    /// Two people passing the device.
    TwoPlayers,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Session {
    pub mode: Mode,
    pub game: Game,
    /// Two players: whose seat the screen shows now (set when a player takes the device).
    pub seat: Side,
}

pub const SESSION_FORMAT_VERSION: u32 = 1;
const SESSION_FORMAT_NAME: &str = "swr-session";

impl Session {
    pub fn new(mode: Mode, seed: u64) -> Session {
        let game = Game::new(seed, GameOptions::default());
        let mut session = Session {
            mode,
            game,
            seat: Side::Empire,
        };
        session.seat = session.next_actor().unwrap_or(Side::Empire);
        session
    }

    /// The side whose view is on screen.
    pub fn viewer(&self) -> Side {
        match self.mode {
            Mode::VsComputer { human } => human,
            Mode::TwoPlayers => self.seat,
        }
    }

    pub fn computer(&self) -> Option<Side> {
        match self.mode {
            Mode::VsComputer { human } => Some(human.other()),
            Mode::TwoPlayers => None,
        }
    }

    /// The human who must decide next, if any.
    pub fn next_actor(&self) -> Option<Side> {
        self.game
            .state()
            .active_player()
            .filter(|s| Some(*s) != self.computer())
    }

    /// Whether the computer must act now.
    pub fn computer_to_act(&self) -> Option<Side> {
        let computer = self.computer()?;
        (self.game.state().active_player() == Some(computer)).then_some(computer)
    }

    /// Two players: the device changes hands whenever the other player must decide. Whether
    /// it does depends only on whose decision it is, which both players see: the engine asks
    /// about hidden cards on public conditions only, so a hand-off never tells the player at
    /// the screen what the other holds.
    pub fn needs_handoff(&self) -> bool {
        self.mode == Mode::TwoPlayers && self.next_actor().is_some_and(|next| next != self.seat)
    }

    /// Two players: the next player has taken the device.
    pub fn take_seat(&mut self) {
        if let Some(next) = self.next_actor() {
            self.seat = next;
        }
    }

    pub fn view(&self) -> PlayerView {
        self.game.view(self.viewer())
    }

    /// The player at the screen acts. Errors leave everything unchanged.
    pub fn act(&mut self, action: Action) -> Result<usize, ActionError> {
        self.game.apply(self.viewer(), action)
    }

    /// The game and how far it has gone, so a move chosen for an earlier position is never
    /// played in a later one.
    pub fn position(&self) -> (u64, usize) {
        (self.game.seed(), self.game.history().len())
    }

    /// What the computer will do now, chosen from its own view only.
    pub fn computer_move(&self) -> Option<Action> {
        let side = self.computer_to_act()?;
        let view = self.game.view(side);
        if view.legal.is_empty() {
            return None;
        }
        // Seeded by the game and its length: the same game replays the same choices.
        let seed = self.game.seed() ^ (self.game.history().len() as u64).wrapping_mul(0x9E37);
        Some(RuleBot::new(seed).choose(&view))
    }

    /// Plays the computer's move if the game is still at the position it was chosen for.
    pub fn computer_play(&mut self, position: (u64, usize), action: Action) -> bool {
        match self.computer_to_act() {
            Some(side) if self.position() == position => self.game.apply(side, action).is_ok(),
            _ => false,
        }
    }

    /// The computer takes one action at once (tests; the app waits a moment first).
    pub fn computer_act(&mut self) -> bool {
        let position = self.position();
        self.computer_move()
            .is_some_and(|action| self.computer_play(position, action))
    }

    /// Whether the game has ended (a finished game is replaced by a new one without being
    /// kept aside).
    pub fn is_over(&self) -> bool {
        self.game.state().is_over()
    }

    /// Who plays which side and how far the game has gone, for the list of games kept aside.
    pub fn describe(&self) -> Description {
        let sides = match self.mode {
            Mode::VsComputer { human } => {
                format!("You (the {}) against the computer", side_name(human))
            }
            Mode::TwoPlayers => "Two players on this device".to_string(),
        };
        let state = self.game.state();
        let progress = match state.phase() {
            Phase::Setup => "Round 1, setting up".to_string(),
            Phase::Over { winner } => format!("Over: the {} won", side_name(winner)),
            _ => format!("Round {}", state.time()),
        };
        Description { sides, progress }
    }

    pub fn save(&self) -> String {
        Seated {
            mode: self.mode,
            seat: self.seat,
            game: self.game.save(),
        }
        .save(SESSION_FORMAT_NAME, SESSION_FORMAT_VERSION)
    }

    pub fn load(text: &str) -> Result<Session, LoadError> {
        let saved = Seated::<Mode, Side>::load(text, SESSION_FORMAT_NAME, SESSION_FORMAT_VERSION)?;
        Ok(Session {
            mode: saved.mode,
            game: Game::load(&saved.game)?,
            seat: saved.seat,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Plays to the end: the computer for its side, the first legal action for the humans.
    fn play_out(session: &mut Session, max: usize) {
        for _ in 0..max {
            if session.game.state().is_over() {
                return;
            }
            if session.computer_act() {
                continue;
            }
            if session.needs_handoff() {
                session.take_seat();
            }
            let view = session.view();
            let action = view.legal[0];
            session.act(action).expect("a legal action is accepted");
        }
    }

    #[test]
    fn a_game_against_the_computer_reaches_its_end_on_either_side() {
        for human in Side::BOTH {
            let mut session = Session::new(Mode::VsComputer { human }, 7);
            play_out(&mut session, 40_000);
            assert!(session.game.state().is_over(), "{human:?}: the game ended");
        }
    }

    #[test]
    fn two_players_hand_the_device_over_and_only_see_their_own_seat() {
        let mut session = Session::new(Mode::TwoPlayers, 3);
        let mut handoffs = 0;
        for _ in 0..3_000 {
            if session.game.state().is_over() {
                break;
            }
            if session.needs_handoff() {
                handoffs += 1;
                session.take_seat();
            }
            assert_eq!(session.view().viewer, session.seat);
            assert!(!session.view().legal.is_empty(), "the seat holder decides");
            let action = session.view().legal[0];
            session.act(action).unwrap();
        }
        assert!(handoffs > 2, "the device changed hands ({handoffs})");
    }

    #[test]
    fn a_saved_session_loads_to_the_same_session_and_bad_saves_are_refused() {
        let mut session = Session::new(Mode::VsComputer { human: Side::Rebel }, 11);
        play_out(&mut session, 300);
        let text = session.save();
        assert_eq!(Session::load(&text).unwrap(), session);
        assert!(Session::load("not json").is_err());
        assert!(Session::load(&text.replace("swr-session", "evr-session")).is_err());
        assert!(Session::load(&text.replace("\"version\":1", "\"version\":99")).is_err());
    }

    #[test]
    fn a_refused_action_changes_nothing() {
        let mut session = Session::new(Mode::TwoPlayers, 5);
        let before = session.clone();
        let not_yours = session
            .game
            .view(session.seat.other())
            .legal
            .first()
            .copied();
        let action = not_yours.unwrap_or(Action::Pass);
        if !session.view().legal.contains(&action) {
            assert!(session.act(action).is_err());
            assert_eq!(session, before);
        }
    }

    #[test]
    fn the_computer_move_is_always_legal_and_repeatable() {
        let mut session = Session::new(
            Mode::VsComputer {
                human: Side::Empire,
            },
            21,
        );
        for _ in 0..400 {
            if let Some(action) = session.computer_move() {
                assert_eq!(session.computer_move(), Some(action));
                let side = session.computer_to_act().unwrap();
                assert!(session.game.view(side).legal.contains(&action));
            }
            if !session.computer_act() {
                let Some(&action) = session.view().legal.first() else {
                    break;
                };
                session.act(action).unwrap();
            }
        }
    }
}
