//! Rebellion's page driven as a person would: the step the Rebellion tests share.

/// One step of play, in the page: "place the rest for me" at setup if `arguments[1]`; else the
/// choices a tap opened (beside the finger, or a system's close-up on a dense galaxy); else something lit on the galaxy or in the combat over it; else a
/// tray (a unit or leader to put somewhere); else a card, a leader or a unit to choose; else
/// the list. `arguments[0]` picks among several. Returns what it clicked: "popover", "board",
/// "tray", "hand", "list", "rest", "seat" or "" for nothing.
pub const STEP: &str = "
    if (!window.__swrStep) window.__swrStep = function (k, useRest) {
        const pick = (all) => all[k % all.length];
        const tap = (el) => {
            const r = el.getBoundingClientRect();
            el.dispatchEvent(new MouseEvent('click', {
                bubbles: true, cancelable: true, view: window,
                clientX: r.left + r.width / 2, clientY: r.top + r.height / 2,
            }));
        };
        const seat = document.querySelector('[data-testid=take-seat]');
        if (seat) { seat.click(); return 'seat'; }
        const rest = document.querySelector('[data-testid=place-the-rest]');
        if (rest && useRest) { rest.click(); return 'rest'; }
        const popover = [...document.querySelectorAll('[data-testid=popover] [data-act], [data-testid=picked] [data-act]')];
        if (popover.length) { tap(pick(popover)); return 'popover'; }
        // In an order of what they are and where they stand, not of the page's elements
        // (which depends on when each piece was first drawn).
        const key = (el) => [el.dataset.testid, el.style.transform, el.dataset.kind,
            el.dataset.leader, el.dataset.act].join('|');
        // (A dense galaxy's chips are read, not touched: their place is.)
        const lit = [...document.querySelectorAll('.galaxy .target:not(.chip), [data-testid=combat] .target [data-act]')]
            .map((el) => [key(el), el]).sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0))
            .map((p) => p[1]);
        if (lit.length) { tap(pick(lit)); return 'board'; }
        const tray = [...document.querySelectorAll('[data-testid=tray-leader], [data-testid=tray-unit]')];
        if (tray.length) { tap(pick(tray)); return 'tray'; }
        const hand = [...document.querySelectorAll('#decision .choice-card, #decision .leader-choice, #decision .unit-choice')];
        if (hand.length) { tap(pick(hand)); return 'hand'; }
        const list = [...document.querySelectorAll('#decision [data-testid=choice]')];
        if (list.length) {
            const prompt = document.querySelector('[data-testid=prompt]');
            window.__listPrompts = window.__listPrompts || {};
            const key = prompt ? prompt.textContent.slice(0, 60) : '?';
            window.__listPrompts[key] = (window.__listPrompts[key] || 0) + 1;
            tap(pick(list)); return 'list';
        }
        return '';
    };
    return window.__swrStep(arguments[0], arguments[1]);";

/// Puts a Rebellion save (a session's text) in the page's storage with motion off, reloads,
/// and waits for the galaxy: the page opens that game.
pub async fn open_rebellion_save(app: &crate::App, save: &str) {
    app.js(&format!(
        "localStorage.clear(); localStorage.setItem('swr-motion', 'off'); localStorage.setItem('swr-save', {});",
        serde_json::Value::String(save.to_string())
    ))
    .await;
    app.client.refresh().await.expect("reload");
    app.wait_for_testid("galaxy").await;
}
