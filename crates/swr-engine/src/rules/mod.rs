//! The rules: every public entry point is on [`GameState`]. The submodules hold one part of
//! the game each; `frames` is the stack of decisions in progress.

mod board;
pub(crate) mod combat;
pub(crate) mod command;
pub(crate) mod effects;
pub(crate) mod frames;
pub(crate) mod missions;
pub(crate) mod movement;
pub(crate) mod objectives;
pub(crate) mod refresh;
mod setup;
pub(crate) mod tactics;
pub(crate) mod team;
#[cfg(test)]
pub(crate) mod testkit;

use crate::action::{Action, ActionError};
use crate::data::Side;
use crate::log::EventSink;
use crate::state::{GameOptions, GameState, Phase};
use frames::{Frame, RefreshStep};

impl GameState {
    /// A new game from a seed. The same seed and options always give the same game. Options
    /// with a team of 3 or 4 players start the team game ([`GameState::new_team`]).
    pub fn new(seed: u64, options: GameOptions, log: &mut impl EventSink) -> GameState {
        if let Some(team) = options.team {
            return GameState::new_team(seed, options, team, log);
        }
        let mut state = setup::new_game(seed, options, log);
        state.run(log);
        state
    }

    /// Who must decide now (`None` once the game is over). Exactly one player decides at a
    /// time, but it may be either at any moment (an opposition, a block, a retreat).
    pub fn active_player(&self) -> Option<Side> {
        if self.is_over() {
            return None;
        }
        match self.stack.last() {
            Some(frame) => frame_actor(self, frame),
            None => match self.phase {
                Phase::Assignment { side } => Some(side),
                Phase::Command { turn, .. } => Some(turn),
                _ => None,
            },
        }
    }

    /// The legal actions of `player`, into `out` (cleared first); empty when it is not that
    /// player's decision. In a team game, those of the seat that decides
    /// ([`GameState::decider`]): its own leaders and cards only.
    pub fn legal_actions_into(&self, player: Side, out: &mut Vec<Action>) {
        out.clear();
        if self.active_player() != Some(player) {
            return;
        }
        self.raw_legal(out);
        if self.team.is_some() {
            team::filter(self, out);
        }
    }

    /// The legal actions of the active side by the two-player rules (in a team game, before
    /// keeping the deciding seat's).
    fn raw_legal(&self, out: &mut Vec<Action>) {
        match self.stack.last() {
            Some(frame) => frame_legal(self, frame, out),
            None => match self.phase {
                Phase::Assignment { side } => command::legal_assignment(self, side, out),
                Phase::Command { turn, .. } => command::legal_turn(self, turn, out),
                _ => {}
            },
        }
    }

    pub fn legal_actions(&self, player: Side) -> Vec<Action> {
        let mut out = Vec::with_capacity(32);
        self.legal_actions_into(player, &mut out);
        out
    }

    pub fn is_legal(&self, player: Side, action: Action) -> bool {
        self.legal_actions(player).contains(&action)
    }

    /// Applies an action of `player`. On error the state is unchanged and nothing is logged.
    pub fn apply(
        &mut self,
        player: Side,
        action: Action,
        log: &mut impl EventSink,
    ) -> Result<(), ActionError> {
        if self.is_over() {
            return Err(ActionError::GameOver);
        }
        if self.active_player() != Some(player) {
            return Err(ActionError::NotYourTurn);
        }
        if !self.is_legal(player, action) {
            return Err(ActionError::NotAllowed {
                why: format!(
                    "{:?} is not among the choices now ({})",
                    action,
                    self.question()
                ),
            });
        }
        self.apply_legal(player, action, log);
        Ok(())
    }

    /// Applies an action known to be legal (taken from `legal_actions`): the fast path for
    /// search and benchmarks.
    pub fn apply_legal(&mut self, player: Side, action: Action, log: &mut impl EventSink) {
        if self.team.is_some() && team::before(self, player, action) {
            return;
        }
        match self.stack.pop() {
            Some(frame) => frame_answer(self, frame, player, action, log),
            None => match self.phase {
                Phase::Assignment { side } => command::assignment(self, side, action, log),
                Phase::Command { turn, .. } => command::turn(self, turn, action, log),
                _ => {}
            },
        }
        self.run(log);
        if self.team.is_some() {
            team::after(self);
        }
    }

    /// A short description of the current question (for error messages).
    fn question(&self) -> String {
        match self.stack.last() {
            Some(frame) => {
                format!("{:?}", std::mem::discriminant(frame)).replace("Discriminant", "frame")
            }
            None => format!("{:?}", self.phase),
        }
    }

    /// Whether the game is over, after lifting lapsed subjugation and checking the immediate
    /// wins: every step of `run` ends here, so a win ends the game in the very action that
    /// brought it about (rules §1). A finished game leaves no question pending.
    fn ended(&mut self, log: &mut impl EventSink) -> bool {
        self.lift_lapsed_subjugation(log);
        self.check_wins(log);
        if self.is_over() {
            self.drop_decisions();
            return true;
        }
        false
    }

    /// Carries out everything automatic until a player must decide or the game ends.
    fn run(&mut self, log: &mut impl EventSink) {
        loop {
            if self.ended(log) {
                return;
            }
            let Some(frame) = self.stack.pop() else {
                match self.phase {
                    Phase::Setup => {
                        self.phase = Phase::Assignment { side: Side::Rebel };
                        log_round(self, log);
                        continue;
                    }
                    Phase::Command {
                        passed: [true, true],
                        ..
                    } => {
                        // Effects waiting for the end of the Command phase come first.
                        if !self.marks.mobilizations.is_empty() {
                            effects::rebel::start_mobilizations(self);
                            continue;
                        }
                        self.marks.bounty_zone = None;
                        self.phase = Phase::Refresh;
                        self.stack.push(Frame::Refresh(RefreshStep::Objective));
                        continue;
                    }
                    _ => return,
                }
            };
            let progressed = match frame {
                Frame::Refresh(step) => refresh::advance(self, step, log),
                Frame::Mission(m) => missions::advance(self, m, log),
                Frame::Combat(c) => combat::advance(self, c, log),
                other => {
                    // A decision frame: it stays unless nobody can answer it.
                    let actor = frame_actor(self, &other);
                    let mut options = Vec::new();
                    frame_legal(self, &other, &mut options);
                    match (actor, options.as_slice(), &other) {
                        // An icon that builds one kind of unit asks nothing.
                        (Some(side), [only @ Action::Build(_)], Frame::Build { .. }) => {
                            let only = *only;
                            frame_answer(self, other, side, only, log);
                        }
                        (Some(_), [_, ..], _) => {
                            self.stack.push(other);
                            return;
                        }
                        _ => {}
                    }
                    true
                }
            };
            if !progressed {
                self.ended(log);
                return;
            }
        }
    }
}

fn log_round(state: &GameState, log: &mut impl EventSink) {
    use crate::log::{LogEvent, LogExt};
    log.all(LogEvent::RoundStarted { round: state.time });
}

fn frame_actor(state: &GameState, frame: &Frame) -> Option<Side> {
    match frame {
        Frame::PlaceImperialStart { .. } => Some(Side::Empire),
        Frame::PlaceRebelStart { .. } | Frame::AttachRing { .. } | Frame::ChooseBase => {
            Some(Side::Rebel)
        }
        Frame::Assigning { side, .. } => Some(*side),
        Frame::Moving(m) => Some(m.side),
        Frame::Mission(m) => missions::actor(m),
        Frame::Combat(c) => combat::actor(c),
        Frame::Refresh(step) => refresh::actor(*step),
        Frame::Recruit { side, .. }
        | Frame::Build { side, .. }
        | Frame::Deploy { side, .. }
        | Frame::DiscardMissions { side } => Some(*side),
        Frame::Effect(e) => {
            let _ = state;
            Some(e.actor)
        }
    }
}

fn frame_legal(state: &GameState, frame: &Frame, out: &mut Vec<Action>) {
    match frame {
        Frame::PlaceImperialStart { left } => setup::legal_imperial(state, left, out),
        Frame::PlaceRebelStart { left, system } => setup::legal_rebel(state, left, *system, out),
        Frame::AttachRing { .. } => setup::legal_ring(state, out),
        Frame::ChooseBase => setup::legal_base(state, out),
        Frame::Assigning { side, slot } => command::legal_assigning(state, *side, *slot, out),
        Frame::Moving(m) => command::legal_moving(state, m, out),
        Frame::Mission(m) => missions::legal(state, m, out),
        Frame::Combat(c) => combat::legal(state, c, out),
        Frame::Refresh(step) => refresh::legal(state, *step, out),
        Frame::Recruit { drawn, chosen, .. } => refresh::legal_recruit(state, drawn, *chosen, out),
        Frame::Build { side, icons } => refresh::legal_build(state, *side, icons, out),
        Frame::Deploy {
            side,
            units,
            placed,
        } => refresh::legal_deploy(state, *side, units, placed, out),
        Frame::DiscardMissions { side } => refresh::legal_discard(state, *side, out),
        Frame::Effect(e) => effects::legal(state, e, out),
    }
}

fn frame_answer(
    state: &mut GameState,
    frame: Frame,
    _player: Side,
    action: Action,
    log: &mut impl EventSink,
) {
    match frame {
        Frame::PlaceImperialStart { left } => setup::place_imperial(state, left, action, log),
        Frame::PlaceRebelStart { left, system } => {
            setup::place_rebel(state, left, system, action, log)
        }
        Frame::AttachRing { ring, card } => setup::attach_ring(state, ring, card, action, log),
        Frame::ChooseBase => setup::choose_base(state, action, log),
        Frame::Assigning { side, slot } => command::assigning(state, side, slot, action, log),
        Frame::Moving(m) => command::moving(state, m, action, log),
        Frame::Mission(m) => missions::answer(state, m, action, log),
        Frame::Combat(c) => combat::answer(state, c, action, log),
        Frame::Refresh(_) => refresh::answer(state, action, log),
        Frame::Recruit {
            side,
            drawn,
            chosen,
        } => refresh::recruit(state, side, drawn, chosen, action, log),
        Frame::Build { side, icons } => refresh::build(state, side, icons, action, log),
        Frame::Deploy {
            side,
            units,
            placed,
        } => refresh::deploy(state, side, units, placed, action, log),
        Frame::DiscardMissions { side } => refresh::discard(state, side, action, log),
        Frame::Effect(e) => effects::answer(state, e, action, log),
    }
}

#[cfg(test)]
#[path = "core_tests.rs"]
mod core_tests;
