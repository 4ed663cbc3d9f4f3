//! Printable Diceland sheets: a board and a print template laid out as a
//! renderer-agnostic [`crate::scene::Document`], with the print checks
//! every family's pads pass.
//!
//! A sheet has a header (the board's name, a line for the player's name,
//! the turn in one line), the board (rows of pointy-topped hexagons, odd
//! rows shifted right, with column letters above and row numbers at the
//! left so that a cell can be named, `C4`; each zone in its colour with a
//! heavy line around it, a white star in star cells, obstacles black, the
//! start cell white with its cross), the information strip (the box to
//! mark a colour completed and the star tally, the goal's box heavy) and
//! a footer (the legend and the credit line). In black and white the
//! zones are white, told apart by hatching and by their colour's letter.

use super::model::{Board, Cell, Color, column_letters};
use super::words;
use crate::print::mono::hatch;
use crate::print::{
    self, Canvas, Capacity, Drawing, INK, Locale, MarkKind, Part, PrintOptions, ShippedFinding,
    Template, paginate, sheet_size, text,
};
use crate::scene::{Anchor, Document, Item, Path, Point, Rect, Rgb, Stroke, Style, Symbol, Weight};

/// The least width of a hexagon, in millimetres, on every template: a
/// cell takes a pencil cross.
pub const MIN_CELL_MM: f32 = 7.0;

/// What part of the board something on the sheet shows.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum About {
    /// The board as a whole.
    Board,
    /// The grid.
    Grid,
    /// One cell (a grid index).
    Cell(usize),
    /// A colour.
    Color(Color),
    /// The information strip.
    Strip,
}

impl Part for About {
    const WHOLE: Self = About::Board;
    const DRAWING: Self = About::Grid;
    const COLOR_NOUN: &'static str = "colour";
    const FILE_NOUN: &'static str = "board";
    const MIN_BOX_MM: Option<f32> = Some(MIN_CELL_MM);
    const COUNTED: &'static str = "stars";
    const BOX_NOUN: &'static str = "cells";

    fn color(i: usize) -> Self {
        About::Color(Color::from_index(i))
    }

    fn is_code(&self) -> bool {
        false
    }
}

/// A laid-out pad of a Diceland board.
pub type Pad = print::Pad<About>;

/// The print checks of every shipped template on `board`, as warnings.
pub fn shipped_findings(board: &Board, locale: &Locale) -> Vec<ShippedFinding<About>> {
    crate::print::shipped_findings(|t, mono| layout(board, t, &PrintOptions::one(mono, locale)))
}

/// Lays out a pad of sheets for a board on a template.
pub fn layout(board: &Board, t: &Template, options: &PrintOptions) -> Pad {
    let (symbol, pad) = sheet_symbol(board, t, (options.mono, &options.locale), sheet_size(t));
    paginate(&board.info.credit(), symbol, pad, t, options.sheets)
}

/// A sheet being drawn.
struct Sheet<'a> {
    board: &'a Board,
    t: &'a Template,
    mono: bool,
    colors: Vec<(String, Rgb)>,
    w: f32,
    h: f32,
    canvas: Canvas<About>,
}

crate::print::drawing_on_canvas!(Sheet<'_>, About);

/// The baseline that centres capitals of `size` on `mid`.
fn baseline(mid: f32, size: f32, weight: Weight) -> f32 {
    mid + size * crate::scene::font::cap_height(weight) / 2.0
}

/// Where the hexagons sit: the centre of the top-left one and the radius
/// (centre to corner).
#[derive(Clone, Copy)]
struct Hexes {
    origin: Point,
    r: f32,
}

impl Hexes {
    /// Width of a hexagon, flat side to flat side.
    fn width(&self) -> f32 {
        self.r * 3f32.sqrt()
    }

    fn center(&self, c: usize, row: usize) -> Point {
        let shift = if row % 2 == 1 { 0.5 } else { 0.0 };
        Point::new(
            self.origin.x + (c as f32 + shift) * self.width(),
            self.origin.y + row as f32 * 1.5 * self.r,
        )
    }

    /// The six corners, from the top, clockwise.
    fn corners(&self, p: Point) -> [Point; 6] {
        std::array::from_fn(|k| {
            let a = (-90.0 + 60.0 * k as f32).to_radians();
            Point::new(p.x + self.r * a.cos(), p.y + self.r * a.sin())
        })
    }
}

/// A five-pointed star centred on `c`.
fn star(c: Point, r: f32) -> Path {
    let points: Vec<Point> = (0..10)
        .map(|k| {
            let radius = if k % 2 == 0 { r } else { r * 0.45 };
            let a = (-90.0 + 36.0 * k as f32).to_radians();
            Point::new(c.x + radius * a.cos(), c.y + radius * a.sin())
        })
        .collect();
    Path::polygon(&points)
}

/// Hexagons across and down the grid, in units of the radius.
fn grid_units(board: &Board) -> (f32, f32) {
    let (c, r) = (board.grid.columns as f32, board.grid.rows as f32);
    let across = 3f32.sqrt() * (c + if board.grid.rows > 1 { 0.5 } else { 0.0 });
    let down = 2.0 + 1.5 * (r - 1.0);
    (across, down)
}

fn sheet_symbol(
    board: &Board,
    t: &Template,
    (mono, locale): (bool, &crate::print::Locale),
    (w, h): (f32, f32),
) -> (Symbol, Pad) {
    let colors: Vec<(String, Rgb)> = Color::ALL
        .into_iter()
        .map(|c| (c.id().to_string(), t.box_color(c.id(), c.rgb(), mono)))
        .collect();
    let mut s = Sheet {
        board,
        t,
        mono,
        colors: colors.clone(),
        w,
        h,
        canvas: Canvas::new(About::Board, locale, t),
    };
    let f = t.fonts;
    let gap = f.text * 0.8;
    let head = s.header();
    let foot = s.footer();
    let strip_h = f.text * 3.2;
    let top = head + gap;
    let room_h = (h - foot - gap - strip_h - gap - top).max(0.0);
    // Column letters above, row numbers at the left.
    let label = f.small * 1.6;
    let (across, down) = grid_units(board);
    let r = ((room_h - label) / down)
        .min((w - 2.0 * label) / across)
        .min(t.max_box / 3f32.sqrt())
        .max(0.5);
    let grid_w = across * r;
    let grid_h = down * r;
    let x0 = (w - grid_w) / 2.0;
    let y0 = top + label + ((room_h - label - grid_h) / 2.0).max(0.0);
    let hexes = Hexes {
        origin: Point::new(x0 + r * 3f32.sqrt() / 2.0, y0 + r),
        r,
    };
    s.grid(&hexes, label);
    let strip_top = y0 + grid_h + gap;
    s.strip(strip_top, strip_h);
    let least = print::template::mm(MIN_CELL_MM) / 3f32.sqrt();
    let capacity = Capacity::Grid {
        columns: board.grid.columns,
        rows: board.grid.rows,
        max_columns: (((w - 2.0 * label) / least / 3f32.sqrt()) - 0.5)
            .floor()
            .max(0.0) as usize,
        max_rows: ((((room_h - label) / least) - 2.0) / 1.5 + 1.0)
            .floor()
            .max(0.0) as usize,
    };
    let mut items = s.canvas.items;
    items.extend(s.canvas.texts);
    let symbol = Symbol {
        name: format!("sheet-{}", board.info.id),
        width: w,
        height: h,
        items,
    };
    let pad = Pad {
        document: Document::default(),
        box_size: r * 3f32.sqrt(),
        colors,
        sheet: Rect::default(),
        overflows: s.canvas.overflows,
        refusals: s.canvas.refusals,
        marks: s.canvas.marks,
        links: Vec::new(),
        leaders: Vec::new(),
        capacity,
    };
    (symbol, pad)
}

impl Sheet<'_> {
    /// The name, the player's line and the turn in one line; the height.
    fn header(&mut self) -> f32 {
        let f = self.t.fonts;
        let name = self.board.info.title(self.canvas.lang);
        let title_y = self.title_line(self.t, self.w, name);
        let y = title_y + f.text * 2.0;
        let mut turn = text(
            Point::new(0.0, y),
            self.canvas.lang.word(words::TURN),
            f.text,
            Weight::Regular,
            Anchor::Start,
        );
        turn.max_width = Some(self.w);
        self.label(turn, None);
        y + f.text * crate::scene::font::vertical_metrics(Weight::Regular).1
    }

    /// The hexagons, their letters and numbers.
    fn grid(&mut self, at: &Hexes, label: f32) {
        let board = self.board;
        let lines = self.t.lines;
        let f = self.t.fonts;
        self.canvas.about = About::Grid;
        // Column letters and row numbers.
        for c in 0..board.grid.columns {
            let p = at.center(c, 0);
            let t = text(
                Point::new(p.x, p.y - at.r - label * 0.35),
                column_letters(c),
                f.small,
                Weight::Bold,
                Anchor::Middle,
            );
            self.label(t, None);
        }
        for row in 0..board.grid.rows {
            let p = at.center(0, row);
            let t = text(
                Point::new(
                    p.x - at.width() / 2.0 - label * 0.25,
                    baseline(p.y, f.small, Weight::Bold),
                ),
                (row + 1).to_string(),
                f.small,
                Weight::Bold,
                Anchor::End,
            );
            self.label(t, None);
        }
        // Zones: fill (and hatching in black and white).
        for color in Color::ALL {
            let mut cells = Path::new();
            for i in board.color_cells(color).iter() {
                let (c, row) = board.grid.place(i);
                cells.add_polygon(&at.corners(at.center(c, row)));
            }
            let Some(bounds) = cells.bounds() else {
                continue;
            };
            let fill = self.colors[color.index()].1;
            self.canvas
                .items
                .push(Item::Path(cells.clone(), Style::fill(fill)));
            if self.mono {
                self.canvas.items.push(Item::Clip(
                    cells,
                    hatch(color.index(), bounds, self.t.hatch_line()),
                ));
            }
        }
        // Obstacles, the start cell, thin lines between the cells of a zone.
        let mut thin = Path::new();
        let mut heavy = Path::new();
        for i in 0..board.cells.len() {
            let (c, row) = board.grid.place(i);
            let p = at.center(c, row);
            let corners = at.corners(p);
            match board.cells[i] {
                Cell::Hole => continue,
                Cell::Obstacle => self
                    .canvas
                    .items
                    .push(Item::Path(Path::polygon(&corners), Style::fill(INK))),
                Cell::Start => {
                    self.canvas
                        .items
                        .push(Item::Path(Path::polygon(&corners), Style::fill(Rgb::WHITE)));
                    let d = at.r * 0.4;
                    let mut x =
                        Path::line(Point::new(p.x - d, p.y - d), Point::new(p.x + d, p.y + d));
                    x.segs.extend(
                        Path::line(Point::new(p.x - d, p.y + d), Point::new(p.x + d, p.y - d)).segs,
                    );
                    self.canvas.items.push(Item::Path(
                        x,
                        Style::stroke(Stroke::solid(INK, lines.region)),
                    ));
                }
                Cell::Zone { .. } => {}
            }
            // Each side: heavy between zones (and around the board),
            // thin inside a zone.
            let zone = board.zone_of(i);
            for k in 0..6 {
                let (a, b) = (corners[k], corners[(k + 1) % 6]);
                let mid = Point::new((a.x + b.x) / 2.0, (a.y + b.y) / 2.0);
                let beyond = Point::new(2.0 * mid.x - p.x, 2.0 * mid.y - p.y);
                let other = self.place_at(at, beyond);
                // Draw each shared side once, from the lower index.
                if let Some(j) = other
                    && j < i
                    && board.cells[j] != Cell::Hole
                {
                    continue;
                }
                let same = other.is_some_and(|j| zone.is_some() && board.zone_of(j) == zone);
                let line = Path::line(a, b);
                if same {
                    thin.segs.extend(line.segs);
                } else {
                    heavy.segs.extend(line.segs);
                }
            }
        }
        self.canvas.items.push(Item::Path(
            thin,
            Style::stroke(Stroke::solid(INK, lines.area)),
        ));
        self.canvas.items.push(Item::Path(
            heavy,
            Style::stroke(Stroke::solid(INK, lines.region)),
        ));
        // Each cell's mark; stars; letters in black and white.
        let side = at.r * 1.2;
        for i in 0..board.cells.len() {
            let (c, row) = board.grid.place(i);
            let p = at.center(c, row);
            let rect = Rect::new(p.x - side / 2.0, p.y - side / 2.0, side, side);
            let Cell::Zone {
                zone,
                star: is_star,
            } = board.cells[i]
            else {
                continue;
            };
            self.canvas.about = About::Cell(i);
            let mark = self.mark(
                MarkKind::WritingBox,
                format!("cell {}", board.cell_name(i)),
                rect,
                None,
            );
            if is_star {
                self.canvas.items.push(Item::Path(
                    star(p, at.r * 0.62),
                    Style::fill_stroke(Rgb::WHITE, Stroke::solid(INK, lines.boxes)),
                ));
            }
            if self.mono {
                let color = board.zones[usize::from(zone)].color;
                let size = (at.r * 0.55).min(f.code);
                let mut t = text(
                    Point::new(p.x, baseline(p.y, size, Weight::Bold)),
                    color.letter().to_string(),
                    size,
                    Weight::Bold,
                    Anchor::Middle,
                );
                t.max_width = Some(side);
                let patch = t.bounds().inflate(size * 0.1);
                if !is_star {
                    self.canvas
                        .items
                        .push(Item::Path(Path::rect(patch), Style::fill(Rgb::WHITE)));
                }
                self.label(t, Some(mark));
            }
        }
    }

    /// The grid place whose hexagon holds `p`, if any.
    fn place_at(&self, at: &Hexes, p: Point) -> Option<usize> {
        let g = self.board.grid;
        let row = ((p.y - at.origin.y) / (1.5 * at.r)).round();
        if row < 0.0 || row >= g.rows as f32 {
            return None;
        }
        let row = row as usize;
        let shift = if row % 2 == 1 { 0.5 } else { 0.0 };
        let c = ((p.x - at.origin.x) / at.width() - shift).round();
        if c < 0.0 || c >= g.columns as f32 {
            return None;
        }
        Some(g.index(c as usize, row))
    }

    /// The information strip: the colour-complete box, then the star
    /// tally with the goal's box heavy.
    fn strip(&mut self, top: f32, height: f32) {
        let f = self.t.fonts;
        let lines = self.t.lines;
        self.canvas.about = About::Strip;
        let b = (height * 0.5).min(print::template::mm(9.0));
        let y = top + f.small * 1.4;
        let total = self
            .board
            .stars()
            .len()
            .max(usize::from(self.board.goal.stars));
        let gap = b * 0.25;
        let lang = self.canvas.lang;
        let colour_w = (b * 1.6).max(self.canvas.fonts.width(
            lang.word(words::COLOUR_DONE),
            f.small,
            Weight::Bold,
        ));
        let width = colour_w + gap * 3.0 + total as f32 * (b + gap);
        let mut x = (self.w - width) / 2.0;
        let heading = |x: f32, s: &str| {
            text(
                Point::new(x, top + f.small),
                s.to_string(),
                f.small,
                Weight::Bold,
                Anchor::Start,
            )
        };
        let t = heading(x, lang.word(words::COLOUR_DONE));
        self.label(t, None);
        let r = Rect::new(x, y, colour_w, b);
        self.canvas.items.push(Item::Path(
            Path::rect(r),
            Style::fill_stroke(Rgb::WHITE, Stroke::solid(INK, lines.region)),
        ));
        self.mark(MarkKind::Box, "the colour-complete box", r, None);
        x += colour_w + gap * 3.0;
        let t = heading(x, lang.word(words::STARS));
        self.label(t, None);
        for k in 1..=total {
            let r = Rect::new(x, y, b, b);
            let goal = k == usize::from(self.board.goal.stars);
            let width = if goal {
                lines.region * 1.6
            } else {
                lines.boxes
            };
            self.canvas.items.push(Item::Path(
                Path::rect(r),
                Style::fill_stroke(Rgb::WHITE, Stroke::solid(INK, width)),
            ));
            let m = self.mark(MarkKind::Box, format!("star box {k}"), r, None);
            let size = f.small;
            let mut t = text(
                Point::new(r.center().x, baseline(r.center().y, size, Weight::Regular)),
                k.to_string(),
                size,
                if goal { Weight::Bold } else { Weight::Regular },
                Anchor::Middle,
            );
            t.color = if goal { INK } else { Rgb::grey(150) };
            t.max_width = Some(b * 0.9);
            self.label(t, Some(m));
            x += b + gap;
        }
    }

    /// The legend and the credit line. Returns the height.
    fn footer(&mut self) -> f32 {
        let f = self.t.fonts;
        let base = self.h - f.small * 0.35;
        let goal = self.board.goal;
        let lang = self.canvas.lang;
        let stars = lang.count(words::WIN_STARS, usize::from(goal.stars), &[]);
        let colours = lang.count(words::WIN_COLOURS, usize::from(goal.colors), &[]);
        let mut legend = vec![lang.fill(words::WIN, &[("stars", &stars), ("colours", &colours)])];
        legend.push(lang.word(words::STAR_RULE).into());
        if self.mono {
            let key: Vec<String> = Color::ALL
                .iter()
                .map(|c| {
                    let name = lang
                        .colour(c.id())
                        .map_or(c.name().to_string(), crate::lang::capitalised);
                    format!("{} {name}", c.letter())
                })
                .collect();
            legend.push(lang.fill(crate::lang::sheet::COLOURS, &[("list", &key.join(", "))]));
        }
        self.canvas.about = About::Board;
        let credit = self.board.info.credit();
        let lines = print::bottom_lines(self.t, self.w, &credit, &legend, &self.canvas);
        self.bottom_line(self.t, self.w, base, &credit, &lines);
        print::bottom_height(self.t, &lines)
    }
}
