//! Empire vs. Rebellion's lesson in Chromium: followed to its end by tapping only what is lit,
//! on a phone and a laptop; resumed after a reload half-way; left at several steps, each time
//! leaving a start screen that starts a game; reached from the rules too.
//! `measure_the_first_event_lesson` (run by hand) gives its steps, taps and the time a driver
//! takes that waits 1.5 s a step to read.

use evr_browser_tests::{cleared_to_start, lesson_step_now, patience, testid, with_app, App};
use std::time::{Duration, Instant};

/// A fresh page with motion off, then the lesson started from the start screen.
async fn start_lesson(app: &App) {
    app.open("/").await;
    app.wait_for_js(
        "document.querySelector('[data-testid=start-screen], [data-testid=table]')",
        "the page",
    )
    .await;
    cleared_to_start(app, "evr-motion", "learn-rebel", "[data-testid=table]").await;
    assert!(app.click(&testid("learn-rebel")).await);
    app.wait_for_testid("lesson").await;
}

/// What may be lit: a card on the table, a strategy card, a choice or a button of the
/// decision (never the lesson's own buttons), and the end of the round's summary.
const LIT: &str = "[data-testid=continue-round], .table-card.playable, \
                   #decision [data-testid=strategy], #decision .choices button.playable, \
                   #decision .buttons button";

/// One tap, as a finger would, on the lit thing if it is the topmost element where it is
/// drawn (seen, not covered), and with `Some(step)` only while the lesson is at that step
/// (looked at in the same go: on a busy machine the next step can be drawn between two
/// calls, and a tap then would skip it unseen); its kind, or None if nothing lit was there.
async fn tap_lit(app: &App, step: Option<u64>) -> Option<String> {
    let at_step = match step {
        Some(n) => format!(
            "const s = document.querySelector('[data-testid=lesson-step]');
             if (!s || !s.textContent.startsWith('Lesson, step {n} ')) return null;"
        ),
        None => String::new(),
    };
    let script = format!(
        "{at_step}
         const lit = [...document.querySelectorAll('{LIT}')];
         for (const el of lit) {{
             el.scrollIntoView({{ block: 'center', inline: 'nearest' }});
             const r = el.getBoundingClientRect();
             if (r.width < 44 && r.height < 44) continue;
             const x = r.left + r.width / 2, y = r.top + r.height / 2;
             const at = document.elementFromPoint(x, y);
             if (at === null || !(at === el || el.contains(at))) continue;
             el.dispatchEvent(new MouseEvent('click', {{ bubbles: true, cancelable: true,
                 view: window, clientX: x, clientY: y }}));
             return (el.dataset.testid || '') + ' ' + el.className;
         }}
         return null;"
    );
    app.js(&script).await.as_str().map(str::to_string)
}

/// How many things are lit now (a lesson lights one at a time; a card to choose is lit on
/// the table and among the choices).
async fn lit_count(app: &App) -> u64 {
    app.js(&format!(
        "const lit = [...document.querySelectorAll('{LIT}')];
         return new Set(lit.map(e => e.dataset.card || e.dataset.testid)).size"
    ))
    .await
    .as_u64()
    .unwrap_or(0)
}

/// Follows the lesson by tapping only what is lit until `stop` says so or it ends; checks at
/// each step that the lesson's line is in view and that one thing is lit. Returns the taps
/// and the last step seen.
async fn follow(app: &App, read_ms: u64, stop: impl Fn(u64) -> bool) -> (u64, u64) {
    let began = Instant::now();
    let (mut taps, mut last_step) = (0u64, 0u64);
    while !app.exists(&testid("lesson-done")).await {
        assert!(
            began.elapsed() < patience(300),
            "the lesson did not end ({taps} taps, step {last_step})"
        );
        if let Some(step) = lesson_step_now(app).await {
            if step != last_step && lit_count(app).await > 0 {
                last_step = step;
                if stop(step) {
                    return (taps, last_step);
                }
                assert_eq!(lit_count(app).await, 1, "step {step}: one thing lit");
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
        match tap_lit(app, Some(last_step)).await {
            Some(what) => {
                taps += 1;
                if std::env::var_os("LESSON_DEBUG").is_some() {
                    println!("tap {taps} at step {last_step}: {what}");
                }
            }
            None => tokio::time::sleep(Duration::from_millis(30)).await,
        }
    }
    (taps, last_step)
}

/// The end: the round's summary closed by its lit button, then the lesson's last line on top
/// where it is, and the balance token turned to the Empire.
async fn finish(app: &App) -> u64 {
    let mut taps = 0;
    app.wait_for_testid("round-summary").await;
    while app.exists(&testid("round-summary")).await {
        if tap_lit(app, None).await.is_some() {
            taps += 1;
        }
        tokio::time::sleep(Duration::from_millis(30)).await;
    }
    let on_top = app
        .js(
            "const el = document.querySelector('[data-testid=lesson-done]');
             el.scrollIntoView({ block: 'center' });
             const r = el.getBoundingClientRect();
             const at = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
             return at !== null && el.contains(at);",
        )
        .await;
    assert_eq!(on_top, true, "the lesson's last line is seen");
    let balance = app
        .js("return document.querySelector('[data-testid=balance-token]').dataset.side")
        .await;
    assert_eq!(balance, "empire", "the balance token turned");
    taps
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "needs dist/ and Chromium: run by scripts/test.sh"]
async fn the_lesson_is_finished_by_tapping_only_what_is_lit_on_a_phone_and_a_laptop() {
    with_app(|app| async move {
        for (w, h) in [(390, 844), (1366, 768)] {
            app.set_viewport(w, h).await;
            start_lesson(&app).await;
            let (taps, steps) = follow(&app, 0, |_| false).await;
            let taps = taps + finish(&app).await;
            println!("measure: the first-event lesson at {w}x{h}: {steps} steps, {taps} taps");
            assert!(steps >= 10, "{steps} steps");
            app.screenshot(&format!("evr-lesson-done-{w}x{h}")).await;
            let (next, what) = if w < 700 {
                ("lesson-tutorial", "Tutorial")
            } else {
                ("lesson-real-game", "Round")
            };
            assert!(app.click(&testid(next)).await);
            app.wait_for_js(
                &format!(
                    "!document.querySelector('[data-testid=lesson]') && \
                     document.querySelector('[data-testid=tutorial-help], [data-testid=character-choice]') && \
                     document.body.textContent.includes('{what}')"
                ),
                "a game after the lesson",
            )
            .await;
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
        start_lesson(&app).await;
        let (_, step) = follow(&app, 0, |s| s >= 6).await;
        app.screenshot("evr-lesson-390x844").await;
        app.client.refresh().await.expect("reload");
        app.wait_for_testid("lesson").await;
        app.wait_for_js(
            &format!("document.querySelector('{LIT}')"),
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
        finish(&app).await;
        app.assert_no_console_errors().await;
    })
    .await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "needs dist/ and Chromium: run by scripts/test.sh"]
async fn leaving_the_lesson_at_a_step_leaves_a_start_screen_that_starts_a_game() {
    with_app(|app| async move {
        app.set_viewport(1366, 768).await;
        for leave_at in [1, 5, 9] {
            start_lesson(&app).await;
            let (_, step) = follow(&app, 0, |s| s >= leave_at).await;
            assert_eq!(step, leave_at);
            assert!(app.click(&testid("leave-lesson")).await);
            app.wait_for_testid("start-screen").await;
            assert!(
                !app.exists(&testid("continue")).await,
                "a lesson left is not a game to continue"
            );
            assert!(app.click(&testid("new-rebel")).await);
            app.wait_for_testid("character-choice").await;
            assert!(!app.exists(&testid("lesson")).await);
        }
        app.assert_no_console_errors().await;
    })
    .await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "needs dist/ and Chromium: run by scripts/test.sh"]
async fn the_rules_lead_to_the_lesson_and_a_game_in_progress_is_kept_aside_by_it() {
    with_app(|app| async move {
        app.set_viewport(390, 844).await;
        start_lesson(&app).await;
        // A real game in progress, then the lesson by way of the rules: the game is kept aside
        // when the lesson starts.
        assert!(app.click(&testid("leave-lesson")).await);
        assert!(app.click(&testid("new-rebel")).await);
        app.wait_for_testid("character-choice").await;
        assert!(app.click(&testid("open-menu")).await);
        assert!(app.click(&testid("rules-from-menu")).await);
        assert!(app.click(&testid("rules-learn")).await);
        // The start screen, the game in progress there to continue.
        app.wait_for_testid("start-screen").await;
        assert!(!app.exists(&testid("rules")).await);
        assert!(app.exists(&testid("continue")).await);
        assert!(app.click(&testid("learn-rebel")).await);
        app.wait_for_testid("lesson").await;
        assert!(app.click(&testid("leave-lesson")).await);
        app.wait_for_testid("kept-line").await;
        app.assert_no_console_errors().await;
    })
    .await;
}

/// A figure for people (run by hand): the lesson's steps and taps, and how long a driver takes
/// that waits 1.5 s at each step to read its line, with the computer's usual pauses.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "a figure for people: run by hand"]
async fn measure_the_first_event_lesson() {
    with_app(|app| async move {
        for (w, h) in [(390, 844), (1366, 768)] {
            app.set_viewport(w, h).await;
            start_lesson(&app).await;
            let began = Instant::now();
            let (taps, steps) = follow(&app, 1_500, |_| false).await;
            let taps = taps + finish(&app).await;
            println!(
                "measure: the first-event lesson at {w}x{h}: {steps} steps, {taps} taps, {:.0} s \
                 with 1.5 s of reading a step",
                began.elapsed().as_secs_f64()
            );
        }
    })
    .await;
}
