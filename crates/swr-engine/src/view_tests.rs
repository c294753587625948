//! A view holds exactly what its player may know: changing any part of the state hidden from
//! that player (the opponent's hands, every deck order, the random generator, the hidden
//! base for the Empire, the probe cards for the Rebel) leaves the view, legal actions
//! included, exactly as it was.

use crate::data::Side;
use crate::log::NoLog;
use crate::state::{GameOptions, GameState, Phase};
use game_kit::Rng;

/// Games per test: `SWR_SEEDS` (the soak command) or the default.
fn games(default: u64) -> u64 {
    std::env::var("SWR_SEEDS")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(default)
}

use crate::invariants::{resample_hidden, swap_some};

#[test]
fn changing_what_a_player_cannot_see_leaves_their_view_unchanged() {
    let (mut checked, mut noticed) = (0, 0);
    for seed in 0..games(48) {
        let mut state = GameState::new(seed, GameOptions::default(), &mut NoLog);
        let mut policy = Rng::new(seed ^ 0xC0FFEE);
        let mut resample = Rng::new(seed ^ 0xBEEF);
        while let Some(p) = state.active_player() {
            if policy.below(6) == 0 && !matches!(state.phase, Phase::Setup) {
                for viewer in Side::BOTH {
                    let before = state.view(viewer);
                    for _ in 0..3 {
                        let mut other = state.clone();
                        resample_hidden(&mut other, viewer, &mut resample);
                        assert_eq!(
                            other.view(viewer),
                            before,
                            "seed {seed}: {viewer:?}'s view changed"
                        );
                        checked += 1;
                    }
                    // The check has teeth: changing what the *other* player cannot see
                    // (this viewer's own secrets among it) does show in this view.
                    let mut other = state.clone();
                    resample_hidden(&mut other, viewer.other(), &mut resample);
                    noticed += (other.view(viewer) != before) as u32;
                }
            }
            let legal = state.legal_actions(p);
            state.apply_legal(p, legal[policy.below(legal.len())], &mut NoLog);
        }
    }
    assert!(checked > 1000, "{checked}");
    assert!(noticed > checked / 10, "{noticed} of {checked}");
}

/// The objective windows are asked whether or not an objective is playable: a window asked
/// only when one is would tell the Empire what the Rebel holds.
#[test]
fn objective_windows_do_not_tell_the_empire_whether_an_objective_is_playable() {
    use crate::action::Action;
    use crate::data::cards::Objective;
    let mut playable = crate::rules::testkit::empty_board(3);
    playable.objectives = vec![Objective::LeaveNoOneBehind];
    let mut not_playable = playable.clone();
    not_playable.objectives = vec![Objective::InspireSympathy];
    for s in [&mut playable, &mut not_playable] {
        s.play(Action::Pass);
        s.play(Action::Pass);
    }
    assert_eq!(
        playable.legal_now(),
        vec![Action::Objective(Objective::LeaveNoOneBehind), Action::Done]
    );
    assert_eq!(not_playable.legal_now(), vec![Action::Done]);
    assert_eq!(playable.view(Side::Empire), not_playable.view(Side::Empire));
}

/// Changes the cards the opponent of `viewer` holds (swapped with that opponent's own decks,
/// and the Rebel's objectives with theirs), leaving the random generator alone.
fn resample_opponent_hands(state: &mut GameState, viewer: Side, rng: &mut Rng) {
    let other = viewer.other();
    let c = &mut state.cards[other.index()];
    swap_some(&mut c.missions, &mut c.mission_deck, rng);
    swap_some(&mut c.actions, &mut c.action_deck, rng);
    for t in 0..2 {
        let (hand, deck) = (
            &mut state.cards[other.index()].tactics[t],
            &mut state.tactic_decks[t],
        );
        swap_some(hand, deck, rng);
    }
    // Unless Retrieve the Plans has just shown the Empire the objectives.
    let shown = state.stack.iter().any(|f| {
        matches!(f, crate::rules::frames::Frame::Effect(e)
            if e.source == crate::rules::effects::Source::Mission(crate::data::cards::Mission::RetrieveThePlans))
    });
    if viewer == Side::Empire && !shown {
        swap_some(&mut state.objectives, &mut state.objective_deck, rng);
    }
}

/// What a player sees *next* does not depend on the opponent's hidden cards either: a
/// window opened only when the opponent holds a playable card would show in the next view
/// (who is asked, and what), although the view before it is the same.
#[test]
fn what_a_player_sees_next_does_not_depend_on_the_opponents_hidden_cards() {
    use crate::log::{LogEntry, LogEvent};
    let (mut compared, mut differed_by_design) = (0, 0);
    for seed in 0..games(64) {
        let mut state = GameState::new(seed, GameOptions::default(), &mut NoLog);
        let mut policy = Rng::new(seed ^ 0xFEED);
        let mut resample = Rng::new(seed ^ 0xD00D);
        while let Some(p) = state.active_player() {
            if policy.below(3) == 0 && !matches!(state.phase, Phase::Setup) {
                for viewer in Side::BOTH {
                    // The Good Intel combat shows the Rebel's tactic cards on purpose.
                    if viewer == Side::Empire
                        && state
                            .view(Side::Empire)
                            .combat
                            .is_some_and(|c| c.open_rebel_tactics.is_some())
                    {
                        continue;
                    }
                    let mut other = state.clone();
                    resample_opponent_hands(&mut other, viewer, &mut resample);
                    let (la, lb) = (state.legal_actions(p), other.legal_actions(p));
                    // The viewer's own actions, or the opponent declining: the opponent
                    // playing a card shows that card, which is no leak.
                    let common: Vec<_> = la
                        .iter()
                        .filter(|a| lb.contains(a))
                        .filter(|a| {
                            p == viewer
                                || matches!(
                                    a,
                                    crate::action::Action::Done | crate::action::Action::Pass
                                )
                        })
                        .copied()
                        .collect();
                    if common.is_empty() {
                        continue;
                    }
                    let a = common[resample.below(common.len())];
                    let (mut s1, mut s2) = (state.clone(), other);
                    let (mut log1, mut log2): (Vec<LogEntry>, Vec<LogEntry>) =
                        (Vec::new(), Vec::new());
                    s1.apply_legal(p, a, &mut log1);
                    s2.apply_legal(p, a, &mut log2);
                    let seen = |log: &[LogEntry]| -> Vec<LogEvent> {
                        log.iter()
                            .filter(|e| e.audience.includes(viewer))
                            .map(|e| e.event.clone())
                            .collect()
                    };
                    // The viewer drawing from a shared tactic deck may draw a swapped card.
                    // The viewer drawing from a shared tactic deck may draw a swapped card, and
                    // a card that shows the objectives shows the swapped ones.
                    let drew = seen(&log1).iter().chain(seen(&log2).iter()).any(|e| {
                        matches!(e, LogEvent::TacticsDrawn { side, cards: Some(_), .. } if *side == viewer)
                            || matches!(e, LogEvent::ObjectivesShown { .. })
                    });
                    // Recruiting draws until a card shows a leader to recruit: how many depends
                    // on the deck, which the swap changed (chance, not the hand).
                    let other_side = viewer.other().index();
                    let recruited = s1.cards[other_side].action_deck.len()
                        != state.cards[other_side].action_deck.len();
                    if drew || recruited {
                        differed_by_design += 1;
                        continue;
                    }
                    assert_eq!(
                        seen(&log2),
                        seen(&log1),
                        "seed {seed}: {viewer:?} read a different log after {a:?}"
                    );
                    let (v1, v2) = (s1.view(viewer), s2.view(viewer));
                    if v1 != v2 {
                        let (j1, j2) = (
                            serde_json::to_value(&v1).unwrap(),
                            serde_json::to_value(&v2).unwrap(),
                        );
                        let diff: Vec<String> = j1
                            .as_object()
                            .unwrap()
                            .iter()
                            .filter(|(k, v)| j2.get(k.as_str()) != Some(v))
                            .map(|(k, v)| format!("{k}: {v} vs {}", j2[k.as_str()]))
                            .collect();
                        panic!("seed {seed}: {viewer:?} saw a difference after {a:?}: {diff:?}");
                    }
                    compared += 1;
                }
            }
            let legal = state.legal_actions(p);
            state.apply_legal(p, legal[policy.below(legal.len())], &mut NoLog);
        }
    }
    assert!(
        compared > 2000,
        "{compared} compared, {differed_by_design} skipped"
    );
}

/// The table's view, for a screen both players may be looking at, holds only what both know:
/// everything either of them cannot see changed, it is the same, legal actions included
/// (`invariants::table_view_holds_only_what_both_players_know`). Checked from the first
/// decision on, setup included, and on many face-up decisions.
#[test]
fn the_tables_view_holds_only_what_both_players_know() {
    use crate::invariants::table_view_holds_only_what_both_players_know as holds;
    let (mut checked, mut face_up) = (0, 0);
    for seed in 0..games(48) {
        let mut state = GameState::new(seed, GameOptions::default(), &mut NoLog);
        let mut policy = Rng::new(seed ^ 0x7AB1E);
        let mut resample = Rng::new(seed ^ 0x5EC);
        while let Some(p) = state.active_player() {
            if policy.below(4) == 0 {
                for _ in 0..2 {
                    if let Err(e) = holds(&state, &mut resample) {
                        panic!("seed {seed}, {:?}: {e}", state.view(p).prompt);
                    }
                }
                checked += 1;
                face_up += state.face_up() as u32;
            }
            let legal = state.legal_actions(p);
            state.apply_legal(p, legal[policy.below(legal.len())], &mut NoLog);
        }
    }
    assert!(
        checked > 2000 && face_up > 500,
        "{checked} checked, {face_up} face up"
    );
}

/// An answer given face up shows the other player nothing they would not see anyway: after
/// any two answers to a face-up question that lead to different games, what the other player
/// sees (their view, what they know of the decisions in progress, and the log they read)
/// differs, so they would have told them apart without the screen.
#[test]
fn a_face_up_answer_is_one_the_other_player_sees_anyway() {
    use crate::log::LogEntry;
    let mut compared = 0;
    for seed in 0..games(32) {
        let mut state = GameState::new(seed, GameOptions::default(), &mut NoLog);
        let mut policy = Rng::new(seed ^ 0xFACE);
        while let Some(p) = state.active_player() {
            let legal = state.legal_actions(p);
            if state.face_up() && legal.len() > 1 {
                let seen: Vec<_> = legal
                    .iter()
                    .map(|&a| {
                        let mut s = state.clone();
                        let mut log: Vec<LogEntry> = Vec::new();
                        s.apply_legal(p, a, &mut log);
                        let read: Vec<_> = log
                            .into_iter()
                            .filter(|e| e.audience.includes(p.other()))
                            .map(|e| e.event)
                            .collect();
                        ((s.view(p.other()), s.engine_view(p.other()), read), s)
                    })
                    .collect();
                for (i, (a, sa)) in seen.iter().enumerate() {
                    for (j, (b, sb)) in seen.iter().enumerate().skip(i + 1) {
                        assert!(
                            a != b || sa == sb,
                            "seed {seed}, {:?}: {:?} and {:?} look the same to the {:?}",
                            state.view(p).prompt,
                            legal[i],
                            legal[j],
                            p.other()
                        );
                        compared += 1;
                    }
                }
            }
            state.apply_legal(p, legal[policy.below(legal.len())], &mut NoLog);
        }
    }
    assert!(compared > 1000, "{compared}");
}

/// Whether `half` says less than `full`: the same event with some of its parts blanked.
fn redaction_of(half: &serde_json::Value, full: &serde_json::Value) -> bool {
    use serde_json::Value;
    match (half, full) {
        (Value::Null, _) => true,
        (Value::Object(h), Value::Object(f)) => {
            h.len() == f.len()
                && h.iter()
                    .all(|(k, v)| f.get(k).is_some_and(|w| redaction_of(v, w)))
        }
        _ => half == full,
    }
}

/// The table's log holds what both players read: what is written for everyone, and of each
/// secret the half written for the player it is kept from, which says less than the owner's
/// half. In random games: every secret is written as the table's log reads it (the owner's
/// half, then a blanked copy for the other), and the table's log holds every entry written
/// for everyone and those halves, in order, and nothing else.
#[test]
fn the_tables_log_is_what_both_players_read() {
    use crate::game::{table_log, Game};
    use crate::log::Audience;
    let mut halves = 0;
    for seed in 0..games(16) {
        let mut game = Game::new(seed, GameOptions::default());
        let mut policy = Rng::new(seed ^ 0x106);
        while let Some(p) = game.state().active_player() {
            let legal = game.state().legal_actions(p);
            game.apply(p, legal[policy.below(legal.len())]).unwrap();
        }
        let entries = game.entries();
        let mut both = Vec::new();
        let mut i = 0;
        while let Some(e) = entries.get(i) {
            i += 1;
            let Audience::Only(owner) = e.audience else {
                both.push(e.event.clone());
                continue;
            };
            let Some(half) = entries.get(i).filter(|h| {
                h.audience == Audience::Only(owner.other())
                    && std::mem::discriminant(&h.event) == std::mem::discriminant(&e.event)
            }) else {
                continue;
            };
            let (h, f) = (
                serde_json::to_value(&half.event).unwrap(),
                serde_json::to_value(&e.event).unwrap(),
            );
            assert!(redaction_of(&h, &f), "seed {seed}: {h} tells more than {f}");
            both.push(half.event.clone());
            halves += 1;
            i += 1;
        }
        assert_eq!(table_log(entries), both, "seed {seed}");
    }
    assert!(
        halves > 1000,
        "{halves} halves of secrets read at the table"
    );
}
