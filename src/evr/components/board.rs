//! The board: both sides' piles and play areas around the event, and one layer holding every
//! face-up card. Each card in that layer is one element for as long as it is visible, keyed by
//! the card; its zone and place set where the style sheet puts it, so playing, exhausting and
//! discarding a card move it rather than redraw it. Each card follows only its own place.

use super::cards::{
    card_aria_label, card_classes, CardBack, CardFace, EventCard, Influence, StrategyCard, Zoomable,
};
use super::table::card_action;
use crate::evr::app::{Drawer, Ui, Zoomed};
use crate::evr::narrate::{side_class, side_name};
use crate::evr::placement::{cards_on_table, placements, Placements};
use evr_engine::cards::CARD_COUNT;
use evr_engine::view::{OpponentStrategy, PlayerView};
use evr_engine::{CardId, Side, Strategy};
use leptos::prelude::*;

/// Reads the view, or a default when there is none (the board is only shown with a view).
fn with_view<T: Default>(ui: Ui, f: impl FnOnce(&PlayerView) -> T) -> T {
    ui.view.with(|v| v.as_ref().map(f).unwrap_or_default())
}

#[component]
pub fn Board() -> impl IntoView {
    let ui = expect_context::<Ui>();
    let places = Memo::new(move |_| {
        ui.view
            .with(|v| v.as_ref().map(placements).unwrap_or([None; CARD_COUNT]))
    });
    let cards = Memo::new(move |_| places.with(cards_on_table));
    let event = Memo::new(move |_| with_view(ui, |v| v.event));
    view! {
        <div class="board" data-testid="board">
            <SideInfo mine=false />
            <Piles mine=false />
            <div class="zone their-play" data-testid="play-opponent" aria-label="Their cards in play"></div>
            <section class="center" aria-label="The event">
                {move || event.get().map(|e| {
                    // The whole event card, enlarged, where the board has too little room.
                    let zoom = Zoomable::new(ui, Zoomed::Event(e));
                    view! {
                        <div class="event-holder" on:pointerenter=move |p| zoom.enter(p)
                            on:pointerleave=move |p| zoom.leave(p) on:pointerdown=move |p| zoom.press(p)
                            on:pointerup=move |_| zoom.release() on:pointercancel=move |_| zoom.release()>
                            <EventCard event=e />
                        </div>
                    }
                })}
            </section>
            <div class="zone my-play" data-testid="play-mine" aria-label="Your cards in play"></div>
            <Piles mine=true />
            <SideInfo mine=true />
            <MyStrategies />
            <div class="card-layer">
                <For each=move || cards.get() key=|card| card.0 let:card>
                    <TableCard card places />
                </For>
            </div>
        </div>
    }
}

/// One face-up card on the table, for as long as it stays face up.
#[component]
fn TableCard(card: CardId, places: Memo<Placements>) -> impl IntoView {
    let ui = expect_context::<Ui>();
    let place = Memo::new(move |_| places.with(|p| p[card.0 as usize]));
    let action = Memo::new(move |_| with_view(ui, |v| card_action(v, card)));
    let exhausted = move || place.get().is_some_and(|p| p.exhausted);
    let zoom = Zoomable::new(ui, Zoomed::Card(card));
    let click = move |_| {
        if !zoom.swallow_click() {
            if let Some(a) = action.get_untracked() {
                ui.act(a);
            }
        }
    };
    let label = move || card_aria_label(card, exhausted(), action.get());
    let style = move || {
        place
            .get()
            .map(|p| format!("--i:{};--n:{}", p.index, p.count))
    };
    view! {
        <button
            type="button"
            class=format!("resource-card table-card {}", card_classes(card))
            class:exhausted=exhausted
            class:top=move || place.get().is_some_and(|p| p.index + 1 == p.count)
            class:playable=move || action.get().is_some()
            data-testid="card"
            data-card=card.0
            data-zone=move || place.get().map(|p| p.zone.name())
            style=style
            aria-label=label
            aria-disabled=move || action.get().is_none().then_some("true")
            on:click=click
            on:pointerenter=move |e| zoom.enter(e)
            on:pointerleave=move |e| zoom.leave(e)
            on:pointerdown=move |e| zoom.press(e)
            on:pointerup=move |_| zoom.release()
            on:pointercancel=move |_| zoom.release()
        >
            <CardFace card exhausted />
        </button>
    }
}

/// A side's name, influence and total against the event's objective and capacity.
#[component]
fn SideInfo(mine: bool) -> impl IntoView {
    let ui = expect_context::<Ui>();
    let side = with_view(ui, |v| Some(if mine { v.me.side } else { v.opponent.side }))
        .unwrap_or(Side::Rebel);
    let name = side_name(side);
    let influence = Memo::new(move |_| {
        with_view(ui, |v| {
            if mine {
                v.me.influence
            } else {
                v.opponent.influence
            }
        })
    });
    let totals = Memo::new(move |_| {
        with_view(ui, |v| {
            let (total, cards) = if mine {
                (v.me.total, v.me.play.len())
            } else {
                (v.opponent.total, v.opponent.play.len())
            };
            let event = v.event.map(|e| e.card());
            Some((
                total,
                cards,
                event.map(|e| (e.objective as u32, e.capacity as usize)),
            ))
        })
    });
    let strategy = Memo::new(move |_| with_view(ui, |v| Some(v.opponent.strategy)));
    let (testid, class) = if mine {
        ("my-area", "side-info me")
    } else {
        ("opponent-area", "side-info opponent")
    };
    view! {
        <header class=format!("{class} {}", side_class(side)) data-testid=testid
            aria-label=if mine { "Your side" } else { "Your opponent" }>
            <h2>{if mine { format!("You: the {name}") } else { format!("The {name}") }}</h2>
            <Influence amount=Signal::from(influence) />
            {move || totals.get().map(|(total, cards, event)| {
                let over = event.is_some_and(|(objective, _)| total > objective);
                view! {
                    <span class="totals" class:over=over data-testid="total"
                        title="Total against the objective; cards against the capacity">
                        <b>{total}</b>
                        {event.map(|(objective, _)| format!(" / {objective}"))}
                        {over.then_some(" over!")}
                        <small>{event.map(|(_, capacity)| format!(" · {cards}/{capacity} cards"))}</small>
                    </span>
                }
            })}
            {(!mine).then(|| view! {
                <div class="strategy-slot" data-testid="their-strategy">
                    {move || strategy.get().map(|s| match s {
                        OpponentStrategy::None => view! { <span class="muted">"No strategy"</span> }.into_any(),
                        OpponentStrategy::FaceDown => view! {
                            <CardBack side=side label="Strategy: face down" />
                        }.into_any(),
                        OpponentStrategy::Known(s) => view! { <StrategyCard strategy=s state="known" /> }.into_any(),
                    })}
                </div>
            })}
        </header>
    }
}

/// A side's deck, discard pile and reserve, and the opponent's strategy card. The piles that
/// hold known cards open in a drawer.
#[component]
fn Piles(mine: bool) -> impl IntoView {
    let ui = expect_context::<Ui>();
    let counts = Memo::new(move |_| {
        with_view(ui, |v| {
            if mine {
                Some((
                    v.me.side,
                    v.me.deck_count,
                    v.me.discard.len(),
                    v.me.reserve.len(),
                ))
            } else {
                let o = &v.opponent;
                Some((o.side, o.deck_count, o.discard.len(), o.reserve_count))
            }
        })
    });
    let open = move |drawer: Drawer| ui.drawer.set(Some(drawer));
    let (discard_drawer, class) = if mine {
        (Drawer::MyDiscard, "piles mine")
    } else {
        (Drawer::TheirDiscard, "piles theirs")
    };
    view! {
        <div class=class>
            {move || counts.get().map(|(side, deck, discard, reserve)| view! {
                <div class="pile deck" data-side=side_class(side)
                    role="img" aria-label=format!("Deck: {deck} cards")>
                    <span>{deck}</span><small>"deck"</small>
                </div>
                <button type="button" class="pile discard" data-testid=if mine { "discard-mine" } else { "discard-opponent" }
                    aria-label=format!("Discard pile: {discard} cards") on:click=move |_| open(discard_drawer)>
                    <span>{discard}</span><small>"discard"</small>
                </button>
                {if mine {
                    view! {
                        <button type="button" class="pile reserve" data-testid="my-reserve"
                            aria-label=format!("Your reserve: {reserve} cards") on:click=move |_| open(Drawer::MyReserve)>
                            <span>{reserve}</span><small>"reserve"</small>
                        </button>
                    }.into_any()
                } else {
                    view! {
                        <div class="pile reserve" role="img" aria-label=format!("Reserve: {reserve} cards, face down")>
                            <span>{reserve}</span><small>"reserve"</small>
                        </div>
                    }.into_any()
                }}
            })}
        </div>
    }
}

/// The viewer's five strategy cards: chosen, used or still to use. Each shows its effect
/// enlarged on hover or long press.
#[component]
fn MyStrategies() -> impl IntoView {
    let ui = expect_context::<Ui>();
    let states = Memo::new(move |_| {
        with_view(ui, |v| {
            Strategy::ALL.map(|s| {
                if v.me.strategy == Some(s) {
                    "chosen"
                } else if v.me.used_strategies.contains(&s) {
                    "used"
                } else {
                    "unused"
                }
            })
        })
    });
    view! {
        <div class="strategies" aria-label="Your strategy cards" data-testid="my-strategies">
            {Strategy::ALL.into_iter().enumerate().map(|(i, s)| {
                let zoom = Zoomable::new(ui, Zoomed::Strategy(s));
                view! {
                    <div class="strategy-holder" data-state=move || states.get()[i]
                        on:pointerenter=move |e| zoom.enter(e) on:pointerleave=move |e| zoom.leave(e)
                        on:pointerdown=move |e| zoom.press(e) on:pointerup=move |_| zoom.release()
                        on:pointercancel=move |_| zoom.release()>
                        <StrategyCard strategy=s />
                    </div>
                }
            }).collect_view()}
        </div>
    }
}
