//! The start screen and the screen shown when a save cannot be read.

use crate::evr::app::{Screen, Ui};
use crate::evr::session::{Difficulty, Mode};
use crate::evr::storage;
use crate::shell::games::GameId;
use crate::shell::shelf::{LocalStorage, Shelf};
use crate::shell::{self, GamePicker};
use evr_engine::{Side, Variant};
use leptos::prelude::*;

#[component]
pub fn StartScreen() -> impl IntoView {
    let ui = expect_context::<Ui>();
    let can_continue = move || ui.session.with(|s| s.is_some()) || storage::has_save();
    let continue_game = move |_| {
        if ui.session.with(|s| s.is_some()) {
            ui.screen.set(Screen::Game);
        } else if let Some(Ok(saved)) = storage::load() {
            ui.session.set(Some(saved));
            ui.screen.set(Screen::Game);
        }
    };
    // Against the computer at the level chosen below.
    let vs_computer = move |human: Side, variant: Variant| {
        let difficulty = ui.difficulty.get_untracked();
        ui.start(Mode::VsComputer { human, difficulty }, variant)
    };
    view! {
        <main class="start" data-testid="start-screen">
            <header class="title">
                <h1>"Star Wars"</h1>
                <p class="subtitle">"Empire vs. Rebellion"</p>
            </header>
            <GamePicker current=GameId::EmpireVsRebellion />
            <nav class="start-menu" aria-label="New game">
                <Show when=can_continue>
                    <button class="primary" data-testid="continue" on:click=continue_game>
                        "Continue the saved game"
                    </button>
                </Show>
                <button data-testid="learn-rebel" on:click=move |_| ui.start_lesson()>
                    "Learn to play: your first event, step by step"
                </button>
                <LevelChoice />
                <button
                    data-testid="new-rebel"
                    on:click=move |_| vs_computer(Side::Rebel, Variant::Full)
                >
                    "Play the Rebellion against the computer"
                </button>
                <button
                    data-testid="new-imperial"
                    on:click=move |_| vs_computer(Side::Imperial, Variant::Full)
                >
                    "Play the Empire against the computer"
                </button>
                <button data-testid="new-two-players" on:click=move |_| ui.start(Mode::TwoPlayers, Variant::Full)>
                    "Two players on this device"
                </button>
                <button
                    data-testid="new-tutorial"
                    on:click=move |_| vs_computer(Side::Rebel, Variant::Tutorial)
                >
                    "Tutorial: the struggle for Escape From Tatooine"
                </button>
                <button class="quiet" data-testid="open-rules" on:click=move |_| ui.rules_open.set(true)>
                    "Rules reference"
                </button>
            </nav>
            <Show when=move || ui.notice.get().is_some()>
                <p class="banner error" role="alert" data-testid="start-notice">{move || ui.notice.get()}</p>
            </Show>
            <KeptLine />
            <super::RecordSummary />
            <p class="start-note">
                "First to 7 victory points wins. Your game is saved on this device after every \
                 move, and a new game keeps an unfinished one aside to resume later."
            </p>
        </main>
    }
}

fn level_hint(d: Difficulty) -> &'static str {
    match d {
        Difficulty::Easy => "Looks ahead a little and often settles for a loose move.",
        Difficulty::Rules => {
            "Never looks ahead: plays by fixed rules of thumb, steady but predictable."
        }
        Difficulty::Normal => "Weighs its options over many possible deals.",
        Difficulty::Hard => "Searches deep and always takes its best move.",
        Difficulty::Expert => "Searches ten times as much as Hard, into the next round too.",
    }
}

/// The computer's level for the next game against it.
#[component]
fn LevelChoice() -> impl IntoView {
    let ui = expect_context::<Ui>();
    view! {
        <fieldset class="levels" data-testid="levels">
            <legend>"Computer level"</legend>
            <div class="level-options">
                {Difficulty::ALL
                    .into_iter()
                    .map(|d| {
                        let testid = format!("level-{}", d.name().to_ascii_lowercase());
                        view! {
                            <label class="level">
                                <input
                                    type="radio"
                                    name="level"
                                    data-testid=testid
                                    prop:checked=move || ui.difficulty.get() == d
                                    on:change=move |_| ui.difficulty.set(d)
                                />
                                <span>{d.name()}</span>
                            </label>
                        }
                    })
                    .collect_view()}
            </div>
            <p class="level-hint" aria-live="polite">{move || level_hint(ui.difficulty.get())}</p>
        </fieldset>
    }
}

#[component]
pub fn RecoveryScreen(message: String, raw: String) -> impl IntoView {
    let ui = expect_context::<Ui>();
    let on_start_fresh = Callback::new(move |_| {
        storage::clear();
        ui.session.set(None);
        ui.screen.set(Screen::Start);
    });
    view! { <shell::RecoveryScreen message raw file_name="empire-vs-rebellion-save.json" on_start_fresh /> }
}

/// How many games are kept aside, with the way to them: the list itself is on the second
/// page, "Your games", which keeps this page's wasm small.
#[component]
fn KeptLine() -> impl IntoView {
    let ui = expect_context::<Ui>();
    move || {
        ui.kept.track();
        let mut store = LocalStorage;
        let n = Shelf::new(GameId::EmpireVsRebellion, &mut store)
            .list()
            .map_or(0, |k| k.len());
        (n > 0).then(|| {
            let text = if n == 1 {
                "1 unfinished game is kept aside. ".to_string()
            } else {
                format!("{n} unfinished games are kept aside. ")
            };
            view! {
                <p class="record-summary" data-testid="kept-line">
                    {text}
                    <a class="button quiet small" data-testid="open-kept" href="./replay.html#kept">
                        "Resume or delete them"
                    </a>
                </p>
            }
        })
    }
}
