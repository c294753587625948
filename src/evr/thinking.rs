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
/// Iterations a slice may run however fast the machine: the page gets the main thread back
/// after this many even where the clock says there is time left. A bound the browser tests can
/// check on any machine, busy or not (a bound in milliseconds cannot be).
pub const MOST_IN_A_SLICE: u32 = 4096;

/// How long a finished search took, wall clock, slices and pauses included.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct SearchTime {
    pub millis: f64,
    pub iterations: u32,
    /// The longest the search held the main thread at once.
    pub longest_slice: f64,
    /// The most iterations run in one slice (at most [`MOST_IN_A_SLICE`]).
    pub most_in_a_slice: u32,
    /// How many times the search gave the main thread back to the page and resumed.
    pub slices: u32,
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
    let started = now();
    let time = SearchTime {
        millis: 0.0,
        iterations: 0,
        longest_slice: 0.0,
        most_in_a_slice: 0,
        slices: 0,
        busy: 0.0,
    };
    slice(search, budget, started, time, Box::new(done));
}

type Done = Box<dyn FnOnce(Search, SearchTime)>;

/// One slice; `so_far` holds the slices before it.
fn slice(mut search: Search, budget: Budget, started: f64, so_far: SearchTime, done: Done) {
    let slice_start = now();
    let first = search.iterations();
    while !search.spent(&budget)
        && now() - slice_start < SLICE_MS
        && search.iterations() - first < MOST_IN_A_SLICE
    {
        search.run_some_within(
            &budget,
            STEP.min(MOST_IN_A_SLICE - (search.iterations() - first)),
        );
    }
    let length = now() - slice_start;
    let time = SearchTime {
        millis: now() - started,
        iterations: search.iterations(),
        longest_slice: so_far.longest_slice.max(length),
        most_in_a_slice: so_far.most_in_a_slice.max(search.iterations() - first),
        slices: so_far.slices + 1,
        busy: so_far.busy + length,
    };
    if search.spent(&budget) {
        done(search, time);
    } else {
        set_timeout(
            move || slice(search, budget, started, time, done),
            Duration::ZERO,
        );
    }
}
