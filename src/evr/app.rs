//! The root component and the one signal that holds the game.

use crate::evr::components::{GameScreen, RecoveryScreen, StartScreen, RULES_URL};
use crate::evr::motion::{self, Speed};
use crate::evr::session::{ComputerMove, Difficulty, Mode, Session, ADVICE_ITERATIONS};
use crate::evr::storage;
use crate::evr::thinking::{run_in_slices, SearchTime};
use crate::shell::games::GameId;
use crate::shell::hints::Hints;
use crate::shell::shelf::{self, LocalStorage, Shelf};
use crate::shell::storage::SaveSlot;
use crate::shell::ONLINE_PAGE;
use crate::shell::{RulesOverlay, UpdatePrompt};
use evr_ai::search::{Budget, Estimate};
use evr_engine::view::PlayerView;
use evr_engine::{Action, CardId, EventId, LoadError, Strategy, Variant};
use leptos::prelude::*;
use std::time::Duration;

/// Whether a line says what each kind of decision is the first time it comes up ("on" unless
/// turned off), and the kinds already said (one per line). The online page shares them.
const HINTS: SaveSlot = SaveSlot::new("evr-hints");
const HINTS_SEEN: SaveSlot = SaveSlot::new("evr-hints-seen");

/// What is on screen besides the game itself.
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

/// What the enlarged card shows.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Zoomed {
    Card(CardId),
    Strategy(Strategy),
    Event(EventId),
}

/// What is open over the table.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Drawer {
    Log,
    Menu,
    MyDiscard,
    TheirDiscard,
    MyReserve,
}

/// Everything the components share, provided as context. `session` is the one signal that
/// holds the game: every component renders from it (through `view`).
#[derive(Clone, Copy)]
pub struct Ui {
    pub session: RwSignal<Option<Session>>,
    /// What the player at the screen may see, recomputed when the session changes.
    pub view: Memo<Option<PlayerView>>,
    pub screen: RwSignal<Screen>,
    pub rules_open: RwSignal<bool>,
    /// The card shown enlarged, and whether a long press (rather than a resting mouse) did it.
    pub zoom: RwSignal<Option<(Zoomed, bool)>>,
    pub drawer: RwSignal<Option<Drawer>>,
    /// How fast the table moves (and how long the computer pauses before each move).
    pub motion: RwSignal<Speed>,
    /// Why the last action was refused, or why saving failed.
    pub notice: RwSignal<Option<String>>,
    pub save_failed: RwSignal<Option<String>>,
    /// Round whose summary the player has dismissed.
    pub summary_seen: RwSignal<u16>,
    /// Characters ticked so far in the secret choice. Kept here, not in the component, because
    /// the table re-renders whenever the computer moves (it chooses at the same time).
    pub character_pick: RwSignal<u8>,
    /// The computer's level for the next game against it.
    pub difficulty: RwSignal<Difficulty>,
    /// The computer is searching for its move.
    pub thinking: RwSignal<bool>,
    /// How many searches the computer has run, and how long the last one took.
    pub last_search: RwSignal<Option<(u32, SearchTime)>>,
    /// Advice for the player at the screen: for which position, and the estimates (None while
    /// it is being worked out).
    pub advice: RwSignal<Option<Advice>>,
    /// The replay page: the table shows a finished game, and its menu leads back to the game.
    pub replaying: bool,
    /// Online play: the player's actions go to the other device's game through this (the
    /// page holds no `Session`).
    pub remote: Option<Callback<Action>>,
    /// The player's record, or why the stored one cannot be read.
    pub record: RwSignal<Result<crate::evr::record::Record, String>>,
    /// Bumped whenever the games kept aside change.
    pub kept: RwSignal<u32>,
    /// First-time hints are on, and the kinds of decision already said.
    pub hints: Hints,
}

#[derive(Clone, Debug, PartialEq)]
pub struct Advice {
    pub position: (u64, usize),
    pub estimates: Option<Vec<Estimate>>,
}

impl Ui {
    /// Everything at its starting value, around the game's signal and the view on screen.
    pub fn new(
        session: RwSignal<Option<Session>>,
        view: Memo<Option<PlayerView>>,
        replaying: bool,
    ) -> Ui {
        Ui {
            session,
            view,
            screen: RwSignal::new(Screen::Start),
            rules_open: RwSignal::new(crate::shell::games::rules_asked()),
            zoom: RwSignal::new(None),
            drawer: RwSignal::new(None),
            motion: RwSignal::new(Speed::load(motion::SLOT)),
            notice: RwSignal::new(None),
            save_failed: RwSignal::new(None),
            summary_seen: RwSignal::new(0),
            character_pick: RwSignal::new(0),
            difficulty: RwSignal::new(Difficulty::Normal),
            thinking: RwSignal::new(false),
            last_search: RwSignal::new(None),
            advice: RwSignal::new(None),
            replaying,
            remote: None,
            record: RwSignal::new(Ok(Default::default())),
            kept: RwSignal::new(0),
            hints: Hints::load(HINTS, HINTS_SEEN),
        }
    }

    /// The player at the screen takes an action; a refusal is shown, nothing else changes.
    pub fn act(&self, action: Action) {
        self.hints.acted();
        if let Some(remote) = self.remote {
            return remote.run(action);
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
    }

    /// A new game. An unfinished game in progress is kept aside first (the start screen
    /// lists it to resume); if it cannot be kept, no new game starts.
    pub fn start(&self, mode: Mode, variant: Variant) {
        if ONLINE_PAGE {
            return;
        }
        if let Err(e) = self.put_aside_current() {
            self.notice.set(Some(e));
            return;
        }
        self.open(Session::new(
            mode,
            variant,
            crate::shell::storage::fresh_seed(),
        ));
    }

    /// The lesson, from its start (an unfinished game is kept aside, as for a new game).
    pub fn start_lesson(&self) {
        self.start(Mode::Lesson, Variant::Full);
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
            storage::clear();
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
        if Shelf::new(GameId::EmpireVsRebellion, &mut store)
            .keep_in_progress(current, shelf::now())?
        {
            self.kept.update(|v| *v += 1);
        }
        Ok(())
    }

    fn open(&self, session: Session) {
        self.session.set(Some(session));
        self.summary_seen.set(0);
        self.character_pick.set(0);
        self.zoom.set(None);
        self.drawer.set(None);
        self.notice.set(None);
        self.screen.set(Screen::Game);
    }

    /// Takes back what the engine allows (the button says what); anything open over the
    /// table closes, since it may show a position that is gone.
    pub fn take_back(&self) {
        let mut taken = false;
        self.session.update(|s| {
            if let Some(s) = s {
                taken = s.take_back();
            }
        });
        if taken {
            self.zoom.set(None);
            self.drawer.set(None);
            self.character_pick.set(0);
            self.notice.set(Some("Taken back.".to_string()));
        }
    }

    /// The first-time hint of the decision in `view`, the person's at the screen, if it has one
    /// in a real game (the tutorial game has its own help, a replay asks nothing; a lesson's
    /// line, which says every step, takes the hint's place).
    pub fn hint(&self, view: &PlayerView) -> Option<(&'static str, &'static str)> {
        if self.replaying || view.variant != Variant::Full || view.legal_actions.is_empty() {
            return None;
        }
        crate::evr::words::hints::first_time_hint(view)
    }

    /// Two players: the next player takes the device. A card the previous player left
    /// zoomed could be theirs to know only, so the zoom closes first.
    pub fn take_seat(&self) {
        if ONLINE_PAGE {
            return;
        }
        self.zoom.set(None);
        self.drawer.set(None);
        self.session.update(|s| {
            if let Some(s) = s {
                s.take_seat();
            }
        });
    }
}

/// Works out the computer's move and plays it after the pause; a move computed for a position
/// that has changed meanwhile (a new game, the human's simultaneous choice) is dropped and the
/// turn starts over.
fn computer_turn(ui: Ui, busy: StoredValue<bool>) {
    let started = js_sys::Date::now();
    let Some((position, plan)) = ui.session.with_untracked(|s| {
        s.as_ref()
            .and_then(|s| Some((s.computer_position(), s.computer_move()?)))
    }) else {
        busy.set_value(false);
        return;
    };
    let play = move |action: Action| {
        let waited = js_sys::Date::now() - started;
        let pause = motion::computer_pause(ui.motion.get_untracked())
            .saturating_sub(Duration::from_millis(waited.max(0.0) as u64));
        set_timeout(
            move || {
                let mut played = false;
                ui.session.update_untracked(|s| {
                    if let Some(s) = s {
                        played = s.computer_play(position, action);
                    }
                });
                busy.set_value(false);
                ui.thinking.set(false);
                if played {
                    ui.session.notify();
                } else if ui
                    .session
                    .with_untracked(|s| s.as_ref().and_then(Session::computer_to_act).is_some())
                {
                    busy.set_value(true);
                    computer_turn(ui, busy);
                }
            },
            pause,
        );
    };
    match plan {
        ComputerMove::Ready(action) => play(action),
        ComputerMove::Think(thinking) => {
            ui.thinking.set(true);
            let budget = thinking.budget;
            let (search, pick) = (*thinking).split();
            run_in_slices(search, budget, move |search, time| {
                ui.last_search
                    .update(|last| *last = Some((last.map_or(1, |(n, _)| n + 1), time)));
                play(pick.decide(&search));
            });
        }
    }
}

impl Ui {
    /// Works out advice for the player at the screen, from their own view.
    pub fn ask_advice(&self) {
        if ONLINE_PAGE {
            return;
        }
        let ui = *self;
        let Some((position, search)) = self.session.with_untracked(|s| {
            s.as_ref()
                .and_then(|s| Some((s.position(), s.advice_search()?)))
        }) else {
            return;
        };
        self.advice.set(Some(Advice {
            position,
            estimates: None,
        }));
        run_in_slices(
            search,
            Budget::iterations(ADVICE_ITERATIONS),
            move |search, _| {
                // Only if the player is still looking at the same position.
                if ui.advice.with_untracked(|a| a.as_ref().map(|a| a.position)) == Some(position) {
                    ui.advice.set(Some(Advice {
                        position,
                        estimates: Some(search.estimates()),
                    }));
                }
            },
        );
    }
}

fn recovery_message(error: &LoadError) -> String {
    format!("The saved game could not be opened: {error}.")
}

#[component]
pub fn App() -> impl IntoView {
    let session = RwSignal::new(None::<Session>);
    let screen = RwSignal::new(Screen::Start);
    // A reload resumes the saved game exactly where it was.
    match storage::load() {
        Some(Ok(saved)) => {
            session.set(Some(saved));
            screen.set(Screen::Game);
        }
        Some(Err((error, raw))) => screen.set(Screen::Recovery {
            message: recovery_message(&error),
            raw,
        }),
        None => {}
    }
    // The start screen offers the level of the game in progress (or Normal).
    let level = session.with_untracked(|s| match s.as_ref().map(|s| s.mode) {
        Some(Mode::VsComputer { difficulty, .. }) => difficulty,
        _ => Difficulty::Normal,
    });
    let view = Memo::new(move |_| session.with(|s| s.as_ref().map(Session::view)));
    let ui = Ui {
        screen,
        difficulty: RwSignal::new(level),
        record: RwSignal::new(storage::load_record()),
        ..Ui::new(session, view, false)
    };
    provide_context(ui);

    // Autosave after every change; a failure is reported, never swallowed. The line beside
    // the save tells "Your games" whether the game is unfinished, and what it is.
    Effect::new(move |_| {
        session.with(|s| {
            if let Some(s) = s {
                ui.save_failed.set(storage::save(s).err());
                storage::save_about(s);
            }
        })
    });

    // A finished game joins the record once (the record remembers which games it counted, so
    // reloading a finished game adds nothing).
    Effect::new(move |_| {
        let Some(outcome) = session.with(|s| s.as_ref().and_then(Session::outcome)) else {
            return;
        };
        let mut changed = false;
        ui.record.update(|r| {
            if let Ok(r) = r {
                changed = r.add(outcome);
            }
        });
        if changed {
            ui.record.with_untracked(|r| {
                if let Ok(r) = r {
                    ui.save_failed.set(storage::save_record(r).err());
                }
            });
        }
    });

    // The computer acts one action at a time: it searches in slices (the page stays live),
    // and its move shows no sooner than a short pause after its turn began.
    let computer_busy = StoredValue::new(false);
    Effect::new(move |_| {
        let due = session.with(|s| s.as_ref().and_then(Session::computer_to_act).is_some());
        if due && !computer_busy.get_value() {
            computer_busy.set_value(true);
            // Once the new position is painted: drawing it is not the computer's thinking.
            request_animation_frame(move || {
                set_timeout(move || computer_turn(ui, computer_busy), Duration::ZERO)
            });
        }
    });

    view! {
        <div class="app" data-testid="app" data-motion=move || ui.motion.get().name()>
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
                        // The lesson is on the start screen; a game in progress stays there.
                        ui.rules_open.set(false);
                        ui.screen.set(Screen::Start);
                    }) />
            </Show>
            <UpdatePrompt />
        </div>
    }
}
