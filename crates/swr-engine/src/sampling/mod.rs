//! Full game states drawn from what one player knows: for a search that never peeks.
//!
//! A [`Sampler`] is made from a player's [`PlayerView`] (its `log` must hold every event that
//! player may read since the start, as [`crate::Game::view`] gives it). It reads the log once,
//! following every card the player saw or could count, and then deals as many states as asked:
//! everything public and everything the player holds is copied from the view; what is hidden
//! from them is drawn at random among what fits all they have seen; and each state's random
//! generator is seeded from the sampler's, never from the true game's.
//!
//! * Hidden from the Empire: the Rebel base's system while it is hidden (among the systems
//!   still possible, see [`Sampler::base_candidates`]; [`Sampler::sample_with`] weights
//!   them), the Rebel's missions (in hand, face down, discarded face down), action cards,
//!   objectives and tactic cards, and the order of every deck, with the probe deck's content
//!   (it lacks the base's card).
//! * Hidden from the Rebel: the Imperial missions and projects (in hand, face down,
//!   discarded face down), action cards, tactic cards and probe cards, and the order (and,
//!   for the Empire's cards, the content) of every deck.
//!
//! Cards the log shows are where it shows them: cards drawn in view, revealed, played,
//! discarded face up, returned to a hand, shown by an effect (Interrogation, Retrieve the
//! Plans, Intercept Transmissions, Plant False Lead), put at the bottom of a deck; objectives
//! come off the deck stage by stage; the starting missions never leave their owner's hand;
//! a recruited leader's card is in the recruiter's hand until it is used.
//!
//! Each sample's [`GameState::view`] for the viewer equals the view it came from (legal
//! actions and prompt included, the log aside), and the game can be played on from it with
//! [`GameState::legal_actions_into`] and [`GameState::apply_legal`] on [`crate::NoLog`]: the
//! fast path for playouts, with no [`crate::Game`] and no log.

mod assign;
mod base;
mod family;
mod track;

use crate::data::cards::{ActionCard, Mission, Objective, Tactic, Timing};
use crate::data::leaders::LeaderId;
use crate::data::systems::{region_mask, systems_in, SystemId, SYSTEM_COUNT};
use crate::data::units::UNIT_KINDS;
use crate::data::Side;
use crate::rules::effects::{self, Source};
use crate::rules::frames::{Frame, MissionStep};
use crate::state::{
    Assigned, GameState, LeaderPlace, LeaderState, Phase, Place, SideCards, SystemState,
    PLACE_COUNT,
};
use crate::view::{secret, BaseView, EngineView, LeaderSpot, PlayerView, Secret, Taken};
use family::{bit, Deck, Family, Zone};
use game_kit::Rng;

/// Where a dealt card goes in the state.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Target {
    Hand(Side),
    Assigned(Side),
    Revealing(Side),
    Unseen(Side),
    /// A block of a deck: `(deck, index from the bottom)`.
    Deck(Deck, u8),
    Out(Side),
    Base,
    Seen,
    Mobilized,
    FalseLeads,
    Keep,
    Drawn(Side),
    Chosen(Side),
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Kind {
    Missions,
    Actions,
    Objectives,
    Probes,
    Tactics(usize),
}

/// One family's hidden cards, ready to deal.
#[derive(Clone, Debug)]
struct Pool {
    kind: Kind,
    targets: Vec<Target>,
    capacity: Vec<u32>,
    cards: Vec<u8>,
    /// The places each card may go (bits over `targets`).
    allowed: Vec<u64>,
    /// At least one card of these kinds in one of these places.
    constraints: Vec<(Vec<u8>, u64)>,
}

/// Deals full game states consistent with one player's view and log (see the module
/// documentation).
#[derive(Clone, Debug)]
pub struct Sampler {
    viewer: Side,
    template: GameState,
    pools: Vec<Pool>,
    base_hidden: bool,
    base_candidates: u32,
    /// The Rebel's starting rings still to attach may hide in its hand (setup, the Empire).
    rings_pending: bool,
    trouble: Vec<String>,
}

impl Sampler {
    /// Reads `view` and its log (every event the viewer may read, from the start), with
    /// `engine`, the engine's bookkeeping as the same viewer may know it
    /// ([`GameState::engine_view`]).
    pub fn new(view: &PlayerView, engine: &EngineView) -> Sampler {
        let viewer = view.viewer;
        let mut reading = track::Reading::new(viewer);
        for e in &view.log {
            reading.read(e);
        }
        reading.finish_reading(view, engine);
        let template = template(view, engine);
        let base_hidden = view.base == BaseView::Hidden;
        let mut trouble = Vec::new();
        let families: [(&Family, Kind); 6] = [
            (&reading.missions, Kind::Missions),
            (&reading.actions, Kind::Actions),
            (&reading.objectives, Kind::Objectives),
            (&reading.probes, Kind::Probes),
            (&reading.tactics[0], Kind::Tactics(0)),
            (&reading.tactics[1], Kind::Tactics(1)),
        ];
        // The base: a probe card that may be in the base's place, in a system the board and
        // the cards' answers leave open.
        let mut base_candidates = 0;
        if base_hidden {
            let f = &reading.probes;
            let in_base = f.find(Zone::Base).map_or(0, |z| {
                f.cards
                    .iter()
                    .filter(|c| c.mask & bit(z) != 0)
                    .fold(0u32, |m, c| m | 1 << c.ty)
            });
            base_candidates = in_base & reading.base.candidates(view);
            if base_candidates == 0 {
                trouble.push("no system left for the base by the board; by the cards only".into());
                base_candidates = in_base;
            }
        }
        let rings_pending = viewer == Side::Empire
            && view.phase == Phase::Setup
            && engine.stack.iter().any(|f| {
                matches!(
                    f,
                    Frame::AttachRing { .. }
                        | Frame::PlaceRebelStart { .. }
                        | Frame::PlaceImperialStart { .. }
                )
            });
        let mut sampler = Sampler {
            viewer,
            template,
            pools: Vec::new(),
            base_hidden,
            base_candidates,
            rings_pending,
            trouble: Vec::new(),
        };
        for (f, kind) in families {
            trouble.extend(f.trouble.iter().cloned());
            let pool = sampler.pool(f, kind, view, engine, &mut trouble);
            sampler.pools.push(pool);
        }
        sampler.trouble = trouble;
        sampler
    }

    pub fn viewer(&self) -> Side {
        self.viewer
    }

    /// The systems the hidden base may be in, as bits (`1 << SystemId.0`); 0 when the base
    /// is not hidden from the viewer (not chosen yet, revealed, or the viewer's own secret).
    pub fn base_candidates(&self) -> u32 {
        if self.base_hidden {
            self.base_candidates
        } else {
            0
        }
    }

    /// What did not add up while reading the log (empty when all is well): a defect of the
    /// sampler, which then falls back to looser knowledge for the cards concerned.
    pub fn trouble(&self) -> &[String] {
        &self.trouble
    }

    /// A full state consistent with the view, the base (when hidden) uniform among the
    /// candidates.
    pub fn sample(&self, rng: &mut Rng) -> GameState {
        self.deal_state(rng, None)
    }

    /// As [`Sampler::sample`], the hidden base drawn with these weights (by system index;
    /// candidates with no weight are never drawn unless every candidate has none).
    pub fn sample_with(&self, rng: &mut Rng, base_weights: &[f32; SYSTEM_COUNT]) -> GameState {
        self.deal_state(rng, Some(base_weights))
    }

    fn deal_state(&self, rng: &mut Rng, weights: Option<&[f32; SYSTEM_COUNT]>) -> GameState {
        let mut state = self.template.clone();
        for attempt in 0..8 {
            state = self.template.clone();
            state.rng = Rng::new(rng.next_u64());
            let base = self.pick_base(rng, weights);
            for pool in &self.pools {
                let places = deal_pool(pool, base, rng, attempt > 2);
                self.place(&mut state, pool, &places, rng);
            }
            self.fill_named(&mut state, rng);
            if self.playable(&state) {
                break;
            }
        }
        state
    }

    /// Whoever must decide has something to decide.
    fn playable(&self, state: &GameState) -> bool {
        match state.active_player() {
            Some(p) => {
                let mut out = Vec::new();
                state.legal_actions_into(p, &mut out);
                !out.is_empty()
            }
            None => true,
        }
    }

    fn pick_base(&self, rng: &mut Rng, weights: Option<&[f32; SYSTEM_COUNT]>) -> Option<u8> {
        if !self.base_hidden || self.base_candidates == 0 {
            return None;
        }
        let candidates: Vec<SystemId> = systems_in(self.base_candidates).collect();
        if let Some(w) = weights {
            let total: f32 = candidates.iter().map(|s| w[s.index()].max(0.0)).sum();
            if total > 0.0 && total.is_finite() {
                let mut r = (rng.next_u64() >> 11) as f32 / (1u64 << 53) as f32 * total;
                for s in &candidates {
                    let x = w[s.index()].max(0.0);
                    if r < x {
                        return Some(s.0);
                    }
                    r -= x;
                }
                return candidates
                    .iter()
                    .rev()
                    .find(|s| w[s.index()] > 0.0)
                    .map(|s| s.0);
            }
        }
        Some(candidates[rng.below(candidates.len())].0)
    }

    // -----------------------------------------------------------------------------------
    // Building the pools

    fn pool(
        &self,
        f: &Family,
        kind: Kind,
        view: &PlayerView,
        engine: &EngineView,
        trouble: &mut Vec<String>,
    ) -> Pool {
        let viewer = self.viewer;
        let other = viewer.other();
        // Zones the view shows exactly (the viewer's own), or known to both.
        let exact = |z: Zone| -> bool {
            z.public()
                || match (kind, z) {
                    (Kind::Missions, Zone::Hand(s) | Zone::Unseen(s)) => s == viewer,
                    (Kind::Missions, Zone::Flight(Deck::Projects)) => viewer == Side::Empire,
                    (Kind::Actions, Zone::Hand(s) | Zone::Drawn(s) | Zone::Chosen(s)) => {
                        s == viewer
                    }
                    (Kind::Objectives, Zone::Hand(_) | Zone::Seen) => viewer == Side::Rebel,
                    (Kind::Probes, Zone::Hand(_)) => viewer == Side::Empire,
                    (Kind::Probes, Zone::Base) => !self.base_hidden,
                    (Kind::Probes, Zone::Mobilized | Zone::FalseLeads) => viewer == Side::Rebel,
                    (Kind::Tactics(_), Zone::Hand(s)) => s == viewer,
                    _ => false,
                }
        };
        let mut pool = Pool {
            kind,
            targets: Vec::new(),
            capacity: Vec::new(),
            cards: Vec::new(),
            allowed: Vec::new(),
            constraints: Vec::new(),
        };
        // Tracker zone -> pool places.
        let mut map: Vec<u64> = vec![0; f.kinds.len()];
        let mut sampled: u64 = 0;
        let revealing = engine.stack.iter().any(|fr| {
            matches!(fr, Frame::Mission(m) if m.step == MissionStep::ChooseTarget && m.side == other)
        });
        for z in 0..f.kinds.len() as u8 {
            if f.live & bit(z) == 0 || exact(f.kinds[z as usize]) {
                continue;
            }
            let size = f.size[z as usize].max(0) as u32;
            let zone = f.kinds[z as usize];
            let mut add = |pool: &mut Pool, t: Target, cap: u32| {
                pool.targets.push(t);
                pool.capacity.push(cap);
                map[z as usize] |= 1 << (pool.targets.len() - 1);
            };
            match (kind, zone) {
                (Kind::Missions, Zone::Hand(s)) => {
                    let assigned = view.opponent.assigned.len() as u32;
                    let r = revealing as u32;
                    add(
                        &mut pool,
                        Target::Hand(s),
                        size.saturating_sub(assigned + r),
                    );
                    add(&mut pool, Target::Assigned(s), assigned);
                    add(&mut pool, Target::Revealing(s), r);
                }
                (_, Zone::Hand(s)) => add(&mut pool, Target::Hand(s), size),
                (_, Zone::Unseen(s)) => add(&mut pool, Target::Unseen(s), size),
                (_, Zone::Out(s)) => add(&mut pool, Target::Out(s), size),
                (_, Zone::Base) => add(&mut pool, Target::Base, size),
                (_, Zone::Seen) => add(&mut pool, Target::Seen, size),
                (_, Zone::Mobilized) => add(&mut pool, Target::Mobilized, size),
                (_, Zone::FalseLeads) => add(&mut pool, Target::FalseLeads, size),
                (_, Zone::Drawn(s)) => add(&mut pool, Target::Drawn(s), size),
                (_, Zone::Chosen(s)) => add(&mut pool, Target::Chosen(s), size),
                (_, Zone::Flight(Deck::Projects)) => add(&mut pool, Target::Keep, size),
                (_, Zone::Block(deck)) => {
                    let i = f.blocks(deck).iter().position(|b| *b == z).unwrap_or(0);
                    add(&mut pool, Target::Deck(deck, i as u8), size);
                }
                (_, other_zone) => {
                    if size > 0 {
                        trouble.push(format!("{}: {size} cards left in {other_zone:?}", f.name));
                    }
                    continue;
                }
            }
            sampled |= bit(z);
        }
        // Tracker zones -> the pool places they map to.
        let places = |zones: u64| {
            map.iter()
                .enumerate()
                .filter(|(z, _)| zones & 1 << z != 0)
                .fold(0u64, |m, (_, p)| m | p)
        };
        for c in &f.cards {
            let mine = c.mask & sampled;
            if mine == 0 {
                continue;
            }
            if c.mask & !sampled != 0 {
                trouble.push(format!(
                    "{}: card {} may be hidden or shown (zones {:b})",
                    f.name, c.ty, c.mask
                ));
            }
            let allowed = places(mine);
            pool.cards.push(c.ty);
            pool.allowed.push(allowed);
        }
        // The rules' own limits on where a kind of card may be.
        let statics: Vec<u64> = pool
            .cards
            .iter()
            .map(|ty| {
                (0..pool.targets.len())
                    .filter(|i| self.fits(kind, pool.targets[*i], *ty))
                    .fold(0u64, |m, i| m | 1 << i)
            })
            .collect();
        for (a, s) in pool.allowed.iter_mut().zip(&statics) {
            *a &= *s;
        }
        for k in &f.constraints {
            let zones = places(k.zones);
            if zones != 0 {
                pool.constraints.push((k.kinds.clone(), zones));
            }
        }
        let total: u32 = pool.capacity.iter().sum();
        if total as usize != pool.cards.len() {
            trouble.push(format!(
                "{}: {} hidden cards for {} places",
                f.name,
                pool.cards.len(),
                total
            ));
        }
        // Dealable as read? If not, fall back to the rules' limits alone.
        let mut rng = Rng::new(0x005A_3D1E);
        if assign::deal(&pool.capacity, &pool.allowed, &mut rng).is_none() {
            trouble.push(format!("{}: no deal fits the reading; rules only", f.name));
            pool.allowed = statics;
            pool.constraints.clear();
        }
        pool
    }

    /// Whether a card of kind `ty` may be at `target` by the rules alone.
    fn fits(&self, kind: Kind, target: Target, ty: u8) -> bool {
        match kind {
            Kind::Missions => {
                let m = Mission::ALL[ty as usize];
                match target {
                    Target::Hand(s) | Target::Assigned(s) => m.side() == s,
                    Target::Revealing(s) => m.side() == s && self.revealable(m),
                    Target::Unseen(s) => m.side() == s && !m.is_starting(),
                    Target::Deck(Deck::Missions(s), _) => {
                        m.side() == s && !m.is_starting() && !m.is_project()
                    }
                    Target::Deck(Deck::Projects, _) | Target::Keep => m.is_project(),
                    _ => false,
                }
            }
            Kind::Actions => {
                let c = ActionCard::ALL[ty as usize];
                let starting = c.info().starting;
                match target {
                    Target::Hand(s) => {
                        c.side() == s
                            && (c.info().timing != Timing::Immediate
                                || (starting && self.rings_pending))
                    }
                    Target::Out(s) => c.side() == s && starting,
                    Target::Deck(Deck::Actions(s), _) | Target::Drawn(s) => {
                        c.side() == s && !starting
                    }
                    Target::Chosen(s) => {
                        c.side() == s
                            && !starting
                            && c.info()
                                .leaders
                                .iter()
                                .filter(|l| {
                                    self.template.leader(**l).place == LeaderPlace::Unrecruited
                                })
                                .count()
                                >= 2
                    }
                    _ => false,
                }
            }
            Kind::Probes => match target {
                Target::Base => self.base_candidates & 1 << ty != 0,
                _ => true,
            },
            Kind::Objectives | Kind::Tactics(_) => true,
        }
    }

    /// Whether the opponent's mission being revealed may be `m`: its leaders meet the
    /// requirement and it has a target now.
    fn revealable(&self, m: Mission) -> bool {
        let Some(run) = self.template.stack.iter().find_map(|f| match f {
            Frame::Mission(r) if r.step == MissionStep::ChooseTarget && r.side != self.viewer => {
                Some(r)
            }
            _ => None,
        }) else {
            return false;
        };
        let info = m.info();
        let skill: u8 = run
            .leaders
            .iter()
            .flatten()
            .map(|l| self.template.leader_values(*l).skills[info.skill as usize])
            .sum();
        if skill < info.requirement {
            return false;
        }
        if m == Mission::ContingencyPlan {
            // Its target is a starting mission in the hand, which the deal decides.
            return true;
        }
        let mut probe = self.template.clone();
        if probe.base.is_none() {
            // Any base will do for whether the card has a target (Rapid Mobilization).
            probe.base = Some(SystemId(0));
        }
        let mut targets = Vec::new();
        effects::mission_targets(&probe, run.side, m, &run.leaders, &mut targets);
        !targets.is_empty()
    }

    // -----------------------------------------------------------------------------------
    // Putting dealt cards in the state

    fn place(&self, state: &mut GameState, pool: &Pool, places: &[u8], rng: &mut Rng) {
        let mut by_target: Vec<Vec<u8>> = vec![Vec::new(); pool.targets.len()];
        for (i, &p) in places.iter().enumerate() {
            if (p as usize) < by_target.len() {
                by_target[p as usize].push(pool.cards[i]);
            }
        }
        for cards in &mut by_target {
            rng.shuffle(cards);
        }
        // Decks: blocks bottom to top.
        let mut decks: Vec<(Deck, u8, Vec<u8>)> = Vec::new();
        for (i, t) in pool.targets.iter().enumerate() {
            let cards = std::mem::take(&mut by_target[i]);
            match (*t, pool.kind) {
                (Target::Deck(deck, b), _) => decks.push((deck, b, cards)),
                (Target::Hand(s), Kind::Missions) => {
                    state.cards[s.index()].missions = missions(&cards)
                }
                (Target::Assigned(s), _) => {
                    for (a, m) in state.cards[s.index()].assigned.iter_mut().zip(&cards) {
                        a.mission = Mission::ALL[*m as usize];
                    }
                }
                (Target::Revealing(_), _) => {
                    if let (Some(m), Some(run)) = (cards.first(), self.hidden_run(state)) {
                        run.mission = Mission::ALL[*m as usize];
                    }
                }
                (Target::Unseen(s), _) => {
                    state.cards[s.index()].discarded_unseen = missions(&cards)
                }
                (Target::Keep, _) => {
                    let memo = cards
                        .iter()
                        .enumerate()
                        .fold(0u64, |m, (i, x)| m | (*x as u64 + 1) << (8 * i));
                    self.set_memo(
                        state,
                        |s, e| matches!(s, Secret::Projects) && e.step != u8::MAX,
                        memo,
                    );
                }
                (Target::Hand(s), Kind::Actions) => {
                    state.cards[s.index()].actions =
                        cards.iter().map(|c| ActionCard::ALL[*c as usize]).collect();
                    crate::rules::team::infer_holders(state, s);
                    if self.rings_pending && s == Side::Rebel {
                        self.rebuild_rings(state);
                    }
                }
                (Target::Drawn(s), _) => {
                    for f in state.stack.iter_mut() {
                        if let Frame::Recruit { side, drawn, .. } = f {
                            if *side == s {
                                *drawn =
                                    cards.iter().map(|c| ActionCard::ALL[*c as usize]).collect();
                            }
                        }
                    }
                }
                (Target::Chosen(s), _) => {
                    for f in state.stack.iter_mut() {
                        if let Frame::Recruit { side, chosen, .. } = f {
                            if *side == s && chosen.is_some() {
                                *chosen = cards.first().map(|c| ActionCard::ALL[*c as usize]);
                            }
                        }
                    }
                }
                (Target::Hand(_), Kind::Objectives) => {
                    state.objectives = cards.iter().map(|o| Objective::ALL[*o as usize]).collect()
                }
                (Target::Seen, _) => {
                    let memo = cards.iter().fold(0u64, |m, o| m | 1 << o);
                    self.set_memo(
                        state,
                        |s, _| {
                            matches!(
                                s,
                                Secret::Cards {
                                    what: Taken::Objectives,
                                    ..
                                }
                            )
                        },
                        memo,
                    );
                }
                (Target::Hand(_), Kind::Probes) => {
                    state.probes = cards.iter().map(|s| SystemId(*s)).collect()
                }
                (Target::Base, _) => {
                    if let Some(s) = cards.first() {
                        state.base = Some(SystemId(*s));
                    }
                }
                (Target::Mobilized, _) => {
                    let memo = cards.iter().fold(0u64, |m, s| m | 1 << s);
                    self.set_memo(
                        state,
                        |s, _| {
                            matches!(
                                s,
                                Secret::Cards {
                                    what: Taken::MobilizationProbes,
                                    ..
                                }
                            )
                        },
                        memo,
                    );
                }
                (Target::FalseLeads, _) => {
                    let memo = cards.iter().fold(0u64, |m, s| m | 1 << s);
                    self.set_memo(
                        state,
                        |s, _| {
                            matches!(
                                s,
                                Secret::Cards {
                                    what: Taken::FalseLeads,
                                    ..
                                }
                            )
                        },
                        memo,
                    );
                }
                (Target::Hand(s), Kind::Tactics(t)) => {
                    state.cards[s.index()].tactics[t] =
                        cards.iter().map(|c| Tactic::ALL[*c as usize]).collect()
                }
                (Target::Out(_), _) => {}
            }
        }
        decks.sort_by_key(|(_, b, _)| *b);
        let mut built: Vec<(Deck, Vec<u8>)> = Vec::new();
        for (deck, _, cards) in decks {
            match built.iter_mut().find(|(d, _)| *d == deck) {
                Some((_, v)) => v.extend(cards),
                None => built.push((deck, cards)),
            }
        }
        for (deck, cards) in built {
            match deck {
                Deck::Missions(s) => state.cards[s.index()].mission_deck = missions(&cards),
                Deck::Projects => state.project_deck = missions(&cards),
                Deck::Actions(s) => {
                    state.cards[s.index()].action_deck =
                        cards.iter().map(|c| ActionCard::ALL[*c as usize]).collect()
                }
                Deck::Objectives => {
                    state.objective_deck =
                        cards.iter().map(|o| Objective::ALL[*o as usize]).collect()
                }
                Deck::Probes => state.probe_deck = cards.iter().map(|s| SystemId(*s)).collect(),
                Deck::Tactics => {
                    if let Kind::Tactics(t) = pool.kind {
                        state.tactic_decks[t] =
                            cards.iter().map(|c| Tactic::ALL[*c as usize]).collect()
                    }
                }
            }
        }
    }

    /// The opponent's mission frame whose card is being revealed.
    fn hidden_run<'a>(
        &self,
        state: &'a mut GameState,
    ) -> Option<&'a mut crate::rules::frames::MissionRun> {
        let viewer = self.viewer;
        state.stack.iter_mut().find_map(|f| match f {
            Frame::Mission(m) if m.step == MissionStep::ChooseTarget && m.side != viewer => Some(m),
            _ => None,
        })
    }

    fn set_memo(
        &self,
        state: &mut GameState,
        which: impl Fn(Secret, &effects::Effect) -> bool,
        memo: u64,
    ) {
        let viewer = self.viewer;
        for f in state.stack.iter_mut() {
            if let Some(s) = secret(f, viewer) {
                if let Frame::Effect(e) = f {
                    if which(s, e) {
                        e.memo = memo;
                        return;
                    }
                }
            }
        }
    }

    /// Setup, for the Empire: a ring from each of the Rebel's starting cards that attach one,
    /// asked below the question being asked now (the first card in hand asked first).
    fn rebuild_rings(&self, state: &mut GameState) {
        let top_card = match state.stack.last() {
            Some(Frame::AttachRing { card, .. }) => Some(*card),
            _ => None,
        };
        let hand = &mut state.cards[Side::Rebel.index()].actions;
        let ring = |c: &ActionCard| {
            matches!(
                c,
                ActionCard::HumanCyborgRelations | ActionCard::ResourcefulAstromech
            )
        };
        // The card asked now first, then the other ring cards, then the rest.
        hand.sort_by_key(|c| (Some(*c) != top_card, !ring(c)));
        let pending: Vec<ActionCard> = hand
            .iter()
            .copied()
            .filter(|c| ring(c) && Some(*c) != top_card)
            .collect();
        let at = usize::from(matches!(state.stack.first(), Some(Frame::ChooseBase)));
        for card in pending {
            let ring = if card == ActionCard::HumanCyborgRelations {
                crate::state::Ring::C3PO
            } else {
                crate::state::Ring::R2D2
            };
            state.stack.insert(at, Frame::AttachRing { ring, card });
        }
    }

    /// Systems the opponent has named so far (Interrogation Droid: not the base; Fear Will
    /// Keep Them in Line: populous systems of the region).
    fn fill_named(&self, state: &mut GameState, rng: &mut Rng) {
        let viewer = self.viewer;
        let base = state.base;
        let populous: Vec<bool> = SystemId::ALL
            .iter()
            .map(|s| state.is_populous(*s))
            .collect();
        for f in state.stack.iter_mut() {
            if secret(f, viewer) != Some(Secret::Named) {
                continue;
            }
            let Frame::Effect(e) = f else { continue };
            let mut options: Vec<SystemId> = match e.source {
                Source::Mission(Mission::InterrogationDroid) => SystemId::ALL
                    .into_iter()
                    .filter(|s| Some(*s) != base)
                    .collect(),
                _ => match e.place {
                    Some(Place::System(here)) => systems_in(region_mask(here.region()))
                        .filter(|s| populous[s.index()])
                        .collect(),
                    _ => Vec::new(),
                },
            };
            rng.shuffle(&mut options);
            e.memo = options
                .iter()
                .take(e.count as usize)
                .fold(0u64, |m, s| m | s.bit() as u64);
        }
    }

    // -----------------------------------------------------------------------------------
    // Checking a state against the reading (for tests)

    /// Whether `state` fits everything this sampler read (`Err` says what does not): the true
    /// game's state must always fit, or the sampler would rule out what really is. Its public
    /// parts are not compared (the view tests do that).
    pub fn admits(&self, state: &GameState) -> Result<(), String> {
        if self.base_hidden {
            let base = state.base.ok_or("no base")?;
            if self.base_candidates & base.bit() == 0 {
                return Err(format!("the base {} was ruled out", base.name()));
            }
        }
        for pool in &self.pools {
            let truth = self.true_places(state, pool)?;
            // Each true card must match a distinct copy allowed there.
            let mut used = vec![false; pool.cards.len()];
            let mut counts = vec![0u32; pool.targets.len()];
            let mut order: Vec<(u8, usize)> = truth.clone();
            // Most constrained places first.
            order.sort_by_key(|(ty, t)| {
                pool.cards
                    .iter()
                    .zip(&pool.allowed)
                    .filter(|(c, a)| **c == *ty && **a & 1 << t != 0)
                    .count()
            });
            for (ty, t) in order {
                counts[t] += 1;
                let pick = (0..pool.cards.len())
                    .filter(|i| !used[*i] && pool.cards[*i] == ty && pool.allowed[*i] & 1 << t != 0)
                    .min_by_key(|i| pool.allowed[*i].count_ones());
                match pick {
                    Some(i) => used[i] = true,
                    None => {
                        return Err(format!(
                            "{:?}: card {ty} at {:?} was ruled out there",
                            pool.kind, pool.targets[t]
                        ))
                    }
                }
            }
            for (t, n) in counts.iter().enumerate() {
                if *n != pool.capacity[t] {
                    return Err(format!(
                        "{:?}: {:?} holds {n}, read as {}",
                        pool.kind, pool.targets[t], pool.capacity[t]
                    ));
                }
            }
            for (kinds, zones) in &pool.constraints {
                if !truth
                    .iter()
                    .any(|(ty, t)| kinds.contains(ty) && zones & 1 << t != 0)
                {
                    return Err(format!(
                        "{:?}: none of {kinds:?} where it must be",
                        pool.kind
                    ));
                }
            }
        }
        Ok(())
    }

    /// The hidden cards of `state` with the pool place each is in.
    fn true_places(&self, state: &GameState, pool: &Pool) -> Result<Vec<(u8, usize)>, String> {
        let mut out = Vec::new();
        let index = |t: Target| pool.targets.iter().position(|x| *x == t);
        let mut put = |t: Target, tys: Vec<u8>| -> Result<(), String> {
            if tys.is_empty() {
                return Ok(());
            }
            let i = index(t).ok_or(format!("{:?}: cards at {t:?}, read as none", pool.kind))?;
            out.extend(tys.into_iter().map(|ty| (ty, i)));
            Ok(())
        };
        let viewer = self.viewer;
        let other = viewer.other();
        let deck_of = |deck: Deck,
                       cards: Vec<u8>,
                       put: &mut dyn FnMut(Target, Vec<u8>) -> Result<(), String>|
         -> Result<(), String> {
            // Split bottom to top by the blocks' sizes.
            let mut blocks: Vec<(u8, u32)> = pool
                .targets
                .iter()
                .zip(&pool.capacity)
                .filter_map(|(t, c)| match t {
                    Target::Deck(d, b) if *d == deck => Some((*b, *c)),
                    _ => None,
                })
                .collect();
            blocks.sort();
            let mut at = 0usize;
            for (b, cap) in blocks {
                let end = (at + cap as usize).min(cards.len());
                put(Target::Deck(deck, b), cards[at..end].to_vec())?;
                at = end;
            }
            if at < cards.len() {
                return Err(format!(
                    "{deck:?}: {} cards beyond the blocks read",
                    cards.len() - at
                ));
            }
            Ok(())
        };
        match pool.kind {
            Kind::Missions => {
                let c = &state.cards[other.index()];
                let mut revealing = Vec::new();
                for f in &state.stack {
                    if let Frame::Mission(m) = f {
                        if m.step == MissionStep::ChooseTarget && m.side == other {
                            revealing.push(m.mission as u8);
                        }
                    }
                }
                put(
                    Target::Hand(other),
                    c.missions.iter().map(|m| *m as u8).collect(),
                )?;
                put(
                    Target::Assigned(other),
                    c.assigned.iter().map(|a| a.mission as u8).collect(),
                )?;
                put(Target::Revealing(other), revealing)?;
                put(
                    Target::Unseen(other),
                    c.discarded_unseen.iter().map(|m| *m as u8).collect(),
                )?;
                for side in Side::BOTH {
                    deck_of(
                        Deck::Missions(side),
                        state.cards[side.index()]
                            .mission_deck
                            .iter()
                            .map(|m| *m as u8)
                            .collect(),
                        &mut put,
                    )?;
                }
                deck_of(
                    Deck::Projects,
                    state.project_deck.iter().map(|m| *m as u8).collect(),
                    &mut put,
                )?;
                if viewer == Side::Rebel {
                    for f in &state.stack {
                        if let Frame::Effect(e) = f {
                            if secret(f, viewer) == Some(Secret::Projects) {
                                let tys = (0..2)
                                    .map(|i| (e.memo >> (8 * i)) as u8)
                                    .filter(|b| *b != 0)
                                    .map(|b| b - 1)
                                    .collect();
                                put(Target::Keep, tys)?;
                            }
                        }
                    }
                }
            }
            Kind::Actions => {
                let c = &state.cards[other.index()];
                put(
                    Target::Hand(other),
                    c.actions.iter().map(|a| *a as u8).collect(),
                )?;
                for side in Side::BOTH {
                    deck_of(
                        Deck::Actions(side),
                        state.cards[side.index()]
                            .action_deck
                            .iter()
                            .map(|a| *a as u8)
                            .collect(),
                        &mut put,
                    )?;
                }
                for f in &state.stack {
                    if let Frame::Recruit {
                        side,
                        drawn,
                        chosen,
                    } = f
                    {
                        if *side == other {
                            put(
                                Target::Drawn(other),
                                drawn.iter().map(|a| *a as u8).collect(),
                            )?;
                            put(
                                Target::Chosen(other),
                                chosen.iter().map(|a| *a as u8).collect(),
                            )?;
                        }
                    }
                }
                // The starting cards never dealt: whatever of them is nowhere else.
                for side in Side::BOTH {
                    if index(Target::Out(side)).is_some() {
                        let mut placed: Vec<ActionCard> = state.cards[side.index()].actions.clone();
                        placed.extend(state.cards[side.index()].action_deck.iter());
                        let out_cards: Vec<u8> = ActionCard::of(side, true)
                            .into_iter()
                            .filter(|c| !placed.contains(c))
                            .map(|c| c as u8)
                            .collect();
                        // Used ones are out of the game, not "not dealt": only as many as the
                        // place holds, those the reading allows first.
                        let cap = pool.capacity[index(Target::Out(side)).unwrap()] as usize;
                        let t = index(Target::Out(side)).unwrap();
                        let mut fits: Vec<u8> = out_cards
                            .iter()
                            .copied()
                            .filter(|ty| {
                                pool.cards
                                    .iter()
                                    .zip(&pool.allowed)
                                    .any(|(c, a)| c == ty && a & 1 << t != 0)
                            })
                            .collect();
                        fits.truncate(cap);
                        put(Target::Out(side), fits)?;
                    }
                }
            }
            Kind::Objectives => {
                if viewer == Side::Empire {
                    put(
                        Target::Hand(Side::Rebel),
                        state.objectives.iter().map(|o| *o as u8).collect(),
                    )?;
                    for f in &state.stack {
                        if let (
                            Frame::Effect(e),
                            Some(Secret::Cards {
                                what: Taken::Objectives,
                                ..
                            }),
                        ) = (f, secret(f, viewer))
                        {
                            put(
                                Target::Seen,
                                (0..15u8).filter(|o| e.memo & 1 << o != 0).collect(),
                            )?;
                        }
                    }
                }
                deck_of(
                    Deck::Objectives,
                    state.objective_deck.iter().map(|o| *o as u8).collect(),
                    &mut put,
                )?;
            }
            Kind::Probes => {
                if viewer == Side::Rebel {
                    put(
                        Target::Hand(Side::Empire),
                        state.probes.iter().map(|s| s.0).collect(),
                    )?;
                }
                if self.base_hidden {
                    put(Target::Base, state.base.iter().map(|s| s.0).collect())?;
                }
                if viewer == Side::Empire {
                    for f in &state.stack {
                        if let (Frame::Effect(e), Some(Secret::Cards { what, .. })) =
                            (f, secret(f, viewer))
                        {
                            let t = match what {
                                Taken::MobilizationProbes => Target::Mobilized,
                                Taken::FalseLeads => Target::FalseLeads,
                                Taken::Objectives => continue,
                            };
                            put(t, (0..32u8).filter(|s| e.memo & 1 << s != 0).collect())?;
                        }
                    }
                }
                deck_of(
                    Deck::Probes,
                    state.probe_deck.iter().map(|s| s.0).collect(),
                    &mut put,
                )?;
            }
            Kind::Tactics(t) => {
                // Dealt even when Good Intel shows it (its cards then pinned there).
                put(
                    Target::Hand(other),
                    state.cards[other.index()].tactics[t]
                        .iter()
                        .map(|c| *c as u8)
                        .collect(),
                )?;
                deck_of(
                    Deck::Tactics,
                    state.tactic_decks[t].iter().map(|c| *c as u8).collect(),
                    &mut put,
                )?;
            }
        }
        Ok(out)
    }
}

fn missions(cards: &[u8]) -> Vec<Mission> {
    cards.iter().map(|m| Mission::ALL[*m as usize]).collect()
}

/// Deals one pool: the base pinned first (if given and in this pool), then one card for each
/// constraint, then the rest.
fn deal_pool(pool: &Pool, base: Option<u8>, rng: &mut Rng, loose: bool) -> Vec<u8> {
    let mut allowed = pool.allowed.clone();
    if let (Some(b), Kind::Probes) = (base, pool.kind) {
        if let Some(t) = pool.targets.iter().position(|t| *t == Target::Base) {
            for (i, a) in allowed.iter_mut().enumerate() {
                if pool.cards[i] == b {
                    *a = 1 << t;
                } else {
                    *a &= !(1 << t);
                }
            }
        }
    }
    if !loose {
        let mut taken = vec![false; pool.cards.len()];
        let mut pinned = allowed.clone();
        for (kinds, zones) in &pool.constraints {
            let options: Vec<usize> = (0..pool.cards.len())
                .filter(|i| {
                    !taken[*i] && kinds.contains(&pool.cards[*i]) && pinned[*i] & zones != 0
                })
                .collect();
            if options.is_empty() {
                continue;
            }
            let i = options[rng.below(options.len())];
            taken[i] = true;
            pinned[i] &= zones;
        }
        if let Some(places) = assign::deal(&pool.capacity, &pinned, rng) {
            return places;
        }
    }
    if let Some(places) = assign::deal(&pool.capacity, &allowed, rng) {
        return places;
    }
    // Nothing fits (a defect of the reading, reported by `trouble`): anywhere with room.
    let all = (1u64 << pool.targets.len()) - 1;
    let anywhere = vec![all; pool.cards.len()];
    assign::deal(&pool.capacity, &anywhere, rng).unwrap_or_else(|| {
        // More cards than places: the rest nowhere.
        let mut places = Vec::new();
        let mut room = pool.capacity.clone();
        for _ in 0..pool.cards.len() {
            match room.iter().position(|r| *r > 0) {
                Some(z) => {
                    room[z] -= 1;
                    places.push(z as u8);
                }
                None => places.push(u8::MAX),
            }
        }
        places
    })
}

/// Everything public or the viewer's own, copied from the view; what is hidden left empty.
fn template(view: &PlayerView, engine: &EngineView) -> GameState {
    let viewer = view.viewer;
    let mut systems = [SystemState::default(); SYSTEM_COUNT];
    let mut units = [[0u8; UNIT_KINDS]; PLACE_COUNT];
    for (i, sv) in view.systems.iter().enumerate().take(SYSTEM_COUNT) {
        systems[i] = sv.markers;
        units[i] = sv.units;
    }
    units[Place::RebelBase.index()] = view.rebel_base_space;
    let leaders = LeaderId::ALL.map(|l| {
        let lv = view.leaders[l.index()];
        LeaderState {
            place: match lv.spot {
                LeaderSpot::Unrecruited => LeaderPlace::Unrecruited,
                LeaderSpot::Pool => LeaderPlace::Pool,
                LeaderSpot::OnMission(i) => LeaderPlace::OnMission(i),
                LeaderSpot::Revealing => LeaderPlace::OnMission(u8::MAX),
                LeaderSpot::Board(p) => LeaderPlace::Board(p),
                LeaderSpot::Eliminated => LeaderPlace::Eliminated,
            },
            ring: lv.ring,
            controller: lv.controller,
            jedi: lv.jedi,
            detained: engine.detained & 1 << l.index() != 0,
        }
    });
    let (base, base_revealed) = match view.base {
        BaseView::NotChosen | BaseView::Hidden => (None, false),
        BaseView::Secret(s) => (Some(s), false),
        BaseView::Revealed(s) => (Some(s), true),
    };
    let mut cards = [SideCards::default(), SideCards::default()];
    for side in Side::BOTH {
        let c = &mut cards[side.index()];
        c.queue = view.queues[side.index()];
        c.mission_discard = view.mission_discards[side.index()].clone();
    }
    let own = &mut cards[viewer.index()];
    own.missions = engine.own.missions.clone();
    own.actions = engine.own.actions.clone();
    own.tactics = engine.own.tactics.clone();
    own.discarded_unseen = view.own.discarded.clone();
    own.assigned = view
        .own
        .assigned
        .iter()
        .map(|(mission, leaders)| Assigned {
            mission: *mission,
            leaders: *leaders,
        })
        .collect();
    let placeholder = crate::view::placeholder_mission(viewer.other());
    cards[viewer.other().index()].assigned = view
        .opponent
        .assigned
        .iter()
        .map(|leaders| Assigned {
            mission: placeholder,
            leaders: *leaders,
        })
        .collect();
    GameState {
        rng: Rng::new(0),
        time: view.time,
        reputation: view.reputation,
        systems,
        units,
        supply: view.supply,
        leaders,
        base,
        base_revealed,
        cards,
        objectives: if viewer == Side::Rebel {
            engine.own.objectives.clone()
        } else {
            Vec::new()
        },
        objective_deck: Vec::new(),
        probes: if viewer == Side::Empire {
            view.own.probes.clone()
        } else {
            Vec::new()
        },
        probe_deck: Vec::new(),
        project_deck: Vec::new(),
        project_discard: view.project_discard.clone(),
        tactic_decks: [Vec::new(), Vec::new()],
        objective_this_refresh: engine.objective_this_refresh,
        marks: engine.marks.clone(),
        phase: view.phase,
        stack: engine.stack.clone(),
        // The team game's state is public but for the other team's two-leader cards, whose
        // holders are inferred when its hand is sampled (`team::infer_holders`).
        team: view.team.map(|t| t.state),
    }
}
