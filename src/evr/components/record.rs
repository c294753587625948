//! The player's record: a line on the start screen, and on the second page (replay.html,
//! "Your games") every tally and a reset that asks first.

use crate::evr::app::Ui;
use crate::evr::narrate::side_name;
use crate::evr::record::Record;
use crate::evr::session::Difficulty;
use crate::evr::storage;
use evr_engine::Side;
use leptos::prelude::*;

fn percent(won: u32, played: u32) -> String {
    match (won * 100 + played / 2).checked_div(played) {
        Some(p) => format!("{p}%"),
        None => "–".to_string(),
    }
}

/// "+2.5", "-0.3", "0.0" from tenths.
fn signed_tenths(t: i64) -> String {
    let sign = match t {
        t if t > 0 => "+",
        t if t < 0 => "-",
        _ => "",
    };
    format!("{sign}{}.{}", t.abs() / 10, t.abs() % 10)
}

/// One line for the start screen.
#[component]
pub fn RecordSummary() -> impl IntoView {
    let ui = expect_context::<Ui>();
    let line = move || {
        ui.record.with(|r| match r {
            Err(message) => message.clone(),
            Ok(r) if r.is_empty() => "No finished games yet.".to_string(),
            Ok(r) => {
                let (played, won) = r.against_computer();
                format!(
                    "Against the computer: {won} won of {played}; streak {} (best {}). Two-player games: {}.",
                    r.streak, r.best_streak, r.two_players
                )
            }
        })
    };
    view! {
        <p class="record-summary" data-testid="record-summary">
            {line}" "
            <a class="button quiet small" data-testid="open-record" href="./replay.html">
                "Your record and replays"
            </a>
        </p>
    }
}

/// The record's tables as HTML text: plain strings keep the page's wasm small (each `view!`
/// template costs code), and everything in them is our own words and numbers.
fn tallies_html(r: &Record) -> String {
    let mut rows = String::new();
    for side in [Side::Rebel, Side::Imperial] {
        for level in Difficulty::ALL {
            let (played, won) = r
                .vs_computer
                .iter()
                .find(|t| t.side == side && t.level == level)
                .map_or((0, 0), |t| (t.played, t.won));
            rows.push_str(&format!(
                "<tr><td>{}</td><td>{}</td><td>{played}</td><td>{won}</td><td>{}</td></tr>",
                side_name(side),
                level.name(),
                percent(won, played)
            ));
        }
    }
    let (played, won) = r.against_computer();
    let margin = r.average_margin_tenths().map_or("–".to_string(), |t| {
        format!("{} victory points", signed_tenths(t))
    });
    format!(
        "<table class=\"record-table\" data-testid=\"record-table\">\
         <thead><tr><th>You played</th><th>Level</th><th>Games</th><th>Won</th><th></th></tr></thead>\
         <tbody>{rows}</tbody>\
         <tfoot><tr><td colspan=\"2\">All levels</td><td data-testid=\"record-played\">{played}</td>\
         <td data-testid=\"record-won\">{won}</td><td>{}</td></tr></tfoot></table>\
         <p data-testid=\"record-streak\">Winning streak against the computer: {} (best {}).</p>\
         <p>Average margin against the computer: {margin}.</p>\
         <p data-testid=\"record-two-players\">Two players on this device: {} games; the Rebellion won {}, the Empire {}.</p>",
        percent(won, played),
        r.streak,
        r.best_streak,
        r.two_players,
        r.two_player_wins[0],
        r.two_player_wins[1]
    )
}

/// The record's tallies and its reset (on the second page: the game's page stays smaller).
#[component]
pub fn RecordPanel() -> impl IntoView {
    let ui = expect_context::<Ui>();
    let confirming = RwSignal::new(false);
    let reset = move |_| {
        let fresh = ui
            .record
            .with_untracked(|r| r.as_ref().map(Record::cleared).unwrap_or_default());
        ui.save_failed.set(storage::save_record(&fresh).err());
        ui.record.set(Ok(fresh));
        confirming.set(false);
    };
    view! {
        <section class="record" data-testid="record">
            <h2>"Your record"</h2>
            <p class="muted">"Kept on this device. Finished full games count; the tutorial does not."</p>
            <div inner_html=move || {
                ui.record.with(|r| match r {
                    Ok(r) => tallies_html(r),
                    Err(message) => format!("<p role=\"alert\">{}</p>", crate::shell::html::esc(message)),
                })
            }></div>
            <div class="record-actions">
                <Show
                    when=move || confirming.get()
                    fallback=move || view! {
                        <button class="quiet" data-testid="record-reset" on:click=move |_| confirming.set(true)>"Reset the record…"</button>
                    }
                >
                    <span role="alert" class="confirm">"Reset your whole record? This cannot be undone. "</span>
                    <button data-testid="record-reset-confirm" on:click=reset>"Yes, reset it"</button>
                    <button class="quiet" data-testid="record-reset-cancel" on:click=move |_| confirming.set(false)>"Keep it"</button>
                </Show>
            </div>
        </section>
    }
}
