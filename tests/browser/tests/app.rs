//! The built app in a real browser. These need `dist/` (trunk build --release) and
//! Chromium + ChromeDriver, so they are ignored by plain `cargo test`; scripts/test.sh runs them
//! with `cargo test -p evr-browser-tests -- --ignored`.

use evr_browser_tests::{testid, with_app, Locator};

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "needs dist/ and Chromium: run by scripts/test.sh"]
async fn app_renders_the_24_event_cards_without_console_errors() {
    with_app(|app| async move {
        app.open("/").await;
        app.wait_for_testid("event-list").await;
        let cards = app.find_all_testid("event-card").await;
        assert_eq!(cards.len(), 24, "event cards rendered");
        let first = cards[0].text().await.expect("card text");
        assert!(
            first.contains("Acquire the Death Star Plans"),
            "first card: {first}"
        );

        // The page is the app, not a blank shell: the title comes from index.html, the list
        // from the wasm module; the wasm itself is served as application/wasm.
        let wasm_type = app
            .js_async(
                "const wasm = performance.getEntriesByType('resource')
                    .map(e => e.name).find(n => n.endsWith('.wasm'));
                 fetch(wasm, { method: 'HEAD' })
                    .then(r => done(r.headers.get('Content-Type')), e => done(String(e)));",
            )
            .await;
        assert_eq!(wasm_type, "application/wasm");

        app.assert_no_console_errors().await;
    })
    .await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "needs dist/ and Chromium: run by scripts/test.sh"]
async fn clicking_a_card_selects_it_and_clicking_again_deselects() {
    with_app(|app| async move {
        app.open("/").await;
        app.wait_for_testid("event-list").await;
        let selected = || async {
            app.client
                .find_all(Locator::Css(&format!("{}.selected", testid("event-card"))))
                .await
                .expect("query selected cards")
                .len()
        };
        assert_eq!(selected().await, 0);

        let button = Locator::Css("[data-testid=\"event-card\"]:nth-child(3) button");
        app.client
            .find(button)
            .await
            .expect("third card")
            .click()
            .await
            .expect("click");
        assert_eq!(selected().await, 1);
        let pressed = app
            .client
            .find(button)
            .await
            .unwrap()
            .attr("aria-pressed")
            .await
            .unwrap();
        assert_eq!(pressed.as_deref(), Some("true"));

        app.client
            .find(button)
            .await
            .unwrap()
            .click()
            .await
            .expect("click again");
        assert_eq!(selected().await, 0);
        app.assert_no_console_errors().await;
    })
    .await;
}

/// The console check itself: it must see console.error and uncaught exceptions, or the
/// "no console errors" assertions above prove nothing.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "needs dist/ and Chromium: run by scripts/test.sh"]
async fn console_check_catches_errors() {
    with_app(|app| async move {
        app.open("/").await;
        app.wait_for_testid("event-list").await;
        app.assert_no_console_errors().await;

        app.js("console.error('evr-canary: console.error'); \
                setTimeout(() => { throw new Error('evr-canary: uncaught'); }, 0);")
            .await;
        tokio::time::sleep(std::time::Duration::from_millis(300)).await;
        let errors: Vec<String> = app
            .console()
            .await
            .into_iter()
            .filter(|e| e.is_error())
            .map(|e| e.message)
            .collect();
        assert!(
            errors
                .iter()
                .any(|m| m.contains("evr-canary: console.error")),
            "{errors:?}"
        );
        assert!(
            errors.iter().any(|m| m.contains("evr-canary: uncaught")),
            "{errors:?}"
        );
    })
    .await;
}
