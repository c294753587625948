//! What one player may know, built field by field from what that player is allowed to see.
//! The opponent's hands, the deck orders, the Empire's probe cards (for the Rebel), the
//! Rebel's objectives and the hidden base (for the Empire) have no field here to leak from:
//! they exist in the other player's view only as counts. A player's view is the table's
//! (what both players know, [`GameState::table_view`]) with that player's own secrets added.

use crate::action::Action;
use crate::data::cards::{ActionCard, Mission, Objective, Tactic};
use crate::data::leaders::LeaderId;
use crate::data::systems::{SystemId, SYSTEM_COUNT};
use crate::data::team::{Role, Seat};
use crate::data::units::UNIT_KINDS;
use crate::data::Side;
use crate::log::{Die, LogEvent};
use crate::rules::combat::{Attack, CombatStep, Fighter};
use crate::rules::effects::Source;
use crate::rules::frames::{Frame, MissionStep, MoveWhy, RefreshStep};
use crate::rules::missions;
use crate::rules::team::TeamState;
use crate::state::{
    GameState, LeaderPlace, Phase, Place, Ring, RoundMarks, SystemState, PLACE_COUNT,
};
use serde::{Deserialize, Serialize};

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SystemView {
    pub markers: SystemState,
    pub units: [u8; UNIT_KINDS],
}

/// Where a leader is, as everyone sees it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum LeaderSpot {
    Unrecruited,
    Pool,
    /// On a face-down mission of its controller (the index of that mission).
    OnMission(u8),
    /// Going to a revealed mission's target.
    Revealing,
    Board(Place),
    Eliminated,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct LeaderView {
    pub leader: LeaderId,
    pub spot: LeaderSpot,
    pub ring: Option<Ring>,
    pub controller: Side,
    pub jedi: bool,
}

/// What the viewer knows of the Rebel base.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum BaseView {
    /// Not chosen yet (setup).
    NotChosen,
    /// Hidden from the viewer (the Empire).
    Hidden,
    /// The Rebel's own secret.
    Secret(SystemId),
    Revealed(SystemId),
}

/// The viewer's own cards.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct OwnCards {
    pub missions: Vec<Mission>,
    pub assigned: Vec<(Mission, [Option<LeaderId>; 2])>,
    pub actions: Vec<ActionCard>,
    pub tactics: [Vec<Tactic>; 2],
    pub mission_deck: usize,
    pub action_deck: usize,
    /// The Rebel's objectives (empty for the Empire).
    pub objectives: Vec<Objective>,
    /// The Empire's probe cards (empty for the Rebel).
    pub probes: Vec<SystemId>,
    /// Missions and projects the viewer discarded face down for the hand limit.
    pub discarded: Vec<Mission>,
}

/// The opponent's cards: counts and what lies face up.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct OpponentCards {
    pub missions: usize,
    /// The leaders on each face-down mission.
    pub assigned: Vec<[Option<LeaderId>; 2]>,
    pub actions: usize,
    pub tactics: [usize; 2],
    pub mission_deck: usize,
    pub action_deck: usize,
    pub objectives: usize,
    pub probes: usize,
    /// Cards the opponent discarded face down for the hand limit.
    pub discarded: usize,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct CombatView {
    pub system: SystemId,
    pub attacker: Side,
    pub step: CombatStep,
    pub round: u8,
    pub fighters: Vec<Fighter>,
    /// The attack in progress: its dice (spent or not, where each one's damage goes), the
    /// damage tactic cards added and the damage blocked.
    pub attack: Option<Attack>,
    pub retreated: [bool; 2],
    /// The Rebel's tactic cards (space, ground) when Good Intel opened them to the Empire.
    pub open_rebel_tactics: Option<[Vec<Tactic>; 2]>,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct MissionView {
    pub side: Side,
    pub mission: Mission,
    pub step: MissionStep,
    pub place: Option<Place>,
    pub leaders: [Option<LeaderId>; 2],
    pub against: Option<LeaderId>,
    pub opposed_by: Option<LeaderId>,
    /// The dice each side rolls with the leaders there now (by side index), and the owner's
    /// extra successes (portrait, card bonus): public, since the leaders are.
    pub dice: [u8; 2],
    pub bonus: u8,
    /// Each side's last roll.
    pub rolled: [Vec<Die>; 2],
}

/// A move in progress (public: both players watch units move): for each place units came
/// from, the transport capacity of the ships moved from it and how much of it is used.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct MoveView {
    pub to: Place,
    /// (source, capacity, used), for the sources units have moved from so far.
    pub transport: Vec<(Place, u8, u8)>,
}

/// The question being asked now, with only public details.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Prompt {
    GameOver { winner: Side },
    PlaceStartingUnits,
    AttachRing { ring: Ring },
    ChooseBase,
    Assign,
    AssignLeaders { slot: u8 },
    Turn,
    Move { to: Place, why: MoveWhy },
    Mission(MissionStep),
    Combat(CombatStep),
    ClaimObjective,
    Refresh(RefreshStep),
    Recruit,
    Build,
    Deploy,
    DiscardMissions,
    Effect { source: Source, step: u8 },
}

impl Prompt {
    /// Whether this question may be answered face up, on a screen both players may be
    /// looking at: its answers are all on the table, choosing between them needs no hidden
    /// card, and giving one shows nothing hidden. Read from the question alone, which both
    /// players see, so whether a decision is face up tells nobody anything. The reasons, kind
    /// by kind, are in docs/swr/rules.md §27; every question not named here is private.
    pub fn face_up(&self) -> bool {
        match *self {
            Prompt::AttachRing { .. } | Prompt::Build | Prompt::Deploy => true,
            Prompt::Mission(step) => matches!(
                step,
                MissionStep::Oppose
                    | MissionStep::Astromech
                    | MissionStep::Reroll
                    | MissionStep::Protocol
            ),
            Prompt::Combat(step) => matches!(
                step,
                CombatStep::AddLeader { .. }
                    | CombatStep::Assign
                    | CombatStep::Reroll
                    | CombatStep::Retreat { .. }
                    | CombatStep::RetreatUnits { .. }
            ),
            Prompt::Effect { source, step } => effect_face_up(source, step),
            _ => false,
        }
    }
}

/// The card questions answered from the table alone: units, leaders, systems, rings, dice
/// and build queues, never a card in hand, a deck, a card looked at or the hidden base.
fn effect_face_up(source: Source, step: u8) -> bool {
    use crate::rules::effects::{actions as a, imperial as i, rebel::step as r};
    use crate::rules::{objectives as o, tactics as t};
    match source {
        Source::Mission(m) if m.side() == Side::Empire => matches!(
            step,
            i::BOUNTY_DESTINATION
                | i::CONQUEST_SOURCE
                | i::CONQUEST_UNITS
                | i::STUDY_OR_CLEAR
                | i::FREE_SUPPLY
                | i::HASTEN
                | i::HUNT
                | i::OVERSEE
                | i::CULL
                | i::REGION_LOYALTY
        ),
        // Its second question is the units gathered or the new base among the probe cards
        // drawn, asked as one (see `r::CARRY`).
        Source::Mission(Mission::RapidMobilization) => step == r::MOBILIZE,
        Source::Mission(_) => matches!(
            step,
            r::RESCUE
                | r::GO_HOME
                | r::DESTROY
                | r::DESTROY_QUEUED
                | r::CARRY
                | r::MISDIRECT
                | r::PLACE_UNITS
                | r::YODA
                | r::MON_CALAMARI
        ),
        // The other windows offer a card in hand.
        Source::Action(ActionCard::TheMillenniumFalcon) if step == a::WINDOW => true,
        Source::Action(_) => matches!(
            step,
            a::SYSTEM | a::LEADER | a::UNITS | a::DESTINATION | a::DECK | a::FACES
        ),
        Source::Objective(_) => matches!(step, o::PLANS_TARGET | o::PLANS_REROLL | o::JEDI_TARGET),
        Source::Tactic(_) => matches!(step, t::REROLL | t::DRAW | t::SHIP | t::BLOCK),
    }
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PlayerView {
    pub viewer: Side,
    pub time: u8,
    pub reputation: u8,
    pub phase: Phase,
    pub active: Option<Side>,
    pub prompt: Option<Prompt>,
    /// The viewer's legal actions (empty when another player decides).
    pub legal: Vec<Action>,
    pub systems: Vec<SystemView>,
    pub rebel_base_space: [u8; UNIT_KINDS],
    pub base: BaseView,
    pub leaders: Vec<LeaderView>,
    pub supply: [u8; UNIT_KINDS],
    /// Build queues, spaces 1–3, Rebel then Empire (public).
    pub queues: [[[u8; UNIT_KINDS]; 3]; 2],
    pub own: OwnCards,
    pub opponent: OpponentCards,
    pub probe_deck: usize,
    pub objective_deck: usize,
    pub project_deck: usize,
    /// Discarded projects and missions, face up (used ones); hand-limit discards are in
    /// `own.discarded` and, for the opponent's, only counted.
    pub project_discard: Vec<Mission>,
    pub mission_discards: [Vec<Mission>; 2],
    pub combat: Option<CombatView>,
    pub mission: Option<MissionView>,
    pub moving: Option<MoveView>,
    /// The units of the player deciding that are being placed (setup) or deployed (off the
    /// build queue): public, like the queue they came from.
    pub in_hand: [u8; UNIT_KINDS],
    /// The team game (`None` for two players): who decides, whose turn, who passed, and which
    /// of the viewer's team's two-leader cards its General holds.
    #[serde(default)]
    pub team: Option<TeamView>,
    pub log: Vec<LogEvent>,
}

/// The team game as a player sees it. All of it is public (roles are printed on the leaders,
/// turns and passes are made at the table, who is asked is seen) except who holds each
/// two-leader card, which only the holding team knows: `state.general_cards` keeps only the
/// viewer's team's cards (none on the table's view).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct TeamView {
    /// The seat deciding now (`None` once the game is over).
    pub decider: Option<Seat>,
    pub state: TeamState,
}

impl TeamView {
    /// Whether `seat` may use `card` (its holder's, or one that shows no leader); known for
    /// the viewer's own cards only.
    pub fn may_use(&self, seat: Seat, card: ActionCard) -> bool {
        self.state.may_use(seat.role, card)
    }

    /// The role holding `card` (`None`: either), for a card of the viewer's team.
    pub fn holder(&self, card: ActionCard) -> Option<Role> {
        self.state.holder(card)
    }
}

/// What the engine holds beyond the fields of [`PlayerView`] that its viewer may know, in the
/// engine's own terms, so that a full state can be rebuilt from a view exactly (see
/// [`crate::sampling`]). Nothing here is news to the viewer:
///
/// * the decisions in progress (the stack of frames), with what the viewer cannot see blanked:
///   the opponent's mission being revealed before its target is chosen, the cards the opponent
///   drew to recruit with, the objective or probe cards the Rebel is looking at (for the
///   Empire), the project cards the Empire is choosing between (for the Rebel), the systems
///   the opponent has named so far in Interrogation Droid's or Fear Will Keep Them in Line's
///   choice, which of the probe cards Plant False Lead took are still to be placed, and (at
///   setup, for the Empire) the rings still to be attached from the Rebel's starting cards;
///   every other part of a frame is on the table (units moving, a combat's dice, cards
///   played, a revealed mission's leaders and dice) or was logged for both;
/// * the round's lasting card effects ([`RoundMarks`]: every card that set one was revealed),
///   whether an objective was claimed in this Refresh phase, and the Detained leaders (both
///   logged for everyone);
/// * the order of the viewer's own hands, which the legal actions follow.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct EngineView {
    pub(crate) stack: Vec<Frame>,
    pub(crate) marks: RoundMarks,
    pub(crate) objective_this_refresh: bool,
    /// Detained leaders, as bits by index.
    pub(crate) detained: u32,
    pub(crate) own: OwnOrder,
}

/// The viewer's own hands in the order they are held.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub(crate) struct OwnOrder {
    pub(crate) missions: Vec<Mission>,
    pub(crate) actions: Vec<ActionCard>,
    pub(crate) tactics: [Vec<Tactic>; 2],
    pub(crate) objectives: Vec<Objective>,
}

impl GameState {
    /// Everything `viewer` may know (the log is added by [`crate::Game::view`]): the table,
    /// and the viewer's own secrets on it.
    pub fn view(&self, viewer: Side) -> PlayerView {
        let mut view = self.table(viewer);
        if let (Some(s), false, Side::Rebel) = (self.base, self.base_revealed, viewer) {
            view.base = BaseView::Secret(s);
        }
        view.own = self.own_cards(viewer);
        if let Some(c) = view.combat.as_mut() {
            c.open_rebel_tactics = self.opened_rebel_tactics();
        }
        view.mission = self.mission_view(Some(viewer));
        if let Some(team) = view.team.as_mut() {
            team.state.general_cards = self.team.map_or(0, |t| t.general_cards_of(viewer));
        }
        if view.active == Some(viewer) {
            view.legal = self.legal_actions(viewer);
        }
        view
    }

    /// What both players may know, for a screen both may be looking at (two players on one
    /// device): the table seen from the side deciding (at the end, the winner's), none of
    /// whose cards it shows (`own` holds only the sizes of its decks), with that side's legal
    /// actions when the decision may be made face up ([`Prompt::face_up`]), which then follow
    /// from the table alone (docs/swr/rules.md §27). The log is added by
    /// [`crate::game::table_view`].
    pub fn table_view(&self) -> PlayerView {
        let side = self
            .active_player()
            .or(self.winner())
            .unwrap_or(Side::Empire);
        let mut view = self.table(side);
        if self.face_up() {
            view.legal = self.legal_actions(side);
        }
        view
    }

    /// Whether the decision asked now may be made face up ([`Prompt::face_up`]).
    pub fn face_up(&self) -> bool {
        self.active_player().is_some() && self.prompt().is_some_and(|p| p.face_up())
    }

    /// The parts of a view that both players see, from `viewer`'s side: read only from what
    /// is public (the board, the tracks, counts, revealed cards, the decisions in progress as
    /// both see them). Nothing of either side's secrets is here; no legal actions.
    fn table(&self, viewer: Side) -> PlayerView {
        let systems = (0..SYSTEM_COUNT)
            .map(|i| SystemView {
                markers: self.systems[i],
                units: self.units[i],
            })
            .collect();
        let base = match (self.base, self.base_revealed) {
            (None, _) => BaseView::NotChosen,
            (Some(s), true) => BaseView::Revealed(s),
            (Some(_), false) => BaseView::Hidden,
        };
        let leaders = LeaderId::ALL
            .iter()
            .map(|&l| {
                let st = self.leader(l);
                LeaderView {
                    leader: l,
                    spot: match st.place {
                        LeaderPlace::Unrecruited => LeaderSpot::Unrecruited,
                        LeaderPlace::Pool => LeaderSpot::Pool,
                        LeaderPlace::OnMission(u8::MAX) => LeaderSpot::Revealing,
                        LeaderPlace::OnMission(i) => LeaderSpot::OnMission(i),
                        LeaderPlace::Board(p) => LeaderSpot::Board(p),
                        LeaderPlace::Eliminated => LeaderSpot::Eliminated,
                    },
                    ring: st.ring,
                    controller: st.controller,
                    jedi: st.jedi,
                }
            })
            .collect();
        let mine = &self.cards[viewer.index()];
        let own = OwnCards {
            missions: Vec::new(),
            assigned: Vec::new(),
            actions: Vec::new(),
            tactics: [Vec::new(), Vec::new()],
            mission_deck: mine.mission_deck.len(),
            action_deck: mine.action_deck.len(),
            objectives: Vec::new(),
            probes: Vec::new(),
            discarded: Vec::new(),
        };
        let combat = self.stack.iter().rev().find_map(|f| match f {
            Frame::Combat(c) => Some(CombatView {
                system: c.system,
                attacker: c.attacker,
                step: c.step,
                round: c.round,
                fighters: c.fighters.clone(),
                attack: c.attack.clone(),
                retreated: c.retreated,
                open_rebel_tactics: None,
            }),
            _ => None,
        });
        let moving = self.stack.iter().rev().find_map(|f| match f {
            Frame::Moving(m) => Some(MoveView {
                to: m.to,
                transport: (0..PLACE_COUNT)
                    .filter(|&i| m.sources & (1 << i) != 0)
                    .map(|i| (Place::from_index(i), m.capacity[i], m.carried[i]))
                    .collect(),
            }),
            _ => None,
        });
        PlayerView {
            viewer,
            time: self.time,
            reputation: self.reputation,
            phase: self.phase,
            active: self.active_player(),
            prompt: self.prompt(),
            legal: Vec::new(),
            systems,
            rebel_base_space: self.units[Place::RebelBase.index()],
            base,
            leaders,
            supply: self.supply,
            queues: [self.cards[0].queue, self.cards[1].queue],
            own,
            opponent: self.counted(viewer.other()),
            probe_deck: self.probe_deck.len(),
            objective_deck: self.objective_deck.len(),
            project_deck: self.project_deck.len(),
            project_discard: self.project_discard.clone(),
            mission_discards: [
                self.cards[0].mission_discard.clone(),
                self.cards[1].mission_discard.clone(),
            ],
            combat,
            mission: self.mission_view(None),
            moving,
            in_hand: match self.stack.last() {
                Some(Frame::PlaceImperialStart { left } | Frame::PlaceRebelStart { left, .. }) => {
                    *left
                }
                Some(Frame::Deploy { units, .. }) => *units,
                _ => [0; UNIT_KINDS],
            },
            team: self.team.map(|t| TeamView {
                decider: self.decider(),
                state: TeamState {
                    general_cards: 0,
                    ..t
                },
            }),
            log: Vec::new(),
        }
    }

    /// `side`'s cards as everyone sees them: counts, and the leaders on its face-down
    /// missions.
    fn counted(&self, side: Side) -> OpponentCards {
        let c = &self.cards[side.index()];
        OpponentCards {
            missions: c.missions.len(),
            assigned: c.assigned.iter().map(|a| a.leaders).collect(),
            actions: c.actions.len(),
            tactics: [c.tactics[0].len(), c.tactics[1].len()],
            mission_deck: c.mission_deck.len(),
            action_deck: c.action_deck.len(),
            objectives: if side == Side::Rebel {
                self.objectives.len()
            } else {
                0
            },
            probes: if side == Side::Empire {
                self.probes.len()
            } else {
                0
            },
            discarded: c.discarded_unseen.len(),
        }
    }

    /// `viewer`'s own cards, secrets and all.
    fn own_cards(&self, viewer: Side) -> OwnCards {
        let mine = &self.cards[viewer.index()];
        OwnCards {
            missions: sorted(&mine.missions),
            assigned: mine
                .assigned
                .iter()
                .map(|a| (a.mission, a.leaders))
                .collect(),
            actions: sorted(&mine.actions),
            tactics: [sorted(&mine.tactics[0]), sorted(&mine.tactics[1])],
            mission_deck: mine.mission_deck.len(),
            action_deck: mine.action_deck.len(),
            objectives: if viewer == Side::Rebel {
                sorted(&self.objectives)
            } else {
                Vec::new()
            },
            probes: if viewer == Side::Empire {
                sorted(&self.probes)
            } else {
                Vec::new()
            },
            discarded: sorted(&mine.discarded_unseen),
        }
    }

    /// The Rebel's tactic cards, when Good Intel has opened them to the Empire for the
    /// combat in progress.
    fn opened_rebel_tactics(&self) -> Option<[Vec<Tactic>; 2]> {
        self.stack.iter().rev().find_map(|f| match f {
            Frame::Combat(c) => Some(c.mods.rebel_tactics_open.then(|| {
                let t = &self.cards[Side::Rebel.index()].tactics;
                [sorted(&t[0]), sorted(&t[1])]
            })),
            _ => None,
        })?
    }

    /// The innermost mission in progress that is shown: until its target is chosen, a mission
    /// being revealed is shown only to its owner (`owner`: the viewer, if any).
    fn mission_view(&self, owner: Option<Side>) -> Option<MissionView> {
        self.stack.iter().rev().find_map(|f| match f {
            Frame::Mission(m) if m.step != MissionStep::ChooseTarget || Some(m.side) == owner => {
                let (dice, bonus) = missions::dice_now(self, m);
                Some(MissionView {
                    side: m.side,
                    mission: m.mission,
                    step: m.step,
                    place: m.place,
                    leaders: m.leaders,
                    against: m.against,
                    opposed_by: m.opposed_by,
                    dice,
                    bonus,
                    rolled: m.dice.clone(),
                })
            }
            _ => None,
        })
    }

    /// The engine's own bookkeeping as far as `viewer` may know it, for
    /// [`crate::sampling::Sampler`] (opaque elsewhere). Apart from [`GameState::view`] so
    /// that the pages, which never sample, carry none of it.
    pub fn engine_view(&self, viewer: Side) -> EngineView {
        let top = self.stack.len().saturating_sub(1);
        let stack = self
            .stack
            .iter()
            .enumerate()
            .filter_map(|(i, f)| redact(f, viewer, i == top))
            .collect();
        let mine = &self.cards[viewer.index()];
        EngineView {
            stack,
            marks: self.marks.clone(),
            objective_this_refresh: self.objective_this_refresh,
            detained: LeaderId::ALL
                .iter()
                .filter(|l| self.leader(**l).detained)
                .fold(0, |m, l| m | 1 << l.index()),
            own: OwnOrder {
                missions: mine.missions.clone(),
                actions: mine.actions.clone(),
                tactics: mine.tactics.clone(),
                objectives: if viewer == Side::Rebel {
                    self.objectives.clone()
                } else {
                    Vec::new()
                },
            },
        }
    }

    fn prompt(&self) -> Option<Prompt> {
        if let Phase::Over { winner } = self.phase {
            return Some(Prompt::GameOver { winner });
        }
        Some(match self.stack.last() {
            None => match self.phase {
                Phase::Assignment { .. } => Prompt::Assign,
                Phase::Command { .. } => Prompt::Turn,
                _ => return None,
            },
            Some(frame) => match frame {
                Frame::PlaceImperialStart { .. } | Frame::PlaceRebelStart { .. } => {
                    Prompt::PlaceStartingUnits
                }
                Frame::AttachRing { ring, .. } => Prompt::AttachRing { ring: *ring },
                Frame::ChooseBase => Prompt::ChooseBase,
                Frame::Assigning { slot, .. } => Prompt::AssignLeaders { slot: *slot },
                Frame::Moving(m) => Prompt::Move {
                    to: m.to,
                    why: m.why,
                },
                Frame::Mission(m) => Prompt::Mission(m.step),
                Frame::Combat(c) => Prompt::Combat(c.step),
                Frame::Refresh(RefreshStep::Objective) => Prompt::ClaimObjective,
                Frame::Refresh(step) => Prompt::Refresh(*step),
                Frame::Recruit { .. } => Prompt::Recruit,
                Frame::Build { .. } => Prompt::Build,
                Frame::Deploy { .. } => Prompt::Deploy,
                Frame::DiscardMissions { .. } => Prompt::DiscardMissions,
                Frame::Effect(e) => Prompt::Effect {
                    source: e.source,
                    step: e.step,
                },
            },
        })
    }
}

/// What `viewer` may know of a frame of the stack (`top`: the question being asked now), or
/// `None` when the frame's very existence is hidden (a ring the Rebel's starting cards will
/// attach, for the Empire, until its question is asked). Hidden cards and choices become
/// placeholders ([`secret`] says which, from the public parts alone), keeping their number.
pub(crate) fn redact(frame: &Frame, viewer: Side, top: bool) -> Option<Frame> {
    let mut f = frame.clone();
    match (&mut f, secret(frame, viewer)) {
        (_, None) => {}
        (Frame::AttachRing { .. }, Some(Secret::Ring)) if !top => return None,
        (_, Some(Secret::Ring)) => {}
        (Frame::Mission(m), Some(Secret::Revealing { side })) => {
            m.mission = placeholder_mission(side);
        }
        (Frame::Recruit { drawn, chosen, .. }, Some(Secret::Recruit { side, .. })) => {
            let p = placeholder_action(side);
            drawn.iter_mut().for_each(|c| *c = p);
            if let Some(c) = chosen {
                *c = p;
            }
        }
        (Frame::Effect(e), Some(Secret::Cards { count, .. })) => {
            e.memo = (1u64 << count) - 1;
        }
        (Frame::Effect(e), Some(Secret::Named | Secret::Projects)) => e.memo = 0,
        _ => {}
    }
    Some(f)
}

/// What part of a frame is hidden from `viewer`: read from the parts that are not (a
/// redacted frame gives the same answer as the original).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Secret {
    /// The opponent's mission, revealed but its target not yet chosen.
    Revealing { side: Side },
    /// The cards the opponent drew to recruit with, and the one chosen if any.
    Recruit { side: Side },
    /// `count` cards taken by an effect (`memo` as bits): the objectives the Rebel looks at,
    /// the probe cards Rapid Mobilization drew, or Plant False Lead's cards still to place.
    Cards { what: Taken, count: u32 },
    /// Research and Development's two project cards.
    Projects,
    /// Systems the opponent has named so far (`count` of them).
    Named,
    /// A ring from the Rebel's starting cards (setup, for the Empire).
    Ring,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Taken {
    Objectives,
    MobilizationProbes,
    FalseLeads,
}

pub(crate) fn secret(frame: &Frame, viewer: Side) -> Option<Secret> {
    use crate::rules::effects::{imperial, rebel::step};
    match frame {
        Frame::Mission(m) if m.step == MissionStep::ChooseTarget && m.side != viewer => {
            Some(Secret::Revealing { side: m.side })
        }
        Frame::Recruit { side, .. } if *side != viewer => Some(Secret::Recruit { side: *side }),
        Frame::AttachRing { .. } if viewer == Side::Empire => Some(Secret::Ring),
        Frame::Effect(e) if e.actor != viewer => {
            let Source::Mission(mission) = e.source else {
                return None;
            };
            let count = e.memo.count_ones();
            match (mission, e.step) {
                (
                    Mission::Infiltration | Mission::CovertOperation | Mission::StolenPlans,
                    step::OBJECTIVE,
                ) => Some(Secret::Cards {
                    what: Taken::Objectives,
                    count,
                }),
                (Mission::RapidMobilization, step::CARRY) if e.place.is_none() => {
                    Some(Secret::Cards {
                        what: Taken::MobilizationProbes,
                        count,
                    })
                }
                (Mission::PlantFalseLead, step::PROBE_CARDS) => Some(Secret::Cards {
                    what: Taken::FalseLeads,
                    count,
                }),
                (Mission::ResearchAndDevelopment, imperial::KEEP_PROJECT) => Some(Secret::Projects),
                (Mission::InterrogationDroid, imperial::DROID_DECOY)
                | (Mission::FearWillKeepThemInLine, imperial::FEAR_SYSTEM) => Some(Secret::Named),
                _ => None,
            }
        }
        _ => None,
    }
}

/// The stand-in for a hidden mission card of `side` in a redacted frame.
pub(crate) fn placeholder_mission(side: Side) -> Mission {
    match side {
        Side::Rebel => Mission::BuildAlliance,
        Side::Empire => Mission::CaptureRebelOperative,
    }
}

/// The stand-in for a hidden action card of `side` in a redacted frame.
pub(crate) fn placeholder_action(side: Side) -> ActionCard {
    match side {
        Side::Rebel => ActionCard::HumanCyborgRelations,
        Side::Empire => ActionCard::AccordingToMyDesign,
    }
}

fn sorted<T: Ord + Copy>(items: &[T]) -> Vec<T> {
    let mut v = items.to_vec();
    // Not `sort_unstable`: the same order here, but a second sort in every page's wasm
    // (3.4 KiB gzip of Rebellion's first visit).
    v.sort();
    v
}

#[cfg(test)]
#[path = "view_tests.rs"]
mod tests;
