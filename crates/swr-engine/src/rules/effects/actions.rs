//! Action cards: when each may be used and what it does, and what the rings they attach do
//! during missions (docs/swr/cards/actions.md). A card leaves the hand face up before its
//! effect runs. Its choices are [`Effect`] frames: `step` is one of the constants below,
//! `place` the system it acts in, `leader` the leader it places, `count` what it has done so
//! far and `memo` the places units came from.

use super::{Effect, Source};
use crate::action::Action;
use crate::data::cards::{ActionCard, Mission, Timing};
use crate::data::leaders::{LeaderId, Skill};
use crate::data::systems::named::{BESPIN, KASHYYYK};
use crate::data::systems::SystemId;
use crate::data::units::{Health, Theater, UnitKind};
use crate::data::Side;
use crate::log::{Die, DieColor, EventSink, Face, LogEvent, LogExt, Reshuffled};
use crate::rules::combat::{self, Combat, CombatStep};
use crate::rules::frames::{Frame, MissionRun, MissionStep, MoveWhy, Moving};
use crate::rules::missions;
use crate::rules::movement::may_leave;
use crate::state::{Assigned, GameState, LeaderPlace, Place, Ring};
use ActionCard::*;
use LeaderId::*;

/// Choose the system the card's leader goes to.
pub const SYSTEM: u8 = 0;
/// Choose which of the leaders shown on the card acts.
pub const LEADER: u8 = 1;
/// Choose a card from the deck being searched.
pub const SEARCH: u8 = 2;
/// Choose units to move or destroy, one at a time.
pub const UNITS: u8 = 3;
/// Independent Operation: the Empire chooses where its ground units go.
pub const DESTINATION: u8 = 4;
/// More Dangerous Than You Realize: `Die(0)` draws from the space deck, `Die(1)` ground.
pub const DECK: u8 = 5;
/// One in a Million: `Die(i)` places a die showing `PLACEABLE[i]`.
pub const FACES: u8 = 6;
/// Right after the event that opens a Special card or a ring: use it or decline.
pub const WINDOW: u8 = 7;

const fn die(color: DieColor, face: Face) -> Die {
    Die { color, face }
}

/// The faces a die may show: red has all four, black has no direct hit.
const PLACEABLE: [Die; 7] = [
    die(DieColor::Red, Face::Hit),
    die(DieColor::Red, Face::DirectHit),
    die(DieColor::Red, Face::Special),
    die(DieColor::Red, Face::Blank),
    die(DieColor::Black, Face::Hit),
    die(DieColor::Black, Face::Special),
    die(DieColor::Black, Face::Blank),
];

// ---------------------------------------------------------------------------------------
// Shared questions

/// A leader of `side`, free, standing at `place`: what the presence rule asks (A.2 item 4).
fn present(state: &GameState, l: LeaderId, place: Place, side: Side) -> bool {
    let s = state.leader(l);
    s.place == LeaderPlace::Board(place) && s.controller == side && !s.is_captive()
}

/// One of the leaders shown on `card` is present at `place` for the card's owner (and, for
/// a Rebel card, `place` is not under Boba Fett's bounty).
pub(crate) fn shown_present(state: &GameState, card: ActionCard, place: Place) -> bool {
    if card.side() == Side::Rebel && in_bounty_zone(state, place) {
        return false;
    }
    card.info()
        .leaders
        .iter()
        .any(|l| present(state, *l, place, card.side()))
}

/// Boba Fett? Where? marked this system: no Rebel mission attempts or action cards there.
pub(crate) fn in_bounty_zone(state: &GameState, place: Place) -> bool {
    place
        .system()
        .is_some_and(|s| state.marks.bounty_zone == Some(s))
}

fn pooled(state: &GameState, l: LeaderId, side: Side) -> bool {
    let s = state.leader(l);
    s.place == LeaderPlace::Pool && s.controller == side
}

fn holds(state: &GameState, card: ActionCard) -> bool {
    state.cards(card.side()).actions.contains(&card)
}

/// The card is revealed and leaves the game.
pub(crate) fn use_card(state: &mut GameState, card: ActionCard, log: &mut impl EventSink) {
    let side = card.side();
    let hand = &mut state.cards[side.index()].actions;
    if let Some(i) = hand.iter().position(|c| *c == card) {
        hand.remove(i);
    }
    log.all(LogEvent::ActionCardUsed { side, card });
}

fn ask(state: &mut GameState, e: Effect) {
    state.stack.push(Frame::Effect(e));
}

/// The Rebel leader carrying `ring`, if he stands free at `place`.
fn ring_bearer(state: &GameState, ring: Ring, place: Place) -> Option<LeaderId> {
    LeaderId::ALL
        .into_iter()
        .find(|l| state.leader(*l).ring == Some(ring) && present(state, *l, place, Side::Rebel))
}

/// The ring's one use: it comes off its bearer.
fn discard_ring(state: &mut GameState, ring: Ring, place: Place, log: &mut impl EventSink) {
    if let Some(leader) = ring_bearer(state, ring, place) {
        state.leaders[leader.index()].ring = None;
        log.all(LogEvent::RingDiscarded { leader, ring });
    }
}

/// The mission being carried out (its frame is below the card's).
fn mission(state: &GameState) -> Option<&MissionRun> {
    state.stack.iter().rev().find_map(|f| match f {
        Frame::Mission(m) => Some(m),
        _ => None,
    })
}

/// The roll One in a Million places dice for: the nearest mission or combat on the stack.
enum RollAhead<'a> {
    Mission(&'a mut MissionRun),
    Combat(&'a mut Combat),
}

fn roll_ahead_mut(state: &mut GameState) -> Option<RollAhead<'_>> {
    state.stack.iter_mut().rev().find_map(|f| match f {
        Frame::Mission(m) => Some(RollAhead::Mission(m)),
        Frame::Combat(c) => Some(RollAhead::Combat(c)),
        _ => None,
    })
}

/// Whether One in a Million may place `die` in the coming roll: missions take any colour up
/// to the dice they roll; a combat attack only the colours its units roll.
fn may_place(state: &GameState, die: Die) -> bool {
    let ahead = state.stack.iter().rev().find_map(|f| match f {
        Frame::Mission(m) => Some(Err(m)),
        Frame::Combat(c) => Some(Ok(c)),
        _ => None,
    });
    match ahead {
        Some(Err(m)) => {
            (m.dice[Side::Rebel.index()].len() as u8) < missions::dice_count(state, m, Side::Rebel)
        }
        Some(Ok(c)) => {
            let CombatStep::Roll { theater, .. } = c.step else {
                return false;
            };
            let (red, black) = combat::attack_pool(state, c, Side::Rebel, theater);
            let of = |color| c.placed.iter().filter(|d| d.color == color).count() as u32;
            match die.color {
                DieColor::Red => of(DieColor::Red) < red,
                DieColor::Black => of(DieColor::Black) < black,
            }
        }
        None => false,
    }
}

/// Before a Rebel combat roll: One in a Million might be used, as far as the Empire can
/// tell (the Rebel holds an action card, Luke or Wedge is there, dice will be rolled).
pub(crate) fn one_in_a_million_may_apply(state: &GameState, c: &Combat) -> bool {
    let CombatStep::Roll { theater, .. } = c.step else {
        return false;
    };
    let (red, black) = combat::attack_pool(state, c, Side::Rebel, theater);
    !state.cards[Side::Rebel.index()].actions.is_empty()
        && red + black > 0
        && shown_present(state, OneInAMillion, Place::System(c.system))
}

/// One in a Million in a combat: choose the faces of up to two dice of the coming roll.
pub(crate) fn play_one_in_a_million(
    state: &mut GameState,
    card: ActionCard,
    log: &mut impl EventSink,
) {
    use_card(state, card, log);
    let mut e = Effect::new(Source::Action(card), Side::Rebel);
    e.step = FACES;
    ask(state, e);
}

fn combat(state: &GameState) -> Option<&Combat> {
    state.stack.iter().rev().find_map(|f| match f {
        Frame::Combat(c) => Some(&**c),
        _ => None,
    })
}

/// Runs `f` on the combat below the card's frame, with the state at hand.
fn with_combat(state: &mut GameState, f: impl FnOnce(&mut GameState, &mut Combat)) {
    let Some(i) = state
        .stack
        .iter()
        .rposition(|f| matches!(f, Frame::Combat(_)))
    else {
        return;
    };
    if let Frame::Combat(mut c) = state.stack.remove(i) {
        f(state, &mut c);
        state.stack.insert(i, Frame::Combat(c));
    }
}

fn health(kind: UnitKind) -> u8 {
    match kind.info().health {
        Health::Red(h) | Health::Black(h) => h,
        Health::None => u8::MAX,
    }
}

// ---------------------------------------------------------------------------------------
// Assignment cards

/// The leader an Assignment card puts on the board (Proceeding as Planned: see `LEADER`).
fn card_leader(card: ActionCard) -> LeaderId {
    card.info().leaders[0]
}

/// The leader An Old Friend recruits in `s`.
fn old_friend(s: SystemId) -> Option<LeaderId> {
    match s {
        BESPIN => Some(Lando),
        KASHYYYK => Some(Chewbacca),
        _ => None,
    }
}

/// Where Independent Operation may send the Imperial ground units of `from`: another
/// Imperial system without Rebel ground units.
fn destinations(state: &GameState, from: SystemId) -> impl Iterator<Item = SystemId> + '_ {
    SystemId::ALL.into_iter().filter(move |d| {
        *d != from
            && state.is_imperial_system(*d)
            && !state.has_theater(Place::System(*d), Side::Rebel, Theater::Ground)
    })
}

/// Whether an Assignment card may send its leader to `s`.
fn system_allowed(state: &GameState, card: ActionCard, s: SystemId) -> bool {
    let here = Place::System(s);
    match card {
        BrilliantAdministrator | BobaFettWhere => state.is_imperial_system(s),
        CatchThemBySurprise | ScoutingMission => true,
        LocalRumors => state.has_units(here, Side::Empire),
        PublicSupport => {
            state.is_imperial_system(s) && !state.has_theater(here, Side::Rebel, Theater::Ground)
        }
        StartTheEvacuation => !state.has_units(here, Side::Empire),
        TemporaryAlliance => {
            let st = state.system(s);
            st.loyalty.is_none() && !st.subjugated
        }
        Ambush => state.has_theater(here, Side::Empire, Theater::Ground),
        AnOldFriend => {
            old_friend(s).is_some_and(|l| state.leader(l).place == LeaderPlace::Unrecruited)
        }
        IndependentOperation => {
            state.system(s).subjugated && destinations(state, s).next().is_some()
        }
        _ => false,
    }
}

fn systems_for(state: &GameState, card: ActionCard) -> impl Iterator<Item = SystemId> + '_ {
    SystemId::ALL
        .into_iter()
        .filter(move |s| system_allowed(state, card, *s))
}

pub(crate) fn assignment_playable(state: &GameState, side: Side, card: ActionCard) -> bool {
    if card.side() != side || card.info().timing != Timing::Assignment {
        return false;
    }
    let ready = |l| pooled(state, l, side);
    match card {
        ProceedingAsPlanned => (ready(Ozzel) || ready(Jerjerrod)) && !state.project_deck.is_empty(),
        OurMostDesperateHour => ready(Leia) && !state.cards(side).mission_deck.is_empty(),
        RebelPlanning => ready(Dodonna),
        _ => ready(card_leader(card)) && systems_for(state, card).next().is_some(),
    }
}

pub(crate) fn play_assignment(
    state: &mut GameState,
    side: Side,
    card: ActionCard,
    log: &mut impl EventSink,
) {
    use_card(state, card, log);
    let mut e = Effect::new(Source::Action(card), side);
    match card {
        RebelPlanning => {
            state.put_leader(Dodonna, Place::RebelBase, log);
            state.draw_objective(log);
            return;
        }
        ProceedingAsPlanned => {
            let leaders: Vec<LeaderId> = [Ozzel, Jerjerrod]
                .into_iter()
                .filter(|l| pooled(state, *l, side))
                .collect();
            if let [l] = leaders[..] {
                e.leader = Some(l);
                e.step = SEARCH;
            } else {
                e.step = LEADER;
            }
        }
        OurMostDesperateHour => {
            e.leader = Some(Leia);
            e.step = SEARCH;
        }
        _ => {
            e.leader = Some(card_leader(card));
            e.step = SYSTEM;
        }
    }
    ask(state, e);
}

/// The card's leader is in `s`: what the card does there.
fn in_system(state: &mut GameState, mut e: Effect, s: SystemId, log: &mut impl EventSink) {
    let Source::Action(card) = e.source else {
        return;
    };
    let here = Place::System(s);
    if let Some(l) = e.leader {
        state.put_leader(l, here, log);
    }
    e.place = Some(here);
    match card {
        BrilliantAdministrator | TemporaryAlliance => {
            let icons = crate::rules::refresh::icons_of(state, e.side, s);
            if !icons.is_empty() {
                state.stack.push(Frame::Build {
                    side: e.side,
                    icons,
                });
            }
        }
        // A bounty on the Rebels here until the Command phase ends.
        BobaFettWhere => state.marks.bounty_zone = Some(s),
        CatchThemBySurprise => state.stack.push(Frame::Moving(Moving::new(
            Side::Empire,
            here,
            MoveWhy::Activation,
        ))),
        LocalRumors => {
            if let Some(base) = state.base {
                log.all(LogEvent::BaseRegionTold {
                    system: s,
                    same_region: base.region() == s.region(),
                });
            }
        }
        PublicSupport => {
            // Janus does not keep the Imperial units here in place this round.
            if let Some(l) = e.leader {
                state.marks.unpinning |= 1 << l.index();
            }
            let kind = UnitKind::Stormtrooper;
            for _ in 0..3 {
                if state.take_from_supply(kind) {
                    state.add_unit(here, kind);
                    log.all(LogEvent::UnitPlaced { kind, place: here });
                }
            }
            state.settle(log);
        }
        StartTheEvacuation => {
            // A Rebel leader in the base space keeps every unit there (the movement rules).
            let base = state.resolve_base_space(Place::RebelBase);
            if may_leave(state, base, Side::Rebel, Some(e.source)) {
                state.stack.push(Frame::Moving(Moving::new(
                    Side::Rebel,
                    here,
                    MoveWhy::FromBase,
                )));
            }
        }
        AnOldFriend => {
            if let Some(friend) = old_friend(s) {
                log.all(LogEvent::LeaderRecruited {
                    side: Side::Rebel,
                    leader: friend,
                });
                state.put_leader(friend, here, log);
            }
        }
        ScoutingMission | Ambush => {
            e.step = UNITS;
            choose_units(state, e, log);
        }
        IndependentOperation => {
            e.step = DESTINATION;
            e.actor = Side::Empire;
            ask(state, e);
        }
        _ => {}
    }
}

/// Asks for the next unit while there is one to choose; otherwise the card is done.
fn choose_units(state: &mut GameState, e: Effect, log: &mut impl EventSink) {
    let mut options = Vec::new();
    legal(state, &e, &mut options);
    if options.iter().any(|a| *a != Action::Done) {
        ask(state, e);
    } else {
        units_chosen(state, &e, log);
    }
}

fn units_chosen(state: &mut GameState, e: &Effect, log: &mut impl EventSink) {
    if let (Source::Action(ScoutingMission), Some(Place::System(s))) = (e.source, e.place) {
        if state.both_in_theater(s, Theater::Space) {
            state.start_combat(s, Side::Empire, e.memo, log);
        }
    }
    state.settle(log);
}

/// Puts a searched card face down on a new mission slot with `leader` alone on it.
fn assign(
    state: &mut GameState,
    side: Side,
    mission: Mission,
    leader: LeaderId,
    log: &mut impl EventSink,
) {
    let c = &mut state.cards[side.index()];
    let leaders = [Some(leader), None];
    c.assigned.push(Assigned { mission, leaders });
    let slot = (c.assigned.len() - 1) as u8;
    state.leaders[leader.index()].place = LeaderPlace::OnMission(slot);
    log.secret(
        side,
        LogEvent::MissionAssigned {
            side,
            slot,
            mission: Some(mission),
            leaders,
        },
        LogEvent::MissionAssigned {
            side,
            slot,
            mission: None,
            leaders,
        },
    );
}

/// Takes `mission` out of the deck `card` searches (if given), then shuffles that deck.
fn take_and_shuffle(
    state: &mut GameState,
    card: ActionCard,
    mission: Option<Mission>,
    log: &mut impl EventSink,
) {
    let (deck, what) = if card == ProceedingAsPlanned {
        (&mut state.project_deck, Reshuffled::Projects)
    } else {
        (
            &mut state.cards[Side::Rebel.index()].mission_deck,
            Reshuffled::Missions(Side::Rebel),
        )
    };
    if let Some(i) = mission.and_then(|m| deck.iter().position(|x| *x == m)) {
        deck.remove(i);
    }
    state.rng.shuffle(deck);
    log.all(LogEvent::DeckReshuffled { what });
}

// ---------------------------------------------------------------------------------------
// Start of Combat cards

fn ready_leaders(state: &GameState) -> impl Iterator<Item = LeaderId> + '_ {
    [Piett, Veers]
        .into_iter()
        .filter(|l| pooled(state, *l, Side::Empire))
}

/// Ready for Action: the leader joins the combat from the pool, to stay until its end.
fn ready(state: &mut GameState, c: &mut Combat, l: LeaderId, log: &mut impl EventSink) {
    state.put_leader(l, Place::System(c.system), log);
    log.all(LogEvent::LeaderAddedToCombat {
        side: Side::Empire,
        leader: l,
    });
    c.mods.ready_leader = Some(l);
}

fn rebel_ships(state: &GameState, place: Place) -> impl Iterator<Item = UnitKind> + '_ {
    UnitKind::of(Side::Rebel)
        .iter()
        .copied()
        .filter(move |k| k.is_ship() && state.count(place, *k) > 0)
}

fn rebel_structures(state: &GameState, place: Place) -> impl Iterator<Item = UnitKind> + '_ {
    UnitKind::of(Side::Rebel)
        .iter()
        .copied()
        .filter(move |k| k.is_structure() && state.count(place, *k) > 0)
}

pub(crate) fn start_of_combat_playable(
    state: &GameState,
    c: &Combat,
    side: Side,
    card: ActionCard,
) -> bool {
    if card.side() != side || card.info().timing != Timing::StartOfCombat {
        return false;
    }
    let here = Place::System(c.system);
    match card {
        ReadyForAction => ready_leaders(state).next().is_some(),
        _ if !shown_present(state, card, here) => false,
        FullyOperational => {
            (state.count(here, UnitKind::DeathStar) > 0
                || state.count(here, UnitKind::DeathStarUnderConstruction) > 0)
                && rebel_ships(state, here).next().is_some()
        }
        TargetTheGenerator => rebel_structures(state, here).next().is_some(),
        MoreDangerousThanYouRealize => [Theater::Space, Theater::Ground]
            .into_iter()
            .any(|t| combat::can_draw(state, c, t)),
        _ => true,
    }
}

pub(crate) fn play_start_of_combat(
    state: &mut GameState,
    c: &mut Combat,
    side: Side,
    card: ActionCard,
    log: &mut impl EventSink,
) {
    use_card(state, card, log);
    let mut e = Effect::new(Source::Action(card), side);
    e.place = Some(Place::System(c.system));
    let mods = &mut c.mods;
    match card {
        AccordingToMyDesign => {
            mods.rebel_fewer_dice_first_round = 1;
            mods.rebel_fewer_black_dice_first_round = 2;
        }
        GoodIntel => mods.rebel_tactics_open = true,
        KeepThemFromEscaping => mods.rebel_no_retreat = true,
        ItsATrap => mods.imperial_space_tactics_blocked_first_round = true,
        PointBlankAssault => mods.health_minus_one = true,
        TargetTheStarDestroyers => mods.rebel_black_as_red = true,
        ReadyForAction => {
            let leaders: Vec<LeaderId> = ready_leaders(state).collect();
            if let [l] = leaders[..] {
                ready(state, c, l, log);
            } else {
                e.step = LEADER;
                ask(state, e);
            }
        }
        MoreDangerousThanYouRealize => {
            e.step = DECK;
            ask(state, e);
        }
        FullyOperational | TargetTheGenerator => {
            e.step = UNITS;
            ask(state, e);
        }
        _ => {}
    }
}

// ---------------------------------------------------------------------------------------
// Mission windows

/// Lando and Obi-Wan where Undercover can fetch them: free, in a system other than the
/// mission's (the hidden base space is not a system).
fn undercover_agents<'a>(
    state: &'a GameState,
    m: &'a MissionRun,
) -> impl Iterator<Item = LeaderId> + 'a {
    [Lando, ObiWan].into_iter().filter(move |l| {
        let s = state.leader(*l);
        matches!(s.place, LeaderPlace::Board(p @ Place::System(_)) if Some(p) != m.place)
            && s.controller == Side::Rebel
            && !s.is_captive()
    })
}

/// Cards usable at the mission's current step: Blindside while the Empire chooses the
/// target, the Rebel's cards once opponents are sent and before the dice.
pub(crate) fn oppose_window_playable(state: &GameState, m: &MissionRun, card: ActionCard) -> bool {
    let imperial_attempt = m.side == Side::Empire && m.mission.info().attempt;
    let shown_here = || m.place.is_some_and(|p| shown_present(state, card, p));
    match (m.step, card) {
        (MissionStep::ChooseTarget, Blindside) => {
            // Its leader is on the card being revealed, so it will be there.
            imperial_attempt
                && !m.unopposable
                && m.leaders
                    .iter()
                    .flatten()
                    .any(|l| card.info().leaders.contains(l))
        }
        (MissionStep::BeforeRoll, Undercover) => {
            imperial_attempt && undercover_agents(state, m).next().is_some()
        }
        (MissionStep::BeforeRoll, WookieeGuardian) => {
            imperial_attempt && m.mission.info().skill == Skill::SpecOps && shown_here()
        }
        (MissionStep::BeforeRoll, OneInAMillion) => {
            shown_here()
                && missions::opposed(state, m)
                && missions::dice_count(state, m, Side::Rebel) > 0
        }
        _ => false,
    }
}

pub(crate) fn play_in_oppose_window(
    state: &mut GameState,
    m: &mut MissionRun,
    card: ActionCard,
    log: &mut impl EventSink,
) {
    use_card(state, card, log);
    let mut e = Effect::new(Source::Action(card), card.side());
    e.place = m.place;
    match card {
        // No leader may come from the pool to oppose (see `MissionRun::unopposable`).
        Blindside => m.unopposable = true,
        WookieeGuardian => m.step = MissionStep::Finish { success: false },
        Undercover => {
            let agents: Vec<LeaderId> = undercover_agents(state, m).collect();
            match (agents.as_slice(), m.place) {
                ([l], Some(place)) => state.put_leader(*l, place, log),
                _ => {
                    e.step = LEADER;
                    ask(state, e);
                }
            }
        }
        OneInAMillion => {
            e.step = FACES;
            ask(state, e);
        }
        _ => {}
    }
}

/// The ring answers at a mission's dice and failure steps.
pub(crate) fn legal_ring(state: &GameState, m: &MissionRun, out: &mut Vec<Action>) {
    let Some(place) = m.place else { return };
    let before = out.len();
    match m.step {
        MissionStep::Astromech if ring_bearer(state, Ring::R2D2, place).is_some() => {
            for (i, d) in m.dice[Side::Empire.index()].iter().enumerate() {
                if d.face != Face::Blank {
                    out.push(Action::Die(i as u8));
                }
            }
        }
        MissionStep::Reroll
            if !state.marks.yoda_used && ring_bearer(state, Ring::Yoda, place).is_some() =>
        {
            out.extend((0..m.dice[Side::Rebel.index()].len()).map(|i| Action::Die(i as u8)));
        }
        MissionStep::Protocol
            if m.side == Side::Rebel && m.mission.info().skill == Skill::Diplomacy =>
        {
            out.extend(ring_bearer(state, Ring::C3PO, place).map(Action::Leader));
        }
        _ => {}
    }
    if out.len() > before {
        out.push(Action::Done);
    }
}

/// Uses the ring the mission's step offers: R2-D2 blanks an Imperial die, Yoda rerolls a
/// Rebel die, C-3PO turns the failure into a success (the caller moves the step on).
pub(crate) fn use_ring(
    state: &mut GameState,
    m: &mut MissionRun,
    action: Action,
    log: &mut impl EventSink,
) {
    let Some(place) = m.place else { return };
    match (m.step, action) {
        (MissionStep::Astromech, Action::Die(i)) => {
            discard_ring(state, Ring::R2D2, place, log);
            let d = &mut m.dice[Side::Empire.index()][i as usize];
            d.face = Face::Blank;
            log.all(LogEvent::MissionDieChanged {
                side: Side::Empire,
                die: i,
                to: *d,
            });
        }
        (MissionStep::Reroll, Action::Die(i)) => {
            // The ring stays, but serves once a round.
            state.marks.yoda_used = true;
            let color = m.dice[Side::Rebel.index()][i as usize].color;
            let to = state.roll(color);
            m.dice[Side::Rebel.index()][i as usize] = to;
            log.all(LogEvent::MissionDieChanged {
                side: Side::Rebel,
                die: i,
                to,
            });
        }
        (MissionStep::Protocol, Action::Leader(_)) => discard_ring(state, Ring::C3PO, place, log),
        _ => {}
    }
}

/// A Rebel mission's ability has been carried out: the windows that follow it. (Captures by
/// Imperial missions offer Noble Sacrifice in their own effects.)
pub(crate) fn after_mission(state: &mut GameState, m: &MissionRun, captives: u32) {
    if m.side != Side::Rebel {
        return;
    }
    let window = |card: ActionCard| {
        let mut e = Effect::new(Source::Action(card), card.side());
        e.step = WINDOW;
        e.place = m.place;
        Frame::Effect(e)
    };
    // Pushed last, asked first: It Is Your Destiny right after the card's rescue, then the
    // Falcon (whose rescue opens it again), then Son of Skywalker.
    state.stack.push(window(SonOfSkywalker));
    state.stack.push(window(TheMillenniumFalcon));
    let rescued = LeaderId::ALL.into_iter().any(|l| {
        let s = state.leader(l);
        captives & 1 << l.index() != 0 && !s.is_captive() && s.place != LeaderPlace::Eliminated
    });
    // (Daring Rescue opens it itself, before its leaders may go home.)
    if rescued && m.mission == Mission::ForTheGreaterGood {
        state.stack.push(window(ItIsYourDestiny));
    }
}

/// It Is Your Destiny's window at a rescue mission's place.
pub(crate) fn destiny_window(place: Option<Place>) -> Frame {
    let mut e = Effect::new(Source::Action(ItIsYourDestiny), Side::Empire);
    e.step = WINDOW;
    e.place = place;
    Frame::Effect(e)
}

/// Rebel leaders assigned to the mission It Is Your Destiny may capture.
fn capturable(state: &GameState) -> impl Iterator<Item = LeaderId> + '_ {
    mission(state)
        .into_iter()
        .flat_map(|m| m.leaders.into_iter().flatten())
        .filter(|l| {
            // Still in a system: a leader gone home to the Rebel Base space is out of reach
            // (the space is not a system, rules §25.20).
            let s = state.leader(*l);
            matches!(s.place, LeaderPlace::Board(Place::System(_)))
                && s.controller == Side::Rebel
                && !s.is_captive()
        })
}

fn captives_at(state: &GameState, place: Place) -> impl Iterator<Item = LeaderId> + '_ {
    state
        .leaders_at(place)
        .filter(|l| state.leader(*l).is_captive())
}

// ---------------------------------------------------------------------------------------
// Immediate cards

/// Han and Chewbacca where the Falcon can land: in play for the Rebels and free.
fn falcon_pilots(state: &GameState) -> impl Iterator<Item = LeaderId> + '_ {
    [Han, Chewbacca].into_iter().filter(|l| {
        let s = state.leader(*l);
        matches!(s.place, LeaderPlace::Pool | LeaderPlace::Board(_))
            && s.controller == Side::Rebel
            && !s.is_captive()
    })
}

pub(crate) fn on_gain(
    state: &mut GameState,
    side: Side,
    card: ActionCard,
    log: &mut impl EventSink,
) {
    if card != TheMillenniumFalcon {
        return;
    }
    use_card(state, card, log);
    let pilots: Vec<LeaderId> = falcon_pilots(state).collect();
    match pilots[..] {
        [] => {}
        [l] => state.attach_ring(l, Ring::MillenniumFalcon, log),
        _ => {
            let mut e = Effect::new(Source::Action(card), side);
            e.step = LEADER;
            ask(state, e);
        }
    }
}

// ---------------------------------------------------------------------------------------
// Effect frames

pub(crate) fn legal(state: &GameState, e: &Effect, out: &mut Vec<Action>) {
    let Source::Action(card) = e.source else {
        return;
    };
    match e.step {
        SYSTEM => out.extend(systems_for(state, card).map(Action::System)),
        LEADER => match card {
            ProceedingAsPlanned => out.extend(
                [Ozzel, Jerjerrod]
                    .into_iter()
                    .filter(|l| pooled(state, *l, Side::Empire))
                    .map(Action::Leader),
            ),
            ReadyForAction => out.extend(ready_leaders(state).map(Action::Leader)),
            Undercover => {
                if let Some(m) = mission(state) {
                    out.extend(undercover_agents(state, m).map(Action::Leader));
                }
            }
            TheMillenniumFalcon => out.extend(falcon_pilots(state).map(Action::Leader)),
            _ => {}
        },
        SEARCH => {
            let deck = match card {
                ProceedingAsPlanned => &state.project_deck,
                _ => &state.cards(Side::Rebel).mission_deck,
            };
            let mut found: Vec<Mission> = deck
                .iter()
                .copied()
                .filter(|m| {
                    card != SonOfSkywalker || matches!(m, Mission::SeekYoda | Mission::DaringRescue)
                })
                .collect();
            found.sort();
            found.dedup();
            out.extend(found.into_iter().map(Action::Mission));
            if card == SonOfSkywalker {
                out.push(Action::Done);
            }
        }
        UNITS => legal_units(state, e, card, out),
        DESTINATION => {
            if let Some(Place::System(from)) = e.place {
                out.extend(destinations(state, from).map(Action::System));
            }
        }
        DECK => {
            if let Some(c) = combat(state) {
                for (i, t) in [Theater::Space, Theater::Ground].into_iter().enumerate() {
                    if combat::can_draw(state, c, t) {
                        out.push(Action::Die(i as u8));
                    }
                }
            }
        }
        FACES => {
            if e.count < 2 {
                out.extend(
                    (0..PLACEABLE.len())
                        .filter(|i| may_place(state, PLACEABLE[*i]))
                        .map(|i| Action::Die(i as u8)),
                );
            }
            out.push(Action::Done);
        }
        WINDOW => legal_window(state, e, card, out),
        _ => {}
    }
}

fn legal_units(state: &GameState, e: &Effect, card: ActionCard, out: &mut Vec<Action>) {
    let Some(here) = e.place else { return };
    match card {
        ScoutingMission => {
            if e.count < 4 {
                for from in Place::all() {
                    if from != here
                        && state.count(from, UnitKind::TieFighter) > 0
                        && may_leave(state, from, Side::Empire, Some(e.source))
                    {
                        out.push(Action::Move {
                            kind: UnitKind::TieFighter,
                            from,
                        });
                    }
                }
            }
            out.push(Action::Done);
        }
        Ambush => {
            let left = 3 - e.count;
            for &kind in UnitKind::of(Side::Empire) {
                if kind.is_ground() && state.count(here, kind) > 0 && health(kind) <= left {
                    out.push(Action::Destroy { kind, at: here });
                }
            }
            out.push(Action::Done);
        }
        FullyOperational => {
            out.extend(rebel_ships(state, here).map(|kind| Action::Destroy { kind, at: here }))
        }
        TargetTheGenerator => {
            out.extend(rebel_structures(state, here).map(|kind| Action::Destroy { kind, at: here }))
        }
        _ => {}
    }
}

fn legal_window(state: &GameState, e: &Effect, card: ActionCard, out: &mut Vec<Action>) {
    let Some(place) = e.place else { return };
    let before = out.len();
    // A window for a card in hand is opened on what the opponent can see (the card's leader
    // present...), then offers the card only if it is held: opening it only when the card is
    // held would tell the opponent so. `Done` answers an open window either way.
    let here = shown_present(state, card, place);
    let held = holds(state, card);
    let obi = state.leader(ObiWan);
    let mut open = false;
    match card {
        TheMillenniumFalcon if ring_bearer(state, Ring::MillenniumFalcon, place).is_some() => {
            out.extend(captives_at(state, place).map(Action::Leader));
        }
        ItIsYourDestiny if here && capturable(state).next().is_some() => {
            open = true;
            if held {
                out.extend(capturable(state).map(Action::Leader));
            }
        }
        SonOfSkywalker if here && matches!(place, Place::System(_)) => {
            open = true;
            if held {
                out.push(Action::Card(card));
            }
        }
        // Obi-Wan himself makes the card usable, captured as he is.
        NobleSacrifice if obi.ring == Some(Ring::Captured) && obi.controller == Side::Rebel => {
            open = true;
            if held {
                out.push(Action::Card(card));
            }
        }
        _ => {}
    }
    if open || out.len() > before {
        out.push(Action::Done);
    }
}

pub(crate) fn answer(
    state: &mut GameState,
    mut e: Effect,
    action: Action,
    log: &mut impl EventSink,
) {
    let Source::Action(card) = e.source else {
        return;
    };
    match (e.step, action) {
        (SYSTEM, Action::System(s)) => in_system(state, e, s, log),
        (LEADER, Action::Leader(l)) => match card {
            ProceedingAsPlanned => {
                e.leader = Some(l);
                e.step = SEARCH;
                ask(state, e);
            }
            ReadyForAction => with_combat(state, |state, c| ready(state, c, l, log)),
            Undercover => {
                if let Some(place) = e.place {
                    state.put_leader(l, place, log);
                }
            }
            TheMillenniumFalcon => state.attach_ring(l, Ring::MillenniumFalcon, log),
            _ => {}
        },
        (SEARCH, Action::Mission(m)) => {
            take_and_shuffle(state, card, Some(m), log);
            if card == SonOfSkywalker {
                state.cards[Side::Rebel.index()].missions.push(m);
                // The Empire sees a card go to the hand (its size is public), not which.
                log.secret(
                    Side::Rebel,
                    LogEvent::MissionsDrawn {
                        side: Side::Rebel,
                        missions: Some(vec![m]),
                        count: 1,
                    },
                    LogEvent::MissionsDrawn {
                        side: Side::Rebel,
                        missions: None,
                        count: 1,
                    },
                );
            } else if let Some(l) = e.leader {
                assign(state, e.side, m, l, log);
            }
        }
        (SEARCH, _) => take_and_shuffle(state, card, None, log),
        (UNITS, Action::Move { kind, from }) => {
            if let Some(to) = e.place {
                state.move_unit(kind, from, to, log);
                e.count += 1;
                e.memo |= 1 << from.index();
            }
            choose_units(state, e, log);
        }
        (UNITS, Action::Destroy { kind, at }) => match card {
            Ambush => {
                state.destroy_unit(at, kind, log);
                e.count += health(kind);
                choose_units(state, e, log);
            }
            _ => with_combat(state, |state, c| {
                state.destroy_unit(at, kind, log);
                combat::mark_gone(c, kind);
            }),
        },
        (UNITS, _) => units_chosen(state, &e, log),
        (DESTINATION, Action::System(to)) => {
            if let Some(from) = e.place {
                for &kind in UnitKind::of(Side::Empire) {
                    while kind.is_ground() && state.count(from, kind) > 0 {
                        state.move_unit(kind, from, Place::System(to), log);
                    }
                }
            }
            state.settle(log);
        }
        (DECK, Action::Die(i)) => {
            let theater = if i == 0 {
                Theater::Space
            } else {
                Theater::Ground
            };
            with_combat(state, |state, c| {
                combat::draw_tactics(state, c, Side::Empire, theater, 3, log)
            });
        }
        (FACES, Action::Die(i)) => {
            let die = PLACEABLE[i as usize];
            match roll_ahead_mut(state) {
                Some(RollAhead::Mission(m)) => m.dice[Side::Rebel.index()].push(die),
                Some(RollAhead::Combat(c)) => c.placed.push(die),
                None => {}
            }
            log.all(LogEvent::DiePlaced {
                side: Side::Rebel,
                die,
            });
            e.count += 1;
            let mut options = Vec::new();
            legal(state, &e, &mut options);
            if options.len() > 1 {
                ask(state, e);
            }
        }
        (WINDOW, Action::Leader(l)) if card == TheMillenniumFalcon => {
            if let Some(place) = e.place {
                discard_ring(state, Ring::MillenniumFalcon, place, log);
                state.rescue(l, log);
                // A rescue in a Rebel mission: Vader may answer.
                e.source = Source::Action(ItIsYourDestiny);
                e.side = Side::Empire;
                e.actor = Side::Empire;
                ask(state, e);
            }
        }
        (WINDOW, Action::Leader(l)) => {
            use_card(state, card, log);
            state.capture(l, Ring::Captured, log);
            if l == ObiWan {
                // The capture stands before anything frees him again.
                e.source = Source::Action(NobleSacrifice);
                e.side = Side::Rebel;
                e.actor = Side::Rebel;
                ask(state, e);
            } else {
                state.settle(log);
            }
        }
        (WINDOW, Action::Card(_)) => {
            use_card(state, card, log);
            if card == SonOfSkywalker {
                e.step = SEARCH;
                ask(state, e);
            } else {
                state.eliminate(ObiWan, log);
                state.gain_reputation(1, log);
                state.settle(log);
            }
        }
        (WINDOW, _) if card == NobleSacrifice => state.settle(log),
        _ => {}
    }
}

#[cfg(test)]
#[path = "actions_tests.rs"]
mod tests;
