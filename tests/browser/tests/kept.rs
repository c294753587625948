//! Never losing a game, in both games: a new game started while one is in progress keeps the
//! old one aside; Rebellion's start screen (Empire vs. Rebellion's "Your games" page) lists it
//! with its date, sides and round; resuming it puts the newer unfinished game aside in its
//! turn; deleting asks first. Both games' saves stay under the keys earlier versions used.

use evr_browser_tests::{with_app, App};
use serde_json::Value;

/// The kept games as the start screen lists them: (who played, progress and date).
async fn kept_games(app: &App) -> Vec<String> {
    app.js(
        "return [...document.querySelectorAll('[data-testid=kept-game]')].map(e => e.textContent)",
    )
    .await
    .as_array()
    .map(|a| a.iter().map(|v| v.as_str().unwrap().to_string()).collect())
    .unwrap_or_default()
}

async fn current_seed(app: &App, key: &str) -> u64 {
    let text = app
        .js(&format!("return localStorage.getItem('{key}')"))
        .await;
    let text = text.as_str().expect("a save");
    if key == "swr-save" {
        // Rebellion keeps its game as a compact save inside the session's JSON.
        let session = star_wars_app::swr::session::Session::load(text).expect("a Rebellion save");
        return session.game.seed();
    }
    let outer: Value = serde_json::from_str(text).unwrap();
    let game: Value = serde_json::from_str(outer["game"].as_str().unwrap()).unwrap();
    game["game"]["seed"].as_u64().expect("a seed")
}

/// Starts `new` from the start screen of `page`, plays a few of its decisions, and comes back
/// to the start screen through the table's menu (`to_start` clicks, in order).
async fn new_game(app: &App, new: &str, to_start: &[&str]) {
    app.wait_for_testid(new).await.click().await.unwrap();
    app.wait_for_testid("table").await;
    back_to_start(app, to_start).await;
}

/// Through the table's menu to the start screen. The table redraws while the computer moves,
/// so each button is clicked in the page (found and clicked in one script).
async fn back_to_start(app: &App, to_start: &[&str]) {
    for (i, id) in to_start.iter().enumerate() {
        let next = to_start.get(i + 1).copied().unwrap_or("start-screen");
        app.wait_for_testid(id).await;
        app.js(&format!(
            "document.querySelector('[data-testid={id}]').click()"
        ))
        .await;
        app.wait_for_testid(next).await;
    }
}

/// Where the kept games are listed: Rebellion's start screen, or Empire vs. Rebellion's
/// second page, "Your games", reached from its start screen's line.
async fn open_list(app: &App, key: &str) {
    if key == "evr-save" {
        app.wait_for_testid("kept-line").await;
        app.click("[data-testid=open-kept]").await;
        app.wait_for_testid("replay-start").await;
    }
    app.wait_for_testid("kept-games").await;
}

async fn keeps_and_resumes(app: &App, page: &str, key: &str, to_start: &[&str]) {
    app.open(page).await;
    app.wait_for_testid("start-screen").await;
    app.js("localStorage.clear()").await;
    app.client.refresh().await.unwrap();
    app.wait_for_testid("start-screen").await;
    assert!(kept_games(app).await.is_empty());

    new_game(app, "new-rebel", to_start).await;
    let first = current_seed(app, key).await;
    // A second game: the first is kept aside, not replaced.
    new_game(app, "new-imperial", to_start).await;
    let second = current_seed(app, key).await;
    assert_ne!(first, second);
    open_list(app, key).await;
    let kept = kept_games(app).await;
    assert_eq!(kept.len(), 1, "{kept:?}");
    assert!(
        kept[0].contains("the Rebellion") && kept[0].contains("Round"),
        "sides and round: {kept:?}"
    );
    app.screenshot(&format!("kept-{key}")).await;

    // Resuming the first puts the second aside in its turn.
    app.click("[data-testid=resume-kept]").await;
    app.wait_for_testid("table").await;
    assert_eq!(current_seed(app, key).await, first);
    back_to_start(app, to_start).await;
    open_list(app, key).await;
    let kept = kept_games(app).await;
    assert_eq!(kept.len(), 1);
    assert!(kept[0].contains("the Empire"), "{kept:?}");

    // Deleting asks first; keeping it changes nothing.
    app.click("[data-testid=delete-kept]").await;
    app.click("[data-testid=cancel-delete]").await;
    assert_eq!(kept_games(app).await.len(), 1);
    app.click("[data-testid=delete-kept]").await;
    app.click("[data-testid=confirm-delete]").await;
    app.wait_for_js(
        "document.querySelector('[data-testid=kept-game]') === null",
        "the kept game deleted",
    )
    .await;
    // The current game is untouched throughout.
    assert_eq!(current_seed(app, key).await, first);
    app.assert_no_console_errors().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "needs dist/ and Chromium: run by scripts/test.sh"]
async fn rebellion_keeps_a_game_in_progress_when_a_new_one_starts() {
    with_app(|app| async move {
        keeps_and_resumes(
            &app,
            "/rebellion.html?pause=0",
            "swr-save",
            &["open-menu", "menu"],
        )
        .await;
    })
    .await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "needs dist/ and Chromium: run by scripts/test.sh"]
async fn empire_vs_rebellion_keeps_a_game_in_progress_when_a_new_one_starts() {
    with_app(|app| async move {
        keeps_and_resumes(&app, "/", "evr-save", &["open-menu", "menu"]).await;
    })
    .await;
}
