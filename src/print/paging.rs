//! Placing a sheet on pages: one or two sheets per page (with a cut line),
//! crop marks, as many pages as the pad needs. The sheet's artwork is one
//! [`Symbol`] drawn once and used on every page.

use super::draw::Credit;
use super::pad::Pad;
use super::template::{Template, mm};
use crate::scene::{Document, Item, Page, Path, Point, Rect, Rgb, Stroke, Style, Symbol};

/// The colour of ink on printed sheets.
pub const INK: Rgb = Rgb::grey(25);

/// The colour of secondary text (codes, the credit line).
pub const SOFT: Rgb = Rgb::grey(90);

/// The size of one sheet on the template's page, in points: the page
/// inside its margins, or half of it (less a gap) for two sheets a page.
pub fn sheet_size(t: &Template) -> (f32, f32) {
    let m = t.margins;
    let inner_w = t.page_width - m.left - m.right;
    let inner_h = t.page_height - m.top - m.bottom;
    if t.sheets_per_page.max(1) == 2 {
        (inner_w, (inner_h - (m.top + m.bottom)) / 2.0)
    } else {
        (inner_w, inner_h)
    }
}

/// A pad of `sheets` sheets: `symbol` (one sheet's artwork, of the size
/// [`sheet_size`] gives) placed on the template's pages, with `pad`'s
/// findings about the sheet kept (its document and place are filled in).
pub fn paginate<A>(
    credit: &Credit<'_>,
    symbol: Symbol,
    pad: Pad<A>,
    t: &Template,
    sheets: u32,
) -> Pad<A> {
    let m = t.margins;
    let (inner_w, sheet_h) = sheet_size(t);
    let per_page = u32::from(t.sheets_per_page.max(1));
    let gap = if per_page == 2 { m.top + m.bottom } else { 0.0 };
    let slots: Vec<Point> = (0..per_page)
        .map(|i| Point::new(m.left, m.top + i as f32 * (sheet_h + gap)))
        .collect();

    // Decorations: the cut line between two sheets, crop marks at corners.
    let mut decor = Vec::new();
    if per_page == 2 && t.cut_line {
        let y = m.top + sheet_h + gap / 2.0;
        let edge = t.printer_margin + 1.0;
        decor.push(Item::Path(
            Path::line(Point::new(edge, y), Point::new(t.page_width - edge, y)),
            Style::stroke(Stroke::dashed(Rgb::grey(120), 0.5, &[4.0, 3.0])),
        ));
    }
    if t.crop_marks {
        decor.push(crop_marks(t, &slots, (inner_w, sheet_h)));
    }

    let sheets = sheets.max(1);
    let pages = sheets.div_ceil(per_page);
    let mut document = Document {
        title: credit.name.to_string(),
        author: credit.author.map(str::to_string),
        created: None,
        symbols: vec![symbol],
        pages: Vec::with_capacity(pages as usize),
    };
    for p in 0..pages {
        let on_page = (sheets - p * per_page).min(per_page);
        let mut items: Vec<Item> = slots
            .iter()
            .take(on_page as usize)
            .map(|&at| Item::Use { symbol: 0, at })
            .collect();
        items.extend(decor.iter().cloned());
        document.pages.push(Page {
            width: t.page_width,
            height: t.page_height,
            items,
        });
    }
    Pad {
        document,
        sheet: Rect::new(m.left, m.top, inner_w, sheet_h),
        ..pad
    }
}

/// Crop marks at the corners of every sheet's place, kept inside the
/// printable area.
fn crop_marks(t: &Template, slots: &[Point], (w, h): (f32, f32)) -> Item {
    let (len, off) = (mm(4.0), mm(1.0));
    let mut marks = Path::new();
    for s in slots {
        let r = Rect::new(s.x, s.y, w, h);
        for (x, y, dx, dy) in [
            (r.x, r.y, -1.0, -1.0),
            (r.right(), r.y, 1.0, -1.0),
            (r.x, r.bottom(), -1.0, 1.0),
            (r.right(), r.bottom(), 1.0, 1.0),
        ] {
            let room_x = if dx < 0.0 {
                r.x
            } else {
                t.page_width - r.right()
            };
            let room_y = if dy < 0.0 {
                r.y
            } else {
                t.page_height - r.bottom()
            };
            let lx = (room_x - off - t.printer_margin).min(len).max(0.0);
            let ly = (room_y - off - t.printer_margin).min(len).max(0.0);
            marks.segs.extend(
                Path::line(
                    Point::new(x + dx * off, y),
                    Point::new(x + dx * (off + lx), y),
                )
                .segs,
            );
            marks.segs.extend(
                Path::line(
                    Point::new(x, y + dy * off),
                    Point::new(x, y + dy * (off + ly)),
                )
                .segs,
            );
        }
    }
    Item::Path(marks, Style::stroke(Stroke::solid(INK, 0.4)))
}
