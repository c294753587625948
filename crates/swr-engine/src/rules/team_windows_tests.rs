//! The team game's card windows, one scenario each (docs/swr/team-game.md §3, R2, R5, R8,
//! R14): who is asked, that the holder's card (or a card showing no leader) is offered to
//! its holder only, and that the other seat's attempt is refused by `apply` with
//! `ActionError::NotAllowed`, leaving the state as it was. A window asked of one seat by rule
//! (a card of one role, a ring) never asks the other: the scenario checks the seat at each
//! step and what the other seat's options would hold.

use super::*;
use crate::log::{Die, DieColor, Face};
use crate::rules::frames::MissionRun;

/// What `seat` would be offered at the current question (its side's actions, its own).
fn options_of(s: &GameState, seat: Seat) -> Vec<Action> {
    let mut out = Vec::new();
    s.seat_options(seat, &mut out);
    out
}

fn used(log: &[LogEntry], card: ActionCard) -> bool {
    log.iter().any(|e| {
        e.event
            == LogEvent::ActionCardUsed {
                side: card.side(),
                card,
            }
    })
}

/// The holder of a two-leader card is the General (recruited with the General's leader).
fn to_general(s: &mut GameState, card: ActionCard) {
    let general = card
        .info()
        .leaders
        .iter()
        .copied()
        .find(|l| l.role() == General)
        .expect("a two-leader card");
    recruited(s, card, general);
}

fn mission_step(s: &GameState) -> Option<MissionStep> {
    s.stack.iter().rev().find_map(|f| match f {
        Frame::Mission(m) => Some(m.step),
        _ => None,
    })
}

/// A mission already under way at `step`, revealed by `revealer`'s seat, its leaders
/// standing at `place`.
#[allow(clippy::too_many_arguments)]
fn mission_at(
    s: &mut GameState,
    side: Side,
    revealer: Role,
    mission: Mission,
    leaders: &[LeaderId],
    place: Place,
    step: MissionStep,
    dice: [Vec<Die>; 2],
) {
    for l in leaders {
        s.set_leader(*l, LeaderPlace::Board(place));
    }
    s.phase = Phase::Command {
        turn: side,
        passed: [false; 2],
    };
    s.team.as_mut().unwrap().mission = revealer;
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
    s.run(&mut Vec::new());
}

const fn die(color: DieColor, face: Face) -> Die {
    Die { color, face }
}
const RED_HIT: Die = die(DieColor::Red, Face::Hit);
const BLANK: Die = die(DieColor::Red, Face::Blank);
const BLACK_HIT: Die = die(DieColor::Black, Face::Hit);

// ---------------------------------------------------------------------------------------
// Blindside (R14)

/// Capture Rebel Operative with Boba Fett, revealed by the Imperial General after the Imperial
/// Admiral passed; Leia at Bespin beside a stormtrooper, Mon Mothma in the Rebel pool; the
/// Empire holding `card` (by its Admiral unless `general`).
fn blindside_scene(seed: u64, card: ActionCard, general: bool) -> GameState {
    let mut s = board(seed);
    pool_only(&mut s, &[MonMothma]);
    s.put(at(BESPIN), Stormtrooper, 1);
    s.set_leader(Leia, LeaderPlace::Board(at(BESPIN)));
    s.cards[Empire.index()].actions = vec![card];
    if general {
        to_general(&mut s, card);
    }
    let slot = s.assign_face_down(Empire, Mission::CaptureRebelOperative, &[BobaFett]);
    s.play(Action::Pass); // Rebel Admiral
    s.play(Action::Pass); // Imperial Admiral: passed, yet still uses his cards (R3)
    assert_eq!(seat(&s), IG);
    s.play(Action::Reveal(slot));
    assert_eq!(mission_step(&s), Some(MissionStep::ChooseTarget));
    s
}

#[test]
fn blindside_held_by_the_revealers_teammate_is_his_to_play_before_the_target() {
    let mut s = blindside_scene(40, ActionCard::Blindside, false);
    // The Imperial Admiral holds it (recruited with Janus): asked first, the card or Done;
    // the target is the revealer's.
    assert_eq!(seat(&s), IA);
    assert_eq!(
        s.legal_now(),
        vec![Action::Card(ActionCard::Blindside), Action::Done]
    );
    assert!(refused(&s, Action::Leader(Leia)));
    let log = s.play(Action::Card(ActionCard::Blindside));
    assert!(used(&log, ActionCard::Blindside));
    // Then the revealer chooses the target, the card gone.
    assert_eq!(seat(&s), IG);
    assert_eq!(s.legal_now(), vec![Action::Leader(Leia)]);
    let log = s.play(Action::Leader(Leia));
    // No pool leader may oppose: Mon Mothma is never offered, Leia opposes where she stands.
    assert!(!log
        .iter()
        .any(|e| matches!(e.event, LogEvent::Opposed { .. })));
    assert!(log
        .iter()
        .any(|e| matches!(e.event, LogEvent::MissionRoll { side: Rebel, .. })));
    assert_eq!(s.leader(MonMothma).place, LeaderPlace::Pool);
}

#[test]
fn blindside_declined_by_its_holder_is_not_the_revealers_to_play() {
    let mut s = blindside_scene(41, ActionCard::Blindside, false);
    assert_eq!(seat(&s), IA);
    s.play(Action::Done);
    assert_eq!(seat(&s), IG);
    assert_eq!(s.legal_now(), vec![Action::Leader(Leia)]);
    assert!(refused(&s, Action::Card(ActionCard::Blindside)));
    s.play(Action::Leader(Leia));
    // The mission may be opposed from the pool: the Rebel Admiral is asked, Mon Mothma offered.
    assert_eq!(mission_step(&s), Some(MissionStep::Oppose));
    assert_eq!(seat(&s), RA);
    assert!(offered(&s, Action::Leader(MonMothma)));
    assert_eq!(s.cards(Empire).actions, vec![ActionCard::Blindside]);
}

#[test]
fn blindside_held_by_the_revealer_asks_his_teammate_all_the_same() {
    // The Imperial General holds it (recruited with Boba Fett): his teammate is asked first
    // with nothing but Done, and may not play the General's card.
    let mut s = blindside_scene(42, ActionCard::Blindside, true);
    assert_eq!(seat(&s), IA);
    assert_eq!(s.legal_now(), vec![Action::Done]);
    assert!(refused(&s, Action::Card(ActionCard::Blindside)));
    s.play(Action::Done);
    assert_eq!(seat(&s), IG);
    assert!(offered(&s, Action::Card(ActionCard::Blindside)));
    assert!(offered(&s, Action::Leader(Leia)));
    let log = s.play(Action::Card(ActionCard::Blindside));
    assert!(used(&log, ActionCard::Blindside));
    assert_eq!(s.legal_now(), vec![Action::Leader(Leia)]);
}

#[test]
fn blindsides_window_is_opened_on_what_the_rebels_can_see() {
    // Another card in the Empire's hand: the same seat is asked, so being asked tells the
    // Rebels nothing of the hand.
    let with = blindside_scene(43, ActionCard::Blindside, false);
    let without = blindside_scene(43, ActionCard::GoodIntel, false);
    assert_eq!((seat(&with), seat(&without)), (IA, IA));
    assert_eq!(without.legal_now(), vec![Action::Done]);
    // No action card at all: nothing to ask, the revealer chooses at once.
    let mut s = board(43);
    pool_only(&mut s, &[]);
    s.put(at(BESPIN), Stormtrooper, 1);
    s.set_leader(Leia, LeaderPlace::Board(at(BESPIN)));
    let slot = s.assign_face_down(Empire, Mission::CaptureRebelOperative, &[BobaFett]);
    s.play(Action::Pass);
    s.play(Action::Pass);
    s.play(Action::Reveal(slot));
    assert_eq!(seat(&s), IG);
    assert_eq!(s.legal_now(), vec![Action::Leader(Leia)]);
    // Neither Boba Fett nor Janus on the mission: no window either.
    let mut s = board(43);
    pool_only(&mut s, &[]);
    s.put(at(BESPIN), Stormtrooper, 1);
    s.set_leader(Leia, LeaderPlace::Board(at(BESPIN)));
    s.cards[Empire.index()].actions = vec![ActionCard::Blindside];
    let slot = s.assign_face_down(Empire, Mission::CaptureRebelOperative, &[Vader]);
    s.play(Action::Pass);
    s.play(Action::Pass);
    s.play(Action::Reveal(slot));
    assert_eq!(seat(&s), IG);
    assert_eq!(s.legal_now(), vec![Action::Leader(Leia)]);
}

// ---------------------------------------------------------------------------------------
// The Rebel cards before a mission's roll (R5: the mission's player first, the Admiral for
// an Imperial mission)

/// Gather Intel by Yularen at Naboo (Rebel), revealed by the Imperial General; Lando at Hoth;
/// the Rebels holding Undercover (by the General, recruited with Obi-Wan, if `general`).
fn undercover_scene(seed: u64, general: bool) -> GameState {
    let mut s = board(seed);
    pool_only(&mut s, &[]);
    s.systems[NABOO.index()].loyalty = Some(Loyalty::Rebel);
    s.set_leader(Lando, LeaderPlace::Board(at(HOTH)));
    s.cards[Rebel.index()].actions = vec![ActionCard::Undercover];
    if general {
        to_general(&mut s, ActionCard::Undercover);
    }
    let slot = s.assign_face_down(Empire, Mission::GatherIntel, &[Yularen]);
    s.play(Action::Pass);
    s.play(Action::Pass);
    s.play(Action::Reveal(slot));
    s.play(Action::Place(at(NABOO)));
    drive(&mut s, |s| mission_step(s) == Some(MissionStep::BeforeRoll));
    s
}

#[test]
fn undercover_held_by_the_rebel_general_is_refused_to_the_admiral_asked_first() {
    let mut s = undercover_scene(44, true);
    assert_eq!(seat(&s), RA);
    assert_eq!(s.legal_now(), vec![Action::Done]);
    assert!(refused(&s, Action::Card(ActionCard::Undercover)));
    s.play(Action::Done);
    assert_eq!(seat(&s), RG);
    assert_eq!(
        s.legal_now(),
        vec![Action::Card(ActionCard::Undercover), Action::Done]
    );
    // The General's card brings the Admiral's Lando (R2: either leader shown).
    let log = s.play(Action::Card(ActionCard::Undercover));
    assert!(used(&log, ActionCard::Undercover));
    assert_eq!(s.leader(Lando).place, LeaderPlace::Board(at(NABOO)));

    // Held by the Admiral (recruited with Lando): his at once.
    let mut s = undercover_scene(44, false);
    assert_eq!(seat(&s), RA);
    assert_eq!(
        s.legal_now(),
        vec![Action::Card(ActionCard::Undercover), Action::Done]
    );
    s.play(Action::Card(ActionCard::Undercover));
    assert_eq!(s.leader(Lando).place, LeaderPlace::Board(at(NABOO)));
}

#[test]
fn wookiee_guardian_is_the_rebel_generals_after_the_admiral_declines() {
    let mut s = board(45);
    pool_only(&mut s, &[]);
    s.put(at(BESPIN), Stormtrooper, 1);
    s.set_leader(Leia, LeaderPlace::Board(at(BESPIN)));
    s.set_leader(Chewbacca, LeaderPlace::Board(at(BESPIN)));
    s.cards[Rebel.index()].actions = vec![ActionCard::WookieeGuardian];
    let slot = s.assign_face_down(Empire, Mission::CaptureRebelOperative, &[Vader]);
    s.play(Action::Pass);
    s.play(Action::Pass);
    s.play(Action::Reveal(slot));
    s.play(Action::Leader(Leia));
    drive(&mut s, |s| mission_step(s) == Some(MissionStep::BeforeRoll));
    assert_eq!(seat(&s), RA);
    assert_eq!(s.legal_now(), vec![Action::Done]);
    assert!(refused(&s, Action::Card(ActionCard::WookieeGuardian)));
    s.play(Action::Done);
    assert_eq!(seat(&s), RG);
    let log = s.play(Action::Card(ActionCard::WookieeGuardian));
    assert!(log.iter().any(|e| e.event
        == LogEvent::MissionFailed {
            side: Empire,
            mission: Mission::CaptureRebelOperative
        }));
    assert!(!s.leader(Leia).is_captive());
}

#[test]
fn one_in_a_million_before_a_mission_roll_asks_the_missions_player_then_the_holder() {
    // Build Alliance by Mon Mothma and Wedge, revealed by the Rebel Admiral, opposed by
    // Palpatine; One in a Million held by the Rebel General (recruited with Luke).
    let mut s = board(46);
    pool_only(&mut s, &[Palpatine]);
    s.cards[Rebel.index()].actions = vec![ActionCard::OneInAMillion];
    to_general(&mut s, ActionCard::OneInAMillion);
    let slot = s.assign_face_down(Rebel, Mission::BuildAlliance, &[MonMothma, Wedge]);
    assert_eq!(seat(&s), RA);
    s.play(Action::Reveal(slot));
    s.play(Action::Place(at(MYGEETO)));
    assert_eq!(seat(&s), IA);
    s.play(Action::Leader(Palpatine));
    assert_eq!(mission_step(&s), Some(MissionStep::BeforeRoll));
    assert_eq!(seat(&s), RA, "the mission's player first");
    assert_eq!(s.legal_now(), vec![Action::Done]);
    assert!(refused(&s, Action::Card(ActionCard::OneInAMillion)));
    s.play(Action::Done);
    // Only the Admiral's Wedge is there: the holder uses it all the same (R2).
    assert_eq!(seat(&s), RG);
    let log = s.play(Action::Card(ActionCard::OneInAMillion));
    assert!(used(&log, ActionCard::OneInAMillion));
    // Its dice are the holder's to place.
    assert!(matches!(
        s.stack.last(),
        Some(Frame::Effect(e)) if e.source == Source::Action(ActionCard::OneInAMillion)
    ));
    assert_eq!(seat(&s), RG);
}

/// A space battle at Mustafar started by the Rebels: two Y-wings against a TIE, Wedge and Luke
/// there, Luke wearing the Yoda ring; One in a Million held by the Rebel General.
fn space_roll_scene(seed: u64) -> GameState {
    let mut s = board(seed);
    pool_only(&mut s, &[]);
    let x = at(MUSTAFAR);
    s.put(x, YWing, 2).put(x, TieFighter, 1);
    s.set_leader(Wedge, LeaderPlace::Board(x));
    s.set_leader(Luke, LeaderPlace::Board(x));
    s.leaders[Luke.index()].ring = Some(Ring::Yoda);
    s.cards[Rebel.index()].actions = vec![ActionCard::OneInAMillion];
    to_general(&mut s, ActionCard::OneInAMillion);
    s.objectives.clear();
    s.team.as_mut().unwrap().acting = [Admiral, Admiral];
    let mut log = Vec::new();
    s.start_combat(MUSTAFAR, Rebel, 0, &mut log);
    s.run(&mut log);
    drive(&mut s, |s| {
        combat(s).is_some_and(|c| matches!(c.step, CombatStep::BeforeRoll { .. }))
    });
    s
}

#[test]
fn one_in_a_million_before_a_battle_roll_asks_the_battles_player_then_the_holder() {
    let mut s = space_roll_scene(47);
    assert!(matches!(
        combat(&s).map(|c| c.step),
        Some(CombatStep::BeforeRoll {
            theater: crate::data::units::Theater::Space
        })
    ));
    assert_eq!(seat(&s), RA, "the space battle's player first");
    assert_eq!(s.legal_now(), vec![Action::Done]);
    assert!(refused(&s, Action::Card(ActionCard::OneInAMillion)));
    s.play(Action::Done);
    assert_eq!(seat(&s), RG);
    s.play(Action::Card(ActionCard::OneInAMillion));
    // The holder places its dice...
    assert_eq!(seat(&s), RG);
    let die = s.legal_now()[0];
    s.play(die);
    s.play(die);
    // ...and the Yoda ring's reroll in a battle is the battle's player's (not its bearer's).
    assert_eq!(combat(&s).map(|c| c.step), Some(CombatStep::Reroll));
    assert_eq!(seat(&s), RA);
    assert!(offered(&s, Action::Die(0)));
}

// ---------------------------------------------------------------------------------------
// Windows of one seat: a card of one role, a ring

#[test]
fn son_of_skywalker_after_a_mission_is_the_rebel_generals_not_the_revealers() {
    let mut s = board(48);
    pool_only(&mut s, &[]);
    s.cards[Rebel.index()].mission_deck = vec![Mission::SeekYoda, Mission::Demolition];
    s.cards[Rebel.index()].actions = vec![ActionCard::SonOfSkywalker];
    mission_at(
        &mut s,
        Rebel,
        Admiral,
        Mission::BuildAlliance,
        &[MonMothma, Luke],
        at(MYGEETO),
        MissionStep::Resolved { captives: 0 },
        [vec![], vec![]],
    );
    assert_eq!(seat(&s), RG);
    assert_eq!(
        s.legal_now(),
        vec![Action::Card(ActionCard::SonOfSkywalker), Action::Done]
    );
    // The revealer would have nothing but Done: the card is Luke's player's.
    assert_eq!(options_of(&s, RA), vec![Action::Done]);
    s.play(Action::Card(ActionCard::SonOfSkywalker));
    // Its search is the holder's too.
    assert_eq!(seat(&s), RG);
    assert!(offered(&s, Action::Mission(Mission::SeekYoda)));
}

/// A Rebel mission done at Dantooine by Han (wearing the Falcon ring if `han_flies`, else
/// Chewbacca does, there with him) and Obi-Wan, revealed by `revealer`; Leia captive there
/// under guard, Vader present; the Empire holding It Is Your Destiny, the Rebels Noble
/// Sacrifice.
fn rescue_scene(seed: u64, revealer: Role, han_flies: bool) -> GameState {
    let mut s = board(seed);
    pool_only(&mut s, &[]);
    let x = at(DANTOOINE);
    s.put(x, Stormtrooper, 1);
    s.set_leader(Leia, LeaderPlace::Board(x));
    s.leaders[Leia.index()].ring = Some(Ring::Captured);
    s.set_leader(Vader, LeaderPlace::Board(x));
    let pilot = if han_flies { Han } else { Chewbacca };
    s.set_leader(Chewbacca, LeaderPlace::Board(x));
    s.leaders[pilot.index()].ring = Some(Ring::MillenniumFalcon);
    s.cards[Empire.index()].actions = vec![ActionCard::ItIsYourDestiny];
    s.cards[Rebel.index()].actions = vec![ActionCard::NobleSacrifice];
    mission_at(
        &mut s,
        Rebel,
        revealer,
        Mission::BuildAlliance,
        &[Han, ObiWan],
        x,
        MissionStep::Resolved { captives: 0 },
        [vec![], vec![]],
    );
    s
}

#[test]
fn the_falcon_ring_is_its_bearers_to_use_whoever_revealed_the_mission() {
    // Han (the Admiral's) wears it, the General revealed: the Admiral decides.
    let s = rescue_scene(49, General, true);
    assert_eq!(seat(&s), RA);
    assert_eq!(s.legal_now(), vec![Action::Leader(Leia), Action::Done]);
    // Chewbacca (the General's) wears it, the Admiral revealed: the General decides.
    let s = rescue_scene(49, Admiral, false);
    assert_eq!(seat(&s), RG);
    assert_eq!(s.legal_now(), vec![Action::Leader(Leia), Action::Done]);
}

#[test]
fn it_is_your_destiny_is_the_imperial_generals_and_noble_sacrifice_the_rebel_generals() {
    let mut s = rescue_scene(50, General, true);
    s.play(Action::Leader(Leia));
    assert!(!s.leader(Leia).is_captive());
    // The rescue opens Vader's card: the Imperial General, never the Admiral.
    assert_eq!(seat(&s), IG);
    assert_eq!(
        s.legal_now(),
        vec![Action::Leader(Han), Action::Leader(ObiWan), Action::Done]
    );
    let log = s.play(Action::Leader(ObiWan));
    assert!(used(&log, ActionCard::ItIsYourDestiny));
    // Obi-Wan captured: his card, the Rebel General's, though the Admiral wore the ring.
    assert_eq!(seat(&s), RG);
    assert_eq!(
        s.legal_now(),
        vec![Action::Card(ActionCard::NobleSacrifice), Action::Done]
    );
    assert_eq!(options_of(&s, RA), vec![Action::Done]);
    let log = s.play(Action::Card(ActionCard::NobleSacrifice));
    assert!(used(&log, ActionCard::NobleSacrifice));
    assert_eq!(s.leader(ObiWan).place, LeaderPlace::Eliminated);
}

#[test]
fn noble_sacrifice_after_an_imperial_capture_is_the_rebel_generals() {
    // Capture Rebel Operative against Obi-Wan by Vader, revealed by the Imperial General:
    // the Rebels' answer to the capture is Obi-Wan's player's (the Rebel Admiral answers
    // most of the Rebels' questions during an Imperial mission).
    for seed in 0..200 {
        let mut s = board(51);
        pool_only(&mut s, &[]);
        s.put(at(BESPIN), Stormtrooper, 1);
        s.set_leader(ObiWan, LeaderPlace::Board(at(BESPIN)));
        s.cards[Rebel.index()].actions = vec![ActionCard::NobleSacrifice];
        let slot = s.assign_face_down(Empire, Mission::CaptureRebelOperative, &[Vader]);
        s.play(Action::Pass);
        s.play(Action::Pass);
        s.play(Action::Reveal(slot));
        s.rng = Rng::new(seed);
        s.play(Action::Leader(ObiWan));
        drive(&mut s, |s| {
            s.leader(ObiWan).is_captive() || mission_step(s).is_none()
        });
        if !s.leader(ObiWan).is_captive() {
            continue; // the mission failed with these dice
        }
        assert!(matches!(
            s.stack.last(),
            Some(Frame::Effect(e)) if e.step == crate::rules::effects::imperial::NOBLE_SACRIFICE
        ));
        assert_eq!(seat(&s), RG);
        assert_eq!(
            s.legal_now(),
            vec![Action::Card(ActionCard::NobleSacrifice), Action::Done]
        );
        assert_eq!(options_of(&s, RA), vec![Action::Done]);
        let log = s.play(Action::Card(ActionCard::NobleSacrifice));
        assert!(used(&log, ActionCard::NobleSacrifice));
        return;
    }
    panic!("Obi-Wan was never captured");
}

#[test]
fn the_r2d2_ring_is_its_bearers_in_an_imperial_mission() {
    // Leia (the General's) wears it: she blanks the die, though the Admiral is asked first
    // in the Rebels' other questions of an Imperial mission.
    for (bearer, want) in [(Leia, RG), (MonMothma, RA)] {
        let mut s = board(52);
        pool_only(&mut s, &[]);
        s.systems[NABOO.index()].loyalty = Some(Loyalty::Rebel);
        s.set_leader(bearer, LeaderPlace::Board(at(NABOO)));
        s.leaders[bearer.index()].ring = Some(Ring::R2D2);
        mission_at(
            &mut s,
            Empire,
            General,
            Mission::GatherIntel,
            &[Yularen],
            at(NABOO),
            MissionStep::Astromech,
            [vec![RED_HIT], vec![RED_HIT, BLANK]],
        );
        assert_eq!(mission_step(&s), Some(MissionStep::Astromech));
        assert_eq!(seat(&s), want, "{bearer:?}");
        assert_eq!(s.legal_now(), vec![Action::Die(0), Action::Done]);
    }
}

#[test]
fn the_yoda_ring_in_a_mission_is_its_bearers_not_the_revealers() {
    let mut s = board(53);
    pool_only(&mut s, &[]);
    s.set_leader(Palpatine, LeaderPlace::Board(at(MYGEETO)));
    s.leaders[Luke.index()].ring = Some(Ring::Yoda);
    mission_at(
        &mut s,
        Rebel,
        Admiral,
        Mission::BuildAlliance,
        &[MonMothma, Luke],
        at(MYGEETO),
        MissionStep::Astromech,
        [vec![BLANK, BLACK_HIT], vec![RED_HIT]],
    );
    assert_eq!(mission_step(&s), Some(MissionStep::Reroll));
    assert_eq!(seat(&s), RG, "Luke wears it; the Admiral revealed");
    assert_eq!(
        s.legal_now(),
        vec![Action::Die(0), Action::Die(1), Action::Done]
    );
}

#[test]
fn the_c3po_ring_is_its_bearers_not_the_revealers() {
    let mut s = board(54);
    pool_only(&mut s, &[]);
    s.systems[SULLUST.index()].loyalty = Some(Loyalty::Empire);
    s.put(at(SULLUST), TieFighter, 1);
    s.set_leader(Palpatine, LeaderPlace::Board(at(SULLUST)));
    s.leaders[MonMothma.index()].ring = Some(Ring::C3PO);
    // One blank against one hit: the mission fails unless C-3PO answers.
    mission_at(
        &mut s,
        Rebel,
        General,
        Mission::BuildAlliance,
        &[Leia, MonMothma],
        at(SULLUST),
        MissionStep::Astromech,
        [vec![BLANK], vec![RED_HIT]],
    );
    assert_eq!(mission_step(&s), Some(MissionStep::Protocol));
    assert_eq!(seat(&s), RA, "Mon Mothma wears it; the General revealed");
    assert_eq!(s.legal_now(), vec![Action::Leader(MonMothma), Action::Done]);
}

// ---------------------------------------------------------------------------------------
// Start of Combat and Assignment cards (both seats asked, the Admiral first)

#[test]
fn a_start_of_combat_card_held_by_the_general_is_refused_to_the_admiral() {
    // Good Intel (Fel, the Admiral's / Yularen, the General's) recruited with Yularen, only
    // Fel in the battle.
    let mut s = board(55);
    pool_only(&mut s, &[]);
    let x = at(DAGOBAH);
    s.put(x, XWing, 1).put(x, TieFighter, 2);
    s.set_leader(Fel, LeaderPlace::Board(x));
    s.cards[Empire.index()].actions = vec![ActionCard::GoodIntel];
    to_general(&mut s, ActionCard::GoodIntel);
    let mut log = Vec::new();
    s.start_combat(DAGOBAH, Empire, 0, &mut log);
    s.run(&mut log);
    drive(&mut s, |s| {
        matches!(
            combat(s).map(|c| c.step),
            Some(CombatStep::StartCards { side: Empire })
        )
    });
    assert_eq!(seat(&s), IA);
    assert_eq!(s.legal_now(), vec![Action::Done]);
    assert!(refused(&s, Action::Card(ActionCard::GoodIntel)));
    s.play(Action::Done);
    assert_eq!(seat(&s), IG);
    let log = s.play(Action::Card(ActionCard::GoodIntel));
    assert!(used(&log, ActionCard::GoodIntel));
    assert!(combat(&s).unwrap().mods.rebel_tactics_open);
}

#[test]
fn an_assignment_card_is_refused_to_the_seat_not_holding_it() {
    let mut s = board(56);
    pool_only(&mut s, &[Dodonna, Rieekan]);
    s.set_base(HOTH);
    s.phase = Phase::Assignment { side: Rebel };
    s.cards[Rebel.index()].actions =
        vec![ActionCard::RebelPlanning, ActionCard::StartTheEvacuation];
    assert_eq!(seat(&s), RA);
    assert!(refused(&s, Action::Card(ActionCard::StartTheEvacuation)));
    // The holder's use: Dodonna to the base space.
    let mut played = s.clone();
    let log = played.play(Action::Card(ActionCard::RebelPlanning));
    assert!(used(&log, ActionCard::RebelPlanning));
    assert_eq!(
        played.leader(Dodonna).place,
        LeaderPlace::Board(Place::RebelBase)
    );
    s.play(Action::Done);
    assert_eq!(seat(&s), RG);
    assert!(refused(&s, Action::Card(ActionCard::RebelPlanning)));
}
