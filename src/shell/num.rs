//! Numbers with a fixed count of decimals for SVG and CSS, written with integer arithmetic: the
//! standard float formatting (`{:.1}`, a float's `Display`) costs the pages about 5 KiB gzip.

use std::fmt;

/// `value` rounded to one decimal, shown like `12.5` or `-3.0`.
pub fn dec1(value: f32) -> Fixed {
    Fixed {
        value: value as f64,
        places: 1,
    }
}

/// `value` rounded to three decimals.
pub fn dec3(value: f64) -> Fixed {
    Fixed { value, places: 3 }
}

/// A number shown with a fixed count of decimals.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Fixed {
    value: f64,
    places: u8,
}

impl fmt::Display for Fixed {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let scale = 10i64.pow(self.places as u32);
        let scaled = (self.value.abs() * scale as f64 + 0.5).floor();
        // Far beyond any coordinate; kept finite rather than overflowing.
        let scaled = if scaled.is_finite() {
            scaled.min(1e15) as i64
        } else {
            0
        };
        let sign = if self.value < 0.0 && scaled != 0 {
            "-"
        } else {
            ""
        };
        let (whole, part) = (scaled / scale, scaled % scale);
        let mut digits = part.to_string();
        while digits.len() < self.places as usize {
            digits.insert(0, '0');
        }
        write!(f, "{sign}{whole}.{digits}")
    }
}

impl From<Fixed> for String {
    fn from(value: Fixed) -> String {
        value.to_string()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn like_the_standard_formatting() {
        for v in [
            0.0f32, 1.25, -1.25, 12.34, -0.04, 999.95, 0.05, 1000.0, -7.0,
        ] {
            assert_eq!(
                dec1(v).to_string(),
                format!("{:.1}", v as f64 + 1e-9 * v.signum() as f64).replace("-0.0", "0.0"),
                "{v}"
            );
        }
        assert_eq!(dec3(1.0).to_string(), "1.000");
        assert_eq!(dec3(0.1234).to_string(), "0.123");
        assert_eq!(dec3(-2.0005).to_string(), "-2.001");
        assert_eq!(dec1(f32::NAN).to_string(), "0.0");
    }
}
