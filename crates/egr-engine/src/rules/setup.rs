//! Set-up (L107-148): Power tiles, Sentinels, the planets the Imperial Fleets close, the decks
//! and tiles shown, the turn order with its starting coins, and the starting Rebels.

use super::board::{self, draw_bit, Arrival};
use super::frames::Frame;
use super::{refresh, Out};
use crate::action::Action;
use crate::data::imperial::ImperialCard;
use crate::data::numbers::POWER_TILES;
use crate::data::techs::{Tech, TECHS};
use crate::data::{Kind, Place, Planet, Seat, IMPERIAL_FLEETS, MAX_SEATS, PLANETS};
use crate::data::{REBELS_PER_TURN, SENTINELS, START_COINS, START_CUBES};
use crate::log::{EventSink, LogEvent, LogExt, Why};
use crate::options::GameOptions;
use crate::state::{GameState, PlanetState, PlayerState, Row, Score, Step};
use game_kit::Rng;

pub(crate) fn new_game(seed: u64, options: GameOptions, log: &mut impl EventSink) -> GameState {
    let mut rng = Rng::new(seed);
    let n = options.players as usize;
    log.all(|| LogEvent::GameStarted {
        players: options.players,
    });

    // Power tiles: one at random on each planet, the other two out unseen (L117).
    let mut tiles: [u8; POWER_TILES] = std::array::from_fn(|i| i as u8);
    rng.shuffle(&mut tiles);
    // Sentinels by the shuffled Trade Route tiles: 4, 4, 3, 3, 2, 2, 1, 1 (L118).
    let mut by_route: [usize; PLANETS] = std::array::from_fn(|i| i);
    rng.shuffle(&mut by_route);
    let mut sentinels = [0u8; PLANETS];
    for (i, &p) in by_route.iter().enumerate() {
        sentinels[p] = 4 - (i / 2) as u8;
    }
    // The planets not in play get an Imperial Capital Fleet: 8 minus 2 + players (L119-125).
    let mut closed: [usize; PLANETS] = std::array::from_fn(|i| i);
    rng.shuffle(&mut closed);
    let fleets = PLANETS - (n + 2);
    let planets: [PlanetState; PLANETS] = std::array::from_fn(|i| PlanetState {
        workers: [[0; 6]; MAX_SEATS],
        sentinels: sentinels[i],
        imperial_fleet: closed[..fleets].contains(&i),
        lab: true,
        route: true,
        power: tiles[i],
    });
    // Turn order at random (L143); later seats start with 1 UC more per place (L145).
    let mut order: [Seat; MAX_SEATS] = std::array::from_fn(|i| Seat(i as u8));
    rng.shuffle(&mut order[..n]);
    let players: [PlayerState; MAX_SEATS] = std::array::from_fn(|_| {
        let mut supply = Kind::ALL.map(|k| k.owned());
        // One Rebel marks the turn order, five are the first turn's workers (L113, L143).
        supply[0] -= 1 + REBELS_PER_TURN;
        PlayerState {
            coins: START_COINS,
            hand: [REBELS_PER_TURN, 0, 0, 0, 0, 0],
            supply,
            cubes: START_CUBES,
            goods: [0; 8],
            routes: 0,
            techs: 0,
            spent: 0,
            missions: 0,
            covert: [0; 6],
            senate: [0; 6],
            score: Score::default(),
            sabotage_turns: 0,
            propaganda_turns: 0,
        }
    });
    let mut state = GameState {
        options,
        rng,
        turn: 0,
        step: Step::Setup,
        stack: Vec::with_capacity(8),
        order,
        players,
        planets,
        rebel_fleet: None,
        fleet_marker: false,
        spare_fleets: IMPERIAL_FLEETS - fleets as u8,
        sentinel_supply: SENTINELS - 20,
        initiative: Row::EMPTY,
        influence: Row::EMPTY,
        x_space: None,
        y_space: None,
        trade: Row::EMPTY,
        research: Row::EMPTY,
        warfare: Row::EMPTY,
        specialists: [None; 6],
        goods_pile: options.numbers.goods,
        goods_shown: [0; 8],
        covert_deck: (1u32 << crate::data::missions::MISSIONS) - 1,
        covert_shown: [None; 3],
        covert_discard: 0,
        mission_done: false,
        imperial_deck: ImperialCard::deck(),
        imperial_shown: [None; 3],
        imperial_discard: [0; 16],
        action_taken: false,
        creature: false,
        double_agent: None,
        tech_pile: (1u64 << TECHS) - 1,
        tech_shown: 0,
        tech_removed: 0,
        outcome: None,
        coins_out: START_COINS as u32 * n as u32,
        #[cfg(test)]
        scripted_draws: Vec::new(),
        #[cfg(test)]
        stop_before: None,
    };
    if log.enabled() {
        for p in Planet::ALL {
            let s = &state.planets[p.index()];
            let t = options.numbers.power[s.power as usize];
            let count = s.sentinels;
            log.all(|| LogEvent::PowerTile {
                planet: p,
                higher: t.higher,
                lower: t.lower,
            });
            log.all(|| LogEvent::SentinelsAdded { planet: p, count });
            if s.imperial_fleet {
                log.all(|| LogEvent::FleetMoved {
                    from: None,
                    to: Some(p),
                });
            }
        }
    }
    let order = state.turn_order().to_vec();
    log.all(|| LogEvent::TurnOrder {
        order: order.clone(),
    });
    for (i, &seat) in order.iter().enumerate() {
        board::gain(&mut state, seat, i as u16, Why::StartingPosition, log);
    }
    // Decks and tiles shown (L128-137).
    for slot in 0..3 {
        refresh::show_mission(&mut state, slot, log);
        refresh::show_imperial(&mut state, slot, log);
    }
    refresh::show_goods(&mut state, log);
    for _ in 0..5 {
        show_tech(&mut state, 1, log);
    }
    // Starting Rebels, in reverse turn order: 3 for the 4th and 5th, 2 for the others
    // (L146-148). The stack is last in, first out: the first seat's frame goes in first.
    for (i, &seat) in order.iter().enumerate() {
        let left = if i >= 3 { 3 } else { 2 };
        state.stack.push(Frame::StartRebel { seat, left });
    }
    state
}

/// One more technology of `epoch` face up, drawn from what remains of its pile.
pub(crate) fn show_tech(state: &mut GameState, epoch: u8, log: &mut impl EventSink) {
    let pile = state.tech_pile & Tech::of_epoch(epoch);
    if let Some(i) = draw_bit(&mut state.rng, pile) {
        let tech = Tech::from_index(i);
        state.tech_pile &= !tech.bit();
        state.tech_shown |= tech.bit();
        log.all(|| LogEvent::TechShown { tech });
    }
}

pub(crate) fn legal_start_rebel(state: &GameState, out: &mut impl Out) {
    for p in Planet::ALL {
        if !state.planets[p.index()].imperial_fleet {
            out.push(Action::Planet(p));
        }
    }
}

pub(crate) fn start_rebel(
    state: &mut GameState,
    seat: Seat,
    left: u8,
    action: Action,
    log: &mut impl EventSink,
) {
    let Action::Planet(p) = action else { return };
    debug_assert!(board::may_land(state, seat, p, Arrival::Sent));
    board::add(state, seat, Kind::Rebel, Place::Planet(p), 1, log);
    if left > 1 {
        state.stack.push(Frame::StartRebel {
            seat,
            left: left - 1,
        });
    }
}
