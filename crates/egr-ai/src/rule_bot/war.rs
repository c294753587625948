//! The Galactic War (rules §9.1) in expectation, for the last scoring: what is left of each
//! faction on a planet once its Sentinels have fought.

use egr_engine::data::{MAX_SEATS, WAR_SENTINEL_CUBES};
use egr_engine::win_chance;
use egr_engine::Seat;

/// The workers left per seat on a planet with these workers (`military` of them Troopers or
/// Heroes) and Sentinels. Each Sentinel wins q/(1-q) battles on average before it falls (q
/// its chance against the defender's cubes); the Sentinels strike the largest faction until
/// it is gone (`me` first among equals, to be safe), then the next; each battle lost costs
/// the defender a military worker, or two others once those are gone.
pub(crate) fn after_war(
    counts: &[u8; MAX_SEATS],
    military: &[u8; MAX_SEATS],
    sentinels: u8,
    cubes: &[u8; MAX_SEATS],
    n: usize,
    me: Seat,
) -> [u8; MAX_SEATS] {
    let mut out = *counts;
    let mut lives = sentinels as f64;
    while lives > 1e-9 {
        let Some(t) = (0..n)
            .filter(|&i| out[i] > 0)
            .max_by_key(|&i| (out[i], i == me.index()))
        else {
            break;
        };
        let q = win_chance(WAR_SENTINEL_CUBES, cubes[t]).min(0.99);
        let per_life = q / (1.0 - q);
        let mil = military[t].min(out[t]) as f64;
        let others = out[t] as f64 - mil;
        let needed = mil + (others / 2.0).ceil();
        let battles = lives * per_life;
        if battles >= needed {
            out[t] = 0;
            lives -= needed / per_life;
        } else {
            let lost = battles.min(mil) + 2.0 * (battles - mil).max(0.0);
            out[t] = (out[t] as f64 - lost).round().max(0.0) as u8;
            lives = 0.0;
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::after_war;
    use egr_engine::Seat;

    #[test]
    fn one_sentinel_clears_a_weak_faction_and_spares_a_strong_one() {
        let cubes = [3, 10, 3, 3, 3];
        // Against 3 cubes a Sentinel wins 5.6 battles on average: eight Rebels are gone.
        let left = after_war(&[8, 0, 0, 0, 0], &[0; 5], 1, &cubes, 2, Seat(0));
        assert_eq!(left[0], 0);
        // Against 10 cubes it wins 0.7: one battle, two Rebels (rounded) lost.
        let left = after_war(&[0, 8, 0, 0, 0], &[0; 5], 1, &cubes, 2, Seat(0));
        assert!(left[1] >= 6, "{left:?}");
        // The largest faction is struck first: twelve Rebels take 6 battles, more than the
        // Sentinel's 5.6, so the smaller faction keeps its workers. Against six (3 battles)
        // the Sentinel goes on and clears the two as well.
        let left = after_war(&[2, 0, 12, 0, 0], &[0; 5], 1, &[3; 5], 3, Seat(0));
        assert_eq!((left[0], left[2]), (2, 1));
        let left = after_war(&[2, 0, 6, 0, 0], &[0; 5], 1, &[3; 5], 3, Seat(0));
        assert_eq!((left[0], left[2]), (0, 0));
        // Troopers lose one per battle: five of them and five Rebels take 5 + 3 battles.
        let left = after_war(&[10, 0, 0, 0, 0], &[5, 0, 0, 0, 0], 1, &[3; 5], 2, Seat(0));
        assert_eq!(left[0], 4);
        // No Sentinel, no war.
        assert_eq!(
            after_war(&[4, 4, 0, 0, 0], &[0; 5], 0, &cubes, 2, Seat(0)),
            [4, 4, 0, 0, 0]
        );
    }
}
