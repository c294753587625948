//! The combat in progress, over the galaxy: both forces, each unit drawn with its damage and
//! health; the dice of the attack being made, drawn as dice with their faces; the tactic cards
//! played in this combat. A unit that the decision can hit (or block for, or bombard with) is
//! touched here. Written as HTML text (see `html`).

use super::html::{esc, handle_common, peek_html, read_click, unit_icon, Click, Peek};
use super::look::side_class;
use crate::swr::app::Ui;
use crate::swr::targets::action_place;
use crate::swr::words::{side_name, tactic_label, theater_name, unit_name};
use leptos::prelude::*;
use std::fmt::Write;
use swr_engine::data::systems::SYSTEMS;
use swr_engine::data::units::Health;
use swr_engine::log::{DieColor, Face};
use swr_engine::view::CombatView;
use swr_engine::{Action, LogEvent, Place, PlayerView, Side};

/// A die as a drawing: its colour and its face (a hit is a burst, a direct hit a burst in a
/// ring, a special a star, a blank nothing).
fn die_html(color: DieColor, face: Face, spent: bool) -> String {
    let colour = match color {
        DieColor::Red => "red",
        DieColor::Black => "black",
    };
    let (mark, title) = match face {
        Face::Hit => ("M12 5l2 5 5 2-5 2-2 5-2-5-5-2 5-2z", "hit"),
        Face::DirectHit => (
            "M12 5l2 5 5 2-5 2-2 5-2-5-5-2 5-2zM12 2.5a9.5 9.5 0 1 0 .1 0zm0 1.6a7.9 7.9 0 1 1-.1 0z",
            "direct hit",
        ),
        Face::Special => (
            "M12 4l2.4 5 5.6.6-4.2 3.8 1.2 5.6-5-2.9-5 2.9 1.2-5.6L4 9.6l5.6-.6z",
            "special",
        ),
        Face::Blank => ("", "blank"),
    };
    format!(
        "<svg class=\"die {colour}{}\" viewBox=\"0 0 24 24\" role=\"img\" aria-label=\"{colour} die: {title}\">\
         <rect x=\"1\" y=\"1\" width=\"22\" height=\"22\" rx=\"5\"/><path d=\"{mark}\"/></svg>",
        if spent { " spent" } else { "" }
    )
}

/// Units of one side that look and play alike (same kind, damage, damage coming and state, and
/// the same decision on them), shown once with their number: a big battle stays whole on a
/// phone. The first unit's index stands for the group (any of them takes a hit alike).
struct Group {
    first: usize,
    count: usize,
}

fn fighter_groups(combat: &CombatView, view: &PlayerView, side: Side) -> Vec<Group> {
    let key = |i: usize| {
        let f = &combat.fighters[i];
        let pending = combat.attack.as_ref().map_or(0, |a| a.assigned(i as u8));
        (
            f.kind,
            f.damage,
            pending,
            f.gone,
            f.doomed,
            hit_action(view, i).is_some(),
        )
    };
    let mut groups: Vec<Group> = Vec::new();
    for (i, f) in combat.fighters.iter().enumerate() {
        if f.side() != side {
            continue;
        }
        match groups.iter_mut().find(|g| key(g.first) == key(i)) {
            Some(g) => g.count += 1,
            None => groups.push(Group { first: i, count: 1 }),
        }
    }
    groups
}

/// Damage, a block or a bombardment that lands on this unit, with its index among the legal
/// actions.
fn hit_action(view: &PlayerView, unit: usize) -> Option<(usize, &Action)> {
    view.legal
        .iter()
        .enumerate()
        .find(|(_, a)| matches!(a, Action::Damage { target, .. } if *target == unit as u8))
}

/// One group of units: the drawing, the health as pips (damage dark, damage coming lit) and
/// the number, touched when the decision can hit it.
fn group_html(combat: &CombatView, view: &PlayerView, group: &Group) -> String {
    let i = group.first;
    let f = &combat.fighters[i];
    let (health, colour) = match f.kind.info().health {
        Health::Red(n) => (n, "red"),
        Health::Black(n) => (n, "black"),
        Health::None => (0, "none"),
    };
    let pending = combat.attack.as_ref().map_or(0, |a| a.assigned(i as u8));
    let mut pips = String::new();
    for p in 0..health.max(1) {
        pips.push_str(if p < f.damage {
            "<span class=\"pip damaged\"></span>"
        } else if p < f.damage + pending {
            "<span class=\"pip pending\"></span>"
        } else {
            "<span class=\"pip\"></span>"
        });
    }
    let name = if group.count > 1 {
        unit_name(f.kind, group.count as u8)
    } else {
        f.kind.info().name.to_string()
    };
    let label = format!(
        "{name}: {} damage of {}{}{}{}",
        f.damage,
        if health == 0 {
            "no health".to_string()
        } else {
            format!("{health} {colour}")
        },
        if pending > 0 {
            format!(", {pending} more coming")
        } else {
            String::new()
        },
        if f.doomed { ", destroyed" } else { "" },
        if f.gone { ", out of the combat" } else { "" },
    );
    let count = if group.count > 1 {
        format!("<span class=\"fighter-count\">×{}</span>", group.count)
    } else {
        String::new()
    };
    let hit = hit_action(view, i);
    let classes = format!(
        "fighter health-{colour}{}{}{}",
        if f.gone { " gone" } else { "" },
        if f.doomed { " doomed" } else { "" },
        if hit.is_some() { " target" } else { "" }
    );
    let inner = format!(
        "{}<span class=\"pips\">{pips}</span>{count}",
        unit_icon(f.kind)
    );
    let button = match hit {
        Some((index, action)) => format!(
            "<button class=\"fighter-button\" data-act=\"{index}\" data-action=\"{}\" \
             aria-label=\"{}\" title=\"{}\">{inner}</button>",
            esc(&format!("{action:?}")),
            esc(&label),
            esc(&label),
        ),
        None => format!(
            "<span class=\"fighter-button\" role=\"img\" aria-label=\"{}\" title=\"{}\">{inner}</span>",
            esc(&label),
            esc(&label),
        ),
    };
    format!(
        "<li class=\"{classes}\" data-testid=\"fighter\" data-count=\"{}\">{button}</li>",
        group.count
    )
}

/// The combat as HTML; the dice roll (an animation) only when `rolled` says they were just
/// thrown, not each time the panel is redrawn.
fn combat_html(combat: &CombatView, view: &PlayerView, rolled: bool) -> String {
    let mut out = String::from("<div class=\"combat-sides\">");
    for side in [Side::Rebel, Side::Empire] {
        let role = if combat.attacker == side {
            "attacking"
        } else {
            "defending"
        };
        let retreated = if combat.retreated[side.index()] {
            ", retreated"
        } else {
            ""
        };
        let _ = write!(
            out,
            "<div class=\"combat-side {}\"><h3>The {} ({role}{retreated})</h3><ul class=\"fighters\">",
            side_class(side),
            side_name(side)
        );
        for group in fighter_groups(combat, view, side) {
            out.push_str(&group_html(combat, view, &group));
        }
        out.push_str("</ul></div>");
    }
    out.push_str("</div>");
    if let Some(a) = &combat.attack {
        let _ = write!(
            out,
            "<div class=\"attack\"><h3>The {} attacks in {}</h3><ol class=\"dice{}\">",
            side_name(a.side),
            theater_name(a.theater),
            if rolled { " rolling" } else { "" }
        );
        for (i, d) in a.dice.iter().enumerate() {
            let target = d
                .target
                .and_then(|t| combat.fighters.get(t as usize))
                .map(|f| format!("<span class=\"die-target\">→ {}</span>", f.kind.info().name))
                .unwrap_or_default();
            let face = die_html(d.die.color, d.die.face, d.spent);
            // A die that may be spent now (to draw a tactic card) is touched to spend it.
            let spend = view.legal.iter().position(|x| *x == Action::Die(i as u8));
            match spend {
                Some(index) => {
                    let _ = write!(
                        out,
                        "<li class=\"target\" data-testid=\"die\"><button class=\"die-button\" \
                         data-act=\"{index}\" data-action=\"{}\" title=\"Spend this die\">{face}\
                         </button>{target}</li>",
                        esc(&format!("{:?}", Action::Die(i as u8)))
                    );
                }
                None => {
                    let _ = write!(out, "<li data-testid=\"die\">{face}{target}</li>");
                }
            }
        }
        out.push_str("</ol></div>");
    }
    // The tactic cards played since this combat began (the log says).
    let start = view
        .log
        .iter()
        .rposition(|e| matches!(e, LogEvent::CombatStarted { .. }))
        .unwrap_or(view.log.len());
    let played: Vec<String> = view.log[start..]
        .iter()
        .filter_map(|e| match e {
            LogEvent::TacticPlayed { side, tactic } => {
                Some(format!("{}: {}", side_name(*side), tactic_label(*tactic)))
            }
            _ => None,
        })
        .collect();
    if !played.is_empty() {
        let _ = write!(
            out,
            "<p class=\"tactics-played\">Tactic cards played: {}.</p>",
            esc(&played.join("; "))
        );
    }
    out
}

/// Whether the combat panel is put aside: by default when the decision is made on another
/// system of the galaxy (where to retreat), which the panel would cover; "See the galaxy" or
/// "Back to the combat" turns that over for this position.
pub fn aside(peek: &Peek, v: &PlayerView) -> bool {
    let elsewhere = v.combat.as_ref().is_some_and(|c| {
        v.legal
            .iter()
            .filter_map(action_place)
            .any(|p| p != Place::System(c.system))
    });
    peek.on(v) != elsewhere
}

pub fn combat_title(combat: &CombatView) -> String {
    let system = SYSTEMS[combat.system.index()].name;
    format!("Combat at {system}, round {}", combat.round)
}

#[component]
pub fn CombatPanel() -> impl IntoView {
    let ui = expect_context::<Ui>();
    // Where in the log the last throw (or rethrow) of dice is, to roll them once.
    let last_throw = StoredValue::new(None::<usize>);
    let peek = expect_context::<Peek>();
    let html = move || {
        ui.view.with(|v| {
            let v = v.as_ref()?;
            let combat = v.combat.as_ref()?;
            if aside(&peek, v) {
                return None;
            }
            let title = combat_title(combat);
            let throw = v.log.iter().rposition(|e| {
                matches!(
                    e,
                    LogEvent::AttackRolled { .. } | LogEvent::DiceRerolled { .. }
                )
            });
            let rolled = throw.is_some() && throw != last_throw.get_value();
            last_throw.set_value(throw);
            Some(peek_html(&title, "See the galaxy") + &combat_html(combat, v, rolled))
        })
    };
    move || {
        html().map(|html| {
            view! {
                <section class="combat"
                    data-testid="combat" aria-label="Combat" inner_html=html
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
