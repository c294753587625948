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
