//! What every technology, Covert Mission and Imperial Action card is called and does, in our
//! own short words (the rules as the engine plays them are in docs/egr/rules.md, §13 to §15).

use super::names::planet_name;
use egr_engine::data::missions::Location;
use egr_engine::{research_price, BoardNumbers, ImperialCard, Mission, Place, Tech};

// ---------------------------------------------------------------------------------------
// Technologies

pub fn tech_name(tech: Tech) -> &'static str {
    use Tech::*;
    match tech {
        HumanCloning => "Human Cloning",
        HawkManeuverEngines => "Hawk Maneuver Engines",
        BlastArmor => "Blast Armor",
        HyperLearningPharma => "Hyper-Learning Pharma",
        BrainwaveSyncImplants => "Brainwave Sync Implants",
        PerformanceEnhancementSuit => "Performance Enhancement Suit",
        PropagandaAmplificationSoftware => "Propaganda Amplification Software",
        RedFalconMissileFighter => "Red-Falcon Missile Fighter",
        MatterDuplication => "Matter Duplication",
        TranceStateInducer => "Trance-State Inducer",
        ElectionHackFirmware => "Election Hack Firmware",
        PersonalCloakingDevice => "Personal Cloaking Device",
        CapitalShipDrydock => "Capital Ship Drydock",
        AllianceWithIndigenousRace => "Alliance with Indigenous Planetary Race",
        ImperialCorruption => "Imperial Corruption",
        AutoTargetingBlaster => "Auto-Targeting Blaster",
        PlanetaryJumpArmor => "Planetary Jump Armor",
        MindControl => "Mind Control",
        IntergalacticTranslator => "Intergalactic Translator",
        StunBlaster => "Stun Blaster",
        ArchonHelmet => "Archon Helmet",
        LaboratoryDroid => "Laboratory Droid",
        MiniaturizedHyperdrive => "Miniaturized Hyperdrive",
        NanotechOptimizedTradeVessels => "Nanotech Optimized Trade Vessels",
        LoyaltyScanner => "Loyalty Scanner",
        AutomatedFactory => "Automated Factory",
        MetaEmbezzlementMainframe => "Meta-Embezzlement Mainframe",
        MoltenInjectorBoardingCannon => "Molten-Injector Boarding Cannon",
        TechnocratUtopia => "Technocrat Utopia",
        MercantileFederation => "Mercantile Federation",
        ElitistOligarchy => "Elitist Oligarchy",
        Democracy => "Democracy",
        Republic => "Republic",
        StarFaringAutocracy => "Star Faring Autocracy",
        MilitaryDictatorship => "Military Dictatorship",
        WeakConfederacy => "Weak Confederacy",
        FinancialCollective => "Financial Collective",
        DynasticMonarchy => "Dynastic Monarchy",
        Anarchy => "Anarchy",
        ScientificOligarchy => "Scientific Oligarchy",
    }
}

/// What a technology does, in a sentence or two.
pub fn tech_text(tech: Tech) -> &'static str {
    use Tech::*;
    match tech {
        HumanCloning => "Two extra Rebels join your hand every turn.",
        HawkManeuverEngines | IntergalacticTranslator => {
            "An extra Smuggler joins your hand every turn."
        }
        BlastArmor | AutoTargetingBlaster => "An extra Trooper joins your hand every turn.",
        HyperLearningPharma | LaboratoryDroid => "An extra Scientist joins your hand every turn.",
        BrainwaveSyncImplants | MindControl => "An extra Diplomat joins your hand every turn.",
        PerformanceEnhancementSuit | ArchonHelmet => "An extra Hero joins your hand every turn.",
        PropagandaAmplificationSoftware => {
            "Every turn a free Rebel of yours stands on the Y space of Planetary Influence, \
             landing last."
        }
        RedFalconMissileFighter => {
            "Every turn a free Hero of yours takes the first open Warfare slot."
        }
        MatterDuplication => "You earn 5 UC every turn.",
        TranceStateInducer | PlanetaryJumpArmor => {
            "Once, right away: two more permanent Military Science cubes."
        }
        ElectionHackFirmware => "Every turn a free Rebel of yours joins the Galactic Senate.",
        PersonalCloakingDevice | StunBlaster => {
            "Every turn a free Hero of yours enters the Covert Mission box."
        }
        CapitalShipDrydock => {
            "Once: you take the Rebel Fleet to any planet, where no rival may land or attack. An \
             Imperial Fleet there is pushed to a planet of your choice."
        }
        AllianceWithIndigenousRace => {
            "When bought: two of your Troopers land on a planet where you already have a worker."
        }
        ImperialCorruption => {
            "Every turn you have a Diplomat in the Senate, each other player pays you 2 UC (or \
             all they have)."
        }
        MiniaturizedHyperdrive => {
            "Every turn, up to two moves of a worker of yours from one planet to another (never \
             onto an Imperial Fleet or a rival's Rebel Fleet)."
        }
        NanotechOptimizedTradeVessels => {
            "Every turn, 3 UC for each Nanotech good you hold, and 6 UC more with the Vollux \
             Trade Route."
        }
        LoyaltyScanner => {
            "Every turn a free Rebel of yours stands on the X space of Planetary Influence, \
             landing after the numbered spaces."
        }
        AutomatedFactory => "Every turn you draw a random trade good from the pile.",
        MetaEmbezzlementMainframe => "You earn 10 UC every turn.",
        MoltenInjectorBoardingCannon => {
            "Once: you seize the Rebel Fleet (launching it if need be) and move it to any planet; \
             an Imperial Fleet there is pushed elsewhere."
        }
        TechnocratUtopia => "At the end, 2 VP for every technology you own, this one included.",
        MercantileFederation => "At the end, 3 VP for every Trade Route you hold.",
        ElitistOligarchy => "At the end, 2 VP for every Specialist of yours in the Senate.",
        Democracy => {
            "At the end, 1 VP for every two of your workers on the planets you control, counted \
             together."
        }
        Republic => "At the end, 1 VP for every Rebel of yours in the Senate.",
        StarFaringAutocracy => "At the end, 10 VP if the Rebel Fleet is yours.",
        MilitaryDictatorship => "At the end, 2 VP for every Trooper of yours on the planets.",
        WeakConfederacy => "At the end, 4 VP for every planet you control.",
        FinancialCollective => "At the end, 3 VP for every Smuggler of yours on the planets.",
        DynasticMonarchy => "You earn 25 UC every turn; at the end, 1 VP for every 5 UC you hold.",
        Anarchy => "At the end, 3 VP for every Covert Mission you accomplished.",
        ScientificOligarchy => "At the end, 4 VP for every Scientist of yours on the planets.",
    }
}

/// A technology's epoch and price: "Epoch II: 15 UC, 10 through a Scientist".
pub fn tech_cost_text(tech: Tech) -> String {
    let epoch = tech.epoch();
    format!(
        "Epoch {}: {} UC, {} through a Scientist",
        super::names::epoch_name(epoch),
        research_price(epoch, false),
        research_price(epoch, true)
    )
}

// ---------------------------------------------------------------------------------------
// Covert Missions

/// The title printed on a mission card (cards printed twice share it).
pub fn mission_title(mission: Mission, numbers: &BoardNumbers) -> &'static str {
    use Mission::*;
    match mission.card(numbers) {
        AssassinateRivalDiplomat => "Assassinate Rival Diplomat",
        AssassinateRivalGeneralA | AssassinateRivalGeneralB => "Assassinate Rival General",
        StealPlansGalcrux | StealPlansAlioth => "Steal Imperial Plans",
        SpyWarCouncilVeltair | SpyWarCouncilSargas => "Spy on Imperial War Council",
        SabotageTrega | SabotageMirzam => "Sabotage Imperial Facility",
        DestroyCapitalShip => "Destroy Imperial Capital Ship",
        RescuePrisonerVollux | RescuePrisonerEdara => "Rescue Imperial Prisoner",
        AssassinateGeneralAlioth | AssassinateGeneralTrega => "Assassinate Imperial General",
        RobTreasuryVeltair | RobTreasuryMirzam => "Rob an Imperial Treasury",
        SupplantPirates => "Supplant Leader of the Pirates of Sargas",
        SaveTraitor => "Save an Imperial Traitor",
        PropagandaMachine => "Take Control of the Imperial Propaganda Machine",
        // Refused by the options' check; read as the provisional card.
        Twentieth => "Save an Imperial Traitor",
    }
}

/// A mission card's name, distinct from every other card's: the title, with the planet for a
/// card printed twice at two places, or a number for two cards alike ("(2)").
pub fn mission_name(mission: Mission, numbers: &BoardNumbers) -> String {
    let title = mission_title(mission, numbers);
    let twins: Vec<Mission> = Mission::ALL
        .into_iter()
        .filter(|&m| mission_title(m, numbers) == title)
        .collect();
    if twins.len() < 2 {
        return title.to_string();
    }
    let place = |m: Mission| match m.location(numbers) {
        Location::Fixed(p) => Some(p),
        Location::Either(..) | Location::Target | Location::FleetPlanet => None,
    };
    let places: Vec<_> = twins.iter().map(|&m| place(m)).collect();
    let distinct_places = places.iter().all(|p| p.is_some())
        && places
            .iter()
            .enumerate()
            .all(|(i, p)| !places[..i].contains(p));
    match place(mission) {
        Some(p) if distinct_places => format!("{title} ({})", planet_name(p)),
        _ => {
            let n = twins.iter().position(|&m| m == mission).unwrap_or(0) + 1;
            format!("{title} ({n})")
        }
    }
}

/// A mission card and where it is conducted: "Steal Imperial Plans on Alioth" (the planet is
/// not said twice), "Assassinate Rival Diplomat in the Senate".
pub fn mission_at(mission: Mission, at: Place, numbers: &BoardNumbers) -> String {
    let title = mission_title(mission, numbers);
    let name = mission_name(mission, numbers);
    match at {
        Place::Planet(p) if name == format!("{title} ({})", planet_name(p)) => {
            format!("{title} on {}", planet_name(p))
        }
        Place::Planet(p) => format!("{name} on {}", planet_name(p)),
        Place::Senate => format!("{name} in the Senate"),
        Place::Covert => name,
    }
}

/// Where a mission is conducted, with the price rule.
fn mission_where(mission: Mission, numbers: &BoardNumbers) -> String {
    let price = "the price is its Sentinels in worker points";
    match mission.location(numbers) {
        Location::Fixed(p) => format!("On {}: {price}.", planet_name(p)),
        Location::Either(p, q) => format!(
            "On {} or {}, your choice: {price}.",
            planet_name(p),
            planet_name(q)
        ),
        Location::FleetPlanet => format!("On a planet with an Imperial Fleet: {price}."),
        Location::Target => match mission.card(numbers) {
            Mission::AssassinateRivalDiplomat => format!(
                "In the Senate (price 1) or on a planet with a rival Diplomat: there {price}."
            ),
            _ => format!("On a planet with a rival Trooper: {price}."),
        },
    }
}

/// What a mission gives when it is accomplished.
fn mission_reward(mission: Mission, numbers: &BoardNumbers) -> &'static str {
    use Mission::*;
    let choice = mission.location(numbers) == Location::Fixed(numbers.rescue_choice_at);
    match mission.card(numbers) {
        AssassinateRivalDiplomat => "A rival's Diplomat there is eliminated (you pick whose).",
        AssassinateRivalGeneralA | AssassinateRivalGeneralB => {
            "A rival's Trooper there is eliminated (you pick whose)."
        }
        StealPlansGalcrux | StealPlansAlioth => "You gain a permanent Military Science cube.",
        SpyWarCouncilVeltair | SpyWarCouncilSargas => {
            "You put a Sentinel from the box on any planet but the Rebel Fleet's."
        }
        SabotageTrega | SabotageMirzam => "Next turn your attacks on Sentinels get 2 extra cubes.",
        DestroyCapitalShip => "An Imperial Fleet of your choice leaves the board.",
        RescuePrisonerVollux | RescuePrisonerEdara if choice => {
            "A Specialist of your choice joins your hand for next turn."
        }
        RescuePrisonerVollux | RescuePrisonerEdara => "A Hero joins your hand for next turn.",
        AssassinateGeneralAlioth | AssassinateGeneralTrega => {
            "A Sentinel there is eliminated, or one is added if there is none."
        }
        RobTreasuryVeltair | RobTreasuryMirzam => "You take 5 UC.",
        SupplantPirates => "You take 5 UC, and a Trooper joins your hand for next turn.",
        SaveTraitor | Twentieth => "You play the Imperial Action deck's top card at once.",
        PropagandaMachine => "Next turn your attacks on rival factions get 1 extra cube.",
    }
}

/// A mission card in full: where, the price, the reward and its Victory Points.
pub fn mission_text(mission: Mission, numbers: &BoardNumbers) -> String {
    format!(
        "{} {} Worth {} VP at the end.",
        mission_where(mission, numbers),
        mission_reward(mission, numbers),
        mission.vp(numbers)
    )
}

// ---------------------------------------------------------------------------------------
// Imperial Action cards

pub fn card_name(card: ImperialCard) -> &'static str {
    use ImperialCard::*;
    match card {
        PlanetaryBombardment => "Planetary Bombardment",
        InvadedByTheVox => "The Empire is Invaded by The Vox",
        NewCorpsOfSentinels => "New Corps of Sentinels Raised",
        RebelBaseDiscovered => "Rebel Base Discovered!",
        TroopsRebased => "Troops Re-based",
        SenateAwardsTradeRoute => "The Senate Awards a Trade Route",
        ImperialAtrocity => "Imperial Atrocity",
        ImperialSpies => "Imperial Spies Infiltrate a Rebel Faction",
        ImperialPropaganda => "Imperial Propaganda",
        DangerousCreature => "Dangerous Creature Escapes from Imperial Lab",
        RebellionSpreads => "Rebellion Spreads like Wildfire!",
        ImperialDoubleAgent => "Imperial Double Agent",
        NewScienceLab => "New Science Lab Built in Rebel-Held Area",
        ImperialMistake => "Imperial Mistake",
        PlagueSerumWithheld => "Plague Serum Withheld from Rebel Planet",
        PlanetaryCivilWar => "Planetary Civil War",
    }
}

/// A card's name in two or three words, for the questions it asks.
pub fn card_short_name(card: ImperialCard) -> &'static str {
    use ImperialCard::*;
    match card {
        PlanetaryBombardment => "Bombardment",
        InvadedByTheVox => "The Vox",
        NewCorpsOfSentinels => "New Corps",
        RebelBaseDiscovered => "Rebel Base Discovered",
        TroopsRebased => "Troops Re-based",
        SenateAwardsTradeRoute => "Trade Route award",
        ImperialAtrocity => "Imperial Atrocity",
        ImperialSpies => "Imperial Spies",
        ImperialPropaganda => "Imperial Propaganda",
        DangerousCreature => "Dangerous Creature",
        RebellionSpreads => "Rebellion Spreads",
        ImperialDoubleAgent => "Double Agent",
        NewScienceLab => "New Science Lab",
        ImperialMistake => "Imperial Mistake",
        PlagueSerumWithheld => "Plague Serum",
        PlanetaryCivilWar => "Civil War",
    }
}

/// What an Imperial Action card does when played.
pub fn card_text(card: ImperialCard) -> &'static str {
    use ImperialCard::*;
    match card {
        PlanetaryBombardment => {
            "Pick a planet other than the Rebel Fleet's: an Imperial Fleet comes there. Every \
             worker there goes back to its owner's hand for next turn, and you send its Sentinels \
             to other planets."
        }
        InvadedByTheVox => {
            "An Imperial Fleet of your choice leaves the board; then one Sentinel leaves each of \
             up to four different planets."
        }
        NewCorpsOfSentinels => {
            "Three Sentinels from the box go to one planet (not the Rebel Fleet's)."
        }
        RebelBaseDiscovered => {
            "Up to two Sentinels move from one planet to another; then two rival workers on that \
             second planet are eliminated."
        }
        TroopsRebased => "Up to three Sentinels move, one at a time, each between any two planets.",
        SenateAwardsTradeRoute => {
            "You take a Trade Route nobody holds; when none is left, you take one from another \
             player."
        }
        ImperialAtrocity => {
            "A rival's Rebel on any planet is eliminated; then two of your Rebels land on another \
             planet."
        }
        ImperialSpies => {
            "One rival loses workers worth 3 points from the Covert Mission box (Heroes and \
             Smugglers count 2)."
        }
        ImperialPropaganda => "One rival loses two Rebels or one Specialist on one planet.",
        DangerousCreature => {
            "The next Covert Mission anyone conducts costs 2 more; the card stays out until then."
        }
        RebellionSpreads => {
            "Three of your Rebels land on one planet; then a player you pick puts two of theirs \
             there."
        }
        ImperialDoubleAgent => {
            "You keep the card: you are asked first in the Covert Mission box for the rest of the \
             game."
        }
        NewScienceLab => "Two of your Scientists land on one planet.",
        ImperialMistake => "Two of your Troopers land on one planet.",
        PlagueSerumWithheld => {
            "On one planet, five pieces drawn at random, Sentinels and workers alike, go back to \
             their supplies."
        }
        PlanetaryCivilWar => {
            "On one planet, half of all the pieces (rounded down), drawn at random, go back to \
             their supplies."
        }
    }
}
