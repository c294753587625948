//! What happened at the end of a round, step by step, and the end of the game.

use crate::evr::app::Ui;
use crate::evr::narrate::{describe, side_name};
use crate::evr::session::Session;
use evr_engine::log::LogEvent;
use evr_engine::view::{PlayerView, Stage};
use leptos::prelude::*;

/// The last dominance phase of the log: its round and its steps in words.
fn last_dominance(view: &PlayerView) -> Option<(u16, Vec<String>)> {
    let start = view
        .log
        .iter()
        .rposition(|e| matches!(e, LogEvent::StruggleEnded { .. }))?;
    let round = view.log[..start]
        .iter()
        .filter(|e| matches!(e, LogEvent::RoundStarted { .. }))
        .count() as u16;
    let steps = view.log[start..]
        .iter()
        .take_while(|e| !matches!(e, LogEvent::RoundStarted { .. }))
        .filter(|e| {
            !matches!(
                e,
                LogEvent::DeckShuffled { .. } | LogEvent::BalanceToken { .. }
            )
        })
        .filter_map(|e| describe(e, view.viewer))
        .collect();
    Some((round.max(1), steps))
}

fn steps_list(steps: Vec<String>) -> impl IntoView {
    view! {
        <ol class="steps">
            {steps.into_iter().enumerate().map(|(i, s)| view! {
                <li style=format!("--step: {i}")>{s}</li>
            }).collect_view()}
        </ol>
    }
}

/// Shown once the round's dominance is over (not while one of its decisions is open), until
/// the player dismisses it.
#[component]
pub fn RoundSummary(view: PlayerView) -> impl IntoView {
    let ui = expect_context::<Ui>();
    if matches!(view.stage, Stage::GameOver { .. } | Stage::Dominance { .. }) {
        return None;
    }
    let (round, steps) = last_dominance(&view)?;
    Some(move || {
        (round > ui.summary_seen.get()).then(|| {
            view! {
                <div class="overlay" role="dialog" aria-modal="true" aria-label="End of the round" data-testid="round-summary">
                    <section class="summary">
                        <h2>{format!("End of round {round}")}</h2>
                        {steps_list(steps.clone())}
                        <button class="primary" data-testid="continue-round" data-autofocus=""
                            on:click=move |_| ui.summary_seen.set(round)>
                            "Continue"
                        </button>
                    </section>
                </div>
            }
        })
    })
}

#[component]
pub fn GameOver(stage: Stage, view: PlayerView) -> impl IntoView {
    let ui = expect_context::<Ui>();
    let Stage::GameOver { winner } = stage else {
        return None;
    };
    let me = view.viewer;
    let title = match winner {
        Some(w) if w == me => "You win!".to_string(),
        Some(w) => format!("The {} wins", side_name(w)),
        None => "Nobody wins".to_string(),
    };
    let steps = last_dominance(&view).map(|(_, s)| s).unwrap_or_default();
    let rematch = move |_| {
        let current = ui.session.with(|s| {
            s.as_ref()
                .map(|s: &Session| (s.mode, s.game.options().variant))
        });
        if let Some((mode, variant)) = current {
            ui.start(mode, variant);
        }
    };
    Some(view! {
        <div class="overlay" role="dialog" aria-modal="true" aria-label="Game over" data-testid="game-over">
            <section class="summary">
                <h2 data-testid="winner">{title}</h2>
                <p>{format!(
                    "Victory points: you {}, your opponent {}.",
                    view.me.victory_points, view.opponent.victory_points
                )}</p>
                {steps_list(steps)}
                <div class="buttons">
                    <button class="primary" data-testid="rematch" data-autofocus="" on:click=rematch>"Rematch"</button>
                    <button data-testid="to-menu" on:click=move |_| ui.screen.set(crate::evr::app::Screen::Start)>"Main menu"</button>
                </div>
            </section>
        </div>
    })
}
