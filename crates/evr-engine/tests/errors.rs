//! Every `ActionError` is produced by some illegal action, and a refused action changes
//! nothing: neither the state (compared with `==`) nor the log.
mod common;

use common::*;
use evr_engine::rng::Rng;
use evr_engine::state::Phase;
use evr_engine::*;
use Action::*;
use Character::*;
use ResourceType::*;
use Side::*;

/// One situation per error; the exhaustive match makes a new variant fail to compile here
/// until it gets its own scenario.
fn produce(error: ActionError) {
    match error {
        ActionError::GameOver => {
            let mut t = Table::new("Control of Endor", Rebel);
            t.to_play(regular(Rebel, Military, 5))
                .to_play(regular(Imperial, Force, 2))
                .victory_points(Rebel, 6);
            t.end_struggle();
            assert!(t.state.is_over());
            for side in Side::BOTH {
                t.refuse(side, PlayCard, error);
                t.refuse(side, Pass, error);
                t.refuse(
                    side,
                    ChooseStrategy {
                        side,
                        strategy: Strategy::Support,
                    },
                    error,
                );
            }
        }
        ActionError::NotYourTurn => {
            let mut t = Table::new("Battle of Hoth", Rebel);
            t.refuse(Imperial, PlayCard, error);
            t.refuse(Imperial, Pass, error);
            // Also while the other player answers a power.
            let luke = character(LukeSkywalker);
            t.to_play(luke).to_play(regular(Imperial, Force, 2));
            t.act(Rebel, UsePower(luke));
            t.refuse(Imperial, SelectCard(luke), error);
        }
        ActionError::WrongKindOfAction => {
            let mut t = Table::new("Battle of Hoth", Rebel);
            t.to_play(regular(Rebel, Recon, 2));
            t.refuse(Rebel, Decline, error);
            t.refuse(Rebel, SelectDeck(Imperial), error);
            t.refuse(Rebel, ChooseCharacters(CharacterSet(0b1111)), error);
            t.act(Rebel, UsePower(regular(Rebel, Recon, 2)));
            t.refuse(Rebel, PlayCard, error);
            t.refuse(Rebel, Pass, error);
            // Planning: only strategy choices.
            let mut planning = Table::new("Battle of Hoth", Rebel);
            planning
                .to_play(regular(Rebel, Military, 5))
                .to_play(regular(Imperial, Force, 2));
            planning.end_struggle();
            assert_eq!(planning.state.phase, Phase::ChooseStrategies);
            planning.refuse(Rebel, PlayCard, error);
            planning.refuse(Imperial, SelectStrategy(Strategy::Support), error);
        }
        ActionError::MustChooseFourCharacters => {
            let mut t = Table::from_state(GameState::new(1, GameOptions::default(), &mut NoLog));
            t.refuse(Rebel, ChooseCharacters(CharacterSet(0b111)), error);
            t.refuse(Imperial, ChooseCharacters(CharacterSet(0b1_1111)), error);
        }
        ActionError::StrategyUnavailable => {
            let mut t = Table::new("Battle of Hoth", Rebel);
            t.to_play(regular(Rebel, Military, 5))
                .to_play(regular(Imperial, Force, 2));
            t.end_struggle();
            // Bureaucracy was used in round 1.
            t.refuse(
                Rebel,
                ChooseStrategy {
                    side: Rebel,
                    strategy: Strategy::Bureaucracy,
                },
                error,
            );
        }
        ActionError::NotYourStrategyToChoose => {
            let mut t = Table::new("Battle of Hoth", Rebel);
            t.to_play(regular(Rebel, Military, 5))
                .to_play(regular(Imperial, Force, 2));
            t.end_struggle();
            t.refuse(
                Rebel,
                ChooseStrategy {
                    side: Imperial,
                    strategy: Strategy::Support,
                },
                error,
            );
        }
        ActionError::CapacityReached => {
            let mut t = Table::new("Control of Endor", Rebel);
            t.to_play(regular(Rebel, Military, 5))
                .to_play(regular(Rebel, Force, 2));
            t.refuse(Rebel, PlayCard, error);
        }
        ActionError::MustPlayCard => {
            let mut t = Table::new("Battle of Hoth", Rebel);
            t.refuse(Rebel, Pass, error);
            t.refuse(Rebel, UsePower(regular(Rebel, Military, 5)), error);
        }
        ActionError::CardNotUsable => {
            let mut t = Table::new("Battle of Hoth", Rebel);
            let tired = regular(Rebel, Military, 5);
            let theirs = regular(Imperial, Force, 2);
            t.to_play_exhausted(tired).to_play(theirs);
            t.refuse(Rebel, UsePower(tired), error);
            t.refuse(Rebel, UsePower(theirs), error);
            t.refuse(Rebel, SpendInfluence(theirs), error);
        }
        ActionError::NoInfluence => {
            let mut t = Table::new("Battle of Hoth", Rebel);
            let tired = regular(Rebel, Military, 5);
            t.to_play_exhausted(tired).influence(Rebel, 0);
            t.refuse(Rebel, SpendInfluence(tired), error);
        }
        ActionError::InvalidChoice => {
            // A power: Military may not pick your own card.
            let mut t = Table::new("Battle of Hoth", Rebel);
            let military = regular(Rebel, Military, 5);
            let theirs = regular(Imperial, Force, 2);
            t.to_play(military).to_play(theirs);
            t.act(Rebel, UsePower(military));
            t.refuse(Rebel, SelectCard(military), error);
            t.refuse(Rebel, SelectStrategy(Strategy::Support), error);
            t.refuse(Rebel, PlaySelected, error);
            // Dominance: Balance of the Force only takes a real order.
            let mut t = Table::new("Balance of the Force", Rebel);
            t.to_play(regular(Rebel, Military, 5))
                .to_play(regular(Imperial, Force, 2));
            t.end_struggle();
            t.refuse(Rebel, ReorderEvents(EventOrder([0, 0, 0])), error);
            t.refuse(Rebel, SelectCard(military), error);
        }
        ActionError::CannotDecline => {
            let mut t = Table::new("Battle of Hoth", Rebel);
            let military = regular(Rebel, Military, 5);
            t.to_play(military).to_play(regular(Imperial, Force, 2));
            t.act(Rebel, UsePower(military));
            t.refuse(Rebel, Decline, error);
            // And a mandatory dominance decision.
            let mut t = Table::new("Negotiate with the Hutts", Rebel);
            t.to_play(regular(Rebel, Military, 5))
                .to_play(regular(Imperial, Force, 2));
            t.end_struggle();
            t.refuse(Rebel, Decline, error);
        }
    }
}

const ALL_ERRORS: [ActionError; 12] = [
    ActionError::GameOver,
    ActionError::NotYourTurn,
    ActionError::WrongKindOfAction,
    ActionError::MustChooseFourCharacters,
    ActionError::StrategyUnavailable,
    ActionError::NotYourStrategyToChoose,
    ActionError::CapacityReached,
    ActionError::MustPlayCard,
    ActionError::CardNotUsable,
    ActionError::NoInfluence,
    ActionError::InvalidChoice,
    ActionError::CannotDecline,
];

#[test]
fn every_action_error_is_produced_and_leaves_the_state_unchanged() {
    for error in ALL_ERRORS {
        produce(error);
        assert!(!error.to_string().is_empty());
    }
}

#[test]
fn error_game_over() {
    produce(ActionError::GameOver);
}

#[test]
fn error_not_your_turn() {
    produce(ActionError::NotYourTurn);
}

#[test]
fn error_wrong_kind_of_action() {
    produce(ActionError::WrongKindOfAction);
}

#[test]
fn error_must_choose_four_characters() {
    produce(ActionError::MustChooseFourCharacters);
}

#[test]
fn error_strategy_unavailable() {
    produce(ActionError::StrategyUnavailable);
}

#[test]
fn error_not_your_strategy_to_choose() {
    produce(ActionError::NotYourStrategyToChoose);
}

#[test]
fn error_capacity_reached() {
    produce(ActionError::CapacityReached);
}

#[test]
fn error_must_play_card() {
    produce(ActionError::MustPlayCard);
}

#[test]
fn error_card_not_usable() {
    produce(ActionError::CardNotUsable);
}

#[test]
fn error_no_influence() {
    produce(ActionError::NoInfluence);
}

#[test]
fn error_invalid_choice() {
    produce(ActionError::InvalidChoice);
}

#[test]
fn error_cannot_decline() {
    produce(ActionError::CannotDecline);
}

#[test]
fn a_refused_action_leaves_a_game_its_log_and_its_history_unchanged() {
    let mut game = Game::new(3, GameOptions::default());
    game.apply(Rebel, ChooseCharacters(CharacterSet(0b1111)))
        .unwrap();
    let before = game.clone();
    assert_eq!(
        game.apply(Rebel, ChooseCharacters(CharacterSet(0b1111_0000))),
        Err(ActionError::NotYourTurn)
    );
    assert_eq!(
        game.apply(Imperial, ChooseCharacters(CharacterSet(0b11))),
        Err(ActionError::MustChooseFourCharacters)
    );
    assert_eq!(game, before);
    assert_eq!(game.history().len(), 1);
}

/// Every action a player could try, for the sweep below.
fn candidates() -> Vec<Action> {
    let mut out = vec![
        PlayCard,
        Pass,
        Decline,
        PlaySelected,
        ShuffleSelected,
        SelectDeck(Rebel),
        SelectDeck(Imperial),
        ChooseCharacters(CharacterSet(0b1111)),
        ChooseCharacters(CharacterSet(0b111)),
        ReorderEvents(EventOrder([0, 1, 2])),
        ReorderEvents(EventOrder([2, 1, 0])),
        ReorderEvents(EventOrder([1, 1, 1])),
    ];
    for card in CardId::all() {
        out.extend([UsePower(card), SpendInfluence(card), SelectCard(card)]);
    }
    for strategy in Strategy::ALL {
        out.push(SelectStrategy(strategy));
        for side in Side::BOTH {
            out.push(ChooseStrategy { side, strategy });
        }
    }
    out
}

#[test]
fn in_random_games_every_illegal_action_is_refused_without_any_change() {
    for seed in 0..6u64 {
        let mut state = GameState::new(seed, GameOptions::default(), &mut NoLog);
        let mut policy = Rng::new(seed + 100);
        let mut steps = 0;
        loop {
            for player in Side::BOTH {
                let legal = state.legal_actions(player);
                for action in candidates() {
                    if legal.contains(&action) {
                        continue;
                    }
                    let before = state;
                    let mut log = Vec::new();
                    let refused = state.apply(player, action, &mut log);
                    assert!(refused.is_err(), "{action:?} by {player:?} accepted");
                    assert!(
                        state == before,
                        "{action:?} by {player:?} changed the state"
                    );
                    assert!(log.is_empty());
                }
            }
            let Some(player) = state.active_players().iter().next() else {
                break;
            };
            let legal = state.legal_actions(player);
            let action = legal[policy.below(legal.len())];
            state.apply(player, action, &mut NoLog).unwrap();
            steps += 1;
            assert!(steps < 10_000);
        }
        assert!(state.is_over());
    }
}
