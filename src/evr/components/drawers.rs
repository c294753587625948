//! What opens on demand over the table and closes again: the menu (motion speed, first-time
//! hints, rules, main menu) and the discard piles and reserve, card by card. The log is a
//! drawer of its own on narrow screens (the style sheet slides it in).

use super::cards::ResourceCard;
use crate::evr::app::{Drawer, Screen, Ui};
use crate::evr::motion::{self, Speed};
use evr_engine::CardId;
use leptos::prelude::*;

#[component]
pub fn Drawers() -> impl IntoView {
    let ui = expect_context::<Ui>();
    let close = move |_| ui.drawer.set(None);
    move || {
        let drawer = ui.drawer.get()?;
        let body = match drawer {
            Drawer::Log => return None,
            Drawer::Menu => view! { <Menu /> }.into_any(),
            Drawer::MyDiscard | Drawer::TheirDiscard | Drawer::MyReserve => {
                view! { <Pile drawer /> }.into_any()
            }
        };
        Some(view! {
            <div class="drawer-backdrop" on:click=close></div>
            <aside class="drawer" role="dialog" aria-modal="true" data-testid="drawer">
                <button type="button" class="quiet close" data-testid="close-drawer" on:click=close>"Close"</button>
                {body}
            </aside>
        })
    }
}

#[component]
fn Menu() -> impl IntoView {
    let ui = expect_context::<Ui>();
    view! {
        <h2>"Menu"</h2>
        <fieldset class="speed" data-testid="motion-speed">
            <legend>"Motion"</legend>
            {Speed::ALL.into_iter().map(|speed| view! {
                <label class="level">
                    <input type="radio" name="motion" data-testid=format!("motion-{}", speed.name())
                        prop:checked=move || ui.motion.get() == speed
                        on:change=move |_| {
                            ui.motion.set(speed);
                            speed.save(motion::SLOT);
                        } />
                    {speed.label()}
                </label>
            }).collect_view()}
        </fieldset>
        {(!ui.replaying).then(|| view! {
            <label class="setting">
                <input type="checkbox" data-testid="hints-setting" checked=ui.hints.on.get_untracked()
                    on:change=move |_| ui.hints.set(!ui.hints.on.get_untracked()) />
                " Say what each kind of decision is, the first time it comes up"
            </label>
        })}
        <div class="buttons">
            <button type="button" data-testid="rules-from-menu" on:click=move |_| {
                ui.drawer.set(None);
                ui.rules_open.set(true);
            }>"Rules"</button>
            {if ui.replaying {
                view! { <a class="button" data-testid="menu" href="./index.html">"Back to the game"</a> }.into_any()
            } else {
                view! {
                    <button type="button" data-testid="menu" on:click=move |_| {
                        ui.drawer.set(None);
                        ui.screen.set(Screen::Start);
                    }>"Main menu"</button>
                }.into_any()
            }}
        </div>
    }
}

/// A discard pile (newest first) or the viewer's reserve.
#[component]
fn Pile(drawer: Drawer) -> impl IntoView {
    let ui = expect_context::<Ui>();
    let cards = Memo::new(move |_| {
        ui.view.with(|v| {
            let Some(v) = v.as_ref() else {
                return Vec::new();
            };
            let mut cards: Vec<CardId> = match drawer {
                Drawer::MyDiscard => v.me.discard.clone(),
                Drawer::TheirDiscard => v.opponent.discard.clone(),
                _ => v.me.reserve.clone(),
            };
            if drawer != Drawer::MyReserve {
                cards.reverse();
            }
            cards
        })
    });
    let title = match drawer {
        Drawer::MyDiscard => "Your discard pile",
        Drawer::TheirDiscard => "Their discard pile",
        _ => "Your reserve (face down)",
    };
    view! {
        <h2>{title} " (" {move || cards.with(Vec::len)} ")"</h2>
        <div class="pile-cards">
            {move || {
                let cards = cards.get();
                if cards.is_empty() {
                    view! { <p class="empty">"No cards"</p> }.into_any()
                } else {
                    cards.into_iter().map(|card| view! { <ResourceCard card /> }).collect_view().into_any()
                }
            }}
        </div>
    }
}
