//! Imperial missions and projects: where each may go and what it does
//! (docs/swr/cards/imperial-missions.md). `resolve` carries out the automatic parts; every
//! choice is an [`Effect`] frame whose `step` is one of the constants below, and `answer`
//! carries the card on from there. A mandatory choice with a single option is taken at once
//! and one with no option is skipped (see [`ask`]).

use super::{Effect, Source, Target};
use crate::action::Action;
use crate::data::cards::{ActionCard, Mission, Objective, TIME_TRACK_LENGTH};
use crate::data::leaders::LeaderId;
use crate::data::systems::{region_mask, systems_in, Icon, SystemId, ADJACENT};
use crate::data::units::{Health, Theater, UnitKind};
use crate::data::Side;
use crate::log::{EventSink, LogEvent, LogExt, Reshuffled};
use crate::rules::frames::{Frame, MissionRun};
use crate::rules::movement::may_leave;
use crate::rules::refresh::{free_supply_options, icons_of};
use crate::state::{GameState, LeaderPlace, Loyalty, Place, Ring};

// The questions, as `Effect::step`.
/// Rebel: use Noble Sacrifice on the Obi-Wan just captured (`leader`).
pub const NOBLE_SACRIFICE: u8 = 0;
/// Collect Bounty: the nearest system with Imperial units, among ties (`memo`: assigned leaders).
pub const BOUNTY_DESTINATION: u8 = 1;
/// Rebel, Homing Beacon: where in the base's region the rescued `leader` goes.
pub const HOMING_SYSTEM: u8 = 2;
/// Rebel, Interrogation Droid: a system other than the base (`memo`: those named, `count` of them).
pub const DROID_DECOY: u8 = 3;
/// Planetary Conquest: the system the ground units come from, or `Done`.
pub const CONQUEST_SOURCE: u8 = 4;
/// Planetary Conquest: the units to move (`memo`: source, then the count moved of each kind).
pub const CONQUEST_UNITS: u8 = 5;
/// Research and Development: clear the sabotage here (`System`) or study (`Done`).
pub const STUDY_OR_CLEAR: u8 = 6;
/// Research and Development: the project card to keep (`memo`: the two drawn).
pub const KEEP_PROJECT: u8 = 7;
/// Construct Death Star or Super Star Destroyer, with no unit of kind `count` in the supply:
/// destroy one on the board to place it, or `Done`.
pub const FREE_SUPPLY: u8 = 8;
/// Double Our Efforts: the queued unit to move one space on (`count` 1: Jerjerrod's extra one,
/// `memo`: Jerjerrod assigned, and the unit moved first).
pub const HASTEN: u8 = 9;
/// Fear Will Keep Them in Line: a system of the region (`memo`: those chosen, `count` of them).
pub const FEAR_SYSTEM: u8 = 10;
/// Hunt Them Down: a Rebel unit to destroy (`count`: health left to spend).
pub const HUNT: u8 = 11;
/// Retrieve the Plans: the objective to put at the bottom of the deck.
pub const RETRIEVE_PLANS: u8 = 12;
/// Oversee Project: the queued unit to deploy here.
pub const OVERSEE: u8 = 13;
/// Superlaser Online: a unit short of transport to destroy (`count` still to destroy).
pub const CULL: u8 = 14;
/// Superlaser Online: the populous system of the region that gains loyalty.
pub const REGION_LOYALTY: u8 = 15;

// ---------------------------------------------------------------------------------------
// Where each mission may go

pub(crate) fn targets(
    state: &GameState,
    _side: Side,
    mission: Mission,
    _leaders: &[Option<LeaderId>; 2],
    out: &mut Vec<Target>,
) {
    use Mission::*;
    let mut systems = |keep: &dyn Fn(SystemId) -> bool| {
        out.extend(
            SystemId::ALL
                .into_iter()
                .filter(|s| keep(*s))
                .map(|s| Target::Place(Place::System(s))),
        );
    };
    let imperial = |s: SystemId, kinds: &[UnitKind]| {
        kinds.iter().any(|k| state.count(Place::System(s), *k) > 0)
    };
    match mission {
        CaptureRebelOperative => out.extend(
            free_rebel_leaders(state)
                .filter(|(_, s)| state.has_units(Place::System(*s), Side::Empire))
                .map(|(l, _)| Target::Leader(l)),
        ),
        CollectBounty | Detained => {
            out.extend(free_rebel_leaders(state).map(|(l, _)| Target::Leader(l)))
        }
        CarbonFreezing => out.extend(
            captives(state)
                .filter(|l| state.leader(*l).ring == Some(Ring::Captured))
                .map(Target::Leader),
        ),
        HomingBeacon | Interrogation | InterrogationDroid | LureOfTheDarkSide
        | RetrieveThePlans => out.extend(captives(state).map(Target::Leader)),
        GatherIntel | InterceptTransmissions => systems(&|s| state.is_rebel_system(s)),
        ResearchAndDevelopment => systems(&|s| state.system(s).loyalty == Some(Loyalty::Empire)),
        RuleByFear => {
            systems(&|s| populous(state, s) && state.has_units(Place::System(s), Side::Empire))
        }
        AddressDelays
        | DoubleOurEfforts
        | ImperialPropaganda
        | SecretWeaponsResearch
        | ConstructFactory => systems(&|s| state.is_imperial_system(s)),
        DisplayOfPower | TradeNegotiations => systems(&|s| populous(state, s)),
        FearWillKeepThemInLine => systems(&|s| {
            imperial(
                s,
                &[
                    UnitKind::StarDestroyer,
                    UnitKind::SuperStarDestroyer,
                    UnitKind::DeathStar,
                ],
            )
        }),
        HuntThemDown | LongRangeProbe | PlanetaryConquest => systems(&|_| true),
        ProbeDroidInitiative => {
            systems(&|s| imperial(s, &[UnitKind::StarDestroyer, UnitKind::SuperStarDestroyer]))
        }
        ConstructDeathStar => {
            // Both pieces are needed: the construction from the supply, and a Death Star
            // from the supply or (destroyed to free it) from the board.
            let death_star = state.supply(UnitKind::DeathStar) > 0
                || Place::all().any(|p| state.count(p, UnitKind::DeathStar) > 0);
            if state.supply(UnitKind::DeathStarUnderConstruction) > 0 && death_star {
                systems(&|s| state.is_remote(s) && !state.has_units(Place::System(s), Side::Rebel));
            }
        }
        ConstructSuperStarDestroyer => {
            systems(&|s| state.is_imperial_system(s) && s.info().icons.contains(&Icon::SpaceSquare))
        }
        OverseeProject => systems(&|s| {
            let here = Place::System(s);
            state.has_units(here, Side::Empire) && !state.has_units(here, Side::Rebel)
        }),
        SuperlaserOnline => systems(&|s| imperial(s, &[UnitKind::DeathStar])),
        _ => {}
    }
}

fn populous(state: &GameState, s: SystemId) -> bool {
    state.is_populous(s)
}

/// Rebel leaders standing free in a system (not in the pool, on a mission card, in the hidden
/// Rebel Base space or captured), with their systems.
fn free_rebel_leaders(state: &GameState) -> impl Iterator<Item = (LeaderId, SystemId)> + '_ {
    LeaderId::ALL.into_iter().filter_map(|l| {
        let st = state.leader(l);
        match st.place {
            LeaderPlace::Board(Place::System(s))
                if st.controller == Side::Rebel && !st.is_captive() =>
            {
                Some((l, s))
            }
            _ => None,
        }
    })
}

/// Captured leaders (captured or carbonite ring).
fn captives(state: &GameState) -> impl Iterator<Item = LeaderId> + '_ {
    LeaderId::ALL.into_iter().filter(|l| {
        let st = state.leader(*l);
        st.is_captive() && matches!(st.place, LeaderPlace::Board(Place::System(_)))
    })
}

// ---------------------------------------------------------------------------------------
// Effects

pub(crate) fn resolve(state: &mut GameState, run: &MissionRun, log: &mut impl EventSink) {
    use Mission::*;
    let Some(place @ Place::System(here)) = run.place else {
        return;
    };
    let mut e = Effect::new(Source::Mission(run.mission), Side::Empire);
    e.place = Some(place);
    e.leader = run.against;
    let assigned = |l: LeaderId| run.leaders.contains(&Some(l));
    match run.mission {
        CaptureRebelOperative => capture_target(state, e, log),
        CollectBounty => {
            e.memo = run
                .leaders
                .iter()
                .flatten()
                .fold(0, |m, l| m | 1 << l.index());
            capture_target(state, e, log);
        }
        GatherIntel => {
            // Units at the base: those in the Rebel Base space while it is hidden (counting
            // the hidden base's system would give it away).
            let at_base = state.resolve_base_space(Place::RebelBase);
            let n: usize = UnitKind::of(Side::Rebel)
                .iter()
                .map(|k| state.count(at_base, *k) as usize)
                .sum();
            state.draw_probes((n / 4).max(1) as u8, log);
        }
        ResearchAndDevelopment => {
            if state.system(here).sabotaged {
                e.step = STUDY_OR_CLEAR;
                ask(state, e, log);
            } else {
                study(state, e, log);
            }
        }
        RuleByFear | TradeNegotiations => state.gain_loyalty(Side::Empire, here, log),
        DisplayOfPower => {
            state.gain_loyalty(Side::Empire, here, log);
            state.gain_loyalty(Side::Empire, here, log);
        }
        AddressDelays => build_from_icons(state, e),
        ConstructFactory => {
            clear_sabotage(state, here, log);
            build_from_icons(state, e);
        }
        CarbonFreezing => {
            let Some(l) = e.leader else { return };
            // One carbonite ring: a leader already frozen goes free.
            if let Some(frozen) = LeaderId::ALL
                .into_iter()
                .find(|o| *o != l && state.leader(*o).ring == Some(Ring::Carbonite))
            {
                state.rescue(frozen, log);
            }
            state.capture(l, Ring::Carbonite, log);
            lose_reputation(state, log);
            state.settle(log);
        }
        Detained => {
            let Some(l) = e.leader else { return };
            state.leaders[l.index()].detained = true;
            log.all(LogEvent::LeaderDetained { leader: l });
        }
        DoubleOurEfforts => {
            e.step = HASTEN;
            e.memo = assigned(LeaderId::Jerjerrod) as u64;
            ask(state, e, log);
        }
        FearWillKeepThemInLine => {
            let region: Vec<SystemId> = populous_in_region(state, here).collect();
            if region.len() <= 2 {
                for s in region {
                    state.gain_loyalty(Side::Empire, s, log);
                }
            } else {
                e.step = FEAR_SYSTEM;
                ask(state, e, log);
            }
        }
        HomingBeacon => {
            let Some(l) = e.leader else { return };
            // Freed, but placed by the Rebel in the base's region rather than at the base.
            state.leaders[l.index()].ring = None;
            log.all(LogEvent::LeaderRescued { leader: l });
            if state.base.is_some() {
                e.step = HOMING_SYSTEM;
                e.actor = Side::Rebel;
                ask(state, e, log);
            } else {
                state.put_leader(l, Place::RebelBase, log);
            }
        }
        HuntThemDown => {
            e.step = HUNT;
            e.count = 2;
            ask(state, e, log);
        }
        ImperialPropaganda => {
            for s in systems_in(region_mask(here.region())) {
                if state.system(s).loyalty == Some(Loyalty::Rebel) {
                    state.lose_loyalty_marker(s, log);
                }
            }
        }
        InterceptTransmissions => intercept(state, log),
        Interrogation => show_objectives(state, log),
        InterrogationDroid if state.base.is_some() => {
            e.step = DROID_DECOY;
            e.actor = Side::Rebel;
            ask(state, e, log);
        }
        LongRangeProbe => log.all(LogEvent::BaseProbed {
            system: here,
            found: state.base == Some(here),
        }),
        LureOfTheDarkSide => {
            let Some(l) = e.leader else { return };
            let st = &mut state.leaders[l.index()];
            st.ring = Some(Ring::LureOfTheDarkSide);
            st.controller = Side::Empire;
            st.detained = false;
            log.all(LogEvent::RingAttached {
                leader: l,
                ring: Ring::LureOfTheDarkSide,
            });
            if l == LeaderId::Luke {
                lose_reputation(state, log);
            }
            // The card stays aside for the rest of the game as the ring's reminder.
            if matches!(state.stack.last(), Some(Frame::Mission(m)) if m.mission == LureOfTheDarkSide)
            {
                state.stack.pop();
            }
            state.settle(log);
        }
        PlanetaryConquest => {
            e.step = CONQUEST_SOURCE;
            ask(state, e, log);
        }
        ProbeDroidInitiative => {
            state.draw_probes(2, log);
            if assigned(LeaderId::Ozzel) {
                state.draw_probes(2, log);
            }
        }
        RetrieveThePlans => {
            show_objectives(state, log);
            // The hand as shown: the choice is made from what the Empire was shown.
            e.memo = state.objectives.iter().fold(0, |m, o| m | 1 << *o as u64);
            e.step = RETRIEVE_PLANS;
            ask(state, e, log);
        }
        SecretWeaponsResearch => {
            let drawn: Vec<Mission> = (0..2).filter_map(|_| draw_project(state, log)).collect();
            take_projects(state, drawn, log);
        }
        ConstructDeathStar => {
            if state.supply(UnitKind::DeathStar) > 0 {
                place_death_star(state, here, log);
            } else {
                e.step = FREE_SUPPLY;
                e.count = UnitKind::DeathStar.index() as u8;
                ask(state, e, log);
            }
        }
        ConstructSuperStarDestroyer => {
            let queued = state.queue_unit(Side::Empire, UnitKind::SuperStarDestroyer, 3, log);
            if !queued {
                e.step = FREE_SUPPLY;
                e.count = UnitKind::SuperStarDestroyer.index() as u8;
                ask(state, e, log);
            }
        }
        OverseeProject => {
            e.step = OVERSEE;
            ask(state, e, log);
        }
        SuperlaserOnline => superlaser(state, e, here, log),
        _ => {}
    }
}

/// Asks `e`'s question, unless the card leaves no choice: with no option the step is skipped
/// (answered `Done`), and the single option of a mandatory choice is taken at once.
fn ask(state: &mut GameState, e: Effect, log: &mut impl EventSink) {
    if state.is_over() {
        return;
    }
    let mut options = Vec::new();
    legal(state, &e, &mut options);
    // A single choice is made at once, except Noble Sacrifice's window: asked even when the
    // Rebel holds no such card, so that asking does not tell the Empire.
    // Nor is Research and Development's choice of projects: asked even when both cards are
    // the same title, so that the Rebel cannot tell.
    let always = matches!(e.step, NOBLE_SACRIFICE | KEEP_PROJECT);
    if options.len() > 1 || (always && !options.is_empty()) {
        state.stack.push(Frame::Effect(e));
    } else {
        let only = options.pop().unwrap_or(Action::Done);
        answer(state, e, only, log);
    }
}

pub(crate) fn legal(state: &GameState, e: &Effect, out: &mut Vec<Action>) {
    let Some(Place::System(here)) = e.place else {
        return;
    };
    let at = Place::System(here);
    match e.step {
        NOBLE_SACRIFICE => {
            let card = ActionCard::NobleSacrifice;
            // Opened on what the Empire can see (Obi-Wan just captured), so that asking does
            // not tell whether the Rebel holds the card; offered only if held.
            if e.leader == Some(LeaderId::ObiWan) && state.leader(LeaderId::ObiWan).is_captive() {
                if state.cards(Side::Rebel).actions.contains(&card) {
                    out.push(Action::Card(card));
                }
                out.push(Action::Done);
            }
        }
        BOUNTY_DESTINATION => out.extend(nearest_guarded(state, here).map(Action::System)),
        HOMING_SYSTEM => {
            if let Some(base) = state.base {
                out.extend(systems_in(region_mask(base.region())).map(Action::System));
            }
        }
        DROID_DECOY => out.extend(
            SystemId::ALL
                .into_iter()
                .filter(|s| Some(*s) != state.base && e.memo & s.bit() as u64 == 0)
                .map(Action::System),
        ),
        CONQUEST_SOURCE => {
            out.extend(
                SystemId::ALL
                    .into_iter()
                    .filter(|s| {
                        let from = Place::System(*s);
                        *s != here
                            && CONQUERORS.iter().any(|(k, _)| state.count(from, *k) > 0)
                            && may_leave(state, from, Side::Empire, Some(e.source))
                    })
                    .map(Action::System),
            );
            out.push(Action::Done);
        }
        CONQUEST_UNITS => {
            let from = Place::System(SystemId(e.memo as u8));
            for (i, (kind, most)) in CONQUERORS.into_iter().enumerate() {
                if state.count(from, kind) > 0 && conquest_moved(e, i) < most {
                    out.push(Action::Move { kind, from });
                }
            }
            out.push(Action::Done);
        }
        STUDY_OR_CLEAR => out.extend([Action::System(here), Action::Done]),
        KEEP_PROJECT => {
            for m in decode_missions(e.memo) {
                if !out.contains(&Action::Mission(m)) {
                    out.push(Action::Mission(m));
                }
            }
        }
        FREE_SUPPLY => {
            let kind = UnitKind::ALL[e.count as usize];
            out.extend(free_supply_options(state, kind));
            // Construct Death Star can only be revealed with a Death Star to free (see its
            // targets): revealing it was the choice, so there is no declining now.
            let must = e.source == Source::Mission(Mission::ConstructDeathStar) && !out.is_empty();
            if !must {
                out.push(Action::Done);
            }
        }
        HASTEN => {
            let queue = &state.cards(Side::Empire).queue;
            let moved = (e.memo >> 8) as u8;
            for space in [2u8, 3] {
                for &kind in UnitKind::of(Side::Empire) {
                    let mut n = queue[space as usize - 1][kind.index()];
                    // The unit moved first cannot be moved again.
                    if e.count == 1 && moved == pack_queued(kind, space) {
                        n -= 1;
                    }
                    if n > 0 {
                        out.push(Action::Queued { kind, space });
                    }
                }
            }
            if e.count == 1 {
                out.push(Action::Done);
            }
        }
        FEAR_SYSTEM => out.extend(
            populous_in_region(state, here)
                .filter(|s| e.memo & s.bit() as u64 == 0)
                .map(Action::System),
        ),
        HUNT => {
            for &kind in UnitKind::of(Side::Rebel) {
                if state.count(at, kind) > 0 && health(kind).is_some_and(|h| h <= e.count) {
                    out.push(Action::Destroy { kind, at });
                }
            }
            out.push(Action::Done);
        }
        RETRIEVE_PLANS => {
            let shown = Objective::ALL
                .into_iter()
                .filter(|o| e.memo & 1 << *o as u64 != 0);
            out.extend(shown.map(Action::Objective));
        }
        OVERSEE => {
            if state.system(here).sabotaged {
                return;
            }
            let queue = &state.cards(Side::Empire).queue;
            for space in [1u8, 2] {
                for &kind in UnitKind::of(Side::Empire) {
                    // The card names the system, so the deploy limits on loyalty and
                    // remote systems give way to it; the Death Star still only completes
                    // where its construction stands.
                    if queue[space as usize - 1][kind.index()] > 0
                        && (kind != UnitKind::DeathStar || state.death_star_site() == Some(at))
                    {
                        out.push(Action::Queued { kind, space });
                    }
                }
            }
        }
        CULL => out.extend(
            UnitKind::of(Side::Empire)
                .iter()
                .filter(|k| k.info().needs_transport && state.count(at, **k) > 0)
                .map(|&kind| Action::Destroy { kind, at }),
        ),
        REGION_LOYALTY => out.extend(populous_in_region(state, here).map(Action::System)),
        _ => {}
    }
}

pub(crate) fn answer(
    state: &mut GameState,
    mut e: Effect,
    action: Action,
    log: &mut impl EventSink,
) {
    let Some(Place::System(here)) = e.place else {
        return;
    };
    let Source::Mission(mission) = e.source else {
        return;
    };
    match (e.step, action) {
        (NOBLE_SACRIFICE, Action::Card(card)) => {
            super::actions::use_card(state, card, log);
            state.eliminate(LeaderId::ObiWan, log);
            state.gain_reputation(1, log);
            after_capture(state, e, log);
        }
        (NOBLE_SACRIFICE, _) => after_capture(state, e, log),
        (BOUNTY_DESTINATION, Action::System(to)) => {
            // The captive and the bounty hunters go to the nearest Imperial units together;
            // only then may the captive be found unguarded.
            let to = Place::System(to);
            let movers = e
                .leader
                .filter(|l| state.leader(*l).is_captive())
                .into_iter();
            let hunters = LeaderId::ALL
                .into_iter()
                .filter(|l| e.memo & 1 << l.index() != 0);
            for l in movers.chain(hunters) {
                let place = state.leader(l).place;
                if matches!(place, LeaderPlace::Board(_)) && place != LeaderPlace::Board(to) {
                    state.put_leader(l, to, log);
                }
            }
            state.settle(log);
        }
        (BOUNTY_DESTINATION, _) => state.settle(log),
        (HOMING_SYSTEM, Action::System(s)) => {
            if let Some(l) = e.leader {
                state.put_leader(l, Place::System(s), log);
            }
            state.settle(log);
        }
        (DROID_DECOY, Action::System(s)) => {
            e.memo |= s.bit() as u64;
            e.count += 1;
            if e.count < 2 {
                ask(state, e, log);
            } else if let Some(base) = state.base {
                let mut systems = [base; 3];
                for (slot, s) in systems[1..].iter_mut().zip(systems_in(e.memo as u32)) {
                    *slot = s;
                }
                systems.sort();
                log.all(LogEvent::BaseAmong { systems });
            }
        }
        (CONQUEST_SOURCE, Action::System(s)) => {
            e.step = CONQUEST_UNITS;
            e.memo = s.index() as u64;
            ask(state, e, log);
        }
        (CONQUEST_UNITS, Action::Move { kind, from }) => {
            let i = CONQUERORS.iter().position(|(k, _)| *k == kind).unwrap_or(0);
            e.memo += 1 << (8 + 8 * i);
            state.move_unit(kind, from, Place::System(here), log);
            ask(state, e, log);
        }
        (CONQUEST_UNITS, _) => {
            let from = SystemId(e.memo as u8);
            if e.memo >> 8 != 0 {
                conquest_arrived(state, here, from, log);
            }
        }
        (STUDY_OR_CLEAR, Action::System(s)) => {
            clear_sabotage(state, s, log);
            let drawn = draw_project(state, log).into_iter().collect();
            take_projects(state, drawn, log);
        }
        (STUDY_OR_CLEAR, _) => study(state, e, log),
        (KEEP_PROJECT, Action::Mission(m)) => {
            let mut drawn = decode_missions(e.memo);
            if let Some(i) = drawn.iter().position(|x| *x == m) {
                drawn.remove(i);
            }
            // The other card goes to the bottom of the project deck, unseen by the Rebel.
            for other in drawn {
                state.project_deck.insert(0, other);
            }
            take_projects(state, vec![m], log);
        }
        (FREE_SUPPLY, Action::Destroy { kind, at }) => {
            state.destroy_unit(at, kind, log);
            state.settle(log);
            match mission {
                Mission::ConstructDeathStar => place_death_star(state, here, log),
                _ => {
                    state.queue_unit(Side::Empire, kind, 3, log);
                }
            }
        }
        (FREE_SUPPLY, _) if mission == Mission::ConstructDeathStar => {
            return_to_hand(state, mission, log)
        }
        (HASTEN, Action::Queued { kind, space }) => {
            let queue = &mut state.cards[Side::Empire.index()].queue;
            queue[space as usize - 1][kind.index()] -= 1;
            queue[space as usize - 2][kind.index()] += 1;
            log.all(LogEvent::QueueUnitMoved {
                side: Side::Empire,
                kind,
                from: space,
                to: space - 1,
            });
            if e.count == 0 && e.memo & 1 != 0 {
                // Jerjerrod: another unit may move too.
                e.count = 1;
                e.memo |= (pack_queued(kind, space - 1) as u64) << 8;
                ask(state, e, log);
            }
        }
        (FEAR_SYSTEM, Action::System(s)) => {
            // Both systems are chosen before either gains loyalty (a reveal between the two
            // would inform the second choice).
            e.memo |= s.bit() as u64;
            e.count += 1;
            if e.count < 2 {
                ask(state, e, log);
            } else {
                for s in crate::data::systems::systems_in(e.memo as u32) {
                    state.gain_loyalty(Side::Empire, s, log);
                }
            }
        }
        (HUNT, Action::Destroy { kind, at }) => {
            state.destroy_unit(at, kind, log);
            e.count -= health(kind).unwrap_or(e.count);
            ask(state, e, log);
        }
        (HUNT, _) => state.settle(log),
        (RETRIEVE_PLANS, Action::Objective(o)) => {
            if let Some(i) = state.objectives.iter().position(|x| *x == o) {
                state.objectives.remove(i);
                state.objective_deck.insert(0, o);
                log.all(LogEvent::ObjectiveToBottom { objective: o });
            }
        }
        (OVERSEE, Action::Queued { kind, space }) => {
            let at = Place::System(here);
            state.cards[Side::Empire.index()].queue[space as usize - 1][kind.index()] -= 1;
            state.deploy_unit(kind, at, log);
            state.settle(log);
        }
        (CULL, Action::Destroy { kind, at }) => {
            state.destroy_unit(at, kind, log);
            e.count -= 1;
            if e.count == 0 {
                e.step = REGION_LOYALTY;
            }
            ask(state, e, log);
        }
        (REGION_LOYALTY, Action::System(s)) => {
            state.gain_loyalty(Side::Empire, s, log);
            state.settle(log);
        }
        (REGION_LOYALTY, _) => state.settle(log),
        _ => {}
    }
}

// ---------------------------------------------------------------------------------------
// Shared procedures

/// Captures the target, then gives the Rebel the Noble Sacrifice answer if it applies.
fn capture_target(state: &mut GameState, mut e: Effect, log: &mut impl EventSink) {
    let Some(l) = e.leader else { return };
    // A capture ends a detention: a captive never goes back to the pool anyway.
    state.leaders[l.index()].detained = false;
    state.capture(l, Ring::Captured, log);
    e.step = NOBLE_SACRIFICE;
    e.actor = Side::Rebel;
    ask(state, e, log);
}

fn after_capture(state: &mut GameState, mut e: Effect, log: &mut impl EventSink) {
    e.actor = Side::Empire;
    if e.source == Source::Mission(Mission::CollectBounty) {
        e.step = BOUNTY_DESTINATION;
        ask(state, e, log);
    } else {
        state.settle(log);
    }
}

/// The systems holding Imperial units nearest to `from` (itself at distance 0), in map order.
fn nearest_guarded(state: &GameState, from: SystemId) -> impl Iterator<Item = SystemId> {
    let guarded = |s: SystemId| state.has_units(Place::System(s), Side::Empire);
    let (mut seen, mut frontier) = (from.bit(), from.bit());
    let mut found = 0;
    while frontier != 0 && found == 0 {
        found = systems_in(frontier)
            .filter(|s| guarded(*s))
            .fold(0, |m, s| m | s.bit());
        let next = systems_in(frontier).fold(0, |m, s| m | ADJACENT[s.index()]) & !seen;
        seen |= next;
        frontier = next;
    }
    systems_in(found)
}

fn populous_in_region(state: &GameState, s: SystemId) -> impl Iterator<Item = SystemId> + '_ {
    systems_in(region_mask(s.region())).filter(|s| populous(state, *s))
}

/// A unit's printed health (the Death Star has none).
fn health(kind: UnitKind) -> Option<u8> {
    match kind.info().health {
        Health::Red(h) | Health::Black(h) => Some(h),
        Health::None => None,
    }
}

/// The reputation marker moves one space away from the time marker (not past the track).
fn lose_reputation(state: &mut GameState, log: &mut impl EventSink) {
    state.reputation = (state.reputation + 1).min(TIME_TRACK_LENGTH);
    log.all(LogEvent::ReputationMoved {
        reputation: state.reputation,
    });
}

fn clear_sabotage(state: &mut GameState, s: SystemId, log: &mut impl EventSink) {
    if std::mem::take(&mut state.systems[s.index()].sabotaged) {
        log.all(LogEvent::SabotageRemoved { system: s });
    }
}

/// Shows the Rebel's objectives in card order (the order in hand would tell when each
/// was drawn).
fn show_objectives(state: &GameState, log: &mut impl EventSink) {
    if state.objectives.is_empty() {
        return; // nothing to show
    }
    let mut objectives = state.objectives.clone();
    objectives.sort();
    log.all(LogEvent::ObjectivesShown { objectives });
}

/// The card goes back to the Imperial hand instead of being used (its mission frame, now at
/// its last step, is dropped).
fn return_to_hand(state: &mut GameState, mission: Mission, log: &mut impl EventSink) {
    if let Some(Frame::Mission(m)) = state.stack.last() {
        if m.mission == mission {
            let slot = m.slot;
            state.stack.pop();
            state.cards[Side::Empire.index()].missions.push(mission);
            log.all(LogEvent::MissionReturned {
                side: Side::Empire,
                slot,
            });
        }
    }
}

// ---------------------------------------------------------------------------------------
// Cards and decks

/// The top project card; an empty deck is first refilled from the project discard pile.
fn draw_project(state: &mut GameState, log: &mut impl EventSink) -> Option<Mission> {
    let unseen = &mut state.cards[Side::Empire.index()].discarded_unseen;
    if state.project_deck.is_empty()
        && (!state.project_discard.is_empty() || unseen.iter().any(|m| m.is_project()))
    {
        let mut deck = std::mem::take(&mut state.project_discard);
        deck.extend(unseen.iter().filter(|m| m.is_project()));
        unseen.retain(|m| !m.is_project());
        deck.sort();
        state.project_deck = deck;
        state.rng.shuffle(&mut state.project_deck);
        log.all(LogEvent::DeckReshuffled {
            what: Reshuffled::Projects,
        });
    }
    state.project_deck.pop()
}

/// Project cards into the Imperial mission hand, seen only by the Empire.
fn take_projects(state: &mut GameState, drawn: Vec<Mission>, log: &mut impl EventSink) {
    if drawn.is_empty() {
        return;
    }
    state.cards[Side::Empire.index()]
        .missions
        .extend(drawn.iter().copied());
    let count = drawn.len() as u8;
    log.secret(
        Side::Empire,
        LogEvent::MissionsDrawn {
            side: Side::Empire,
            missions: Some(drawn),
            count,
        },
        LogEvent::MissionsDrawn {
            side: Side::Empire,
            missions: None,
            count,
        },
    );
}

/// Research and Development's study: two project cards drawn, one kept (asked when they
/// differ), the other to the bottom of the deck.
fn study(state: &mut GameState, mut e: Effect, log: &mut impl EventSink) {
    let drawn: Vec<Mission> = (0..2).filter_map(|_| draw_project(state, log)).collect();
    if drawn.len() < 2 {
        take_projects(state, drawn, log);
        return;
    }
    e.step = KEEP_PROJECT;
    e.memo = drawn
        .iter()
        .enumerate()
        .fold(0, |m, (i, x)| m | (*x as u64 + 1) << (8 * i));
    ask(state, e, log);
}

fn decode_missions(memo: u64) -> Vec<Mission> {
    (0..2)
        .map(|i| (memo >> (8 * i)) as u8)
        .filter(|b| *b != 0)
        .map(|b| Mission::ALL[b as usize - 1])
        .collect()
}

/// Intercept Transmissions: the top eight probe cards shown to the Rebel; the Empire takes
/// those of systems holding its units, the rest go back and the deck is shuffled.
fn intercept(state: &mut GameState, log: &mut impl EventSink) {
    let n = state.probe_deck.len().min(8);
    let drawn = state.probe_deck.split_off(state.probe_deck.len() - n);
    let (taken, back): (Vec<SystemId>, Vec<SystemId>) = drawn
        .iter()
        .partition(|s| state.has_units(Place::System(**s), Side::Empire));
    state.probes.extend(taken.iter().copied());
    let returned = back.len() as u8;
    state.probe_deck.extend(back);
    state.rng.shuffle(&mut state.probe_deck);
    log.secret(
        Side::Rebel,
        LogEvent::ProbesIntercepted {
            shown: Some(drawn),
            taken: taken.clone(),
            returned,
        },
        LogEvent::ProbesIntercepted {
            shown: None,
            taken,
            returned,
        },
    );
    log.all(LogEvent::DeckReshuffled {
        what: Reshuffled::Probes,
    });
}

// ---------------------------------------------------------------------------------------
// Units

/// Places units on the build queue from this system's icons, by the one rule for such cards
/// (`refresh::icons_of`): the Build step's question, icon by icon.
fn build_from_icons(state: &mut GameState, e: Effect) {
    let Some(Place::System(here)) = e.place else {
        return;
    };
    let icons = icons_of(state, Side::Empire, here);
    if !icons.is_empty() {
        state.stack.push(Frame::Build {
            side: Side::Empire,
            icons,
        });
    }
}

/// Construct Death Star: the construction in `s`, its Death Star on queue space 3.
fn place_death_star(state: &mut GameState, s: SystemId, log: &mut impl EventSink) {
    let place = Place::System(s);
    if state.take_from_supply(UnitKind::DeathStarUnderConstruction) {
        state.add_unit(place, UnitKind::DeathStarUnderConstruction);
        log.all(LogEvent::UnitPlaced {
            kind: UnitKind::DeathStarUnderConstruction,
            place,
        });
        state.queue_unit(Side::Empire, UnitKind::DeathStar, 3, log);
    }
    state.settle(log);
}

/// A queued unit as one byte (kind, space) for `Effect::memo`.
fn pack_queued(kind: UnitKind, space: u8) -> u8 {
    (kind.index() as u8 + 1) << 2 | space
}

/// The ground units Planetary Conquest may bring, with how many of each.
const CONQUERORS: [(UnitKind, u8); 3] = [
    (UnitKind::AtAt, 1),
    (UnitKind::AtSt, 1),
    (UnitKind::Stormtrooper, 2),
];

fn conquest_moved(e: &Effect, i: usize) -> u8 {
    (e.memo >> (8 + 8 * i)) as u8
}

/// Ground units arrived in `here` from `from`: the base is revealed first if they landed on
/// it, then a combat if Rebel ground units are there (the Rebel may not retreat to `from`).
fn conquest_arrived(
    state: &mut GameState,
    here: SystemId,
    from: SystemId,
    log: &mut impl EventSink,
) {
    if state.base == Some(here) {
        state.reveal_base(log);
    }
    let place = Place::System(here);
    if state.has_theater(place, Side::Rebel, Theater::Ground) && state.combat_due(here) {
        state.start_combat(here, Side::Empire, 1u64 << Place::System(from).index(), log);
    }
    state.settle(log);
}

/// Superlaser Online in `here`: the system is destroyed (its markers and Rebel ground units
/// gone, Imperial units beyond its ships' transport room culled), then a populous system of
/// the region gains loyalty. If the base was there, hidden or not, it is revealed (what stood
/// in the Rebel Base space was in that system), destroyed with it, and the Empire wins.
fn superlaser(state: &mut GameState, mut e: Effect, here: SystemId, log: &mut impl EventSink) {
    if state.base == Some(here) {
        state.reveal_base(log);
    }
    let place = Place::System(here);
    e.step = REGION_LOYALTY;
    if !state.system(here).destroyed {
        let st = &mut state.systems[here.index()];
        st.destroyed = true;
        let (loyalty, subjugated, sabotaged) = (
            st.loyalty.take(),
            std::mem::take(&mut st.subjugated),
            std::mem::take(&mut st.sabotaged),
        );
        log.all(LogEvent::SystemDestroyed { system: here });
        if loyalty.is_some() {
            log.all(LogEvent::LoyaltyChanged {
                system: here,
                loyalty: None,
            });
        }
        if subjugated {
            log.all(LogEvent::SubjugationLifted { system: here });
        }
        if sabotaged {
            log.all(LogEvent::SabotageRemoved { system: here });
        }
        for &kind in UnitKind::of(Side::Rebel) {
            if kind.is_ground() {
                for _ in 0..state.count(place, kind) {
                    state.destroy_unit(place, kind, log);
                }
            }
        }
        // The base's system destroyed: the game ends here.
        state.check_wins(log);
        if state.is_over() {
            return;
        }
        let (mut carried, mut room) = (0u32, 0u32);
        for &kind in UnitKind::of(Side::Empire) {
            let n = state.count(place, kind) as u32;
            if kind.info().needs_transport {
                carried += n;
            }
            room += n * kind.info().transport as u32;
        }
        if carried > room {
            e.step = CULL;
            e.count = (carried - room) as u8;
        }
    }
    ask(state, e, log);
}

#[cfg(test)]
#[path = "imperial_tests.rs"]
mod tests;
