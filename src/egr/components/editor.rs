//! The editor of the board's numbers (see [`crate::egr::numbers`]): every number the
//! rulebook leaves out, and the rulings where its text reads two ways. The engine checks them
//! ([`egr_engine::GameOptions::check`]); numbers that make no game are not kept, and each
//! problem is said in words.

use super::ui;
use crate::egr::numbers::DeviceNumbers;
use crate::egr::words::{good_name, mission_name, planet_name};
use egr_engine::data::numbers::{GOOD_TILES, MAX_POWER, MAX_SLOTS};
use egr_engine::{BoardNumbers, Good, Mission, Planet, Rulings};
use leptos::prelude::*;

/// A number field bound to one number of the draft, from 0 to `max`; `label` is shown beside
/// it and named in a refusal.
fn number_field(
    label: String,
    testid: String,
    max: u8,
    draft: RwSignal<DeviceNumbers>,
    message: RwSignal<Option<(bool, String)>>,
    get: impl Fn(&BoardNumbers) -> u8 + Copy + Send + Sync + 'static,
    set: impl Fn(&mut BoardNumbers, u8) + Copy + Send + Sync + 'static,
) -> impl IntoView {
    view! {
        <label class="number-field">
            <span>{label.clone()}</span>
            <input type="number" min="0" max=max inputmode="numeric" data-testid=testid
                prop:value=move || draft.with(|d| get(&d.numbers)).to_string()
                on:change=move |e| {
                    // What is not a whole number from 0 to `max` is refused and shown as it was.
                    match event_target_value(&e).trim().parse::<u8>().ok().filter(|v| *v <= max) {
                        Some(value) => draft.update(|d| set(&mut d.numbers, value)),
                        None => {
                            message.set(Some((false, format!(
                                "{}: a whole number from 0 to {max}, please.",
                                label.trim_end_matches(':')
                            ))));
                            draft.update(|_| {});
                        }
                    }
                } />
        </label>
    }
}

/// The rulings' names, in the order of [`Rulings`]' fields, each with its switch.
type Switch = (fn(&Rulings) -> bool, fn(&mut Rulings, bool));

const RULINGS: [(&str, Switch); 8] = [
    (
        "An Imperial Fleet also bars pieces placed by cards and technologies",
        (|r| r.fleets_bar_cards, |r, v| r.fleets_bar_cards = v),
    ),
    (
        "\"Any 3 trade goods\" means three different goods",
        (|r| r.any_three_distinct, |r, v| r.any_three_distinct = v),
    ),
    (
        "Every Covert Mission costs at least 1 point",
        (
            |r| r.mission_costs_at_least_one,
            |r, v| r.mission_costs_at_least_one = v,
        ),
    ),
    (
        "Free workers of technologies are placed after everyone else",
        (|r| r.free_workers_last, |r, v| r.free_workers_last = v),
    ),
    (
        "Controlling a planet needs more than half of its workers",
        (|r| r.control_needs_half, |r, v| r.control_needs_half = v),
    ),
    (
        "Imperial Spies may take points from several factions",
        (
            |r| r.spies_several_factions,
            |r, v| r.spies_several_factions = v,
        ),
    ),
    (
        "Democracy counts every faction's workers",
        (
            |r| r.democracy_counts_everyone,
            |r, v| r.democracy_counts_everyone = v,
        ),
    ),
    (
        "Planetary Bombardment moves a ship (not onto a planet with one)",
        (
            |r| r.bombardment_moves_a_ship,
            |r, v| r.bombardment_moves_a_ship = v,
        ),
    ),
];

#[component]
pub fn NumbersEditor() -> impl IntoView {
    let ui = ui();
    let draft = RwSignal::new(ui.numbers.get_untracked());
    let message = RwSignal::new(None::<(bool, String)>);
    let tiles = (0..10)
        .map(|i| {
            view! {
                <li class="tile-fields">
                    {number_field(format!("Tile {} higher", i + 1), format!("power-{i}-higher"), MAX_POWER, draft, message,
                        move |n| n.power[i].higher, move |n, v| n.power[i].higher = v)}
                    {number_field(format!("Tile {} lower", i + 1), format!("power-{i}-lower"), MAX_POWER, draft, message,
                        move |n| n.power[i].lower, move |n, v| n.power[i].lower = v)}
                </li>
            }
        })
        .collect_view();
    let goods = Good::ALL
        .into_iter()
        .map(|g| {
            number_field(
                good_name(g).into(),
                format!("goods-{}", g.index()),
                GOOD_TILES,
                draft,
                message,
                move |n| n.goods[g.index()],
                move |n, v| n.goods[g.index()] = v,
            )
        })
        .collect_view();
    let twentieth = Mission::LISTED_ONCE
        .into_iter()
        .map(|m| {
            let name = mission_name(m, &BoardNumbers::provisional());
            view! {
                <option value=format!("{m:?}")
                    selected=move || draft.with(|d| d.numbers.twentieth_mission == m)>{name}</option>
            }
        })
        .collect_view();
    let rulings = RULINGS
        .into_iter()
        .enumerate()
        .map(|(i, (label, (get, set)))| {
            view! {
                <label class="ruling">
                    <input type="checkbox" data-testid=format!("ruling-{i}")
                        prop:checked=move || draft.with(|d| get(&d.rulings))
                        on:change=move |e| {
                            let on = event_target_checked(&e);
                            draft.update(|d| set(&mut d.rulings, on));
                        } />
                    <span>{label}</span>
                </label>
            }
        })
        .collect_view();
    let keep = move |_| {
        let d = draft.get_untracked();
        match d.options(2).check() {
            Ok(()) => {
                ui.numbers.set(d);
                message.set(Some(match d.save() {
                    Ok(()) => (
                        true,
                        "Kept: new games on this device use these numbers.".into(),
                    ),
                    Err(e) => (false, format!("Used for now, but not kept: {e}.")),
                }));
            }
            Err(e) => message.set(Some((false, format!("Not kept: {e}.")))),
        }
    };
    let reset = move |_| {
        draft.set(DeviceNumbers::default());
        ui.numbers.set(DeviceNumbers::default());
        let _ = DeviceNumbers::default().save();
        message.set(Some((true, "Back to the provisional numbers.".into())));
    };
    view! {
        <details class="numbers-editor" data-testid="numbers-editor">
            <summary>"Enter the printed numbers"</summary>
            <fieldset>
                <legend>"Power tiles (Victory Points for the most and the second most workers)"</legend>
                <ul class="tiles">{tiles}</ul>
            </fieldset>
            <fieldset class="slot-fields">
                <legend>"Slots in the boxes"</legend>
                {number_field("Initiative".into(), "slots-initiative".into(), MAX_SLOTS as u8, draft, message,
                    |n| n.initiative_slots, |n, v| n.initiative_slots = v)}
                {number_field("Trade Goods".into(), "slots-trade".into(), MAX_SLOTS as u8, draft, message,
                    |n| n.trade_slots, |n, v| n.trade_slots = v)}
                {number_field("Research".into(), "slots-research".into(), MAX_SLOTS as u8, draft, message,
                    |n| n.research_slots, |n, v| n.research_slots = v)}
                {number_field("Warfare".into(), "slots-warfare".into(), MAX_SLOTS as u8, draft, message,
                    |n| n.warfare_slots, |n, v| n.warfare_slots = v)}
            </fieldset>
            <fieldset class="goods-fields">
                <legend>"Trade good tiles of each kind (32 in all)"</legend>
                {goods}
            </fieldset>
            <fieldset>
                <legend>"Covert Missions"</legend>
                <label class="number-field">
                    <span>"The 20th card is a second"</span>
                    <select data-testid="twentieth" on:change=move |e| {
                        let value = event_target_value(&e);
                        if let Some(m) = Mission::LISTED_ONCE.into_iter().find(|m| format!("{m:?}") == value) {
                            draft.update(|d| d.numbers.twentieth_mission = m);
                        }
                    }>{twentieth}</select>
                </label>
                <label class="number-field">
                    <span>"Rescue Imperial Prisoner gives a Specialist of choice at"</span>
                    <select data-testid="rescue" on:change=move |e| {
                        let at = if event_target_value(&e) == "Edara" { Planet::Edara } else { Planet::Vollux };
                        draft.update(|d| d.numbers.rescue_choice_at = at);
                    }>
                        {[Planet::Vollux, Planet::Edara].map(|p| view! {
                            <option value=planet_name(p)
                                selected=move || draft.with(|d| d.numbers.rescue_choice_at == p)>{planet_name(p)}</option>
                        })}
                    </select>
                </label>
            </fieldset>
            <fieldset class="rulings">
                <legend>"Rulings where the rules read two ways (off: the reading the Rules give first)"</legend>
                {rulings}
            </fieldset>
            <p class="buttons">
                <button class="primary" data-testid="keep-numbers" on:click=keep>"Keep these numbers"</button>
                <button class="quiet" data-testid="reset-numbers" on:click=reset>"Back to the provisional ones"</button>
            </p>
            {move || message.get().map(|(ok, m)| view! {
                <p class="banner" class:error=!ok role="status" data-testid="numbers-message">{m}</p>
            })}
        </details>
    }
}
