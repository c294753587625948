//! Each side's sheet: leaders (drawn, with their skills as icons), build queue, supply and
//! cards. The viewer's own sheet shows its hands; the opponent's shows counts and what lies
//! face up, since that is all the view holds. Written as HTML text (see `html`).

use super::cards::card_html;
use super::html::{esc, leader_portrait, role_class, role_suffix, skills};
use super::look::{ruled_out, side_class};
use crate::swr::app::Zoomed;
use crate::swr::words::{capitalize, number_of, place_name, ring_name, side_name, unit_name};
use std::fmt::Write;
use swr_engine::data::systems::SYSTEMS;
use swr_engine::view::{BaseView, LeaderSpot};
use swr_engine::{PlayerView, Side, UnitKind};

fn leaders_html(view: &PlayerView, side: Side) -> String {
    let mut out = String::from("<ul class=\"leaders\">");
    for l in view
        .leaders
        .iter()
        .filter(|l| l.controller == side && l.spot != LeaderSpot::Unrecruited)
    {
        let where_ = match l.spot {
            LeaderSpot::Pool => "in the pool".to_string(),
            LeaderSpot::OnMission(_) => "on a mission".to_string(),
            LeaderSpot::Revealing => "on a revealed mission".to_string(),
            LeaderSpot::Board(p) => format!("at {}", place_name(p)),
            LeaderSpot::Eliminated => "eliminated".to_string(),
            LeaderSpot::Unrecruited => String::new(),
        };
        let ring = l
            .ring
            .map(|r| format!(" · {}", ring_name(r)))
            .unwrap_or_default();
        let name = if l.jedi {
            format!("{} (Jedi){}", l.leader.name(), role_suffix(view, l.leader))
        } else {
            format!("{}{}", l.leader.name(), role_suffix(view, l.leader))
        };
        let _ = write!(
            out,
            "<li class=\"leader{}{}\">{}<span class=\"leader-name\">{}</span>{}\
             <span class=\"where\">{}{}</span></li>",
            if l.spot == LeaderSpot::Pool {
                " available"
            } else {
                ""
            },
            role_class(view, l.leader),
            leader_portrait(l.leader),
            esc(&name),
            skills(l.leader, l.jedi),
            esc(&where_),
            esc(&ring)
        );
    }
    out.push_str("</ul>");
    out
}

fn units_line(counts: &[u8], side: Side) -> String {
    let parts: Vec<String> = UnitKind::ALL
        .iter()
        .filter(|k| k.side() == side && counts[k.index()] > 0)
        .map(|k| unit_name(*k, counts[k.index()]))
        .collect();
    if parts.is_empty() {
        "none".to_string()
    } else {
        parts.join(", ")
    }
}

fn queue_html(view: &PlayerView, side: Side) -> String {
    let q = view.queues[side.index()];
    let mut out = String::from("<ul class=\"queue\">");
    for (i, row) in q.iter().enumerate() {
        let _ = write!(
            out,
            "<li>Space {}: {}</li>",
            i + 1,
            esc(&units_line(row, side))
        );
    }
    out.push_str("</ul>");
    out
}

fn cards_html(cards: impl Iterator<Item = Zoomed>) -> String {
    let mut out = String::from("<div class=\"hand\">");
    let mut any = false;
    for c in cards {
        out.push_str(&card_html(c));
        any = true;
    }
    if !any {
        out.push_str("<span class=\"muted\">none</span>");
    }
    out.push_str("</div>");
    out
}

pub fn own_sheet_html(view: &PlayerView) -> String {
    let me = view.viewer;
    let own = &view.own;
    let mut out = format!(
        "<section class=\"sheet own {}\" data-testid=\"own-sheet\"><h2>You: the {}</h2>\
         <h3>Leaders</h3>{}<h3>Missions in hand</h3>{}",
        side_class(me),
        side_name(me),
        leaders_html(view, me),
        cards_html(own.missions.iter().map(|m| Zoomed::Mission(*m)))
    );
    if !own.assigned.is_empty() {
        out.push_str("<h3>Assigned missions</h3><ul class=\"assigned\">");
        for (m, leaders) in &own.assigned {
            let who: Vec<&str> = leaders.iter().flatten().map(|l| l.name()).collect();
            let _ = write!(
                out,
                "<li>{} {}</li>",
                card_html(Zoomed::Mission(*m)),
                esc(&who.join(" and "))
            );
        }
        out.push_str("</ul>");
    }
    let _ = write!(
        out,
        "<h3>Action cards</h3>{}<h3>Tactic cards</h3>{}",
        cards_html(own.actions.iter().map(|a| Zoomed::Action(*a))),
        cards_html(
            own.tactics[0]
                .iter()
                .chain(own.tactics[1].iter())
                .map(|t| Zoomed::Tactic(*t))
        )
    );
    if !own.discarded.is_empty() {
        let _ = write!(
            out,
            "<h3>Discarded face down</h3>{}",
            cards_html(own.discarded.iter().map(|m| Zoomed::Mission(*m)))
        );
    }
    match me {
        Side::Rebel => {
            let base = match view.base {
                BaseView::Secret(s) => {
                    format!("Your base is hidden at {}.", SYSTEMS[s.index()].name)
                }
                BaseView::Revealed(s) => {
                    format!("Your base at {} has been found.", SYSTEMS[s.index()].name)
                }
                _ => "Your base is not placed yet.".to_string(),
            };
            let _ = write!(
                out,
                "<h3>Base</h3><p data-testid=\"own-base\">{}</p><h3>Objectives</h3>\
                 <div data-testid=\"own-objectives\">{}</div>",
                esc(&base),
                cards_html(own.objectives.iter().map(|o| Zoomed::Objective(*o)))
            );
        }
        Side::Empire => {
            let probes: Vec<&str> = own.probes.iter().map(|s| SYSTEMS[s.index()].name).collect();
            let out_of = ruled_out(view);
            let candidates: Vec<&str> = (0..out_of.len())
                .filter(|&i| !out_of[i])
                .map(|i| SYSTEMS[i].name)
                .collect();
            let _ = write!(
                out,
                "<h3>Probe cards</h3><p data-testid=\"own-probes\">{}</p>",
                esc(&if probes.is_empty() {
                    "none".to_string()
                } else {
                    probes.join(", ")
                })
            );
            if matches!(view.base, BaseView::Hidden) {
                let _ = write!(
                    out,
                    "<p class=\"muted\" data-testid=\"base-candidates\">The base may still be at: {}.</p>",
                    esc(&candidates.join(", "))
                );
            }
            let _ = write!(
                out,
                "<p class=\"muted\">Project deck: {}.</p>",
                number_of(view.project_deck, "card")
            );
        }
    }
    let _ = write!(
        out,
        "<h3>Build queue</h3>{}<h3>Supply</h3><p class=\"supply\">{}</p></section>",
        queue_html(view, me),
        esc(&units_line(&view.supply, me))
    );
    out
}

pub fn opponent_sheet_html(view: &PlayerView) -> String {
    let them = view.viewer.other();
    let o = &view.opponent;
    let mut out = format!(
        "<section class=\"sheet opponent {}\" data-testid=\"opponent-sheet\"><h2>The {}</h2>\
         <h3>Leaders</h3>{}<p>{} and {} in hand; {} and {}.</p>",
        side_class(them),
        side_name(them),
        leaders_html(view, them),
        number_of(o.missions, "mission"),
        number_of(o.actions, "action card"),
        number_of(o.tactics[0], "space tactic card"),
        number_of(o.tactics[1], "ground tactic card")
    );
    if o.discarded > 0 {
        let _ = write!(
            out,
            "<p class=\"muted\">{} discarded face down for the hand limit.</p>",
            capitalize(&number_of(o.discarded, "card"))
        );
    }
    out.push_str("<ul class=\"assigned\">");
    for leaders in &o.assigned {
        let who: Vec<&str> = leaders.iter().flatten().map(|l| l.name()).collect();
        let _ = write!(
            out,
            "<li>A face-down mission with {}</li>",
            esc(&who.join(" and "))
        );
    }
    out.push_str("</ul>");
    let secret = match them {
        Side::Rebel => format!(
            "{}.",
            capitalize(&number_of(o.objectives, "objective card"))
        ),
        Side::Empire => format!(
            "{}; {} in the probe deck.",
            capitalize(&number_of(o.probes, "probe card")),
            view.probe_deck
        ),
    };
    let _ = write!(
        out,
        "<p>{}</p><h3>Build queue</h3>{}<h3>Supply</h3><p class=\"supply\">{}</p></section>",
        esc(&secret),
        queue_html(view, them),
        esc(&units_line(&view.supply, them))
    );
    out
}
