//! The start screen's list of the games kept aside on this device (see [`super::shelf`]):
//! each with the date it was put aside, who played which side and how far it had gone, to
//! resume or to delete after a confirmation. The list is short and changes only on a click,
//! so it is redrawn whole (which keeps its code small in every game's wasm).

use crate::shell::games::GameId;
use crate::shell::shelf::{date_text, LocalStorage, Shelf};
use leptos::prelude::*;

/// `version` is bumped by the game whenever the shelf changes; `on_resume` gets the kept
/// game's key.
#[component]
pub fn KeptGames(
    game: GameId,
    version: RwSignal<u32>,
    on_resume: Callback<String>,
) -> impl IntoView {
    // The key of the game whose deletion awaits a confirmation.
    let confirming = RwSignal::new(None::<String>);
    let problem = RwSignal::new(None::<String>);
    move || {
        version.track();
        let asking = confirming.get();
        let mut store = LocalStorage;
        let (kept, error) = match Shelf::new(game, &mut store).list() {
            Ok(kept) => (kept, problem.get()),
            Err(e) => (
                Vec::new(),
                Some(format!(
                    "Games kept aside: {e}. Nothing on this device was changed."
                )),
            ),
        };
        if kept.is_empty() && error.is_none() {
            return None;
        }
        let items = kept
            .into_iter()
            .map(|k| {
                let key = k.key;
                let buttons = if asking.as_deref() == Some(key.as_str()) {
                    view! {
                        <span>"Delete this game for good?"</span>
                        <button data-testid="confirm-delete" on:click=move |_| {
                            let mut store = LocalStorage;
                            problem.set(Shelf::new(game, &mut store).remove(&key).err().map(|e| {
                                format!("The game could not be deleted: {e}.")
                            }));
                            confirming.set(None);
                            version.update(|v| *v += 1);
                        }>"Delete"</button>
                        <button class="quiet" data-testid="cancel-delete"
                            on:click=move |_| confirming.set(None)>"Keep it"</button>
                    }
                    .into_any()
                } else {
                    let resume = key.clone();
                    view! {
                        <button data-testid="resume-kept"
                            on:click=move |_| on_resume.run(resume.clone())>"Resume"</button>
                        <button class="quiet" data-testid="delete-kept"
                            on:click=move |_| confirming.set(Some(key.clone()))>"Delete"</button>
                    }
                    .into_any()
                };
                view! {
                    <li class="kept" data-testid="kept-game">
                        <span class="kept-what">
                            <strong>{k.sides}</strong>
                            <span>{format!("{}, put aside {}", k.progress, date_text(k.when))}</span>
                        </span>
                        <span class="kept-buttons">{buttons}</span>
                    </li>
                }
            })
            .collect_view();
        Some(view! {
            <section class="kept-games" data-testid="kept-games" aria-label="Games kept on this device">
                <h2>"Games kept on this device"</h2>
                {error.map(|e| view! { <p class="banner error" role="alert" data-testid="kept-error">{e}</p> })}
                <ul>{items}</ul>
            </section>
        })
    }
}
