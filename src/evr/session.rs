//! A game at this device: the engine's [`Game`], who plays which side, and whose seat the
//! screen belongs to. Plain Rust with no web dependency, so it is tested natively; the
//! components only read it and call its methods.

use crate::evr::lesson;
use crate::shell::shelf::Description;
use evr_ai::search::{Budget, Level, Objective, Search};
use evr_ai::{Bot, RuleBot};
use evr_engine::rng::Rng;
use evr_engine::view::{Decision, PlayerView};
use evr_engine::{Action, ActionError, Game, GameOptions, LoadError, Side, Variant};
use game_kit::Seated;
use serde::{Deserialize, Serialize};

/// Who sits at the device.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Mode {
    /// One person against the computer.
    VsComputer {
        human: Side,
        /// Saves from before the levels existed played the rule-based computer.
        #[serde(default)]
        difficulty: Difficulty,
    },
    /// Two people passing the device.
    TwoPlayers,
    /// A lesson (`lesson.rs`): the learner plays the script's moves, the other side's are
    /// played for it as the computer's.
    Lesson,
}

/// How the computer plays, weakest first (measured by the strength benchmark: the rule-based
/// player beats Easy and loses to Normal).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub enum Difficulty {
    /// A short search and a loose pick: a novice.
    Easy,
    /// The rule-based player: no search, it judges each move by its effect on the totals.
    #[default]
    Rules,
    Normal,
    Hard,
    /// Hard's search ten times over, and a round further ahead.
    Expert,
}

impl Difficulty {
    pub const ALL: [Difficulty; 5] = [
        Difficulty::Easy,
        Difficulty::Rules,
        Difficulty::Normal,
        Difficulty::Hard,
        Difficulty::Expert,
    ];

    pub fn name(self) -> &'static str {
        match self {
            Difficulty::Rules => "Steady",
            Difficulty::Easy => "Easy",
            Difficulty::Normal => "Normal",
            Difficulty::Hard => "Hard",
            Difficulty::Expert => "Expert",
        }
    }

    fn level(self) -> Option<Level> {
        match self {
            Difficulty::Rules => None,
            Difficulty::Easy => Some(Level::Easy),
            Difficulty::Normal => Some(Level::Normal),
            Difficulty::Hard => Some(Level::Hard),
            Difficulty::Expert => Some(Level::Expert),
        }
    }
}

/// The computer's next move: already known, or a search still to run (in slices, by the UI).
pub enum ComputerMove {
    Ready(Action),
    Think(Box<Thinking>),
}

/// A search for the computer's move, and how to pick once it has run.
pub struct Thinking {
    pub search: Search,
    pub budget: Budget,
    pub pick: Pick,
}

/// How the computer picks among the searched moves (its level's temperature).
#[derive(Clone, Copy, Debug)]
pub struct Pick {
    temperature: f64,
    seed: u64,
}

impl Pick {
    pub fn decide(&self, search: &Search) -> Action {
        search.choose(self.temperature, &mut Rng::new(self.seed))
    }
}

impl Thinking {
    pub fn split(self) -> (Search, Pick) {
        (self.search, self.pick)
    }

    pub fn decide(&self) -> Action {
        self.pick.decide(&self.search)
    }
}

/// The human's own advice: a search from their view for the chance to win the event.
pub const ADVICE_ITERATIONS: u32 = 3000;

/// Whether advice means something here: a real choice, with an event to win (there is none
/// yet while characters are chosen).
pub fn advice_available(view: &PlayerView) -> bool {
    view.legal_actions.len() > 1
        && view.event.is_some()
        && !matches!(view.decision, Some(Decision::ChooseCharacters) | None)
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

impl Session {
    pub fn new(mode: Mode, variant: Variant, seed: u64) -> Session {
        let game = match mode {
            Mode::Lesson => lesson::start(),
            _ => Game::new(seed, GameOptions { variant }),
        };
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
            Mode::VsComputer { human, .. } => human,
            Mode::TwoPlayers => self.seat,
            Mode::Lesson => lesson::LEARNER,
        }
    }

    pub fn computer(&self) -> Option<Side> {
        match self.mode {
            Mode::VsComputer { human, .. } => Some(human.opponent()),
            Mode::TwoPlayers => None,
            Mode::Lesson => Some(lesson::LEARNER.opponent()),
        }
    }

    /// The human who must act next; during simultaneous choices the Rebel goes first. In a
    /// lesson, whoever the script names, in its order.
    pub fn next_actor(&self) -> Option<Side> {
        if let Mode::Lesson = self.mode {
            return self
                .scripted()
                .map(|(side, _)| side)
                .filter(|s| *s == self.viewer());
        }
        let active = self.game.state().active_players();
        active.iter().find(|s| Some(*s) != self.computer())
    }

    /// Whether the computer must act now.
    pub fn computer_to_act(&self) -> Option<Side> {
        if let Mode::Lesson = self.mode {
            return self
                .scripted()
                .map(|(side, _)| side)
                .filter(|s| *s != self.viewer());
        }
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
        let mut view = self.game.view(self.viewer());
        // A lesson offers only the move it teaches (none while the other side answers, and
        // none once it is over).
        if let Mode::Lesson = self.mode {
            let taught = self.scripted().filter(|(side, _)| *side == view.viewer);
            view.legal_actions
                .retain(|a| taught.is_some_and(|(_, t)| t == *a));
        }
        view
    }

    /// A lesson: its next scripted action, if the script goes on.
    pub fn scripted(&self) -> Option<(Side, Action)> {
        match self.mode {
            Mode::Lesson => lesson::next(self.game.history().len()),
            _ => None,
        }
    }

    /// A lesson: the learner's step (this one, of how many), or `None` outside a lesson.
    pub fn lesson_step(&self) -> Option<(usize, usize)> {
        (self.mode == Mode::Lesson).then(|| lesson::progress(self.game.history().len()))
    }

    /// A lesson whose script has been played to its end.
    pub fn lesson_done(&self) -> bool {
        matches!(self.mode, Mode::Lesson) && self.scripted().is_none()
    }

    /// Whether the game has ended (a finished game is replaced by a new one without being
    /// kept aside).
    pub fn is_over(&self) -> bool {
        self.game.state().is_over()
    }

    /// Who plays which side and how far the game has gone, for the list of games kept aside.
    pub fn describe(&self) -> Description {
        describe_game(self.mode, &self.game)
    }

    /// The player at the screen acts. Errors leave everything unchanged.
    pub fn act(&mut self, action: Action) -> Result<usize, ActionError> {
        if matches!(self.mode, Mode::Lesson) && self.scripted() != Some((self.viewer(), action)) {
            return Err(ActionError::WrongKindOfAction);
        }
        self.game.apply(self.viewer(), action)
    }

    /// Who may take back now, and whether the other side's moves go too: against the computer
    /// the human, with the computer's moves since (never while the computer is about to move:
    /// its move would be for a position that is gone); two players, the one whose seat the
    /// screen shows, until the other has acted.
    fn taker(&self) -> Option<(Side, bool)> {
        match self.mode {
            Mode::VsComputer { human, .. } => {
                self.computer_to_act().is_none().then_some((human, true))
            }
            Mode::TwoPlayers => Some((self.seat, false)),
            // A lesson goes one way: its script.
            Mode::Lesson => None,
        }
    }

    /// What a take-back would remove now, oldest first: empty when nothing may be taken back
    /// (the engine decides, from the game's history).
    pub fn take_back_offer(&self) -> &[(Side, Action)] {
        match self.taker() {
            Some((taker, with_others)) => self.game.take_back_actions(taker, with_others),
            None => &[],
        }
    }

    /// Takes back what [`Self::take_back_offer`] shows; false when there was nothing.
    pub fn take_back(&mut self) -> bool {
        self.taker()
            .and_then(|(taker, with_others)| self.game.take_back(taker, with_others))
            .is_some()
    }

    /// A finished game as a code for a link or a file (see `share`); None while it is being
    /// played, so that no secret of a game in progress is ever shared.
    pub fn share_code(&self) -> Option<String> {
        self.game.state().is_over().then(|| {
            game_kit::share::encode(&self.game, crate::evr::share::players_byte(self.mode))
        })
    }

    /// Identifies the game and how far it has gone, so an answer computed for an earlier
    /// position is never applied to a later one.
    pub fn position(&self) -> (u64, usize) {
        (self.game.seed(), self.game.history().len())
    }

    /// Seeded from the game and its length: the same game replays the same choices.
    fn move_seed(&self) -> u64 {
        self.game.seed() ^ (self.game.history().len() as u64).wrapping_mul(0x9E37)
    }

    /// What the computer will do now, from its own view only.
    pub fn computer_move(&self) -> Option<ComputerMove> {
        let side = self.computer_to_act()?;
        let view = self.game.view(side);
        if view.legal_actions.is_empty() {
            return None;
        }
        let seed = self.move_seed();
        let difficulty = match self.mode {
            Mode::VsComputer { difficulty, .. } => difficulty,
            Mode::TwoPlayers => return None,
            // The other side's answer is the script's.
            Mode::Lesson => return self.scripted().map(|(_, a)| ComputerMove::Ready(a)),
        };
        let rule_based = || ComputerMove::Ready(RuleBot::new(seed).choose(&view));
        let Some(level) = difficulty.level() else {
            return Some(rule_based());
        };
        if view.legal_actions.len() == 1 {
            return Some(ComputerMove::Ready(view.legal_actions[0]));
        }
        match Search::looking_ahead(&view, Objective::Game, level.horizon(), seed) {
            Ok(search) => Some(ComputerMove::Think(Box::new(Thinking {
                search,
                budget: level.budget(),
                pick: Pick {
                    temperature: level.temperature(),
                    seed: seed.rotate_left(17),
                },
            }))),
            Err(_) => Some(rule_based()),
        }
    }

    /// Which decision of the computer's this is: the game and how many actions the computer
    /// has taken. The human's simultaneous secret choice does not change it (it changes
    /// nothing the computer may know), a new game or a move already played does.
    pub fn computer_position(&self) -> (u64, usize) {
        let computer = self.computer();
        let own = self
            .game
            .history()
            .iter()
            .filter(|(side, _)| Some(*side) == computer)
            .count();
        (self.game.seed(), own)
    }

    /// Plays the computer's move if it is still the decision it was computed for.
    pub fn computer_play(&mut self, position: (u64, usize), action: Action) -> bool {
        match self.computer_to_act() {
            Some(side) if self.computer_position() == position => {
                self.game.apply(side, action).is_ok()
            }
            _ => false,
        }
    }

    /// The computer takes one action at once (tests; the app runs searches in slices).
    pub fn computer_act(&mut self) -> Option<usize> {
        let position = self.computer_position();
        let action = match self.computer_move()? {
            ComputerMove::Ready(action) => action,
            ComputerMove::Think(mut thinking) => {
                thinking.search.run_within(&thinking.budget);
                thinking.decide()
            }
        };
        let before = self.game.history().len();
        self.computer_play(position, action).then_some(before)
    }

    /// A search for advice to the player at the screen, from their own view.
    pub fn advice_search(&self) -> Option<Search> {
        let view = self.view();
        if !advice_available(&view) || self.lesson_step().is_some() {
            return None;
        }
        Search::new(&view, Objective::Event, self.move_seed() ^ 0xad71ce).ok()
    }

    /// How the game ended, for the record: full games only (not the tutorial), once over.
    pub fn outcome(&self) -> Option<crate::evr::record::Outcome> {
        if self.game.options().variant != Variant::Full || self.lesson_step().is_some() {
            return None;
        }
        // The Rebel's view: its own points and the Empire's, both public.
        let view = self.game.view(Side::Rebel);
        let evr_engine::view::Stage::GameOver { winner } = view.stage else {
            return None;
        };
        Some(crate::evr::record::Outcome {
            game: self.game.seed(),
            mode: self.mode,
            winner,
            points: [view.me.victory_points, view.opponent.victory_points],
        })
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

/// Who plays which side and how far a game has gone, for the list of games kept aside.
pub fn describe_game(mode: Mode, game: &Game) -> Description {
    use crate::evr::narrate::side_name;
    let sides = match mode {
        Mode::VsComputer { human, difficulty } => format!(
            "You (the {}) against the computer ({})",
            side_name(human),
            difficulty.name()
        ),
        Mode::TwoPlayers => "Two players on this device".to_string(),
        Mode::Lesson => lesson::TITLE.to_string(),
    };
    let tutorial = if game.options().variant == Variant::Tutorial {
        "Tutorial, "
    } else {
        ""
    };
    let progress = match game.state().winner() {
        Some(winner) => format!("{tutorial}over: the {} won", side_name(winner)),
        None => format!("{tutorial}round {}", game.view(Side::Rebel).round),
    };
    Description {
        sides,
        progress: capitalized(progress),
    }
}

/// The text with its first letter (an ASCII one, as all of ours) in upper case.
fn capitalized(mut text: String) -> String {
    if let Some(first) = text.get_mut(0..1) {
        first.make_ascii_uppercase();
    }
    text
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
        for difficulty in Difficulty::ALL {
            let mut s = Session::new(
                Mode::VsComputer {
                    human: Side::Imperial,
                    difficulty,
                },
                Variant::Full,
                9,
            );
            assert_eq!(s.viewer(), Side::Imperial);
            play_out(&mut s);
            assert!(s.game.state().winner().is_some(), "{difficulty:?}");
        }
    }

    #[test]
    fn a_computer_move_is_played_once_and_only_in_its_own_game() {
        let new = |seed| {
            Session::new(
                Mode::VsComputer {
                    human: Side::Rebel,
                    difficulty: Difficulty::Normal,
                },
                Variant::Full,
                seed,
            )
        };
        let mut s = new(4);
        // Both choose characters at once: the computer's choice stays valid while the human
        // makes theirs.
        let position = s.computer_position();
        let Some(ComputerMove::Think(mut thinking)) = s.computer_move() else {
            panic!("the computer should search its character choice");
        };
        thinking.search.run(50);
        let choice = thinking.decide();
        let human = s.view().legal_actions[0];
        s.act(human).unwrap();
        // Not in another game, then once here, and never twice.
        assert!(!new(5).computer_play(position, choice));
        assert!(s.computer_play(position, choice));
        assert!(!s.computer_play(position, choice));
    }

    #[test]
    fn saves_from_before_the_levels_play_the_rule_based_computer() {
        let s = Session::new(
            Mode::VsComputer {
                human: Side::Rebel,
                difficulty: Difficulty::Rules,
            },
            Variant::Full,
            2,
        );
        let old = s.save().replace(",\"difficulty\":\"Rules\"", "");
        assert!(!old.contains("difficulty"), "{old}");
        assert_eq!(Session::load(&old).unwrap(), s);
    }

    #[test]
    fn advice_covers_every_legal_action_from_the_players_view() {
        let mut s = Session::new(Mode::TwoPlayers, Variant::Tutorial, 8);
        // Both must play a card first; then the Rebel has a real choice.
        for _ in 0..2 {
            s.take_seat();
            s.act(Action::PlayCard).unwrap();
        }
        s.take_seat();
        let mut search = s.advice_search().expect("the Rebel has a choice");
        search.run(200);
        let estimates = search.estimates();
        assert_eq!(
            estimates.iter().map(|e| e.action).collect::<Vec<_>>(),
            s.view().legal_actions
        );
        assert!(estimates.iter().all(|e| (0.0..=1.0).contains(&e.chance)));
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
    fn against_the_computer_a_take_back_also_takes_back_its_moves_since() {
        let mut found = 0;
        for seed in 0..60 {
            let mut s = Session::new(
                Mode::VsComputer {
                    human: Side::Rebel,
                    difficulty: Difficulty::Rules,
                },
                Variant::Full,
                seed,
            );
            let mut rng = Rng::new(seed);
            while !s.game.state().is_over() {
                if s.computer_act().is_some() {
                    // The computer is done: did a take-back reach back over its moves?
                    let offer = s.take_back_offer().to_vec();
                    if offer.iter().any(|(side, _)| *side == Side::Imperial) {
                        assert_eq!(offer[0].0, Side::Rebel, "the human's own move first");
                        let to = s.game.history().len() - offer.len();
                        let before = s.game.truncated(to);
                        assert!(s.take_back());
                        assert_eq!(s.game, before);
                        found += 1;
                        break;
                    }
                    continue;
                }
                let legal = s.view().legal_actions;
                s.act(legal[rng.below(legal.len())]).unwrap();
            }
        }
        assert!(found > 5, "{found}");
    }

    #[test]
    fn two_players_take_back_only_until_the_other_has_acted_and_never_share_in_progress() {
        let mut s = Session::new(Mode::TwoPlayers, Variant::Tutorial, 8);
        assert!(s.take_back_offer().is_empty() && !s.take_back());
        // The Rebel plays a card: drawn, so it stays.
        s.act(Action::PlayCard).unwrap();
        assert!(s.take_back_offer().is_empty());
        s.take_seat();
        s.act(Action::PlayCard).unwrap();
        s.take_seat();
        // The Rebel passes: that may be taken back, from the hand-off screen too...
        s.act(Action::Pass).unwrap();
        assert!(s.needs_handoff());
        assert_eq!(s.take_back_offer(), &[(Side::Rebel, Action::Pass)]);
        let passed = s.clone();
        assert!(s.take_back());
        assert_eq!(s.game.history().len(), passed.game.history().len() - 1);
        // ...but not once the Empire has acted.
        let mut s = passed;
        s.take_seat();
        let reply = s.view().legal_actions[0];
        s.act(reply).unwrap();
        s.seat = Side::Rebel;
        assert!(s.take_back_offer().is_empty());
        assert_eq!(s.share_code(), None, "a game in progress is never shared");
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
