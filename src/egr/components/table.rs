//! The table: the turn track at the top, the eight planets, the eight event boxes and what
//! they offer, the factions and the decision, on one screen at every window size, every place
//! a worker goes in view at once (style/galactic.css).

use super::boxes::Boxes;
use super::decision::Decision;
use super::drawers::Drawers;
use super::factions::Factions;
use super::planets::Planets;
use super::ui;
use crate::egr::app::Drawer;
use crate::egr::words::{epoch_name, phase_name};
use leptos::prelude::*;

/// The eight turns, the epochs and the scoring turns (3, 6 and 8).
#[component]
fn TurnTrack() -> impl IntoView {
    let ui = ui();
    let turn = Memo::new(move |_| ui.view.with(|v| v.as_ref().map_or(1, |v| v.turn)));
    let pips = (1..=8u8)
        .map(|t| {
            view! {
                <li class="pip" class:now=move || turn.get() == t class:past=move || { turn.get() > t }
                    class:scoring=matches!(t, 3 | 6 | 8)
                    aria-current=move || (turn.get() == t).then_some("step")>{t}</li>
            }
        })
        .collect_view();
    let step = move || {
        ui.view
            .with(|v| v.as_ref().map(phase_name).unwrap_or_default())
    };
    let epoch = move || {
        ui.view
            .with(|v| v.as_ref().map(|v| epoch_name(v.epoch)).unwrap_or_default())
    };
    view! {
        <div class="turn-track" data-testid="turn-track"
            aria-label=move || format!("Turn {} of 8, epoch {}", turn.get(), epoch())>
            <span class="epoch">{move || format!("Epoch {}", epoch())}</span>
            <ol class="pips">{pips}</ol>
            <span class="step" data-testid="step">{step}</span>
        </div>
    }
}

#[component]
pub fn GameScreen() -> impl IntoView {
    let ui = ui();
    let open = move |d: Drawer| {
        ui.choices.set(None);
        ui.drawer
            .update(|o| *o = if *o == Some(d) { None } else { Some(d) });
    };
    let late = move || ui.view.with(|v| v.as_ref().is_some_and(|v| v.turn >= 7));
    let players = move || ui.view.with(|v| v.as_ref().map_or(0, |v| v.players));
    // How far the game has gone, for the browser tests.
    let position = move || {
        ui.session
            .with(|s| s.as_ref().map_or(0, |s| s.position().1))
    };
    view! {
        <main class="egr-table" data-testid="table" data-players=players data-position=position>
            <header class="egr-top">
                <TurnTrack />
                <nav class="egr-tools" aria-label="Table">
                    <button class="quiet" class:glow=late data-testid="open-forecast"
                        on:click=move |_| open(Drawer::Forecast)>"War"<span class="wide-only">" forecast"</span></button>
                    <button class="quiet" data-testid="open-log" on:click=move |_| open(Drawer::Log)>"Log"</button>
                    <button class="quiet" data-testid="open-rules" on:click=move |_| ui.rules_open.set(true)>"Rules"</button>
                    <button class="quiet" data-testid="open-menu" on:click=move |_| open(Drawer::Menu)>"Menu"</button>
                </nav>
            </header>
            // Two columns of their own on a phone on its side; elsewhere their parts are laid
            // out on the table's grid one by one (style/galactic.css).
            <div class="egr-side">
                <Planets />
                <Factions />
            </div>
            <div class="egr-board">
                <Boxes />
            </div>
            <Decision />
            <Drawers />
        </main>
    }
}
