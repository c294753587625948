//! Online play between two devices: two headless Chromiums, each in its own network namespace
//! (`evr_browser_tests::netns`), the test carrying the links and codes between them as the
//! players would by messenger. A whole Rebellion game with a reload on each side; a link cut
//! for longer than the browsers wait, then resumed; a reply code to an older link refused; and
//! a Firefox host paired with a Chromium guest for a few moves.
//!
//! Where the machine cannot make namespaces the tests say so loudly and pass (the native
//! tests of `crates/duel-link` still run); with `DUEL_NETNS_REQUIRED=1` (CI) they fail.

use evr_browser_tests::online::{
    bytes_sent, click_choice, log_length, paste_in, value_in, wait_until, Table,
};
use evr_browser_tests::{patience, testid, App, Engine};
use serde_json::Value;
use std::time::{Duration, Instant};

/// No STUN server (there is no internet here); each device's random draws fixed per device.
fn page(fixed: u64) -> String {
    page_of("rebellion-online", fixed)
}

fn page_of(name: &str, fixed: u64) -> String {
    format!("/{name}.html?stun=off&fixed={fixed}")
}

/// Two devices, each with a browser, and the app served to both.
struct Pair {
    host: App,
    guest: App,
    table: Table,
}

async fn pair_up() -> Option<Pair> {
    pair_up_in(Engine::Chromium, Engine::Chromium).await
}

/// Two devices whose browsers are `host` (device A) and `guest` (device B).
async fn pair_up_in(host: Engine, guest: Engine) -> Option<Pair> {
    let table = Table::open(&[host, guest]).await?;
    Some(Pair {
        host: table.apps[0].clone(),
        guest: table.apps[1].clone(),
        table,
    })
}

impl Pair {
    async fn shutdown(self) {
        self.table.shutdown().await
    }
}

async fn value(app: &App, id: &str) -> String {
    value_in(app, "body", id).await
}

async fn paste(app: &App, id: &str, text: &str) {
    paste_in(app, "body", id, text).await
}

async fn click(app: &App, id: &str) {
    app.wait_for_testid(id)
        .await
        .click()
        .await
        .unwrap_or_else(|e| panic!("click {id}: {e}"));
}

async fn connection_state(app: &App) -> String {
    app.js("const e = document.querySelector('[data-testid=connection]'); return e ? e.dataset.state : '';")
        .await
        .as_str()
        .unwrap_or_default()
        .to_string()
}

/// Both tables up and connected.
async fn both_playing(p: &Pair) {
    both_at(p, "galaxy").await
}

/// Both connected and showing `table` (a test id).
async fn both_at(p: &Pair, table: &str) {
    for app in [&p.host, &p.guest] {
        wait_until("the connection", patience(30), || async {
            connection_state(app).await == "open" && app.exists(&testid(table)).await
        })
        .await;
    }
}

/// The offering device makes a link; the other opens it (a navigation, as from a messenger)
/// and answers; the reply is pasted on the first. Returns the link's code and the reply.
async fn exchange(offerer: &App, answerer: &App, fixed: u64) -> (String, String) {
    exchange_on(offerer, answerer, &page(fixed)).await
}

async fn exchange_on(offerer: &App, answerer: &App, answer_page: &str) -> (String, String) {
    offerer.wait_for_testid("invite-link").await;
    let link = value(offerer, "invite-link").await;
    let (_, code) = link.split_once('#').expect("a link with a fragment");
    answerer.open(&format!("{answer_page}#{code}")).await;
    answerer.wait_for_testid("reply-code").await;
    let reply = value(answerer, "reply-code").await;
    paste(offerer, "reply-input", &reply).await;
    click(offerer, "reply-connect").await;
    (code.trim_start_matches("join=").to_string(), reply)
}

/// Either device offers again (after a reload or a cut): one exchange of codes.
async fn reconnect(p: &Pair, offerer: &App, answerer: &App, fixed: u64) {
    if !offerer.exists(&testid("reconnect")).await {
        click(offerer, "online-menu").await;
    }
    click(offerer, "reconnect").await;
    exchange(offerer, answerer, fixed).await;
    both_playing(p).await;
}

/// What the screen says of the game: round, phase and both sides' reputation and time, the
/// same on both devices when they are in step.
async fn shared_facts(app: &App) -> String {
    app.js(
        "const p = document.querySelector('[data-testid=phase]'); return p ? p.textContent : '';",
    )
    .await
    .as_str()
    .unwrap_or_default()
    .to_string()
}

/// Plays `moves` choices, each device in turn when it has one (the k-th of its choices, `k`
/// moving on after each); returns the moves made.
async fn moves_each_way(p: &Pair, moves: usize, mut k: u64) -> usize {
    let (mut clicks, began) = (0, Instant::now());
    while clicks < moves {
        assert!(
            began.elapsed() < patience(120),
            "only {clicks} moves in {:?}",
            patience(120)
        );
        let mut moved = false;
        for app in [&p.host, &p.guest] {
            if click_choice(app, k).await {
                clicks += 1;
                k += 5;
                moved = true;
            }
        }
        if !moved {
            tokio::time::sleep(Duration::from_millis(25)).await;
        }
    }
    clicks
}

const HOST_FIXED: u64 = 21;
const GUEST_FIXED: u64 = 42;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "needs dist/, Chromium and network namespaces: run by scripts/test.sh"]
async fn a_whole_rebellion_game_between_two_devices_with_a_reload_on_each() {
    let Some(p) = pair_up().await else { return };
    p.host.open(&page(HOST_FIXED)).await;
    p.host.wait_for_testid("host-rebel").await;
    p.host.screenshot("online-lobby").await;
    click(&p.host, "host-rebel").await;
    p.host.wait_for_testid("invite-link").await;
    p.host.screenshot("online-invite").await;
    let opened = Instant::now();
    let (invite, reply) = exchange(&p.host, &p.guest, GUEST_FIXED).await;
    both_playing(&p).await;
    let first_screen = opened.elapsed();
    // Each device at a phone's size, in the game (looked at by a person: target/screenshots).
    for (app, name) in [
        (&p.host, "online-host-phone"),
        (&p.guest, "online-guest-phone"),
    ] {
        app.client
            .set_window_size(390, 844)
            .await
            .expect("phone size");
        tokio::time::sleep(Duration::from_millis(300)).await;
        app.screenshot(name).await;
        app.client
            .set_window_size(1280, 900)
            .await
            .expect("desktop size");
    }
    assert_eq!(
        p.host
            .js("return document.querySelector('.app').dataset.seat")
            .await,
        "Rebellion"
    );
    assert_eq!(
        p.guest
            .js("return document.querySelector('.app').dataset.seat")
            .await,
        "Empire"
    );

    let began = Instant::now();
    let (mut clicks, mut k) = (0u32, 7u64);
    let mut move_ms = Vec::new();
    let (mut guest_reloaded, mut host_reloaded) = (false, false);
    let mut sent = 0u64;
    loop {
        let over =
            p.host.exists(&testid("game-over")).await && p.guest.exists(&testid("game-over")).await;
        if over {
            break;
        }
        assert!(
            began.elapsed() < patience(900),
            "the game did not end in {:?} ({clicks} clicks)",
            patience(900)
        );
        if clicks >= 60 && !guest_reloaded {
            guest_reloaded = true;
            sent += bytes_sent(&p.guest).await;
            p.guest.client.refresh().await.expect("reload the guest");
            p.guest.wait_for_testid("app").await;
            reconnect(&p, &p.host, &p.guest, GUEST_FIXED).await;
        }
        if clicks >= 140 && !host_reloaded {
            host_reloaded = true;
            sent += bytes_sent(&p.host).await;
            p.host.client.refresh().await.expect("reload the host");
            p.host.wait_for_testid("app").await;
            reconnect(&p, &p.host, &p.guest, GUEST_FIXED).await;
        }
        let mut moved = false;
        for (mover, other) in [(&p.host, &p.guest), (&p.guest, &p.host)] {
            // Every 20th move is timed: from the click to the other device's screen changing.
            let timed = clicks.is_multiple_of(20);
            let before = if timed {
                shared_facts(other).await
            } else {
                String::new()
            };
            let log_before = log_length(other).await;
            let t = Instant::now();
            if click_choice(mover, k).await {
                moved = true;
                clicks += 1;
                k = k
                    .wrapping_mul(6364136223846793005)
                    .wrapping_add(1442695040888963407)
                    >> 1;
                if timed {
                    let changed = tokio::time::timeout(patience(5), async {
                        loop {
                            if log_length(other).await != log_before
                                || shared_facts(other).await != before
                            {
                                break;
                            }
                            tokio::time::sleep(Duration::from_millis(5)).await;
                        }
                    })
                    .await;
                    if changed.is_ok() {
                        move_ms.push(t.elapsed().as_millis() as u64);
                    }
                }
            }
        }
        if !moved {
            tokio::time::sleep(Duration::from_millis(25)).await;
        }
    }
    assert!(
        guest_reloaded && host_reloaded,
        "both devices reloaded mid-game"
    );
    // The guest checked the host's game: the seed both made, every move replayed.
    p.guest.wait_for_testid("verdict").await;
    let verdict = p
        .guest
        .wait_for_testid("verdict")
        .await
        .text()
        .await
        .unwrap();
    assert!(verdict.starts_with("Checked"), "{verdict}");
    sent += bytes_sent(&p.host).await + bytes_sent(&p.guest).await;
    move_ms.sort_unstable();
    println!(
        "measure: online Rebellion: invite code {} characters, reply {}; opening the link to \
         both tables {:.2} s (the codes carried at once); a whole game {clicks} clicks in {:.0} s; \
         a move on the other screen: median {} ms, slowest {} ms ({} timed); {:.1} KiB sent \
         by both devices",
        invite.len(),
        reply.len(),
        first_screen.as_secs_f64(),
        began.elapsed().as_secs_f64(),
        move_ms.get(move_ms.len() / 2).copied().unwrap_or(0),
        move_ms.last().copied().unwrap_or(0),
        move_ms.len(),
        sent as f64 / 1024.0
    );
    for app in [&p.host, &p.guest] {
        app.assert_no_console_errors().await;
    }
    p.shutdown().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "needs dist/, Chromium and network namespaces: run by scripts/test.sh"]
async fn a_cut_longer_than_the_browsers_wait_is_resumed_with_one_exchange() {
    let Some(p) = pair_up().await else { return };
    p.host.open(&page(HOST_FIXED + 1)).await;
    click(&p.host, "host-empire").await;
    exchange(&p.host, &p.guest, GUEST_FIXED + 1).await;
    both_playing(&p).await;
    assert_eq!(
        p.guest
            .js("return document.querySelector('.app').dataset.seat")
            .await,
        "Rebellion"
    );
    // A few moves each way.
    moves_each_way(&p, 12, 3).await;
    let facts = shared_facts(&p.guest).await;
    p.table.devices.cut().expect("cut the link");
    let cut_at = Instant::now();
    // The other device is shown away, then the connection is lost for good.
    wait_until("the guest to show the host away", patience(15), || async {
        connection_state(&p.guest).await != "open"
    })
    .await;
    tokio::time::sleep(Duration::from_secs(20).saturating_sub(cut_at.elapsed())).await;
    p.table.devices.mend().expect("mend the link");
    wait_until("the connection to be given up", patience(30), || async {
        connection_state(&p.host).await == "closed" || connection_state(&p.host).await == "away"
    })
    .await;
    let resumed = Instant::now();
    reconnect(&p, &p.host, &p.guest, GUEST_FIXED + 1).await;
    let resume_time = resumed.elapsed();
    assert_eq!(
        shared_facts(&p.guest).await,
        facts,
        "nothing lost or played twice"
    );
    // Play goes on, the choices picked on from where they were.
    moves_each_way(&p, 6, 3 + 5 * 12).await;
    println!(
        "measure: online resume after a 20 s cut: one exchange of codes and the tables back in \
         {:.2} s (the codes carried at once)",
        resume_time.as_secs_f64()
    );
    p.shutdown().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "needs dist/, Chromium and network namespaces: run by scripts/test.sh"]
async fn a_reply_to_an_older_link_is_refused_with_a_message() {
    let Some(p) = pair_up().await else { return };
    p.host.open(&page(HOST_FIXED + 2)).await;
    click(&p.host, "host-rebel").await;
    p.host.wait_for_testid("invite-link").await;
    let link = value(&p.host, "invite-link").await;
    let (_, code) = link.split_once('#').unwrap();
    p.guest
        .open(&format!("{}#{code}", page(GUEST_FIXED + 2)))
        .await;
    p.guest.wait_for_testid("reply-code").await;
    let stale = value(&p.guest, "reply-code").await;
    // The host makes a fresh link meanwhile; the old reply no longer answers it.
    click(&p.host, "fresh-link").await;
    wait_until("a fresh link", patience(10), || async {
        let now = value(&p.host, "invite-link").await;
        !now.is_empty() && now != link
    })
    .await;
    paste(&p.host, "reply-input", &stale).await;
    click(&p.host, "reply-connect").await;
    let notice = p
        .host
        .wait_for_testid("online-notice")
        .await
        .text()
        .await
        .unwrap();
    assert!(notice.contains("older link"), "{notice}");
    // The host's own (fresh) link pasted as the reply is refused too.
    let own = value(&p.host, "invite-link").await;
    paste(&p.host, "reply-input", &own).await;
    click(&p.host, "reply-connect").await;
    wait_until("its own link refused as the reply", patience(5), || async {
        p.host
            .js("const n = document.querySelector('[data-testid=online-notice]'); return n ? n.textContent : '';")
            .await
            .as_str()
            .is_some_and(|t| t.contains("own link"))
    })
    .await;
    // The newest link still works, its reply carried as a QR code: the host's phone camera
    // opens the reply's link in a new tab, which hands it to the tab that made the link.
    let fresh = value(&p.host, "invite-link").await;
    let (_, code) = fresh.split_once('#').unwrap();
    p.guest
        .open(&format!("{}#{code}", page(GUEST_FIXED + 2)))
        .await;
    p.guest.wait_for_testid("reply-code").await;
    click(&p.guest, "reply-code-qr-toggle").await;
    let qr = p.guest.wait_for_testid("reply-code-qr").await;
    assert!(qr.html(true).await.unwrap().contains("<path d=\"M"));
    let reply_link = qr.attr("data-text").await.unwrap().expect("the QR's text");
    let (_, reply) = reply_link.split_once('#').expect("a link with a fragment");
    let game_tab = p.host.client.window().await.unwrap();
    let tab = p.host.client.new_window(true).await.unwrap();
    p.host.client.switch_to_window(tab.handle).await.unwrap();
    p.host
        .open(&format!("{}#{reply}", page(HOST_FIXED + 2)))
        .await;
    let told = p
        .host
        .wait_for_testid("online-notice")
        .await
        .text()
        .await
        .unwrap();
    assert!(told.contains("passed to the tab"), "{told}");
    p.host.client.close_window().await.unwrap();
    p.host.client.switch_to_window(game_tab).await.unwrap();
    both_playing(&p).await;
    // A link of another game (the guest abandons this one and hosts anew) is refused by the
    // host's device, which keeps its game.
    p.guest.js("window.confirm = () => true;").await;
    click(&p.guest, "online-menu").await;
    click(&p.guest, "abandon").await;
    click(&p.guest, "host-empire").await;
    p.guest.wait_for_testid("invite-link").await;
    let foreign = value(&p.guest, "invite-link").await;
    let (_, code) = foreign.split_once('#').unwrap();
    p.host
        .open(&format!("{}#{code}", page(HOST_FIXED + 2)))
        .await;
    // Told at the table (the decision's banner).
    wait_until("the foreign link refused", patience(5), || async {
        p.host
            .js("return document.body.innerText")
            .await
            .as_str()
            .is_some_and(|t| t.contains("another online game"))
    })
    .await;
    assert!(
        p.host
            .js("return localStorage.getItem('swr-online')")
            .await
            .as_str()
            .is_some_and(|s| s.starts_with("host ")),
        "the host's game is kept"
    );
    p.shutdown().await;
}

/// One device's move code, read on the other.
async fn carry_code(from: &App, to: &App) {
    if !from.exists(&testid("my-code")).await {
        click(from, "online-menu").await;
    }
    click(from, "my-code").await;
    from.wait_for_testid("move-code").await;
    let code = value(from, "move-code").await;
    if !to.exists(&testid("their-code")).await {
        click(to, "online-menu").await;
    }
    paste(to, "their-code", &code).await;
    click(to, "read-code").await;
    // Back to the table, where the next move is made.
    if to.exists(&testid("back-to-table")).await {
        click(to, "back-to-table").await;
    }
    if from.exists(&testid("back-to-table")).await {
        click(from, "back-to-table").await;
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "needs dist/, Chromium and network namespaces: run by scripts/test.sh"]
async fn with_no_connection_the_game_is_played_by_codes() {
    let Some(p) = pair_up().await else { return };
    // The devices never reach each other.
    p.table.devices.cut().expect("cut the link");
    p.host.open(&page(HOST_FIXED + 3)).await;
    click(&p.host, "host-rebel").await;
    exchange(&p.host, &p.guest, GUEST_FIXED + 3).await;
    // The guest waits for a connection that does not come; the host's code starts its game.
    carry_code(&p.host, &p.guest).await;
    p.guest.wait_for_testid("galaxy").await;
    let mut moves = 0;
    let mut k = 5u64;
    let started = Instant::now();
    while moves < 8 {
        assert!(
            started.elapsed() < patience(120),
            "8 moves by codes in {:?}",
            patience(120)
        );
        let mut moved = false;
        for (hosts, mover, other) in [(true, &p.host, &p.guest), (false, &p.guest, &p.host)] {
            if click_choice(mover, k).await {
                moved = true;
                moves += 1;
                k += 3;
                let before = log_length(other).await;
                carry_code(mover, other).await;
                if hosts {
                    wait_until("the guest to see the host's move", patience(5), || async {
                        log_length(&p.guest).await != before
                    })
                    .await;
                } else {
                    // The host's answer (the guest's view after its move) goes back too.
                    carry_code(other, mover).await;
                }
            }
        }
        if !moved {
            tokio::time::sleep(Duration::from_millis(25)).await;
        }
    }
    assert_ne!(connection_state(&p.host).await, "open");
    assert_eq!(shared_facts(&p.host).await, shared_facts(&p.guest).await);
    p.shutdown().await;
}

/// Empire vs. Rebellion's simple clicking policy (as in `game.rs`): the characters first,
/// one card per struggle, then pass; the first option of anything else.
async fn evr_click(app: &App) -> bool {
    if app.click(&testid("continue-round")).await {
        return true;
    }
    if app.exists(&testid("character-choice")).await
        && app.exists(&testid("confirm-characters")).await
    {
        let picked = app
            .js(
                "const b = [...document.querySelectorAll('[data-testid=character]')];
                 b.slice(0, 4).forEach((x) => x.click()); return b.length;",
            )
            .await;
        if picked.as_u64().unwrap_or(0) > 0 && app.click(&testid("confirm-characters")).await {
            return true;
        }
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

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "needs dist/, Chromium and network namespaces: run by scripts/test.sh"]
async fn a_whole_empire_vs_rebellion_game_between_two_devices_with_a_take_back() {
    let Some(p) = pair_up().await else { return };
    let (host_page, guest_page) = (page_of("evr-online", 31), page_of("evr-online", 32));
    p.host.open(&host_page).await;
    click(&p.host, "host-imperial").await;
    let opened = Instant::now();
    let (invite, reply) = exchange_on(&p.host, &p.guest, &guest_page).await;
    both_at(&p, "app").await;
    let first_screen = opened.elapsed();
    assert_eq!(
        p.guest
            .js("return document.querySelector('.app').dataset.seat")
            .await,
        "Rebellion"
    );
    // The host chooses its characters first, then asks to take that back (the guest has not
    // chosen yet, so nothing was let out); the guest agrees, and the host chooses again.
    p.host.wait_for_testid("confirm-characters").await;
    assert!(evr_click(&p.host).await);
    wait_until("the host's choice made", patience(5), || async {
        !p.host.exists(&testid("confirm-characters")).await
    })
    .await;
    click(&p.host, "online-menu").await;
    click(&p.host, "ask-take-back").await;
    click(&p.guest, "take-back-yes").await;
    p.host.wait_for_testid("confirm-characters").await;
    let began = Instant::now();
    let mut clicks = 0u32;
    let mut sent = 0u64;
    let mut reloaded = false;
    loop {
        if p.host.exists(&testid("game-over")).await && p.guest.exists(&testid("game-over")).await {
            break;
        }
        assert!(
            began.elapsed() < patience(600),
            "the game did not end in {:?} ({clicks} clicks)",
            patience(600)
        );
        if clicks >= 40 && !reloaded {
            reloaded = true;
            sent += bytes_sent(&p.guest).await;
            p.guest.client.refresh().await.expect("reload the guest");
            p.guest.wait_for_testid("app").await;
            // This time the guest offers, and the host answers.
            click(&p.guest, "online-menu").await;
            click(&p.guest, "reconnect").await;
            exchange_on(&p.guest, &p.host, &host_page).await;
            both_at(&p, "app").await;
        }
        let mut moved = false;
        for app in [&p.host, &p.guest] {
            if evr_click(app).await {
                moved = true;
                clicks += 1;
            }
        }
        if !moved {
            tokio::time::sleep(Duration::from_millis(25)).await;
        }
    }
    let verdict = p
        .guest
        .wait_for_testid("verdict")
        .await
        .text()
        .await
        .unwrap();
    assert!(verdict.starts_with("Checked"), "{verdict}");
    sent += bytes_sent(&p.host).await + bytes_sent(&p.guest).await;
    println!(
        "measure: online Empire vs. Rebellion: invite code {} characters, reply {}; opening the \
         link to both tables {:.2} s; a whole game {clicks} clicks in {:.0} s; {:.1} KiB sent by \
         both devices",
        invite.len(),
        reply.len(),
        first_screen.as_secs_f64(),
        began.elapsed().as_secs_f64(),
        sent as f64 / 1024.0
    );
    for app in [&p.host, &p.guest] {
        app.assert_no_console_errors().await;
    }
    p.shutdown().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "needs dist/ and Chromium: run by scripts/test.sh"]
async fn a_damaged_online_save_is_kept_until_the_player_drops_it() {
    evr_browser_tests::with_app(|app| async move {
        app.open(&page(1)).await;
        app.wait_for_testid("lobby").await;
        app.js("localStorage.setItem('swr-online', 'host not a save');")
            .await;
        app.client.refresh().await.expect("reload");
        let notice = app
            .wait_for_testid("online-notice")
            .await
            .text()
            .await
            .unwrap();
        assert!(notice.contains("cannot be read"), "{notice}");
        // Nothing offers to replace it, and it is still there.
        assert!(!app.exists(&testid("host-rebel")).await);
        assert_eq!(
            app.js("return localStorage.getItem('swr-online')").await,
            "host not a save"
        );
        // Dropping it takes a confirmation.
        app.js("window.confirm = () => true;").await;
        click(&app, "drop-unreadable").await;
        app.wait_for_testid("host-rebel").await;
        assert_eq!(
            app.js("return localStorage.getItem('swr-online')").await,
            Value::Null
        );
    })
    .await;
}

/// Two engines meet: a Firefox host and a Chromium guest pair with one exchange of codes and
/// play a few moves each way, each screen in step with the other.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "needs dist/, Firefox, Chromium and network namespaces: run by scripts/test.sh"]
async fn a_firefox_host_and_a_chromium_guest_play_a_few_moves() {
    let Some(p) = pair_up_in(Engine::Firefox, Engine::Chromium).await else {
        return;
    };
    p.host.open(&page(HOST_FIXED + 7)).await;
    click(&p.host, "host-rebel").await;
    exchange(&p.host, &p.guest, GUEST_FIXED + 7).await;
    both_playing(&p).await;
    let began = Instant::now();
    let clicks = moves_each_way(&p, 12, 11).await;
    wait_until("both screens in step", patience(10), || async {
        shared_facts(&p.host).await == shared_facts(&p.guest).await
    })
    .await;
    assert_eq!(connection_state(&p.host).await, "open");
    for app in [&p.host, &p.guest] {
        app.assert_no_console_errors().await;
    }
    println!(
        "measure: Firefox host and Chromium guest: {clicks} moves in {:.1} s",
        began.elapsed().as_secs_f64()
    );
    p.shutdown().await;
}
