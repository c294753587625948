//! The Warfare box (L280-325) and the Galactic War (L532-555). A battle puts both sides'
//! Military Science cubes in a bag and draws three, one at a time: whoever owns two or three of
//! them wins (L288-290). A defender picks the worker that defends; losing with a worker that is
//! not a Trooper or Hero costs a second worker of the defender's choice (L290). Sentinels have
//! 5 cubes in Warfare and 8 in the Galactic War; a Hero attacking Sentinels adds 2 (L321).

use super::board;
use super::frames::{Attacker, Frame};
use super::Out;
use crate::action::{Action, Target};
use crate::data::{
    Kind, Place, Planet, Seat, MAX_CUBES, PLANETS, SENTINEL_CUBES, WAR_SENTINEL_CUBES,
};
use crate::log::{EventSink, Fighter, LogEvent, LogExt};
use crate::state::{GameState, Step};

pub(crate) fn advance(state: &mut GameState, slot: u8, _log: &mut impl EventSink) {
    let len = state.options.numbers.warfare_slots;
    for s in slot..len {
        if let Some(w) = state.warfare.slots[s as usize] {
            // Only Heroes and Troopers attack; others only held the slot (L284).
            if w.kind.is_military() {
                state.stack.push(Frame::Attack {
                    seat: w.seat,
                    slot: s,
                });
                state.step = Step::Warfare { slot: s + 1 };
                return;
            }
        }
    }
    // Attackers are used whatever the outcome (L294): back to their supplies.
    for s in 0..len as usize {
        if let Some(w) = state.warfare.slots[s].take() {
            state.players[w.seat.index()].supply[w.kind.index()] += 1;
        }
    }
    state.step = Step::Specialists { slot: 0 };
}

/// Whether `seat` may attack on `p`: not under an Imperial Fleet nor a rival's Rebel Fleet
/// (L286).
fn open_to_attack(state: &GameState, seat: Seat, p: Planet) -> bool {
    !state.planets[p.index()].imperial_fleet && !board::sheltered(state, p, Some(seat))
}

pub(crate) fn legal_attack(state: &GameState, seat: Seat, _slot: u8, out: &mut impl Out) {
    for p in Planet::ALL {
        if !open_to_attack(state, seat, p) {
            continue;
        }
        let planet = &state.planets[p.index()];
        if planet.sentinels > 0 {
            out.push(Action::Attack {
                planet: p,
                target: Target::Sentinels,
            });
        }
        for s in state.seats() {
            if s != seat && planet.workers_of(s) > 0 {
                out.push(Action::Attack {
                    planet: p,
                    target: Target::Faction(s),
                });
            }
        }
    }
}

/// Every (planet, target) `seat` could attack now.
#[cfg(test)]
pub(crate) fn legal_attack_targets(state: &GameState, seat: Seat) -> Vec<(Planet, Target)> {
    let mut out = Vec::new();
    legal_attack(state, seat, 0, &mut out);
    out.into_iter()
        .filter_map(|a| match a {
            Action::Attack { planet, target } => Some((planet, target)),
            _ => None,
        })
        .collect()
}

/// The attacker's cubes for this battle, with the bonuses that apply this turn.
pub(crate) fn attack_cubes(state: &GameState, seat: Seat, kind: Kind, target: Target) -> u8 {
    let p = &state.players[seat.index()];
    attacker_cubes(
        p.cubes,
        kind,
        target,
        p.sabotage_on(state.turn),
        p.propaganda_on(state.turn),
    )
}

/// An attacker's cubes from its own `cubes`: a Hero's +2 (L321) and Sabotage's +2 against
/// Sentinels, the Propaganda Machine's +1 against rebels, never more than the ten cubes of a
/// colour (L70, L298; the bonus cubes come from the supply, L321). Pure, so that the battles
/// and the odds a view shows (`crate::odds`) count by the same rule.
pub(crate) fn attacker_cubes(
    cubes: u8,
    kind: Kind,
    target: Target,
    sabotage: bool,
    propaganda: bool,
) -> u8 {
    let bonus = match target {
        Target::Sentinels => 2 * u8::from(kind == Kind::Hero) + 2 * u8::from(sabotage),
        Target::Faction(_) => u8::from(propaganda),
    };
    cubes.saturating_add(bonus).min(MAX_CUBES)
}

pub(crate) fn attack(
    state: &mut GameState,
    seat: Seat,
    slot: u8,
    action: Action,
    log: &mut impl EventSink,
) {
    let Action::Attack { planet, target } = action else {
        return;
    };
    let Some(w) = state.warfare.slots[slot as usize] else {
        return;
    };
    log.all(|| LogEvent::Attack {
        seat,
        kind: w.kind,
        planet,
        target,
    });
    match target {
        Target::Sentinels => {
            let a = attack_cubes(state, seat, w.kind, target);
            let drawn = state.bag(a, SENTINEL_CUBES);
            let won = drawn >= 2;
            log.all(|| LogEvent::Battle {
                planet,
                attacker: Fighter::Worker { seat, kind: w.kind },
                defender: Fighter::Sentinel,
                attacker_cubes: a,
                defender_cubes: SENTINEL_CUBES,
                attacker_drawn: drawn,
                attacker_won: won,
            });
            if won {
                // A defeated Sentinel is the only loss: it is a military unit (L323).
                board::remove_sentinels(state, planet, 1, log);
            } else {
                attacker_lost(state, slot, log);
            }
        }
        Target::Faction(defender) => state.stack.push(Frame::Defend {
            seat: defender,
            planet,
            by: Attacker::Warfare { slot },
        }),
    }
}

/// A beaten attacker is eliminated from its Warfare slot to its owner's supply (L290, L294):
/// it never stood on the planet it attacked.
fn attacker_lost(state: &mut GameState, slot: u8, log: &mut impl EventSink) {
    if let Some(w) = state.warfare.slots[slot as usize].take() {
        state.players[w.seat.index()].supply[w.kind.index()] += 1;
        log.all(|| LogEvent::AttackerEliminated {
            seat: w.seat,
            kind: w.kind,
            slot,
        });
    }
}

pub(crate) fn legal_defend(state: &GameState, seat: Seat, planet: Planet, out: &mut impl Out) {
    let w = &state.planets[planet.index()].workers[seat.index()];
    for k in Kind::ALL {
        if w[k.index()] > 0 {
            out.push(Action::Defend(k));
        }
    }
}

pub(crate) fn defend(
    state: &mut GameState,
    seat: Seat,
    planet: Planet,
    by: Attacker,
    action: Action,
    log: &mut impl EventSink,
) {
    let Action::Defend(kind) = action else { return };
    let d = state.players[seat.index()].cubes;
    let (attacker, a) = match by {
        Attacker::Warfare { slot } => {
            let Some(w) = state.warfare.slots[slot as usize] else {
                return;
            };
            (
                Fighter::Worker {
                    seat: w.seat,
                    kind: w.kind,
                },
                attack_cubes(state, w.seat, w.kind, crate::action::Target::Faction(seat)),
            )
        }
        Attacker::War => (Fighter::Sentinel, WAR_SENTINEL_CUBES),
    };
    let drawn = state.bag(a, d);
    let won = drawn >= 2;
    log.all(|| LogEvent::Battle {
        planet,
        attacker,
        defender: Fighter::Worker { seat, kind },
        attacker_cubes: a,
        defender_cubes: d,
        attacker_drawn: drawn,
        attacker_won: won,
    });
    if won {
        board::eliminate(state, seat, kind, Place::Planet(planet), 1, log);
        if !kind.is_military() {
            state.stack.push(Frame::SecondLoss { seat, planet });
        }
    } else {
        match by {
            Attacker::Warfare { slot } => attacker_lost(state, slot, log),
            Attacker::War => {
                board::remove_sentinels(state, planet, 1, log);
            }
        }
    }
}

pub(crate) fn second_loss(
    state: &mut GameState,
    seat: Seat,
    planet: Planet,
    action: Action,
    log: &mut impl EventSink,
) {
    if let Action::Defend(kind) = action {
        board::eliminate(state, seat, kind, Place::Planet(planet), 1, log);
    }
}

/// The faction the Sentinels on `p` attack next: the one with the most workers there, a tie
/// settled by drawing one cube of each tied player from the bag (L538).
fn war_target(state: &mut GameState, p: Planet, log: &mut impl EventSink) -> Seat {
    let planet = state.planets[p.index()];
    let counts: Vec<(Seat, u8)> = state.seats().map(|s| (s, planet.workers_of(s))).collect();
    let most = counts.iter().map(|c| c.1).max().unwrap_or(0);
    let tied: Vec<Seat> = counts.iter().filter(|c| c.1 == most).map(|c| c.0).collect();
    let drawn = tied.len() > 1;
    let seat = if drawn {
        tied[state.rng.below(tied.len())]
    } else {
        tied[0]
    };
    log.all(|| LogEvent::WarTarget {
        planet: p,
        seat,
        drawn,
    });
    seat
}

/// The Galactic War, planet by planet, battle by battle: the Sentinels stay on a faction until
/// it is wiped out (L542, the worked example L548-555), then turn on the next, until each
/// planet holds only Sentinels or none (L544). Fleets give no shelter (ruling).
pub(crate) fn war(state: &mut GameState, from: u8, target: Option<Seat>, log: &mut impl EventSink) {
    for i in from as usize..PLANETS {
        let p = Planet::from_index(i);
        let planet = &state.planets[i];
        if planet.sentinels == 0 || board::workers_on(state, p) == 0 {
            continue;
        }
        let current = if i == from as usize { target } else { None };
        let seat = match current {
            Some(t) if state.planets[i].workers_of(t) > 0 => t,
            _ => war_target(state, p, log),
        };
        state.stack.push(Frame::Defend {
            seat,
            planet: p,
            by: Attacker::War,
        });
        state.step = Step::War {
            planet: i as u8,
            target: Some(seat),
        };
        return;
    }
    state.step = Step::Scoring;
}
