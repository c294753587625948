//! Where on the board each answer is given: a worker placed is a tap on its box, a planet or
//! a piece on it a tap on the planet, a good, a mission, a technology or an Imperial card a
//! tap on its tile. What has no place of its own (a bid, a payment, a defender, passing) is
//! answered in the decision panel. Plain Rust, tested natively.

use egr_engine::{Action, Good, Kind, Place, Planet, Spot, Tech};

/// A thing on the board that answers can be given on.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Anchor {
    Spot(Spot),
    Planet(Planet),
    /// The Covert Mission box or the Senate, where pieces stay from turn to turn.
    Box(Place),
    Good(Good),
    /// A face-up Covert Mission card by its slot.
    Mission(u8),
    Tech(Tech),
    /// A face-up Imperial Action card by its slot.
    Card(u8),
    /// The decision panel.
    Panel,
}

pub fn anchor(action: &Action) -> Anchor {
    match *action {
        Action::Place { spot, .. } => Anchor::Spot(spot),
        Action::Planet(p) | Action::Attack { planet: p, .. } | Action::Move { from: p, .. } => {
            Anchor::Planet(p)
        }
        Action::Piece { at, .. } => match at {
            Place::Planet(p) => Anchor::Planet(p),
            other => Anchor::Box(other),
        },
        Action::Good(g) => Anchor::Good(g),
        Action::Mission { slot, .. } => Anchor::Mission(slot),
        Action::Tech(t) => Anchor::Tech(t),
        Action::Card(i) => Anchor::Card(i),
        Action::Pay(_)
        | Action::Defend(_)
        | Action::Kind(_)
        | Action::Bid(_)
        | Action::Seat(_)
        | Action::Count(_)
        | Action::Pass => Anchor::Panel,
    }
}

/// The answers given on `at`; placing takes the worker kind picked from the hand, if any.
pub fn actions_at(legal: &[Action], at: Anchor, armed: Option<Kind>) -> Vec<Action> {
    legal
        .iter()
        .copied()
        .filter(|a| anchor(a) == at)
        .filter(|a| match (a, armed) {
            (Action::Place { kind, .. }, Some(armed)) => *kind == armed,
            _ => true,
        })
        .collect()
}

/// The kinds of worker the player may place now, in the order of their hand.
pub fn placeable_kinds(legal: &[Action]) -> Vec<Kind> {
    Kind::ALL
        .into_iter()
        .filter(|k| {
            legal
                .iter()
                .any(|a| matches!(a, Action::Place { kind, .. } if kind == k))
        })
        .collect()
}

/// The kind picked from the hand, kept while it can still be placed, else the first kind
/// that can (so a tap on a box always means one worker).
pub fn keep_armed(legal: &[Action], armed: Option<Kind>) -> Option<Kind> {
    let kinds = placeable_kinds(legal);
    match armed {
        Some(k) if kinds.contains(&k) => Some(k),
        _ => kinds.first().copied(),
    }
}

/// The answers that belong to the decision panel.
pub fn panel_actions(legal: &[Action]) -> Vec<Action> {
    actions_at(legal, Anchor::Panel, None)
}

#[cfg(test)]
mod tests {
    use super::*;
    use egr_engine::{new_game, GameOptions};

    #[test]
    fn every_legal_answer_has_exactly_one_place_to_be_given() {
        for players in [2, 5] {
            let mut game = new_game(players as u64, GameOptions::new(players)).unwrap();
            let mut n = 0u64;
            while let Some(seat) = game.state().active_player() {
                let legal = game.state().legal_actions(seat);
                let armed = keep_armed(&legal, None);
                for a in &legal {
                    let at = anchor(a);
                    let kind = match a {
                        Action::Place { kind, .. } => Some(*kind),
                        _ => armed,
                    };
                    assert!(actions_at(&legal, at, kind).contains(a));
                }
                n = n
                    .wrapping_mul(6364136223846793005)
                    .wrapping_add(1442695040888963407);
                let pick = legal[(n >> 33) as usize % legal.len()];
                game.apply(seat, pick).unwrap();
            }
        }
    }

    #[test]
    fn a_tap_on_a_box_places_the_kind_picked_from_the_hand() {
        let legal = vec![
            Action::Place {
                kind: Kind::Rebel,
                spot: Spot::Trade,
            },
            Action::Place {
                kind: Kind::Hero,
                spot: Spot::Trade,
            },
        ];
        assert_eq!(
            actions_at(&legal, Anchor::Spot(Spot::Trade), Some(Kind::Hero)),
            vec![legal[1]]
        );
        assert_eq!(keep_armed(&legal, Some(Kind::Trooper)), Some(Kind::Rebel));
        assert_eq!(keep_armed(&legal, Some(Kind::Hero)), Some(Kind::Hero));
    }
}
