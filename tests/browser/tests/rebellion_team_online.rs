//! Rebellion's team game across four devices (issue #33): four headless Chromiums, each in
//! its own network namespace on one hub (`evr_browser_tests::netns`). The Rebel Admiral
//! hosts and sends each friend the link of their seat; the test carries each link and reply
//! as the players would by messenger. Each device shows its team's view and its own seat;
//! only the device of the player who decides is offered the decision, and all four play on
//! until the second round has begun, every screen in step.
//!
//! Where the machine cannot make namespaces the test says so loudly and passes (the native
//! tests of `crates/duel-link` still run); with `DUEL_NETNS_REQUIRED=1` (CI) it fails.

use evr_browser_tests::online::{click_choice, click_in, join_seat, wait_until, Table};
use evr_browser_tests::{patience, testid, App, Engine};
use serde_json::Value;
use std::time::{Duration, Instant};

fn page(fixed: u64) -> String {
    format!("/rebellion-team-online.html?stun=off&fixed={fixed}")
}

/// What a device shows: its seat, how many actions it is offered, the phase line and the
/// turn line.
struct Shown {
    seat: String,
    legal: u64,
    phase: String,
    turn: String,
}

async fn shown(app: &App) -> Shown {
    let v = app
        .js("const a = document.querySelector('.app');
             const t = s => { const e = document.querySelector(s); return e ? e.textContent : ''; };
             return [a.dataset.seat || '', Number(a.dataset.legal || 0),
                     t('[data-testid=phase]'), t('[data-testid=turn]')];")
        .await;
    let text = |i: usize| v[i].as_str().unwrap_or_default().to_string();
    Shown {
        seat: text(0),
        legal: v[1].as_u64().unwrap_or(0),
        phase: text(2),
        turn: text(3),
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "needs dist/, Chromium and network namespaces: run by scripts/test.sh"]
async fn a_four_player_team_game_across_four_devices_plays_a_round() {
    let Some(t) = Table::open(&[Engine::Chromium; 4]).await else {
        return;
    };
    let [host, imperial_admiral, imperial_general, rebel_general] = &t.apps[..] else {
        unreachable!()
    };
    // The two-player page's lobby leads to the team game's page.
    host.open("/rebellion-online.html?stun=off").await;
    let to_team = host
        .wait_for_testid("team-online")
        .await
        .attr("href")
        .await
        .unwrap();
    assert_eq!(to_team.as_deref(), Some("rebellion-team-online.html"));
    host.open(&page(21)).await;
    click_in(host, "body", "players-4").await;
    click_in(host, "body", "host-table").await;
    for (k, (seat, guest)) in [
        ("Imperial Admiral", imperial_admiral),
        ("Imperial General", imperial_general),
        ("Rebel General", rebel_general),
    ]
    .into_iter()
    .enumerate()
    {
        let block = format!("[data-testid={}]", Value::String(format!("guest-{seat}")));
        join_seat(host, &block, guest, &page(40 + k as u64)).await;
    }
    let devices = [
        (host, "Rebel Admiral"),
        (imperial_admiral, "Imperial Admiral"),
        (imperial_general, "Imperial General"),
        (rebel_general, "Rebel General"),
    ];
    for (app, _) in devices {
        wait_until("the table on every device", patience(40), || async {
            app.exists(&testid("table")).await
        })
        .await;
    }
    for (app, seat) in devices {
        assert_eq!(shown(app).await.seat, seat);
    }
    // Each device plays its own seat's decisions until the second round has begun.
    let (mut k, mut clicks, began) = (0u64, 0, Instant::now());
    loop {
        assert!(
            began.elapsed() < patience(300),
            "{clicks} choices made in {:?} without reaching round 2",
            patience(300)
        );
        let mut moved = false;
        let mut phases = Vec::new();
        for (app, seat) in devices {
            let now = shown(app).await;
            // Only the player who decides is offered the decision: the turn line names them.
            if now.legal > 0 && !now.turn.is_empty() {
                assert!(
                    now.turn.contains(seat),
                    "{seat} offered while: {}",
                    now.turn
                );
            }
            phases.push(now.phase);
            if click_choice(app, k).await {
                clicks += 1;
                k += 3;
                moved = true;
            }
        }
        if phases.iter().all(|p| p.starts_with("Round 2")) {
            break;
        }
        if !moved {
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
    }
    eprintln!(
        "team game online: {clicks} choices made on four devices in {:?}",
        began.elapsed()
    );
    for (app, _) in devices {
        app.assert_no_console_errors().await;
    }
    host.screenshot("rebellion-team-online-host").await;
    rebel_general.set_viewport(390, 844).await;
    tokio::time::sleep(Duration::from_millis(300)).await;
    rebel_general
        .screenshot("rebellion-team-online-phone")
        .await;
    t.shutdown().await;
}
