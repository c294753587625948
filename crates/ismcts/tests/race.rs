//! The search on a toy game of its own, three seats and chance: seats in turn add 1 or 2 to a
//! shared total, then a die may add 1 more; whoever brings the total to 10 or more with their
//! own move wins. It is the game-independent search on a game that is neither of the app's.

use ismcts::{Budget, Rng, Search, Searchable};

#[derive(Clone)]
struct Race {
    total: u8,
    to_move: u8,
    winner: Option<u8>,
    rng: Rng,
}

const SEATS: u8 = 3;

struct Decision {
    known: Race,
    actions: Vec<u8>,
}

impl Searchable for Decision {
    type State = Race;
    type Action = u8;
    type Seat = u8;

    fn me(&self) -> u8 {
        self.known.to_move
    }

    fn root_actions(&self) -> &[u8] {
        &self.actions
    }

    /// The die's future is unknown: each sample rolls its own.
    fn sample(&mut self, rng: &mut Rng) -> Race {
        Race {
            rng: Rng::new(rng.next_u64()),
            ..self.known.clone()
        }
    }

    fn finished(&self, state: &Race) -> bool {
        state.winner.is_some()
    }

    fn actor(&self, state: &Race) -> u8 {
        state.to_move
    }

    fn legal(&self, _: &Race, _: u8, out: &mut Vec<u8>) {
        out.clear();
        out.extend([1, 2]);
    }

    fn apply(&self, state: &mut Race, seat: u8, action: u8) {
        state.total += action;
        if state.total >= 10 {
            state.winner = Some(seat);
            return;
        }
        if state.rng.below(6) == 0 {
            state.total = (state.total + 1).min(9);
        }
        state.to_move = (seat + 1) % SEATS;
    }

    fn is_secret(&self, _: &Race, _: u8) -> bool {
        false
    }

    fn playout_action(&self, _: &Race, _: u8, legal: &[u8], rng: &mut Rng) -> u8 {
        legal[rng.below(legal.len())]
    }

    fn reward(&self, state: &Race, seat: u8) -> f64 {
        if state.winner == Some(seat) {
            1.0
        } else {
            0.0
        }
    }
}

fn decision(total: u8, to_move: u8) -> Decision {
    Decision {
        known: Race {
            total,
            to_move,
            winner: None,
            rng: Rng::new(0),
        },
        actions: vec![1, 2],
    }
}

#[test]
fn it_takes_the_winning_move_for_any_of_three_seats() {
    for seat in 0..SEATS {
        let mut search = Search::new(decision(8, seat), 7);
        search.run(500);
        assert_eq!(search.choose(0.0, &mut Rng::new(1)), 2, "seat {seat}");
        let estimates = search.estimates();
        assert!(estimates[1].chance > 0.99, "{estimates:?}");
    }
}

#[test]
fn the_same_seed_and_budget_give_the_same_answer_however_sliced() {
    let mut whole = Search::new(decision(3, 1), 11);
    whole.run(600);
    let mut sliced = Search::new(decision(3, 1), 11);
    for _ in 0..6 {
        sliced.run(100);
    }
    assert_eq!(whole.estimates(), sliced.estimates());
    assert_eq!(whole.iterations(), 600);
    let visits: u32 = whole.estimates().iter().map(|e| e.visits).sum();
    assert_eq!(visits, 600);
    assert!(whole
        .estimates()
        .iter()
        .all(|e| (0.0..=1.0).contains(&e.chance)));
}

#[test]
fn a_seat_three_moves_from_the_end_is_judged_by_its_own_reward() {
    // From 7, adding 2 lets the next seat win at once with 1 (or 2); adding 1 leaves 8, from
    // which the next seat wins with 2. Either way the next seat should win: both look poor.
    let mut search = Search::new(decision(7, 0), 3);
    search.run(2000);
    assert!(search.estimates().iter().all(|e| e.chance < 0.5));
}

#[test]
fn stopping_once_settled_picks_what_the_whole_budget_picks_sooner() {
    let mut stopped_early = 0;
    for (seed, total) in (0..40u64).zip((0..9).cycle()) {
        let mut whole = Search::new(decision(total, (seed % 3) as u8), seed);
        whole.run(800);
        let budget = Budget {
            settles: true,
            ..Budget::iterations(800)
        };
        let mut settling = Search::new(decision(total, (seed % 3) as u8), seed);
        settling.run_within(&budget);
        // In slices, it stops where the whole run did.
        let mut sliced = Search::new(decision(total, (seed % 3) as u8), seed);
        while !sliced.spent(&budget) {
            sliced.run_some_within(&budget, 7);
        }
        assert_eq!(sliced.iterations(), settling.iterations());
        assert!(settling.iterations() <= 800);
        let pick = |s: &Search<Decision>| s.choose(0.0, &mut Rng::new(1));
        assert_eq!(pick(&settling), pick(&whole), "seed {seed}, total {total}");
        if settling.iterations() < 800 {
            stopped_early += 1;
        }
    }
    // From 8 the winning move is plain long before the budget ends.
    assert!(stopped_early >= 4, "{stopped_early} of 40 stopped early");
}
