//! Reading a player's log from the start of the game: where every card may be, as far as
//! that player has seen (see `family`), and where the base may be (see `base`).
//!
//! The reading follows the rules' own card moves, event by event: draws come off the top of a
//! deck, a card put at the bottom makes a new block there, a shuffle makes one block, a card
//! shown or played pins its copy, a card moved unseen widens the places its source's cards may
//! be in. A few moves leave no event of their own and are read from the events around them
//! (a mission's card going back to the hand or to the discard pile once it is carried out,
//! the objectives Infiltration looked at going back on top and at the bottom); at the end the
//! view says which of those are still under way.

use super::base::BaseReading;
use super::family::{bit, Deck, Family, Zone};
use crate::data::cards::{ActionCard, Mission, MissionDeck, Objective, Tactic};
use crate::data::leaders::LeaderId;
use crate::data::Side;
use crate::log::LogEvent;
use crate::rules::effects::Source;
use crate::rules::frames::{Frame, MissionStep};
use crate::view::{secret, EngineView, PlayerView, Secret};

/// What the event just read was, for the events that read on from it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Prev {
    Other,
    Succeeded(Side, Mission),
    Recruited(Side, LeaderId),
}

/// A deck search by an action card: the card used, then its deck shuffled.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Search {
    None,
    Used(ActionCard),
    Shuffled(ActionCard),
}

/// Project cards being drawn by a mission's effect.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Projects {
    SecretWeapons,
    /// Research and Development; `cleared`: it cleared a sabotage marker and draws one.
    Research {
        cleared: bool,
    },
}

pub(crate) struct Reading {
    pub(crate) viewer: Side,
    pub(crate) missions: Family,
    pub(crate) actions: Family,
    pub(crate) objectives: Family,
    pub(crate) probes: Family,
    /// Space, then ground.
    pub(crate) tactics: [Family; 2],
    pub(crate) base: BaseReading,
    prev: Prev,
    search: Search,
    projects: Option<Projects>,
    /// The mission being carried out by each side, until its card goes back or is discarded.
    finishing: [Option<Mission>; 2],
    /// The last Rebel mission that succeeded (whose effect takes objective cards).
    rebel_success: Option<Mission>,
    /// Objectives being looked at, by this mission.
    seen: Option<Mission>,
    mobilized: bool,
    false_leads: bool,
    /// A Brilliant Strategy being played, per theatre.
    limbo: [Option<Tactic>; 2],
    /// Cards already drawn into flight by a draw that refilled its deck.
    flight_missions: [i32; 2],
    flight_tactics: [i32; 2],
}

fn theater_index(t: Tactic) -> usize {
    if t.info().space {
        0
    } else {
        1
    }
}

impl Reading {
    pub(crate) fn new(viewer: Side) -> Reading {
        let mut missions = Family::new("missions");
        for side in Side::BOTH {
            let hand = missions.zone(Zone::Hand(side));
            for m in Mission::deck(side, MissionDeck::Starting) {
                missions.add(m as u8, bit(hand), hand);
            }
            let block = missions.new_block(Deck::Missions(side), true);
            for m in Mission::deck(side, MissionDeck::Normal) {
                missions.add(m as u8, bit(block), block);
            }
        }
        let block = missions.new_block(Deck::Projects, true);
        for m in Mission::deck(Side::Empire, MissionDeck::Project) {
            missions.add(m as u8, bit(block), block);
        }

        let mut actions = Family::new("action cards");
        for side in Side::BOTH {
            let hand = actions.zone(Zone::Hand(side));
            let out = actions.zone(Zone::Out(side));
            let starting = ActionCard::of(side, true);
            for c in &starting {
                actions.cards.push(super::family::Card {
                    ty: *c as u8,
                    mask: bit(hand) | bit(out),
                });
            }
            actions.size[hand as usize] = 2;
            actions.size[out as usize] = starting.len() as i32 - 2;
            let block = actions.new_block(Deck::Actions(side), true);
            for c in ActionCard::of(side, false) {
                actions.add(c as u8, bit(block), block);
            }
        }

        let mut objectives = Family::new("objectives");
        for stage in [3, 2, 1] {
            let block = objectives.new_block(Deck::Objectives, true);
            for o in Objective::ALL
                .into_iter()
                .filter(|o| o.info().stage == stage)
            {
                objectives.add(o as u8, bit(block), block);
            }
        }

        let mut probes = Family::new("probe cards");
        let block = probes.new_block(Deck::Probes, true);
        for s in crate::data::cards::probe_cards() {
            probes.add(s.0, bit(block), block);
        }

        let tactics = [true, false].map(|space| {
            let mut f = Family::new(if space {
                "space tactics"
            } else {
                "ground tactics"
            });
            let block = f.new_block(Deck::Tactics, true);
            for t in Tactic::deck(space) {
                f.add(t as u8, bit(block), block);
            }
            f
        });

        Reading {
            viewer,
            missions,
            actions,
            objectives,
            probes,
            tactics,
            base: BaseReading::default(),
            prev: Prev::Other,
            search: Search::None,
            projects: None,
            finishing: [None, None],
            rebel_success: None,
            seen: None,
            mobilized: false,
            false_leads: false,
            limbo: [None, None],
            flight_missions: [0; 2],
            flight_tactics: [0; 2],
        }
    }

    // -----------------------------------------------------------------------------------
    // Moves that leave no event: done when the next event shows they happened.

    /// The mission `side` carried out goes back to the hand (a starting mission) or to its
    /// discard pile.
    fn finish(&mut self, side: Side) {
        if let Some(m) = self.finishing[side.index()].take() {
            let f = &mut self.missions;
            let from = f.zone(Zone::InPlay);
            let to = if m.is_starting() {
                f.zone(Zone::Hand(side))
            } else if m.is_project() {
                f.zone(Zone::ProjectDiscard)
            } else {
                f.zone(Zone::Discard(side))
            };
            f.move_known(m as u8, from, to);
        }
    }

    fn finish_both(&mut self) {
        self.finish(Side::Rebel);
        self.finish(Side::Empire);
    }

    /// The objectives looked at go where their mission puts them (all of them, or the
    /// `keep_in_seen` still being chosen among).
    fn resolve_seen(&mut self, keep_in_seen: i32) {
        let Some(mission) = self.seen else { return };
        let f = &mut self.objectives;
        let seen = f.zone(Zone::Seen);
        let n = f.size[seen as usize] - keep_in_seen;
        if n > 0 {
            match mission {
                // Infiltration: one back on top, the other at the bottom; Covert Operation
                // keeps one (its own event) and puts the other at the bottom.
                Mission::Infiltration if keep_in_seen == 0 && n == 2 => {
                    let top = f.new_block(Deck::Objectives, true);
                    f.move_unknown(seen, top, 1);
                    let bottom = f.new_block(Deck::Objectives, false);
                    f.move_unknown(seen, bottom, 1);
                }
                Mission::CovertOperation => {
                    let bottom = f.new_block(Deck::Objectives, false);
                    f.move_unknown(seen, bottom, n);
                }
                _ => {
                    let top = f.new_block(Deck::Objectives, true);
                    f.move_unknown(seen, top, n);
                }
            }
        }
        if keep_in_seen == 0 {
            self.seen = None;
        }
    }

    /// Rapid Mobilization's probe cards not taken as the new base go to the bottom.
    fn resolve_mobilized(&mut self) {
        if !self.mobilized {
            return;
        }
        self.mobilized = false;
        let f = &mut self.probes;
        let mob = f.zone(Zone::Mobilized);
        let n = f.size[mob as usize];
        if n > 0 {
            let bottom = f.new_block(Deck::Probes, false);
            f.move_unknown(mob, bottom, n);
        }
    }

    /// Plant False Lead's cards placed so far (all but `left`) are in the deck, at the top or
    /// the bottom: the viewer's log does not say which, so anywhere.
    fn resolve_false_leads(&mut self, left: i32) {
        if !self.false_leads {
            return;
        }
        let f = &mut self.probes;
        let fl = f.zone(Zone::FalseLeads);
        let n = f.size[fl as usize] - left;
        if n > 0 {
            let top = f.new_block(Deck::Probes, true);
            f.move_unknown(fl, top, n);
            f.merge(Deck::Probes);
        }
        if left == 0 {
            self.false_leads = false;
        }
    }

    fn flush_limbo(&mut self, t: usize) {
        if let Some(card) = self.limbo[t].take() {
            let f = &mut self.tactics[t];
            let from = f.zone(Zone::Limbo);
            let to = f.zone(Zone::CombatDiscard);
            f.move_known(card as u8, from, to);
        }
    }

    // -----------------------------------------------------------------------------------

    pub(crate) fn read(&mut self, e: &LogEvent) {
        use LogEvent as E;
        // What this event shows finished before it.
        if self.seen.is_some()
            && !matches!(e, E::ObjectiveDrawn { .. } | E::ObjectiveToBottom { .. })
        {
            self.resolve_seen(0);
        }
        if self.mobilized && !matches!(e, E::BaseRevealed { .. } | E::BaseChosen { .. }) {
            self.resolve_mobilized();
        }
        if self.false_leads {
            self.resolve_false_leads(0);
        }
        // A Brilliant Strategy is discarded once its draws (from either deck) are done.
        if !matches!(
            e,
            E::DieSpent { .. } | E::TacticsDrawn { .. } | E::TacticDeckReshuffled { .. }
        ) {
            self.flush_limbo(0);
            self.flush_limbo(1);
        }
        let search = self.search;
        self.search = Search::None;

        match e {
            E::StartingLoyalty {
                system,
                loyalty: crate::state::Loyalty::Empire,
                ..
            } => {
                let f = &mut self.probes;
                let gone = f.zone(Zone::Gone);
                f.draw_known(Deck::Probes, system.0, gone);
            }
            E::BaseChosen { system } => self.base_chosen(*system),
            E::BaseRevealed { system } => {
                let f = &mut self.probes;
                let base = f.zone(Zone::Base);
                f.reveal(base, &[system.0]);
            }
            E::MissionsDrawn {
                side,
                missions,
                count,
            } => self.missions_drawn(*side, missions.as_deref(), *count as i32, search),
            E::MissionDiscarded { side, mission } => {
                self.finish(*side);
                let f = &mut self.missions;
                let hand = f.zone(Zone::Hand(*side));
                let unseen = f.zone(Zone::Unseen(*side));
                match mission {
                    Some(m) => f.move_known(*m as u8, hand, unseen),
                    None => f.move_unknown(hand, unseen, 1),
                }
            }
            E::MissionAssigned { side, mission, .. } => {
                if let Search::Shuffled(card) = search {
                    let deck = if card == ActionCard::ProceedingAsPlanned {
                        Deck::Projects
                    } else {
                        Deck::Missions(Side::Rebel)
                    };
                    let f = &mut self.missions;
                    let hand = f.zone(Zone::Hand(*side));
                    match mission {
                        Some(m) => f.draw_known(deck, *m as u8, hand),
                        None => f.draw(deck, 1, hand),
                    }
                }
            }
            E::ActionCardUsed { side, card } => {
                let f = &mut self.actions;
                let hand = f.zone(Zone::Hand(*side));
                let gone = f.zone(Zone::Gone);
                f.move_known(*card as u8, hand, gone);
                if matches!(
                    card,
                    ActionCard::OurMostDesperateHour
                        | ActionCard::ProceedingAsPlanned
                        | ActionCard::SonOfSkywalker
                ) {
                    self.search = Search::Used(*card);
                }
            }
            E::ActionCardGained { side, card } => {
                // Recruiting: the cards drawn went back under the deck, all but this one.
                let deck = Deck::Actions(*side);
                let f = &mut self.actions;
                f.merge(deck);
                let hand = f.zone(Zone::Hand(*side));
                match card {
                    Some(c) => f.draw_known(deck, *c as u8, hand),
                    None => {
                        f.draw(deck, 1, hand);
                        if let Prev::Recruited(s, leader) = self.prev {
                            if s == *side {
                                let kinds = ActionCard::ALL
                                    .into_iter()
                                    .filter(|c| {
                                        c.side() == *side
                                            && !c.info().starting
                                            && c.info().leaders.contains(&leader)
                                    })
                                    .map(|c| c as u8)
                                    .collect();
                                f.constraints.push(super::family::AtLeastOne {
                                    kinds,
                                    zones: bit(hand),
                                });
                            }
                        }
                    }
                }
            }
            E::MissionRevealed { side, mission, .. } => {
                self.finish_both();
                self.projects = None;
                let f = &mut self.missions;
                let hand = f.zone(Zone::Hand(*side));
                let in_play = f.zone(Zone::InPlay);
                f.move_known(*mission as u8, hand, in_play);
                self.finishing[side.index()] = Some(*mission);
            }
            E::MissionSucceeded { side, mission } => {
                match (side, mission) {
                    // The card stays aside as the ring's reminder.
                    (_, Mission::LureOfTheDarkSide)
                        if self.finishing[side.index()] == Some(*mission) =>
                    {
                        self.finishing[side.index()] = None;
                        let f = &mut self.missions;
                        let in_play = f.zone(Zone::InPlay);
                        let gone = f.zone(Zone::Gone);
                        f.move_known(*mission as u8, in_play, gone);
                    }
                    (Side::Empire, Mission::SecretWeaponsResearch) => {
                        self.projects = Some(Projects::SecretWeapons)
                    }
                    (Side::Empire, Mission::ResearchAndDevelopment) => {
                        self.projects = Some(Projects::Research { cleared: false })
                    }
                    (Side::Rebel, m) => self.rebel_success = Some(*m),
                    _ => {}
                }
            }
            E::SabotageRemoved { .. } => {
                if let Some(Projects::Research { .. }) = self.projects {
                    self.projects = Some(Projects::Research { cleared: true });
                }
            }
            E::MissionFailed { side, .. } => self.finish(*side),
            E::MissionReturned { side, .. } => match self.prev {
                // Construct Death Star with no Death Star to free: back to the hand.
                Prev::Succeeded(s, m) if s == *side && self.finishing[side.index()] == Some(m) => {
                    self.finishing[side.index()] = None;
                    let f = &mut self.missions;
                    let in_play = f.zone(Zone::InPlay);
                    let hand = f.zone(Zone::Hand(*side));
                    f.move_known(m as u8, in_play, hand);
                }
                // A face-down mission that could not be carried out: still in the hand.
                _ => self.finish_both(),
            },
            E::Passed { .. }
            | E::SeatPassed { .. }
            | E::Activated { .. }
            | E::ActivatedBase { .. }
            | E::RoundStarted { .. }
            | E::TimeAdvanced { .. } => {
                self.finish_both();
                self.projects = None;
            }
            E::TacticsDrawn {
                side,
                theater,
                cards,
                count,
            } => {
                let t = (*theater != crate::data::units::Theater::Space) as usize;
                let f = &mut self.tactics[t];
                let hand = f.zone(Zone::Hand(*side));
                let flight = f.zone(Zone::Flight(Deck::Tactics));
                let early = std::mem::take(&mut self.flight_tactics[t]);
                match cards {
                    Some(list) => {
                        for (i, c) in list.iter().enumerate() {
                            if (i as i32) < early {
                                f.move_known(*c as u8, flight, hand);
                            } else {
                                f.draw_known(Deck::Tactics, *c as u8, hand);
                            }
                        }
                    }
                    None => {
                        f.move_unknown(flight, hand, early);
                        f.draw(Deck::Tactics, *count as i32 - early, hand);
                    }
                }
            }
            E::TacticPlayed { side, tactic } | E::TacticDiscarded { side, tactic } => {
                let t = theater_index(*tactic);
                let f = &mut self.tactics[t];
                let hand = f.zone(Zone::Hand(*side));
                let brilliant = matches!(e, E::TacticPlayed { .. })
                    && matches!(
                        tactic,
                        Tactic::SpaceBrilliantStrategy | Tactic::GroundBrilliantStrategy
                    );
                let to = if brilliant {
                    self.limbo[t] = Some(*tactic);
                    f.zone(Zone::Limbo)
                } else {
                    f.zone(Zone::CombatDiscard)
                };
                f.move_known(*tactic as u8, hand, to);
            }
            E::TacticDeckReshuffled { theater } => {
                let t = (*theater != crate::data::units::Theater::Space) as usize;
                let f = &mut self.tactics[t];
                let flight = f.zone(Zone::Flight(Deck::Tactics));
                self.flight_tactics[t] += f.deck_size(Deck::Tactics).max(0);
                f.empty_deck_into(Deck::Tactics, flight);
                let discard = f.zone(Zone::CombatDiscard);
                let block = f.new_block(Deck::Tactics, true);
                let n = f.size[discard as usize];
                f.move_unknown(discard, block, n);
            }
            E::CombatEnded { .. } => {
                for t in 0..2 {
                    self.flush_limbo(t);
                    let f = &mut self.tactics[t];
                    let block = match f.blocks(Deck::Tactics).last() {
                        Some(b) => *b,
                        None => f.new_block(Deck::Tactics, true),
                    };
                    for kind in [
                        Zone::Hand(Side::Rebel),
                        Zone::Hand(Side::Empire),
                        Zone::CombatDiscard,
                        Zone::Flight(Deck::Tactics),
                    ] {
                        let z = f.zone(kind);
                        let n = f.size[z as usize];
                        f.move_unknown(z, block, n);
                    }
                    f.merge(Deck::Tactics);
                    self.flight_tactics[t] = 0;
                }
            }
            E::ProbesDrawn { systems, count } => {
                let f = &mut self.probes;
                let hand = f.zone(Zone::Hand(Side::Empire));
                match systems {
                    Some(list) => {
                        for s in list {
                            f.draw_known(Deck::Probes, s.0, hand);
                        }
                    }
                    None => f.draw(Deck::Probes, *count as i32, hand),
                }
            }
            E::ProbesIntercepted { taken, .. } => {
                // The rest go back and the deck is shuffled (its own event).
                let f = &mut self.probes;
                let hand = f.zone(Zone::Hand(Side::Empire));
                for s in taken {
                    f.draw_known(Deck::Probes, s.0, hand);
                }
            }
            E::ProbesTaken { systems } => {
                let f = &mut self.probes;
                let hand = f.zone(Zone::Hand(Side::Empire));
                let fl = f.zone(Zone::FalseLeads);
                for s in systems {
                    f.move_known(s.0, hand, fl);
                }
                self.false_leads = true;
            }
            E::ProbesSeen { systems, count } => {
                let f = &mut self.probes;
                let mob = f.zone(Zone::Mobilized);
                match systems {
                    Some(list) => {
                        for s in list {
                            f.draw_known(Deck::Probes, s.0, mob);
                        }
                    }
                    None => f.draw(Deck::Probes, *count as i32, mob),
                }
                self.mobilized = true;
            }
            E::ObjectiveDrawn { objective } => {
                let f = &mut self.objectives;
                let hand = f.zone(Zone::Hand(Side::Rebel));
                if self.seen == Some(Mission::CovertOperation) {
                    let seen = f.zone(Zone::Seen);
                    match objective {
                        Some(o) => f.move_known(*o as u8, seen, hand),
                        None => f.move_unknown(seen, hand, 1),
                    }
                } else {
                    self.resolve_seen(0);
                    let f = &mut self.objectives;
                    match objective {
                        Some(o) => f.draw_known(Deck::Objectives, *o as u8, hand),
                        None => f.draw(Deck::Objectives, 1, hand),
                    }
                }
            }
            E::ObjectivePlayed { objective, .. } => {
                let f = &mut self.objectives;
                let hand = f.zone(Zone::Hand(Side::Rebel));
                let to = if *objective == Objective::HeartOfTheEmpire {
                    hand
                } else {
                    f.zone(Zone::Gone)
                };
                f.move_known(*objective as u8, hand, to);
            }
            E::DeathStarPlansRolled { objective, .. } => {
                let f = &mut self.objectives;
                let hand = f.zone(Zone::Hand(Side::Rebel));
                f.move_known(*objective as u8, hand, hand);
            }
            E::ObjectivesShown { objectives } => {
                let f = &mut self.objectives;
                let hand = f.zone(Zone::Hand(Side::Rebel));
                let tys: Vec<u8> = objectives.iter().map(|o| *o as u8).collect();
                f.reveal(hand, &tys);
            }
            E::ObjectiveToBottom { objective } => {
                let from_seen = self.seen.is_some();
                let f = &mut self.objectives;
                let from = if from_seen {
                    f.zone(Zone::Seen)
                } else {
                    f.zone(Zone::Hand(Side::Rebel))
                };
                let bottom = f.new_block(Deck::Objectives, false);
                f.move_known(*objective as u8, from, bottom);
            }
            E::ObjectivesSeen { objectives, count } => {
                let f = &mut self.objectives;
                let seen = f.zone(Zone::Seen);
                match objectives {
                    Some(list) => {
                        for o in list {
                            f.draw_known(Deck::Objectives, *o as u8, seen);
                        }
                    }
                    None => f.draw(Deck::Objectives, *count as i32, seen),
                }
                if *count > 0 {
                    self.seen = self.rebel_success;
                }
            }
            E::DeckReshuffled { what } => self.reshuffled(*what, search),
            _ => {}
        }
        self.base.read(e);
        self.prev = match e {
            E::MissionSucceeded { side, mission } => Prev::Succeeded(*side, *mission),
            E::LeaderRecruited { side, leader } => Prev::Recruited(*side, *leader),
            _ => Prev::Other,
        };
    }

    fn base_chosen(&mut self, system: Option<crate::data::systems::SystemId>) {
        let mobilized = self.mobilized;
        self.mobilized = false;
        let f = &mut self.probes;
        let base = f.zone(Zone::Base);
        if f.size[base as usize] > 0 {
            // The old base's card (shown when it was revealed) goes to the Empire.
            let hand = f.zone(Zone::Hand(Side::Empire));
            let old = f.cards.iter().find(|c| c.mask == bit(base)).map(|c| c.ty);
            match old {
                Some(ty) => f.move_known(ty, base, hand),
                None => {
                    f.note("a base moved that was never shown".into());
                    f.move_unknown(base, hand, 1);
                }
            }
        }
        if mobilized {
            let mob = f.zone(Zone::Mobilized);
            match system {
                Some(s) => f.move_known(s.0, mob, base),
                None => f.move_unknown(mob, base, 1),
            }
            let n = f.size[mob as usize];
            if n > 0 {
                let bottom = f.new_block(Deck::Probes, false);
                f.move_unknown(mob, bottom, n);
            }
        } else {
            match system {
                Some(s) => f.draw_known(Deck::Probes, s.0, base),
                None => f.draw(Deck::Probes, 1, base),
            }
            f.merge(Deck::Probes);
        }
    }

    fn missions_drawn(&mut self, side: Side, list: Option<&[Mission]>, count: i32, search: Search) {
        if search == Search::Shuffled(ActionCard::SonOfSkywalker) && side == Side::Rebel {
            let f = &mut self.missions;
            let hand = f.zone(Zone::Hand(side));
            let deck = Deck::Missions(side);
            match list {
                Some(list) => {
                    for m in list {
                        f.draw_known(deck, *m as u8, hand);
                    }
                }
                None => {
                    f.draw(deck, count, hand);
                    f.constraints.push(super::family::AtLeastOne {
                        kinds: vec![Mission::SeekYoda as u8, Mission::DaringRescue as u8],
                        zones: bit(hand),
                    });
                }
            }
            return;
        }
        if side == Side::Empire {
            if let Some(kind) = self.projects.take() {
                self.projects_drawn(kind, list, count);
                return;
            }
        }
        self.finish_both();
        let f = &mut self.missions;
        let deck = Deck::Missions(side);
        let hand = f.zone(Zone::Hand(side));
        let flight = f.zone(Zone::Flight(deck));
        let early = std::mem::take(&mut self.flight_missions[side.index()]);
        match list {
            Some(list) => {
                for (i, m) in list.iter().enumerate() {
                    if (i as i32) < early {
                        f.move_known(*m as u8, flight, hand);
                    } else {
                        f.draw_known(deck, *m as u8, hand);
                    }
                }
            }
            None => {
                f.move_unknown(flight, hand, early);
                f.draw(deck, count - early, hand);
            }
        }
    }

    /// Project cards into the Imperial hand: Secret Weapons Research's two, Research and
    /// Development's one (and, when it studied two, the other at the bottom of the deck).
    fn projects_drawn(&mut self, kind: Projects, list: Option<&[Mission]>, count: i32) {
        let f = &mut self.missions;
        let flight = f.zone(Zone::Flight(Deck::Projects));
        let hand = f.zone(Zone::Hand(Side::Empire));
        let have = f.size[flight as usize];
        let drawn = match kind {
            Projects::Research { cleared: false } => {
                (have + f.deck_size(Deck::Projects)).min(2).max(count)
            }
            _ => count,
        };
        f.draw(Deck::Projects, drawn - have, flight);
        match list {
            Some(list) => {
                for m in list {
                    f.move_known(*m as u8, flight, hand);
                }
            }
            None => f.move_unknown(flight, hand, count),
        }
        let rest = f.size[flight as usize];
        if rest > 0 {
            let bottom = f.new_block(Deck::Projects, false);
            f.move_unknown(flight, bottom, rest);
        }
    }

    fn reshuffled(&mut self, what: crate::log::Reshuffled, search: Search) {
        use crate::log::Reshuffled as R;
        if let Search::Used(card) = search {
            let deck = if card == ActionCard::ProceedingAsPlanned {
                Deck::Projects
            } else {
                Deck::Missions(Side::Rebel)
            };
            let matches = match what {
                R::Projects => deck == Deck::Projects,
                R::Missions(Side::Rebel) => deck == Deck::Missions(Side::Rebel),
                _ => false,
            };
            if matches {
                self.missions.merge(deck);
                self.search = Search::Shuffled(card);
                return;
            }
        }
        match what {
            R::Missions(side) => {
                // The deck ran out in a draw: what was left was drawn, and the discarded
                // missions (face up and face down, not projects) make the new deck.
                self.finish_both();
                let viewer = self.viewer;
                let f = &mut self.missions;
                let deck = Deck::Missions(side);
                let flight = f.zone(Zone::Flight(deck));
                self.flight_missions[side.index()] += f.deck_size(deck).max(0);
                f.empty_deck_into(deck, flight);
                let block = f.new_block(deck, true);
                let discard = f.zone(Zone::Discard(side));
                let n = f.size[discard as usize];
                f.move_unknown(discard, block, n);
                refill_from_unseen(f, side, block, false, side == viewer);
            }
            R::Projects => {
                self.finish_both();
                let viewer = self.viewer;
                let f = &mut self.missions;
                let flight = f.zone(Zone::Flight(Deck::Projects));
                f.empty_deck_into(Deck::Projects, flight);
                let block = f.new_block(Deck::Projects, true);
                let discard = f.zone(Zone::ProjectDiscard);
                let n = f.size[discard as usize];
                f.move_unknown(discard, block, n);
                refill_from_unseen(f, Side::Empire, block, true, viewer == Side::Empire);
            }
            R::Probes => self.probes.merge(Deck::Probes),
            R::Actions(side) => self.actions.merge(Deck::Actions(side)),
        }
    }

    // -----------------------------------------------------------------------------------
    // The end of the log: what the view says is still under way, and what it shows.

    pub(crate) fn finish_reading(&mut self, view: &PlayerView, engine: &EngineView) {
        let viewer = self.viewer;
        let stack = &engine.stack;
        let effect = |source: Source, step: u8| {
            stack.iter().rev().find_map(|f| match f {
                Frame::Effect(e) if e.source == source && e.step == step => Some(e),
                _ => None,
            })
        };
        use crate::rules::effects::{imperial, rebel::step};

        // Objectives being looked at.
        if let Some(mission) = self.seen {
            match effect(Source::Mission(mission), step::OBJECTIVE) {
                Some(e) => {
                    let left = e.memo.count_ones() as i32;
                    self.resolve_seen(left);
                    if viewer == Side::Rebel {
                        let f = &mut self.objectives;
                        let seen = f.zone(Zone::Seen);
                        let tys: Vec<u8> = (0..15u8).filter(|o| e.memo & 1 << o != 0).collect();
                        f.reveal(seen, &tys);
                    }
                }
                None => self.resolve_seen(0),
            }
        }
        // Rapid Mobilization's probe cards.
        if self.mobilized {
            let frame = stack.iter().rev().find_map(|f| match f {
                Frame::Effect(e)
                    if e.source == Source::Mission(Mission::RapidMobilization)
                        && e.step == step::CARRY
                        && e.place.is_none() =>
                {
                    Some(e)
                }
                _ => None,
            });
            match frame {
                Some(e) if viewer == Side::Rebel => {
                    let f = &mut self.probes;
                    let mob = f.zone(Zone::Mobilized);
                    let tys: Vec<u8> = (0..32u8).filter(|s| e.memo & 1 << s != 0).collect();
                    f.reveal(mob, &tys);
                }
                Some(_) => {}
                None => self.resolve_mobilized(),
            }
        }
        if self.false_leads {
            match effect(Source::Mission(Mission::PlantFalseLead), step::PROBE_CARDS) {
                Some(e) => {
                    self.resolve_false_leads(e.memo.count_ones() as i32);
                    if viewer == Side::Rebel {
                        let f = &mut self.probes;
                        let fl = f.zone(Zone::FalseLeads);
                        let tys: Vec<u8> = (0..32u8).filter(|s| e.memo & 1 << s != 0).collect();
                        f.reveal(fl, &tys);
                    }
                }
                None => self.resolve_false_leads(0),
            }
        }
        for t in 0..2 {
            let brilliant = [
                Tactic::SpaceBrilliantStrategy,
                Tactic::GroundBrilliantStrategy,
            ][t];
            if stack
                .iter()
                .any(|f| matches!(f, Frame::Effect(e) if e.source == Source::Tactic(brilliant)))
            {
                continue;
            }
            self.flush_limbo(t);
        }
        // A mission still being carried out keeps its card on the table.
        for side in Side::BOTH {
            if let Some(m) = self.finishing[side.index()] {
                let running = stack.iter().any(|f| {
                    matches!(f, Frame::Mission(r) if r.side == side && r.mission == m
                        && r.step != MissionStep::ChooseTarget)
                });
                if !running {
                    self.finish(side);
                }
            }
        }
        // Research and Development's two projects, being chosen between.
        if let Some(e) = effect(
            Source::Mission(Mission::ResearchAndDevelopment),
            imperial::KEEP_PROJECT,
        ) {
            let f = &mut self.missions;
            let flight = f.zone(Zone::Flight(Deck::Projects));
            let have = f.size[flight as usize];
            f.draw(Deck::Projects, 2 - have, flight);
            if viewer == Side::Empire {
                let tys: Vec<u8> = (0..2)
                    .map(|i| (e.memo >> (8 * i)) as u8)
                    .filter(|b| *b != 0)
                    .map(|b| b - 1)
                    .collect();
                f.reveal(flight, &tys);
            }
        }
        // Cards drawn to recruit with (the deck's order below them is lost to the viewer).
        for frame in stack {
            if let Frame::Recruit {
                side,
                drawn,
                chosen,
            } = frame
            {
                let deck = Deck::Actions(*side);
                let f = &mut self.actions;
                f.merge(deck);
                let to_drawn = f.zone(Zone::Drawn(*side));
                let to_chosen = f.zone(Zone::Chosen(*side));
                if *side == viewer {
                    for c in drawn {
                        f.draw_known(deck, *c as u8, to_drawn);
                    }
                    if let Some(c) = chosen {
                        f.draw_known(deck, *c as u8, to_chosen);
                    }
                } else {
                    f.draw(deck, drawn.len() as i32, to_drawn);
                    f.draw(deck, chosen.is_some() as i32, to_chosen);
                }
            }
        }
        self.pin(view, engine);
        self.check_sizes(view, engine);
    }

    /// What the view shows exactly: the viewer's own cards, the piles face up, the cards on
    /// the table.
    fn pin(&mut self, view: &PlayerView, engine: &EngineView) {
        let viewer = self.viewer;
        let stack = &engine.stack;
        // Missions: the viewer's hand, face-down missions and a mission of theirs being
        // revealed; both discard piles; the missions being carried out.
        let f = &mut self.missions;
        let mut own: Vec<u8> = view.own.missions.iter().map(|m| *m as u8).collect();
        own.extend(view.own.assigned.iter().map(|(m, _)| *m as u8));
        let mut in_play = Vec::new();
        for frame in stack {
            if let Frame::Mission(m) = frame {
                if m.step == MissionStep::ChooseTarget {
                    if m.side == viewer {
                        own.push(m.mission as u8);
                    }
                } else {
                    in_play.push(m.mission as u8);
                }
            }
        }
        let z = f.zone(Zone::Hand(viewer));
        f.reveal(z, &own);
        let z = f.zone(Zone::Unseen(viewer));
        let tys: Vec<u8> = view.own.discarded.iter().map(|m| *m as u8).collect();
        f.reveal(z, &tys);
        for side in Side::BOTH {
            let z = f.zone(Zone::Discard(side));
            let tys: Vec<u8> = view.mission_discards[side.index()]
                .iter()
                .map(|m| *m as u8)
                .collect();
            f.reveal(z, &tys);
        }
        let z = f.zone(Zone::ProjectDiscard);
        let tys: Vec<u8> = view.project_discard.iter().map(|m| *m as u8).collect();
        f.reveal(z, &tys);
        let z = f.zone(Zone::InPlay);
        f.reveal(z, &in_play);

        let f = &mut self.actions;
        let z = f.zone(Zone::Hand(viewer));
        let tys: Vec<u8> = view.own.actions.iter().map(|c| *c as u8).collect();
        f.reveal(z, &tys);

        if viewer == Side::Rebel {
            let f = &mut self.objectives;
            let z = f.zone(Zone::Hand(Side::Rebel));
            let tys: Vec<u8> = view.own.objectives.iter().map(|o| *o as u8).collect();
            f.reveal(z, &tys);
        }

        let f = &mut self.probes;
        if viewer == Side::Empire {
            let z = f.zone(Zone::Hand(Side::Empire));
            let tys: Vec<u8> = view.own.probes.iter().map(|s| s.0).collect();
            f.reveal(z, &tys);
        }
        match view.base {
            crate::view::BaseView::Secret(s) | crate::view::BaseView::Revealed(s) => {
                let z = f.zone(Zone::Base);
                f.reveal(z, &[s.0]);
            }
            _ => {}
        }

        let combat = stack.iter().rev().find_map(|f| match f {
            Frame::Combat(c) => Some(c),
            _ => None,
        });
        for t in 0..2 {
            let f = &mut self.tactics[t];
            let z = f.zone(Zone::Hand(viewer));
            let tys: Vec<u8> = view.own.tactics[t].iter().map(|c| *c as u8).collect();
            f.reveal(z, &tys);
            let z = f.zone(Zone::CombatDiscard);
            let tys: Vec<u8> = combat.map_or(Vec::new(), |c| {
                c.discard[t].iter().map(|c| *c as u8).collect()
            });
            f.reveal(z, &tys);
            if let Some(open) = view
                .combat
                .as_ref()
                .and_then(|c| c.open_rebel_tactics.as_ref())
            {
                let z = f.zone(Zone::Hand(Side::Rebel));
                let tys: Vec<u8> = open[t].iter().map(|c| *c as u8).collect();
                f.reveal(z, &tys);
            }
        }
    }

    /// The sizes the view shows; a difference is a defect of the reading (noted), and the
    /// view's number wins.
    fn check_sizes(&mut self, view: &PlayerView, engine: &EngineView) {
        let viewer = self.viewer;
        let other = viewer.other();
        let stack = &engine.stack;
        let revealing = stack.iter().any(|f| {
            matches!(f, Frame::Mission(m) if m.step == MissionStep::ChooseTarget && m.side == other)
        });
        let keep = stack.iter().any(|f| {
            matches!(f, Frame::Effect(e) if e.source == Source::Mission(Mission::ResearchAndDevelopment)
                && e.step == crate::rules::effects::imperial::KEEP_PROJECT)
        });
        let opp = &view.opponent;
        let frame_count = |what: crate::view::Taken| -> i32 {
            stack
                .iter()
                .filter_map(|f| match (f, secret(f, viewer)) {
                    (Frame::Effect(e), Some(Secret::Cards { what: w, .. })) if w == what => {
                        Some(e.memo.count_ones() as i32)
                    }
                    _ => None,
                })
                .sum()
        };
        let seen = frame_count(crate::view::Taken::Objectives);
        let mobilized = frame_count(crate::view::Taken::MobilizationProbes);
        let false_leads = frame_count(crate::view::Taken::FalseLeads);

        let f = &mut self.missions;
        set_size(
            f,
            Zone::Hand(other),
            (opp.missions + opp.assigned.len() + revealing as usize) as i32,
        );
        set_size(f, Zone::Unseen(other), opp.discarded as i32);
        set_size(f, Zone::Flight(Deck::Missions(Side::Rebel)), 0);
        set_size(f, Zone::Flight(Deck::Missions(Side::Empire)), 0);
        set_size(f, Zone::Flight(Deck::Projects), if keep { 2 } else { 0 });
        set_deck(f, Deck::Missions(other), opp.mission_deck as i32);
        set_deck(f, Deck::Missions(viewer), view.own.mission_deck as i32);
        set_deck(f, Deck::Projects, view.project_deck as i32);

        let f = &mut self.actions;
        set_size(f, Zone::Hand(other), opp.actions as i32);
        set_deck(f, Deck::Actions(other), opp.action_deck as i32);
        set_deck(f, Deck::Actions(viewer), view.own.action_deck as i32);

        let f = &mut self.objectives;
        if viewer == Side::Empire {
            set_size(f, Zone::Hand(Side::Rebel), opp.objectives as i32);
            set_size(f, Zone::Seen, seen);
        }
        set_deck(f, Deck::Objectives, view.objective_deck as i32);

        let f = &mut self.probes;
        if viewer == Side::Rebel {
            set_size(f, Zone::Hand(Side::Empire), opp.probes as i32);
        }
        if viewer == Side::Empire {
            set_size(f, Zone::Mobilized, mobilized);
            set_size(f, Zone::FalseLeads, false_leads);
        }
        let chosen = !matches!(view.base, crate::view::BaseView::NotChosen);
        set_size(f, Zone::Base, chosen as i32);
        set_deck(f, Deck::Probes, view.probe_deck as i32);

        let combat = stack.iter().rev().find_map(|f| match f {
            Frame::Combat(c) => Some(c),
            _ => None,
        });
        for t in 0..2 {
            let f = &mut self.tactics[t];
            let discard = combat.map_or(0, |c| c.discard[t].len());
            let limbo = f.size_of(Zone::Limbo);
            set_size(f, Zone::Hand(other), opp.tactics[t] as i32);
            set_size(f, Zone::Flight(Deck::Tactics), 0);
            let deck = 15 - (opp.tactics[t] + view.own.tactics[t].len() + discard) as i32 - limbo;
            set_deck(f, Deck::Tactics, deck);
        }
    }
}

/// A refilled deck takes the discarded face-down cards of its kind (`projects`: the project
/// deck takes the projects, the mission deck the others). Whoever discarded them knows how
/// many; the opponent knows it only for the Rebel's pile (all missions).
fn refill_from_unseen(f: &mut Family, side: Side, block: u8, projects: bool, own: bool) {
    let unseen = f.zone(Zone::Unseen(side));
    let mut certain = 0;
    let mut possible = 0;
    for c in &mut f.cards {
        let m = Mission::ALL[c.ty as usize];
        if c.mask & bit(unseen) != 0 && m.side() == side && m.is_project() == projects {
            possible += 1;
            if c.mask == bit(unseen) {
                certain += 1;
            }
            c.mask = (c.mask & !bit(unseen)) | bit(block);
        }
    }
    // A card that must be somewhere among them may now be in the new deck.
    for k in &mut f.constraints {
        if k.zones & bit(unseen) != 0 {
            k.zones |= bit(block);
        }
    }
    let others_possible = f.cards.iter().any(|c| {
        let m = Mission::ALL[c.ty as usize];
        c.mask & bit(unseen) != 0 && m.is_project() != projects
    });
    let total = f.size[unseen as usize];
    let moved = if own {
        // The viewer's own pile: every card in it is known.
        certain
    } else if !others_possible {
        // Every card there is of this kind.
        total
    } else {
        // The opponent's pile may hold both kinds: the split is uncertain until the view
        // (taken as all of this kind that may be there, at most the pile).
        possible.min(total).max(certain)
    };
    f.size[unseen as usize] -= moved;
    f.size[block as usize] += moved;
    if !own && others_possible {
        f.set_trusted(block, false);
        f.set_trusted(unseen, false);
    }
}

fn set_size(f: &mut Family, kind: Zone, n: i32) {
    let z = f.zone(kind);
    if f.size[z as usize] != n {
        let what = format!(
            "{kind:?} holds {} by the log, {n} by the view",
            f.size[z as usize]
        );
        if f.trusted & bit(z) != 0 {
            f.note(what);
        }
        f.size[z as usize] = n;
    }
    f.set_trusted(z, true);
    f.settle(z);
}

fn set_deck(f: &mut Family, deck: Deck, n: i32) {
    let have = f.deck_size(deck);
    if have == n {
        return;
    }
    let trusted = f.blocks(deck).iter().all(|z| f.trusted & bit(*z) != 0);
    if trusted {
        let what = format!("{deck:?} holds {have} by the log, {n} by the view");
        f.note(what);
    }
    // The view's number: the deck becomes one block of unknown order.
    f.merge(deck);
    match f.blocks(deck).first() {
        Some(&z) => f.size[z as usize] = n,
        None if n > 0 => {
            f.note(format!("{deck:?} empty by the log"));
            let z = f.new_block(deck, true);
            f.size[z as usize] = n;
        }
        None => {}
    }
}
