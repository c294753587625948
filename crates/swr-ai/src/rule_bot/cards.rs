//! Missions (what each is worth, where to attempt it, whether to oppose the opponent's) and
//! the choices card effects ask for.

use super::inline_vec::InlineVec;
use super::table::{health, mission_odds, unit_value, Table, PLACES};
use swr_engine::data::cards::ObjectiveTiming;
use swr_engine::data::systems::named::{CORUSCANT, DAGOBAH, KASHYYYK, MON_CALAMARI};
use swr_engine::data::systems::{region_mask, systems_in, ADJACENT};
use swr_engine::log::{Face, LogEvent};
use swr_engine::view::LeaderSpot;
use swr_engine::{
    Action, ActionCard, LeaderId, Loyalty, Mission, MissionStep, Objective, Place, Ring, Side,
    Skill, Source, SystemId, Tactic, Theater, UnitKind,
};

// ---------------------------------------------------------------------------------------
// Facts the missions ask about

/// Rebel leaders standing free in a system.
fn free_rebels<'a>(t: &'a Table) -> impl Iterator<Item = (LeaderId, SystemId)> + 'a {
    t.v.leaders.iter().filter_map(|l| match l.spot {
        LeaderSpot::Board(Place::System(s))
            if l.controller == Side::Rebel && !t.captive(l.leader) =>
        {
            Some((l.leader, s))
        }
        _ => None,
    })
}

/// Captured leaders, with their systems.
fn captives<'a>(t: &'a Table) -> impl Iterator<Item = (LeaderId, SystemId)> + 'a {
    t.v.leaders.iter().filter_map(|l| match l.spot {
        LeaderSpot::Board(Place::System(s)) if t.captive(l.leader) => Some((l.leader, s)),
        _ => None,
    })
}

/// How much a Rebel leader matters (to capture, or to save).
fn leader_worth(t: &Table, l: LeaderId) -> f64 {
    let v = t.values(l);
    let skills: u8 = v.skills.iter().sum();
    let tactics = v.tactics.map_or(0, |(a, b)| a + b);
    1.0 + skills as f64 * 0.35 + tactics as f64 * 0.1 + if l == LeaderId::Luke { 1.0 } else { 0.0 }
}

/// Value to the Empire of gaining `times` Imperial loyalty in `s`.
fn empire_loyalty(t: &Table, s: SystemId, times: u8) -> f64 {
    if !t.populous(s) || s == CORUSCANT {
        return 0.0;
    }
    let n = t.candidate_count().max(1) as f64;
    let reveal = if t.is_candidate(s) && !t.base_revealed {
        4.0 + 40.0 / n
    } else {
        0.0
    };
    match (t.loyalty(s), times) {
        (Some(Loyalty::Empire), _) => 0.0,
        (Some(Loyalty::Rebel), 1) => 1.6,
        (Some(Loyalty::Rebel), _) => 2.6 + reveal,
        (None, _) => {
            if t.subjugated(s) {
                0.6
            } else {
                1.0 + reveal
            }
        }
    }
}

/// Value to the Rebel of gaining `times` Rebel loyalty in `s`.
fn rebel_loyalty(t: &Table, s: SystemId, times: u8) -> f64 {
    if !t.populous(s) || s == CORUSCANT {
        return 0.0;
    }
    let region = region_mask(s.region());
    let others_rebel = systems_in(region & !s.bit())
        .filter(|o| t.populous(*o))
        .all(|o| t.loyalty(o) == Some(Loyalty::Rebel));
    let completes = if others_rebel { 0.8 } else { 0.0 };
    match (t.loyalty(s), times) {
        (Some(Loyalty::Rebel), _) => 0.0,
        (Some(Loyalty::Empire), 1) => 1.0,
        (Some(Loyalty::Empire), _) => 2.2 + completes,
        (None, _) => {
            let under = if t.subjugated(s) { 0.6 } else { 1.0 };
            under * (2.0 + completes)
        }
    }
}

/// The dice the leaders of `side` already in `place` would roll for `skill`.
fn dice_at(t: &Table, place: Place, side: Side, skill: Skill, every: bool) -> u8 {
    t.leaders_at(place)
        .filter(|l| t.leader_state(*l).controller == side && !t.captive(*l))
        .map(|l| {
            if every {
                t.values(l).skills.iter().sum()
            } else {
                t.skill(l, skill)
            }
        })
        .sum()
}

/// Chance that an attempt by `mission`'s owner in `place` (or against `against`) succeeds,
/// counting the opposing leaders already there and one more the opponent may send.
fn success(t: &Table, mission: Mission, place: Place, own_dice: u8) -> f64 {
    let info = mission.info();
    if !info.attempt {
        return 1.0;
    }
    let side = mission.side();
    let other = side.other();
    let present = dice_at(t, place, other, info.skill, false);
    let pool_best = t.pool(other).map(|l| t.skill(l, info.skill)).max();
    let here = t
        .leaders_at(place)
        .any(|l| t.leader_state(l).controller == other && !t.captive(l));
    let opposed_now = if here {
        mission_odds(own_dice, 0, Some(present))
    } else {
        1.0
    };
    match pool_best {
        Some(b) => 0.5 * opposed_now + 0.5 * mission_odds(own_dice, 0, Some(present + b)),
        None => opposed_now,
    }
}

/// Projects are worth drawing (a Death Star to build or fire, Super Star Destroyers).
fn project_worth(t: &Table) -> f64 {
    if t.v.project_deck == 0 && t.v.project_discard.is_empty() {
        0.0
    } else {
        2.0
    }
}

/// Probe cards drawn are worth this much each while the base is hidden.
fn probe_worth(t: &Table) -> f64 {
    if t.base_revealed || t.candidate_count() <= 1 || t.v.probe_deck == 0 {
        0.1
    } else {
        1.3
    }
}

/// Where a mission may go: at most every place, or every leader.
type Targets = InlineVec<Action, PLACES>;

/// Where a mission may go, as the engine would offer it (near enough: the engine checks).
fn targets(t: &Table, m: Mission) -> Targets {
    use Mission::*;
    let systems = |f: &dyn Fn(SystemId) -> bool| -> Targets {
        SystemId::ALL
            .into_iter()
            .filter(|s| f(*s))
            .map(|s| Action::Place(Place::System(s)))
            .collect()
    };
    let imperial_units = |s: SystemId| t.has(Place::System(s), Side::Empire);
    let has =
        |s: SystemId, kinds: &[UnitKind]| kinds.iter().any(|k| t.count(Place::System(s), *k) > 0);
    match m {
        CaptureRebelOperative => free_rebels(t)
            .filter(|(_, s)| imperial_units(*s))
            .map(|(l, _)| Action::Leader(l))
            .collect(),
        CollectBounty | Detained => free_rebels(t).map(|(l, _)| Action::Leader(l)).collect(),
        CarbonFreezing => captives(t)
            .filter(|(l, _)| t.leader_state(*l).ring == Some(Ring::Captured))
            .map(|(l, _)| Action::Leader(l))
            .collect(),
        HomingBeacon | Interrogation | InterrogationDroid | LureOfTheDarkSide
        | RetrieveThePlans => captives(t).map(|(l, _)| Action::Leader(l)).collect(),
        GatherIntel | InterceptTransmissions => systems(&|s| t.rebel_system(s)),
        ResearchAndDevelopment => systems(&|s| t.loyalty(s) == Some(Loyalty::Empire)),
        RuleByFear => systems(&|s| t.populous(s) && imperial_units(s)),
        AddressDelays
        | DoubleOurEfforts
        | ImperialPropaganda
        | SecretWeaponsResearch
        | ConstructFactory => systems(&|s| t.imperial_system(s)),
        DisplayOfPower | TradeNegotiations => systems(&|s| t.populous(s)),
        FearWillKeepThemInLine => systems(&|s| {
            has(
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
            systems(&|s| has(s, &[UnitKind::StarDestroyer, UnitKind::SuperStarDestroyer]))
        }
        ConstructDeathStar => {
            if t.v.supply[UnitKind::DeathStarUnderConstruction.index()] == 0 {
                return Targets::new();
            }
            systems(&|s| s.is_remote() && !t.destroyed(s) && !t.has(Place::System(s), Side::Rebel))
        }
        ConstructSuperStarDestroyer => systems(&|s| {
            t.imperial_system(s)
                && s.info()
                    .icons
                    .contains(&swr_engine::data::systems::Icon::SpaceSquare)
        }),
        OverseeProject => systems(&|s| imperial_units(s) && !t.has(Place::System(s), Side::Rebel)),
        SuperlaserOnline => systems(&|s| has(s, &[UnitKind::DeathStar])),
        // Rebel missions.
        BuildAlliance | Sabotage => systems(&|s| t.populous(s)),
        Infiltration | CovertOperation | Misdirection | PlantFalseLead | StolenPlans => {
            systems(&imperial_units)
        }
        BaseDefenses => systems(&|s| t.rebel_system(s) && !t.destroyed(s)),
        DaringRescue | ForTheGreaterGood => {
            // A system repeated right after itself is listed once (as `Vec::dedup` would).
            let mut last = None;
            captives(t)
                .map(|(_, s)| Action::Place(Place::System(s)))
                .filter(|a| last.replace(*a) != Some(*a))
                .collect()
        }
        Demolition | RogueSquadronRaid => systems(&|s| !t.destroyed(s) && t.imperial_system(s)),
        EstablishTradeRelations => systems(&|s| !t.sabotaged(s)),
        HiddenFleet => systems(&|s| !imperial_units(s)),
        HitAndRun | LeadTheStrikeTeam => systems(&|_| true),
        IgniteRebellion | PublicUprising => systems(&|s| !t.destroyed(s) && t.subjugated(s)),
        PlanTheAssault => {
            systems(&|s| t.has_theater(Place::System(s), Side::Empire, Theater::Space))
        }
        SeekYoda => std::iter::once(Action::Place(Place::System(DAGOBAH))).collect(),
        SupportOfMonCalamari => {
            std::iter::once(Action::Place(Place::System(MON_CALAMARI))).collect()
        }
        WookieeUprising => std::iter::once(Action::Place(Place::System(KASHYYYK))).collect(),
        RapidMobilization => std::iter::once(Action::Place(Place::RebelBase)).collect(),
        ContingencyPlan => std::iter::once(Action::Place(Place::RebelBase)).collect(),
    }
}

/// Units of `side` at `place` destroyable with `budget` health, most valuable first.
fn kill_value(t: &Table, place: Place, side: Side, mut budget: u8) -> f64 {
    let mut units: Vec<(f64, u8)> = UnitKind::of(side)
        .iter()
        .filter_map(|k| health(*k).map(|(_, h)| (k, h)))
        .flat_map(|(k, h)| std::iter::repeat_n((unit_value(*k), h), t.count(place, *k) as usize))
        .collect();
    units.sort_by(|a, b| {
        (b.0 / b.1 as f64)
            .partial_cmp(&(a.0 / a.1 as f64))
            .unwrap_or(std::cmp::Ordering::Equal)
    });
    let mut v = 0.0;
    for (value, h) in units {
        if h <= budget {
            budget -= h;
            v += value;
        }
    }
    v
}

/// Threat to the Rebel base (0 safe … 1 found).
pub(super) fn base_threat(t: &Table) -> f64 {
    let Some(b) = t.base else { return 0.0 };
    if t.base_revealed {
        // Found: move unless the defenders can hold against what stands next to them.
        return if defence_losing(t, b) { 1.0 } else { 0.2 };
    }
    let near = b
        .neighbours()
        .filter(|s| t.has(Place::System(*s), Side::Empire))
        .count();
    let n = empire_guess(t);
    let narrowed = (1.0 / n).min(1.0);
    (narrowed * 2.0 + near as f64 * 0.25).min(1.0)
}

/// How much the base needs to move (0 … 1): it is revealed, or Imperial forces stand next
/// to it while the Empire suspects few systems. Moving needs probe cards left to draw.
pub(super) fn relocation_need(t: &Table) -> f64 {
    let Some(b) = t.base else { return 0.0 };
    if t.v.probe_deck == 0 {
        return 0.0;
    }
    if t.base_revealed {
        // Found: move unless the defenders can hold against what stands next to them.
        return if defence_losing(t, b) { 1.0 } else { 0.2 };
    }
    let near = b
        .neighbours()
        .chain(std::iter::once(b))
        .any(|s| t.has(Place::System(s), Side::Empire));
    let guess = empire_guess(t);
    if near && guess <= 3.0 {
        0.8
    } else {
        0.0
    }
}

/// The Imperial forces in and next to the base outweigh its defenders.
fn defence_losing(t: &Table, b: SystemId) -> bool {
    let here = Place::System(b);
    let mut imperial: f64 = t.value_at(here, Side::Empire);
    for s in b.neighbours() {
        imperial += t.value_at(Place::System(s), Side::Empire);
    }
    imperial > 1.5 * t.value_at(here, Side::Rebel)
}

/// How many systems the Empire probably still suspects, as the Rebel sees it: the public
/// deductions, less those the Empire's probe cards (a share of the cards not under the base)
/// have probably ruled out.
pub(super) fn empire_guess(t: &Table) -> f64 {
    let public = t.candidate_count().max(1) as f64;
    if t.me == Side::Empire {
        return public;
    }
    let held = t.v.opponent.probes as f64;
    let deck = t.v.probe_deck as f64;
    if held + deck == 0.0 {
        return public;
    }
    1.0 + (public - 1.0) * deck / (held + deck)
}

/// How much revealing `m` at `target` gains its owner (the viewer), if it succeeds.
fn target_value(t: &Table, m: Mission, target: Action) -> f64 {
    use Mission::*;
    let place = match target {
        Action::Place(p) => Some(p),
        Action::Leader(l) => match t.leader_state(l).spot {
            LeaderSpot::Board(p) => Some(p),
            _ => None,
        },
        _ => None,
    };
    let s = place.and_then(|p| p.system());
    let n = t.candidate_count().max(1) as f64;
    let queue = |side: Side, spaces: &[usize]| -> f64 {
        let q = &t.v.queues[side.index()];
        spaces
            .iter()
            .map(|&i| {
                UnitKind::ALL
                    .iter()
                    .map(|k| q[i][k.index()] as f64 * unit_value(*k))
                    .sum::<f64>()
            })
            .sum()
    };
    let icons = |s: SystemId| -> f64 {
        if t.has(Place::System(s), t.them) {
            0.0
        } else if t.subjugated(s) {
            s.info().icons.len().min(1) as f64
        } else {
            s.info().icons.len() as f64
        }
    };
    match (m, target) {
        // Imperial missions.
        (CaptureRebelOperative | CollectBounty, Action::Leader(l)) => leader_worth(t, l) + 0.5,
        (Detained, Action::Leader(l)) => leader_worth(t, l) * 0.4,
        (CarbonFreezing, _) => 2.0,
        (HomingBeacon, _) => {
            if t.base_revealed {
                0.3
            } else {
                4.0
            }
        }
        (Interrogation, _) => 0.8,
        (InterrogationDroid, _) => {
            if t.base_revealed || n <= 3.0 {
                0.3
            } else {
                7.0
            }
        }
        (LureOfTheDarkSide, Action::Leader(l)) => 1.5 + leader_worth(t, l),
        (RetrieveThePlans, _) => 1.5,
        (GatherIntel, _) => {
            let at_base = if t.base_revealed {
                t.base
                    .map_or(0, |b| t.army(Place::System(b), Side::Rebel, None).len())
            } else {
                t.army(Place::RebelBase, Side::Rebel, None).len()
            };
            (at_base / 4).max(1) as f64 * probe_worth(t)
        }
        (InterceptTransmissions, _) => probe_worth(t) * 1.5,
        (ProbeDroidInitiative, _) => {
            let ozzel =
                t.v.mission
                    .as_ref()
                    .is_some_and(|mv| mv.leaders.contains(&Some(LeaderId::Ozzel)));
            probe_worth(t) * if ozzel { 4.0 } else { 2.5 }
        }
        (LongRangeProbe, _) => match s {
            Some(s) if t.is_candidate(s) && !t.base_revealed => 1.0 + 40.0 / n,
            _ => 0.0,
        },
        (ResearchAndDevelopment, _) => project_worth(t),
        (SecretWeaponsResearch, _) => project_worth(t) * 1.2,
        (RuleByFear | TradeNegotiations, _) => s.map_or(0.0, |s| empire_loyalty(t, s, 1)),
        (DisplayOfPower, _) => s.map_or(0.0, |s| empire_loyalty(t, s, 2)),
        (FearWillKeepThemInLine, _) => s.map_or(0.0, |s| {
            let mut gains: Vec<f64> = systems_in(region_mask(s.region()))
                .filter(|o| t.populous(*o))
                .map(|o| empire_loyalty(t, o, 1))
                .collect();
            gains.sort_by(|a, b| b.partial_cmp(a).unwrap_or(std::cmp::Ordering::Equal));
            gains.iter().take(2).sum()
        }),
        (ImperialPropaganda, _) => s.map_or(0.0, |s| {
            systems_in(region_mask(s.region()))
                .filter(|o| t.loyalty(*o) == Some(Loyalty::Rebel))
                .count() as f64
                * 1.3
        }),
        (AddressDelays, _) => s.map_or(0.0, icons) * 1.2,
        (ConstructFactory, _) => s.map_or(0.0, |s| {
            icons(s) * 1.2 + if t.sabotaged(s) { 1.0 } else { 0.0 }
        }),
        (DoubleOurEfforts, _) => (queue(Side::Empire, &[1, 2]) * 0.2).min(2.0),
        (OverseeProject, _) => {
            let q = queue(Side::Empire, &[0, 1]);
            let near = s.map_or(0.0, |s| {
                (t.candidates & (s.bit() | ADJACENT[s.index()])).count_ones() as f64 * 0.2
            });
            (q * 0.3).min(3.0) + near
        }
        (HuntThemDown, _) => match place {
            Some(p @ Place::System(_)) => kill_value(t, p, Side::Rebel, 2),
            _ => 0.0,
        },
        (PlanetaryConquest, _) => match s {
            Some(s) if t.is_candidate(s) && !t.base_revealed => 3.0 + 40.0 / n,
            Some(s) if t.base_revealed && t.base == Some(s) => {
                if t.has_theater(Place::System(s), Side::Rebel, Theater::Ground) {
                    1.0
                } else {
                    200.0
                }
            }
            Some(s)
                if t.populous(s)
                    && !t.imperial_system(s)
                    && !t.has(Place::System(s), Side::Rebel) =>
            {
                1.0
            }
            _ => 0.0,
        },
        (ConstructDeathStar, _) => match s {
            Some(s) => 3.0 + (t.candidates & ADJACENT[s.index()]).count_ones() as f64 * 0.3,
            None => 0.0,
        },
        (ConstructSuperStarDestroyer, _) => 3.0,
        (SuperlaserOnline, _) => match s {
            Some(s) if t.base == Some(s) => 1000.0,
            Some(s) if t.is_candidate(s) && !t.base_revealed => 2.0 + 100.0 / n,
            // Anywhere else it only destroys a system (and feeds Inspire Sympathy).
            _ => -1.0,
        },
        // Rebel missions.
        (BuildAlliance, _) => s.map_or(0.0, |s| {
            let units = if t.has(Place::System(s), Side::Rebel) {
                0.2
            } else {
                0.0
            };
            rebel_loyalty(t, s, 1) + units
        }),
        (EstablishTradeRelations, _) => s.map_or(0.0, |s| {
            rebel_loyalty(t, s, 1) + s.info().icons.len() as f64 * 0.8
        }),
        (SupportOfMonCalamari, _) => rebel_loyalty(t, MON_CALAMARI, 2).max(2.0),
        (WookieeUprising, _) => {
            rebel_loyalty(t, KASHYYYK, 1) + kill_value(t, Place::System(KASHYYYK), Side::Empire, 4)
        }
        (Sabotage, _) => s.map_or(0.0, |s| {
            if t.sabotaged(s) || !t.imperial_system(s) {
                0.1
            } else {
                let cut = holds(t, Objective::CutSupplyLines) as u8 as f64;
                0.8 + s.info().icons.len() as f64 * 0.5 + cut
            }
        }),
        (Infiltration, _) => 0.6,
        (StolenPlans, _) => 0.4,
        (CovertOperation, _) => 3.0,
        (Misdirection, _) => 0.3,
        (PlantFalseLead, _) => {
            if t.v.opponent.probes >= 2 && !t.base_revealed {
                2.0
            } else {
                0.2
            }
        }
        (BaseDefenses, _) => 1.5 + base_threat(t) * 3.0,
        (DaringRescue, _) => 3.0,
        (ForTheGreaterGood, _) => 4.0,
        (Demolition, _) => s.map_or(0.0, |_| (queue(Side::Empire, &[0, 1, 2]) * 0.15).min(3.0)),
        (RogueSquadronRaid, _) => (queue(Side::Empire, &[0, 1, 2]) * 0.15).min(3.0),
        (HitAndRun, _) => match place {
            Some(p @ Place::System(_)) => kill_value(t, p, Side::Empire, 2),
            _ => 0.0,
        },
        (IgniteRebellion | PublicUprising, _) => s.map_or(0.0, |s| {
            let imperial = t.army(Place::System(s), Side::Empire, Some(Theater::Ground));
            let strength: f64 = imperial.iter().map(|k| unit_value(*k)).sum();
            let lib = if holds(t, Objective::Liberation) {
                2.0
            } else {
                0.0
            };
            if strength <= 3.0 {
                2.0 + lib
            } else {
                0.3
            }
        }),
        (SeekYoda, _) => {
            let luke = t.leader_state(LeaderId::Luke).spot != LeaderSpot::Unrecruited;
            if luke {
                2.0
            } else {
                1.0
            }
        }
        (RapidMobilization, _) => 6.0 * relocation_need(t),
        (HiddenFleet | LeadTheStrikeTeam | PlanTheAssault | ContingencyPlan, _) => 0.0,
        _ => 0.0,
    }
}

fn holds(t: &Table, o: Objective) -> bool {
    t.v.own.objectives.contains(&o)
}

/// The worth of assigning `m` now: its best target's value.
pub(super) fn mission_value(t: &Table, m: Mission) -> f64 {
    let options = targets(t, m);
    if m == Mission::SuperlaserOnline {
        // The Death Star may still move a step before the mission is revealed.
        let mut reach = Vec::new();
        for a in &options {
            if let Action::Place(Place::System(s)) = a {
                reach.extend(s.neighbours().map(|o| Action::Place(Place::System(o))));
            }
        }
        let near = reach
            .into_iter()
            .map(|a| target_value(t, m, a) * 0.6)
            .fold(0.0, f64::max);
        return options
            .iter()
            .map(|&a| target_value(t, m, a))
            .fold(near, f64::max);
    }
    options
        .into_iter()
        .map(|a| target_value(t, m, a))
        .fold(0.0, f64::max)
}

/// The worth of revealing a mission already assigned to `leaders`.
pub(super) fn reveal_value(t: &Table, m: Mission, leaders: [Option<LeaderId>; 2]) -> f64 {
    let info = m.info();
    let dice: u8 = leaders
        .iter()
        .flatten()
        .map(|l| t.skill(*l, info.skill))
        .sum();
    targets(t, m)
        .into_iter()
        .map(|a| {
            let place = match a {
                Action::Place(p) => p,
                Action::Leader(l) => match t.leader_state(l).spot {
                    LeaderSpot::Board(p) => p,
                    _ => Place::RebelBase,
                },
                _ => Place::RebelBase,
            };
            target_value(t, m, a) * success(t, m, place, dice)
        })
        .fold(0.0, f64::max)
}

/// What placing one's own leaders at `place` costs: its units cannot leave it by activation
/// for the rest of the round (most for the Empire's forces near the base or its candidates).
fn pin_cost(t: &Table, place: Place) -> f64 {
    let Place::System(s) = place else { return 0.0 };
    if t.pinned(place, t.me) {
        return 0.0;
    }
    let mobile: f64 = UnitKind::of(t.me)
        .iter()
        .filter(|k| !k.info().immobile)
        .map(|k| t.count(place, *k) as f64 * unit_value(*k))
        .sum();
    let weight = match (t.me, t.known_base()) {
        (Side::Empire, Some(b)) if Table::distances(b.bit())[s.index()] <= 2 => 0.3,
        (Side::Empire, _) => 0.06,
        (Side::Rebel, _) => 0.03,
    };
    mobile * weight
}

/// Extra worth of a Rebel attack at `s` for the combat objectives the Rebel holds.
pub(super) fn combat_objective_bonus(
    t: &Table,
    s: SystemId,
    their_space: &[UnitKind],
    their_ground: &[UnitKind],
) -> f64 {
    let mut v = 0.0;
    let hp = |units: &[UnitKind]| -> u8 {
        units
            .iter()
            .filter_map(|k| health(*k))
            .map(|(_, h)| h)
            .sum()
    };
    for &o in &t.v.own.objectives {
        v += match o {
            Objective::RebelAssault
                if their_space.iter().any(|k| {
                    matches!(k, UnitKind::StarDestroyer | UnitKind::SuperStarDestroyer)
                }) =>
            {
                2.0
            }
            Objective::MajorVictory if hp(their_space) >= 3 => 2.0,
            Objective::CripplingBlow if hp(their_ground) >= 3 => 2.0,
            Objective::Liberation if t.subjugated(s) && !their_ground.is_empty() => 2.0,
            Objective::ReturnOfTheJedi
                if t.leaders_at(Place::System(s))
                    .any(|l| matches!(l, LeaderId::Vader | LeaderId::Palpatine)) =>
            {
                3.0
            }
            _ => 0.0,
        };
    }
    v
}

// ---------------------------------------------------------------------------------------
// Mission steps

/// What the opponent's revealed mission would gain them (in the viewer's units).
fn threat(t: &Table, m: Mission, place: Option<Place>) -> f64 {
    use Mission::*;
    let s = place.and_then(|p| p.system());
    let at_base = s.is_some() && s == t.base;
    match m {
        // Imperial missions, as the Rebel sees them.
        RuleByFear | TradeNegotiations => {
            if at_base && t.loyalty(s.unwrap()) != Some(Loyalty::Rebel) {
                30.0
            } else {
                1.5
            }
        }
        DisplayOfPower => {
            if at_base {
                30.0
            } else {
                2.0
            }
        }
        FearWillKeepThemInLine => {
            let region = s.map_or(0, |s| region_mask(s.region()));
            if t.base
                .is_some_and(|b| region & b.bit() != 0 && t.populous(b))
            {
                12.0
            } else {
                2.0
            }
        }
        LongRangeProbe => {
            if at_base {
                25.0
            } else {
                0.3
            }
        }
        PlanetaryConquest => {
            if at_base {
                30.0
            } else {
                2.0
            }
        }
        GatherIntel => 3.0,
        InterceptTransmissions => 2.0,
        InterrogationDroid => 8.0,
        HomingBeacon => 5.0,
        CaptureRebelOperative | CollectBounty => 3.0,
        LureOfTheDarkSide => 4.0,
        CarbonFreezing => 3.0,
        RetrieveThePlans => 2.0,
        Interrogation => 1.0,
        Detained => 1.0,
        HuntThemDown => place.map_or(1.0, |p| kill_value(t, p, Side::Rebel, 2)),
        ImperialPropaganda => 2.0,
        // Rebel missions, as the Empire sees them.
        BuildAlliance => s.map_or(1.0, |s| rebel_worth_for_empire(t, s)),
        EstablishTradeRelations => 3.0,
        CovertOperation | ForTheGreaterGood => 3.5,
        DaringRescue => 2.5,
        Sabotage => s.map_or(1.0, |s| 0.8 + s.info().icons.len() as f64 * 0.5),
        HitAndRun => place.map_or(1.0, |p| kill_value(t, p, Side::Empire, 2)),
        WookieeUprising => 2.5,
        SupportOfMonCalamari => 2.0,
        IgniteRebellion | PublicUprising => 2.5,
        LeadTheStrikeTeam | PlanTheAssault => 2.5,
        Demolition | RogueSquadronRaid => 2.0,
        PlantFalseLead => 2.0,
        Infiltration | StolenPlans | Misdirection => 1.0,
        BaseDefenses => 2.0,
        _ => 1.0,
    }
}

fn rebel_worth_for_empire(t: &Table, s: SystemId) -> f64 {
    match t.loyalty(s) {
        Some(Loyalty::Rebel) => 0.2,
        _ if !t.populous(s) => 0.2,
        _ => 2.0,
    }
}

pub(super) fn mission_step(t: &Table, step: MissionStep) -> Option<Action> {
    let mv = t.v.mission.as_ref()?;
    match step {
        MissionStep::ChooseTarget if mv.side == t.me => {
            // A card that stops opposition from the pool (Blindside) is worth playing.
            if t.v.legal.contains(&Action::Card(ActionCard::Blindside)) {
                return Some(Action::Card(ActionCard::Blindside));
            }
            let info = mv.mission.info();
            let dice: u8 = mv
                .leaders
                .iter()
                .flatten()
                .map(|l| t.skill(*l, info.skill))
                .sum();
            t.v.legal
                .iter()
                .copied()
                .filter(|a| matches!(a, Action::Place(_) | Action::Leader(_)))
                .map(|a| {
                    let place = match a {
                        Action::Place(p) => p,
                        Action::Leader(l) => match t.leader_state(l).spot {
                            LeaderSpot::Board(p) => p,
                            _ => Place::RebelBase,
                        },
                        _ => Place::RebelBase,
                    };
                    let mut v =
                        target_value(t, mv.mission, a) * success(t, mv.mission, place, dice);
                    // The Rebel keeps its leaders away from Imperial units (capture).
                    if t.me == Side::Rebel && t.has(place, Side::Empire) {
                        v -= 0.2;
                    }
                    v -= pin_cost(t, place);
                    (v, a)
                })
                .max_by(|a, b| a.0.partial_cmp(&b.0).unwrap_or(std::cmp::Ordering::Equal))
                .map(|(_, a)| a)
        }
        MissionStep::Oppose => Some(oppose(t)),
        MissionStep::BeforeRoll => {
            for card in [
                ActionCard::WookieeGuardian,
                ActionCard::Undercover,
                ActionCard::OneInAMillion,
            ] {
                if t.v.legal.contains(&Action::Card(card)) {
                    let ours = mv.side == t.me;
                    let useful = match card {
                        ActionCard::OneInAMillion => ours,
                        _ => !ours,
                    };
                    if useful {
                        return Some(Action::Card(card));
                    }
                }
            }
            Some(Action::Done)
        }
        MissionStep::Astromech | MissionStep::Reroll => Some(ring_die(t, step)),
        MissionStep::Protocol => {
            t.v.legal
                .iter()
                .copied()
                .find(|a| matches!(a, Action::Leader(_)))
                .or(Some(Action::Done))
        }
        _ => None,
    }
}

/// R2-D2 (blank an Imperial die) or Yoda (reroll a Rebel die) after a mission roll, when it
/// turns the result.
fn ring_die(t: &Table, step: MissionStep) -> Action {
    let Some(mv) = t.v.mission.as_ref() else {
        return Action::Done;
    };
    // The last roll of each side, from the log.
    let mut rolls: [Option<(Vec<Face>, u8)>; 2] = [None, None];
    for e in t.v.log.iter().rev() {
        if let LogEvent::MissionRoll {
            side,
            dice,
            successes,
        } = e
        {
            if rolls[side.index()].is_none() {
                rolls[side.index()] = Some((dice.iter().map(|d| d.face).collect(), *successes));
            }
            if rolls.iter().all(|r| r.is_some()) {
                break;
            }
        }
    }
    let (Some(reb), Some(imp)) = (&rolls[Side::Rebel.index()], &rolls[Side::Empire.index()]) else {
        return Action::Done;
    };
    let rebel_wins = |r: i32, i: i32| {
        if mv.side == Side::Rebel {
            r > i
        } else {
            i <= r
        }
    };
    let (r, i) = (reb.1 as i32, imp.1 as i32);
    if rebel_wins(r, i) {
        return Action::Done;
    }
    let worth = |f: Face| match f {
        Face::Special => 2,
        Face::Hit | Face::DirectHit => 1,
        Face::Blank => 0,
    };
    match step {
        MissionStep::Astromech => {
            let best = imp
                .0
                .iter()
                .enumerate()
                .max_by_key(|(_, f)| worth(**f))
                .map(|(k, f)| (k, worth(*f)));
            match best {
                Some((k, w)) if rebel_wins(r, i - w) => Action::Die(k as u8),
                _ => Action::Done,
            }
        }
        _ => {
            // Reroll a blank die.
            match reb.0.iter().position(|f| *f == Face::Blank) {
                Some(k) => Action::Die(k as u8),
                None => Action::Done,
            }
        }
    }
}

/// Send a leader from the pool to oppose the opponent's mission, when it pays.
fn oppose(t: &Table) -> Action {
    let Some(mv) = t.v.mission.as_ref() else {
        return Action::Done;
    };
    let info = mv.mission.info();
    let every = matches!(
        mv.mission,
        Mission::InterrogationDroid | Mission::LureOfTheDarkSide
    );
    let Some(place) = mv.place else {
        return Action::Done;
    };
    let attacker = mv.side;
    let mut att = dice_at(t, place, attacker, info.skill, every);
    if mv.mission == Mission::BuildAlliance && place.system().is_some() && t.has(place, Side::Rebel)
    {
        att += 2;
    }
    let bonus = if info.portrait.is_some_and(|p| mv.leaders.contains(&Some(p))) {
        2
    } else {
        0
    };
    let mut def = dice_at(t, place, t.me, info.skill, every);
    // A captive the mission is attempted against rolls too.
    if let Some(l) = mv.against {
        if t.captive(l) {
            let v = t.values(l);
            def += if every {
                v.skills.iter().sum()
            } else {
                v.skills[info.skill as usize]
            };
        }
    }
    let present = t
        .leaders_at(place)
        .any(|l| t.leader_state(l).controller == t.me && !t.captive(l))
        || mv.against.is_some_and(|l| t.captive(l));
    let now = if present {
        mission_odds(att, bonus, Some(def))
    } else {
        1.0
    };
    let danger = threat(t, mv.mission, Some(place));
    let passed = match t.v.phase {
        swr_engine::Phase::Command { passed, .. } => passed[t.me.index()],
        _ => true,
    };
    let mut best = (0.0, Action::Done);
    for l in t.pool(t.me) {
        let skill = if every {
            t.values(l).skills.iter().sum()
        } else {
            t.skill(l, info.skill)
        };
        let after = mission_odds(att, bonus, Some(def + skill));
        let tactics = t.values(l).tactics.map_or(0.0, |(a, b)| a.max(b) as f64);
        let cost = if passed {
            0.1
        } else {
            match t.me {
                Side::Empire => 0.4 + tactics * 0.25,
                Side::Rebel => 0.5,
            }
        };
        // Leaders near Imperial units may be captured.
        let risk = if t.me == Side::Rebel && t.has(place, Side::Empire) {
            0.3
        } else {
            0.0
        };
        let gain = danger * (now - after) - cost - risk;
        if gain > best.0 {
            best = (gain, Action::Leader(l));
        }
    }
    best.1
}

// ---------------------------------------------------------------------------------------
// Card effects

/// Preference among objectives to keep or put on top: the ones most likely to score.
pub(super) fn objective_rank(t: &Table, o: Objective) -> f64 {
    use Objective::*;
    let rebel_loyal = SystemId::ALL
        .into_iter()
        .filter(|s| t.loyalty(*s) == Some(Loyalty::Rebel))
        .count() as f64;
    let rep = o.info().reputation.max(1) as f64;
    let ease = match o {
        LeaveNoOneBehind => 0.9,
        PopularSupport => (rebel_loyal / 6.0).min(1.0),
        RegionalSupport => 0.6,
        DefendThePeople | EstablishOutposts => 0.4,
        CutSupplyLines => 0.5,
        HeartOfTheEmpire => 0.1,
        InspireSympathy => 0.2,
        DeathStarPlansII | DeathStarPlansIII => 0.3,
        _ => 0.25,
    };
    rep * ease
}

/// A unit of one's own to keep building: what the Rebel prefers for an icon.
pub(super) fn build_pref(t: &Table, kind: UnitKind) -> f64 {
    use UnitKind::*;
    let mine = |k: UnitKind| -> f64 {
        swr_engine::Place::all()
            .map(|p| t.count(p, k) as f64)
            .sum::<f64>()
    };
    match kind {
        YWing => 3.0 - mine(YWing) * 0.1,
        XWing => 2.8 - mine(XWing) * 0.1,
        RebelTransport => 1.0,
        IonCannon => 3.0 - mine(IonCannon) * 0.5,
        ShieldGenerator => 2.5 - mine(ShieldGenerator) * 0.5,
        _ => unit_value(kind),
    }
}

pub(super) fn effect(t: &Table, source: Source, step: u8) -> Option<Action> {
    let legal = &t.v.legal;
    let pick = |f: &dyn Fn(Action) -> f64| -> Option<Action> {
        legal
            .iter()
            .copied()
            .map(|a| (f(a), a))
            .max_by(|a, b| a.0.partial_cmp(&b.0).unwrap_or(std::cmp::Ordering::Equal))
            .map(|(_, a)| a)
    };
    let here = t.v.mission.as_ref().and_then(|m| m.place);
    match source {
        Source::Mission(m) if m.side() == Side::Empire => imperial_effect(t, step, &pick),
        Source::Mission(m) => rebel_effect(t, m, step, here, &pick),
        Source::Action(card) => action_effect(t, card, step, &pick),
        Source::Objective(_) => pick(&|a| match a {
            // Death Star Plans: use One in a Million if held, else roll three red dice.
            Action::Card(_) => 10.0,
            Action::Die(n) => n as f64,
            Action::Destroy { kind, .. } => unit_value(kind),
            Action::Leader(l) => match l {
                LeaderId::Vader => 3.0,
                LeaderId::Palpatine => 2.5,
                _ => 1.0,
            },
            Action::Done => -1.0,
            _ => 0.0,
        }),
        Source::Tactic(tac) => tactic_effect(t, tac, step, &pick),
    }
}

/// Picks the legal action with the best score.
type Pick<'a> = dyn Fn(&dyn Fn(Action) -> f64) -> Option<Action> + 'a;

fn value_of_destroying(t: &Table, kind: UnitKind) -> f64 {
    if kind.side() == t.me {
        -unit_value(kind)
    } else {
        unit_value(kind)
    }
}

fn imperial_effect(t: &Table, step: u8, pick: &Pick) -> Option<Action> {
    match step {
        // Noble Sacrifice (Rebel): a reputation point for Obi-Wan.
        0 => pick(&|a| {
            if matches!(a, Action::Card(_)) {
                1.0
            } else {
                0.0
            }
        }),
        // Homing Beacon (Rebel): a system of the base's region, away from the Empire.
        2 => pick(&|a| match a {
            Action::System(s) => {
                let mut v = 0.0;
                if Some(s) == t.base {
                    v -= 1.0;
                }
                if t.has(Place::System(s), Side::Empire) {
                    v -= 2.0;
                }
                v
            }
            _ => -10.0,
        }),
        // Interrogation Droid (Rebel): decoys the Empire still suspects, far from the base.
        3 => {
            let dist = t.base.map(|b| Table::distances(b.bit()));
            pick(&|a| match a {
                Action::System(s) => {
                    let suspected = if t.is_candidate(s) { 5.0 } else { 0.0 };
                    let far = dist.map_or(0.0, |d| d[s.index()].min(6) as f64 * 0.3);
                    suspected + far
                }
                _ => -10.0,
            })
        }
        // Planetary Conquest: the source with the most conquerors; then move them all.
        4 => pick(&|a| match a {
            Action::System(s) => t
                .army(Place::System(s), Side::Empire, Some(Theater::Ground))
                .len() as f64,
            _ => 0.0,
        }),
        5 => pick(&|a| match a {
            Action::Move { kind, .. } => unit_value(kind),
            _ => 0.0,
        }),
        // Research and Development: study (Done) unless clearing a rich system.
        6 => pick(&|a| match a {
            Action::System(s) => s.info().icons.len() as f64 - 1.5,
            _ => 0.0,
        }),
        // A project card to keep.
        7 => pick(&|a| match a {
            Action::Mission(p) => project_pref(t, p),
            _ => 0.0,
        }),
        // Free a unit from the board: decline unless it is the only way.
        8 => pick(&|a| match a {
            Action::Destroy { kind, .. } => -unit_value(kind),
            _ => 0.0,
        }),
        // Queued units: hurry or deploy the best.
        9 | 13 => pick(&|a| match a {
            Action::Queued { kind, space } => unit_value(kind) - space as f64 * 0.1,
            Action::Done => 0.0,
            _ => 0.0,
        }),
        // Systems to gain loyalty in.
        10 | 15 => pick(&|a| match a {
            Action::System(s) => empire_loyalty(t, s, 1),
            _ => 0.0,
        }),
        // Hunt Them Down: the most valuable Rebel units.
        11 => pick(&|a| match a {
            Action::Destroy { kind, .. } => value_of_destroying(t, kind),
            _ => 0.0,
        }),
        // Retrieve the Plans: the objective worth most to the Rebel.
        12 => pick(&|a| match a {
            Action::Objective(o) => {
                o.info().reputation as f64
                    + if o.info().timing == ObjectiveTiming::StartOfRefresh {
                        0.5
                    } else {
                        0.0
                    }
            }
            _ => 0.0,
        }),
        // Superlaser: lose the cheapest units that no longer fit.
        14 => pick(&|a| match a {
            Action::Destroy { kind, .. } => -unit_value(kind),
            _ => -100.0,
        }),
        // Collect Bounty's ties, and anything else: the default answer.
        _ => None,
    }
}

fn project_pref(t: &Table, p: Mission) -> f64 {
    let death_star_on_board =
        swr_engine::Place::all().any(|pl| t.count(pl, UnitKind::DeathStar) > 0);
    match p {
        Mission::SuperlaserOnline if death_star_on_board => 5.0,
        Mission::ConstructDeathStar => 3.5,
        Mission::ConstructSuperStarDestroyer => 3.0,
        Mission::OverseeProject => 2.0,
        Mission::ConstructFactory => 2.2,
        Mission::SuperlaserOnline => 1.0,
        _ => 0.5,
    }
}

fn rebel_effect(
    t: &Table,
    m: Mission,
    step: u8,
    here: Option<Place>,
    pick: &Pick,
) -> Option<Action> {
    match step {
        // An objective to keep or put on top.
        0 => pick(&|a| match a {
            Action::Objective(o) => objective_rank(t, o),
            _ => 0.0,
        }),
        // Contingency Plan: a starting mission.
        1 => pick(&|a| match a {
            Action::Mission(Mission::BuildAlliance) => 2.0,
            Action::Mission(Mission::Sabotage) => 1.5,
            Action::Mission(_) => 1.0,
            _ => 0.0,
        }),
        2 => pick(&|a| match a {
            Action::Leader(l) => leader_worth(t, l),
            _ => 0.0,
        }),
        // Daring Rescue: leaders next to Imperial units go home.
        3 => pick(&|a| match a {
            Action::Leader(_) => {
                if here.is_some_and(|p| t.has(p, Side::Empire)) {
                    1.0
                } else {
                    -1.0
                }
            }
            _ => 0.0,
        }),
        4 | 5 => pick(&|a| match a {
            Action::Destroy { kind, .. } => value_of_destroying(t, kind),
            Action::Queued { kind, space } => unit_value(kind) + (4 - space) as f64 * 0.1,
            _ => 0.0,
        }),
        6 => pick(&|a| match a {
            Action::Build(kind) => build_pref(t, kind),
            Action::Destroy { .. } => -5.0,
            _ => 0.0,
        }),
        7 => carry(t, m, here, pick),
        // Misdirection: a leader on a face-down mission.
        8 => pick(&|a| match a {
            Action::Leader(l) => {
                if matches!(t.leader_state(l).spot, LeaderSpot::OnMission(_)) {
                    2.0 + leader_worth(t, l) * 0.1
                } else {
                    leader_worth(t, l) * 0.1
                }
            }
            _ => 0.0,
        }),
        // Plant False Lead: the taken probe cards go back on top.
        9 => pick(&|a| match a {
            Action::Probe(_) => 1.0,
            _ => 0.0,
        }),
        // Public Uprising: ground units for the fight.
        10 => pick(&|a| match a {
            Action::Deploy { kind, .. } => {
                if kind.is_ground() {
                    unit_value(kind) + 2.0
                } else {
                    unit_value(kind)
                }
            }
            _ => 0.0,
        }),
        11 => pick(&|a| match a {
            Action::Leader(LeaderId::Luke) => 2.0,
            Action::Leader(_) => 1.0,
            _ => 0.0,
        }),
        // Support of Mon Calamari: loyalty unless it is already Rebel.
        12 => pick(&|a| match a {
            Action::System(s) => rebel_loyalty(t, s, 2),
            Action::Build(_) => 1.9,
            Action::Destroy { .. } => -1.0,
            _ => 0.0,
        }),
        // Rapid Mobilization: move the base when it is in danger, else gather exposed units.
        13 => {
            let need = relocation_need(t);
            pick(&|a| match a {
                Action::Place(_) => {
                    if need >= 0.8 {
                        5.0
                    } else {
                        0.5
                    }
                }
                Action::System(s) => {
                    let exposed: f64 = t.value_at(Place::System(s), Side::Rebel);
                    let danger = s
                        .neighbours()
                        .chain(std::iter::once(s))
                        .any(|o| t.has(Place::System(o), Side::Empire));
                    if danger {
                        exposed * 0.3
                    } else {
                        exposed * 0.05
                    }
                }
                _ => 0.0,
            })
        }
        _ => None,
    }
}

/// Where a new base would be safest: far from Imperial units, remote, not yet suspected.
pub(super) fn base_site_value(t: &Table, s: SystemId) -> f64 {
    let imperial = t.presence(Side::Empire);
    let d = if imperial == 0 {
        6
    } else {
        Table::distances(imperial)[s.index()].min(6)
    };
    let remote = if s.is_remote() { 1.5 } else { 0.0 };
    let loyal_empire = if t.loyalty(s) == Some(Loyalty::Empire) {
        -5.0
    } else {
        0.0
    };
    d as f64 * 1.5 + remote + loyal_empire
}

/// Carrying units between the base and a system, or choosing a new base.
fn carry(t: &Table, m: Mission, here: Option<Place>, pick: &Pick) -> Option<Action> {
    let probes = t.v.legal.iter().any(|a| matches!(a, Action::Probe(_)));
    if probes
        || m == Mission::RapidMobilization
            && !t.v.legal.iter().any(|a| matches!(a, Action::Move { .. }))
    {
        // A new base (or keep the old one: Done). Moving only helps a found or cornered
        // base: the Empire's probe cards rule out the new site as much as the old one.
        let need = relocation_need(t);
        let current = t.base.map_or(0.0, |b| base_site_value(t, b));
        return pick(&|a| match a {
            Action::Probe(s) => {
                let v = base_site_value(t, s);
                // The Empire will suspect only the systems still in the probe deck: a site
                // it cannot tell from others, or one far from its forces, is worth the move
                // (the units in the base space stay behind in the old system).
                let imperial = t.presence(Side::Empire);
                let d = if imperial == 0 {
                    6
                } else {
                    Table::distances(imperial)[s.index()]
                };
                let far = d >= 3 || (t.base_revealed && need >= 1.0 && d >= 2);
                let hidden = empire_guess(t) - 1.0 >= 3.0;
                if need >= 0.8 && (far || hidden) && (t.base_revealed || v > current + 1.5) {
                    v + 2.0
                } else {
                    v - 50.0
                }
            }
            Action::Done => 0.0,
            _ => -50.0,
        });
    }
    match m {
        // Gathering units into the hidden base: everything that can come.
        Mission::RapidMobilization => pick(&|a| match a {
            Action::Move { kind, .. } => {
                unit_value(kind) + if kind.info().transport > 0 { 5.0 } else { 0.0 }
            }
            _ => 0.0,
        }),
        // Attacks from the base: only with a winning force (else move nothing).
        Mission::PlanTheAssault | Mission::LeadTheStrikeTeam => {
            let Some(p) = here else {
                return Some(Action::Done);
            };
            let theater = if m == Mission::PlanTheAssault {
                Theater::Space
            } else {
                Theater::Ground
            };
            let mine = t.army(p, Side::Rebel, Some(theater));
            let theirs = t.army(p, Side::Empire, Some(theater));
            let cut = t.count(p, UnitKind::IonCannon) as u32;
            let o = super::table::fight(&theirs, &mine, 3, cut);
            let winning = !o.first_holds() && o.lost[0] > o.lost[1];
            pick(&|a| match a {
                Action::Move { kind, .. } => {
                    if winning || theirs.is_empty() {
                        -1.0
                    } else {
                        unit_value(kind) * 0.1
                    }
                }
                Action::Done => 0.0,
                _ => -1.0,
            })
        }
        _ => Some(Action::Done),
    }
}

fn action_effect(t: &Table, card: ActionCard, step: u8, pick: &Pick) -> Option<Action> {
    use ActionCard::*;
    let n = t.candidate_count().max(1);
    match step {
        // The system the card's leader goes to.
        0 => pick(&|a| match a {
            Action::System(s) => match card {
                LocalRumors => {
                    // Split the candidates as evenly as possible.
                    let inside = (t.candidates & region_mask(s.region())).count_ones() as f64;
                    -(inside - n as f64 / 2.0).abs()
                }
                BrilliantAdministrator | TemporaryAlliance => {
                    s.info().icons.len() as f64
                        - if t.has(Place::System(s), t.them) {
                            5.0
                        } else {
                            0.0
                        }
                }
                PublicSupport | BobaFettWhere => {
                    (t.candidates & (s.bit() | ADJACENT[s.index()])).count_ones() as f64
                }
                Ambush => kill_value(t, Place::System(s), Side::Empire, 3),
                IndependentOperation => t
                    .army(Place::System(s), Side::Empire, Some(Theater::Ground))
                    .len() as f64,
                CatchThemBySurprise | ScoutingMission => t.is_candidate(s) as u8 as f64,
                StartTheEvacuation => base_site_value(t, s),
                _ => 0.0,
            },
            _ => 0.0,
        }),
        // Units to move or destroy.
        3 => pick(&|a| match a {
            Action::Destroy { kind, .. } => value_of_destroying(t, kind),
            Action::Move { kind, .. } => match card {
                StartTheEvacuation => unit_value(kind),
                _ => 0.5,
            },
            Action::Done => match card {
                ScoutingMission | CatchThemBySurprise => 0.0,
                _ => 0.1,
            },
            _ => 0.0,
        }),
        // More Dangerous Than You Realize: the theatre being fought with the most at stake.
        5 => {
            let space = t.v.combat.as_ref().map_or(0, |c| {
                c.fighters
                    .iter()
                    .filter(|f| !f.gone && f.kind.is_ship())
                    .count()
            });
            let ground = t.v.combat.as_ref().map_or(0, |c| {
                c.fighters
                    .iter()
                    .filter(|f| !f.gone && f.kind.is_ground())
                    .count()
            });
            Some(Action::Die(if space >= ground { 0 } else { 1 }))
        }
        // One in a Million: a red die placed on its best face.
        6 => {
            let in_mission = t.v.combat.is_none();
            Some(Action::Die(if in_mission { 2 } else { 1 }))
        }
        // A card's window or a ring: use it.
        7 => pick(&|a| match a {
            Action::Done => 0.0,
            _ => 1.0,
        }),
        // Search a deck: the best mission.
        2 => pick(&|a| match a {
            Action::Mission(m) => {
                if m.is_project() {
                    project_pref(t, m)
                } else {
                    mission_value(t, m) + 0.1
                }
            }
            _ => 0.0,
        }),
        _ => None,
    }
}

fn tactic_effect(t: &Table, tac: Tactic, step: u8, pick: &Pick) -> Option<Action> {
    let c = t.v.combat.as_ref()?;
    let attack = c.attack.as_ref();
    match step {
        // Concentrate Fire: reroll blank dice.
        0 => {
            pick(&|a| match a {
                Action::Die(i) => attack
                    .and_then(|at| at.dice.get(i as usize))
                    .map_or(0.0, |d| match d.die.face {
                        Face::Blank => 2.0,
                        Face::Special => 0.5,
                        _ => -1.0,
                    }),
                Action::Done => 0.0,
                _ => 0.0,
            })
        }
        // Brilliant Strategy: draw from the theatre being fought.
        1 => {
            let th = attack.map(|a| a.theater);
            pick(&|a| match (a, th) {
                (Action::Tactic(x), Some(Theater::Space)) if x.info().space => 1.0,
                (Action::Tactic(x), Some(Theater::Ground)) if !x.info().space => 1.0,
                _ => 0.0,
            })
        }
        // Bombardment: the ship with most red dice.
        2 => pick(&|a| match a {
            Action::Damage { target, .. } => c
                .fighters
                .get(target as usize)
                .map_or(0.0, |f| f.kind.info().red as f64),
            _ => 0.0,
        }),
        // A card to pay with: the least useful one (not this one).
        3 => pick(&|a| match a {
            Action::Tactic(x) if x == tac => -1.0,
            Action::Tactic(x) => -(x.info().special as u8 as f64),
            _ => 0.0,
        }),
        // Block on the most valuable unit.
        4 => pick(&|a| match a {
            Action::Damage { target, .. } => c
                .fighters
                .get(target as usize)
                .map_or(0.0, |f| unit_value(f.kind)),
            Action::Done => -1.0,
            _ => 0.0,
        }),
        _ => None,
    }
}
