//! A finished game stepped through move by move, forwards and backwards, from either seat,
//! with everything revealed (the engine's [`replay_view`]). Plain Rust, tested natively; the
//! replay page renders it.

use crate::evr::session::Mode;
use crate::evr::share::Opened;
use evr_engine::view::PlayerView;
use evr_engine::{hidden_cards, replay_view, Action, CardId, Game, LogEvent, Side};

#[derive(Clone, Debug, PartialEq)]
pub struct Replay {
    /// The whole game, as it ended.
    game: Game,
    pub mode: Option<Mode>,
    /// The position shown: the game after its first `at` actions.
    pub at: usize,
    pub seat: Side,
    /// Where each round starts: (round, the position just after it began).
    rounds: Vec<(u16, usize)>,
    /// The game at `at`.
    shown: Game,
}

impl Replay {
    pub fn new(opened: Opened) -> Replay {
        let game = opened.game;
        let mut rounds = Vec::new();
        let mut step = Game::new(game.seed(), game.options());
        for (i, &(side, action)) in game.history().iter().enumerate() {
            let before = step.state().round;
            let _ = step.apply(side, action);
            if step.state().round != before {
                rounds.push((step.state().round, i + 1));
            }
        }
        // The seat of the human who played (the Rebel's, between two players).
        let seat = match opened.mode {
            Some(Mode::VsComputer { human, .. }) => human,
            _ => Side::Rebel,
        };
        let mut replay = Replay {
            shown: game.clone(),
            game,
            mode: opened.mode,
            at: 0,
            seat,
            rounds,
        };
        replay.go_to(0);
        replay
    }

    /// How many actions the game has.
    pub fn len(&self) -> usize {
        self.game.history().len()
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Shows the game after its first `at` actions (clamped to the game).
    pub fn go_to(&mut self, at: usize) {
        self.at = at.min(self.len());
        self.shown = self.game.truncated(self.at);
    }

    pub fn forward(&mut self) {
        self.go_to(self.at + 1);
    }

    pub fn back(&mut self) {
        self.go_to(self.at.saturating_sub(1));
    }

    pub fn rounds(&self) -> &[(u16, usize)] {
        &self.rounds
    }

    /// The round of the position shown (0 before the first begins).
    pub fn round(&self) -> u16 {
        self.shown.state().round
    }

    /// The action that led to the position shown, and who took it.
    pub fn last_action(&self) -> Option<(Side, Action)> {
        self.at.checked_sub(1).map(|i| self.game.history()[i])
    }

    /// What the last action did, as the log tells it (empty at the start).
    pub fn last_events(&self) -> Vec<LogEvent> {
        let Some(before) = self.at.checked_sub(1) else {
            return Vec::new();
        };
        let earlier = replay_view(&self.game.truncated(before), self.seat)
            .log
            .len();
        let mut log = self.view().log;
        log.drain(..earlier.min(log.len()));
        log
    }

    /// The position shown, from the seat, with everything revealed.
    pub fn view(&self) -> PlayerView {
        replay_view(&self.shown, self.seat)
    }

    /// Each side's reserve and deck (top first) at the position shown.
    pub fn hidden(&self) -> [(Vec<CardId>, Vec<CardId>); 2] {
        hidden_cards(&self.shown)
    }

    /// The game's code, to share it again.
    pub fn code(&self) -> String {
        game_kit::share::encode(
            &self.game,
            self.mode.map_or(0, crate::evr::share::players_byte),
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use evr_engine::rng::Rng;
    use evr_engine::view::OpponentStrategy;
    use evr_engine::GameOptions;

    fn finished(seed: u64) -> Game {
        let mut game = Game::new(seed, GameOptions::default());
        let mut rng = Rng::new(seed);
        while let Some(side) = game.state().active_players().iter().next() {
            let legal = game.state().legal_actions(side);
            game.apply(side, legal[rng.below(legal.len())]).unwrap();
        }
        game
    }

    #[test]
    fn steps_through_the_game_both_ways_and_jumps_to_rounds() {
        let game = finished(11);
        let mut replay = Replay::new(Opened {
            game: game.clone(),
            mode: None,
        });
        assert_eq!(
            (replay.at, replay.seat, replay.round()),
            (0, Side::Rebel, 0)
        );
        replay.back();
        assert_eq!(replay.at, 0);
        for _ in 0..replay.len() + 3 {
            replay.forward();
        }
        assert_eq!(replay.at, game.history().len());
        assert_eq!(replay.view().stage, game.view(Side::Rebel).stage);
        replay.back();
        assert_eq!(
            replay.last_action(),
            game.history().get(replay.at - 1).copied()
        );
        // Every round is listed once, in order, where it begins.
        let rounds: Vec<u16> = replay.rounds().iter().map(|r| r.0).collect();
        assert_eq!(rounds, (1..=game.state().round).collect::<Vec<_>>());
        let (round, at) = replay.rounds()[1];
        replay.go_to(at);
        assert_eq!(replay.round(), round);
        assert!(replay
            .view()
            .log
            .iter()
            .any(|e| matches!(e, LogEvent::RoundStarted { round: r, .. } if *r == round)));
        assert_eq!(replay.code(), game_kit::share::encode(&game, 0));
    }

    #[test]
    fn everything_is_revealed_from_either_seat() {
        let game = finished(12);
        let mut replay = Replay::new(Opened { game, mode: None });
        for seat in Side::BOTH {
            replay.seat = seat;
            // Both secret character choices are in the log in full.
            replay.go_to(2);
            let chosen = replay
                .view()
                .log
                .iter()
                .filter(|e| {
                    matches!(
                        e,
                        LogEvent::CharactersChosen {
                            chosen: Some(_),
                            ..
                        }
                    )
                })
                .count();
            assert_eq!(chosen, 2, "{seat:?}");
            // In every struggle the other side's strategy card shows.
            for at in 0..=replay.len() {
                replay.go_to(at);
                let view = replay.view();
                assert!(view.legal_actions.is_empty() && view.decision.is_none());
                assert_ne!(view.opponent.strategy, OpponentStrategy::FaceDown);
            }
        }
        let [(rebel_reserve, rebel_deck), _] = replay.hidden();
        assert!(!rebel_reserve.is_empty() || !rebel_deck.is_empty());
        replay.go_to(1);
        assert!(!replay.last_events().is_empty());
    }
}
