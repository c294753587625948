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

/// A level of the list: its entries and the heading of the group it opens (none at the top).
pub struct Level<'a> {
    /// The groups followed from the top, by index at each level.
    pub path: Vec<usize>,
    pub entries: &'a [Choice],
    pub heading: Option<&'a str>,
}

/// Follows `path` from the top of `tree` as far as it names groups.
pub fn level<'a>(tree: &'a [Choice], path: &[usize]) -> Level<'a> {
    let mut at = Level {
        path: Vec::new(),
        entries: tree,
        heading: None,
    };
    for &i in path {
        let Some(Choice::Group(label, inner)) = at.entries.get(i) else {
            break;
        };
        at.path.push(i);
        at.entries = inner;
        at.heading = Some(label);
    }
    at
}

/// The groups a player has opened, and the choices they were opened among. Read against the
/// list drawn now, never kept in step by an effect: a path into another decision's list is
/// none, and one into a list that changed under it ends at its last group still there, so the
/// level shown is always the one the path names — one Back always goes up one level, and a
/// group shown always opens.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Opened {
    legal: Vec<Action>,
    path: Vec<usize>,
}

impl Opened {
    /// The level open in `view`'s list `tree` (`choice_tree(view)`).
    pub fn level<'a>(&self, view: &PlayerView, tree: &'a [Choice]) -> Level<'a> {
        let path: &[usize] = if self.legal == view.legal {
            &self.path
        } else {
            &[]
        };
        level(tree, path)
    }

    /// Opens the group at `i` of the level open now (nothing if `i` is not a group there).
    pub fn open(&mut self, view: &PlayerView, tree: &[Choice], i: usize) {
        let mut path = self.level(view, tree).path;
        path.push(i);
        self.set(view, level(tree, &path).path);
    }

    /// Goes back to the level the one open now was opened from.
    pub fn back(&mut self, view: &PlayerView, tree: &[Choice]) {
        let mut path = self.level(view, tree).path;
        path.pop();
        self.set(view, path);
    }

    fn set(&mut self, view: &PlayerView, path: Vec<usize>) {
        self.legal.clone_from(&view.legal);
        self.path = path;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::swr::session::{Mode, Session};
    use game_kit::Rng;
    use std::collections::HashSet;
    use swr_engine::{Game, GameOptions, Side};

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

    /// Every group of `level` (reached by `path`), depth first, with its path.
    fn groups<'a>(level: &'a [Choice], path: &[usize], out: &mut Vec<(Vec<usize>, &'a Choice)>) {
        for (i, c) in level.iter().enumerate() {
            if let Choice::Group(_, inner) = c {
                let mut p = path.to_vec();
                p.push(i);
                out.push((p.clone(), c));
                groups(inner, &p, out);
            }
        }
    }

    /// What must hold of every decision's list: each group opens to a level of its own,
    /// not empty, under its heading; each action is in it once; the labels of a level differ.
    fn check_tree(view: &PlayerView, tree: &[Choice], what: &str) -> usize {
        let listed: Vec<Action> = tree.iter().flat_map(Choice::actions).collect();
        assert_eq!(listed.len(), view.legal.len(), "{what}: actions listed");
        for a in &view.legal {
            let n = listed.iter().filter(|b| *b == a).count();
            assert_eq!(n, 1, "{what}: {a:?} is listed {n} times");
        }
        let mut all = Vec::new();
        groups(tree, &[], &mut all);
        let mut levels = vec![tree];
        for (path, group) in &all {
            let Choice::Group(label, inner) = group else {
                unreachable!()
            };
            let at = level(tree, path);
            assert_eq!(&at.path, path, "{what}: {label} does not open");
            assert_eq!(
                at.heading,
                Some(label.as_str()),
                "{what}: {label}'s heading"
            );
            assert!(!at.entries.is_empty(), "{what}: {label} opens to nothing");
            assert_eq!(
                at.entries,
                inner.as_slice(),
                "{what}: {label} opens elsewhere"
            );
            levels.push(inner);
        }
        for entries in levels {
            let mut seen = HashSet::new();
            for c in entries {
                assert!(
                    seen.insert(c.label()),
                    "{what}: '{}' twice in a level",
                    c.label()
                );
            }
        }
        all.len()
    }

    /// Opens every group through `Opened` as the dock does, one level at a time, and comes
    /// back from each with one Back.
    fn open_every_group(view: &PlayerView, tree: &[Choice], opened: &mut Opened, what: &str) {
        let here = opened.level(view, tree);
        let (path, entries) = (here.path, here.entries);
        for (i, c) in entries.iter().enumerate() {
            if let Choice::Group(label, inner) = c {
                opened.open(view, tree, i);
                let at = opened.level(view, tree);
                assert_eq!(at.heading, Some(label.as_str()), "{what}: {label} opened");
                assert_eq!(at.entries, inner.as_slice(), "{what}: {label} opened");
                open_every_group(view, tree, opened, what);
                opened.back(view, tree);
                assert_eq!(
                    opened.level(view, tree).path,
                    path,
                    "{what}: Back from {label}"
                );
            }
        }
    }

    #[test]
    fn every_group_of_every_decision_opens_in_random_games() {
        let (mut decisions, mut grouped, mut opened_groups) = (0, 0, 0);
        for seed in 0..24u64 {
            let mut game = Game::new(seed, GameOptions::default());
            let mut rng = Rng::new(seed ^ 0x1157);
            // What the player opened last, carried from decision to decision as in the dock.
            let mut opened = Opened::default();
            for step in 0..3000 {
                let Some(side) = game.state().active_player() else {
                    break;
                };
                let view = game.view(side);
                let tree = choice_tree(&view);
                let what = format!("seed {seed}, step {step}, {:?}", view.prompt);
                let n = check_tree(&view, &tree, &what);
                decisions += 1;
                if n > 0 {
                    grouped += 1;
                    opened_groups += n;
                }
                if opened.legal != view.legal {
                    let at = opened.level(&view, &tree);
                    assert!(
                        at.path.is_empty(),
                        "{what}: another decision's group is open"
                    );
                }
                open_every_group(&view, &tree, &mut opened, &what);
                // Then into the groups of a random action, and that action taken.
                let action = view.legal[rng.below(view.legal.len())];
                let mut at = opened.level(&view, &tree);
                while !at
                    .entries
                    .iter()
                    .any(|c| matches!(c, Choice::Act(a, _) if *a == action))
                {
                    let Some(i) = at
                        .entries
                        .iter()
                        .position(|c| c.actions().contains(&action))
                    else {
                        // Not under the level open: back to the top first.
                        opened.back(&view, &tree);
                        at = opened.level(&view, &tree);
                        continue;
                    };
                    opened.open(&view, &tree, i);
                    at = opened.level(&view, &tree);
                }
                game.apply(side, action).unwrap();
            }
        }
        println!("{decisions} decisions, {grouped} with groups, {opened_groups} groups opened");
        assert!(decisions > 10_000, "{decisions} decisions");
        assert!(grouped > 500, "{grouped} grouped decisions");
        assert!(opened_groups > 5_000, "{opened_groups} groups opened");
    }

    /// The playtest's list that stopped opening (#37): groups opened in one decision, then a
    /// decision whose list is different.
    #[test]
    fn a_path_from_another_decision_or_list_opens_nothing_and_one_back_goes_up() {
        let mut game = Game::new(5, GameOptions::default());
        let mut rng = Rng::new(5);
        let mut checked = 0;
        let mut opened = Opened::default();
        while checked < 50 {
            let side = game.state().active_player().expect("a game in progress");
            let view = game.view(side);
            let tree = choice_tree(&view);
            let mut deepest = Vec::new();
            groups(&tree, &[], &mut deepest);
            if let Some((path, Choice::Group(label, inner))) =
                deepest.into_iter().max_by_key(|(p, _)| p.len())
            {
                // What the dock held when a new decision came with other choices.
                if opened.legal != view.legal {
                    assert!(opened.level(&view, &tree).path.is_empty());
                }
                // A path that goes past the groups of this list (an index now on an action,
                // or beyond the level) ends where the groups do.
                let mut stale = path.clone();
                stale.extend([inner.len(), 0]);
                opened = Opened {
                    legal: view.legal.clone(),
                    path: stale,
                };
                let at = opened.level(&view, &tree);
                assert_eq!(at.path, path);
                assert_eq!(at.heading, Some(label.as_str()));
                opened.back(&view, &tree);
                assert_eq!(opened.level(&view, &tree).path, path[..path.len() - 1]);
                opened.open(&view, &tree, *path.last().unwrap());
                assert_eq!(opened.level(&view, &tree).path, path);
                checked += 1;
            }
            game.apply(side, view.legal[rng.below(view.legal.len())])
                .unwrap();
        }
    }
}
