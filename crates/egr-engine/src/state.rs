//! The whole game state: serializable, deterministic, with its random generator inside. Every
//! hidden thing (which two Power tiles stay out, the order of the decks, tiles and the cube bag)
//! is never stored as an order: a card, tile or cube is drawn uniformly from what remains at the
//! moment it is drawn, so the only secret the state holds is the generator itself.

use crate::data::imperial::{ImperialCard, IMPERIAL_KINDS};
use crate::data::missions::Mission;
use crate::data::numbers::MAX_SLOTS;
use crate::data::techs::Tech;
use crate::data::{Kind, Planet, Seat, GOODS, KINDS, MAX_SEATS, PLANETS};
use crate::options::GameOptions;
use crate::rules::frames::Frame;
use game_kit::Rng;
use serde::{Deserialize, Serialize};

/// One worker figure in a box slot.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Worker {
    pub seat: Seat,
    pub kind: Kind,
}

/// Pieces by kind (Rebel, Trooper, Hero, Smuggler, Scientist, Diplomat).
pub type Pieces = [u8; KINDS];

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PlanetState {
    /// Each seat's workers here, by kind.
    pub workers: [Pieces; MAX_SEATS],
    pub sentinels: u8,
    pub imperial_fleet: bool,
    /// The gray Science Lab cube is still here (the first Scientist to land takes it).
    pub lab: bool,
    /// The Trade Route tile is still here (the first Smuggler to land takes it).
    pub route: bool,
    /// Which of the ten Power tiles lies here, face up.
    pub power: u8,
}

impl PlanetState {
    pub fn workers_of(&self, seat: Seat) -> u8 {
        self.workers[seat.index()].iter().sum()
    }
}

/// A player's points so far, by where they came from (the score pad, L105).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Score {
    /// Planet majorities, every epoch.
    pub planets: u16,
    /// Senate majorities, every epoch.
    pub senate: u16,
    /// Planets and Senate on turn 8 alone: the first tie-break (L587).
    pub last_majorities: u16,
    /// Epoch III technologies (L576).
    pub techs: u16,
    /// Covert Mission cards (L580).
    pub missions: u16,
    /// Economy: the trade sets' income once more (L584).
    pub economy: u16,
}

impl Score {
    pub fn total(&self) -> u16 {
        self.planets + self.senate + self.techs + self.missions + self.economy
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PlayerState {
    pub coins: u16,
    /// Workers to place this turn (or, during resolution, received for the next one).
    pub hand: Pieces,
    /// The unused supply (L110).
    pub supply: Pieces,
    pub cubes: u8,
    /// Trade good tiles by type.
    pub goods: [u8; GOODS],
    /// Trade Route tiles held, one bit per planet.
    pub routes: u8,
    /// Technologies owned, one bit per tile.
    pub techs: u64,
    /// One-time technologies already used (turned over, L391).
    pub spent: u64,
    /// Covert Mission cards accomplished, one bit per card.
    pub missions: u32,
    /// Workers in the Covert Mission box and in the Senate, which stay there (L198).
    pub covert: Pieces,
    pub senate: Pieces,
    pub score: Score,
    /// The turns whose battles get Sabotage's +2 cubes against Sentinels, one bit per turn
    /// (bit `t` for turn `t`): each Sabotage completed marks the next turn, so a second one
    /// never takes the first one's turn away.
    pub sabotage_turns: u16,
    /// The turns whose battles get the Propaganda Machine's +1 cube against rebels, likewise.
    pub propaganda_turns: u16,
}

impl PlayerState {
    pub fn has(&self, tech: Tech) -> bool {
        self.techs & tech.bit() != 0
    }

    pub fn covert_points(&self) -> u8 {
        Kind::ALL
            .iter()
            .map(|k| self.covert[k.index()] * k.covert_points())
            .sum()
    }

    pub fn senate_points(&self) -> u8 {
        Kind::ALL
            .iter()
            .map(|k| self.senate[k.index()] * k.senate_points())
            .sum()
    }

    pub fn hand_size(&self) -> u8 {
        self.hand.iter().sum()
    }

    /// Whether Sabotage's +2 cubes against Sentinels apply on `turn`.
    pub fn sabotage_on(&self, turn: u8) -> bool {
        self.sabotage_turns & 1 << turn != 0
    }

    /// Whether the Propaganda Machine's +1 cube against rebels applies on `turn`.
    pub fn propaganda_on(&self, turn: u8) -> bool {
        self.propaganda_turns & 1 << turn != 0
    }
}

/// Where the turn is. Decisions in progress are frames on the stack; the step is what comes
/// when the stack is empty.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Step {
    /// Set-up: players place their starting Rebels on planets (L146-148).
    Setup,
    /// Phase 1: workers are placed; `next` is the index in the turn order of who places next.
    Placing {
        next: u8,
    },
    /// Phase 2: the event boxes, top to bottom (L206); `slot` is the next slot to resolve.
    Initiative,
    Influence {
        slot: u8,
    },
    Trade {
        slot: u8,
    },
    Covert,
    Research {
        slot: u8,
    },
    Warfare {
        slot: u8,
    },
    Specialists {
        slot: u8,
    },
    Senate,
    /// Phase 3.
    Income,
    /// Phase 4, for the player at `idx` of the turn order.
    Techs {
        idx: u8,
    },
    /// Phase 5 on turn 8: the Galactic War on `planet`, the Sentinels' current target there.
    War {
        planet: u8,
        target: Option<Seat>,
    },
    /// Phase 5: scoring on turns 3, 6 and 8.
    Scoring,
    /// Phase 6.
    Refresh,
    Over,
}

/// A box whose slots fill from left to right.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Row {
    pub slots: [Option<Worker>; MAX_SLOTS],
}

impl Row {
    pub const EMPTY: Row = Row {
        slots: [None; MAX_SLOTS],
    };

    /// The first free slot among the first `len`.
    pub fn first_free(&self, len: usize) -> Option<usize> {
        self.slots[..len].iter().position(|s| s.is_none())
    }

    pub fn workers(&self) -> impl Iterator<Item = Worker> + '_ {
        self.slots.iter().flatten().copied()
    }
}

/// The end of the game: every player's score and who won.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Outcome {
    /// The winners, one bit per seat: more than one only if the tie-breaks leave a tie.
    pub winners: u8,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct GameState {
    pub(crate) options: GameOptions,
    pub(crate) rng: Rng,
    pub(crate) turn: u8,
    pub(crate) step: Step,
    pub(crate) stack: Vec<Frame>,
    /// Turn order: `order[0]` places first (the first `players` entries count).
    pub(crate) order: [Seat; MAX_SEATS],
    pub(crate) players: [PlayerState; MAX_SEATS],
    pub(crate) planets: [PlanetState; PLANETS],
    /// The Rebel Fleet's planet and owner, once placed.
    pub(crate) rebel_fleet: Option<(Planet, Seat)>,
    /// One of the owner's Rebels stands with the Rebel Fleet to mark it (L829, L892); false
    /// only if their supply had none to give when they took it.
    pub(crate) fleet_marker: bool,
    pub(crate) spare_fleets: u8,
    pub(crate) sentinel_supply: u8,
    // The event boxes.
    pub(crate) initiative: Row,
    pub(crate) influence: Row,
    pub(crate) x_space: Option<Worker>,
    pub(crate) y_space: Option<Worker>,
    pub(crate) trade: Row,
    pub(crate) research: Row,
    pub(crate) warfare: Row,
    /// Trooper, Hero, Smuggler, Scientist, Diplomat and the paid slot (L200).
    pub(crate) specialists: [Option<Worker>; 6],
    // Tiles and decks: what remains, never an order.
    pub(crate) goods_pile: [u8; GOODS],
    pub(crate) goods_shown: [u8; GOODS],
    pub(crate) covert_deck: u32,
    pub(crate) covert_shown: [Option<Mission>; 3],
    pub(crate) covert_discard: u32,
    pub(crate) mission_done: bool,
    pub(crate) imperial_deck: [u8; IMPERIAL_KINDS],
    pub(crate) imperial_shown: [Option<ImperialCard>; 3],
    pub(crate) imperial_discard: [u8; IMPERIAL_KINDS],
    pub(crate) action_taken: bool,
    /// Dangerous Creature in play: the next mission costs 2 more (L751).
    pub(crate) creature: bool,
    /// The owner of Imperial Double Agent (L759).
    pub(crate) double_agent: Option<Seat>,
    pub(crate) tech_pile: u64,
    pub(crate) tech_shown: u64,
    /// Tiles out of the game (unbought at an epoch's end).
    pub(crate) tech_removed: u64,
    pub(crate) outcome: Option<Outcome>,
    /// Coins the bank has paid out, less those paid back: every player's coins add up to it.
    pub(crate) coins_out: u32,
    /// Scripted bag draws for tests: each is how many of the attacker's cubes come out.
    #[cfg(test)]
    #[serde(skip)]
    pub(crate) scripted_draws: Vec<u8>,
    /// Tests: the engine stops (with no question open) before a step of this kind.
    #[cfg(test)]
    #[serde(skip)]
    pub(crate) stop_before: Option<std::mem::Discriminant<Step>>,
}

impl GameState {
    pub fn options(&self) -> GameOptions {
        self.options
    }

    pub fn players(&self) -> u8 {
        self.options.players
    }

    pub fn seats(&self) -> impl Iterator<Item = Seat> {
        Seat::all(self.options.players)
    }

    pub fn turn(&self) -> u8 {
        self.turn
    }

    pub fn epoch(&self) -> u8 {
        crate::data::epoch_of(self.turn)
    }

    pub fn step(&self) -> Step {
        self.step
    }

    pub fn player(&self, seat: Seat) -> &PlayerState {
        &self.players[seat.index()]
    }

    pub fn planet(&self, p: Planet) -> &PlanetState {
        &self.planets[p.index()]
    }

    pub fn turn_order(&self) -> &[Seat] {
        &self.order[..self.options.players as usize]
    }

    pub fn rebel_fleet(&self) -> Option<(Planet, Seat)> {
        self.rebel_fleet
    }

    /// Whether one of the Rebel Fleet owner's Rebels stands with it as its marker.
    pub fn fleet_marker(&self) -> bool {
        self.fleet_marker
    }

    pub fn is_over(&self) -> bool {
        self.outcome.is_some()
    }

    /// The winners once the game is over (more than one only for an exact tie).
    pub fn winners(&self) -> Vec<Seat> {
        match self.outcome {
            Some(o) => self.seats().filter(|s| o.winners & 1 << s.0 != 0).collect(),
            None => Vec::new(),
        }
    }

    pub fn score(&self, seat: Seat) -> Score {
        self.players[seat.index()].score
    }

    /// The Planetary Influence box's usable numbered spaces: twice the players plus one (L133).
    pub fn influence_slots(&self) -> usize {
        2 * self.options.players as usize + 1
    }
}
