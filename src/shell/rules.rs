//! A game's rules reference: its Markdown document (our own words), fetched when first opened
//! rather than built into the wasm, so that a first visit does not download it. The service
//! worker precaches it with the rest of the build, so it opens offline too.

use crate::shell::markdown;
use leptos::prelude::*;
use std::cell::RefCell;
use std::collections::HashMap;
use std::rc::Rc;
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;

thread_local! {
    /// Documents already fetched, by address: opening the rules again costs nothing.
    static FETCHED: RefCell<HashMap<&'static str, String>> = RefCell::new(HashMap::new());
}

/// Fetches the text at `url`, then calls `done` with it, or with a reason it could not.
fn fetch_text(url: &'static str, done: impl Fn(Result<String, String>) + 'static) {
    if let Some(text) = FETCHED.with(|f| f.borrow().get(url).cloned()) {
        return done(Ok(text));
    }
    let done: Rc<dyn Fn(Result<String, String>)> = Rc::new(done);
    let fail = |done: Rc<dyn Fn(Result<String, String>)>| {
        Closure::once(move |error: JsValue| {
            let why = error
                .as_string()
                .unwrap_or_else(|| "no connection".to_string());
            done(Err(format!("The rules could not be opened ({why}).")))
        })
    };
    let on_fetch_error = fail(done.clone());
    let on_response = Closure::once(move |response: JsValue| {
        let response: web_sys::Response = response.unchecked_into();
        let text = match response.text() {
            Ok(text) if response.ok() => text,
            _ => {
                return done(Err(format!(
                    "The rules could not be opened (HTTP {}).",
                    response.status()
                )))
            }
        };
        let on_error = fail(done.clone());
        let on_text = Closure::once(move |text: JsValue| {
            let text = text.as_string().unwrap_or_default();
            FETCHED.with(|f| f.borrow_mut().insert(url, text.clone()));
            done(Ok(text))
        });
        let _ = text.then2(&on_text, &on_error);
        // Each runs at most once, when the page's event loop gets to it.
        on_text.forget();
        on_error.forget();
    });
    let _ = window()
        .fetch_with_str(url)
        .then2(&on_response, &on_fetch_error);
    on_response.forget();
    on_fetch_error.forget();
}

#[component]
pub fn RulesOverlay(
    /// The document's address, relative to the page ("./rules/evr/rules.md").
    url: &'static str,
    on_close: Callback<()>,
) -> impl IntoView {
    let loaded = RwSignal::new(None::<Result<String, String>>);
    fetch_text(url, move |text| loaded.set(Some(text)));
    let close = move |_| on_close.run(());
    move || {
        match loaded.get() {
        None => view! {
            <div class="overlay" role="dialog" aria-modal="true" aria-label="Rules reference" data-testid="rules-loading">
                <div class="rules"><p>"Opening the rules…"</p></div>
            </div>
        }
        .into_any(),
        Some(Err(message)) => view! {
            <div class="overlay" role="dialog" aria-modal="true" aria-label="Rules reference" data-testid="rules-error">
                <div class="rules">
                    <button class="close" data-testid="close-rules" data-autofocus="" on:click=close>"Close the rules"</button>
                    <p role="alert">{message}</p>
                </div>
            </div>
        }
        .into_any(),
        Some(Ok(text)) => {
            let html = markdown::to_html(&text);
            let contents = markdown::sections(&text)
                .into_iter()
                .map(|(title, anchor)| view! { <li><a href=format!("#{anchor}")>{title}</a></li> })
                .collect_view();
            view! {
                <div class="overlay" role="dialog" aria-modal="true" aria-label="Rules reference" data-testid="rules">
                    <div class="rules">
                        <button class="close" data-testid="close-rules" data-autofocus="" on:click=close>
                            "Close the rules"
                        </button>
                        <nav aria-label="Rules sections"><ul class="toc">{contents}</ul></nav>
                        <article class="rules-text" inner_html=html></article>
                    </div>
                </div>
            }
            .into_any()
        }
    }
    }
}
