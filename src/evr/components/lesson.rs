//! A lesson's line above the decision: the step, what the move taught is, and the way out;
//! at its end, what was learned and where to go next.

use crate::evr::app::Ui;
use crate::evr::narrate::side_name;
use crate::evr::session::{Mode, Session};
use crate::evr::words::lesson::{lesson_done_line, lesson_line};
use evr_engine::Variant;
use leptos::prelude::*;

/// What the lesson's line shows now.
#[derive(Clone, Debug, PartialEq)]
enum Shown {
    Step {
        step: usize,
        total: usize,
        line: String,
    },
    Done(String),
}

fn shown(session: &Session) -> Option<Shown> {
    let (_, step, total) = session.lesson_step()?;
    let view = session.view();
    if session.lesson_done() {
        return Some(Shown::Done(lesson_done_line(&view)));
    }
    let line = match view.legal_actions.first() {
        Some(taught) => lesson_line(&view, *taught, step),
        None => format!(
            "The {} answers: watch its move.",
            side_name(view.viewer.opponent())
        ),
    };
    Some(Shown::Step {
        step: step.min(total),
        total,
        line,
    })
}

#[component]
pub fn LessonLine() -> impl IntoView {
    let ui = expect_context::<Ui>();
    let now = Memo::new(move |_| ui.session.with(|s| s.as_ref().and_then(shown)));
    // After the lesson: a game against the computer at the level chosen, as the Rebel.
    let then_play = move |variant: Variant| {
        ui.leave_lesson();
        let difficulty = ui.difficulty.get_untracked();
        ui.start(
            Mode::VsComputer {
                human: evr_engine::Side::Rebel,
                difficulty,
            },
            variant,
        );
    };
    move || {
        now.get().map(|shown| match shown {
            Shown::Step { step, total, line } => view! {
                <div class="lesson" data-testid="lesson">
                    <p>
                        <span class="lesson-step" data-testid="lesson-step">{format!("Lesson, step {step} of {total}")}</span>
                        " " {line}
                    </p>
                    <button type="button" class="quiet small" data-testid="leave-lesson"
                        on:click=move |_| ui.leave_lesson()>"Leave the lesson"</button>
                </div>
            }
            .into_any(),
            Shown::Done(line) => view! {
                <div class="lesson" data-testid="lesson-done" role="status">
                    <p>{line}</p>
                    <div class="lesson-actions">
                        <button type="button" class="primary" data-testid="lesson-tutorial" data-autofocus=""
                            on:click=move |_| then_play(Variant::Tutorial)>"Play the tutorial game"</button>
                        <button type="button" data-testid="lesson-real-game"
                            on:click=move |_| then_play(Variant::Full)>"Start a real game"</button>
                        <button type="button" class="quiet" data-testid="leave-lesson"
                            on:click=move |_| ui.leave_lesson()>"Back to the start"</button>
                    </div>
                </div>
            }
            .into_any(),
        })
    }
}
