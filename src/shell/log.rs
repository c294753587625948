//! A game log in plain words, newest first, and a live region that announces the other
//! side's moves to screen readers. The lines come from the game's own narration.

use leptos::prelude::*;

/// `lines` oldest first; lines starting "You " are the viewer's own doing.
#[component]
pub fn LogList(lines: Vec<String>) -> impl IntoView {
    // The latest lines that were not the viewer's own doing.
    let mut announce: Vec<&str> = lines
        .iter()
        .rev()
        .take_while(|l| !l.starts_with("You "))
        .take(3)
        .map(String::as_str)
        .collect();
    announce.reverse();
    let announce = announce.join(" ");
    let recent = lines
        .iter()
        .rev()
        .take(60)
        .map(|l| view! { <li>{l.clone()}</li> })
        .collect_view();
    view! {
        <aside class="log" aria-label="Game log" data-testid="log">
            <div class="sr-only" aria-live="polite" data-testid="announce">{announce}</div>
            <h2>"Log"</h2>
            <ol reversed>{recent}</ol>
        </aside>
    }
}
