//! The Leptos (client-side rendered) app for Star Wars: Empire vs. Rebellion.
//!
//! For now a skeleton that renders real engine data: the 24 event cards. The game UI proper
//! (one signal-held game state driven by the engine, thin components) comes later; see
//! `docs/architecture.md`.

use evr_engine::cards::{EventCard, EVENTS};
use leptos::prelude::*;

/// The root component, mounted on `<body>` by `main.rs`.
#[component]
pub fn App() -> impl IntoView {
    view! {
        <main class="app">
            <header class="app-header">
                <h1>"Star Wars: Empire vs. Rebellion"</h1>
                <p class="tagline">"The event deck — " {EVENTS.len()} " events"</p>
            </header>
            <EventList />
        </main>
    }
}

/// All event cards as a grid. Clicking a card selects it (clicking again deselects).
#[component]
fn EventList() -> impl IntoView {
    let selected = RwSignal::new(None::<usize>);
    view! {
        <ul class="event-list" data-testid="event-list">
            {EVENTS
                .iter()
                .enumerate()
                .map(|(index, card)| view! { <EventCardView index card selected /> })
                .collect_view()}
        </ul>
    }
}

/// One event card, drawn in CSS.
#[component]
fn EventCardView(
    index: usize,
    card: &'static EventCard,
    selected: RwSignal<Option<usize>>,
) -> impl IntoView {
    let is_selected = move || selected.get() == Some(index);
    let toggle = move |_| selected.set(toggled(selected.get(), index));
    view! {
        <li class="event-card" class:selected=is_selected data-testid="event-card">
            <button type="button" class="event-card-face" aria-pressed=move || is_selected().to_string() on:click=toggle>
                <span class="event-name">{card.name}</span>
                <span class="event-stats">
                    <Stat class="vp" label="Victory points" value=card.victory_points />
                    <Stat class="influence" label="Influence" value=card.influence />
                    <Stat class="capacity" label="Capacity" value=card.capacity />
                    <Stat class="objective" label="Objective" value=card.objective />
                </span>
            </button>
        </li>
    }
}

#[component]
fn Stat(class: &'static str, label: &'static str, value: u8) -> impl IntoView {
    view! {
        <span class=format!("stat stat-{class}") title=label>
            <span class="stat-value">{value}</span>
            <span class="stat-label">{label}</span>
        </span>
    }
}

/// The selection after clicking card `index`: a click on the selected card clears the selection.
fn toggled(current: Option<usize>, index: usize) -> Option<usize> {
    if current == Some(index) {
        None
    } else {
        Some(index)
    }
}

#[cfg(test)]
mod tests {
    use super::toggled;

    #[test]
    fn clicking_selects_and_clicking_again_deselects() {
        assert_eq!(toggled(None, 3), Some(3));
        assert_eq!(toggled(Some(3), 5), Some(5));
        assert_eq!(toggled(Some(5), 5), None);
    }
}
