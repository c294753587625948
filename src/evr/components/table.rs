//! The table: both play areas around the event, the scoreboard, the decision and the log.

use super::advice::{AdvicePanel, ComputerThinking};
use super::cards::{
    BalanceToken, CardBack, EventCard, Influence, ResourceCard, StrategyCard, VictoryTrack,
};
use super::decision::DecisionPrompt;
use super::log::LogPanel;
use crate::evr::app::{Screen, Ui};
use crate::evr::narrate::side_name;
use evr_engine::view::{InPlay, OpponentStrategy, PlayerView, Stage};
use evr_engine::{Action, CardId, Side};
use leptos::prelude::*;

/// The action a click on this card sends now, if any.
pub fn card_action(view: &PlayerView, card: CardId) -> Option<Action> {
    view.legal_actions.iter().copied().find(|a| {
        matches!(a, Action::UsePower(c) | Action::SpendInfluence(c) | Action::SelectCard(c) if *c == card)
    })
}

#[component]
pub fn Table(view: PlayerView) -> impl IntoView {
    let ui = expect_context::<Ui>();
    let me = view.viewer;
    let event = view.event;
    let objective = event.map(|e| e.card().objective as u32);
    let capacity = event.map(|e| e.card().capacity as usize);
    let turn_text = match view.stage {
        Stage::Struggle {
            turn, resolving, ..
        } => {
            let actor = resolving.map_or(turn, |(_, who)| who);
            if actor == me {
                "Your move".to_string()
            } else {
                format!("The {} is thinking…", side_name(actor))
            }
        }
        Stage::ChoosingCharacters { .. } => "Choose your characters".to_string(),
        Stage::ChoosingStrategies { .. } => "Choose strategies".to_string(),
        Stage::Dominance { .. } => "Dominance".to_string(),
        Stage::GameOver { .. } => "Game over".to_string(),
    };
    let opponent_area = opponent_area(&view, objective, capacity);
    let my_area = my_area(&view, objective, capacity);
    view! {
        <div class="table" data-testid="table">
            <header class="scoreboard">
                <span class="round" data-testid="round">"Round " {view.round}</span>
                <VictoryTrack side=Side::Rebel points=side_points(&view, Side::Rebel) />
                <VictoryTrack side=Side::Imperial points=side_points(&view, Side::Imperial) />
                <BalanceToken side=view.balance />
                <span class="turn" data-testid="turn">{turn_text}</span>
                <span class="menu">
                    <button class="quiet" on:click=move |_| ui.rules_open.set(true)>"Rules"</button>
                    <button class="quiet" data-testid="menu" on:click=move |_| ui.screen.set(Screen::Start)>"Menu"</button>
                </span>
            </header>
            {opponent_area}
            {(view.variant == evr_engine::Variant::Tutorial).then(|| view! {
                <p class="banner tutorial" data-testid="tutorial-help">
                    "Tutorial: end the struggle with a higher total than the Empire without going over the objective value. "
                    "On your turn play a card (the top card of your deck goes into play), use the power of a ready card (it turns sideways), or pass. "
                    "Two passes in a row end the struggle. Hover over a card, or press it for a moment, to read it."
                </p>
            })}
            <section class="center" aria-label="The event">
                {event.map(|e| view! { <EventCard event=e /> })}
            </section>
            {my_area}
            <section id="decision" class="decision" aria-label="Your decision" tabindex="-1">
                <DecisionPrompt view=view.clone() />
                <ComputerThinking view=view.clone() />
                <AdvicePanel view=view.clone() />
            </section>
            <LogPanel view=view.clone() />
        </div>
    }
}

fn side_points(view: &PlayerView, side: Side) -> u8 {
    if side == view.viewer {
        view.me.victory_points
    } else {
        view.opponent.victory_points
    }
}

/// Total against the objective value, and cards against the capacity.
#[component]
fn Totals(
    total: u32,
    cards: usize,
    objective: Option<u32>,
    capacity: Option<usize>,
) -> impl IntoView {
    let over = objective.is_some_and(|o| total > o);
    view! {
        <span class="totals" class:over=over data-testid="total">
            <b>{total}</b>
            {objective.map(|o| format!(" / {o}"))}
            {over.then_some(" over!")}
            <small>{capacity.map(|c| format!(" · {cards} of {c} cards"))}</small>
        </span>
    }
}

fn play_area(view: &PlayerView, cards: &[InPlay], owner: &str) -> impl IntoView {
    let cards: Vec<_> = cards
        .iter()
        .map(|p| match card_action(view, p.card) {
            Some(a) => {
                view! { <ResourceCard card=p.card exhausted=p.exhausted action=a /> }.into_any()
            }
            None => view! { <ResourceCard card=p.card exhausted=p.exhausted /> }.into_any(),
        })
        .collect();
    let empty = cards.is_empty();
    view! {
        <div class="play-area" data-testid=format!("play-{owner}")>
            {empty.then(|| view! { <p class="empty">"No cards in play"</p> })}
            {cards}
        </div>
    }
}

fn discard_pile(view: &PlayerView, cards: &[CardId], owner: &str) -> impl IntoView {
    let top: Vec<_> = cards
        .iter()
        .rev()
        .take(6)
        .map(|c| match card_action(view, *c) {
            Some(a) => view! { <ResourceCard card=*c action=a /> }.into_any(),
            None => view! { <ResourceCard card=*c /> }.into_any(),
        })
        .collect();
    let count = cards.len();
    view! {
        <details class="discard" data-testid=format!("discard-{owner}")>
            <summary>"Discard pile (" {count} ")"</summary>
            <div class="pile">{top}</div>
        </details>
    }
}

fn opponent_area(
    view: &PlayerView,
    objective: Option<u32>,
    capacity: Option<usize>,
) -> impl IntoView {
    let o = &view.opponent;
    let strategy = match o.strategy {
        OpponentStrategy::None => {
            view! { <span class="muted">"No strategy card"</span> }.into_any()
        }
        OpponentStrategy::FaceDown => {
            view! { <CardBack side=o.side label="Strategy (face down)" /> }.into_any()
        }
        OpponentStrategy::Known(s) => {
            view! { <StrategyCard strategy=s state="known" /> }.into_any()
        }
    };
    let used = o
        .used_strategies
        .iter()
        .map(|s| s.name())
        .collect::<Vec<_>>()
        .join(", ");
    view! {
        <section class=format!("side opponent {}", side_name(o.side).to_lowercase()) aria-label="Your opponent" data-testid="opponent-area">
            <header>
                <h2>{format!("The {}", side_name(o.side))}</h2>
                <Influence amount=o.influence />
                <Totals total=o.total cards=o.play.len() objective capacity />
            </header>
            <div class="piles">
                <CardBack side=o.side label=format!("Deck: {}", o.deck_count) />
                <CardBack side=o.side label=format!("Reserve: {}", o.reserve_count) />
                <div class="strategy-slot">{strategy}</div>
                {(!used.is_empty()).then(|| view! { <p class="used">"Used: " {used}</p> })}
            </div>
            {play_area(view, &o.play, "opponent")}
            {discard_pile(view, &o.discard, "opponent")}
        </section>
    }
}

fn my_area(view: &PlayerView, objective: Option<u32>, capacity: Option<usize>) -> impl IntoView {
    let m = &view.me;
    let strategies = evr_engine::Strategy::ALL
        .iter()
        .map(|s| {
            let state = if m.strategy == Some(*s) {
                "chosen"
            } else if m.used_strategies.contains(s) {
                "used"
            } else {
                "unused"
            };
            view! { <StrategyCard strategy=*s state /> }
        })
        .collect_view();
    let reserve: Vec<_> = m
        .reserve
        .iter()
        .map(|c| match card_action(view, *c) {
            Some(a) => view! { <ResourceCard card=*c action=a /> }.into_any(),
            None => view! { <ResourceCard card=*c /> }.into_any(),
        })
        .collect();
    view! {
        <section class=format!("side me {}", side_name(m.side).to_lowercase()) aria-label="Your side" data-testid="my-area">
            <header>
                <h2>{format!("You: the {}", side_name(m.side))}</h2>
                <Influence amount=m.influence />
                <Totals total=m.total cards=m.play.len() objective capacity />
            </header>
            {play_area(view, &m.play, "mine")}
            <div class="piles">
                <CardBack side=m.side label=format!("Deck: {}", m.deck_count) />
                <details class="reserve" data-testid="my-reserve">
                    <summary>"Reserve (" {m.reserve.len()} ")"</summary>
                    <div class="pile">{reserve}</div>
                </details>
            </div>
            {discard_pile(view, &m.discard, "mine")}
            <div class="strategies" aria-label="Your strategy cards" data-testid="my-strategies">{strategies}</div>
        </section>
    }
}
