//! One decision of Empires: Galactic Rebellion as the shared search (`ismcts`) sees it.
//!
//! - **Samples** come from the decider's view only (`egr_engine::sample`): the public position
//!   exactly, what is still to be drawn (goods, cards, tiles, the cube bag) left to a fresh
//!   random generator, so future draws and battles are unknown too. A new sample every
//!   iteration.
//! - **The tree holds the decider's own choice.** The other seats play the rule-based policy
//!   in every iteration (their choices are played, never branched on), and so do the decider's
//!   later choices (`own_depth() == 1`): the few hundred iterations a decision can afford go
//!   to judging the options at hand, each followed by good play.
//! - **Playouts** are the rule-based player (`RuleBot`) in every seat, each from its own view
//!   of the sampled state, to the **end of the current turn** (the turn number moving on) or
//!   the end of the game; then [`evaluate`](super::evaluate) judges the position. A decision
//!   made [`to_the_end`](EgrDecision::to_the_end) plays on to the end of the game instead and
//!   is judged by the final points (Hard's two-player challenge).

use super::evaluate;
use crate::{Player, RuleBot};
use egr_engine::{Action, GameOptions, GameState, NoLog, PlayerView, Seat};
use game_kit::Rng;

/// One decision of `me`, searched from its view.
pub struct EgrDecision {
    view: PlayerView,
    options: GameOptions,
    me: Seat,
    root_actions: Vec<Action>,
    /// The turn of the decision: the search stops when the next one begins, unless it plays
    /// to the end of the game.
    turn: u8,
    to_the_end: bool,
    /// A sample drawn when the decision was set up (proof that the view can be sampled); used
    /// again should a later draw fail, which a view built by the engine never makes it do.
    first: GameState,
}

impl EgrDecision {
    /// The decision in `view` (which must list legal actions) under the game's `options`, or
    /// why its position cannot be sampled.
    pub fn new(
        view: &PlayerView,
        options: &GameOptions,
        seed: u64,
    ) -> Result<EgrDecision, egr_engine::SampleError> {
        let first = egr_engine::sample(view, options, seed)?;
        Ok(EgrDecision {
            view: view.clone(),
            options: *options,
            me: view.viewer,
            root_actions: view.legal_actions.clone(),
            turn: view.turn,
            to_the_end: false,
            first,
        })
    }

    /// The same decision played out to the end of the game, each end judged by the decider's
    /// final margin ([`evaluate::final_margin`]) rather than by the standing at the turn's end.
    pub fn to_the_end(mut self) -> EgrDecision {
        self.to_the_end = true;
        self
    }
}

impl ismcts::Searchable for EgrDecision {
    type State = GameState;
    type Action = Action;
    type Seat = Seat;

    fn me(&self) -> Seat {
        self.me
    }

    fn root_actions(&self) -> &[Action] {
        &self.root_actions
    }

    fn sample(&mut self, rng: &mut Rng) -> GameState {
        egr_engine::sample(&self.view, &self.options, rng.next_u64())
            .unwrap_or_else(|_| self.first.clone())
    }

    fn finished(&self, state: &GameState) -> bool {
        state.is_over() || (!self.to_the_end && state.turn() > self.turn)
    }

    fn actor(&self, state: &GameState) -> Seat {
        state.active_player().unwrap_or(self.me)
    }

    fn legal(&self, state: &GameState, seat: Seat, out: &mut Vec<Action>) {
        state.legal_actions_into(seat, out);
    }

    fn apply(&self, state: &mut GameState, seat: Seat, action: Action) {
        state.apply_legal(seat, action, &mut NoLog);
    }

    fn is_secret(&self, _: &GameState, seat: Seat) -> bool {
        seat != self.me
    }

    fn playout_action(
        &self,
        state: &GameState,
        seat: Seat,
        legal: &[Action],
        rng: &mut Rng,
    ) -> Action {
        if legal.len() == 1 {
            return legal[0];
        }
        RuleBot::new(rng.next_u64()).choose(&state.view(seat))
    }

    fn own_depth(&self) -> u32 {
        1
    }

    fn reward(&self, state: &GameState, seat: Seat) -> f64 {
        let view = state.view(self.me);
        if self.to_the_end {
            evaluate::final_margin(&view, seat)
        } else {
            evaluate::reward(&view, seat)
        }
    }
}
