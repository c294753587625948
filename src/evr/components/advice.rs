//! The computer's side of the conversation: that it is thinking (and how long its last
//! search took), and advice for the human, worked out from the human's own view.

use super::decision::action_label;
use crate::evr::app::Ui;
use crate::evr::narrate::side_name;
use crate::evr::session::advice_available;
use evr_engine::view::PlayerView;
use leptos::prelude::*;

/// "The Empire is thinking…" while the computer searches; the last search's time is kept in
/// data attributes for the browser tests and anyone curious.
#[component]
pub fn ComputerThinking(view: PlayerView) -> impl IntoView {
    let ui = expect_context::<Ui>();
    let opponent = side_name(view.viewer.opponent());
    view! {
        <Show when=move || ui.thinking.get()>
            <p class="thinking" role="status" data-testid="computer-thinking">
                {format!("The {opponent} is thinking…")}
            </p>
        </Show>
        {move || ui.last_search.get().map(|(count, t)| view! {
            <span hidden data-testid="search-time" data-count=count.to_string()
                data-ms=whole(t.millis) data-iterations=t.iterations.to_string()
                data-longest-slice=whole(t.longest_slice) data-busy=whole(t.busy)
                data-most-in-a-slice=t.most_in_a_slice.to_string()
                data-slices=t.slices.to_string()></span>
        })}
    }
}

/// Milliseconds as a whole number (formatting fractions would cost the wasm a float printer).
fn whole(ms: f64) -> String {
    (ms.round() as u64).to_string()
}

/// On request, the chance to win this round's event after each legal action, estimated by a
/// search that sees only what the player sees.
#[component]
pub fn AdvicePanel(view: PlayerView) -> impl IntoView {
    let ui = expect_context::<Ui>();
    // Online, the page has no search to ask (it is on the game pages only).
    let useful = !crate::shell::ONLINE_PAGE && advice_available(&view) && ui.remote.is_none();
    let position = move || ui.session.with(|s| s.as_ref().map(|s| s.position()));
    // Advice for this very position, if asked for.
    let current = move || ui.advice.get().filter(|a| Some(a.position) == position());
    let view_for_list = view.clone();
    useful.then(move || {
        view! {
            <div class="advice" data-testid="advice">
                {move || match current() {
                    None => view! {
                        <button type="button" class="quiet" data-testid="advice-button"
                            on:click=move |_| ui.ask_advice()>
                            "Advice: my chances to win this event"
                        </button>
                    }.into_any(),
                    Some(advice) => match advice.estimates {
                        None => view! {
                            <p class="advice-pending" role="status">"Weighing your options…"</p>
                        }.into_any(),
                        Some(mut estimates) => {
                            estimates.sort_by(|a, b| b.chance.total_cmp(&a.chance));
                            let view = view_for_list.clone();
                            view! {
                                <p class="advice-note">
                                    "Chance to win this event after each option, estimated from what you can see:"
                                </p>
                                <ol class="advice-list" data-testid="advice-list">
                                    {estimates.into_iter().map(|e| view! {
                                        <li data-testid="advice-item">
                                            <span class="advice-action">{action_label(&view, e.action)}</span>
                                            <span class="advice-chance">{format!("{}%", (e.chance * 100.0).round() as u32)}</span>
                                        </li>
                                    }).collect_view()}
                                </ol>
                            }.into_any()
                        }
                    },
                }}
            </div>
        }
    })
}
