//! Games kept aside, so that starting a new game never loses one in progress. Each game has
//! one current game in its save slot (the key earlier versions used, so their saves still
//! load); a new game started while the current one is unfinished first puts the current one on
//! the game's shelf, where it waits with the date it was put aside, who played which side and
//! how far it had gone, until the player resumes or deletes it. Resuming a kept game puts the
//! unfinished current one on the shelf in its turn.
//!
//! Nothing here names a game's types: a game hands over its save text and the words that
//! describe it. The bookkeeping is plain Rust over a key-value [`Store`], tested natively;
//! the app's store is localStorage.

use crate::shell::games::GameId;

/// Where saves live: localStorage in the browser, a map in tests.
pub trait Store {
    fn get(&self, key: &str) -> Option<String>;
    /// The error says why the text could not be kept (storage full or blocked).
    fn set(&mut self, key: &str, value: &str) -> Result<(), String>;
    fn remove(&mut self, key: &str);
}

/// One game on the shelf.
#[derive(Clone, Debug, PartialEq)]
pub struct Kept {
    /// The key its save is under.
    pub key: String,
    /// When it was put aside, in milliseconds since 1970 (the browser's clock). Whole
    /// numbers: reading and writing floating-point numbers would add their code to the wasm.
    pub when: u64,
    /// Who played which side, in the game's words ("You (the Empire) against the computer").
    pub sides: String,
    /// How far it had gone ("round 5").
    pub progress: String,
}

/// What a game says about a game of its to keep it.
#[derive(Clone, Debug, PartialEq)]
pub struct Description {
    pub sides: String,
    pub progress: String,
}

/// A game's shelf in a store.
pub struct Shelf<'a, S: Store> {
    pub game: GameId,
    pub store: &'a mut S,
}

/// The list's first line; then one line per kept game: its key, when, sides and progress,
/// separated by tabs. (A line-based text rather than JSON: its reader is a few lines of code,
/// where a JSON reader for it would add kilobytes to each game's wasm.)
const INDEX_HEADER: &str = "shelf 1";

fn one_line(text: &str) -> String {
    text.chars()
        .map(|c| if c.is_ascii_control() { ' ' } else { c })
        .collect()
}

fn index_text(kept: &[Kept]) -> String {
    let mut out = String::from(INDEX_HEADER);
    for k in kept {
        out.push('\n');
        out.push_str(&format!(
            "{}\t{}\t{}\t{}",
            one_line(&k.key),
            k.when,
            one_line(&k.sides),
            one_line(&k.progress)
        ));
    }
    out
}

fn parse_index(text: &str) -> Option<Vec<Kept>> {
    let mut lines = text.lines();
    if lines.next()? != INDEX_HEADER {
        return None;
    }
    lines
        .map(|line| {
            let mut parts = line.split('\t');
            let kept = Kept {
                key: parts.next()?.to_string(),
                when: parts.next()?.parse().ok()?,
                sides: parts.next()?.to_string(),
                progress: parts.next()?.to_string(),
            };
            parts.next().is_none().then_some(kept)
        })
        .collect()
}

impl<'a, S: Store> Shelf<'a, S> {
    pub fn new(game: GameId, store: &'a mut S) -> Self {
        Shelf { game, store }
    }

    fn index_key(&self) -> String {
        format!("{}-shelf", self.game.slug())
    }

    /// The kept games, the most recently put aside first. An index that cannot be read is
    /// an error, so that nothing is written over it.
    pub fn list(&self) -> Result<Vec<Kept>, String> {
        let Some(text) = self.store.get(&self.index_key()) else {
            return Ok(Vec::new());
        };
        // Written newest first (see `keep`), so read in order.
        parse_index(&text).ok_or_else(|| {
            "the list of kept games could not be read (damaged, or from a newer version)"
                .to_string()
        })
    }

    fn write_index(&mut self, kept: Vec<Kept>) -> Result<(), String> {
        let text = index_text(&kept);
        let key = self.index_key();
        self.store.set(&key, &text)
    }

    /// Before a new game takes the slot: the unfinished game in progress (its save and its
    /// description, if there is one) goes on the shelf. Returns whether one was kept; the
    /// error is the sentence for the player (nothing was started, nothing lost).
    pub fn keep_in_progress(
        &mut self,
        current: Option<(String, Description)>,
        now: u64,
    ) -> Result<bool, String> {
        let Some((save, about)) = current else {
            return Ok(false);
        };
        self.keep(&save, about, now).map_err(|e| {
            format!(
                "Your game in progress could not be kept aside ({e}), so no new game was \
                 started. Nothing was lost."
            )
        })?;
        Ok(true)
    }

    /// Puts a game's save on the shelf. The save is written before the index names it, so a
    /// failure part-way leaves at worst an unlisted copy, never a listed game without its save.
    pub fn keep(&mut self, save: &str, about: Description, now: u64) -> Result<Kept, String> {
        let mut kept = self.list()?;
        let mut n = now;
        let key = loop {
            let key = format!("{}-kept-{n}", self.game.slug());
            if self.store.get(&key).is_none() {
                break key;
            }
            n += 1;
        };
        self.store.set(&key, save)?;
        let entry = Kept {
            key: key.clone(),
            when: now,
            sides: about.sides,
            progress: about.progress,
        };
        kept.insert(0, entry.clone());
        if let Err(e) = self.write_index(kept) {
            self.store.remove(&key);
            return Err(e);
        }
        Ok(entry)
    }

    /// The save of a kept game.
    pub fn read(&self, key: &str) -> Option<String> {
        self.store.get(key)
    }

    /// Takes a game off the shelf for good (deleted, or resumed into the current slot).
    pub fn remove(&mut self, key: &str) -> Result<(), String> {
        let kept: Vec<Kept> = self.list()?.into_iter().filter(|k| k.key != key).collect();
        self.write_index(kept)?;
        self.store.remove(key);
        Ok(())
    }
}

impl<'a, S: Store> Shelf<'a, S> {
    /// Makes the kept game `key` the current one, in the game's save slot `slot`. The current
    /// game, if unfinished (`current`: its save and description), goes on the shelf first; then
    /// the kept save is written to the slot, and only then leaves the shelf. A failure at any
    /// step leaves every game where it was (at worst a copy too many).
    pub fn resume(
        &mut self,
        key: &str,
        slot: &str,
        current: Option<(&str, Description)>,
        now: u64,
    ) -> Result<(), String> {
        let text = self
            .read(key)
            .ok_or_else(|| "this kept game is no longer on this device".to_string())?;
        let mut put_aside = None;
        if let Some((save, about)) = current {
            put_aside = Some(self.keep(save, about, now)?);
        }
        if let Err(e) = self.store.set(slot, &text) {
            if let Some(aside) = put_aside {
                // The current game is still in its slot: the copy on the shelf goes.
                let _ = self.remove(&aside.key);
            }
            return Err(e);
        }
        self.remove(key)
    }
}

/// A game's page writes one line beside its save after every move, so that another page
/// (Empire vs. Rebellion's "Your games") can keep the game in progress aside without reading
/// the save itself: whether the game is over, and its description. The line names the save it
/// describes (a checksum), so a line left from another save is never believed.
pub fn about_key(slot: &str) -> String {
    format!("{slot}-about")
}

fn checksum(text: &str) -> u32 {
    text.bytes()
        .fold(0x811c_9dc5, |h, b| (h ^ b as u32).wrapping_mul(0x0100_0193))
}

pub fn about_text(save: &str, about: &Description, over: bool) -> String {
    format!(
        "{}\t{}\t{}\t{}",
        checksum(save),
        if over { "over" } else { "playing" },
        one_line(&about.sides),
        one_line(&about.progress)
    )
}

/// What the line says of `save`: `Some((description, over))`, or `None` if it is about
/// another save or unreadable.
pub fn read_about(line: &str, save: &str) -> Option<(Description, bool)> {
    let mut parts = line.split('\t');
    if parts.next()?.parse::<u32>().ok()? != checksum(save) {
        return None;
    }
    let over = match parts.next()? {
        "over" => true,
        "playing" => false,
        _ => return None,
    };
    let about = Description {
        sides: parts.next()?.to_string(),
        progress: parts.next()?.to_string(),
    };
    Some((about, over))
}

/// localStorage, the browser's store.
pub struct LocalStorage;

impl Store for LocalStorage {
    fn get(&self, key: &str) -> Option<String> {
        leptos::prelude::window()
            .local_storage()
            .ok()??
            .get_item(key)
            .ok()?
    }

    fn set(&mut self, key: &str, value: &str) -> Result<(), String> {
        let storage = leptos::prelude::window()
            .local_storage()
            .ok()
            .flatten()
            .ok_or("this browser does not allow saving games (storage is blocked)")?;
        storage
            .set_item(key, value)
            .map_err(|_| "the browser's storage is full".to_string())
    }

    fn remove(&mut self, key: &str) {
        if let Ok(Some(storage)) = leptos::prelude::window().local_storage() {
            let _ = storage.remove_item(key);
        }
    }
}

/// The browser's clock, in milliseconds since 1970.
pub fn now() -> u64 {
    js_sys::Date::now() as u64
}

/// "26 November 2026, 14:05" in the reader's own language and time zone.
pub fn date_text(when: u64) -> String {
    let date = js_sys::Date::new(&wasm_bindgen::JsValue::from_f64(when as f64));
    let options = js_sys::Object::new();
    for (k, v) in [
        ("day", "numeric"),
        ("month", "long"),
        ("year", "numeric"),
        ("hour", "2-digit"),
        ("minute", "2-digit"),
    ] {
        let _ = js_sys::Reflect::set(&options, &k.into(), &v.into());
    }
    date.to_locale_string("default", &options).into()
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::BTreeMap;

    #[derive(Default)]
    struct Map {
        items: BTreeMap<String, String>,
        /// Refuses writes once it holds this many items (a full storage).
        room: Option<usize>,
    }

    impl Store for Map {
        fn get(&self, key: &str) -> Option<String> {
            self.items.get(key).cloned()
        }
        fn set(&mut self, key: &str, value: &str) -> Result<(), String> {
            if self
                .room
                .is_some_and(|r| self.items.len() >= r && !self.items.contains_key(key))
            {
                return Err("full".into());
            }
            self.items.insert(key.into(), value.into());
            Ok(())
        }
        fn remove(&mut self, key: &str) {
            self.items.remove(key);
        }
    }

    fn about(progress: &str) -> Description {
        Description {
            sides: "You (the Empire) against the computer".into(),
            progress: progress.into(),
        }
    }

    #[test]
    fn a_game_in_progress_is_kept_before_a_new_one_or_nothing_starts() {
        let mut store = Map::default();
        let mut shelf = Shelf::new(GameId::GalacticRebellion, &mut store);
        assert_eq!(shelf.keep_in_progress(None, 5), Ok(false));
        let current = Some(("save C".to_string(), about("turn 4")));
        assert_eq!(shelf.keep_in_progress(current.clone(), 5), Ok(true));
        assert_eq!(shelf.list().unwrap().len(), 1);
        let mut full = Map {
            room: Some(0),
            ..Map::default()
        };
        let refused = Shelf::new(GameId::GalacticRebellion, &mut full).keep_in_progress(current, 5);
        assert!(refused.unwrap_err().contains("Nothing was lost"));
    }

    #[test]
    fn kept_games_are_listed_newest_first_read_back_and_removed() {
        let mut store = Map::default();
        let mut shelf = Shelf::new(GameId::Rebellion, &mut store);
        assert_eq!(shelf.list(), Ok(vec![]));
        let a = shelf.keep("save A", about("round 3"), 1000).unwrap();
        let b = shelf.keep("save B", about("round 7"), 2000).unwrap();
        let listed = shelf.list().unwrap();
        assert_eq!(listed, vec![b.clone(), a.clone()]);
        assert_eq!(shelf.read(&a.key).as_deref(), Some("save A"));
        shelf.remove(&a.key).unwrap();
        assert_eq!(shelf.list().unwrap(), vec![b.clone()]);
        assert_eq!(shelf.read(&a.key), None);
        // Another game's shelf is another list.
        let other = Shelf::new(GameId::EmpireVsRebellion, &mut store);
        assert_eq!(other.list(), Ok(vec![]));
    }

    #[test]
    fn the_list_reads_back_what_it_wrote_and_refuses_anything_else() {
        let kept = vec![Kept {
            key: "swr-kept-1".into(),
            when: 1_764_000_000_000,
            sides: "You (the Empire)\tagainst\nthe computer".into(),
            progress: "Round 3".into(),
        }];
        let read = parse_index(&index_text(&kept)).unwrap();
        assert_eq!(read[0].sides, "You (the Empire) against the computer");
        assert_eq!(read[0].when, kept[0].when);
        assert_eq!(parse_index("shelf 1"), Some(vec![]));
        assert_eq!(parse_index("shelf 2\nx\t1\ta\tb"), None, "a newer list");
        assert_eq!(parse_index("shelf 1\nx\tnot a time\ta\tb"), None);
        assert_eq!(parse_index("shelf 1\nx\t1\ta"), None);
    }

    #[test]
    fn two_games_kept_in_the_same_millisecond_keep_both() {
        let mut store = Map::default();
        let mut shelf = Shelf::new(GameId::Rebellion, &mut store);
        let a = shelf.keep("A", about("round 1"), 5).unwrap();
        let b = shelf.keep("B", about("round 2"), 5).unwrap();
        assert_ne!(a.key, b.key);
        assert_eq!(shelf.read(&a.key).as_deref(), Some("A"));
        assert_eq!(shelf.read(&b.key).as_deref(), Some("B"));
    }

    #[test]
    fn a_full_storage_keeps_nothing_half_and_says_so() {
        let mut store = Map {
            room: Some(1),
            ..Map::default()
        };
        let mut shelf = Shelf::new(GameId::Rebellion, &mut store);
        // Room for the save but not for the index: the save is taken back.
        assert!(shelf.keep("A", about("round 1"), 1).is_err());
        assert_eq!(shelf.list(), Ok(vec![]));
        assert!(store.items.is_empty(), "{:?}", store.items);
    }

    #[test]
    fn resuming_a_kept_game_puts_the_unfinished_current_one_on_the_shelf() {
        let mut store = Map::default();
        store.items.insert("swr-save".into(), "current".into());
        let mut shelf = Shelf::new(GameId::Rebellion, &mut store);
        let old = shelf.keep("older", about("round 4"), 10).unwrap();
        shelf
            .resume(
                &old.key,
                "swr-save",
                Some(("current", about("round 9"))),
                20,
            )
            .unwrap();
        let listed = shelf.list().unwrap();
        assert_eq!(listed.len(), 1);
        assert_eq!(listed[0].progress, "round 9");
        assert_eq!(shelf.read(&listed[0].key).as_deref(), Some("current"));
        assert_eq!(
            store.items.get("swr-save").map(String::as_str),
            Some("older")
        );
        // A finished current game is simply replaced.
        let mut shelf = Shelf::new(GameId::Rebellion, &mut store);
        let kept = shelf.list().unwrap()[0].key.clone();
        shelf.resume(&kept, "swr-save", None, 30).unwrap();
        assert_eq!(shelf.list(), Ok(vec![]));
        assert_eq!(
            store.items.get("swr-save").map(String::as_str),
            Some("current")
        );
    }

    #[test]
    fn the_line_beside_a_save_is_believed_only_for_that_save() {
        let line = about_text("save A", &about("Round 3"), false);
        assert_eq!(read_about(&line, "save A"), Some((about("Round 3"), false)));
        assert_eq!(read_about(&line, "save B"), None);
        let over = about_text("save B", &about("Over"), true);
        assert_eq!(read_about(&over, "save B").map(|(_, o)| o), Some(true));
        assert_eq!(read_about("garbage", "save B"), None);
    }

    #[test]
    fn an_unreadable_list_is_an_error_and_is_not_overwritten() {
        let mut store = Map::default();
        store.items.insert("swr-shelf".into(), "{broken".into());
        let mut shelf = Shelf::new(GameId::Rebellion, &mut store);
        assert!(shelf.list().is_err());
        assert!(shelf.keep("A", about("round 1"), 1).is_err());
        assert_eq!(
            store.items.get("swr-shelf").map(String::as_str),
            Some("{broken")
        );
    }
}
