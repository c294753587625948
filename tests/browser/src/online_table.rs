//! A table of devices for the online tests of 3 to 5 players: a headless Chromium per
//! device, each in its own network namespace on one hub ([`crate::netns`]), the app served
//! to all; and the steps a host and a friend take to seat the friend (the host's link for
//! the seat carried to the friend, the friend's reply pasted back), as players would by
//! messenger.

use crate::netns::Devices;
use crate::{dist_dir, patience, App, Browser, Locator, StaticServer};
use serde_json::Value;
use std::time::{Duration, Instant};

/// The devices of a table, each with a browser, and the app served to all.
pub struct Table {
    pub apps: Vec<App>,
    browsers: Vec<Browser>,
    _devices: Devices,
    _server: StaticServer,
}

/// `count` devices (2 to 5), or `None` (said loudly) where this machine cannot make network
/// namespaces; with `DUEL_NETNS_REQUIRED=1` (CI) that fails instead.
pub async fn table_of(count: usize) -> Option<Table> {
    let devices = match Devices::create(count) {
        Ok(d) => d,
        Err(e) => {
            if std::env::var("DUEL_NETNS_REQUIRED").is_ok_and(|v| v == "1") {
                panic!("the online tests must run on this machine (DUEL_NETNS_REQUIRED=1): {e}");
            }
            eprintln!("\nONLINE TABLE TESTS NOT RUN: no network namespaces here ({e}).\n");
            return None;
        }
    };
    let server = StaticServer::start_on(dist_dir(), "/", "0.0.0.0", 0).await;
    let mut apps = Vec::new();
    let mut browsers = Vec::new();
    for d in devices.iter() {
        let b = Browser::start_in(&d.netns, &d.address, &d.machine).await;
        apps.push(App {
            client: b.client().clone(),
            base_url: format!("http://{}:{}", d.machine, server.port()),
        });
        browsers.push(b);
    }
    Some(Table {
        apps,
        browsers,
        _devices: devices,
        _server: server,
    })
}

impl Table {
    pub async fn shutdown(self) {
        for b in self.browsers {
            b.shutdown().await;
        }
    }
}

/// Waits until `check` holds, failing after `limit`.
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

/// The value of the field `id` inside the element `scope` (a CSS selector).
pub async fn value_in(app: &App, scope: &str, id: &str) -> String {
    app.js(&format!(
        "const e = document.querySelector({}); return e ? e.value : '';",
        Value::String(format!("{scope} [data-testid={id}]"))
    ))
    .await
    .as_str()
    .unwrap_or_default()
    .to_string()
}

/// Clicks the element `css`, once it is there.
pub async fn click_css(app: &App, css: &str) {
    app.wait_for_js(
        &format!("document.querySelector({})", Value::String(css.into())),
        css,
    )
    .await;
    app.client
        .find(Locator::Css(css))
        .await
        .unwrap_or_else(|e| panic!("find {css}: {e}"))
        .click()
        .await
        .unwrap_or_else(|e| panic!("click {css}: {e}"));
}

/// The host's link for `seat` (as the page names it) goes to `guest`, who opens it on
/// `page` (the page's path with its test switches); the guest's reply is pasted in that
/// seat's box on the host.
pub async fn join_seat(host: &App, seat: &str, guest: &App, page: &str) {
    let scope = format!("[data-testid={}]", Value::String(format!("guest-{seat}")));
    wait_until("the seat's link", patience(30), || async {
        !value_in(host, &scope, "invite-link").await.is_empty()
    })
    .await;
    host.assert_no_console_errors().await;
    let link = value_in(host, &scope, "invite-link").await;
    let (_, code) = link.split_once('#').expect("a link with a fragment");
    guest.open(&format!("{page}#{code}")).await;
    guest.wait_for_testid("reply-code").await;
    let reply = value_in(guest, "body", "reply-code").await;
    host.js(&format!(
        "const e = document.querySelector({});
         e.value = {}; e.dispatchEvent(new Event('input', {{ bubbles: true }}));",
        Value::String(format!("{scope} [data-testid=reply-input]")),
        Value::String(reply)
    ))
    .await;
    click_css(host, &format!("{scope} [data-testid=reply-connect]")).await;
}
