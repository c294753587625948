//! Combat in one system: add leaders, start-of-combat cards, tactic cards by the best tactic
//! value, then rounds of space battle, ground battle and retreat until no theatre holds both
//! sides. Every choice (leaders, cards, spending dice, where each die's damage goes, blocks,
//! retreats and what retreats) is an action of the player concerned. After each battle step
//! and each retreat step the Rebel may play a combat objective (docs/swr/cards/objectives.md
//! §1.3); what those objectives ask about (units destroyed, battles won) is recorded here.

use super::frames::Frame;
use crate::action::Action;
use crate::data::cards::ActionCard;
use crate::data::cards::Tactic;
use crate::data::leaders::LeaderId;
use crate::data::systems::SystemId;
use crate::data::units::{Health, Theater, UnitKind, UNIT_KINDS};
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

/// The `die` of an [`Action::Damage`] that is not a die: a point of tactic-card damage being
/// assigned, a point of damage being blocked, or a unit a tactic card picks.
pub const NO_DIE: u8 = u8::MAX;

/// How the points of one tactic card's damage may be spread over the enemy units.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Spread {
    /// Each point on any unit (Bombardment).
    Any,
    /// Each point on a different unit; a point with no unit left for it is lost (Onslaught).
    OnePerUnit,
    /// Every point on the same unit (Critical Hit, Take It Down).
    OneUnit,
}

/// Tactic-card damage the attacker still has to assign in this attack.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct CardDamage {
    pub points: u8,
    pub spread: Spread,
    /// The unit the card's first point went to.
    pub first: Option<u8>,
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
    /// Tactic-card damage played but not yet assigned (assigned after the dice).
    pub card_damage: Vec<CardDamage>,
}

impl Attack {
    /// The damage this attack has put on fighter `i` so far: dice and cards, less blocks.
    pub fn assigned(&self, i: u8) -> u8 {
        let dice = self.dice.iter().filter(|d| d.target == Some(i)).count() as u8;
        let sum =
            |v: &[(u8, u8)]| -> u8 { v.iter().filter(|(t, _)| *t == i).map(|(_, n)| n).sum() };
        (dice + sum(&self.extra)).saturating_sub(sum(&self.blocked))
    }

    /// The first unspent die showing the special icon.
    pub(crate) fn special_die(&self) -> Option<usize> {
        self.dice
            .iter()
            .position(|d| !d.spent && d.die.face == Face::Special)
    }
}

/// Where in a combat round the Rebel may play a combat objective.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Window {
    /// After the space battle step (Death Star Plans only here).
    Space,
    /// After the ground battle step.
    Ground,
    /// After the retreat step and the end-of-round losses (the last one ends the combat).
    Retreat,
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
    /// Before a Rebel attack is rolled: the Rebel may place dice with One in a Million.
    BeforeRoll {
        theater: Theater,
    },
    /// After a Rebel attack is rolled: the Rebel may reroll one die with the Yoda ring.
    Reroll,
    /// The attacker spends dice and plays tactic cards.
    Actions,
    /// The attacker assigns each die's damage, then the damage of its tactic cards.
    Assign,
    /// The defender blocks with tactic cards.
    Block,
    /// The attack is over: damage lands.
    AttackDone,
    EndOfStep {
        theater: Theater,
    },
    /// The Rebel may play a combat objective.
    Objective {
        window: Window,
    },
    Retreat {
        side: Side,
    },
    /// `side` retreated with its leader: which ground units (and TIEs) go too. `capacity`
    /// is the room left in the ships that left (`u8::MAX` after Escape Plan); `moved` says
    /// whether any unit went (a leader never retreats alone).
    RetreatUnits {
        side: Side,
        to: SystemId,
        capacity: u8,
        moved: bool,
    },
    RoundEnd,
    End,
}

/// Effects of start-of-combat cards and tactics that last for the combat.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct CombatMods {
    /// Red dice the Rebels roll fewer in the first round (According to My Design).
    pub rebel_fewer_dice_first_round: u8,
    /// Black dice the Rebels roll fewer in the first round (According to My Design).
    pub rebel_fewer_black_dice_first_round: u8,
    /// The Rebels may not retreat (Keep Them from Escaping).
    pub rebel_no_retreat: bool,
    /// Imperial space tactic cards cannot be played in round one (It's a Trap).
    pub imperial_space_tactics_blocked_first_round: bool,
    /// Every unit's health is one lower (Point-Blank Assault).
    pub health_minus_one: bool,
    /// Up to two Rebel black hits per space attack may count as red (Target the Star
    /// Destroyers).
    pub rebel_black_as_red: bool,
    /// The Rebel's tactic hand is open to the Empire for this combat (Good Intel).
    pub rebel_tactics_open: bool,
    /// A leader brought in by Ready for Action: he cannot retreat and goes back to the pool
    /// when the combat ends.
    pub ready_leader: Option<LeaderId>,
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
    /// The round in which a Death Star Plans was last revealed (one per round; 0 = none).
    pub plans_round: u8,
    /// Tactic cards played or paid this combat: space, then ground. They refill an empty
    /// deck.
    pub discard: [Vec<Tactic>; 2],
    /// The side cannot block until the end of this battle step (Unstoppable Assault).
    pub no_block: [bool; 2],
    /// The side cannot retreat this round (No Escape).
    pub no_retreat: [bool; 2],
    /// The side's units need no transport to retreat this round (Escape Plan).
    pub free_retreat: [bool; 2],
    /// The units in the system when the combat began, and those that left it by retreating:
    /// every other one missing was destroyed in this combat.
    pub start_units: [u8; UNIT_KINDS],
    pub left_units: [u8; UNIT_KINDS],
    /// Battles won so far: [space, ground][side]. A battle once won stays won.
    pub won: [[bool; 2]; 2],
    /// The system was subjugated when the combat began (Liberation).
    pub subjugated_at_start: bool,
    /// Darth Vader or the Emperor has been in the system during this combat (Return of the
    /// Jedi).
    pub sith_present: bool,
    /// Units destroyed in this combat by the end of the last round, and the rounds in a row
    /// since then that destroyed none (a combat that cannot progress ends).
    pub losses: u16,
    pub quiet_rounds: u8,
    /// Dice One in a Million placed for the Rebel attack about to be rolled.
    #[serde(default)]
    pub placed: Vec<Die>,
    /// The window before the coming Rebel roll has been asked.
    #[serde(default)]
    pub asked_before_roll: bool,
}

/// A combat ends after this many rounds in a row without a unit destroyed
/// (docs/swr/rules.md §25.10).
const QUIET_ROUND_LIMIT: u8 = 25;

pub(crate) fn theater_index(t: Theater) -> usize {
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
        let mut c = Combat {
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
            plans_round: 0,
            discard: [Vec::new(), Vec::new()],
            no_block: [false; 2],
            no_retreat: [false; 2],
            free_retreat: [false; 2],
            start_units: *self.units_at(place),
            left_units: [0; UNIT_KINDS],
            won: [[false; 2]; 2],
            subjugated_at_start: self.systems[system.index()].subjugated,
            sith_present: false,
            losses: 0,
            quiet_rounds: 0,
            placed: Vec::new(),
            asked_before_roll: false,
        };
        note_sith(self, &mut c);
        self.stack.push(Frame::Combat(Box::new(c)));
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

    fn refill_tactics(&mut self, ti: usize, mut cards: Vec<Tactic>) {
        self.rng.shuffle(&mut cards);
        self.tactic_decks[ti] = cards;
    }
}

/// Draws `n` tactic cards of `theater` for `side` during combat `c`, refilling an empty deck
/// from the combat's discard pile, and logs the draw (secret unless the Rebel hand is open).
pub(crate) fn draw_tactics(
    state: &mut GameState,
    c: &mut Combat,
    side: Side,
    theater: Theater,
    n: u8,
    log: &mut impl EventSink,
) {
    let ti = theater_index(theater);
    let mut drawn = Vec::new();
    for _ in 0..n {
        if state.tactic_decks[ti].is_empty() && !c.discard[ti].is_empty() {
            state.refill_tactics(ti, std::mem::take(&mut c.discard[ti]));
            log.all(LogEvent::TacticDeckReshuffled { theater });
        }
        let Some(t) = state.tactic_decks[ti].pop() else {
            break;
        };
        state.cards[side.index()].tactics[ti].push(t);
        drawn.push(t);
    }
    if drawn.is_empty() {
        return;
    }
    let count = drawn.len() as u8;
    let full = LogEvent::TacticsDrawn {
        side,
        theater,
        cards: Some(drawn),
        count,
    };
    if side == Side::Rebel && c.mods.rebel_tactics_open {
        log.all(full);
    } else {
        log.secret(
            side,
            full,
            LogEvent::TacticsDrawn {
                side,
                theater,
                cards: None,
                count,
            },
        );
    }
}

/// Whether a card of `theater` can still be drawn (from the deck or the discard pile).
pub(crate) fn can_draw(state: &GameState, c: &Combat, theater: Theater) -> bool {
    let ti = theater_index(theater);
    !state.tactic_decks[ti].is_empty() || !c.discard[ti].is_empty()
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

/// Whether a die of this colour and face may damage this fighter in attack `a`.
fn can_hit(c: &Combat, a: &Attack, die: Die, f: &Fighter) -> bool {
    let health = f.kind.info().health;
    match (die.face, health) {
        (_, Health::None) => false,
        (Face::DirectHit, _) => true,
        (Face::Hit, Health::Red(_)) => {
            die.color == DieColor::Red || (die.color == DieColor::Black && black_as_red_left(c, a))
        }
        (Face::Hit, Health::Black(_)) => die.color == DieColor::Black,
        _ => false,
    }
}

/// Target the Star Destroyers: in a Rebel space attack, up to two black hits may count as
/// red hits (each one the Rebel puts on a red-health unit uses one).
fn black_as_red_left(c: &Combat, a: &Attack) -> bool {
    if !(c.mods.rebel_black_as_red && a.side == Side::Rebel && a.theater == Theater::Space) {
        return false;
    }
    let used = a
        .dice
        .iter()
        .filter(|d| d.die.color == DieColor::Black && d.die.face == Face::Hit)
        .filter_map(|d| d.target)
        .filter(|t| matches!(c.fighters[*t as usize].kind.info().health, Health::Red(_)))
        .count();
    used < 2
}

/// The fighters of `side` still in the combat in `theater`, with their indices.
pub(crate) fn active(
    c: &Combat,
    side: Side,
    theater: Theater,
) -> impl Iterator<Item = (usize, &Fighter)> {
    c.fighters
        .iter()
        .enumerate()
        .filter(move |(_, f)| !f.gone && f.side() == side && f.kind.theater() == theater)
}

/// Damage targets that are interchangeable (same kind, damage, fate and damage from this
/// attack) get one action: the first of each class.
pub(crate) fn distinct_targets(c: &Combat, candidates: impl Iterator<Item = usize>) -> Vec<usize> {
    let assigned = |i: usize| c.attack.as_ref().map_or(0, |a| a.assigned(i as u8));
    let mut classes = Vec::new();
    let mut out = Vec::new();
    for i in candidates {
        let f = &c.fighters[i];
        let class = (f.kind, f.damage, f.doomed, assigned(i));
        if !classes.contains(&class) {
            classes.push(class);
            out.push(i);
        }
    }
    out
}

/// The red and black dice `side` rolls for an attack in `theater`: its units' values, less
/// the reductions, then at most five of each.
pub(crate) fn attack_pool(
    state: &GameState,
    c: &Combat,
    side: Side,
    theater: Theater,
) -> (u32, u32) {
    let (mut red, mut black) = (0u32, 0u32);
    for (_, f) in active(c, side, theater) {
        red += f.kind.info().red as u32;
        black += f.kind.info().black as u32;
    }
    if side == Side::Rebel && c.round == 1 {
        red = red.saturating_sub(c.mods.rebel_fewer_dice_first_round as u32);
        black = black.saturating_sub(c.mods.rebel_fewer_black_dice_first_round as u32);
    }
    if side == Side::Empire && theater == Theater::Space {
        // Ion Cannon: two fewer red dice for the Empire in the space battle.
        let cannons = state.count(Place::System(c.system), UnitKind::IonCannon) as u32;
        red = red.saturating_sub(2 * cannons);
    }
    (red.min(5), black.min(5))
}

/// The Yoda ring's bearer stands free in the combat and has not used it this round.
pub(crate) fn yoda_may_reroll(state: &GameState, c: &Combat) -> bool {
    !state.marks.yoda_used
        && state.leaders_at(Place::System(c.system)).any(|l| {
            let st = state.leader(l);
            st.ring == Some(crate::state::Ring::Yoda)
                && st.controller == Side::Rebel
                && !st.is_captive()
        })
}

pub(crate) fn actor(c: &Combat) -> Option<Side> {
    match c.step {
        CombatStep::AddLeader { side }
        | CombatStep::StartCards { side }
        | CombatStep::Retreat { side } => Some(side),
        CombatStep::RetreatUnits { side, .. } => Some(side),
        CombatStep::Actions | CombatStep::Assign => c.attack.as_ref().map(|a| a.side),
        CombatStep::Block => c.attack.as_ref().map(|a| a.side.other()),
        CombatStep::Objective { .. } | CombatStep::BeforeRoll { .. } | CombatStep::Reroll => {
            Some(Side::Rebel)
        }
        _ => None,
    }
}

pub(crate) fn legal(state: &GameState, c: &Combat, out: &mut Vec<Action>) {
    match c.step {
        CombatStep::BeforeRoll { .. } => {
            let card = ActionCard::OneInAMillion;
            if state.cards[Side::Rebel.index()].actions.contains(&card) {
                out.push(Action::Card(card));
            }
            out.push(Action::Done);
        }
        CombatStep::Reroll => {
            let a = c.attack.as_ref().expect("attack");
            out.extend((0..a.dice.len()).map(|i| Action::Die(i as u8)));
            out.push(Action::Done);
        }
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
            if let Some(i) = a.special_die() {
                if can_draw(state, c, a.theater) {
                    out.push(Action::Die(i as u8)); // any special die does the same
                }
            }
            let hand = &state.cards[a.side.index()].tactics[theater_index(a.theater)];
            let mut seen = Vec::new();
            for &t in hand {
                if !seen.contains(&t) {
                    seen.push(t);
                    if crate::rules::tactics::playable_in_attack(state, c, a, t) {
                        out.push(Action::Tactic(t));
                    }
                }
            }
            out.push(Action::Done);
        }
        CombatStep::Assign => {
            let a = c.attack.as_ref().expect("attack");
            if let Some((i, die)) = next_die(c, a) {
                let candidates = active(c, a.side.other(), a.theater)
                    .filter(|(_, f)| can_hit(c, a, die, f))
                    .map(|(fi, _)| fi);
                for fi in distinct_targets(c, candidates) {
                    out.push(Action::Damage {
                        die: i as u8,
                        target: fi as u8,
                    });
                }
            } else if let Some(cd) = a.card_damage.first() {
                for fi in card_targets(c, a, cd) {
                    out.push(Action::Damage {
                        die: NO_DIE,
                        target: fi as u8,
                    });
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
        CombatStep::Objective { window } => {
            crate::rules::objectives::legal_in_combat(state, c, window, out);
            out.push(Action::Done);
        }
        CombatStep::Retreat { side } => {
            retreat_options(state, c, side, out);
            out.push(Action::Done);
        }
        CombatStep::RetreatUnits {
            side,
            capacity,
            moved,
            ..
        } => {
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
            if moved {
                out.push(Action::Done);
            }
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
            .any(|(_, f)| can_hit(c, a, d.die, f))
            .then_some((i, d.die))
    })
}

/// The enemy units the next point of `cd` may go to (any health colour, never the Death
/// Star), one per class.
fn card_targets(c: &Combat, a: &Attack, cd: &CardDamage) -> Vec<usize> {
    let candidates = active(c, a.side.other(), a.theater)
        .filter(|(_, f)| f.kind.info().health != Health::None)
        .map(|(i, _)| i)
        .filter(|i| match (cd.spread, cd.first) {
            (Spread::OnePerUnit, Some(first)) => *i != first as usize,
            (Spread::OneUnit, Some(first)) => *i == first as usize,
            _ => true,
        });
    distinct_targets(c, candidates)
}

/// Drops card damage that has no unit left to go to.
fn drop_lost_card_damage(c: &mut Combat) {
    let Some(a) = c.attack.as_ref() else { return };
    let keep: Vec<CardDamage> = a
        .card_damage
        .iter()
        .filter(|cd| cd.points > 0 && !card_targets(c, a, cd).is_empty())
        .copied()
        .collect();
    c.attack.as_mut().expect("attack").card_damage = keep;
}

fn retreat_options(state: &GameState, c: &Combat, side: Side, out: &mut Vec<Action>) {
    if !may_retreat(state, c, side) {
        return;
    }
    let dests = retreat_destinations(state, c, side);
    for l in state.leaders_at(Place::System(c.system)) {
        let s = state.leader(l);
        if s.controller != side || s.is_captive() || c.mods.ready_leader == Some(l) {
            continue;
        }
        for &to in &dests {
            out.push(Action::Retreat { leader: l, to });
        }
    }
}

/// Whether `side` is barred from retreating for the rest of this round, whatever units
/// and leaders it has: it retreated already, a card forbids it, or the Empire has a Death
/// Star or DSUC in the combat.
pub(crate) fn retreat_barred(state: &GameState, c: &Combat, side: Side) -> bool {
    let place = Place::System(c.system);
    c.retreated[side.index()]
        || c.no_retreat[side.index()]
        || (side == Side::Rebel && c.mods.rebel_no_retreat)
        || (side == Side::Empire
            && (state.count(place, UnitKind::DeathStar) > 0
                || state.count(place, UnitKind::DeathStarUnderConstruction) > 0))
}

fn may_retreat(state: &GameState, c: &Combat, side: Side) -> bool {
    let place = Place::System(c.system);
    if retreat_barred(state, c, side)
        || !state.has_units(place, side.other())
        || !state.has_leader(place, side)
    {
        return false;
    }
    // Something must be able to leave.
    let free = c.free_retreat[side.index()];
    UnitKind::of(side).iter().any(|k| {
        state.count(place, *k) > 0 && !k.info().immobile && (free || !k.info().needs_transport)
    })
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
    let mut follow_up = None;
    match (c.step, action) {
        (CombatStep::BeforeRoll { theater }, Action::Card(card)) => {
            // One in a Million: its choices sit above the combat, which rolls after them.
            c.step = CombatStep::Roll {
                theater,
                side: Side::Rebel,
            };
            state.stack.push(Frame::Combat(c));
            crate::rules::effects::actions::play_one_in_a_million(state, card, log);
            return;
        }
        (CombatStep::BeforeRoll { theater }, _) => {
            c.step = CombatStep::Roll {
                theater,
                side: Side::Rebel,
            };
        }
        (CombatStep::Reroll, Action::Die(i)) => {
            state.marks.yoda_used = true;
            let a = c.attack.as_mut().expect("attack");
            let d = &mut a.dice[i as usize];
            d.die = state.roll(d.die.color);
            log.all(LogEvent::DiceRerolled {
                side: Side::Rebel,
                dice: vec![(i, d.die)],
            });
            c.step = CombatStep::Actions;
        }
        (CombatStep::Reroll, _) => c.step = CombatStep::Actions,
        (CombatStep::AddLeader { side }, Action::Leader(l)) => {
            state.put_leader(l, place, log);
            log.all(LogEvent::LeaderAddedToCombat { side, leader: l });
            note_sith(state, &mut c);
            c.step = after_add_leader(state, &c, side);
        }
        (CombatStep::AddLeader { side }, _) => c.step = after_add_leader(state, &c, side),
        (CombatStep::StartCards { side }, Action::Card(card)) => {
            // The card's own decisions are frames above the combat.
            let at = state.stack.len();
            crate::rules::effects::play_start_of_combat(state, &mut c, side, card, log);
            state.stack.insert(at, Frame::Combat(c));
            return;
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
            draw_tactics(state, &mut c, side, theater, 1, log);
        }
        (CombatStep::Actions, Action::Tactic(t)) => {
            follow_up = crate::rules::tactics::play_in_attack(state, &mut c, t, log);
        }
        (CombatStep::Actions, _) => c.step = CombatStep::Assign,
        (
            CombatStep::Assign,
            Action::Damage {
                die: NO_DIE,
                target,
            },
        ) => {
            assign_card_damage(&mut c, target, log);
        }
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
            follow_up = crate::rules::tactics::play_as_block(state, &mut c, t, log);
        }
        (CombatStep::Block, _) => c.step = CombatStep::AttackDone,
        (CombatStep::Objective { .. }, Action::Objective(o)) => {
            follow_up = crate::rules::objectives::play_in_combat(state, &mut c, o, log);
            if state.is_over() {
                return;
            }
        }
        (CombatStep::Objective { window }, _) => c.step = after_window(state, &mut c, window, log),
        (CombatStep::Retreat { side }, Action::Retreat { leader, to }) => {
            c.retreated[side.index()] = true;
            state.leaders[leader.index()].place = LeaderPlace::Board(Place::System(to));
            log.all(LogEvent::Retreated { side, leader, to });
            let dest = Place::System(to);
            let mut capacity = 0u8;
            let mut moved = false;
            for &k in UnitKind::of(side) {
                if k.is_ship() && !k.info().immobile && !k.info().needs_transport {
                    while state.count(place, k) > 0 {
                        state.move_unit(k, place, dest, log);
                        capacity = capacity.saturating_add(k.info().transport);
                        leave(&mut c, k);
                        moved = true;
                    }
                }
            }
            if c.free_retreat[side.index()] {
                capacity = u8::MAX;
            }
            c.step = CombatStep::RetreatUnits {
                side,
                to,
                capacity,
                moved,
            };
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
        (
            CombatStep::RetreatUnits {
                side, to, capacity, ..
            },
            Action::Move { kind, .. },
        ) => {
            state.move_unit(kind, place, Place::System(to), log);
            leave(&mut c, kind);
            c.step = CombatStep::RetreatUnits {
                side,
                to,
                capacity: if capacity == u8::MAX {
                    capacity
                } else {
                    capacity - 1
                },
                moved: true,
            };
        }
        (CombatStep::RetreatUnits { side, .. }, _) => c.step = next_retreat(&c, side),
        _ => {}
    }
    state.stack.push(Frame::Combat(c));
    if let Some(e) = follow_up {
        state.stack.push(Frame::Effect(e));
    }
}

/// One point (or, for a card whose points all go to one unit, all of them) of the first
/// pending tactic-card damage goes to fighter `target`.
fn assign_card_damage(c: &mut Combat, target: u8, log: &mut impl EventSink) {
    let kind = c.fighters[target as usize].kind;
    let a = c.attack.as_mut().expect("attack");
    let cd = &mut a.card_damage[0];
    let points = if cd.spread == Spread::OneUnit {
        cd.points
    } else {
        1
    };
    cd.points -= points;
    cd.first.get_or_insert(target);
    if cd.points == 0 {
        a.card_damage.remove(0);
    }
    a.extra.push((target, points));
    for _ in 0..points {
        log.all(LogEvent::DamageAssigned {
            side: a.side,
            die: NO_DIE,
            kind,
        });
    }
}

fn only_transports(state: &GameState, place: Place) -> bool {
    let ships: Vec<UnitKind> = UnitKind::of(Side::Rebel)
        .iter()
        .copied()
        .filter(|k| k.is_ship() && state.count(place, *k) > 0)
        .collect();
    !ships.is_empty() && ships.iter().all(|k| *k == UnitKind::RebelTransport)
}

/// A unit of `kind` is no longer in the combat (destroyed or retreated).
pub(crate) fn mark_gone(c: &mut Combat, kind: UnitKind) {
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

/// A unit of `kind` left the combat by retreating (so it was not destroyed).
fn leave(c: &mut Combat, kind: UnitKind) {
    mark_gone(c, kind);
    c.left_units[kind.index()] += 1;
}

/// Units an effect removed from the system without going through the combat leave it too.
fn sync_fighters(state: &GameState, c: &mut Combat) {
    let place = Place::System(c.system);
    for k in UnitKind::ALL {
        let in_combat = c.fighters.iter().filter(|f| !f.gone && f.kind == k).count();
        for _ in state.count(place, k) as usize..in_combat {
            mark_gone(c, k);
        }
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

/// Units of `side` destroyed in this combat (whatever destroyed them), by kind.
pub(crate) fn destroyed(state: &GameState, c: &Combat, side: Side) -> [u8; UNIT_KINDS] {
    let now = state.units_at(Place::System(c.system));
    let mut out = [0; UNIT_KINDS];
    for &k in UnitKind::of(side) {
        let i = k.index();
        out[i] = c.start_units[i].saturating_sub(c.left_units[i] + now[i]);
    }
    out
}

/// Records the battles won so far: the loser had units of that theatre when the combat
/// began and has none now, and the winner still has some there or the loser retreated them.
fn note_wins(state: &GameState, c: &mut Combat) {
    let place = Place::System(c.system);
    for theater in [Theater::Space, Theater::Ground] {
        let ti = theater_index(theater);
        for side in Side::BOTH {
            let loser = side.other();
            let loser_left = UnitKind::of(loser)
                .iter()
                .any(|k| k.theater() == theater && c.left_units[k.index()] > 0);
            if c.present[ti][loser.index()]
                && !state.has_theater(place, loser, theater)
                && (state.has_theater(place, side, theater) || loser_left)
            {
                c.won[ti][side.index()] = true;
            }
        }
    }
}

/// Darth Vader or the Emperor is in the combat's system now.
fn note_sith(state: &GameState, c: &mut Combat) {
    c.sith_present |= state
        .leaders_at(Place::System(c.system))
        .any(|l| matches!(l, LeaderId::Vader | LeaderId::Palpatine));
}

/// The ground battle step begins: each Shield Generator gives the Rebel a ground card.
fn begin_ground_step(
    state: &mut GameState,
    c: &mut Combat,
    log: &mut impl EventSink,
) -> CombatStep {
    let generators = state.count(Place::System(c.system), UnitKind::ShieldGenerator);
    if generators > 0 {
        draw_tactics(state, c, Side::Rebel, Theater::Ground, generators, log);
    }
    CombatStep::Roll {
        theater: Theater::Ground,
        side: c.attacker,
    }
}

/// Where the combat goes once the Rebel is done with an objective window.
fn after_window(
    state: &mut GameState,
    c: &mut Combat,
    window: Window,
    log: &mut impl EventSink,
) -> CombatStep {
    match window {
        Window::Space if state.both_in_theater(c.system, Theater::Ground) => {
            begin_ground_step(state, c, log)
        }
        Window::Space | Window::Ground => CombatStep::Retreat { side: c.attacker },
        Window::Retreat => {
            if state.combat_due(c.system) && c.quiet_rounds < QUIET_ROUND_LIMIT {
                c.round += 1;
                CombatStep::RoundStart
            } else {
                CombatStep::End
            }
        }
    }
}

/// Runs the combat's automatic steps; returns false when a player must decide.
pub(crate) fn advance(state: &mut GameState, mut c: Box<Combat>, log: &mut impl EventSink) -> bool {
    let place = Place::System(c.system);
    let progressed = match c.step {
        CombatStep::BeforeRoll { .. } | CombatStep::Reroll => false,
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
            // Asked when a Start of Combat card of this side could be used here as far as the
            // opponent can tell (its leader is present...) and the side holds any action
            // card: asking only when one is in hand would say so.
            let any = !state.cards[side.index()].actions.is_empty()
                && ActionCard::ALL.into_iter().any(|card| {
                    crate::rules::effects::start_of_combat_playable(state, &c, side, card)
                });
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
            note_sith(state, &mut c);
            for side in [c.attacker, c.attacker.other()] {
                for theater in [Theater::Space, Theater::Ground] {
                    if state.both_in_theater(c.system, theater) {
                        let n = state.tactic_value(c.system, side, theater);
                        draw_tactics(state, &mut c, side, theater, n, log);
                    }
                }
            }
            c.step = CombatStep::RoundStart;
            true
        }
        CombatStep::RoundStart => {
            sync_fighters(state, &mut c);
            c.step = if state.both_in_theater(c.system, Theater::Space) {
                CombatStep::Roll {
                    theater: Theater::Space,
                    side: c.attacker,
                }
            } else if state.both_in_theater(c.system, Theater::Ground) {
                begin_ground_step(state, &mut c, log)
            } else {
                CombatStep::Retreat { side: c.attacker }
            };
            true
        }
        CombatStep::Roll { theater, side }
            if side == Side::Rebel
                && !c.asked_before_roll
                && crate::rules::effects::actions::one_in_a_million_may_apply(state, &c) =>
        {
            c.asked_before_roll = true;
            c.step = CombatStep::BeforeRoll { theater };
            false
        }
        CombatStep::Roll { theater, side } => {
            c.asked_before_roll = false;
            sync_fighters(state, &mut c);
            let (red, black) = attack_pool(state, &c, side, theater);
            // Dice placed by One in a Million take the place of rolled ones.
            let placed = std::mem::take(&mut c.placed);
            let placed_red = placed.iter().filter(|d| d.color == DieColor::Red).count() as u32;
            let placed_black = placed.len() as u32 - placed_red;
            let mut dice: Vec<RolledDie> = placed
                .into_iter()
                .map(|die| RolledDie {
                    die,
                    spent: false,
                    target: None,
                })
                .collect();
            for _ in placed_red..red {
                dice.push(RolledDie {
                    die: state.roll(DieColor::Red),
                    spent: false,
                    target: None,
                });
            }
            for _ in placed_black..black {
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
                card_damage: Vec::new(),
            });
            c.step = if side == Side::Rebel && yoda_may_reroll(state, &c) {
                CombatStep::Reroll
            } else {
                CombatStep::Actions
            };
            true
        }
        CombatStep::Actions => {
            // Skipped only when the attacker has nothing to decide for reasons the opponent
            // can see too: no usable special die and no tactic card of this theatre in hand
            // (skipping whenever none is playable would tell what the hand holds).
            let mut options = Vec::new();
            legal(state, &c, &mut options);
            let a = c.attack.as_ref().expect("attack");
            let may = crate::rules::tactics::might_play(state, &c, a.side, a.theater, false);
            if options.len() == 1 && !may {
                c.step = CombatStep::Assign;
                true
            } else {
                false
            }
        }
        CombatStep::Assign => {
            drop_lost_card_damage(&mut c);
            let a = c.attack.as_ref().expect("attack");
            if next_die(&c, a).is_none() && a.card_damage.is_empty() {
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
            // As for the attacker's actions: asked whenever the defender holds a card of this
            // theatre, playable or not.
            let may = crate::rules::tactics::might_play(state, &c, a.side.other(), a.theater, true);
            if (options.len() == 1 && !may) || !any_damage {
                c.step = CombatStep::AttackDone;
                true
            } else {
                false
            }
        }
        CombatStep::AttackDone => {
            let a = c.attack.take().expect("attack");
            for i in 0..c.fighters.len() {
                let d = a.assigned(i as u8);
                if d > 0 {
                    let h = health(&c, &c.fighters[i]);
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
            c.no_block = [false; 2];
            c.step = CombatStep::Objective {
                window: match theater {
                    Theater::Space => Window::Space,
                    Theater::Ground => Window::Ground,
                },
            };
            true
        }
        CombatStep::Objective { window } => {
            note_sith(state, &mut c);
            note_wins(state, &mut c);
            // Asked whenever the Rebel could hold a playable objective as far as the Empire
            // can tell (any objective in hand, none played in this combat): asking only when
            // one is playable would tell the Empire so.
            if state.objectives.is_empty() || c.objective_played {
                c.step = after_window(state, &mut c, window, log);
                true
            } else {
                false
            }
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
        CombatStep::RetreatUnits {
            capacity,
            side,
            moved,
            ..
        } => {
            let any = capacity > 0
                && UnitKind::of(side).iter().any(|k| {
                    k.info().needs_transport && !k.info().immobile && state.count(place, *k) > 0
                });
            if !any {
                debug_assert!(moved, "a retreat always takes a unit along");
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
            }
            let losses: u16 = Side::BOTH
                .iter()
                .flat_map(|s| destroyed(state, &c, *s))
                .map(u16::from)
                .sum();
            c.quiet_rounds = if losses > c.losses {
                0
            } else {
                c.quiet_rounds + 1
            };
            c.losses = losses;
            c.no_retreat = [false; 2];
            c.free_retreat = [false; 2];
            c.step = CombatStep::Objective {
                window: Window::Retreat,
            };
            true
        }
        CombatStep::End => {
            note_wins(state, &mut c);
            for (ti, theater) in [Theater::Space, Theater::Ground].into_iter().enumerate() {
                for side in Side::BOTH {
                    if c.won[ti][side.index()] {
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
            for (ti, discard) in c.discard.iter_mut().enumerate() {
                state.tactic_decks[ti].append(discard);
            }
            for deck in &mut state.tactic_decks {
                deck.sort();
            }
            let mut decks = std::mem::take(&mut state.tactic_decks);
            for deck in &mut decks {
                state.rng.shuffle(deck);
            }
            state.tactic_decks = decks;
            if let Some(l) = c.mods.ready_leader {
                if state.leader(l).place == LeaderPlace::Board(place) {
                    state.leaders[l.index()].place = LeaderPlace::Pool;
                }
            }
            log.all(LogEvent::CombatEnded { system: c.system });
            let hidden_before = !state.base_revealed;
            state.settle(log);
            // Imperial ground units that retreated into the hidden base's system revealed it:
            // its units came out, and a new combat is fought there, the same player attacking
            // (rules §25.9).
            if let Some(base) = state.base {
                let here = Place::System(base);
                if hidden_before
                    && state.base_revealed
                    && !state.is_over()
                    && base != c.system
                    && state.has_theater(here, Side::Empire, Theater::Ground)
                    && state.has_units(here, Side::Rebel)
                {
                    state.start_combat(base, c.attacker, 0, log);
                }
            }
            return true;
        }
    };
    state.stack.push(Frame::Combat(c));
    progressed
}
