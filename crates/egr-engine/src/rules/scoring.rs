//! Scoring (L393-406, L557-589): planets and the Senate after turns 3, 6 and 8; at the end,
//! Epoch III technologies, Covert Missions and the Economy; then the winner, with the two
//! tie-breaks.

use super::trade::{holdings, set_value};
use crate::data::techs::Tech;
use crate::data::{Kind, Planet, Seat, SENATE_VP, TURNS};
use crate::log::{EventSink, LogEvent, LogExt, ScoreWhy};
use crate::state::{GameState, Outcome, Step};

pub(crate) fn advance(state: &mut GameState, log: &mut impl EventSink) {
    if state.turn.is_multiple_of(3) || state.turn == TURNS {
        majorities(state, log);
    }
    if state.turn == TURNS {
        final_scoring(state, log);
    } else {
        state.step = Step::Refresh;
    }
}

fn add(state: &mut GameState, seat: Seat, points: u16, why: ScoreWhy, log: &mut impl EventSink) {
    if points == 0 {
        return;
    }
    let last = state.turn == TURNS;
    let score = &mut state.players[seat.index()].score;
    match why {
        ScoreWhy::PlanetFirst(_) | ScoreWhy::PlanetTiedFirst(_) | ScoreWhy::PlanetSecond(_) => {
            score.planets += points;
            if last {
                score.last_majorities += points;
            }
        }
        ScoreWhy::Senate => {
            score.senate += points;
            if last {
                score.last_majorities += points;
            }
        }
        ScoreWhy::Tech(_) => score.techs += points,
        ScoreWhy::Missions => score.missions += points,
        ScoreWhy::Economy => score.economy += points,
    }
    log.all(|| LogEvent::Scored { seat, points, why });
}

/// Who gets what on one planet: the most workers take the higher number; a tie for the most
/// gives each tied player the lower number and nobody scores second; otherwise a lone second
/// takes the lower number, a tie for second nothing (L401-402).
pub fn planet_awards(counts: &[u8], higher: u16, lower: u16) -> Vec<(usize, u16, u8)> {
    let mut out = Vec::new();
    let most = counts.iter().copied().max().unwrap_or(0);
    if most == 0 {
        return out;
    }
    let first: Vec<usize> = (0..counts.len()).filter(|&i| counts[i] == most).collect();
    if first.len() > 1 {
        for i in first {
            out.push((i, lower, 1));
        }
        return out;
    }
    out.push((first[0], higher, 0));
    let second = counts
        .iter()
        .copied()
        .filter(|&c| c < most)
        .max()
        .unwrap_or(0);
    if second > 0 {
        let seconds: Vec<usize> = (0..counts.len()).filter(|&i| counts[i] == second).collect();
        if seconds.len() == 1 {
            out.push((seconds[0], lower, 2));
        }
    }
    out
}

fn majorities(state: &mut GameState, log: &mut impl EventSink) {
    let n = state.options.players as usize;
    for p in Planet::ALL {
        let planet = state.planets[p.index()];
        let tile = state.options.numbers.power[planet.power as usize];
        let counts: Vec<u8> = (0..n).map(|s| planet.workers_of(Seat(s as u8))).collect();
        for (i, points, place) in planet_awards(&counts, tile.higher as u16, tile.lower as u16) {
            let why = match place {
                0 => ScoreWhy::PlanetFirst(p),
                1 => ScoreWhy::PlanetTiedFirst(p),
                _ => ScoreWhy::PlanetSecond(p),
            };
            add(state, Seat(i as u8), points, why, log);
        }
    }
    // The Senate: the most points (at least one) take 7 VP, every tied player too (L406).
    let points: Vec<u8> = (0..n).map(|s| state.players[s].senate_points()).collect();
    let most = points.iter().copied().max().unwrap_or(0);
    if most > 0 {
        for (i, &p) in points.iter().enumerate() {
            if p == most {
                add(state, Seat(i as u8), SENATE_VP, ScoreWhy::Senate, log);
            }
        }
    }
}

/// Whether `seat` controls `p` (Democracy, Weak Confederacy): alone with the most workers
/// there, or, under the `control_needs_half` ruling, with more than half of them.
pub(crate) fn controls(state: &GameState, seat: Seat, p: Planet) -> bool {
    let planet = &state.planets[p.index()];
    let mine = planet.workers_of(seat);
    if mine == 0 {
        return false;
    }
    if state.options.rulings.control_needs_half {
        let total: u8 = state.seats().map(|s| planet.workers_of(s)).sum();
        2 * mine > total
    } else {
        state
            .seats()
            .all(|s| s == seat || planet.workers_of(s) < mine)
    }
}

fn on_planets(state: &GameState, seat: Seat, kind: Kind) -> u16 {
    Planet::ALL
        .iter()
        .map(|p| state.planets[p.index()].workers[seat.index()][kind.index()] as u16)
        .sum()
}

/// An Epoch III technology's points for its owner at the end (L896-940).
pub fn tech_points(state: &GameState, seat: Seat, tech: Tech) -> u16 {
    let p = &state.players[seat.index()];
    let controlled = || Planet::ALL.iter().filter(|&&pl| controls(state, seat, pl));
    use Tech::*;
    match tech {
        TechnocratUtopia => 2 * p.techs.count_ones() as u16,
        MercantileFederation => 3 * p.routes.count_ones() as u16,
        ElitistOligarchy => 2 * p.senate[1..].iter().map(|&c| c as u16).sum::<u16>(),
        // The owner's own workers on the planets they control; every faction's under the
        // `democracy_counts_everyone` ruling.
        Democracy => {
            let everyone = state.options.rulings.democracy_counts_everyone;
            controlled()
                .map(|&pl| {
                    if everyone {
                        super::board::workers_on(state, pl) as u16
                    } else {
                        state.planets[pl.index()].workers_of(seat) as u16
                    }
                })
                .sum::<u16>()
                / 2
        }
        Republic => p.senate[Kind::Rebel.index()] as u16,
        StarFaringAutocracy => {
            if matches!(state.rebel_fleet, Some((_, owner)) if owner == seat) {
                10
            } else {
                0
            }
        }
        MilitaryDictatorship => 2 * on_planets(state, seat, Kind::Trooper),
        WeakConfederacy => 4 * controlled().count() as u16,
        FinancialCollective => 3 * on_planets(state, seat, Kind::Smuggler),
        DynasticMonarchy => p.coins / 5,
        Anarchy => 3 * p.missions.count_ones() as u16,
        ScientificOligarchy => 4 * on_planets(state, seat, Kind::Scientist),
        _ => 0,
    }
}

fn final_scoring(state: &mut GameState, log: &mut impl EventSink) {
    let distinct = state.options.rulings.any_three_distinct;
    for seat in Seat::all(state.options.players) {
        let techs = state.players[seat.index()].techs;
        for tech in Tech::ALL {
            if techs & tech.bit() != 0 && tech.epoch() == 3 {
                let points = tech_points(state, seat, tech);
                add(state, seat, points, ScoreWhy::Tech(tech), log);
            }
        }
        let p = &state.players[seat.index()];
        let missions: u16 = crate::data::missions::Mission::ALL
            .iter()
            .filter(|m| p.missions & m.bit() != 0)
            .map(|m| m.vp(&state.options.numbers))
            .sum();
        let economy = set_value(&holdings(p), distinct);
        add(state, seat, missions, ScoreWhy::Missions, log);
        add(state, seat, economy, ScoreWhy::Economy, log);
    }
    // The winner: the most points, then the most turn-8 majority points, then the most Senate
    // points (L586-589); a tie past both shares the win.
    let key = |s: Seat| {
        let p = &state.players[s.index()];
        (p.score.total(), p.score.last_majorities, p.senate_points())
    };
    let best = state.seats().map(key).max().expect("players");
    let winners = state
        .seats()
        .filter(|&s| key(s) == best)
        .fold(0u8, |m, s| m | 1 << s.0);
    state.outcome = Some(Outcome { winners });
    state.step = Step::Over;
    if log.enabled() {
        let ws = state.winners();
        let totals = state
            .seats()
            .map(|s| state.players[s.index()].score.total())
            .collect();
        log.all(|| LogEvent::GameOver {
            winners: ws,
            totals,
        });
    }
}
