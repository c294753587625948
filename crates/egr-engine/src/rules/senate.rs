//! The Galactic Senate box (L333-357). Players with workers there bid in turn order, each
//! raising or passing (a bid never above the player's own points, Diplomats counting 2), until
//! all but one have passed (L337): that last one wins, bidding 1 if nobody has bid (a lone
//! bidder still bids, research §4 item 41), so a Senate with workers in it always plays a card.
//! The winner pays the bid in workers from the box and plays one of the three face-up Imperial
//! Action cards. Unspent workers stay in the Senate.

use super::frames::{Frame, Then};
use super::{imperial, Out};
use crate::action::Action;
use crate::data::{Place, Seat};
use crate::log::{EventSink, LogEvent, LogExt};
use crate::state::{GameState, Step};

pub(crate) fn start(state: &mut GameState, log: &mut impl EventSink) {
    state.step = Step::Income;
    let n = state.options.players as usize;
    let mut out = 0u8;
    let mut first = None;
    for (i, &s) in state.order[..n].iter().enumerate() {
        if state.players[s.index()].senate_points() == 0 {
            out |= 1 << s.0;
        } else if first.is_none() {
            first = Some(i as u8);
        }
    }
    // With no card face up (every deck and discard empty) there is nothing to bid for.
    let card = state.imperial_shown.iter().any(|c| c.is_some());
    match first.filter(|_| card) {
        Some(at) => state.stack.push(Frame::Bid {
            at,
            high: 0,
            leader: None,
            out,
        }),
        None => log.all(|| LogEvent::NoImperialAction),
    }
}

pub(crate) fn legal_bid(state: &GameState, frame: &Frame, out_: &mut impl Out) {
    let Frame::Bid {
        at,
        high,
        leader,
        out,
    } = *frame
    else {
        return;
    };
    let seat = state.order[at as usize];
    let points = state.players[seat.index()].senate_points();
    let others_in = state.seats().any(|s| s != seat && out & (1 << s.0) == 0);
    if leader.is_none() && !others_in {
        // Everyone else has passed and nobody has bid: this player is the winning bidder and
        // bids the least (L337); the card is not let go.
        out_.push(Action::Bid(1));
        return;
    }
    for b in high + 1..=points {
        out_.push(Action::Bid(b));
    }
    out_.push(Action::Pass);
}

pub(crate) fn bid(state: &mut GameState, frame: Frame, action: Action, log: &mut impl EventSink) {
    let Frame::Bid {
        at,
        mut high,
        mut leader,
        mut out,
    } = frame
    else {
        return;
    };
    let seat = state.order[at as usize];
    match action {
        Action::Bid(b) => {
            high = b;
            leader = Some(seat);
            log.all(|| LogEvent::Bid { seat, bid: b });
        }
        _ => {
            out |= 1 << seat.0;
            log.all(|| LogEvent::Passed { seat });
        }
    }
    let n = state.options.players;
    let next = (1..=n)
        .map(|i| (at + i) % n)
        .find(|&i| out & (1 << state.order[i as usize].0) == 0);
    match next {
        None => log.all(|| LogEvent::NoImperialAction),
        Some(i) if Some(state.order[i as usize]) == leader => {
            let winner = state.order[i as usize];
            log.all(|| LogEvent::SenateWon {
                seat: winner,
                bid: high,
            });
            state.stack.push(Frame::Pay {
                seat: winner,
                left: high,
                from: Place::Senate,
                then: Then::Card,
            });
        }
        Some(i) => state.stack.push(Frame::Bid {
            at: i,
            high,
            leader,
            out,
        }),
    }
}

pub(crate) fn legal_card(state: &GameState, out: &mut impl Out) {
    for (i, c) in state.imperial_shown.iter().enumerate() {
        if c.is_some() {
            out.push(Action::Card(i as u8));
        }
    }
}

pub(crate) fn choose_card(
    state: &mut GameState,
    seat: Seat,
    action: Action,
    log: &mut impl EventSink,
) {
    let Action::Card(i) = action else { return };
    let Some(card) = state.imperial_shown[i as usize].take() else {
        return;
    };
    state.action_taken = true;
    imperial::play(state, seat, card, log);
}
