//! Drawing on one Encore sheet: boxes, round boxes and texts, each
//! recorded as a mark for the print checks (through
//! [`crate::print::Drawing`]; texts that do not fit as overflows).

use super::layout::About;
use crate::encore::Board;

use crate::print::{Canvas, Drawing, INK, MarkKind, Template, text};
use crate::scene::{Anchor, Item, Path, Point, Rect, Rgb, Stroke, Style, Text, Weight};

/// The fill of "later" point boxes, a shade under the "first" ones.
pub(super) const LATER: Rgb = Rgb::grey(232);

/// Millimetres, for messages.
pub(super) fn mm(points: f32) -> f32 {
    points * 25.4 / 72.0
}

/// The baseline that centres capitals of `size` vertically on `mid`.
pub(super) fn centred_baseline(mid: f32, size: f32, weight: Weight) -> f32 {
    mid + size * crate::scene::font::cap_height(weight) / 2.0
}

/// A sheet being drawn: its items and what the checks need.
pub(super) struct Sheet<'a> {
    pub(super) board: &'a Board,
    pub(super) t: &'a Template,
    pub(super) mono: bool,
    /// Each colour's id and printed colour (white in black and white).
    pub(super) colors: Vec<(String, Rgb)>,
    /// Each colour's letter on black-and-white sheets.
    pub(super) letters: Vec<char>,
    /// The sheet's size.
    pub(super) w: f32,
    pub(super) h: f32,
    /// What has been drawn, and what the print checks learn from it.
    pub(super) canvas: Canvas<About>,
}

crate::print::drawing_on_canvas!(Sheet<'_>, About);

impl Sheet<'_> {
    /// Draws a box (filled, outlined with `line`) and records it; returns
    /// its mark.
    pub(super) fn square(
        &mut self,
        r: Rect,
        fill: Rgb,
        line: f32,
        what: impl Into<String>,
    ) -> usize {
        self.canvas.items.push(Item::Path(
            Path::rect(r),
            Style::fill_stroke(fill, Stroke::solid(INK, line)),
        ));
        self.mark(MarkKind::Box, what, r, None)
    }

    /// Writes a colour's black-and-white letter at `pos` (its baseline's
    /// start) in the box `owner`, on a white patch so that hatching does
    /// not run through it, at most `room` wide.
    pub(super) fn mono_letter(
        &mut self,
        pos: Point,
        letter: char,
        size: f32,
        room: f32,
        owner: usize,
    ) {
        let mut t = text(pos, letter.to_string(), size, Weight::Bold, Anchor::Start);
        t.max_width = Some(room);
        let patch = t.bounds().inflate(size * 0.1);
        self.canvas
            .items
            .push(Item::Path(Path::rect(patch), Style::fill(Rgb::WHITE)));
        self.label(t, Some(owner));
    }

    /// Draws a round box in the square `r` and records it; returns its mark.
    pub(super) fn round(&mut self, r: Rect, what: impl Into<String>) -> usize {
        self.canvas.items.push(Item::Path(
            Path::circle(r.center(), r.w / 2.0),
            Style::fill_stroke(Rgb::WHITE, Stroke::solid(INK, self.t.lines.boxes)),
        ));
        self.mark(MarkKind::Box, what, r, None)
    }

    /// Writes `content` centred in the box `r` (mark `owner`), fitted to
    /// the box less a small inset.
    pub(super) fn centred(
        &mut self,
        r: Rect,
        content: impl Into<String>,
        size: f32,
        weight: Weight,
        color: Rgb,
        owner: usize,
    ) -> usize {
        let inset = (r.w * 0.08).max(1.0);
        let mut t = Text {
            color,
            ..text(
                Point::new(r.center().x, centred_baseline(r.center().y, size, weight)),
                content,
                size,
                weight,
                Anchor::Middle,
            )
        };
        t.max_width = Some(r.w - 2.0 * inset);
        self.label(t, Some(owner))
    }
}

/// A five-pointed star centred on `c`, its points `r` from the centre.
pub(super) fn star(c: Point, r: f32) -> Path {
    let inner = r * 0.45;
    let points: Vec<Point> = (0..10)
        .map(|k| {
            let radius = if k % 2 == 0 { r } else { inner };
            let angle = (-90.0 + 36.0 * k as f32).to_radians();
            Point::new(c.x + radius * angle.cos(), c.y + radius * angle.sin())
        })
        .collect();
    Path::polygon(&points)
}
