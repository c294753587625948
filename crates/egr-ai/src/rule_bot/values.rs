//! What technologies, Covert Missions and Imperial Action cards are worth to the bot now, in
//! Victory Points.

use super::board::{best_add, best_rival_loss, best_sentinel_move, best_sentinels_added};
use super::board::{closing, opening, rival_loss, sentinels_gain};
use super::table::{Change, Table};
use egr_engine::data::missions::Location;
use egr_engine::{ImperialCard, Kind, Mission, Place, Planet, Tech};

/// One free worker a technology puts in a box every turn, against one placed from the hand.
const FREE_WORKER: f64 = 1.1;

pub(crate) fn tech_value(t: &Table, tech: Tech) -> f64 {
    use Tech::*;
    let after = t.turns_after as f64;
    let phases = t.tech_phases_left as f64;
    if let Some((kind, n)) = tech.workers() {
        return n as f64 * after * t.worker_value(kind);
    }
    let free = FREE_WORKER * t.w.worker;
    match tech {
        PropagandaAmplificationSoftware | LoyaltyScanner => after * free,
        RedFalconMissileFighter => after * 0.7 * free,
        ElectionHackFirmware => phases * 0.8 * free,
        PersonalCloakingDevice | StunBlaster => after * 0.8 * free,
        TranceStateInducer | PlanetaryJumpArmor => t.cube_value(tech.cubes()),
        MatterDuplication | MetaEmbezzlementMainframe => tech.income() as f64 * phases * t.coin,
        CapitalShipDrydock | MoltenInjectorBoardingCannon => fleet_value(t),
        AllianceWithIndigenousRace => Planet::ALL
            .into_iter()
            .filter(|&p| t.counts[p.index()][t.me.index()] > 0 && !t.sheltered(p, Some(t.me)))
            .map(|p| t.planet_gain(p, Change::workers(t.me, 2, true)))
            .fold(0.0, f64::max),
        ImperialCorruption => {
            let diplomat = t.mine().senate[Kind::Diplomat.index()] > 0;
            let toll = 2.0 * (t.n - 1) as f64 * phases * t.coin;
            if diplomat {
                toll
            } else {
                0.4 * toll
            }
        }
        MiniaturizedHyperdrive => after * 0.6 * t.w.worker,
        NanotechOptimizedTradeVessels => {
            let mine = t.mine();
            let mut per_turn = 3.0 * mine.goods[egr_engine::Good::Nanotech.index()] as f64;
            if mine.routes.contains(&Planet::Vollux) {
                per_turn += 6.0;
            }
            per_turn * phases * t.coin + 0.3 * after
        }
        AutomatedFactory => phases * 0.4 * (1.0 + t.coin * t.incomes_left as f64),
        _ if tech.epoch() == 3 => epoch_three_points(t, tech),
        _ => 0.0,
    }
}

/// The Rebel Fleet: no rival may land on its planet or attack it, so the bot's best majority
/// is safe there; Star Faring Autocracy's 10 points if the bot owns it.
fn fleet_value(t: &Table) -> f64 {
    let protect = Planet::ALL
        .into_iter()
        .map(|p| closing(t, p))
        .fold(0.0, f64::max);
    let autocracy = if t.owns(Tech::StarFaringAutocracy) {
        10.0
    } else {
        0.0
    };
    1.0 + protect + autocracy
}

/// An Epoch III tile's points at the end (rules §13.3) as the board stands, the Galactic War
/// taking its share of the workers on planets, and a little for what the turns left may add.
fn epoch_three_points(t: &Table, tech: Tech) -> f64 {
    use Tech::*;
    let me = t.me.index();
    let mine = t.mine();
    let on_planets = |kind: Kind| -> f64 {
        t.view
            .planets
            .iter()
            .map(|p| p.workers[me][kind.index()] as f64)
            .sum()
    };
    let controlled: Vec<usize> = (0..8)
        .filter(|&p| {
            let c = &t.counts[p];
            c[me] > 0 && (0..t.n).all(|s| s == me || c[s] < c[me])
        })
        .collect();
    let war = 0.8;
    let growth = 1.0 + t.turns_after as f64;
    let now = match tech {
        TechnocratUtopia => 2.0 * (mine.techs.len() + 1) as f64,
        MercantileFederation => 3.0 * mine.routes.len() as f64,
        ElitistOligarchy => 2.0 * mine.senate[1..].iter().map(|&c| c as f64).sum::<f64>(),
        Democracy => {
            war * controlled
                .iter()
                .map(|&p| t.counts[p][me] as f64)
                .sum::<f64>()
                / 2.0
        }
        Republic => mine.senate[Kind::Rebel.index()] as f64,
        StarFaringAutocracy => match t.view.rebel_fleet {
            Some((_, owner)) if owner == t.me => 10.0,
            _ => 0.0,
        },
        MilitaryDictatorship => war * 2.0 * on_planets(Kind::Trooper),
        WeakConfederacy => war * 4.0 * controlled.len() as f64,
        FinancialCollective => war * 3.0 * on_planets(Kind::Smuggler),
        DynasticMonarchy => (mine.coins as f64 + 25.0 * t.tech_phases_left as f64) / 5.0 - 3.0,
        Anarchy => 3.0 * mine.missions.len() as f64,
        ScientificOligarchy => war * 4.0 * on_planets(Kind::Scientist),
        _ => 0.0,
    };
    now + growth
}

/// Where a face-up mission could be conducted now (rules §14).
pub(crate) fn mission_places(t: &Table, m: Mission) -> Vec<Place> {
    let planets = |f: &dyn Fn(Planet) -> bool| -> Vec<Place> {
        Planet::ALL
            .into_iter()
            .filter(|&p| f(p))
            .map(Place::Planet)
            .collect()
    };
    let rival_has = |p: Planet, kind: Kind| {
        t.rival_seats()
            .any(|r| t.view.planets[p.index()].workers[r.index()][kind.index()] > 0)
    };
    match m.location(&t.numbers) {
        Location::Fixed(p) => vec![Place::Planet(p)],
        Location::Either(p, q) => vec![Place::Planet(p), Place::Planet(q)],
        Location::FleetPlanet => planets(&|p| t.view.planets[p.index()].imperial_fleet),
        Location::Target => {
            if m.card(&t.numbers) == Mission::AssassinateRivalDiplomat {
                let mut out = planets(&|p| rival_has(p, Kind::Diplomat));
                let senate = t
                    .rival_seats()
                    .any(|r| t.view.seats[r.index()].senate[Kind::Diplomat.index()] > 0);
                if senate {
                    out.push(Place::Senate);
                }
                out
            } else {
                planets(&|p| rival_has(p, Kind::Trooper))
            }
        }
    }
}

/// A mission's price in covert points at `at` (rules §6.4).
pub(crate) fn mission_cost(t: &Table, at: Place) -> u8 {
    let base = match at {
        Place::Planet(p) => t.sentinels[p.index()],
        _ => 1,
    };
    base + if t.view.creature { 2 } else { 0 }
}

/// A mission's worth: its Victory Points, Anarchy's 3, and its reward (rules §14).
pub(crate) fn mission_value(t: &Table, m: Mission, at: Place) -> f64 {
    use Mission::*;
    let vp = m.vp(&t.numbers) as f64;
    let anarchy = if t.owns(Tech::Anarchy) { 3.0 } else { 0.0 };
    let later = if t.turns_after > 0 { 1.0 } else { 0.0 };
    let reward = match m.card(&t.numbers) {
        AssassinateRivalDiplomat | AssassinateRivalGeneralA | AssassinateRivalGeneralB => {
            let kind = if m.card(&t.numbers) == AssassinateRivalDiplomat {
                Kind::Diplomat
            } else {
                Kind::Trooper
            };
            t.rival_seats()
                .map(|r| match at {
                    Place::Planet(p)
                        if t.view.planets[p.index()].workers[r.index()][kind.index()] > 0 =>
                    {
                        rival_loss(t, p, r, 1, kind.is_military())
                    }
                    Place::Senate if t.view.seats[r.index()].senate[kind.index()] > 0 => {
                        let mut d = [0i8; 5];
                        d[r.index()] = -2;
                        t.senate_gain(d)
                    }
                    _ => 0.0,
                })
                .fold(0.0, f64::max)
        }
        StealPlansGalcrux | StealPlansAlioth => t.cube_value(1),
        SpyWarCouncilVeltair | SpyWarCouncilSargas => best_sentinels_added(t, 1),
        SabotageTrega | SabotageMirzam => 0.5 * later,
        PropagandaMachine => 0.3 * later,
        DestroyCapitalShip => Planet::ALL
            .into_iter()
            .filter(|p| t.view.planets[p.index()].imperial_fleet)
            .map(|p| opening(t, p))
            .fold(0.0, f64::max),
        RescuePrisonerVollux | RescuePrisonerEdara => {
            if at == Place::Planet(t.numbers.rescue_choice_at) {
                Kind::SPECIALISTS
                    .into_iter()
                    .map(|k| t.worker_value(k))
                    .fold(0.0, f64::max)
            } else {
                t.worker_value(Kind::Hero)
            }
        }
        AssassinateGeneralAlioth | AssassinateGeneralTrega => match at {
            Place::Planet(p) if t.sentinels[p.index()] > 0 => sentinels_gain(t, p, -1),
            Place::Planet(p) if !t.sheltered(p, None) => sentinels_gain(t, p, 1),
            _ => 0.0,
        },
        RobTreasuryVeltair | RobTreasuryMirzam => 5.0 * t.coin,
        SupplantPirates => 5.0 * t.coin + t.worker_value(Kind::Trooper),
        SaveTraitor => 2.5,
        Twentieth => 0.0,
    };
    vp + anarchy + reward
}

/// An Imperial Action card's worth to the one who plays it (rules §15), by its best use now.
pub(crate) fn card_value(t: &Table, card: ImperialCard) -> f64 {
    use ImperialCard::*;
    match card {
        PlanetaryBombardment => Planet::ALL
            .into_iter()
            .filter(|&p| !t.sheltered(p, None))
            .map(|p| bombard_gain(t, p))
            .fold(0.0, f64::max),
        InvadedByTheVox => {
            let mut gains: Vec<f64> = Planet::ALL
                .into_iter()
                .filter(|p| t.sentinels[p.index()] > 0)
                .map(|p| sentinels_gain(t, p, -1))
                .collect();
            gains.sort_by(|a, b| b.total_cmp(a));
            gains.iter().take(4).sum::<f64>() + 0.3
        }
        NewCorpsOfSentinels => best_sentinels_added(t, 3),
        RebelBaseDiscovered => best_rival_loss(t, 2, false) + best_sentinel_move(t),
        TroopsRebased => 2.0 * best_sentinel_move(t),
        SenateAwardsTradeRoute => Planet::ALL
            .into_iter()
            .filter(|p| t.view.planets[p.index()].route)
            .map(|p| route_gain(t, p))
            .fold(0.0, f64::max),
        ImperialAtrocity => best_rival_loss(t, 1, true) + best_add(t, 2, Kind::Rebel),
        ImperialSpies => 1.0,
        ImperialPropaganda => best_rival_loss(t, 2, true).max(best_rival_loss(t, 1, false)),
        DangerousCreature => 0.3,
        RebellionSpreads => best_add(t, 3, Kind::Rebel) * 0.7,
        ImperialDoubleAgent => match t.view.double_agent {
            Some(s) if s == t.me => 0.0,
            _ => 1.0,
        },
        NewScienceLab => best_add(t, 2, Kind::Scientist),
        ImperialMistake => best_add(t, 2, Kind::Trooper),
        PlagueSerumWithheld => Planet::ALL
            .into_iter()
            .map(|p| random_removal_gain(t, p, 5))
            .fold(0.0, f64::max),
        PlanetaryCivilWar => Planet::ALL
            .into_iter()
            .map(|p| {
                let all = t.sentinels[p.index()] as u32
                    + t.counts[p.index()].iter().map(|&c| c as u32).sum::<u32>();
                random_removal_gain(t, p, all / 2)
            })
            .fold(0.0, f64::max),
    }
}

/// A Trade Route: two goods of its planet's kind.
pub(crate) fn route_gain(t: &Table, p: Planet) -> f64 {
    let mut extra = [0u8; 8];
    extra[p.good().index()] = 2;
    t.goods_gain(&extra)
}

/// Planetary Bombardment on `p`: every worker there goes back to its hand (so the bot's own
/// come back as next turn's workers) and an Imperial Fleet closes the planet.
pub(crate) fn bombard_gain(t: &Table, p: Planet) -> f64 {
    let mut ch = Change::default();
    for s in 0..t.n {
        ch.workers[s] = -(t.counts[p.index()][s] as i8);
        ch.military[s] = -(t.military[p.index()][s] as i8);
    }
    let mine = t.counts[p.index()][t.me.index()] as f64;
    t.planet_gain(p, ch) + 0.5 * mine * t.worker_value(Kind::Rebel)
}

/// `n` pieces drawn at random on `p` (Plague, Civil War): each faction loses its share.
pub(crate) fn random_removal_gain(t: &Table, p: Planet, n: u32) -> f64 {
    let i = p.index();
    let total = t.sentinels[i] as f64 + t.counts[i].iter().map(|&c| c as f64).sum::<f64>();
    if total == 0.0 {
        return 0.0;
    }
    let share = (n as f64 / total).min(1.0);
    let mut ch = Change::sentinels(-((t.sentinels[i] as f64 * share).round() as i8));
    for s in 0..t.n {
        ch.workers[s] = -((t.counts[i][s] as f64 * share).round() as i8);
    }
    t.planet_gain(p, ch)
}
