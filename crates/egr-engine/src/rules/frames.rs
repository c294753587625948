//! The questions in progress: a stack of frames, the top one asked now. Each frame knows who
//! answers it; its legal answers and what an answer does live with the part of the turn it
//! belongs to. A frame with one answer is answered by the engine, one with none is skipped.

use super::{board, covert, imperial, placement, senate, setup, techs, trade, warfare};
use super::{influence, research, specialists, Out};
use crate::action::Action;
use crate::data::{Kind, Place, Planet, Seat};
use crate::log::EventSink;
use crate::state::GameState;
use serde::{Deserialize, Serialize};

/// After a payment in workers is complete.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Then {
    /// Conduct the mission in this face-up slot at `at`.
    Mission { slot: u8, at: Place },
    /// Choose an Imperial Action card.
    Card,
}

/// Who attacks in a battle a defender answers.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Attacker {
    /// The worker in this Warfare slot.
    Warfare { slot: u8 },
    /// The Sentinels of the Galactic War.
    War,
}

/// A card's or technology's effect waiting for a choice.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Effect {
    // Imperial Action cards
    BombardPlanet,
    BombardShip {
        to: Planet,
    },
    BombardSentinels {
        from: Planet,
        left: u8,
    },
    VoxFleet,
    VoxSentinels {
        left: u8,
        done: u8,
    },
    NewCorps,
    BaseSource,
    BaseDestination {
        from: Option<Planet>,
    },
    BaseCount {
        from: Planet,
        to: Planet,
    },
    BaseKill {
        at: Planet,
        left: u8,
    },
    Rebase {
        left: u8,
    },
    AwardRoute,
    AtrocityRemove,
    AtrocityAdd {
        from: Option<Planet>,
    },
    /// Imperial Spies: rival workers worth `left` more points from the Covert Mission box.
    Spies {
        left: u8,
    },
    /// The same, from `victim`'s workers only (one faction, the default ruling).
    SpiesFrom {
        victim: Seat,
        left: u8,
    },
    Propaganda,
    WildfirePlanet,
    WildfireOther {
        planet: Planet,
    },
    AddPieces {
        kind: Kind,
    },
    Plague,
    CivilWar,
    // Covert Mission rewards
    KillRival {
        at: Place,
        kind: Kind,
    },
    SpySentinel,
    DestroyFleet,
    RescueKind,
    // Technologies
    FleetTo,
    PushFleet {
        from: Planet,
    },
    Alliance,
    Hyperdrive {
        left: u8,
    },
    HyperdriveTo {
        from: Planet,
        kind: Kind,
        left: u8,
    },
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Frame {
    /// Set-up: place a starting Rebel on a planet with no Imperial Fleet.
    StartRebel {
        seat: Seat,
        left: u8,
    },
    /// Placement: place one worker.
    Place {
        seat: Seat,
    },
    /// Planetary Influence: where the worker in this slot lands (the numbered slots first,
    /// then X, then Y: `slot` = the number of numbered slots for X, one more for Y).
    Land {
        seat: Seat,
        slot: u8,
    },
    /// Trade Goods: the worker in this slot takes a good (`left` of them).
    TakeGood {
        seat: Seat,
        left: u8,
    },
    /// Covert Mission: the player at `idx` of the mission order conducts one or passes.
    Covert {
        idx: u8,
    },
    /// Pay workers worth `left` more points from a box.
    Pay {
        seat: Seat,
        left: u8,
        from: Place,
        then: Then,
    },
    /// Research: the worker in this slot may buy a technology.
    Research {
        seat: Seat,
        slot: u8,
    },
    /// Warfare: the Hero or Trooper in this slot attacks.
    Attack {
        seat: Seat,
        slot: u8,
    },
    /// A defender chooses the worker that defends.
    Defend {
        seat: Seat,
        planet: Planet,
        by: Attacker,
    },
    /// A defender who lost with a non-military worker chooses a second one to lose.
    SecondLoss {
        seat: Seat,
        planet: Planet,
    },
    /// The paid Specialist slot: 5 UC for a Specialist of any kind, or nothing.
    PaidSpecialist {
        seat: Seat,
    },
    /// The Senate's bidding: the player at `at` of the turn order raises or passes.
    Bid {
        at: u8,
        high: u8,
        leader: Option<Seat>,
        out: u8,
    },
    /// The Senate's winner picks a face-up Imperial Action card.
    ChooseCard {
        seat: Seat,
    },
    Effect {
        seat: Seat,
        effect: Effect,
    },
}

impl Frame {
    pub fn actor(&self, state: &GameState) -> Seat {
        match *self {
            Frame::StartRebel { seat, .. }
            | Frame::Place { seat }
            | Frame::Land { seat, .. }
            | Frame::TakeGood { seat, .. }
            | Frame::Pay { seat, .. }
            | Frame::Research { seat, .. }
            | Frame::Attack { seat, .. }
            | Frame::Defend { seat, .. }
            | Frame::SecondLoss { seat, .. }
            | Frame::PaidSpecialist { seat }
            | Frame::ChooseCard { seat }
            | Frame::Effect { seat, .. } => seat,
            Frame::Covert { idx } => covert::order(state)[idx as usize],
            Frame::Bid { at, .. } => state.order[at as usize],
        }
    }
}

pub(super) fn legal(state: &GameState, frame: &Frame, out: &mut impl Out) {
    match *frame {
        Frame::StartRebel { .. } => setup::legal_start_rebel(state, out),
        Frame::Place { seat } => placement::legal(state, seat, out),
        Frame::Land { seat, slot } => influence::legal_land(state, seat, slot, out),
        Frame::TakeGood { .. } => trade::legal_take(state, out),
        Frame::Covert { idx } => covert::legal(state, covert::order(state)[idx as usize], out),
        Frame::Pay { seat, from, .. } => board::legal_pay(state, seat, from, out),
        Frame::Research { seat, slot } => research::legal(state, seat, slot, out),
        Frame::Attack { seat, slot } => warfare::legal_attack(state, seat, slot, out),
        Frame::Defend { seat, planet, .. } | Frame::SecondLoss { seat, planet } => {
            warfare::legal_defend(state, seat, planet, out)
        }
        Frame::PaidSpecialist { seat } => specialists::legal_paid(state, seat, out),
        Frame::Bid { .. } => senate::legal_bid(state, frame, out),
        Frame::ChooseCard { .. } => senate::legal_card(state, out),
        Frame::Effect { seat, effect } => effect_legal(state, seat, effect, out),
    }
}

fn effect_legal(state: &GameState, seat: Seat, effect: Effect, out: &mut impl Out) {
    use Effect::*;
    match effect {
        KillRival { .. } | SpySentinel | DestroyFleet | RescueKind => {
            covert::legal_reward(state, seat, effect, out)
        }
        FleetTo | PushFleet { .. } | Alliance | Hyperdrive { .. } | HyperdriveTo { .. } => {
            techs::legal_effect(state, seat, effect, out)
        }
        _ => imperial::legal(state, seat, effect, out),
    }
}

pub(super) fn answer(
    state: &mut GameState,
    frame: Frame,
    action: Action,
    log: &mut impl EventSink,
) {
    match frame {
        Frame::StartRebel { seat, left } => setup::start_rebel(state, seat, left, action, log),
        Frame::Place { seat } => placement::place(state, seat, action, log),
        Frame::Land { seat, slot } => influence::land(state, seat, slot, action, log),
        Frame::TakeGood { seat, left } => trade::take(state, seat, left, action, log),
        Frame::Covert { idx } => covert::answer(state, idx, action, log),
        Frame::Pay {
            seat,
            left,
            from,
            then,
        } => board::pay(state, seat, left, from, then, action, log),
        Frame::Research { seat, slot } => research::answer(state, seat, slot, action, log),
        Frame::Attack { seat, slot } => warfare::attack(state, seat, slot, action, log),
        Frame::Defend { seat, planet, by } => warfare::defend(state, seat, planet, by, action, log),
        Frame::SecondLoss { seat, planet } => {
            warfare::second_loss(state, seat, planet, action, log)
        }
        Frame::PaidSpecialist { seat } => specialists::paid(state, seat, action, log),
        Frame::Bid { .. } => senate::bid(state, frame, action, log),
        Frame::ChooseCard { seat } => senate::choose_card(state, seat, action, log),
        Frame::Effect { seat, effect } => {
            use Effect::*;
            match effect {
                KillRival { .. } | SpySentinel | DestroyFleet | RescueKind => {
                    covert::reward(state, seat, effect, action, log)
                }
                FleetTo | PushFleet { .. } | Alliance | Hyperdrive { .. } | HyperdriveTo { .. } => {
                    techs::effect(state, seat, effect, action, log)
                }
                _ => imperial::answer(state, seat, effect, action, log),
            }
        }
    }
}

/// A frame with no legal answer: whatever it would have done does not happen. Only the
/// frames that continue a sequence need to go on.
pub(super) fn skip(state: &mut GameState, frame: Frame, log: &mut impl EventSink) {
    match frame {
        Frame::Covert { idx } => covert::next(state, idx, log),
        Frame::Effect { seat, effect } => imperial::skipped(state, seat, effect, log),
        _ => {}
    }
}
