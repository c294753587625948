//! The properties every reachable game keeps, written once for the property tests
//! (`tests/properties.rs`) and the soak (`swr-soak`), which check them after every action of
//! random games. Each check returns what broke, in words, or `Ok`.
//!
//! They are judged from the board, independently of how the rules loop reaches them: a win
//! condition that holds while the game goes on, a remote system with a marker or a Death Star
//! that cannot be deployed where its construction stands is a defect wherever it came from.

use crate::action::Action;
use crate::data::cards::{ActionCard, Mission, Objective, Tactic, TIME_TRACK_LENGTH};
use crate::data::leaders::LeaderId;
use crate::data::systems::{named::CORUSCANT, SystemId};
use crate::data::units::{UnitKind, UNIT_KINDS};
use crate::data::Side;
use crate::log::NoLog;
use crate::rules::frames::Frame;
use crate::state::{GameOptions, GameState, LeaderPlace, Loyalty, Phase, Place, PLACE_COUNT};
use crate::view::{redact, BaseView};
use game_kit::Rng;

type Check = Result<(), String>;

fn fail(what: String) -> Check {
    Err(what)
}

/// Everything that must hold after any action.
pub fn after_action(state: &GameState) -> Check {
    units_are_conserved(state)?;
    markers_fit_the_systems(state)?;
    wins_end_the_game_at_once(state)?;
    death_star_goes_where_it_is_built(state)?;
    one_player_decides(state)?;
    one_seat_decides(state)?;
    if quiet(state) {
        board_agrees_with_its_markers(state)?;
    }
    Ok(())
}

/// No question half answered: a turn, an assignment or the end of the game.
fn quiet(state: &GameState) -> bool {
    state.stack.is_empty()
        && matches!(
            state.phase,
            Phase::Assignment { .. } | Phase::Command { .. } | Phase::Over { .. }
        )
}

/// Units of every kind add up to the box: the board, both build queues, the supply and the
/// units in hand (being placed at setup or deployed).
pub fn units_are_conserved(state: &GameState) -> Check {
    let mut in_hand = [0u32; UNIT_KINDS];
    for frame in &state.stack {
        let held = match frame {
            Frame::PlaceImperialStart { left } | Frame::PlaceRebelStart { left, .. } => left,
            Frame::Deploy { units, .. } => units,
            _ => continue,
        };
        for (n, h) in in_hand.iter_mut().zip(held) {
            *n += *h as u32;
        }
    }
    for kind in UnitKind::ALL {
        let k = kind.index();
        let board: u32 = (0..PLACE_COUNT).map(|p| state.units[p][k] as u32).sum();
        let queued: u32 = state
            .cards
            .iter()
            .flat_map(|c| c.queue.iter())
            .map(|row| row[k] as u32)
            .sum();
        let total = board + queued + state.supply[k] as u32 + in_hand[k];
        if total != kind.info().supply as u32 {
            return fail(format!(
                "{kind:?}: board {board} + queues {queued} + supply {} + in hand {} != {}",
                state.supply[k],
                in_hand[k],
                kind.info().supply
            ));
        }
    }
    Ok(())
}

/// Remote and destroyed systems carry no loyalty and are never subjugated; Coruscant is
/// Imperial unless destroyed (rules §25.23); a subjugated system has no Imperial loyalty.
pub fn markers_fit_the_systems(state: &GameState) -> Check {
    for s in SystemId::ALL {
        let st = state.system(s);
        if (s.is_remote() || st.destroyed) && (st.loyalty.is_some() || st.subjugated) {
            return fail(format!("{} has a loyalty or subjugation marker", s.name()));
        }
        if st.subjugated && st.loyalty == Some(Loyalty::Empire) {
            return fail(format!("{} is subjugated and Imperial-loyal", s.name()));
        }
    }
    let coruscant = state.system(CORUSCANT);
    if !coruscant.destroyed && coruscant.loyalty != Some(Loyalty::Empire) {
        return fail("Coruscant lost its Imperial loyalty".into());
    }
    Ok(())
}

/// The win conditions, read off the board (rules §1).
fn win_holding(state: &GameState) -> Option<Side> {
    let has = |place: Place, side: Side| {
        UnitKind::of(side)
            .iter()
            .any(|k| state.count(place, *k) > 0)
    };
    if let Some(base) = state.base {
        let here = Place::System(base);
        if state.system(base).destroyed
            || (state.base_revealed && has(here, Side::Empire) && !has(here, Side::Rebel))
        {
            return Some(Side::Empire);
        }
    }
    (state.time >= state.reputation).then_some(Side::Rebel)
}

/// A game whose win condition holds is over, in the same action that met it; a game over
/// was won by a condition that holds, within the time track, with no question pending.
pub fn wins_end_the_game_at_once(state: &GameState) -> Check {
    match (state.winner(), win_holding(state)) {
        (None, Some(side)) => fail(format!("{side:?} has won but the game goes on")),
        (Some(winner), held) => {
            if held != Some(winner) && !(winner == Side::Rebel && state.time >= state.reputation) {
                return fail(format!("{winner:?} won but the board shows {held:?}"));
            }
            if !state.stack.is_empty() {
                return fail("a finished game still asks a question".into());
            }
            if state.time > TIME_TRACK_LENGTH {
                return fail(format!("time {} beyond the track", state.time));
            }
            Ok(())
        }
        (None, None) => Ok(()),
    }
}

/// A Death Star on the build queue always has its construction on the board, and one sliding
/// off the queue may always be deployed in the construction's system (unless two units were
/// already deployed there this Refresh phase).
pub fn death_star_goes_where_it_is_built(state: &GameState) -> Check {
    let ds = UnitKind::DeathStar.index();
    let queued = state.cards[Side::Empire.index()]
        .queue
        .iter()
        .any(|row| row[ds] > 0);
    let site = state.death_star_site();
    if queued && site.is_none() {
        return fail("a Death Star on the queue with no construction on the board".into());
    }
    if let (
        Some(Frame::Deploy {
            side,
            units,
            placed,
        }),
        Some(site),
    ) = (state.stack.last(), site)
    {
        let deploy = Action::Deploy {
            kind: UnitKind::DeathStar,
            to: site,
        };
        if *side == Side::Empire
            && units[ds] > 0
            && placed[site.index()] < 2
            && !state.legal_actions(Side::Empire).contains(&deploy)
        {
            return fail(format!("the Death Star cannot be deployed at {site:?}"));
        }
    }
    Ok(())
}

/// Exactly one player decides, and has something to decide, until the game is over.
pub fn one_player_decides(state: &GameState) -> Check {
    match state.active_player() {
        None if !state.is_over() => fail("nobody decides in a game not over".into()),
        None => Ok(()),
        Some(p) => {
            if state.legal_actions(p).is_empty() {
                return fail(format!("{p:?} must decide but has no legal action"));
            }
            if !state.legal_actions(p.other()).is_empty() {
                return fail("both players have choices".into());
            }
            Ok(())
        }
    }
}

/// The team game: a seat of the deciding side decides whenever a side does, and nothing it is
/// offered activates, reveals the base with, or retreats with a leader of the other role
/// (a check written apart from `rules/team.rs`, from the printed roles alone). Two-player
/// games have no seat.
pub fn one_seat_decides(state: &GameState) -> Check {
    let (Some(_), Some(side)) = (state.team(), state.active_player()) else {
        return match (state.team(), state.decider()) {
            (None, Some(_)) => fail("a seat decides in a two-player game".into()),
            _ => Ok(()),
        };
    };
    let Some(seat) = state.decider() else {
        return fail(format!("{side:?} decides but no seat of it does"));
    };
    if seat.side != side {
        return fail(format!("{seat:?} is asked while {side:?} decides"));
    }
    for action in state.legal_actions(side) {
        if let Action::Activate { leader, .. }
        | Action::ActivateBase { leader }
        | Action::Retreat { leader, .. } = action
        {
            if leader.role() != seat.role {
                return fail(format!(
                    "{seat:?} is offered {action:?}, a teammate's leader"
                ));
            }
        }
    }
    Ok(())
}

/// At quiet moments: subjugation agrees with the Imperial ground units in populous systems,
/// and every captive is guarded by an Imperial unit.
pub fn board_agrees_with_its_markers(state: &GameState) -> Check {
    for s in SystemId::ALL {
        let st = state.system(s);
        let imperial_ground = UnitKind::of(Side::Empire)
            .iter()
            .any(|k| k.is_ground() && state.count(Place::System(s), *k) > 0);
        let populous = !s.is_remote() && !st.destroyed;
        if st.subjugated && !imperial_ground {
            return fail(format!(
                "{} subjugated with no Imperial ground unit",
                s.name()
            ));
        }
        if populous
            && imperial_ground
            && !state.is_over()
            && !st.subjugated
            && st.loyalty != Some(Loyalty::Empire)
        {
            return fail(format!(
                "{} holds Imperial ground units, not subjugated",
                s.name()
            ));
        }
    }
    for l in LeaderId::ALL {
        let st = state.leader(l);
        if let (true, LeaderPlace::Board(p)) = (st.is_captive(), st.place) {
            let guarded = UnitKind::of(Side::Empire)
                .iter()
                .any(|k| state.count(p, *k) > 0);
            if !guarded && !state.is_over() {
                return fail(format!("{} captive with no guard", l.name()));
            }
        }
    }
    Ok(())
}

// ---------------------------------------------------------------------------------------
// Checks that cost more: the soak runs them on a sample of positions.

/// Actions that are probably illegal now: the other player's choices and a spread of
/// well-formed actions of every kind.
pub fn candidate_actions(state: &GameState, rng: &mut Rng) -> Vec<Action> {
    let mut out = Vec::new();
    for side in Side::BOTH {
        out.extend(state.legal_actions(side));
    }
    let s = SystemId(rng.below(32) as u8);
    let l = LeaderId::ALL[rng.below(LeaderId::ALL.len())];
    let k = UnitKind::ALL[rng.below(UnitKind::ALL.len())];
    out.extend([
        Action::Done,
        Action::Pass,
        Action::RevealBase,
        Action::Leader(l),
        Action::System(s),
        Action::Place(Place::System(s)),
        Action::Move {
            kind: k,
            from: Place::System(s),
        },
        Action::Deploy {
            kind: k,
            to: Place::RebelBase,
        },
        Action::Build(k),
        Action::Activate {
            leader: l,
            system: s,
        },
        Action::ActivateBase { leader: l },
        Action::Reveal(rng.below(4) as u8),
        Action::Probe(s),
        Action::Die(0),
        Action::Damage { die: 0, target: 0 },
        Action::Retreat { leader: l, to: s },
        Action::Mission(Mission::ALL[rng.below(Mission::ALL.len())]),
        Action::Card(ActionCard::ALL[rng.below(ActionCard::ALL.len())]),
        Action::Objective(Objective::ALL[rng.below(Objective::ALL.len())]),
        Action::Tactic(Tactic::ALL[rng.below(Tactic::ALL.len())]),
    ]);
    out
}

/// Every action that is not legal for its player is refused, logging and changing nothing.
pub fn illegal_actions_are_refused(state: &GameState, rng: &mut Rng) -> Check {
    let active = state.active_player();
    for side in Side::BOTH {
        let legal = state.legal_actions(side);
        for a in candidate_actions(state, rng) {
            if Some(side) == active && legal.contains(&a) {
                continue;
            }
            let mut probe = state.clone();
            let mut log = Vec::new();
            if probe.apply(side, a, &mut log).is_ok() {
                return fail(format!("{side:?} {a:?} accepted"));
            }
            if !log.is_empty() || probe != *state {
                return fail(format!("refused {a:?} changed the game"));
            }
        }
    }
    Ok(())
}

/// Swaps cards between a hidden hand and a hidden deck, keeping both sizes.
pub(crate) fn swap_some<T: Copy>(hand: &mut [T], deck: &mut [T], rng: &mut Rng) {
    for h in hand.iter_mut() {
        if !deck.is_empty() && rng.coin() {
            let i = rng.below(deck.len());
            std::mem::swap(h, &mut deck[i]);
        }
    }
}

/// Changes everything `viewer` cannot see: the random generator, every deck order, the
/// opponent's hands, face-down missions and face-down discards, the Rebel's objectives and
/// hidden base (for the Empire), the probe cards (for the Rebel).
pub fn resample_hidden(state: &mut GameState, viewer: Side, rng: &mut Rng) {
    let other = viewer.other();
    state.rng = Rng::new(rng.next_u64());
    for side in Side::BOTH {
        rng.shuffle(&mut state.cards[side.index()].mission_deck);
        rng.shuffle(&mut state.cards[side.index()].action_deck);
    }
    rng.shuffle(&mut state.objective_deck);
    rng.shuffle(&mut state.probe_deck);
    rng.shuffle(&mut state.project_deck);
    for deck in &mut state.tactic_decks {
        rng.shuffle(deck);
    }
    let c = &mut state.cards[other.index()];
    swap_some(&mut c.missions, &mut c.mission_deck, rng);
    for a in c.assigned.iter_mut() {
        if !c.missions.is_empty() && rng.coin() {
            let i = rng.below(c.missions.len());
            std::mem::swap(&mut a.mission, &mut c.missions[i]);
        }
    }
    swap_some(&mut c.actions, &mut c.action_deck, rng);
    // Cards discarded face down for the hand limit are as hidden as the deck.
    for m in c.discarded_unseen.iter_mut() {
        if !m.is_project() && !c.mission_deck.is_empty() && rng.coin() {
            let i = rng.below(c.mission_deck.len());
            std::mem::swap(m, &mut c.mission_deck[i]);
        }
    }
    // Good Intel opens the Rebel's tactic hand to the Empire for the combat.
    let open = viewer == Side::Empire
        && state
            .stack
            .iter()
            .any(|f| matches!(f, Frame::Combat(c) if c.mods.rebel_tactics_open));
    for t in 0..2 {
        let (hand, deck) = (
            &mut state.cards[other.index()].tactics[t],
            &mut state.tactic_decks[t],
        );
        if !open {
            swap_some(hand, deck, rng);
        }
    }
    match viewer {
        Side::Empire => {
            swap_some(&mut state.objectives, &mut state.objective_deck, rng);
            if let (Some(base), false) = (state.base, state.base_revealed) {
                if !state.probe_deck.is_empty() {
                    let i = rng.below(state.probe_deck.len());
                    state.base = Some(std::mem::replace(&mut state.probe_deck[i], base));
                }
            }
        }
        Side::Rebel => swap_some(&mut state.probes, &mut state.probe_deck, rng),
    }
}

/// Each player's view, legal actions included, is the same whatever they cannot see; the
/// Empire's view never names the hidden base.
pub fn views_hold_only_what_their_player_may_know(state: &GameState, rng: &mut Rng) -> Check {
    if matches!(state.phase, Phase::Setup) {
        return Ok(());
    }
    for viewer in Side::BOTH {
        let before = state.view(viewer);
        let mut other = state.clone();
        resample_hidden(&mut other, viewer, rng);
        if other.view(viewer) != before {
            return fail(format!("{viewer:?}'s view changed with what it cannot see"));
        }
        if viewer == Side::Empire
            && !state.base_revealed
            && before.base != BaseView::Hidden
            && state.base.is_some()
        {
            return fail("the Empire's view shows the hidden base".into());
        }
    }
    Ok(())
}

/// Changes everything either player cannot see: what [`resample_hidden`] changes for each
/// of them, the Rebel's tactic cards even while Good Intel opens them to the Empire, and
/// every decision in progress reduced to what both players know of it.
pub fn resample_secrets(state: &mut GameState, rng: &mut Rng) {
    resample_hidden(state, Side::Empire, rng);
    resample_hidden(state, Side::Rebel, rng);
    for t in 0..2 {
        let (hand, deck) = (
            &mut state.cards[Side::Rebel.index()].tactics[t],
            &mut state.tactic_decks[t],
        );
        swap_some(hand, deck, rng);
    }
    let top = state.stack.len().saturating_sub(1);
    state.stack = (state.stack.iter().enumerate())
        .filter_map(|(i, f)| {
            redact(f, Side::Empire, i == top).and_then(|f| redact(&f, Side::Rebel, i == top))
        })
        .collect();
}

/// The table's view (a screen both players may be looking at) is the same whatever either
/// player cannot see, legal actions included; it holds no card of either side, names no
/// hidden base and offers the decider's legal actions exactly when the decision is face up.
pub fn table_view_holds_only_what_both_players_know(state: &GameState, rng: &mut Rng) -> Check {
    let before = state.table_view();
    let mut other = state.clone();
    resample_secrets(&mut other, rng);
    if other.table_view() != before {
        return fail("the table's view changed with what a player cannot see".into());
    }
    let own = &before.own;
    let holds_cards = !own.missions.is_empty()
        || !own.assigned.is_empty()
        || !own.actions.is_empty()
        || own.tactics.iter().any(|t| !t.is_empty())
        || !own.objectives.is_empty()
        || !own.probes.is_empty()
        || !own.discarded.is_empty()
        || before
            .combat
            .as_ref()
            .is_some_and(|c| c.open_rebel_tactics.is_some());
    if holds_cards {
        return fail("the table's view holds a player's cards".into());
    }
    if matches!(before.base, BaseView::Secret(_)) {
        return fail("the table's view names the hidden base".into());
    }
    let offered = match state.active_player() {
        Some(p) if state.face_up() => state.legal_actions(p),
        _ => Vec::new(),
    };
    if before.legal != offered {
        return fail("the table's view offers other actions than the face-up decision's".into());
    }
    Ok(())
}

/// A save made now loads as the same game.
pub fn saves_resume_identically(game: &crate::Game) -> Check {
    let text = game.save();
    match crate::Game::load(&text) {
        Ok(loaded) if loaded == *game => {}
        Ok(_) => return fail("a save loaded as another game".into()),
        Err(e) => return fail(format!("a save did not load: {e}")),
    }
    // The compact save (the app's) too.
    let text = game_kit::save_compact(game);
    match game_kit::load_compact::<GameState>(&text) {
        Ok(loaded) if loaded == *game => Ok(()),
        Ok(_) => fail("a compact save loaded as another game".into()),
        Err(e) => fail(format!("a compact save did not load: {e}")),
    }
}

/// A whole seeded random two-player game: [`play_checked_with`] the default options.
pub fn play_checked(
    seed: u64,
    sample: impl FnMut(u64) -> bool,
) -> Result<(GameState, usize), String> {
    play_checked_with(seed, GameOptions::default(), sample)
}

/// A whole seeded random game (uniform over the legal actions, a team game's of the deciding
/// seat), checking `after_action` after every action and, on the positions `sample` picks,
/// the costlier checks too. Returns the final state and the number of actions.
pub fn play_checked_with(
    seed: u64,
    options: GameOptions,
    mut sample: impl FnMut(u64) -> bool,
) -> Result<(GameState, usize), String> {
    const MAX_ACTIONS: usize = 50_000;
    let mut state = GameState::new(seed, options, &mut NoLog);
    let mut policy = Rng::new(seed ^ 0x005E_ED0F_5A11);
    let mut probe = Rng::new(seed ^ 0x0BAD_5EED);
    let mut buf = Vec::new();
    let mut steps = 0usize;
    let at = |steps: usize, e: String| format!("seed {seed}, action {steps}: {e}");
    after_action(&state).map_err(|e| at(0, e))?;
    while let Some(player) = state.active_player() {
        if sample(steps as u64) {
            illegal_actions_are_refused(&state, &mut probe).map_err(|e| at(steps, e))?;
            views_hold_only_what_their_player_may_know(&state, &mut probe)
                .map_err(|e| at(steps, e))?;
            table_view_holds_only_what_both_players_know(&state, &mut probe)
                .map_err(|e| at(steps, e))?;
        }
        state.legal_actions_into(player, &mut buf);
        let action = buf[policy.below(buf.len())];
        state.apply_legal(player, action, &mut NoLog);
        steps += 1;
        after_action(&state).map_err(|e| at(steps, format!("after {action:?}: {e}")))?;
        if steps >= MAX_ACTIONS {
            return Err(at(steps, "no end".into()));
        }
    }
    if state.winner().is_none() {
        return Err(at(steps, "over without a winner".into()));
    }
    Ok((state, steps))
}
