//! The game log in plain words, newest first, and a live region that announces the
//! opponent's moves to screen readers.

use crate::narrate::describe;
use evr_engine::view::PlayerView;
use leptos::prelude::*;

#[component]
pub fn LogPanel(view: PlayerView) -> impl IntoView {
    let me = view.viewer;
    let lines: Vec<String> = view.log.iter().filter_map(|e| describe(e, me)).collect();
    // The latest lines that were not the viewer's own doing.
    let announce = lines
        .iter()
        .rev()
        .take_while(|l| !l.starts_with("You "))
        .take(3)
        .cloned()
        .collect::<Vec<_>>()
        .into_iter()
        .rev()
        .collect::<Vec<_>>()
        .join(" ");
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
