//! Figures for people, not assertions: how long a click takes to reach the screen, and how
//! long a game against the computer takes when played by clicking. It uses only what every
//! version of the page has (its test ids), so the same test measures an older build too:
//! `EVR_DIST_DIR=<other dist> cargo test -p evr-browser-tests --test timing -- --ignored
//! --nocapture`. Motion is off (the setting an older page ignores), so what is measured is the
//! page, and the computer's pause before each move (650 ms, as before there was motion).

use evr_browser_tests::{patience, testid, with_app, App};
use std::time::{Duration, Instant};

/// Clicks the first button of the decision that this simple policy likes (one card played
/// per struggle, then pass; the first option of anything else), timing the click to the
/// second painted frame after it. None when there was nothing to click.
async fn timed_click(app: &App) -> Option<f64> {
    let result = app
        .js_async(
            "const q = s => document.querySelector(s);
             const b = q('[data-testid=continue-round]') || q('#decision button[data-testid=strategy]')
                || q('#decision [data-testid=choices] button') || q('#decision [data-testid=option]')
                || q('#decision [data-testid=pass]') || q('#decision [data-testid=play-card]')
                || q('#decision [data-testid=decline]');
             if (!b) { done(null); } else {
                 const t = performance.now();
                 b.click();
                 requestAnimationFrame(() => requestAnimationFrame(() => done(performance.now() - t)));
             }",
        )
        .await;
    result.as_f64()
}

async fn choose_characters(app: &App) {
    app.wait_for_testid("character-choice").await;
    for b in app.find_all_testid("character").await.iter().take(4) {
        b.click().await.expect("tick a character");
    }
    assert!(app.click(&testid("confirm-characters")).await);
}

fn median(mut xs: Vec<f64>) -> f64 {
    xs.sort_by(f64::total_cmp);
    xs.get(xs.len() / 2).copied().unwrap_or(f64::NAN)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "a measurement, run by hand"]
async fn measure_clicks_and_whole_games_with_motion_off() {
    with_app(|app| async move {
        let games: usize = std::env::var("EVR_TIMING_GAMES")
            .ok()
            .and_then(|s| s.parse().ok())
            .unwrap_or(3);
        let mut clicks_ms = Vec::new();
        for game in 0..games {
            app.open("/").await;
            app.wait_for_testid("app").await;
            app.js("localStorage.clear(); localStorage.setItem('evr-motion', 'off')").await;
            app.open("/").await;
            app.wait_for_testid("start-screen").await;
            let start = Instant::now();
            assert!(app.click(&testid("new-rebel")).await);
            choose_characters(&app).await;
            let (mut clicks, deadline) = (0, Instant::now() + patience(600));
            while !app.exists(&testid("game-over")).await && Instant::now() < deadline {
                if app.exists(&testid("character-choice")).await {
                    choose_characters(&app).await;
                    continue;
                }
                match timed_click(&app).await {
                    Some(ms) => {
                        clicks += 1;
                        clicks_ms.push(ms);
                    }
                    None => tokio::time::sleep(Duration::from_millis(50)).await,
                }
            }
            let seconds = start.elapsed().as_secs_f64();
            println!(
                "measure: game {game}: {clicks} clicks in {seconds:.1} s, {:.2} s per click",
                seconds / clicks.max(1) as f64
            );
        }
        // A reload with a game in progress: navigation to the event on screen (an upper bound:
        // the test looks for the event card in a loop).
        app.js("localStorage.clear(); localStorage.setItem('evr-motion', 'off')").await;
        app.open("/").await;
        app.wait_for_testid("start-screen").await;
        assert!(app.click(&testid("new-rebel")).await);
        choose_characters(&app).await;
        let mut loads = Vec::new();
        for _ in 0..5 {
            app.js("localStorage.setItem('evr-motion', 'off')").await;
            app.open("/").await;
            app.wait_for_testid("event-card").await;
            if let Some(ms) = app.js("return performance.now()").await.as_f64() {
                loads.push(ms);
            }
        }
        println!(
            "measure: navigation to the event on screen (saved game): median {:.0} ms over {} loads",
            median(loads.clone()),
            loads.len()
        );
        println!(
            "measure: click to the second painted frame: median {:.1} ms over {} clicks, slowest {:.1} ms",
            median(clicks_ms.clone()),
            clicks_ms.len(),
            clicks_ms.iter().copied().fold(0.0, f64::max)
        );
    })
    .await;
}

/// A shared link opened in a browser: from navigation (`performance.now()` counts from it) to
/// the first position of the replay on screen (its board and controls), for a typical game
/// (the rule-based computer against a player taking the first legal action), over 7 loads.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "a measurement, not a test: run by hand (see the top of this file)"]
async fn measure_opening_a_replay_link() {
    use evr_engine::{Side, Variant};
    use star_wars_app::evr::session::{Difficulty, Mode, Session};
    let mode = Mode::VsComputer {
        human: Side::Rebel,
        difficulty: Difficulty::Rules,
    };
    let mut session = Session::new(mode, Variant::Full, 2026);
    while !session.game.state().is_over() {
        if session.computer_act().is_none() {
            let action = session.view().legal_actions[0];
            session.act(action).unwrap();
        }
    }
    let code = session.share_code().unwrap();
    with_app(move |app| async move {
        let mut loads = Vec::new();
        for _ in 0..7 {
            app.open("/index.html").await;
            app.open(&format!("/replay.html#g={code}")).await;
            let ms = app
                .js_async(
                    "const shown = () => document.querySelector('[data-testid=replay-controls]')
                         && document.querySelector('[data-testid=board]');
                     const check = () => shown() ? done(performance.now()) : requestAnimationFrame(check);
                     check();",
                )
                .await;
            loads.push(ms.as_f64().unwrap());
        }
        println!(
            "measure: replay link ({} characters of code, {} moves) to its first position on screen: median {:.0} ms over {} loads (slowest {:.0})",
            code.len(),
            session.game.history().len(),
            median(loads.clone()),
            loads.len(),
            loads.iter().copied().fold(0.0, f64::max)
        );
    })
    .await;
}
