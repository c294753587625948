//! Galactic Rebellion's first-time hints in Chromium: in a real game with two people sharing
//! the screen and a computer, each kind of decision is said once on the device, whoever meets
//! it first (never again once acted on, a reload included), never for the computer's seat;
//! the decision's own first control stays in view beside a hint at a phone's, a phone on its
//! side's and a laptop's window; "No more hints" turns them off for good and the menu's
//! setting turns them on again. The lesson shows none.

use evr_browser_tests::galactic::mark_next;
use evr_browser_tests::{cleared_to_start, patience, testid, with_app, App};
use std::collections::BTreeSet;
use std::time::{Duration, Instant};

const PAGE: &str = "/galactic-rebellion.html?pause=0";

/// The hint shown now, if any.
async fn hint_now(app: &App) -> Option<String> {
    app.js("const h = document.querySelector('[data-testid=first-hint] p'); return h ? h.textContent : null")
        .await
        .as_str()
        .map(str::to_string)
}

/// Whose decision it is now, if a person's: the seat named by the decision ("Red, your
/// decision"), or "" when only one person plays.
async fn deciding(app: &App) -> Option<String> {
    app.js(
        "if (!document.querySelector('#decision [data-testid=answer], .live')) return null;
         const w = document.querySelector('[data-testid=whose]');
         return w ? w.textContent : '';",
    )
    .await
    .as_str()
    .map(str::to_string)
}

/// How far the game on the page has gone (the number of actions taken).
async fn position(app: &App) -> i64 {
    app.js("const t = document.querySelector('[data-testid=table]'); return t ? Number(t.dataset.position) : -1")
        .await
        .as_i64()
        .unwrap_or(-1)
}

/// One tap of a simple player (the browser tests' `mark_next`, varied by `k`): true when it
/// answered the decision, false when there was nothing to tap (a computer decides) or the tap
/// only opened the answers of what was tapped (a battle shows its odds first).
async fn act_once(app: &App, k: usize) -> bool {
    if mark_next(app, k).await != "tap" {
        return false;
    }
    let before = position(app).await;
    app.js("const e = document.querySelector('[data-next]'); if (e) e.click();")
        .await;
    app.wait_for_js(
        &format!(
            "Number(document.querySelector('[data-testid=table]').dataset.position) !== {before}
             || document.querySelector('[data-testid=choices]')
             || document.querySelector('[data-testid=notice]')"
        ),
        "the tap to take effect",
    )
    .await;
    position(app).await != before
}

/// Whether the decision's own first control (never the hint's button, nor one folded away in
/// the list of every answer) is inside the window and inside the decision's box. A decision
/// answered on the board alone (a planet to tap) has none to push away.
async fn first_control_in_view(app: &App) -> bool {
    app.js(
        "const d = document.querySelector('#decision').getBoundingClientRect();
         const c = [...document.querySelectorAll('#decision button:not(.first-hint button)')]
             .find(b => !b.closest('details:not([open])') && b.getClientRects().length > 0);
         if (!c) return true;
         const r = c.getBoundingClientRect();
         return r.height > 0 && r.top >= Math.max(0, d.top) - 1
             && r.bottom <= Math.min(innerHeight, d.bottom) + 1 && r.left >= -1 && r.right <= innerWidth + 1;",
    )
    .await
    .as_bool()
    .unwrap_or(false)
}

/// The page with nothing saved and motion off.
async fn fresh_page(app: &App) {
    app.open(PAGE).await;
    app.wait_for_js(
        "document.querySelector('[data-testid=start], [data-testid=table]')",
        "the page",
    )
    .await;
    cleared_to_start(app, "egr-motion", "start-game", "[data-testid=table]").await;
}

/// A new game at three: Red and Blue people, Green the computer.
async fn new_game(app: &App) {
    fresh_page(app).await;
    assert!(app.click(&testid("players-3")).await);
    assert!(app.click(&testid("seat-1-person")).await);
    assert!(app.click(&testid("start-game")).await);
    app.wait_for_testid("table").await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "needs dist/ and Chromium: run by scripts/test.sh"]
async fn each_kind_is_said_once_on_the_device_and_hints_can_be_turned_off() {
    with_app(|app| async move {
        app.set_viewport(390, 844).await;
        new_game(&app).await;
        let began = Instant::now();
        let (mut said, mut acted) = (BTreeSet::new(), 0);
        let mut people = BTreeSet::new();
        while acted < 60 && began.elapsed() < patience(120) {
            let hint = hint_now(&app).await;
            if let Some(h) = &hint {
                assert!(!said.contains(h), "said again after it was acted on: {h}");
                let who = deciding(&app).await;
                assert!(
                    who.as_deref().is_some_and(|w| !w.is_empty()),
                    "a hint with no person deciding: {h} ({who:?})"
                );
                assert!(
                    first_control_in_view(&app).await,
                    "the hint pushed the decision out of view: {h}"
                );
                people.insert(who.unwrap_or_default());
            }
            if act_once(&app, acted).await {
                acted += 1;
                if let Some(h) = hint {
                    said.insert(h);
                }
                if acted == 20 {
                    // A reload keeps what was said.
                    app.client.refresh().await.expect("reload");
                    app.wait_for_testid("table").await;
                }
            } else {
                tokio::time::sleep(Duration::from_millis(30)).await;
            }
        }
        if said.len() < 4 {
            app.screenshot("galactic-hints-few").await;
        }
        assert!(said.len() >= 4, "kinds said: {said:?} in {acted} decisions");
        println!(
            "measure: {} kinds said in {acted} decisions, to {people:?}: {said:?}",
            said.len()
        );

        // Off from the hint itself, for good.
        new_game(&app).await;
        app.wait_for_testid("first-hint").await;
        assert!(app.click(&testid("hints-off")).await);
        app.wait_for_js(
            "!document.querySelector('[data-testid=first-hint]')",
            "the hint gone",
        )
        .await;
        for k in 0..30 {
            if act_once(&app, k).await {
                assert!(hint_now(&app).await.is_none(), "no hint once turned off");
            }
        }
        app.client.refresh().await.expect("reload");
        app.wait_for_testid("table").await;
        assert!(hint_now(&app).await.is_none(), "still off after a reload");

        // On again from the menu: said again.
        assert!(app.click(&testid("open-menu")).await);
        app.wait_for_testid("hints-setting").await;
        assert!(app.click(&testid("hints-setting")).await);
        app.client.refresh().await.expect("reload");
        app.wait_for_testid("table").await;
        let began = Instant::now();
        let mut k = 0;
        while hint_now(&app).await.is_none() {
            assert!(
                began.elapsed() < patience(60),
                "a hint again once turned on"
            );
            if act_once(&app, k).await {
                k += 1;
            } else {
                tokio::time::sleep(Duration::from_millis(30)).await;
            }
        }
        app.assert_no_console_errors().await;
    })
    .await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "needs dist/ and Chromium: run by scripts/test.sh"]
async fn a_hint_leaves_the_decision_in_view_on_a_phone_on_its_side_and_a_laptop() {
    with_app(|app| async move {
        for (w, h) in [(844, 390), (1366, 768)] {
            app.set_viewport(w, h).await;
            new_game(&app).await;
            let mut seen = BTreeSet::new();
            let (began, mut k) = (Instant::now(), 0);
            while seen.len() < 3 && began.elapsed() < patience(60) {
                if let Some(hint) = hint_now(&app).await {
                    if seen.insert(hint.clone()) {
                        app.screenshot(&format!("galactic-hint-{w}x{h}-{}", seen.len()))
                            .await;
                        assert!(
                            first_control_in_view(&app).await,
                            "{w}x{h}: the hint pushed the decision out of view: {hint}"
                        );
                    }
                }
                if act_once(&app, k).await {
                    k += 1;
                } else {
                    tokio::time::sleep(Duration::from_millis(30)).await;
                }
            }
            assert_eq!(seen.len(), 3, "{w}x{h}: {seen:?}");
        }
        app.assert_no_console_errors().await;
    })
    .await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "needs dist/ and Chromium: run by scripts/test.sh"]
async fn the_lesson_shows_no_hint() {
    with_app(|app| async move {
        app.set_viewport(390, 844).await;
        fresh_page(&app).await;
        assert!(app.click(&testid("learn")).await);
        app.wait_for_testid("lesson").await;
        for _ in 0..8 {
            assert!(hint_now(&app).await.is_none(), "a hint in the lesson");
            // What the lesson lights: an answer, else a place on the board.
            app.js(
                "const e = document.querySelector('#decision .choices .answer, #decision .panel-answers .answer, \
                     .egr-table .live:not(.offer-tabs *)');
                 if (e) e.click();",
            )
            .await;
            tokio::time::sleep(Duration::from_millis(400)).await;
        }
        assert!(hint_now(&app).await.is_none(), "a hint in the lesson");
        app.assert_no_console_errors().await;
    })
    .await;
}
