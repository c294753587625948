//! The computer player asked in text and answering in text, so that it runs in a Web Worker
//! (`crates/swr-computer`) beside the page rather than in it: the page never freezes while
//! the computer thinks, and the page's own wasm carries no computer player (it only writes
//! questions and reads replies).
//!
//! A request is one header line (`<tag> <job> <side> <level>`) and then the game's compact
//! save (a missing level is the rule-based player's). The jobs: `move` (the next action at
//! the level), `rest` (setup: the rest of `side`'s starting units) and `advise` (for a person:
//! the search's best options, each `index:permille`, its chance to win in thousandths). The
//! reply is `<tag>` and the chosen actions, each as its index among the legal actions of
//! `side` at that step. The worker rebuilds the game from the save and decides from `side`'s
//! view only, as the page did. One more question turns a save of the older JSON layout into a
//! compact one (`<tag> convert`, then the JSON; the reply is `<tag>` and the compact save), so
//! the page itself reads compact saves only. While a `move` searches, the worker sends notes
//! before its reply, `note <tag> <done> <total> <leaning>` at each whole hundredth of the
//! search's playouts (done of about total, and the index of the action it would play if it
//! stopped now): a player waiting on Hard sees it get on. Plain Rust, tested natively.

use crate::search::{Level, Progress};
use crate::{Player, RuleBot};
use game_kit::{load_compact, save_compact};
use swr_engine::{Action, Game, GameState, Prompt, Side};

/// What the computer is asked to do.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Job {
    /// Its next action.
    Move,
    /// Setup: place the rest of `side`'s starting units (the player's "place the rest").
    PlaceTheRest,
    /// Advice for `side` (a person): the search's best actions with their chances to win,
    /// from `side`'s own view.
    Advise,
}

impl Job {
    fn code(self) -> &'static str {
        match self {
            Job::Move => "move",
            Job::PlaceTheRest => "rest",
            Job::Advise => "advise",
        }
    }
}

fn side_code(side: Side) -> &'static str {
    match side {
        Side::Empire => "empire",
        Side::Rebel => "rebel",
    }
}

/// The request for `job` by `side` in `game` at `level`, tagged so that a late reply is
/// recognised.
pub fn request(tag: u32, job: Job, side: Side, level: Level, game: &Game) -> String {
    format!(
        "{tag} {} {} {}\n{}",
        job.code(),
        side_code(side),
        level.code(),
        save_compact(game)
    )
}

/// The request to turn `json`, a game saved in the older JSON layout, into a compact save.
pub fn convert_request(tag: u32, json: &str) -> String {
    format!("{tag} convert\n{json}")
}

/// The seed of the computer's choice: from the game and its length, so the same game replays
/// the same choices.
fn seed(game: &Game, job: Job) -> u64 {
    let len = game.history().len() as u64;
    game.seed()
        ^ match job {
            Job::Move => len.wrapping_mul(0x9E37),
            Job::PlaceTheRest => len.wrapping_mul(0x51),
            Job::Advise => len.wrapping_mul(0xAD),
        }
}

/// The index of `action` among the legal ones of `view`.
fn index_of(legal: &[Action], action: Action) -> Option<usize> {
    legal.iter().position(|a| *a == action)
}

/// Answers a request (what the worker does with each message).
pub fn answer(request: &str) -> String {
    answer_noting(request, |_| {})
}

/// A note on how far the search for the question `tag` has got: `done` playouts of about
/// `total`, leaning to the legal action at index `leaning`.
pub fn note(tag: &str, progress: Progress<usize>) -> String {
    format!(
        "note {tag} {} {} {}",
        progress.done, progress.total, progress.leaning
    )
}

/// Reads a [`note`]: its question's tag and the progress.
pub fn read_note(text: &str) -> Result<(u32, Progress<usize>), String> {
    let numbers: Vec<u32> = text
        .strip_prefix("note ")
        .ok_or_else(|| format!("not a note: {text}"))?
        .split(' ')
        .map(|w| w.parse().map_err(|_| format!("a bad note: {text}")))
        .collect::<Result<_, _>>()?;
    match numbers[..] {
        [tag, done, total, leaning] => Ok((
            tag,
            Progress {
                done,
                total,
                leaning: leaning as usize,
            },
        )),
        _ => Err(format!("a bad note: {text}")),
    }
}

/// Whole hundredths of the search done, below a hundred until it has ended.
fn hundredths(progress: &Progress<Action>) -> u32 {
    (u64::from(progress.done) * 100 / u64::from(progress.total.max(1))).min(99) as u32
}

/// The search's reports as [`note`]s for `send`, one at each whole hundredth of its playouts.
fn noting<'a>(
    tag: &'a str,
    legal: &'a [Action],
    send: &'a mut impl FnMut(&str),
) -> impl FnMut(Progress<Action>) + 'a {
    let mut noted = 0;
    move |p| {
        let now = hundredths(&p);
        if now <= noted {
            return;
        }
        noted = now;
        if let Some(leaning) = index_of(legal, p.leaning) {
            let (done, total) = (p.done, p.total);
            send(&note(
                tag,
                Progress {
                    done,
                    total,
                    leaning,
                },
            ));
        }
    }
}

/// [`answer`], handing `send` a [`note`] at each whole hundredth of a searching move's
/// playouts, before the reply.
pub fn answer_noting(request: &str, mut send: impl FnMut(&str)) -> String {
    let (header, save) = request.split_once('\n').unwrap_or((request, ""));
    let mut words = header.split(' ');
    let tag = words.next().unwrap_or("0");
    let job = match words.next() {
        Some("move") => Job::Move,
        Some("rest") => Job::PlaceTheRest,
        Some("advise") => Job::Advise,
        Some("convert") => {
            return match Game::load(save) {
                Ok(game) => format!("{tag} {}", save_compact(&game)),
                Err(e) => format!("{tag} error: {e}"),
            }
        }
        _ => return format!("{tag} error: an unknown request"),
    };
    let side = match words.next() {
        Some("empire") => Side::Empire,
        Some("rebel") => Side::Rebel,
        _ => return format!("{tag} error: an unknown side"),
    };
    let level = match words.next() {
        None => Level::Steady,
        Some(code) => match Level::parse(code) {
            Some(level) => level,
            None => return format!("{tag} error: an unknown level"),
        },
    };
    let mut game = match load_compact::<GameState>(save) {
        Ok(game) => game,
        Err(e) => return format!("{tag} error: the game could not be read ({e})"),
    };
    if job == Job::Advise {
        return advice_reply(tag, &game, side, level, seed(&game, job));
    }
    let mut chosen = Vec::new();
    loop {
        let view = game.view(side);
        let setting_up = matches!(view.prompt, Some(Prompt::PlaceStartingUnits));
        if view.legal.is_empty() || (job == Job::PlaceTheRest && !setting_up) {
            break;
        }
        let action = match job {
            Job::Move | Job::Advise => {
                let report = noting(tag, &view.legal, &mut send);
                let engine = game.state().engine_view(side);
                crate::search::choose_reporting(level, &view, &engine, seed(&game, job), report)
            }
            Job::PlaceTheRest => RuleBot::new(seed(&game, job)).choose(&view),
        };
        let Some(index) = index_of(&view.legal, action) else {
            break;
        };
        if job == Job::Move {
            chosen.push(index);
            break;
        }
        if game.apply(side, action).is_err() {
            break;
        }
        chosen.push(index);
    }
    let mut reply = tag.to_string();
    for index in chosen {
        reply.push(' ');
        reply.push_str(&index.to_string());
    }
    reply
}

/// How many options advice names at most.
pub const ADVICE_OPTIONS: usize = 4;

/// `<tag>` and the best options, most visited first, each `index:permille` (its chance to
/// win in thousandths). The search runs at `level`'s budget, or Hard's for a rule-based level.
fn advice_reply(tag: &str, game: &Game, side: Side, level: Level, seed: u64) -> String {
    let view = &game.view(side);
    let iterations = level.iterations().unwrap_or(crate::search::HARD_ITERATIONS);
    let mut estimates: Vec<(usize, crate::search::Estimate<Action>)> =
        crate::search::advise(view, &game.state().engine_view(side), iterations, seed)
            .into_iter()
            .enumerate()
            .filter(|(_, e)| e.visits > 0 || view.legal.len() == 1)
            .collect();
    estimates.sort_by(|a, b| {
        (b.1.visits, b.1.chance)
            .partial_cmp(&(a.1.visits, a.1.chance))
            .unwrap_or(std::cmp::Ordering::Equal)
    });
    let mut reply = tag.to_string();
    for (index, e) in estimates.into_iter().take(ADVICE_OPTIONS) {
        let permille = (e.chance.clamp(0.0, 1.0) * 1000.0).round() as u32;
        reply.push_str(&format!(" {index}:{permille}"));
    }
    reply
}

pub use game_kit::reply::{read_advice, read_reply, read_text_reply};

#[cfg(test)]
mod tests {
    use super::*;
    use swr_engine::GameOptions;

    #[test]
    fn a_move_is_the_rule_based_players_choice_from_its_own_view() {
        let mut game = Game::new(7, GameOptions::default());
        for _ in 0..60 {
            let Some(side) = game.state().active_player() else {
                break;
            };
            let view = game.view(side);
            let expected = RuleBot::new(seed(&game, Job::Move)).choose(&view);
            let reply = answer(&request(5, Job::Move, side, Level::Steady, &game));
            let (tag, indices) = read_reply(&reply).expect("a reply");
            assert_eq!(tag, 5);
            assert_eq!(indices.len(), 1);
            assert_eq!(view.legal[indices[0]], expected);
            game.apply(side, expected).unwrap();
        }
    }

    #[test]
    fn the_rest_of_a_setup_is_placed_step_by_step() {
        let mut game = Game::new(3, GameOptions::default());
        let side = game.state().active_player().unwrap();
        let reply = answer(&request(1, Job::PlaceTheRest, side, Level::Steady, &game));
        let (_, indices) = read_reply(&reply).unwrap();
        assert!(indices.len() > 5, "several placements: {reply}");
        for index in indices {
            let view = game.view(side);
            assert!(matches!(view.prompt, Some(Prompt::PlaceStartingUnits)));
            game.apply(side, view.legal[index]).unwrap();
        }
        let view = game.view(side);
        assert!(
            view.legal.is_empty() || !matches!(view.prompt, Some(Prompt::PlaceStartingUnits)),
            "nothing left to place"
        );
    }

    #[test]
    fn an_older_json_save_converts_to_a_compact_one() {
        let mut game = Game::new(11, GameOptions::default());
        for _ in 0..80 {
            let Some(side) = game.state().active_player() else {
                break;
            };
            let view = game.view(side);
            game.apply(side, view.legal[view.legal.len() / 2]).unwrap();
        }
        let reply = answer(&convert_request(9, &game.save()));
        let (tag, compact) = read_text_reply(&reply).unwrap();
        assert_eq!(tag, 9);
        assert_eq!(load_compact::<GameState>(compact).unwrap(), game);
        assert!(read_text_reply(&answer(&convert_request(2, "{}"))).is_err());
    }

    #[test]
    fn advice_names_legal_options_with_their_chances() {
        let mut game = Game::new(12, GameOptions::default());
        // Past the setup, to a decision with several options.
        let mut bot = RuleBot::new(1);
        loop {
            let side = game.state().active_player().unwrap();
            let view = game.view(side);
            if game.state().time() >= 2 && view.legal.len() > 2 {
                let reply = answer(&request(8, Job::Advise, side, Level::Normal, &game));
                let (tag, options) = read_advice(&reply).expect("advice");
                assert_eq!(tag, 8);
                assert!(!options.is_empty() && options.len() <= ADVICE_OPTIONS);
                for (index, permille) in options {
                    assert!(index < view.legal.len() && permille <= 1000, "{reply}");
                }
                break;
            }
            game.apply(side, bot.choose(&view)).unwrap();
        }
        assert!(read_advice("3 1:x").is_err());
    }

    #[test]
    fn a_searching_move_notes_its_progress_and_decides_as_unwatched() {
        let mut game = Game::new(12, GameOptions::default());
        let mut bot = RuleBot::new(1);
        let mut searched = 0;
        while searched < 3 {
            let side = game.state().active_player().unwrap();
            let view = game.view(side);
            if crate::search::searches(view.phase) && view.legal.len() > 2 {
                searched += 1;
                let question = request(6, Job::Move, side, Level::Normal, &game);
                let mut notes = Vec::new();
                let reply = answer_noting(&question, |n| notes.push(read_note(n).unwrap()));
                assert_eq!(reply, answer(&question), "the same choice, noted or not");
                assert!(
                    notes.len() > 50 && notes.len() < 100,
                    "{} notes",
                    notes.len()
                );
                let mut last = 0;
                for (tag, p) in notes {
                    assert_eq!((tag, p.total), (6, crate::search::NORMAL_ITERATIONS));
                    assert!(p.done > last && p.leaning < view.legal.len());
                    last = p.done;
                }
            }
            game.apply(side, bot.choose(&view)).unwrap();
        }
        assert!(read_note("note 1 2 3").is_err() && read_note("1 2 3 4").is_err());
    }

    #[test]
    fn bad_requests_get_an_error_reply() {
        assert!(read_reply(&answer("3 move empire\nnot a save")).is_err());
        assert!(read_reply(&answer("3 jump empire\n")).is_err());
        assert!(read_reply("garbage").is_err());
        assert_eq!(read_reply("4").unwrap(), (4, vec![]));
    }
}
