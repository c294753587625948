//! The eight hub planets, drawn by us: each a disc of its own colours with its Power values
//! (for the most and the second most workers), its Sentinels, an Imperial Fleet, the Science
//! Lab and the Trade Route still to take, the Rebel Fleet, and every faction's workers. A tap
//! gives the answers that are on the planet, or shows what stands there.

use super::ui;
use crate::egr::numbers::{provisional_power, PROVISIONAL_NOTE};
use crate::egr::targets::{actions_at, Anchor};
use crate::egr::words::{good_name, kind_name, kind_plural, planet_name, seat_name};
use egr_engine::{Kind, Planet, Seat};
use leptos::prelude::*;

/// The planet's drawing: a disc with bands, in colours of its own.
fn planet_art(planet: Planet) -> impl IntoView {
    const HUES: [u16; 8] = [18, 200, 95, 320, 40, 170, 265, 0];
    let hue = HUES[planet.index()];
    let id = format!("pg{}", planet.index());
    view! {
        <svg class="planet-art" viewBox="0 0 40 40" aria-hidden="true">
            <defs>
                <radialGradient id=id.clone() cx="35%" cy="35%" r="70%">
                    <stop offset="0" stop-color=format!("hsl({hue} 70% 72%)") />
                    <stop offset="1" stop-color=format!("hsl({hue} 55% 24%)") />
                </radialGradient>
            </defs>
            <circle cx="20" cy="20" r="15" fill=format!("url(#{id})") />
            <path d="M6 17 Q20 13 34 17 M6 24 Q20 28 34 24" stroke=format!("hsl({hue} 40% 85% / .35)")
                stroke-width="2" fill="none" />
            {planet.index().is_multiple_of(3).then(|| view! {
                <ellipse cx="20" cy="20" rx="19" ry="5" fill="none" stroke=format!("hsl({hue} 60% 80% / .6)")
                    stroke-width="1.5" transform="rotate(-18 20 20)" />
            })}
        </svg>
    }
}

#[component]
fn PlanetTile(planet: Planet) -> impl IntoView {
    let ui = ui();
    let i = planet.index();
    let here = Memo::new(move |_| ui.view.with(|v| v.as_ref().map(|v| v.planets[i].clone())));
    let fleet = Memo::new(move |_| {
        ui.view.with(|v| {
            v.as_ref()
                .and_then(|v| v.rebel_fleet)
                .filter(|f| f.0 == planet)
        })
    });
    let live = Memo::new(move |_| {
        ui.view.with(|v| {
            v.as_ref().is_some_and(|v| {
                !actions_at(&v.legal_actions, Anchor::Planet(planet), None).is_empty()
            })
        })
    });
    let details = RwSignal::new(false);
    let provisional = Memo::new(move |_| {
        ui.view.with(|v| {
            v.as_ref()
                .is_some_and(|v| provisional_power(&v.options.numbers))
        })
    });
    let tap = move |_| {
        if live.get_untracked() {
            ui.tap(Anchor::Planet(planet));
        } else {
            details.update(|d| *d = !*d);
        }
    };
    let label = move || {
        here.with(|p| {
            let Some(p) = p else { return String::new() };
            let mut parts = vec![format!(
                "{}: {} and {} Victory Points",
                planet_name(planet),
                p.higher,
                p.lower
            )];
            if p.sentinels > 0 {
                parts.push(format!("{} Sentinels", p.sentinels));
            }
            if p.imperial_fleet {
                parts.push("an Imperial Fleet".into());
            }
            for (s, w) in p.workers.iter().enumerate() {
                let n: u8 = w.iter().sum();
                if n > 0 {
                    parts.push(format!("{} {n}", seat_name(Seat(s as u8))));
                }
            }
            parts.join(", ")
        })
    };
    let workers = move || {
        here.with(|p| {
            p.as_ref().map(|p| {
                p.workers
                    .iter()
                    .enumerate()
                    .filter(|(_, w)| w.iter().sum::<u8>() > 0)
                    .map(|(s, w)| {
                        let n: u8 = w.iter().sum();
                        let specialists: String = Kind::SPECIALISTS
                            .iter()
                            .filter(|k| w[k.index()] > 0)
                            .map(|k| crate::egr::words::kind_letter(*k))
                            .collect::<Vec<_>>()
                            .join("");
                        view! {
                            <span class=format!("count seat-{s}") data-testid=format!("workers-{s}")>
                                {n}<small>{specialists}</small>
                            </span>
                        }
                    })
                    .collect_view()
            })
        })
    };
    let detail_list = move || {
        details.get().then(|| {
            here.with(|p| {
                let p = p.as_ref()?;
                let lines = p
                    .workers
                    .iter()
                    .enumerate()
                    .filter(|(_, w)| w.iter().sum::<u8>() > 0)
                    .map(|(s, w)| {
                        let kinds = Kind::ALL
                            .iter()
                            .filter(|k| w[k.index()] > 0)
                            .map(|k| {
                                let n = w[k.index()];
                                format!(
                                    "{n} {}",
                                    if n == 1 {
                                        kind_name(*k)
                                    } else {
                                        kind_plural(*k)
                                    }
                                )
                            })
                            .collect::<Vec<_>>()
                            .join(", ");
                        view! { <li>{format!("{}: {kinds}", seat_name(Seat(s as u8)))}</li> }
                    })
                    .collect_view();
                Some(view! {
                    <ul class="planet-details" data-testid="planet-details">
                        {lines}
                        <li>{format!("Trade good: {}", good_name(planet.good()))}</li>
                        {provisional.get().then(|| view! {
                            <li class="provisional-note">{format!("Power {}/{} ≈ {PROVISIONAL_NOTE}", p.higher, p.lower)}</li>
                        })}
                    </ul>
                })
            })
        })
    };
    view! {
        <li class="planet-cell">
            <button class="planet" class:live=move || live.get()
                data-testid=format!("planet-{}", planet_name(planet))
                aria-label=label on:click=tap>
                {planet_art(planet)}
                <span class="planet-name">{planet_name(planet)}</span>
                <span class="power" title="Victory Points for the most and the second most workers">
                    {move || here.with(|p| p.as_ref().map(|p| format!("{}/{}", p.higher, p.lower)))}
                    {move || provisional.get().then(|| view! {
                        <sup class="prov-mark" data-testid="provisional-mark" title=PROVISIONAL_NOTE>"≈"</sup>
                    })}
                </span>
                <span class="marks">
                    {move || here.with(|p| p.as_ref().map(|p| view! {
                        {(p.sentinels > 0).then(|| view! {
                            <span class="sentinels" title="Sentinels">{format!("◆{}", p.sentinels)}</span>
                        })}
                        {p.imperial_fleet.then(|| view! { <span class="fleet" title="Imperial Capital Fleet">"▲"</span> })}
                        {p.lab.then(|| view! { <span class="lab" title="Science Lab">"⚗"</span> })}
                        {p.route.then(|| view! {
                            <span class="route" title=format!("Trade Route: {}", good_name(planet.good()))>"⇄"</span>
                        })}
                    }))}
                    {move || fleet.get().map(|(_, owner)| view! {
                        <span class=format!("rebel-fleet seat-{}", owner.0)
                            title=format!("{}'s Rebel Fleet", seat_name(owner))>"✦"</span>
                    })}
                </span>
                <span class="planet-workers">{workers}</span>
            </button>
            {detail_list}
        </li>
    }
}

#[component]
pub fn Planets() -> impl IntoView {
    view! {
        <section class="planets" aria-label="Hub planets">
            <ul>{Planet::ALL.map(|p| view! { <PlanetTile planet=p /> }).collect_view()}</ul>
        </section>
    }
}
