//! A game's rules reference: its document (our own words, in Markdown, rendered to a page of
//! its own at build time by `rules-html`), shown in a frame over the game. The wasm carries
//! neither the text nor a renderer, and the game stays as it was underneath. The service
//! worker precaches the page with the rest of the build, so it opens offline too.

use leptos::prelude::*;

#[component]
pub fn RulesOverlay(
    /// The document's address, relative to the page ("./rules/evr/rules.html").
    url: &'static str,
    on_close: Callback<()>,
    /// Where the game's lessons are, if it has them: a button beside Close.
    #[prop(optional)]
    on_learn: Option<Callback<()>>,
) -> impl IntoView {
    view! {
        <div class="overlay" role="dialog" aria-modal="true" aria-label="Rules reference" data-testid="rules">
            <div class="rules">
                <div class="rules-head">
                    {on_learn.map(|learn| view! {
                        <button class="learn" data-testid="rules-learn" on:click=move |_| learn.run(())>
                            "Learn to play by playing"
                        </button>
                    })}
                    <button class="close" data-testid="close-rules" data-autofocus="" on:click=move |_| on_close.run(())>
                        "Close the rules"
                    </button>
                </div>
                <iframe class="rules-frame" src=url title="Rules reference" data-testid="rules-frame"></iframe>
            </div>
        </div>
    }
}
