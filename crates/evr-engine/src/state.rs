//! The whole game state: `Copy`, serializable, random generator included.

use crate::cards::{CardId, Character, EventId, Side, Strategy, CARDS_PER_SIDE};
use crate::rng::Rng;
use crate::zones::{CardList, EventList};
use serde::{Deserialize, Serialize};

/// The full game or the rulebook's tutorial struggle.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, Default)]
pub enum Variant {
    #[default]
    Full,
    /// Escape From Tatooine only: no characters, strategies or influence, the Rebel starts,
    /// one struggle decides the game.
    Tutorial,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, Default)]
pub struct GameOptions {
    pub variant: Variant,
}

/// A set of a faction's characters, by slot 0..8 (see [`Character::slot`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub struct CharacterSet(pub u8);

impl CharacterSet {
    pub fn of(characters: &[Character]) -> CharacterSet {
        CharacterSet(characters.iter().fold(0, |m, c| m | 1 << c.slot()))
    }

    pub fn count(self) -> u32 {
        self.0.count_ones()
    }

    pub fn contains(self, c: Character) -> bool {
        self.0 & (1 << c.slot()) != 0
    }

    pub fn characters(self, side: Side) -> impl Iterator<Item = Character> {
        Character::of_side(side)
            .iter()
            .copied()
            .filter(move |c| self.contains(*c))
    }
}

/// One faction's cards and tokens.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, Default)]
pub struct SideState {
    /// Face-down resource deck; the last card is the top.
    pub deck: CardList,
    /// Face-up discard pile; the last card is the most recent.
    pub discard: CardList,
    /// Face-up cards in the play area, in the order they came into play.
    pub play: CardList,
    /// Which cards in play are exhausted, by [`CardId::local`] bit.
    pub exhausted: u32,
    /// Face-down characters set aside.
    pub reserve: CardList,
    pub influence: u32,
    pub victory_points: u8,
    /// Events won, by [`EventId`] bit.
    pub events_won: u32,
    /// Strategy cards discarded face up (used), by [`Strategy::bit`].
    pub used_strategies: u8,
    /// The face-down strategy card chosen this round.
    pub strategy: Option<Strategy>,
    /// Whether the opponent knows `strategy` (it chose it, or it was revealed).
    pub strategy_known_to_opponent: bool,
}

pub const ALL_STRATEGIES: u8 = 0b1_1111;

impl SideState {
    pub fn is_exhausted(&self, card: CardId) -> bool {
        self.exhausted & (1 << card.local()) != 0
    }

    pub fn set_exhausted(&mut self, card: CardId, exhausted: bool) {
        if exhausted {
            self.exhausted |= 1 << card.local();
        } else {
            self.exhausted &= !(1 << card.local());
        }
    }

    /// Current total resource value of the cards in play.
    pub fn total(&self) -> u32 {
        self.play
            .iter()
            .map(|c| c.value(self.is_exhausted(c)) as u32)
            .sum()
    }

    /// Strategy cards that may still be chosen: neither used nor the one chosen now.
    pub fn unused_strategies(&self) -> u8 {
        let chosen = self.strategy.map_or(0, Strategy::bit);
        ALL_STRATEGIES & !self.used_strategies & !chosen
    }

    /// Removes a card from play, clearing its exhausted mark.
    pub fn take_from_play(&mut self, card: CardId) -> bool {
        if self.play.remove(card) {
            self.set_exhausted(card, false);
            true
        } else {
            false
        }
    }
}

/// Lists the strategies of a bit mask, in card order.
pub fn strategies_in(mask: u8) -> impl Iterator<Item = Strategy> {
    Strategy::ALL
        .into_iter()
        .filter(move |s| mask & s.bit() != 0)
}

/// How each side's strategy card gets chosen this round.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, Default)]
pub struct NextRoundModifiers {
    /// `infiltrates[s]`: side `s` picks its opponent's strategy (Infiltration).
    pub infiltrates: [bool; 2],
    /// The side whose strategy is drawn at random (Create a Diversion).
    pub random_strategy: Option<Side>,
    /// The side that must choose and reveal first (Locate the Rebel Base).
    pub chooses_first: Option<Side>,
}

/// A decision inside a power's resolution, with what it needs to remember.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum PowerStep {
    /// Military: an opponent's card in play to discard.
    MilitaryTarget,
    /// Diplomacy: one of your cards in play (itself included) to discard.
    DiplomacyTarget,
    /// The Force: a ready card in either play area to exhaust.
    ForceTarget,
    /// Recon: whose deck to look at.
    ReconDeck,
    /// Recon: which of the seen cards (held aside) to discard; the other goes back on top.
    ReconDiscard {
        deck: Side,
        seen: [CardId; 2],
        count: u8,
    },
    /// Chewbacca: a ready opponent card to exhaust, or stop.
    ChewbaccaTarget { exhausted: u8 },
    /// Han Solo: a card of your deck to play.
    HanSearch,
    /// Lando: one of your cards in play to discard, or stop and draw that many.
    LandoDiscard { discarded: u8 },
    /// Leia: a character of your reserve.
    LeiaCharacter,
    /// Leia: play the chosen character or shuffle it into the deck.
    LeiaPlace { card: CardId },
    /// Luke: one of your cards in play to discard, or skip.
    LukeOwn,
    /// Luke: an opponent's card in play to discard, or skip.
    LukeOpponent { discarded_own: bool },
    /// Obi-Wan: a card of your discard pile to play.
    ObiWanCard,
    /// R2-D2 and C-3PO (actor: owner) or Emperor Palpatine (actor: opponent): a new strategy.
    NewStrategy { chooser: Side },
    /// Admiral Piett: a card of either discard pile to put on top of its deck.
    PiettCard,
    /// Boba Fett: an opponent's card in play to discard, or skip.
    BobaDiscard,
    /// Boba Fett: a ready card in either play area to exhaust, or skip.
    BobaExhaust { discarded: bool },
    /// Darth Vader: an exhausted card in either play area to discard.
    VaderTarget,
    /// IG-88: whose deck to search.
    Ig88Deck,
    /// IG-88: a card of that deck to discard.
    Ig88Discard { deck: Side },
    /// IG-88: a card of that deck to put on top after shuffling.
    Ig88Top { deck: Side },
    /// Jabba: one of your cards in play to discard, or skip (the top card is known).
    JabbaDiscard { peeked: Option<CardId> },
    /// Jabba: put the peeked top card into play, or not.
    JabbaPlay { peeked: CardId },
}

/// A decision during the dominance phase.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum DominanceStep {
    /// Support: the side picks a reserve character to shuffle into its deck.
    Support { side: Side },
    /// Balance of the Force: the winner orders the top events.
    ReorderEvents { winner: Side },
    /// Display of Power: the winner picks one of the loser's unused strategies to discard.
    DiscardLoserStrategy { winner: Side },
    /// Fall of a Hero / Negotiate with the Hutts: the side moves a character to its reserve.
    CharacterToReserve { side: Side },
    /// Occupation of Cloud City / Rebel Uprising: the winner may add a reserve character.
    MayAddCharacter { side: Side },
}

/// What the round's dominance has settled so far; kept while a dominance decision is open.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct DominanceProgress {
    /// Whether each side's strategy resolves (not over the objective value, not both Deception).
    pub resolves: [bool; 2],
    pub winner: Option<Side>,
    pub totals: [u32; 2],
    pub step: DominanceStep,
    /// How far the fixed sequence of ruling 10 has gone (see `rules::dominance`).
    pub stage: u8,
}

/// Where the game is and who must act.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Phase {
    /// Both players secretly choose 4 of their 8 characters.
    ChooseCharacters {
        chosen: [Option<CharacterSet>; 2],
    },
    /// Strategy cards are being chosen (see `GameState::strategy_pickers`).
    ChooseStrategies,
    /// The struggle: `turn` acts, or answers the open power decision.
    Struggle {
        turn: Side,
        /// The previous action was a pass by the other player.
        opponent_passed: bool,
        power: Option<(CardId, PowerStep)>,
    },
    /// A dominance decision is open.
    Dominance(DominanceProgress),
    GameOver {
        winner: Option<Side>,
    },
}

/// The complete state of a game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct GameState {
    pub options: GameOptions,
    pub rng: Rng,
    pub round: u16,
    pub phase: Phase,
    pub sides: [SideState; 2],
    /// Face-down event deck; the last is the top.
    pub event_deck: EventList,
    pub event: Option<EventId>,
    /// The faction whose side of the balance token is face up.
    pub balance: Side,
    /// Modifiers for this round's strategy choice, set by the previous dominance.
    pub modifiers: NextRoundModifiers,
}

impl GameState {
    pub fn side(&self, side: Side) -> &SideState {
        &self.sides[side.index()]
    }

    pub fn side_mut(&mut self, side: Side) -> &mut SideState {
        &mut self.sides[side.index()]
    }

    /// Who picks `side`'s strategy card this round.
    pub fn strategy_picker(&self, side: Side) -> Side {
        if self.modifiers.infiltrates[side.opponent().index()] {
            side.opponent()
        } else {
            side
        }
    }

    /// Every card of a side that is somewhere in the game (not boxed), for invariant checks.
    pub fn cards_of(&self, side: Side) -> Vec<CardId> {
        let s = self.side(side);
        let mut cards: Vec<CardId> = s
            .deck
            .iter()
            .chain(s.discard.iter())
            .chain(s.play.iter())
            .chain(s.reserve.iter())
            .collect();
        if let Phase::Struggle {
            power: Some((_, PowerStep::ReconDiscard { deck, seen, count })),
            ..
        } = self.phase
        {
            if deck == side {
                cards.extend_from_slice(&seen[..count as usize]);
            }
        }
        cards
    }

    /// The number of resource cards each side owns in this variant.
    pub fn cards_per_side(&self) -> usize {
        match self.options.variant {
            Variant::Full => CARDS_PER_SIDE,
            Variant::Tutorial => crate::cards::REGULAR_PER_SIDE,
        }
    }
}
