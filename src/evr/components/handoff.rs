//! Two players on one device: the shared hand-off screen, naming the next player.

use super::take_back::TakeBack;
use crate::evr::app::Ui;
use crate::evr::narrate::side_name;
use crate::shell::HandoffScreen;
use leptos::prelude::*;

#[component]
pub fn Handoff() -> impl IntoView {
    let ui = expect_context::<Ui>();
    let next = Signal::derive(move || {
        ui.session
            .with(|s| s.as_ref().and_then(|s| s.next_actor()))
            .map_or("next", side_name)
            .to_string()
            + " player"
    });
    // The player who just acted may still take it back before handing the device over.
    view! {
        <HandoffScreen next on_ready=Callback::new(move |_| ui.take_seat())>
            <TakeBack discreet=true />
        </HandoffScreen>
    }
}
