//! Single-observer information-set MCTS (Cowling, Powley & Whitehouse 2012).
//!
//! Every iteration samples one state consistent with the searcher's view
//! ([`Sampler::sample`]), walks the tree with the actions legal in that sample (UCB1 with
//! availability counts, so an action that is only sometimes legal is judged by the times it
//! was), adds one node, finishes the round with [`playout_action`] and backs the result up.
//! The opponent's secret choices (characters, strategy cards, hidden placements) are not
//! branched on: in the tree they are chance, played by the playout policy, so the search never
//! assumes it can see them.
//!
//! The search runs in slices ([`Search::run`]) so a browser can yield between them; the
//! result depends only on the view, the seed and the number of iterations.

use crate::determinize::{Sampler, Unsamplable};
use crate::knowledge::Knowledge;
use crate::playout::{evaluate, finished, is_secret_choice, playout_action, Objective};
use evr_engine::cards::{CardId, Side};
use evr_engine::log::LogEvent;
use evr_engine::rng::Rng;
use evr_engine::{Action, EventId, GameState, NoLog, PlayerView};

/// Exploration constant of UCB1 for rewards in 0..1.
const EXPLORATION: f64 = 0.7;
/// A playout that runs this long is stopped (a safety net; rounds are far shorter).
const MAX_PLAYOUT_ACTIONS: usize = 2_000;

struct Node {
    player: Side,
    action: Action,
    children: Vec<u32>,
    visits: u32,
    /// Sum of rewards from `player`'s point of view.
    reward: f64,
    /// Iterations in which this node's action was legal when its parent was reached.
    available: u32,
}

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

/// What the search thinks of one of the viewer's legal actions.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Estimate {
    pub action: Action,
    /// Mean reward: the estimated chance to win (the game or the event).
    pub chance: f64,
    pub visits: u32,
}

pub struct Search {
    sampler: Sampler,
    me: Side,
    round: u16,
    event: Option<EventId>,
    objective: Objective,
    /// The viewer's legal actions, less those that only repeat a position (see
    /// [`pointless_repeats`]); the root is searched over these alone.
    root_actions: Vec<Action>,
    nodes: Vec<Node>,
    rng: Rng,
    iterations: u32,
    legal: Vec<Action>,
    path: Vec<u32>,
}

impl Search {
    /// A search from `view` (the searcher's own view, log included).
    pub fn new(view: &PlayerView, objective: Objective, seed: u64) -> Result<Search, Unsamplable> {
        let sampler = Sampler::new(view, &Knowledge::read(view))?;
        let root = Node {
            player: view.viewer.opponent(),
            action: Action::Pass,
            children: Vec::new(),
            visits: 0,
            reward: 0.0,
            available: 0,
        };
        let pointless = pointless_repeats(view);
        let mut root_actions = view.legal_actions.clone();
        if root_actions.iter().any(|a| !pointless.contains(a)) {
            root_actions.retain(|a| !pointless.contains(a));
        }
        Ok(Search {
            sampler,
            me: view.viewer,
            round: view.round,
            event: view.event,
            objective,
            root_actions,
            nodes: vec![root],
            rng: Rng::new(seed),
            iterations: 0,
            legal: Vec::with_capacity(32),
            path: Vec::with_capacity(64),
        })
    }

    pub fn iterations(&self) -> u32 {
        self.iterations
    }

    /// Runs `count` more iterations.
    pub fn run(&mut self, count: u32) {
        for _ in 0..count {
            self.iterate();
        }
    }

    fn iterate(&mut self) {
        self.iterations += 1;
        let mut state = self.sampler.sample(&mut self.rng);
        let mut node = 0u32;
        self.path.clear();
        self.path.push(0);
        let mut steps = 0;
        // Selection and expansion.
        while !finished(&state, self.round) && steps < MAX_PLAYOUT_ACTIONS {
            steps += 1;
            let actor = self.actor(&state);
            state.legal_actions_into(actor, &mut self.legal);
            if self.legal.len() == 1 || (actor != self.me && is_secret_choice(&state)) {
                let action = playout_action(&state, actor, &self.legal, &mut self.rng);
                state.apply_legal(actor, action, &mut NoLog);
                continue;
            }
            if self.path.len() == 1 && actor == self.me {
                let root = &self.root_actions;
                self.legal.retain(|a| root.contains(a));
            }
            match self.select(node, actor) {
                (child, true) => {
                    let action = self.nodes[child as usize].action;
                    state.apply_legal(actor, action, &mut NoLog);
                    self.path.push(child);
                    break;
                }
                (child, false) => {
                    let action = self.nodes[child as usize].action;
                    state.apply_legal(actor, action, &mut NoLog);
                    self.path.push(child);
                    node = child;
                }
            }
        }
        // Playout.
        while !finished(&state, self.round) && steps < MAX_PLAYOUT_ACTIONS {
            steps += 1;
            let actor = self.actor(&state);
            state.legal_actions_into(actor, &mut self.legal);
            let action = playout_action(&state, actor, &self.legal, &mut self.rng);
            state.apply_legal(actor, action, &mut NoLog);
        }
        // Backpropagation.
        let reward = evaluate(&state, self.me, self.objective, self.event);
        for &id in &self.path {
            let n = &mut self.nodes[id as usize];
            n.visits += 1;
            n.reward += if n.player == self.me {
                reward
            } else {
                1.0 - reward
            };
        }
    }

    /// Who acts in a sampled state: when both must (secret simultaneous choices), the
    /// searcher first.
    fn actor(&self, state: &GameState) -> Side {
        let active = state.active_players();
        if active.contains(self.me) {
            self.me
        } else {
            active.iter().next().unwrap_or(self.me)
        }
    }

    /// Picks the child of `node` to follow among `self.legal` for `actor`; the flag says it was
    /// just created.
    fn select(&mut self, node: u32, actor: Side) -> (u32, bool) {
        let mut untried: Option<Action> = None;
        let mut untried_count = 0;
        for &action in &self.legal {
            let existing = self.nodes[node as usize]
                .children
                .iter()
                .copied()
                .find(|&c| {
                    let n = &self.nodes[c as usize];
                    n.player == actor && n.action == action
                });
            match existing {
                Some(c) => self.nodes[c as usize].available += 1,
                None => {
                    // Reservoir sampling: a uniformly random untried action.
                    untried_count += 1;
                    if self.rng.below(untried_count) == 0 {
                        untried = Some(action);
                    }
                }
            }
        }
        if let Some(action) = untried {
            let id = self.nodes.len() as u32;
            self.nodes.push(Node {
                player: actor,
                action,
                children: Vec::new(),
                visits: 0,
                reward: 0.0,
                available: 1,
            });
            self.nodes[node as usize].children.push(id);
            return (id, true);
        }
        let mut best = (f64::NEG_INFINITY, 0u32);
        for &c in &self.nodes[node as usize].children {
            let n = &self.nodes[c as usize];
            if n.player != actor || !self.legal.contains(&n.action) {
                continue;
            }
            let visits = n.visits.max(1) as f64;
            let ucb = n.reward / visits
                + EXPLORATION * ((n.available.max(1) as f64).ln() / visits).sqrt();
            if ucb > best.0 {
                best = (ucb, c);
            }
        }
        (best.1, false)
    }

    /// The searcher's legal actions with their estimates, in the view's order (less the
    /// pointless repeats it does not consider). An action the search never tried has 0 visits
    /// and the chance 0.5.
    pub fn estimates(&self) -> Vec<Estimate> {
        self.root_actions
            .iter()
            .map(|&action| {
                let child = self.nodes[0].children.iter().find(|&&c| {
                    let n = &self.nodes[c as usize];
                    n.player == self.me && n.action == action
                });
                match child {
                    Some(&c) if self.nodes[c as usize].visits > 0 => {
                        let n = &self.nodes[c as usize];
                        Estimate {
                            action,
                            chance: n.reward / n.visits as f64,
                            visits: n.visits,
                        }
                    }
                    _ => Estimate {
                        action,
                        chance: 0.5,
                        visits: 0,
                    },
                }
            })
            .collect()
    }

    /// The action to play: the most visited, or with `temperature` > 0 one drawn with
    /// probability proportional to visits^(1/temperature) (a less careful player).
    pub fn choose(&self, temperature: f64, rng: &mut Rng) -> Action {
        let estimates = self.estimates();
        if temperature <= 0.0 {
            let mut best = estimates[0];
            for e in &estimates {
                if (e.visits, e.chance) > (best.visits, best.chance) {
                    best = *e;
                }
            }
            return best.action;
        }
        let weights: Vec<f64> = estimates
            .iter()
            .map(|e| (e.visits as f64 + 1.0).powf(1.0 / temperature))
            .collect();
        let total: f64 = weights.iter().sum();
        let mut pick = (rng.next_u64() >> 11) as f64 / (1u64 << 53) as f64 * total;
        for (e, w) in estimates.iter().zip(&weights) {
            if pick < *w {
                return e.action;
            }
            pick -= w;
        }
        estimates[estimates.len() - 1].action
    }
}
