//! What a table of three seats or more adds to the online screens: the host choosing who
//! holds each seat, one pairing per guest seat, who is still missing, every player's
//! presence, and the computer standing in for an absent player (with the host's agreement,
//! and said on every device).

use super::peer::PeerState;
use super::screens::{CodesPanel, Pairing};
use super::{Online, Stage};
use crate::shell::html::esc;
use duel_link::{Duel, PresenceLine, SeatKind, SeatStatus};
use leptos::prelude::*;
use std::fmt::Write;
use wasm_bindgen::JsCast;

/// How a page names a seat ("Red", "Imperial General").
pub type SeatName<S> = fn(S) -> &'static str;

/// After this long away (s), the host is offered to let the computer play for the absent
/// player until they are back.
pub const COVER_AFTER_S: u32 = 60;

/// The words for one seat of the table.
fn status_text<S>(status: &SeatStatus<S>) -> String {
    match (status.kind, status.joined, status.covered, status.presence) {
        (SeatKind::Computer, ..) => "the computer".into(),
        (SeatKind::Host, ..) => "hosting".into(),
        (_, false, ..) => "not joined yet".into(),
        (_, true, true, _) => "away: the computer plays for them".into(),
        (_, true, false, PresenceLine::Connected) => "connected".into(),
        (_, true, false, PresenceLine::Away { seconds }) => format!("away ({seconds} s)"),
        (_, true, false, PresenceLine::Cut) => "cut off".into(),
    }
}

/// The state of a seat as a word for styling and tests.
fn status_class<S>(status: &SeatStatus<S>) -> &'static str {
    match (status.kind, status.joined, status.covered, status.presence) {
        (SeatKind::Computer, ..) => "computer",
        (SeatKind::Host, ..) => "host",
        (_, false, ..) => "missing",
        (_, true, true, _) => "covered",
        (_, true, false, PresenceLine::Connected) => "connected",
        (_, true, false, PresenceLine::Away { .. }) => "away",
        (_, true, false, PresenceLine::Cut) => "cut",
    }
}

/// Every seat and how its player is, on every device, all game long (drawn as HTML text, as
/// the seat chooser and the cover's buttons: templates cost the online pages far more code).
#[component]
pub fn PresenceList<D: Duel + 'static>(
    online: Online<D>,
    seat_name: SeatName<D::Seat>,
) -> impl IntoView
where
    D::Seat: Send + Sync,
{
    let html = move || {
        // On a guest's page, the host's line says whether this device is connected to it.
        let host_line = match online.connection.get() {
            _ if online.is_host() => None,
            PeerState::Open => None,
            PeerState::Closed if online.by_codes.get() => None,
            PeerState::Closed => Some(("cut", "hosting, not connected to you: open Connection")),
            _ => Some(("away", "hosting, connecting…")),
        };
        let mine = online.my_seat();
        let mut out = String::new();
        for s in online.table.get() {
            let (state, text) = match host_line {
                Some((state, text)) if s.kind == SeatKind::Host => (state, text.to_string()),
                _ => (status_class(&s), status_text(&s)),
            };
            let name = esc(seat_name(s.seat));
            let you = if mine == Some(s.seat) { " (you)" } else { "" };
            let _ = write!(
                out,
                "<li data-state=\"{state}\" data-seat=\"{name}\"><span class=\"presence-dot\" \
                 aria-hidden=\"true\"></span>{name}{you}: {}</li>",
                esc(&text)
            );
        }
        out
    };
    view! { <ul class="presence" data-testid="presence" aria-label="Players" inner_html=html></ul> }
}

/// Before the start: who has still to answer their invite.
#[component]
pub fn StillMissing<D: Duel + 'static>(
    online: Online<D>,
    seat_name: SeatName<D::Seat>,
) -> impl IntoView
where
    D::Seat: Send + Sync,
{
    let missing = move || {
        online
            .table
            .get()
            .into_iter()
            .filter(|s| s.kind == SeatKind::Guest && !s.joined)
            .map(|s| seat_name(s.seat))
            .collect::<Vec<_>>()
    };
    view! {
        <Show when=move || !online.started() && !missing().is_empty()>
            <p class="pairing-wait" role="status" data-testid="still-missing">
                "The game starts when everyone has joined. Still missing: "{move || missing().join(", ")}"."
            </p>
        </Show>
    }
}

/// The host's screen while guests join, and to reconnect one later: a block per guest seat
/// with its own link, reply and codes.
#[component]
pub fn GuestLines<D: Duel + 'static>(
    online: Online<D>,
    seat_name: SeatName<D::Seat>,
    on_back: Callback<()>,
) -> impl IntoView
where
    D::Seat: Send + Sync,
{
    let status_of = move |seat: D::Seat| {
        online
            .table
            .get()
            .into_iter()
            .find(|s| s.seat == seat)
            .map(|s| status_text(&s))
            .unwrap_or_default()
    };
    view! {
        <div class="guest-lines" data-testid="guest-lines">
            {online.lines().into_iter().filter_map(|line| line.to().map(|seat| (line, seat))).map(|(line, seat)| {
                let name = seat_name(seat);
                view! {
                    <section class="guest-line" data-testid=format!("guest-{name}")>
                        <h2>{name}": "{move || status_of(seat)}</h2>
                        <Pairing online line on_back />
                        // Played by codes with this friend: their codes are read and made here.
                        {move || (line.by_codes.get() && line.stage.get() == Stage::Playing).then(|| view! { <CodesPanel online line /> })}
                        {move || matches!(line.stage.get(), Stage::Playing).then(|| view! {
                            <button type="button" class="small" data-testid=format!("reconnect-{name}")
                                on:click=move |_| online.offer(line)>{format!("A new link for {name}")}</button>
                        })}
                    </section>
                }
            }).collect_view()}
        </div>
    }
}

/// The host chooses who holds each seat: themselves (one seat), a friend on another device,
/// or the computer. `kinds` is kept by the page (its game's seats decide how many). Drawn
/// again only when the seats change: a choice changes the radios in place (the host's own
/// seat moves), so the focus stays where the player is.
#[component]
pub fn SeatChooser<S: Copy + Send + Sync + 'static>(
    seats: Signal<Vec<S>>,
    seat_name: SeatName<S>,
    kinds: RwSignal<Vec<SeatKind>>,
) -> impl IntoView {
    const KINDS: [(SeatKind, &str, &str); 3] = [
        (SeatKind::Host, "You", "you"),
        (SeatKind::Guest, "A friend", "friend"),
        (SeatKind::Computer, "The computer", "computer"),
    ];
    let html = move || {
        let chosen = kinds.get_untracked();
        let mut out = String::from("<legend>Who plays each seat</legend>");
        for (i, seat) in seats.get().into_iter().enumerate() {
            let name = esc(seat_name(seat));
            let _ = write!(
                out,
                "<div class=\"seat-row\" data-testid=\"seat-{name}\"><span class=\"seat-name\">{name}</span>"
            );
            for (k, (kind, label, id)) in KINDS.into_iter().enumerate() {
                let checked = if chosen.get(i) == Some(&kind) {
                    " checked"
                } else {
                    ""
                };
                let _ = write!(
                    out,
                    "<label class=\"seat-kind\"><input type=\"radio\" name=\"seat-{i}\" value=\"{k}\" \
                     data-testid=\"seat-{name}-{id}\"{checked}>{label}</label>"
                );
            }
            out.push_str("</div>");
        }
        out
    };
    let on_change = move |ev: leptos::ev::Event| {
        let Some(input) = ev
            .target()
            .and_then(|t| t.dyn_into::<web_sys::HtmlInputElement>().ok())
        else {
            return;
        };
        let seat = input
            .name()
            .strip_prefix("seat-")
            .and_then(|i| i.parse::<usize>().ok());
        let kind = input
            .value()
            .parse::<usize>()
            .ok()
            .and_then(|k| KINDS.get(k));
        let (Some(i), Some(&(kind, ..))) = (seat, kind) else {
            return;
        };
        // The host's own seat moves; every other seat keeps its kind (a friend by default).
        kinds.update(|k| {
            if kind == SeatKind::Host {
                for (j, other) in k.iter_mut().enumerate() {
                    if *other == SeatKind::Host && j != i {
                        *other = SeatKind::Guest;
                        check_radio(&input, j, 1);
                    }
                }
            }
            if let Some(slot) = k.get_mut(i) {
                *slot = kind;
            }
        });
    };
    view! {
        <fieldset class="seat-chooser" data-testid="seat-chooser" on:change=on_change inner_html=html></fieldset>
    }
}

/// Checks the radio of seat `seat` with the value `value`, in the same form as `near`.
fn check_radio(near: &web_sys::HtmlInputElement, seat: usize, value: usize) {
    let other = near
        .closest("fieldset")
        .ok()
        .flatten()
        .and_then(|f| {
            f.query_selector(&format!("input[name=\"seat-{seat}\"][value=\"{value}\"]"))
                .ok()
                .flatten()
        })
        .and_then(|e| e.dyn_into::<web_sys::HtmlInputElement>().ok());
    if let Some(other) = other {
        other.set_checked(true);
    }
}

/// The host may let the computer play for a player away longer than [`COVER_AFTER_S`]
/// seconds (or cut off), until they are back; and stop it.
#[component]
pub fn CoverSeats<D: Duel + 'static>(
    online: Online<D>,
    seat_name: SeatName<D::Seat>,
) -> impl IntoView
where
    D::Seat: Send + Sync,
{
    let html = move || {
        // The table first: what is drawn follows it, host or not yet started included.
        let table = online.table.get();
        let mut out = String::new();
        if !online.is_host() || !online.started() {
            return out;
        }
        for (i, s) in table.into_iter().enumerate() {
            let absent = s.kind == SeatKind::Guest
                && s.joined
                && (s.covered
                    || matches!(s.presence, PresenceLine::Cut)
                    || matches!(s.presence, PresenceLine::Away { seconds } if seconds >= COVER_AFTER_S));
            if !absent {
                continue;
            }
            let name = esc(seat_name(s.seat));
            let (id, on, label) = if s.covered {
                ("uncover", 0, format!("Stop playing for {name}"))
            } else {
                (
                    "cover",
                    1,
                    format!("Let the computer play for {name} until they are back"),
                )
            };
            let _ = write!(
                out,
                "<button type=\"button\" class=\"small\" data-testid=\"{id}-{name}\" \
                 data-seat=\"{i}\" data-cover=\"{on}\">{label}</button>"
            );
        }
        out
    };
    let on_click = move |ev: leptos::ev::MouseEvent| {
        let Some(button) = ev
            .target()
            .and_then(|t| t.dyn_into::<web_sys::Element>().ok())
            .and_then(|e| e.closest("button").ok().flatten())
        else {
            return;
        };
        let number = |name: &str| button.get_attribute(name)?.parse::<usize>().ok();
        let seat =
            number("data-seat").and_then(|i| online.table.with_untracked(|t| Some(t.get(i)?.seat)));
        if let (Some(seat), Some(on)) = (seat, number("data-cover")) {
            online.cover(seat, on == 1);
        }
    };
    view! { <div class="cover" data-testid="cover" on:click=on_click inner_html=html></div> }
}

/// The lobby of a table once this device has its game: on the host's device a block per
/// guest seat (links, replies, codes) and everyone's presence; on a guest's, its own pairing,
/// everyone's presence and how to reconnect. Both can go back to the table or abandon it.
#[component]
pub fn TableLobby<D: Duel + 'static>(
    online: Online<D>,
    seat_name: SeatName<D::Seat>,
    on_back: Callback<()>,
) -> impl IntoView
where
    D::Seat: Send + Sync,
{
    let link = RwSignal::new(String::new());
    let abandon = move |_| online.abandon_if_sure();
    let back = move || {
        view! {
            <Show when=move || online.started()>
                <button type="button" class="primary" data-testid="back-to-table" on:click=move |_| on_back.run(())>"Back to the game"</button>
            </Show>
        }
    };
    if online.is_host() {
        view! {
            <GuestLines online seat_name on_back />
            <PresenceList online seat_name />
            <div class="buttons">
                {back()}
                <button type="button" class="quiet" data-testid="abandon" on:click=abandon>"Abandon this online game"</button>
            </div>
        }
        .into_any()
    } else {
        view! {
            <Pairing online line=online.first() on_back />
            <PresenceList online seat_name />
            <section class="pairing" data-testid="connection-menu">
                <p>"You play "{online.my_seat().map(seat_name).unwrap_or_default()}" (your friend's device hosts the game)."</p>
                {move || (online.by_codes.get() && online.stage.get() == Stage::Playing).then(|| view! { <CodesPanel online line=online.first() /> })}
                <div class="buttons">
                    {back()}
                    <button type="button" data-testid="reconnect" on:click=move |_| online.offer(online.first())>"Reconnect: make a new link"</button>
                    <button type="button" class="quiet" data-testid="abandon" on:click=abandon>"Abandon this online game"</button>
                </div>
                <h2>"Got a link from the host?"</h2>
                <super::screens::JoinBox online link />
            </section>
        }
        .into_any()
    }
}
