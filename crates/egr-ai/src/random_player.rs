use crate::Player;
use egr_engine::{Action, PlayerView};
use game_kit::Rng;

/// Picks uniformly among the legal actions: the baseline every other player must beat.
pub struct RandomPlayer {
    rng: Rng,
}

impl RandomPlayer {
    pub fn new(seed: u64) -> Self {
        RandomPlayer {
            rng: Rng::new(seed),
        }
    }
}

impl Player for RandomPlayer {
    fn name(&self) -> &str {
        "random"
    }

    fn choose(&mut self, view: &PlayerView) -> Action {
        match view.legal_actions.len() {
            0 => Action::Pass,
            n => view.legal_actions[self.rng.below(n)],
        }
    }
}
