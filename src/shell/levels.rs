//! The computer's level for the next game against it, on each game's start screen: one choice
//! per level, weakest first, and a line on the one chosen.

use leptos::prelude::*;

/// `levels` are each level's name and one-line hint, weakest first; `chosen` is the index of
/// the level chosen, and `on_pick` gets the index of a level picked.
#[component]
pub fn LevelPicker(
    levels: &'static [(&'static str, &'static str)],
    chosen: Signal<usize>,
    on_pick: Callback<usize>,
) -> impl IntoView {
    view! {
        <fieldset class="levels" data-testid="levels">
            <legend>"Computer level"</legend>
            <div class="level-options">
                {levels
                    .iter()
                    .enumerate()
                    .map(|(i, (name, _))| {
                        let testid = format!("level-{}", name.to_ascii_lowercase());
                        view! {
                            <label class="level">
                                <input type="radio" name="level" data-testid=testid
                                    prop:checked=move || chosen.get() == i
                                    on:change=move |_| on_pick.run(i) />
                                <span>{*name}</span>
                            </label>
                        }
                    })
                    .collect_view()}
            </div>
            <p class="level-hint" aria-live="polite">
                {move || levels.get(chosen.get()).map_or("", |(_, hint)| *hint)}
            </p>
        </fieldset>
    }
}
