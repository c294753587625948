//! What every card does, in our own short words (the full rules and rulings are in
//! docs/swr/cards/), and the names of the things the other word files talk about: units,
//! places, dice, rings, sides. Leader, system and card names come from the engine.

use swr_engine::data::cards::{ObjectiveTiming, Timing};
use swr_engine::log::{Die, DieColor, Face};
use swr_engine::{
    ActionCard, Mission, Objective, Place, Ring, Side, Skill, Tactic, Theater, UnitKind,
};

// ---------------------------------------------------------------------------------------
// Missions

/// A mission's effect: where it may go and what it does.
pub fn mission_text(m: Mission) -> &'static str {
    use Mission::*;
    match m {
        CaptureRebelOperative => {
            "Attempt against a Rebel leader standing in a system with Imperial units. On \
             success that leader is captured."
        }
        GatherIntel => {
            "Attempt in a Rebel system. On success draw a probe card for every four Rebel units \
             in the Rebel Base space (at least one)."
        }
        ResearchAndDevelopment => {
            "Resolve in a system with Imperial loyalty. Draw two project cards and keep one (the \
             other goes to the bottom), or clear a sabotage marker there and draw one."
        }
        RuleByFear => {
            "Attempt in a populous system holding Imperial units. On success it gains one \
             Imperial loyalty."
        }
        AddressDelays => {
            "Resolve in an Imperial system. Its resource icons put units on your build queue, \
             at its build number."
        }
        CarbonFreezing => {
            "Attempt against the leader wearing the captured ring. On success he is frozen in \
             carbonite instead (your captured ring is free again) and the Rebels lose one \
             reputation."
        }
        CollectBounty => {
            "Attempt against any Rebel leader on the board. On success he is captured and taken, \
             with your leaders, to the nearest system holding Imperial units."
        }
        Detained => {
            "Attempt against any Rebel leader on the board. On success that leader stays on the \
             board instead of going back to the pool at the next Refresh."
        }
        DisplayOfPower => {
            "Attempt in any populous system. On success it gains two Imperial loyalty."
        }
        DoubleOurEfforts => {
            "Resolve in an Imperial system. Move a unit on build-queue space 2 or 3 one space \
             forward; with Jerjerrod, a second one too."
        }
        FearWillKeepThemInLine => {
            "Attempt where you have a Star Destroyer, Super Star Destroyer or Death Star. On \
             success two populous systems of that region each gain one Imperial loyalty."
        }
        HomingBeacon => {
            "Attempt against a captured leader. On success the leader goes free, but the Rebels \
             must place him in the region of their base."
        }
        HuntThemDown => {
            "Attempt in any system. On success destroy Rebel units there with a total health of \
             two or less."
        }
        ImperialPropaganda => {
            "Attempt in an Imperial system. On success every system of its region loses its \
             Rebel loyalty."
        }
        InterceptTransmissions => {
            "Attempt in a Rebel system. On success the Rebels look at the top eight probe cards; \
             you take those of systems holding Imperial units."
        }
        Interrogation => {
            "Attempt against a captured leader. On success you see the Rebels' objective cards."
        }
        InterrogationDroid => {
            "Attempt against a captured leader, every skill icon counting on both sides. On \
             success the Rebels name three systems, one of them their base."
        }
        LongRangeProbe => {
            "Attempt in any system. On success you learn whether the Rebel base is there."
        }
        LureOfTheDarkSide => {
            "Attempt against a captured leader, every skill icon counting on both sides. On \
             success that leader joins the Empire for good; turning Luke costs the Rebels one \
             reputation."
        }
        PlanetaryConquest => {
            "Attempt in any system. On success bring up to one AT-AT, one AT-ST and two \
             Stormtroopers there from one system without your leaders; combat follows against \
             Rebel ground units."
        }
        ProbeDroidInitiative => {
            "Resolve where you have a Star Destroyer or Super Star Destroyer. Draw two probe \
             cards, or four with Ozzel on the mission."
        }
        RetrieveThePlans => {
            "Attempt against a captured leader. On success see the Rebels' objectives and send \
             one of them to the bottom of the objective deck."
        }
        SecretWeaponsResearch => "Resolve in an Imperial system. Draw two project cards.",
        TradeNegotiations => {
            "Attempt in any populous system, with or without your units. On success it gains one \
             Imperial loyalty."
        }
        ConstructDeathStar => {
            "Resolve in a remote system without Rebel units. The Death Star under construction \
             goes there, and a Death Star onto build-queue space 3."
        }
        ConstructFactory => {
            "Resolve in an Imperial system. Clear its sabotage marker, then its resource icons \
             put units on your build queue."
        }
        ConstructSuperStarDestroyer => {
            "Resolve in an Imperial system with a blue square icon. A Super Star Destroyer goes \
             onto build-queue space 3."
        }
        OverseeProject => {
            "Resolve where you have units and the Rebels have none. Deploy a unit there from \
             build-queue space 1 or 2."
        }
        SuperlaserOnline => {
            "Resolve where your Death Star is. If the Rebel base is there you win; otherwise the \
             system is destroyed and a populous system of its region gains Imperial loyalty."
        }
        BuildAlliance => {
            "Attempt in any populous system (two extra dice when your units are there). On \
             success it gains one Rebel loyalty."
        }
        Infiltration => {
            "Attempt where the Empire has units. On success look at the top two objective \
             cards: one goes back on top, the other to the bottom."
        }
        RapidMobilization => {
            "Resolve at your base. When the Command phase ends, gather up to five units from one \
             system into the Rebel Base space, or look at four probe cards (eight with two \
             leaders) to move the base."
        }
        Sabotage => {
            "Attempt in any populous system. On success it gets a sabotage marker: nothing is \
             built or deployed there."
        }
        BaseDefenses => {
            "Attempt in a Rebel system. On success an Ion Cannon and a Shield Generator join \
             your base."
        }
        ContingencyPlan => {
            "Resolve with no target. Its leaders move onto a starting mission from your hand, to \
             reveal later this round; with Lando, his next attempt gains two successes."
        }
        CovertOperation => {
            "Attempt where the Empire has units. On success look at the top two objective \
             cards, keep one and put the other at the bottom."
        }
        DaringRescue => {
            "Attempt where a leader is held captive. On success rescue the captive to your base; \
             the mission's leaders may go home too."
        }
        Demolition => {
            "Attempt in an Imperial system. On success, for each of its resource icons, destroy \
             a matching unit on the Imperial build queue."
        }
        EstablishTradeRelations => {
            "Attempt in a system without sabotage. On success it gains one Rebel loyalty and \
             each of its icons puts a unit on your build queue."
        }
        ForTheGreaterGood => {
            "Attempt where a leader is held captive. On success rescue the captive to your base \
             and draw an objective card."
        }
        HiddenFleet => {
            "Resolve in a system without Imperial units. Move units from your base there as if \
             it were next door."
        }
        HitAndRun => {
            "Attempt in any system. On success destroy Imperial units there with a total health \
             of two or less."
        }
        IgniteRebellion => {
            "Attempt in a subjugated system. On success three Rebel Troopers appear there and \
             fight."
        }
        LeadTheStrikeTeam => {
            "Attempt in any system. On success up to four ground units go there from your base \
             without transport; combat follows against Imperial ground units."
        }
        Misdirection => {
            "Attempt where the Empire has units. On success choose a leader: this round the \
             Empire cannot send pool leaders to oppose that leader's missions."
        }
        PlanTheAssault => {
            "Attempt where the Empire has ships. On success move ships from your base there, \
             then fight."
        }
        PlantFalseLead => {
            "Resolve where the Empire has units. Take up to four of the Empire's probe cards at \
             random and put each on top or at the bottom of the probe deck."
        }
        PublicUprising => {
            "Attempt in a subjugated system. On success a circle-icon unit and two \
             triangle-icon units of your choice appear there and fight."
        }
        RogueSquadronRaid => {
            "Attempt in an Imperial system. On success destroy units on the Imperial build \
             queue with a total health of four or less."
        }
        SeekYoda => {
            "Resolve in Dagobah. A leader on the mission takes the Yoda ring (one reroll a \
             round), and Luke becomes a Jedi."
        }
        StolenPlans => {
            "Attempt where the Empire has units. On success look at the top four objective \
             cards and put them back in the order you like."
        }
        SupportOfMonCalamari => {
            "Attempt in Mon Calamari. On success it gains two Rebel loyalty, or a Mon Calamari \
             Cruiser goes onto build-queue space 3."
        }
        WookieeUprising => {
            "Attempt in Kashyyyk. On success it gains one Rebel loyalty and you destroy \
             Imperial units there with a total health of four or less."
        }
    }
}

/// "Attempt" (the opponent may oppose) or "Resolve" (it always happens).
pub fn mission_kind(m: Mission) -> &'static str {
    if m.info().attempt {
        "Attempt"
    } else {
        "Resolve"
    }
}

// ---------------------------------------------------------------------------------------
// Action cards

pub fn action_card_text(card: ActionCard) -> &'static str {
    use ActionCard::*;
    match card {
        AccordingToMyDesign => {
            "Start of combat, with the Emperor there: in round one every Rebel attack rolls one \
             red and two black dice fewer."
        }
        BrilliantAdministrator => {
            "Assignment: Tarkin goes to an Imperial system and builds from its resource icons."
        }
        ItIsYourDestiny => {
            "After a Rebel mission rescues a leader where Vader stands: capture one of that \
             mission's leaders."
        }
        MoreDangerousThanYouRealize => {
            "Start of combat, with Tagge there: draw three tactic cards from the deck you \
             choose."
        }
        Blindside => {
            "When you reveal an attempt with Boba Fett or Janus Greejatus on it: the Rebels \
             cannot oppose it with pool leaders."
        }
        BobaFettWhere => {
            "Assignment: Boba Fett goes to an Imperial system; until the Command phase ends the \
             Rebels attempt no mission and use no action card there."
        }
        CatchThemBySurprise => {
            "Assignment: Ozzel goes to any system and units move in from the systems next to \
             it, as in an activation."
        }
        FullyOperational => {
            "Start of combat, with Jerjerrod and a Death Star (finished or not) there: destroy a \
             Rebel ship."
        }
        GoodIntel => {
            "Start of combat, with Yularen or Fel there: the Rebels' tactic cards are open to \
             you for the whole combat."
        }
        KeepThemFromEscaping => {
            "Start of combat, with Piett there: the Rebels cannot retreat from this combat."
        }
        LocalRumors => {
            "Assignment: Yularen goes to a system with Imperial units, and you learn whether \
             the Rebel base is in its region."
        }
        ProceedingAsPlanned => {
            "Assignment: Ozzel or Jerjerrod takes a project card of your choice from the deck \
             as a face-down mission."
        }
        PublicSupport => {
            "Assignment: Janus Greejatus and three Stormtroopers go to an Imperial system \
             without Rebel ground units; he does not hold units in place."
        }
        ReadyForAction => {
            "Start of combat: Piett or Veers joins from your pool, cannot retreat, and goes back \
             to the pool afterwards."
        }
        ScoutingMission => {
            "Assignment: Fel goes to any system and up to four TIE Fighters join him from \
             anywhere; a space battle may follow."
        }
        TargetTheGenerator => {
            "Start of combat, with Veers there: destroy a Shield Generator or an Ion Cannon."
        }
        HumanCyborgRelations => {
            "Setup: a leader takes the C-3PO ring, discarded to turn a failed diplomacy \
             mission into a success."
        }
        OurMostDesperateHour => {
            "Assignment: Leia takes a mission of your choice from your deck as a face-down \
             mission."
        }
        RebelPlanning => {
            "Assignment: Dodonna goes to the Rebel Base space and you draw an objective card."
        }
        ResourcefulAstromech => {
            "Setup: a leader takes the R2-D2 ring, discarded to blank one Imperial die of a \
             mission roll."
        }
        StartTheEvacuation => {
            "Assignment: Rieekan goes to a system without Imperial units, and units from your \
             base may follow him."
        }
        TemporaryAlliance => {
            "Assignment: Mon Mothma goes to a neutral system and builds from its resource icons."
        }
        Ambush => {
            "Assignment: Madine goes to a system with Imperial ground units and destroys some \
             with a total health of three or less."
        }
        AnOldFriend => {
            "Assignment: Han goes to Bespin, where Lando joins you, or to Kashyyyk, where \
             Chewbacca does."
        }
        IndependentOperation => {
            "Assignment: Lando goes to a subjugated system, and the Empire must move all its \
             ground units there to another Imperial system."
        }
        ItsATrap => {
            "Start of combat, with Ackbar there: the Empire plays no space tactic card in round \
             one."
        }
        NobleSacrifice => {
            "When Obi-Wan is captured: he is eliminated instead and you gain one reputation."
        }
        OneInAMillion => {
            "Before you roll, with Luke or Wedge there: set up to two of the dice to faces you \
             choose."
        }
        PointBlankAssault => {
            "Start of combat, with Ackbar or Madine there: every unit has one health less (at \
             least one) for this combat."
        }
        SonOfSkywalker => {
            "After a successful mission with Luke there: take Seek Yoda or Daring Rescue from \
             your mission deck."
        }
        TargetTheStarDestroyers => {
            "Start of combat, with Wedge there: up to two of your black hits in each space \
             attack count as red."
        }
        TheMillenniumFalcon => {
            "When gained: Han or Chewbacca takes the Falcon ring, discarded after a successful \
             mission to rescue a captive there."
        }
        Undercover => {
            "During an Imperial attempt: Lando or Obi-Wan comes from another system to oppose \
             it."
        }
        WookieeGuardian => {
            "During an Imperial Spec Ops attempt where Chewbacca stands: the mission fails \
             before any die is rolled."
        }
    }
}

/// When an action card is used.
pub fn timing_name(timing: Timing) -> &'static str {
    match timing {
        Timing::Assignment => "Assignment",
        Timing::StartOfCombat => "Start of combat",
        Timing::Immediate => "When gained",
        Timing::Special => "Special",
    }
}

// ---------------------------------------------------------------------------------------
// Objectives

pub fn objective_text(o: Objective) -> &'static str {
    use Objective::*;
    match o {
        CripplingBlow => {
            "In a combat you started, Imperial ground units with a total health of three or \
             more are destroyed. One reputation."
        }
        CutSupplyLines => {
            "Start of Refresh: three Imperial systems each hold a sabotage marker or Rebel \
             units. One reputation."
        }
        DefendThePeople => {
            "Start of Refresh: four Rebel systems each hold Rebel units. One reputation."
        }
        RebelAssault => {
            "In a combat you started, a Star Destroyer or Super Star Destroyer is destroyed. One \
             reputation."
        }
        RegionalSupport => {
            "Start of Refresh: every populous system of one region has Rebel loyalty. One \
             reputation."
        }
        DeathStarPlansII => {
            "Stage II. After a space battle step with your fighter facing a Death Star (finished \
             or not), roll three dice: a direct hit destroys it for two reputation."
        }
        HeartOfTheEmpire => {
            "Start of Refresh: Rebel units and no Imperial unit in Coruscant. Two reputation, \
             and the card comes back to your hand."
        }
        LeaveNoOneBehind => "Start of Refresh: no Rebel leader is held captive. One reputation.",
        Liberation => {
            "In a combat, win the ground battle in a system that was subjugated when it began. \
             One reputation."
        }
        PopularSupport => "Start of Refresh: six systems have Rebel loyalty. One reputation.",
        DeathStarPlansIII => {
            "Stage III. Where your fighter faces a Death Star (finished or not) after a space \
             battle step, roll three dice; a direct hit destroys the station for two \
             reputation."
        }
        EstablishOutposts => "Start of Refresh: Rebel units stand in five systems. One reputation.",
        InspireSympathy => {
            "Start of Refresh, once a system has been destroyed: one reputation for each \
             destroyed system."
        }
        MajorVictory => {
            "In a combat you started, Imperial ships with a total health of three or more are \
             destroyed. One reputation."
        }
        ReturnOfTheJedi => {
            "In a combat where Vader or the Emperor has been, win a battle. Two reputation, and \
             Jedi Luke there eliminates an Imperial leader."
        }
    }
}

/// An objective's name, with the stage for the two Death Star Plans (the same name twice).
pub fn objective_label(o: Objective) -> String {
    match o {
        Objective::DeathStarPlansII => format!("{} (stage II)", o.name()),
        Objective::DeathStarPlansIII => format!("{} (stage III)", o.name()),
        _ => o.name().to_string(),
    }
}

/// When an objective is claimed.
pub fn objective_timing_name(timing: ObjectiveTiming) -> &'static str {
    match timing {
        ObjectiveTiming::StartOfRefresh => "Start of Refresh",
        ObjectiveTiming::Combat => "Combat",
    }
}

// ---------------------------------------------------------------------------------------
// Tactic cards

pub fn tactic_text(t: Tactic) -> &'static str {
    use Tactic::*;
    match t {
        SpaceBrilliantStrategy => {
            "Special die, your space attack: draw two tactic cards, each from the deck you pick."
        }
        SpaceConcentrateFire => "Your space attack: reroll one or two of your dice.",
        SpaceCriticalHit => "Your space attack: one more damage to an enemy ship.",
        SpaceDefensiveFormation => "Block in space: take one damage off one of your ships.",
        SpaceNoEscape => "Your space attack: the enemy cannot retreat this round.",
        SpaceOnslaught => {
            "Special die, your space attack: one damage to each of two different enemy ships."
        }
        SpaceOutmaneuver => {
            "Block in space: discard another space card to take up to two damage off your ships."
        }
        SpaceTakeItDown => "Special die, your space attack: two damage to one enemy ship.",
        SpaceUnstoppableAssault => {
            "Special die, your space attack: the enemy cannot block for the rest of this space \
             battle step."
        }
        GroundBombardment => {
            "Special die, your ground attack: as much damage as one of your ships here has red \
             attack, spread over enemy ground units."
        }
        GroundBrilliantStrategy => {
            "Special die, your ground attack: draw two tactic cards, choosing the deck for each."
        }
        GroundConcentrateFire => "Your ground attack: reroll one or two of your dice.",
        GroundCriticalHit => "Your ground attack: one more damage to an enemy ground unit.",
        GroundDefensiveFormation => {
            "Block on the ground: take one damage off one of your ground units."
        }
        GroundDigIn => {
            "Block on the ground: discard another ground card to take up to two damage off your \
             units."
        }
        GroundEscapePlan => {
            "Special die, your ground attack: if you retreat this round, your units need no \
             transport."
        }
        GroundOnslaught => {
            "Special die, your ground attack: one damage to each of two different enemy ground \
             units."
        }
        GroundTakeItDown => "Special die, your ground attack: two damage to one enemy ground unit.",
        GroundUnstoppableAssault => {
            "Special die, your ground attack: the enemy cannot block for the rest of this \
             ground battle step."
        }
    }
}

/// The deck a tactic card comes from.
pub fn tactic_theater(t: Tactic) -> Theater {
    if t.info().space {
        Theater::Space
    } else {
        Theater::Ground
    }
}

/// Whether a tactic card is played against the opponent's attack (the engine keeps this
/// private).
pub fn tactic_is_block(t: Tactic) -> bool {
    use Tactic::*;
    matches!(
        t,
        SpaceDefensiveFormation | SpaceOutmaneuver | GroundDefensiveFormation | GroundDigIn
    )
}

/// "Block" or "Combat action".
pub fn tactic_kind(t: Tactic) -> &'static str {
    if tactic_is_block(t) {
        "Block"
    } else {
        "Combat action"
    }
}

/// A tactic card's name with its deck: "Critical Hit (space)".
pub fn tactic_label(t: Tactic) -> String {
    format!("{} ({})", t.name(), theater_name(tactic_theater(t)))
}

// ---------------------------------------------------------------------------------------
// Rings

pub fn ring_name(ring: Ring) -> &'static str {
    match ring {
        Ring::Captured => "captured ring",
        Ring::Carbonite => "carbonite ring",
        Ring::LureOfTheDarkSide => "Lure of the Dark Side ring",
        Ring::Yoda => "Yoda ring",
        Ring::R2D2 => "R2-D2 ring",
        Ring::C3PO => "C-3PO ring",
        Ring::MillenniumFalcon => "Millennium Falcon ring",
    }
}

/// What a ring does for its bearer.
pub fn ring_text(ring: Ring) -> &'static str {
    match ring {
        Ring::Captured => "Held captive by the Empire until rescued.",
        Ring::Carbonite => "Frozen in carbonite: still a captive, rescued like one.",
        Ring::LureOfTheDarkSide => "Turned to the dark side: an Imperial leader for good.",
        Ring::Yoda => "Once a round, reroll one of your dice where this leader stands.",
        Ring::R2D2 => "Discard to turn one Imperial mission die blank where this leader stands.",
        Ring::C3PO => "Discard to make a failed diplomacy mission here succeed.",
        Ring::MillenniumFalcon => {
            "Discard after a successful mission here to rescue a captive in the same system."
        }
    }
}

// ---------------------------------------------------------------------------------------
// Units, places, sides, skills, dice

/// The unit's name with a count: "an X-wing", "2 X-wings", "no TIE Fighters".
pub fn unit_name(kind: UnitKind, count: u8) -> String {
    match count {
        0 => format!("no {}", unit_plural(kind)),
        1 => format!("{} {}", article(kind), kind.info().name),
        n => format!("{n} {}", unit_plural(kind)),
    }
}

fn unit_plural(kind: UnitKind) -> &'static str {
    match kind {
        UnitKind::TieFighter => "TIE Fighters",
        UnitKind::AssaultCarrier => "Assault Carriers",
        UnitKind::StarDestroyer => "Star Destroyers",
        UnitKind::SuperStarDestroyer => "Super Star Destroyers",
        UnitKind::DeathStar => "Death Stars",
        UnitKind::DeathStarUnderConstruction => "Death Stars Under Construction",
        UnitKind::Stormtrooper => "Stormtroopers",
        UnitKind::AtSt => "AT-STs",
        UnitKind::AtAt => "AT-ATs",
        UnitKind::XWing => "X-wings",
        UnitKind::YWing => "Y-wings",
        UnitKind::RebelTransport => "Rebel Transports",
        UnitKind::CorellianCorvette => "Corellian Corvettes",
        UnitKind::MonCalamariCruiser => "Mon Calamari Cruisers",
        UnitKind::RebelTrooper => "Rebel Troopers",
        UnitKind::Airspeeder => "Airspeeders",
        UnitKind::ShieldGenerator => "Shield Generators",
        UnitKind::IonCannon => "Ion Cannons",
    }
}

/// "a" or "an", by how the name is spoken ("an AT-AT", "an X-wing").
fn article(kind: UnitKind) -> &'static str {
    match kind {
        UnitKind::AssaultCarrier
        | UnitKind::AtSt
        | UnitKind::AtAt
        | UnitKind::XWing
        | UnitKind::Airspeeder
        | UnitKind::IonCannon => "an",
        _ => "a",
    }
}

/// "Yavin", or "the Rebel Base space" (never a system: where the hidden base's units wait).
pub fn place_name(place: Place) -> String {
    match place {
        Place::System(s) => s.name().to_string(),
        Place::RebelBase => "the Rebel Base space".to_string(),
    }
}

/// "Rebellion" or "Empire".
pub fn side_name(side: Side) -> &'static str {
    match side {
        Side::Rebel => "Rebellion",
        Side::Empire => "Empire",
    }
}

pub fn skill_name(skill: Skill) -> &'static str {
    match skill {
        Skill::Diplomacy => "Diplomacy",
        Skill::Intel => "Intel",
        Skill::SpecOps => "Spec Ops",
        Skill::Logistics => "Logistics",
    }
}

/// "space" or "ground".
pub fn theater_name(theater: Theater) -> &'static str {
    match theater {
        Theater::Space => "space",
        Theater::Ground => "ground",
    }
}

/// One die as words: "red hit", "black special", "red blank".
pub fn die_text(die: Die) -> String {
    let color = match die.color {
        DieColor::Red => "red",
        DieColor::Black => "black",
    };
    let face = match die.face {
        Face::Blank => "blank",
        Face::Hit => "hit",
        Face::DirectHit => "direct hit",
        Face::Special => "special",
    };
    format!("{color} {face}")
}

/// A roll as words, faces grouped: "2 red hits, a black special and 2 blanks".
pub fn dice_text(dice: &[Die]) -> String {
    if dice.is_empty() {
        return "no dice".to_string();
    }
    let mut parts = Vec::new();
    for color in [DieColor::Red, DieColor::Black] {
        for face in [Face::DirectHit, Face::Hit, Face::Special] {
            let n = dice
                .iter()
                .filter(|d| d.color == color && d.face == face)
                .count();
            if n > 0 {
                parts.push(counted(n, &die_text(Die { color, face })));
            }
        }
    }
    let blanks = dice.iter().filter(|d| d.face == Face::Blank).count();
    if blanks > 0 {
        parts.push(counted(blanks, "blank"));
    }
    join_list(&parts)
}

// ---------------------------------------------------------------------------------------
// Small grammar shared by the other word files

/// "a hit", "3 hits" (the noun takes a plain "s"; "a"/"an" by its first letter).
pub(super) fn counted(n: usize, noun: &str) -> String {
    match n {
        1 => {
            let an = noun.starts_with(['a', 'e', 'i', 'o', 'u']);
            format!("{} {noun}", if an { "an" } else { "a" })
        }
        _ => format!("{n} {noun}s"),
    }
}

/// "1 card", "3 cards", "no cards".
pub fn number_of(n: usize, noun: &str) -> String {
    match n {
        0 => format!("no {noun}s"),
        1 => format!("1 {noun}"),
        _ => format!("{n} {noun}s"),
    }
}

/// "A", "A and B", "A, B and C".
pub(super) fn join_list(items: &[String]) -> String {
    match items {
        [] => String::new(),
        [one] => one.clone(),
        [rest @ .., last] => format!("{} and {last}", rest.join(", ")),
    }
}

/// The sentence's first letter in capitals.
pub fn capitalize(text: &str) -> String {
    // Our words start with ASCII letters: no Unicode case tables in the page.
    let mut out = text.to_string();
    if let Some(first) = out.get_mut(0..1) {
        first.make_ascii_uppercase();
    }
    out
}

/// How a side is named from the viewer's seat, mid-sentence: "you", "the Empire".
pub(super) fn who(side: Side, viewer: Side) -> String {
    if side == viewer {
        "you".to_string()
    } else {
        format!("the {}", side_name(side))
    }
}

/// "your", "the Empire's".
pub(super) fn whose(side: Side, viewer: Side) -> String {
    if side == viewer {
        "your".to_string()
    } else {
        format!("the {}'s", side_name(side))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::HashSet;

    #[test]
    fn every_card_has_its_own_text() {
        let mut seen = HashSet::new();
        let texts = Mission::ALL
            .iter()
            .map(|m| (m.name(), mission_text(*m)))
            .chain(
                ActionCard::ALL
                    .iter()
                    .map(|c| (c.name(), action_card_text(*c))),
            )
            .chain(
                Objective::ALL
                    .iter()
                    .map(|o| (o.name(), objective_text(*o))),
            )
            .chain(Tactic::ALL.iter().map(|t| (t.name(), tactic_text(*t))));
        let mut count = 0;
        for (name, text) in texts {
            assert!(!text.trim().is_empty(), "{name} has no text");
            assert!(!text.contains("  "), "{name}: double space in {text:?}");
            assert!(text.ends_with('.'), "{name}: {text:?}");
            assert!(seen.insert(text), "{name} repeats another card's text");
            count += 1;
        }
        assert_eq!(count, 53 + 34 + 15 + 19);
    }

    #[test]
    fn unit_names_count() {
        assert_eq!(unit_name(UnitKind::XWing, 2), "2 X-wings");
        assert_eq!(unit_name(UnitKind::XWing, 1), "an X-wing");
        assert_eq!(unit_name(UnitKind::TieFighter, 1), "a TIE Fighter");
        assert_eq!(unit_name(UnitKind::AtAt, 0), "no AT-ATs");
        for kind in UnitKind::ALL {
            assert!(unit_plural(kind).starts_with(kind.info().name.split(' ').next().unwrap()));
        }
    }

    #[test]
    fn places_and_dice() {
        use swr_engine::data::systems::named::YAVIN;
        assert_eq!(place_name(Place::System(YAVIN)), "Yavin");
        assert_eq!(place_name(Place::RebelBase), "the Rebel Base space");
        let hit = Die {
            color: DieColor::Red,
            face: Face::Hit,
        };
        let blank = Die {
            color: DieColor::Black,
            face: Face::Blank,
        };
        assert_eq!(dice_text(&[hit, hit, blank]), "2 red hits and a blank");
        assert_eq!(
            join_list(&["a".into(), "b".into(), "c".into()]),
            "a, b and c"
        );
    }
}
