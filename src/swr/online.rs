//! Rebellion with a friend on another device: the page rebellion-online.html. The table is
//! the one of rebellion.html, rendered from this device's view of the online game
//! ([`Online::view`]); the player's actions go to [`Online::act`]. The lobby, the pairing
//! steps and the connection's strip are the shell's (`crate::shell::online::screens`).

use crate::shell::online::screens::{OnlineBar, OnlineGame, OnlineLobby};
use crate::shell::online::{Online, Stage};
use crate::shell::storage::SaveSlot;
use crate::shell::{RulesOverlay, UpdatePrompt};
use crate::swr::app::{Screen, Ui, RULES_URL};
use crate::swr::components::GameScreen;
use crate::swr::words::side_name;
use leptos::prelude::*;
use swr_engine::{Game, GameOptions, Side};

/// The online game on this device (one at a time).
const SLOT: SaveSlot = SaveSlot::new("swr-online");
const PAGE: &str = "rebellion-online.html";

const GAME: OnlineGame<Game> = OnlineGame {
    title: "Star Wars: Rebellion",
    home: "rebellion.html",
    seat_name: side_name,
    sides: [
        (Side::Rebel, "Host as the Rebel", "host-rebel"),
        (Side::Empire, "Host as the Empire", "host-empire"),
    ],
    hosting: "Hosting as the Rebel is suggested: the hidden base's system then never leaves \
              your device.",
    options: GameOptions { team: None },
};

#[component]
pub fn OnlineApp() -> impl IntoView {
    let online = Online::<Game>::new(SLOT, PAGE);
    let screen = RwSignal::new(Screen::Game);
    // Connected (again): back to the table.
    let on_back = Callback::new(move |_| screen.set(Screen::Game));
    let clock = online.run_page(on_back);
    // While the guest's move is on its way, its choices are not offered again.
    let view = Memo::new(move |_| {
        let mut view = online.view.get();
        if let (Some(v), true) = (view.as_mut(), online.waiting.get()) {
            v.legal.clear();
        }
        view
    });
    let ui = Ui::new(
        RwSignal::new(None),
        view,
        screen,
        Some(Callback::new(move |action| online.act(action))),
    );
    provide_context(ui);
    Effect::new(move |_| ui.notice.set(online.notice.get()));
    // A decision with one answer is taken for the player (as against the computer).
    Effect::new(move |_| {
        let only = view.with(|v| match v.as_ref().map(|v| &v.legal[..]) {
            Some([only]) => Some(*only),
            _ => None,
        });
        if let (Some(action), true) = (only, ui.auto.get_untracked()) {
            request_animation_frame(move || {
                let still =
                    view.with_untracked(|v| v.as_ref().is_some_and(|v| v.legal[..] == [action]));
                if still {
                    ui.act(action);
                }
            });
        }
        ui.rearm();
    });

    let in_lobby = move || screen.get() == Screen::Start || online.stage.get() != Stage::Playing;
    let on_menu = Callback::new(move |_| screen.set(Screen::Start));
    view! {
        <div class="app swr online" data-testid="app" data-motion=move || ui.speed.get().name()
            data-seat=move || { online.view.track(); online.my_seat().map(side_name).unwrap_or_default() }
            data-log=move || online.view.with(|v| v.as_ref().map_or(0, |v| v.log.len()))
            data-legal=move || view.with(|v| v.as_ref().map_or(0, |v| v.legal.len()))
            data-bytes-sent=move || online.sent.get()>
            {move || if in_lobby() {
                view! { <OnlineLobby online game=GAME clock on_back /> }.into_any()
            } else {
                view! {
                    <OnlineBar online clock on_menu />
                    <GameScreen />
                }.into_any()
            }}
            <Show when=move || ui.rules_open.get()>
                <RulesOverlay url=RULES_URL on_close=Callback::new(move |_| ui.rules_open.set(false)) />
            </Show>
            <UpdatePrompt />
        </div>
    }
}
