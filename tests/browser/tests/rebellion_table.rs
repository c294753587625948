//! Rebellion's table on every screen: at five window sizes, in the middle of a game, the page
//! does not scroll, all 32 systems are inside the window at the default zoom, and the
//! decision's controls are on screen; screenshots land in target/screenshots/.

use evr_browser_tests::rebellion::open_rebellion_save;
use evr_browser_tests::{with_app, App};
use serde_json::Value;
use star_wars_app::swr::session::{Mode, Session};
use std::time::Duration;
use swr_engine::Side;

/// A game in its second round, seeded, with `human` to decide.
pub fn a_game_in_progress(human: Side, seed: u64) -> Session {
    let mut session = Session::new(Mode::vs(human), seed);
    let mut k = 0usize;
    while session.game.state().time() < 2 || session.view().legal.len() < 2 {
        assert!(
            !session.game.state().is_over(),
            "seed {seed} ended too soon"
        );
        if session.computer_act() {
            continue;
        }
        if session.take_forced().is_some() {
            continue;
        }
        if session.place_the_rest() > 0 {
            continue;
        }
        let view = session.view();
        k += 7;
        session.act(view.legal[k % view.legal.len()]).unwrap();
    }
    session
}

pub async fn open_session(app: &App, session: &Session) {
    app.open("/rebellion.html?pause=0").await;
    app.wait_for_testid("start-screen").await;
    open_rebellion_save(app, &session.save()).await;
}

/// What the page says about its layout: scrolling, systems outside the window, the decision.
async fn layout_facts(app: &App) -> Value {
    app.js("const w = innerWidth, h = innerHeight;
         const out = [...document.querySelectorAll('[data-testid^=\"system-\"]')].filter(e => {
           const r = e.getBoundingClientRect();
           return r.left < -1 || r.top < -1 || r.right > w + 1 || r.bottom > h + 1 || r.width === 0;
         }).map(e => e.getAttribute('aria-label'));
         const d = document.querySelector('#decision').getBoundingClientRect();
         // The decision's own first control: a first-time hint's button comes after it on
         // short windows and is not the decision.
         const first = document.querySelector('#decision button:not(.first-hint button)');
         const f = first ? first.getBoundingClientRect() : null;
         const se = document.scrollingElement;
         return {
           scroll: se.scrollHeight - se.clientHeight, hscroll: se.scrollWidth - se.clientWidth,
           systems: document.querySelectorAll('[data-testid^=\"system-\"]').length,
           outside: out,
           decision: [d.top, d.bottom, d.left, d.right],
           control: f ? [f.top, f.bottom, f.left, f.right] : null,
           w, h,
         };")
        .await
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "needs dist/ and Chromium: run by scripts/test.sh"]
async fn the_table_fits_every_window_without_scrolling() {
    let session = a_game_in_progress(Side::Empire, 3);
    with_app(move |app| async move {
        open_session(&app, &session).await;
        for (w, h) in [
            (390, 844),
            (844, 390),
            (768, 1024),
            (1366, 768),
            (1920, 1080),
        ] {
            app.set_viewport(w, h).await;
            tokio::time::sleep(Duration::from_millis(400)).await;
            app.wait_for_testid("galaxy").await;
            let facts = layout_facts(&app).await;
            app.screenshot(&format!("rebellion-{w}x{h}")).await;
            assert_eq!(facts["scroll"], 0, "{w}x{h}: the page scrolls: {facts}");
            assert_eq!(
                facts["hscroll"], 0,
                "{w}x{h}: the page scrolls sideways: {facts}"
            );
            assert_eq!(facts["systems"], 32, "{w}x{h}");
            assert_eq!(
                facts["outside"],
                Value::Array(vec![]),
                "{w}x{h}: systems outside the window"
            );
            let (iw, ih) = (facts["w"].as_f64().unwrap(), facts["h"].as_f64().unwrap());
            let control = facts["control"]
                .as_array()
                .expect("a control in the decision");
            let (top, bottom) = (control[0].as_f64().unwrap(), control[1].as_f64().unwrap());
            let (left, right) = (control[2].as_f64().unwrap(), control[3].as_f64().unwrap());
            assert!(
                top >= 0.0 && bottom <= ih && left >= 0.0 && right <= iw,
                "{w}x{h}: the decision's first control is off screen: {facts}"
            );
        }
        app.assert_no_console_errors().await;
    })
    .await;
}
