//! The installable, offline app: served under a sub-path as on GitHub Pages (`/evr/`), its
//! service worker, the web manifest and its icons, a game resumed with the server stopped, and
//! the "new version: reload" flow from one build to the next.

use evr_browser_tests::{dist_dir, patience, testid, with_app, with_browser, App, StaticServer};
use serde_json::{json, Value};
use std::path::{Path, PathBuf};
use std::time::Instant;

/// The sub-path the tests serve the app under, like a GitHub Pages project site.
const PREFIX: &str = "/evr/";

/// A folder under the system temp dir, removed when dropped.
struct TempDir(PathBuf);

impl TempDir {
    fn new(name: &str) -> TempDir {
        let dir = std::env::temp_dir().join(format!("evr-pwa-{}-{name}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).expect("create a temp dir");
        TempDir(dir)
    }
}

impl Drop for TempDir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

fn copy_dir(from: &Path, to: &Path) {
    std::fs::create_dir_all(to).expect("create dir");
    for entry in std::fs::read_dir(from).expect("read dir") {
        let entry = entry.expect("dir entry");
        let target = to.join(entry.file_name());
        if entry.file_type().expect("file type").is_dir() {
            copy_dir(&entry.path(), &target);
        } else {
            std::fs::copy(entry.path(), &target).expect("copy file");
        }
    }
}

/// Every file under `dir`, as paths relative to it with '/' separators, sorted.
fn files_under(dir: &Path) -> Vec<String> {
    fn walk(base: &Path, dir: &Path, out: &mut Vec<String>) {
        for entry in std::fs::read_dir(dir).expect("read dir") {
            let path = entry.expect("dir entry").path();
            if path.is_dir() {
                walk(base, &path, out);
            } else {
                let rel = path.strip_prefix(base).unwrap();
                out.push(rel.to_string_lossy().replace('\\', "/"));
            }
        }
    }
    let mut out = Vec::new();
    walk(dir, dir, &mut out);
    out.sort();
    out
}

/// The app as served by `server`.
fn app_at(client: evr_browser_tests::Client, server: &StaticServer) -> App {
    App {
        client,
        base_url: server.url(),
    }
}

/// Waits until a service worker controls the page (it took over with clients.claim()).
async fn wait_for_service_worker(app: &App) {
    let start = Instant::now();
    app.wait_for_js(
        "navigator.serviceWorker.controller !== null",
        "a service worker controlling the page",
    )
    .await;
    println!(
        "measure: waited {} ms for a service worker to control the page",
        start.elapsed().as_millis()
    );
}

/// The names of the caches the page's origin holds.
async fn cache_names(app: &App) -> Vec<String> {
    let names = app
        .js_async("caches.keys().then(done, e => done(String(e)));")
        .await;
    serde_json::from_value(names.clone()).unwrap_or_else(|_| panic!("cache names: {names}"))
}

/// The version hash a generated sw.js carries.
fn sw_version(dir: &Path) -> String {
    let sw = std::fs::read_to_string(dir.join("sw.js")).expect("read sw.js");
    let line = sw
        .lines()
        .find(|l| l.starts_with("const VERSION = '"))
        .expect("a VERSION line in sw.js");
    line.trim_start_matches("const VERSION = '")
        .trim_end_matches("';")
        .to_string()
}

/// Our move in a struggle: pass, or play a card (when we must).
const MY_TURN: &str = "#decision [data-testid=\"pass\"], #decision [data-testid=\"play-card\"]";

/// Starts a game against the computer and plays (first choices only) until it is our turn in a
/// struggle: the computer then waits for us, so the table holds still, and every move so far
/// has been saved.
async fn start_a_game(app: &App, side: &str) {
    app.wait_for_testid(side)
        .await
        .click()
        .await
        .expect("start");
    app.wait_for_testid("character-choice").await;
    let boxes = app.find_all_testid("character").await;
    for b in boxes.iter().take(4) {
        b.click().await.expect("tick a character");
    }
    assert!(app.click(&testid("confirm-characters")).await);
    let deadline = Instant::now() + patience(60);
    while !app.exists(MY_TURN).await {
        if Instant::now() > deadline {
            let screen = app
                .js("return document.querySelector('#decision')?.outerHTML ?? document.body.innerHTML")
                .await;
            panic!("no struggle reached; the screen shows:\n{screen}");
        }
        let mut clicked = app.click(&testid("continue-round")).await;
        for css in [
            "#decision button[data-testid=\"strategy\"]",
            "#decision [data-testid=\"choices\"] button",
            "#decision [data-testid=\"option\"]",
        ] {
            if !clicked {
                clicked = app.click(css).await;
            }
        }
        if !clicked {
            // The computer is thinking.
            tokio::time::sleep(std::time::Duration::from_millis(150)).await;
        }
    }
}

/// What the table shows, to compare before and after a reload.
async fn table_snapshot(app: &App) -> Value {
    app.js("const q = s => [...document.querySelectorAll(s)];
         return {
            round: q('[data-testid=round]').map(e => e.textContent).join(),
            event: q('[data-testid=event-card] .event-name').map(e => e.textContent).join(),
            mine: q('[data-card][data-zone=my-play]').map(e => e.dataset.card).join(),
            totals: q('[data-testid=total]').map(e => e.textContent).join('|'),
            log: q('[data-testid=log] li').length,
         };")
        .await
}

/// Width and height from a PNG's header (the IHDR chunk comes first).
fn png_size(bytes: &[u8]) -> (u32, u32) {
    assert!(bytes.len() >= 24, "too short for a PNG");
    assert_eq!(&bytes[..8], b"\x89PNG\r\n\x1a\n", "PNG signature");
    assert_eq!(&bytes[12..16], b"IHDR", "IHDR first");
    let word = |i: usize| u32::from_be_bytes(bytes[i..i + 4].try_into().unwrap());
    (word(16), word(20))
}

/// Fetches `url` in the page and returns its status, content type and bytes.
async fn fetch_bytes(app: &App, url: &str) -> (u64, String, Vec<u8>) {
    let got = app
        .js_async(&format!(
            "fetch({url:?}).then(async r => done({{
                status: r.status,
                type: r.headers.get('Content-Type'),
                bytes: [...new Uint8Array(await r.arrayBuffer())],
             }}), e => done({{ error: String(e) }}));"
        ))
        .await;
    assert!(got["error"].is_null(), "fetch {url}: {got}");
    let bytes = got["bytes"]
        .as_array()
        .unwrap()
        .iter()
        .map(|b| b.as_u64().unwrap() as u8)
        .collect();
    (
        got["status"].as_u64().unwrap(),
        got["type"].as_str().unwrap_or_default().to_string(),
        bytes,
    )
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "needs dist/ and Chromium: run by scripts/test.sh"]
async fn under_a_sub_path_the_app_loads_and_its_service_worker_precaches_every_file() {
    let server = StaticServer::start_at(dist_dir(), PREFIX, 0).await;
    with_browser(move |client| async move {
        let app = app_at(client, &server);
        let start = Instant::now();
        app.open(PREFIX).await;
        app.wait_for_testid("start-screen").await;
        println!(
            "measure: start screen under {PREFIX} {} ms after navigation",
            start.elapsed().as_millis()
        );
        // Everything the page loaded came from under the sub-path.
        let outside = app
            .js(&format!(
                "return performance.getEntriesByType('resource').map(e => new URL(e.name))
                    .filter(u => u.origin === location.origin && !u.pathname.startsWith({PREFIX:?}))
                    .map(u => u.pathname);"
            ))
            .await;
        assert_eq!(outside, json!([]), "requests outside {PREFIX}");

        wait_for_service_worker(&app).await;
        let scope = app
            .js_async("navigator.serviceWorker.getRegistration().then(r => done(r.scope));")
            .await;
        assert_eq!(scope, json!(server.app_url()), "the worker's scope");
        // No update prompt for the first version.
        assert!(app.find_all_testid("update-prompt").await.is_empty());

        // One cache, named after the scope and this build's version, holding every file of the
        // build but sw.js itself.
        let version = sw_version(&dist_dir());
        let names = cache_names(&app).await;
        let expected_cache = format!("evr:{}:{version}", server.app_url());
        assert_eq!(names, vec![expected_cache.clone()]);
        let cached = app
            .js_async(&format!(
                "caches.open({expected_cache:?}).then(c => c.keys())
                    .then(keys => done(keys.map(r => new URL(r.url).pathname)));"
            ))
            .await;
        let mut cached: Vec<String> = serde_json::from_value(cached).unwrap();
        cached.sort();
        let expected: Vec<String> = files_under(&dist_dir())
            .into_iter()
            .filter(|f| f != "sw.js")
            .map(|f| format!("{PREFIX}{f}"))
            .collect();
        assert_eq!(cached, expected, "the precached files");
        println!("measure: {} files precached", cached.len());
        assert!(cached.iter().any(|f| f.ends_with(".wasm")));

        app.assert_no_console_errors().await;
    })
    .await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "needs dist/ and Chromium: run by scripts/test.sh"]
async fn at_the_root_the_same_build_is_controlled_by_its_service_worker() {
    with_app(|app| async move {
        app.open("/").await;
        app.wait_for_testid("start-screen").await;
        wait_for_service_worker(&app).await;
        let scope = app
            .js_async("navigator.serviceWorker.getRegistration().then(r => done(r.scope));")
            .await;
        assert_eq!(
            scope,
            json!(format!("{}/", app.base_url)),
            "the worker's scope"
        );
        let version = sw_version(&dist_dir());
        assert_eq!(
            cache_names(&app).await,
            vec![format!("evr:{}/:{version}", app.base_url)]
        );
        app.assert_no_console_errors().await;
    })
    .await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "needs dist/ and Chromium: run by scripts/test.sh"]
async fn the_manifest_is_valid_and_the_app_is_installable() {
    let server = StaticServer::start_at(dist_dir(), PREFIX, 0).await;
    with_browser(move |client| async move {
        let app = app_at(client, &server);
        app.open(PREFIX).await;
        app.wait_for_testid("start-screen").await;
        wait_for_service_worker(&app).await;

        let manifest_url = app
            .js("return document.querySelector('link[rel=manifest]').href")
            .await;
        let manifest_url = manifest_url.as_str().expect("a manifest link").to_string();
        let (status, content_type, body) = fetch_bytes(&app, &manifest_url).await;
        assert_eq!(status, 200, "{manifest_url}");
        assert_eq!(content_type, "application/manifest+json");
        let manifest: Value = serde_json::from_slice(&body).expect("the manifest is JSON");
        let base = url::Url::parse(&manifest_url).unwrap();
        let resolve = |field: &str| -> String {
            let value = manifest[field]
                .as_str()
                .unwrap_or_else(|| panic!("{field}"));
            base.join(value).unwrap().to_string()
        };

        let name = manifest["name"].as_str().expect("name");
        assert_eq!(name, "Star Wars: Empire vs. Rebellion");
        let short_name = manifest["short_name"].as_str().expect("short_name");
        assert!(
            !short_name.is_empty() && short_name.chars().count() <= 12,
            "a short name fits under an icon: {short_name}"
        );
        assert!(manifest["id"].as_str().is_some_and(|id| !id.is_empty()));
        assert_eq!(manifest["display"], "standalone");
        // start_url and scope are the folder the app is served from, whatever it is.
        assert_eq!(resolve("start_url"), server.app_url());
        assert_eq!(resolve("scope"), server.app_url());
        for colour in ["theme_color", "background_color"] {
            let c = manifest[colour].as_str().expect(colour);
            assert!(
                c.len() == 7 && c.starts_with('#') && c[1..].chars().all(|d| d.is_ascii_hexdigit()),
                "{colour}: {c}"
            );
        }
        let theme = app
            .js("return document.querySelector('meta[name=theme-color]').content")
            .await;
        assert_eq!(theme, manifest["theme_color"]);

        // Each PNG icon is there, at the size it claims: 192 and 512, and a maskable 512.
        let mut found = Vec::new();
        for icon in manifest["icons"].as_array().expect("icons") {
            let src = base
                .join(icon["src"].as_str().unwrap())
                .unwrap()
                .to_string();
            assert!(src.starts_with(&server.app_url()), "{src}");
            let (status, content_type, bytes) = fetch_bytes(&app, &src).await;
            assert_eq!(status, 200, "{src}");
            assert_eq!(content_type, icon["type"].as_str().unwrap(), "{src}");
            let purpose = icon["purpose"].as_str().unwrap_or("any").to_string();
            if content_type == "image/png" {
                let (w, h) = png_size(&bytes);
                assert_eq!(
                    format!("{w}x{h}"),
                    icon["sizes"].as_str().unwrap(),
                    "{src} has the size it declares"
                );
                found.push((w, purpose));
            }
        }
        for wanted in [(192, "any"), (512, "any"), (512, "maskable")] {
            assert!(
                found.iter().any(|(w, p)| (*w, p.as_str()) == wanted),
                "a {wanted:?} PNG icon in {found:?}"
            );
        }

        // Chromium's own verdict: the manifest parses without errors and the page can be
        // installed (no installability errors).
        let parsed = app.cdp("Page.getAppManifest", json!({})).await;
        assert_eq!(parsed["url"], json!(manifest_url), "{parsed}");
        assert_eq!(parsed["errors"], json!([]), "manifest errors: {parsed}");
        let installability = app.cdp("Page.getInstallabilityErrors", json!({})).await;
        assert_eq!(
            installability["installabilityErrors"],
            json!([]),
            "installability errors: {installability}"
        );
        app.assert_no_console_errors().await;
    })
    .await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "needs dist/ and Chromium: run by scripts/test.sh"]
async fn with_the_server_stopped_a_reload_resumes_the_saved_game_and_a_new_one_starts() {
    let mut server = StaticServer::start_at(dist_dir(), PREFIX, 0).await;
    with_browser(move |client| async move {
        let app = app_at(client, &server);
        app.open(PREFIX).await;
        start_a_game(&app, "new-rebel").await;
        wait_for_service_worker(&app).await;
        let before = table_snapshot(&app).await;

        // The network goes away: nothing listens on the port any more.
        let port = server.port();
        server.stop().await;
        assert!(
            tokio::net::TcpStream::connect(("127.0.0.1", port))
                .await
                .is_err(),
            "the server still answers"
        );

        // A reload starts the app from the worker's cache and resumes the saved game.
        let start = Instant::now();
        app.client.refresh().await.expect("reload");
        app.wait_for_testid("table").await;
        assert!(app.find_all_testid("start-screen").await.is_empty());
        app.wait_for_js(&format!("document.querySelector({MY_TURN:?})"), "our move")
            .await;
        println!(
            "measure: offline reload to the resumed table {} ms",
            start.elapsed().as_millis()
        );
        assert_eq!(
            table_snapshot(&app).await,
            before,
            "the resumed table differs"
        );
        // And the game goes on.
        let decision = app
            .js("return document.querySelector('#decision').innerHTML")
            .await;
        assert!(app.click(MY_TURN).await, "our move");
        app.wait_for_js(
            &format!("document.querySelector('#decision').innerHTML !== {decision}"),
            "the move taken",
        )
        .await;

        // Opening the app afresh (as from its icon), with no saved game, starts a new one.
        app.js("localStorage.clear()").await;
        app.open(PREFIX).await;
        app.wait_for_testid("start-screen").await;
        start_a_game(&app, "new-imperial").await;
        assert!(
            app.js("return navigator.serviceWorker.controller !== null")
                .await
                .as_bool()
                .unwrap(),
            "served by the worker"
        );
        // The check for a new version fails offline, as it should (the app ignores it).
        let update = "navigator.serviceWorker.getRegistration()
            .then(r => r.update()).then(() => done('ok'), e => done(String(e)));";
        assert_ne!(app.js_async(update).await, "ok", "an update check offline");
        // A shared game's link opens offline too, from the worker's cache.
        app.open(&format!("{PREFIX}replay.html#g={}", a_finished_game_code()))
            .await;
        app.wait_for_testid("replay-controls").await;
        assert!(app.click("[data-testid=replay-forward]").await);
        app.open(PREFIX).await;
        app.wait_for_testid("table").await;
        app.assert_no_console_errors().await;

        // The network comes back (the same address): the update check reaches the server again.
        server = StaticServer::start_at(dist_dir(), PREFIX, port).await;
        assert_eq!(app.js_async(update).await, "ok", "an update check online");
        assert!(
            app.find_all_testid("update-prompt").await.is_empty(),
            "same version"
        );
        drop(server);
    })
    .await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "needs dist/ and Chromium: run by scripts/test.sh"]
async fn a_new_build_waits_for_the_prompt_then_replaces_the_old_one() {
    // Build A is the built dist/. Build B is the same with a visible difference in index.html,
    // and its service worker written by the real generator, as the build does.
    let served = TempDir::new("served");
    copy_dir(&dist_dir(), &served.0);
    let build_b = TempDir::new("build-b");
    copy_dir(&dist_dir(), &build_b.0);
    let index_b = build_b.0.join("index.html");
    let html = std::fs::read_to_string(&index_b).unwrap();
    // The page is minified (no <head> tag): the marker goes just before the title.
    assert!(html.contains("<title>"));
    let html = html.replacen(
        "<title>",
        "<meta name=\"evr-build\" content=\"B\" /><title>",
        1,
    );
    std::fs::write(&index_b, html).unwrap();
    let generator =
        PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../scripts/service-worker.sh");
    let status = std::process::Command::new("bash")
        .arg(&generator)
        .arg(&build_b.0)
        .status()
        .expect("run scripts/service-worker.sh");
    assert!(status.success(), "scripts/service-worker.sh failed");
    let (version_a, version_b) = (sw_version(&served.0), sw_version(&build_b.0));
    assert_ne!(version_a, version_b, "a changed file makes a new version");

    let server = StaticServer::start_at(served.0.clone(), PREFIX, 0).await;
    let served_dir = served.0.clone();
    let build_b_dir = build_b.0.clone();
    with_browser(move |client| async move {
        let app = app_at(client, &server);
        let is_build_b = "document.querySelector('meta[name=evr-build]')?.content === 'B'";
        app.open(PREFIX).await;
        start_a_game(&app, "new-rebel").await;
        wait_for_service_worker(&app).await;
        let cache_a = format!("evr:{}:{version_a}", server.app_url());
        assert_eq!(cache_names(&app).await, vec![cache_a]);
        assert!(app.find_all_testid("update-prompt").await.is_empty());
        let table_a = table_snapshot(&app).await;

        // Deploy B over A, then the page checks for an update (as it does hourly and the
        // browser does at each load).
        copy_dir(&build_b_dir, &served_dir);
        let checked = app
            .js_async(
                "navigator.serviceWorker.getRegistration()
                    .then(r => r.update()).then(() => done('ok'), e => done(String(e)));",
            )
            .await;
        assert_eq!(checked, "ok");
        let start = Instant::now();
        app.wait_for_testid("update-prompt").await;
        println!(
            "measure: update prompt {} ms after the update check",
            start.elapsed().as_millis()
        );
        // Nothing changed yet: the page is still A, controlled by A's worker.
        assert_eq!(app.js(&format!("return {is_build_b}")).await, false);
        assert_eq!(table_snapshot(&app).await, table_a);

        app.wait_for_testid("update-reload")
            .await
            .click()
            .await
            .expect("click Reload");
        app.wait_for_js(is_build_b, "build B after the reload")
            .await;
        // The same game goes on in B, B's worker controls the page, and A's cache is gone.
        app.wait_for_testid("table").await;
        app.wait_for_js(&format!("document.querySelector({MY_TURN:?})"), "our move")
            .await;
        assert_eq!(table_snapshot(&app).await, table_a);
        assert!(app.find_all_testid("update-prompt").await.is_empty());
        let cache_b = format!("evr:{}:{version_b}", server.app_url());
        app.wait_for_js(
            "navigator.serviceWorker.controller !== null",
            "B's worker in control",
        )
        .await;
        assert_eq!(cache_names(&app).await, vec![cache_b]);
        app.assert_no_console_errors().await;
        drop(server);
    })
    .await;
    drop((served, build_b));
}

/// The share code of a game played to its end natively (the rule-based computer against a
/// player taking the first legal action).
fn a_finished_game_code() -> String {
    use evr_engine::{Side, Variant};
    use star_wars_app::evr::session::{Difficulty, Mode, Session};
    let mode = Mode::VsComputer {
        human: Side::Rebel,
        difficulty: Difficulty::Rules,
    };
    let mut session = Session::new(mode, Variant::Full, 11);
    while !session.game.state().is_over() {
        if session.computer_act().is_none() {
            let action = session.view().legal_actions[0];
            session.act(action).unwrap();
        }
    }
    session.share_code().unwrap()
}
