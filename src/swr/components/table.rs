//! The game screen: a hand-off between two players, or the table, which fits the window with
//! no page scroll: a slim bar on top (the phase, whose decision, the drawers), the galaxy
//! filling the rest, and the decision docked beside it (below it on a phone held upright,
//! within thumb reach). A mission or a combat in progress shows over the galaxy; the sheets,
//! the log and the menu open on demand and close again.

use super::cards::CardZoom;
use super::closeup::CloseUp;
use super::combat::CombatPanel;
use super::decision::Decision;
use super::drawers::Drawers;
use super::mission::MissionPanel;
use crate::shell::HandoffScreen;
use crate::swr::app::{Drawer, Ui};
use crate::swr::components::galaxy::Galaxy;
use crate::swr::session::OnScreen;
use crate::swr::words::side_name;
use crate::swr::words::team::{seat_with_colour, team_name};
use leptos::prelude::*;
use swr_engine::{Phase, PlayerView};

fn phase_text(view: &PlayerView) -> String {
    match view.phase {
        Phase::Setup => "Setup".to_string(),
        Phase::Assignment { .. } => format!("Round {}: assignment", view.time),
        Phase::Command { .. } => format!("Round {}: command", view.time),
        Phase::Refresh => format!("Round {}: refresh", view.time),
        Phase::Over { winner } => format!("Game over: the {} wins", side_name(winner)),
    }
}

#[component]
pub fn GameScreen() -> impl IntoView {
    let ui = expect_context::<Ui>();
    // Memos, so the table is built once and not again on every change of the game (its
    // pieces keep their elements and move).
    let handoff = Memo::new(move |_| {
        ui.session
            .with(|s| s.as_ref().is_some_and(|s| s.needs_handoff()))
    });
    let no_game = Memo::new(move |_| ui.view.with(|v| v.is_none()));
    // Who takes the device: a player, or in the team game a team (teammates look together),
    // with the player who decides named.
    let next = Signal::derive(move || {
        ui.session.with(|s| {
            let s = s.as_ref();
            match (s.and_then(|s| s.next_actor()), s.and_then(|s| s.decider())) {
                (Some(side), Some(_)) => team_name(side),
                (Some(side), None) => format!("{} player", side_name(side)),
                (None, _) => "next player".to_string(),
            }
        })
    });
    let decides = Signal::derive(move || {
        ui.session
            .with(|s| s.as_ref().and_then(|s| s.decider()))
            .map(|seat| format!("The {} decides.", seat_with_colour(seat)))
            .unwrap_or_default()
    });
    // A player's own view is on screen (always, against the computer).
    let own = Memo::new(move |_| {
        ui.session.with(|s| {
            s.as_ref()
                .is_some_and(|s| matches!(s.screen(), OnScreen::Seat(_)))
        })
    });
    // When the screen turns from or to a player's own view, what was taken for one player
    // goes (it is theirs to read); leaving it, what they opened closes too, so that nothing
    // of theirs (a card zoomed) stays on a screen the other may see. Effects run after the
    // change that turned the screen, and so after what it noted for the player.
    Effect::new(move |_| {
        let own = own.get();
        ui.taken.set(Vec::new());
        if !own {
            ui.zoom.set(None);
            ui.popover.set(None);
            ui.drawer.set(None);
        }
    });
    view! {
        {move || {
            if handoff.get() {
                return view! { <HandoffScreen next note=decides on_ready=Callback::new(move |_| ui.take_seat()) /> }.into_any();
            }
            if no_game.get() {
                return view! { <p>"No game in progress."</p> }.into_any();
            }
            view! { <Table /> }.into_any()
        }}
    }
}

#[component]
fn Table() -> impl IntoView {
    let ui = expect_context::<Ui>();
    provide_context(super::html::Peek::new());
    let phase = Memo::new(move |_| {
        ui.view
            .with(|v| v.as_ref().map(phase_text).unwrap_or_default())
    });
    let turn = Memo::new(move |_| {
        let face_up = ui.session.with(|s| {
            s.as_ref()
                .is_some_and(|s| matches!(s.screen(), OnScreen::FaceUp { .. }))
        });
        // The computer decides for a seat of the team on screen.
        let watching = ui
            .session
            .with(|s| s.as_ref().is_some_and(|s| s.computer_to_act().is_some()));
        // Online, a device is one player's: actions on it are that player's own decision.
        let online = ui.session.with(|s| s.is_none());
        ui.view.with(|v| {
            let Some(v) = v else { return String::new() };
            // The team game names the seat: "The Imperial General (orange) decides".
            if let Some(seat) = v.team.and_then(|t| t.decider) {
                let who = seat_with_colour(seat);
                return match v.active {
                    _ if face_up => format!("The {who} decides, face up"),
                    _ if online && !v.legal.is_empty() => format!("Your decision, {who}"),
                    Some(side) if side == v.viewer && !watching => {
                        format!("Your team: the {who} decides")
                    }
                    _ => format!("The {who} decides"),
                };
            }
            match v.active {
                Some(side) if face_up => format!(
                    "The {} decides, face up: nothing on screen is secret",
                    side_name(side)
                ),
                Some(side) if side == v.viewer => "Your decision".to_string(),
                Some(side) => format!("The {} decides", side_name(side)),
                None => String::new(),
            }
        })
    });
    let open = move |d: Drawer| {
        move |_| {
            ui.drawer
                .update(|x| *x = if *x == Some(d) { None } else { Some(d) })
        }
    };
    let drawer_button = move |d: Drawer, label: &'static str, id: &'static str| {
        view! {
            <button class="quiet small" data-testid=id aria-pressed=move || (ui.drawer.get() == Some(d)).to_string()
                on:click=open(d)>{label}</button>
        }
    };
    view! {
        <div class="swr-table" data-testid="table">
            <header class="swr-top">
                <span class="phase" data-testid="phase">{phase}</span>
                <span class="turn" data-testid="turn">{turn}</span>
                <nav class="drawer-buttons" aria-label="Open">
                    {drawer_button(Drawer::OwnSheet, "You", "open-own")}
                    {drawer_button(Drawer::OpponentSheet, "Opponent", "open-opponent")}
                    {drawer_button(Drawer::Log, "Log", "open-log")}
                    {drawer_button(Drawer::Menu, "Menu", "open-menu")}
                </nav>
            </header>
            <div class="swr-stage">
                <div class="galaxy-area">
                    <Galaxy />
                    <div class="over-galaxy">
                        <Show when=move || ui.save_failed.get().is_some()>
                            <p class="banner error" role="alert" data-testid="save-error">{move || ui.save_failed.get()}</p>
                        </Show>
                        <MissionPanel />
                        <CombatPanel />
                        <CloseUp />
                    </div>
                    <super::popover::PopoverMenu />
                </div>
                <Decision />
            </div>
            <Drawers />
            <CardZoom />
        </div>
    }
}
