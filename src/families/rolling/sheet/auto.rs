//! An automatic node-and-link layout for maps without geometry, so that a
//! map with no drawing still prints as a usable diagram.
//!
//! 1. Positions: stress majorization on the neighbour graph's distances
//!    (every pair of areas as far apart as the steps between them),
//!    started from classical scaling, or from the areas' `x`/`y` when the
//!    map gives all of them.
//! 2. Orientation: turned (and mirrored if that fits better) to match the
//!    `x`/`y` the map gives for some areas; without them, with the long
//!    axis across the page.
//! 3. Slots: every area on its own slot of a grid of slots (so that no two
//!    frames overlap), near its position, then improved by moves and swaps
//!    that shorten the lines and take them off crossings and off other
//!    areas' frames.
//!
//! Everything is deterministic: the same map gives the same diagram.

use crate::rolling::map::Map;

/// A point of the plane.
type P = (f64, f64);

/// Graph distances between every pair of areas (steps through neighbours);
/// pairs in different components are one step further apart than the
/// farthest connected pair.
fn distances(map: &Map) -> Vec<Vec<f64>> {
    let n = map.areas.len();
    let mut d = vec![vec![f64::INFINITY; n]; n];
    for (s, row) in d.iter_mut().enumerate() {
        row[s] = 0.0;
        let mut queue = std::collections::VecDeque::from([s]);
        while let Some(i) = queue.pop_front() {
            for &j in &map.areas[i].neighbors {
                if row[j.index()].is_infinite() {
                    row[j.index()] = row[i] + 1.0;
                    queue.push_back(j.index());
                }
            }
        }
    }
    let far = d
        .iter()
        .flatten()
        .copied()
        .filter(|x| x.is_finite())
        .fold(1.0, f64::max)
        + 1.0;
    for x in d.iter_mut().flatten() {
        if x.is_infinite() {
            *x = far;
        }
    }
    d
}

/// Classical scaling: the two main axes of the doubly centred squared
/// distances, found by power iteration from fixed start vectors.
fn classical(d: &[Vec<f64>]) -> Vec<P> {
    let n = d.len();
    let sq: Vec<Vec<f64>> = d
        .iter()
        .map(|r| r.iter().map(|x| x * x).collect())
        .collect();
    let row_mean: Vec<f64> = sq
        .iter()
        .map(|r| r.iter().sum::<f64>() / n as f64)
        .collect();
    let all_mean = row_mean.iter().sum::<f64>() / n as f64;
    let b: Vec<Vec<f64>> = (0..n)
        .map(|i| {
            (0..n)
                .map(|j| -0.5 * (sq[i][j] - row_mean[i] - row_mean[j] + all_mean))
                .collect()
        })
        .collect();
    let mut axes: Vec<(Vec<f64>, f64)> = Vec::new();
    for k in 0..2 {
        let mut v: Vec<f64> = (0..n)
            .map(|i| ((i * (7 + 4 * k) + 3) % 17) as f64 - 8.0 + 0.1 * i as f64)
            .collect();
        let mut lambda = 0.0;
        for _ in 0..200 {
            for (u, _) in &axes {
                let dot: f64 = v.iter().zip(u).map(|(a, b)| a * b).sum();
                for (x, y) in v.iter_mut().zip(u) {
                    *x -= dot * y;
                }
            }
            let norm = v.iter().map(|x| x * x).sum::<f64>().sqrt();
            if norm < 1e-12 {
                break;
            }
            for x in &mut v {
                *x /= norm;
            }
            let w: Vec<f64> = b
                .iter()
                .map(|row| row.iter().zip(&v).map(|(a, x)| a * x).sum())
                .collect();
            lambda = w.iter().zip(&v).map(|(a, b)| a * b).sum();
            v = w;
        }
        let norm = v.iter().map(|x| x * x).sum::<f64>().sqrt().max(1e-12);
        for x in &mut v {
            *x /= norm;
        }
        axes.push((v, lambda.max(0.0)));
    }
    (0..n)
        .map(|i| {
            let x = axes[0].0[i] * axes[0].1.sqrt();
            // A small fixed offset keeps a degenerate second axis (a path)
            // from staying flat.
            let y = axes[1].0[i] * axes[1].1.sqrt() + 1e-3 * ((i * 7919) % 101) as f64;
            (x, y)
        })
        .collect()
}

/// Stress majorization, one area at a time: each moves to where its
/// distances to the others best match the graph's, weighted by 1/d².
fn stress(d: &[Vec<f64>], mut pos: Vec<P>) -> Vec<P> {
    let n = pos.len();
    for _ in 0..300 {
        let mut moved = 0.0f64;
        for i in 0..n {
            let (mut sx, mut sy, mut sw) = (0.0, 0.0, 0.0);
            for j in 0..n {
                if i == j {
                    continue;
                }
                let w = 1.0 / (d[i][j] * d[i][j]);
                let (dx, dy) = (pos[i].0 - pos[j].0, pos[i].1 - pos[j].1);
                let len = (dx * dx + dy * dy).sqrt().max(1e-9);
                sx += w * (pos[j].0 + d[i][j] * dx / len);
                sy += w * (pos[j].1 + d[i][j] * dy / len);
                sw += w;
            }
            let next = (sx / sw, sy / sw);
            moved = moved.max((next.0 - pos[i].0).abs() + (next.1 - pos[i].1).abs());
            pos[i] = next;
        }
        if moved < 1e-4 {
            break;
        }
    }
    pos
}

fn centroid(points: impl Iterator<Item = P>) -> P {
    let (mut x, mut y, mut k) = (0.0f64, 0.0f64, 0.0f64);
    for p in points {
        x += p.0;
        y += p.1;
        k += 1.0;
    }
    (x / k.max(1.0), y / k.max(1.0))
}

/// Turns (and, if that fits better, mirrors) `pos` so that the areas with
/// a given position point the way the map says (orthogonal Procrustes).
fn orient_to(pos: &mut [P], given: &[Option<P>]) {
    let pairs: Vec<(usize, P)> = given
        .iter()
        .enumerate()
        .filter_map(|(i, g)| g.map(|g| (i, g)))
        .collect();
    let ca = centroid(pairs.iter().map(|&(i, _)| pos[i]));
    let cb = centroid(pairs.iter().map(|&(_, g)| g));
    let best = [1.0, -1.0]
        .into_iter()
        .map(|mirror| {
            // Rotation of the (mirrored) layout that best matches the given
            // positions, and how well it does.
            let (mut sxx, mut sxy) = (0.0, 0.0);
            for &(i, g) in &pairs {
                let a = (pos[i].0 - ca.0, mirror * (pos[i].1 - ca.1));
                let b = (g.0 - cb.0, g.1 - cb.1);
                sxx += a.0 * b.0 + a.1 * b.1;
                sxy += a.0 * b.1 - a.1 * b.0;
            }
            let angle = sxy.atan2(sxx);
            (mirror, angle, sxx.hypot(sxy))
        })
        .fold(None::<(f64, f64, f64)>, |best, c| match best {
            Some(b) if b.2 >= c.2 - 1e-9 => Some(b),
            _ => Some(c),
        })
        .expect("two candidates");
    let (mirror, angle, _) = best;
    let (s, c) = angle.sin_cos();
    for p in pos.iter_mut() {
        let (x, y) = (p.0 - ca.0, mirror * (p.1 - ca.1));
        *p = (x * c - y * s, x * s + y * c);
    }
}

/// Turns `pos` so that its long axis runs across (principal axes).
fn orient_wide(pos: &mut [P]) {
    let c = centroid(pos.iter().copied());
    let (mut xx, mut xy, mut yy) = (0.0, 0.0, 0.0);
    for p in pos.iter() {
        let (x, y) = (p.0 - c.0, p.1 - c.1);
        xx += x * x;
        xy += x * y;
        yy += y * y;
    }
    let angle = 0.5 * (2.0 * xy).atan2(xx - yy);
    let (s, co) = angle.sin_cos();
    for p in pos.iter_mut() {
        let (x, y) = (p.0 - c.0, p.1 - c.1);
        *p = (x * co + y * s, -x * s + y * co);
    }
}

/// Where each area would like to be, in the plane: the graph's shape,
/// oriented by the positions the map gives (`x` to the right, `y` down).
pub fn positions(map: &Map) -> Vec<P> {
    let n = map.areas.len();
    if n == 1 {
        return vec![(0.0, 0.0)];
    }
    let d = distances(map);
    let given: Vec<Option<P>> = map
        .areas
        .iter()
        .map(|a| a.position.map(|p| (f64::from(p.x), f64::from(p.y))))
        .collect();
    let start = if given.iter().all(Option::is_some) {
        // The map's own drawing, scaled so that neighbours are about one
        // step apart.
        let pts: Vec<P> = given.iter().map(|g| g.expect("all given")).collect();
        let edges = map.edges();
        let mean = edges
            .iter()
            .map(|&(a, b)| {
                let (p, q) = (pts[a.index()], pts[b.index()]);
                (p.0 - q.0).hypot(p.1 - q.1)
            })
            .sum::<f64>()
            / edges.len().max(1) as f64;
        let k = if mean > 1e-9 { 1.0 / mean } else { 1.0 };
        pts.iter()
            .enumerate()
            .map(|(i, p)| (p.0 * k + 1e-3 * (i % 7) as f64, p.1 * k))
            .collect()
    } else {
        classical(&d)
    };
    let mut pos = stress(&d, start);
    if given.iter().filter(|g| g.is_some()).count() >= 2 {
        orient_to(&mut pos, &given);
    } else {
        orient_wide(&mut pos);
    }
    pos
}

/// Diagram layouts already worked out for one map, so that laying the map
/// out again (in black and white, on another template) reuses them.
#[derive(Debug, Default)]
pub struct Cache {
    positions: Option<Vec<P>>,
    /// Slots by columns, rows and frame side (its bits).
    slots: Vec<((usize, usize, u64), Slots)>,
}

impl Cache {
    /// The positions of `map`'s areas ([`positions`]), worked out once.
    pub fn positions(&mut self, map: &Map) -> &[P] {
        self.positions.get_or_insert_with(|| positions(map))
    }

    /// The slots of `map`'s areas ([`slots`]), worked out once per grid.
    pub fn slots(&mut self, map: &Map, columns: usize, rows: usize, frame: f64) -> Slots {
        let key = (columns, rows, frame.to_bits());
        if let Some((_, s)) = self.slots.iter().find(|(k, _)| *k == key) {
            return s.clone();
        }
        let pos = self.positions(map).to_vec();
        let s = slots(map, &pos, columns, rows, frame);
        self.slots.push((key, s.clone()));
        s
    }
}

/// A grid of slots, one area on each.
#[derive(Clone, Debug, PartialEq)]
pub struct Slots {
    /// Columns of slots.
    pub columns: usize,
    /// Rows of slots.
    pub rows: usize,
    /// Each area's slot, `(column, row)`.
    pub at: Vec<(usize, usize)>,
}

/// Whether the segment from `p` to `q` passes through the square of
/// half-side `h` around `c` (Liang-Barsky clipping).
pub(super) fn crosses_square(p: P, q: P, c: P, h: f64) -> bool {
    let (dx, dy) = (q.0 - p.0, q.1 - p.1);
    let (mut t0, mut t1) = (0.0f64, 1.0f64);
    for (num, den) in [
        (p.0 - (c.0 - h), -dx),
        ((c.0 + h) - p.0, dx),
        (p.1 - (c.1 - h), -dy),
        ((c.1 + h) - p.1, dy),
    ] {
        if den.abs() < 1e-12 {
            if num < 0.0 {
                return false;
            }
        } else {
            let t = num / den;
            if den < 0.0 {
                t0 = t0.max(t);
            } else {
                t1 = t1.min(t);
            }
        }
    }
    t0 < t1
}

/// Whether segments `a`-`b` and `c`-`d` cross at a point inside both.
fn segments_cross(a: P, b: P, c: P, d: P) -> bool {
    let cross = |o: P, p: P, q: P| (p.0 - o.0) * (q.1 - o.1) - (p.1 - o.1) * (q.0 - o.0);
    let (d1, d2) = (cross(c, d, a), cross(c, d, b));
    let (d3, d4) = (cross(a, b, c), cross(a, b, d));
    ((d1 > 1e-9 && d2 < -1e-9) || (d1 < -1e-9 && d2 > 1e-9))
        && ((d3 > 1e-9 && d4 < -1e-9) || (d3 < -1e-9 && d4 > 1e-9))
}

/// The weights of what a placement costs.
const EDGE_LENGTH: f64 = 1.0;
const AWAY_FROM_SHAPE: f64 = 0.3;
const CROSSING: f64 = 20.0;
const THROUGH_FRAME: f64 = 40.0;

struct Placer<'a> {
    edges: &'a [(usize, usize)],
    /// Edges of each area.
    incident: Vec<Vec<usize>>,
    target: &'a [P],
    at: Vec<(usize, usize)>,
    /// `at` as points.
    pts: Vec<P>,
    /// Area on each slot, row-major.
    occupant: Vec<Option<usize>>,
    columns: usize,
    rows: usize,
    /// Half the side of a frame, in slots.
    half: f64,
}

impl Placer<'_> {
    fn point(&self, i: usize) -> P {
        self.pts[i]
    }

    /// Whether the line from `p` to `q` (between areas `a` and `b`) runs
    /// through the frame of area `k`.
    fn through(&self, p: P, q: P, a: usize, b: usize, k: usize) -> bool {
        if k == a || k == b {
            return false;
        }
        let c = self.point(k);
        let h = self.half;
        // Quick rejection by bounding boxes.
        if c.0 + h < p.0.min(q.0)
            || c.0 - h > p.0.max(q.0)
            || c.1 + h < p.1.min(q.1)
            || c.1 - h > p.1.max(q.1)
        {
            return false;
        }
        crosses_square(p, q, c, h)
    }

    /// The cost of edge `e`: its length, the lines it crosses, the frames
    /// it runs through.
    fn edge_cost(&self, e: usize) -> f64 {
        let (a, b) = self.edges[e];
        let (p, q) = (self.point(a), self.point(b));
        let mut cost = EDGE_LENGTH * ((p.0 - q.0).powi(2) + (p.1 - q.1).powi(2));
        let (lx, hx, ly, hy) = (p.0.min(q.0), p.0.max(q.0), p.1.min(q.1), p.1.max(q.1));
        for (k, &(c, d)) in self.edges.iter().enumerate() {
            if k == e || c == a || c == b || d == a || d == b {
                continue;
            }
            let (r, s) = (self.point(c), self.point(d));
            if r.0.max(s.0) < lx || r.0.min(s.0) > hx || r.1.max(s.1) < ly || r.1.min(s.1) > hy {
                continue;
            }
            if segments_cross(p, q, r, s) {
                cost += CROSSING;
            }
        }
        // Frames it could run through lie on the slots its box covers.
        let (c0, c1) = (
            lx.floor() as usize,
            (hx.ceil() as usize).min(self.columns - 1),
        );
        let (r0, r1) = (ly.floor() as usize, (hy.ceil() as usize).min(self.rows - 1));
        for r in r0..=r1 {
            for c in c0..=c1 {
                if let Some(k) = self.occupant[r * self.columns + c]
                    && self.through(p, q, a, b, k)
                {
                    cost += THROUGH_FRAME;
                }
            }
        }
        cost
    }

    /// The part of the cost that involves the areas `set`.
    fn cost_of(&self, set: &[usize]) -> f64 {
        let mut cost = 0.0;
        for (si, &i) in set.iter().enumerate() {
            let (p, t) = (self.point(i), self.target[i]);
            cost += AWAY_FROM_SHAPE * ((p.0 - t.0).powi(2) + (p.1 - t.1).powi(2));
            for &e in &self.incident[i] {
                let (a, b) = self.edges[e];
                let other = if a == i { b } else { a };
                // An edge between two areas of the set counts once.
                if !set[..si].contains(&other) {
                    cost += self.edge_cost(e);
                }
            }
        }
        // Lines of other areas through the frames of `set`.
        let h = self.half;
        for &(a, b) in self.edges {
            let (p, q) = (self.pts[a], self.pts[b]);
            for &k in set {
                let c = self.pts[k];
                if c.0 + h < p.0.min(q.0)
                    || c.0 - h > p.0.max(q.0)
                    || c.1 + h < p.1.min(q.1)
                    || c.1 - h > p.1.max(q.1)
                    || set.contains(&a)
                    || set.contains(&b)
                {
                    continue;
                }
                if self.through(p, q, a, b, k) {
                    cost += THROUGH_FRAME;
                }
            }
        }
        cost
    }

    fn put(&mut self, i: usize, slot: (usize, usize)) {
        self.at[i] = slot;
        self.pts[i] = (slot.0 as f64, slot.1 as f64);
        self.occupant[slot.1 * self.columns + slot.0] = Some(i);
    }

    /// Moves area `i` to `slot`, swapping with the area there, if any.
    fn move_to(&mut self, i: usize, slot: (usize, usize)) {
        let from = self.at[i];
        match self.occupant[slot.1 * self.columns + slot.0] {
            Some(j) => self.put(j, from),
            None => self.occupant[from.1 * self.columns + from.0] = None,
        }
        self.put(i, slot);
    }
}

/// The slots within `reach` of `at` (in both directions), `at` excepted,
/// row by row.
fn around(
    at: (usize, usize),
    reach: isize,
    columns: usize,
    rows: usize,
) -> impl Iterator<Item = (usize, usize)> {
    (-reach..=reach)
        .flat_map(move |dr| (-reach..=reach).map(move |dc| (dc, dr)))
        .filter(|&d| d != (0, 0))
        .map(move |(dc, dr)| (at.0 as isize + dc, at.1 as isize + dr))
        .filter(move |&(c, r)| c >= 0 && r >= 0 && (c as usize) < columns && (r as usize) < rows)
        .map(|(c, r)| (c as usize, r as usize))
}

/// Puts every area on its own slot of a `columns` x `rows` grid, near its
/// place in `pos`, with frames of side `frame` (in slots, below 1). There
/// must be at least as many slots as areas.
pub fn slots(map: &Map, pos: &[P], columns: usize, rows: usize, frame: f64) -> Slots {
    let n = pos.len();
    assert!(columns * rows >= n, "a slot for every area");
    // Stretch the positions over the grid, the outermost twentieth on each
    // side clamped to the edge, so that a far island does not squeeze the
    // rest into a corner.
    let stretch = |coord: &dyn Fn(P) -> f64, slots: usize| -> Vec<f64> {
        let top = slots.saturating_sub(1) as f64;
        let values: Vec<f64> = pos.iter().map(|&p| coord(p)).collect();
        let mut sorted = values.clone();
        sorted.sort_by(f64::total_cmp);
        let cut = n / 20;
        let (lo, hi) = (sorted[cut], sorted[n - 1 - cut]);
        values
            .iter()
            .map(|&v| {
                if hi - lo < 1e-9 {
                    top / 2.0
                } else {
                    top * ((v - lo) / (hi - lo)).clamp(0.0, 1.0)
                }
            })
            .collect()
    };
    let xs = stretch(&|p: P| p.0, columns);
    let ys = stretch(&|p: P| p.1, rows);
    let target: Vec<P> = xs.into_iter().zip(ys).collect();

    // Greedy: from the middle out, each area takes the free slot nearest
    // its target.
    let mid = centroid(target.iter().copied());
    let mut order: Vec<usize> = (0..n).collect();
    let dist = |p: P, q: P| (p.0 - q.0).powi(2) + (p.1 - q.1).powi(2);
    order.sort_by(|&a, &b| {
        dist(target[a], mid)
            .total_cmp(&dist(target[b], mid))
            .then(a.cmp(&b))
    });
    let edges: Vec<(usize, usize)> = map
        .edges()
        .into_iter()
        .map(|(a, b)| (a.index(), b.index()))
        .collect();
    let mut incident = vec![Vec::new(); n];
    for (e, &(a, b)) in edges.iter().enumerate() {
        incident[a].push(e);
        incident[b].push(e);
    }
    let mut placer = Placer {
        edges: &edges,
        incident,
        target: &target,
        at: vec![(0, 0); n],
        pts: vec![(0.0, 0.0); n],
        occupant: vec![None; columns * rows],
        columns,
        rows,
        half: frame / 2.0 + 0.04,
    };
    for &i in &order {
        let t = target[i];
        let slot = (0..columns * rows)
            .filter(|&s| placer.occupant[s].is_none())
            .min_by(|&a, &b| {
                let pa = ((a % columns) as f64, (a / columns) as f64);
                let pb = ((b % columns) as f64, (b / columns) as f64);
                dist(pa, t).total_cmp(&dist(pb, t)).then(a.cmp(&b))
            })
            .expect("a free slot");
        placer.put(i, (slot % columns, slot / columns));
    }

    // Improve: move each area to a nearby slot (or swap it with the area
    // there) while that lowers the cost. Areas are looked at again only
    // when something near them has moved.
    const REACH: isize = 2;
    let mut dirty = vec![true; n];
    for _ in 0..40 {
        if !dirty.contains(&true) {
            break;
        }
        for i in 0..n {
            if !std::mem::take(&mut dirty[i]) {
                continue;
            }
            let (c, r) = placer.at[i];
            let mut best: Option<((usize, usize), f64)> = None;
            let alone = placer.cost_of(&[i]);
            for slot in around((c, r), REACH, columns, rows) {
                let other = placer.occupant[slot.1 * columns + slot.0];
                let pair = [i, other.unwrap_or(i)];
                let set = if other.is_some() {
                    &pair[..]
                } else {
                    &pair[..1]
                };
                let before = if other.is_some() {
                    placer.cost_of(set)
                } else {
                    alone
                };
                placer.move_to(i, slot);
                let after = placer.cost_of(set);
                placer.move_to(i, (c, r));
                let gain = before - after;
                if gain > 1e-6 && best.is_none_or(|(_, g)| gain > g + 1e-9) {
                    best = Some((slot, gain));
                }
            }
            if let Some((slot, _)) = best {
                let other = placer.occupant[slot.1 * columns + slot.0];
                placer.move_to(i, slot);
                // Look again at the moved areas, their neighbours, and
                // the areas around both places.
                for k in std::iter::once(i).chain(other) {
                    dirty[k] = true;
                    for &e in &placer.incident[k] {
                        let (a, b) = edges[e];
                        dirty[a] = true;
                        dirty[b] = true;
                    }
                }
                for (cc, rr) in [(c, r), slot] {
                    for (c2, r2) in around((cc, rr), REACH + 1, columns, rows) {
                        if let Some(k) = placer.occupant[r2 * columns + c2] {
                            dirty[k] = true;
                        }
                    }
                }
            }
        }
    }
    Slots {
        columns,
        rows,
        at: placer.at,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn squares_and_segments_intersect_as_drawn() {
        assert!(crosses_square((0.0, 0.0), (2.0, 0.0), (1.0, 0.0), 0.3));
        assert!(!crosses_square((0.0, 0.0), (2.0, 0.0), (1.0, 1.0), 0.3));
        assert!(!crosses_square((0.0, 0.0), (1.0, 1.0), (1.0, 0.0), 0.3));
        assert!(segments_cross(
            (0.0, 0.0),
            (1.0, 1.0),
            (1.0, 0.0),
            (0.0, 1.0)
        ));
        assert!(!segments_cross(
            (0.0, 0.0),
            (1.0, 0.0),
            (1.0, 0.0),
            (2.0, 1.0)
        ));
    }
}
