//! Rebellion in a real browser: opening it from the start screen, a whole game against the
//! computer played by clicking, a reload in the middle of a combat, the secrecy of a
//! two-player game, and both games offline.

use evr_browser_tests::{dist_dir, patience, testid, with_app, with_browser, App, StaticServer};
use serde_json::Value;
use star_wars_app::swr::session::{Mode, OnScreen, Session};
use star_wars_app::swr::words;
use star_wars_app::swr::COMPUTER_PAUSE;
use std::time::{Duration, Instant};
use swr_engine::view::BaseView;
use swr_engine::PlayerView;
use swr_engine::{ActionCard, Mission, Objective, Side, Tactic};

/// The Rebellion page with the computer's pause off, so games run at the speed of the page.
const PAGE: &str = "/rebellion.html?pause=0";

/// A small seeded generator for the human's choices.
struct Picker(u64);

impl Picker {
    fn next(&mut self) -> u64 {
        self.0 = self
            .0
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        self.0 >> 33
    }
}

impl Picker {
    /// The next choice without using it up: polls that find nothing to click (the computer is
    /// deciding) must not shift the sequence, or the game would depend on timing.
    fn peek(&self) -> u64 {
        Picker(self.0).next()
    }
}

/// Clicks the choice at `k` (modulo their number), or takes the seat at a hand-off. False
/// when there is nothing to click (the computer is deciding).
async fn click_something(app: &App, k: u64) -> bool {
    let script = format!(
        "const seat = document.querySelector('[data-testid=take-seat]');
         if (seat) {{ seat.click(); return true; }}
         const c = [...document.querySelectorAll('#decision [data-testid=choice]')];
         if (!c.length) return false;
         c[{k} % c.length].click();
         return true;"
    );
    app.js(&script).await.as_bool().unwrap_or(false)
}

async fn start(app: &App, which: &str) {
    app.open(PAGE).await;
    app.wait_for_testid(which)
        .await
        .click()
        .await
        .expect("start");
    app.wait_for_testid("galaxy").await;
}

/// Opens the page on a new game made natively with a fixed seed (the start screen's buttons
/// draw a fresh seed), so the game played is the same on every run.
async fn start_seeded(app: &App, mode: Mode, seed: u64) {
    app.open(PAGE).await;
    app.wait_for_testid("start-screen").await;
    let save = Session::new(mode, seed).save();
    app.js(&format!(
        "localStorage.clear(); localStorage.setItem('swr-save', {});",
        Value::String(save)
    ))
    .await;
    app.client.refresh().await.expect("reload");
    app.wait_for_testid("galaxy").await;
}

/// The saved session, read back from the page.
async fn saved_session(app: &App) -> Session {
    let text = app.js("return localStorage.getItem('swr-save')").await;
    Session::load(text.as_str().expect("a saved game")).expect("the page's save loads")
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "needs dist/ and Chromium: run by scripts/test.sh"]
async fn rebellion_opens_from_the_start_screen_and_draws_the_galaxy() {
    with_app(|app| async move {
        app.open("/").await;
        app.wait_for_testid("start-screen").await;
        app.wait_for_testid("game-swr").await;
        app.screenshot("start-screen").await;
        app.js("localStorage.clear()").await;
        let start = Instant::now();
        app.wait_for_testid("open-swr")
            .await
            .click()
            .await
            .expect("open");
        app.wait_for_testid("new-rebel")
            .await
            .click()
            .await
            .expect("new");
        app.wait_for_testid("galaxy").await;
        println!(
            "measure: Rebellion's start screen to the galaxy on screen: {} ms",
            start.elapsed().as_millis()
        );
        // In-page timing from navigation start to the galaxy, for the figures.
        let systems = app.find_all_testid("rebel-base-space").await.len()
            + app
                .js("return document.querySelectorAll('[data-testid^=\"system-\"]').length")
                .await
                .as_u64()
                .unwrap() as usize;
        assert_eq!(systems, 33, "32 systems and the Rebel Base space");
        // The Rebel at the screen gets a question of its own once the Empire has set up.
        app.wait_for_testid("prompt").await;
        app.wait_for_js(
            "document.querySelector('#decision [data-testid=choice]')",
            "a choice",
        )
        .await;
        app.screenshot("rebellion-start").await;
        // The rules reference opens and closes.
        app.click("[data-testid=open-menu]").await;
        app.wait_for_testid("open-rules")
            .await
            .click()
            .await
            .unwrap();
        let rules = app.rules_text(1).await;
        assert!(rules.contains("Rebel base"), "Rebellion's rules");
        app.wait_for_testid("close-rules")
            .await
            .click()
            .await
            .unwrap();
        app.assert_no_console_errors().await;
    })
    .await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "needs dist/ and Chromium: run by scripts/test.sh"]
async fn a_whole_game_against_the_computer_played_by_clicking() {
    with_app(|app| async move {
        start_seeded(&app, Mode::vs(Side::Empire), 2026).await;
        let began = Instant::now();
        let mut picker = Picker(11);
        let mut clicks = 0u32;
        let mut update_ms = Vec::new();
        loop {
            if app.exists(&testid("game-over")).await {
                break;
            }
            assert!(
                began.elapsed() < patience(600),
                "the game did not end in {:?} ({clicks} clicks)", patience(600)
            );
            // Every 25th click is timed: from the click to the next painted frame.
            if clicks.is_multiple_of(25) && app.exists("#decision [data-testid=choice]").await {
                let k = picker.next();
                let ms = app
                    .js_async(&format!(
                        "const c = [...document.querySelectorAll('#decision [data-testid=choice]')];
                         // The choices can go between the check and this script (a question
                         // with one answer taken for the player): then nothing is clicked.
                         if (!c.length) {{ done(-1); return; }}
                         const t = performance.now();
                         c[{k} % c.length].click();
                         requestAnimationFrame(() => setTimeout(() => done(performance.now() - t)));"
                    ))
                    .await;
                let ms = ms.as_f64().unwrap_or(0.0);
                if ms >= 0.0 {
                    update_ms.push(ms);
                    clicks += 1;
                }
                continue;
            }
            if clicks == 80 {
                // Pictures of the table in the middle of a game, on a desktop and a phone.
                app.screenshot("rebellion-desktop").await;
                app.client.set_window_size(390, 844).await.expect("phone size");
                tokio::time::sleep(Duration::from_millis(300)).await;
                app.screenshot("rebellion-phone").await;
                app.client.set_window_size(1280, 900).await.expect("desktop size");
            }
            if click_something(&app, picker.peek()).await {
                picker.next();
                clicks += 1;
            } else {
                tokio::time::sleep(Duration::from_millis(20)).await;
            }
        }
        let session = saved_session(&app).await;
        assert!(session.game.state().is_over(), "the saved game is over too");
        let computer = session.computer().unwrap();
        let computer_moves = session
            .game
            .history()
            .iter()
            .filter(|(side, _)| *side == computer)
            .count();
        println!(
            "measure: the computer made {computer_moves} moves: {:.1} minutes of its pauses at the \
             default {} ms",
            computer_moves as f64 * COMPUTER_PAUSE.as_secs_f64() / 60.0,
            COMPUTER_PAUSE.as_millis()
        );
        update_ms.sort_by(|a, b| a.partial_cmp(b).unwrap());
        println!(
            "measure: a whole game as the Empire against the computer: {clicks} clicks, {:.1} s, \
             {} rounds; click to updated screen median {:.0} ms, max {:.0} ms ({} timed)",
            began.elapsed().as_secs_f64(),
            session.view().time,
            update_ms[update_ms.len() / 2],
            update_ms[update_ms.len() - 1],
            update_ms.len()
        );
        app.wait_for_testid("back-to-start").await;
        app.assert_no_console_errors().await;
    })
    .await;
}

/// Waits until the game holds still on a decision of the human's: the computer has nothing to
/// do and the choices are on screen.
async fn wait_for_our_decision(app: &App) {
    let start = Instant::now();
    loop {
        let choices = app.exists("#decision [data-testid=choice]").await;
        // A question with one answer is not ours to wait on: the page takes it at once.
        let session = saved_session(app).await;
        if choices && session.computer_to_act().is_none() && session.forced_decision().is_none() {
            return;
        }
        assert!(start.elapsed() < patience(30), "no decision of ours came");
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}

/// A game stopped in the middle of a combat, with the human Rebel to decide.
fn a_save_in_the_middle_of_a_combat() -> Session {
    for seed in 0..200u64 {
        let mut session = Session::new(Mode::vs(Side::Rebel), seed);
        let mut picker = Picker(seed);
        for _ in 0..4000 {
            if session.game.state().is_over() {
                break;
            }
            if session.computer_act() {
                continue;
            }
            let view = session.view();
            if view.combat.is_some() && view.legal.len() > 1 {
                return session;
            }
            let k = picker.next() as usize % view.legal.len();
            session.act(view.legal[k]).unwrap();
        }
    }
    panic!("no combat reached in 200 seeded games");
}

/// What the combat screen shows, to compare before and after a reload.
async fn combat_snapshot(app: &App) -> Value {
    app.js(
        "const q = s => [...document.querySelectorAll(s)].map(e => e.textContent);
         return {
            combat: q('[data-testid=combat]'),
            prompt: q('[data-testid=prompt]'),
            choices: q('#decision [data-testid=choice]'),
            // The systems and their markers, and the pieces as a sorted list: the pieces'
            // order in the page is the order they were first drawn in, which a reload changes.
            galaxy: document.querySelector('.galaxy .places').textContent,
            pieces: q('.galaxy [data-unit], .galaxy [data-leader]').sort(),
         };",
    )
    .await
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "needs dist/ and Chromium: run by scripts/test.sh"]
async fn a_reload_in_the_middle_of_a_combat_resumes_the_same_state() {
    let session = a_save_in_the_middle_of_a_combat();
    let view = session.view();
    let expected_prompt = words::prompt_text(view.prompt.as_ref().unwrap(), &view);
    let save = session.save();
    with_app(move |app| async move {
        app.open(PAGE).await;
        app.wait_for_testid("start-screen").await;
        app.js(&format!(
            "localStorage.setItem('swr-save', {});",
            Value::String(save)
        ))
        .await;
        app.client.refresh().await.unwrap();
        app.wait_for_testid("combat").await;
        app.screenshot("rebellion-combat").await;
        let before = combat_snapshot(&app).await;
        assert_eq!(
            before["prompt"][0],
            Value::String(expected_prompt),
            "the engine's question"
        );
        app.client.refresh().await.unwrap();
        app.wait_for_testid("combat").await;
        assert_eq!(
            combat_snapshot(&app).await,
            before,
            "the same combat after a reload"
        );

        // One choice in the combat, then a reload: the choice was kept.
        assert!(click_something(&app, 0).await);
        wait_for_our_decision(&app).await;
        let after = combat_snapshot(&app).await;
        let moved = saved_session(&app).await;
        app.client.refresh().await.unwrap();
        app.wait_for_testid("prompt").await;
        assert_eq!(
            combat_snapshot(&app).await,
            after,
            "the same state after the second reload"
        );
        assert_eq!(saved_session(&app).await, moved);
        app.assert_no_console_errors().await;
    })
    .await;
}

/// The display names of the cards `holders` hold that the view `shown` does not show: hands,
/// objectives, tactic cards, face-down missions.
fn secrets(session: &Session, shown: &PlayerView, holders: &[Side]) -> Vec<String> {
    let mine = serde_json::to_string(shown).unwrap();
    let mut names: Vec<(String, String)> = Vec::new();
    for side in holders {
        let theirs = session.game.view(*side).own;
        names.extend(
            theirs
                .missions
                .iter()
                .chain(theirs.assigned.iter().map(|(m, _)| m))
                .map(|m| (format!("{m:?}"), m.name().to_string())),
        );
        names.extend(
            theirs
                .actions
                .iter()
                .map(|a| (format!("{a:?}"), a.name().to_string())),
        );
        names.extend(
            theirs
                .objectives
                .iter()
                .map(|o| (format!("{o:?}"), o.name().to_string())),
        );
        names.extend(
            theirs
                .tactics
                .iter()
                .flatten()
                .map(|t| (format!("{t:?}"), t.name().to_string())),
        );
    }
    // Two cards may share a name (the space and ground Defensive Formation): a name the view
    // shows on a card of its own is no secret.
    let mut every: Vec<(String, &str)> = Vec::new();
    every.extend(Mission::ALL.iter().map(|m| (format!("{m:?}"), m.name())));
    every.extend(ActionCard::ALL.iter().map(|a| (format!("{a:?}"), a.name())));
    every.extend(Objective::ALL.iter().map(|o| (format!("{o:?}"), o.name())));
    every.extend(Tactic::ALL.iter().map(|t| (format!("{t:?}"), t.name())));
    let known = |name: &str| {
        every
            .iter()
            .any(|(id, n)| *n == name && mine.contains(&format!("\"{id}\"")))
    };
    names
        .into_iter()
        .filter(|(_, name)| !known(name))
        .map(|(_, name)| name)
        .collect()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "needs dist/ and Chromium: run by scripts/test.sh"]
async fn two_players_never_see_each_others_secrets_in_the_dom() {
    with_app(|app| async move {
        start_seeded(&app, Mode::TwoPlayers, 7).await;
        let mut picker = Picker(5);
        let (mut checked, mut handoffs, mut faced_up) = (0, 0, 0);
        for _ in 0..400 {
            if app.exists(&testid("game-over")).await {
                break;
            }
            // Read at one moment: decisions with one answer are taken for the player between
            // two of the test's calls.
            let page = app
                .js("return [document.querySelector('[data-testid=handoff]') !== null, document.body.innerHTML,
                     document.querySelector('#decision [data-testid=choice]') !== null, localStorage.getItem('swr-save')]")
                .await;
            let html = page[1].as_str().unwrap().to_string();
            if page[0].as_bool().unwrap() {
                handoffs += 1;
                for word in ["own-sheet", "galaxy"] {
                    if let Some(at) = html.find(word) {
                        let from = at.saturating_sub(200);
                        panic!(
                            "nothing of either side behind the hand-off: …{}…",
                            &html[from..(at + 200).min(html.len())]
                        );
                    }
                }
            } else if page[2].as_bool().unwrap() {
                let session = Session::load(page[3].as_str().expect("a saved game"))
                    .expect("the page's save loads");
                // Who may be looking: the seat holder at their own view; both players at the
                // table's, a decision made face up.
                let (shown, lookers) = match session.screen() {
                    OnScreen::Seat(seat) => (session.game.view(seat), vec![seat]),
                    OnScreen::FaceUp { .. } => {
                        faced_up += 1;
                        assert!(
                            html.contains("face up: nothing on screen is secret"),
                            "a face-up decision says so"
                        );
                        (session.view(), Side::BOTH.to_vec())
                    }
                    OnScreen::Handoff { .. } => unreachable!("the curtain is down"),
                };
                let others: Vec<Side> = Side::BOTH
                    .into_iter()
                    .filter(|side| lookers.len() > 1 || !lookers.contains(side))
                    .collect();
                for name in secrets(&session, &shown, &others) {
                    if let Some(at) = html.find(&name) {
                        let from = html[..at]
                            .char_indices()
                            .rev()
                            .nth(300)
                            .map_or(0, |(k, _)| k);
                        let context: String = html[from..].chars().take(400).collect();
                        panic!("{lookers:?} at the screen see a secret {name}: …{context}…");
                    }
                }
                let base_hidden = session.game.view(Side::Empire).base == BaseView::Hidden;
                if lookers.contains(&Side::Empire) && base_hidden {
                    assert!(
                        !html.contains("base-marker") && !html.contains("Your base is hidden"),
                        "the hidden base"
                    );
                }
                if lookers.contains(&Side::Rebel) {
                    let probes = session.game.view(Side::Empire).own.probes;
                    assert!(
                        !html.contains("own-probes") || probes.is_empty(),
                        "the Empire's probe cards"
                    );
                }
                checked += 1;
            }
            if click_something(&app, picker.peek()).await {
                picker.next();
            } else {
                tokio::time::sleep(Duration::from_millis(20)).await;
            }
        }
        println!(
            "measure: two players: {checked} screens checked ({faced_up} face up), {handoffs} hand-offs"
        );
        assert!(
            checked > 100 && handoffs > 3 && faced_up > 0,
            "checked {checked} screens ({faced_up} face up), {handoffs} hand-offs"
        );
        app.assert_no_console_errors().await;
    })
    .await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "needs dist/ and Chromium: run by scripts/test.sh"]
async fn offline_both_games_open_and_resume() {
    let mut server = StaticServer::start(dist_dir()).await;
    with_browser(move |client| async move {
        let app = App {
            client,
            base_url: server.url(),
        };
        app.open("/").await;
        app.wait_for_testid("start-screen").await;
        app.js("localStorage.clear()").await;
        app.wait_for_js(
            "navigator.serviceWorker.controller !== null",
            "the service worker",
        )
        .await;
        // A game of each.
        app.wait_for_testid("new-two-players")
            .await
            .click()
            .await
            .unwrap();
        app.wait_for_testid("table").await;
        start(&app, "new-rebel").await;
        // Our own decision: the computer waits for it, so the table holds still.
        let ours = "document.querySelector('#decision [data-testid=choice]')";
        for k in 0..6 {
            app.wait_for_js(ours, "our decision").await;
            click_something(&app, k).await;
        }
        app.wait_for_js(ours, "our decision").await;
        let before = combat_snapshot(&app).await;

        server.stop().await;
        // Rebellion resumes from the worker's cache.
        app.open(PAGE).await;
        app.wait_for_testid("galaxy").await;
        app.wait_for_js(ours, "our decision").await;
        assert_eq!(
            combat_snapshot(&app).await,
            before,
            "the same Rebellion game offline"
        );
        // So does Empire vs. Rebellion, from its start screen's picker link back.
        app.open("/").await;
        app.wait_for_testid("table").await;
        // And Rebellion opens from Empire vs. Rebellion's start screen (its table's menu).
        app.wait_for_testid("open-menu")
            .await
            .click()
            .await
            .unwrap();
        app.wait_for_testid("menu").await.click().await.unwrap();
        app.wait_for_testid("open-swr").await.click().await.unwrap();
        // A saved game resumes at once.
        app.wait_for_testid("galaxy").await;
        assert!(app
            .js("return navigator.serviceWorker.controller !== null")
            .await
            .as_bool()
            .unwrap());
        app.assert_no_console_errors().await;
    })
    .await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "needs dist/ and Chromium: run by scripts/test.sh"]
async fn a_damaged_or_newer_save_shows_the_recovery_screen_and_keeps_the_save() {
    with_app(|app| async move {
        app.open(PAGE).await;
        app.wait_for_testid("start-screen").await;
        for (save, expected) in [
            ("{not json", "could not"),
            (
                r#"{"format":"swr-session","version":99,"mode":"TwoPlayers","seat":"Rebel","game":""}"#,
                "newer",
            ),
            (r#"{"format":"evr-session","version":1}"#, "not a saved game"),
        ] {
            app.js(&format!("localStorage.setItem('swr-save', {});", Value::String(save.into())))
                .await;
            app.client.refresh().await.unwrap();
            let message = app.wait_for_testid("recovery-message").await.text().await.unwrap();
            assert!(message.contains(expected), "{save}: {message}");
            // Nothing is lost until the player chooses to start afresh.
            assert_eq!(app.js("return localStorage.getItem('swr-save')").await, Value::String(save.into()));
        }
        // Empire vs. Rebellion's save is another slot: untouched.
        assert_eq!(app.js("return localStorage.getItem('evr-save')").await, Value::Null);
        app.wait_for_testid("start-fresh").await.click().await.unwrap();
        app.wait_for_testid("start-screen").await;
        assert_eq!(app.js("return localStorage.getItem('swr-save')").await, Value::Null);
    })
    .await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "needs dist/ and Chromium: run by scripts/test.sh"]
async fn a_full_storage_is_reported_and_saving_resumes_when_there_is_room() {
    with_app(|app| async move {
        app.open(PAGE).await;
        app.wait_for_testid("start-screen").await;
        app.js("localStorage.clear()").await;
        // Fill the origin's storage to the brim: big pieces, then small ones.
        app.js(
            "for (const size of [1 << 20, 1 << 14, 1 << 10, 64]) {
               const piece = 'x'.repeat(size);
               try { for (let i = 0; ; i++) localStorage.setItem('junk-' + size + '-' + i, piece); }
               catch (e) {}
             }",
        )
        .await;
        app.wait_for_testid("new-rebel").await.click().await.unwrap();
        let banner = app.wait_for_testid("save-error").await.text().await.unwrap();
        assert!(banner.contains("full"), "the player is told: {banner}");
        // The game goes on; once there is room again, the next move is saved.
        app.js("Object.keys(localStorage).filter(k => k.startsWith('junk-')).forEach(k => localStorage.removeItem(k))")
            .await;
        wait_for_our_decision_or_click(&app).await;
        app.wait_for_js(
            "document.querySelector('[data-testid=save-error]') === null",
            "the banner gone",
        )
        .await;
        assert!(app.js("return localStorage.getItem('swr-save') !== null").await.as_bool().unwrap());
    })
    .await;
}

/// Clicks through decisions until the page has saved again (any click triggers a save).
async fn wait_for_our_decision_or_click(app: &App) {
    let start = Instant::now();
    while app
        .js("return localStorage.getItem('swr-save') === null")
        .await
        .as_bool()
        .unwrap()
    {
        click_something(app, 0).await;
        assert!(start.elapsed() < patience(30), "no save came");
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}
