//! A game's options: the number of players, the board's numbers (see
//! [`crate::data::numbers`]) and the rulings a player can switch. The options are part of every
//! save and every share code, so a game always replays with its own numbers and rulings.
//!
//! Options that make no sense never start a game: [`GameOptions::check`] says what is wrong
//! with them as an [`OptionsError`], [`crate::GameState::try_new`] and [`crate::new_game`]
//! return it, and options read from a save or a share code are checked as they are read. A
//! game therefore always plays with exactly the options it reports and shares.

use crate::action::Spot;
use crate::data::missions::Mission;
use crate::data::numbers::{BoardNumbers, GOOD_TILES, MAX_POWER, MAX_SLOTS};
use crate::data::{Planet, MAX_SEATS};
use serde::{Deserialize, Serialize};

/// The rulings on ambiguous text that change results (research notes §4, the "(R)" items, and
/// the readings the rules review weighed), each defaulting to the most natural reading.
/// docs/egr/rules.md §17.1 gives each reading, its reason and the alternative.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Rulings {
    /// Off (default): an Imperial Capital Fleet bars only workers leaving the Planetary
    /// Influence box (L230, L519), and pieces placed by cards and technologies may land under
    /// it. On: it bars those too.
    pub fleets_bar_cards: bool,
    /// Off (default): "any 3 trade goods" is any three tiles (L371). On: three different goods.
    pub any_three_distinct: bool,
    /// Off (default): a mission on a planet without Sentinels costs nothing (L254), but needs a
    /// worker in the box. On: every mission costs at least 1 point.
    pub mission_costs_at_least_one: bool,
    /// Off (default): Red-Falcon Missile Fighter's free Hero goes into the Warfare box in Phase
    /// 4 (L389), when the box is empty, so it holds the leftmost slot of the next placement.
    /// On: it waits until everyone has placed, then takes a slot still free (none: it is not
    /// placed). The other free workers (X, Y, Senate, Covert Mission) come in Phase 4 either
    /// way.
    pub free_workers_last: bool,
    /// Off (default): a player "controls" a planet (Democracy, Weak Confederacy) when they
    /// alone have the most workers there. On: when they have more than half of the workers.
    pub control_needs_half: bool,
    /// Off (default): Imperial Spies Infiltrate a Rebel Faction removes its 3 points from one
    /// rival faction, as its title says (L739). On: from any rivals, one piece at a time.
    pub spies_several_factions: bool,
    /// Off (default): Democracy counts the owner's own workers on the planets they control
    /// (L906-908), as every other Epoch III tile counts the owner's own pieces. On: every
    /// faction's workers on those planets.
    pub democracy_counts_everyone: bool,
    /// Off (default): Planetary Bombardment may strike a planet that already has an Imperial
    /// Fleet, whose ship bombards it. On: the card moves a ship to the planet (L713), so a
    /// planet that already has one cannot be chosen.
    pub bombardment_moves_a_ship: bool,
}

impl Rulings {
    /// Every ruling switched on (the alternative readings), for tests and golden replays.
    pub const ALL_SWITCHED: Rulings = Rulings {
        fleets_bar_cards: true,
        any_three_distinct: true,
        mission_costs_at_least_one: true,
        free_workers_last: true,
        control_needs_half: true,
        spies_several_factions: true,
        democracy_counts_everyone: true,
        bombardment_moves_a_ship: true,
    };

    /// The rulings as one byte, a bit each in the order of the fields.
    pub fn to_byte(self) -> u8 {
        self.fleets_bar_cards as u8
            | (self.any_three_distinct as u8) << 1
            | (self.mission_costs_at_least_one as u8) << 2
            | (self.free_workers_last as u8) << 3
            | (self.control_needs_half as u8) << 4
            | (self.spies_several_factions as u8) << 5
            | (self.democracy_counts_everyone as u8) << 6
            | (self.bombardment_moves_a_ship as u8) << 7
    }

    pub fn from_byte(b: u8) -> Rulings {
        Rulings {
            fleets_bar_cards: b & 1 != 0,
            any_three_distinct: b & 2 != 0,
            mission_costs_at_least_one: b & 4 != 0,
            free_workers_last: b & 8 != 0,
            control_needs_half: b & 16 != 0,
            spies_several_factions: b & 32 != 0,
            democracy_counts_everyone: b & 64 != 0,
            bombardment_moves_a_ship: b & 128 != 0,
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(try_from = "UncheckedOptions")]
pub struct GameOptions {
    /// 2 to 5 (L154).
    pub players: u8,
    pub numbers: BoardNumbers,
    pub rulings: Rulings,
}

/// One thing wrong with a game's options.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum OptionsProblem {
    /// The game is for 2 to 5 players.
    Players(u8),
    /// A Power tile's higher value (tiles numbered from 1) must be 1 to [`MAX_POWER`].
    PowerHigher { tile: usize, higher: u8 },
    /// A Power tile's lower value is above its higher one.
    PowerLowerAboveHigher { tile: usize, lower: u8, higher: u8 },
    /// A numbered box (Initiative, Trade Goods, Research Technology, Warfare) must have 1 to
    /// [`MAX_SLOTS`] slots.
    Slots { spot: Spot, slots: u8 },
    /// The trade goods must add up to the 32 tiles of the box.
    GoodsTotal { total: u32 },
    /// Every type of trade good needs at least one tile.
    GoodMissing,
    /// The 20th Covert Mission must copy one of the cards the rulebook lists once.
    TwentiethMission(Mission),
    /// The Rescue Imperial Prisoner that gives a Specialist of choice is at Vollux or Edara.
    RescueChoice(Planet),
}

impl std::fmt::Display for OptionsProblem {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match *self {
            OptionsProblem::Players(n) => write!(f, "the game is for 2 to 5 players, not {n}"),
            OptionsProblem::PowerHigher { tile, higher } => write!(
                f,
                "Power tile {tile}: the higher value must be from 1 to {MAX_POWER}, not {higher}"
            ),
            OptionsProblem::PowerLowerAboveHigher {
                tile,
                lower,
                higher,
            } => write!(
                f,
                "Power tile {tile}: the lower value ({lower}) is above the higher ({higher})"
            ),
            OptionsProblem::Slots { spot, slots } => {
                let name = match spot {
                    Spot::Initiative => "Initiative",
                    Spot::Trade => "Trade Goods",
                    Spot::Research => "Research Technology",
                    _ => "Warfare",
                };
                write!(
                    f,
                    "{name}: the box must have from 1 to {MAX_SLOTS} slots, not {slots}"
                )
            }
            OptionsProblem::GoodsTotal { total } => write!(
                f,
                "Trade goods: the box holds {GOOD_TILES} tiles, these add up to {total}"
            ),
            OptionsProblem::GoodMissing => {
                f.write_str("Trade goods: every type needs at least one tile")
            }
            OptionsProblem::TwentiethMission(m) => write!(
                f,
                "the 20th Covert Mission must be a second copy of a card listed once \
                 (Assassinate Rival Diplomat, Destroy Imperial Capital Ship, Supplant Leader \
                 of the Pirates, Save an Imperial Traitor, Imperial Propaganda Machine), not {m:?}"
            ),
            OptionsProblem::RescueChoice(p) => write!(
                f,
                "the Rescue Imperial Prisoner that gives a Specialist of choice is at Vollux or \
                 Edara, not {p:?}"
            ),
        }
    }
}

/// Why options cannot start a game: every problem found, each in words through `Display`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OptionsError {
    pub problems: Vec<OptionsProblem>,
}

impl std::fmt::Display for OptionsError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("these options cannot start a game: ")?;
        for (i, p) in self.problems.iter().enumerate() {
            if i > 0 {
                f.write_str("; ")?;
            }
            write!(f, "{p}")?;
        }
        Ok(())
    }
}

impl std::error::Error for OptionsError {}

/// The options as read, before they are checked (saves and anything else deserialized).
#[derive(Deserialize)]
struct UncheckedOptions {
    players: u8,
    numbers: BoardNumbers,
    rulings: Rulings,
}

impl TryFrom<UncheckedOptions> for GameOptions {
    type Error = OptionsError;

    fn try_from(o: UncheckedOptions) -> Result<GameOptions, OptionsError> {
        let options = GameOptions {
            players: o.players,
            numbers: o.numbers,
            rulings: o.rulings,
        };
        options.check().map(|()| options)
    }
}

/// The layout of the options in a share code; bump if it or the rules change, so that an old
/// code is refused instead of replaying another game. Layout 2: the two Covert Mission facts
/// and three more rulings (and the rules fixes of the review).
const OPTIONS_LAYOUT: u8 = 2;

impl GameOptions {
    /// `players` players with the provisional numbers and the default rulings.
    pub fn new(players: u8) -> GameOptions {
        GameOptions {
            players,
            numbers: BoardNumbers::provisional(),
            rulings: Rulings::default(),
        }
    }

    /// Whether a game can start with these options; if not, every problem found.
    pub fn check(&self) -> Result<(), OptionsError> {
        let mut problems = Vec::new();
        if !(2..=MAX_SEATS as u8).contains(&self.players) {
            problems.push(OptionsProblem::Players(self.players));
        }
        problems.extend(self.numbers.check());
        if problems.is_empty() {
            Ok(())
        } else {
            Err(OptionsError { problems })
        }
    }

    /// The options as bytes for a share code: layout, players, rulings, numbers.
    pub fn to_bytes(self) -> Vec<u8> {
        let mut out = vec![OPTIONS_LAYOUT, self.players, self.rulings.to_byte()];
        self.numbers.to_bytes(&mut out);
        out
    }

    /// Reads [`Self::to_bytes`]; returns the options and the bytes read. Options of another
    /// layout, or that [`Self::check`] refuses, are not read.
    pub fn from_bytes(b: &[u8]) -> Option<(GameOptions, usize)> {
        if *b.first()? != OPTIONS_LAYOUT {
            return None;
        }
        let players = *b.get(1)?;
        let rulings = Rulings::from_byte(*b.get(2)?);
        let numbers = BoardNumbers::from_bytes(b.get(3..)?)?;
        let options = GameOptions {
            players,
            numbers,
            rulings,
        };
        options
            .check()
            .is_ok()
            .then_some((options, 3 + BoardNumbers::BYTES))
    }
}

impl Default for GameOptions {
    fn default() -> Self {
        GameOptions::new(4)
    }
}
