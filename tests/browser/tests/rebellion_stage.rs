//! Rebellion's stage at every window size: a combat and a mission show whole over the galaxy
//! (units, health, dice, the card and its odds inside the window, clipped by nothing), the
//! galaxy keeps its size whatever the decision holds, and on a phone every lit place has a
//! touch area of at least 44 × 44 px that nothing covers, its close-up's buttons too, and the
//! counts on the galaxy are at least 11 px. Screenshots land in target/screenshots/.

use evr_browser_tests::rebellion::open_rebellion_save;
use evr_browser_tests::{testid, with_app, App};
use serde_json::Value;
use star_wars_app::swr::session::{Mode, Session};
use star_wars_app::swr::targets::{all_places, armed_by_default, everything_at};
use std::time::Duration;
use swr_engine::{Place, PlayerView, Side};

const SIZES: [(u32, u32); 5] = [
    (390, 844),
    (844, 390),
    (768, 1024),
    (1366, 768),
    (1920, 1080),
];
const PHONES: [(u32, u32); 2] = [(390, 844), (844, 390)];

/// A small seeded generator for the players' choices.
struct Picker(u64);

impl Picker {
    fn next(&mut self) -> usize {
        self.0 = self
            .0
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        (self.0 >> 33) as usize
    }
}

/// Plays seeded random games against the computer until `wanted` holds for the human's
/// decision (with a choice to make), and returns the game stopped there.
fn a_game_where(human: Side, wanted: impl Fn(&PlayerView) -> bool) -> Session {
    for seed in 0..300u64 {
        let mut session = Session::new(Mode::vs(human), seed);
        let mut picker = Picker(seed);
        for _ in 0..6000 {
            if session.game.state().is_over() {
                break;
            }
            if session.computer_act() || session.take_forced().is_some() {
                continue;
            }
            let view = session.view();
            if view.legal.len() > 1 && wanted(&view) {
                return session;
            }
            let k = picker.next() % view.legal.len();
            session.act(view.legal[k]).unwrap();
        }
    }
    panic!("no such decision in 300 seeded games");
}

/// A place a tap on which could mean two or more actions, on a dense galaxy (with what the
/// page arms by itself).
fn crowded_place(view: &PlayerView) -> Option<Place> {
    let armed = armed_by_default(&view.legal);
    all_places().find(|p| everything_at(view, *p, armed).len() >= 2)
}

/// Several moments of one seeded game, each with the human to decide.
fn moments(human: Side, seed: u64, count: usize) -> Vec<Session> {
    let mut session = Session::new(Mode::vs(human), seed);
    let mut picker = Picker(seed);
    let mut out = Vec::new();
    let mut decisions = 0;
    while out.len() < count && !session.game.state().is_over() {
        if session.computer_act() || session.take_forced().is_some() {
            continue;
        }
        let view = session.view();
        if view.legal.len() > 1 {
            decisions += 1;
            if decisions % 9 == 1 {
                out.push(session.clone());
            }
        }
        let k = picker.next() % view.legal.len();
        session.act(view.legal[k]).unwrap();
    }
    out
}

async fn open_save(app: &App, session: &Session) {
    open_rebellion_save(app, &session.save()).await;
}

async fn resize(app: &App, (w, h): (u32, u32)) {
    app.set_viewport(w, h).await;
    // The galaxy measures itself again.
    tokio::time::sleep(Duration::from_millis(300)).await;
}

/// The elements matching `selector` that are not wholly inside the window and inside every
/// ancestor that clips (overflow other than visible), by their accessible names.
const HIDDEN_PARTS: &str = "const hidden = (selector) => {
    const out = [];
    for (const e of document.querySelectorAll(selector)) {
      const r = e.getBoundingClientRect();
      let ok = r.width > 0 && r.height > 0 && r.left >= -0.5 && r.top >= -0.5
        && r.right <= innerWidth + 0.5 && r.bottom <= innerHeight + 0.5;
      for (let a = e.parentElement; ok && a; a = a.parentElement) {
        const s = getComputedStyle(a);
        if (s.overflowX !== 'visible' || s.overflowY !== 'visible') {
          const c = a.getBoundingClientRect();
          ok = r.left >= c.left - 0.5 && r.right <= c.right + 0.5
            && r.top >= c.top - 0.5 && r.bottom <= c.bottom + 0.5;
        }
      }
      if (!ok) out.push(e.getAttribute('aria-label') || e.textContent || e.className);
    }
    return out;
  };";

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "needs dist/ and Chromium: run by scripts/test.sh"]
async fn a_combat_and_a_mission_show_whole_at_every_size() {
    // The biggest combat among the first found: a crowded one is the hard case.
    let combat = a_game_where(Side::Rebel, |v| {
        v.combat
            .as_ref()
            .is_some_and(|c| c.fighters.len() >= 8 && c.attack.is_some())
    });
    let mission = a_game_where(Side::Empire, |v| v.mission.is_some() && v.combat.is_none());
    with_app(move |app| async move {
        app.open("/rebellion.html?pause=0").await;
        app.wait_for_testid("start-screen").await;
        for (name, session, parts) in [
            (
                "combat",
                &combat,
                "[data-testid=combat] [data-testid=fighter], [data-testid=combat] .pips, \
                 [data-testid=combat] [data-testid=die], [data-testid=combat] h2",
            ),
            (
                "mission",
                &mission,
                "[data-testid=mission] [data-testid=card], [data-testid=mission-odds], \
                 [data-testid=mission] h2",
            ),
        ] {
            open_save(&app, session).await;
            for size in SIZES {
                resize(&app, size).await;
                app.wait_for_testid(name).await;
                app.screenshot(&format!("rebellion-{name}-{}x{}", size.0, size.1))
                    .await;
                let facts = app
                    .js(&format!(
                        "{HIDDEN_PARTS} return {{ n: document.querySelectorAll('{parts}').length, \
                         hidden: hidden('{parts}') }};"
                    ))
                    .await;
                assert!(
                    facts["n"].as_u64().unwrap_or(0) >= 3,
                    "{name} at {size:?}: its parts are missing: {facts}"
                );
                assert_eq!(
                    facts["hidden"],
                    Value::Array(vec![]),
                    "{name} at {size:?}: parts clipped or outside the window"
                );
            }
        }
        // "See the galaxy" puts the combat aside and brings it back.
        open_save(&app, &combat).await;
        assert!(app.click(&testid("peek")).await);
        app.wait_for_js(
            "!document.querySelector('[data-testid=combat] [data-testid=fighter]')",
            "the combat put aside",
        )
        .await;
        assert!(app.click(&testid("peek")).await);
        app.wait_for_testid("fighter").await;
        app.assert_no_console_errors().await;
    })
    .await;
}

/// What the phone's galaxy offers a finger: each lit place's touch area and whether it is the
/// topmost thing at its centre, and the counts' sizes on screen.
const TOUCH_FACTS: &str = "
    const svg = document.querySelector('[data-testid=galaxy]');
    const k = svg.getScreenCTM().a;
    const lit = [...document.querySelectorAll('.galaxy .place.target')].map(p => {
      const hit = p.querySelector('.hit').getBoundingClientRect();
      const x = hit.left + hit.width / 2, y = hit.top + hit.height / 2;
      const top = document.elementFromPoint(x, y);
      return { name: p.getAttribute('data-testid'), w: hit.width, h: hit.height,
               covered: !(top && top.closest('.place') === p) };
    });
    const size = (sel) => [...document.querySelectorAll(sel)]
      .map(t => parseFloat(getComputedStyle(t).fontSize) * k);
    return { dense: svg.classList.contains('dense'), lit, counts: size('.chip-count'),
             digits: size('.track-space .n'), stacks: size('.stack-count text') };";

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "needs dist/ and Chromium: run by scripts/test.sh"]
async fn on_a_phone_every_lit_place_takes_a_finger_and_counts_are_readable() {
    let mut saves = moments(Side::Rebel, 11, 6);
    saves.extend(moments(Side::Empire, 12, 6));
    // Places that mean several things at once (units to move, leaders...), for the close-up.
    let crowded: Vec<(Session, Place)> = [Side::Rebel, Side::Empire]
        .into_iter()
        .map(|human| {
            let session = a_game_where(human, |v| crowded_place(v).is_some());
            let place = crowded_place(&session.view()).unwrap();
            (session, place)
        })
        .collect();
    with_app(move |app| async move {
        app.open("/rebellion.html?pause=0").await;
        app.wait_for_testid("start-screen").await;
        let mut places = 0;
        for (i, session) in saves.iter().enumerate() {
            open_save(&app, session).await;
            for size in PHONES {
                resize(&app, size).await;
                let facts = app.js(TOUCH_FACTS).await;
                assert_eq!(facts["dense"], true, "{size:?}: the phone's galaxy is dense");
                for place in facts["lit"].as_array().unwrap() {
                    places += 1;
                    let (w, h) = (place["w"].as_f64().unwrap(), place["h"].as_f64().unwrap());
                    assert!(
                        w >= 44.0 && h >= 44.0,
                        "{size:?}, moment {i}: a lit place's touch area is {w:.1} × {h:.1}: {place}"
                    );
                    assert_eq!(place["covered"], false, "{size:?}, moment {i}: {place}");
                }
                for (what, min) in [("counts", 11.0), ("digits", 11.0)] {
                    for px in facts[what].as_array().unwrap() {
                        assert!(
                            px.as_f64().unwrap() >= min,
                            "{size:?}: {what} drawn at {px} px: {facts}"
                        );
                    }
                }
                assert_eq!(facts["stacks"], Value::Array(vec![]), "no stack counts when dense");
            }
        }
        println!("measure: {places} lit places checked on phones");
        assert!(places > 20, "only {places} lit places seen");
        // A place with several meanings opens its close-up, whose buttons take a finger and
        // act.
        for (i, (session, place)) in crowded.iter().enumerate() {
            open_save(&app, session).await;
            resize(&app, PHONES[i % 2]).await;
            let id = match place {
                Place::System(s) => format!("system-{}", s.0),
                Place::RebelBase => "rebel-base-space".to_string(),
            };
            assert!(app.click(&testid(&id)).await, "tap {id}");
            app.wait_for_testid("picked").await;
            app.screenshot(&format!("rebellion-closeup-{i}")).await;
            let facts = app
                .js(&format!(
                    "{HIDDEN_PARTS} return {{
                       small: [...document.querySelectorAll('[data-testid=picked] button')]
                         .map(b => b.getBoundingClientRect())
                         .filter(r => r.width < 44 || r.height < 44).length,
                       lit: document.querySelectorAll('[data-testid=closeup-piece][data-act]').length,
                       hidden: hidden('[data-testid=picked] button') }};"
                ))
                .await;
            assert_eq!(facts["small"], 0, "close-up {i}: buttons under 44 px: {facts}");
            assert!(facts["lit"].as_u64().unwrap() >= 2, "close-up {i}: {facts}");
            assert_eq!(facts["hidden"], Value::Array(vec![]), "close-up {i}: {facts}");
            let log = app.js("return localStorage.getItem('swr-save').length").await;
            assert!(app.click("[data-testid=closeup-piece][data-act]").await);
            app.wait_for_js(
                &format!("localStorage.getItem('swr-save').length !== {log}"),
                "the close-up's action taken",
            )
            .await;
        }
        app.assert_no_console_errors().await;
    })
    .await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "needs dist/ and Chromium: run by scripts/test.sh"]
async fn the_galaxy_keeps_its_size_whatever_the_decision_holds() {
    // Moments with long lists, trays, a combat, the computer to act...
    let mut saves = moments(Side::Rebel, 21, 8);
    let mut waiting = Session::new(Mode::vs(Side::Rebel), 22);
    while waiting.computer_to_act().is_none() {
        if waiting.take_forced().is_some() || waiting.place_the_rest() > 0 {
            continue;
        }
        let view = waiting.view();
        waiting.act(view.legal[0]).unwrap();
    }
    saves.push(waiting);
    with_app(move |app| async move {
        // The computer takes its time, so its turn is seen.
        app.open("/rebellion.html?pause=5000").await;
        app.wait_for_testid("start-screen").await;
        for size in SIZES {
            resize(&app, size).await;
            let mut seen: Option<Value> = None;
            for (i, session) in saves.iter().enumerate() {
                open_save(&app, session).await;
                let rect = app
                    .js("const r = document.querySelector('[data-testid=galaxy]').getBoundingClientRect();
                         return [Math.round(r.left), Math.round(r.top), Math.round(r.width), Math.round(r.height)];")
                    .await;
                match &seen {
                    None => seen = Some(rect),
                    Some(first) => assert_eq!(
                        &rect, first,
                        "{size:?}: the galaxy moved or changed size at moment {i}"
                    ),
                }
            }
        }
        app.assert_no_console_errors().await;
    })
    .await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "needs dist/ and Chromium: run by scripts/test.sh"]
async fn a_card_zoomed_from_the_sheet_opens_over_it_and_closes_alone() {
    let session = a_game_where(Side::Rebel, |v| !v.own.missions.is_empty());
    with_app(move |app| async move {
        app.open("/rebellion.html?pause=0").await;
        app.wait_for_testid("start-screen").await;
        for size in PHONES.into_iter().chain([(1366, 768)]) {
            open_save(&app, &session).await;
            resize(&app, size).await;
            assert!(app.click(&testid("open-own")).await);
            app.wait_for_testid("own-sheet").await;
            assert!(app.click("[data-testid=own-sheet] [data-zoom]").await);
            app.wait_for_testid("card-zoom").await;
            let on_top = app
                .js("const c = document.querySelector('[data-testid=card-zoom] .swr-card').getBoundingClientRect();
                     const top = document.elementFromPoint(c.left + c.width / 2, c.top + c.height / 2);
                     return !!(top && top.closest('[data-testid=card-zoom]'));")
                .await;
            assert_eq!(on_top, true, "{size:?}: the zoomed card is under something");
            assert!(app.click(&testid("close-zoom")).await);
            app.wait_for_js(
                "!document.querySelector('[data-testid=card-zoom]') && !!document.querySelector('[data-testid=own-sheet]')",
                "the zoom closed, the sheet still open",
            )
            .await;
        }
        app.assert_no_console_errors().await;
    })
    .await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "needs dist/ and Chromium: run by scripts/test.sh"]
async fn a_returning_player_sees_continue_first_at_every_size() {
    let session = a_game_where(Side::Empire, |v| v.time >= 2);
    with_app(move |app| async move {
        app.open("/rebellion.html?pause=0").await;
        app.wait_for_testid("start-screen").await;
        app.js(&format!(
            "localStorage.clear(); localStorage.setItem('swr-save', {});",
            Value::String(session.save())
        ))
        .await;
        for size in SIZES {
            // A saved game opens by itself; the start screen is one step away, in the menu.
            app.client.refresh().await.expect("reload");
            app.wait_for_testid("galaxy").await;
            assert!(app.click(&testid("open-menu")).await);
            assert!(app.click(&testid("menu")).await);
            app.wait_for_testid("start-screen").await;
            resize(&app, size).await;
            app.screenshot(&format!("rebellion-start-{}x{}", size.0, size.1)).await;
            let facts = app
                .js("const r = document.querySelector('[data-testid=continue]').getBoundingClientRect();
                     const here = document.querySelector('[data-testid=game-swr] [data-testid=play-here]');
                     return { bottom: r.bottom, h: innerHeight, here: here ? here.textContent : null };")
                .await;
            assert!(
                facts["bottom"].as_f64().unwrap() <= facts["h"].as_f64().unwrap(),
                "{size:?}: Continue is below the fold: {facts}"
            );
            assert_eq!(facts["here"], "Continue", "{size:?}: this game's card: {facts}");
        }
        // The card's own Continue opens the saved game.
        assert!(app.click(&testid("play-here")).await);
        app.wait_for_testid("galaxy").await;
        app.assert_no_console_errors().await;
    })
    .await;
}

/// How much of the decision a phone shows without scrolling the dock: whether the question
/// and the first choice (a tray's piece or the list's first entry) are in view, and how many
/// choices are.
const DOCK_FACTS: &str = "
    const dock = document.querySelector('#decision').getBoundingClientRect();
    const inside = (e) => { const r = e.getBoundingClientRect();
      return r.height > 0 && r.top >= dock.top - 0.5 && r.bottom <= dock.bottom + 0.5; };
    const choices = [...document.querySelectorAll('#decision [data-testid=choice], #decision [data-testid^=tray-]')];
    const prompt = document.querySelector('#decision [data-testid=prompt]');
    return { choices: choices.length, seen: choices.filter(inside).length,
             first: choices.length === 0 || inside(choices[0]),
             prompt: !prompt || inside(prompt) };";

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "needs dist/ and Chromium: run by scripts/test.sh"]
async fn on_a_phone_the_question_and_the_first_choice_are_in_view() {
    let mut saves = moments(Side::Rebel, 31, 10);
    saves.extend(moments(Side::Empire, 32, 10));
    with_app(move |app| async move {
        app.open("/rebellion.html?pause=0").await;
        app.wait_for_testid("start-screen").await;
        for size in PHONES {
            let (mut shown, mut all, mut whole) = (0, 0, 0);
            for (i, session) in saves.iter().enumerate() {
                open_save(&app, session).await;
                resize(&app, size).await;
                let facts = app.js(DOCK_FACTS).await;
                if facts["first"] != true {
                    app.screenshot(&format!("rebellion-dock-{}x{}-{i}", size.0, size.1)).await;
                }
                assert_eq!(facts["prompt"], true, "{size:?}, moment {i}: {facts}");
                assert_eq!(facts["first"], true, "{size:?}, moment {i}: {facts}");
                let (n, seen) = (
                    facts["choices"].as_u64().unwrap(),
                    facts["seen"].as_u64().unwrap(),
                );
                all += n;
                shown += seen;
                whole += u64::from(n == seen);
            }
            println!(
                "measure: {size:?}: {shown} of {all} choices in view without scrolling; every choice in view in {whole} of {} decisions",
                saves.len()
            );
        }
        app.assert_no_console_errors().await;
    })
    .await;
}
