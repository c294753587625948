//! The factions at a glance: colour, person or computer, Victory Points, coins, Military
//! Science cubes, workers still to place, trade goods and their income, technologies. The one
//! deciding now stands out; a tap opens the faction's sheet.

use super::ui;
use crate::egr::app::Drawer;
use crate::egr::session::Sitter;
use crate::egr::words::{counted, seat_name};
use egr_engine::Seat;
use leptos::prelude::*;

#[component]
fn FactionChip(seat: Seat) -> impl IntoView {
    let ui = ui();
    let i = seat.index();
    let me = Memo::new(move |_| {
        ui.view
            .with(|v| v.as_ref().and_then(|v| v.seats.get(i).cloned()))
    });
    let acting = move || {
        ui.view
            .with(|v| v.as_ref().is_some_and(|v| v.to_act == Some(seat)))
    };
    let winner = move || {
        ui.view
            .with(|v| v.as_ref().is_some_and(|v| v.winners.contains(&seat)))
    };
    let over = move || {
        ui.view
            .with(|v| v.as_ref().is_some_and(|v| !v.winners.is_empty()))
    };
    let who = move || {
        ui.session.with(|s| {
            s.as_ref()
                .and_then(|s| s.sitters.get(i).copied())
                .map(|sitter| match sitter {
                    Sitter::Person => "person".to_string(),
                    Sitter::Computer(level) => format!("computer, {}", level.label()),
                    Sitter::Lesson => "computer".to_string(),
                })
                // Online: who holds the seat, from the table.
                .unwrap_or_else(|| ui.holder.map(|h| h.run(seat)).unwrap_or_default().into())
        })
    };
    // A number is drawn as a new element when it changes, so the change is seen (motion).
    let number = move |f: fn(&egr_engine::view::SeatView) -> String, class: &'static str| {
        let text = Memo::new(move |_| me.with(|m| m.as_ref().map(f)));
        move || {
            text.get()
                .map(|t| view! { <span class=format!("stat {class}")>{t}</span> })
        }
    };
    view! {
        <li>
            <button class=format!("faction seat-{i}") class:acting=acting class:winner=winner
                data-testid=format!("faction-{i}")
                on:click=move |_| ui.drawer.update(|d| {
                    *d = if *d == Some(Drawer::Faction(seat)) { None } else { Some(Drawer::Faction(seat)) }
                })
                aria-label=move || me.with(|m| m.as_ref().map(|m| format!(
                    "{} ({}): {}, {}, {}{}",
                    seat_name(seat), who(), counted(u32::from(m.score.total()), "point"),
                    counted(u32::from(m.coins), "coin"), counted(u32::from(m.cubes), "cube"),
                    if over() { String::new() } else {
                        format!(", {} to place", counted(u32::from(m.hand.iter().sum::<u8>()), "worker"))
                    }
                )).unwrap_or_default())>
                <span class="faction-name">{seat_name(seat)}<small>{who}</small></span>
                {number(|m| format!("{} VP", m.score.total()), "vp")}
                {number(|m| format!("{} UC", m.coins), "coins")}
                {number(|m| format!("{}▪", m.cubes), "cubes")}
                {move || (!over()).then(|| number(|m| format!("{}☗", m.hand.iter().sum::<u8>()), "hand"))}
                {number(|m| format!("{}◈ +{}", m.goods.iter().sum::<u8>(), m.trade_income), "goods")}
                {number(|m| format!("{}⚙", m.techs.len()), "techs")}
            </button>
        </li>
    }
}

#[component]
pub fn Factions() -> impl IntoView {
    let ui = ui();
    let players = Memo::new(move |_| ui.view.with(|v| v.as_ref().map_or(0, |v| v.players)));
    view! {
        <section class="factions" aria-label="Factions">
            <ul>{move || (0..players.get()).map(|s| view! { <FactionChip seat=Seat(s) /> }).collect_view()}</ul>
        </section>
    }
}
