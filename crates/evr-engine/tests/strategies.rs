//! Scenario tests: the five strategy cards, their FAQ answers, rotation and cleanup.
mod common;

use common::*;
use evr_engine::state::{DominanceStep, Phase, ALL_STRATEGIES};
use evr_engine::view::OpponentStrategy;
use evr_engine::*;
use Action::*;
use Character::*;
use ResourceType::*;
use Side::*;
use Strategy::*;

fn bits(list: &[Strategy]) -> u8 {
    list.iter().fold(0, |m, s| m | s.bit())
}

fn decided(t: &Table) -> (Option<Side>, [u32; 2]) {
    t.events()
        .iter()
        .find_map(|e| match e {
            LogEvent::DominanceDecided { winner, totals } => Some((*winner, *totals)),
            _ => None,
        })
        .expect("dominance decided")
}

fn resolved(t: &Table, side: Side, strategy: Strategy) -> bool {
    t.events()
        .contains(&LogEvent::StrategyResolved { side, strategy })
}

fn not_resolved(t: &Table, side: Side, strategy: Strategy) -> bool {
    t.events()
        .contains(&LogEvent::StrategyNotResolved { side, strategy })
}

fn choose(side: Side, strategy: Strategy) -> Action {
    ChooseStrategy { side, strategy }
}

/// Plays cards worth `values` for `side` (regular cards, distinct).
fn cards(t: &mut Table, side: Side, values: &[(ResourceType, u8)]) {
    for &(kind, value) in values {
        t.to_play(regular(side, kind, value));
    }
}

// ---------------------------------------------------------------------------------------------
// Direct Assault

#[test]
fn direct_assault_adds_two_when_victory_is_determined() {
    let mut t = Table::new("Battle of Yavin", Rebel); // objective 15
    cards(&mut t, Rebel, &[(Military, 4)]);
    cards(&mut t, Imperial, &[(Military, 5)]);
    t.strategy(Rebel, DirectAssault);
    t.end_struggle();
    assert!(resolved(&t, Rebel, DirectAssault));
    assert_eq!(decided(&t), (Some(Rebel), [6, 5]));
    assert!(t
        .events()
        .contains(&LogEvent::StruggleEnded { totals: [4, 5] }));
    assert_eq!(t.side(Rebel).victory_points, 3);
}

#[test]
fn direct_assault_can_push_its_owner_over_the_objective() {
    // The rules document's example: objective 13, Rebel 12 with Direct Assault, Imperial 11
    // with Deception. 14 is over; Deception does nothing; the Imperial wins.
    let mut t = Table::new("Heart of the Empire", Rebel); // objective 13, capacity 4
    t.to_play(character(HanSolo));
    cards(&mut t, Rebel, &[(Military, 4), (Force, 2)]);
    cards(&mut t, Imperial, &[(Military, 5), (Force, 4), (Recon, 2)]);
    t.strategy(Rebel, DirectAssault)
        .strategy(Imperial, Deception);
    t.end_struggle();
    assert!(resolved(&t, Rebel, DirectAssault));
    assert!(!resolved(&t, Imperial, Deception));
    assert_eq!(decided(&t), (Some(Imperial), [14, 11]));
    assert_eq!(t.side(Imperial).victory_points, 1);
}

// ---------------------------------------------------------------------------------------------
// Deception (Engine ruling J, Ruling 11)

#[test]
fn deception_turns_a_loss_around_and_bureaucracy_pays_the_new_loser() {
    // The rules document's example: objective 15, Rebel 10 with Deception, Imperial 14
    // with Bureaucracy.
    let mut t = Table::new("Battle of Yavin", Rebel); // objective 15, capacity 4
    cards(&mut t, Rebel, &[(Military, 5), (Force, 5)]);
    cards(&mut t, Imperial, &[(Military, 5), (Force, 5), (Recon, 4)]);
    t.strategy(Rebel, Deception).strategy(Imperial, Bureaucracy);
    t.end_struggle();
    assert!(resolved(&t, Rebel, Deception));
    assert_eq!(decided(&t), (Some(Rebel), [10, 14]));
    assert_eq!(t.side(Rebel).victory_points, 3);
    assert!(resolved(&t, Imperial, Bureaucracy));
    assert_eq!(t.influence_of(Imperial), 4);
}

#[test]
fn deception_is_mandatory_even_for_a_player_who_would_have_won() {
    let mut t = Table::new("Battle of Yavin", Rebel);
    cards(&mut t, Rebel, &[(Military, 5)]);
    cards(&mut t, Imperial, &[(Military, 2)]);
    t.strategy(Rebel, Deception);
    t.end_struggle();
    assert!(resolved(&t, Rebel, Deception));
    assert_eq!(decided(&t), (Some(Imperial), [5, 2]));
}

#[test]
fn deception_swaps_only_when_neither_total_exceeds_the_objective() {
    let mut t = Table::new("Control of Endor", Rebel); // objective 9, capacity 2
    cards(&mut t, Rebel, &[(Military, 2)]);
    t.to_play(character(DarthVader));
    cards(&mut t, Imperial, &[(Military, 5)]);
    t.strategy(Rebel, Deception);
    t.end_struggle();
    // The Imperial is over: the Rebel wins as the only one under, Deception or not.
    assert!(!resolved(&t, Rebel, Deception));
    assert_eq!(decided(&t), (Some(Rebel), [2, 11]));
}

#[test]
fn a_tie_is_settled_by_the_balance_token_before_deception() {
    let mut t = Table::new("Battle of Yavin", Rebel);
    cards(&mut t, Rebel, &[(Military, 4)]);
    cards(&mut t, Imperial, &[(Force, 4)]);
    t.balance(Imperial).strategy(Rebel, Deception);
    t.end_struggle();
    // The token gives the Imperial the tie; Deception swaps it to the Rebel.
    assert_eq!(decided(&t), (Some(Rebel), [4, 4]));
}

#[test]
fn when_both_choose_deception_neither_resolves() {
    let mut t = Table::new("Battle of Yavin", Rebel);
    cards(&mut t, Rebel, &[(Military, 5), (Force, 5)]);
    cards(&mut t, Imperial, &[(Military, 4), (Force, 4)]);
    t.strategy(Rebel, Deception).strategy(Imperial, Deception);
    t.end_struggle();
    assert!(not_resolved(&t, Rebel, Deception));
    assert!(not_resolved(&t, Imperial, Deception));
    assert!(!resolved(&t, Rebel, Deception) && !resolved(&t, Imperial, Deception));
    assert_eq!(decided(&t), (Some(Rebel), [10, 8]));
}

// ---------------------------------------------------------------------------------------------
// Infiltration (Engine ruling J, Rulings 11 and 12)

/// Round 1 on `event`, won by `winner` 5 to 2, with these strategies; ends in round 2's
/// planning.
fn next_round_after(event: &str, winner: Side, rebel: Strategy, imperial: Strategy) -> Table {
    let mut t = Table::new(event, Rebel);
    t.to_play(regular(winner, Military, 5))
        .to_play(regular(winner.opponent(), Force, 2))
        .strategy(Rebel, rebel)
        .strategy(Imperial, imperial);
    t.end_struggle();
    assert_eq!(t.state.phase, Phase::ChooseStrategies);
    t
}

#[test]
fn infiltration_chooses_the_opponents_next_strategy() {
    let mut t = next_round_after("Battle of Yavin", Imperial, Infiltration, Bureaucracy);
    assert!(resolved(&t, Rebel, Infiltration));
    assert_eq!(t.state.modifiers.infiltrates, [true, false]);
    // Only the infiltrator acts, first for the opponent.
    assert_eq!(
        t.state.active_players().iter().collect::<Vec<_>>(),
        vec![Rebel]
    );
    assert!(t.legal(Imperial).is_empty());
    assert_eq!(
        t.legal(Rebel),
        [DirectAssault, Deception, Infiltration, Support]
            .map(|s| choose(Imperial, s))
            .to_vec()
    );
    t.refuse(
        Imperial,
        choose(Imperial, Support),
        ActionError::NotYourTurn,
    );
    t.refuse(
        Rebel,
        choose(Rebel, Support),
        ActionError::NotYourStrategyToChoose,
    );
    t.refuse(
        Rebel,
        choose(Imperial, Bureaucracy),
        ActionError::StrategyUnavailable,
    );
    t.clear_log();
    t.act(Rebel, choose(Imperial, Deception));
    assert_eq!(t.side(Imperial).strategy, Some(Deception));
    // The Imperial may look at the card chosen for them (FAQ); the Rebel knows it.
    assert_eq!(t.state.view(Imperial).me.strategy, Some(Deception));
    assert_eq!(
        t.state.view(Rebel).opponent.strategy,
        OpponentStrategy::Known(Deception)
    );
    assert!(t.log_for(Imperial).contains(&LogEvent::StrategyChosen {
        side: Imperial,
        by: Rebel,
        strategy: Some(Deception),
        random: false
    }));
    // Then the infiltrator chooses their own, secretly; Infiltration itself is used.
    assert_eq!(t.actor(), Rebel);
    assert_eq!(
        t.legal(Rebel),
        [DirectAssault, Deception, Bureaucracy, Support]
            .map(|s| choose(Rebel, s))
            .to_vec()
    );
    t.act(Rebel, choose(Rebel, Support));
    assert_eq!(
        t.state.view(Imperial).opponent.strategy,
        OpponentStrategy::FaceDown
    );
    assert!(matches!(t.state.phase, Phase::Struggle { .. }));
    assert_eq!(t.state.modifiers, Default::default());
}

#[test]
fn infiltration_over_the_objective_is_not_resolved() {
    let mut t = Table::new("Control of Endor", Rebel); // objective 9
    t.to_play(character(HanSolo));
    cards(&mut t, Rebel, &[(Military, 5)]);
    cards(&mut t, Imperial, &[(Force, 2)]);
    t.strategy(Rebel, Infiltration);
    t.end_struggle();
    assert!(not_resolved(&t, Rebel, Infiltration));
    assert_eq!(t.state.modifiers.infiltrates, [false, false]);
    // Both choose their own as usual.
    let active: Vec<Side> = t.state.active_players().iter().collect();
    assert_eq!(active, vec![Rebel, Imperial]);
}

#[test]
fn when_both_choose_infiltration_each_chooses_the_others_at_the_same_time() {
    let mut t = next_round_after("Battle of Yavin", Rebel, Infiltration, Infiltration);
    assert_eq!(t.state.modifiers.infiltrates, [true, true]);
    let active: Vec<Side> = t.state.active_players().iter().collect();
    assert_eq!(active, vec![Rebel, Imperial]);
    let four = [DirectAssault, Deception, Bureaucracy, Support];
    assert_eq!(t.legal(Rebel), four.map(|s| choose(Imperial, s)).to_vec());
    assert_eq!(t.legal(Imperial), four.map(|s| choose(Rebel, s)).to_vec());
    // Neither chooses their own.
    t.refuse(
        Rebel,
        choose(Rebel, Support),
        ActionError::NotYourStrategyToChoose,
    );
    t.refuse(
        Imperial,
        choose(Imperial, Support),
        ActionError::NotYourStrategyToChoose,
    );
    t.act(Imperial, choose(Rebel, DirectAssault));
    assert_eq!(t.actor(), Rebel);
    t.act(Rebel, choose(Imperial, Bureaucracy));
    assert!(matches!(t.state.phase, Phase::Struggle { .. }));
    // After both are chosen each may look at their own.
    assert_eq!(t.state.view(Rebel).me.strategy, Some(DirectAssault));
    assert_eq!(t.state.view(Imperial).me.strategy, Some(Bureaucracy));
}

#[test]
fn infiltration_takes_precedence_over_create_a_diversion() {
    // Ruling 12: the infiltrated loser's card is chosen by the infiltrator, not drawn.
    let mut t = next_round_after("Create a Diversion", Imperial, Bureaucracy, Infiltration);
    assert_eq!(t.state.modifiers.random_strategy, Some(Rebel));
    assert_eq!(t.state.modifiers.infiltrates, [false, true]);
    assert_eq!(t.side(Rebel).strategy, None, "nothing drawn at random");
    assert_eq!(t.actor(), Imperial);
    t.act(Imperial, choose(Rebel, Support));
    assert!(t.events().contains(&LogEvent::StrategyChosen {
        side: Rebel,
        by: Imperial,
        strategy: Some(Support),
        random: false
    }));
    assert!(!t
        .events()
        .iter()
        .any(|e| matches!(e, LogEvent::StrategyChosen { random: true, .. })));
    t.act(Imperial, choose(Imperial, Deception));
    assert!(matches!(t.state.phase, Phase::Struggle { .. }));
}

#[test]
fn an_infiltrator_who_lost_create_a_diversion_picks_for_the_opponent_then_draws_at_random() {
    let mut t = next_round_after("Create a Diversion", Rebel, Bureaucracy, Infiltration);
    assert_eq!(t.state.modifiers.random_strategy, Some(Imperial));
    assert_eq!(t.state.modifiers.infiltrates, [false, true]);
    // Nothing drawn yet: the infiltrator first picks the Rebel's card.
    assert_eq!(t.side(Imperial).strategy, None);
    assert_eq!(t.actor(), Imperial);
    t.act(Imperial, choose(Rebel, Deception));
    // Then the Imperial's own card is drawn at random from their unused ones.
    let drawn = t.side(Imperial).strategy.expect("drawn");
    assert_ne!(drawn, Infiltration);
    assert!(t.log_for(Imperial).contains(&LogEvent::StrategyChosen {
        side: Imperial,
        by: Imperial,
        strategy: Some(drawn),
        random: true
    }));
    assert!(matches!(t.state.phase, Phase::Struggle { .. }));
}

#[test]
fn infiltration_takes_precedence_over_locate_the_rebel_base_but_the_reveal_stays() {
    let mut t = next_round_after("Locate the Rebel Base", Imperial, Bureaucracy, Infiltration);
    assert_eq!(t.state.modifiers.chooses_first, Some(Rebel));
    // The loser does not choose: the infiltrator picks their card, first.
    assert_eq!(t.actor(), Imperial);
    assert!(t.legal(Rebel).is_empty());
    assert_eq!(
        t.legal(Imperial),
        [DirectAssault, Deception, Infiltration, Support]
            .map(|s| choose(Rebel, s))
            .to_vec()
    );
    t.act(Imperial, choose(Rebel, DirectAssault));
    // The card stays face up for both; the log says so once, in the public choice (a
    // "revealed" entry would show nothing new, and would stop a take-back for nothing).
    assert!(t.side(Rebel).strategy_known_to_opponent);
    let chosen = LogEvent::StrategyChosen {
        side: Rebel,
        by: Imperial,
        strategy: Some(DirectAssault),
        random: false,
    };
    assert!(t.log_for(Rebel).contains(&chosen) && t.log_for(Imperial).contains(&chosen));
    assert!(!t.events().contains(&LogEvent::StrategyRevealed {
        side: Rebel,
        strategy: DirectAssault
    }));
    assert_eq!(t.actor(), Imperial);
    t.act(Imperial, choose(Imperial, Support));
    assert!(matches!(t.state.phase, Phase::Struggle { .. }));
    assert_eq!(t.side(Rebel).strategy, Some(DirectAssault));
}

// ---------------------------------------------------------------------------------------------
// Bureaucracy

#[test]
fn bureaucracy_pays_two_influence_to_its_owner_only_when_they_lose() {
    for (rebel_total, rebel_gain) in [(2, 2), (5, 0)] {
        let mut t = Table::new("Battle of Yavin", Rebel); // 3 VP, 0 influence
        t.to_play(regular(Rebel, Military, rebel_total))
            .to_play(regular(Imperial, Force, 4))
            .strategy(Rebel, Bureaucracy)
            .strategy(Imperial, Bureaucracy)
            .influence(Rebel, 1)
            .influence(Imperial, 1);
        t.end_struggle();
        assert_eq!(t.influence_of(Rebel), 1 + rebel_gain);
        assert_eq!(t.influence_of(Imperial), 1 + 2 - rebel_gain);
        assert_eq!(resolved(&t, Rebel, Bureaucracy), rebel_gain > 0);
        assert_eq!(resolved(&t, Imperial, Bureaucracy), rebel_gain == 0);
    }
}

#[test]
fn bureaucracy_over_the_objective_pays_nothing() {
    let mut t = Table::new("Control of Endor", Rebel); // objective 9
    t.to_play(character(HanSolo));
    cards(&mut t, Rebel, &[(Military, 5)]);
    cards(&mut t, Imperial, &[(Force, 2)]);
    t.end_struggle();
    assert!(not_resolved(&t, Rebel, Bureaucracy));
    assert_eq!(decided(&t), (Some(Imperial), [11, 2]));
    assert_eq!(t.influence_of(Rebel), 2);
}

// ---------------------------------------------------------------------------------------------
// Support (Rulings 9 and 16)

#[test]
fn support_must_shuffle_a_reserve_character_into_the_deck_secretly() {
    let mut t = Table::new("Battle of Yavin", Rebel);
    cards(&mut t, Rebel, &[(Military, 2)]);
    cards(&mut t, Imperial, &[(Force, 4)]);
    t.strategy(Rebel, Support);
    t.end_struggle();
    assert!(resolved(&t, Rebel, Support));
    assert_eq!(
        t.dominance_step(),
        Some(DominanceStep::Support { side: Rebel })
    );
    let reserve: Vec<Action> = t.side(Rebel).reserve.iter().map(SelectCard).collect();
    assert_eq!(t.legal(Rebel), reserve);
    // Mandatory: no decline.
    t.refuse(Rebel, Decline, ActionError::CannotDecline);
    assert!(t.legal(Imperial).is_empty());
    let obi = character(ObiWanKenobi);
    t.act(Rebel, SelectCard(obi));
    assert!(t.in_deck(obi));
    assert_eq!(t.side(Rebel).reserve.len(), 3);
    assert_eq!(t.side(Rebel).deck.len(), 21);
    assert!(t.log_for(Rebel).contains(&LogEvent::CharacterShuffledIn {
        side: Rebel,
        card: Some(obi)
    }));
    let theirs = t.log_for(Imperial);
    assert!(theirs.contains(&LogEvent::CharacterShuffledIn {
        side: Rebel,
        card: None
    }));
    assert!(!names_card(&theirs, obi));
    assert!(!names_card(&t.state.view(Imperial), obi));
    // The round goes on: the Imperial won.
    assert_eq!(t.side(Imperial).victory_points, 3);
    check_invariants(&t.state);
}

#[test]
fn support_happens_before_victory_for_both_players_rebel_first() {
    let mut t = Table::new("Battle of Yavin", Rebel);
    cards(&mut t, Rebel, &[(Military, 2)]);
    cards(&mut t, Imperial, &[(Force, 4)]);
    t.strategy(Rebel, Support).strategy(Imperial, Support);
    t.end_struggle();
    assert_eq!(
        t.dominance_step(),
        Some(DominanceStep::Support { side: Rebel })
    );
    assert!(!t
        .events()
        .iter()
        .any(|e| matches!(e, LogEvent::DominanceDecided { .. })));
    t.act(Rebel, SelectCard(character(Yoda)));
    assert_eq!(
        t.dominance_step(),
        Some(DominanceStep::Support { side: Imperial })
    );
    assert_eq!(t.actor(), Imperial);
    t.act(Imperial, SelectCard(character(JabbaTheHutt)));
    assert_eq!(decided(&t), (Some(Imperial), [2, 4]));
}

#[test]
fn support_with_an_empty_reserve_does_nothing() {
    let mut t = Table::new("Battle of Yavin", Rebel);
    cards(&mut t, Rebel, &[(Military, 2)]);
    cards(&mut t, Imperial, &[(Force, 4)]);
    for c in [LukeSkywalker, ObiWanKenobi, R2D2AndC3PO, Yoda] {
        t.to_top(character(c));
    }
    t.strategy(Rebel, Support);
    t.end_struggle();
    assert_eq!(t.dominance_step(), None);
    assert_eq!(t.state.phase, Phase::ChooseStrategies);
}

#[test]
fn support_over_the_objective_is_not_resolved() {
    let mut t = Table::new("Control of Endor", Rebel); // objective 9
    t.to_play(character(HanSolo));
    cards(&mut t, Rebel, &[(Military, 5)]);
    cards(&mut t, Imperial, &[(Force, 2)]);
    t.strategy(Rebel, Support);
    t.end_struggle();
    assert!(not_resolved(&t, Rebel, Support));
    assert_eq!(t.dominance_step(), None);
    assert_eq!(t.side(Rebel).reserve.len(), 4);
}

// ---------------------------------------------------------------------------------------------
// Rotation and cleanup

#[test]
fn a_used_strategy_cannot_be_chosen_again_until_all_are_retrieved() {
    let mut t = next_round_after("Battle of Yavin", Rebel, Deception, Bureaucracy);
    assert_eq!(t.side(Rebel).used_strategies, Deception.bit());
    assert!(t.events().contains(&LogEvent::StrategyDiscarded {
        side: Rebel,
        strategy: Deception
    }));
    assert!(!t.legal(Rebel).contains(&choose(Rebel, Deception)));
    t.refuse(
        Rebel,
        choose(Rebel, Deception),
        ActionError::StrategyUnavailable,
    );
    assert_eq!(t.legal(Rebel).len(), 4);
    assert_eq!(
        t.state.view(Imperial).opponent.used_strategies,
        vec![Deception]
    );
}

#[test]
fn cleanup_retrieves_all_five_when_none_is_left_unused() {
    let mut t = Table::new("Battle of Yavin", Rebel);
    cards(&mut t, Rebel, &[(Military, 2)]);
    cards(&mut t, Imperial, &[(Force, 4)]);
    t.used(Rebel, &[DirectAssault, Deception, Infiltration, Support])
        .used(Imperial, &[DirectAssault, Deception, Infiltration]);
    t.end_struggle();
    assert_eq!(t.side(Rebel).used_strategies, 0);
    assert!(t
        .events()
        .contains(&LogEvent::StrategiesRetrieved { side: Rebel }));
    assert_eq!(
        t.side(Imperial).used_strategies,
        bits(&[DirectAssault, Deception, Infiltration, Bureaucracy])
    );
    assert!(!t
        .events()
        .contains(&LogEvent::StrategiesRetrieved { side: Imperial }));
    assert_eq!(t.legal(Rebel).len(), 5);
    assert_eq!(t.legal(Imperial), vec![choose(Imperial, Support)]);
    assert_eq!(ALL_STRATEGIES.count_ones(), 5);
}

#[test]
fn cleanup_turns_the_balance_token_to_the_player_with_fewer_points() {
    // The Rebel wins 1 point but still trails 1 to 5.
    let mut t = Table::new("Control of Endor", Rebel);
    t.to_play(regular(Rebel, Military, 5))
        .to_play(regular(Imperial, Force, 2))
        .victory_points(Imperial, 5)
        .balance(Imperial);
    t.end_struggle();
    assert_eq!(t.state.balance, Rebel);
    assert_eq!(
        t.events()
            .iter()
            .rev()
            .find(|e| matches!(e, LogEvent::BalanceToken { .. })),
        Some(&LogEvent::BalanceToken { side: Rebel })
    );
}

#[test]
fn cleanup_with_equal_points_turns_the_token_to_this_rounds_loser() {
    // The Rebel wins 3 points and draws level at 3.
    let mut t = Table::new("Battle of Yavin", Rebel);
    t.to_play(regular(Rebel, Military, 5))
        .to_play(regular(Imperial, Force, 2))
        .victory_points(Imperial, 3)
        .balance(Rebel);
    t.end_struggle();
    assert_eq!(t.side(Rebel).victory_points, 3);
    assert_eq!(t.state.balance, Imperial);
}

#[test]
fn cleanup_with_equal_points_and_a_deception_turns_the_token_to_the_final_loser() {
    let mut t = Table::new("Battle of Yavin", Rebel);
    t.to_play(regular(Rebel, Military, 5))
        .to_play(regular(Imperial, Force, 2))
        .strategy(Rebel, Deception)
        .victory_points(Rebel, 3)
        .balance(Imperial);
    t.end_struggle();
    // Deception gave the Imperial the event: 3 all, the Rebel lost.
    assert_eq!(t.side(Imperial).victory_points, 3);
    assert_eq!(t.state.balance, Rebel);
}

#[test]
fn cleanup_with_no_loser_leaves_the_token_unless_points_differ() {
    for (vp, balance, expected) in [
        ([0, 0], Rebel, Rebel),
        ([0, 0], Imperial, Imperial),
        ([2, 0], Rebel, Imperial),
    ] {
        let mut t = Table::new("Control of Endor", Rebel); // objective 9, capacity 2
        t.to_play(character(HanSolo))
            .to_play(regular(Rebel, Military, 5))
            .to_play(character(DarthVader))
            .to_play(regular(Imperial, Military, 5))
            .victory_points(Rebel, vp[0])
            .victory_points(Imperial, vp[1])
            .balance(balance);
        t.end_struggle();
        assert_eq!(decided(&t).0, None);
        assert_eq!(t.state.balance, expected, "{vp:?} {balance:?}");
    }
}
