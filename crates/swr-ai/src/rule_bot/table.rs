//! The board as the rule-based player reads it from its view: units by place, leaders, the
//! base as far as it is known, distances, and a quick estimate of how a fight would go.

use super::inline_vec::InlineVec;
use crate::knowledge::base_candidate_mask;
use std::cmp::Ordering;
use std::sync::LazyLock;
use swr_engine::data::leaders::{LeaderValues, LEADER_COUNT};
use swr_engine::data::systems::{systems_in, SYSTEM_COUNT};
use swr_engine::data::units::{Health, UNIT_KINDS};
use swr_engine::view::{BaseView, LeaderSpot};
use swr_engine::{
    LeaderId, Loyalty, Place, PlayerView, Ring, Side, Skill, SystemId, Theater, UnitKind,
};

pub(crate) const PLACES: usize = SYSTEM_COUNT + 1;
pub(crate) const BASE_SPACE: usize = SYSTEM_COUNT;

/// What a unit is worth to its owner, roughly its cost and strength.
pub(crate) fn unit_value(kind: UnitKind) -> f64 {
    use UnitKind::*;
    match kind {
        TieFighter => 1.0,
        AssaultCarrier => 3.0,
        StarDestroyer => 6.0,
        SuperStarDestroyer => 10.0,
        DeathStar => 14.0,
        DeathStarUnderConstruction => 6.0,
        Stormtrooper => 1.0,
        AtSt => 2.5,
        AtAt => 4.0,
        XWing => 1.5,
        YWing => 1.5,
        RebelTransport => 2.0,
        CorellianCorvette => 3.0,
        MonCalamariCruiser => 6.0,
        RebelTrooper => 1.0,
        Airspeeder => 2.5,
        ShieldGenerator => 3.0,
        IonCannon => 3.0,
    }
}

pub(crate) fn health(kind: UnitKind) -> Option<(bool, u8)> {
    match kind.info().health {
        Health::Red(h) => Some((true, h)),
        Health::Black(h) => Some((false, h)),
        Health::None => None,
    }
}

/// Units of one side in one place, one entry per unit.
pub(crate) type Units = InlineVec<UnitKind, 32>;

/// Leaders, at most every one.
pub(crate) type Leaders = InlineVec<LeaderId, LEADER_COUNT>;

pub(crate) struct Table<'a> {
    pub v: &'a PlayerView,
    pub me: Side,
    pub them: Side,
    /// Units by place (systems, then the Rebel Base space) and kind.
    pub units: [[u8; UNIT_KINDS]; PLACES],
    /// Systems where the base may be (the Empire's deduction; for the Rebel, what the Empire
    /// can deduce from public information).
    pub candidates: u32,
    /// The base's system when the viewer knows it.
    pub base: Option<SystemId>,
    pub base_revealed: bool,
    /// Leaders in each side's pool, as bits by position in the view's leaders.
    pool: [u32; 2],
    /// Leaders standing at each place (captives included), as bits by position.
    standing: [u32; PLACES],
    /// Places where a free leader of each side stands, as bits by place index.
    pinned: [u64; 2],
}

impl<'a> Table<'a> {
    pub fn new(v: &'a PlayerView) -> Table<'a> {
        let mut units = [[0u8; UNIT_KINDS]; PLACES];
        for (i, s) in v.systems.iter().enumerate() {
            units[i] = s.units;
        }
        units[BASE_SPACE] = v.rebel_base_space;
        let (base, base_revealed) = match v.base {
            BaseView::Secret(s) => (Some(s), false),
            BaseView::Revealed(s) => (Some(s), true),
            _ => (None, false),
        };
        let mut pool = [0u32; 2];
        let mut standing = [0u32; PLACES];
        let mut pinned = [0u64; 2];
        for (i, l) in v.leaders.iter().enumerate() {
            match l.spot {
                LeaderSpot::Pool => pool[l.controller.index()] |= 1 << i,
                LeaderSpot::Board(place) => {
                    standing[place.index()] |= 1 << i;
                    if !matches!(l.ring, Some(Ring::Captured | Ring::Carbonite)) {
                        pinned[l.controller.index()] |= 1 << place.index();
                    }
                }
                _ => {}
            }
        }
        Table {
            v,
            me: v.viewer,
            them: v.viewer.other(),
            units,
            candidates: base_candidate_mask(v),
            base,
            base_revealed,
            pool,
            standing,
            pinned,
        }
    }

    /// The leaders at the positions set in `bits`, in the view's order.
    fn leaders_in(&self, mut bits: u32) -> impl Iterator<Item = LeaderId> + '_ {
        std::iter::from_fn(move || {
            if bits == 0 {
                return None;
            }
            let i = bits.trailing_zeros() as usize;
            bits &= bits - 1;
            Some(self.v.leaders[i].leader)
        })
    }

    pub fn count(&self, place: Place, kind: UnitKind) -> u8 {
        self.units[place.index()][kind.index()]
    }

    pub fn has(&self, place: Place, side: Side) -> bool {
        UnitKind::of(side)
            .iter()
            .any(|k| self.units[place.index()][k.index()] > 0)
    }

    pub fn has_theater(&self, place: Place, side: Side, theater: Theater) -> bool {
        UnitKind::of(side)
            .iter()
            .any(|k| k.theater() == theater && self.units[place.index()][k.index()] > 0)
    }

    /// Units of `side` at `place`, one entry per unit.
    pub fn army(&self, place: Place, side: Side, theater: Option<Theater>) -> Units {
        let mut out = Units::new();
        for &k in UnitKind::of(side) {
            if theater.is_some_and(|t| k.theater() != t) {
                continue;
            }
            for _ in 0..self.units[place.index()][k.index()] {
                out.push(k);
            }
        }
        out
    }

    pub fn value_at(&self, place: Place, side: Side) -> f64 {
        UnitKind::of(side)
            .iter()
            .map(|k| self.units[place.index()][k.index()] as f64 * unit_value(*k))
            .sum()
    }

    pub fn loyalty(&self, s: SystemId) -> Option<Loyalty> {
        self.v.systems[s.index()].markers.loyalty
    }

    pub fn subjugated(&self, s: SystemId) -> bool {
        self.v.systems[s.index()].markers.subjugated
    }

    pub fn sabotaged(&self, s: SystemId) -> bool {
        self.v.systems[s.index()].markers.sabotaged
    }

    pub fn destroyed(&self, s: SystemId) -> bool {
        self.v.systems[s.index()].markers.destroyed
    }

    pub fn populous(&self, s: SystemId) -> bool {
        !s.is_remote() && !self.destroyed(s)
    }

    pub fn imperial_system(&self, s: SystemId) -> bool {
        self.loyalty(s) == Some(Loyalty::Empire) || self.subjugated(s)
    }

    pub fn rebel_system(&self, s: SystemId) -> bool {
        self.loyalty(s) == Some(Loyalty::Rebel) && !self.subjugated(s)
    }

    pub fn leader_state(&self, l: LeaderId) -> &swr_engine::view::LeaderView {
        &self.v.leaders[l.index()]
    }

    pub fn values(&self, l: LeaderId) -> LeaderValues {
        l.values(self.leader_state(l).jedi)
    }

    pub fn skill(&self, l: LeaderId, skill: Skill) -> u8 {
        self.values(l).skills[skill as usize]
    }

    pub fn captive(&self, l: LeaderId) -> bool {
        self.leader_state(l)
            .ring
            .is_some_and(|r| matches!(r, Ring::Captured | Ring::Carbonite))
    }

    /// Leaders in `side`'s pool.
    pub fn pool(&self, side: Side) -> impl Iterator<Item = LeaderId> + '_ {
        self.leaders_in(self.pool[side.index()])
    }

    /// Leaders standing at `place` (captives included).
    pub fn leaders_at(&self, place: Place) -> impl Iterator<Item = LeaderId> + '_ {
        self.leaders_in(self.standing[place.index()])
    }

    /// A free leader of `side` stands at `place` (it keeps that side's units there).
    pub fn pinned(&self, place: Place, side: Side) -> bool {
        self.pinned[side.index()] & 1 << place.index() != 0
    }

    /// The base's system if the viewer knows it: revealed, the Rebel's own secret, or the
    /// Empire's last remaining candidate.
    pub fn known_base(&self) -> Option<SystemId> {
        if self.base.is_some() {
            return self.base;
        }
        if self.candidates.count_ones() == 1 {
            return systems_in(self.candidates).next();
        }
        None
    }

    /// Rebel units that would stand in `s` if the Empire found the base there: those in the
    /// system, plus those in the Rebel Base space when `s` is the known hidden base.
    pub fn defenders(&self, s: SystemId, theater: Theater) -> Units {
        let mut v = self.army(Place::System(s), Side::Rebel, Some(theater));
        if !self.base_revealed && self.known_base() == Some(s) {
            v.extend(self.army(Place::RebelBase, Side::Rebel, Some(theater)));
        }
        v
    }

    /// The Empire holds Superlaser Online (in hand or face down).
    pub fn superlaser_ready(&self) -> bool {
        let m = swr_engine::Mission::SuperlaserOnline;
        self.me == Side::Empire
            && (self.v.own.missions.contains(&m)
                || self.v.own.assigned.iter().any(|(a, _)| *a == m))
    }

    /// Rounds left before the time marker reaches the reputation marker.
    pub fn rounds_left(&self) -> i32 {
        self.v.reputation as i32 - self.v.time as i32
    }

    /// Number of base candidates.
    pub fn candidate_count(&self) -> u32 {
        self.candidates.count_ones()
    }

    pub fn is_candidate(&self, s: SystemId) -> bool {
        self.candidates & s.bit() != 0
    }

    /// Graph distance from every system to the nearest system in `from` (255: unreachable).
    pub fn distances(from: u32) -> [u8; SYSTEM_COUNT] {
        swr_engine::data::systems::distances_from(from)
    }

    /// Systems holding units of `side`.
    pub fn presence(&self, side: Side) -> u32 {
        SystemId::ALL
            .into_iter()
            .filter(|s| self.has(Place::System(*s), side))
            .fold(0, |m, s| m | s.bit())
    }
}

/// A side's units in one theatre of a fight: kind and health left.
struct Side3<'a> {
    kinds: &'a [UnitKind],
    hp: InlineVec<f64, 32>,
}

impl<'a> Side3<'a> {
    fn new(kinds: &'a [UnitKind]) -> Self {
        let hp = kinds
            .iter()
            .map(|&k| match health(k) {
                Some((_, h)) => h as f64,
                None => 1e6,
            })
            .collect();
        Side3 { kinds, hp }
    }

    /// (kind, health left) per unit.
    fn units(&self) -> impl Iterator<Item = (UnitKind, f64)> + '_ {
        self.kinds.iter().copied().zip(self.hp.iter().copied())
    }

    fn dice(&self, cut_red: u32) -> (f64, f64) {
        let (mut r, mut b) = (0u32, 0u32);
        for (k, hp) in self.units() {
            if hp > 0.0 {
                r += k.info().red as u32;
                b += k.info().black as u32;
            }
        }
        (r.saturating_sub(cut_red).min(5) as f64, b.min(5) as f64)
    }

    fn value(&self) -> f64 {
        self.units()
            .filter(|(_, hp)| *hp > 0.0)
            .map(|(k, _)| unit_value(k))
            .sum()
    }

    fn alive(&self) -> bool {
        self.hp.iter().any(|hp| *hp > 0.0)
    }

    /// Takes `amount` damage on units whose health colour is accepted, the most valuable per
    /// point of health left first.
    fn take(&mut self, mut amount: f64, accept: impl Fn(bool) -> bool) {
        while amount > 1e-9 {
            // The last of the best, as `Iterator::max_by` would pick.
            let mut best: Option<(usize, f64)> = None;
            for (i, (k, hp)) in self.units().enumerate() {
                if hp > 0.0 && health(k).is_some_and(|(red, _)| accept(red)) {
                    let worth = unit_value(k) / hp;
                    if best.is_none_or(|(_, b)| b.partial_cmp(&worth) != Some(Ordering::Greater)) {
                        best = Some((i, worth));
                    }
                }
            }
            let Some((i, _)) = best else { return };
            let hp = &mut self.hp[i];
            let used = amount.min(*hp);
            *hp -= used;
            if *hp < 1e-6 {
                *hp = 0.0;
            }
            amount -= used;
        }
    }
}

/// The expected outcome of a fight in one theatre.
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct Outcome {
    /// Value each side loses: [first, second].
    pub lost: [f64; 2],
    /// Value each side keeps.
    pub kept: [f64; 2],
}

impl Outcome {
    /// Value the first side gains over the second (its kills minus its losses).
    pub fn margin(&self) -> f64 {
        self.lost[1] - self.lost[0]
    }

    /// The first side is left holding the theatre.
    pub fn first_holds(&self) -> bool {
        self.kept[0] > 0.0 && self.kept[1] <= 0.5
    }
}

/// Expected-value attrition of `a` against `b` over `rounds` rounds (both attack each round;
/// destroyed units still fire in the round they fall). `ion_cannons` cut the Empire's red
/// space dice.
pub(crate) fn fight(a: &[UnitKind], b: &[UnitKind], rounds: u32, ion_cannons: u32) -> Outcome {
    let mut sides = [Side3::new(a), Side3::new(b)];
    let start = [sides[0].value(), sides[1].value()];
    for _ in 0..rounds {
        if !sides[0].alive() || !sides[1].alive() {
            break;
        }
        let mut dice = [(0.0, 0.0); 2];
        for (i, s) in sides.iter().enumerate() {
            let empire_space = s
                .kinds
                .first()
                .is_some_and(|k| k.side() == Side::Empire && k.is_ship());
            let cut = if empire_space { 2 * ion_cannons } else { 0 };
            dice[i] = s.dice(cut);
        }
        for (i, (red, black)) in dice.into_iter().enumerate() {
            let target = &mut sides[1 - i];
            target.take(black / 2.0, |red_health| !red_health);
            target.take(red / 3.0, |red_health| red_health);
            target.take(red / 6.0, |_| true);
        }
    }
    // Units that cannot be hurt at all (the Death Star) keep their value.
    let kept = [sides[0].value(), sides[1].value()];
    Outcome {
        lost: [start[0] - kept[0], start[1] - kept[1]],
        kept,
    }
}

/// Most mission dice a roll counts.
const MAX_MISSION_DICE: usize = 10;
/// A bonus this large beats any roll of the other side (at most 2 successes a die).
const SURE_BONUS: usize = 2 * MAX_MISSION_DICE + 1;

/// [`mission_odds`] for every (own dice, opposing dice, bonus), computed once: the search's
/// playouts ask for it constantly.
type OddsTable = [[[f64; SURE_BONUS + 1]; MAX_MISSION_DICE + 1]; MAX_MISSION_DICE + 1];
static MISSION_ODDS: LazyLock<OddsTable> = LazyLock::new(|| {
    let mut table = [[[0.0; SURE_BONUS + 1]; MAX_MISSION_DICE + 1]; MAX_MISSION_DICE + 1];
    for (a, by_b) in table.iter_mut().enumerate() {
        for (b, by_bonus) in by_b.iter_mut().enumerate() {
            for (bonus, odds) in by_bonus.iter_mut().enumerate() {
                *odds = compute_mission_odds(a as u8, bonus as u8, b as u8);
            }
        }
    }
    table
});

/// Chance that a roll of `a` dice plus `bonus` beats a roll of `b` dice (mission dice: each
/// gives 0 successes on 2 faces, 1 on 3, 2 on 1). With `b` = None nobody opposes.
pub(crate) fn mission_odds(a: u8, bonus: u8, b: Option<u8>) -> f64 {
    let Some(b) = b else { return 1.0 };
    let a = (a as usize).min(MAX_MISSION_DICE);
    let b = (b as usize).min(MAX_MISSION_DICE);
    MISSION_ODDS[a][b][(bonus as usize).min(SURE_BONUS)]
}

fn compute_mission_odds(a: u8, bonus: u8, b: u8) -> f64 {
    let dist = |n: u8| -> Vec<f64> {
        let mut d = vec![1.0];
        for _ in 0..n.min(MAX_MISSION_DICE as u8) {
            let mut next = vec![0.0; d.len() + 2];
            for (s, p) in d.iter().enumerate() {
                next[s] += p * 2.0 / 6.0;
                next[s + 1] += p * 3.0 / 6.0;
                next[s + 2] += p / 6.0;
            }
            d = next;
        }
        d
    };
    let da = dist(a);
    let db = dist(b);
    let mut win = 0.0;
    for (x, pa) in da.iter().enumerate() {
        for (y, pb) in db.iter().enumerate() {
            if x + bonus as usize > y {
                win += pa * pb;
            }
        }
    }
    win
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fights_favour_the_bigger_fleet() {
        use UnitKind::*;
        let big = [StarDestroyer, StarDestroyer, TieFighter, TieFighter];
        let small = [XWing, YWing];
        let o = fight(&big, &small, 3, 0);
        assert!(o.margin() > 0.0 && o.first_holds(), "{o:?}");
        // X-wings cannot hurt Star Destroyers (black dice, red health, no direct hits).
        let o = fight(&[StarDestroyer], &[XWing], 1, 0);
        assert_eq!(o.lost[0], 0.0);
    }

    #[test]
    fn mission_odds_are_sane() {
        assert_eq!(mission_odds(1, 0, None), 1.0);
        let p = mission_odds(1, 0, Some(0));
        assert!((p - 4.0 / 6.0).abs() < 1e-9);
        assert!(mission_odds(3, 0, Some(1)) > mission_odds(1, 0, Some(3)));
    }

    #[test]
    fn mission_odds_table_matches_the_direct_computation() {
        for a in 0..=14 {
            for b in 0..=14 {
                for bonus in 0..=30 {
                    let direct = compute_mission_odds(a, bonus, b);
                    assert_eq!(mission_odds(a, bonus, Some(b)).to_bits(), direct.to_bits());
                }
            }
        }
    }
}
