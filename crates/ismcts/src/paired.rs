//! Challenging a good default player on common samples: for a game whose searching level
//! keeps its rule-based choice unless something is clearly better (see [`overrule`]), each
//! challenger is played out on the **same** sampled states, with the same playout seeds, as
//! the default. What the decider cannot see (a hidden base, the other hands, the deck orders,
//! the dice) then weighs on both sides of each comparison alike, and the difference of the two
//! rewards varies far less than either reward: the same number of playouts tells much smaller
//! leads apart than separate estimates do.
//!
//! The playouts go in two parts:
//! 1. **Selection by successive halving**: every challenger (the root's other actions) is
//!    played on a few samples beside the default; the better half by mean lead goes on to
//!    more samples, until one is left.
//! 2. **Confirmation on fresh samples**: the one left and the default, on samples the selection
//!    never saw, so the best of many noisy leads (which always looks better than it is) is
//!    judged without that bias. It replaces the default only if its lead there stands more
//!    than [`CONFIDENCE`](crate::overrule::CONFIDENCE) standard errors above zero.
//!
//! The game's policy plays after the root action, for both seats, to the game's horizon, as
//! in [`Search`](crate::Search) with an `own_depth` of 1.
//!
//! [`overrule`]: crate::overrule

use crate::overrule::CONFIDENCE;
use crate::search::{play_out, Searchable};
use game_kit::Rng;

/// The share of the playouts kept for the confirmation, in parts of three.
const CONFIRM_THIRDS: u32 = 1;
/// The fewest confirmation samples that can overrule the default.
const MIN_CONFIRMATIONS: u32 = 8;

/// What the playouts said of one challenger against the default.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Lead<A> {
    pub action: A,
    /// The mean of (the challenger's reward − the default's) over the samples both played.
    pub mean: f64,
    /// Its standard error.
    pub error: f64,
    pub samples: u32,
}

/// The outcome of a challenge: the action to play, and the confirmation's figures when one
/// was run.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Challenge<A> {
    pub chosen: A,
    pub confirmed: Option<Lead<A>>,
}

/// How far a challenge has got, for someone waiting on it.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Progress<A> {
    /// Playouts run so far.
    pub done: u32,
    /// The playouts the challenge was given (the last sample may run a few past them).
    pub total: u32,
    /// The action it would play if it stopped now.
    pub leaning: A,
}

/// Running sums of the paired differences of one challenger.
#[derive(Clone, Copy, Default)]
struct Sums {
    n: u32,
    sum: f64,
    sum_sq: f64,
}

impl Sums {
    fn add(&mut self, d: f64) {
        self.n += 1;
        self.sum += d;
        self.sum_sq += d * d;
    }

    fn mean(&self) -> f64 {
        if self.n == 0 {
            f64::NEG_INFINITY
        } else {
            self.sum / self.n as f64
        }
    }

    fn lead<A>(&self, action: A) -> Lead<A> {
        let n = self.n.max(1) as f64;
        let mean = self.sum / n;
        let variance = (self.sum_sq / n - mean * mean).max(0.0);
        // The sample variance's correction (n − 1), so two samples that agree by chance do not
        // claim no spread at all.
        let corrected = if self.n > 1 {
            variance * n / (n - 1.0)
        } else {
            0.25
        };
        Lead {
            action,
            mean: if self.n == 0 { 0.0 } else { mean },
            error: (corrected / n).sqrt(),
            samples: self.n,
        }
    }
}

/// Plays `action` for the decider in `state`, then the policy for everyone to the horizon:
/// the decider's reward, or `None` if `action` is not legal there.
fn rollout<G: Searchable>(
    game: &G,
    mut state: G::State,
    action: G::Action,
    seed: u64,
    legal: &mut Vec<G::Action>,
) -> Option<f64> {
    let me = game.me();
    if game.finished(&state) || game.actor(&state) != me {
        return None;
    }
    game.legal(&state, me, legal);
    if !legal.contains(&action) {
        return None;
    }
    game.apply(&mut state, me, action);
    play_out(game, &mut state, 0, legal, &mut Rng::new(seed));
    Some(game.reward(&state, me))
}

/// One sample: the default and each of `challengers` played from the same state with the same
/// playout seed; each challenger's difference is added to its sums. Returns the playouts run;
/// `played` hears of each as it ends.
fn compare_on_one_sample<G: Searchable>(
    game: &mut G,
    default: G::Action,
    challengers: &[(G::Action, usize)],
    sums: &mut [Sums],
    rng: &mut Rng,
    legal: &mut Vec<G::Action>,
    played: &mut dyn FnMut(),
) -> u32
where
    G::State: Clone,
{
    let state = game.sample(rng);
    let seed = rng.next_u64();
    let base = rollout(game, state.clone(), default, seed, legal);
    played();
    let Some(base) = base else {
        return 1;
    };
    for &(action, slot) in challengers {
        let reward = rollout(game, state.clone(), action, seed, legal);
        played();
        if let Some(reward) = reward {
            sums[slot].add(reward - base);
        }
    }
    1 + challengers.len() as u32
}

/// The selection's best challenger so far if it leads the default, else the default.
fn leading<A: Copy>(default: A, alive: &[(A, usize)], sums: &[Sums]) -> A {
    alive
        .iter()
        .map(|&(action, slot)| (action, sums[slot].mean()))
        .filter(|&(_, mean)| mean > 0.0)
        .max_by(|a, b| a.1.total_cmp(&b.1))
        .map_or(default, |(action, _)| action)
}

/// Whether the confirmation's lead is clear enough to overrule the default.
fn confirmed<A>(lead: &Lead<A>) -> bool {
    lead.samples >= MIN_CONFIRMATIONS && lead.mean > CONFIDENCE * lead.error
}

/// Whether some root action is clearly better than `default` over about `playouts` playouts:
/// the action to play (the default unless one is), seeded, deterministic.
pub fn challenge<G: Searchable>(
    game: &mut G,
    default: G::Action,
    playouts: u32,
    seed: u64,
) -> Challenge<G::Action>
where
    G::State: Clone,
{
    challenge_reporting(game, default, playouts, seed, |_| {})
}

/// [`challenge`], telling `report` after every playout how far it has got. The reports change
/// nothing: the outcome is the same as without them.
pub fn challenge_reporting<G: Searchable>(
    game: &mut G,
    default: G::Action,
    playouts: u32,
    seed: u64,
    mut report: impl FnMut(Progress<G::Action>),
) -> Challenge<G::Action>
where
    G::State: Clone,
{
    let mut rng = Rng::new(seed);
    let mut legal = Vec::with_capacity(32);
    let actions: Vec<G::Action> = game.root_actions().to_vec();
    let mut alive: Vec<(G::Action, usize)> = actions
        .iter()
        .enumerate()
        .filter(|(_, &a)| a != default)
        .map(|(i, &a)| (a, i))
        .collect();
    let keep_default = Challenge {
        chosen: default,
        confirmed: None,
    };
    if alive.is_empty() || !actions.contains(&default) {
        return keep_default;
    }
    let confirm_budget = if alive.len() == 1 {
        playouts
    } else {
        playouts * CONFIRM_THIRDS / 3
    };
    let select_budget = playouts - confirm_budget;

    // Selection: rounds of equal budget, halving the challengers after each.
    let mut sums = vec![Sums::default(); actions.len()];
    let rounds = (usize::BITS - (alive.len() - 1).leading_zeros()).max(1);
    let round_budget = select_budget / rounds;
    let mut progress = Progress {
        done: 0,
        total: playouts,
        leaning: default,
    };
    let mut played = |progress: &mut Progress<G::Action>| {
        progress.done += 1;
        report(*progress);
    };
    while alive.len() > 1 {
        let mut spent = 0;
        loop {
            spent += compare_on_one_sample(
                game,
                default,
                &alive,
                &mut sums,
                &mut rng,
                &mut legal,
                &mut || played(&mut progress),
            );
            progress.leaning = leading(default, &alive, &sums);
            if spent + alive.len() as u32 + 1 > round_budget {
                break;
            }
        }
        alive.sort_by(|a, b| sums[b.1].mean().total_cmp(&sums[a.1].mean()));
        alive.truncate(alive.len().div_ceil(2));
    }

    // Confirmation: fresh samples, the survivor against the default alone.
    let survivor = alive[0];
    let mut fresh = vec![Sums::default(); actions.len()];
    let mut spent = 0;
    progress.leaning = default;
    while spent + 2 <= confirm_budget {
        spent += compare_on_one_sample(
            game,
            default,
            &[survivor],
            &mut fresh,
            &mut rng,
            &mut legal,
            &mut || played(&mut progress),
        );
        progress.leaning = if confirmed(&fresh[survivor.1].lead(survivor.0)) {
            survivor.0
        } else {
            default
        };
    }
    let lead = fresh[survivor.1].lead(survivor.0);
    let chosen = if confirmed(&lead) {
        survivor.0
    } else {
        default
    };
    Challenge {
        chosen,
        confirmed: Some(lead),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A one-decision game: the decider picks an action; the reward is a hidden coin (shared
    /// by every action on a sample) plus the action's own worth, so only pairing tells small
    /// differences of worth apart through the coin's noise.
    struct Coin {
        worth: Vec<f64>,
        actions: Vec<usize>,
        /// Playouts run (each applies one root action).
        applied: std::cell::Cell<u32>,
    }

    #[derive(Clone)]
    struct CoinState {
        coin: f64,
        chosen: Option<usize>,
    }

    impl Searchable for Coin {
        type State = CoinState;
        type Action = usize;
        type Seat = u8;
        fn me(&self) -> u8 {
            0
        }
        fn root_actions(&self) -> &[usize] {
            &self.actions
        }
        fn sample(&mut self, rng: &mut Rng) -> CoinState {
            CoinState {
                coin: if rng.below(2) == 0 { 0.0 } else { 0.8 },
                chosen: None,
            }
        }
        fn finished(&self, s: &CoinState) -> bool {
            s.chosen.is_some()
        }
        fn actor(&self, _: &CoinState) -> u8 {
            0
        }
        fn legal(&self, _: &CoinState, _: u8, out: &mut Vec<usize>) {
            out.clear();
            out.extend(&self.actions);
        }
        fn apply(&self, s: &mut CoinState, _: u8, a: usize) {
            self.applied.set(self.applied.get() + 1);
            s.chosen = Some(a);
        }
        fn is_secret(&self, _: &CoinState, _: u8) -> bool {
            false
        }
        fn playout_action(&self, _: &CoinState, _: u8, legal: &[usize], _: &mut Rng) -> usize {
            legal[0]
        }
        fn reward(&self, s: &CoinState, _: u8) -> f64 {
            s.coin + self.worth[s.chosen.unwrap()]
        }
    }

    fn coin(worth: &[f64]) -> Coin {
        Coin {
            worth: worth.to_vec(),
            actions: (0..worth.len()).collect(),
            applied: std::cell::Cell::new(0),
        }
    }

    #[test]
    fn a_small_clear_lead_overrules_through_noise_the_sample_shares() {
        // Worth 0.02 more than the default, under a coin of ±0.4: unpaired, 100 playouts
        // could never tell; paired, the difference is exact.
        let mut game = coin(&[0.10, 0.05, 0.12, 0.08]);
        let outcome = challenge(&mut game, 0, 100, 7);
        assert_eq!(outcome.chosen, 2);
        let lead = outcome.confirmed.unwrap();
        assert!((lead.mean - 0.02).abs() < 1e-9, "{lead:?}");
    }

    #[test]
    fn the_default_stands_when_nothing_is_better() {
        let mut game = coin(&[0.10, 0.05, 0.10, 0.08]);
        assert_eq!(challenge(&mut game, 0, 100, 7).chosen, 0);
        let mut alone = coin(&[0.10]);
        assert_eq!(
            challenge(&mut alone, 0, 100, 7),
            Challenge {
                chosen: 0,
                confirmed: None
            }
        );
    }

    #[test]
    fn the_same_seed_gives_the_same_choice_and_the_budget_is_kept() {
        let worth: Vec<f64> = (0..20).map(|i| (i % 7) as f64 * 0.01).collect();
        let mut a = coin(&worth);
        let mut b = coin(&worth);
        assert_eq!(challenge(&mut a, 3, 300, 11), challenge(&mut b, 3, 300, 11));
        let played = a.applied.get();
        assert!((250..=300).contains(&played), "{played} playouts of 300");
    }

    #[test]
    fn reports_count_every_playout_and_change_nothing() {
        let worth: Vec<f64> = (0..20).map(|i| (i % 7) as f64 * 0.01).collect();
        let mut quiet = coin(&worth);
        let mut watched = coin(&worth);
        let mut reports = Vec::new();
        let outcome = challenge_reporting(&mut watched, 3, 300, 11, |p| reports.push(p));
        assert_eq!(outcome, challenge(&mut quiet, 3, 300, 11));
        assert_eq!(reports.len() as u32, watched.applied.get());
        for (n, p) in reports.iter().enumerate() {
            assert_eq!((p.done, p.total), (n as u32 + 1, 300));
            assert!(worth.len() > p.leaning);
        }
        assert_eq!(reports.last().unwrap().leaning, outcome.chosen);
    }
}
