use crate::Bot;
use evr_engine::rng::Rng;
use evr_engine::{Action, PlayerView};

/// Picks uniformly among the legal actions: the baseline every other bot must beat.
pub struct RandomBot {
    rng: Rng,
}

impl RandomBot {
    pub fn new(seed: u64) -> Self {
        RandomBot {
            rng: Rng::new(seed),
        }
    }
}

impl Bot for RandomBot {
    fn name(&self) -> &'static str {
        "random"
    }

    fn choose(&mut self, view: &PlayerView) -> Action {
        view.legal_actions[self.rng.below(view.legal_actions.len())]
    }
}
