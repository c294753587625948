//! The computer player asked in text and answering in text, so that it runs in a Web Worker
//! (`crates/egr-computer`) beside the page rather than in it: the page never freezes while
//! the computer thinks, and the page's own wasm carries no computer player.
//!
//! A request is one header line (`<tag> <job> <seat> <level>`, the seat by its number from 0)
//! and then the game's compact save. The jobs: `move` (the seat's next action at the level)
//! and `advise` (for a person: the search's best options, each `index:permille`, its chance to
//! win in thousandths). A move's reply is `<tag>` and the action's index among the seat's
//! legal actions (none when the seat has no decision). The worker rebuilds the game from the
//! save and decides from the seat's view only, seeded from that view's log (never from the
//! game's seed, which fixes the draws to come), so the same request gets the same reply. A request it cannot answer gets `<tag> error: …`.

use crate::search::{self, Level, HARD_ITERATIONS};
use crate::{Player, RuleBot};
use egr_engine::{Action, Game, GameState, PlayerView, Seat};
use game_kit::{load_compact, save_compact};

/// How hard the computer plays, weakest first: the choices a player is offered.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Difficulty {
    /// The rule-based player ([`RuleBot`]): never looks ahead.
    Rule,
    /// The search at [`Level::Normal`].
    Normal,
    /// The search at [`Level::Hard`].
    Hard,
}

impl Difficulty {
    pub const ALL: [Difficulty; 3] = [Difficulty::Rule, Difficulty::Normal, Difficulty::Hard];

    /// The name in requests to the computer's worker (and in saved settings).
    pub fn code(self) -> &'static str {
        match self {
            Difficulty::Rule => "rule",
            Difficulty::Normal => "normal",
            Difficulty::Hard => "hard",
        }
    }

    pub fn parse(code: &str) -> Option<Difficulty> {
        Difficulty::ALL.into_iter().find(|d| d.code() == code)
    }

    /// The name a player reads.
    pub fn label(self) -> &'static str {
        match self {
            Difficulty::Rule => "Steady",
            Difficulty::Normal => "Normal",
            Difficulty::Hard => "Hard",
        }
    }

    /// The search's level, `None` for the rule-based player.
    pub fn level(self) -> Option<Level> {
        match self {
            Difficulty::Rule => None,
            Difficulty::Normal => Some(Level::Normal),
            Difficulty::Hard => Some(Level::Hard),
        }
    }
}

impl From<Level> for Difficulty {
    fn from(level: Level) -> Difficulty {
        match level {
            Level::Normal => Difficulty::Normal,
            Level::Hard => Difficulty::Hard,
        }
    }
}

/// What the computer is asked to do.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Job {
    /// Its next action.
    Move,
    /// Advice for the seat (a person): the search's best actions with their chances to win,
    /// from the seat's own view.
    Advise,
}

impl Job {
    fn code(self) -> &'static str {
        match self {
            Job::Move => "move",
            Job::Advise => "advise",
        }
    }
}

/// How many options advice names at most.
pub const ADVICE_OPTIONS: usize = 4;

/// The request for `job` by `seat` in `game` at `level`, tagged so that a late reply is
/// recognised.
pub fn request(tag: u32, job: Job, seat: Seat, level: Difficulty, game: &Game) -> String {
    format!(
        "{tag} {} {} {}\n{}",
        job.code(),
        seat.0,
        level.code(),
        save_compact(game)
    )
}

/// The seed of the computer's choice, from what the deciding seat has seen (its view's log)
/// and the job: the same position replays the same choice, and the game's own seed (which
/// fixes every draw still to come) is never an input of the computer's thinking.
fn seed(view: &PlayerView, job: Job) -> u64 {
    // FNV-1a over the log as text: public, and the same natively and in wasm.
    let mut hash: u64 = 0xCBF2_9CE4_8422_2325;
    for byte in format!("{:?}", view.log).bytes() {
        hash = (hash ^ byte as u64).wrapping_mul(0x0100_0000_01B3);
    }
    hash ^ match job {
        Job::Move => 0x9E37,
        Job::Advise => 0xAD,
    }
}

/// Answers a request (what the worker does with each message); never panics on bad text.
pub fn answer(request: &str) -> String {
    let (header, save) = request.split_once('\n').unwrap_or((request, ""));
    let mut words = header.split(' ');
    let tag = words.next().unwrap_or("0");
    let job = match words.next() {
        Some("move") => Job::Move,
        Some("advise") => Job::Advise,
        _ => return format!("{tag} error: an unknown request"),
    };
    let Some(seat) = words.next().and_then(|w| w.parse().ok()).map(Seat) else {
        return format!("{tag} error: an unknown seat");
    };
    let Some(level) = words.next().and_then(Difficulty::parse) else {
        return format!("{tag} error: an unknown level");
    };
    let game = match load_compact::<GameState>(save) {
        Ok(game) => game,
        Err(e) => return format!("{tag} error: the game could not be read ({e})"),
    };
    if seat.0 >= game.options().players {
        return format!("{tag} error: no such seat in this game");
    }
    let view = game.view(seat);
    if view.legal_actions.is_empty() {
        return tag.to_string();
    }
    let seed = seed(&view, job);
    let options = game.options();
    if job == Job::Advise {
        // Advice is the search's even at the rule-based level: a person asks for the best.
        let iterations = level.level().map_or(HARD_ITERATIONS, Level::iterations);
        return match search::advise(&view, &options, iterations, seed) {
            Some(estimates) => advice_reply(tag, estimates),
            None => format!("{tag} error: the position could not be searched"),
        };
    }
    let action = match level.level() {
        None => RuleBot::new(seed).choose(&view),
        Some(level) => search::choose(level, &view, &options, seed),
    };
    match view.legal_actions.iter().position(|a| *a == action) {
        Some(index) => format!("{tag} {index}"),
        None => format!("{tag} error: the computer chose no legal action"),
    }
}

/// `<tag>` and the best options, most visited first, each `index:permille`.
fn advice_reply(tag: &str, estimates: Vec<search::Estimate<Action>>) -> String {
    let single = estimates.len() == 1;
    let mut options: Vec<(usize, search::Estimate<Action>)> = estimates
        .into_iter()
        .enumerate()
        .filter(|(_, e)| e.visits > 0 || single)
        .collect();
    options.sort_by(|a, b| {
        (b.1.visits, b.1.chance)
            .partial_cmp(&(a.1.visits, a.1.chance))
            .unwrap_or(std::cmp::Ordering::Equal)
    });
    let mut reply = tag.to_string();
    for (index, e) in options.into_iter().take(ADVICE_OPTIONS) {
        let permille = (e.chance.clamp(0.0, 1.0) * 1000.0).round() as u32;
        reply.push_str(&format!(" {index}:{permille}"));
    }
    reply
}

pub use game_kit::reply::{read_advice, read_reply, read_text_reply};

#[cfg(test)]
mod tests {
    use super::*;
    use egr_engine::GameOptions;

    /// A game `actions` actions in, played by the rule-based player.
    fn game_after(seed: u64, players: u8, actions: usize) -> Game {
        let mut game = Game::new(seed, GameOptions::new(players));
        for _ in 0..actions {
            let Some(seat) = game.state().active_player() else {
                break;
            };
            let action = RuleBot::new(seed).choose(&game.view(seat));
            game.apply(seat, action).unwrap();
        }
        game
    }

    #[test]
    fn a_move_is_a_legal_action_at_every_level() {
        for level in Difficulty::ALL {
            let mut game = Game::new(7, GameOptions::new(3));
            let steps = if level == Difficulty::Rule { 150 } else { 12 };
            for _ in 0..steps {
                let Some(seat) = game.state().active_player() else {
                    break;
                };
                let view = game.view(seat);
                let reply = answer(&request(5, Job::Move, seat, level, &game));
                let (tag, indices) = read_reply(&reply).expect("a reply");
                assert_eq!((tag, indices.len()), (5, 1), "{reply}");
                game.apply(seat, view.legal_actions[indices[0]]).unwrap();
            }
        }
    }

    #[test]
    fn the_rule_level_plays_the_rule_based_player_from_its_view() {
        let game = game_after(3, 4, 40);
        let seat = game.state().active_player().unwrap();
        let view = game.view(seat);
        let expected = RuleBot::new(seed(&view, Job::Move)).choose(&view);
        let reply = answer(&request(1, Job::Move, seat, Difficulty::Rule, &game));
        let (_, indices) = read_reply(&reply).unwrap();
        assert_eq!(view.legal_actions[indices[0]], expected);
        // Any other seat has no decision: no index.
        let other = Seat((seat.0 + 1) % 4);
        let reply = answer(&request(2, Job::Move, other, Difficulty::Rule, &game));
        assert_eq!(read_reply(&reply), Ok((2, vec![])));
    }

    #[test]
    fn the_same_request_gets_the_same_reply() {
        let game = game_after(9, 3, 25);
        let seat = game.state().active_player().unwrap();
        for level in Difficulty::ALL {
            let question = request(4, Job::Move, seat, level, &game);
            assert_eq!(answer(&question), answer(&question), "{level:?}");
        }
        let question = request(4, Job::Advise, seat, Difficulty::Normal, &game);
        assert_eq!(answer(&question), answer(&question));
    }

    #[test]
    fn advice_names_legal_options_with_their_chances() {
        let mut game = Game::new(12, GameOptions::new(3));
        let mut bot = RuleBot::new(1);
        loop {
            let seat = game.state().active_player().unwrap();
            let view = game.view(seat);
            if game.history().len() > 20 && view.legal_actions.len() > 2 {
                let reply = answer(&request(8, Job::Advise, seat, Difficulty::Normal, &game));
                let (tag, options) = read_advice(&reply).expect("advice");
                assert_eq!(tag, 8);
                assert!(!options.is_empty() && options.len() <= ADVICE_OPTIONS);
                for (index, permille) in options {
                    assert!(
                        index < view.legal_actions.len() && permille <= 1000,
                        "{reply}"
                    );
                }
                break;
            }
            game.apply(seat, bot.choose(&view)).unwrap();
        }
        assert!(read_advice("3 1:x").is_err());
    }

    #[test]
    fn bad_requests_get_an_error_reply() {
        let game = game_after(5, 2, 10);
        let seat = game.state().active_player().unwrap();
        let good = request(3, Job::Move, seat, Difficulty::Rule, &game);
        // A damaged save: cut short, and with a character changed.
        let cut = &good[..good.len() - 5];
        assert!(read_reply(&answer(cut)).is_err());
        let (header, save) = good.split_once('\n').unwrap();
        let mut bytes = save.as_bytes().to_vec();
        let mid = bytes.len() / 2;
        bytes[mid] = if bytes[mid] == b'A' { b'B' } else { b'A' };
        let damaged = format!("{header}\n{}", String::from_utf8(bytes).unwrap());
        assert!(
            read_reply(&answer(&damaged)).is_err(),
            "the checksum catches it"
        );
        assert!(read_reply(&answer("3 move 0 rule\nnot a save")).is_err());
        assert!(read_reply(&answer("3 jump 0 rule\n")).is_err());
        assert!(read_reply(&answer("3 move x rule\n")).is_err());
        assert!(read_reply(&answer("3 move 0 easy\n")).is_err());
        let far = good.replacen(&format!(" {} ", seat.0), " 4 ", 1);
        assert_eq!(
            read_reply(&answer(&far)),
            Err("no such seat in this game".to_string())
        );
        assert!(read_reply(&answer("")).is_err());
        assert!(read_reply("garbage").is_err());
        assert_eq!(read_reply("4").unwrap(), (4, vec![]));
    }

    #[test]
    fn difficulties_round_trip_through_their_codes() {
        for d in Difficulty::ALL {
            assert_eq!(Difficulty::parse(d.code()), Some(d));
            assert!(!d.label().is_empty());
        }
        for level in Level::ALL {
            assert_eq!(Difficulty::from(level).level(), Some(level));
        }
    }
}
