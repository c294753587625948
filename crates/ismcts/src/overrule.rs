//! When a search should overrule a good default player: a game's searching level keeps its
//! rule-based player's choice unless the search is sure of something better. The estimates
//! are noisy and the best of many looks better than it is, so a small lead is no reason.

use crate::search::Estimate;

/// How many standard errors the search's choice must stand above the default's.
pub const CONFIDENCE: f64 = 2.0;
/// The fewest iterations the search's choice needs (and a quarter of that, the default's).
pub const MIN_VISITS: u32 = 16;

/// The search's most visited action if it is clearly better than `default` (the rule-based
/// player's choice); else `default`.
pub fn overrule<A: Copy + PartialEq>(default: A, estimates: &[Estimate<A>]) -> A {
    let Some(best) = estimates.iter().max_by_key(|e| e.visits) else {
        return default;
    };
    let Some(ruled) = estimates.iter().find(|e| e.action == default) else {
        return default;
    };
    let lead = best.chance - ruled.chance;
    let error = (best.error * best.error + ruled.error * ruled.error).sqrt();
    if best.action != default
        && best.visits >= MIN_VISITS
        && ruled.visits >= MIN_VISITS / 4
        && lead > CONFIDENCE * error
    {
        best.action
    } else {
        default
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn estimate(action: u8, chance: f64, visits: u32, error: f64) -> Estimate<u8> {
        Estimate {
            action,
            chance,
            visits,
            error,
        }
    }

    #[test]
    fn the_default_choice_stands_unless_the_search_is_sure() {
        let (rule, other) = (0, 1);
        let close = [
            estimate(rule, 0.50, 40, 0.03),
            estimate(other, 0.55, 80, 0.03),
        ];
        assert_eq!(overrule(rule, &close), rule, "a lead within the noise");
        let clear = [
            estimate(rule, 0.40, 40, 0.02),
            estimate(other, 0.55, 80, 0.02),
        ];
        assert_eq!(overrule(rule, &clear), other, "a clear lead");
        let few = [
            estimate(rule, 0.10, 2, 0.02),
            estimate(other, 0.90, 8, 0.02),
        ];
        assert_eq!(overrule(rule, &few), rule, "too few iterations to judge");
    }
}
