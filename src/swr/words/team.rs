//! The team game's words: seats by role and colour, teams, and what each role does (the start
//! screen's table and the turn line).

use swr_engine::{ActionCard, Holder, LeaderId, Player, Role, Seat, Side};

/// "Rebel Admiral", "Imperial General".
pub fn seat_name(seat: Seat) -> String {
    seat.name()
}

/// "Imperial General (orange)".
pub fn seat_with_colour(seat: Seat) -> String {
    format!("{} ({})", seat.name(), seat.role.colour())
}

/// A player at an online table: "Rebellion" and "Empire" in the two-player game (and the
/// lone Rebel of three), else their seat ("Rebel General").
pub fn player_name(player: Player) -> &'static str {
    match player {
        Player::Rebel => "Rebellion",
        Player::Empire => "Empire",
        Player::RebelAdmiral => "Rebel Admiral",
        Player::ImperialAdmiral => "Imperial Admiral",
        Player::ImperialGeneral => "Imperial General",
        Player::RebelGeneral => "Rebel General",
    }
}

/// "Rebel team", "Imperial team".
pub fn team_name(side: Side) -> String {
    format!("{} team", side.name())
}

/// What a seat decides, for the start screen.
pub fn role_duties(seat: Seat) -> &'static str {
    match (seat.side, seat.role) {
        (Side::Rebel, Role::Admiral) => {
            "Recruits, builds and deploys, fights space battles, places and moves the base"
        }
        (Side::Empire, Role::Admiral) => "Recruits, builds and deploys, fights space battles",
        (Side::Rebel, Role::General) => {
            "Holds the mission hand and the objectives, fights ground battles"
        }
        (Side::Empire, Role::General) => {
            "Holds the mission hand and the probe cards, fights ground battles"
        }
    }
}

/// The seat's leaders in play at the start and to be recruited, by name.
pub fn role_leaders(seat: Seat) -> (Vec<&'static str>, Vec<&'static str>) {
    let of = |starting: bool| {
        LeaderId::ALL
            .into_iter()
            .filter(|l| {
                l.info().side == seat.side && l.role() == seat.role && l.info().starting == starting
            })
            .map(|l| l.info().name)
            .collect()
    };
    (of(true), of(false))
}

/// The seat's starting action cards, by name.
pub fn role_starting_cards(seat: Seat) -> Vec<&'static str> {
    ActionCard::ALL
        .into_iter()
        .filter(|c| c.side() == seat.side && c.info().starting)
        .filter(|c| c.holder() == Holder::Role(seat.role))
        .map(|c| c.info().name)
        .collect()
}
