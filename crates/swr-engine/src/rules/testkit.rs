//! Scenario building for the rules' own tests: a game past setup, and small edits to put
//! exactly the pieces a test needs on the board.

use crate::action::Action;
use crate::data::cards::Mission;
use crate::data::leaders::LeaderId;
use crate::data::systems::SystemId;
use crate::data::units::{UnitKind, UNIT_KINDS};
use crate::data::Side;
use crate::log::{LogEntry, NoLog};
use crate::state::{Assigned, GameOptions, GameState, LeaderPlace, Phase, Place, PLACE_COUNT};
use game_kit::Rng;

/// A game played past setup with seeded random choices, at the start of round 1's
/// Assignment phase.
pub(crate) fn after_setup(seed: u64) -> GameState {
    let mut state = GameState::new(seed, GameOptions::default(), &mut NoLog);
    let mut rng = Rng::new(seed ^ 0xABCD);
    while matches!(state.phase, Phase::Setup) {
        let side = state.active_player().expect("someone sets up");
        let legal = state.legal_actions(side);
        state.apply_legal(side, legal[rng.below(legal.len())], &mut NoLog);
    }
    state
}

/// An empty board: no units anywhere (all back in the supply), no subjugation (loyalty
/// markers stay as setup left them), every leader in its pool or unrecruited, nothing
/// assigned, Command phase with the Rebel to act.
pub(crate) fn empty_board(seed: u64) -> GameState {
    let mut s = after_setup(seed);
    for p in 0..PLACE_COUNT {
        for k in 0..UNIT_KINDS {
            s.supply[k] += std::mem::take(&mut s.units[p][k]);
        }
    }
    for side in Side::BOTH {
        while let Some(a) = s.cards[side.index()].assigned.pop() {
            s.cards[side.index()].missions.push(a.mission);
        }
    }
    for st in s.leaders.iter_mut() {
        if !matches!(st.place, LeaderPlace::Unrecruited | LeaderPlace::Eliminated) {
            st.place = LeaderPlace::Pool;
        }
    }
    // No Imperial ground units are left, so nothing stays subjugated.
    for st in s.systems.iter_mut() {
        st.subjugated = false;
    }
    s.phase = Phase::Command {
        turn: Side::Rebel,
        passed: [false; 2],
    };
    s.stack.clear();
    s
}

impl GameState {
    /// Puts `n` units of `kind` at `place`, taken from the supply.
    pub(crate) fn put(&mut self, place: Place, kind: UnitKind, n: u8) -> &mut Self {
        assert!(
            self.supply[kind.index()] >= n,
            "not enough {kind:?} in the supply"
        );
        self.supply[kind.index()] -= n;
        self.units[place.index()][kind.index()] += n;
        self
    }

    pub(crate) fn set_leader(&mut self, l: LeaderId, place: LeaderPlace) -> &mut Self {
        self.leaders[l.index()].place = place;
        self
    }

    pub(crate) fn set_base(&mut self, s: SystemId) -> &mut Self {
        self.probe_deck.retain(|p| *p != s);
        self.base = Some(s);
        self
    }

    /// Puts `mission` face down for `side` with `leaders` (taking one copy from the hand if
    /// there is one); returns its slot.
    pub(crate) fn assign_face_down(
        &mut self,
        side: Side,
        mission: Mission,
        leaders: &[LeaderId],
    ) -> u8 {
        let c = &mut self.cards[side.index()];
        if let Some(i) = c.missions.iter().position(|m| *m == mission) {
            c.missions.remove(i);
        }
        c.assigned.push(Assigned {
            mission,
            leaders: [leaders.first().copied(), leaders.get(1).copied()],
        });
        let slot = (c.assigned.len() - 1) as u8;
        for l in leaders {
            self.leaders[l.index()].place = LeaderPlace::OnMission(slot);
        }
        slot
    }

    /// Applies `action` for whoever must act, asserting it is legal; returns the log.
    pub(crate) fn play(&mut self, action: Action) -> Vec<LogEntry> {
        let side = self.active_player().expect("someone must act");
        let mut log = Vec::new();
        if let Err(e) = self.apply(side, action, &mut log) {
            panic!(
                "{action:?} refused for {side:?}: {e}; legal: {:?}",
                self.legal_actions(side)
            );
        }
        log
    }

    pub(crate) fn legal_now(&self) -> Vec<Action> {
        match self.active_player() {
            Some(side) => self.legal_actions(side),
            None => Vec::new(),
        }
    }
}
