//! The rulebook's FAQ, one test per question, each in the exact situation it asks about.
mod common;

use common::*;
use evr_engine::state::{DominanceStep, Phase, PowerStep};
use evr_engine::view::OpponentStrategy;
use evr_engine::*;
use Action::*;
use Character::*;
use ResourceType::*;
use Side::*;

/// Q. Can a character resource card's power affect itself?
/// A. Yes, unless the power specifies "another" resource card.
#[test]
fn faq_a_characters_power_can_affect_itself() {
    // Lando discards himself and plays one card in his place.
    let mut t = Table::new("Battle of Hoth", Rebel);
    let lando = character(LandoCalrissian);
    let next = regular(Rebel, Force, 4);
    t.to_play(lando).to_top(next);
    t.act(Rebel, UsePower(lando));
    t.act(Rebel, SelectCard(lando));
    t.act(Rebel, Decline);
    assert!(t.in_discard(lando));
    assert_eq!(t.side(Rebel).play.as_slice(), &[next]);

    // Luke discards himself.
    let mut t = Table::new("Battle of Hoth", Rebel);
    let luke = character(LukeSkywalker);
    t.to_play(luke);
    t.act(Rebel, UsePower(luke));
    assert_eq!(t.legal(Rebel), vec![SelectCard(luke)]);
    t.act(Rebel, SelectCard(luke));
    assert!(t.in_discard(luke));

    // Darth Vader, exhausted by his own power, sends himself to the reserve.
    let mut t = Table::new("Battle of Hoth", Imperial);
    let vader = character(DarthVader);
    t.to_play(vader);
    t.act(Imperial, UsePower(vader));
    assert_eq!(t.legal(Imperial), vec![SelectCard(vader)]);
    t.act(Imperial, SelectCard(vader));
    assert!(t.in_reserve(vader));

    // Jabba discards himself to make room for the card he looked at.
    let mut t = Table::new("Control of Endor", Imperial); // capacity 2
    let jabba = character(JabbaTheHutt);
    let other = regular(Imperial, Force, 2);
    let peek = regular(Imperial, Military, 5);
    t.to_play(jabba).to_play(other).to_top(peek);
    t.act(Imperial, UsePower(jabba));
    t.act(Imperial, SelectCard(jabba));
    t.act(Imperial, PlaySelected);
    assert_eq!(t.side(Imperial).play.as_slice(), &[other, peek]);
    check_invariants(&t.state);
}

/// Q. What happens if a player's resource deck is empty?
/// A. He shuffles his discard pile to create a new resource deck.
#[test]
fn faq_an_empty_resource_deck_is_rebuilt_from_the_discard_pile() {
    let mut t = Table::new("Battle of Hoth", Imperial);
    t.to_play(regular(Imperial, Force, 2)).empty_deck(Imperial);
    let discard: Vec<CardId> = t.side(Imperial).discard.iter().collect();
    assert!(t.side(Imperial).deck.is_empty());
    t.act(Imperial, PlayCard);
    assert_eq!(
        t.events()[0],
        LogEvent::DiscardReshuffled { side: Imperial }
    );
    let played = t.side(Imperial).play.top().unwrap();
    assert!(discard.contains(&played));
    assert!(t.side(Imperial).discard.is_empty());
    assert_eq!(t.side(Imperial).deck.len(), discard.len() - 1);
    check_invariants(&t.state);
}

/// Q. Can a player exhaust a character resource card without using its power?
/// A. A power must be resolved if able; a character whose power cannot be resolved may
///    still be exhausted.
#[test]
fn faq_a_character_may_be_exhausted_only_when_its_power_cannot_be_resolved() {
    // Obi-Wan with an empty discard pile: exhausted, nothing happens, 6 → 1.
    let mut t = Table::new("Battle of Hoth", Rebel);
    let obi = character(ObiWanKenobi);
    t.to_play(obi);
    assert_eq!(t.total(Rebel), 6);
    t.act(Rebel, UsePower(obi));
    t.assert_no_effect(obi);
    assert_eq!(t.total(Rebel), 1);

    // Boba Fett with a target must resolve: no way to stop before doing something.
    let mut t = Table::new("Battle of Hoth", Imperial);
    let boba = character(BobaFett);
    let target = regular(Rebel, Force, 5);
    t.to_play(boba).to_play_exhausted(target);
    t.act(Imperial, UsePower(boba));
    assert_eq!(t.power_step(), Some(PowerStep::BobaDiscard));
    // Nothing is ready, so the discard is the only way and it cannot be declined.
    assert_eq!(t.legal(Imperial), vec![SelectCard(target)]);
    t.refuse(Imperial, Decline, ActionError::CannotDecline);
    t.act(Imperial, SelectCard(target));
    assert!(t.in_discard(target));
}

/// Q. Does a power allow a player to play a card beyond the event's capacity?
/// A. No.
#[test]
fn faq_no_power_plays_a_card_beyond_capacity() {
    // Han Solo at capacity: no search-and-play, only the shuffle.
    let mut t = Table::new("Control of Endor", Rebel); // capacity 2
    let han = character(HanSolo);
    t.to_play(han).to_play(regular(Rebel, Force, 2));
    t.act(Rebel, UsePower(han));
    assert_eq!(t.power_step(), None);
    assert_eq!(t.side(Rebel).play.len(), 2);

    // Obi-Wan at capacity: nothing.
    let mut t = Table::new("Control of Endor", Rebel);
    let obi = character(ObiWanKenobi);
    t.to_play(obi)
        .to_play(regular(Rebel, Force, 2))
        .to_discard(regular(Rebel, Military, 5));
    t.act(Rebel, UsePower(obi));
    t.assert_no_effect(obi);

    // Leia at capacity: the character can only be shuffled in.
    let mut t = Table::new("Control of Endor", Rebel);
    let leia = character(LeiaOrgana);
    t.to_play(leia).to_play(regular(Rebel, Force, 2));
    t.act(Rebel, UsePower(leia));
    t.act(Rebel, SelectCard(character(Yoda)));
    t.refuse(Rebel, PlaySelected, ActionError::InvalidChoice);
    assert_eq!(t.legal(Rebel), vec![ShuffleSelected]);
    check_invariants(&t.state);
}

/// Q. How does a player add a character resource card to his deck?
/// A. He secretly chooses one from his reserve and shuffles it into his resource deck.
#[test]
fn faq_adding_a_character_is_a_secret_choice_from_the_reserve() {
    // Rebel Uprising (an "add a character" event) won by the Imperial.
    let mut t = Table::new("Rebel Uprising", Rebel);
    t.to_play(regular(Rebel, Force, 2))
        .to_play(regular(Imperial, Military, 5));
    t.end_struggle();
    assert_eq!(
        t.dominance_step(),
        Some(DominanceStep::MayAddCharacter { side: Imperial })
    );
    // Only reserve characters can be chosen.
    let reserve: Vec<CardId> = t.side(Imperial).reserve.iter().collect();
    assert!(t
        .legal(Imperial)
        .iter()
        .all(|a| matches!(a, SelectCard(c) if reserve.contains(c)) || *a == Decline));
    let jabba = character(JabbaTheHutt);
    t.act(Imperial, SelectCard(jabba));
    assert!(t.in_deck(jabba));
    assert_eq!(t.side(Imperial).deck.len(), 21);
    let rebel_log = t.log_for(Rebel);
    assert!(rebel_log.contains(&LogEvent::CharacterShuffledIn {
        side: Imperial,
        card: None
    }));
    assert!(!names_card(&rebel_log, jabba));
    let rebel_view = t.state.view(Rebel);
    assert!(!names_card(&rebel_view, jabba));
    assert_eq!(rebel_view.opponent.reserve_count, 3);
    check_invariants(&t.state);
}

/// Q. What if Emperor Palpatine or R2-D2 and C-3PO make a player discard his only unused
///    strategy?
/// A. He immediately retrieves all his strategy cards and chooses as normal.
#[test]
fn faq_discarding_the_only_unused_strategy_retrieves_them_all() {
    let four_used = [
        Strategy::DirectAssault,
        Strategy::Deception,
        Strategy::Infiltration,
        Strategy::Support,
    ];
    let all: Vec<Action> = Strategy::ALL.into_iter().map(SelectStrategy).collect();

    // Emperor Palpatine against the Rebel.
    let mut t = Table::new("Battle of Hoth", Imperial);
    let emperor = character(EmperorPalpatine);
    t.to_play(emperor)
        .used(Rebel, &four_used)
        .strategy(Rebel, Strategy::Bureaucracy);
    t.act(Imperial, UsePower(emperor));
    assert!(t
        .events()
        .contains(&LogEvent::StrategiesRetrieved { side: Rebel }));
    assert_eq!(t.side(Rebel).used_strategies, 0);
    assert_eq!(
        t.state.view(Rebel).me.unused_strategies,
        Strategy::ALL.to_vec()
    );
    assert_eq!(t.legal(Rebel), all);
    t.act(Rebel, SelectStrategy(Strategy::Deception));
    assert_eq!(t.side(Rebel).strategy, Some(Strategy::Deception));

    // R2-D2 and C-3PO on their own player's card.
    let mut t = Table::new("Battle of Hoth", Rebel);
    let droids = character(R2D2AndC3PO);
    t.to_play(droids)
        .used(Rebel, &four_used)
        .strategy(Rebel, Strategy::Bureaucracy);
    t.act(Rebel, UsePower(droids));
    assert_eq!(t.side(Rebel).used_strategies, 0);
    assert_eq!(t.legal(Rebel), all);
    t.act(Rebel, SelectStrategy(Strategy::Infiltration));
    assert_eq!(t.side(Rebel).strategy, Some(Strategy::Infiltration));
}

/// Q. Can a player choose not to resolve his strategy card's effect?
/// A. No, he must resolve it if able.
#[test]
fn faq_a_strategy_cannot_be_declined() {
    // Support must move a character.
    let mut t = Table::new("Battle of Yavin", Rebel);
    t.to_play(regular(Rebel, Force, 2))
        .to_play(regular(Imperial, Military, 5))
        .strategy(Rebel, Strategy::Support);
    t.end_struggle();
    assert_eq!(
        t.dominance_step(),
        Some(DominanceStep::Support { side: Rebel })
    );
    assert!(!t.legal(Rebel).contains(&Decline));
    t.refuse(Rebel, Decline, ActionError::CannotDecline);

    // Deception swaps even when its owner was winning.
    let mut t = Table::new("Battle of Yavin", Rebel);
    t.to_play(regular(Rebel, Military, 5))
        .to_play(regular(Imperial, Force, 2))
        .strategy(Rebel, Strategy::Deception);
    t.end_struggle();
    assert!(t.events().contains(&LogEvent::DominanceDecided {
        winner: Some(Imperial),
        totals: [5, 2]
    }));

    // Direct Assault adds its 2 even when that pushes its owner over.
    let mut t = Table::new("Control of Endor", Rebel); // objective 9
    t.to_play(character(HanSolo))
        .to_play(regular(Rebel, Military, 2))
        .to_play(regular(Imperial, Force, 2))
        .strategy(Rebel, Strategy::DirectAssault);
    t.end_struggle();
    assert!(t.events().contains(&LogEvent::DominanceDecided {
        winner: Some(Imperial),
        totals: [10, 2]
    }));
}

/// Q. What happens if both players choose Deception?
/// A. Neither Deception is resolved.
#[test]
fn faq_when_both_choose_deception_neither_is_resolved() {
    let mut t = Table::new("Battle of Yavin", Rebel);
    t.to_play(regular(Rebel, Military, 5))
        .to_play(regular(Imperial, Force, 3))
        .strategy(Rebel, Strategy::Deception)
        .strategy(Imperial, Strategy::Deception);
    t.end_struggle();
    for side in Side::BOTH {
        assert!(t.events().contains(&LogEvent::StrategyRevealed {
            side,
            strategy: Strategy::Deception
        }));
        assert!(t.events().contains(&LogEvent::StrategyNotResolved {
            side,
            strategy: Strategy::Deception
        }));
    }
    assert!(t.events().contains(&LogEvent::DominanceDecided {
        winner: Some(Rebel),
        totals: [5, 3]
    }));
    assert_eq!(t.side(Rebel).victory_points, 3);
}

/// Round 1 of Battle of Yavin won 5 to 2 by `winner`, with these strategies.
fn after_round(winner: Side, rebel: Strategy, imperial: Strategy) -> Table {
    let mut t = Table::new("Battle of Yavin", Rebel);
    t.to_play(regular(winner, Military, 5))
        .to_play(regular(winner.opponent(), Force, 2))
        .strategy(Rebel, rebel)
        .strategy(Imperial, imperial);
    t.end_struggle();
    assert_eq!(t.state.phase, Phase::ChooseStrategies);
    t
}

/// Q. Can a player look at a strategy card chosen with Infiltration?
/// A. Yes, a player may look at his own strategy card at any time.
#[test]
fn faq_a_player_may_look_at_the_strategy_chosen_for_him_by_infiltration() {
    let mut t = after_round(Rebel, Strategy::Bureaucracy, Strategy::Infiltration);
    t.act(
        Imperial,
        ChooseStrategy {
            side: Rebel,
            strategy: Strategy::Deception,
        },
    );
    let view = t.state.view(Rebel);
    assert_eq!(view.me.strategy, Some(Strategy::Deception));
    assert!(t.log_for(Rebel).contains(&LogEvent::StrategyChosen {
        side: Rebel,
        by: Imperial,
        strategy: Some(Strategy::Deception),
        random: false
    }));
    t.act(
        Imperial,
        ChooseStrategy {
            side: Imperial,
            strategy: Strategy::Support,
        },
    );
    // Still visible to its owner during the struggle.
    assert_eq!(t.state.view(Rebel).me.strategy, Some(Strategy::Deception));
    assert_eq!(
        t.state.view(Imperial).opponent.strategy,
        OpponentStrategy::Known(Strategy::Deception)
    );
}

/// Q. What happens if both players choose Infiltration?
/// A. Both choose their opponent's strategy simultaneously; then each may look at his own.
#[test]
fn faq_when_both_choose_infiltration_both_choose_the_others_card_simultaneously() {
    let mut t = after_round(Imperial, Strategy::Infiltration, Strategy::Infiltration);
    assert_eq!(
        t.state.active_players().iter().collect::<Vec<_>>(),
        vec![Rebel, Imperial]
    );
    for side in Side::BOTH {
        assert!(t
            .legal(side)
            .iter()
            .all(|a| matches!(a, ChooseStrategy { side: s, .. } if *s == side.opponent())));
        t.refuse(
            side,
            ChooseStrategy {
                side,
                strategy: Strategy::Support,
            },
            ActionError::NotYourStrategyToChoose,
        );
    }
    t.act(
        Rebel,
        ChooseStrategy {
            side: Imperial,
            strategy: Strategy::DirectAssault,
        },
    );
    // Simultaneous: the Imperial chooses without seeing what was chosen for them.
    let imperial = t.state.view(Imperial);
    assert_eq!(imperial.me.strategy, None);
    assert!(imperial
        .me
        .unused_strategies
        .contains(&Strategy::DirectAssault));
    assert!(!t.log_for(Imperial).iter().any(|e| matches!(
        e,
        LogEvent::StrategyChosen {
            strategy: Some(_),
            ..
        }
    )));
    t.act(
        Imperial,
        ChooseStrategy {
            side: Rebel,
            strategy: Strategy::Support,
        },
    );
    assert!(matches!(t.state.phase, Phase::Struggle { .. }));
    // Now each may look at their own card.
    assert!(t.log_for(Imperial).contains(&LogEvent::StrategyChosen {
        side: Imperial,
        by: Rebel,
        strategy: Some(Strategy::DirectAssault),
        random: false
    }));
    assert_eq!(t.state.view(Rebel).me.strategy, Some(Strategy::Support));
    assert_eq!(
        t.state.view(Imperial).me.strategy,
        Some(Strategy::DirectAssault)
    );
}

/// Q. How many influence tokens can a player have?
/// A. There is no limit.
#[test]
fn faq_there_is_no_limit_to_influence() {
    let mut t = Table::new("Battle of Hoth", Rebel);
    let yoda = character(Yoda);
    t.to_play(yoda).influence(Rebel, 16).influence(Imperial, 16);
    t.act(Rebel, UsePower(yoda));
    assert_eq!(t.influence_of(Rebel), 17, "beyond the 16 tokens in the box");
    // And it is spent as usual.
    t.act(Imperial, PlayCard);
    t.act(Rebel, SpendInfluence(yoda));
    assert_eq!(t.influence_of(Rebel), 16);
    // Winning influence adds up past 16 too.
    let mut t = Table::new("Control of Endor", Rebel); // 2 influence
    t.to_play(regular(Rebel, Military, 5))
        .to_play(regular(Imperial, Force, 2))
        .influence(Rebel, 30);
    t.end_struggle();
    assert_eq!(t.influence_of(Rebel), 32);
}

/// Q. What happens if a player must discard more influence than he has?
/// A. He discards all of his influence instead.
#[test]
fn faq_discarding_more_influence_than_you_have_discards_all() {
    // Grand Moff Tarkin against 1 token.
    let mut t = Table::new("Battle of Hoth", Imperial);
    let tarkin = character(GrandMoffTarkin);
    t.to_play(tarkin).influence(Rebel, 1);
    t.act(Imperial, UsePower(tarkin));
    assert_eq!(t.influence_of(Rebel), 0);
    assert!(t.events().contains(&LogEvent::InfluenceLost {
        side: Rebel,
        amount: 1
    }));

    // Destroy the Shield Generator lost with 1 token (Direct Assault, not Bureaucracy).
    let mut t = Table::new("Destroy the Shield Generator", Rebel);
    t.to_play(regular(Rebel, Military, 5))
        .to_play(regular(Imperial, Force, 2))
        .strategy(Imperial, Strategy::DirectAssault)
        .influence(Imperial, 1);
    t.end_struggle();
    assert_eq!(t.influence_of(Imperial), 0);
    assert!(t.events().contains(&LogEvent::InfluenceLost {
        side: Imperial,
        amount: 1
    }));
}
