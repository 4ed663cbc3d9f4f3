//! A grid map on a sheet: water, region tints and borders, links, and a
//! writing box where each area is widest.

use super::draw::{INK, SOFT, Sheet, visible_length};
use super::grid::{
    Placement, crossed_areas, enclosed_sea, inner_lines, link_paths, outline, outline_cells,
    widest_place,
};
use super::mono::hatch;
use crate::print::Capacity;
use crate::rolling::map::{AreaId, Grid};
use crate::scene::{Item, Path, Point, Rect, Rgb, Seg, Stroke, Style};

/// The wash of water cells, in colour and in black and white.
pub(super) const WATER: Rgb = Rgb::new(222, 236, 248);
pub(super) const WATER_MONO: Rgb = Rgb::grey(238);
/// The tint of gaps in the land (cells of no area that the sea does not
/// reach), in colour and in black and white.
pub(super) const LAND: Rgb = Rgb::new(230, 226, 214);
pub(super) const LAND_MONO: Rgb = Rgb::grey(212);
/// The wave marks on water.
pub(super) const WAVES: Rgb = Rgb::new(84, 140, 200);
pub(super) const WAVES_MONO: Rgb = Rgb::grey(120);

/// Two short waves across a water cell at `(x, y)` (its top-left corner)
/// of side `cell`.
pub(super) fn waves(x: f32, y: f32, cell: f32) -> Path {
    let mut path = Path::new();
    for (row, shift) in [(0.36, 0.18), (0.68, 0.34)] {
        let (x0, y0) = (x + cell * shift, y + cell * row);
        let w = cell * 0.48;
        let h = cell * 0.06;
        path.segs.push(Seg::MoveTo(Point::new(x0, y0)));
        for k in 0..2 {
            let s = x0 + w * 0.5 * k as f32;
            path.segs.push(Seg::CubicTo(
                Point::new(s + w * 0.125, y0 - h),
                Point::new(s + w * 0.375, y0 + h),
                Point::new(s + w * 0.5, y0),
            ));
        }
    }
    path
}

impl Sheet<'_> {
    pub(super) fn grid_map(&mut self, grid: &Grid, bounds: Rect) {
        let cell = (bounds.w / grid.columns as f32).min(bounds.h / grid.rows as f32);
        let origin = Point::new(
            bounds.x + (bounds.w - cell * grid.columns as f32) / 2.0,
            bounds.y + (bounds.h - cell * grid.rows as f32) / 2.0,
        );
        let at = Placement { origin, cell };
        let lines = self.t.lines;
        let smallest_cell = self.t.min_box / self.t.box_fill;
        self.capacity = Capacity::Grid {
            columns: grid.columns,
            rows: grid.rows,
            max_columns: (bounds.w / smallest_cell).floor() as usize,
            max_rows: (bounds.h / smallest_cell).floor() as usize,
        };

        // Gaps in the land: sea cells that the open sea round the grid
        // does not reach belong to no area and are no lake (lakes are
        // `~`): a plain land tint, so that they look neither like water
        // nor like writing boxes.
        let enclosed = enclosed_sea(grid);
        let gap = |c: usize, r: usize| enclosed[r * grid.columns + c] && !grid.is_water(c, r);
        if (0..grid.rows).any(|r| (0..grid.columns).any(|c| gap(c, r))) {
            let gaps = outline_cells(grid, &at, gap);
            let fill = if self.mono { LAND_MONO } else { LAND };
            self.canvas.items.push(Item::Path(gaps, Style::fill(fill)));
        }
        // Water: a pale wash with waves, so that lakes and straits do not
        // look like writing boxes.
        let wet = |c: usize, r: usize| grid.is_water(c, r);
        if grid.water.contains(&true) {
            let wash = outline_cells(grid, &at, wet);
            let fill = if self.mono { WATER_MONO } else { WATER };
            self.canvas.items.push(Item::Path(wash, Style::fill(fill)));
            let mut marks = Path::new();
            for r in 0..grid.rows {
                for c in 0..grid.columns {
                    if wet(c, r) {
                        let p = at.at(c as f32, r as f32);
                        marks.segs.extend(waves(p.x, p.y, cell).segs);
                    }
                }
            }
            let color = if self.mono { WAVES_MONO } else { WAVES };
            self.canvas.items.push(Item::Path(
                marks,
                Style::stroke(Stroke::solid(color, lines.area * 1.2)),
            ));
        }

        // Region fills and borders (one merged outline per region, so that
        // corners join cleanly), hatching in black and white, and the thin
        // lines between areas of a region.
        let regions: Vec<Path> = (0..self.map.regions.len())
            .map(|ri| {
                outline(grid, &at, |c: Option<AreaId>| {
                    c.is_some_and(|a| self.map.area(a).region.index() == ri)
                })
            })
            .collect();
        for (ri, path) in regions.iter().enumerate() {
            self.canvas
                .items
                .push(Item::Path(path.clone(), Style::fill(self.colors[ri].1)));
            if self.mono
                && let Some(b) = path.bounds()
            {
                self.canvas
                    .items
                    .push(Item::Clip(path.clone(), hatch(ri, b, self.t.hatch_line())));
            }
        }
        self.canvas.items.push(Item::Path(
            inner_lines(self.map, grid, &at),
            Style::stroke(Stroke::solid(SOFT, lines.area)),
        ));
        let mut borders = Path::new();
        for path in regions {
            borders.segs.extend(path.segs);
        }
        self.canvas.items.push(Item::Path(
            borders,
            Style::stroke(Stroke::solid(INK, lines.region)),
        ));

        let size = (cell * self.t.box_fill).min(self.t.max_box);
        self.box_size = size;
        self.fit_codes(size);
        let boxes: Vec<(AreaId, Point)> = self
            .map
            .area_ids()
            .map(|a| {
                let (x, y, _) = widest_place(grid, a);
                (a, at.at(x, y))
            })
            .collect();

        // Links, under the writing boxes: of the ways to draw each, the
        // first that shows best.
        let covers: Vec<Rect> = boxes
            .iter()
            .map(|(_, c)| Rect::new(c.x - size / 2.0, c.y - size / 2.0, size, size))
            .collect();
        // A way that crosses no other area beats one that does.
        for link in &self.map.links {
            let mut best: Option<(Vec<AreaId>, f32, Path)> = None;
            for path in link_paths(grid, link.a, link.b, &at, Some(bounds)) {
                let crossed = crossed_areas(grid, &path, link.a, link.b, &at);
                let (_, visible) = visible_length(&path, &covers);
                let better = best.as_ref().is_none_or(|(c, v, _)| {
                    (crossed.is_empty() && !c.is_empty())
                        || (crossed.is_empty() == c.is_empty() && visible > v * 1.05 + 0.1)
                });
                if better {
                    best = Some((crossed, visible, path));
                }
            }
            // Areas that share a side need no line (`check` warns about
            // the link).
            if let Some((crossed, _, path)) = best {
                self.link(link.a, link.b, path, &covers, &crossed);
            }
        }

        for (a, c) in boxes {
            self.writing_box(a, c, size, None);
        }
    }
}
