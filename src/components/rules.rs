//! The rules reference, rendered from docs/rules.md (our own words, with every ruling).

use crate::app::Ui;
use crate::markdown;
use leptos::prelude::*;

const RULES: &str = include_str!("../../docs/rules.md");

#[component]
pub fn RulesReference() -> impl IntoView {
    let ui = expect_context::<Ui>();
    let html = markdown::to_html(RULES);
    let contents = markdown::sections(RULES)
        .into_iter()
        .map(|(title, anchor)| view! { <li><a href=format!("#{anchor}")>{title}</a></li> })
        .collect_view();
    view! {
        <div class="overlay" role="dialog" aria-modal="true" aria-label="Rules reference" data-testid="rules">
            <div class="rules">
                <button class="close" data-testid="close-rules" data-autofocus="" on:click=move |_| ui.rules_open.set(false)>
                    "Close the rules"
                </button>
                <nav aria-label="Rules sections"><ul class="toc">{contents}</ul></nav>
                <article class="rules-text" inner_html=html></article>
            </div>
        </div>
    }
}
