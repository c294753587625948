//! The rules reference: docs/evr/rules.md (our own words, with every ruling), rendered into
//! the build by `rules-html` and fetched when opened.

use crate::evr::app::Ui;
use crate::shell::RulesOverlay;
use leptos::prelude::*;

/// Where index.html's build puts docs/evr/rules.md as HTML.
pub const RULES_URL: &str = "./rules/evr/rules.html";

#[component]
pub fn RulesReference() -> impl IntoView {
    let ui = expect_context::<Ui>();
    view! { <RulesOverlay url=RULES_URL on_close=Callback::new(move |_| ui.rules_open.set(false)) /> }
}
