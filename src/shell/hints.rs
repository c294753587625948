//! First-time hints, for every game: in a real game, the first time each kind of decision comes
//! up, one line says what it is. Each game names its kinds and writes their lines (its
//! `words/hints.rs`) and decides when a hint may show (never in a lesson, never for a computer's
//! decision); this keeps, on the device, whether hints are on and which kinds were said, and
//! draws the line. A kind counts as said once the person acts on the decision it was shown for,
//! so a reload before that says it again, and one after does not. Several people sharing a
//! device share what was said.

use crate::shell::storage::SaveSlot;
use leptos::prelude::*;
use std::cell::{Cell, RefCell};

thread_local! {
    /// The kinds said on this page's game, one per line (as kept in storage).
    static SEEN: RefCell<String> = const { RefCell::new(String::new()) };
    /// The kind whose hint is on screen now, if any.
    static SHOWN: Cell<Option<&'static str>> = const { Cell::new(None) };
}

/// Whether hints are on (kept in the game's slot `on`: "off" once turned off), and the kinds
/// already said (in its slot `seen`). A kind's hint is drawn with [`Hints::line`] wherever the
/// game draws it, following the game's view; [`Hints::acted`], called when the person acts,
/// marks the kind on screen as said.
#[derive(Clone, Copy)]
pub struct Hints {
    pub on: RwSignal<bool>,
    slots: (SaveSlot, SaveSlot),
}

impl Hints {
    pub fn load(on: SaveSlot, seen: SaveSlot) -> Hints {
        SEEN.set(seen.read().unwrap_or_default());
        Hints {
            on: RwSignal::new(on.read().as_deref() != Some("off")),
            slots: (on, seen),
        }
    }

    /// The hint for the decision on screen, `hint` being its kind and line if it has one and
    /// the game shows hints there: the HTML to draw (empty when hints are off or the kind was
    /// said). Follows the setting.
    pub fn line(&self, hint: Option<(&'static str, &'static str)>) -> String {
        let hint = hint.filter(|(kind, _)| {
            self.on.get() && SEEN.with_borrow(|seen| !seen.lines().any(|k| k == *kind))
        });
        SHOWN.set(hint.map(|(kind, _)| kind));
        hint.map(|(_, line)| hint_html(line)).unwrap_or_default()
    }

    /// The person acted on the decision on screen: its hint, if one was shown, is not said
    /// again.
    pub fn acted(&self) {
        let Some(kind) = SHOWN.take() else {
            return;
        };
        SEEN.with_borrow_mut(|seen| {
            if !seen.is_empty() {
                seen.push('\n');
            }
            seen.push_str(kind);
            // Not kept (a full storage) only means the hint may come again after a reload.
            let _ = self.slots.1.write(seen);
        });
    }

    /// Turns hints on or off; turning them on again says every kind again.
    pub fn set(&self, on: bool) {
        if on {
            SEEN.set(String::new());
            let _ = self.slots.1.write("");
        }
        let _ = self.slots.0.write(if on { "on" } else { "off" });
        self.on.set(on);
    }
}

/// The hint as HTML, its way out a button with `data-cmd="hints-off"` for the game's click
/// handler. `line` is the game's own words: no character HTML treats specially (each game's
/// tests check its lines).
fn hint_html(line: &str) -> String {
    format!(
        "<div class=\"first-hint\" data-testid=\"first-hint\" role=\"note\"><p>{line}</p>\
         <button type=\"button\" class=\"quiet small\" data-testid=\"hints-off\" \
         data-cmd=\"hints-off\">No more hints</button></div>"
    )
}

/// A hint's line as the games write them: one or two short sentences a player reads at a
/// glance, and nothing HTML would read as markup.
#[cfg(test)]
pub fn fit_line(line: &str) -> bool {
    line.split(". ").count() <= 2 && line.len() < 180 && !line.contains(['<', '>', '&', '"'])
}
