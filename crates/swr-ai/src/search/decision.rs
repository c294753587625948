//! One Rebellion decision as the shared search (`ismcts`) sees it.
//!
//! - **Samples** come from the decider's view and log only (`swr_engine::sampling`): the base,
//!   the other side's hands and every deck order drawn at random among what fits, with a fresh
//!   random generator, so the future dice are unknown too.
//! - **The tree holds the decider's own choices.** The other side plays the rule-based policy
//!   in every iteration (its choices are treated as the search treats hidden ones: played, not
//!   branched on). With hundreds of decisions in a round, branching on both sides would spread
//!   the few hundred iterations a decision can afford too thin; a strong model of the opponent
//!   spends them on the question asked.
//! - **Playouts** are the rule-based player (`RuleBot`) for both sides, from each side's own
//!   view of the sampled state, to the **end of the round** (the time marker moving on) or the
//!   end of the game; then [`evaluate`](super::evaluate) judges the position.

use super::evaluate::empire_chance;
use crate::RuleBot;
use game_kit::Rng;
use swr_engine::{Action, GameState, NoLog, PlayerView, Side};

/// One decision of `me`, with the way its samples are drawn.
pub struct SwrDecision<S> {
    sample: S,
    me: Side,
    root_actions: Vec<Action>,
    /// The round being played at the decision: the search stops when the next begins.
    round: u8,
    /// Where each side could know the base to be at the decision (bit sets, by side index):
    /// the playouts' players have no log, so they start from this.
    known: [u32; 2],
}

impl<S: FnMut(&mut Rng) -> GameState> SwrDecision<S> {
    /// `sample` draws full states consistent with `view` (see `swr_engine::sampling`);
    /// `known` is where each side (by index) could know the base to be.
    pub fn new(view: &PlayerView, known: [u32; 2], sample: S) -> SwrDecision<S> {
        SwrDecision {
            sample,
            me: view.viewer,
            root_actions: view.legal.clone(),
            round: view.time,
            known,
        }
    }
}

impl<S: FnMut(&mut Rng) -> GameState> ismcts::Searchable for SwrDecision<S> {
    type State = GameState;
    type Action = Action;
    type Seat = Side;

    fn me(&self) -> Side {
        self.me
    }

    fn root_actions(&self) -> &[Action] {
        &self.root_actions
    }

    fn sample(&mut self, rng: &mut Rng) -> GameState {
        (self.sample)(rng)
    }

    fn finished(&self, state: &GameState) -> bool {
        state.is_over() || state.time() > self.round
    }

    fn actor(&self, state: &GameState) -> Side {
        state.active_player().unwrap_or(self.me)
    }

    fn legal(&self, state: &GameState, seat: Side, out: &mut Vec<Action>) {
        state.legal_actions_into(seat, out);
    }

    fn apply(&self, state: &mut GameState, seat: Side, action: Action) {
        state.apply_legal(seat, action, &mut NoLog);
    }

    fn is_secret(&self, _: &GameState, seat: Side) -> bool {
        seat != self.me
    }

    fn playout_action(
        &self,
        state: &GameState,
        seat: Side,
        legal: &[Action],
        rng: &mut Rng,
    ) -> Action {
        if legal.len() == 1 {
            return legal[0];
        }
        RuleBot::new(rng.next_u64()).choose_knowing(&state.view(seat), self.known[seat.index()])
    }

    fn own_depth(&self) -> u32 {
        1
    }

    fn reward(&self, state: &GameState, seat: Side) -> f64 {
        let empire = empire_chance(state);
        match seat {
            Side::Empire => empire,
            Side::Rebel => 1.0 - empire,
        }
    }
}
