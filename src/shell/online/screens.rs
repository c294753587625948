//! What every online page shows around its game: the pairing steps (the link to send, the
//! reply code to send back, where to paste the other's), the connection indicator, play by
//! codes, and the one plain note on what the connection uses.

use super::peer::PeerState;
use super::{Online, Stage};
use crate::shell::files::copy_text;
use duel_link::Duel;
use leptos::prelude::*;

/// How long a reply stays good once the offer was answered (measured: 180 s connected,
/// 300 s failed; `../shared/research/online-play.md`).
const CODE_LIFE: &str = "about four minutes";

/// After this long without a word (a heartbeat comes every 1.5 s), the other player is
/// shown as away.
pub const AWAY_AFTER_MS: f64 = 6000.0;

/// A code or link to copy, with its button.
#[component]
fn CopyField(text: String, testid: &'static str) -> impl IntoView {
    let copied = RwSignal::new(None::<bool>);
    let for_copy = text.clone();
    view! {
        <div class="copy-field">
            <textarea readonly rows="3" data-testid=testid aria-label="Code to send">{text}</textarea>
            <button type="button" data-testid=format!("{testid}-copy") on:click=move |_| {
                copy_text(&for_copy, move |ok| copied.set(Some(ok)))
            }>
                {move || match copied.get() {
                    Some(true) => "Copied",
                    Some(false) => "Select and copy it",
                    None => "Copy",
                }}
            </button>
        </div>
    }
}

/// The pairing step the page is at.
#[component]
pub fn Pairing<D: Duel + 'static>(online: Online<D>) -> impl IntoView {
    let pasted = RwSignal::new(String::new());
    move || {
        match online.stage.get() {
        Stage::Preparing => view! {
            <p class="pairing-wait" role="status" data-testid="pairing-wait">
                "Preparing the connection (a few seconds)…"
            </p>
        }
        .into_any(),
        Stage::Offering { link, first } => view! {
            <section class="pairing" data-testid="offering">
                <h2>{if first { "1. Send this link to your friend" } else { "Send this link to the other device" }}</h2>
                <p>"By any messenger or e-mail. They open it in a browser (installed app or not) and get a reply code."</p>
                <CopyField text=link testid="invite-link" />
                <h2>"2. Paste their reply code here"</h2>
                <textarea rows="3" data-testid="reply-input" aria-label="Their reply code"
                    prop:value=move || pasted.get()
                    on:input=move |e| pasted.set(event_target_value(&e))></textarea>
                <div class="buttons">
                    <button type="button" class="primary" data-testid="reply-connect"
                        on:click=move |_| online.accept(&pasted.get_untracked())>"Connect"</button>
                    <button type="button" class="quiet" data-testid="fresh-link"
                        on:click=move |_| { pasted.set(String::new()); online.offer() }>"Make a fresh link"</button>
                </div>
                <p class="note">"A reply code works for "{CODE_LIFE}" after your friend makes it. If it no longer connects, make a fresh link."</p>
            </section>
        }
        .into_any(),
        Stage::Replying { reply } => view! {
            <section class="pairing" data-testid="replying">
                <h2>"Send this reply code back"</h2>
                <p>"The game starts on both devices once it is pasted on the other. It works for "{CODE_LIFE}"; after that, open their link again for a fresh one."</p>
                <CopyField text=reply testid="reply-code" />
                <p class="pairing-wait" role="status">"Waiting for the connection…"</p>
                <p class="note">"If the devices cannot connect (about one pair in six cannot without a relay server), you can still play, by codes:"</p>
                <CodesPanel online />
            </section>
        }
        .into_any(),
        Stage::Choose | Stage::Playing => ().into_any(),
    }
    }
}

/// Whether the other device has been heard from lately, for the indicator. `clock` ticks.
fn away_seconds<D: Duel + 'static>(online: Online<D>, clock: RwSignal<f64>) -> Option<u32> {
    let quiet = clock.get() - online.heard.get();
    (online.connection.get() == PeerState::Open && quiet > AWAY_AFTER_MS)
        .then_some((quiet / 1000.0) as u32)
}

/// The connection as a dot and a few words, always visible during an online game.
#[component]
pub fn ConnectionBadge<D: Duel + 'static>(
    online: Online<D>,
    clock: RwSignal<f64>,
) -> impl IntoView {
    let state = move || match (online.connection.get(), away_seconds(online, clock)) {
        (PeerState::Open, Some(s)) => ("away", format!("The other player is away ({s} s)")),
        (PeerState::Open, None) => ("open", "Connected".to_string()),
        (PeerState::Connecting, _) => ("connecting", "Connecting…".to_string()),
        (PeerState::Interrupted, _) => (
            "interrupted",
            "Connection interrupted: waiting for it to come back".to_string(),
        ),
        (PeerState::Closed, _) => ("closed", "Not connected".to_string()),
    };
    view! {
        <span class="connection" data-testid="connection" data-state=move || state().0 role="status">
            <span class="connection-dot" aria-hidden="true"></span>
            {move || state().1}
        </span>
    }
}

/// Playing by codes, when the devices cannot connect directly: each move a code carried by
/// any messenger.
#[component]
pub fn CodesPanel<D: Duel + 'static>(online: Online<D>) -> impl IntoView {
    let mine = RwSignal::new(None::<String>);
    let theirs = RwSignal::new(String::new());
    view! {
        <section class="codes" data-testid="codes">
            <h2>"Play by codes"</h2>
            <p>"When the devices cannot connect: after your move, send your code; paste the code the other player sends you. The same game, the same secrecy."</p>
            <button type="button" data-testid="my-code" on:click=move |_| mine.set(Some(online.move_code()))>
                "Make my code"
            </button>
            {move || mine.get().map(|text| view! { <CopyField text testid="move-code" /> })}
            <textarea rows="3" data-testid="their-code" aria-label="Their code"
                prop:value=move || theirs.get()
                on:input=move |e| theirs.set(event_target_value(&e))></textarea>
            <button type="button" data-testid="read-code" on:click=move |_| {
                online.read_move_code(&theirs.get_untracked());
                theirs.set(String::new());
            }>"Read their code"</button>
        </section>
    }
}

/// What the connection uses and what the host holds, said once, plainly.
#[component]
pub fn PrivacyNote() -> impl IntoView {
    view! {
        <p class="note" data-testid="privacy-note">
            "The two devices connect directly. To find each other they ask a public STUN server \
             (Google's or Cloudflare's), which sees both devices' network addresses; nothing else \
             leaves the devices. The host's device holds the whole game, the guest's hidden cards \
             included; the guest's device is sent only what its player may see, and checks the \
             host's dice and shuffles at the end."
        </p>
    }
}
