use crate::Player;
use game_kit::Rng;
use swr_engine::{Action, PlayerView};

/// Picks uniformly among the legal actions: the baseline every other player must beat.
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

impl Player for RandomBot {
    fn name(&self) -> &str {
        "random"
    }

    fn choose(&mut self, view: &PlayerView) -> Action {
        view.legal[self.rng.below(view.legal.len())]
    }
}
