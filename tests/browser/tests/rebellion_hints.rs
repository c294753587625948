//! Rebellion's first-time hints in Chromium: in a real game, each kind of decision is said once
//! (never again once acted on, a reload included), and "No more hints" turns them off for good;
//! the menu's setting turns them on again.

use evr_browser_tests::{cleared_to_start, patience, testid, with_app, App};
use std::collections::BTreeSet;
use std::time::Instant;

/// The hint shown now, if any.
async fn hint_now(app: &App) -> Option<String> {
    app.js("const h = document.querySelector('[data-testid=first-hint] p'); return h ? h.textContent : null")
        .await
        .as_str()
        .map(str::to_string)
}

/// Makes the decision: the first choice that acts, else the computer's placing of the rest
/// (setup), else opens the first group of the list (not a decision made: returns false).
async fn act_once(app: &App) -> bool {
    app.js(
        "const b = document.querySelector('#decision [data-act], #decision [data-cmd=rest]');
             if (b) { b.click(); return true; }
             const g = document.querySelector('#decision [data-open]');
             if (g) g.click();
             return false;",
    )
    .await
    .as_bool()
    .unwrap_or(false)
}

async fn new_game(app: &App) {
    app.open("/rebellion.html?pause=0").await;
    app.wait_for_js(
        "document.querySelector('[data-testid=start-screen], [data-testid=galaxy]')",
        "the page",
    )
    .await;
    cleared_to_start(app, "swr-motion", "new-rebel", "[data-testid=galaxy]").await;
    assert!(app.click(&testid("new-rebel")).await);
    app.wait_for_testid("galaxy").await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "needs dist/ and Chromium: run by scripts/test.sh"]
async fn each_kind_of_decision_is_said_once_and_hints_can_be_turned_off() {
    with_app(|app| async move {
        app.set_viewport(390, 844).await;
        new_game(&app).await;
        let began = Instant::now();
        let (mut said, mut acted) = (BTreeSet::new(), 0);
        // Ten decisions after the reload are enough to see nothing said again (the first
        // round offers some 39 that this loop can make: waiting for 40 ran to the hang guard).
        let mut last = Instant::now();
        while acted < 30 && began.elapsed() < patience(60) {
            // On a busy machine the round can reach a decision this loop cannot make: once
            // enough was seen after the reload, a long wait for one ends it.
            if acted > 20 && said.len() >= 4 && last.elapsed() > patience(10) {
                break;
            }
            let hint = hint_now(&app).await;
            if let Some(h) = &hint {
                assert!(!said.contains(h), "said again after it was acted on: {h}");
            }
            if act_once(&app).await {
                acted += 1;
                last = Instant::now();
                if let Some(h) = hint {
                    said.insert(h);
                }
                if acted == 20 {
                    // A reload keeps what was said.
                    app.client.refresh().await.expect("reload");
                    app.wait_for_testid("galaxy").await;
                }
            } else {
                tokio::time::sleep(std::time::Duration::from_millis(30)).await;
            }
        }
        if said.len() < 4 {
            app.screenshot("rebellion-hints-few").await;
        }
        assert!(said.len() >= 4, "kinds said: {said:?} in {acted} decisions");
        println!(
            "measure: {} kinds said in {acted} decisions: {said:?}",
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
        for _ in 0..40 {
            if act_once(&app).await {
                assert!(hint_now(&app).await.is_none(), "no hint once turned off");
            }
        }
        app.client.refresh().await.expect("reload");
        app.wait_for_testid("galaxy").await;
        assert!(hint_now(&app).await.is_none(), "still off after a reload");

        // On again from the menu: said again.
        assert!(app.click(&testid("open-menu")).await);
        app.wait_for_testid("hints-setting").await;
        assert!(app.click(&testid("hints-setting")).await);
        app.client.refresh().await.expect("reload");
        app.wait_for_testid("galaxy").await;
        let began = Instant::now();
        while hint_now(&app).await.is_none() {
            assert!(
                began.elapsed() < patience(60),
                "a hint again once turned on"
            );
            if !act_once(&app).await {
                tokio::time::sleep(std::time::Duration::from_millis(30)).await;
            }
        }
        app.assert_no_console_errors().await;
    })
    .await;
}
