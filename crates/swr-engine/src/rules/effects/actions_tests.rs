//! Scenario tests of the action cards and the rings (docs/swr/cards/actions.md): each card
//! played in its window through the real actions, with its outcome and its edge cases.

use super::*;
use crate::data::cards::Objective;
use crate::data::systems::named::*;
use crate::data::units::UnitKind::*;
use crate::log::{Audience, LogEntry};
use crate::rules::combat::CombatStep;
use crate::rules::testkit::empty_board;
use crate::state::{Loyalty, Phase, SystemState};
use Side::*;

fn at(s: SystemId) -> Place {
    Place::System(s)
}

fn events(log: &[LogEntry]) -> Vec<LogEvent> {
    log.iter().map(|e| e.event.clone()).collect()
}

/// What `side` reads in the log.
fn seen_by(log: &[LogEntry], side: Side) -> Vec<LogEvent> {
    log.iter()
        .filter(|e| e.audience.includes(side))
        .map(|e| e.event.clone())
        .collect()
}

/// An empty board in the Command phase: no units, neutral systems (Coruscant Imperial), no
/// rings and no action cards, so that each test has only what it puts there.
fn board(seed: u64) -> GameState {
    let mut s = empty_board(seed);
    for st in s.leaders.iter_mut() {
        st.ring = None;
    }
    for side in Side::BOTH {
        s.cards[side.index()].actions.clear();
    }
    s.systems = [SystemState::default(); crate::data::systems::SYSTEM_COUNT];
    s.systems[CORUSCANT.index()].loyalty = Some(Loyalty::Empire);
    s
}

fn give(s: &mut GameState, card: ActionCard) {
    s.cards[card.side().index()].actions.push(card);
}

fn hand(s: &GameState, side: Side) -> &[ActionCard] {
    &s.cards(side).actions
}

fn loyal(s: &mut GameState, sys: SystemId, side: Side) {
    s.systems[sys.index()].loyalty = Some(match side {
        Rebel => Loyalty::Rebel,
        Empire => Loyalty::Empire,
    });
}

fn on_board(s: &mut GameState, l: LeaderId, p: Place) {
    s.set_leader(l, LeaderPlace::Board(p));
}

fn captive(s: &mut GameState, l: LeaderId, p: Place) {
    on_board(s, l, p);
    s.leaders[l.index()].ring = Some(Ring::Captured);
}

fn assigning(s: &mut GameState, side: Side) {
    s.phase = Phase::Assignment { side };
}

fn offered(s: &GameState, a: Action) -> bool {
    s.legal_now().contains(&a)
}

fn systems_offered(s: &GameState) -> Vec<SystemId> {
    s.legal_now()
        .into_iter()
        .filter_map(|a| match a {
            Action::System(x) => Some(x),
            _ => None,
        })
        .collect()
}

/// Answers `Done` (or else the first choice) until `stop` holds or nothing is left on the
/// stack; returns the log.
fn drive(s: &mut GameState, stop: impl Fn(&GameState) -> bool) -> Vec<LogEntry> {
    let mut log = Vec::new();
    for _ in 0..2000 {
        if stop(s) || s.stack.is_empty() || s.is_over() {
            return log;
        }
        let legal = s.legal_now();
        let a = if legal.contains(&Action::Done) {
            Action::Done
        } else {
            legal[0]
        };
        log.extend(s.play(a));
    }
    panic!("the scenario does not end");
}

fn combat_now(s: &GameState) -> Option<&Combat> {
    combat(s)
}

fn mission_now(s: &GameState) -> Option<&MissionRun> {
    mission(s)
}

/// Starts a combat in `sys` the way a move would.
fn fight(s: &mut GameState, sys: SystemId, attacker: Side) -> Vec<LogEntry> {
    let mut log = Vec::new();
    s.start_combat(sys, attacker, 0, &mut log);
    s.run(&mut log);
    log
}

/// A combat in `sys` up to `side`'s Start of Combat window with `card` in it.
fn window_with(s: &mut GameState, sys: SystemId, attacker: Side, card: ActionCard) {
    fight(s, sys, attacker);
    drive(s, |s| offered(s, Action::Card(card)));
    assert!(
        matches!(combat_now(s).map(|c| c.step), Some(CombatStep::StartCards { side }) if side == card.side())
    );
}

/// A mission frame already under way at `step`, its leaders standing at `place`.
fn mission_at(
    s: &mut GameState,
    side: Side,
    mission: Mission,
    leaders: &[LeaderId],
    place: Place,
    step: MissionStep,
    dice: [Vec<Die>; 2],
) -> Vec<LogEntry> {
    for l in leaders {
        on_board(s, *l, place);
    }
    s.phase = Phase::Command {
        turn: side,
        passed: [false; 2],
    };
    s.stack.push(Frame::Mission(MissionRun {
        side,
        slot: 0,
        mission,
        leaders: [leaders.first().copied(), leaders.get(1).copied()],
        step,
        place: Some(place),
        against: None,
        opposed_by: None,
        unopposable: false,
        dice,
        bonus: 0,
    }));
    let mut log = Vec::new();
    s.run(&mut log);
    log
}

/// Puts `mission` face down with `leaders` and starts `side`'s Command-phase turn.
fn assigned(s: &mut GameState, side: Side, mission: Mission, leaders: &[LeaderId]) -> u8 {
    let slot = s.assign_face_down(side, mission, leaders);
    s.phase = Phase::Command {
        turn: side,
        passed: [false; 2],
    };
    slot
}

const RED_HIT: Die = die(DieColor::Red, Face::Hit);
const RED_DIRECT: Die = die(DieColor::Red, Face::DirectHit);
const BLACK_HIT: Die = die(DieColor::Black, Face::Hit);
const BLANK: Die = die(DieColor::Red, Face::Blank);

// ---------------------------------------------------------------------------------------
// Empire: starting cards

#[test]
fn according_to_my_design_cuts_one_red_and_two_black_rebel_dice_in_round_one() {
    let mut s = board(1);
    let x = at(MUSTAFAR);
    // Two cruisers and three X-wings roll 4 red and 5 black; the cut leaves 3 and 3.
    s.put(x, StarDestroyer, 2)
        .put(x, MonCalamariCruiser, 2)
        .put(x, XWing, 3);
    give(&mut s, AccordingToMyDesign);
    fight(&mut s, MUSTAFAR, Empire);
    assert!(
        !offered(&s, Action::Card(AccordingToMyDesign)),
        "Palpatine is not there"
    );

    let mut s = board(1);
    s.put(x, StarDestroyer, 2)
        .put(x, MonCalamariCruiser, 2)
        .put(x, XWing, 3);
    on_board(&mut s, Palpatine, x);
    give(&mut s, AccordingToMyDesign);
    window_with(&mut s, MUSTAFAR, Empire, AccordingToMyDesign);
    let log = s.play(Action::Card(AccordingToMyDesign));
    assert!(events(&log).contains(&LogEvent::ActionCardUsed {
        side: Empire,
        card: AccordingToMyDesign
    }));
    assert!(hand(&s, Empire).is_empty());
    let mods = combat_now(&s).unwrap().mods;
    assert_eq!(
        (
            mods.rebel_fewer_dice_first_round,
            mods.rebel_fewer_black_dice_first_round
        ),
        (1, 2)
    );
    let log = drive(&mut s, |_| false);
    let first = events(&log).into_iter().find_map(|e| match e {
        LogEvent::AttackRolled {
            side: Rebel, dice, ..
        } => Some(dice),
        _ => None,
    });
    let dice = first.expect("the Rebels attack in round one");
    let red = dice.iter().filter(|d| d.color == DieColor::Red).count();
    assert_eq!((red, dice.len() - red), (3, 3));
}

#[test]
fn brilliant_administrator_places_tarkin_and_builds_from_the_icons() {
    let mut s = board(2);
    assigning(&mut s, Empire);
    give(&mut s, BrilliantAdministrator);
    loyal(&mut s, MUSTAFAR, Empire);
    s.systems[MANDALORE.index()].subjugated = true;
    s.put(at(MANDALORE), Stormtrooper, 1);
    loyal(&mut s, UTAPAU, Empire);
    s.put(at(UTAPAU), XWing, 1);
    s.set_leader(Tarkin, LeaderPlace::Board(at(CORUSCANT)));
    assert!(
        !offered(&s, Action::Card(BrilliantAdministrator)),
        "Tarkin is not in the pool"
    );
    s.set_leader(Tarkin, LeaderPlace::Pool);
    s.play(Action::Card(BrilliantAdministrator));
    assert_eq!(
        systems_offered(&s),
        vec![MUSTAFAR, MANDALORE, CORUSCANT, UTAPAU],
        "Imperial systems, subjugated ones and those with Rebel units included"
    );
    s.play(Action::System(MUSTAFAR));
    assert_eq!(s.leader(Tarkin).place, LeaderPlace::Board(at(MUSTAFAR)));
    // Mustafar's two icons build a TIE and an Assault Carrier on space 2, unasked.
    let q = s.cards(Empire).queue[1];
    assert_eq!((q[TieFighter.index()], q[AssaultCarrier.index()]), (1, 1));
    assert_eq!(s.phase, Phase::Assignment { side: Empire });
    assert!(s.stack.is_empty());

    // Subjugated: the left icon only (Mandalore: a Stormtrooper on space 1).
    let mut s = board(2);
    assigning(&mut s, Empire);
    give(&mut s, BrilliantAdministrator);
    s.systems[MANDALORE.index()].subjugated = true;
    s.put(at(MANDALORE), Stormtrooper, 1);
    s.play(Action::Card(BrilliantAdministrator));
    s.play(Action::System(MANDALORE));
    let queued: u32 = s
        .cards(Empire)
        .queue
        .iter()
        .flatten()
        .map(|n| *n as u32)
        .sum();
    assert_eq!(queued, 1);
    assert_eq!(s.cards(Empire).queue[0][Stormtrooper.index()], 1);

    // A Rebel unit there: Tarkin goes, nothing is built.
    let mut s = board(2);
    assigning(&mut s, Empire);
    give(&mut s, BrilliantAdministrator);
    loyal(&mut s, UTAPAU, Empire);
    s.put(at(UTAPAU), XWing, 1);
    s.play(Action::Card(BrilliantAdministrator));
    s.play(Action::System(UTAPAU));
    assert_eq!(s.leader(Tarkin).place, LeaderPlace::Board(at(UTAPAU)));
    assert!(s.cards(Empire).queue.iter().flatten().all(|n| *n == 0));
}

/// A Rebel mission whose ability is done at Dantooine: Han (with the Falcon) and Obi-Wan
/// assigned, Leia captive there under guard, Vader present.
fn rescue_scene(seed: u64, mission: Mission, captives: u32) -> GameState {
    let mut s = board(seed);
    let x = at(DANTOOINE);
    s.put(x, Stormtrooper, 1);
    captive(&mut s, Leia, x);
    on_board(&mut s, Vader, x);
    s.set_leader(Han, LeaderPlace::Pool);
    s.set_leader(ObiWan, LeaderPlace::Pool);
    s.leaders[Han.index()].ring = Some(Ring::MillenniumFalcon);
    give(&mut s, ItIsYourDestiny);
    give(&mut s, NobleSacrifice);
    mission_at(
        &mut s,
        Rebel,
        mission,
        &[Han, ObiWan],
        x,
        MissionStep::Resolved { captives },
        [vec![], vec![]],
    );
    s
}

#[test]
fn the_falcon_rescues_then_it_is_your_destiny_captures_and_noble_sacrifice_answers() {
    let mut s = rescue_scene(3, Mission::BuildAlliance, 0);
    // The Falcon's window: any captive in the system, or decline.
    assert_eq!(s.active_player(), Some(Rebel));
    assert_eq!(s.legal_now(), vec![Action::Leader(Leia), Action::Done]);
    let log = s.play(Action::Leader(Leia));
    assert!(events(&log).contains(&LogEvent::RingDiscarded {
        leader: Han,
        ring: Ring::MillenniumFalcon
    }));
    assert_eq!(s.leader(Han).ring, None);
    assert!(!s.leader(Leia).is_captive());
    assert_eq!(s.leader(Leia).place, LeaderPlace::Board(Place::RebelBase));
    // The rescue opens It Is Your Destiny: a leader assigned to this mission, never Leia.
    assert_eq!(s.active_player(), Some(Empire));
    assert_eq!(
        s.legal_now(),
        vec![Action::Leader(Han), Action::Leader(ObiWan), Action::Done]
    );
    let log = s.play(Action::Leader(ObiWan));
    assert!(events(&log).contains(&LogEvent::ActionCardUsed {
        side: Empire,
        card: ItIsYourDestiny
    }));
    assert_eq!(s.leader(ObiWan).ring, Some(Ring::Captured));
    // Obi-Wan captured: Noble Sacrifice.
    assert_eq!(s.active_player(), Some(Rebel));
    assert_eq!(
        s.legal_now(),
        vec![Action::Card(NobleSacrifice), Action::Done]
    );
    let reputation = s.reputation();
    let log = s.play(Action::Card(NobleSacrifice));
    assert_eq!(s.leader(ObiWan).place, LeaderPlace::Eliminated);
    assert_eq!(s.leader(ObiWan).ring, None);
    assert_eq!(s.reputation(), reputation - 1);
    assert!(events(&log).contains(&LogEvent::LeaderEliminated { leader: ObiWan }));
    // The mission is over: Build Alliance back in the hand.
    assert!(s.stack.is_empty());
    assert!(s.cards(Rebel).missions.contains(&Mission::BuildAlliance));
    assert!(hand(&s, Empire).is_empty() && hand(&s, Rebel).is_empty());
}

#[test]
fn it_is_your_destiny_follows_a_rescue_mission_only() {
    // For the Greater Good freed Leia (captive before the ability, free now): Vader may
    // answer. (Daring Rescue opens the window itself, before its leaders may go home: see the
    // Rebel missions' tests.)
    let mut s = rescue_scene(4, Mission::ForTheGreaterGood, 1 << Leia.index());
    s.leaders[Leia.index()].ring = None;
    on_board(&mut s, Leia, Place::RebelBase);
    s.leaders[Han.index()].ring = None;
    s.stack.clear();
    mission_at(
        &mut s,
        Rebel,
        Mission::ForTheGreaterGood,
        &[Han, ObiWan],
        at(DANTOOINE),
        MissionStep::Resolved {
            captives: 1 << Leia.index(),
        },
        [vec![], vec![]],
    );
    assert_eq!(s.active_player(), Some(Empire));
    assert!(offered(&s, Action::Leader(Han)));
    s.play(Action::Leader(Han));
    assert_eq!(s.leader(Han).ring, Some(Ring::Captured));
    assert!(s.stack.is_empty(), "Han is no Obi-Wan: nothing more");

    // The same freed captive after a mission that rescues nobody: no window.
    let mut s = rescue_scene(4, Mission::BuildAlliance, 1 << Leia.index());
    s.stack.clear();
    s.leaders[Leia.index()].ring = None;
    s.leaders[Han.index()].ring = None;
    mission_at(
        &mut s,
        Rebel,
        Mission::BuildAlliance,
        &[Han, ObiWan],
        at(DANTOOINE),
        MissionStep::Resolved {
            captives: 1 << Leia.index(),
        },
        [vec![], vec![]],
    );
    assert!(s.stack.is_empty());
    assert!(hand(&s, Empire).contains(&ItIsYourDestiny));

    // Vader elsewhere: no window either.
    let mut s = rescue_scene(4, Mission::BuildAlliance, 0);
    on_board(&mut s, Vader, at(CORUSCANT));
    s.play(Action::Leader(Leia));
    assert!(s.stack.is_empty());
    assert!(hand(&s, Empire).contains(&ItIsYourDestiny));
}

#[test]
fn a_capture_without_a_guard_stands_until_noble_sacrifice_is_answered() {
    let mut s = rescue_scene(5, Mission::BuildAlliance, 0);
    s.play(Action::Leader(Leia));
    // Only Vader guards nothing here: the Stormtrooper leaves before the capture.
    s.units[at(DANTOOINE).index()][Stormtrooper.index()] = 0;
    s.supply[Stormtrooper.index()] += 1;
    s.play(Action::Leader(ObiWan));
    assert_eq!(s.leader(ObiWan).ring, Some(Ring::Captured));
    let log = s.play(Action::Done);
    // Declined: the unguarded captive is rescued at once; the card stays in hand.
    assert!(events(&log).contains(&LogEvent::LeaderRescued { leader: ObiWan }));
    assert!(!s.leader(ObiWan).is_captive());
    assert!(hand(&s, Rebel).contains(&NobleSacrifice));
    assert!(!hand(&s, Empire).contains(&ItIsYourDestiny));
}

#[test]
fn more_dangerous_than_you_realize_draws_three_from_the_chosen_deck() {
    let mut s = board(6);
    let x = at(MUSTAFAR);
    s.put(x, StarDestroyer, 1).put(x, XWing, 2);
    on_board(&mut s, Tagge, x);
    give(&mut s, MoreDangerousThanYouRealize);
    window_with(&mut s, MUSTAFAR, Empire, MoreDangerousThanYouRealize);
    s.play(Action::Card(MoreDangerousThanYouRealize));
    // Either deck, even the ground one with no ground battle here.
    assert_eq!(s.legal_now(), vec![Action::Die(0), Action::Die(1)]);
    let log = s.play(Action::Die(1));
    assert_eq!(s.cards(Empire).tactics[1].len(), 3);
    assert_eq!(s.tactic_decks[1].len(), 12);
    let drawn = |side: Side| {
        seen_by(&log, side).into_iter().find_map(|e| match e {
            LogEvent::TacticsDrawn {
                side: Empire,
                theater: Theater::Ground,
                cards,
                count: 3,
            } => Some(cards.is_some()),
            _ => None,
        })
    };
    assert_eq!(
        (drawn(Empire), drawn(Rebel)),
        (Some(true), Some(false)),
        "secret"
    );
}

// ---------------------------------------------------------------------------------------
// Empire: recruit cards

fn capture_operative(seed: u64, with_blindside: bool) -> GameState {
    let mut s = board(seed);
    let x = at(BESPIN);
    s.put(x, Stormtrooper, 1);
    on_board(&mut s, Leia, x);
    s.set_leader(BobaFett, LeaderPlace::Pool);
    if with_blindside {
        give(&mut s, Blindside);
    }
    let slot = assigned(&mut s, Empire, Mission::CaptureRebelOperative, &[BobaFett]);
    s.play(Action::Reveal(slot));
    s
}

#[test]
fn blindside_keeps_pool_leaders_out_but_not_the_leaders_already_there() {
    // Without it, the Rebel may send a pool leader.
    let mut s = capture_operative(7, false);
    s.play(Action::Leader(Leia));
    assert_eq!(s.active_player(), Some(Rebel));
    assert!(offered(&s, Action::Leader(MonMothma)));

    let mut s = capture_operative(7, true);
    assert_eq!(s.active_player(), Some(Empire));
    assert!(offered(&s, Action::Card(Blindside)));
    let log = s.play(Action::Card(Blindside));
    assert!(events(&log).contains(&LogEvent::ActionCardUsed {
        side: Empire,
        card: Blindside
    }));
    // Still choosing the target, the card still hidden from the Rebel.
    assert_eq!(
        mission_now(&s).map(|m| m.step),
        Some(MissionStep::ChooseTarget)
    );
    assert!(s.view(Rebel).mission.is_none());
    assert!(!offered(&s, Action::Card(Blindside)));
    let log = s.play(Action::Leader(Leia));
    // No Send Leaders question: Leia, the target, opposes and rolls.
    let rolls: Vec<Side> = events(&log)
        .into_iter()
        .filter_map(|e| match e {
            LogEvent::MissionRoll { side, .. } => Some(side),
            _ => None,
        })
        .collect();
    assert_eq!(rolls, vec![Empire, Rebel]);
    assert!(!events(&log)
        .iter()
        .any(|e| matches!(e, LogEvent::Opposed { .. })));

    // Not for a mission without Boba Fett or Janus.
    let mut s = board(7);
    s.put(at(BESPIN), Stormtrooper, 1);
    on_board(&mut s, Leia, at(BESPIN));
    give(&mut s, Blindside);
    let slot = assigned(&mut s, Empire, Mission::CaptureRebelOperative, &[Vader]);
    s.play(Action::Reveal(slot));
    assert!(!offered(&s, Action::Card(Blindside)));
}

#[test]
fn boba_fett_where_places_boba_in_an_imperial_system() {
    let mut s = board(8);
    assigning(&mut s, Empire);
    give(&mut s, BobaFettWhere);
    assert!(
        !offered(&s, Action::Card(BobaFettWhere)),
        "Boba is not recruited"
    );
    s.set_leader(BobaFett, LeaderPlace::Pool);
    loyal(&mut s, RYLOTH, Empire);
    s.play(Action::Card(BobaFettWhere));
    assert_eq!(systems_offered(&s), vec![RYLOTH, CORUSCANT]);
    s.play(Action::System(RYLOTH));
    assert_eq!(s.leader(BobaFett).place, LeaderPlace::Board(at(RYLOTH)));
    assert!(s.stack.is_empty());
    assert_eq!(s.marks.bounty_zone, Some(RYLOTH));

    // In the Command phase the Rebel may attempt no mission there (Sabotage targets any
    // populous system), but may still resolve one, and only until the phase ends.
    s.cards[Rebel.index()]
        .missions
        .retain(|m| *m != Mission::Sabotage);
    let slot = assigned(&mut s, Rebel, Mission::Sabotage, &[Leia]);
    s.play(Action::Reveal(slot));
    assert!(!offered(&s, Action::Place(at(RYLOTH))));
    assert!(offered(&s, Action::Place(at(NABOO))));
    s.stack.clear();
    s.phase = Phase::Command {
        turn: Rebel,
        passed: [true, true],
    };
    let mut log = Vec::new();
    s.run(&mut log);
    assert_eq!(
        s.marks.bounty_zone, None,
        "the bounty ends with the Command phase"
    );
}

#[test]
fn public_supports_janus_does_not_keep_the_stormtroopers_in_place() {
    let mut s = board(30);
    assigning(&mut s, Empire);
    give(&mut s, PublicSupport);
    s.set_leader(Greejatus, LeaderPlace::Pool);
    loyal(&mut s, RYLOTH, Empire);
    s.put(at(RYLOTH), AssaultCarrier, 1);
    s.play(Action::Card(PublicSupport));
    s.play(Action::System(RYLOTH));
    assert_eq!(s.count(at(RYLOTH), Stormtrooper), 3);
    // Later this round the carrier takes them to Tatooine despite Janus standing there.
    s.phase = Phase::Command {
        turn: Empire,
        passed: [false; 2],
    };
    s.stack.clear();
    s.play(Action::Activate {
        leader: Vader,
        system: TATOOINE,
    });
    assert!(offered(
        &s,
        Action::Move {
            kind: AssaultCarrier,
            from: at(RYLOTH)
        }
    ));
    // Another Imperial leader there would still pin them.
    s.set_leader(Tarkin, LeaderPlace::Board(at(RYLOTH)));
    assert!(!offered(
        &s,
        Action::Move {
            kind: AssaultCarrier,
            from: at(RYLOTH)
        }
    ));
}

#[test]
fn catch_them_by_surprise_moves_units_in_and_fights_in_the_assignment_phase() {
    let mut s = board(9);
    let target = MUSTAFAR;
    let from: Vec<SystemId> = target.neighbours().take(2).collect();
    let pinned = from[1];
    s.put(at(from[0]), StarDestroyer, 1)
        .put(at(from[0]), Stormtrooper, 2);
    s.put(at(from[1]), StarDestroyer, 1);
    on_board(&mut s, Tarkin, at(from[1])); // pins the units there
    s.put(at(target), XWing, 1);
    s.set_leader(Ozzel, LeaderPlace::Pool);
    give(&mut s, CatchThemBySurprise);
    assigning(&mut s, Empire);
    s.play(Action::Card(CatchThemBySurprise));
    assert_eq!(systems_offered(&s).len(), 32);
    s.play(Action::System(target));
    assert_eq!(s.leader(Ozzel).place, LeaderPlace::Board(at(target)));
    let moves: Vec<Action> = s.legal_now();
    assert!(moves.contains(&Action::Move {
        kind: StarDestroyer,
        from: at(from[0])
    }));
    assert!(!moves
        .iter()
        .any(|a| matches!(a, Action::Move { from, .. } if *from == at(pinned))));
    s.play(Action::Move {
        kind: StarDestroyer,
        from: at(from[0]),
    });
    s.play(Action::Move {
        kind: Stormtrooper,
        from: at(from[0]),
    });
    let log = s.play(Action::Done);
    assert!(events(&log).contains(&LogEvent::CombatStarted { system: target }));
    let c = combat_now(&s).expect("a combat");
    assert_eq!(c.attacker, Empire);
    assert_eq!(c.sources, 1 << at(from[0]).index());
    drive(&mut s, |_| false);
    // The combat over, the Empire goes on assigning.
    assert_eq!(s.phase, Phase::Assignment { side: Empire });
    assert_eq!(s.active_player(), Some(Empire));
}

#[test]
fn fully_operational_destroys_a_rebel_ship_beside_the_death_star() {
    let mut s = board(10);
    let x = at(MUSTAFAR);
    s.put(x, StarDestroyer, 1)
        .put(x, XWing, 1)
        .put(x, MonCalamariCruiser, 1);
    on_board(&mut s, Jerjerrod, x);
    give(&mut s, FullyOperational);
    let c = {
        let mut log = Vec::new();
        s.start_combat(MUSTAFAR, Empire, 0, &mut log);
        combat_now(&s).unwrap().clone()
    };
    assert!(
        !start_of_combat_playable(&s, &c, Empire, FullyOperational),
        "no Death Star"
    );

    let mut s = board(10);
    s.put(x, DeathStar, 1)
        .put(x, XWing, 1)
        .put(x, MonCalamariCruiser, 1);
    on_board(&mut s, Jerjerrod, x);
    give(&mut s, FullyOperational);
    window_with(&mut s, MUSTAFAR, Empire, FullyOperational);
    s.play(Action::Card(FullyOperational));
    // Any Rebel ship; no block, no decline.
    assert_eq!(
        s.legal_now(),
        vec![
            Action::Destroy { kind: XWing, at: x },
            Action::Destroy {
                kind: MonCalamariCruiser,
                at: x
            }
        ]
    );
    let log = s.play(Action::Destroy {
        kind: MonCalamariCruiser,
        at: x,
    });
    assert!(events(&log).contains(&LogEvent::UnitDestroyed {
        kind: MonCalamariCruiser,
        place: x
    }));
    assert_eq!(s.count(x, MonCalamariCruiser), 0);
    let c = combat_now(&s).unwrap();
    assert!(c
        .fighters
        .iter()
        .any(|f| f.kind == MonCalamariCruiser && f.gone));
    assert!(c.fighters.iter().any(|f| f.kind == XWing && !f.gone));
}

#[test]
fn fully_operational_on_the_last_rebel_ship_wins_the_space_battle() {
    let mut s = board(11);
    let x = at(MUSTAFAR);
    s.put(x, DeathStarUnderConstruction, 1).put(x, XWing, 1);
    on_board(&mut s, Jerjerrod, x);
    give(&mut s, FullyOperational);
    window_with(&mut s, MUSTAFAR, Empire, FullyOperational);
    s.play(Action::Card(FullyOperational));
    let mut log = s.play(Action::Destroy { kind: XWing, at: x });
    log.extend(drive(&mut s, |_| false));
    assert!(events(&log).contains(&LogEvent::BattleWon {
        side: Empire,
        system: MUSTAFAR,
        theater: Theater::Space
    }));
    assert!(!events(&log)
        .iter()
        .any(|e| matches!(e, LogEvent::AttackRolled { .. })));
}

#[test]
fn good_intel_opens_the_rebel_tactic_hand() {
    let mut s = board(12);
    let x = at(MUSTAFAR);
    s.put(x, StarDestroyer, 1).put(x, XWing, 2);
    on_board(&mut s, Fel, x);
    on_board(&mut s, Ackbar, x);
    give(&mut s, GoodIntel);
    window_with(&mut s, MUSTAFAR, Empire, GoodIntel);
    let log = s.play(Action::Card(GoodIntel));
    assert!(combat_now(&s).unwrap().mods.rebel_tactics_open);
    // Ackbar's three space cards are drawn where the Empire sees them.
    assert!(log.iter().any(|e| e.audience == Audience::Everyone
        && matches!(
            &e.event,
            LogEvent::TacticsDrawn {
                side: Rebel,
                cards: Some(_),
                ..
            }
        )));
    // And the Empire's view shows them, drawn later or not.
    let open = s
        .view(Empire)
        .combat
        .and_then(|c| c.open_rebel_tactics)
        .expect("open");
    assert_eq!(open[0], s.view(Rebel).own.tactics[0]);
    assert_eq!(open[0].len(), 3);
}

fn escape_scene(seed: u64, keep_them: bool) -> bool {
    let mut s = board(seed);
    let x = at(MUSTAFAR);
    s.put(x, StarDestroyer, 2).put(x, MonCalamariCruiser, 3);
    on_board(&mut s, Piett, x);
    on_board(&mut s, Ackbar, x);
    if keep_them {
        give(&mut s, KeepThemFromEscaping);
        window_with(&mut s, MUSTAFAR, Empire, KeepThemFromEscaping);
        s.play(Action::Card(KeepThemFromEscaping));
        assert!(combat_now(&s).unwrap().mods.rebel_no_retreat);
    } else {
        fight(&mut s, MUSTAFAR, Empire);
    }
    let mut rebel_may_retreat = false;
    while combat_now(&s).is_some_and(|c| c.round == 1) {
        let legal = s.legal_now();
        if s.active_player() == Some(Rebel) {
            rebel_may_retreat |= legal.iter().any(|a| matches!(a, Action::Retreat { .. }));
        }
        s.play(if legal.contains(&Action::Done) {
            Action::Done
        } else {
            legal[0]
        });
    }
    rebel_may_retreat
}

#[test]
fn keep_them_from_escaping_takes_the_rebel_retreat_away() {
    assert!(
        escape_scene(13, false),
        "a retreat is open without the card"
    );
    assert!(!escape_scene(13, true));
}

#[test]
fn local_rumors_tells_both_players_whether_the_base_shares_the_region() {
    for (base, same) in [(NABOO, true), (HOTH, false)] {
        let mut s = board(14);
        s.set_base(base);
        s.put(at(SULLUST), TieFighter, 1);
        s.set_leader(Yularen, LeaderPlace::Pool);
        give(&mut s, LocalRumors);
        assigning(&mut s, Empire);
        s.play(Action::Card(LocalRumors));
        assert_eq!(systems_offered(&s), vec![SULLUST]);
        let log = s.play(Action::System(SULLUST));
        let told = LogEvent::BaseRegionTold {
            system: SULLUST,
            same_region: same,
        };
        assert!(seen_by(&log, Empire).contains(&told));
        assert!(seen_by(&log, Rebel).contains(&told));
        assert_eq!(s.leader(Yularen).place, LeaderPlace::Board(at(SULLUST)));
        assert!(!s.base_revealed());
    }
    // No Imperial unit anywhere: not playable.
    let mut s = board(14);
    s.set_leader(Yularen, LeaderPlace::Pool);
    give(&mut s, LocalRumors);
    assigning(&mut s, Empire);
    assert!(!offered(&s, Action::Card(LocalRumors)));
}

#[test]
fn proceeding_as_planned_assigns_a_chosen_project_to_one_leader() {
    let mut s = board(15);
    s.set_leader(Ozzel, LeaderPlace::Pool);
    s.set_leader(Jerjerrod, LeaderPlace::Pool);
    give(&mut s, ProceedingAsPlanned);
    assigning(&mut s, Empire);
    s.play(Action::Card(ProceedingAsPlanned));
    assert_eq!(
        s.legal_now(),
        vec![Action::Leader(Ozzel), Action::Leader(Jerjerrod)]
    );
    s.play(Action::Leader(Jerjerrod));
    let mut projects = s.project_deck.clone();
    projects.sort();
    projects.dedup();
    assert_eq!(
        s.legal_now(),
        projects
            .into_iter()
            .map(Action::Mission)
            .collect::<Vec<_>>()
    );
    let before = s.project_deck.len();
    let log = s.play(Action::Mission(Mission::ConstructDeathStar));
    assert_eq!(s.project_deck.len(), before - 1);
    let a = s.cards(Empire).assigned.last().unwrap();
    assert_eq!(
        (a.mission, a.leaders),
        (Mission::ConstructDeathStar, [Some(Jerjerrod), None])
    );
    assert_eq!(s.leader(Jerjerrod).place, LeaderPlace::OnMission(0));
    assert_eq!(s.leader(Ozzel).place, LeaderPlace::Pool);
    let rebel_sees = seen_by(&log, Rebel);
    assert!(rebel_sees.contains(&LogEvent::MissionAssigned {
        side: Empire,
        slot: 0,
        mission: None,
        leaders: [Some(Jerjerrod), None]
    }));
    assert!(rebel_sees.contains(&LogEvent::DeckReshuffled {
        what: Reshuffled::Projects
    }));
    // The Empire goes on with its assignments.
    assert_eq!(s.active_player(), Some(Empire));
    assert!(s.stack.is_empty());
}

#[test]
fn public_support_places_up_to_three_stormtroopers_with_janus() {
    let mut s = board(16);
    loyal(&mut s, RYLOTH, Empire);
    loyal(&mut s, RODIA, Empire);
    s.put(at(RODIA), RebelTrooper, 1).put(at(RODIA), AtSt, 1);
    s.put(at(CORUSCANT), XWing, 1); // Rebel ships do not matter
    s.set_leader(Greejatus, LeaderPlace::Pool);
    give(&mut s, PublicSupport);
    assigning(&mut s, Empire);
    s.play(Action::Card(PublicSupport));
    assert_eq!(systems_offered(&s), vec![RYLOTH, CORUSCANT]);
    s.supply[Stormtrooper.index()] = 2;
    s.play(Action::System(RYLOTH));
    assert_eq!(s.count(at(RYLOTH), Stormtrooper), 2, "the supply had two");
    assert_eq!(s.supply(Stormtrooper), 0);
    assert_eq!(s.leader(Greejatus).place, LeaderPlace::Board(at(RYLOTH)));

    let mut s = board(16);
    s.set_leader(Greejatus, LeaderPlace::Pool);
    give(&mut s, PublicSupport);
    assigning(&mut s, Empire);
    s.play(Action::Card(PublicSupport));
    s.play(Action::System(CORUSCANT));
    assert_eq!(s.count(at(CORUSCANT), Stormtrooper), 3);
}

#[test]
fn ready_for_action_brings_a_pool_leader_who_stays_and_goes_home_after() {
    let mut s = board(17);
    let x = at(MUSTAFAR);
    s.put(x, StarDestroyer, 2).put(x, XWing, 1);
    on_board(&mut s, Vader, x);
    s.set_leader(Piett, LeaderPlace::Pool);
    s.set_leader(Veers, LeaderPlace::Pool);
    give(&mut s, ReadyForAction);
    window_with(&mut s, MUSTAFAR, Empire, ReadyForAction);
    s.play(Action::Card(ReadyForAction));
    assert_eq!(
        s.legal_now(),
        vec![Action::Leader(Piett), Action::Leader(Veers)]
    );
    let log = s.play(Action::Leader(Piett));
    assert!(events(&log).contains(&LogEvent::LeaderAddedToCombat {
        side: Empire,
        leader: Piett
    }));
    assert_eq!(s.leader(Piett).place, LeaderPlace::Board(x));
    assert_eq!(combat_now(&s).unwrap().mods.ready_leader, Some(Piett));
    while combat_now(&s).is_some() {
        let legal = s.legal_now();
        assert!(!legal
            .iter()
            .any(|a| matches!(a, Action::Retreat { leader: Piett, .. })));
        s.play(if legal.contains(&Action::Done) {
            Action::Done
        } else {
            legal[0]
        });
    }
    assert_eq!(s.leader(Piett).place, LeaderPlace::Pool);
    assert_eq!(s.leader(Vader).place, LeaderPlace::Board(x));

    // Neither in the pool: not playable; with one, he comes unasked.
    let mut s = board(17);
    s.put(x, StarDestroyer, 1).put(x, XWing, 1);
    give(&mut s, ReadyForAction);
    fight(&mut s, MUSTAFAR, Empire);
    let c = combat_now(&s).unwrap().clone();
    assert!(!start_of_combat_playable(&s, &c, Empire, ReadyForAction));
    s.stack.clear();
    s.set_leader(Veers, LeaderPlace::Pool);
    window_with(&mut s, MUSTAFAR, Empire, ReadyForAction);
    s.play(Action::Card(ReadyForAction));
    assert_eq!(s.leader(Veers).place, LeaderPlace::Board(x));
}

#[test]
fn scouting_mission_moves_up_to_four_ties_from_anywhere_and_fights_rebel_ships() {
    let mut s = board(18);
    let target = HOTH;
    s.put(at(target), XWing, 1);
    s.put(at(CORUSCANT), TieFighter, 3);
    s.put(at(NABOO), TieFighter, 2);
    s.put(at(SULLUST), TieFighter, 2);
    on_board(&mut s, Tarkin, at(SULLUST)); // pins the TIEs there
    s.set_leader(Fel, LeaderPlace::Pool);
    give(&mut s, ScoutingMission);
    assigning(&mut s, Empire);
    s.play(Action::Card(ScoutingMission));
    s.play(Action::System(target));
    assert_eq!(s.leader(Fel).place, LeaderPlace::Board(at(target)));
    let tie = |from| Action::Move {
        kind: TieFighter,
        from: at(from),
    };
    assert_eq!(
        s.legal_now(),
        vec![tie(CORUSCANT), tie(NABOO), Action::Done]
    );
    for from in [CORUSCANT, CORUSCANT, NABOO] {
        s.play(tie(from));
    }
    // The fourth TIE ends the move; the Rebel ships there are fought.
    let log = s.play(tie(CORUSCANT));
    assert_eq!(s.count(at(target), TieFighter), 4);
    assert!(events(&log).contains(&LogEvent::CombatStarted { system: target }));
    let c = combat_now(&s).unwrap();
    assert_eq!(c.attacker, Empire);
    assert_eq!(
        c.sources,
        (1 << at(CORUSCANT).index()) | (1 << at(NABOO).index())
    );

    // No Rebel ship there: Fel goes, no combat, even with no TIE moved.
    let mut s = board(18);
    s.put(at(target), RebelTrooper, 1);
    s.put(at(NABOO), TieFighter, 1);
    s.set_leader(Fel, LeaderPlace::Pool);
    give(&mut s, ScoutingMission);
    assigning(&mut s, Empire);
    s.play(Action::Card(ScoutingMission));
    s.play(Action::System(target));
    let log = s.play(Action::Done);
    assert!(s.stack.is_empty());
    assert!(!events(&log)
        .iter()
        .any(|e| matches!(e, LogEvent::CombatStarted { .. })));
}

#[test]
fn target_the_generator_destroys_a_structure_before_tactic_cards_are_drawn() {
    let mut s = board(19);
    let x = at(HOTH);
    s.put(x, AtAt, 1)
        .put(x, RebelTrooper, 1)
        .put(x, ShieldGenerator, 1)
        .put(x, IonCannon, 1);
    on_board(&mut s, Veers, x);
    give(&mut s, TargetTheGenerator);
    window_with(&mut s, HOTH, Empire, TargetTheGenerator);
    s.play(Action::Card(TargetTheGenerator));
    assert_eq!(
        s.legal_now(),
        vec![
            Action::Destroy {
                kind: ShieldGenerator,
                at: x
            },
            Action::Destroy {
                kind: IonCannon,
                at: x
            }
        ]
    );
    s.play(Action::Destroy {
        kind: ShieldGenerator,
        at: x,
    });
    assert_eq!(s.count(x, ShieldGenerator), 0);
    assert_eq!(s.count(x, IonCannon), 1);
    assert!(combat_now(&s)
        .unwrap()
        .fighters
        .iter()
        .any(|f| f.kind == ShieldGenerator && f.gone));
    // Gone before the ground battle: it gives the Rebel no ground card there.
    drive(&mut s, |s| {
        combat_now(s).is_some_and(|c| {
            c.attack
                .as_ref()
                .is_some_and(|a| a.theater == Theater::Ground)
        })
    });
    assert!(combat_now(&s).is_some());
    assert!(s.cards(Rebel).tactics[1].is_empty());

    // No structure: not playable.
    let mut s = board(19);
    s.put(x, AtAt, 1).put(x, RebelTrooper, 1);
    on_board(&mut s, Veers, x);
    give(&mut s, TargetTheGenerator);
    fight(&mut s, HOTH, Empire);
    let c = combat_now(&s).unwrap().clone();
    assert!(!start_of_combat_playable(
        &s,
        &c,
        Empire,
        TargetTheGenerator
    ));
}

// ---------------------------------------------------------------------------------------
// Rebels: starting cards and their rings

#[test]
fn the_c3po_ring_turns_a_failed_diplomacy_mission_into_a_success() {
    let scene = |seed, mission| {
        let mut s = board(seed);
        loyal(&mut s, SULLUST, Empire);
        s.put(at(SULLUST), TieFighter, 1);
        s.set_leader(MonMothma, LeaderPlace::Pool);
        s.leaders[MonMothma.index()].ring = Some(Ring::C3PO);
        on_board(&mut s, Palpatine, at(SULLUST));
        // The dice are rolled: one blank against one hit.
        mission_at(
            &mut s,
            Rebel,
            mission,
            &[MonMothma],
            at(SULLUST),
            MissionStep::Astromech,
            [vec![BLANK], vec![RED_HIT]],
        );
        s
    };
    let mut s = scene(20, Mission::BuildAlliance);
    assert_eq!(mission_now(&s).map(|m| m.step), Some(MissionStep::Protocol));
    assert_eq!(s.legal_now(), vec![Action::Leader(MonMothma), Action::Done]);
    let log = s.play(Action::Leader(MonMothma));
    assert!(events(&log).contains(&LogEvent::RingDiscarded {
        leader: MonMothma,
        ring: Ring::C3PO
    }));
    assert!(events(&log).contains(&LogEvent::MissionSucceeded {
        side: Rebel,
        mission: Mission::BuildAlliance
    }));
    assert_eq!(s.leader(MonMothma).ring, None);
    assert_eq!(s.system(SULLUST).loyalty, None, "Build Alliance resolved");

    // Declined: it fails.
    let mut s = scene(20, Mission::BuildAlliance);
    let log = s.play(Action::Done);
    assert!(events(&log).contains(&LogEvent::MissionFailed {
        side: Rebel,
        mission: Mission::BuildAlliance
    }));
    assert_eq!(s.leader(MonMothma).ring, Some(Ring::C3PO));

    // Not a diplomacy mission: nothing to ask.
    let s = scene(20, Mission::Infiltration);
    assert!(s.stack.is_empty());
    assert_eq!(s.leader(MonMothma).ring, Some(Ring::C3PO));
}

#[test]
fn our_most_desperate_hour_assigns_a_searched_mission_to_leia_alone() {
    let mut s = board(21);
    give(&mut s, OurMostDesperateHour);
    assigning(&mut s, Rebel);
    s.cards[Rebel.index()]
        .mission_deck
        .retain(|m| *m != Mission::SeekYoda);
    s.cards[Rebel.index()].mission_deck.push(Mission::SeekYoda);
    s.set_leader(Leia, LeaderPlace::OnMission(0));
    assert!(!offered(&s, Action::Card(OurMostDesperateHour)));
    s.set_leader(Leia, LeaderPlace::Pool);
    s.play(Action::Card(OurMostDesperateHour));
    assert!(offered(&s, Action::Mission(Mission::SeekYoda)));
    assert!(!s
        .legal_now()
        .iter()
        .any(|a| matches!(a, Action::Mission(m) if m.is_starting())));
    let before = s.cards(Rebel).mission_deck.len();
    let log = s.play(Action::Mission(Mission::SeekYoda));
    assert_eq!(s.cards(Rebel).mission_deck.len(), before - 1);
    let a = s.cards(Rebel).assigned[0];
    assert_eq!(
        (a.mission, a.leaders),
        (Mission::SeekYoda, [Some(Leia), None])
    );
    assert_eq!(s.leader(Leia).place, LeaderPlace::OnMission(0));
    assert!(seen_by(&log, Empire).contains(&LogEvent::MissionAssigned {
        side: Rebel,
        slot: 0,
        mission: None,
        leaders: [Some(Leia), None]
    }));
    assert!(!seen_by(&log, Empire).iter().any(|e| matches!(
        e,
        LogEvent::MissionAssigned {
            mission: Some(_),
            ..
        }
    )));
    assert_eq!(s.active_player(), Some(Rebel));
}

#[test]
fn rebel_planning_places_dodonna_in_the_base_space_and_draws_an_objective() {
    let mut s = board(22);
    give(&mut s, RebelPlanning);
    assigning(&mut s, Rebel);
    let objectives = s.objectives().len();
    let top: Option<Objective> = s.objective_deck.last().copied();
    let log = s.play(Action::Card(RebelPlanning));
    assert_eq!(
        s.leader(Dodonna).place,
        LeaderPlace::Board(Place::RebelBase)
    );
    assert_eq!(s.objectives().len(), objectives + 1);
    assert_eq!(s.objectives().last().copied(), top);
    assert!(seen_by(&log, Empire).contains(&LogEvent::ObjectiveDrawn { objective: None }));
    assert!(s.stack.is_empty());
    assert_eq!(s.active_player(), Some(Rebel));

    // With the base revealed, Dodonna goes to its system.
    let mut s = board(22);
    s.set_base(HOTH);
    s.base_revealed = true;
    give(&mut s, RebelPlanning);
    assigning(&mut s, Rebel);
    s.play(Action::Card(RebelPlanning));
    assert_eq!(s.leader(Dodonna).place, LeaderPlace::Board(at(HOTH)));
}

#[test]
fn the_r2d2_ring_blanks_one_imperial_die_of_a_mission_roll() {
    let mut s = board(23);
    loyal(&mut s, NABOO, Rebel);
    on_board(&mut s, Leia, at(NABOO));
    s.leaders[Leia.index()].ring = Some(Ring::R2D2);
    let log = mission_at(
        &mut s,
        Empire,
        Mission::GatherIntel,
        &[Yularen],
        at(NABOO),
        MissionStep::Astromech,
        [vec![RED_HIT], vec![RED_HIT, BLANK, RED_DIRECT]],
    );
    assert!(log.is_empty());
    assert_eq!(s.active_player(), Some(Rebel));
    assert_eq!(
        s.legal_now(),
        vec![Action::Die(0), Action::Die(2), Action::Done]
    );
    let log = s.play(Action::Die(2));
    assert!(events(&log).contains(&LogEvent::MissionDieChanged {
        side: Empire,
        die: 2,
        to: die(DieColor::Red, Face::Blank)
    }));
    assert!(events(&log).contains(&LogEvent::RingDiscarded {
        leader: Leia,
        ring: Ring::R2D2
    }));
    // One success each: the Imperial attempt fails.
    assert!(events(&log).contains(&LogEvent::MissionFailed {
        side: Empire,
        mission: Mission::GatherIntel
    }));
    assert_eq!(s.leader(Leia).ring, None);

    // The bearer elsewhere: no question.
    let mut s = board(23);
    on_board(&mut s, Leia, at(HOTH));
    s.leaders[Leia.index()].ring = Some(Ring::R2D2);
    on_board(&mut s, MonMothma, at(NABOO));
    mission_at(
        &mut s,
        Empire,
        Mission::GatherIntel,
        &[Yularen],
        at(NABOO),
        MissionStep::Astromech,
        [vec![BLANK], vec![RED_HIT]],
    );
    assert_ne!(
        mission_now(&s).map(|m| m.step),
        Some(MissionStep::Astromech)
    );
}

#[test]
fn start_the_evacuation_moves_units_from_the_base_space_with_transport() {
    let mut s = board(24);
    s.set_base(DANTOOINE);
    let base = Place::RebelBase;
    s.put(base, CorellianCorvette, 1)
        .put(base, RebelTrooper, 3)
        .put(base, ShieldGenerator, 1);
    s.put(at(NABOO), Stormtrooper, 1);
    give(&mut s, StartTheEvacuation);
    assigning(&mut s, Rebel);
    s.play(Action::Card(StartTheEvacuation));
    assert!(!systems_offered(&s).contains(&NABOO));
    assert_eq!(systems_offered(&s).len(), 31);
    s.play(Action::System(MYGEETO));
    assert_eq!(s.leader(Rieekan).place, LeaderPlace::Board(at(MYGEETO)));
    // Troopers need the corvette's room; the shield generator never moves.
    assert_eq!(
        s.legal_now(),
        vec![
            Action::Move {
                kind: CorellianCorvette,
                from: base
            },
            Action::Done
        ]
    );
    s.play(Action::Move {
        kind: CorellianCorvette,
        from: base,
    });
    s.play(Action::Move {
        kind: RebelTrooper,
        from: base,
    });
    s.play(Action::Move {
        kind: RebelTrooper,
        from: base,
    });
    assert!(!offered(
        &s,
        Action::Move {
            kind: RebelTrooper,
            from: base
        }
    ));
    s.play(Action::Done);
    assert_eq!(s.count(at(MYGEETO), RebelTrooper), 2);
    assert_eq!(s.count(base, RebelTrooper), 1);
    assert!(!s.base_revealed());

    // A Rebel leader in the base space holds every unit there.
    let mut s = board(24);
    s.set_base(DANTOOINE);
    s.put(base, XWing, 1);
    on_board(&mut s, Dodonna, base);
    give(&mut s, StartTheEvacuation);
    assigning(&mut s, Rebel);
    s.play(Action::Card(StartTheEvacuation));
    s.play(Action::System(MYGEETO));
    assert!(s.stack.is_empty());
    assert_eq!(s.count(base, XWing), 1);
}

#[test]
fn temporary_alliance_builds_from_a_neutral_system() {
    let mut s = board(25);
    loyal(&mut s, MYGEETO, Rebel);
    loyal(&mut s, NABOO, Empire);
    s.systems[SULLUST.index()].subjugated = true;
    s.put(at(SULLUST), Stormtrooper, 1);
    give(&mut s, TemporaryAlliance);
    assigning(&mut s, Rebel);
    s.play(Action::Card(TemporaryAlliance));
    let options = systems_offered(&s);
    assert!(options.contains(&ORD_MANTELL) && options.contains(&HOTH));
    for x in [MYGEETO, NABOO, SULLUST, CORUSCANT] {
        assert!(!options.contains(&x));
    }
    s.play(Action::System(ORD_MANTELL));
    assert_eq!(
        s.leader(MonMothma).place,
        LeaderPlace::Board(at(ORD_MANTELL))
    );
    let q = s.cards(Rebel).queue[1];
    assert_eq!(
        (q[CorellianCorvette.index()], q[Airspeeder.index()]),
        (1, 1)
    );
    // A remote system has no icons: nothing built.
    let mut s = board(25);
    give(&mut s, TemporaryAlliance);
    assigning(&mut s, Rebel);
    s.play(Action::Card(TemporaryAlliance));
    s.play(Action::System(HOTH));
    assert!(s.stack.is_empty());
    assert!(s.cards(Rebel).queue.iter().flatten().all(|n| *n == 0));
}

// ---------------------------------------------------------------------------------------
// Rebels: recruit cards

#[test]
fn ambush_destroys_imperial_ground_units_worth_three_health() {
    let mut s = board(26);
    let x = at(KESSEL);
    s.systems[KESSEL.index()].subjugated = true;
    s.put(x, AtAt, 1).put(x, AtSt, 1).put(x, Stormtrooper, 2);
    s.set_leader(Madine, LeaderPlace::Pool);
    give(&mut s, Ambush);
    assigning(&mut s, Rebel);
    s.play(Action::Card(Ambush));
    assert_eq!(systems_offered(&s), vec![KESSEL]);
    s.play(Action::System(KESSEL));
    assert_eq!(s.leader(Madine).place, LeaderPlace::Board(x));
    let destroy = |kind| Action::Destroy { kind, at: x };
    assert_eq!(
        s.legal_now(),
        vec![
            destroy(Stormtrooper),
            destroy(AtSt),
            destroy(AtAt),
            Action::Done
        ]
    );
    s.play(destroy(AtSt));
    assert_eq!(s.legal_now(), vec![destroy(Stormtrooper), Action::Done]);
    s.play(destroy(Stormtrooper));
    // Three health spent: done without asking.
    assert!(s.stack.is_empty());
    assert_eq!(
        (s.count(x, AtAt), s.count(x, AtSt), s.count(x, Stormtrooper)),
        (1, 0, 1)
    );
    assert!(s.system(KESSEL).subjugated);

    // The last ground unit gone: subjugation lifted, the captive there rescued.
    let mut s = board(26);
    s.systems[KESSEL.index()].subjugated = true;
    s.put(x, Stormtrooper, 2);
    captive(&mut s, Luke, x);
    s.set_leader(Madine, LeaderPlace::Pool);
    give(&mut s, Ambush);
    assigning(&mut s, Rebel);
    s.play(Action::Card(Ambush));
    s.play(Action::System(KESSEL));
    s.play(destroy(Stormtrooper));
    let log = s.play(destroy(Stormtrooper));
    assert!(events(&log).contains(&LogEvent::SubjugationLifted { system: KESSEL }));
    assert!(events(&log).contains(&LogEvent::LeaderRescued { leader: Luke }));
    assert!(!s.system(KESSEL).subjugated);
}

#[test]
fn an_old_friend_recruits_lando_or_chewbacca_beside_han() {
    let mut s = board(27);
    s.set_leader(Han, LeaderPlace::Pool);
    s.set_leader(Chewbacca, LeaderPlace::Pool);
    s.set_leader(Lando, LeaderPlace::Unrecruited);
    give(&mut s, AnOldFriend);
    assigning(&mut s, Rebel);
    s.play(Action::Card(AnOldFriend));
    assert_eq!(systems_offered(&s), vec![BESPIN], "Chewbacca is recruited");
    let log = s.play(Action::System(BESPIN));
    assert!(events(&log).contains(&LogEvent::LeaderRecruited {
        side: Rebel,
        leader: Lando
    }));
    assert_eq!(s.leader(Han).place, LeaderPlace::Board(at(BESPIN)));
    assert_eq!(s.leader(Lando).place, LeaderPlace::Board(at(BESPIN)));
    assert!(hand(&s, Rebel).is_empty());

    // Both already recruited: not playable.
    let mut s = board(27);
    for l in [Han, Chewbacca, Lando] {
        s.set_leader(l, LeaderPlace::Pool);
    }
    give(&mut s, AnOldFriend);
    assigning(&mut s, Rebel);
    assert!(!offered(&s, Action::Card(AnOldFriend)));
}

#[test]
fn independent_operation_sends_the_ground_units_where_the_empire_chooses() {
    let mut s = board(28);
    let x = at(KESSEL);
    s.systems[KESSEL.index()].subjugated = true;
    s.put(x, Stormtrooper, 2)
        .put(x, AtSt, 1)
        .put(x, TieFighter, 1);
    on_board(&mut s, Vader, x); // does not hold them
    loyal(&mut s, RODIA, Empire);
    s.put(at(RODIA), RebelTrooper, 1);
    loyal(&mut s, RYLOTH, Empire);
    s.set_leader(Lando, LeaderPlace::Pool);
    give(&mut s, IndependentOperation);
    assigning(&mut s, Rebel);
    s.play(Action::Card(IndependentOperation));
    assert_eq!(systems_offered(&s), vec![KESSEL]);
    s.play(Action::System(KESSEL));
    assert_eq!(s.leader(Lando).place, LeaderPlace::Board(x));
    assert_eq!(s.active_player(), Some(Empire));
    assert_eq!(systems_offered(&s), vec![RYLOTH, CORUSCANT]);
    let log = s.play(Action::System(RYLOTH));
    assert_eq!(
        (s.count(at(RYLOTH), Stormtrooper), s.count(at(RYLOTH), AtSt)),
        (2, 1)
    );
    assert_eq!(s.count(x, TieFighter), 1, "ships stay");
    assert!(events(&log).contains(&LogEvent::SubjugationLifted { system: KESSEL }));
    assert_eq!(s.active_player(), Some(Rebel));

    // No destination: not playable (Coruscant would be one, so put a trooper there).
    let mut s = board(28);
    s.systems[KESSEL.index()].subjugated = true;
    s.put(x, Stormtrooper, 1);
    s.put(at(CORUSCANT), RebelTrooper, 1);
    s.set_leader(Lando, LeaderPlace::Pool);
    give(&mut s, IndependentOperation);
    assigning(&mut s, Rebel);
    assert!(!offered(&s, Action::Card(IndependentOperation)));
}

#[test]
fn its_a_trap_point_blank_assault_and_target_the_star_destroyers_mark_the_combat() {
    for (card, leader) in [
        (ItsATrap, Ackbar),
        (PointBlankAssault, Madine),
        (TargetTheStarDestroyers, Wedge),
    ] {
        let mut s = board(29);
        let x = at(MUSTAFAR);
        s.put(x, StarDestroyer, 1).put(x, XWing, 2);
        give(&mut s, card);
        fight(&mut s, MUSTAFAR, Empire);
        drive(&mut s, |s| {
            s.active_player() == Some(Rebel) && offered(s, Action::Card(card))
        });
        assert!(
            !offered(&s, Action::Card(card)),
            "{card:?} needs its leader"
        );

        let mut s = board(29);
        s.put(x, StarDestroyer, 1).put(x, XWing, 2);
        on_board(&mut s, leader, x);
        give(&mut s, card);
        window_with(&mut s, MUSTAFAR, Empire, card);
        s.play(Action::Card(card));
        let m = combat_now(&s).unwrap().mods;
        let marked = match card {
            ItsATrap => m.imperial_space_tactics_blocked_first_round,
            PointBlankAssault => m.health_minus_one,
            _ => m.rebel_black_as_red,
        };
        assert!(marked, "{card:?}");
        assert!(hand(&s, Rebel).is_empty());
    }
}

#[test]
fn one_in_a_million_places_two_dice_before_the_roll() {
    let mut s = board(30);
    s.set_leader(Luke, LeaderPlace::Pool);
    give(&mut s, OneInAMillion);
    let slot = assigned(&mut s, Rebel, Mission::BuildAlliance, &[MonMothma, Luke]);
    s.play(Action::Reveal(slot));
    s.play(Action::Place(at(MYGEETO)));
    // The Empire opposes; only then may the Rebel use the card.
    assert!(!offered(&s, Action::Card(OneInAMillion)));
    s.play(Action::Leader(Palpatine));
    assert_eq!(
        mission_now(&s).map(|m| m.step),
        Some(MissionStep::BeforeRoll)
    );
    assert_eq!(
        s.legal_now(),
        vec![Action::Card(OneInAMillion), Action::Done]
    );
    s.play(Action::Card(OneInAMillion));
    assert_eq!(s.legal_now().len(), PLACEABLE.len() + 1);
    let special = die(DieColor::Red, Face::Special);
    s.play(Action::Die(2));
    let log = s.play(Action::Die(2));
    // Two placed: nothing else to use before the roll, so the dice are rolled at once.
    assert!(events(&log).contains(&LogEvent::DiePlaced {
        side: Rebel,
        die: special
    }));
    let rebel_roll = events(&log).into_iter().find_map(|e| match e {
        LogEvent::MissionRoll {
            side: Rebel,
            dice,
            successes,
        } => Some((dice, successes)),
        _ => None,
    });
    let (dice, successes) = rebel_roll.expect("the Rebel rolled");
    // Mon Mothma's three diplomacy icons: two placed dice and one rolled.
    assert_eq!(dice.len(), 3);
    assert_eq!(&dice[..2], &[special, special]);
    assert!(successes >= 4, "a special is worth two successes");
    assert!(hand(&s, Rebel).is_empty());
}

#[test]
fn son_of_skywalker_fetches_seek_yoda_after_a_success_with_luke() {
    let mut s = board(31);
    s.cards[Rebel.index()].mission_deck = vec![
        Mission::SeekYoda,
        Mission::Demolition,
        Mission::DaringRescue,
    ];
    s.set_leader(Luke, LeaderPlace::Pool);
    give(&mut s, SonOfSkywalker);
    mission_at(
        &mut s,
        Rebel,
        Mission::BuildAlliance,
        &[Luke, MonMothma],
        at(MYGEETO),
        MissionStep::Resolved { captives: 0 },
        [vec![], vec![]],
    );
    assert_eq!(
        s.legal_now(),
        vec![Action::Card(SonOfSkywalker), Action::Done]
    );
    s.play(Action::Card(SonOfSkywalker));
    assert_eq!(
        s.legal_now(),
        vec![
            Action::Mission(Mission::DaringRescue),
            Action::Mission(Mission::SeekYoda),
            Action::Done
        ]
    );
    let log = s.play(Action::Mission(Mission::SeekYoda));
    assert!(s.cards(Rebel).missions.contains(&Mission::SeekYoda));
    assert_eq!(s.cards(Rebel).mission_deck.len(), 2);
    assert!(!s.cards(Rebel).mission_deck.contains(&Mission::SeekYoda));
    // The Empire learns that a card was taken (the hand's size shows it), not which.
    assert!(seen_by(&log, Empire).contains(&LogEvent::MissionsDrawn {
        side: Rebel,
        missions: None,
        count: 1
    }));
    assert!(seen_by(&log, Rebel).contains(&LogEvent::MissionsDrawn {
        side: Rebel,
        missions: Some(vec![Mission::SeekYoda]),
        count: 1
    }));
    assert!(s.stack.is_empty());

    // Luke not there: no window.
    let mut s = board(31);
    give(&mut s, SonOfSkywalker);
    mission_at(
        &mut s,
        Rebel,
        Mission::BuildAlliance,
        &[MonMothma],
        at(MYGEETO),
        MissionStep::Resolved { captives: 0 },
        [vec![], vec![]],
    );
    assert!(s.stack.is_empty());
}

#[test]
fn the_millennium_falcon_lands_on_han_or_chewbacca_when_recruited() {
    let recruit = |s: &mut GameState| {
        s.phase = Phase::Refresh;
        s.stack.push(Frame::Recruit {
            side: Rebel,
            drawn: vec![TheMillenniumFalcon, Ambush],
            chosen: None,
        });
        s.run(&mut Vec::new());
        s.play(Action::Card(TheMillenniumFalcon));
    };
    // Only the recruited pilot is in play: the ring goes to him unasked.
    let mut s = board(32);
    recruit(&mut s);
    assert_eq!(
        s.legal_now(),
        vec![Action::Leader(Han), Action::Leader(Chewbacca)]
    );
    let log = s.play(Action::Leader(Chewbacca));
    assert_eq!(s.leader(Chewbacca).ring, Some(Ring::MillenniumFalcon));
    assert!(events(&log).contains(&LogEvent::ActionCardUsed {
        side: Rebel,
        card: TheMillenniumFalcon
    }));
    assert!(!hand(&s, Rebel).contains(&TheMillenniumFalcon));

    // Both in play: the Rebel chooses.
    let mut s = board(32);
    s.set_leader(Han, LeaderPlace::Board(at(HOTH)));
    recruit(&mut s);
    assert_eq!(s.leader(Chewbacca).place, LeaderPlace::Pool);
    assert_eq!(
        s.legal_now(),
        vec![Action::Leader(Han), Action::Leader(Chewbacca)]
    );
    s.play(Action::Leader(Han));
    assert_eq!(s.leader(Han).ring, Some(Ring::MillenniumFalcon));
}

#[test]
fn undercover_moves_lando_in_after_the_send_leaders_step() {
    let mut s = board(33);
    loyal(&mut s, NABOO, Rebel);
    on_board(&mut s, Lando, at(HOTH));
    captive(&mut s, ObiWan, at(CORUSCANT));
    s.put(at(CORUSCANT), Stormtrooper, 1);
    give(&mut s, Undercover);
    let slot = assigned(&mut s, Empire, Mission::GatherIntel, &[Yularen]);
    s.play(Action::Reveal(slot));
    s.play(Action::Place(at(NABOO)));
    // The Send Leaders step first, without the card.
    assert_eq!(s.active_player(), Some(Rebel));
    assert!(!offered(&s, Action::Card(Undercover)));
    s.play(Action::Done);
    assert_eq!(s.legal_now(), vec![Action::Card(Undercover), Action::Done]);
    let log = s.play(Action::Card(Undercover));
    // Lando is the only one who may come (Obi-Wan is captive); he now opposes.
    assert_eq!(s.leader(Lando).place, LeaderPlace::Board(at(NABOO)));
    let log = [log, drive(&mut s, |s| mission_now(s).is_none())].concat();
    assert!(events(&log)
        .iter()
        .any(|e| matches!(e, LogEvent::MissionRoll { side: Rebel, .. })));
}

#[test]
fn wookiee_guardian_fails_a_spec_ops_mission_before_the_dice() {
    let mut s = board(34);
    s.put(at(BESPIN), Stormtrooper, 1);
    on_board(&mut s, Leia, at(BESPIN));
    s.set_leader(Chewbacca, LeaderPlace::Pool);
    give(&mut s, WookieeGuardian);
    let slot = assigned(&mut s, Empire, Mission::CaptureRebelOperative, &[Vader]);
    s.play(Action::Reveal(slot));
    s.play(Action::Leader(Leia));
    // Chewbacca sent from the pool makes the card usable.
    s.play(Action::Leader(Chewbacca));
    assert_eq!(
        s.legal_now(),
        vec![Action::Card(WookieeGuardian), Action::Done]
    );
    let log = s.play(Action::Card(WookieeGuardian));
    assert!(events(&log).contains(&LogEvent::MissionFailed {
        side: Empire,
        mission: Mission::CaptureRebelOperative
    }));
    assert!(!events(&log)
        .iter()
        .any(|e| matches!(e, LogEvent::MissionRoll { .. })));
    assert!(!s.leader(Leia).is_captive());
    assert!(s
        .cards(Empire)
        .missions
        .contains(&Mission::CaptureRebelOperative));

    // Not for a mission of another skill.
    let mut s = board(34);
    loyal(&mut s, NABOO, Rebel);
    on_board(&mut s, Chewbacca, at(NABOO));
    give(&mut s, WookieeGuardian);
    let slot = assigned(&mut s, Empire, Mission::GatherIntel, &[Yularen]);
    s.play(Action::Reveal(slot));
    s.play(Action::Place(at(NABOO)));
    assert!(!offered(&s, Action::Card(WookieeGuardian)));
}

#[test]
fn the_yoda_ring_rerolls_one_rebel_die_and_stays() {
    let mut s = board(35);
    on_board(&mut s, Palpatine, at(MYGEETO));
    s.set_leader(Luke, LeaderPlace::Pool);
    s.leaders[Luke.index()].ring = Some(Ring::Yoda);
    mission_at(
        &mut s,
        Rebel,
        Mission::BuildAlliance,
        &[MonMothma, Luke],
        at(MYGEETO),
        MissionStep::Astromech,
        [vec![BLANK, BLACK_HIT], vec![RED_HIT]],
    );
    assert_eq!(mission_now(&s).map(|m| m.step), Some(MissionStep::Reroll));
    assert_eq!(
        s.legal_now(),
        vec![Action::Die(0), Action::Die(1), Action::Done]
    );
    let log = s.play(Action::Die(0));
    let rerolled = events(&log).into_iter().find_map(|e| match e {
        LogEvent::MissionDieChanged {
            side: Rebel,
            die: 0,
            to,
        } => Some(to),
        _ => None,
    });
    let to = rerolled.expect("rerolled");
    assert_eq!(to.color, DieColor::Red);
    assert_eq!(s.leader(Luke).ring, Some(Ring::Yoda));
    let won = crate::rules::missions::successes(to) + 1 > 1;
    let succeeded = events(&log).contains(&LogEvent::MissionSucceeded {
        side: Rebel,
        mission: Mission::BuildAlliance,
    });
    assert_eq!(succeeded, won);

    // Once a round: the next roll this round offers no reroll.
    assert!(s.marks.yoda_used);
    s.stack.clear();
    mission_at(
        &mut s,
        Rebel,
        Mission::BuildAlliance,
        &[MonMothma, Luke],
        at(MYGEETO),
        MissionStep::Astromech,
        [vec![BLANK, BLANK], vec![RED_HIT]],
    );
    assert_ne!(mission_now(&s).map(|m| m.step), Some(MissionStep::Reroll));
}

#[test]
fn random_games_with_every_card_in_hand_use_each_card_once_at_most() {
    use game_kit::Rng;
    let mut used_total = 0;
    for seed in 0..30 {
        let mut s = crate::rules::testkit::after_setup(seed);
        for side in Side::BOTH {
            s.cards[side.index()].actions = ActionCard::ALL
                .into_iter()
                .filter(|c| c.side() == side && c.info().timing != Timing::Immediate)
                .collect();
            s.cards[side.index()]
                .action_deck
                .retain(|c| *c == TheMillenniumFalcon);
        }
        // Every leader but Han and Chewbacca (for the Falcon) starts in its pool.
        for l in LeaderId::ALL {
            if !matches!(l, Han | Chewbacca) {
                s.leaders[l.index()].place = LeaderPlace::Pool;
            }
        }
        let mut rng = Rng::new(seed);
        let mut used = Vec::new();
        for _ in 0..5000 {
            let Some(side) = s.active_player() else { break };
            let legal = s.legal_actions(side);
            let a = legal[rng.below(legal.len())];
            let mut log = Vec::new();
            s.apply_legal(side, a, &mut log);
            for e in events(&log) {
                if let LogEvent::ActionCardUsed { card, .. } = e {
                    assert!(!used.contains(&card), "{card:?} used twice (seed {seed})");
                    used.push(card);
                }
            }
        }
        used_total += used.len();
    }
    assert!(used_total > 100, "the cards get used: {used_total}");
}

#[test]
fn one_in_a_million_places_two_dice_of_a_combat_roll_and_the_yoda_ring_rerolls_one() {
    let mut s = board(36);
    let x = at(MUSTAFAR);
    // Two Y-wings roll two red dice; a TIE is their target.
    s.put(x, YWing, 2).put(x, TieFighter, 1);
    on_board(&mut s, Wedge, x);
    on_board(&mut s, Luke, x);
    s.leaders[Luke.index()].ring = Some(Ring::Yoda);
    give(&mut s, OneInAMillion);
    s.objectives.clear();
    fight(&mut s, MUSTAFAR, Rebel);
    drive(&mut s, |s| {
        combat_now(s).is_some_and(|c| matches!(c.step, CombatStep::BeforeRoll { .. }))
    });
    assert_eq!(
        s.legal_now(),
        vec![Action::Card(OneInAMillion), Action::Done]
    );
    s.play(Action::Card(OneInAMillion));
    // Only red dice: the Y-wings roll no black.
    let offered: Vec<Die> = s
        .legal_now()
        .into_iter()
        .filter_map(|a| match a {
            Action::Die(i) => Some(PLACEABLE[i as usize]),
            _ => None,
        })
        .collect();
    assert!(offered.iter().all(|d| d.color == DieColor::Red) && offered.len() == 4);
    let direct = PLACEABLE.iter().position(|d| *d == RED_DIRECT).unwrap() as u8;
    s.play(Action::Die(direct));
    s.play(Action::Die(direct));
    // Rolled with both placed: then the Yoda ring may reroll one die, once this round.
    let c = combat_now(&s).unwrap();
    assert_eq!(c.step, CombatStep::Reroll);
    let dice: Vec<Die> = c
        .attack
        .as_ref()
        .unwrap()
        .dice
        .iter()
        .map(|d| d.die)
        .collect();
    assert_eq!(dice, vec![RED_DIRECT, RED_DIRECT]);
    assert_eq!(
        s.legal_now(),
        vec![Action::Die(0), Action::Die(1), Action::Done]
    );
    s.play(Action::Die(1));
    assert!(s.marks.yoda_used);
    assert!(!hand(&s, Rebel).contains(&OneInAMillion));
    // On to the combat actions (Wedge's tactic cards are in hand).
    assert_eq!(combat_now(&s).map(|c| c.step), Some(CombatStep::Actions));
}

#[test]
fn the_window_before_a_rebel_roll_is_asked_on_what_the_empire_can_see() {
    // Wedge there and an action card in hand, but not One in a Million: asked all the same.
    let mut s = board(37);
    let x = at(MUSTAFAR);
    s.put(x, YWing, 1).put(x, TieFighter, 1);
    on_board(&mut s, Wedge, x);
    give(&mut s, SonOfSkywalker);
    s.objectives.clear();
    fight(&mut s, MUSTAFAR, Rebel);
    drive(&mut s, |s| {
        combat_now(s).is_some_and(|c| matches!(c.step, CombatStep::BeforeRoll { .. }))
    });
    assert_eq!(s.legal_now(), vec![Action::Done]);
    // No action card at all: nothing to ask.
    let mut s = board(37);
    s.put(x, YWing, 1).put(x, TieFighter, 1);
    on_board(&mut s, Wedge, x);
    s.objectives.clear();
    fight(&mut s, MUSTAFAR, Rebel);
    let mut asked = false;
    while let Some(c) = combat_now(&s) {
        asked |= matches!(c.step, CombatStep::BeforeRoll { .. });
        let legal = s.legal_now();
        s.play(if legal.contains(&Action::Done) {
            Action::Done
        } else {
            legal[0]
        });
    }
    assert!(!asked);
}
