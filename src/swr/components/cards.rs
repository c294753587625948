//! Rebellion's cards drawn by us: a mission, action, objective or tactic card with its facts
//! and its effect in our words; a tap zooms it.

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

struct Face {
    kind: &'static str,
    class: &'static str,
    title: &'static str,
    facts: String,
    text: &'static str,
}

fn face(card: Zoomed) -> Face {
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

/// A card at the size it has in a hand; a tap zooms it.
#[component]
pub fn Card(card: Zoomed) -> impl IntoView {
    let ui = expect_context::<Ui>();
    let f = face(card);
    view! {
        <button class=format!("swr-card {}", f.class.to_lowercase().replace(' ', "-")) data-testid="card"
            on:click=move |_| ui.zoom.set(Some(card)) title=f.text>
            <span class="card-kind">{f.kind}</span>
            <span class="card-title">{f.title}</span>
            <span class="card-facts">{f.facts}</span>
        </button>
    }
}

#[component]
pub fn CardZoom() -> impl IntoView {
    let ui = expect_context::<Ui>();
    move || {
        ui.zoom.get().map(|card| {
            let f = face(card);
            view! {
                <div class="overlay" role="dialog" aria-modal="true" data-testid="card-zoom"
                    on:click=move |_| ui.zoom.set(None)>
                    <div class=format!("swr-card zoomed {}", f.class.to_lowercase().replace(' ', "-"))>
                        <span class="card-kind">{f.kind}</span>
                        <span class="card-title">{f.title}</span>
                        <span class="card-facts">{f.facts}</span>
                        <p class="card-text">{f.text}</p>
                        <button class="quiet" data-autofocus="">"Close"</button>
                    </div>
                </div>
            }
        })
    }
}
