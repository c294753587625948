//! The movement rules, once for every move of units (RR p.2 "Moving Units"; docs/swr/rules.md
//! §6.4): units leave only a place where no free leader of their side stands, immobile units
//! never move, units that need transport go only with room on ships moving from the same
//! place, and moves go between adjacent systems. An ability that moves units follows every
//! one of these unless its card says otherwise (SUM: "If an ability allows you to move
//! units, you must follow all movement rules"); what each card waives is written here and
//! nowhere else. Retreats have rules of their own (§8.5).

use super::effects::Source;
use crate::data::cards::{ActionCard, Mission};
use crate::data::Side;
use crate::state::{GameState, Place};

/// The movement rules an ability sets aside, as its card's text says.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct Waives {
    pub transport: bool,
    /// Leaders in the place the units leave do not keep them there.
    pub leaders: bool,
}

/// What the card moving units waives besides adjacency (every such card names where the units
/// come from or go). Activations (and Catch Them by Surprise, which is one) waive nothing.
pub(crate) fn waives(source: Source) -> Waives {
    let (transport, leaders) = match source {
        // "As if they were adjacent"; "leaders in the Rebel Base space do not prevent this
        // movement".
        Source::Mission(Mission::HiddenFleet | Mission::PlanTheAssault) => (false, true),
        // "Ignoring transport restriction and adjacency": leaders still keep units in place.
        Source::Mission(Mission::LeadTheStrikeTeam | Mission::PlanetaryConquest) => (true, false),
        Source::Action(ActionCard::ScoutingMission) => (true, false),
        // "Ignoring adjacency" only.
        Source::Mission(Mission::RapidMobilization) => (false, false),
        // The Rebel Base space treated as adjacent to the chosen system.
        Source::Action(ActionCard::StartTheEvacuation) => (false, false),
        // The Rebel moves the Imperial ground units: the card orders all of them moved, so
        // an Imperial leader there does not hold them, and they go to any Imperial system.
        Source::Action(ActionCard::IndependentOperation) => (true, true),
        _ => (false, false),
    };
    Waives { transport, leaders }
}

/// A free leader of `side` stands at `place` and keeps its side's units there (Public
/// Support's Janus does not, this round).
pub(crate) fn pins(state: &GameState, place: Place, side: Side) -> bool {
    state.leaders_at(place).any(|l| {
        let st = state.leader(l);
        st.controller == side && !st.is_captive() && state.marks().unpinning & 1 << l.index() == 0
    })
}

/// Whether `side`'s units may leave `from` in a move made by `source` (`None`: an
/// activation).
pub(crate) fn may_leave(
    state: &GameState,
    from: Place,
    side: Side,
    source: Option<Source>,
) -> bool {
    source.is_some_and(|s| waives(s).leaders) || !pins(state, from, side)
}
