//! The game in a real browser: a whole game against the computer played by clicking, a reload
//! in the middle of a struggle, the secrecy of a two-player game, and a damaged save.

use evr_browser_tests::{testid, with_app, App, Locator};
use std::time::{Duration, Instant};

/// Chooses the first four characters and confirms.
async fn choose_characters(app: &App) {
    app.wait_for_testid("character-choice").await;
    let boxes = app.find_all_testid("character").await;
    assert_eq!(boxes.len(), 8, "eight characters offered");
    for b in boxes.iter().take(4) {
        b.click().await.expect("tick a character");
    }
    assert!(app.click(&testid("confirm-characters")).await);
}

/// One click of a simple policy: play one card per struggle, then pass; take the first
/// option of any other decision. Returns false when there was nothing to click.
async fn play_one_click(app: &App) -> bool {
    if app.click(&testid("continue-round")).await {
        return true;
    }
    if app.exists(&testid("character-choice")).await {
        choose_characters(app).await;
        return true;
    }
    for css in [
        "#decision button[data-testid=\"strategy\"]",
        "#decision [data-testid=\"choices\"] button",
        "#decision [data-testid=\"option\"]",
        "#decision [data-testid=\"pass\"]",
        "#decision [data-testid=\"play-card\"]",
        "#decision [data-testid=\"decline\"]",
    ] {
        if app.click(css).await {
            return true;
        }
    }
    false
}

/// What the table shows, to compare before and after a reload.
async fn table_snapshot(app: &App) -> serde_json::Value {
    app.js(
        "const q = s => [...document.querySelectorAll(s)];
         return {
            round: q('[data-testid=round]').map(e => e.textContent).join(),
            event: q('[data-testid=event-card] .event-name').map(e => e.textContent).join(),
            mine: q('[data-testid=play-mine] [data-card]').map(e => e.dataset.card + e.className).join(),
            theirs: q('[data-testid=play-opponent] [data-card]').map(e => e.dataset.card + e.className).join(),
            totals: q('[data-testid=total]').map(e => e.textContent).join('|'),
            turn: q('[data-testid=turn]').map(e => e.textContent).join(),
            log: q('[data-testid=log] li').length,
         };",
    )
    .await
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "needs dist/ and Chromium: run by scripts/test.sh"]
async fn a_whole_game_against_the_computer_played_by_clicking() {
    with_app(|app| async move {
        let start = Instant::now();
        app.open("/").await;
        app.wait_for_testid("start-screen").await;
        let shown = start.elapsed();
        assert!(app.click(&testid("new-rebel")).await);
        choose_characters(&app).await;
        app.wait_for_testid("event-card").await;
        println!(
            "measure: start screen {} ms after navigation, first event {} ms after navigation",
            shown.as_millis(),
            start.elapsed().as_millis()
        );
        let deadline = Instant::now()
            + Duration::from_secs(
                std::env::var("EVR_GAME_SECONDS")
                    .ok()
                    .and_then(|s| s.parse().ok())
                    .unwrap_or(420),
            );
        let mut clicks = 0;
        while !app.exists(&testid("game-over")).await {
            if Instant::now() > deadline {
                let screen = app
                    .js("return document.querySelector('#decision').outerHTML")
                    .await;
                panic!("the game did not end in time; the screen shows:\n{screen}");
            }
            if play_one_click(&app).await {
                clicks += 1;
            } else {
                // The computer is thinking.
                tokio::time::sleep(Duration::from_millis(150)).await;
            }
        }
        let winner = app.wait_for_testid("winner").await.text().await.unwrap();
        assert!(winner == "You win!" || winner.contains("wins"), "{winner}");
        println!(
            "measure: whole game in {clicks} clicks, {} s",
            start.elapsed().as_secs()
        );
        app.assert_no_console_errors().await;
        // Rematch starts a new game.
        assert!(app.click(&testid("rematch")).await);
        app.wait_for_testid("character-choice").await;
    })
    .await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "needs dist/ and Chromium: run by scripts/test.sh"]
async fn a_reload_in_the_middle_of_a_struggle_resumes_the_same_state() {
    with_app(|app| async move {
        app.open("/").await;
        assert!(app.click(&testid("new-imperial")).await);
        choose_characters(&app).await;
        // Play until a struggle has cards on both sides and it is our move.
        let deadline = Instant::now() + Duration::from_secs(60);
        loop {
            assert!(Instant::now() < deadline, "no struggle reached");
            let ready = app.exists("#decision [data-testid=\"pass\"]").await
                && app.exists("[data-testid=\"play-opponent\"] [data-card]").await;
            if ready {
                break;
            }
            if app.exists("#decision [data-testid=\"play-card\"]").await {
                app.click("#decision [data-testid=\"play-card\"]").await;
            } else if !play_one_click(&app).await {
                tokio::time::sleep(Duration::from_millis(150)).await;
            }
        }
        let before = table_snapshot(&app).await;
        app.client.refresh().await.expect("reload");
        app.wait_for_testid("table").await;
        let after = table_snapshot(&app).await;
        assert_eq!(before, after, "the reloaded table differs");
        // And the game goes on from there: time a click on Pass until the next frame is
        // painted with the updated table.
        let update_ms = app
            .js_async(
                "const t = performance.now();
                 document.querySelector('#decision [data-testid=pass]').click();
                 requestAnimationFrame(() => requestAnimationFrame(() => done(performance.now() - t)));",
            )
            .await;
        let later = table_snapshot(&app).await;
        assert!(
            later["log"].as_u64() > after["log"].as_u64(),
            "the pass reached the table"
        );
        println!("measure: click on Pass to the next painted frame {update_ms} ms");
        app.assert_no_console_errors().await;
    })
    .await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "needs dist/ and Chromium: run by scripts/test.sh"]
async fn two_players_never_see_each_others_secrets_in_the_dom() {
    with_app(|app| async move {
        app.open("/").await;
        assert!(app.click(&testid("new-two-players")).await);
        // The Rebel chooses Chewbacca, Han Solo, Lando and Leia (the first four).
        choose_characters(&app).await;
        app.wait_for_testid("handoff").await;
        let html = || async { app.js("return document.body.innerHTML").await.to_string() };
        for name in ["Chewbacca", "Han Solo", "Luke Skywalker", "Yoda"] {
            assert!(
                !html().await.contains(name),
                "{name} on the hand-off screen"
            );
        }
        assert!(app.click(&testid("take-seat")).await);
        choose_characters(&app).await;
        // Strategies: the Rebel chooses, hand-off, the Imperial chooses.
        let mut rebel_strategy = None;
        for _ in 0..2 {
            if app.exists(&testid("take-seat")).await {
                app.click(&testid("take-seat")).await;
            }
            app.wait_for_testid("strategy").await;
            let chosen = app
                .client
                .find(Locator::Css(
                    "#decision button[data-testid=\"strategy\"] .strategy-name",
                ))
                .await
                .unwrap()
                .text()
                .await
                .unwrap();
            let me = app
                .js("return document.querySelector('[data-testid=my-area] h2').textContent")
                .await;
            if me.to_string().contains("Rebellion") {
                rebel_strategy = Some(chosen.clone());
            }
            assert!(
                app.click("#decision button[data-testid=\"strategy\"]")
                    .await
            );
        }
        let rebel_strategy = rebel_strategy.expect("the Rebel chose a strategy");
        // Whoever is at the screen now, the Imperial's screen must hold no Rebel secret.
        let deadline = Instant::now() + Duration::from_secs(30);
        loop {
            assert!(Instant::now() < deadline);
            if app.exists(&testid("take-seat")).await {
                app.click(&testid("take-seat")).await;
                continue;
            }
            let me = app
                .js("return document.querySelector('[data-testid=my-area] h2')?.textContent ?? ''")
                .await;
            if me.to_string().contains("Empire") {
                break;
            }
            // The Rebel's turn: play a card so the turn passes.
            app.click("#decision [data-testid=\"play-card\"]").await;
        }
        // The page without the event card, whose public text may name a character (one event
        // switches off every power but Luke's and Vader's).
        let page = app
            .js("const b = document.body.cloneNode(true);
                 b.querySelectorAll('[data-testid=event-card]').forEach(e => e.remove());
                 return b.innerHTML")
            .await
            .to_string();
        let opponent = app
            .js("return document.querySelector('[data-testid=opponent-area]').innerHTML")
            .await
            .to_string();
        for s in [
            "Direct Assault",
            "Deception",
            "Infiltration",
            "Bureaucracy",
            "Support",
        ] {
            assert!(
                !opponent.contains(s),
                "the Rebel's strategy {s} is on the Imperial's screen"
            );
        }
        let log = app
            .js("return document.querySelector('[data-testid=log]').innerHTML")
            .await
            .to_string();
        assert!(
            !log.contains(&format!("The Rebellion chose {rebel_strategy}")),
            "the log names the Rebel's strategy"
        );
        // Characters the Rebel holds in deck or reserve, and has not played, are not named.
        let rebel_in_play = app
            .js("return document.querySelector('[data-testid=play-opponent]').textContent")
            .await
            .to_string();
        for name in [
            "Chewbacca",
            "Han Solo",
            "Lando Calrissian",
            "Leia Organa",
            "Luke Skywalker",
            "Obi-Wan Kenobi",
            "R2-D2 and C-3PO",
            "Yoda",
        ] {
            if !rebel_in_play.contains(name) {
                assert!(
                    !page.contains(name),
                    "{name} (a Rebel secret) is on the Imperial's screen"
                );
            }
        }
        app.assert_no_console_errors().await;
    })
    .await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "needs dist/ and Chromium: run by scripts/test.sh"]
async fn a_damaged_save_shows_the_recovery_message() {
    with_app(|app| async move {
        app.open("/").await;
        app.wait_for_testid("start-screen").await;
        app.js("localStorage.setItem('evr-save', '{\"format\":\"evr-session\",\"version\":1,\"mode\":');")
            .await;
        app.client.refresh().await.expect("reload");
        let message = app.wait_for_testid("recovery-message").await.text().await.unwrap();
        assert!(message.contains("could not be opened"), "{message}");
        // A save from a newer version says so.
        app.js("localStorage.setItem('evr-save', '{\"format\":\"evr-session\",\"version\":99}');")
            .await;
        app.client.refresh().await.expect("reload");
        let message = app.wait_for_testid("recovery-message").await.text().await.unwrap();
        assert!(message.contains("newer version"), "{message}");
        assert!(app.click(&testid("start-fresh")).await);
        app.wait_for_testid("start-screen").await;
        let left = app.js("return localStorage.getItem('evr-save')").await;
        assert!(left.is_null(), "the damaged save was dropped only on request");
        app.assert_no_console_errors().await;
    })
    .await;
}

/// Saves a screenshot under target/screenshots for a person to look at.
async fn screenshot(app: &App, name: &str) {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../target/screenshots");
    std::fs::create_dir_all(&dir).expect("screenshot folder");
    let png = app.client.screenshot().await.expect("screenshot");
    std::fs::write(dir.join(format!("{name}.png")), png).expect("write screenshot");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "needs dist/ and Chromium: run by scripts/test.sh"]
async fn the_table_fits_a_360_pixel_phone_and_a_desktop() {
    with_app(|app| async move {
        for (name, width, height) in [("phone", 360u32, 740u32), ("desktop", 1280, 900)] {
            app.client.set_window_size(width, height).await.expect("window size");
            app.open("/").await;
            app.js("localStorage.clear()").await;
            app.open("/").await;
            app.wait_for_testid("start-screen").await;
            screenshot(&app, &format!("{name}-start")).await;
            assert!(app.click(&testid("new-rebel")).await);
            choose_characters(&app).await;
            // Play a card or two so the table has something on it.
            let deadline = Instant::now() + Duration::from_secs(30);
            while !app.exists("[data-testid=\"play-mine\"] [data-card]").await
                || !app.exists("[data-testid=\"play-opponent\"] [data-card]").await
            {
                assert!(Instant::now() < deadline, "no cards on the table");
                if !app.click("#decision [data-testid=\"play-card\"]").await {
                    play_one_click(&app).await;
                    tokio::time::sleep(Duration::from_millis(150)).await;
                }
            }
            let overflow = app
                .js("return document.documentElement.scrollWidth - document.documentElement.clientWidth")
                .await;
            assert_eq!(overflow.as_i64(), Some(0), "{name}: the page scrolls sideways");
            screenshot(&app, &format!("{name}-table")).await;
        }
        app.assert_no_console_errors().await;
    })
    .await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "needs dist/ and Chromium: run by scripts/test.sh"]
async fn cards_zoom_on_hover_and_on_long_press_in_the_tutorial() {
    with_app(|app| async move {
        app.open("/").await;
        assert!(app.click(&testid("new-tutorial")).await);
        app.wait_for_testid("tutorial-help").await;
        // The Rebel must play a card first: then there is a card of ours on the table.
        assert!(app.click("#decision [data-testid=\"play-card\"]").await);
        app.wait_for_testid("play-mine").await;
        let card = "[data-testid=\"play-mine\"] [data-card]";
        app.js(&format!(
            "document.querySelector('{card}').dispatchEvent(new PointerEvent('pointerenter', {{ pointerType: 'mouse' }}));"
        ))
        .await;
        app.wait_for_testid("card-zoom").await;
        app.js(&format!(
            "document.querySelector('{card}').dispatchEvent(new PointerEvent('pointerleave', {{ pointerType: 'mouse' }}));"
        ))
        .await;
        assert!(!app.exists(&testid("card-zoom")).await, "the zoom follows the mouse");
        // A long press on a touch screen shows it full screen; a tap closes it.
        app.js(&format!(
            "document.querySelector('{card}').dispatchEvent(new PointerEvent('pointerdown', {{ pointerType: 'touch' }}));"
        ))
        .await;
        tokio::time::sleep(Duration::from_millis(700)).await;
        assert!(app.exists(".card-zoom.pressed").await, "long press zooms");
        assert!(app.click(&testid("card-zoom")).await);
        assert!(!app.exists(&testid("card-zoom")).await);
        app.assert_no_console_errors().await;
    })
    .await;
}
