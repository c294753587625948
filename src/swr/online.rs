//! Rebellion with friends on other devices: the page rebellion-online.html. Two players
//! (the host chooses a side and sends one link), or the team game of 3 and 4: the host says
//! who holds each seat (themselves, a friend on another device, the computer) and sends each
//! friend the link of their seat; each device shows its team's view, and only the player who
//! decides may act (`duel_link::swr`). The table is the one of rebellion.html, rendered from
//! this device's view ([`Online::view`]); the player's actions go to [`Online::act`]. The
//! host's device plays the computers' seats, and an absent friend's when the host agrees,
//! through the computer's worker. The lobby, the pairing steps, presence and the connection's
//! strip are the shell's (`crate::shell::online`).

use crate::shell::online::screens::{OnlineBar, OnlineGame, OnlineLobby};
use crate::shell::online::table::{
    computer_pause, CoverSeats, PresenceList, SeatChooser, StillMissing, TableLobby,
};
use crate::shell::online::{Online, Stage};
use crate::shell::storage::SaveSlot;
use crate::shell::worker::WorkerClient;
use crate::shell::{RulesOverlay, UpdatePrompt};
use crate::swr::app::{Screen, Ui, RULES_URL};
use crate::swr::components::GameScreen;
use crate::swr::words::team::player_name;
use duel_link::swr::SwrDuel;
use duel_link::SeatKind;
use leptos::prelude::*;
use swr_ai::protocol::{self as computer, Job};
use swr_ai::search::Level;
use swr_engine::{GameOptions, Player, TeamOptions};

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
};

thread_local! {
    /// The computer players of the team game, in their worker (started when first asked).
    static COMPUTER: WorkerClient = WorkerClient::new("swr-computer");
}

/// The host's device plays the seat it is to play now (a computer's, or an absent friend's
/// it covers): one action at a time, asked of the computer's worker, which decides from that
/// seat's team's view.
fn play_for_others(online: Online<SwrDuel>, ui: Ui, busy: StoredValue<bool>) {
    if busy.get_value() {
        return;
    }
    let Some((player, game)) = online.host_turn() else {
        return;
    };
    busy.set_value(true);
    ui.thinking.set(true);
    let done = move || {
        busy.set_value(false);
        ui.thinking.set(false);
    };
    let side = player.side();
    let legal = game.0.state().legal_actions(side);
    let position = game.0.history().len();
    COMPUTER.with(|c| {
        c.ask(
            |tag| computer::request(tag, Job::Move, side, Level::Normal, &game.0),
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
                            .is_some_and(|(p, g)| p == player && g.0.history().len() == position);
                        if same {
                            online.act_for(player, action);
                        }
                        done();
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
    let online = Online::<SwrDuel>::new(SLOT, PAGE);
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
    // The team game's host plays the computers and the friends it covers.
    let busy = StoredValue::new(false);
    Effect::new(move |_| {
        online.view.track();
        online.table.track();
        play_for_others(online, ui, busy);
    });

    // A team table (3 or 4 players), once this device has one; the session is not a signal,
    // so what changes it is tracked.
    let team = Memo::new(move |_| {
        online.stage.track();
        online.table.track();
        online.view.track();
        online.options().is_some_and(|o| o.team.is_some())
    });
    let started = Memo::new(move |_| {
        online.view.track();
        online.table.track();
        online.started()
    });
    let in_lobby = move || {
        screen.get() == Screen::Start
            || if team.get() {
                !started.get() || online.pairing()
            } else {
                online.stage.get() != Stage::Playing
            }
    };
    let on_menu = Callback::new(move |_| screen.set(Screen::Start));
    view! {
        <div class="app swr online" data-testid="app" data-motion=move || ui.speed.get().name()
            data-seat=move || { online.view.track(); online.my_seat().map(player_name).unwrap_or_default() }
            data-log=move || online.view.with(|v| v.as_ref().map_or(0, |v| v.log.len()))
            data-legal=move || view.with(|v| v.as_ref().map_or(0, |v| v.legal.len()))
            data-started=move || started.get().to_string()
            data-bytes-sent=move || online.sent.get()>
            {move || match (in_lobby(), team.get()) {
                (true, true) => view! {
                    <main class="lobby" data-testid="lobby">
                        <h1>"Star Wars: Rebellion, the team game with friends on other devices"</h1>
                        {move || online.notice.get().map(|n| view! { <p class="banner" role="alert" data-testid="online-notice">{n}</p> })}
                        <StillMissing online seat_name=player_name />
                        <TableLobby online seat_name=player_name on_back />
                    </main>
                }.into_any(),
                (true, false) => view! {
                    <OnlineLobby online game=GAME clock on_back>
                        <TeamHost online />
                    </OnlineLobby>
                }.into_any(),
                (false, true) => view! {
                    <OnlineBar online clock on_menu>
                        <PresenceList online seat_name=player_name />
                    </OnlineBar>
                    <CoverSeats online seat_name=player_name />
                    <GameScreen />
                }.into_any(),
                (false, false) => view! {
                    <OnlineBar online clock on_menu />
                    <GameScreen />
                }.into_any(),
            }}
            <Show when=move || ui.rules_open.get()>
                <RulesOverlay url=RULES_URL on_close=Callback::new(move |_| ui.rules_open.set(false)) />
            </Show>
            <UpdatePrompt />
        </div>
    }
}

/// Hosting the team game: 3 or 4 players, who holds each seat, then a link per friend.
#[component]
fn TeamHost(online: Online<SwrDuel>) -> impl IntoView {
    let players = RwSignal::new(4u8);
    let seats = Signal::derive(move || {
        Player::table(Some(TeamOptions {
            players: players.get(),
        }))
    });
    let kinds = RwSignal::new(vec![
        SeatKind::Host,
        SeatKind::Guest,
        SeatKind::Guest,
        SeatKind::Guest,
    ]);
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
    let imperial_host = move || {
        let seats = seats.get();
        kinds.with(|k| {
            k.iter()
                .zip(&seats)
                .any(|(k, p)| *k == SeatKind::Host && p.side() != swr_engine::Side::Rebel)
        })
    };
    let count_button = move |n: u8| {
        view! {
            <button type="button" aria-pressed=move || (players.get() == n).to_string()
                data-testid=format!("team-players-{n}") on:click=move |_| players.set(n)>{format!("{n} players")}</button>
        }
    };
    view! {
        <section class="team-host" data-testid="team-host">
            <h2>"Host the team game"</h2>
            <p>"Each side is a team of an Admiral and a General; with 3 players one person plays both Rebels. \
                Each friend gets a link of their own, and the computer can take any other seat."</p>
            <p role="group" aria-label="Players">{count_button(3)}{count_button(4)}</p>
            <SeatChooser seats seat_name=player_name kinds />
            <Show when=imperial_host>
                <p class="banner" data-testid="imperial-host">"Hosting from a Rebel seat is suggested: the hidden base's system then never leaves a Rebel's device."</p>
            </Show>
            <div class="buttons">
                <button type="button" class="primary" data-testid="host-team"
                    on:click=move |_| online.host_table(GameOptions::team(players.get_untracked()), kinds.get_untracked())>"Make the links"</button>
            </div>
        </section>
    }
}
