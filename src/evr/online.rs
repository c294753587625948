//! Empire vs. Rebellion with a friend on another device: the page evr-online.html. The table
//! is the one of index.html, rendered from this device's view of the online game
//! ([`Online::view`]); the player's actions go to [`Online::act`]. The lobby, the pairing
//! steps and the connection's strip are the shell's (`crate::shell::online::screens`).

use crate::evr::app::{Screen, Ui};
use crate::evr::components::{GameScreen, RulesReference};
use crate::evr::narrate::side_name;
use crate::shell::online::screens::{OnlineBar, OnlineGame, OnlineLobby};
use crate::shell::online::{Online, Stage};
use crate::shell::storage::SaveSlot;
use crate::shell::UpdatePrompt;
use evr_engine::{Game, GameOptions, Side, Variant};
use leptos::prelude::*;

/// The online game on this device (one at a time).
const SLOT: SaveSlot = SaveSlot::new("evr-online");
const PAGE: &str = "evr-online.html";

const GAME: OnlineGame<Game> = OnlineGame {
    title: "Star Wars: Empire vs. Rebellion",
    home: "index.html",
    seat_name: side_name,
    sides: [
        (Side::Rebel, "Host as the Rebel", "host-rebel"),
        (Side::Imperial, "Host as the Empire", "host-imperial"),
    ],
    hosting: "Either side may host: the host's device holds both hands, the guest's only its \
              own.",
    options: GameOptions {
        variant: Variant::Full,
    },
    elsewhere: None,
};

#[component]
pub fn OnlineApp() -> impl IntoView {
    let online = Online::<Game>::new_reading_old(SLOT, PAGE);
    let screen = RwSignal::new(Screen::Game);
    // Connected (again): back to the table.
    let on_back = Callback::new(move |_| screen.set(Screen::Game));
    let clock = online.run_page(on_back);
    // While the guest's move is on its way, its choices are not offered again.
    let view = Memo::new(move |_| {
        let mut view = online.view.get();
        if let (Some(v), true) = (view.as_mut(), online.waiting.get()) {
            v.legal_actions.clear();
        }
        view
    });
    let ui = Ui {
        screen,
        remote: Some(Callback::new(move |action| online.act(action))),
        ..Ui::new(RwSignal::new(None), view, false)
    };
    provide_context(ui);
    Effect::new(move |_| ui.notice.set(online.notice.get()));

    let in_lobby = move || ui.screen.get() == Screen::Start || online.stage.get() != Stage::Playing;
    let on_menu = Callback::new(move |_| ui.screen.set(Screen::Start));
    view! {
        <div class="app online" data-testid="app" data-motion=move || ui.motion.get().name()
            data-seat=move || { online.view.track(); online.my_seat().map(side_name).unwrap_or_default() }
            data-log=move || online.view.with(|v| v.as_ref().map_or(0, |v| v.log.len()))
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
                <RulesReference />
            </Show>
            <UpdatePrompt />
        </div>
    }
}
