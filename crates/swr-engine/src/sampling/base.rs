//! Where the hidden Rebel base may be, as far as the board and the cards' answers tell the
//! Empire (the probe cards themselves are followed with the other cards, in `track`).
//!
//! A system is ruled out when the base cannot be there:
//!
//! * Coruscant (no probe card) and destroyed systems (the Superlaser on the base's system
//!   wins the game);
//! * it held Imperial units or Imperial loyalty when the base was placed (a base is never
//!   placed there), or Imperial loyalty or Imperial ground units at a quiet moment since
//!   (either reveals the base at once; a quiet moment is the start of a turn, an assignment or
//!   a round, when no move, combat or card is half done);
//! * a card answered it: Long-Range Probe, Interrogation Droid, Local Rumors, Homing Beacon
//!   (the Rebel places the freed leader in the base's region);
//! * the Rebel's own moves: units leaving the Rebel Base space for a system the Rebel
//!   activated put the base in that system or next to it, and units entering the activated
//!   Rebel Base space came from the base's system or one next to it.
//!
//! Everything learned since the base was last placed counts (the same reading as
//! `swr_ai::base_candidates`, which the search may use to weight the candidates).

use crate::data::cards::Mission;
use crate::data::systems::{named::CORUSCANT, region_mask, SystemId, ADJACENT};
use crate::data::units::{UnitKind, UNIT_KINDS};
use crate::data::Side;
use crate::log::LogEvent;
use crate::state::{Loyalty, Place, PLACE_COUNT};
use crate::view::{PlayerView, Prompt};

#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
enum Context {
    #[default]
    Other,
    RebelActivation(SystemId),
    RebelBaseActivation,
    HomingBeacon,
}

#[derive(Clone, Debug)]
pub(crate) struct BaseReading {
    imperial: [[u8; UNIT_KINDS]; PLACE_COUNT],
    imperial_loyal: u32,
    destroyed: u32,
    chosen: bool,
    revealed: bool,
    candidates: u32,
    context: Context,
}

impl Default for BaseReading {
    fn default() -> Self {
        BaseReading {
            imperial: [[0; UNIT_KINDS]; PLACE_COUNT],
            imperial_loyal: CORUSCANT.bit(),
            destroyed: 0,
            chosen: false,
            revealed: false,
            candidates: !CORUSCANT.bit(),
            context: Context::Other,
        }
    }
}

impl BaseReading {
    fn add(&mut self, kind: UnitKind, place: Place, n: i8) {
        if kind.side() != Side::Empire {
            return;
        }
        let cell = &mut self.imperial[place.index()][kind.index()];
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

    fn hunting(&self) -> bool {
        self.chosen && !self.revealed
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

    fn checkpoint(&mut self) {
        let mut seen = self.imperial_loyal | self.destroyed;
        for s in SystemId::ALL {
            if self.has_imperial_ground(s) {
                seen |= s.bit();
            }
        }
        self.exclude(seen);
    }

    pub(crate) fn read(&mut self, event: &LogEvent) {
        let mut context = Context::Other;
        match *event {
            LogEvent::StartingLoyalty {
                system,
                loyalty: Loyalty::Empire,
                ..
            } => self.imperial_loyal |= system.bit(),
            LogEvent::UnitPlaced { kind, place } | LogEvent::UnitDeployed { kind, place } => {
                if kind == UnitKind::DeathStar
                    && matches!(event, LogEvent::UnitDeployed { .. })
                    && self.imperial[place.index()][UnitKind::DeathStarUnderConstruction.index()]
                        > 0
                {
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
                self.chosen = true;
                self.revealed = false;
                let mut blocked = self.imperial_loyal | self.destroyed | CORUSCANT.bit();
                for s in SystemId::ALL {
                    if self.has_imperial(s) {
                        blocked |= s.bit();
                    }
                }
                self.candidates = !blocked;
            }
            LogEvent::BaseRevealed { .. } => self.revealed = true,
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

    /// The candidates, with what the view shows now (destroyed systems, Imperial loyalty and,
    /// at a quiet moment, Imperial ground units).
    pub(crate) fn candidates(&self, view: &PlayerView) -> u32 {
        let quiet = view.combat.is_none()
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
            );
        let mut mask = self.candidates & !CORUSCANT.bit();
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
        mask
    }
}
