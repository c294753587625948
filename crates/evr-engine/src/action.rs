//! What a player can do, and why an action can be refused.

use crate::cards::{CardId, Side, Strategy};
use crate::state::CharacterSet;
use serde::{Deserialize, Serialize};

/// An order for the top events of the event deck: `order[i]` is the index (0 = top) of the
/// card that goes to position `i` (0 = top). Positions beyond the cards looked at keep their
/// own index.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct EventOrder(pub [u8; 3]);

/// Every action of the game. Main struggle actions, secret choices, and the answers to the
/// decisions a power or the dominance phase opens.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Action {
    /// Setup: the 4 characters that go into the resource deck.
    ChooseCharacters(CharacterSet),
    /// Planning: the strategy card of `side` (your own, or your opponent's after Infiltration).
    ChooseStrategy { side: Side, strategy: Strategy },
    /// Struggle: draw the top card of your deck into play.
    PlayCard,
    /// Struggle: exhaust a ready card of yours and resolve its power.
    UsePower(CardId),
    /// Struggle: spend 1 influence to ready an exhausted card of yours.
    SpendInfluence(CardId),
    /// Struggle: do nothing this turn.
    Pass,
    /// A card a power or an effect asks for.
    SelectCard(CardId),
    /// Whose resource deck a power looks into.
    SelectDeck(Side),
    /// A strategy card a power or an effect asks for.
    SelectStrategy(Strategy),
    /// Leia / Jabba: put the chosen card into play.
    PlaySelected,
    /// Leia: shuffle the chosen character into the resource deck.
    ShuffleSelected,
    /// Balance of the Force: the new order of the top events.
    ReorderEvents(EventOrder),
    /// Decline an optional part, or stop choosing ("up to", "any number").
    Decline,
}

/// Why an action was refused. The state is unchanged whenever one is returned.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum ActionError {
    /// The game has ended.
    GameOver,
    /// This player is not the one (or one of those) who must act now.
    NotYourTurn,
    /// The action does not answer the decision that is open now.
    WrongKindOfAction,
    /// A character choice must name exactly 4 characters.
    MustChooseFourCharacters,
    /// That strategy card is not available to be chosen.
    StrategyUnavailable,
    /// The strategy of that side is not yours to choose now.
    NotYourStrategyToChoose,
    /// Playing a card would exceed the event's capacity.
    CapacityReached,
    /// Nothing is in your play area, so you must play a card.
    MustPlayCard,
    /// The card is not in your play area, or is not ready/exhausted as the action needs.
    CardNotUsable,
    /// You have no influence to spend.
    NoInfluence,
    /// The card, deck or option is not one the decision allows.
    InvalidChoice,
    /// Declining is not allowed here.
    CannotDecline,
}

impl std::fmt::Display for ActionError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let text = match self {
            ActionError::GameOver => "the game is over",
            ActionError::NotYourTurn => "it is not your turn",
            ActionError::WrongKindOfAction => "that action does not answer the current decision",
            ActionError::MustChooseFourCharacters => "choose exactly 4 of your characters",
            ActionError::StrategyUnavailable => "that strategy card is not available",
            ActionError::NotYourStrategyToChoose => "that strategy is not yours to choose now",
            ActionError::CapacityReached => "your play area is at the event's capacity",
            ActionError::MustPlayCard => "your play area is empty: you must play a card",
            ActionError::CardNotUsable => "that card cannot be used that way now",
            ActionError::NoInfluence => "you have no influence to spend",
            ActionError::InvalidChoice => "that choice is not allowed here",
            ActionError::CannotDecline => "this choice cannot be declined",
        };
        f.write_str(text)
    }
}

impl std::error::Error for ActionError {}
