//! Rebellion's cards drawn by us: a mission, action, objective or tactic card with its facts
//! and its effect in our words; a tap zooms it, and Escape, a tap outside or its Close button
//! puts it back.

use crate::swr::app::{Ui, Zoomed};
use crate::swr::words;
use leptos::prelude::*;
use swr_engine::data::cards::Timing;
use swr_engine::data::leaders::Skill;

pub fn skill_name(skill: Skill) -> &'static str {
    match skill {
        Skill::Diplomacy => "Diplomacy",
        Skill::Intel => "Intel",
        Skill::SpecOps => "Special Ops",
        Skill::Logistics => "Logistics",
    }
}

pub struct Face {
    pub kind: &'static str,
    pub class: &'static str,
    pub title: &'static str,
    pub facts: String,
    pub text: &'static str,
}

pub fn face(card: Zoomed) -> Face {
    match card {
        Zoomed::Mission(m) => {
            let info = m.info();
            let mut facts = format!("{} {}", skill_name(info.skill), info.requirement);
            if let Some(l) = info.portrait {
                facts.push_str(&format!(" · {} +2", l.name()));
            }
            if !info.attempt {
                facts.push_str(" · resolves, cannot be opposed");
            }
            Face {
                kind: if m.is_project() { "Project" } else { "Mission" },
                class: skill_name(info.skill),
                title: m.name(),
                facts,
                text: words::mission_text(m),
            }
        }
        Zoomed::Action(a) => {
            let info = a.info();
            let leaders: Vec<&str> = info.leaders.iter().map(|l| l.name()).collect();
            let _ = Timing::Immediate;
            Face {
                kind: "Action",
                class: "action",
                title: a.name(),
                facts: leaders.join(" · "),
                text: words::action_card_text(a),
            }
        }
        Zoomed::Objective(o) => Face {
            kind: "Objective",
            class: "objective",
            title: o.name(),
            facts: format!(
                "Stage {} · +{} reputation",
                o.info().stage,
                o.info().reputation
            ),
            text: words::objective_text(o),
        },
        Zoomed::Tactic(t) => Face {
            kind: if t.info().space {
                "Space tactic"
            } else {
                "Ground tactic"
            },
            class: if t.info().space { "space" } else { "ground" },
            title: t.name(),
            facts: if t.info().special {
                "Needs a special die".into()
            } else {
                String::new()
            },
            text: words::tactic_text(t),
        },
    }
}

/// A card at the size it has in a hand, as HTML: a tap zooms it (see `html`).
pub fn card_html(card: Zoomed) -> String {
    use super::html::{esc, zoom_key};
    let f = face(card);
    format!(
        "<button class=\"swr-card {}\" data-testid=\"card\" data-zoom=\"{}\" title=\"{}\">\
         <span class=\"card-kind\">{}</span><span class=\"card-title\">{}</span>\
         <span class=\"card-facts\">{}</span></button>",
        card_class(f.class),
        zoom_key(card),
        esc(f.text),
        f.kind,
        esc(f.title),
        esc(&f.facts)
    )
}

/// A card to choose, as HTML: touching the card takes `action` (the legal action at `index`,
/// see `html`); its "Read" button zooms it.
pub fn card_choice_html(
    card: Zoomed,
    index: usize,
    action: &swr_engine::Action,
    label: &str,
) -> String {
    use super::html::{esc, zoom_key};
    let f = face(card);
    format!(
        "<div class=\"card-choice\"><button class=\"swr-card choice-card {}\" data-testid=\"choice\" \
         data-act=\"{index}\" data-action=\"{}\" aria-label=\"{}\">\
         <span class=\"card-kind\">{}</span><span class=\"card-title\">{}</span>\
         <span class=\"card-facts\">{}</span><span class=\"card-choice-label\">{}</span></button>\
         <button class=\"quiet small read-card\" data-zoom=\"{}\" aria-label=\"Read {}\">Read</button></div>",
        card_class(f.class),
        esc(&format!("{action:?}")),
        esc(label),
        f.kind,
        esc(f.title),
        esc(&f.facts),
        esc(label),
        zoom_key(card),
        esc(f.title),
    )
}

fn card_class(class: &str) -> String {
    class.to_ascii_lowercase().replace(' ', "-")
}

#[component]
pub fn CardZoom() -> impl IntoView {
    let ui = expect_context::<Ui>();
    move || {
        ui.zoom.get().map(|card| {
            let f = face(card);
            view! {
                <div class="overlay card-zoom" role="dialog" aria-modal="true" aria-label=f.title data-testid="card-zoom"
                    on:click=move |_| ui.zoom.set(None)>
                    <div class=format!("swr-card zoomed {}", card_class(f.class))
                        on:click=|e| e.stop_propagation()>
                        <span class="card-kind">{f.kind}</span>
                        <span class="card-title">{f.title}</span>
                        <span class="card-facts">{f.facts}</span>
                        <p class="card-text">{f.text}</p>
                        <button class="close-zoom" data-testid="close-zoom" data-autofocus=""
                            on:click=move |_| ui.zoom.set(None)>"Close"</button>
                    </div>
                </div>
            }
        })
    }
}
