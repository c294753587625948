//! Galactic Rebellion's guided turn in Chromium: followed to its end by tapping only what is
//! lit, on a phone and a laptop; resumed after a reload half-way; left at several steps, each
//! time leaving a start screen that starts a game; reached from the rules. `measure_the_lesson`
//! (run by hand) gives its steps, taps and the time a driver takes that waits 1.5 s a step to
//! read.

use evr_browser_tests::{cleared_to_start, lesson_step_now, patience, testid, with_app, App};
use std::time::{Duration, Instant};

/// A fresh page, motion off, the computers at `pause` ms, and the lesson started from the
/// start screen.
async fn start_lesson(app: &App, pause: u32) {
    app.open(&format!("/galactic-rebellion.html?pause={pause}"))
        .await;
    app.wait_for_js(
        "document.querySelector('[data-testid=start], [data-testid=table]')",
        "the page",
    )
    .await;
    cleared_to_start(app, "egr-motion", "learn", "[data-testid=table]").await;
    assert!(app.click(&testid("learn")).await);
    app.wait_for_testid("lesson").await;
}

/// What is lit: the answers of the thing tapped, the decision's own answers, then the lit
/// places on the board (a box, a planet, a tile, then an offer's tab).
const LIT: &str = "['#decision .choices .answer', '#decision .panel-answers .answer', \
    '.egr-table .live:not(.offer-tabs *)', '.egr-table .offer-tabs .live']";

/// One tap, as a finger would, on the first lit thing that is on top at its centre, without
/// scrolling anything: the page must show it; false if nothing was.
async fn tap_lit(app: &App) -> bool {
    let clicked = app
        .js(&format!(
            "const groups = {LIT};
             for (const g of groups) {{
                 for (const el of document.querySelectorAll(g)) {{
                     const r = el.getBoundingClientRect();
                     if (r.width === 0 || r.height === 0) continue;
                     const x = r.left + r.width / 2, y = r.top + r.height / 2;
                     const at = document.elementFromPoint(x, y);
                     if (at === null || !(at === el || el.contains(at))) continue;
                     at.dispatchEvent(new MouseEvent('click', {{ bubbles: true, cancelable: true,
                         view: window, clientX: x, clientY: y }}));
                     return g + ' => ' + (el.getAttribute('data-testid') || el.className) + ' '
                         + (el.textContent || '').trim().slice(0, 40);
                 }}
             }}
             return '';"
        ))
        .await;
    if std::env::var_os("LESSON_DEBUG").is_some() {
        println!("clicked {clicked}");
    }
    matches!(clicked.as_str(), Some(w) if !w.is_empty())
}

/// Every lit thing: where it is and what is on top at its centre.
async fn lit_report(app: &App) -> String {
    let lit = app
        .js(&format!(
            "return {LIT}.flatMap(g => [...document.querySelectorAll(g)])
                 .map(el => {{ const r = el.getBoundingClientRect();
                     const at = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
                     return (el.getAttribute('data-testid') || el.className) + ' '
                         + (el.textContent || '').trim().slice(0, 30) + ' at ' + [r.left, r.top, r.width, r.height].map(Math.round)
                         + ' under ' + (at ? (at.getAttribute('data-testid') || at.className || at.tagName) : 'nothing'); }})
                 .join(' | ')"
        ))
        .await;
    lit.as_str().unwrap_or("").to_string()
}

async fn stuck(app: &App, step: u64) -> ! {
    let lit = lit_report(app).await;
    app.screenshot(&format!("galactic-lesson-stuck-{step}"))
        .await;
    panic!("step {step}: nothing lit could be tapped:\n{lit}");
}

/// Follows the lesson by tapping only what is lit until `stop` says so or it ends; checks at
/// each step that the lesson's line is in view. Returns the taps and the steps seen.
async fn follow(app: &App, read_ms: u64, stop: impl Fn(u64) -> bool) -> (u64, u64) {
    let began = Instant::now();
    let (mut taps, mut last_step) = (0u64, 0u64);
    let mut stepped_at = Instant::now();
    while !app.exists(&testid("lesson-done")).await {
        if stepped_at.elapsed() > patience(20) {
            stuck(app, last_step).await;
        }
        assert!(
            began.elapsed() < patience(600),
            "the lesson did not end ({taps} taps, step {last_step})"
        );
        if let Some(step) = lesson_step_now(app).await {
            let lit = app
                .js(&format!(
                    "return {LIT}.some(g => document.querySelector(g) !== null)"
                ))
                .await;
            if step != last_step && lit.as_bool() == Some(true) {
                last_step = step;
                stepped_at = Instant::now();
                if stop(step) {
                    return (taps, last_step);
                }
                let rect = app
                    .js("const r = document.querySelector('[data-testid=lesson]').getBoundingClientRect();
                         return [r.top, r.bottom, innerHeight]")
                    .await;
                let at = |i: usize| rect[i].as_f64().unwrap_or(-1.0);
                assert!(
                    at(0) >= 0.0 && at(1) <= at(2) + 0.5 && at(1) > at(0),
                    "step {step}: its line is in view ({rect})"
                );
                if read_ms > 0 {
                    tokio::time::sleep(Duration::from_millis(read_ms)).await;
                }
            }
        }
        if tap_lit(app).await {
            taps += 1;
            tokio::time::sleep(Duration::from_millis(30)).await;
        } else {
            tokio::time::sleep(Duration::from_millis(20)).await;
        }
    }
    (taps, last_step)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "needs dist/ and Chromium: run by scripts/test.sh"]
async fn the_guided_turn_is_finished_by_tapping_only_what_is_lit_on_a_phone_and_a_laptop() {
    with_app(|app| async move {
        for (w, h) in [(390, 844), (1366, 768)] {
            app.set_viewport(w, h).await;
            start_lesson(&app, 0).await;
            let (taps, steps) = follow(&app, 0, |_| false).await;
            println!("measure: the guided turn at {w}x{h}: {steps} steps, {taps} taps");
            assert!(steps >= 10, "{steps} steps");
            app.screenshot(&format!("galactic-lesson-done-{w}x{h}")).await;
            // Then a real game at three players.
            assert!(app.click(&testid("lesson-real-game")).await);
            app.wait_for_js(
                "document.querySelector('[data-testid=table]') && !document.querySelector('.lesson')",
                "a real game",
            )
            .await;
        }
        app.assert_no_console_errors().await;
    })
    .await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "needs dist/ and Chromium: run by scripts/test.sh"]
async fn the_guided_turn_resumes_after_a_reload_at_the_step_it_was() {
    with_app(|app| async move {
        app.set_viewport(390, 844).await;
        start_lesson(&app, 0).await;
        let (_, step) = follow(&app, 0, |s| s >= 6).await;
        app.screenshot("galactic-lesson-390x844").await;
        app.client.refresh().await.expect("reload");
        app.wait_for_testid("lesson").await;
        app.wait_for_js(
            &format!("{LIT}.some(g => document.querySelector(g) !== null)"),
            "the step's move",
        )
        .await;
        assert_eq!(
            lesson_step_now(&app).await,
            Some(step),
            "the same step after the reload"
        );
        let (_, last) = follow(&app, 0, |_| false).await;
        assert!(last > step);
        app.assert_no_console_errors().await;
    })
    .await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "needs dist/ and Chromium: run by scripts/test.sh"]
async fn leaving_the_guided_turn_at_a_step_leaves_a_start_screen_that_starts_a_game() {
    with_app(|app| async move {
        for (w, h, leave_at) in [(1366, 768, 1), (390, 844, 4), (1366, 768, 9)] {
            app.set_viewport(w, h).await;
            start_lesson(&app, 0).await;
            let (_, step) = follow(&app, 0, |s| s >= leave_at).await;
            assert!(step >= leave_at, "left at step {step}");
            assert!(app.click(&testid("leave-lesson")).await);
            app.wait_for_testid("start").await;
            assert!(
                !app.exists(&testid("continue")).await,
                "a lesson left is not a game to continue"
            );
            assert!(app.click(&testid("start-game")).await);
            app.wait_for_testid("table").await;
            assert!(!app.exists(&testid("lesson")).await);
        }
        app.assert_no_console_errors().await;
    })
    .await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "needs dist/ and Chromium: run by scripts/test.sh"]
async fn the_rules_lead_to_the_lesson_and_a_game_in_progress_stays() {
    with_app(|app| async move {
        app.set_viewport(390, 844).await;
        app.open("/galactic-rebellion.html?pause=0").await;
        app.wait_for_testid("start").await;
        app.js("localStorage.clear(); localStorage.setItem('egr-motion', 'off');")
            .await;
        app.client.refresh().await.expect("reload");
        app.wait_for_testid("start-game").await;
        assert!(app.click(&testid("start-game")).await);
        app.wait_for_testid("table").await;
        assert!(app.click(&testid("open-rules")).await);
        app.wait_for_testid("rules-learn").await;
        assert!(app.click(&testid("rules-learn")).await);
        app.wait_for_testid("learn").await;
        assert!(!app.exists(&testid("rules")).await, "the rules closed");
        assert!(
            app.exists(&testid("continue")).await,
            "the game in progress is there to continue"
        );
        app.assert_no_console_errors().await;
    })
    .await;
}

/// A figure for people (run by hand): the lesson's steps and taps, and how long a driver takes
/// that waits 1.5 s at each step to read its line, with the computers' usual pauses.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "a figure for people: run by hand"]
async fn measure_the_guided_turn() {
    with_app(|app| async move {
        for (w, h) in [(390, 844), (1366, 768)] {
            app.set_viewport(w, h).await;
            start_lesson(&app, 420).await;
            let began = Instant::now();
            let (taps, steps) = follow(&app, 1_500, |_| false).await;
            println!(
                "measure: the guided turn at {w}x{h}: {steps} steps, {taps} taps, {:.0} s with \
                 1.5 s of reading a step",
                began.elapsed().as_secs_f64()
            );
        }
    })
    .await;
}
