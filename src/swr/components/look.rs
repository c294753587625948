//! Small facts about how things are drawn: the per-system slice of the view that one
//! system's drawing follows, and the systems the Empire has ruled out. No rule is decided
//! here: legality comes from the engine's legal actions.

use crate::swr::targets::action_place;
use swr_engine::data::systems::SYSTEM_COUNT;
use swr_engine::state::SystemState;
use swr_engine::view::{BaseView, LeaderSpot};
use swr_engine::{LeaderId, Place, PlayerView, Side, UnitKind};

pub fn side_class(side: Side) -> &'static str {
    match side {
        Side::Rebel => "rebel",
        Side::Empire => "empire",
    }
}

/// Everything one system's drawing shows: it re-renders only when this changes.
#[derive(Clone, Debug, PartialEq)]
pub struct SystemLook {
    pub markers: SystemState,
    /// (kind, count) for units present.
    pub units: Vec<(UnitKind, u8)>,
    pub leaders: Vec<(LeaderId, Side)>,
    /// The base is here: as its owner knows it (secret) or revealed to all.
    pub base: Option<bool>,
    /// The viewer may act on this system now.
    pub actionable: bool,
    /// The Empire has ruled this system out as the base's (shown to the Empire only).
    pub ruled_out: bool,
    pub in_combat: bool,
}

impl SystemLook {
    pub fn of(view: &PlayerView, place: Place, ruled_out: &[bool; SYSTEM_COUNT]) -> SystemLook {
        let units_at = match place {
            Place::System(s) => view.systems[s.index()].units,
            Place::RebelBase => view.rebel_base_space,
        };
        let markers = match place {
            Place::System(s) => view.systems[s.index()].markers,
            Place::RebelBase => SystemState::default(),
        };
        let units = UnitKind::ALL
            .iter()
            .filter(|k| units_at[k.index()] > 0)
            .map(|&k| (k, units_at[k.index()]))
            .collect();
        let leaders = view
            .leaders
            .iter()
            .filter(|l| l.spot == LeaderSpot::Board(place))
            .map(|l| (l.leader, l.controller))
            .collect();
        let base = match (view.base, place) {
            (BaseView::Secret(s), Place::System(here)) if s == here => Some(false),
            (BaseView::Revealed(s), Place::System(here)) if s == here => Some(true),
            _ => None,
        };
        let actionable = view.legal.iter().any(|a| action_place(a) == Some(place));
        let ruled_out = match place {
            Place::System(s) => view.viewer == Side::Empire && ruled_out[s.index()],
            Place::RebelBase => false,
        };
        let in_combat = view
            .combat
            .as_ref()
            .is_some_and(|c| Place::System(c.system) == place);
        SystemLook {
            markers,
            units,
            leaders,
            base,
            actionable,
            ruled_out,
            in_combat,
        }
    }
}

/// Systems the Empire has ruled out as the base's, from its own view (all false for the
/// Rebel, who knows where the base is, and once the base is revealed).
pub fn ruled_out(view: &PlayerView) -> [bool; SYSTEM_COUNT] {
    let mut out = [false; SYSTEM_COUNT];
    if view.viewer != Side::Empire || !matches!(view.base, BaseView::Hidden) {
        return out;
    }
    out = [true; SYSTEM_COUNT];
    for s in swr_ai::base_candidates(view) {
        out[s.index()] = false;
    }
    out
}
