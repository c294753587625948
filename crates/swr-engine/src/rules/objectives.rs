//! Objective cards: when each is met, claiming it for reputation, and the combat window
//! (docs/swr/cards/objectives.md). Start-of-refresh conditions are read off the board;
//! combat conditions off what the combat recorded (units destroyed, battles won, who was
//! there). Death Star Plans is revealed and rolled, and only counts as played on a direct hit.

use super::combat::{self, Combat, Window};
use super::effects::{actions, Effect, Source};
use super::frames::Frame;
use crate::action::Action;
use crate::data::cards::{ActionCard, Objective, ObjectiveTiming};
use crate::data::leaders::LeaderId;
use crate::data::systems::{named::CORUSCANT, SystemId};
use crate::data::units::{Health, Theater, UnitClass, UnitKind};
use crate::data::Side;
use crate::log::{Die, DieColor, EventSink, Face, LogEvent, LogExt};
use crate::state::{GameState, LeaderPlace, Place};
use Objective::*;

/// Death Star Plans: how many of its three dice are red (`Action::Die(n)`: n red, the rest
/// black).
pub const PLANS_DICE: u8 = 0;
/// Death Star Plans hit: which station is destroyed (`Action::Destroy`).
pub const PLANS_TARGET: u8 = 1;
/// Return of the Jedi: which Imperial leader Luke (Jedi) eliminates.
pub const JEDI_TARGET: u8 = 2;
/// Death Star Plans missed: the Yoda ring may reroll one of its dice (`Action::Die(i)`;
/// `memo` holds the dice, two bits each: colour and direct hit).
pub const PLANS_REROLL: u8 = 3;

/// Dice Death Star Plans rolls; only a direct hit counts.
const PLANS_DICE_COUNT: u8 = 3;

fn rebel_units(state: &GameState, s: SystemId) -> bool {
    state.has_units(Place::System(s), Side::Rebel)
}

fn destroyed_systems(state: &GameState) -> u8 {
    SystemId::ALL
        .into_iter()
        .filter(|s| state.system(*s).destroyed)
        .count() as u8
}

/// A region whose populous systems (at least one) all have Rebel loyalty.
fn region_supports(state: &GameState, region: u8) -> bool {
    let mut populous = SystemId::ALL
        .into_iter()
        .filter(|s| s.info().region == region && state.is_populous(*s))
        .peekable();
    populous.peek().is_some() && populous.all(|s| state.has_rebel_loyalty(s))
}

/// Whether the Rebel meets `o`'s condition now (start-of-refresh objectives).
pub(crate) fn met(state: &GameState, o: Objective) -> bool {
    let count = |f: &dyn Fn(SystemId) -> bool| SystemId::ALL.into_iter().filter(|s| f(*s)).count();
    match o {
        CutSupplyLines => {
            count(&|s| {
                state.is_imperial_system(s) && (state.system(s).sabotaged || rebel_units(state, s))
            }) >= 3
        }
        DefendThePeople => count(&|s| state.is_rebel_system(s) && rebel_units(state, s)) >= 4,
        RegionalSupport => SystemId::ALL
            .into_iter()
            .any(|s| region_supports(state, s.info().region)),
        HeartOfTheEmpire => {
            rebel_units(state, CORUSCANT)
                && !state.has_units(Place::System(CORUSCANT), Side::Empire)
        }
        LeaveNoOneBehind => LeaderId::ALL
            .into_iter()
            .all(|l| !state.leader(l).is_captive()),
        PopularSupport => count(&|s| state.has_rebel_loyalty(s)) >= 6,
        EstablishOutposts => count(&|s| rebel_units(state, s)) >= 5,
        // Worth nothing without a destroyed system, so not offered then.
        InspireSympathy => destroyed_systems(state) > 0,
        _ => false,
    }
}

/// Claims `o`: reputation, then the card leaves the game (Heart of the Empire goes back to
/// the hand).
pub(crate) fn claim(state: &mut GameState, o: Objective, log: &mut impl EventSink) {
    let reputation = match o {
        InspireSympathy => destroyed_systems(state),
        _ => o.info().reputation,
    };
    if o != HeartOfTheEmpire {
        state.objectives.retain(|x| *x != o);
    }
    if state.reputation.saturating_sub(reputation) <= state.time {
        // The game ends at once, perhaps in mid-combat: the board first catches up with
        // what the combat was holding back (subjugation in its system).
        state.settle(log);
    }
    log.all(LogEvent::ObjectivePlayed {
        objective: o,
        reputation,
    });
    state.gain_reputation(reputation, log);
}

// ---------------------------------------------------------------------------------------
// Combat

/// The printed health of the Imperial units of `theater` destroyed in this combat.
fn health_destroyed(state: &GameState, c: &Combat, theater: Theater) -> u32 {
    let lost = combat::destroyed(state, c, Side::Empire);
    UnitKind::of(Side::Empire)
        .iter()
        .filter(|k| k.theater() == theater)
        .map(|k| {
            let health = match k.info().health {
                Health::Red(h) | Health::Black(h) => h,
                Health::None => 0,
            };
            lost[k.index()] as u32 * health as u32
        })
        .sum()
}

/// Whether the Rebel meets combat objective `o`'s condition in combat `c` (Death Star
/// Plans aside).
fn met_in_combat(state: &GameState, c: &Combat, o: Objective) -> bool {
    let initiated = c.attacker == Side::Rebel;
    let won = |t: Theater| c.won[combat::theater_index(t)][Side::Rebel.index()];
    match o {
        CripplingBlow => initiated && health_destroyed(state, c, Theater::Ground) >= 3,
        RebelAssault => {
            let lost = combat::destroyed(state, c, Side::Empire);
            initiated
                && lost[UnitKind::StarDestroyer.index()]
                    + lost[UnitKind::SuperStarDestroyer.index()]
                    > 0
        }
        MajorVictory => initiated && health_destroyed(state, c, Theater::Space) >= 3,
        Liberation => c.subjugated_at_start && won(Theater::Ground),
        ReturnOfTheJedi => c.sith_present && (won(Theater::Space) || won(Theater::Ground)),
        _ => false,
    }
}

/// The Death Stars and DSUCs in the combat's system.
fn stations<'a>(state: &'a GameState, c: &Combat) -> impl Iterator<Item = UnitKind> + 'a {
    let place = Place::System(c.system);
    [UnitKind::DeathStar, UnitKind::DeathStarUnderConstruction]
        .into_iter()
        .filter(move |k| state.count(place, *k) > 0)
}

/// Death Star Plans may be revealed: a station and a Rebel fighter in the system, and none
/// revealed yet this round.
fn plans_ready(state: &GameState, c: &Combat) -> bool {
    let place = Place::System(c.system);
    c.plans_round != c.round
        && stations(state, c).next().is_some()
        && UnitKind::of(Side::Rebel)
            .iter()
            .any(|k| k.info().class == UnitClass::Fighter && state.count(place, *k) > 0)
}

/// The combat objectives the Rebel may play in this window (one per combat).
pub(crate) fn legal_in_combat(
    state: &GameState,
    c: &Combat,
    window: Window,
    out: &mut Vec<Action>,
) {
    if c.objective_played {
        return;
    }
    for &o in &state.objectives {
        let playable = match o {
            DeathStarPlansII | DeathStarPlansIII => {
                window == Window::Space && plans_ready(state, c)
            }
            _ => o.info().timing == ObjectiveTiming::Combat && met_in_combat(state, c, o),
        };
        if playable {
            out.push(Action::Objective(o));
        }
    }
}

/// The Rebel plays `o` in combat `c`; returns the decision it still needs.
pub(crate) fn play_in_combat(
    state: &mut GameState,
    c: &mut Combat,
    o: Objective,
    log: &mut impl EventSink,
) -> Option<Effect> {
    let mut e = Effect::new(Source::Objective(o), Side::Rebel);
    match o {
        DeathStarPlansII | DeathStarPlansIII => {
            c.plans_round = c.round;
            e.step = PLANS_DICE;
            Some(e)
        }
        _ => {
            c.objective_played = true;
            claim(state, o, log);
            if o != ReturnOfTheJedi || state.is_over() {
                return None;
            }
            match jedi_targets(state, c).as_slice() {
                [] => None,
                [l] => {
                    state.eliminate(*l, log);
                    None
                }
                _ => {
                    e.step = JEDI_TARGET;
                    Some(e)
                }
            }
        }
    }
}

/// With Luke (Jedi) free in the combat's system, the Imperial leaders there.
fn jedi_targets(state: &GameState, c: &Combat) -> Vec<LeaderId> {
    let place = Place::System(c.system);
    let luke = state.leader(LeaderId::Luke);
    if !(luke.jedi
        && luke.controller == Side::Rebel
        && !luke.is_captive()
        && luke.place == LeaderPlace::Board(place))
    {
        return Vec::new();
    }
    state
        .leaders_at(place)
        .filter(|l| state.leader(*l).controller == Side::Empire)
        .collect()
}

/// The combat an objective's effect belongs to (the nearest one on the stack).
fn combat_of(state: &GameState) -> &Combat {
    state
        .stack
        .iter()
        .rev()
        .find_map(|f| match f {
            Frame::Combat(c) => Some(&**c),
            _ => None,
        })
        .expect("a combat objective's effect runs inside its combat")
}

pub(crate) fn legal_effect(state: &GameState, e: &Effect, out: &mut Vec<Action>) {
    let c = combat_of(state);
    match e.step {
        PLANS_DICE => {
            out.extend((0..=PLANS_DICE_COUNT).map(Action::Die));
            // One in a Million: a die placed showing a direct hit (the only face that counts
            // on this roll, so placing is the whole choice).
            let card = ActionCard::OneInAMillion;
            if state.cards[Side::Rebel.index()].actions.contains(&card)
                && actions::shown_present(state, card, Place::System(c.system))
            {
                out.push(Action::Card(card));
            }
        }
        PLANS_REROLL => {
            out.extend((0..PLANS_DICE_COUNT).map(Action::Die));
            out.push(Action::Done);
        }
        PLANS_TARGET => out.extend(stations(state, c).map(|kind| Action::Destroy {
            kind,
            at: Place::System(c.system),
        })),
        JEDI_TARGET => out.extend(jedi_targets(state, c).into_iter().map(Action::Leader)),
        _ => {}
    }
}

pub(crate) fn answer_effect(
    state: &mut GameState,
    mut e: Effect,
    action: Action,
    log: &mut impl EventSink,
) {
    let Some(Frame::Combat(mut c)) = state.stack.pop() else {
        unreachable!("a combat objective's effect sits right above its combat")
    };
    let Source::Objective(o) = e.source else {
        return;
    };
    let mut again = false;
    match (e.step, action) {
        (PLANS_DICE, Action::Die(_) | Action::Card(_)) => {
            let (red, placed) = match action {
                Action::Card(card) => {
                    actions::use_card(state, card, log);
                    let placed = Die {
                        color: DieColor::Red,
                        face: Face::DirectHit,
                    };
                    log.all(LogEvent::DiePlaced {
                        side: Side::Rebel,
                        die: placed,
                    });
                    (PLANS_DICE_COUNT, Some(placed))
                }
                Action::Die(red) => (red, None),
                _ => unreachable!(),
            };
            let rolled = PLANS_DICE_COUNT - placed.is_some() as u8;
            let dice: Vec<Die> = placed
                .into_iter()
                .chain((0..rolled).map(|i| {
                    state.roll(if i < red {
                        DieColor::Red
                    } else {
                        DieColor::Black
                    })
                }))
                .collect();
            log.all(LogEvent::DeathStarPlansRolled {
                objective: o,
                dice: dice.clone(),
            });
            if dice.iter().any(|d| d.face == Face::DirectHit) {
                again = plans_hit(state, &mut c, &mut e, o, log);
            } else if combat::yoda_may_reroll(state, &c) {
                // A miss with the Yoda ring there: it may reroll one die.
                e.memo = dice.iter().enumerate().fold(0, |m, (i, d)| {
                    m | ((d.color == DieColor::Red) as u64) << (2 * i)
                });
                e.step = PLANS_REROLL;
                again = true;
            }
            // A miss: the card, now seen, goes back to the hand.
        }
        (PLANS_REROLL, Action::Die(i)) => {
            state.marks.yoda_used = true;
            let red = e.memo >> (2 * i) & 1 == 1;
            let die = state.roll(if red { DieColor::Red } else { DieColor::Black });
            log.all(LogEvent::MissionDieChanged {
                side: Side::Rebel,
                die: i,
                to: die,
            });
            if die.face == Face::DirectHit {
                again = plans_hit(state, &mut c, &mut e, o, log);
            }
        }
        (PLANS_TARGET, Action::Destroy { kind, .. }) => {
            destroy_station(state, &mut c, o, kind, log)
        }
        (JEDI_TARGET, Action::Leader(l)) => state.eliminate(l, log),
        _ => {}
    }
    if state.is_over() {
        return;
    }
    state.stack.push(Frame::Combat(c));
    if again {
        state.stack.push(Frame::Effect(e));
    }
}

/// Death Star Plans rolled its direct hit: the station goes, or the Rebel chooses which when
/// there are two; returns whether that choice is pending.
fn plans_hit(
    state: &mut GameState,
    c: &mut Combat,
    e: &mut Effect,
    o: Objective,
    log: &mut impl EventSink,
) -> bool {
    let targets: Vec<UnitKind> = stations(state, c).collect();
    if let [kind] = targets.as_slice() {
        destroy_station(state, c, o, *kind, log);
        false
    } else {
        e.step = PLANS_TARGET;
        true
    }
}

/// Death Star Plans hit: the station goes (with the Death Star on the queue, for a DSUC)
/// and the card is played.
fn destroy_station(
    state: &mut GameState,
    c: &mut Combat,
    o: Objective,
    kind: UnitKind,
    log: &mut impl EventSink,
) {
    state.destroy_unit(Place::System(c.system), kind, log);
    combat::mark_gone(c, kind);
    c.objective_played = true;
    claim(state, o, log);
}

#[cfg(test)]
#[path = "objectives_tests.rs"]
mod tests;
