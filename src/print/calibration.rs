//! The calibration page (`rollx print --calibration`): two pages of a
//! template, to print once, double-sided, before a pad of 100. The front
//! has a 100 mm ruler each way (a printer that scales the page shows it at
//! once), each sheet's cut and margins and the printer's margin as the
//! template has them, and registration crosses; the back has the same
//! crosses, placed symmetrically about both middle lines of the page, so
//! that they fall on the front's whichever edge the paper flips on.

use super::checks::missing_glyphs;
use super::pad::Locale;
use super::paging::{INK, Imposition, SOFT};
use super::rules::wrap;
use super::template::{Template, mm};
use crate::diag::Diagnostic;
use crate::lang::sheet;
use crate::scene::{
    Anchor, Document, Item, Page, Path, Point, Rect, Rgb, Stroke, Style, Text, Weight,
};

/// The length of each ruler, in mm.
pub(crate) const RULER_MM: f32 = 100.0;

/// Where the registration crosses are, on both pages: the middle of the
/// page, and four points symmetric about both of its middle lines.
pub fn crosses(t: &Template) -> Vec<Point> {
    let imp = Imposition::of(t);
    let (cx, cy) = (imp.width / 2.0, imp.height / 2.0);
    let (dx, dy) = (imp.width / 2.0 - mm(18.0), imp.height / 2.0 - mm(18.0));
    vec![
        Point::new(cx, cy),
        Point::new(cx - dx, cy - dy),
        Point::new(cx + dx, cy - dy),
        Point::new(cx - dx, cy + dy),
        Point::new(cx + dx, cy + dy),
    ]
}

/// The calibration page of `t` in `locale`: front and back.
pub fn calibration_page(t: &Template, locale: &Locale) -> Result<Document, Vec<Diagnostic>> {
    let lang = locale.lang();
    let fonts = locale.fonts();
    let imp = Imposition::of(t);
    let (w, h) = (imp.width, imp.height);
    let size = t.fonts.text.max(6.0);
    let text = |pos: Point, content: String, size: f32, weight: Weight, anchor: Anchor| {
        Item::Text(Text {
            pos,
            content,
            size,
            weight,
            color: INK,
            anchor,
            max_width: None,
            fonts: fonts.clone(),
        })
    };
    let cross = |at: Point| {
        let r = mm(5.0);
        let mut p = Path::line(Point::new(at.x - r, at.y), Point::new(at.x + r, at.y));
        p.segs
            .extend(Path::line(Point::new(at.x, at.y - r), Point::new(at.x, at.y + r)).segs);
        p.segs
            .extend(Path::rect(Rect::new(at.x - r / 2.0, at.y - r / 2.0, r, r)).segs);
        Item::Path(p, Style::stroke(Stroke::solid(INK, 0.3)))
    };

    // The front.
    let mut front = Vec::new();
    // What the printer cannot print, in light grey.
    let pm = t.printer_margin;
    if pm > 0.0 {
        for r in [
            Rect::new(0.0, 0.0, w, pm),
            Rect::new(0.0, h - pm, w, pm),
            Rect::new(0.0, pm, pm, h - 2.0 * pm),
            Rect::new(w - pm, pm, pm, h - 2.0 * pm),
        ] {
            front.push(Item::Path(Path::rect(r), Style::fill(Rgb::grey(225))));
        }
    }
    // Each sheet's cut (dashed) and its margins (dotted).
    let m = t.margins;
    for r in &imp.trims {
        front.push(Item::Path(
            Path::rect(*r),
            Style::stroke(Stroke::dashed(SOFT, 0.5, &[4.0, 3.0])),
        ));
        front.push(Item::Path(
            Path::rect(Rect::new(
                r.x + m.left,
                r.y + m.top,
                r.w - m.left - m.right,
                r.h - m.top - m.bottom,
            )),
            Style::stroke(Stroke::dashed(SOFT, 0.5, &[1.0, 2.0])),
        ));
    }
    // The rulers: from a corner of the first sheet's safe zone, along
    // and down, a tick each millimetre (longer each 5 and 10, numbered
    // each 10).
    // The ruler down keeps clear of the crosses at the page's left (their
    // arms reach 5 mm, the ruler's numbers about as far).
    let marks = crosses(t);
    let first = imp.trims[0];
    let origin = Point::new(
        (first.x + m.left + mm(8.0)).max(marks[1].x + mm(14.0)),
        first.y + m.top + mm(22.0),
    );
    let mut ticks = Path::line(origin, Point::new(origin.x + mm(RULER_MM), origin.y));
    ticks
        .segs
        .extend(Path::line(origin, Point::new(origin.x, origin.y + mm(RULER_MM))).segs);
    for k in 0..=RULER_MM as u32 {
        let long = if k % 10 == 0 {
            mm(4.0)
        } else if k % 5 == 0 {
            mm(2.5)
        } else {
            mm(1.5)
        };
        let d = mm(k as f32);
        ticks.segs.extend(
            Path::line(
                Point::new(origin.x + d, origin.y),
                Point::new(origin.x + d, origin.y - long),
            )
            .segs,
        );
        ticks.segs.extend(
            Path::line(
                Point::new(origin.x, origin.y + d),
                Point::new(origin.x - long, origin.y + d),
            )
            .segs,
        );
        if k % 10 == 0 && k > 0 {
            front.push(text(
                Point::new(origin.x + d, origin.y - mm(5.0)),
                k.to_string(),
                6.0,
                Weight::Regular,
                Anchor::Middle,
            ));
            front.push(text(
                Point::new(origin.x - mm(5.0), origin.y + d + 2.0),
                k.to_string(),
                6.0,
                Weight::Regular,
                Anchor::End,
            ));
        }
    }
    front.push(Item::Path(ticks, Style::stroke(Stroke::solid(INK, 0.3))));
    front.push(text(
        Point::new(origin.x + mm(RULER_MM) + mm(3.0), origin.y + 2.0),
        format!("{} mm", RULER_MM as u32),
        6.0,
        Weight::Regular,
        Anchor::Start,
    ));
    // What to look for.
    let left = origin.x + mm(12.0);
    let mut y = origin.y + mm(14.0);
    front.push(text(
        Point::new(left, y),
        format!("{} ({})", lang.word(sheet::CALIBRATION_TITLE), t.name),
        t.fonts.title.min(14.0),
        Weight::Bold,
        Anchor::Start,
    ));
    y += size * 2.2;
    let width = first.right() - m.right - mm(4.0) - left;
    for key in [
        sheet::CALIBRATION_SCALE,
        sheet::CALIBRATION_MARGINS,
        sheet::CALIBRATION_BACK,
    ] {
        for line in wrap(lang.word(key), width, size, Weight::Regular, &fonts) {
            front.push(text(
                Point::new(left, y),
                line,
                size,
                Weight::Regular,
                Anchor::Start,
            ));
            y += size * 1.35;
        }
        y += size * 0.6;
    }
    front.extend(marks.iter().map(|&at| cross(at)));

    // The back: the crosses, and the word.
    let mut back: Vec<Item> = marks.into_iter().map(cross).collect();
    back.push(text(
        Point::new(w / 2.0, h / 2.0 + mm(12.0)),
        lang.word(sheet::CALIBRATION_BACK_SIDE).to_string(),
        size,
        Weight::Bold,
        Anchor::Middle,
    ));

    let page = |items: Vec<Item>| Page {
        width: w,
        height: h,
        items,
        boxes: imp.boxes(),
    };
    let doc = Document {
        title: lang.word(sheet::CALIBRATION_TITLE).to_string(),
        author: None,
        created: None,
        symbols: Vec::new(),
        pages: vec![page(front), page(back)],
    };
    let problems = missing_glyphs(&doc);
    if problems.is_empty() {
        Ok(doc)
    } else {
        Err(problems)
    }
}
