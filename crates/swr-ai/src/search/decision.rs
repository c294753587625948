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
//!   view of the sampled state, to the **end of the round** (the time marker moving on; at
//!   Hard, the Empire's to the end of the next) or the end of the game; then
//!   [`evaluate`](super::evaluate) judges the position. The playout's
//!   Empire learns of the base as it plays ([`Hunt`]), from what it knew at the decision as far
//!   as the decider can tell.

use super::evaluate::empire_chance;
use super::hunt::Hunt;
use crate::{BaseTracker, RuleBot};
use game_kit::Rng;
use swr_engine::{Action, GameState, PlayerView, Side};

/// One decision of `me`, with the way its samples are drawn.
pub struct SwrDecision<S> {
    sample: S,
    me: Side,
    root_actions: Vec<Action>,
    /// The last round the search plays: it stops when the one after begins.
    last_round: u8,
    /// What the Empire knew of the base at the decision, as the decider can tell: the
    /// playouts' players have no log, so the Empire's reading goes on from this.
    empire_knew: BaseTracker,
    /// Where the Rebel's playout player takes the Empire to know the base may be (a bit set).
    rebel_guess: u32,
}

impl<S: FnMut(&mut Rng) -> GameState> SwrDecision<S> {
    /// `sample` draws full states consistent with `view` (see `swr_engine::sampling`);
    /// `empire_knew` and `rebel_guess` as in the fields; the playouts run to the end of the
    /// round `rounds_ahead` after the decision's.
    pub fn new(
        view: &PlayerView,
        empire_knew: BaseTracker,
        rebel_guess: u32,
        rounds_ahead: u8,
        sample: S,
    ) -> SwrDecision<S> {
        SwrDecision {
            sample,
            me: view.viewer,
            root_actions: view.legal.clone(),
            last_round: view.time.saturating_add(rounds_ahead),
            empire_knew,
            rebel_guess,
        }
    }
}

impl<S: FnMut(&mut Rng) -> GameState> ismcts::Searchable for SwrDecision<S> {
    type State = Hunt;
    type Action = Action;
    type Seat = Side;

    fn me(&self) -> Side {
        self.me
    }

    fn root_actions(&self) -> &[Action] {
        &self.root_actions
    }

    fn sample(&mut self, rng: &mut Rng) -> Hunt {
        Hunt::new((self.sample)(rng), self.empire_knew.clone())
    }

    fn finished(&self, hunt: &Hunt) -> bool {
        hunt.state.is_over() || hunt.state.time() > self.last_round
    }

    fn actor(&self, hunt: &Hunt) -> Side {
        hunt.state.active_player().unwrap_or(self.me)
    }

    fn legal(&self, hunt: &Hunt, seat: Side, out: &mut Vec<Action>) {
        hunt.state.legal_actions_into(seat, out);
    }

    fn apply(&self, hunt: &mut Hunt, seat: Side, action: Action) {
        hunt.apply(seat, action);
    }

    fn is_secret(&self, _: &Hunt, seat: Side) -> bool {
        seat != self.me
    }

    fn playout_action(&self, hunt: &Hunt, seat: Side, legal: &[Action], rng: &mut Rng) -> Action {
        if legal.len() == 1 {
            return legal[0];
        }
        let known = match seat {
            Side::Empire => hunt.empire_candidates(),
            Side::Rebel => self.rebel_guess,
        };
        RuleBot::new(rng.next_u64()).choose_knowing(&hunt.state.view(seat), known)
    }

    fn own_depth(&self) -> u32 {
        1
    }

    fn reward(&self, hunt: &Hunt, seat: Side) -> f64 {
        let empire = empire_chance(&hunt.state, hunt.empire_candidates());
        match seat {
            Side::Empire => empire,
            Side::Rebel => 1.0 - empire,
        }
    }
}
