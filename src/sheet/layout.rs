//! Laying out a pad: a sheet (header, map, footer) placed on pages, and
//! what the print checks need to know about it.

use super::draw::{INK, Sheet};
use super::mono::region_letters;
use super::template::{Template, mm};
use crate::map::{AreaId, Layout, Map, RegionId};
use crate::scene::{Document, Item, Page, Path, Point, Rect, Rgb, Stroke, Style, Symbol};

/// What to print.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PrintOptions {
    /// Number of sheets (pages hold one or two).
    pub sheets: u32,
    /// Black and white: regions told apart by hatching and letters.
    pub mono: bool,
}

impl Default for PrintOptions {
    fn default() -> Self {
        Self {
            sheets: 100,
            mono: false,
        }
    }
}

/// A laid-out pad, with what the print checks need to know.
#[derive(Clone, Debug)]
pub struct Pad {
    /// The pages.
    pub document: Document,
    /// Side of the writing boxes in points.
    pub box_size: f32,
    /// Each region's id and printed colour.
    pub region_colors: Vec<(String, Rgb)>,
    /// The sheet's place on the first page, in points.
    pub sheet: Rect,
    /// Texts and rows of boxes that do not fit their place: what is wrong,
    /// and what it is about.
    pub overflows: Vec<(String, About)>,
    /// Writing boxes, frames, labels and tick boxes of the sheet, in the
    /// sheet's coordinates: none may overlap another (but for what lies
    /// inside its own box).
    pub marks: Vec<Mark>,
    /// How much of each link's line can be seen.
    pub links: Vec<LinkView>,
    /// How large a map the sheet holds with the template's smallest
    /// writing boxes.
    pub capacity: Capacity,
}

/// What part of the map something on the sheet shows, so that a print
/// problem can be traced back to the map file.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum About {
    /// The map as a whole: its name, its size, the sheet's frame.
    Map,
    /// The map's grid.
    Grid,
    /// An area.
    Area(AreaId),
    /// A region.
    Region(RegionId),
    /// The link between two areas.
    Link(AreaId, AreaId),
    /// The rounds (the round track).
    Rounds,
    /// The powers (their tick boxes).
    Powers,
}

/// What a [`Mark`] is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum MarkKind {
    /// An area's writing box.
    WritingBox,
    /// An area's frame in a diagram.
    Frame,
    /// A tick box, a round box, the "Number of X's" box, the name line.
    Box,
    /// A line of text.
    Label,
}

impl MarkKind {
    /// The plural, for messages.
    pub fn plural(self) -> &'static str {
        match self {
            MarkKind::WritingBox => "writing boxes",
            MarkKind::Frame => "area frames",
            MarkKind::Box => "boxes",
            MarkKind::Label => "labels",
        }
    }
}

/// Something on the sheet that must stay clear of everything else.
#[derive(Clone, Debug, PartialEq)]
pub struct Mark {
    /// What it is.
    pub kind: MarkKind,
    /// Its name in messages (`the writing box of GNM`).
    pub what: String,
    /// Where it is (texts: as wide as their room at most).
    pub rect: Rect,
    /// The mark it is drawn inside (a code inside its writing box), if any.
    pub inside: Option<usize>,
    /// What part of the map it shows.
    pub about: About,
}

/// One link as drawn.
#[derive(Clone, Debug, PartialEq)]
pub struct LinkView {
    /// The two area codes.
    pub between: [String; 2],
    /// Length of its line in points.
    pub length: f32,
    /// Length of its line that no writing box or frame hides, in points.
    pub visible: f32,
    /// The link.
    pub about: About,
}

/// What the map's place on a sheet holds with the template's smallest
/// writing boxes.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Capacity {
    /// A grid map.
    Grid {
        /// The map's columns.
        columns: usize,
        /// The map's rows.
        rows: usize,
        /// The most columns that fit.
        max_columns: usize,
        /// The most rows that fit.
        max_rows: usize,
    },
    /// A map without geometry, printed as a diagram.
    Diagram {
        /// The map's areas.
        areas: usize,
        /// The most areas that fit.
        max_areas: usize,
    },
}

/// The print colour of each region: the template's palette or the map's
/// colour, as a light tint (or white for black-and-white printing).
fn region_colors(map: &Map, t: &Template, mono: bool) -> Vec<(String, Rgb)> {
    map.regions
        .iter()
        .map(|r| {
            let c = t
                .palette
                .iter()
                .find(|(id, _)| *id == r.id)
                .map_or(r.color, |(_, c)| *c);
            let print = if mono {
                Rgb::WHITE
            } else {
                Rgb::new(c.r, c.g, c.b).tint(t.tint)
            };
            (r.id.clone(), print)
        })
        .collect()
}

/// One sheet of `width` x `height` points: its artwork, and what the
/// print checks need to know (the pad's other fields).
fn sheet_symbol(
    map: &Map,
    t: &Template,
    mono: bool,
    (width, height): (f32, f32),
    diagrams: &mut super::auto::Cache,
) -> (Symbol, Pad) {
    let colors = region_colors(map, t, mono);
    let mut s = Sheet {
        map,
        diagrams,
        t,
        mono,
        colors: colors.clone(),
        letters: region_letters(map),
        w: width,
        h: height,
        items: Vec::new(),
        texts: Vec::new(),
        box_size: 0.0,
        code_size: t.fonts.code,
        overflows: Vec::new(),
        about: About::Map,
        marks: Vec::new(),
        links: Vec::new(),
        capacity: Capacity::Diagram {
            areas: 0,
            max_areas: 0,
        },
    };
    let head = s.header();
    let foot = s.footer();
    let gap = t.fonts.text * 0.8;
    // Inset by half the heaviest line, which is drawn centred on the edges.
    let half = t.lines.region / 2.0;
    let bounds = Rect::new(
        half,
        head + gap,
        width - 2.0 * half,
        (height - head - foot - 2.0 * gap).max(1.0),
    );
    match &map.layout {
        Layout::Grid(grid) => s.grid_map(grid, bounds),
        Layout::None => s.diagram(bounds),
    }
    let mut items = s.items;
    items.extend(s.texts);
    let symbol = Symbol {
        name: format!("sheet-{}", map.info.id),
        width,
        height,
        items,
    };
    let pad = Pad {
        document: Document::default(),
        box_size: s.box_size,
        region_colors: colors,
        sheet: Rect::default(),
        overflows: s.overflows,
        marks: s.marks,
        links: s.links,
        capacity: s.capacity,
    };
    (symbol, pad)
}

/// Lays out a pad of sheets for a map on a template.
pub fn layout(map: &Map, t: &Template, opts: &PrintOptions) -> Pad {
    layout_with(map, t, opts, &mut super::auto::Cache::default())
}

/// [`layout`], reusing (and adding to) the diagram layouts in `diagrams`:
/// for laying one map out on several templates.
pub(super) fn layout_with(
    map: &Map,
    t: &Template,
    opts: &PrintOptions,
    diagrams: &mut super::auto::Cache,
) -> Pad {
    let m = t.margins;
    let inner_w = t.page_width - m.left - m.right;
    let inner_h = t.page_height - m.top - m.bottom;
    let per_page = u32::from(t.sheets_per_page.max(1));
    let (sheet_h, gap) = if per_page == 2 {
        let gap = m.top + m.bottom;
        ((inner_h - gap) / 2.0, gap)
    } else {
        (inner_h, 0.0)
    };
    let (symbol, pad) = sheet_symbol(map, t, opts.mono, (inner_w, sheet_h), diagrams);
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
        let (len, off) = (mm(4.0), mm(1.0));
        let mut marks = Path::new();
        for s in &slots {
            let r = Rect::new(s.x, s.y, inner_w, sheet_h);
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
        decor.push(Item::Path(marks, Style::stroke(Stroke::solid(INK, 0.4))));
    }

    let sheets = opts.sheets.max(1);
    let pages = sheets.div_ceil(per_page);
    let mut document = Document {
        title: map.info.name.clone(),
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
