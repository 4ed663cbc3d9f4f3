//! The strong player. It values a sheet by the crosses it still needs:
//! for each colour, a plan ([`plans`]) joins the colour's free cells and
//! the stars the goal still needs to the crosses by shortest paths, and
//! the best plan's length is the cost ([`value`]); a second plan nearly as
//! short is worth a little (a way round a zone it cannot open). Near the
//! goal, cells are a poor measure: the last cross often waits for exactly
//! one die of one colour. So a sheet a few crosses from the goal is also
//! worth its chance that one roll offers a crossing that reaches the goal
//! ([`finish_chance`]), and a crossing that reaches it is worth more than
//! any other. A crossing is worth the plan cells it takes, its stars' bonus
//! rolls, and the open zone it leaves (a zone with one free cell waits for
//! exactly one die); the best few (all of them near the goal) are valued
//! again with the plans made after them.
//!
//! It decides the push-your-luck part of a turn exactly: with `k` dice of
//! the chosen colour set aside, a reroll of the other `6 - k` dice shows
//! `j` more of the colour with the binomial chance
//! `C(6-k, j) (1/6)^j (5/6)^(6-k-j)`; none ends the rolling with the `k`
//! dice. The value of stopping is the best crossing of `k` dice (nothing,
//! when they overshoot the zone); the value of rerolling is the expectation
//! over `j`. [`push_value`] solves this Markov chain from six dice down,
//! so every stop-or-reroll decision, and the choice of colour, maximises
//! the expected value of the turn.

use std::sync::OnceLock;

use crate::diceland::model::{Board, CellSet, Color};
use crate::diceland::rules::{DICE, Game, Move, Phase, Sheet, Table};
use crate::diceland::solve;
use crate::engine::Player;

/// The strong player.
pub struct Strong;

/// What a star crossed is worth beyond its place in a plan: the bonus
/// roll it brings, in crosses.
const BONUS: f64 = 1.2;
/// What each cross is worth beyond its place in a plan: the tempo of
/// the race (measured: a cross is worth about one plan cell).
const CROSS: f64 = 1.0;
/// The cost of an open zone with `r` free cells: `OPEN / r` (one free
/// cell waits for a roll with exactly one die of the colour).
const OPEN: f64 = 1.5;
/// Crossings valued again with the plans made after them, the best by
/// the quick value first.
const RECHECKED: usize = 6;
/// Within this many crosses of the goal, every crossing is valued again,
/// and a sheet is also worth its chance to finish on the next roll.
const NEAR: usize = 3;
/// What a sure finish on the next roll is worth, in crosses.
const FINISH: f64 = 20.0;
/// What reaching the goal is worth: more than any other crossing.
const WIN: f64 = 100.0;
/// What each cross the second-best plan needs beyond the best costs: a
/// second way nearly as short keeps a way round a zone the player cannot
/// open yet.
const SECOND: f64 = 0.2;

/// A way to the goal from a sheet: the cells a player still crosses to
/// complete one colour and reach the stars the goal needs, each target
/// joined to the crosses by a shortest path (a greedy Steiner tree).
#[derive(Clone, Debug)]
pub struct Plan {
    /// The cells still to cross.
    pub cells: CellSet,
    /// How many.
    pub cost: usize,
}

/// One plan for each colour that can still be completed (one plan for
/// the stars once the goal's colours are complete), made by
/// [`solve::plan`].
pub fn plans(board: &Board, sheet: &Sheet) -> Vec<Plan> {
    let goal = board.goal;
    let stars = usize::from(goal.stars);
    if sheet.complete_colors() >= goal.colors {
        return solve::plan(board, &sheet.crossed, &CellSet::EMPTY, stars)
            .map(|cells| Plan {
                cost: cells.len(),
                cells,
            })
            .into_iter()
            .collect();
    }
    Color::ALL
        .into_iter()
        .filter(|&c| !board.color_cells(c).is_empty())
        .filter_map(|c| solve::plan(board, &sheet.crossed, board.color_cells(c), stars))
        .map(|cells| Plan {
            cost: cells.len(),
            cells,
        })
        .collect()
}

/// The value of a sheet: minus the crosses of its best plan (less a
/// little for each cross the second best needs more; much more once the
/// goal is reached), plus, within three crosses of the goal, twenty times
/// its chance to finish on the next roll ([`finish_chance`]).
pub fn value(board: &Board, sheet: &Sheet) -> f64 {
    let plans = plans(board, sheet);
    let best = plans.iter().map(|p| p.cost).min();
    let mut v = plan_term(plans.iter().map(|p| p.cost));
    if let Some(best) = best
        && best > 0
        && best <= NEAR
    {
        v += FINISH * finish_chance(board, sheet);
    }
    v
}

/// The value of plans still `costs` crosses long: minus the best, less
/// [`SECOND`] per cross the second best needs more; [`WIN`] when the best
/// needs none (-1000 when no plan is left).
fn plan_term(costs: impl Iterator<Item = usize>) -> f64 {
    let (mut best, mut second) = (usize::MAX, usize::MAX);
    for c in costs {
        if c < best {
            second = best;
            best = c;
        } else if c < second {
            second = c;
        }
    }
    if best == usize::MAX {
        return -1000.0;
    }
    let mut v = -(best as f64);
    if best == 0 {
        v += WIN;
    }
    if second != usize::MAX {
        v -= SECOND * (second - best) as f64;
    }
    v
}

/// What crossing `cells` is worth besides the plans: the bonus rolls of
/// its stars, the crosses themselves, less the cost of the open zone it
/// leaves.
fn gains(board: &Board, sheet: &Sheet, cells: &CellSet) -> f64 {
    let mut v = BONUS * cells.and(board.stars()).len() as f64 + CROSS * cells.len() as f64;
    if let Some(z) = cells.iter().next().and_then(|i| board.zone_of(i)) {
        let free = board.zones[z].set.minus(&sheet.crossed);
        let open = |r: usize| {
            if r == 0 || r == board.zones[z].cells.len() {
                0.0
            } else {
                OPEN / r as f64
            }
        };
        v += open(free.len()) - open(free.minus(cells).len());
    }
    v
}

/// The quick value of crossing `cells` on a sheet whose plans are
/// `plans`: the plans shortened by the cells they share, plus the gains.
fn worth(board: &Board, sheet: &Sheet, plans: &[Plan], cells: &CellSet) -> f64 {
    if plans.is_empty() {
        return -1000.0 + cells.len() as f64;
    }
    plan_term(plans.iter().map(|p| p.cost - p.cells.and(cells).len())) + gains(board, sheet, cells)
}

/// Every way six dice fall, as dice per colour, with its chance (462
/// ways).
fn six_dice() -> &'static [([u8; 6], f64)] {
    static WAYS: OnceLock<Vec<([u8; 6], f64)>> = OnceLock::new();
    WAYS.get_or_init(|| {
        let factorial = |n: u8| (1..=u64::from(n)).product::<u64>() as f64;
        let mut ways = Vec::with_capacity(462);
        let mut counts = [0u8; 6];
        fn fill(
            i: usize,
            left: u8,
            counts: &mut [u8; 6],
            out: &mut Vec<([u8; 6], f64)>,
            factorial: &dyn Fn(u8) -> f64,
        ) {
            if i == 5 {
                counts[5] = left;
                let orders = counts.iter().fold(720.0, |w, &n| w / factorial(n));
                out.push((*counts, orders / 46656.0));
                return;
            }
            for n in 0..=left {
                counts[i] = n;
                fill(i + 1, left - n, counts, out, factorial);
            }
        }
        fill(0, DICE, &mut counts, &mut ways, &factorial);
        ways
    })
}

/// The chance that one roll of six dice shows a colour whose dice (all of
/// them) can be crossed so that the sheet reaches the goal.
pub fn finish_chance(board: &Board, sheet: &Sheet) -> f64 {
    let mut finishes = [[false; 7]; 6];
    let mut any = false;
    for c in Color::ALL {
        for (n, finish) in finishes[c.index()].iter_mut().enumerate().skip(1) {
            sheet.crossings(board, c, n, |cells, _| {
                if !*finish {
                    let mut after = *sheet;
                    after.cross(board, &cells);
                    *finish = after.reached_goal(board);
                }
            });
            any |= *finish;
        }
    }
    if !any {
        return 0.0;
    }
    six_dice()
        .iter()
        .filter(|(counts, _)| {
            counts
                .iter()
                .enumerate()
                .any(|(c, &n)| n > 0 && finishes[c][usize::from(n)])
        })
        .map(|(_, p)| p)
        .sum()
}

/// The value of the best crossing of `dice` dice of colour `c`, or of the
/// sheet as it is when they cannot be crossed.
fn stop_value(board: &Board, sheet: &Sheet, plans: &[Plan], c: Color, dice: usize) -> f64 {
    let now = worth(board, sheet, plans, &CellSet::EMPTY);
    best_crossing(board, sheet, plans, c, dice).map_or(now, |(_, v)| v.max(now))
}

/// The best crossing of `dice` dice of colour `c`: the crossings ranked by
/// [`worth`], the best few (all, within [`NEAR`] crosses of the goal)
/// valued again: their gains plus the [`value`] of the sheet after them.
fn best_crossing(
    board: &Board,
    sheet: &Sheet,
    plans: &[Plan],
    c: Color,
    dice: usize,
) -> Option<(CellSet, f64)> {
    let mut all: Vec<(CellSet, f64)> = Vec::new();
    sheet.crossings(board, c, dice, |cells, _| {
        all.push((cells, worth(board, sheet, plans, &cells)))
    });
    all.sort_by(|a, b| b.1.total_cmp(&a.1));
    let near = plans
        .iter()
        .map(|p| p.cost)
        .min()
        .is_some_and(|b| b <= NEAR);
    let rechecked = if near { all.len() } else { RECHECKED };
    all.into_iter()
        .take(rechecked)
        .map(|(cells, _)| {
            let mut after = *sheet;
            after.cross(board, &cells);
            (cells, gains(board, sheet, &cells) + value(board, &after))
        })
        .max_by(|a, b| a.1.total_cmp(&b.1))
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

/// The chain's values for colour `c`, from `kept` dice on: for each
/// number of dice set aside, the value of playing on and whether to
/// reroll.
fn chain(board: &Board, sheet: &Sheet, plans: &[Plan], c: Color, kept: usize) -> [(f64, bool); 7] {
    let mut stop = [f64::NEG_INFINITY; 7];
    for (k, s) in stop.iter_mut().enumerate().skip(kept.max(1)) {
        *s = stop_value(board, sheet, plans, c, k);
    }
    push_value(&stop)
}

impl Player<Game> for Strong {
    fn choose(&mut self, game: &Game, table: &Table, me: usize) -> Move {
        let board = game.board();
        let sheet = &table.sheets[me];
        let plans = plans(board, sheet);
        match table.phase {
            Phase::Choose => {
                let mut best = (f64::NEG_INFINITY, Color::Red);
                for c in Color::ALL {
                    let k = usize::from(table.roll.count(c));
                    if k == 0 {
                        continue;
                    }
                    let v = chain(board, sheet, &plans, c, k)[k].0;
                    if v > best.0 {
                        best = (v, c);
                    }
                }
                Move::Choose(best.1)
            }
            Phase::Decide => {
                let c = table.chosen.unwrap_or(Color::Red);
                let k = usize::from(table.kept);
                if chain(board, sheet, &plans, c, k)[k].1 {
                    Move::Reroll
                } else {
                    Move::Stop
                }
            }
            _ => {
                // Any crossing beats passing (measured: crossing every time
                // wins more races than passing on crossings off the plan).
                let (dice, _) = table.offer(me);
                let mut best: Option<(Color, CellSet, f64)> = None;
                for c in Color::ALL {
                    let n = usize::from(dice[c.index()]);
                    if n == 0 {
                        continue;
                    }
                    if let Some((cells, v)) = best_crossing(board, sheet, &plans, c, n)
                        && best.as_ref().is_none_or(|b| v > b.2)
                    {
                        best = Some((c, cells, v));
                    }
                }
                match best {
                    Some((c, cells, _)) => Move::Cross(c, cells),
                    None => Move::Pass,
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
    fn six_dice_fall_462_ways_whose_chances_sum_to_one() {
        let ways = six_dice();
        assert_eq!(ways.len(), 462);
        let total: f64 = ways.iter().map(|w| w.1).sum();
        assert!((total - 1.0).abs() < 1e-12, "{total}");
        // Exactly one red: the binomial chance.
        let one_red: f64 = ways.iter().filter(|w| w.0[0] == 1).map(|w| w.1).sum();
        assert!((one_red - binomial(6, 1)).abs() < 1e-12);
        assert!(ways.iter().all(|w| w.0.iter().sum::<u8>() == DICE));
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
