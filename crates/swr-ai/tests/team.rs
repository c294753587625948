//! The computer at any seat of the team game (3 and 4 players), asked exactly as the app's
//! worker is asked (`protocol`: the game's compact save and the side; the worker decides from
//! that side's view, whose legal actions are the deciding seat's): whole games with the
//! rule-based computer in every seat, and the searching levels answering mid-game.

use std::time::Instant;
use swr_ai::protocol::{answer, read_reply, request, Job};
use swr_ai::search::Level;
use swr_engine::{Game, GameOptions, Seat};

/// The computer's answer for the seat deciding now, checked legal; applied.
fn computer_plays(game: &mut Game, level: Level, tag: u32) -> Seat {
    let side = game.state().active_player().expect("someone decides");
    let seat = game.state().decider().expect("a seat decides");
    let reply = answer(&request(tag, Job::Move, side, level, game));
    let (got, indices) = read_reply(&reply).unwrap_or_else(|e| panic!("{reply}: {e}"));
    assert_eq!(got, tag);
    let view = game.view(side);
    assert_eq!(view.team.and_then(|t| t.decider), Some(seat));
    let action = view.legal[indices[0]];
    game.apply(side, action)
        .unwrap_or_else(|e| panic!("{seat:?} answered {action:?}: {e}"));
    seat
}

#[test]
fn the_rule_based_computer_plays_every_seat_of_team_games_to_the_end() {
    let mut wins = [0u32; 2];
    for seed in 0..6u64 {
        for players in [3, 4] {
            let mut game = Game::new(seed, GameOptions::team(players));
            let mut seats = Vec::new();
            let mut n = 0u32;
            while game.state().active_player().is_some() {
                let seat = computer_plays(&mut game, Level::Steady, n);
                if !seats.contains(&seat) {
                    seats.push(seat);
                }
                n += 1;
                assert!(n < 20_000, "seed {seed}, {players} players: no end");
            }
            assert_eq!(seats.len(), 4, "seed {seed}: every seat decided");
            wins[game.state().winner().expect("a winner").index()] += 1;
        }
    }
    eprintln!("Steady in every seat, 12 team games: wins (Rebel, Empire) {wins:?}");
}

#[test]
fn the_searching_levels_answer_for_any_seat_of_a_team_game() {
    for (seed, players, level) in [(3, 4, Level::Hard), (4, 3, Level::Normal)] {
        let mut game = Game::new(seed, GameOptions::team(players));
        // Into the game by the rule-based computer, then the searching level decides.
        for n in 0..150 {
            computer_plays(&mut game, Level::Steady, n);
        }
        let mut times = Vec::new();
        let mut seats = Vec::new();
        for n in 0..40 {
            if game.state().active_player().is_none() {
                break;
            }
            let start = Instant::now();
            let seat = computer_plays(&mut game, level, 1_000 + n);
            times.push(start.elapsed().as_millis());
            if !seats.contains(&seat) {
                seats.push(seat);
            }
        }
        times.sort_unstable();
        assert!(
            seats.len() >= 2,
            "{level:?}: several seats decided ({seats:?})"
        );
        eprintln!(
            "{level:?}, {players} players, {} decisions by {} seats: median {} ms, slowest {} ms \
             (a test build beside other work: a sign, not a measure)",
            times.len(),
            seats.len(),
            times[times.len() / 2],
            times[times.len() - 1]
        );
    }
}
