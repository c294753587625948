//! The decision: the question asked now and who answers it; for a placement, the hand of
//! workers to pick from before tapping a box; the answers of the last thing tapped; the
//! answers that have no place on the board (bids, payments, defenders, passing), each battle
//! with its exact odds; and, for the keyboard and screen readers, every answer grouped.

use super::{odds_text, ui};
use crate::egr::targets::{anchor, panel_actions, placeable_kinds, Anchor};
use crate::egr::words::{event_text, kind_name, kind_plural, prompt_text, seat_name};
use egr_engine::{Action, Kind};
use leptos::prelude::*;

/// One answer as a button, with the odds of its battle if it starts one.
fn answer_button(action: Action, index: usize) -> impl IntoView {
    let ui = ui();
    let label = ui.label(action);
    let odds = ui.view.with_untracked(|v| {
        v.as_ref().and_then(|v| {
            let battle = v.battle(action)?;
            Some(odds_text(&battle, matches!(action, Action::Attack { .. })))
        })
    });
    view! {
        <button class="answer" data-testid="answer" data-index=index
            on:click=move |_| {
                ui.act(action);
                keep_focus();
            }>
            <span>{label}</span>
            {odds.map(|o| view! { <small class="odds" data-testid="odds">{o}</small> })}
        </button>
    }
}

/// After an answer from the decision panel, the keyboard stays in it: on the first answer of
/// the next question (or the panel itself), never dropped to the top of the page.
fn keep_focus() {
    request_animation_frame(|| {
        use wasm_bindgen::JsCast;
        let target = document()
            .query_selector("#decision [data-testid=answer], #decision")
            .ok()
            .flatten();
        if let Some(el) = target.and_then(|e| e.dyn_into::<web_sys::HtmlElement>().ok()) {
            let _ = el.focus();
        }
    });
}

fn group_name(at: Anchor) -> &'static str {
    match at {
        Anchor::Spot(_) => "Place a worker",
        Anchor::Planet(_) => "On the planets",
        Anchor::Box(_) => "In the boxes",
        Anchor::Good(_) => "Trade goods",
        Anchor::Mission(_) => "Covert Missions",
        Anchor::Tech(_) => "Technologies",
        Anchor::Card(_) => "Imperial Action cards",
        Anchor::Panel => "Answers",
    }
}

/// The hand of workers still to place, to pick the next one from.
#[component]
fn Hand() -> impl IntoView {
    let ui = ui();
    let kinds = Memo::new(move |_| {
        ui.view.with(|v| {
            v.as_ref()
                .map(|v| placeable_kinds(&v.legal_actions))
                .unwrap_or_default()
        })
    });
    let hand = move || {
        ui.view.with(|v| {
            v.as_ref()
                .and_then(|v| v.seats.get(v.viewer.index()).map(|s| (v.viewer, s.hand)))
        })
    };
    move || {
        let (seat, hand) = hand()?;
        let kinds = kinds.get();
        (!kinds.is_empty()).then(|| {
            let chips = kinds
                .into_iter()
                .map(|k| {
                    let n = hand[k.index()];
                    view! {
                        <button class=format!("hand-kind worker-pick seat-{}", seat.0)
                            aria-pressed=move || (ui.armed.get() == Some(k)).to_string()
                            data-testid=format!("hand-{}", k.index())
                            on:click=move |_| ui.arm(k)>
                            <span class=format!("worker seat-{}", seat.0)>{crate::egr::words::kind_letter(k)}</span>
                            {format!("{n} {}", if n == 1 { kind_name(k) } else { kind_plural(k) })}
                        </button>
                    }
                })
                .collect_view();
            view! {
                <div class="hand" role="group" aria-label="Workers to place" data-testid="hand">
                    {chips}
                    <small class="hint">{move || ui.armed.get().map(|k: Kind| format!("Tap a box to place a {}.", kind_name(k)))}</small>
                </div>
            }
        })
    }
}

/// What happened since the person at the screen last decided (the income, a refresh, the
/// scoring, the computer's moves): the last three lines always, the rest on demand.
#[component]
fn Latest() -> impl IntoView {
    let ui = ui();
    let lines = Memo::new(move |_| {
        let seen = ui.seen.get();
        ui.view.with(|v| {
            let Some(v) = v.as_ref() else {
                return Vec::new();
            };
            let mut lines: Vec<String> = v
                .log
                .iter()
                .skip(seen.min(v.log.len().saturating_sub(3)))
                .filter_map(|e| event_text(e, &v.options.numbers))
                .collect();
            if lines.len() < 3 {
                // Too little since: the last lines before it still say where the game is.
                lines = v
                    .log
                    .iter()
                    .filter_map(|e| event_text(e, &v.options.numbers))
                    .collect();
                lines.drain(..lines.len().saturating_sub(3));
            }
            lines
        })
    });
    move || {
        let mut lines = lines.get();
        let recent = lines.split_off(lines.len().saturating_sub(3));
        let earlier = (!lines.is_empty()).then(|| {
            let n = lines.len();
            view! {
                <details class="since" data-testid="since">
                    <summary>{format!("{n} more since your last decision")}</summary>
                    <ul>{lines.into_iter().map(|l| view! { <li>{l}</li> }).collect_view()}</ul>
                </details>
            }
        });
        view! {
            <div class="latest" data-testid="latest">
                {earlier}
                <ul aria-live="polite">{recent.into_iter().map(|l| view! { <li>{l}</li> }).collect_view()}</ul>
            </div>
        }
    }
}

#[component]
pub fn Decision() -> impl IntoView {
    let ui = ui();
    let prompt = move || {
        ui.view
            .with(|v| v.as_ref().map(prompt_text).unwrap_or_default())
    };
    let to_act = move || ui.view.with(|v| v.as_ref().and_then(|v| v.to_act));
    let mine = move || {
        ui.view
            .with(|v| v.as_ref().is_some_and(|v| !v.legal_actions.is_empty()))
    };
    let several_people = move || {
        ui.session
            .with(|s| s.as_ref().is_some_and(|s| s.people() > 1))
    };
    let waiting = move || {
        let seat = to_act()?;
        (!mine()).then(|| {
            view! {
                <p class="thinking" data-testid="thinking">
                    {format!("{} is deciding…", seat_name(seat))}
                </p>
            }
        })
    };
    let whose = move || {
        (mine() && several_people()).then(|| {
            to_act().map(|s| view! {
                <p class=format!("whose seat-{}", s.0) data-testid="whose">{format!("{}, your decision", seat_name(s))}</p>
            })
        })
    };
    let choices = move || {
        ui.choices.get().map(|(_, actions)| {
            let buttons = actions
                .into_iter()
                .enumerate()
                .map(|(i, a)| answer_button(a, i))
                .collect_view();
            view! {
                <div class="choices" role="group" aria-label="Choose" data-testid="choices">
                    {buttons}
                    <button class="quiet" on:click=move |_| ui.choices.set(None)>"Cancel"</button>
                </div>
            }
        })
    };
    let panel = move || {
        ui.view.with(|v| {
            let v = v.as_ref()?;
            let actions = panel_actions(&v.legal_actions);
            (!actions.is_empty()).then(|| {
                let buttons = actions
                    .into_iter()
                    .enumerate()
                    .map(|(i, a)| answer_button(a, i))
                    .collect_view();
                view! { <div class="panel-answers" role="group" aria-label="Answers" data-testid="panel">{buttons}</div> }
            })
        })
    };
    // The keyboard and screen-reader path: every answer on the board, grouped by where.
    let all = move || {
        ui.view.with(|v| {
            let v = v.as_ref()?;
            let armed = ui.armed.get();
            let mut groups: Vec<(Anchor, Vec<Action>)> = Vec::new();
            for a in v.legal_actions.iter().copied() {
                let at = anchor(&a);
                if at == Anchor::Panel {
                    continue;
                }
                if let (Action::Place { kind, .. }, Some(armed)) = (a, armed) {
                    if kind != armed {
                        continue;
                    }
                }
                let key = match at {
                    Anchor::Spot(_) | Anchor::Planet(_) | Anchor::Box(_) => at,
                    other => other,
                };
                match groups
                    .iter_mut()
                    .find(|(g, _)| group_name(*g) == group_name(key))
                {
                    Some((_, list)) => list.push(a),
                    None => groups.push((key, vec![a])),
                }
            }
            (!groups.is_empty()).then(|| {
                let sections = groups
                    .into_iter()
                    .map(|(at, actions)| {
                        let buttons = actions
                            .into_iter()
                            .enumerate()
                            .map(|(i, a)| answer_button(a, i))
                            .collect_view();
                        view! {
                            <div role="group" aria-label=group_name(at)>
                                <h3>{group_name(at)}</h3>
                                {buttons}
                            </div>
                        }
                    })
                    .collect_view();
                view! {
                    <details class="all-answers" data-testid="all-answers"
                        prop:open=move || ui.list_open.get_untracked()
                        on:toggle=move |e| {
                            use wasm_bindgen::JsCast;
                            let details = e.target().and_then(|t| t.dyn_into::<web_sys::HtmlDetailsElement>().ok());
                            if let Some(d) = details {
                                ui.list_open.set(d.open());
                            }
                        }>
                        <summary>"All choices as a list"</summary>
                        {sections}
                    </details>
                }
            })
        })
    };
    view! {
        <section class="decision egr-decision" id="decision" tabindex="-1" aria-label="Decision" data-testid="decision">
            <super::lesson::LessonLine />
            <p class="prompt" data-testid="prompt" aria-live="polite">{prompt}</p>
            {whose}
            {waiting}
            <Latest />
            {move || ui.detail.get().map(|d| view! {
                <p class="detail" data-testid="detail">{d}
                    <button class="quiet" on:click=move |_| ui.detail.set(None)>"Close"</button></p>
            })}
            <Hand />
            {choices}
            {panel}
            <super::drawers::Scores />
            {all}
            {move || ui.notice.get().map(|n| view! { <p class="banner error" role="alert" data-testid="notice">{n}</p> })}
            {move || ui.save_failed.get().map(|n| view! { <p class="banner error" role="alert" data-testid="save-failed">{format!("Not saved: {n}.")}</p> })}
        </section>
    }
}
