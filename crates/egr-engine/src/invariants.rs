//! The properties every reachable game keeps, written once for the property tests
//! (`tests/properties.rs`) and the soak (`egr-soak`), which check them after every action of
//! random games. Each check returns what broke, in words, or `Ok`.

use crate::action::{Action, Spot, Target};
use crate::data::imperial::ImperialCard;
use crate::data::missions::MISSIONS;
use crate::data::techs::TECHS;
use crate::data::{Good, Kind, Place, Planet, Seat, IMPERIAL_FLEETS, MAX_CUBES, SENTINELS, TURNS};
use crate::game::Game;
use crate::log::NoLog;
use crate::options::GameOptions;
use crate::state::{GameState, Step};
use game_kit::Rng;

type Check = Result<(), String>;

/// Everything that must hold after any action.
pub fn after_action(state: &GameState) -> Check {
    pieces_are_conserved(state)?;
    tiles_and_cards_are_conserved(state)?;
    board_makes_sense(state)?;
    one_seat_decides(state)?;
    Ok(())
}

/// Each seat's figures add up to its 80 (L48): supply, hand, planets, the boxes, the Rebel
/// marking the turn order and the one marking the Rebel Fleet; the 30 Sentinels and 5 Imperial
/// Fleets likewise.
pub fn pieces_are_conserved(state: &GameState) -> Check {
    let n = state.players() as usize;
    let mut count = [[0u32; 6]; 5];
    for (s, c) in count.iter_mut().enumerate().take(n) {
        let p = &state.players[s];
        for (k, c) in c.iter_mut().enumerate() {
            *c += (p.supply[k] + p.hand[k] + p.covert[k] + p.senate[k]) as u32;
            for planet in &state.planets {
                *c += planet.workers[s][k] as u32;
            }
        }
        c[0] += 1; // the turn-order marker
    }
    if let Some((_, owner)) = state.rebel_fleet {
        // The Rebel standing with the Rebel Fleet (L829).
        count[owner.index()][0] += state.fleet_marker as u32;
    } else if state.fleet_marker {
        return Err("a Rebel Fleet marker with no Rebel Fleet".into());
    }
    let rows = [
        &state.initiative,
        &state.influence,
        &state.trade,
        &state.research,
        &state.warfare,
    ];
    let boxed = rows
        .iter()
        .flat_map(|r| r.slots.iter())
        .chain([&state.x_space, &state.y_space])
        .chain(state.specialists.iter())
        .flatten();
    for w in boxed {
        if w.seat.index() >= n {
            return Err(format!("a worker of seat {} in a box", w.seat.0));
        }
        count[w.seat.index()][w.kind.index()] += 1;
    }
    for (s, c) in count.iter().enumerate().take(n) {
        for k in Kind::ALL {
            if c[k.index()] != k.owned() as u32 {
                return Err(format!(
                    "seat {s} has {} {:?} figures, not {}",
                    c[k.index()],
                    k,
                    k.owned()
                ));
            }
        }
    }
    let sentinels: u32 = state.sentinel_supply as u32
        + state
            .planets
            .iter()
            .map(|p| p.sentinels as u32)
            .sum::<u32>();
    if sentinels != SENTINELS as u32 {
        return Err(format!("{sentinels} Sentinels, not {SENTINELS}"));
    }
    let fleets =
        state.spare_fleets + state.planets.iter().filter(|p| p.imperial_fleet).count() as u8;
    if fleets != IMPERIAL_FLEETS {
        return Err(format!("{fleets} Imperial Fleets, not {IMPERIAL_FLEETS}"));
    }
    let coins: u32 = state.players[..n].iter().map(|p| p.coins as u32).sum();
    if coins != state.coins_out {
        return Err(format!(
            "the players hold {coins} UC but the bank paid out {}",
            state.coins_out
        ));
    }
    Ok(())
}

/// Trade goods, technologies, missions, Imperial Action cards and Trade Routes are each in
/// exactly one place.
pub fn tiles_and_cards_are_conserved(state: &GameState) -> Check {
    let n = state.players() as usize;
    for g in Good::ALL {
        let i = g.index();
        let held: u32 = state.players[..n].iter().map(|p| p.goods[i] as u32).sum();
        let total = held + state.goods_pile[i] as u32 + state.goods_shown[i] as u32;
        if total != state.options.numbers.goods[i] as u32 {
            return Err(format!("{total} {g:?} tiles"));
        }
    }
    let mut techs = [state.tech_pile, state.tech_shown, state.tech_removed].to_vec();
    techs.extend(state.players[..n].iter().map(|p| p.techs));
    let mut seen = 0u64;
    for m in techs {
        if seen & m != 0 {
            return Err("a technology in two places".into());
        }
        seen |= m;
    }
    if seen != (1u64 << TECHS) - 1 {
        return Err("a technology lost".into());
    }
    let mut missions = vec![state.covert_deck, state.covert_discard];
    missions.extend(state.covert_shown.iter().flatten().map(|m| m.bit()));
    missions.extend(state.players[..n].iter().map(|p| p.missions));
    let mut seen = 0u32;
    for m in missions {
        if seen & m != 0 {
            return Err("a mission card in two places".into());
        }
        seen |= m;
    }
    if seen != (1u32 << MISSIONS) - 1 {
        return Err("a mission card lost".into());
    }
    for c in ImperialCard::ALL {
        let i = c.index();
        let shown = state
            .imperial_shown
            .iter()
            .filter(|&&s| s == Some(c))
            .count() as u8;
        let in_play = match c {
            ImperialCard::DangerousCreature => state.creature as u8,
            ImperialCard::ImperialDoubleAgent => state.double_agent.is_some() as u8,
            _ => 0,
        };
        let total = state.imperial_deck[i] + state.imperial_discard[i] + shown + in_play;
        if total != c.copies() {
            return Err(format!("{total} {c:?} cards, not {}", c.copies()));
        }
    }
    for p in Planet::ALL {
        let holders = state.players[..n]
            .iter()
            .filter(|pl| pl.routes & p.bit() != 0)
            .count();
        if holders + state.planet(p).route as usize != 1 {
            return Err(format!("{p:?}'s Trade Route is in {holders} hands"));
        }
    }
    Ok(())
}

pub fn board_makes_sense(state: &GameState) -> Check {
    for s in state.seats() {
        let c = state.player(s).cubes;
        if !(3..=MAX_CUBES).contains(&c) {
            return Err(format!("seat {} has {c} cubes", s.0));
        }
    }
    if let Some((p, owner)) = state.rebel_fleet {
        // The Imperial Fleet there leaves by its owner's next answer (L829).
        let leaving = matches!(
            state.question(),
            Some(crate::Prompt::Effect {
                effect: crate::Effect::PushFleet { from },
                ..
            }) if from == p
        );
        if state.planet(p).imperial_fleet && !leaving {
            return Err(format!(
                "an Imperial Fleet shares {p:?} with the Rebel Fleet"
            ));
        }
        if owner.0 >= state.players() {
            return Err("the Rebel Fleet has no owner".into());
        }
    }
    if state.turn > TURNS {
        return Err(format!("turn {}", state.turn));
    }
    match (state.is_over(), state.step) {
        (true, Step::Over) => {
            if state.winners().is_empty() {
                return Err("a game over without a winner".into());
            }
            if state.turn != TURNS {
                return Err(format!("the game ended on turn {}", state.turn));
            }
        }
        (false, Step::Over) | (true, _) => return Err("over and not over".into()),
        _ => {}
    }
    Ok(())
}

/// While the game goes on exactly one seat has a choice of two answers or more, and no other
/// seat has any.
pub fn one_seat_decides(state: &GameState) -> Check {
    let Some(active) = state.active_player() else {
        return if state.is_over() {
            Ok(())
        } else {
            Err("nobody to act in a game not over".into())
        };
    };
    for s in state.seats() {
        let n = state.legal_actions(s).len();
        if s == active && n < 2 {
            return Err(format!("seat {} is asked with {n} answers", s.0));
        }
        if s != active && n > 0 {
            return Err(format!("seat {} may act out of turn", s.0));
        }
    }
    Ok(())
}

/// Actions that are not legal now, of every shape, for every seat.
fn candidates(state: &GameState, rng: &mut Rng) -> Vec<Action> {
    let seat = Seat(rng.below(state.players() as usize) as u8);
    let planet = Planet::from_index(rng.below(8));
    let kind = Kind::from_index(rng.below(6));
    vec![
        Action::Pass,
        Action::Place {
            kind,
            spot: Spot::Initiative,
        },
        Action::Place {
            kind,
            spot: Spot::Specialist(Kind::Rebel),
        },
        Action::Planet(planet),
        Action::Good(Good::ALL[rng.below(8)]),
        Action::Mission {
            slot: rng.below(4) as u8,
            at: Place::Planet(planet),
        },
        Action::Pay(kind),
        Action::Tech(crate::Tech::from_index(rng.below(TECHS))),
        Action::Attack {
            planet,
            target: Target::Faction(seat),
        },
        Action::Attack {
            planet,
            target: Target::Sentinels,
        },
        Action::Defend(kind),
        Action::Kind(kind),
        Action::Bid(rng.below(40) as u8),
        Action::Card(rng.below(4) as u8),
        Action::Seat(seat),
        Action::Seat(Seat(7)),
        Action::Piece {
            at: Place::Senate,
            seat,
            kind,
        },
        Action::Move {
            from: planet,
            to: planet,
        },
        Action::Count(rng.below(4) as u8),
    ]
}

/// Every action outside the legal list, by any seat, is refused and changes nothing.
pub fn illegal_actions_are_refused(state: &GameState, rng: &mut Rng) -> Check {
    let seats: Vec<Seat> = state.seats().chain([Seat(6)]).collect();
    for seat in seats {
        let legal = state.legal_actions(seat);
        for action in candidates(state, rng) {
            if legal.contains(&action) {
                continue;
            }
            let mut copy = state.clone();
            let mut log = Vec::new();
            if copy.apply(seat, action, &mut log).is_ok() {
                return Err(format!("seat {} could play {action:?}", seat.0));
            }
            if &copy != state || !log.is_empty() {
                return Err(format!("refusing {action:?} changed the game"));
            }
        }
    }
    Ok(())
}

/// A view never holds the generator, and nothing in it depends on what is still to be drawn:
/// the same position with another generator gives the same view.
pub fn views_hold_no_hidden_order(state: &GameState) -> Check {
    let mut other = state.clone();
    other.rng = Rng::new(state.rng.clone().next_u64() ^ 0xDEAD_BEEF);
    for s in state.seats() {
        let view = state.view(s);
        if view != other.view(s) {
            return Err(format!("seat {}'s view depends on the generator", s.0));
        }
        let json = serde_json::to_string(&view).map_err(|e| e.to_string())?;
        if json.contains("\"rng\"") || json.contains("\"state\":") {
            return Err("a view holds the generator".into());
        }
    }
    Ok(())
}

/// A save loads as the same game.
pub fn saves_resume_identically(game: &Game) -> Check {
    let text = game.save();
    match Game::load(&text) {
        Ok(loaded) if &loaded == game => Ok(()),
        Ok(_) => Err("a loaded save differs from the game".into()),
        Err(e) => Err(format!("a save does not load: {e}")),
    }
}

/// A whole random game (uniform over the legal actions, seeded), every property checked after
/// every action and the costlier ones where `costly(step)` says. Returns the final state and
/// the number of actions.
pub fn play_checked(
    options: GameOptions,
    seed: u64,
    costly: impl Fn(usize) -> bool,
) -> Result<(GameState, usize), String> {
    let mut state = GameState::new(seed, options, &mut NoLog);
    let mut policy = Rng::new(seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) ^ 0xE6);
    let mut check_rng = Rng::new(seed ^ 0x1234);
    let mut steps = 0;
    let fail = |e: String, steps: usize| {
        format!(
            "{} players, seed {seed}, action {steps}: {e}",
            options.players
        )
    };
    after_action(&state).map_err(|e| fail(e, 0))?;
    let mut legal = Vec::new();
    while let Some(seat) = state.active_player() {
        if costly(steps) {
            illegal_actions_are_refused(&state, &mut check_rng).map_err(|e| fail(e, steps))?;
            views_hold_no_hidden_order(&state).map_err(|e| fail(e, steps))?;
        }
        state.legal_actions_into(seat, &mut legal);
        let action = legal[policy.below(legal.len())];
        state
            .apply(seat, action, &mut NoLog)
            .map_err(|e| fail(e.to_string(), steps))?;
        steps += 1;
        after_action(&state).map_err(|e| fail(e, steps))?;
        if steps > 20_000 {
            return Err(fail("the game does not end".into(), steps));
        }
    }
    if !state.is_over() {
        return Err(fail("stopped without an end".into(), steps));
    }
    Ok((state, steps))
}
