//! The 18 unit types: combat values, health, transport, what builds them and how many exist.
//! Numbers from `shared/research/rebellion-components.md` §4.4; where the sources disagree the
//! choice and its reason are in docs/swr/rules.md ("Where the sources disagree").

use super::systems::Icon;
use super::Side;
use serde::{Deserialize, Serialize};

#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum UnitKind {
    TieFighter,
    AssaultCarrier,
    StarDestroyer,
    SuperStarDestroyer,
    DeathStar,
    DeathStarUnderConstruction,
    Stormtrooper,
    AtSt,
    AtAt,
    XWing,
    YWing,
    RebelTransport,
    CorellianCorvette,
    MonCalamariCruiser,
    RebelTrooper,
    Airspeeder,
    ShieldGenerator,
    IonCannon,
}

pub const UNIT_KINDS: usize = 18;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Theater {
    Space,
    Ground,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Health {
    Red(u8),
    Black(u8),
    /// The Death Star: it takes no damage (only Death Star Plans destroys it).
    None,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum UnitClass {
    Fighter,
    CapitalShip,
    SpaceStation,
    Vehicle,
    Structure,
}

pub struct UnitInfo {
    pub name: &'static str,
    pub side: Side,
    pub theater: Theater,
    pub class: UnitClass,
    pub red: u8,
    pub black: u8,
    pub health: Health,
    /// Ground units and TIE fighters a moving ship of this kind may bring along.
    pub transport: u8,
    /// Moves only when carried by a ship leaving the same system (ground units, TIEs).
    pub needs_transport: bool,
    pub immobile: bool,
    /// The resource icon that builds it; `None` for project-only units.
    pub built_from: Option<Icon>,
    /// How many exist in the box: the supply can never hold more.
    pub supply: u8,
}

use Icon::*;
use Side::*;
use Theater::*;
use UnitClass::*;

#[allow(clippy::too_many_arguments)]
const fn unit(
    name: &'static str,
    side: Side,
    theater: Theater,
    class: UnitClass,
    red: u8,
    black: u8,
    health: Health,
    transport: u8,
    built_from: Option<Icon>,
    supply: u8,
) -> UnitInfo {
    UnitInfo {
        name,
        side,
        theater,
        class,
        red,
        black,
        health,
        transport,
        needs_transport: matches!(theater, Ground)
            || matches!(class, Fighter) && matches!(side, Empire),
        immobile: matches!(class, Structure),
        built_from,
        supply,
    }
}

pub const UNITS: [UnitInfo; UNIT_KINDS] = [
    unit(
        "TIE Fighter",
        Empire,
        Space,
        Fighter,
        0,
        1,
        Health::Black(1),
        0,
        Some(SpaceTriangle),
        24,
    ),
    unit(
        "Assault Carrier",
        Empire,
        Space,
        CapitalShip,
        1,
        1,
        Health::Red(2),
        4,
        Some(SpaceCircle),
        8,
    ),
    unit(
        "Star Destroyer",
        Empire,
        Space,
        CapitalShip,
        2,
        1,
        Health::Red(4),
        6,
        Some(SpaceSquare),
        8,
    ),
    unit(
        "Super Star Destroyer",
        Empire,
        Space,
        CapitalShip,
        3,
        2,
        Health::Red(6),
        8,
        None,
        2,
    ),
    unit(
        "Death Star",
        Empire,
        Space,
        SpaceStation,
        4,
        0,
        Health::None,
        8,
        None,
        2,
    ),
    UnitInfo {
        immobile: true,
        ..unit(
            "Death Star Under Construction",
            Empire,
            Space,
            SpaceStation,
            0,
            0,
            Health::Red(4),
            0,
            None,
            1,
        )
    },
    unit(
        "Stormtrooper",
        Empire,
        Ground,
        Vehicle,
        0,
        1,
        Health::Black(1),
        0,
        Some(GroundTriangle),
        30,
    ),
    unit(
        "AT-ST",
        Empire,
        Ground,
        Vehicle,
        1,
        1,
        Health::Red(2),
        0,
        Some(GroundCircle),
        10,
    ),
    unit(
        "AT-AT",
        Empire,
        Ground,
        Vehicle,
        2,
        1,
        Health::Red(3),
        0,
        Some(GroundSquare),
        4,
    ),
    unit(
        "X-wing",
        Rebel,
        Space,
        Fighter,
        0,
        1,
        Health::Black(1),
        0,
        Some(SpaceTriangle),
        8,
    ),
    unit(
        "Y-wing",
        Rebel,
        Space,
        Fighter,
        1,
        0,
        Health::Black(1),
        0,
        Some(SpaceTriangle),
        12,
    ),
    unit(
        "Rebel Transport",
        Rebel,
        Space,
        CapitalShip,
        0,
        0,
        Health::Red(2),
        4,
        Some(SpaceTriangle),
        4,
    ),
    unit(
        "Corellian Corvette",
        Rebel,
        Space,
        CapitalShip,
        1,
        1,
        Health::Red(2),
        2,
        Some(SpaceCircle),
        4,
    ),
    unit(
        "Mon Calamari Cruiser",
        Rebel,
        Space,
        CapitalShip,
        2,
        1,
        Health::Red(4),
        4,
        Some(SpaceSquare),
        3,
    ),
    unit(
        "Rebel Trooper",
        Rebel,
        Ground,
        Vehicle,
        0,
        1,
        Health::Black(1),
        0,
        Some(GroundTriangle),
        21,
    ),
    unit(
        "Airspeeder",
        Rebel,
        Ground,
        Vehicle,
        1,
        1,
        Health::Red(2),
        0,
        Some(GroundCircle),
        6,
    ),
    unit(
        "Shield Generator",
        Rebel,
        Ground,
        Structure,
        0,
        0,
        Health::Red(3),
        0,
        Some(GroundSquare),
        3,
    ),
    unit(
        "Ion Cannon",
        Rebel,
        Ground,
        Structure,
        0,
        0,
        Health::Red(3),
        0,
        Some(GroundSquare),
        3,
    ),
];

impl UnitKind {
    pub const ALL: [UnitKind; UNIT_KINDS] = [
        UnitKind::TieFighter,
        UnitKind::AssaultCarrier,
        UnitKind::StarDestroyer,
        UnitKind::SuperStarDestroyer,
        UnitKind::DeathStar,
        UnitKind::DeathStarUnderConstruction,
        UnitKind::Stormtrooper,
        UnitKind::AtSt,
        UnitKind::AtAt,
        UnitKind::XWing,
        UnitKind::YWing,
        UnitKind::RebelTransport,
        UnitKind::CorellianCorvette,
        UnitKind::MonCalamariCruiser,
        UnitKind::RebelTrooper,
        UnitKind::Airspeeder,
        UnitKind::ShieldGenerator,
        UnitKind::IonCannon,
    ];

    pub fn info(self) -> &'static UnitInfo {
        &UNITS[self as usize]
    }

    pub fn index(self) -> usize {
        self as usize
    }

    pub fn side(self) -> Side {
        self.info().side
    }

    pub fn theater(self) -> Theater {
        self.info().theater
    }

    pub fn is_ship(self) -> bool {
        self.theater() == Space
    }

    pub fn is_ground(self) -> bool {
        self.theater() == Ground
    }

    pub fn is_structure(self) -> bool {
        self.info().class == Structure
    }

    /// The unit kinds of one side.
    pub fn of(side: Side) -> &'static [UnitKind] {
        match side {
            Empire => &UnitKind::ALL[..9],
            Rebel => &UnitKind::ALL[9..],
        }
    }

    /// The unit kinds `side` builds with `icon` (the Rebels choose among some).
    pub fn built_by(side: Side, icon: Icon) -> impl Iterator<Item = UnitKind> {
        UnitKind::of(side)
            .iter()
            .copied()
            .filter(move |k| k.info().built_from == Some(icon))
    }
}

/// Starting forces (rules: setup).
pub const IMPERIAL_START: [(UnitKind, u8); 7] = [
    (UnitKind::StarDestroyer, 3),
    (UnitKind::AssaultCarrier, 3),
    (UnitKind::TieFighter, 12),
    (UnitKind::Stormtrooper, 12),
    (UnitKind::AtSt, 5),
    (UnitKind::AtAt, 1),
    (UnitKind::DeathStar, 1),
];

pub const REBEL_START: [(UnitKind, u8); 6] = [
    (UnitKind::CorellianCorvette, 1),
    (UnitKind::RebelTransport, 1),
    (UnitKind::XWing, 2),
    (UnitKind::YWing, 2),
    (UnitKind::RebelTrooper, 6),
    (UnitKind::Airspeeder, 2),
];

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn supply_totals_the_boxed_miniatures_and_every_icon_builds_something() {
        let total: u32 = UNITS.iter().map(|u| u.supply as u32).sum();
        assert_eq!(total, 153);
        for side in [Empire, Rebel] {
            for icon in [
                SpaceTriangle,
                SpaceCircle,
                SpaceSquare,
                GroundTriangle,
                GroundCircle,
                GroundSquare,
            ] {
                assert!(UnitKind::built_by(side, icon).count() >= 1);
            }
        }
        for (i, k) in UnitKind::ALL.iter().enumerate() {
            assert_eq!(k.index(), i);
            assert!(UnitKind::of(k.side()).contains(k));
        }
        assert!(UnitKind::TieFighter.info().needs_transport);
        assert!(!UnitKind::XWing.info().needs_transport);
        assert!(UnitKind::DeathStarUnderConstruction.info().immobile);
        assert!(UnitKind::IonCannon.info().immobile);
    }
}
