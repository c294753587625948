//! What the online tests share (`tests/online.rs`, two devices; `tests/galactic_online.rs`,
//! tables of 2 to 5): devices in network namespaces or a loud skip, a table of browsers, one
//! per device, and the small steps a player makes on an online page (read a code, paste one,
//! press a button), each optionally inside one element (a host's block for one guest seat).

use crate::netns::Devices;
use crate::{dist_dir, patience, App, Browser, Engine, StaticServer};
use serde_json::Value;
use std::time::{Duration, Instant};

/// `count` devices, or `None` (said loudly) where this machine cannot make network
/// namespaces; with `DUEL_NETNS_REQUIRED=1` (CI) that fails the test instead.
pub fn devices_or_skip(count: usize) -> Option<Devices> {
    match Devices::create(count) {
        Ok(d) => Some(d),
        Err(e) => {
            if std::env::var("DUEL_NETNS_REQUIRED").is_ok_and(|v| v == "1") {
                panic!(
                    "the online tests must run on this machine (DUEL_NETNS_REQUIRED=1), but: {e}"
                );
            }
            eprintln!(
                "\n########################################################################\n\
                 ONLINE BROWSER TESTS NOT RUN: this machine cannot make network namespaces\n\
                 ({e}).\nThe native tests of online play (crates/duel-link) did run.\n\
                 ########################################################################\n"
            );
            None
        }
    }
}

/// Devices, each with a browser of its engine, and the app served to all.
pub struct Table {
    pub apps: Vec<App>,
    pub browsers: Vec<Browser>,
    pub devices: Devices,
    _server: StaticServer,
}

impl Table {
    /// One device per engine, device `k` running `engines[k]`; `None` where there are no
    /// namespaces (see [`devices_or_skip`]).
    pub async fn open(engines: &[Engine]) -> Option<Table> {
        let devices = devices_or_skip(engines.len())?;
        let server = StaticServer::start_on(dist_dir(), "/", "0.0.0.0", 0).await;
        let mut apps = Vec::new();
        let mut browsers = Vec::new();
        for (d, engine) in devices.iter().zip(engines) {
            let b = Browser::start_engine_in(*engine, &d.netns, &d.address, &d.machine).await;
            apps.push(App {
                client: b.client().clone(),
                base_url: format!("http://{}:{}", d.machine, server.port()),
            });
            browsers.push(b);
        }
        Some(Table {
            apps,
            browsers,
            devices,
            _server: server,
        })
    }

    pub async fn shutdown(self) {
        for b in self.browsers {
            b.shutdown().await;
        }
    }
}

/// Waits (polling) until `check` holds; fails after `limit` (a hang guard, not a speed).
pub async fn wait_until<F, Fut>(what: &str, limit: Duration, mut check: F)
where
    F: FnMut() -> Fut,
    Fut: std::future::Future<Output = bool>,
{
    let start = Instant::now();
    while !check().await {
        assert!(start.elapsed() < limit, "waited {limit:?} for {what}");
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}

/// The CSS selector of the field `id` inside `scope` (a CSS selector; "body" for anywhere).
fn inside(scope: &str, id: &str) -> Value {
    Value::String(format!("{scope} [data-testid={id}]"))
}

/// The value of the field `id` inside `scope` ("" if there is none).
pub async fn value_in(app: &App, scope: &str, id: &str) -> String {
    app.js(&format!(
        "const e = document.querySelector({}); return e ? e.value : '';",
        inside(scope, id)
    ))
    .await
    .as_str()
    .unwrap_or_default()
    .to_string()
}

/// Pastes `text` into the field `id` inside `scope`, as a person's paste (an input event).
pub async fn paste_in(app: &App, scope: &str, id: &str, text: &str) {
    app.js(&format!(
        "const e = document.querySelector({});
         e.value = {}; e.dispatchEvent(new Event('input', {{ bubbles: true }}));",
        inside(scope, id),
        Value::String(text.to_string())
    ))
    .await;
}

/// Clicks the element `id` inside `scope`, once it is there (scrolled into the middle of
/// the window first, as a person would scroll to it).
pub async fn click_in(app: &App, scope: &str, id: &str) {
    let css = format!("{scope} [data-testid={id}]");
    app.wait_for_js(
        &format!("document.querySelector({})", inside(scope, id)),
        &css,
    )
    .await;
    app.js(&format!(
        "document.querySelector({}).scrollIntoView({{ block: 'center' }});",
        inside(scope, id)
    ))
    .await;
    app.client
        .find(fantoccini::Locator::Css(&css))
        .await
        .unwrap_or_else(|e| panic!("find {css}: {e}"))
        .click()
        .await
        .unwrap_or_else(|e| panic!("click {css}: {e}"));
}

/// How many log entries the device's view holds (the page's `data-log`).
pub async fn log_length(app: &App) -> u64 {
    app.js("return Number(document.querySelector('.app').dataset.log || 0)")
        .await
        .as_u64()
        .unwrap_or(0)
}

/// Bytes the page sent over its connections since it was loaded (`data-bytes-sent`).
pub async fn bytes_sent(app: &App) -> u64 {
    app.js("return Number(document.querySelector('.app').dataset.bytesSent || 0)")
        .await
        .as_u64()
        .unwrap_or(0)
}

/// The median and the largest of some figures (0 for none).
pub fn median_and_most(mut v: Vec<u64>) -> (u64, u64) {
    v.sort_unstable();
    (
        v.get(v.len() / 2).copied().unwrap_or(0),
        v.last().copied().unwrap_or(0),
    )
}

/// A friend joins a table: the host's link in the block `scope` (the seat's) goes to the
/// friend's device, which opens it on `page` (the page's path with its test switches); the
/// friend's reply is pasted in that block on the host. Returns the link's length and the
/// reply's, in characters.
pub async fn join_seat(host: &App, scope: &str, friend: &App, page: &str) -> (usize, usize) {
    wait_until("the seat's link", patience(30), || async {
        !value_in(host, scope, "invite-link").await.is_empty()
    })
    .await;
    let link = value_in(host, scope, "invite-link").await;
    let (_, code) = link.split_once('#').expect("a link with a fragment");
    friend.open(&format!("{page}#{code}")).await;
    wait_until("the reply code", patience(30), || async {
        !value_in(friend, "body", "reply-code").await.is_empty()
    })
    .await;
    let reply = value_in(friend, "body", "reply-code").await;
    paste_in(host, scope, "reply-input", &reply).await;
    click_in(host, scope, "reply-connect").await;
    (link.len(), reply.len())
}

/// Rebellion's pages: a choice of the player at this device, if it has one: the k-th among
/// the decision's (a decision with one answer is left to the page, which takes it for the
/// player).
pub async fn click_choice(app: &App, k: u64) -> bool {
    app.js(&format!(
        "if (document.querySelector('.app').dataset.legal === '1') return false; // taken for the player
         const c = [...document.querySelectorAll('#decision [data-testid=choice]')];
         if (!c.length) return false;
         c[{k} % c.length].click();
         return true;"
    ))
    .await
    .as_bool()
    .unwrap_or(false)
}
