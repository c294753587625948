//! The Covert Mission box (L248-262, Appendix II). In turn order (the Imperial Double Agent's
//! owner first, L759), each player with workers in the box may conduct one of the three face-up
//! missions, paying workers worth the Sentinels on its planet (Heroes and Smugglers count 2);
//! the first who does takes the card and its reward, and no one else conducts one this turn.
//! Workers not spent stay in the box.

use super::board::{self, draw_counted};
use super::frames::{Effect, Frame, Then};
use super::{imperial, Out};
use crate::action::Action;
use crate::data::imperial::ImperialCard;
use crate::data::missions::{Location, Mission};
use crate::data::{Kind, Place, Planet, Seat, MAX_SEATS};
use crate::log::{EventSink, LogEvent, LogExt, Why};
use crate::state::{GameState, Step};

/// The order in which players are asked: the Double Agent's owner first, then turn order.
pub(crate) fn order(state: &GameState) -> [Seat; MAX_SEATS] {
    let mut out = state.order;
    if let Some(agent) = state.double_agent {
        let n = state.options.players as usize;
        if let Some(i) = out[..n].iter().position(|&s| s == agent) {
            out[..=i].rotate_right(1);
        }
    }
    out
}

pub(crate) fn start(state: &mut GameState, _log: &mut impl EventSink) {
    state.step = Step::Research { slot: 0 };
    state.stack.push(Frame::Covert { idx: 0 });
}

pub(crate) fn next(state: &mut GameState, idx: u8, _log: &mut impl EventSink) {
    if idx + 1 < state.options.players {
        state.stack.push(Frame::Covert { idx: idx + 1 });
    }
}

/// The price of a mission at `at`, in covert points (L254, L613).
pub(crate) fn cost(state: &GameState, at: Place) -> u8 {
    let sentinels = match at {
        Place::Planet(p) => Some(state.planets[p.index()].sentinels),
        _ => None,
    };
    price(sentinels, state.creature, state.options.rulings)
}

/// A mission's price from what everyone sees: the Sentinels on its planet (`None`: a mission
/// in the Senate, which costs 1), Dangerous Creature's 2 more, and the ruling on a minimum of 1.
pub(crate) fn price(sentinels: Option<u8>, creature: bool, rulings: crate::Rulings) -> u8 {
    let cost = sentinels.unwrap_or(1) + if creature { 2 } else { 0 };
    if rulings.mission_costs_at_least_one {
        cost.max(1)
    } else {
        cost
    }
}

fn rival_has(state: &GameState, seat: Seat, at: Place, kind: Kind) -> bool {
    state
        .seats()
        .any(|s| s != seat && board::pieces(state, s, at)[kind.index()] > 0)
}

/// Where `seat` could conduct `mission` now.
fn locations(state: &GameState, seat: Seat, mission: Mission, mut f: impl FnMut(Place)) {
    let numbers = &state.options.numbers;
    match mission.location(numbers) {
        Location::Fixed(p) => f(Place::Planet(p)),
        Location::Either(p, q) => {
            f(Place::Planet(p));
            f(Place::Planet(q));
        }
        Location::FleetPlanet => {
            for p in Planet::ALL {
                if state.planets[p.index()].imperial_fleet {
                    f(Place::Planet(p));
                }
            }
        }
        Location::Target => {
            let kind = if mission.card(numbers) == Mission::AssassinateRivalDiplomat {
                if rival_has(state, seat, Place::Senate, Kind::Diplomat) {
                    f(Place::Senate);
                }
                Kind::Diplomat
            } else {
                Kind::Trooper
            };
            for p in Planet::ALL {
                if rival_has(state, seat, Place::Planet(p), kind) {
                    f(Place::Planet(p));
                }
            }
        }
    }
}

pub(crate) fn legal(state: &GameState, seat: Seat, out: &mut impl Out) {
    let p = &state.players[seat.index()];
    // Only players with workers in the box take part (L90).
    if p.covert.iter().all(|&c| c == 0) {
        return;
    }
    let points = p.covert_points();
    for (slot, m) in state.covert_shown.iter().enumerate() {
        let Some(m) = *m else { continue };
        locations(state, seat, m, |at| {
            if cost(state, at) <= points {
                out.push(Action::Mission {
                    slot: slot as u8,
                    at,
                });
            }
        });
    }
    out.push(Action::Pass);
}

pub(crate) fn answer(state: &mut GameState, idx: u8, action: Action, log: &mut impl EventSink) {
    let seat = order(state)[idx as usize];
    match action {
        Action::Mission { slot, at } => {
            let left = cost(state, at);
            if left > 0 {
                state.stack.push(Frame::Pay {
                    seat,
                    left,
                    from: Place::Covert,
                    then: Then::Mission { slot, at },
                });
            } else {
                conduct(state, seat, slot, at, log);
            }
        }
        _ => {
            log.all(|| LogEvent::Passed { seat });
            next(state, idx, log);
        }
    }
}

/// The mission is paid for: the card to its owner, and its reward.
pub(crate) fn conduct(
    state: &mut GameState,
    seat: Seat,
    slot: u8,
    at: Place,
    log: &mut impl EventSink,
) {
    let Some(mission) = state.covert_shown[slot as usize].take() else {
        return;
    };
    let paid = cost(state, at);
    state.players[seat.index()].missions |= mission.bit();
    state.mission_done = true;
    if state.creature {
        // Dangerous Creature is spent on this mission (L751).
        state.creature = false;
        state.imperial_discard[ImperialCard::DangerousCreature.index()] += 1;
    }
    log.all(|| LogEvent::MissionConducted {
        seat,
        mission,
        at,
        cost: paid,
    });
    let effect = |state: &mut GameState, effect: Effect| {
        state.stack.push(Frame::Effect { seat, effect });
    };
    let turn = state.turn;
    use Mission::*;
    // The 20th card acts as the card it copies (one of the board numbers).
    match mission.card(&state.options.numbers) {
        AssassinateRivalDiplomat => effect(
            state,
            Effect::KillRival {
                at,
                kind: Kind::Diplomat,
            },
        ),
        AssassinateRivalGeneralA | AssassinateRivalGeneralB => effect(
            state,
            Effect::KillRival {
                at,
                kind: Kind::Trooper,
            },
        ),
        StealPlansGalcrux | StealPlansAlioth => board::gain_cubes(state, seat, 1, log),
        SpyWarCouncilVeltair | SpyWarCouncilSargas => effect(state, Effect::SpySentinel),
        // Each Sabotage marks its own next turn (L647).
        SabotageTrega | SabotageMirzam => {
            state.players[seat.index()].sabotage_turns |= 1 << (turn + 1)
        }
        DestroyCapitalShip => effect(state, Effect::DestroyFleet),
        // Which card gives what is one of the board numbers (provisional: a Specialist of
        // choice at Vollux, a Hero at Edara).
        RescuePrisonerVollux | RescuePrisonerEdara => {
            if at == Place::Planet(state.options.numbers.rescue_choice_at) {
                effect(state, Effect::RescueKind);
            } else {
                board::to_hand(state, seat, Kind::Hero, 1, log);
            }
        }
        AssassinateGeneralAlioth | AssassinateGeneralTrega => {
            if let Place::Planet(p) = at {
                if state.planets[p.index()].sentinels > 0 {
                    board::remove_sentinels(state, p, 1, log);
                } else if super::board::sentinels_may_go(state, p) {
                    board::add_sentinels(state, p, 1, log);
                }
            }
        }
        RobTreasuryVeltair | RobTreasuryMirzam => {
            board::gain(state, seat, 5, Why::Mission(mission), log)
        }
        SupplantPirates => {
            board::to_hand(state, seat, Kind::Trooper, 1, log);
            board::gain(state, seat, 5, Why::Mission(mission), log);
        }
        SaveTraitor => {
            if let Some(card) = draw_imperial(state, log) {
                log.all(|| LogEvent::ImperialDrawn { card });
                imperial::play(state, seat, card, log);
            }
        }
        PropagandaMachine => state.players[seat.index()].propaganda_turns |= 1 << (turn + 1),
        // Resolved to the card it copies above.
        Twentieth => {}
    }
}

/// The top card of the Imperial Action deck (a uniform draw from what remains), the discards
/// shuffled back in when it is empty (ruling: decks are reshuffled).
pub(crate) fn draw_imperial(
    state: &mut GameState,
    log: &mut impl EventSink,
) -> Option<ImperialCard> {
    if state.imperial_deck.iter().all(|&c| c == 0) {
        if state.imperial_discard.iter().all(|&c| c == 0) {
            return None;
        }
        for i in 0..state.imperial_deck.len() {
            state.imperial_deck[i] += state.imperial_discard[i];
            state.imperial_discard[i] = 0;
        }
        log.all(|| LogEvent::DeckReshuffled { imperial: true });
    }
    let i = draw_counted(&mut state.rng, &state.imperial_deck)?;
    state.imperial_deck[i] -= 1;
    Some(ImperialCard::ALL[i])
}

pub(crate) fn legal_reward(state: &GameState, seat: Seat, effect: Effect, out: &mut impl Out) {
    match effect {
        Effect::KillRival { at, kind } => {
            for s in state.seats() {
                if s != seat && board::pieces(state, s, at)[kind.index()] > 0 {
                    out.push(Action::Seat(s));
                }
            }
        }
        Effect::SpySentinel if state.sentinel_supply > 0 => {
            for p in Planet::ALL {
                if board::sentinels_may_go(state, p) {
                    out.push(Action::Planet(p));
                }
            }
        }
        Effect::DestroyFleet => {
            for p in Planet::ALL {
                if state.planets[p.index()].imperial_fleet {
                    out.push(Action::Planet(p));
                }
            }
        }
        Effect::RescueKind => {
            for k in Kind::SPECIALISTS {
                if state.players[seat.index()].supply[k.index()] > 0 {
                    out.push(Action::Kind(k));
                }
            }
        }
        _ => {}
    }
}

pub(crate) fn reward(
    state: &mut GameState,
    seat: Seat,
    effect: Effect,
    action: Action,
    log: &mut impl EventSink,
) {
    match (effect, action) {
        (Effect::KillRival { at, kind }, Action::Seat(s)) => {
            board::eliminate(state, s, kind, at, 1, log);
        }
        (Effect::SpySentinel, Action::Planet(p)) => {
            board::add_sentinels(state, p, 1, log);
        }
        (Effect::DestroyFleet, Action::Planet(p)) => {
            state.planets[p.index()].imperial_fleet = false;
            state.spare_fleets += 1;
            log.all(|| LogEvent::FleetMoved {
                from: Some(p),
                to: None,
            });
        }
        (Effect::RescueKind, Action::Kind(k)) => {
            board::to_hand(state, seat, k, 1, log);
        }
        _ => {}
    }
}
