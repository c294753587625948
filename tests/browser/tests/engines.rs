//! Every page in each browser engine players use: Chromium, Firefox (Gecko) and WebKit
//! (Safari's engine). For each engine, in a fresh profile:
//!
//! - each of the six pages starts its wasm with no error (a hook the static server puts at the
//!   top of every page collects `console.error`, uncaught errors and unhandled rejections
//!   before the app loads), and downloads no file twice before its service worker is asked
//!   for (the server's log);
//! - each game plays at least 30 decisions against the computer, whose answers come (from its
//!   worker in Rebellion and Galactic Rebellion), a reload resumes the same position, and the
//!   service worker controls the page after the reload;
//! - an online page where the browser cannot make direct connections (WebKitGTK has no
//!   `RTCPeerConnection`) says so at once and offers play by codes.
//!
//! The online pairing between Firefox and Chromium is in `online.rs`.

use evr_browser_tests::galactic::mark_next;
use evr_browser_tests::rebellion::STEP;
use evr_browser_tests::{dist_dir, patience, testid, with_engine, App, Engine, StaticServer};
use serde_json::Value;
use star_wars_app::swr::session::{Difficulty, Mode, Session};
use std::collections::BTreeMap;
use std::sync::Arc;
use std::time::{Duration, Instant};
use swr_engine::Side;

/// Each page and the element that shows its app has started.
const PAGES: &[(&str, &str)] = &[
    ("/", "[data-testid=start-screen]"),
    (
        "/rebellion.html",
        "[data-testid=start-screen], [data-testid=galaxy]",
    ),
    (
        "/galactic-rebellion.html",
        "[data-testid=start], [data-testid=table]",
    ),
    ("/replay.html", "[data-testid=app]"),
    (
        "/rebellion-online.html",
        "[data-testid=lobby], [data-testid=no-direct]",
    ),
    (
        "/rebellion-team-online.html",
        "[data-testid=lobby], [data-testid=no-direct]",
    ),
    (
        "/evr-online.html",
        "[data-testid=lobby], [data-testid=no-direct]",
    ),
    (
        "/galactic-online.html",
        "[data-testid=lobby], [data-testid=no-direct]",
    ),
];

/// Decisions each game plays against the computer.
const DECISIONS: usize = 30;

async fn fail_on_page_errors(app: &App, engine: Engine, what: &str) {
    let errors = app.page_errors().await;
    assert!(
        errors.is_empty(),
        "{}: errors on {what}: {errors:#?}",
        engine.name()
    );
}

/// No service worker and no cache left from the page before: the next page is a first visit.
async fn forget_the_service_worker(app: &App) {
    app.js_async(
        "Promise.all([
             navigator.serviceWorker ? navigator.serviceWorker.getRegistrations()
                 .then(rs => Promise.all(rs.map(r => r.unregister()))) : null,
             window.caches ? caches.keys().then(ks => Promise.all(ks.map(k => caches.delete(k)))) : null,
         ]).then(() => done(true), e => done(String(e)));",
    )
    .await;
    // A blank page between two visits, so no controlled page outlives the registration.
    app.client.goto("about:blank").await.expect("about:blank");
}

/// Waits until this page's service worker is active (registered by the app after it starts).
async fn wait_for_service_worker(app: &App, engine: Engine) {
    let ready = app
        .js_async(
            "if (!navigator.serviceWorker) { done('no serviceWorker'); return; }
             navigator.serviceWorker.ready.then(r => done(r.active ? 'active' : 'none'));",
        )
        .await;
    assert_eq!(ready, "active", "{}: the service worker", engine.name());
}

/// Paths asked for more than once among `requests`.
fn twice(requests: &[String]) -> BTreeMap<String, usize> {
    let mut count = BTreeMap::new();
    for r in requests {
        *count.entry(r.clone()).or_insert(0) += 1;
    }
    count.retain(|_, n| *n > 1);
    count
}

/// Each page's first visit: the app starts with no error, no file is downloaded twice before
/// the service worker's script is asked for, and the service worker starts.
async fn first_visits(app: &App, server: &StaticServer, engine: Engine) {
    for (page, ready) in PAGES {
        forget_the_service_worker(app).await;
        let from = server.requests().len();
        app.open(page).await;
        app.wait_for_js(&format!("document.querySelector('{ready}')"), page)
            .await;
        wait_for_service_worker(app, engine).await;
        let requests = server.requests()[from..].to_vec();
        let before_sw: Vec<String> = requests
            .iter()
            .take_while(|r| !r.ends_with("/sw.js"))
            .cloned()
            .collect();
        assert!(
            before_sw.iter().any(|r| r.ends_with(".wasm")),
            "{}: {page}: no wasm asked for before the service worker: {requests:?}",
            engine.name()
        );
        let doubled = twice(&before_sw);
        println!(
            "measure: {}: first visit to {page}: {} files before the service worker's, {} \
             asked for twice",
            engine.name(),
            before_sw.len(),
            doubled.len()
        );
        assert!(
            doubled.is_empty(),
            "{}: {page} downloaded files more than once: {doubled:?}",
            engine.name()
        );
        fail_on_page_errors(app, engine, page).await;
    }
}

/// Reloads the page as a player would (WebDriver's refresh is a forced reload in Firefox, which
/// by design bypasses the service worker) and waits for `ready` on the new page.
async fn reload(app: &App, ready: &str) {
    app.js("window.__beforeReload = true; setTimeout(() => location.reload(), 0);")
        .await;
    app.wait_for_js(
        &format!("!window.__beforeReload && document.querySelector('{ready}')"),
        ready,
    )
    .await;
}

/// After a reload the same position, and the service worker controls the page.
async fn reload_resumes(app: &App, engine: Engine, key: &str, ready: &str) {
    let before = app
        .js(&format!("return localStorage.getItem('{key}')"))
        .await;
    assert!(before.is_string(), "{}: no save in {key}", engine.name());
    fail_on_page_errors(app, engine, key).await;
    reload(app, ready).await;
    let after = app
        .js(&format!("return localStorage.getItem('{key}')"))
        .await;
    assert_eq!(
        before,
        after,
        "{}: the reload resumed another position",
        engine.name()
    );
    let controlled = app
        .js("return !!(navigator.serviceWorker && navigator.serviceWorker.controller)")
        .await;
    assert_eq!(
        controlled,
        Value::Bool(true),
        "{}: the service worker does not control {key}'s page after a reload",
        engine.name()
    );
    fail_on_page_errors(app, engine, key).await;
}

/// Empire vs. Rebellion against Normal (its search runs on the page, in slices).
async fn empire_vs_rebellion(app: &App, engine: Engine) {
    app.open("/").await;
    app.js("localStorage.clear(); localStorage.setItem('evr-motion', 'off');")
        .await;
    app.client.refresh().await.expect("reload");
    app.wait_for_testid("start-screen").await;
    assert!(app.click(&testid("level-normal")).await);
    assert!(app.click(&testid("new-rebel")).await);
    let deadline = Instant::now() + patience(300);
    let searches = || async {
        app.js("const e = document.querySelector('[data-testid=search-time]'); return e ? Number(e.dataset.count) : 0;")
            .await
            .as_u64()
            .unwrap_or(0) as usize
    };
    // The person's clicks and the computer's searched decisions.
    let mut clicks = 0;
    while clicks + searches().await < DECISIONS {
        assert!(
            !app.exists(&testid("game-over")).await,
            "{}: the game ended after {clicks} clicks",
            engine.name()
        );
        assert!(
            Instant::now() < deadline,
            "{}: {clicks} clicks in Empire vs. Rebellion in {:?}",
            engine.name(),
            patience(300)
        );
        if evr_click(app).await {
            clicks += 1;
        } else {
            tokio::time::sleep(Duration::from_millis(100)).await;
        }
    }
    let searches = searches().await;
    assert!(
        searches >= 1,
        "{}: the computer never searched",
        engine.name()
    );
    // The person's decision, so that the computer does not move across the reload.
    let mine = Instant::now() + patience(60);
    let decision = format!("{}, {}", EVR_CHOICES.join(", "), testid("game-over"));
    while !app.exists(&decision).await || app.exists(&testid("computer-thinking")).await {
        assert!(
            Instant::now() < mine,
            "{}: no decision of mine came",
            engine.name()
        );
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    reload_resumes(
        app,
        engine,
        "evr-save",
        "[data-testid=event-card], [data-testid=game-over]",
    )
    .await;
    println!(
        "measure: {}: Empire vs. Rebellion: {clicks} clicks, {searches} searches by the computer",
        engine.name(),
    );
}

/// One click of a simple policy (Empire vs. Rebellion): characters, strategies, the first
/// option, a card or a pass. False when there is nothing to click (the computer's turn).
async fn evr_click(app: &App) -> bool {
    if app.click(&testid("continue-round")).await {
        return true;
    }
    if app.exists(&testid("character-choice")).await {
        let boxes = app.find_all_testid("character").await;
        for b in boxes.iter().take(4) {
            b.click().await.expect("tick a character");
        }
        return app.click(&testid("confirm-characters")).await;
    }
    for css in &EVR_CHOICES[2..] {
        if app.click(css).await {
            return true;
        }
    }
    false
}

/// What the person may click in Empire vs. Rebellion: between rounds, the characters, then
/// the decisions, in the order the simple policy tries them.
const EVR_CHOICES: [&str; 8] = [
    "[data-testid=continue-round]",
    "[data-testid=character-choice]",
    "#decision button[data-testid=strategy]",
    "#decision [data-testid=choices] button",
    "#decision [data-testid=option]",
    "#decision [data-testid=play-card]",
    "#decision [data-testid=pass]",
    "#decision [data-testid=decline]",
];

/// Rebellion against Steady in its worker, as the Rebel, from a seeded new game.
async fn rebellion(app: &App, engine: Engine) {
    let mode = Mode::VsComputer {
        human: Side::Rebel,
        level: Difficulty::Steady,
    };
    app.open("/rebellion.html?pause=0").await;
    app.wait_for_js(
        "document.querySelector('[data-testid=start-screen], [data-testid=galaxy]')",
        "Rebellion's page",
    )
    .await;
    app.js(&format!(
        "localStorage.clear(); localStorage.setItem('swr-motion', 'off');
         localStorage.setItem('swr-save', {});",
        Value::String(Session::new(mode, 5).save())
    ))
    .await;
    app.client.refresh().await.expect("reload");
    app.wait_for_testid("galaxy").await;
    let saved = || async {
        let text = app.js("return localStorage.getItem('swr-save')").await;
        Session::load(text.as_str().expect("a saved game")).expect("the page's save loads")
    };
    let deadline = Instant::now() + patience(300);
    let mut k = 5u64;
    loop {
        let session = saved().await;
        let history = session.game.history().len();
        let mine = session.computer_to_act().is_none() && session.forced_decision().is_none();
        if history >= DECISIONS && mine || session.is_over() {
            break;
        }
        assert!(
            Instant::now() < deadline,
            "{}: {history} decisions in Rebellion in {:?}",
            engine.name(),
            patience(300)
        );
        let stepped = mine
            && app
                .client
                .execute(STEP, vec![Value::from(k), Value::Bool(true)])
                .await
                .ok()
                .is_some_and(|v| v.as_str().is_some_and(|w| !w.is_empty()));
        if stepped {
            k = k.wrapping_mul(6364136223846793005).wrapping_add(1);
        }
        tokio::time::sleep(Duration::from_millis(if stepped { 30 } else { 60 })).await;
    }
    let answers = app
        .js("return Number(document.documentElement.getAttribute('data-computer-decisions') || 0)")
        .await;
    assert!(
        answers.as_u64().unwrap_or(0) >= 1,
        "{}: Rebellion's computer never answered from its worker",
        engine.name()
    );
    reload_resumes(app, engine, "swr-save", "[data-testid=galaxy]").await;
    println!(
        "measure: {}: Rebellion: {} decisions, {answers} answers from the computer's worker",
        engine.name(),
        saved().await.game.history().len()
    );
}

/// Galactic Rebellion, one person against two Steady computers in their worker.
async fn galactic_rebellion(app: &App, engine: Engine) {
    use egr_ai::protocol::Difficulty as EgrLevel;
    use star_wars_app::egr::session::{default_sitters, Session as EgrSession};
    // The first seat a person, the others the computer.
    let session = EgrSession::new(
        default_sitters(3, EgrLevel::Rule),
        egr_engine::GameOptions::new(3),
        11,
    )
    .expect("a new game");
    app.open("/galactic-rebellion.html?pause=0").await;
    app.wait_for_testid("start").await;
    app.js(&format!(
        "localStorage.clear(); localStorage.setItem('egr-motion', 'off');
         localStorage.setItem('egr-save', {});",
        Value::String(session.save())
    ))
    .await;
    app.client.refresh().await.expect("reload");
    app.wait_for_testid("table").await;
    let position = || async {
        app.js("const t = document.querySelector('[data-testid=table]'); return t ? Number(t.dataset.position) : -1")
            .await
            .as_i64()
            .unwrap_or(-1)
    };
    let deadline = Instant::now() + patience(300);
    let mut k = 0usize;
    loop {
        let at = position().await;
        let step = mark_next(app, k).await;
        // Stop at the person's decision, so that nothing moves across the reload.
        if step == "over" || at >= DECISIONS as i64 && step == "tap" {
            break;
        }
        assert!(
            Instant::now() < deadline,
            "{}: {at} decisions in Galactic Rebellion in {:?}",
            engine.name(),
            patience(300)
        );
        if step == "tap" {
            app.js("const e = document.querySelector('[data-next]'); const r = e.getBoundingClientRect();
                    e.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true,
                        view: window, clientX: r.left + r.width / 2, clientY: r.top + r.height / 2 }));")
                .await;
            k += 1;
            let moved = Instant::now() + patience(10);
            while position().await == at
                && !app
                    .exists("[data-testid=choices], [data-testid=notice]")
                    .await
            {
                assert!(
                    Instant::now() < moved,
                    "{}: a tap did nothing",
                    engine.name()
                );
                tokio::time::sleep(Duration::from_millis(20)).await;
            }
        } else {
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
    }
    let answers = app
        .js("return (document.documentElement.dataset.computerMs || '').trim().split(/\\s+/).filter(Boolean).length")
        .await;
    assert!(
        answers.as_u64().unwrap_or(0) >= 1,
        "{}: Galactic Rebellion's computer never answered from its worker",
        engine.name()
    );
    reload_resumes(app, engine, "egr-save", "[data-testid=table]").await;
    println!(
        "measure: {}: Galactic Rebellion: {} decisions, {answers} answers with a choice from \
         the computer's worker",
        engine.name(),
        position().await
    );
}

/// An online page in a browser without direct connections says so and offers play by codes.
async fn online_without_direct_connections(app: &App, engine: Engine) {
    for page in [
        "/rebellion-online.html",
        "/rebellion-team-online.html",
        "/evr-online.html",
        "/galactic-online.html",
    ] {
        app.open(page).await;
        app.wait_for_js(
            "document.querySelector('[data-testid=lobby], [data-testid=no-direct]')",
            page,
        )
        .await;
        let direct = app
            .js("return typeof RTCPeerConnection === 'function'")
            .await;
        if direct == Value::Bool(true) {
            continue;
        }
        let note = app.wait_for_testid("no-direct").await.text().await.unwrap();
        assert!(
            note.contains("direct"),
            "{}: {page} says why: {note}",
            engine.name()
        );
        assert!(
            app.exists(&testid("play-by-codes")).await,
            "{}: {page} offers play by codes",
            engine.name()
        );
        fail_on_page_errors(app, engine, page).await;
    }
}

async fn every_page(engine: Engine) {
    let server = Arc::new(StaticServer::start(dist_dir()).await);
    let base_url = server.url();
    let served = server.clone();
    with_engine(engine, move |client| async move {
        let app = App { client, base_url };
        first_visits(&app, &served, engine).await;
        empire_vs_rebellion(&app, engine).await;
        rebellion(&app, engine).await;
        galactic_rebellion(&app, engine).await;
        online_without_direct_connections(&app, engine).await;
    })
    .await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "needs dist/ and Chromium: run by scripts/test.sh"]
async fn every_page_in_chromium() {
    every_page(Engine::Chromium).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "needs dist/, Firefox ESR and geckodriver: run by scripts/test.sh"]
async fn every_page_in_firefox() {
    every_page(Engine::Firefox).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "needs dist/, WebKitWebDriver, MiniBrowser and Xvfb: run by scripts/test.sh"]
async fn every_page_in_webkit() {
    every_page(Engine::WebKit).await;
}
