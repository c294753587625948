//! The cards and tokens, drawn in CSS and inline SVG of our own.

use crate::evr::app::{Ui, Zoomed};
use crate::evr::art::{card_art, event_art, strategy_art, Art};
use crate::evr::card_text;
use crate::evr::narrate::{card_label, side_class, side_name};
use evr_engine::cards::{CardKind, EventId, ResourceType, Side, Strategy};
use evr_engine::{Action, CardId};
use leptos::prelude::*;
use std::time::Duration;

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
    let zoom = Zoomable::new(ui, Zoomed::Card(card));
    let click = move |_| {
        if !zoom.swallow_click() {
            if let Some(a) = action {
                ui.act(a);
            }
        }
    };
    let label = card_aria_label(card, exhausted, action);
    let class = format!(
        "resource-card {}{}{}",
        card_classes(card),
        if exhausted { " exhausted" } else { " ready" },
        if action.is_some() { " playable" } else { "" }
    );
    let face = move || view! { <CardFace card exhausted=move || exhausted /> };
    match action {
        Some(_) => view! {
            <button type="button" class=class data-testid="card" data-card=card.0 aria-label=label
                on:click=click on:pointerenter=move |e| zoom.enter(e) on:pointerleave=move |e| zoom.leave(e)
                on:pointerdown=move |e| zoom.press(e) on:pointerup=move |_| zoom.release()
                on:pointercancel=move |_| zoom.release()>
                {face()}
            </button>
        }
        .into_any(),
        None => view! {
            <div class=class data-testid="card" data-card=card.0 role="img" aria-label=label
                on:pointerenter=move |e| zoom.enter(e) on:pointerleave=move |e| zoom.leave(e)
                on:pointerdown=move |e| zoom.press(e) on:pointerup=move |_| zoom.release()
                on:pointercancel=move |_| zoom.release()>
                {face()}
            </div>
        }
        .into_any(),
    }
}

/// What a screen reader says of a resource card: what a click on it does, or what it is.
pub fn card_aria_label(card: CardId, exhausted: bool, action: Option<Action>) -> String {
    match action {
        Some(a) => format!("{} {}", action_verb(a), card_label(card)),
        None => format!(
            "{}{}, value {}",
            card_label(card),
            if exhausted { ", exhausted" } else { "" },
            card.value(exhausted)
        ),
    }
}

/// The kind and faction classes of a resource card (its colours).
pub fn card_classes(card: CardId) -> String {
    format!("{} {}", kind_class(card), side_class(card.side()))
}

/// What is printed on a resource card: value, name, drawing and power (the value follows
/// `exhausted`, for characters).
#[component]
pub fn CardFace(
    card: CardId,
    exhausted: impl Fn() -> bool + Send + Sync + 'static,
) -> impl IntoView {
    view! {
        <span class="card-value" aria-hidden="true">{move || card.value(exhausted())}</span>
        <span class="card-title">{card.name()}</span>
        <Art id=card_art(card) />
        <span class="card-power">{card_text::power(card)}</span>
        {card.is_character().then(|| view! {
            <span class="card-exhausted-value" title="Value when exhausted">{card.exhausted_value()}</span>
        })}
    }
}

/// What makes a card show enlarged: a mouse resting on it, or a long press on a touch screen
/// (and then that press is not a click). Shared by every card.
#[derive(Clone, Copy)]
pub struct Zoomable {
    ui: Ui,
    zoomed: Zoomed,
    press_timer: StoredValue<Option<TimeoutHandle>>,
    long_pressed: StoredValue<bool>,
}

impl Zoomable {
    pub fn new(ui: Ui, zoomed: Zoomed) -> Zoomable {
        Zoomable {
            ui,
            zoomed,
            press_timer: StoredValue::new(None),
            long_pressed: StoredValue::new(false),
        }
    }

    pub fn enter(self, e: web_sys::PointerEvent) {
        if e.pointer_type() == "mouse" {
            self.ui.zoom.set(Some((self.zoomed, false)));
        }
    }

    pub fn leave(self, e: web_sys::PointerEvent) {
        if e.pointer_type() == "mouse" {
            self.ui.zoom.set(None);
        }
    }

    pub fn press(self, e: web_sys::PointerEvent) {
        self.long_pressed.set_value(false);
        if e.pointer_type() != "mouse" {
            let show = move || {
                self.long_pressed.set_value(true);
                self.ui.zoom.set(Some((self.zoomed, true)));
            };
            self.press_timer
                .set_value(set_timeout_with_handle(show, Duration::from_millis(450)).ok());
        }
    }

    pub fn release(self) {
        if let Some(h) = self.press_timer.get_value() {
            h.clear();
        }
    }

    /// Whether this click ends a long press (and so must not act); clears it.
    pub fn swallow_click(self) -> bool {
        let long = self.long_pressed.get_value();
        self.long_pressed.set_value(false);
        long
    }
}

/// A face-down card (a deck, an unknown card).
#[component]
pub fn CardBack(side: Side, #[prop(into)] label: String) -> impl IntoView {
    let text = label.clone();
    view! {
        <div class=format!("card-back {}", side_class(side)) role="img" aria-label=label>
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
            <Art id=event_art(event) />
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
        <Art id=strategy_art(strategy) />
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

/// The balance token: the face-up faction goes first and wins ties. Both faces are drawn;
/// turning it over flips the token.
#[component]
pub fn BalanceToken(side: Signal<Side>) -> impl IntoView {
    let name = move || side_name(side.get());
    view! {
        <div class="balance-token" data-side=move || side_class(side.get()) data-testid="balance-token"
            role="img" aria-label=move || format!("Balance token: {} side up (goes first, wins ties)", name())>
            <svg class="face rebel" viewBox="0 0 40 40" aria-hidden="true">
                <circle cx="20" cy="20" r="18" />
                <path d="M20 7 L24 19 L20 33 L16 19 Z M10 15 Q20 24 30 15" />
            </svg>
            <svg class="face imperial" viewBox="0 0 40 40" aria-hidden="true">
                <circle cx="20" cy="20" r="18" />
                <path d="M20 6 L32 13 V27 L20 34 L8 27 V13 Z M20 12 V28 M12 20 H28" />
            </svg>
            <span>{name}</span>
        </div>
    }
}

/// Influence tokens as a number and a row of pips; a token gained arrives as a new pip.
#[component]
pub fn Influence(amount: Signal<u32>) -> impl IntoView {
    view! {
        <span class="influence" title="Influence" aria-label=move || format!("{} influence", amount.get())>
            <span class="influence-pips" aria-hidden="true">
                <For each=move || 0..amount.get().min(8) key=|i| *i let:_i>
                    <i></i>
                </For>
            </span>
            {amount}
        </span>
    }
}

/// Victory points toward 7; the track fills as points come.
#[component]
pub fn VictoryTrack(side: Side, points: Signal<u8>) -> impl IntoView {
    let name = side_name(side);
    view! {
        <span class=format!("victory-track {}", side_class(side))
            aria-label=move || format!("{name}: {} of 7 victory points", points.get())>
            {(1..=7u8).map(|i| view! { <i class:won=move || i <= points.get()></i> }).collect_view()}
            <b>{points}</b>
        </span>
    }
}
