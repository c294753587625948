//! Every other question, answer by answer: setup (units, rings, the base), the Refresh phase
//! (objectives, recruiting, building, deploying, the hand limit) and a sensible default for
//! anything else.

use super::cards::{base_site_value, build_pref, mission_value};
use super::table::{unit_value, Table};
use swr_engine::data::systems::ADJACENT;
use swr_engine::{Action, LeaderId, Place, Prompt, Ring, Side, Skill, SystemId, Theater, UnitKind};

pub(super) fn score(t: &Table, a: Action) -> f64 {
    match &t.v.prompt {
        Some(Prompt::PlaceStartingUnits) => match (t.me, a) {
            (Side::Empire, Action::Deploy { kind, to }) => empire_start(t, kind, to),
            (
                Side::Rebel,
                Action::Deploy {
                    to: Place::RebelBase,
                    ..
                },
            ) => 1.0,
            _ => 0.0,
        },
        Some(Prompt::AttachRing { ring }) => match a {
            Action::Leader(l) => {
                let v = t.values(l);
                match ring {
                    Ring::C3PO => v.skills[Skill::Diplomacy as usize] as f64,
                    _ => v.skills.iter().sum::<u8>() as f64,
                }
            }
            _ => 0.0,
        },
        Some(Prompt::ChooseBase) => match a {
            Action::Probe(s) => base_site_value(t, s),
            _ => 0.0,
        },
        Some(Prompt::Recruit) => match a {
            Action::Card(c) => {
                let best = c
                    .info()
                    .leaders
                    .iter()
                    .filter(|l| {
                        t.leader_state(**l).spot == swr_engine::view::LeaderSpot::Unrecruited
                    })
                    .map(|l| leader_pref(t, *l))
                    .fold(0.0, f64::max);
                best + 0.5
            }
            Action::Leader(l) => leader_pref(t, l),
            _ => 0.0,
        },
        Some(Prompt::Build) => match a {
            Action::Build(kind) => build_pref(t, kind),
            Action::Destroy { .. } => -5.0,
            _ => 0.0,
        },
        Some(Prompt::Deploy) => deploy(t, a),
        Some(Prompt::DiscardMissions) => match a {
            Action::Mission(m) => -mission_value(t, m),
            _ => 0.0,
        },
        _ => generic(t, a),
    }
}

/// A default for any answer: play cards and objectives, destroy enemy units rather than
/// one's own, otherwise stop.
fn generic(t: &Table, a: Action) -> f64 {
    match a {
        // One objective per Refresh phase: the one worth most reputation.
        Action::Objective(o) => 5.0 + o.info().reputation as f64,
        Action::Card(_) | Action::Tactic(_) => 1.0,
        Action::Destroy { kind, .. } => {
            if kind.side() == t.me {
                -unit_value(kind)
            } else {
                unit_value(kind)
            }
        }
        Action::Queued { kind, .. } => unit_value(kind) * 0.1,
        Action::Done | Action::Pass => 0.0,
        Action::RevealBase => -100.0,
        _ => 0.05,
    }
}

/// Imperial systems from which fleets can reach many systems that are not yet Imperial.
fn hub(t: &Table, s: SystemId) -> f64 {
    let d = Table::distances(s.bit());
    SystemId::ALL
        .into_iter()
        .filter(|o| !t.imperial_system(*o) && !t.has(Place::System(*o), Side::Empire))
        .map(|o| match d[o.index()] {
            1 => 1.0,
            2 => 0.5,
            3 => 0.2,
            _ => 0.0,
        })
        .sum()
}

fn empire_start(t: &Table, kind: UnitKind, to: Place) -> f64 {
    let Place::System(s) = to else { return 0.0 };
    let here = |k: UnitKind| t.count(to, k) as f64;
    let ground: f64 = UnitKind::of(Side::Empire)
        .iter()
        .filter(|k| k.is_ground())
        .map(|k| here(*k))
        .sum();
    let room: f64 = UnitKind::of(Side::Empire)
        .iter()
        .map(|k| here(*k) * k.info().transport as f64)
        .sum();
    let riders = ground + here(UnitKind::TieFighter);
    let h = hub(t, s);
    if kind.is_ground() {
        if ground == 0.0 {
            return 20.0 + h * 0.01;
        }
        if room > riders {
            return h * 0.8
                + if kind == UnitKind::Stormtrooper {
                    0.1
                } else {
                    0.2
                };
        }
        return -1.0 - h * 0.01;
    }
    match kind {
        UnitKind::TieFighter => {
            if room > riders {
                h * 0.5
            } else {
                -1.0
            }
        }
        UnitKind::DeathStar => h,
        _ => {
            let capital = here(UnitKind::StarDestroyer) + here(UnitKind::AssaultCarrier);
            h - capital * 3.0 + unit_value(kind) * 0.1
        }
    }
}

fn leader_pref(t: &Table, l: LeaderId) -> f64 {
    let v = t.values(l);
    let w = match t.me {
        Side::Empire => [1.0, 1.4, 1.0, 0.8],
        Side::Rebel => [1.4, 1.1, 1.0, 0.8],
    };
    let skills: f64 = v.skills.iter().zip(w).map(|(s, w)| *s as f64 * w).sum();
    let tactics = v.tactics.map_or(0.0, |(a, b)| (a + b) as f64 * 0.3);
    skills * 0.6 + tactics
}

fn deploy(t: &Table, a: Action) -> f64 {
    let Action::Deploy { kind, to } = a else {
        return match a {
            Action::Done => {
                if t.me == Side::Rebel {
                    0.5
                } else {
                    -1.0
                }
            }
            _ => 0.0,
        };
    };
    match t.me {
        Side::Empire => {
            let Place::System(s) = to else { return 0.0 };
            let target = match t.known_base() {
                Some(b) => b.bit(),
                None => t.candidates,
            };
            let near = if target == 0 {
                0.0
            } else {
                let d = Table::distances(target)[s.index()] as f64;
                6.0 - d.min(6.0)
            };
            let room: u32 = UnitKind::of(Side::Empire)
                .iter()
                .map(|k| t.count(to, *k) as u32 * k.info().transport as u32)
                .sum();
            let riders: u32 = UnitKind::of(Side::Empire)
                .iter()
                .filter(|k| k.info().needs_transport)
                .map(|k| t.count(to, *k) as u32)
                .sum();
            let fits = if kind.info().needs_transport {
                if room > riders {
                    1.0
                } else {
                    -0.5
                }
            } else {
                0.5
            };
            let rebels = (t.presence(Side::Rebel) & ADJACENT[s.index()]).count_ones() as f64;
            near + fits + rebels * 0.3 + unit_value(kind) * 0.05
        }
        Side::Rebel => {
            if to == Place::RebelBase {
                return 5.0 + unit_value(kind) * 0.1;
            }
            let Place::System(s) = to else { return 0.0 };
            let imperial = t.presence(Side::Empire);
            let d = if imperial == 0 {
                6
            } else {
                Table::distances(imperial)[s.index()].min(6)
            };
            let wants = t.v.own.objectives.iter().any(|o| {
                matches!(
                    o,
                    swr_engine::Objective::DefendThePeople
                        | swr_engine::Objective::EstablishOutposts
                )
            });
            let empty = !t.has(to, Side::Rebel);
            let mut v = d as f64 * 0.3 - 0.2;
            // Next to Imperial forces a lone unit is only fed to them.
            if d <= 1 {
                v -= 1.5;
            }
            if wants && empty {
                v += 1.0;
            }
            if kind.theater() == Theater::Ground && t.base_revealed && t.base == Some(s) {
                v += 3.0;
            }
            v
        }
    }
}
