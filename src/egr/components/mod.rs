//! The Galactic Rebellion page's components: the start screen with the seats and the board's
//! numbers, and the table (planets, event boxes, factions, the decision and the drawers).

mod boxes;
mod decision;
mod drawers;
mod editor;
mod factions;
mod lesson;
mod planets;
mod start;
mod table;

pub use start::StartScreen;
pub use table::GameScreen;

use crate::egr::app::Ui;
use egr_engine::{Battle, Kind, Seat};
use leptos::prelude::*;

pub(crate) fn ui() -> Ui {
    expect_context::<Ui>()
}

/// A worker figure: its faction's colour and its kind's letter.
#[component]
pub(crate) fn WorkerChip(seat: Seat, kind: Kind) -> impl IntoView {
    use crate::egr::words::{kind_letter, kind_name, seat_name};
    view! {
        <span class=format!("worker seat-{}", seat.0)
            title=format!("{} {}", seat_name(seat), kind_name(kind))>
            {kind_letter(kind)}
        </span>
    }
}

/// The chance of a battle in words (the answer's own label says the cubes in the bag).
pub(crate) fn odds_text(battle: &Battle, for_attacker: bool) -> String {
    let chance = if for_attacker {
        battle.attacker_wins
    } else {
        1.0 - battle.attacker_wins
    };
    format!(
        "{}% to {}",
        (chance * 100.0).round() as u32,
        if for_attacker { "win" } else { "hold" }
    )
}
