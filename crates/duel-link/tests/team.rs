//! Rebellion's team game across devices (issue #33): a device per player ([`Player::table`]),
//! whole games of 3 and 4 over the bad star transport with computer seats on the host's
//! device, every guest's end-of-game check passing; a team sees what the team knows, and
//! only the player who decides finds actions in their view; a guest reloading mid-game.

mod common;

use common::table::*;
use common::*;
use duel_link::swr::SwrDuel;
use duel_link::{Duel, SeatKind, Verdict};
use game_kit::Rng;
use swr_engine::{GameOptions, Player, Side};

fn kinds(table: &[Player], host: Player, computers: &[Player]) -> Vec<SeatKind> {
    table
        .iter()
        .map(|p| {
            if *p == host {
                SeatKind::Host
            } else if computers.contains(p) {
                SeatKind::Computer
            } else {
                SeatKind::Guest
            }
        })
        .collect()
}

fn assert_all_fair(t: &Table<SwrDuel>, what: &str) {
    for (g, v) in t.guests.iter().zip(t.verdicts()) {
        assert!(
            matches!(v, Verdict::Fair { .. }),
            "{what}: {:?}: {v:?}",
            g.seat
        );
    }
}

/// Every guest's view is its side's, and lists actions exactly when its player decides.
fn assert_each_sees_its_team(t: &Table<SwrDuel>) {
    let game = t.host.game().unwrap();
    let deciding = game.0.state().player_to_decide();
    for g in &t.guests {
        let Some(view) = g.session.view() else {
            continue;
        };
        assert_eq!(view.viewer, g.seat.side(), "{:?}", g.seat);
        if !g.session.waiting() && deciding != Some(g.seat) {
            assert!(
                view.legal.is_empty(),
                "{:?} offered a teammate's question",
                g.seat
            );
        }
    }
}

#[test]
fn whole_team_games_of_3_and_4_over_a_bad_transport_end_with_every_check_passing() {
    use Player::*;
    for seed in 0..seeds(2) {
        for (players, computers) in [(3u8, vec![ImperialGeneral]), (4, vec![RebelGeneral])] {
            let options = GameOptions::team(players);
            let table = Player::table(options.team);
            // The Rebel hosts (the base's system stays on a Rebel's device).
            let host = table[0];
            assert_eq!(host.side(), Side::Rebel);
            let mut t = open_table::<SwrDuel>(
                options,
                kinds(&table, host, &computers),
                seed * 11 + players as u64,
            );
            let mut net = StarNet::new(seed, BAD);
            let mut rng = Rng::new(seed + 500);
            let mut steps = 0u64;
            while !t.over() && steps < 400_000 {
                t.step(&mut net, &mut rng);
                if steps.is_multiple_of(50) {
                    assert_each_sees_its_team(&t);
                }
                steps += 1;
            }
            t.play_out(&mut net, &mut rng, 400_000);
            let what = format!("{players} players, seed {seed}");
            assert_all_fair(&t, &what);
            assert!(t.views_agree(), "{what}");
            let game = t.host.game().unwrap();
            for g in &t.guests {
                assert_eq!(
                    g.session.revealed_game().unwrap().0.history(),
                    game.0.history(),
                    "{what}"
                );
            }
            assert!(game.0.state().is_over(), "{what}");
            eprintln!(
                "swr team {what}: {} actions, {} ticks, {} messages ({} dropped)",
                game.0.history().len(),
                t.ticks,
                net.sent,
                net.dropped
            );
        }
    }
}

#[test]
fn a_team_player_may_act_only_on_their_own_questions() {
    let options = GameOptions::team(4);
    let table = Player::table(options.team);
    let game = SwrDuel::start(3, options);
    let deciding = game.0.state().player_to_decide().unwrap();
    for p in table.iter().copied() {
        let legal = game.legal(p);
        assert_eq!(!legal.is_empty(), p == deciding, "{p:?}");
        assert_eq!(SwrDuel::legal_in(&game.view(p)), &legal[..], "{p:?}");
    }
    // The teammate of the player deciding is refused the decider's action.
    let action = game.legal(deciding)[0];
    let mate = table
        .into_iter()
        .find(|p| *p != deciding && p.side() == deciding.side())
        .unwrap();
    let mut g = game.clone();
    assert!(g.apply(mate, action).is_err());
    assert_eq!(g.history_len(), 0);
    assert!(g.apply(deciding, action).is_ok());
}

#[test]
fn a_team_guest_reloading_mid_game_rejoins_while_the_others_play_on() {
    let options = GameOptions::team(4);
    let table = Player::table(options.team);
    let mut t = open_table::<SwrDuel>(options, kinds(&table, table[0], &[]), 90);
    let mut net = StarNet::new(90, BAD);
    let mut rng = Rng::new(91);
    while t.ticks < 120 && !t.over() {
        t.step(&mut net, &mut rng);
    }
    // The Imperial General's page reloads from its last save; the others go on meanwhile.
    let g = 1;
    net.cut_guest::<SwrDuel>(g, t.room_of(g));
    let saved = t.guests[g].session.save();
    t.guests[g].session = duel_link::GuestSession::load(&saved).unwrap();
    t.guests[g].session.hello();
    t.host.hello_to(t.guests[g].seat);
    let before = t.host.game().unwrap().history_len();
    while t.ticks < 400 && !t.over() {
        t.step(&mut net, &mut rng);
    }
    assert!(t.host.game().unwrap().history_len() > before);
    t.play_out(&mut net, &mut rng, 400_000);
    assert_all_fair(&t, "reload");
    assert!(t.views_agree());
}
