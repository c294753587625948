//! Rebellion's team game of 3 and 4 on several devices: the page rebellion-team-online.html.
//! The host's device plays the computers' seats, and an absent friend's when the host agrees,
//! through the computer's worker, which decides from that seat's team's view.

use super::{table_ui, Page};
use crate::shell::online::computer_seats::{play_for_others, Computer};
use crate::shell::online::screens::OnlineBar;
use crate::shell::online::table::{CoverSeats, PresenceList};
use crate::shell::online::table_start::{TableGame, TableStart};
use crate::shell::online::Online;
use crate::shell::storage::SaveSlot;
use crate::shell::worker::WorkerClient;
use crate::swr::app::Screen;
use crate::swr::components::GameScreen;
use crate::swr::words::team::player_name;
use duel_link::swr::SwrDuel;
use leptos::prelude::*;
use swr_ai::protocol::{self as computer, Job};
use swr_ai::search::Level;
use swr_engine::{GameOptions, Player, Side, TeamOptions};

/// The team game on this device (one at a time, apart from a two-player online game).
const SLOT: SaveSlot = SaveSlot::new("swr-team-online");
const PAGE: &str = "rebellion-team-online.html";

thread_local! {
    /// The computer players, in their worker (started when first asked).
    static WORKER: WorkerClient = WorkerClient::new("swr-computer");
}

static COMPUTER: Computer<SwrDuel> = Computer {
    worker: &WORKER,
    question: |tag, player, game| {
        computer::request(tag, Job::Move, player.side(), Level::Normal, &game.0)
    },
    chosen: |reply| computer::read_reply(reply).ok()?.1.first().copied(),
};

static TABLE: TableGame<SwrDuel> = TableGame {
    title: "Star Wars: Rebellion, the team game with friends on other devices",
    hosting: "Each side is a team of an Admiral and a General; with 3 players one person plays \
              both Rebels. Each friend gets a link of their own, and the computer can take any \
              other seat.",
    players: &[3, 4],
    suggested: 4,
    seats: |n| Player::table(Some(TeamOptions { players: n })),
    options: GameOptions::team,
    seat_name: player_name,
    advice: |host| {
        (host.side() != Side::Rebel).then_some(
            "Hosting from a Rebel seat is suggested: the hidden base's system then never \
             leaves a Rebel's device.",
        )
    },
    home: ("rebellion.html", "← Rebellion on this device"),
};

#[component]
pub fn TeamOnlineApp() -> impl IntoView {
    let online = Online::<SwrDuel>::new(SLOT, PAGE);
    let screen = RwSignal::new(Screen::Game);
    // Connected (again): back to the table.
    let on_back = Callback::new(move |_| screen.set(Screen::Game));
    let clock = online.run_page(on_back);
    let ui = table_ui(online, screen);
    // The host's device plays the computers and the friends it covers.
    let busy = StoredValue::new(false);
    Effect::new(move |_| {
        online.view.track();
        online.table.track();
        play_for_others(online, &COMPUTER, ui.thinking, ui.notice, busy);
    });
    // The lobby until the game starts (the first view comes), when the player opens it, and
    // while a link opened here is answered (its reply code is to be sent).
    let in_lobby = Memo::new(move |_| {
        online.view.track();
        online.table.track();
        online.stage.track();
        screen.get() == Screen::Start || !online.started() || online.pairing()
    });
    let on_menu = Callback::new(move |_| screen.set(Screen::Start));
    view! {
        <Page online ui>
            {move || if in_lobby.get() {
                view! { <TableStart online game=&TABLE on_back /> }.into_any()
            } else {
                view! {
                    <OnlineBar online clock on_menu>
                        <PresenceList online seat_name=player_name />
                    </OnlineBar>
                    <CoverSeats online seat_name=player_name />
                    <GameScreen />
                }.into_any()
            }}
        </Page>
    }
}
