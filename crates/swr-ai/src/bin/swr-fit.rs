//! Fits the weights of the search's evaluation (`swr_ai::search::evaluate`): seeded games
//! between the rule-based players, the board's facts read at the start of every round and every
//! 40 actions, each labelled with who won that game; a logistic regression (Newton's method,
//! a little L2) on the games of even seeds, checked on the odd ones. Prints the weights as
//! Rust, and the log-loss and accuracy against always guessing the base rate.
//!
//! `cargo run --release -p swr-ai --bin swr-fit -- [games]` (2,000 by default)

use swr_ai::search::evaluate::{chance_with, features, FEATURES};
use swr_ai::search::Hunt;
use swr_ai::{play_game_recorded, BaseTracker, RuleBot, ACTION_CAP};
use swr_engine::{GameOptions, GameState, Side};

type Row = ([f64; FEATURES], f64);

fn rows_of(seed: u64) -> Vec<Row> {
    let mut empire = RuleBot::new(seed * 2 + 1);
    let mut rebel = RuleBot::new(seed * 2 + 2);
    let (record, game) = play_game_recorded(seed, &mut empire, &mut rebel, ACTION_CAP);
    let Some(winner) = record.winner else {
        return Vec::new();
    };
    let label = if winner == Side::Empire { 1.0 } else { 0.0 };
    // Replayed with what the Empire learns of the base, as a search's playout keeps it.
    let mut empire = BaseTracker::default();
    let state = GameState::new(seed, GameOptions::default(), &mut empire);
    let mut hunt = Hunt::new(state, empire);
    let mut rows = Vec::new();
    let mut time = hunt.state.time();
    for (i, &(side, action)) in game.history().iter().enumerate() {
        if hunt.state.time() != time || i % 40 == 39 {
            time = hunt.state.time();
            rows.push((features(&hunt.state, hunt.empire_candidates()), label));
        }
        hunt.apply(side, action);
    }
    rows
}

fn log_loss(w: &[f64; FEATURES], rows: &[Row]) -> (f64, f64) {
    let (mut loss, mut right) = (0.0, 0.0);
    for (x, y) in rows {
        let p = chance_with(w, x).clamp(1e-9, 1.0 - 1e-9);
        loss -= y * p.ln() + (1.0 - y) * (1.0 - p).ln();
        if (p > 0.5) == (*y > 0.5) {
            right += 1.0;
        }
    }
    (loss / rows.len() as f64, right / rows.len() as f64)
}

/// Solves `a x = b` by Gaussian elimination with partial pivoting.
fn solve(mut a: [[f64; FEATURES]; FEATURES], mut b: [f64; FEATURES]) -> [f64; FEATURES] {
    for col in 0..FEATURES {
        let pivot = (col..FEATURES)
            .max_by(|&i, &j| a[i][col].abs().total_cmp(&a[j][col].abs()))
            .unwrap_or(col);
        a.swap(col, pivot);
        b.swap(col, pivot);
        for row in col + 1..FEATURES {
            let f = a[row][col] / a[col][col];
            let pivot_row = a[col];
            for (x, p) in a[row][col..].iter_mut().zip(&pivot_row[col..]) {
                *x -= f * p;
            }
            b[row] -= f * b[col];
        }
    }
    let mut x = [0.0; FEATURES];
    for row in (0..FEATURES).rev() {
        let s: f64 = (row + 1..FEATURES).map(|k| a[row][k] * x[k]).sum();
        x[row] = (b[row] - s) / a[row][row];
    }
    x
}

fn fit(rows: &[Row]) -> [f64; FEATURES] {
    const L2: f64 = 1.0;
    let mut w = [0.0; FEATURES];
    for _ in 0..25 {
        let mut g = [0.0; FEATURES];
        let mut h = [[0.0; FEATURES]; FEATURES];
        for (x, y) in rows {
            let p = chance_with(&w, x);
            let s = p * (1.0 - p);
            for i in 0..FEATURES {
                g[i] += (p - y) * x[i];
                for j in 0..FEATURES {
                    h[i][j] += s * x[i] * x[j];
                }
            }
        }
        for i in 0..FEATURES {
            g[i] += L2 * w[i];
            h[i][i] += L2;
        }
        let step = solve(h, g);
        for i in 0..FEATURES {
            w[i] -= step[i];
        }
    }
    w
}

fn main() {
    let games: u64 = std::env::args()
        .nth(1)
        .and_then(|a| a.parse().ok())
        .unwrap_or(2000);
    let (mut train, mut test) = (Vec::new(), Vec::new());
    for seed in 0..games {
        let rows = rows_of(seed);
        if seed % 2 == 0 {
            train.extend(rows);
        } else {
            test.extend(rows);
        }
    }
    let w = fit(&train);
    let rate = train.iter().map(|(_, y)| y).sum::<f64>() / train.len() as f64;
    let base = {
        let b = (rate / (1.0 - rate)).ln();
        let mut w0 = [0.0; FEATURES];
        w0[0] = b;
        w0
    };
    let (train_loss, train_acc) = log_loss(&w, &train);
    let (test_loss, test_acc) = log_loss(&w, &test);
    let (base_loss, base_acc) = log_loss(&base, &test);
    println!(
        "{games} games between the rule-based players; {} positions to fit, {} to check; the \
         Empire won {:.1}% of the fitted ones",
        train.len(),
        test.len(),
        rate * 100.0
    );
    println!(
        "log-loss {train_loss:.3} fitted / {test_loss:.3} checked (the base rate alone: \
         {base_loss:.3}); right side favoured {:.1}% / {:.1}% (base rate {:.1}%)",
        train_acc * 100.0,
        test_acc * 100.0,
        base_acc * 100.0
    );
    let list: Vec<String> = w.iter().map(|v| format!("{v:.3}")).collect();
    println!(
        "pub const WEIGHTS: [f64; FEATURES] = [{}];",
        list.join(", ")
    );
}
