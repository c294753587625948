//! The Galactic Rebellion page's root component and the one signal that holds the game.

use crate::egr::components::{GameScreen, StartScreen};
use crate::egr::numbers::DeviceNumbers;
use crate::egr::session::{Session, Sitter, COMPUTER_PAUSE};
use crate::egr::targets::{actions_at, keep_armed, Anchor};
use crate::egr::words::action_text;
use crate::shell::games::{rules_asked, GameId};
use crate::shell::hints::Hints;
use crate::shell::motion::Speed;
use crate::shell::shelf::{self, LocalStorage, Shelf};
use crate::shell::storage::{fresh_seed, SaveSlot};
use crate::shell::worker::WorkerClient;
use crate::shell::ONLINE_PAGE;
use crate::shell::{RecoveryScreen, RulesOverlay, UpdatePrompt};
use egr_ai::protocol as computer;
use egr_engine::{Action, GameOptions, Kind, PlayerView, Seat};
use leptos::prelude::*;
use std::time::Duration;

/// The speed setting, kept on this device.
pub const SPEED: SaveSlot = SaveSlot::new("egr-motion");
/// Whether a line says what each kind of decision is the first time it comes up ("on" unless
/// turned off), and the kinds already said (one per line): once on this device, whoever sits
/// at it.
const HINTS: SaveSlot = SaveSlot::new("egr-hints");
const HINTS_SEEN: SaveSlot = SaveSlot::new("egr-hints-seen");
/// Where the page's build puts the rules for players as HTML (fetched when opened).
pub const RULES_URL: &str = "./rules/egr/rules.html";

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

/// What opens over the table on demand.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Drawer {
    Log,
    Faction(Seat),
    Forecast,
    Menu,
}

/// Everything the components share, provided as context. `session` is the one signal that
/// holds the game; components render from `view`, the engine's view for the seat on screen.
#[derive(Clone, Copy)]
pub struct Ui {
    pub session: RwSignal<Option<Session>>,
    pub view: Memo<Option<PlayerView>>,
    pub screen: RwSignal<Screen>,
    pub rules_open: RwSignal<bool>,
    /// Why the last action was refused, or what could not be done.
    pub notice: RwSignal<Option<String>>,
    pub save_failed: RwSignal<Option<String>>,
    /// The computer is about to act.
    pub thinking: RwSignal<bool>,
    /// Bumped whenever the games kept aside change.
    pub kept: RwSignal<u32>,
    pub speed: RwSignal<Speed>,
    /// The worker kind picked from the hand for the next placement.
    pub armed: RwSignal<Option<Kind>>,
    /// The answers of the last thing tapped that has several, shown in the decision panel.
    pub choices: RwSignal<Option<(Anchor, Vec<Action>)>>,
    pub drawer: RwSignal<Option<Drawer>>,
    /// The board's numbers for new games on this device.
    pub numbers: RwSignal<DeviceNumbers>,
    /// What a tile or card tapped for its details says (when a tap on it answers nothing).
    pub detail: RwSignal<Option<String>>,
    /// How much of the log the person at the screen had seen when they last decided.
    pub seen: RwSignal<usize>,
    /// The list of every answer (the keyboard path) is open.
    pub list_open: RwSignal<bool>,
    /// First-time hints are on, and the kinds of decision already said.
    pub hints: Hints,
    /// Online play: the person's actions go to the host's game through this (the page holds
    /// no `Session`).
    pub remote: Option<Callback<Action>>,
    /// Online play: who holds a seat, in words for the faction strip ("you", "a friend",
    /// "the computer"), where there is no `Session` to say it.
    pub holder: Option<Callback<Seat, &'static str>>,
}

impl Ui {
    /// Everything at its starting value around the game's signal and the view on screen;
    /// `remote` for the online page, whose actions go to the host's game.
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
            thinking: RwSignal::new(false),
            kept: RwSignal::new(0),
            speed: RwSignal::new(Speed::load(SPEED)),
            armed: RwSignal::new(None),
            choices: RwSignal::new(None),
            drawer: RwSignal::new(None),
            numbers: RwSignal::new(DeviceNumbers::load()),
            detail: RwSignal::new(None),
            seen: RwSignal::new(0),
            list_open: RwSignal::new(false),
            hints: Hints::load(HINTS, HINTS_SEEN),
            remote,
            holder: None,
        }
    }

    /// The person at the screen takes an action; a refusal is shown, nothing else changes.
    pub fn act(&self, action: Action) {
        self.hints.acted();
        if let Some(remote) = self.remote {
            remote.run(action);
            self.choices.set(None);
            self.mark_seen();
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
        self.choices.set(None);
        self.mark_seen();
        self.rearm();
    }

    /// The first-time hint of the decision in `view`, if it has one and it is the person's at
    /// the screen (never a computer seat's; a lesson's line, which says every step, takes the
    /// hint's place).
    pub fn hint(&self, view: &PlayerView) -> Option<(&'static str, &'static str)> {
        if view.to_act != Some(view.viewer) || view.legal_actions.is_empty() {
            return None;
        }
        crate::egr::words::hints::first_time_hint(view)
    }

    /// Everything in the log so far counts as seen.
    fn mark_seen(&self) {
        let len = self
            .view
            .with_untracked(|v| v.as_ref().map_or(0, |v| v.log.len()));
        self.seen.set(len);
    }

    /// A tap on something on the board: its one answer at once, its several in the panel.
    pub fn tap(&self, at: Anchor) {
        self.detail.set(None);
        let actions = self
            .view
            .with_untracked(|v| {
                v.as_ref()
                    .map(|v| actions_at(&v.legal_actions, at, self.armed.get_untracked()))
            })
            .unwrap_or_default();
        // A battle is never fought on one tap: its answer shows its odds first.
        let battle = |a: &Action| {
            self.view
                .with_untracked(|v| v.as_ref().and_then(|v| v.battle(*a)))
                .is_some()
        };
        match actions[..] {
            [] => self.choices.set(None),
            [one] if !battle(&one) => self.act(one),
            _ => self.choices.set(Some((at, actions))),
        }
    }

    /// The kind picked from the hand follows the decision.
    pub fn rearm(&self) {
        let legal = self
            .view
            .with_untracked(|v| v.as_ref().map(|v| v.legal_actions.clone()))
            .unwrap_or_default();
        self.armed
            .set(keep_armed(&legal, self.armed.get_untracked()));
    }

    pub fn arm(&self, kind: Kind) {
        self.armed.set(Some(kind));
        self.choices.set(None);
    }

    /// Starts a new game, the one in progress put aside first (nothing is ever lost).
    pub fn start(&self, sitters: Vec<Sitter>, options: GameOptions) {
        if ONLINE_PAGE {
            return;
        }
        if let Err(e) = self.put_aside_current() {
            self.notice.set(Some(e));
            return;
        }
        match Session::new(sitters, options, fresh_seed()) {
            Ok(session) => self.open(session),
            Err(why) => self
                .notice
                .set(Some(format!("The game could not start: {why}."))),
        }
    }

    fn open(&self, session: Session) {
        self.session.set(Some(session));
        self.notice.set(None);
        self.choices.set(None);
        self.drawer.set(None);
        self.screen.set(Screen::Game);
        self.mark_seen();
        self.rearm();
    }

    /// The lesson, from its start (an unfinished game is kept aside, as for a new game).
    pub fn start_lesson(&self) {
        if ONLINE_PAGE {
            return;
        }
        if let Err(e) = self.put_aside_current() {
            self.notice.set(Some(e));
            return;
        }
        self.open(Session::lesson());
    }

    /// Leaves a lesson: it is not kept (it can be started again from the start screen).
    pub fn leave_lesson(&self) {
        if ONLINE_PAGE {
            return;
        }
        if self
            .session
            .with_untracked(|s| s.as_ref().is_some_and(Session::is_lesson))
        {
            GameId::GalacticRebellion.save_slot().clear();
            self.session.set(None);
        }
        self.to_start();
    }

    /// Puts the unfinished game in progress on the shelf (a lesson is not kept).
    fn put_aside_current(&self) -> Result<(), String> {
        let current = self.session.with_untracked(|s| {
            s.as_ref()
                .filter(|s| !s.is_over() && !s.is_lesson())
                .map(|s| (s.save(), s.describe()))
        });
        let mut store = LocalStorage;
        if Shelf::new(GameId::GalacticRebellion, &mut store)
            .keep_in_progress(current, shelf::now())?
        {
            self.kept.update(|v| *v += 1);
        }
        Ok(())
    }

    pub fn resume_kept(&self, key: String) {
        if ONLINE_PAGE {
            return;
        }
        let mut store = LocalStorage;
        let mut shelf = Shelf::new(GameId::GalacticRebellion, &mut store);
        let Some(text) = shelf.read(&key) else {
            self.notice
                .set(Some("That kept game is no longer on this device.".into()));
            self.kept.update(|v| *v += 1);
            return;
        };
        let loaded = match Session::load(&text) {
            Ok(loaded) => loaded,
            Err(e) => {
                return self.notice.set(Some(format!(
                    "That kept game could not be opened: {e}. It stays in the list."
                )))
            }
        };
        let current = self.session.with_untracked(|s| {
            s.as_ref()
                .filter(|s| !s.is_over())
                .map(|s| (s.save(), s.describe()))
        });
        let slot = GameId::GalacticRebellion.save_slot();
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

    pub fn set_speed(&self, speed: Speed) {
        self.speed.set(speed);
        speed.save(SPEED);
    }

    /// Back to the start screen; the game stays saved and is continued from there.
    pub fn to_start(&self) {
        self.drawer.set(None);
        self.choices.set(None);
        self.notice.set(None);
        self.screen.set(Screen::Start);
    }

    /// The label of an answer, in the words of the question asked now.
    pub fn label(&self, action: Action) -> String {
        self.view
            .with_untracked(|v| v.as_ref().map(|v| action_text(v, action)))
            .unwrap_or_default()
    }
}

thread_local! {
    static COMPUTER: WorkerClient = WorkerClient::new("egr-computer");
}

/// The pause before the computer's action: the speed's, or the page's `?pause=<ms>` (0 to
/// 5000) for the browser tests.
fn full_pause(speed: Speed) -> Duration {
    match crate::shell::motion::asked_pause() {
        Some(pause) => pause,
        None => match speed {
            Speed::Fast => COMPUTER_PAUSE / 2,
            Speed::Off | Speed::Normal => COMPUTER_PAUSE,
            Speed::Slow => COMPUTER_PAUSE * 2,
        },
    }
}

fn now_ms() -> f64 {
    window().performance().map(|p| p.now()).unwrap_or_default()
}

/// Keeps the computer's time per decision with a choice on the page (`data-computer-ms`, one
/// number per decision), for the browser measurements.
fn note_computer_time(ms: u64) {
    let Some(root) = document().document_element() else {
        return;
    };
    let mut list = root.get_attribute("data-computer-ms").unwrap_or_default();
    list.push_str(&format!(" {ms}"));
    let _ = root.set_attribute("data-computer-ms", &list);
}

/// A lesson: plays the computer's scripted answer after the pause people follow.
fn scripted_turn(ui: Ui, busy: StoredValue<bool>) {
    let full = full_pause(ui.speed.get_untracked());
    let next = ui.session.with_untracked(|s| {
        s.as_ref().and_then(|s| {
            let action = s.scripted_answer()?;
            Some((s.position(), action, s.computer_pause(&action, full)))
        })
    });
    let Some((position, action, pause)) = next else {
        busy.set_value(false);
        return;
    };
    ui.thinking.set(true);
    set_timeout(
        move || {
            ui.session.update_untracked(|s| {
                if let Some(s) = s {
                    s.play_scripted(position, action);
                }
            });
            busy.set_value(false);
            ui.thinking.set(false);
            ui.session.notify();
            ui.rearm();
        },
        pause,
    );
}

/// Asks the computer's worker for the action of the computer seat to act, then plays it after
/// a pause people can follow, if the game is still where it was asked.
fn computer_turn(ui: Ui, busy: StoredValue<bool>) {
    let done = move || {
        busy.set_value(false);
        ui.thinking.set(false);
    };
    let asked = ui.session.with_untracked(|s| {
        s.as_ref().and_then(|s| {
            let (seat, _) = s.computer_to_act()?;
            Some((s.position(), s.game.state().legal_actions(seat).len() > 1))
        })
    });
    let Some((position, choice)) = asked else {
        return done();
    };
    ui.thinking.set(true);
    let started = now_ms();
    COMPUTER.with(|c| {
        c.ask(
            |tag| {
                ui.session.with_untracked(|s| {
                    s.as_ref()
                        .and_then(|s| s.computer_request(tag))
                        .map(|(_, question)| question)
                        .unwrap_or_default()
                })
            },
            move |reply| {
                if choice {
                    note_computer_time((now_ms() - started).max(0.0) as u64);
                }
                let indices = match reply.and_then(|r| computer::read_reply(&r)) {
                    Ok((_, indices)) => indices,
                    Err(why) => {
                        ui.notice.set(Some(format!(
                            "The computer could not play: {why}. Reload the page to try again."
                        )));
                        return done();
                    }
                };
                let full = full_pause(ui.speed.get_untracked());
                let chosen = ui.session.with_untracked(|s| {
                    s.as_ref().and_then(|s| {
                        let action = s.computer_choice(position, &indices)?;
                        Some((action, s.computer_pause(&action, full)))
                    })
                });
                let moved_on = move || {
                    ui.session
                        .with_untracked(|s| s.as_ref().is_some_and(|s| s.position() != position))
                };
                // Asking again at the same position would get the same reply: say so instead.
                let refused = move || {
                    ui.notice.set(Some(
                        "The computer's choice was not a legal action. Reload the page to try again."
                            .to_string(),
                    ))
                };
                let Some((action, pause)) = chosen else {
                    done();
                    if moved_on() {
                        // The game moved on meanwhile: the effect asks again from here.
                        ui.session.notify();
                    } else {
                        refused();
                    }
                    return;
                };
                let play = move || {
                    let mut played = false;
                    ui.session.update_untracked(|s| {
                        if let Some(s) = s {
                            played = s.computer_play(position, action);
                        }
                    });
                    done();
                    if played || moved_on() {
                        ui.session.notify();
                    } else {
                        refused();
                    }
                    ui.rearm();
                };
                let waited = Duration::from_millis((now_ms() - started).max(0.0) as u64);
                match pause.checked_sub(waited) {
                    Some(left) if !left.is_zero() => set_timeout(play, left),
                    _ => play(),
                }
            },
        )
    });
}

#[component]
pub fn App() -> impl IntoView {
    let slot = GameId::GalacticRebellion.save_slot();
    let session = RwSignal::new(None::<Session>);
    let screen = RwSignal::new(Screen::Start);
    // A reload resumes the saved game exactly where it was; a save that cannot be read is
    // kept and the recovery screen says why.
    if let Some(text) = slot.read() {
        match Session::load(&text) {
            Ok(saved) => {
                session.set(Some(saved));
                screen.set(Screen::Game);
            }
            Err(error) => screen.set(Screen::Recovery {
                message: format!("The saved game could not be opened: {error}."),
                raw: text,
            }),
        }
    }
    let view = Memo::new(move |_| session.with(|s| s.as_ref().map(Session::view)));
    let ui = Ui::new(session, view, screen, None);
    provide_context(ui);
    ui.mark_seen();
    ui.rearm();

    // Autosave after every change; a failure is reported, never swallowed.
    Effect::new(move |_| {
        session.with(|s| {
            if let Some(s) = s {
                ui.save_failed.set(slot.write(&s.save()).err());
            }
        })
    });

    // The computer seats act one action at a time, each after a pause people can follow.
    let computer_busy = StoredValue::new(false);
    Effect::new(move |_| {
        let (computer, scripted) = session.with(|s| {
            s.as_ref().map_or((false, false), |s| {
                (s.computer_to_act().is_some(), s.scripted_answer().is_some())
            })
        });
        if (computer || scripted) && !computer_busy.get_value() && screen.get() == Screen::Game {
            computer_busy.set_value(true);
            if scripted {
                request_animation_frame(move || scripted_turn(ui, computer_busy));
            } else {
                request_animation_frame(move || computer_turn(ui, computer_busy));
            }
        }
    });

    // Escape closes what is open over the table, the innermost first.
    let on_key = window_event_listener(leptos::ev::keydown, move |e| {
        if e.key() != "Escape" {
            return;
        }
        if ui.choices.get_untracked().is_some() {
            ui.choices.set(None);
        } else if ui.drawer.get_untracked().is_some() {
            ui.drawer.set(None);
        }
    });
    on_cleanup(move || on_key.remove());

    let start_fresh = Callback::new(move |_| {
        slot.clear();
        session.set(None);
        screen.set(Screen::Start);
    });
    view! {
        <div class="app egr" data-testid="app" data-motion=move || ui.speed.get().name()>
            <a class="skip-link" href="#decision">"Skip to the decision"</a>
            {move || match ui.screen.get() {
                Screen::Start => view! { <StartScreen /> }.into_any(),
                Screen::Game => view! { <GameScreen /> }.into_any(),
                Screen::Recovery { message, raw } => view! {
                    <RecoveryScreen message raw file_name="galactic-rebellion-save.json"
                        on_start_fresh=start_fresh />
                }
                .into_any(),
            }}
            <Show when=move || ui.rules_open.get()>
                <RulesOverlay url=RULES_URL on_close=Callback::new(move |_| ui.rules_open.set(false))
                    on_learn=Callback::new(move |_| {
                        // The lesson is on the start screen; a game in progress stays there.
                        ui.rules_open.set(false);
                        ui.to_start();
                    }) />
            </Show>
            <UpdatePrompt />
        </div>
    }
}
