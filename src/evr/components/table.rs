//! The table: the top bar, the board, the decision and the log.

use super::advice::{AdvicePanel, ComputerThinking};
use super::board::Board;
use super::cards::{BalanceToken, VictoryTrack};
use super::decision::DecisionPrompt;
use super::drawers::Drawers;
use super::lesson::LessonLine;
use super::take_back::TakeBack;
use crate::evr::app::{Drawer, Ui};
use crate::evr::narrate::{describe, side_name};
use crate::shell::LogList;
use evr_engine::view::{PlayerView, Stage};
use evr_engine::{Action, CardId, Side};
use leptos::prelude::*;

/// The action a click on this card sends now, if any.
pub fn card_action(view: &PlayerView, card: CardId) -> Option<Action> {
    view.legal_actions.iter().copied().find(|a| {
        matches!(a, Action::UsePower(c) | Action::SpendInfluence(c) | Action::SelectCard(c) if *c == card)
    })
}

/// The whole game on one screen: the top bar, the board, the decision area (`children`: the
/// player's decision in a game, the controls in a replay) and the log (a drawer on narrow
/// screens). Everything but the decision follows its own part of the view.
#[component]
pub fn Table(
    /// What the decision area is called (for screen readers).
    #[prop(default = "Your decision")]
    label: &'static str,
    children: Children,
) -> impl IntoView {
    let ui = expect_context::<Ui>();
    let log_lines = Memo::new(move |_| {
        ui.view.with(|v| {
            v.as_ref().map_or_else(Vec::new, |v| {
                v.log.iter().filter_map(|e| describe(e, v.viewer)).collect()
            })
        })
    });
    view! {
        <div class="table" data-testid="table" class:log-open=move || ui.drawer.get() == Some(Drawer::Log)>
            <TopBar />
            <Board />
            <section id="decision" class="decision" aria-label=label tabindex="-1">
                {children()}
            </section>
            <div class="log-holder">
                {move || view! { <LogList lines=log_lines.get() /> }}
            </div>
            <Drawers />
        </div>
    }
}

/// The player's decision in a game: rebuilt only for a new question, with the computer's
/// thinking, advice and the take-back button.
#[component]
pub fn GameDecision() -> impl IntoView {
    let ui = expect_context::<Ui>();
    let tutorial = Memo::new(move |_| {
        ui.view.with(|v| {
            v.as_ref()
                .is_some_and(|v| v.variant == evr_engine::Variant::Tutorial)
        })
    });
    // The decision is rebuilt only when the question changes (not, say, when the computer
    // makes its own secret choice while the player is ticking characters).
    let asked = Memo::new(move |_| {
        ui.view.with(|v| {
            v.as_ref().map(|v| {
                (
                    v.viewer,
                    v.decision.clone(),
                    v.legal_actions.clone(),
                    matches!(v.stage, Stage::GameOver { .. }),
                    v.me.play.clone(),
                    v.opponent.play.clone(),
                )
            })
        })
    });
    view! {
        <LessonLine />
        <Show when=move || tutorial.get()>
            <p class="banner tutorial" data-testid="tutorial-help">
                "Tutorial: end the struggle with a higher total than the Empire without going over the objective value. "
                "On your turn play a card (the top card of your deck goes into play), use the power of a ready card (it turns sideways), or pass. "
                "Two passes in a row end the struggle. Hover over a card, or press it for a moment, to read it."
            </p>
        </Show>
        {move || {
            // Read (not just tracked): a memo that was never read never computes.
            asked.with(|_| ());
            ui.view.get_untracked().map(|view| view! {
                <DecisionPrompt view=view.clone() />
                <ComputerThinking view=view.clone() />
                <AdvicePanel view />
            })
        }}
        <TakeBack />
    }
}

/// Round, victory points, the balance token, whose move it is, and the menu.
#[component]
fn TopBar() -> impl IntoView {
    let ui = expect_context::<Ui>();
    let round = part(ui, |v| v.round);
    let rebel = part(ui, |v| side_points(v, Side::Rebel));
    let imperial = part(ui, |v| side_points(v, Side::Imperial));
    let balance = part(ui, |v| v.balance);
    let turn = part(ui, turn_text);
    let points = move |m: Memo<Option<u8>>| Signal::derive(move || m.get().unwrap_or(0));
    let toggle = move |drawer: Drawer| {
        ui.drawer.update(|d| {
            *d = if *d == Some(drawer) {
                None
            } else {
                Some(drawer)
            }
        })
    };
    view! {
        <header class="scoreboard">
            <span class="round" data-testid="round">"Round " {move || round.get().unwrap_or(0)}</span>
            <VictoryTrack side=Side::Rebel points=points(rebel) />
            <VictoryTrack side=Side::Imperial points=points(imperial) />
            <BalanceToken side=Signal::derive(move || balance.get().unwrap_or(Side::Rebel)) />
            <span class="turn" data-testid="turn">{move || turn.get()}</span>
            <span class="menu">
                <button class="quiet log-button" data-testid="open-log" aria-label="Game log"
                    on:click=move |_| toggle(Drawer::Log)>"Log"</button>
                <button class="quiet" data-testid="open-menu" aria-label="Menu"
                    on:click=move |_| toggle(Drawer::Menu)>"Menu"</button>
            </span>
        </header>
    }
}

/// One part of the view, followed on its own: it notifies only when that part changes.
fn part<T: PartialEq + Send + Sync + 'static>(ui: Ui, f: fn(&PlayerView) -> T) -> Memo<Option<T>> {
    Memo::new(move |_| ui.view.with(|v| v.as_ref().map(f)))
}

fn turn_text(view: &PlayerView) -> String {
    let me = view.viewer;
    match view.stage {
        Stage::Struggle {
            turn, resolving, ..
        } => {
            let actor = resolving.map_or(turn, |(_, who)| who);
            if actor == me {
                "Your move".to_string()
            } else {
                format!("The {}'s move", side_name(actor))
            }
        }
        Stage::ChoosingCharacters { .. } => "Choose your characters".to_string(),
        Stage::ChoosingStrategies { .. } => "Choose strategies".to_string(),
        Stage::Dominance { .. } => "Dominance".to_string(),
        Stage::GameOver { .. } => "Game over".to_string(),
    }
}

fn side_points(view: &PlayerView, side: Side) -> u8 {
    if side == view.viewer {
        view.me.victory_points
    } else {
        view.opponent.victory_points
    }
}
