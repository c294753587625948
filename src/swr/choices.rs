//! The legal actions as a short, grouped list: the keyboard and screen-reader path to every
//! decision (the galaxy is the other). No level holds more than [`MAX_LEVEL`] entries: a
//! group of many actions is split by region, then by place (a Command turn's activations are
//! region → system → leader, never the product of all three), and a group of one entry is
//! the entry itself. Plain Rust over the view, tested natively.

use crate::swr::layout;
use crate::swr::targets::action_place;
use crate::swr::words::{action_group, action_text, capitalize, place_name};
use swr_engine::{Action, Place, PlayerView};

/// A place and the actions about it.
type PlaceActions = (Place, Vec<Action>);

/// The most entries a level of the list shows.
pub const MAX_LEVEL: usize = 12;

#[derive(Clone, Debug, PartialEq)]
pub enum Choice {
    /// One action, with its label.
    Act(Action, String),
    /// A heading and what it holds (opened to choose among them).
    Group(String, Vec<Choice>),
}

impl Choice {
    pub fn label(&self) -> &str {
        match self {
            Choice::Act(_, label) | Choice::Group(label, _) => label,
        }
    }

    /// Every action this entry leads to.
    pub fn actions(&self) -> Vec<Action> {
        match self {
            Choice::Act(a, _) => vec![*a],
            Choice::Group(_, inner) => inner.iter().flat_map(Choice::actions).collect(),
        }
    }
}

/// The grouped list of `view`'s legal actions, in the order the engine gives them.
pub fn choice_tree(view: &PlayerView) -> Vec<Choice> {
    let mut groups: Vec<(&'static str, Vec<Action>)> = Vec::new();
    for a in &view.legal {
        let g = action_group(a, view);
        match groups.iter_mut().find(|(name, _)| *name == g) {
            Some((_, v)) => v.push(*a),
            None => groups.push((g, vec![*a])),
        }
    }
    let total = view.legal.len();
    // Few actions in all: one flat list.
    if total <= MAX_LEVEL {
        return leaves(view, view.legal.clone());
    }
    groups
        .into_iter()
        .map(|(name, actions)| collapse(Choice::Group(name.to_string(), split(view, actions))))
        .collect()
}

/// A group holding a single entry is that entry.
fn collapse(c: Choice) -> Choice {
    match c {
        Choice::Group(label, inner) => {
            let mut inner: Vec<Choice> = inner.into_iter().map(collapse).collect();
            if inner.len() == 1 {
                inner.pop().expect("one")
            } else {
                Choice::Group(label, inner)
            }
        }
        act => act,
    }
}

/// The actions of one group, split until no level is longer than [`MAX_LEVEL`]: by region,
/// then by place, then (if still too many, as the leaders of a Command turn never are) in
/// runs of [`MAX_LEVEL`].
fn split(view: &PlayerView, actions: Vec<Action>) -> Vec<Choice> {
    if actions.len() <= MAX_LEVEL {
        return leaves(view, actions);
    }
    let placed = actions.iter().all(|a| action_place(a).is_some());
    if !placed {
        return runs(view, actions);
    }
    // By place, in the order the places first come.
    let mut by_place: Vec<(Place, Vec<Action>)> = Vec::new();
    for a in actions {
        let p = action_place(&a).expect("placed");
        match by_place.iter_mut().find(|(q, _)| *q == p) {
            Some((_, v)) => v.push(a),
            None => by_place.push((p, vec![a])),
        }
    }
    let place_entry = |(p, acts): (Place, Vec<Action>)| {
        if acts.len() == 1 {
            leaves(view, acts).pop().expect("one")
        } else {
            Choice::Group(capitalize(&place_name(p)), split_plain(view, acts))
        }
    };
    if by_place.len() <= MAX_LEVEL {
        return by_place.into_iter().map(place_entry).collect();
    }
    // Then by region (the Rebel Base space on its own).
    let mut by_region: Vec<(Option<u8>, Vec<PlaceActions>)> = Vec::new();
    for (p, acts) in by_place {
        let region = p.system().map(|s| s.region());
        match by_region.iter_mut().find(|(r, _)| *r == region) {
            Some((_, v)) => v.push((p, acts)),
            None => by_region.push((region, vec![(p, acts)])),
        }
    }
    by_region
        .into_iter()
        .map(|(region, places)| {
            let label = match region {
                Some(r) => layout::region_systems(r)
                    .map(|s| s.name())
                    .collect::<Vec<_>>()
                    .join(", "),
                None => capitalize(&place_name(Place::RebelBase)),
            };
            let inner: Vec<Choice> = places.into_iter().map(place_entry).collect();
            Choice::Group(label, inner)
        })
        .collect()
}

/// Actions without places to split by: in runs of [`MAX_LEVEL`].
fn split_plain(view: &PlayerView, actions: Vec<Action>) -> Vec<Choice> {
    if actions.len() <= MAX_LEVEL {
        leaves(view, actions)
    } else {
        runs(view, actions)
    }
}

fn runs(view: &PlayerView, actions: Vec<Action>) -> Vec<Choice> {
    let chunks: Vec<Vec<Action>> = actions.chunks(MAX_LEVEL).map(|c| c.to_vec()).collect();
    if chunks.len() > MAX_LEVEL {
        // Never met in play (the longest plain list is far shorter); kept whole rather than lost.
        return leaves(view, actions);
    }
    chunks
        .into_iter()
        .map(|chunk| {
            let first = action_text(&chunk[0], view);
            let last = action_text(chunk.last().expect("a run"), view);
            Choice::Group(format!("{first} … {last}"), leaves(view, chunk))
        })
        .collect()
}

fn leaves(view: &PlayerView, actions: Vec<Action>) -> Vec<Choice> {
    actions
        .into_iter()
        .map(|a| Choice::Act(a, action_text(&a, view)))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::swr::session::{Mode, Session};
    use swr_engine::Side;

    fn widest(choices: &[Choice]) -> usize {
        choices
            .iter()
            .map(|c| match c {
                Choice::Group(_, inner) => widest(inner),
                Choice::Act(..) => 0,
            })
            .max()
            .unwrap_or(0)
            .max(choices.len())
    }

    #[test]
    fn every_level_is_short_and_every_action_is_in_the_list_once() {
        let mut longest = 0;
        let mut deepest_legal = 0;
        for seed in 0..6u64 {
            for human in Side::BOTH {
                let mut session = Session::new(Mode::vs(human), seed);
                for step in 0..3000 {
                    if session.game.state().is_over() {
                        break;
                    }
                    if session.computer_act() {
                        continue;
                    }
                    let view = session.view();
                    let tree = choice_tree(&view);
                    let width = widest(&tree);
                    assert!(
                        width <= MAX_LEVEL,
                        "seed {seed}: {width} entries at a level for {:?}",
                        view.prompt
                    );
                    let mut listed: Vec<Action> = tree.iter().flat_map(Choice::actions).collect();
                    let mut legal = view.legal.clone();
                    listed.sort_by_key(|a| format!("{a:?}"));
                    legal.sort_by_key(|a| format!("{a:?}"));
                    assert_eq!(listed, legal, "seed {seed}, step {step}");
                    longest = longest.max(width);
                    deepest_legal = deepest_legal.max(view.legal.len());
                    let k = (seed as usize * 7 + step * 13) % view.legal.len();
                    session.act(view.legal[k]).unwrap();
                }
            }
        }
        assert!(deepest_legal > 60, "long lists were met ({deepest_legal})");
        assert!(longest <= MAX_LEVEL);
    }
}
