//! Rebellion's panels (the decision, the sheets, the log, the combat, the mission, the choices
//! beside a tap) are written as HTML text and their clicks read from the panel: a template
//! per element costs the page far more code than a string does (the page's first visit has a
//! budget), and these panels are redrawn whole whenever the view changes anyway. Every word in
//! them is ours (escaped all the same). A button says what it does in data attributes:
//!
//! * `data-act="i"` (with `data-action`, the action's name): take the i-th legal action; the
//!   name is checked, so a click on a panel drawn for an earlier position does nothing;
//! * `data-arm="L3"` / `data-arm="U5"`: pick leader 3 / unit kind 5 from a tray;
//! * `data-zoom="m12"` (`a`, `o`, `t`): zoom a mission, action, objective or tactic card;
//! * `data-open="i"`, `data-back`: open a group of the choice list, or go back;
//! * `data-cmd="…"`: the panel's own commands (place the rest, back to the start).

pub use crate::shell::html::esc;
use crate::swr::app::{Ui, Zoomed};
use crate::swr::art::{leader_art, skill_art, unit_art};
use crate::swr::targets::Armed;
use leptos::prelude::*;
use std::fmt::Write;
use swr_engine::data::leaders::Skill;
use swr_engine::{Action, ActionCard, LeaderId, Mission, Objective, PlayerView, Tactic, UnitKind};
use wasm_bindgen::JsCast;
use web_sys::Element;

/// One of our drawings, coloured by the text around it.
pub fn icon(id: &str, class: &str) -> String {
    format!("<svg class=\"icon {class}\" viewBox=\"0 0 24 24\" aria-hidden=\"true\"><use href=\"#{id}\"/></svg>")
}

/// A leader's skills and tactic values as icons with numbers.
pub fn skills(leader: LeaderId, jedi: bool) -> String {
    let values = leader.values(jedi);
    let mut out = String::from("<span class=\"skills\">");
    for (skill, n) in [
        Skill::Diplomacy,
        Skill::Intel,
        Skill::SpecOps,
        Skill::Logistics,
    ]
    .into_iter()
    .zip(values.skills)
    {
        if n > 0 {
            let _ = write!(
                out,
                "<span class=\"skill\" title=\"{}\">{}{n}</span>",
                crate::swr::words::skill_name(skill),
                icon(skill_art(skill), "")
            );
        }
    }
    if let Some((space, ground)) = values.tactics {
        let _ = write!(
            out,
            "<span class=\"skill\" title=\"Space tactics\">{}{space}</span>\
             <span class=\"skill\" title=\"Ground tactics\">{}{ground}</span>",
            icon("s-space", ""),
            icon("s-ground", "")
        );
    }
    out.push_str("</span>");
    out
}

/// A leader's role mark in the team game (" role-admiral", " role-general"; nothing in a
/// two-player game): each player's leaders ringed in their colour.
pub fn role_class(view: &PlayerView, leader: LeaderId) -> &'static str {
    match (view.team.is_some(), leader.role()) {
        (false, _) => "",
        (true, swr_engine::Role::Admiral) => " role-admiral",
        (true, swr_engine::Role::General) => " role-general",
    }
}

/// The role in words after a leader's name in the team game (" (Admiral)").
pub fn role_suffix(view: &PlayerView, leader: LeaderId) -> String {
    match view.team {
        Some(_) => format!(" ({})", leader.role().name()),
        None => String::new(),
    }
}

pub fn leader_portrait(leader: LeaderId) -> String {
    icon(leader_art(leader), "portrait")
}

pub fn unit_icon(kind: UnitKind) -> String {
    icon(unit_art(kind), "")
}

/// A button that takes the legal action at `index`.
pub fn act_button(index: usize, action: &Action, label: &str, class: &str) -> String {
    format!(
        "<button class=\"choice {class}\" data-testid=\"choice\" data-act=\"{index}\" \
         data-action=\"{}\">{}</button>",
        esc(&format!("{action:?}")),
        esc(label)
    )
}

fn index_in<T: PartialEq>(all: &[T], x: &T) -> usize {
    all.iter().position(|y| y == x).unwrap_or(0)
}

pub fn zoom_key(card: Zoomed) -> String {
    match card {
        Zoomed::Mission(m) => format!("m{}", index_in(&Mission::ALL, &m)),
        Zoomed::Action(a) => format!("a{}", index_in(&ActionCard::ALL, &a)),
        Zoomed::Objective(o) => format!("o{}", index_in(&Objective::ALL, &o)),
        Zoomed::Tactic(t) => format!("t{}", index_in(&Tactic::ALL, &t)),
    }
}

/// The index to name a leader or a kind of unit by in `data-arm`.
pub fn arm_key(armed: Armed) -> String {
    match armed {
        Armed::Leader(l) => format!("L{}", index_in(&LeaderId::ALL, &l)),
        Armed::Unit(k) => format!("U{}", index_in(&UnitKind::ALL, &k)),
    }
}

fn zoomed_from(key: &str) -> Option<Zoomed> {
    let (kind, n) = key.split_at(1);
    let n: usize = n.parse().ok()?;
    Some(match kind {
        "m" => Zoomed::Mission(*Mission::ALL.get(n)?),
        "a" => Zoomed::Action(*ActionCard::ALL.get(n)?),
        "o" => Zoomed::Objective(*Objective::ALL.get(n)?),
        "t" => Zoomed::Tactic(*Tactic::ALL.get(n)?),
        _ => return None,
    })
}

/// What a click in a panel asks for.
pub enum Click {
    Act(Action),
    Arm(Armed),
    Zoom(Zoomed),
    Open(usize),
    Back,
    Command(String),
}

/// Reads a click in a panel: the button it landed on and what it says it does.
pub fn read_click(ui: &Ui, e: &leptos::ev::MouseEvent) -> Option<Click> {
    let el: Element = e
        .target()?
        .dyn_into::<Element>()
        .ok()?
        .closest("[data-act],[data-arm],[data-zoom],[data-open],[data-back],[data-cmd]")
        .ok()??;
    if let Some(i) = el.get_attribute("data-act") {
        let i: usize = i.parse().ok()?;
        let name = el.get_attribute("data-action")?;
        let action = ui
            .view
            .with_untracked(|v| v.as_ref()?.legal.get(i).copied())?;
        return (format!("{action:?}") == name).then_some(Click::Act(action));
    }
    if let Some(armed) = el.get_attribute("data-arm") {
        let (kind, n) = armed.split_at(1);
        let n: usize = n.parse().ok()?;
        return Some(Click::Arm(match kind {
            "L" => Armed::Leader(*LeaderId::ALL.get(n)?),
            _ => Armed::Unit(*UnitKind::ALL.get(n)?),
        }));
    }
    if let Some(key) = el.get_attribute("data-zoom") {
        return zoomed_from(&key).map(Click::Zoom);
    }
    if let Some(i) = el.get_attribute("data-open") {
        return i.parse().ok().map(Click::Open);
    }
    if el.has_attribute("data-back") {
        return Some(Click::Back);
    }
    el.get_attribute("data-cmd").map(Click::Command)
}

/// Carries out the clicks every panel shares (acting, picking from a tray, zooming a card);
/// returns the others for the panel to handle.
pub fn handle_common(ui: &Ui, click: Click) -> Option<Click> {
    match click {
        Click::Act(action) => ui.act(action),
        Click::Arm(armed) => ui.arm(armed),
        Click::Zoom(card) => ui.zoom.set(Some(card)),
        other => return Some(other),
    }
    None
}

/// A panel over the galaxy (the combat, the mission) put aside for a look at the board: it
/// stays aside until the game moves on, then comes back by itself. One for the table (a
/// context): while the panel is aside, the way back is in the dock, so nothing covers the
/// galaxy.
#[derive(Clone, Copy)]
pub struct Peek(RwSignal<Option<usize>>);

impl Peek {
    pub fn new() -> Peek {
        Peek(RwSignal::new(None))
    }

    /// Whether the panel is aside in this position (the log's length marks the position).
    pub fn on(&self, view: &swr_engine::PlayerView) -> bool {
        self.0.get() == Some(view.log.len())
    }

    pub fn toggle(&self, ui: &Ui) {
        let now = ui.view.with_untracked(|v| v.as_ref().map(|v| v.log.len()));
        self.0.update(|p| *p = if *p == now { None } else { now });
    }
}

/// A panel's heading with the button that puts it aside or brings it back.
pub fn peek_html(title: &str, button: &str) -> String {
    format!(
        "<div class=\"panel-head\"><h2>{}</h2><button class=\"quiet small\" data-testid=\"peek\" \
         data-cmd=\"peek\">{}</button></div>",
        esc(title),
        esc(button)
    )
}
