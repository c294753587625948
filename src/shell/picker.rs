//! The games side by side on each start screen: the one on this page, and links to the
//! others' pages with their saved games and their rules; for each game with online play, a
//! link to its online page.

use crate::shell::games::GameId;
use leptos::prelude::*;

/// `on_play`, when given, puts a Play (or Continue, with a game saved) button on this page's
/// own card too.
#[component]
pub fn GamePicker(
    current: GameId,
    #[prop(optional)] on_play: Option<Callback<()>>,
) -> impl IntoView {
    let cards = GameId::ALL
        .into_iter()
        .map(|game| {
            let here = game == current;
            let saved = game.save_slot().exists();
            let testid = format!("game-{}", game.slug());
            let play_here = on_play.filter(|_| here).map(|play| {
                view! {
                    <div class="game-links">
                        <button class="primary" data-testid="play-here" on:click=move |_| play.run(())>
                            {if saved { "Continue" } else { "Play" }}
                        </button>
                    </div>
                }
            });
            let open = (!here).then(|| {
                view! {
                    <a class="button primary" href=game.page() data-testid=format!("open-{}", game.slug())>
                        {if saved { "Continue" } else { "Play" }}
                    </a>
                    <a class="button quiet" href=format!("{}#rules", game.page())>"Rules"</a>
                }
            });
            let online = game.online_page().map(|page| {
                view! {
                    <a class="button quiet" href=page.to_string()>{game.online_label()}</a>
                }
            });
            let links = view! { <div class="game-links">{open}{online}</div> };
            view! {
                <section class="game-card" class:current=here data-testid=testid
                    aria-current=here.then_some("page")>
                    <h2>{game.title()}</h2>
                    <p class="game-blurb">{game.blurb()}</p>
                    <p class="game-length">
                        {game.length()}
                        {saved.then_some(" · a game in progress")}
                    </p>
                    {play_here}
                    {links}
                </section>
            }
        })
        .collect_view();
    view! { <nav class="game-picker" aria-label="Games">{cards}</nav> }
}
