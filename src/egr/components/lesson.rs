//! A lesson's line at the top of the decision: the step, what the move taught is, and the way
//! out; at its end, what the turn did and where to go next. In a real game the same place holds
//! the first-time hint, once per kind of decision. Written as HTML text with its
//! clicks read from `data-cmd` (as Empire vs. Rebellion's is): a template per element costs
//! the page's first visit more code than a string does.

use super::ui;
use crate::egr::session::{default_sitters, Session};
use crate::egr::words::lesson::{lesson_done_line, lesson_line};
use egr_ai::protocol::Difficulty;
use leptos::prelude::*;
use wasm_bindgen::JsCast;

/// The line now, as HTML; empty outside a lesson. Its words are ours and the board's names,
/// none with a character HTML treats specially, so nothing needs escaping.
fn html(session: &Session) -> String {
    if crate::shell::ONLINE_PAGE {
        return String::new();
    }
    let Some((step, total)) = session.lesson_step() else {
        return String::new();
    };
    let view = session.view();
    if session.lesson_done() {
        return format!(
            "<div class=\"lesson\" data-testid=\"lesson-done\" role=\"status\"><p>{}</p>\
             <div class=\"lesson-actions\">\
             <button type=\"button\" class=\"primary\" data-testid=\"lesson-real-game\" \
             data-cmd=\"real\">Start a real game</button><button type=\"button\" class=\"quiet\" \
             data-testid=\"leave-lesson\" data-cmd=\"leave\">Back to the start</button></div></div>",
            lesson_done_line(&view)
        );
    }
    let line = match view.legal_actions.first() {
        Some(taught) => lesson_line(&view, *taught, step),
        None => "The computers answer: watch their moves on the board.".to_string(),
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
    let ui = ui();
    // A button holds only its words, so the click's target is the button itself. After the
    // lesson, a real game at three players against the computer.
    let click = move |e: leptos::ev::MouseEvent| {
        let cmd = e
            .target()
            .and_then(|t| t.dyn_into::<web_sys::Element>().ok())
            .and_then(|el| el.get_attribute("data-cmd"));
        match cmd.as_deref() {
            Some("hints-off") => ui.hints.set(false),
            Some("leave") => ui.leave_lesson(),
            Some("real") => {
                ui.leave_lesson();
                let options = ui.numbers.get_untracked().options(3);
                ui.start(default_sitters(3, Difficulty::Rule), options);
            }
            _ => {}
        }
    };
    // Outside a lesson, the hint of the decision on screen.
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
