//! What opens over the table on demand: the log, a faction's sheet, the Galactic War's
//! forecast and the menu; and the scores, at the end.

use super::ui;
use crate::egr::app::Drawer;
use crate::egr::breakdown::{breakdowns, decided, Breakdown, Decided, SCORINGS};
use crate::egr::words::{
    counted, event_text, good_name, kinds_counted, mission_name, planet_name, seat_name, tech_name,
    tech_text,
};
use crate::shell::motion::Speed;
use crate::shell::LogList;
use egr_engine::{Good, Kind, Planet, Seat};
use leptos::prelude::*;

#[component]
fn Log() -> impl IntoView {
    let ui = ui();
    move || {
        let numbers = ui.view.with(|v| v.as_ref().map(|v| v.options.numbers))?;
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
        let numbers = ui.view.with(|v| v.as_ref().map(|v| v.options.numbers))?;
        let me = ui
            .view
            .with(|v| v.as_ref().and_then(|v| v.seats.get(seat.index()).cloned()))?;
        let pieces = |p: [u8; 6]| {
            Kind::ALL
                .iter()
                .filter(|k| p[k.index()] > 0)
                .map(|k| kinds_counted(p[k.index()], *k))
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
                    <dt>"Covert Mission box"</dt><dd>{format!("{} ({})", pieces(me.covert), counted(u32::from(me.covert_points), "point"))}</dd>
                    <dt>"Senate"</dt><dd>{format!("{} ({})", pieces(me.senate), counted(u32::from(me.senate_points), "point"))}</dd>
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
            <label class="setting">
                <input type="checkbox" data-testid="hints-setting" prop:checked=move || ui.hints.on.get()
                    on:change=move |e| ui.hints.set(event_target_checked(&e)) />
                " Say what each kind of decision is, the first time it comes up"
            </label>
            <p><button data-testid="to-start" on:click=move |_| ui.to_start()>
                "New game or another game (this one stays saved)"</button></p>
        </section>
    }
}

/// Why someone won, in words: the winner and what decided it.
fn verdict(view: &egr_engine::PlayerView) -> (String, String) {
    let names: Vec<&str> = view.winners.iter().map(|s| seat_name(*s)).collect();
    let best = view
        .seats
        .iter()
        .map(|s| s.score.total())
        .max()
        .unwrap_or(0);
    let title = match names[..] {
        [one] => format!("{one} wins with {best} Victory Points"),
        _ => format!(
            "{} share the win with {best} Victory Points each",
            names.join(" and ")
        ),
    };
    let tied: Vec<&str> = view
        .seats
        .iter()
        .filter(|s| s.score.total() == best && !view.winners.contains(&s.seat))
        .map(|s| seat_name(s.seat))
        .collect();
    let why = match decided(view) {
        Some(Decided::LastScoring) => format!(
            "Tied on points with {}: the most points at the last scoring (planets and the \
             Senate after turn 8) decided it.",
            tied.join(" and ")
        ),
        Some(Decided::Senate) => format!(
            "Tied on points with {}, and on the last scoring too: the most Senate points \
             decided it.",
            tied.join(" and ")
        ),
        Some(Decided::Shared) => {
            "Tied on points, on the last scoring and on Senate points: the win is shared."
                .to_string()
        }
        _ => String::new(),
    };
    (title, why)
}

/// The final scores, best first: each faction's points by source (planets and the Senate at
/// each scoring, technologies, Covert Missions, the Economy), adding up to its total, and
/// planet by planet on demand.
#[component]
pub fn Scores() -> impl IntoView {
    let ui = ui();
    move || {
        ui.view.with(|v| {
            let v = v.as_ref().filter(|v| !v.winners.is_empty())?;
            let parts = breakdowns(v);
            let mut seats = v.seats.clone();
            seats.sort_by_key(|s| std::cmp::Reverse(s.score.total()));
            let (title, why) = verdict(v);
            let cell = |n: u16| view! { <td>{n}</td> };
            let rows = seats
                .iter()
                .map(|s| {
                    let b = &parts[s.seat.index()];
                    let won = v.winners.contains(&s.seat);
                    view! {
                        <tr class=format!("seat-{}", s.seat.0) class:won=won data-testid="score-row"
                            data-total=s.score.total() data-parts=b.total()>
                            <th scope="row">{seat_name(s.seat)}</th>
                            {SCORINGS.iter().enumerate().map(|(i, _)| cell(b.scoring_total(i))).collect_view()}
                            {cell(b.techs)}{cell(b.missions)}{cell(b.economy)}
                            <td class="total">{s.score.total()}</td>
                        </tr>
                    }
                })
                .collect_view();
            // One cell of the planet-by-planet table: who scored what from `points` at a scoring.
            let who_scored = |points: &dyn Fn(&Breakdown) -> u16| {
                let who: Vec<String> = seats
                    .iter()
                    .filter_map(|s| {
                        let n = points(&parts[s.seat.index()]);
                        (n > 0).then(|| format!("{} {n}", seat_name(s.seat)))
                    })
                    .collect();
                view! { <td>{if who.is_empty() { "–".to_string() } else { who.join(", ") }}</td> }
            };
            let planet_rows = Planet::ALL
                .into_iter()
                .map(|p| {
                    let cells = (0..SCORINGS.len())
                        .map(|i| who_scored(&|b| b.planets[p.index()][i]))
                        .collect_view();
                    view! { <tr><th scope="row">{planet_name(p)}</th>{cells}</tr> }
                })
                .collect_view();
            let senate_cells = (0..SCORINGS.len())
                .map(|i| who_scored(&|b| b.senate[i]))
                .collect_view();
            Some(view! {
                <div class="scores" data-testid="scores">
                    <h2 data-testid="verdict">{title}</h2>
                    {(!why.is_empty()).then(|| view! { <p class="tie-break" data-testid="tie-break">{why}</p> })}
                    <table class="breakdown" data-testid="breakdown">
                        <caption>"Victory Points by source"</caption>
                        <thead>
                            <tr>
                                <th scope="col" rowspan="2">"Faction"</th>
                                <th scope="colgroup" colspan="3" title="Planets and the Senate">"Scoring after turn"</th>
                                <th scope="col" rowspan="2" title="Epoch III technologies">"Tech"</th>
                                <th scope="col" rowspan="2" title="Covert Missions">"Missions"</th>
                                <th scope="col" rowspan="2" title="The Economy: trade income once more">"Economy"</th>
                                <th scope="col" rowspan="2">"Total"</th>
                            </tr>
                            <tr><th scope="col">"3"</th><th scope="col">"6"</th><th scope="col">"8"</th></tr>
                        </thead>
                        <tbody>{rows}</tbody>
                    </table>
                    <details class="by-planet">
                        <summary>"Planet by planet"</summary>
                        <table class="breakdown">
                            <thead><tr><th scope="col">"Planet"</th><th scope="col">"Turn 3"</th>
                                <th scope="col">"Turn 6"</th><th scope="col">"Turn 8"</th></tr></thead>
                            <tbody>{planet_rows}<tr><th scope="row">"The Senate"</th>{senate_cells}</tr></tbody>
                        </table>
                        <p class="note">"The Galactic War, before the last scoring, removed the workers it \
                            defeated: the turn 8 column counts the planets as the war left them."</p>
                    </details>
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
