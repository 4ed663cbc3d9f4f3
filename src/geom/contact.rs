//! Drawing a contact graph on a grid of square cells: every area a
//! connected group of cells, the pairs that must touch sharing a cell edge,
//! no other pair touching, each area near where it would like to be.
//!
//! The method is simulated annealing over the cells' owners. A move gives
//! one cell to the owner of a cell beside it (or to the sea); a move that
//! would cut an area in two or leave it without a cell is never made, so
//! every area stays in one piece throughout. The energy weighs, from the
//! heaviest down:
//!
//! - each pair that touches but must not (and, less, each cell edge where
//!   it does), and each pair that must touch but does not, pulled together
//!   by the distance between the two areas' centres;
//! - each cell's distance from its area's wished place;
//! - each area's size against its wished size, and the length of the
//!   borders (compact shapes).
//!
//! Several chains run from the same start with their own seeds; the best
//! drawing wins, so the result does not depend on the number of threads.
//! Work is counted in moves, never in time, so that a seed gives the same
//! drawing on every machine; a deadline only stops a run that would take
//! too long, and says so.

use std::time::Instant;

use rand::{RngExt, SeedableRng};
use rand_pcg::Pcg64Mcg;
use rayon::prelude::*;

use super::{Cells, Square};

/// The owner of a sea cell.
const SEA: u16 = u16::MAX;

/// What the drawing should show.
#[derive(Clone, Debug)]
pub struct Problem {
    /// Number of areas.
    pub areas: usize,
    /// Pairs of areas that must share a cell edge.
    pub must: Vec<(usize, usize)>,
    /// Pairs that may share one without harm (they are joined anyway,
    /// e.g. by a link), though not touching is preferred.
    pub may: Vec<(usize, usize)>,
    /// Where each area would like to be, in cells: `(column, row)` of its
    /// centre, within the grid.
    pub targets: Vec<(f64, f64)>,
    /// How many cells each area would like.
    pub sizes: Vec<f64>,
    /// Columns of the grid.
    pub columns: usize,
    /// Rows of the grid.
    pub rows: usize,
}

/// How much work to spend.
#[derive(Clone, Copy, Debug)]
pub struct Budget {
    /// Moves tried by each chain.
    pub moves: u64,
    /// Chains run from the same start, each with its own seed.
    pub chains: usize,
    /// A time after which every chain stops where it is.
    pub deadline: Option<Instant>,
}

/// A drawing: each cell's area (`None` for sea), row by row.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Drawing {
    /// Columns of the grid.
    pub columns: usize,
    /// Rows of the grid.
    pub rows: usize,
    /// Each cell's area, row by row from the top left.
    pub cells: Vec<Option<usize>>,
    /// Pairs that must touch but do not, each `(smaller, larger)`.
    pub missing: Vec<(usize, usize)>,
    /// Pairs that touch but must not (not counting `may` pairs).
    pub extra: Vec<(usize, usize)>,
    /// `may` pairs that touch.
    pub touching_may: Vec<(usize, usize)>,
    /// Whether the deadline stopped the work before the budget was spent.
    pub timed_out: bool,
}

impl Drawing {
    /// Whether every must-pair touches and no other pair does.
    pub fn is_exact(&self) -> bool {
        self.missing.is_empty() && self.extra.is_empty()
    }
}

/// The relation of a pair of areas.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Kind {
    Forbidden,
    Must,
    May,
}

/// Weights of the energy.
const W_MISSING: f64 = 12.0;
const W_PULL: f64 = 0.6;
const W_EXTRA: f64 = 16.0;
const W_EXTRA_EDGE: f64 = 2.0;
const W_MAY: f64 = 1.5;
const W_PLACE: f64 = 0.04;
const W_SIZE: f64 = 0.25;
const W_BORDER: f64 = 0.12;
/// How far (in cells) the wished places of all chains but the first are
/// shaken.
const SHAKE: f64 = 2.5;
/// One move in this many swaps two areas.
const SWAP_ONE_IN: u32 = 64;
/// How far (in cells, each way) the area swapped with may be.
const SWAP_REACH: i32 = 3;
/// Coolings of a chain (fewer when every pair is right sooner).
const CYCLES: u64 = 4;
/// Temperatures at the start and the end of a cooling.
const T_START: f64 = 4.0;
const T_END: f64 = 0.03;

/// Draws the problem: the best of `budget.chains` chains started from one
/// grown start, each with a seed derived from `seed`.
pub fn draw(problem: &Problem, seed: u64, budget: &Budget) -> Drawing {
    let chains = budget.chains.max(1);
    let results: Vec<(u32, f64, Vec<u16>, bool)> = (0..chains)
        .into_par_iter()
        .map(|k| {
            let chain_seed = seed
                .wrapping_mul(0x9E37_79B9_7F4A_7C15)
                .wrapping_add(k as u64 + 1);
            // The first chain starts from the wished places; the others
            // from places shaken a little each, for variety.
            let shaken = shake(problem, chain_seed, if k == 0 { 0.0 } else { SHAKE });
            let mut state = State::new(&shaken, grow_start(&shaken));
            let timed_out = state.anneal(chain_seed, budget);
            let best = state.best.clone();
            let mut replay = State::new(problem, best);
            replay.clean_extras();
            (
                replay.violations(),
                replay.energy(),
                replay.owner,
                timed_out,
            )
        })
        .collect();
    let timed_out = results.iter().any(|r| r.3);
    let (_, _, owner, _) = results
        .into_iter()
        .min_by(|a, b| a.0.cmp(&b.0).then(a.1.total_cmp(&b.1)))
        .expect("at least one chain");
    let mut state = State::new(problem, owner);
    state.fill_enclosed();
    state.into_drawing(timed_out)
}

/// `problem` with every wished place moved by up to `reach` cells each
/// way, at random.
fn shake(problem: &Problem, seed: u64, reach: f64) -> Problem {
    let mut p = problem.clone();
    if reach > 0.0 {
        let mut rng = Pcg64Mcg::seed_from_u64(seed ^ 0x5EED);
        let (w, h) = (p.columns as f64, p.rows as f64);
        for t in &mut p.targets {
            t.0 = (t.0 + reach * (2.0 * rng.random::<f64>() - 1.0)).clamp(0.5, w - 0.5);
            t.1 = (t.1 + reach * (2.0 * rng.random::<f64>() - 1.0)).clamp(0.5, h - 0.5);
        }
    }
    p
}

/// A start: every area on the free cell nearest its wished place (areas
/// in order), then grown a cell at a time, round by round, towards its
/// wished size, into sea cells nearest its wished place.
fn grow_start(p: &Problem) -> Vec<u16> {
    let (w, h) = (p.columns, p.rows);
    let grid = Square {
        columns: w,
        rows: h,
    };
    let mut owner = vec![SEA; w * h];
    let centre = |i: usize| ((i % w) as f64 + 0.5, (i / w) as f64 + 0.5);
    let dist2 = |i: usize, t: (f64, f64)| {
        let c = centre(i);
        (c.0 - t.0).powi(2) + (c.1 - t.1).powi(2)
    };
    // Seeds: keep a free ring around each, where the grid allows.
    for a in 0..p.areas.min(w * h) {
        let t = p.targets[a];
        let best = (0..w * h)
            .filter(|&i| owner[i] == SEA)
            .min_by(|&i, &j| {
                let crowd =
                    |i: usize| grid.neighbors(i).filter(|&n| owner[n] != SEA).count() as f64;
                (dist2(i, t) + 4.0 * crowd(i))
                    .total_cmp(&(dist2(j, t) + 4.0 * crowd(j)))
                    .then(i.cmp(&j))
            })
            .expect("a free cell");
        owner[best] = a as u16;
    }
    let mut size = vec![1usize; p.areas];
    loop {
        let mut grew = false;
        for (a, grown) in size.iter_mut().enumerate() {
            if (*grown as f64) + 0.5 > p.sizes[a] {
                continue;
            }
            let t = p.targets[a];
            let best = (0..w * h)
                .filter(|&i| owner[i] == SEA && grid.neighbors(i).any(|n| owner[n] == a as u16))
                .min_by(|&i, &j| dist2(i, t).total_cmp(&dist2(j, t)).then(i.cmp(&j)));
            if let Some(i) = best {
                owner[i] = a as u16;
                *grown += 1;
                grew = true;
            }
        }
        if !grew {
            break;
        }
    }
    owner
}

/// `e^-x` for `x >= 0` with plain arithmetic only, so that every machine
/// accepts the same moves (library `exp` may differ in the last bit).
fn exp_neg(x: f64) -> f64 {
    if x >= 40.0 {
        return 0.0;
    }
    // e^-x = (e^(-x/256))^256, the small power by its series.
    let y = -x / 256.0;
    let mut e = 1.0 + y * (1.0 + y / 2.0 * (1.0 + y / 3.0 * (1.0 + y / 4.0)));
    for _ in 0..8 {
        e *= e;
    }
    e
}

/// A chain's current drawing with everything the energy needs.
struct State<'p> {
    p: &'p Problem,
    kind: Vec<Kind>,
    /// Pairs each area must touch.
    must_of: Vec<Vec<usize>>,
    owner: Vec<u16>,
    /// Cell edges between each pair of areas, `a * n + b` with `a < b`.
    contacts: Vec<u32>,
    size: Vec<u32>,
    sum: Vec<(f64, f64)>,
    /// Visit marks for the connectivity search.
    mark: Vec<u32>,
    stamp: u32,
    /// How much more than the base a wrong pair weighs: raised for the
    /// pairs a cycle of the chain leaves wrong.
    weight: Vec<f64>,
    /// How much each area's wished place counts: lowered for the areas of
    /// the pairs a cycle leaves wrong, so that they can move further.
    place: Vec<f64>,
    best: Vec<u16>,
}

impl<'p> State<'p> {
    fn new(p: &'p Problem, owner: Vec<u16>) -> Self {
        let n = p.areas;
        let mut kind = vec![Kind::Forbidden; n * n];
        let mut must_of = vec![Vec::new(); n];
        for &(a, b) in &p.may {
            kind[a.min(b) * n + a.max(b)] = Kind::May;
        }
        for &(a, b) in &p.must {
            kind[a.min(b) * n + a.max(b)] = Kind::Must;
            must_of[a].push(b);
            must_of[b].push(a);
        }
        for list in &mut must_of {
            list.sort_unstable();
            list.dedup();
        }
        let mut s = Self {
            p,
            kind,
            must_of,
            best: owner.clone(),
            owner,
            contacts: vec![0; n * n],
            size: vec![0; n],
            sum: vec![(0.0, 0.0); n],
            mark: vec![0; p.columns * p.rows],
            stamp: 0,
            weight: vec![1.0; n * n],
            place: vec![1.0; n],
        };
        s.recount();
        s
    }

    fn recount(&mut self) {
        let (w, h, n) = (self.p.columns, self.p.rows, self.p.areas);
        self.contacts.iter_mut().for_each(|c| *c = 0);
        self.size.iter_mut().for_each(|c| *c = 0);
        self.sum.iter_mut().for_each(|c| *c = (0.0, 0.0));
        for i in 0..w * h {
            let a = self.owner[i];
            if a == SEA {
                continue;
            }
            self.size[a as usize] += 1;
            let (x, y) = self.centre(i);
            self.sum[a as usize].0 += x;
            self.sum[a as usize].1 += y;
            for j in [
                (i % w + 1 < w).then(|| i + 1),
                (i / w + 1 < h).then(|| i + w),
            ]
            .into_iter()
            .flatten()
            {
                let b = self.owner[j];
                if b != SEA && b != a {
                    let (x, y) = (a.min(b) as usize, a.max(b) as usize);
                    self.contacts[x * n + y] += 1;
                }
            }
        }
    }

    fn centre(&self, i: usize) -> (f64, f64) {
        let w = self.p.columns;
        ((i % w) as f64 + 0.5, (i / w) as f64 + 0.5)
    }

    fn area_centre(&self, a: usize) -> (f64, f64) {
        let s = f64::from(self.size[a].max(1));
        (self.sum[a].0 / s, self.sum[a].1 / s)
    }

    /// The energy of one pair's contacts.
    fn pair_energy(&self, a: usize, b: usize) -> f64 {
        let n = self.p.areas;
        let (x, y) = (a.min(b), a.max(b));
        let count = self.contacts[x * n + y];
        let weight = self.weight[x * n + y];
        match self.kind[x * n + y] {
            Kind::Must if count == 0 => {
                let (p, q) = (self.area_centre(x), self.area_centre(y));
                weight * (W_MISSING + W_PULL * ((p.0 - q.0).powi(2) + (p.1 - q.1).powi(2)).sqrt())
            }
            Kind::Must => 0.0,
            Kind::May if count > 0 => W_MAY,
            Kind::May => 0.0,
            Kind::Forbidden if count > 0 => weight * (W_EXTRA + W_EXTRA_EDGE * f64::from(count)),
            Kind::Forbidden => 0.0,
        }
    }

    /// The energy of one cell's place and one area's size.
    fn place_energy(&self, i: usize, a: u16) -> f64 {
        if a == SEA {
            return 0.0;
        }
        let (x, y) = self.centre(i);
        let t = self.p.targets[a as usize];
        W_PLACE * self.place[a as usize] * ((x - t.0).powi(2) + (y - t.1).powi(2))
    }

    fn size_energy(&self, a: usize) -> f64 {
        W_SIZE * (f64::from(self.size[a]) - self.p.sizes[a]).powi(2)
    }

    /// Cell edges around cell `i` between different owners, not both sea;
    /// the grid's rim counts for area cells.
    fn border_energy(&self, i: usize) -> f64 {
        let (w, h) = (self.p.columns, self.p.rows);
        let grid = Square {
            columns: w,
            rows: h,
        };
        let a = self.owner[i];
        let mut k = 0;
        let inner = grid.neighbors(i).count();
        for j in grid.neighbors(i) {
            if self.owner[j] != a {
                k += 1;
            }
        }
        if a != SEA {
            k += 4 - inner;
        }
        W_BORDER * k as f64
    }

    /// The whole energy (for choosing between chains).
    fn energy(&self) -> f64 {
        let n = self.p.areas;
        let mut e = 0.0;
        for a in 0..n {
            for b in a + 1..n {
                e += self.pair_energy(a, b);
            }
            e += self.size_energy(a);
        }
        for i in 0..self.owner.len() {
            e += self.place_energy(i, self.owner[i]) + self.border_energy(i);
        }
        e
    }

    /// Pairs that must touch but do not, plus pairs that touch but must not.
    fn violations(&self) -> u32 {
        self.tally().1
    }

    /// Pairs that touch but must not, and all wrong pairs (those and the
    /// pairs that must touch but do not).
    fn tally(&self) -> (u32, u32) {
        let n = self.p.areas;
        let (mut extra, mut wrong) = (0, 0);
        for a in 0..n {
            for b in a + 1..n {
                if self.is_wrong(a, b) {
                    wrong += 1;
                    extra += u32::from(self.kind[a * n + b] == Kind::Forbidden);
                }
            }
        }
        (extra, wrong)
    }

    /// Whether pair `a < b` must touch but does not, or touches but must not.
    fn is_wrong(&self, a: usize, b: usize) -> bool {
        let n = self.p.areas;
        let c = self.contacts[a * n + b];
        match self.kind[a * n + b] {
            Kind::Must => c == 0,
            Kind::Forbidden => c > 0,
            Kind::May => false,
        }
    }

    /// Weighs each pair that is wrong now `factor` times more.
    fn raise_wrong(&mut self, factor: f64) {
        let n = self.p.areas;
        for a in 0..n {
            for b in a + 1..n {
                if self.is_wrong(a, b) {
                    self.weight[a * n + b] *= factor;
                    self.place[a] /= factor;
                    self.place[b] /= factor;
                }
            }
        }
    }

    /// Whether area `a` stays in one piece, and not empty, without cell `i`.
    fn can_leave(&mut self, i: usize, a: u16) -> bool {
        let (w, h) = (self.p.columns, self.p.rows);
        let grid = Square {
            columns: w,
            rows: h,
        };
        let mut same = [0usize; 4];
        let mut k = 0;
        for j in grid.neighbors(i) {
            if self.owner[j] == a {
                same[k] = j;
                k += 1;
            }
        }
        match k {
            0 => return false,
            1 => return true,
            _ => {}
        }
        // Search the area from one neighbour, around cell `i`, until the
        // others are found.
        self.stamp = self.stamp.wrapping_add(1);
        if self.stamp == 0 {
            self.mark.iter_mut().for_each(|m| *m = 0);
            self.stamp = 1;
        }
        let stamp = self.stamp;
        self.mark[i] = stamp;
        self.mark[same[0]] = stamp;
        let mut stack = vec![same[0]];
        let mut left = k - 1;
        while let Some(c) = stack.pop() {
            for j in grid.neighbors(c) {
                if self.owner[j] == a && self.mark[j] != stamp {
                    self.mark[j] = stamp;
                    if same[1..k].contains(&j) {
                        left -= 1;
                        if left == 0 {
                            return true;
                        }
                    }
                    stack.push(j);
                }
            }
        }
        false
    }

    /// Gives cell `i` to `to`, keeping the counts.
    fn set(&mut self, i: usize, to: u16) {
        let (w, h, n) = (self.p.columns, self.p.rows, self.p.areas);
        let grid = Square {
            columns: w,
            rows: h,
        };
        let from = self.owner[i];
        let (x, y) = self.centre(i);
        for j in grid.neighbors(i) {
            let b = self.owner[j];
            if b == SEA {
                continue;
            }
            if from != SEA && from != b {
                let (p, q) = (from.min(b) as usize, from.max(b) as usize);
                self.contacts[p * n + q] -= 1;
            }
            if to != SEA && to != b {
                let (p, q) = (to.min(b) as usize, to.max(b) as usize);
                self.contacts[p * n + q] += 1;
            }
        }
        if from != SEA {
            self.size[from as usize] -= 1;
            self.sum[from as usize].0 -= x;
            self.sum[from as usize].1 -= y;
        }
        if to != SEA {
            self.size[to as usize] += 1;
            self.sum[to as usize].0 += x;
            self.sum[to as usize].1 += y;
        }
        self.owner[i] = to;
    }

    /// The energy that a move of cell `i` from `from` to `to` can change.
    fn local_energy(&self, i: usize, from: u16, to: u16, pairs: &[(usize, usize)]) -> f64 {
        let (w, h) = (self.p.columns, self.p.rows);
        let grid = Square {
            columns: w,
            rows: h,
        };
        let mut e = 0.0;
        for &(a, b) in pairs {
            e += self.pair_energy(a, b);
        }
        for a in [from, to] {
            if a != SEA {
                e += self.size_energy(a as usize);
            }
        }
        e += self.place_energy(i, self.owner[i]) + self.border_energy(i);
        for j in grid.neighbors(i) {
            e += self.border_energy(j);
        }
        e
    }

    /// The pairs whose energy a move of cell `i` from `from` to `to` can
    /// change: those whose contacts change, and the must-pairs of both
    /// areas (their centres move).
    fn touched_pairs(&self, i: usize, from: u16, to: u16, out: &mut Vec<(usize, usize)>) {
        let (w, h) = (self.p.columns, self.p.rows);
        let grid = Square {
            columns: w,
            rows: h,
        };
        out.clear();
        for a in [from, to] {
            if a == SEA {
                continue;
            }
            let a = a as usize;
            for &b in &self.must_of[a] {
                out.push((a.min(b), a.max(b)));
            }
            for j in grid.neighbors(i) {
                let b = self.owner[j];
                if b != SEA && b as usize != a {
                    let b = b as usize;
                    out.push((a.min(b), a.max(b)));
                }
            }
        }
        out.sort_unstable();
        out.dedup();
    }

    /// Runs the chain in cycles; returns whether the deadline stopped it.
    /// Each cycle cools from a high temperature to a low one; the next
    /// starts from the best drawing so far with the pairs it gets wrong
    /// weighed more, until a cycle gets every pair right.
    fn anneal(&mut self, seed: u64, budget: &Budget) -> bool {
        let mut rng = Pcg64Mcg::seed_from_u64(seed);
        let per_cycle = (budget.moves / CYCLES).max(1);
        let mut best = (self.violations(), self.energy());
        for cycle in 0..CYCLES {
            if cycle > 0 {
                if best.0 == 0 {
                    break;
                }
                self.owner.copy_from_slice(&self.best);
                self.recount();
                self.raise_wrong(2.0);
                best = (self.violations(), self.energy());
            }
            let hot = if cycle == 0 { T_START } else { T_START / 2.0 };
            if self.cool(&mut rng, per_cycle, hot, budget.deadline, &mut best) {
                return true;
            }
        }
        false
    }

    /// One cooling from `hot` to [`T_END`] over `moves` moves, keeping the
    /// best drawing (fewest wrong pairs, then least energy) in `self.best`.
    /// Returns whether the deadline stopped it.
    fn cool(
        &mut self,
        rng: &mut Pcg64Mcg,
        moves: u64,
        hot: f64,
        deadline: Option<Instant>,
        best: &mut (u32, f64),
    ) -> bool {
        let (w, h) = (self.p.columns, self.p.rows);
        let grid = Square {
            columns: w,
            rows: h,
        };
        let mut energy = self.energy();
        let mut wrong = self.violations();
        let mut pairs = Vec::with_capacity(32);
        let cool = (T_END / hot).powf(1.0 / moves as f64);
        let mut t = hot;
        let mut options = [SEA; 5];
        for step in 0..moves {
            if step % 65_536 == 0
                && let Some(d) = deadline
                && Instant::now() >= d
            {
                return true;
            }
            t *= cool;
            let i = rng.random_range(0..w * h);
            if rng.random_range(0..SWAP_ONE_IN) == 0 {
                self.try_swap(rng, i, t, &mut energy, &mut wrong, best);
                continue;
            }
            let from = self.owner[i];
            let mut k = 0;
            if from != SEA {
                options[k] = SEA;
                k += 1;
            }
            for j in grid.neighbors(i) {
                let b = self.owner[j];
                if b != from && b != SEA && !options[..k].contains(&b) {
                    options[k] = b;
                    k += 1;
                }
            }
            if k == 0 {
                continue;
            }
            let to = options[rng.random_range(0..k)];
            if from != SEA && !self.can_leave(i, from) {
                continue;
            }
            self.touched_pairs(i, from, to, &mut pairs);
            let wrong_before = self.wrong_among(&pairs);
            let before = self.local_energy(i, from, to, &pairs);
            self.set(i, to);
            let delta = self.local_energy(i, from, to, &pairs) - before;
            if delta <= 0.0 || rng.random::<f64>() < exp_neg(delta / t) {
                energy += delta;
                wrong = wrong + self.wrong_among(&pairs) - wrong_before;
                if (wrong, energy) < (best.0, best.1 - 1e-9) {
                    *best = (wrong, energy);
                    self.best.copy_from_slice(&self.owner);
                }
            } else {
                self.set(i, from);
            }
        }
        false
    }

    /// Tries swapping the area at cell `i` with another area near it: each
    /// takes the other's cells (both stay in one piece), which moves an
    /// area past another where growing and shrinking cannot.
    fn try_swap(
        &mut self,
        rng: &mut Pcg64Mcg,
        i: usize,
        t: f64,
        energy: &mut f64,
        wrong: &mut u32,
        best: &mut (u32, f64),
    ) {
        let (w, h) = (self.p.columns, self.p.rows);
        let grid = Square {
            columns: w,
            rows: h,
        };
        let a = self.owner[i];
        if a == SEA {
            return;
        }
        let (c, r) = ((i % w) as isize, (i / w) as isize);
        let dc = rng.random_range(-SWAP_REACH..=SWAP_REACH) as isize;
        let dr = rng.random_range(-SWAP_REACH..=SWAP_REACH) as isize;
        let (c2, r2) = (c + dc, r + dr);
        if c2 < 0 || r2 < 0 || c2 >= w as isize || r2 >= h as isize {
            return;
        }
        let b = self.owner[r2 as usize * w + c2 as usize];
        if b == SEA || b == a {
            return;
        }
        let cells: Vec<usize> = (0..w * h)
            .filter(|&k| self.owner[k] == a || self.owner[k] == b)
            .collect();
        let mut pairs: Vec<(usize, usize)> = Vec::new();
        for x in [a as usize, b as usize] {
            for &y in &self.must_of[x] {
                pairs.push((x.min(y), x.max(y)));
            }
        }
        for &k in &cells {
            for j in grid.neighbors(k) {
                let y = self.owner[j];
                if y != SEA {
                    for x in [a, b] {
                        if x != y {
                            pairs.push((x.min(y) as usize, x.max(y) as usize));
                        }
                    }
                }
            }
        }
        pairs.sort_unstable();
        pairs.dedup();
        let local = |s: &Self| {
            let mut e: f64 = pairs.iter().map(|&(x, y)| s.pair_energy(x, y)).sum();
            e += s.size_energy(a as usize) + s.size_energy(b as usize);
            e += cells
                .iter()
                .map(|&k| s.place_energy(k, s.owner[k]))
                .sum::<f64>();
            e
        };
        let wrong_before = self.wrong_among(&pairs);
        let before = local(self);
        let flip = |s: &mut Self| {
            for &k in &cells {
                let to = if s.owner[k] == a { b } else { a };
                s.set(k, to);
            }
        };
        flip(self);
        let delta = local(self) - before;
        if delta <= 0.0 || rng.random::<f64>() < exp_neg(delta / t) {
            *energy += delta;
            *wrong = *wrong + self.wrong_among(&pairs) - wrong_before;
            if (*wrong, *energy) < (best.0, best.1 - 1e-9) {
                *best = (*wrong, *energy);
                self.best.copy_from_slice(&self.owner);
            }
        } else {
            flip(self);
        }
    }

    /// How many of `pairs` are wrong.
    fn wrong_among(&self, pairs: &[(usize, usize)]) -> u32 {
        pairs
            .iter()
            .map(|&(a, b)| u32::from(self.is_wrong(a, b)))
            .sum()
    }

    /// Turns to sea the cells where pairs touch that must not, where that
    /// keeps their areas whole and leaves fewer such pairs (a must-pair it
    /// parts becomes a link), or as many and fewer wrong pairs.
    fn clean_extras(&mut self) {
        let (w, h, n) = (self.p.columns, self.p.rows, self.p.areas);
        let grid = Square {
            columns: w,
            rows: h,
        };
        loop {
            let mut changed = false;
            for i in 0..w * h {
                let a = self.owner[i];
                if a == SEA {
                    continue;
                }
                let bad = grid.neighbors(i).any(|j| {
                    let b = self.owner[j];
                    b != SEA && b != a && {
                        let (x, y) = (a.min(b) as usize, a.max(b) as usize);
                        self.kind[x * n + y] == Kind::Forbidden
                    }
                });
                if !bad || !self.can_leave(i, a) {
                    continue;
                }
                // Fewer pairs touching that must not, even at the cost
                // of a pair that must touch (it becomes a link).
                let before = self.tally();
                self.set(i, SEA);
                if self.tally() < before {
                    changed = true;
                } else {
                    self.set(i, a);
                }
            }
            if !changed {
                break;
            }
        }
    }

    /// Gives the sea cells the open sea round the grid cannot reach (gaps
    /// inside the land, which would print as land-coloured blanks) to an
    /// area beside them, where that makes it touch only areas it must
    /// touch; repeated
    /// until no more can be. A gap that keeps two areas apart stays.
    fn fill_enclosed(&mut self) {
        let (w, h, n) = (self.p.columns, self.p.rows, self.p.areas);
        let grid = Square {
            columns: w,
            rows: h,
        };
        loop {
            // The sea the open sea reaches, from the grid's rim.
            let mut open = vec![false; w * h];
            let mut stack: Vec<usize> = (0..w * h)
                .filter(|&i| {
                    let (c, r) = (i % w, i / w);
                    self.owner[i] == SEA && (c == 0 || r == 0 || c == w - 1 || r == h - 1)
                })
                .collect();
            for &i in &stack {
                open[i] = true;
            }
            while let Some(i) = stack.pop() {
                for j in grid.neighbors(i) {
                    if self.owner[j] == SEA && !open[j] {
                        open[j] = true;
                        stack.push(j);
                    }
                }
            }
            let mut changed = false;
            for (i, &reached) in open.iter().enumerate() {
                if self.owner[i] != SEA || reached {
                    continue;
                }
                let mut beside: Vec<u16> = grid
                    .neighbors(i)
                    .map(|j| self.owner[j])
                    .filter(|&o| o != SEA)
                    .collect();
                beside.sort_unstable();
                beside.dedup();
                let fits = |a: u16| {
                    beside.iter().all(|&b| {
                        let (x, y) = (a.min(b) as usize, a.max(b) as usize);
                        b == a || self.kind[x * n + y] == Kind::Must
                    })
                };
                if let Some(&a) = beside.iter().find(|&&a| fits(a)) {
                    let before = self.violations();
                    self.set(i, a);
                    if self.violations() > before {
                        self.set(i, SEA);
                    } else {
                        changed = true;
                    }
                }
            }
            if !changed {
                break;
            }
        }
    }

    fn into_drawing(self, timed_out: bool) -> Drawing {
        let n = self.p.areas;
        let (mut missing, mut extra, mut touching_may) = (Vec::new(), Vec::new(), Vec::new());
        for a in 0..n {
            for b in a + 1..n {
                let c = self.contacts[a * n + b];
                match self.kind[a * n + b] {
                    Kind::Must if c == 0 => missing.push((a, b)),
                    Kind::Forbidden if c > 0 => extra.push((a, b)),
                    Kind::May if c > 0 => touching_may.push((a, b)),
                    _ => {}
                }
            }
        }
        Drawing {
            columns: self.p.columns,
            rows: self.p.rows,
            cells: self
                .owner
                .iter()
                .map(|&o| (o != SEA).then_some(o as usize))
                .collect(),
            missing,
            extra,
            touching_may,
            timed_out,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn exp_neg_is_close_to_exp() {
        for k in 0..400 {
            let x = f64::from(k) * 0.1;
            let (a, b) = (exp_neg(x), (-x).exp());
            assert!((a - b).abs() <= 1e-3 * b + 1e-12, "{x}: {a} vs {b}");
        }
        assert_eq!(exp_neg(50.0), 0.0);
    }

    /// A gap inside the land is given to an area beside it when that
    /// makes no pair touch that must not; a gap between two areas that
    /// must not touch stays sea.
    #[test]
    fn gaps_inside_the_land_are_filled_unless_they_keep_areas_apart() {
        const S: u16 = SEA;
        let problem = |must: Vec<(usize, usize)>| Problem {
            areas: 2,
            must,
            may: Vec::new(),
            targets: vec![(2.0, 0.0), (2.0, 2.0)],
            sizes: vec![7.0, 5.0],
            columns: 5,
            rows: 3,
        };
        // B B B B B
        // B . . . B    the gap lies between B and C
        // C C C C C
        let owner = vec![
            0, 0, 0, 0, 0, //
            0, S, S, S, 0, //
            1, 1, 1, 1, 1, //
        ];
        // B and C must touch (they do, at the sides): the gap is filled.
        let p = problem(vec![(0, 1)]);
        let mut state = State::new(&p, owner.clone());
        state.fill_enclosed();
        let d = state.into_drawing(false);
        assert!(d.cells.iter().all(Option::is_some), "{d:?}");
        assert!(d.is_exact());
        // They must not: the gap keeps them apart where it can.
        let p = problem(Vec::new());
        let mut state = State::new(&p, owner);
        state.fill_enclosed();
        let d = state.into_drawing(false);
        assert_eq!(&d.cells[6..9], &[None, None, None], "{d:?}");
    }

    /// A pair that touches but must not, where the only cell that parts
    /// them is also the only contact of a pair that must touch: the
    /// clean-up parts them, and the lost pair becomes a link (missing),
    /// since a drawing with a pair touching that must not is unusable.
    #[test]
    fn the_clean_up_parts_a_wrong_pair_even_at_the_cost_of_a_link() {
        // 2 0 1
        // . 0 .
        let p = Problem {
            areas: 3,
            must: vec![(0, 1)],
            may: vec![],
            targets: vec![(1.5, 1.0), (2.5, 0.5), (0.5, 0.5)],
            sizes: vec![2.0, 1.0, 1.0],
            columns: 3,
            rows: 2,
        };
        let owner = vec![2, 0, 1, SEA, 0, SEA];
        let mut state = State::new(&p, owner);
        assert_eq!(state.tally(), (1, 1), "one pair touching that must not");
        state.clean_extras();
        let d = state.into_drawing(false);
        assert!(d.extra.is_empty(), "{d:?}");
        assert_eq!(d.missing, vec![(0, 1)], "{d:?}");
        assert_eq!(d.cells[1], None, "{d:?}");
    }

    /// A ring of six areas around a seventh, each touching the centre and
    /// its two ring neighbours.
    #[test]
    fn draws_a_wheel_exactly() {
        let mut must = Vec::new();
        let mut targets = vec![(6.0, 5.0)];
        for k in 0..6 {
            must.push((0, k + 1));
            must.push((k + 1, (k + 1) % 6 + 1));
            let angle = std::f64::consts::TAU * k as f64 / 6.0;
            targets.push((6.0 + 3.0 * angle.cos(), 5.0 + 3.0 * angle.sin()));
        }
        let p = Problem {
            areas: 7,
            must,
            may: vec![],
            targets,
            sizes: vec![5.0; 7],
            columns: 12,
            rows: 10,
        };
        let budget = Budget {
            moves: 300_000,
            chains: 2,
            deadline: None,
        };
        let d = draw(&p, 1, &budget);
        assert!(d.is_exact(), "missing {:?}, extra {:?}", d.missing, d.extra);
        assert_eq!(d, draw(&p, 1, &budget), "same seed, same drawing");
    }
}
