//! The decision: the engine's question for the player at the screen and one button per legal
//! action, grouped. A system picked on the galaxy narrows long lists to that system.

use super::look::action_place;
use crate::swr::app::Ui;
use crate::swr::words::{action_group, action_text, place_name, prompt_text, waiting_text};
use leptos::prelude::*;
use swr_engine::{Action, PlayerView};

/// Above this many choices, a system picked on the galaxy filters them.
const LONG_LIST: usize = 16;

#[component]
pub fn Decision(view: PlayerView) -> impl IntoView {
    let ui = expect_context::<Ui>();
    let Some(prompt) = view.prompt.clone() else {
        return view! { <section class="decision" id="decision" data-testid="decision"></section> }
            .into_any();
    };
    if view.legal.is_empty() {
        let text = waiting_text(&prompt, &view);
        return view! {
            <section class="decision waiting" id="decision" data-testid="decision">
                <p class="prompt" data-testid="prompt">{text}</p>
                <Show when=move || ui.thinking.get()>
                    <p class="thinking" data-testid="thinking">"The computer is deciding…"</p>
                </Show>
            </section>
        }
        .into_any();
    }
    let question = prompt_text(&prompt, &view);
    let selected = ui.selected.get_untracked();
    let filtered = view.legal.len() > LONG_LIST
        && selected.is_some()
        && view.legal.iter().any(|a| action_place(a) == selected);
    let shown: Vec<Action> = view
        .legal
        .iter()
        .copied()
        .filter(|a| !filtered || action_place(a).is_none() || action_place(a) == selected)
        .collect();
    // Groups in the order their first action comes.
    let mut groups: Vec<(&'static str, Vec<Action>)> = Vec::new();
    for a in shown {
        let g = action_group(&a, &view);
        match groups.iter_mut().find(|(name, _)| *name == g) {
            Some((_, v)) => v.push(a),
            None => groups.push((g, vec![a])),
        }
    }
    let hint = (view.legal.len() > LONG_LIST && !filtered)
        .then(|| view! { <p class="hint">"Tip: pick a system on the galaxy to see only its choices."</p> });
    let filter_note = filtered.then(|| {
        let name = selected.map(place_name).unwrap_or_default();
        view! {
            <p class="hint">
                {format!("Choices at {name}. ")}
                <button class="quiet small" data-testid="clear-filter" on:click=move |_| ui.selected.set(None)>"Show all"</button>
            </p>
        }
    });
    let first = std::cell::Cell::new(true);
    let groups = groups
        .into_iter()
        .map(|(name, actions)| {
            let buttons = actions
                .into_iter()
                .map(|a| {
                    let label = action_text(&a, &view);
                    let autofocus = first.replace(false).then_some("");
                    view! {
                        <button class="choice" data-testid="choice" data-action=format!("{a:?}")
                            data-autofocus=autofocus on:click=move |_| ui.act(a)>
                            {label}
                        </button>
                    }
                })
                .collect_view();
            view! {
                <div class="choice-group">
                    <h3>{name}</h3>
                    <div class="buttons">{buttons}</div>
                </div>
            }
        })
        .collect_view();
    // While units move: what each source's ships can still carry.
    let transport = view.moving.as_ref().map(|m| {
        let lines = m
            .transport
            .iter()
            .filter(|(_, capacity, used)| *capacity > 0 || *used > 0)
            .map(|&(from, capacity, used)| {
                view! { <li>{format!("From {}: {used} of {capacity} transport places used", place_name(from))}</li> }
            })
            .collect_view();
        view! { <ul class="transport" data-testid="transport">{lines}</ul> }
    });
    view! {
        <section class="decision" id="decision" data-testid="decision">
            <p class="prompt" data-testid="prompt">{question}</p>
            {transport}
            {filter_note}
            {groups}
            {hint}
        </section>
    }
    .into_any()
}
