//! What the rule-based player reads off its view, once per decision: the workers on every
//! planet, the Senate, who leads, which scorings are still to come, and what coins and goods
//! are worth now. Its one measure of a change to the board is the change in the scorings to
//! come, the bot's own points less its rivals' (the strongest rival weighing most).

use super::war::after_war;
use super::weights::Weights;
use egr_engine::data::{GOODS, MAX_SEATS, PLANETS, SENATE_VP};
use egr_engine::{planet_awards, set_value, BoardNumbers, Kind, Planet, PlayerView, Seat};
use egr_engine::{Step, Tech};

/// A change to one planet: workers per seat (of which military), and Sentinels.
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct Change {
    pub workers: [i8; MAX_SEATS],
    pub military: [i8; MAX_SEATS],
    pub sentinels: i8,
}

impl Change {
    pub fn workers(seat: Seat, n: i8, military: bool) -> Change {
        let mut c = Change::default();
        c.workers[seat.index()] = n;
        if military {
            c.military[seat.index()] = n;
        }
        c
    }

    pub fn sentinels(n: i8) -> Change {
        Change {
            sentinels: n,
            ..Change::default()
        }
    }

    pub fn and(mut self, other: Change) -> Change {
        for s in 0..MAX_SEATS {
            self.workers[s] += other.workers[s];
            self.military[s] += other.military[s];
        }
        self.sentinels += other.sentinels;
        self
    }
}

/// Scoring turns (rules §9.2).
const SCORING_TURNS: [u8; 3] = [3, 6, 8];

pub(crate) struct Table<'a> {
    pub view: &'a PlayerView,
    pub w: Weights,
    pub me: Seat,
    pub n: usize,
    pub counts: [[u8; MAX_SEATS]; PLANETS],
    pub military: [[u8; MAX_SEATS]; PLANETS],
    pub sentinels: [u8; PLANETS],
    pub cubes: [u8; MAX_SEATS],
    pub senate: [u8; MAX_SEATS],
    /// How much each seat's gains count against the bot (0 for itself).
    pub rho: [f64; MAX_SEATS],
    /// The rival the bot most wants to hold back.
    pub leader: Seat,
    /// The scorings to come: their weight, and whether it is the last one (after the war).
    scorings: Vec<(f64, bool)>,
    /// Whether "any three" goods must be different (a ruling the view does not name: read
    /// from the trade income it shows).
    pub distinct: bool,
    /// Victory Points per coin now.
    pub coin: f64,
    /// Income phases still to come, this turn's included.
    pub incomes_left: u8,
    /// Technology phases still to come, this turn's included.
    pub tech_phases_left: u8,
    /// Later turns a worker received now will be placed in.
    pub turns_after: u8,
    /// The view does not carry the board numbers: the provisional ones are the best guess
    /// (for the 20th Covert Mission card).
    pub numbers: BoardNumbers,
    base: [f64; PLANETS],
    senate_base: f64,
}

impl<'a> Table<'a> {
    pub fn read(view: &'a PlayerView, w: Weights) -> Table<'a> {
        let me = view.viewer;
        let n = view.players as usize;
        let turn = view.turn.max(1);
        let mut counts = [[0u8; MAX_SEATS]; PLANETS];
        let mut military = [[0u8; MAX_SEATS]; PLANETS];
        let mut sentinels = [0u8; PLANETS];
        for (i, p) in view.planets.iter().enumerate() {
            sentinels[i] = p.sentinels;
            for (s, pieces) in p.workers.iter().enumerate() {
                counts[i][s] = pieces.iter().sum();
                military[i][s] = pieces[Kind::Trooper.index()] + pieces[Kind::Hero.index()];
            }
        }
        let mut cubes = [0u8; MAX_SEATS];
        let mut senate = [0u8; MAX_SEATS];
        for s in &view.seats {
            cubes[s.seat.index()] = s.cubes;
            senate[s.seat.index()] = s.senate_points;
        }
        let ahead: Vec<u8> = SCORING_TURNS.into_iter().filter(|&s| s >= turn).collect();
        let scorings = ahead
            .iter()
            .enumerate()
            .map(|(k, &s)| (w.discount.powi(k as i32), s == 8))
            .collect();
        // Where the turn is (a question is asked while the step already names what comes
        // after it: a Covert Mission question under `Research`, a Senate bid under `Income`).
        let research_ahead = matches!(
            view.step,
            Step::Setup
                | Step::Placing { .. }
                | Step::Initiative
                | Step::Influence { .. }
                | Step::Trade { .. }
                | Step::Covert
                | Step::Research { .. }
        );
        let income_ahead = research_ahead
            || matches!(
                view.step,
                Step::Warfare { .. } | Step::Specialists { .. } | Step::Senate | Step::Income
            );
        let techs_ahead = income_ahead || matches!(view.step, Step::Techs { .. });
        let mine = &view.seats[me.index()];
        let dynasty = mine.techs.contains(&Tech::DynasticMonarchy);
        let coin = match turn {
            0..=6 => w.coin,
            7 => w.coin * 0.8,
            _ if research_ahead => w.coin * 0.5,
            _ => 0.02,
        } + if dynasty { 0.2 } else { 0.0 };
        let holdings = holdings(view, me);
        let distinct = set_value(&holdings, false) != mine.trade_income
            && set_value(&holdings, true) == mine.trade_income;
        let mut table = Table {
            view,
            w,
            me,
            n,
            counts,
            military,
            sentinels,
            cubes,
            senate,
            rho: [0.0; MAX_SEATS],
            leader: me,
            scorings,
            distinct,
            coin,
            incomes_left: 8 - turn + income_ahead as u8,
            tech_phases_left: 8 - turn + techs_ahead as u8,
            turns_after: 8 - turn,
            numbers: BoardNumbers::provisional(),
            base: [0.0; PLANETS],
            senate_base: 0.0,
        };
        table.weigh_rivals();
        for p in 0..PLANETS {
            table.base[p] = table.planet_value(p, &counts[p], &military[p], sentinels[p]);
        }
        table.senate_base = table.senate_value(&senate);
        table
    }

    /// Each seat's standing: points so far, the majorities it holds now for every scoring to
    /// come (later ones discounted), its missions and trade income. The rule-based player
    /// weighs its rivals by it; the search (`crate::search`) judges positions by it.
    pub fn standing(&self) -> [f64; MAX_SEATS] {
        let mut standing = [0.0f64; MAX_SEATS];
        for s in &self.view.seats {
            let i = s.seat.index();
            standing[i] =
                s.score.total() as f64 + s.trade_income as f64 + 3.5 * s.missions.len() as f64;
        }
        let times: f64 = self.scorings.iter().map(|s| s.0).sum();
        for p in 0..PLANETS {
            let pv = &self.view.planets[p];
            let awards =
                planet_awards(&self.counts[p][..self.n], pv.higher as u16, pv.lower as u16);
            for (i, points, _) in awards {
                standing[i] += times * points as f64;
            }
        }
        let most = self.senate.iter().copied().max().unwrap_or(0);
        if most > 0 {
            for (points, s) in standing.iter_mut().zip(&self.senate).take(self.n) {
                if *s == most {
                    *points += times * SENATE_VP as f64;
                }
            }
        }
        standing
    }

    /// How much each rival's gains count, from its standing.
    fn weigh_rivals(&mut self) {
        let standing = self.standing();
        let me = self.me.index();
        let leader = (0..self.n)
            .filter(|&i| i != me)
            .max_by(|&a, &b| standing[a].total_cmp(&standing[b]).then(b.cmp(&a)))
            .unwrap_or(me);
        self.leader = Seat(leader as u8);
        let share = if self.n == 2 { 1.0 } else { self.w.leader };
        for i in 0..self.n {
            if i != me {
                self.rho[i] = (1.0 - share) / (self.n - 1) as f64;
            }
        }
        self.rho[leader] += share;
    }

    /// The bot's points less its rivals' (weighted) in one award list.
    fn relative(&self, awards: &[(usize, u16, u8)]) -> f64 {
        awards
            .iter()
            .map(|&(i, points, _)| {
                if i == self.me.index() {
                    points as f64
                } else {
                    -self.rho[i] * points as f64
                }
            })
            .sum()
    }

    /// One planet's worth to the bot over the scorings to come, with these workers and
    /// Sentinels on it. Each scoring is read twice, as the board is and with one more worker
    /// for the largest rival there, so that a lead of one is worth less than a safe one.
    fn planet_value(&self, p: usize, c: &[u8; MAX_SEATS], m: &[u8; MAX_SEATS], s: u8) -> f64 {
        let pv = &self.view.planets[p];
        let (hi, lo) = (pv.higher as u16, pv.lower as u16);
        let mut total = 0.0;
        for &(weight, last) in &self.scorings {
            let c = if last {
                after_war(c, m, s, &self.cubes, self.n, self.me)
            } else {
                *c
            };
            let plain = self.relative(&planet_awards(&c[..self.n], hi, lo));
            let mut threatened = c;
            if let Some(r) = self.largest_rival(&c) {
                threatened[r] += 1;
            }
            let threat = self.relative(&planet_awards(&threatened[..self.n], hi, lo));
            total += weight * 0.5 * (plain + threat);
        }
        total
    }

    /// The rival with the most of these (the one weighing most among equals).
    fn largest_rival(&self, c: &[u8; MAX_SEATS]) -> Option<usize> {
        (0..self.n)
            .filter(|&i| i != self.me.index())
            .max_by(|&a, &b| c[a].cmp(&c[b]).then(self.rho[a].total_cmp(&self.rho[b])))
    }

    /// What the change does to the bot over the scorings to come, in Victory Points.
    pub fn planet_gain(&self, p: Planet, ch: Change) -> f64 {
        let i = p.index();
        let mut c = self.counts[i];
        let mut m = self.military[i];
        for s in 0..self.n {
            c[s] = (c[s] as i16 + ch.workers[s] as i16).max(0) as u8;
            m[s] = (m[s] as i16 + ch.military[s] as i16).clamp(0, c[s] as i16) as u8;
        }
        let s = (self.sentinels[i] as i16 + ch.sentinels as i16).max(0) as u8;
        self.planet_value(i, &c, &m, s) - self.base[i]
    }

    fn senate_value(&self, points: &[u8; MAX_SEATS]) -> f64 {
        let award = |pts: &[u8; MAX_SEATS]| {
            let most = pts[..self.n].iter().copied().max().unwrap_or(0);
            let list: Vec<(usize, u16, u8)> = (0..self.n)
                .filter(|&i| most > 0 && pts[i] == most)
                .map(|i| (i, SENATE_VP, 0))
                .collect();
            self.relative(&list)
        };
        let mut threatened = *points;
        if let Some(r) = self.largest_rival(points) {
            threatened[r] += 1;
        }
        let each = 0.5 * (award(points) + award(&threatened));
        self.scorings.iter().map(|s| s.0).sum::<f64>() * each
    }

    /// What a change of Senate points (per seat) does to the bot over the scorings to come.
    pub fn senate_gain(&self, delta: [i8; MAX_SEATS]) -> f64 {
        let mut pts = self.senate;
        for s in 0..self.n {
            pts[s] = (pts[s] as i16 + delta[s] as i16).max(0) as u8;
        }
        self.senate_value(&pts) - self.senate_base
    }

    pub fn mine(&self) -> &egr_engine::view::SeatView {
        &self.view.seats[self.me.index()]
    }

    pub fn owns(&self, tech: Tech) -> bool {
        self.mine().techs.contains(&tech)
    }

    /// Whether this seat's workers may be sent to `p` from the Planetary Influence box.
    pub fn may_send(&self, seat: Seat, p: Planet) -> bool {
        !self.view.planets[p.index()].imperial_fleet && !self.sheltered(p, Some(seat))
    }

    /// Whether the Rebel Fleet keeps `seat` (or, for `None`, the Empire) out of `p`.
    pub fn sheltered(&self, p: Planet, seat: Option<Seat>) -> bool {
        matches!(self.view.rebel_fleet, Some((q, owner)) if q == p && Some(owner) != seat)
    }

    /// The bot's goods, each Trade Route as two of its good.
    pub fn holdings(&self) -> [u8; GOODS] {
        holdings(self.view, self.me)
    }

    /// Trade sets' income, with a little credit for goods that bring the next set nearer:
    /// what one more good would add, and each good left out of the sets.
    fn potential(&self, h: &[u8; GOODS]) -> f64 {
        let now = set_value(h, self.distinct);
        let mut next = 0;
        for g in 0..GOODS {
            let mut more = *h;
            more[g] += 1;
            next = next.max(set_value(&more, self.distinct) - now);
        }
        let tiles: u16 = h.iter().map(|&c| c as u16).sum();
        // Tiles in sets: at least three for each coin of "any three" sets and more in the
        // alike ones, so this undercounts loose goods only when sets of alike are held.
        let loose = tiles.saturating_sub(3 * now) as f64;
        now as f64 + 0.3 * next as f64 + self.w.loose_good * loose
    }

    /// What these goods more are worth: their trade sets' income each turn to come, and
    /// once more as Economy points at the end (plus the Nanotech Vessels' bonus).
    pub fn goods_gain(&self, extra: &[u8; GOODS]) -> f64 {
        let h = self.holdings();
        let mut more = h;
        for g in 0..GOODS {
            more[g] += extra[g];
        }
        let econ = 1.0 + self.coin * self.incomes_left as f64;
        let mut v = econ * (self.potential(&more) - self.potential(&h));
        if self.owns(Tech::NanotechOptimizedTradeVessels) {
            let nano = extra[egr_engine::Good::Nanotech.index()] as f64;
            v += 3.0 * nano * self.coin * self.tech_phases_left as f64;
        }
        v
    }

    /// A worker of `kind` in the hand for a later turn.
    pub fn worker_value(&self, kind: Kind) -> f64 {
        if self.turns_after == 0 {
            return 0.0;
        }
        self.w.worker
            * match kind {
                Kind::Rebel => 1.0,
                Kind::Trooper | Kind::Scientist => 1.1,
                Kind::Smuggler => 1.15,
                Kind::Hero => 1.2,
                Kind::Diplomat => 1.3,
            }
    }

    /// Permanent cubes: better odds in every battle to come, the Galactic War's above all.
    pub fn cube_value(&self, n: u8) -> f64 {
        let room = 10u8.saturating_sub(self.cubes[self.me.index()]);
        self.w.cube * n.min(room) as f64
    }

    /// Every seat but the bot's.
    pub fn rival_seats(&self) -> impl Iterator<Item = Seat> + '_ {
        (0..self.n as u8).map(Seat).filter(move |&s| s != self.me)
    }
}

fn holdings(view: &PlayerView, seat: Seat) -> [u8; GOODS] {
    let s = &view.seats[seat.index()];
    let mut g = s.goods;
    for p in &s.routes {
        g[p.good().index()] += 2;
    }
    g
}
