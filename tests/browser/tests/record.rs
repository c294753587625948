//! Empire vs. Rebellion's take-back, replays and record in a real browser: taking back a move
//! against the computer restores the very game; a shared link opens in a fresh browser and
//! steps through the game; bad links and files say why and lose nothing; the record counts a
//! finished game once, survives a reload, and resets only after the confirmation.

use evr_browser_tests::{testid, with_app, App};
use evr_engine::view::{Decision, Stage};
use evr_engine::{Action, Side, Variant};
use serde_json::Value;
use star_wars_app::evr::session::{Difficulty, Mode, Session};
use star_wars_app::evr::share::link;

fn against_the_rule_based_computer(seed: u64) -> Session {
    let mode = Mode::VsComputer {
        human: Side::Rebel,
        difficulty: Difficulty::Rules,
    };
    Session::new(mode, Variant::Full, seed)
}

/// A full game against the rule-based computer, played to its end natively.
fn a_finished_game(seed: u64) -> Session {
    let mut session = against_the_rule_based_computer(seed);
    for _ in 0..20_000 {
        if session.game.state().is_over() {
            return session;
        }
        if session.computer_act().is_some() {
            continue;
        }
        let action = session.view().legal_actions[0];
        session.act(action).expect("a legal action");
    }
    panic!("the game did not end");
}

/// The human's struggle turn with a ready card whose power asks a further choice (so that
/// using it reveals nothing yet), and that card.
fn a_turn_with_a_power_to_use() -> (Session, Action) {
    for seed in 0..200 {
        let mut session = against_the_rule_based_computer(seed);
        for _ in 0..600 {
            if session.game.state().is_over() {
                break;
            }
            if session.computer_act().is_some() {
                continue;
            }
            let view = session.view();
            if matches!(view.decision, Some(Decision::StruggleTurn))
                && matches!(view.stage, Stage::Struggle { .. })
            {
                for &action in &view.legal_actions {
                    if let Action::UsePower(_) = action {
                        let mut tried = session.clone();
                        tried.act(action).unwrap();
                        let asks = matches!(tried.view().decision, Some(Decision::Power { .. }));
                        if asks && !tried.take_back_offer().is_empty() {
                            return (session, action);
                        }
                    }
                }
            }
            let action = view.legal_actions[0];
            session.act(action).unwrap();
        }
    }
    panic!("no seed gives a power to use");
}

async fn text(app: &App, id: &str) -> String {
    app.wait_for_testid(id).await.text().await.expect("text")
}

async fn saved(app: &App) -> Value {
    app.js("return localStorage.getItem('evr-save')").await
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "needs dist/ and Chromium: run by scripts/test.sh"]
async fn a_move_against_the_computer_is_taken_back_to_the_very_same_game() {
    let (session, power) = a_turn_with_a_power_to_use();
    let before = session.save();
    let Action::UsePower(card) = power else {
        unreachable!()
    };
    with_app(move |app| async move {
        app.open("/").await;
        app.js(&format!(
            "localStorage.clear(); localStorage.setItem('evr-motion', 'off'); localStorage.setItem('evr-save', {});",
            Value::String(before.clone())
        ))
        .await;
        app.client.refresh().await.unwrap();
        app.wait_for_testid("board").await;
        // Nothing to take back yet: the button is absent.
        assert!(app.find_all_testid("take-back").await.is_empty());
        let card_css = format!("[data-card='{}'][data-zone=my-play]", card.0);
        assert!(app.click(&card_css).await, "use the card's power");
        let button = app.wait_for_testid("take-back").await;
        let words = button.text().await.unwrap();
        assert!(words.starts_with("Take back “Use the power of"), "{words}");
        button.click().await.unwrap();
        // Back to the very same game: the save is the one loaded, the button gone.
        app.wait_for_js(
            "!document.querySelector('[data-testid=take-back]')",
            "the take-back button to go",
        )
        .await;
        assert_eq!(saved(&app).await, Value::String(before.clone()));
        // And the game goes on from there.
        assert!(app.click(&card_css).await, "use the power again");
        app.wait_for_testid("take-back").await;
        app.assert_no_console_errors().await;
    })
    .await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "needs dist/ and Chromium: run by scripts/test.sh"]
async fn a_shared_link_opens_in_a_fresh_browser_and_steps_through_the_game() {
    let session = a_finished_game(3);
    let code = session.share_code().expect("a finished game has a code");
    let moves = session.game.history().len();
    let rounds = session.game.state().round;
    with_app(move |app| async move {
        // A fresh browser: nothing stored, no service worker yet.
        app.open(&format!("/replay.html#g={code}")).await;
        app.wait_for_testid("replay-controls").await;
        assert_eq!(
            text(&app, "replay-position").await,
            format!("Move 0 of {moves}")
        );
        for _ in 0..3 {
            assert!(app.click(&testid("replay-forward")).await);
        }
        assert_eq!(
            text(&app, "replay-position").await,
            format!("Move 3 of {moves}")
        );
        assert!(app.click(&testid("replay-back")).await);
        app.screenshot("evr-replay").await;
        assert_eq!(
            text(&app, "replay-position").await,
            format!("Move 2 of {moves}")
        );
        // The arrow keys step as well.
        app.js("document.activeElement.blur(); document.dispatchEvent(new KeyboardEvent('keydown', {key: 'ArrowRight', bubbles: true}))").await;
        assert_eq!(
            text(&app, "replay-position").await,
            format!("Move 3 of {moves}")
        );
        app.js("document.dispatchEvent(new KeyboardEvent('keydown', {key: 'ArrowLeft', bubbles: true}))").await;
        assert_eq!(
            text(&app, "replay-position").await,
            format!("Move 2 of {moves}")
        );
        // Both secret character choices are in the log, in full.
        let log = app
            .js("return document.querySelector('.log-holder').textContent")
            .await;
        let log = log.as_str().unwrap_or_default().to_string();
        assert_eq!(log.matches(" chose ").count(), 2, "{log}");
        assert!(!log.contains("four characters"), "{log}");
        // Jump to the last round, then to the end.
        app.js(&format!(
            "const s = document.querySelector('[data-testid=replay-round]'); \
             s.selectedIndex = {rounds}; s.dispatchEvent(new Event('change'));"
        ))
        .await;
        app.wait_for_js(
            &format!(
                "document.querySelector('[data-testid=round]').textContent === 'Round {rounds}'"
            ),
            "the last round",
        )
        .await;
        assert!(app.click(&testid("replay-last-move")).await);
        assert_eq!(
            text(&app, "replay-position").await,
            format!("Move {moves} of {moves}")
        );
        // From the other seat the same position reads from the Empire's side.
        let rebel_line = text(&app, "replay-last").await;
        assert!(app.click(&testid("replay-seat-empire")).await);
        app.wait_for_js(
            &format!(
                "document.querySelector('[data-testid=replay-last]').textContent !== {}",
                Value::String(rebel_line.clone())
            ),
            "the Empire's seat",
        )
        .await;
        // The link to share it again is the one opened.
        let again = app
            .js("return document.querySelector('[data-testid=share-link]').value")
            .await;
        assert!(again.as_str().unwrap().ends_with(&format!("#g={code}")));
        app.assert_no_console_errors().await;
    })
    .await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "needs dist/ and Chromium: run by scripts/test.sh"]
async fn bad_links_and_files_say_why_and_lose_nothing() {
    let finished = a_finished_game(5);
    let code = finished.share_code().unwrap();
    let in_progress = against_the_rule_based_computer(8).save();
    with_app(move |app| async move {
        app.open("/").await;
        app.js(&format!(
            "localStorage.clear(); localStorage.setItem('evr-save', {});",
            Value::String(in_progress.clone())
        ))
        .await;
        let flipped = if code.starts_with('A') { 'B' } else { 'A' };
        let damaged = format!("{flipped}{}", &code[1..]);
        for (hash, why) in [
            (format!("#g={damaged}"), "damaged"),
            ("#g=hello".to_string(), "not a shared game"),
        ] {
            // (The second only changes the address's fragment: the open page reads it.)
            app.open(&format!("/replay.html{hash}")).await;
            app.wait_for_testid("replay-error").await;
            app.wait_for_js(
                &format!(
                    "document.querySelector('[data-testid=replay-error]').textContent.includes('{why}')"
                ),
                why,
            )
            .await;
            let error = text(&app, "replay-error").await;
            assert!(error.contains("Nothing on this device was changed"), "{error}");
        }
        // A file: a game saved from the end of a game opens; a text that is no game does not.
        let dir = std::env::temp_dir().join(format!("evr-files-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let good = dir.join("game.txt");
        std::fs::write(&good, link("https://example.org/evr/", &code) + "\n").unwrap();
        let bad = dir.join("notes.txt");
        std::fs::write(&bad, "my shopping list").unwrap();
        let input = app.wait_for_testid("open-file").await;
        input.send_keys(bad.to_str().unwrap()).await.unwrap();
        app.wait_for_js(
            "document.querySelector('[data-testid=replay-error]').textContent.includes('not a shared game')",
            "the file to be refused",
        )
        .await;
        let input = app.wait_for_testid("open-file").await;
        input.send_keys(good.to_str().unwrap()).await.unwrap();
        app.wait_for_testid("replay-controls").await;
        // The game in progress on this device is untouched.
        assert_eq!(saved(&app).await, Value::String(in_progress));
        let _ = std::fs::remove_dir_all(&dir);
        app.assert_no_console_errors().await;
    })
    .await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "needs dist/ and Chromium: run by scripts/test.sh"]
async fn the_record_counts_a_finished_game_once_survives_a_reload_and_resets_after_asking() {
    let save = a_finished_game(3).save();
    with_app(move |app| async move {
        app.open("/").await;
        app.wait_for_testid("start-screen").await;
        assert!(text(&app, "record-summary")
            .await
            .contains("No finished games"));
        app.js(&format!(
            "localStorage.clear(); localStorage.setItem('evr-save', {});",
            Value::String(save)
        ))
        .await;
        // The finished game resumes on its last screen, and joins the record.
        app.client.refresh().await.unwrap();
        app.wait_for_testid("game-over").await;
        app.wait_for_js(
            "(localStorage.getItem('evr-record') || '').includes('vs 0 1 1 ')",
            "the game in the record",
        )
        .await;
        // Reloading the finished game does not count it again.
        app.client.refresh().await.unwrap();
        app.wait_for_testid("game-over").await;
        assert!(app.click(&testid("to-menu")).await);
        assert!(text(&app, "record-summary").await.contains("of 1;"));
        assert!(app.click(&testid("open-record")).await);
        app.wait_for_testid("record").await;
        assert_eq!(text(&app, "record-played").await, "1", "counted once");
        app.screenshot("evr-your-games").await;
        let stored = app.js("return localStorage.getItem('evr-record')").await;
        assert!(
            stored.as_str().unwrap().starts_with("evr-record 1\n"),
            "versioned"
        );
        // A reset asks first; keeping it changes nothing.
        assert!(app.click(&testid("record-reset")).await);
        assert!(app.click(&testid("record-reset-cancel")).await);
        assert_eq!(text(&app, "record-played").await, "1");
        app.client.refresh().await.unwrap();
        assert_eq!(text(&app, "record-played").await, "1", "after a reload");
        assert!(app.click(&testid("record-reset")).await);
        assert!(app.click(&testid("record-reset-confirm")).await);
        assert_eq!(text(&app, "record-played").await, "0");
        app.client.refresh().await.unwrap();
        assert_eq!(text(&app, "record-played").await, "0", "the reset is kept");
        app.assert_no_console_errors().await;
    })
    .await;
}
