//! Button labels: every action in the words of the question it answers.

use super::cards::{card_name, mission_at, tech_name};
use super::names::{
    at_place, good_name, kind_name, kinds, planet_name, seat_name, sentinels, spot_name,
};
use egr_engine::view::PlayerView;
use egr_engine::{Action, BoardNumbers, Effect, Kind, Place, Prompt, Target};

/// The label of one action's button, in the context of the question asked now, read with the
/// game's own board numbers (they name the 20th Covert Mission card).
pub fn action_text(view: &PlayerView, action: Action) -> String {
    action_text_with(view, &view.options.numbers, action)
}

/// [`action_text`] with the game's own board numbers (they name a 20th Covert Mission card
/// other than the provisional one).
pub fn action_text_with(view: &PlayerView, numbers: &BoardNumbers, action: Action) -> String {
    let prompt = view.prompt;
    let effect = match prompt {
        Some(Prompt::Effect { effect, .. }) => Some(effect),
        _ => None,
    };
    match action {
        Action::Place { kind, spot } => format!("{} to {}", kind_name(kind), spot_name(spot)),
        Action::Planet(p) => planet_label(prompt, effect, p),
        Action::Good(g) => format!("Take {}", good_name(g)),
        Action::Mission { slot, at } => {
            let name = match view.missions_shown.get(slot as usize).copied().flatten() {
                Some(m) => mission_at(m, at, numbers),
                None => format!("Mission {} {}", slot + 1, at_place(at)),
            };
            let price = view.mission_price(at);
            if price > 0 {
                format!("{name} (price {price})")
            } else {
                name
            }
        }
        Action::Pay(kind) => {
            let points = match prompt {
                Some(Prompt::Pay {
                    from: Place::Senate,
                    ..
                }) => kind.senate_points(),
                _ => kind.covert_points(),
            };
            format!("Pay with a {} ({points})", kind_name(kind))
        }
        Action::Tech(t) => {
            let price = match prompt {
                Some(Prompt::Research { slot, .. }) => {
                    let scientist = matches!(
                        view.boxes.research.get(slot as usize),
                        Some(Some(w)) if w.kind == Kind::Scientist
                    );
                    Some(egr_engine::research_price(view.epoch, scientist))
                }
                _ => None,
            };
            match price {
                Some(price) => format!("Buy {} ({price} UC)", tech_name(t)),
                None => format!("Buy {}", tech_name(t)),
            }
        }
        Action::Attack { planet, target } => {
            let whom = match target {
                Target::Sentinels => "the Sentinels".to_string(),
                Target::Faction(s) => seat_name(s).to_string(),
            };
            // The bag as the engine fills it (`PlayerView::battle`).
            match view.battle(action) {
                Some(b) => format!(
                    "Attack {whom} on {} ({} cubes against {})",
                    planet_name(planet),
                    b.attacker_cubes,
                    b.defender_cubes
                ),
                _ => format!("Attack {whom} on {}", planet_name(planet)),
            }
        }
        Action::Defend(kind) => match prompt {
            Some(Prompt::SecondLoss { .. }) => format!("Lose a {} too", kind_name(kind)),
            _ => format!("Defend with a {}", kind_name(kind)),
        },
        Action::Kind(kind) => match prompt {
            Some(Prompt::PaidSpecialist { .. }) => format!("Train a {} (5 UC)", kind_name(kind)),
            _ => format!("Take a {}", kind_name(kind)),
        },
        Action::Bid(n) => format!("Bid {n}"),
        Action::Card(i) => match view.imperial_shown.get(i as usize).copied().flatten() {
            Some(card) => format!("Play {}", card_name(card)),
            None => format!("Play card {}", i + 1),
        },
        Action::Seat(s) => match effect {
            Some(e) => seat_label(e, s),
            None => seat_name(s).to_string(),
        },
        Action::Piece { at, seat, kind } => piece_label(effect, at, seat, kind),
        Action::Move { from, to } => format!(
            "A Sentinel from {} to {}",
            planet_name(from),
            planet_name(to)
        ),
        Action::Count(n) => match effect {
            Some(e) => count_label(e, n),
            None => n.to_string(),
        },
        Action::Pass => pass_label(prompt, effect),
    }
}

/// The effects that are never answered with a seat, a piece or a count, as one pattern (their
/// labels for those fall back to the plain words). A new effect fails to compile until it is
/// placed here or given its own words.
macro_rules! plain_effects {
    () => {
        Effect::BombardPlanet
            | Effect::BombardShip { .. }
            | Effect::BombardSentinels { .. }
            | Effect::VoxFleet
            | Effect::VoxSentinels { .. }
            | Effect::NewCorps
            | Effect::BaseSource
            | Effect::BaseDestination { .. }
            | Effect::Rebase { .. }
            | Effect::AwardRoute
            | Effect::AtrocityAdd { .. }
            | Effect::WildfirePlanet
            | Effect::AddPieces { .. }
            | Effect::Plague
            | Effect::CivilWar
            | Effect::SpySentinel
            | Effect::DestroyFleet
            | Effect::RescueKind
            | Effect::FleetTo
            | Effect::PushFleet { .. }
            | Effect::Alliance
            | Effect::HyperdriveTo { .. }
    };
}

/// A player chosen for an effect.
fn seat_label(effect: Effect, s: egr_engine::Seat) -> String {
    let name = seat_name(s);
    match effect {
        Effect::KillRival { kind, .. } => format!("{name}'s {}", kind_name(kind)),
        Effect::WildfireOther { .. } => format!("{name} places 2 Rebels"),
        Effect::BaseCount { .. }
        | Effect::BaseKill { .. }
        | Effect::AtrocityRemove
        | Effect::Spies { .. }
        | Effect::SpiesFrom { .. }
        | Effect::Propaganda
        | Effect::Hyperdrive { .. } => name.to_string(),
        plain_effects!() => name.to_string(),
    }
}

/// A piece chosen for an effect (to remove, eliminate or move).
fn piece_label(effect: Option<Effect>, at: Place, seat: egr_engine::Seat, kind: Kind) -> String {
    let whose = format!("{}'s {}", seat_name(seat), kind_name(kind));
    let place = match at {
        Place::Planet(p) => format!("on {}", planet_name(p)),
        Place::Covert => "in the Covert Mission box".to_string(),
        Place::Senate => "in the Senate".to_string(),
    };
    let Some(effect) = effect else {
        return format!("{whose} {place}");
    };
    match effect {
        Effect::Propaganda if kind == Kind::Rebel => {
            format!("2 of {}'s Rebels {place}", seat_name(seat))
        }
        Effect::Propaganda | Effect::AtrocityRemove | Effect::KillRival { .. } => {
            format!("{whose} {place}")
        }
        Effect::Spies { .. } | Effect::SpiesFrom { .. } => {
            format!("{whose} ({})", kind.covert_points())
        }
        Effect::BaseKill { .. } => whose,
        Effect::Hyperdrive { .. } => format!(
            "Move a {} from {}",
            kind_name(kind),
            super::names::place_name(at)
        ),
        Effect::BaseCount { .. } | Effect::WildfireOther { .. } => format!("{whose} {place}"),
        plain_effects!() => format!("{whose} {place}"),
    }
}

/// A number chosen for an effect.
fn count_label(effect: Effect, n: u8) -> String {
    match effect {
        Effect::BaseCount { .. } => format!("Move {}", sentinels(n)),
        Effect::BaseKill { .. }
        | Effect::AtrocityRemove
        | Effect::Spies { .. }
        | Effect::SpiesFrom { .. }
        | Effect::Propaganda
        | Effect::WildfireOther { .. }
        | Effect::KillRival { .. }
        | Effect::Hyperdrive { .. } => n.to_string(),
        plain_effects!() => n.to_string(),
    }
}

/// A planet chosen in answer to the question asked now.
fn planet_label(prompt: Option<Prompt>, effect: Option<Effect>, p: egr_engine::Planet) -> String {
    let name = planet_name(p);
    if let Some(effect) = effect {
        return match effect {
            Effect::BombardPlanet => format!("Bombard {name}"),
            Effect::BombardShip { .. } => format!("The fleet from {name}"),
            Effect::BombardSentinels { .. } => format!("Send it to {name}"),
            Effect::VoxFleet | Effect::DestroyFleet => format!("The fleet at {name}"),
            Effect::VoxSentinels { .. } => format!("A Sentinel off {name}"),
            Effect::NewCorps => format!("3 Sentinels to {name}"),
            Effect::BaseSource => format!("Sentinels from {name}"),
            Effect::BaseDestination { from: Some(_) } => format!("Send them to {name}"),
            Effect::BaseDestination { from: None } => format!("Strike {name}"),
            Effect::AwardRoute => format!("The {name} Trade Route"),
            Effect::AtrocityAdd { .. } => format!("2 Rebels to {name}"),
            Effect::WildfirePlanet => format!("3 Rebels to {name}"),
            Effect::AddPieces { kind } => format!("{} to {name}", kinds(2, kind)),
            Effect::Plague => format!("Plague on {name}"),
            Effect::CivilWar => format!("Civil war on {name}"),
            Effect::SpySentinel => format!("A Sentinel to {name}"),
            Effect::FleetTo => format!("Rebel Fleet to {name}"),
            Effect::PushFleet { .. } => format!("Imperial Fleet to {name}"),
            Effect::Alliance => format!("2 Troopers to {name}"),
            Effect::HyperdriveTo { .. } => format!("Move to {name}"),
            Effect::Rebase { .. }
            | Effect::BaseCount { .. }
            | Effect::BaseKill { .. }
            | Effect::AtrocityRemove
            | Effect::Spies { .. }
            | Effect::SpiesFrom { .. }
            | Effect::Propaganda
            | Effect::WildfireOther { .. }
            | Effect::KillRival { .. }
            | Effect::RescueKind
            | Effect::Hyperdrive { .. } => name.to_string(),
        };
    }
    match prompt {
        Some(Prompt::Land { .. }) => format!("Land on {name}"),
        Some(Prompt::StartRebel { .. }) => format!("Start on {name}"),
        _ => name.to_string(),
    }
}

/// "Pass" as the question asked now reads it.
fn pass_label(prompt: Option<Prompt>, effect: Option<Effect>) -> String {
    let text = match prompt {
        Some(Prompt::Covert { .. }) => "No mission",
        Some(Prompt::Research { .. }) => "Buy nothing",
        Some(Prompt::PaidSpecialist { .. }) => "Keep the coins",
        Some(Prompt::Bid {
            leader: Some(_), ..
        }) => "Stop bidding",
        Some(Prompt::Bid { leader: None, .. }) => "Pass",
        Some(Prompt::Effect { .. }) => match effect {
            Some(Effect::BaseSource) => "Move no Sentinels",
            Some(Effect::Rebase { .. }) => "Stop moving Sentinels",
            Some(Effect::Hyperdrive { .. }) => "Stop moving",
            Some(
                Effect::BombardPlanet
                | Effect::BombardShip { .. }
                | Effect::BombardSentinels { .. }
                | Effect::VoxFleet
                | Effect::VoxSentinels { .. }
                | Effect::NewCorps
                | Effect::BaseDestination { .. }
                | Effect::BaseCount { .. }
                | Effect::BaseKill { .. }
                | Effect::AwardRoute
                | Effect::AtrocityRemove
                | Effect::AtrocityAdd { .. }
                | Effect::Spies { .. }
                | Effect::SpiesFrom { .. }
                | Effect::Propaganda
                | Effect::WildfirePlanet
                | Effect::WildfireOther { .. }
                | Effect::AddPieces { .. }
                | Effect::Plague
                | Effect::CivilWar
                | Effect::KillRival { .. }
                | Effect::SpySentinel
                | Effect::DestroyFleet
                | Effect::RescueKind
                | Effect::FleetTo
                | Effect::PushFleet { .. }
                | Effect::Alliance
                | Effect::HyperdriveTo { .. },
            )
            | None => "Pass",
        },
        Some(
            Prompt::StartRebel { .. }
            | Prompt::Place { .. }
            | Prompt::Land { .. }
            | Prompt::TakeGood { .. }
            | Prompt::Pay { .. }
            | Prompt::Attack { .. }
            | Prompt::Defend { .. }
            | Prompt::SecondLoss { .. }
            | Prompt::ChooseCard { .. },
        )
        | None => "Pass",
    };
    text.to_string()
}
