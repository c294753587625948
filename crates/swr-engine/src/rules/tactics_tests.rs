//! Tactic card scenarios (docs/swr/cards/tactics.md): each card played through the combat's
//! own actions, with the dice of the attack set by the test.

use super::super::combat::{Attack, Combat, CombatStep, RolledDie, NO_DIE};
use super::super::frames::Frame;
use super::super::testkit::empty_board;
use crate::action::Action;
use crate::data::cards::Tactic::{self, *};
use crate::data::systems::named::*;
use crate::data::systems::SystemId;
use crate::data::units::Theater::{self, Ground, Space};
use crate::data::units::UnitKind::{self, *};
use crate::data::Side::{self, Empire, Rebel};
use crate::log::{Audience, Die, DieColor, Face, LogEntry, LogEvent, NoLog};
use crate::rules::effects::Source;
use crate::state::{GameState, LeaderPlace, Place};
use crate::LeaderId;

pub(crate) fn at(s: SystemId) -> Place {
    Place::System(s)
}

/// A combat in `system` between these units, started by `attacker`, with its Add Leader,
/// Start of Combat and draw steps behind it (no leader there, no card in hand).
pub(crate) fn battle(
    seed: u64,
    system: SystemId,
    units: &[(UnitKind, u8)],
    attacker: Side,
) -> GameState {
    let mut s = empty_board(seed);
    s.set_base(ENDOR);
    // No objective in the Rebel's hand, so no objective window asks anything.
    s.objectives.clear();
    battle_on(s, system, units, attacker)
}

/// [`battle`] on a board the test has prepared.
pub(crate) fn battle_on(
    mut s: GameState,
    system: SystemId,
    units: &[(UnitKind, u8)],
    attacker: Side,
) -> GameState {
    for &(k, n) in units {
        s.put(at(system), k, n);
    }
    s.start_combat(system, attacker, 0, &mut NoLog);
    fight_mut(&mut s).step = CombatStep::RoundStart;
    s
}

pub(crate) fn fight(s: &GameState) -> &Combat {
    s.stack
        .iter()
        .rev()
        .find_map(|f| match f {
            Frame::Combat(c) => Some(&**c),
            _ => None,
        })
        .expect("a combat")
}

pub(crate) fn fight_mut(s: &mut GameState) -> &mut Combat {
    s.stack
        .iter_mut()
        .rev()
        .find_map(|f| match f {
            Frame::Combat(c) => Some(&mut **c),
            _ => None,
        })
        .expect("a combat")
}

/// Gives `side` these tactic cards, taken from their decks.
pub(crate) fn give_tactics(s: &mut GameState, side: Side, cards: &[Tactic]) {
    for &t in cards {
        let ti = usize::from(!t.info().space);
        let i = s.tactic_decks[ti]
            .iter()
            .position(|x| *x == t)
            .expect("in the deck");
        s.tactic_decks[ti].remove(i);
        s.cards[side.index()].tactics[ti].push(t);
    }
}

/// `side`'s attack in `theater` has rolled exactly these dice: its Combat Actions step.
pub(crate) fn attack_with(
    s: &mut GameState,
    side: Side,
    theater: Theater,
    dice: &[(DieColor, Face)],
) {
    let c = fight_mut(s);
    c.step = CombatStep::Actions;
    c.attack = Some(Attack {
        side,
        theater,
        dice: dice
            .iter()
            .map(|&(color, face)| RolledDie {
                die: Die { color, face },
                spent: false,
                target: None,
            })
            .collect(),
        extra: Vec::new(),
        blocked: Vec::new(),
        card_damage: Vec::new(),
    });
}

/// The index of the first fighter of `kind` in the combat.
pub(crate) fn unit(s: &GameState, kind: UnitKind) -> u8 {
    fight(s)
        .fighters
        .iter()
        .position(|f| f.kind == kind)
        .expect("in the combat") as u8
}

pub(crate) fn card_point(target: u8) -> Action {
    Action::Damage {
        die: NO_DIE,
        target,
    }
}

/// Declines (or takes the first option) until `stop` holds or the combat is over.
pub(crate) fn decline_until(s: &mut GameState, stop: impl Fn(&GameState) -> bool) {
    for _ in 0..2_000 {
        if stop(s) || !s.stack.iter().any(|f| matches!(f, Frame::Combat(_))) {
            return;
        }
        let legal = s.legal_now();
        let a = if legal.contains(&Action::Done) {
            Action::Done
        } else {
            legal[0]
        };
        s.play(a);
    }
    panic!("the combat never got there");
}

/// The step of the combat in progress, if any.
pub(crate) fn step_now(s: &GameState) -> Option<CombatStep> {
    s.stack.iter().rev().find_map(|f| match f {
        Frame::Combat(c) => Some(c.step),
        _ => None,
    })
}

fn hand(s: &GameState, side: Side, theater: Theater) -> &Vec<Tactic> {
    &s.cards[side.index()].tactics[usize::from(theater == Ground)]
}

fn logged(log: &[LogEntry], event: &LogEvent) -> bool {
    log.iter().any(|e| e.event == *event)
}

use DieColor::{Black, Red};
use Face::{Blank, DirectHit, Hit, Special};

// ---------------------------------------------------------------------------------------
// Space deck

#[test]
fn brilliant_strategy_spends_a_special_die_and_draws_two_from_the_decks_chosen_one_at_a_time() {
    let mut s = battle(1, FELUCIA, &[(XWing, 1), (StarDestroyer, 1)], Rebel);
    give_tactics(&mut s, Rebel, &[SpaceBrilliantStrategy]);
    attack_with(&mut s, Rebel, Space, &[(Black, Hit)]);
    assert_eq!(
        s.legal_now(),
        vec![Action::Done],
        "no special die: not playable"
    );

    attack_with(&mut s, Rebel, Space, &[(Black, Special)]);
    assert_eq!(
        s.legal_now(),
        vec![
            Action::Die(0),
            Action::Tactic(SpaceBrilliantStrategy),
            Action::Done
        ]
    );
    let log = s.play(Action::Tactic(SpaceBrilliantStrategy));
    assert!(logged(
        &log,
        &LogEvent::DieSpent {
            side: Rebel,
            die: 0
        }
    ));
    assert!(fight(&s).attack.as_ref().unwrap().dice[0].spent);
    // The deck of each draw is asked, the Rebel's decision.
    assert_eq!(s.active_player(), Some(Rebel));
    let decks = vec![
        Action::Tactic(SpaceBrilliantStrategy),
        Action::Tactic(GroundBrilliantStrategy),
    ];
    assert_eq!(s.legal_now(), decks);
    s.play(Action::Tactic(SpaceBrilliantStrategy));
    assert_eq!(
        s.legal_now(),
        decks,
        "the second draw is chosen after seeing the first"
    );
    let log = s.play(Action::Tactic(GroundBrilliantStrategy));
    assert_eq!(
        (hand(&s, Rebel, Space).len(), hand(&s, Rebel, Ground).len()),
        (1, 1)
    );
    assert_eq!((s.tactic_decks[0].len(), s.tactic_decks[1].len()), (13, 14));
    assert_eq!(fight(&s).discard[0], vec![SpaceBrilliantStrategy]);
    // The deck is public, the card is not.
    assert!(log.iter().any(|e| e.audience == Audience::Only(Empire)
        && e.event
            == LogEvent::TacticsDrawn {
                side: Rebel,
                theater: Ground,
                cards: None,
                count: 1
            }));
    assert!(!s.stack.iter().any(|f| matches!(f, Frame::Effect(_))));
}

#[test]
fn brilliant_strategy_draws_without_asking_when_one_deck_is_left_and_is_not_offered_with_none() {
    let mut s = battle(2, FELUCIA, &[(XWing, 1), (StarDestroyer, 1)], Rebel);
    give_tactics(&mut s, Rebel, &[SpaceBrilliantStrategy]);
    let ground = std::mem::take(&mut s.tactic_decks[1]);
    attack_with(&mut s, Rebel, Space, &[(Black, Special)]);
    s.play(Action::Tactic(SpaceBrilliantStrategy));
    assert_eq!(hand(&s, Rebel, Space).len(), 2);
    assert!(
        !s.stack.iter().any(|f| matches!(f, Frame::Effect(_))),
        "no choice to make"
    );

    // Nothing to draw anywhere: neither the card nor a special-die draw is offered.
    let mut s = battle(2, FELUCIA, &[(XWing, 1), (StarDestroyer, 1)], Rebel);
    give_tactics(&mut s, Rebel, &[SpaceBrilliantStrategy]);
    s.tactic_decks = [Vec::new(), Vec::new()];
    attack_with(&mut s, Rebel, Space, &[(Black, Special)]);
    assert_eq!(s.legal_now(), vec![Action::Done]);
    drop(ground);
}

#[test]
fn an_empty_deck_is_refilled_from_the_combats_discard_pile() {
    let mut s = battle(3, FELUCIA, &[(XWing, 1), (StarDestroyer, 1)], Rebel);
    let deck = std::mem::take(&mut s.tactic_decks[0]);
    fight_mut(&mut s).discard[0] = vec![SpaceCriticalHit, SpaceNoEscape];
    attack_with(&mut s, Rebel, Space, &[(Black, Special)]);
    let log = s.play(Action::Die(0));
    assert!(logged(
        &log,
        &LogEvent::TacticDeckReshuffled { theater: Space }
    ));
    assert_eq!(hand(&s, Rebel, Space).len(), 1);
    assert!([SpaceCriticalHit, SpaceNoEscape].contains(&hand(&s, Rebel, Space)[0]));
    assert_eq!(s.tactic_decks[0].len(), 1);
    assert!(fight(&s).discard[0].is_empty());
    drop(deck);
}

#[test]
fn concentrate_fire_rerolls_one_or_two_chosen_dice_together() {
    // A Critical Hit in hand keeps the attack at its Combat Actions step.
    let mut s = battle(4, FELUCIA, &[(XWing, 1), (StarDestroyer, 1)], Rebel);
    give_tactics(&mut s, Rebel, &[SpaceConcentrateFire, SpaceCriticalHit]);
    attack_with(
        &mut s,
        Rebel,
        Space,
        &[(Red, Blank), (Red, Blank), (Black, Hit)],
    );
    s.play(Action::Tactic(SpaceConcentrateFire));
    // Two blank red dice are the same choice; at least one die must be chosen.
    assert_eq!(s.legal_now(), vec![Action::Die(0), Action::Die(2)]);
    assert!(
        matches!(s.stack.last(), Some(Frame::Effect(e)) if e.source == Source::Tactic(SpaceConcentrateFire))
    );
    s.play(Action::Die(0));
    assert_eq!(
        s.legal_now(),
        vec![Action::Die(1), Action::Die(2), Action::Done]
    );
    let log = s.play(Action::Die(1));
    let dice = &fight(&s).attack.as_ref().unwrap().dice;
    let rerolled = log.iter().find_map(|e| match &e.event {
        LogEvent::DiceRerolled { side: Rebel, dice } => Some(dice.clone()),
        _ => None,
    });
    assert_eq!(rerolled, Some(vec![(0, dice[0].die), (1, dice[1].die)]));
    assert_eq!(
        dice[2].die,
        Die {
            color: Black,
            face: Hit
        },
        "the die not chosen stays"
    );
    assert!(dice.iter().all(|d| !d.spent));
    assert_eq!(fight(&s).discard[0], vec![SpaceConcentrateFire]);
    assert_eq!(fight(&s).step, CombatStep::Actions);

    // With one die left unchosen, Done rerolls only the first.
    let mut s = battle(5, FELUCIA, &[(XWing, 1), (StarDestroyer, 1)], Rebel);
    give_tactics(&mut s, Rebel, &[SpaceConcentrateFire, SpaceCriticalHit]);
    attack_with(&mut s, Rebel, Space, &[(Red, Blank), (Black, Hit)]);
    s.play(Action::Tactic(SpaceConcentrateFire));
    s.play(Action::Die(1));
    let log = s.play(Action::Done);
    assert!(log.iter().any(|e| matches!(&e.event, LogEvent::DiceRerolled { dice, .. } if dice.len() == 1 && dice[0].0 == 1)));
    assert_eq!(
        fight(&s).attack.as_ref().unwrap().dice[0].die,
        Die {
            color: Red,
            face: Blank
        }
    );
}

#[test]
fn concentrate_fire_needs_a_die_and_rerolls_a_lone_die_at_once() {
    let mut s = battle(6, FELUCIA, &[(RebelTrooper, 1), (Stormtrooper, 1)], Rebel);
    give_tactics(&mut s, Rebel, &[GroundConcentrateFire]);
    attack_with(&mut s, Rebel, Ground, &[]);
    assert_eq!(s.legal_now(), vec![Action::Done], "no die to reroll");
    attack_with(&mut s, Rebel, Ground, &[(Black, Blank)]);
    let log = s.play(Action::Tactic(GroundConcentrateFire));
    assert!(log
        .iter()
        .any(|e| matches!(&e.event, LogEvent::DiceRerolled { dice, .. } if dice.len() == 1)));
    assert_eq!(fight(&s).discard[1], vec![GroundConcentrateFire]);
}

#[test]
fn critical_hit_adds_one_point_of_card_damage_for_any_enemy_ship_whatever_its_health_colour() {
    // The Empire's red hit cannot touch an X-wing; the card's point can.
    let mut s = battle(7, FELUCIA, &[(XWing, 1), (StarDestroyer, 1)], Empire);
    give_tactics(&mut s, Empire, &[SpaceCriticalHit]);
    attack_with(&mut s, Empire, Space, &[(Red, Hit)]);
    s.play(Action::Tactic(SpaceCriticalHit));
    assert_eq!(fight(&s).step, CombatStep::Assign);
    assert_eq!(fight(&s).discard[0], vec![SpaceCriticalHit]);
    let x = unit(&s, XWing);
    assert_eq!(s.legal_now(), vec![card_point(x)]);
    let log = s.play(card_point(x));
    assert!(logged(
        &log,
        &LogEvent::DamageAssigned {
            side: Empire,
            die: NO_DIE,
            kind: XWing
        }
    ));
    decline_until(&mut s, |_| false);
    assert_eq!(s.count(at(FELUCIA), XWing), 0);
}

#[test]
fn critical_hit_is_played_in_an_attack_without_dice_and_never_against_a_lone_death_star() {
    let mut s = battle(
        8,
        FELUCIA,
        &[(RebelTransport, 1), (StarDestroyer, 1), (TieFighter, 1)],
        Rebel,
    );
    give_tactics(
        &mut s,
        Rebel,
        &[SpaceCriticalHit, SpaceTakeItDown, SpaceOnslaught],
    );
    attack_with(&mut s, Rebel, Space, &[]);
    assert_eq!(
        s.legal_now(),
        vec![Action::Tactic(SpaceCriticalHit), Action::Done]
    );
    s.play(Action::Tactic(SpaceCriticalHit));
    // The other two need a special die: the Rebel ends the actions (the step stays while
    // cards are in hand, so the Empire cannot tell whether any was playable).
    assert_eq!(s.legal_now(), vec![Action::Done]);
    s.play(Action::Done);
    let (sd, tie) = (unit(&s, StarDestroyer), unit(&s, TieFighter));
    assert_eq!(
        s.legal_now(),
        vec![card_point(tie), card_point(sd)],
        "card damage must be assigned"
    );
    let log = s.play(card_point(sd));
    assert!(logged(
        &log,
        &LogEvent::DamageAssigned {
            side: Rebel,
            die: NO_DIE,
            kind: StarDestroyer
        }
    ));

    let mut s = battle(8, FELUCIA, &[(XWing, 1), (DeathStar, 1)], Rebel);
    give_tactics(
        &mut s,
        Rebel,
        &[SpaceCriticalHit, SpaceTakeItDown, SpaceOnslaught],
    );
    attack_with(&mut s, Rebel, Space, &[(Black, Special)]);
    assert_eq!(
        s.legal_now(),
        vec![Action::Die(0), Action::Done],
        "no unit can take the damage"
    );
}

#[test]
fn defensive_formation_removes_one_point_of_this_attacks_damage_only() {
    let mut s = battle(
        9,
        FELUCIA,
        &[(XWing, 1), (CorellianCorvette, 1), (TieFighter, 1)],
        Empire,
    );
    give_tactics(&mut s, Rebel, &[SpaceDefensiveFormation]);
    let corvette = unit(&s, CorellianCorvette);
    fight_mut(&mut s).fighters[corvette as usize].damage = 1; // from an earlier attack
    attack_with(&mut s, Empire, Space, &[(Black, Hit)]);
    s.play(Action::Done);
    let x = unit(&s, XWing);
    s.play(Action::Damage { die: 0, target: x });
    assert_eq!(s.active_player(), Some(Rebel));
    assert_eq!(
        s.legal_now(),
        vec![Action::Tactic(SpaceDefensiveFormation), Action::Done]
    );
    // Only the X-wing carries damage from this attack: no choice to make.
    let log = s.play(Action::Tactic(SpaceDefensiveFormation));
    assert!(logged(
        &log,
        &LogEvent::DamageBlocked {
            side: Rebel,
            kind: XWing,
            amount: 1
        }
    ));
    let c = fight(&s);
    assert!(!c.fighters[x as usize].doomed && c.fighters[x as usize].damage == 0);
    assert_eq!(
        c.fighters[corvette as usize].damage, 1,
        "earlier damage stays"
    );
    assert_eq!(c.discard[0], vec![SpaceDefensiveFormation]);
}

#[test]
fn defensive_formation_asks_which_unit_when_several_took_damage() {
    let mut s = battle(
        10,
        FELUCIA,
        &[(RebelTrooper, 1), (Airspeeder, 1), (AtSt, 1)],
        Empire,
    );
    give_tactics(&mut s, Rebel, &[GroundDefensiveFormation]);
    attack_with(&mut s, Empire, Ground, &[(Red, DirectHit), (Black, Hit)]);
    s.play(Action::Done);
    let (trooper, speeder) = (unit(&s, RebelTrooper), unit(&s, Airspeeder));
    s.play(Action::Damage {
        die: 0,
        target: speeder,
    });
    s.play(Action::Damage {
        die: 1,
        target: trooper,
    });
    s.play(Action::Tactic(GroundDefensiveFormation));
    assert_eq!(
        s.legal_now(),
        vec![card_point(trooper), card_point(speeder)]
    );
    assert!(
        !s.legal_now().contains(&Action::Done),
        "the block is not optional once played"
    );
    s.play(card_point(speeder));
    let c = fight(&s);
    assert_eq!(c.fighters[speeder as usize].damage, 0);
    assert!(c.fighters[trooper as usize].doomed);
}

#[test]
fn no_escape_stops_the_opponents_retreat_this_round_and_transports_that_cannot_leave_are_lost() {
    let mut s = battle(
        11,
        FELUCIA,
        &[(RebelTransport, 1), (StarDestroyer, 1)],
        Empire,
    );
    s.set_leader(LeaderId::Leia, LeaderPlace::Board(at(FELUCIA)));
    give_tactics(&mut s, Empire, &[SpaceNoEscape]);
    attack_with(&mut s, Empire, Space, &[(Red, Blank)]);
    assert_eq!(
        s.legal_now(),
        vec![Action::Tactic(SpaceNoEscape), Action::Done]
    );
    // The rest of the round needs no decision: the Rebel cannot retreat and loses the
    // transport.
    let log = s.play(Action::Tactic(SpaceNoEscape));
    assert!(logged(
        &log,
        &LogEvent::TacticPlayed {
            side: Empire,
            tactic: SpaceNoEscape
        }
    ));
    assert!(logged(
        &log,
        &LogEvent::UnitDestroyed {
            kind: RebelTransport,
            place: at(FELUCIA)
        }
    ));
    assert_eq!(s.count(at(FELUCIA), RebelTransport), 0);
    assert_eq!(
        s.leader(LeaderId::Leia).place,
        LeaderPlace::Board(at(FELUCIA))
    );
    assert!(!s.stack.iter().any(|f| matches!(f, Frame::Combat(_))));
}

#[test]
fn no_escape_lasts_until_the_end_of_the_round() {
    let mut s = battle(11, FELUCIA, &[(XWing, 5), (StarDestroyer, 1)], Empire);
    s.set_leader(LeaderId::Leia, LeaderPlace::Board(at(FELUCIA)));
    give_tactics(&mut s, Empire, &[SpaceNoEscape, SpaceCriticalHit]);
    attack_with(&mut s, Empire, Space, &[(Red, Blank)]);
    s.play(Action::Tactic(SpaceNoEscape));
    assert_eq!(fight(&s).no_retreat, [true, false]);
    let rebel_retreat = |s: &GameState| step_now(s) == Some(CombatStep::Retreat { side: Rebel });
    decline_until(&mut s, |s| rebel_retreat(s) || fight(s).round >= 2);
    assert!(!rebel_retreat(&s), "no retreat in round one");
    assert_eq!(fight(&s).no_retreat, [false, false]);
    decline_until(&mut s, rebel_retreat);
    assert!(s.legal_now().iter().any(|a| matches!(
        a,
        Action::Retreat {
            leader: LeaderId::Leia,
            ..
        }
    )));
}

#[test]
fn no_escape_is_not_offered_against_a_side_that_cannot_retreat_anyway() {
    let mut s = battle(12, FELUCIA, &[(XWing, 1), (StarDestroyer, 1)], Empire);
    s.set_leader(LeaderId::Leia, LeaderPlace::Board(at(FELUCIA)));
    give_tactics(&mut s, Empire, &[SpaceNoEscape]);
    fight_mut(&mut s).mods.rebel_no_retreat = true; // Keep Them from Escaping
    attack_with(&mut s, Empire, Space, &[(Red, Blank)]);
    assert_eq!(s.legal_now(), vec![Action::Done]);
    // The Empire with a Death Star cannot retreat: no point for the Rebel.
    let mut s = battle(12, FELUCIA, &[(XWing, 1), (DeathStar, 1)], Rebel);
    s.set_leader(LeaderId::Vader, LeaderPlace::Board(at(FELUCIA)));
    give_tactics(&mut s, Rebel, &[SpaceNoEscape]);
    attack_with(&mut s, Rebel, Space, &[(Black, Blank)]);
    assert_eq!(s.legal_now(), vec![Action::Done]);
}

#[test]
fn onslaught_puts_its_two_points_on_two_different_ships_or_loses_one() {
    let mut s = battle(
        13,
        FELUCIA,
        &[(XWing, 1), (StarDestroyer, 1), (AssaultCarrier, 1)],
        Rebel,
    );
    give_tactics(&mut s, Rebel, &[SpaceOnslaught]);
    attack_with(&mut s, Rebel, Space, &[(Black, Special)]);
    s.play(Action::Tactic(SpaceOnslaught));
    let (sd, ac) = (unit(&s, StarDestroyer), unit(&s, AssaultCarrier));
    assert_eq!(s.legal_now(), vec![card_point(ac), card_point(sd)]);
    s.play(card_point(sd));
    assert_eq!(
        s.legal_now(),
        vec![card_point(ac)],
        "not the same ship twice"
    );
    s.play(card_point(ac));
    let c = fight(&s);
    assert_eq!(
        (
            c.fighters[sd as usize].damage,
            c.fighters[ac as usize].damage
        ),
        (1, 1)
    );

    let mut s = battle(13, FELUCIA, &[(XWing, 1), (StarDestroyer, 1)], Rebel);
    give_tactics(&mut s, Rebel, &[SpaceOnslaught]);
    attack_with(&mut s, Rebel, Space, &[(Black, Special)]);
    s.play(Action::Tactic(SpaceOnslaught));
    let sd = unit(&s, StarDestroyer);
    s.play(card_point(sd));
    assert_eq!(
        fight(&s).fighters[sd as usize].damage,
        1,
        "the second point is lost"
    );
}

#[test]
fn outmaneuver_discards_another_space_card_and_blocks_up_to_two() {
    let mut s = battle(
        14,
        FELUCIA,
        &[(XWing, 1), (YWing, 1), (TieFighter, 2)],
        Empire,
    );
    give_tactics(
        &mut s,
        Rebel,
        &[SpaceOutmaneuver, SpaceCriticalHit, GroundDigIn],
    );
    attack_with(&mut s, Empire, Space, &[(Black, Hit), (Black, Hit)]);
    s.play(Action::Done);
    let (x, y) = (unit(&s, XWing), unit(&s, YWing));
    s.play(Action::Damage { die: 0, target: x });
    s.play(Action::Damage { die: 1, target: y });
    // The only other space card pays at once; the ground card cannot.
    let log = s.play(Action::Tactic(SpaceOutmaneuver));
    assert!(logged(
        &log,
        &LogEvent::TacticDiscarded {
            side: Rebel,
            tactic: SpaceCriticalHit
        }
    ));
    assert_eq!(hand(&s, Rebel, Ground), &vec![GroundDigIn]);
    assert_eq!(s.legal_now(), vec![card_point(x), card_point(y)]);
    s.play(card_point(x));
    assert_eq!(
        s.legal_now(),
        vec![card_point(y), Action::Done],
        "up to two"
    );
    s.play(card_point(y));
    let c = fight(&s);
    assert!(!c.fighters[x as usize].doomed && !c.fighters[y as usize].doomed);
    assert_eq!(c.discard[0], vec![SpaceOutmaneuver, SpaceCriticalHit]);
}

#[test]
fn outmaneuver_needs_another_space_card_and_a_second_copy_will_do() {
    let mut s = battle(15, FELUCIA, &[(XWing, 1), (TieFighter, 1)], Empire);
    give_tactics(&mut s, Rebel, &[SpaceOutmaneuver, GroundDigIn]);
    attack_with(&mut s, Empire, Space, &[(Black, Hit)]);
    s.play(Action::Done);
    let x = unit(&s, XWing);
    let log = s.play(Action::Damage { die: 0, target: x });
    // Asked, since the Rebel holds a space card, but with nothing to play.
    assert_eq!(step_now(&s), Some(CombatStep::Block));
    assert_eq!(s.legal_now(), vec![Action::Done], "no block to offer");
    assert!(!log
        .iter()
        .any(|e| matches!(e.event, LogEvent::TacticPlayed { .. })));

    let mut s = battle(15, FELUCIA, &[(XWing, 2), (TieFighter, 1)], Empire);
    give_tactics(&mut s, Rebel, &[SpaceOutmaneuver, SpaceOutmaneuver]);
    attack_with(&mut s, Empire, Space, &[(Black, Hit), (Red, DirectHit)]);
    s.play(Action::Done);
    let x = unit(&s, XWing);
    s.play(Action::Damage { die: 0, target: x });
    s.play(Action::Damage { die: 1, target: x });
    // The second copy pays, and the only damaged ship takes the first point off at once.
    s.play(Action::Tactic(SpaceOutmaneuver));
    assert_eq!(s.legal_now(), vec![card_point(x), Action::Done]);
    s.play(card_point(x));
    assert_eq!(fight(&s).fighters[x as usize].damage, 0);
    assert!(hand(&s, Rebel, Space).is_empty());
}

#[test]
fn take_it_down_spends_its_die_and_puts_two_points_on_one_ship() {
    let mut s = battle(
        16,
        FELUCIA,
        &[
            (XWing, 1),
            (StarDestroyer, 1),
            (DeathStarUnderConstruction, 1),
        ],
        Rebel,
    );
    give_tactics(&mut s, Rebel, &[SpaceTakeItDown]);
    attack_with(&mut s, Rebel, Space, &[(Red, Special), (Red, Hit)]);
    s.play(Action::Tactic(SpaceTakeItDown));
    let (sd, dsuc) = (
        unit(&s, StarDestroyer),
        unit(&s, DeathStarUnderConstruction),
    );
    // The spent die is not damage: only the red hit is assigned, then the card.
    assert_eq!(
        s.legal_now(),
        vec![
            Action::Damage { die: 1, target: sd },
            Action::Damage {
                die: 1,
                target: dsuc
            }
        ]
    );
    s.play(Action::Damage { die: 1, target: sd });
    assert_eq!(s.legal_now(), vec![card_point(sd), card_point(dsuc)]);
    s.play(card_point(dsuc));
    let c = fight(&s);
    assert_eq!(
        (
            c.fighters[sd as usize].damage,
            c.fighters[dsuc as usize].damage
        ),
        (1, 2)
    );
}

#[test]
fn unstoppable_assault_stops_the_opponents_blocks_for_the_battle_step() {
    let mut s = battle(17, FELUCIA, &[(XWing, 5), (StarDestroyer, 1)], Rebel);
    give_tactics(&mut s, Rebel, &[SpaceUnstoppableAssault]);
    give_tactics(&mut s, Empire, &[SpaceDefensiveFormation]);
    attack_with(&mut s, Rebel, Space, &[(Red, Special), (Red, Hit)]);
    s.play(Action::Tactic(SpaceUnstoppableAssault));
    assert_eq!(fight(&s).no_block, [false, true]);
    let sd = unit(&s, StarDestroyer);
    s.play(Action::Damage { die: 1, target: sd });
    assert_eq!(
        fight(&s).fighters[sd as usize].damage,
        1,
        "no block was asked"
    );
    assert_eq!(hand(&s, Empire, Space), &vec![SpaceDefensiveFormation]);
    decline_until(&mut s, |s| fight(s).round >= 2);
    assert_eq!(
        fight(&s).no_block,
        [false, false],
        "over at the end of the step"
    );
}

#[test]
fn unstoppable_assault_is_pointless_when_the_opponent_holds_no_card_of_the_theatre() {
    let mut s = battle(18, FELUCIA, &[(XWing, 1), (StarDestroyer, 1)], Rebel);
    give_tactics(&mut s, Rebel, &[SpaceUnstoppableAssault]);
    give_tactics(&mut s, Empire, &[GroundDefensiveFormation]);
    attack_with(&mut s, Rebel, Space, &[(Red, Special)]);
    assert_eq!(s.legal_now(), vec![Action::Die(0), Action::Done]);
}

#[test]
fn its_a_trap_keeps_imperial_space_cards_out_of_round_one_blocks_included() {
    let mut s = battle(19, FELUCIA, &[(XWing, 1), (StarDestroyer, 1)], Rebel);
    fight_mut(&mut s)
        .mods
        .imperial_space_tactics_blocked_first_round = true;
    give_tactics(&mut s, Empire, &[SpaceDefensiveFormation, SpaceCriticalHit]);
    attack_with(&mut s, Rebel, Space, &[(Red, Hit)]);
    s.play(Action::Done);
    let sd = unit(&s, StarDestroyer);
    let log = s.play(Action::Damage { die: 0, target: sd });
    assert_ne!(
        step_now(&s),
        Some(CombatStep::Block),
        "no block in round one"
    );
    assert!(!log
        .iter()
        .any(|e| matches!(e.event, LogEvent::DamageBlocked { .. })));
    attack_with(&mut s, Empire, Space, &[(Red, Blank)]);
    assert_eq!(s.legal_now(), vec![Action::Done]);
    fight_mut(&mut s).round = 2;
    assert_eq!(
        s.legal_now(),
        vec![Action::Tactic(SpaceCriticalHit), Action::Done]
    );
}

// ---------------------------------------------------------------------------------------
// Ground deck

#[test]
fn bombardment_deals_the_chosen_ships_red_value_spread_freely_over_ground_units() {
    let mut s = battle(
        20,
        FELUCIA,
        &[
            (RebelTrooper, 2),
            (ShieldGenerator, 1),
            (StarDestroyer, 1),
            (DeathStar, 1),
            (TieFighter, 1),
            (Stormtrooper, 1),
        ],
        Empire,
    );
    give_tactics(&mut s, Empire, &[GroundBombardment]);
    attack_with(&mut s, Empire, Ground, &[(Black, Special)]);
    s.play(Action::Tactic(GroundBombardment));
    // The TIE has no red value; the Star Destroyer gives 2, the Death Star 4.
    let (sd, ds) = (unit(&s, StarDestroyer), unit(&s, DeathStar));
    assert_eq!(s.active_player(), Some(Empire));
    assert_eq!(s.legal_now(), vec![card_point(sd), card_point(ds)]);
    s.play(card_point(ds));
    let (t, shield) = (unit(&s, RebelTrooper), unit(&s, ShieldGenerator));
    assert_eq!(s.legal_now(), vec![card_point(t), card_point(shield)]);
    s.play(card_point(t));
    s.play(card_point(t));
    s.play(card_point(shield));
    s.play(card_point(shield));
    let c = fight(&s);
    assert_eq!(c.fighters[t as usize].damage, 2);
    assert_eq!(c.fighters[t as usize + 1].damage, 0);
    assert_eq!(c.fighters[shield as usize].damage, 2);
}

#[test]
fn bombardment_needs_a_ship_with_a_red_attack_value() {
    let mut s = battle(
        21,
        FELUCIA,
        &[(RebelTrooper, 1), (TieFighter, 1), (Stormtrooper, 1)],
        Empire,
    );
    give_tactics(&mut s, Empire, &[GroundBombardment]);
    attack_with(&mut s, Empire, Ground, &[(Black, Special)]);
    assert_eq!(s.legal_now(), vec![Action::Die(0), Action::Done]);
}

#[test]
fn ground_brilliant_strategy_may_draw_one_card_of_each_deck() {
    let mut s = battle(22, FELUCIA, &[(RebelTrooper, 1), (Stormtrooper, 1)], Empire);
    give_tactics(&mut s, Empire, &[GroundBrilliantStrategy]);
    attack_with(&mut s, Empire, Ground, &[(Red, Special)]);
    s.play(Action::Tactic(GroundBrilliantStrategy));
    s.play(Action::Tactic(SpaceBrilliantStrategy));
    s.play(Action::Tactic(GroundBrilliantStrategy));
    assert_eq!(
        (
            hand(&s, Empire, Space).len(),
            hand(&s, Empire, Ground).len()
        ),
        (1, 1)
    );
    assert_eq!(fight(&s).discard[1], vec![GroundBrilliantStrategy]);
}

#[test]
fn ground_critical_hit_may_go_to_a_structure() {
    let mut s = battle(
        23,
        FELUCIA,
        &[(ShieldGenerator, 1), (Stormtrooper, 1)],
        Empire,
    );
    give_tactics(&mut s, Empire, &[GroundCriticalHit]);
    attack_with(&mut s, Empire, Ground, &[(Black, Hit)]);
    s.play(Action::Tactic(GroundCriticalHit));
    let shield = unit(&s, ShieldGenerator);
    assert_eq!(
        s.legal_now(),
        vec![card_point(shield)],
        "the black hit has no target; the card has"
    );
    let log = s.play(card_point(shield));
    assert!(logged(
        &log,
        &LogEvent::DamageAssigned {
            side: Empire,
            die: NO_DIE,
            kind: ShieldGenerator
        }
    ));
}

#[test]
fn dig_in_blocks_two_on_one_unit_unless_an_unstoppable_assault_was_played() {
    let mut s = battle(24, FELUCIA, &[(RebelTrooper, 1), (AtAt, 1)], Rebel);
    give_tactics(
        &mut s,
        Empire,
        &[GroundDigIn, GroundDigIn, GroundCriticalHit],
    );
    attack_with(
        &mut s,
        Rebel,
        Ground,
        &[(Red, DirectHit), (Red, DirectHit), (Red, Hit)],
    );
    s.play(Action::Done);
    let atat = unit(&s, AtAt);
    for die in 0..3 {
        s.play(Action::Damage { die, target: atat });
    }
    s.play(Action::Tactic(GroundDigIn));
    // Another Dig In or the Critical Hit may pay.
    assert_eq!(
        s.legal_now(),
        vec![
            Action::Tactic(GroundDigIn),
            Action::Tactic(GroundCriticalHit)
        ]
    );
    s.play(Action::Tactic(GroundCriticalHit));
    // The only damaged unit loses a first point at once; a second is optional.
    assert_eq!(s.legal_now(), vec![card_point(atat), Action::Done]);
    s.play(card_point(atat));
    // The second Dig In has no card left to pay with: the Empire ends its blocks.
    assert_eq!(s.legal_now(), vec![Action::Done]);
    s.play(Action::Done);
    let c = fight(&s);
    assert_eq!(c.fighters[atat as usize].damage, 1);
    assert!(!c.fighters[atat as usize].doomed);

    let mut s = battle(24, FELUCIA, &[(RebelTrooper, 1), (AtAt, 1)], Rebel);
    give_tactics(&mut s, Rebel, &[GroundUnstoppableAssault]);
    give_tactics(&mut s, Empire, &[GroundDigIn, GroundDefensiveFormation]);
    attack_with(&mut s, Rebel, Ground, &[(Red, Special), (Red, DirectHit)]);
    s.play(Action::Tactic(GroundUnstoppableAssault));
    let atat = unit(&s, AtAt);
    s.play(Action::Damage {
        die: 1,
        target: atat,
    });
    assert_ne!(step_now(&s), Some(CombatStep::Block));
    assert_eq!(fight(&s).fighters[atat as usize].damage, 1);
    assert_eq!(hand(&s, Empire, Ground).len(), 2);
}

#[test]
fn escape_plan_lets_ground_units_retreat_without_ships() {
    let units = [(RebelTrooper, 3), (Stormtrooper, 1)];
    // Without it, ground units alone cannot retreat.
    let mut s = battle(25, FELUCIA, &units, Rebel);
    s.set_leader(LeaderId::Leia, LeaderPlace::Board(at(FELUCIA)));
    attack_with(&mut s, Rebel, Ground, &[(Black, Blank)]);
    let rebel_retreat = |s: &GameState| step_now(s) == Some(CombatStep::Retreat { side: Rebel });
    decline_until(&mut s, |s| rebel_retreat(s) || fight(s).round >= 2);
    assert!(!rebel_retreat(&s));

    let rebel_retreat = |s: &GameState| step_now(s) == Some(CombatStep::Retreat { side: Rebel });
    let mut s = battle(25, FELUCIA, &units, Rebel);
    s.set_leader(LeaderId::Leia, LeaderPlace::Board(at(FELUCIA)));
    give_tactics(&mut s, Rebel, &[GroundEscapePlan]);
    attack_with(&mut s, Rebel, Ground, &[(Black, Hit)]);
    assert_eq!(
        s.legal_now(),
        vec![Action::Done],
        "Escape Plan needs a special die"
    );
    attack_with(&mut s, Rebel, Ground, &[(Black, Special)]);
    s.play(Action::Tactic(GroundEscapePlan));
    assert_eq!(fight(&s).free_retreat, [true, false]);
    decline_until(&mut s, rebel_retreat);
    let Some(&Action::Retreat { leader, to }) = s.legal_now().first() else {
        panic!("{:?}", s.legal_now())
    };
    s.play(Action::Retreat { leader, to });
    // Any number may go, but at least one.
    let step = Action::Move {
        kind: RebelTrooper,
        from: at(FELUCIA),
    };
    assert_eq!(s.legal_now(), vec![step]);
    s.play(step);
    assert_eq!(s.legal_now(), vec![step, Action::Done]);
    s.play(step);
    s.play(Action::Done);
    assert_eq!(s.count(at(to), RebelTrooper), 2);
    assert_eq!(s.leader(LeaderId::Leia).place, LeaderPlace::Board(at(to)));
}

#[test]
fn escape_plan_loses_to_keep_them_from_escaping() {
    let mut s = battle(26, FELUCIA, &[(RebelTrooper, 3), (Stormtrooper, 1)], Rebel);
    s.set_leader(LeaderId::Leia, LeaderPlace::Board(at(FELUCIA)));
    give_tactics(&mut s, Rebel, &[GroundEscapePlan]);
    fight_mut(&mut s).mods.rebel_no_retreat = true;
    attack_with(&mut s, Rebel, Ground, &[(Black, Special)]);
    assert_eq!(s.legal_now(), vec![Action::Die(0), Action::Done]);
}

#[test]
fn ground_onslaught_and_take_it_down_hit_ground_units() {
    let mut s = battle(
        27,
        FELUCIA,
        &[(RebelTrooper, 1), (Airspeeder, 2), (Stormtrooper, 1)],
        Empire,
    );
    give_tactics(&mut s, Empire, &[GroundOnslaught, GroundTakeItDown]);
    attack_with(&mut s, Empire, Ground, &[(Red, Special), (Black, Special)]);
    s.play(Action::Tactic(GroundOnslaught));
    s.play(Action::Tactic(GroundTakeItDown));
    let (t, a) = (unit(&s, RebelTrooper), unit(&s, Airspeeder));
    s.play(card_point(t));
    s.play(card_point(a));
    assert_eq!(
        s.legal_now(),
        vec![card_point(t), card_point(a), card_point(a + 1)],
        "Take It Down's two points"
    );
    s.play(card_point(a));
    let c = fight(&s);
    assert_eq!(
        (c.fighters[t as usize].damage, c.fighters[a as usize].damage),
        (1, 3)
    );
    assert_eq!(c.discard[1], vec![GroundOnslaught, GroundTakeItDown]);
}

// ---------------------------------------------------------------------------------------
// The combat around the cards

#[test]
fn each_shield_generator_draws_a_ground_card_at_the_start_of_every_ground_step() {
    let mut s = battle(
        28,
        FELUCIA,
        &[(RebelTrooper, 4), (ShieldGenerator, 2), (Stormtrooper, 3)],
        Rebel,
    );
    let mut log = Vec::new();
    s.run(&mut log);
    assert!(logged(
        &log,
        &LogEvent::TacticsDrawn {
            side: Rebel,
            theater: Ground,
            cards: None,
            count: 2
        }
    ));
    assert_eq!(hand(&s, Rebel, Ground).len(), 2);
    assert_eq!(s.tactic_decks[1].len(), 13);
    // Declining every card, the next round's ground step draws two more.
    decline_until(&mut s, |s| fight(s).round >= 2);
    assert_eq!(hand(&s, Rebel, Ground).len(), 4);
}

#[test]
fn reductions_come_before_the_five_dice_cap() {
    let mut s = battle(
        29,
        FELUCIA,
        &[(XWing, 1), (IonCannon, 2), (StarDestroyer, 3)],
        Empire,
    );
    fight_mut(&mut s).step = CombatStep::Roll {
        theater: Space,
        side: Empire,
    };
    let mut log = Vec::new();
    s.run(&mut log);
    let dice = log.iter().find_map(|e| match &e.event {
        LogEvent::AttackRolled {
            side: Empire, dice, ..
        } => Some(dice.clone()),
        _ => None,
    });
    let dice = dice.expect("rolled");
    let red = dice.iter().filter(|d| d.color == Red).count();
    assert_eq!(
        (red, dice.len() - red),
        (2, 3),
        "6 red less 4, then 3 black"
    );
}

#[test]
fn two_hits_may_go_to_two_units_of_the_same_kind() {
    let mut s = battle(30, FELUCIA, &[(XWing, 2), (TieFighter, 2)], Empire);
    attack_with(&mut s, Empire, Space, &[(Black, Hit), (Black, Hit)]);
    s.play(Action::Done);
    let x = unit(&s, XWing);
    assert_eq!(s.legal_now(), vec![Action::Damage { die: 0, target: x }]);
    s.play(Action::Damage { die: 0, target: x });
    assert_eq!(
        s.legal_now(),
        vec![
            Action::Damage { die: 1, target: x },
            Action::Damage {
                die: 1,
                target: x + 1
            }
        ]
    );
}

#[test]
fn at_the_end_of_combat_hands_and_discards_go_back_into_full_decks() {
    let mut s = battle(31, FELUCIA, &[(XWing, 1), (TieFighter, 1)], Rebel);
    give_tactics(&mut s, Rebel, &[SpaceCriticalHit, GroundDigIn]);
    give_tactics(&mut s, Empire, &[SpaceNoEscape]);
    let t = s.tactic_decks[0].pop().unwrap();
    fight_mut(&mut s).discard[0].push(t);
    fight_mut(&mut s).step = CombatStep::End;
    let mut log = Vec::new();
    s.run(&mut log);
    assert_eq!([s.tactic_decks[0].len(), s.tactic_decks[1].len()], [15, 15]);
    assert!(s.cards.iter().all(|c| c.tactics.iter().all(Vec::is_empty)));
    assert!(logged(&log, &LogEvent::CombatEnded { system: FELUCIA }));
}

#[test]
fn a_combat_that_cannot_progress_ends_after_twenty_five_quiet_rounds() {
    // Two Ion Cannons silence a lone Death Star, which nothing else can damage.
    let mut s = battle(
        32,
        FELUCIA,
        &[(XWing, 1), (IonCannon, 2), (DeathStar, 1)],
        Rebel,
    );
    let mut log = Vec::new();
    s.run(&mut log);
    decline_until(&mut s, |_| false);
    assert!(!s.stack.iter().any(|f| matches!(f, Frame::Combat(_))));
    assert_eq!(
        (s.count(at(FELUCIA), XWing), s.count(at(FELUCIA), DeathStar)),
        (1, 1)
    );
}

#[test]
fn an_open_rebel_hand_is_drawn_in_view_of_the_empire() {
    let mut s = battle(33, FELUCIA, &[(XWing, 1), (StarDestroyer, 1)], Rebel);
    fight_mut(&mut s).mods.rebel_tactics_open = true; // Good Intel
    attack_with(&mut s, Rebel, Space, &[(Black, Special)]);
    let log = s.play(Action::Die(0));
    assert!(log.iter().any(|e| e.audience == Audience::Everyone
        && matches!(&e.event, LogEvent::TacticsDrawn { side: Rebel, cards: Some(c), .. } if c.len() == 1)));
    assert!(!log
        .iter()
        .any(|e| matches!(&e.event, LogEvent::TacticsDrawn { cards: None, .. })));
}

#[test]
fn target_the_star_destroyers_turns_at_most_two_black_hits_red_and_only_if_the_rebel_wants() {
    let mut s = battle(
        70,
        FELUCIA,
        &[(XWing, 3), (StarDestroyer, 1), (TieFighter, 1)],
        Rebel,
    );
    fight_mut(&mut s).mods.rebel_black_as_red = true;
    attack_with(
        &mut s,
        Rebel,
        Space,
        &[(Black, Hit), (Black, Hit), (Black, Hit)],
    );
    s.play(Action::Done);
    let (sd, tie) = (unit(&s, StarDestroyer), unit(&s, TieFighter));
    // Either target for the first black hit: the conversion is a choice.
    let mut first = s.legal_now();
    first.sort_by_key(|a| format!("{a:?}"));
    let mut both = vec![
        Action::Damage { die: 0, target: sd },
        Action::Damage {
            die: 0,
            target: tie,
        },
    ];
    both.sort_by_key(|a| format!("{a:?}"));
    assert_eq!(first, both);
    s.play(Action::Damage { die: 0, target: sd });
    s.play(Action::Damage { die: 1, target: sd });
    // Two used: the third may only go to the TIE.
    assert_eq!(
        s.legal_now(),
        vec![Action::Damage {
            die: 2,
            target: tie
        }]
    );
    // Never in a ground battle.
    let mut s = battle(71, FELUCIA, &[(RebelTrooper, 1), (AtSt, 1)], Rebel);
    fight_mut(&mut s).mods.rebel_black_as_red = true;
    attack_with(&mut s, Rebel, Ground, &[(Black, Hit)]);
    s.play(Action::Done);
    assert!(
        step_now(&s) != Some(CombatStep::Assign),
        "nothing the black hit may damage"
    );
}

#[test]
fn point_blank_assault_lowers_every_units_health_by_one_but_never_below_one() {
    let mut s = battle(
        72,
        FELUCIA,
        &[(XWing, 1), (StarDestroyer, 1), (TieFighter, 1)],
        Rebel,
    );
    fight_mut(&mut s).mods.health_minus_one = true;
    attack_with(
        &mut s,
        Rebel,
        Space,
        &[(Red, Hit), (Red, Hit), (Red, Hit), (Black, Hit)],
    );
    s.play(Action::Done);
    let (sd, tie) = (unit(&s, StarDestroyer), unit(&s, TieFighter));
    for die in 0..3 {
        s.play(Action::Damage { die, target: sd });
    }
    s.play(Action::Damage {
        die: 3,
        target: tie,
    });
    decline_until(&mut s, |s| {
        fight(s).attack.as_ref().is_none_or(|a| a.side == Empire)
    });
    let c = fight(&s);
    // Three damage fell a Star Destroyer of health 4; the TIE (health 1) still takes one.
    assert!(c.fighters[sd as usize].doomed, "4 - 1 = 3");
    assert!(c.fighters[tie as usize].doomed);
}
