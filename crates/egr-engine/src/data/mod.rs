//! The game's fixed components: seats, worker kinds, planets and trade goods here; the
//! technologies, covert missions and Imperial action cards in their own files; the numbers the
//! rulebook does not print (and their provisional values) in `numbers`.

pub mod imperial;
pub mod missions;
pub mod numbers;
pub mod techs;

use serde::{Deserialize, Serialize};

/// Most players a game can have (L154).
pub const MAX_SEATS: usize = 5;
/// Hub planets on the board (L44, Appendix I).
pub const PLANETS: usize = 8;
/// Worker kinds: the Rebel and the five Specialists (L48).
pub const KINDS: usize = 6;
/// Trade good types (L74).
pub const GOODS: usize = 8;
/// Sentinels in the box (L52).
pub const SENTINELS: u8 = 30;
/// Imperial Capital Fleet miniatures (L93).
pub const IMPERIAL_FLEETS: u8 = 5;
/// The most Military Science cubes a player may hold (L298).
pub const MAX_CUBES: u8 = 10;
/// Military Science cubes each player starts with (L70, L298).
pub const START_CUBES: u8 = 3;
/// Sentinels' cubes in ordinary Warfare (L325) and in the Galactic War (L538).
pub const SENTINEL_CUBES: u8 = 5;
pub const WAR_SENTINEL_CUBES: u8 = 8;
/// Universal Credits each player starts with (L113) and the Rebels each takes every turn
/// (L113, L418).
pub const START_COINS: u16 = 10;
pub const REBELS_PER_TURN: u8 = 5;
/// Turns in a game (L174).
pub const TURNS: u8 = 8;
/// The Senate majority's reward (L357, L406).
pub const SENATE_VP: u16 = 7;

/// A player's place at the table, `0..players`. Colours are the app's business.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub struct Seat(pub u8);

impl Seat {
    pub fn index(self) -> usize {
        self.0 as usize
    }

    /// Every seat of a game of `players`.
    pub fn all(players: u8) -> impl Iterator<Item = Seat> {
        (0..players).map(Seat)
    }
}

/// A worker figure's kind (L48): the plain Rebel and the five Specialists.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum Kind {
    Rebel,
    Trooper,
    Hero,
    Smuggler,
    Scientist,
    Diplomat,
}

impl Kind {
    pub const ALL: [Kind; KINDS] = [
        Kind::Rebel,
        Kind::Trooper,
        Kind::Hero,
        Kind::Smuggler,
        Kind::Scientist,
        Kind::Diplomat,
    ];
    pub const SPECIALISTS: [Kind; 5] = [
        Kind::Trooper,
        Kind::Hero,
        Kind::Smuggler,
        Kind::Scientist,
        Kind::Diplomat,
    ];

    pub fn index(self) -> usize {
        self as usize
    }

    pub fn from_index(i: usize) -> Kind {
        Kind::ALL[i]
    }

    /// Figures of this kind each player owns (L48): 30 Rebels, 10 of each Specialist.
    pub fn owned(self) -> u8 {
        match self {
            Kind::Rebel => 30,
            _ => 10,
        }
    }

    /// Troopers and Heroes fight (L284) and lose only themselves when they defend (L290).
    pub fn is_military(self) -> bool {
        matches!(self, Kind::Trooper | Kind::Hero)
    }

    /// What the worker is worth when paying a Covert Mission: Heroes and Smugglers count 2
    /// (L254, L436, L490).
    pub fn covert_points(self) -> u8 {
        match self {
            Kind::Hero | Kind::Smuggler => 2,
            _ => 1,
        }
    }

    /// What the worker is worth in the Senate: Diplomats count 2 (L337, L466).
    pub fn senate_points(self) -> u8 {
        match self {
            Kind::Diplomat => 2,
            _ => 1,
        }
    }
}

/// The eight Hub Planets (Appendix I, L591-607), each tied to one trade good.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum Planet {
    Veltair,
    Trega,
    Vollux,
    Edara,
    Galcrux,
    Alioth,
    Mirzam,
    Sargas,
}

impl Planet {
    pub const ALL: [Planet; PLANETS] = [
        Planet::Veltair,
        Planet::Trega,
        Planet::Vollux,
        Planet::Edara,
        Planet::Galcrux,
        Planet::Alioth,
        Planet::Mirzam,
        Planet::Sargas,
    ];

    pub fn index(self) -> usize {
        self as usize
    }

    pub fn from_index(i: usize) -> Planet {
        Planet::ALL[i]
    }

    /// The good of the planet's Trade Route tile (Appendix I).
    pub fn good(self) -> Good {
        Good::ALL[self.index()]
    }

    pub fn bit(self) -> u8 {
        1 << self as u8
    }
}

/// The eight trade goods (L74), in the order of the planets that trade them.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum Good {
    Medicine,
    Biotech,
    Nanotech,
    RareMinerals,
    RocketPropellant,
    Soma,
    LiquidHydrogen,
    Silica,
}

impl Good {
    pub const ALL: [Good; GOODS] = [
        Good::Medicine,
        Good::Biotech,
        Good::Nanotech,
        Good::RareMinerals,
        Good::RocketPropellant,
        Good::Soma,
        Good::LiquidHydrogen,
        Good::Silica,
    ];

    pub fn index(self) -> usize {
        self as usize
    }
}

/// Where a worker or a piece can be: on a planet, or in one of the two boxes where workers
/// stay from turn to turn (L198).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Place {
    Planet(Planet),
    Covert,
    Senate,
}

/// The epoch of a turn (L174): turns 1-3, 4-6, 7-8.
pub fn epoch_of(turn: u8) -> u8 {
    match turn {
        0..=3 => 1,
        4..=6 => 2,
        _ => 3,
    }
}
