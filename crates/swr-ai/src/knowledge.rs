//! Where the hidden Rebel base may be, read from a player's view and log only.
//!
//! A system is ruled out when the base cannot be there:
//!
//! * it has no probe card (Coruscant) or has been destroyed (the Superlaser on the base's
//!   system wins the game);
//! * one of the Empire's probe cards names it (the cards in hand, and every card the log shows
//!   the Empire drawing or being shown since the base was last placed);
//! * it held Imperial units or Imperial loyalty when the base was placed there (a base is
//!   never placed there), or Imperial loyalty or Imperial ground units at a quiet moment since
//!   (either reveals the base at once; a "quiet moment" is the start of a turn, an assignment
//!   or a round, when no move, combat or card is half done);
//! * a card answered it: Long-Range Probe ("not here"), Interrogation Droid (one of these
//!   three), Local Rumors (this region or not), Homing Beacon (the Rebel places the freed
//!   leader in the base's region);
//! * the Rebel's own moves gave it away: units leaving the Rebel Base space for a system the
//!   Rebel activated put the base in that system or next to it, and units entering the
//!   activated Rebel Base space came from the base's system or one next to it.
//!
//! Everything learned since the base was last placed counts; a Rapid Mobilization that moves
//! the base starts again from what still holds (probe cards in hand, the board).
//!
//! From the Rebel's view the same reading gives what the Empire can deduce from public
//! information alone (the Rebel does not see the probe cards).

use swr_engine::data::systems::{named::CORUSCANT, region_mask, systems_in, ADJACENT};
use swr_engine::view::BaseView;
use swr_engine::{
    Audience, EventSink, LogEvent, Loyalty, Mission, Place, PlayerView, Prompt, Side, SystemId,
    UnitKind,
};

/// Every system, as a bit set.
pub const ALL_SYSTEMS: u32 = u32::MAX;

/// The systems where the base may be, as a bit set (bit `i` for `SystemId(i)`). While the
/// base is revealed, only its system; before it is chosen, every system with a probe card.
pub fn base_candidate_mask(view: &PlayerView) -> u32 {
    if let BaseView::Revealed(s) = view.base {
        return s.bit();
    }
    let tracker = BaseTracker::from_log(&view.log);
    if let Some(s) = tracker.revealed {
        // The log and the view agree on a revealed base; the view is the authority.
        if matches!(view.base, BaseView::Revealed(_)) {
            return s.bit();
        }
    }
    let mut mask = tracker.candidates;
    // What the view shows now: probe cards in hand, destroyed systems, Imperial loyalty, and
    // (at a quiet moment) Imperial ground units.
    for &s in &view.own.probes {
        mask &= !s.bit();
    }
    let quiet = quiet_moment(view);
    for s in SystemId::ALL {
        let sv = &view.systems[s.index()];
        let imperial_ground = UnitKind::of(Side::Empire)
            .iter()
            .any(|k| k.is_ground() && sv.units[k.index()] > 0);
        if sv.markers.destroyed
            || sv.markers.loyalty == Some(Loyalty::Empire)
            || (quiet && imperial_ground)
        {
            mask &= !s.bit();
        }
    }
    mask &= !CORUSCANT.bit();
    mask
}

/// The systems where the base may be (see the module documentation), in map order.
pub fn base_candidates(view: &PlayerView) -> Vec<SystemId> {
    systems_in(base_candidate_mask(view)).collect()
}

/// No move, combat or card effect is half done: what the board shows has been settled.
fn quiet_moment(view: &PlayerView) -> bool {
    view.combat.is_none()
        && view.mission.is_none()
        && matches!(
            view.prompt,
            Some(
                Prompt::Turn
                    | Prompt::Assign
                    | Prompt::AssignLeaders { .. }
                    | Prompt::GameOver { .. }
                    | Prompt::ClaimObjective
                    | Prompt::DiscardMissions
                    | Prompt::Recruit
                    | Prompt::Build
            )
        )
}

/// What the events being read are part of, for the deductions that need it.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
enum Context {
    #[default]
    Other,
    /// The Rebel activated this system (its units are moving in).
    RebelActivation(SystemId),
    /// The Rebel activated the hidden base's space.
    RebelBaseActivation,
    /// Homing Beacon succeeded: the Rebel places the freed leader in the base's region.
    HomingBeacon,
}

/// What a reader of the log has learnt of the base so far, event by event: the Imperial
/// units and loyalty on the board, and what each event tells (see the module documentation).
/// As an [`EventSink`] it listens as the Empire does, so a search's playout can keep up what
/// the Empire learns while it plays.
#[derive(Clone)]
pub struct BaseTracker {
    imperial: [[u8; 9]; 33],
    imperial_loyal: u32,
    destroyed: u32,
    /// A base has been chosen (setup or a move).
    chosen: bool,
    revealed: Option<SystemId>,
    candidates: u32,
    /// The systems that held Imperial units when the base was last placed.
    imperial_at_placing: u32,
    context: Context,
}

impl Default for BaseTracker {
    fn default() -> Self {
        BaseTracker {
            imperial: [[0; 9]; 33],
            imperial_loyal: CORUSCANT.bit(),
            destroyed: 0,
            chosen: false,
            revealed: None,
            candidates: ALL_SYSTEMS & !CORUSCANT.bit(),
            imperial_at_placing: 0,
            context: Context::Other,
        }
    }
}

fn place_index(p: Place) -> usize {
    p.index()
}

impl BaseTracker {
    /// The reading of a whole log.
    pub fn from_log(log: &[LogEvent]) -> BaseTracker {
        let mut tracker = BaseTracker::default();
        for event in log {
            tracker.read(event);
        }
        tracker
    }

    /// The systems still possible by what was read (bit `i` for `SystemId(i)`); a revealed
    /// base gives its system alone.
    pub fn candidates(&self) -> u32 {
        match self.revealed {
            Some(s) => s.bit(),
            None => self.candidates,
        }
    }

    fn add(&mut self, kind: UnitKind, place: Place, n: i8) {
        if kind.side() != Side::Empire {
            return;
        }
        let cell = &mut self.imperial[place_index(place)][kind.index()];
        *cell = (*cell as i8 + n).max(0) as u8;
    }

    fn has_imperial(&self, s: SystemId) -> bool {
        self.imperial[s.index()].iter().any(|&n| n > 0)
    }

    fn has_imperial_ground(&self, s: SystemId) -> bool {
        UnitKind::of(Side::Empire)
            .iter()
            .any(|k| k.is_ground() && self.imperial[s.index()][k.index()] > 0)
    }

    /// The base is hidden and in play: deductions about it count.
    fn hunting(&self) -> bool {
        self.chosen && self.revealed.is_none()
    }

    fn exclude(&mut self, mask: u32) {
        if self.hunting() {
            self.candidates &= !mask;
        }
    }

    fn restrict(&mut self, mask: u32) {
        if self.hunting() {
            self.candidates &= mask;
        }
    }

    /// A quiet moment: Imperial ground units and loyalty would have revealed a base there.
    fn checkpoint(&mut self) {
        let mut seen = self.imperial_loyal | self.destroyed;
        for s in SystemId::ALL {
            if self.has_imperial_ground(s) {
                seen |= s.bit();
            }
        }
        self.exclude(seen);
    }

    /// The systems that held Imperial units when the base was last placed (0 before): a
    /// Rebel hides it away from them.
    pub fn imperial_at_placing(&self) -> u32 {
        self.imperial_at_placing
    }

    /// Reads the next event.
    pub fn read(&mut self, event: &LogEvent) {
        let mut context = Context::Other;
        match *event {
            // Subjugated or loyal: an Imperial system whose card left the game.
            LogEvent::StartingLoyalty {
                system,
                loyalty: Loyalty::Empire,
                ..
            } => self.imperial_loyal |= system.bit(),
            LogEvent::UnitPlaced { kind, place } | LogEvent::UnitDeployed { kind, place } => {
                if kind == UnitKind::DeathStar
                    && self.imperial[place_index(place)]
                        [UnitKind::DeathStarUnderConstruction.index()]
                        > 0
                    && matches!(event, LogEvent::UnitDeployed { .. })
                {
                    // The finished Death Star replaces its construction.
                    self.add(UnitKind::DeathStarUnderConstruction, place, -1);
                }
                self.add(kind, place, 1);
            }
            LogEvent::UnitMoved { kind, from, to } => {
                self.add(kind, from, -1);
                self.add(kind, to, 1);
                if kind.side() == Side::Rebel {
                    match (self.context, from, to) {
                        (Context::RebelActivation(y), Place::RebelBase, Place::System(_)) => {
                            self.restrict(y.bit() | ADJACENT[y.index()]);
                        }
                        (Context::RebelBaseActivation, Place::System(x), Place::RebelBase) => {
                            self.restrict(x.bit() | ADJACENT[x.index()]);
                        }
                        _ => {}
                    }
                }
                context = self.context;
            }
            LogEvent::UnitDestroyed { kind, place } => self.add(kind, place, -1),
            LogEvent::LoyaltyChanged { system, loyalty } => {
                if loyalty == Some(Loyalty::Empire) {
                    self.imperial_loyal |= system.bit();
                    // Gaining Imperial loyalty reveals a base there at once.
                    self.exclude(system.bit());
                } else {
                    self.imperial_loyal &= !system.bit();
                }
            }
            LogEvent::SystemDestroyed { system } => {
                self.destroyed |= system.bit();
                self.imperial_loyal &= !system.bit();
                self.exclude(system.bit());
            }
            LogEvent::BaseChosen { .. } => {
                // A new base: never where Imperial units or loyalty stand, nor destroyed.
                self.chosen = true;
                self.revealed = None;
                self.imperial_at_placing = SystemId::ALL
                    .into_iter()
                    .filter(|&s| self.has_imperial(s))
                    .fold(0, |m, s| m | s.bit());
                let blocked = self.imperial_loyal
                    | self.destroyed
                    | CORUSCANT.bit()
                    | self.imperial_at_placing;
                self.candidates = ALL_SYSTEMS & !blocked;
            }
            LogEvent::BaseRevealed { system } => self.revealed = Some(system),
            LogEvent::BaseProbed { system, found } => {
                if found {
                    self.restrict(system.bit());
                } else {
                    self.exclude(system.bit());
                }
            }
            LogEvent::BaseAmong { systems } => {
                self.restrict(systems.iter().fold(0, |m, s| m | s.bit()));
            }
            LogEvent::BaseRegionTold {
                system,
                same_region,
            } => {
                let region = region_mask(system.region());
                if same_region {
                    self.restrict(region);
                } else {
                    self.exclude(region);
                }
            }
            LogEvent::ProbesDrawn {
                systems: Some(ref systems),
                ..
            } => {
                let mask = systems.iter().fold(0, |m, s| m | s.bit());
                self.exclude(mask);
            }
            LogEvent::ProbeSeen {
                system: Some(system),
            } => self.exclude(system.bit()),
            LogEvent::ProbesIntercepted { ref taken, .. } => {
                let mask = taken.iter().fold(0, |m, s| m | s.bit());
                self.exclude(mask);
            }
            LogEvent::Activated { side, system, .. } => {
                self.checkpoint();
                if side == Side::Rebel {
                    context = Context::RebelActivation(system);
                }
            }
            LogEvent::ActivatedBase { .. } => {
                self.checkpoint();
                context = Context::RebelBaseActivation;
            }
            LogEvent::LeaderMoved { to, .. } => {
                if self.context == Context::HomingBeacon {
                    if let Place::System(s) = to {
                        self.restrict(region_mask(s.region()));
                    }
                } else {
                    // A leader placed to activate comes just before the activation.
                    context = self.context;
                }
            }
            LogEvent::MissionSucceeded {
                side: Side::Empire,
                mission: Mission::HomingBeacon,
            } => context = Context::HomingBeacon,
            LogEvent::LeaderRescued { .. } => context = self.context,
            LogEvent::MissionRevealed { .. }
            | LogEvent::Passed { .. }
            | LogEvent::SeatPassed { .. }
            | LogEvent::RoundStarted { .. }
            | LogEvent::MissionAssigned { .. }
            | LogEvent::TimeAdvanced { .. } => self.checkpoint(),
            _ => {}
        }
        self.context = context;
    }
}

impl EventSink for BaseTracker {
    fn push(&mut self, audience: Audience, event: LogEvent) {
        if audience.includes(Side::Empire) {
            self.read(&event);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use swr_engine::{Game, GameOptions};

    #[test]
    fn before_any_move_the_base_is_among_the_candidates() {
        for seed in 0..20 {
            let mut game = Game::new(seed, GameOptions::default());
            // Play the setup with the first legal action until the base is chosen.
            while game.state().base().is_none() {
                let side = game.state().active_player().unwrap();
                let action = game.view(side).legal[0];
                game.apply(side, action).unwrap();
            }
            let view = game.view(Side::Empire);
            let base = game.state().base().unwrap();
            assert!(base_candidate_mask(&view) & base.bit() != 0, "seed {seed}");
            assert!(base_candidate_mask(&view) & CORUSCANT.bit() == 0);
        }
    }
}
