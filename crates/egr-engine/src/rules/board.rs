//! Small moves every part of the turn uses: who may land where, pieces to and from the
//! supply, coins, payments in workers, and the draws from what remains (decks, tiles, bag).

use super::frames::{Frame, Then};
use super::{covert, Out};
use crate::action::Action;
use crate::data::{Kind, Place, Planet, Seat, MAX_CUBES};
use crate::log::{EventSink, LogEvent, LogExt, Why};
use crate::state::GameState;
use game_kit::Rng;

/// How pieces arrive on a planet, which decides what bars them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Arrival {
    /// From the Planetary Influence box, or moved by Miniaturized Hyperdrive: an Imperial
    /// Fleet bars it (L230, L519; ruling for the Hyperdrive).
    Sent,
    /// Placed by a card or a technology: an Imperial Fleet bars it only under the
    /// `fleets_bar_cards` ruling.
    Card,
}

/// The Rebel Fleet's shelter, the one check every rule that sends something to a planet or
/// strikes it goes through: no rival piece and no Sentinel may be sent to its planet, by any
/// means (L829, L892), and rivals may not attack it (L286, L530). `seat` is who sends or
/// strikes (`None`: the Empire, for Sentinels and Imperial Action cards' strikes); the fleet's
/// owner is never barred.
pub(crate) fn sheltered(state: &GameState, planet: Planet, seat: Option<Seat>) -> bool {
    matches!(state.rebel_fleet, Some((p, owner)) if p == planet && Some(owner) != seat)
}

/// Whether `seat`'s pieces may arrive on `planet`: never where a rival owns the Rebel Fleet
/// (L530, L829), and not under an Imperial Fleet as `how` says.
pub(crate) fn may_land(state: &GameState, seat: Seat, planet: Planet, how: Arrival) -> bool {
    if sheltered(state, planet, Some(seat)) {
        return false;
    }
    let fleet = state.planets[planet.index()].imperial_fleet;
    match how {
        Arrival::Sent => !fleet,
        Arrival::Card => !(fleet && state.options.rulings.fleets_bar_cards),
    }
}

/// Whether Sentinels may be sent to `planet` (and an Imperial Action card may strike it as
/// their destination): not where the Rebel Fleet is (L829).
pub(crate) fn sentinels_may_go(state: &GameState, planet: Planet) -> bool {
    !sheltered(state, planet, None)
}

pub(crate) fn pieces_mut(state: &mut GameState, seat: Seat, at: Place) -> &mut [u8; 6] {
    match at {
        Place::Planet(p) => &mut state.planets[p.index()].workers[seat.index()],
        Place::Covert => &mut state.players[seat.index()].covert,
        Place::Senate => &mut state.players[seat.index()].senate,
    }
}

pub(crate) fn pieces(state: &GameState, seat: Seat, at: Place) -> &[u8; 6] {
    match at {
        Place::Planet(p) => &state.planets[p.index()].workers[seat.index()],
        Place::Covert => &state.players[seat.index()].covert,
        Place::Senate => &state.players[seat.index()].senate,
    }
}

/// Up to `n` pieces of `kind` from `seat`'s supply to `at`; returns how many came.
pub(crate) fn add(
    state: &mut GameState,
    seat: Seat,
    kind: Kind,
    at: Place,
    n: u8,
    log: &mut impl EventSink,
) -> u8 {
    let supply = &mut state.players[seat.index()].supply[kind.index()];
    let count = n.min(*supply);
    *supply -= count;
    pieces_mut(state, seat, at)[kind.index()] += count;
    if count > 0 {
        log.all(|| LogEvent::Added {
            seat,
            kind,
            at,
            count,
        });
    }
    count
}

/// Up to `n` pieces of `kind` of `seat` at `at` back to the supply; returns how many went.
pub(crate) fn eliminate(
    state: &mut GameState,
    seat: Seat,
    kind: Kind,
    at: Place,
    n: u8,
    log: &mut impl EventSink,
) -> u8 {
    let here = &mut pieces_mut(state, seat, at)[kind.index()];
    let count = n.min(*here);
    *here -= count;
    state.players[seat.index()].supply[kind.index()] += count;
    if count > 0 {
        log.all(|| LogEvent::Eliminated {
            seat: Some(seat),
            kind,
            at,
            count,
        });
    }
    count
}

/// Up to `n` pieces from `seat`'s supply into their hand, for the next placement.
pub(crate) fn to_hand(
    state: &mut GameState,
    seat: Seat,
    kind: Kind,
    n: u8,
    log: &mut impl EventSink,
) -> u8 {
    let p = &mut state.players[seat.index()];
    let count = n.min(p.supply[kind.index()]);
    p.supply[kind.index()] -= count;
    p.hand[kind.index()] += count;
    if count > 0 {
        log.all(|| LogEvent::ToHand { seat, kind, count });
    }
    count
}

pub(crate) fn gain(
    state: &mut GameState,
    seat: Seat,
    coins: u16,
    why: Why,
    log: &mut impl EventSink,
) {
    if coins == 0 {
        return;
    }
    state.players[seat.index()].coins += coins;
    state.coins_out += coins as u32;
    log.all(|| LogEvent::Gained { seat, coins, why });
}

/// Pays up to `coins` to the bank; returns what was paid.
pub(crate) fn pay_coins(
    state: &mut GameState,
    seat: Seat,
    coins: u16,
    why: Why,
    log: &mut impl EventSink,
) -> u16 {
    let have = &mut state.players[seat.index()].coins;
    let paid = coins.min(*have);
    *have -= paid;
    state.coins_out -= paid as u32;
    if paid > 0 {
        log.all(|| LogEvent::Paid {
            seat,
            coins: paid,
            why,
        });
    }
    paid
}

/// Permanent Military Science cubes, up to the cap of ten (L298).
pub(crate) fn gain_cubes(state: &mut GameState, seat: Seat, n: u8, log: &mut impl EventSink) {
    let cubes = &mut state.players[seat.index()].cubes;
    let count = n.min(MAX_CUBES - *cubes);
    *cubes += count;
    if count > 0 {
        log.all(|| LogEvent::CubesGained { seat, count });
    }
}

/// Up to `n` Sentinels from the supply to `planet`; returns how many came.
pub(crate) fn add_sentinels(
    state: &mut GameState,
    planet: Planet,
    n: u8,
    log: &mut impl EventSink,
) -> u8 {
    let count = n.min(state.sentinel_supply);
    state.sentinel_supply -= count;
    state.planets[planet.index()].sentinels += count;
    if count > 0 {
        log.all(|| LogEvent::SentinelsAdded { planet, count });
    }
    count
}

pub(crate) fn remove_sentinels(
    state: &mut GameState,
    planet: Planet,
    n: u8,
    log: &mut impl EventSink,
) -> u8 {
    let here = &mut state.planets[planet.index()].sentinels;
    let count = n.min(*here);
    *here -= count;
    state.sentinel_supply += count;
    if count > 0 {
        log.all(|| LogEvent::SentinelsRemoved { planet, count });
    }
    count
}

/// Workers of every seat on a planet.
pub(crate) fn workers_on(state: &GameState, planet: Planet) -> u8 {
    state.planets[planet.index()]
        .workers
        .iter()
        .map(|w| w.iter().sum::<u8>())
        .sum()
}

/// A draw from what remains, weighted by the counts; `None` when nothing remains.
pub(crate) fn draw_counted(rng: &mut Rng, counts: &[u8]) -> Option<usize> {
    let total: usize = counts.iter().map(|&c| c as usize).sum();
    if total == 0 {
        return None;
    }
    let mut pick = rng.below(total);
    for (i, &c) in counts.iter().enumerate() {
        if pick < c as usize {
            return Some(i);
        }
        pick -= c as usize;
    }
    None
}

/// A uniform draw of one set bit.
pub(crate) fn draw_bit(rng: &mut Rng, mask: u64) -> Option<usize> {
    let n = mask.count_ones() as usize;
    if n == 0 {
        return None;
    }
    let mut pick = rng.below(n);
    let mut m = mask;
    loop {
        let i = m.trailing_zeros() as usize;
        if pick == 0 {
            return Some(i);
        }
        pick -= 1;
        m &= m - 1;
    }
}

impl GameState {
    /// Three cubes out of the bag holding `attacker` and `defender` cubes, one at a time
    /// without replacement (L288): how many of them are the attacker's.
    pub(crate) fn bag(&mut self, attacker: u8, defender: u8) -> u8 {
        #[cfg(test)]
        if !self.scripted_draws.is_empty() {
            return self.scripted_draws.remove(0);
        }
        let (mut a, mut d, mut drawn) = (attacker as usize, defender as usize, 0);
        for _ in 0..3 {
            if self.rng.below(a + d) < a {
                a -= 1;
                drawn += 1;
            } else {
                d -= 1;
            }
        }
        drawn
    }
}

/// The kinds `seat` can pay with from the box.
pub(crate) fn legal_pay(state: &GameState, seat: Seat, from: Place, out: &mut impl Out) {
    let box_ = pieces(state, seat, from);
    for k in Kind::ALL {
        if box_[k.index()] > 0 {
            out.push(Action::Pay(k));
        }
    }
}

/// One worker paid; the next one asked for, or what the payment was for done.
pub(crate) fn pay(
    state: &mut GameState,
    seat: Seat,
    left: u8,
    from: Place,
    then: Then,
    action: Action,
    log: &mut impl EventSink,
) {
    let Action::Pay(kind) = action else { return };
    pieces_mut(state, seat, from)[kind.index()] -= 1;
    state.players[seat.index()].supply[kind.index()] += 1;
    log.all(|| LogEvent::WorkerPaid { seat, kind, from });
    let points = match from {
        Place::Senate => kind.senate_points(),
        _ => kind.covert_points(),
    };
    let left = left.saturating_sub(points);
    if left > 0 {
        state.stack.push(Frame::Pay {
            seat,
            left,
            from,
            then,
        });
    } else {
        paid(state, seat, then, log);
    }
}

/// What a completed payment buys.
pub(crate) fn paid(state: &mut GameState, seat: Seat, then: Then, log: &mut impl EventSink) {
    match then {
        Then::Mission { slot, at } => covert::conduct(state, seat, slot, at, log),
        Then::Card => state.stack.push(Frame::ChooseCard { seat }),
    }
}
