//! The 20 Covert Mission cards (Appendix II, L609-707). Cards printed twice with two
//! locations are two cards here, one per location. The rulebook lists 19 cards; two facts are
//! not printed and live in the options' [`BoardNumbers`] with the other provisional numbers
//! (docs/egr/rules.md §16), so that a player who owns the game can set them:
//! - the 20th card ([`Mission::Twentieth`]) is a second copy of one of the cards listed once,
//!   [`BoardNumbers::twentieth_mission`]; provisionally a second Save an Imperial Traitor (the
//!   card names two locations and is the only one missing its twin), and then the two Save an
//!   Imperial Traitor cards are one at Edara and one at Vollux; otherwise the one Save an
//!   Imperial Traitor may be conducted at either;
//! - which Rescue Imperial Prisoner card gives a Specialist of choice (the other gives a Hero),
//!   [`BoardNumbers::rescue_choice_at`]; provisionally the Vollux one (the order in which the
//!   rulebook lists both the locations and the rewards).

use super::numbers::BoardNumbers;
use super::Planet;
use serde::{Deserialize, Serialize};

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum Mission {
    AssassinateRivalDiplomat,
    AssassinateRivalGeneralA,
    AssassinateRivalGeneralB,
    StealPlansGalcrux,
    StealPlansAlioth,
    SpyWarCouncilVeltair,
    SpyWarCouncilSargas,
    SabotageTrega,
    SabotageMirzam,
    DestroyCapitalShip,
    RescuePrisonerVollux,
    RescuePrisonerEdara,
    AssassinateGeneralAlioth,
    AssassinateGeneralTrega,
    RobTreasuryVeltair,
    RobTreasuryMirzam,
    SupplantPirates,
    /// Save an Imperial Traitor, as listed (L693-699).
    SaveTraitor,
    PropagandaMachine,
    /// The card the rulebook does not list: a copy of [`BoardNumbers::twentieth_mission`].
    Twentieth,
}

pub const MISSIONS: usize = 20;

/// Where a mission is carried out, which sets its price (L254).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Location {
    Fixed(Planet),
    /// Either of two planets, the player's choice (the one Save an Imperial Traitor card when
    /// the 20th card is another).
    Either(Planet, Planet),
    /// Any planet where a rival has a piece of the target kind (and, for the Diplomat, the
    /// Senate too).
    Target,
    /// A planet where an Imperial Capital Fleet is.
    FleetPlanet,
}

impl Mission {
    pub const ALL: [Mission; MISSIONS] = {
        use Mission::*;
        [
            AssassinateRivalDiplomat,
            AssassinateRivalGeneralA,
            AssassinateRivalGeneralB,
            StealPlansGalcrux,
            StealPlansAlioth,
            SpyWarCouncilVeltair,
            SpyWarCouncilSargas,
            SabotageTrega,
            SabotageMirzam,
            DestroyCapitalShip,
            RescuePrisonerVollux,
            RescuePrisonerEdara,
            AssassinateGeneralAlioth,
            AssassinateGeneralTrega,
            RobTreasuryVeltair,
            RobTreasuryMirzam,
            SupplantPirates,
            SaveTraitor,
            PropagandaMachine,
            Twentieth,
        ]
    };

    pub fn index(self) -> usize {
        self as usize
    }

    pub fn bit(self) -> u32 {
        1 << self as u32
    }

    /// The cards the rulebook lists once (L609-707), one of which the 20th card may copy.
    pub const LISTED_ONCE: [Mission; 5] = [
        Mission::AssassinateRivalDiplomat,
        Mission::DestroyCapitalShip,
        Mission::SupplantPirates,
        Mission::SaveTraitor,
        Mission::PropagandaMachine,
    ];

    /// What the card is: itself, or for the 20th card the listed card it copies.
    pub fn card(self, numbers: &BoardNumbers) -> Mission {
        match self {
            Mission::Twentieth => numbers.twentieth_mission,
            m => m,
        }
    }

    /// Where the card is conducted, with these board numbers.
    pub fn location(self, numbers: &BoardNumbers) -> Location {
        use Mission::*;
        use Planet::*;
        let two_traitors = numbers.twentieth_mission == SaveTraitor;
        match self {
            // Two Save an Imperial Traitor cards: one per location, like every card printed
            // twice. One: either location.
            SaveTraitor if two_traitors => Location::Fixed(Edara),
            SaveTraitor => Location::Either(Edara, Vollux),
            Twentieth if two_traitors => Location::Fixed(Vollux),
            Twentieth => match numbers.twentieth_mission {
                // Refused by the options' check; read as the provisional card.
                Twentieth => Location::Fixed(Vollux),
                m => m.location(numbers),
            },
            AssassinateRivalDiplomat | AssassinateRivalGeneralA | AssassinateRivalGeneralB => {
                Location::Target
            }
            DestroyCapitalShip => Location::FleetPlanet,
            StealPlansGalcrux | PropagandaMachine => Location::Fixed(Galcrux),
            StealPlansAlioth | AssassinateGeneralAlioth => Location::Fixed(Alioth),
            SpyWarCouncilVeltair | RobTreasuryVeltair => Location::Fixed(Veltair),
            SpyWarCouncilSargas | SupplantPirates => Location::Fixed(Sargas),
            SabotageTrega | AssassinateGeneralTrega => Location::Fixed(Trega),
            SabotageMirzam | RobTreasuryMirzam => Location::Fixed(Mirzam),
            RescuePrisonerVollux => Location::Fixed(Vollux),
            RescuePrisonerEdara => Location::Fixed(Edara),
        }
    }

    /// Victory Points the card scores at the end (Appendix II).
    pub fn vp(self, numbers: &BoardNumbers) -> u16 {
        use Mission::*;
        match self.card(numbers) {
            AssassinateRivalGeneralA | AssassinateRivalGeneralB => 2,
            AssassinateRivalDiplomat
            | StealPlansGalcrux
            | StealPlansAlioth
            | SpyWarCouncilVeltair
            | SpyWarCouncilSargas
            | PropagandaMachine => 3,
            SaveTraitor => 5,
            _ => 4,
        }
    }
}
