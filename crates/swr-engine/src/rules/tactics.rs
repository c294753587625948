//! Tactic cards: which may be played during an attack or as a block, and what each does
//! (docs/swr/cards/tactics.md). A card that needs more choices goes on as an [`Effect`]
//! frame right above its combat; card damage waits in the attack until the Assign step.
//! Choices with a single option are made at once.

use super::combat::{self, Attack, CardDamage, Combat, Spread, NO_DIE};
use super::effects::{Effect, Source};
use super::frames::Frame;
use crate::action::Action;
use crate::data::cards::Tactic;
use crate::data::units::{Health, Theater, UnitKind};
use crate::data::Side;
use crate::log::{EventSink, LogEvent, LogExt};
use crate::state::{GameState, Place};
use Tactic::*;

/// Concentrate Fire: the dice to reroll, one at a time (`memo`: chosen dice as bits,
/// `count`: how many).
pub const REROLL: u8 = 0;
/// Brilliant Strategy: the deck of each draw, answered with that deck's Brilliant Strategy
/// (`count`: draws left).
pub const DRAW: u8 = 1;
/// Bombardment: the own ship whose red attack value is the damage (`Action::Damage` with
/// [`NO_DIE`] naming the ship).
pub const SHIP: u8 = 2;
/// Outmaneuver, Dig In: the other card of the theatre discarded to pay.
pub const COST: u8 = 3;
/// Blocks: the unit one point of this attack's damage comes off (`count`: points left,
/// `memo`: points blocked so far).
pub const BLOCK: u8 = 4;

fn theater(t: Tactic) -> Theater {
    if t.info().space {
        Theater::Space
    } else {
        Theater::Ground
    }
}

fn is_block(t: Tactic) -> bool {
    matches!(
        t,
        SpaceDefensiveFormation | SpaceOutmaneuver | GroundDefensiveFormation | GroundDigIn
    )
}

/// It's a Trap: the Empire plays no space tactic card in round one, blocks included.
fn trapped(c: &Combat, side: Side, t: Tactic) -> bool {
    c.mods.imperial_space_tactics_blocked_first_round
        && side == Side::Empire
        && t.info().space
        && c.round == 1
}

/// Whether `side` might play a tactic card of `theater` now as far as its opponent can
/// tell: it holds one and no public effect (It's a Trap, Unstoppable Assault for blocks)
/// forbids them. A step is asked whenever this holds, so that asking tells nothing about
/// which cards the hand holds.
pub(crate) fn might_play(
    state: &GameState,
    c: &Combat,
    side: Side,
    theater: Theater,
    blocking: bool,
) -> bool {
    let space = theater == Theater::Space;
    let holds_some = !state.cards[side.index()].tactics[if space { 0 } else { 1 }].is_empty();
    let unstoppable = blocking && c.no_block[side.index()];
    let trapped = space
        && c.mods.imperial_space_tactics_blocked_first_round
        && side == Side::Empire
        && c.round == 1;
    holds_some && !unstoppable && !trapped
}

/// Some opposing unit of this attack can take card damage (anything but the Death Star).
fn damageable(c: &Combat, a: &Attack) -> bool {
    combat::active(c, a.side.other(), a.theater).any(|(_, f)| f.kind.info().health != Health::None)
}

/// `side`'s ships in the combat with a red attack value, one per value.
fn bombarding_ships(c: &Combat, side: Side) -> Vec<usize> {
    let mut values = Vec::new();
    let mut out = Vec::new();
    for (i, f) in combat::active(c, side, Theater::Space) {
        let red = f.kind.info().red;
        if red > 0 && !values.contains(&red) {
            values.push(red);
            out.push(i);
        }
    }
    out
}

/// `side` could still retreat this round: nothing bars it and a leader of its is there.
fn could_retreat(state: &GameState, c: &Combat, side: Side) -> bool {
    !combat::retreat_barred(state, c, side) && state.has_leader(Place::System(c.system), side)
}

pub(crate) fn playable_in_attack(state: &GameState, c: &Combat, a: &Attack, t: Tactic) -> bool {
    let side = a.side;
    if is_block(t) || trapped(c, side, t) || (t.info().special && a.special_die().is_none()) {
        return false;
    }
    match t {
        SpaceBrilliantStrategy | GroundBrilliantStrategy => {
            combat::can_draw(state, c, Theater::Space)
                || combat::can_draw(state, c, Theater::Ground)
        }
        SpaceConcentrateFire | GroundConcentrateFire => a.dice.iter().any(|d| !d.spent),
        SpaceCriticalHit | GroundCriticalHit | SpaceOnslaught | GroundOnslaught
        | SpaceTakeItDown | GroundTakeItDown => damageable(c, a),
        GroundBombardment => damageable(c, a) && !bombarding_ships(c, side).is_empty(),
        SpaceUnstoppableAssault | GroundUnstoppableAssault => {
            // Pointless if the opponent cannot block anyway or holds no card of this theatre
            // (the size of a hand is public).
            let other = side.other();
            !c.no_block[other.index()]
                && !trapped(c, other, t)
                && !state.cards[other.index()].tactics[combat::theater_index(a.theater)].is_empty()
        }
        SpaceNoEscape => could_retreat(state, c, side.other()),
        GroundEscapePlan => {
            let place = Place::System(c.system);
            !c.free_retreat[side.index()]
                && could_retreat(state, c, side)
                && UnitKind::of(side).iter().any(|k| {
                    k.info().needs_transport && !k.info().immobile && state.count(place, *k) > 0
                })
        }
        _ => false,
    }
}

/// Plays `t` as a combat action of the attack in progress; returns the decision it still
/// needs, to go above the combat.
pub(crate) fn play_in_attack(
    state: &mut GameState,
    c: &mut Combat,
    t: Tactic,
    log: &mut impl EventSink,
) -> Option<Effect> {
    let a = c.attack.as_mut().expect("attack");
    let side = a.side;
    take_from_hand(state, side, t);
    log.all(LogEvent::TacticPlayed { side, tactic: t });
    if t.info().special {
        let i = a.special_die().expect("a special die pays for it");
        a.dice[i].spent = true;
        log.all(LogEvent::DieSpent { side, die: i as u8 });
    }
    let mut push_damage = |points, spread| {
        a.card_damage.push(CardDamage {
            points,
            spread,
            first: None,
        })
    };
    let mut e = Effect::new(Source::Tactic(t), side);
    match t {
        SpaceCriticalHit | GroundCriticalHit => push_damage(1, Spread::OneUnit),
        SpaceOnslaught | GroundOnslaught => push_damage(2, Spread::OnePerUnit),
        SpaceTakeItDown | GroundTakeItDown => push_damage(2, Spread::OneUnit),
        SpaceUnstoppableAssault | GroundUnstoppableAssault => {
            c.no_block[side.other().index()] = true
        }
        SpaceNoEscape => c.no_retreat[side.other().index()] = true,
        GroundEscapePlan => c.free_retreat[side.index()] = true,
        SpaceBrilliantStrategy | GroundBrilliantStrategy => {
            // Discarded once its draws are done, so it cannot refill the deck it draws from.
            e.step = DRAW;
            e.count = 2;
            return drive(state, c, e, log);
        }
        SpaceConcentrateFire | GroundConcentrateFire | GroundBombardment => {
            e.step = if t == GroundBombardment { SHIP } else { REROLL };
            discard(c, t);
            return drive(state, c, e, log);
        }
        _ => {}
    }
    discard(c, t);
    None
}

pub(crate) fn playable_as_block(state: &GameState, c: &Combat, a: &Attack, t: Tactic) -> bool {
    let defender = a.side.other();
    let hand = &state.cards[defender.index()].tactics[combat::theater_index(a.theater)];
    is_block(t)
        && !trapped(c, defender, t)
        && !c.no_block[defender.index()]
        && combat::active(c, defender, a.theater).any(|(i, _)| a.assigned(i as u8) > 0)
        // Outmaneuver and Dig In cost another card of the theatre.
        && (matches!(t, SpaceDefensiveFormation | GroundDefensiveFormation) || hand.len() >= 2)
}

/// Plays `t` to block damage of the attack in progress; returns the decision it still
/// needs.
pub(crate) fn play_as_block(
    state: &mut GameState,
    c: &mut Combat,
    t: Tactic,
    log: &mut impl EventSink,
) -> Option<Effect> {
    let defender = c.attack.as_ref().expect("attack").side.other();
    take_from_hand(state, defender, t);
    log.all(LogEvent::TacticPlayed {
        side: defender,
        tactic: t,
    });
    discard(c, t);
    let mut e = Effect::new(Source::Tactic(t), defender);
    if matches!(t, SpaceOutmaneuver | GroundDigIn) {
        e.step = COST;
    } else {
        e.step = BLOCK;
        e.count = 1;
    }
    drive(state, c, e, log)
}

fn take_from_hand(state: &mut GameState, side: Side, t: Tactic) {
    let hand = &mut state.cards[side.index()].tactics[combat::theater_index(theater(t))];
    let i = hand.iter().position(|x| *x == t).expect("in hand");
    hand.remove(i);
}

fn discard(c: &mut Combat, t: Tactic) {
    c.discard[combat::theater_index(theater(t))].push(t);
}

/// The combat a tactic card's effect belongs to (the nearest one on the stack).
fn combat_of(state: &GameState) -> &Combat {
    state
        .stack
        .iter()
        .rev()
        .find_map(|f| match f {
            Frame::Combat(c) => Some(&**c),
            _ => None,
        })
        .expect("a tactic card's effect runs inside its combat")
}

pub(crate) fn legal_effect(state: &GameState, e: &Effect, out: &mut Vec<Action>) {
    options(state, combat_of(state), e, out);
}

pub(crate) fn answer_effect(
    state: &mut GameState,
    mut e: Effect,
    action: Action,
    log: &mut impl EventSink,
) {
    let Some(Frame::Combat(mut c)) = state.stack.pop() else {
        unreachable!("a tactic card's effect sits right above its combat")
    };
    let next = if step(state, &mut c, &mut e, action, log) {
        drive(state, &mut c, e, log)
    } else {
        finish(state, &mut c, &e, log);
        None
    };
    state.stack.push(Frame::Combat(c));
    if let Some(e) = next {
        state.stack.push(Frame::Effect(e));
    }
}

fn options(state: &GameState, c: &Combat, e: &Effect, out: &mut Vec<Action>) {
    let Source::Tactic(t) = e.source else { return };
    let a = c.attack.as_ref().expect("attack");
    match e.step {
        REROLL => {
            let mut seen = Vec::new();
            for (i, d) in a.dice.iter().enumerate() {
                if !d.spent && e.memo & (1 << i) == 0 && !seen.contains(&d.die) {
                    seen.push(d.die);
                    out.push(Action::Die(i as u8));
                }
            }
            if e.count > 0 && !out.is_empty() {
                out.push(Action::Done);
            }
        }
        DRAW => {
            for (deck, th) in [
                (SpaceBrilliantStrategy, Theater::Space),
                (GroundBrilliantStrategy, Theater::Ground),
            ] {
                if e.count > 0 && combat::can_draw(state, c, th) {
                    out.push(Action::Tactic(deck));
                }
            }
        }
        SHIP => out.extend(
            bombarding_ships(c, e.side)
                .into_iter()
                .map(|i| Action::Damage {
                    die: NO_DIE,
                    target: i as u8,
                }),
        ),
        COST => {
            let hand = &state.cards[e.side.index()].tactics[combat::theater_index(theater(t))];
            let mut seen = Vec::new();
            for &x in hand {
                if !seen.contains(&x) {
                    seen.push(x);
                    out.push(Action::Tactic(x));
                }
            }
        }
        BLOCK if e.count > 0 => {
            let damaged = combat::active(c, e.side, a.theater)
                .filter(|(i, _)| a.assigned(*i as u8) > 0)
                .map(|(i, _)| i);
            out.extend(
                combat::distinct_targets(c, damaged)
                    .into_iter()
                    .map(|i| Action::Damage {
                        die: NO_DIE,
                        target: i as u8,
                    }),
            );
            if e.memo > 0 && !out.is_empty() {
                out.push(Action::Done);
            }
        }
        _ => {}
    }
}

/// Applies one answer; false when the effect has nothing more to ask.
fn step(
    state: &mut GameState,
    c: &mut Combat,
    e: &mut Effect,
    action: Action,
    log: &mut impl EventSink,
) -> bool {
    let a = c.attack.as_mut().expect("attack");
    match (e.step, action) {
        (REROLL, Action::Die(i)) => {
            e.memo |= 1 << i;
            e.count += 1;
            e.count < 2
        }
        (DRAW, Action::Tactic(deck)) => {
            combat::draw_tactics(state, c, e.side, theater(deck), 1, log);
            e.count -= 1;
            e.count > 0
        }
        (SHIP, Action::Damage { target, .. }) => {
            a.card_damage.push(CardDamage {
                points: c.fighters[target as usize].kind.info().red,
                spread: Spread::Any,
                first: None,
            });
            false
        }
        (COST, Action::Tactic(x)) => {
            take_from_hand(state, e.side, x);
            discard(c, x);
            log.all(LogEvent::TacticDiscarded {
                side: e.side,
                tactic: x,
            });
            e.step = BLOCK;
            e.count = 2;
            true
        }
        (BLOCK, Action::Damage { target, .. }) => {
            a.blocked.push((target, 1));
            log.all(LogEvent::DamageBlocked {
                side: e.side,
                kind: c.fighters[target as usize].kind,
                amount: 1,
            });
            e.count -= 1;
            e.memo += 1;
            e.count > 0
        }
        _ => false,
    }
}

/// Asks the effect's next question, answering those with one option at once; `None` once
/// the effect is complete.
fn drive(
    state: &mut GameState,
    c: &mut Combat,
    mut e: Effect,
    log: &mut impl EventSink,
) -> Option<Effect> {
    loop {
        let mut out = Vec::new();
        options(state, c, &e, &mut out);
        match out.as_slice() {
            [] => break,
            [only] if *only != Action::Done => {
                if !step(state, c, &mut e, *only, log) {
                    break;
                }
            }
            _ => return Some(e),
        }
    }
    finish(state, c, &e, log);
    None
}

/// What a card does once its choices are made.
fn finish(state: &mut GameState, c: &mut Combat, e: &Effect, log: &mut impl EventSink) {
    let Source::Tactic(t) = e.source else { return };
    match e.step {
        REROLL => {
            let a = c.attack.as_mut().expect("attack");
            let mut rerolled = Vec::new();
            for (i, d) in a.dice.iter_mut().enumerate() {
                if e.memo & (1 << i) != 0 {
                    d.die = state.roll(d.die.color);
                    rerolled.push((i as u8, d.die));
                }
            }
            log.all(LogEvent::DiceRerolled {
                side: a.side,
                dice: rerolled,
            });
        }
        DRAW => discard(c, t),
        _ => {}
    }
}

#[cfg(test)]
#[path = "tactics_tests.rs"]
pub(crate) mod tests;
