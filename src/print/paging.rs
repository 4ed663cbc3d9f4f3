//! Placing a sheet on pages: one or two sheets per page (with a cut line),
//! crop marks, as many pages as the pad needs. The sheet's artwork is one
//! [`Symbol`] drawn once and used on every page.

use super::draw::Credit;
use super::pad::Pad;
use super::template::{MARK_OFFSET_MM, Template, mm};
use crate::scene::{Boxes, Document, Item, Page, Path, Point, Rect, Rgb, Stroke, Style, Symbol};

/// The colour of ink on printed sheets.
pub const INK: Rgb = Rgb::grey(25);

/// The colour of secondary text (codes, the credit line).
pub(crate) const SOFT: Rgb = Rgb::grey(90);

/// Where a template puts its sheets: the PDF page, each sheet's cut
/// (trim) on it, and the bleed round a lone sheet. In points, y down.
#[derive(Clone, Debug, PartialEq)]
pub struct Imposition {
    /// The page's width (PDF's MediaBox): the paper, or with bleed the cut
    /// sheet with its bleed (and room for crop marks).
    pub width: f32,
    /// The page's height.
    pub height: f32,
    /// Each sheet's cut, row by row: edge to edge, in the middle of the
    /// page.
    pub trims: Vec<Rect>,
    /// The bleed round each cut (0 for none).
    pub bleed: f32,
}

impl Imposition {
    /// The template's imposition.
    pub fn of(t: &Template) -> Self {
        let per_page = usize::from(t.sheets_per_page.max(1));
        let across = usize::from(t.sheets_across.max(1));
        let rows = per_page.div_ceil(across);
        let (mut width, mut height) = (t.page_width, t.page_height);
        let (sw, sh) = t
            .sheet
            .unwrap_or((width / across as f32, height / rows as f32));
        let mut origin = (
            (width - sw * across as f32) / 2.0,
            (height - sh * rows as f32) / 2.0,
        );
        if t.bleed > 0.0 && t.sheet.is_none() {
            // The paper is the cut sheet: the page grows round it by the
            // bleed, and by room for crop marks outside the bleed.
            let slug = if t.crop_marks {
                t.bleed.max(mm(MARK_OFFSET_MM)) + mm(MARK_LENGTH_MM)
            } else {
                t.bleed
            };
            width += 2.0 * slug;
            height += 2.0 * slug;
            origin = (slug, slug);
        }
        let trims = (0..rows)
            .flat_map(|r| {
                (0..across).map(move |c| {
                    Rect::new(origin.0 + c as f32 * sw, origin.1 + r as f32 * sh, sw, sh)
                })
            })
            .take(per_page)
            .collect();
        Self {
            width,
            height,
            trims,
            bleed: t.bleed,
        }
    }

    /// The boxes of a page: a lone sheet's cut and bleed; none for several
    /// sheets a page (the paper is what leaves the printer, and the crop
    /// marks show the cuts).
    pub fn boxes(&self) -> Boxes {
        match self.trims[..] {
            [trim] => {
                let whole = trim.x.abs() < 0.01
                    && trim.y.abs() < 0.01
                    && (trim.w - self.width).abs() < 0.01
                    && (trim.h - self.height).abs() < 0.01;
                Boxes {
                    turned: false,
                    trim: (!whole).then_some(trim),
                    bleed: (self.bleed > 0.0).then(|| {
                        Rect::new(
                            trim.x - self.bleed,
                            trim.y - self.bleed,
                            trim.w + 2.0 * self.bleed,
                            trim.h + 2.0 * self.bleed,
                        )
                    }),
                }
            }
            _ => Boxes::default(),
        }
    }

    /// Where the cuts run: every edge of a trim across the page (its x)
    /// and down it (its y), each once, in the order the trims give them.
    fn cuts(&self) -> (Vec<f32>, Vec<f32>) {
        let add = |list: &mut Vec<f32>, v: f32| {
            if !list.iter().any(|&x| (x - v).abs() < 0.01) {
                list.push(v);
            }
        };
        let (mut xs, mut ys) = (Vec::new(), Vec::new());
        for r in &self.trims {
            add(&mut xs, r.x);
            add(&mut xs, r.right());
            add(&mut ys, r.y);
            add(&mut ys, r.bottom());
        }
        (xs, ys)
    }

    /// The cuts' block: the trims together.
    fn block(&self) -> Rect {
        self.trims
            .iter()
            .copied()
            .reduce(|a, b| a.union(&b))
            .unwrap_or_default()
    }
}

/// How long crop marks are, in mm, where the page has room.
const MARK_LENGTH_MM: f32 = 5.0;

/// The width of crop marks, in points (thin, as printers ask).
const MARK_WIDTH: f32 = 0.25;

/// The size of one sheet on the template's page, in points: its cut
/// inside its margins (the safe zone).
pub(crate) fn sheet_size(t: &Template) -> (f32, f32) {
    let m = t.margins;
    if let Some((w, h)) = t.sheet {
        return (w - m.left - m.right, h - m.top - m.bottom);
    }
    // The page divided among its sheets: what its margins leave, less a
    // pair of margins between each two sheets, shared out.
    let across = f32::from(t.sheets_across.max(1));
    let rows = f32::from(t.sheets_per_page.max(1)) / across;
    let share = |page: f32, a: f32, b: f32, n: f32| (page - a - b - (n - 1.0) * (a + b)) / n;
    (
        share(t.page_width, m.left, m.right, across),
        share(t.page_height, m.top, m.bottom, rows.ceil()),
    )
}

/// A pad of `sheets` sheets: `symbol` (one sheet's artwork, of the size
/// [`sheet_size`] gives) placed on the template's pages, each inside its
/// cut at the template's margins, with `pad`'s findings about the sheet
/// kept (its document and place are filled in).
pub(crate) fn paginate<A>(
    credit: &Credit<'_>,
    symbol: Symbol,
    pad: Pad<A>,
    t: &Template,
    sheets: u32,
) -> Pad<A> {
    let m = t.margins;
    let (inner_w, sheet_h) = sheet_size(t);
    let imposition = Imposition::of(t);
    let per_page = u32::from(t.sheets_per_page.max(1));
    let slots: Vec<Point> = imposition
        .trims
        .iter()
        .map(|r| Point::new(r.x + m.left, r.y + m.top))
        .collect();

    // Decorations: cut lines between sheets, crop marks outside them.
    let mut decor = Vec::new();
    if per_page > 1 && t.cut_line {
        decor.push(cut_lines(t, &imposition));
    }
    if t.crop_marks {
        decor.push(crop_marks(t, &imposition));
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
            width: imposition.width,
            height: imposition.height,
            items,
            boxes: imposition.boxes(),
        });
    }
    Pad {
        document,
        sheet: Rect::new(slots[0].x, slots[0].y, inner_w, sheet_h),
        ..pad
    }
}

/// Dashed lines along the cuts between sheets, within what the printer
/// prints.
fn cut_lines(t: &Template, imp: &Imposition) -> Item {
    let block = imp.block();
    let edge = t.printer_margin + 1.0;
    let mut lines = Path::new();
    let (xs, ys) = imp.cuts();
    let between = |v: f32, from: f32, to: f32| v > from + 0.01 && v < to - 0.01;
    for y in ys
        .into_iter()
        .filter(|&y| between(y, block.y, block.bottom()))
    {
        let (x0, x1) = (block.x.max(edge), block.right().min(imp.width - edge));
        lines
            .segs
            .extend(Path::line(Point::new(x0, y), Point::new(x1, y)).segs);
    }
    for x in xs
        .into_iter()
        .filter(|&x| between(x, block.x, block.right()))
    {
        let (y0, y1) = (block.y.max(edge), block.bottom().min(imp.height - edge));
        lines
            .segs
            .extend(Path::line(Point::new(x, y0), Point::new(x, y1)).segs);
    }
    Item::Path(
        lines,
        Style::stroke(Stroke::dashed(Rgb::grey(120), 0.5, &[4.0, 3.0])),
    )
}

/// Crop marks outside the sheets' block, one in line with every cut
/// (the block's edges and the cuts between sheets), from
/// [`MARK_OFFSET_MM`] away from the cut (or the bleed, if wider), as long
/// as the printable area allows, up to [`MARK_LENGTH_MM`].
fn crop_marks(t: &Template, imp: &Imposition) -> Item {
    let block = imp.block();
    let off = imp.bleed.max(mm(MARK_OFFSET_MM));
    let pm = t.printer_margin;
    let (xs, ys) = imp.cuts();
    let mut marks = Path::new();
    // Half a millimetre short of the printer's margin, so that rounding
    // never puts a mark in it.
    let len = |room: f32| (room - off - pm - mm(0.5)).min(mm(MARK_LENGTH_MM));
    let (above, below) = (len(block.y), len(imp.height - block.bottom()));
    let (left, right) = (len(block.x), len(imp.width - block.right()));
    for &x in &xs {
        for (y, dy, l) in [(block.y, -1.0, above), (block.bottom(), 1.0, below)] {
            if l > 0.0 {
                marks.segs.extend(
                    Path::line(
                        Point::new(x, y + dy * off),
                        Point::new(x, y + dy * (off + l)),
                    )
                    .segs,
                );
            }
        }
    }
    for &y in &ys {
        for (x, dx, l) in [(block.x, -1.0, left), (block.right(), 1.0, right)] {
            if l > 0.0 {
                marks.segs.extend(
                    Path::line(
                        Point::new(x + dx * off, y),
                        Point::new(x + dx * (off + l), y),
                    )
                    .segs,
                );
            }
        }
    }
    Item::Path(marks, Style::stroke(Stroke::solid(INK, MARK_WIDTH)))
}
