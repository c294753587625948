//! The start screen's team game (3 or 4 players): how many play, each seat a person or the
//! computer at a level, and what each role holds and decides. Drawn once as HTML text (a
//! Leptos template per element costs the page far more code); the choices are read from the
//! form's change events, and with 3 players the style hides the Rebel General's own choice.

use super::html::esc;
use crate::swr::app::Ui;
use crate::swr::session::{Difficulty, Mode};
use crate::swr::words::team::{role_duties, role_leaders, role_starting_cards, seat_with_colour};
use leptos::prelude::*;
use std::fmt::Write;
use swr_engine::{Role, COMMAND_ORDER};
use wasm_bindgen::JsCast;

/// A seat's choice as the select names it: "person" or a level's name.
fn choice_code(choice: Option<Difficulty>) -> String {
    choice.map_or("person".into(), |d| d.name().to_ascii_lowercase())
}

fn choice_from(code: &str) -> Option<Difficulty> {
    Difficulty::ALL
        .into_iter()
        .find(|d| d.name().eq_ignore_ascii_case(code))
}

/// The seats chosen at first, by the Command order: a person at the Rebel Admiral's seat, the
/// computer elsewhere.
const FIRST_SEATS: [Option<Difficulty>; 4] = [
    None,
    Some(Difficulty::Steady),
    Some(Difficulty::Steady),
    Some(Difficulty::Steady),
];

fn setup_html() -> String {
    let mut out = String::from(
        "<summary>Team game: 3 or 4 players</summary>\
         <p class=\"start-note\">Each side is a team of an Admiral (blue leaders) and a General \
         (orange leaders), who decide for their own leaders and cards and share everything they \
         know. With 3 players one person leads both Rebel roles. To play it each on your own \
         device: <a href=\"rebellion-team-online.html\" data-testid=\"team-online\">with friends on \
         other devices</a>.</p><div class=\"level-options\">",
    );
    for n in [3, 4] {
        let _ = write!(
            out,
            "<label class=\"level\"><input type=\"radio\" name=\"team-players\" value=\"{n}\" \
             data-testid=\"team-{n}\"{}><span>{n} players</span></label>",
            if n == 4 { " checked" } else { "" }
        );
    }
    out.push_str("</div><ol class=\"seat-cards\">");
    for seat in COMMAND_ORDER {
        let i = seat.initiative();
        let (starting, recruits) = role_leaders(seat);
        let role = match seat.role {
            Role::Admiral => "role-admiral",
            Role::General => "role-general",
        };
        let _ = write!(
            out,
            "<li class=\"seat-card {role} seat-{i}\" data-testid=\"seat-{i}\"><h3>{i}. {}</h3>\
             <p class=\"seat-duties\">{}</p><p class=\"seat-leaders\">{}</p>\
             <p class=\"seat-cards-start\">{}</p>",
            esc(&seat_with_colour(seat)),
            esc(role_duties(seat)),
            esc(&format!(
                "Leaders: {}; recruits {}.",
                starting.join(", "),
                recruits.join(", ")
            )),
            esc(&format!(
                "Starting cards: {}.",
                role_starting_cards(seat).join(", ")
            )),
        );
        let chosen = choice_code(FIRST_SEATS[i as usize - 1]);
        let _ = write!(
            out,
            "<p class=\"seat-shared\">Played by the Rebel Admiral's player.</p>\
             <label class=\"seat-player\"><span>Played by</span>\
             <select data-seat=\"{i}\" data-testid=\"seat-{i}-player\">"
        );
        let options = std::iter::once(("person".to_string(), "A person".to_string())).chain(
            Difficulty::ALL.into_iter().map(|d| {
                (
                    d.name().to_ascii_lowercase(),
                    format!("The computer ({})", d.name()),
                )
            }),
        );
        for (value, label) in options {
            let _ = write!(
                out,
                "<option value=\"{value}\"{}>{label}</option>",
                if value == chosen { " selected" } else { "" }
            );
        }
        out.push_str("</select></label></li>");
    }
    out.push_str(
        "</ol><button class=\"primary\" data-testid=\"new-team\" data-cmd=\"start-team\">\
         Start the team game</button>",
    );
    out
}

#[component]
pub fn TeamSetup() -> impl IntoView {
    let ui = expect_context::<Ui>();
    let players = RwSignal::new(4u8);
    let seats = StoredValue::new(FIRST_SEATS);
    let on_change = move |ev: leptos::ev::Event| {
        let Some(el) = ev
            .target()
            .and_then(|t| t.dyn_into::<web_sys::Element>().ok())
        else {
            return;
        };
        let value = event_target_value(&ev);
        if el.get_attribute("name").as_deref() == Some("team-players") {
            players.set(if value == "3" { 3 } else { 4 });
        } else if let Some(i) = el
            .get_attribute("data-seat")
            .and_then(|i| i.parse::<usize>().ok())
            .filter(|i| (1..=4).contains(i))
        {
            seats.update_value(|s| s[i - 1] = choice_from(&value));
        }
    };
    let on_click = move |ev: leptos::ev::MouseEvent| {
        let start = ev
            .target()
            .and_then(|t| t.dyn_into::<web_sys::Element>().ok())
            .is_some_and(|el| el.get_attribute("data-cmd").as_deref() == Some("start-team"));
        if start {
            ui.start(Mode::team(players.get_untracked(), seats.get_value()));
        }
    };
    view! {
        <details class="team-setup" data-testid="team-setup"
            data-players=move || players.get().to_string()
            on:change=on_change on:click=on_click inner_html=setup_html()>
        </details>
    }
}
