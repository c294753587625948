//! The game screen: a hand-off between two players, or the table: the track and whose turn it
//! is on top, the galaxy, and beside it (below it on a phone) the decision, the combat, the
//! picked system, both sheets and the log.

use super::cards::CardZoom;
use super::combat::CombatPanel;
use super::decision::Decision;
use super::log::LogPanel;
use super::mission::MissionPanel;
use super::sheets::{OpponentSheet, OwnSheet};
use super::track::TimeTrack;
use crate::shell::HandoffScreen;
use crate::swr::app::{Screen, Ui};
use crate::swr::components::galaxy::Galaxy;
use crate::swr::words::place_name;
use leptos::prelude::*;
use swr_engine::{Phase, PlayerView};

/// Which panel the side area shows.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Tab {
    Own,
    Opponent,
    Log,
}

fn phase_text(view: &PlayerView) -> String {
    match view.phase {
        Phase::Setup => "Setup".to_string(),
        Phase::Assignment { .. } => "Assignment phase".to_string(),
        Phase::Command { turn, .. } => format!("Command phase: the {}'s turn", turn.name()),
        Phase::Refresh => "Refresh phase".to_string(),
        Phase::Over { winner } => format!("Game over: the {} wins", winner.name()),
    }
}

#[component]
pub fn GameScreen() -> impl IntoView {
    let ui = expect_context::<Ui>();
    let handoff = move || {
        ui.session
            .with(|s| s.as_ref().is_some_and(|s| s.needs_handoff()))
    };
    let next = Signal::derive(move || {
        ui.session
            .with(|s| s.as_ref().and_then(|s| s.next_actor()))
            .map_or("next", |side| side.name())
            .to_string()
    });
    let tab = RwSignal::new(Tab::Own);
    view! {
        <Show when=move || ui.save_failed.get().is_some()>
            <p class="banner error" role="alert" data-testid="save-error">{move || ui.save_failed.get()}</p>
        </Show>
        <Show when=move || ui.notice.get().is_some()>
            <p class="banner" role="status">{move || ui.notice.get()}</p>
        </Show>
        {move || {
            if handoff() {
                return view! { <HandoffScreen next on_ready=Callback::new(move |_| ui.take_seat()) /> }.into_any();
            }
            if ui.view.with(|v| v.is_none()) {
                return view! { <p>"No game in progress."</p> }.into_any();
            }
            view! { <Table tab /> }.into_any()
        }}
    }
}

#[component]
fn Table(tab: RwSignal<Tab>) -> impl IntoView {
    let ui = expect_context::<Ui>();
    let header = move || {
        ui.view.get().map(|v| {
            let turn = match v.active {
                Some(side) if side == v.viewer => "Your decision".to_string(),
                Some(side) => format!("The {} decides", side.name()),
                None => String::new(),
            };
            view! {
                <header class="swr-top">
                    <span class="phase" data-testid="phase">{phase_text(&v)}</span>
                    <span class="turn" data-testid="turn">{turn}</span>
                    <TimeTrack time=v.time reputation=v.reputation />
                    <span class="menu">
                        <button class="quiet" on:click=move |_| ui.rules_open.set(true)>"Rules"</button>
                        <button class="quiet" data-testid="menu" on:click=move |_| ui.screen.set(Screen::Start)>"Menu"</button>
                    </span>
                </header>
            }
        })
    };
    // The decision also follows the picked system, which narrows long lists.
    let decision = move || {
        ui.selected.track();
        ui.view.get().map(|view| view! { <Decision view /> })
    };
    let combat = move || {
        ui.view
            .get()
            .and_then(|v| v.combat)
            .map(|combat| view! { <CombatPanel combat /> })
    };
    let mission = move || {
        ui.view.get().and_then(|v| {
            let viewer = v.viewer;
            v.mission
                .map(|mission| view! { <MissionPanel mission viewer /> })
        })
    };
    let over = move || {
        ui.view.get().and_then(|v| match v.phase {
            Phase::Over { winner } => Some(view! {
                <section class="game-over" data-testid="game-over" role="status">
                    <h2>{if winner == v.viewer { "You win!".to_string() } else { format!("The {} wins.", winner.name()) }}</h2>
                    <button class="primary" data-testid="back-to-start" on:click=move |_| ui.screen.set(Screen::Start)>"Back to the start"</button>
                </section>
            }),
            _ => None,
        })
    };
    let picked = move || {
        ui.selected.get().map(|place| {
            view! {
                <p class="picked" data-testid="picked">
                    {format!("Picked: {}", place_name(place))}
                    " "
                    <button class="quiet small" on:click=move |_| ui.selected.set(None)>"Clear"</button>
                </p>
            }
        })
    };
    let panel = move || {
        let v = ui.view.get()?;
        Some(match tab.get() {
            Tab::Own => view! { <OwnSheet view=v /> }.into_any(),
            Tab::Opponent => view! { <OpponentSheet view=v /> }.into_any(),
            Tab::Log => view! { <LogPanel view=v /> }.into_any(),
        })
    };
    let tab_button = move |t: Tab, label: &'static str, id: &'static str| {
        view! {
            <button role="tab" class="tab" data-testid=id aria-selected=move || (tab.get() == t).to_string()
                on:click=move |_| tab.set(t)>{label}</button>
        }
    };
    view! {
        <div class="swr-table" data-testid="table">
            {header}
            <div class="swr-main">
                <div class="galaxy-wrap">
                    <Galaxy />
                </div>
                <div class="swr-side">
                    {over}
                    {mission}
                    {combat}
                    {decision}
                    {picked}
                    <div class="tabs" role="tablist">
                        {tab_button(Tab::Own, "Your sheet", "tab-own")}
                        {tab_button(Tab::Opponent, "Opponent", "tab-opponent")}
                        {tab_button(Tab::Log, "Log", "tab-log")}
                    </div>
                    {panel}
                </div>
            </div>
            <CardZoom />
        </div>
    }
}
