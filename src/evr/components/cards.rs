//! The cards and tokens, drawn in CSS and inline SVG of our own.

use crate::evr::app::Ui;
use crate::evr::card_text;
use crate::evr::narrate::{card_label, side_name};
use evr_engine::cards::{CardKind, EventId, ResourceType, Side, Strategy};
use evr_engine::{Action, CardId};
use leptos::prelude::*;
use std::time::Duration;

/// The small emblem of a resource type or of a character's faction.
#[component]
pub fn Emblem(card: CardId) -> impl IntoView {
    let path = match card.kind() {
        CardKind::Regular(ResourceType::Military) => "M4 20 L20 4 M4 4 L20 20 M2 12 H22",
        CardKind::Regular(ResourceType::Diplomacy) => "M12 3 L21 12 L12 21 L3 12 Z M8 12 H16",
        CardKind::Regular(ResourceType::Force) => {
            "M12 12 m-8 0 a8 8 0 1 0 16 0 a8 8 0 1 0 -16 0 M12 12 m-3 0 a3 3 0 1 0 6 0"
        }
        CardKind::Regular(ResourceType::Recon) => {
            "M2 12 Q12 3 22 12 Q12 21 2 12 Z M12 12 m-3 0 a3 3 0 1 0 6 0 a3 3 0 1 0 -6 0"
        }
        CardKind::Character(_) => match card.side() {
            Side::Rebel => "M12 2 L15 10 L12 22 L9 10 Z M4 8 Q12 14 20 8",
            Side::Imperial => "M12 2 L21 7 V17 L12 22 L3 17 V7 Z M12 7 V17 M7 12 H17",
        },
    };
    view! {
        <svg class="emblem" viewBox="0 0 24 24" aria-hidden="true">
            <path d=path />
        </svg>
    }
}

fn kind_class(card: CardId) -> &'static str {
    match card.kind() {
        CardKind::Regular(ResourceType::Military) => "military",
        CardKind::Regular(ResourceType::Diplomacy) => "diplomacy",
        CardKind::Regular(ResourceType::Force) => "force",
        CardKind::Regular(ResourceType::Recon) => "recon",
        CardKind::Character(_) => "character",
    }
}

fn action_verb(action: Action) -> &'static str {
    match action {
        Action::UsePower(_) => "Use the power of",
        Action::SpendInfluence(_) => "Spend 1 influence to ready",
        _ => "Choose",
    }
}

/// A resource card. With an `action` it is a button that sends it. A mouse resting on the card
/// shows it enlarged; on touch screens a long press does (and that press is not a click).
#[component]
pub fn ResourceCard(
    card: CardId,
    #[prop(default = false)] exhausted: bool,
    #[prop(optional)] action: Option<Action>,
) -> impl IntoView {
    let ui = expect_context::<Ui>();
    let press_timer = StoredValue::new(None::<TimeoutHandle>);
    let long_pressed = StoredValue::new(false);
    let enter = move |e: web_sys::PointerEvent| {
        if e.pointer_type() == "mouse" {
            ui.zoom.set(Some((card, false)));
        }
    };
    let leave = move |e: web_sys::PointerEvent| {
        if e.pointer_type() == "mouse" {
            ui.zoom.set(None);
        }
    };
    let press = move |e: web_sys::PointerEvent| {
        long_pressed.set_value(false);
        if e.pointer_type() != "mouse" {
            let show = move || {
                long_pressed.set_value(true);
                ui.zoom.set(Some((card, true)));
            };
            press_timer.set_value(set_timeout_with_handle(show, Duration::from_millis(450)).ok());
        }
    };
    let release = move |_| {
        if let Some(h) = press_timer.get_value() {
            h.clear();
        }
    };
    let click = move |_| {
        if long_pressed.get_value() {
            long_pressed.set_value(false);
        } else if let Some(a) = action {
            ui.act(a);
        }
    };
    let value = card.value(exhausted);
    let label = match action {
        Some(a) => format!("{} {}", action_verb(a), card_label(card)),
        None => format!(
            "{}{}, value {}",
            card_label(card),
            if exhausted { ", exhausted" } else { "" },
            value
        ),
    };
    let body = view! {
        <span class="card-value" aria-hidden="true">{value}</span>
        <span class="card-title">{card.name()}</span>
        <Emblem card />
        <span class="card-power">{card_text::power(card)}</span>
        {card.is_character().then(|| view! {
            <span class="card-exhausted-value" title="Value when exhausted">{card.exhausted_value()}</span>
        })}
    };
    let class = format!(
        "resource-card {} {} {}{}",
        kind_class(card),
        side_name(card.side()).to_lowercase(),
        if exhausted { "exhausted" } else { "ready" },
        if action.is_some() { " playable" } else { "" }
    );
    match action {
        Some(_) => view! {
            <button
                type="button"
                class=class
                data-testid="card"
                data-card=card.0
                aria-label=label
                on:click=click
                on:pointerenter=enter
                on:pointerleave=leave
                on:pointerdown=press
                on:pointerup=release
                on:pointercancel=release
            >
                {body}
            </button>
        }
        .into_any(),
        None => view! {
            <div
                class=class
                data-testid="card"
                data-card=card.0
                role="img"
                aria-label=label
                on:pointerenter=enter
                on:pointerleave=leave
                on:pointerdown=press
                on:pointerup=release
                on:pointercancel=release
            >
                {body}
            </div>
        }
        .into_any(),
    }
}

/// A face-down card (a deck, an unknown card).
#[component]
pub fn CardBack(side: Side, #[prop(into)] label: String) -> impl IntoView {
    let text = label.clone();
    view! {
        <div class=format!("card-back {}", side_name(side).to_lowercase()) role="img" aria-label=label>
            <span>{text}</span>
        </div>
    }
}

/// The event being fought over.
#[component]
pub fn EventCard(event: EventId) -> impl IntoView {
    let card = event.card();
    let effect = card_text::event_effect(card.effect);
    view! {
        <article class="event-card" data-testid="event-card" aria-label=format!("Event: {}", card.name)>
            <header>
                <h2 class="event-name">{card.name}</h2>
                <span class="event-vp" title="Victory points">{card.victory_points}<small>" VP"</small></span>
                <span class="event-influence" title="Influence for the winner">{card.influence}<small>" inf"</small></span>
            </header>
            <dl class="event-numbers">
                <div><dt>"Objective"</dt><dd data-testid="objective">{card.objective}</dd></div>
                <div><dt>"Capacity"</dt><dd data-testid="capacity">{card.capacity}</dd></div>
            </dl>
            {(!effect.is_empty()).then(|| view! { <p class="event-effect">{effect}</p> })}
        </article>
    }
}

/// A strategy card face up, with its effect.
#[component]
pub fn StrategyCard(
    strategy: Strategy,
    #[prop(optional)] state: &'static str,
    #[prop(optional)] action: Option<Action>,
) -> impl IntoView {
    let ui = expect_context::<Ui>();
    let class = format!("strategy-card {state}");
    let body = view! {
        <span class="strategy-name">{strategy.name()}</span>
        <span class="strategy-effect">{card_text::strategy(strategy)}</span>
    };
    match action {
        Some(action) => view! {
            <button type="button" class=class data-testid="strategy" on:click=move |_| ui.act(action)
                aria-label=format!("Choose {}", strategy.name())>
                {body}
            </button>
        }
        .into_any(),
        None => view! { <div class=class>{body}</div> }.into_any(),
    }
}

/// The balance token: the face-up faction goes first and wins ties.
#[component]
pub fn BalanceToken(side: Side) -> impl IntoView {
    let name = side_name(side);
    view! {
        <div class=format!("balance-token {}", name.to_lowercase()) data-testid="balance-token"
            role="img" aria-label=format!("Balance token: {name} side up (goes first, wins ties)")>
            <svg viewBox="0 0 40 40" aria-hidden="true">
                <circle cx="20" cy="20" r="18" />
                {match side {
                    Side::Rebel => view! { <path d="M20 7 L24 19 L20 33 L16 19 Z M10 15 Q20 24 30 15" /> }.into_any(),
                    Side::Imperial => view! { <path d="M20 6 L32 13 V27 L20 34 L8 27 V13 Z M20 12 V28 M12 20 H28" /> }.into_any(),
                }}
            </svg>
            <span>{name}</span>
        </div>
    }
}

/// Influence tokens as a number and a row of pips.
#[component]
pub fn Influence(amount: u32) -> impl IntoView {
    view! {
        <span class="influence" title="Influence" aria-label=format!("{amount} influence")>
            <span class="influence-pips" aria-hidden="true">
                {(0..amount.min(8)).map(|_| view! { <i></i> }).collect_view()}
            </span>
            {amount}
        </span>
    }
}

/// Victory points toward 7.
#[component]
pub fn VictoryTrack(side: Side, points: u8) -> impl IntoView {
    view! {
        <span class=format!("victory-track {}", side_name(side).to_lowercase())
            aria-label=format!("{}: {points} of 7 victory points", side_name(side))>
            {(1..=7u8).map(|i| view! { <i class:won=move || i <= points></i> }).collect_view()}
            <b>{points}</b>
        </span>
    }
}
