//! Rule solvability of a board: which cells the start reaches around the
//! obstacles, the fewest dice a player needs to reach the goal (a lower
//! bound on a game's length, with a plan that reaches it in a few more),
//! and the share of the board behind one chokepoint cell.

use std::collections::VecDeque;

use serde::Serialize;

use super::model::{Board, CellSet, Color};

/// What `rollx check` learns about a board's solvability.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Solvability {
    /// Zone cells the start cell reaches.
    pub reachable_cells: usize,
    /// Zone cells in all.
    pub cells: usize,
    /// Zones no cross can reach, by label.
    pub unreachable_zones: Vec<String>,
    /// Star cells the start reaches.
    pub reachable_stars: usize,
    /// The fewest dice that can reach the goal, when it can be reached: no
    /// game is shorter.
    pub fewest_dice: Option<usize>,
    /// The colour completed in that bound.
    pub fewest_dice_colors: Vec<String>,
    /// Crosses of a plan that reaches the goal (the stars nearest first),
    /// an upper bound on the fewest.
    pub plan_dice: Option<usize>,
    /// The cell with the most of the board behind it, by name.
    pub chokepoint: Option<String>,
    /// The share of the zone cells behind that cell (reachable only through
    /// it), from 0 to 1.
    pub chokepoint_share: f64,
}

/// Zone cells the start reaches over zone cells.
pub fn reachable(board: &Board) -> CellSet {
    reach_without(board, None)
}

fn reach_without(board: &Board, blocked: Option<usize>) -> CellSet {
    let mut seen = CellSet::one(board.start);
    let mut queue = VecDeque::from([board.start]);
    while let Some(a) = queue.pop_front() {
        for b in board.neighbors(a).iter() {
            if Some(b) != blocked && !seen.contains(b) {
                seen.insert(b);
                queue.push_back(b);
            }
        }
    }
    seen.and(board.zone_cells())
}

/// Every solvability figure of a board.
pub fn solvability(board: &Board) -> Solvability {
    let reach = reachable(board);
    let unreachable_zones = board
        .zones
        .iter()
        .filter(|z| !z.set.meets(&reach))
        .map(|z| z.label.clone())
        .collect();
    let reachable_stars = board.stars().and(&reach).len();
    let goal = board.goal;
    // Every set of `goal.colors` colours whose cells are all reachable.
    let mut best: Option<(usize, Vec<Color>)> = None;
    let mut plan: Option<usize> = None;
    for mask in 0u32..64 {
        if mask.count_ones() != u32::from(goal.colors) {
            continue;
        }
        let colors: Vec<Color> = Color::ALL
            .into_iter()
            .filter(|c| mask >> c.index() & 1 == 1)
            .collect();
        let mut need = CellSet::EMPTY;
        for c in &colors {
            need = need.or(board.color_cells(*c));
        }
        if colors.iter().any(|c| board.color_cells(*c).is_empty())
            || !need.minus(&reach).is_empty()
            || reachable_stars < usize::from(goal.stars)
        {
            continue;
        }
        let stars_in = need.and(board.stars()).len();
        let more_stars = usize::from(goal.stars).saturating_sub(stars_in);
        let link = need
            .iter()
            .map(|x| usize::from(board.distance(board.start, x)))
            .min()
            .unwrap_or(1)
            .saturating_sub(1);
        let lower = need.len() + more_stars + link;
        if best.as_ref().is_none_or(|(b, _)| lower < *b) {
            best = Some((lower, colors.clone()));
        }
        let p = plan_crosses(board, &need);
        plan = Some(plan.map_or(p, |q: usize| q.min(p)));
    }
    // The chokepoint: the cell whose loss cuts most of the board off.
    let mut chokepoint = None;
    let mut share = 0.0;
    let total = reach.len().max(1);
    for v in reach.iter() {
        let behind = reach.len() - reach_without(board, Some(v)).len() - 1;
        let s = behind as f64 / total as f64;
        if s > share {
            share = s;
            chokepoint = Some(board.cell_name(v));
        }
    }
    Solvability {
        reachable_cells: reach.len(),
        cells: board.zone_cells().len(),
        unreachable_zones,
        reachable_stars,
        fewest_dice: best.as_ref().map(|(n, _)| *n),
        fewest_dice_colors: best
            .map(|(_, cs)| cs.iter().map(|c| c.id().to_string()).collect())
            .unwrap_or_default(),
        plan_dice: plan,
        chokepoint,
        chokepoint_share: share,
    }
}

/// Crosses of a plan from the start that reaches `need` and the goal's
/// stars.
fn plan_crosses(board: &Board, need: &CellSet) -> usize {
    plan(board, &CellSet::EMPTY, need, usize::from(board.goal.stars))
        .map_or(usize::MAX, |p| p.len())
}

/// A plan from a sheet's crosses (`crossed`; the start cell always
/// counts): the cells to cross so that every cell of `need` is crossed
/// and at least `stars` star cells, each target joined to the crosses by
/// a shortest path over zone cells, the nearest first (a greedy Steiner
/// tree). `None` when a cell of `need` cannot be reached.
pub fn plan(board: &Board, crossed: &CellSet, need: &CellSet, stars: usize) -> Option<CellSet> {
    let mut tree = crossed.or(&CellSet::one(board.start));
    let mut added = CellSet::EMPTY;
    let mut left = need.minus(&tree);
    while !left.is_empty() {
        let path = path_to(board, &tree, &left)?;
        tree = tree.or(&path);
        added = added.or(&path);
        left = left.minus(&path);
    }
    let mut have = tree.and(board.stars()).len();
    let mut left = board.stars().minus(&tree);
    while have < stars && !left.is_empty() {
        let Some(path) = path_to(board, &tree, &left) else {
            break;
        };
        tree = tree.or(&path);
        added = added.or(&path);
        have += path.and(board.stars()).len();
        left = left.minus(&path);
    }
    Some(added)
}

/// The cells of a shortest path over zone cells from `tree` to the
/// nearest cell of `targets` (without the tree's own).
fn path_to(board: &Board, tree: &CellSet, targets: &CellSet) -> Option<CellSet> {
    let mut parent = [u16::MAX; crate::diceland::model::MAX_CELLS];
    let mut seen = *tree;
    let mut frontier: Vec<usize> = tree.iter().collect();
    while !frontier.is_empty() {
        let mut next = Vec::new();
        for &a in &frontier {
            for b in board.neighbors(a).iter() {
                if seen.contains(b) {
                    continue;
                }
                seen.insert(b);
                parent[b] = a as u16;
                if targets.contains(b) {
                    let mut path = CellSet::EMPTY;
                    let mut x = b;
                    while !tree.contains(x) {
                        path.insert(x);
                        x = usize::from(parent[x]);
                    }
                    return Some(path);
                }
                next.push(b);
            }
        }
        frontier = next;
    }
    None
}
