//! Rebellion with a friend on another device: the page rebellion-online.html. The table is
//! the one of rebellion.html, rendered from this device's view of the online game
//! ([`Online::view`]); the player's actions go to [`Online::act`]. Around it: the lobby
//! (host a game and choose a side, or answer a friend's link), the pairing steps, the
//! connection indicator, reconnecting and playing by codes.

use crate::shell::online::peer::PeerState;
use crate::shell::online::screens::{CodesPanel, ConnectionBadge, Pairing, PrivacyNote};
use crate::shell::online::{Online, Stage};
use crate::shell::storage::SaveSlot;
use crate::shell::{RulesOverlay, UpdatePrompt};
use crate::swr::app::{Screen, Ui, RULES_URL};
use crate::swr::components::GameScreen;
use crate::swr::words::side_name;
use duel_link::Verdict;
use leptos::prelude::*;
use std::time::Duration;
use swr_engine::{Game, GameOptions, Side};

/// The online game on this device (one at a time).
const SLOT: SaveSlot = SaveSlot::new("swr-online");
const PAGE: &str = "rebellion-online.html";

/// The link's `#join=<code>`, taken off the address so that a reload does not answer it
/// again.
fn take_join_code() -> Option<String> {
    let location = window().location();
    let hash = location.hash().ok()?;
    let code = hash.strip_prefix("#join=")?.to_string();
    if let Ok(history) = window().history() {
        let search = location.search().unwrap_or_default();
        let _ = history.replace_state_with_url(
            &wasm_bindgen::JsValue::NULL,
            "",
            Some(&format!("{PAGE}{search}")),
        );
    }
    Some(code)
}

fn verdict_text(verdict: &Verdict) -> String {
    match verdict {
        Verdict::Fair { actions } => format!(
            "Checked: the host's dice and shuffles came from the seed you both made, and all \
             {actions} moves replay to exactly what you were shown."
        ),
        Verdict::Mismatch(m) => format!("The host's game does not check out: {m}"),
    }
}

#[component]
pub fn OnlineApp() -> impl IntoView {
    let online = Online::<Game>::new(SLOT, PAGE);
    if let Some(code) = take_join_code() {
        online.answer(&code);
    }
    // A link opened in the tab that already shows this page changes only its fragment.
    let on_link = window_event_listener(leptos::ev::hashchange, move |_| {
        if let Some(code) = take_join_code() {
            online.answer(&code);
        }
    });
    on_cleanup(move || on_link.remove());
    let screen = RwSignal::new(Screen::Game);
    let view = Memo::new(move |_| online.view.get());
    let ui = Ui::new(
        RwSignal::new(None),
        view,
        screen,
        Some(Callback::new(move |action| online.act(action))),
    );
    provide_context(ui);

    // A heartbeat and resends every 1.5 s while connected; the clock shows who is away.
    let clock = RwSignal::new(js_sys::Date::now());
    let ticker = set_interval_with_handle(
        move || {
            clock.set(js_sys::Date::now());
            online.tick();
        },
        Duration::from_millis(1500),
    );
    on_cleanup(move || {
        if let Ok(t) = ticker {
            t.clear();
        }
    });
    Effect::new(move |_| ui.notice.set(online.notice.get()));
    // Connected (again): back to the table.
    Effect::new(move |previous: Option<PeerState>| {
        let now = online.connection.get();
        if now == PeerState::Open && previous != Some(PeerState::Open) {
            screen.set(Screen::Game);
        }
        now
    });
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
    view! {
        <div class="app swr online" data-testid="app" data-motion=move || ui.speed.get().name()
            data-online-stage=move || format!("{:?}", online.stage.get()).split([' ', '{']).next().unwrap_or_default().to_string()
            data-seat=move || { online.view.get(); online.my_seat().map(side_name).unwrap_or_default() }
            data-log=move || online.view.with(|v| v.as_ref().map_or(0, |v| v.log.len()))
            data-bytes-sent=move || online.sent.get()>
            {move || if in_lobby() {
                view! { <Lobby online screen clock /> }.into_any()
            } else {
                view! {
                    <div class="online-bar" data-testid="online-bar">
                        <ConnectionBadge online clock />
                        {move || online.verdict.get().map(|v| view! { <span class="verdict" data-testid="verdict">{verdict_text(&v)}</span> })}
                        <Show when=move || online.take_back_asked.get()>
                            <span class="take-back-asked">"The other player asks to take back their last move."
                                <button type="button" class="small" data-testid="take-back-yes" on:click=move |_| online.answer_take_back(true)>"Allow"</button>
                                <button type="button" class="small quiet" data-testid="take-back-no" on:click=move |_| online.answer_take_back(false)>"Refuse"</button>
                            </span>
                        </Show>
                        <button type="button" class="small quiet" data-testid="online-menu" on:click=move |_| screen.set(Screen::Start)>"Connection"</button>
                    </div>
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

/// Before the game, and whenever the player opens it: hosting, joining, reconnecting, codes.
#[component]
fn Lobby(online: Online<Game>, screen: RwSignal<Screen>, clock: RwSignal<f64>) -> impl IntoView {
    let link = RwSignal::new(String::new());
    let host = move |side: Side| online.host(GameOptions::default(), side);
    let abandon = move |_| {
        let sure = window()
            .confirm_with_message(
                "Abandon this online game on this device? It cannot be resumed afterwards.",
            )
            .unwrap_or(false);
        if sure {
            online.abandon();
        }
    };
    view! {
        <main class="lobby" data-testid="lobby">
            <h1>"Star Wars: Rebellion with a friend on another device"</h1>
            {move || online.notice.get().map(|n| view! { <p class="banner" role="alert" data-testid="online-notice">{n}</p> })}
            <Pairing online />
            {move || match (online.stage.get(), online.has_game()) {
                (Stage::Choose, _) => view! {
                    <section class="pairing">
                        <h2>"Host a game"</h2>
                        <p>"You choose your side and send your friend a link. Hosting as the Rebel is suggested: the hidden base's system then never leaves your device."</p>
                        <div class="buttons">
                            <button type="button" class="primary" data-testid="host-rebel" on:click=move |_| host(Side::Rebel)>"Host as the Rebel"</button>
                            <button type="button" data-testid="host-empire" on:click=move |_| host(Side::Empire)>"Host as the Empire"</button>
                        </div>
                        <h2>"Join a friend's game"</h2>
                        <p>"Open the link they sent you, or paste it here."</p>
                        <JoinBox online link />
                        <PrivacyNote />
                        <p><a href="rebellion.html" data-testid="back-to-game">"← Rebellion on this device"</a></p>
                    </section>
                }.into_any(),
                (Stage::Playing, true) => view! {
                    <section class="pairing" data-testid="connection-menu">
                        <p>"You play the "{online.my_seat().map(side_name).unwrap_or_default()}" "
                            {if online.is_host() { "(this device hosts the game)." } else { "(your friend's device hosts the game)." }}</p>
                        <ConnectionBadge online clock />
                        <div class="buttons">
                            <button type="button" class="primary" data-testid="back-to-table" on:click=move |_| screen.set(Screen::Game)>"Back to the game"</button>
                            <button type="button" data-testid="reconnect" on:click=move |_| online.offer()>"Reconnect: make a new link"</button>
                        </div>
                        <h2>"Got a link from the other device?"</h2>
                        <JoinBox online link />
                        <CodesPanel online />
                        <PrivacyNote />
                        <button type="button" class="quiet" data-testid="abandon" on:click=abandon>"Abandon this online game"</button>
                    </section>
                }.into_any(),
                _ => ().into_any(),
            }}
        </main>
    }
}

#[component]
fn JoinBox(online: Online<Game>, link: RwSignal<String>) -> impl IntoView {
    view! {
        <textarea rows="2" data-testid="join-input" aria-label="Their link"
            prop:value=move || link.get()
            on:input=move |e| link.set(event_target_value(&e))></textarea>
        <button type="button" data-testid="join" on:click=move |_| online.answer(&link.get_untracked())>"Answer this link"</button>
    }
}
