//! A full [`GameState`] rebuilt from what one seat knows, for a search that never peeks at the
//! real state: the seat's [`PlayerView`] and the game's [`GameOptions`] (public: every player
//! agreed to them, and saves and share codes carry them).
//!
//! Nearly everything in this game is public. What a view lacks is:
//! - the order of anything still to be drawn (goods, cards, tiles, the cube bag): the state
//!   stores none either, since every draw is made from what remains when it happens, so a
//!   sample only needs what remains, which is everything minus what the view shows elsewhere;
//! - the generator: a sample gets a fresh one from the caller's seed;
//! - which two Power tiles stayed in the box. Their values follow from the options' ten tiles
//!   minus the eight on the planets, but which of two tiles with the same values lies on a
//!   planet and which stayed out is not seen: the sampler gives each planet a tile with the
//!   values it shows, chosen at random among the tiles not yet given. (Only tiles' values
//!   matter to the rules, so this changes nothing in play; with the provisional numbers there
//!   are always twin tiles to choose between.)
//!
//! Every other field is copied from the view or counted from it. The view carries the whole
//! stack of questions in progress and the two "taken this turn" flags for this reason (see
//! [`PlayerView::questions`]).

use crate::data::imperial::{ImperialCard, IMPERIAL_KINDS};
use crate::data::missions::{Mission, MISSIONS};
use crate::data::numbers::{MAX_SLOTS, POWER_TILES};
use crate::data::techs::{Tech, TECHS};
use crate::data::{Kind, Planet, Seat, GOODS, MAX_SEATS, PLANETS, REBELS_PER_TURN};
use crate::data::{START_COINS, START_CUBES};
use crate::options::GameOptions;
use crate::state::{GameState, Outcome, PlanetState, PlayerState, Row, Score, Step, Worker};
use crate::view::PlayerView;
use game_kit::Rng;

/// Why a view (with these options) cannot be a position of a game. A view built by
/// [`GameState::view`] never gives one.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SampleError {
    /// The options cannot start a game ([`GameOptions::check`]).
    BadOptions,
    /// The view is of a game of another number of players than the options say.
    Players { view: u8, options: u8 },
    /// A list of the view has the wrong length, or names a seat not in the game.
    Shape(&'static str),
    /// No Power tile of the options is left with the values shown on this planet.
    PowerTile(Planet),
    /// More of these components are seen than the game has.
    TooMany(&'static str),
    /// What remains of these components (all of them less those seen) differs from the count
    /// the view gives.
    Remaining {
        what: &'static str,
        counted: u32,
        shown: u32,
    },
}

impl std::fmt::Display for SampleError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            SampleError::BadOptions => f.write_str("these options cannot start a game"),
            SampleError::Players { view, options } => write!(
                f,
                "the view is of a {view}-player game, the options of a {options}-player one"
            ),
            SampleError::Shape(what) => write!(f, "the view's {what} do not fit the game"),
            SampleError::PowerTile(p) => {
                write!(f, "no Power tile left with the values shown on {p:?}")
            }
            SampleError::TooMany(what) => write!(f, "more {what} seen than the game has"),
            SampleError::Remaining {
                what,
                counted,
                shown,
            } => write!(
                f,
                "{counted} {what} remain by count, but the view says {shown}"
            ),
        }
    }
}

impl std::error::Error for SampleError {}

fn bits<T: Copy>(items: &[T], bit: impl Fn(T) -> u64) -> u64 {
    items.iter().fold(0, |m, &t| m | bit(t))
}

/// A full state consistent with `view` (seen by `view.viewer`) and `options`: the public
/// position exactly, the unseen Power tiles at random among twins, and a generator seeded from
/// `seed`. The sample's `view(seat)` equals the real one for every seat (the log aside).
pub fn sample(
    view: &PlayerView,
    options: &GameOptions,
    seed: u64,
) -> Result<GameState, SampleError> {
    options.check().map_err(|_| SampleError::BadOptions)?;
    let n = options.players as usize;
    if view.players != options.players {
        return Err(SampleError::Players {
            view: view.players,
            options: options.players,
        });
    }
    let mut rng = Rng::new(seed);
    let numbers = &options.numbers;
    let seat_ok = |s: Seat| s.index() < n;

    // Turn order.
    if view.order.len() != n || view.order.iter().any(|&s| !seat_ok(s)) {
        return Err(SampleError::Shape("turn order"));
    }
    let mut order: [Seat; MAX_SEATS] = std::array::from_fn(|i| Seat(i as u8));
    order[..n].copy_from_slice(&view.order);

    // Players. Seats beyond the game's keep what set-up gives them; nothing reads them.
    if view.seats.len() != n
        || view
            .seats
            .iter()
            .enumerate()
            .any(|(i, s)| s.seat.index() != i)
    {
        return Err(SampleError::Shape("seats"));
    }
    let mut supply = Kind::ALL.map(|k| k.owned());
    supply[0] -= 1 + REBELS_PER_TURN;
    let unused = PlayerState {
        coins: START_COINS,
        hand: [REBELS_PER_TURN, 0, 0, 0, 0, 0],
        supply,
        cubes: START_CUBES,
        goods: [0; GOODS],
        routes: 0,
        techs: 0,
        spent: 0,
        missions: 0,
        covert: [0; 6],
        senate: [0; 6],
        score: Score::default(),
        sabotage_turns: 0,
        propaganda_turns: 0,
    };
    let mut players = [unused; MAX_SEATS];
    for (p, s) in players.iter_mut().zip(&view.seats) {
        let turns = |t: &[u8]| -> Result<u16, SampleError> {
            t.iter().try_fold(0u16, |m, &t| {
                if t < 16 {
                    Ok(m | 1 << t)
                } else {
                    Err(SampleError::Shape("bonus turns"))
                }
            })
        };
        *p = PlayerState {
            coins: s.coins,
            hand: s.hand,
            supply: s.supply,
            cubes: s.cubes,
            goods: s.goods,
            routes: s.routes.iter().fold(0, |m, pl| m | pl.bit()),
            techs: bits(&s.techs, Tech::bit),
            spent: bits(&s.spent, Tech::bit),
            missions: bits(&s.missions, |m| m.bit() as u64) as u32,
            covert: s.covert,
            senate: s.senate,
            score: s.score,
            sabotage_turns: turns(&s.sabotage_turns)?,
            propaganda_turns: turns(&s.propaganda_turns)?,
        };
    }
    let seated = &players[..n];

    // Planets, each with a Power tile of the values it shows (twins chosen at random).
    if view.planets.len() != PLANETS {
        return Err(SampleError::Shape("planets"));
    }
    let mut tile_used = [false; POWER_TILES];
    let mut planets = [PlanetState {
        workers: [[0; 6]; MAX_SEATS],
        sentinels: 0,
        imperial_fleet: false,
        lab: false,
        route: false,
        power: 0,
    }; PLANETS];
    for (i, (ps, pv)) in planets.iter_mut().zip(&view.planets).enumerate() {
        if pv.planet.index() != i || pv.workers.len() != n {
            return Err(SampleError::Shape("planets"));
        }
        let fits: Vec<usize> = (0..POWER_TILES)
            .filter(|&t| {
                !tile_used[t]
                    && numbers.power[t].higher == pv.higher
                    && numbers.power[t].lower == pv.lower
            })
            .collect();
        if fits.is_empty() {
            return Err(SampleError::PowerTile(pv.planet));
        }
        let tile = fits[rng.below(fits.len())];
        tile_used[tile] = true;
        ps.workers[..n].copy_from_slice(&pv.workers);
        ps.sentinels = pv.sentinels;
        ps.imperial_fleet = pv.imperial_fleet;
        ps.lab = pv.lab;
        ps.route = pv.route;
        ps.power = tile as u8;
    }
    if let Some((_, owner)) = view.rebel_fleet {
        if !seat_ok(owner) {
            return Err(SampleError::Shape("Rebel Fleet"));
        }
    }

    // The event boxes.
    let b = &view.boxes;
    let worker_ok = |w: &Option<Worker>| w.is_none_or(|w| seat_ok(w.seat));
    let row = |slots: &[Option<Worker>], len: usize| -> Result<Row, SampleError> {
        if slots.len() != len || len > MAX_SLOTS || !slots.iter().all(worker_ok) {
            return Err(SampleError::Shape("box slots"));
        }
        let mut r = Row::EMPTY;
        r.slots[..len].copy_from_slice(slots);
        Ok(r)
    };
    let initiative = row(&b.initiative, numbers.initiative_slots as usize)?;
    let influence = row(&b.influence, 2 * n + 1)?;
    let trade = row(&b.trade, numbers.trade_slots as usize)?;
    let research = row(&b.research, numbers.research_slots as usize)?;
    let warfare = row(&b.warfare, numbers.warfare_slots as usize)?;
    if b.specialists.len() != 6
        || !b.specialists.iter().all(worker_ok)
        || !worker_ok(&b.x_space)
        || !worker_ok(&b.y_space)
    {
        return Err(SampleError::Shape("box slots"));
    }
    let mut specialists = [None; 6];
    specialists.copy_from_slice(&b.specialists);

    // Trade goods: the pile is the box's tiles less those shown and held.
    let mut goods_pile = [0u8; GOODS];
    for (g, pile) in goods_pile.iter_mut().enumerate() {
        let seen: u32 =
            view.goods_shown[g] as u32 + seated.iter().map(|p| p.goods[g] as u32).sum::<u32>();
        *pile = (numbers.goods[g] as u32)
            .checked_sub(seen)
            .ok_or(SampleError::TooMany("trade goods"))? as u8;
    }
    remaining(
        "trade goods",
        goods_pile.iter().map(|&g| g as u32).sum(),
        view.goods_pile,
    )?;

    // Covert Missions: the deck is every card less those shown, discarded and accomplished.
    let mut seen_missions = 0u32;
    let mut take = |m: u32| -> Result<(), SampleError> {
        if seen_missions & m != 0 {
            return Err(SampleError::TooMany("Covert Mission cards"));
        }
        seen_missions |= m;
        Ok(())
    };
    for m in view.missions_shown.iter().flatten() {
        take(m.bit())?;
    }
    take(bits(&view.mission_discards, |m: Mission| m.bit() as u64) as u32)?;
    for p in seated {
        take(p.missions)?;
    }
    let covert_deck = ((1u32 << MISSIONS) - 1) & !seen_missions;
    remaining(
        "Covert Mission cards",
        covert_deck.count_ones(),
        view.mission_deck,
    )?;

    // Imperial Action cards: the deck is every copy less those shown, discarded and in play.
    let mut imperial_discard = [0u8; IMPERIAL_KINDS];
    for &(c, k) in &view.imperial_discards {
        let d = &mut imperial_discard[c.index()];
        *d = d
            .checked_add(k)
            .ok_or(SampleError::TooMany("Imperial Action cards"))?;
    }
    let mut imperial_deck = [0u8; IMPERIAL_KINDS];
    for c in ImperialCard::ALL {
        let i = c.index();
        let in_play = match c {
            ImperialCard::DangerousCreature => view.creature as u8,
            ImperialCard::ImperialDoubleAgent => view.double_agent.is_some() as u8,
            _ => 0,
        };
        let shown = view
            .imperial_shown
            .iter()
            .filter(|&&s| s == Some(c))
            .count() as u8;
        imperial_deck[i] = c
            .copies()
            .checked_sub(imperial_discard[i])
            .and_then(|k| k.checked_sub(shown))
            .and_then(|k| k.checked_sub(in_play))
            .ok_or(SampleError::TooMany("Imperial Action cards"))?;
    }
    remaining(
        "Imperial Action cards",
        imperial_deck.iter().map(|&k| k as u32).sum(),
        view.imperial_deck,
    )?;
    if view.double_agent.is_some_and(|s| !seat_ok(s)) {
        return Err(SampleError::Shape("Double Agent"));
    }

    // Technologies: the piles are every tile less those shown, removed and owned.
    let tech_shown = bits(&view.techs_shown, Tech::bit);
    let tech_removed = bits(&view.techs_removed, Tech::bit);
    let mut seen_techs = 0u64;
    for m in [tech_shown, tech_removed]
        .into_iter()
        .chain(seated.iter().map(|p| p.techs))
    {
        if seen_techs & m != 0 {
            return Err(SampleError::TooMany("technology tiles"));
        }
        seen_techs |= m;
    }
    let tech_pile = ((1u64 << TECHS) - 1) & !seen_techs;
    for e in 1..=3u8 {
        remaining(
            "technology tiles of an epoch",
            (tech_pile & Tech::of_epoch(e)).count_ones(),
            view.tech_piles[e as usize - 1],
        )?;
    }

    if view.winners.iter().any(|&s| !seat_ok(s)) {
        return Err(SampleError::Shape("winners"));
    }
    let outcome = match view.step {
        Step::Over => Some(Outcome {
            winners: view.winners.iter().fold(0, |m, s| m | 1 << s.0),
        }),
        _ => None,
    };
    Ok(GameState {
        options: *options,
        rng,
        turn: view.turn,
        step: view.step,
        stack: view.questions.clone(),
        order,
        players,
        planets,
        rebel_fleet: view.rebel_fleet,
        fleet_marker: view.fleet_marker,
        spare_fleets: view.spare_fleets,
        sentinel_supply: view.sentinel_supply,
        initiative,
        influence,
        x_space: b.x_space,
        y_space: b.y_space,
        trade,
        research,
        warfare,
        specialists,
        goods_pile,
        goods_shown: view.goods_shown,
        covert_deck,
        covert_shown: view.missions_shown,
        covert_discard: bits(&view.mission_discards, |m: Mission| m.bit() as u64) as u32,
        mission_done: view.mission_done,
        imperial_deck,
        imperial_shown: view.imperial_shown,
        imperial_discard,
        action_taken: view.imperial_taken,
        creature: view.creature,
        double_agent: view.double_agent,
        tech_pile,
        tech_shown,
        tech_removed,
        outcome,
        // The bank's coins out: every player's coins add up to it.
        coins_out: seated.iter().map(|p| p.coins as u32).sum(),
        #[cfg(test)]
        scripted_draws: Vec::new(),
        #[cfg(test)]
        stop_before: None,
    })
}

fn remaining(what: &'static str, counted: u32, shown: u8) -> Result<(), SampleError> {
    if counted == shown as u32 {
        Ok(())
    } else {
        Err(SampleError::Remaining {
            what,
            counted,
            shown: shown as u32,
        })
    }
}
