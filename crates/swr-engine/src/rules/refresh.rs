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
            state.check_reputation(log);
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
    crate::rules::missions::discard_or_return(state, side, m);
    // Discarding from the hand: a starting mission never gets here.
    log.all(LogEvent::MissionDiscarded { side, mission: m });
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
        if st.destroyed || st.sabotaged || state.has_units(Place::System(s), side.other()) {
            continue;
        }
        let icons = s.info().icons;
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

/// The icons a card lets `side` build with in one system, each with its queue space: only
/// the left icon of a subjugated system, nothing while an enemy unit is there; a sabotage
/// marker does not stop a card (docs/swr/cards/actions.md A.3).
pub(crate) fn icons_of(state: &GameState, side: Side, s: SystemId) -> Vec<(Icon, u8)> {
    let st = state.system(s);
    if st.destroyed || state.has_units(Place::System(s), side.other()) {
        return Vec::new();
    }
    let icons = s.info().icons;
    let usable = if st.subjugated {
        &icons[..icons.len().min(1)]
    } else {
        icons
    };
    usable.iter().map(|i| (*i, s.info().build)).collect()
}

pub(crate) fn legal_build(
    state: &GameState,
    side: Side,
    icons: &[(Icon, u8)],
    out: &mut Vec<Action>,
) {
    let Some(&(icon, _)) = icons.first() else {
        return;
    };
    let kinds: Vec<UnitKind> = UnitKind::built_by(side, icon).collect();
    for &k in &kinds {
        if state.supply(k) > 0 {
            out.push(Action::Build(k));
        }
    }
    if out.is_empty() {
        // None left in the supply: one on the board may be destroyed to build it.
        for &k in &kinds {
            for p in Place::all() {
                if state.count(p, k) > 0 {
                    out.push(Action::Destroy { kind: k, at: p });
                }
            }
        }
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

    /// Where `side` may deploy (or place) new units.
    pub(crate) fn deploy_places(&self, side: Side) -> impl Iterator<Item = Place> + '_ {
        let systems = SystemId::ALL.into_iter().filter(move |s| {
            let st = self.system(*s);
            let mine = match side {
                Side::Empire => self.is_imperial_system(*s),
                Side::Rebel => self.is_rebel_system(*s),
            };
            mine && !s.is_remote()
                && !st.destroyed
                && !st.sabotaged
                && !self.has_units(Place::System(*s), side.other())
        });
        let base = (side == Side::Rebel && !self.base_revealed && self.base.is_some())
            .then_some(Place::RebelBase);
        systems.map(Place::System).chain(base)
    }
}

pub(crate) fn legal_deploy(
    state: &GameState,
    side: Side,
    units: &[u8; UNIT_KINDS],
    placed: &[u8; PLACE_COUNT],
    out: &mut Vec<Action>,
) {
    let dsuc = Place::all().find(|p| state.count(*p, UnitKind::DeathStarUnderConstruction) > 0);
    for to in state.deploy_places(side) {
        if placed[to.index()] >= 2 {
            continue;
        }
        for &k in UnitKind::of(side) {
            if units[k.index()] == 0 {
                continue;
            }
            // The Death Star is completed where its construction stands.
            if k == UnitKind::DeathStar && dsuc.is_some_and(|d| d != to) {
                continue;
            }
            out.push(Action::Deploy { kind: k, to });
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
            if kind == UnitKind::DeathStar
                && state.count(to, UnitKind::DeathStarUnderConstruction) > 0
            {
                state.units[to.index()][UnitKind::DeathStarUnderConstruction.index()] -= 1;
                state.supply[UnitKind::DeathStarUnderConstruction.index()] += 1;
            }
            state.add_unit(to, kind);
            log.all(LogEvent::UnitDeployed { kind, place: to });
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
    /// The DSUC is gone: the Death Star on the build queue goes with it.
    pub(crate) fn dsuc_destroyed(&mut self, log: &mut impl EventSink) {
        let _ = log;
        for space in 0..3 {
            let q = &mut self.cards[Side::Empire.index()].queue[space];
            let n = std::mem::take(&mut q[UnitKind::DeathStar.index()]);
            self.supply[UnitKind::DeathStar.index()] += n;
        }
    }
}
