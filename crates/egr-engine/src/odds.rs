//! Odds read from a [`PlayerView`], for a player to see before choosing and for the computer
//! players to weigh: one battle's chance (L288-290) and the Galactic War's outcome (L532-555).
//! Everything they need is public; the cubes are counted by the same rule as the battles
//! themselves (`rules::warfare::attacker_cubes`).

use crate::action::{Action, Target};
use crate::data::{Kind, Planet, Seat, MAX_SEATS, SENTINEL_CUBES, WAR_SENTINEL_CUBES};
use crate::rules::frames::{Attacker, Frame};
use crate::rules::warfare::attacker_cubes;
use crate::state::{Step, Worker};
use crate::view::{PlayerView, SeatView};
use std::collections::BTreeMap;

/// The chance that the side with `attacker` cubes wins against `defender` cubes: that two or
/// three of the three cubes drawn without replacement are its own. A bag of fewer than three
/// cubes (never in play: every player has at least three) counts as the engine's bag draws
/// it, every cube in it, so two cubes win and one loses.
pub fn win_chance(attacker: u8, defender: u8) -> f64 {
    let (a, d) = (attacker as f64, defender as f64);
    let total = a + d;
    if total < 3.0 {
        return if attacker >= 2 { 1.0 } else { 0.0 };
    }
    // P(2 of the attacker's) + P(3 of the attacker's), hypergeometric.
    let three = a * (a - 1.0) * (a - 2.0);
    let two = 3.0 * a * (a - 1.0) * d;
    (two + three) / (total * (total - 1.0) * (total - 2.0))
}

/// One battle as it would be fought now.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Battle {
    /// The attacker's cubes in the bag, bonuses included.
    pub attacker_cubes: u8,
    pub defender_cubes: u8,
    /// [`win_chance`] of the two.
    pub attacker_wins: f64,
}

impl Battle {
    fn new(attacker_cubes: u8, defender_cubes: u8) -> Battle {
        Battle {
            attacker_cubes,
            defender_cubes,
            attacker_wins: win_chance(attacker_cubes, defender_cubes),
        }
    }
}

/// What the Galactic War would do on one planet.
#[derive(Clone, Debug, PartialEq)]
pub struct WarForecast {
    pub planet: Planet,
    pub sentinels: u8,
    /// Expected Sentinels left after the war.
    pub sentinels_left: f64,
    /// Each seat with workers there, in seat order.
    pub seats: Vec<SeatForecast>,
}

#[derive(Clone, Debug, PartialEq)]
pub struct SeatForecast {
    pub seat: Seat,
    pub workers: u8,
    /// The chance that at least one of them survives the war.
    pub keeps_one: f64,
    /// Expected workers left after the war.
    pub workers_left: f64,
}

impl PlayerView {
    /// The battle `action` would fight: an attack chosen for the Warfare box's worker (asked
    /// `Prompt::Attack`; against a faction the battle comes once its defender chooses), or a
    /// defence (asked `Prompt::Defend`; the defending worker's kind changes no cubes). `None`
    /// for any other action or question.
    pub fn battle(&self, action: Action) -> Option<Battle> {
        match (self.prompt?, action) {
            (Frame::Attack { seat, slot }, Action::Attack { target, .. }) => {
                let kind = self.warfare_worker(slot)?.kind;
                let defender = match target {
                    Target::Sentinels => SENTINEL_CUBES,
                    Target::Faction(s) => self.seat_view(s)?.cubes,
                };
                Some(Battle::new(
                    self.attack_cubes(seat, kind, target)?,
                    defender,
                ))
            }
            (Frame::Defend { seat, by, .. }, Action::Defend(_)) => {
                let attacker = match by {
                    Attacker::Warfare { slot } => {
                        let w = self.warfare_worker(slot)?;
                        self.attack_cubes(w.seat, w.kind, Target::Faction(seat))?
                    }
                    Attacker::War => WAR_SENTINEL_CUBES,
                };
                Some(Battle::new(attacker, self.seat_view(seat)?.cubes))
            }
            _ => None,
        }
    }

    /// The exact outcome of the Galactic War on each planet with Sentinels and workers, in the
    /// war's order, as the board stands (a war under way goes on from where it is: the faction
    /// being fought stays the target, a second loss being asked is taken). The Sentinels fight
    /// with 8 cubes the faction with the most workers (a tie drawn evenly) until it is gone,
    /// then the next, until no Sentinel or no worker is left.
    ///
    /// Assumes every defender defends with a Trooper or Hero while it has one there (a lost
    /// battle then costs that one worker) and otherwise with another worker, which costs a
    /// second one when the battle is lost: the choice that keeps the most workers.
    pub fn war_forecast(&self) -> Vec<WarForecast> {
        let players = self.players as usize;
        let mut cubes = [0; MAX_SEATS];
        for s in &self.seats {
            cubes[s.seat.index()] = s.cubes;
        }
        let under_way = match self.step {
            Step::War { planet, target } => Some((planet as usize, target)),
            _ => None,
        };
        let mut out = Vec::new();
        for (i, pv) in self.planets.iter().enumerate() {
            let mut fight = Fight {
                sentinels: pv.sentinels,
                workers: [[0; 2]; MAX_SEATS],
                target: None,
            };
            for (s, w) in pv.workers.iter().enumerate().take(MAX_SEATS) {
                let military = w[Kind::Trooper.index()] + w[Kind::Hero.index()];
                fight.workers[s] = [military, w.iter().sum::<u8>() - military];
            }
            for q in &self.questions {
                if let Frame::SecondLoss { seat, planet } = *q {
                    if planet == pv.planet {
                        fight.lose_one(seat.index());
                    }
                }
            }
            if let Some((at, target)) = under_way {
                if at == i {
                    fight.target = target.map(|t| t.0);
                }
            }
            if fight.over() {
                continue;
            }
            let start = fight;
            let result = fight_out(start, &cubes, players);
            out.push(WarForecast {
                planet: pv.planet,
                sentinels: start.sentinels,
                sentinels_left: result.sentinels,
                seats: (0..players)
                    .filter(|&s| start.count(s) > 0)
                    .map(|s| SeatForecast {
                        seat: Seat(s as u8),
                        workers: start.count(s),
                        keeps_one: result.keeps[s],
                        workers_left: result.workers[s],
                    })
                    .collect(),
            });
        }
        out
    }

    fn seat_view(&self, seat: Seat) -> Option<&SeatView> {
        self.seats.iter().find(|s| s.seat == seat)
    }

    fn warfare_worker(&self, slot: u8) -> Option<Worker> {
        self.boxes.warfare.get(slot as usize).copied().flatten()
    }

    /// `seat`'s cubes attacking `target` with a worker of `kind` this turn, bonuses included
    /// (for an attack still to be placed, too); `None` for a seat not in the game.
    pub fn attack_cubes(&self, seat: Seat, kind: Kind, target: Target) -> Option<u8> {
        let s = self.seat_view(seat)?;
        Some(attacker_cubes(
            s.cubes,
            kind,
            target,
            s.sabotage_turns.contains(&self.turn),
            s.propaganda_turns.contains(&self.turn),
        ))
    }
}

/// One planet in the Galactic War: its Sentinels, each seat's military and other workers, and
/// the faction being fought.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
struct Fight {
    sentinels: u8,
    workers: [[u8; 2]; MAX_SEATS],
    target: Option<u8>,
}

impl Fight {
    fn count(&self, seat: usize) -> u8 {
        self.workers[seat][0] + self.workers[seat][1]
    }

    fn pieces(&self) -> usize {
        self.sentinels as usize
            + (0..MAX_SEATS)
                .map(|s| self.count(s) as usize)
                .sum::<usize>()
    }

    fn over(&self) -> bool {
        self.sentinels == 0 || (0..MAX_SEATS).all(|s| self.count(s) == 0)
    }

    /// A worker lost as a second loss: another worker first, a military one last.
    fn lose_one(&mut self, seat: usize) {
        let w = &mut self.workers[seat];
        if w[1] > 0 {
            w[1] -= 1;
        } else {
            w[0] = w[0].saturating_sub(1);
        }
    }

    /// A battle lost by `seat`: its Trooper or Hero, or two other workers.
    fn lose_battle(&mut self, seat: usize) {
        let w = &mut self.workers[seat];
        if w[0] > 0 {
            w[0] -= 1;
        } else {
            w[1] = w[1].saturating_sub(2);
        }
    }

    /// The faction fought next and the chance of each: the target while it has workers,
    /// else the seats with the most workers, evenly (`rules::warfare::war_target`).
    fn targets(&self, players: usize) -> Vec<(usize, f64)> {
        if let Some(t) = self.target.filter(|&t| self.count(t as usize) > 0) {
            return vec![(t as usize, 1.0)];
        }
        let most = (0..players).map(|s| self.count(s)).max().unwrap_or(0);
        let tied: Vec<usize> = (0..players).filter(|&s| self.count(s) == most).collect();
        let each = 1.0 / tied.len() as f64;
        tied.into_iter().map(|s| (s, each)).collect()
    }
}

#[derive(Default)]
struct Expected {
    sentinels: f64,
    workers: [f64; MAX_SEATS],
    keeps: [f64; MAX_SEATS],
}

/// The war on one planet, fought out exactly: the chance of every position carried forward
/// battle by battle (each one removes a piece, so positions are taken by pieces left, most
/// first), the finished ones summed into expectations.
fn fight_out(start: Fight, cubes: &[u8; MAX_SEATS], players: usize) -> Expected {
    let mut layers: Vec<BTreeMap<Fight, f64>> = vec![BTreeMap::new(); start.pieces() + 1];
    layers[start.pieces()].insert(start, 1.0);
    let mut out = Expected::default();
    for n in (0..layers.len()).rev() {
        for (fight, p) in std::mem::take(&mut layers[n]) {
            if fight.over() {
                out.sentinels += p * fight.sentinels as f64;
                for s in 0..players {
                    out.workers[s] += p * fight.count(s) as f64;
                    if fight.count(s) > 0 {
                        out.keeps[s] += p;
                    }
                }
                continue;
            }
            for (seat, q) in fight.targets(players) {
                let sentinels_win = win_chance(WAR_SENTINEL_CUBES, cubes[seat]);
                let mut held = fight;
                held.target = Some(seat as u8);
                let mut lost = held;
                held.sentinels -= 1;
                lost.lose_battle(seat);
                *layers[held.pieces()].entry(held).or_default() += p * q * (1.0 - sentinels_win);
                *layers[lost.pieces()].entry(lost).or_default() += p * q * sentinels_win;
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::log::NoLog;
    use crate::options::GameOptions;
    use crate::rules::testkit::{blank, put, sentinels};
    use crate::state::GameState;
    use crate::Place;
    use game_kit::Rng;

    #[test]
    fn the_rules_worked_figures() {
        // Rules §12: 3 against 3 half the time, a Trooper's 3 against 5 Sentinel cubes 2 in 7,
        // 3 against the Galactic War's 8 about 15 in 100.
        assert!((win_chance(3, 3) - 0.5).abs() < 1e-12);
        assert!((win_chance(3, 5) - 2.0 / 7.0).abs() < 1e-12);
        assert!((win_chance(3, 8) - 0.1515).abs() < 1e-3);
        assert!((win_chance(8, 3) + win_chance(3, 8) - 1.0).abs() < 1e-12);
        // A bag of fewer than three: all of it is drawn.
        assert_eq!(
            (win_chance(2, 0), win_chance(1, 1), win_chance(1, 0)),
            (1.0, 0.0, 0.0)
        );
    }

    fn forecast(s: &GameState) -> Vec<WarForecast> {
        s.view(Seat(0)).war_forecast()
    }

    fn close(a: f64, b: f64) -> bool {
        (a - b).abs() < 1e-12
    }

    #[test]
    fn small_wars_worked_by_hand() {
        let q = win_chance(WAR_SENTINEL_CUBES, 3);
        // One Sentinel against one Trooper: a single battle.
        let mut s = blank(2);
        sentinels(&mut s, Planet::Alioth, 1);
        put(&mut s, 0, Kind::Trooper, Place::Planet(Planet::Alioth), 1);
        let f = forecast(&s);
        assert_eq!(f.len(), 1);
        assert_eq!((f[0].planet, f[0].sentinels), (Planet::Alioth, 1));
        assert!(close(f[0].sentinels_left, q));
        assert_eq!(f[0].seats.len(), 1);
        assert!(close(f[0].seats[0].keeps_one, 1.0 - q));
        assert!(close(f[0].seats[0].workers_left, 1.0 - q));

        // Two Rebels: a lost battle costs both.
        let mut s = blank(2);
        sentinels(&mut s, Planet::Alioth, 1);
        put(&mut s, 1, Kind::Rebel, Place::Planet(Planet::Alioth), 2);
        let f = forecast(&s);
        assert_eq!(f[0].seats[0].seat, Seat(1));
        assert!(close(f[0].seats[0].workers_left, 2.0 * (1.0 - q)));
        assert!(close(f[0].seats[0].keeps_one, 1.0 - q));

        // Two Sentinels against one Trooper: it must win twice.
        let mut s = blank(2);
        sentinels(&mut s, Planet::Alioth, 2);
        put(&mut s, 0, Kind::Trooper, Place::Planet(Planet::Alioth), 1);
        let f = forecast(&s);
        assert!(close(f[0].seats[0].keeps_one, (1.0 - q) * (1.0 - q)));
        assert!(close(f[0].sentinels_left, 2.0 * q + (1.0 - q) * q));

        // A tie of one Trooper each, 3 and 5 cubes, one Sentinel: whoever is drawn fights it;
        // if that one loses, the other fights.
        let mut s = blank(2);
        s.players[1].cubes = 5;
        sentinels(&mut s, Planet::Alioth, 1);
        put(&mut s, 0, Kind::Trooper, Place::Planet(Planet::Alioth), 1);
        put(&mut s, 1, Kind::Trooper, Place::Planet(Planet::Alioth), 1);
        let r = win_chance(WAR_SENTINEL_CUBES, 5);
        let f = forecast(&s);
        let keeps0 = 0.5 * (1.0 - q) + 0.5 * (r * (1.0 - q) + (1.0 - r));
        let keeps1 = 0.5 * (1.0 - r) + 0.5 * (q * (1.0 - r) + (1.0 - q));
        assert!(close(f[0].seats[0].keeps_one, keeps0));
        assert!(close(f[0].seats[1].keeps_one, keeps1));
        assert!(close(f[0].sentinels_left, q * r));

        // No workers, or no Sentinels: no war there.
        let mut s = blank(2);
        sentinels(&mut s, Planet::Alioth, 3);
        put(&mut s, 0, Kind::Trooper, Place::Planet(Planet::Edara), 1);
        assert!(forecast(&s).is_empty());
    }

    /// The policy the forecast assumes: a Trooper or Hero defends while there is one, and a
    /// second loss takes another worker before a military one.
    fn policy(s: &GameState, legal: &[Action]) -> Action {
        let military = |a: &Action| matches!(a, Action::Defend(k) if k.is_military());
        match s.question() {
            Some(Frame::Defend { .. }) => *legal.iter().find(|a| military(a)).unwrap_or(&legal[0]),
            _ => *legal.iter().find(|a| !military(a)).unwrap_or(&legal[0]),
        }
    }

    /// The engine's own war from `before` (no question open, the war next), `runs` times with
    /// fresh bag draws, checked against the forecast within 4.5 standard errors.
    fn check_against_the_engine(before: &GameState, runs: u32) -> usize {
        let forecast = forecast(before);
        let mut sentinels_left = vec![Vec::new(); forecast.len()];
        let mut workers_left = vec![vec![Vec::new(); MAX_SEATS]; forecast.len()];
        for run in 0..runs {
            let mut s = before.clone();
            s.rng = Rng::new(0xBA_771E + 7919 * run as u64);
            s.stop_before = Some(std::mem::discriminant(&Step::Scoring));
            s.run(&mut NoLog);
            while let Some(seat) = s.active_player() {
                let legal = s.legal_actions(seat);
                let action = policy(&s, &legal);
                s.apply(seat, action, &mut NoLog).unwrap();
            }
            assert_eq!(s.step(), Step::Scoring);
            for (i, f) in forecast.iter().enumerate() {
                let p = s.planet(f.planet);
                sentinels_left[i].push(p.sentinels as f64);
                for sf in &f.seats {
                    workers_left[i][sf.seat.index()].push(p.workers_of(sf.seat) as f64);
                }
            }
        }
        let within = |xs: &[f64], expected: f64, what: &str| {
            let n = xs.len() as f64;
            let mean = xs.iter().sum::<f64>() / n;
            let var = xs.iter().map(|x| (x - mean).powi(2)).sum::<f64>() / (n - 1.0);
            let se = (var / n).sqrt().max(1e-3);
            assert!(
                (mean - expected).abs() <= 4.5 * se,
                "{what}: engine {mean:.4} ± {se:.4}, forecast {expected:.4}"
            );
        };
        for (i, f) in forecast.iter().enumerate() {
            within(&sentinels_left[i], f.sentinels_left, "Sentinels left");
            for sf in &f.seats {
                let left = &workers_left[i][sf.seat.index()];
                within(left, sf.workers_left, "workers left");
                let kept: Vec<f64> = left.iter().map(|&w| f64::from(w > 0.0)).collect();
                within(&kept, sf.keeps_one, "keeps one");
            }
        }
        forecast.len()
    }

    #[test]
    fn the_forecast_matches_the_engines_war_on_a_built_board() {
        let mut s = blank(3);
        s.turn = 8;
        s.players[1].cubes = 5;
        s.players[2].cubes = 4;
        let at = |p| Place::Planet(p);
        // A tie between a mixed force and Rebels only, a lone Hero, against three Sentinels.
        sentinels(&mut s, Planet::Alioth, 3);
        put(&mut s, 0, Kind::Trooper, at(Planet::Alioth), 2);
        put(&mut s, 0, Kind::Rebel, at(Planet::Alioth), 1);
        put(&mut s, 1, Kind::Rebel, at(Planet::Alioth), 3);
        put(&mut s, 2, Kind::Hero, at(Planet::Alioth), 1);
        // Non-military workers alone against one Sentinel.
        sentinels(&mut s, Planet::Edara, 1);
        put(&mut s, 2, Kind::Scientist, at(Planet::Edara), 2);
        put(&mut s, 1, Kind::Diplomat, at(Planet::Edara), 1);
        s.step = Step::War {
            planet: 0,
            target: None,
        };
        assert_eq!(check_against_the_engine(&s, 4000), 2);
    }

    #[test]
    fn the_forecast_matches_the_engines_war_in_random_games() {
        let mut planets = 0;
        for seed in 0..6u64 {
            let options = GameOptions::new(2 + (seed % 4) as u8);
            let mut s = GameState::new(seed, options, &mut NoLog);
            let war = Step::War {
                planet: 0,
                target: None,
            };
            s.stop_before = Some(std::mem::discriminant(&war));
            let mut rng = Rng::new(seed ^ 0x0DD5);
            while let Some(seat) = s.active_player() {
                let legal = s.legal_actions(seat);
                s.apply(seat, legal[rng.below(legal.len())], &mut NoLog)
                    .unwrap();
            }
            assert_eq!(s.step(), war, "seed {seed}: stopped before the war");
            planets += check_against_the_engine(&s, 1500);
        }
        assert!(planets >= 20, "{planets} planets at war");
    }
}
