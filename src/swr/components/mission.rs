//! The mission being carried out: whose, where, by whom, against whom, the dice each side
//! rolls and the owner's chance of success (the engine's arithmetic of the dice), over the
//! galaxy. Written as HTML text (see `html`).

use super::cards::card_html;
use super::html::{esc, handle_common, peek_html, read_click, Click, Peek};
use crate::swr::app::{Ui, Zoomed};
use crate::swr::words::{dice_text, place_name, side_name};
use leptos::prelude::*;
use std::fmt::Write;
use swr_engine::view::MissionView;
use swr_engine::{success_chance, MissionStep, Side};

fn mission_html(mission: &MissionView) -> String {
    let owner = mission.side;
    let names = |ls: &[Option<swr_engine::LeaderId>]| {
        ls.iter()
            .flatten()
            .map(|l| l.name())
            .collect::<Vec<_>>()
            .join(" and ")
    };
    let by = names(&mission.leaders);
    let own_dice = mission.dice[owner.index()];
    let their_dice = mission.dice[owner.other().index()];
    // Before the roll the chance is worth showing; afterwards the dice speak.
    let rolling = matches!(
        mission.step,
        MissionStep::Oppose | MissionStep::BeforeRoll | MissionStep::ChooseTarget
    );
    let mut out = format!(
        "<div class=\"mission-body\">{}<div class=\"mission-facts\"><p>",
        card_html(Zoomed::Mission(mission.mission))
    );
    if !by.is_empty() {
        let _ = write!(out, "By {}", esc(&by));
    }
    if let Some(p) = mission.place {
        let _ = write!(out, " at {}", esc(&place_name(p)));
    }
    if let Some(l) = mission.against {
        let _ = write!(out, ", against {}", l.name());
    }
    if let Some(l) = mission.opposed_by {
        let _ = write!(out, ", opposed by {}", l.name());
    }
    out.push_str(".</p><p data-testid=\"mission-odds\">");
    let _ = write!(out, "{own_dice} dice");
    if mission.bonus > 0 {
        let _ = write!(out, " + {} successes", mission.bonus);
    }
    let _ = write!(out, " against {their_dice}");
    if rolling {
        let chance = success_chance(own_dice, mission.bonus, their_dice);
        let _ = write!(
            out,
            ": {}% to succeed as things stand.",
            (chance * 100.0 + 0.5).floor() as u32
        );
    }
    out.push_str("</p>");
    for s in Side::BOTH {
        let rolled = &mission.rolled[s.index()];
        if !rolled.is_empty() {
            let _ = write!(
                out,
                "<p class=\"rolls\">The {} rolled {}.</p>",
                side_name(s),
                esc(&dice_text(rolled))
            );
        }
    }
    out.push_str("</div></div>");
    out
}

fn mission_title(mission: &MissionView, viewer: Side) -> String {
    if mission.side == viewer {
        "Your mission".to_string()
    } else {
        format!("The {}'s mission", side_name(mission.side))
    }
}

#[component]
pub fn MissionPanel() -> impl IntoView {
    let ui = expect_context::<Ui>();
    // The mission last shown: a newly revealed one turns over (an animation), once.
    let shown = StoredValue::new(None::<(swr_engine::Side, swr_engine::Mission)>);
    let peek = expect_context::<Peek>();
    let html = move || {
        ui.view.with(|v| {
            let v = v.as_ref()?;
            // The combat has the stage while one is fought.
            if v.combat.is_some() {
                return None;
            }
            let m = v.mission.as_ref()?;
            let title = mission_title(m, v.viewer);
            if peek.on(v) {
                return None;
            }
            let fresh = shown.get_value() != Some((m.side, m.mission));
            shown.set_value(Some((m.side, m.mission)));
            let html = peek_html(&title, "See the galaxy") + &mission_html(m);
            Some(if fresh {
                html.replacen("swr-card", "swr-card revealed", 1)
            } else {
                html
            })
        })
    };
    move || {
        html().map(|html| {
            view! {
                <section class="mission-panel" data-testid="mission" inner_html=html
                    on:click=move |e| {
                        match read_click(&ui, &e).and_then(|c| handle_common(&ui, c)) {
                            Some(Click::Command(c)) if c == "peek" => peek.toggle(&ui),
                            _ => {}
                        }
                    }></section>
            }
        })
    }
}
