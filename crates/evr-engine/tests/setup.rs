//! Scenario tests: a new game's setup, the secret character choice, determinism, and the
//! rulebook's tutorial struggle.
mod common;

use common::*;
use evr_engine::cards::{ESCAPE_FROM_TATOOINE, EVENT_COUNT};
use evr_engine::rng::Rng;
use evr_engine::state::Phase;
use evr_engine::view::Stage;
use evr_engine::*;
use Action::*;
use ResourceType::*;
use Side::*;

const REBEL_PICK: [Character; 4] = [
    Character::HanSolo,
    Character::LukeSkywalker,
    Character::Yoda,
    Character::Chewbacca,
];
const IMPERIAL_PICK: [Character; 4] = [
    Character::DarthVader,
    Character::BobaFett,
    Character::Ig88,
    Character::GrandMoffTarkin,
];

fn pick(side: Side) -> CharacterSet {
    CharacterSet::of(match side {
        Rebel => &REBEL_PICK,
        Imperial => &IMPERIAL_PICK,
    })
}

fn sorted_events(deck: &[EventId]) -> Vec<EventId> {
    let mut v = deck.to_vec();
    v.sort();
    v
}

// ---------------------------------------------------------------------------------------------
// A new game

#[test]
fn a_new_game_shuffles_all_24_events_and_waits_for_both_character_choices() {
    let game = Game::new(11, GameOptions::default());
    let state = game.state();
    assert_eq!(state.event_deck.len(), EVENT_COUNT);
    assert_eq!(
        sorted_events(state.event_deck.as_slice()),
        EventId::all().collect::<Vec<_>>()
    );
    // Shuffled: another seed gives another order, and neither is the sorted order.
    let other = GameState::new(12, GameOptions::default(), &mut NoLog);
    assert_ne!(state.event_deck, other.event_deck);
    assert_ne!(
        state.event_deck.as_slice(),
        EventId::all().collect::<Vec<_>>().as_slice()
    );
    assert_eq!(state.event, None);
    assert_eq!(state.round, 0);
    assert_eq!(
        state.phase,
        Phase::ChooseCharacters {
            chosen: [None, None]
        }
    );
    assert_eq!(
        state.active_players().iter().collect::<Vec<_>>(),
        vec![Rebel, Imperial]
    );
    for side in Side::BOTH {
        // Every way to pick 4 of 8.
        let legal = state.legal_actions(side);
        assert_eq!(legal.len(), 70);
        assert!(legal
            .iter()
            .all(|a| matches!(a, ChooseCharacters(set) if set.count() == 4)));
        assert!(matches!(
            state.view(side).stage,
            Stage::ChoosingCharacters {
                done: [false, false]
            }
        ));
    }
}

#[test]
fn a_character_choice_must_name_exactly_four() {
    let mut t = Table::from_state(GameState::new(3, GameOptions::default(), &mut NoLog));
    for set in [0u8, 0b1, 0b111, 0b1_1111, 0b1111_1111] {
        t.refuse(
            Rebel,
            ChooseCharacters(CharacterSet(set)),
            ActionError::MustChooseFourCharacters,
        );
        t.refuse(
            Imperial,
            ChooseCharacters(CharacterSet(set)),
            ActionError::MustChooseFourCharacters,
        );
    }
    t.act(Rebel, ChooseCharacters(pick(Rebel)));
}

#[test]
fn the_character_choices_are_simultaneous_and_secret() {
    let mut game = Game::new(5, GameOptions::default());
    game.apply(Imperial, ChooseCharacters(pick(Imperial)))
        .unwrap();
    // The Rebel still chooses; the Imperial has chosen and may not choose again.
    assert_eq!(
        game.state().active_players().iter().collect::<Vec<_>>(),
        vec![Rebel]
    );
    assert_eq!(
        game.apply(Imperial, ChooseCharacters(pick(Imperial))),
        Err(ActionError::NotYourTurn)
    );
    let rebel_view = game.view(Rebel);
    assert!(rebel_view.log.contains(&LogEvent::CharactersChosen {
        side: Imperial,
        chosen: None
    }));
    assert!(matches!(
        rebel_view.stage,
        Stage::ChoosingCharacters {
            done: [false, true]
        }
    ));
    assert!(!rebel_view.log.iter().any(|e| matches!(
        e,
        LogEvent::CharactersChosen {
            side: Imperial,
            chosen: Some(_)
        }
    )));
    game.apply(Rebel, ChooseCharacters(pick(Rebel))).unwrap();

    for side in Side::BOTH {
        let view = game.view(side);
        assert!(view.log.contains(&LogEvent::CharactersChosen {
            side,
            chosen: Some(pick(side))
        }));
        assert!(view.log.contains(&LogEvent::CharactersChosen {
            side: side.opponent(),
            chosen: None
        }));
        // Nothing in this player's view or log names an opponent character: the chosen
        // ones are shuffled in the deck, the others face down in the reserve.
        for &c in Character::of_side(side.opponent()) {
            assert!(!names_card(&view, c.card()), "{side:?} sees {}", c.name());
        }
        assert_eq!(view.opponent.deck_count, 20);
        assert_eq!(view.opponent.reserve_count, 4);
        let mut own_reserve = view.me.reserve.clone();
        own_reserve.sort();
        let mut expected: Vec<CardId> = Character::of_side(side)
            .iter()
            .filter(|c| !pick(side).contains(**c))
            .map(|c| c.card())
            .collect();
        expected.sort();
        assert_eq!(own_reserve, expected);
    }
}

#[test]
fn after_the_choices_each_side_has_a_deck_of_20_a_reserve_of_4_and_2_influence() {
    let mut log = Vec::new();
    let mut state = GameState::new(21, GameOptions::default(), &mut log);
    for side in Side::BOTH {
        state
            .apply(side, ChooseCharacters(pick(side)), &mut log)
            .unwrap();
    }
    for side in Side::BOTH {
        let s = state.side(side);
        assert_eq!(s.deck.len(), 20);
        assert_eq!(s.reserve.len(), 4);
        assert!(s.play.is_empty() && s.discard.is_empty());
        assert_eq!(s.influence, 2);
        assert_eq!(s.victory_points, 0);
        assert_eq!(s.used_strategies, 0);
        assert_eq!(s.strategy, None);
        let regulars = s.deck.iter().filter(|c| !c.is_character()).count();
        assert_eq!(regulars, 16);
        let mut chars: Vec<Character> = s.deck.iter().filter_map(|c| c.character()).collect();
        chars.sort();
        let mut expected = pick(side).characters(side).collect::<Vec<_>>();
        expected.sort();
        assert_eq!(chars, expected);
        for c in s.reserve.iter() {
            assert!(!pick(side).contains(c.character().unwrap()));
        }
    }
    check_invariants(&state);
    // The balance token is set and the first event revealed; strategies are chosen next.
    let balance = state.balance;
    assert!(log
        .iter()
        .any(|e| e.event == LogEvent::BalanceToken { side: balance }));
    assert_eq!(state.round, 1);
    let event = state.event.expect("first event revealed");
    assert!(log
        .iter()
        .any(|e| e.event == LogEvent::RoundStarted { round: 1, event }));
    assert_eq!(state.event_deck.len(), 23);
    assert!(!state.event_deck.contains(event));
    assert_eq!(state.phase, Phase::ChooseStrategies);
    for side in Side::BOTH {
        assert_eq!(state.legal_actions(side).len(), 5);
    }
    // Once both have chosen, the balance token's side plays first.
    for side in Side::BOTH {
        state
            .apply(
                side,
                ChooseStrategy {
                    side,
                    strategy: Strategy::Support,
                },
                &mut log,
            )
            .unwrap();
    }
    assert!(matches!(
        state.phase,
        Phase::Struggle { turn, power: None, .. } if turn == balance
    ));
}

#[test]
fn the_starting_balance_token_is_random() {
    let mut seen = [false; 2];
    for seed in 0..40 {
        let mut state = GameState::new(seed, GameOptions::default(), &mut NoLog);
        for side in Side::BOTH {
            state
                .apply(side, ChooseCharacters(pick(side)), &mut NoLog)
                .unwrap();
        }
        seen[state.balance.index()] = true;
    }
    assert_eq!(seen, [true, true]);
}

// ---------------------------------------------------------------------------------------------
// Determinism

fn random_game(seed: u64, policy_seed: u64, options: GameOptions) -> Game {
    let mut game = Game::new(seed, options);
    let mut policy = Rng::new(policy_seed);
    while let Some(player) = game.state().active_players().iter().next() {
        let legal = game.state().legal_actions(player);
        game.apply(player, legal[policy.below(legal.len())])
            .unwrap();
    }
    game
}

#[test]
fn the_same_seed_and_actions_give_the_same_game() {
    assert_eq!(
        GameState::new(99, GameOptions::default(), &mut NoLog),
        GameState::new(99, GameOptions::default(), &mut NoLog)
    );
    for seed in [1, 2, 3] {
        let a = random_game(seed, 7, GameOptions::default());
        let b = random_game(seed, 7, GameOptions::default());
        assert!(a.state().is_over());
        assert_eq!(a, b);
        assert_eq!(a.view(Rebel), b.view(Rebel));
        // Replaying the history rebuilds exactly the same game.
        let replayed = Game::replay(seed, GameOptions::default(), a.history()).unwrap();
        assert_eq!(replayed, a);
    }
    // Another seed, same choices: another game.
    let actions = [
        (Rebel, ChooseCharacters(pick(Rebel))),
        (Imperial, ChooseCharacters(pick(Imperial))),
    ];
    let x = Game::replay(1, GameOptions::default(), &actions).unwrap();
    let y = Game::replay(2, GameOptions::default(), &actions).unwrap();
    assert_ne!(x.state(), y.state());
}

// ---------------------------------------------------------------------------------------------
// The tutorial: Escape From Tatooine

fn tutorial() -> GameOptions {
    GameOptions {
        variant: Variant::Tutorial,
    }
}

#[test]
fn the_tutorial_is_escape_from_tatooine_without_characters_strategies_or_influence() {
    let game = Game::new(4, tutorial());
    let state = game.state();
    assert_eq!(state.event, Some(ESCAPE_FROM_TATOOINE));
    assert_eq!(state.capacity(), 3);
    assert_eq!(state.event_card().unwrap().objective, 11);
    assert!(state.event_deck.is_empty());
    assert_eq!(state.round, 1);
    for side in Side::BOTH {
        let s = state.side(side);
        assert_eq!(s.deck.len(), 16);
        assert!(s.deck.iter().all(|c| !c.is_character()));
        assert!(s.reserve.is_empty());
        assert_eq!(s.influence, 0);
        assert_eq!(s.strategy, None);
        assert_eq!(s.used_strategies, 0);
    }
    assert_eq!(state.cards_per_side(), 16);
    check_invariants(state);
    // No character and no strategy choice: the Rebel plays first, at once.
    assert_eq!(
        state.phase,
        Phase::Struggle {
            turn: Rebel,
            opponent_passed: false,
            power: None
        }
    );
    assert_eq!(
        state.active_players().iter().collect::<Vec<_>>(),
        vec![Rebel]
    );
    assert_eq!(state.legal_actions(Rebel), vec![PlayCard]);
    assert!(state.legal_actions(Imperial).is_empty());
    let view = game.view(Imperial);
    assert_eq!(view.variant, Variant::Tutorial);
    assert_eq!(view.me.strategy, None);
    assert_eq!(view.opponent.strategy, view::OpponentStrategy::None);
    assert_eq!(view.me.influence, 0);
    assert!(!view
        .log
        .iter()
        .any(|e| matches!(e, LogEvent::CharactersChosen { .. })));
}

#[test]
fn the_tutorial_is_one_struggle_then_the_game_is_over() {
    let mut t = Table::tutorial(8);
    t.to_play(regular(Rebel, Military, 5))
        .to_play(regular(Rebel, Force, 4))
        .to_play(regular(Imperial, Military, 5))
        .to_play(regular(Imperial, Recon, 5));
    t.act(Rebel, Pass);
    t.act(Imperial, Pass);
    assert_eq!(
        t.state.phase,
        Phase::GameOver {
            winner: Some(Imperial)
        }
    );
    assert!(t.events().contains(&LogEvent::DominanceDecided {
        winner: Some(Imperial),
        totals: [9, 10]
    }));
    assert_eq!(
        t.events().last(),
        Some(&LogEvent::GameOver {
            winner: Some(Imperial)
        })
    );
    // No strategies to reveal, no next round.
    assert!(!t.events().iter().any(|e| matches!(
        e,
        LogEvent::StrategyRevealed { .. } | LogEvent::RoundStarted { .. }
    )));
    assert_eq!(t.state.round, 1);
    for side in Side::BOTH {
        assert!(t.legal(side).is_empty());
        // The tutorial awards no victory points and no influence.
        assert_eq!(t.side(side).victory_points, 0);
        assert_eq!(t.side(side).influence, 0);
    }
    assert!(!t
        .events()
        .iter()
        .any(|e| matches!(e, LogEvent::EventWon { .. })));
    t.refuse(Rebel, PlayCard, ActionError::GameOver);
}

#[test]
fn the_tutorial_with_both_over_has_no_winner() {
    let mut t = Table::tutorial(8);
    t.to_play(regular(Rebel, Military, 5))
        .to_play(regular(Rebel, Force, 5))
        .to_play(regular(Rebel, Recon, 2))
        .to_play(regular(Imperial, Military, 5))
        .to_play(regular(Imperial, Recon, 5))
        .to_play(regular(Imperial, Force, 3));
    t.end_struggle();
    assert_eq!(t.state.phase, Phase::GameOver { winner: None });
    assert_eq!(t.state.winner(), None);
    assert!(t.state.is_over());
    assert!(t.events().contains(&LogEvent::GameOver { winner: None }));
}

#[test]
fn a_tutorial_tie_goes_to_the_rebel() {
    // Engine ruling N.
    let mut t = Table::tutorial(8);
    t.to_play(regular(Rebel, Military, 4))
        .to_play(regular(Imperial, Force, 4));
    t.end_struggle();
    assert_eq!(t.state.winner(), Some(Rebel));
}

#[test]
fn every_tutorial_ends_after_its_single_struggle_by_the_totals_rule() {
    for seed in 0..60u64 {
        let game = random_game(seed, seed ^ 0x5eed, tutorial());
        let state = game.state();
        assert!(state.is_over());
        assert_eq!(state.round, 1);
        let totals = game
            .view(Rebel)
            .log
            .iter()
            .find_map(|e| match e {
                LogEvent::StruggleEnded { totals } => Some(*totals),
                _ => None,
            })
            .unwrap();
        let [r, i] = totals;
        let expected = match (r > 11, i > 11) {
            (true, true) => None,
            (false, true) => Some(Rebel),
            (true, false) => Some(Imperial),
            (false, false) if i > r => Some(Imperial),
            (false, false) => Some(Rebel),
        };
        assert_eq!(state.winner(), expected, "seed {seed}: {totals:?}");
        // No card beyond the capacity of 3, no influence ever spent.
        assert!(!game
            .view(Rebel)
            .log
            .iter()
            .any(|e| matches!(e, LogEvent::InfluenceSpent { .. })));
    }
}
