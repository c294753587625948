//! The pieces on the galaxy: every unit and every leader standing on the board. They are drawn
//! by hand rather than through templates: one SVG element each, keyed by the unit's token (so
//! a unit that moves is the same element) or by the leader, created once, moved by changing
//! its transform (the style sheet's transition glides it there), and removed when it leaves
//! the board. A tap is read off the layer (which piece, from its data attributes). The same
//! elements as a template per piece would give, for much less code in the page.

use super::html::{role_class, role_suffix};
use super::look::side_class;
use crate::shell::num::dec1;
use crate::swr::app::Ui;
use crate::swr::art::{leader_art, unit_art};
use crate::swr::layout::{self, Orientation, LEADER_RADIUS, UNIT_SIZE};
use crate::swr::targets::{all_places, unit_actions, Armed};
use crate::swr::tokens::Tokens;
use leptos::prelude::*;
use swr_engine::data::units::UnitClass;
use swr_engine::view::LeaderSpot;
use swr_engine::{Action, LeaderId, Place, PlayerView, Side, UnitKind};
use wasm_bindgen::JsCast;
use web_sys::Element;

const SVG: &str = "http://www.w3.org/2000/svg";

fn unit_class(kind: UnitKind) -> &'static str {
    match kind.info().class {
        UnitClass::Fighter => "fighter",
        UnitClass::CapitalShip => "capital",
        UnitClass::SpaceStation => "station",
        UnitClass::Vehicle => "vehicle",
        UnitClass::Structure => "structure",
    }
}

/// The slot of each kind of unit at a place: Imperial kinds first, in the rules' order.
fn slot_of(tokens: &Tokens, place: Place, kind: UnitKind) -> usize {
    UnitKind::ALL
        .iter()
        .filter(|k| tokens.stack(place, **k).next().is_some())
        .position(|k| *k == kind)
        .unwrap_or(0)
        .min(layout::stack_slots(place) - 1)
}

/// One piece as it should be drawn: its key, its attributes, and what goes inside it the first
/// time it is made.
struct Piece {
    key: String,
    class: String,
    attrs: Vec<(&'static str, String)>,
    transform: String,
    inner: String,
}

fn units(tokens: &Tokens, view: &PlayerView, o: Orientation) -> Vec<Piece> {
    let mut out = Vec::new();
    for t in tokens.all() {
        let depth = tokens
            .stack(t.place, t.kind)
            .position(|x| x.id == t.id)
            .unwrap_or(0);
        let (x, y) = layout::stack_position(t.place, o, slot_of(tokens, t.place, t.kind));
        // The top three of a stack show their edges; the rest lie beneath.
        let shown = depth.min(2) as f32;
        let target = !unit_actions(&view.legal, t.place, t.kind).is_empty();
        out.push(Piece {
            key: format!("u{}", t.id),
            class: format!(
                "unit {} {}{}",
                side_class(t.kind.side()),
                unit_class(t.kind),
                if target { " target" } else { "" }
            ),
            attrs: vec![
                ("data-testid", "unit".into()),
                ("data-unit", t.id.to_string()),
                ("data-kind", format!("{:?}", t.kind)),
            ],
            transform: format!(
                "transform: translate({}px, {}px)",
                dec1(x - UNIT_SIZE / 2.0 + shown * 1.5),
                dec1(y - UNIT_SIZE / 2.0 - shown * 1.5)
            ),
            inner: format!(
                "<title>{}</title><rect class=\"unit-back\" width=\"{s}\" height=\"{s}\" rx=\"4\"/>\
                 <use href=\"#{}\" x=\"1.5\" y=\"1.5\" width=\"{i}\" height=\"{i}\"/>",
                t.kind.info().name,
                unit_art(t.kind),
                s = UNIT_SIZE as i32,
                i = UNIT_SIZE as i32 - 3
            ),
        });
    }
    // The count on each stack of two or more.
    for place in all_places() {
        for kind in UnitKind::ALL {
            let n = tokens.stack(place, kind).count();
            if n > 1 {
                let (x, y) = layout::stack_position(place, o, slot_of(tokens, place, kind));
                out.push(Piece {
                    key: format!("n{}-{}", place.index(), kind.index()),
                    class: format!("stack-count {}", side_class(kind.side())),
                    attrs: Vec::new(),
                    transform: format!(
                        "transform: translate({}px, {}px)",
                        dec1(x + UNIT_SIZE / 2.0),
                        dec1(y + UNIT_SIZE / 2.0 + 1.0)
                    ),
                    inner: format!("<text>{n}</text>"),
                });
            }
        }
    }
    out
}

fn leaders(view: &PlayerView, armed: Option<Armed>, o: Orientation) -> Vec<Piece> {
    let mut out = Vec::new();
    for place in all_places() {
        let here = view
            .leaders
            .iter()
            .filter(|l| l.spot == LeaderSpot::Board(place));
        for (i, l) in here.enumerate() {
            let (x, y) = layout::leader_position(place, o, i);
            let captive = l.ring.is_some_and(|r| r.is_captive());
            let target = view.legal.contains(&Action::Leader(l.leader))
                || armed == Some(Armed::Leader(l.leader));
            let name = if captive {
                format!("{} (captured)", l.leader.name())
            } else {
                format!("{}{}", l.leader.name(), role_suffix(view, l.leader))
            };
            let r = LEADER_RADIUS;
            out.push(Piece {
                key: format!("l{:?}{}", l.leader, captive as u8),
                class: format!(
                    "leader-token {}{}{}{}",
                    side_class(l.controller),
                    if captive { " captive" } else { "" },
                    if target { " target" } else { "" },
                    role_class(view, l.leader)
                ),
                attrs: vec![
                    ("data-testid", format!("leader-{:?}", l.leader)),
                    ("data-leader", format!("{:?}", l.leader)),
                ],
                transform: format!("transform: translate({}px, {}px)", dec1(x), dec1(y)),
                inner: format!(
                    "<title>{name}</title><circle r=\"{}\"/>\
                     <use href=\"#{}\" x=\"{o}\" y=\"{o}\" width=\"{s}\" height=\"{s}\"/>{}",
                    dec1(r),
                    leader_art(l.leader),
                    if captive {
                        format!(
                            "<use class=\"captive-bars\" href=\"#m-captured\" x=\"{}\" y=\"{}\" \
                             width=\"{d}\" height=\"{d}\"/>",
                            dec1(-r),
                            dec1(-r),
                            d = dec1(2.0 * r)
                        )
                    } else {
                        String::new()
                    },
                    o = dec1(-r + 2.5),
                    s = dec1(2.0 * r - 5.0)
                ),
            });
        }
    }
    out
}

/// The pieces of a dense galaxy (see `Ui::dense`): in each place, one chip per side with the
/// number of its units, and one with the number of its leaders, large enough to read on a
/// phone. A chip is lit when the decision can use a piece it stands for; taps go to the place.
fn chips(view: &PlayerView, armed: Option<Armed>, o: Orientation) -> Vec<Piece> {
    let mut out = Vec::new();
    for place in all_places() {
        let units = match place {
            Place::System(s) => view.systems[s.index()].units,
            Place::RebelBase => view.rebel_base_space,
        };
        let count = |side: Side| -> u32 {
            UnitKind::ALL
                .iter()
                .filter(|k| k.side() == side)
                .map(|k| u32::from(units[k.index()]))
                .sum()
        };
        let sides: Vec<Side> = [Side::Empire, Side::Rebel]
            .into_iter()
            .filter(|s| count(*s) > 0)
            .collect();
        for (i, &side) in sides.iter().enumerate() {
            let lit = UnitKind::ALL
                .iter()
                .filter(|k| k.side() == side)
                .any(|k| !unit_actions(&view.legal, place, *k).is_empty());
            let (x, y) = layout::chip_position(place, o, i, sides.len());
            out.push(chip(
                format!("c{}-{}", place.index(), side.index()),
                "force",
                side,
                lit,
                (x, y),
                count(side),
            ));
        }
        for side in [Side::Empire, Side::Rebel] {
            let here: Vec<LeaderId> = view
                .leaders
                .iter()
                .filter(|l| l.spot == LeaderSpot::Board(place) && l.controller == side)
                .map(|l| l.leader)
                .collect();
            if here.is_empty() {
                continue;
            }
            let lit = here.iter().any(|l| {
                view.legal.contains(&Action::Leader(*l)) || armed == Some(Armed::Leader(*l))
            });
            let slot = if side == Side::Empire { 0 } else { 2 };
            out.push(chip(
                format!("k{}-{}", place.index(), side.index()),
                "leader-chip",
                side,
                lit,
                layout::leader_position(place, o, slot),
                here.len() as u32,
            ));
        }
    }
    out
}

fn chip(key: String, kind: &str, side: Side, lit: bool, (x, y): (f32, f32), n: u32) -> Piece {
    let (w, h) = (layout::CHIP_SIZE.0, layout::CHIP_SIZE.1);
    Piece {
        key,
        class: format!(
            "chip {kind} {}{}",
            side_class(side),
            if lit { " target" } else { "" }
        ),
        attrs: vec![
            ("data-testid", kind.to_string()),
            ("data-side", side_class(side).to_string()),
        ],
        transform: format!("transform: translate({}px, {}px)", dec1(x), dec1(y)),
        inner: format!(
            "<rect x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\" rx=\"7\"/><text class=\"chip-count\">{n}</text>",
            dec1(-w / 2.0),
            dec1(-h / 2.0),
            dec1(w),
            dec1(h)
        ),
    }
}

/// Brings the layer's children in line with `pieces`: a piece already drawn keeps its
/// element (only its class and place change), a new one is made, one gone is removed.
fn draw(layer: &Element, pieces: Vec<Piece>) {
    let Some(doc) = layer.owner_document() else {
        return;
    };
    // (A list, not a hash map: a few hundred pieces at most, and much less code.)
    let mut existing: Vec<(String, Element)> = Vec::new();
    let children = layer.children();
    for i in 0..children.length() {
        if let Some(el) = children.item(i) {
            if let Some(key) = el.get_attribute("data-key") {
                existing.push((key, el));
            }
        }
    }
    for p in pieces {
        let found = existing.iter().position(|(k, _)| *k == p.key);
        let el = match found.map(|i| existing.swap_remove(i).1) {
            Some(el) => el,
            None => {
                let Ok(el) = doc.create_element_ns(Some(SVG), "g") else {
                    continue;
                };
                let _ = el.set_attribute("data-key", &p.key);
                for (name, value) in &p.attrs {
                    let _ = el.set_attribute(name, value);
                }
                el.set_inner_html(&p.inner);
                // Placed before it is shown, so that a new piece appears where it belongs.
                let _ = el.set_attribute("style", &p.transform);
                let _ = layer.append_child(&el);
                el
            }
        };
        if el.get_attribute("class").as_deref() != Some(p.class.as_str()) {
            let _ = el.set_attribute("class", &p.class);
        }
        if el.get_attribute("style").as_deref() != Some(p.transform.as_str()) {
            let _ = el.set_attribute("style", &p.transform);
        }
        // A stack's or a chip's count changes in place.
        if (p.key.starts_with('n') || p.key.starts_with('c') || p.key.starts_with('k'))
            && el.inner_html() != p.inner
        {
            el.set_inner_html(&p.inner);
        }
    }
    for (_, el) in existing {
        el.remove();
    }
}

#[component]
pub fn Pieces(orientation: Orientation) -> impl IntoView {
    let ui = expect_context::<Ui>();
    let units_layer = NodeRef::<leptos::svg::G>::new();
    let leaders_layer = NodeRef::<leptos::svg::G>::new();
    let tokens = StoredValue::new(Tokens::default());
    Effect::new(move |_| {
        let armed = ui.armed.get();
        let dense = ui.dense.get();
        ui.view.with(|v| {
            let Some(v) = v.as_ref() else { return };
            tokens.update_value(|t| t.update(v));
            if let Some(g) = units_layer.get() {
                if dense {
                    draw(&g, chips(v, armed, orientation));
                } else {
                    tokens.with_value(|t| draw(&g, units(t, v, orientation)));
                }
            }
            if let Some(g) = leaders_layer.get() {
                draw(
                    &g,
                    if dense {
                        Vec::new()
                    } else {
                        leaders(v, armed, orientation)
                    },
                );
            }
        })
    });
    // Which piece a tap landed on.
    let tap = move |e: leptos::ev::MouseEvent| {
        let Some(el) = e
            .target()
            .and_then(|t| t.dyn_into::<Element>().ok())
            .and_then(|el| el.closest("[data-unit],[data-leader]").ok().flatten())
        else {
            return;
        };
        let (x, y) = (e.client_x() as f64, e.client_y() as f64);
        if let Some(id) = el
            .get_attribute("data-unit")
            .and_then(|id| id.parse::<u32>().ok())
        {
            let token = tokens.with_value(|t| t.all().iter().find(|t| t.id == id).copied());
            if let Some(t) = token {
                e.stop_propagation();
                ui.tap_units(t.place, t.kind, x, y);
            }
        } else if let Some(name) = el.get_attribute("data-leader") {
            if let Some(l) = LeaderId::ALL.into_iter().find(|l| format!("{l:?}") == name) {
                e.stop_propagation();
                let place = ui.view.with_untracked(|v| {
                    v.as_ref()?
                        .leaders
                        .iter()
                        .find(|x| x.leader == l)
                        .and_then(|x| match x.spot {
                            LeaderSpot::Board(p) => Some(p),
                            _ => None,
                        })
                });
                ui.tap_leader(l, place, x, y);
            }
        }
    };
    view! {
        <g class="units" node_ref=units_layer on:click=tap></g>
        <g class="leaders" node_ref=leaders_layer on:click=tap></g>
    }
}
