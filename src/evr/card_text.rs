//! Short descriptions of card powers and effects, in our own words (the full text with the
//! rulings is in docs/evr/rules.md, shown by the rules reference).

use evr_engine::cards::{CardKind, Character, EventEffect, ResourceType, Strategy};
use evr_engine::CardId;

pub fn power(card: CardId) -> &'static str {
    match card.kind() {
        CardKind::Regular(t) => match t {
            ResourceType::Military => "Discard one card your opponent has in play.",
            ResourceType::Diplomacy => "Discard one of your own cards in play (this one included).",
            ResourceType::Force => "Exhaust any ready card in play, yours or your opponent's.",
            ResourceType::Recon => {
                "Look at the top 2 cards of either deck: discard one, put the other back on top."
            }
        },
        CardKind::Character(c) => match c {
            Character::Chewbacca => "Exhaust up to 2 ready cards your opponent has in play.",
            Character::HanSolo => "Search your deck for a card and play it, then shuffle.",
            Character::LandoCalrissian => {
                "Discard any number of your cards in play, then play that many from your deck."
            }
            Character::LeiaOrgana => {
                "Take a character from your reserve: play it, or shuffle it into your deck."
            }
            Character::LukeSkywalker => {
                "Discard one of your cards in play and/or one of your opponent's."
            }
            Character::ObiWanKenobi => "Play a card from your discard pile.",
            Character::R2D2AndC3PO => {
                "Discard your face-down strategy card and choose a different one."
            }
            Character::Yoda => "Take 1 influence from the supply.",
            Character::AdmiralPiett => {
                "Put a card from either discard pile on top of its owner's deck."
            }
            Character::BobaFett => {
                "Discard one card your opponent has in play and/or exhaust any ready card."
            }
            Character::DarthVader => {
                "Discard an exhausted card in play; a character goes to its owner's reserve."
            }
            Character::EmperorPalpatine => {
                "Your opponent discards their face-down strategy card and chooses another."
            }
            Character::GeneralVeers => {
                "Discard your top card, then every opponent card in play worth less than it."
            }
            Character::GrandMoffTarkin => "Your opponent loses 2 influence.",
            Character::Ig88 => {
                "Search either deck: discard one card, shuffle, put another card on top."
            }
            Character::JabbaTheHutt => {
                "Look at your top card; you may discard a card in play and/or play that card."
            }
        },
    }
}

pub fn event_effect(effect: EventEffect) -> &'static str {
    match effect {
        EventEffect::None => "",
        EventEffect::LoserDiscardsTwoInfluence => "The loser gives up 2 influence.",
        EventEffect::SwitchOff(ResourceType::Military) => "Military powers do nothing this round.",
        EventEffect::SwitchOff(ResourceType::Diplomacy) => {
            "Diplomacy powers do nothing this round."
        }
        EventEffect::SwitchOff(ResourceType::Force) => "The Force powers do nothing this round.",
        EventEffect::SwitchOff(ResourceType::Recon) => "Recon powers do nothing this round.",
        EventEffect::WinnerReordersEvents => {
            "The winner looks at the top 3 events and puts them back in any order."
        }
        EventEffect::OnlyLukeAndVader => {
            "Only Luke Skywalker's and Darth Vader's character powers work this round."
        }
        EventEffect::LoserStrategyRandom => "Next round the loser's strategy is drawn at random.",
        EventEffect::WinnerDiscardsLoserStrategy => {
            "The winner discards one of the loser's unused strategy cards."
        }
        EventEffect::LoserCharacterToReserve => {
            "The loser moves one of their characters to the reserve."
        }
        EventEffect::LoserChoosesStrategyFirst => {
            "Next round the loser chooses a strategy first and reveals it."
        }
        EventEffect::WinnerCharacterToReserve => {
            "The winner moves one of their characters to the reserve."
        }
        EventEffect::WinnerMayAddCharacter => {
            "The winner may shuffle a character from the reserve into the deck."
        }
        EventEffect::WinnerRetrievesStrategies => {
            "The winner takes back the strategy cards used in earlier rounds."
        }
    }
}

pub fn strategy(s: Strategy) -> &'static str {
    match s {
        Strategy::DirectAssault => "Add 2 to your total when victory is decided.",
        Strategy::Deception => {
            "If neither total is over the objective, the winner and the loser swap."
        }
        Strategy::Infiltration => "Next round you choose your opponent's strategy card.",
        Strategy::Bureaucracy => "If you lose the event, take 2 influence.",
        Strategy::Support => "Shuffle a character from your reserve into your deck.",
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use evr_engine::cards::EVENTS;

    #[test]
    fn every_card_and_effect_has_words() {
        for card in CardId::all() {
            assert!(!power(card).is_empty());
        }
        for e in EVENTS {
            assert_eq!(
                event_effect(e.effect).is_empty(),
                e.effect == EventEffect::None
            );
        }
        for s in Strategy::ALL {
            assert!(!strategy(s).is_empty());
        }
    }
}
