//! Single-observer information-set Monte Carlo tree search (Cowling, Powley & Whitehouse
//! 2012), for any game: it names none. A game's AI side implements [`Searchable`] for one
//! decision of one player — how to sample a full state from what that player knows (their view
//! and log, nothing else), the legal actions, applying one, where the search stops and what the
//! end is worth to each seat, which choices are hidden from the decider, and a cheap playout
//! policy — and [`Search`] does the rest, in slices a browser can yield between.
//!
//! Any number of seats: a node's reward is its own seat's. Chance (dice, draws, shuffles) lives
//! in the game's state and its `apply`; a sampled state's future randomness is the sampler's
//! business (it must not be the real game's), and a seat's secret choices are played by the
//! policy, never branched on, so the search never assumes it can see them.

mod overrule;
mod paired;
mod search;

pub use game_kit::Rng;
pub use overrule::overrule;
pub use paired::{challenge, challenge_reporting, Challenge, Lead, Progress};
pub use search::{Budget, Estimate, Search, Searchable};
