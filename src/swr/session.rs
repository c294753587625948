//! A game of Rebellion at this device: the engine's [`Game`], who plays which side, and whose
//! seat the screen belongs to. Plain Rust with no web dependency, so it is tested natively;
//! the components only read it and call its methods.

use crate::shell::motion::Speed;
use crate::shell::shelf::Description;
use crate::swr::words::side_name;
use game_kit::{is_compact, load_compact, save_compact, Seated};
use serde::{Deserialize, Serialize};
use std::time::Duration;
use swr_ai::protocol::{self as computer, Job};
use swr_engine::{
    Action, ActionError, Game, GameOptions, GameState, LoadError, Phase, PlayerView, Prompt, Side,
};

/// How long to let a person watch one of the computer's actions (see
/// [`Session::computer_pace`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Pace {
    None,
    Short,
    Full,
}

/// How long the computer waits before an action at normal speed, so a person can follow it.
pub const COMPUTER_PAUSE: Duration = Duration::from_millis(450);

impl Pace {
    /// The wait before an action of this pace at this speed (motion off keeps the normal
    /// pauses: only the drawing stops moving).
    pub fn pause(self, speed: Speed) -> Duration {
        self.of(match speed {
            Speed::Fast => Duration::from_millis(220),
            Speed::Off | Speed::Normal => COMPUTER_PAUSE,
            Speed::Slow => Duration::from_millis(900),
        })
    }

    /// This pace's share of a full pause.
    pub fn of(self, full: Duration) -> Duration {
        match self {
            Pace::None => Duration::ZERO,
            Pace::Short => full / 3,
            Pace::Full => full,
        }
    }
}

/// How the computer plays (the names its worker knows: `swr_ai::protocol`). Saved as its
/// number in [`Difficulty::ALL`] (a number's reader is already in the page; a name's would
/// cost it a kilobyte).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(into = "u8", from = "u8")]
pub enum Difficulty {
    Easy,
    /// The rule-based player: what every game had before the levels (so older saves keep it).
    #[default]
    Steady,
    Normal,
    Hard,
}

impl From<Difficulty> for u8 {
    fn from(d: Difficulty) -> u8 {
        Difficulty::ALL.iter().position(|x| *x == d).unwrap_or(1) as u8
    }
}

/// A number no version wrote reads as the rule-based player.
impl From<u8> for Difficulty {
    fn from(n: u8) -> Difficulty {
        Difficulty::ALL
            .get(n as usize)
            .copied()
            .unwrap_or(Difficulty::Steady)
    }
}

impl Difficulty {
    /// Weakest first, as measured (README).
    pub const ALL: [Difficulty; 4] = [
        Difficulty::Easy,
        Difficulty::Steady,
        Difficulty::Normal,
        Difficulty::Hard,
    ];

    pub fn name(self) -> &'static str {
        match self {
            Difficulty::Easy => "Easy",
            Difficulty::Steady => "Steady",
            Difficulty::Normal => "Normal",
            Difficulty::Hard => "Hard",
        }
    }

    /// The level as the computer's worker reads it.
    pub fn level(self) -> swr_ai::search::Level {
        match self {
            Difficulty::Easy => swr_ai::search::Level::Easy,
            Difficulty::Steady => swr_ai::search::Level::Steady,
            Difficulty::Normal => swr_ai::search::Level::Normal,
            Difficulty::Hard => swr_ai::search::Level::Hard,
        }
    }
}

/// Who sits at the device.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Mode {
    /// One person against the computer.
    VsComputer {
        human: Side,
        #[serde(default)]
        level: Difficulty,
    },
    /// Two people passing the device.
    TwoPlayers,
}

impl Mode {
    /// One person playing `human` against the rule-based computer.
    pub fn vs(human: Side) -> Mode {
        Mode::VsComputer {
            human,
            level: Difficulty::Steady,
        }
    }

    /// The computer's level, if it plays.
    pub fn level(self) -> Option<Difficulty> {
        match self {
            Mode::VsComputer { level, .. } => Some(level),
            Mode::TwoPlayers => None,
        }
    }
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
            Mode::VsComputer { human, .. } => human,
            Mode::TwoPlayers => self.seat,
        }
    }

    pub fn computer(&self) -> Option<Side> {
        match self.mode {
            Mode::VsComputer { human, .. } => Some(human.other()),
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

    /// What to ask the computer (in its worker) for its next action, and the position it is
    /// asked for, if it must act now.
    pub fn computer_request(&self, tag: u32) -> Option<((u64, usize), String)> {
        let side = self.computer_to_act()?;
        Some((
            self.position(),
            computer::request(
                tag,
                Job::Move,
                side,
                self.mode.level().unwrap_or_default().level(),
                &self.game,
            ),
        ))
    }

    /// What to ask the computer's worker for advice to the person at the screen (the search
    /// at Hard's budget, from their own view), if they have a choice to make now where the
    /// search decides (not in the setup or the Refresh phase).
    pub fn advice_request(&self, tag: u32) -> Option<((u64, usize), String)> {
        let side = self.viewer();
        let state = self.game.state();
        let choosing = state.active_player() == Some(side)
            && swr_ai::search::searches(state.phase())
            && state.legal_actions(side).len() > 1;
        choosing.then(|| {
            (
                self.position(),
                computer::request(
                    tag,
                    Job::Advise,
                    side,
                    swr_ai::search::Level::Hard,
                    &self.game,
                ),
            )
        })
    }

    /// The action a reply of the computer's names, if the game is still where it was asked.
    pub fn computer_choice(&self, position: (u64, usize), indices: &[usize]) -> Option<Action> {
        let side = self.computer_to_act()?;
        if self.position() != position {
            return None;
        }
        let index = *indices.first()?;
        self.game.view(side).legal.get(index).copied()
    }

    /// What the computer will do now, chosen from its own view only (natively, at once: the
    /// tests; the page asks its worker).
    pub fn computer_move(&self) -> Option<Action> {
        let (position, request) = self.computer_request(0)?;
        let (_, indices) = computer::read_reply(&computer::answer(&request)).ok()?;
        self.computer_choice(position, &indices)
    }

    /// Plays the computer's move if the game is still at the position it was chosen for.
    pub fn computer_play(&mut self, position: (u64, usize), action: Action) -> bool {
        match self.computer_to_act() {
            Some(side) if self.position() == position => self.game.apply(side, action).is_ok(),
            _ => false,
        }
    }

    /// The decision of the person at the screen that has exactly one answer, if any: one they
    /// need not be asked. Two players: only when the decider already holds the device, since
    /// a hand-off skipped would tell the other player that the question had one answer.
    pub fn forced_decision(&self) -> Option<(Side, Action)> {
        let side = self.game.state().active_player()?;
        let here = match self.mode {
            Mode::VsComputer { human, .. } => side == human,
            Mode::TwoPlayers => side == self.seat,
        };
        if !here {
            return None;
        }
        match self.game.state().legal_actions(side)[..] {
            [only] => Some((side, only)),
            _ => None,
        }
    }

    /// Takes the decision with one answer for the person at the screen; returns it.
    pub fn take_forced(&mut self) -> Option<Action> {
        let (side, action) = self.forced_decision()?;
        self.game.apply(side, action).ok()?;
        Some(action)
    }

    /// Setup: what to ask the computer for the units the person at the screen still has to
    /// place, if they are placing them.
    pub fn place_the_rest_request(&self, tag: u32) -> Option<((u64, usize), String)> {
        let side = self.viewer();
        self.may_place_the_rest().then(|| {
            (
                self.position(),
                computer::request(
                    tag,
                    Job::PlaceTheRest,
                    side,
                    swr_ai::search::Level::Steady,
                    &self.game,
                ),
            )
        })
    }

    /// Whether the person at the screen is placing starting units.
    pub fn may_place_the_rest(&self) -> bool {
        self.game.state().active_player() == Some(self.viewer())
            && matches!(self.view().prompt, Some(Prompt::PlaceStartingUnits))
    }

    /// Places the units a reply names, one after the other, if the game is still where it was
    /// asked. Returns how many were placed.
    pub fn place_the_rest_reply(&mut self, position: (u64, usize), indices: &[usize]) -> usize {
        if self.position() != position {
            return 0;
        }
        let side = self.viewer();
        let mut placed = 0;
        for &index in indices {
            let view = self.game.view(side);
            let Some(&action) = view.legal.get(index) else {
                break;
            };
            if !matches!(view.prompt, Some(Prompt::PlaceStartingUnits))
                || self.game.apply(side, action).is_err()
            {
                break;
            }
            placed += 1;
        }
        placed
    }

    /// Setup: the units the person at the screen still has to place go where the computer
    /// would put them (its own choices, from the same view), at once (natively: the tests).
    /// Returns how many were placed.
    pub fn place_the_rest(&mut self) -> usize {
        let Some((position, request)) = self.place_the_rest_request(0) else {
            return 0;
        };
        match computer::read_reply(&computer::answer(&request)) {
            Ok((_, indices)) => self.place_the_rest_reply(position, &indices),
            Err(_) => 0,
        }
    }

    /// How long the computer's next action should be watched: none while it sets up (its
    /// whole setup appears at once), a short beat for one unit among several moving or
    /// deployed, a full pause otherwise.
    pub fn computer_pace(&self, action: &Action) -> Pace {
        if self.game.state().phase() == Phase::Setup {
            return Pace::None;
        }
        match action {
            Action::Move { .. } | Action::Deploy { .. } | Action::Build(_) => Pace::Short,
            _ => Pace::Full,
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
            Mode::VsComputer { human, level } => format!(
                "You (the {}) against the computer ({})",
                side_name(human),
                level.name()
            ),
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

    /// The session with its game as a compact save (`game_kit::share::save_compact`).
    pub fn save(&self) -> String {
        Seated {
            mode: self.mode,
            seat: self.seat,
            game: save_compact(&self.game),
        }
        .save(SESSION_FORMAT_NAME, SESSION_FORMAT_VERSION)
    }

    /// Reads a saved session. One whose game is in the older JSON layout is refused here (the
    /// page carries no reader for it): [`Session::legacy_game`] gives that game to the
    /// computer's worker to convert, and [`Session::with_game`] puts the result back.
    pub fn load(text: &str) -> Result<Session, LoadError> {
        let saved = Seated::<Mode, Side>::load(text, SESSION_FORMAT_NAME, SESSION_FORMAT_VERSION)?;
        if !is_compact::<GameState>(&saved.game) {
            return Err(LoadError::Corrupt(
                "its game is in an older layout that could not be converted".into(),
            ));
        }
        Ok(Session {
            mode: saved.mode,
            game: load_compact(&saved.game)?,
            seat: saved.seat,
        })
    }

    /// The game of a saved session kept in the older JSON layout, if it is one.
    pub fn legacy_game(text: &str) -> Option<String> {
        let saved =
            Seated::<Mode, Side>::load(text, SESSION_FORMAT_NAME, SESSION_FORMAT_VERSION).ok()?;
        (!is_compact::<GameState>(&saved.game)).then_some(saved.game)
    }

    /// The saved session `text` with its game replaced by `game` (a compact save).
    pub fn with_game(text: &str, game: &str) -> Option<String> {
        let mut saved =
            Seated::<Mode, Side>::load(text, SESSION_FORMAT_NAME, SESSION_FORMAT_VERSION).ok()?;
        saved.game = game.to_string();
        Some(saved.save(SESSION_FORMAT_NAME, SESSION_FORMAT_VERSION))
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

    /// The figure the issue asks for: the computer's pauses over a whole game at the normal
    /// speed (the human plays the first legal action; forced decisions are taken for them).
    #[test]
    fn the_computers_pauses_over_a_game_at_normal_speed() {
        for human in Side::BOTH {
            let mut session = Session::new(Mode::vs(human), 2026);
            let (mut setup, mut total, mut actions) = (Duration::ZERO, Duration::ZERO, 0);
            let mut turn = 0usize;
            for _ in 0..40_000 {
                if session.game.state().is_over() {
                    break;
                }
                if let Some(action) = session.computer_move() {
                    let pause = session.computer_pace(&action).pause(Speed::Normal);
                    if session.game.state().phase() == Phase::Setup {
                        setup += pause;
                    }
                    total += pause;
                    actions += 1;
                    assert!(session.computer_act());
                    continue;
                }
                if session.take_forced().is_some() {
                    continue;
                }
                let legal = session.view().legal;
                turn += 7;
                session.act(legal[turn % legal.len()]).unwrap();
            }
            assert!(session.game.state().is_over());
            assert_eq!(
                setup,
                Duration::ZERO,
                "the computer's setup appears at once"
            );
            println!(
                "measure: against the {human:?}, the computer's pauses at normal speed: {:.1} s \
                 in all over {actions} actions, {} rounds",
                total.as_secs_f64(),
                session.game.state().time()
            );
        }
    }

    #[test]
    fn a_game_against_the_computer_reaches_its_end_on_either_side() {
        for human in Side::BOTH {
            let mut session = Session::new(Mode::vs(human), 7);
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
    fn a_session_saved_in_the_older_layout_converts_through_the_computer_and_loads() {
        let mut session = Session::new(Mode::vs(Side::Empire), 5);
        play_out(&mut session, 400);
        // As the previous version of the page saved it: the game as JSON.
        let old = Seated {
            mode: session.mode,
            seat: session.seat,
            game: session.game.save(),
        }
        .save(SESSION_FORMAT_NAME, SESSION_FORMAT_VERSION);
        assert!(
            Session::load(&old).is_err(),
            "the page reads compact saves only"
        );
        let json = Session::legacy_game(&old).expect("an older game");
        assert!(Session::legacy_game(&session.save()).is_none());
        let reply = computer::answer(&computer::convert_request(1, &json));
        let (_, compact) = computer::read_text_reply(&reply).unwrap();
        let new = Session::with_game(&old, compact).unwrap();
        assert_eq!(Session::load(&new).unwrap(), session);
        assert_eq!(new, session.save());
    }

    #[test]
    fn a_saved_session_loads_to_the_same_session_and_bad_saves_are_refused() {
        let mut session = Session::new(Mode::vs(Side::Rebel), 11);
        play_out(&mut session, 300);
        let text = session.save();
        assert_eq!(Session::load(&text).unwrap(), session);
        assert!(Session::load("not json").is_err());
        assert!(Session::load(&text.replace("swr-session", "evr-session")).is_err());
        assert!(Session::load(&text.replace("\"version\":1", "\"version\":99")).is_err());
    }

    #[test]
    fn the_computers_level_is_kept_and_older_saves_play_the_rule_based_player() {
        for level in Difficulty::ALL {
            let session = Session::new(
                Mode::VsComputer {
                    human: Side::Empire,
                    level,
                },
                3,
            );
            let loaded = Session::load(&session.save()).unwrap();
            assert_eq!(loaded.mode.level(), Some(level));
        }
        // Saved before there were levels: no level at all.
        let text = Session::new(Mode::vs(Side::Rebel), 4).save();
        let older = text.replace(",\"level\":1", "");
        assert_ne!(older, text, "the level is in the save: {text}");
        assert_eq!(
            Session::load(&older).unwrap().mode.level(),
            Some(Difficulty::Steady)
        );
    }

    #[test]
    fn decisions_with_one_answer_are_taken_only_where_nothing_is_given_away() {
        // Against the computer: every one of the human's.
        let (mut taken, mut asked) = (0, 0);
        for seed in 0..6 {
            let human = if seed % 2 == 0 {
                Side::Rebel
            } else {
                Side::Empire
            };
            let mut session = Session::new(Mode::vs(human), seed);
            for _ in 0..3000 {
                if session.game.state().is_over() {
                    break;
                }
                if session.computer_act() {
                    continue;
                }
                if session.take_forced().is_some() {
                    taken += 1;
                    continue;
                }
                let view = session.view();
                assert!(
                    view.legal.len() > 1,
                    "a question with one answer reached the player"
                );
                asked += 1;
                session.act(view.legal[asked % view.legal.len()]).unwrap();
            }
        }
        assert!(taken > 20 && asked > 100, "{taken} taken, {asked} asked");
        // Two players: never one of the player who does not hold the device.
        let mut session = Session::new(Mode::TwoPlayers, 9);
        for _ in 0..2000 {
            if session.game.state().is_over() {
                break;
            }
            if let Some((side, _)) = session.forced_decision() {
                assert_eq!(side, session.seat);
            }
            if session.take_forced().is_some() {
                continue;
            }
            if session.needs_handoff() {
                session.take_seat();
            }
            let view = session.view();
            session.act(view.legal[0]).unwrap();
        }
    }

    #[test]
    fn the_rest_of_a_setup_is_placed_as_the_computer_would() {
        let mut session = Session::new(Mode::vs(Side::Empire), 4);
        assert_eq!(session.view().prompt, Some(Prompt::PlaceStartingUnits));
        let placed = session.place_the_rest();
        // The Empire's 37 starting units, all placed; the Rebel sets up next.
        assert_eq!(placed, 37);
        assert!(session.view().legal.is_empty());
        assert_eq!(session.game.state().active_player(), Some(Side::Rebel));
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
        let mut session = Session::new(Mode::vs(Side::Empire), 21);
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
