//! Two players on one device: the screen between two players' turns. It shows nothing of
//! either player's secrets; the table is not rendered at all while it is up.

use crate::app::Ui;
use crate::narrate::side_name;
use leptos::prelude::*;

#[component]
pub fn Handoff() -> impl IntoView {
    let ui = expect_context::<Ui>();
    let next = move || {
        ui.session
            .with(|s| s.as_ref().and_then(|s| s.next_actor()))
            .map_or("next", side_name)
    };
    view! {
        <main class="handoff" data-testid="handoff">
            <h1>{move || format!("Pass the device to the {} player", next())}</h1>
            <p>"The other player should look away: your cards are about to be shown."</p>
            <button class="primary" data-testid="take-seat" data-autofocus="" on:click=move |_| ui.take_seat()>
                {move || format!("I am the {} player: show my cards", next())}
            </button>
        </main>
    }
}
