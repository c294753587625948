//! The replay page (replay.html): a finished game from a link or a file, on the same table as
//! a game, with controls instead of a decision. Nothing here writes to the device: a link or
//! a file that cannot be read is refused with its reason, and the saved game is untouched.

use super::cards::ResourceCard;
use super::record::RecordPanel;
use super::rules::RulesReference;
use super::share::ShareLinks;
use super::table::Table;
use super::zoom::CardZoom;
use crate::evr::app::Ui;
use crate::evr::narrate::{describe, side_name};
use crate::evr::replay::Replay;
use crate::evr::share::{self, players_words};
use crate::evr::storage;
use crate::shell::files::read_picked_file;
use crate::shell::games::GameId;
use crate::shell::shelf::{self, LocalStorage, Shelf};
use crate::shell::KeptGames;
use crate::shell::UpdatePrompt;
use evr_engine::Side;
use leptos::prelude::*;

#[component]
pub fn ReplayApp() -> impl IntoView {
    let replay = RwSignal::new(None::<Replay>);
    let problem = RwSignal::new(None::<String>);
    let open = Callback::new(move |text: String| match share::open(&text) {
        Ok(opened) => {
            replay.set(Some(Replay::new(opened)));
            problem.set(None);
        }
        Err(why) => {
            replay.set(None);
            problem.set(Some(why));
        }
    });
    // The game in the link this page was opened with, and in any link opened while it is.
    let open_link = move || {
        let hash = window().location().hash().unwrap_or_default();
        // `#kept` only points at the list of kept games.
        if !hash.is_empty() && hash != "#kept" {
            open.run(hash);
        }
    };
    open_link();
    let listener = window_event_listener(leptos::ev::hashchange, move |_| open_link());
    on_cleanup(move || listener.remove());
    let view = Memo::new(move |_| replay.with(|r| r.as_ref().map(Replay::view)));
    let ui = Ui {
        record: RwSignal::new(crate::evr::storage::load_record()),
        ..Ui::new(RwSignal::new(None), view, true)
    };
    provide_context(ui);
    let showing = Memo::new(move |_| replay.with(Option::is_some));
    view! {
        <div class="app replay" data-testid="app" data-motion=move || ui.motion.get().name()>
            {move || if showing.get() {
                view! {
                    <Table label="Replay controls"><ReplayControls replay open /></Table>
                    <CardZoom />
                }.into_any()
            } else {
                view! { <ReplayStart problem open /> }.into_any()
            }}
            <Show when=move || ui.rules_open.get()>
                <RulesReference />
            </Show>
            // A first visit by a shared link installs the offline app too.
            <UpdatePrompt />
        </div>
    }
}

/// No game to show: "Your games", with the player's record and the ways to open a shared game
/// (and, after a link or file that could not be read, why).
#[component]
fn ReplayStart(problem: RwSignal<Option<String>>, open: Callback<String>) -> impl IntoView {
    let pasted = RwSignal::new(String::new());
    let kept = RwSignal::new(0u32);
    // A kept game becomes the game in progress (the unfinished one there is kept aside in its
    // turn), and the game's page opens on it.
    let resume = Callback::new(move |key: String| match resume_kept(&key) {
        Ok(()) => {
            let _ = window().location().set_href("./index.html");
        }
        Err(why) => {
            problem.set(Some(why));
            kept.update(|v| *v += 1);
        }
    });
    view! {
        <main class="games" data-testid="replay-start">
            <header class="title">
                <h1>"Your games"</h1>
                <p class="subtitle">"Empire vs. Rebellion"</p>
            </header>
            <Show when=move || problem.get().is_some()>
                <p class="banner error" role="alert" data-testid="replay-error">{move || problem.get()}</p>
            </Show>
            <KeptGames game=GameId::EmpireVsRebellion version=kept on_resume=resume />
            <RecordPanel />
            <h2>"Replay a finished game"</h2>
            <p>"Open a game someone shared: its link, or a file saved from the end of a game."</p>
            <OpenFile open />
            <label class="share-link">
                "Or paste its link:"
                <input type="text" data-testid="paste-link" prop:value=move || pasted.get()
                    on:input=move |e| pasted.set(event_target_value(&e)) />
            </label>
            <div class="buttons">
                <button type="button" data-testid="open-link" on:click=move |_| open.run(pasted.get_untracked())>
                    "Open the link"
                </button>
                <a class="button" href="./index.html" data-testid="back-to-game">"Back to the game"</a>
            </div>
        </main>
    }
}

/// A file picker that opens the game in the file.
#[component]
fn OpenFile(open: Callback<String>) -> impl IntoView {
    view! {
        <label class="open-file">
            "Open a game file: "
            <input type="file" accept=".txt,text/plain" data-testid="open-file"
                on:change=move |e| {
                    use wasm_bindgen::JsCast;
                    if let Some(input) = e.target().and_then(|t| t.dyn_into::<web_sys::HtmlInputElement>().ok()) {
                        read_picked_file(&input, move |text| match text {
                            Ok(text) => open.run(text),
                            Err(why) => open.run(format!("({why})")),
                        });
                    }
                } />
        </label>
    }
}

/// Stepping, jumping to a round, changing seats, what is hidden, and sharing again.
#[component]
fn ReplayControls(replay: RwSignal<Option<Replay>>, open: Callback<String>) -> impl IntoView {
    let with = move |f: fn(&Replay) -> usize| replay.with(|r| r.as_ref().map_or(0, f));
    let at = Memo::new(move |_| with(|r| r.at));
    let len = Memo::new(move |_| with(Replay::len));
    let step = move |f: fn(&mut Replay)| {
        replay.update(|r| {
            if let Some(r) = r {
                f(r)
            }
        })
    };
    let seat = Memo::new(move |_| replay.with(|r| r.as_ref().map_or(Side::Rebel, |r| r.seat)));
    let set_seat = move |side: Side| {
        replay.update(|r| {
            if let Some(r) = r {
                r.seat = side;
            }
        })
    };
    let header = replay.with_untracked(|r| {
        r.as_ref()
            .map(|r| (r.mode.map(players_words), r.rounds().to_vec(), r.code()))
    });
    let (players, rounds, code) = header.unwrap_or_default();
    let last = move || {
        replay.with(|r| {
            let r = r.as_ref()?;
            let lines: Vec<String> = r
                .last_events()
                .iter()
                .filter_map(|e| describe(e, r.seat))
                .collect();
            Some(if lines.is_empty() {
                "The game is set up.".to_string()
            } else {
                lines.join(" ")
            })
        })
    };
    let round_now = move || replay.with(|r| r.as_ref().map_or(0, Replay::round));
    // The arrow keys step too, unless a field (the round menu, the link) has the keyboard.
    let keys = window_event_listener(leptos::ev::keydown, move |e| {
        let in_field = document()
            .active_element()
            .is_some_and(|el| matches!(el.tag_name().as_str(), "INPUT" | "SELECT" | "TEXTAREA"));
        match e.key().as_str() {
            "ArrowRight" if !in_field => step(Replay::forward),
            "ArrowLeft" if !in_field => step(Replay::back),
            _ => {}
        }
    });
    on_cleanup(move || keys.remove());
    view! {
        <div class="replay-controls" data-testid="replay-controls">
            <h2>"Replay"</h2>
            {players.map(|p| view! { <p class="replay-players">{p}</p> })}
            <p data-testid="replay-position" aria-live="polite">
                {move || format!("Move {} of {}", at.get(), len.get())}
            </p>
            <p class="replay-last" data-testid="replay-last">{last}</p>
            <div class="buttons replay-steps">
                <button type="button" data-testid="replay-first" aria-label="To the start"
                    prop:disabled=move || at.get() == 0 on:click=move |_| step(|r| r.go_to(0))>"« Start"</button>
                <button type="button" data-testid="replay-back" aria-label="One move back"
                    prop:disabled=move || at.get() == 0 on:click=move |_| step(Replay::back)>"◀ Back"</button>
                <button type="button" class="primary" data-testid="replay-forward" aria-label="One move forward"
                    data-autofocus="" prop:disabled=move || at.get() == len.get()
                    on:click=move |_| step(Replay::forward)>"Forward ▶"</button>
                <button type="button" data-testid="replay-last-move" aria-label="To the end"
                    prop:disabled=move || at.get() == len.get()
                    on:click=move |_| step(|r| r.go_to(r.len()))>"End »"</button>
            </div>
            <label>
                "Round: "
                <select data-testid="replay-round" on:change=move |e| {
                    if let Ok(at) = event_target_value(&e).parse::<usize>() {
                        step_to(replay, at);
                    }
                }>
                    <option value="0" prop:selected=move || round_now() == 0>"Setup"</option>
                    {rounds.into_iter().map(|(round, at)| view! {
                        <option value=at.to_string() prop:selected=move || round_now() == round>
                            {format!("Round {round}")}
                        </option>
                    }).collect_view()}
                </select>
            </label>
            <fieldset class="replay-seat">
                <legend>"Watch from the seat of"</legend>
                {Side::BOTH.map(|side| view! {
                    <label>
                        <input type="radio" name="seat" data-testid=format!("replay-seat-{}", side_name(side).to_ascii_lowercase())
                            prop:checked=move || seat.get() == side on:change=move |_| set_seat(side) />
                        {format!("the {}", side_name(side))}
                    </label>
                })}
            </fieldset>
            <Hidden replay />
            <details class="replay-share">
                <summary>"Share this game"</summary>
                <ShareLinks code />
            </details>
            <details class="replay-open">
                <summary>"Open another game"</summary>
                <OpenFile open />
            </details>
        </div>
    }
}

fn step_to(replay: RwSignal<Option<Replay>>, at: usize) {
    replay.update(|r| {
        if let Some(r) = r {
            r.go_to(at)
        }
    })
}

/// What no player could see at this point: each reserve and the next cards of each deck.
#[component]
fn Hidden(replay: RwSignal<Option<Replay>>) -> impl IntoView {
    let hidden = Memo::new(move |_| replay.with(|r| r.as_ref().map(Replay::hidden)));
    view! {
        <details class="replay-hidden" data-testid="replay-hidden">
            <summary>"Face-down cards"</summary>
            {move || hidden.get().map(|sides| {
                Side::BOTH.into_iter().zip(sides).map(|(side, (reserve, deck))| view! {
                    <h3>{format!("The {}", side_name(side))}</h3>
                    <p>"Reserve:"</p>
                    <div class="pile-cards">
                        {reserve.into_iter().map(|card| view! { <ResourceCard card /> }).collect_view()}
                    </div>
                    <p>{format!("Deck, top first ({} cards):", deck.len())}</p>
                    <div class="pile-cards">
                        {deck.into_iter().take(3).map(|card| view! { <ResourceCard card /> }).collect_view()}
                    </div>
                }).collect_view()
            })}
        </details>
    }
}

/// Makes a kept game the game in progress; the unfinished game in progress goes on the shelf
/// in its turn (read from the line its page writes beside it: see `storage::current_unfinished`).
fn resume_kept(key: &str) -> Result<(), String> {
    let mut store = LocalStorage;
    let mut shelf = Shelf::new(GameId::EmpireVsRebellion, &mut store);
    let current = storage::current_unfinished();
    let current = current
        .as_ref()
        .map(|(save, about)| (save.as_str(), about.clone()));
    shelf
        .resume(key, storage::SLOT.key, current, shelf::now())
        .map_err(|e| format!("That kept game could not be resumed ({e}). Nothing was lost."))
}
