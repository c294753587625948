//! The rules: every public entry point is on [`GameState`]. Each submodule holds one part of
//! the turn; `frames` is the stack of questions in progress and `advance` walks the turn's
//! steps whenever no question is open.

pub(crate) mod board;
pub(crate) mod covert;
pub(crate) mod frames;
pub(crate) mod imperial;
pub(crate) mod influence;
pub(crate) mod placement;
pub(crate) mod refresh;
pub(crate) mod research;
pub(crate) mod scoring;
pub(crate) mod senate;
pub(crate) mod setup;
pub(crate) mod specialists;
pub(crate) mod techs;
pub(crate) mod trade;
pub(crate) mod warfare;

#[cfg(test)]
pub(crate) mod testkit;
#[cfg(test)]
mod tests_boxes;
#[cfg(test)]
mod tests_cards;
#[cfg(test)]
mod tests_techs;
#[cfg(test)]
mod tests_turn;

use crate::action::{Action, ActionError};
use crate::data::Seat;
use crate::log::EventSink;
use crate::options::{GameOptions, OptionsError};
use crate::state::{GameState, Step};
use frames::Frame;

/// Where legal actions are written: a list, or a counter that keeps only the first.
pub(crate) trait Out {
    fn push(&mut self, action: Action);
}

impl Out for Vec<Action> {
    fn push(&mut self, action: Action) {
        Vec::push(self, action);
    }
}

/// Counts answers, keeping the first (to take a forced answer without building a list).
#[derive(Default)]
pub(crate) struct Count {
    pub n: usize,
    pub first: Option<Action>,
}

impl Out for Count {
    fn push(&mut self, action: Action) {
        if self.n == 0 {
            self.first = Some(action);
        }
        self.n += 1;
    }
}

impl GameState {
    /// A new game from a seed, or why these options cannot start one
    /// ([`GameOptions::check`]). The same seed and options always give the same game, and the
    /// game plays with exactly these options: none is ever replaced.
    pub fn try_new(
        seed: u64,
        options: GameOptions,
        log: &mut impl EventSink,
    ) -> Result<GameState, OptionsError> {
        options.check()?;
        let mut state = setup::new_game(seed, options, log);
        state.run(log);
        Ok(state)
    }

    /// [`Self::try_new`] for options known to be good (checked with [`GameOptions::check`],
    /// or read from a save or share code, which are checked as they are read).
    ///
    /// # Panics
    /// If [`GameOptions::check`] refuses the options: a game never starts with options other
    /// than those it was given.
    pub fn new(seed: u64, options: GameOptions, log: &mut impl EventSink) -> GameState {
        GameState::try_new(seed, options, log).unwrap_or_else(|e| panic!("{e}"))
    }

    /// The one seat that must decide now (`None` once the game is over).
    pub fn active_player(&self) -> Option<Seat> {
        if self.outcome.is_some() {
            return None;
        }
        self.stack.last().map(|f| f.actor(self))
    }

    /// The legal actions of `seat`, into `out` (cleared first); empty when it is not that
    /// seat's decision.
    pub fn legal_actions_into(&self, seat: Seat, out: &mut Vec<Action>) {
        out.clear();
        if self.active_player() != Some(seat) {
            return;
        }
        if let Some(frame) = self.stack.last() {
            frames::legal(self, frame, out);
        }
    }

    pub fn legal_actions(&self, seat: Seat) -> Vec<Action> {
        let mut out = Vec::with_capacity(32);
        self.legal_actions_into(seat, &mut out);
        out
    }

    pub fn is_legal(&self, seat: Seat, action: Action) -> bool {
        self.legal_actions(seat).contains(&action)
    }

    /// Applies an action of `seat`. On error the state is unchanged and nothing is logged.
    pub fn apply(
        &mut self,
        seat: Seat,
        action: Action,
        log: &mut impl EventSink,
    ) -> Result<(), ActionError> {
        if self.is_over() {
            return Err(ActionError::GameOver);
        }
        if self.active_player() != Some(seat) {
            return Err(ActionError::NotYourTurn);
        }
        if !self.is_legal(seat, action) {
            return Err(ActionError::NotAllowed {
                why: format!(
                    "{action:?} is not among the choices now ({:?})",
                    self.stack.last()
                ),
            });
        }
        self.apply_legal(seat, action, log);
        Ok(())
    }

    /// Applies an action known to be legal (taken from `legal_actions`): the fast path for
    /// search and benchmarks.
    pub fn apply_legal(&mut self, _seat: Seat, action: Action, log: &mut impl EventSink) {
        if let Some(frame) = self.stack.pop() {
            frames::answer(self, frame, action, log);
        }
        self.run(log);
    }

    /// The question being asked now, if any.
    pub fn question(&self) -> Option<Frame> {
        self.stack.last().copied()
    }

    /// Runs the game on until a seat has a real choice (two answers or more) or the game ends.
    pub(crate) fn run(&mut self, log: &mut impl EventSink) {
        loop {
            if self.outcome.is_some() {
                self.stack.clear();
                return;
            }
            if let Some(frame) = self.stack.last().copied() {
                let mut count = Count::default();
                frames::legal(self, &frame, &mut count);
                match count.n {
                    0 => {
                        self.stack.pop();
                        frames::skip(self, frame, log);
                    }
                    1 => {
                        self.stack.pop();
                        frames::answer(self, frame, count.first.expect("counted"), log);
                    }
                    _ => return,
                }
                continue;
            }
            #[cfg(test)]
            if self.stop_before == Some(std::mem::discriminant(&self.step)) {
                return;
            }
            self.advance(log);
        }
    }

    /// One step of the turn with no question open: does its automatic work, then moves on or
    /// opens a question.
    fn advance(&mut self, log: &mut impl EventSink) {
        match self.step {
            Step::Setup => {
                self.turn = 1;
                refresh::start_turn(self, log);
            }
            Step::Placing { next } => placement::advance(self, next, log),
            Step::Initiative => {
                influence::resolve_initiative(self, log);
                self.step = Step::Influence { slot: 0 };
            }
            Step::Influence { slot } => influence::advance(self, slot, log),
            Step::Trade { slot } => trade::advance(self, slot, log),
            Step::Covert => covert::start(self, log),
            Step::Research { slot } => research::advance(self, slot, log),
            Step::Warfare { slot } => warfare::advance(self, slot, log),
            Step::Specialists { slot } => specialists::advance(self, slot, log),
            Step::Senate => senate::start(self, log),
            Step::Income => {
                trade::income(self, log);
                self.step = Step::Techs { idx: 0 };
            }
            Step::Techs { idx } => techs::advance(self, idx, log),
            Step::War { planet, target } => warfare::war(self, planet, target, log),
            Step::Scoring => scoring::advance(self, log),
            Step::Refresh => refresh::refresh(self, log),
            Step::Over => {}
        }
    }
}
