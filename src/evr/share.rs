//! A finished game shared as a link or a file: the replay page's address with the game's code
//! (see `game_kit::share`) after `#g=`. The code is in the fragment, so it never leaves the
//! device, and any copy of the app opens it, offline too. A file holds the same link, so
//! opening it in any text editor shows where it leads. Plain Rust, tested natively.

use crate::evr::session::{Difficulty, Mode};
use evr_engine::{Game, GameState, Side};
use game_kit::ShareError;

/// The replay page, relative to the game's page (both sit side by side in the build).
pub const REPLAY_PAGE: &str = "replay.html";
const MARK: &str = "#g=";

/// Who played, in the code's byte: 0 for two players, else the human's side and the level
/// (1 to 8 for the first four levels; Expert, added later, 9 and 10).
pub fn players_byte(mode: Mode) -> u8 {
    match mode {
        Mode::TwoPlayers => 0,
        // A lesson never ends, so it is never shared: its learner against Steady.
        Mode::Lesson => 2 + crate::evr::lesson::LEARNER.index() as u8 * 4,
        Mode::VsComputer {
            human,
            difficulty: Difficulty::Expert,
        } => 9 + human.index() as u8,
        Mode::VsComputer { human, difficulty } => {
            let level = Difficulty::ALL
                .iter()
                .position(|d| *d == difficulty)
                .unwrap_or(0) as u8;
            1 + human.index() as u8 * 4 + level
        }
    }
}

/// The mode a players byte names (None for a byte no version writes).
pub fn players_mode(byte: u8) -> Option<Mode> {
    match byte {
        0 => Some(Mode::TwoPlayers),
        1..=8 => Some(Mode::VsComputer {
            human: Side::BOTH[(byte as usize - 1) / 4],
            difficulty: Difficulty::ALL[(byte as usize - 1) % 4],
        }),
        9 | 10 => Some(Mode::VsComputer {
            human: Side::BOTH[byte as usize - 9],
            difficulty: Difficulty::Expert,
        }),
        _ => None,
    }
}

/// Who played, in words: "Two players", "You (Rebel) against the computer (Normal)".
pub fn players_words(mode: Mode) -> String {
    match mode {
        Mode::TwoPlayers => "Two players at one device".to_string(),
        Mode::Lesson => crate::evr::lesson::TITLE.to_string(),
        Mode::VsComputer { human, difficulty } => format!(
            "The {} against the computer ({})",
            crate::evr::narrate::side_name(human),
            difficulty.name()
        ),
    }
}

/// The link to a code, from the address of the page that makes it (its own fragment and
/// file name dropped): `https://host/path/replay.html#g=CODE`.
pub fn link(page_address: &str, code: &str) -> String {
    let base = page_address.split('#').next().unwrap_or_default();
    let base = base.split('?').next().unwrap_or_default();
    let dir = &base[..base.rfind('/').map_or(0, |i| i + 1)];
    format!("{dir}{REPLAY_PAGE}{MARK}{code}")
}

/// The code in a link, a file's text or a bare code; None when there is none to read.
pub fn code_in(text: &str) -> Option<&str> {
    let text = text.trim();
    let code = match text.rfind(MARK) {
        Some(at) => &text[at + MARK.len()..],
        None if text.contains(['/', '#', ' ', '{']) => return None,
        None => text,
    };
    let code = code.split(['&', '#', '\n', ' ']).next().unwrap_or_default();
    (!code.is_empty()).then_some(code)
}

/// A shared game read from a link or a file, with the mode it was played in.
#[derive(Debug)]
pub struct Opened {
    pub game: Game,
    pub mode: Option<Mode>,
}

/// Reads a link, a file's text or a code. Only finished games are shared, so anything else is
/// refused too. The message says why, in the player's words.
pub fn open(text: &str) -> Result<Opened, String> {
    let code = code_in(text).ok_or_else(|| message(&ShareError::NotAGame))?;
    let shared = game_kit::share::decode::<GameState>(code).map_err(|e| message(&e))?;
    if !shared.game.state().is_over() {
        return Err("This game was shared before it ended: only finished games are shared.".into());
    }
    Ok(Opened {
        mode: players_mode(shared.players),
        game: shared.game,
    })
}

fn message(error: &ShareError) -> String {
    let mut text = error.to_string();
    if let Some(first) = text.get(..1) {
        text = first.to_ascii_uppercase() + &text[1..];
    }
    format!("{text}. Nothing on this device was changed.")
}

/// A file name for an exported game: the app's name and the game's first few code letters.
pub fn file_name(code: &str) -> String {
    let tag: String = code.chars().rev().take(6).collect();
    format!("empire-vs-rebellion-game-{tag}.txt")
}

#[cfg(test)]
mod tests {
    use super::*;
    use evr_engine::rng::Rng;
    use evr_engine::{GameOptions, Variant};

    fn finished(seed: u64) -> Game {
        let mut game = Game::new(
            seed,
            GameOptions {
                variant: Variant::Tutorial,
            },
        );
        let mut rng = Rng::new(seed);
        while let Some(side) = game.state().active_players().iter().next() {
            let legal = game.state().legal_actions(side);
            game.apply(side, legal[rng.below(legal.len())]).unwrap();
        }
        game
    }

    #[test]
    fn every_mode_has_its_byte() {
        let mut modes = vec![Mode::TwoPlayers];
        for human in Side::BOTH {
            for difficulty in Difficulty::ALL {
                modes.push(Mode::VsComputer { human, difficulty });
            }
        }
        for mode in modes {
            assert_eq!(players_mode(players_byte(mode)), Some(mode));
        }
        assert_eq!(players_mode(11), None);
    }

    #[test]
    fn links_point_at_the_replay_page_beside_the_game() {
        let at = "https://example.org/sw/index.html?x=1#old";
        assert_eq!(link(at, "AbC"), "https://example.org/sw/replay.html#g=AbC");
        assert_eq!(
            link("http://127.0.0.1:8080/", "Q"),
            "http://127.0.0.1:8080/replay.html#g=Q"
        );
        let linked = link(at, "AbC-_9");
        assert_eq!(code_in(&linked), Some("AbC-_9"));
        assert_eq!(code_in(&format!("  {linked}\n")), Some("AbC-_9"));
        assert_eq!(code_in("AbC-_9"), Some("AbC-_9"));
        assert_eq!(code_in("https://example.org/replay.html"), None);
        assert_eq!(code_in(""), None);
    }

    #[test]
    fn a_link_opens_its_game_and_bad_links_say_why() {
        let game = finished(4);
        let code = game_kit::share::encode(&game, 2);
        let opened = open(&link("https://x.org/a/", &code)).unwrap();
        assert_eq!(opened.game, game);
        assert_eq!(opened.mode, players_mode(2));

        let other = if &code[5..6] == "A" { "B" } else { "A" };
        let damaged = format!("{}{other}{}", &code[..5], &code[6..]);
        assert!(open(&damaged).unwrap_err().contains("damaged"));
        assert!(open("{\"format\":\"evr-save\"}")
            .unwrap_err()
            .contains("not a shared game"));
        let newer = game_kit::share::with_version(&code, 9).unwrap();
        assert!(open(&newer).unwrap_err().contains("another version"));

        // A game in progress is never opened as a shared game.
        let unfinished = game.truncated(game.history().len() - 1);
        let code = game_kit::share::encode(&unfinished, 0);
        assert!(open(&code).unwrap_err().contains("only finished games"));
    }
}
