//! Confidence intervals for `mahjong simulate`: net result per hand as a ratio of sums over
//! independent units (games, or in duplicate mode the rotations of one deal).
//!
//! Hands within a game are not independent (the dealer's rotation, East's streak), games
//! are: each unit `g` contributes its net `T_g` and its hand count `H_g`, the estimate is
//! `m = ΣT / ΣH`, and its standard error the usual one for a ratio estimator,
//! `sqrt(Σ (T_g − m·H_g)² / (G (G − 1))) / H̄` with `H̄ = ΣH / G`. The 95 % interval is
//! `m ± t(G − 1) · SE` with Student's t (so that a handful of games gives an honestly wide
//! interval); with fewer than two units there is none.

/// Running sums for one seat (or bot) over independent units.
#[derive(Clone, Debug, Default)]
pub struct Ratio {
    units: u64,
    t: f64,
    h: f64,
    tt: f64,
    th: f64,
    hh: f64,
}

impl Ratio {
    /// Adds one unit: net `t` over `h` hands.
    pub fn add(&mut self, t: i64, h: u64) {
        let (t, h) = (t as f64, h as f64);
        self.units += 1;
        self.t += t;
        self.h += h;
        self.tt += t * t;
        self.th += t * h;
        self.hh += h * h;
    }

    /// The net per hand (0 without hands).
    pub fn mean(&self) -> f64 {
        if self.h > 0.0 {
            self.t / self.h
        } else {
            0.0
        }
    }

    /// Half the width of the 95 % confidence interval of [`Ratio::mean`]; `None` with
    /// fewer than two units.
    pub fn ci95(&self) -> Option<f64> {
        if self.units < 2 || self.h <= 0.0 {
            return None;
        }
        let g = self.units as f64;
        let m = self.mean();
        // Σ (T − mH)², expanded; rounding can make it a hair negative.
        let ss = (self.tt - 2.0 * m * self.th + m * m * self.hh).max(0.0);
        let se = (ss / (g * (g - 1.0))).sqrt() / (self.h / g);
        Some(t95(self.units - 1) * se)
    }
}

/// Student's t for a two-sided 95 % interval with `df` degrees of freedom.
pub fn t95(df: u64) -> f64 {
    const TABLE: [f64; 30] = [
        12.706, 4.303, 3.182, 2.776, 2.571, 2.447, 2.365, 2.306, 2.262, 2.228, 2.201, 2.179, 2.160,
        2.145, 2.131, 2.120, 2.110, 2.101, 2.093, 2.086, 2.080, 2.074, 2.069, 2.064, 2.060, 2.056,
        2.052, 2.048, 2.045, 2.042,
    ];
    match df {
        0 => f64::INFINITY,
        1..=30 => TABLE[df as usize - 1],
        // The Cornish–Fisher expansion to second order: within 0.001 from 30 on.
        _ => {
            let (z, d) = (1.959_964f64, df as f64);
            z + (z.powi(3) + z) / (4.0 * d)
                + (5.0 * z.powi(5) + 16.0 * z.powi(3) + 3.0 * z) / (96.0 * d * d)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ratio_of_equal_games_is_the_plain_mean_and_interval() {
        // Four games of 10 hands each: nets 10, 20, 30, 40 → 2.5 per hand; per-game means
        // 1, 2, 3, 4 have s = 1.291, SE = 0.6455, t(3) = 3.182.
        let mut r = Ratio::default();
        for t in [10, 20, 30, 40] {
            r.add(t, 10);
        }
        assert_eq!(r.mean(), 2.5);
        let ci = r.ci95().unwrap();
        assert!((ci - 3.182 * 0.645_497).abs() < 1e-4, "{ci}");
    }

    #[test]
    fn one_unit_has_no_interval() {
        let mut r = Ratio::default();
        r.add(5, 3);
        assert_eq!(r.ci95(), None);
        assert_eq!(t95(0), f64::INFINITY);
        assert!((t95(31) - 2.0395).abs() < 0.001);
        assert!((t95(1_000_000) - 1.96).abs() < 0.001);
    }
}
