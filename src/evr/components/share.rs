//! After a game: the way to its replay, and on the replay page its link to copy and its file
//! to save. Only finished games are shared (the session gives no code before the end), so no
//! secret ever leaves.

use crate::evr::app::Ui;

use crate::evr::share::{file_name, link};
use crate::shell::files::{copy_text, save_as_file};
use leptos::prelude::*;

#[component]
pub fn ShareGame() -> impl IntoView {
    let ui = expect_context::<Ui>();
    let code = ui
        .session
        .with_untracked(|s| s.as_ref().and_then(|s| s.share_code()))?;
    // The replay page shows the game and offers its link and file: this page stays smaller.
    Some(view! {
        <p class="share">
            <a class="button" data-testid="watch-replay" href=link(&window().location().href().unwrap_or_default(), &code)>
                "Watch the replay, share it or save it"
            </a>
        </p>
    })
}

/// The link to a finished game's code, to copy, and the game as a file to save.
#[component]
pub fn ShareLinks(code: String) -> impl IntoView {
    let here = window().location().href().unwrap_or_default();
    let address = link(&here, &code);
    let status = RwSignal::new(None::<String>);
    let copy = {
        let address = address.clone();
        move |_| {
            copy_text(&address, move |ok| {
                status.set(Some(
                    if ok {
                        "Link copied."
                    } else {
                        "The browser did not allow copying: select the link above and copy it."
                    }
                    .to_string(),
                ))
            })
        }
    };
    let save = {
        let address = address.clone();
        move |_| {
            let result = save_as_file(&file_name(&code), &format!("{address}\n"));
            status.set(Some(match result {
                Ok(()) => "Saved as a file.".to_string(),
                Err(why) => format!("Not saved: {why}."),
            }))
        }
    };
    view! {
        <div class="share" data-testid="share">
            <label class="share-link">
                "Link to this game (it holds the whole game, and opens in any copy of the app):"
                <input type="text" readonly data-testid="share-link" prop:value=address
                    on:focus=move |e| {
                        use wasm_bindgen::JsCast;
                        if let Some(input) = e.target().and_then(|t| t.dyn_into::<web_sys::HtmlInputElement>().ok()) {
                            input.select();
                        }
                    } />
            </label>
            <div class="buttons">
                <button type="button" data-testid="copy-link" on:click=copy>"Copy the link"</button>
                <button type="button" data-testid="save-file" on:click=save>"Save as a file"</button>
            </div>
            <p role="status" data-testid="share-status">{move || status.get()}</p>
        </div>
    }
}
