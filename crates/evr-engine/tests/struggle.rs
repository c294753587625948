//! Scenario tests: the struggle's four actions, capacity, passing, empty decks, turn order.
mod common;

use common::*;
use evr_engine::log::Zone;
use evr_engine::state::{Phase, PowerStep};
use evr_engine::*;
use Action::*;
use Character::*;
use ResourceType::*;
use Side::*;

// ---------------------------------------------------------------------------------------------
// Play a card

#[test]
fn play_a_card_puts_the_top_card_into_play_ready() {
    let mut t = Table::new("Battle of Hoth", Rebel);
    let top = character(HanSolo);
    let theirs = regular(Imperial, Force, 2);
    t.to_play(regular(Rebel, Military, 2))
        .to_play(theirs)
        .to_top(top);
    let deck = t.side(Rebel).deck.len();
    t.act(Rebel, PlayCard);
    assert_eq!(t.side(Rebel).play.top(), Some(top));
    assert!(!t.exhausted(top));
    assert_eq!(t.side(Rebel).deck.len(), deck - 1);
    assert_eq!(
        t.events(),
        vec![LogEvent::CardPlayed {
            side: Rebel,
            card: top,
            from: Zone::Deck,
        }]
    );
    assert_eq!(t.total(Rebel), 2 + 6);
    assert!(matches!(
        t.state.phase,
        Phase::Struggle {
            turn: Imperial,
            opponent_passed: false,
            power: None
        }
    ));
    check_invariants(&t.state);
}

#[test]
fn no_card_may_be_played_beyond_capacity_exhausted_cards_included() {
    let mut t = Table::new("Control of Endor", Rebel); // capacity 2
    let a = regular(Rebel, Military, 2);
    let b = regular(Rebel, Force, 3);
    t.to_play(a).to_play_exhausted(b).influence(Rebel, 0);
    assert!(!t.legal(Rebel).contains(&PlayCard));
    assert_eq!(t.legal(Rebel), vec![UsePower(a), Pass]);
    t.refuse(Rebel, PlayCard, ActionError::CapacityReached);
    // One below capacity, a card may be played; then no more.
    let mut u = Table::new("Control of Endor", Rebel);
    u.to_play(a);
    u.act(Rebel, PlayCard);
    u.act(Imperial, PlayCard);
    assert_eq!(u.side(Rebel).play.len(), 2);
    u.refuse(Rebel, PlayCard, ActionError::CapacityReached);
}

#[test]
fn powers_cannot_exceed_capacity_either() {
    // FAQ: Obi-Wan at capacity cannot play from the discard pile.
    let mut t = Table::new("Securing the Rebel Base on Yavin 4", Rebel); // capacity 2
    let obi = character(ObiWanKenobi);
    t.to_play(obi)
        .to_play(regular(Rebel, Force, 2))
        .to_discard(regular(Rebel, Military, 5));
    t.act(Rebel, UsePower(obi));
    t.assert_no_effect(obi);
    assert_eq!(t.side(Rebel).play.len(), 2);

    // Leia at capacity may only shuffle her character in.
    let mut t = Table::new("Securing the Rebel Base on Yavin 4", Rebel);
    let leia = character(LeiaOrgana);
    t.to_play(leia).to_play(regular(Rebel, Force, 2));
    t.act(Rebel, UsePower(leia));
    t.act(Rebel, SelectCard(character(Yoda)));
    assert_eq!(t.legal(Rebel), vec![ShuffleSelected]);

    // Jabba at capacity may not play the card he looked at unless he makes room.
    let mut t = Table::new("Securing the Rebel Base on Yavin 4", Imperial);
    let jabba = character(JabbaTheHutt);
    t.to_play(jabba).to_play(regular(Imperial, Force, 2));
    t.act(Imperial, UsePower(jabba));
    t.act(Imperial, Decline);
    assert_eq!(t.turn(), Some(Rebel));
    assert_eq!(t.side(Imperial).play.len(), 2);
    check_invariants(&t.state);
}

// ---------------------------------------------------------------------------------------------
// Ruling 3: nothing in play, you must play a card

#[test]
fn with_nothing_in_play_playing_a_card_is_the_only_legal_action() {
    let mut t = Table::new("Battle of Hoth", Rebel);
    t.to_play(regular(Imperial, Force, 2)).influence(Rebel, 5);
    assert!(t.side(Rebel).play.is_empty());
    assert_eq!(t.legal(Rebel), vec![PlayCard]);
    t.refuse(Rebel, Pass, ActionError::MustPlayCard);
    t.refuse(
        Rebel,
        UsePower(regular(Rebel, Force, 2)),
        ActionError::MustPlayCard,
    );
    t.refuse(
        Rebel,
        SpendInfluence(regular(Rebel, Force, 2)),
        ActionError::MustPlayCard,
    );
    t.act(Rebel, PlayCard);
    assert_eq!(t.side(Rebel).play.len(), 1);
}

#[test]
fn after_a_discard_empties_your_play_area_you_must_play_again() {
    let mut t = Table::new("Battle of Hoth", Rebel);
    let military = regular(Rebel, Military, 3);
    let lone = regular(Imperial, Force, 2);
    t.to_play(military).to_play(lone);
    t.act(Rebel, UsePower(military));
    t.act(Rebel, SelectCard(lone));
    assert_eq!(t.legal(Imperial), vec![PlayCard]);
}

// ---------------------------------------------------------------------------------------------
// Spend influence (Ruling 4)

#[test]
fn spending_influence_readies_one_of_your_exhausted_cards_for_one_token() {
    let mut t = Table::new("Battle of Hoth", Rebel);
    let luke = character(LukeSkywalker);
    let ready = regular(Rebel, Military, 2);
    let theirs = regular(Imperial, Force, 4);
    t.to_play_exhausted(luke)
        .to_play(ready)
        .to_play_exhausted(theirs)
        .influence(Rebel, 2);
    assert_eq!(t.total(Rebel), 3);
    assert_eq!(
        t.legal(Rebel),
        vec![PlayCard, SpendInfluence(luke), UsePower(ready), Pass]
    );
    t.act(Rebel, SpendInfluence(luke));
    assert!(!t.exhausted(luke));
    assert_eq!(t.influence_of(Rebel), 1);
    assert_eq!(t.total(Rebel), 8);
    assert_eq!(
        t.events(),
        vec![LogEvent::InfluenceSpent {
            side: Rebel,
            card: luke
        }]
    );
    assert_eq!(t.turn(), Some(Imperial));
    // The readied card's power can be used on a later turn.
    t.act(Imperial, Pass);
    assert!(t.legal(Rebel).contains(&UsePower(luke)));
}

#[test]
fn influence_never_readies_an_opponent_card_nor_a_ready_card() {
    let mut t = Table::new("Battle of Hoth", Rebel);
    let mine = regular(Rebel, Military, 2);
    let theirs = regular(Imperial, Force, 4);
    t.to_play(mine)
        .to_play_exhausted(theirs)
        .influence(Rebel, 3);
    t.refuse(Rebel, SpendInfluence(theirs), ActionError::CardNotUsable);
    t.refuse(Rebel, SpendInfluence(mine), ActionError::CardNotUsable);
}

#[test]
fn spending_influence_without_any_is_refused() {
    let mut t = Table::new("Battle of Hoth", Rebel);
    let tired = regular(Rebel, Military, 2);
    t.to_play_exhausted(tired).influence(Rebel, 0);
    assert!(!t.legal(Rebel).contains(&SpendInfluence(tired)));
    t.refuse(Rebel, SpendInfluence(tired), ActionError::NoInfluence);
}

// ---------------------------------------------------------------------------------------------
// Use a power

#[test]
fn only_your_own_ready_cards_can_use_a_power() {
    let mut t = Table::new("Battle of Hoth", Rebel);
    let tired = regular(Rebel, Military, 2);
    let ready = regular(Rebel, Recon, 2);
    let theirs = regular(Imperial, Force, 4);
    t.to_play_exhausted(tired).to_play(ready).to_play(theirs);
    t.refuse(Rebel, UsePower(tired), ActionError::CardNotUsable);
    t.refuse(Rebel, UsePower(theirs), ActionError::CardNotUsable);
    t.refuse(
        Rebel,
        UsePower(regular(Rebel, Diplomacy, 5)),
        ActionError::CardNotUsable,
    );
    t.act(Rebel, UsePower(ready));
    assert!(t.exhausted(ready));
    assert!(t.events().contains(&LogEvent::PowerUsed {
        side: Rebel,
        card: ready
    }));
}

#[test]
fn a_power_may_affect_its_own_card() {
    // Ruling 6: no power here says "another", so each may pick its own card.
    let cases: [(Side, CardId); 5] = [
        (Rebel, regular(Rebel, Diplomacy, 4)),
        (Rebel, character(LandoCalrissian)),
        (Rebel, character(LukeSkywalker)),
        (Imperial, character(DarthVader)),
        (Imperial, character(JabbaTheHutt)),
    ];
    for (side, card) in cases {
        let mut t = Table::new("Battle of Hoth", side);
        t.to_play(card).to_play(regular(side, Force, 2));
        t.act(side, UsePower(card));
        assert!(
            t.legal(side).contains(&SelectCard(card)),
            "{} should be able to pick itself: {:?}",
            card.name(),
            t.legal(side)
        );
        t.act(side, SelectCard(card));
        assert!(!t.in_play(card), "{}", card.name());
        check_invariants(&t.state);
    }
}

#[test]
fn a_power_decision_belongs_to_the_card_owner_until_answered() {
    let mut t = Table::new("Battle of Hoth", Rebel);
    let luke = character(LukeSkywalker);
    t.to_play(luke).to_play(regular(Imperial, Force, 2));
    t.act(Rebel, UsePower(luke));
    assert_eq!(t.power_step(), Some(PowerStep::LukeOwn));
    t.refuse(Imperial, Pass, ActionError::NotYourTurn);
    t.refuse(Rebel, Pass, ActionError::WrongKindOfAction);
    t.refuse(Rebel, PlayCard, ActionError::WrongKindOfAction);
}

// ---------------------------------------------------------------------------------------------
// Passing

#[test]
fn pass_then_pass_ends_the_struggle() {
    let mut t = Table::new("Battle of Hoth", Rebel);
    t.to_play(regular(Rebel, Military, 5))
        .to_play(regular(Imperial, Force, 3));
    t.act(Rebel, Pass);
    assert!(matches!(
        t.state.phase,
        Phase::Struggle {
            turn: Imperial,
            opponent_passed: true,
            power: None
        }
    ));
    t.act(Imperial, Pass);
    let events = t.events();
    assert_eq!(
        &events[..3],
        &[
            LogEvent::Passed { side: Rebel },
            LogEvent::Passed { side: Imperial },
            LogEvent::StruggleEnded { totals: [5, 3] },
        ]
    );
    assert!(events.contains(&LogEvent::DominanceDecided {
        winner: Some(Rebel),
        totals: [5, 3]
    }));
    // The next round is already in its planning phase.
    assert_eq!(t.state.phase, Phase::ChooseStrategies);
    assert_eq!(t.state.round, 2);
}

#[test]
fn a_pass_followed_by_another_action_does_not_count_toward_ending() {
    let mut t = Table::new("Battle of Hoth", Rebel);
    t.to_play(regular(Rebel, Military, 5))
        .to_play(regular(Imperial, Force, 3));
    t.act(Rebel, Pass);
    t.act(Imperial, PlayCard);
    t.act(Rebel, Pass);
    // Not two passes in succession: the Imperial plays on.
    assert!(matches!(
        t.state.phase,
        Phase::Struggle {
            turn: Imperial,
            opponent_passed: true,
            power: None
        }
    ));
    // A passing player may act again later.
    t.act(Imperial, Pass);
    assert_eq!(t.state.phase, Phase::ChooseStrategies);
}

#[test]
fn a_pass_followed_by_a_power_does_not_count_toward_ending() {
    let mut t = Table::new("Battle of Hoth", Rebel);
    let mine = regular(Rebel, Military, 2);
    let force = regular(Imperial, Force, 3);
    t.to_play(mine).to_play(force);
    t.act(Rebel, Pass);
    t.act(Imperial, UsePower(force));
    t.act(Imperial, SelectCard(mine));
    assert!(matches!(
        t.state.phase,
        Phase::Struggle {
            turn: Rebel,
            opponent_passed: false,
            power: None
        }
    ));
    t.act(Rebel, Pass);
    assert!(matches!(
        t.state.phase,
        Phase::Struggle {
            turn: Imperial,
            opponent_passed: true,
            power: None
        }
    ));
    t.act(Imperial, Pass);
    assert_eq!(t.state.phase, Phase::ChooseStrategies);
}

#[test]
fn players_alternate_turns() {
    let mut t = Table::new("Battle of Hoth", Imperial);
    t.refuse(Rebel, PlayCard, ActionError::NotYourTurn);
    t.act(Imperial, PlayCard);
    t.refuse(Imperial, PlayCard, ActionError::NotYourTurn);
    t.act(Rebel, PlayCard);
    assert_eq!(t.turn(), Some(Imperial));
    assert_eq!(
        t.state.active_players().iter().collect::<Vec<_>>(),
        vec![Imperial]
    );
    assert!(t.legal(Rebel).is_empty());
}

// ---------------------------------------------------------------------------------------------
// Empty deck (FAQ, Ruling 5)

#[test]
fn drawing_from_an_empty_deck_first_shuffles_the_discard_pile_into_a_new_deck() {
    let mut t = Table::new("Battle of Hoth", Rebel);
    t.empty_deck(Rebel);
    let discard = t.side(Rebel).discard.len();
    assert!(t.side(Rebel).deck.is_empty());
    assert_eq!(t.legal(Rebel), vec![PlayCard]);
    t.act(Rebel, PlayCard);
    let events = t.events();
    assert_eq!(events[0], LogEvent::DiscardReshuffled { side: Rebel });
    assert!(matches!(
        events[1],
        LogEvent::CardPlayed { side: Rebel, .. }
    ));
    assert!(t.side(Rebel).discard.is_empty());
    assert_eq!(t.side(Rebel).deck.len(), discard - 1);
    assert_eq!(t.side(Rebel).play.len(), 1);
    check_invariants(&t.state);
}

// ---------------------------------------------------------------------------------------------
// Totals count only at the end

#[test]
fn going_over_during_the_struggle_does_not_matter_if_you_come_back_down() {
    let mut t = Table::new("Control of Endor", Rebel); // objective 9, capacity 2
    let han = character(HanSolo);
    let diplomacy = regular(Rebel, Diplomacy, 5);
    t.to_play(han)
        .to_play(diplomacy)
        .to_play(regular(Imperial, Force, 5))
        .balance(Imperial);
    assert_eq!(t.total(Rebel), 11);
    t.act(Rebel, UsePower(diplomacy));
    t.act(Rebel, SelectCard(han));
    assert_eq!(t.total(Rebel), 5);
    t.act(Imperial, Pass);
    t.act(Rebel, Pass);
    // 5 against 5, under 9: the balance token (Imperial) wins the tie.
    assert!(t.events().contains(&LogEvent::DominanceDecided {
        winner: Some(Imperial),
        totals: [5, 5]
    }));
}

// ---------------------------------------------------------------------------------------------
// Who goes first

fn finish_round_won_by(winner: Side) -> Table {
    let mut t = Table::new("Battle of Hoth", Rebel);
    let (hi, lo) = (5, 2);
    let (r, i) = if winner == Rebel { (hi, lo) } else { (lo, hi) };
    t.to_play(regular(Rebel, Military, r))
        .to_play(regular(Imperial, Military, i));
    t.end_struggle();
    t
}

#[test]
fn the_balance_token_side_takes_the_first_turn_of_the_next_round() {
    for winner in Side::BOTH {
        let mut t = finish_round_won_by(winner);
        // Fewest victory points: the loser.
        assert_eq!(t.state.balance, winner.opponent());
        assert_eq!(t.state.phase, Phase::ChooseStrategies);
        for side in Side::BOTH {
            t.act(
                side,
                ChooseStrategy {
                    side,
                    strategy: Strategy::Deception,
                },
            );
        }
        assert_eq!(t.turn(), Some(winner.opponent()));
        assert_eq!(t.actor(), winner.opponent());
        // Nobody has a card in play at the start of a round.
        assert_eq!(t.legal(winner.opponent()), vec![PlayCard]);
        assert!(t.side(Rebel).play.is_empty() && t.side(Imperial).play.is_empty());
        check_invariants(&t.state);
    }
}

#[test]
fn at_the_start_of_a_round_every_card_is_back_in_the_deck_and_ready() {
    let mut t = Table::new("Battle of Hoth", Rebel);
    t.to_play_exhausted(regular(Rebel, Military, 5))
        .to_discard(regular(Rebel, Force, 3))
        .to_play(regular(Imperial, Military, 2))
        .to_discard(character(DarthVader));
    t.end_struggle();
    for side in Side::BOTH {
        let s = t.side(side);
        assert_eq!(s.deck.len(), 20, "{side:?}");
        assert!(s.play.is_empty() && s.discard.is_empty());
        assert_eq!(s.exhausted, 0);
        assert_eq!(s.reserve.len(), 4);
    }
    for side in Side::BOTH {
        assert!(t.events().contains(&LogEvent::DeckShuffled { side }));
    }
}
