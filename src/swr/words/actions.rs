//! Button labels: every legal action in the words of the question it answers
//! ([`action_text`]), and a short heading to group many buttons under ([`action_group`]).
//! Only the deciding player sees these, so they may name what that player's view holds.

use super::cards::{capitalize, die_text, objective_label, place_name, tactic_label, unit_name};
use super::prompts::steps;
use super::prompts::NO_DIE;
use swr_engine::log::{Die, DieColor, Face, LogEvent};
use swr_engine::{
    Action, ActionCard, CombatStep, Mission, MissionStep, Objective, PlayerView, Prompt, Side,
    Source, UnitKind,
};

/// The label of one legal action, in the context of the question being asked.
pub fn action_text(action: &Action, view: &PlayerView) -> String {
    let prompt = view.prompt.as_ref();
    let effect = match prompt {
        Some(Prompt::Effect { source, step }) => Some((*source, *step)),
        _ => None,
    };
    if let Some(label) = effect.and_then(|(source, step)| effect_label(source, step, action, view))
    {
        return label;
    }
    match *action {
        Action::Done => done_label(prompt, view),
        Action::Leader(l) => {
            let name = l.name();
            match prompt {
                Some(Prompt::AttachRing { .. }) => format!("Give it to {name}"),
                Some(Prompt::AssignLeaders { .. }) => format!("Assign {name}"),
                Some(Prompt::Mission(MissionStep::ChooseTarget)) => format!("Against {name}"),
                Some(Prompt::Mission(MissionStep::Oppose)) => format!("Oppose with {name}"),
                Some(Prompt::Mission(MissionStep::Protocol)) => {
                    format!("Discard C-3PO ({name}): succeed")
                }
                Some(Prompt::Combat(CombatStep::AddLeader { .. })) => format!("Add {name}"),
                Some(Prompt::Move { .. }) => format!("Move the captive {name}"),
                Some(Prompt::Recruit) => format!("Recruit {name}"),
                _ => name.to_string(),
            }
        }
        Action::System(s) => s.name().to_string(),
        Action::Place(p) => match prompt {
            Some(Prompt::Mission(MissionStep::ChooseTarget)) => format!("In {}", place_name(p)),
            _ => capitalize(&place_name(p)),
        },
        Action::Move { kind, from } => match prompt {
            Some(Prompt::Combat(CombatStep::RetreatUnits { .. })) => {
                format!("Take {} along", unit_name(kind, 1))
            }
            _ => format!("Move {} from {}", unit_name(kind, 1), place_name(from)),
        },
        Action::Deploy { kind, to } => match prompt {
            Some(Prompt::Deploy) => format!("Deploy {} to {}", unit_name(kind, 1), place_name(to)),
            _ => format!("Place {} in {}", unit_name(kind, 1), place_name(to)),
        },
        Action::Build(kind) => format!("Build {}", unit_name(kind, 1)),
        Action::Destroy { kind, at } => match prompt {
            Some(Prompt::Build) => format!(
                "Destroy {} in {} to build it again",
                unit_name(kind, 1),
                place_name(at)
            ),
            _ => format!("Destroy {} in {}", unit_name(kind, 1), place_name(at)),
        },
        Action::Mission(m) => match prompt {
            Some(Prompt::Assign) => format!("Assign {}", m.name()),
            Some(Prompt::DiscardMissions) => format!("Discard {}", m.name()),
            _ => m.name().to_string(),
        },
        Action::Reveal(slot) => match view.own.assigned.get(slot as usize) {
            Some((m, leaders)) => format!("Reveal {} ({})", m.name(), leader_names(leaders)),
            None => format!("Reveal mission {}", slot + 1),
        },
        Action::Card(c) => match prompt {
            Some(Prompt::Recruit) => format!("Keep {}", c.name()),
            _ => format!("Play {}", c.name()),
        },
        Action::Objective(o) => format!("Claim {}", objective_label(o)),
        Action::Tactic(t) => format!("Play {}", tactic_label(t)),
        Action::Probe(s) => match prompt {
            Some(Prompt::ChooseBase) => format!("Hide the base in {}", s.name()),
            _ => s.name().to_string(),
        },
        Action::Die(i) => match prompt {
            Some(Prompt::Combat(CombatStep::Actions)) => {
                "Spend a special die: draw a tactic card".to_string()
            }
            Some(Prompt::Combat(CombatStep::Reroll)) => {
                format!("Reroll {}", attack_die(view, i))
            }
            Some(Prompt::Mission(MissionStep::Astromech)) => {
                format!("Blank {}", mission_die(view, Side::Empire, i))
            }
            Some(Prompt::Mission(MissionStep::Reroll)) => {
                format!("Reroll {}", mission_die(view, Side::Rebel, i))
            }
            _ => format!("Die {}", i as usize + 1),
        },
        Action::Damage { die, target } => {
            let unit = fighter_label(view, target);
            if die == NO_DIE {
                format!("Card damage → {unit}")
            } else {
                let what = attack_dice(view)
                    .get(die as usize)
                    .map_or_else(|| "Hit".to_string(), |d| capitalize(&die_text(*d)));
                format!("{what} → {unit}")
            }
        }
        Action::Activate { leader, system } => {
            format!("Activate {} with {}", system.name(), leader.name())
        }
        Action::ActivateBase { leader } => {
            format!("Activate the Rebel Base space with {}", leader.name())
        }
        Action::RevealBase => "Reveal your base".to_string(),
        Action::Pass => "Pass".to_string(),
        Action::Retreat { leader, to } => {
            format!("Retreat to {} with {}", to.name(), leader.name())
        }
        Action::Queued { kind, space } => {
            capitalize(&format!("{} on space {space}", unit_name(kind, 1)))
        }
    }
}

/// A short heading to group the buttons of the current question under.
pub fn action_group(action: &Action, view: &PlayerView) -> &'static str {
    let prompt = view.prompt.as_ref();
    let effect_step = match prompt {
        Some(Prompt::Effect { source, step }) => Some((*source, *step)),
        _ => None,
    };
    match action {
        Action::Done | Action::Pass => "Finish",
        Action::Leader(_) => match prompt {
            Some(Prompt::Recruit) => "Recruit",
            Some(Prompt::Move { .. }) => "Move units",
            _ => "Leaders",
        },
        Action::System(_) | Action::Place(_) => "Systems",
        Action::Probe(_) => match prompt {
            Some(Prompt::ChooseBase) => "Systems",
            _ => "Probe cards",
        },
        Action::Move { .. } => match prompt {
            Some(Prompt::Combat(CombatStep::RetreatUnits { .. })) => "Retreat",
            _ => "Move units",
        },
        Action::Deploy { .. } => match prompt {
            Some(Prompt::Deploy) => "Deploy",
            _ => "Place units",
        },
        Action::Build(_) => "Build",
        Action::Destroy { .. } => "Destroy units",
        Action::Mission(_) => "Missions",
        Action::Reveal(_) => "Reveal a mission",
        Action::Card(_) => "Cards",
        Action::Objective(_) => "Objectives",
        Action::Tactic(_) => "Tactic cards",
        Action::Die(_) => "Dice",
        Action::Damage { .. } => match effect_step {
            Some((Source::Tactic(_), steps::tactic::BLOCK)) => "Block",
            Some((Source::Tactic(_), steps::tactic::SHIP)) => "Ships",
            _ => "Damage",
        },
        Action::Activate { .. } | Action::ActivateBase { .. } => "Activate a system",
        Action::RevealBase => "Reveal your base",
        Action::Retreat { .. } => "Retreat",
        Action::Queued { .. } => "Build queue",
    }
}

/// The label of `Done`: what declining or stopping means for this question.
fn done_label(prompt: Option<&Prompt>, view: &PlayerView) -> String {
    let only_choice = view.legal.len() == 1;
    let label = match prompt {
        Some(Prompt::Assign) => "Finish assigning",
        Some(Prompt::AssignLeaders { .. }) => "Go with one leader",
        Some(Prompt::Move { .. }) => "Stop moving",
        Some(Prompt::Mission(step)) => match step {
            MissionStep::Oppose => "Don't oppose",
            MissionStep::BeforeRoll => "Roll the dice",
            MissionStep::Astromech => "Keep R2-D2",
            MissionStep::Reroll => "Keep the roll",
            MissionStep::Protocol => "Let it fail",
            _ => "Go on",
        },
        Some(Prompt::Combat(step)) => match step {
            CombatStep::AddLeader { .. } => "No leader",
            CombatStep::StartCards { .. } if only_choice => "Go on",
            CombatStep::StartCards { .. } => "No card",
            CombatStep::BeforeRoll { .. } => "Roll",
            CombatStep::Reroll => "Keep the roll",
            CombatStep::Actions => "Assign the damage",
            CombatStep::Block if only_choice => "Take the damage",
            CombatStep::Block => "Don't block",
            CombatStep::Objective { .. } if only_choice => "Go on",
            CombatStep::Objective { .. } => "No objective",
            CombatStep::Retreat { .. } => "Stay",
            CombatStep::RetreatUnits { .. } => "Done retreating",
            _ => "Go on",
        },
        Some(Prompt::ClaimObjective) if only_choice => "Go on",
        Some(Prompt::ClaimObjective) => "No objective",
        Some(Prompt::Build) => "Build nothing",
        Some(Prompt::Deploy) => "Stop deploying",
        Some(Prompt::Turn) => "Pass",
        _ if only_choice => "Go on",
        _ => "Done",
    };
    label.to_string()
}

/// Labels that depend on the card step being answered; `None` to use the general label.
fn effect_label(source: Source, step: u8, action: &Action, view: &PlayerView) -> Option<String> {
    let only_choice = view.legal.len() == 1;
    let a = |kind: UnitKind| unit_name(kind, 1);
    Some(match (source, step, *action) {
        // Imperial missions
        (Source::Mission(_), steps::imperial::NOBLE_SACRIFICE, Action::Done)
            if source_is_imperial(source) =>
        {
            if only_choice {
                "Go on"
            } else {
                "Let the capture stand"
            }
            .to_string()
        }
        (
            Source::Mission(Mission::CollectBounty),
            steps::imperial::BOUNTY_DESTINATION,
            Action::System(s),
        ) => {
            format!("Take the captive to {}", s.name())
        }
        (
            Source::Mission(Mission::HomingBeacon),
            steps::imperial::HOMING_SYSTEM,
            Action::System(s),
        ) => {
            format!("Place the leader in {}", s.name())
        }
        (
            Source::Mission(Mission::InterrogationDroid),
            steps::imperial::DROID_DECOY,
            Action::System(s),
        ) => {
            format!("Name {}", s.name())
        }
        (
            Source::Mission(Mission::PlanetaryConquest),
            steps::imperial::CONQUEST_SOURCE,
            Action::System(s),
        ) => {
            format!("Bring units from {}", s.name())
        }
        (
            Source::Mission(Mission::PlanetaryConquest),
            steps::imperial::CONQUEST_SOURCE,
            Action::Done,
        ) => "Bring none".to_string(),
        (
            Source::Mission(Mission::PlanetaryConquest),
            steps::imperial::CONQUEST_UNITS,
            Action::Done,
        ) => "Stop moving".to_string(),
        (
            Source::Mission(Mission::ResearchAndDevelopment),
            steps::imperial::STUDY_OR_CLEAR,
            Action::System(s),
        ) => {
            format!("Clear the sabotage in {}", s.name())
        }
        (
            Source::Mission(Mission::ResearchAndDevelopment),
            steps::imperial::STUDY_OR_CLEAR,
            Action::Done,
        ) => "Study: draw two, keep one".to_string(),
        (
            Source::Mission(Mission::ResearchAndDevelopment),
            steps::imperial::KEEP_PROJECT,
            Action::Mission(m),
        ) => {
            format!("Keep {}", m.name())
        }
        (Source::Mission(_), steps::imperial::FREE_SUPPLY, Action::Destroy { kind, at })
            if source_is_imperial(source) =>
        {
            format!("Destroy {} in {} to use it", a(kind), place_name(at))
        }
        (Source::Mission(_), steps::imperial::FREE_SUPPLY, Action::Done)
            if source_is_imperial(source) =>
        {
            "Go without".to_string()
        }
        (
            Source::Mission(Mission::DoubleOurEfforts),
            steps::imperial::HASTEN,
            Action::Queued { kind, space },
        ) => {
            format!("Move {} from space {space} to {}", a(kind), space - 1)
        }
        (Source::Mission(Mission::DoubleOurEfforts), steps::imperial::HASTEN, Action::Done) => {
            "Move no other unit".to_string()
        }
        (
            Source::Mission(Mission::FearWillKeepThemInLine),
            steps::imperial::FEAR_SYSTEM,
            Action::System(s),
        )
        | (
            Source::Mission(Mission::SuperlaserOnline),
            steps::imperial::REGION_LOYALTY,
            Action::System(s),
        ) => {
            format!("Imperial loyalty in {}", s.name())
        }
        (Source::Mission(Mission::HuntThemDown), steps::imperial::HUNT, Action::Done) => {
            "Stop destroying".to_string()
        }
        (
            Source::Mission(Mission::RetrieveThePlans),
            steps::imperial::RETRIEVE_PLANS,
            Action::Objective(o),
        ) => {
            format!("Bury {}", objective_label(o))
        }
        (
            Source::Mission(Mission::OverseeProject),
            steps::imperial::OVERSEE,
            Action::Queued { kind, space },
        ) => {
            format!("Deploy {} from space {space}", a(kind))
        }
        // Rebel missions
        (
            Source::Mission(Mission::Infiltration | Mission::StolenPlans),
            steps::rebel::OBJECTIVE,
            Action::Objective(o),
        ) => {
            format!("{} on top", objective_label(o))
        }
        (
            Source::Mission(Mission::CovertOperation),
            steps::rebel::OBJECTIVE,
            Action::Objective(o),
        ) => {
            format!("Keep {}", objective_label(o))
        }
        (
            Source::Mission(Mission::ContingencyPlan),
            steps::rebel::START_MISSION,
            Action::Mission(m),
        ) => {
            format!("Move onto {}", m.name())
        }
        (
            Source::Mission(Mission::DaringRescue | Mission::ForTheGreaterGood),
            steps::rebel::RESCUE,
            Action::Leader(l),
        ) => {
            format!("Rescue {}", l.name())
        }
        (Source::Mission(Mission::DaringRescue), steps::rebel::GO_HOME, Action::Leader(l)) => {
            format!("Send {} home", l.name())
        }
        (Source::Mission(Mission::DaringRescue), steps::rebel::GO_HOME, Action::Done) => {
            "Stay".to_string()
        }
        (
            Source::Mission(Mission::HitAndRun | Mission::WookieeUprising),
            steps::rebel::DESTROY,
            Action::Done,
        )
        | (
            Source::Mission(Mission::RogueSquadronRaid),
            steps::rebel::DESTROY_QUEUED,
            Action::Done,
        ) => "Stop destroying".to_string(),
        (
            Source::Mission(Mission::Demolition | Mission::RogueSquadronRaid),
            steps::rebel::DESTROY_QUEUED,
            Action::Queued { kind, space },
        ) => {
            format!("Destroy {} on space {space}", a(kind))
        }
        (Source::Mission(Mission::RapidMobilization), steps::rebel::CARRY, Action::Probe(s)) => {
            format!("New base in {}", s.name())
        }
        (Source::Mission(Mission::RapidMobilization), steps::rebel::CARRY, Action::Done)
            if view.legal.iter().any(|x| matches!(x, Action::Probe(_))) || only_choice =>
        {
            "Keep the old base".to_string()
        }
        (Source::Mission(_), steps::rebel::CARRY, Action::Done) if !source_is_imperial(source) => {
            "Stop moving".to_string()
        }
        (Source::Mission(Mission::Misdirection), steps::rebel::MISDIRECT, Action::Leader(l)) => {
            format!("Shield {}", l.name())
        }
        (Source::Mission(Mission::PlantFalseLead), steps::rebel::PROBE_CARDS, Action::Probe(s)) => {
            format!("{} on top", s.name())
        }
        (
            Source::Mission(Mission::PlantFalseLead),
            steps::rebel::PROBE_CARDS,
            Action::System(s),
        ) => {
            format!("{} to the bottom", s.name())
        }
        (
            Source::Mission(Mission::PublicUprising),
            steps::rebel::PLACE_UNITS,
            Action::Deploy { kind, .. },
        ) => capitalize(&a(kind)),
        (Source::Mission(Mission::SeekYoda), steps::rebel::YODA, Action::Leader(l)) => {
            format!("Give the ring to {}", l.name())
        }
        (
            Source::Mission(Mission::SupportOfMonCalamari),
            steps::rebel::MON_CALAMARI,
            Action::System(s),
        ) => {
            format!("Two loyalty in {}", s.name())
        }
        (
            Source::Mission(Mission::SupportOfMonCalamari),
            steps::rebel::MON_CALAMARI,
            Action::Build(kind),
        ) => {
            format!("{} on space 3", capitalize(&a(kind)))
        }
        (
            Source::Mission(Mission::SupportOfMonCalamari),
            steps::rebel::MON_CALAMARI,
            Action::Destroy { kind, at },
        ) => {
            format!(
                "Destroy {} in {} to build it again",
                a(kind),
                place_name(at)
            )
        }
        (
            Source::Mission(Mission::SupportOfMonCalamari),
            steps::rebel::MON_CALAMARI,
            Action::Done,
        ) => "Neither".to_string(),
        (
            Source::Mission(Mission::RapidMobilization),
            steps::rebel::MOBILIZE,
            Action::System(s),
        ) => {
            format!("Gather units from {}", s.name())
        }
        (Source::Mission(Mission::RapidMobilization), steps::rebel::MOBILIZE, Action::Place(_)) => {
            "Look for a new base".to_string()
        }
        // Action cards
        (Source::Action(card), steps::action::SYSTEM, Action::System(s)) => {
            match card.info().leaders.first() {
                Some(l) => format!("Send {} to {}", l.name(), s.name()),
                None => s.name().to_string(),
            }
        }
        (Source::Action(ActionCard::ReadyForAction), steps::action::LEADER, Action::Leader(l)) => {
            format!("Bring {}", l.name())
        }
        (Source::Action(ActionCard::Undercover), steps::action::LEADER, Action::Leader(l)) => {
            format!("Send {}", l.name())
        }
        (
            Source::Action(ActionCard::TheMillenniumFalcon),
            steps::action::LEADER,
            Action::Leader(l),
        ) => {
            format!("Give the Falcon to {}", l.name())
        }
        (Source::Action(_), steps::action::SEARCH, Action::Mission(m)) => {
            format!("Take {}", m.name())
        }
        (Source::Action(_), steps::action::SEARCH, Action::Done) => "Take nothing".to_string(),
        (Source::Action(_), steps::action::UNITS, Action::Done) => "Stop".to_string(),
        (
            Source::Action(ActionCard::IndependentOperation),
            steps::action::DESTINATION,
            Action::System(s),
        ) => {
            format!("Move them to {}", s.name())
        }
        (
            Source::Action(ActionCard::MoreDangerousThanYouRealize),
            steps::action::DECK,
            Action::Die(i),
        ) => if i == 0 { "Space deck" } else { "Ground deck" }.to_string(),
        (Source::Action(ActionCard::OneInAMillion), steps::action::FACES, Action::Die(i)) => {
            match PLACEABLE.get(i as usize) {
                Some(die) => format!("Set a {}", die_text(*die)),
                None => format!("Face {}", i as usize + 1),
            }
        }
        (Source::Action(ActionCard::OneInAMillion), steps::action::FACES, Action::Done) => {
            "Roll the rest".to_string()
        }
        (Source::Action(ActionCard::ItIsYourDestiny), steps::action::WINDOW, Action::Leader(l)) => {
            format!("Capture {}", l.name())
        }
        (
            Source::Action(ActionCard::TheMillenniumFalcon),
            steps::action::WINDOW,
            Action::Leader(l),
        ) => {
            format!("Rescue {}", l.name())
        }
        (Source::Action(ActionCard::TheMillenniumFalcon), steps::action::WINDOW, Action::Done) => {
            "Keep the ring".to_string()
        }
        (Source::Action(_), steps::action::WINDOW, Action::Done) => {
            if only_choice { "Go on" } else { "No card" }.to_string()
        }
        // Objectives
        (Source::Objective(_), steps::objective::PLANS_DICE, Action::Die(red)) => {
            plans_dice_label(red)
        }
        (Source::Objective(_), steps::objective::PLANS_DICE, Action::Card(c)) => {
            format!("Play {}: set a direct hit", c.name())
        }
        (Source::Objective(_), steps::objective::PLANS_REROLL, Action::Die(i)) => {
            format!("Reroll {}", plans_die(view, i))
        }
        (Source::Objective(_), steps::objective::PLANS_REROLL, Action::Done) => {
            "Keep the roll".to_string()
        }
        (
            Source::Objective(Objective::ReturnOfTheJedi),
            steps::objective::JEDI_TARGET,
            Action::Leader(l),
        ) => {
            format!("Eliminate {}", l.name())
        }
        // Tactic cards
        (Source::Tactic(_), steps::tactic::REROLL, Action::Die(i)) => {
            format!("Reroll {}", attack_die(view, i))
        }
        (Source::Tactic(_), steps::tactic::REROLL, Action::Done) => "Reroll now".to_string(),
        (Source::Tactic(_), steps::tactic::DRAW, Action::Tactic(t)) => {
            let deck = if t.info().space { "space" } else { "ground" };
            format!("Draw from the {deck} deck")
        }
        (Source::Tactic(_), steps::tactic::SHIP, Action::Damage { target, .. }) => {
            let red = fighter_kind(view, target).map_or(0, |k| k.info().red);
            format!(
                "Bombard with {} ({red} damage)",
                fighter_label(view, target)
            )
        }
        (Source::Tactic(_), steps::tactic::COST, Action::Tactic(t)) => {
            format!("Discard {}", tactic_label(t))
        }
        (Source::Tactic(_), steps::tactic::BLOCK, Action::Damage { target, .. }) => {
            format!("Block one damage on {}", fighter_label(view, target))
        }
        (Source::Tactic(_), steps::tactic::BLOCK, Action::Done) => "Stop blocking".to_string(),
        _ => return None,
    })
}

fn source_is_imperial(source: Source) -> bool {
    matches!(source, Source::Mission(m) if m.side() == Side::Empire)
}

/// The faces One in a Million may set, in the engine's order (`Action::Die(i)` sets the
/// i-th; the engine's table is private).
const PLACEABLE: [Die; 7] = [
    die(DieColor::Red, Face::Hit),
    die(DieColor::Red, Face::DirectHit),
    die(DieColor::Red, Face::Special),
    die(DieColor::Red, Face::Blank),
    die(DieColor::Black, Face::Hit),
    die(DieColor::Black, Face::Special),
    die(DieColor::Black, Face::Blank),
];

const fn die(color: DieColor, face: Face) -> Die {
    Die { color, face }
}

/// Death Star Plans rolls three dice; `Die(n)` makes `n` of them red.
fn plans_dice_label(red: u8) -> String {
    match (red, 3u8.saturating_sub(red)) {
        (0, black) => format!("{black} black dice"),
        (red, 0) => format!("{red} red dice"),
        (red, black) => format!("{red} red and {black} black"),
    }
}

/// "Star Destroyer", "TIE Fighter (1 damage)": one unit of the combat.
fn fighter_label(view: &PlayerView, target: u8) -> String {
    let Some(combat) = view.combat.as_ref() else {
        return format!("unit {}", target as usize + 1);
    };
    let Some(fighter) = combat.fighters.get(target as usize) else {
        return format!("unit {}", target as usize + 1);
    };
    let mut label = fighter.kind.info().name.to_string();
    // Damage from this attack so far: dice, then card damage, less blocks.
    let this_attack = combat.attack.as_ref().map_or(0, |a| {
        let dice = a.dice.iter().filter(|d| d.target == Some(target)).count();
        let sum = |v: &[(u8, u8)]| -> usize {
            v.iter()
                .filter(|(t, _)| *t == target)
                .map(|(_, n)| *n as usize)
                .sum()
        };
        (dice + sum(&a.extra)).saturating_sub(sum(&a.blocked))
    });
    let mut notes = Vec::new();
    if fighter.damage > 0 {
        notes.push(format!("{} damage before", fighter.damage));
    }
    if this_attack > 0 {
        notes.push(format!("{this_attack} from this attack"));
    }
    if fighter.doomed {
        notes.push("going down".to_string());
    }
    if !notes.is_empty() {
        label = format!("{label} ({})", notes.join(", "));
    }
    label
}

fn fighter_kind(view: &PlayerView, target: u8) -> Option<UnitKind> {
    let combat = view.combat.as_ref()?;
    combat.fighters.get(target as usize).map(|f| f.kind)
}

fn attack_dice(view: &PlayerView) -> Vec<Die> {
    view.combat
        .as_ref()
        .and_then(|c| c.attack.as_ref())
        .map_or_else(Vec::new, |a| a.dice.iter().map(|d| d.die).collect())
}

/// "die 2 (red hit)" of the attack in progress.
fn attack_die(view: &PlayerView, i: u8) -> String {
    numbered_die(i, attack_dice(view).get(i as usize).copied())
}

/// "die 2 (red hit)" of `side`'s last mission roll, as the log tells it (the mission's dice
/// are not in the view).
fn mission_die(view: &PlayerView, side: Side, i: u8) -> String {
    let rolled = view.log.iter().rev().find_map(|e| match e {
        LogEvent::MissionRoll { side: s, dice, .. } if *s == side => Some(dice),
        _ => None,
    });
    let owner = match side {
        Side::Empire => "Imperial ",
        Side::Rebel => "your ",
    };
    format!(
        "{owner}{}",
        numbered_die(i, rolled.and_then(|d| d.get(i as usize)).copied())
    )
}

/// "die 2 (black blank)" of the last Death Star Plans roll, from the log.
fn plans_die(view: &PlayerView, i: u8) -> String {
    let rolled = view.log.iter().rev().find_map(|e| match e {
        LogEvent::DeathStarPlansRolled { dice, .. } => Some(dice),
        _ => None,
    });
    numbered_die(i, rolled.and_then(|d| d.get(i as usize)).copied())
}

fn numbered_die(i: u8, die: Option<Die>) -> String {
    match die {
        Some(d) => format!("die {} ({})", i as usize + 1, die_text(d)),
        None => format!("die {}", i as usize + 1),
    }
}

/// "Leia and Han Solo".
fn leader_names(leaders: &[Option<swr_engine::LeaderId>; 2]) -> String {
    let names: Vec<String> = leaders
        .iter()
        .flatten()
        .map(|l| l.name().to_string())
        .collect();
    match names.as_slice() {
        [] => "no leader".to_string(),
        _ => super::cards::join_list(&names),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn plans_dice_read_well() {
        assert_eq!(plans_dice_label(3), "3 red dice");
        assert_eq!(plans_dice_label(0), "3 black dice");
        assert_eq!(plans_dice_label(2), "2 red and 1 black");
    }

    #[test]
    fn one_in_a_million_faces_exist() {
        // Black dice have no direct hit.
        assert!(!PLACEABLE
            .iter()
            .any(|d| d.color == DieColor::Black && d.face == Face::DirectHit));
    }
}
