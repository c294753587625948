//! What one player sees, built field by field from the state. Nearly everything in this game
//! is public; what is not is the order of anything still to be drawn (decks, tiles, the cube
//! bag) and which two Power tiles stayed in the box. The state never holds an order (draws are
//! made when they happen), and the view holds neither the generator nor the two unused tiles:
//! of the decks and piles it shows only how many remain.

use crate::action::Action;
use crate::data::imperial::ImperialCard;
use crate::data::missions::Mission;
use crate::data::techs::Tech;
use crate::data::{Planet, Seat, GOODS};
use crate::log::LogEvent;
use crate::options::GameOptions;
use crate::rules::frames::Frame;
use crate::rules::trade::{holdings, set_value};
use crate::state::{GameState, Pieces, Score, Step, Worker};
use serde::{Deserialize, Serialize};

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SeatView {
    pub seat: Seat,
    pub coins: u16,
    pub hand: Pieces,
    pub supply: Pieces,
    pub cubes: u8,
    pub goods: [u8; GOODS],
    pub routes: Vec<Planet>,
    pub techs: Vec<Tech>,
    /// One-time technologies already used.
    pub spent: Vec<Tech>,
    pub missions: Vec<Mission>,
    pub covert: Pieces,
    pub senate: Pieces,
    pub covert_points: u8,
    pub senate_points: u8,
    /// What the player's trade sets pay each turn.
    pub trade_income: u16,
    pub score: Score,
    /// The turns whose attacks on Sentinels get Sabotage's +2 cubes.
    pub sabotage_turns: Vec<u8>,
    /// The turns whose attacks on rebels get the Propaganda Machine's +1 cube.
    pub propaganda_turns: Vec<u8>,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PlanetView {
    pub planet: Planet,
    pub higher: u8,
    pub lower: u8,
    pub sentinels: u8,
    pub imperial_fleet: bool,
    pub lab: bool,
    pub route: bool,
    /// Each seat's workers, by kind.
    pub workers: Vec<Pieces>,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct BoxesView {
    pub initiative: Vec<Option<Worker>>,
    pub influence: Vec<Option<Worker>>,
    pub x_space: Option<Worker>,
    pub y_space: Option<Worker>,
    pub trade: Vec<Option<Worker>>,
    pub research: Vec<Option<Worker>>,
    pub warfare: Vec<Option<Worker>>,
    /// Trooper, Hero, Smuggler, Scientist, Diplomat, paid.
    pub specialists: Vec<Option<Worker>>,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PlayerView {
    pub viewer: Seat,
    pub players: u8,
    /// The game's options: the board's numbers and the rulings it plays with (public: every
    /// player sees the board and the rules).
    pub options: GameOptions,
    pub turn: u8,
    pub epoch: u8,
    pub step: Step,
    /// Who decides now, and the question (public: everyone sees what is being asked).
    pub to_act: Option<Seat>,
    pub prompt: Option<Frame>,
    /// The viewer's legal actions (empty when it is not their decision).
    pub legal_actions: Vec<Action>,
    pub order: Vec<Seat>,
    pub seats: Vec<SeatView>,
    pub planets: Vec<PlanetView>,
    pub rebel_fleet: Option<(Planet, Seat)>,
    /// One of the Rebel Fleet owner's Rebels stands with it (taken from their supply).
    pub fleet_marker: bool,
    pub spare_fleets: u8,
    pub sentinel_supply: u8,
    pub boxes: BoxesView,
    pub goods_shown: [u8; GOODS],
    pub goods_pile: u8,
    pub missions_shown: [Option<Mission>; 3],
    pub mission_deck: u8,
    pub mission_discards: Vec<Mission>,
    pub imperial_shown: [Option<ImperialCard>; 3],
    pub imperial_deck: u8,
    pub imperial_discards: Vec<(ImperialCard, u8)>,
    /// Dangerous Creature waits for the next mission.
    pub creature: bool,
    pub double_agent: Option<Seat>,
    pub techs_shown: Vec<Tech>,
    /// Tiles left in each epoch's pile.
    pub tech_piles: [u8; 3],
    pub techs_removed: Vec<Tech>,
    pub winners: Vec<Seat>,
    /// Every question in progress, the one asked now last (`prompt` repeats it while the game
    /// goes on). Public: each was opened by something everyone saw (a box resolved, a mission
    /// or card played, a battle), and the ones beneath the top say who is asked what next.
    /// Kept so that a full state can be rebuilt from a view (`crate::sampling`).
    pub questions: Vec<Frame>,
    /// A Covert Mission was conducted this turn, so the Refresh keeps the other missions shown
    /// (L454). Public: everyone saw it done.
    pub mission_done: bool,
    /// An Imperial Action card was taken this turn, so the Refresh keeps the other cards shown
    /// (L408, L458). Public likewise.
    pub imperial_taken: bool,
    pub log: Vec<LogEvent>,
}

fn turns_in(mask: u16) -> Vec<u8> {
    (0..16).filter(|t| mask & 1 << t != 0).collect()
}

fn techs_in(mask: u64) -> Vec<Tech> {
    Tech::ALL
        .into_iter()
        .filter(|t| mask & t.bit() != 0)
        .collect()
}

impl GameState {
    /// What `viewer` sees (the log is added by [`crate::Game`]).
    pub fn view(&self, viewer: Seat) -> PlayerView {
        let distinct = self.options.rulings.any_three_distinct;
        let seats = self
            .seats()
            .map(|s| {
                let p = self.player(s);
                SeatView {
                    seat: s,
                    coins: p.coins,
                    hand: p.hand,
                    supply: p.supply,
                    cubes: p.cubes,
                    goods: p.goods,
                    routes: Planet::ALL
                        .into_iter()
                        .filter(|pl| p.routes & pl.bit() != 0)
                        .collect(),
                    techs: techs_in(p.techs),
                    spent: techs_in(p.spent),
                    missions: Mission::ALL
                        .into_iter()
                        .filter(|m| p.missions & m.bit() != 0)
                        .collect(),
                    covert: p.covert,
                    senate: p.senate,
                    covert_points: p.covert_points(),
                    senate_points: p.senate_points(),
                    trade_income: set_value(&holdings(p), distinct),
                    score: p.score,
                    sabotage_turns: turns_in(p.sabotage_turns),
                    propaganda_turns: turns_in(p.propaganda_turns),
                }
            })
            .collect();
        let planets = Planet::ALL
            .into_iter()
            .map(|pl| {
                let s = self.planet(pl);
                let tile = self.options.numbers.power[s.power as usize];
                PlanetView {
                    planet: pl,
                    higher: tile.higher,
                    lower: tile.lower,
                    sentinels: s.sentinels,
                    imperial_fleet: s.imperial_fleet,
                    lab: s.lab,
                    route: s.route,
                    workers: self.seats().map(|seat| s.workers[seat.index()]).collect(),
                }
            })
            .collect();
        let nb = &self.options.numbers;
        let row = |r: &crate::state::Row, len: u8| r.slots[..len as usize].to_vec();
        let boxes = BoxesView {
            initiative: row(&self.initiative, nb.initiative_slots),
            influence: row(&self.influence, self.influence_slots() as u8),
            x_space: self.x_space,
            y_space: self.y_space,
            trade: row(&self.trade, nb.trade_slots),
            research: row(&self.research, nb.research_slots),
            warfare: row(&self.warfare, nb.warfare_slots),
            specialists: self.specialists.to_vec(),
        };
        PlayerView {
            viewer,
            players: self.options.players,
            options: self.options,
            turn: self.turn,
            epoch: self.epoch(),
            step: self.step,
            to_act: self.active_player(),
            prompt: self.question().filter(|_| !self.is_over()),
            legal_actions: self.legal_actions(viewer),
            order: self.turn_order().to_vec(),
            seats,
            planets,
            rebel_fleet: self.rebel_fleet,
            fleet_marker: self.fleet_marker,
            spare_fleets: self.spare_fleets,
            sentinel_supply: self.sentinel_supply,
            boxes,
            goods_shown: self.goods_shown,
            goods_pile: self.goods_pile.iter().sum(),
            missions_shown: self.covert_shown,
            mission_deck: self.covert_deck.count_ones() as u8,
            mission_discards: Mission::ALL
                .into_iter()
                .filter(|m| self.covert_discard & m.bit() != 0)
                .collect(),
            imperial_shown: self.imperial_shown,
            imperial_deck: self.imperial_deck.iter().sum(),
            imperial_discards: ImperialCard::ALL
                .into_iter()
                .filter(|c| self.imperial_discard[c.index()] > 0)
                .map(|c| (c, self.imperial_discard[c.index()]))
                .collect(),
            creature: self.creature,
            double_agent: self.double_agent,
            techs_shown: techs_in(self.tech_shown),
            tech_piles: [1, 2, 3].map(|e| (self.tech_pile & Tech::of_epoch(e)).count_ones() as u8),
            techs_removed: techs_in(self.tech_removed),
            winners: self.winners(),
            questions: self.stack.clone(),
            mission_done: self.mission_done,
            imperial_taken: self.action_taken,
            log: Vec::new(),
        }
    }
}

impl PlayerView {
    /// What a Covert Mission at `at` costs now, in covert points (the rule the engine charges).
    pub fn mission_price(&self, at: crate::data::Place) -> u8 {
        let sentinels = match at {
            crate::data::Place::Planet(p) => Some(self.planets[p.index()].sentinels),
            _ => None,
        };
        crate::rules::covert::price(sentinels, self.creature, self.options.rulings)
    }
}

#[cfg(test)]
mod tests {
    use crate::data::{Place, Planet};
    use crate::options::{GameOptions, Rulings};
    use crate::rules::covert::cost;
    use crate::state::GameState;

    #[test]
    fn a_views_mission_price_is_what_the_engine_charges() {
        for rulings in [Rulings::default(), Rulings::ALL_SWITCHED] {
            for players in [2, 5] {
                let mut options = GameOptions::new(players);
                options.rulings = rulings;
                let mut log = Vec::new();
                let mut state = GameState::new(players as u64, options, &mut log);
                let mut n = 0usize;
                while let Some(seat) = state.active_player() {
                    let view = state.view(seat);
                    let places = Planet::ALL
                        .map(Place::Planet)
                        .into_iter()
                        .chain([Place::Covert, Place::Senate]);
                    for at in places {
                        assert_eq!(view.mission_price(at), cost(&state, at), "{at:?}");
                    }
                    let legal = state.legal_actions(seat);
                    n = n.wrapping_mul(31).wrapping_add(17);
                    state.apply(seat, legal[n % legal.len()], &mut log).unwrap();
                }
            }
        }
    }
}
