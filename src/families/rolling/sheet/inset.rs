//! An inset on an atlas sheet: a crowded part of the map drawn again at a
//! larger scale in a free corner of the map's place, with the writing
//! boxes of the areas inside it there (inside their enlarged shapes where
//! they fit, else as callouts within the inset), the way printed atlases
//! show a country's capital region. The main map marks the part it
//! enlarges with a rectangle, and its areas have no box there.
//!
//! The sheet chooses the inset unless the map names its areas (`[layout]
//! inset`, [`fit`]): of the clusters of areas given callouts, the few
//! whose insets promise to spare the most, of each size ([`candidates`]),
//! are laid out, and the layout whose callouts cost least (the atlas
//! sheet's `callout_cost`) kept if it costs at least [`MIN_GAIN`] less
//! than the sheet without an inset. Where callouts still run too far,
//! the sheet also tries the map drawn smaller, to free a corner.

use super::atlas::{GAP, INSIDE, Place, distance, main_polygon};
use crate::geom::polygon;
use crate::rolling::map::Atlas;
use crate::scene::Rect;

/// A point of the page, in points (y down).
type Pt = crate::geom::Point;
/// An area's rings.
type Rings = Vec<Vec<Pt>>;

/// The largest enlargement an inset is drawn at.
pub(super) const MAX_ZOOM: f64 = 5.0;
/// The least enlargement worth an inset the sheet chooses itself.
const MIN_ZOOM: f64 = 1.6;
/// The least number of callouts an inset the sheet chooses must spare.
pub(super) const MIN_GAIN: usize = 3;
/// The sizes of clusters the sheet lays out the best inset of each to
/// choose from: up to 5 callouts, 6 to 9, 10 to 14, 15 and more.
const BANDS: [usize; 3] = [5, 9, 14];
/// The margin an inset shows around its areas, in box sides.
const MARGIN: f64 = 0.5;
/// The most callouts one inset the sheet chooses gathers.
const MAX_CLUSTER: usize = 24;

/// An inset: the part `window` of the main map (page points, `[x0, y0,
/// x1, y1]`), drawn `zoom` times larger in `frame`, holding the writing
/// boxes of `areas`.
#[derive(Clone, Debug, PartialEq)]
pub(super) struct Inset {
    /// The areas whose writing boxes are in the inset, in id order.
    pub(super) areas: Vec<usize>,
    /// The part of the main map it shows.
    pub(super) window: [f64; 4],
    /// Where it is drawn.
    pub(super) frame: [f64; 4],
    /// How much larger than the main map.
    pub(super) zoom: f64,
}

impl Inset {
    /// Where the point `p` of the main map is drawn in the inset.
    pub(super) fn to_frame(&self, p: Pt) -> Pt {
        [
            self.frame[0] + (p[0] - self.window[0]) * self.zoom,
            self.frame[1] + (p[1] - self.window[1]) * self.zoom,
        ]
    }

    /// The shapes of the main map (`shapes`) as the inset draws them.
    pub(super) fn shapes(&self, shapes: &[Rings]) -> Vec<Rings> {
        shapes
            .iter()
            .map(|rings| {
                rings
                    .iter()
                    .map(|r| r.iter().map(|&p| self.to_frame(p)).collect())
                    .collect()
            })
            .collect()
    }

    /// The frame as a rectangle of the scene.
    pub(super) fn frame_rect(&self) -> Rect {
        rect(self.frame)
    }

    /// The window as a rectangle of the scene.
    pub(super) fn window_rect(&self) -> Rect {
        rect(self.window)
    }

    /// Whether area `a`'s box is in the inset.
    pub(super) fn holds(&self, a: usize) -> bool {
        self.areas.binary_search(&a).is_ok()
    }
}

/// `[x0, y0, x1, y1]` as a rectangle of the scene.
fn rect(r: [f64; 4]) -> Rect {
    Rect::new(
        r[0] as f32,
        r[1] as f32,
        (r[2] - r[0]) as f32,
        (r[3] - r[1]) as f32,
    )
}

/// What the insets of one sheet are worked out from: the main map's
/// shapes in page points, its place, the writing boxes' side.
pub(super) struct Ground<'a> {
    pub(super) shapes: &'a [Rings],
    pub(super) bounds: Rect,
    pub(super) s: f64,
    /// Each area's largest polygon (the one its box goes in).
    mains: Vec<Rings>,
    /// Their bounding boxes.
    extents: Vec<[f64; 4]>,
    land: Land,
    /// The frames of insets already placed, which another keeps clear of.
    taken: Vec<[f64; 4]>,
}

impl<'a> Ground<'a> {
    pub(super) fn new(shapes: &'a [Rings], bounds: Rect, s: f64, atlas: &Atlas) -> Self {
        let mains: Vec<Rings> = shapes
            .iter()
            .enumerate()
            .map(|(a, rings)| main_polygon(&atlas.shapes[a], rings))
            .collect();
        let extents = mains.iter().map(|m| polygon::bounds(m)).collect();
        Self {
            shapes,
            bounds,
            s,
            mains,
            extents,
            land: Land::new(shapes, bounds, s / 4.0),
            taken: Vec::new(),
        }
    }

    /// Keeps the insets found from now on clear of the frame `frame`
    /// (`[x0, y0, x1, y1]`), as they are of land.
    pub(super) fn take(&mut self, frame: [f64; 4]) {
        self.taken.push(frame);
    }

    /// How much area `a` must be enlarged for its writing box to fit
    /// inside it (1 if it fits already; infinite if it does not at
    /// [`MAX_ZOOM`]).
    fn zoom_to_fit(&self, a: usize) -> f64 {
        let h = self.s / 2.0 * INSIDE;
        let rings = &self.mains[a];
        // The points of a grid inside the polygon with their distance to
        // its border, found once (an estimate, coarser than the layout's
        // search): a box of half-side `h / z` fits around one of them
        // when it is that far from the border and crosses none of it.
        let e = self.extents[a];
        let step = (self.s / 8.0)
            .min((e[2] - e[0]).max(e[3] - e[1]) / 40.0)
            .max(1e-6);
        let mut points: Vec<(f64, Pt)> = Vec::new();
        let mut y = e[1] + step / 2.0;
        while y < e[3] {
            let mut x = e[0] + step / 2.0;
            while x < e[2] {
                if polygon::contains(rings, [x, y]) {
                    points.push((polygon::border_distance(rings, [x, y]), [x, y]));
                }
                x += step;
            }
            y += step;
        }
        points.sort_by(|p, q| q.0.total_cmp(&p.0));
        let fits = |z: f64| {
            points
                .iter()
                .take_while(|(d, _)| *d >= h / z)
                .any(|&(_, p)| polygon::square_inside(rings, p, h / z))
        };
        if fits(1.0) {
            return 1.0;
        }
        if !fits(MAX_ZOOM) {
            return f64::INFINITY;
        }
        let (mut lo, mut hi) = (1.0, MAX_ZOOM);
        for _ in 0..6 {
            let mid = (lo + hi) / 2.0;
            if fits(mid) { hi = mid } else { lo = mid }
        }
        hi
    }

    /// The inset showing the areas' boxes `extent` (`[x0, y0, x1, y1]`)
    /// enlarged as far as `wanted` at most, in the corner of the map's
    /// place with the most room; `None` when no corner has room for it at
    /// any size. The areas it holds are every area whose largest polygon
    /// lies in the part it shows.
    fn in_corner(&self, extent: [f64; 4], wanted: f64) -> Option<Inset> {
        let m = self.s * MARGIN;
        let g = self.s * GAP;
        let b = [
            f64::from(self.bounds.x),
            f64::from(self.bounds.y),
            f64::from(self.bounds.right()),
            f64::from(self.bounds.bottom()),
        ];
        let (w, h) = (extent[2] - extent[0], extent[3] - extent[1]);
        // The frame at zoom `z` in corner `k` (left or right, top or
        // bottom), with a gap kept on its inner sides.
        let frame = |k: usize, z: f64| {
            let (fw, fh) = (w * z + 2.0 * m, h * z + 2.0 * m);
            let (x0, x1) = if k.is_multiple_of(2) {
                (b[0], b[0] + fw)
            } else {
                (b[2] - fw, b[2])
            };
            let (y0, y1) = if k < 2 {
                (b[1], b[1] + fh)
            } else {
                (b[3] - fh, b[3])
            };
            [x0, y0, x1, y1]
        };
        let clear = |k: usize, z: f64| {
            let f = frame(k, z);
            let kept = [
                (f[0] - g).max(b[0]),
                (f[1] - g).max(b[1]),
                (f[2] + g).min(b[2]),
                (f[3] + g).min(b[3]),
            ];
            f[0] >= b[0] - 1e-9
                && f[2] <= b[2] + 1e-9
                && f[1] >= b[1] - 1e-9
                && f[3] <= b[3] + 1e-9
                && self.land.clear(kept)
                && self.taken.iter().all(|t| {
                    kept[2] <= t[0] || kept[0] >= t[2] || kept[3] <= t[1] || kept[1] >= t[3]
                })
        };
        // The largest zoom each corner has room for (the frame grows with
        // it, so room is found by halving).
        let mut best: Option<(f64, usize)> = None;
        for k in 0..4 {
            let top = wanted.min(MAX_ZOOM);
            let room = if clear(k, top) {
                top
            } else if !clear(k, 0.0) {
                continue;
            } else {
                let (mut lo, mut hi) = (0.0, top);
                for _ in 0..24 {
                    let mid = (lo + hi) / 2.0;
                    if clear(k, mid) { lo = mid } else { hi = mid }
                }
                lo
            };
            if best.is_none_or(|(z, _)| room > z + 1e-9) {
                best = Some((room, k));
            }
        }
        let (zoom, k) = best?;
        if zoom <= 0.0 {
            return None;
        }
        let frame = frame(k, zoom);
        let window = [
            extent[0] - m / zoom,
            extent[1] - m / zoom,
            extent[2] + m / zoom,
            extent[3] + m / zoom,
        ];
        let areas = (0..self.shapes.len())
            .filter(|&a| {
                let e = self.extents[a];
                e[0] >= window[0] && e[1] >= window[1] && e[2] <= window[2] && e[3] <= window[3]
            })
            .collect();
        Some(Inset {
            areas,
            window,
            frame,
            zoom,
        })
    }

    /// The extent of the largest polygons of `areas`.
    fn extent(&self, areas: &[usize]) -> [f64; 4] {
        areas.iter().fold(
            [
                f64::INFINITY,
                f64::INFINITY,
                f64::NEG_INFINITY,
                f64::NEG_INFINITY,
            ],
            |e, &a| {
                let x = self.extents[a];
                [
                    e[0].min(x[0]),
                    e[1].min(x[1]),
                    e[2].max(x[2]),
                    e[3].max(x[3]),
                ]
            },
        )
    }
}

/// The inset of the areas a map names (`[layout] inset`), as large as
/// their boxes need (or as the most room any corner has); `Err` with the
/// largest zoom any corner has room for (0 for none) when that is less
/// than 1, so that the inset would be no larger than the map.
pub(super) fn fit(ground: &Ground<'_>, areas: &[usize]) -> Result<Inset, f64> {
    let need = areas
        .iter()
        .map(|&a| ground.zoom_to_fit(a))
        .filter(|z| z.is_finite())
        .fold(MIN_ZOOM, f64::max);
    match ground.in_corner(ground.extent(areas), need) {
        Some(inset) if inset.zoom >= 1.0 => Ok(inset),
        Some(inset) => Err(inset.zoom),
        None => Err(0.0),
    }
}

/// The insets most likely to spare callouts of the layout without one
/// (`places`; `anchors`, the areas' poles), one for each band of cluster
/// sizes ([`BANDS`]), smallest first: for each callout, the clusters of
/// it and the callouts nearest to it (3 to [`MAX_CLUSTER`]), each enlarged
/// as far as its boxes need or the roomiest corner allows, if that is at
/// least [`MIN_ZOOM`]; the best of a band is the one whose areas'
/// callouts most often become boxes inside them (ties: fewer areas, then
/// the larger zoom, then the first found), sparing at least
/// [`MIN_GAIN`].
pub(super) fn candidates(
    ground: &Ground<'_>,
    places: &[Option<Place>],
    anchors: &[Pt],
) -> Vec<Inset> {
    let callouts: Vec<usize> = (0..places.len())
        .filter(|&a| matches!(places[a], Some(Place::Callout { .. })))
        .collect();
    if callouts.len() < MIN_GAIN {
        return Vec::new();
    }
    let zooms: Vec<f64> = (0..places.len())
        .map(|a| {
            if callouts.contains(&a) {
                ground.zoom_to_fit(a)
            } else {
                1.0
            }
        })
        .collect();
    // (band of the cluster's size, callouts spared, the inset)
    let mut found: Vec<(usize, usize, Inset)> = Vec::new();
    for &c in &callouts {
        let mut near: Vec<(f64, usize)> = callouts
            .iter()
            .map(|&o| {
                let (p, q) = (anchors[c], anchors[o]);
                (distance(p, q), o)
            })
            .collect();
        near.sort_by(|x, y| x.0.total_cmp(&y.0).then(x.1.cmp(&y.1)));
        let mut group: Vec<usize> = Vec::new();
        for &(_, o) in near.iter().take(MAX_CLUSTER) {
            group.push(o);
            if group.len() < MIN_GAIN {
                continue;
            }
            let need = group
                .iter()
                .map(|&a| zooms[a])
                .filter(|z| z.is_finite())
                .fold(MIN_ZOOM, f64::max);
            let Some(inset) = ground.in_corner(ground.extent(&group), need) else {
                continue;
            };
            if inset.zoom < MIN_ZOOM {
                continue;
            }
            let gain = inset
                .areas
                .iter()
                .filter(|&&a| callouts.contains(&a) && zooms[a] <= inset.zoom)
                .count();
            let band = BANDS.iter().filter(|&&b| group.len() > b).count();
            if gain >= MIN_GAIN && !found.iter().any(|(_, _, f)| f.areas == inset.areas) {
                found.push((band, gain, inset));
            }
        }
    }
    // The best of each band; stable: the first found first among equals.
    found.sort_by(|(b, g, x), (c, h, y)| {
        b.cmp(c)
            .then(h.cmp(g))
            .then(x.areas.len().cmp(&y.areas.len()))
            .then(y.zoom.total_cmp(&x.zoom))
    });
    found.dedup_by_key(|(band, _, _)| *band);
    found.into_iter().map(|(_, _, inset)| inset).collect()
}

/// Where the land of the main map lies, on a raster of square cells: a
/// cell is land when some shape reaches into it. Counted as running sums,
/// so that whether a rectangle is clear of land costs four lookups.
struct Land {
    x0: f64,
    y0: f64,
    step: f64,
    nx: usize,
    ny: usize,
    /// `sums[j * (nx + 1) + i]`: the land cells left of column `i` and
    /// above row `j`.
    sums: Vec<u32>,
}

impl Land {
    fn new(shapes: &[Rings], bounds: Rect, step: f64) -> Self {
        let (x0, y0) = (f64::from(bounds.x), f64::from(bounds.y));
        let nx = (f64::from(bounds.w) / step).ceil().max(1.0) as usize;
        let ny = (f64::from(bounds.h) / step).ceil().max(1.0) as usize;
        let extents: Vec<[f64; 4]> = shapes.iter().map(|r| polygon::bounds(r)).collect();
        let half = step / 2.0;
        let mut sums = vec![0u32; (nx + 1) * (ny + 1)];
        for j in 0..ny {
            let y = y0 + (j as f64 + 0.5) * step;
            for i in 0..nx {
                let x = x0 + (i as f64 + 0.5) * step;
                let land = shapes.iter().zip(&extents).any(|(rings, e)| {
                    e[0] <= x + half
                        && e[2] >= x - half
                        && e[1] <= y + half
                        && e[3] >= y - half
                        && !polygon::square_outside(rings, [x, y], half)
                });
                let at = (j + 1) * (nx + 1) + i + 1;
                sums[at] = u32::from(land) + sums[at - 1] + sums[at - nx - 1] - sums[at - nx - 2];
            }
        }
        Self {
            x0,
            y0,
            step,
            nx,
            ny,
            sums,
        }
    }

    /// Whether no land cell meets the rectangle `r` (`[x0, y0, x1, y1]`).
    fn clear(&self, r: [f64; 4]) -> bool {
        let col = |x: f64| ((x - self.x0) / self.step).clamp(0.0, self.nx as f64);
        let row = |y: f64| ((y - self.y0) / self.step).clamp(0.0, self.ny as f64);
        let (i0, i1) = (col(r[0]).floor() as usize, col(r[2]).ceil() as usize);
        let (j0, j1) = (row(r[1]).floor() as usize, row(r[3]).ceil() as usize);
        let w = self.nx + 1;
        let sum = self.sums[j1 * w + i1] + self.sums[j0 * w + i0]
            - self.sums[j0 * w + i1]
            - self.sums[j1 * w + i0];
        sum == 0
    }
}
