//! The built app in a real browser. These need `dist/` (trunk build --release) and
//! Chromium + ChromeDriver, so they are ignored by plain `cargo test`; scripts/test.sh runs them
//! with `cargo test -p evr-browser-tests -- --ignored`.

use evr_browser_tests::with_app;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "needs dist/ and Chromium: run by scripts/test.sh"]
async fn app_renders_its_start_screen_without_console_errors() {
    with_app(|app| async move {
        app.open("/").await;
        app.wait_for_testid("start-screen").await;
        for id in [
            "new-rebel",
            "new-imperial",
            "new-two-players",
            "new-tutorial",
            "open-rules",
        ] {
            assert_eq!(app.find_all_testid(id).await.len(), 1, "start button {id}");
        }

        // The page is the app, not a blank shell: the menu comes from the wasm module, which
        // is served as application/wasm.
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
async fn the_rules_reference_shows_the_rules_document() {
    with_app(|app| async move {
        app.open("/").await;
        app.wait_for_testid("open-rules")
            .await
            .click()
            .await
            .expect("open rules");
        // The rules page, written at build time, in its frame over the game.
        let text = app.rules_text(3).await;
        for heading in ["Setup", "Tutorial: Escape From Tatooine", "Rulings index"] {
            assert!(text.contains(heading), "the rules lack {heading}");
        }
        app.wait_for_testid("close-rules")
            .await
            .click()
            .await
            .expect("close");
        assert!(app.find_all_testid("rules").await.is_empty());
        app.assert_no_console_errors().await;
    })
    .await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "needs dist/ and Chromium: run by scripts/test.sh"]
async fn the_game_starts_and_plays_with_the_keyboard_alone() {
    with_app(|app| async move {
        app.open("/").await;
        app.wait_for_testid("start-screen").await;
        // Tab to "Play the Rebellion" and press Enter.
        let app_ref = &app;
        let keys = |k: &'static str| async move {
            let focused = app_ref.client.active_element().await.unwrap();
            focused.send_keys(k).await.unwrap();
        };
        app.js("document.activeElement && document.activeElement.blur()")
            .await;
        for _ in 0..20 {
            let focused = app
                .js("return document.activeElement?.dataset?.testid ?? ''")
                .await;
            if focused == "new-rebel" {
                break;
            }
            keys("\u{E004}").await; // Tab
        }
        keys("\u{E007}").await; // Enter
        app.wait_for_testid("character-choice").await;
        // Space ticks the focused character box: tick four, then confirm with Enter.
        let boxes = app.find_all_testid("character").await;
        for b in boxes.iter().take(4) {
            b.send_keys(" ").await.unwrap();
        }
        app.wait_for_testid("confirm-characters")
            .await
            .send_keys("\u{E007}")
            .await
            .unwrap();
        app.wait_for_testid("event-card").await;
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
        app.wait_for_testid("start-screen").await;
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
