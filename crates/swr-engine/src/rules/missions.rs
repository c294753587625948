//! Revealing a mission: choose where (or against whom), the opponent may oppose with a leader
//! from the pool, both roll dice for their matching skill icons (the portrait adds two
//! successes, ten dice at most), and on success the card's effect runs. Starting missions
//! return to the hand; others are discarded.

use super::frames::{Frame, MissionRun, MissionStep};
use crate::action::Action;
use crate::data::leaders::LeaderId;
use crate::data::Side;
use crate::log::{Die, DieColor, EventSink, Face, LogEvent, LogExt};
use crate::rules::effects::{self, Target};
use crate::state::{Assigned, GameState, LeaderPlace, Place};

/// The matching skill icons of the leaders on a face-down mission.
fn skill_total(
    state: &GameState,
    leaders: &[Option<LeaderId>; 2],
    skill: crate::data::leaders::Skill,
) -> u8 {
    leaders
        .iter()
        .flatten()
        .map(|l| state.leader_values(*l).skills[skill as usize])
        .sum()
}

pub(crate) fn can_reveal(state: &GameState, side: Side, a: &Assigned) -> bool {
    let info = a.mission.info();
    if skill_total(state, &a.leaders, info.skill) < info.requirement {
        return false;
    }
    let mut targets = Vec::new();
    effects::mission_targets(state, side, a.mission, &a.leaders, &mut targets);
    !targets.is_empty()
}

pub(crate) fn actor(m: &MissionRun) -> Option<Side> {
    match m.step {
        MissionStep::ChooseTarget => Some(m.side),
        MissionStep::Oppose => Some(m.side.other()),
        _ => None,
    }
}

pub(crate) fn legal(state: &GameState, m: &MissionRun, out: &mut Vec<Action>) {
    match m.step {
        MissionStep::ChooseTarget => {
            let mut targets = Vec::new();
            effects::mission_targets(state, m.side, m.mission, &m.leaders, &mut targets);
            out.extend(targets.into_iter().map(|t| match t {
                Target::Place(p) => Action::Place(p),
                Target::Leader(l) => Action::Leader(l),
            }));
        }
        MissionStep::Oppose => {
            out.extend(state.pool(m.side.other()).map(Action::Leader));
            for &card in &state.cards[m.side.other().index()].actions {
                if effects::oppose_window_playable(state, m, card) {
                    out.push(Action::Card(card));
                }
            }
            out.push(Action::Done);
        }
        _ => {}
    }
}

pub(crate) fn answer(
    state: &mut GameState,
    mut m: MissionRun,
    action: Action,
    log: &mut impl EventSink,
) {
    match (m.step, action) {
        (MissionStep::ChooseTarget, Action::Place(p)) => {
            m.place = Some(state.resolve_base_space(p));
            start(state, &mut m, log);
        }
        (MissionStep::ChooseTarget, Action::Leader(l)) => {
            m.against = Some(l);
            m.place = match state.leader(l).place {
                LeaderPlace::Board(p) => Some(p),
                _ => None,
            };
            start(state, &mut m, log);
        }
        (MissionStep::Oppose, Action::Leader(l)) => {
            let place = m.place.expect("placed");
            state.put_leader(l, place, log);
            m.opposed_by = Some(l);
            log.all(LogEvent::Opposed {
                side: m.side.other(),
                leader: l,
            });
            m.step = MissionStep::Roll;
        }
        (MissionStep::Oppose, Action::Card(card)) => {
            effects::play_in_oppose_window(state, &mut m, card, log);
        }
        (MissionStep::Oppose, _) => m.step = MissionStep::Roll,
        _ => {}
    }
    state.stack.push(Frame::Mission(m));
}

/// The mission is face up and its target chosen: its leaders go there.
fn start(state: &mut GameState, m: &mut MissionRun, log: &mut impl EventSink) {
    let place = m.place.unwrap_or(Place::RebelBase);
    log.all(LogEvent::MissionRevealed {
        side: m.side,
        slot: m.slot,
        mission: m.mission,
        place,
    });
    for l in m.leaders.into_iter().flatten() {
        state.put_leader(l, place, log);
    }
    m.step = if m.mission.info().attempt && !m.unopposable {
        MissionStep::Oppose
    } else {
        MissionStep::Resolve
    };
}

/// Mission successes of one die: a hit or direct hit 1, a special 2 (docs/swr/rules.md §2.7).
pub(crate) fn successes(die: Die) -> u8 {
    match die.face {
        Face::Blank => 0,
        Face::Hit | Face::DirectHit => 1,
        Face::Special => 2,
    }
}

/// Rolls `n` dice (ten at most): five red, then black (both colours give the same
/// mission odds, so the colour is not a choice worth asking).
pub(crate) fn roll_mission_dice(state: &mut GameState, n: u8) -> Vec<Die> {
    let n = n.min(10);
    (0..n)
        .map(|i| {
            state.roll(if i < 5 {
                DieColor::Red
            } else {
                DieColor::Black
            })
        })
        .collect()
}

/// Leaders of `side` in `place` who take part in a mission's roll.
fn rollers(state: &GameState, m: &MissionRun, side: Side) -> Vec<LeaderId> {
    let place = m.place.unwrap_or(Place::RebelBase);
    state
        .leaders_at(place)
        .filter(|l| {
            let s = state.leader(*l);
            s.controller == side && (!s.is_captive() || m.against == Some(*l))
        })
        .collect()
}

pub(crate) fn advance(state: &mut GameState, mut m: MissionRun, log: &mut impl EventSink) -> bool {
    match m.step {
        MissionStep::ChooseTarget | MissionStep::Oppose => {
            let mut options = Vec::new();
            legal(state, &m, &mut options);
            if m.step == MissionStep::Oppose && options == [Action::Done] {
                m.step = MissionStep::Roll;
            } else if options.is_empty() {
                // Nothing left to target: the card goes back unrevealed.
                return_unrevealed(state, &m, log);
                return true;
            } else {
                state.stack.push(Frame::Mission(m));
                return false;
            }
        }
        MissionStep::Roll => {
            let defenders = rollers(state, &m, m.side.other());
            let success = if !m.mission.info().attempt || m.unopposable || defenders.is_empty() {
                true
            } else {
                let skill = m.mission.info().skill as usize;
                let attackers = rollers(state, &m, m.side);
                let count = |ls: &[LeaderId]| -> u8 {
                    ls.iter()
                        .map(|l| state.leader_values(*l).skills[skill])
                        .sum()
                };
                let (na, nd) = (count(&attackers), count(&defenders));
                let mut results = [0u8; 2];
                for (side, n) in [(m.side, na), (m.side.other(), nd)] {
                    let dice = roll_mission_dice(state, n);
                    let mut s: u8 = dice.iter().map(|d| successes(*d)).sum();
                    if side == m.side && portrait_bonus(&m) {
                        s += 2;
                    }
                    results[side.index()] = s;
                    if log.enabled() {
                        log.all(LogEvent::MissionRoll {
                            side,
                            dice: dice.clone(),
                            successes: s,
                        });
                    }
                    m.dice[side.index()] = dice;
                }
                results[m.side.index()] > results[m.side.other().index()]
            };
            m.step = if success {
                MissionStep::Resolve
            } else {
                MissionStep::Finish { success: false }
            };
        }
        MissionStep::Resolve => {
            log.all(LogEvent::MissionSucceeded {
                side: m.side,
                mission: m.mission,
            });
            m.step = MissionStep::Finish { success: true };
            let run = m.clone();
            state.stack.push(Frame::Mission(m));
            effects::resolve_mission(state, &run, log);
            return true;
        }
        MissionStep::Finish { success } => {
            if !success {
                log.all(LogEvent::MissionFailed {
                    side: m.side,
                    mission: m.mission,
                });
            }
            discard_or_return(state, m.side, m.mission);
            return true;
        }
    }
    state.stack.push(Frame::Mission(m));
    true
}

fn portrait_bonus(m: &MissionRun) -> bool {
    m.mission
        .info()
        .portrait
        .is_some_and(|p| m.leaders.iter().flatten().any(|l| *l == p))
}

pub(crate) fn discard_or_return(
    state: &mut GameState,
    side: Side,
    mission: crate::data::cards::Mission,
) {
    let c = &mut state.cards[side.index()];
    if mission.is_starting() {
        c.missions.push(mission);
    } else if mission.is_project() {
        state.project_discard.push(mission);
    } else {
        c.mission_discard.push(mission);
    }
}

/// The mission cannot go ahead: back to the hand, its leaders to the pool.
fn return_unrevealed(state: &mut GameState, m: &MissionRun, log: &mut impl EventSink) {
    state.cards[m.side.index()].missions.push(m.mission);
    for l in m.leaders.into_iter().flatten() {
        if state.leaders[l.index()].place == LeaderPlace::OnMission(u8::MAX) {
            state.leaders[l.index()].place = LeaderPlace::Pool;
        }
    }
    log.all(LogEvent::MissionReturned {
        side: m.side,
        slot: m.slot,
    });
}
