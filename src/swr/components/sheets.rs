//! Each side's sheet: leaders, build queue, supply and cards. The viewer's own sheet shows its
//! hands; the opponent's shows counts and what lies face up, since that is all the view holds.

use super::cards::Card;
use super::look::{ruled_out, side_class};
use crate::swr::app::Zoomed;
use leptos::prelude::*;
use swr_engine::data::leaders::LeaderId;
use swr_engine::data::systems::SYSTEMS;
use swr_engine::view::{BaseView, LeaderSpot};
use swr_engine::{PlayerView, Side, UnitKind};

fn leader_line(view: &PlayerView, side: Side) -> impl IntoView {
    let rows = view
        .leaders
        .iter()
        .filter(|l| l.controller == side && l.spot != LeaderSpot::Unrecruited)
        .map(|l| {
            let values = l.leader.values(l.jedi);
            let skills = values.skills;
            let tactics = values
                .tactics
                .map(|(space, ground)| format!(" · tactics {space}/{ground}"))
                .unwrap_or_default();
            let where_ = match l.spot {
                LeaderSpot::Pool => "in the pool".to_string(),
                LeaderSpot::OnMission(_) => "on a mission".to_string(),
                LeaderSpot::Revealing => "on a revealed mission".to_string(),
                LeaderSpot::Board(p) => format!("at {}", crate::swr::words::place_name(p)),
                LeaderSpot::Eliminated => "eliminated".to_string(),
                LeaderSpot::Unrecruited => String::new(),
            };
            let ring = l.ring.map(|r| format!(" · {r:?}")).unwrap_or_default();
            view! {
                <li class="leader" class:available=l.spot == LeaderSpot::Pool>
                    <span class="leader-name">{name_of(l.leader, l.jedi)}</span>
                    <span class="skills" title="Diplomacy, Intel, Special Ops, Logistics">
                        {format!("D{} I{} S{} L{}", skills[0], skills[1], skills[2], skills[3])}
                        {tactics}
                    </span>
                    <span class="where">{where_}{ring}</span>
                </li>
            }
        })
        .collect_view();
    view! { <ul class="leaders">{rows}</ul> }
}

fn name_of(leader: LeaderId, jedi: bool) -> String {
    if jedi {
        format!("{} (Jedi)", leader.name())
    } else {
        leader.name().to_string()
    }
}

fn units_line(counts: &[u8], side: Side) -> String {
    let parts: Vec<String> = UnitKind::ALL
        .iter()
        .filter(|k| k.side() == side && counts[k.index()] > 0)
        .map(|k| format!("{} {}", counts[k.index()], k.info().name))
        .collect();
    if parts.is_empty() {
        "none".to_string()
    } else {
        parts.join(", ")
    }
}

fn queue(view: &PlayerView, side: Side) -> impl IntoView {
    let q = view.queues[side.index()];
    (0..3)
        .map(|i| {
            view! { <li>{format!("Space {}: {}", i + 1, units_line(&q[i], side))}</li> }
        })
        .collect_view()
}

#[component]
pub fn OwnSheet(view: PlayerView) -> impl IntoView {
    let me = view.viewer;
    let own = &view.own;
    let missions = own
        .missions
        .iter()
        .map(|&m| view! { <Card card=Zoomed::Mission(m) /> })
        .collect_view();
    let assigned = own
        .assigned
        .iter()
        .map(|(m, leaders)| {
            let who: Vec<&str> = leaders.iter().flatten().map(|l| l.name()).collect();
            view! { <li><Card card=Zoomed::Mission(*m) />" "{who.join(" and ")}</li> }
        })
        .collect_view();
    let actions = own
        .actions
        .iter()
        .map(|&a| view! { <Card card=Zoomed::Action(a) /> })
        .collect_view();
    let tactics = own.tactics[0]
        .iter()
        .chain(own.tactics[1].iter())
        .map(|&t| view! { <Card card=Zoomed::Tactic(t) /> })
        .collect_view();
    let secret = match me {
        Side::Rebel => {
            let objectives = own
                .objectives
                .iter()
                .map(|&o| view! { <Card card=Zoomed::Objective(o) /> })
                .collect_view();
            let base = match view.base {
                BaseView::Secret(s) => {
                    format!("Your base is hidden at {}.", SYSTEMS[s.index()].name)
                }
                BaseView::Revealed(s) => {
                    format!("Your base at {} has been found.", SYSTEMS[s.index()].name)
                }
                _ => "Your base is not placed yet.".to_string(),
            };
            view! {
                <h3>"Base"</h3>
                <p data-testid="own-base">{base}</p>
                <h3>"Objectives"</h3>
                <div class="hand" data-testid="own-objectives">{objectives}</div>
            }
            .into_any()
        }
        Side::Empire => {
            let probes: Vec<&str> = own.probes.iter().map(|s| SYSTEMS[s.index()].name).collect();
            let out = ruled_out(&view);
            let candidates: Vec<&str> = (0..out.len())
                .filter(|&i| !out[i])
                .map(|i| SYSTEMS[i].name)
                .collect();
            let search = if matches!(view.base, BaseView::Hidden) {
                format!("The base may still be at: {}.", candidates.join(", "))
            } else {
                String::new()
            };
            view! {
                <h3>"Probe cards"</h3>
                <p data-testid="own-probes">{if probes.is_empty() { "none".to_string() } else { probes.join(", ") }}</p>
                <p class="muted" data-testid="base-candidates">{search}</p>
                <p class="muted">{format!("Project deck: {} cards.", view.project_deck)}</p>
            }
            .into_any()
        }
    };
    view! {
        <section class=format!("sheet own {}", side_class(me)) data-testid="own-sheet">
            <h2>{format!("You: the {}", me.name())}</h2>
            <h3>"Leaders"</h3>
            {leader_line(&view, me)}
            <h3>"Missions in hand"</h3>
            <div class="hand" data-testid="own-missions">{missions}</div>
            <Show when={let empty = own.assigned.is_empty(); move || !empty}>
                <h3>"Assigned missions"</h3>
            </Show>
            <ul class="assigned">{assigned}</ul>
            <h3>"Action cards"</h3>
            <div class="hand">{actions}</div>
            <h3>"Tactic cards"</h3>
            <div class="hand">{tactics}</div>
            {secret}
            <h3>"Build queue"</h3>
            <ul class="queue">{queue(&view, me)}</ul>
            <h3>"Supply"</h3>
            <p class="supply">{units_line(&view.supply, me)}</p>
        </section>
    }
}

#[component]
pub fn OpponentSheet(view: PlayerView) -> impl IntoView {
    let them = view.viewer.other();
    let o = &view.opponent;
    let assigned = o
        .assigned
        .iter()
        .map(|leaders| {
            let who: Vec<&str> = leaders.iter().flatten().map(|l| l.name()).collect();
            view! { <li>{format!("A face-down mission with {}", who.join(" and "))}</li> }
        })
        .collect_view();
    let secret = match them {
        Side::Rebel => format!("{} objective cards.", o.objectives),
        Side::Empire => format!(
            "{} probe cards; {} in the probe deck.",
            o.probes, view.probe_deck
        ),
    };
    view! {
        <section class=format!("sheet opponent {}", side_class(them)) data-testid="opponent-sheet">
            <h2>{format!("The {}", them.name())}</h2>
            <h3>"Leaders"</h3>
            {leader_line(&view, them)}
            <p>{format!("{} missions and {} action cards in hand; {} space and {} ground tactic cards.",
                o.missions, o.actions, o.tactics[0], o.tactics[1])}</p>
            <ul class="assigned">{assigned}</ul>
            <p>{secret}</p>
            <h3>"Build queue"</h3>
            <ul class="queue">{queue(&view, them)}</ul>
            <h3>"Supply"</h3>
            <p class="supply">{units_line(&view.supply, them)}</p>
        </section>
    }
}
