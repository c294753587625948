//! The Refresh phase: an objective, leaders home, missions drawn (hand limit ten), probe
//! droids, an objective drawn, the time marker advanced (recruit and build when its space
//! shows the icon), then each side's build queue slides and its units deploy.

use super::frames::{Frame, RefreshStep};
use crate::action::Action;
use crate::data::cards::{ActionCard, ObjectiveTiming, BUILD_SPACES, RECRUIT_SPACES};
use crate::data::leaders::LeaderId;
use crate::data::systems::{Icon, SystemId, REBEL_BASE_BUILD, REBEL_BASE_ICONS};
use crate::data::units::{UnitKind, UNIT_KINDS};
use crate::data::Side;
use crate::log::{EventSink, LogEvent, LogExt};
use crate::state::{GameState, LeaderPlace, Loyalty, Phase, Place, PLACE_COUNT};

pub const HAND_LIMIT: usize = 10;

pub(crate) fn actor(step: RefreshStep) -> Option<Side> {
    match step {
        RefreshStep::Objective => Some(Side::Rebel),
        _ => None,
    }
}

pub(crate) fn legal(state: &GameState, step: RefreshStep, out: &mut Vec<Action>) {
    if step == RefreshStep::Objective {
        for &o in &state.objectives {
            if o.info().timing == ObjectiveTiming::StartOfRefresh
                && crate::rules::objectives::met(state, o)
            {
                out.push(Action::Objective(o));
            }
        }
        out.push(Action::Done);
    }
}

pub(crate) fn answer(state: &mut GameState, action: Action, log: &mut impl EventSink) {
    if let Action::Objective(o) = action {
        crate::rules::objectives::claim(state, o, log);
        state.objective_this_refresh = true;
    }
    state.stack.push(Frame::Refresh(RefreshStep::Retrieve));
}

/// Runs the automatic steps; returns false when a decision is pending.
pub(crate) fn advance(state: &mut GameState, step: RefreshStep, log: &mut impl EventSink) -> bool {
    let next = match step {
        RefreshStep::Objective => {
            // Asked whenever the Rebel holds an objective: asking only when one is playable
            // would tell the Empire so.
            if !state.objectives.is_empty() {
                state.stack.push(Frame::Refresh(step));
                return false;
            }
            RefreshStep::Retrieve
        }
        RefreshStep::Retrieve => {
            retrieve_leaders(state, log);
            RefreshStep::DrawMissions
        }
        RefreshStep::DrawMissions => {
            state.stack.push(Frame::Refresh(RefreshStep::Probes));
            for side in [Side::Empire, Side::Rebel] {
                state.draw_missions(side, 2, log);
            }
            for side in [Side::Empire, Side::Rebel] {
                if state.cards[side.index()].missions.len() > HAND_LIMIT {
                    state.stack.push(Frame::DiscardMissions { side });
                }
            }
            return true;
        }
        RefreshStep::Probes => {
            state.draw_probes(2, log);
            RefreshStep::DrawObjective
        }
        RefreshStep::DrawObjective => {
            state.draw_objective(log);
            RefreshStep::AdvanceTime
        }
        RefreshStep::AdvanceTime => {
            state.time += 1;
            log.all(LogEvent::TimeAdvanced { time: state.time });
            state.check_wins(log);
            if state.is_over() {
                return true;
            }
            RefreshStep::Recruit
        }
        RefreshStep::Recruit => {
            state.stack.push(Frame::Refresh(RefreshStep::Build));
            if RECRUIT_SPACES.contains(&state.time) {
                // The Rebel chooses first: its frame goes on top.
                for side in [Side::Empire, Side::Rebel] {
                    let drawn = state.draw_for_recruit(side);
                    if !drawn.is_empty() {
                        state.stack.push(Frame::Recruit {
                            side,
                            drawn,
                            chosen: None,
                        });
                    }
                }
            }
            return true;
        }
        RefreshStep::Build => {
            state
                .stack
                .push(Frame::Refresh(RefreshStep::Deploy { side: Side::Rebel }));
            if BUILD_SPACES.contains(&state.time) {
                for side in [Side::Empire, Side::Rebel] {
                    let icons = build_icons(state, side);
                    if !icons.is_empty() {
                        state.stack.push(Frame::Build { side, icons });
                    }
                }
            }
            return true;
        }
        RefreshStep::Deploy { side } => {
            let after = match side {
                Side::Rebel => RefreshStep::Deploy { side: Side::Empire },
                Side::Empire => RefreshStep::NextRound,
            };
            state.stack.push(Frame::Refresh(after));
            let q = &mut state.cards[side.index()].queue;
            let units = q[0];
            q[0] = q[1];
            q[1] = q[2];
            q[2] = [0; UNIT_KINDS];
            log.all(LogEvent::QueueAdvanced { side });
            if units.iter().any(|&n| n > 0) {
                state.stack.push(Frame::Deploy {
                    side,
                    units,
                    placed: [0; PLACE_COUNT],
                });
            }
            return true;
        }
        RefreshStep::NextRound => {
            state.objective_this_refresh = false;
            state.marks = Default::default();
            state.phase = Phase::Assignment { side: Side::Rebel };
            log.all(LogEvent::RoundStarted { round: state.time });
            return true;
        }
    };
    state.stack.push(Frame::Refresh(next));
    true
}

fn retrieve_leaders(state: &mut GameState, log: &mut impl EventSink) {
    for side in Side::BOTH {
        while let Some(a) = state.cards[side.index()].assigned.pop() {
            state.cards[side.index()].missions.push(a.mission);
        }
    }
    for l in LeaderId::ALL {
        let st = &mut state.leaders[l.index()];
        match st.place {
            LeaderPlace::Board(_) if st.is_captive() => {}
            LeaderPlace::Board(_) if st.detained => st.detained = false,
            LeaderPlace::Board(_) | LeaderPlace::OnMission(_) => st.place = LeaderPlace::Pool,
            _ => {}
        }
    }
    let _ = log;
}

pub(crate) fn legal_discard(state: &GameState, side: Side, out: &mut Vec<Action>) {
    let mut seen = Vec::new();
    for &m in &state.cards[side.index()].missions {
        if !m.is_starting() && !seen.contains(&m) {
            seen.push(m);
            out.push(Action::Mission(m));
        }
    }
}

pub(crate) fn discard(state: &mut GameState, side: Side, action: Action, log: &mut impl EventSink) {
    let Action::Mission(m) = action else { return };
    let c = &mut state.cards[side.index()];
    let i = c.missions.iter().position(|x| *x == m).expect("in hand");
    c.missions.remove(i);
    // Face down (a starting mission never gets here): the opponent learns only that a card
    // went.
    c.discarded_unseen.push(m);
    log.secret(
        side,
        LogEvent::MissionDiscarded {
            side,
            mission: Some(m),
        },
        LogEvent::MissionDiscarded {
            side,
            mission: None,
        },
    );
    if state.cards[side.index()].missions.len() > HAND_LIMIT {
        state.stack.push(Frame::DiscardMissions { side });
    }
}

// ---------------------------------------------------------------------------------------
// Recruiting

impl GameState {
    fn recruitable(&self, card: ActionCard) -> impl Iterator<Item = LeaderId> + '_ {
        card.info()
            .leaders
            .iter()
            .copied()
            .filter(|l| self.leaders[l.index()].place == LeaderPlace::Unrecruited)
    }

    /// Two cards, then one at a time while none shows a leader still to recruit.
    fn draw_for_recruit(&mut self, side: Side) -> Vec<ActionCard> {
        let mut drawn = Vec::new();
        while let Some(c) = self.cards[side.index()].action_deck.pop() {
            drawn.push(c);
            if drawn.len() >= 2 && drawn.iter().any(|c| self.recruitable(*c).next().is_some()) {
                break;
            }
        }
        drawn
    }

    pub(crate) fn draw_probes(&mut self, n: u8, log: &mut impl EventSink) {
        let mut drawn = Vec::new();
        for _ in 0..n {
            if let Some(p) = self.probe_deck.pop() {
                self.probes.push(p);
                drawn.push(p);
            }
        }
        let count = drawn.len() as u8;
        log.secret(
            Side::Empire,
            LogEvent::ProbesDrawn {
                systems: Some(drawn),
                count,
            },
            LogEvent::ProbesDrawn {
                systems: None,
                count,
            },
        );
    }
}

pub(crate) fn legal_recruit(
    state: &GameState,
    drawn: &[ActionCard],
    chosen: Option<ActionCard>,
    out: &mut Vec<Action>,
) {
    match chosen {
        None => {
            let mut seen = Vec::new();
            for &c in drawn {
                if !seen.contains(&c) {
                    seen.push(c);
                    out.push(Action::Card(c));
                }
            }
        }
        Some(card) => out.extend(state.recruitable(card).map(Action::Leader)),
    }
}

pub(crate) fn recruit(
    state: &mut GameState,
    side: Side,
    mut drawn: Vec<ActionCard>,
    chosen: Option<ActionCard>,
    action: Action,
    log: &mut impl EventSink,
) {
    match (chosen, action) {
        (None, Action::Card(card)) => {
            let i = drawn.iter().position(|c| *c == card).expect("drawn");
            drawn.remove(i);
            // The others go to the bottom of the action deck, unseen.
            for c in drawn {
                state.cards[side.index()].action_deck.insert(0, c);
            }
            let options: Vec<LeaderId> = state.recruitable(card).collect();
            match options.as_slice() {
                [] => gain_card(state, side, card, log),
                [l] => {
                    let l = *l;
                    recruit_leader(state, side, l, log);
                    crate::rules::team::recruited(state, card, l);
                    gain_card(state, side, card, log);
                }
                _ => state.stack.push(Frame::Recruit {
                    side,
                    drawn: Vec::new(),
                    chosen: Some(card),
                }),
            }
        }
        (Some(card), Action::Leader(l)) => {
            recruit_leader(state, side, l, log);
            crate::rules::team::recruited(state, card, l);
            gain_card(state, side, card, log);
        }
        _ => {}
    }
}

fn recruit_leader(state: &mut GameState, side: Side, l: LeaderId, log: &mut impl EventSink) {
    state.leaders[l.index()].place = LeaderPlace::Pool;
    log.all(LogEvent::LeaderRecruited { side, leader: l });
}

fn gain_card(state: &mut GameState, side: Side, card: ActionCard, log: &mut impl EventSink) {
    state.cards[side.index()].actions.push(card);
    log.secret(
        side,
        LogEvent::ActionCardGained {
            side,
            card: Some(card),
        },
        LogEvent::ActionCardGained { side, card: None },
    );
    crate::rules::effects::on_gain(state, side, card, log);
}

// ---------------------------------------------------------------------------------------
// Building and deploying

/// The icons `side` builds with this Refresh, each with its queue space.
pub(crate) fn build_icons(state: &GameState, side: Side) -> Vec<(Icon, u8)> {
    let mut out = Vec::new();
    for s in SystemId::ALL {
        let st = state.system(s);
        if st.sabotaged || state.has_units(Place::System(s), side.other()) {
            continue;
        }
        let icons = state.resource_icons(s);
        let usable: &[Icon] = match side {
            Side::Empire if st.loyalty == Some(Loyalty::Empire) && !st.subjugated => icons,
            Side::Empire if st.subjugated => &icons[..icons.len().min(1)],
            Side::Rebel if st.loyalty == Some(Loyalty::Rebel) && !st.subjugated => icons,
            _ => &[],
        };
        out.extend(usable.iter().map(|i| (*i, s.info().build)));
    }
    if side == Side::Rebel {
        let blocked = state.base_revealed
            && state.base.is_some_and(|b| {
                state.has_units(Place::System(b), Side::Empire)
                    || state.system(b).loyalty == Some(Loyalty::Empire)
            });
        if state.base.is_some() && !blocked {
            out.extend(REBEL_BASE_ICONS.iter().map(|i| (*i, REBEL_BASE_BUILD)));
        }
    }
    out
}

/// The icons a card lets `side` place units on the build queue with, in one system ("using
/// this system's resource icons"), each with its queue space. One ruling for every such card
/// (Establish Trade Relations, Address Delays, Construct Factory, Brilliant Administrator,
/// Temporary Alliance): the icons the Build step would let `side` use there, except that a
/// sabotage marker is no bar, the one exemption the rules give abilities (RR "Build Units";
/// docs/swr/rules.md §13.3): nothing while an enemy unit is there, only the left icon of a
/// subjugated system, none of a destroyed one. Loyalty is not asked: the card names the
/// system.
pub(crate) fn icons_of(state: &GameState, side: Side, s: SystemId) -> Vec<(Icon, u8)> {
    if state.has_units(Place::System(s), side.other()) {
        return Vec::new();
    }
    let icons = state.resource_icons(s);
    let usable = if state.system(s).subjugated {
        &icons[..icons.len().min(1)]
    } else {
        icons
    };
    usable.iter().map(|i| (*i, s.info().build)).collect()
}

/// One unit of `kind` on the board destroyed to free it, when the supply has none left
/// (RR p.6, component limits): a choice for each place that holds one.
pub(crate) fn free_supply_options(
    state: &GameState,
    kind: UnitKind,
) -> impl Iterator<Item = Action> + '_ {
    Place::all()
        .filter(move |p| state.count(*p, kind) > 0)
        .map(move |at| Action::Destroy { kind, at })
}

/// The choices for the first icon still to build (the Build step and every card that places
/// units on the queue from icons): a unit of each kind the icon builds that the supply holds;
/// for a kind the supply has none of, one on the board destroyed to free it; and building
/// nothing for this icon only when the supply holds no kind it builds.
pub(crate) fn legal_build(
    state: &GameState,
    side: Side,
    icons: &[(Icon, u8)],
    out: &mut Vec<Action>,
) {
    let Some(&(icon, _)) = icons.first() else {
        return;
    };
    let kinds = || UnitKind::built_by(side, icon);
    out.extend(kinds().filter(|k| state.supply(*k) > 0).map(Action::Build));
    let any_built = !out.is_empty();
    for k in kinds().filter(|k| state.supply(*k) == 0) {
        out.extend(free_supply_options(state, k));
    }
    if !any_built {
        out.push(Action::Done);
    }
}

pub(crate) fn build(
    state: &mut GameState,
    side: Side,
    mut icons: Vec<(Icon, u8)>,
    action: Action,
    log: &mut impl EventSink,
) {
    let (_, space) = icons.remove(0);
    let kind = match action {
        Action::Build(k) => Some(k),
        Action::Destroy { kind, at } => {
            state.destroy_unit(at, kind, log);
            state.settle(log);
            Some(kind)
        }
        _ => None,
    };
    if let Some(k) = kind {
        state.queue_unit(side, k, space, log);
    }
    if !icons.is_empty() {
        state.stack.push(Frame::Build { side, icons });
    }
}

impl GameState {
    /// Takes a unit from the supply onto `side`'s build queue at `space` (1–3).
    pub(crate) fn queue_unit(
        &mut self,
        side: Side,
        kind: UnitKind,
        space: u8,
        log: &mut impl EventSink,
    ) -> bool {
        if !self.take_from_supply(kind) {
            return false;
        }
        let space = space.clamp(1, 3);
        self.cards[side.index()].queue[space as usize - 1][kind.index()] += 1;
        log.all(LogEvent::UnitBuilt { side, kind, space });
        true
    }

    /// Where `side` may deploy (or place) new units: its own populous systems without a
    /// sabotage marker or an enemy unit, and for the Rebel the hidden base's space (rules
    /// §13.2). Remote and destroyed systems never qualify (they have no loyalty space).
    pub(crate) fn deploy_places(&self, side: Side) -> impl Iterator<Item = Place> + '_ {
        let systems = SystemId::ALL.into_iter().filter(move |s| {
            let mine = match side {
                Side::Empire => self.is_imperial_system(*s),
                Side::Rebel => self.is_rebel_system(*s),
            };
            mine && self.is_populous(*s)
                && !self.system(*s).sabotaged
                && !self.has_units(Place::System(*s), side.other())
        });
        let base = (side == Side::Rebel && !self.base_revealed && self.base.is_some())
            .then_some(Place::RebelBase);
        systems.map(Place::System).chain(base)
    }

    /// Where the Death Star under construction stands: the only place a Death Star can be
    /// deployed, which it does by replacing the construction (Construct Death Star; rules
    /// §15.2), whatever the system is (always a remote one) and whoever else is there.
    pub(crate) fn death_star_site(&self) -> Option<Place> {
        Place::all().find(|p| self.count(*p, UnitKind::DeathStarUnderConstruction) > 0)
    }

    /// Deploys one unit from `side`'s hands onto the board at `to`: the Death Star replaces
    /// its construction, which goes back to the supply.
    pub(crate) fn deploy_unit(&mut self, kind: UnitKind, to: Place, log: &mut impl EventSink) {
        if kind == UnitKind::DeathStar && self.count(to, UnitKind::DeathStarUnderConstruction) > 0 {
            let dsuc = UnitKind::DeathStarUnderConstruction.index();
            self.units[to.index()][dsuc] -= 1;
            self.supply[dsuc] += 1;
        }
        self.add_unit(to, kind);
        log.all(LogEvent::UnitDeployed { kind, place: to });
    }
}

pub(crate) fn legal_deploy(
    state: &GameState,
    side: Side,
    units: &[u8; UNIT_KINDS],
    placed: &[u8; PLACE_COUNT],
    out: &mut Vec<Action>,
) {
    // The one deploy rule (Refresh phase and Oversee Project): every kind but the Death Star
    // goes to the side's deploy places, the Death Star only where its construction stands.
    for to in state.deploy_places(side) {
        if placed[to.index()] >= 2 {
            continue;
        }
        for &k in UnitKind::of(side) {
            if units[k.index()] > 0 && k != UnitKind::DeathStar {
                out.push(Action::Deploy { kind: k, to });
            }
        }
    }
    let ds = UnitKind::DeathStar;
    if let (true, Some(site)) = (units[ds.index()] > 0, state.death_star_site()) {
        if placed[site.index()] < 2 {
            out.push(Action::Deploy { kind: ds, to: site });
        }
    }
    out.push(Action::Done);
}

pub(crate) fn deploy(
    state: &mut GameState,
    side: Side,
    mut units: [u8; UNIT_KINDS],
    mut placed: [u8; PLACE_COUNT],
    action: Action,
    log: &mut impl EventSink,
) {
    match action {
        Action::Deploy { kind, to } => {
            units[kind.index()] -= 1;
            placed[to.index()] += 1;
            state.deploy_unit(kind, to, log);
            if units.iter().any(|&n| n > 0) {
                state.stack.push(Frame::Deploy {
                    side,
                    units,
                    placed,
                });
            }
            // Deploying into the revealed base's system can win the game (rules §13.2); the
            // units still in hand then go back to the queue.
            state.settle(log);
        }
        _ => {
            // What is not deployed waits on space 1.
            for k in UnitKind::ALL {
                state.cards[side.index()].queue[0][k.index()] += units[k.index()];
            }
        }
    }
}

impl GameState {
    /// The construction is gone, however it went: the Death Star on the build queue goes
    /// with it (rules §15.2).
    pub(crate) fn dsuc_destroyed(&mut self, log: &mut impl EventSink) {
        for space in 0..3u8 {
            let q = &mut self.cards[Side::Empire.index()].queue[space as usize];
            let n = std::mem::take(&mut q[UnitKind::DeathStar.index()]);
            self.supply[UnitKind::DeathStar.index()] += n;
            for _ in 0..n {
                log.all(LogEvent::QueuedUnitDestroyed {
                    side: Side::Empire,
                    kind: UnitKind::DeathStar,
                    space: space + 1,
                });
            }
        }
    }
}
