//! Deterministic scenarios for the team rules that the first file checks only in random games
//! (docs/swr/team-game.md §3–§4): a team's one retreat, each player with his own leader; a
//! leader lured to the dark side serving the Imperial player of his colour; the 3-player
//! game's lone Rebel at turns 1 and 4; the log naming the seat that passed. (The General's
//! veto of the Admiral's assignment is not modelled: ruling R4.)

use super::*;

// ---------------------------------------------------------------------------------------
// Retreat (R12: once a team, with one's own leader)

/// A combat at Dagobah started by the Empire: an X-wing and four troopers with Dodonna (the
/// Rebel Admiral's) and Leia (the Rebel General's) against a TIE and four stormtroopers, run
/// with the dice of `seed` until the Rebels may retreat (`None` if the combat ended first).
fn retreat_scene(seed: u64) -> Option<GameState> {
    let mut s = board(60);
    pool_only(&mut s, &[]);
    let x = at(DAGOBAH);
    s.put(x, XWing, 1)
        .put(x, RebelTrooper, 4)
        .put(x, TieFighter, 1)
        .put(x, Stormtrooper, 4);
    s.set_leader(Dodonna, LeaderPlace::Board(x));
    s.set_leader(Leia, LeaderPlace::Board(x));
    s.rng = Rng::new(seed);
    let mut log = Vec::new();
    s.start_combat(DAGOBAH, Empire, 0, &mut log);
    s.run(&mut log);
    let at_retreat = |s: &GameState| {
        matches!(
            combat(s).map(|c| c.step),
            Some(CombatStep::Retreat { side: Rebel })
        )
    };
    drive(&mut s, |s| at_retreat(s) || combat(s).is_none());
    at_retreat(&s).then_some(s)
}

fn retreats(s: &GameState) -> Vec<LeaderId> {
    s.legal_now()
        .into_iter()
        .filter_map(|a| match a {
            Action::Retreat { leader, .. } => Some(leader),
            _ => None,
        })
        .collect()
}

#[test]
fn a_team_retreats_once_and_each_player_only_with_his_own_leader() {
    for seed in 0..100 {
        let Some(mut s) = retreat_scene(seed) else {
            continue;
        };
        // The Admiral first, with Dodonna only; Leia's retreat is refused to him.
        assert_eq!(seat(&s), RA);
        assert!(retreats(&s).iter().all(|l| *l == Dodonna));
        let to = match s.legal_now()[0] {
            Action::Retreat { to, .. } => to,
            other => panic!("{other:?}"),
        };
        assert!(refused(&s, Action::Retreat { leader: Leia, to }));
        s.play(Action::Done);
        // Then the General, with Leia only.
        assert_eq!(seat(&s), RG);
        assert!(retreats(&s).iter().all(|l| *l == Leia) && !retreats(&s).is_empty());
        assert!(refused(
            &s,
            Action::Retreat {
                leader: Dodonna,
                to
            }
        ));
        s.play(Action::Retreat { leader: Leia, to });
        assert!(combat(&s).is_none_or(|c| c.retreated[Rebel.index()]));
        // The troopers cannot follow without transport: the combat goes on, and the team,
        // Dodonna still there, is never offered a second retreat.
        let mut later_round = false;
        while let Some(c) = combat(&s) {
            later_round |= c.round >= 2;
            if s.active_player() == Some(Rebel) {
                if matches!(c.step, CombatStep::RetreatUnits { .. }) {
                    assert_eq!(seat(&s), RG, "the units follow the General's retreat");
                }
                assert!(retreats(&s).is_empty(), "{:?}", c.step);
            }
            let legal = s.legal_now();
            s.play(if legal.contains(&Action::Done) {
                Action::Done
            } else {
                legal[0]
            });
        }
        assert_eq!(s.leader(Dodonna).place, LeaderPlace::Board(at(DAGOBAH)));
        if later_round {
            return;
        }
    }
    panic!("no combat went on after the Rebels' retreat");
}

// ---------------------------------------------------------------------------------------
// Lure of the Dark Side

#[test]
fn a_leader_lured_by_the_mission_joins_the_imperial_pool_of_his_colour() {
    // Luke (orange) frozen at Coruscant; Palpatine's Lure of the Dark Side, revealed by the
    // Imperial Admiral, turns him: he comes back to the Imperial General's pool.
    for seed in 0..200 {
        let mut s = board(61);
        pool_only(&mut s, &[]);
        s.put(at(CORUSCANT), Stormtrooper, 1);
        s.set_leader(Luke, LeaderPlace::Board(at(CORUSCANT)));
        s.leaders[Luke.index()].ring = Some(Ring::Carbonite);
        let slot = s.assign_face_down(Empire, Mission::LureOfTheDarkSide, &[Palpatine]);
        s.play(Action::Pass);
        assert_eq!(seat(&s), IA);
        s.play(Action::Reveal(slot));
        s.rng = Rng::new(seed);
        s.play(Action::Leader(Luke));
        drive(&mut s, |s| s.stack.is_empty());
        if s.leader(Luke).ring != Some(Ring::LureOfTheDarkSide) {
            continue; // the mission failed with these dice
        }
        assert_eq!(s.leader(Luke).controller, Empire);
        let _ = crate::rules::refresh::advance(&mut s, RefreshStep::Retrieve, &mut NoLog);
        s.stack.clear();
        s.phase = Phase::Command {
            turn: Rebel,
            passed: [false; 2],
        };
        s.team.as_mut().unwrap().start_command();
        assert!(pool_of(&s, IG).any(|l| l == Luke));
        assert!(!pool_of(&s, IA).any(|l| l == Luke));
        s.play(Action::Pass);
        assert_eq!(seat(&s), IA);
        assert!(leaders_offered(&s).contains(&Palpatine));
        assert!(!leaders_offered(&s).contains(&Luke));
        let with_luke = Action::Activate {
            leader: Luke,
            system: DAGOBAH,
        };
        assert!(refused(&s, with_luke));
        s.play(Action::Pass);
        assert_eq!(seat(&s), IG);
        assert!(offered(&s, with_luke));
        return;
    }
    panic!("the lure never succeeded");
}

// ---------------------------------------------------------------------------------------
// Three players

#[test]
fn the_lone_rebel_of_three_players_takes_turns_one_and_four_with_each_roles_leaders() {
    let options = TeamOptions::THREE;
    let mut s = GameState::new_team(62, GameOptions::default(), options, &mut NoLog);
    drive(&mut s, |s| {
        matches!(s.phase, Phase::Command { .. }) && s.stack.is_empty()
    });
    assert_eq!(s.team().unwrap().options, options);
    let mut turns = Vec::new();
    for _ in 0..4 {
        let who = seat(&s);
        turns.push((who, options.person(who)));
        // Each turn offers the leaders of its role only, the other role's refused.
        let own = leaders_offered(&s);
        assert!(!own.is_empty() && own.iter().all(|l| l.role() == who.role));
        let other = LeaderId::ALL
            .into_iter()
            .find(|l| {
                l.info().side == who.side
                    && l.role() != who.role
                    && s.leader(*l).place == LeaderPlace::Pool
            })
            .expect("a teammate's leader in the pool");
        assert!(refused(
            &s,
            Action::Activate {
                leader: other,
                system: DAGOBAH
            }
        ));
        let act = s
            .legal_now()
            .into_iter()
            .find(|a| matches!(a, Action::Activate { .. }))
            .expect("an activation");
        s.play(act);
        drive(&mut s, |s| s.stack.is_empty());
    }
    assert_eq!(turns, vec![(RA, 0), (IA, 1), (IG, 2), (RG, 0)]);
    // The next round of turns starts again with the lone Rebel's blue leaders.
    assert_eq!(seat(&s), RA);
}

// ---------------------------------------------------------------------------------------
// The log

#[test]
fn a_pass_is_logged_with_the_seat_that_passed_and_two_player_passes_as_before() {
    let mut s = board(63);
    pool_only(&mut s, &[]);
    let mut seats = Vec::new();
    for _ in 0..4 {
        for e in s.play(Action::Pass) {
            match e.event {
                LogEvent::SeatPassed { seat } => seats.push(seat),
                LogEvent::Passed { .. } => panic!("a team game names the seat"),
                _ => {}
            }
        }
    }
    assert_eq!(seats, vec![RA, IA, IG, RG]);
    // Two players: the side passed, no seat.
    let mut two = empty_board(63);
    let log = two.play(Action::Pass);
    let passes: Vec<&LogEvent> = log
        .iter()
        .map(|e| &e.event)
        .filter(|e| matches!(e, LogEvent::Passed { .. } | LogEvent::SeatPassed { .. }))
        .collect();
    assert_eq!(passes, vec![&LogEvent::Passed { side: Rebel }]);
}
