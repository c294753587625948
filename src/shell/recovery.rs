//! The screen shown when a game's save cannot be read: the reason, a copy of the save to keep,
//! and a fresh start. Nothing is deleted until the player asks.

use leptos::prelude::*;

#[component]
pub fn RecoveryScreen(
    message: String,
    raw: String,
    /// The name the downloaded copy gets.
    file_name: &'static str,
    on_start_fresh: Callback<()>,
) -> impl IntoView {
    let download = format!(
        "data:application/json;charset=utf-8,{}",
        js_sys::encode_uri_component(&raw)
    );
    view! {
        <main class="recovery" role="alert" data-testid="recovery">
            <h1>"Your saved game could not be opened"</h1>
            <p data-testid="recovery-message">{message}</p>
            <p>"You can keep a copy of the save file, then start afresh."</p>
            <div class="recovery-actions">
                <a class="button" href=download download=file_name>
                    "Download the save file"
                </a>
                <button class="primary" data-testid="start-fresh" on:click=move |_| on_start_fresh.run(())>
                    "Start fresh"
                </button>
            </div>
        </main>
    }
}
