//! The team game (3 and 4 players) as a layer over the two-player rules: the engine still
//! asks one *side* at a time, and this layer says which *seat* of that side's team decides
//! ([`GameState::decider`]), keeps each seat to its own leaders and cards (the legal actions
//! of a team game are the deciding seat's), runs the Command phase's four-seat order with a
//! pass per seat, and lets an optional question that either teammate may answer go to the
//! second one when the first declines. Teammates share everything, so a team's view is its
//! side's view. The rulings are in `docs/swr/team-game.md`.
//!
//! A two-player game has no [`TeamState`] (`GameState::team` is `None`) and none of this
//! runs: its rules, saves and replays are unchanged.

use super::combat::CombatStep;
use super::effects::actions::WINDOW;
use super::effects::{Effect, Source};
use super::frames::{Frame, MissionRun, MissionStep, RefreshStep};
use crate::action::Action;
use crate::data::cards::{ActionCard, Mission};
use crate::data::leaders::LeaderId;
use crate::data::team::{Holder, Player, Role, Seat, TeamOptions, COMMAND_ORDER};
use crate::data::units::Theater;
use crate::data::Side;
use crate::log::EventSink;
use crate::state::{GameOptions, GameState, LeaderPlace, Phase, Ring};
use serde::{Deserialize, Serialize};

/// What the team game keeps besides the two-player state. Small and `Copy`: cloning a state
/// for search costs nothing more.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct TeamState {
    pub options: TeamOptions,
    /// Command phase: the role whose turn it is, on the side `Phase::Command::turn` names.
    pub turn: Role,
    /// Command phase: the seats that have passed, by side then role. A side counts as passed
    /// for the two-player rules when both its seats have.
    pub passed: [[bool; 2]; 2],
    /// For each side, the role of the seat that last acted for it: who moves the units of
    /// the system just activated, who picks the units that follow a retreat.
    pub acting: [Role; 2],
    /// The role of the seat that revealed the mission being carried out: it makes the
    /// mission's decisions.
    pub mission: Role,
    /// Two-leader action cards held by the General (bits by card index); the others are the
    /// Admiral's. Set when the card is recruited with a General's leader.
    pub general_cards: u64,
    /// Optional questions that either teammate may answer, declined by the first seat
    /// asked: the teammate answers them now. A few, as such questions nest (the Assignment
    /// phase's, then a mission's second leader).
    pub declined: [Option<Declined>; DECLINED_SLOTS],
}

/// Which question was declined: the side, the stack depth of the frame asking it (or
/// [`PHASE_LEVEL`] for the phase's own question) and a code for the frame's step.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Declined {
    pub side: Side,
    pub depth: u8,
    pub code: u32,
}

/// The depth of a question asked by the phase itself (an empty stack).
const PHASE_LEVEL: u8 = u8::MAX;

/// How many declined questions may be open at once, one inside the other.
pub const DECLINED_SLOTS: usize = 3;

impl TeamState {
    pub(crate) fn new(options: TeamOptions) -> TeamState {
        TeamState {
            options,
            turn: Role::Admiral,
            passed: [[false; 2]; 2],
            acting: [Role::Admiral; 2],
            mission: Role::Admiral,
            general_cards: 0,
            declined: [None; DECLINED_SLOTS],
        }
    }

    /// Whether `seat` has passed in this Command phase.
    pub fn has_passed(&self, seat: Seat) -> bool {
        self.passed[seat.side.index()][seat.role.index()]
    }

    /// The Command phase begins: the Rebel Admiral (initiative 1) first, nobody passed.
    pub(crate) fn start_command(&mut self) {
        self.turn = Role::Admiral;
        self.passed = [[false; 2]; 2];
    }

    /// The first seat after `from` in the Command order that has not passed (never `from`).
    fn next_unpassed(&self, from: Seat) -> Option<Seat> {
        let i = from.initiative() as usize - 1;
        (1..COMMAND_ORDER.len())
            .map(|k| COMMAND_ORDER[(i + k) % COMMAND_ORDER.len()])
            .find(|s| !self.has_passed(*s))
    }

    /// The seat on turn (`side` with `self.turn`) took its turn: the next seat that has not
    /// passed plays, or the same one again when all the others have.
    pub(crate) fn next_turn(&mut self, side: Side) -> Side {
        let now = Seat::new(side, self.turn);
        let next = self.next_unpassed(now).unwrap_or(now);
        self.turn = next.role;
        next.side
    }

    /// The seat on turn passes for itself: the side on turn next and the sides' passes for
    /// the two-player rules (both `true` once all four seats have passed).
    pub(crate) fn pass(&mut self, side: Side) -> (Side, [bool; 2]) {
        let now = Seat::new(side, self.turn);
        self.passed[side.index()][self.turn.index()] = true;
        let passed = [
            self.passed[0].iter().all(|p| *p),
            self.passed[1].iter().all(|p| *p),
        ];
        match self.next_unpassed(now) {
            Some(next) => {
                self.turn = next.role;
                (next.side, passed)
            }
            None => (side.other(), passed),
        }
    }

    /// Who holds `card`: the role, or `None` when either player may use it.
    pub fn holder(&self, card: ActionCard) -> Option<Role> {
        match card.holder() {
            Holder::Role(r) => Some(r),
            Holder::Either => None,
            Holder::Recruited if self.general_cards & 1 << card as u32 != 0 => Some(Role::General),
            Holder::Recruited => Some(Role::Admiral),
        }
    }

    /// The bits of [`TeamState::general_cards`] for `side`'s cards: what `side`'s team knows
    /// of who holds its two-leader cards (the other team's are secret).
    pub fn general_cards_of(&self, side: Side) -> u64 {
        ActionCard::ALL
            .into_iter()
            .filter(|c| c.side() == side)
            .fold(0, |bits, c| bits | (self.general_cards & 1 << c as u32))
    }

    /// Whether `role` may use `card`.
    pub fn may_use(&self, role: Role, card: ActionCard) -> bool {
        self.holder(card).is_none_or(|r| r == role)
    }
}

/// Who answers a question: one seat by rule, or either teammate (the first one asked,
/// then the other if the first declines). `skip_empty`: the question offers only public
/// choices (leaders), so a seat with nothing but `Done` is not asked; a question that may
/// offer cards asks both seats, since skipping one would tell the other team what it holds.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Owner {
    Fixed(Role),
    Either { first: Role, skip_empty: bool },
}

fn theater_role(t: Theater) -> Role {
    match t {
        Theater::Space => Role::Admiral,
        Theater::Ground => Role::General,
    }
}

/// The role of the leader wearing `ring`, if any.
fn bearer_role(state: &GameState, ring: Ring) -> Option<Role> {
    LeaderId::ALL
        .into_iter()
        .find(|l| state.leader(*l).ring == Some(ring))
        .map(LeaderId::role)
}

impl GameState {
    /// A new team game (3 or 4 players) from a seed. The two-player rules with the team
    /// layer on top: see [`GameState::decider`].
    pub fn new_team(
        seed: u64,
        options: GameOptions,
        team: TeamOptions,
        log: &mut impl EventSink,
    ) -> GameState {
        assert!(
            matches!(team.players, 3 | 4),
            "a team game has 3 or 4 players"
        );
        let mut state = super::setup::new_game(seed, options, log);
        state.team = Some(TeamState::new(team));
        state.run(log);
        state
    }

    /// The team game's own state (`None` in a two-player game).
    pub fn team(&self) -> Option<&TeamState> {
        self.team.as_ref()
    }

    /// In a team game, the seat that decides now (its side is [`GameState::active_player`]);
    /// `None` in a two-player game or once the game is over.
    pub fn decider(&self) -> Option<Seat> {
        let team = self.team.as_ref()?;
        let side = self.active_player()?;
        let role = match owner(self, team, side) {
            Owner::Fixed(role) => role,
            Owner::Either { first, skip_empty } => either_role(self, team, side, first, skip_empty),
        };
        Some(Seat::new(side, role))
    }

    /// The player at the table who decides now (see [`Player`]): the active side in a
    /// two-player game, the player of the deciding seat in a team game; `None` once the game
    /// is over.
    pub fn player_to_decide(&self) -> Option<Player> {
        match &self.team {
            None => self.active_player().map(Player::of_side),
            Some(team) => self.decider().map(|seat| Player::of(team.options, seat)),
        }
    }

    /// The legal actions of `seat` if it had to answer the current question: those of its
    /// side that use only its own leaders and cards.
    fn seat_options(&self, seat: Seat, out: &mut Vec<Action>) {
        out.clear();
        if self.active_player() != Some(seat.side) {
            return;
        }
        self.raw_legal(out);
        if let Some(team) = &self.team {
            keep_seats(self, team, seat, out);
        }
    }

    /// Whether `seat` could answer the current question with something other than `Done`.
    fn has_real_option(&self, seat: Seat) -> bool {
        let mut out = Vec::new();
        self.seat_options(seat, &mut out);
        out.iter().any(|a| *a != Action::Done)
    }
}

/// Keeps only the deciding seat's actions (the team game's `legal_actions`).
pub(crate) fn filter(state: &GameState, out: &mut Vec<Action>) {
    let (Some(team), Some(seat)) = (state.team.as_ref(), state.decider()) else {
        return;
    };
    keep_seats(state, team, seat, out);
}

/// Keeps `seat`'s own actions among its side's. At a mission's target the revealer's
/// teammate is in Blindside's window: a card, or `Done` to let the revealer go on (the
/// target is the revealer's; `Done` is answered by the team layer, never by the rules).
fn keep_seats(state: &GameState, team: &TeamState, seat: Seat, out: &mut Vec<Action>) {
    out.retain(|a| allowed(state, team, seat, *a));
    if let Some(Frame::Mission(m)) = state.stack.last() {
        if m.step == MissionStep::ChooseTarget && seat.role != team.mission {
            out.retain(|a| matches!(a, Action::Card(_)));
            out.push(Action::Done);
        }
    }
}

/// Whether the revealer's teammate is asked about Blindside before the target is chosen:
/// an Imperial mission still opposable with Boba Fett or Janus Greejatus on it, and the
/// Empire holding an action card. All public (the leaders on a face-down mission, the hand's
/// size), so being asked tells the Rebels nothing about who holds what, or whether the
/// mission is an attempt: the teammate is asked whatever he holds, and answers `Done`.
fn blindside_window(state: &GameState, m: &MissionRun) -> bool {
    let shown = ActionCard::Blindside.info().leaders;
    m.side == Side::Empire
        && !m.unopposable
        && !state.cards[Side::Empire.index()].actions.is_empty()
        && m.leaders.iter().flatten().any(|l| shown.contains(l))
}

/// The seat answering an either-seat question.
fn either_role(
    state: &GameState,
    team: &TeamState,
    side: Side,
    first: Role,
    skip_empty: bool,
) -> Role {
    if declined_here(state, team, side) {
        return first.other();
    }
    if skip_empty
        && !state.has_real_option(Seat::new(side, first))
        && state.has_real_option(Seat::new(side, first.other()))
    {
        return first.other();
    }
    first
}

/// Who owns the current question of `side` (the active player).
fn owner(state: &GameState, team: &TeamState, side: Side) -> Owner {
    use Owner::*;
    use Role::{Admiral, General};
    let Some(frame) = state.stack.last() else {
        return match state.phase {
            // Each player assigns their own leaders, the Admiral first (initiative order);
            // the General holds the mission hand the missions come from.
            Phase::Assignment { .. } => Either {
                first: Admiral,
                skip_empty: false,
            },
            Phase::Command { .. } => Fixed(team.turn),
            _ => Fixed(Admiral),
        };
    };
    match frame {
        // Setup: the Admiral places the units (he builds and deploys), attaches the rings
        // and, for the Rebels, chooses the base's system (docs/swr/team-game.md).
        Frame::PlaceImperialStart { .. }
        | Frame::PlaceRebelStart { .. }
        | Frame::AttachRing { .. }
        | Frame::ChooseBase => Fixed(Admiral),
        // The player who put the mission down chooses its first leader (his own); a second
        // leader may be his or, if he adds none, his teammate's.
        Frame::Assigning { side, slot } => {
            let a = &state.cards[side.index()].assigned[*slot as usize];
            match a.leaders[0] {
                None => Fixed(assignment_seat(state, team, *side)),
                Some(l) => Either {
                    first: l.role(),
                    skip_empty: true,
                },
            }
        }
        // The seat that activated moves the units (or that played the card that moves them).
        Frame::Moving(m) => Fixed(team.acting[m.side.index()]),
        Frame::Mission(m) => match m.step {
            // Blindside's holder may be the revealer's teammate: he is asked first, then the
            // revealer chooses the target (ruling R14).
            MissionStep::ChooseTarget if blindside_window(state, m) => Either {
                first: team.mission.other(),
                skip_empty: false,
            },
            // Only one player of the opposing team may send a leader.
            MissionStep::Oppose => Either {
                first: Admiral,
                skip_empty: true,
            },
            // The Rebel cards before the roll: each card by its holder.
            MissionStep::BeforeRoll => Either {
                first: if m.side == side {
                    team.mission
                } else {
                    Admiral
                },
                skip_empty: false,
            },
            MissionStep::Astromech => Fixed(bearer_role(state, Ring::R2D2).unwrap_or(Admiral)),
            MissionStep::Reroll => Fixed(bearer_role(state, Ring::Yoda).unwrap_or(Admiral)),
            MissionStep::Protocol => Fixed(bearer_role(state, Ring::C3PO).unwrap_or(Admiral)),
            _ => Fixed(team.mission),
        },
        Frame::Combat(c) => {
            let attack_theater = c.attack.as_ref().map(|a| a.theater);
            match c.step {
                // Each team adds at most one leader (the two-player rule asks once a side,
                // and only a side with no leader with tactic values there).
                CombatStep::AddLeader { .. } | CombatStep::Retreat { .. } => Either {
                    first: Admiral,
                    skip_empty: true,
                },
                CombatStep::StartCards { .. } => Either {
                    first: Admiral,
                    skip_empty: false,
                },
                CombatStep::BeforeRoll { theater } => Either {
                    first: theater_role(theater),
                    skip_empty: false,
                },
                CombatStep::RetreatUnits { side, .. } => Fixed(team.acting[side.index()]),
                CombatStep::Objective { .. } => Fixed(General),
                _ => Fixed(attack_theater.map_or(Admiral, theater_role)),
            }
        }
        Frame::Refresh(RefreshStep::Objective) => Fixed(General),
        Frame::Refresh(_) => Fixed(Admiral),
        // The Admiral recruits, builds and deploys; the General keeps the mission hand.
        Frame::Recruit { .. } | Frame::Build { .. } | Frame::Deploy { .. } => Fixed(Admiral),
        Frame::DiscardMissions { .. } => Fixed(General),
        Frame::Effect(e) => Fixed(effect_role(state, team, e)),
    }
}

/// The seat answering the Assignment phase's question for `side` now.
fn assignment_seat(state: &GameState, team: &TeamState, side: Side) -> Role {
    let declined = team
        .declined
        .iter()
        .flatten()
        .any(|d| d.side == side && d.depth == PHASE_LEVEL && d.code == phase_code(state.phase));
    if declined {
        Role::General
    } else {
        Role::Admiral
    }
}

/// Who decides a card effect's question.
fn effect_role(state: &GameState, team: &TeamState, e: &Effect) -> Role {
    use Role::{Admiral, General};
    match e.source {
        // The Rebel General makes every decision about objectives.
        Source::Objective(_) => General,
        // A tactic card's choices belong to the battle's player.
        Source::Tactic(t) => {
            if t.info().space {
                Admiral
            } else {
                General
            }
        }
        // Independent Operation: the Empire sends its ground units: the Imperial General.
        Source::Action(card) if e.actor != card.side() => General,
        Source::Action(card) if e.step == WINDOW => match card {
            // The Falcon's ring: its bearer frees the captive.
            ActionCard::TheMillenniumFalcon => {
                bearer_role(state, Ring::MillenniumFalcon).unwrap_or(Admiral)
            }
            // A window opens on public grounds: asked of the card's holder by its printed
            // leader (every card with a window shows one role).
            _ => team.holder(card).unwrap_or(Admiral),
        },
        // A card being used: its holder (who played it, or who gained it for the Falcon).
        Source::Action(card) => team.holder(card).unwrap_or(team.acting[e.actor.index()]),
        // Rapid Mobilization at the end of the Command phase moves the base: the Rebel
        // Admiral's decision, as the base's placement is.
        Source::Mission(Mission::RapidMobilization) => Admiral,
        Source::Mission(m) if e.actor != m.side() => {
            use super::effects::imperial::{DROID_DECOY, HOMING_SYSTEM, NOBLE_SACRIFICE};
            match e.step {
                // Homing Beacon: where the freed leader goes is his player's decision.
                HOMING_SYSTEM => e.leader.map_or(Admiral, LeaderId::role),
                // Interrogation Droid: naming systems other than the base (the base is the
                // Rebel Admiral's).
                DROID_DECOY => Admiral,
                // Noble Sacrifice shows Obi-Wan: the Rebel General's card.
                NOBLE_SACRIFICE => team.holder(ActionCard::NobleSacrifice).unwrap_or(General),
                _ => Admiral,
            }
        }
        // Which objective cards to keep: the Rebel General.
        Source::Mission(m)
            if m.side() == Side::Rebel && e.step == super::effects::rebel::step::OBJECTIVE =>
        {
            General
        }
        Source::Mission(_) => team.mission,
    }
}

/// Whether `seat` may take `action` in the current question: its own leaders, cards and
/// missions only.
fn allowed(state: &GameState, team: &TeamState, seat: Seat, action: Action) -> bool {
    let top = state.stack.last();
    let mine = |l: LeaderId| l.role() == seat.role;
    match action {
        // Choosing among drawn cards when recruiting is not using one.
        Action::Card(_) if matches!(top, Some(Frame::Recruit { .. })) => true,
        Action::Card(card) => team.may_use(seat.role, card),
        Action::Activate { leader, .. }
        | Action::ActivateBase { leader }
        | Action::Retreat { leader, .. } => mine(leader),
        // A mission one of the seat's leaders is assigned to.
        Action::Reveal(slot) => state.cards[seat.side.index()]
            .assigned
            .get(slot as usize)
            .is_some_and(|a| a.leaders.iter().flatten().any(|l| mine(*l))),
        // Putting a mission down: only with a leader of one's own to assign to it.
        Action::Mission(_) if top.is_none() => pool_of(state, seat).next().is_some(),
        // Sending a leader: to a mission, to oppose one, into a combat.
        Action::Leader(l) => match top {
            Some(Frame::Assigning { .. }) => mine(l),
            Some(Frame::Mission(m)) if m.step == MissionStep::Oppose => mine(l),
            Some(Frame::Combat(c)) if matches!(c.step, CombatStep::AddLeader { .. }) => mine(l),
            _ => true,
        },
        _ => true,
    }
}

/// The leaders in `seat`'s pool.
fn pool_of(state: &GameState, seat: Seat) -> impl Iterator<Item = LeaderId> + '_ {
    LeaderId::ALL.into_iter().filter(move |l| {
        let s = state.leader(*l);
        s.controller == seat.side && s.place == LeaderPlace::Pool && l.role() == seat.role
    })
}

// ---------------------------------------------------------------------------------------
// Declining an either-seat question

fn phase_code(phase: Phase) -> u32 {
    match phase {
        Phase::Assignment { side } => 1 + side.index() as u32,
        Phase::Command { .. } => 3,
        _ => 0,
    }
}

/// A code for the step a frame asks (only either-seat questions need telling apart).
fn frame_code(frame: &Frame) -> u32 {
    match frame {
        Frame::Assigning { side, slot } => 0x100 | (side.index() as u32) << 7 | *slot as u32,
        Frame::Mission(m) => {
            0x200
                | match m.step {
                    MissionStep::Oppose => 1,
                    MissionStep::BeforeRoll => 2,
                    MissionStep::ChooseTarget => 3,
                    _ => 0,
                }
        }
        Frame::Combat(c) => {
            0x300
                | (c.system.index() as u32) << 8
                | match c.step {
                    CombatStep::AddLeader { side } => 1 + side.index() as u32,
                    CombatStep::StartCards { side } => 3 + side.index() as u32,
                    CombatStep::BeforeRoll { theater } => 5 + theater as u32,
                    CombatStep::Retreat { side } => 7 + side.index() as u32,
                    _ => 0,
                }
        }
        _ => 0xF00,
    }
}

/// The current question's place and code.
fn question(state: &GameState) -> (u8, u32) {
    match state.stack.last() {
        None => (PHASE_LEVEL, phase_code(state.phase)),
        Some(f) => ((state.stack.len() - 1) as u8, frame_code(f)),
    }
}

fn declined_here(state: &GameState, team: &TeamState, side: Side) -> bool {
    let (depth, code) = question(state);
    team.declined
        .iter()
        .flatten()
        .any(|d| d.side == side && d.depth == depth && d.code == code)
}

/// Whether a declined question is still being asked (its frame, or the phase, is still at
/// the same step), perhaps under questions pushed above it.
fn still_open(state: &GameState, d: Declined) -> bool {
    if d.depth == PHASE_LEVEL {
        return phase_code(state.phase) == d.code;
    }
    state
        .stack
        .get(d.depth as usize)
        .is_some_and(|f| frame_code(f) == d.code)
}

// ---------------------------------------------------------------------------------------
// Hooks around an action

/// Before the two-player rules take `action` of `player`: records which seat acted, and
/// handles what only the team game has. Returns `true` when the action is fully handled here
/// (the first seat declining a question its teammate will now answer).
pub(crate) fn before(state: &mut GameState, player: Side, action: Action) -> bool {
    let Some(seat) = state.decider() else {
        return false;
    };
    debug_assert_eq!(seat.side, player);
    let team = state.team.expect("a team game");
    if action == Action::Done {
        if let Owner::Either { first, skip_empty } = owner(state, &team, player) {
            let mate = Seat::new(player, first.other());
            if seat.role == first
                && !declined_here(state, &team, player)
                && (!skip_empty || state.has_real_option(mate))
            {
                let (depth, code) = question(state);
                if let Some(t) = state.team.as_mut() {
                    let d = Declined {
                        side: player,
                        depth,
                        code,
                    };
                    match t.declined.iter_mut().find(|x| x.is_none()) {
                        Some(free) => *free = Some(d),
                        None => {
                            // Deeper than any nesting the rules make: the oldest goes.
                            t.declined.rotate_left(1);
                            t.declined[DECLINED_SLOTS - 1] = Some(d);
                        }
                    }
                }
                return true;
            }
        }
    }
    let reveal = state.stack.is_empty()
        && matches!(state.phase, Phase::Command { .. })
        && matches!(action, Action::Reveal(_));
    if let Some(t) = state.team.as_mut() {
        t.acting[player.index()] = seat.role;
        if reveal {
            t.mission = seat.role;
        }
    }
    false
}

/// After the two-player rules took an action: a declined question that has been answered
/// is forgotten.
pub(crate) fn after(state: &mut GameState) {
    let Some(mut team) = state.team else {
        return;
    };
    for slot in team.declined.iter_mut() {
        if slot.is_some_and(|d| !still_open(state, d)) {
            *slot = None;
        }
    }
    // Kept in the order declined, the free slots last.
    let mut open = team.declined.into_iter().flatten();
    team.declined = std::array::from_fn(|_| open.next());
    state.team = Some(team);
}

/// Recruiting: `card` and `leader` go to the leader's player; a two-leader card goes with
/// the leader recruited (a card recruiting nobody stays with the Admiral who drew it).
pub(crate) fn recruited(state: &mut GameState, card: ActionCard, leader: LeaderId) {
    if let Some(t) = state.team.as_mut() {
        if card.holder() == Holder::Recruited && leader.role() == Role::General {
            t.general_cards |= 1 << card as u32;
        }
    }
}

/// For a sampled hand of `side`'s (the other team's, whose holders the sampling player does
/// not know): each two-leader card goes to the General when its General is in play and its
/// Admiral is not — the one case where the leader recruited with it can be told from the
/// table — and to the Admiral otherwise (the rule for a card that recruited nobody).
pub(crate) fn infer_holders(state: &mut GameState, side: Side) {
    let Some(mut team) = state.team else {
        return;
    };
    for card in state.cards[side.index()].actions.iter().copied() {
        if card.holder() != Holder::Recruited {
            continue;
        }
        let in_play = |role| {
            card.info()
                .leaders
                .iter()
                .any(|l| l.role() == role && state.leader(*l).place != LeaderPlace::Unrecruited)
        };
        let bit = 1u64 << card as u32;
        if in_play(Role::General) && !in_play(Role::Admiral) {
            team.general_cards |= bit;
        } else {
            team.general_cards &= !bit;
        }
    }
    state.team = Some(team);
}

#[cfg(test)]
#[path = "team_tests.rs"]
mod tests;
