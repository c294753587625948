//! The decision the player must make now: a prompt and the legal answers as buttons. The
//! answers come from the engine's legal actions; nothing here decides what is allowed.

use super::cards::{ResourceCard, StrategyCard};
use crate::evr::app::Ui;
use crate::evr::narrate::{card_label, side_name};
use evr_engine::cards::Character;
use evr_engine::state::{CharacterSet, DominanceStep, PowerStep};
use evr_engine::view::{Decision, PlayerView, Stage};
use evr_engine::{Action, CardId, EventId, EventOrder, Side};
use leptos::prelude::*;

fn power_prompt(step: PowerStep, card: CardId, me: Side) -> String {
    let whose = |side: Side| {
        if side == me {
            "your".to_string()
        } else {
            format!("the {}'s", side_name(side))
        }
    };
    let name = card_label(card);
    match step {
        PowerStep::MilitaryTarget => format!("{name}: choose an opponent's card to discard."),
        PowerStep::DiplomacyTarget => format!("{name}: choose one of your cards to discard."),
        PowerStep::ForceTarget => format!("{name}: choose a ready card to exhaust."),
        PowerStep::ReconDeck => format!("{name}: whose deck do you look at?"),
        PowerStep::ReconDiscard { deck, .. } => {
            format!(
                "{name}: discard one; the other goes back on top of {} deck.",
                whose(deck)
            )
        }
        PowerStep::ChewbaccaTarget { exhausted } => format!(
            "{name}: choose an opponent's ready card to exhaust ({} left), or stop.",
            2 - exhausted
        ),
        PowerStep::HanSearch => format!("{name}: choose a card of your deck to play."),
        PowerStep::LandoDiscard { discarded } => format!(
            "{name}: discard cards of yours ({discarded} so far); when you stop you play as many."
        ),
        PowerStep::LeiaCharacter => format!("{name}: choose a character from your reserve."),
        PowerStep::LeiaPlace { card } => {
            format!(
                "{name}: play {} or shuffle it into your deck?",
                card_label(card)
            )
        }
        PowerStep::LukeOwn => format!("{name}: discard one of your cards, or skip."),
        PowerStep::LukeOpponent { .. } => {
            format!("{name}: discard one of your opponent's cards, or skip.")
        }
        PowerStep::ObiWanCard => format!("{name}: choose a card of your discard pile to play."),
        PowerStep::NewStrategy { .. } => {
            format!("{name}: your strategy card was discarded. Choose another.")
        }
        PowerStep::PiettCard => {
            format!("{name}: choose a discarded card to put on top of its deck.")
        }
        PowerStep::BobaDiscard => format!("{name}: discard an opponent's card, or skip."),
        PowerStep::BobaExhaust { .. } => format!("{name}: exhaust a ready card, or skip."),
        PowerStep::VaderTarget => format!("{name}: choose an exhausted card to discard."),
        PowerStep::Ig88Deck => format!("{name}: whose deck do you search?"),
        PowerStep::Ig88Discard { deck } => {
            format!("{name}: choose a card of {} deck to discard.", whose(deck))
        }
        PowerStep::Ig88Top { deck } => {
            format!(
                "{name}: choose the card to put on top of {} deck.",
                whose(deck)
            )
        }
        PowerStep::JabbaDiscard { .. } => {
            format!("{name}: you may discard one of your cards in play.")
        }
        PowerStep::JabbaPlay { peeked } => {
            format!("{name}: put {} into play?", card_label(peeked))
        }
    }
}

fn dominance_prompt(step: DominanceStep) -> &'static str {
    match step {
        DominanceStep::Support { .. } => {
            "Support: choose a character of your reserve to shuffle into your deck."
        }
        DominanceStep::ReorderEvents { .. } => {
            "Balance of the Force: put the top events back in the order you like (top first)."
        }
        DominanceStep::DiscardLoserStrategy { .. } => {
            "Display of Power: choose one of your opponent's unused strategy cards to discard."
        }
        DominanceStep::CharacterToReserve { .. } => {
            "Choose one of your characters to put into your reserve."
        }
        DominanceStep::MayAddCharacter { .. } => {
            "You may shuffle a character from your reserve into your deck."
        }
    }
}

/// Words for any action, as its button (or the advice list) shows it.
pub fn action_label(view: &PlayerView, action: Action) -> String {
    match action {
        Action::PlayCard => "Play a card".into(),
        Action::Pass => "Pass".into(),
        Action::Decline => "Skip / stop".into(),
        Action::UsePower(c) => format!("Use the power of {}", card_label(c)),
        Action::SpendInfluence(c) => format!("Spend influence to ready {}", card_label(c)),
        Action::SelectCard(c) => card_label(c),
        Action::SelectDeck(side) if side == view.viewer => "Your deck".into(),
        Action::SelectDeck(side) => format!("The {}'s deck", side_name(side)),
        Action::ChooseStrategy { strategy, .. } | Action::SelectStrategy(strategy) => {
            strategy.name().into()
        }
        Action::PlaySelected => "Play it".into(),
        Action::ShuffleSelected => "Shuffle it into the deck".into(),
        Action::ReorderEvents(EventOrder(order)) => {
            let seen: &[EventId] = match &view.decision {
                Some(Decision::Dominance { seen_events, .. }) => seen_events,
                _ => &[],
            };
            order
                .iter()
                .take(seen.len())
                .filter_map(|i| seen.get(*i as usize))
                .map(|e| e.card().name)
                .collect::<Vec<_>>()
                .join(" → ")
        }
        Action::ChooseCharacters(set) => set
            .characters(view.viewer)
            .map(Character::name)
            .collect::<Vec<_>>()
            .join(", "),
    }
}

/// Buttons for the answers that are not a card, a strategy or an event order.
fn plain_buttons(view: &PlayerView) -> impl IntoView {
    let ui = expect_context::<Ui>();
    view.legal_actions
        .iter()
        .copied()
        .filter(|a| {
            matches!(
                a,
                Action::PlayCard
                    | Action::Pass
                    | Action::Decline
                    | Action::PlaySelected
                    | Action::ShuffleSelected
                    | Action::SelectDeck(_)
            )
        })
        .enumerate()
        .map(|(i, a)| {
            let testid = match a {
                Action::PlayCard => "play-card",
                Action::Pass => "pass",
                Action::Decline => "decline",
                _ => "option",
            };
            view! {
                <button type="button" class:primary=i == 0 data-testid=testid data-autofocus=(i == 0).then_some("")
                    on:click=move |_| ui.act(a)>
                    {action_label(view, a)}
                </button>
            }
        })
        .collect_view()
}

/// Every card the decision lets the player pick, as buttons.
fn card_choices(view: &PlayerView) -> impl IntoView {
    let cards: Vec<_> = view
        .legal_actions
        .iter()
        .filter_map(|a| match a {
            Action::SelectCard(c) => Some((*c, *a)),
            _ => None,
        })
        .collect();
    let exhausted = |c: CardId| {
        view.me
            .play
            .iter()
            .chain(view.opponent.play.iter())
            .find(|p| p.card == c)
            .is_some_and(|p| p.exhausted)
    };
    (!cards.is_empty()).then(|| {
        view! {
            <div class="choices" data-testid="choices">
                {cards.into_iter().map(|(c, a)| view! {
                    <ResourceCard card=c exhausted=exhausted(c) action=a />
                }).collect_view()}
            </div>
        }
    })
}

fn strategy_choices(view: &PlayerView) -> impl IntoView {
    let choices: Vec<_> = view
        .legal_actions
        .iter()
        .filter_map(|a| match a {
            Action::ChooseStrategy { strategy, .. } | Action::SelectStrategy(strategy) => {
                Some((*strategy, *a))
            }
            _ => None,
        })
        .collect();
    (!choices.is_empty()).then(|| {
        view! {
            <div class="choices strategies">
                {choices.into_iter().map(|(s, a)| view! { <StrategyCard strategy=s action=a /> }).collect_view()}
            </div>
        }
    })
}

fn event_orders(view: &PlayerView) -> impl IntoView {
    let ui = expect_context::<Ui>();
    view.legal_actions
        .iter()
        .copied()
        .filter(|a| matches!(a, Action::ReorderEvents(_)))
        .map(|a| {
            view! { <button type="button" data-testid="option" on:click=move |_| ui.act(a)>{action_label(view, a)}</button> }
        })
        .collect_view()
}

#[component]
fn CharacterChoice(view: PlayerView) -> impl IntoView {
    let ui = expect_context::<Ui>();
    let chosen = ui.character_pick;
    let side = view.viewer;
    let legal = view.legal_actions.clone();
    let confirm = move || Action::ChooseCharacters(CharacterSet(chosen.get()));
    let allowed = move || legal.contains(&confirm());
    view! {
        <p class="prompt">
            "Choose 4 of your 8 characters for your resource deck. The other 4 wait face down in your reserve. Your opponent will not see your choice."
        </p>
        <div class="choices characters" data-testid="character-choice">
            {Character::of_side(side).iter().map(|c| {
                let bit = 1u8 << c.slot();
                let card = c.card();
                view! {
                    <label class="character-toggle" class:on=move || chosen.get() & bit != 0>
                        <input type="checkbox" data-testid="character" aria-label=c.name()
                            prop:checked=move || chosen.get() & bit != 0
                            on:change=move |_| chosen.update(|m| *m ^= bit) />
                        <ResourceCard card />
                    </label>
                }
            }).collect_view()}
        </div>
        <button type="button" class="primary" data-testid="confirm-characters"
            disabled=move || !allowed()
            on:click=move |_| {
                ui.act(confirm());
                chosen.set(0);
            }>
            {move || format!("Confirm ({} of 4 chosen)", chosen.get().count_ones())}
        </button>
    }
}

#[component]
pub fn DecisionPrompt(view: PlayerView) -> impl IntoView {
    let me = view.viewer;
    let Some(decision) = view.decision.clone() else {
        let waiting = match view.stage {
            Stage::GameOver { .. } => String::new(),
            _ => format!("Waiting for the {}…", side_name(me.opponent())),
        };
        return view! { <p class="prompt waiting" data-testid="waiting">{waiting}</p> }.into_any();
    };
    match decision {
        Decision::ChooseCharacters => view! { <CharacterChoice view /> }.into_any(),
        Decision::ChooseStrategy { sides } => {
            let text = if sides.first() == Some(&me) {
                "Choose your strategy card for this round, in secret.".to_string()
            } else {
                format!(
                    "Infiltration: choose the strategy card of the {}.",
                    side_name(me.opponent())
                )
            };
            view! {
                <p class="prompt" data-testid="prompt">{text}</p>
                {strategy_choices(&view)}
            }
            .into_any()
        }
        Decision::StruggleTurn => {
            let must_play = view.me.play.is_empty();
            let text = if must_play {
                "Your turn: you have no card in play, so you must play a card."
            } else {
                "Your turn: play a card, click a ready card to use its power, click an exhausted card to spend influence on it, or pass."
            };
            view! {
                <p class="prompt" data-testid="prompt">{text}</p>
                <div class="buttons">{plain_buttons(&view)}</div>
            }
            .into_any()
        }
        Decision::Power { card, step, .. } => view! {
            <p class="prompt" data-testid="prompt">{power_prompt(step, card, me)}</p>
            {card_choices(&view)}
            {strategy_choices(&view)}
            <div class="buttons">{plain_buttons(&view)}</div>
        }
        .into_any(),
        Decision::Dominance { step, .. } => view! {
            <p class="prompt" data-testid="prompt">{dominance_prompt(step)}</p>
            {card_choices(&view)}
            {strategy_choices(&view)}
            <div class="buttons">{event_orders(&view)} {plain_buttons(&view)}</div>
        }
        .into_any(),
    }
}
