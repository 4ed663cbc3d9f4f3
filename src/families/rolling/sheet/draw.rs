//! Drawing one sheet: its header (the map's name, the player's name, the
//! round track), its footer (power tick boxes, "Number of X's", legend),
//! writing boxes and links, each recorded for the print checks.

use super::layout::About;
use super::words;
use crate::print::{Canvas, Capacity, Drawing, MarkKind, text};
type LinkView = crate::print::LinkView<About>;
type LeaderView = crate::print::LeaderView<About>;
use crate::print::Template;
use crate::rolling::map::{AreaId, Layout, Map};
use crate::scene::{Anchor, Item, Path, Point, Rect, Rgb, Stroke, Style, Text, Weight};

pub(super) use crate::print::INK;
pub(super) use crate::print::SOFT;
pub(super) const LINK: Rgb = Rgb::new(21, 101, 192);

/// Whether an area's id, printed as its code, fits a writing box of the
/// smallest size the template allows (its `min_box`), with the code at its
/// smallest and, as on a black-and-white sheet, a region
/// letter beside it: an id that does not may leave a map that will not
/// print (`rollx import` warns about it).
pub(crate) fn id_fits(id: &str, t: &Template) -> bool {
    let size = t.min_box;
    let inset = Sheet::inset(size);
    let letter =
        crate::scene::text_width("W", t.fonts.code, Weight::Bold) + Sheet::letter_gap(size);
    let room = size - 2.0 * inset - letter;
    crate::scene::text_width(id, t.shrink_floor(t.fonts.code), Weight::Regular) <= room
}

/// One entry of the dice key: the region whose swatch it shows (none for
/// the wild die), its words, and its width on the sheet.
pub(super) struct KeyEntry {
    region: Option<usize>,
    words: String,
    width: f32,
}

/// A sheet being laid out: its items and what the checks need.
pub(super) struct Sheet<'a> {
    pub(super) map: &'a Map,
    /// Diagram layouts worked out before, for maps without a grid.
    pub(super) diagrams: &'a mut super::auto::Cache,
    pub(super) t: &'a Template,
    pub(super) mono: bool,
    pub(super) colors: Vec<(String, Rgb)>,
    /// Each region's letter on black-and-white sheets.
    pub(super) letters: Vec<char>,
    pub(super) w: f32,
    pub(super) h: f32,
    pub(super) box_size: f32,
    /// Font size of the area codes.
    pub(super) code_size: f32,
    /// What has been drawn, and what the print checks learn from it.
    pub(super) canvas: Canvas<About>,
    pub(super) links: Vec<LinkView>,
    /// Callouts' leader lines (atlas sheets).
    pub(super) leaders: Vec<LeaderView>,
    pub(super) capacity: Capacity,
}

crate::print::drawing_on_canvas!(Sheet<'_>, About);

impl Sheet<'_> {
    /// Draws a link's line (dashed) and records how much of it shows
    /// outside `covers` (writing boxes or frames drawn over it), and the
    /// areas other than its own that it runs across (`crossed`).
    pub(super) fn link(
        &mut self,
        a: AreaId,
        b: AreaId,
        path: Path,
        covers: &[Rect],
        crossed: &[AreaId],
    ) {
        let (length, visible) = visible_length(&path, covers);
        // The straight distance between its ends, to tell a detour.
        let direct = match (path.segs.first(), path.segs.last()) {
            (Some(first), Some(last)) => {
                let (p, q) = (seg_end(first), seg_end(last));
                (q.x - p.x).hypot(q.y - p.y)
            }
            _ => 0.0,
        };
        self.canvas.about = About::Link(a, b);
        let color = if self.mono { INK } else { LINK };
        self.canvas.items.push(Item::Path(
            path,
            Style::stroke(Stroke::dashed(color, self.t.lines.link, &[3.0, 2.0])),
        ));
        self.links.push(LinkView {
            between: [self.map.area(a).id.clone(), self.map.area(b).id.clone()],
            length,
            direct,
            visible,
            crosses: crossed
                .iter()
                .map(|&x| self.map.area(x).id.clone())
                .collect(),
            about: About::Link(a, b),
        });
    }

    /// Row 1: the map's name, and a line for the player's name. Row 2: a
    /// reminder of the rule, and the round track. Returns the height.
    pub(super) fn header(&mut self) -> f32 {
        let f = self.t.fonts;
        let info = &self.map.info;
        let title = info
            .names
            .title(self.canvas.lang)
            .unwrap_or(&info.name)
            .to_string();
        let title_y = self.title_line(self.t, self.w, title);
        let end = self.w - self.t.lines.boxes / 2.0;

        self.canvas.about = About::Rounds;
        // Round track, right of row 2: one row of boxes, or several when
        // one row would take more than half the sheet's width.
        let rounds = usize::from(self.map.rules.rounds);
        let rb = f.heading * 1.7;
        let gap = rb * 0.2;
        let top = title_y + f.text * 0.9;
        let fit = (((self.w * 0.5 + gap) / (rb + gap)).floor() as usize).max(1);
        let rows = rounds.div_ceil(fit);
        let per_row = rounds.div_ceil(rows);
        let x0 = end - per_row as f32 * (rb + gap) + gap;
        for i in 0..rounds {
            let x = x0 + (i % per_row) as f32 * (rb + gap);
            let y = top + (i / per_row) as f32 * (rb + gap);
            let round_box = Rect::new(x, y, rb, rb);
            self.canvas.items.push(Item::Path(
                Path::rect(round_box),
                Style::fill_stroke(Rgb::WHITE, Stroke::solid(INK, self.t.lines.boxes)),
            ));
            let owner = self.mark(
                MarkKind::Box,
                format!("round box {}", i + 1),
                round_box,
                None,
            );
            self.label(
                Text {
                    color: SOFT,
                    ..text(
                        Point::new(x + 1.5, y + f.small * 0.9 + 0.5),
                        (i + 1).to_string(),
                        f.small,
                        Weight::Regular,
                        Anchor::Start,
                    )
                },
                Some(owner),
            );
        }
        let label_x = x0 - 4.0;
        self.label(
            text(
                Point::new(label_x, top + rb / 2.0 + f.heading * 0.35),
                self.canvas.lang.word(words::ROUND),
                f.heading,
                Weight::Bold,
                Anchor::End,
            ),
            None,
        );

        // Rule reminder, left of row 2 (squeezed by the round track).
        let round_label =
            self.canvas
                .fonts
                .width(self.canvas.lang.word(words::ROUND), f.heading, Weight::Bold);
        let mut reminder = text(
            Point::new(0.0, top + rb / 2.0 + f.text * 0.35),
            self.canvas.lang.word(words::RULE),
            f.text,
            Weight::Regular,
            Anchor::Start,
        );
        reminder.max_width = Some(label_x - round_label - 8.0);
        self.label(reminder, None);
        self.canvas.about = About::Map;
        top + rows as f32 * (rb + gap) - gap
    }

    /// The dice key's entries: each region's die (a swatch of the region
    /// as the sheet fills it, and [`crate::rolling::map::Region::die_text`]),
    /// then the wild die; each with its width on the sheet.
    fn dice_key(&self) -> Vec<KeyEntry> {
        let small = self.t.fonts.small;
        let width = |i: Option<usize>, text: &str| {
            let letter = match i {
                Some(r) if self.mono => {
                    self.canvas
                        .fonts
                        .width(&self.letters[r].to_string(), small, Weight::Bold)
                        + small * 0.3
                }
                _ => 0.0,
            };
            small * 1.6 + letter + self.canvas.fonts.width(text, small, Weight::Regular)
        };
        let mut entries: Vec<KeyEntry> = self
            .map
            .regions
            .iter()
            .enumerate()
            .map(|(i, r)| {
                let words = r.die_text_in(self.canvas.lang, &self.map.info.names);
                let width = width(Some(i), &words);
                KeyEntry {
                    region: Some(i),
                    words,
                    width,
                }
            })
            .collect();
        let words = crate::rolling::map::wild_die_text(&self.map.rules.wild, self.canvas.lang);
        let width = width(None, &words);
        entries.push(KeyEntry {
            region: None,
            words,
            width,
        });
        entries
    }

    /// The dice key's entries in lines `width` wide, after the word
    /// "Dice:" (each line holds one entry at least), and whether every
    /// line fits.
    fn dice_key_lines(&self, width: f32) -> (Vec<Vec<KeyEntry>>, bool) {
        let small = self.t.fonts.small;
        let gap = small * 1.4;
        let mut x =
            self.canvas
                .fonts
                .width(self.canvas.lang.word(words::DICE), small, Weight::Bold)
                + gap * 0.6;
        let mut fits = true;
        let mut lines: Vec<Vec<KeyEntry>> = vec![Vec::new()];
        for entry in self.dice_key() {
            let line = lines.last_mut().expect("one line at least");
            if !line.is_empty() && x + entry.width > width {
                lines.push(Vec::new());
                x = 0.0;
            }
            x += entry.width;
            fits &= x <= width;
            x += gap;
            lines.last_mut().expect("one line at least").push(entry);
        }
        (lines, fits)
    }

    /// Draws the dice key's lines from baseline `base` down: which die
    /// fills which region, with a swatch of each region as the map shows
    /// it (its tint; in black and white its hatching and letter), so that
    /// a region named otherwise than its die (Outback, filled by the gold
    /// die), colour-blind players and mono pads can tell.
    /// The lines start at `left` and end at `right`.
    fn draw_dice_key(&mut self, lines: &[Vec<KeyEntry>], (left, right): (f32, f32), base: f32) {
        let small = self.t.fonts.small;
        let gap = small * 1.4;
        let line_h = small * 1.5;
        self.canvas.about = About::Map;
        let mut head = text(
            Point::new(left, base),
            self.canvas.lang.word(words::DICE),
            small,
            Weight::Bold,
            Anchor::Start,
        );
        head.max_width = Some(right - left);
        self.label(head, None);
        for (n, line) in lines.iter().enumerate() {
            let y = base + n as f32 * line_h;
            let mut x = left
                + if n == 0 {
                    self.canvas
                        .fonts
                        .width(self.canvas.lang.word(words::DICE), small, Weight::Bold)
                        + gap * 0.6
                } else {
                    0.0
                };
            for KeyEntry {
                region,
                words,
                width,
            } in line
            {
                if let Some(r) = *region {
                    self.canvas.about = About::Region(crate::rolling::map::RegionId(r as u8));
                }
                let side = small * 1.1;
                // Inset by half its line, drawn centred on the edges.
                let half = self.t.lines.area / 2.0;
                let swatch = Rect::new(x + half, y - side * 0.85, side, side);
                let fill = region.map_or(Rgb::WHITE, |r| self.colors[r].1);
                self.canvas.items.push(Item::Path(
                    Path::rect(swatch),
                    Style::fill_stroke(fill, Stroke::solid(INK, self.t.lines.area)),
                ));
                if let Some(r) = *region
                    && self.mono
                {
                    self.canvas.items.push(Item::Clip(
                        Path::rect(swatch),
                        super::mono::hatch(r, swatch, self.t.hatch_line()),
                    ));
                }
                self.mark(
                    MarkKind::Box,
                    format!("the dice key's swatch of {words}"),
                    swatch,
                    None,
                );
                let mut tx = x + small * 1.6;
                if let Some(r) = *region
                    && self.mono
                {
                    let letter = self.letters[r].to_string();
                    let lw = self.canvas.fonts.width(&letter, small, Weight::Bold);
                    self.label(
                        text(
                            Point::new(tx, y),
                            letter,
                            small,
                            Weight::Bold,
                            Anchor::Start,
                        ),
                        None,
                    );
                    tx += lw + small * 0.3;
                }
                let mut t = text(
                    Point::new(tx, y),
                    words.clone(),
                    small,
                    Weight::Regular,
                    Anchor::Start,
                );
                t.max_width = Some((right - tx).max(0.0));
                self.label(t, None);
                x += width + gap;
                self.canvas.about = About::Map;
            }
        }
    }

    /// The power tick boxes and "Number of X's" in a row, and below them
    /// the dice key, the legend and the credit line. Returns the height.
    pub(super) fn footer(&mut self) -> f32 {
        let f = self.t.fonts;
        let tb = f.heading * 1.5;
        let xb = (tb * 2.6, tb * 1.6);
        let row_h = xb.1;
        let half = self.t.lines.region / 2.0;
        let room = self.w
            - xb.0
            - half
            - 5.0
            - self.canvas.fonts.width(
                self.canvas.lang.word(words::NUMBER_OF_X),
                f.heading,
                Weight::Bold,
            )
            - tb;
        // The dice key goes in the row, between the powers and "Number of
        // X's", where its lines fit there; on lines of its own otherwise.
        let line_h = f.small * 1.5;
        let key_left = self.powers_width(tb) + tb * 1.5;
        let (in_row, fits) = self.dice_key_lines(room - key_left);
        let (key, key_in_row) = if fits && in_row.len() as f32 * line_h <= row_h {
            (in_row, true)
        } else {
            (self.dice_key_lines(self.w).0, false)
        };
        let key_h = if key_in_row {
            0.0
        } else {
            line_h * key.len() as f32
        };
        let legend = self.legend();
        let credit = self.map.info.credit();
        let lines = crate::print::bottom_lines(self.t, self.w, &credit, &legend, &self.canvas);
        let legend_h = crate::print::bottom_height(self.t, &lines) + key_h;
        let top = self.h - row_h - 3.0 - legend_h;
        let mid = top + row_h / 2.0;

        // Number of X's, right.
        let xbox = Rect::new(self.w - xb.0 - half, top, xb.0, xb.1);
        self.canvas.items.push(Item::Path(
            Path::rect(xbox),
            Style::fill_stroke(Rgb::WHITE, Stroke::solid(INK, self.t.lines.region)),
        ));
        self.mark(MarkKind::Box, "the \"Number of X's\" box", xbox, None);
        self.label(
            text(
                Point::new(xbox.x - 5.0, mid + f.heading * 0.35),
                self.canvas.lang.word(words::NUMBER_OF_X),
                f.heading,
                Weight::Bold,
                Anchor::End,
            ),
            None,
        );

        // Power tick boxes, left, in what is left of the row: as many as
        // fit (a pad with fewer is refused by the print checks).
        self.canvas.about = About::Powers;
        let (mut x, mut drawn, mut ticks) = (0.0, 0, 0);
        for (power, count) in self.map.rules.powers.iter() {
            if count == 0 {
                continue;
            }
            let label = power.title_in(self.canvas.lang);
            let label_w = self.canvas.fonts.width(label, f.heading, Weight::Bold);
            if x + label_w <= room {
                self.label(
                    text(
                        Point::new(x, mid + f.heading * 0.35),
                        label,
                        f.heading,
                        Weight::Bold,
                        Anchor::Start,
                    ),
                    None,
                );
            }
            x += label_w + 4.0;
            for i in 0..count {
                ticks += 1;
                let tick = Rect::new(x, mid - tb / 2.0, tb, tb);
                if tick.right() <= room {
                    drawn += 1;
                    self.canvas.items.push(Item::Path(
                        Path::rect(tick),
                        Style::fill_stroke(Rgb::WHITE, Stroke::solid(INK, self.t.lines.boxes)),
                    ));
                    self.mark(MarkKind::Box, format!("{label} box {}", i + 1), tick, None);
                }
                x += tb + tb * 0.25;
            }
            x += tb * 1.2;
        }
        let need = x - tb * 1.2;
        if drawn < ticks {
            self.canvas.overflows.push((
                format!(
                    "the {ticks} power tick boxes need {:.0} mm but only {:.0} mm are left beside \"Number of X's\": {drawn} boxes fit at this heading size",
                    need * 25.4 / 72.0,
                    room * 25.4 / 72.0,
                ),
                About::Powers,
            ));
        }

        self.canvas.about = About::Map;
        // The dice key, the legend and the credit, bottom lines.
        let base = self.h - f.small * 0.35;
        if key_in_row {
            let first = mid - line_h * (key.len() as f32 - 1.0) / 2.0 + f.small * 0.35;
            self.draw_dice_key(&key, (key_left, room), first);
        } else {
            let first = base - line_h * (lines.len() + key.len() - 1) as f32;
            self.draw_dice_key(&key, (0.0, self.w), first);
        }
        self.bottom_line(self.t, self.w, base, &credit, &lines);
        row_h + 3.0 + legend_h
    }

    /// The legend's sentences: what a dashed box and a dashed line mean.
    fn legend(&self) -> Vec<String> {
        let mut legend: Vec<String> = Vec::new();
        if self.map.areas.iter().any(|a| a.immune) {
            legend.push(self.canvas.lang.word(words::LEGEND_IMMUNE).into());
        }
        if !self.map.links.is_empty() {
            // A diagram has no water; a grid or an atlas draws its links
            // through the sea (the print checks refuse one across land).
            legend.push(match self.map.layout {
                Layout::None => self.canvas.lang.word(words::LEGEND_LINK).into(),
                _ => self.canvas.lang.word(words::LEGEND_WATER).into(),
            });
        }
        legend
    }

    /// The width of the power tick boxes with their labels, in a row of
    /// tick boxes `tb` wide (as the footer draws them).
    fn powers_width(&self, tb: f32) -> f32 {
        let f = self.t.fonts;
        let mut x: f32 = 0.0;
        for (power, count) in self.map.rules.powers.iter() {
            if count == 0 {
                continue;
            }
            x += self
                .canvas
                .fonts
                .width(power.title_in(self.canvas.lang), f.heading, Weight::Bold)
                + 4.0;
            x += f32::from(count) * tb * 1.25 + tb * 1.2;
        }
        (x - tb * 1.2).max(0.0)
    }

    /// What an area's writing box prints: its label in the sheet's
    /// language (`[names.ja] labels`), else its id.
    pub(super) fn label_of(&self, area: AreaId) -> String {
        let a = self.map.area(area);
        self.map
            .info
            .names
            .get(self.canvas.lang, "labels", &a.id)
            .unwrap_or(&a.id)
            .to_string()
    }

    /// The margin between a writing box's edge and its code.
    fn inset(size: f32) -> f32 {
        (size * 0.07).max(1.0)
    }

    /// The gap between an area's code and, in black and white, its
    /// region letter, in a writing box of side `size`: half an inset.
    fn letter_gap(size: f32) -> f32 {
        Self::inset(size) / 2.0
    }

    /// The width a writing box of side `size` leaves for an area's code:
    /// the box less its insets and, in black and white, the region letter
    /// and a gap before it.
    fn code_room(&self, area: AreaId, size: f32) -> f32 {
        let inset = Self::inset(size);
        let mut room = size - 2.0 * inset;
        if self.mono {
            let letter = self.letters[self.map.area(area).region.index()].to_string();
            room -= self
                .canvas
                .fonts
                .width(&letter, self.t.fonts.code, Weight::Bold)
                + Self::letter_gap(size);
        }
        room
    }

    /// The font size of the area codes in writing boxes of side `size`:
    /// the template's, or smaller (down to [`Template::shrink_floor`] of it) so that
    /// the longest code fits; one size for the whole sheet.
    pub(super) fn fit_codes(&mut self, size: f32) {
        let full = self.t.fonts.code;
        let fit = self
            .map
            .area_ids()
            .map(|a| {
                let w = self
                    .canvas
                    .fonts
                    .width(&self.label_of(a), full, Weight::Regular);
                full * (self.code_room(a, size) / w.max(1e-3))
            })
            .fold(full, f32::min);
        self.code_size = fit.max(self.t.shrink_floor(full));
    }

    /// Draws an area's writing box (inside the mark `frame`, if any).
    pub(super) fn writing_box(
        &mut self,
        area: AreaId,
        center: Point,
        size: f32,
        frame: Option<usize>,
    ) {
        let a = self.map.area(area);
        self.canvas.about = About::Area(area);
        let r = Rect::new(center.x - size / 2.0, center.y - size / 2.0, size, size);
        let stroke = if a.immune {
            Stroke::dashed(INK, self.t.lines.boxes, &[2.0, 1.5])
        } else {
            Stroke::solid(INK, self.t.lines.boxes)
        };
        self.canvas.items.push(Item::Path(
            Path::rect(r),
            Style::fill_stroke(Rgb::WHITE, stroke),
        ));
        let owner = self.mark(
            MarkKind::WritingBox,
            format!("the writing box of {}", a.id),
            r,
            frame,
        );
        let inset = Self::inset(size);
        let base = r.y + inset + self.code_size * 0.75;
        let mut code = Text {
            color: SOFT,
            ..text(
                Point::new(r.x + inset, base),
                self.label_of(area),
                self.code_size,
                Weight::Regular,
                Anchor::Start,
            )
        };
        code.max_width = Some(self.code_room(area, size));
        self.label(code, Some(owner));
        if self.mono {
            let letter = self.letters[a.region.index()].to_string();
            self.label(
                text(
                    Point::new(r.right() - inset, base),
                    letter,
                    self.t.fonts.code,
                    Weight::Bold,
                    Anchor::End,
                ),
                Some(owner),
            );
        }
    }
}

/// The point a segment of a path ends at (a closing one: the origin).
fn seg_end(seg: &crate::scene::Seg) -> crate::scene::Point {
    use crate::scene::Seg;
    match *seg {
        Seg::MoveTo(p) | Seg::LineTo(p) | Seg::CubicTo(_, _, p) => p,
        Seg::Close => crate::scene::Point::new(0.0, 0.0),
    }
}

/// The length of a path, and the length of it outside every rectangle
/// of `covers`.
pub(super) fn visible_length(path: &Path, covers: &[Rect]) -> (f32, f32) {
    let (mut length, mut visible) = (0.0, 0.0);
    for line in path.flatten(16) {
        for w in line.windows(2) {
            let (p, q) = (w[0], w[1]);
            let len = (q.x - p.x).hypot(q.y - p.y);
            // Measure in short steps: each step's middle decides.
            let steps = (len / 0.25).ceil().max(1.0) as usize;
            for k in 0..steps {
                let t = (k as f32 + 0.5) / steps as f32;
                let m = Point::new(p.x + (q.x - p.x) * t, p.y + (q.y - p.y) * t);
                if !covers.iter().any(|r| r.contains_point(m)) {
                    visible += len / steps as f32;
                }
            }
            length += len;
        }
    }
    (length, visible)
}
