//! The computer opponent that searches: Empire vs. Rebellion's side of the game-independent
//! information-set search (`ismcts`). It is handed a player's view (with that player's log),
//! exactly what a human in that seat sees, and samples everything hidden from it consistently
//! with that view.
//!
//! - [`Knowledge`]: what the log lets a player remember (cards put on top of a deck, the
//!   opponent's characters sent to the reserve, the order of the top events).
//! - [`Sampler`]: one full game state that fits the view and the knowledge.
//! - [`EvrDecision`]: one decision as `ismcts` searches it — samples, the round as the
//!   horizon, the playout policy, the score — and [`Search`], the search over it, run in slices;
//!   [`Search::estimates`] also gives the advice shown to a human (chance to win the event per
//!   legal action).
//! - [`IsmctsBot`] and [`Level`]: the opponent at Easy, Normal, Hard or Expert, each level's
//!   search run within its [`Budget`].

mod bot;
mod determinize;
mod knowledge;
mod level;
mod playout;

pub use bot::IsmctsBot;
pub use determinize::{Sampler, Unsamplable};
pub use knowledge::Knowledge;
pub use level::Level;
pub use playout::Objective;

use evr_engine::cards::{CardId, Side};
use evr_engine::log::LogEvent;
use evr_engine::rng::Rng;
use evr_engine::{Action, EventId, GameState, NoLog, PlayerView};
use playout::{evaluate, finished, is_secret_choice, playout_action};

/// What the search thinks of one of the viewer's legal actions.
pub type Estimate = ismcts::Estimate<Action>;
pub use ismcts::Budget;

/// Readying the same card a third time in a round only loops (Yoda gains the influence that
/// readies him again): such actions are not considered, so a struggle always ends.
fn pointless_repeats(view: &PlayerView) -> Vec<Action> {
    let mut readied: Vec<CardId> = Vec::new();
    for event in view.log.iter().rev() {
        match *event {
            LogEvent::RoundStarted { .. } => break,
            LogEvent::InfluenceSpent { side, card } if side == view.viewer => readied.push(card),
            _ => {}
        }
    }
    view.legal_actions
        .iter()
        .copied()
        .filter(|a| match a {
            Action::SpendInfluence(c) => readied.iter().filter(|r| *r == c).count() >= 2,
            _ => false,
        })
        .collect()
}

/// One decision of Empire vs. Rebellion as the search sees it: samples from the decider's view
/// and memory, the rest of the round as the horizon (the evaluation looks beyond it), the
/// opponent's secret choices played by the policy.
pub struct EvrDecision {
    sampler: Sampler,
    me: Side,
    round: u16,
    event: Option<EventId>,
    objective: Objective,
    /// The viewer's legal actions, less those that only repeat a position (see
    /// [`pointless_repeats`]).
    root_actions: Vec<Action>,
}

impl EvrDecision {
    pub fn new(view: &PlayerView, objective: Objective) -> Result<EvrDecision, Unsamplable> {
        Self::looking_ahead(view, objective, 0)
    }

    /// A decision searched to the end of the round `rounds` after this one.
    pub fn looking_ahead(
        view: &PlayerView,
        objective: Objective,
        rounds: u16,
    ) -> Result<EvrDecision, Unsamplable> {
        let sampler = Sampler::new(view, &Knowledge::read(view))?;
        let pointless = pointless_repeats(view);
        let mut root_actions = view.legal_actions.clone();
        if root_actions.iter().any(|a| !pointless.contains(a)) {
            root_actions.retain(|a| !pointless.contains(a));
        }
        Ok(EvrDecision {
            sampler,
            me: view.viewer,
            round: view.round + rounds,
            event: view.event,
            objective,
            root_actions,
        })
    }
}

impl ismcts::Searchable for EvrDecision {
    type State = GameState;
    type Action = Action;
    type Seat = Side;

    fn me(&self) -> Side {
        self.me
    }

    fn root_actions(&self) -> &[Action] {
        &self.root_actions
    }

    fn sample(&mut self, rng: &mut Rng) -> GameState {
        self.sampler.sample(rng)
    }

    fn finished(&self, state: &GameState) -> bool {
        finished(state, self.round)
    }

    /// When both must act (secret simultaneous choices), the searcher first.
    fn actor(&self, state: &GameState) -> Side {
        let active = state.active_players();
        if active.contains(self.me) {
            self.me
        } else {
            active.iter().next().unwrap_or(self.me)
        }
    }

    fn legal(&self, state: &GameState, seat: Side, out: &mut Vec<Action>) {
        state.legal_actions_into(seat, out);
    }

    fn apply(&self, state: &mut GameState, seat: Side, action: Action) {
        state.apply_legal(seat, action, &mut NoLog);
    }

    fn is_secret(&self, state: &GameState, _seat: Side) -> bool {
        is_secret_choice(state)
    }

    fn playout_action(
        &self,
        state: &GameState,
        seat: Side,
        legal: &[Action],
        rng: &mut Rng,
    ) -> Action {
        playout_action(state, seat, legal, rng)
    }

    fn reward(&self, state: &GameState, seat: Side) -> f64 {
        let mine = evaluate(state, self.me, self.objective, self.event);
        if seat == self.me {
            mine
        } else {
            1.0 - mine
        }
    }
}

/// The search of one Empire vs. Rebellion decision.
pub struct Search(ismcts::Search<EvrDecision>);

impl Search {
    /// A search from `view` (the searcher's own view, log included).
    pub fn new(view: &PlayerView, objective: Objective, seed: u64) -> Result<Search, Unsamplable> {
        Self::looking_ahead(view, objective, 0, seed)
    }

    /// A search to the end of the round `rounds` after this one.
    pub fn looking_ahead(
        view: &PlayerView,
        objective: Objective,
        rounds: u16,
        seed: u64,
    ) -> Result<Search, Unsamplable> {
        Ok(Search(ismcts::Search::new(
            EvrDecision::looking_ahead(view, objective, rounds)?,
            seed,
        )))
    }

    pub fn iterations(&self) -> u32 {
        self.0.iterations()
    }

    /// Runs `count` more iterations.
    pub fn run(&mut self, count: u32) {
        self.0.run(count)
    }

    /// Whether `budget` is spent.
    pub fn spent(&self, budget: &Budget) -> bool {
        self.0.spent(budget)
    }

    /// Runs until `budget` is spent.
    pub fn run_within(&mut self, budget: &Budget) {
        self.0.run_within(budget)
    }

    /// Runs at most `count` iterations of `budget` (a slice).
    pub fn run_some_within(&mut self, budget: &Budget, count: u32) {
        self.0.run_some_within(budget, count)
    }

    /// The searcher's legal actions with their estimates, in the view's order (less the
    /// pointless repeats it does not consider). An action the search never tried has 0 visits
    /// and the chance 0.5.
    pub fn estimates(&self) -> Vec<Estimate> {
        self.0.estimates()
    }

    /// The action to play: the most visited, or with `temperature` > 0 one drawn with
    /// probability proportional to visits^(1/temperature) (a less careful player).
    pub fn choose(&self, temperature: f64, rng: &mut Rng) -> Action {
        self.0.choose(temperature, rng)
    }
}
