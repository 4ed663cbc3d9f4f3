//! Which shapes share a border, and how long it is: every edge of every
//! ring is put in a uniform grid of buckets, and only edges in the same
//! buckets are compared, so a map of thousands of shapes takes about as
//! long as its edges (never all pairs of polygons).
//!
//! Two edges of different shapes lie on a common border when they are
//! almost parallel and each is within `tolerance` of the other's line;
//! their overlap, measured along the first, is border they share. Borders
//! need not have the same vertices on both sides.

use std::collections::BTreeMap;

use super::Point;
use super::geojson::Shape;
use super::polygon::{segments_cross, to_segment};

/// How two shapes meet.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Contact {
    /// The first shape (index), below `b`.
    pub a: usize,
    /// The second shape.
    pub b: usize,
    /// The length of border they share.
    pub shared: f64,
    /// The least distance between their edges (0 when they touch).
    pub gap: f64,
    /// Where they come closest (or one point of their common border).
    pub at: Point,
    /// How many times their borders cross (away from a common border):
    /// more than none means the shapes overlap.
    pub crossings: usize,
    /// Where their borders first cross, when they do.
    pub cross_at: Option<Point>,
}

/// One edge of a ring: its shape and end points.
struct Edge {
    shape: usize,
    p: Point,
    q: Point,
}

/// Whether two segments cross (properly).
fn cross(a: &Edge, b: &Edge) -> bool {
    segments_cross(a.p, a.q, b.p, b.q)
}

/// Where two crossing segments cross.
fn crossing(a: &Edge, b: &Edge) -> Point {
    let (r, s) = (
        [a.q[0] - a.p[0], a.q[1] - a.p[1]],
        [b.q[0] - b.p[0], b.q[1] - b.p[1]],
    );
    let denom = r[0] * s[1] - r[1] * s[0];
    if denom == 0.0 {
        return a.p;
    }
    let t = ((b.p[0] - a.p[0]) * s[1] - (b.p[1] - a.p[1]) * s[0]) / denom;
    [a.p[0] + t * r[0], a.p[1] + t * r[1]]
}

/// The least distance between two segments, and a point where it is met.
fn gap(a: &Edge, b: &Edge) -> (f64, Point) {
    if cross(a, b) {
        return (0.0, a.p);
    }
    [
        to_segment(a.p, b.p, b.q),
        to_segment(a.q, b.p, b.q),
        to_segment(b.p, a.p, a.q),
        to_segment(b.q, a.p, a.q),
    ]
    .into_iter()
    .min_by(|x, y| x.0.total_cmp(&y.0))
    .expect("four candidates")
}

/// The length of `e` that lies along `f`: zero unless the two are almost
/// parallel and each end of the overlap is within `tolerance` of the
/// other segment.
fn overlap(e: &Edge, f: &Edge, tolerance: f64) -> f64 {
    let (ex, ey) = (e.q[0] - e.p[0], e.q[1] - e.p[1]);
    let len = (ex * ex + ey * ey).sqrt();
    if len == 0.0 {
        return 0.0;
    }
    let (ux, uy) = (ex / len, ey / len);
    // f's ends projected on e's line, clipped to e.
    let along = |p: Point| (p[0] - e.p[0]) * ux + (p[1] - e.p[1]) * uy;
    let (s0, s1) = (along(f.p), along(f.q));
    let (lo, hi) = (s0.min(s1).max(0.0), s0.max(s1).min(len));
    if hi <= lo {
        return 0.0;
    }
    // The overlap's ends must lie near f (then, f being straight, all of
    // it does).
    let point = |s: f64| [e.p[0] + s * ux, e.p[1] + s * uy];
    let near = |s: f64| to_segment(point(s), f.p, f.q).0 <= tolerance;
    if near(lo) && near(hi) { hi - lo } else { 0.0 }
}

/// Every pair of shapes whose edges come within `reach` of each other:
/// the border they share (edges within `tolerance`), their least gap and
/// where. Pairs in order of `a`, then `b`.
pub fn contacts(shapes: &[Shape], tolerance: f64, reach: f64) -> Vec<Contact> {
    let edges: Vec<Edge> = shapes
        .iter()
        .enumerate()
        .flat_map(|(s, shape)| {
            shape.rings.iter().flat_map(move |ring| {
                (0..ring.len()).map(move |i| Edge {
                    shape: s,
                    p: ring[i],
                    q: ring[(i + 1) % ring.len()],
                })
            })
        })
        .collect();
    if edges.is_empty() {
        return Vec::new();
    }
    // Buckets about as large as an average edge, never smaller than the
    // reach; each edge goes in every bucket its box (grown by the reach)
    // covers.
    let mean = edges
        .iter()
        .map(|e| ((e.q[0] - e.p[0]).powi(2) + (e.q[1] - e.p[1]).powi(2)).sqrt())
        .sum::<f64>()
        / edges.len() as f64;
    let size = mean.max(reach * 2.0).max(f64::MIN_POSITIVE);
    let key = |x: f64, y: f64| ((x / size).floor() as i64, (y / size).floor() as i64);
    let boxes: Vec<((i64, i64), (i64, i64))> = edges
        .iter()
        .map(|e| {
            (
                key(e.p[0].min(e.q[0]) - reach, e.p[1].min(e.q[1]) - reach),
                key(e.p[0].max(e.q[0]) + reach, e.p[1].max(e.q[1]) + reach),
            )
        })
        .collect();
    let mut placed: Vec<((i64, i64), usize)> = Vec::new();
    for (i, &((x0, y0), (x1, y1))) in boxes.iter().enumerate() {
        for bx in x0..=x1 {
            for by in y0..=y1 {
                placed.push(((bx, by), i));
            }
        }
    }
    placed.sort_unstable();
    let mut found: BTreeMap<(usize, usize), Contact> = BTreeMap::new();
    for bucket in placed.chunk_by(|x, y| x.0 == y.0) {
        let here = bucket[0].0;
        for (n, &(_, i)) in bucket.iter().enumerate() {
            for &(_, j) in &bucket[n + 1..] {
                let (e, f) = (&edges[i], &edges[j]);
                if e.shape == f.shape {
                    continue;
                }
                // Two edges meet in every bucket both boxes cover; they are
                // compared in the first of these only.
                let first = (
                    boxes[i].0.0.max(boxes[j].0.0),
                    boxes[i].0.1.max(boxes[j].0.1),
                );
                if here != first {
                    continue;
                }
                let (d, at) = gap(e, f);
                if d > reach {
                    continue;
                }
                let (e, f) = if e.shape < f.shape { (e, f) } else { (f, e) };
                let shared = overlap(e, f, tolerance);
                let c = found.entry((e.shape, f.shape)).or_insert(Contact {
                    a: e.shape,
                    b: f.shape,
                    shared: 0.0,
                    gap: d,
                    at,
                    crossings: 0,
                    cross_at: None,
                });
                c.shared += shared;
                // Borders that cross (not merely run along each other)
                // mean the shapes overlap.
                if shared == 0.0 && cross(e, f) {
                    c.crossings += 1;
                    c.cross_at.get_or_insert(crossing(e, f));
                }
                if d < c.gap {
                    c.gap = d;
                    c.at = at;
                }
            }
        }
    }
    found.into_values().collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn square(id: &str, x: f64, y: f64, side: f64) -> Shape {
        Shape {
            id: id.into(),
            name: None,
            names: Vec::new(),
            region: None,
            rings: vec![vec![
                [x, y],
                [x + side, y],
                [x + side, y + side],
                [x, y + side],
            ]],
            outers: vec![0],
        }
    }

    #[test]
    fn a_shared_side_a_corner_and_a_near_miss() {
        let shapes = [
            square("A", 0.0, 0.0, 2.0),
            // B shares A's right side, with vertices of its own.
            Shape {
                rings: vec![vec![
                    [2.0, -1.0],
                    [4.0, -1.0],
                    [4.0, 3.0],
                    [2.0, 3.0],
                    [2.0, 1.0],
                ]],
                ..square("B", 0.0, 0.0, 0.0)
            },
            // C touches A only at its corner (0, 2).
            square("C", -2.0, 2.0, 2.0),
            // D lies 0.05 below A, across a small gap.
            square("D", 0.0, -1.05, 1.0),
        ];
        let c = contacts(&shapes, 1e-6, 0.1);
        let pair = |a: usize, b: usize| c.iter().find(|x| x.a == a && x.b == b).copied();
        let ab = pair(0, 1).unwrap();
        assert!((ab.shared - 2.0).abs() < 1e-9, "{ab:?}");
        assert_eq!(ab.gap, 0.0);
        let ac = pair(0, 2).unwrap();
        assert!(ac.shared < 1e-9 && ac.gap < 1e-9, "{ac:?}");
        let ad = pair(0, 3).unwrap();
        assert!(ad.shared == 0.0 && (ad.gap - 0.05).abs() < 1e-9, "{ad:?}");
        assert!(pair(1, 2).is_none(), "B and C are far apart");
    }
}
