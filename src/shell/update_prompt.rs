//! "A new version is ready: Reload". Shown when a newer build of the game has been downloaded
//! and waits to take over (see `crate::shell::pwa`); the game is saved after every move, so reloading
//! keeps it.

use crate::shell::pwa;
use leptos::prelude::*;

#[component]
pub fn UpdatePrompt() -> impl IntoView {
    let waiting = RwSignal::new(false);
    let dismissed = RwSignal::new(false);
    pwa::register(move || waiting.set(true));
    view! {
        <Show when=move || waiting.get() && !dismissed.get()>
            <div class="update-prompt" role="status" data-testid="update-prompt">
                <span>"A new version of the game is ready."</span>
                <button
                    type="button"
                    class="primary"
                    data-testid="update-reload"
                    on:click=move |_| pwa::apply_update()
                >
                    "Reload"
                </button>
                <button
                    type="button"
                    class="quiet"
                    data-testid="update-later"
                    on:click=move |_| dismissed.set(true)
                >
                    "Later"
                </button>
            </div>
        </Show>
    }
}
