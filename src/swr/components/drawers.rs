//! What opens over the table on demand and closes again: the player's own sheet, the
//! opponent's, the log, and the menu (motion speed, whether decisions with one answer are
//! taken for the player, the rules, the start screen).

use super::html::{handle_common, read_click};
use super::log::LogPanel;
use super::sheets::{opponent_sheet_html, own_sheet_html};
use crate::shell::motion::Speed;
use crate::swr::app::{Drawer, Screen, Ui};
use leptos::prelude::*;

#[component]
pub fn Drawers() -> impl IntoView {
    let ui = expect_context::<Ui>();
    move || {
        let drawer = ui.drawer.get()?;
        let sheet = move |own: bool| {
            let html = move || {
                ui.view
                    .with(|v| {
                        v.as_ref().map(|v| {
                            if own {
                                own_sheet_html(v)
                            } else {
                                opponent_sheet_html(v)
                            }
                        })
                    })
                    .unwrap_or_default()
            };
            view! {
                <div inner_html=html on:click=move |e| {
                    if let Some(c) = read_click(&ui, &e) { handle_common(&ui, c); }
                }></div>
            }
            .into_any()
        };
        let body = match drawer {
            Drawer::OwnSheet => sheet(true),
            Drawer::OpponentSheet => sheet(false),
            Drawer::Log => {
                let log = move || ui.view.get().map(|view| view! { <LogPanel view /> });
                view! { <div>{log}</div> }.into_any()
            }
            Drawer::Menu => view! { <Menu /> }.into_any(),
        };
        Some(view! {
            <div class="drawer-backdrop" on:click=move |_| ui.drawer.set(None)></div>
            <section class="drawer" role="dialog" aria-modal="true" data-testid="drawer">
                <button class="close quiet small" data-testid="close-drawer" aria-label="Close"
                    on:click=move |_| ui.drawer.set(None)>"Close ✕"</button>
                {body}
            </section>
        })
    }
}

#[component]
fn Menu() -> impl IntoView {
    let ui = expect_context::<Ui>();
    let speeds = Speed::ALL
        .into_iter()
        .map(|speed| {
            view! {
                <label class="level">
                    <input type="radio" name="motion" data-testid=format!("motion-{}", speed.name())
                        prop:checked=move || ui.speed.get() == speed
                        on:change=move |_| ui.set_speed(speed) />
                    {speed.label()}
                </label>
            }
        })
        .collect_view();
    view! {
        <h2>"Menu"</h2>
        <fieldset class="levels" data-testid="motion">
            <legend>"Motion and the computer's pace"</legend>
            <div class="level-options">{speeds}</div>
        </fieldset>
        <label class="setting">
            <input type="checkbox" data-testid="auto-answer" prop:checked=move || ui.auto.get()
                on:change=move |e| ui.set_auto(event_target_checked(&e)) />
            " Take questions that have only one answer for me"
        </label>
        <label class="setting">
            <input type="checkbox" data-testid="hints-setting" prop:checked=move || ui.hints.on.get()
                on:change=move |e| ui.hints.set(event_target_checked(&e)) />
            " Say what each kind of decision is, the first time it comes up"
        </label>
        <div class="buttons">
            <button type="button" data-testid="open-rules" on:click=move |_| {
                ui.drawer.set(None);
                ui.rules_open.set(true);
            }>"Rules"</button>
            <button type="button" data-testid="menu" on:click=move |_| {
                ui.drawer.set(None);
                ui.screen.set(Screen::Start);
            }>"Main menu"</button>
        </div>
    }
}
