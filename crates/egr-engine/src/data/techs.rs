//! The 40 technology tiles (Appendix IV, L775-940): 13 of Epoch I, 15 of Epoch II and 12 of
//! Epoch III. Effects are in `rules::techs`; here are the names, epochs and kinds of benefit.

use super::Kind;
use serde::{Deserialize, Serialize};

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum Tech {
    // Epoch I (L777-829)
    HumanCloning,
    HawkManeuverEngines,
    BlastArmor,
    HyperLearningPharma,
    BrainwaveSyncImplants,
    PerformanceEnhancementSuit,
    PropagandaAmplificationSoftware,
    RedFalconMissileFighter,
    MatterDuplication,
    TranceStateInducer,
    ElectionHackFirmware,
    PersonalCloakingDevice,
    CapitalShipDrydock,
    // Epoch II (L831-892)
    AllianceWithIndigenousRace,
    ImperialCorruption,
    AutoTargetingBlaster,
    PlanetaryJumpArmor,
    MindControl,
    IntergalacticTranslator,
    StunBlaster,
    ArchonHelmet,
    LaboratoryDroid,
    MiniaturizedHyperdrive,
    NanotechOptimizedTradeVessels,
    LoyaltyScanner,
    AutomatedFactory,
    MetaEmbezzlementMainframe,
    MoltenInjectorBoardingCannon,
    // Epoch III (L894-940)
    TechnocratUtopia,
    MercantileFederation,
    ElitistOligarchy,
    Democracy,
    Republic,
    StarFaringAutocracy,
    MilitaryDictatorship,
    WeakConfederacy,
    FinancialCollective,
    DynasticMonarchy,
    Anarchy,
    ScientificOligarchy,
}

pub const TECHS: usize = 40;

/// Where a free worker of a technology goes in each Phase 4 (L389).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum FreeSpot {
    /// The Planetary Influence box's X space.
    X,
    /// Its Y space.
    Y,
    Warfare,
    Senate,
    Covert,
}

impl Tech {
    pub const ALL: [Tech; TECHS] = {
        use Tech::*;
        [
            HumanCloning,
            HawkManeuverEngines,
            BlastArmor,
            HyperLearningPharma,
            BrainwaveSyncImplants,
            PerformanceEnhancementSuit,
            PropagandaAmplificationSoftware,
            RedFalconMissileFighter,
            MatterDuplication,
            TranceStateInducer,
            ElectionHackFirmware,
            PersonalCloakingDevice,
            CapitalShipDrydock,
            AllianceWithIndigenousRace,
            ImperialCorruption,
            AutoTargetingBlaster,
            PlanetaryJumpArmor,
            MindControl,
            IntergalacticTranslator,
            StunBlaster,
            ArchonHelmet,
            LaboratoryDroid,
            MiniaturizedHyperdrive,
            NanotechOptimizedTradeVessels,
            LoyaltyScanner,
            AutomatedFactory,
            MetaEmbezzlementMainframe,
            MoltenInjectorBoardingCannon,
            TechnocratUtopia,
            MercantileFederation,
            ElitistOligarchy,
            Democracy,
            Republic,
            StarFaringAutocracy,
            MilitaryDictatorship,
            WeakConfederacy,
            FinancialCollective,
            DynasticMonarchy,
            Anarchy,
            ScientificOligarchy,
        ]
    };

    pub fn index(self) -> usize {
        self as usize
    }

    pub fn from_index(i: usize) -> Tech {
        Tech::ALL[i]
    }

    pub fn bit(self) -> u64 {
        1 << self as u64
    }

    /// The epoch printed on the tile's back (L62).
    pub fn epoch(self) -> u8 {
        match self as usize {
            0..=12 => 1,
            13..=27 => 2,
            _ => 3,
        }
    }

    /// Every tile of an epoch, as a bit set.
    pub fn of_epoch(epoch: u8) -> u64 {
        Tech::ALL
            .iter()
            .filter(|t| t.epoch() == epoch)
            .fold(0, |m, t| m | t.bit())
    }

    /// Workers the tile gives each turn, into the owner's hand for the next placement.
    pub fn workers(self) -> Option<(Kind, u8)> {
        use Tech::*;
        Some(match self {
            HumanCloning => (Kind::Rebel, 2),
            HawkManeuverEngines | IntergalacticTranslator => (Kind::Smuggler, 1),
            BlastArmor | AutoTargetingBlaster => (Kind::Trooper, 1),
            HyperLearningPharma | LaboratoryDroid => (Kind::Scientist, 1),
            BrainwaveSyncImplants | MindControl => (Kind::Diplomat, 1),
            PerformanceEnhancementSuit | ArchonHelmet => (Kind::Hero, 1),
            _ => return None,
        })
    }

    /// A free worker the tile puts straight into a box every turn.
    pub fn free_worker(self) -> Option<(Kind, FreeSpot)> {
        use Tech::*;
        Some(match self {
            PropagandaAmplificationSoftware => (Kind::Rebel, FreeSpot::Y),
            LoyaltyScanner => (Kind::Rebel, FreeSpot::X),
            RedFalconMissileFighter => (Kind::Hero, FreeSpot::Warfare),
            ElectionHackFirmware => (Kind::Rebel, FreeSpot::Senate),
            PersonalCloakingDevice | StunBlaster => (Kind::Hero, FreeSpot::Covert),
            _ => return None,
        })
    }

    /// Universal Credits the tile pays each turn.
    pub fn income(self) -> u16 {
        match self {
            Tech::MatterDuplication => 5,
            Tech::MetaEmbezzlementMainframe => 10,
            Tech::DynasticMonarchy => 25,
            _ => 0,
        }
    }

    /// Permanent Military Science cubes, gained once (Trance-State Inducer, Planetary Jump
    /// Armor).
    pub fn cubes(self) -> u8 {
        match self {
            Tech::TranceStateInducer | Tech::PlanetaryJumpArmor => 2,
            _ => 0,
        }
    }

    /// Tiles whose benefit is taken once and then turned over (L391).
    pub fn one_time(self) -> bool {
        matches!(
            self,
            Tech::CapitalShipDrydock
                | Tech::TranceStateInducer
                | Tech::PlanetaryJumpArmor
                | Tech::AllianceWithIndigenousRace
                | Tech::MoltenInjectorBoardingCannon
        )
    }
}
