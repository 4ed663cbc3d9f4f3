//! The statistics of a score over many games, from integer totals (which
//! merge exactly, so a result never depends on the number of threads).

/// Mean, sample standard deviation and 95 % confidence interval of a
/// score.
#[derive(Clone, Copy, Debug, PartialEq, serde::Serialize)]
pub struct Moments {
    /// The mean (0 with no values).
    pub mean: f64,
    /// The sample standard deviation (0 with fewer than two values).
    pub std_dev: f64,
    /// Half-width of the 95 % confidence interval of the mean (normal
    /// approximation; 0 with fewer than two values).
    pub ci95: f64,
}

impl Moments {
    /// The moments of `n` values whose sum is `sum` and sum of squares
    /// `sum2`.
    pub fn of(n: u64, sum: f64, sum2: f64) -> Self {
        let nf = n as f64;
        let mean = sum / nf.max(1.0);
        if n < 2 {
            return Self {
                mean,
                std_dev: 0.0,
                ci95: 0.0,
            };
        }
        let var = (sum2 - sum * sum / nf) / (nf - 1.0);
        let std_dev = var.max(0.0).sqrt();
        Self {
            mean,
            std_dev,
            ci95: 1.96 * std_dev / nf.sqrt(),
        }
    }
}

/// The histogram of small counts: `hist[i]` values equal to `i`.
pub fn histogram(values: impl IntoIterator<Item = u32>) -> Vec<u64> {
    let mut hist = Vec::new();
    for v in values {
        let i = v as usize;
        if hist.len() <= i {
            hist.resize(i + 1, 0);
        }
        hist[i] += 1;
    }
    hist
}

/// The lower median of a histogram: `hist[i]` values equal to `low + i`
/// (`low` with no values).
pub fn median(hist: &[u64], low: i64) -> f64 {
    let half = hist.iter().sum::<u64>() as f64 / 2.0;
    let mut seen = 0.0;
    for (i, &n) in hist.iter().enumerate() {
        seen += n as f64;
        if seen >= half && seen > 0.0 {
            return (low + i as i64) as f64;
        }
    }
    low as f64
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn moments_of_known_values() {
        // 1, 2, 2, 3: mean 2, variance 2/3.
        let m = Moments::of(4, 8.0, 18.0);
        assert_eq!(m.mean, 2.0);
        assert!((m.std_dev - (2.0f64 / 3.0).sqrt()).abs() < 1e-12);
        assert!((m.ci95 - 1.96 * (2.0f64 / 3.0).sqrt() / 2.0).abs() < 1e-12);
        assert_eq!(Moments::of(1, 5.0, 25.0).ci95, 0.0);
        assert_eq!(Moments::of(0, 0.0, 0.0).mean, 0.0);
    }

    #[test]
    fn median_of_a_histogram() {
        assert_eq!(median(&[1, 2, 1], 0), 1.0);
        assert_eq!(median(&[0, 0, 3, 1], -2), 0.0);
        assert_eq!(median(&[2, 2], 10), 10.0);
        assert_eq!(median(&[], 7), 7.0);
    }
}
