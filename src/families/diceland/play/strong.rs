//! The strong player. It values a sheet by the dice it still needs
//! ([`value`]), and decides the push-your-luck part of a turn exactly:
//! with `k` dice of the chosen colour set aside, a reroll of the other
//! `6 - k` dice shows `j` more of the colour with the binomial chance
//! `C(6-k, j) (1/6)^j (5/6)^(6-k-j)`; none ends the rolling with the `k`
//! dice. The value of stopping is the best crossing of `k` dice (nothing,
//! when they overshoot the zone); the value of rerolling is the expectation
//! over `j`. [`push_value`] solves this Markov chain from six dice down,
//! so every stop-or-reroll decision, and the choice of colour, maximises
//! the expected value of the turn.

use super::{best_cross, star_distances};
use crate::diceland::model::{Board, CellSet, Color};
use crate::diceland::rules::{DICE, Game, Move, Phase, Sheet, Table};
use crate::engine::Player;

/// The strong player.
pub struct Strong;

/// What a star crossed is worth beyond its place on the way: the bonus
/// roll it brings, in dice.
const BONUS: f64 = 1.5;
/// How much of a path to a star is not shared with the paths to the
/// others.
const PATH_SHARE: f64 = 0.8;

/// The value of a sheet: minus an estimate of the dice it still needs to
/// reach the goal. For each colour it might complete: the cells of the
/// colour left, plus the steps to the nearest stars it still needs beyond
/// the colour's own.
pub fn value(board: &Board, sheet: &Sheet) -> f64 {
    remaining(board, sheet, &star_distances(board, sheet), &CellSet::EMPTY)
}

/// [`value`] after crossing `cells`, from the star distances before.
fn remaining(board: &Board, sheet: &Sheet, stars: &[(usize, u8)], cells: &CellSet) -> f64 {
    let goal = board.goal;
    let crossed = sheet.crossed.or(cells);
    let have = usize::from(sheet.stars) + cells.and(board.stars()).len();
    let need = usize::from(goal.stars).saturating_sub(have);
    // Steps to each free star after the crossing.
    let mut free: [(u8, u8); 64] = [(0, 0); 64];
    let mut n = 0;
    for &(s, d) in stars {
        if crossed.contains(s) || n == free.len() {
            continue;
        }
        let d = cells.iter().map(|x| board.distance(x, s)).min().unwrap_or(d).min(d);
        let color = board.zone_of(s).map_or(0, |z| board.zones[z].color.index() as u8);
        free[n] = (d, color);
        n += 1;
    }
    let free = &mut free[..n];
    free.sort_unstable();
    let complete = (sheet.complete | complete_after(board, sheet, cells)).count_ones();
    let mut best = f64::INFINITY;
    for c in Color::ALL {
        let left = if complete >= u32::from(goal.colors) {
            0
        } else {
            board.color_cells(c).minus(&crossed).len()
        };
        if left == 0 && complete < u32::from(goal.colors) && board.color_cells(c).is_empty() {
            continue;
        }
        // The colour's own stars come with its cells.
        let own = if left > 0 {
            free.iter().filter(|(_, k)| usize::from(*k) == c.index()).count()
        } else {
            0
        };
        let more = need.saturating_sub(own);
        let steps: f64 = free
            .iter()
            .filter(|(_, k)| left == 0 || usize::from(*k) != c.index())
            .take(more)
            .map(|(d, _)| f64::from(*d))
            .sum();
        best = best.min(left as f64 + PATH_SHARE * steps);
    }
    -best + BONUS * cells.and(board.stars()).len() as f64
}

/// Colours completed by crossing `cells`, as bits.
fn complete_after(board: &Board, sheet: &Sheet, cells: &CellSet) -> u8 {
    let crossed = sheet.crossed.or(cells);
    Color::ALL
        .into_iter()
        .filter(|&c| !board.color_cells(c).is_empty() && board.color_cells(c).minus(&crossed).is_empty())
        .fold(0, |m, c| m | 1 << c.index())
}

/// The value of the best crossing of `dice` dice of colour `c`, or of the
/// sheet as it is when they cannot be crossed.
fn stop_value(board: &Board, sheet: &Sheet, stars: &[(usize, u8)], c: Color, dice: usize) -> f64 {
    let now = remaining(board, sheet, stars, &CellSet::EMPTY);
    best_cross(board, sheet, c, dice, |cells| remaining(board, sheet, stars, cells))
        .map_or(now, |(_, v)| v.max(now))
}

/// The chance that `m` dice show `j` of one colour.
pub fn binomial(m: usize, j: usize) -> f64 {
    if j > m {
        return 0.0;
    }
    let mut ways = 1.0;
    for i in 0..j {
        ways = ways * (m - i) as f64 / (i + 1) as f64;
    }
    ways * (1.0f64 / 6.0).powi(j as i32) * (5.0f64 / 6.0).powi((m - j) as i32)
}

/// The exact value of the push-your-luck chain: `stop[k]` is the value of
/// stopping with `k` dice set aside (0 to 6); the result holds, for each
/// `k`, the value of playing on optimally, and whether to reroll.
pub fn push_value(stop: &[f64; 7]) -> [(f64, bool); 7] {
    let six = usize::from(DICE);
    let mut v = [(0.0, false); 7];
    v[six] = (stop[six], false);
    for k in (1..six).rev() {
        let m = six - k;
        let mut reroll = binomial(m, 0) * stop[k];
        for j in 1..=m {
            reroll += binomial(m, j) * v[k + j].0;
        }
        v[k] = if reroll > stop[k] + 1e-12 {
            (reroll, true)
        } else {
            (stop[k], false)
        };
    }
    v
}

/// The chain's values for colour `c`, from `kept` dice on.
fn chain(board: &Board, sheet: &Sheet, stars: &[(usize, u8)], c: Color, kept: usize) -> [(f64, bool); 7] {
    let mut stop = [f64::NEG_INFINITY; 7];
    for (k, s) in stop.iter_mut().enumerate().skip(kept.max(1)) {
        *s = stop_value(board, sheet, stars, c, k);
    }
    push_value(&stop)
}

impl Player<Game> for Strong {
    fn choose(&mut self, game: &Game, table: &Table, me: usize) -> Move {
        let board = game.board();
        let sheet = &table.sheets[me];
        let stars = star_distances(board, sheet);
        match table.phase {
            Phase::Choose => {
                let mut best = (f64::NEG_INFINITY, Color::Red);
                for c in Color::ALL {
                    let k = usize::from(table.roll.count(c));
                    if k == 0 {
                        continue;
                    }
                    let v = chain(board, sheet, &stars, c, k)[k].0;
                    if v > best.0 {
                        best = (v, c);
                    }
                }
                Move::Choose(best.1)
            }
            Phase::Decide => {
                let c = table.chosen.unwrap_or(Color::Red);
                let k = usize::from(table.kept);
                if chain(board, sheet, &stars, c, k)[k].1 {
                    Move::Reroll
                } else {
                    Move::Stop
                }
            }
            _ => {
                let (dice, _) = table.offer(me);
                let now = remaining(board, sheet, &stars, &CellSet::EMPTY);
                let mut best: Option<(Color, CellSet, f64)> = None;
                for c in Color::ALL {
                    let n = usize::from(dice[c.index()]);
                    if n == 0 {
                        continue;
                    }
                    if let Some((cells, v)) =
                        best_cross(board, sheet, c, n, |x| remaining(board, sheet, &stars, x))
                        && best.as_ref().is_none_or(|b| v > b.2)
                    {
                        best = Some((c, cells, v));
                    }
                }
                match best {
                    // Passing is legal unless crossing is compulsory, and
                    // then the only crossings offered are the chosen dice.
                    Some((c, cells, v)) if v >= now || game.check(table, me, Move::Pass).is_err() => {
                        Move::Cross(c, cells)
                    }
                    _ => Move::Pass,
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn binomials_sum_to_one() {
        for m in 0..=6 {
            let total: f64 = (0..=m).map(|j| binomial(m, j)).sum();
            assert!((total - 1.0).abs() < 1e-12, "{m}: {total}");
        }
        assert!((binomial(1, 1) - 1.0 / 6.0).abs() < 1e-12);
    }

    #[test]
    fn the_chain_rerolls_when_more_dice_are_worth_more() {
        // Each die is worth one; no overshoot: always reroll.
        let stop = [0.0, 1.0, 2.0, 3.0, 4.0, 5.0, 6.0];
        let v = push_value(&stop);
        assert!(v[1].1 && v[5].1);
        assert!(v[1].0 > 1.0);
        // Three dice fill the zone; a fourth crosses nothing: stop at three.
        let stop = [0.0, 1.0, 2.0, 3.0, 0.0, 0.0, 0.0];
        let v = push_value(&stop);
        assert!(!v[3].1, "stops on a full zone");
        // With two, a reroll of four dice risks 1 - P(0) - P(1) of
        // overshooting: 2 < 5/6^4 * 2 + P(1) * 3 is false.
        let expect = binomial(4, 0) * 2.0 + binomial(4, 1) * 3.0;
        assert_eq!(v[2].1, expect > 2.0);
    }
}
