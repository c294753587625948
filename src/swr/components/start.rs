//! Rebellion's start screen and the screen shown when its save cannot be read.

use crate::shell::games::GameId;
use crate::shell::{self, GamePicker, KeptGames};
use crate::swr::app::{Screen, Ui};
use crate::swr::lesson::LessonId;
use crate::swr::session::{Difficulty, Mode, Session};
use leptos::prelude::*;
use swr_engine::Side;

#[component]
pub fn StartScreen() -> impl IntoView {
    let ui = expect_context::<Ui>();
    let slot = GameId::Rebellion.save_slot();
    let can_continue = move || ui.session.with(|s| s.is_some()) || slot.exists();
    let continue_game = move |_: ()| {
        if ui.session.with(|s| s.is_none()) {
            match slot.read().map(|t| Session::load(&t)) {
                Some(Ok(saved)) => ui.session.set(Some(saved)),
                _ => return,
            }
        }
        ui.screen.set(Screen::Game);
    };
    // This game's card: continue the saved game, or go to the choices of a new one.
    let play_here = move || {
        if can_continue() {
            continue_game(());
        } else if let Some(first) = document()
            .query_selector("[data-testid=new-rebel]")
            .ok()
            .flatten()
            .and_then(|e| wasm_bindgen::JsCast::dyn_into::<web_sys::HtmlElement>(e).ok())
        {
            first.scroll_into_view();
            let _ = first.focus();
        }
    };
    view! {
        <main class="start" data-testid="start-screen">
            <header class="title">
                <h1>"Star Wars"</h1>
                <p class="subtitle">"Rebellion"</p>
            </header>
            // A returning player's first sight: Continue, then the kept games; the other
            // games come after this one's choices.
            <Show when=can_continue>
                <nav class="start-menu" aria-label="The saved game">
                    <button class="primary" data-testid="continue" on:click=move |_| continue_game(())>
                        "Continue the saved game"
                    </button>
                </nav>
            </Show>
            <nav class="start-menu" aria-label="Learn to play">
                <button data-testid="learn-rebel"
                    on:click=move |_| ui.start(Mode::Lesson { lesson: LessonId::Rebel })>
                    "Learn to play: a round as the Rebel, step by step"
                </button>
                <button data-testid="learn-empire"
                    on:click=move |_| ui.start(Mode::Lesson { lesson: LessonId::Empire })>
                    "Learn to play: a round as the Empire, step by step"
                </button>
            </nav>
            <LevelChoice />
            <nav class="start-menu" aria-label="New game">
                <button data-testid="new-rebel" on:click=move |_| ui.start(Mode::VsComputer { human: Side::Rebel, level: ui.level.get() })>
                    "Lead the Rebellion against the computer"
                </button>
                <button data-testid="new-imperial" on:click=move |_| ui.start(Mode::VsComputer { human: Side::Empire, level: ui.level.get() })>
                    "Command the Empire against the computer"
                </button>
                <button data-testid="new-two-players" on:click=move |_| ui.start(Mode::TwoPlayers)>
                    "Two players on this device"
                </button>
                <button class="quiet" data-testid="open-rules" on:click=move |_| ui.rules_open.set(true)>
                    "Rules reference"
                </button>
            </nav>
            <super::team_setup::TeamSetup />
            <Show when=move || ui.notice.get().is_some()>
                <p class="banner error" role="alert" data-testid="start-notice">{move || ui.notice.get()}</p>
            </Show>
            <KeptGames game=GameId::Rebellion version=ui.kept
                on_resume=Callback::new(move |key: String| ui.resume_kept(key)) />
            <GamePicker current=GameId::Rebellion on_play=Callback::new(move |_| play_here()) />
            <p class="start-note">
                "The Rebellion wins when its reputation meets the time marker; the Empire wins by \
                 finding and taking the hidden base. Your game is saved on this device after every \
                 move, and a new game keeps an unfinished one aside to resume later."
            </p>
        </main>
    }
}

#[component]
pub fn RecoveryScreen(message: String, raw: String) -> impl IntoView {
    let ui = expect_context::<Ui>();
    let on_start_fresh = Callback::new(move |_| {
        GameId::Rebellion.save_slot().clear();
        ui.session.set(None);
        ui.screen.set(Screen::Start);
    });
    view! { <shell::RecoveryScreen message raw file_name="rebellion-save.json" on_start_fresh /> }
}

fn level_hint(d: Difficulty) -> &'static str {
    match d {
        Difficulty::Easy => "Plays by rules of thumb and now and then slips.",
        Difficulty::Steady => {
            "Never looks ahead: plays by fixed rules of thumb, steady but predictable."
        }
        Difficulty::Normal => "Looks ahead over what it cannot see, briefly.",
        Difficulty::Hard => "Looks furthest ahead over what it cannot see.",
    }
}

/// The computer's level for the next game against it (kept on this device).
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
                                <input type="radio" name="level" data-testid=testid
                                    prop:checked=move || ui.level.get() == d
                                    on:change=move |_| ui.set_level(d) />
                                <span>{d.name()}</span>
                            </label>
                        }
                    })
                    .collect_view()}
            </div>
            <p class="level-hint" aria-live="polite">{move || level_hint(ui.level.get())}</p>
        </fieldset>
    }
}
