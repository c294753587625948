use super::*;
use crate::evr::session::{Mode, Session};
use crate::evr::words::lesson::lesson_line;
use evr_ai::{Bot, RuleBot};
use evr_engine::view::{Decision, PlayerView};
use evr_engine::{Phase, Variant};

/// Which of the learner's kinds of move `action` is.
fn kind(action: Action) -> &'static str {
    match action {
        Action::ChooseStrategy { .. } => "strategy",
        Action::PlayCard => "play",
        Action::UsePower(c) if c.is_character() => "character power",
        Action::UsePower(_) => "power",
        Action::SpendInfluence(_) => "influence",
        Action::Pass => "pass",
        _ => "choice",
    }
}

/// The learner's side as the script's maker plays it: the rule-based computer, told to use
/// a character's power once and then to spend influence readying it, so that both are shown.
fn teach(view: &PlayerView, bot: &mut RuleBot, shown: &mut [bool; 2]) -> Action {
    if matches!(view.decision, Some(Decision::StruggleTurn)) {
        let find = |f: fn(Action) -> bool| view.legal_actions.iter().copied().find(|a| f(*a));
        if !shown[1] {
            let spend = find(|a| matches!(a, Action::SpendInfluence(c) if c.is_character()));
            if let Some(a) = spend {
                shown[1] = true;
                return a;
            }
        }
        if !shown[0] {
            if let Some(a) = find(|a| matches!(a, Action::UsePower(c) if c.is_character())) {
                shown[0] = true;
                return a;
            }
        }
    }
    bot.choose(view)
}

/// The script from `seed`: both sides played to the start of round 2 (the Rebel first when
/// both choose at once, as on the page).
fn played(seed: u64) -> Game {
    let mut game = Game::new(
        seed,
        GameOptions {
            variant: Variant::Full,
        },
    );
    let mut bots = [RuleBot::new(seed), RuleBot::new(seed ^ 1)];
    let mut shown = [false; 2];
    while let Some(side) = game.state().active_players().iter().next() {
        if game.state().round >= 2 {
            break;
        }
        let view = game.view(side);
        let action = if side == Side::Rebel {
            teach(&view, &mut bots[0], &mut shown)
        } else {
            bots[1].choose(&view)
        };
        game.apply(side, action).unwrap();
    }
    game
}

/// The learner's kinds of move in a script, and whether it ends with the Rebel the winner
/// and the balance token turned.
fn taught(script: &Game) -> (Vec<&'static str>, bool) {
    let mut game = Game::new(script.seed(), script.options());
    let mut kinds = Vec::new();
    let mut balance = None;
    for (side, action) in script.history() {
        if !matches!(game.state().phase, Phase::ChooseCharacters { .. }) {
            balance.get_or_insert(game.state().balance);
            if *side == Side::Rebel {
                kinds.push(kind(*action));
            }
        }
        game.apply(*side, *action).unwrap();
    }
    let won = game.state().side(Side::Rebel).victory_points > 0
        && balance.is_some_and(|b| b != game.state().balance)
        && game.state().round == 2;
    (kinds, won)
}

/// Plays the lesson as the page does, the learner taking the one move offered; returns the
/// session at its end, the learner's steps and the lines shown.
fn follow() -> (Session, usize, Vec<String>) {
    let mut session = Session::new(Mode::Lesson, Variant::Full, 0);
    let (mut steps, mut lines) = (0, Vec::new());
    for _ in 0..500 {
        if session.lesson_done() {
            return (session, steps, lines);
        }
        if session.computer_to_act().is_some() {
            assert!(session.computer_act().is_some());
            continue;
        }
        let view = session.view();
        assert_eq!(view.legal_actions.len(), 1, "one move: {:?}", view.decision);
        let (step, total) = session.lesson_step().unwrap();
        assert_eq!(step, steps + 1);
        assert!(step <= total);
        lines.push(lesson_line(&view, view.legal_actions[0], step));
        // Any other legal move of the game is refused, and changes nothing.
        let other = session
            .game
            .state()
            .legal_actions(LEARNER)
            .into_iter()
            .find(|a| *a != view.legal_actions[0]);
        if let Some(other) = other {
            let before = session.clone();
            assert!(session.act(other).is_err());
            assert_eq!(session, before);
        }
        session.act(view.legal_actions[0]).unwrap();
        steps += 1;
    }
    panic!("the lesson did not end");
}

#[test]
fn the_lesson_is_played_by_taking_only_what_is_lit_and_teaches_a_whole_event() {
    let (session, steps, lines) = follow();
    let (_, total) = session.lesson_step().unwrap();
    assert_eq!(steps, total);
    assert!((10..=25).contains(&steps), "{steps} steps");
    assert!(session.view().legal_actions.is_empty());
    assert!(session.computer_to_act().is_none());
    assert_eq!(session.game.history(), SCRIPT);
    let (kinds, won) = taught(&session.game);
    for k in ["strategy", "play", "character power", "influence", "pass"] {
        assert!(kinds.contains(&k), "the lesson teaches {k}: {kinds:?}");
    }
    assert!(won, "the Rebel wins the event and the balance token turns");
    assert!(
        lines.iter().all(|l| !l.is_empty() && l.len() < 240),
        "short lines: {lines:#?}"
    );
    assert!(
        lines.iter().all(|l| l.matches(". ").count() <= 1),
        "one or two sentences: {lines:#?}"
    );
    let done = crate::evr::words::lesson::lesson_done_line(&session.view());
    assert!(
        done.contains("You won") && done.contains("to the Empire"),
        "{done}"
    );
    eprintln!("the first-event lesson: {steps} steps: {kinds:?}\n{lines:#?}\n{done}");
}

#[test]
fn the_script_is_the_rule_based_computers_from_its_seed() {
    assert_eq!(played(SEED).history(), SCRIPT);
    // The learner takes over once the characters are chosen.
    assert!(SCRIPT[..SETUP]
        .iter()
        .all(|(_, a)| matches!(a, Action::ChooseCharacters(_))));
    assert!(!matches!(SCRIPT[SETUP].1, Action::ChooseCharacters(_)));
}

#[test]
fn a_lesson_saved_in_the_middle_resumes_where_it_was() {
    let mut session = Session::new(Mode::Lesson, Variant::Full, 5);
    for _ in 0..6 {
        if session.computer_act().is_none() {
            let legal = session.view().legal_actions;
            session.act(legal[0]).unwrap();
        }
    }
    let loaded = Session::load(&session.save()).unwrap();
    assert_eq!(loaded, session);
    assert_eq!(loaded.lesson_step(), session.lesson_step());
    assert_eq!(loaded.describe().sides, TITLE);
    // Nothing of a lesson goes to the record, and it offers no take-back or advice.
    assert!(loaded.take_back_offer().is_empty());
    assert!(loaded.advice_search().is_none());
}

#[test]
#[ignore = "a tool: finds seeds whose first event teaches every kind (cargo test -p star-wars-app --lib evr::lesson::tests::find_lesson_seeds -- --ignored --nocapture)"]
fn find_lesson_seeds() {
    for seed in 0..400 {
        let game = played(seed);
        let (kinds, won) = taught(&game);
        let has = |k: &str| kinds.contains(&k);
        let all = ["strategy", "play", "character power", "influence", "pass"]
            .iter()
            .all(|k| has(k));
        let choices = kinds.iter().filter(|k| **k == "choice").count();
        if all && won && (10..=25).contains(&kinds.len()) {
            let event = game.view(Side::Rebel).log.iter().find_map(|e| match e {
                evr_engine::LogEvent::RoundStarted { event, .. } => Some(event.card().name),
                _ => None,
            });
            let used: Vec<_> = game
                .history()
                .iter()
                .filter_map(|(s, a)| match a {
                    Action::UsePower(c) if *s == Side::Rebel => Some(c.name()),
                    _ => None,
                })
                .collect();
            println!(
                "seed {seed}: {} steps ({choices} choices), {event:?}, powers {used:?}: {kinds:?}",
                kinds.len()
            );
        }
    }
}

#[test]
#[ignore = "a tool: prints a seed's script as Rust (LESSON_SEED=n cargo test -p star-wars-app --lib print_lesson_script -- --ignored --nocapture)"]
fn print_lesson_script() {
    let seed = std::env::var("LESSON_SEED").map_or(SEED, |s| s.parse().unwrap());
    for (side, action) in played(seed).history() {
        let card = match action {
            Action::UsePower(c) | Action::SpendInfluence(c) | Action::SelectCard(c) => {
                format!(" // {}", c.name())
            }
            _ => String::new(),
        };
        println!("    ({side:?}, {action:?}),{card}");
    }
}
