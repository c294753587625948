//! The mission being carried out: whose, where, by whom, against whom, the dice each side
//! rolls and the owner's chance of success (the engine's arithmetic of the dice).

use super::cards::Card;
use crate::swr::app::Zoomed;
use crate::swr::words::{dice_text, place_name};
use leptos::prelude::*;
use swr_engine::view::MissionView;
use swr_engine::{success_chance, MissionStep, Side};

#[component]
pub fn MissionPanel(mission: MissionView, viewer: Side) -> impl IntoView {
    let owner = mission.side;
    let names = |ls: &[Option<swr_engine::LeaderId>]| {
        ls.iter()
            .flatten()
            .map(|l| l.name())
            .collect::<Vec<_>>()
            .join(" and ")
    };
    let by = names(&mission.leaders);
    let opposed = mission.opposed_by.map(|l| l.name().to_string());
    let own_dice = mission.dice[owner.index()];
    let their_dice = mission.dice[owner.other().index()];
    // Before the roll the chance is worth showing; afterwards the dice speak.
    let rolling = matches!(
        mission.step,
        MissionStep::Oppose | MissionStep::BeforeRoll | MissionStep::ChooseTarget
    );
    let chance = success_chance(own_dice, mission.bonus, their_dice);
    let whose = if owner == viewer {
        "Your".to_string()
    } else {
        format!("The {}'s", owner.name())
    };
    let rolls = Side::BOTH
        .into_iter()
        .filter(|s| !mission.rolled[s.index()].is_empty())
        .map(|s| view! { <li>{format!("{} rolled {}", s.name(), dice_text(&mission.rolled[s.index()]))}</li> })
        .collect_view();
    view! {
        <section class="mission-panel" data-testid="mission">
            <h2>{format!("{whose} mission")}</h2>
            <Card card=Zoomed::Mission(mission.mission) />
            <p>
                {if by.is_empty() { String::new() } else { format!("By {by}") }}
                {mission.place.map(|p| format!(" at {}", place_name(p)))}
                {mission.against.map(|l| format!(", against {}", l.name()))}
                {opposed.map(|o| format!(", opposed by {o}"))}
                "."
            </p>
            <p data-testid="mission-odds">
                {format!(
                    "{} dice{} against {}",
                    own_dice,
                    if mission.bonus > 0 { format!(" + {} successes", mission.bonus) } else { String::new() },
                    their_dice
                )}
                {rolling.then(|| format!(": {:.0}% to succeed as things stand.", chance * 100.0))}
            </p>
            <ul class="rolls">{rolls}</ul>
        </section>
    }
}
