//! Rebel missions: where each may go and what it does (docs/swr/cards/rebel-missions.md).
//!
//! Two cards act after the mission itself is over: Rapid Mobilization at the end of the
//! Command phase and Misdirection for the rest of the round. They leave a mark in the state's
//! [`crate::state::RoundMarks`]; the Command phase's end runs [`start_mobilizations`], and a
//! misdirected leader's mission is marked unopposable when it is revealed.

use super::{Effect, Source, Target};
use crate::action::Action;
use crate::data::cards::{Mission, Objective};
use crate::data::leaders::LeaderId;
use crate::data::systems::named::{DAGOBAH, KASHYYYK, MON_CALAMARI};
use crate::data::systems::{Icon, SystemId};
use crate::data::units::{Health, Theater, UnitKind};
use crate::data::Side;
use crate::log::{EventSink, LogEvent, LogExt};
use crate::rules::frames::{Frame, MissionRun};
use crate::rules::movement::{may_leave, waives};
use crate::state::{Assigned, GameState, LeaderPlace, Loyalty, Place, Ring};

/// The questions the Rebel missions ask (`Effect::step`); what `place`, `count` and `memo`
/// hold for each.
pub mod step {
    /// One of the objective cards taken (`memo`): Infiltration's new top card, Covert
    /// Operation's keeper, or the next card Stolen Plans puts back on top.
    pub const OBJECTIVE: u8 = 0;
    /// Contingency Plan: the starting mission in hand its leaders (`memo`) move onto.
    pub const START_MISSION: u8 = 1;
    /// Which captive in `place` is rescued.
    pub const RESCUE: u8 = 2;
    /// Daring Rescue: which of its leaders (`memo`) go back to the base.
    pub const GO_HOME: u8 = 3;
    /// Imperial units in `place` to destroy, `count` health still allowed.
    pub const DESTROY: u8 = 4;
    /// Imperial units on the build queue to destroy: Demolition for the icon of `place` at
    /// index `count`, Rogue Squadron Raid with `count` health still allowed.
    pub const DESTROY_QUEUED: u8 = 5;
    /// Units carried between the base and `place` (`count` more allowed, `memo` transport
    /// room and room used), or, with no `place`, Rapid Mobilization's new base among the
    /// probe cards drawn (`memo`): one step for both, so the prompt does not tell the Empire
    /// which option the Rebel took.
    pub const CARRY: u8 = 7;
    /// Misdirection: the leader whose missions the Empire may not oppose from its pool.
    pub const MISDIRECT: u8 = 8;
    /// Plant False Lead: where each taken probe card (`memo`) goes, top or bottom.
    pub const PROBE_CARDS: u8 = 9;
    /// Public Uprising: the unit of a circle icon (`count` 3), then of a triangle (2 and 1).
    pub const PLACE_UNITS: u8 = 10;
    /// Seek Yoda: which of its leaders (`memo`) takes the ring.
    pub const YODA: u8 = 11;
    /// Support of Mon Calamari: loyalty or a cruiser.
    pub const MON_CALAMARI: u8 = 12;
    /// Rapid Mobilization at the end of the Command phase: gather units (a system) or move
    /// the base (the Rebel Base space), drawing `count` probe cards.
    pub const MOBILIZE: u8 = 13;
}

// ---------------------------------------------------------------------------------------
// Where

pub(crate) fn targets(
    state: &GameState,
    _side: Side,
    mission: Mission,
    _leaders: &[Option<LeaderId>; 2],
    out: &mut Vec<Target>,
) {
    let base_space = match mission {
        Mission::RapidMobilization => state.base.is_some(),
        // No target of its own: its leaders go straight onto a starting mission in hand.
        Mission::ContingencyPlan => state.cards[Side::Rebel.index()]
            .missions
            .iter()
            .any(|m| m.is_starting()),
        _ => {
            out.extend(
                SystemId::ALL
                    .into_iter()
                    .filter(|s| allowed(state, mission, *s))
                    .map(|s| Target::Place(Place::System(s))),
            );
            return;
        }
    };
    if base_space {
        out.push(Target::Place(Place::RebelBase));
    }
}

fn allowed(state: &GameState, mission: Mission, s: SystemId) -> bool {
    use Mission::*;
    let st = state.system(s);
    let here = Place::System(s);
    let imperial_units = state.has_units(here, Side::Empire);
    match mission {
        BuildAlliance | Sabotage => state.is_populous(s),
        Infiltration | CovertOperation | Misdirection | PlantFalseLead | StolenPlans => {
            imperial_units
        }
        BaseDefenses => !st.destroyed && state.is_rebel_system(s),
        DaringRescue | ForTheGreaterGood => captives(state, here).next().is_some(),
        Demolition | RogueSquadronRaid => !st.destroyed && state.is_imperial_system(s),
        EstablishTradeRelations => !st.sabotaged,
        HiddenFleet => !imperial_units,
        HitAndRun | LeadTheStrikeTeam => true,
        IgniteRebellion | PublicUprising => !st.destroyed && st.subjugated,
        PlanTheAssault => state.has_theater(here, Side::Empire, Theater::Space),
        SeekYoda => s == DAGOBAH,
        SupportOfMonCalamari => s == MON_CALAMARI,
        WookieeUprising => s == KASHYYYK,
        _ => false,
    }
}

// ---------------------------------------------------------------------------------------
// What

pub(crate) fn resolve(state: &mut GameState, run: &MissionRun, log: &mut impl EventSink) {
    let mut e = Effect::new(Source::Mission(run.mission), Side::Rebel);
    e.place = run.place;
    let leaders = run
        .leaders
        .into_iter()
        .flatten()
        .fold(0, |m, l| m | bit(l.index()));
    match run.mission {
        Mission::RapidMobilization => {
            // It acts when the Command phase ends (`start_mobilizations`).
            let cards = if leaders.count_ones() == 2 { 8 } else { 4 };
            state.marks.mobilizations.push(cards);
        }
        Mission::ContingencyPlan => {
            e.step = step::START_MISSION;
            e.memo = leaders;
            offer(state, e, log);
        }
        _ => {
            if let Some(s) = run.place.and_then(Place::system) {
                resolve_in(state, e, s, leaders, log);
            }
        }
    }
}

/// The cards resolved in a system.
fn resolve_in(
    state: &mut GameState,
    mut e: Effect,
    s: SystemId,
    leaders: u64,
    log: &mut impl EventSink,
) {
    use Mission::*;
    let here = Place::System(s);
    let Source::Mission(mission) = e.source else {
        return;
    };
    match mission {
        BuildAlliance => state.gain_loyalty(Side::Rebel, s, log),
        // One marker at most per system.
        Sabotage if !state.systems[s.index()].sabotaged => {
            state.systems[s.index()].sabotaged = true;
            log.all(LogEvent::Sabotaged { system: s });
        }
        Infiltration | CovertOperation | StolenPlans => {
            e.step = step::OBJECTIVE;
            e.memo = take_objectives(state, if mission == StolenPlans { 4 } else { 2 }, log);
            objectives_taken(state, e, log);
        }
        BaseDefenses => {
            let home = state.resolve_base_space(Place::RebelBase);
            for kind in [UnitKind::IonCannon, UnitKind::ShieldGenerator] {
                place_from_supply(state, kind, home, log);
            }
            state.settle(log);
        }
        DaringRescue | ForTheGreaterGood => {
            e.memo = leaders;
            let list: Vec<LeaderId> = captives(state, here).collect();
            match list[..] {
                [] => after_rescue(state, e, log),
                [one] => {
                    state.rescue(one, log);
                    after_rescue(state, e, log);
                }
                _ => {
                    e.step = step::RESCUE;
                    offer(state, e, log);
                }
            }
        }
        Demolition | RogueSquadronRaid => {
            e.step = step::DESTROY_QUEUED;
            e.count = if mission == Demolition { 0 } else { 4 };
            offer(state, e, log);
        }
        EstablishTradeRelations => {
            state.gain_loyalty(Side::Rebel, s, log);
            // The icons as the one rule for such cards has them (`refresh::icons_of`),
            // read after the loyalty is gained.
            let icons = crate::rules::refresh::icons_of(state, Side::Rebel, s);
            if !icons.is_empty() {
                state.stack.push(Frame::Build {
                    side: Side::Rebel,
                    icons,
                });
            }
        }
        HiddenFleet | PlanTheAssault | LeadTheStrikeTeam => {
            e.step = step::CARRY;
            e.count = if mission == LeadTheStrikeTeam {
                4
            } else {
                u8::MAX
            };
            offer(state, e, log);
        }
        HitAndRun | WookieeUprising => {
            if mission == WookieeUprising {
                state.gain_loyalty(Side::Rebel, s, log);
            }
            e.step = step::DESTROY;
            e.count = if mission == HitAndRun { 2 } else { 4 };
            offer(state, e, log);
        }
        IgniteRebellion => {
            for _ in 0..3 {
                place_from_supply(state, UnitKind::RebelTrooper, here, log);
            }
            fight(state, here, 0, log);
        }
        Misdirection => {
            e.step = step::MISDIRECT;
            offer(state, e, log);
        }
        PlantFalseLead => {
            for _ in 0..state.probes.len().min(4) {
                let i = state.rng.below(state.probes.len());
                e.memo |= bit(state.probes.remove(i).index());
            }
            if e.memo != 0 {
                log.all(LogEvent::ProbesTaken {
                    systems: systems(e.memo).collect(),
                });
                e.step = step::PROBE_CARDS;
                offer(state, e, log);
            }
        }
        PublicUprising => {
            e.step = step::PLACE_UNITS;
            e.count = 3;
            offer(state, e, log);
        }
        SeekYoda => {
            let luke = &mut state.leaders[LeaderId::Luke.index()];
            if leaders & bit(LeaderId::Luke.index()) != 0 && !luke.jedi {
                luke.jedi = true;
                log.all(LogEvent::BecameJedi {
                    leader: LeaderId::Luke,
                });
            }
            match leaders_in(leaders).collect::<Vec<_>>()[..] {
                [one] => give_yoda(state, one, log),
                _ => {
                    e.step = step::YODA;
                    e.memo = leaders;
                    offer(state, e, log);
                }
            }
        }
        SupportOfMonCalamari => {
            e.step = step::MON_CALAMARI;
            offer(state, e, log);
        }
        _ => {}
    }
}

// ---------------------------------------------------------------------------------------
// Decisions

/// Asks `e`'s question, or answers `Done` at once when `Done` is all it could offer (a
/// step's `Done` always means "nothing more here": skip, stop or finish).
fn offer(state: &mut GameState, e: Effect, log: &mut impl EventSink) {
    let mut options = Vec::new();
    legal(state, &e, &mut options);
    if options.iter().any(|a| *a != Action::Done) {
        state.stack.push(Frame::Effect(e));
    } else {
        answer(state, e, Action::Done, log);
    }
}

pub(crate) fn legal(state: &GameState, e: &Effect, out: &mut Vec<Action>) {
    use Mission::*;
    let Source::Mission(mission) = e.source else {
        return;
    };
    let here = e.place.unwrap_or(Place::RebelBase);
    match e.step {
        step::OBJECTIVE => out.extend(objectives(e.memo).map(Action::Objective)),
        step::START_MISSION => {
            for &m in &state.cards[Side::Rebel.index()].missions {
                if m.is_starting() && !out.contains(&Action::Mission(m)) {
                    out.push(Action::Mission(m));
                }
            }
        }
        step::RESCUE => out.extend(captives(state, here).map(Action::Leader)),
        step::GO_HOME => {
            if state.resolve_base_space(Place::RebelBase) != here {
                out.extend(
                    leaders_in(e.memo)
                        .filter(|l| {
                            let st = state.leader(*l);
                            st.place == LeaderPlace::Board(here)
                                && st.controller == Side::Rebel
                                && !st.is_captive()
                        })
                        .map(Action::Leader),
                );
            }
            out.push(Action::Done);
        }
        step::DESTROY => {
            for &kind in UnitKind::of(Side::Empire) {
                if state.count(here, kind) > 0 && health(kind).is_some_and(|h| h <= e.count) {
                    out.push(Action::Destroy { kind, at: here });
                }
            }
            out.push(Action::Done);
        }
        step::DESTROY_QUEUED => {
            let icon = match mission {
                Demolition => match icons(state, here).get(e.count as usize) {
                    Some(icon) => Some(*icon),
                    None => return,
                },
                _ => None,
            };
            let queue = &state.cards[Side::Empire.index()].queue;
            for (space, row) in queue.iter().enumerate() {
                for &kind in UnitKind::of(Side::Empire) {
                    let fits = match icon {
                        Some(icon) => kind.info().built_from == Some(icon),
                        None => health(kind).is_some_and(|h| h <= e.count),
                    };
                    if row[kind.index()] > 0 && fits {
                        out.push(Action::Queued {
                            kind,
                            space: space as u8 + 1,
                        });
                    }
                }
            }
            if mission == RogueSquadronRaid {
                out.push(Action::Done);
            }
        }
        step::CARRY if e.place.is_none() => {
            out.extend(
                systems(e.memo)
                    .filter(|s| may_be_base(state, *s))
                    .map(Action::Probe),
            );
            out.push(Action::Done);
        }
        step::CARRY => {
            carry_options(state, e, out);
            out.push(Action::Done);
        }
        step::MISDIRECT => out.extend(
            LeaderId::ALL
                .into_iter()
                .filter(|l| {
                    let st = state.leader(*l);
                    st.controller == Side::Rebel
                        && !st.is_captive()
                        && !matches!(st.place, LeaderPlace::Unrecruited | LeaderPlace::Eliminated)
                })
                .map(Action::Leader),
        ),
        step::PROBE_CARDS => {
            for s in systems(e.memo) {
                out.push(Action::Probe(s));
                out.push(Action::System(s));
            }
        }
        step::PLACE_UNITS => {
            let shapes = if e.count == 3 {
                [Icon::SpaceCircle, Icon::GroundCircle]
            } else {
                [Icon::SpaceTriangle, Icon::GroundTriangle]
            };
            for &kind in UnitKind::of(Side::Rebel) {
                let shape = kind.info().built_from.is_some_and(|i| shapes.contains(&i));
                if shape && state.supply(kind) > 0 {
                    out.push(Action::Deploy { kind, to: here });
                }
            }
        }
        step::YODA => out.extend(leaders_in(e.memo).map(Action::Leader)),
        step::MON_CALAMARI => {
            if !state.system(MON_CALAMARI).destroyed {
                out.push(Action::System(MON_CALAMARI));
            }
            let cruiser = UnitKind::MonCalamariCruiser;
            if state.supply(cruiser) > 0 {
                out.push(Action::Build(cruiser));
            } else {
                // None in the supply: one on the board may be destroyed to free it, or not.
                let free: Vec<Action> =
                    crate::rules::refresh::free_supply_options(state, cruiser).collect();
                if !free.is_empty() {
                    out.extend(free);
                    out.push(Action::Done);
                }
            }
        }
        step::MOBILIZE => {
            if !state.base_revealed {
                // A gathering needs ships to leave from, and no Rebel leader keeping them
                // there (the card waives only adjacency).
                out.extend(
                    SystemId::ALL
                        .into_iter()
                        .filter(|s| {
                            let from = Place::System(*s);
                            state.has_theater(from, Side::Rebel, Theater::Space)
                                && may_leave(state, from, Side::Rebel, Some(e.source))
                        })
                        .map(Action::System),
                );
            }
            out.push(Action::Place(Place::RebelBase));
        }
        _ => {}
    }
}

pub(crate) fn answer(
    state: &mut GameState,
    mut e: Effect,
    action: Action,
    log: &mut impl EventSink,
) {
    use Mission::*;
    let Source::Mission(mission) = e.source else {
        return;
    };
    let here = e.place.unwrap_or(Place::RebelBase);
    match (e.step, action) {
        (step::OBJECTIVE, Action::Objective(o)) => {
            e.memo &= !bit(o as usize);
            match mission {
                CovertOperation => {
                    keep_objective(state, o, log);
                    objectives_to_bottom(state, e.memo, log);
                }
                Infiltration => {
                    state.objective_deck.push(o);
                    objectives_to_bottom(state, e.memo, log);
                }
                _ => {
                    state.objective_deck.push(o);
                    objectives_taken(state, e, log);
                }
            }
        }
        (step::START_MISSION, Action::Mission(m)) => {
            // Lando's portrait: his next attempt this round gains two successes.
            if leaders_in(e.memo).any(|l| l == LeaderId::Lando) {
                state.marks.lando_bonus = true;
            }
            assign_again(state, m, e.memo, log)
        }
        (step::RESCUE, Action::Leader(l)) => {
            state.rescue(l, log);
            after_rescue(state, e, log);
        }
        (step::RESCUE, _) => after_rescue(state, e, log),
        (step::GO_HOME, Action::Leader(l)) => {
            state.put_leader(l, Place::RebelBase, log);
            e.memo &= !bit(l.index());
            offer(state, e, log);
        }
        (step::DESTROY, Action::Destroy { kind, at }) => {
            state.destroy_unit(at, kind, log);
            e.count -= health(kind).unwrap_or(0);
            state.settle(log);
            offer(state, e, log);
        }
        (step::DESTROY_QUEUED, _) => {
            if let Action::Queued { kind, space } = action {
                destroy_queued(state, kind, space, log);
            }
            match (mission, action) {
                (RogueSquadronRaid, Action::Queued { kind, .. }) => {
                    e.count -= health(kind).unwrap_or(0);
                    offer(state, e, log);
                }
                (Demolition, _) => {
                    e.count += 1;
                    if (e.count as usize) < icons(state, here).len() {
                        offer(state, e, log);
                    }
                }
                _ => {}
            }
        }
        (step::CARRY, Action::Probe(new)) => {
            e.memo &= !bit(new.index());
            move_base(state, new, log);
            probes_to_bottom(state, e.memo);
        }
        (step::CARRY, Action::Move { kind, from }) => {
            let (_, to) = carry_route(state, &e);
            state.move_unit(kind, from, to, log);
            let (mut room, mut used) = (e.memo as u8, (e.memo >> 8) as u8);
            room = room.saturating_add(kind.info().transport);
            if !waives(e.source).transport && kind.info().needs_transport {
                used += 1;
            }
            e.memo = room as u64 | (used as u64) << 8;
            e.count = e.count.saturating_sub(1);
            offer(state, e, log);
        }
        (step::CARRY, _) if e.place.is_none() => probes_to_bottom(state, e.memo),
        (step::CARRY, _) => end_carry(state, &e, log),
        (step::MISDIRECT, Action::Leader(l)) => {
            log.all(LogEvent::Misdirected { leader: l });
            state.marks.misdirected |= 1 << l.index();
        }
        (step::PROBE_CARDS, Action::Probe(s) | Action::System(s)) => {
            e.memo &= !bit(s.index());
            if matches!(action, Action::Probe(_)) {
                state.probe_deck.push(s);
            } else {
                state.probe_deck.insert(0, s);
            }
            if e.memo != 0 {
                offer(state, e, log);
            }
        }
        (step::PLACE_UNITS, _) => {
            if let Action::Deploy { kind, to } = action {
                place_from_supply(state, kind, to, log);
            }
            e.count -= 1;
            if e.count > 0 {
                offer(state, e, log);
            } else {
                fight(state, here, 0, log);
            }
        }
        (step::YODA, Action::Leader(l)) => give_yoda(state, l, log),
        (step::MON_CALAMARI, Action::System(s)) => {
            state.gain_loyalty(Side::Rebel, s, log);
            state.gain_loyalty(Side::Rebel, s, log);
        }
        (step::MON_CALAMARI, Action::Build(kind)) => {
            state.queue_unit(Side::Rebel, kind, 3, log);
        }
        (step::MON_CALAMARI, Action::Destroy { kind, at }) => {
            state.destroy_unit(at, kind, log);
            state.settle(log);
            state.queue_unit(Side::Rebel, kind, 3, log);
        }
        (step::MOBILIZE, Action::System(s)) => {
            e.step = step::CARRY;
            e.place = Some(Place::System(s));
            e.count = 5;
            offer(state, e, log);
        }
        (step::MOBILIZE, Action::Place(_)) => {
            let drawn = e.count;
            e.step = step::CARRY;
            e.place = None;
            let mut seen = Vec::new();
            for _ in 0..drawn {
                if let Some(s) = state.probe_deck.pop() {
                    e.memo |= bit(s.index());
                    seen.push(s);
                }
            }
            seen.sort();
            let count = seen.len() as u8;
            log.secret(
                Side::Rebel,
                LogEvent::ProbesSeen {
                    systems: Some(seen),
                    count,
                },
                LogEvent::ProbesSeen {
                    systems: None,
                    count,
                },
            );
            // Asked even when no card may be chosen, so that the Empire's prompts are the
            // same whatever was drawn.
            state.stack.push(Frame::Effect(e));
        }
        _ => {}
    }
}

// ---------------------------------------------------------------------------------------
// The end of the Command phase: Rapid Mobilization

/// Asks the pending Rapid Mobilizations, the first revealed first (on top).
pub(crate) fn start_mobilizations(state: &mut GameState) {
    let pending = std::mem::take(&mut state.marks.mobilizations);
    for cards in pending.into_iter().rev() {
        let mut mobilize = Effect::new(Source::Mission(Mission::RapidMobilization), Side::Rebel);
        mobilize.step = step::MOBILIZE;
        mobilize.count = cards;
        state.stack.push(Frame::Effect(mobilize));
    }
}

/// Rapid Mobilization's new base: the old card is shown and goes to the Empire, what stood
/// in the Rebel Base space goes to the old system, and the new card is hidden.
fn move_base(state: &mut GameState, new: SystemId, log: &mut impl EventSink) {
    state.reveal_base(log);
    if let Some(old) = state.base {
        state.probes.push(old);
    }
    state.base = Some(new);
    state.base_revealed = false;
    log.secret(
        Side::Rebel,
        LogEvent::BaseChosen { system: Some(new) },
        LogEvent::BaseChosen { system: None },
    );
    state.settle(log);
}

fn may_be_base(state: &GameState, s: SystemId) -> bool {
    let st = state.system(s);
    st.loyalty != Some(Loyalty::Empire)
        && !st.destroyed
        && !state.has_units(Place::System(s), Side::Empire)
}

fn probes_to_bottom(state: &mut GameState, mask: u64) {
    let mut rest: Vec<SystemId> = systems(mask).collect();
    state.rng.shuffle(&mut rest);
    state.probe_deck.splice(0..0, rest);
}

// ---------------------------------------------------------------------------------------
// Carrying units between the base and a system

/// Where the units of a carrying effect come from and go to: from the base (the Rebel Base
/// space, or the base's system once revealed) to the target, or for Rapid Mobilization's
/// gathering from the chosen system to the Rebel Base space.
fn carry_route(state: &GameState, e: &Effect) -> (Place, Place) {
    let place = e.place.unwrap_or(Place::RebelBase);
    match e.source {
        Source::Mission(Mission::RapidMobilization) => (place, Place::RebelBase),
        _ => (state.resolve_base_space(Place::RebelBase), place),
    }
}

/// Units that may still go: not structures; Plan the Assault only ships; Lead the Strike
/// Team only ground units and no transport; otherwise ground units need room on ships
/// moved with them.
fn carry_options(state: &GameState, e: &Effect, out: &mut Vec<Action>) {
    let (from, to) = carry_route(state, e);
    if from == to || e.count == 0 {
        return;
    }
    // The movement rules, less what the card waives (`movement::waives`).
    if !may_leave(state, from, Side::Rebel, Some(e.source)) {
        return;
    }
    let free_transport = waives(e.source).transport;
    let (room, used) = (e.memo as u8, (e.memo >> 8) as u8);
    for &kind in UnitKind::of(Side::Rebel) {
        if state.count(from, kind) == 0 || kind.info().immobile {
            continue;
        }
        let ok = match e.source {
            Source::Mission(Mission::PlanTheAssault) => kind.is_ship(),
            Source::Mission(Mission::LeadTheStrikeTeam) => kind.is_ground(),
            _ => !kind.info().needs_transport || free_transport || room > used,
        };
        if ok {
            out.push(Action::Move { kind, from });
        }
    }
}

/// After carrying: Plan the Assault fights; Lead the Strike Team fights only where Imperial
/// ground units are.
fn end_carry(state: &mut GameState, e: &Effect, log: &mut impl EventSink) {
    let (from, to) = carry_route(state, e);
    let fights = match e.source {
        Source::Mission(Mission::PlanTheAssault) => true,
        Source::Mission(Mission::LeadTheStrikeTeam) => {
            state.has_theater(to, Side::Empire, Theater::Ground)
        }
        _ => false,
    };
    if fights {
        fight(state, to, 1u64 << from.index(), log);
    } else {
        state.settle(log);
    }
}

/// A combat started by a mission in `place`, the Rebel as the current player, if both sides
/// now share a theatre there.
fn fight(state: &mut GameState, place: Place, sources: u64, log: &mut impl EventSink) {
    if let Place::System(s) = place {
        if state.combat_due(s) {
            state.start_combat(s, Side::Rebel, sources, log);
        }
    }
    state.settle(log);
}

// ---------------------------------------------------------------------------------------
// Objectives

/// Takes up to `n` objective cards off the top of the deck.
/// Takes the top `n` objective cards for the Rebel to look at (as bits).
fn take_objectives(state: &mut GameState, n: usize, log: &mut impl EventSink) -> u64 {
    let mut taken = 0;
    let mut seen = Vec::new();
    for _ in 0..n {
        if let Some(o) = state.objective_deck.pop() {
            taken |= bit(o as usize);
            seen.push(o);
        }
    }
    seen.sort();
    let count = seen.len() as u8;
    log.secret(
        Side::Rebel,
        LogEvent::ObjectivesSeen {
            objectives: Some(seen),
            count,
        },
        LogEvent::ObjectivesSeen {
            objectives: None,
            count,
        },
    );
    taken
}

/// The cards still in hand after a choice: one left needs no decision.
fn objectives_taken(state: &mut GameState, e: Effect, log: &mut impl EventSink) {
    let left: Vec<Objective> = objectives(e.memo).collect();
    match (e.source, &left[..]) {
        (_, []) => {}
        (Source::Mission(Mission::CovertOperation), [only]) => keep_objective(state, *only, log),
        (_, [only]) => state.objective_deck.push(*only),
        _ => offer(state, e, log),
    }
}

fn keep_objective(state: &mut GameState, o: Objective, log: &mut impl EventSink) {
    state.objectives.push(o);
    log.secret(
        Side::Rebel,
        LogEvent::ObjectiveDrawn { objective: Some(o) },
        LogEvent::ObjectiveDrawn { objective: None },
    );
}

fn objectives_to_bottom(state: &mut GameState, mask: u64, log: &mut impl EventSink) {
    for o in objectives(mask) {
        state.objective_deck.insert(0, o);
        log.only(Side::Rebel, LogEvent::ObjectiveToBottom { objective: o });
    }
}

// ---------------------------------------------------------------------------------------
// Small pieces

fn bit(i: usize) -> u64 {
    1 << i
}

fn leaders_in(mask: u64) -> impl Iterator<Item = LeaderId> {
    LeaderId::ALL
        .into_iter()
        .filter(move |l| mask & bit(l.index()) != 0)
}

fn systems(mask: u64) -> impl Iterator<Item = SystemId> {
    SystemId::ALL
        .into_iter()
        .filter(move |s| mask & bit(s.index()) != 0)
}

fn objectives(mask: u64) -> impl Iterator<Item = Objective> {
    Objective::ALL
        .into_iter()
        .filter(move |o| mask & bit(*o as usize) != 0)
}

fn captives(state: &GameState, place: Place) -> impl Iterator<Item = LeaderId> + '_ {
    state
        .leaders_at(place)
        .filter(|l| state.leader(*l).is_captive())
}

/// A unit's health; the Death Star has none and no effect that counts health can take it.
fn health(kind: UnitKind) -> Option<u8> {
    match kind.info().health {
        Health::Red(h) | Health::Black(h) => Some(h),
        Health::None => None,
    }
}

/// The printed icons of `place`'s system (none once destroyed), for Demolition: it counts
/// icons, it does not build with them, so the Build step's limits do not apply.
fn icons(state: &GameState, place: Place) -> &'static [Icon] {
    place.system().map_or(&[], |s| state.resource_icons(s))
}

fn place_from_supply(
    state: &mut GameState,
    kind: UnitKind,
    place: Place,
    log: &mut impl EventSink,
) {
    if state.take_from_supply(kind) {
        state.add_unit(place, kind);
        log.all(LogEvent::UnitPlaced { kind, place });
    }
}

/// Destroys one unit of `kind` on the Imperial build queue at `space` (1–3).
fn destroy_queued(state: &mut GameState, kind: UnitKind, space: u8, log: &mut impl EventSink) {
    let n = &mut state.cards[Side::Empire.index()].queue[space as usize - 1][kind.index()];
    *n -= 1;
    state.supply[kind.index()] += 1;
    log.all(LogEvent::QueuedUnitDestroyed {
        side: Side::Empire,
        kind,
        space,
    });
}

/// Daring Rescue's leaders may go home; For the Greater Good draws an objective.
fn after_rescue(state: &mut GameState, mut e: Effect, log: &mut impl EventSink) {
    match e.source {
        Source::Mission(Mission::DaringRescue) => {
            let place = e.place;
            e.step = step::GO_HOME;
            offer(state, e, log);
            // It Is Your Destiny answers the rescue before its leaders may go home.
            state.stack.push(super::actions::destiny_window(place));
        }
        _ => state.draw_objective(log),
    }
}

/// Contingency Plan: its leaders go face down onto `m`, a new mission to reveal later.
fn assign_again(state: &mut GameState, m: Mission, leaders: u64, log: &mut impl EventSink) {
    let c = &mut state.cards[Side::Rebel.index()];
    let Some(i) = c.missions.iter().position(|x| *x == m) else {
        return;
    };
    c.missions.remove(i);
    let mut on_card = [None, None];
    for (spot, l) in on_card.iter_mut().zip(leaders_in(leaders)) {
        *spot = Some(l);
    }
    c.assigned.push(Assigned {
        mission: m,
        leaders: on_card,
    });
    let slot = (c.assigned.len() - 1) as u8;
    for l in on_card.into_iter().flatten() {
        state.leaders[l.index()].place = LeaderPlace::OnMission(slot);
    }
    let assigned = |mission| LogEvent::MissionAssigned {
        side: Side::Rebel,
        slot,
        mission,
        leaders: on_card,
    };
    log.secret(Side::Rebel, assigned(Some(m)), assigned(None));
}

/// The single Yoda ring moves to `l`, replacing any ring `l` had.
fn give_yoda(state: &mut GameState, l: LeaderId, log: &mut impl EventSink) {
    for st in state.leaders.iter_mut() {
        if st.ring == Some(Ring::Yoda) {
            st.ring = None;
        }
    }
    state.attach_ring(l, Ring::Yoda, log);
}

#[cfg(test)]
#[path = "rebel_tests.rs"]
mod tests;
