//! Helpers for real-browser tests of the built app.
//!
//! A test serves the built `dist/` with [`StaticServer`], starts headless Chromium through
//! ChromeDriver with [`Browser`], and drives the page with [fantoccini]. The usual entry point is
//! [`with_app`], which does all three and always shuts the browser down, even when the test
//! panics:
//!
//! ```no_run
//! # async fn demo() {
//! evr_browser_tests::with_app(|app| async move {
//!     app.open("/").await;
//!     app.wait_for_testid("start-screen").await;
//!     app.assert_no_console_errors().await;
//! })
//! .await;
//! # }
//! ```
//!
//! Paths can be overridden with `EVR_DIST_DIR`, `EVR_CHROMIUM` and `EVR_CHROMEDRIVER`; waits
//! are stretched with `EVR_PATIENCE` ([`patience`]).

mod browser;
pub mod galactic;
pub mod netns;
pub mod online;
pub mod rebellion;
mod server;

pub use browser::{Browser, Engine, LogEntry};
pub use fantoccini::{elements::Element, Client, Locator};
pub use server::{StaticServer, ERROR_HOOK};

use std::future::Future;
use std::path::PathBuf;
use std::time::Duration;

/// How long a test waits for something that must happen: `secs` on an idle machine, times
/// `EVR_PATIENCE` (default 3), so that a machine busy with other work is slow, not failed.
/// These limits only stop a test that would otherwise wait forever; no test asserts a speed
/// (the figures are printed by the `measure_*` tests, run by hand).
pub fn patience(secs: u64) -> Duration {
    let factor = std::env::var("EVR_PATIENCE")
        .ok()
        .and_then(|f| f.parse::<u64>().ok())
        .filter(|&f| f > 0)
        .unwrap_or(3);
    Duration::from_secs(secs * factor)
}

/// How long to wait for the app's own content to appear.
pub fn app_timeout() -> Duration {
    patience(30)
}

/// The built app: `EVR_DIST_DIR`, or `dist/` at the workspace root.
pub fn dist_dir() -> PathBuf {
    let dir = std::env::var_os("EVR_DIST_DIR")
        .map(PathBuf::from)
        .unwrap_or_else(|| PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../dist"));
    assert!(
        dir.join("index.html").is_file(),
        "no built app in {}: run `trunk build --release` first (scripts/test.sh does)",
        dir.display()
    );
    dir
}

/// One test's view of the running app: the WebDriver client plus the address it is served at.
#[derive(Clone)]
pub struct App {
    pub client: Client,
    pub base_url: String,
}

impl App {
    /// Saves a screenshot as target/screenshots/NAME.png, for a person to look at.
    pub async fn screenshot(&self, name: &str) {
        let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../target/screenshots");
        std::fs::create_dir_all(&dir).expect("screenshot folder");
        let png = self.client.screenshot().await.expect("screenshot");
        std::fs::write(dir.join(format!("{name}.png")), png).expect("write screenshot");
    }

    /// The text of the rules page in the rules overlay's frame, once it has loaded with at
    /// least `tables` tables; the browser is back in the app's page afterwards.
    pub async fn rules_text(&self, tables: usize) -> String {
        self.wait_for_testid("rules-frame")
            .await
            .enter_frame()
            .await
            .expect("into the rules frame");
        let mut text = String::new();
        for _ in 0..200 {
            let found = self.client.find_all(Locator::Css("table")).await.unwrap();
            if found.len() >= tables {
                let body = self.client.find(Locator::Css("body")).await.unwrap();
                text = body.text().await.unwrap();
                break;
            }
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
        self.client
            .enter_parent_frame()
            .await
            .expect("back from the frame");
        assert!(!text.is_empty(), "the rules page did not load in its frame");
        text
    }

    /// Makes the page's viewport `w` × `h` CSS pixels (a phone's screen is its viewport): the
    /// window is sized, then grown by what its frame takes.
    pub async fn set_viewport(&self, w: u32, h: u32) {
        self.client
            .set_window_size(w, h)
            .await
            .expect("window size");
        let inner = self.js("return [innerWidth, innerHeight];").await;
        let frame =
            |i: usize, want: u32| want.saturating_sub(inner[i].as_u64().unwrap_or(0) as u32);
        let (dw, dh) = (frame(0, w), frame(1, h));
        if dw > 0 || dh > 0 {
            self.client
                .set_window_size(w + dw, h + dh)
                .await
                .expect("window size");
        }
        self.wait_for_js(
            &format!("innerWidth === {w} && innerHeight === {h}"),
            &format!("a viewport of {w} × {h}"),
        )
        .await;
    }

    /// Navigates to `path` (e.g. `"/"`) on the static server.
    pub async fn open(&self, path: &str) {
        let url = format!("{}{}", self.base_url, path);
        self.client
            .goto(&url)
            .await
            .unwrap_or_else(|e| panic!("goto {url}: {e}"));
    }

    /// Waits until an element with `data-testid="<id>"` exists, and returns it.
    pub async fn wait_for_testid(&self, id: &str) -> Element {
        let css = testid(id);
        self.client
            .wait()
            .at_most(app_timeout())
            .for_element(Locator::Css(&css))
            .await
            .unwrap_or_else(|e| panic!("waiting for {css}: {e}"))
    }

    /// All elements with `data-testid="<id>"`.
    pub async fn find_all_testid(&self, id: &str) -> Vec<Element> {
        let css = testid(id);
        self.client
            .find_all(Locator::Css(&css))
            .await
            .unwrap_or_else(|e| panic!("finding {css}: {e}"))
    }

    /// Clicks the first element matching the CSS selector; false if there is none (or the
    /// click failed).
    pub async fn click(&self, css: &str) -> bool {
        match self.client.find(Locator::Css(css)).await {
            Ok(el) => el.click().await.is_ok(),
            Err(_) => false,
        }
    }

    /// Whether an element matches the CSS selector now.
    pub async fn exists(&self, css: &str) -> bool {
        !self
            .client
            .find_all(Locator::Css(css))
            .await
            .unwrap_or_default()
            .is_empty()
    }

    /// Runs a script in the page and returns its result.
    pub async fn js(&self, script: &str) -> serde_json::Value {
        self.client
            .execute(script, vec![])
            .await
            .unwrap_or_else(|e| panic!("script failed: {e}\n{script}"))
    }

    /// Runs an asynchronous script in the page: it reports its result by calling `done(value)`.
    pub async fn js_async(&self, script: &str) -> serde_json::Value {
        let wrapped = format!("const done = arguments[arguments.length - 1];\n{script}");
        self.client
            .execute_async(&wrapped, vec![])
            .await
            .unwrap_or_else(|e| panic!("async script failed: {e}\n{script}"))
    }

    /// Waits until the JavaScript expression `condition` is true in the page (polled; a page
    /// that is reloading meanwhile just counts as not yet). `what` names it in the failure.
    pub async fn wait_for_js(&self, condition: &str, what: &str) {
        let script = format!("return !!({condition});");
        let start = std::time::Instant::now();
        loop {
            if let Ok(serde_json::Value::Bool(true)) = self.client.execute(&script, vec![]).await {
                return;
            }
            assert!(
                start.elapsed() < app_timeout(),
                "timed out waiting for {what}: {condition}"
            );
            tokio::time::sleep(Duration::from_millis(100)).await;
        }
    }

    /// Runs a Chrome DevTools Protocol command (e.g. `Page.getInstallabilityErrors`) on the
    /// page, through ChromeDriver, and returns its result.
    pub async fn cdp(&self, cmd: &str, params: serde_json::Value) -> serde_json::Value {
        browser::cdp(&self.client, cmd, params).await
    }

    /// Console entries since the last call (the browser's log buffer is drained on read). Where
    /// the driver cannot read the console (Firefox, WebKit), the errors the static server's
    /// hook collected on this page ([`ERROR_HOOK`]), each as a `SEVERE` entry, once.
    pub async fn console(&self) -> Vec<LogEntry> {
        if let Some(entries) = browser::console_log(&self.client).await {
            return entries;
        }
        self.page_errors()
            .await
            .into_iter()
            .map(|message| LogEntry {
                level: "SEVERE".into(),
                source: "page".into(),
                message,
            })
            .collect()
    }

    /// The errors the static server's hook ([`ERROR_HOOK`]) collected on this page since it was
    /// loaded and the last call: `console.error`, uncaught errors, files that failed to load and
    /// unhandled rejections.
    pub async fn page_errors(&self) -> Vec<String> {
        let v = self
            .client
            .execute(
                "const l = window.__pageErrors || []; return l.splice(0, l.length);",
                vec![],
            )
            .await
            .unwrap_or_default();
        v.as_array()
            .map(|a| {
                a.iter()
                    .map(|e| e.as_str().unwrap_or_default().to_string())
                    .collect()
            })
            .unwrap_or_default()
    }

    /// Fails the test if the console got any error (console.error, an uncaught exception, a
    /// failed resource load) since the last read. Warnings are printed, not failed.
    pub async fn assert_no_console_errors(&self) {
        let entries = self.console().await;
        for e in entries.iter().filter(|e| !e.is_error()) {
            eprintln!("console {}: {}", e.level, e.message);
        }
        let errors: Vec<_> = entries.iter().filter(|e| e.is_error()).collect();
        assert!(errors.is_empty(), "browser console errors: {errors:#?}");
    }
}

/// CSS selector for `data-testid="<id>"`.
pub fn testid(id: &str) -> String {
    format!("[data-testid=\"{id}\"]")
}

/// Serves `dist/`, starts a fresh headless browser, runs `test`, then shuts the browser down
/// whatever the outcome. A panic inside `test` fails the calling test with the same message.
pub async fn with_app<F, Fut>(test: F)
where
    F: FnOnce(App) -> Fut,
    Fut: Future<Output = ()> + Send + 'static,
{
    let server = StaticServer::start(dist_dir()).await;
    let base_url = server.url();
    with_browser(move |client| {
        let test = test(App { client, base_url });
        async move {
            test.await;
            drop(server);
        }
    })
    .await;
}

/// Starts a fresh headless browser, runs `test` with its client, then shuts the browser down
/// whatever the outcome. For tests that serve the app themselves (under a sub-path, stopping
/// the server, ...): they build their [`App`] from the client and their server's address.
pub async fn with_browser<F, Fut>(test: F)
where
    F: FnOnce(Client) -> Fut,
    Fut: Future<Output = ()> + Send + 'static,
{
    with_engine(Engine::Chromium, test).await
}

/// As [`with_browser`], in a fresh browser of `engine`.
pub async fn with_engine<F, Fut>(engine: Engine, test: F)
where
    F: FnOnce(Client) -> Fut,
    Fut: Future<Output = ()> + Send + 'static,
{
    let browser = Browser::start_engine(engine).await;
    let outcome = tokio::spawn(test(browser.client().clone())).await;
    browser.shutdown().await;
    if let Err(err) = outcome {
        match err.try_into_panic() {
            Ok(panic) => std::panic::resume_unwind(panic),
            Err(err) => panic!("browser test did not finish: {err}"),
        }
    }
}

/// A lesson's step now, read from its line ("Lesson, step 3 of 41" → 3), if a step is shown
/// (the same words in every game's lesson).
pub async fn lesson_step_now(app: &App) -> Option<u64> {
    let text = app
        .js("const s = document.querySelector('[data-testid=lesson-step]'); return s ? s.textContent : null")
        .await;
    text.as_str()?
        .strip_prefix("Lesson, step ")?
        .split(' ')
        .next()?
        .parse()
        .ok()
}

/// Clears the open page's storage (but for `motion_key` = "off") and reloads it, until the
/// start screen offers `button`. Cleared and reloaded in one go: a computer still playing would
/// save its game again between the two. The old page is marked, so only the new one's button
/// is taken. A computer's save can still land while the old page unloads (seen on a busy
/// machine): then the new page resumes that game (`in_game`, a CSS selector, shows), and the
/// storage is cleared again.
pub async fn cleared_to_start(app: &App, motion_key: &str, button: &str, in_game: &str) {
    for _ in 0..3 {
        app.js(&format!(
            "window.oldPage = true; localStorage.clear(); localStorage.setItem('{motion_key}', 'off'); location.reload();"
        ))
        .await;
        app.wait_for_js(
            &format!(
                "!window.oldPage && document.querySelector('[data-testid={button}], {in_game}')"
            ),
            "the start screen",
        )
        .await;
        if app.exists(&testid(button)).await {
            break;
        }
    }
    app.wait_for_testid(button).await;
}
