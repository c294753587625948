//! What a position is worth to each seat when the search stops at its horizon.
//!
//! Each seat's **expected final points**: the rule-based player's standing (points so far,
//! the planet and Senate majorities it holds now counted for every scoring still to come,
//! later ones discounted, its missions and its trade income as the Economy points to come;
//! `rule_bot::Table::standing`), plus a little for what will still move the board: workers in
//! hand and coins while technologies can be bought. The reward of a seat is a logistic function
//! of its margin over the best other seat, so it reads as a chance to come first.

use egr_engine::data::MAX_SEATS;
use egr_engine::PlayerView;

/// Points per worker in hand (it will land somewhere before the next scoring).
const HAND_WORKER: f64 = 1.5;
/// Points per coin before the last turn.
const COIN: f64 = 0.3;
/// The margin, in points, that turns an even chance into about 73% (one unit of the logistic).
pub const SCALE: f64 = 4.0;

/// Each seat's expected final points in `view` (any seat's view: all of it is public).
pub fn expected_points(view: &PlayerView) -> [f64; MAX_SEATS] {
    let mut points = crate::rule_bot::standing(view);
    for s in &view.seats {
        let i = s.seat.index();
        let hand: u8 = s.hand.iter().sum();
        points[i] += HAND_WORKER * hand as f64;
        if view.turn < 8 {
            points[i] += COIN * s.coins as f64;
        }
    }
    points
}

/// What `view`'s position is worth to `seat`, 0 to 1: its share of the win once the game is
/// over, else the logistic of its expected margin over the best other seat.
pub fn reward(view: &PlayerView, seat: egr_engine::Seat) -> f64 {
    if !view.winners.is_empty() {
        return if view.winners.contains(&seat) {
            1.0 / view.winners.len() as f64
        } else {
            0.0
        };
    }
    let points = expected_points(view);
    let n = view.players as usize;
    let best_other = (0..n)
        .filter(|&i| i != seat.index())
        .map(|i| points[i])
        .fold(f64::NEG_INFINITY, f64::max);
    let margin = points[seat.index()] - best_other;
    1.0 / (1.0 + (-margin / SCALE).exp())
}

/// Points per unit of [`final_margin`].
pub const MARGIN_SCALE: f64 = 100.0;

/// What the end of a game is worth to `seat` when only comparisons count (Hard's two-player
/// challenge, which plays to the end): 0.5 plus its final margin over the best other seat in
/// hundreds of points (10 points ahead: 0.6). Not bounded to 0..1; a challenge reads only the
/// differences of two ends. The margin, not the win alone: a win or a loss says one bit per
/// playout, while the margin also tells a close game from a rout, so far fewer playouts
/// separate two options. Before the game is over it is the margin in expected points.
pub fn final_margin(view: &PlayerView, seat: egr_engine::Seat) -> f64 {
    let points: [f64; MAX_SEATS] = if view.winners.is_empty() {
        expected_points(view)
    } else {
        let mut points = [0.0; MAX_SEATS];
        for s in &view.seats {
            points[s.seat.index()] = s.score.total() as f64;
        }
        points
    };
    let best_other = (0..view.players as usize)
        .filter(|&i| i != seat.index())
        .map(|i| points[i])
        .fold(f64::NEG_INFINITY, f64::max);
    0.5 + (points[seat.index()] - best_other) / MARGIN_SCALE
}
