//! Scenario tests: every power of every resource card.
mod common;

use common::*;
use evr_engine::state::{Phase, PowerStep};
use evr_engine::*;
use ResourceType::*;
use Side::*;

#[test]
fn military_discards_an_opponent_card_of_your_choice() {
    let mut t = Table::new("Battle of Hoth", Rebel);
    let military = regular(Rebel, Military, 4);
    let a = regular(Imperial, Force, 3);
    let b = character(Character::DarthVader);
    t.to_play(military).to_play(a).to_play(b);
    t.act(Rebel, Action::UsePower(military));
    assert!(t.exhausted(military));
    assert_eq!(
        t.legal(Rebel),
        vec![Action::SelectCard(a), Action::SelectCard(b)]
    );
    t.act(Rebel, Action::SelectCard(b));
    assert!(t.in_discard(b) && t.in_play(a));
    // The power is over: the opponent's turn.
    assert!(t.state.active_players().contains(Imperial));
    check_invariants(&t.state);
}

#[test]
fn military_with_no_opponent_card_is_exhausted_with_no_effect() {
    let mut t = Table::new("Battle of Hoth", Rebel);
    let military = regular(Rebel, Military, 4);
    t.to_play(military);
    t.act(Rebel, Action::UsePower(military));
    assert!(t.exhausted(military));
    assert!(t.events().contains(&LogEvent::PowerHadNoEffect {
        side: Rebel,
        card: military
    }));
    assert!(matches!(
        t.state.phase,
        Phase::Struggle {
            turn: Imperial,
            power: None,
            ..
        }
    ));
}

#[test]
fn most_desperate_hour_switches_off_military() {
    let mut t = Table::new("Most Desperate Hour", Rebel);
    let military = regular(Rebel, Military, 4);
    let a = regular(Imperial, Force, 3);
    t.to_play(military).to_play(a);
    t.act(Rebel, Action::UsePower(military));
    assert!(t.exhausted(military) && t.in_play(a));
    assert!(matches!(
        t.state.phase,
        Phase::Struggle {
            turn: Imperial,
            power: None,
            ..
        }
    ));
}

#[test]
fn recon_looks_at_two_discards_one_and_returns_the_other_on_top() {
    let mut t = Table::new("Battle of Hoth", Rebel);
    let recon = regular(Rebel, Recon, 2);
    let x = regular(Imperial, Military, 5);
    let y = regular(Imperial, Diplomacy, 2);
    t.to_play(recon).to_top(x).to_top(y);
    t.act(Rebel, Action::UsePower(recon));
    t.act(Rebel, Action::SelectDeck(Imperial));
    match t.state.phase {
        Phase::Struggle {
            power: Some((_, PowerStep::ReconDiscard { seen, count: 2, .. })),
            ..
        } => assert_eq!(seen, [y, x]),
        other => panic!("{other:?}"),
    }
    // The opponent's view does not show the seen cards; the Recon player's does.
    let mine = t.state.view(Rebel);
    assert!(
        matches!(mine.decision, Some(view::Decision::Power { ref seen, .. }) if seen == &vec![y, x])
    );
    assert!(t.state.view(Imperial).decision.is_none());
    t.act(Rebel, Action::SelectCard(x));
    assert!(t.in_discard(x));
    assert_eq!(t.top(Imperial), Some(y));
    check_invariants(&t.state);
}

// ---------------------------------------------------------------------------------------------
// Shared bits for the scenarios below.

use evr_engine::log::Zone;
use evr_engine::view::{Decision, OpponentStrategy};
use Action::*;
use Character::*;

fn select_all(cards: &[CardId]) -> Vec<Action> {
    cards.iter().map(|c| SelectCard(*c)).collect()
}

fn deck_of(t: &Table, side: Side) -> Vec<CardId> {
    t.side(side).deck.iter().collect()
}

fn sorted(mut v: Vec<CardId>) -> Vec<CardId> {
    v.sort();
    v
}

// ---------------------------------------------------------------------------------------------
// Military

#[test]
fn military_may_discard_an_exhausted_card() {
    let mut t = Table::new("Battle of Hoth", Rebel);
    let military = regular(Rebel, Military, 2);
    let tired = character(Character::DarthVader);
    t.to_play(military).to_play_exhausted(tired);
    t.act(Rebel, UsePower(military));
    assert_eq!(t.legal(Rebel), vec![SelectCard(tired)]);
    t.act(Rebel, SelectCard(tired));
    // A discarded character goes to the discard pile (only Vader sends it to the reserve).
    assert!(t.in_discard(tired) && !t.exhausted(tired));
    assert!(t.events().contains(&LogEvent::CardDiscarded {
        card: tired,
        from: Zone::Play
    }));
    check_invariants(&t.state);
}

// ---------------------------------------------------------------------------------------------
// Diplomacy

#[test]
fn diplomacy_discards_one_of_your_own_cards() {
    let mut t = Table::new("Battle of Hoth", Rebel);
    let diplomacy = regular(Rebel, Diplomacy, 3);
    let other = regular(Rebel, Force, 5);
    let theirs = regular(Imperial, Military, 2);
    t.to_play(diplomacy).to_play(other).to_play(theirs);
    t.act(Rebel, UsePower(diplomacy));
    assert_eq!(t.power_step(), Some(PowerStep::DiplomacyTarget));
    // Own cards only, itself included; never the opponent's.
    assert_eq!(t.legal(Rebel), select_all(&[diplomacy, other]));
    assert!(t.legal(Imperial).is_empty());
    t.refuse(Rebel, SelectCard(theirs), ActionError::InvalidChoice);
    t.act(Rebel, SelectCard(other));
    assert!(t.in_discard(other) && t.in_play(diplomacy) && t.in_play(theirs));
    assert_eq!(t.total(Rebel), 3);
    assert_eq!(t.turn(), Some(Imperial));
    check_invariants(&t.state);
}

#[test]
fn diplomacy_may_discard_itself() {
    let mut t = Table::new("Battle of Hoth", Imperial);
    let diplomacy = regular(Imperial, Diplomacy, 5);
    let kept = regular(Imperial, Recon, 4);
    t.to_play(kept).to_play(diplomacy);
    t.act(Imperial, UsePower(diplomacy));
    t.act(Imperial, SelectCard(diplomacy));
    assert!(t.in_discard(diplomacy) && !t.exhausted(diplomacy));
    assert_eq!(t.side(Imperial).play.as_slice(), &[kept]);
    assert_eq!(t.total(Imperial), 4);
    assert_eq!(t.turn(), Some(Rebel));
    check_invariants(&t.state);
}

#[test]
fn diplomacy_alone_must_discard_itself() {
    let mut t = Table::new("Battle of Hoth", Rebel);
    let diplomacy = regular(Rebel, Diplomacy, 2);
    t.to_play(diplomacy);
    t.act(Rebel, UsePower(diplomacy));
    assert_eq!(t.legal(Rebel), vec![SelectCard(diplomacy)]);
    t.refuse(Rebel, Decline, ActionError::CannotDecline);
    t.act(Rebel, SelectCard(diplomacy));
    assert!(t.side(Rebel).play.is_empty());
}

// ---------------------------------------------------------------------------------------------
// The Force

#[test]
fn the_force_exhausts_a_ready_card_of_either_side_without_its_power() {
    let mut t = Table::new("Battle of Hoth", Rebel);
    let force = regular(Rebel, Force, 2);
    let luke = character(LukeSkywalker);
    let tired = regular(Imperial, Recon, 4);
    let vader = character(DarthVader);
    t.to_play(force)
        .to_play(luke)
        .to_play_exhausted(tired)
        .to_play(vader);
    t.act(Rebel, UsePower(force));
    assert_eq!(t.power_step(), Some(PowerStep::ForceTarget));
    // Ready cards of both sides; not the Force card itself (now exhausted), not `tired`.
    assert_eq!(t.legal(Rebel), select_all(&[luke, vader]));
    assert_eq!(t.total(Imperial), 10);
    t.act(Rebel, SelectCard(vader));
    assert!(t.exhausted(vader));
    // Vader's value drops from 6 to 1 and his power does not happen.
    assert_eq!(t.total(Imperial), 5);
    assert!(t
        .events()
        .contains(&LogEvent::CardExhausted { card: vader }));
    assert!(!t.events().contains(&LogEvent::PowerUsed {
        side: Imperial,
        card: vader
    }));
    assert_eq!(t.turn(), Some(Imperial));
    // Vader can no longer use his power.
    t.refuse(Imperial, UsePower(vader), ActionError::CardNotUsable);
}

#[test]
fn the_force_on_your_own_character_drops_its_value_from_6_to_1() {
    let mut t = Table::new("Battle of Hoth", Rebel);
    let force = regular(Rebel, Force, 3);
    let han = character(HanSolo);
    t.to_play(force).to_play(han);
    assert_eq!(t.total(Rebel), 9);
    t.act(Rebel, UsePower(force));
    // Only own cards are ready: one of them must be exhausted (Ruling 1).
    assert_eq!(t.legal(Rebel), vec![SelectCard(han)]);
    t.act(Rebel, SelectCard(han));
    assert!(t.exhausted(han));
    assert_eq!(t.total(Rebel), 4);
    assert_eq!(
        t.state.view(Rebel).me.play[1],
        view::InPlay {
            card: han,
            exhausted: true
        }
    );
}

#[test]
fn the_force_with_no_ready_card_in_play_has_no_effect() {
    let mut t = Table::new("Battle of Hoth", Rebel);
    let force = regular(Rebel, Force, 3);
    let tired = regular(Imperial, Force, 3);
    t.to_play(force).to_play_exhausted(tired);
    t.act(Rebel, UsePower(force));
    t.assert_no_effect(force);
}

// ---------------------------------------------------------------------------------------------
// Recon

#[test]
fn recon_on_your_own_deck_is_secret_from_the_opponent() {
    let mut t = Table::new("Battle of Hoth", Rebel);
    let recon = regular(Rebel, Recon, 3);
    let a = regular(Rebel, Military, 5);
    let b = character(Chewbacca);
    t.to_play(recon).stack(&[a, b]);
    t.act(Rebel, UsePower(recon));
    assert_eq!(t.power_step(), Some(PowerStep::ReconDeck));
    assert_eq!(
        t.legal(Rebel),
        vec![SelectDeck(Rebel), SelectDeck(Imperial)]
    );
    t.act(Rebel, SelectDeck(Rebel));
    assert_eq!(t.legal(Rebel), select_all(&[b, a]));
    t.act(Rebel, SelectCard(b));
    assert!(t.in_discard(b));
    assert_eq!(t.top(Rebel), Some(a));
    let theirs = t.log_for(Imperial);
    assert!(theirs.contains(&LogEvent::CardsSeen {
        side: Rebel,
        deck: Rebel,
        count: 2,
        cards: None
    }));
    assert!(theirs.contains(&LogEvent::CardPutOnTop {
        deck: Rebel,
        card: None,
        from: Zone::Deck
    }));
    // The discarded card is public; the one put back is not.
    assert!(names_card(&theirs, b));
    assert!(!names_card(&theirs, a));
    let mine = t.log_for(Rebel);
    assert!(mine.contains(&LogEvent::CardsSeen {
        side: Rebel,
        deck: Rebel,
        count: 2,
        cards: Some([b, a])
    }));
    assert!(mine.contains(&LogEvent::CardPutOnTop {
        deck: Rebel,
        card: Some(a),
        from: Zone::Deck
    }));
    check_invariants(&t.state);
}

#[test]
fn recon_reshuffles_the_discard_pile_when_the_deck_runs_out_mid_look() {
    let mut t = Table::new("Battle of Hoth", Rebel);
    let recon = regular(Rebel, Recon, 3);
    let last = regular(Imperial, Diplomacy, 4);
    t.to_play(recon).empty_deck(Imperial).to_top(last);
    assert_eq!(t.side(Imperial).deck.len(), 1);
    let discard_before = t.side(Imperial).discard.len();
    t.act(Rebel, UsePower(recon));
    t.act(Rebel, SelectDeck(Imperial));
    let Some(PowerStep::ReconDiscard { deck, seen, count }) = t.power_step() else {
        panic!("{:?}", t.state.phase)
    };
    assert_eq!((deck, count), (Imperial, 2));
    // The last card of the deck first, then the top of the reshuffled discard pile.
    assert_eq!(seen[0], last);
    assert!(t
        .events()
        .contains(&LogEvent::DiscardReshuffled { side: Imperial }));
    assert!(t.side(Imperial).discard.is_empty());
    assert_eq!(t.side(Imperial).deck.len(), discard_before - 1);
    check_invariants(&t.state);
    t.act(Rebel, SelectCard(last));
    assert_eq!(t.side(Imperial).discard.as_slice(), &[last]);
    assert_eq!(t.top(Imperial), Some(seen[1]));
    check_invariants(&t.state);
}

#[test]
fn recon_with_only_one_card_available_discards_it() {
    let mut t = Table::new("Duel on Cloud City", Rebel);
    let recon = regular(Rebel, Recon, 5);
    let only = regular(Imperial, Force, 2);
    t.to_play(recon);
    // Artificial: every other Imperial card out of the deck and discard pile.
    let others: Vec<CardId> = t
        .side(Imperial)
        .deck
        .iter()
        .filter(|c| *c != only)
        .collect();
    for c in others {
        t.to_play(c);
    }
    t.to_top(only);
    t.act(Rebel, UsePower(recon));
    t.act(Rebel, SelectDeck(Imperial));
    // Nothing to choose: the single card seen is discarded.
    assert_eq!(t.power_step(), None);
    assert_eq!(t.side(Imperial).discard.as_slice(), &[only]);
    assert!(t.side(Imperial).deck.is_empty());
    assert!(t.events().contains(&LogEvent::CardDiscarded {
        card: only,
        from: Zone::Deck
    }));
    assert!(t.log_for(Imperial).contains(&LogEvent::CardsSeen {
        side: Rebel,
        deck: Imperial,
        count: 1,
        cards: None
    }));
    assert_eq!(t.turn(), Some(Imperial));
}

// ---------------------------------------------------------------------------------------------
// Chewbacca

fn chewbacca_table() -> (Table, CardId, [CardId; 3]) {
    let mut t = Table::new("Battle of Hoth", Rebel);
    let chewie = character(Chewbacca);
    let a = regular(Imperial, Military, 2);
    let b = character(DarthVader);
    let c = regular(Imperial, Recon, 5);
    let tired = regular(Imperial, Force, 4);
    t.to_play(chewie)
        .to_play(a)
        .to_play_exhausted(tired)
        .to_play(b)
        .to_play(c);
    (t, chewie, [a, b, c])
}

#[test]
fn chewbacca_exhausts_up_to_two_opponent_cards() {
    let (mut t, chewie, [a, b, c]) = chewbacca_table();
    t.act(Rebel, UsePower(chewie));
    assert_eq!(
        t.power_step(),
        Some(PowerStep::ChewbaccaTarget { exhausted: 0 })
    );
    // Ready opponent cards only, and stopping is allowed ("up to").
    assert_eq!(
        t.legal(Rebel),
        vec![SelectCard(a), SelectCard(b), SelectCard(c), Decline]
    );
    t.act(Rebel, SelectCard(b));
    assert_eq!(
        t.power_step(),
        Some(PowerStep::ChewbaccaTarget { exhausted: 1 })
    );
    assert_eq!(t.legal(Rebel), vec![SelectCard(a), SelectCard(c), Decline]);
    t.act(Rebel, SelectCard(c));
    // Two is the limit: the power ends by itself.
    assert_eq!(t.turn(), Some(Imperial));
    assert!(t.exhausted(b) && t.exhausted(c) && !t.exhausted(a));
    assert_eq!(t.total(Imperial), 2 + 4 + 1 + 5);
}

#[test]
fn chewbacca_may_stop_after_one() {
    let (mut t, chewie, [a, b, c]) = chewbacca_table();
    t.act(Rebel, UsePower(chewie));
    t.act(Rebel, SelectCard(a));
    t.act(Rebel, Decline);
    assert_eq!(t.turn(), Some(Imperial));
    assert!(t.exhausted(a) && !t.exhausted(b) && !t.exhausted(c));
}

#[test]
fn chewbacca_may_exhaust_none() {
    let (mut t, chewie, [a, b, c]) = chewbacca_table();
    t.act(Rebel, UsePower(chewie));
    t.act(Rebel, Decline);
    assert_eq!(t.turn(), Some(Imperial));
    assert!(t.exhausted(chewie));
    assert!(!t.exhausted(a) && !t.exhausted(b) && !t.exhausted(c));
    assert!(!t.events().contains(&LogEvent::PowerHadNoEffect {
        side: Rebel,
        card: chewie
    }));
}

#[test]
fn chewbacca_stops_when_no_ready_opponent_card_is_left() {
    let mut t = Table::new("Battle of Hoth", Rebel);
    let chewie = character(Chewbacca);
    let only = regular(Imperial, Military, 3);
    t.to_play(chewie).to_play(only);
    t.act(Rebel, UsePower(chewie));
    t.act(Rebel, SelectCard(only));
    assert_eq!(t.turn(), Some(Imperial));
    assert!(t.exhausted(only));
}

#[test]
fn chewbacca_with_no_ready_opponent_card_has_no_effect() {
    let mut t = Table::new("Battle of Hoth", Rebel);
    let chewie = character(Chewbacca);
    let tired = regular(Imperial, Military, 3);
    t.to_play(chewie).to_play_exhausted(tired);
    t.act(Rebel, UsePower(chewie));
    t.assert_no_effect(chewie);
}

// ---------------------------------------------------------------------------------------------
// Han Solo

#[test]
fn han_solo_searches_his_deck_plays_a_card_and_shuffles() {
    let mut t = Table::new("Battle of Hoth", Rebel);
    let han = character(HanSolo);
    let wanted = character(LeiaOrgana);
    t.to_play(han);
    let deck = deck_of(&t, Rebel);
    assert_eq!(deck.len(), 19);
    t.act(Rebel, UsePower(han));
    assert_eq!(t.power_step(), Some(PowerStep::HanSearch));
    // In card order: the choices must not tell the order of the deck.
    assert_eq!(t.legal(Rebel), select_all(&sorted(deck.clone())));
    // Han's player sees the whole deck; the opponent sees nothing of it.
    match t.state.view(Rebel).decision {
        Some(Decision::Power { seen, .. }) => assert_eq!(seen, sorted(deck.clone())),
        other => panic!("{other:?}"),
    }
    assert!(t.state.view(Imperial).decision.is_none());
    assert!(t.events().contains(&LogEvent::DeckSearched {
        side: Rebel,
        deck: Rebel
    }));
    t.act(Rebel, SelectCard(wanted));
    assert!(t.in_play(wanted) && !t.exhausted(wanted));
    let events = t.events();
    let played = events
        .iter()
        .position(|e| {
            *e == LogEvent::CardPlayed {
                side: Rebel,
                card: wanted,
                from: Zone::Deck,
            }
        })
        .unwrap();
    let shuffled = events
        .iter()
        .position(|e| *e == LogEvent::DeckShuffled { side: Rebel })
        .unwrap();
    assert!(played < shuffled, "play, then shuffle");
    assert_eq!(t.side(Rebel).deck.len(), 18);
    assert_eq!(t.turn(), Some(Imperial));
    check_invariants(&t.state);
}

#[test]
fn han_solo_at_capacity_only_shuffles() {
    let mut t = Table::new("Control of Endor", Rebel); // capacity 2
    let han = character(HanSolo);
    let other = regular(Rebel, Force, 2);
    t.to_play(han).to_play(other);
    let deck = sorted(deck_of(&t, Rebel));
    t.act(Rebel, UsePower(han));
    // No search decision: nothing may be played, only the shuffle happens.
    assert_eq!(t.power_step(), None);
    assert_eq!(t.turn(), Some(Imperial));
    assert_eq!(t.side(Rebel).play.as_slice(), &[han, other]);
    assert_eq!(sorted(deck_of(&t, Rebel)), deck);
    assert!(t.events().contains(&LogEvent::DeckShuffled { side: Rebel }));
    assert!(!t.events().contains(&LogEvent::PowerHadNoEffect {
        side: Rebel,
        card: han
    }));
}

#[test]
fn han_solo_with_an_empty_deck_searches_the_reshuffled_discard_pile() {
    let mut t = Table::new("Battle of Hoth", Rebel);
    let han = character(HanSolo);
    t.to_play(han).empty_deck(Rebel);
    let discard = sorted(t.side(Rebel).discard.iter().collect());
    t.act(Rebel, UsePower(han));
    assert!(t
        .events()
        .contains(&LogEvent::DiscardReshuffled { side: Rebel }));
    assert_eq!(t.power_step(), Some(PowerStep::HanSearch));
    assert_eq!(sorted(deck_of(&t, Rebel)), discard);
    assert!(t.side(Rebel).discard.is_empty());
}

// ---------------------------------------------------------------------------------------------
// Lando Calrissian

#[test]
fn lando_discards_n_cards_then_plays_n_from_the_deck() {
    let mut t = Table::new("Battle of Hoth", Rebel);
    let lando = character(LandoCalrissian);
    let a = regular(Rebel, Military, 5);
    let b = regular(Rebel, Recon, 4);
    let x = regular(Rebel, Force, 2);
    let y = regular(Rebel, Diplomacy, 3);
    t.to_play(lando).to_play(a).to_play(b).stack(&[y, x]);
    t.act(Rebel, UsePower(lando));
    assert_eq!(
        t.power_step(),
        Some(PowerStep::LandoDiscard { discarded: 0 })
    );
    assert_eq!(
        t.legal(Rebel),
        vec![SelectCard(lando), SelectCard(a), SelectCard(b), Decline]
    );
    t.act(Rebel, SelectCard(a));
    assert_eq!(
        t.power_step(),
        Some(PowerStep::LandoDiscard { discarded: 1 })
    );
    assert_eq!(
        t.legal(Rebel),
        vec![SelectCard(lando), SelectCard(b), Decline]
    );
    t.act(Rebel, SelectCard(b));
    t.act(Rebel, Decline);
    assert_eq!(t.side(Rebel).play.as_slice(), &[lando, x, y]);
    assert!(t.in_discard(a) && t.in_discard(b));
    assert!(!t.exhausted(x) && !t.exhausted(y) && t.exhausted(lando));
    assert_eq!(t.turn(), Some(Imperial));
    check_invariants(&t.state);
}

#[test]
fn lando_may_discard_himself() {
    let mut t = Table::new("Battle of Hoth", Rebel);
    let lando = character(LandoCalrissian);
    let a = regular(Rebel, Military, 5);
    let x = regular(Rebel, Force, 2);
    t.to_play(lando).to_play(a).to_top(x);
    t.act(Rebel, UsePower(lando));
    t.act(Rebel, SelectCard(lando));
    assert_eq!(t.legal(Rebel), vec![SelectCard(a), Decline]);
    t.act(Rebel, Decline);
    assert!(t.in_discard(lando) && !t.exhausted(lando));
    assert_eq!(t.side(Rebel).play.as_slice(), &[a, x]);
    check_invariants(&t.state);
}

#[test]
fn lando_discarding_nothing_plays_nothing() {
    let mut t = Table::new("Battle of Hoth", Rebel);
    let lando = character(LandoCalrissian);
    t.to_play(lando);
    let deck = deck_of(&t, Rebel);
    t.act(Rebel, UsePower(lando));
    t.act(Rebel, Decline);
    assert_eq!(t.side(Rebel).play.as_slice(), &[lando]);
    assert_eq!(deck_of(&t, Rebel), deck);
    assert_eq!(t.turn(), Some(Imperial));
}

// ---------------------------------------------------------------------------------------------
// Leia Organa

#[test]
fn leia_plays_a_character_from_her_reserve() {
    let mut t = Table::new("Battle of Hoth", Rebel);
    let leia = character(LeiaOrgana);
    let yoda = character(Yoda);
    t.to_play(leia);
    let reserve: Vec<CardId> = t.side(Rebel).reserve.iter().collect();
    assert_eq!(reserve.len(), 4);
    t.act(Rebel, UsePower(leia));
    assert_eq!(t.power_step(), Some(PowerStep::LeiaCharacter));
    assert_eq!(t.legal(Rebel), select_all(&reserve));
    t.refuse(Rebel, Decline, ActionError::CannotDecline);
    t.act(Rebel, SelectCard(yoda));
    assert_eq!(t.power_step(), Some(PowerStep::LeiaPlace { card: yoda }));
    assert_eq!(t.legal(Rebel), vec![PlaySelected, ShuffleSelected]);
    t.act(Rebel, PlaySelected);
    assert!(t.in_play(yoda) && !t.exhausted(yoda));
    assert!(!t.in_reserve(yoda));
    assert!(t.log_for(Imperial).contains(&LogEvent::CardPlayed {
        side: Rebel,
        card: yoda,
        from: Zone::Reserve,
    }));
    assert_eq!(t.turn(), Some(Imperial));
    check_invariants(&t.state);
}

#[test]
fn leia_shuffles_a_character_into_her_deck_without_naming_it() {
    let mut t = Table::new("Battle of Hoth", Rebel);
    let leia = character(LeiaOrgana);
    let luke = character(LukeSkywalker);
    t.to_play(leia);
    t.act(Rebel, UsePower(leia));
    t.act(Rebel, SelectCard(luke));
    // Even mid-decision the opponent cannot tell which character was picked.
    assert!(!names_card(&t.state.view(Imperial), luke));
    t.act(Rebel, ShuffleSelected);
    assert!(t.in_deck(luke) && !t.in_reserve(luke));
    assert_eq!(t.side(Rebel).reserve.len(), 3);
    assert!(t.log_for(Rebel).contains(&LogEvent::CharacterShuffledIn {
        side: Rebel,
        card: Some(luke)
    }));
    let theirs = t.log_for(Imperial);
    assert!(theirs.contains(&LogEvent::CharacterShuffledIn {
        side: Rebel,
        card: None
    }));
    assert!(!names_card(&theirs, luke));
    let view = t.state.view(Imperial);
    assert!(!names_card(&view, luke));
    assert_eq!(view.opponent.reserve_count, 3);
    check_invariants(&t.state);
}

#[test]
fn leia_at_capacity_can_only_shuffle_in() {
    let mut t = Table::new("Control of Endor", Rebel); // capacity 2
    let leia = character(LeiaOrgana);
    let other = regular(Rebel, Force, 2);
    let obi = character(ObiWanKenobi);
    t.to_play(leia).to_play(other);
    t.act(Rebel, UsePower(leia));
    t.act(Rebel, SelectCard(obi));
    assert_eq!(t.legal(Rebel), vec![ShuffleSelected]);
    t.refuse(Rebel, PlaySelected, ActionError::InvalidChoice);
    t.act(Rebel, ShuffleSelected);
    assert!(t.in_deck(obi));
    assert_eq!(t.side(Rebel).play.len(), 2);
}

#[test]
fn leia_with_an_empty_reserve_has_no_effect() {
    let mut t = Table::new("Battle of Hoth", Rebel);
    let leia = character(LeiaOrgana);
    t.to_play(leia);
    let reserve: Vec<CardId> = t.side(Rebel).reserve.iter().collect();
    for c in reserve {
        t.to_top(c);
    }
    t.act(Rebel, UsePower(leia));
    t.assert_no_effect(leia);
}

// ---------------------------------------------------------------------------------------------
// Luke Skywalker

fn luke_table() -> (Table, CardId, CardId, CardId, CardId) {
    let mut t = Table::new("Battle of Hoth", Rebel);
    let luke = character(LukeSkywalker);
    let own = regular(Rebel, Military, 5);
    let x = regular(Imperial, Recon, 2);
    let y = character(BobaFett);
    t.to_play(luke).to_play(own).to_play(x).to_play(y);
    (t, luke, own, x, y)
}

#[test]
fn luke_discards_one_of_his_own_and_one_of_the_opponents() {
    let (mut t, luke, own, x, y) = luke_table();
    t.act(Rebel, UsePower(luke));
    assert_eq!(t.power_step(), Some(PowerStep::LukeOwn));
    assert_eq!(
        t.legal(Rebel),
        vec![SelectCard(luke), SelectCard(own), Decline]
    );
    t.act(Rebel, SelectCard(own));
    assert_eq!(
        t.power_step(),
        Some(PowerStep::LukeOpponent {
            discarded_own: true
        })
    );
    assert_eq!(t.legal(Rebel), vec![SelectCard(x), SelectCard(y), Decline]);
    t.act(Rebel, SelectCard(y));
    assert!(t.in_discard(own) && t.in_discard(y) && t.in_play(x));
    assert_eq!(t.turn(), Some(Imperial));
    check_invariants(&t.state);
}

#[test]
fn luke_may_discard_only_his_own_card() {
    let (mut t, luke, own, x, y) = luke_table();
    t.act(Rebel, UsePower(luke));
    t.act(Rebel, SelectCard(own));
    t.act(Rebel, Decline);
    assert!(t.in_discard(own) && t.in_play(x) && t.in_play(y));
    assert_eq!(t.turn(), Some(Imperial));
}

#[test]
fn luke_skipping_his_own_must_discard_an_opponent_card() {
    let (mut t, luke, own, x, y) = luke_table();
    t.act(Rebel, UsePower(luke));
    t.act(Rebel, Decline);
    assert_eq!(
        t.power_step(),
        Some(PowerStep::LukeOpponent {
            discarded_own: false
        })
    );
    // At least one part must happen (Engine ruling E): no second decline.
    assert_eq!(t.legal(Rebel), vec![SelectCard(x), SelectCard(y)]);
    t.refuse(Rebel, Decline, ActionError::CannotDecline);
    t.act(Rebel, SelectCard(x));
    assert!(t.in_discard(x) && t.in_play(own) && t.in_play(y));
}

#[test]
fn luke_with_no_opponent_card_must_discard_his_own_and_may_discard_himself() {
    let mut t = Table::new("Battle of Hoth", Rebel);
    let luke = character(LukeSkywalker);
    let own = regular(Rebel, Military, 5);
    t.to_play(luke).to_play(own);
    t.act(Rebel, UsePower(luke));
    assert_eq!(t.legal(Rebel), vec![SelectCard(luke), SelectCard(own)]);
    t.act(Rebel, SelectCard(luke));
    assert!(t.in_discard(luke));
    assert_eq!(t.side(Rebel).play.as_slice(), &[own]);
    assert_eq!(t.turn(), Some(Imperial));
}

// ---------------------------------------------------------------------------------------------
// Obi-Wan Kenobi

#[test]
fn obi_wan_plays_a_card_from_the_discard_pile() {
    let mut t = Table::new("Battle of Hoth", Rebel);
    let obi = character(ObiWanKenobi);
    let a = regular(Rebel, Military, 5);
    let b = character(HanSolo);
    t.to_play(obi).to_discard(a).to_discard(b);
    t.act(Rebel, UsePower(obi));
    assert_eq!(t.power_step(), Some(PowerStep::ObiWanCard));
    assert_eq!(t.legal(Rebel), select_all(&[a, b]));
    t.act(Rebel, SelectCard(b));
    assert!(t.in_play(b) && !t.exhausted(b) && t.in_discard(a));
    assert_eq!(t.total(Rebel), 1 + 6);
    assert_eq!(t.turn(), Some(Imperial));
    check_invariants(&t.state);
}

#[test]
fn obi_wan_with_an_empty_discard_pile_has_no_effect() {
    let mut t = Table::new("Battle of Hoth", Rebel);
    let obi = character(ObiWanKenobi);
    t.to_play(obi);
    t.act(Rebel, UsePower(obi));
    t.assert_no_effect(obi);
}

#[test]
fn obi_wan_at_capacity_has_no_effect() {
    let mut t = Table::new("Control of Endor", Rebel); // capacity 2
    let obi = character(ObiWanKenobi);
    let other = regular(Rebel, Force, 2);
    let gone = regular(Rebel, Military, 5);
    t.to_play(obi).to_play(other).to_discard(gone);
    t.act(Rebel, UsePower(obi));
    t.assert_no_effect(obi);
    assert!(t.in_discard(gone));
}

// ---------------------------------------------------------------------------------------------
// R2-D2 and C-3PO

#[test]
fn r2d2_and_c3po_discard_your_strategy_and_choose_a_new_one_secretly() {
    let mut t = Table::new("Battle of Hoth", Rebel);
    let droids = character(R2D2AndC3PO);
    t.to_play(droids)
        .strategy(Rebel, Strategy::Bureaucracy)
        .used(Rebel, &[Strategy::DirectAssault]);
    t.act(Rebel, UsePower(droids));
    assert!(t.events().contains(&LogEvent::StrategyDiscarded {
        side: Rebel,
        strategy: Strategy::Bureaucracy
    }));
    assert_eq!(
        t.power_step(),
        Some(PowerStep::NewStrategy { chooser: Rebel })
    );
    assert_eq!(t.side(Rebel).strategy, None);
    // Neither the used card nor the one just discarded.
    assert_eq!(
        t.legal(Rebel),
        vec![
            SelectStrategy(Strategy::Deception),
            SelectStrategy(Strategy::Infiltration),
            SelectStrategy(Strategy::Support)
        ]
    );
    t.refuse(
        Rebel,
        SelectStrategy(Strategy::Bureaucracy),
        ActionError::InvalidChoice,
    );
    assert!(t.legal(Imperial).is_empty());
    t.act(Rebel, SelectStrategy(Strategy::Support));
    assert_eq!(t.side(Rebel).strategy, Some(Strategy::Support));
    assert_eq!(
        t.side(Rebel).used_strategies,
        Strategy::DirectAssault.bit() | Strategy::Bureaucracy.bit()
    );
    assert_eq!(
        t.state.view(Imperial).opponent.strategy,
        OpponentStrategy::FaceDown
    );
    assert!(!names_strategy(&t.log_for(Imperial), Strategy::Support));
    assert!(t.log_for(Rebel).contains(&LogEvent::StrategyChosen {
        side: Rebel,
        by: Rebel,
        strategy: Some(Strategy::Support),
        random: false
    }));
    assert_eq!(t.state.view(Rebel).me.strategy, Some(Strategy::Support));
    assert_eq!(t.turn(), Some(Imperial));
}

#[test]
fn r2d2_and_c3po_discarding_the_last_strategy_retrieve_all_five() {
    let mut t = Table::new("Battle of Hoth", Rebel);
    let droids = character(R2D2AndC3PO);
    t.to_play(droids)
        .strategy(Rebel, Strategy::Bureaucracy)
        .used(
            Rebel,
            &[
                Strategy::DirectAssault,
                Strategy::Deception,
                Strategy::Infiltration,
                Strategy::Support,
            ],
        );
    t.act(Rebel, UsePower(droids));
    // FAQ: all discarded → all retrieved at once, before choosing.
    assert!(t
        .events()
        .contains(&LogEvent::StrategiesRetrieved { side: Rebel }));
    assert_eq!(t.side(Rebel).used_strategies, 0);
    let all: Vec<Action> = Strategy::ALL.into_iter().map(SelectStrategy).collect();
    assert_eq!(t.legal(Rebel), all);
    t.act(Rebel, SelectStrategy(Strategy::Bureaucracy));
    assert_eq!(t.side(Rebel).strategy, Some(Strategy::Bureaucracy));
    assert_eq!(t.side(Rebel).used_strategies, 0);
}

// ---------------------------------------------------------------------------------------------
// Yoda

#[test]
fn yoda_takes_one_influence() {
    let mut t = Table::new("Battle of Hoth", Rebel);
    let yoda = character(Yoda);
    t.to_play(yoda).influence(Rebel, 2);
    t.act(Rebel, UsePower(yoda));
    assert_eq!(t.influence_of(Rebel), 3);
    assert_eq!(t.influence_of(Imperial), 2);
    assert!(t.events().contains(&LogEvent::InfluenceGained {
        side: Rebel,
        amount: 1
    }));
    assert!(t.exhausted(yoda));
    assert_eq!(t.turn(), Some(Imperial));
}

// ---------------------------------------------------------------------------------------------
// Admiral Piett

#[test]
fn piett_puts_a_card_from_the_opponents_discard_pile_on_top_of_their_deck() {
    let mut t = Table::new("Battle of Hoth", Imperial);
    let piett = character(AdmiralPiett);
    let r = character(HanSolo);
    let i = regular(Imperial, Military, 5);
    t.to_play(piett).to_discard(r).to_discard(i);
    t.act(Imperial, UsePower(piett));
    assert_eq!(t.power_step(), Some(PowerStep::PiettCard));
    assert_eq!(t.legal(Imperial), select_all(&[r, i]));
    t.act(Imperial, SelectCard(r));
    assert_eq!(t.top(Rebel), Some(r));
    assert!(!t.in_discard(r) && t.in_discard(i));
    assert!(t.log_for(Rebel).contains(&LogEvent::CardPutOnTop {
        deck: Rebel,
        card: Some(r),
        from: Zone::Discard
    }));
    assert_eq!(t.turn(), Some(Rebel));
    check_invariants(&t.state);
}

#[test]
fn piett_puts_a_card_from_his_own_discard_pile_on_top_of_his_deck() {
    let mut t = Table::new("Battle of Hoth", Imperial);
    let piett = character(AdmiralPiett);
    let i = character(DarthVader);
    t.to_play(piett).to_discard(i);
    t.act(Imperial, UsePower(piett));
    t.act(Imperial, SelectCard(i));
    assert_eq!(t.top(Imperial), Some(i));
    // Next "play a card" of the Imperial brings it in.
    t.act(Rebel, PlayCard);
    t.act(Imperial, PlayCard);
    assert!(t.in_play(i));
}

#[test]
fn piett_with_both_discard_piles_empty_has_no_effect() {
    let mut t = Table::new("Battle of Hoth", Imperial);
    let piett = character(AdmiralPiett);
    t.to_play(piett);
    t.act(Imperial, UsePower(piett));
    t.assert_no_effect(piett);
}

// ---------------------------------------------------------------------------------------------
// Boba Fett

fn boba_table() -> (Table, CardId, CardId, CardId, CardId) {
    let mut t = Table::new("Battle of Hoth", Imperial);
    let boba = character(BobaFett);
    let own = regular(Imperial, Force, 3);
    let ra = regular(Rebel, Military, 4);
    let rb = character(LeiaOrgana);
    t.to_play(boba).to_play(own).to_play(ra).to_play(rb);
    (t, boba, own, ra, rb)
}

#[test]
fn boba_fett_discards_and_exhausts() {
    let (mut t, boba, own, ra, rb) = boba_table();
    t.act(Imperial, UsePower(boba));
    assert_eq!(t.power_step(), Some(PowerStep::BobaDiscard));
    assert_eq!(
        t.legal(Imperial),
        vec![SelectCard(ra), SelectCard(rb), Decline]
    );
    t.act(Imperial, SelectCard(ra));
    assert!(t.in_discard(ra));
    assert_eq!(
        t.power_step(),
        Some(PowerStep::BobaExhaust { discarded: true })
    );
    // Ready cards of either side, and the second part may be skipped.
    assert_eq!(
        t.legal(Imperial),
        vec![SelectCard(rb), SelectCard(own), Decline]
    );
    t.act(Imperial, SelectCard(rb));
    assert!(t.exhausted(rb));
    assert_eq!(t.total(Rebel), 1);
    assert_eq!(t.turn(), Some(Rebel));
    check_invariants(&t.state);
}

#[test]
fn boba_fett_may_only_discard() {
    let (mut t, boba, own, ra, rb) = boba_table();
    t.act(Imperial, UsePower(boba));
    t.act(Imperial, SelectCard(rb));
    t.act(Imperial, Decline);
    assert!(t.in_discard(rb) && !t.exhausted(ra) && !t.exhausted(own));
    assert_eq!(t.turn(), Some(Rebel));
}

#[test]
fn boba_fett_may_only_exhaust_but_then_must() {
    let (mut t, boba, own, ra, rb) = boba_table();
    t.act(Imperial, UsePower(boba));
    t.act(Imperial, Decline);
    assert_eq!(
        t.power_step(),
        Some(PowerStep::BobaExhaust { discarded: false })
    );
    assert_eq!(
        t.legal(Imperial),
        vec![SelectCard(ra), SelectCard(rb), SelectCard(own)]
    );
    t.refuse(Imperial, Decline, ActionError::CannotDecline);
    t.act(Imperial, SelectCard(own));
    assert!(t.exhausted(own) && t.in_play(ra) && t.in_play(rb));
}

#[test]
fn boba_fett_with_no_opponent_card_goes_straight_to_the_exhaust() {
    let mut t = Table::new("Battle of Hoth", Imperial);
    let boba = character(BobaFett);
    let own = regular(Imperial, Force, 3);
    t.to_play(boba).to_play(own);
    t.act(Imperial, UsePower(boba));
    assert_eq!(
        t.power_step(),
        Some(PowerStep::BobaExhaust { discarded: false })
    );
    assert_eq!(t.legal(Imperial), vec![SelectCard(own)]);
}

#[test]
fn boba_fett_with_nothing_to_discard_or_exhaust_has_no_effect() {
    let mut t = Table::new("Battle of Hoth", Imperial);
    let boba = character(BobaFett);
    t.to_play(boba);
    t.act(Imperial, UsePower(boba));
    t.assert_no_effect(boba);
}

// ---------------------------------------------------------------------------------------------
// Darth Vader

fn vader_table() -> (Table, CardId, CardId, CardId, CardId, CardId) {
    let mut t = Table::new("Battle of Hoth", Imperial);
    let vader = character(DarthVader);
    let own_tired = regular(Imperial, Recon, 2);
    let r_tired = regular(Rebel, Military, 5);
    let r_char = character(Chewbacca);
    let r_ready = regular(Rebel, Force, 4);
    t.to_play(vader)
        .to_play_exhausted(own_tired)
        .to_play_exhausted(r_tired)
        .to_play_exhausted(r_char)
        .to_play(r_ready);
    (t, vader, own_tired, r_tired, r_char, r_ready)
}

#[test]
fn darth_vader_targets_exhausted_cards_of_either_side() {
    let (mut t, vader, own_tired, r_tired, r_char, _) = vader_table();
    t.act(Imperial, UsePower(vader));
    assert_eq!(t.power_step(), Some(PowerStep::VaderTarget));
    // Exhausted cards only, Rebel's then Imperial's, Vader himself included.
    assert_eq!(
        t.legal(Imperial),
        select_all(&[r_tired, r_char, vader, own_tired])
    );
    t.act(Imperial, SelectCard(r_tired));
    assert!(t.in_discard(r_tired));
    assert_eq!(t.turn(), Some(Rebel));
}

#[test]
fn darth_vader_sends_a_character_to_its_owners_reserve_publicly() {
    let (mut t, vader, _, _, r_char, _) = vader_table();
    t.act(Imperial, UsePower(vader));
    t.act(Imperial, SelectCard(r_char));
    assert!(t.in_reserve(r_char) && !t.in_discard(r_char) && !t.exhausted(r_char));
    assert_eq!(t.side(Rebel).reserve.len(), 5);
    let public = LogEvent::CharacterToReserve {
        side: Rebel,
        card: Some(r_char),
        from: Zone::Play,
    };
    assert!(t.log_for(Rebel).contains(&public));
    assert!(t.log_for(Imperial).contains(&public));
    check_invariants(&t.state);
}

#[test]
fn darth_vader_may_send_himself_to_the_reserve() {
    let (mut t, vader, ..) = vader_table();
    t.act(Imperial, UsePower(vader));
    t.act(Imperial, SelectCard(vader));
    assert!(t.in_reserve(vader) && !t.in_play(vader));
    assert_eq!(t.side(Imperial).reserve.len(), 5);
    check_invariants(&t.state);
}

// ---------------------------------------------------------------------------------------------
// Emperor Palpatine

#[test]
fn emperor_palpatine_makes_the_opponent_choose_a_new_strategy() {
    let mut t = Table::new("Battle of Hoth", Imperial);
    let emperor = character(EmperorPalpatine);
    t.to_play(emperor)
        .strategy(Rebel, Strategy::Deception)
        .used(Rebel, &[Strategy::DirectAssault])
        .strategy(Imperial, Strategy::Bureaucracy);
    t.act(Imperial, UsePower(emperor));
    assert!(t.events().contains(&LogEvent::StrategyDiscarded {
        side: Rebel,
        strategy: Strategy::Deception
    }));
    assert_eq!(
        t.power_step(),
        Some(PowerStep::NewStrategy { chooser: Rebel })
    );
    // The opponent, not the Emperor's player, makes the choice.
    assert_eq!(t.actor(), Rebel);
    assert!(t.legal(Imperial).is_empty());
    assert_eq!(
        t.legal(Rebel),
        vec![
            SelectStrategy(Strategy::Infiltration),
            SelectStrategy(Strategy::Bureaucracy),
            SelectStrategy(Strategy::Support)
        ]
    );
    t.refuse(
        Imperial,
        SelectStrategy(Strategy::Support),
        ActionError::NotYourTurn,
    );
    assert!(matches!(
        t.state.view(Rebel).decision,
        Some(Decision::Power {
            step: PowerStep::NewStrategy { chooser: Rebel },
            ..
        })
    ));
    assert!(t.state.view(Imperial).decision.is_none());
    t.act(Rebel, SelectStrategy(Strategy::Infiltration));
    assert_eq!(t.side(Rebel).strategy, Some(Strategy::Infiltration));
    assert_eq!(
        t.side(Rebel).used_strategies,
        Strategy::DirectAssault.bit() | Strategy::Deception.bit()
    );
    // Secret from the Emperor's player.
    assert_eq!(
        t.state.view(Imperial).opponent.strategy,
        OpponentStrategy::FaceDown
    );
    assert!(!names_strategy(
        &t.log_for(Imperial),
        Strategy::Infiltration
    ));
    // The Emperor's turn is over: the Rebel plays next.
    assert_eq!(t.turn(), Some(Rebel));
}

#[test]
fn emperor_palpatine_when_the_only_unused_strategy_is_gone_the_opponent_retrieves_all() {
    let mut t = Table::new("Battle of Hoth", Imperial);
    let emperor = character(EmperorPalpatine);
    t.to_play(emperor).strategy(Rebel, Strategy::Support).used(
        Rebel,
        &[
            Strategy::DirectAssault,
            Strategy::Deception,
            Strategy::Infiltration,
            Strategy::Bureaucracy,
        ],
    );
    t.act(Imperial, UsePower(emperor));
    assert!(t
        .events()
        .contains(&LogEvent::StrategiesRetrieved { side: Rebel }));
    assert_eq!(t.side(Rebel).used_strategies, 0);
    let all: Vec<Action> = Strategy::ALL.into_iter().map(SelectStrategy).collect();
    assert_eq!(t.legal(Rebel), all);
    t.act(Rebel, SelectStrategy(Strategy::Support));
    assert_eq!(t.side(Rebel).strategy, Some(Strategy::Support));
}

// ---------------------------------------------------------------------------------------------
// General Veers

#[test]
fn general_veers_discards_every_opponent_card_worth_less_than_his_top_card() {
    let mut t = Table::new("Battle of Hoth", Imperial);
    let veers = character(GeneralVeers);
    let top = regular(Imperial, Military, 4);
    let r2 = regular(Rebel, Force, 2);
    let r3 = regular(Rebel, Recon, 3);
    let r5 = regular(Rebel, Military, 5);
    let tired_char = character(Chewbacca);
    let ready_char = character(HanSolo);
    let own = regular(Imperial, Force, 2);
    t.to_play(veers)
        .to_play(own)
        .to_play(r2)
        .to_play(r3)
        .to_play(r5)
        .to_play_exhausted(tired_char)
        .to_play(ready_char)
        .to_top(top);
    t.act(Imperial, UsePower(veers));
    assert!(t.in_discard(top));
    assert!(t.events().contains(&LogEvent::CardDiscarded {
        card: top,
        from: Zone::Deck
    }));
    // Below 4: the 2, the 3 and the exhausted character (worth 1).
    assert!(t.in_discard(r2) && t.in_discard(r3) && t.in_discard(tired_char));
    assert!(t.in_play(r5) && t.in_play(ready_char));
    // His own cards are never touched.
    assert!(t.in_play(own));
    assert_eq!(t.turn(), Some(Rebel));
    check_invariants(&t.state);
}

#[test]
fn general_veers_with_a_character_on_top_spares_only_ready_characters() {
    let mut t = Table::new("Battle of Hoth", Imperial);
    let veers = character(GeneralVeers);
    let top = character(AdmiralPiett);
    let r5 = regular(Rebel, Military, 5);
    let tired_char = character(Chewbacca);
    let ready_char = character(HanSolo);
    t.to_play(veers)
        .to_play(r5)
        .to_play_exhausted(tired_char)
        .to_play(ready_char)
        .to_top(top);
    t.act(Imperial, UsePower(veers));
    assert!(t.in_discard(top));
    assert!(t.in_discard(r5) && t.in_discard(tired_char));
    assert_eq!(t.side(Rebel).play.as_slice(), &[ready_char]);
}

#[test]
fn general_veers_with_a_2_on_top_discards_only_exhausted_characters() {
    let mut t = Table::new("Battle of Hoth", Imperial);
    let veers = character(GeneralVeers);
    let top = regular(Imperial, Recon, 2);
    let r2 = regular(Rebel, Force, 2);
    let tired_char = character(LeiaOrgana);
    t.to_play(veers)
        .to_play(r2)
        .to_play_exhausted(tired_char)
        .to_top(top);
    t.act(Imperial, UsePower(veers));
    assert!(t.in_play(r2) && t.in_discard(tired_char));
}

// ---------------------------------------------------------------------------------------------
// Grand Moff Tarkin (Ruling 8)

#[test]
fn grand_moff_tarkin_takes_two_influence_from_the_opponent() {
    let mut t = Table::new("Battle of Hoth", Imperial);
    let tarkin = character(GrandMoffTarkin);
    t.to_play(tarkin).influence(Rebel, 3).influence(Imperial, 2);
    t.act(Imperial, UsePower(tarkin));
    assert_eq!(t.influence_of(Rebel), 1);
    // Returned to the supply, not gained by the Imperial.
    assert_eq!(t.influence_of(Imperial), 2);
    assert!(t.events().contains(&LogEvent::InfluenceLost {
        side: Rebel,
        amount: 2
    }));
    assert_eq!(t.turn(), Some(Rebel));
}

#[test]
fn grand_moff_tarkin_against_one_influence_takes_it() {
    let mut t = Table::new("Battle of Hoth", Imperial);
    let tarkin = character(GrandMoffTarkin);
    t.to_play(tarkin).influence(Rebel, 1);
    t.act(Imperial, UsePower(tarkin));
    assert_eq!(t.influence_of(Rebel), 0);
    assert!(t.events().contains(&LogEvent::InfluenceLost {
        side: Rebel,
        amount: 1
    }));
}

#[test]
fn grand_moff_tarkin_against_no_influence_has_no_effect() {
    let mut t = Table::new("Battle of Hoth", Imperial);
    let tarkin = character(GrandMoffTarkin);
    t.to_play(tarkin).influence(Rebel, 0);
    t.act(Imperial, UsePower(tarkin));
    t.assert_no_effect(tarkin);
    assert_eq!(t.influence_of(Rebel), 0);
    assert!(!t
        .events()
        .iter()
        .any(|e| matches!(e, LogEvent::InfluenceLost { .. })));
}

// ---------------------------------------------------------------------------------------------
// IG-88

#[test]
fn ig88_searches_the_opponents_deck_discards_one_and_puts_another_on_top() {
    let mut t = Table::new("Battle of Hoth", Imperial);
    let ig88 = character(Ig88);
    let gone = character(LukeSkywalker);
    let topped = regular(Rebel, Military, 5);
    t.to_play(ig88).to_top(gone);
    let deck = deck_of(&t, Rebel);
    t.act(Imperial, UsePower(ig88));
    assert_eq!(t.power_step(), Some(PowerStep::Ig88Deck));
    assert_eq!(
        t.legal(Imperial),
        vec![SelectDeck(Rebel), SelectDeck(Imperial)]
    );
    t.act(Imperial, SelectDeck(Rebel));
    assert!(t.events().contains(&LogEvent::DeckSearched {
        side: Imperial,
        deck: Rebel
    }));
    assert_eq!(t.power_step(), Some(PowerStep::Ig88Discard { deck: Rebel }));
    assert_eq!(t.legal(Imperial), select_all(&sorted(deck.clone())));
    match t.state.view(Imperial).decision {
        Some(Decision::Power { seen, .. }) => assert_eq!(seen, sorted(deck.clone())),
        other => panic!("{other:?}"),
    }
    t.act(Imperial, SelectCard(gone));
    assert!(t.in_discard(gone));
    assert_eq!(t.power_step(), Some(PowerStep::Ig88Top { deck: Rebel }));
    assert_eq!(t.legal(Imperial).len(), deck.len() - 1);
    t.act(Imperial, SelectCard(topped));
    assert_eq!(t.top(Rebel), Some(topped));
    assert_eq!(t.side(Rebel).deck.len(), deck.len() - 1);
    assert!(t.events().contains(&LogEvent::DeckShuffled { side: Rebel }));
    // Only IG-88's player knows which card went on top.
    assert!(t.log_for(Imperial).contains(&LogEvent::CardPutOnTop {
        deck: Rebel,
        card: Some(topped),
        from: Zone::Deck
    }));
    assert!(t.log_for(Rebel).contains(&LogEvent::CardPutOnTop {
        deck: Rebel,
        card: None,
        from: Zone::Deck
    }));
    assert!(!names_card(&t.log_for(Rebel), topped));
    assert_eq!(t.turn(), Some(Rebel));
    check_invariants(&t.state);
}

#[test]
fn ig88_searches_his_own_deck() {
    let mut t = Table::new("Battle of Hoth", Imperial);
    let ig88 = character(Ig88);
    let gone = regular(Imperial, Diplomacy, 2);
    let topped = character(DarthVader);
    t.to_play(ig88);
    t.act(Imperial, UsePower(ig88));
    t.act(Imperial, SelectDeck(Imperial));
    t.act(Imperial, SelectCard(gone));
    t.act(Imperial, SelectCard(topped));
    assert!(t.in_discard(gone));
    assert_eq!(t.top(Imperial), Some(topped));
    check_invariants(&t.state);
}

#[test]
fn ig88_on_a_one_card_deck_discards_it() {
    let mut t = Table::new("Battle of Hoth", Imperial);
    let ig88 = character(Ig88);
    let only = regular(Rebel, Force, 5);
    t.to_play(ig88).empty_deck(Rebel).to_top(only);
    t.act(Imperial, UsePower(ig88));
    t.act(Imperial, SelectDeck(Rebel));
    assert_eq!(t.power_step(), None);
    assert!(t.in_discard(only) && t.side(Rebel).deck.is_empty());
    assert_eq!(t.turn(), Some(Rebel));
    check_invariants(&t.state);
}

#[test]
fn ig88_on_an_empty_deck_searches_the_reshuffled_discard_pile() {
    let mut t = Table::new("Battle of Hoth", Imperial);
    let ig88 = character(Ig88);
    t.to_play(ig88).empty_deck(Rebel);
    let discard = sorted(t.side(Rebel).discard.iter().collect());
    t.act(Imperial, UsePower(ig88));
    t.act(Imperial, SelectDeck(Rebel));
    assert!(t
        .events()
        .contains(&LogEvent::DiscardReshuffled { side: Rebel }));
    assert_eq!(t.legal(Imperial), select_all(&discard));
    assert_eq!(sorted(deck_of(&t, Rebel)), discard);
}

// ---------------------------------------------------------------------------------------------
// Jabba the Hutt

#[test]
fn jabba_peeks_discards_and_plays_the_peeked_card() {
    let mut t = Table::new("Battle of Hoth", Imperial);
    let jabba = character(JabbaTheHutt);
    let own = regular(Imperial, Force, 2);
    let peek = regular(Imperial, Military, 5);
    t.to_play(jabba).to_play(own).to_top(peek);
    t.act(Imperial, UsePower(jabba));
    assert_eq!(
        t.power_step(),
        Some(PowerStep::JabbaDiscard { peeked: Some(peek) })
    );
    match t.state.view(Imperial).decision {
        Some(Decision::Power { seen, .. }) => assert_eq!(seen, vec![peek]),
        other => panic!("{other:?}"),
    }
    assert!(!names_card(&t.log_for(Rebel), peek));
    assert!(t.log_for(Rebel).contains(&LogEvent::CardsSeen {
        side: Imperial,
        deck: Imperial,
        count: 1,
        cards: None
    }));
    assert_eq!(
        t.legal(Imperial),
        vec![SelectCard(jabba), SelectCard(own), Decline]
    );
    t.act(Imperial, SelectCard(own));
    assert!(t.in_discard(own));
    assert_eq!(t.power_step(), Some(PowerStep::JabbaPlay { peeked: peek }));
    assert_eq!(t.legal(Imperial), vec![PlaySelected, Decline]);
    t.act(Imperial, PlaySelected);
    assert_eq!(t.side(Imperial).play.as_slice(), &[jabba, peek]);
    assert_eq!(t.turn(), Some(Rebel));
    check_invariants(&t.state);
}

#[test]
fn jabba_may_decline_both_and_the_card_stays_on_top() {
    let mut t = Table::new("Battle of Hoth", Imperial);
    let jabba = character(JabbaTheHutt);
    let peek = regular(Imperial, Military, 5);
    t.to_play(jabba).to_top(peek);
    t.act(Imperial, UsePower(jabba));
    t.act(Imperial, Decline);
    t.act(Imperial, Decline);
    assert_eq!(t.top(Imperial), Some(peek));
    assert_eq!(t.side(Imperial).play.as_slice(), &[jabba]);
    assert_eq!(t.turn(), Some(Rebel));
}

#[test]
fn jabba_at_capacity_can_play_only_after_discarding() {
    let mut t = Table::new("Control of Endor", Imperial); // capacity 2
    let jabba = character(JabbaTheHutt);
    let own = regular(Imperial, Force, 2);
    let peek = regular(Imperial, Military, 5);
    t.to_play(jabba).to_play(own).to_top(peek);
    let mut no_discard = Table::from_state(t.state);
    t.act(Imperial, UsePower(jabba));
    t.act(Imperial, SelectCard(own));
    assert_eq!(t.legal(Imperial), vec![PlaySelected, Decline]);
    t.act(Imperial, PlaySelected);
    assert!(t.in_play(peek));

    no_discard.act(Imperial, UsePower(jabba));
    no_discard.act(Imperial, Decline);
    // Full: the play part cannot happen (Ruling 2), the power ends.
    assert_eq!(no_discard.turn(), Some(Rebel));
    assert_eq!(no_discard.top(Imperial), Some(peek));
}

#[test]
fn jabba_may_discard_himself_and_play_the_peeked_card() {
    let mut t = Table::new("Control of Endor", Imperial); // capacity 2
    let jabba = character(JabbaTheHutt);
    let own = regular(Imperial, Force, 2);
    let peek = character(BobaFett);
    t.to_play(jabba).to_play(own).to_top(peek);
    t.act(Imperial, UsePower(jabba));
    t.act(Imperial, SelectCard(jabba));
    t.act(Imperial, PlaySelected);
    assert!(t.in_discard(jabba));
    assert_eq!(t.side(Imperial).play.as_slice(), &[own, peek]);
}

// ---------------------------------------------------------------------------------------------
// Events that switch powers off (Ruling 7, Engine ruling A)

fn switched_off(event: &str, kind: ResourceType) {
    let mut t = Table::new(event, Rebel);
    let card = regular(Rebel, kind, 3);
    let theirs = regular(Imperial, Military, 2);
    let deck = deck_of(&t, Rebel);
    t.to_play(card).to_play(theirs);
    let before = t.state;
    t.act(Rebel, UsePower(card));
    t.assert_no_effect(card);
    // Nothing but the exhaustion and the turn changed.
    assert_eq!(t.power_step(), None);
    assert_eq!(t.side(Rebel).play, before.side(Rebel).play);
    assert_eq!(t.side(Imperial), before.side(Imperial));
    assert_eq!(deck_of(&t, Rebel).len(), deck.len() - 1);
    // The other regular types still work.
    let other = ResourceType::ALL.into_iter().find(|k| *k != kind).unwrap();
    let mut u = Table::new(event, Rebel);
    let working = regular(Rebel, other, 4);
    u.to_play(working).to_play(theirs);
    u.act(Rebel, UsePower(working));
    assert!(
        u.power_step().is_some(),
        "{event}: {} should work",
        other.name()
    );
}

#[test]
fn attack_on_echo_base_switches_off_diplomacy() {
    switched_off("Attack on Echo Base", Diplomacy);
}

#[test]
fn battle_of_endor_switches_off_the_force() {
    switched_off("Battle of Endor", Force);
}

#[test]
fn evacuation_of_echo_base_switches_off_recon() {
    switched_off("Evacuation of Echo Base", Recon);
}

#[test]
fn most_desperate_hour_switches_off_military_with_no_effect() {
    switched_off("Most Desperate Hour", Military);
}

#[test]
fn duel_on_cloud_city_switches_off_every_character_but_luke_and_vader() {
    for side in Side::BOTH {
        for &c in Character::of_side(side) {
            let mut t = Table::new("Duel on Cloud City", side);
            let card = character(c);
            // Something each power could work on.
            let own = regular(side, Force, 2);
            let theirs = regular(side.opponent(), Military, 3);
            let theirs_tired = regular(side.opponent(), Recon, 3);
            t.to_play(card)
                .to_play(own)
                .to_play(theirs)
                .to_play_exhausted(theirs_tired)
                .to_discard(regular(side, Diplomacy, 4))
                .influence(side.opponent(), 2);
            t.act(side, UsePower(card));
            if matches!(c, LukeSkywalker | DarthVader) {
                assert!(t.power_step().is_some(), "{} should work", c.name());
            } else {
                t.assert_no_effect(card);
                assert_eq!(t.influence_of(side.opponent()), 2, "{}", c.name());
                assert_eq!(t.influence_of(side), 2, "{}", c.name());
            }
        }
    }
    // Regular cards still work.
    let mut t = Table::new("Duel on Cloud City", Rebel);
    let military = regular(Rebel, Military, 5);
    let theirs = regular(Imperial, Force, 2);
    t.to_play(military).to_play(theirs);
    t.act(Rebel, UsePower(military));
    t.act(Rebel, SelectCard(theirs));
    assert!(t.in_discard(theirs));
}

#[test]
fn general_veers_with_an_empty_deck_reshuffles_his_discard_pile_first() {
    let mut t = Table::new("Battle of Hoth", Imperial);
    let veers = character(GeneralVeers);
    let victim = regular(Rebel, Force, 2);
    t.to_play(veers).to_play(victim).empty_deck(Imperial);
    let pile = t.side(Imperial).discard.len();
    t.act(Imperial, UsePower(veers));
    assert!(t
        .events()
        .contains(&LogEvent::DiscardReshuffled { side: Imperial }));
    // One card of the reshuffled deck went to the discard pile.
    assert_eq!(t.side(Imperial).discard.len(), 1);
    assert_eq!(t.side(Imperial).deck.len(), pile - 1);
    let top = t.side(Imperial).discard.top().unwrap();
    assert_eq!(t.in_discard(victim), top.ready_value() > 2);
    check_invariants(&t.state);
}

#[test]
fn jabba_with_an_empty_deck_peeks_at_the_reshuffled_discard_pile() {
    let mut t = Table::new("Battle of Hoth", Imperial);
    let jabba = character(JabbaTheHutt);
    t.to_play(jabba).empty_deck(Imperial);
    t.act(Imperial, UsePower(jabba));
    assert!(t
        .events()
        .contains(&LogEvent::DiscardReshuffled { side: Imperial }));
    let top = t.top(Imperial).unwrap();
    assert_eq!(
        t.power_step(),
        Some(PowerStep::JabbaDiscard { peeked: Some(top) })
    );
    t.act(Imperial, Decline);
    t.act(Imperial, PlaySelected);
    assert!(t.in_play(top));
}
