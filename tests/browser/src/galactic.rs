//! Empires: Galactic Rebellion's page driven as a person would: the step its tests share.

use crate::App;

/// Marks the next thing to tap for a simple player who varies its choices with `k`: an
/// answer of what was just tapped, else a place on the board or an answer in the panel.
/// Returns "tap", "wait" (the computer decides) or "over".
pub async fn mark_next(app: &App, k: usize) -> String {
    app.js(&format!(
        "const k = {k};
         if (document.querySelector('[data-testid=scores]')) return 'over';
         document.querySelectorAll('[data-next]').forEach(e => e.removeAttribute('data-next'));
         if (document.querySelector('[data-testid=since]')) window.egrSawSince = true;
         const d = document.querySelector('[data-testid=decision]');
         const choices = [...d.querySelectorAll('[data-testid=choices] [data-testid=answer]')];
         const panel = [...d.querySelectorAll('[data-testid=panel] [data-testid=answer]')];
         const live = [...document.querySelectorAll('.box-slots.live, .planet.live, .tile.live, .staying.live')];
         let pick = null;
         if (choices.length) pick = choices[k % choices.length];
         else if (live.length && (k % 5 !== 0 || !panel.length)) pick = live[k % live.length];
         else if (panel.length) pick = panel[k % panel.length];
         if (!pick) return 'wait';
         pick.setAttribute('data-next', '1');
         return 'tap';"
    ))
    .await
    .as_str()
    .unwrap_or("wait")
    .to_string()
}
