//! The search: every iteration samples one state consistent with the decider's knowledge
//! ([`Searchable::sample`]), walks the tree with the actions legal in that sample (UCB1 with
//! availability counts, so an action that is only sometimes legal is judged by the times it
//! was), adds one node, finishes with the playout policy up to the game's horizon and backs
//! each seat's reward up. The result depends only on the game, the seed and the number of
//! iterations, however they are sliced.

use game_kit::Rng;

/// Exploration constant of UCB1 for rewards in 0..1.
const EXPLORATION: f64 = 0.7;
/// A playout that runs this long is stopped (a safety net for games whose horizon is far).
const MAX_PLAYOUT_ACTIONS: usize = 2_000;

/// One decision of one player, as the search needs it. Built by the game's AI side from that
/// player's view and log only.
pub trait Searchable {
    type State;
    type Action: Copy + PartialEq;
    type Seat: Copy + PartialEq;

    /// The deciding seat.
    fn me(&self) -> Self::Seat;
    /// The decider's actions searched at the root (its legal actions, or fewer).
    fn root_actions(&self) -> &[Self::Action];
    /// A full state that fits everything the decider knows, and nothing more: what is hidden
    /// from them drawn at random, the state's own future randomness too.
    fn sample(&mut self, rng: &mut Rng) -> Self::State;
    /// Whether the search stops here: the game is over, or its horizon reached.
    fn finished(&self, state: &Self::State) -> bool;
    /// Who acts now (when several must, the decider first).
    fn actor(&self, state: &Self::State) -> Self::Seat;
    fn legal(&self, state: &Self::State, seat: Self::Seat, out: &mut Vec<Self::Action>);
    fn apply(&self, state: &mut Self::State, seat: Self::Seat, action: Self::Action);
    /// Whether `seat`'s choice now is hidden from the decider (another seat's secret): such a
    /// choice is played by the policy, not branched on.
    fn is_secret(&self, state: &Self::State, seat: Self::Seat) -> bool;
    /// A quick, plausible action for the playouts.
    fn playout_action(
        &self,
        state: &Self::State,
        seat: Self::Seat,
        legal: &[Self::Action],
        rng: &mut Rng,
    ) -> Self::Action;
    /// What a finished state is worth to `seat`, from 0 to 1.
    fn reward(&self, state: &Self::State, seat: Self::Seat) -> f64;
    /// How many of the decider's own decisions an iteration branches on, the root's first;
    /// later ones are played by the policy. A game with hundreds of decisions a turn sets 1:
    /// the root's actions are then judged by the policy's play after them (a rollout
    /// improvement of the policy), not by a tree too thin to say anything.
    fn own_depth(&self) -> u32 {
        u32::MAX
    }
}

/// Plays the policy for every seat from `state` to the game's horizon (or the safety net,
/// counting the `steps` already taken).
pub(crate) fn play_out<G: Searchable>(
    game: &G,
    state: &mut G::State,
    mut steps: usize,
    legal: &mut Vec<G::Action>,
    rng: &mut Rng,
) {
    while !game.finished(state) && steps < MAX_PLAYOUT_ACTIONS {
        steps += 1;
        let actor = game.actor(state);
        game.legal(state, actor, legal);
        let action = game.playout_action(state, actor, legal, rng);
        game.apply(state, actor, action);
    }
}

/// How long a search runs: whichever of its limits comes first.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Budget {
    /// Iterations at most.
    pub iterations: u32,
    /// Stop once the most visited root action is [settled](Search::settled): the same pick at
    /// temperature 0 as the whole budget, sooner.
    pub settles: bool,
}

impl Budget {
    /// Exactly `iterations` iterations.
    pub fn iterations(iterations: u32) -> Budget {
        Budget {
            iterations,
            settles: false,
        }
    }
}

struct Node<A, S> {
    player: S,
    action: A,
    children: Vec<u32>,
    visits: u32,
    /// Sum of rewards from `player`'s point of view, and of their squares.
    reward: f64,
    reward_sq: f64,
    /// Iterations in which this node's action was legal when its parent was reached.
    available: u32,
}

/// Reservoir sampling over the untried actions met one at a time: a uniformly random one.
struct Untried<T> {
    pick: Option<T>,
    count: usize,
}

impl<T> Default for Untried<T> {
    fn default() -> Self {
        Untried {
            pick: None,
            count: 0,
        }
    }
}

impl<T> Untried<T> {
    fn offer(&mut self, item: T, rng: &mut Rng) {
        self.count += 1;
        if rng.below(self.count) == 0 {
            self.pick = Some(item);
        }
    }
}

impl<A, S> Node<A, S> {
    /// UCB1 with availability: the mean reward plus a bonus for being tried seldom among the
    /// times the action could have been.
    fn ucb(&self) -> f64 {
        let visits = self.visits.max(1) as f64;
        self.reward / visits + EXPLORATION * ((self.available.max(1) as f64).ln() / visits).sqrt()
    }
}

/// What the search thinks of one of the decider's actions.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Estimate<A> {
    pub action: A,
    /// Mean reward: the estimated chance to win (or whatever the game's reward measures).
    pub chance: f64,
    pub visits: u32,
    /// The standard error of `chance` (the rewards' spread over the square root of the
    /// visits; 0.5 when unvisited): how far it may be off.
    pub error: f64,
}

pub struct Search<G: Searchable> {
    game: G,
    nodes: Vec<Node<G::Action, G::Seat>>,
    rng: Rng,
    iterations: u32,
    /// The decider's child of the root for each root action, by its index in `root_actions`,
    /// and the root actions legal in this iteration's sample, as indices: the root may have
    /// dozens of options, and matching them by comparison costs their square. When a sample's
    /// legal actions are exactly the root's (the usual case) no comparison is made at all.
    root_children: Vec<Option<u32>>,
    root_legal: Vec<usize>,
    legal: Vec<G::Action>,
    path: Vec<u32>,
}

impl<G: Searchable> Search<G> {
    /// A search of `game`'s decision, seeded.
    pub fn new(game: G, seed: u64) -> Search<G> {
        // The root stands for the position before the decider's choice; its own seat and
        // action are never read.
        let root_action = game.root_actions()[0];
        let root_count = game.root_actions().len();
        let root = Node {
            player: game.me(),
            action: root_action,
            children: Vec::new(),
            visits: 0,
            reward: 0.0,
            reward_sq: 0.0,
            available: 0,
        };
        Search {
            game,
            nodes: vec![root],
            rng: Rng::new(seed),
            iterations: 0,
            root_children: vec![None; root_count],
            root_legal: Vec::new(),
            legal: Vec::with_capacity(32),
            path: Vec::with_capacity(64),
        }
    }

    pub fn game(&self) -> &G {
        &self.game
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

    /// Whether `budget` is spent.
    pub fn spent(&self, budget: &Budget) -> bool {
        self.iterations >= budget.iterations || (budget.settles && self.settled(budget.iterations))
    }

    /// Runs iterations until `budget` is spent.
    pub fn run_within(&mut self, budget: &Budget) {
        self.run_some_within(budget, u32::MAX);
    }

    /// Runs at most `count` iterations, fewer if `budget` is spent before (a slice of a search
    /// that yields in between: the slices end where one whole run would).
    pub fn run_some_within(&mut self, budget: &Budget, count: u32) {
        for _ in 0..count {
            if self.spent(budget) {
                break;
            }
            self.iterate();
        }
    }

    /// Whether the most visited root action keeps its place whatever the iterations left
    /// before `total` do: its lead in visits over every other is larger than what is left.
    /// The most visited action (a pick at temperature 0) is then already known, and running
    /// on would only refine the estimates.
    pub fn settled(&self, total: u32) -> bool {
        let left = total.saturating_sub(self.iterations);
        let (mut first, mut second) = (0u32, 0u32);
        for &c in &self.nodes[0].children {
            let n = &self.nodes[c as usize];
            if n.player != self.game.me() {
                continue;
            }
            if n.visits > first {
                second = first;
                first = n.visits;
            } else if n.visits > second {
                second = n.visits;
            }
        }
        left == 0 || first - second > left
    }

    fn iterate(&mut self) {
        self.iterations += 1;
        let mut state = self.game.sample(&mut self.rng);
        let me = self.game.me();
        let mut node = 0u32;
        self.path.clear();
        self.path.push(0);
        let mut steps = 0;
        let (own_depth, mut own_branched) = (self.game.own_depth(), 0u32);
        // Selection and expansion.
        while !self.game.finished(&state) && steps < MAX_PLAYOUT_ACTIONS {
            steps += 1;
            let actor = self.game.actor(&state);
            self.game.legal(&state, actor, &mut self.legal);
            let policy = if actor == me {
                own_branched >= own_depth
            } else {
                self.game.is_secret(&state, actor)
            };
            if self.legal.len() == 1 || policy {
                let action = self
                    .game
                    .playout_action(&state, actor, &self.legal, &mut self.rng);
                self.game.apply(&mut state, actor, action);
                continue;
            }
            if actor == me {
                own_branched += 1;
            }
            let (child, new) = if self.path.len() == 1 && actor == me {
                self.select_at_root()
            } else {
                self.select(node, actor)
            };
            let action = self.nodes[child as usize].action;
            self.game.apply(&mut state, actor, action);
            self.path.push(child);
            if new {
                break;
            }
            node = child;
        }
        play_out(
            &self.game,
            &mut state,
            steps,
            &mut self.legal,
            &mut self.rng,
        );
        // Backpropagation: each node gets its own seat's reward (read once per seat).
        let mut rewards: Vec<(G::Seat, f64)> = Vec::with_capacity(2);
        for &id in &self.path[1..] {
            let player = self.nodes[id as usize].player;
            let reward = match rewards.iter().find(|(s, _)| *s == player) {
                Some(&(_, r)) => r,
                None => {
                    let r = self.game.reward(&state, player);
                    rewards.push((player, r));
                    r
                }
            };
            let n = &mut self.nodes[id as usize];
            n.visits += 1;
            n.reward += reward;
            n.reward_sq += reward * reward;
        }
        self.nodes[0].visits += 1;
    }

    /// A new child of `parent`: `player` playing `action`, legal once so far.
    fn add_child(&mut self, parent: u32, player: G::Seat, action: G::Action) -> u32 {
        let id = self.nodes.len() as u32;
        self.nodes.push(Node {
            player,
            action,
            children: Vec::new(),
            visits: 0,
            reward: 0.0,
            reward_sq: 0.0,
            available: 1,
        });
        self.nodes[parent as usize].children.push(id);
        id
    }

    /// [`select`](Self::select) for the decider at the root, among the root actions legal in
    /// `self.legal`, with the same draws and the same pick, by index rather than comparison.
    fn select_at_root(&mut self) -> (u32, bool) {
        let root = self.game.root_actions();
        self.root_legal.clear();
        let all_legal = self.legal.as_slice() == root;
        if all_legal {
            self.root_legal.extend(0..root.len());
        } else {
            self.legal.retain(|a| root.contains(a));
            self.root_legal.extend(
                self.legal
                    .iter()
                    .filter_map(|a| root.iter().position(|r| r == a)),
            );
        }
        let mut untried = Untried::default();
        for &index in &self.root_legal {
            match self.root_children[index] {
                Some(c) => self.nodes[c as usize].available += 1,
                None => untried.offer(index, &mut self.rng),
            }
        }
        if let Some(index) = untried.pick {
            let id = self.add_child(0, self.game.me(), root[index]);
            self.root_children[index] = Some(id);
            return (id, true);
        }
        let me = self.game.me();
        let mut best = (f64::NEG_INFINITY, 0u32);
        for &c in &self.nodes[0].children {
            let n = &self.nodes[c as usize];
            if n.player != me || !(all_legal || self.legal.contains(&n.action)) {
                continue;
            }
            let ucb = n.ucb();
            if ucb > best.0 {
                best = (ucb, c);
            }
        }
        (best.1, false)
    }

    /// Picks the child of `node` to follow among `self.legal` for `actor`; the flag says it was
    /// just created.
    fn select(&mut self, node: u32, actor: G::Seat) -> (u32, bool) {
        let mut untried = Untried::default();
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
                None => untried.offer(action, &mut self.rng),
            }
        }
        if let Some(action) = untried.pick {
            return (self.add_child(node, actor, action), true);
        }
        let mut best = (f64::NEG_INFINITY, 0u32);
        for &c in &self.nodes[node as usize].children {
            let n = &self.nodes[c as usize];
            if n.player != actor || !self.legal.contains(&n.action) {
                continue;
            }
            let ucb = n.ucb();
            if ucb > best.0 {
                best = (ucb, c);
            }
        }
        (best.1, false)
    }

    /// The decider's root actions with their estimates, in their order. An action the search
    /// never tried has 0 visits and the chance 0.5.
    pub fn estimates(&self) -> Vec<Estimate<G::Action>> {
        let me = self.game.me();
        self.game
            .root_actions()
            .iter()
            .map(|&action| {
                let child = self.nodes[0].children.iter().find(|&&c| {
                    let n = &self.nodes[c as usize];
                    n.player == me && n.action == action
                });
                match child {
                    Some(&c) if self.nodes[c as usize].visits > 0 => {
                        let n = &self.nodes[c as usize];
                        let visits = n.visits as f64;
                        let mean = n.reward / visits;
                        let variance = (n.reward_sq / visits - mean * mean).max(0.0);
                        Estimate {
                            action,
                            chance: mean,
                            visits: n.visits,
                            error: (variance / visits).sqrt(),
                        }
                    }
                    _ => Estimate {
                        action,
                        chance: 0.5,
                        visits: 0,
                        error: 0.5,
                    },
                }
            })
            .collect()
    }

    /// The action to play: the most visited, or with `temperature` > 0 one drawn with
    /// probability proportional to visits^(1/temperature) (a less careful player).
    pub fn choose(&self, temperature: f64, rng: &mut Rng) -> G::Action {
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
