//! The enlarged card: in a corner while a mouse rests on a card, full screen after a long
//! press on a touch screen (a tap closes it).

use super::cards::ResourceCard;
use crate::evr::app::Ui;
use leptos::prelude::*;

#[component]
pub fn CardZoom() -> impl IntoView {
    let ui = expect_context::<Ui>();
    view! {
        {move || ui.zoom.get().map(|(card, pressed)| view! {
            <div class="card-zoom" class:pressed=pressed aria-hidden="true" data-testid="card-zoom"
                on:click=move |_| ui.zoom.set(None)>
                <ResourceCard card />
            </div>
        })}
    }
}
