//! Two players on one device: the screen between their turns. The game renders it instead of
//! its table, so nothing of either player's secrets is in the page while it is up.

use leptos::prelude::*;

/// `next` names the player who takes the device ("Empire"); `children` is what the player
/// who just acted may still do (take it back).
#[component]
pub fn HandoffScreen(
    #[prop(into)] next: Signal<String>,
    on_ready: Callback<()>,
    #[prop(optional)] children: Option<Children>,
) -> impl IntoView {
    view! {
        <main class="handoff" data-testid="handoff">
            <h1>{move || format!("Pass the device to the {} player", next.get())}</h1>
            <p>"The other player should look away: your cards are about to be shown."</p>
            <button class="primary" data-testid="take-seat" data-autofocus="" on:click=move |_| on_ready.run(())>
                {move || format!("I am the {} player: show my cards", next.get())}
            </button>
            {children.map(|c| c())}
        </main>
    }
}
