//! Helpers for the scenario tests: a cleared board to build a position on, running one part of
//! the turn, answering questions, and scripted bag draws.

use crate::action::Action;
use crate::data::{Kind, Place, Planet, Seat, MAX_SEATS, SENTINELS};
use crate::log::{LogEntry, LogEvent};
use crate::options::GameOptions;
use crate::state::{GameState, Step};

/// A game of `players` just after set-up, then cleared: no pieces on planets, no Sentinels,
/// no Imperial Fleets, empty hands (everything back in the supplies), 10 UC each, turn order
/// 0, 1, 2…, the turn being turn 1 with nothing placed.
pub(crate) fn blank(players: u8) -> GameState {
    blank_with(GameOptions::new(players))
}

pub(crate) fn blank_with(options: GameOptions) -> GameState {
    let mut s = GameState::new(1, options, &mut crate::log::NoLog);
    s.stack.clear();
    for planet in s.planets.iter_mut() {
        for seat in 0..MAX_SEATS {
            for k in 0..6 {
                s.players[seat].supply[k] += planet.workers[seat][k];
                planet.workers[seat][k] = 0;
            }
        }
        planet.sentinels = 0;
        planet.imperial_fleet = false;
    }
    s.sentinel_supply = SENTINELS;
    s.spare_fleets = 5;
    for (i, p) in s.players.iter_mut().enumerate() {
        for k in 0..6 {
            p.supply[k] += p.hand[k];
            p.hand[k] = 0;
        }
        p.coins = 10;
        s.order[i] = Seat(i as u8);
    }
    s.coins_out = 10 * players_of(&s);
    s.turn = 1;
    s.step = Step::Placing { next: 0 };
    s
}

fn players_of(s: &GameState) -> u32 {
    s.options.players as u32
}

/// Puts `n` pieces of `seat` at `at`, from the supply.
pub(crate) fn put(s: &mut GameState, seat: u8, kind: Kind, at: Place, n: u8) {
    let seat = Seat(seat);
    s.players[seat.index()].supply[kind.index()] -= n;
    crate::rules::board::pieces_mut(s, seat, at)[kind.index()] += n;
}

pub(crate) fn on(s: &GameState, seat: u8, kind: Kind, p: Planet) -> u8 {
    s.planets[p.index()].workers[seat as usize][kind.index()]
}

pub(crate) fn sentinels(s: &mut GameState, p: Planet, n: u8) {
    let have = s.planets[p.index()].sentinels;
    s.sentinel_supply = s.sentinel_supply + have - n;
    s.planets[p.index()].sentinels = n;
}

/// Runs from `step` and stops before the next step of `until`'s kind (or at a question).
pub(crate) fn run_from(s: &mut GameState, step: Step, until: Step, log: &mut Vec<LogEntry>) {
    s.stack.clear();
    s.step = step;
    s.stop_before = Some(std::mem::discriminant(&until));
    s.run(log);
}

/// The active seat answers; panics if the answer is refused.
pub(crate) fn act(s: &mut GameState, action: Action, log: &mut Vec<LogEntry>) {
    let seat = s.active_player().expect("someone to act");
    if let Err(e) = s.apply(seat, action, log) {
        panic!(
            "{action:?} by seat {}: {e}; legal: {:?}",
            seat.0,
            s.legal_actions(seat)
        );
    }
}

pub(crate) fn legal(s: &GameState) -> Vec<Action> {
    match s.active_player() {
        Some(seat) => s.legal_actions(seat),
        None => Vec::new(),
    }
}

pub(crate) fn events(log: &[LogEntry]) -> Vec<LogEvent> {
    log.iter().map(|e| e.event.clone()).collect()
}

pub(crate) fn is_asking(s: &GameState, seat: u8) -> bool {
    s.active_player() == Some(Seat(seat))
}

pub(crate) const NOTHING: Step = Step::Over;

/// Runs the engine on with no step to go to: only the open questions and their forced answers.
pub(crate) fn settle(s: &mut GameState, log: &mut Vec<LogEntry>) {
    s.step = NOTHING;
    s.stop_before = Some(std::mem::discriminant(&NOTHING));
    s.run(log);
}

/// Plays an Imperial Action card for `seat` and runs on to its first real question.
pub(crate) fn play_card(
    s: &mut GameState,
    seat: u8,
    card: crate::data::imperial::ImperialCard,
    log: &mut Vec<LogEntry>,
) {
    crate::rules::imperial::play(s, Seat(seat), card, log);
    settle(s, log);
}
