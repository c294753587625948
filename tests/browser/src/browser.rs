//! The browsers the tests drive, each through its own WebDriver server, with a fresh profile per
//! browser: headless Chromium through ChromeDriver (Debian's `chromium`, `chromium-driver`), the
//! one every test uses, and for the smoke tests of every page Firefox ESR through geckodriver
//! (Debian's `firefox-esr`; geckodriver from crates.io in `.tools/bin`) and WebKit, Safari's
//! engine, through WebKitWebDriver with its MiniBrowser (Debian's `webkit2gtk-driver`) on a
//! virtual display (Xvfb).

use crate::patience;
use fantoccini::wd::WebDriverCompatibleCommand;
use fantoccini::{Client, ClientBuilder};
use hyper_util::client::legacy::connect::HttpConnector;
use std::path::PathBuf;
use std::process::Stdio;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::{Duration, Instant};

/// Flags for Chromium running as root on a machine with no internet access.
const CHROMIUM_ARGS: &[&str] = &[
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--disable-dev-shm-usage",
    "--window-size=1280,900",
];

/// Firefox preferences for a machine with no internet access: nothing it would fetch by
/// itself, and WebRTC candidates with real addresses (as Chromium's flag in a namespace).
const FIREFOX_PREFS: &[(&str, bool)] = &[
    ("app.update.enabled", false),
    ("browser.shell.checkDefaultBrowser", false),
    ("browser.safebrowsing.malware.enabled", false),
    ("browser.safebrowsing.phishing.enabled", false),
    ("datareporting.policy.dataSubmissionEnabled", false),
    ("extensions.update.enabled", false),
    ("network.captive-portal-service.enabled", false),
    ("network.connectivity-service.enabled", false),
    ("toolkit.telemetry.enabled", false),
    ("media.peerconnection.ice.obfuscate_host_addresses", false),
];

fn env_or(var: &str, default: &str) -> String {
    std::env::var(var).unwrap_or_else(|_| default.to_string())
}

/// A browser engine the tests can drive.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Engine {
    Chromium,
    Firefox,
    WebKit,
}

impl Engine {
    pub fn name(self) -> &'static str {
        match self {
            Engine::Chromium => "Chromium",
            Engine::Firefox => "Firefox",
            Engine::WebKit => "WebKit",
        }
    }

    /// Its WebDriver server: `EVR_CHROMEDRIVER`, `EVR_GECKODRIVER` or `EVR_WEBKITDRIVER`, else
    /// where the set-up script installs it.
    fn driver(self) -> String {
        match self {
            Engine::Chromium => env_or("EVR_CHROMEDRIVER", "/usr/bin/chromedriver"),
            Engine::Firefox => std::env::var("EVR_GECKODRIVER").unwrap_or_else(|_| {
                let tools = concat!(env!("CARGO_MANIFEST_DIR"), "/../../.tools/bin/geckodriver");
                if std::path::Path::new(tools).is_file() {
                    tools.to_string()
                } else {
                    "geckodriver".to_string()
                }
            }),
            Engine::WebKit => env_or("EVR_WEBKITDRIVER", "/usr/bin/WebKitWebDriver"),
        }
    }
}

/// A browser session on its own WebDriver server. Dropping it kills the server, the browser
/// (and the virtual display, for WebKit) and removes the profile; [`Browser::shutdown`] first
/// ends the session politely.
pub struct Browser {
    client: Client,
    engine: Engine,
    _driver: Driver,
}

impl Browser {
    /// Starts ChromeDriver and opens a session in a fresh headless Chromium.
    pub async fn start() -> Browser {
        Self::start_engine(Engine::Chromium).await
    }

    /// Starts `engine`'s WebDriver server and opens a session in a fresh browser. Retried a
    /// few times: the free port picked for the server can be taken by someone else meanwhile.
    pub async fn start_engine(engine: Engine) -> Browser {
        const ATTEMPTS: usize = 3;
        let mut last_error = String::new();
        for _ in 0..ATTEMPTS {
            let place = Place {
                netns: None,
                address: "127.0.0.1".into(),
                allowed: None,
            };
            match Self::try_start_at(engine, &place).await {
                Ok(browser) => return browser,
                Err(e) => {
                    eprintln!("{} start failed, retrying: {e}", engine.name());
                    last_error = e;
                }
            }
        }
        panic!(
            "cannot start {} ({ATTEMPTS} attempts): {last_error}",
            engine.name()
        );
    }

    /// A Chromium in a network namespace (see [`crate::netns`]).
    pub async fn start_in(netns: &str, address: &str, allowed: &str) -> Browser {
        Self::start_engine_in(Engine::Chromium, netns, address, allowed).await
    }

    /// A browser in a network namespace (see [`crate::netns`]): its WebDriver server runs
    /// inside it and listens on `address`, accepting commands from `allowed` (this side's
    /// address).
    pub async fn start_engine_in(
        engine: Engine,
        netns: &str,
        address: &str,
        allowed: &str,
    ) -> Browser {
        let place = Place {
            netns: Some(netns.to_string()),
            address: address.to_string(),
            allowed: Some(allowed.to_string()),
        };
        match Self::try_start_at(engine, &place).await {
            Ok(browser) => browser,
            Err(e) => panic!("cannot start {} in {netns}: {e}", engine.name()),
        }
    }

    async fn try_start_at(engine: Engine, place: &Place) -> Result<Browser, String> {
        let driver_path = engine.driver();
        let port = free_port();
        let profile = fresh_profile_dir(engine);
        let mut display = None;
        let mut command = match &place.netns {
            Some(ns) => {
                let mut c = tokio::process::Command::new("ip");
                c.args(["netns", "exec", ns, &driver_path]);
                c
            }
            None => tokio::process::Command::new(&driver_path),
        };
        match engine {
            Engine::Chromium => {
                if let Some(allowed) = &place.allowed {
                    command.arg(format!("--allowed-ips={allowed}"));
                }
                command.arg(format!("--port={port}"));
            }
            Engine::Firefox => {
                command.args(["--port", &port.to_string(), "--host", &place.address]);
                if place.netns.is_some() {
                    command.args(["--allow-hosts", &place.address]);
                }
                // geckodriver's own profile folder, with the rest of its temporary files.
                command.env("TMPDIR", &profile);
            }
            Engine::WebKit => {
                let xvfb = VirtualDisplay::start()?;
                command
                    .arg(format!("--port={port}"))
                    .arg(format!("--host={}", place.address))
                    .env("DISPLAY", xvfb.name());
                display = Some(xvfb);
            }
        }
        let mut driver = Driver {
            child: command
                .stdin(Stdio::null())
                .stdout(Stdio::null())
                .stderr(Stdio::null())
                // Its own process group, so that Drop can kill the driver and the browser it
                // started in one go.
                .process_group(0)
                .kill_on_drop(true)
                .spawn()
                .map_err(|e| format!("cannot run {driver_path}: {e}"))?,
            profile: profile.clone(),
            _display: display,
        };
        wait_for_port(&place.address, port, patience(20)).await?;
        if let Ok(Some(status)) = driver.child.try_wait() {
            return Err(format!("{driver_path} exited ({status}) on port {port}"));
        }
        let caps = capabilities(engine, place, &profile);
        // A browser that cannot start (WebKit without a display, say) can leave the request
        // for a session unanswered: a bounded wait, then the next attempt.
        let client = tokio::time::timeout(
            patience(30),
            ClientBuilder::new(HttpConnector::new())
                .capabilities(caps)
                .connect(&format!("http://{}:{port}", place.address)),
        )
        .await
        .map_err(|_| format!("{driver_path} opened no session"))?
        .map_err(|e| format!("cannot open a session with {driver_path}: {e}"))?;
        if engine != Engine::Chromium {
            // Chromium's size is a flag; the others start at their own default.
            let _ = client.set_window_size(1280, 900).await;
        }
        Ok(Browser {
            client,
            engine,
            _driver: driver,
        })
    }

    pub fn client(&self) -> &Client {
        &self.client
    }

    pub fn engine(&self) -> Engine {
        self.engine
    }

    /// Ends the WebDriver session (closing the browser), then drops its driver.
    pub async fn shutdown(self) {
        let _ = tokio::time::timeout(patience(10), self.client.clone().close()).await;
    }
}

/// The new-session capabilities for `engine`.
fn capabilities(
    engine: Engine,
    place: &Place,
    profile: &std::path::Path,
) -> serde_json::Map<String, serde_json::Value> {
    let value = match engine {
        Engine::Chromium => {
            let mut args: Vec<String> = CHROMIUM_ARGS.iter().map(|s| s.to_string()).collect();
            if place.netns.is_some() {
                // WebRTC between two namespaces: real addresses in the candidates, not mDNS
                // names.
                args.push("--disable-features=WebRtcHideLocalIpsWithMdns".into());
            }
            args.push(format!("--user-data-dir={}", profile.display()));
            serde_json::json!({
                "browserName": "chrome",
                "goog:chromeOptions": {
                    "binary": env_or("EVR_CHROMIUM", "/usr/bin/chromium"),
                    "args": args,
                },
                "goog:loggingPrefs": { "browser": "ALL" },
            })
        }
        Engine::Firefox => {
            let prefs: serde_json::Map<String, serde_json::Value> = FIREFOX_PREFS
                .iter()
                .map(|(k, v)| (k.to_string(), serde_json::Value::Bool(*v)))
                .collect();
            serde_json::json!({
                "browserName": "firefox",
                "moz:firefoxOptions": {
                    "binary": env_or("EVR_FIREFOX", "/usr/bin/firefox-esr"),
                    "args": ["-headless"],
                    "prefs": prefs,
                },
            })
        }
        Engine::WebKit => serde_json::json!({
            "browserName": "MiniBrowser",
            "webkitgtk:browserOptions": {
                "binary": env_or("EVR_MINIBROWSER", &minibrowser()),
                "args": ["--automation"],
            },
        }),
    };
    let serde_json::Value::Object(caps) = value else {
        unreachable!()
    };
    caps
}

/// Debian's MiniBrowser (its folder is named after the WebKitGTK API version).
fn minibrowser() -> String {
    ["4.1", "4.0", "6.0"]
        .iter()
        .map(|v| format!("/usr/lib/x86_64-linux-gnu/webkit2gtk-{v}/MiniBrowser"))
        .chain(std::iter::once(
            "/usr/lib/x86_64-linux-gnu/webkitgtk-6.0/MiniBrowser".to_string(),
        ))
        .find(|p| std::path::Path::new(p).is_file())
        .unwrap_or_else(|| "MiniBrowser".to_string())
}

/// An X server with no screen (Xvfb) for WebKit's MiniBrowser, on a display of its own.
struct VirtualDisplay {
    child: std::process::Child,
    number: u32,
}

impl VirtualDisplay {
    /// Starts Xvfb on a display it picks itself (`-displayfd`: it writes the number once the
    /// display is ready).
    fn start() -> Result<VirtualDisplay, String> {
        use std::io::BufRead;
        let mut child = std::process::Command::new(env_or("EVR_XVFB", "/usr/bin/Xvfb"))
            .args([
                "-displayfd",
                "1",
                "-screen",
                "0",
                "1366x1024x24",
                "-nolisten",
                "tcp",
            ])
            .stdin(Stdio::null())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .map_err(|e| format!("cannot run Xvfb: {e}"))?;
        let mut line = String::new();
        let read = child
            .stdout
            .take()
            .map(|out| std::io::BufReader::new(out).read_line(&mut line));
        match (read, line.trim().parse()) {
            (Some(Ok(_)), Ok(number)) => Ok(VirtualDisplay { child, number }),
            _ => {
                let _ = child.kill();
                let _ = child.wait();
                Err(format!("Xvfb opened no display ({:?})", line.trim()))
            }
        }
    }

    fn name(&self) -> String {
        format!(":{}", self.number)
    }
}

impl Drop for VirtualDisplay {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// Where the WebDriver server runs and how it is reached.
struct Place {
    netns: Option<String>,
    address: String,
    allowed: Option<String>,
}

/// The WebDriver server process, the browser profile it uses and, for WebKit, its display.
struct Driver {
    child: tokio::process::Child,
    profile: PathBuf,
    _display: Option<VirtualDisplay>,
}

impl Drop for Driver {
    fn drop(&mut self) {
        if let Some(pid) = self.child.id() {
            // The group id is the driver's pid (process_group(0) above).
            let _ = std::process::Command::new("kill")
                .args(["-KILL", "--", &format!("-{pid}")])
                .stderr(Stdio::null())
                .status();
        }
        let _ = self.child.start_kill();
        let _ = std::fs::remove_dir_all(&self.profile);
    }
}

fn fresh_profile_dir(engine: Engine) -> PathBuf {
    static COUNTER: AtomicUsize = AtomicUsize::new(0);
    let dir = std::env::temp_dir().join(format!(
        "evr-{}-{}-{}",
        engine.name().to_lowercase(),
        std::process::id(),
        COUNTER.fetch_add(1, Ordering::Relaxed)
    ));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("create the browser profile directory");
    dir
}

fn free_port() -> u16 {
    std::net::TcpListener::bind("127.0.0.1:0")
        .and_then(|l| l.local_addr())
        .expect("find a free port")
        .port()
}

async fn wait_for_port(address: &str, port: u16, timeout: Duration) -> Result<(), String> {
    let start = Instant::now();
    while tokio::net::TcpStream::connect((address, port))
        .await
        .is_err()
    {
        if start.elapsed() > timeout {
            return Err(format!(
                "the WebDriver server did not listen on port {port}"
            ));
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    Ok(())
}

/// One entry of the browser's console log, as ChromeDriver reports it.
#[derive(Clone, Debug)]
pub struct LogEntry {
    /// `SEVERE` (console.error, uncaught exceptions, failed loads), `WARNING`, `INFO`, `DEBUG`.
    pub level: String,
    /// `console-api`, `javascript`, `network`, ...
    pub source: String,
    pub message: String,
}

impl LogEntry {
    pub fn is_error(&self) -> bool {
        self.level == "SEVERE"
    }
}

/// ChromeDriver's log endpoint (not part of W3C WebDriver, so fantoccini has no method for it).
#[derive(Debug)]
struct GetBrowserLog;

impl WebDriverCompatibleCommand for GetBrowserLog {
    fn endpoint(
        &self,
        base: &url::Url,
        session: Option<&str>,
    ) -> Result<url::Url, url::ParseError> {
        base.join(&format!("session/{}/se/log", session.unwrap_or_default()))
    }

    fn method_and_body(&self, _url: &url::Url) -> (http::Method, Option<String>) {
        (
            http::Method::POST,
            Some(r#"{"type":"browser"}"#.to_string()),
        )
    }
}

/// The console entries since the last read (ChromeDriver drains its buffer on each read);
/// `None` where the driver has no such log (geckodriver, WebKitWebDriver).
pub(crate) async fn console_log(client: &Client) -> Option<Vec<LogEntry>> {
    let value = client.issue_cmd(GetBrowserLog).await.ok()?;
    let field = |v: &serde_json::Value, k: &str| v[k].as_str().unwrap_or_default().to_string();
    Some(
        value
            .as_array()
            .unwrap_or_else(|| panic!("unexpected browser log: {value}"))
            .iter()
            .map(|v| LogEntry {
                level: field(v, "level"),
                source: field(v, "source"),
                message: field(v, "message"),
            })
            .collect(),
    )
}

/// ChromeDriver's bridge to the Chrome DevTools Protocol (`goog/cdp/execute`), for what
/// WebDriver cannot see, such as the installability of the page as an app.
#[derive(Debug)]
struct ExecuteCdp {
    cmd: String,
    params: serde_json::Value,
}

impl WebDriverCompatibleCommand for ExecuteCdp {
    fn endpoint(
        &self,
        base: &url::Url,
        session: Option<&str>,
    ) -> Result<url::Url, url::ParseError> {
        base.join(&format!(
            "session/{}/goog/cdp/execute",
            session.unwrap_or_default()
        ))
    }

    fn method_and_body(&self, _url: &url::Url) -> (http::Method, Option<String>) {
        let body = serde_json::json!({ "cmd": self.cmd, "params": self.params });
        (http::Method::POST, Some(body.to_string()))
    }
}

/// Runs a Chrome DevTools Protocol command on the current page and returns its result.
pub(crate) async fn cdp(
    client: &Client,
    cmd: &str,
    params: serde_json::Value,
) -> serde_json::Value {
    client
        .issue_cmd(ExecuteCdp {
            cmd: cmd.to_string(),
            params,
        })
        .await
        .unwrap_or_else(|e| panic!("CDP {cmd}: {e}"))
}
