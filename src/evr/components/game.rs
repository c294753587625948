//! The game screen: a hand-off between two players, the table, the round summary and the
//! end of the game.

use super::handoff::Handoff;
use super::summary::{GameOver, RoundSummary};
use super::table::{GameDecision, Table};
use super::zoom::CardZoom;
use crate::evr::app::Ui;
use leptos::prelude::*;

#[component]
pub fn GameScreen() -> impl IntoView {
    let ui = expect_context::<Ui>();
    // Memos, so that the table is built once and not again on every move.
    let handoff = Memo::new(move |_| {
        ui.session
            .with(|s| s.as_ref().is_some_and(|s| s.needs_handoff()))
    });
    let has_view = Memo::new(move |_| ui.view.with(Option::is_some));
    // After each update, keyboard focus goes back to the decision (it is rebuilt).
    Effect::new(move |_| {
        ui.view.track();
        request_animation_frame(|| {
            let doc = document();
            let idle = doc
                .active_element()
                .is_none_or(|e| e.tag_name().eq_ignore_ascii_case("body"));
            if idle {
                if let Ok(Some(el)) = doc.query_selector("[data-autofocus]") {
                    use wasm_bindgen::JsCast;
                    if let Ok(el) = el.dyn_into::<web_sys::HtmlElement>() {
                        let _ = el.focus();
                    }
                }
            }
        });
    });
    view! {
        <Show when=move || ui.save_failed.get().is_some()>
            <p class="banner error toast" role="alert" data-testid="save-error">{move || ui.save_failed.get()}</p>
        </Show>
        <Show when=move || ui.notice.get().is_some()>
            <p class="banner toast" role="status">{move || ui.notice.get()}</p>
        </Show>
        {move || {
            if handoff.get() {
                return view! { <Handoff /> }.into_any();
            }
            if !has_view.get() {
                return view! { <p>"No game in progress."</p> }.into_any();
            }
            view! {
                <Table><GameDecision /></Table>
                {move || ui.view.get().map(|view| {
                    let over = view.stage;
                    view! {
                        <RoundSummary view=view.clone() />
                        <GameOver stage=over view />
                    }
                })}
                <CardZoom />
            }
            .into_any()
        }}
    }
}
