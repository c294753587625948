//! Rebellion for two on two devices: the page rebellion-online.html.

use super::{table_ui, Page};
use crate::shell::online::screens::{OnlineBar, OnlineGame, OnlineLobby};
use crate::shell::online::{Online, Stage};
use crate::shell::storage::SaveSlot;
use crate::swr::app::Screen;
use crate::swr::components::GameScreen;
use crate::swr::words::team::player_name;
use duel_link::swr::SwrDuel;
use leptos::prelude::*;
use swr_engine::{GameOptions, Player};

/// The online game on this device (one at a time).
const SLOT: SaveSlot = SaveSlot::new("swr-online");
const PAGE: &str = "rebellion-online.html";

const GAME: OnlineGame<SwrDuel> = OnlineGame {
    title: "Star Wars: Rebellion",
    home: "rebellion.html",
    seat_name: player_name,
    sides: [
        (Player::Rebel, "Host as the Rebel", "host-rebel"),
        (Player::Empire, "Host as the Empire", "host-empire"),
    ],
    hosting: "Hosting as the Rebel is suggested: the hidden base's system then never leaves \
              your device.",
    options: GameOptions { team: None },
    elsewhere: Some((
        "rebellion-team-online.html",
        "Three or four players? Host the team game",
        "team-online",
    )),
};

#[component]
pub fn OnlineApp() -> impl IntoView {
    let online = Online::<SwrDuel>::new_reading_old(SLOT, PAGE);
    let screen = RwSignal::new(Screen::Game);
    // Connected (again): back to the table.
    let on_back = Callback::new(move |_| screen.set(Screen::Game));
    let clock = online.run_page(on_back);
    let ui = table_ui(online, screen);
    let in_lobby = move || screen.get() == Screen::Start || online.stage.get() != Stage::Playing;
    let on_menu = Callback::new(move |_| screen.set(Screen::Start));
    view! {
        <Page online ui>
            {move || if in_lobby() {
                view! { <OnlineLobby online game=GAME clock on_back /> }.into_any()
            } else {
                view! {
                    <OnlineBar online clock on_menu />
                    <GameScreen />
                }.into_any()
            }}
        </Page>
    }
}
