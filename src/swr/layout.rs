//! Our own drawing of the Star Wars: Rebellion galaxy, as coordinates for an SVG board.
//!
//! The 32 systems keep the arrangement of the printed board (regions where players expect
//! them, each system beside its neighbours), redrawn in our own coordinates: the relative
//! places were taken from the board, then nudged apart so that systems are circles of
//! [`SYSTEM_RADIUS`] at least [`MIN_SPACING`] apart, names do not collide, routes (straight
//! lines read from the engine's adjacency) miss other systems and cross once, and regions
//! (the convex hull of their four systems grown by [`REGION_MARGIN`]) do not overlap.
//!
//! Two arrangements of the same board: [`Orientation::Landscape`] for wide screens and
//! [`Orientation::Portrait`] (the board turned a quarter turn clockwise, so the outer rim
//! of Yavin and Dantooine is on top, then re-flowed) for phones, readable at 390 px wide.
//! Below the galaxy, each has the Rebel Base space and the time track. The tests in this file
//! hold the geometry to those promises. Pure data and geometry: no web dependencies.

use swr_engine::data::cards::TIME_TRACK_LENGTH;
use swr_engine::data::systems::named::*;
use swr_engine::data::systems::{systems_in, SystemId, ADJACENT, SYSTEM_COUNT};
use swr_engine::Place;

/// The number of regions; region indices are `0..REGION_COUNT`, as in the engine.
pub const REGION_COUNT: u8 = 8;
/// The radius of a system's circle, in view-box units.
pub const SYSTEM_RADIUS: f32 = 34.0;
/// No two system centres are closer than this.
pub const MIN_SPACING: f32 = 100.0;
/// A region's outline runs this far outside the centres of its systems.
pub const REGION_MARGIN: f32 = 46.0;
/// The font size of system names that [`label_box`] is measured for.
pub const LABEL_SIZE: f32 = 15.0;

/// The SVG `viewBox` size (width, height) of the landscape board; the box starts at (0, 0).
pub const VIEW_BOX: (f32, f32) = (1000.0, 640.0);
/// The SVG `viewBox` size (width, height) of the portrait board; the box starts at (0, 0).
pub const PORTRAIT_VIEW_BOX: (f32, f32) = (580.0, 1110.0);

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Orientation {
    Landscape,
    Portrait,
}

impl Orientation {
    pub const BOTH: [Orientation; 2] = [Orientation::Landscape, Orientation::Portrait];

    /// The SVG `viewBox` size (width, height); the box starts at (0, 0).
    pub const fn view_box(self) -> (f32, f32) {
        match self {
            Orientation::Landscape => VIEW_BOX,
            Orientation::Portrait => PORTRAIT_VIEW_BOX,
        }
    }
}

/// An axis-aligned box: top-left corner and size, in view-box units.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Rect {
    pub x: f32,
    pub y: f32,
    pub w: f32,
    pub h: f32,
}

impl Rect {
    pub fn center(self) -> (f32, f32) {
        (self.x + self.w / 2.0, self.y + self.h / 2.0)
    }

    pub fn contains(self, (x, y): (f32, f32)) -> bool {
        x >= self.x && x <= self.x + self.w && y >= self.y && y <= self.y + self.h
    }

    pub fn intersects(self, other: Rect) -> bool {
        self.x < other.x + other.w
            && other.x < self.x + self.w
            && self.y < other.y + other.h
            && other.y < self.y + self.h
    }
}

/// System centres on the landscape board, by system index.
const LANDSCAPE: [(f32, f32); SYSTEM_COUNT] = [
    (158.0, 69.0),  // Mon Calamari
    (199.0, 165.0), // Felucia
    (303.0, 176.0), // Saleucami
    (105.0, 208.0), // Yavin
    (355.0, 77.0),  // Kessel
    (459.0, 79.0),  // Nal Hutta
    (435.0, 181.0), // Toydaria
    (544.0, 143.0), // Bothawui
    (643.0, 175.0), // Rodia
    (865.0, 64.0),  // Ryloth
    (789.0, 135.0), // Geonosis
    (698.0, 84.0),  // Tatooine
    (833.0, 413.0), // Bespin
    (904.0, 337.0), // Mustafar
    (934.0, 436.0), // Hoth
    (861.0, 513.0), // Endor
    (205.0, 437.0), // Mygeeto
    (303.0, 497.0), // Ord Mantell
    (134.0, 513.0), // Ilum
    (80.0, 417.0),  // Dantooine
    (453.0, 323.0), // Kashyyyk
    (353.0, 296.0), // Mandalore
    (543.0, 270.0), // Malastare
    (251.0, 313.0), // Dathomir
    (526.0, 498.0), // Coruscant
    (437.0, 443.0), // Alderaan
    (652.0, 444.0), // Corellia
    (555.0, 389.0), // Cato Neimoidia
    (704.0, 264.0), // Naboo
    (723.0, 367.0), // Sullust
    (877.0, 216.0), // Utapau
    (804.0, 294.0), // Dagobah
];

/// System centres on the portrait board, by system index.
const PORTRAIT: [(f32, f32); SYSTEM_COUNT] = [
    (521.0, 166.0), // Mon Calamari
    (418.0, 191.0), // Felucia
    (407.0, 295.0), // Saleucami
    (364.0, 102.0), // Yavin
    (498.0, 356.0), // Kessel
    (504.0, 460.0), // Nal Hutta
    (398.0, 426.0), // Toydaria
    (425.0, 528.0), // Bothawui
    (414.0, 633.0), // Rodia
    (523.0, 864.0), // Ryloth
    (448.0, 792.0), // Geonosis
    (495.0, 698.0), // Tatooine
    (162.0, 835.0), // Bespin
    (242.0, 902.0), // Mustafar
    (144.0, 937.0), // Hoth
    (62.0, 864.0),  // Endor
    (154.0, 199.0), // Mygeeto
    (68.0, 298.0),  // Ord Mantell
    (50.0, 195.0),  // Ilum
    (129.0, 93.0),  // Dantooine
    (260.0, 444.0), // Kashyyyk
    (283.0, 343.0), // Mandalore
    (304.0, 538.0), // Malastare
    (265.0, 241.0), // Dathomir
    (75.0, 516.0),  // Coruscant
    (147.0, 441.0), // Alderaan
    (102.0, 628.0), // Corellia
    (198.0, 573.0), // Cato Neimoidia
    (326.0, 706.0), // Naboo
    (213.0, 725.0), // Sullust
    (361.0, 875.0), // Utapau
    (284.0, 802.0), // Dagobah
];

/// Where each region's label goes on the landscape board (a clear spot inside its outline).
const LANDSCAPE_REGION_LABELS: [(f32, f32); REGION_COUNT as usize] = [
    (112.0, 100.0),
    (398.0, 46.0),
    (818.0, 38.0),
    (952.0, 386.0),
    (86.0, 492.0),
    (412.0, 256.0),
    (578.0, 510.0),
    (828.0, 198.0),
];

/// Where each region's label goes on the portrait board.
const PORTRAIT_REGION_LABELS: [(f32, f32); REGION_COUNT as usize] = [
    (418.0, 90.0),
    (532.0, 396.0),
    (546.0, 816.0),
    (118.0, 888.0),
    (78.0, 108.0),
    (232.0, 352.0),
    (60.0, 590.0),
    (382.0, 826.0),
];

/// Systems whose name sits above the circle on the landscape board (below for the rest).
const LANDSCAPE_LABELS_ABOVE: &[SystemId] = &[
    MON_CALAMARI,
    SALEUCAMI,
    KESSEL,
    NAL_HUTTA,
    BOTHAWUI,
    GEONOSIS,
    TATOOINE,
    BESPIN,
    MUSTAFAR,
    NABOO,
];

/// Systems whose name sits above the circle on the portrait board (below for the rest).
const PORTRAIT_LABELS_ABOVE: &[SystemId] = &[
    MON_CALAMARI,
    YAVIN,
    KESSEL,
    TOYDARIA,
    BOTHAWUI,
    TATOOINE,
    ILUM,
    DANTOOINE,
    DATHOMIR,
    ALDERAAN,
    NABOO,
];

/// The centre of a system's circle.
pub fn position(system: SystemId, o: Orientation) -> (f32, f32) {
    match o {
        Orientation::Landscape => LANDSCAPE[system.index()],
        Orientation::Portrait => PORTRAIT[system.index()],
    }
}

/// Whether a system's name goes above its circle (else below), where it meets fewer routes.
pub fn label_above(system: SystemId, o: Orientation) -> bool {
    match o {
        Orientation::Landscape => LANDSCAPE_LABELS_ABOVE.contains(&system),
        Orientation::Portrait => PORTRAIT_LABELS_ABOVE.contains(&system),
    }
}

/// The anchor of a system's name: horizontal centre and text baseline
/// (`text-anchor="middle"`, font size [`LABEL_SIZE`]), just below or above the circle.
/// Some routes still pass under a name: a halo in the background colour
/// (`stroke` + `paint-order="stroke"`) keeps it readable.
pub fn label_position(system: SystemId, o: Orientation) -> (f32, f32) {
    let (x, y) = position(system, o);
    if label_above(system, o) {
        (x, y - SYSTEM_RADIUS - 6.0)
    } else {
        (x, y + SYSTEM_RADIUS + LABEL_SIZE + 1.0)
    }
}

/// A generous box around a system's name as drawn at [`label_position`].
pub fn label_box(system: SystemId, o: Orientation) -> Rect {
    let (x, baseline) = label_position(system, o);
    let w = system.name().chars().count() as f32 * LABEL_SIZE * 0.56;
    Rect {
        x: x - w / 2.0,
        y: baseline - LABEL_SIZE,
        w,
        h: LABEL_SIZE * 1.3,
    }
}

/// Every route once, as `(a, b)` with `a < b`, read from the engine's adjacency.
pub fn routes() -> Vec<(SystemId, SystemId)> {
    SystemId::ALL
        .iter()
        .flat_map(|&a| {
            systems_in(ADJACENT[a.index()])
                .filter(move |&b| a < b)
                .map(move |b| (a, b))
        })
        .collect()
}

/// The systems of a region, in index order.
pub fn region_systems(region: u8) -> impl Iterator<Item = SystemId> {
    SystemId::ALL
        .into_iter()
        .filter(move |s| s.region() == region)
}

/// The mean of a region's system centres.
pub fn region_centroid(region: u8, o: Orientation) -> (f32, f32) {
    let (mut x, mut y, mut n) = (0.0, 0.0, 0.0);
    for s in region_systems(region) {
        let p = position(s, o);
        x += p.0;
        y += p.1;
        n += 1.0;
    }
    (x / n, y / n)
}

/// The convex hull of a region's system centres. The region is drawn as this polygon grown by
/// [`REGION_MARGIN`] with rounded corners (as [`region_outline`] computes it for the tests),
/// which is the polygon stroked [`REGION_MARGIN`] × 2 wide with round joins: the browser
/// rounds the corners, so the page's wasm carries no trigonometry.
pub fn region_hull(region: u8, o: Orientation) -> Vec<(f32, f32)> {
    convex_hull(region_systems(region).map(|s| position(s, o)).collect())
}

/// The outline of a region as drawn: [`region_hull`] grown by [`REGION_MARGIN`], as a closed
/// polygon (first point not repeated) with rounded corners.
#[cfg(test)]
pub fn region_outline(region: u8, o: Orientation) -> Vec<(f32, f32)> {
    inflate(&region_hull(region, o), REGION_MARGIN)
}

/// A clear spot inside a region's outline for its label. The research gives the regions no
/// names, so a number or a small mark is what fits there.
pub fn region_label(region: u8, o: Orientation) -> (f32, f32) {
    match o {
        Orientation::Landscape => LANDSCAPE_REGION_LABELS[region as usize],
        Orientation::Portrait => PORTRAIT_REGION_LABELS[region as usize],
    }
}

/// The Rebel Base space: a box for the units and leaders at the base, below the galaxy.
pub fn rebel_base_box(o: Orientation) -> Rect {
    match o {
        Orientation::Landscape => Rect {
            x: 12.0,
            y: 574.0,
            w: 240.0,
            h: 58.0,
        },
        Orientation::Portrait => Rect {
            x: 12.0,
            y: 998.0,
            w: 556.0,
            h: 58.0,
        },
    }
}

/// The size of a unit's drawing on the galaxy.
pub const UNIT_SIZE: f32 = 19.0;
/// The distance between the centres of two stacks of units.
const STACK_STEP: f32 = 21.0;
/// The stacks in a system: a 3 x 3 grid over its circle, the middle row first, the middle of
/// each row first (so one or two stacks sit in the middle).
const STACK_SLOTS: [(f32, f32); 9] = [
    (0.0, 0.0),
    (-1.0, 0.0),
    (1.0, 0.0),
    (0.0, -1.0),
    (-1.0, -1.0),
    (1.0, -1.0),
    (0.0, 1.0),
    (-1.0, 1.0),
    (1.0, 1.0),
];
/// How many stacks a place shows (the Rebel Base space: two rows of six).
pub fn stack_slots(place: Place) -> usize {
    match place {
        Place::System(_) => STACK_SLOTS.len(),
        Place::RebelBase => 12,
    }
}

/// The centre of the drawing of the stack in `slot` (`0..stack_slots(place)`) at `place`.
pub fn stack_position(place: Place, o: Orientation, slot: usize) -> (f32, f32) {
    match place {
        Place::System(s) => {
            let (x, y) = position(s, o);
            let (dx, dy) = STACK_SLOTS[slot.min(STACK_SLOTS.len() - 1)];
            (x + dx * STACK_STEP, y + dy * STACK_STEP)
        }
        Place::RebelBase => {
            let b = rebel_base_box(o);
            let (col, row) = (slot % 6, slot / 6);
            (
                b.x + 100.0 + col as f32 * STACK_STEP,
                b.y + 17.0 + row.min(1) as f32 * 24.0,
            )
        }
    }
}

/// A chip of a dense galaxy (a side's units or leaders counted), width and height.
pub const CHIP_SIZE: (f32, f32) = (34.0, 30.0);

/// The centre of the `i`-th of `n` unit chips (one per side present) at `place`: side by
/// side across the system's circle (in the Rebel Base space, where its stacks go).
pub fn chip_position(place: Place, o: Orientation, i: usize, n: usize) -> (f32, f32) {
    let offset = if n > 1 {
        (i as f32 - 0.5) * (CHIP_SIZE.0 + 2.0)
    } else {
        0.0
    };
    match place {
        Place::System(s) => {
            let (x, y) = position(s, o);
            (x + offset, y)
        }
        Place::RebelBase => {
            let b = rebel_base_box(o);
            (b.x + 140.0 + offset, b.y + b.h / 2.0)
        }
    }
}

/// A place's touch area, beyond its drawing: a circle of half the systems' least spacing (so
/// that two never overlap), and for the Rebel Base space a box taller than the space itself
/// (over the time track below it, which is not touched).
pub const HIT_RADIUS: f32 = MIN_SPACING / 2.0;
const _: () = assert!(2.0 * HIT_RADIUS <= MIN_SPACING);

pub fn rebel_base_hit(o: Orientation) -> Rect {
    let b = rebel_base_box(o);
    let (top, bottom) = match o {
        Orientation::Landscape => (b.y - 20.0, VIEW_BOX.1),
        Orientation::Portrait => (b.y - 8.0, PORTRAIT_VIEW_BOX.1),
    };
    Rect {
        x: b.x,
        y: top,
        w: b.w,
        h: bottom - top,
    }
}

/// The radius of a leader's token on the galaxy.
pub const LEADER_RADIUS: f32 = 9.5;

/// The centre of the `i`-th leader's token at `place`: in a row beside the circle, on the
/// side away from the system's name (in the Rebel Base space, under its label).
pub fn leader_position(place: Place, o: Orientation, i: usize) -> (f32, f32) {
    let step = LEADER_RADIUS * 2.0 + 2.0;
    match place {
        Place::System(s) => {
            let (x, y) = position(s, o);
            let dy = SYSTEM_RADIUS + LEADER_RADIUS + 3.0;
            let y = if label_above(s, o) { y + dy } else { y - dy };
            // Centred: one, two or three leaders in a row, then further out.
            let offset = (i as f32 - 1.0) * step;
            (x + offset, y)
        }
        Place::RebelBase => {
            let b = rebel_base_box(o);
            (b.x + 14.0 + i as f32 * step, b.y + b.h - 14.0)
        }
    }
}

/// One space of the time track (time and reputation markers share it), numbered
/// `1..=TIME_TRACK_LENGTH` from left to right. Panics on another number.
pub fn time_track_space(space: u8, o: Orientation) -> Rect {
    assert!(
        (1..=TIME_TRACK_LENGTH).contains(&space),
        "time space {space}"
    );
    let i = f32::from(space - 1);
    match o {
        Orientation::Landscape => Rect {
            x: 268.0 + i * 45.0,
            y: 584.0,
            w: 42.0,
            h: 42.0,
        },
        Orientation::Portrait => Rect {
            x: 13.0 + i * 34.8,
            y: 1066.0,
            w: 32.0,
            h: 32.0,
        },
    }
}

/// The box around the whole time track.
pub fn time_track_box(o: Orientation) -> Rect {
    let first = time_track_space(1, o);
    let last = time_track_space(TIME_TRACK_LENGTH, o);
    Rect {
        x: first.x,
        y: first.y,
        w: last.x + last.w - first.x,
        h: last.y + last.h - first.y,
    }
}

fn cross(o: (f32, f32), a: (f32, f32), b: (f32, f32)) -> f32 {
    (a.0 - o.0) * (b.1 - o.1) - (a.1 - o.1) * (b.0 - o.0)
}

/// Andrew's monotone chain: the hull turning the way of a positive [`cross`], collinear
/// points dropped.
fn convex_hull(mut points: Vec<(f32, f32)>) -> Vec<(f32, f32)> {
    points.sort_by(|a, b| a.partial_cmp(b).expect("finite coordinates"));
    points.dedup();
    if points.len() < 3 {
        return points;
    }
    let mut hull: Vec<(f32, f32)> = Vec::with_capacity(2 * points.len());
    let forward = points.iter();
    let backward = points.iter().rev();
    for chain in [forward.collect::<Vec<_>>(), backward.collect()] {
        let start = hull.len();
        for &p in chain {
            while hull.len() >= start + 2
                && cross(hull[hull.len() - 2], hull[hull.len() - 1], p) <= 0.0
            {
                hull.pop();
            }
            hull.push(p);
        }
        hull.pop();
    }
    hull
}

/// The polygon `margin` outside a convex hull, its corners rounded in steps of at most 15°.
#[cfg(test)]
fn inflate(hull: &[(f32, f32)], margin: f32) -> Vec<(f32, f32)> {
    use std::f32::consts::{PI, TAU};
    let n = hull.len();
    let mut out = Vec::new();
    if n == 1 {
        let (x, y) = hull[0];
        for k in 0..24 {
            let a = k as f32 * TAU / 24.0;
            out.push((x + margin * a.cos(), y + margin * a.sin()));
        }
        return out;
    }
    // The outward normal of an edge a → b of a hull that turns like a positive `cross`.
    let normal = |a: (f32, f32), b: (f32, f32)| (a.0 - b.0).atan2(b.1 - a.1);
    for i in 0..n {
        let prev = hull[(i + n - 1) % n];
        let cur = hull[i];
        let next = hull[(i + 1) % n];
        let a0 = normal(prev, cur);
        let sweep = (normal(cur, next) - a0).rem_euclid(TAU);
        let steps = (sweep / (PI / 12.0)).ceil().max(1.0) as usize;
        for k in 0..=steps {
            let a = a0 + sweep * k as f32 / steps as f32;
            out.push((cur.0 + margin * a.cos(), cur.1 + margin * a.sin()));
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The least gap between two region outlines, as measured.
    const MIN_REGION_GAP: f32 = 8.0;

    fn dist(a: (f32, f32), b: (f32, f32)) -> f32 {
        ((a.0 - b.0).powi(2) + (a.1 - b.1).powi(2)).sqrt()
    }

    /// Whether the open segments ab and cd cross (touching at an end does not count).
    fn segments_cross(a: (f32, f32), b: (f32, f32), c: (f32, f32), d: (f32, f32)) -> bool {
        let d1 = cross(a, b, c);
        let d2 = cross(a, b, d);
        let d3 = cross(c, d, a);
        let d4 = cross(c, d, b);
        d1 * d2 < 0.0 && d3 * d4 < 0.0
    }

    fn point_segment_distance(p: (f32, f32), a: (f32, f32), b: (f32, f32)) -> f32 {
        let (dx, dy) = (b.0 - a.0, b.1 - a.1);
        let t = (((p.0 - a.0) * dx + (p.1 - a.1) * dy) / (dx * dx + dy * dy)).clamp(0.0, 1.0);
        dist(p, (a.0 + t * dx, a.1 + t * dy))
    }

    fn inside_polygon(p: (f32, f32), poly: &[(f32, f32)]) -> bool {
        let mut inside = false;
        let mut j = poly.len() - 1;
        for i in 0..poly.len() {
            let (a, b) = (poly[i], poly[j]);
            if (a.1 > p.1) != (b.1 > p.1) && p.0 < (b.0 - a.0) * (p.1 - a.1) / (b.1 - a.1) + a.0 {
                inside = !inside;
            }
            j = i;
        }
        inside
    }

    fn circle_box(s: SystemId, o: Orientation) -> Rect {
        let (x, y) = position(s, o);
        Rect {
            x: x - SYSTEM_RADIUS,
            y: y - SYSTEM_RADIUS,
            w: 2.0 * SYSTEM_RADIUS,
            h: 2.0 * SYSTEM_RADIUS,
        }
    }

    fn crossings(o: Orientation) -> Vec<String> {
        let routes = routes();
        let mut found = Vec::new();
        for (i, &(a, b)) in routes.iter().enumerate() {
            for &(c, d) in &routes[i + 1..] {
                if [c, d].contains(&a) || [c, d].contains(&b) {
                    continue;
                }
                let p = |s| position(s, o);
                if segments_cross(p(a), p(b), p(c), p(d)) {
                    found.push(format!(
                        "{}–{} × {}–{}",
                        a.name(),
                        b.name(),
                        c.name(),
                        d.name()
                    ));
                }
            }
        }
        found
    }

    #[test]
    fn seventy_routes_each_once_all_adjacent() {
        let routes = routes();
        assert_eq!(routes.len(), 70);
        for (i, &(a, b)) in routes.iter().enumerate() {
            assert!(a < b);
            assert!(a.is_adjacent(b) && b.is_adjacent(a));
            assert!(!routes[i + 1..].contains(&(a, b)));
        }
        for a in SystemId::ALL {
            for b in a.neighbours() {
                assert!(routes.contains(&(a.min(b), a.max(b))));
            }
        }
    }

    #[test]
    fn systems_inside_the_view_box() {
        for o in Orientation::BOTH {
            let (w, h) = o.view_box();
            let margin = SYSTEM_RADIUS + 8.0;
            for s in SystemId::ALL {
                let (x, y) = position(s, o);
                assert!(
                    x >= margin && x <= w - margin && y >= margin && y <= h - margin,
                    "{o:?} {} at {x},{y}",
                    s.name()
                );
                let l = label_box(s, o);
                assert!(
                    l.x >= 2.0 && l.x + l.w <= w - 2.0 && l.y >= 2.0 && l.y + l.h <= h - 2.0,
                    "{o:?} label of {}",
                    s.name()
                );
            }
        }
    }

    #[test]
    fn systems_far_enough_apart() {
        for o in Orientation::BOTH {
            let mut closest = f32::MAX;
            for a in SystemId::ALL {
                for b in SystemId::ALL.into_iter().filter(|&b| a < b) {
                    let d = dist(position(a, o), position(b, o));
                    assert!(d >= MIN_SPACING, "{o:?} {} {} {d}", a.name(), b.name());
                    closest = closest.min(d);
                }
            }
            println!("{o:?}: closest systems {closest:.1} apart");
        }
    }

    #[test]
    fn labels_clear_of_circles_and_other_labels() {
        for o in Orientation::BOTH {
            for a in SystemId::ALL {
                let la = label_box(a, o);
                for b in SystemId::ALL.into_iter().filter(|&b| b != a) {
                    assert!(
                        !la.intersects(circle_box(b, o)),
                        "{o:?}: label {} on {}",
                        a.name(),
                        b.name()
                    );
                    assert!(
                        !la.intersects(label_box(b, o)),
                        "{o:?}: labels {} and {}",
                        a.name(),
                        b.name()
                    );
                }
            }
        }
    }

    #[test]
    fn regions_hold_together() {
        for o in Orientation::BOTH {
            let centroids: Vec<_> = (0..REGION_COUNT).map(|r| region_centroid(r, o)).collect();
            for s in SystemId::ALL {
                let p = position(s, o);
                let own = dist(p, centroids[s.region() as usize]);
                for (r, &c) in centroids.iter().enumerate() {
                    if r != s.region() as usize {
                        assert!(own < dist(p, c), "{o:?}: {} nearer region {r}", s.name());
                    }
                }
            }
        }
    }

    #[test]
    fn region_outlines_keep_out_other_systems() {
        for o in Orientation::BOTH {
            let (w, h) = o.view_box();
            for r in 0..REGION_COUNT {
                let outline = region_outline(r, o);
                for &(x, y) in &outline {
                    assert!(x >= 0.0 && x <= w && y >= 0.0 && y <= h, "{o:?} region {r}");
                }
                for s in SystemId::ALL.into_iter().filter(|s| s.region() != r) {
                    let p = position(s, o);
                    assert!(
                        !inside_polygon(p, &outline),
                        "{o:?}: {} in region {r}",
                        s.name()
                    );
                }
                let label = region_label(r, o);
                assert!(
                    inside_polygon(label, &outline),
                    "{o:?}: label of region {r}"
                );
            }
        }
    }

    #[test]
    fn region_labels_in_clear_space() {
        for o in Orientation::BOTH {
            for r in 0..REGION_COUNT {
                let p = region_label(r, o);
                for s in SystemId::ALL {
                    assert!(dist(p, position(s, o)) >= SYSTEM_RADIUS + 16.0, "{o:?} {r}");
                    let l = label_box(s, o);
                    let dx = (l.x - p.0).max(p.0 - l.x - l.w).max(0.0);
                    let dy = (l.y - p.1).max(p.1 - l.y - l.h).max(0.0);
                    assert!(
                        dx.hypot(dy) >= 16.0,
                        "{o:?}: region {r} label on {}",
                        s.name()
                    );
                }
                for (a, b) in routes() {
                    let d = point_segment_distance(p, position(a, o), position(b, o));
                    assert!(d >= 16.0, "{o:?}: region {r} label on a route");
                }
                for q in (0..REGION_COUNT).filter(|&q| q != r) {
                    assert!(
                        !inside_polygon(p, &region_outline(q, o)),
                        "{o:?} {r} in {q}"
                    );
                }
            }
        }
    }

    /// The gap between two regions' outlines: the distance between the hulls of their
    /// centres (vertex to edge, both ways, as the hulls are convex) less both margins.
    fn outline_gap(r: u8, q: u8, o: Orientation) -> f32 {
        let hull = |r| convex_hull(region_systems(r).map(|s| position(s, o)).collect());
        let (a, b) = (hull(r), hull(q));
        let mut closest = f32::MAX;
        for (p, poly) in [(&a, &b), (&b, &a)] {
            for &v in p.iter() {
                if inside_polygon(v, poly) {
                    return -2.0 * REGION_MARGIN;
                }
                for i in 0..poly.len() {
                    let d = point_segment_distance(v, poly[i], poly[(i + 1) % poly.len()]);
                    closest = closest.min(d);
                }
            }
        }
        closest - 2.0 * REGION_MARGIN
    }

    #[test]
    fn region_outlines_apart() {
        for o in Orientation::BOTH {
            let mut smallest = f32::MAX;
            for r in 0..REGION_COUNT {
                for q in r + 1..REGION_COUNT {
                    let gap = outline_gap(r, q, o);
                    assert!(gap >= MIN_REGION_GAP, "{o:?}: regions {r} and {q} {gap}");
                    smallest = smallest.min(gap);
                }
            }
            println!("{o:?}: region outlines at least {smallest:.1} apart");
        }
    }

    #[test]
    fn routes_cross_rarely_and_miss_other_systems() {
        for o in Orientation::BOTH {
            // Measured: one crossing, Felucia–Dathomir (the route only one source has) over
            // Yavin–Mandalore. Removing it would take Yavin off the board's outer edge: with
            // straight routes, Yavin, Felucia, Dathomir and Mandalore (all linked to each other)
            // cross unless one of them sits inside the triangle of the other three.
            let found = crossings(o);
            println!("{o:?}: {} crossings {found:?}", found.len());
            assert_eq!(found, ["Felucia–Dathomir × Yavin–Mandalore"], "{o:?}");
            let mut closest = f32::MAX;
            for (a, b) in routes() {
                for s in SystemId::ALL.into_iter().filter(|&s| s != a && s != b) {
                    let d = point_segment_distance(position(s, o), position(a, o), position(b, o));
                    assert!(
                        d >= SYSTEM_RADIUS + 12.0,
                        "{o:?}: {}–{} passes {d} from {}",
                        a.name(),
                        b.name(),
                        s.name()
                    );
                    closest = closest.min(d);
                }
            }
            println!("{o:?}: routes pass other systems' centres at {closest:.1} or more");
        }
    }

    #[test]
    fn off_map_boxes_clear_of_the_galaxy() {
        for o in Orientation::BOTH {
            let (w, h) = o.view_box();
            let base = rebel_base_box(o);
            let track = time_track_box(o);
            for b in [base, track] {
                assert!(b.x >= 0.0 && b.y >= 0.0 && b.x + b.w <= w && b.y + b.h <= h);
            }
            assert!(!base.intersects(track));
            for s in SystemId::ALL {
                for b in [base, track] {
                    assert!(!b.intersects(circle_box(s, o)), "{o:?} {}", s.name());
                    assert!(!b.intersects(label_box(s, o)), "{o:?} {}", s.name());
                }
            }
            for r in 0..REGION_COUNT {
                for p in region_outline(r, o) {
                    assert!(!base.contains(p) && !track.contains(p), "{o:?} region {r}");
                }
            }
            for t in 1..TIME_TRACK_LENGTH {
                assert!(!time_track_space(t, o).intersects(time_track_space(t + 1, o)));
            }
        }
    }

    /// The touch areas: systems' circles never overlap (their centres are at least twice the
    /// radius apart); the Rebel Base space's box holds no system's circle and stays in the
    /// view box; chips fit inside their system's circle.
    #[test]
    fn touch_areas_apart() {
        for o in Orientation::BOTH {
            let (w, h) = o.view_box();
            let hit = rebel_base_hit(o);
            assert!(hit.x >= 0.0 && hit.y >= 0.0 && hit.x + hit.w <= w && hit.y + hit.h <= h);
            assert!(
                hit.h >= 80.0,
                "{o:?}: the base's touch area is {} high",
                hit.h
            );
            for s in SystemId::ALL {
                let (x, y) = position(s, o);
                let nearest_x = x.clamp(hit.x, hit.x + hit.w);
                let nearest_y = y.clamp(hit.y, hit.y + hit.h);
                let d = ((x - nearest_x).powi(2) + (y - nearest_y).powi(2)).sqrt();
                assert!(d >= SYSTEM_RADIUS, "{o:?} {}: {d}", s.name());
                for n in 1..=2 {
                    for i in 0..n {
                        let (cx, cy) = chip_position(Place::System(s), o, i, n);
                        let far = ((cx - x).abs() + CHIP_SIZE.0 / 2.0)
                            .hypot((cy - y).abs() + CHIP_SIZE.1 / 2.0);
                        assert!(
                            far <= SYSTEM_RADIUS * 1.6,
                            "{o:?} {} chip {i}/{n}",
                            s.name()
                        );
                    }
                }
            }
        }
    }
}
