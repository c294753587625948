//! Learn to play by playing: a lesson is a game from a fixed seed and a script of its actions
//! (a compact save: the seed and every action, dice included, since the dice follow the seed),
//! played on the real board. The setup is played for the learner; then each of the learner's
//! decisions offers only the scripted answer (the engine's legal actions narrowed to it, lit
//! where it is on the board), with a line saying what it is, and the other side's scripted
//! answers are played as the computer's. No rule is decided here: every scripted action is the
//! engine's, checked legal when played. The script was made by the rule-based computer playing
//! both sides from the seed (`print_lesson_scripts`, a tool among the tests, makes it).

use game_kit::load_compact;
use swr_engine::{Action, Game, GameState, LeaderId, LogEvent, Phase, Side, SystemId, UnitKind};

/// The lessons. Saved in a session by number.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub enum LessonId {
    /// The first round as the Rebel: assignment, a turn, moving, a mission, a combat, the
    /// Refresh phase.
    Rebel,
    /// A round as the Empire: the hunt for the base (probes), subjugation, a mission that
    /// captures, the Death Star.
    Empire,
}

impl LessonId {
    /// Who the learner plays.
    pub fn side(self) -> Side {
        match self {
            LessonId::Rebel => Side::Rebel,
            LessonId::Empire => Side::Empire,
        }
    }

    pub fn title(self) -> &'static str {
        match self {
            LessonId::Rebel => "Learn to play: the first round as the Rebel",
            LessonId::Empire => "Learn to play: a round as the Empire",
        }
    }

    /// The scripted game (a compact save).
    fn code(self) -> &'static str {
        match self {
            LessonId::Rebel => REBEL_SCRIPT,
            LessonId::Empire => EMPIRE_SCRIPT,
        }
    }

    fn index(self) -> usize {
        self as usize
    }

    /// The whole scripted game.
    pub fn script(self) -> Game {
        load_compact::<GameState>(self.code()).expect("a lesson's script is a saved game")
    }
}

/// The Rebel lesson: seed [`REBEL_SEED`] played by the rule-based computer on both sides to the
/// start of the round after [`REBEL_ROUND`] (`print_lesson_scripts` in the tests makes it).
pub const REBEL_SEED: u64 = 297;
/// The round the learner plays (the rounds before are played for them).
pub const REBEL_ROUND: u8 = 4;
pub const REBEL_SCRIPT: &str = "swr-save 2 AQAAKQEAAAAAAAC7AmpxTFHVIFRFeta1rWta1re223bbbQICAAgAICCABAAAD3xA2uSkV5IRAjdPkCy9ChQNwU2N18krtpFyWAlIpAGIQIpEiaTrMDgEvSWiAwXEjForHiCFBvdH2PSxs3lQGL4AQ5EtK7pJbghSqEIiUyPcyUfkYB4Fp45zuF3gdEM";

/// The Empire lesson, made the same way from [`EMPIRE_SEED`] to the end of [`EMPIRE_ROUND`].
pub const EMPIRE_SEED: u64 = 355;
pub const EMPIRE_ROUND: u8 = 2;
pub const EMPIRE_SCRIPT: &str = "swr-save 2 AQAAYwEAAAAAAACWAZ2xS0XIIYiveMYxjGMYxtzttrbbbBQMAAAYEAAAAAAAVgFplpFeeDdiMAUKCFZrUsJFSj5IHTSHSdl4aIlkJFDj0AYwlDYvYA";

/// Something that happened between two of the learner's moves that the lesson says a word
/// about: read from the script's log, so it is what the table showed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Note {
    Probes,
    Subjugated(SystemId),
    Captured(LeaderId),
    DeathStar,
    Destroyed(SystemId),
}

impl Note {
    fn of(event: &LogEvent) -> Option<Note> {
        Some(match *event {
            LogEvent::ProbesDrawn { .. } => Note::Probes,
            LogEvent::Subjugated { system } => Note::Subjugated(system),
            LogEvent::LeaderCaptured { leader, .. } => Note::Captured(leader),
            LogEvent::UnitMoved {
                kind: UnitKind::DeathStar,
                ..
            } => Note::DeathStar,
            LogEvent::SystemDestroyed { system } => Note::Destroyed(system),
            _ => return None,
        })
    }
}

/// A lesson's script as actions, read once (decoding replays the whole game).
pub fn script_actions(id: LessonId) -> &'static [(Side, Action)] {
    static SCRIPTS: [std::sync::OnceLock<Vec<(Side, Action)>>; 2] =
        [std::sync::OnceLock::new(), std::sync::OnceLock::new()];
    SCRIPTS[id.index()].get_or_init(|| id.script().history().to_vec())
}

impl LessonId {
    /// The round the learner plays.
    pub fn round(self) -> u8 {
        match self {
            LessonId::Rebel => REBEL_ROUND,
            LessonId::Empire => EMPIRE_ROUND,
        }
    }

    /// The lesson's game where the learner takes over: the script played to the start of
    /// its round.
    pub fn start(self) -> Game {
        let script = self.script();
        let mut game = Game::new(script.seed(), script.options());
        for (side, action) in script.history() {
            if game.state().time() >= self.round()
                && matches!(game.state().phase(), Phase::Assignment { .. })
            {
                break;
            }
            game.apply(*side, *action)
                .expect("a lesson's script is legal");
        }
        game
    }

    /// The scripted action after `played` actions, if the script goes on.
    pub fn next(self, played: usize) -> Option<(Side, Action)> {
        script_actions(self).get(played).copied()
    }

    /// For each of the learner's steps, the first thing worth a note that happened since their
    /// step before (or since they took over), each kind of note said once.
    pub fn notes(self) -> &'static [Option<Note>] {
        static NOTES: [std::sync::OnceLock<Vec<Option<Note>>>; 2] =
            [std::sync::OnceLock::new(), std::sync::OnceLock::new()];
        NOTES[self.index()].get_or_init(|| {
            let script = self.script();
            let mut game = Game::new(script.seed(), script.options());
            let (mut notes, mut said, mut pending) = (Vec::new(), Vec::new(), None);
            for (i, (side, action)) in script.history().iter().enumerate() {
                if i >= self.start_index() && *side == self.side() {
                    notes.push(pending.take());
                }
                let before = game.entries().len();
                game.apply(*side, *action)
                    .expect("a lesson's script is legal");
                if i + 1 < self.start_index() {
                    continue;
                }
                for e in &game.entries()[before..] {
                    let note = Note::of(&e.event).filter(|n| {
                        !said
                            .iter()
                            .any(|s| std::mem::discriminant(s) == std::mem::discriminant(n))
                    });
                    if let (Some(n), None) = (note, pending) {
                        said.push(n);
                        pending = Some(n);
                    }
                }
            }
            notes
        })
    }

    /// The note for the learner's step `step` (1-based).
    pub fn note(self, step: usize) -> Option<Note> {
        self.notes().get(step.checked_sub(1)?).copied().flatten()
    }

    /// How many of the script's actions are played for the learner before they take over.
    pub fn start_index(self) -> usize {
        static STARTS: [std::sync::OnceLock<usize>; 2] =
            [std::sync::OnceLock::new(), std::sync::OnceLock::new()];
        *STARTS[self.index()].get_or_init(|| self.start().history().len())
    }

    /// The learner's steps: (this one, how many in all), counting from where they took over,
    /// once `played` actions are on the table.
    pub fn progress(self, played: usize) -> (usize, usize) {
        let start = self.start_index();
        let learner = self.side();
        let mine = |r: std::ops::Range<usize>| {
            script_actions(self)[r]
                .iter()
                .filter(|(s, _)| *s == learner)
                .count()
        };
        let all = script_actions(self).len();
        (mine(start..played.min(all)) + 1, mine(start..all))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::swr::session::{Mode, Session};
    use swr_ai::{Player, RuleBot};
    use swr_engine::{CombatStep, GameOptions, MissionStep, Prompt};

    /// The rule-based computer plays both sides from `seed` to the start of round `until`.
    fn played_to(seed: u64, until: u8) -> Game {
        let mut game = Game::new(seed, GameOptions::default());
        let mut bots = [RuleBot::new(seed), RuleBot::new(seed ^ 1)];
        while let Some(side) = game.state().active_player() {
            if game.state().time() >= until
                && matches!(game.state().phase(), Phase::Assignment { .. })
            {
                break;
            }
            let view = game.view(side);
            let action = bots[side.index()].choose(&view);
            game.apply(side, action).unwrap();
        }
        game
    }

    /// What the learner meets in a script from action `from` on: each kind of decision of
    /// theirs.
    fn taught(script: &Game, learner: Side, from: usize) -> Vec<&'static str> {
        let mut game = Game::new(script.seed(), script.options());
        let mut kinds = Vec::new();
        for (i, (side, action)) in script.history().iter().enumerate() {
            if *side == learner && i >= from {
                kinds.push(match game.view(learner).prompt {
                    Some(Prompt::Assign) => "assign",
                    Some(Prompt::Turn) => match action {
                        Action::Activate { .. } => "activate",
                        Action::Reveal(_) => "reveal",
                        _ => "turn",
                    },
                    Some(Prompt::Move { .. }) => "move",
                    Some(Prompt::Mission(MissionStep::Oppose)) => "oppose",
                    Some(Prompt::Combat(CombatStep::Assign)) => "combat damage",
                    Some(Prompt::Combat(_)) => "combat",
                    Some(Prompt::Recruit) => "recruit",
                    Some(Prompt::Deploy) => "deploy",
                    _ => "other",
                });
            }
            game.apply(*side, *action).unwrap();
        }
        kinds
    }

    /// The index of the first action of round `round` (its Assignment phase).
    fn round_start(script: &Game, round: u8) -> usize {
        let mut game = Game::new(script.seed(), script.options());
        for (i, (side, action)) in script.history().iter().enumerate() {
            if game.state().time() >= round
                && matches!(game.state().phase(), Phase::Assignment { .. })
            {
                return i;
            }
            game.apply(*side, *action).unwrap();
        }
        script.history().len()
    }

    /// Plays a lesson as the page does, the learner taking the one move offered; returns the
    /// session at its end, the learner's steps and the lines shown.
    fn follow(lesson: LessonId) -> (Session, usize, Vec<String>) {
        let mut session = Session::new(Mode::Lesson { lesson }, 0);
        let (mut steps, mut lines) = (0, Vec::new());
        for _ in 0..2_000 {
            if session.lesson_done() {
                return (session, steps, lines);
            }
            if let Some(action) = session.lesson_move() {
                assert!(session.computer_play(session.position(), action));
                continue;
            }
            let view = session.view();
            assert_eq!(view.legal.len(), 1, "one move offered: {:?}", view.prompt);
            assert!(
                session.forced_decision().is_none(),
                "the learner makes every move"
            );
            let (_, step, total) = session.lesson_step().unwrap();
            assert_eq!(step, steps + 1);
            assert!(step <= total);
            lines.push(crate::swr::words::lesson::lesson_line(
                &view,
                view.legal.first(),
                step,
            ));
            // Any other legal move of the game is refused.
            let state = session.game.state();
            if let Some(other) = state
                .legal_actions(lesson.side())
                .into_iter()
                .find(|a| *a != view.legal[0])
            {
                let before = session.clone();
                assert!(session.act(other).is_err());
                assert_eq!(session, before);
            }
            session.act(view.legal[0]).unwrap();
            steps += 1;
        }
        panic!("the lesson did not end");
    }

    #[test]
    fn the_rebel_lesson_is_played_by_taking_only_what_is_lit_and_teaches_a_whole_round() {
        let (session, steps, lines) = follow(LessonId::Rebel);
        let (_, _, total) = session.lesson_step().unwrap();
        assert_eq!(steps, total);
        assert!(session.view().legal.is_empty());
        assert!(session.computer_to_act().is_none());
        assert_eq!(session.game.history(), LessonId::Rebel.script().history());
        assert!(lines[0].contains("reputation meets the time marker"));
        assert!(
            lines
                .iter()
                .all(|l| l.split(". ").count() <= 2 && l.len() < 200),
            "short lines"
        );
        assert!(lines.iter().all(|l| !l.is_empty()));
        let kinds = taught(&session.game, Side::Rebel, LessonId::Rebel.start_index());
        for kind in [
            "assign",
            "activate",
            "move",
            "reveal",
            "combat",
            "combat damage",
            "recruit",
            "deploy",
        ] {
            assert!(
                kinds.contains(&kind),
                "the lesson teaches {kind}: {kinds:?}"
            );
        }
        eprintln!(
            "Rebel lesson: {steps} steps, {} actions from round {REBEL_ROUND}",
            session.game.history().len() - LessonId::Rebel.start_index()
        );
    }

    #[test]
    fn the_empire_lesson_is_played_by_taking_only_what_is_lit_and_teaches_the_hunt() {
        let lesson = LessonId::Empire;
        let (session, steps, lines) = follow(lesson);
        let (_, _, total) = session.lesson_step().unwrap();
        assert_eq!(steps, total);
        assert!(session.view().legal.is_empty());
        assert_eq!(session.game.history(), lesson.script().history());
        assert!(lines[0].contains("hidden Rebel base"));
        assert!(
            lines
                .iter()
                .all(|l| !l.contains("your base") && !l.contains("The Empire revealed")),
            "the Empire's lines speak to the Empire: {lines:?}"
        );
        let kinds = taught(&session.game, Side::Empire, lesson.start_index());
        for kind in ["assign", "activate", "move", "reveal", "oppose", "deploy"] {
            assert!(
                kinds.contains(&kind),
                "the lesson teaches {kind}: {kinds:?}"
            );
        }
        // What the Empire's lesson is about is said when it happens, once each.
        let notes: Vec<Note> = lesson.notes().iter().flatten().copied().collect();
        for (what, found) in [
            ("probes", notes.contains(&Note::Probes)),
            (
                "subjugation",
                notes.iter().any(|n| matches!(n, Note::Subjugated(_))),
            ),
            (
                "a capture",
                notes.iter().any(|n| matches!(n, Note::Captured(_))),
            ),
            ("the Death Star", notes.contains(&Note::DeathStar)),
        ] {
            assert!(found, "the lesson says a word on {what}: {notes:?}");
        }
        assert_eq!(lesson.notes().len(), total);
        eprintln!("Empire lesson: {steps} steps, notes {notes:?}");
    }

    #[test]
    fn a_lesson_saved_in_the_middle_resumes_where_it_was() {
        let mut session = Session::new(
            Mode::Lesson {
                lesson: LessonId::Rebel,
            },
            5,
        );
        for _ in 0..40 {
            match session.lesson_move() {
                Some(action) => assert!(session.computer_play(session.position(), action)),
                None => {
                    let legal = session.view().legal;
                    session.act(legal[0]).unwrap();
                }
            }
        }
        let loaded = Session::load(&session.save()).unwrap();
        assert_eq!(loaded, session);
        assert_eq!(loaded.lesson_step(), session.lesson_step());
        assert_eq!(loaded.describe().sides, LessonId::Rebel.title());
    }

    #[test]
    #[ignore = "a tool: finds seeds and rounds that teach every kind (cargo test -p star-wars-app --lib find_lesson_seeds -- --ignored --nocapture)"]
    fn find_lesson_seeds() {
        for seed in 0..300 {
            for round in 1..=4u8 {
                let game = played_to(seed, round + 1);
                let kinds = taught(&game, Side::Rebel, round_start(&game, round));
                let has = |k: &str| kinds.contains(&k);
                let score = [
                    "assign",
                    "activate",
                    "move",
                    "reveal",
                    "combat",
                    "combat damage",
                    "recruit",
                    "deploy",
                ]
                .iter()
                .filter(|k| has(k))
                .count();
                if score >= 8 {
                    println!(
                    "seed {seed} round {round}: {score} kinds, {} learner steps, {} actions: {kinds:?}",
                    kinds.len(),
                    game.history().len()
                );
                }
            }
        }
    }

    /// What happens in round `round` of `game` that the Empire's lesson is about, from the
    /// Empire's log: subjugations, captures, probes drawn, a Death Star moved, fights.
    fn empire_events(game: &Game, round: u8) -> Vec<&'static str> {
        let mut replay = Game::new(game.seed(), game.options());
        let mut events = Vec::new();
        for (side, action) in game.history() {
            let before = replay.entries().len();
            replay.apply(*side, *action).unwrap();
            if replay.state().time() != round {
                continue;
            }
            for e in &replay.entries()[before..] {
                events.push(match e.event {
                    LogEvent::Subjugated { .. } => "subjugate",
                    LogEvent::LeaderCaptured { .. } => "capture",
                    LogEvent::ProbesDrawn { .. } => "probes",
                    LogEvent::UnitMoved {
                        kind: UnitKind::DeathStar,
                        ..
                    } => "death star moved",
                    LogEvent::SystemDestroyed { .. } => "system destroyed",
                    LogEvent::CombatStarted { .. } => "combat",
                    _ => continue,
                });
            }
        }
        events
    }

    #[test]
    #[ignore = "a tool: finds seeds and rounds for the Empire's lesson (cargo test -p star-wars-app --lib find_empire_lesson_seeds -- --ignored --nocapture)"]
    fn find_empire_lesson_seeds() {
        for seed in 0..400 {
            for round in 1..=3u8 {
                let game = played_to(seed, round + 1);
                let kinds = taught(&game, Side::Empire, round_start(&game, round));
                let events = empire_events(&game, round);
                let has = |k: &str| kinds.contains(&k) || events.contains(&k);
                let wanted = [
                    "assign",
                    "activate",
                    "move",
                    "reveal",
                    "subjugate",
                    "capture",
                    "probes",
                    "death star moved",
                ];
                let score = wanted.iter().filter(|k| has(k)).count();
                if score >= 7 && kinds.len() <= 35 {
                    println!(
                        "seed {seed} round {round}: {score} of {}, {} learner steps: {kinds:?} {events:?}",
                        wanted.len(),
                        kinds.len(),
                    );
                }
            }
        }
    }

    #[test]
    #[ignore = "a tool: prints the lessons' scripts (cargo test -p star-wars-app --lib print_lesson_scripts -- --ignored --nocapture)"]
    fn print_lesson_scripts() {
        for (name, seed, round) in [
            ("REBEL", REBEL_SEED, REBEL_ROUND),
            ("EMPIRE", EMPIRE_SEED, EMPIRE_ROUND),
        ] {
            let game = played_to(seed, round + 1);
            println!("{name}_SCRIPT: {}", game_kit::save_compact(&game));
        }
    }
}
