//! The take-back button: present only when the engine allows one, and saying what goes.

use super::decision::action_label;
use crate::evr::app::Ui;
use crate::evr::narrate::side_name;
use evr_engine::view::PlayerView;
use evr_engine::{Action, Side};
use leptos::prelude::*;

/// "Take back “Pass”", "Take back your choice of Luke Skywalker and the computer's move", ...
pub fn take_back_words(view: &PlayerView, actions: &[(Side, Action)], vs_computer: bool) -> String {
    let Some(&(taker, first)) = actions.first() else {
        return String::new();
    };
    let what = match first {
        Action::SelectCard(_)
        | Action::SelectStrategy(_)
        | Action::ChooseStrategy { .. }
        | Action::ChooseCharacters(_) => format!("your choice of {}", action_label(view, first)),
        _ => format!("“{}”", action_label(view, first)),
    };
    let own_more = actions.iter().skip(1).filter(|(s, _)| *s == taker).count();
    let theirs = actions.len() - 1 - own_more;
    let mut words = format!("Take back {what}");
    if own_more > 0 {
        words += &format!(" and your {} move{} after it", own_more, plural(own_more));
    }
    if theirs > 0 {
        let who = if vs_computer {
            "the computer's".to_string()
        } else {
            format!("the {}'s", side_name(taker.opponent()))
        };
        words += &format!(" and {who} {} move{}", theirs, plural(theirs));
    }
    words
}

fn plural(n: usize) -> &'static str {
    if n == 1 {
        ""
    } else {
        "s"
    }
}

/// `discreet`: on the hand-off screen, where the next player may already look, the button
/// names no move (it could be a secret choice).
#[component]
pub fn TakeBack(#[prop(optional)] discreet: bool) -> impl IntoView {
    let ui = expect_context::<Ui>();
    let offer = Memo::new(move |_| {
        ui.session.with(|s| {
            s.as_ref()
                .map(|s| (s.take_back_offer().to_vec(), s.computer().is_some()))
        })
    });
    move || {
        let (actions, vs_computer) = offer.get()?;
        let words = if discreet {
            "Take back your last move".to_string()
        } else {
            ui.view.with_untracked(|v| {
                v.as_ref()
                    .map(|v| take_back_words(v, &actions, vs_computer))
            })?
        };
        (!actions.is_empty()).then(|| {
            view! {
                <button type="button" class="quiet take-back" data-testid="take-back"
                    on:click=move |_| ui.take_back()>{words}</button>
            }
        })
    }
}
