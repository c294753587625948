//! Rebellion's log, narrated from the viewer's seat.

use crate::shell::LogList;
use crate::swr::words::log_text;
use leptos::prelude::*;
use swr_engine::PlayerView;

#[component]
pub fn LogPanel(view: PlayerView) -> impl IntoView {
    let me = view.viewer;
    let lines: Vec<String> = view.log.iter().map(|e| log_text(e, me)).collect();
    view! { <LogList lines /> }
}
