//! The player's record in Empire vs. Rebellion, kept on the device: games played and won per
//! side and computer level, two-player games, the winning streak against the computer and the
//! average margin of victory points. Plain Rust, tested natively; saved in its own versioned
//! envelope, so it survives updates the way saves do.

use crate::evr::session::{Difficulty, Mode};
use evr_engine::{LoadError, Side};

pub const RECORD_FORMAT_VERSION: u32 = 1;
const RECORD_FORMAT_NAME: &str = "evr-record";
/// How many finished games are remembered, so that none is counted twice.
const REMEMBERED: usize = 64;

/// Games against the computer with one side at one level.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Tally {
    pub side: Side,
    pub level: Difficulty,
    pub played: u32,
    pub won: u32,
}

/// How a finished game ended, as the record needs it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Outcome {
    /// Identifies the game (its seed), so a game is counted once.
    pub game: u64,
    pub mode: Mode,
    pub winner: Option<Side>,
    /// Victory points, Rebel then Empire.
    pub points: [u8; 2],
}

#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Record {
    pub vs_computer: Vec<Tally>,
    /// Two players on one device: games, and wins of each side (Rebel, Empire).
    pub two_players: u32,
    pub two_player_wins: [u32; 2],
    /// Wins in a row against the computer, now and at best.
    pub streak: u32,
    pub best_streak: u32,
    /// The player's points minus the computer's, summed over games against it.
    pub margin_sum: i64,
    /// Games that ended recently, newest last.
    pub counted: Vec<u64>,
}

fn side_index(side: Side) -> usize {
    match side {
        Side::Rebel => 0,
        Side::Imperial => 1,
    }
}

impl Record {
    /// Adds a finished game; false (and nothing changes) if it was counted already.
    pub fn add(&mut self, outcome: Outcome) -> bool {
        if self.counted.contains(&outcome.game) {
            return false;
        }
        self.counted.push(outcome.game);
        if self.counted.len() > REMEMBERED {
            self.counted.remove(0);
        }
        match outcome.mode {
            Mode::VsComputer { human, difficulty } => {
                let won = outcome.winner == Some(human);
                let tally = match self
                    .vs_computer
                    .iter_mut()
                    .position(|t| t.side == human && t.level == difficulty)
                {
                    Some(i) => &mut self.vs_computer[i],
                    None => {
                        self.vs_computer.push(Tally {
                            side: human,
                            level: difficulty,
                            played: 0,
                            won: 0,
                        });
                        self.vs_computer.last_mut().expect("just pushed")
                    }
                };
                tally.played += 1;
                tally.won += u32::from(won);
                self.streak = if won { self.streak + 1 } else { 0 };
                self.best_streak = self.best_streak.max(self.streak);
                let mine = i64::from(outcome.points[side_index(human)]);
                let theirs = i64::from(outcome.points[1 - side_index(human)]);
                self.margin_sum += mine - theirs;
            }
            // Never counted: a lesson has no outcome (`Session::outcome`).
            Mode::Lesson => {}
            Mode::TwoPlayers => {
                self.two_players += 1;
                if let Some(w) = outcome.winner {
                    self.two_player_wins[side_index(w)] += 1;
                }
            }
        }
        true
    }

    /// Games against the computer: played and won.
    pub fn against_computer(&self) -> (u32, u32) {
        self.vs_computer
            .iter()
            .fold((0, 0), |(p, w), t| (p + t.played, w + t.won))
    }

    /// The average margin of victory points against the computer, in tenths of a point,
    /// rounded towards zero (None before any game). Integers: formatting floats would add
    /// kilobytes to the page's wasm.
    pub fn average_margin_tenths(&self) -> Option<i64> {
        let (played, _) = self.against_computer();
        (played > 0).then(|| self.margin_sum * 10 / i64::from(played))
    }

    /// The record reset: every tally back to zero, but the games already counted stay
    /// remembered, so a finished game still on screen is not counted again.
    pub fn cleared(&self) -> Record {
        Record {
            counted: self.counted.clone(),
            ..Record::default()
        }
    }

    pub fn is_empty(&self) -> bool {
        self.against_computer().0 == 0 && self.two_players == 0
    }

    /// The record as a few lines of text, the first naming the format and its version:
    /// `evr-record 1`, then `vs <side> <level> <played> <won>` per tally, `two <games> <rebel
    /// wins> <empire wins>`, `streak <now> <best>`, `margin <sum>`, `counted <game>…`. Written by
    /// hand rather than by serde: the page's wasm stays smaller.
    pub fn save(&self) -> String {
        let mut out = format!("{RECORD_FORMAT_NAME} {RECORD_FORMAT_VERSION}\n");
        for t in &self.vs_computer {
            let level = Difficulty::ALL
                .iter()
                .position(|d| *d == t.level)
                .unwrap_or(0);
            out.push_str(&format!(
                "vs {} {level} {} {}\n",
                side_index(t.side),
                t.played,
                t.won
            ));
        }
        let [rebel, empire] = self.two_player_wins;
        out.push_str(&format!("two {} {rebel} {empire}\n", self.two_players));
        out.push_str(&format!("streak {} {}\n", self.streak, self.best_streak));
        out.push_str(&format!("margin {}\n", self.margin_sum));
        out.push_str("counted");
        for game in &self.counted {
            out.push_str(&format!(" {game}"));
        }
        out.push('\n');
        out
    }

    pub fn load(text: &str) -> Result<Record, LoadError> {
        let corrupt = |why: &str| LoadError::Corrupt(why.to_string());
        let mut lines = text.lines();
        let mut head = lines.next().unwrap_or_default().split_whitespace();
        if head.next() != Some(RECORD_FORMAT_NAME) {
            return Err(LoadError::NotASave);
        }
        let version: u32 = head
            .next()
            .and_then(|v| v.parse().ok())
            .ok_or_else(|| corrupt("no version"))?;
        if version > RECORD_FORMAT_VERSION {
            return Err(LoadError::TooNew { version });
        }
        let mut r = Record::default();
        for line in lines {
            let mut words = line.split_whitespace();
            let key = words.next().unwrap_or_default();
            let numbers: Vec<u64> = words
                .map(|w| w.parse::<i64>().map(|n| n as u64))
                .collect::<Result<_, _>>()
                .map_err(|_| corrupt(line))?;
            match (key, numbers.as_slice()) {
                ("vs", &[side, level, played, won]) => r.vs_computer.push(Tally {
                    side: if side == 0 {
                        Side::Rebel
                    } else {
                        Side::Imperial
                    },
                    level: *Difficulty::ALL
                        .get(level as usize)
                        .ok_or_else(|| corrupt(line))?,
                    played: played as u32,
                    won: won as u32,
                }),
                ("two", &[games, rebel, empire]) => {
                    r.two_players = games as u32;
                    r.two_player_wins = [rebel as u32, empire as u32];
                }
                ("streak", &[now, best]) => (r.streak, r.best_streak) = (now as u32, best as u32),
                ("margin", &[sum]) => r.margin_sum = sum as i64,
                ("counted", games) => r.counted = games.to_vec(),
                ("", []) => {}
                _ => return Err(corrupt(line)),
            }
        }
        Ok(r)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn vs(human: Side, winner: Option<Side>, game: u64, points: [u8; 2]) -> Outcome {
        Outcome {
            game,
            mode: Mode::VsComputer {
                human,
                difficulty: Difficulty::Normal,
            },
            winner,
            points,
        }
    }

    #[test]
    fn a_game_counts_once_and_streaks_and_margins_follow_the_results() {
        let mut r = Record::default();
        assert!(r.add(vs(Side::Rebel, Some(Side::Rebel), 1, [7, 3])));
        assert!(
            !r.add(vs(Side::Rebel, Some(Side::Rebel), 1, [7, 3])),
            "counted once"
        );
        assert!(r.add(vs(Side::Imperial, Some(Side::Imperial), 2, [2, 7])));
        assert_eq!((r.streak, r.best_streak), (2, 2));
        assert!(r.add(vs(Side::Rebel, Some(Side::Imperial), 3, [4, 7])));
        assert_eq!((r.streak, r.best_streak), (0, 2));
        assert_eq!(r.against_computer(), (3, 2));
        // (7-3) + (7-2) + (4-7) = 6 over 3 games.
        assert_eq!(r.average_margin_tenths(), Some(20));
        assert_eq!(r.vs_computer.len(), 2, "per side and level");
        assert!(r.add(Outcome {
            game: 4,
            mode: Mode::TwoPlayers,
            winner: Some(Side::Imperial),
            points: [1, 7],
        }));
        assert_eq!((r.two_players, r.two_player_wins), (1, [0, 1]));
        assert_eq!(r.streak, 0, "two-player games leave the streak alone");
    }

    #[test]
    fn the_record_round_trips_and_refuses_other_files() {
        let mut r = Record::default();
        r.add(vs(Side::Rebel, Some(Side::Rebel), 9, [7, 0]));
        assert_eq!(Record::load(&r.save()).unwrap(), r);
        assert!(Record::load("junk").is_err());
        assert!(Record::load(&r.save().replace("evr-record", "evr-session")).is_err());
        assert!(matches!(
            Record::load(&r.save().replace("evr-record 1", "evr-record 2")),
            Err(LoadError::TooNew { version: 2 })
        ));
        assert!(Record::load(&r.save().replace("streak", "streak x")).is_err());
    }

    #[test]
    fn a_reset_zeroes_the_tallies_but_does_not_count_a_game_again() {
        let mut r = Record::default();
        r.add(vs(Side::Rebel, Some(Side::Rebel), 5, [7, 1]));
        let mut cleared = r.cleared();
        assert!(cleared.is_empty() && cleared.streak == 0 && cleared.margin_sum == 0);
        assert!(!cleared.add(vs(Side::Rebel, Some(Side::Rebel), 5, [7, 1])));
        assert!(cleared.is_empty());
    }

    #[test]
    fn only_the_latest_games_are_remembered() {
        let mut r = Record::default();
        for game in 0..200 {
            r.add(vs(Side::Rebel, None, game, [0, 0]));
        }
        assert_eq!(r.counted.len(), REMEMBERED);
        assert_eq!(r.against_computer().0, 200);
    }
}
