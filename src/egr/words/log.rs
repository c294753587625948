//! The game log in plain words: one short sentence per event. Everything in this game is
//! public, so the sentences are the same for every viewer.

use super::cards::{card_name, mission_at, mission_name, tech_name};
use super::names::{
    a_kind, at_place, capitalize, epoch_name, free_spot_name, good_name, join_list, kind_name,
    kinds, place_name, planet_name, seat_name, sentinels, spot_in,
};
use super::prompts::game_over_text;
use egr_engine::data::epoch_of;
use egr_engine::log::{Fighter, ScoreWhy, Why};
use egr_engine::{BoardNumbers, LogEvent, Seat, Target};

/// One log event as a sentence (None for an event not worth a line).
pub fn event_text(event: &LogEvent, numbers: &BoardNumbers) -> Option<String> {
    // A name that ends in "!" ends the sentence itself.
    sentence(event, numbers).map(|s| s.replace("!.", "!"))
}

fn sentence(event: &LogEvent, numbers: &BoardNumbers) -> Option<String> {
    let name = seat_name;
    Some(match event {
        LogEvent::GameStarted { players } => {
            format!("A game for {players} players begins.")
        }
        LogEvent::PowerTile {
            planet,
            higher,
            lower,
        } => format!(
            "{}'s Power tile: {higher} VP for the most workers, {lower} for second.",
            planet_name(*planet)
        ),
        LogEvent::SentinelsAdded { planet, count } => {
            if *count == 0 {
                return None;
            }
            let verb = if *count == 1 { "arrives" } else { "arrive" };
            format!(
                "{} {verb} on {}.",
                capitalize(&sentinels(*count)),
                planet_name(*planet)
            )
        }
        LogEvent::SentinelsRemoved { planet, count } => {
            if *count == 0 {
                return None;
            }
            let verb = if *count == 1 { "leaves" } else { "leave" };
            format!(
                "{} {verb} {}.",
                capitalize(&sentinels(*count)),
                planet_name(*planet)
            )
        }
        LogEvent::SentinelMoved { from, to } => format!(
            "A Sentinel moves from {} to {}.",
            planet_name(*from),
            planet_name(*to)
        ),
        LogEvent::FleetMoved { from, to } => match (from, to) {
            (None, Some(to)) => format!("An Imperial Fleet arrives at {}.", planet_name(*to)),
            (Some(from), Some(to)) => format!(
                "The Imperial Fleet at {} moves to {}.",
                planet_name(*from),
                planet_name(*to)
            ),
            (Some(from), None) => {
                format!(
                    "The Imperial Fleet at {} leaves the board.",
                    planet_name(*from)
                )
            }
            (None, None) => return None,
        },
        LogEvent::RebelFleet {
            seat,
            planet,
            marked,
        } => {
            let marker = if *marked {
                ""
            } else {
                " (no Rebel left to mark it)"
            };
            format!(
                "{} takes the Rebel Fleet to {}{marker}.",
                name(*seat),
                planet_name(*planet)
            )
        }
        LogEvent::TurnOrder { order } => format!("Turn order: {}.", seat_order(order)),
        LogEvent::TurnStarted { turn } => format!(
            "Turn {turn} begins (Epoch {}).",
            epoch_name(epoch_of(*turn))
        ),
        LogEvent::Gained { seat, coins, why } => {
            if *coins == 0 {
                return None;
            }
            format!(
                "{} gains {coins} UC{}.",
                name(*seat),
                gain_reason(*why, numbers)
            )
        }
        LogEvent::Paid { seat, coins, why } => {
            if *coins == 0 {
                return None;
            }
            match why {
                Why::Corruption { to } => format!(
                    "{} pays {} {coins} UC (Imperial Corruption).",
                    name(*seat),
                    name(*to)
                ),
                // The purchase says its price.
                Why::Research => return None,
                Why::Training => format!("{} pays {coins} UC for training.", name(*seat)),
                Why::StartingPosition
                | Why::Initiative
                | Why::TradeSets
                | Why::Tech(_)
                | Why::Mission(_) => format!(
                    "{} pays {coins} UC{}.",
                    name(*seat),
                    gain_reason(*why, numbers)
                ),
            }
        }
        LogEvent::Placed { seat, kind, spot } => {
            format!(
                "{} places {} {}.",
                name(*seat),
                a_kind(*kind),
                spot_in(*spot)
            )
        }
        LogEvent::FreeWorker { seat, kind, tech } => {
            let whither = tech
                .free_worker()
                .map_or("its box", |(_, spot)| free_spot_name(spot));
            format!(
                "{}'s {} puts a free {} in {whither}.",
                name(*seat),
                tech_name(*tech),
                kind_name(*kind)
            )
        }
        LogEvent::Landed { seat, kind, planet } => format!(
            "{}'s {} lands on {}.",
            name(*seat),
            kind_name(*kind),
            planet_name(*planet)
        ),
        LogEvent::RouteTaken { seat, planet } => format!(
            "{}'s Smuggler takes the {} Trade Route.",
            name(*seat),
            planet_name(*planet)
        ),
        LogEvent::LabTaken { seat, planet } => format!(
            "{}'s Scientist takes the Science Lab on {}.",
            name(*seat),
            planet_name(*planet)
        ),
        LogEvent::GoodsShown { goods } => {
            if goods.is_empty() {
                "No trade goods are left to show.".to_string()
            } else {
                let names: Vec<&str> = goods.iter().map(|&g| good_name(g)).collect();
                format!("Trade goods shown: {}.", join_list(&names))
            }
        }
        LogEvent::GoodTaken { seat, good } => {
            format!("{} takes {}.", name(*seat), good_name(*good))
        }
        LogEvent::GoodDrawn { seat, good } => format!(
            "{}'s Automated Factory turns out {}.",
            name(*seat),
            good_name(*good)
        ),
        LogEvent::MissionShown { mission } => {
            format!("New Covert Mission: {}.", mission_name(*mission, numbers))
        }
        LogEvent::MissionsDiscarded => "The Covert Missions shown are discarded.".to_string(),
        LogEvent::MissionConducted {
            seat,
            mission,
            at,
            cost,
        } => {
            let paid = if *cost == 0 {
                "for free".to_string()
            } else if *cost == 1 {
                "for 1 point".to_string()
            } else {
                format!("for {cost} points")
            };
            format!(
                "{} accomplishes {} {paid}.",
                name(*seat),
                mission_at(*mission, *at, numbers)
            )
        }
        LogEvent::WorkerPaid { seat, kind, from } => format!(
            "{} spends {} from {}.",
            name(*seat),
            a_kind(*kind),
            place_name(*from)
        ),
        LogEvent::Passed { seat } => format!("{} passes.", name(*seat)),
        LogEvent::TechShown { tech } => format!("New technology: {}.", tech_name(*tech)),
        LogEvent::TechsRemoved => "The unbought technologies leave the game.".to_string(),
        LogEvent::TechBought { seat, tech, cost } => {
            format!("{} buys {} for {cost} UC.", name(*seat), tech_name(*tech))
        }
        LogEvent::Attack {
            seat,
            kind,
            planet,
            target,
        } => match target {
            // The battle follows at once and says it all.
            Target::Sentinels => return None,
            Target::Faction(_) => format!(
                "{}'s {} attacks {} on {}.",
                name(*seat),
                kind_name(*kind),
                target_name(*target),
                planet_name(*planet)
            ),
        },
        LogEvent::Battle {
            planet,
            attacker,
            defender,
            attacker_cubes,
            defender_cubes,
            attacker_drawn,
            attacker_won,
        } => {
            let winner = if *attacker_won { attacker } else { defender };
            let (attacks, wins) = match (attacker, winner) {
                (Fighter::Worker { .. }, Fighter::Worker { .. }) => ("attacks", "wins"),
                (Fighter::Worker { .. }, Fighter::Sentinel) => ("attacks", "win"),
                (Fighter::Sentinel, Fighter::Worker { .. }) => ("attack", "wins"),
                (Fighter::Sentinel, Fighter::Sentinel) => ("attack", "win"),
            };
            format!(
                "{} {attacks} {} on {}: {attacker_cubes} cubes against {defender_cubes}, \
                 {attacker_drawn} of {} drawn — {} {wins}.",
                capitalize(&fighter(*attacker)),
                fighter(*defender),
                planet_name(*planet),
                fighter_owner(*attacker),
                side_name(*winner)
            )
        }
        LogEvent::Eliminated {
            seat,
            kind,
            at,
            count,
        } => {
            if *count == 0 {
                return None;
            }
            match seat {
                Some(s) => format!(
                    "{} loses {} {}.",
                    name(*s),
                    kinds(*count, *kind),
                    at_place(*at)
                ),
                None => {
                    let verb = if *count == 1 { "falls" } else { "fall" };
                    format!(
                        "{} {verb} {}.",
                        capitalize(&sentinels(*count)),
                        at_place(*at)
                    )
                }
            }
        }
        LogEvent::AttackerEliminated { seat, kind, slot } => format!(
            "{}'s beaten {} leaves Warfare slot {}.",
            name(*seat),
            kind_name(*kind),
            slot + 1
        ),
        LogEvent::Added {
            seat,
            kind,
            at,
            count,
        } => {
            if *count == 0 {
                return None;
            }
            format!(
                "{} adds {} {}.",
                name(*seat),
                kinds(*count, *kind),
                at_place(*at)
            )
        }
        LogEvent::ToHand { seat, kind, count } => {
            if *count == 0 {
                return None;
            }
            format!(
                "{} takes {} into hand for next turn.",
                name(*seat),
                kinds(*count, *kind)
            )
        }
        LogEvent::Moved {
            seat,
            kind,
            from,
            to,
        } => format!(
            "{}'s {} moves from {} to {}.",
            name(*seat),
            kind_name(*kind),
            planet_name(*from),
            planet_name(*to)
        ),
        // The Specialist joining the hand has its own line just before.
        LogEvent::Trained { .. } => return None,
        LogEvent::CubesGained { seat, count } => {
            if *count == 0 {
                return None;
            }
            let cubes = if *count == 1 {
                "a Military Science cube".to_string()
            } else {
                format!("{count} Military Science cubes")
            };
            format!("{} gains {cubes}.", name(*seat))
        }
        LogEvent::Bid { seat, bid } => format!("{} bids {bid} in the Senate.", name(*seat)),
        LogEvent::SenateWon { seat, bid } => {
            format!("{} wins the Senate with a bid of {bid}.", name(*seat))
        }
        LogEvent::NoImperialAction => "No Imperial Action is played this turn.".to_string(),
        LogEvent::ImperialShown { card } => {
            format!("New Imperial Action: {}.", card_name(*card))
        }
        LogEvent::ImperialsDiscarded => "The Imperial Actions shown are discarded.".to_string(),
        LogEvent::ImperialPlayed { seat, card } => {
            format!("{} plays {}.", name(*seat), card_name(*card))
        }
        LogEvent::DeckReshuffled { imperial } => {
            if *imperial {
                "The Imperial Action discards are shuffled into a new deck.".to_string()
            } else {
                "The Covert Mission discards are shuffled into a new deck.".to_string()
            }
        }
        LogEvent::ImperialDrawn { card } => format!(
            "The Imperial Traitor reveals {} from the deck.",
            card_name(*card)
        ),
        LogEvent::RandomRemoval { planet, count } => {
            if *count == 0 {
                format!("No piece on {} is drawn out.", planet_name(*planet))
            } else if *count == 1 {
                format!(
                    "1 piece on {} is drawn at random to go.",
                    planet_name(*planet)
                )
            } else {
                format!(
                    "{count} pieces on {} are drawn at random to go.",
                    planet_name(*planet)
                )
            }
        }
        LogEvent::RouteAwarded { seat, planet, from } => match from {
            Some(f) => format!(
                "{} is awarded the {} Trade Route, taken from {}.",
                name(*seat),
                planet_name(*planet),
                name(*f)
            ),
            None => format!(
                "{} is awarded the {} Trade Route.",
                name(*seat),
                planet_name(*planet)
            ),
        },
        LogEvent::WarTarget {
            planet,
            seat,
            drawn,
        } => {
            let how = if *drawn {
                " (drawn among the tied)"
            } else {
                ""
            };
            format!(
                "Galactic War on {}: the Sentinels turn on {}{how}.",
                planet_name(*planet),
                name(*seat)
            )
        }
        LogEvent::Scored { seat, points, why } => {
            if *points == 0 {
                return None;
            }
            format!("{} scores {points} VP {}.", name(*seat), score_reason(*why))
        }
        LogEvent::GameOver { winners, totals } => {
            let scores: Vec<String> = totals
                .iter()
                .enumerate()
                .map(|(i, t)| format!("{} {t}", name(Seat(i as u8))))
                .collect();
            format!("{} ({}).", game_over_text(winners), scores.join(", "))
        }
    })
}

fn seat_order(order: &[Seat]) -> String {
    let names: Vec<&str> = order.iter().map(|&s| seat_name(s)).collect();
    names.join(", ")
}

/// Why coins changed hands, as the end of a sentence: " from Initiative".
fn gain_reason(why: Why, numbers: &BoardNumbers) -> String {
    match why {
        Why::StartingPosition => " for a late place in the turn order".to_string(),
        Why::Initiative => " from Initiative".to_string(),
        Why::TradeSets => " from trade sets".to_string(),
        Why::Tech(t) => format!(" from {}", tech_name(t)),
        Why::Mission(m) => format!(" from {}", mission_name(m, numbers)),
        Why::Corruption { to } => format!(" to {} (Imperial Corruption)", seat_name(to)),
        Why::Research => " for research".to_string(),
        Why::Training => " for training".to_string(),
    }
}

fn score_reason(why: ScoreWhy) -> String {
    match why {
        ScoreWhy::PlanetFirst(p) => format!("for the most workers on {}", planet_name(p)),
        ScoreWhy::PlanetTiedFirst(p) => format!("for a shared lead on {}", planet_name(p)),
        ScoreWhy::PlanetSecond(p) => format!("for second place on {}", planet_name(p)),
        ScoreWhy::Senate => "for the Senate majority".to_string(),
        ScoreWhy::Tech(t) => format!("for {}", tech_name(t)),
        ScoreWhy::Missions => "for Covert Missions".to_string(),
        ScoreWhy::Economy => "for economy".to_string(),
    }
}

fn target_name(target: Target) -> &'static str {
    match target {
        Target::Sentinels => "the Sentinels",
        Target::Faction(s) => seat_name(s),
    }
}

/// One side of a battle: "Red's Hero", "the Sentinels".
fn fighter(f: Fighter) -> String {
    match f {
        Fighter::Worker { seat, kind } => format!("{}'s {}", seat_name(seat), kind_name(kind)),
        Fighter::Sentinel => "the Sentinels".to_string(),
    }
}

/// Whose cubes those are: "Red's", "the Sentinels'".
fn fighter_owner(f: Fighter) -> String {
    match f {
        Fighter::Worker { seat, .. } => format!("{}'s", seat_name(seat)),
        Fighter::Sentinel => "the Sentinels'".to_string(),
    }
}

/// The side that wins: "Red", "the Sentinels".
fn side_name(f: Fighter) -> &'static str {
    match f {
        Fighter::Worker { seat, .. } => seat_name(seat),
        Fighter::Sentinel => "the Sentinels",
    }
}
