//! Plane polygons as lists of rings (outer rings and holes alike, read
//! with the even-odd rule): whether a point is inside, how far it is from
//! the border, and whether a square fits inside or stays clear.

use super::Point;

/// Whether `p` is inside the rings (even-odd rule).
pub fn contains(rings: &[Vec<Point>], p: Point) -> bool {
    let mut inside = false;
    for ring in rings {
        let n = ring.len();
        for i in 0..n {
            let (a, b) = (ring[i], ring[(i + 1) % n]);
            if (a[1] > p[1]) != (b[1] > p[1]) {
                let x = a[0] + (p[1] - a[1]) / (b[1] - a[1]) * (b[0] - a[0]);
                if p[0] < x {
                    inside = !inside;
                }
            }
        }
    }
    inside
}

/// Twice the signed area of a ring (positive: counter-clockwise with y
/// up).
fn twice_area(ring: &[Point]) -> f64 {
    let n = ring.len();
    (0..n)
        .map(|i| {
            let (p, q) = (ring[i], ring[(i + 1) % n]);
            p[0] * q[1] - q[0] * p[1]
        })
        .sum()
}

/// The outline of polygons put together along their shared borders: every
/// side that two polygons share (the same two points, walked one way by
/// one and the other way by the other, as boundary files from one source
/// draw them) is dropped, and the sides left are joined into rings. Takes
/// and gives rings and the indices of the outer ones (each outer ring
/// followed by its holes); gives outer rings counter-clockwise (y up) and
/// holes clockwise. A border drawn with different points on its two
/// sides stays, as a thin sliver inside the outline.
pub fn dissolve(rings: &[Vec<Point>], outers: &[usize]) -> (Vec<Vec<Point>>, Vec<usize>) {
    type Key = [u64; 2];
    let key = |p: Point| [p[0].to_bits(), p[1].to_bits()];
    // Every side, outer rings turned counter-clockwise and holes clockwise.
    let mut sides: Vec<(Point, Point)> = Vec::new();
    for (r, ring) in rings.iter().enumerate() {
        let outer = outers.contains(&r);
        let forward = (twice_area(ring) >= 0.0) == outer;
        let n = ring.len();
        for i in 0..n {
            let (p, q) = (ring[i], ring[(i + 1) % n]);
            if key(p) == key(q) {
                continue;
            }
            sides.push(if forward { (p, q) } else { (q, p) });
        }
    }
    // A side cancels one walked the other way.
    let mut open: std::collections::HashMap<(Key, Key), usize> = Default::default();
    for &(p, q) in &sides {
        match open.get_mut(&(key(q), key(p))) {
            Some(n) if *n > 0 => *n -= 1,
            _ => *open.entry((key(p), key(q))).or_default() += 1,
        }
    }
    // The sides left, in their first order, by their start.
    let mut left: Vec<(Point, Point)> = Vec::new();
    for &(p, q) in &sides {
        if let Some(n) = open.get_mut(&(key(p), key(q)))
            && *n > 0
        {
            *n -= 1;
            left.push((p, q));
        }
    }
    let mut from: std::collections::HashMap<Key, Vec<usize>> = Default::default();
    for (i, &(p, _)) in left.iter().enumerate().rev() {
        from.entry(key(p)).or_default().push(i);
    }
    // Walk each ring: every point has as many sides in as out, so a walk
    // from a side comes back to where it started.
    let mut used = vec![false; left.len()];
    let mut out_rings = Vec::new();
    for start in 0..left.len() {
        if used[start] {
            continue;
        }
        let mut ring = Vec::new();
        let mut at = start;
        loop {
            used[at] = true;
            let (p, q) = left[at];
            ring.push(p);
            if key(q) == key(left[start].0) {
                break;
            }
            let next = from.get_mut(&key(q)).and_then(|list| {
                while let Some(&i) = list.last() {
                    if used[i] {
                        list.pop();
                    } else {
                        return Some(i);
                    }
                }
                None
            });
            match next {
                Some(i) => at = i,
                None => break,
            }
        }
        if ring.len() >= 3 {
            out_rings.push(ring);
        }
    }
    // Outer rings first, each with the holes inside it after it.
    let (outer_rings, holes): (Vec<Vec<Point>>, Vec<Vec<Point>>) =
        out_rings.into_iter().partition(|r| twice_area(r) > 0.0);
    let mut grouped: Vec<Vec<Vec<Point>>> = outer_rings.into_iter().map(|r| vec![r]).collect();
    for hole in holes {
        // The smallest outer ring around the hole's first point.
        let around = (0..grouped.len())
            .filter(|&g| contains(&grouped[g][..1], inside_point(&hole)))
            .min_by(|&a, &b| twice_area(&grouped[a][0]).total_cmp(&twice_area(&grouped[b][0])));
        match around {
            Some(g) => grouped[g].push(hole),
            // A hole outside every outer ring cannot be: keep it as a ring
            // of its own rather than lose it.
            None => grouped.push(vec![hole]),
        }
    }
    let mut rings_out = Vec::new();
    let mut outers_out = Vec::new();
    for group in grouped {
        outers_out.push(rings_out.len());
        rings_out.extend(group);
    }
    (rings_out, outers_out)
}

/// A point of a ring's first side, its middle (inside the outline a hole
/// is cut from, even where the hole touches it at a point).
fn inside_point(ring: &[Point]) -> Point {
    let (p, q) = (ring[0], ring[1 % ring.len()]);
    [(p[0] + q[0]) / 2.0, (p[1] + q[1]) / 2.0]
}

/// The distance from `p` to the segment `a`-`b`, and the segment's point
/// nearest to `p`.
pub fn to_segment(p: Point, a: Point, b: Point) -> (f64, Point) {
    let (dx, dy) = (b[0] - a[0], b[1] - a[1]);
    let len2 = dx * dx + dy * dy;
    let t = if len2 > 0.0 {
        (((p[0] - a[0]) * dx + (p[1] - a[1]) * dy) / len2).clamp(0.0, 1.0)
    } else {
        0.0
    };
    let c = [a[0] + t * dx, a[1] + t * dy];
    (((p[0] - c[0]).powi(2) + (p[1] - c[1]).powi(2)).sqrt(), c)
}

/// Which side of the line `p`-`q` the point `r` is on: positive to the
/// left, negative to the right, zero on it (twice the signed area).
pub fn orient(p: Point, q: Point, r: Point) -> f64 {
    (q[0] - p[0]) * (r[1] - p[1]) - (q[1] - p[1]) * (r[0] - p[0])
}

/// The distance from `p` to the nearest border of the rings.
pub fn border_distance(rings: &[Vec<Point>], p: Point) -> f64 {
    let mut best = f64::INFINITY;
    for ring in rings {
        let n = ring.len();
        for i in 0..n {
            best = best.min(to_segment(p, ring[i], ring[(i + 1) % n]).0);
        }
    }
    best
}

/// Whether the segments `a`-`b` and `c`-`d` cross (properly: touching at
/// an end or running along each other does not count).
pub fn segments_cross(a: Point, b: Point, c: Point, d: Point) -> bool {
    let (d1, d2) = (orient(c, d, a), orient(c, d, b));
    let (d3, d4) = (orient(a, b, c), orient(a, b, d));
    d1 * d2 < 0.0 && d3 * d4 < 0.0
}

/// Whether the segment `a`-`b` meets the open square of half-side `h`
/// around `c`.
pub fn segment_hits_square(a: Point, b: Point, c: Point, h: f64) -> bool {
    segment_hits_rect(a, b, [c[0] - h, c[1] - h, c[0] + h, c[1] + h])
}

/// Whether the segment `a`-`b` meets the open rectangle `r` (`[x0, y0,
/// x1, y1]`; Liang-Barsky clipping: touching its edge does not count).
pub fn segment_hits_rect(a: Point, b: Point, r: [f64; 4]) -> bool {
    let (dx, dy) = (b[0] - a[0], b[1] - a[1]);
    let (mut t0, mut t1) = (0.0f64, 1.0f64);
    for (p, q) in [
        (-dx, a[0] - r[0]),
        (dx, r[2] - a[0]),
        (-dy, a[1] - r[1]),
        (dy, r[3] - a[1]),
    ] {
        if p == 0.0 {
            if q <= 0.0 {
                return false;
            }
        } else {
            let r = q / p;
            if p < 0.0 {
                t0 = t0.max(r);
            } else {
                t1 = t1.min(r);
            }
            if t0 >= t1 {
                return false;
            }
        }
    }
    true
}

/// Whether any border of the rings passes through the square of half-side
/// `h` around `c`.
fn border_hits_square(rings: &[Vec<Point>], c: Point, h: f64) -> bool {
    rings.iter().any(|ring| {
        let n = ring.len();
        (0..n).any(|i| segment_hits_square(ring[i], ring[(i + 1) % n], c, h))
    })
}

/// Whether the square of half-side `h` around `c` lies inside the rings.
pub fn square_inside(rings: &[Vec<Point>], c: Point, h: f64) -> bool {
    contains(rings, c) && !border_hits_square(rings, c, h)
}

/// Whether the square of half-side `h` around `c` stays clear of the
/// rings (neither inside them nor crossed by a border).
pub fn square_outside(rings: &[Vec<Point>], c: Point, h: f64) -> bool {
    !contains(rings, c) && !border_hits_square(rings, c, h)
}

/// The bounding box of the rings: `[x0, y0, x1, y1]`.
pub fn bounds(rings: &[Vec<Point>]) -> [f64; 4] {
    let mut b = [f64::MAX, f64::MAX, f64::MIN, f64::MIN];
    for &[x, y] in rings.iter().flatten() {
        b = [b[0].min(x), b[1].min(y), b[2].max(x), b[3].max(y)];
    }
    b
}

/// A place for a square of half-side `h` inside the rings: the point
/// farthest from the border (the pole of inaccessibility, found on a grid
/// of `step`) if the square fits there, else the fitting grid point
/// farthest from the border, else `None`. Also returns the pole.
pub fn square_place(rings: &[Vec<Point>], h: f64, step: f64) -> (Point, Option<Point>) {
    let b = bounds(rings);
    let mut candidates: Vec<(f64, Point)> = Vec::new();
    let step = step.max((b[2] - b[0]).max(b[3] - b[1]) / 400.0).max(1e-9);
    let mut y = b[1] + step / 2.0;
    while y < b[3] {
        let mut x = b[0] + step / 2.0;
        while x < b[2] {
            if contains(rings, [x, y]) {
                candidates.push((border_distance(rings, [x, y]), [x, y]));
            }
            x += step;
        }
        y += step;
    }
    if candidates.is_empty() {
        // A sliver thinner than the grid: its first vertex.
        let p = rings
            .first()
            .and_then(|r| r.first())
            .copied()
            .unwrap_or([0.0, 0.0]);
        return (p, None);
    }
    candidates.sort_by(|a, b| {
        b.0.total_cmp(&a.0)
            .then(a.1[0].total_cmp(&b.1[0]))
            .then(a.1[1].total_cmp(&b.1[1]))
    });
    let pole = candidates[0].1;
    let fit = candidates
        .iter()
        .take_while(|(d, _)| *d >= h)
        .find(|(_, p)| square_inside(rings, *p, h))
        .map(|&(_, p)| p);
    (pole, fit)
}

#[cfg(test)]
mod tests {
    use super::{dissolve, segment_hits_rect};

    #[test]
    fn a_segment_meets_a_rectangle_when_part_of_it_is_inside() {
        let r = [0.0, 0.0, 10.0, 10.0];
        assert!(segment_hits_rect([-5.0, 5.0], [15.0, 5.0], r));
        assert!(segment_hits_rect([5.0, 5.0], [6.0, 6.0], r));
        assert!(!segment_hits_rect([-5.0, -5.0], [-1.0, 20.0], r));
        assert!(!segment_hits_rect([11.0, 0.0], [20.0, 9.0], r));
        assert!(segment_hits_rect([-1.0, 5.0], [5.0, -1.0], r));
        // Along an edge only: outside the open rectangle.
        assert!(!segment_hits_rect([0.0, -5.0], [0.0, 15.0], r));
    }

    fn unit(x: f64, y: f64) -> Vec<super::Point> {
        vec![[x, y], [x + 1.0, y], [x + 1.0, y + 1.0], [x, y + 1.0]]
    }

    fn area(rings: &[Vec<super::Point>]) -> f64 {
        rings.iter().map(|r| super::twice_area(r) / 2.0).sum()
    }

    #[test]
    fn dissolving_drops_shared_sides_and_keeps_holes() {
        // Two squares side by side, one drawn clockwise: one ring.
        let mut b = unit(1.0, 0.0);
        b.reverse();
        let (rings, outers) = dissolve(&[unit(0.0, 0.0), b], &[0, 1]);
        assert_eq!(outers, vec![0]);
        assert_eq!(rings.len(), 1);
        assert_eq!(rings[0].len(), 6, "{rings:?}");
        assert!((area(&rings) - 2.0).abs() < 1e-12);
        // Eight squares around a missing middle: an outer ring and a hole.
        let ring: Vec<Vec<super::Point>> = (0..3)
            .flat_map(|y| (0..3).map(move |x| (x, y)))
            .filter(|&(x, y)| (x, y) != (1, 1))
            .map(|(x, y)| unit(f64::from(x), f64::from(y)))
            .collect();
        let outers: Vec<usize> = (0..ring.len()).collect();
        let (rings, outers) = dissolve(&ring, &outers);
        assert_eq!(outers, vec![0], "{rings:?}");
        assert_eq!(rings.len(), 2);
        assert!(super::twice_area(&rings[0]) > 0.0 && super::twice_area(&rings[1]) < 0.0);
        assert!((area(&rings) - 8.0).abs() < 1e-12);
        // Squares apart stay two polygons.
        let (rings, outers) = dissolve(&[unit(0.0, 0.0), unit(5.0, 0.0)], &[0, 1]);
        assert_eq!((rings.len(), outers), (2, vec![0, 1]));
    }

    #[test]
    fn a_border_drawn_differently_on_its_two_sides_stays_as_a_sliver() {
        // B's left side has a point A's right side lacks.
        let b = vec![[1.0, 0.0], [2.0, 0.0], [2.0, 1.0], [1.0, 1.0], [1.0, 0.5]];
        let (rings, _) = dissolve(&[unit(0.0, 0.0), b], &[0, 1]);
        assert!((area(&rings) - 2.0).abs() < 1e-12);
        assert_eq!(rings.len(), 2, "the two outlines stay: {rings:?}");
    }
    use super::*;

    fn square(x: f64, y: f64, s: f64) -> Vec<Point> {
        vec![[x, y], [x + s, y], [x + s, y + s], [x, y + s]]
    }

    #[test]
    fn points_squares_and_holes() {
        let rings = vec![square(0.0, 0.0, 10.0), square(4.0, 4.0, 2.0)];
        assert!(contains(&rings, [1.0, 1.0]));
        assert!(!contains(&rings, [5.0, 5.0]), "in the hole");
        assert!(!contains(&rings, [11.0, 5.0]));
        assert!((border_distance(&rings, [1.0, 5.0]) - 1.0).abs() < 1e-12);
        assert!(square_inside(&rings, [2.0, 2.0], 1.0));
        assert!(
            !square_inside(&rings, [3.5, 5.0], 1.0),
            "over the hole's edge"
        );
        assert!(square_outside(&rings, [13.0, 5.0], 2.0));
        assert!(!square_outside(&rings, [11.0, 5.0], 2.0));
    }

    #[test]
    fn the_pole_of_a_long_shape_is_in_its_middle_and_small_shapes_have_no_room() {
        let rings = vec![vec![[0.0, 0.0], [20.0, 0.0], [20.0, 4.0], [0.0, 4.0]]];
        let (pole, fit) = square_place(&rings, 1.5, 0.25);
        assert!((pole[1] - 2.0).abs() < 0.2, "{pole:?}");
        assert!(fit.is_some());
        let (_, none) = square_place(&rings, 2.5, 0.25);
        assert_eq!(none, None, "a 5-wide square does not fit a 4-wide strip");
    }
}
