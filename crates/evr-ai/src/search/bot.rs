//! The search as a [`Bot`]: one search per decision, from the bot's own view.

use super::level::Level;
use super::playout::Objective;
use super::Search;
use crate::{Bot, RuleBot};
use evr_engine::rng::Rng;
use evr_engine::{Action, PlayerView};

pub struct IsmctsBot {
    level: Level,
    rng: Rng,
    /// Answers if a view cannot be searched (never seen with views the engine makes).
    fallback: RuleBot,
}

impl IsmctsBot {
    pub fn new(level: Level, seed: u64) -> Self {
        IsmctsBot {
            level,
            rng: Rng::new(seed),
            fallback: RuleBot::new(seed ^ 0x5eed),
        }
    }
}

impl Bot for IsmctsBot {
    fn name(&self) -> &'static str {
        self.level.name()
    }

    fn choose(&mut self, view: &PlayerView) -> Action {
        if view.legal_actions.len() == 1 {
            return view.legal_actions[0];
        }
        match Search::looking_ahead(
            view,
            Objective::Game,
            self.level.horizon(),
            self.rng.next_u64(),
        ) {
            Ok(mut search) => {
                search.run_within(&self.level.budget());
                search.choose(self.level.temperature(), &mut self.rng)
            }
            Err(_) => self.fallback.choose(view),
        }
    }
}
