//! The start screen's team game (3 or 4 players): how many play, each seat a person or the
//! computer at a level, and what each role holds and decides.

use crate::swr::app::Ui;
use crate::swr::session::{Difficulty, Mode};
use crate::swr::words::team::{role_duties, role_leaders, role_starting_cards, seat_with_colour};
use leptos::prelude::*;
use swr_engine::{Role, Seat, COMMAND_ORDER};

/// A seat's choice as the select names it: "person" or a level's name.
fn choice_code(choice: Option<Difficulty>) -> String {
    choice.map_or("person".into(), |d| d.name().to_ascii_lowercase())
}

fn choice_from(code: &str) -> Option<Difficulty> {
    Difficulty::ALL
        .into_iter()
        .find(|d| d.name().eq_ignore_ascii_case(code))
}

#[component]
pub fn TeamSetup() -> impl IntoView {
    let ui = expect_context::<Ui>();
    let players = RwSignal::new(4u8);
    // By the Command order; a person at the Rebel Admiral's seat, the computer elsewhere.
    let seats = RwSignal::new([
        None,
        Some(Difficulty::Steady),
        Some(Difficulty::Steady),
        Some(Difficulty::Steady),
    ]);
    let mode = move || Mode::team(players.get(), seats.get());
    let player_choice = move |n: u8| {
        view! {
            <label class="level">
                <input type="radio" name="team-players" data-testid=format!("team-{n}")
                    prop:checked=move || players.get() == n
                    on:change=move |_| players.set(n) />
                <span>{format!("{n} players")}</span>
            </label>
        }
    };
    let seat_card = move |seat: Seat| {
        let index = seat.initiative() as usize - 1;
        // With 3 players the lone Rebel plays both Rebel seats: the General's follows.
        let shared = move || players.get() == 3 && seat == Seat::REBEL_GENERAL;
        let (starting, recruits) = role_leaders(seat);
        let cards = role_starting_cards(seat);
        let role_class = match seat.role {
            Role::Admiral => "seat-card role-admiral",
            Role::General => "seat-card role-general",
        };
        view! {
            <li class=role_class data-testid=format!("seat-{}", seat.initiative())>
                <h3>{format!("{}. {}", seat.initiative(), seat_with_colour(seat))}</h3>
                <p class="seat-duties">{role_duties(seat)}</p>
                <p class="seat-leaders">
                    {format!("Leaders: {}; recruits {}.", starting.join(", "), recruits.join(", "))}
                </p>
                <p class="seat-cards">{format!("Starting cards: {}.", cards.join(", "))}</p>
                <Show when=move || !shared()
                    fallback=|| view! { <p class="seat-shared">"Played by the Rebel Admiral's player."</p> }>
                    <label class="seat-player">
                        <span>"Played by"</span>
                        <select data-testid=format!("seat-{}-player", seat.initiative())
                            prop:value=move || choice_code(seats.get()[index])
                            on:change=move |ev| {
                                let choice = choice_from(&event_target_value(&ev));
                                seats.update(|s| s[index] = choice);
                            }>
                            <option value="person">"A person"</option>
                            {Difficulty::ALL
                                .into_iter()
                                .map(|d| {
                                    view! {
                                        <option value=d.name().to_ascii_lowercase()>
                                            {format!("The computer ({})", d.name())}
                                        </option>
                                    }
                                })
                                .collect_view()}
                        </select>
                    </label>
                </Show>
            </li>
        }
    };
    view! {
        <details class="team-setup" data-testid="team-setup">
            <summary>"Team game: 3 or 4 players"</summary>
            <p class="start-note">
                "Each side is a team of an Admiral (blue leaders) and a General (orange leaders), \
                 who decide for their own leaders and cards and share everything they know. \
                 With 3 players one person leads both Rebel roles."
            </p>
            <div class="level-options">{player_choice(3)} {player_choice(4)}</div>
            <ol class="seat-cards">{COMMAND_ORDER.into_iter().map(seat_card).collect_view()}</ol>
            <button class="primary" data-testid="new-team" on:click=move |_| ui.start(mode())>
                {move || format!("Start the team game of {}", players.get())}
            </button>
        </details>
    }
}
