//! Rebellion's searching computer player, on the game-independent `ismcts`.
//!
//! - [`evaluate`]: what a position is worth when the search stops short of the end.
//! - [`Hunt`]: a searched position, with what the Empire learns of the base as it plays;
//!   [`base_prior`], where the Empire expects the base before the evidence.
//! - [`Level`]: Easy, Steady (the rule-based player), Normal, Hard.
//! - [`choose`] plays a level: the rule-based choice, challenged by every other option on
//!   common samples (`ismcts::challenge`); [`advise`] gives the search's estimate of each
//!   option for a player's own view (the "what would you do?" of the app).

mod decision;
pub mod evaluate;
mod hunt;
mod level;

pub use decision::SwrDecision;
pub use hunt::{base_prior, Hunt};
pub use ismcts::{Estimate, Progress};
pub use level::{Level, HARD_ITERATIONS, NORMAL_ITERATIONS};

use crate::{Player, RuleBot};
use game_kit::Rng;
use swr_engine::sampling::Sampler;
use swr_engine::view::EngineView;
use swr_engine::{Action, PlayerView};

/// The computer's action at `level`, from its own view only (`view.legal` is not empty;
/// `engine` is the engine's bookkeeping as the same player may know it,
/// [`swr_engine::GameState::engine_view`], which the search's samples start from).
pub fn choose(level: Level, view: &PlayerView, engine: &EngineView, seed: u64) -> Action {
    choose_reporting(level, view, engine, seed, |_| {})
}

/// [`choose`], telling `report` after every playout of the search (if it searches) how far it
/// has got; the choice is the same.
pub fn choose_reporting(
    level: Level,
    view: &PlayerView,
    engine: &EngineView,
    seed: u64,
    report: impl FnMut(Progress<Action>),
) -> Action {
    if view.legal.len() == 1 {
        return view.legal[0];
    }
    match level.iterations().filter(|_| searches(view.phase)) {
        None => {
            let mut rng = Rng::new(seed ^ 0xEA5E);
            if level == Level::Easy && rng.below(8) == 0 {
                // One decision in eight, any legal move: a player who slips.
                view.legal[rng.below(view.legal.len())]
            } else {
                RuleBot::new(seed).choose(view)
            }
        }
        Some(iterations) => {
            let rule = RuleBot::new(seed).choose(view);
            let ahead = level.rounds_ahead(view.viewer);
            let mut decision = decision(view, engine, ahead);
            ismcts::challenge_reporting(&mut decision, rule, iterations, seed, report).chosen
        }
    }
}

/// Whether the search decides (and advises) in `phase`: the Assignment and Command phases,
/// where a round is played. Its horizon is the end of the round (Hard's Empire: the next
/// round's), so a decision of the Refresh phase (units deployed, built, recruited) would be
/// judged by the evaluation alone, or at best by one round of play, and the evaluation cannot
/// tell where a unit stands beyond the base's neighbourhood; the setup is further still.
/// There the rule-based player decides.
pub fn searches(phase: swr_engine::Phase) -> bool {
    matches!(
        phase,
        swr_engine::Phase::Assignment { .. } | swr_engine::Phase::Command { .. }
    )
}

/// The search's estimate of each of `view.legal` (in that order), after `iterations`.
pub fn advise(
    view: &PlayerView,
    engine: &EngineView,
    iterations: u32,
    seed: u64,
) -> Vec<Estimate<Action>> {
    if view.legal.is_empty() {
        return Vec::new();
    }
    run(view, engine, iterations, seed).estimates()
}

/// Where the Rebel's playout player takes the Empire to know the base may be, from `mine`, the
/// decider's reading of its own view and log. The Rebel decider knows at least what it can see
/// the Empire learn in public; when the Empire decides, the Rebel's player reads the board
/// itself.
fn rebel_guess(decider: swr_engine::Side, mine: u32) -> u32 {
    match decider {
        swr_engine::Side::Rebel => mine,
        swr_engine::Side::Empire => crate::knowledge::ALL_SYSTEMS,
    }
}

type Sampled<'a> = SwrDecision<Box<dyn FnMut(&mut Rng) -> swr_engine::GameState + 'a>>;

/// The decision as the search sees it, its samples drawn from `view` and `engine`, its
/// playouts `rounds_ahead` rounds past this one.
fn decision<'a>(view: &PlayerView, engine: &EngineView, rounds_ahead: u8) -> Sampled<'a> {
    let sampler = Sampler::new(view, engine);
    let guess = rebel_guess(view.viewer, crate::base_candidate_mask(view));
    let empire_knew = crate::BaseTracker::from_log(&view.log);
    // Only the Empire draws the base; the Rebel's samples keep its own.
    let prior = base_prior(empire_knew.imperial_at_placing());
    SwrDecision::new(
        view,
        empire_knew,
        guess,
        rounds_ahead,
        Box::new(move |rng: &mut Rng| sampler.sample_with(rng, &prior)),
    )
}

fn run<'a>(
    view: &PlayerView,
    engine: &EngineView,
    iterations: u32,
    seed: u64,
) -> ismcts::Search<Sampled<'a>> {
    let mut search = ismcts::Search::new(decision(view, engine, 0), seed);
    search.run(iterations);
    search
}

#[cfg(test)]
mod tests {
    use super::*;
    use swr_engine::{Game, GameOptions};

    #[test]
    fn the_rebel_guesses_what_the_empire_knows_from_what_it_can_see() {
        use swr_engine::Side::{Empire, Rebel};
        assert_eq!(rebel_guess(Rebel, 0b0110), 0b0110);
        assert_eq!(rebel_guess(Empire, 0b1010), crate::knowledge::ALL_SYSTEMS);
    }

    #[test]
    fn normal_plays_legal_actions_from_its_view_and_repeats_itself() {
        let mut game = Game::new(4, GameOptions::default());
        let mut searched = 0;
        for n in 0..700u64 {
            let Some(side) = game.state().active_player() else {
                break;
            };
            let view = game.view(side);
            let action = if side == swr_engine::Side::Empire && view.legal.len() > 1 && n % 5 == 0 {
                searched += 1;
                let engine = game.state().engine_view(side);
                let a = choose(Level::Normal, &view, &engine, n);
                assert_eq!(
                    a,
                    choose(Level::Normal, &view, &engine, n),
                    "the same seed, the same choice"
                );
                a
            } else {
                RuleBot::new(n).choose(&view)
            };
            assert!(view.legal.contains(&action));
            game.apply(side, action).unwrap();
        }
        assert!(searched > 20, "{searched} searched decisions");
    }

    #[test]
    fn the_playouts_stop_at_the_end_of_the_round_or_of_the_next() {
        use ismcts::Searchable;
        let mut game = Game::new(9, GameOptions::default());
        let mut n = 0;
        let view = loop {
            let side = game.state().active_player().expect("a game in progress");
            let view = game.view(side);
            if searches(view.phase) && view.legal.len() > 1 {
                break view;
            }
            game.apply(side, RuleBot::new(n).choose(&view)).unwrap();
            n += 1;
        };
        let engine = game.state().engine_view(view.viewer);
        let mut rng = Rng::new(1);
        for (ahead, sample) in [0u8, 1]
            .into_iter()
            .flat_map(|a| (0..4).map(move |s| (a, s)))
        {
            let mut decision = decision(&view, &engine, ahead);
            let mut hunt = decision.sample(&mut rng);
            let mut rounds_ended = 0;
            let mut last_time = hunt.state.time();
            while !decision.finished(&hunt) {
                let actor = decision.actor(&hunt);
                let mut legal = Vec::new();
                decision.legal(&hunt, actor, &mut legal);
                let action = decision.playout_action(&hunt, actor, &legal, &mut rng);
                decision.apply(&mut hunt, actor, action);
                if hunt.state.time() > last_time {
                    rounds_ended += 1;
                    last_time = hunt.state.time();
                }
            }
            // Early in a game: no playout ends it within two rounds.
            assert!(!hunt.state.is_over(), "sample {sample}");
            assert_eq!(
                rounds_ended,
                ahead + 1,
                "rounds ahead {ahead}, sample {sample}"
            );
        }
    }
}
