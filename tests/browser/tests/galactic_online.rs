//! Galactic Rebellion at a table of three devices: three headless Chromiums, each in its own
//! network namespace on one hub (`evr_browser_tests::netns`), the test carrying each seat's
//! link and reply between the host and that seat's friend as the players would by messenger.
//! The table opens once both friends have joined, and every device plays its own seat.
//!
//! Where the machine cannot make namespaces the tests say so loudly and pass (the native
//! tests of `crates/duel-link` still run); with `DUEL_NETNS_REQUIRED=1` (CI) they fail.

use evr_browser_tests::galactic::mark_next;
use evr_browser_tests::netns::Devices;
use evr_browser_tests::{dist_dir, patience, testid, App, Browser, Locator, StaticServer};
use serde_json::Value;
use std::time::{Duration, Instant};

fn page(fixed: u64) -> String {
    format!("/galactic-online.html?stun=off&pause=0&fixed={fixed}")
}

/// A table of devices, each with a browser, and the app served to all.
struct Table {
    apps: Vec<App>,
    browsers: Vec<Browser>,
    _devices: Devices,
    _server: StaticServer,
}

async fn table_of(count: usize) -> Option<Table> {
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
    async fn shutdown(self) {
        for b in self.browsers {
            b.shutdown().await;
        }
    }
}

async fn wait_until<F, Fut>(what: &str, limit: Duration, mut check: F)
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
async fn value_in(app: &App, scope: &str, id: &str) -> String {
    app.js(&format!(
        "const e = document.querySelector({}); return e ? e.value : '';",
        Value::String(format!("{scope} [data-testid={id}]"))
    ))
    .await
    .as_str()
    .unwrap_or_default()
    .to_string()
}

async fn click_css(app: &App, css: &str) {
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

/// The host's link for `seat` goes to `guest`, who opens it; the guest's reply is pasted in
/// that seat's box on the host.
async fn join(host: &App, seat: &str, guest: &App, fixed: u64) {
    let scope = format!("[data-testid=guest-{seat}]");
    tokio::time::sleep(Duration::from_secs(5)).await;
    host.assert_no_console_errors().await;
    wait_until("the seat's link", patience(30), || async {
        !value_in(host, &scope, "invite-link").await.is_empty()
    })
    .await;
    let link = value_in(host, &scope, "invite-link").await;
    let (_, code) = link.split_once('#').expect("a link with a fragment");
    guest.open(&format!("{}#{code}", page(fixed))).await;
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

/// What every device's page says of the game: the turn track and each seat's presence.
async fn facts(app: &App) -> (String, String) {
    let v = app
        .js(
            "const t = document.querySelector('[data-testid=turn-track]');
             const p = [...document.querySelectorAll('[data-testid=presence] li')]
               .map(l => l.dataset.seat + ':' + l.dataset.state).join(' ');
             return [t ? t.textContent : '', p];",
        )
        .await;
    (
        v[0].as_str().unwrap_or_default().to_string(),
        v[1].as_str().unwrap_or_default().to_string(),
    )
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "needs dist/, Chromium and network namespaces: run by scripts/test.sh"]
async fn three_devices_join_one_table_and_each_plays_its_own_seat() {
    let Some(t) = table_of(3).await else { return };
    let [host, blue, green] = &t.apps[..] else {
        unreachable!()
    };
    host.open(&page(21)).await;
    click_css(host, "[data-testid=players-3]").await;
    click_css(host, "[data-testid=host-table]").await;
    join(host, "Blue", blue, 42).await;
    // One friend in: the table waits for the other, and says so on both devices.
    for app in [host, blue] {
        wait_until("who is missing", patience(30), || async {
            app.js("const e = document.querySelector('[data-testid=still-missing]'); return e ? e.textContent : ''")
                .await
                .as_str()
                .is_some_and(|s| s.contains("Green"))
        })
        .await;
    }
    join(host, "Green", green, 63).await;
    for app in [host, blue, green] {
        wait_until("the table on every device", patience(30), || async {
            app.exists(&testid("table")).await
        })
        .await;
    }
    for (app, seat) in [(host, "Red"), (blue, "Blue"), (green, "Green")] {
        let mine = app
            .js("return document.querySelector('.app').dataset.seat")
            .await;
        assert_eq!(mine.as_str(), Some(seat));
    }
    // Every device plays its seat's decisions, tapping the board, until 30 taps were made.
    let (mut taps, mut k, began) = (0, 0usize, Instant::now());
    while taps < 30 {
        assert!(
            began.elapsed() < patience(180),
            "only {taps} taps in {:?}",
            patience(180)
        );
        let mut moved = false;
        for app in [host, blue, green] {
            if mark_next(app, k).await == "tap" {
                if let Ok(el) = app.client.find(Locator::Css("[data-next]")).await {
                    if el.click().await.is_ok() {
                        taps += 1;
                        k += 1;
                        moved = true;
                        tokio::time::sleep(Duration::from_millis(150)).await;
                    }
                }
            }
        }
        if !moved {
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
    }
    // The three screens agree on where the game is, and everyone is connected.
    wait_until("every screen in step", patience(20), || async {
        let (a, b, c) = (facts(host).await, facts(blue).await, facts(green).await);
        a == b && b == c && a.1.matches(":connected").count() == 2
    })
    .await;
    for (w, h) in [(390, 844), (1366, 768)] {
        blue.set_viewport(w, h).await;
        tokio::time::sleep(Duration::from_millis(300)).await;
        blue.screenshot(&format!("galactic-online-{w}x{h}")).await;
    }
    for app in [host, blue, green] {
        app.assert_no_console_errors().await;
    }
    t.shutdown().await;
}
