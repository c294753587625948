//! Scenario tests: every event's numbers and effect, no winner, and the 7-point win.
mod common;

use common::*;
use evr_engine::cards::{EventEffect, EVENTS};
use evr_engine::log::Zone;
use evr_engine::state::{DominanceStep, Phase};
use evr_engine::view::{Decision, OpponentStrategy, Stage};
use evr_engine::*;
use Action::*;
use Character::*;
use ResourceType::*;
use Side::*;

/// A struggle of `event` that `winner` wins 5 to 2, `Rebel` to act.
fn won_by(event_name: &str, winner: Side) -> Table {
    let mut t = Table::new(event_name, Rebel);
    t.to_play(regular(winner, Military, 5))
        .to_play(regular(winner.opponent(), Force, 2));
    t
}

/// Answers every open dominance decision with its first legal action.
fn settle_dominance(t: &mut Table) {
    while let Phase::Dominance(_) = t.state.phase {
        let actor = t.actor();
        let first = t.legal(actor)[0];
        t.act(actor, first);
    }
}

fn strategies(list: &[Strategy]) -> u8 {
    list.iter().fold(0, |m, s| m | s.bit())
}

// ---------------------------------------------------------------------------------------------
// Numbers

#[test]
fn every_event_gives_its_victory_points_and_influence_to_the_winner() {
    for (i, card) in EVENTS.iter().enumerate() {
        let event = EventId(i as u8);
        for winner in Side::BOTH {
            let loser = winner.opponent();
            let mut t = won_by(card.name, winner);
            t.end_struggle();
            settle_dominance(&mut t);
            let w = t.side(winner);
            assert_eq!(w.victory_points, card.victory_points, "{}", card.name);
            assert_eq!(
                w.influence,
                2 + card.influence as u32,
                "{} won by {winner:?}",
                card.name
            );
            assert_eq!(w.events_won, 1 << i, "{}", card.name);
            let l = t.side(loser);
            assert_eq!(l.victory_points, 0);
            assert_eq!(l.events_won, 0);
            // The loser's Bureaucracy pays 2; two events then take 2 away.
            let lost = if card.effect == EventEffect::LoserDiscardsTwoInfluence {
                2
            } else {
                0
            };
            assert_eq!(l.influence, 2 + 2 - lost, "{}", card.name);
            assert!(t.events().contains(&LogEvent::EventWon {
                side: winner,
                event,
                victory_points: card.victory_points,
                influence: card.influence,
            }));
            // The won event is out of the deck and the game goes on.
            assert!(!t.state.event_deck.contains(event));
            assert_eq!(t.state.round, 2);
            assert_eq!(t.state.phase, Phase::ChooseStrategies);
            assert_ne!(t.state.event, Some(event));
            let view = t.state.view(loser);
            assert_eq!(view.opponent.events_won, vec![event]);
            assert_eq!(view.opponent.victory_points, card.victory_points);
            check_invariants(&t.state);
        }
    }
}

#[test]
fn a_tie_goes_to_the_balance_token() {
    for balance in Side::BOTH {
        let mut t = Table::new("Battle of Yavin", Rebel);
        t.to_play(regular(Rebel, Military, 4))
            .to_play(regular(Imperial, Force, 4))
            .balance(balance);
        t.end_struggle();
        assert!(t.events().contains(&LogEvent::DominanceDecided {
            winner: Some(balance),
            totals: [4, 4]
        }));
        assert_eq!(t.side(balance).victory_points, 3);
    }
}

#[test]
fn only_the_player_under_the_objective_wins_whatever_the_totals() {
    let mut t = Table::new("Control of Endor", Rebel); // objective 9
    t.to_play(character(HanSolo))
        .to_play(regular(Rebel, Military, 5))
        .to_play(regular(Imperial, Force, 2));
    t.end_struggle();
    assert!(t.events().contains(&LogEvent::DominanceDecided {
        winner: Some(Imperial),
        totals: [11, 2]
    }));
    assert_eq!(t.side(Imperial).victory_points, 1);
}

// ---------------------------------------------------------------------------------------------
// Acquire the Death Star Plans, Destroy the Shield Generator (Ruling 8)

#[test]
fn the_loser_discards_two_influence_or_all_they_have() {
    for name in [
        "Acquire the Death Star Plans",
        "Destroy the Shield Generator",
    ] {
        for (had, left) in [(3, 1), (2, 0), (1, 0), (0, 0)] {
            let mut t = won_by(name, Rebel);
            // Direct Assault (4 < 5) instead of Bureaucracy, so nothing is paid first.
            t.strategy(Imperial, Strategy::DirectAssault)
                .influence(Imperial, had);
            t.end_struggle();
            assert_eq!(t.influence_of(Imperial), left, "{name} with {had}");
            assert!(t.events().contains(&LogEvent::InfluenceLost {
                side: Imperial,
                amount: had.min(2)
            }));
            // The winner keeps theirs and takes the event's.
            assert_eq!(t.influence_of(Rebel), 2 + 1);
        }
    }
}

#[test]
fn the_influence_loss_comes_after_bureaucracy() {
    let mut t = won_by("Acquire the Death Star Plans", Rebel);
    t.influence(Imperial, 0); // Bureaucracy pays 2, then the event takes 2
    t.end_struggle();
    let events = t.events();
    let paid = events
        .iter()
        .position(|e| {
            *e == LogEvent::InfluenceGained {
                side: Imperial,
                amount: 2,
            }
        })
        .unwrap();
    let lost = events
        .iter()
        .position(|e| {
            *e == LogEvent::InfluenceLost {
                side: Imperial,
                amount: 2,
            }
        })
        .unwrap();
    assert!(paid < lost);
    assert_eq!(t.influence_of(Imperial), 0);
}

// ---------------------------------------------------------------------------------------------
// Balance of the Force (Engine ruling L)

#[test]
fn balance_of_the_force_lets_the_winner_reorder_the_top_three_events_secretly() {
    let order = [
        event("Battle of Hoth"),
        event("Battle of Yavin"),
        event("Control of Endor"),
        event("Heart of the Empire"),
        event("Diplomatic Freedom"),
    ];
    let [a, b, c, d, e] = order;
    let mut t = won_by("Balance of the Force", Rebel);
    t.event_deck_top_first(&order);
    t.end_struggle();
    assert_eq!(
        t.dominance_step(),
        Some(DominanceStep::ReorderEvents { winner: Rebel })
    );
    assert_eq!(t.actor(), Rebel);
    // The winner sees the top three, top first; every order of them is offered.
    match t.state.view(Rebel).decision {
        Some(Decision::Dominance { seen_events, .. }) => assert_eq!(seen_events, vec![a, b, c]),
        other => panic!("{other:?}"),
    }
    assert_eq!(t.legal(Rebel).len(), 6);
    assert!(t.log_for(Rebel).contains(&LogEvent::EventsReordered {
        side: Rebel,
        seen: Some([Some(a), Some(b), Some(c)])
    }));
    // The loser sees that it happens, not what.
    let loser_view = t.state.view(Imperial);
    assert!(loser_view.decision.is_none());
    assert!(loser_view.legal_actions.is_empty());
    for x in [a, b, c, d, e] {
        assert!(!names_event(&loser_view, x));
    }
    assert!(t.log_for(Imperial).contains(&LogEvent::EventsReordered {
        side: Rebel,
        seen: None
    }));
    t.refuse(
        Imperial,
        ReorderEvents(EventOrder([2, 0, 1])),
        ActionError::NotYourTurn,
    );
    // C on top, then A, then B.
    t.act(Rebel, ReorderEvents(EventOrder([2, 0, 1])));
    assert!(t.log_for(Rebel).contains(&LogEvent::EventsReordered {
        side: Rebel,
        seen: Some([Some(c), Some(a), Some(b)])
    }));
    // The next round reveals the chosen top; the rest stays in the chosen order.
    assert_eq!(t.state.event, Some(c));
    assert!(t
        .events()
        .contains(&LogEvent::RoundStarted { round: 2, event: c }));
    let deck: Vec<EventId> = t.state.event_deck.iter().rev().collect();
    assert_eq!(deck, vec![a, b, d, e]);
    // Nothing in the loser's log ever names A or B; C only once it is revealed.
    let theirs = t.log_for(Imperial);
    assert!(!names_event(&theirs, a) && !names_event(&theirs, b));
    let revealed = theirs
        .iter()
        .position(|x| matches!(x, LogEvent::RoundStarted { .. }))
        .unwrap();
    assert!(!names_event(&theirs[..revealed].to_vec(), c));
    assert!(!names_event(&t.state.view(Imperial), a));
}

#[test]
fn balance_of_the_force_keeping_the_order_is_allowed() {
    let order = [event("Battle of Hoth"), event("Battle of Yavin")];
    let mut t = won_by("Balance of the Force", Imperial);
    t.event_deck_top_first(&order);
    t.end_struggle();
    // Only two events left: the two orders of two.
    assert_eq!(
        t.legal(Imperial),
        vec![
            ReorderEvents(EventOrder([0, 1, 2])),
            ReorderEvents(EventOrder([1, 0, 2]))
        ]
    );
    t.act(Imperial, ReorderEvents(EventOrder([0, 1, 2])));
    assert_eq!(t.state.event, Some(order[0]));
}

// ---------------------------------------------------------------------------------------------
// Create a Diversion

#[test]
fn create_a_diversion_draws_the_losers_next_strategy_at_random() {
    let mut t = won_by("Create a Diversion", Rebel);
    t.end_struggle();
    assert_eq!(t.state.phase, Phase::ChooseStrategies);
    // The loser has no decision: their card is already drawn from their unused ones.
    let drawn = t.side(Imperial).strategy.expect("drawn at random");
    assert_ne!(drawn, Strategy::Bureaucracy, "used last round");
    assert_eq!(
        t.state.active_players().iter().collect::<Vec<_>>(),
        vec![Rebel]
    );
    assert!(t.legal(Imperial).is_empty());
    t.refuse(
        Imperial,
        ChooseStrategy {
            side: Imperial,
            strategy: Strategy::Support,
        },
        ActionError::NotYourTurn,
    );
    assert!(t.log_for(Imperial).contains(&LogEvent::StrategyChosen {
        side: Imperial,
        by: Imperial,
        strategy: Some(drawn),
        random: true
    }));
    assert!(t.log_for(Rebel).contains(&LogEvent::StrategyChosen {
        side: Imperial,
        by: Imperial,
        strategy: None,
        random: true
    }));
    assert_eq!(
        t.state.view(Rebel).opponent.strategy,
        OpponentStrategy::FaceDown
    );
    assert_eq!(t.state.view(Imperial).me.strategy, Some(drawn));
    t.act(
        Rebel,
        ChooseStrategy {
            side: Rebel,
            strategy: Strategy::Support,
        },
    );
    assert!(matches!(t.state.phase, Phase::Struggle { .. }));
    assert_eq!(t.state.modifiers, Default::default());
}

// ---------------------------------------------------------------------------------------------
// Display of Power (Ruling 15)

#[test]
fn display_of_power_the_winner_discards_one_of_the_losers_unused_strategies() {
    let mut t = won_by("Display of Power", Rebel);
    t.used(Imperial, &[Strategy::Deception]);
    t.end_struggle();
    assert_eq!(
        t.dominance_step(),
        Some(DominanceStep::DiscardLoserStrategy { winner: Rebel })
    );
    assert_eq!(t.actor(), Rebel);
    // Neither the used Deception nor Bureaucracy, the card chosen this round.
    assert_eq!(
        t.legal(Rebel),
        vec![
            SelectStrategy(Strategy::DirectAssault),
            SelectStrategy(Strategy::Infiltration),
            SelectStrategy(Strategy::Support)
        ]
    );
    t.refuse(
        Rebel,
        SelectStrategy(Strategy::Bureaucracy),
        ActionError::InvalidChoice,
    );
    t.act(Rebel, SelectStrategy(Strategy::Infiltration));
    assert!(t.log_for(Imperial).contains(&LogEvent::StrategyDiscarded {
        side: Imperial,
        strategy: Strategy::Infiltration
    }));
    assert_eq!(
        t.side(Imperial).used_strategies,
        strategies(&[
            Strategy::Deception,
            Strategy::Infiltration,
            Strategy::Bureaucracy
        ])
    );
    assert_eq!(t.side(Rebel).victory_points, 3);
    assert_eq!(
        t.legal(Imperial),
        vec![
            ChooseStrategy {
                side: Imperial,
                strategy: Strategy::DirectAssault
            },
            ChooseStrategy {
                side: Imperial,
                strategy: Strategy::Support
            }
        ]
    );
}

#[test]
fn display_of_power_with_no_unused_strategy_left_discards_nothing() {
    let mut t = won_by("Display of Power", Rebel);
    t.used(
        Imperial,
        &[
            Strategy::DirectAssault,
            Strategy::Deception,
            Strategy::Infiltration,
            Strategy::Support,
        ],
    );
    t.end_struggle();
    assert_eq!(t.dominance_step(), None);
    // Cleanup discards Bureaucracy and then retrieves all five.
    assert_eq!(t.side(Imperial).used_strategies, 0);
    assert!(t
        .events()
        .contains(&LogEvent::StrategiesRetrieved { side: Imperial }));
}

// ---------------------------------------------------------------------------------------------
// Fall of a Hero (Ruling 9, Engine ruling K)

fn fall_of_a_hero() -> Table {
    let mut t = won_by("Fall of a Hero", Rebel);
    t.to_play_exhausted(character(DarthVader))
        .to_discard(character(BobaFett));
    t
}

#[test]
fn fall_of_a_hero_the_loser_moves_a_character_from_play_discard_or_deck_to_reserve() {
    let mut t = fall_of_a_hero();
    t.end_struggle();
    assert_eq!(
        t.dominance_step(),
        Some(DominanceStep::CharacterToReserve { side: Imperial })
    );
    assert_eq!(t.actor(), Imperial);
    let mut offered = t.legal(Imperial);
    offered.sort_by_key(|a| format!("{a:?}"));
    let mut expected: Vec<Action> = [AdmiralPiett, BobaFett, DarthVader, EmperorPalpatine]
        .iter()
        .map(|c| SelectCard(character(*c)))
        .collect();
    expected.sort_by_key(|a| format!("{a:?}"));
    assert_eq!(offered, expected);
    t.refuse(Imperial, Decline, ActionError::CannotDecline);
    t.act(Imperial, SelectCard(character(DarthVader)));
    assert!(t.in_reserve(character(DarthVader)));
    let public = LogEvent::CharacterToReserve {
        side: Imperial,
        card: Some(character(DarthVader)),
        from: Zone::Play,
    };
    assert!(t.log_for(Rebel).contains(&public));
    assert_eq!(t.side(Imperial).reserve.len(), 5);
    // After cleanup the deck is one card short.
    assert_eq!(t.side(Imperial).deck.len(), 19);
    check_invariants(&t.state);
}

#[test]
fn fall_of_a_hero_from_the_discard_pile_is_public() {
    let mut t = fall_of_a_hero();
    t.end_struggle();
    t.act(Imperial, SelectCard(character(BobaFett)));
    assert!(t.log_for(Rebel).contains(&LogEvent::CharacterToReserve {
        side: Imperial,
        card: Some(character(BobaFett)),
        from: Zone::Discard
    }));
}

#[test]
fn fall_of_a_hero_from_the_deck_is_not_named_to_the_opponent() {
    let mut t = fall_of_a_hero();
    let piett = character(AdmiralPiett);
    assert!(t.in_deck(piett));
    t.end_struggle();
    t.act(Imperial, SelectCard(piett));
    assert!(t.in_reserve(piett));
    assert!(t.log_for(Imperial).contains(&LogEvent::CharacterToReserve {
        side: Imperial,
        card: Some(piett),
        from: Zone::Deck
    }));
    let theirs = t.log_for(Rebel);
    assert!(theirs.contains(&LogEvent::CharacterToReserve {
        side: Imperial,
        card: None,
        from: Zone::Deck
    }));
    assert!(!names_card(&theirs, piett));
    assert!(!names_card(&t.state.view(Rebel), piett));
}

#[test]
fn fall_of_a_hero_with_every_character_in_the_reserve_does_nothing() {
    let mut t = won_by("Fall of a Hero", Rebel);
    for c in [AdmiralPiett, BobaFett, DarthVader, EmperorPalpatine] {
        t.to_reserve(character(c));
    }
    t.end_struggle();
    assert_eq!(t.state.phase, Phase::ChooseStrategies);
    assert_eq!(t.side(Imperial).reserve.len(), 8);
}

// ---------------------------------------------------------------------------------------------
// Locate the Rebel Base

#[test]
fn locate_the_rebel_base_the_loser_chooses_first_and_reveals_it() {
    let mut t = won_by("Locate the Rebel Base", Imperial);
    t.end_struggle();
    assert_eq!(t.state.modifiers.chooses_first, Some(Rebel));
    // Only the loser may choose now.
    assert_eq!(
        t.state.active_players().iter().collect::<Vec<_>>(),
        vec![Rebel]
    );
    assert!(t.legal(Imperial).is_empty());
    t.refuse(
        Imperial,
        ChooseStrategy {
            side: Imperial,
            strategy: Strategy::Support,
        },
        ActionError::NotYourTurn,
    );
    assert!(matches!(
        t.state.view(Imperial).stage,
        Stage::ChoosingStrategies {
            first: Some(Rebel),
            ..
        }
    ));
    t.act(
        Rebel,
        ChooseStrategy {
            side: Rebel,
            strategy: Strategy::DirectAssault,
        },
    );
    assert!(t.log_for(Imperial).contains(&LogEvent::StrategyRevealed {
        side: Rebel,
        strategy: Strategy::DirectAssault
    }));
    // The winner chooses knowing it.
    assert_eq!(
        t.state.view(Imperial).opponent.strategy,
        OpponentStrategy::Known(Strategy::DirectAssault)
    );
    assert_eq!(t.actor(), Imperial);
    t.act(
        Imperial,
        ChooseStrategy {
            side: Imperial,
            strategy: Strategy::Deception,
        },
    );
    assert!(matches!(t.state.phase, Phase::Struggle { .. }));
    // The winner's card stays secret.
    assert_eq!(
        t.state.view(Rebel).opponent.strategy,
        OpponentStrategy::FaceDown
    );
}

// ---------------------------------------------------------------------------------------------
// Negotiate with the Hutts

#[test]
fn negotiate_with_the_hutts_the_winner_moves_a_character_to_reserve() {
    let mut t = Table::new("Negotiate with the Hutts", Rebel);
    let han = character(HanSolo);
    t.to_play(han).to_play(regular(Imperial, Force, 2));
    t.end_struggle();
    assert_eq!(
        t.dominance_step(),
        Some(DominanceStep::CharacterToReserve { side: Rebel })
    );
    assert_eq!(t.actor(), Rebel);
    assert_eq!(t.legal(Rebel).len(), 4);
    t.refuse(Rebel, Decline, ActionError::CannotDecline);
    t.act(Rebel, SelectCard(han));
    assert!(t.in_reserve(han));
    assert!(t.log_for(Imperial).contains(&LogEvent::CharacterToReserve {
        side: Rebel,
        card: Some(han),
        from: Zone::Play
    }));
    // The win still counts.
    assert_eq!(t.side(Rebel).victory_points, 3);
    assert_eq!(t.side(Rebel).deck.len(), 19);
}

// ---------------------------------------------------------------------------------------------
// Occupation of Cloud City, Rebel Uprising (Engine ruling K)

#[test]
fn the_winner_may_shuffle_a_reserve_character_into_the_deck_secretly() {
    for name in ["Occupation of Cloud City", "Rebel Uprising"] {
        let mut t = won_by(name, Rebel);
        t.end_struggle();
        assert_eq!(
            t.dominance_step(),
            Some(DominanceStep::MayAddCharacter { side: Rebel })
        );
        let reserve: Vec<CardId> = t.side(Rebel).reserve.iter().collect();
        let mut offered: Vec<Action> = reserve.iter().map(|c| SelectCard(*c)).collect();
        offered.push(Decline);
        assert_eq!(t.legal(Rebel), offered);
        let yoda = character(Yoda);
        t.act(Rebel, SelectCard(yoda));
        assert!(t.in_deck(yoda));
        assert_eq!(t.side(Rebel).deck.len(), 21, "{name}");
        assert_eq!(t.side(Rebel).reserve.len(), 3);
        assert!(t.log_for(Rebel).contains(&LogEvent::CharacterShuffledIn {
            side: Rebel,
            card: Some(yoda)
        }));
        let theirs = t.log_for(Imperial);
        assert!(theirs.contains(&LogEvent::CharacterShuffledIn {
            side: Rebel,
            card: None
        }));
        assert!(!names_card(&theirs, yoda));
        assert!(!names_card(&t.state.view(Imperial), yoda));
        check_invariants(&t.state);
    }
}

#[test]
fn the_winner_may_decline_to_add_a_character() {
    for name in ["Occupation of Cloud City", "Rebel Uprising"] {
        let mut t = won_by(name, Imperial);
        t.end_struggle();
        t.act(Imperial, Decline);
        assert_eq!(t.side(Imperial).reserve.len(), 4);
        assert_eq!(t.side(Imperial).deck.len(), 20);
        assert_eq!(t.state.phase, Phase::ChooseStrategies);
    }
}

// ---------------------------------------------------------------------------------------------
// Ultimate Power in the Universe (Ruling 14)

#[test]
fn ultimate_power_returns_the_winners_earlier_strategies_only() {
    let mut t = won_by("Ultimate Power in the Universe", Rebel);
    t.used(Rebel, &[Strategy::DirectAssault, Strategy::Deception])
        .used(Imperial, &[Strategy::Support]);
    t.end_struggle();
    assert!(t
        .events()
        .contains(&LogEvent::StrategiesRetrieved { side: Rebel }));
    // This round's card is discarded at cleanup as usual.
    assert_eq!(t.side(Rebel).used_strategies, Strategy::Bureaucracy.bit());
    assert_eq!(
        t.side(Imperial).used_strategies,
        strategies(&[Strategy::Support, Strategy::Bureaucracy])
    );
}

// ---------------------------------------------------------------------------------------------
// No winner (Ruling 13, Engine ruling M)

#[test]
fn with_both_over_nobody_wins_and_the_event_goes_to_the_bottom_with_no_effect() {
    for balance in Side::BOTH {
        let name = "Acquire the Death Star Plans"; // objective 13, capacity 3
        let ev = event(name);
        let mut t = Table::new(name, Rebel);
        t.to_play(character(HanSolo))
            .to_play(regular(Rebel, Military, 5))
            .to_play(regular(Rebel, Force, 5))
            .to_play(character(DarthVader))
            .to_play(character(BobaFett))
            .to_play(regular(Imperial, Force, 2))
            .balance(balance);
        t.end_struggle();
        let events = t.events();
        assert!(events.contains(&LogEvent::DominanceDecided {
            winner: None,
            totals: [16, 14]
        }));
        assert!(events.contains(&LogEvent::EventToBottom { event: ev }));
        assert!(!events.iter().any(|e| matches!(
            e,
            LogEvent::EventWon { .. }
                | LogEvent::InfluenceLost { .. }
                | LogEvent::InfluenceGained { .. }
        )));
        // Neither Bureaucracy is resolved: both are over.
        for side in Side::BOTH {
            assert!(events.contains(&LogEvent::StrategyNotResolved {
                side,
                strategy: Strategy::Bureaucracy
            }));
            assert_eq!(t.influence_of(side), 2);
            assert_eq!(t.side(side).victory_points, 0);
            assert_eq!(t.side(side).events_won, 0);
        }
        assert_eq!(t.state.event_deck.as_slice()[0], ev, "at the bottom");
        assert_eq!(t.state.event_deck.len(), 23);
        // Equal points and no loser: the token stays.
        assert_eq!(t.state.balance, balance);
        assert_eq!(t.state.phase, Phase::ChooseStrategies);
        check_invariants(&t.state);
    }
}

#[test]
fn with_no_winner_a_decision_event_opens_no_decision() {
    let mut t = Table::new("Fall of a Hero", Rebel); // objective 9, capacity 3
    t.to_play(character(HanSolo))
        .to_play(regular(Rebel, Military, 5))
        .to_play(character(DarthVader))
        .to_play(regular(Imperial, Force, 4));
    t.end_struggle();
    assert_eq!(t.dominance_step(), None);
    assert_eq!(t.state.phase, Phase::ChooseStrategies);
    assert_eq!(t.side(Rebel).reserve.len(), 4);
    assert_eq!(t.side(Imperial).reserve.len(), 4);
}

// ---------------------------------------------------------------------------------------------
// Seven victory points

#[test]
fn reaching_seven_victory_points_wins_at_once() {
    let mut t = won_by("Control of Endor", Rebel); // 1 VP
    t.victory_points(Rebel, 6).victory_points(Imperial, 6);
    t.end_struggle();
    assert_eq!(
        t.state.phase,
        Phase::GameOver {
            winner: Some(Rebel)
        }
    );
    assert!(t.state.is_over());
    assert_eq!(t.state.winner(), Some(Rebel));
    assert_eq!(t.side(Rebel).victory_points, 7);
    assert_eq!(
        t.events().last(),
        Some(&LogEvent::GameOver {
            winner: Some(Rebel)
        })
    );
    // No cleanup, no further round.
    assert_eq!(t.state.round, 1);
    assert!(!t
        .events()
        .iter()
        .any(|e| matches!(e, LogEvent::RoundStarted { .. })));
    assert_eq!(t.side(Rebel).play.len(), 1);
    for side in Side::BOTH {
        assert!(t.legal(side).is_empty());
        assert!(t.state.view(side).decision.is_none());
    }
    t.refuse(Rebel, PlayCard, ActionError::GameOver);
}

#[test]
fn going_past_seven_also_wins() {
    let mut t = won_by("Battle of Hoth", Imperial); // 3 VP
    t.victory_points(Imperial, 5);
    t.end_struggle();
    assert_eq!(t.state.winner(), Some(Imperial));
    assert_eq!(t.side(Imperial).victory_points, 8);
}

#[test]
fn six_victory_points_do_not_end_the_game() {
    let mut t = won_by("Control of Endor", Rebel);
    t.victory_points(Rebel, 5);
    t.end_struggle();
    assert!(!t.state.is_over());
    assert_eq!(t.side(Rebel).victory_points, 6);
}
