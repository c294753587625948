//! The few statistics the benchmarks report (strength runs, speeds): plain functions, so every
//! game's bins say the same thing the same way.

/// The 95% Wilson score interval of `successes` out of `n` (as fractions; `n` = 0 reads as 1).
pub fn wilson_95(successes: u64, n: u64) -> (f64, f64) {
    let n = n.max(1) as f64;
    let p = successes as f64 / n;
    let z = 1.96f64;
    let centre = (p + z * z / (2.0 * n)) / (1.0 + z * z / n);
    let half = z * (p * (1.0 - p) / n + z * z / (4.0 * n * n)).sqrt() / (1.0 + z * z / n);
    (centre - half, centre + half)
}

/// The value at quantile `q` (0..=1) of sorted `v` (the nearest rank; the default if empty).
pub fn quantile<T: Copy + Default>(v: &[T], q: f64) -> T {
    if v.is_empty() {
        return T::default();
    }
    v[((v.len() - 1) as f64 * q).round() as usize]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn known_intervals_and_quantiles() {
        let (low, high) = wilson_95(50, 100);
        assert!((low - 0.4038).abs() < 1e-3 && (high - 0.5962).abs() < 1e-3);
        let (low, high) = wilson_95(0, 10);
        assert!(low.abs() < 1e-12 && (high - 0.2775).abs() < 1e-3);
        assert_eq!(quantile(&[1, 2, 3, 4, 5], 0.5), 3);
        assert_eq!(quantile::<u8>(&[], 0.5), 0);
    }
}
