#![cfg(not(target_arch = "wasm32"))]
//! Properties over random legal playouts: whatever the seed and the choices, the rules keep
//! their invariants, views keep secrets, saves resume identically and illegal actions are
//! refused without a trace.
mod common;

use common::*;
use evr_engine::cards::{CardId, Side, Strategy};
use evr_engine::log::{LogEvent, Zone};
use evr_engine::rng::Rng;
use evr_engine::state::{CharacterSet, GameState};
use evr_engine::view::{OpponentStrategy, PlayerView};
use evr_engine::*;
use proptest::prelude::*;

const MAX_ACTIONS: usize = 5_000;

/// Every action the game has, legal or not, for the illegal-action property.
fn action_universe() -> Vec<Action> {
    let mut all = vec![
        Action::PlayCard,
        Action::Pass,
        Action::Decline,
        Action::PlaySelected,
        Action::ShuffleSelected,
    ];
    for c in CardId::all() {
        all.extend([
            Action::UsePower(c),
            Action::SpendInfluence(c),
            Action::SelectCard(c),
        ]);
    }
    for side in Side::BOTH {
        all.push(Action::SelectDeck(side));
        for strategy in Strategy::ALL {
            all.push(Action::ChooseStrategy { side, strategy });
        }
    }
    for strategy in Strategy::ALL {
        all.push(Action::SelectStrategy(strategy));
    }
    for m in 0..=255u8 {
        all.push(Action::ChooseCharacters(CharacterSet(m)));
    }
    for a in 0..3u8 {
        for b in 0..3u8 {
            for c in 0..3u8 {
                all.push(Action::ReorderEvents(EventOrder([a, b, c])));
            }
        }
    }
    all
}

/// Card ids a view shows outside the viewer's own decision (which may show a searched deck).
fn cards_shown(view: &PlayerView) -> Vec<CardId> {
    let mut cards: Vec<CardId> = Vec::new();
    cards.extend(view.me.discard.iter());
    cards.extend(view.me.play.iter().map(|p| p.card));
    cards.extend(view.me.reserve.iter());
    cards.extend(view.opponent.discard.iter());
    cards.extend(view.opponent.play.iter().map(|p| p.card));
    cards
}

/// The view of `viewer` holds nothing of the opponent's deck, reserve or unknown strategy,
/// and its log names no secret of the opponent.
fn check_view_secrecy(game: &Game, viewer: Side) {
    let state = game.state();
    let view = game.view(viewer);
    let opp = state.side(viewer.opponent());
    for card in cards_shown(&view) {
        assert!(
            !opp.deck.contains(card) && !opp.reserve.contains(card),
            "{viewer:?} sees hidden card {card:?}"
        );
    }
    assert_eq!(view.opponent.deck_count, opp.deck.len());
    assert_eq!(view.opponent.reserve_count, opp.reserve.len());
    match view.opponent.strategy {
        OpponentStrategy::Known(s) => {
            assert!(opp.strategy_known_to_opponent);
            assert_eq!(opp.strategy, Some(s));
        }
        OpponentStrategy::FaceDown => assert!(opp.strategy.is_some()),
        OpponentStrategy::None => assert!(opp.strategy.is_none()),
    }
    if !state.active_players().contains(viewer) {
        assert!(view.decision.is_none() && view.legal_actions.is_empty());
    }
    for event in &view.log {
        let ok = match *event {
            LogEvent::CharactersChosen { side, chosen } => chosen.is_none() || side == viewer,
            LogEvent::StrategyChosen {
                side, by, strategy, ..
            } => strategy.is_none() || side == viewer || by == viewer,
            LogEvent::CardsSeen { side, cards, .. } => cards.is_none() || side == viewer,
            LogEvent::CharacterShuffledIn { side, card } => card.is_none() || side == viewer,
            LogEvent::CharacterToReserve { side, card, from } => {
                card.is_none() || from != Zone::Deck || side == viewer
            }
            LogEvent::EventsReordered { side, seen } => seen.is_none() || side == viewer,
            _ => true,
        };
        assert!(ok, "{viewer:?} may not read {event:?}");
    }
}

fn check_step(before: &GameState, after: &GameState) {
    check_invariants(after);
    for side in Side::BOTH {
        assert!(
            after.side(side).victory_points >= before.side(side).victory_points,
            "victory points fell"
        );
        assert!(
            after.side(side).events_won & before.side(side).events_won
                == before.side(side).events_won,
            "an event won was lost"
        );
    }
}

/// Plays a whole random game through [`Game`], checking everything after every action.
fn playout(seed: u64, options: GameOptions, universe: &[Action], illegal_probes: usize) -> Game {
    let mut game = Game::new(seed, options);
    let mut rng = Rng::new(seed ^ 0xD1CE);
    for _ in 0..MAX_ACTIONS {
        let active: Vec<Side> = game.state().active_players().iter().collect();
        if active.is_empty() {
            assert!(game.state().is_over());
            return game;
        }
        let player = active[rng.below(active.len())];
        let legal = game.state().legal_actions(player);
        assert!(!legal.is_empty(), "active without legal actions");
        // Illegal actions: refused, nothing changes.
        for _ in 0..illegal_probes {
            let probe = universe[rng.below(universe.len())];
            let who = Side::BOTH[rng.below(2)];
            if game.state().is_legal(who, probe) {
                continue;
            }
            let before = game.clone();
            assert!(
                game.apply(who, probe).is_err(),
                "{probe:?} by {who:?} accepted"
            );
            assert_eq!(game, before, "a refused action changed the game");
        }
        let before = *game.state();
        let action = legal[rng.below(legal.len())];
        game.apply(player, action)
            .unwrap_or_else(|e| panic!("legal {action:?} refused: {e}"));
        check_step(&before, game.state());
        for viewer in Side::BOTH {
            check_view_secrecy(&game, viewer);
        }
    }
    panic!("game {seed} did not end within {MAX_ACTIONS} actions");
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 256, ..ProptestConfig::default() })]

    #[test]
    fn random_full_games_keep_every_invariant(seed in any::<u64>()) {
        let universe = action_universe();
        let game = playout(seed, GameOptions::default(), &universe, 4);
        let winner = game.state().winner().expect("a full game always has a winner");
        prop_assert!(game.state().side(winner).victory_points >= 7);
        prop_assert!(game.state().side(winner.opponent()).victory_points < 7);
    }

    #[test]
    fn random_tutorials_keep_every_invariant(seed in any::<u64>()) {
        let universe = action_universe();
        let game = playout(seed, GameOptions { variant: Variant::Tutorial }, &universe, 4);
        prop_assert_eq!(game.state().round, 1);
    }

    #[test]
    fn a_save_in_the_middle_resumes_identically(seed in any::<u64>(), cut in 0usize..200) {
        let full = playout(seed, GameOptions::default(), &[], 0);
        let actions = full.history();
        let cut = cut.min(actions.len());
        let first = Game::replay(seed, GameOptions::default(), &actions[..cut]).unwrap();
        let mut resumed = Game::load(&first.save()).expect("a fresh save loads");
        prop_assert_eq!(&resumed, &first);
        for &(player, action) in &actions[cut..] {
            resumed.apply(player, action).unwrap();
        }
        prop_assert_eq!(resumed.state(), full.state());
        prop_assert_eq!(resumed, full);
    }

    #[test]
    fn same_seed_and_actions_give_the_same_game(seed in any::<u64>()) {
        let a = playout(seed, GameOptions::default(), &[], 0);
        let b = Game::replay(seed, GameOptions::default(), a.history()).unwrap();
        prop_assert_eq!(a, b);
    }
}

#[test]
fn every_game_of_many_seeds_ends_with_a_winner() {
    let mut buf = Vec::new();
    for seed in 0..3_000u64 {
        let mut state = GameState::new(seed, GameOptions::default(), &mut NoLog);
        let mut rng = Rng::new(seed);
        let mut steps = 0;
        while let Some(player) = state.active_players().iter().next() {
            state.legal_actions_into(player, &mut buf);
            let action = buf[rng.below(buf.len())];
            let before = state;
            state.apply(player, action, &mut NoLog).unwrap();
            check_step(&before, &state);
            steps += 1;
            assert!(steps < MAX_ACTIONS, "seed {seed} did not end");
        }
        assert!(state.winner().is_some());
    }
}

#[test]
fn damaged_foreign_and_newer_saves_are_refused() {
    let game = playout(3, GameOptions::default(), &[], 0);
    let save = game.save();
    assert_eq!(Game::load(&save).unwrap(), game);
    assert_eq!(Game::load("not json"), Err(LoadError::NotASave));
    assert_eq!(Game::load("{\"hello\":1}"), Err(LoadError::NotASave));
    assert_eq!(
        Game::load("{\"format\":\"chess\",\"version\":1}"),
        Err(LoadError::NotASave)
    );
    let newer = save.replacen("\"version\":1", "\"version\":99", 1);
    assert_eq!(Game::load(&newer), Err(LoadError::TooNew { version: 99 }));
    let older = save.replacen("\"version\":1", "\"version\":0", 1);
    assert_eq!(Game::load(&older), Err(LoadError::TooOld { version: 0 }));
    // Truncated.
    assert!(matches!(
        Game::load(&save[..save.len() / 2]),
        Err(LoadError::NotASave | LoadError::Corrupt(_))
    ));
    // Tampered with: a history the rules refuse (its first action made twice).
    let (side, first) = game.history()[0];
    let doubled = serde_json::to_string(&[(side, first), (side, first)]).unwrap();
    let history = serde_json::to_string(game.history()).unwrap();
    let tampered = save.replacen(&history, &doubled, 1);
    assert_ne!(tampered, save);
    assert!(matches!(Game::load(&tampered), Err(LoadError::Corrupt(_))));
}

/// Saves written before saves held only the history also held the state and the log; they
/// load to the same game.
#[test]
fn saves_with_the_state_and_log_of_earlier_versions_still_load() {
    let game = playout(5, GameOptions::default(), &[], 0);
    let save = game.save();
    let (head, history) = save.split_once(",\"history\":").unwrap();
    let state = serde_json::to_string(game.state()).unwrap();
    let old = format!("{head},\"state\":{state},\"log\":[],\"history\":{history}");
    assert_eq!(Game::load(&old).unwrap(), game);
}

/// The properties above mean something only if random play reaches every decision the rules
/// have: every power step, every dominance step, every strategy-choice situation.
#[test]
fn random_playouts_reach_every_decision() {
    use evr_engine::state::{DominanceStep, Phase, PowerStep};
    use std::collections::BTreeSet;
    let mut seen: BTreeSet<String> = BTreeSet::new();
    let name = |s: String| s.split([' ', '{', '(']).next().unwrap_or("").to_string();
    let mut buf = Vec::new();
    for seed in 0..3_000u64 {
        let mut state = GameState::new(seed, GameOptions::default(), &mut NoLog);
        let mut rng = Rng::new(seed);
        while let Some(player) = state.active_players().iter().next() {
            match state.phase {
                Phase::Struggle {
                    power: Some((_, step)),
                    ..
                } => {
                    seen.insert(name(format!("{step:?}")));
                }
                Phase::Dominance(p) => {
                    seen.insert(name(format!("{:?}", p.step)));
                }
                Phase::ChooseStrategies => {
                    let m = state.modifiers;
                    if m.infiltrates == [true, true] {
                        seen.insert("BothInfiltrate".into());
                    } else if m.infiltrates.contains(&true) {
                        seen.insert("Infiltrate".into());
                    }
                    if m.random_strategy.is_some() {
                        seen.insert("RandomStrategy".into());
                    }
                    if m.chooses_first.is_some() {
                        seen.insert("ChoosesFirst".into());
                    }
                }
                _ => {}
            }
            state.legal_actions_into(player, &mut buf);
            let action = buf[rng.below(buf.len())];
            state.apply_legal(player, action, &mut NoLog);
        }
    }
    let power_steps = [
        PowerStep::MilitaryTarget,
        PowerStep::DiplomacyTarget,
        PowerStep::ForceTarget,
        PowerStep::ReconDeck,
        PowerStep::ReconDiscard {
            deck: Side::Rebel,
            seen: [CardId(0); 2],
            count: 2,
        },
        PowerStep::ChewbaccaTarget { exhausted: 0 },
        PowerStep::HanSearch,
        PowerStep::LandoDiscard { discarded: 0 },
        PowerStep::LeiaCharacter,
        PowerStep::LeiaPlace { card: CardId(0) },
        PowerStep::LukeOwn,
        PowerStep::LukeOpponent {
            discarded_own: false,
        },
        PowerStep::ObiWanCard,
        PowerStep::NewStrategy {
            chooser: Side::Rebel,
        },
        PowerStep::PiettCard,
        PowerStep::BobaDiscard,
        PowerStep::BobaExhaust { discarded: false },
        PowerStep::VaderTarget,
        PowerStep::Ig88Deck,
        PowerStep::Ig88Discard { deck: Side::Rebel },
        PowerStep::Ig88Top { deck: Side::Rebel },
        PowerStep::JabbaDiscard { peeked: None },
        PowerStep::JabbaPlay { peeked: CardId(0) },
    ]
    .map(|s| name(format!("{s:?}")));
    let dominance_steps = [
        DominanceStep::Support { side: Side::Rebel },
        DominanceStep::ReorderEvents {
            winner: Side::Rebel,
        },
        DominanceStep::DiscardLoserStrategy {
            winner: Side::Rebel,
        },
        DominanceStep::CharacterToReserve { side: Side::Rebel },
        DominanceStep::MayAddCharacter { side: Side::Rebel },
    ]
    .map(|s| name(format!("{s:?}")));
    let planning = [
        "BothInfiltrate",
        "Infiltrate",
        "RandomStrategy",
        "ChoosesFirst",
    ]
    .map(String::from);
    for wanted in power_steps.iter().chain(&dominance_steps).chain(&planning) {
        assert!(
            seen.contains(wanted),
            "random play never reached {wanted}; saw {seen:?}"
        );
    }
}
