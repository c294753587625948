//! Galactic Rebellion with friends on other devices: the page galactic-online.html. The host
//! sets the table (2 to 5 seats, each the host, a friend on another device or the computer)
//! and sends each friend the link of their seat; the table is galactic-rebellion.html's,
//! rendered from this device's view of the online game ([`Online::view`]), the player's
//! actions going to [`Online::act`]. The host's device plays the computers' seats, and an
//! absent friend's when the host agrees, with the same computer as on one device. The
//! pairing steps, the presence list and the connection strip are the shell's
//! (`crate::shell::online`).

use crate::egr::app::{Screen, Ui, RULES_URL};
use crate::egr::components::GameScreen;
use crate::egr::numbers::DeviceNumbers;
use crate::egr::words::seat_name;
use crate::shell::online::computer_seats::{play_for_others, Computer};
use crate::shell::online::screens::OnlineBar;
use crate::shell::online::table::{CoverSeats, PresenceList};
use crate::shell::online::table_start::{TableGame, TableStart};
use crate::shell::online::Online;
use crate::shell::storage::SaveSlot;
use crate::shell::worker::WorkerClient;
use crate::shell::{RulesOverlay, UpdatePrompt};
use duel_link::SeatKind;
use egr_ai::protocol::{self as computer, Difficulty, Job};
use egr_engine::{Game, Seat};
use leptos::prelude::*;

/// The online game on this device (one at a time).
const SLOT: SaveSlot = SaveSlot::new("egr-online");
const PAGE: &str = "galactic-online.html";

thread_local! {
    static WORKER: WorkerClient = WorkerClient::new("egr-computer");
}

/// The host's device plays the computers' seats (and an absent friend's it covers) with the
/// same computer as on one device.
static COMPUTER: Computer<Game> = Computer {
    worker: &WORKER,
    question: |tag, seat, game| computer::request(tag, Job::Move, seat, Difficulty::Normal, game),
    chosen: |reply| computer::read_reply(reply).ok()?.1.first().copied(),
};

static TABLE: TableGame<Game> = TableGame {
    title: "Empires: Galactic Rebellion with friends on other devices",
    hosting: "Choose how many play and who plays each seat; each friend gets a link of their own.",
    players: &[2, 3, 4, 5],
    suggested: 3,
    seats: |n| (0..n).map(Seat).collect(),
    options: |n| DeviceNumbers::load().options(n),
    seat_name,
    advice: |_| None,
    home: (
        "galactic-rebellion.html",
        "← Galactic Rebellion on this device",
    ),
};

#[component]
pub fn OnlineApp() -> impl IntoView {
    let online = Online::<Game>::new(SLOT, PAGE);
    let screen = RwSignal::new(Screen::Game);
    let in_lobby = RwSignal::new(false);
    // Connected (again): back to the table.
    let on_back = Callback::new(move |_| in_lobby.set(false));
    let clock = online.run_page(on_back);
    // While the guest's move is on its way, its choices are not offered again.
    let view = Memo::new(move |_| {
        let mut view = online.view.get();
        if let (Some(v), true) = (view.as_mut(), online.waiting.get()) {
            v.legal_actions.clear();
        }
        view
    });
    let mut ui = Ui::new(
        RwSignal::new(None),
        view,
        screen,
        Some(Callback::new(move |action| online.act(action))),
    );
    // Who holds each seat, for the faction strip.
    ui.holder = Some(Callback::new(move |seat| {
        let me = online.my_seat();
        online
            .table
            .with(|t| match t.iter().find(|s| s.seat == seat) {
                _ if me == Some(seat) => "you",
                Some(s) if s.kind == SeatKind::Computer => "the computer",
                Some(s) if s.covered => "covered by the computer",
                Some(_) => "a friend",
                None => "",
            })
    }));
    provide_context(ui);
    Effect::new(move |_| ui.notice.set(online.notice.get()));
    Effect::new(move |_| {
        view.track();
        ui.rearm();
    });
    // The host's device plays the computers and the friends it covers.
    let busy = StoredValue::new(false);
    Effect::new(move |_| {
        online.view.track();
        online.table.track();
        play_for_others(online, &COMPUTER, ui.thinking, ui.notice, busy);
    });

    // The lobby until the game starts (the first view comes), when the player opens it, and
    // while a link opened here is answered (its reply code is to be sent).
    let lobby = Memo::new(move |_| {
        online.view.track();
        in_lobby.get() || !online.started() || online.pairing()
    });
    view! {
        <div class="app egr online" data-testid="app" data-motion=move || ui.speed.get().name()
            data-seat=move || { online.view.track(); online.my_seat().map(seat_name).unwrap_or_default() }
            data-log=move || online.view.with(|v| v.as_ref().map_or(0, |v| v.log.len()))
            data-legal=move || view.with(|v| v.as_ref().map_or(0, |v| v.legal_actions.len()))
            data-started=move || { online.view.track(); online.started().to_string() }
            data-bytes-sent=move || online.sent.get().to_string()>
            {move || if lobby.get() {
                view! { <TableStart online game=&TABLE on_back /> }.into_any()
            } else {
                view! {
                    <OnlineBar online clock on_menu=Callback::new(move |_| in_lobby.set(true))>
                        <PresenceList online seat_name />
                    </OnlineBar>
                    <CoverSeats online seat_name />
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
