//! The decision, docked beside the galaxy: the engine's question, what was taken for the
//! player since their last decision, the trays of leaders and units to put somewhere on the
//! galaxy, and every choice as a short grouped list (the keyboard and screen-reader path:
//! a long list opens by region, then system, then leader, never all at once). Written as
//! HTML text (see `html`), redrawn whole when the decision changes.

use super::cards::card_choice_html;
use super::html::{
    act_button, arm_key, esc, handle_common, leader_portrait, read_click, role_class, role_suffix,
    skills, unit_icon, Click, Peek,
};
use crate::swr::app::{Screen, Ui, Zoomed};
use crate::swr::choices::{choice_tree, Choice, Level, Opened};
use crate::swr::session::Mode;
use crate::swr::targets::{tray_leaders, tray_units, Armed};
use crate::swr::words::lesson::{lesson_done_line, lesson_line, note_line};
use crate::swr::words::{
    action_text, moving_summary, prompt_text, side_name, unit_name, waiting_text,
};
use leptos::prelude::*;
use std::fmt::Write;
use swr_engine::data::systems::SYSTEMS;
use swr_engine::{Action, Phase, PlayerView, Prompt};

fn over_html(view: &PlayerView) -> String {
    let Phase::Over { winner } = view.phase else {
        return String::new();
    };
    let title = if winner == view.viewer {
        "You win!".to_string()
    } else {
        format!("The {} wins.", side_name(winner))
    };
    format!(
        "<section class=\"game-over\" data-testid=\"game-over\" role=\"status\"><h2>{title}</h2>\
         <button class=\"primary\" data-testid=\"back-to-start\" data-cmd=\"start\">\
         Back to the start</button></section>"
    )
}

fn trays_html(view: &PlayerView, armed: Option<Armed>, rest: bool) -> String {
    let leaders = tray_leaders(&view.legal);
    let units = tray_units(&view.legal);
    if leaders.is_empty() && units.is_empty() {
        return String::new();
    }
    let mut out = String::from("<div class=\"trays\" data-testid=\"trays\"><div class=\"tray\">");
    for l in leaders {
        let on = armed == Some(Armed::Leader(l));
        let _ = write!(
            out,
            "<button class=\"tray-item leader{}{}\" aria-pressed=\"{on}\" data-testid=\"tray-leader\" \
             data-leader=\"{l:?}\" data-arm=\"{}\">{}<span class=\"tray-name\">{}</span>{}</button>",
            if on { " armed" } else { "" },
            role_class(view, l),
            arm_key(Armed::Leader(l)),
            leader_portrait(l),
            esc(&format!("{}{}", l.name(), role_suffix(view, l))),
            skills(l, false)
        );
    }
    for k in units {
        let on = armed == Some(Armed::Unit(k));
        let n = view.in_hand[k.index()];
        let _ = write!(
            out,
            "<button class=\"tray-item unit {}{}\" aria-pressed=\"{on}\" data-testid=\"tray-unit\" \
             data-kind=\"{k:?}\" data-arm=\"{}\">{}<span class=\"tray-name\">{}</span></button>",
            super::look::side_class(k.side()),
            if on { " armed" } else { "" },
            arm_key(Armed::Unit(k)),
            unit_icon(k),
            esc(&unit_name(k, n.max(1)))
        );
    }
    out.push_str("</div>");
    let hint = match armed {
        Some(Armed::Leader(l)) => format!("Tap a lit system for {}.", l.name()),
        Some(Armed::Unit(k)) => format!("Tap a lit system for {}.", unit_name(k, 1)),
        None => "Pick one, then tap a lit system.".to_string(),
    };
    let _ = write!(out, "<p class=\"hint\">{}</p>", esc(&hint));
    if rest && view.prompt == Some(Prompt::PlaceStartingUnits) {
        out.push_str(
            "<button class=\"quiet small\" data-testid=\"place-the-rest\" data-cmd=\"rest\">\
             Place the rest for me</button>",
        );
    }
    out.push_str("</div>");
    out
}

fn list_html(view: &PlayerView, opened: &Opened) -> String {
    let tree = choice_tree(view);
    let Level {
        entries, heading, ..
    } = opened.level(view, &tree);
    let mut out = String::from("<div class=\"choice-list\" data-testid=\"choice-list\">");
    if let Some(h) = heading {
        let _ = write!(
            out,
            "<div class=\"list-heading\"><button class=\"quiet small\" data-testid=\"choice-back\" \
             data-back=\"\">‹ Back</button><h3>{}</h3></div>",
            esc(h)
        );
    }
    out.push_str("<div class=\"choices\" role=\"group\" aria-label=\"Choices\">");
    for (i, c) in entries.iter().enumerate() {
        match c {
            Choice::Act(action, label) => {
                let index = view.legal.iter().position(|a| a == action).unwrap_or(0);
                let card = match *action {
                    Action::Mission(m) => Some(Zoomed::Mission(m)),
                    // A mission of one's own, face down on the table: known to its owner.
                    Action::Reveal(i) => view
                        .own
                        .assigned
                        .get(i as usize)
                        .map(|(m, _)| Zoomed::Mission(*m)),
                    Action::Card(c) => Some(Zoomed::Action(c)),
                    Action::Objective(o) => Some(Zoomed::Objective(o)),
                    Action::Tactic(t) => Some(Zoomed::Tactic(t)),
                    _ => None,
                };
                match (card, *action) {
                    // The card itself is touched to choose it; "Read" zooms it.
                    (Some(card), _) => out.push_str(&card_choice_html(card, index, action, label)),
                    // A leader is chosen by touching its token.
                    (None, Action::Leader(l)) => {
                        let _ = write!(
                            out,
                            "<button class=\"choice leader-choice{}\" data-testid=\"choice\" \
                             data-act=\"{index}\" data-action=\"{}\" title=\"{}\">{}\
                             <span class=\"tray-name\">{}</span>{}</button>",
                            role_class(view, l),
                            esc(&format!("{action:?}")),
                            esc(label),
                            leader_portrait(l),
                            esc(&format!("{}{}", l.name(), role_suffix(view, l))),
                            skills(l, false)
                        );
                    }
                    // A unit to build is chosen by touching its drawing.
                    (None, Action::Build(kind)) => {
                        let _ = write!(
                            out,
                            "<button class=\"choice unit-choice {}\" data-testid=\"choice\" \
                             data-act=\"{index}\" data-action=\"{}\" title=\"{}\">{}\
                             <span class=\"tray-name\">{}</span></button>",
                            super::look::side_class(kind.side()),
                            esc(&format!("{action:?}")),
                            esc(label),
                            unit_icon(kind),
                            esc(&unit_name(kind, 1))
                        );
                    }
                    _ => out.push_str(&act_button(index, action, label, "")),
                }
            }
            Choice::Group(label, inner) => {
                let n: usize = inner.iter().map(|c| c.actions().len()).sum();
                let _ = write!(
                    out,
                    "<button class=\"choice group\" data-testid=\"choice\" data-open=\"{i}\" \
                     aria-expanded=\"false\"><span>{}</span><span class=\"count\">{n} ›</span></button>",
                    esc(label)
                );
            }
        }
    }
    out.push_str("</div></div>");
    out
}

/// A lesson's line above the question: the step, what the move taught is, and the way out;
/// at its end, where to go next.
fn lesson_html(ui: &Ui, view: &PlayerView) -> String {
    if crate::shell::ONLINE_PAGE {
        return String::new();
    }
    let lesson = ui.session.with(|s| {
        s.as_ref()
            .and_then(|s| Some((s.lesson_step()?, s.lesson_done(), s.scripted())))
    });
    let Some(((lesson, step, total), done, scripted)) = lesson else {
        return String::new();
    };
    if done {
        return format!(
            "<div class=\"lesson\" data-testid=\"lesson-done\" role=\"status\"><p>{}</p>\
             <div class=\"lesson-actions\"><button class=\"primary\" \
             data-testid=\"lesson-real-game\" data-cmd=\"real-game\">Lead the {} in a real game\
             </button><button class=\"quiet\" data-cmd=\"leave-lesson\">Back to the start\
             </button></div></div>",
            lesson_done_line(lesson),
            side_name(lesson.side())
        );
    }
    let learner = !view.legal.is_empty();
    let line = if learner {
        let note = lesson
            .note(step)
            .map(|n| note_line(n, lesson.side()) + " ")
            .unwrap_or_default();
        note + &lesson_line(view, scripted.map(|(_, a)| a).as_ref(), step)
    } else {
        format!(
            "The {} answers: watch its move.",
            side_name(lesson.side().other())
        )
    };
    format!(
        "<div class=\"lesson\" data-testid=\"lesson\"><div class=\"lesson-head\">\
         <span class=\"lesson-step\" data-testid=\"lesson-step\">Lesson, step {} of {total}</span>\
         <button class=\"quiet small\" data-testid=\"leave-lesson\" data-cmd=\"leave-lesson\">\
         Leave the lesson</button></div><p>{}</p></div>",
        step.min(total),
        esc(&line)
    )
}

/// The way back to the combat or mission put aside (see [`Peek`]).
fn aside_html(peek: &Peek, view: &PlayerView) -> String {
    let back = match (&view.combat, &view.mission) {
        (Some(c), _) if super::combat::aside(peek, view) => {
            format!("Back to the combat at {}", SYSTEMS[c.system.index()].name)
        }
        (None, Some(_)) if peek.on(view) => "Back to the mission".to_string(),
        _ => return String::new(),
    };
    format!(
        "<button class=\"quiet small aside-back\" data-testid=\"peek\" data-cmd=\"peek\">{}</button>",
        esc(&back)
    )
}

/// The first time a kind of decision comes up in a real game, a line says what it is.
fn hint_html(ui: &Ui) -> String {
    ui.hints.line(ui.hint())
}

fn dock_html(ui: &Ui, view: &PlayerView, opened: &Opened, peek: &Peek) -> String {
    let mut out = lesson_html(ui, view);
    out.push_str(&hint_html(ui));
    out.push_str(&aside_html(peek, view));
    out.push_str(&over_html(view));
    if let Some(prompt) = view.prompt.as_ref() {
        let (text, ours) = if view.legal.is_empty() {
            (waiting_text(prompt, view), false)
        } else {
            (prompt_text(prompt, view), true)
        };
        // "What would you do?" is a compact button beside the question, where the search
        // decides (elsewhere it would be the evaluation's guess); its answer, once asked
        // for, comes under the question.
        let advice = ours && advice_offered(ui, view);
        let _ = write!(
            out,
            "<div class=\"prompt-row\"><p class=\"prompt{}\" data-testid=\"prompt\">{}</p>{}</div>",
            if ours { "" } else { " waiting" },
            esc(&text),
            if advice && advice_asked(ui).is_none() {
                "<button class=\"quiet small advice-button\" data-testid=\"advice-button\" \
                 data-cmd=\"advise\" title=\"What would you do?\" aria-label=\"What would you do?\">Hint</button>"
            } else {
                ""
            }
        );
        if advice && advice_asked(ui).is_some() {
            out.push_str(&advice_html(ui, view));
        }
    }
    if let Some(moving) = moving_summary(view) {
        let _ = write!(
            out,
            "<p class=\"moving\" data-testid=\"moving\">{}</p>",
            esc(&moving)
        );
    }
    out.push_str(&super::thinking::thinking_html(ui));
    let taken = ui.taken.get();
    if !taken.is_empty() {
        let _ = write!(
            out,
            "<p class=\"taken\" data-testid=\"taken\">Taken for you (the only answer): {}.</p>",
            esc(&taken.join("; "))
        );
    }
    if let Some(n) = ui.notice.get() {
        let _ = write!(out, "<p class=\"banner\" role=\"status\">{}</p>", esc(&n));
    }
    if !view.legal.is_empty() {
        // Online, the page has no computer to place the rest (its worker is not loaded).
        out.push_str(&trays_html(view, ui.armed.get(), ui.remote.is_none()));
        out.push_str(&list_html(view, opened));
    }
    out
}

/// Advice is offered on a player's own screen only: a face-up screen is the table's, and the
/// search asks from the decider's own view.
fn advice_offered(ui: &Ui, view: &PlayerView) -> bool {
    let own_screen = ui.session.with(|s| {
        s.as_ref()
            .is_none_or(|s| matches!(s.screen(), crate::swr::session::OnScreen::Seat(_)))
    });
    !crate::shell::ONLINE_PAGE
        && view.legal.len() > 1
        && own_screen
        && swr_ai::search::searches(view.phase)
        && ui.remote.is_none()
}

/// The advice asked for in this position: `Some(None)` while the search runs.
fn advice_asked(ui: &Ui) -> Option<Option<Vec<(usize, u32)>>> {
    let position = ui.session.with(|s| s.as_ref().map(|s| s.position()));
    ui.advice
        .get()
        .filter(|a| Some(a.position) == position)
        .map(|a| a.options)
}

/// "What would you do?": the search's best options for this decision, from the player's own
/// view, each a button that takes it.
fn advice_html(ui: &Ui, view: &PlayerView) -> String {
    let mut out = String::from("<div class=\"advice\" data-testid=\"advice\">");
    match advice_asked(ui) {
        None => {}
        Some(None) => {
            out.push_str("<p class=\"advice-pending\" role=\"status\">Weighing your options…</p>")
        }
        Some(Some(options)) => {
            out.push_str(
                "<p class=\"advice-note\">Your chance to win after each, estimated from what \
                 you can see:</p><ol class=\"advice-list\" data-testid=\"advice-list\">",
            );
            for (index, permille) in options {
                let Some(action) = view.legal.get(index) else {
                    continue;
                };
                let _ = write!(
                    out,
                    "<li data-testid=\"advice-item\">{}<span class=\"advice-chance\">{}%</span></li>",
                    act_button(index, action, &action_text(action, view), "advice-action"),
                    (permille + 5) / 10
                );
            }
            out.push_str("</ol>");
        }
    }
    out.push_str("</div>");
    out
}

#[component]
pub fn Decision() -> impl IntoView {
    let ui = expect_context::<Ui>();
    // The groups opened, read against the list of the decision drawn (see `Opened`), so no
    // effect has to close them in time when a new decision comes.
    let opened = RwSignal::new(Opened::default());
    let peek = expect_context::<Peek>();
    let html = move || {
        let o = opened.get();
        ui.view
            .with(|v| v.as_ref().map(|v| dock_html(&ui, v, &o, &peek)))
            .unwrap_or_default()
    };
    let in_list = move |step: &dyn Fn(&mut Opened, &PlayerView, &[Choice])| {
        ui.view.with_untracked(|v| {
            if let Some(v) = v {
                let tree = choice_tree(v);
                opened.update(|o| step(o, v, &tree));
            }
        })
    };
    let on_click = move |e: leptos::ev::MouseEvent| {
        let Some(click) = read_click(&ui, &e) else {
            return;
        };
        match handle_common(&ui, click) {
            Some(Click::Open(i)) => in_list(&|o, v, tree| o.open(v, tree, i)),
            Some(Click::Back) => in_list(&|o, v, tree| o.back(v, tree)),
            Some(Click::Command(c)) if c == "rest" => ui.place_the_rest(),
            Some(Click::Command(c)) if c == "advise" => ui.ask_advice(),
            Some(Click::Command(c)) if c == "peek" => peek.toggle(&ui),
            Some(Click::Command(c)) if c == "start" => ui.screen.set(Screen::Start),
            Some(Click::Command(c)) if c == "leave-lesson" => ui.leave_lesson(),
            Some(Click::Command(c)) if c == "hints-off" => ui.hints.set(false),
            Some(Click::Command(c)) if c == "real-game" => {
                let human = ui.session.with_untracked(|s| {
                    s.as_ref()
                        .and_then(|s| s.lesson_step())
                        .map_or(swr_engine::Side::Rebel, |(lesson, _, _)| lesson.side())
                });
                ui.leave_lesson();
                ui.start(Mode::VsComputer {
                    human,
                    level: ui.level.get_untracked(),
                });
            }
            _ => {}
        }
        // The dock was redrawn under the keyboard's focus: give it to the first choice.
        request_animation_frame(|| {
            let doc = document();
            let lost = doc.active_element().is_none_or(|a| a.tag_name() == "BODY");
            if lost {
                let first = doc
                    .query_selector("#decision [data-testid=choice]")
                    .ok()
                    .flatten()
                    .or_else(|| doc.query_selector("#decision button").ok().flatten());
                if let Some(el) = first {
                    use wasm_bindgen::JsCast;
                    if let Ok(el) = el.dyn_into::<web_sys::HtmlElement>() {
                        let _ = el.focus();
                    }
                }
            }
        });
    };
    // In a lesson the move taught is brought into sight in the dock, below the lesson's line
    // (the line stays on top while the dock scrolls): a learner is never left to find it.
    Effect::new(move |_| {
        let lesson = ui
            .session
            .with(|s| s.as_ref().is_some_and(|s| s.lesson_step().is_some()));
        ui.view.track();
        if lesson {
            request_animation_frame(bring_taught_into_sight);
        }
    });
    view! {
        <aside class="dock decision" id="decision" data-testid="decision" aria-label="Your decision"
            on:click=on_click inner_html=html></aside>
    }
}

/// Scrolls the dock so that its first choice (in a lesson, the only one) shows whole between
/// the lesson's line and the dock's bottom edge.
fn bring_taught_into_sight() {
    let doc = document();
    let find = |q: &str| doc.query_selector(q).ok().flatten();
    let (Some(dock), Some(taught)) = (
        find("#decision"),
        find("#decision [data-act], #decision [data-testid=tray-leader], #decision [data-testid=tray-unit]"),
    ) else {
        return;
    };
    let top = find("#decision .lesson")
        .map(|l| l.get_bounding_client_rect().bottom())
        .unwrap_or_else(|| dock.get_bounding_client_rect().top())
        + 4.0;
    let bottom = dock.get_bounding_client_rect().bottom() - 4.0;
    let r = taught.get_bounding_client_rect();
    let by = if r.top() < top {
        r.top() - top
    } else if r.bottom() > bottom {
        (r.bottom() - bottom).min(r.top() - top)
    } else {
        return;
    };
    dock.set_scroll_top(dock.scroll_top() + by.round() as i32);
}
