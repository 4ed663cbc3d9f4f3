//! Geometry of grid maps: areas as merged blocks of cells, the lines
//! between them, and where each area is widest.

use std::collections::BTreeMap;

use super::auto::crosses_square;
use crate::rolling::map::{AreaId, Grid, Map};
use crate::scene::{Path, Point, Rect, Seg};

/// Where the grid sits on the sheet.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Placement {
    /// Top-left corner of the grid.
    pub origin: Point,
    /// Side of one cell in points.
    pub cell: f32,
}

impl Placement {
    /// The point at grid coordinates (in cells, fractions allowed).
    pub fn at(&self, x: f32, y: f32) -> Point {
        Point::new(self.origin.x + x * self.cell, self.origin.y + y * self.cell)
    }
}

/// The outline of the cells whose content satisfies `member`: closed loops
/// (clockwise on screen; holes run the other way, so non-zero filling
/// leaves them empty).
pub fn outline(grid: &Grid, at: &Placement, member: impl Fn(Option<AreaId>) -> bool) -> Path {
    outline_cells(grid, at, |c, r| member(grid.cell(c, r)))
}

/// The outline of the cells (column, row) for which `member` holds, as
/// [`outline`].
pub fn outline_cells(grid: &Grid, at: &Placement, member: impl Fn(usize, usize) -> bool) -> Path {
    let inside = |c: isize, r: isize| {
        c >= 0
            && r >= 0
            && (c as usize) < grid.columns
            && (r as usize) < grid.rows
            && member(c as usize, r as usize)
    };
    // Directed boundary edges, from vertex to vertex (grid corners).
    let mut edges: BTreeMap<(isize, isize), Vec<(isize, isize)>> = BTreeMap::new();
    for i in 0..grid.cells.len() {
        let (c, r) = ((i % grid.columns) as isize, (i / grid.columns) as isize);
        if !inside(c, r) {
            continue;
        }
        if !inside(c, r - 1) {
            edges.entry((c, r)).or_default().push((c + 1, r));
        }
        if !inside(c + 1, r) {
            edges.entry((c + 1, r)).or_default().push((c + 1, r + 1));
        }
        if !inside(c, r + 1) {
            edges.entry((c + 1, r + 1)).or_default().push((c, r + 1));
        }
        if !inside(c - 1, r) {
            edges.entry((c, r + 1)).or_default().push((c, r));
        }
    }
    let mut path = Path::new();
    while let Some((&start, _)) = edges.iter().find(|(_, v)| !v.is_empty()) {
        let mut loop_pts = vec![start];
        let mut at_v = start;
        loop {
            let next = edges
                .get_mut(&at_v)
                .and_then(Vec::pop)
                .expect("boundary edges form closed loops");
            if next == start {
                break;
            }
            loop_pts.push(next);
            at_v = next;
        }
        // Keep only the corners.
        let n = loop_pts.len();
        let corners: Vec<Point> = (0..n)
            .filter(|&i| {
                let (p, q, s) = (
                    loop_pts[(i + n - 1) % n],
                    loop_pts[i],
                    loop_pts[(i + 1) % n],
                );
                (q.0 - p.0, q.1 - p.1) != (s.0 - q.0, s.1 - q.1)
            })
            .map(|i| at.at(loop_pts[i].0 as f32, loop_pts[i].1 as f32))
            .collect();
        path.add_polygon(&corners);
    }
    path
}

/// The lines between areas of the same region (the thin lines; region
/// borders and coasts are drawn as region outlines). Collinear pieces are
/// merged into single segments.
pub fn inner_lines(map: &Map, grid: &Grid, at: &Placement) -> Path {
    let cell = |c: isize, r: isize| -> Option<AreaId> {
        if c < 0 || r < 0 || c as usize >= grid.columns || r as usize >= grid.rows {
            None
        } else {
            grid.cell(c as usize, r as usize)
        }
    };
    let inner = |a: Option<AreaId>, b: Option<AreaId>| match (a, b) {
        (Some(a), Some(b)) => a != b && map.area(a).region == map.area(b).region,
        _ => false,
    };
    // Horizontal edges on row line y from column x, vertical edges on column
    // line x from row y: (line, start).
    let mut horizontal: Vec<(isize, isize)> = Vec::new();
    let mut vertical: Vec<(isize, isize)> = Vec::new();
    for r in 1..grid.rows as isize {
        for c in 0..grid.columns as isize {
            if inner(cell(c, r - 1), cell(c, r)) {
                horizontal.push((r, c));
            }
        }
    }
    for c in 1..grid.columns as isize {
        for r in 0..grid.rows as isize {
            if inner(cell(c - 1, r), cell(c, r)) {
                vertical.push((c, r));
            }
        }
    }
    let mut path = Path::new();
    for (edges, is_horizontal) in [(horizontal, true), (vertical, false)] {
        let mut i = 0;
        while i < edges.len() {
            let (line, start) = edges[i];
            let mut end = start + 1;
            while i + 1 < edges.len() && edges[i + 1] == (line, end) {
                end += 1;
                i += 1;
            }
            let (a, b) = if is_horizontal {
                (
                    at.at(start as f32, line as f32),
                    at.at(end as f32, line as f32),
                )
            } else {
                (
                    at.at(line as f32, start as f32),
                    at.at(line as f32, end as f32),
                )
            };
            path.segs.extend(Path::line(a, b).segs);
            i += 1;
        }
    }
    path
}

/// Sea cells that the sea around the grid cannot reach through sea and
/// water cells sharing an edge (a lake, a gap between areas), row by row.
/// Left white, such a cell would be a framed square like a writing box:
/// the sheet paints the sea cells among them in a land tint (the water
/// cells are water).
pub fn enclosed_sea(grid: &Grid) -> Vec<bool> {
    let (w, h) = (grid.columns, grid.rows);
    let wet = |i: usize| grid.cells[i].is_none();
    let mut open = vec![false; w * h];
    let mut stack: Vec<usize> = (0..w * h)
        .filter(|&i| {
            let (c, r) = (i % w, i / w);
            wet(i) && (c == 0 || r == 0 || c + 1 == w || r + 1 == h)
        })
        .collect();
    for &i in &stack {
        open[i] = true;
    }
    while let Some(i) = stack.pop() {
        let (c, r) = (i % w, i / w);
        let around = [
            (c > 0).then(|| i - 1),
            (c + 1 < w).then(|| i + 1),
            (r > 0).then(|| i - w),
            (r + 1 < h).then(|| i + w),
        ];
        for j in around.into_iter().flatten() {
            if wet(j) && !open[j] {
                open[j] = true;
                stack.push(j);
            }
        }
    }
    (0..w * h).map(|i| wet(i) && !open[i]).collect()
}

/// Where an area is widest: the centre of the largest square of its cells
/// (nearest the area's centre of mass among equals), in grid units, and the
/// square's side in cells.
pub fn widest_place(grid: &Grid, area: AreaId) -> (f32, f32, usize) {
    let cells: Vec<(usize, usize)> = grid.cells_of(area).collect();
    let n = cells.len() as f32;
    let (cx, cy) = cells.iter().fold((0.0, 0.0), |(x, y), &(c, r)| {
        (x + (c as f32 + 0.5) / n, y + (r as f32 + 0.5) / n)
    });
    // sq[r][c]: side of the largest square of the area's cells ending at (c, r).
    let mut sq = vec![vec![0usize; grid.columns]; grid.rows];
    let mut best: Option<(usize, f32, f32, f32)> = None;
    for r in 0..grid.rows {
        for c in 0..grid.columns {
            if grid.cell(c, r) != Some(area) {
                continue;
            }
            let k = if r == 0 || c == 0 {
                1
            } else {
                1 + sq[r - 1][c].min(sq[r][c - 1]).min(sq[r - 1][c - 1])
            };
            sq[r][c] = k;
            // Every square side up to k ends here; the largest is the candidate.
            let (x, y) = (
                c as f32 + 1.0 - k as f32 / 2.0,
                r as f32 + 1.0 - k as f32 / 2.0,
            );
            // Among single cells prefer those with more of the area around them.
            let around = [(0, 1), (2, 1), (1, 0), (1, 2)]
                .iter()
                .filter(|&&(dc, dr)| {
                    let (c2, r2) = (c as isize + dc - 1, r as isize + dr - 1);
                    c2 >= 0
                        && r2 >= 0
                        && (c2 as usize) < grid.columns
                        && (r2 as usize) < grid.rows
                        && grid.cell(c2 as usize, r2 as usize) == Some(area)
                })
                .count() as f32;
            let d = (x - cx).powi(2) + (y - cy).powi(2) - around * 0.01;
            if best.is_none_or(|(bk, bd, _, _)| k > bk || (k == bk && d < bd - 1e-6)) {
                best = Some((k, d, x, y));
            }
        }
    }
    let (k, _, x, y) = best.expect("every area has a cell");
    (x, y, k)
}

/// How far inside a cell a line must pass to cross it: lines along a
/// cell's edge or through its corner do not.
const GRAZE: f64 = 0.05;

/// How far from other areas' cells a link bent through the sea keeps, so
/// that it does not run along their borders.
const KEEP: f64 = 0.2;

/// The areas other than `a` and `b` that the segment `p`-`q` (in cells)
/// passes within the square of half-side `h` around the centre of one of
/// their cells, added to `out` once each.
fn crossings(
    grid: &Grid,
    (p, q): ((f64, f64), (f64, f64)),
    [a, b]: [AreaId; 2],
    h: f64,
    out: &mut Vec<AreaId>,
) {
    let (c0, c1) = ((p.0.min(q.0) - 1.0).floor(), (p.0.max(q.0) + 1.0).ceil());
    let (r0, r1) = ((p.1.min(q.1) - 1.0).floor(), (p.1.max(q.1) + 1.0).ceil());
    let (c0, r0) = (c0.max(0.0) as usize, r0.max(0.0) as usize);
    let (c1, r1) = (c1.max(0.0) as usize, r1.max(0.0) as usize);
    for r in r0..r1.min(grid.rows) {
        for c in c0..c1.min(grid.columns) {
            if let Some(x) = grid.cell(c, r)
                && x != a
                && x != b
                && !out.contains(&x)
                && crosses_square(p, q, (c as f64 + 0.5, r as f64 + 0.5), h)
            {
                out.push(x);
            }
        }
    }
}

/// The areas other than `a` and `b` that a link's line `path` (on the
/// sheet) runs across, sorted.
pub fn crossed_areas(
    grid: &Grid,
    path: &Path,
    a: AreaId,
    b: AreaId,
    at: &Placement,
) -> Vec<AreaId> {
    let cells = |p: Point| {
        (
            f64::from((p.x - at.origin.x) / at.cell),
            f64::from((p.y - at.origin.y) / at.cell),
        )
    };
    let mut out = Vec::new();
    for line in path.flatten(16) {
        for w in line.windows(2) {
            crossings(
                grid,
                (cells(w[0]), cells(w[1])),
                [a, b],
                0.5 - GRAZE,
                &mut out,
            );
        }
    }
    out.sort_unstable();
    out
}

/// A line for the link between `a` and `b` that crosses no other area: from
/// a cell of `a` through sea cells (those of the grid first, then also a
/// ring of cells around it, those of the ring that lie within `room` on
/// the sheet) to a cell of `b`, the fewest cells, then straightened
/// wherever a straight piece keeps clear of other areas. `None` when the
/// sea does not join them.
fn sea_route(grid: &Grid, [a, b]: [AreaId; 2], at: &Placement, room: Option<Rect>) -> Option<Path> {
    let (w, h) = (grid.columns as isize, grid.rows as isize);
    let inside = |c: isize, r: isize| c >= 0 && r >= 0 && c < w && r < h;
    let owner = |c: isize, r: isize| {
        if inside(c, r) {
            grid.cell(c as usize, r as usize)
        } else {
            None
        }
    };
    const STEPS: [(isize, isize); 4] = [(0, -1), (1, 0), (0, 1), (-1, 0)];
    for ring in [0isize, 1] {
        let within = |c: isize, r: isize| {
            inside(c, r)
                || (c >= -ring && r >= -ring && c < w + ring && r < h + ring && {
                    let corner = at.at(c as f32, r as f32);
                    room.is_none_or(|room| {
                        room.contains(&Rect::new(corner.x, corner.y, at.cell, at.cell))
                    })
                })
        };
        let sea = |c: isize, r: isize| within(c, r) && owner(c, r).is_none();
        // Breadth-first from the sea cells beside `a`, each remembering
        // the cell it was reached from (`a`'s own for the first).
        let (ew, eh) = ((w + 2) as usize, (h + 2) as usize);
        let index = |c: isize, r: isize| (r + 1) as usize * ew + (c + 1) as usize;
        let mut from: Vec<Option<(isize, isize)>> = vec![None; ew * eh];
        let mut queue = std::collections::VecDeque::new();
        for (c, r) in grid.cells_of(a) {
            let (c, r) = (c as isize, r as isize);
            for (dc, dr) in STEPS {
                let (c2, r2) = (c + dc, r + dr);
                if sea(c2, r2) && from[index(c2, r2)].is_none() {
                    from[index(c2, r2)] = Some((c, r));
                    queue.push_back((c2, r2));
                }
            }
        }
        let mut end = None;
        'search: while let Some((c, r)) = queue.pop_front() {
            for (dc, dr) in STEPS {
                let (c2, r2) = (c + dc, r + dr);
                if owner(c2, r2) == Some(b) {
                    end = Some(((c, r), (c2, r2)));
                    break 'search;
                }
                if sea(c2, r2) && from[index(c2, r2)].is_none() {
                    from[index(c2, r2)] = Some((c, r));
                    queue.push_back((c2, r2));
                }
            }
        }
        let Some((last, in_b)) = end else { continue };
        // The cells from `a`'s to `b`'s, as centres.
        let mut cells = vec![in_b, last];
        let mut at_cell = last;
        while owner(at_cell.0, at_cell.1) != Some(a) {
            at_cell = from[index(at_cell.0, at_cell.1)].expect("reached from somewhere");
            cells.push(at_cell);
        }
        cells.reverse();
        // From the middle of the side where `a`'s cell meets the sea,
        // through the sea cells' centres, to the middle of the side where
        // the sea meets `b`'s cell.
        let centre = |(c, r): (isize, isize)| (c as f64 + 0.5, r as f64 + 0.5);
        let side = |p: (isize, isize), q: (isize, isize)| {
            let (p, q) = (centre(p), centre(q));
            ((p.0 + q.0) / 2.0, (p.1 + q.1) / 2.0)
        };
        let n = cells.len();
        let mut pts = vec![side(cells[0], cells[1])];
        pts.extend(cells[1..n - 1].iter().map(|&c| centre(c)));
        pts.push(side(cells[n - 2], cells[n - 1]));
        // Straighten: from each corner, on to the furthest point that a
        // straight piece reaches keeping clear of other areas.
        let mut kept = vec![pts[0]];
        let mut i = 0;
        while i + 1 < pts.len() {
            let j = (i + 1..pts.len())
                .rev()
                .find(|&j| {
                    let mut near = Vec::new();
                    crossings(grid, (pts[i], pts[j]), [a, b], 0.5 + KEEP, &mut near);
                    near.is_empty()
                })
                .unwrap_or(i + 1);
            kept.push(pts[j]);
            i = j;
        }
        let point = |p: (f64, f64)| at.at(p.0 as f32, p.1 as f32);
        let mut path = Path {
            segs: vec![Seg::MoveTo(point(kept[0]))],
        };
        path.segs
            .extend(kept[1..].iter().map(|&p| Seg::LineTo(point(p))));
        return Some(path);
    }
    None
}

/// Ways to draw the link between areas `a` and `b`, best first.
///
/// Where a cell of one touches a cell of the other only at a corner, a
/// quarter circle around that corner, from the middle of one cell's side
/// to the middle of the other's, through one of the two other cells at the
/// corner (sea and water before land). Otherwise a straight line between
/// the closest cells of the two, from edge to edge. When each of those
/// runs across another area, a line bent through the sea as well
/// ([`sea_route`], round the grid's edge where `room` on the sheet
/// allows), if the sea joins the two.
pub fn link_paths(
    grid: &Grid,
    a: AreaId,
    b: AreaId,
    at: &Placement,
    room: Option<Rect>,
) -> Vec<Path> {
    let mut paths = direct_paths(grid, a, b, at);
    if !paths.is_empty()
        && paths
            .iter()
            .all(|p| !crossed_areas(grid, p, a, b, at).is_empty())
        && let Some(route) = sea_route(grid, [a, b], at, room)
    {
        paths.push(route);
    }
    paths
}

/// The areas that the line of the link between `a` and `b` runs across on
/// the sheet: none when one of the ways to draw it ([`link_paths`], kept
/// within the grid, as every template has room for) crosses no other area
/// (the sheet draws that one), else those the first way crosses.
///
/// Only the grid's own cells count as room: a template may fit the grid
/// to the page on the side a route round the rim would need, so a line
/// that leaves the grid is not one every sheet can draw.
pub fn link_crossings(grid: &Grid, a: AreaId, b: AreaId) -> Vec<AreaId> {
    let at = Placement {
        origin: Point::new(0.0, 0.0),
        cell: 1.0,
    };
    let room = Rect::new(0.0, 0.0, grid.columns as f32, grid.rows as f32);
    let mut first = None;
    for path in link_paths(grid, a, b, &at, Some(room)) {
        let crossed = crossed_areas(grid, &path, a, b, &at);
        if crossed.is_empty() {
            return crossed;
        }
        first.get_or_insert(crossed);
    }
    first.unwrap_or_default()
}

/// The arcs around a corner, or the straight line, of [`link_paths`].
fn direct_paths(grid: &Grid, a: AreaId, b: AreaId, at: &Placement) -> Vec<Path> {
    let ca: Vec<(usize, usize)> = grid.cells_of(a).collect();
    let cb: Vec<(usize, usize)> = grid.cells_of(b).collect();
    let mut arcs: Vec<(bool, Path)> = Vec::new();
    for &(c1, r1) in &ca {
        for &(c2, r2) in &cb {
            if c1.abs_diff(c2) != 1 || r1.abs_diff(r2) != 1 {
                continue;
            }
            let corner = (c1.max(c2) as f32, r1.max(r2) as f32);
            for other in [(c2, r1), (c1, r2)] {
                // The middle of the side between two cells that share one.
                let side = |p: (usize, usize), q: (usize, usize)| {
                    (
                        (p.0 + q.0) as f32 / 2.0 + 0.5,
                        (p.1 + q.1) as f32 / 2.0 + 0.5,
                    )
                };
                let (p0, p3) = (side((c1, r1), other), side(other, (c2, r2)));
                const K: f32 = 0.552_284_8;
                let p1 = (p0.0 + K * (p3.0 - corner.0), p0.1 + K * (p3.1 - corner.1));
                let p2 = (p3.0 + K * (p0.0 - corner.0), p3.1 + K * (p0.1 - corner.1));
                let path = Path {
                    segs: vec![
                        Seg::MoveTo(at.at(p0.0, p0.1)),
                        Seg::CubicTo(at.at(p1.0, p1.1), at.at(p2.0, p2.1), at.at(p3.0, p3.1)),
                    ],
                };
                arcs.push((grid.cell(other.0, other.1).is_some(), path));
            }
        }
    }
    if !arcs.is_empty() {
        // Stable: sea and water first, then the order found.
        arcs.sort_by_key(|(land, _)| *land);
        return arcs.into_iter().map(|(_, p)| p).collect();
    }
    // (squared distance, centre of a cell of a, centre of a cell of b)
    type Pair = (f32, (f32, f32), (f32, f32));
    let mut best: Option<Pair> = None;
    for &(c1, r1) in &ca {
        for &(c2, r2) in &cb {
            // Cells that share a side leave no room for a line.
            if c1.abs_diff(c2) <= 1 && r1.abs_diff(r2) <= 1 {
                continue;
            }
            let (p, q) = (
                (c1 as f32 + 0.5, r1 as f32 + 0.5),
                (c2 as f32 + 0.5, r2 as f32 + 0.5),
            );
            let d = (p.0 - q.0).powi(2) + (p.1 - q.1).powi(2);
            if best.is_none_or(|(bd, _, _)| d < bd) {
                best = Some((d, p, q));
            }
        }
    }
    let Some((_, p, q)) = best else {
        return Vec::new();
    };
    let (dx, dy) = (q.0 - p.0, q.1 - p.1);
    // Leave each cell's square (half a cell from its centre along the line).
    let exit = 0.5 / dx.abs().max(dy.abs());
    let from = at.at(p.0 + dx * exit, p.1 + dy * exit);
    let to = at.at(q.0 - dx * exit, q.1 - dy * exit);
    vec![Path::line(from, to)]
}

#[cfg(test)]
mod tests {
    use super::*;

    fn grid(rows: &[&str]) -> Grid {
        let cols = rows[0].len();
        let cells: Vec<Option<AreaId>> = rows
            .iter()
            .flat_map(|r| {
                r.chars()
                    .map(|ch| (ch != '.').then(|| AreaId(ch as u16 - 'A' as u16)))
            })
            .collect();
        Grid {
            columns: cols,
            rows: rows.len(),
            water: vec![false; cells.len()],
            cells,
        }
    }

    const AT: Placement = Placement {
        origin: Point { x: 0.0, y: 0.0 },
        cell: 10.0,
    };

    fn area_outline(grid: &Grid, area: AreaId, at: &Placement) -> Path {
        outline(grid, at, |a| a == Some(area))
    }

    fn corners(p: &Path) -> Vec<usize> {
        let mut out = vec![0];
        for s in &p.segs {
            match s {
                Seg::Close => out.push(0),
                _ => *out.last_mut().unwrap() += 1,
            }
        }
        out.pop();
        out
    }

    #[test]
    fn outlines_merge_cells_and_keep_only_corners() {
        // An L of three cells has six corners.
        let g = grid(&["AA", "A."]);
        assert_eq!(corners(&area_outline(&g, AreaId(0), &AT)), [6]);
        // A ring has an outer loop and a hole.
        let g = grid(&["AAA", "A.A", "AAA"]);
        assert_eq!(corners(&area_outline(&g, AreaId(0), &AT)), [4, 4]);
    }

    #[test]
    fn widest_place_is_the_centre_of_the_largest_square() {
        let g = grid(&["AAA.", "AAA.", "A..."]);
        let (x, y, k) = widest_place(&g, AreaId(0));
        assert_eq!(k, 2);
        assert!(
            (x - 1.0).abs() < 1e-6 && (y - 1.0).abs() < 1e-6
                || (x - 2.0).abs() < 1e-6 && (y - 1.0).abs() < 1e-6,
            "{x} {y}"
        );
    }

    #[test]
    fn enclosed_sea_is_the_sea_that_the_open_sea_cannot_reach() {
        // A lake at (1, 1); the sea right of A reaches the rim, and so does
        // the bay at (1, 3) (corners do not join sea cells).
        let g = grid(&["AAA.", "A.A.", "AAA.", "A.A."]);
        let enclosed = enclosed_sea(&g);
        let cells: Vec<usize> = (0..enclosed.len()).filter(|&i| enclosed[i]).collect();
        assert_eq!(cells, [5]);
    }

    #[test]
    fn links_bend_through_the_sea_and_cross_land_only_when_no_sea_joins_them() {
        let (a, b, c) = (AreaId(0), AreaId(1), AreaId(2));
        // A straight line from A to C crosses B; the route through the sea
        // above or below it crosses nothing.
        let g = grid(&["......", "AA.B.C", "......"]);
        let paths = link_paths(&g, a, c, &AT, None);
        assert_eq!(crossed_areas(&g, &paths[0], a, c, &AT), [b]);
        let route = paths.last().unwrap();
        assert!(crossed_areas(&g, route, a, c, &AT).is_empty(), "{route:?}");
        assert!(link_crossings(&g, a, c).is_empty());
        // A and C inside B: no sea joins them.
        let g = grid(&["BBBBB", "BABCB", "BBBBB"]);
        assert_eq!(link_crossings(&g, a, c), [b]);
    }

    #[test]
    fn link_lines_run_between_cell_edges() {
        let g = grid(&["A.B"]);
        let paths = link_paths(&g, AreaId(0), AreaId(1), &AT, None);
        assert_eq!(
            paths,
            [Path::line(Point::new(10.0, 5.0), Point::new(20.0, 5.0))]
        );
    }

    #[test]
    fn links_between_corners_go_round_the_corner_through_the_sea() {
        // A and B meet only at the corner (10, 10); C holds the cell right of A.
        let g = grid(&["AC", ".B"]);
        let paths = link_paths(&g, AreaId(0), AreaId(1), &AT, None);
        assert_eq!(paths.len(), 2);
        // First through the sea below A: from the middle of A's bottom side
        // to the middle of B's left side, a quarter circle of radius 5
        // around the corner.
        let first = &paths[0];
        assert_eq!(first.segs[0], Seg::MoveTo(Point::new(5.0, 10.0)));
        let Seg::CubicTo(_, _, end) = first.segs[1] else {
            panic!("a curve")
        };
        assert_eq!(end, Point::new(10.0, 15.0));
        let b = first.bounds().unwrap();
        assert!(b.x >= 5.0 - 1e-4 && b.right() <= 10.0 + 1e-4 && b.y >= 10.0 - 1e-4);
        let middle = first.flatten(2)[0][1];
        let r = (middle.x - 10.0).hypot(middle.y - 10.0);
        assert!((r - 5.0).abs() < 0.05, "{r}");
    }
}
