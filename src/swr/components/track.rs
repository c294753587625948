//! The time and reputation track: the round marker, the Rebel reputation marker, and the
//! spaces where leaders are recruited and units built.

use leptos::prelude::*;
use swr_engine::data::cards::{BUILD_SPACES, RECRUIT_SPACES, TIME_TRACK_LENGTH};

#[component]
pub fn TimeTrack(time: u8, reputation: u8) -> impl IntoView {
    let spaces = (1..=TIME_TRACK_LENGTH)
        .map(|n| {
            let recruit = RECRUIT_SPACES.contains(&n);
            let build = BUILD_SPACES.contains(&n);
            let mut marks = String::new();
            if recruit {
                marks.push('R');
            }
            if build {
                marks.push('B');
            }
            view! {
                <li class="space" class:time=n == time class:reputation=n == reputation
                    title=format!("Space {n}{}{}", if recruit { ": recruit" } else { "" }, if build { ": build" } else { "" })>
                    <span class="n">{n}</span>
                    <span class="marks">{marks}</span>
                </li>
            }
        })
        .collect_view();
    view! {
        <div class="time-track" data-testid="time-track"
            aria-label=format!("Time {time}, Rebel reputation {reputation}")>
            <ol>{spaces}</ol>
            <p class="legend">
                <span class="time-key">"Time "{time}</span>
                <span class="reputation-key">"Reputation "{reputation}</span>
            </p>
        </div>
    }
}
