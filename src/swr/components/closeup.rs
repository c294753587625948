//! A system's close-up, over the galaxy: its markers, then each side's units (by kind, with
//! their number) and leaders, and what the decision can do there, each a button a finger can
//! hit. It opens when a system is tapped for its details, and on a dense galaxy (a phone)
//! whenever a tap on a system could mean more than one thing: the pieces drawn there are too
//! small to touch one by one. Written as HTML text (see `html`).

use super::html::{esc, handle_common, leader_portrait, read_click, unit_icon, Click};
use super::look::{ruled_out, side_class, SystemLook};
use crate::swr::app::Ui;
use crate::swr::targets::{leader_actions, place_actions, unit_actions, Armed};
use crate::swr::words::{action_text, place_name, side_name, unit_name};
use leptos::prelude::*;
use std::fmt::Write;
use swr_engine::{Action, Loyalty, Place, PlayerView, Side};

/// What the close-up says about the system's markers, in words.
fn facts(look: &SystemLook) -> Vec<&'static str> {
    let m = look.markers;
    let mut out = Vec::new();
    match m.loyalty {
        Some(Loyalty::Rebel) => out.push("loyal to the Rebellion"),
        Some(Loyalty::Empire) => out.push("loyal to the Empire"),
        None => {}
    }
    for (on, words) in [
        (m.subjugated, "subjugated"),
        (m.sabotaged, "sabotaged"),
        (m.destroyed, "destroyed"),
        (look.base == Some(false), "your hidden base"),
        (look.base == Some(true), "the Rebel base"),
        (look.ruled_out, "not the base"),
        (look.in_combat, "combat here"),
    ] {
        if on {
            out.push(words);
        }
    }
    out
}

/// A button for the legal action `action`, with a drawing before its words.
fn piece_button(view: &PlayerView, action: &Action, drawing: &str, words: &str) -> String {
    let index = view.legal.iter().position(|a| a == action).unwrap_or(0);
    format!(
        "<button class=\"closeup-piece target\" data-testid=\"closeup-piece\" data-touch=\"\" \
         data-act=\"{index}\" data-action=\"{}\">{drawing}<span>{}</span></button>",
        esc(&format!("{action:?}")),
        esc(words)
    )
}

/// An action's words without the place they end on, which the close-up's heading names.
fn without_place<'a>(words: &'a str, place: &str) -> &'a str {
    for joint in [" in ", " to ", " at "] {
        if let Some(short) = words
            .strip_suffix(place)
            .and_then(|w| w.strip_suffix(joint))
        {
            return short;
        }
    }
    words
}

fn closeup_html(view: &PlayerView, place: Place, armed: Option<Armed>) -> String {
    let look = SystemLook::of(view, place, &ruled_out(view));
    let mut out = format!(
        "<div class=\"panel-head\"><h2>{}</h2><button class=\"quiet small\" \
         data-testid=\"close-closeup\" data-cmd=\"close\">Close</button></div>",
        esc(&place_name(place))
    );
    let facts = facts(&look);
    if !facts.is_empty() {
        let _ = write!(out, "<p class=\"closeup-facts\">{}.</p>", facts.join(", "));
    }
    let here = place_actions(&view.legal, place, armed);
    if !here.is_empty() {
        out.push_str("<div class=\"closeup-actions\">");
        for a in &here {
            let words = action_text(a, view);
            let short = without_place(&words, &place_name(place));
            out.push_str(&piece_button(view, a, "", short));
        }
        out.push_str("</div>");
    }
    for side in [Side::Empire, Side::Rebel] {
        let units: Vec<_> = look
            .units
            .iter()
            .filter(|(k, _)| k.side() == side)
            .collect();
        let leaders: Vec<_> = look.leaders.iter().filter(|(_, s)| *s == side).collect();
        if units.is_empty() && leaders.is_empty() {
            continue;
        }
        let _ = write!(
            out,
            "<div class=\"closeup-side {}\"><h3>The {}</h3><ul class=\"closeup-pieces\">",
            side_class(side),
            side_name(side)
        );
        for &&(kind, n) in &units {
            let drawing = unit_icon(kind);
            let name = unit_name(kind, n);
            let actions = unit_actions(&view.legal, place, kind);
            if actions.is_empty() {
                let _ = write!(
                    out,
                    "<li class=\"closeup-piece\">{drawing}<span>{}</span></li>",
                    esc(&name)
                );
            }
            for a in &actions {
                let _ = write!(
                    out,
                    "<li>{}</li>",
                    piece_button(
                        view,
                        a,
                        &drawing,
                        &format!("{name}: {}", action_text(a, view))
                    )
                );
            }
        }
        for &&(leader, _) in &leaders {
            let drawing = leader_portrait(leader);
            match leader_actions(&view.legal, leader).first() {
                Some(a) => {
                    let _ = write!(
                        out,
                        "<li>{}</li>",
                        piece_button(view, a, &drawing, &action_text(a, view))
                    );
                }
                None => {
                    let _ = write!(
                        out,
                        "<li class=\"closeup-piece\">{drawing}<span>{}</span></li>",
                        esc(leader.name())
                    );
                }
            }
        }
        out.push_str("</ul></div>");
    }
    if look.units.is_empty() && look.leaders.is_empty() && here.is_empty() {
        out.push_str("<p class=\"closeup-facts\">Nothing here.</p>");
    }
    out
}

#[component]
pub fn CloseUp() -> impl IntoView {
    let ui = expect_context::<Ui>();
    let html = move || {
        let place = ui.selected.get()?;
        let armed = ui.armed.get();
        ui.view
            .with(|v| v.as_ref().map(|v| closeup_html(v, place, armed)))
    };
    let on_click = move |e: leptos::ev::MouseEvent| {
        let Some(place) = ui.selected.get_untracked() else {
            return;
        };
        let Some(click) = read_click(&ui, &e) else {
            return;
        };
        let acted = matches!(click, Click::Act(_));
        match handle_common(&ui, click) {
            Some(Click::Command(c)) if c == "close" => ui.selected.set(None),
            _ if acted => {
                // Closed once there is nothing more to do here.
                let more = ui.view.with_untracked(|v| {
                    v.as_ref().is_some_and(|v| {
                        !crate::swr::targets::everything_at(v, place, ui.armed.get_untracked())
                            .is_empty()
                    })
                });
                if !more {
                    ui.selected.set(None);
                }
            }
            _ => {}
        }
    };
    move || {
        html().map(|html| {
            view! {
                <section class="closeup" data-testid="picked" aria-label="The system" inner_html=html
                    on:click=on_click></section>
            }
        })
    }
}
