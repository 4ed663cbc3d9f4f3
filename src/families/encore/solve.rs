//! Rule solvability: the fewest turns in which one player can complete a
//! column, a colour, and two colours (which ends the game).
//!
//! # What a turn is
//!
//! A turn crosses one *piece*: boxes of one colour, orthogonally
//! connected (so within one block), as many as a number on the dice
//! (`numbers`, at most `max_cross`), of which at least one is in the start
//! column or next to a box crossed before. The dice are assumed to be in
//! the player's favour every turn (the colour and number wanted, or
//! jokers): the count is what the board allows, not what a game is likely
//! to give.
//!
//! # Why the count is a Steiner tree
//!
//! Crossing the set `X` in turns is possible exactly when every connected
//! group of `X` (across colours) holds a start-column box, and then the
//! fewest turns are the fewest pieces `X` splits into: pieces of one
//! connected group can always be crossed in an order that starts in the
//! start column and keeps each next to the ones before. So the fewest
//! turns to complete a target `T` (a column's boxes, a colour's boxes) are
//! the least over sets `X` containing `T`, each of whose groups reaches the
//! start column, of `sum over blocks B of f(X ∩ B)`, where `f(Y)` is the
//! fewest pieces `Y` splits into (none possible: never).
//!
//! Per block only few parts are worth crossing: the whole block (`f(B)`
//! turns), or a connected part that costs fewer turns and cannot grow
//! without costing more (in a block of 6 with 5 the most a turn crosses:
//! any 5 connected boxes, one turn). These *options* are the nodes of a
//! graph, joined when their boxes touch, with the start column as a root;
//! the answer is a node-weighted Steiner tree over it, with a target
//! block that must be crossed whole as a forced node and a target box in
//! a block with options as a group (any option holding it), computed
//! exactly by the Dreyfus-Wagner dynamic programme over the terminals.
//! Forced blocks that touch each other or the start column are merged
//! first, which keeps the terminals few (a handful on the standard sheet).
//!
//! The programme may use two options of one block that overlap, which no
//! game can; its value is then a lower bound. The tree it finds is
//! checked: where two options of a block overlap, the block's part is
//! priced as the cheapest part of the block holding both. When that costs
//! no more (always on a board whose every block takes at most two turns,
//! as every conventional board), the count is exact; otherwise it is
//! reported as a range. Beyond [`MAX_TERMINALS`] terminals a greedy tree
//! gives the range instead.
//!
//! # Speed
//!
//! The programme takes about 3^(k-1)/2 splits a node and 2^(k-1) growths
//! for k terminals (the root is left out of the subsets: an entry is the
//! cheapest tree holding some terminals and its node, and the answer is
//! the entry of them all at the root). A colour of a 20 x 8 board has 11
//! blocks, k = 12, where the standard sheet's have 6 or 7. So the splits
//! are made at every node at once, row beside row (which the compiler
//! turns into vector instructions), and the growth is Dijkstra's with a
//! bucket per cost (costs are a few turns). The columns, the colours and
//! the pairs of colours are solved on all cores, gathered in order.
//! `cargo bench --bench check -- check_board_file` measures the whole
//! check: 25 ms for the 20 x 8 board (it was 0.24 s), 5 ms for the
//! standard sheet.

use serde::Serialize;

use super::model::{Board, ColorId};
use crate::geom::{Cells, Square};

/// Most boxes in one block (the per-block tables have 2^n entries).
pub const MAX_BLOCK: usize = 12;

/// How a programme's entry was reached by merging two of its subsets at
/// its node (the split is found again when the tree is read off).
const MERGED: usize = usize::MAX;

/// Most terminals solved exactly (the programme takes 3^k steps per node).
pub const MAX_TERMINALS: usize = 12;

/// Most boxes of a board (26 columns x 12 rows fit).
const MAX_CELLS: usize = 320;

/// A set of boxes of the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
struct Set([u64; MAX_CELLS / 64]);

impl Set {
    fn insert(&mut self, i: usize) {
        self.0[i / 64] |= 1 << (i % 64);
    }

    fn contains(&self, i: usize) -> bool {
        self.0[i / 64] >> (i % 64) & 1 == 1
    }

    fn intersects(&self, o: &Set) -> bool {
        self.0.iter().zip(&o.0).any(|(a, b)| a & b != 0)
    }
}

/// Turns that cannot be taken.
const NEVER: u16 = u16::MAX / 4;

/// The fewest turns to complete something.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Turns {
    /// At least this many turns; `None`: it can never be completed.
    pub at_least: Option<u32>,
    /// At most this many (`None` when no way was confirmed); equal to
    /// `at_least` when the count is exact.
    pub at_most: Option<u32>,
}

impl Turns {
    fn exact(n: u16) -> Self {
        let n = (n < NEVER).then_some(u32::from(n));
        Self {
            at_least: n,
            at_most: n,
        }
    }

    /// Whether the count is exact (or known to be never).
    pub fn is_exact(&self) -> bool {
        self.at_least == self.at_most
    }

    /// Whether it can never be completed.
    pub fn is_never(&self) -> bool {
        self.at_least.is_none()
    }

    /// As shown in `check`'s summary: `12`, `12-14`, `≥12` or `never`.
    pub fn text(&self) -> String {
        match (self.at_least, self.at_most) {
            (None, _) => "never".to_string(),
            (Some(a), Some(b)) if a == b => a.to_string(),
            (Some(a), Some(b)) => format!("{a}-{b}"),
            (Some(a), None) => format!("≥{a}"),
        }
    }
}

/// As JSON: `{"turns": 12, "exact": true}`; never: `{"turns": null,
/// "exact": true}`; a range: `{"turns": null, "exact": false,
/// "at_least": 12, "at_most": 14}`.
impl Serialize for Turns {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeMap;
        let exact = self.is_exact();
        let mut m = s.serialize_map(None)?;
        m.serialize_entry("turns", &if exact { self.at_least } else { None })?;
        m.serialize_entry("exact", &exact)?;
        if !exact {
            m.serialize_entry("at_least", &self.at_least)?;
            m.serialize_entry("at_most", &self.at_most)?;
        }
        m.end()
    }
}

/// The fewest turns for every column, every colour and the game's end.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Solvability {
    /// Each column, left to right.
    pub columns: Vec<Turns>,
    /// Each colour, in the board's order.
    pub colors: Vec<Turns>,
    /// Two colours complete: the game ends.
    pub game_end: Turns,
    /// The two colours the fewest turns to end the game complete, when it
    /// can end.
    pub game_end_colors: Option<(ColorId, ColorId)>,
}

/// What one block of the board offers.
#[derive(Clone, Debug)]
struct Block {
    /// Its boxes, ascending.
    cells: Vec<usize>,
    color: ColorId,
    /// `f`: the fewest pieces each subset (by local bit mask) splits into.
    pieces: Vec<u16>,
    /// Neighbours of each box within the block, as local masks.
    near: Vec<u32>,
    /// Its options, as indices into [`Solver::options`]; the first is the
    /// whole block when it can be crossed at all.
    options: Vec<usize>,
    /// Whether the first option is the whole block.
    whole: bool,
}

impl Block {
    fn full(&self) -> u32 {
        (1u32 << self.cells.len()) - 1
    }

    /// The parts of the block connected within it, as masks.
    fn connected(&self, mask: u32) -> bool {
        if mask == 0 {
            return false;
        }
        let mut seen = mask & mask.wrapping_neg();
        loop {
            let mut grown = seen;
            let mut m = seen;
            while m != 0 {
                let i = m.trailing_zeros() as usize;
                grown |= self.near[i] & mask;
                m &= m - 1;
            }
            if grown == seen {
                return seen == mask;
            }
            seen = grown;
        }
    }

    /// The fewest turns to cross a part of the block holding every box of
    /// `mask`, each of whose connected parts holds one of them.
    fn cover(&self, mask: u32) -> u16 {
        let rest = self.full() & !mask;
        let mut best = NEVER;
        // Every subset of the rest, added to the mask.
        let mut extra = rest;
        loop {
            let y = mask | extra;
            if self.pieces[y as usize] < best && self.parts_meet(y, mask) {
                best = self.pieces[y as usize];
            }
            if extra == 0 {
                break;
            }
            extra = (extra - 1) & rest;
        }
        best
    }

    /// Whether every connected part of `y` holds a box of `mask`.
    fn parts_meet(&self, y: u32, mask: u32) -> bool {
        let mut left = y;
        while left != 0 {
            let mut part = left & left.wrapping_neg();
            loop {
                let mut grown = part;
                let mut m = part;
                while m != 0 {
                    grown |= self.near[m.trailing_zeros() as usize] & y;
                    m &= m - 1;
                }
                if grown == part {
                    break;
                }
                part = grown;
            }
            if part & mask == 0 {
                return false;
            }
            left &= !part;
        }
        true
    }
}

/// A part of a block worth crossing.
#[derive(Clone, Debug)]
struct Choice {
    block: usize,
    /// Local mask within the block.
    mask: u32,
    /// Its boxes on the board.
    cells: Set,
    /// Turns it takes.
    cost: u16,
}

/// The blocks, their options and which options touch.
pub struct Solver<'b> {
    board: &'b Board,
    blocks: Vec<Block>,
    /// Each box's block.
    block_of: Vec<usize>,
    options: Vec<Choice>,
    /// Options that touch or share a box, per option.
    touching: Vec<Vec<usize>>,
    /// Whether each option holds a box of the start column.
    rooted: Vec<bool>,
}

/// What must be completed.
#[derive(Clone, Debug)]
enum Target {
    Column(usize),
    Colors(Vec<ColorId>),
}

impl<'b> Solver<'b> {
    /// Prepares the blocks of a board whose blocks all have at most
    /// `MAX_BLOCK` boxes.
    pub fn new(board: &'b Board) -> Self {
        assert!(
            board.cells.len() <= MAX_CELLS,
            "boards are limited by the checks"
        );
        let grid = board.grid();
        let sizes: Vec<usize> = board
            .dice
            .numbers
            .iter()
            .map(|&n| usize::from(n))
            .filter(|&n| n <= usize::from(board.dice.max_cross))
            .collect();
        let mut block_of = vec![0; board.cells.len()];
        let mut blocks = Vec::new();
        for cells in board.blocks() {
            assert!(cells.len() <= MAX_BLOCK, "blocks are limited by the checks");
            for &c in &cells {
                block_of[c] = blocks.len();
            }
            blocks.push(block(board, &grid, cells, &sizes));
        }
        let mut options = Vec::new();
        for (b, block) in blocks.iter_mut().enumerate() {
            for (mask, cost) in choices(block) {
                let mut cells = Set::default();
                for (i, &c) in block.cells.iter().enumerate() {
                    if mask >> i & 1 == 1 {
                        cells.insert(c);
                    }
                }
                if mask == block.full() {
                    block.whole = true;
                }
                block.options.push(options.len());
                options.push(Choice {
                    block: b,
                    mask,
                    cells,
                    cost,
                });
            }
        }
        // Options touch when a box of one is a box or a neighbour of the other.
        let mut reach: Vec<Set> = Vec::with_capacity(options.len());
        for o in &options {
            let mut r = o.cells;
            for (c, _) in board.cells.iter().enumerate() {
                if o.cells.contains(c) {
                    for n in grid.neighbors(c) {
                        r.insert(n);
                    }
                }
            }
            reach.push(r);
        }
        let touching = (0..options.len())
            .map(|i| {
                (0..options.len())
                    .filter(|&j| j != i && reach[i].intersects(&options[j].cells))
                    .collect()
            })
            .collect();
        let rooted = options
            .iter()
            .map(|o| (0..board.rows).any(|r| o.cells.contains(grid.index(board.start_column, r))))
            .collect();
        Self {
            board,
            blocks,
            block_of,
            options,
            touching,
            rooted,
        }
    }

    /// The boxes no turn can ever cross (no piece of the dice's sizes
    /// holds them), ascending.
    pub fn stuck_cells(&self) -> Vec<usize> {
        (0..self.board.cells.len())
            .filter(|&c| {
                let b = &self.blocks[self.block_of[c]];
                !b.options.iter().any(|&o| self.options[o].cells.contains(c))
            })
            .collect()
    }

    /// The blocks of `color` that no turns can cross whole, as their boxes.
    pub fn uncrossable_blocks(&self, color: ColorId) -> Vec<Vec<usize>> {
        self.blocks
            .iter()
            .filter(|b| b.color == color && !b.whole)
            .map(|b| b.cells.clone())
            .collect()
    }

    /// The fewest turns for every column and colour, and to end the game.
    ///
    /// The targets are solved on all cores, each on its own, and gathered
    /// in order: the same answer on any number of threads.
    pub fn solve(&self) -> Solvability {
        use rayon::prelude::*;
        let columns = (0..self.board.columns)
            .into_par_iter()
            .map(|c| self.turns(&Target::Column(c)))
            .collect();
        let colors: Vec<Turns> = (0..self.board.colors.len())
            .into_par_iter()
            .map(|c| self.turns(&Target::Colors(vec![ColorId(c as u8)])))
            .collect();
        let (game_end, game_end_colors) = self.game_end(&colors);
        Solvability {
            columns,
            colors,
            game_end,
            game_end_colors,
        }
    }

    /// Two colours, the pair that is quickest: pairs are tried from the
    /// one with the lowest bound up, until no bound is below the best
    /// found.
    fn game_end(&self, colors: &[Turns]) -> (Turns, Option<(ColorId, ColorId)>) {
        let n = colors.len();
        let mut pairs = Vec::new();
        for a in 0..n {
            for b in a + 1..n {
                let (Some(x), Some(y)) = (colors[a].at_least, colors[b].at_least) else {
                    continue;
                };
                let whole: u32 = self
                    .blocks
                    .iter()
                    .filter(|k| k.color.index() == a || k.color.index() == b)
                    .map(|k| u32::from(k.pieces[k.full() as usize]))
                    .sum();
                pairs.push((x.max(y).max(whole), a, b));
            }
        }
        pairs.sort();
        let mut best: Option<(Turns, ColorId, ColorId)> = None;
        let mut low: Option<u32> = None;
        // Pairs are solved a few at a time on all cores, and taken in
        // order as if one by one (a pair past the stopping point is solved
        // for nothing).
        use rayon::prelude::*;
        let at_once = rayon::current_num_threads().max(1);
        let mut solved: Vec<(u32, usize, usize, Turns)> = Vec::new();
        for chunk in pairs.chunks(at_once) {
            let chunk: Vec<(u32, usize, usize, Turns)> = chunk
                .par_iter()
                .map(|&(bound, a, b)| {
                    let (x, y) = (ColorId(a as u8), ColorId(b as u8));
                    (bound, a, b, self.turns(&Target::Colors(vec![x, y])))
                })
                .collect();
            let stop = chunk.last().is_some_and(|&(bound, ..)| {
                solved
                    .iter()
                    .chain(&chunk)
                    .any(|(_, _, _, t)| t.at_most.is_some_and(|m| bound >= m))
            });
            solved.extend(chunk);
            if stop {
                break;
            }
        }
        for (bound, a, b, t) in solved {
            if let Some((t, _, _)) = &best
                && t.at_most.is_some_and(|m| bound >= m)
            {
                break;
            }
            let (a, b) = (ColorId(a as u8), ColorId(b as u8));
            let Some(at_least) = t.at_least else { continue };
            low = Some(low.map_or(at_least, |l| l.min(at_least)));
            let better = match &best {
                None => true,
                Some((bt, _, _)) => {
                    (t.at_most.unwrap_or(u32::MAX), at_least)
                        < (bt.at_most.unwrap_or(u32::MAX), bt.at_least.unwrap_or(0))
                }
            };
            if better {
                best = Some((t, a, b));
            }
        }
        match best {
            None => (
                Turns {
                    at_least: None,
                    at_most: None,
                },
                None,
            ),
            Some((t, a, b)) => (
                Turns {
                    at_least: low,
                    at_most: t.at_most,
                },
                Some((a, b)),
            ),
        }
    }

    /// The fewest turns to complete one target.
    fn turns(&self, target: &Target) -> Turns {
        let grid = self.board.grid();
        // Blocks crossed whole: every block of a target colour, and every
        // block of a target column that offers nothing but the whole.
        let mut forced: Vec<usize> = Vec::new();
        let mut groups: Vec<Vec<usize>> = Vec::new();
        match target {
            Target::Colors(colors) => {
                for (b, block) in self.blocks.iter().enumerate() {
                    if colors.contains(&block.color) {
                        forced.push(b);
                    }
                }
            }
            Target::Column(c) => {
                for r in 0..self.board.rows {
                    let cell = grid.index(*c, r);
                    let b = self.block_of[cell];
                    let block = &self.blocks[b];
                    if block.whole && block.options.len() == 1 {
                        if !forced.contains(&b) {
                            forced.push(b);
                        }
                    } else {
                        groups.push(
                            block
                                .options
                                .iter()
                                .copied()
                                .filter(|&o| self.options[o].cells.contains(cell))
                                .collect(),
                        );
                    }
                }
            }
        }
        if forced.iter().any(|&b| !self.blocks[b].whole) || groups.iter().any(Vec::is_empty) {
            return Turns::exact(NEVER);
        }
        let graph = Graph::new(self, &forced, groups);
        let (low, tree) = match graph.steiner() {
            Some(found) => found,
            None => return Turns::exact(NEVER),
        };
        let high = self.realise(&graph, &tree);
        Turns {
            at_least: (low < NEVER).then_some(u32::from(low)),
            at_most: (high < NEVER).then_some(u32::from(high)),
        }
    }

    /// The turns a tree of the graph takes in a game: options of one
    /// block that overlap are replaced by the cheapest part of the block
    /// that holds them.
    fn realise(&self, graph: &Graph, tree: &[usize]) -> u16 {
        let mut used: Vec<usize> = Vec::new();
        for &node in tree {
            used.extend(graph.members[node].iter().copied());
        }
        used.sort_unstable();
        used.dedup();
        let mut total = 0u16;
        let mut i = 0;
        while i < used.len() {
            let b = self.options[used[i]].block;
            let mut j = i;
            while j < used.len() && self.options[used[j]].block == b {
                j += 1;
            }
            let group = &used[i..j];
            let cost: u16 = group.iter().map(|&o| self.options[o].cost).sum();
            let overlap = group.iter().enumerate().any(|(x, &o)| {
                group[x + 1..]
                    .iter()
                    .any(|&p| self.options[o].mask & self.options[p].mask != 0)
            });
            let real = if overlap {
                let mask = group.iter().fold(0, |m, &o| m | self.options[o].mask);
                self.blocks[b].cover(mask)
            } else {
                cost
            };
            total = total.saturating_add(real);
            i = j;
        }
        total.min(NEVER)
    }
}

/// The per-block tables of one block.
fn block(board: &Board, grid: &Square, cells: Vec<usize>, sizes: &[usize]) -> Block {
    let n = cells.len();
    let near: Vec<u32> = cells
        .iter()
        .map(|&c| {
            grid.neighbors(c)
                .filter_map(|m| cells.iter().position(|&x| x == m))
                .fold(0, |acc, i| acc | 1 << i)
        })
        .collect();
    let mut block = Block {
        color: board.cells[cells[0]].color,
        cells,
        pieces: Vec::new(),
        near,
        options: Vec::new(),
        whole: false,
    };
    // The pieces a turn can cross, by their lowest box.
    let mut by_low: Vec<Vec<u32>> = vec![Vec::new(); n];
    for mask in 1u32..1 << n {
        if sizes.contains(&(mask.count_ones() as usize)) && block.connected(mask) {
            by_low[mask.trailing_zeros() as usize].push(mask);
        }
    }
    let mut f = vec![NEVER; 1 << n];
    f[0] = 0;
    for mask in 1u32..1 << n {
        let low = mask.trailing_zeros() as usize;
        let mut best = NEVER;
        for &p in &by_low[low] {
            if p & !mask == 0 {
                best = best.min(f[(mask & !p) as usize].saturating_add(1));
            }
        }
        f[mask as usize] = best.min(NEVER);
    }
    block.pieces = f;
    block
}

/// The options of a block with their turns: the whole block when it can
/// be crossed at all, then each connected part that takes fewer turns and
/// that no box added to it keeps as cheap.
fn choices(block: &Block) -> Vec<(u32, u16)> {
    let full = block.full();
    let whole = block.pieces[full as usize];
    let mut out = Vec::new();
    if whole < NEVER {
        out.push((full, whole));
    }
    for mask in 1..full {
        let cost = block.pieces[mask as usize];
        if cost >= whole || cost >= NEVER || !block.connected(mask) {
            continue;
        }
        let mut around = 0;
        let mut m = mask;
        while m != 0 {
            around |= block.near[m.trailing_zeros() as usize];
            m &= m - 1;
        }
        around &= !mask;
        let mut grows = false;
        let mut a = around;
        while a != 0 {
            let bit = a & a.wrapping_neg();
            if block.pieces[(mask | bit) as usize] <= cost {
                grows = true;
                break;
            }
            a &= a - 1;
        }
        if !grows {
            out.push((mask, cost));
        }
    }
    out
}

/// The graph one target is solved on: the options of blocks not crossed
/// whole, and one node per group of whole blocks that touch each other
/// (the group touching the start column is the root).
struct Graph {
    /// Options (indices into the solver's) each node stands for.
    members: Vec<Vec<usize>>,
    cost: Vec<u16>,
    near: Vec<Vec<usize>>,
    /// Terminals: each a list of nodes, any of which covers it. The first
    /// is the root.
    terminals: Vec<Vec<usize>>,
}

impl Graph {
    fn new(solver: &Solver<'_>, forced: &[usize], groups: Vec<Vec<usize>>) -> Self {
        // Union-find over the root (index 0) and the forced blocks.
        let k = forced.len() + 1;
        let mut parent: Vec<usize> = (0..k).collect();
        fn find(p: &mut [usize], mut x: usize) -> usize {
            while p[x] != x {
                p[x] = p[p[x]];
                x = p[x];
            }
            x
        }
        let whole = |b: usize| solver.blocks[b].options[0];
        for (i, &b) in forced.iter().enumerate() {
            if solver.rooted[whole(b)] {
                let (x, y) = (find(&mut parent, 0), find(&mut parent, i + 1));
                parent[x] = y;
            }
            for (j, &c) in forced.iter().enumerate().skip(i + 1) {
                if solver.touching[whole(b)].contains(&whole(c)) {
                    let (x, y) = (find(&mut parent, i + 1), find(&mut parent, j + 1));
                    parent[x] = y;
                }
            }
        }
        let mut members: Vec<Vec<usize>> = Vec::new();
        let mut cost: Vec<u16> = Vec::new();
        let mut rooted: Vec<bool> = Vec::new();
        let mut terminals: Vec<Vec<usize>> = Vec::new();
        // The root's class first.
        let mut order: Vec<usize> = vec![find(&mut parent, 0)];
        for i in 1..k {
            let c = find(&mut parent, i);
            if !order.contains(&c) {
                order.push(c);
            }
        }
        for &class in &order {
            let node = members.len();
            let mut m = Vec::new();
            let mut total = 0u16;
            let mut has_root = false;
            for i in 0..k {
                if find(&mut parent, i) == class {
                    if i == 0 {
                        has_root = true;
                    } else {
                        m.push(whole(forced[i - 1]));
                        total += solver.options[whole(forced[i - 1])].cost;
                    }
                }
            }
            members.push(m);
            cost.push(total);
            rooted.push(has_root);
            terminals.push(vec![node]);
        }
        // The other options, of blocks not crossed whole.
        let mut node_of: Vec<Option<usize>> = vec![None; solver.options.len()];
        for (o, choice) in solver.options.iter().enumerate() {
            if forced.contains(&choice.block) {
                continue;
            }
            node_of[o] = Some(members.len());
            members.push(vec![o]);
            cost.push(choice.cost);
            rooted.push(solver.rooted[o]);
        }
        let n = members.len();
        let mut near: Vec<Vec<usize>> = vec![Vec::new(); n];
        let link = |a: usize, b: usize, near: &mut Vec<Vec<usize>>| {
            if a != b && !near[a].contains(&b) {
                near[a].push(b);
                near[b].push(a);
            }
        };
        // The root's node touches every option in the start column.
        for v in (1..n).filter(|&v| rooted[v]) {
            link(0, v, &mut near);
        }
        for (a, options) in members.iter().enumerate() {
            for &o in options {
                for &p in &solver.touching[o] {
                    if let Some(b) = node_of[p] {
                        link(a, b, &mut near);
                    }
                }
            }
        }
        for mut g in groups {
            g.iter_mut()
                .for_each(|o| *o = node_of[*o].expect("not forced"));
            terminals.push(g);
        }
        Self {
            members,
            cost,
            near,
            terminals,
        }
    }

    /// The least cost of a connected set of nodes holding the root and a
    /// node of every terminal, with the nodes of one such set; `None` when
    /// there is none.
    fn steiner(&self) -> Option<(u16, Vec<usize>)> {
        let k = self.terminals.len();
        if k == 1 {
            return Some((self.cost[0], vec![0]));
        }
        if k > MAX_TERMINALS {
            return self.greedy();
        }
        let n = self.cost.len();
        // The root (terminal 0, node 0) is left out of the subsets: an
        // entry is the cheapest tree holding a subset of the other
        // terminals and its node, and the answer is the entry of them all
        // at the root.
        let full = (1usize << (k - 1)) - 1;
        let mut dp = vec![NEVER; (full + 1) * n];
        // How each entry was reached: 0 a terminal's own node, a subset
        // (split at the node), or a neighbour (marked by a bit above any
        // subset and node).
        let mut how = vec![0usize; (full + 1) * n];
        for (t, nodes) in self.terminals.iter().enumerate().skip(1) {
            for &v in nodes {
                dp[(1 << (t - 1)) * n + v] = self.cost[v];
            }
        }
        let mark = 1usize << 32;
        // The subset each node was last settled in; a heap of nodes per cost.
        let mut settled = vec![0usize; n];
        let mut buckets: Vec<Vec<usize>> = Vec::new();
        // The best split of the subset at each node.
        let mut best = vec![NEVER; n];
        for s in 1..=full {
            let row = s * n;
            if s & (s - 1) != 0 {
                let low = s & s.wrapping_neg();
                best.fill(NEVER);
                // Subsets holding the lowest terminal, each split once, at
                // every node at once: the rows of the two parts are read
                // side by side. Where the best split is, is found again
                // only for the nodes of the tree ([`Graph::split`]).
                let rest = s & !low;
                let mut sub = rest;
                loop {
                    let a = sub | low;
                    if a != s {
                        let b = s & !a;
                        let (x_row, y_row) = (&dp[a * n..(a + 1) * n], &dp[b * n..(b + 1) * n]);
                        let parts = x_row.iter().zip(y_row).zip(&self.cost);
                        for (bv, ((&x, &y), &c)) in best.iter_mut().zip(parts) {
                            *bv = (*bv).min((x + y).saturating_sub(c));
                        }
                    }
                    if sub == 0 {
                        break;
                    }
                    sub = (sub - 1) & rest;
                }
                for v in 0..n {
                    if best[v] < dp[row + v] {
                        dp[row + v] = best[v];
                        how[row + v] = MERGED;
                    }
                }
            }
            // Grow along edges (Dijkstra on node weights). Costs are small
            // whole numbers, so the queue is a bucket per cost, each emptied
            // lowest node first (sorted when it comes up, and again if a
            // node of no cost joins it then): the order a heap of (cost,
            // node) pops them in.
            for b in &mut buckets {
                b.clear();
            }
            for v in 0..n {
                let d = dp[row + v];
                if d < NEVER {
                    let d = usize::from(d);
                    if d >= buckets.len() {
                        buckets.resize_with(d + 1, Vec::new);
                    }
                    buckets[d].push(v);
                }
            }
            let mut d = 0;
            let mut sorted = false;
            while d < buckets.len() {
                if !sorted {
                    buckets[d].sort_unstable_by(|a, b| b.cmp(a));
                    sorted = true;
                }
                let Some(v) = buckets[d].pop() else {
                    d += 1;
                    sorted = false;
                    continue;
                };
                if usize::from(dp[row + v]) != d || settled[v] == s {
                    continue;
                }
                settled[v] = s;
                for &u in &self.near[v] {
                    let x = dp[row + v] + self.cost[u];
                    if x < dp[row + u] {
                        dp[row + u] = x;
                        how[row + u] = mark | v;
                        let x = usize::from(x);
                        if x >= buckets.len() {
                            buckets.resize_with(x + 1, Vec::new);
                        }
                        buckets[x].push(u);
                        sorted &= x != d;
                    }
                }
            }
        }
        let (best, v) = (dp[full * n], 0);
        if best >= NEVER {
            return None;
        }
        let mut tree = Vec::new();
        let mut stack = vec![(full, v)];
        while let Some((s, v)) = stack.pop() {
            let h = how[s * n + v];

            if h == MERGED {
                let a = self.split(&dp, n, s, v);
                stack.push((a, v));
                stack.push((s & !a, v));
            } else if h & mark != 0 {
                tree.push(v);
                stack.push((s, h & !mark));
            } else {
                tree.push(v);
            }
        }
        tree.sort_unstable();
        tree.dedup();
        Some((best, tree))
    }

    /// Where the best tree of subset `s` at node `v` splits, when it is a
    /// merge (`dp` of `n` nodes a subset): the first split holding the
    /// lowest terminal, in the order the programme tries them, whose two
    /// parts cost what the entry does.
    fn split(&self, dp: &[u16], n: usize, s: usize, v: usize) -> usize {
        let low = s & s.wrapping_neg();
        let rest = s & !low;
        let mut sub = rest;
        loop {
            let a = sub | low;
            if a != s
                && (dp[a * n + v] + dp[(s & !a) * n + v]).saturating_sub(self.cost[v])
                    == dp[s * n + v]
            {
                return a;
            }
            if sub == 0 {
                unreachable!("a merged entry has the split it was merged from");
            }
            sub = (sub - 1) & rest;
        }
    }

    /// Too many terminals to solve exactly: joins them one by one to the
    /// tree by the cheapest path. The cost returned is only a lower bound
    /// (the forced nodes' cost); the tree gives the upper bound.
    fn greedy(&self) -> Option<(u16, Vec<usize>)> {
        let n = self.cost.len();
        let mut in_tree = vec![false; n];
        in_tree[0] = true;
        // Nodes every tree holds: the root and terminals of one node.
        let mut must: Vec<usize> = self
            .terminals
            .iter()
            .filter(|t| t.len() == 1)
            .map(|t| t[0])
            .collect();
        must.sort_unstable();
        must.dedup();
        let low = must.iter().map(|&v| self.cost[v]).sum();
        for t in &self.terminals[1..] {
            if t.iter().any(|&v| in_tree[v]) {
                continue;
            }
            // Dijkstra from the tree to the nearest node of this terminal.
            let mut dist = vec![NEVER; n];
            let mut from = vec![usize::MAX; n];
            let mut queue = std::collections::BinaryHeap::new();
            for v in 0..n {
                if in_tree[v] {
                    dist[v] = 0;
                    queue.push(std::cmp::Reverse((0u16, v)));
                }
            }
            while let Some(std::cmp::Reverse((d, v))) = queue.pop() {
                if d > dist[v] {
                    continue;
                }
                for &u in &self.near[v] {
                    let x = d + self.cost[u];
                    if x < dist[u] {
                        dist[u] = x;
                        from[u] = v;
                        queue.push(std::cmp::Reverse((x, u)));
                    }
                }
            }
            let &end = t.iter().min_by_key(|&&v| dist[v])?;
            if dist[end] >= NEVER {
                return None;
            }
            let mut v = end;
            while !in_tree[v] {
                in_tree[v] = true;
                v = from[v];
            }
        }
        let tree: Vec<usize> = (0..n).filter(|&v| in_tree[v]).collect();
        Some((low, tree))
    }
}

#[cfg(test)]
mod tests;
