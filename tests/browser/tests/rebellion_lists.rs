//! Rebellion's grouped choice list in a real browser (issue #37): in seeded random games at
//! 1366 × 768, every group of every grouped decision is opened through the page — by a click
//! and by Enter, in turn — and must show its heading and its choices; one Back must bring
//! back the level it was opened from (from a second-level group too); then a seeded choice
//! is taken through the list and the game goes on, with the computer answering in its worker.
//! What the list should show is worked out natively from the page's own save.

use evr_browser_tests::rebellion::open_rebellion_save;
use evr_browser_tests::{app_timeout, patience, with_app, App, Locator};
use serde_json::{json, Value};
use star_wars_app::swr::choices::{choice_tree, level, Choice, Opened, MAX_LEVEL};
use star_wars_app::swr::session::{Mode, Session};
use std::time::{Duration, Instant};
use swr_engine::{Action, Phase, PlayerView, Prompt, Side};

const PAGE: &str = "/rebellion.html?pause=0";

/// The decisions of the human's played in each game.
const STEPS: usize = 60;

/// A small seeded generator for the choices taken.
struct Picker(u64);

impl Picker {
    fn below(&mut self, n: usize) -> usize {
        self.0 = self
            .0
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        (self.0 >> 33) as usize % n
    }
}

/// Where a game starts in the page.
#[derive(Clone, Copy, Debug)]
enum Start {
    /// Placing the starting units.
    Setup,
    /// The first Command phase.
    Command,
    /// Deploying the units leaving the human's build queue, from a grouped list.
    Deploy,
}

impl Start {
    fn reached(self, session: &Session) -> bool {
        let view = session.view();
        match self {
            Start::Setup => true,
            Start::Command => matches!(view.phase, Phase::Command { .. }),
            Start::Deploy => {
                view.phase == Phase::Refresh
                    && view.prompt == Some(Prompt::Deploy)
                    && view.legal.len() > MAX_LEVEL
            }
        }
    }
}

/// A game played natively with seeded random choices until `start`, with `human` to decide
/// among several answers.
fn a_game_at(start: Start, human: Side, seed: u64) -> Session {
    let mut session = Session::new(Mode::vs(human), seed);
    let mut pick = Picker(seed);
    while !(start.reached(&session) && session.view().legal.len() > 1) {
        assert!(!session.is_over(), "seed {seed} ended before {start:?}");
        if session.computer_act() || session.take_forced().is_some() {
            continue;
        }
        if session.place_the_rest() > 0 {
            continue;
        }
        let legal = session.view().legal;
        session.act(legal[pick.below(legal.len())]).unwrap();
    }
    session
}

async fn open_session(app: &App, session: &Session) {
    app.open(PAGE).await;
    app.wait_for_js(
        "document.querySelector('[data-testid=start-screen], [data-testid=galaxy]')",
        "the page",
    )
    .await;
    open_rebellion_save(app, &session.save()).await;
}

/// The session the page saved last.
async fn saved(app: &App) -> Session {
    let text = app.js("return localStorage.getItem('swr-save');").await;
    Session::load(text.as_str().expect("a saved game")).expect("the page's save loads")
}

/// A level of the list as the page should show it: the open group's heading, and each entry
/// as the group it opens or the action it takes.
fn expected(heading: Option<&str>, level: &[Choice]) -> Value {
    let entries: Vec<String> = level
        .iter()
        .map(|c| match c {
            Choice::Group(label, _) => format!("open {label}"),
            Choice::Act(action, _) => format!("act {action:?}"),
        })
        .collect();
    json!({ "heading": heading, "entries": entries })
}

/// The level of the list the page shows, in the shape of [`expected`].
async fn shown(app: &App) -> Value {
    app.js(
        "const list = document.querySelector('#decision [data-testid=choice-list]');
         if (!list) return null;
         const h = list.querySelector('.list-heading h3');
         const entries = [...list.querySelectorAll('.choices [data-testid=choice]')].map((b) =>
           b.hasAttribute('data-open') ? 'open ' + b.querySelector('span').textContent
             : 'act ' + b.getAttribute('data-action'));
         return { heading: h ? h.textContent : null, entries };",
    )
    .await
}

/// Waits until the page shows `want`; `what` names the step in the failure.
async fn expect_shown(app: &App, want: &Value, what: &str) {
    let start = Instant::now();
    loop {
        let now = shown(app).await;
        if &now == want {
            return;
        }
        assert!(
            start.elapsed() < patience(5),
            "{what}: the list shows\n{now:#}\ninstead of\n{want:#}"
        );
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}

/// Waits until the human is to choose among several answers and the page shows the level of
/// their list that `before` (the groups opened to take the last choice) opens: the top, or
/// for the same choices as the decision before (a unit placed where several may go), the
/// group it was taken from. The session then, or `None`
/// once the game is over.
async fn next_decision(app: &App, before: &Opened) -> Option<Session> {
    let start = Instant::now();
    loop {
        let session = saved(app).await;
        if session.is_over() {
            return None;
        }
        let view = session.view();
        let ours = session.computer_to_act().is_none() && session.forced_decision().is_none();
        let mut want = None;
        if ours && view.legal.len() > 1 {
            let tree = choice_tree(&view);
            let at = before.level(&view, &tree);
            let level = expected(at.heading, at.entries);
            if shown(app).await == level {
                return Some(session);
            }
            want = Some(level);
        }
        assert!(
            start.elapsed() < app_timeout(),
            "no decision of the human's came: the list shows\n{:#}\ninstead of\n{want:#?}",
            shown(app).await,
        );
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}

async fn button(app: &App, css: &str) -> evr_browser_tests::Element {
    app.client
        .find(Locator::Css(css))
        .await
        .unwrap_or_else(|e| panic!("no {css} in the list: {e}"))
}

/// Opens the group at `i` of the level shown: by a click, or by Enter on the focused button.
async fn open(app: &App, i: usize, by_key: bool) {
    let group = button(app, &format!("#decision .choices [data-open=\"{i}\"]")).await;
    if by_key {
        group.send_keys("\u{E007}").await.expect("Enter");
    } else {
        group.click().await.expect("click");
    }
}

async fn back(app: &App) {
    button(app, "#decision [data-testid=choice-back]")
        .await
        .click()
        .await
        .expect("Back");
}

/// What was opened, counted.
#[derive(Default)]
struct Count {
    groups: usize,
    /// Backs from a group inside another.
    deep_backs: usize,
    /// The questions whose lists had groups.
    prompts: std::collections::BTreeSet<String>,
}

/// Opens every group under the level at `path` (by a click and by Enter in turn), checks each
/// shows its heading and choices, and comes back from each with one Back.
async fn open_every_group(
    app: &App,
    tree: &[Choice],
    path: &mut Vec<usize>,
    by_key: &mut bool,
    count: &mut Count,
) {
    let here = level(tree, path);
    let (heading, entries) = (here.heading, here.entries);
    for (i, choice) in entries.iter().enumerate() {
        let Choice::Group(label, inner) = choice else {
            continue;
        };
        open(app, i, *by_key).await;
        let how = if *by_key { "Enter" } else { "a click" };
        *by_key = !*by_key;
        let opened = format!("{label} opened by {how}");
        expect_shown(app, &expected(Some(label), inner), &opened).await;
        count.groups += 1;
        path.push(i);
        Box::pin(open_every_group(app, tree, path, by_key, count)).await;
        path.pop();
        back(app).await;
        let from = format!("one Back from {label}");
        expect_shown(app, &expected(heading, entries), &from).await;
        if !path.is_empty() {
            count.deep_backs += 1;
        }
    }
}

/// The path of groups to `action` in `level`.
fn path_to(level: &[Choice], action: Action) -> Option<Vec<usize>> {
    level.iter().enumerate().find_map(|(i, c)| match c {
        Choice::Act(a, _) => (*a == action).then(Vec::new),
        Choice::Group(_, inner) => path_to(inner, action).map(|mut p| {
            p.insert(0, i);
            p
        }),
    })
}

/// Takes `action` through the list, from its top: its groups opened, then its button. What
/// the dock has opened then.
async fn take(app: &App, view: &PlayerView, tree: &[Choice], action: Action) -> Opened {
    let mut opened = Opened::default();
    for i in path_to(tree, action).expect("every action is in the list") {
        open(app, i, false).await;
        opened.open(view, tree, i);
        let at = opened.level(view, tree);
        expect_shown(app, &expected(at.heading, at.entries), "on the way").await;
    }
    let name = Value::String(format!("{action:?}"));
    button(app, &format!("#decision .choices [data-action={name}]"))
        .await
        .click()
        .await
        .expect("the choice");
    opened
}

/// Plays [`STEPS`] decisions of one seeded game through the list: in each, every group opened
/// from the level shown and from the top, then a seeded choice taken. Returns the grouped
/// decisions met.
async fn play(app: &App, (seed, human, start): (u64, Side, Start), count: &mut Count) -> usize {
    open_session(app, &a_game_at(start, human, seed)).await;
    let mut pick = Picker(seed ^ 0x5eed);
    let mut grouped = 0;
    let mut by_key = seed % 2 == 1;
    let mut opened = Opened::default();
    for _ in 0..STEPS {
        let Some(session) = next_decision(app, &opened).await else {
            break;
        };
        let view = session.view();
        let tree = choice_tree(&view);
        // Still in the group the last choice was taken from: its groups, then back to the top.
        let mut path = opened.level(&view, &tree).path;
        open_every_group(app, &tree, &mut path, &mut by_key, count).await;
        while !path.is_empty() {
            back(app).await;
            path.pop();
            let at = level(&tree, &path);
            expect_shown(app, &expected(at.heading, at.entries), "Back to the top").await;
        }
        if tree.iter().any(|c| matches!(c, Choice::Group(..))) {
            grouped += 1;
            let prompt = format!("{:?}", view.prompt);
            count.prompts.insert(
                prompt
                    .split(|c: char| !c.is_alphanumeric())
                    .nth(1)
                    .unwrap_or("")
                    .into(),
            );
            open_every_group(app, &tree, &mut path, &mut by_key, count).await;
        }
        let action = view.legal[pick.below(view.legal.len())];
        opened = take(app, &view, &tree, action).await;
        let before = session.position();
        let start = Instant::now();
        while saved(app).await.position() == before {
            assert!(start.elapsed() < app_timeout(), "{action:?} was not taken");
            tokio::time::sleep(Duration::from_millis(20)).await;
        }
    }
    grouped
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "needs dist/ and Chromium: run by scripts/test.sh"]
async fn every_group_of_every_list_opens_and_one_back_returns() {
    with_app(|app| async move {
        app.set_viewport(1366, 768).await;
        let mut count = Count::default();
        let mut grouped = 0;
        for game in [
            (11, Side::Empire, Start::Setup),
            (12, Side::Rebel, Start::Command),
            (13, Side::Empire, Start::Deploy),
        ] {
            let g = play(&app, game, &mut count).await;
            println!("{game:?}: {g} grouped decisions");
            grouped += g;
        }
        println!(
            "{grouped} grouped decisions ({:?}), {} groups opened, {} Backs from a second-level \
             group",
            count.prompts, count.groups, count.deep_backs
        );
        assert!(grouped >= 30, "only {grouped} grouped decisions were met");
        assert!(
            count.groups >= 300,
            "only {} groups were opened",
            count.groups
        );
        assert!(
            count.deep_backs >= 20,
            "only {} Backs from a second level",
            count.deep_backs
        );
        app.assert_no_console_errors().await;
    })
    .await;
}
