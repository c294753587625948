//! Setup: decks, starting loyalty from the probe deck, starting hands, then the decisions:
//! the Empire places its starting units, the Rebel places its own, rings from immediate
//! starting action cards, and the Rebel's secret choice of a base. The Rebel's starting units
//! go to the Rebel Base space and one system without Imperial units (the 2019 FAQ wording).

use super::frames::Frame;
use crate::action::Action;
use crate::data::cards::{
    probe_cards, ActionCard, Mission, MissionDeck, Objective, Tactic, PROBE_IMPERIAL_SETUP,
    PROBE_REBEL_SETUP, REPUTATION_START,
};
use crate::data::leaders::LeaderId;
use crate::data::systems::{named::CORUSCANT, SystemId, SYSTEM_COUNT};
use crate::data::units::{UnitKind, IMPERIAL_START, REBEL_START, UNIT_KINDS};
use crate::data::Side;
use crate::log::{EventSink, LogEvent, LogExt};
use crate::state::{
    GameOptions, GameState, LeaderPlace, LeaderState, Loyalty, Phase, Place, Ring, SideCards,
    SystemState, PLACE_COUNT,
};
use game_kit::Rng;

pub(crate) fn new_game(seed: u64, _options: GameOptions, log: &mut impl EventSink) -> GameState {
    let mut rng = Rng::new(seed);
    let mut supply = [0u8; UNIT_KINDS];
    for k in UnitKind::ALL {
        supply[k.index()] = k.info().supply;
    }
    let leaders = LeaderId::ALL.map(|l| LeaderState {
        place: if l.info().starting {
            LeaderPlace::Pool
        } else {
            LeaderPlace::Unrecruited
        },
        ring: None,
        controller: l.printed_side(),
        jedi: false,
        detained: false,
    });

    // Objectives: stage III at the bottom, then II, then I on top (the end of the Vec).
    let mut objective_deck = Vec::with_capacity(15);
    for stage in [3, 2, 1] {
        let mut pile: Vec<Objective> = Objective::ALL
            .into_iter()
            .filter(|o| o.info().stage == stage)
            .collect();
        rng.shuffle(&mut pile);
        objective_deck.extend(pile);
    }

    let mut cards = [SideCards::default(), SideCards::default()];
    for side in Side::BOTH {
        let c = &mut cards[side.index()];
        c.missions = Mission::deck(side, MissionDeck::Starting);
        c.mission_deck = Mission::deck(side, MissionDeck::Normal);
        rng.shuffle(&mut c.mission_deck);
        c.action_deck = ActionCard::of(side, false);
        rng.shuffle(&mut c.action_deck);
        let mut starting = ActionCard::of(side, true);
        rng.shuffle(&mut starting);
        starting.truncate(2);
        c.actions = starting;
    }
    let mut project_deck = Mission::deck(Side::Empire, MissionDeck::Project);
    rng.shuffle(&mut project_deck);
    let mut tactic_decks = [Tactic::deck(true), Tactic::deck(false)];
    for deck in &mut tactic_decks {
        rng.shuffle(deck);
    }

    let mut systems = [SystemState::default(); SYSTEM_COUNT];
    systems[CORUSCANT.index()].loyalty = Some(Loyalty::Empire);

    // Starting loyalty: draw probe cards until 3 Rebel and 5 Imperial setup icons are out.
    let mut probe_deck = probe_cards();
    rng.shuffle(&mut probe_deck);
    let (mut rebel, mut imperial) = (0, 0);
    let mut drawn = Vec::new();
    while rebel < 3 || imperial < 5 {
        let Some(card) = probe_deck.pop() else { break };
        if rebel < 3 && PROBE_REBEL_SETUP.contains(&card) {
            rebel += 1;
            systems[card.index()].loyalty = Some(Loyalty::Rebel);
            log.all(LogEvent::StartingLoyalty {
                system: card,
                loyalty: Loyalty::Rebel,
                subjugated: false,
            });
            drawn.push(card);
        } else if imperial < 5 && PROBE_IMPERIAL_SETUP.contains(&card) {
            imperial += 1;
            // The first two drawn are subjugated, the next three loyal.
            let subjugated = imperial <= 2;
            let st = &mut systems[card.index()];
            if subjugated {
                st.subjugated = true;
            } else {
                st.loyalty = Some(Loyalty::Empire);
            }
            log.all(LogEvent::StartingLoyalty {
                system: card,
                loyalty: Loyalty::Empire,
                subjugated,
            });
            // Imperial setup cards go back to the box.
        } else {
            drawn.push(card);
        }
    }
    probe_deck.extend(drawn);
    rng.shuffle(&mut probe_deck);

    let mut state = GameState {
        rng,
        time: 1,
        reputation: REPUTATION_START,
        systems,
        units: [[0; UNIT_KINDS]; PLACE_COUNT],
        supply,
        leaders,
        base: None,
        base_revealed: false,
        cards,
        objectives: Vec::new(),
        objective_deck,
        probes: Vec::new(),
        probe_deck,
        project_deck,
        project_discard: Vec::new(),
        tactic_decks,
        objective_this_refresh: false,
        marks: Default::default(),
        phase: Phase::Setup,
        stack: Vec::new(),
        team: None,
    };

    state.draw_objective(log);
    for side in Side::BOTH {
        state.draw_missions(side, 2, log);
    }

    // Decisions, last pushed first: Imperial units, Rebel units, rings, the base.
    state.stack.push(Frame::ChooseBase);
    for card in state.cards[Side::Rebel.index()]
        .actions
        .clone()
        .into_iter()
        .rev()
    {
        let ring = match card {
            ActionCard::HumanCyborgRelations => Ring::C3PO,
            ActionCard::ResourcefulAstromech => Ring::R2D2,
            _ => continue,
        };
        state.stack.push(Frame::AttachRing { ring, card });
    }
    let mut left = [0; UNIT_KINDS];
    for (k, n) in REBEL_START {
        left[k.index()] = n;
        state.supply[k.index()] -= n;
    }
    state
        .stack
        .push(Frame::PlaceRebelStart { left, system: None });
    let mut left = [0; UNIT_KINDS];
    for (k, n) in IMPERIAL_START {
        left[k.index()] = n;
        state.supply[k.index()] -= n;
    }
    state.stack.push(Frame::PlaceImperialStart { left });
    state
}

fn imperial_systems(state: &GameState) -> impl Iterator<Item = SystemId> + '_ {
    SystemId::ALL
        .into_iter()
        .filter(|s| state.is_imperial_system(*s))
}

/// Imperial systems that still need a ground unit.
fn ungarrisoned(state: &GameState) -> usize {
    imperial_systems(state)
        .filter(|s| {
            !state.has_theater(
                Place::System(*s),
                Side::Empire,
                crate::data::units::Theater::Ground,
            )
        })
        .count()
}

pub(crate) fn legal_imperial(state: &GameState, left: &[u8; UNIT_KINDS], out: &mut Vec<Action>) {
    let ground_left: u8 = UnitKind::of(Side::Empire)
        .iter()
        .filter(|k| k.is_ground())
        .map(|k| left[k.index()])
        .sum();
    let need = ungarrisoned(state);
    for s in imperial_systems(state) {
        let place = Place::System(s);
        let garrisoned =
            state.has_theater(place, Side::Empire, crate::data::units::Theater::Ground);
        for &k in UnitKind::of(Side::Empire) {
            if left[k.index()] == 0 {
                continue;
            }
            // Keep enough ground units for every Imperial system still without one.
            let ground_after = ground_left - k.is_ground() as u8;
            let need_after = need - (k.is_ground() && !garrisoned) as usize;
            if (ground_after as usize) < need_after {
                continue;
            }
            out.push(Action::Deploy { kind: k, to: place });
        }
    }
}

pub(crate) fn place_imperial(
    state: &mut GameState,
    mut left: [u8; UNIT_KINDS],
    action: Action,
    log: &mut impl EventSink,
) {
    let Action::Deploy { kind, to } = action else {
        return;
    };
    left[kind.index()] -= 1;
    state.add_unit(to, kind);
    log.all(LogEvent::UnitPlaced { kind, place: to });
    if left.iter().any(|&n| n > 0) {
        state.stack.push(Frame::PlaceImperialStart { left });
    }
}

pub(crate) fn legal_rebel(
    state: &GameState,
    left: &[u8; UNIT_KINDS],
    system: Option<SystemId>,
    out: &mut Vec<Action>,
) {
    let places: Vec<Place> = match system {
        Some(s) => vec![Place::RebelBase, Place::System(s)],
        None => std::iter::once(Place::RebelBase)
            .chain(
                SystemId::ALL
                    .into_iter()
                    .filter(|s| !state.has_units(Place::System(*s), Side::Empire))
                    .map(Place::System),
            )
            .collect(),
    };
    for place in places {
        for &k in UnitKind::of(Side::Rebel) {
            if left[k.index()] > 0 {
                out.push(Action::Deploy { kind: k, to: place });
            }
        }
    }
}

pub(crate) fn place_rebel(
    state: &mut GameState,
    mut left: [u8; UNIT_KINDS],
    mut system: Option<SystemId>,
    action: Action,
    log: &mut impl EventSink,
) {
    let Action::Deploy { kind, to } = action else {
        return;
    };
    left[kind.index()] -= 1;
    state.add_unit(to, kind);
    if let Place::System(s) = to {
        system = Some(s);
    }
    log.all(LogEvent::UnitPlaced { kind, place: to });
    if left.iter().any(|&n| n > 0) {
        state.stack.push(Frame::PlaceRebelStart { left, system });
    }
}

/// Base candidates: probe cards whose system holds no Imperial unit.
pub(crate) fn legal_base(state: &GameState, out: &mut Vec<Action>) {
    let mut options: Vec<SystemId> = state
        .probe_deck
        .iter()
        .copied()
        .filter(|s| !state.has_units(Place::System(*s), Side::Empire))
        .collect();
    options.sort();
    out.extend(options.into_iter().map(Action::Probe));
}

pub(crate) fn choose_base(state: &mut GameState, action: Action, log: &mut impl EventSink) {
    let Action::Probe(system) = action else {
        return;
    };
    state.probe_deck.retain(|s| *s != system);
    state.rng.shuffle(&mut state.probe_deck);
    state.base = Some(system);
    log.secret(
        Side::Rebel,
        LogEvent::BaseChosen {
            system: Some(system),
        },
        LogEvent::BaseChosen { system: None },
    );
}

pub(crate) fn legal_ring(state: &GameState, out: &mut Vec<Action>) {
    out.extend(state.pool(Side::Rebel).map(Action::Leader));
}

pub(crate) fn attach_ring(
    state: &mut GameState,
    ring: Ring,
    card: ActionCard,
    action: Action,
    log: &mut impl EventSink,
) {
    let Action::Leader(l) = action else { return };
    crate::rules::effects::actions::use_card(state, card, log);
    state.attach_ring(l, ring, log);
}

impl GameState {
    pub(crate) fn attach_ring(&mut self, l: LeaderId, ring: Ring, log: &mut impl EventSink) {
        self.leaders[l.index()].ring = Some(ring);
        log.all(LogEvent::RingAttached { leader: l, ring });
    }

    pub(crate) fn draw_objective(&mut self, log: &mut impl EventSink) {
        if let Some(o) = self.objective_deck.pop() {
            self.objectives.push(o);
            log.secret(
                Side::Rebel,
                LogEvent::ObjectiveDrawn { objective: Some(o) },
                LogEvent::ObjectiveDrawn { objective: None },
            );
        }
    }

    /// Draws missions; an empty deck is refilled from the discard pile.
    pub(crate) fn draw_missions(&mut self, side: Side, n: u8, log: &mut impl EventSink) {
        let mut drawn = Vec::new();
        for _ in 0..n {
            let c = &mut self.cards[side.index()];
            if c.mission_deck.is_empty() && c.missions_to_reshuffle() {
                c.mission_deck = c.take_mission_discards();
                self.rng.shuffle(&mut self.cards[side.index()].mission_deck);
                log.all(LogEvent::DeckReshuffled {
                    what: crate::log::Reshuffled::Missions(side),
                });
            }
            let c = &mut self.cards[side.index()];
            let Some(m) = c.mission_deck.pop() else { break };
            c.missions.push(m);
            drawn.push(m);
        }
        let count = drawn.len() as u8;
        log.secret(
            side,
            LogEvent::MissionsDrawn {
                side,
                missions: Some(drawn),
                count,
            },
            LogEvent::MissionsDrawn {
                side,
                missions: None,
                count,
            },
        );
    }
}
