//! Warfare (rules §6.6, §12): an attack costs nothing whatever its outcome (the attacker goes
//! back to its supply either way), so the bot aims where the chance of winning times what the
//! win is worth is greatest.

use super::table::{Change, Table};
use egr_engine::data::SENTINEL_CUBES;
use egr_engine::{win_chance, Kind, Planet, Target};

/// The attacker's cubes against this target, with the bonuses of this turn (the engine's rule).
fn attack_cubes(t: &Table, kind: Kind, target: Target) -> u8 {
    t.view.attack_cubes(t.me, kind, target).unwrap_or(0)
}

/// What a win against `target` on `p` brings: a Sentinel fewer (cheaper missions there too),
/// or a rival's worker fewer (two, if it has no Trooper or Hero there to defend with).
fn win_value(t: &Table, p: Planet, target: Target) -> f64 {
    match target {
        Target::Sentinels => t.planet_gain(p, Change::sentinels(-1)) + 0.3,
        Target::Faction(r) => {
            let i = p.index();
            let military = t.military[i][r.index()] > 0;
            let lost = if military { 1 } else { 2 };
            t.planet_gain(
                p,
                Change::workers(r, -lost.min(t.counts[i][r.index()] as i8), military),
            )
        }
    }
}

pub(crate) fn attack_value(t: &Table, kind: Kind, p: Planet, target: Target) -> f64 {
    let a = attack_cubes(t, kind, target);
    let d = match target {
        Target::Sentinels => SENTINEL_CUBES,
        Target::Faction(r) => t.cubes[r.index()],
    };
    win_chance(a, d) * win_value(t, p, target)
}

/// The best attack a worker of `kind` could make on the board as it is (0: none).
pub(crate) fn best_attack(t: &Table, kind: Kind) -> f64 {
    let mut best = 0.0f64;
    for p in Planet::ALL {
        let planet = &t.view.planets[p.index()];
        if planet.imperial_fleet || t.sheltered(p, Some(t.me)) {
            continue;
        }
        if planet.sentinels > 0 {
            best = best.max(attack_value(t, kind, p, Target::Sentinels));
        }
        for r in t.rival_seats() {
            if t.counts[p.index()][r.index()] > 0 {
                best = best.max(attack_value(t, kind, p, Target::Faction(r)));
            }
        }
    }
    best
}

/// What the bot would rather lose of its workers on a planet (lowest first): plain workers
/// before the ones its Epoch III tiles count; Troopers and Heroes are kept for the war.
pub(crate) fn piece_worth(t: &Table, kind: Kind) -> f64 {
    use egr_engine::Tech::*;
    let tile = |tech, vp: f64| if t.owns(tech) { vp } else { 0.0 };
    1.0 + match kind {
        Kind::Rebel => 0.0,
        Kind::Trooper => 0.3 + tile(MilitaryDictatorship, 2.0),
        Kind::Hero => 0.3,
        Kind::Smuggler => 0.1 + tile(FinancialCollective, 3.0),
        Kind::Scientist => 0.1 + tile(ScientificOligarchy, 4.0),
        Kind::Diplomat => 0.2,
    }
}
