//! The Rebellion page's root component and the one signal that holds the game.

use crate::shell::games::{rules_asked, GameId};
use crate::shell::hints::Hints;
use crate::shell::motion::Speed;
use crate::shell::shelf::{self, LocalStorage, Shelf};
use crate::shell::storage::{fresh_seed, SaveSlot};
use crate::shell::worker::WorkerClient;
use crate::shell::ONLINE_PAGE;
use crate::shell::{RulesOverlay, UpdatePrompt};
use crate::swr::components::{GameScreen, RecoveryScreen, StartScreen};
use crate::swr::session::{Difficulty, Mode, Pace, Session};
use crate::swr::targets::{
    armed_by_default, everything_at, leader_actions, place_actions, still_armed, unit_actions,
    Armed,
};
use crate::swr::words::action_text;
use leptos::prelude::*;
use std::time::Duration;
use swr_ai::protocol as computer;
use swr_ai::search::Progress;
use swr_engine::{Action, LeaderId, LoadError, Place, PlayerView, UnitKind};

/// The speed setting, kept on this device.
pub const SPEED: SaveSlot = SaveSlot::new("swr-motion");
/// Whether decisions with one answer are taken for the player ("on" unless turned off).
const AUTO: SaveSlot = SaveSlot::new("swr-auto");
/// Whether a line says what each kind of decision is the first time it comes up ("on" unless
/// turned off), and the kinds already said (their names, one per line).
const HINTS: SaveSlot = SaveSlot::new("swr-hints");
const HINTS_SEEN: SaveSlot = SaveSlot::new("swr-hints-seen");
/// The computer's level last chosen.
const LEVEL: SaveSlot = SaveSlot::new("swr-level");

/// How long the computer waits before an action of this pace at this speed (see
/// [`Pace::pause`]). The page's `?pause=<ms>` (0 to 5000) sets the full pause instead, for the
/// browser tests.
pub fn computer_pause(speed: Speed, pace: Pace) -> Duration {
    match crate::shell::motion::asked_pause() {
        Some(full) => pace.of(full),
        None => pace.pause(speed),
    }
}

/// Where rebellion.html's build puts the rules for players as HTML (fetched when opened).
pub const RULES_URL: &str = "./rules/swr/rules.html";

#[derive(Clone, Debug, PartialEq)]
pub enum Screen {
    Start,
    Game,
    /// A saved game could not be read.
    Recovery {
        message: String,
        raw: String,
    },
}

/// A card shown enlarged.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Zoomed {
    Mission(swr_engine::Mission),
    Action(swr_engine::ActionCard),
    Objective(swr_engine::Objective),
    Tactic(swr_engine::Tactic),
}

/// What opens over the table on demand.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Drawer {
    OwnSheet,
    OpponentSheet,
    Log,
    Menu,
}

/// The choices a tap on the galaxy could mean, shown beside the finger.
#[derive(Clone, Debug, PartialEq)]
pub struct Popover {
    pub actions: Vec<Action>,
    /// Where the tap was, in the page's pixels.
    pub x: f64,
    pub y: f64,
}

/// Everything the components share, provided as context. `session` is the one signal that
/// holds the game; components render from `view`, the engine's view for the player at the
/// screen, and the parts of it they show (each system follows its own slice).
#[derive(Clone, Copy)]
pub struct Ui {
    pub session: RwSignal<Option<Session>>,
    pub view: Memo<Option<PlayerView>>,
    pub screen: RwSignal<Screen>,
    pub rules_open: RwSignal<bool>,
    /// Why the last action was refused.
    pub notice: RwSignal<Option<String>>,
    pub save_failed: RwSignal<Option<String>>,
    /// The system whose details are open.
    pub selected: RwSignal<Option<Place>>,
    pub zoom: RwSignal<Option<Zoomed>>,
    /// The computer is about to act.
    pub thinking: RwSignal<bool>,
    /// How far the computer has got with its decision, while it thinks.
    pub progress: RwSignal<Option<Thinking>>,
    /// Bumped whenever the games kept aside change.
    pub kept: RwSignal<u32>,
    pub speed: RwSignal<Speed>,
    /// Decisions with one answer are taken for the player.
    pub auto: RwSignal<bool>,
    /// First-time hints are on, and the kinds of decision already said.
    pub hints: Hints,
    /// A leader or kind of unit picked from a tray, waiting for a place.
    pub armed: RwSignal<Option<Armed>>,
    pub popover: RwSignal<Option<Popover>>,
    /// The galaxy is drawn too small for fingers on single pieces (a phone, or a small
    /// window): each system shows a count per side, and a tap on a system opens its close-up
    /// where every piece is a button of its own.
    pub dense: RwSignal<bool>,
    pub drawer: RwSignal<Option<Drawer>>,
    /// What was taken for the player since their last own decision, in words.
    pub taken: RwSignal<Vec<String>>,
    /// The computer's level for the next game against it.
    pub level: RwSignal<Difficulty>,
    /// Advice asked for by the person at the screen.
    pub advice: RwSignal<Option<Advice>>,
    /// Online play: the player's actions go to the other device's game through this (the
    /// page holds no `Session`).
    pub remote: Option<Callback<Action>>,
}

/// The search's best options for one position of the person at the screen.
#[derive(Clone, Debug, PartialEq)]
pub struct Advice {
    pub position: (u64, usize),
    /// Each option as (index among the legal actions, chance to win in thousandths), best
    /// first; `None` while the search runs.
    pub options: Option<Vec<(usize, u32)>>,
}

/// How far the computer has got with the decision it is making, for the line that says so.
#[derive(Clone, Debug, PartialEq)]
pub struct Thinking {
    /// The position it was asked about.
    pub position: (u64, usize),
    /// When it was asked, and when it was last heard from (the page's clock, ms).
    pub asked: f64,
    pub heard: f64,
    /// Whole seconds since it was asked, counted while it thinks.
    pub seconds: u32,
    /// Its search's playouts done, of about `total` (0 of 0 until it first says).
    pub done: u32,
    pub total: u32,
    /// The action it would take if it stopped now.
    pub leaning: Option<Action>,
    /// How many times it said how far it had got.
    pub notes: u32,
    /// The longest it went without a word, from the question on (ms).
    pub longest_silence: f64,
}

impl Thinking {
    fn new(position: (u64, usize), asked: f64) -> Thinking {
        Thinking {
            position,
            asked,
            heard: asked,
            seconds: 0,
            done: 0,
            total: 0,
            leaning: None,
            notes: 0,
            longest_silence: 0.0,
        }
    }

    /// It was heard from at `now` (ms).
    fn heard_at(&mut self, now: f64) {
        self.longest_silence = self.longest_silence.max(now - self.heard);
        self.heard = now;
    }
}

impl Ui {
    /// Everything at its starting value around the game's signal and the view on screen.
    pub fn new(
        session: RwSignal<Option<Session>>,
        view: Memo<Option<PlayerView>>,
        screen: RwSignal<Screen>,
        remote: Option<Callback<Action>>,
    ) -> Ui {
        Ui {
            session,
            view,
            screen,
            rules_open: RwSignal::new(rules_asked()),
            notice: RwSignal::new(None),
            save_failed: RwSignal::new(None),
            selected: RwSignal::new(None),
            zoom: RwSignal::new(None),
            thinking: RwSignal::new(false),
            progress: RwSignal::new(None),
            kept: RwSignal::new(0),
            speed: RwSignal::new(Speed::load(SPEED)),
            auto: RwSignal::new(AUTO.read().as_deref() != Some("off")),
            hints: Hints::load(HINTS, HINTS_SEEN),
            armed: RwSignal::new(None),
            popover: RwSignal::new(None),
            dense: RwSignal::new(false),
            drawer: RwSignal::new(None),
            taken: RwSignal::new(Vec::new()),
            level: RwSignal::new(
                LEVEL
                    .read()
                    .and_then(|t| Difficulty::ALL.into_iter().find(|d| d.name() == t))
                    .unwrap_or(Difficulty::Steady),
            ),
            advice: RwSignal::new(None),
            remote,
        }
    }

    /// The player at the screen takes an action; a refusal is shown, nothing else changes.
    pub fn act(&self, action: Action) {
        self.hints.acted();
        if let Some(remote) = self.remote {
            remote.run(action);
            self.popover.set(None);
            self.taken.set(Vec::new());
            return self.rearm();
        }
        let mut refused = None;
        self.session.update(|s| {
            if let Some(s) = s {
                if let Err(e) = s.act(action) {
                    refused = Some(format!("Not allowed: {e}."));
                }
            }
        });
        self.notice.set(refused);
        self.popover.set(None);
        self.taken.set(Vec::new());
        self.rearm();
    }

    /// What is armed follows the decision: kept while it is still of use, else what the new
    /// decision arms by itself.
    pub fn rearm(&self) {
        let legal = self
            .view
            .with_untracked(|v| v.as_ref().map(|v| v.legal.clone()))
            .unwrap_or_default();
        let kept = self
            .armed
            .get_untracked()
            .filter(|a| still_armed(&legal, *a));
        self.armed.set(kept.or_else(|| armed_by_default(&legal)));
    }

    /// A tap on a place of the galaxy: the one action it means, or its choices beside the
    /// finger; a place that means nothing now opens its details. On a dense galaxy the
    /// place stands for its pieces too: one meaning is taken, several open its close-up.
    pub fn tap_place(&self, place: Place, x: f64, y: f64) {
        if self.dense.get_untracked() {
            let meanings = self
                .view
                .with_untracked(|v| {
                    v.as_ref()
                        .map(|v| everything_at(v, place, self.armed.get_untracked()))
                })
                .unwrap_or_default();
            self.popover.set(None);
            return match meanings[..] {
                [one] => self.act(one),
                [] => self.selected.update(|s| {
                    *s = if *s == Some(place) { None } else { Some(place) };
                }),
                _ => self.selected.set(Some(place)),
            };
        }
        let actions = self
            .view
            .with_untracked(|v| {
                v.as_ref()
                    .map(|v| place_actions(&v.legal, place, self.armed.get_untracked()))
            })
            .unwrap_or_default();
        self.offer(actions, x, y, || {
            self.selected.update(|s| {
                *s = if *s == Some(place) { None } else { Some(place) };
            })
        });
    }

    /// A tap on a stack of units: moving or destroying one of them, else the place's own.
    pub fn tap_units(&self, place: Place, kind: UnitKind, x: f64, y: f64) {
        let actions = self
            .view
            .with_untracked(|v| v.as_ref().map(|v| unit_actions(&v.legal, place, kind)))
            .unwrap_or_default();
        if actions.is_empty() {
            self.tap_place(place, x, y);
        } else {
            self.offer(actions, x, y, || {});
        }
    }

    /// A tap on a leader's token: choosing that leader, else the place it stands in.
    pub fn tap_leader(&self, leader: LeaderId, place: Option<Place>, x: f64, y: f64) {
        let actions = self
            .view
            .with_untracked(|v| v.as_ref().map(|v| leader_actions(&v.legal, leader)))
            .unwrap_or_default();
        match (actions.is_empty(), place) {
            (true, Some(place)) => self.tap_place(place, x, y),
            _ => self.offer(actions, x, y, || {}),
        }
    }

    fn offer(&self, actions: Vec<Action>, x: f64, y: f64, otherwise: impl FnOnce()) {
        match actions[..] {
            [] => {
                self.popover.set(None);
                otherwise();
            }
            [one] => self.act(one),
            _ => self.popover.set(Some(Popover { actions, x, y })),
        }
    }

    /// A leader or kind of unit picked from a tray (picking it again puts it back).
    pub fn arm(&self, armed: Armed) {
        self.popover.set(None);
        self.armed.update(|a| {
            *a = if *a == Some(armed) { None } else { Some(armed) };
        });
    }

    /// A new game. An unfinished game in progress is kept aside first (the start screen
    /// lists it to resume); if it cannot be kept, no new game starts.
    pub fn start(&self, mode: Mode) {
        if ONLINE_PAGE {
            return;
        }
        if let Err(e) = self.put_aside_current() {
            self.notice.set(Some(e));
            return;
        }
        self.open(Session::new(mode, fresh_seed()));
    }

    fn open(&self, session: Session) {
        self.session.set(Some(session));
        self.selected.set(None);
        self.zoom.set(None);
        self.notice.set(None);
        self.popover.set(None);
        self.drawer.set(None);
        self.taken.set(Vec::new());
        self.screen.set(Screen::Game);
        self.rearm();
    }

    /// Leaves a lesson: it is not kept (it can be started again from the start screen).
    pub fn leave_lesson(&self) {
        if ONLINE_PAGE {
            return;
        }
        if self
            .session
            .with_untracked(|s| s.as_ref().is_some_and(|s| s.lesson_step().is_some()))
        {
            GameId::Rebellion.save_slot().clear();
            self.session.set(None);
        }
        self.screen.set(Screen::Start);
    }

    /// Puts the unfinished game in progress on the shelf (a lesson is not kept).
    fn put_aside_current(&self) -> Result<(), String> {
        let current = self.session.with_untracked(|s| {
            s.as_ref()
                .filter(|s| !s.is_over() && s.lesson_step().is_none())
                .map(|s| (s.save(), s.describe()))
        });
        let mut store = LocalStorage;
        if Shelf::new(GameId::Rebellion, &mut store).keep_in_progress(current, shelf::now())? {
            self.kept.update(|v| *v += 1);
        }
        Ok(())
    }

    /// Resumes a game kept aside; the unfinished game in progress takes its place on the
    /// shelf. A kept save that cannot be read stays where it is.
    pub fn resume_kept(&self, key: String) {
        if ONLINE_PAGE {
            return;
        }
        let mut store = LocalStorage;
        let shelf = Shelf::new(GameId::Rebellion, &mut store);
        let Some(text) = shelf.read(&key) else {
            self.notice
                .set(Some("That kept game is no longer on this device.".into()));
            self.kept.update(|v| *v += 1);
            return;
        };
        let ui = *self;
        let refused = move |why: String| {
            ui.notice.set(Some(format!(
                "That kept game could not be opened: {why}. It stays in the list."
            )))
        };
        match Session::load(&text) {
            Ok(session) => self.resume_loaded(key, session),
            Err(e) => {
                let converting = convert_legacy(text, move |converted| {
                    match converted.and_then(|t| Session::load(&t).map_err(|e| e.to_string())) {
                        Ok(session) => ui.resume_loaded(key, session),
                        Err(why) => refused(why),
                    }
                });
                if !converting {
                    refused(e.to_string());
                }
            }
        }
    }

    fn resume_loaded(&self, key: String, loaded: Session) {
        let mut store = LocalStorage;
        let mut shelf = Shelf::new(GameId::Rebellion, &mut store);
        let current = self.session.with_untracked(|s| {
            s.as_ref()
                .filter(|s| !s.is_over())
                .map(|s| (s.save(), s.describe()))
        });
        let slot = GameId::Rebellion.save_slot();
        let current = current
            .as_ref()
            .map(|(save, about)| (save.as_str(), about.clone()));
        if let Err(e) = shelf.resume(&key, slot.key, current, shelf::now()) {
            self.notice.set(Some(format!(
                "That kept game could not be resumed ({e}). Nothing was lost."
            )));
            return;
        }
        self.kept.update(|v| *v += 1);
        self.open(loaded);
    }

    /// Setup: the rest of the player's starting units go where the computer would put them
    /// (its worker chooses them).
    pub fn place_the_rest(&self) {
        if ONLINE_PAGE {
            return;
        }
        let ui = *self;
        let Some(position) = self.session.with_untracked(|s| {
            s.as_ref()
                .filter(|s| s.may_place_the_rest())
                .map(Session::position)
        }) else {
            return;
        };
        self.popover.set(None);
        self.armed.set(None);
        self.thinking.set(true);
        ask_computer(
            |tag| {
                ui.session.with_untracked(|s| {
                    s.as_ref()
                        .and_then(|s| s.place_the_rest_request(tag))
                        .map(|(_, question)| question)
                        .unwrap_or_default()
                })
            },
            |_| {},
            move |reply| {
                ui.thinking.set(false);
                match reply {
                    Ok(indices) => {
                        let mut again = false;
                        ui.session.update(|s| {
                            if let Some(s) = s {
                                let placed = s.place_the_rest_reply(position, &indices);
                                // A unit placed by hand meanwhile: ask again from here.
                                again = placed == 0 && s.may_place_the_rest();
                            }
                        });
                        if again {
                            return ui.place_the_rest();
                        }
                    }
                    Err(why) => ui.notice.set(Some(format!(
                        "The computer could not place your units: {why}."
                    ))),
                }
                ui.rearm();
            },
        );
    }

    /// Two players: the next player takes the device. Anything opened by the previous player
    /// closes first.
    pub fn take_seat(&self) {
        if ONLINE_PAGE {
            return;
        }
        self.zoom.set(None);
        self.selected.set(None);
        self.popover.set(None);
        self.drawer.set(None);
        self.taken.set(Vec::new());
        self.session.update(|s| {
            if let Some(s) = s {
                s.take_seat();
            }
        });
        self.rearm();
    }

    pub fn set_speed(&self, speed: Speed) {
        self.speed.set(speed);
        speed.save(SPEED);
    }

    /// Asks the search, in the computer's worker, what it would do in the player's place.
    pub fn ask_advice(&self) {
        if ONLINE_PAGE {
            return;
        }
        let ui = *self;
        let Some(position) = self.session.with_untracked(|s| {
            s.as_ref()
                .and_then(|s| s.advice_request(0))
                .map(|(position, _)| position)
        }) else {
            return;
        };
        self.advice.set(Some(Advice {
            position,
            options: None,
        }));
        COMPUTER.with(|c| {
            c.ask(
                move |tag| {
                    ui.session.with_untracked(|s| {
                        s.as_ref()
                            .and_then(|s| s.advice_request(tag))
                            .map(|(_, question)| question)
                            .unwrap_or_default()
                    })
                },
                move |reply| match reply.and_then(|r| computer::read_advice(&r)) {
                    Ok((_, options)) => ui.advice.update(|a| {
                        if let Some(a) = a.as_mut().filter(|a| a.position == position) {
                            a.options = Some(options);
                        }
                    }),
                    Err(why) => {
                        ui.advice.set(None);
                        ui.notice.set(Some(format!("No advice this time: {why}.")));
                    }
                },
            )
        });
    }

    pub fn set_level(&self, level: Difficulty) {
        self.level.set(level);
        let _ = LEVEL.write(level.name());
    }

    pub fn set_auto(&self, on: bool) {
        self.auto.set(on);
        let _ = AUTO.write(if on { "on" } else { "off" });
    }

    /// The first-time hint for the person's decision now, if its kind has one: not in a lesson
    /// (which says every step). Whether it shows (hints on, the kind not said before) is
    /// [`Hints::line`]'s.
    pub fn hint(&self) -> Option<(&'static str, &'static str)> {
        let lesson = self
            .session
            .with_untracked(|s| s.as_ref().is_some_and(|s| s.lesson_step().is_some()));
        if lesson {
            return None;
        }
        self.view.with_untracked(|v| {
            v.as_ref()
                .filter(|v| !v.legal.is_empty())
                .and_then(crate::swr::words::hints::first_time_hint)
        })
    }
}

fn recovery_message(error: &LoadError) -> String {
    format!("The saved game could not be opened: {error}.")
}

thread_local! {
    /// The computer player, in its worker (started when first asked).
    static COMPUTER: WorkerClient = WorkerClient::new("swr-computer");
}

/// Asks the computer's worker; its notes of how far it has got and its reply come back on the
/// page's thread.
fn ask_computer(
    question: impl FnOnce(u32) -> String,
    on_note: impl Fn(Progress<usize>) + 'static,
    on_reply: impl FnOnce(Result<Vec<usize>, String>) + 'static,
) {
    COMPUTER.with(|c| {
        c.ask_noting(
            question,
            move |note| {
                if let Ok((_, progress)) = computer::read_note(&note) {
                    on_note(progress);
                }
            },
            move |reply| {
                on_reply(reply.and_then(|r| computer::read_reply(&r).map(|(_, indices)| indices)))
            },
        )
    });
}

/// Notes on the page's root element how many decisions with a choice the computer has made
/// here, how long the last one took from question to reply, the longest it went without a
/// word meanwhile and how many notes of its progress came (`data-computer-decisions`,
/// `data-computer-ms`, `data-computer-silence-ms`, `data-computer-notes`): for the browser
/// tests and the curious; nothing is drawn from it.
fn note_computer_time(ms: u64, thinking: &Thinking) {
    let Some(root) = document().document_element() else {
        return;
    };
    let count = root
        .get_attribute("data-computer-decisions")
        .and_then(|c| c.parse::<u32>().ok())
        .unwrap_or(0);
    let _ = root.set_attribute("data-computer-decisions", &(count + 1).to_string());
    let _ = root.set_attribute("data-computer-ms", &ms.to_string());
    let silence = thinking.longest_silence as u64;
    let _ = root.set_attribute("data-computer-silence-ms", &silence.to_string());
    let _ = root.set_attribute("data-computer-notes", &thinking.notes.to_string());
}

/// The computer, thinking about `position` where its actions are `legal`, says how far it has
/// got.
fn heard(ui: Ui, position: (u64, usize), legal: &[Action], progress: Progress<usize>) {
    let leaning = legal.get(progress.leaning).copied();
    let now = now_ms();
    ui.progress.update(|t| {
        if let Some(t) = t.as_mut().filter(|t| t.position == position) {
            t.heard_at(now);
            t.done = progress.done;
            t.total = progress.total;
            t.leaning = leaning;
            t.notes += 1;
        }
    });
}

/// Counts the seconds the computer takes over `position`, while it does.
fn count_seconds(ui: Ui, position: (u64, usize)) {
    set_timeout(
        move || {
            let asked = ui.progress.with_untracked(|t| {
                t.as_ref()
                    .filter(|t| t.position == position)
                    .map(|t| t.asked)
            });
            if let Some(asked) = asked {
                let seconds = ((now_ms() - asked) / 1000.0).max(0.0) as u32;
                ui.progress.update(|t| {
                    if let Some(t) = t {
                        t.seconds = seconds;
                    }
                });
                count_seconds(ui, position);
            }
        },
        Duration::from_secs(1),
    );
}

/// Plays the computer's next action, no sooner than its pause after it was asked for (the
/// worker thinks meanwhile), if the game is still where it was.
fn computer_turn(ui: Ui, busy: StoredValue<bool>) {
    let done = move || {
        busy.set_value(false);
        ui.thinking.set(false);
        ui.progress.set(None);
    };
    let asked = ui.session.with_untracked(|s| {
        s.as_ref().and_then(|s| {
            let side = s.computer_to_act()?;
            Some((s.position(), s.game.state().legal_actions(side)))
        })
    });
    let Some((position, legal)) = asked else {
        return done();
    };
    // A lesson: the other side's answer is the script's, played after the usual pause.
    let scripted = ui.session.with_untracked(|s| {
        s.as_ref()
            .and_then(|s| Some((s.lesson_move()?, s.computer_pace(&s.lesson_move()?))))
    });
    // Plays `action` for the computer after `wait` (at once if none), if the game is still
    // where it was asked; notifying re-runs the effect in `App`, which asks for the next
    // action if it is still the computer's turn.
    let play_after = move |action: Action, wait: Duration| {
        let play = move || {
            ui.session.update_untracked(|s| {
                if let Some(s) = s {
                    s.computer_play(position, action);
                }
            });
            done();
            ui.session.notify();
        };
        if wait.is_zero() {
            play();
        } else {
            set_timeout(play, wait);
        }
    };
    if let Some((action, pace)) = scripted {
        play_after(action, computer_pause(ui.speed.get_untracked(), pace));
        return;
    }
    let choice = legal.len() > 1;
    ui.thinking.set(true);
    let started = now_ms();
    ui.progress.set(Some(Thinking::new(position, started)));
    count_seconds(ui, position);
    ask_computer(
        |tag| {
            ui.session.with_untracked(|s| {
                s.as_ref()
                    .and_then(|s| s.computer_request(tag))
                    .map(|(_, question)| question)
                    .unwrap_or_default()
            })
        },
        move |progress| heard(ui, position, &legal, progress),
        move |reply| {
            let now = now_ms();
            ui.progress.update(|t| {
                if let Some(t) = t.as_mut().filter(|t| t.position == position) {
                    t.heard_at(now);
                    if choice {
                        note_computer_time((now - started).max(0.0) as u64, t);
                    }
                }
            });
            let indices = match reply {
                Ok(indices) => indices,
                Err(why) => {
                    ui.notice.set(Some(format!(
                        "The computer could not play: {why}. Reload the page to try again."
                    )));
                    return done();
                }
            };
            let chosen = ui.session.with_untracked(|s| {
                s.as_ref().and_then(|s| {
                    let action = s.computer_choice(position, &indices)?;
                    Some((action, s.computer_pace(&action)))
                })
            });
            let Some((action, pace)) = chosen else {
                done();
                let moved_on = ui
                    .session
                    .with_untracked(|s| s.as_ref().is_some_and(|s| s.position() != position));
                if moved_on {
                    // Still the computer's turn at a newer position: the effect asks again.
                    ui.session.notify();
                } else {
                    ui.notice.set(Some(
                        "The computer's choice was not a legal action. Reload the page to try again."
                            .to_string(),
                    ));
                }
                return;
            };
            let pause = computer_pause(ui.speed.get_untracked(), pace);
            let waited = Duration::from_millis((now_ms() - started).max(0.0) as u64);
            play_after(action, pause.saturating_sub(waited));
        },
    );
}

/// Converts a saved session of an earlier version of the page (its game as JSON) through the
/// computer's worker, which still reads that layout; `done` gets the session's new text or
/// why not. False if `text` is not such a save.
fn convert_legacy(text: String, done: impl FnOnce(Result<String, String>) + 'static) -> bool {
    let Some(json) = Session::legacy_game(&text) else {
        return false;
    };
    COMPUTER.with(|c| {
        c.ask(
            move |tag| computer::convert_request(tag, &json),
            move |reply| {
                done(reply.and_then(|r| {
                    let (_, compact) = computer::read_text_reply(&r)?;
                    Session::with_game(&text, compact)
                        .ok_or_else(|| "the converted game could not be kept".to_string())
                }))
            },
        )
    });
    true
}

fn text_of(slot: SaveSlot) -> String {
    slot.read().unwrap_or_default()
}

fn now_ms() -> f64 {
    window().performance().map(|p| p.now()).unwrap_or_default()
}

/// Takes the player's decision with one answer, noting it for them.
fn take_forced(ui: Ui) {
    let label = ui.session.with_untracked(|s| {
        let s = s.as_ref()?;
        let (_, action) = s.forced_decision()?;
        Some(action_text(&action, &s.view()))
    });
    let Some(label) = label else { return };
    let mut taken = false;
    ui.session.update(|s| {
        if let Some(s) = s {
            taken = s.take_forced().is_some();
        }
    });
    if taken {
        ui.taken.update(|t| {
            t.push(label);
            if t.len() > 3 {
                t.remove(0);
            }
        });
        ui.rearm();
    }
}

#[component]
pub fn App() -> impl IntoView {
    let slot = GameId::Rebellion.save_slot();
    let session = RwSignal::new(None::<Session>);
    let screen = RwSignal::new(Screen::Start);
    // A reload resumes the saved game exactly where it was (one saved by an earlier version
    // of the page is converted first, by the computer's worker).
    if let Some(text) = slot.read() {
        match Session::load(&text) {
            Ok(saved) => {
                session.set(Some(saved));
                screen.set(Screen::Game);
            }
            Err(error) => {
                let raw = text.clone();
                let converting = convert_legacy(text, move |converted| {
                    match converted.and_then(|t| Session::load(&t).map_err(|e| e.to_string())) {
                        Ok(saved) => {
                            session.set(Some(saved));
                            screen.set(Screen::Game);
                        }
                        Err(why) => screen.set(Screen::Recovery {
                            message: format!("The saved game could not be opened: {why}."),
                            raw,
                        }),
                    }
                });
                if !converting {
                    screen.set(Screen::Recovery {
                        message: recovery_message(&error),
                        raw: text_of(slot),
                    });
                }
            }
        }
    }
    let view = Memo::new(move |_| session.with(|s| s.as_ref().map(Session::view)));
    let ui = Ui::new(session, view, screen, None);
    provide_context(ui);
    ui.rearm();

    // Autosave after every change; a failure is reported, never swallowed.
    Effect::new(move |_| {
        session.with(|s| {
            if let Some(s) = s {
                ui.save_failed.set(slot.write(&s.save()).err());
            }
        })
    });

    // The computer acts one action at a time, each after a pause a person can follow; a
    // decision of the player's with one answer is taken for them (unless turned off).
    let computer_busy = StoredValue::new(false);
    Effect::new(move |_| {
        let (computer, forced) = session.with(|s| {
            s.as_ref().map_or((false, false), |s| {
                (s.computer_to_act().is_some(), s.forced_decision().is_some())
            })
        });
        if computer && !computer_busy.get_value() {
            computer_busy.set_value(true);
            request_animation_frame(move || computer_turn(ui, computer_busy));
        } else if forced && ui.auto.get() {
            request_animation_frame(move || take_forced(ui));
        }
    });

    // Escape closes what is open over the table, the innermost first.
    let on_key = window_event_listener(leptos::ev::keydown, move |e| {
        if e.key() != "Escape" {
            return;
        }
        if ui.zoom.get_untracked().is_some() {
            ui.zoom.set(None);
        } else if ui.popover.get_untracked().is_some() {
            ui.popover.set(None);
        } else if ui.drawer.get_untracked().is_some() {
            ui.drawer.set(None);
        } else if ui.armed.get_untracked().is_some() {
            ui.armed.set(None);
        }
    });
    on_cleanup(move || on_key.remove());

    view! {
        <div class="app swr" data-testid="app" data-motion=move || ui.speed.get().name()>
            <a class="skip-link" href="#decision">"Skip to your decision"</a>
            {move || match ui.screen.get() {
                Screen::Start => view! { <StartScreen /> }.into_any(),
                Screen::Game => view! { <GameScreen /> }.into_any(),
                Screen::Recovery { message, raw } => {
                    view! { <RecoveryScreen message raw /> }.into_any()
                }
            }}
            <Show when=move || ui.rules_open.get()>
                <RulesOverlay url=RULES_URL on_close=Callback::new(move |_| ui.rules_open.set(false))
                    on_learn=Callback::new(move |_| {
                        // The lessons head the start screen; a game in progress stays there.
                        ui.rules_open.set(false);
                        ui.screen.set(Screen::Start);
                    }) />
            </Show>
            <UpdatePrompt />
        </div>
    }
}
