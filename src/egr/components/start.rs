//! The start screen: the game picker, the seats (2 to 5, each a person or the computer at a
//! level), the note on the provisional numbers with their editor, and the games kept aside.

use super::editor::NumbersEditor;
use super::ui;
use crate::egr::session::Sitter;
use crate::egr::words::seat_name;
use crate::shell::games::GameId;
use crate::shell::{GamePicker, KeptGames};
use egr_ai::protocol::Difficulty;
use egr_engine::Seat;
use leptos::prelude::*;

#[component]
pub fn StartScreen() -> impl IntoView {
    let ui = ui();
    let players = RwSignal::new(4u8);
    let sitters = RwSignal::new(vec![
        Sitter::Person,
        Sitter::Computer(Difficulty::Rule),
        Sitter::Computer(Difficulty::Rule),
        Sitter::Computer(Difficulty::Rule),
        Sitter::Computer(Difficulty::Rule),
    ]);
    let in_progress = move || {
        ui.session
            .with(|s| s.as_ref().is_some_and(|s| !s.is_over()))
    };
    let seat_rows = move || {
        (0..players.get())
            .map(|i| {
                let seat = Seat(i);
                let current = move || sitters.with(|s| s[i as usize]);
                let choose = move |sitter: Sitter| sitters.update(|s| s[i as usize] = sitter);
                let options = std::iter::once(Sitter::Person)
                    .chain(Difficulty::ALL.into_iter().map(Sitter::Computer))
                    .map(|sitter| {
                        let label = match sitter {
                            Sitter::Person => "Person".to_string(),
                            Sitter::Computer(level) => format!("Computer: {}", level.label()),
                            Sitter::Lesson => "Computer".to_string(),
                        };
                        view! {
                            <button class="seat-option" aria-pressed=move || (current() == sitter).to_string()
                                data-testid=format!("seat-{i}-{}", match sitter {
                                    Sitter::Person => "person",
                                    Sitter::Computer(level) => level.code(),
                                    Sitter::Lesson => "lesson",
                                })
                                on:click=move |_| choose(sitter)>{label}</button>
                        }
                    })
                    .collect_view();
                view! {
                    <li class="seat-row">
                        <span class=format!("seat-name seat-{i}")>{seat_name(seat)}</span>
                        <span class="seat-options" role="group" aria-label=seat_name(seat)>{options}</span>
                    </li>
                }
            })
            .collect_view()
    };
    let start = move |_| {
        let n = players.get_untracked();
        let chosen: Vec<Sitter> = sitters.with_untracked(|s| s[..n as usize].to_vec());
        let options = ui.numbers.get_untracked().options(n);
        ui.start(chosen, options);
    };
    view! {
        <main class="start egr-start" data-testid="start">
            <h1>"Empires: Galactic Rebellion"</h1>
            {move || ui.notice.get().map(|n| view! { <p class="banner error" role="alert" data-testid="notice">{n}</p> })}
            {move || ui.save_failed.get().map(|n| view! {
                <p class="banner error" role="alert" data-testid="save-failed">{format!("Not saved: {n}.")}</p>
            })}
            <p class="start-menu">
                <button class="learn" data-testid="learn" on:click=move |_| ui.start_lesson()>
                    "Learn to play: one guided turn"
                </button>
            </p>
            <Show when=in_progress>
                <p class="start-menu">
                    <button class="primary" data-testid="continue" on:click=move |_| {
                        ui.screen.set(crate::egr::app::Screen::Game)
                    }>"Continue the game in progress"</button>
                </p>
            </Show>
            <KeptGames game=GameId::GalacticRebellion version=ui.kept
                on_resume=Callback::new(move |key| ui.resume_kept(key)) />
            <section class="new-game" aria-label="New game">
                <h2>"New game"</h2>
                <div class="player-count" role="group" aria-label="Players">
                    {(2..=5u8).map(|n| view! {
                        <button aria-pressed=move || (players.get() == n).to_string()
                            data-testid=format!("players-{n}")
                            on:click=move |_| players.set(n)>{format!("{n} players")}</button>
                    }).collect_view()}
                </div>
                <ul class="seats">{seat_rows}</ul>
                <p class="start-note">
                    "People share this screen: nothing is hidden in this game but the bag, the decks and the tiles still to draw. "
                    {move || in_progress().then_some("The game in progress is kept aside, never lost.")}
                </p>
                <button class="primary" data-testid="start-game" on:click=start>"Start"</button>
            </section>
            <section class="provisional" data-testid="provisional" aria-label="Provisional numbers">
                <h2>"The board's numbers"</h2>
                <p>
                    "The rulebook does not print the values of the ten Power tiles, the slots of the Initiative, \
                     Trade Goods, Research and Warfare boxes, the mix of trade goods, nor two Covert Mission facts. \
                     This app starts with provisional values of its own, chosen from what the rules do say \
                     (the Rules, under \"Provisional numbers\", give each one and why). "
                    {move || if ui.numbers.get().provisional() {
                        "New games use the provisional values."
                    } else {
                        "New games on this device use the numbers entered below."
                    }}
                </p>
                <p>"If you own the game, enter the printed numbers here: they are kept on this device and travel with every game's save."</p>
                <NumbersEditor />
                <p><button class="quiet" on:click=move |_| ui.rules_open.set(true)>"Rules"</button></p>
            </section>
            <GamePicker current=GameId::GalacticRebellion />
        </main>
    }
}
