//! Why someone won: each faction's points by source, read from the game's public log (every
//! planet at each of the three scorings, the Senate at each, technologies, Covert Missions
//! and the Economy at the end), and the tie-break when it decided. Pure Rust, tested natively
//! against the engine's own totals.

use egr_engine::log::{LogEvent, ScoreWhy};
use egr_engine::{Planet, PlayerView, Seat};

/// The turns after which planets and the Senate score.
pub const SCORINGS: [u8; 3] = [3, 6, 8];

/// One faction's points, by source.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Breakdown {
    /// Points from each planet (by planet index) at each scoring (by index in [`SCORINGS`]).
    pub planets: [[u16; 3]; Planet::ALL.len()],
    pub senate: [u16; 3],
    pub techs: u16,
    pub missions: u16,
    pub economy: u16,
}

impl Breakdown {
    pub fn planets_total(&self) -> u16 {
        self.planets.iter().flatten().sum()
    }

    pub fn scoring_total(&self, scoring: usize) -> u16 {
        self.planets.iter().map(|p| p[scoring]).sum::<u16>() + self.senate[scoring]
    }

    pub fn total(&self) -> u16 {
        self.planets_total()
            + self.senate.iter().sum::<u16>()
            + self.techs
            + self.missions
            + self.economy
    }
}

/// What decided the winner among the factions with the most points.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Decided {
    /// The most points, alone.
    Points,
    /// Tied on points: the most from planets and the Senate at the last scoring.
    LastScoring,
    /// Still tied: the most Senate points.
    Senate,
    /// Tied past both tie-breaks: the win is shared.
    Shared,
}

/// Each seat's breakdown, in seat order, from the log the viewer holds.
pub fn breakdowns(view: &PlayerView) -> Vec<Breakdown> {
    let mut out = vec![Breakdown::default(); view.seats.len()];
    let mut scoring = 0;
    for event in &view.log {
        match event {
            LogEvent::TurnStarted { turn } => {
                scoring = SCORINGS.iter().take_while(|&&t| t < *turn).count().min(2);
            }
            LogEvent::Scored { seat, points, why } => {
                let Some(b) = out.get_mut(seat.index()) else {
                    continue;
                };
                match why {
                    ScoreWhy::PlanetFirst(p)
                    | ScoreWhy::PlanetTiedFirst(p)
                    | ScoreWhy::PlanetSecond(p) => b.planets[p.index()][scoring] += points,
                    ScoreWhy::Senate => b.senate[scoring] += points,
                    ScoreWhy::Tech(_) => b.techs += points,
                    ScoreWhy::Missions => b.missions += points,
                    ScoreWhy::Economy => b.economy += points,
                }
            }
            _ => {}
        }
    }
    out
}

/// What decided the game among the winners and those tied with them on points.
pub fn decided(view: &PlayerView) -> Option<Decided> {
    let best = view.seats.iter().map(|s| s.score.total()).max()?;
    let tied: Vec<_> = view
        .seats
        .iter()
        .filter(|s| s.score.total() == best)
        .collect();
    if view.winners.is_empty() {
        return None;
    }
    Some(if tied.len() == 1 {
        Decided::Points
    } else if view.winners.len() > 1 {
        Decided::Shared
    } else {
        let last = |s: Seat| view.seats[s.index()].score.last_majorities;
        let top = tied.iter().map(|s| last(s.seat)).max().unwrap_or(0);
        if tied.iter().filter(|s| last(s.seat) == top).count() == 1 {
            Decided::LastScoring
        } else {
            Decided::Senate
        }
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use egr_engine::{Game, GameOptions};

    /// Random whole games at 2 to 5 players: every faction's parts add up to the engine's own
    /// total, by source, and a winner's tie-break is named when totals tie.
    #[test]
    fn the_parts_add_up_to_each_total() {
        for players in 2..=5u8 {
            for seed in 0..6u64 {
                let options = GameOptions {
                    players,
                    ..GameOptions::default()
                };
                let mut game = Game::new(seed * 31 + u64::from(players), options);
                let mut k = seed as usize;
                while let Some(seat) = game.state().active_player() {
                    let legal = game.state().legal_actions(seat);
                    k = k.wrapping_mul(1103515245).wrapping_add(12345);
                    game.apply(seat, legal[(k >> 8) % legal.len()]).unwrap();
                }
                let view = game.view(Seat(0));
                assert!(!view.winners.is_empty(), "the game ended");
                let parts = breakdowns(&view);
                assert!(parts
                    .iter()
                    .any(|b| b.scoring_total(0) > 0 && b.scoring_total(2) > 0));
                for s in &view.seats {
                    let b = &parts[s.seat.index()];
                    assert_eq!(b.total(), s.score.total(), "{players} players, seed {seed}");
                    assert_eq!(b.planets_total(), s.score.planets);
                    assert_eq!(b.senate.iter().sum::<u16>(), s.score.senate);
                    assert_eq!(
                        (b.techs, b.missions, b.economy),
                        (s.score.techs, s.score.missions, s.score.economy)
                    );
                    assert_eq!(b.scoring_total(2), s.score.last_majorities);
                }
                assert!(decided(&view).is_some());
            }
        }
    }
}
