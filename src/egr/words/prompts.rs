//! The question asked now, in one sentence that names who is asked by colour (everyone sees
//! what is being asked, so the same words serve the one who answers and those who wait); when
//! nothing is asked, the phase in words, or the result once the game is over.

use super::cards::{card_short_name, mission_at};
use super::names::{
    counted, kind_name, kind_plural, place_name, planet_name, seat_name, seats_list, step_name,
};
use egr_engine::view::PlayerView;
use egr_engine::{Attacker, BoardNumbers, Effect, ImperialCard, Kind, Place, Prompt, Seat};
use egr_engine::{Step, Then};

/// The question asked now (or the phase, or the result), read with the game's own board
/// numbers (they name the 20th Covert Mission card).
pub fn prompt_text(view: &PlayerView) -> String {
    prompt_text_with(view, &view.options.numbers)
}

/// [`prompt_text`] with the game's own board numbers.
pub fn prompt_text_with(view: &PlayerView, numbers: &BoardNumbers) -> String {
    match view.prompt {
        Some(frame) => frame_text(view, &frame, numbers),
        None => idle_text(view),
    }
}

/// Who answers this question.
pub fn frame_actor(view: &PlayerView, frame: &Prompt) -> Seat {
    match *frame {
        Prompt::StartRebel { seat, .. }
        | Prompt::Place { seat }
        | Prompt::Land { seat, .. }
        | Prompt::TakeGood { seat, .. }
        | Prompt::Pay { seat, .. }
        | Prompt::Research { seat, .. }
        | Prompt::Attack { seat, .. }
        | Prompt::Defend { seat, .. }
        | Prompt::SecondLoss { seat, .. }
        | Prompt::PaidSpecialist { seat }
        | Prompt::ChooseCard { seat }
        | Prompt::Effect { seat, .. } => seat,
        Prompt::Covert { idx } => view
            .to_act
            .or_else(|| view.order.get(idx as usize).copied())
            .unwrap_or(view.viewer),
        Prompt::Bid { at, .. } => view
            .order
            .get(at as usize)
            .copied()
            .or(view.to_act)
            .unwrap_or(view.viewer),
    }
}

/// The phase, or the result, when nothing is asked.
fn idle_text(view: &PlayerView) -> String {
    if view.step == Step::Over || !view.winners.is_empty() {
        return game_over_text(&view.winners);
    }
    format!("Turn {}: {}", view.turn, step_name(view.step))
}

/// "Game over: Red wins", "Game over: Red and Blue share the win".
pub fn game_over_text(winners: &[Seat]) -> String {
    match winners {
        [] => "Game over".to_string(),
        [one] => format!("Game over: {} wins", seat_name(*one)),
        many => format!("Game over: {} share the win", seats_list(many)),
    }
}

/// The worker in a Planetary Influence slot (numbered slots, then X, then Y) and the slot's
/// name.
pub(super) fn influence_slot(view: &PlayerView, slot: u8) -> (Option<Kind>, String) {
    let n = view.boxes.influence.len();
    let s = slot as usize;
    if s < n {
        (
            view.boxes.influence[s].map(|w| w.kind),
            format!("Influence slot {}", s + 1),
        )
    } else if s == n {
        (
            view.boxes.x_space.map(|w| w.kind),
            "the X space".to_string(),
        )
    } else {
        (
            view.boxes.y_space.map(|w| w.kind),
            "the Y space".to_string(),
        )
    }
}

fn cubes_of(view: &PlayerView, seat: Seat) -> u8 {
    view.seats.get(seat.index()).map_or(0, |s| s.cubes)
}

fn frame_text(view: &PlayerView, frame: &Prompt, numbers: &BoardNumbers) -> String {
    let actor = frame_actor(view, frame);
    let who = seat_name(actor);
    let seat = view.seats.get(actor.index());
    match *frame {
        Prompt::StartRebel { left, .. } => {
            let rest = if left > 1 {
                format!("{left} still to place")
            } else {
                "the last one".to_string()
            };
            format!(
                "Set-up: {who} places a starting Rebel on a planet without an Imperial Fleet \
                 ({rest})"
            )
        }
        Prompt::Place { .. } => {
            let hand: u32 = seat.map_or(0, |s| s.hand.iter().map(|&c| c as u32).sum());
            format!("{who} places a worker ({hand} in hand)")
        }
        Prompt::Land { slot, .. } => {
            let (kind, from) = influence_slot(view, slot);
            let worker = kind.map_or("worker", kind_name);
            format!("{who}: where does the {worker} from {from} land?")
        }
        Prompt::TakeGood { left, .. } => {
            if left > 1 {
                format!("Trade Goods: {who} takes a good ({left} to take)")
            } else {
                format!("Trade Goods: {who} takes a good")
            }
        }
        Prompt::Covert { .. } => {
            let points = seat.map_or(0, |s| s.covert_points);
            format!(
                "Covert Mission: {who} conducts a mission or passes ({} in the box)",
                counted(points as u32, "point")
            )
        }
        Prompt::Pay {
            left, from, then, ..
        } => {
            let what = match then {
                Then::Mission { slot, at } => {
                    match view.missions_shown.get(slot as usize).copied().flatten() {
                        Some(m) => format!("for {}", mission_at(m, at, numbers)),
                        None => "for the mission".to_string(),
                    }
                }
                Then::Card => "for the Senate's bid".to_string(),
            };
            let more = if left == 1 {
                "1 more point".to_string()
            } else {
                format!("{left} more points")
            };
            format!(
                "{who} pays {more} in workers from {} {what}",
                place_name(from)
            )
        }
        Prompt::Research { slot, .. } => {
            let scientist = matches!(
                view.boxes.research.get(slot as usize),
                Some(Some(w)) if w.kind == Kind::Scientist
            );
            let price = egr_engine::research_price(view.epoch, scientist);
            let coins = seat.map_or(0, |s| s.coins);
            format!(
                "Research: {who} may buy a technology for {price} UC (has {coins} UC) or buy \
                 nothing"
            )
        }
        Prompt::Attack { slot, .. } => {
            let kind = match view.boxes.warfare.get(slot as usize) {
                Some(Some(w)) => kind_name(w.kind),
                _ => "worker",
            };
            format!("Warfare: {who}'s {kind} attacks: which planet, and whom?")
        }
        Prompt::Defend { planet, by, .. } => {
            let mine = cubes_of(view, actor);
            match by {
                Attacker::Warfare { slot } => match view.boxes.warfare.get(slot as usize) {
                    Some(Some(w)) => {
                        let theirs = view
                            .attack_cubes(w.seat, w.kind, egr_engine::Target::Faction(actor))
                            .unwrap_or(0);
                        format!(
                            "{who} defends on {} against {}'s {} ({theirs} cubes against \
                             {mine}): which worker defends?",
                            planet_name(planet),
                            seat_name(w.seat),
                            kind_name(w.kind)
                        )
                    }
                    _ => format!(
                        "{who} defends on {}: which worker defends?",
                        planet_name(planet)
                    ),
                },
                Attacker::War => format!(
                    "Galactic War: {who} defends on {} against the Sentinels ({} cubes against \
                     {mine}): which worker defends?",
                    planet_name(planet),
                    egr_engine::data::WAR_SENTINEL_CUBES
                ),
            }
        }
        Prompt::SecondLoss { planet, .. } => format!(
            "{who} lost with a worker that does not fight and loses a second one on {}: which?",
            planet_name(planet)
        ),
        Prompt::PaidSpecialist { .. } => {
            format!("{who} may pay 5 UC to train a Specialist of any kind, or keep the coins")
        }
        Prompt::Bid { high, leader, .. } => {
            let points = seat.map_or(0, |s| s.senate_points);
            match leader {
                Some(l) => format!(
                    "Senate bidding: {who} raises or passes (high bid {high} by {}; {who} has \
                     {})",
                    seat_name(l),
                    counted(points as u32, "point")
                ),
                None => format!(
                    "Senate bidding: {who} bids or passes (no bid yet; {who} has {})",
                    counted(points as u32, "point")
                ),
            }
        }
        Prompt::ChooseCard { .. } => {
            format!("{who} won the Senate: which Imperial Action card does {who} play?")
        }
        Prompt::Effect { effect, .. } => effect_text(actor, effect),
    }
}

fn effect_text(actor: Seat, effect: Effect) -> String {
    let who = seat_name(actor);
    let card = |c: ImperialCard| card_short_name(c);
    let on = |p| planet_name(p);
    match effect {
        Effect::BombardPlanet => format!(
            "{}: {who} picks the planet to bombard",
            card(ImperialCard::PlanetaryBombardment)
        ),
        Effect::BombardShip { to } => format!(
            "{}: no Imperial Fleet is spare, so {who} picks the one that moves to {}",
            card(ImperialCard::PlanetaryBombardment),
            on(to)
        ),
        Effect::BombardSentinels { from, left } => format!(
            "{}: {who} sends a Sentinel from {} to another planet ({left} to send)",
            card(ImperialCard::PlanetaryBombardment),
            on(from)
        ),
        Effect::VoxFleet => format!(
            "{}: {who} picks the Imperial Fleet that leaves the board",
            card(ImperialCard::InvadedByTheVox)
        ),
        Effect::VoxSentinels { left, .. } => format!(
            "{}: {who} picks a planet that loses a Sentinel ({left} to remove)",
            card(ImperialCard::InvadedByTheVox)
        ),
        Effect::NewCorps => format!(
            "{}: {who} picks the planet that gets 3 Sentinels",
            card(ImperialCard::NewCorpsOfSentinels)
        ),
        Effect::BaseSource => format!(
            "{}: {who} picks the planet the Sentinels come from, or moves none",
            card(ImperialCard::RebelBaseDiscovered)
        ),
        Effect::BaseDestination { from } => match from {
            Some(p) => format!(
                "{}: {who} picks where the Sentinels from {} go",
                card(ImperialCard::RebelBaseDiscovered),
                on(p)
            ),
            None => format!(
                "{}: {who} picks the planet where two rival workers fall",
                card(ImperialCard::RebelBaseDiscovered)
            ),
        },
        Effect::BaseCount { from, to } => format!(
            "{}: {who} moves 1 or 2 Sentinels from {} to {}",
            card(ImperialCard::RebelBaseDiscovered),
            on(from),
            on(to)
        ),
        Effect::BaseKill { at, left } => format!(
            "{}: {who} picks a rival worker on {} to eliminate ({left} to go)",
            card(ImperialCard::RebelBaseDiscovered),
            on(at)
        ),
        Effect::Rebase { left } => format!(
            "{}: {who} moves a Sentinel between two planets, or stops ({left} moves left)",
            card(ImperialCard::TroopsRebased)
        ),
        Effect::AwardRoute => format!(
            "{}: {who} picks the Trade Route to take",
            card(ImperialCard::SenateAwardsTradeRoute)
        ),
        Effect::AtrocityRemove => format!(
            "{}: {who} picks a rival's Rebel to eliminate",
            card(ImperialCard::ImperialAtrocity)
        ),
        Effect::AtrocityAdd { from } => {
            let other = if from.is_some() { "another" } else { "a" };
            format!(
                "{}: {who} picks {other} planet for 2 of their Rebels",
                card(ImperialCard::ImperialAtrocity)
            )
        }
        Effect::Spies { left } => format!(
            "{}: {who} picks a rival worker to remove from the Covert Mission box \
             ({} to go)",
            card(ImperialCard::ImperialSpies),
            counted(left as u32, "point")
        ),
        Effect::SpiesFrom { victim, left } => format!(
            "{}: {who} picks another of {}'s workers to remove from the Covert \
             Mission box ({} to go)",
            card(ImperialCard::ImperialSpies),
            seat_name(victim),
            counted(left as u32, "point")
        ),
        Effect::Propaganda => format!(
            "{}: {who} picks a rival's 2 Rebels or 1 Specialist on a planet to remove",
            card(ImperialCard::ImperialPropaganda)
        ),
        Effect::WildfirePlanet => format!(
            "{}: {who} picks the planet for 3 of their Rebels",
            card(ImperialCard::RebellionSpreads)
        ),
        Effect::WildfireOther { planet } => format!(
            "{}: {who} picks the player who puts 2 Rebels on {}",
            card(ImperialCard::RebellionSpreads),
            on(planet)
        ),
        Effect::AddPieces { kind } => format!(
            "{who} picks the planet where 2 of their {} land",
            kind_plural(kind)
        ),
        Effect::Plague => format!(
            "{}: {who} picks the planet where 5 pieces are drawn out",
            card(ImperialCard::PlagueSerumWithheld)
        ),
        Effect::CivilWar => format!(
            "{}: {who} picks the planet that loses half its pieces",
            card(ImperialCard::PlanetaryCivilWar)
        ),
        Effect::KillRival { at, kind } => {
            let place = match at {
                Place::Planet(p) => format!("on {}", on(p)),
                Place::Covert | Place::Senate => format!("in {}", place_name(at)),
            };
            format!(
                "{who} picks whose {} {place} is eliminated",
                kind_name(kind)
            )
        }
        Effect::SpySentinel => {
            format!("Spy on Imperial War Council: {who} picks the planet that gets a Sentinel")
        }
        Effect::DestroyFleet => format!(
            "Destroy Imperial Capital Ship: {who} picks the Imperial Fleet that leaves the board"
        ),
        Effect::RescueKind => {
            format!("Rescue Imperial Prisoner: {who} picks the Specialist that joins their hand")
        }
        Effect::FleetTo => format!("{who} moves the Rebel Fleet: to which planet?"),
        Effect::PushFleet { from } => format!(
            "{who} pushes the Imperial Fleet away from {}: to which planet?",
            on(from)
        ),
        Effect::Alliance => format!(
            "Alliance with Indigenous Planetary Race: {who} picks a planet of theirs for 2 \
             Troopers"
        ),
        Effect::Hyperdrive { left } => format!(
            "Miniaturized Hyperdrive: {who} picks a worker to move, or stops ({} left)",
            counted(left as u32, "move")
        ),
        Effect::HyperdriveTo { from, kind, .. } => format!(
            "Miniaturized Hyperdrive: where does {}'s {} from {} go?",
            who,
            kind_name(kind),
            on(from)
        ),
    }
}
