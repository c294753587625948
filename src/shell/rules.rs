//! A game's rules reference, rendered from its Markdown document (our own words).

use crate::shell::markdown;
use leptos::prelude::*;

#[component]
pub fn RulesOverlay(text: &'static str, on_close: Callback<()>) -> impl IntoView {
    let html = markdown::to_html(text);
    let contents = markdown::sections(text)
        .into_iter()
        .map(|(title, anchor)| view! { <li><a href=format!("#{anchor}")>{title}</a></li> })
        .collect_view();
    view! {
        <div class="overlay" role="dialog" aria-modal="true" aria-label="Rules reference" data-testid="rules">
            <div class="rules">
                <button class="close" data-testid="close-rules" data-autofocus="" on:click=move |_| on_close.run(())>
                    "Close the rules"
                </button>
                <nav aria-label="Rules sections"><ul class="toc">{contents}</ul></nav>
                <article class="rules-text" inner_html=html></article>
            </div>
        </div>
    }
}
