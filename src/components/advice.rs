//! The computer's side of the conversation: that it is thinking (and how long its last
//! search took), and advice for the human, worked out from the human's own view.

use crate::app::Ui;
use crate::narrate::{card_label, side_name};
use evr_engine::state::CharacterSet;
use evr_engine::view::{Decision, PlayerView};
use evr_engine::{Action, EventOrder};
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
                data-ms=t.millis.to_string() data-iterations=t.iterations.to_string()
                data-longest-slice=t.longest_slice.to_string() data-busy=t.busy.to_string()></span>
        })}
    }
}

/// Words for any action, as the advice list shows it.
fn action_label(view: &PlayerView, action: Action) -> String {
    match action {
        Action::PlayCard => "Play a card".into(),
        Action::Pass => "Pass".into(),
        Action::Decline => "Skip / stop".into(),
        Action::UsePower(c) => format!("Use the power of {}", card_label(c)),
        Action::SpendInfluence(c) => format!("Spend influence to ready {}", card_label(c)),
        Action::SelectCard(c) => card_label(c),
        Action::SelectDeck(side) if side == view.viewer => "Your deck".into(),
        Action::SelectDeck(side) => format!("The {}'s deck", side_name(side)),
        Action::ChooseStrategy { strategy, .. } | Action::SelectStrategy(strategy) => {
            strategy.name().into()
        }
        Action::PlaySelected => "Play it".into(),
        Action::ShuffleSelected => "Shuffle it into the deck".into(),
        Action::ReorderEvents(EventOrder(order)) => {
            let seen = match &view.decision {
                Some(Decision::Dominance { seen_events, .. }) => seen_events.clone(),
                _ => Vec::new(),
            };
            order
                .iter()
                .take(seen.len())
                .filter_map(|i| seen.get(*i as usize))
                .map(|e| e.card().name)
                .collect::<Vec<_>>()
                .join(" → ")
        }
        Action::ChooseCharacters(CharacterSet(set)) => evr_engine::Character::of_side(view.viewer)
            .iter()
            .filter(|c| set & (1 << c.slot()) != 0)
            .map(|c| c.name())
            .collect::<Vec<_>>()
            .join(", "),
    }
}

/// On request, the chance to win this round's event after each legal action, estimated by a
/// search that sees only what the player sees.
#[component]
pub fn AdvicePanel(view: PlayerView) -> impl IntoView {
    let ui = expect_context::<Ui>();
    let useful = view.legal_actions.len() > 1
        && view.event.is_some()
        && !matches!(view.decision, Some(Decision::ChooseCharacters) | None);
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
                                            <span class="advice-chance">{format!("{:.0}%", e.chance * 100.0)}</span>
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
