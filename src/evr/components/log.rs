//! Empire vs. Rebellion's log, narrated from the viewer's seat.

use crate::evr::narrate::describe;
use crate::shell::LogList;
use evr_engine::view::PlayerView;
use leptos::prelude::*;

#[component]
pub fn LogPanel(view: PlayerView) -> impl IntoView {
    let me = view.viewer;
    let lines: Vec<String> = view.log.iter().filter_map(|e| describe(e, me)).collect();
    view! { <LogList lines /> }
}
