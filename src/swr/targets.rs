//! What the galaxy offers for the decision at hand, read from the legal actions alone: the
//! places a tap acts on, the unit stacks and leaders that act when touched, and the units and
//! leaders in hand to put somewhere. No rule is decided here. Plain Rust, tested natively.

use swr_engine::data::systems::SYSTEM_COUNT;
use swr_engine::view::LeaderSpot;
use swr_engine::{Action, LeaderId, Place, PlayerView, SystemId, UnitKind};

/// All 32 systems, then the Rebel Base space.
pub fn all_places() -> impl Iterator<Item = Place> {
    (0..SYSTEM_COUNT as u8)
        .map(|i| Place::System(SystemId(i)))
        .chain(std::iter::once(Place::RebelBase))
}

/// The place an action is about, so the galaxy can offer it on that system.
pub fn action_place(action: &Action) -> Option<Place> {
    Some(match *action {
        Action::System(s) | Action::Probe(s) => Place::System(s),
        Action::Place(p) => p,
        Action::Move { from, .. } => from,
        Action::Deploy { to, .. } => to,
        Action::Destroy { at, .. } => at,
        Action::Activate { system, .. } => Place::System(system),
        Action::Retreat { to, .. } => Place::System(to),
        Action::ActivateBase { .. } => Place::RebelBase,
        _ => return None,
    })
}

/// Something picked from a tray, waiting for a place: a leader to activate (or retreat) with,
/// or a kind of unit to place or deploy.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Armed {
    Leader(LeaderId),
    Unit(UnitKind),
}

fn leader_of(action: &Action) -> Option<LeaderId> {
    match *action {
        Action::Activate { leader, .. }
        | Action::ActivateBase { leader }
        | Action::Retreat { leader, .. } => Some(leader),
        _ => None,
    }
}

fn placed_kind(action: &Action) -> Option<UnitKind> {
    match *action {
        Action::Deploy { kind, .. } => Some(kind),
        _ => None,
    }
}

/// Whether `armed` is still something the legal actions use.
pub fn still_armed(legal: &[Action], armed: Armed) -> bool {
    legal.iter().any(|a| match armed {
        Armed::Leader(l) => leader_of(a) == Some(l),
        Armed::Unit(k) => placed_kind(a) == Some(k),
    })
}

/// What is armed without asking: the only leader, or the only kind of unit, the actions
/// could use.
pub fn armed_by_default(legal: &[Action]) -> Option<Armed> {
    let kinds = tray_units(legal);
    if let [only] = kinds[..] {
        return Some(Armed::Unit(only));
    }
    let leaders = tray_leaders(legal);
    match leaders[..] {
        [only] => Some(Armed::Leader(only)),
        _ => None,
    }
}

/// The actions a tap on `place` may mean, given what is armed. With a leader or a kind of
/// unit armed, only the actions that use it.
pub fn place_actions(legal: &[Action], place: Place, armed: Option<Armed>) -> Vec<Action> {
    legal
        .iter()
        .filter(|a| action_place(a) == Some(place))
        .filter(|a| match armed {
            Some(Armed::Leader(l)) => leader_of(a).is_none_or(|x| x == l),
            Some(Armed::Unit(k)) => placed_kind(a).is_none_or(|x| x == k),
            None => true,
        })
        .copied()
        .collect()
}

/// What touching a stack of `kind` at `place` does: move one of them, or destroy one.
pub fn unit_actions(legal: &[Action], place: Place, kind: UnitKind) -> Vec<Action> {
    legal
        .iter()
        .filter(|a| match **a {
            Action::Move { kind: k, from } => k == kind && from == place,
            Action::Destroy { kind: k, at } => k == kind && at == place,
            _ => false,
        })
        .copied()
        .collect()
}

/// What touching a leader's token does (choosing that leader).
pub fn leader_actions(legal: &[Action], leader: LeaderId) -> Vec<Action> {
    legal
        .iter()
        .filter(|a| **a == Action::Leader(leader))
        .copied()
        .collect()
}

/// The kinds of unit in hand to place or deploy, in the order the engine lists them.
pub fn tray_units(legal: &[Action]) -> Vec<UnitKind> {
    let mut out = Vec::new();
    for k in legal.iter().filter_map(placed_kind) {
        if !out.contains(&k) {
            out.push(k);
        }
    }
    out
}

/// The leaders that can be sent somewhere now (activating a system, or retreating).
pub fn tray_leaders(legal: &[Action]) -> Vec<LeaderId> {
    let mut out = Vec::new();
    for l in legal.iter().filter_map(leader_of) {
        if !out.contains(&l) {
            out.push(l);
        }
    }
    out
}

/// Whether the action is offered on the board (a place, a unit stack or a leader), so the
/// decision panel need not show it as a big button.
pub fn on_board(action: &Action) -> bool {
    action_place(action).is_some() || matches!(action, Action::Leader(_))
}

/// Every action a tap on `place` could stand for on a dense galaxy: the place's own, and its
/// units' and leaders'.
pub fn everything_at(view: &PlayerView, place: Place, armed: Option<Armed>) -> Vec<Action> {
    let mut out = place_actions(&view.legal, place, armed);
    for kind in UnitKind::ALL {
        out.extend(unit_actions(&view.legal, place, kind));
    }
    for l in view
        .leaders
        .iter()
        .filter(|l| l.spot == LeaderSpot::Board(place))
    {
        out.extend(leader_actions(&view.legal, l.leader));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use swr_engine::data::systems::named::*;
    use swr_engine::LeaderId as L;

    #[test]
    fn an_armed_leader_or_unit_narrows_what_a_place_means() {
        let at = Place::System(KESSEL);
        let legal = vec![
            Action::Activate {
                leader: L::Vader,
                system: KESSEL,
            },
            Action::Activate {
                leader: L::Tarkin,
                system: KESSEL,
            },
            Action::Activate {
                leader: L::Tarkin,
                system: RODIA,
            },
            Action::Pass,
        ];
        assert_eq!(place_actions(&legal, at, None).len(), 2);
        assert_eq!(
            place_actions(&legal, at, Some(Armed::Leader(L::Tarkin))),
            vec![legal[1]]
        );
        assert_eq!(tray_leaders(&legal), vec![L::Vader, L::Tarkin]);
        assert_eq!(armed_by_default(&legal), None);
        assert!(still_armed(&legal, Armed::Leader(L::Vader)));
        assert!(!still_armed(&legal, Armed::Leader(L::Piett)));

        let deploy = vec![
            Action::Deploy {
                kind: UnitKind::TieFighter,
                to: at,
            },
            Action::Deploy {
                kind: UnitKind::TieFighter,
                to: Place::System(RODIA),
            },
            Action::Done,
        ];
        assert_eq!(
            armed_by_default(&deploy),
            Some(Armed::Unit(UnitKind::TieFighter))
        );
        assert!(on_board(&deploy[0]) && !on_board(&Action::Done));
    }
}
