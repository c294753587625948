//! A lesson's line above the decision: the step, what the move taught is, and the way out;
//! at its end, what was learned and where to go next. In a real game the same place holds the
//! first-time hint, once per kind of decision. Written as HTML text with its clicks read from
//! `data-cmd` (as Rebellion's panels are): a template per element costs the page's first
//! visit more code than a string does.

use crate::evr::app::Ui;
use crate::evr::narrate::side_name;
use crate::evr::session::{Mode, Session};
use crate::evr::words::lesson::{lesson_done_line, lesson_line};
use evr_engine::{Side, Variant};
use leptos::prelude::*;
use wasm_bindgen::JsCast;

/// The line now, as HTML; empty outside a lesson. Its words are ours and the cards' names,
/// none with a character HTML treats specially, so nothing needs escaping.
fn html(session: &Session) -> String {
    let Some((step, total)) = session.lesson_step() else {
        return String::new();
    };
    let view = session.view();
    if session.lesson_done() {
        return format!(
            "<div class=\"lesson\" data-testid=\"lesson-done\" role=\"status\"><p>{}</p>\
             <div class=\"lesson-actions\">\
             <button type=\"button\" class=\"primary\" data-testid=\"lesson-tutorial\" \
             data-cmd=\"tutorial\" data-autofocus>Play the tutorial game</button>\
             <button type=\"button\" data-testid=\"lesson-real-game\" data-cmd=\"real\">Start a \
             real game</button><button type=\"button\" class=\"quiet\" data-testid=\"leave-lesson\" \
             data-cmd=\"leave\">Back to the start</button></div></div>",
            lesson_done_line(&view)
        );
    }
    let line = match view.legal_actions.first() {
        Some(taught) => lesson_line(&view, *taught, step),
        None => format!(
            "The {} answers: watch its move.",
            side_name(view.viewer.opponent())
        ),
    };
    format!(
        "<div class=\"lesson\" data-testid=\"lesson\"><p><span class=\"lesson-step\" \
         data-testid=\"lesson-step\">Lesson, step {} of {total}</span> {}</p>\
         <button type=\"button\" class=\"quiet small\" data-testid=\"leave-lesson\" \
         data-cmd=\"leave\">Leave the lesson</button></div>",
        step.min(total),
        line
    )
}

#[component]
pub fn LessonLine() -> impl IntoView {
    let ui = expect_context::<Ui>();
    // A button holds only its words, so the click's target is the button itself. After the
    // lesson, a game against the computer as the Rebel, at the level chosen.
    let click = move |e: leptos::ev::MouseEvent| {
        let cmd = e
            .target()
            .and_then(|t| t.dyn_into::<web_sys::Element>().ok())
            .and_then(|el| el.get_attribute("data-cmd"));
        let variant = match cmd.as_deref() {
            Some("hints-off") => return ui.hints.set(false),
            Some("leave") => None,
            Some("tutorial") => Some(Variant::Tutorial),
            Some("real") => Some(Variant::Full),
            _ => return,
        };
        ui.leave_lesson();
        if let Some(variant) = variant {
            let difficulty = ui.difficulty.get_untracked();
            ui.start(
                Mode::VsComputer {
                    human: Side::Rebel,
                    difficulty,
                },
                variant,
            );
        }
    };
    // Outside a lesson, the hint of the decision on screen (the online page has no session:
    // it follows the view).
    let line = move || {
        let mut line = ui
            .session
            .with(|s| s.as_ref().map(html).unwrap_or_default());
        let hint = ui.view.with(|v| {
            v.as_ref()
                .filter(|_| line.is_empty())
                .and_then(|v| ui.hint(v))
        });
        line.push_str(&ui.hints.line(hint));
        line
    };
    view! { <div class="lesson-holder" inner_html=line on:click=click></div> }
}
