//! The 25 Imperial Action cards (Appendix III, L709-773): 16 different cards.

use serde::{Deserialize, Serialize};

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum ImperialCard {
    PlanetaryBombardment,
    InvadedByTheVox,
    NewCorpsOfSentinels,
    RebelBaseDiscovered,
    TroopsRebased,
    SenateAwardsTradeRoute,
    ImperialAtrocity,
    ImperialSpies,
    ImperialPropaganda,
    DangerousCreature,
    RebellionSpreads,
    ImperialDoubleAgent,
    NewScienceLab,
    ImperialMistake,
    PlagueSerumWithheld,
    PlanetaryCivilWar,
}

pub const IMPERIAL_KINDS: usize = 16;

impl ImperialCard {
    pub const ALL: [ImperialCard; IMPERIAL_KINDS] = {
        use ImperialCard::*;
        [
            PlanetaryBombardment,
            InvadedByTheVox,
            NewCorpsOfSentinels,
            RebelBaseDiscovered,
            TroopsRebased,
            SenateAwardsTradeRoute,
            ImperialAtrocity,
            ImperialSpies,
            ImperialPropaganda,
            DangerousCreature,
            RebellionSpreads,
            ImperialDoubleAgent,
            NewScienceLab,
            ImperialMistake,
            PlagueSerumWithheld,
            PlanetaryCivilWar,
        ]
    };

    pub fn index(self) -> usize {
        self as usize
    }

    /// Copies in the deck (Appendix III): 25 in all.
    pub fn copies(self) -> u8 {
        use ImperialCard::*;
        match self {
            NewCorpsOfSentinels | TroopsRebased => 3,
            RebelBaseDiscovered
            | SenateAwardsTradeRoute
            | ImperialAtrocity
            | ImperialSpies
            | ImperialPropaganda => 2,
            _ => 1,
        }
    }

    /// The whole deck as counts per card.
    pub fn deck() -> [u8; IMPERIAL_KINDS] {
        ImperialCard::ALL.map(|c| c.copies())
    }
}
