//! The enlarged card: in a corner while a mouse rests on a card, full screen after a long
//! press on a touch screen (a tap closes it).

use super::cards::{EventCard, ResourceCard, StrategyCard};
use crate::evr::app::{Ui, Zoomed};
use leptos::prelude::*;

#[component]
pub fn CardZoom() -> impl IntoView {
    let ui = expect_context::<Ui>();
    view! {
        {move || ui.zoom.get().map(|(zoomed, pressed)| view! {
            <div class="card-zoom" class:pressed=pressed aria-hidden="true" data-testid="card-zoom"
                on:click=move |_| ui.zoom.set(None)>
                {match zoomed {
                    Zoomed::Card(card) => view! { <ResourceCard card /> }.into_any(),
                    Zoomed::Strategy(strategy) => view! { <StrategyCard strategy /> }.into_any(),
                    Zoomed::Event(event) => view! { <EventCard event /> }.into_any(),
                }}
            </div>
        })}
    }
}
