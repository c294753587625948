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
use crate::shell::online::screens::{JoinBox, OnlineBar, Pairing, PrivacyNote};
use crate::shell::online::table::{
    computer_pause, CoverSeats, PresenceList, SeatChooser, StillMissing, TableLobby,
};
use crate::shell::online::{Online, Stage, BY_CODES};
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
    static COMPUTER: WorkerClient = WorkerClient::new("egr-computer");
}

/// The host's device plays the seat it is to play now (a computer's, or an absent friend's
/// it covers): one action at a time, asked of the computer's worker from the game it holds.
fn play_for_others(online: Online<Game>, ui: Ui, busy: StoredValue<bool>) {
    if busy.get_value() {
        return;
    }
    let Some((seat, game)) = online.host_turn() else {
        return;
    };
    busy.set_value(true);
    ui.thinking.set(true);
    let done = move || {
        busy.set_value(false);
        ui.thinking.set(false);
    };
    let legal = game.state().legal_actions(seat);
    let position = game.history().len();
    COMPUTER.with(|c| {
        c.ask(
            |tag| computer::request(tag, Job::Move, seat, Difficulty::Normal, &game),
            move |reply| {
                let chosen = reply
                    .and_then(|r| computer::read_reply(&r))
                    .ok()
                    .and_then(|(_, indices)| indices.first().and_then(|i| legal.get(*i)).copied());
                let Some(action) = chosen else {
                    ui.notice.set(Some(
                        "The computer could not play. Reload the page to try again.".into(),
                    ));
                    return done();
                };
                set_timeout(
                    move || {
                        // Played only if the game is still where it was asked.
                        let same = online
                            .host_turn()
                            .is_some_and(|(s, g)| s == seat && g.history().len() == position);
                        if same {
                            online.act_for(seat, action);
                        }
                        done();
                        // The next seat to play, if any.
                        play_for_others(online, ui, busy);
                    },
                    computer_pause(),
                );
            },
        )
    });
}

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
        play_for_others(online, ui, busy);
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
                view! { <Lobby online clock on_back /> }.into_any()
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

/// Before the game, and whenever the player opens it: setting the table, the links of each
/// seat, joining, reconnecting, codes.
#[component]
fn Lobby(online: Online<Game>, clock: RwSignal<f64>, on_back: Callback<()>) -> impl IntoView {
    let _ = clock;
    let players = RwSignal::new(3u8);
    let seats = Signal::derive(move || (0..players.get()).map(Seat).collect::<Vec<_>>());
    let kinds = RwSignal::new(vec![SeatKind::Host, SeatKind::Guest, SeatKind::Guest]);
    // The kinds follow the number of seats: new seats are friends, the host's seat stays.
    Effect::new(move |_| {
        let n = usize::from(players.get());
        kinds.update(|k| {
            k.resize(n, SeatKind::Guest);
            if !k.contains(&SeatKind::Host) {
                k[0] = SeatKind::Host;
            }
        });
    });
    let link = RwSignal::new(String::new());
    // Which screen: drawn again only when it changes (hosting, joining and abandoning change
    // the first line's stage and the table), so that a code typed in it is kept.
    let branch = Memo::new(move |_| {
        online.stage.track();
        online.table.track();
        online.has_game()
    });
    let host = move |_| {
        let options = DeviceNumbers::load().options(players.get_untracked());
        online.host_table(options, kinds.get_untracked());
    };
    let count_button = move |n: u8| {
        view! {
            <button type="button" aria-pressed=move || (players.get() == n).to_string()
                data-testid=format!("players-{n}") on:click=move |_| players.set(n)>{n}</button>
        }
    };
    view! {
        <main class="lobby" data-testid="lobby">
            <h1>"Empires: Galactic Rebellion with friends on other devices"</h1>
            {(!online.direct).then(|| view! {
                <p class="banner" data-testid="no-direct">
                    "This browser cannot connect directly to the other devices (a current Chrome, \
                     Edge, Firefox or Safari can), "{BY_CODES}
                </p>
            })}
            {move || online.notice.get().map(|n| view! { <p class="banner" role="alert" data-testid="online-notice">{n}</p> })}
            <StillMissing online seat_name />
            {move || {
                match branch.get() {
                false if online.unreadable() => ().into_any(),
                false => view! {
                    <Pairing online line=online.first() on_back />
                    <Show when=move || online.stage.get() == Stage::Choose>
                        <section class="pairing" data-testid="set-table">
                            {(!online.direct).then(|| view! { <span data-testid="play-by-codes" hidden></span> })}
                            <h2>"Host a game"</h2>
                            <p>"Choose how many play and who plays each seat; each friend gets a link of their own."</p>
                            <p role="group" aria-label="Players">"Players: "{(2..=5).map(count_button).collect_view()}</p>
                            <SeatChooser seats seat_name kinds />
                            <div class="buttons">
                                <button type="button" class="primary" data-testid="host-table" on:click=host>"Make the links"</button>
                            </div>
                            <h2>"Join a friend's game"</h2>
                            <p>"Open the link they sent you, or paste it here."</p>
                            <JoinBox online link />
                            <PrivacyNote direct=online.direct />
                            <p><a href="galactic-rebellion.html" data-testid="back-to-game">"← Galactic Rebellion on this device"</a></p>
                        </section>
                    </Show>
                }.into_any(),
                true => view! { <TableLobby online seat_name on_back /> }.into_any(),
            }}}
        </main>
    }
}
