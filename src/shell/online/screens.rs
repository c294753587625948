//! What every online page shows around its game: the pairing steps (the link to send, the
//! reply code to send back, where to paste the other's), the connection indicator, play by
//! codes (from the start where the browser cannot connect directly), and the one plain note
//! on what the connection uses.

use super::peer::PeerState;
use super::qr::QrButton;
use super::{Line, Online, Stage, BY_CODES};
use crate::shell::files::copy_text;
use duel_link::{Duel, Verdict};
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

/// The pairing step `line` is at. `on_back` goes to the table.
#[component]
pub fn Pairing<D: Duel + 'static>(
    online: Online<D>,
    line: Line<D>,
    on_back: Callback<()>,
) -> impl IntoView {
    let pasted = RwSignal::new(String::new());
    move || {
        // The other device, or this one, cannot connect: no connection is waited for.
        let by_codes = line.by_codes.get();
        match line.stage.get() {
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
                <CopyField text=link.clone() testid="invite-link" />
                <QrButton text=link testid="invite-link" />
                <h2>"2. Paste their reply code here"</h2>
                <textarea rows="3" data-testid="reply-input" aria-label="Their reply code"
                    prop:value=move || pasted.get()
                    on:input=move |e| pasted.set(event_target_value(&e))></textarea>
                <div class="buttons">
                    <button type="button" class="primary" data-testid="reply-connect"
                        on:click=move |_| online.answer(&pasted.get_untracked())>
                        {if by_codes { "Read the reply" } else { "Connect" }}
                    </button>
                    {online.direct.then(|| view! {
                        <button type="button" class="quiet" data-testid="fresh-link"
                            on:click=move |_| { pasted.set(String::new()); online.offer(line) }>"Make a fresh link"</button>
                    })}
                </div>
                {(!by_codes).then(|| view! {
                    <p class="note">"A reply code works for "{CODE_LIFE}" after your friend makes it. If it no longer connects, make a fresh link."</p>
                })}
            </section>
        }
        .into_any(),
        Stage::Replying { reply, link } => view! {
            <section class="pairing" data-testid="replying">
                <h2>"Send this reply code back"</h2>
                {if by_codes {
                    view! { <p>"Once it is pasted on the other device, a code comes back from it: read it below."</p> }.into_any()
                } else {
                    view! { <p>"The game starts on both devices once it is pasted on the other. It works for "{CODE_LIFE}"; after that, open their link again for a fresh one."</p> }.into_any()
                }}
                <CopyField text=reply testid="reply-code" />
                <QrButton text=link testid="reply-code" />
                {(!by_codes).then(|| view! {
                    <p class="pairing-wait" role="status">"Waiting for the connection…"</p>
                    <p class="note">"If the devices cannot connect (about one pair in six cannot without a relay server), you can still play, by codes:"</p>
                })}
                <CodesPanel online line />
            </section>
        }
        .into_any(),
        Stage::Codes => view! {
            <section class="pairing" data-testid="send-code">
                <h2>"Now send your code"</h2>
                <p>"The other device waits for it: make it below and send it by any messenger."</p>
                <CodesPanel online line />
                <div class="buttons">
                    <button type="button" class="primary" data-testid="back-to-table" on:click=move |_| {
                        line.stage.set(Stage::Playing);
                        on_back.run(());
                    }>"Go to the game"</button>
                </div>
            </section>
        }
        .into_any(),
        Stage::Handed { reply } if !reply.is_empty() => view! {
            <section class="pairing" data-testid="handed">
                <p>"If no tab took it, paste this reply code where you made the link:"</p>
                <CopyField text=reply testid="handed-reply" />
            </section>
        }
        .into_any(),
        Stage::Choose | Stage::Playing | Stage::Handed { .. } => ().into_any(),
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
        (PeerState::Closed, _) if online.by_codes.get() => {
            ("codes", "Playing by codes".to_string())
        }
        (PeerState::Closed, _) => ("closed", "Not connected".to_string()),
    };
    view! {
        <span class="connection" data-testid="connection" data-state=move || state().0 role="status">
            <span class="connection-dot" aria-hidden="true"></span>
            {move || state().1}
        </span>
    }
}

/// Playing by codes on `line`, when the devices cannot connect directly: each move a code
/// carried by any messenger.
#[component]
pub fn CodesPanel<D: Duel + 'static>(online: Online<D>, line: Line<D>) -> impl IntoView {
    let mine = RwSignal::new(None::<String>);
    let theirs = RwSignal::new(String::new());
    view! {
        <div data-testid="play-by-codes">
        <section class="codes" data-testid="codes">
            <h2>"Play by codes"</h2>
            <p>"When the devices cannot connect: after your move, send your code; paste the code the other player sends you. The same game, the same secrecy."</p>
            <button type="button" data-testid="my-code" on:click=move |_| mine.set(Some(online.move_code(line)))>
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
        </div>
    }
}

/// What the connection uses (none where the browser cannot connect directly: `direct`
/// false) and what the host holds, said once, plainly.
#[component]
pub fn PrivacyNote(direct: bool) -> impl IntoView {
    view! {
        <p class="note" data-testid="privacy-note">
            {direct.then_some(
                "The two devices connect directly. To find each other they ask a public STUN \
                 server (Google's or Cloudflare's), which sees both devices' network addresses; \
                 nothing else leaves the devices. ",
            )}
            "The host's device holds the whole game, the guest's hidden cards included; the \
             guest's device is sent only what its player may see, and checks the host's dice and \
             shuffles at the end."
        </p>
    }
}

/// What a game's online page tells the shared screens.
pub struct OnlineGame<D: Duel> {
    /// The heading of the lobby.
    pub title: &'static str,
    /// The game's own page (on this device).
    pub home: &'static str,
    pub seat_name: fn(D::Seat) -> &'static str,
    /// The host's two choices: seat, button label, test id; the first is the suggested one.
    pub sides: [(D::Seat, &'static str, &'static str); 2],
    /// Why the first side is suggested, or what to consider.
    pub hosting: &'static str,
    pub options: D::Options,
    /// Another page for more players, if the game has one: its address, the link's words and
    /// test id.
    pub elsewhere: Option<(&'static str, &'static str, &'static str)>,
}

impl<D: Duel> Clone for OnlineGame<D> {
    fn clone(&self) -> Self {
        *self
    }
}
impl<D: Duel> Copy for OnlineGame<D> {}

fn verdict_text(verdict: &Verdict) -> String {
    match verdict {
        Verdict::Fair { actions } => format!(
            "Checked: the host's dice and shuffles came from the seed you both made, and all \
             {actions} moves replay to exactly what you were shown."
        ),
        Verdict::Mismatch(m) => format!("The host's game does not check out: {m}"),
    }
}

/// The strip over the table during an online game: the connection, the end-of-game check,
/// a take-back request to answer, and the way to the connection's menu.
#[component]
pub fn OnlineBar<D: Duel + 'static>(
    online: Online<D>,
    clock: RwSignal<f64>,
    on_menu: Callback<()>,
    /// What a table of more seats shows instead of the one connection: every player's.
    #[prop(optional)]
    children: Option<Children>,
) -> impl IntoView {
    let badge = match children {
        Some(children) => children().into_any(),
        None => view! { <ConnectionBadge online clock /> }.into_any(),
    };
    view! {
        <div class="online-bar" data-testid="online-bar">
            {badge}
            {move || online.verdict.get().map(|v| view! { <span class="verdict" data-testid="verdict">{verdict_text(&v)}</span> })}
            <Show when=move || online.take_back_asked.get()>
                <span class="take-back-asked" data-testid="take-back-asked">"The other player asks to take back their last move."
                    <button type="button" class="small" data-testid="take-back-yes" on:click=move |_| online.answer_take_back(true)>"Allow"</button>
                    <button type="button" class="small quiet" data-testid="take-back-no" on:click=move |_| online.answer_take_back(false)>"Refuse"</button>
                </span>
            </Show>
            <button type="button" class="small quiet" data-testid="online-menu" on:click=move |_| on_menu.run(())>
                {move || if online.by_codes.get() { "Codes" } else { "Connection" }}
            </button>
        </div>
    }
}

/// Before the game, and whenever the player opens it: hosting, joining, reconnecting, codes.
#[component]
pub fn OnlineLobby<D>(
    online: Online<D>,
    game: OnlineGame<D>,
    clock: RwSignal<f64>,
    /// Back to the table.
    on_back: Callback<()>,
) -> impl IntoView
where
    D: Duel + 'static,
    D::Seat: Send + Sync,
    D::Options: Send + Sync,
{
    let link = RwSignal::new(String::new());
    let abandon = move |_| online.abandon_if_sure();
    // Where the browser cannot connect directly, hosting and joining lead to play by codes.
    let choose_testid = (!online.direct).then_some("play-by-codes");
    let side_button = move |(seat, label, testid): (D::Seat, &'static str, &'static str),
                            primary: bool| {
        view! {
            <button type="button" class:primary=primary data-testid=testid
                on:click=move |_| online.host(game.options, seat)>{label}</button>
        }
    };
    view! {
        <main class="lobby" data-testid="lobby">
            <h1>{game.title}" with a friend on another device"</h1>
            {(!online.direct).then(|| view! {
                <p class="banner" data-testid="no-direct">
                    "This browser cannot connect directly to the other device (a current Chrome, \
                     Edge, Firefox or Safari can), "{BY_CODES}
                </p>
            })}
            {move || online.notice.get().map(|n| view! { <p class="banner" role="alert" data-testid="online-notice">{n}</p> })}
            <Pairing online line=online.first() on_back />
            {move || match (online.stage.get(), online.has_game()) {
                (Stage::Choose, true) if online.unreadable() => view! {
                    <section class="pairing" data-testid="unreadable">
                        <p>"The online game saved on this device cannot be read by this version of the app, so nothing replaces it until you drop it."</p>
                        <button type="button" class="quiet" data-testid="drop-unreadable" on:click=abandon>"Drop the saved online game"</button>
                    </section>
                }.into_any(),
                (Stage::Choose, _) => view! {
                    <section class="pairing" data-testid=choose_testid>
                        <h2>"Host a game"</h2>
                        <p>"You choose your side and send your friend a link. "{game.hosting}</p>
                        <div class="buttons">
                            {side_button(game.sides[0], true)}
                            {side_button(game.sides[1], false)}
                        </div>
                        {game.elsewhere.map(|(href, words, testid)| view! { <p><a href=href data-testid=testid>{words}</a></p> })}
                        <h2>"Join a friend's game"</h2>
                        <p>"Open the link they sent you, or paste it here."</p>
                        <JoinBox online link />
                        <PrivacyNote direct=online.direct />
                        <p><a href=game.home data-testid="back-to-game">"← "{game.title}" on this device"</a></p>
                    </section>
                }.into_any(),
                (Stage::Playing, true) => {
                    // Played by codes, the codes come first, and no link is made or answered.
                    let by_codes = online.by_codes.get();
                    view! {
                    <section class="pairing" data-testid="connection-menu">
                        <p>"You play the "{online.my_seat().map(game.seat_name).unwrap_or_default()}" "
                            {if online.is_host() { "(this device hosts the game)." } else { "(your friend's device hosts the game)." }}</p>
                        <ConnectionBadge online clock />
                        {by_codes.then(|| view! { <CodesPanel online line=online.first() /> })}
                        <div class="buttons">
                            <button type="button" class="primary" data-testid="back-to-table" on:click=move |_| on_back.run(())>"Back to the game"</button>
                            {(!by_codes).then(|| view! {
                                <button type="button" data-testid="reconnect" on:click=move |_| online.offer(online.first())>"Reconnect: make a new link"</button>
                            })}
                            <button type="button" data-testid="ask-take-back" on:click=move |_| { online.ask_take_back(); on_back.run(()) }>"Ask to take back your last move"</button>
                        </div>
                        {(!by_codes).then(|| view! {
                            <h2>"Got a link from the other device?"</h2>
                            <JoinBox online link />
                            <CodesPanel online line=online.first() />
                        })}
                        <PrivacyNote direct=online.direct />
                        <button type="button" class="quiet" data-testid="abandon" on:click=abandon>"Abandon this online game"</button>
                    </section>
                    }.into_any()
                }
                _ => ().into_any(),
            }}
        </main>
    }
}

#[component]
pub fn JoinBox<D: Duel + 'static>(online: Online<D>, link: RwSignal<String>) -> impl IntoView {
    view! {
        <textarea rows="2" data-testid="join-input" aria-label="Their link"
            prop:value=move || link.get()
            on:input=move |e| link.set(event_target_value(&e))></textarea>
        <button type="button" data-testid="join" on:click=move |_| online.answer(&link.get_untracked())>"Answer this link"</button>
    }
}
