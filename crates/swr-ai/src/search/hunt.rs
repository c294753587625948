//! A searched position: the game's state with what the Empire has learnt of the hidden base,
//! kept up as the playout goes. Without it, a playout's Empire would know only what it knew at
//! the decision, and a Rebel move that gives the base away (units leaving the Rebel Base space
//! for a system next to it, say) would cost nothing in the search.

use crate::BaseTracker;
use swr_engine::data::systems::{distances_from, named::CORUSCANT, SYSTEM_COUNT};
use swr_engine::{Action, GameState, Side, SystemId};

#[derive(Clone)]
pub struct Hunt {
    pub state: GameState,
    empire: BaseTracker,
}

impl Hunt {
    /// `empire` is what the Empire knew at the start of `state`, as the decider can tell.
    pub fn new(state: GameState, empire: BaseTracker) -> Hunt {
        Hunt { state, empire }
    }

    /// Plays a legal action; the Empire reads what it may of what follows.
    pub fn apply(&mut self, seat: Side, action: Action) {
        self.state.apply_legal(seat, action, &mut self.empire);
    }

    /// The systems where the Empire may still look for the base (bit `i` for `SystemId(i)`):
    /// what it has read, less the probe cards in its hand. Every system with a probe card if
    /// that leaves none (the base moved in a way the reading missed).
    pub fn empire_candidates(&self) -> u32 {
        if self.state.base_revealed() {
            if let Some(base) = self.state.base() {
                return base.bit();
            }
        }
        let in_hand = self.state.probes().iter().fold(0, |m, s| m | s.bit());
        let known = self.empire.candidates() & !in_hand & !CORUSCANT.bit();
        if known == 0 {
            !CORUSCANT.bit() & !in_hand
        } else {
            known
        }
    }
}

/// How much likelier each move further from the Imperial units makes a system for the base.
const FARTHER: f32 = 1.5;
/// How much likelier a remote system is.
const REMOTE: f32 = 1.5;

/// Where the Empire expects the hidden base before anything rules a system out (weights by
/// system index, for `Sampler::sample_with`): a Rebel hides it away from the Imperial units of
/// the moment it is placed (`imperial_at_placing`, a bit set), and a remote system, where the
/// Empire can neither build nor gain loyalty, suits it. The candidates' own evidence (probe
/// cards, missions, the Rebels' moves) is the sampler's business; this only tilts the draw
/// among what is left.
pub fn base_prior(imperial_at_placing: u32) -> [f32; SYSTEM_COUNT] {
    let distance = distances_from(imperial_at_placing);
    let mut weights = [1.0; SYSTEM_COUNT];
    for s in SystemId::ALL {
        let d = distance[s.index()].min(5) as i32;
        let remote = if s.is_remote() { REMOTE } else { 1.0 };
        weights[s.index()] = FARTHER.powi(d) * remote;
    }
    weights
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{base_candidate_mask, Player, RuleBot};
    use swr_engine::{Game, GameOptions, NoLog};

    /// Kept up event by event from the start, the Empire's reading never rules out what its
    /// own view and log allow, and is exactly that at each new round, over whole games between
    /// the rule-based players.
    #[test]
    fn the_reading_kept_up_in_play_is_the_empires_own() {
        let mut compared = 0;
        for seed in 0..6 {
            let mut game = Game::new(seed, GameOptions::default());
            let mut empire = BaseTracker::default();
            let state = GameState::new(seed, GameOptions::default(), &mut empire);
            let mut hunt = Hunt::new(state, empire);
            let mut bots = [RuleBot::new(seed), RuleBot::new(seed + 100)];
            let mut round = game.state().time();
            while let Some(side) = game.state().active_player() {
                let view = game.view(Side::Empire);
                if game.state().base().is_some() {
                    let own = base_candidate_mask(&view);
                    let kept = hunt.empire_candidates();
                    assert_eq!(kept & own, own, "seed {seed}: the real reading is kept");
                    // At the turn of a round (where a search's playouts stop) the board
                    // has been read too: the two agree exactly.
                    if view.time != round {
                        assert_eq!(kept, own, "seed {seed}, round {}", view.time);
                        compared += 1;
                    }
                }
                round = view.time;
                let action = bots[side.index()].choose(&game.view(side));
                game.apply(side, action).unwrap();
                hunt.apply(side, action);
            }
            let mut replay = GameState::new(seed, GameOptions::default(), &mut NoLog);
            for &(side, action) in game.history() {
                replay.apply_legal(side, action, &mut NoLog);
            }
            assert_eq!(replay.winner(), hunt.state.winner());
        }
        assert!(compared > 30, "{compared} turns compared");
    }

    #[test]
    fn the_base_is_expected_away_from_the_empire_and_in_remote_systems() {
        use swr_engine::data::systems::ADJACENT;
        let coruscant = CORUSCANT;
        let prior = base_prior(coruscant.bit());
        let next_door = swr_engine::data::systems::systems_in(ADJACENT[coruscant.index()])
            .next()
            .unwrap();
        assert!(prior[coruscant.index()] < prior[next_door.index()]);
        let far = SystemId::ALL
            .into_iter()
            .max_by(|a, b| prior[a.index()].total_cmp(&prior[b.index()]))
            .unwrap();
        assert!(far.is_remote(), "{far:?}");
        // Before any Imperial unit is placed, only remoteness tells.
        let open = base_prior(0);
        for s in SystemId::ALL {
            let remote = if s.is_remote() { REMOTE } else { 1.0 };
            assert_eq!(open[s.index()], FARTHER.powi(5) * remote);
        }
    }
}
