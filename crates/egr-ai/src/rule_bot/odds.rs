//! Battle odds (rules §12): three cubes drawn without replacement from a bag of both sides'
//! cubes; whoever owns two or three of them wins.

/// The chance that the side with `a` cubes wins against `d` cubes.
pub(crate) fn win_chance(a: u8, d: u8) -> f64 {
    let (a, d) = (a as f64, d as f64);
    let total = a + d;
    if total < 3.0 {
        return if a > d { 1.0 } else { 0.0 };
    }
    // P(2 of the attacker's) + P(3 of the attacker's), hypergeometric.
    let three = a * (a - 1.0) * (a - 2.0);
    let two = 3.0 * a * (a - 1.0) * d;
    (two + three) / (total * (total - 1.0) * (total - 2.0))
}

#[cfg(test)]
mod tests {
    use super::win_chance;

    #[test]
    fn the_rules_worked_figures() {
        // Rules §12: 3 against 3 half the time, a Trooper's 3 against 5 Sentinel cubes 2 in 7,
        // 3 against the Galactic War's 8 about 15 in 100.
        assert!((win_chance(3, 3) - 0.5).abs() < 1e-12);
        assert!((win_chance(3, 5) - 2.0 / 7.0).abs() < 1e-12);
        assert!((win_chance(3, 8) - 0.1515).abs() < 1e-3);
        assert!((win_chance(8, 3) + win_chance(3, 8) - 1.0).abs() < 1e-12);
    }
}
