//! What opens over the table on demand: the log, a faction's sheet, the Galactic War's
//! forecast and the menu; and the scores, at the end.

use super::ui;
use crate::egr::app::Drawer;
use crate::egr::words::{
    event_text, good_name, kind_name, mission_name, planet_name, seat_name, tech_name, tech_text,
};
use crate::shell::motion::Speed;
use crate::shell::LogList;
use egr_engine::{Good, Kind, Seat};
use leptos::prelude::*;

#[component]
fn Log() -> impl IntoView {
    let ui = ui();
    move || {
        let numbers = ui
            .session
            .with(|s| s.as_ref().map(|s| s.game.state().options().numbers))?;
        let lines: Vec<String> = ui.view.with(|v| {
            v.as_ref()
                .map(|v| {
                    v.log
                        .iter()
                        .filter_map(|e| event_text(e, &numbers))
                        .collect()
                })
                .unwrap_or_default()
        });
        Some(view! { <LogList lines /> })
    }
}

#[component]
fn FactionSheet(seat: Seat) -> impl IntoView {
    let ui = ui();
    move || {
        let numbers = ui
            .session
            .with(|s| s.as_ref().map(|s| s.game.state().options().numbers))?;
        let me = ui
            .view
            .with(|v| v.as_ref().and_then(|v| v.seats.get(seat.index()).cloned()))?;
        let pieces = |p: [u8; 6]| {
            Kind::ALL
                .iter()
                .filter(|k| p[k.index()] > 0)
                .map(|k| format!("{} {}", p[k.index()], kind_name(*k)))
                .collect::<Vec<_>>()
                .join(", ")
        };
        let goods = Good::ALL
            .iter()
            .filter(|g| me.goods[g.index()] > 0)
            .map(|g| format!("{} {}", me.goods[g.index()], good_name(*g)))
            .collect::<Vec<_>>()
            .join(", ");
        let techs = me
            .techs
            .iter()
            .map(|t| {
                let spent = me.spent.contains(t);
                view! {
                    <li><strong>{tech_name(*t)}</strong>{spent.then_some(" (used)")}" — "{tech_text(*t)}</li>
                }
            })
            .collect_view();
        let missions = me
            .missions
            .iter()
            .map(|m| mission_name(*m, &numbers))
            .collect::<Vec<_>>()
            .join(", ");
        let routes = me
            .routes
            .iter()
            .map(|p| planet_name(*p))
            .collect::<Vec<_>>()
            .join(", ");
        let s = me.score;
        Some(view! {
            <section class=format!("sheet seat-{}", seat.0) data-testid="faction-sheet">
                <h2>{seat_name(seat)}</h2>
                <dl>
                    <dt>"Victory Points"</dt>
                    <dd>{format!("{} (planets {}, Senate {}, technologies {}, missions {}, economy {})",
                        s.total(), s.planets, s.senate, s.techs, s.missions, s.economy)}</dd>
                    <dt>"Coins"</dt><dd>{format!("{} UC", me.coins)}</dd>
                    <dt>"Military Science cubes"</dt><dd>{me.cubes}</dd>
                    <dt>"To place"</dt><dd>{pieces(me.hand)}</dd>
                    <dt>"Supply"</dt><dd>{pieces(me.supply)}</dd>
                    <dt>"Trade goods"</dt><dd>{format!("{goods} (sets pay {} UC a turn)", me.trade_income)}</dd>
                    <dt>"Trade Routes"</dt><dd>{routes}</dd>
                    <dt>"Covert Mission box"</dt><dd>{format!("{} ({} points)", pieces(me.covert), me.covert_points)}</dd>
                    <dt>"Senate"</dt><dd>{format!("{} ({} points)", pieces(me.senate), me.senate_points)}</dd>
                    <dt>"Missions accomplished"</dt><dd>{missions}</dd>
                </dl>
                <h3>"Technologies"</h3>
                <ul class="techs">{techs}</ul>
            </section>
        })
    }
}

#[component]
fn Forecast() -> impl IntoView {
    let ui = ui();
    move || {
        let forecast = ui.view.with(|v| v.as_ref().map(|v| v.war_forecast()))?;
        let rows = forecast
            .into_iter()
            .map(|f| {
                let seats = f
                    .seats
                    .iter()
                    .map(|s| {
                        view! {
                            <tr class=format!("seat-{}", s.seat.0)>
                                <th scope="row">{seat_name(s.seat)}</th>
                                <td>{s.workers}</td>
                                <td>{format!("{:.1}", s.workers_left)}</td>
                                <td>{format!("{}%", (s.keeps_one * 100.0).round())}</td>
                            </tr>
                        }
                    })
                    .collect_view();
                view! {
                    <table class="forecast-planet">
                        <caption>{format!("{}: {} ({:.1} left on average)", planet_name(f.planet),
                            crate::egr::words::sentinels(f.sentinels), f.sentinels_left)}</caption>
                        <thead><tr><th scope="col">"Faction"</th><th scope="col">"Workers"</th>
                            <th scope="col">"Left"</th><th scope="col">"Keeps one"</th></tr></thead>
                        <tbody>{seats}</tbody>
                    </table>
                }
            })
            .collect_view();
        Some(view! {
            <section class="forecast" data-testid="forecast">
                <h2>"The Galactic War, as it stands"</h2>
                <p class="muted">
                    "At the end of turn 8 the Sentinels attack the workers on their planets with 8 cubes each battle. \
                     Exact chances if the war were fought now, each faction defending with its Troopers and Heroes first."
                </p>
                {rows}
            </section>
        })
    }
}

#[component]
fn Menu() -> impl IntoView {
    let ui = ui();
    let speeds = Speed::ALL
        .into_iter()
        .map(|s| {
            view! {
                <button aria-pressed=move || (ui.speed.get() == s).to_string()
                    data-testid=format!("speed-{}", s.name())
                    on:click=move |_| ui.set_speed(s)>{s.label()}</button>
            }
        })
        .collect_view();
    view! {
        <section class="menu" data-testid="menu">
            <h2>"Menu"</h2>
            <p>"Motion: "<span role="group" aria-label="Motion">{speeds}</span></p>
            <p><button data-testid="to-start" on:click=move |_| ui.to_start()>
                "New game or another game (this one stays saved)"</button></p>
        </section>
    }
}

/// The final scores, best first.
#[component]
pub fn Scores() -> impl IntoView {
    let ui = ui();
    move || {
        ui.view.with(|v| {
            let v = v.as_ref().filter(|v| !v.winners.is_empty())?;
            let mut seats = v.seats.clone();
            seats.sort_by_key(|s| std::cmp::Reverse(s.score.total()));
            let rows = seats
                .into_iter()
                .map(|s| {
                    let won = v.winners.contains(&s.seat);
                    view! {
                        <li class=format!("seat-{}", s.seat.0) class:won=won>
                            {format!("{}: {} Victory Points{}", seat_name(s.seat), s.score.total(),
                                if won { " — wins" } else { "" })}
                        </li>
                    }
                })
                .collect_view();
            Some(view! {
                <div class="scores" data-testid="scores">
                    <ol>{rows}</ol>
                    <button class="primary" data-testid="new-game" on:click=move |_| ui.to_start()>"New game"</button>
                </div>
            })
        })
    }
}

#[component]
pub fn Drawers() -> impl IntoView {
    let ui = ui();
    move || {
        let drawer = ui.drawer.get()?;
        let inner = match drawer {
            Drawer::Log => view! { <Log /> }.into_any(),
            Drawer::Faction(seat) => view! { <FactionSheet seat /> }.into_any(),
            Drawer::Forecast => view! { <Forecast /> }.into_any(),
            Drawer::Menu => view! { <Menu /> }.into_any(),
        };
        Some(view! {
            <div class="drawer egr-drawer" role="dialog" aria-modal="false" data-testid="drawer">
                <button class="close" data-testid="close-drawer" on:click=move |_| ui.drawer.set(None)>"Close"</button>
                {inner}
            </div>
        })
    }
}
