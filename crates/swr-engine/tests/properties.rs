//! Properties over random legal playouts: no panic; units are never lost or duplicated;
//! loyalty, subjugation and captives agree with the units on the board; every game ends in a
//! win within the time track; a save resumes identically; illegal actions are refused with
//! the state unchanged. `SWR_SEEDS` sets the number of games (256 by default; the soak
//! command runs more: see the README).

use game_kit::Rng;
use swr_engine::view::BaseView;
use swr_engine::*;

fn seeds() -> u64 {
    std::env::var("SWR_SEEDS")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(256)
}

const MAX_ACTIONS: usize = 50_000;

/// Units of every kind add up to the box: supply + board + build queues.
fn check_units(seed: u64, state: &GameState, view: &PlayerView) {
    for kind in UnitKind::ALL {
        let board: u32 = Place::all().map(|p| state.count(p, kind) as u32).sum();
        let queued: u32 = view
            .queues
            .iter()
            .flatten()
            .map(|row| row[kind.index()] as u32)
            .sum();
        let total = board + queued + state.supply(kind) as u32;
        assert_eq!(
            total,
            kind.info().supply as u32,
            "seed {seed}: {kind:?}: board {board} + queue {queued} + supply"
        );
    }
}

/// At quiet moments (a turn or an assignment to choose, or the game over): subjugation,
/// loyalty and captives agree with the board.
fn check_board(seed: u64, state: &GameState) {
    use swr_engine::data::systems::named::CORUSCANT;
    for s in SystemId::ALL {
        let st = state.system(s);
        let here = Place::System(s);
        let imperial_ground = UnitKind::of(Side::Empire)
            .iter()
            .any(|k| k.is_ground() && state.count(here, *k) > 0);
        if st.subjugated {
            assert!(
                imperial_ground,
                "{} subjugated without Imperial ground units",
                s.name()
            );
            assert!(
                !st.destroyed && st.loyalty != Some(Loyalty::Empire),
                "{}",
                s.name()
            );
        } else if imperial_ground && !st.destroyed && !state.is_over() {
            assert_eq!(
                st.loyalty,
                Some(Loyalty::Empire),
                "{} holds Imperial ground units",
                s.name()
            );
        }
        if s.is_remote() || st.destroyed {
            assert_eq!(st.loyalty, None, "{}", s.name());
        }
    }
    // Coruscant is always Imperial, unless the Superlaser destroyed it (rules §25.23).
    if !state.system(CORUSCANT).destroyed {
        assert_eq!(state.system(CORUSCANT).loyalty, Some(Loyalty::Empire));
    }
    for l in LeaderId::ALL {
        let st = state.leader(l);
        if let (true, swr_engine::state::LeaderPlace::Board(p)) = (st.is_captive(), st.place) {
            assert!(
                state.is_over()
                    || UnitKind::of(Side::Empire)
                        .iter()
                        .any(|k| state.count(p, *k) > 0),
                "seed {seed}: {} captive with no guard",
                l.name()
            );
        }
    }
    if let (Some(base), true) = (state.base(), state.base_revealed()) {
        let here = Place::System(base);
        let has = |side: Side| UnitKind::of(side).iter().any(|k| state.count(here, *k) > 0);
        if has(Side::Empire) && !has(Side::Rebel) {
            assert_eq!(
                state.winner(),
                Some(Side::Empire),
                "occupied base without a win"
            );
        }
    }
}

/// Plays a whole seeded random game, checking the properties after every action.
fn play_checked(seed: u64) -> (GameState, usize) {
    let mut state = GameState::new(seed, GameOptions::default(), &mut NoLog);
    let mut policy = Rng::new(seed ^ 0x005E_ED0F_5A11);
    let mut buf = Vec::new();
    let mut steps = 0;
    while let Some(player) = state.active_player() {
        state.legal_actions_into(player, &mut buf);
        assert!(
            !buf.is_empty(),
            "seed {seed}: {player:?} must act but has no legal action"
        );
        let other = state.legal_actions(player.other());
        assert!(other.is_empty(), "seed {seed}: both players have choices");
        let action = buf[policy.below(buf.len())];
        state.apply_legal(player, action, &mut NoLog);
        steps += 1;
        assert!(
            steps < MAX_ACTIONS,
            "seed {seed}: no end after {steps} actions"
        );
        let view = state.view(Side::Rebel);
        // Units being placed at setup or deployed are in hand for a moment.
        if !matches!(
            view.prompt,
            Some(Prompt::Deploy | Prompt::PlaceStartingUnits)
        ) {
            check_units(seed, &state, &view);
        }
        if matches!(
            view.prompt,
            Some(Prompt::Turn | Prompt::Assign | Prompt::GameOver { .. })
        ) {
            check_board(seed, &state);
        }
    }
    (state, steps)
}

#[test]
fn random_games_end_in_a_win_within_the_time_track_with_every_property_holding() {
    let mut wins = [0u32; 2];
    for seed in 0..seeds() {
        let (state, _) = play_checked(seed);
        let winner = state
            .winner()
            .unwrap_or_else(|| panic!("seed {seed}: over without a winner"));
        wins[winner.index()] += 1;
        assert!(
            state.time() <= swr_engine::data::cards::TIME_TRACK_LENGTH,
            "seed {seed}"
        );
    }
    // Random play rarely finds the base, so the Rebels win most; the Empire must win some.
    assert!(wins[0] > 0 && wins[1] > 0, "{wins:?}");
}

#[test]
fn the_same_seed_and_actions_give_the_same_game() {
    for seed in 0..8 {
        let (a, na) = play_checked(seed);
        let (b, nb) = play_checked(seed);
        assert_eq!(na, nb);
        assert_eq!(a, b);
    }
}

#[test]
fn a_save_in_the_middle_of_a_game_resumes_identically() {
    for seed in 0..32u64 {
        let mut game = Game::new(seed, GameOptions::default());
        let mut policy = Rng::new(seed * 31 + 7);
        let stop = 50 + policy.below(600);
        let mut n = 0;
        while let Some(p) = game.state().active_player() {
            if n == stop {
                break;
            }
            let legal = game.state().legal_actions(p);
            game.apply(p, legal[policy.below(legal.len())]).unwrap();
            n += 1;
        }
        let text = game.save();
        let mut loaded = Game::load(&text).unwrap_or_else(|e| panic!("seed {seed}: {e}"));
        assert_eq!(loaded, game);
        // Both go on the same way.
        let mut policy2 = policy;
        for _ in 0..200 {
            let Some(p) = game.state().active_player() else {
                break;
            };
            let legal = game.state().legal_actions(p);
            let a = legal[policy.below(legal.len())];
            let b = legal[policy2.below(legal.len())];
            game.apply(p, a).unwrap();
            loaded.apply(p, b).unwrap();
        }
        assert_eq!(loaded, game);
    }
}

#[test]
fn damaged_saves_are_refused_with_a_reason() {
    let mut game = Game::new(3, GameOptions::default());
    while game.history().len() < 80 {
        let p = game.state().active_player().unwrap();
        let a = game.state().legal_actions(p)[0];
        game.apply(p, a).unwrap();
    }
    let text = game.save();
    assert_eq!(Game::load("not json"), Err(LoadError::NotASave));
    assert_eq!(
        Game::load(&text.replace("swr-save", "evr-save")),
        Err(LoadError::NotASave)
    );
    let newer = text.replacen("\"version\":1", "\"version\":99", 1);
    assert_eq!(Game::load(&newer), Err(LoadError::TooNew { version: 99 }));
    // A changed seed: the history no longer leads to the saved state.
    let tampered = text.replacen("\"seed\":3", "\"seed\":4", 1);
    assert!(
        matches!(Game::load(&tampered), Err(LoadError::Corrupt(_))),
        "{:?}",
        Game::load(&tampered).err()
    );
    // A truncated file.
    assert!(Game::load(&text[..text.len() / 2]).is_err());
}

/// Actions to try that are probably illegal now: the other player's choices and a spread of
/// well-formed actions of every kind.
fn candidates(state: &GameState, rng: &mut Rng) -> Vec<Action> {
    let mut out = Vec::new();
    for side in Side::BOTH {
        out.extend(state.legal_actions(side));
    }
    let s = SystemId(rng.below(32) as u8);
    let l = LeaderId::ALL[rng.below(LeaderId::ALL.len())];
    let k = UnitKind::ALL[rng.below(UnitKind::ALL.len())];
    out.extend([
        Action::Done,
        Action::Pass,
        Action::RevealBase,
        Action::Leader(l),
        Action::System(s),
        Action::Place(Place::System(s)),
        Action::Move {
            kind: k,
            from: Place::System(s),
        },
        Action::Deploy {
            kind: k,
            to: Place::RebelBase,
        },
        Action::Build(k),
        Action::Activate {
            leader: l,
            system: s,
        },
        Action::ActivateBase { leader: l },
        Action::Reveal(rng.below(4) as u8),
        Action::Probe(s),
        Action::Die(0),
        Action::Damage { die: 0, target: 0 },
        Action::Retreat { leader: l, to: s },
        Action::Mission(Mission::ALL[rng.below(Mission::ALL.len())]),
        Action::Card(ActionCard::ALL[rng.below(ActionCard::ALL.len())]),
        Action::Objective(Objective::ALL[rng.below(Objective::ALL.len())]),
        Action::Tactic(Tactic::ALL[rng.below(Tactic::ALL.len())]),
    ]);
    out
}

#[test]
fn every_illegal_action_is_refused_and_changes_nothing() {
    for seed in 0..64u64 {
        let mut state = GameState::new(seed, GameOptions::default(), &mut NoLog);
        let mut rng = Rng::new(seed + 99);
        while let Some(p) = state.active_player() {
            let legal = state.legal_actions(p);
            if rng.below(8) == 0 {
                for side in Side::BOTH {
                    for a in candidates(&state, &mut rng) {
                        let allowed = side == p && legal.contains(&a);
                        if allowed {
                            continue;
                        }
                        let before = state.clone();
                        let mut log = Vec::new();
                        let err = state.apply(side, a, &mut log);
                        assert!(err.is_err(), "seed {seed}: {side:?} {a:?} accepted");
                        assert!(log.is_empty());
                        assert_eq!(
                            state, before,
                            "seed {seed}: refused {a:?} changed the state"
                        );
                    }
                }
            }
            state.apply_legal(p, legal[rng.below(legal.len())], &mut NoLog);
        }
        assert!(state.apply(Side::Rebel, Action::Pass, &mut NoLog) == Err(ActionError::GameOver));
    }
}

#[test]
fn the_empire_never_sees_the_hidden_base_and_the_rebel_always_does() {
    for seed in 0..32u64 {
        let mut state = GameState::new(seed, GameOptions::default(), &mut NoLog);
        let mut rng = Rng::new(seed);
        while let Some(p) = state.active_player() {
            let (rebel, empire) = (state.view(Side::Rebel), state.view(Side::Empire));
            match (state.base(), state.base_revealed()) {
                (Some(b), false) => {
                    assert_eq!(rebel.base, BaseView::Secret(b));
                    assert_eq!(empire.base, BaseView::Hidden);
                }
                (Some(b), true) => assert_eq!(empire.base, BaseView::Revealed(b)),
                (None, _) => assert_eq!(empire.base, BaseView::NotChosen),
            }
            assert!(empire.own.objectives.is_empty() && rebel.own.probes.is_empty());
            let legal = state.legal_actions(p);
            state.apply_legal(p, legal[rng.below(legal.len())], &mut NoLog);
        }
    }
}
