//! The choices a tap on the galaxy could mean (a system where two leaders could go, a unit
//! that could be moved or destroyed), shown beside the finger; Escape or a tap elsewhere
//! closes it. Written as HTML text (see `html`).

use super::html::{act_button, handle_common, read_click};
use crate::swr::app::Ui;
use crate::swr::words::action_text;
use leptos::prelude::*;

#[component]
pub fn PopoverMenu() -> impl IntoView {
    let ui = expect_context::<Ui>();
    move || {
        let pop = ui.popover.get()?;
        let view = ui.view.get_untracked()?;
        let mut html = String::new();
        for a in &pop.actions {
            if let Some(i) = view.legal.iter().position(|x| x == a) {
                html.push_str(&act_button(i, a, &action_text(a, &view), "popover-choice"));
            }
        }
        html.push_str("<button class=\"quiet small\" data-cmd=\"cancel\">Cancel</button>");
        // Kept inside the window: from the tap towards the middle.
        let (w, h) = (
            window().inner_width().ok()?.as_f64()?,
            window().inner_height().ok()?.as_f64()?,
        );
        let (x, y) = if pop.x == 0.0 && pop.y == 0.0 {
            (w / 2.0, h / 2.0)
        } else {
            (pop.x, pop.y)
        };
        let horizontal = if x > w / 2.0 {
            format!("right: {}px", (w - x + 8.0).max(4.0) as i32)
        } else {
            format!("left: {}px", (x + 8.0).min(w - 200.0).max(4.0) as i32)
        };
        let vertical = if y > h / 2.0 {
            format!("bottom: {}px", (h - y + 8.0).max(4.0) as i32)
        } else {
            format!("top: {}px", (y + 8.0).max(4.0) as i32)
        };
        Some(view! {
            <div class="popover-backdrop" on:click=move |_| ui.popover.set(None)></div>
            <div class="popover" role="menu" data-testid="popover" style=format!("{horizontal}; {vertical}")
                inner_html=html
                on:click=move |e| {
                    // Cancel (the one click of its own) closes it.
                    if read_click(&ui, &e).and_then(|c| handle_common(&ui, c)).is_some() {
                        ui.popover.set(None)
                    }
                }></div>
        })
    }
}
