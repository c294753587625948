//! Sampling what a player cannot see (`swr_engine::sampling`): over seeded random games, at
//! positions all through them (setup, assignment, turns, moves, missions, combats, card
//! effects, the Refresh phase), for the player to act and for the other:
//!
//! * the true state fits everything the sampler read from the view and log (so it never rules
//!   out what really is), and the reading found nothing that does not add up;
//! * every sample's view for that player equals the true view exactly (legal actions and
//!   prompt included; the log aside, a bare state holds none);
//! * random legal play from samples goes on to the end of the game with every invariant of
//!   `swr_engine::invariants` holding;
//! * what is hidden really is drawn: the hidden base (for the Empire, while hidden) takes
//!   several values among `Sampler::base_candidates` wherever there are several, and never a
//!   system ruled out (by the sampler, nor by an independent reading of the view and log:
//!   Coruscant, destroyed and Imperial systems, the probe cards in hand, the cards' answers);
//!   any candidate given all the weight by `Sampler::sample_with` is drawn and fits the view;
//!   and the hidden cards (the opponent's hands, the Rebel's objectives, the Imperial probe
//!   cards, every deck's order) differ from the truth in a good share of the samples.
//!
//! Environment: `SWR_SEEDS` sets the number of games (200 by default), `SWR_SEED_FROM` the
//! first seed (0), `SWR_EVERY` how sparsely positions are checked after setup (about one in
//! 12); with `SWR_KEEP_GOING` set, every game is played and the failing seeds are listed at
//! the end. E.g. `SWR_SEED_FROM=124 SWR_SEEDS=1 cargo test --release -p swr-engine --test
//! sampling -- --nocapture`.

use game_kit::Rng;
use std::collections::BTreeMap;
use swr_engine::data::systems::{named::CORUSCANT, region_mask, systems_in, SYSTEM_COUNT};
use swr_engine::invariants;
use swr_engine::sampling::Sampler;
use swr_engine::view::{BaseView, PlayerView};
use swr_engine::*;

fn env_u64(name: &str, default: u64) -> u64 {
    std::env::var(name)
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(default)
}

/// The fields of two views that differ, for a readable failure.
fn diff(a: &PlayerView, b: &PlayerView) -> String {
    let (ja, jb) = (
        serde_json::to_value(a).unwrap(),
        serde_json::to_value(b).unwrap(),
    );
    ja.as_object()
        .unwrap()
        .iter()
        .filter(|(k, v)| jb.get(k.as_str()) != Some(v))
        .map(|(k, v)| format!("{k}:\n  sample {v}\n  truth  {}", jb[k.as_str()]))
        .collect::<Vec<_>>()
        .join("\n")
}

fn without_log(mut v: PlayerView) -> PlayerView {
    v.log.clear();
    v
}

/// Plays on from `state` with random legal actions to the end, checking the invariants.
fn play_out(mut state: GameState, rng: &mut Rng, what: &str) {
    let mut buf = Vec::new();
    let mut steps = 0;
    while let Some(p) = state.active_player() {
        state.legal_actions_into(p, &mut buf);
        assert!(!buf.is_empty(), "{what}: {p:?} has no legal action");
        let a = buf[rng.below(buf.len())];
        state.apply_legal(p, a, &mut NoLog);
        steps += 1;
        if let Err(e) = invariants::after_action(&state) {
            panic!("{what}, {steps} actions on, after {a:?}: {e}");
        }
        assert!(steps < 50_000, "{what}: no end");
    }
}

#[derive(Default)]
struct Tally {
    positions: usize,
    samples: usize,
    playouts: usize,
    /// Positions with the base hidden from the Empire, and among them those with several
    /// candidates.
    base_hidden: usize,
    base_open: usize,
    /// Per hidden part (by viewer): samples compared with the truth, and those that differed.
    hidden: BTreeMap<String, (usize, usize)>,
}

/// The systems the base cannot be in, read from the Empire's view and log independently of
/// the sampler: Coruscant, destroyed and Imperial systems, the probe cards in hand, and the
/// cards' answers since the base was last placed.
fn ruled_out(view: &PlayerView) -> u32 {
    let mut out = CORUSCANT.bit();
    for (i, sv) in view.systems.iter().enumerate() {
        if sv.markers.destroyed || sv.markers.loyalty == Some(Loyalty::Empire) {
            out |= SystemId(i as u8).bit();
        }
    }
    for s in &view.own.probes {
        out |= s.bit();
    }
    let since = view
        .log
        .iter()
        .rposition(|e| matches!(e, LogEvent::BaseChosen { .. }))
        .map_or(0, |i| i + 1);
    let all = u32::MAX; // the 32 systems
    for e in &view.log[since..] {
        match e {
            LogEvent::BaseProbed { system, found } => {
                out |= if *found {
                    all & !system.bit()
                } else {
                    system.bit()
                };
            }
            LogEvent::BaseAmong { systems } => {
                out |= all & !systems.iter().fold(0, |m, s| m | s.bit());
            }
            LogEvent::BaseRegionTold {
                system,
                same_region,
            } => {
                let region = region_mask(system.region());
                out |= if *same_region { all & !region } else { region };
            }
            _ => {}
        }
    }
    out
}

/// The decks the state keeps to itself.
#[derive(serde::Deserialize)]
struct Decks {
    objective_deck: Vec<Objective>,
    probe_deck: Vec<SystemId>,
    project_deck: Vec<Mission>,
    tactic_decks: [Vec<Tactic>; 2],
}

/// The parts of a state hidden from `viewer`, named: the opponent's hands (as sorted lists)
/// and every deck (in order), with the Rebel's objectives for the Empire and the Imperial
/// probe cards for the Rebel. A part is left out where there is nothing to draw (an empty
/// hand, a deck of fewer than two cards).
fn hidden_parts(state: &GameState, viewer: Side) -> Vec<(String, Vec<u8>)> {
    let decks: Decks = serde_json::from_str(&serde_json::to_string(state).unwrap()).unwrap();
    let mut out = Vec::new();
    let mut part = |name: &str, mut items: Vec<u8>, hand: bool| {
        if items.len() < 1 + usize::from(!hand) {
            return;
        }
        if hand {
            items.sort();
        }
        out.push((format!("{viewer:?} sees: {name}"), items));
    };
    let missions = |v: &[Mission]| v.iter().map(|m| *m as u8).collect::<Vec<_>>();
    let actions = |v: &[ActionCard]| v.iter().map(|c| *c as u8).collect::<Vec<_>>();
    let tactics = |v: &[Tactic]| v.iter().map(|c| *c as u8).collect::<Vec<_>>();
    let systems = |v: &[SystemId]| v.iter().map(|s| s.0).collect::<Vec<_>>();
    let theirs = state.cards(viewer.other());
    part("their missions", missions(&theirs.missions), true);
    part("their action cards", actions(&theirs.actions), true);
    part("their space tactics", tactics(&theirs.tactics[0]), true);
    part("their ground tactics", tactics(&theirs.tactics[1]), true);
    for side in Side::BOTH {
        let c = state.cards(side);
        part(
            &format!("{side:?} mission deck"),
            missions(&c.mission_deck),
            false,
        );
        part(
            &format!("{side:?} action deck"),
            actions(&c.action_deck),
            false,
        );
    }
    part("project deck", missions(&decks.project_deck), false);
    let objectives = |v: &[Objective]| v.iter().map(|o| *o as u8).collect::<Vec<_>>();
    part("objective deck", objectives(&decks.objective_deck), false);
    part("probe deck", systems(&decks.probe_deck), false);
    part("space tactic deck", tactics(&decks.tactic_decks[0]), false);
    part("ground tactic deck", tactics(&decks.tactic_decks[1]), false);
    match viewer {
        Side::Empire => part("the Rebel objectives", objectives(state.objectives()), true),
        Side::Rebel => part("the Imperial probe cards", systems(state.probes()), true),
    }
    out
}

/// Counts how many of the hidden parts of `sample` differ from the truth's.
fn tally_hidden(t: &mut Tally, truth: &[(String, Vec<u8>)], sample: &GameState, viewer: Side) {
    let parts = hidden_parts(sample, viewer);
    for (name, v) in truth {
        let e = t.hidden.entry(name.clone()).or_default();
        e.0 += 1;
        if parts.iter().find(|(n, _)| n == name).map(|(_, x)| x) != Some(v) {
            e.1 += 1;
        }
    }
}

/// Checks one position for one viewer.
fn check(
    game: &Game,
    viewer: Side,
    samples: usize,
    playouts: usize,
    rng: &mut Rng,
    what: &str,
    t: &mut Tally,
) {
    let view = game.view(viewer);
    let engine = game.state().engine_view(viewer);
    let sampler = Sampler::new(&view, &engine);
    let tail = || {
        let tail: Vec<String> = view
            .log
            .iter()
            .rev()
            .take(40)
            .rev()
            .map(|e| format!("{e:?}"))
            .collect();
        tail.join("\n")
    };
    if !sampler.trouble().is_empty() {
        panic!(
            "{what}, {viewer:?}: the reading did not add up: {:#?}\nlog tail:\n{}",
            sampler.trouble(),
            tail()
        );
    }
    if let Err(e) = sampler.admits(game.state()) {
        panic!(
            "{what}, {viewer:?}: the true state does not fit the reading: {e}\nlog tail:\n{}",
            tail()
        );
    }
    // The base: hidden from the Empire, drawn among the candidates, never where it cannot be.
    let candidates = sampler.base_candidates();
    let base_hidden = view.base == BaseView::Hidden;
    let excluded = if base_hidden { ruled_out(&view) } else { 0 };
    if base_hidden {
        assert!(candidates != 0, "{what}: no candidate for the hidden base");
        assert!(
            candidates & excluded == 0,
            "{what}: candidates {:?} include systems ruled out {:?}",
            systems_in(candidates).collect::<Vec<_>>(),
            systems_in(candidates & excluded).collect::<Vec<_>>()
        );
    } else {
        assert_eq!(
            candidates, 0,
            "{what}, {viewer:?}: candidates for a base not hidden"
        );
    }
    let check_base = |s: &GameState, i: usize| {
        if base_hidden {
            let b = s.base().expect("a sample with no base");
            assert!(
                candidates & b.bit() != 0 && excluded & b.bit() == 0,
                "{what}, sample {i}: the base drawn in {} was ruled out",
                b.name()
            );
        } else {
            assert_eq!(
                s.base(),
                game.state().base(),
                "{what}, sample {i}: the base moved"
            );
        }
    };
    let truth = without_log(view);
    let true_hidden = hidden_parts(game.state(), viewer);
    let check_view = |s: &GameState, i: usize| {
        let sv = s.view(viewer);
        if sv != truth {
            panic!(
                "{what}, {viewer:?}, sample {i}: views differ\n{}",
                diff(&sv, &truth)
            );
        }
        assert!(
            s.engine_view(viewer) == engine,
            "{what}, {viewer:?}, sample {i}: the engine's bookkeeping as the viewer knows it differs"
        );
        if let Err(e) = invariants::after_action(s) {
            panic!("{what}, {viewer:?}, sample {i}: {e}");
        }
    };
    for i in 0..samples {
        let s = sampler.sample(rng);
        check_view(&s, i);
        check_base(&s, i);
        if i == 0 {
            tally_hidden(t, &true_hidden, &s, viewer);
        }
        if i < playouts {
            play_out(s, rng, &format!("{what}, {viewer:?}, sample {i}"));
            t.playouts += 1;
        }
        t.samples += 1;
    }
    if base_hidden {
        t.base_hidden += 1;
        let all: Vec<SystemId> = systems_in(candidates).collect();
        // Any candidate, given all the weight, is drawn and fits the view.
        let pick = all[rng.below(all.len())];
        let mut weights = [0f32; SYSTEM_COUNT];
        weights[pick.index()] = 1.0;
        let s = sampler.sample_with(rng, &weights);
        assert_eq!(s.base(), Some(pick), "{what}: weighted draw");
        check_view(&s, samples);
        // Several candidates: several values, none ruled out.
        if all.len() > 1 {
            t.base_open += 1;
            let mut drawn = 0u32;
            for i in 0..BASE_DRAWS {
                let s = sampler.sample(rng);
                check_base(&s, samples + 1 + i);
                drawn |= s.base().unwrap().bit();
            }
            assert!(
                drawn.count_ones() >= 2,
                "{what}: {BASE_DRAWS} samples put the base in {:?} only, among {all:?}",
                systems_in(drawn).collect::<Vec<_>>()
            );
        }
    }
    t.positions += 1;
}

/// Samples drawn for the base's spread at a position with several candidates.
const BASE_DRAWS: usize = 32;

/// Plays one seeded random game, checking positions all through it.
fn one_game(seed: u64, every: u64, t: &mut Tally) {
    one_game_with(seed, GameOptions::default(), every, t)
}

fn one_game_with(seed: u64, options: GameOptions, every: u64, t: &mut Tally) {
    let mut game = Game::new(seed, options);
    let mut policy = Rng::new(seed ^ 0x5A3_1E5);
    let mut rng = Rng::new(seed.wrapping_mul(0x9E37_79B9) ^ 77);
    let mut n = 0usize;
    while let Some(p) = game.state().active_player() {
        // Every setup position, then about one in `every`.
        if n < 40 || policy.below(every as usize) == 0 {
            let what = format!("seed {seed}, action {n}");
            let playouts = usize::from(policy.below(8) == 0);
            check(&game, p, 4, playouts, &mut rng, &what, t);
            check(&game, p.other(), 2, 0, &mut rng, &what, t);
        }
        let legal = game.state().legal_actions(p);
        game.apply(p, legal[policy.below(legal.len())]).unwrap();
        n += 1;
    }
}

#[test]
fn samples_show_their_player_exactly_the_true_view_and_play_on_to_the_end() {
    let mut t = Tally::default();
    let from = env_u64("SWR_SEED_FROM", 0);
    let count = env_u64("SWR_SEEDS", 200);
    // SWR_EVERY: about one position in this many is checked after setup.
    let every = env_u64("SWR_EVERY", 12).max(1);
    // SWR_KEEP_GOING: every seed is played, and the failing ones listed at the end.
    let keep_going = std::env::var_os("SWR_KEEP_GOING").is_some();
    let mut failed = Vec::new();
    for seed in from..from + count {
        if keep_going {
            let played = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
                one_game(seed, every, &mut t)
            }));
            if played.is_err() {
                failed.push(seed);
            }
        } else {
            one_game(seed, every, &mut t);
        }
    }
    eprintln!(
        "{} positions, {} samples, {} playouts; the base hidden at {} positions, {} of them \
         with several candidates",
        t.positions, t.samples, t.playouts, t.base_hidden, t.base_open
    );
    for (name, (compared, differed)) in &t.hidden {
        eprintln!("{name}: differs from the truth in {differed} of {compared} samples");
    }
    assert!(failed.is_empty(), "failing seeds: {failed:?}");
    // Enough was seen (a run of a few games, to reproduce one, need not see everything).
    if count >= 20 {
        assert!(t.positions > 100);
        assert!(t.base_open > 10, "too few positions with the base in doubt");
    }
    for viewer in Side::BOTH.into_iter().filter(|_| count >= 20) {
        let own = match viewer {
            Side::Empire => "the Rebel objectives",
            Side::Rebel => "the Imperial probe cards",
        };
        for part in [
            "their missions",
            "their action cards",
            "objective deck",
            "probe deck",
            own,
        ] {
            let name = format!("{viewer:?} sees: {part}");
            assert!(t.hidden.contains_key(&name), "{name}: never hidden");
        }
    }
    // Hidden cards are drawn, not copied: each part seen often enough differs from the truth
    // in a good share of the samples (some positions leave a hand or a deck's order no choice).
    for (name, (compared, differed)) in &t.hidden {
        assert!(
            *compared < 20 || differed * 4 >= *compared,
            "{name}: differs from the truth in only {differed} of {compared} samples"
        );
    }
}

#[test]
fn team_game_samples_show_their_team_exactly_the_true_view_and_play_on_to_the_end() {
    // A team sees what its side sees, with the seat deciding and the holders of its own
    // two-leader cards; the other team's holders are inferred. Fewer games than for two.
    let mut t = Tally::default();
    let count = env_u64("SWR_TEAM_SEEDS", 24);
    for seed in 0..count {
        let players = 3 + (seed % 2) as u8;
        one_game_with(seed, GameOptions::team(players), 16, &mut t);
    }
    eprintln!(
        "team games: {} positions, {} samples, {} playouts",
        t.positions, t.samples, t.playouts
    );
    assert!(t.positions > 100);
}
