//! A game at this device: the engine's [`Game`], who plays which side, and whose seat the
//! screen belongs to. Plain Rust with no web dependency, so it is tested natively; the
//! components only read it and call its methods.

use evr_ai::{Bot, RuleBot};
use evr_engine::view::PlayerView;
use evr_engine::{Action, ActionError, Game, GameOptions, LoadError, Side, Variant};
use serde::{Deserialize, Serialize};

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
const SESSION_FORMAT_NAME: &str = "evr-session";

#[derive(Serialize)]
struct SavedOut<'a> {
    format: &'a str,
    version: u32,
    mode: Mode,
    seat: Side,
    game: String,
}

#[derive(Deserialize)]
struct SavedHeader {
    format: String,
    version: u32,
}

#[derive(Deserialize)]
struct SavedIn {
    mode: Mode,
    seat: Side,
    game: String,
}

impl Session {
    pub fn new(mode: Mode, variant: Variant, seed: u64) -> Session {
        let game = Game::new(seed, GameOptions { variant });
        let mut session = Session {
            mode,
            game,
            seat: Side::Rebel,
        };
        session.seat = session.next_actor().unwrap_or(Side::Rebel);
        session
    }

    /// The side that plays on the device and whose view is on screen.
    pub fn viewer(&self) -> Side {
        match self.mode {
            Mode::VsComputer { human } => human,
            Mode::TwoPlayers => self.seat,
        }
    }

    pub fn computer(&self) -> Option<Side> {
        match self.mode {
            Mode::VsComputer { human } => Some(human.opponent()),
            Mode::TwoPlayers => None,
        }
    }

    /// The human who must act next; during simultaneous choices the Rebel goes first.
    pub fn next_actor(&self) -> Option<Side> {
        let active = self.game.state().active_players();
        active.iter().find(|s| Some(*s) != self.computer())
    }

    /// Whether the computer must act now.
    pub fn computer_to_act(&self) -> Option<Side> {
        let computer = self.computer()?;
        self.game
            .state()
            .active_players()
            .contains(computer)
            .then_some(computer)
    }

    /// Two players: the device must change hands before the next decision.
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

    /// The computer takes one action, seeing only its own view.
    pub fn computer_act(&mut self) -> Option<usize> {
        let side = self.computer_to_act()?;
        let view = self.game.view(side);
        if view.legal_actions.is_empty() {
            return None;
        }
        // Seeded from the game and its length: the same game replays the same choices.
        let seed = self.game.seed() ^ (self.game.history().len() as u64).wrapping_mul(0x9E37);
        let action = RuleBot::new(seed).choose(&view);
        self.game.apply(side, action).ok()
    }

    pub fn save(&self) -> String {
        serde_json::to_string(&SavedOut {
            format: SESSION_FORMAT_NAME,
            version: SESSION_FORMAT_VERSION,
            mode: self.mode,
            seat: self.seat,
            game: self.game.save(),
        })
        .unwrap_or_default()
    }

    pub fn load(text: &str) -> Result<Session, LoadError> {
        let header: SavedHeader = serde_json::from_str(text).map_err(|_| LoadError::NotASave)?;
        if header.format != SESSION_FORMAT_NAME {
            return Err(LoadError::NotASave);
        }
        if header.version > SESSION_FORMAT_VERSION {
            return Err(LoadError::TooNew {
                version: header.version,
            });
        }
        if header.version < SESSION_FORMAT_VERSION {
            return Err(LoadError::TooOld {
                version: header.version,
            });
        }
        let saved: SavedIn =
            serde_json::from_str(text).map_err(|e| LoadError::Corrupt(e.to_string()))?;
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

    fn play_out(session: &mut Session) {
        for _ in 0..5_000 {
            if session.game.state().is_over() {
                return;
            }
            if session.computer_act().is_some() {
                continue;
            }
            if session.needs_handoff() {
                session.take_seat();
            }
            let view = session.view();
            let action = RuleBot::new(7).choose(&view);
            session.act(action).unwrap();
        }
        panic!("the game did not end");
    }

    #[test]
    fn a_game_against_the_computer_reaches_its_end() {
        let mut s = Session::new(
            Mode::VsComputer {
                human: Side::Imperial,
            },
            Variant::Full,
            9,
        );
        assert_eq!(s.viewer(), Side::Imperial);
        play_out(&mut s);
        assert!(s.game.state().winner().is_some());
    }

    #[test]
    fn two_players_hand_the_device_over_for_each_player() {
        let mut s = Session::new(Mode::TwoPlayers, Variant::Full, 3);
        assert_eq!(s.seat, Side::Rebel);
        assert!(!s.needs_handoff());
        let choose = s.view().legal_actions[0];
        s.act(choose).unwrap();
        // The Imperial player still has to choose characters: hand over.
        assert!(s.needs_handoff());
        s.take_seat();
        assert_eq!(s.viewer(), Side::Imperial);
        play_out(&mut s);
    }

    #[test]
    fn saves_round_trip_and_damaged_saves_are_refused() {
        let mut s = Session::new(Mode::TwoPlayers, Variant::Tutorial, 5);
        let first = s.view().legal_actions[0];
        s.act(first).unwrap();
        let text = s.save();
        assert_eq!(Session::load(&text).unwrap(), s);
        assert_eq!(Session::load("{}"), Err(LoadError::NotASave));
        assert_eq!(Session::load("garbage"), Err(LoadError::NotASave));
        let newer = text.replacen("\"version\":1", "\"version\":7", 1);
        assert_eq!(Session::load(&newer), Err(LoadError::TooNew { version: 7 }));
        let broken = text.replacen("history", "hystory", 1);
        assert!(matches!(Session::load(&broken), Err(LoadError::Corrupt(_))));
    }
}
