//! Two players on one device: the screen between their turns. The game renders it instead of
//! its table, so nothing of either player's secrets is in the page while it is up.

use leptos::prelude::*;

/// `next` names who takes the device ("Empire player", "Imperial team"); `note` what the
/// screen adds (a team game: the player who decides); `children` is what the player who just
/// acted may still do (take it back).
#[component]
pub fn HandoffScreen(
    #[prop(into)] next: Signal<String>,
    on_ready: Callback<()>,
    #[prop(optional, into)] note: Option<Signal<String>>,
    #[prop(optional)] children: Option<Children>,
) -> impl IntoView {
    view! {
        <main class="handoff" data-testid="handoff">
            <h1>{move || format!("Pass the device to the {}", next.get())}</h1>
            {note.map(|note| view! { <p class="handoff-note" data-testid="handoff-note">{move || note.get()}</p> })}
            <p>"Everyone else should look away: these cards are about to be shown."</p>
            <button class="primary" data-testid="take-seat" data-autofocus="" on:click=move |_| on_ready.run(())>
                {move || format!("Show the {}'s cards", next.get())}
            </button>
            {children.map(|c| c())}
        </main>
    }
}
