//! The Assignment and Command phases: missions placed face down with their leaders, then
//! alternating turns (activate a system and move units, reveal a mission, reveal the base,
//! or pass).

use super::effects::Source;
use super::frames::{Frame, MissionRun, MissionStep, MoveWhy, Moving};
use super::movement::may_leave;
use crate::action::Action;
use crate::data::cards::Timing;
use crate::data::leaders::LeaderId;
use crate::data::systems::SystemId;
use crate::data::team::Seat;
use crate::data::units::{Theater, UnitKind};
use crate::data::Side;
use crate::log::{EventSink, LogEvent, LogExt};
use crate::state::{Assigned, GameState, LeaderPlace, Phase, Place, PLACE_COUNT};

// ---------------------------------------------------------------------------------------
// Assignment

pub(crate) fn legal_assignment(state: &GameState, side: Side, out: &mut Vec<Action>) {
    if state.pool(side).next().is_some() {
        let mut seen = Vec::new();
        for &m in &state.cards[side.index()].missions {
            if !seen.contains(&m) {
                seen.push(m);
                out.push(Action::Mission(m));
            }
        }
    }
    for &card in &state.cards[side.index()].actions {
        if card.info().timing == Timing::Assignment
            && crate::rules::effects::assignment_playable(state, side, card)
        {
            out.push(Action::Card(card));
        }
    }
    out.push(Action::Done);
}

pub(crate) fn assignment(
    state: &mut GameState,
    side: Side,
    action: Action,
    log: &mut impl EventSink,
) {
    match action {
        Action::Mission(m) => {
            let c = &mut state.cards[side.index()];
            let i = c.missions.iter().position(|x| *x == m).expect("in hand");
            c.missions.remove(i);
            c.assigned.push(Assigned {
                mission: m,
                leaders: [None, None],
            });
            let slot = (c.assigned.len() - 1) as u8;
            state.stack.push(Frame::Assigning { side, slot });
        }
        Action::Card(card) => crate::rules::effects::play_assignment(state, side, card, log),
        _ => {
            state.phase = match side {
                Side::Rebel => Phase::Assignment { side: Side::Empire },
                Side::Empire => {
                    if let Some(t) = state.team.as_mut() {
                        t.start_command();
                    }
                    Phase::Command {
                        turn: Side::Rebel,
                        passed: [false; 2],
                    }
                }
            };
        }
    }
}

pub(crate) fn legal_assigning(state: &GameState, side: Side, slot: u8, out: &mut Vec<Action>) {
    let a = &state.cards[side.index()].assigned[slot as usize];
    out.extend(state.pool(side).map(Action::Leader));
    if a.leaders[0].is_some() {
        out.push(Action::Done);
    }
}

pub(crate) fn assigning(
    state: &mut GameState,
    side: Side,
    slot: u8,
    action: Action,
    log: &mut impl EventSink,
) {
    let a = &mut state.cards[side.index()].assigned[slot as usize];
    if let Action::Leader(l) = action {
        let first = a.leaders[0].is_none();
        a.leaders[if first { 0 } else { 1 }] = Some(l);
        state.leaders[l.index()].place = LeaderPlace::OnMission(slot);
        if first && state.pool(side).next().is_some() {
            state.stack.push(Frame::Assigning { side, slot });
            return;
        }
    }
    let a = state.cards[side.index()].assigned[slot as usize];
    log.secret(
        side,
        LogEvent::MissionAssigned {
            side,
            slot,
            mission: Some(a.mission),
            leaders: a.leaders,
        },
        LogEvent::MissionAssigned {
            side,
            slot,
            mission: None,
            leaders: a.leaders,
        },
    );
}

// ---------------------------------------------------------------------------------------
// Command phase turns

pub(crate) fn legal_turn(state: &GameState, side: Side, out: &mut Vec<Action>) {
    if side == Side::Rebel && !state.base_revealed && state.base.is_some() {
        out.push(Action::RevealBase);
    }
    let base_space = side == Side::Rebel && !state.base_revealed && state.base.is_some();
    for l in state.pool(side) {
        if state.leader_values(l).tactics.is_some() {
            for s in SystemId::ALL {
                out.push(Action::Activate {
                    leader: l,
                    system: s,
                });
            }
            if base_space {
                out.push(Action::ActivateBase { leader: l });
            }
        }
    }
    for (slot, a) in state.cards[side.index()].assigned.iter().enumerate() {
        if crate::rules::missions::can_reveal(state, side, a) {
            out.push(Action::Reveal(slot as u8));
        }
    }
    out.push(Action::Pass);
}

pub(crate) fn turn(state: &mut GameState, side: Side, action: Action, log: &mut impl EventSink) {
    let Phase::Command { passed, .. } = state.phase else {
        return;
    };
    match action {
        // Still this player's turn: the phase does not change.
        Action::RevealBase => {
            state.reveal_base(log);
            state.settle(log);
        }
        Action::Pass => {
            let mut passed = passed;
            // The team game: a seat passes for itself; the side has passed once both have.
            let turn = match state.team.as_mut() {
                Some(t) => {
                    log.all(LogEvent::SeatPassed {
                        seat: Seat::new(side, t.turn),
                    });
                    let (turn, sides) = t.pass(side);
                    passed = sides;
                    turn
                }
                None => {
                    log.all(LogEvent::Passed { side });
                    passed[side.index()] = true;
                    side.other()
                }
            };
            state.phase = Phase::Command { turn, passed };
        }
        Action::Activate { leader, system } => {
            state.phase = Phase::Command {
                turn: next_turn(state, side, passed),
                passed,
            };
            state.put_leader(leader, Place::System(system), log);
            log.all(LogEvent::Activated {
                side,
                leader,
                system,
            });
            state.stack.push(Frame::Moving(Moving::new(
                side,
                Place::System(system),
                MoveWhy::Activation,
            )));
        }
        Action::ActivateBase { leader } => {
            state.phase = Phase::Command {
                turn: next_turn(state, side, passed),
                passed,
            };
            state.put_leader(leader, Place::RebelBase, log);
            log.all(LogEvent::ActivatedBase { leader });
            state.stack.push(Frame::Moving(Moving::new(
                side,
                Place::RebelBase,
                MoveWhy::Activation,
            )));
        }
        Action::Reveal(slot) => {
            state.phase = Phase::Command {
                turn: next_turn(state, side, passed),
                passed,
            };
            let a = state.take_assigned(side, slot);
            let attempt = a.mission.info().attempt;
            let on_it = |l: LeaderId| a.leaders.contains(&Some(l));
            // Misdirection: the Empire may not send a leader against this one's attempts.
            let misdirected = side == Side::Rebel
                && attempt
                && a.leaders
                    .iter()
                    .flatten()
                    .any(|l| state.marks.misdirected & 1 << l.index() != 0);
            // Contingency Plan: Lando's next attempt this round gains two successes.
            let bonus = if side == Side::Rebel
                && attempt
                && state.marks.lando_bonus
                && on_it(LeaderId::Lando)
            {
                state.marks.lando_bonus = false;
                2
            } else {
                0
            };
            for l in a.leaders.into_iter().flatten() {
                // Off the card, not yet on the board: placed when the target is chosen.
                state.leaders[l.index()].place = LeaderPlace::OnMission(u8::MAX);
            }
            state.stack.push(Frame::Mission(MissionRun {
                side,
                slot,
                mission: a.mission,
                leaders: a.leaders,
                step: MissionStep::ChooseTarget,
                place: None,
                against: None,
                opposed_by: None,
                unopposable: misdirected,
                dice: [Vec::new(), Vec::new()],
                bonus,
            }));
        }
        _ => {}
    }
}

/// Who takes the next turn: the other player unless they have passed (the team game: the
/// next seat in the Command order that has not passed).
fn next_turn(state: &mut GameState, side: Side, passed: [bool; 2]) -> Side {
    if let Some(t) = state.team.as_mut() {
        return t.next_turn(side);
    }
    if passed[side.other().index()] {
        side
    } else {
        side.other()
    }
}

impl GameState {
    /// Removes a face-down mission, renumbering the leaders on later ones.
    pub(crate) fn take_assigned(&mut self, side: Side, slot: u8) -> Assigned {
        let a = self.cards[side.index()].assigned.remove(slot as usize);
        for st in self.leaders.iter_mut() {
            if let LeaderPlace::OnMission(i) = st.place {
                if i != u8::MAX && i > slot && st.controller == side {
                    st.place = LeaderPlace::OnMission(i - 1);
                }
            }
        }
        a
    }
}

// ---------------------------------------------------------------------------------------
// Moving units

impl Moving {
    pub(crate) fn new(side: Side, to: Place, why: MoveWhy) -> Moving {
        Moving {
            side,
            to,
            why,
            capacity: [0; PLACE_COUNT],
            carried: [0; PLACE_COUNT],
            sources: 0,
            ground_arrived: false,
            budget: u8::MAX,
        }
    }
}

/// The places units may come from.
fn sources(state: &GameState, m: &Moving) -> Vec<Place> {
    let mut out = Vec::new();
    match (m.why, m.to) {
        (MoveWhy::Activation, Place::System(to)) => {
            out.extend(to.neighbours().map(Place::System));
            if m.side == Side::Rebel && !state.base_revealed {
                if let Some(base) = state.base {
                    if base == to || base.is_adjacent(to) {
                        out.push(Place::RebelBase);
                    }
                }
            }
        }
        (MoveWhy::Activation, Place::RebelBase) => {
            // Into the hidden base: from its system and the systems next to it.
            if let Some(base) = state.base {
                out.push(Place::System(base));
                out.extend(base.neighbours().map(Place::System));
            }
        }
        (MoveWhy::FromBase, _) => {
            // Out of the Rebel Base space (the base's system once revealed): never from the
            // hidden system itself, which would tell the Empire where it is.
            let base = state.resolve_base_space(Place::RebelBase);
            if base != m.to {
                out.push(base);
            }
        }
    }
    // A leader of the mover's side pins the units where it stands (Start the Evacuation
    // waives only adjacency).
    let source = (m.why == MoveWhy::FromBase).then_some(Source::Action(
        crate::data::cards::ActionCard::StartTheEvacuation,
    ));
    out.retain(|p| may_leave(state, *p, m.side, source));
    out
}

pub(crate) fn legal_moving(state: &GameState, m: &Moving, out: &mut Vec<Action>) {
    if m.budget > 0 {
        for from in sources(state, m) {
            let row = state.units_at(from);
            for &k in UnitKind::of(m.side) {
                if row[k.index()] == 0 || k.info().immobile {
                    continue;
                }
                if k.info().needs_transport && m.capacity[from.index()] <= m.carried[from.index()] {
                    continue;
                }
                out.push(Action::Move { kind: k, from });
            }
            // The Empire moves captives like ground units (they take no transport room).
            if m.side == Side::Empire && m.capacity[from.index()] > 0 {
                for l in state.leaders_at(from) {
                    if state.leader(l).is_captive() {
                        out.push(Action::Leader(l));
                    }
                }
            }
        }
    }
    out.push(Action::Done);
}

pub(crate) fn moving(
    state: &mut GameState,
    mut m: Moving,
    action: Action,
    log: &mut impl EventSink,
) {
    match action {
        Action::Move { kind, from } => {
            let info = kind.info();
            m.capacity[from.index()] = m.capacity[from.index()].saturating_add(info.transport);
            if info.needs_transport {
                m.carried[from.index()] += 1;
            }
            m.sources |= 1u64 << from.index();
            if kind.side() == Side::Empire && kind.theater() == Theater::Ground {
                m.ground_arrived = true;
            }
            m.budget = m.budget.saturating_sub(1);
            let to = state.resolve_base_space(m.to);
            state.move_unit(kind, from, to, log);
            state.stack.push(Frame::Moving(m));
        }
        Action::Leader(l) => {
            state.leaders[l.index()].place = LeaderPlace::Board(m.to);
            log.all(LogEvent::LeaderMoved {
                leader: l,
                to: m.to,
            });
            state.stack.push(Frame::Moving(m));
        }
        _ => finish_move(state, &m, log),
    }
}

/// After moving: the base is revealed if Imperial ground units arrived there, combat if both
/// sides now share a theatre, then subjugation and the immediate wins.
pub(crate) fn finish_move(state: &mut GameState, m: &Moving, log: &mut impl EventSink) {
    let Place::System(to) = state.resolve_base_space(m.to) else {
        state.settle(log);
        return;
    };
    if m.ground_arrived && state.base == Some(to) {
        state.reveal_base(log);
    }
    if state.combat_due(to) {
        state.start_combat(to, m.side, m.sources, log);
    }
    state.settle(log);
}
