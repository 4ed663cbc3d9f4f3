//! The scoring strip under the grid. Row 1: each colour's bonus boxes
//! (a swatch, the first player's points, everyone else's) and the joker
//! ("!") boxes. Row 2: the score block (colour bonuses + columns + jokers
//! left - 2 x open stars = total, boxes to fill in under their labels) and
//! the solo game's roll tally (one box per roll, in fives).

use super::draw::{LATER, Sheet, centred_baseline, mm};
use super::layout::About;
use super::words;
use crate::encore::ColorId;
use crate::print::Drawing;
use crate::print::INK;
use crate::print::mono::hatch;
use crate::print::text;
use crate::scene::{Anchor, Item, Path, Point, Rect, Rgb, Stroke, Style, Weight};

/// One box of the score block.
struct Term {
    /// What comes before it (`+`, `=`), if anything, and the width of
    /// its place.
    op: Option<(String, f32)>,
    /// Its label, over it.
    label: &'static str,
    /// Its label in English, for the print checks' messages.
    english: &'static str,
    /// Its width.
    width: f32,
}

/// The solo tally's boxes, in rows.
struct Tally {
    /// The rolls.
    boxes: usize,
    /// Boxes in a row.
    per_row: usize,
    /// Rows.
    rows: usize,
}

/// The strip, measured before it is drawn (its height decides the grid's
/// size).
pub(super) struct Strip {
    /// Side of the colour bonus and joker boxes.
    bonus: f32,
    /// Between the two rows.
    row_gap: f32,
    /// Height of a label line over the score boxes and the tally.
    label_h: f32,
    /// Height of the score boxes.
    score_h: f32,
    terms: Vec<Term>,
    tally: Option<Tally>,
    /// The template's heading size (the tally's boxes follow it).
    heading: f32,
    /// Where the strip's left and right edges are.
    left: f32,
    right: f32,
    /// Whether everything fits between them.
    pub(super) fits: bool,
}

/// Side of a tally box, its gap, and the extra gap after every five, for
/// heading size `heading`.
fn tally_sizes(heading: f32) -> (f32, f32, f32) {
    let side = heading * 1.3;
    (side, side * 0.25, side * 0.5)
}

/// The width of `n` tally boxes in a row.
fn tally_width(n: usize, heading: f32) -> f32 {
    let (side, gap, group) = tally_sizes(heading);
    if n == 0 {
        return 0.0;
    }
    n as f32 * side + (n - 1) as f32 * gap + ((n - 1) / 5) as f32 * group
}

/// Space between the score block and the tally, and between the colour
/// bonuses and the jokers.
fn apart(heading: f32) -> f32 {
    heading * 2.0
}

impl Strip {
    /// Measures the strip of the sheet `s` between `left` and `right`.
    pub(super) fn plan(s: &Sheet<'_>, left: f32, right: f32) -> Strip {
        let f = s.t.fonts;
        let board = s.board;
        let lang = s.canvas.lang;
        let op_size = f.heading * 1.3;
        let op = |o: String| {
            let w = s.canvas.fonts.width(&o, op_size, Weight::Bold) + f.heading * 1.2;
            Some((o, w))
        };
        let mut terms = vec![Term {
            op: None,
            label: lang.word(words::SCORE_COLOURS),
            english: "Colours",
            width: 0.0,
        }];
        terms.push(Term {
            op: op("+".into()),
            label: lang.word(words::SCORE_COLUMNS),
            english: "Columns",
            width: 0.0,
        });
        if board.jokers > 0 {
            terms.push(Term {
                op: op("+".into()),
                label: lang.word(words::SCORE_JOKERS),
                english: "Jokers left",
                width: 0.0,
            });
        }
        if board.star_penalty > 0 && board.cells.iter().any(|c| c.star) {
            terms.push(Term {
                op: op(format!("\u{2212} {} \u{d7}", board.star_penalty)),
                label: lang.word(words::SCORE_STARS),
                english: "Open stars",
                width: 0.0,
            });
        }
        terms.push(Term {
            op: op("=".into()),
            label: lang.word(words::SCORE_TOTAL),
            english: "Total",
            width: 0.0,
        });
        for t in &mut terms {
            t.width =
                (s.canvas.fonts.width(t.label, f.text, Weight::Bold) + f.text).max(f.heading * 4.2);
        }
        let mut strip = Strip {
            bonus: f.heading * 2.0,
            row_gap: f.text,
            label_h: f.text * 1.5,
            score_h: f.heading * 2.4,
            terms,
            tally: None,
            heading: f.heading,
            left,
            right,
            fits: true,
        };
        let width = right - left;
        strip.fits = strip.bonus_width(s) <= width;
        let boxes = usize::from(board.solo_rolls);
        if boxes > 0 {
            // As many boxes in a row as fit beside the score block, in
            // fives, the rows as even as can be.
            let room = width - strip.score_width() - apart(f.heading);
            let fit = (1..=boxes)
                .take_while(|&n| tally_width(n, f.heading) <= room)
                .last();
            strip.fits &= fit.is_some();
            let mut fit = fit.unwrap_or(boxes);
            if fit >= 5 {
                fit -= fit % 5;
            }
            let per_row = boxes
                .div_ceil(boxes.div_ceil(fit))
                .div_ceil(5)
                .saturating_mul(5)
                .clamp(1, fit);
            strip.tally = Some(Tally {
                boxes,
                per_row,
                rows: boxes.div_ceil(per_row),
            });
        }
        strip
    }

    /// The width row 1 needs: the colour bonuses, and the joker boxes.
    fn bonus_width(&self, s: &Sheet<'_>) -> f32 {
        let h = s.t.fonts.heading;
        let b = self.bonus;
        let colors = s.board.colors.len() as f32;
        let mut w = s
            .canvas
            .fonts
            .width(s.canvas.lang.word(words::COLOUR_BONUS), h, Weight::Bold)
            + h * 0.8
            + colors * 3.5 * b
            - 0.5 * b;
        let jokers = f32::from(s.board.jokers);
        if jokers > 0.0 {
            w += apart(h)
                + s.canvas
                    .fonts
                    .width(s.canvas.lang.word(words::JOKERS), h, Weight::Bold)
                + h * 0.8
                + jokers * 1.25 * b
                - 0.25 * b;
        }
        w + s.t.lines.region
    }

    /// The width the strip needs as planned: row 1, or row 2 with its
    /// tally rows as they are.
    pub(super) fn needed_width(&self, s: &Sheet<'_>) -> f32 {
        let tally = self.tally.as_ref().map_or(0.0, |t| {
            apart(self.heading) + tally_width(t.per_row, self.heading)
        });
        self.bonus_width(s)
            .max(self.score_width() + tally + s.t.lines.region)
    }

    /// The score block's width.
    fn score_width(&self) -> f32 {
        self.terms
            .iter()
            .map(|t| t.width + t.op.as_ref().map_or(0.0, |(_, w)| *w))
            .sum()
    }

    /// The tally's height, with a gap under each row but the last.
    fn tally_height(&self) -> f32 {
        let (side, gap, _) = tally_sizes(self.heading);
        self.tally
            .as_ref()
            .map_or(0.0, |t| t.rows as f32 * (side + gap) - gap)
    }

    /// The strip's height.
    pub(super) fn height(&self) -> f32 {
        self.bonus + self.row_gap + self.label_h + self.score_h.max(self.tally_height())
    }

    /// Draws the strip on `s` from `top` down.
    pub(super) fn draw(&self, s: &mut Sheet<'_>, top: f32) {
        self.bonus_row(s, top);
        self.score_row(s, top + self.bonus + self.row_gap);
        s.canvas.about = About::Board;
    }

    /// Row 1: "Colour bonus" and each colour's swatch and points, left;
    /// "Jokers" and the joker boxes, right.
    fn bonus_row(&self, s: &mut Sheet<'_>, y: f32) {
        let f = s.t.fonts;
        let b = self.bonus;
        let mid = y + b / 2.0;
        let line = s.t.lines.boxes;
        let heading = |s: &mut Sheet<'_>, x: f32, content: &str, anchor: Anchor| {
            s.label(
                text(
                    Point::new(x, centred_baseline(mid, f.heading, Weight::Bold)),
                    content,
                    f.heading,
                    Weight::Bold,
                    anchor,
                ),
                None,
            );
        };
        s.canvas.about = About::Board;
        let start = self.left + line / 2.0;
        let lang = s.canvas.lang;
        heading(s, start, lang.word(words::COLOUR_BONUS), Anchor::Start);
        let mut x = start
            + s.canvas
                .fonts
                .width(lang.word(words::COLOUR_BONUS), f.heading, Weight::Bold)
            + f.heading * 0.8;
        let size = f.heading * 1.1;
        for (i, color) in s.board.colors.iter().enumerate() {
            s.canvas.about = About::Color(ColorId(i as u8));
            let Some(points) = s.board.color_bonus.get(i).copied() else {
                continue;
            };
            let swatch = Rect::new(x, y, b, b);
            let owner = s.square(
                swatch,
                s.colors[i].1,
                line,
                format!("the swatch of {}", color.name),
            );
            if s.mono {
                s.canvas.items.push(Item::Clip(
                    Path::rect(swatch),
                    hatch(i, swatch, s.t.hatch_line()),
                ));
                s.canvas.items.push(Item::Path(
                    Path::rect(swatch),
                    Style::stroke(Stroke::solid(INK, line)),
                ));
                let letter = s.letters[i];
                let w = s
                    .canvas
                    .fonts
                    .width(&letter.to_string(), f.heading, Weight::Bold);
                let at = Point::new(
                    swatch.center().x - w / 2.0,
                    centred_baseline(mid, f.heading, Weight::Bold),
                );
                s.mono_letter(at, letter, f.heading, b - 2.0, owner);
            }
            for (k, (value, fill, weight, which)) in [
                (points.first, Rgb::WHITE, Weight::Bold, "first"),
                (points.later, LATER, Weight::Regular, "later"),
            ]
            .into_iter()
            .enumerate()
            {
                let r = Rect::new(x + (k + 1) as f32 * b, y, b, b);
                let owner = s.square(
                    r,
                    fill,
                    line,
                    format!("the {which} bonus of {}", color.name),
                );
                s.centred(r, value.to_string(), size, weight, INK, owner);
            }
            x += 3.5 * b;
        }
        let left_end = x - 0.5 * b;

        let jokers = usize::from(s.board.jokers);
        if jokers == 0 {
            return;
        }
        s.canvas.about = About::Jokers;
        let step = b * 1.25;
        let width = jokers as f32 * step - (step - b);
        let first = self.right - line / 2.0 - width;
        let label_x = first - f.heading * 0.8;
        let label_w = s
            .canvas
            .fonts
            .width(lang.word(words::JOKERS), f.heading, Weight::Bold);
        if label_x - label_w < left_end + apart(f.heading) - 0.01 {
            s.canvas.overflows.push((
                format!(
                    "the colour bonus boxes and the {jokers} joker boxes need {:.0} mm but the sheet is {:.0} mm wide",
                    mm(self.bonus_width(s)),
                    mm(self.right - self.left)
                ),
                About::Jokers,
            ));
            return;
        }
        heading(s, label_x, lang.word(words::JOKERS), Anchor::End);
        for k in 0..jokers {
            let r = Rect::new(first + k as f32 * step, y, b, b);
            let owner = s.round(r, format!("joker box {}", k + 1));
            s.centred(r, "!", size, Weight::Bold, INK, owner);
        }
    }

    /// Row 2: the score block, left; the solo tally, right.
    fn score_row(&self, s: &mut Sheet<'_>, y: f32) {
        let f = s.t.fonts;
        let lines = s.t.lines;
        let box_top = y + self.label_h;
        let mid = box_top + self.score_h / 2.0;
        s.canvas.about = About::Score;
        let mut x = self.left + lines.region / 2.0;
        for term in &self.terms {
            if let Some((op, width)) = &term.op {
                let size = f.heading * 1.3;
                s.label(
                    text(
                        Point::new(x + width / 2.0, centred_baseline(mid, size, Weight::Bold)),
                        op.clone(),
                        size,
                        Weight::Bold,
                        Anchor::Middle,
                    ),
                    None,
                );
                x += width;
            }
            let r = Rect::new(x, box_top, term.width, self.score_h);
            let line = if term.english == "Total" {
                lines.region
            } else {
                lines.boxes
            };
            s.square(r, Rgb::WHITE, line, format!("the \"{}\" box", term.english));
            s.label(
                text(
                    Point::new(r.center().x, y + f.text),
                    term.label,
                    f.text,
                    Weight::Bold,
                    Anchor::Middle,
                ),
                None,
            );
            x += term.width;
        }

        let Some(tally) = &self.tally else {
            return;
        };
        s.canvas.about = About::Solo;
        let (side, gap, group) = tally_sizes(f.heading);
        let width = tally_width(tally.per_row, f.heading);
        let left = self.right - lines.boxes / 2.0 - width;
        if left < x + apart(f.heading) {
            s.canvas.overflows.push((
                format!(
                    "the score block and the {} solo roll boxes need {:.0} mm but the sheet is {:.0} mm wide",
                    tally.boxes,
                    mm(x - self.left + apart(f.heading) + width),
                    mm(self.right - self.left)
                ),
                About::Solo,
            ));
            return;
        }
        let mut label = text(
            Point::new(left, y + f.text),
            s.canvas.lang.fill(words::SOLO, &[("rolls", &tally.boxes)]),
            f.text,
            Weight::Bold,
            Anchor::Start,
        );
        label.max_width = Some(self.right - left);
        s.label(label, None);
        for k in 0..tally.boxes {
            let (row, col) = (k / tally.per_row, k % tally.per_row);
            let r = Rect::new(
                left + col as f32 * (side + gap) + (col / 5) as f32 * group,
                box_top + row as f32 * (side + gap),
                side,
                side,
            );
            s.square(
                r,
                Rgb::WHITE,
                lines.boxes,
                format!("solo roll box {}", k + 1),
            );
        }
    }
}
