//! Rebellion's lesson in Chromium: followed to its end by tapping only what is lit, on a phone
//! and a laptop; resumed after a reload half-way; left at several steps, each time leaving a
//! start screen that starts a game. `measure_the_lessons` (run by hand) gives their steps,
//! taps and the time a driver takes that waits 1.5 s a step to read.

use evr_browser_tests::{cleared_to_start, lesson_step_now, patience, testid, with_app, App};
use std::time::{Duration, Instant};

/// A fresh page, motion off, the computer without pauses, and the lesson started from the
/// start screen.
async fn start_lesson(app: &App, pause: u32) {
    start_the_lesson(app, pause, "learn-rebel").await;
}

/// The same for the lesson behind the start screen's button `button`.
async fn start_the_lesson(app: &App, pause: u32, button: &str) {
    app.open(&format!("/rebellion.html?pause={pause}")).await;
    app.wait_for_js(
        "document.querySelector('[data-testid=start-screen], [data-testid=galaxy]')",
        "the page",
    )
    .await;
    cleared_to_start(app, "swr-motion", button, "[data-testid=galaxy]").await;
    assert!(app.click(&testid(button)).await);
    app.wait_for_testid("lesson").await;
}

/// One tap, as a finger would, on the first lit thing that is on top where it is drawn (a
/// choice beside the finger, a lit piece or place, a tray, a card or leader to choose, then the
/// list), without scrolling anything: the page must show it; false if nothing was.
async fn tap_lit(app: &App) -> bool {
    let clicked = app
        .js("// What a finger on the thing's centre touches: the thing itself, or a piece standing
             // in a lit place (a tap on a piece with nothing of its own to do is a tap on its place).
             const touched = (el) => {
                 const r = el.getBoundingClientRect();
                 if (r.width === 0 || r.height === 0) return null;
                 const at = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
                 if (at === null) return null;
                 if (at === el || el.contains(at) || at.contains(el)) return el;
                 const piece = at.closest('[data-unit], [data-leader]');
                 return piece && el.matches('.galaxy .target') ? at : null;
             };
             const groups = [
                 '[data-testid=take-seat]',
                 '[data-testid=popover] [data-act], [data-testid=picked] [data-act]',
                 '.galaxy .target:not(.chip), [data-testid=combat] .target [data-act], [data-testid=closeup] [data-act]',
                 '[data-testid=tray-leader]:not(.armed), [data-testid=tray-unit]:not(.armed)',
                 '#decision .choice-card, #decision .leader-choice, #decision .unit-choice',
                 '#decision [data-testid=choice]',
             ];
             for (const g of groups) {
                 for (const el of document.querySelectorAll(g)) {
                     const finger = touched(el);
                     if (!finger) continue;
                     const r = el.getBoundingClientRect();
                     finger.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true,
                         view: window, clientX: r.left + r.width / 2, clientY: r.top + r.height / 2 }));
                     return g + ' => ' + (el.getAttribute('data-testid') || el.className.baseVal || el.className)
                         + ' ' + (el.textContent || '').trim().slice(0, 40);
                 }
             }
             return '';")
        .await;
    if std::env::var_os("LESSON_DEBUG").is_some() {
        println!("clicked {clicked}");
    }
    matches!(clicked.as_str(), Some(w) if !w.is_empty())
}

/// Follows the lesson by tapping only what is lit until `stop` says so or it ends; checks at
/// each step that the lesson's line is in view. Returns the taps and the steps seen.
async fn follow(app: &App, read_ms: u64, stop: impl Fn(u64) -> bool) -> (u64, u64) {
    let began = Instant::now();
    let (mut taps, mut last_step) = (0u64, 0u64);
    // Since the step last changed: taps that lead nowhere are a stuck lesson too.
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
            if step != last_step && app.exists("#decision [data-act], .galaxy .target").await {
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
            if std::env::var_os("LESSON_DEBUG").is_some() {
                let what = app.js("const p = document.querySelector('[data-testid=prompt]'); return [p ? p.textContent : '', document.querySelector('[data-testid=lesson]') ? document.querySelector('[data-testid=lesson]').textContent.slice(0, 40) : '']").await;
                println!("tap {taps}: {what}");
                if taps > 60 {
                    stuck(app, last_step).await;
                }
            }
        } else {
            tokio::time::sleep(Duration::from_millis(20)).await;
        }
    }
    (taps, last_step)
}

/// Nothing lit could be tapped for a long while: says what was lit, where, and what covered it.
async fn stuck(app: &App, step: u64) -> ! {
    let lit = lit_report(app).await;
    app.screenshot(&format!("rebellion-lesson-stuck-{step}"))
        .await;
    panic!("step {step}: nothing lit could be tapped:\n{lit}");
}

/// Every lit thing: where it is and what is on top at its centre.
async fn lit_report(app: &App) -> String {
    let lit = app
        .js("return [...document.querySelectorAll('.galaxy .target, #decision [data-act], [data-testid=combat] [data-act], .lit')]
                 .map(el => { const r = el.getBoundingClientRect();
                     const at = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
                     return (el.getAttribute('data-testid') || el.className.baseVal || el.className) + ' '
                         + (el.textContent || '').trim().slice(0, 30) + ' at ' + [r.left, r.top, r.width, r.height].map(Math.round)
                         + ' under ' + (at ? (at.getAttribute('data-testid') || at.className.baseVal || at.className || at.tagName) : 'nothing'); })
                 .join(' | ')")
        .await;
    lit.as_str().unwrap_or("").to_string()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "needs dist/ and Chromium: run by scripts/test.sh"]
async fn the_rebel_lesson_is_finished_by_tapping_only_what_is_lit_on_a_phone_and_a_laptop() {
    with_app(|app| async move {
        for (w, h) in [(390, 844), (1366, 768)] {
            app.set_viewport(w, h).await;
            start_lesson(&app, 0).await;
            let (taps, steps) = follow(&app, 0, |_| false).await;
            println!("measure: the Rebel lesson at {w}x{h}: {steps} steps, {taps} taps");
            assert!(steps >= 30, "{steps} steps");
            app.screenshot(&format!("rebellion-lesson-done-{w}x{h}")).await;
            // Then a real game.
            assert!(app.click(&testid("lesson-real-game")).await);
            app.wait_for_js(
                "document.querySelector('[data-testid=galaxy]') && !document.querySelector('[data-testid=lesson]')",
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
async fn the_empire_lesson_is_finished_by_tapping_only_what_is_lit_on_a_phone_and_a_laptop() {
    with_app(|app| async move {
        for (w, h) in [(390, 844), (1366, 768)] {
            app.set_viewport(w, h).await;
            start_the_lesson(&app, 0, "learn-empire").await;
            let (taps, steps) = follow(&app, 0, |_| false).await;
            println!("measure: the Empire lesson at {w}x{h}: {steps} steps, {taps} taps");
            assert!(steps >= 25, "{steps} steps");
            app.screenshot(&format!("rebellion-empire-lesson-done-{w}x{h}")).await;
            // Then a real game as the Empire: the base is hidden from this screen.
            assert!(app.click(&testid("lesson-real-game")).await);
            app.wait_for_js(
                "document.querySelector('[data-testid=galaxy]') && !document.querySelector('[data-testid=lesson]')",
                "a real game",
            )
            .await;
            assert!(!app.exists(".marker.base").await, "the Empire does not see the base");
        }
        app.assert_no_console_errors().await;
    })
    .await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "needs dist/ and Chromium: run by scripts/test.sh"]
async fn a_lesson_resumes_after_a_reload_at_the_step_it_was() {
    with_app(|app| async move {
        app.set_viewport(390, 844).await;
        start_lesson(&app, 0).await;
        let (_, step) = follow(&app, 0, |s| s >= 12).await;
        app.screenshot("rebellion-lesson-390x844").await;
        app.client.refresh().await.expect("reload");
        app.wait_for_testid("lesson").await;
        app.wait_for_js(
            "document.querySelector('#decision [data-act], .galaxy .target')",
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
async fn leaving_the_lesson_at_any_step_leaves_a_start_screen_that_starts_a_game() {
    with_app(|app| async move {
        app.set_viewport(1366, 768).await;
        for leave_at in [1, 9, 17, 25, 33] {
            start_lesson(&app, 0).await;
            let (_, step) = follow(&app, 0, |s| s >= leave_at).await;
            assert!(step >= leave_at, "left at step {step}");
            assert!(app.click(&testid("leave-lesson")).await);
            app.wait_for_testid("start-screen").await;
            assert!(
                !app.exists(&testid("continue")).await,
                "a lesson left is not a game to continue"
            );
            assert!(app.click(&testid("new-rebel")).await);
            app.wait_for_testid("galaxy").await;
            assert!(!app.exists(&testid("lesson")).await);
        }
        app.assert_no_console_errors().await;
    })
    .await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "needs dist/ and Chromium: run by scripts/test.sh"]
async fn the_rules_lead_to_the_lessons_and_a_game_in_progress_stays() {
    with_app(|app| async move {
        app.set_viewport(390, 844).await;
        app.open("/rebellion.html?pause=0").await;
        app.wait_for_testid("start-screen").await;
        app.js("localStorage.clear(); localStorage.setItem('swr-motion', 'off');")
            .await;
        app.client.refresh().await.expect("reload");
        app.wait_for_testid("new-rebel").await;
        assert!(app.click(&testid("new-rebel")).await);
        app.wait_for_testid("galaxy").await;
        assert!(app.click(&testid("open-menu")).await);
        app.wait_for_testid("open-rules").await;
        assert!(app.click(&testid("open-rules")).await);
        app.wait_for_testid("rules-learn").await;
        assert!(app.click(&testid("rules-learn")).await);
        app.wait_for_testid("learn-empire").await;
        assert!(!app.exists(&testid("rules")).await, "the rules closed");
        assert!(
            app.exists(&testid("continue")).await,
            "the game in progress is there to continue"
        );
        assert!(app.exists(&testid("learn-rebel")).await);
        app.assert_no_console_errors().await;
    })
    .await;
}

/// A figure for people (run by hand): the lesson's steps and taps, and how long a driver takes
/// that waits 1.5 s at each step to read its line, with the computer's usual pauses.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "a figure for people: run by hand"]
async fn measure_the_lessons() {
    with_app(|app| async move {
        for (name, button) in [("Rebel", "learn-rebel"), ("Empire", "learn-empire")] {
            for (w, h) in [(390, 844), (1366, 768)] {
                app.set_viewport(w, h).await;
                start_the_lesson(&app, 450, button).await;
                let began = Instant::now();
                let (taps, steps) = follow(&app, 1_500, |_| false).await;
                println!(
                    "measure: the {name} lesson at {w}x{h}: {steps} steps, {taps} taps, {:.0} s \
                     with 1.5 s of reading a step",
                    began.elapsed().as_secs_f64()
                );
            }
        }
    })
    .await;
}
