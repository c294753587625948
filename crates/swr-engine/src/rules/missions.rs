//! Revealing a mission: choose where (or against whom), the opponent may oppose with a leader
//! from the pool, both roll dice for their matching skill icons (the portrait adds two
//! successes, ten dice at most), and on success the card's effect runs. Starting missions
//! return to the hand; others are discarded. The action cards and rings that act during a
//! mission have their own steps: Blindside while choosing the target, the Rebel's cards
//! before the roll, R2-D2 and Yoda after it, C-3PO on a failure, and the windows that follow
//! the ability (docs/swr/cards/actions.md).

use super::frames::{Frame, MissionRun, MissionStep};
use crate::action::Action;
use crate::data::cards::ActionCard;
use crate::data::cards::Mission;
use crate::data::leaders::LeaderId;
use crate::data::Side;
use crate::log::{Die, DieColor, EventSink, Face, LogEvent, LogExt};
use crate::rules::effects::{self, actions, Target};
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
        MissionStep::BeforeRoll
        | MissionStep::Astromech
        | MissionStep::Reroll
        | MissionStep::Protocol => Some(Side::Rebel),
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
            window_cards(state, m, m.side, out);
        }
        MissionStep::Oppose => {
            if !m.unopposable {
                out.extend(state.pool(m.side.other()).map(Action::Leader));
            }
            out.push(Action::Done);
        }
        MissionStep::BeforeRoll => {
            window_cards(state, m, Side::Rebel, out);
            out.push(Action::Done);
        }
        MissionStep::Astromech | MissionStep::Reroll | MissionStep::Protocol => {
            actions::legal_ring(state, m, out);
        }
        _ => {}
    }
}

/// The action cards `side` may use at this step of the mission.
fn window_cards(state: &GameState, m: &MissionRun, side: Side, out: &mut Vec<Action>) {
    for &card in &state.cards[side.index()].actions {
        if effects::oppose_window_playable(state, m, card) && !out.contains(&Action::Card(card)) {
            out.push(Action::Card(card));
        }
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
        (MissionStep::ChooseTarget | MissionStep::BeforeRoll, Action::Card(card)) => {
            // The card's own decisions are frames above the mission.
            let at = state.stack.len();
            effects::play_in_oppose_window(state, &mut m, card, log);
            state.stack.insert(at, Frame::Mission(m));
            return;
        }
        (MissionStep::Oppose, Action::Leader(l)) => {
            let place = m.place.expect("placed");
            state.put_leader(l, place, log);
            m.opposed_by = Some(l);
            log.all(LogEvent::Opposed {
                side: m.side.other(),
                leader: l,
            });
            m.step = MissionStep::BeforeRoll;
        }
        (MissionStep::Astromech, Action::Die(_)) => {
            actions::use_ring(state, &mut m, action, log);
            m.step = MissionStep::Reroll;
        }
        (MissionStep::Reroll, Action::Die(_)) => {
            actions::use_ring(state, &mut m, action, log);
            compare(&mut m);
        }
        (MissionStep::Protocol, Action::Leader(_)) => {
            actions::use_ring(state, &mut m, action, log);
            m.step = MissionStep::Resolve;
        }
        _ => decline(&mut m),
    }
    state.stack.push(Frame::Mission(m));
}

/// The current step's question was declined (or had nothing to offer): go on.
fn decline(m: &mut MissionRun) {
    match m.step {
        MissionStep::Oppose => m.step = MissionStep::BeforeRoll,
        MissionStep::BeforeRoll => m.step = MissionStep::Roll,
        MissionStep::Astromech => m.step = MissionStep::Reroll,
        MissionStep::Reroll => compare(m),
        MissionStep::Protocol => m.step = MissionStep::Finish { success: false },
        _ => {}
    }
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
    m.step = if m.mission.info().attempt {
        MissionStep::Oppose
    } else {
        MissionStep::Resolve
    };
}

/// Mission successes of one die: a hit or direct hit 1, a special 2 (rules §2.7).
pub(crate) fn successes(die: Die) -> u8 {
    match die.face {
        Face::Blank => 0,
        Face::Hit | Face::DirectHit => 1,
        Face::Special => 2,
    }
}

/// The chance that a mission whose owner rolls `own` dice and adds `bonus` successes beats an
/// opponent rolling `opposing` dice (more successes than the opponent; unopposed, at least
/// one). Every die, red or black, scores 0, 1 or 2 successes with chances 2/6, 3/6 and 1/6.
pub fn success_chance(own: u8, bonus: u8, opposing: u8) -> f64 {
    /// The distribution of the total successes of `n` dice.
    fn totals(n: u8) -> Vec<f64> {
        let mut dist = vec![1.0];
        for _ in 0..n.min(10) {
            let mut next = vec![0.0; dist.len() + 2];
            for (total, p) in dist.iter().enumerate() {
                next[total] += p * 2.0 / 6.0;
                next[total + 1] += p * 3.0 / 6.0;
                next[total + 2] += p / 6.0;
            }
            dist = next;
        }
        dist
    }
    let (mine, theirs) = (totals(own), totals(opposing));
    let mut chance = 0.0;
    for (a, pa) in mine.iter().enumerate() {
        for (b, pb) in theirs.iter().enumerate() {
            if a + bonus as usize > b {
                chance += pa * pb;
            }
        }
    }
    chance
}

/// The dice each side would roll now (Rebel, Empire) and the owner's extra successes.
pub(crate) fn dice_now(state: &GameState, m: &MissionRun) -> ([u8; 2], u8) {
    let mut dice = [0; 2];
    for side in Side::BOTH {
        dice[side.index()] = dice_count(state, m, side);
    }
    (dice, m.bonus + if portrait_bonus(m) { 2 } else { 0 })
}

/// Completes a roll of `n` dice (ten at most) after the dice already `placed` (One in a
/// Million): red up to five, then black (both colours score alike in missions).
fn roll_mission_dice(state: &mut GameState, mut placed: Vec<Die>, n: u8) -> Vec<Die> {
    let n = n.min(10) as usize;
    let mut red = placed.iter().filter(|d| d.color == DieColor::Red).count();
    while placed.len() < n {
        let color = if red < 5 {
            red += 1;
            DieColor::Red
        } else {
            DieColor::Black
        };
        placed.push(state.roll(color));
    }
    placed
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

/// Whether the mission will be opposed: a leader of the other side takes part in the roll.
pub(crate) fn opposed(state: &GameState, m: &MissionRun) -> bool {
    !rollers(state, m, m.side.other()).is_empty()
}

/// How many dice `side` rolls: the matching skill icons of its leaders there (every icon for
/// the cards that count all of them), ten at most.
pub(crate) fn dice_count(state: &GameState, m: &MissionRun, side: Side) -> u8 {
    let every_icon = matches!(
        m.mission,
        Mission::InterrogationDroid | Mission::LureOfTheDarkSide
    );
    let skill = m.mission.info().skill as usize;
    let n: u8 = rollers(state, m, side)
        .iter()
        .map(|l| {
            let skills = state.leader_values(*l).skills;
            if every_icon {
                skills.iter().sum()
            } else {
                skills[skill]
            }
        })
        .sum();
    // Build Alliance: two more Rebel dice where Rebel units stand (not the base space).
    let alliance = side == Side::Rebel
        && m.mission == Mission::BuildAlliance
        && matches!(m.place, Some(p @ Place::System(_)) if state.has_units(p, Side::Rebel));
    (n + if alliance { 2 } else { 0 }).min(10)
}

/// Successes of `side`'s last roll, the portrait included.
fn score(m: &MissionRun, side: Side) -> u8 {
    let dice: u8 = m.dice[side.index()].iter().map(|d| successes(*d)).sum();
    let owner_bonus = if side == m.side {
        m.bonus + if portrait_bonus(m) { 2 } else { 0 }
    } else {
        0
    };
    dice + owner_bonus
}

/// The attempt succeeds only with more successes than the opponent.
fn compare(m: &mut MissionRun) {
    m.step = if score(m, m.side) > score(m, m.side.other()) {
        MissionStep::Resolve
    } else {
        MissionStep::Protocol
    };
}

/// Leaders carrying the captured or carbonite ring, as bits by index.
fn captive_bits(state: &GameState) -> u32 {
    LeaderId::ALL
        .into_iter()
        .filter(|l| state.leader(*l).is_captive())
        .fold(0, |bits, l| bits | 1 << l.index())
}

pub(crate) fn advance(state: &mut GameState, mut m: MissionRun, log: &mut impl EventSink) -> bool {
    match m.step {
        MissionStep::ChooseTarget => {
            let mut options = Vec::new();
            legal(state, &m, &mut options);
            if options.is_empty() {
                // Nothing left to target: the card goes back unrevealed.
                return_unrevealed(state, &m, log);
                return true;
            }
            state.stack.push(Frame::Mission(m));
            return false;
        }
        MissionStep::BeforeRoll => {
            // Asked when a Rebel card could be used here as far as the Empire can tell: the
            // Rebel holds an action card and one of them would apply (its leader present...).
            let may = !state.cards[Side::Rebel.index()].actions.is_empty()
                && [
                    ActionCard::Undercover,
                    ActionCard::WookieeGuardian,
                    ActionCard::OneInAMillion,
                ]
                .into_iter()
                .any(|card| effects::oppose_window_playable(state, &m, card));
            if may {
                state.stack.push(Frame::Mission(m));
                return false;
            }
            decline(&mut m);
        }
        MissionStep::Oppose
        | MissionStep::Astromech
        | MissionStep::Reroll
        | MissionStep::Protocol => {
            let mut options = Vec::new();
            legal(state, &m, &mut options);
            if options.iter().any(|a| *a != Action::Done) {
                state.stack.push(Frame::Mission(m));
                return false;
            }
            decline(&mut m);
        }
        MissionStep::Roll => {
            if !opposed(state, &m) {
                m.step = MissionStep::Resolve;
            } else {
                for side in [m.side, m.side.other()] {
                    let n = dice_count(state, &m, side);
                    let placed = std::mem::take(&mut m.dice[side.index()]);
                    m.dice[side.index()] = roll_mission_dice(state, placed, n);
                    if log.enabled() {
                        log.all(LogEvent::MissionRoll {
                            side,
                            dice: m.dice[side.index()].clone(),
                            successes: score(&m, side),
                        });
                    }
                }
                m.step = MissionStep::Astromech;
            }
        }
        MissionStep::Resolve => {
            log.all(LogEvent::MissionSucceeded {
                side: m.side,
                mission: m.mission,
            });
            m.step = MissionStep::Resolved {
                captives: captive_bits(state),
            };
            let run = m.clone();
            state.stack.push(Frame::Mission(m));
            effects::resolve_mission(state, &run, log);
            return true;
        }
        MissionStep::Resolved { captives } => {
            m.step = MissionStep::Finish { success: true };
            let run = m.clone();
            state.stack.push(Frame::Mission(m));
            actions::after_mission(state, &run, captives);
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
            // A capture whose answer was left open (Noble Sacrifice) may leave a captive
            // unguarded.
            state.settle(log);
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

pub(crate) fn discard_or_return(state: &mut GameState, side: Side, mission: Mission) {
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

#[cfg(test)]
mod chance_tests {
    use super::success_chance;

    #[test]
    fn mission_chances_match_the_dice() {
        // One die unopposed: a success unless blank (4 in 6).
        assert!((success_chance(1, 0, 0) - 4.0 / 6.0).abs() < 1e-12);
        // No dice and no bonus never succeeds; a bonus alone always does unopposed.
        assert_eq!(success_chance(0, 0, 0), 0.0);
        assert!((success_chance(0, 2, 0) - 1.0).abs() < 1e-12);
        // Equal dice favour the defender (ties fail); more dice help.
        assert!(success_chance(2, 0, 2) < 0.5);
        assert!(success_chance(4, 0, 1) > success_chance(3, 0, 1));
    }
}
