//! Where each card the viewer can see lies on the table: its zone, its place in that zone and
//! whether it is exhausted. The table draws every such card once, keyed by the card, so a card
//! that changes zone is the same element moving, not a new one (the style sheet turns the
//! zone and place into a position, and a change of position into motion).

use evr_engine::cards::CARD_COUNT;
use evr_engine::view::{InPlay, PlayerView};
use evr_engine::CardId;

/// A place on the table that holds face-up cards. The opponent's reserve and both decks are
/// face down and drawn as piles with a count, never as cards.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Zone {
    MyPlay,
    TheirPlay,
    MyDiscard,
    TheirDiscard,
    MyReserve,
}

impl Zone {
    /// The name the style sheet positions by (`data-zone`).
    pub fn name(self) -> &'static str {
        match self {
            Zone::MyPlay => "my-play",
            Zone::TheirPlay => "their-play",
            Zone::MyDiscard => "my-discard",
            Zone::TheirDiscard => "their-discard",
            Zone::MyReserve => "my-reserve",
        }
    }
}

/// One card on the table.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Placed {
    pub zone: Zone,
    /// Its place in the zone (0 first; in a pile, 0 is the bottom).
    pub index: u8,
    /// How many cards the zone holds.
    pub count: u8,
    pub exhausted: bool,
}

/// Every visible card's place, indexed by card.
pub type Placements = [Option<Placed>; CARD_COUNT];

fn put(places: &mut Placements, zone: Zone, cards: impl ExactSizeIterator<Item = InPlay>) {
    let count = cards.len() as u8;
    for (i, c) in cards.enumerate() {
        if let Some(slot) = places.get_mut(c.card.0 as usize) {
            *slot = Some(Placed {
                zone,
                index: i as u8,
                count,
                exhausted: c.exhausted,
            });
        }
    }
}

fn ready(cards: &[CardId]) -> impl ExactSizeIterator<Item = InPlay> + '_ {
    cards.iter().map(|&card| InPlay {
        card,
        exhausted: false,
    })
}

/// The places of every card `view` shows face up.
pub fn placements(view: &PlayerView) -> Placements {
    let mut places = [None; CARD_COUNT];
    put(&mut places, Zone::MyPlay, view.me.play.iter().copied());
    put(
        &mut places,
        Zone::TheirPlay,
        view.opponent.play.iter().copied(),
    );
    put(&mut places, Zone::MyDiscard, ready(&view.me.discard));
    put(
        &mut places,
        Zone::TheirDiscard,
        ready(&view.opponent.discard),
    );
    put(&mut places, Zone::MyReserve, ready(&view.me.reserve));
    places
}

/// The cards on the table, in card order (the order of the elements never changes as cards
/// move, so no element is ever re-inserted).
pub fn cards_on_table(places: &Placements) -> Vec<CardId> {
    places
        .iter()
        .enumerate()
        .filter(|(_, p)| p.is_some())
        .map(|(i, _)| CardId(i as u8))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::evr::session::{Mode, Session};
    use evr_engine::{Side, Variant};

    /// Plays a seeded two-player game with the last legal action, checking both seats' tables
    /// at every step.
    #[test]
    fn every_visible_card_has_one_place_on_its_owners_side() {
        let mut session = Session::new(Mode::TwoPlayers, Variant::Full, 7);
        for _ in 0..600 {
            for side in Side::BOTH {
                let view = session.game.view(side);
                let places = placements(&view);
                let shown = cards_on_table(&places).len();
                let expected = view.me.play.len()
                    + view.opponent.play.len()
                    + view.me.discard.len()
                    + view.opponent.discard.len()
                    + view.me.reserve.len();
                assert_eq!(shown, expected, "each card in one zone");
                for (i, p) in places.iter().enumerate() {
                    if let Some(p) = p {
                        assert!(p.index < p.count);
                        let mine = CardId(i as u8).side() == side;
                        let my_zone =
                            matches!(p.zone, Zone::MyPlay | Zone::MyDiscard | Zone::MyReserve);
                        assert_eq!(mine, my_zone, "a card sits on its owner's side");
                    }
                }
            }
            let Some(side) = session.next_actor() else {
                break;
            };
            let action = *session.game.view(side).legal_actions.last().unwrap();
            session.game.apply(side, action).unwrap();
        }
    }
}
