//! Runs a search without freezing the page: a slice of iterations, then back to the browser's
//! event loop (a zero timeout), until the budget is spent. The result depends on the budget
//! only, never on how the slices fell.

use evr_ai::search::{Budget, Search};
use leptos::prelude::set_timeout;
use std::time::Duration;

/// Time a slice may take before the page gets the main thread back (about one frame).
const SLICE_MS: f64 = 12.0;
/// Iterations between two looks at the clock.
const STEP: u32 = 32;

/// How long a finished search took, wall clock, slices and pauses included.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct SearchTime {
    pub millis: f64,
    pub iterations: u32,
    /// The longest the search held the main thread at once.
    pub longest_slice: f64,
    /// Time spent searching, the pauses between slices left out.
    pub busy: f64,
}

/// Milliseconds from `performance.now()` (finer than `Date.now()`).
fn now() -> f64 {
    web_sys::window()
        .and_then(|w| w.performance())
        .map_or_else(js_sys::Date::now, |p| p.now())
}

/// Runs `search` for its `budget` in slices, then calls `done`.
pub fn run_in_slices(
    search: Search,
    budget: Budget,
    done: impl FnOnce(Search, SearchTime) + 'static,
) {
    slice(search, budget, now(), (0.0, 0.0), Box::new(done));
}

type Done = Box<dyn FnOnce(Search, SearchTime)>;

/// One slice; `spent` is (the longest slice, all slices) so far.
fn slice(mut search: Search, budget: Budget, started: f64, spent: (f64, f64), done: Done) {
    let slice_start = now();
    while !search.spent(&budget) && now() - slice_start < SLICE_MS {
        search.run_some_within(&budget, STEP);
    }
    let length = now() - slice_start;
    let spent = (spent.0.max(length), spent.1 + length);
    if search.spent(&budget) {
        let time = SearchTime {
            millis: now() - started,
            iterations: search.iterations(),
            longest_slice: spent.0,
            busy: spent.1,
        };
        done(search, time);
    } else {
        set_timeout(
            move || slice(search, budget, started, spent, done),
            Duration::ZERO,
        );
    }
}
