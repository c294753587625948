//! The odds a view shows before a battle are those of the battle the engine then fights: over
//! random games, every Attack and Defend chosen is checked against the `Battle` it logs.

use egr_engine::log::Fighter;
use egr_engine::*;
use game_kit::Rng;

/// The first battle in `log`: its attacker's and defender's cubes, and the attacking seat.
fn first_battle(log: &[LogEntry]) -> Option<((u8, u8), Option<Seat>)> {
    log.iter().find_map(|e| match e.event {
        LogEvent::Battle {
            attacker,
            attacker_cubes,
            defender_cubes,
            ..
        } => {
            let seat = match attacker {
                Fighter::Worker { seat, .. } => Some(seat),
                Fighter::Sentinel => None,
            };
            Some(((attacker_cubes, defender_cubes), seat))
        }
        _ => None,
    })
}

#[test]
fn a_views_battle_has_the_cubes_of_the_battle_fought() {
    let (mut checked, mut with_bonus, mut waited) = (0, 0, 0);
    for seed in 0..120u64 {
        let options = GameOptions::new(2 + (seed % 4) as u8);
        let mut state = GameState::new(seed, options, &mut NoLog);
        let mut rng = Rng::new(seed.wrapping_mul(0x9E37_79B9) ^ 0x0DD5);
        // An attack on a faction whose defender chooses: its battle comes with the defence.
        let mut pending: Option<Battle> = None;
        while let Some(seat) = state.active_player() {
            let legal = state.legal_actions(seat);
            let action = legal[rng.below(legal.len())];
            let view = state.view(seat);
            let battle = view.battle(action);
            match (view.prompt, action) {
                (Some(Prompt::Attack { .. }), Action::Attack { .. })
                | (Some(Prompt::Defend { .. }), Action::Defend(_)) => {
                    assert!(battle.is_some(), "seed {seed}: no battle for {action:?}")
                }
                _ => assert_eq!(battle, None, "seed {seed}: {action:?}"),
            }
            let mut log = Vec::new();
            state.apply(seat, action, &mut log).unwrap();
            let Some(battle) = battle else { continue };
            match first_battle(&log) {
                Some((fought, by)) => {
                    let shown = (battle.attacker_cubes, battle.defender_cubes);
                    assert_eq!(shown, fought, "seed {seed}: {action:?}");
                    assert_eq!(battle.attacker_wins, win_chance(fought.0, fought.1));
                    if let Some(before) = pending.take() {
                        assert_eq!(before, battle, "seed {seed}: the attack's odds");
                    }
                    checked += 1;
                    if let Some(by) = by {
                        with_bonus += usize::from(fought.0 != state.player(by).cubes);
                    }
                }
                None => {
                    assert!(
                        matches!(
                            action,
                            Action::Attack {
                                target: Target::Faction(_),
                                ..
                            }
                        ) && matches!(state.question(), Some(Prompt::Defend { .. })),
                        "seed {seed}: {action:?} fought no battle"
                    );
                    pending = Some(battle);
                    waited += 1;
                }
            }
        }
    }
    assert!(checked > 500, "{checked} battles checked");
    assert!(waited > 10, "{waited} attacks waited for their defence");
    assert!(with_bonus > 10, "{with_bonus} battles with bonus cubes");
}
