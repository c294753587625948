//! The 20 Covert Mission cards (Appendix II, L609-707). Cards printed twice with two
//! locations are two cards here, one per location. Two facts are not printed and are
//! provisional (docs/egr/rules.md, "Provisional"): the 20th card is a second Save an Imperial
//! Traitor (the card names two locations and is the only one missing its twin), and of the two
//! Rescue Imperial Prisoner cards the Vollux one gives a Specialist of choice and the Edara one a
//! Hero (the order in which the rulebook lists both the locations and the rewards).

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
    SaveTraitorEdara,
    SaveTraitorVollux,
    PropagandaMachine,
}

pub const MISSIONS: usize = 20;

/// Where a mission is carried out, which sets its price (L254).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Location {
    Fixed(Planet),
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
            SaveTraitorEdara,
            SaveTraitorVollux,
            PropagandaMachine,
        ]
    };

    pub fn index(self) -> usize {
        self as usize
    }

    pub fn bit(self) -> u32 {
        1 << self as u32
    }

    pub fn location(self) -> Location {
        use Mission::*;
        use Planet::*;
        match self {
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
            RescuePrisonerVollux | SaveTraitorVollux => Location::Fixed(Vollux),
            RescuePrisonerEdara | SaveTraitorEdara => Location::Fixed(Edara),
        }
    }

    /// Victory Points the card scores at the end (Appendix II).
    pub fn vp(self) -> u16 {
        use Mission::*;
        match self {
            AssassinateRivalGeneralA | AssassinateRivalGeneralB => 2,
            AssassinateRivalDiplomat
            | StealPlansGalcrux
            | StealPlansAlioth
            | SpyWarCouncilVeltair
            | SpyWarCouncilSargas
            | PropagandaMachine => 3,
            SaveTraitorEdara | SaveTraitorVollux => 5,
            _ => 4,
        }
    }
}
