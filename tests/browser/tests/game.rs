//! The game in a real browser: a whole game against the computer played by clicking, a reload
//! in the middle of a struggle, the secrecy of a two-player game, and a damaged save.

use evr_browser_tests::{patience, testid, with_app, App, Locator};
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
            mine: q('[data-card][data-zone=my-play]').map(e => e.dataset.card + [...e.classList].sort().join(' ')).join(),
            theirs: q('[data-card][data-zone=their-play]').map(e => e.dataset.card + [...e.classList].sort().join(' ')).join(),
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
        let deadline = Instant::now() + patience(420);
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
        app.wait_for_testid("new-imperial").await;
        assert!(app.click(&testid("new-imperial")).await);
        choose_characters(&app).await;
        // Play until a struggle has cards on both sides and it is our move.
        let deadline = Instant::now() + patience(60);
        loop {
            assert!(Instant::now() < deadline, "no struggle reached");
            let ready = app.exists("#decision [data-testid=\"pass\"]").await
                && app.exists("[data-card][data-zone=their-play]").await;
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
        // The log shows the pass (on a loaded machine it may take a few frames more than the
        // table: wait for it rather than read it once).
        let logged = after["log"].as_u64().unwrap_or(0);
        app.wait_for_js(
            &format!("document.querySelectorAll('[data-testid=log] li').length > {logged}"),
            "the pass reached the table",
        )
        .await;
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
        let deadline = Instant::now() + patience(30);
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
        // Characters the Rebel holds in deck or reserve, and has not played, are not named
        // (cards on the table carry their zone: in play, or in the Rebel's discard pile).
        let rebel_in_play = app
            .js("return [...document.querySelectorAll('[data-card][data-zone^=their-]')].map(e => e.textContent).join()")
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

/// A new game, made natively: the human is the Rebel, the computer the (deterministic)
/// rule-based player.
fn rebel_against_the_rule_based_computer(seed: u64) -> star_wars_app::evr::session::Session {
    use evr_engine::{Side, Variant};
    use star_wars_app::evr::session::{Difficulty, Mode, Session};
    let mode = Mode::VsComputer {
        human: Side::Rebel,
        difficulty: Difficulty::Rules,
    };
    Session::new(mode, Variant::Full, seed)
}

/// A game in the middle of a struggle, made natively from a fixed seed: the human (the Rebel)
/// and the rule-based computer each have cards in play, one of them exhausted, a card in a
/// discard pile, and it is the human's turn.
fn a_save_in_the_middle_of_a_struggle() -> String {
    use evr_engine::view::{Decision, Stage};
    use evr_engine::Action;
    for seed in 0..300u64 {
        let mut session = rebel_against_the_rule_based_computer(seed);
        for step in 0..400 {
            if session.computer_act().is_some() {
                continue;
            }
            let view = session.view();
            let busy = view.me.play.len() >= 3 && view.opponent.play.len() >= 2;
            let exhausted = view
                .me
                .play
                .iter()
                .chain(&view.opponent.play)
                .any(|p| p.exhausted);
            let discarded = !view.me.discard.is_empty() || !view.opponent.discard.is_empty();
            if busy && exhausted && discarded && view.decision == Some(Decision::StruggleTurn) {
                return session.save();
            }
            if matches!(view.stage, Stage::GameOver { .. }) {
                break;
            }
            // Play cards and use powers first; pass only when nothing else is left.
            let legal = &view.legal_actions;
            let pick = legal
                .iter()
                .find(|a| matches!(a, Action::PlayCard) && step % 3 != 0)
                .or_else(|| legal.iter().find(|a| matches!(a, Action::UsePower(_))))
                .or_else(|| legal.iter().find(|a| !matches!(a, Action::Pass)))
                .or(legal.first());
            let Some(&action) = pick else { break };
            session.act(action).expect("a legal action");
        }
    }
    panic!("no busy struggle reached in 300 seeded games");
}

/// Whether the page scrolls, and which of the table's parts lie outside the window: the
/// decision's buttons (each inside the decision's own visible box), the scores, the balance
/// token, both sides' lines, the event and the strategy cards.
const FIT_PROBE: &str = "
    const doc = document.documentElement;
    const inside = (r, box) => r.width > 0 && r.height > 0 && r.left >= box.left - 1
        && r.top >= box.top - 1 && r.right <= box.right + 1 && r.bottom <= box.bottom + 1;
    const window_box = { left: 0, top: 0, right: innerWidth, bottom: innerHeight };
    const decision = document.querySelector('#decision').getBoundingClientRect();
    const off = [];
    // A first-time hint's button is not the decision's: the hint comes after the answers.
    for (const b of document.querySelectorAll('#decision button:not(.first-hint button)')) {
        if (!inside(b.getBoundingClientRect(), decision) || !inside(b.getBoundingClientRect(), window_box))
            off.push('button ' + b.textContent);
    }
    for (const css of ['[data-testid=round]', '[data-testid=balance-token]', '.victory-track',
        '[data-testid=opponent-area]', '[data-testid=my-area]', '[data-testid=event-card]',
        '[data-testid=my-strategies]', '[data-testid=play-mine]', '[data-testid=play-opponent]',
        '[data-card][data-zone=my-play]', '[data-card][data-zone=their-play]']) {
        const e = document.querySelector(css);
        if (!e || !inside(e.getBoundingClientRect(), window_box)) off.push(css);
    }
    return { scroll_h: doc.scrollHeight - innerHeight, scroll_w: doc.scrollWidth - innerWidth,
             body_h: document.body.scrollHeight - innerHeight, off };
";

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "needs dist/ and Chromium: run by scripts/test.sh"]
async fn the_whole_table_fits_every_window_without_scrolling() {
    let save = a_save_in_the_middle_of_a_struggle();
    with_app(|app| async move {
        app.open("/").await;
        app.wait_for_testid("start-screen").await;
        app.js(&format!(
            "localStorage.clear(); localStorage.setItem('evr-save', {});",
            serde_json::Value::String(save)
        ))
        .await;
        for (width, height) in [(390, 844), (844, 390), (768, 1024), (1366, 768), (1920, 1080)] {
            let phone = width.min(height) < 500;
            app.cdp(
                "Emulation.setDeviceMetricsOverride",
                serde_json::json!({ "width": width, "height": height, "deviceScaleFactor": 1, "mobile": phone }),
            )
            .await;
            app.client.refresh().await.expect("reload");
            app.wait_for_testid("table").await;
            app.wait_for_js(
                "document.querySelectorAll('#decision [data-testid=pass]').length > 0",
                "the human's turn",
            )
            .await;
            // Let the cards reach their places.
            tokio::time::sleep(Duration::from_millis(900)).await;
            let fit = app.js(FIT_PROBE).await;
            app.screenshot(&format!("evr-table-{width}x{height}")).await;
            assert!(fit["scroll_h"].as_i64().unwrap() <= 0, "{width}×{height}: the page scrolls down: {fit}");
            assert!(fit["scroll_w"].as_i64().unwrap() <= 0, "{width}×{height}: the page scrolls sideways: {fit}");
            assert_eq!(fit["off"], serde_json::json!([]), "{width}×{height}: off screen: {fit}");
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
        // The start screen is drawn by the wasm once loaded: wait for it (a busy machine).
        app.wait_for_testid("new-tutorial").await;
        assert!(app.click(&testid("new-tutorial")).await);
        app.wait_for_testid("tutorial-help").await;
        // The Rebel must play a card first: then there is a card of ours on the table.
        assert!(app.click("#decision [data-testid=\"play-card\"]").await);
        app.wait_for_testid("play-mine").await;
        let card = "[data-card][data-zone=my-play]";
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

/// Watches the card layer: a card that appears while its element is still there is a broken
/// identity, and every change of zone of an element is counted ("from>to").
const WATCH_CARDS: &str = "
    const layer = document.querySelector('.card-layer');
    window.__cards = new Map();
    window.__broken = [];
    window.__moves = {};
    for (const el of layer.querySelectorAll('[data-card]')) window.__cards.set(el.dataset.card, el);
    new MutationObserver(records => {
        for (const r of records) {
            if (r.type === 'attributes') {
                const move = (r.oldValue || '') + '>' + r.target.getAttribute('data-zone');
                window.__moves[move] = (window.__moves[move] || 0) + 1;
                continue;
            }
            for (const el of r.removedNodes)
                if (el.dataset && window.__cards.get(el.dataset.card) === el) window.__cards.delete(el.dataset.card);
            for (const el of r.addedNodes) {
                if (!el.dataset || !el.dataset.card) continue;
                const old = window.__cards.get(el.dataset.card);
                if (old && old !== el && old.isConnected) window.__broken.push(el.dataset.card);
                window.__cards.set(el.dataset.card, el);
            }
        }
    }).observe(layer, { childList: true, subtree: true, attributes: true,
                        attributeFilter: ['data-zone'], attributeOldValue: true });
";

/// A game where the human (the Rebel) is about to play a Diplomacy card from the top of their
/// deck, and on their next turn may use its power (Diplomacy discards one of one's own cards,
/// this one included): the card can be followed from the deck to the discard pile.
fn a_save_before_playing_a_diplomacy_card() -> (String, u8) {
    use evr_engine::view::Decision;
    use evr_engine::{Action, CardKind, ResourceType};
    for seed in 0..300u64 {
        let mut session = rebel_against_the_rule_based_computer(seed);
        for _ in 0..300 {
            if session.computer_act().is_some() {
                continue;
            }
            let view = session.view();
            let Some(&first) = view.legal_actions.first() else {
                break;
            };
            if view.decision == Some(Decision::StruggleTurn)
                && view.legal_actions.contains(&Action::PlayCard)
            {
                let mut trial = session.clone();
                trial.act(Action::PlayCard).expect("play");
                let played = trial.view().me.play.last().map(|p| p.card);
                if let Some(card) =
                    played.filter(|c| c.kind() == CardKind::Regular(ResourceType::Diplomacy))
                {
                    while trial.computer_act().is_some() {}
                    if trial.view().legal_actions.contains(&Action::UsePower(card)) {
                        return (session.save(), card.0);
                    }
                }
                session.act(Action::PlayCard).expect("play");
                continue;
            }
            session.act(first).expect("a legal action");
        }
    }
    panic!("no Diplomacy card to follow in 300 seeded games");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "needs dist/ and Chromium: run by scripts/test.sh"]
async fn a_card_is_one_element_from_play_to_its_discard_pile() {
    let (save, card) = a_save_before_playing_a_diplomacy_card();
    with_app(|app| async move {
        app.open("/").await;
        app.wait_for_testid("start-screen").await;
        app.js(&format!(
            "localStorage.clear(); localStorage.setItem('evr-motion', 'normal');
             localStorage.setItem('evr-save', {});",
            serde_json::Value::String(save)
        ))
        .await;
        app.client.refresh().await.expect("reload");
        app.wait_for_testid("table").await;
        app.js(WATCH_CARDS).await;
        let this = format!(".card-layer [data-card='{card}']");
        // What a move does not change is not redrawn: the event and the strategy cards stay.
        app.js("window.__still = ['[data-testid=event-card]', '[data-testid=my-strategies] .strategy-card', '[data-testid=opponent-area]'].map(s => document.querySelector(s))").await;
        // Played: the card appears in play.
        assert!(app.click("#decision [data-testid=play-card]").await);
        app.wait_for_js(
            &format!("document.querySelector(\"{this}\")"),
            "the card in play",
        )
        .await;
        app.js(&format!(
            "window.__followed = document.querySelector(\"{this}\")"
        ))
        .await;
        // Its power, on our next turn: discard this very card.
        app.wait_for_js(
            &format!("document.querySelector(\"{this}.playable\")"),
            "its power",
        )
        .await;
        assert!(app.click(&this).await, "use the power");
        let choice = format!("#decision [data-testid=choices] [data-card='{card}']");
        app.wait_for_js(
            &format!("document.querySelector(\"{choice}\")"),
            "the choice",
        )
        .await;
        assert!(app.click(&choice).await, "discard it");
        app.wait_for_js(
            &format!("document.querySelector(\"{this}[data-zone=my-discard]\")"),
            "the card in the discard pile",
        )
        .await;
        let report = app
            .js(&format!(
                "return {{ same: document.querySelector(\"{this}\") === window.__followed,
                          broken: window.__broken, moves: window.__moves }}"
            ))
            .await;
        println!(
            "measure: zone changes of kept card elements {}",
            report["moves"]
        );
        assert_eq!(
            report["same"], true,
            "the discarded card is a new element: {report}"
        );
        assert_eq!(
            report["broken"],
            serde_json::json!([]),
            "a card was drawn twice: {report}"
        );
        assert!(
            report["moves"]["my-play>my-discard"].as_u64() >= Some(1),
            "no move from play to the discard pile: {report}"
        );
        app.assert_no_console_errors().await;
    })
    .await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "needs dist/ and Chromium: run by scripts/test.sh"]
async fn a_click_during_an_animation_acts_at_once() {
    let save = a_save_in_the_middle_of_a_struggle();
    with_app(|app| async move {
        app.open("/").await;
        app.wait_for_testid("start-screen").await;
        app.js(&format!(
            "localStorage.clear(); localStorage.setItem('evr-motion', 'slow');
             localStorage.setItem('evr-save', {});",
            serde_json::Value::String(save)
        ))
        .await;
        app.client.refresh().await.expect("reload");
        app.wait_for_testid("table").await;
        // On load the cards in play fly in from the decks (slow: 0.8 s); click Pass at once.
        let result = app
            .js_async(
                "const wait = () => {
                    const pass = document.querySelector('#decision [data-testid=pass]');
                    if (!pass) return requestAnimationFrame(wait);
                    const running = document.getAnimations().filter(a => a.playState === 'running').length;
                    const before = document.querySelectorAll('[data-testid=log] li').length;
                    const t = performance.now();
                    pass.click();
                    requestAnimationFrame(() => requestAnimationFrame(() => done({
                        running,
                        before,
                        after: document.querySelectorAll('[data-testid=log] li').length,
                        still: document.getAnimations().filter(a => a.playState === 'running').length,
                        ms: performance.now() - t,
                    })));
                 };
                 wait();",
            )
            .await;
        println!("measure: a click during the cards' motion {result}");
        assert!(result["running"].as_u64() > Some(0), "nothing was moving: {result}");
        assert!(
            result["after"].as_u64() > result["before"].as_u64(),
            "the pass did not act at once: {result}"
        );
        app.assert_no_console_errors().await;
    })
    .await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "needs dist/ and Chromium: run by scripts/test.sh"]
async fn motion_is_off_when_the_system_asks_and_a_chosen_speed_is_remembered() {
    with_app(|app| async move {
        let motion = "return document.querySelector('[data-testid=app]').dataset.motion";
        app.cdp(
            "Emulation.setEmulatedMedia",
            serde_json::json!({ "features": [{ "name": "prefers-reduced-motion", "value": "reduce" }] }),
        )
        .await;
        app.open("/").await;
        app.wait_for_testid("start-screen").await;
        app.js("localStorage.clear()").await;
        app.client.refresh().await.expect("reload");
        app.wait_for_testid("start-screen").await;
        assert_eq!(app.js(motion).await, "off", "reduced motion asked");
        // A game, its menu, and a speed chosen there.
        assert!(app.click(&testid("new-two-players")).await);
        app.wait_for_js(
            "document.querySelector('[data-testid=table], [data-testid=take-seat]')",
            "the game",
        )
        .await;
        if app.exists(&testid("take-seat")).await {
            assert!(app.click(&testid("take-seat")).await);
        }
        app.wait_for_testid("table").await;
        assert!(app.click(&testid("open-menu")).await);
        assert!(app.click(&testid("motion-slow")).await);
        assert_eq!(app.js(motion).await, "slow");
        assert!(app.click(&testid("close-drawer")).await);
        assert!(!app.exists(&testid("drawer")).await, "the menu closes");
        app.client.refresh().await.expect("reload");
        app.wait_for_testid("app").await;
        assert_eq!(app.js(motion).await, "slow", "remembered on the device");
        // Without the system's request and with nothing chosen, motion is on.
        app.cdp("Emulation.setEmulatedMedia", serde_json::json!({ "features": [] })).await;
        app.js("localStorage.removeItem('evr-motion')").await;
        app.client.refresh().await.expect("reload");
        app.wait_for_testid("app").await;
        assert_eq!(app.js(motion).await, "normal");
        app.assert_no_console_errors().await;
    })
    .await;
}
