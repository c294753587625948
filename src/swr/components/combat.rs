//! The combat in progress as a focused panel: both sides' units with their damage, the dice of
//! the attack being made, and the round and step. The decision beside it carries the choices.

use super::look::side_class;
use leptos::prelude::*;
use swr_engine::data::systems::SYSTEMS;
use swr_engine::data::units::{Health, Theater};
use swr_engine::log::{DieColor, Face};
use swr_engine::view::CombatView;
use swr_engine::Side;

fn face_text(face: Face) -> &'static str {
    match face {
        Face::Blank => "blank",
        Face::Hit => "hit",
        Face::DirectHit => "direct hit",
        Face::Special => "special",
    }
}

#[component]
pub fn CombatPanel(combat: CombatView) -> impl IntoView {
    let system = SYSTEMS[combat.system.index()].name;
    let side_column = |side: Side| {
        let units = combat
            .fighters
            .iter()
            .enumerate()
            .filter(|(_, f)| f.side() == side)
            .map(|(i, f)| {
                let health = match f.kind.info().health {
                    Health::Red(n) => format!("{n} (red)"),
                    Health::Black(n) => format!("{n} (black)"),
                    Health::None => "—".to_string(),
                };
                let pending = combat
                    .attack
                    .as_ref()
                    .map(|a| a.dice.iter().filter(|d| d.target == Some(i as u8)).count())
                    .unwrap_or(0);
                view! {
                    <li class="fighter" class:gone=f.gone class:doomed=f.doomed data-testid="fighter">
                        <span class="fighter-name">{f.kind.info().name}</span>
                        <span class="fighter-health">{format!("damage {} of {}", f.damage, health)}</span>
                        {(pending > 0).then(|| view! { <span class="pending">{format!(" +{pending} assigned")}</span> })}
                        {f.gone.then_some(" (gone)")}
                        {f.doomed.then_some(" (destroyed)")}
                    </li>
                }
            })
            .collect_view();
        let retreated = combat.retreated[side.index()].then_some(" (retreated)");
        view! {
            <div class=format!("combat-side {}", side_class(side))>
                <h3>{format!("{}{}", side.name(), if combat.attacker == side { ", attacking" } else { ", defending" })}{retreated}</h3>
                <ul>{units}</ul>
            </div>
        }
    };
    let fighters = &combat.fighters;
    let dice = combat.attack.as_ref().map(|a| {
        let dice = a
            .dice
            .iter()
            .enumerate()
            .map(|(i, d)| {
                let colour = match d.die.color {
                    DieColor::Red => "red",
                    DieColor::Black => "black",
                };
                view! {
                    <li class=format!("die {colour}") class:spent=d.spent data-testid="die">
                        {format!("{} {}", i + 1, face_text(d.die.face))}
                        {d.target.and_then(|t| fighters.get(t as usize)).map(|f| format!(" → {}", f.kind.info().name))}
                    </li>
                }
            })
            .collect_view();
        view! {
            <div class="attack">
                <h3>{format!("The {} attacks in {}", a.side.name(), if a.theater == Theater::Space { "space" } else { "the ground" })}</h3>
                <ol class="dice">{dice}</ol>
            </div>
        }
    });
    view! {
        <section class="combat" data-testid="combat" aria-label="Combat">
            <h2>{format!("Combat at {system}, round {}", combat.round)}</h2>
            <div class="combat-sides">
                {side_column(Side::Rebel)}
                {side_column(Side::Empire)}
            </div>
            {dice}
        </section>
    }
}
