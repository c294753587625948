//! Every card's printed facts (names, skills, timing, copies): what the rules need to know
//! before any effect runs. The effects themselves, in our own words, are in docs/swr/cards/
//! and in `rules/effects/`. Facts from `shared/research/rebellion-components.md` §4.5–4.9.

use super::leaders::{LeaderId, Skill};
use super::systems::{named::*, SystemId};
use super::Side;
use serde::{Deserialize, Serialize};

// ---------------------------------------------------------------------------------------
// Missions

#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum Mission {
    // Imperial starting
    CaptureRebelOperative,
    GatherIntel,
    ResearchAndDevelopment,
    RuleByFear,
    // Imperial deck
    AddressDelays,
    CarbonFreezing,
    CollectBounty,
    Detained,
    DisplayOfPower,
    DoubleOurEfforts,
    FearWillKeepThemInLine,
    HomingBeacon,
    HuntThemDown,
    ImperialPropaganda,
    InterceptTransmissions,
    Interrogation,
    InterrogationDroid,
    LongRangeProbe,
    LureOfTheDarkSide,
    PlanetaryConquest,
    ProbeDroidInitiative,
    RetrieveThePlans,
    SecretWeaponsResearch,
    TradeNegotiations,
    // Imperial projects
    ConstructDeathStar,
    ConstructFactory,
    ConstructSuperStarDestroyer,
    OverseeProject,
    SuperlaserOnline,
    // Rebel starting
    BuildAlliance,
    Infiltration,
    RapidMobilization,
    Sabotage,
    // Rebel deck
    BaseDefenses,
    ContingencyPlan,
    CovertOperation,
    DaringRescue,
    Demolition,
    EstablishTradeRelations,
    ForTheGreaterGood,
    HiddenFleet,
    HitAndRun,
    IgniteRebellion,
    LeadTheStrikeTeam,
    Misdirection,
    PlanTheAssault,
    PlantFalseLead,
    PublicUprising,
    RogueSquadronRaid,
    SeekYoda,
    StolenPlans,
    SupportOfMonCalamari,
    WookieeUprising,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum MissionDeck {
    Starting,
    Normal,
    Project,
}

pub struct MissionInfo {
    pub name: &'static str,
    pub side: Side,
    pub skill: Skill,
    pub requirement: u8,
    /// `true`: attempted (may be opposed); `false`: resolved (cannot be).
    pub attempt: bool,
    /// The leader whose portrait gives two extra successes.
    pub portrait: Option<LeaderId>,
    pub deck: MissionDeck,
    pub copies: u8,
}

use LeaderId as L;
use MissionDeck::*;
use Side::*;
use Skill::*;

#[allow(clippy::too_many_arguments)]
const fn mission(
    name: &'static str,
    side: Side,
    skill: Skill,
    requirement: u8,
    attempt: bool,
    portrait: Option<LeaderId>,
    deck: MissionDeck,
    copies: u8,
) -> MissionInfo {
    MissionInfo {
        name,
        side,
        skill,
        requirement,
        attempt,
        portrait,
        deck,
        copies,
    }
}

const A: bool = true;
const R: bool = false;

pub const MISSIONS: [MissionInfo; 53] = [
    mission(
        "Capture Rebel Operative",
        Empire,
        SpecOps,
        1,
        A,
        None,
        Starting,
        1,
    ),
    mission("Gather Intel", Empire, Intel, 1, A, None, Starting, 1),
    mission(
        "Research and Development",
        Empire,
        Logistics,
        1,
        R,
        None,
        Starting,
        1,
    ),
    mission("Rule by Fear", Empire, Diplomacy, 1, A, None, Starting, 1),
    mission("Address Delays", Empire, Logistics, 1, R, None, Normal, 2),
    mission("Carbon Freezing", Empire, SpecOps, 3, A, None, Normal, 1),
    mission(
        "Collect Bounty",
        Empire,
        SpecOps,
        3,
        A,
        Some(L::BobaFett),
        Normal,
        1,
    ),
    mission("Detained", Empire, SpecOps, 1, A, Some(L::Tagge), Normal, 1),
    mission("Display of Power", Empire, Diplomacy, 3, A, None, Normal, 1),
    mission(
        "Double Our Efforts",
        Empire,
        Diplomacy,
        1,
        R,
        Some(L::Jerjerrod),
        Normal,
        1,
    ),
    mission(
        "Fear Will Keep Them in Line",
        Empire,
        Diplomacy,
        1,
        A,
        Some(L::Tarkin),
        Normal,
        1,
    ),
    mission("Homing Beacon", Empire, Intel, 3, A, None, Normal, 1),
    mission(
        "Hunt Them Down",
        Empire,
        SpecOps,
        2,
        A,
        Some(L::Fel),
        Normal,
        1,
    ),
    mission(
        "Imperial Propaganda",
        Empire,
        Diplomacy,
        2,
        A,
        Some(L::Greejatus),
        Normal,
        1,
    ),
    mission(
        "Intercept Transmissions",
        Empire,
        Intel,
        2,
        A,
        None,
        Normal,
        2,
    ),
    mission("Interrogation", Empire, SpecOps, 2, A, None, Normal, 2),
    mission(
        "Interrogation Droid",
        Empire,
        Intel,
        3,
        A,
        Some(L::Yularen),
        Normal,
        1,
    ),
    mission(
        "Long Range Probe",
        Empire,
        Intel,
        2,
        A,
        Some(L::Piett),
        Normal,
        1,
    ),
    mission(
        "Lure of the Dark Side",
        Empire,
        Diplomacy,
        3,
        A,
        Some(L::Palpatine),
        Normal,
        1,
    ),
    mission(
        "Planetary Conquest",
        Empire,
        SpecOps,
        2,
        A,
        Some(L::Veers),
        Normal,
        1,
    ),
    mission(
        "Probe Droid Initiative",
        Empire,
        Intel,
        1,
        R,
        Some(L::Ozzel),
        Normal,
        1,
    ),
    mission(
        "Retrieve the Plans",
        Empire,
        SpecOps,
        3,
        A,
        Some(L::Vader),
        Normal,
        1,
    ),
    mission(
        "Secret Weapons Research",
        Empire,
        Logistics,
        1,
        R,
        None,
        Normal,
        2,
    ),
    mission(
        "Trade Negotiations",
        Empire,
        Diplomacy,
        2,
        A,
        None,
        Normal,
        2,
    ),
    mission(
        "Construct Death Star",
        Empire,
        Logistics,
        1,
        R,
        None,
        Project,
        1,
    ),
    mission(
        "Construct Factory",
        Empire,
        Logistics,
        1,
        R,
        None,
        Project,
        2,
    ),
    mission(
        "Construct Super Star Destroyer",
        Empire,
        Logistics,
        1,
        R,
        None,
        Project,
        2,
    ),
    mission("Oversee Project", Empire, Logistics, 1, R, None, Project, 2),
    mission(
        "Superlaser Online",
        Empire,
        Logistics,
        1,
        R,
        None,
        Project,
        3,
    ),
    mission("Build Alliance", Rebel, Diplomacy, 1, A, None, Starting, 1),
    mission("Infiltration", Rebel, Intel, 1, A, None, Starting, 1),
    mission(
        "Rapid Mobilization",
        Rebel,
        Logistics,
        1,
        R,
        None,
        Starting,
        1,
    ),
    mission("Sabotage", Rebel, SpecOps, 1, A, None, Starting, 1),
    mission(
        "Base Defenses",
        Rebel,
        Diplomacy,
        1,
        A,
        Some(L::Rieekan),
        Normal,
        1,
    ),
    mission(
        "Contingency Plan",
        Rebel,
        Logistics,
        1,
        R,
        Some(L::Lando),
        Normal,
        1,
    ),
    mission("Covert Operation", Rebel, Intel, 3, A, None, Normal, 1),
    mission("Daring Rescue", Rebel, Intel, 2, A, None, Normal, 2),
    mission("Demolition", Rebel, SpecOps, 3, A, None, Normal, 1),
    mission(
        "Establish Trade Relations",
        Rebel,
        Diplomacy,
        3,
        A,
        Some(L::MonMothma),
        Normal,
        1,
    ),
    mission(
        "For the Greater Good",
        Rebel,
        Intel,
        3,
        A,
        Some(L::ObiWan),
        Normal,
        1,
    ),
    mission("Hidden Fleet", Rebel, Logistics, 1, R, None, Normal, 3),
    mission("Hit and Run", Rebel, SpecOps, 2, A, None, Normal, 2),
    mission("Ignite Rebellion", Rebel, Diplomacy, 2, A, None, Normal, 2),
    mission(
        "Lead the Strike Team",
        Rebel,
        SpecOps,
        2,
        A,
        Some(L::Han),
        Normal,
        1,
    ),
    mission(
        "Misdirection",
        Rebel,
        SpecOps,
        1,
        A,
        Some(L::Madine),
        Normal,
        1,
    ),
    mission(
        "Plan the Assault",
        Rebel,
        Intel,
        2,
        A,
        Some(L::Dodonna),
        Normal,
        1,
    ),
    mission("Plant False Lead", Rebel, Logistics, 1, R, None, Normal, 1),
    mission("Public Uprising", Rebel, Diplomacy, 3, A, None, Normal, 1),
    mission(
        "Rogue Squadron Raid",
        Rebel,
        SpecOps,
        2,
        A,
        Some(L::Wedge),
        Normal,
        1,
    ),
    mission("Seek Yoda", Rebel, Intel, 1, R, Some(L::Luke), Normal, 1),
    mission("Stolen Plans", Rebel, Intel, 2, A, Some(L::Leia), Normal, 1),
    mission(
        "Support of Mon Calamari",
        Rebel,
        Diplomacy,
        2,
        A,
        Some(L::Ackbar),
        Normal,
        1,
    ),
    mission(
        "Wookiee Uprising",
        Rebel,
        SpecOps,
        3,
        A,
        Some(L::Chewbacca),
        Normal,
        1,
    ),
];

impl Mission {
    pub const ALL: [Mission; 53] = {
        use Mission::*;
        [
            CaptureRebelOperative,
            GatherIntel,
            ResearchAndDevelopment,
            RuleByFear,
            AddressDelays,
            CarbonFreezing,
            CollectBounty,
            Detained,
            DisplayOfPower,
            DoubleOurEfforts,
            FearWillKeepThemInLine,
            HomingBeacon,
            HuntThemDown,
            ImperialPropaganda,
            InterceptTransmissions,
            Interrogation,
            InterrogationDroid,
            LongRangeProbe,
            LureOfTheDarkSide,
            PlanetaryConquest,
            ProbeDroidInitiative,
            RetrieveThePlans,
            SecretWeaponsResearch,
            TradeNegotiations,
            ConstructDeathStar,
            ConstructFactory,
            ConstructSuperStarDestroyer,
            OverseeProject,
            SuperlaserOnline,
            BuildAlliance,
            Infiltration,
            RapidMobilization,
            Sabotage,
            BaseDefenses,
            ContingencyPlan,
            CovertOperation,
            DaringRescue,
            Demolition,
            EstablishTradeRelations,
            ForTheGreaterGood,
            HiddenFleet,
            HitAndRun,
            IgniteRebellion,
            LeadTheStrikeTeam,
            Misdirection,
            PlanTheAssault,
            PlantFalseLead,
            PublicUprising,
            RogueSquadronRaid,
            SeekYoda,
            StolenPlans,
            SupportOfMonCalamari,
            WookieeUprising,
        ]
    };

    pub fn info(self) -> &'static MissionInfo {
        &MISSIONS[self as usize]
    }

    pub fn name(self) -> &'static str {
        self.info().name
    }

    pub fn side(self) -> Side {
        self.info().side
    }

    pub fn is_starting(self) -> bool {
        self.info().deck == Starting
    }

    pub fn is_project(self) -> bool {
        self.info().deck == Project
    }

    /// Every copy of the missions of one deck, in card order.
    pub fn deck(side: Side, deck: MissionDeck) -> Vec<Mission> {
        Mission::ALL
            .iter()
            .filter(|m| m.side() == side && m.info().deck == deck)
            .flat_map(|m| std::iter::repeat_n(*m, m.info().copies as usize))
            .collect()
    }
}

// ---------------------------------------------------------------------------------------
// Action cards

#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum ActionCard {
    // Imperial starting
    AccordingToMyDesign,
    BrilliantAdministrator,
    ItIsYourDestiny,
    MoreDangerousThanYouRealize,
    // Imperial recruit deck
    Blindside,
    BobaFettWhere,
    CatchThemBySurprise,
    FullyOperational,
    GoodIntel,
    KeepThemFromEscaping,
    LocalRumors,
    ProceedingAsPlanned,
    PublicSupport,
    ReadyForAction,
    ScoutingMission,
    TargetTheGenerator,
    // Rebel starting
    HumanCyborgRelations,
    OurMostDesperateHour,
    RebelPlanning,
    ResourcefulAstromech,
    StartTheEvacuation,
    TemporaryAlliance,
    // Rebel recruit deck
    Ambush,
    AnOldFriend,
    IndependentOperation,
    ItsATrap,
    NobleSacrifice,
    OneInAMillion,
    PointBlankAssault,
    SonOfSkywalker,
    TargetTheStarDestroyers,
    TheMillenniumFalcon,
    Undercover,
    WookieeGuardian,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Timing {
    Assignment,
    StartOfCombat,
    Immediate,
    Special,
}

pub struct ActionInfo {
    pub name: &'static str,
    pub side: Side,
    /// The leaders shown: those it recruits, and one of whom must be present to use it in a
    /// mission or combat.
    pub leaders: &'static [LeaderId],
    pub timing: Timing,
    pub starting: bool,
}

use Timing::*;

const fn action(
    name: &'static str,
    side: Side,
    leaders: &'static [LeaderId],
    timing: Timing,
    starting: bool,
) -> ActionInfo {
    ActionInfo {
        name,
        side,
        leaders,
        timing,
        starting,
    }
}

pub const ACTIONS: [ActionInfo; 34] = [
    action(
        "According to My Design",
        Empire,
        &[L::Palpatine],
        StartOfCombat,
        true,
    ),
    action(
        "Brilliant Administrator",
        Empire,
        &[L::Tarkin],
        Assignment,
        true,
    ),
    action("It Is Your Destiny", Empire, &[L::Vader], Special, true),
    action(
        "More Dangerous Than You Realize",
        Empire,
        &[L::Tagge],
        StartOfCombat,
        true,
    ),
    action(
        "Blindside",
        Empire,
        &[L::BobaFett, L::Greejatus],
        Special,
        false,
    ),
    action(
        "Boba Fett? Where?",
        Empire,
        &[L::BobaFett],
        Assignment,
        false,
    ),
    action(
        "Catch Them by Surprise",
        Empire,
        &[L::Ozzel],
        Assignment,
        false,
    ),
    action(
        "Fully Operational",
        Empire,
        &[L::Jerjerrod],
        StartOfCombat,
        false,
    ),
    action(
        "Good Intel",
        Empire,
        &[L::Yularen, L::Fel],
        StartOfCombat,
        false,
    ),
    action(
        "Keep Them from Escaping",
        Empire,
        &[L::Piett],
        StartOfCombat,
        false,
    ),
    action("Local Rumors", Empire, &[L::Yularen], Assignment, false),
    action(
        "Proceeding as Planned",
        Empire,
        &[L::Ozzel, L::Jerjerrod],
        Assignment,
        false,
    ),
    action("Public Support", Empire, &[L::Greejatus], Assignment, false),
    action(
        "Ready for Action",
        Empire,
        &[L::Piett, L::Veers],
        StartOfCombat,
        false,
    ),
    action("Scouting Mission", Empire, &[L::Fel], Assignment, false),
    action(
        "Target the Generator",
        Empire,
        &[L::Veers],
        StartOfCombat,
        false,
    ),
    action("Human-Cyborg Relations", Rebel, &[], Immediate, true),
    action(
        "Our Most Desperate Hour",
        Rebel,
        &[L::Leia],
        Assignment,
        true,
    ),
    action("Rebel Planning", Rebel, &[L::Dodonna], Assignment, true),
    action("Resourceful Astromech", Rebel, &[], Immediate, true),
    action(
        "Start the Evacuation",
        Rebel,
        &[L::Rieekan],
        Assignment,
        true,
    ),
    action(
        "Temporary Alliance",
        Rebel,
        &[L::MonMothma],
        Assignment,
        true,
    ),
    action("Ambush", Rebel, &[L::Madine], Assignment, false),
    action("An Old Friend", Rebel, &[L::Han], Assignment, false),
    action(
        "Independent Operation",
        Rebel,
        &[L::Lando],
        Assignment,
        false,
    ),
    action("It's a Trap", Rebel, &[L::Ackbar], StartOfCombat, false),
    action("Noble Sacrifice", Rebel, &[L::ObiWan], Special, false),
    action(
        "One in a Million",
        Rebel,
        &[L::Luke, L::Wedge],
        Special,
        false,
    ),
    action(
        "Point-Blank Assault",
        Rebel,
        &[L::Ackbar, L::Madine],
        StartOfCombat,
        false,
    ),
    action("Son of Skywalker", Rebel, &[L::Luke], Special, false),
    action(
        "Target the Star Destroyers",
        Rebel,
        &[L::Wedge],
        StartOfCombat,
        false,
    ),
    action(
        "The Millennium Falcon",
        Rebel,
        &[L::Han, L::Chewbacca],
        Immediate,
        false,
    ),
    action("Undercover", Rebel, &[L::Lando, L::ObiWan], Special, false),
    action("Wookiee Guardian", Rebel, &[L::Chewbacca], Special, false),
];

impl ActionCard {
    pub const ALL: [ActionCard; 34] = {
        use ActionCard::*;
        [
            AccordingToMyDesign,
            BrilliantAdministrator,
            ItIsYourDestiny,
            MoreDangerousThanYouRealize,
            Blindside,
            BobaFettWhere,
            CatchThemBySurprise,
            FullyOperational,
            GoodIntel,
            KeepThemFromEscaping,
            LocalRumors,
            ProceedingAsPlanned,
            PublicSupport,
            ReadyForAction,
            ScoutingMission,
            TargetTheGenerator,
            HumanCyborgRelations,
            OurMostDesperateHour,
            RebelPlanning,
            ResourcefulAstromech,
            StartTheEvacuation,
            TemporaryAlliance,
            Ambush,
            AnOldFriend,
            IndependentOperation,
            ItsATrap,
            NobleSacrifice,
            OneInAMillion,
            PointBlankAssault,
            SonOfSkywalker,
            TargetTheStarDestroyers,
            TheMillenniumFalcon,
            Undercover,
            WookieeGuardian,
        ]
    };

    pub fn info(self) -> &'static ActionInfo {
        &ACTIONS[self as usize]
    }

    pub fn name(self) -> &'static str {
        self.info().name
    }

    pub fn side(self) -> Side {
        self.info().side
    }

    pub fn of(side: Side, starting: bool) -> Vec<ActionCard> {
        ActionCard::ALL
            .iter()
            .copied()
            .filter(|c| c.side() == side && c.info().starting == starting)
            .collect()
    }
}

// ---------------------------------------------------------------------------------------
// Objectives

#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum Objective {
    CripplingBlow,
    CutSupplyLines,
    DefendThePeople,
    RebelAssault,
    RegionalSupport,
    DeathStarPlansII,
    HeartOfTheEmpire,
    LeaveNoOneBehind,
    Liberation,
    PopularSupport,
    DeathStarPlansIII,
    EstablishOutposts,
    InspireSympathy,
    MajorVictory,
    ReturnOfTheJedi,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum ObjectiveTiming {
    StartOfRefresh,
    Combat,
}

pub struct ObjectiveInfo {
    pub name: &'static str,
    pub stage: u8,
    /// Reputation gained; Inspire Sympathy's depends on the destroyed systems (`0` here).
    pub reputation: u8,
    pub timing: ObjectiveTiming,
}

use ObjectiveTiming::*;

const fn objective(
    name: &'static str,
    stage: u8,
    reputation: u8,
    timing: ObjectiveTiming,
) -> ObjectiveInfo {
    ObjectiveInfo {
        name,
        stage,
        reputation,
        timing,
    }
}

pub const OBJECTIVES: [ObjectiveInfo; 15] = [
    objective("Crippling Blow", 1, 1, Combat),
    objective("Cut Supply Lines", 1, 1, StartOfRefresh),
    objective("Defend the People", 1, 1, StartOfRefresh),
    objective("Rebel Assault", 1, 1, Combat),
    objective("Regional Support", 1, 1, StartOfRefresh),
    objective("Death Star Plans", 2, 2, Combat),
    objective("Heart of the Empire", 2, 2, StartOfRefresh),
    objective("Leave No One Behind", 2, 1, StartOfRefresh),
    objective("Liberation", 2, 1, Combat),
    objective("Popular Support", 2, 1, StartOfRefresh),
    objective("Death Star Plans", 3, 2, Combat),
    objective("Establish Outposts", 3, 1, StartOfRefresh),
    objective("Inspire Sympathy", 3, 0, StartOfRefresh),
    objective("Major Victory", 3, 1, Combat),
    objective("Return of the Jedi", 3, 2, Combat),
];

impl Objective {
    pub const ALL: [Objective; 15] = {
        use Objective::*;
        [
            CripplingBlow,
            CutSupplyLines,
            DefendThePeople,
            RebelAssault,
            RegionalSupport,
            DeathStarPlansII,
            HeartOfTheEmpire,
            LeaveNoOneBehind,
            Liberation,
            PopularSupport,
            DeathStarPlansIII,
            EstablishOutposts,
            InspireSympathy,
            MajorVictory,
            ReturnOfTheJedi,
        ]
    };

    pub fn info(self) -> &'static ObjectiveInfo {
        &OBJECTIVES[self as usize]
    }

    pub fn name(self) -> &'static str {
        self.info().name
    }
}

// ---------------------------------------------------------------------------------------
// Tactic cards

#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum Tactic {
    SpaceBrilliantStrategy,
    SpaceConcentrateFire,
    SpaceCriticalHit,
    SpaceDefensiveFormation,
    SpaceNoEscape,
    SpaceOnslaught,
    SpaceOutmaneuver,
    SpaceTakeItDown,
    SpaceUnstoppableAssault,
    GroundBombardment,
    GroundBrilliantStrategy,
    GroundConcentrateFire,
    GroundCriticalHit,
    GroundDefensiveFormation,
    GroundDigIn,
    GroundEscapePlan,
    GroundOnslaught,
    GroundTakeItDown,
    GroundUnstoppableAssault,
}

pub struct TacticInfo {
    pub name: &'static str,
    pub space: bool,
    pub copies: u8,
    /// Needs a die showing the special icon to be played.
    pub special: bool,
}

const fn tactic(name: &'static str, space: bool, copies: u8, special: bool) -> TacticInfo {
    TacticInfo {
        name,
        space,
        copies,
        special,
    }
}

pub const TACTICS: [TacticInfo; 19] = [
    tactic("Brilliant Strategy", true, 1, true),
    tactic("Concentrate Fire", true, 2, false),
    tactic("Critical Hit", true, 2, false),
    tactic("Defensive Formation", true, 3, false),
    tactic("No Escape", true, 1, false),
    tactic("Onslaught", true, 1, true),
    tactic("Outmaneuver", true, 2, false),
    tactic("Take It Down", true, 2, true),
    tactic("Unstoppable Assault", true, 1, true),
    tactic("Bombardment", false, 1, true),
    tactic("Brilliant Strategy", false, 1, true),
    tactic("Concentrate Fire", false, 2, false),
    tactic("Critical Hit", false, 2, false),
    tactic("Defensive Formation", false, 3, false),
    tactic("Dig In", false, 2, false),
    tactic("Escape Plan", false, 1, true),
    tactic("Onslaught", false, 1, true),
    tactic("Take It Down", false, 1, true),
    tactic("Unstoppable Assault", false, 1, true),
];

impl Tactic {
    pub const ALL: [Tactic; 19] = {
        use Tactic::*;
        [
            SpaceBrilliantStrategy,
            SpaceConcentrateFire,
            SpaceCriticalHit,
            SpaceDefensiveFormation,
            SpaceNoEscape,
            SpaceOnslaught,
            SpaceOutmaneuver,
            SpaceTakeItDown,
            SpaceUnstoppableAssault,
            GroundBombardment,
            GroundBrilliantStrategy,
            GroundConcentrateFire,
            GroundCriticalHit,
            GroundDefensiveFormation,
            GroundDigIn,
            GroundEscapePlan,
            GroundOnslaught,
            GroundTakeItDown,
            GroundUnstoppableAssault,
        ]
    };

    pub fn info(self) -> &'static TacticInfo {
        &TACTICS[self as usize]
    }

    pub fn name(self) -> &'static str {
        self.info().name
    }

    /// Every copy of one deck, in card order.
    pub fn deck(space: bool) -> Vec<Tactic> {
        Tactic::ALL
            .iter()
            .filter(|t| t.info().space == space)
            .flat_map(|t| std::iter::repeat_n(*t, t.info().copies as usize))
            .collect()
    }
}

// ---------------------------------------------------------------------------------------
// Probe cards: one per system but Coruscant. Setup icons decide the starting loyalty.

pub const PROBE_REBEL_SETUP: [SystemId; 5] = [BOTHAWUI, KASHYYYK, MON_CALAMARI, NABOO, RYLOTH];
pub const PROBE_IMPERIAL_SETUP: [SystemId; 7] = [
    CORELLIA, MANDALORE, MUSTAFAR, MYGEETO, RODIA, SALEUCAMI, SULLUST,
];

/// The probe deck, in card order (every system but Coruscant).
pub fn probe_cards() -> Vec<SystemId> {
    SystemId::ALL
        .iter()
        .copied()
        .filter(|s| *s != CORUSCANT)
        .collect()
}

// ---------------------------------------------------------------------------------------
// The time track

/// The reputation marker starts here; the time marker starts on 1.
pub const REPUTATION_START: u8 = 14;
pub const TIME_TRACK_LENGTH: u8 = 16;
/// Spaces with the recruit icon.
pub const RECRUIT_SPACES: [u8; 4] = [2, 3, 4, 5];
/// Spaces with the build icon.
pub const BUILD_SPACES: [u8; 7] = [2, 4, 6, 8, 10, 12, 14];

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn deck_sizes() {
        for side in [Empire, Rebel] {
            assert_eq!(Mission::deck(side, Starting).len(), 4);
            assert_eq!(Mission::deck(side, Normal).len(), 25);
        }
        assert_eq!(Mission::deck(Empire, Project).len(), 10);
        assert_eq!(ActionCard::of(Empire, true).len(), 4);
        assert_eq!(ActionCard::of(Empire, false).len(), 12);
        assert_eq!(ActionCard::of(Rebel, true).len(), 6);
        assert_eq!(ActionCard::of(Rebel, false).len(), 12);
        assert_eq!(Tactic::deck(true).len(), 15);
        assert_eq!(Tactic::deck(false).len(), 15);
        assert_eq!(probe_cards().len(), 31);
        for stage in 1..=3 {
            assert_eq!(
                Objective::ALL
                    .iter()
                    .filter(|o| o.info().stage == stage)
                    .count(),
                5
            );
        }
        for (i, m) in Mission::ALL.iter().enumerate() {
            assert_eq!(*m as usize, i);
        }
        for (i, a) in ActionCard::ALL.iter().enumerate() {
            assert_eq!(*a as usize, i);
        }
    }

    #[test]
    fn every_recruitable_leader_is_on_exactly_two_recruit_cards() {
        for l in LeaderId::ALL.iter().filter(|l| !l.info().starting) {
            let n = ActionCard::ALL
                .iter()
                .filter(|c| !c.info().starting && c.info().leaders.contains(l))
                .count();
            assert_eq!(n, 2, "{}", l.name());
        }
    }
}
