//! The galaxy: 32 systems in 8 regions, their resource icons and build numbers, and the 70
//! routes between them. Numbers from `shared/research/rebellion-components.md` §4.1–4.2
//! (three sources agree on all but the Dathomir–Felucia route, kept: see docs/swr/rules.md).

use serde::{Deserialize, Serialize};

/// One of the 32 systems, by index into [`SYSTEMS`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub struct SystemId(pub u8);

pub const SYSTEM_COUNT: usize = 32;

/// A resource icon: its theatre (blue space, orange ground) and its shape.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Icon {
    SpaceTriangle,
    SpaceCircle,
    SpaceSquare,
    GroundTriangle,
    GroundCircle,
    GroundSquare,
}

pub struct SystemInfo {
    pub name: &'static str,
    /// 0..8; systems of a region share an index.
    pub region: u8,
    pub remote: bool,
    /// Left icon first: a subjugated system builds with the left one only.
    pub icons: &'static [Icon],
    /// The build-queue space its units are placed on (0 for remote systems).
    pub build: u8,
}

use Icon::*;

const fn populous(name: &'static str, region: u8, icons: &'static [Icon], build: u8) -> SystemInfo {
    SystemInfo {
        name,
        region,
        remote: false,
        icons,
        build,
    }
}

const fn remote(name: &'static str, region: u8) -> SystemInfo {
    SystemInfo {
        name,
        region,
        remote: true,
        icons: &[],
        build: 0,
    }
}

pub const SYSTEMS: [SystemInfo; SYSTEM_COUNT] = [
    // Region 0
    populous("Mon Calamari", 0, &[SpaceTriangle, SpaceSquare], 3),
    populous("Felucia", 0, &[GroundTriangle], 1),
    populous("Saleucami", 0, &[GroundCircle], 1),
    remote("Yavin", 0),
    // Region 1
    populous("Kessel", 1, &[GroundTriangle], 1),
    populous("Nal Hutta", 1, &[GroundTriangle, SpaceTriangle], 1),
    populous("Toydaria", 1, &[SpaceCircle], 2),
    populous("Bothawui", 1, &[GroundCircle], 1),
    // Region 2
    populous("Rodia", 2, &[GroundTriangle], 1),
    populous("Ryloth", 2, &[GroundTriangle], 1),
    populous("Geonosis", 2, &[SpaceTriangle, GroundSquare], 2),
    remote("Tatooine", 2),
    // Region 3
    populous("Bespin", 3, &[GroundCircle], 1),
    populous("Mustafar", 3, &[SpaceTriangle, SpaceCircle], 2),
    remote("Hoth", 3),
    remote("Endor", 3),
    // Region 4
    populous("Mygeeto", 4, &[SpaceTriangle, GroundSquare], 2),
    populous("Ord Mantell", 4, &[SpaceCircle, GroundCircle], 2),
    remote("Ilum", 4),
    remote("Dantooine", 4),
    // Region 5
    populous("Kashyyyk", 5, &[GroundTriangle, GroundTriangle], 1),
    populous("Mandalore", 5, &[GroundTriangle, SpaceTriangle], 1),
    populous("Malastare", 5, &[GroundTriangle], 1),
    remote("Dathomir", 5),
    // Region 6
    populous("Coruscant", 6, &[GroundTriangle], 1),
    populous("Alderaan", 6, &[GroundTriangle], 1),
    populous("Corellia", 6, &[SpaceTriangle, SpaceSquare], 3),
    populous("Cato Neimoidia", 6, &[SpaceTriangle, GroundCircle], 2),
    // Region 7
    populous("Naboo", 7, &[GroundTriangle, SpaceTriangle], 1),
    populous("Sullust", 7, &[GroundTriangle, GroundSquare], 2),
    populous("Utapau", 7, &[SpaceCircle, SpaceSquare], 3),
    remote("Dagobah", 7),
];

/// The icons of the Rebel Base space and the queue space they build on.
pub const REBEL_BASE_ICONS: &[Icon] = &[SpaceTriangle, GroundTriangle];
pub const REBEL_BASE_BUILD: u8 = 1;

pub mod named {
    use super::SystemId;
    pub const MON_CALAMARI: SystemId = SystemId(0);
    pub const FELUCIA: SystemId = SystemId(1);
    pub const SALEUCAMI: SystemId = SystemId(2);
    pub const YAVIN: SystemId = SystemId(3);
    pub const KESSEL: SystemId = SystemId(4);
    pub const NAL_HUTTA: SystemId = SystemId(5);
    pub const TOYDARIA: SystemId = SystemId(6);
    pub const BOTHAWUI: SystemId = SystemId(7);
    pub const RODIA: SystemId = SystemId(8);
    pub const RYLOTH: SystemId = SystemId(9);
    pub const GEONOSIS: SystemId = SystemId(10);
    pub const TATOOINE: SystemId = SystemId(11);
    pub const BESPIN: SystemId = SystemId(12);
    pub const MUSTAFAR: SystemId = SystemId(13);
    pub const HOTH: SystemId = SystemId(14);
    pub const ENDOR: SystemId = SystemId(15);
    pub const MYGEETO: SystemId = SystemId(16);
    pub const ORD_MANTELL: SystemId = SystemId(17);
    pub const ILUM: SystemId = SystemId(18);
    pub const DANTOOINE: SystemId = SystemId(19);
    pub const KASHYYYK: SystemId = SystemId(20);
    pub const MANDALORE: SystemId = SystemId(21);
    pub const MALASTARE: SystemId = SystemId(22);
    pub const DATHOMIR: SystemId = SystemId(23);
    pub const CORUSCANT: SystemId = SystemId(24);
    pub const ALDERAAN: SystemId = SystemId(25);
    pub const CORELLIA: SystemId = SystemId(26);
    pub const CATO_NEIMOIDIA: SystemId = SystemId(27);
    pub const NABOO: SystemId = SystemId(28);
    pub const SULLUST: SystemId = SystemId(29);
    pub const UTAPAU: SystemId = SystemId(30);
    pub const DAGOBAH: SystemId = SystemId(31);
}

use named::*;

/// The routes (undirected); impassable borders are simply absent.
pub const ROUTES: [(SystemId, SystemId); 70] = [
    (ALDERAAN, CATO_NEIMOIDIA),
    (ALDERAAN, CORELLIA),
    (ALDERAAN, CORUSCANT),
    (ALDERAAN, KASHYYYK),
    (ALDERAAN, MANDALORE),
    (ALDERAAN, ORD_MANTELL),
    (BESPIN, ENDOR),
    (BESPIN, HOTH),
    (BESPIN, MUSTAFAR),
    (BESPIN, SULLUST),
    (BOTHAWUI, MALASTARE),
    (BOTHAWUI, NAL_HUTTA),
    (BOTHAWUI, RODIA),
    (BOTHAWUI, TATOOINE),
    (BOTHAWUI, TOYDARIA),
    (CATO_NEIMOIDIA, CORELLIA),
    (CATO_NEIMOIDIA, KASHYYYK),
    (CATO_NEIMOIDIA, MALASTARE),
    (CATO_NEIMOIDIA, SULLUST),
    (CORELLIA, CORUSCANT),
    (CORELLIA, SULLUST),
    (CORUSCANT, ORD_MANTELL),
    (DAGOBAH, MUSTAFAR),
    (DAGOBAH, NABOO),
    (DAGOBAH, SULLUST),
    (DAGOBAH, UTAPAU),
    (DANTOOINE, DATHOMIR),
    (DANTOOINE, MYGEETO),
    (DATHOMIR, FELUCIA),
    (DATHOMIR, MANDALORE),
    (DATHOMIR, MYGEETO),
    (DATHOMIR, YAVIN),
    (ENDOR, HOTH),
    (FELUCIA, MANDALORE),
    (FELUCIA, MON_CALAMARI),
    (FELUCIA, SALEUCAMI),
    (FELUCIA, YAVIN),
    (GEONOSIS, NABOO),
    (GEONOSIS, RODIA),
    (GEONOSIS, RYLOTH),
    (GEONOSIS, TATOOINE),
    (GEONOSIS, UTAPAU),
    (HOTH, MUSTAFAR),
    (ILUM, MYGEETO),
    (ILUM, ORD_MANTELL),
    (KASHYYYK, MALASTARE),
    (KASHYYYK, MANDALORE),
    (KASHYYYK, SALEUCAMI),
    (KASHYYYK, TOYDARIA),
    (KESSEL, NAL_HUTTA),
    (KESSEL, SALEUCAMI),
    (KESSEL, TOYDARIA),
    (MALASTARE, NABOO),
    (MALASTARE, RODIA),
    (MALASTARE, SULLUST),
    (MALASTARE, TOYDARIA),
    (MANDALORE, MYGEETO),
    (MANDALORE, ORD_MANTELL),
    (MANDALORE, SALEUCAMI),
    (MANDALORE, YAVIN),
    (MON_CALAMARI, SALEUCAMI),
    (MUSTAFAR, SULLUST),
    (MYGEETO, ORD_MANTELL),
    (NABOO, RODIA),
    (NABOO, SULLUST),
    (NABOO, UTAPAU),
    (NAL_HUTTA, TOYDARIA),
    (RODIA, TATOOINE),
    (RYLOTH, TATOOINE),
    (SALEUCAMI, TOYDARIA),
];

const fn adjacency_masks() -> [u32; SYSTEM_COUNT] {
    let mut masks = [0u32; SYSTEM_COUNT];
    let mut i = 0;
    while i < ROUTES.len() {
        let (a, b) = ROUTES[i];
        masks[a.0 as usize] |= 1 << b.0;
        masks[b.0 as usize] |= 1 << a.0;
        i += 1;
    }
    masks
}

/// For each system, the bit set of its neighbours.
pub const ADJACENT: [u32; SYSTEM_COUNT] = adjacency_masks();

/// For each system, how many moves it is from the nearest system of `from` (a bit set): 0 in
/// it, `u8::MAX` when none can be reached (or `from` is empty).
pub fn distances_from(from: u32) -> [u8; SYSTEM_COUNT] {
    let mut distance = [u8::MAX; SYSTEM_COUNT];
    let (mut frontier, mut seen, mut d) = (from, from, 0u8);
    while frontier != 0 {
        let mut next = 0u32;
        for s in systems_in(frontier) {
            distance[s.index()] = d;
            next |= ADJACENT[s.index()];
        }
        next &= !seen;
        seen |= next;
        frontier = next;
        d += 1;
    }
    distance
}

impl SystemId {
    pub const ALL: [SystemId; SYSTEM_COUNT] = {
        let mut all = [SystemId(0); SYSTEM_COUNT];
        let mut i = 0;
        while i < SYSTEM_COUNT {
            all[i] = SystemId(i as u8);
            i += 1;
        }
        all
    };

    pub fn info(self) -> &'static SystemInfo {
        &SYSTEMS[self.0 as usize]
    }

    pub fn name(self) -> &'static str {
        self.info().name
    }

    pub fn index(self) -> usize {
        self.0 as usize
    }

    pub fn bit(self) -> u32 {
        1 << self.0
    }

    pub fn is_adjacent(self, other: SystemId) -> bool {
        ADJACENT[self.index()] & other.bit() != 0
    }

    pub fn neighbours(self) -> impl Iterator<Item = SystemId> {
        systems_in(ADJACENT[self.index()])
    }

    pub fn region(self) -> u8 {
        self.info().region
    }

    pub fn is_remote(self) -> bool {
        self.info().remote
    }
}

/// The systems of a bit set, in index order.
pub fn systems_in(mut mask: u32) -> impl Iterator<Item = SystemId> {
    std::iter::from_fn(move || {
        if mask == 0 {
            return None;
        }
        let i = mask.trailing_zeros();
        mask &= mask - 1;
        Some(SystemId(i as u8))
    })
}

/// The bit set of a region's four systems.
pub fn region_mask(region: u8) -> u32 {
    0xF << (region * 4)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn thirty_two_systems_eight_regions_of_four_eight_remote() {
        for region in 0..8 {
            let members: Vec<_> = SystemId::ALL
                .iter()
                .filter(|s| s.region() == region)
                .collect();
            assert_eq!(members.len(), 4);
            assert!(members.iter().all(|s| region_mask(region) & s.bit() != 0));
        }
        assert_eq!(SystemId::ALL.iter().filter(|s| s.is_remote()).count(), 8);
        for s in SystemId::ALL {
            assert_eq!(s.is_remote(), s.info().icons.is_empty());
            assert_eq!(s.is_remote(), s.info().build == 0);
        }
    }

    #[test]
    fn seventy_distinct_symmetric_routes() {
        let mut seen = std::collections::HashSet::new();
        for (a, b) in ROUTES {
            assert_ne!(a, b);
            assert!(
                seen.insert((a.min(b), a.max(b))),
                "{} {}",
                a.name(),
                b.name()
            );
        }
        assert_eq!(ADJACENT.iter().map(|m| m.count_ones()).sum::<u32>(), 140);
        assert!(named::CORUSCANT.is_adjacent(named::ALDERAAN));
        assert!(named::ALDERAAN.is_adjacent(named::CORUSCANT));
        assert_eq!(named::ENDOR.neighbours().count(), 2);
    }
}
