//! The names of the things every other word file talks about: factions (by colour), planets,
//! goods, worker kinds, the event boxes, the phases of the turn, and a few small helpers for
//! counted nouns and lists.

use egr_engine::data::techs::FreeSpot;
use egr_engine::{Good, Kind, Place, Planet, Seat, Spot, Step};

/// A faction by its colour, seats 0 to 4.
pub fn seat_name(seat: Seat) -> &'static str {
    match seat.0 {
        0 => "Red",
        1 => "Blue",
        2 => "Green",
        3 => "Yellow",
        4 => "Purple",
        _ => "Gray",
    }
}

/// A faction's colour in the possessive: "Red's".
pub fn seat_possessive(seat: Seat) -> String {
    format!("{}'s", seat_name(seat))
}

pub fn planet_name(planet: Planet) -> &'static str {
    match planet {
        Planet::Veltair => "Veltair",
        Planet::Trega => "Trega",
        Planet::Vollux => "Vollux",
        Planet::Edara => "Edara",
        Planet::Galcrux => "Galcrux",
        Planet::Alioth => "Alioth",
        Planet::Mirzam => "Mirzam",
        Planet::Sargas => "Sargas",
    }
}

pub fn good_name(good: Good) -> &'static str {
    match good {
        Good::Medicine => "Medicine",
        Good::Biotech => "Biotech",
        Good::Nanotech => "Nanotech",
        Good::RareMinerals => "Rare Minerals",
        Good::RocketPropellant => "Rocket Propellant",
        Good::Soma => "Soma",
        Good::LiquidHydrogen => "Liquid Hydrogen",
        Good::Silica => "Silica",
    }
}

/// A worker kind, singular: "Rebel", "Trooper"…
pub fn kind_name(kind: Kind) -> &'static str {
    match kind {
        Kind::Rebel => "Rebel",
        Kind::Trooper => "Trooper",
        Kind::Hero => "Hero",
        Kind::Smuggler => "Smuggler",
        Kind::Scientist => "Scientist",
        Kind::Diplomat => "Diplomat",
    }
}

/// A worker kind, plural: "Rebels", "Heroes"…
pub fn kind_plural(kind: Kind) -> &'static str {
    match kind {
        Kind::Rebel => "Rebels",
        Kind::Trooper => "Troopers",
        Kind::Hero => "Heroes",
        Kind::Smuggler => "Smugglers",
        Kind::Scientist => "Scientists",
        Kind::Diplomat => "Diplomats",
    }
}

/// A one- or two-letter badge for a worker kind.
pub fn kind_letter(kind: Kind) -> &'static str {
    match kind {
        Kind::Rebel => "R",
        Kind::Trooper => "T",
        Kind::Hero => "H",
        Kind::Smuggler => "Sm",
        Kind::Scientist => "Sc",
        Kind::Diplomat => "D",
    }
}

/// "a Rebel", "a Hero".
pub fn a_kind(kind: Kind) -> String {
    format!("a {}", kind_name(kind))
}

/// "a Rebel", "2 Rebels".
pub fn kinds(count: u8, kind: Kind) -> String {
    if count == 1 {
        a_kind(kind)
    } else {
        format!("{count} {}", kind_plural(kind))
    }
}

/// "1 Rebel", "3 Rebels": a count of workers of one kind, as a list shows it.
pub fn kinds_counted(count: u8, kind: Kind) -> String {
    if count == 1 {
        format!("1 {}", kind_name(kind))
    } else {
        format!("{count} {}", kind_plural(kind))
    }
}

/// "a Sentinel", "3 Sentinels".
pub fn sentinels(count: u8) -> String {
    if count == 1 {
        "a Sentinel".to_string()
    } else {
        format!("{count} Sentinels")
    }
}

/// "1 cube", "2 cubes" (any counted noun with a plain plural in -s).
pub fn counted(count: u32, noun: &str) -> String {
    if count == 1 {
        format!("1 {noun}")
    } else {
        format!("{count} {noun}s")
    }
}

/// The event boxes and the slots of the Specialist box.
pub fn spot_name(spot: Spot) -> &'static str {
    match spot {
        Spot::Initiative => "Initiative",
        Spot::Influence => "Planetary Influence",
        Spot::Trade => "Trade Goods",
        Spot::Covert => "Covert Mission",
        Spot::Research => "Research",
        Spot::Warfare => "Warfare",
        Spot::Specialist(kind) => match kind {
            Kind::Rebel => "Rebel slot",
            Kind::Trooper => "Trooper slot",
            Kind::Hero => "Hero slot",
            Kind::Smuggler => "Smuggler slot",
            Kind::Scientist => "Scientist slot",
            Kind::Diplomat => "Diplomat slot",
        },
        Spot::PaidSpecialist => "paid Specialist slot",
        Spot::Senate => "Galactic Senate",
    }
}

/// Where a placed worker stands: "in the Trade Goods box", "in the Hero slot", "in the
/// Galactic Senate".
pub fn spot_in(spot: Spot) -> String {
    match spot {
        Spot::Initiative
        | Spot::Influence
        | Spot::Trade
        | Spot::Covert
        | Spot::Research
        | Spot::Warfare => format!("in the {} box", spot_name(spot)),
        Spot::Specialist(_) | Spot::PaidSpecialist | Spot::Senate => {
            format!("in the {}", spot_name(spot))
        }
    }
}

/// Where a technology's free worker goes each turn.
pub fn free_spot_name(spot: FreeSpot) -> &'static str {
    match spot {
        FreeSpot::X => "the Influence X space",
        FreeSpot::Y => "the Influence Y space",
        FreeSpot::Warfare => "the Warfare box",
        FreeSpot::Senate => "the Senate",
        FreeSpot::Covert => "the Covert Mission box",
    }
}

/// A place where workers stand: a planet, or one of the two boxes they stay in.
pub fn place_name(place: Place) -> &'static str {
    match place {
        Place::Planet(p) => planet_name(p),
        Place::Covert => "the Covert Mission box",
        Place::Senate => "the Senate",
    }
}

/// "on Trega", "in the Senate".
pub fn at_place(place: Place) -> String {
    match place {
        Place::Planet(p) => format!("on {}", planet_name(p)),
        Place::Covert | Place::Senate => format!("in {}", place_name(place)),
    }
}

/// The phase of the turn in a few words, for the turn track.
pub fn step_name(step: Step) -> &'static str {
    match step {
        Step::Setup => "Set-up",
        Step::Placing { .. } => "Placing workers",
        Step::Initiative => "Initiative",
        Step::Influence { .. } => "Planetary Influence",
        Step::Trade { .. } => "Trade Goods",
        Step::Covert => "Covert Missions",
        Step::Research { .. } => "Research",
        Step::Warfare { .. } => "Warfare",
        Step::Specialists { .. } => "Specialists",
        Step::Senate => "Galactic Senate",
        Step::Income => "Income",
        Step::Techs { .. } => "Technology benefits",
        Step::War { .. } => "Galactic War",
        Step::Scoring => "Scoring",
        Step::Refresh => "Refresh",
        Step::Over => "Game over",
    }
}

/// An epoch as a Roman numeral.
pub fn epoch_name(epoch: u8) -> &'static str {
    match epoch {
        0 | 1 => "I",
        2 => "II",
        _ => "III",
    }
}

/// "Red", "Red and Blue", "Red, Blue and Green".
pub fn join_list<S: AsRef<str>>(items: &[S]) -> String {
    match items {
        [] => String::new(),
        [one] => one.as_ref().to_string(),
        [rest @ .., last] => {
            let head: Vec<&str> = rest.iter().map(|s| s.as_ref()).collect();
            format!("{} and {}", head.join(", "), last.as_ref())
        }
    }
}

/// Several factions as one list.
pub fn seats_list(seats: &[Seat]) -> String {
    let names: Vec<&str> = seats.iter().map(|&s| seat_name(s)).collect();
    join_list(&names)
}

/// The first letter in capitals.
pub fn capitalize(text: &str) -> String {
    let mut chars = text.chars();
    match chars.next() {
        Some(c) => c.to_uppercase().chain(chars).collect(),
        None => String::new(),
    }
}

/// The phase of the turn being played, for the turn track: named by the first question still
/// open (the engine's step has already moved on to what comes after it), else by the step.
pub fn phase_name(view: &egr_engine::PlayerView) -> &'static str {
    use egr_engine::{Attacker, Prompt, Then};
    let Some(first) = view.questions.first() else {
        return step_name(view.step);
    };
    match *first {
        Prompt::StartRebel { .. } => "Set-up",
        Prompt::Place { .. } => "Placing workers",
        Prompt::Land { .. } => "Planetary Influence",
        Prompt::TakeGood { .. } => "Trade Goods",
        Prompt::Covert { .. } => "Covert Missions",
        Prompt::Pay { then, .. } => match then {
            Then::Mission { .. } => "Covert Missions",
            Then::Card => "Galactic Senate",
        },
        Prompt::Research { .. } => "Research",
        Prompt::Attack { .. } => "Warfare",
        Prompt::Defend { by, .. } => match by {
            Attacker::Warfare { .. } => "Warfare",
            Attacker::War => "Galactic War",
        },
        Prompt::SecondLoss { .. } => match view.step {
            Step::War { .. } | Step::Scoring => "Galactic War",
            _ => "Warfare",
        },
        Prompt::PaidSpecialist { .. } => "Specialists",
        Prompt::Bid { .. } | Prompt::ChooseCard { .. } => "Galactic Senate",
        Prompt::Effect { effect, .. } => effect_phase(effect).unwrap_or(step_name(view.step)),
    }
}

/// The phase an effect belongs to: the Senate's Imperial Action cards, the Covert Missions'
/// rewards; a technology's acts when it is bought or in Phase 4 (the step says which).
fn effect_phase(effect: egr_engine::Effect) -> Option<&'static str> {
    use egr_engine::Effect::*;
    match effect {
        BombardPlanet
        | BombardShip { .. }
        | BombardSentinels { .. }
        | VoxFleet
        | VoxSentinels { .. }
        | NewCorps
        | BaseSource
        | BaseDestination { .. }
        | BaseCount { .. }
        | BaseKill { .. }
        | Rebase { .. }
        | AwardRoute
        | AtrocityRemove
        | AtrocityAdd { .. }
        | Spies { .. }
        | SpiesFrom { .. }
        | Propaganda
        | WildfirePlanet
        | WildfireOther { .. }
        | AddPieces { .. }
        | Plague
        | CivilWar => Some("Galactic Senate"),
        KillRival { .. } | SpySentinel | DestroyFleet | RescueKind => Some("Covert Missions"),
        FleetTo | PushFleet { .. } | Alliance | Hyperdrive { .. } | HyperdriveTo { .. } => None,
    }
}
