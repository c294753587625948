//! Static card data: the 24 events, the 2×24 resource cards and the 5 strategy cards.
//!
//! Numbers come from `shared/research/evr-cards.md`; powers are described in our own words in
//! `docs/evr/rules.md`. Nothing here changes during a game.

use serde::{Deserialize, Serialize};

/// A faction. The two players are identified by the faction they play.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum Side {
    Rebel,
    Imperial,
}

impl Side {
    pub const BOTH: [Side; 2] = [Side::Rebel, Side::Imperial];

    pub fn opponent(self) -> Side {
        match self {
            Side::Rebel => Side::Imperial,
            Side::Imperial => Side::Rebel,
        }
    }

    pub fn index(self) -> usize {
        self as usize
    }

    pub fn name(self) -> &'static str {
        match self {
            Side::Rebel => "Rebel",
            Side::Imperial => "Imperial",
        }
    }
}

/// What an event does beyond its numbers.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum EventEffect {
    None,
    /// The loser discards 2 influence (all they have if fewer).
    LoserDiscardsTwoInfluence,
    /// Powers of this resource type cannot be resolved this round.
    SwitchOff(ResourceType),
    /// The winner may look at the top 3 events and put them back in any order.
    WinnerReordersEvents,
    /// Only Luke Skywalker's and Darth Vader's character powers can be resolved this round.
    OnlyLukeAndVader,
    /// Next round the loser's strategy card is drawn at random.
    LoserStrategyRandom,
    /// The winner discards one of the loser's unused strategy cards.
    WinnerDiscardsLoserStrategy,
    /// The loser moves one of their characters from the resource cards to the reserve.
    LoserCharacterToReserve,
    /// Next round the loser chooses and reveals their strategy before the opponent chooses.
    LoserChoosesStrategyFirst,
    /// The winner moves one of their characters from the resource cards to the reserve.
    WinnerCharacterToReserve,
    /// The winner may shuffle a character from their reserve into their resource deck.
    WinnerMayAddCharacter,
    /// The winner retrieves the strategy cards used in earlier rounds.
    WinnerRetrievesStrategies,
}

/// One of the 24 event cards.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub struct EventId(pub u8);

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct EventCard {
    pub name: &'static str,
    pub victory_points: u8,
    pub influence: u8,
    pub capacity: u8,
    pub objective: u8,
    pub effect: EventEffect,
}

const fn ev(
    name: &'static str,
    victory_points: u8,
    influence: u8,
    capacity: u8,
    objective: u8,
    effect: EventEffect,
) -> EventCard {
    EventCard {
        name,
        victory_points,
        influence,
        capacity,
        objective,
        effect,
    }
}

use EventEffect as E;
use ResourceType as R;

pub const EVENT_COUNT: usize = 24;

/// All events, in alphabetical order; `EventId(i)` is `EVENTS[i]`.
pub const EVENTS: [EventCard; EVENT_COUNT] = [
    ev(
        "Acquire the Death Star Plans",
        2,
        1,
        3,
        13,
        E::LoserDiscardsTwoInfluence,
    ),
    ev(
        "Attack on Echo Base",
        2,
        1,
        3,
        9,
        E::SwitchOff(R::Diplomacy),
    ),
    ev("Balance of the Force", 1, 2, 5, 7, E::WinnerReordersEvents),
    ev("Battle of Endor", 3, 0, 5, 17, E::SwitchOff(R::Force)),
    ev("Battle of Hoth", 3, 0, 5, 17, E::None),
    ev("Battle of Yavin", 3, 0, 4, 15, E::None),
    ev("Control of Endor", 1, 2, 2, 9, E::None),
    ev("Create a Diversion", 1, 2, 2, 5, E::LoserStrategyRandom),
    ev(
        "Destroy the Shield Generator",
        2,
        1,
        2,
        8,
        E::LoserDiscardsTwoInfluence,
    ),
    ev("Diplomatic Freedom", 1, 2, 3, 11, E::None),
    ev(
        "Display of Power",
        3,
        0,
        4,
        10,
        E::WinnerDiscardsLoserStrategy,
    ),
    ev("Duel on Cloud City", 3, 0, 6, 21, E::OnlyLukeAndVader),
    ev("Escape From Tatooine", 1, 2, 3, 11, E::None),
    ev(
        "Evacuation of Echo Base",
        2,
        1,
        4,
        15,
        E::SwitchOff(R::Recon),
    ),
    ev("Fall of a Hero", 1, 2, 3, 9, E::LoserCharacterToReserve),
    ev("Heart of the Empire", 1, 2, 4, 13, E::None),
    ev(
        "Locate the Rebel Base",
        1,
        2,
        5,
        9,
        E::LoserChoosesStrategyFirst,
    ),
    ev(
        "Most Desperate Hour",
        1,
        2,
        4,
        13,
        E::SwitchOff(R::Military),
    ),
    ev(
        "Negotiate with the Hutts",
        3,
        0,
        3,
        13,
        E::WinnerCharacterToReserve,
    ),
    ev(
        "Occupation of Cloud City",
        2,
        1,
        2,
        5,
        E::WinnerMayAddCharacter,
    ),
    ev("Rebel Uprising", 1, 2, 6, 19, E::WinnerMayAddCharacter),
    ev("Rescue Mission to Cloud City", 1, 2, 3, 7, E::None),
    ev("Securing the Rebel Base on Yavin 4", 1, 2, 2, 9, E::None),
    ev(
        "Ultimate Power in the Universe",
        2,
        1,
        3,
        7,
        E::WinnerRetrievesStrategies,
    ),
];

/// The event of the rulebook's tutorial struggle.
pub const ESCAPE_FROM_TATOOINE: EventId = EventId(12);

impl EventId {
    pub fn card(self) -> &'static EventCard {
        &EVENTS[self.0 as usize]
    }

    pub fn all() -> impl Iterator<Item = EventId> {
        (0..EVENT_COUNT as u8).map(EventId)
    }
}

/// The four regular resource types, identical for both factions.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum ResourceType {
    Military,
    Diplomacy,
    Force,
    Recon,
}

impl ResourceType {
    pub const ALL: [ResourceType; 4] = [
        ResourceType::Military,
        ResourceType::Diplomacy,
        ResourceType::Force,
        ResourceType::Recon,
    ];

    pub fn name(self) -> &'static str {
        match self {
            ResourceType::Military => "Military",
            ResourceType::Diplomacy => "Diplomacy",
            ResourceType::Force => "The Force",
            ResourceType::Recon => "Recon",
        }
    }
}

/// The sixteen characters, eight per faction.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum Character {
    // Rebel
    Chewbacca,
    HanSolo,
    LandoCalrissian,
    LeiaOrgana,
    LukeSkywalker,
    ObiWanKenobi,
    R2D2AndC3PO,
    Yoda,
    // Imperial
    AdmiralPiett,
    BobaFett,
    DarthVader,
    EmperorPalpatine,
    GeneralVeers,
    GrandMoffTarkin,
    Ig88,
    JabbaTheHutt,
}

impl Character {
    pub fn name(self) -> &'static str {
        match self {
            Character::Chewbacca => "Chewbacca",
            Character::HanSolo => "Han Solo",
            Character::LandoCalrissian => "Lando Calrissian",
            Character::LeiaOrgana => "Leia Organa",
            Character::LukeSkywalker => "Luke Skywalker",
            Character::ObiWanKenobi => "Obi-Wan Kenobi",
            Character::R2D2AndC3PO => "R2-D2 and C-3PO",
            Character::Yoda => "Yoda",
            Character::AdmiralPiett => "Admiral Piett",
            Character::BobaFett => "Boba Fett",
            Character::DarthVader => "Darth Vader",
            Character::EmperorPalpatine => "Emperor Palpatine",
            Character::GeneralVeers => "General Veers",
            Character::GrandMoffTarkin => "Grand Moff Tarkin",
            Character::Ig88 => "IG-88",
            Character::JabbaTheHutt => "Jabba the Hutt",
        }
    }

    pub fn side(self) -> Side {
        if (self as u8) < 8 {
            Side::Rebel
        } else {
            Side::Imperial
        }
    }

    /// The character's position 0..8 among its faction's characters.
    pub fn slot(self) -> u8 {
        self as u8 % 8
    }

    pub fn card(self) -> CardId {
        CardId(
            self.side().index() as u8 * CARDS_PER_SIDE as u8 + REGULAR_PER_SIDE as u8 + self.slot(),
        )
    }
}

/// Ready and exhausted resource values of every character.
pub const CHARACTER_READY_VALUE: u8 = 6;
pub const CHARACTER_EXHAUSTED_VALUE: u8 = 1;

pub const CARDS_PER_SIDE: usize = 24;
pub const REGULAR_PER_SIDE: usize = 16;
pub const CHARACTERS_PER_SIDE: usize = 8;
pub const CARD_COUNT: usize = 2 * CARDS_PER_SIDE;

/// One physical resource card. `0..24` are Rebel, `24..48` Imperial; within a side, `0..16`
/// are the regular cards (type-major, values 2..=5) and `16..24` the characters.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub struct CardId(pub u8);

/// What kind of resource card a card is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum CardKind {
    Regular(ResourceType),
    Character(Character),
}

const REBEL_CHARACTERS: [Character; 8] = [
    Character::Chewbacca,
    Character::HanSolo,
    Character::LandoCalrissian,
    Character::LeiaOrgana,
    Character::LukeSkywalker,
    Character::ObiWanKenobi,
    Character::R2D2AndC3PO,
    Character::Yoda,
];

const IMPERIAL_CHARACTERS: [Character; 8] = [
    Character::AdmiralPiett,
    Character::BobaFett,
    Character::DarthVader,
    Character::EmperorPalpatine,
    Character::GeneralVeers,
    Character::GrandMoffTarkin,
    Character::Ig88,
    Character::JabbaTheHutt,
];

impl Character {
    pub fn of_side(side: Side) -> &'static [Character; 8] {
        match side {
            Side::Rebel => &REBEL_CHARACTERS,
            Side::Imperial => &IMPERIAL_CHARACTERS,
        }
    }
}

impl CardId {
    pub fn all() -> impl Iterator<Item = CardId> {
        (0..CARD_COUNT as u8).map(CardId)
    }

    pub fn of_side(side: Side) -> impl Iterator<Item = CardId> {
        let base = side.index() as u8 * CARDS_PER_SIDE as u8;
        (base..base + CARDS_PER_SIDE as u8).map(CardId)
    }

    pub fn side(self) -> Side {
        if (self.0 as usize) < CARDS_PER_SIDE {
            Side::Rebel
        } else {
            Side::Imperial
        }
    }

    /// Position 0..24 within its side, used for bit sets.
    pub fn local(self) -> u8 {
        self.0 % CARDS_PER_SIDE as u8
    }

    pub fn kind(self) -> CardKind {
        let local = self.local() as usize;
        if local < REGULAR_PER_SIDE {
            CardKind::Regular(ResourceType::ALL[local / 4])
        } else {
            CardKind::Character(Character::of_side(self.side())[local - REGULAR_PER_SIDE])
        }
    }

    pub fn character(self) -> Option<Character> {
        match self.kind() {
            CardKind::Character(c) => Some(c),
            CardKind::Regular(_) => None,
        }
    }

    pub fn is_character(self) -> bool {
        self.local() as usize >= REGULAR_PER_SIDE
    }

    /// Resource value when ready.
    pub fn ready_value(self) -> u8 {
        if self.is_character() {
            CHARACTER_READY_VALUE
        } else {
            2 + self.local() % 4
        }
    }

    /// Resource value when exhausted: regular cards keep their value, characters drop.
    pub fn exhausted_value(self) -> u8 {
        if self.is_character() {
            CHARACTER_EXHAUSTED_VALUE
        } else {
            self.ready_value()
        }
    }

    pub fn value(self, exhausted: bool) -> u8 {
        if exhausted {
            self.exhausted_value()
        } else {
            self.ready_value()
        }
    }

    pub fn name(self) -> &'static str {
        match self.kind() {
            CardKind::Regular(t) => t.name(),
            CardKind::Character(c) => c.name(),
        }
    }
}

/// The five strategy cards; both factions have the same five.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum Strategy {
    DirectAssault,
    Deception,
    Infiltration,
    Bureaucracy,
    Support,
}

impl Strategy {
    pub const ALL: [Strategy; 5] = [
        Strategy::DirectAssault,
        Strategy::Deception,
        Strategy::Infiltration,
        Strategy::Bureaucracy,
        Strategy::Support,
    ];

    pub fn name(self) -> &'static str {
        match self {
            Strategy::DirectAssault => "Direct Assault",
            Strategy::Deception => "Deception",
            Strategy::Infiltration => "Infiltration",
            Strategy::Bureaucracy => "Bureaucracy",
            Strategy::Support => "Support",
        }
    }

    pub fn bit(self) -> u8 {
        1 << self as u8
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn events_carry_42_victory_points_and_vp_plus_influence_is_three() {
        let total: u32 = EVENTS.iter().map(|e| e.victory_points as u32).sum();
        assert_eq!(total, 42);
        for e in EVENTS {
            assert_eq!(e.victory_points + e.influence, 3, "{}", e.name);
        }
        assert_eq!(ESCAPE_FROM_TATOOINE.card().name, "Escape From Tatooine");
        assert_eq!(
            EVENTS
                .iter()
                .filter(|e| e.effect != EventEffect::None)
                .count(),
            16
        );
    }

    #[test]
    fn each_side_has_sixteen_regular_cards_and_eight_characters() {
        for side in Side::BOTH {
            let cards: Vec<CardId> = CardId::of_side(side).collect();
            assert_eq!(cards.len(), 24);
            assert_eq!(cards.iter().filter(|c| c.is_character()).count(), 8);
            let regular_total: u32 = cards
                .iter()
                .filter(|c| !c.is_character())
                .map(|c| c.ready_value() as u32)
                .sum();
            assert_eq!(regular_total, 56);
            for c in &cards {
                assert_eq!(c.side(), side);
            }
        }
        for c in REBEL_CHARACTERS.iter().chain(IMPERIAL_CHARACTERS.iter()) {
            assert_eq!(c.card().character(), Some(*c));
        }
        assert_eq!(Character::LukeSkywalker.card().ready_value(), 6);
        assert_eq!(Character::LukeSkywalker.card().exhausted_value(), 1);
    }
}
