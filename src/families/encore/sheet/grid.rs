//! The board on a sheet: the column letters (the start column's dark),
//! the coloured grid (each colour a tint, or white with its hatching and
//! letter in black and white; a star in star boxes; a heavy line around
//! each block), and each column's points under it.

use super::draw::{LATER, Sheet, centred_baseline, star};
use super::layout::About;
use crate::encore::{Board, ColorId};
use crate::print::Drawing;
use crate::print::mono::hatch;
use crate::print::text;
use crate::print::{INK, MarkKind};
use crate::scene::{Anchor, Item, Path, Point, Rect, Rgb, Stroke, Style, Weight};

/// Where the grid sits on the sheet.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(super) struct Placement {
    /// Top-left corner of the grid.
    pub(super) origin: Point,
    /// Side of one box.
    pub(super) cell: f32,
}

impl Placement {
    /// The box at `column`, `row`.
    fn rect(&self, column: usize, row: usize) -> Rect {
        Rect::new(
            self.origin.x + column as f32 * self.cell,
            self.origin.y + row as f32 * self.cell,
            self.cell,
            self.cell,
        )
    }

    /// The point at grid corner `column`, `row` (fractions allowed).
    fn at(&self, column: f32, row: f32) -> Point {
        Point::new(
            self.origin.x + column * self.cell,
            self.origin.y + row * self.cell,
        )
    }
}

/// The runs of consecutive positions `0..len` where `border` holds, as
/// `(first, past the last)`.
fn runs(len: usize, border: impl Fn(usize) -> bool) -> Vec<(usize, usize)> {
    let mut out: Vec<(usize, usize)> = Vec::new();
    for i in (0..len).filter(|&i| border(i)) {
        match out.last_mut() {
            Some((_, end)) if *end == i => *end = i + 1,
            _ => out.push((i, i + 1)),
        }
    }
    out
}

/// The lines between boxes of different colours and around the grid, as
/// runs along the grid lines, each lengthened by `overhang` at both ends
/// so that thick lines meet in square corners.
fn block_borders(board: &Board, at: &Placement, overhang: f32) -> Path {
    let color = |c: usize, r: usize| board.cell(c, r).color;
    let (columns, rows) = (board.columns, board.rows);
    let mut path = Path::new();
    let mut line = |from: Point, to: Point| {
        let (dx, dy) = if from.y == to.y {
            (overhang, 0.0)
        } else {
            (0.0, overhang)
        };
        path.segs.extend(
            Path::line(
                Point::new(from.x - dx, from.y - dy),
                Point::new(to.x + dx, to.y + dy),
            )
            .segs,
        );
    };
    // Above each row (and under the last), left of each column (and right
    // of the last).
    for r in 0..=rows {
        let edge = r == 0 || r == rows;
        for (a, b) in runs(columns, |c| edge || color(c, r - 1) != color(c, r)) {
            line(at.at(a as f32, r as f32), at.at(b as f32, r as f32));
        }
    }
    for c in 0..=columns {
        let edge = c == 0 || c == columns;
        for (a, b) in runs(rows, |r| edge || color(c - 1, r) != color(c, r)) {
            line(at.at(c as f32, a as f32), at.at(c as f32, b as f32));
        }
    }
    path
}

impl Sheet<'_> {
    /// The coloured grid.
    pub(super) fn grid(&mut self, at: &Placement) {
        let board = self.board;
        let lines = self.t.lines;
        // Each colour's boxes: its tint, and its hatching in black and white.
        for (i, (_, fill)) in self.colors.clone().into_iter().enumerate() {
            let mut boxes = Path::new();
            for cell in board.boxes_of(ColorId(i as u8)) {
                let (c, r) = (cell % board.columns, cell / board.columns);
                boxes.segs.extend(Path::rect(at.rect(c, r)).segs);
            }
            let Some(bounds) = boxes.bounds() else {
                continue;
            };
            self.canvas
                .items
                .push(Item::Path(boxes.clone(), Style::fill(fill)));
            if self.mono {
                self.canvas
                    .items
                    .push(Item::Clip(boxes, hatch(i, bounds, self.t.hatch_line())));
            }
        }
        // Stars: white, so that they show on every tint and hatching.
        let mut stars = Path::new();
        for (i, cell) in board.cells.iter().enumerate() {
            if cell.star {
                let r = at.rect(i % board.columns, i / board.columns);
                stars.segs.extend(star(r.center(), at.cell * 0.3).segs);
            }
        }
        if !stars.segs.is_empty() {
            self.canvas.items.push(Item::Path(
                stars,
                Style::fill_stroke(Rgb::WHITE, Stroke::solid(INK, lines.area)),
            ));
        }
        // Thin lines between all boxes, heavy ones around blocks.
        let mut thin = Path::new();
        for r in 1..board.rows {
            thin.segs.extend(
                Path::line(at.at(0.0, r as f32), at.at(board.columns as f32, r as f32)).segs,
            );
        }
        for c in 1..board.columns {
            thin.segs
                .extend(Path::line(at.at(c as f32, 0.0), at.at(c as f32, board.rows as f32)).segs);
        }
        self.canvas.items.push(Item::Path(
            thin,
            Style::stroke(Stroke::solid(INK, lines.area)),
        ));
        self.canvas.items.push(Item::Path(
            block_borders(board, at, lines.region / 2.0),
            Style::stroke(Stroke::solid(INK, lines.region)),
        ));

        // The boxes, for the checks; their colour's letter in black and
        // white, in the top-left corner (clear of the star).
        // As large as the headings, or as fits left of the star.
        let inset = (at.cell * 0.08).max(1.0);
        let room = at.cell * 0.42 - inset;
        let size = self.t.fonts.heading.min(at.cell * 0.3);
        for (i, cell) in board.cells.iter().enumerate() {
            let (c, r) = (i % board.columns, i / board.columns);
            let rect = at.rect(c, r);
            self.canvas.about = About::Box(i);
            let owner = self.mark(
                MarkKind::WritingBox,
                format!("the box at {}{}", Board::column_name(c), r + 1),
                rect,
                None,
            );
            if self.mono {
                let baseline = rect.y + inset + size * crate::scene::font::cap_height(Weight::Bold);
                let letter = self.letters[cell.color.index()];
                self.mono_letter(
                    Point::new(rect.x + inset, baseline),
                    letter,
                    size,
                    room,
                    owner,
                );
            }
        }
        self.canvas.about = About::Board;
    }

    /// The column letters over the grid, `height` high and `gap` above it;
    /// the start column's is dark, with "start" over it.
    pub(super) fn column_heads(&mut self, at: &Placement, height: f32, gap: f32) {
        let f = self.t.fonts;
        let y = at.origin.y - gap - height;
        let size = (f.heading * 1.35).min(height * 0.7);
        for c in 0..self.board.columns {
            self.canvas.about = About::Column(c);
            let r = Rect::new(at.origin.x + c as f32 * at.cell, y, at.cell, height);
            let name = Board::column_name(c);
            let start = c == self.board.start_column;
            let (fill, ink) = if start {
                (INK, Rgb::WHITE)
            } else {
                (Rgb::WHITE, INK)
            };
            let owner = self.square(
                r,
                fill,
                self.t.lines.boxes,
                format!("the letter box of column {name}"),
            );
            self.centred(r, name.clone(), size, Weight::Bold, ink, owner);
            if start {
                let mut t = text(
                    Point::new(r.center().x, y - f.text * 0.4),
                    self.canvas.lang.word(super::words::START_MARK),
                    f.text,
                    Weight::Bold,
                    Anchor::Middle,
                );
                t.max_width = Some(at.cell * 1.8);
                self.label(t, None);
            }
        }
        self.canvas.about = About::Board;
    }

    /// Each column's points under the grid, `gap` below it: the first
    /// player's over everyone else's, in rows `height` high, labelled in
    /// the `side` left of the grid.
    pub(super) fn column_points(&mut self, at: &Placement, gap: f32, height: f32, side: f32) {
        let f = self.t.fonts;
        let top = at.origin.y + self.board.rows as f32 * at.cell + gap;
        let size = (f.heading * 1.2).min(height * 0.75);
        for (row, (label, fill, weight)) in [
            (super::words::FIRST, Rgb::WHITE, Weight::Bold),
            (super::words::LATER, LATER, Weight::Regular),
        ]
        .into_iter()
        .enumerate()
        {
            let y = top + row as f32 * height;
            let mut t = text(
                Point::new(
                    at.origin.x - f.text * 0.6 - self.t.lines.region / 2.0,
                    centred_baseline(y + height / 2.0, f.text, Weight::Bold),
                ),
                self.canvas.lang.word(label),
                f.text,
                Weight::Bold,
                Anchor::End,
            );
            t.max_width = Some(side - f.text * 0.6);
            self.label(t, None);
            for c in 0..self.board.columns {
                self.canvas.about = About::Column(c);
                let Some(points) = self.board.column_points.get(c) else {
                    continue;
                };
                let value = if row == 0 { points.first } else { points.later };
                let r = Rect::new(at.origin.x + c as f32 * at.cell, y, at.cell, height);
                let owner = self.square(
                    r,
                    fill,
                    self.t.lines.boxes,
                    format!(
                        "the {} points of column {}",
                        ["first", "later"][row],
                        Board::column_name(c)
                    ),
                );
                self.centred(r, value.to_string(), size, weight, INK, owner);
            }
            self.canvas.about = About::Board;
        }
    }
}
