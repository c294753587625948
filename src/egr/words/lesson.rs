//! A lesson's words: one or two sentences for each move the guided turn teaches, in our own
//! words. No rule is decided here: what is lit is the engine's legal action, narrowed to the
//! one taught.

use super::{a_kind, capitalize, good_name, planet_name, seat_name};
use egr_engine::{Action, Kind, PlayerView, Prompt, Spot, Target};

/// The line for the learner's move `taught` at step `step` (1-based): what it is and why.
pub fn lesson_line(view: &PlayerView, taught: Action, step: usize) -> String {
    let first = step == 1;
    match (view.prompt, taught) {
        (_, Action::Place { kind, spot }) if first => format!(
            "Turn 1 was played for you (it trained your Trooper); now place your workers one at \
             a time, in turn with the computers; then the boxes act, top to bottom. First {} to {}",
            a_kind(kind),
            place_line(spot)
        ),
        (_, Action::Place { spot, .. }) => {
            format!("{} Tap the lit box.", capitalize(place_line(spot)))
        }
        (_, Action::Good(g)) => format!(
            "Trade Goods: take {} from those on offer. Goods are kept: sets pay every turn (three \
             alike 3 UC, any three 1).",
            good_name(g)
        ),
        (_, Action::Attack { planet, target }) => format!(
            "Warfare: your Trooper attacks {} on {}. Tap the planet: the answer shows your odds, \
             the chance that two of three cubes drawn from the bag are yours.",
            match target {
                Target::Sentinels => "the Sentinels",
                Target::Faction(_) => "a rival's worker",
            },
            planet_name(planet)
        ),
        (
            Some(Prompt::Bid {
                high,
                leader: Some(leader),
                ..
            }),
            Action::Bid(n),
        ) => format!(
            "{} bid {high}: raise to {n}, as far as your Senate points allow. The highest bid \
             pays it in workers and plays an Imperial Action card.",
            seat_name(leader)
        ),
        (Some(Prompt::Bid { .. }), Action::Bid(n)) => format!(
            "The Senate's bid: raise to {n}, up to your Senate points. The winner pays the bid in \
             workers and plays an Imperial Action card."
        ),
        (Some(Prompt::Bid { .. }), _) => {
            "The Senate's bid: pass, and the other bidder wins the Imperial Action card.".into()
        }
        (Some(Prompt::Pay { .. }), Action::Pay(k)) => format!(
            "Pay for it with {} of yours from the box: paid workers go back to your supply.",
            a_kind(k)
        ),
        (Some(Prompt::ChooseCard { .. }), _) => {
            "You won the bid: play one of the face-up Imperial Action cards, the one lit.".into()
        }
        (Some(Prompt::Land { .. }), Action::Planet(p)) => format!(
            "Planetary Influence: your worker lands on {}, for good. The most workers on a planet \
             score its Power tile at each epoch scoring.",
            planet_name(p)
        ),
        (Some(Prompt::Research { .. }), Action::Tech(_)) => {
            "Research: buy the lit technology with your coins; it gives its benefit from this \
             turn's end on."
                .into()
        }
        (Some(Prompt::Research { .. }), _) | (Some(Prompt::Covert { .. }), _) => {
            "Nothing here is worth it now: pass.".into()
        }
        (Some(Prompt::Defend { .. }), _) | (Some(Prompt::SecondLoss { .. }), _) => {
            "You are attacked: choose which of your workers there defends.".into()
        }
        _ => "The card asks for a choice: tap what is lit.".into(),
    }
}

/// What a worker placed in `spot` will do, in one sentence.
fn place_line(spot: Spot) -> &'static str {
    match spot {
        Spot::Warfare => {
            "Warfare: a Trooper or a Hero here attacks Sentinels or a rival on a planet."
        }
        Spot::Trade => "Trade Goods: each worker here takes a good on offer, kept for the game.",
        Spot::Senate => {
            "the Senate: workers stay there and bid each turn for an Imperial Action card, and \
             at the scorings the most Senate points take 7 VP."
        }
        Spot::Initiative => {
            "Initiative: coins now (the slot's number) and an early place in the next turn."
        }
        Spot::Influence => {
            "Planetary Influence: the worker lands on a planet, where workers score at the \
             epoch scorings."
        }
        Spot::Research => "Research: a worker here may buy a technology on offer.",
        Spot::Covert => "Covert Mission: workers stay here and pay for a mission card.",
        Spot::Specialist(Kind::Hero) => {
            "Specialists: this slot trains a Hero, a worker that attacks, for your next turn."
        }
        Spot::Specialist(Kind::Scientist) => {
            "Specialists: this slot trains a Scientist, who makes research cheaper, for your \
             next turn."
        }
        Spot::Specialist(_) | Spot::PaidSpecialist => {
            "Specialists: the slot trains a worker of its kind for your next turn."
        }
    }
}

/// What the lesson taught, once it is over: the end of the turn and what the scorings count.
pub fn lesson_done_line(view: &PlayerView) -> String {
    let me = &view.seats[view.viewer.index()];
    let income = match me.trade_income {
        0 => "your goods make no set yet".to_string(),
        n => format!("your goods' sets paid {n} UC"),
    };
    format!(
        "Turn 2 is over: {income}, the board was refilled and five Rebels came back to your \
         hand. At the end of turns 3, 6 and 8 the epoch scorings count each planet's Power tile \
         (most workers the higher number, second the lower) and the Senate (most points: 7 VP)."
    )
}
