//! Questions about the board and the small changes every rule uses: who has units where,
//! loyalty and subjugation, leaders, captives, the base and the immediate wins. `settle`
//! applies the rules that hold at all times after every change.

use crate::data::leaders::LeaderId;
use crate::data::systems::{named::CORUSCANT, Icon, SystemId};
use crate::data::units::{Theater, UnitKind};
use crate::data::Side;
use crate::log::{EventSink, LogEvent, LogExt, Victory};
use crate::state::{GameState, LeaderPlace, Loyalty, Phase, Place, Ring};

impl GameState {
    pub(crate) fn has_units(&self, place: Place, side: Side) -> bool {
        let row = &self.units[place.index()];
        UnitKind::of(side).iter().any(|k| row[k.index()] > 0)
    }

    pub(crate) fn has_theater(&self, place: Place, side: Side, theater: Theater) -> bool {
        let row = &self.units[place.index()];
        UnitKind::of(side)
            .iter()
            .any(|k| k.theater() == theater && row[k.index()] > 0)
    }

    /// An Imperial ground unit stands in `s` (the three kinds, read directly: this is asked
    /// after every step of the rules loop).
    pub(crate) fn has_imperial_ground(&self, s: SystemId) -> bool {
        let row = &self.units[s.index()];
        [UnitKind::Stormtrooper, UnitKind::AtSt, UnitKind::AtAt]
            .iter()
            .any(|k| row[k.index()] > 0)
    }

    pub(crate) fn add_unit(&mut self, place: Place, kind: UnitKind) {
        self.units[place.index()][kind.index()] += 1;
    }

    pub(crate) fn take_from_supply(&mut self, kind: UnitKind) -> bool {
        let n = &mut self.supply[kind.index()];
        if *n == 0 {
            return false;
        }
        *n -= 1;
        true
    }

    /// Destroys one unit at `place`: back to the supply.
    pub(crate) fn destroy_unit(&mut self, place: Place, kind: UnitKind, log: &mut impl EventSink) {
        let n = &mut self.units[place.index()][kind.index()];
        debug_assert!(*n > 0);
        *n -= 1;
        self.supply[kind.index()] += 1;
        log.all(LogEvent::UnitDestroyed { kind, place });
        if kind == UnitKind::DeathStarUnderConstruction {
            self.dsuc_destroyed(log);
        }
    }

    pub(crate) fn move_unit(
        &mut self,
        kind: UnitKind,
        from: Place,
        to: Place,
        log: &mut impl EventSink,
    ) {
        self.units[from.index()][kind.index()] -= 1;
        self.units[to.index()][kind.index()] += 1;
        log.all(LogEvent::UnitMoved { kind, from, to });
    }

    /// Leaders standing at `place` (on the board, captives included).
    pub(crate) fn leaders_at(&self, place: Place) -> impl Iterator<Item = LeaderId> + '_ {
        LeaderId::ALL
            .into_iter()
            .filter(move |l| self.leaders[l.index()].place == LeaderPlace::Board(place))
    }

    /// A free (not captive) leader controlled by `side` stands at `place`.
    pub(crate) fn has_leader(&self, place: Place, side: Side) -> bool {
        self.leaders_at(place).any(|l| {
            let s = &self.leaders[l.index()];
            s.controller == side && !s.is_captive()
        })
    }

    /// Leaders in `side`'s pool (never captives).
    pub(crate) fn pool(&self, side: Side) -> impl Iterator<Item = LeaderId> + '_ {
        LeaderId::ALL.into_iter().filter(move |l| {
            let s = &self.leaders[l.index()];
            s.controller == side && s.place == LeaderPlace::Pool
        })
    }

    pub(crate) fn leader_values(&self, l: LeaderId) -> crate::data::leaders::LeaderValues {
        l.values(self.leaders[l.index()].jedi)
    }

    pub(crate) fn put_leader(&mut self, l: LeaderId, place: Place, log: &mut impl EventSink) {
        // Anything placed in the Rebel Base space goes to the base's system once revealed.
        let place = self.resolve_base_space(place);
        self.leaders[l.index()].place = LeaderPlace::Board(place);
        log.all(LogEvent::LeaderMoved {
            leader: l,
            to: place,
        });
    }

    /// The Rebel Base space, or the base's system once the base is revealed.
    pub(crate) fn resolve_base_space(&self, place: Place) -> Place {
        match (place, self.base_revealed, self.base) {
            (Place::RebelBase, true, Some(base)) => Place::System(base),
            _ => place,
        }
    }

    // What a system is. Every rule that asks "populous", "remote", "Imperial system" or
    // "which icons" asks here, so that remote and destroyed systems are treated one way
    // everywhere (docs/swr/rules.md §2.1, §10).

    /// Populous: a loyalty space and resource icons, and not destroyed (FAQ16: a destroyed
    /// system is neither populous nor remote).
    pub(crate) fn is_populous(&self, s: SystemId) -> bool {
        !s.is_remote() && !self.systems[s.index()].destroyed
    }

    /// Remote: no loyalty space and no icons, and not destroyed.
    pub(crate) fn is_remote(&self, s: SystemId) -> bool {
        s.is_remote() && !self.systems[s.index()].destroyed
    }

    /// The system's resource icons: none once it is destroyed (FAQ16).
    pub(crate) fn resource_icons(&self, s: SystemId) -> &'static [Icon] {
        if self.systems[s.index()].destroyed {
            &[]
        } else {
            s.info().icons
        }
    }

    /// An Imperial system: Imperial loyalty or a subjugation marker. Only populous systems
    /// ever carry either (remote and destroyed ones have no loyalty space).
    pub(crate) fn is_imperial_system(&self, s: SystemId) -> bool {
        let st = self.systems[s.index()];
        st.loyalty == Some(Loyalty::Empire) || st.subjugated
    }

    /// A Rebel system: Rebel loyalty and no subjugation marker.
    pub(crate) fn is_rebel_system(&self, s: SystemId) -> bool {
        let st = self.systems[s.index()];
        st.loyalty == Some(Loyalty::Rebel) && !st.subjugated
    }

    /// A Rebel loyalty marker, subjugated or not.
    pub(crate) fn has_rebel_loyalty(&self, s: SystemId) -> bool {
        self.systems[s.index()].loyalty == Some(Loyalty::Rebel)
    }

    /// Whether an Imperial ground unit here subjugates the system: it must have a loyalty
    /// space (populous) and no Imperial loyalty already.
    fn may_be_subjugated(&self, s: SystemId) -> bool {
        self.is_populous(s) && self.systems[s.index()].loyalty != Some(Loyalty::Empire)
    }

    /// `side` gains one loyalty in `s`: a neutral system becomes loyal, an opposing loyalty
    /// is removed. Coruscant, remote and destroyed systems never change.
    pub(crate) fn gain_loyalty(&mut self, side: Side, s: SystemId, log: &mut impl EventSink) {
        if s == CORUSCANT || !self.is_populous(s) {
            return;
        }
        let mine = match side {
            Side::Rebel => Loyalty::Rebel,
            Side::Empire => Loyalty::Empire,
        };
        let st = &mut self.systems[s.index()];
        let new = match st.loyalty {
            None => Some(mine),
            Some(l) if l == mine => return,
            Some(_) => None,
        };
        st.loyalty = new;
        if new == Some(Loyalty::Empire) && st.subjugated {
            // A neutral subjugated system gaining Imperial loyalty: the marker flips.
            st.subjugated = false;
        }
        log.all(LogEvent::LoyaltyChanged {
            system: s,
            loyalty: new,
        });
        self.settle(log);
    }

    pub(crate) fn lose_loyalty_marker(&mut self, s: SystemId, log: &mut impl EventSink) {
        if s == CORUSCANT {
            return;
        }
        if self.systems[s.index()].loyalty.take().is_some() {
            log.all(LogEvent::LoyaltyChanged {
                system: s,
                loyalty: None,
            });
        }
    }

    /// Captures a Rebel leader: the single captured ring moves to it (the earlier captive is
    /// rescued), or the carbonite ring for Carbon Freezing.
    pub(crate) fn capture(&mut self, l: LeaderId, ring: Ring, log: &mut impl EventSink) {
        if ring == Ring::Captured {
            let earlier = LeaderId::ALL
                .into_iter()
                .find(|o| *o != l && self.leaders[o.index()].ring == Some(Ring::Captured));
            if let Some(earlier) = earlier {
                self.rescue(earlier, log);
            }
        }
        self.leaders[l.index()].ring = Some(ring);
        log.all(LogEvent::LeaderCaptured { leader: l, ring });
    }

    /// Rescues a captive: ring off, to the Rebel Base space.
    pub(crate) fn rescue(&mut self, l: LeaderId, log: &mut impl EventSink) {
        self.leaders[l.index()].ring = None;
        log.all(LogEvent::LeaderRescued { leader: l });
        self.put_leader(l, Place::RebelBase, log);
    }

    pub(crate) fn eliminate(&mut self, l: LeaderId, log: &mut impl EventSink) {
        let s = &mut self.leaders[l.index()];
        s.place = LeaderPlace::Eliminated;
        s.ring = None;
        log.all(LogEvent::LeaderEliminated { leader: l });
    }

    pub(crate) fn reveal_base(&mut self, log: &mut impl EventSink) {
        let Some(base) = self.base else { return };
        if self.base_revealed {
            return;
        }
        self.base_revealed = true;
        log.all(LogEvent::BaseRevealed { system: base });
        let here = Place::System(base);
        for kind in UnitKind::of(Side::Rebel) {
            let n = std::mem::take(&mut self.units[Place::RebelBase.index()][kind.index()]);
            self.units[here.index()][kind.index()] += n;
        }
        for l in LeaderId::ALL {
            if self.leaders[l.index()].place == LeaderPlace::Board(Place::RebelBase) {
                self.leaders[l.index()].place = LeaderPlace::Board(here);
            }
        }
    }

    /// The system a combat is being fought in, if any (its subjugation waits for the end).
    fn combat_system(&self) -> Option<SystemId> {
        self.stack.iter().rev().find_map(|f| match f {
            crate::rules::frames::Frame::Combat(c) => Some(c.system),
            _ => None,
        })
    }

    /// The rules that hold at all times: subjugation follows Imperial ground units in
    /// populous systems, captives with no Imperial unit beside them are rescued, Imperial
    /// loyalty or ground units in the base's system reveal it, and the immediate wins.
    pub(crate) fn settle(&mut self, log: &mut impl EventSink) {
        if self.is_over() {
            return;
        }
        let fighting = self.combat_system();
        for s in SystemId::ALL {
            let place = Place::System(s);
            let imperial_ground = self.has_theater(place, Side::Empire, Theater::Ground);
            let st = self.systems[s.index()];
            if Some(s) != fighting {
                if imperial_ground && !st.subjugated && self.may_be_subjugated(s) {
                    self.systems[s.index()].subjugated = true;
                    log.all(LogEvent::Subjugated { system: s });
                } else if st.subjugated && !imperial_ground {
                    self.systems[s.index()].subjugated = false;
                    log.all(LogEvent::SubjugationLifted { system: s });
                }
            }
        }
        // Captives go free where no Imperial unit guards them (never in the Rebel Base space).
        for l in LeaderId::ALL {
            let st = self.leaders[l.index()];
            if let (true, LeaderPlace::Board(place)) = (st.is_captive(), st.place) {
                if !self.has_units(place, Side::Empire) {
                    self.rescue(l, log);
                }
            }
        }
        if let Some(base) = self.base {
            let here = Place::System(base);
            if !self.base_revealed
                && (self.has_theater(here, Side::Empire, Theater::Ground)
                    || self.systems[base.index()].loyalty == Some(Loyalty::Empire))
            {
                self.reveal_base(log);
            }
        }
        self.check_wins(log);
    }

    /// A subjugation marker goes the moment its system's last Imperial ground unit does, even
    /// in the middle of a combat or an effect (rules §25.6: removal is always immediate;
    /// only new markers wait). The rules loop calls this after every step.
    pub(crate) fn lift_lapsed_subjugation(&mut self, log: &mut impl EventSink) {
        // At setup the markers come first and the Imperial units after them.
        if self.phase == Phase::Setup {
            return;
        }
        for s in SystemId::ALL {
            if self.systems[s.index()].subjugated && !self.has_imperial_ground(s) {
                self.systems[s.index()].subjugated = false;
                log.all(LogEvent::SubjugationLifted { system: s });
            }
        }
    }

    /// The win that holds now, if any (rules §1): the base's system destroyed, the revealed
    /// base occupied (Imperial units there and no Rebel unit), or the reputation marker on
    /// the time marker. A combat's doomed units still stand until the end of their step.
    pub fn win_now(&self) -> Option<(Side, Victory)> {
        if let Some(base) = self.base {
            let here = Place::System(base);
            if self.systems[base.index()].destroyed {
                return Some((Side::Empire, Victory::BaseDestroyed));
            }
            if self.base_revealed
                && self.has_units(here, Side::Empire)
                && !self.has_units(here, Side::Rebel)
            {
                return Some((Side::Empire, Victory::BaseOccupied));
            }
        }
        (self.time >= self.reputation).then_some((Side::Rebel, Victory::Reputation))
    }

    /// Ends the game at once if a win condition holds. The rules loop calls this after every
    /// step, so a win is never left waiting for the end of a combat or an effect.
    pub(crate) fn check_wins(&mut self, log: &mut impl EventSink) {
        if self.is_over() {
            return;
        }
        if let Some((side, how)) = self.win_now() {
            self.win(side, how, log);
        }
    }

    pub(crate) fn win(&mut self, side: Side, how: Victory, log: &mut impl EventSink) {
        if self.is_over() {
            return;
        }
        self.phase = Phase::Over { winner: side };
        self.drop_decisions();
        log.all(LogEvent::GameWon { side, how });
    }

    /// The game is over: no decision is left pending. Units in hand mid-deployment go back
    /// to their queue, so none is lost at the end.
    pub(crate) fn drop_decisions(&mut self) {
        for frame in std::mem::take(&mut self.stack) {
            if let crate::rules::frames::Frame::Deploy { side, units, .. } = frame {
                for (n, queued) in units
                    .iter()
                    .zip(self.cards[side.index()].queue[0].iter_mut())
                {
                    *queued += n;
                }
            }
        }
    }

    /// Moves the reputation marker `n` spaces towards the time marker.
    pub(crate) fn gain_reputation(&mut self, n: u8, log: &mut impl EventSink) {
        self.reputation = self.reputation.saturating_sub(n).max(self.time);
        log.all(LogEvent::ReputationMoved {
            reputation: self.reputation,
        });
        self.check_wins(log);
    }
}
