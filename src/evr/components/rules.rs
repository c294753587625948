//! The rules reference, rendered from docs/evr/rules.md (our own words, with every ruling).

use crate::evr::app::Ui;
use crate::shell::RulesOverlay;
use leptos::prelude::*;

pub const RULES: &str = include_str!("../../../docs/evr/rules.md");

#[component]
pub fn RulesReference() -> impl IntoView {
    let ui = expect_context::<Ui>();
    view! { <RulesOverlay text=RULES on_close=Callback::new(move |_| ui.rules_open.set(false)) /> }
}
