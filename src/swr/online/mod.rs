//! Rebellion with friends on other devices, on two pages, so that each loads only the code
//! its game uses: two players on rebellion-online.html ([`duel`]: the host chooses a side and
//! sends one link), the team game of 3 and 4 on rebellion-team-online.html ([`team`]: the
//! host says who holds each seat and sends each friend the link of their seat). Each device
//! shows its team's view, and only the player who decides may act (`duel_link::swr`). The
//! table is the one of rebellion.html, rendered from this device's view ([`Online::view`]);
//! the player's actions go to [`Online::act`]. The lobbies, the pairing steps, presence and
//! the connection's strip are the shell's (`crate::shell::online`).

mod duel;
mod team;

pub use duel::OnlineApp;
pub use team::TeamOnlineApp;

use crate::shell::online::Online;
use crate::shell::{RulesOverlay, UpdatePrompt};
use crate::swr::app::{Screen, Ui, RULES_URL};
use crate::swr::words::team::player_name;
use duel_link::swr::SwrDuel;
use leptos::prelude::*;

/// The table's state for this device's view: provided as context, with the notices of the
/// link, and a decision with one answer taken for the player (as against the computer).
fn table_ui(online: Online<SwrDuel>, screen: RwSignal<Screen>) -> Ui {
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
    ui
}

/// Either page around its lobby or table: what the tests read of it (this device's seat, the
/// log's length, the choices offered, whether the game began, the bytes sent), the rules and the update prompt.
#[component]
fn Page(online: Online<SwrDuel>, ui: Ui, children: Children) -> impl IntoView {
    view! {
        <div class="app swr online" data-testid="app" data-motion=move || ui.speed.get().name()
            data-seat=move || { online.view.track(); online.my_seat().map(player_name).unwrap_or_default() }
            data-log=move || online.view.with(|v| v.as_ref().map_or(0, |v| v.log.len()))
            data-legal=move || ui.view.with(|v| v.as_ref().map_or(0, |v| v.legal.len()))
            data-started=move || { online.view.track(); online.table.track(); online.started().to_string() }
            data-bytes-sent=move || online.sent.get()>
            {children()}
            <Show when=move || ui.rules_open.get()>
                <RulesOverlay url=RULES_URL on_close=Callback::new(move |_| ui.rules_open.set(false)) />
            </Show>
            <UpdatePrompt />
        </div>
    }
}
