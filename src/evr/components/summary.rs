//! What happened at the end of a round, step by step, and the end of the game.

use super::share::ShareGame;
use crate::evr::app::Ui;
use crate::evr::narrate::{describe, side_name, verdict};
use crate::evr::session::Session;
use evr_engine::log::LogEvent;
use evr_engine::view::{PlayerView, Stage};
use evr_engine::Side;
use leptos::prelude::*;

/// The end of the last round, in words: who won the event and why, what changed for each
/// side, and every step of the dominance phase.
struct RoundEnd {
    round: u16,
    verdict: Option<String>,
    changes: Vec<String>,
    steps: Vec<String>,
}

/// The last dominance phase of the log.
fn last_dominance(view: &PlayerView) -> Option<RoundEnd> {
    let start = view
        .log
        .iter()
        .rposition(|e| matches!(e, LogEvent::StruggleEnded { .. }))?;
    let before = &view.log[..start];
    let round = before
        .iter()
        .filter(|e| matches!(e, LogEvent::RoundStarted { .. }))
        .count() as u16;
    let event = before.iter().rev().find_map(|e| match e {
        LogEvent::RoundStarted { event, .. } => Some(*event),
        _ => None,
    });
    let balance = before.iter().rev().find_map(|e| match e {
        LogEvent::BalanceToken { side } => Some(*side),
        _ => None,
    });
    let phase: Vec<&LogEvent> = view.log[start..]
        .iter()
        .take_while(|e| !matches!(e, LogEvent::RoundStarted { .. }))
        .collect();
    let verdict = phase.iter().find_map(|e| match e {
        LogEvent::DominanceDecided { winner, totals } => Some(verdict(
            *winner,
            *totals,
            event?,
            balance.unwrap_or(view.balance),
            view.viewer,
        )),
        _ => None,
    });
    let changes = [view.viewer, view.viewer.opponent()]
        .into_iter()
        .filter_map(|side| changes_of(view, &phase, side))
        .collect();
    let steps = phase
        .iter()
        .filter(|e| {
            !matches!(
                e,
                LogEvent::DeckShuffled { .. } | LogEvent::BalanceToken { .. }
            )
        })
        .filter_map(|e| describe(e, view.viewer))
        .collect();
    Some(RoundEnd {
        round: round.max(1),
        verdict,
        changes,
        steps,
    })
}

/// "You: +1 victory point (3 of 7), +2 influence (now 4), strategy revealed: Deception".
fn changes_of(view: &PlayerView, phase: &[&LogEvent], side: Side) -> Option<String> {
    let mut points = 0u32;
    let mut influence = 0i64;
    let mut revealed = Vec::new();
    for e in phase {
        match **e {
            LogEvent::EventWon {
                side: s,
                victory_points,
                ..
            } if s == side => points += victory_points as u32,
            LogEvent::InfluenceGained { side: s, amount } if s == side => {
                influence += amount as i64
            }
            LogEvent::InfluenceLost { side: s, amount } if s == side => influence -= amount as i64,
            LogEvent::StrategyRevealed { side: s, strategy } if s == side => {
                revealed.push(strategy.name())
            }
            _ => {}
        }
    }
    let (now_points, now_influence) = if side == view.viewer {
        (view.me.victory_points, view.me.influence)
    } else {
        (view.opponent.victory_points, view.opponent.influence)
    };
    let mut parts = Vec::new();
    if points > 0 {
        parts.push(format!(
            "+{points} victory point{} ({now_points} of 7)",
            if points == 1 { "" } else { "s" }
        ));
    }
    if influence != 0 {
        parts.push(format!("{influence:+} influence (now {now_influence})"));
    }
    if !revealed.is_empty() {
        parts.push(format!("strategy revealed: {}", revealed.join(", ")));
    }
    let name = if side == view.viewer {
        "You".to_string()
    } else {
        format!("The {}", side_name(side))
    };
    (!parts.is_empty()).then(|| format!("{name}: {}", parts.join(", ")))
}

fn headline(end: &RoundEnd) -> impl IntoView {
    view! {
        {end.verdict.clone().map(|v| view! { <p class="verdict" data-testid="verdict">{v}</p> })}
        {(!end.changes.is_empty()).then(|| view! {
            <ul class="changes" data-testid="changes">
                {end.changes.iter().map(|c| view! { <li>{c.clone()}</li> }).collect_view()}
            </ul>
        })}
    }
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
    let end = last_dominance(&view)?;
    let round = end.round;
    Some(move || {
        (round > ui.summary_seen.get()).then(|| {
            view! {
                <div class="overlay" role="dialog" aria-modal="true" aria-label="End of the round" data-testid="round-summary">
                    <section class="summary">
                        <h2>{format!("End of round {round}")}</h2>
                        {headline(&end)}
                        <details class="steps-detail" open>
                            <summary>"Step by step"</summary>
                            {steps_list(end.steps.clone())}
                        </details>
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
    let end = last_dominance(&view);
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
                {end.map(|end| view! {
                    {headline(&end)}
                    {steps_list(end.steps)}
                })}
                <ShareGame />
                <div class="buttons">
                    <button class="primary" data-testid="rematch" data-autofocus="" on:click=rematch>"Rematch"</button>
                    <button data-testid="to-menu" on:click=move |_| ui.screen.set(crate::evr::app::Screen::Start)>"Main menu"</button>
                </div>
            </section>
        </div>
    })
}
