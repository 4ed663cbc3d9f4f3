//! An estimate of a position's final X, fitted on the map itself.
//!
//! The strong player stops its rollouts at the start of a round a little
//! way ahead and scores the position reached with this estimate instead of
//! playing to the end: the dice of the far rounds add noise to the
//! comparison of candidate moves and say little about them.
//!
//! The estimate is linear in a few features of the sheet (how many empty
//! areas allow how many faces, the powers left, each region's room against
//! the dice still to come for it), with one set of coefficients per round.
//! [`LeafModel::calibrate`] fits them by least squares on games played by a
//! base player on the map, so it suits any map, shipped or custom.

use rand::SeedableRng;
use rand_pcg::Pcg64Mcg;

use super::{Policy, derive_seed, play_until};
use crate::rolling::map::Power;
use crate::rolling::rules::{Game, State};

/// Number of features.
pub const FEATURES: usize = 15;

/// The features of a position at the start of a round.
pub fn features(game: &Game, state: &State) -> [f64; FEATURES] {
    let mut f = [0.0; FEATURES];
    f[0] = 1.0;
    let rules = game.rules();
    for (i, p) in [Power::ColorChange, Power::Guard, Power::Dupe]
        .into_iter()
        .enumerate()
    {
        f[9 + i] = f64::from(rules.powers.get(p).saturating_sub(state.used(p)));
    }
    let faces = rules.faces.iter().fold(0u64, |m, &v| m | 1 << v);
    let rounds_left = f64::from(rules.rounds.saturating_sub(state.round()));
    let per_die = rounds_left * f64::from(rules.dice_per_round) / game.dice().len() as f64;
    // Every area belongs to one region: one pass counts both the areas and
    // the regions' room.
    for region in &game.map().regions {
        let (mut live, mut union) = (0.0, 0u64);
        for &a in &region.areas {
            if !state.cell(a).is_empty() {
                continue;
            }
            let allowed = game.allowed_values(state, a);
            if game.is_immune(a) {
                f[8] += 1.0;
            } else {
                f[1 + allowed.count_ones().min(6) as usize] += 1.0;
            }
            if allowed != 0 {
                live += 1.0;
                union |= allowed;
            }
        }
        // Against the region's own die still to come (the wild die is
        // shared out by the coefficients).
        f[12] += (live - per_die).max(0.0);
        f[13] += (per_die - live).max(0.0);
        if live > 0.0 {
            let missing = (faces & !union).count_ones() as f64 / faces.count_ones() as f64;
            f[14] += missing * per_die;
        }
    }
    f
}

/// The fitted estimate (see the module documentation).
#[derive(Clone, Debug)]
pub struct LeafModel {
    /// Coefficients by round (index: the round about to start).
    coef: Vec<[f64; FEATURES]>,
}

impl LeafModel {
    /// Fits the estimate on `games` games played by `policy` from `seed`.
    pub fn calibrate(game: &Game, policy: &mut dyn Policy, games: u64, seed: u64) -> LeafModel {
        let rounds = usize::from(game.rules().rounds);
        let mut xtx = vec![[[0.0f64; FEATURES]; FEATURES]; rounds];
        let mut xty = vec![[0.0f64; FEATURES]; rounds];
        let mut samples: Vec<(usize, [f64; FEATURES], u32)> = Vec::new();
        for g in 0..games {
            let mut dice = Pcg64Mcg::seed_from_u64(derive_seed(seed, g));
            let mut state = game.initial_state();
            samples.clear();
            play_until(game, &mut state, &mut dice, policy, |s| {
                if s.rolled_in_round() == 0 && s.round() > 0 {
                    samples.push((usize::from(s.round()), features(game, s), s.crosses()));
                }
                false
            });
            let end = state.crosses();
            for (r, f, x) in &samples {
                let y = f64::from(end - x);
                for i in 0..FEATURES {
                    xty[*r][i] += f[i] * y;
                    for j in 0..FEATURES {
                        xtx[*r][i][j] += f[i] * f[j];
                    }
                }
            }
        }
        let coef = (0..rounds).map(|r| solve(&xtx[r], &xty[r])).collect();
        LeafModel { coef }
    }

    /// The estimated final X of a position at the start of a round (the
    /// actual X once the game is over).
    pub fn value(&self, game: &Game, state: &State) -> f64 {
        let x = f64::from(state.crosses());
        if state.is_finished() {
            return x;
        }
        let Some(coef) = self.coef.get(usize::from(state.round())) else {
            return x;
        };
        let f = features(game, state);
        x + coef.iter().zip(&f).map(|(c, v)| c * v).sum::<f64>()
    }
}

/// Solves the ridge-regularised normal equations `(A + λI) x = b` by
/// Gaussian elimination with partial pivoting.
fn solve(a: &[[f64; FEATURES]; FEATURES], b: &[f64; FEATURES]) -> [f64; FEATURES] {
    let mut m = *a;
    let mut rhs = *b;
    let scale = (0..FEATURES).map(|i| m[i][i]).fold(0.0, f64::max).max(1.0);
    for (i, row) in m.iter_mut().enumerate() {
        row[i] += 1e-6 * scale;
    }
    for col in 0..FEATURES {
        let pivot = (col..FEATURES)
            .max_by(|&i, &j| m[i][col].abs().total_cmp(&m[j][col].abs()))
            .expect("a row");
        m.swap(col, pivot);
        rhs.swap(col, pivot);
        let p = m[col][col];
        if p.abs() < 1e-12 {
            continue;
        }
        let pivot_row = m[col];
        for row in col + 1..FEATURES {
            let k = m[row][col] / p;
            if k != 0.0 {
                for (v, pv) in m[row].iter_mut().zip(&pivot_row).skip(col) {
                    *v -= k * pv;
                }
                rhs[row] -= k * rhs[col];
            }
        }
    }
    let mut x = [0.0; FEATURES];
    for row in (0..FEATURES).rev() {
        let p = m[row][row];
        if p.abs() < 1e-12 {
            continue;
        }
        let s: f64 = (row + 1..FEATURES).map(|c| m[row][c] * x[c]).sum();
        x[row] = (rhs[row] - s) / p;
    }
    x
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn solve_recovers_the_solution_of_a_well_posed_system() {
        let mut a = [[0.0; FEATURES]; FEATURES];
        let mut truth = [0.0; FEATURES];
        for (i, row) in a.iter_mut().enumerate() {
            truth[i] = i as f64 - 5.0;
            for (j, v) in row.iter_mut().enumerate() {
                *v = if i == j {
                    20.0
                } else {
                    ((i * 7 + j * 3) % 5) as f64
                };
            }
        }
        let b = a.map(|row| row.iter().zip(&truth).map(|(v, t)| v * t).sum());
        let x = solve(&a, &b);
        for i in 0..FEATURES {
            assert!(
                (x[i] - truth[i]).abs() < 1e-3,
                "x[{i}] = {} not {}",
                x[i],
                truth[i]
            );
        }
    }
}
