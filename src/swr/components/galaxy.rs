//! The galaxy: our own drawing of the 32 systems in their regions with the routes between
//! them, and the Rebel Base space. Each system follows its own slice of the view
//! ([`SystemLook`]), so a change to one system redraws that system alone. A tap on a system
//! picks it: its details show below and the decision lists what can be done there.

use super::look::{all_places, ruled_out, side_class, unit_badge, unit_shape, SystemLook};
use crate::swr::app::Ui;
use crate::swr::layout::{self, Orientation};
use leptos::prelude::*;
use swr_engine::data::systems::SYSTEMS;
use swr_engine::{Place, UnitKind};

/// Portrait on narrow, tall windows (phones held upright), landscape otherwise.
fn orientation_now() -> Orientation {
    let window = window();
    let width = window
        .inner_width()
        .ok()
        .and_then(|v| v.as_f64())
        .unwrap_or(1000.0);
    let height = window
        .inner_height()
        .ok()
        .and_then(|v| v.as_f64())
        .unwrap_or(700.0);
    if width < 700.0 && height > width {
        Orientation::Portrait
    } else {
        Orientation::Landscape
    }
}

#[component]
pub fn Galaxy() -> impl IntoView {
    let orientation = RwSignal::new(orientation_now());
    let on_resize = window_event_listener(leptos::ev::resize, move |_| {
        let now = orientation_now();
        if orientation.get_untracked() != now {
            orientation.set(now);
        }
    });
    on_cleanup(move || on_resize.remove());
    move || {
        let o = orientation.get();
        view! { <Board orientation=o /> }
    }
}

#[component]
fn Board(orientation: Orientation) -> impl IntoView {
    let ui = expect_context::<Ui>();
    let (w, h) = orientation.view_box();
    let regions = (0..layout::REGION_COUNT)
        .map(|r| {
            let points = layout::region_outline(r, orientation)
                .iter()
                .map(|(x, y)| format!("{x:.0},{y:.0}"))
                .collect::<Vec<_>>()
                .join(" ");
            view! { <polygon class=format!("region region-{r}") points=points /> }
        })
        .collect_view();
    let routes = layout::routes()
        .into_iter()
        .map(|(a, b)| {
            let (x1, y1) = layout::position(a, orientation);
            let (x2, y2) = layout::position(b, orientation);
            view! { <line class="route" x1=x1 y1=y1 x2=x2 y2=y2 /> }
        })
        .collect_view();
    // Computed once per view, shared by the 33 places.
    let excluded = Memo::new(move |_| ui.view.with(|v| v.as_ref().map(ruled_out)));
    let places = all_places()
        .map(|place| {
            let look = Memo::new(move |_| {
                ui.view.with(|v| {
                    let excluded = excluded.get()?;
                    v.as_ref().map(|v| SystemLook::of(v, place, &excluded))
                })
            });
            view! { <PlaceNode place look orientation /> }
        })
        .collect_view();
    view! {
        <svg class="galaxy" data-testid="galaxy" viewBox=format!("0 0 {w} {h}") role="group"
            aria-label="The galaxy">
            <g class="regions">{regions}</g>
            <g class="routes">{routes}</g>
            <g class="places">{places}</g>
        </svg>
    }
}

fn place_testid(place: Place) -> String {
    match place {
        Place::System(s) => format!("system-{}", s.0),
        Place::RebelBase => "rebel-base-space".to_string(),
    }
}

#[component]
fn PlaceNode(
    place: Place,
    look: Memo<Option<SystemLook>>,
    orientation: Orientation,
) -> impl IntoView {
    let ui = expect_context::<Ui>();
    // Where the name goes, and on which side of the circle the units go (the other one).
    let (x, y, name, remote, (lx, ly), label_above) = match place {
        Place::System(s) => {
            let (x, y) = layout::position(s, orientation);
            let info = &SYSTEMS[s.index()];
            let label = layout::label_position(s, orientation);
            (
                x,
                y,
                info.name,
                info.remote,
                label,
                layout::label_above(s, orientation),
            )
        }
        Place::RebelBase => {
            let b = layout::rebel_base_box(orientation);
            let (x, y) = b.center();
            (x, y, "Rebel Base", false, (b.x + 58.0, b.y + 34.0), true)
        }
    };
    let r = layout::SYSTEM_RADIUS;
    let base_box = (place == Place::RebelBase).then(|| layout::rebel_base_box(orientation));
    let selected = move || ui.selected.get() == Some(place);
    let pick = move |_| {
        ui.selected
            .set(if ui.selected.get_untracked() == Some(place) {
                None
            } else {
                Some(place)
            })
    };
    move || {
        let look = look.get()?;
        let m = look.markers;
        let loyalty = match m.loyalty {
            Some(swr_engine::Loyalty::Rebel) => "loyal-rebel",
            Some(swr_engine::Loyalty::Empire) => "loyal-empire",
            None => "",
        };
        // Badges flow in rows on the side of the circle away from the name (inside the box for
        // the Rebel Base space), each as wide as its text; Rebel and Imperial by colour.
        let row_width = if base_box.is_some() { 110.0 } else { 84.0 };
        let badges: Vec<(UnitKind, String, f32)> = look
            .units
            .iter()
            .map(|&(kind, n)| {
                let text = if n > 1 {
                    format!("{}×{n}", unit_badge(kind))
                } else {
                    unit_badge(kind).to_string()
                };
                let width = 6.0 * text.chars().count() as f32 + 6.0;
                (kind, text, width)
            })
            .collect();
        let mut placed = Vec::new();
        let (mut cx, mut row) = (0.0f32, 0.0f32);
        for (kind, text, width) in badges {
            if cx > 0.0 && cx + width > row_width {
                cx = 0.0;
                row += 1.0;
            }
            placed.push((kind, text, width, cx, row));
            cx += width + 2.0;
        }
        let rows = row + 1.0;
        let units = placed
            .into_iter()
            .map(|(kind, text, width, dx, row)| {
                let (bx, by) = match base_box {
                    Some(b) => (b.x + 124.0 + dx, b.y + 8.0 + row * 17.0),
                    None => {
                        let top = if label_above {
                            y + r + 2.0
                        } else {
                            y - r - 2.0 - rows * 15.0
                        };
                        (x - row_width / 2.0 + dx, top + row * 15.0)
                    }
                };
                let class = format!("unit {} {}", side_class(kind.side()), unit_shape(kind));
                view! {
                    <g class=class>
                        <title>{kind.info().name}</title>
                        <rect x=bx y=by width=width height="14" rx="3" />
                        <text x=bx + width / 2.0 y=by + 10.5>{text}</text>
                    </g>
                }
            })
            .collect_view();
        let leaders = look
            .leaders
            .iter()
            .enumerate()
            .map(|(i, &(leader, side))| {
                let lx = x + r * 0.8 + (i as f32) * 14.0;
                let initials: String = leader
                    .name()
                    .split_whitespace()
                    .filter_map(|w| w.chars().next())
                    .take(2)
                    .collect();
                view! {
                    <g class=format!("leader-token {}", side_class(side))>
                        <title>{leader.name()}</title>
                        <circle cx=lx cy=y - r * 0.8 r="9" />
                        <text x=lx y=y - r * 0.8 + 3.5>{initials}</text>
                    </g>
                }
            })
            .collect_view();
        let class = format!(
            "place {loyalty}{}{}{}{}{}{}{}",
            if remote { " remote" } else { "" },
            if m.subjugated { " subjugated" } else { "" },
            if m.destroyed { " destroyed" } else { "" },
            if look.actionable { " actionable" } else { "" },
            if look.ruled_out { " ruled-out" } else { "" },
            if look.in_combat { " in-combat" } else { "" },
            if selected() { " selected" } else { "" },
        );
        let label = system_label(name, &look);
        Some(view! {
            <g class=class data-testid=place_testid(place) role="button" tabindex="0"
                aria-label=label on:click=pick>
                {match base_box {
                    Some(b) => view! { <rect class="body" x=b.x y=b.y width=b.w height=b.h rx="8" /> }.into_any(),
                    None => view! { <circle class="body" cx=x cy=y r=if remote { r * 0.8 } else { r } /> }.into_any(),
                }}
                {m.sabotaged.then(|| view! {
                    <polygon class="marker sabotage" points=diamond(x - r * 0.75, y - r * 0.75, 8.0)>
                        <title>"Sabotaged"</title>
                    </polygon>
                })}
                {m.subjugated.then(|| view! {
                    <rect class="marker subjugation" x=x + r * 0.75 - 7.0 y=y - r * 0.75 - 7.0 width="14" height="14" rx="2">
                        <title>"Subjugated"</title>
                    </rect>
                })}
                {look.base.map(|revealed| view! {
                    <text class=if revealed { "marker base revealed" } else { "marker base" } x=x y=y - 4.0 data-testid="base-marker">"BASE"</text>
                })}
                <text class="name" x=lx y=ly>{name}</text>
                {units}
                {leaders}
            </g>
        })
    }
}

/// The points of a small diamond centred on (x, y).
fn diamond(x: f32, y: f32, r: f32) -> String {
    format!("{x},{} {},{y} {x},{} {},{y}", y - r, x + r, y + r, x - r)
}

/// What a screen reader hears for a system.
fn system_label(name: &str, look: &SystemLook) -> String {
    let mut parts = vec![name.to_string()];
    if let Some(l) = look.markers.loyalty {
        parts.push(format!(
            "loyal to the {}",
            match l {
                swr_engine::Loyalty::Rebel => "Rebellion",
                swr_engine::Loyalty::Empire => "Empire",
            }
        ));
    }
    if look.markers.subjugated {
        parts.push("subjugated".into());
    }
    if look.markers.sabotaged {
        parts.push("sabotaged".into());
    }
    if look.markers.destroyed {
        parts.push("destroyed".into());
    }
    if look.base.is_some() {
        parts.push("the Rebel base".into());
    }
    if look.ruled_out {
        parts.push("not the base".into());
    }
    for (kind, n) in &look.units {
        parts.push(format!("{n} {}", kind.info().name));
    }
    parts.join(", ")
}
