//! Headless Chromium driven through ChromeDriver (both from Debian: /usr/bin/chromium,
//! /usr/bin/chromedriver), with a fresh profile per browser and the console log enabled.

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

fn env_or(var: &str, default: &str) -> String {
    std::env::var(var).unwrap_or_else(|_| default.to_string())
}

/// A browser session on its own ChromeDriver. Dropping it kills ChromeDriver and the browser
/// and removes the profile; [`Browser::shutdown`] first ends the session politely.
pub struct Browser {
    client: Client,
    _driver: Driver,
}

impl Browser {
    /// Starts ChromeDriver and opens a session in a fresh headless Chromium. Retried a few
    /// times: the free port picked for ChromeDriver can be taken by someone else meanwhile.
    pub async fn start() -> Browser {
        const ATTEMPTS: usize = 3;
        let mut last_error = String::new();
        for _ in 0..ATTEMPTS {
            match Self::try_start().await {
                Ok(browser) => return browser,
                Err(e) => {
                    eprintln!("browser start failed, retrying: {e}");
                    last_error = e;
                }
            }
        }
        panic!("cannot start the browser ({ATTEMPTS} attempts): {last_error}");
    }

    /// A browser in a network namespace (see [`crate::netns`]): ChromeDriver runs inside it
    /// and listens on `address`, accepting commands from `allowed` (this side's address).
    pub async fn start_in(netns: &str, address: &str, allowed: &str) -> Browser {
        let place = Place {
            netns: Some(netns.to_string()),
            address: address.to_string(),
            allowed: Some(allowed.to_string()),
        };
        match Self::try_start_at(&place).await {
            Ok(browser) => browser,
            Err(e) => panic!("cannot start the browser in {netns}: {e}"),
        }
    }

    async fn try_start() -> Result<Browser, String> {
        Self::try_start_at(&Place {
            netns: None,
            address: "127.0.0.1".into(),
            allowed: None,
        })
        .await
    }

    async fn try_start_at(place: &Place) -> Result<Browser, String> {
        let chromium = env_or("EVR_CHROMIUM", "/usr/bin/chromium");
        let chromedriver = env_or("EVR_CHROMEDRIVER", "/usr/bin/chromedriver");
        let port = free_port();
        let mut command = match &place.netns {
            Some(ns) => {
                let mut c = tokio::process::Command::new("ip");
                c.args(["netns", "exec", ns, &chromedriver]);
                c
            }
            None => tokio::process::Command::new(&chromedriver),
        };
        if let Some(allowed) = &place.allowed {
            command.arg(format!("--allowed-ips={allowed}"));
        }
        let mut driver = Driver {
            child: command
                .arg(format!("--port={port}"))
                .stdin(Stdio::null())
                .stdout(Stdio::null())
                .stderr(Stdio::null())
                // Its own process group, so that Drop can kill ChromeDriver and the browser it
                // started in one go.
                .process_group(0)
                .kill_on_drop(true)
                .spawn()
                .map_err(|e| format!("cannot run {chromedriver}: {e}"))?,
            profile: fresh_profile_dir(),
        };
        wait_for_port(&place.address, port, Duration::from_secs(20)).await?;
        if let Ok(Some(status)) = driver.child.try_wait() {
            return Err(format!("{chromedriver} exited ({status}) on port {port}"));
        }

        let mut args: Vec<String> = CHROMIUM_ARGS.iter().map(|s| s.to_string()).collect();
        if place.netns.is_some() {
            // WebRTC between two namespaces: real addresses in the candidates, not mDNS names.
            args.push("--disable-features=WebRtcHideLocalIpsWithMdns".into());
        }
        args.push(format!("--user-data-dir={}", driver.profile.display()));
        let serde_json::Value::Object(caps) = serde_json::json!({
            "browserName": "chrome",
            "goog:chromeOptions": { "binary": chromium, "args": args },
            "goog:loggingPrefs": { "browser": "ALL" },
        }) else {
            unreachable!()
        };
        let client = ClientBuilder::new(HttpConnector::new())
            .capabilities(caps)
            .connect(&format!("http://{}:{port}", place.address))
            .await
            .map_err(|e| format!("cannot open a session with {chromedriver}: {e}"))?;
        Ok(Browser {
            client,
            _driver: driver,
        })
    }

    pub fn client(&self) -> &Client {
        &self.client
    }

    /// Ends the WebDriver session (closing the browser), then drops ChromeDriver.
    pub async fn shutdown(self) {
        let _ = tokio::time::timeout(Duration::from_secs(10), self.client.clone().close()).await;
    }
}

/// Where ChromeDriver runs and how it is reached.
struct Place {
    netns: Option<String>,
    address: String,
    allowed: Option<String>,
}

/// The ChromeDriver process and the browser profile it uses.
struct Driver {
    child: tokio::process::Child,
    profile: PathBuf,
}

impl Drop for Driver {
    fn drop(&mut self) {
        if let Some(pid) = self.child.id() {
            // The group id is ChromeDriver's pid (process_group(0) above).
            let _ = std::process::Command::new("kill")
                .args(["-KILL", "--", &format!("-{pid}")])
                .stderr(Stdio::null())
                .status();
        }
        let _ = self.child.start_kill();
        let _ = std::fs::remove_dir_all(&self.profile);
    }
}

fn fresh_profile_dir() -> PathBuf {
    static COUNTER: AtomicUsize = AtomicUsize::new(0);
    let dir = std::env::temp_dir().join(format!(
        "evr-chromium-{}-{}",
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
            return Err(format!("ChromeDriver did not listen on port {port}"));
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

/// The console entries since the last read (ChromeDriver drains its buffer on each read).
pub(crate) async fn console_log(client: &Client) -> Vec<LogEntry> {
    let value = client
        .issue_cmd(GetBrowserLog)
        .await
        .unwrap_or_else(|e| panic!("reading the browser log: {e}"));
    let field = |v: &serde_json::Value, k: &str| v[k].as_str().unwrap_or_default().to_string();
    value
        .as_array()
        .unwrap_or_else(|| panic!("unexpected browser log: {value}"))
        .iter()
        .map(|v| LogEntry {
            level: field(v, "level"),
            source: field(v, "source"),
            message: field(v, "message"),
        })
        .collect()
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
