//! Phase 6, Refresh Board (L440-458, L408-422): the new turn order from the Initiative box,
//! four new trade goods, the missions and Imperial Actions renewed, the technologies refilled
//! (or replaced by the next epoch's), five Rebels for each player, the turn marker on.

use super::board::{draw_bit, draw_counted};
use super::setup::show_tech;
use crate::data::imperial::ImperialCard;
use crate::data::missions::Mission;
use crate::data::techs::Tech;
use crate::data::{epoch_of, Good, Kind, Seat, GOODS, MAX_SEATS, REBELS_PER_TURN};
use crate::log::{EventSink, LogEvent, LogExt};
use crate::state::{GameState, Step};

pub(crate) fn start_turn(state: &mut GameState, log: &mut impl EventSink) {
    let turn = state.turn;
    log.all(|| LogEvent::TurnStarted { turn });
    state.step = Step::Placing { next: 0 };
}

pub(crate) fn refresh(state: &mut GameState, log: &mut impl EventSink) {
    let n = state.options.players as usize;
    // The new turn order: the Initiative box's slots first, then the others in their old
    // order (L446). Its workers go back to their supplies.
    let mut order = [Seat(0); MAX_SEATS];
    let mut k = 0;
    for s in 0..state.options.numbers.initiative_slots as usize {
        if let Some(w) = state.initiative.slots[s].take() {
            order[k] = w.seat;
            k += 1;
            state.players[w.seat.index()].supply[w.kind.index()] += 1;
        }
    }
    for &seat in &state.order[..n] {
        if !order[..k].contains(&seat) {
            order[k] = seat;
            k += 1;
        }
    }
    state.order = order;
    if log.enabled() {
        let o = state.turn_order().to_vec();
        log.all(|| LogEvent::TurnOrder { order: o });
    }
    show_goods(state, log);
    // Missions and Imperial Actions: the taken card replaced, or all three if none was taken
    // (L454, L458, L408).
    if !state.mission_done {
        for slot in 0..3 {
            if let Some(m) = state.covert_shown[slot].take() {
                state.covert_discard |= m.bit();
            }
        }
        log.all(|| LogEvent::MissionsDiscarded);
    }
    for slot in 0..3 {
        if state.covert_shown[slot].is_none() {
            show_mission(state, slot, log);
        }
    }
    if !state.action_taken {
        for slot in 0..3 {
            if let Some(c) = state.imperial_shown[slot].take() {
                state.imperial_discard[c.index()] += 1;
            }
        }
        log.all(|| LogEvent::ImperialsDiscarded);
    }
    for slot in 0..3 {
        if state.imperial_shown[slot].is_none() {
            show_imperial(state, slot, log);
        }
    }
    state.mission_done = false;
    state.action_taken = false;
    // Technologies: refilled to five, or all replaced when an epoch ends (L276-278, L412-414).
    let next_epoch = epoch_of(state.turn + 1);
    if next_epoch != state.epoch() {
        state.tech_removed |= state.tech_shown;
        state.tech_shown = 0;
        log.all(|| LogEvent::TechsRemoved);
    }
    while state.tech_shown.count_ones() < 5 && state.tech_pile & Tech::of_epoch(next_epoch) != 0 {
        show_tech(state, next_epoch, log);
    }
    for seat in Seat::all(state.options.players) {
        super::board::to_hand(state, seat, Kind::Rebel, REBELS_PER_TURN, log);
    }
    state.turn += 1;
    start_turn(state, log);
}

/// Four goods face up from the pile (L131, L450): fewer if fewer remain.
pub(crate) fn show_goods(state: &mut GameState, log: &mut impl EventSink) {
    for g in 0..GOODS {
        state.goods_pile[g] += state.goods_shown[g];
        state.goods_shown[g] = 0;
    }
    let mut shown = Vec::new();
    for _ in 0..4 {
        let Some(i) = draw_counted(&mut state.rng, &state.goods_pile) else {
            break;
        };
        state.goods_pile[i] -= 1;
        state.goods_shown[i] += 1;
        if log.enabled() {
            shown.push(Good::ALL[i]);
        }
    }
    log.all(|| LogEvent::GoodsShown { goods: shown });
}

/// A mission face up in `slot`, the discards shuffled back in if the deck is empty.
pub(crate) fn show_mission(state: &mut GameState, slot: usize, log: &mut impl EventSink) {
    if state.covert_deck == 0 && state.covert_discard != 0 {
        state.covert_deck = std::mem::take(&mut state.covert_discard);
        log.all(|| LogEvent::DeckReshuffled { imperial: false });
    }
    if let Some(i) = draw_bit(&mut state.rng, state.covert_deck as u64) {
        let mission = Mission::ALL[i];
        state.covert_deck &= !mission.bit();
        state.covert_shown[slot] = Some(mission);
        log.all(|| LogEvent::MissionShown { mission });
    }
}

/// An Imperial Action card face up in `slot`, likewise.
pub(crate) fn show_imperial(state: &mut GameState, slot: usize, log: &mut impl EventSink) {
    if let Some(card) = super::covert::draw_imperial(state, log) {
        state.imperial_shown[slot] = Some(card);
        log.all(|| LogEvent::ImperialShown { card });
    }
    let _ = ImperialCard::ALL;
}
