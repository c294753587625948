//! Setup: the event deck, the secret choice of characters, resource decks, influence and the
//! balance token; and the start of each round.

use super::planning;
use crate::action::Action;
use crate::cards::{CardId, Character, EventId, Side, ESCAPE_FROM_TATOOINE, REGULAR_PER_SIDE};
use crate::log::{EventSink, LogEvent};
use crate::rng::Rng;
use crate::state::{GameOptions, GameState, NextRoundModifiers, Phase, SideState, Variant};
use crate::zones::{CardList, EventList};

pub const STARTING_INFLUENCE: u32 = 2;

pub(super) fn new_game(seed: u64, options: GameOptions, log: &mut impl EventSink) -> GameState {
    let mut state = GameState {
        options,
        rng: Rng::new(seed),
        round: 0,
        phase: Phase::ChooseCharacters {
            chosen: [None, None],
        },
        sides: [SideState::default(); 2],
        event_deck: EventList::default(),
        event: None,
        balance: Side::Rebel,
        modifiers: NextRoundModifiers::default(),
    };
    match options.variant {
        Variant::Full => {
            for event in EventId::all() {
                state.event_deck.push(event);
            }
            state.rng.shuffle(state.event_deck.as_mut_slice());
        }
        Variant::Tutorial => {
            for side in Side::BOTH {
                build_deck(&mut state, side, &[]);
            }
            state.balance = Side::Rebel;
            log.public(LogEvent::BalanceToken { side: Side::Rebel });
            state.round = 1;
            state.event = Some(ESCAPE_FROM_TATOOINE);
            log.public(LogEvent::RoundStarted {
                round: 1,
                event: ESCAPE_FROM_TATOOINE,
            });
            state.phase = Phase::Struggle {
                turn: Side::Rebel,
                opponent_passed: false,
                power: None,
            };
        }
    }
    state
}

/// The 16 regular cards plus the chosen characters, shuffled; the other characters go to
/// the reserve (none in the tutorial, where characters stay in the box).
fn build_deck(state: &mut GameState, side: Side, characters: &[Character]) {
    let s = &mut state.sides[side.index()];
    s.deck = CardList::default();
    for card in CardId::of_side(side).take(REGULAR_PER_SIDE) {
        s.deck.push(card);
    }
    for &c in characters {
        s.deck.push(c.card());
    }
    if state.options.variant == Variant::Full {
        for &c in Character::of_side(side) {
            if !characters.contains(&c) {
                s.reserve.push(c.card());
            }
        }
    }
    state.rng.shuffle(s.deck.as_mut_slice());
}

pub(super) fn choose_characters(
    state: &mut GameState,
    player: Side,
    action: Action,
    log: &mut impl EventSink,
) {
    let (Phase::ChooseCharacters { mut chosen }, Action::ChooseCharacters(set)) =
        (state.phase, action)
    else {
        return;
    };
    chosen[player.index()] = Some(set);
    log.secret(
        player,
        LogEvent::CharactersChosen {
            side: player,
            chosen: Some(set),
        },
        LogEvent::CharactersChosen {
            side: player,
            chosen: None,
        },
    );
    state.phase = Phase::ChooseCharacters { chosen };
    if let [Some(rebel), Some(imperial)] = chosen {
        for (side, set) in [(Side::Rebel, rebel), (Side::Imperial, imperial)] {
            let characters: Vec<Character> = set.characters(side).collect();
            build_deck(state, side, &characters);
            state.side_mut(side).influence = STARTING_INFLUENCE;
        }
        state.balance = if state.rng.coin() {
            Side::Rebel
        } else {
            Side::Imperial
        };
        log.public(LogEvent::BalanceToken {
            side: state.balance,
        });
        start_round(state, log);
    }
}

/// Reveals the next event and opens the choice of strategies.
pub(super) fn start_round(state: &mut GameState, log: &mut impl EventSink) {
    let Some(event) = state.event_deck.pop() else {
        // Cannot happen (the deck always keeps events worth more than the points still
        // needed), but a game must end rather than stall: the leader wins.
        let [r, i] = [state.sides[0].victory_points, state.sides[1].victory_points];
        let winner = match r.cmp(&i) {
            std::cmp::Ordering::Greater => Some(Side::Rebel),
            std::cmp::Ordering::Less => Some(Side::Imperial),
            std::cmp::Ordering::Equal => None,
        };
        state.event = None;
        state.phase = Phase::GameOver { winner };
        log.public(LogEvent::GameOver { winner });
        return;
    };
    state.round += 1;
    state.event = Some(event);
    log.public(LogEvent::RoundStarted {
        round: state.round,
        event,
    });
    state.phase = Phase::ChooseStrategies;
    planning::settle(state, log);
}
