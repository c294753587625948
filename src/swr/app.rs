//! The Rebellion page's root component.

use crate::shell::games::GameId;
use crate::shell::{GamePicker, UpdatePrompt};
use leptos::prelude::*;

#[component]
pub fn App() -> impl IntoView {
    view! {
        <div class="app" data-testid="app">
            <main class="start" data-testid="swr-start">
                <header class="title">
                    <h1>"Star Wars"</h1>
                    <p class="subtitle">"Rebellion"</p>
                </header>
                <GamePicker current=GameId::Rebellion />
            </main>
            <UpdatePrompt />
        </div>
    }
}
