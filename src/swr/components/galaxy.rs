//! The galaxy, where the game is played: our own drawing of the 32 systems in their regions
//! with the routes between them, the Rebel Base space and the time track; the units as
//! drawings stacked per system (each unit one element that glides when it moves), the leaders
//! as tokens, the markers. Every decision about a place, a unit or a leader is made here by
//! touching it: the places and pieces the decision can use light up. The whole galaxy fits
//! the window; a wheel or a pinch zooms, a drag pans, and a button fits it back.

use super::look::{ruled_out, SystemLook};
use crate::shell::num::{dec1, dec3};
use crate::swr::app::Ui;
use crate::swr::layout::{self, Orientation};
use crate::swr::targets::{all_places, place_actions};
use leptos::prelude::*;
use swr_engine::data::cards::{BUILD_SPACES, RECRUIT_SPACES, TIME_TRACK_LENGTH};
use swr_engine::data::systems::SYSTEMS;
use swr_engine::Place;

/// The board's layout that is drawn larger in the galaxy's part of this window: the portrait
/// one on a phone held upright, the landscape one on most other screens (a tablet held upright
/// too, since the decision then docks below the galaxy). The sizes follow rebellion.css: the
/// bar on top, the dock beside the galaxy (22rem) or, on windows taller than 1.15 × their
/// width, below it (a fixed 34 to 36% of the height).
fn orientation_now() -> Orientation {
    let window = window();
    let size =
        |v: Result<wasm_bindgen::JsValue, _>, d| v.ok().and_then(|v| v.as_f64()).unwrap_or(d);
    let (w, h) = (
        size(window.inner_width(), 1000.0),
        size(window.inner_height(), 700.0),
    );
    let (area_w, area_h) = if h > w * 1.15 {
        (w, h * 0.65 - 48.0)
    } else {
        (w - if w <= 900.0 { 304.0 } else { 352.0 }, h - 48.0)
    };
    let fit = |o: Orientation| {
        let (vw, vh) = o.view_box();
        (area_w / vw as f64).min(area_h / vh as f64)
    };
    if fit(Orientation::Portrait) > fit(Orientation::Landscape) {
        Orientation::Portrait
    } else {
        Orientation::Landscape
    }
}

/// Zoom and pan, in view-box units: the board is drawn scaled by `scale` about (0, 0), then
/// moved by (`x`, `y`).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Camera {
    pub scale: f64,
    pub x: f64,
    pub y: f64,
}

impl Camera {
    pub const FIT: Camera = Camera {
        scale: 1.0,
        x: 0.0,
        y: 0.0,
    };

    /// Zoomed by `factor` about the view-box point (`px`, `py`), kept within 1x to 5x and
    /// within the board.
    fn zoomed(self, factor: f64, px: f64, py: f64, (w, h): (f64, f64)) -> Camera {
        let scale = (self.scale * factor).clamp(1.0, 5.0);
        let k = scale / self.scale;
        Camera {
            scale,
            x: px - (px - self.x) * k,
            y: py - (py - self.y) * k,
        }
        .clamped(w, h)
    }

    fn panned(self, dx: f64, dy: f64, (w, h): (f64, f64)) -> Camera {
        Camera {
            x: self.x + dx,
            y: self.y + dy,
            ..self
        }
        .clamped(w, h)
    }

    fn clamped(self, w: f64, h: f64) -> Camera {
        Camera {
            // Not `clamp`, whose panic message would bring float formatting into the wasm.
            x: self.x.max(w - w * self.scale).min(0.0),
            y: self.y.max(h - h * self.scale).min(0.0),
            ..self
        }
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

/// Below this many page pixels per view-box unit (a system's circle about 54 px across), the
/// galaxy is dense: pieces are counted per side and touched through their system.
const DENSE_BELOW: f64 = 0.8;

/// The page pixels of a pointer event.
fn client(e: &web_sys::PointerEvent) -> (f64, f64) {
    (e.client_x() as f64, e.client_y() as f64)
}

#[component]
fn Board(orientation: Orientation) -> impl IntoView {
    let ui = expect_context::<Ui>();
    let (w, h) = orientation.view_box();
    let size = (w as f64, h as f64);
    let camera = RwSignal::new(Camera::FIT);
    let svg_ref = NodeRef::<leptos::svg::Svg>::new();
    // View-box units per page pixel (the board is fitted into the element, `meet`).
    let per_pixel = move || {
        svg_ref.get_untracked().map_or(1.0, |svg| {
            let r = svg.get_bounding_client_rect();
            (size.0 / r.width()).max(size.1 / r.height())
        })
    };
    // Page pixels to view-box units (before the camera).
    let to_board = move |(cx, cy): (f64, f64)| {
        svg_ref.get_untracked().map_or((0.0, 0.0), |svg| {
            let r = svg.get_bounding_client_rect();
            let k = (size.0 / r.width()).max(size.1 / r.height());
            let (ox, oy) = (
                (r.width() - size.0 / k) / 2.0,
                (r.height() - size.1 / k) / 2.0,
            );
            ((cx - r.left() - ox) * k, (cy - r.top() - oy) * k)
        })
    };
    let on_wheel = move |e: web_sys::WheelEvent| {
        e.prevent_default();
        let p = to_board((e.client_x() as f64, e.client_y() as f64));
        let factor = if e.delta_y() < 0.0 { 1.2 } else { 1.0 / 1.2 };
        camera.update(|c| *c = c.zoomed(factor, p.0, p.1, size));
    };
    // Pointers down on the board: a drag pans, two pointers pinch. A drag that moved far
    // enough is not a tap: the click that ends it is swallowed.
    let pointers = StoredValue::new(Vec::<(i32, (f64, f64))>::new());
    let dragged = StoredValue::new(false);
    let on_down = move |e: web_sys::PointerEvent| {
        pointers.update_value(|p| {
            p.retain(|(id, _)| *id != e.pointer_id());
            p.push((e.pointer_id(), client(&e)));
        });
        if pointers.with_value(Vec::len) == 1 {
            dragged.set_value(false);
        }
    };
    let on_move = move |e: web_sys::PointerEvent| {
        let before = pointers.get_value();
        let Some(i) = before.iter().position(|(id, _)| *id == e.pointer_id()) else {
            return;
        };
        let now = client(&e);
        let was = before[i].1;
        match before.len() {
            1 => {
                let (dx, dy) = (now.0 - was.0, now.1 - was.1);
                if dx.abs() + dy.abs() > 4.0 || dragged.get_value() {
                    dragged.set_value(true);
                    let k = per_pixel();
                    camera.update(|c| *c = c.panned(dx * k, dy * k, size));
                } else {
                    return;
                }
            }
            2 => {
                let other = before[1 - i].1;
                let dist = |a: (f64, f64), b: (f64, f64)| {
                    ((a.0 - b.0).powi(2) + (a.1 - b.1).powi(2)).sqrt()
                };
                let (d0, d1) = (dist(was, other), dist(now, other));
                if d0 > 1.0 {
                    dragged.set_value(true);
                    let mid = to_board(((now.0 + other.0) / 2.0, (now.1 + other.1) / 2.0));
                    camera.update(|c| *c = c.zoomed(d1 / d0, mid.0, mid.1, size));
                }
            }
            _ => {}
        }
        pointers.update_value(|p| p[i].1 = now);
    };
    let on_up = move |e: web_sys::PointerEvent| {
        pointers.update_value(|p| p.retain(|(id, _)| *id != e.pointer_id()));
    };
    // Clicks after a drag are swallowed before they reach a place or a piece.
    let on_click_capture = move |e: leptos::ev::MouseEvent| {
        if dragged.get_value() {
            e.stop_propagation();
            dragged.set_value(false);
        }
    };
    let transform = move || {
        let c = camera.get();
        format!(
            "translate({} {}) scale({})",
            dec1(c.x as f32),
            dec1(c.y as f32),
            dec3(c.scale)
        )
    };
    let zoomed = move || camera.get() != Camera::FIT;
    // Dense when a view-box unit is drawn smaller than DENSE_BELOW page pixels, zoom included.
    // (A frame or a resize may come after the board is gone: nothing to measure then.)
    let measure = move || {
        let (Some(Some(_)), Some(camera)) =
            (svg_ref.try_get_untracked(), camera.try_get_untracked())
        else {
            return;
        };
        let dense = camera.scale / per_pixel() < DENSE_BELOW;
        if ui.dense.get_untracked() != dense {
            ui.dense.set(dense);
        }
    };
    Effect::new(move |_| {
        camera.track();
        measure();
    });
    let on_resize = window_event_listener(leptos::ev::resize, move |_| measure());
    on_cleanup(move || on_resize.remove());
    request_animation_frame(measure);

    let regions = (0..layout::REGION_COUNT)
        .map(|r| {
            let points = layout::region_hull(r, orientation)
                .iter()
                .map(|&(x, y)| format!("{},{}", x as i32, y as i32))
                .collect::<Vec<_>>()
                .join(" ");
            // The hull stroked twice the margin wide with round joins is the region's
            // outline (layout::region_hull); the edge is one unit wider on each side.
            let margin = layout::REGION_MARGIN as i32;
            let (lx, ly) = layout::region_label(r, orientation);
            view! {
                <g class=format!("region region-{r}")>
                    <polygon class="region-edge" points=points.clone() stroke-width=2 * margin + 2 />
                    <polygon class="region-body" points=points stroke-width=2 * margin - 2 />
                    <text class="region-number" x=coord(lx) y=coord(ly) aria-hidden="true">{r + 1}</text>
                </g>
            }
        })
        .collect_view();
    let routes = layout::routes()
        .into_iter()
        .map(|(a, b)| {
            let (x1, y1) = layout::position(a, orientation);
            let (x2, y2) = layout::position(b, orientation);
            view! { <line class="route" x1=coord(x1) y1=coord(y1) x2=coord(x2) y2=coord(y2) /> }
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
        <div class="galaxy-frame">
            <svg class="galaxy" class:dense=move || ui.dense.get() data-testid="galaxy" node_ref=svg_ref viewBox=format!("0 0 {} {}", w as i32, h as i32)
                preserveAspectRatio="xMidYMid meet" role="group" aria-label="The galaxy"
                on:wheel=on_wheel on:pointerdown=on_down on:pointermove=on_move
                on:pointerup=on_up on:pointercancel=on_up on:pointerleave=on_up
                on:click:capture=on_click_capture>
                <g class="board" transform=transform>
                    <g class="regions">{regions}</g>
                    <g class="routes">{routes}</g>
                    <TimeTrack orientation />
                    <g class="places">{places}</g>
                    <super::pieces::Pieces orientation />
                </g>
            </svg>
            <Show when=zoomed>
                <button class="fit quiet small" data-testid="fit-galaxy" on:click=move |_| camera.set(Camera::FIT)>
                    "Fit the galaxy"
                </button>
            </Show>
        </div>
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
    let (x, y, name, remote, (lx, ly)) = match place {
        Place::System(s) => {
            let (x, y) = layout::position(s, orientation);
            let info = &SYSTEMS[s.index()];
            (
                x,
                y,
                info.name,
                info.remote,
                layout::label_position(s, orientation),
            )
        }
        Place::RebelBase => {
            let b = layout::rebel_base_box(orientation);
            let (x, y) = b.center();
            (x, y, "Rebel Base", false, (b.x + 44.0, b.y + 16.0))
        }
    };
    let r = layout::SYSTEM_RADIUS;
    let base_box = (place == Place::RebelBase).then(|| layout::rebel_base_box(orientation));
    // Lit when a tap here does something for the decision at hand.
    let target = Memo::new(move |_| {
        let armed = ui.armed.get();
        ui.view.with(|v| {
            v.as_ref()
                .is_some_and(|v| !place_actions(&v.legal, place, armed).is_empty())
        })
    });
    let tap = move |e: leptos::ev::MouseEvent| {
        ui.tap_place(place, e.client_x() as f64, e.client_y() as f64)
    };
    let on_key = move |e: leptos::ev::KeyboardEvent| {
        if e.key() == "Enter" || e.key() == " " {
            e.prevent_default();
            ui.tap_place(place, 0.0, 0.0);
        }
    };
    move || {
        let look = look.get()?;
        let m = look.markers;
        let loyalty = match m.loyalty {
            Some(swr_engine::Loyalty::Rebel) => "loyal-rebel",
            Some(swr_engine::Loyalty::Empire) => "loyal-empire",
            None => "",
        };
        let class = format!(
            "place {loyalty}{}{}{}{}{}{}",
            if remote { " remote" } else { "" },
            if m.subjugated { " subjugated" } else { "" },
            if m.destroyed { " destroyed" } else { "" },
            if look.ruled_out { " ruled-out" } else { "" },
            if look.in_combat { " in-combat" } else { "" },
            if ui.selected.get() == Some(place) {
                " selected"
            } else {
                ""
            },
        );
        let mark = |id: &'static str, mx: f32, my: f32, title: &'static str| {
            view! {
                <g class=format!("marker mk-{}", &id[2..]) transform=format!("translate({} {})", dec1(mx - 8.0), dec1(my - 8.0))>
                    <title>{title}</title>
                    <use href=format!("#{id}") width="16" height="16" />
                </g>
            }
        };
        let loyalty_mark = m.loyalty.map(|l| match l {
            swr_engine::Loyalty::Rebel => mark(
                "m-rebel",
                x - r * 0.86,
                y - r * 0.86,
                "Loyal to the Rebellion",
            ),
            swr_engine::Loyalty::Empire => mark(
                "m-empire",
                x - r * 0.86,
                y - r * 0.86,
                "Loyal to the Empire",
            ),
        });
        let label = system_label(name, &look);
        Some(view! {
            <g class=class class:target=move || target.get() data-testid=place_testid(place)
                role="button" tabindex="0" aria-label=label on:click=tap on:keydown=on_key>
                {match base_box {
                    Some(_) => {
                        let h = layout::rebel_base_hit(orientation);
                        view! { <rect class="hit" data-touch="" x=coord(h.x) y=coord(h.y) width=coord(h.w) height=coord(h.h) /> }.into_any()
                    }
                    None => view! { <circle class="hit" data-touch="" cx=coord(x) cy=coord(y) r=coord(layout::HIT_RADIUS) /> }.into_any(),
                }}
                {match base_box {
                    Some(b) => view! { <rect class="body" x=coord(b.x) y=coord(b.y) width=coord(b.w) height=coord(b.h) rx="8" /> }.into_any(),
                    None => view! { <circle class="body" cx=coord(x) cy=coord(y) r=coord(if remote { r * 0.86 } else { r }) /> }.into_any(),
                }}
                {loyalty_mark}
                {m.subjugated.then(|| mark("m-subjugated", x + r * 0.86, y - r * 0.86, "Subjugated"))}
                {m.sabotaged.then(|| mark("m-sabotage", x - r * 0.86, y + r * 0.86, "Sabotaged"))}
                {m.destroyed.then(|| mark("m-destroyed", x + r * 0.86, y + r * 0.86, "Destroyed"))}
                {look.base.map(|revealed| view! {
                    <g class=if revealed { "marker base revealed" } else { "marker base" } data-testid="base-marker"
                        transform=format!("translate({} {})", dec1(x + r * 0.86 - 9.0), dec1(y + r * 0.86 - 9.0))>
                        <title>{if revealed { "The Rebel base (revealed)" } else { "Your base (hidden)" }}</title>
                        <use href="#m-base" width="18" height="18" />
                    </g>
                })}
                {look.ruled_out.then(|| view! {
                    <text class="ruled-out-mark" x=coord(x) y=coord(y + 4.0) aria-hidden="true">"×"</text>
                })}
                <text class="name" x=coord(lx) y=coord(ly)>{name}</text>
            </g>
        })
    }
}

/// The time track under the galaxy: the round marker and the Rebel reputation marker step
/// along it; recruit and build spaces are marked.
#[component]
fn TimeTrack(orientation: Orientation) -> impl IntoView {
    let ui = expect_context::<Ui>();
    let spaces = (1..=TIME_TRACK_LENGTH)
        .map(|n| {
            let r = layout::time_track_space(n, orientation);
            let recruit = RECRUIT_SPACES.contains(&n);
            let build = BUILD_SPACES.contains(&n);
            view! {
                <g class="track-space">
                    <rect x=coord(r.x) y=coord(r.y) width=coord(r.w) height=coord(r.h) rx="5" />
                    <text class="n" x=coord(r.x + r.w / 2.0) y=coord(r.y + r.h * 0.42)>{n}</text>
                    {recruit.then(|| view! { <text class="mark recruit" x=coord(r.x + 5.0) y=coord(r.y + r.h - 4.0)>"R"<title>"Recruit"</title></text> })}
                    {build.then(|| view! { <text class="mark build" x=coord(r.x + r.w - 5.0) y=coord(r.y + r.h - 4.0)>"B"<title>"Build"</title></text> })}
                </g>
            }
        })
        .collect_view();
    let marker_at = move |n: u8, dy: f32| {
        let n = n.clamp(1, TIME_TRACK_LENGTH);
        let r = layout::time_track_space(n, orientation);
        format!(
            "transform: translate({}px, {}px)",
            dec1(r.x + r.w / 2.0),
            dec1(r.y + r.h / 2.0 + dy)
        )
    };
    let time = move || ui.view.with(|v| v.as_ref().map_or(1, |v| v.time));
    let reputation = move || ui.view.with(|v| v.as_ref().map_or(14, |v| v.reputation));
    let size = layout::time_track_space(1, orientation).w;
    view! {
        <g class="time-track" data-testid="time-track" aria-label=move || format!("Round {}, Rebel reputation {}", time(), reputation())>
            {spaces}
            <g class="track-marker time" data-testid="time-marker" style=move || marker_at(time(), 0.0)>
                <title>"The round"</title>
                <circle r=coord(size * 0.46) />
            </g>
            <g class="track-marker reputation" data-testid="reputation-marker" style=move || marker_at(reputation(), 0.0)>
                <title>"Rebel reputation"</title>
                <use href="#m-rebel" x=coord(-size * 0.3) y=coord(-size * 0.3) width=coord(size * 0.6) height=coord(size * 0.6) />
            </g>
        </g>
    }
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
    for (leader, _) in &look.leaders {
        parts.push(leader.name().to_string());
    }
    parts.join(", ")
}

/// A coordinate as SVG reads it (see `shell::num`).
fn coord(v: f32) -> String {
    dec1(v).to_string()
}
