//! Combat in one system: add leaders, start-of-combat cards, tactic cards by the best tactic
//! value, then rounds of space battle, ground battle and retreat until no theatre holds both
//! sides. Every choice (leaders, cards, spending dice, where each die's damage goes, blocks,
//! retreats and what retreats) is an action of the player concerned.

use super::frames::Frame;
use crate::action::Action;
use crate::data::cards::Tactic;
use crate::data::leaders::LeaderId;
use crate::data::systems::SystemId;
use crate::data::units::{Health, Theater, UnitKind};
use crate::data::Side;
use crate::log::{Die, DieColor, EventSink, Face, LogEvent, LogExt};
use crate::state::{GameState, LeaderPlace, Place};
use serde::{Deserialize, Serialize};

/// One unit in the combat, with the damage it has taken.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Fighter {
    pub kind: UnitKind,
    pub damage: u8,
    /// Destroyed at the end of this battle step (it still attacks this round).
    pub doomed: bool,
    /// Left the combat (retreated) or destroyed.
    pub gone: bool,
}

impl Fighter {
    pub fn side(&self) -> Side {
        self.kind.side()
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct RolledDie {
    pub die: Die,
    pub spent: bool,
    /// The fighter this die's damage was assigned to.
    pub target: Option<u8>,
}

/// One attack in progress: the dice and where their damage goes.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Attack {
    pub side: Side,
    pub theater: Theater,
    pub dice: Vec<RolledDie>,
    /// Extra damage from tactic cards: (fighter, amount), blockable like dice.
    pub extra: Vec<(u8, u8)>,
    /// Damage removed by blocks, per fighter index.
    pub blocked: Vec<(u8, u8)>,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum CombatStep {
    AddLeader {
        side: Side,
    },
    StartCards {
        side: Side,
    },
    DrawTactics,
    RoundStart,
    Roll {
        theater: Theater,
        side: Side,
    },
    /// The attacker spends dice and plays tactic cards.
    Actions,
    /// The attacker assigns each die's damage.
    Assign,
    /// The defender blocks with tactic cards.
    Block,
    /// The attack is over: damage lands.
    AttackDone,
    EndOfStep {
        theater: Theater,
    },
    Retreat {
        side: Side,
    },
    /// `side` retreated with its ships: which ground units (and TIEs) go too.
    RetreatUnits {
        side: Side,
        to: SystemId,
        capacity: u8,
    },
    RoundEnd,
    End,
}

/// Effects of start-of-combat cards and tactics that last for the combat.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct CombatMods {
    /// Red dice the Rebels roll fewer in the first round (According to My Design).
    pub rebel_fewer_dice_first_round: u8,
    /// The Rebels may not retreat (Keep Them from Escaping).
    pub rebel_no_retreat: bool,
    /// Imperial space tactic cards cannot be played in round one (It's a Trap).
    pub imperial_space_tactics_blocked_first_round: bool,
    /// Every unit's health is one lower (Point-Blank Assault).
    pub health_minus_one: bool,
    /// Rebel black hits count as red in space (Target the Star Destroyers).
    pub rebel_black_as_red: bool,
    /// The Rebels play tactic cards face up (Good Intel).
    pub rebel_tactics_open: bool,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Combat {
    pub system: SystemId,
    /// The current player: acts first at every step.
    pub attacker: Side,
    /// Places the attacker moved units from to start this combat (no retreat there).
    pub sources: u64,
    pub step: CombatStep,
    pub round: u8,
    pub fighters: Vec<Fighter>,
    pub retreated: [bool; 2],
    /// Which sides had units in each theatre when the combat began: [space, ground][side].
    pub present: [[bool; 2]; 2],
    pub attack: Option<Attack>,
    pub mods: CombatMods,
    pub objective_played: bool,
}

fn theater_index(t: Theater) -> usize {
    match t {
        Theater::Space => 0,
        Theater::Ground => 1,
    }
}

const RED_FACES: [Face; 6] = [
    Face::Hit,
    Face::Hit,
    Face::DirectHit,
    Face::Special,
    Face::Blank,
    Face::Blank,
];
const BLACK_FACES: [Face; 6] = [
    Face::Hit,
    Face::Hit,
    Face::Hit,
    Face::Special,
    Face::Blank,
    Face::Blank,
];

impl GameState {
    pub(crate) fn roll(&mut self, color: DieColor) -> Die {
        let faces = match color {
            DieColor::Red => &RED_FACES,
            DieColor::Black => &BLACK_FACES,
        };
        Die {
            color,
            face: faces[self.rng.below(6)],
        }
    }

    /// Whether ground battles can happen in `system` (not in a destroyed one).
    pub(crate) fn both_in_theater(&self, system: SystemId, theater: Theater) -> bool {
        let place = Place::System(system);
        if theater == Theater::Ground && self.systems[system.index()].destroyed {
            return false;
        }
        self.has_theater(place, Side::Rebel, theater)
            && self.has_theater(place, Side::Empire, theater)
    }

    pub(crate) fn combat_due(&self, system: SystemId) -> bool {
        self.both_in_theater(system, Theater::Space)
            || self.both_in_theater(system, Theater::Ground)
    }

    /// Starts a combat in `system` with `attacker` as the current player.
    pub(crate) fn start_combat(
        &mut self,
        system: SystemId,
        attacker: Side,
        sources: u64,
        log: &mut impl EventSink,
    ) {
        let place = Place::System(system);
        let mut fighters = Vec::new();
        for k in UnitKind::ALL {
            for _ in 0..self.count(place, k) {
                fighters.push(Fighter {
                    kind: k,
                    damage: 0,
                    doomed: false,
                    gone: false,
                });
            }
        }
        let mut present = [[false; 2]; 2];
        for t in [Theater::Space, Theater::Ground] {
            for s in Side::BOTH {
                present[theater_index(t)][s.index()] = self.has_theater(place, s, t);
            }
        }
        log.all(LogEvent::CombatStarted { system });
        self.stack.push(Frame::Combat(Box::new(Combat {
            system,
            attacker,
            sources,
            step: CombatStep::AddLeader { side: attacker },
            round: 1,
            fighters,
            retreated: [false; 2],
            present,
            attack: None,
            mods: CombatMods::default(),
            objective_played: false,
        })));
    }

    /// The best tactic value `side`'s free leaders in `system` have for `theater`.
    fn tactic_value(&self, system: SystemId, side: Side, theater: Theater) -> u8 {
        self.leaders_at(Place::System(system))
            .filter(|l| {
                let s = self.leader(*l);
                s.controller == side && !s.is_captive()
            })
            .filter_map(|l| self.leader_values(l).tactics)
            .map(|(space, ground)| {
                if theater == Theater::Space {
                    space
                } else {
                    ground
                }
            })
            .max()
            .unwrap_or(0)
    }

    fn has_tactical_leader(&self, system: SystemId, side: Side) -> bool {
        self.leaders_at(Place::System(system)).any(|l| {
            let s = self.leader(l);
            s.controller == side && !s.is_captive() && self.leader_values(l).tactics.is_some()
        })
    }

    pub(crate) fn draw_tactic(&mut self, side: Side, theater: Theater) -> Option<Tactic> {
        let t = self.tactic_decks[theater_index(theater)].pop()?;
        self.cards[side.index()].tactics[theater_index(theater)].push(t);
        Some(t)
    }
}

fn health(c: &Combat, f: &Fighter) -> u8 {
    let h = match f.kind.info().health {
        Health::Red(h) | Health::Black(h) => h,
        Health::None => u8::MAX,
    };
    if c.mods.health_minus_one && h != u8::MAX {
        h.saturating_sub(1).max(1)
    } else {
        h
    }
}

/// Whether a die of this colour and face may damage this fighter.
fn can_hit(c: &Combat, attacker: Side, die: Die, f: &Fighter) -> bool {
    let health = f.kind.info().health;
    match (die.face, health) {
        (_, Health::None) => false,
        (Face::DirectHit, _) => true,
        (Face::Hit, Health::Red(_)) => {
            die.color == DieColor::Red
                || (c.mods.rebel_black_as_red
                    && attacker == Side::Rebel
                    && f.kind.theater() == Theater::Space)
        }
        (Face::Hit, Health::Black(_)) => die.color == DieColor::Black,
        _ => false,
    }
}

fn active(c: &Combat, side: Side, theater: Theater) -> impl Iterator<Item = (usize, &Fighter)> {
    c.fighters
        .iter()
        .enumerate()
        .filter(move |(_, f)| !f.gone && f.side() == side && f.kind.theater() == theater)
}

pub(crate) fn actor(c: &Combat) -> Option<Side> {
    match c.step {
        CombatStep::AddLeader { side }
        | CombatStep::StartCards { side }
        | CombatStep::Retreat { side } => Some(side),
        CombatStep::RetreatUnits { side, .. } => Some(side),
        CombatStep::Actions | CombatStep::Assign => c.attack.as_ref().map(|a| a.side),
        CombatStep::Block => c.attack.as_ref().map(|a| a.side.other()),
        _ => None,
    }
}

pub(crate) fn legal(state: &GameState, c: &Combat, out: &mut Vec<Action>) {
    match c.step {
        CombatStep::AddLeader { side } => {
            out.extend(state.pool(side).map(Action::Leader));
            out.push(Action::Done);
        }
        CombatStep::StartCards { side } => {
            for &card in &state.cards[side.index()].actions {
                if crate::rules::effects::start_of_combat_playable(state, c, side, card) {
                    out.push(Action::Card(card));
                }
            }
            out.push(Action::Done);
        }
        CombatStep::Actions => {
            let a = c.attack.as_ref().expect("attack");
            let has_special = a
                .dice
                .iter()
                .any(|d| !d.spent && d.die.face == Face::Special);
            for (i, d) in a.dice.iter().enumerate() {
                if !d.spent && d.die.face == Face::Special {
                    out.push(Action::Die(i as u8));
                    break; // any special die does the same
                }
            }
            let hand = &state.cards[a.side.index()].tactics[theater_index(a.theater)];
            let mut seen = Vec::new();
            for &t in hand {
                if seen.contains(&t) {
                    continue;
                }
                seen.push(t);
                if (!t.info().special || has_special)
                    && crate::rules::tactics::playable_in_attack(state, c, a, t)
                {
                    out.push(Action::Tactic(t));
                }
            }
            out.push(Action::Done);
        }
        CombatStep::Assign => {
            let a = c.attack.as_ref().expect("attack");
            if let Some((i, die)) = next_die(c, a) {
                let mut classes: Vec<(UnitKind, u8, bool)> = Vec::new();
                for (fi, f) in active(c, a.side.other(), a.theater) {
                    if can_hit(c, a.side, die, f) {
                        let class = (f.kind, f.damage, f.doomed);
                        if !classes.contains(&class) {
                            classes.push(class);
                            out.push(Action::Damage {
                                die: i as u8,
                                target: fi as u8,
                            });
                        }
                    }
                }
            }
        }
        CombatStep::Block => {
            let a = c.attack.as_ref().expect("attack");
            let defender = a.side.other();
            let hand = &state.cards[defender.index()].tactics[theater_index(a.theater)];
            let mut seen = Vec::new();
            for &t in hand {
                if !seen.contains(&t) {
                    seen.push(t);
                    if crate::rules::tactics::playable_as_block(state, c, a, t) {
                        out.push(Action::Tactic(t));
                    }
                }
            }
            out.push(Action::Done);
        }
        CombatStep::Retreat { side } => {
            retreat_options(state, c, side, out);
            out.push(Action::Done);
        }
        CombatStep::RetreatUnits { side, capacity, .. } => {
            if capacity > 0 {
                let place = Place::System(c.system);
                for &k in UnitKind::of(side) {
                    if k.info().needs_transport && !k.info().immobile && state.count(place, k) > 0 {
                        out.push(Action::Move {
                            kind: k,
                            from: place,
                        });
                    }
                }
            }
            out.push(Action::Done);
        }
        _ => {}
    }
}

/// The first die with damage still to assign that some enemy unit can take.
fn next_die(c: &Combat, a: &Attack) -> Option<(usize, Die)> {
    a.dice.iter().enumerate().find_map(|(i, d)| {
        let hits = matches!(d.die.face, Face::Hit | Face::DirectHit);
        if d.spent || d.target.is_some() || !hits {
            return None;
        }
        active(c, a.side.other(), a.theater)
            .any(|(_, f)| can_hit(c, a.side, d.die, f))
            .then_some((i, d.die))
    })
}

fn retreat_options(state: &GameState, c: &Combat, side: Side, out: &mut Vec<Action>) {
    if !may_retreat(state, c, side) {
        return;
    }
    let dests = retreat_destinations(state, c, side);
    for l in state.leaders_at(Place::System(c.system)) {
        let s = state.leader(l);
        if s.controller != side || s.is_captive() {
            continue;
        }
        for &to in &dests {
            out.push(Action::Retreat { leader: l, to });
        }
    }
}

fn may_retreat(state: &GameState, c: &Combat, side: Side) -> bool {
    let place = Place::System(c.system);
    if c.retreated[side.index()]
        || !state.has_units(place, side.other())
        || !state.has_leader(place, side)
    {
        return false;
    }
    if side == Side::Rebel && c.mods.rebel_no_retreat {
        return false;
    }
    if side == Side::Empire
        && (state.count(place, UnitKind::DeathStar) > 0
            || state.count(place, UnitKind::DeathStarUnderConstruction) > 0)
    {
        return false;
    }
    // Something must be able to leave.
    UnitKind::of(side)
        .iter()
        .any(|k| state.count(place, *k) > 0 && !k.info().immobile && !k.info().needs_transport)
}

/// Adjacent systems a retreat may go to: own units or loyalty if any such, else any free.
fn retreat_destinations(state: &GameState, c: &Combat, side: Side) -> Vec<SystemId> {
    let open: Vec<SystemId> = c
        .system
        .neighbours()
        .filter(|s| !state.has_units(Place::System(*s), side.other()))
        .filter(|s| side != c.attacker.other() || c.sources & (1u64 << s.index()) == 0)
        .collect();
    let mine = match side {
        Side::Rebel => crate::state::Loyalty::Rebel,
        Side::Empire => crate::state::Loyalty::Empire,
    };
    let preferred: Vec<SystemId> = open
        .iter()
        .copied()
        .filter(|s| {
            state.has_units(Place::System(*s), side) || state.system(*s).loyalty == Some(mine)
        })
        .collect();
    if preferred.is_empty() {
        open
    } else {
        preferred
    }
}

/// Answers the combat's current question.
pub(crate) fn answer(
    state: &mut GameState,
    mut c: Box<Combat>,
    action: Action,
    log: &mut impl EventSink,
) {
    let place = Place::System(c.system);
    match (c.step, action) {
        (CombatStep::AddLeader { side }, Action::Leader(l)) => {
            state.put_leader(l, place, log);
            log.all(LogEvent::LeaderAddedToCombat { side, leader: l });
            c.step = after_add_leader(state, &c, side);
        }
        (CombatStep::AddLeader { side }, _) => c.step = after_add_leader(state, &c, side),
        (CombatStep::StartCards { side }, Action::Card(card)) => {
            crate::rules::effects::play_start_of_combat(state, &mut c, side, card, log);
        }
        (CombatStep::StartCards { side }, _) => {
            c.step = if side == c.attacker {
                CombatStep::StartCards { side: side.other() }
            } else {
                CombatStep::DrawTactics
            };
        }
        (CombatStep::Actions, Action::Die(i)) => {
            let a = c.attack.as_mut().expect("attack");
            a.dice[i as usize].spent = true;
            let (side, theater) = (a.side, a.theater);
            log.all(LogEvent::DieSpent { side, die: i });
            if let Some(t) = state.draw_tactic(side, theater) {
                log.secret(
                    side,
                    LogEvent::TacticsDrawn {
                        side,
                        theater,
                        cards: Some(vec![t]),
                        count: 1,
                    },
                    LogEvent::TacticsDrawn {
                        side,
                        theater,
                        cards: None,
                        count: 1,
                    },
                );
            }
        }
        (CombatStep::Actions, Action::Tactic(t)) => {
            crate::rules::tactics::play_in_attack(state, &mut c, t, log);
        }
        (CombatStep::Actions, _) => c.step = CombatStep::Assign,
        (CombatStep::Assign, Action::Damage { die, target }) => {
            let a = c.attack.as_mut().expect("attack");
            a.dice[die as usize].target = Some(target);
            let side = a.side;
            log.all(LogEvent::DamageAssigned {
                side,
                die,
                kind: c.fighters[target as usize].kind,
            });
        }
        (CombatStep::Block, Action::Tactic(t)) => {
            crate::rules::tactics::play_as_block(state, &mut c, t, log);
        }
        (CombatStep::Block, _) => c.step = CombatStep::AttackDone,
        (CombatStep::Retreat { side }, Action::Retreat { leader, to }) => {
            c.retreated[side.index()] = true;
            state.leaders[leader.index()].place = LeaderPlace::Board(Place::System(to));
            log.all(LogEvent::Retreated { side, leader, to });
            let dest = Place::System(to);
            let mut capacity = 0u8;
            for &k in UnitKind::of(side) {
                if k.is_ship() && !k.info().immobile && !k.info().needs_transport {
                    while state.count(place, k) > 0 {
                        state.move_unit(k, place, dest, log);
                        capacity = capacity.saturating_add(k.info().transport);
                        mark_gone(&mut c, k);
                    }
                }
            }
            c.step = CombatStep::RetreatUnits { side, to, capacity };
        }
        (CombatStep::Retreat { side }, _) => {
            // Rebel transports alone must retreat: staying destroys them.
            if side == Side::Rebel
                && only_transports(state, place)
                && state.has_theater(place, Side::Empire, Theater::Space)
            {
                while state.count(place, UnitKind::RebelTransport) > 0 {
                    state.destroy_unit(place, UnitKind::RebelTransport, log);
                    mark_gone(&mut c, UnitKind::RebelTransport);
                }
            }
            c.step = next_retreat(&c, side);
        }
        (CombatStep::RetreatUnits { side, to, capacity }, Action::Move { kind, .. }) => {
            state.move_unit(kind, place, Place::System(to), log);
            mark_gone(&mut c, kind);
            c.step = CombatStep::RetreatUnits {
                side,
                to,
                capacity: capacity - 1,
            };
        }
        (CombatStep::RetreatUnits { side, .. }, _) => c.step = next_retreat(&c, side),
        _ => {}
    }
    state.stack.push(Frame::Combat(c));
}

fn only_transports(state: &GameState, place: Place) -> bool {
    let ships: Vec<UnitKind> = UnitKind::of(Side::Rebel)
        .iter()
        .copied()
        .filter(|k| k.is_ship() && state.count(place, *k) > 0)
        .collect();
    !ships.is_empty() && ships.iter().all(|k| *k == UnitKind::RebelTransport)
}

fn mark_gone(c: &mut Combat, kind: UnitKind) {
    // Undamaged units leave first (damage stays with the units that remain: it does not
    // matter after a retreat, the damage markers go at the end of combat).
    if let Some(f) = c
        .fighters
        .iter_mut()
        .filter(|f| !f.gone && f.kind == kind)
        .min_by_key(|f| f.damage)
    {
        f.gone = true;
    }
}

fn next_retreat(c: &Combat, side: Side) -> CombatStep {
    if side == c.attacker {
        CombatStep::Retreat { side: side.other() }
    } else {
        CombatStep::RoundEnd
    }
}

fn after_add_leader(state: &GameState, c: &Combat, side: Side) -> CombatStep {
    if side == c.attacker {
        let other = side.other();
        if !state.has_tactical_leader(c.system, other) && state.pool(other).next().is_some() {
            return CombatStep::AddLeader { side: other };
        }
    }
    CombatStep::StartCards { side: c.attacker }
}

/// Runs the combat's automatic steps; returns false when a player must decide.
pub(crate) fn advance(state: &mut GameState, mut c: Box<Combat>, log: &mut impl EventSink) -> bool {
    let place = Place::System(c.system);
    let progressed = match c.step {
        CombatStep::AddLeader { side } => {
            // Only asked when the side has no tactical leader there and someone in the pool.
            if state.has_tactical_leader(c.system, side) || state.pool(side).next().is_none() {
                c.step = after_add_leader(state, &c, side);
                true
            } else {
                false
            }
        }
        CombatStep::StartCards { side } => {
            let mut any = false;
            for &card in &state.cards[side.index()].actions {
                any |= crate::rules::effects::start_of_combat_playable(state, &c, side, card);
            }
            if !any {
                c.step = if side == c.attacker {
                    CombatStep::StartCards { side: side.other() }
                } else {
                    CombatStep::DrawTactics
                };
            }
            !any
        }
        CombatStep::DrawTactics => {
            for side in [c.attacker, c.attacker.other()] {
                for theater in [Theater::Space, Theater::Ground] {
                    if !state.both_in_theater(c.system, theater) {
                        continue;
                    }
                    let n = state.tactic_value(c.system, side, theater);
                    let mut drawn = Vec::new();
                    for _ in 0..n {
                        if let Some(t) = state.draw_tactic(side, theater) {
                            drawn.push(t);
                        }
                    }
                    if !drawn.is_empty() {
                        let count = drawn.len() as u8;
                        log.secret(
                            side,
                            LogEvent::TacticsDrawn {
                                side,
                                theater,
                                cards: Some(drawn),
                                count,
                            },
                            LogEvent::TacticsDrawn {
                                side,
                                theater,
                                cards: None,
                                count,
                            },
                        );
                    }
                }
            }
            c.step = CombatStep::RoundStart;
            true
        }
        CombatStep::RoundStart => {
            c.step = if state.both_in_theater(c.system, Theater::Space) {
                CombatStep::Roll {
                    theater: Theater::Space,
                    side: c.attacker,
                }
            } else if state.both_in_theater(c.system, Theater::Ground) {
                CombatStep::Roll {
                    theater: Theater::Ground,
                    side: c.attacker,
                }
            } else {
                CombatStep::Retreat { side: c.attacker }
            };
            true
        }
        CombatStep::Roll { theater, side } => {
            let (mut red, mut black) = (0u32, 0u32);
            for (_, f) in active(&c, side, theater) {
                red += f.kind.info().red as u32;
                black += f.kind.info().black as u32;
            }
            if side == Side::Rebel && c.round == 1 {
                red = red.saturating_sub(c.mods.rebel_fewer_dice_first_round as u32);
            }
            if side == Side::Empire && theater == Theater::Space {
                // Ion Cannon: two fewer red dice for the Empire in the space battle.
                let cannons = state.count(place, UnitKind::IonCannon) as u32;
                red = red.saturating_sub(2 * cannons);
            }
            let mut dice = Vec::new();
            for _ in 0..red.min(5) {
                dice.push(RolledDie {
                    die: state.roll(DieColor::Red),
                    spent: false,
                    target: None,
                });
            }
            for _ in 0..black.min(5) {
                dice.push(RolledDie {
                    die: state.roll(DieColor::Black),
                    spent: false,
                    target: None,
                });
            }
            if log.enabled() {
                log.all(LogEvent::AttackRolled {
                    side,
                    theater,
                    dice: dice.iter().map(|d| d.die).collect(),
                });
            }
            c.attack = Some(Attack {
                side,
                theater,
                dice,
                extra: Vec::new(),
                blocked: Vec::new(),
            });
            c.step = CombatStep::Actions;
            true
        }
        CombatStep::Actions => {
            // Nothing to decide with no special die and no tactic card to play.
            let mut options = Vec::new();
            legal(state, &c, &mut options);
            if options.len() == 1 {
                c.step = CombatStep::Assign;
                true
            } else {
                false
            }
        }
        CombatStep::Assign => {
            let a = c.attack.as_ref().expect("attack");
            if next_die(&c, a).is_none() {
                c.step = CombatStep::Block;
                true
            } else {
                false
            }
        }
        CombatStep::Block => {
            let mut options = Vec::new();
            legal(state, &c, &mut options);
            let a = c.attack.as_ref().expect("attack");
            let any_damage = a.dice.iter().any(|d| d.target.is_some()) || !a.extra.is_empty();
            if options.len() == 1 || !any_damage {
                c.step = CombatStep::AttackDone;
                true
            } else {
                false
            }
        }
        CombatStep::AttackDone => {
            let a = c.attack.take().expect("attack");
            let mut damage = vec![0u8; c.fighters.len()];
            for d in &a.dice {
                if let Some(t) = d.target {
                    damage[t as usize] += 1;
                }
            }
            for &(t, n) in &a.extra {
                damage[t as usize] += n;
            }
            for &(t, n) in &a.blocked {
                damage[t as usize] = damage[t as usize].saturating_sub(n);
            }
            for (i, d) in damage.into_iter().enumerate() {
                if d > 0 {
                    let f = c.fighters[i];
                    let h = health(&c, &f);
                    let f = &mut c.fighters[i];
                    f.damage = f.damage.saturating_add(d);
                    if f.damage >= h {
                        f.doomed = true;
                    }
                }
            }
            c.step = if a.side == c.attacker && state.has_theater(place, a.side.other(), a.theater)
            {
                CombatStep::Roll {
                    theater: a.theater,
                    side: a.side.other(),
                }
            } else {
                CombatStep::EndOfStep { theater: a.theater }
            };
            true
        }
        CombatStep::EndOfStep { theater } => {
            for i in 0..c.fighters.len() {
                let f = c.fighters[i];
                if f.doomed && !f.gone {
                    c.fighters[i].gone = true;
                    state.destroy_unit(place, f.kind, log);
                }
            }
            c.step =
                if theater == Theater::Space && state.both_in_theater(c.system, Theater::Ground) {
                    CombatStep::Roll {
                        theater: Theater::Ground,
                        side: c.attacker,
                    }
                } else {
                    CombatStep::Retreat { side: c.attacker }
                };
            true
        }
        CombatStep::Retreat { side } => {
            let mut options = Vec::new();
            retreat_options(state, &c, side, &mut options);
            let forced_loss = side == Side::Rebel
                && only_transports(state, place)
                && state.has_theater(place, Side::Empire, Theater::Space);
            if options.is_empty() {
                if forced_loss {
                    while state.count(place, UnitKind::RebelTransport) > 0 {
                        state.destroy_unit(place, UnitKind::RebelTransport, log);
                        mark_gone(&mut c, UnitKind::RebelTransport);
                    }
                }
                c.step = next_retreat(&c, side);
                true
            } else {
                false
            }
        }
        CombatStep::RetreatUnits { capacity, side, .. } => {
            let any = capacity > 0
                && UnitKind::of(side).iter().any(|k| {
                    k.info().needs_transport && !k.info().immobile && state.count(place, *k) > 0
                });
            if !any {
                c.step = next_retreat(&c, side);
            }
            !any
        }
        CombatStep::RoundEnd => {
            // Structures alone against Imperial ground units fall; so does a lone DSUC.
            let rebel_mobile_ground = UnitKind::of(Side::Rebel)
                .iter()
                .any(|k| k.is_ground() && !k.is_structure() && state.count(place, *k) > 0);
            if !rebel_mobile_ground && state.has_theater(place, Side::Empire, Theater::Ground) {
                for k in [UnitKind::ShieldGenerator, UnitKind::IonCannon] {
                    while state.count(place, k) > 0 {
                        state.destroy_unit(place, k, log);
                        mark_gone(&mut c, k);
                    }
                }
            }
            let imperial_ships: Vec<UnitKind> = UnitKind::of(Side::Empire)
                .iter()
                .copied()
                .filter(|k| k.is_ship() && state.count(place, *k) > 0)
                .collect();
            if imperial_ships == [UnitKind::DeathStarUnderConstruction]
                && state.has_theater(place, Side::Rebel, Theater::Space)
            {
                state.destroy_unit(place, UnitKind::DeathStarUnderConstruction, log);
                mark_gone(&mut c, UnitKind::DeathStarUnderConstruction);
                state.dsuc_destroyed(log);
            }
            if state.combat_due(c.system) {
                c.round += 1;
                c.step = CombatStep::RoundStart;
            } else {
                c.step = CombatStep::End;
            }
            true
        }
        CombatStep::End => {
            for (ti, theater) in [Theater::Space, Theater::Ground].into_iter().enumerate() {
                for side in Side::BOTH {
                    let other = side.other();
                    if c.present[ti][other.index()]
                        && state.has_theater(place, side, theater)
                        && !state.has_theater(place, other, theater)
                    {
                        log.all(LogEvent::BattleWon {
                            side,
                            system: c.system,
                            theater,
                        });
                    }
                }
            }
            for side in Side::BOTH {
                for ti in 0..2 {
                    let hand = std::mem::take(&mut state.cards[side.index()].tactics[ti]);
                    state.tactic_decks[ti].extend(hand);
                }
            }
            for deck in &mut state.tactic_decks {
                deck.sort();
            }
            let mut decks = std::mem::take(&mut state.tactic_decks);
            for deck in &mut decks {
                state.rng.shuffle(deck);
            }
            state.tactic_decks = decks;
            log.all(LogEvent::CombatEnded { system: c.system });
            state.settle(log);
            return true;
        }
    };
    state.stack.push(Frame::Combat(c));
    progressed
}

#[allow(dead_code)]
fn leader_in(state: &GameState, c: &Combat, l: LeaderId) -> bool {
    state.leader(l).place == LeaderPlace::Board(Place::System(c.system))
}
