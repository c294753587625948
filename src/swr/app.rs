//! The Rebellion page's root component and the one signal that holds the game.

use crate::shell::games::{rules_asked, GameId};
use crate::shell::shelf::{self, LocalStorage, Shelf};
use crate::shell::storage::fresh_seed;
use crate::shell::{RulesOverlay, UpdatePrompt};
use crate::swr::components::{GameScreen, RecoveryScreen, StartScreen};
use crate::swr::session::{Mode, Session};
use leptos::prelude::*;
use std::time::Duration;
use swr_engine::{Action, LoadError, Place, PlayerView};

/// How long the computer waits before each action, so a person can follow its moves.
pub const COMPUTER_PAUSE: Duration = Duration::from_millis(450);

/// The computer's pause: [`COMPUTER_PAUSE`], or the page's `?pause=<ms>` (0 to 5000), for
/// players who want it faster or slower and for the browser tests.
fn computer_pause() -> Duration {
    let search = window().location().search().unwrap_or_default();
    search
        .trim_start_matches('?')
        .split('&')
        .find_map(|kv| kv.strip_prefix("pause="))
        .and_then(|ms| ms.parse::<u64>().ok())
        .map_or(COMPUTER_PAUSE, |ms| Duration::from_millis(ms.min(5000)))
}

/// Where rebellion.html's build puts docs/swr/rules.md as HTML (fetched when the rules are opened).
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
    /// The system picked on the galaxy: its details show, and the decision lists its choices.
    pub selected: RwSignal<Option<Place>>,
    pub zoom: RwSignal<Option<Zoomed>>,
    /// The computer is about to act.
    pub thinking: RwSignal<bool>,
    /// Bumped whenever the games kept aside change.
    pub kept: RwSignal<u32>,
}

impl Ui {
    /// The player at the screen takes an action; a refusal is shown, nothing else changes.
    pub fn act(&self, action: Action) {
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
    pub fn start(&self, mode: Mode) {
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
        self.screen.set(Screen::Game);
    }

    /// Puts the unfinished game in progress on the shelf.
    fn put_aside_current(&self) -> Result<(), String> {
        let current = self.session.with_untracked(|s| {
            s.as_ref()
                .filter(|s| !s.is_over())
                .map(|s| (s.save(), s.describe()))
        });
        if let Some((save, about)) = current {
            let mut store = LocalStorage;
            Shelf::new(GameId::Rebellion, &mut store)
                .keep(&save, about, shelf::now())
                .map_err(|e| {
                    format!(
                        "Your game in progress could not be kept aside ({e}), so no new game was \
                         started. Nothing was lost."
                    )
                })?;
            self.kept.update(|v| *v += 1);
        }
        Ok(())
    }

    /// Resumes a game kept aside; the unfinished game in progress takes its place on the
    /// shelf. A kept save that cannot be read stays where it is.
    pub fn resume_kept(&self, key: String) {
        let mut store = LocalStorage;
        let mut shelf = Shelf::new(GameId::Rebellion, &mut store);
        let loaded = match shelf.read(&key).map(|text| Session::load(&text)) {
            Some(Ok(session)) => session,
            Some(Err(e)) => {
                self.notice.set(Some(format!(
                    "That kept game could not be opened: {e}. It stays in the list."
                )));
                return;
            }
            None => {
                self.notice
                    .set(Some("That kept game is no longer on this device.".into()));
                self.kept.update(|v| *v += 1);
                return;
            }
        };
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

    /// Two players: the next player takes the device. A card zoomed or a system picked by the
    /// previous player closes first.
    pub fn take_seat(&self) {
        self.zoom.set(None);
        self.selected.set(None);
        self.session.update(|s| {
            if let Some(s) = s {
                s.take_seat();
            }
        });
    }
}

fn recovery_message(error: &LoadError) -> String {
    format!("The saved game could not be opened: {error}.")
}

/// Plays the computer's next action after the pause, if the game is still where it was.
fn computer_turn(ui: Ui, busy: StoredValue<bool>) {
    let Some((position, action)) = ui.session.with_untracked(|s| {
        s.as_ref()
            .and_then(|s| Some((s.position(), s.computer_move()?)))
    }) else {
        busy.set_value(false);
        ui.thinking.set(false);
        return;
    };
    ui.thinking.set(true);
    set_timeout(
        move || {
            ui.session.update_untracked(|s| {
                if let Some(s) = s {
                    s.computer_play(position, action);
                }
            });
            busy.set_value(false);
            ui.thinking.set(false);
            // Notifying re-runs the effect in `App`, which schedules the next action if it is
            // still the computer's turn.
            ui.session.notify();
        },
        computer_pause(),
    );
}

#[component]
pub fn App() -> impl IntoView {
    let slot = GameId::Rebellion.save_slot();
    let session = RwSignal::new(None::<Session>);
    let screen = RwSignal::new(Screen::Start);
    // A reload resumes the saved game exactly where it was.
    if let Some(text) = slot.read() {
        match Session::load(&text) {
            Ok(saved) => {
                session.set(Some(saved));
                screen.set(Screen::Game);
            }
            Err(error) => screen.set(Screen::Recovery {
                message: recovery_message(&error),
                raw: text,
            }),
        }
    }
    let view = Memo::new(move |_| session.with(|s| s.as_ref().map(Session::view)));
    let ui = Ui {
        session,
        view,
        screen,
        rules_open: RwSignal::new(rules_asked()),
        notice: RwSignal::new(None),
        save_failed: RwSignal::new(None),
        selected: RwSignal::new(None),
        zoom: RwSignal::new(None),
        thinking: RwSignal::new(false),
        kept: RwSignal::new(0),
    };
    provide_context(ui);

    // Autosave after every change; a failure is reported, never swallowed.
    Effect::new(move |_| {
        session.with(|s| {
            if let Some(s) = s {
                ui.save_failed.set(slot.write(&s.save()).err());
            }
        })
    });

    // The computer acts one action at a time, each after a short pause.
    let computer_busy = StoredValue::new(false);
    Effect::new(move |_| {
        let due = session.with(|s| s.as_ref().and_then(Session::computer_to_act).is_some());
        if due && !computer_busy.get_value() {
            computer_busy.set_value(true);
            request_animation_frame(move || computer_turn(ui, computer_busy));
        }
    });

    view! {
        <div class="app swr" data-testid="app">
            <a class="skip-link" href="#decision">"Skip to your decision"</a>
            {move || match ui.screen.get() {
                Screen::Start => view! { <StartScreen /> }.into_any(),
                Screen::Game => view! { <GameScreen /> }.into_any(),
                Screen::Recovery { message, raw } => {
                    view! { <RecoveryScreen message raw /> }.into_any()
                }
            }}
            <Show when=move || ui.rules_open.get()>
                <RulesOverlay url=RULES_URL on_close=Callback::new(move |_| ui.rules_open.set(false)) />
            </Show>
            <UpdatePrompt />
        </div>
    }
}
