//! Laying out a sheet: header, map, footer, and pages of sheets.

use super::grid::{Placement, inner_lines, link_line, outline, widest_place};
use super::mono::{hatch, region_letters};
use super::template::{Template, mm};
use crate::map::{AreaId, Layout, Map};
use crate::scene::{
    Anchor, Document, Item, Page, Path, Point, Rect, Rgb, Stroke, Style, Symbol, Text, Weight,
};

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
    /// Parts of the sheet that did not fit their place.
    pub overflows: Vec<String>,
}

const INK: Rgb = Rgb::grey(25);
const SOFT: Rgb = Rgb::grey(90);
const LINK: Rgb = Rgb::new(21, 101, 192);

/// How far area codes may shrink below the template's `code` size to fit
/// their writing boxes.
pub const CODE_SHRINK: f32 = 0.8;

fn text(pos: Point, content: impl Into<String>, size: f32, weight: Weight, anchor: Anchor) -> Text {
    Text {
        pos,
        content: content.into(),
        size,
        weight,
        color: INK,
        anchor,
        max_width: None,
    }
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

struct Sheet<'a> {
    map: &'a Map,
    t: &'a Template,
    mono: bool,
    colors: Vec<(String, Rgb)>,
    /// Each region's letter on black-and-white sheets.
    letters: Vec<char>,
    w: f32,
    h: f32,
    items: Vec<Item>,
    texts: Vec<Item>,
    box_size: f32,
    /// Font size of the area codes.
    code_size: f32,
    /// Parts that did not fit, for the print checks.
    overflows: Vec<String>,
}

impl Sheet<'_> {
    /// Row 1: the map's name, and a line for the player's name. Row 2: a
    /// reminder of the rule, and the round track. Returns the height.
    fn header(&mut self) -> f32 {
        let f = self.t.fonts;
        let title_y = f.title * crate::scene::font::vertical_metrics(Weight::Bold).0;
        let mut title = text(
            Point::new(0.0, title_y),
            self.map.info.name.clone(),
            f.title,
            Weight::Bold,
            Anchor::Start,
        );
        title.max_width = Some(self.w * 0.6);
        self.texts.push(Item::Text(title));

        // Name line, right.
        let name_w = self.w * 0.28;
        let end = self.w - self.t.lines.boxes / 2.0;
        self.items.push(Item::Path(
            Path::line(
                Point::new(end - name_w, title_y + 1.0),
                Point::new(end, title_y + 1.0),
            ),
            Style::stroke(Stroke::solid(INK, self.t.lines.boxes)),
        ));
        self.texts.push(Item::Text(text(
            Point::new(end - name_w - 4.0, title_y),
            "Name",
            f.heading,
            Weight::Bold,
            Anchor::End,
        )));

        // Round track, right of row 2.
        let rounds = usize::from(self.map.rules.rounds);
        let rb = f.heading * 1.7;
        let gap = rb * 0.2;
        let top = title_y + f.text * 0.9;
        let x0 = end - rounds as f32 * (rb + gap) + gap;
        for i in 0..rounds {
            let x = x0 + i as f32 * (rb + gap);
            self.items.push(Item::Path(
                Path::rect(Rect::new(x, top, rb, rb)),
                Style::fill_stroke(Rgb::WHITE, Stroke::solid(INK, self.t.lines.boxes)),
            ));
            self.texts.push(Item::Text(Text {
                color: SOFT,
                ..text(
                    Point::new(x + 1.5, top + f.small * 0.9 + 0.5),
                    (i + 1).to_string(),
                    f.small,
                    Weight::Regular,
                    Anchor::Start,
                )
            }));
        }
        let label_x = x0 - 4.0;
        self.texts.push(Item::Text(text(
            Point::new(label_x, top + rb / 2.0 + f.heading * 0.35),
            "Round",
            f.heading,
            Weight::Bold,
            Anchor::End,
        )));

        // Rule reminder, left of row 2.
        let round_label = crate::scene::text_width("Round", f.heading, Weight::Bold);
        let mut reminder = text(
            Point::new(0.0, top + rb / 2.0 + f.text * 0.35),
            "Write each die's number in its region; neighbouring numbers may differ by at most 1.",
            f.text,
            Weight::Regular,
            Anchor::Start,
        );
        reminder.max_width = Some(label_x - round_label - 8.0);
        self.texts.push(Item::Text(reminder));
        top + rb
    }

    fn footer(&mut self) -> f32 {
        let f = self.t.fonts;
        let tb = f.heading * 1.5;
        let xb = (tb * 2.6, tb * 1.6);
        let row_h = xb.1;
        let legend_h = f.small * 1.5;
        let top = self.h - row_h - 3.0 - legend_h;
        let mid = top + row_h / 2.0;

        // Power tick boxes, left.
        let mut x = 0.0;
        for (power, count) in self.map.rules.powers.iter() {
            if count == 0 {
                continue;
            }
            let label = power.title();
            self.texts.push(Item::Text(text(
                Point::new(x, mid + f.heading * 0.35),
                label,
                f.heading,
                Weight::Bold,
                Anchor::Start,
            )));
            x += crate::scene::text_width(label, f.heading, Weight::Bold) + 4.0;
            for _ in 0..count {
                self.items.push(Item::Path(
                    Path::rect(Rect::new(x, mid - tb / 2.0, tb, tb)),
                    Style::fill_stroke(Rgb::WHITE, Stroke::solid(INK, self.t.lines.boxes)),
                ));
                x += tb + tb * 0.25;
            }
            x += tb * 1.2;
        }

        // Number of X's, right.
        let half = self.t.lines.region / 2.0;
        let xbox = Rect::new(self.w - xb.0 - half, top, xb.0, xb.1);
        self.items.push(Item::Path(
            Path::rect(xbox),
            Style::fill_stroke(Rgb::WHITE, Stroke::solid(INK, self.t.lines.region)),
        ));
        self.texts.push(Item::Text(text(
            Point::new(xbox.x - 5.0, mid + f.heading * 0.35),
            "Number of X's",
            f.heading,
            Weight::Bold,
            Anchor::End,
        )));
        // What is left of the row must hold the power boxes.
        let room =
            xbox.x - 5.0 - crate::scene::text_width("Number of X's", f.heading, Weight::Bold) - tb;
        if x - tb * 1.2 > room {
            self.overflows.push(format!(
                "the power tick boxes need {:.0} pt but only {:.0} pt are left beside \"Number of X's\"",
                x - tb * 1.2,
                room
            ));
        }

        // Legend and credits, bottom line.
        let base = self.h - f.small * 0.35;
        let mut legend: Vec<String> = Vec::new();
        if self.map.areas.iter().any(|a| a.immune) {
            legend.push("Dashed box: immune area (ignores the neighbour rule).".into());
        }
        if !self.map.links.is_empty() {
            legend.push("Dashed line: neighbours across the water.".into());
        }
        if self.mono {
            let key: Vec<String> = self
                .map
                .regions
                .iter()
                .zip(&self.letters)
                .map(|(r, l)| format!("{l} {}", r.name))
                .collect();
            legend.push(format!("Regions: {}.", key.join(", ")));
        }
        let credit = format!(
            "{} {} \u{b7} rollx",
            self.map.info.id,
            self.map
                .info
                .version
                .as_deref()
                .map(|v| format!("v{v}"))
                .unwrap_or_default()
        );
        let credit_w = crate::scene::text_width(&credit, f.small, Weight::Regular);
        self.texts.push(Item::Text(Text {
            color: SOFT,
            ..text(
                Point::new(self.w, base),
                credit,
                f.small,
                Weight::Regular,
                Anchor::End,
            )
        }));
        if !legend.is_empty() {
            let mut t = text(
                Point::new(0.0, base),
                legend.join("  "),
                f.small,
                Weight::Regular,
                Anchor::Start,
            );
            t.max_width = Some(self.w - credit_w - 8.0);
            self.texts.push(Item::Text(t));
        }
        row_h + 3.0 + legend_h
    }

    /// The margin between a writing box's edge and its code.
    fn inset(size: f32) -> f32 {
        (size * 0.07).max(1.0)
    }

    /// The width a writing box of side `size` leaves for an area's code:
    /// the box less its insets and, in black and white, the region letter
    /// and a gap before it.
    fn code_room(&self, area: AreaId, size: f32) -> f32 {
        let inset = Self::inset(size);
        let mut room = size - 2.0 * inset;
        if self.mono {
            let letter = self.letters[self.map.area(area).region.index()].to_string();
            room -= crate::scene::text_width(&letter, self.t.fonts.code, Weight::Bold) + inset;
        }
        room
    }

    /// The font size of the area codes in writing boxes of side `size`:
    /// the template's, or smaller (down to [`CODE_SHRINK`] of it) so that
    /// the longest code fits; one size for the whole sheet.
    fn fit_codes(&mut self, size: f32) {
        let full = self.t.fonts.code;
        let fit = self
            .map
            .area_ids()
            .map(|a| {
                let w = crate::scene::text_width(&self.map.area(a).id, full, Weight::Regular);
                full * (self.code_room(a, size) / w.max(1e-3))
            })
            .fold(full, f32::min);
        self.code_size = fit.max(full * CODE_SHRINK);
    }

    fn writing_box(&mut self, area: AreaId, center: Point, size: f32) {
        let a = self.map.area(area);
        let r = Rect::new(center.x - size / 2.0, center.y - size / 2.0, size, size);
        let stroke = if a.immune {
            Stroke::dashed(INK, self.t.lines.boxes, &[2.0, 1.5])
        } else {
            Stroke::solid(INK, self.t.lines.boxes)
        };
        self.items.push(Item::Path(
            Path::rect(r),
            Style::fill_stroke(Rgb::WHITE, stroke),
        ));
        let inset = Self::inset(size);
        let base = r.y + inset + self.code_size * 0.75;
        let mut code = Text {
            color: SOFT,
            ..text(
                Point::new(r.x + inset, base),
                a.id.clone(),
                self.code_size,
                Weight::Regular,
                Anchor::Start,
            )
        };
        code.max_width = Some(self.code_room(area, size));
        self.texts.push(Item::Text(code));
        if self.mono {
            let letter = self.letters[a.region.index()].to_string();
            self.texts.push(Item::Text(text(
                Point::new(r.right() - inset, base),
                letter,
                self.t.fonts.code,
                Weight::Bold,
                Anchor::End,
            )));
        }
    }

    fn grid_map(&mut self, grid: &crate::map::Grid, bounds: Rect) {
        let cell = (bounds.w / grid.columns as f32).min(bounds.h / grid.rows as f32);
        let origin = Point::new(
            bounds.x + (bounds.w - cell * grid.columns as f32) / 2.0,
            bounds.y + (bounds.h - cell * grid.rows as f32) / 2.0,
        );
        let at = Placement { origin, cell };
        let lines = self.t.lines;

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
            self.items
                .push(Item::Path(path.clone(), Style::fill(self.colors[ri].1)));
            if self.mono
                && let Some(b) = path.bounds()
            {
                self.items
                    .push(Item::Clip(path.clone(), hatch(ri, b, lines.area * 0.6)));
            }
        }
        self.items.push(Item::Path(
            inner_lines(self.map, grid, &at),
            Style::stroke(Stroke::solid(SOFT, lines.area)),
        ));
        let mut borders = Path::new();
        for path in regions {
            borders.segs.extend(path.segs);
        }
        self.items.push(Item::Path(
            borders,
            Style::stroke(Stroke::solid(INK, lines.region)),
        ));

        for link in &self.map.links {
            if let Some((a, b)) = link_line(grid, link.a, link.b, &at) {
                let color = if self.mono { INK } else { LINK };
                self.items.push(Item::Path(
                    Path::line(a, b),
                    Style::stroke(Stroke::dashed(color, lines.link, &[3.0, 2.0])),
                ));
            }
        }

        let size = (cell * self.t.box_fill).min(self.t.max_box);
        self.box_size = size;
        self.fit_codes(size);
        for a in self.map.area_ids() {
            let (x, y, _) = widest_place(grid, a);
            self.writing_box(a, at.at(x, y), size);
        }
    }

    fn node_map(&mut self, bounds: Rect) {
        let pos = super::auto::layout(self.map);
        let size = (self.t.min_box * 1.15)
            .min(bounds.w / 3.0)
            .min(bounds.h / 3.0);
        self.box_size = size;
        self.fit_codes(size);
        let pad = size * 0.75;
        let inner = Rect::new(
            bounds.x + pad,
            bounds.y + pad,
            (bounds.w - 2.0 * pad).max(1.0),
            (bounds.h - 2.0 * pad).max(1.0),
        );
        let place = |p: (f32, f32)| Point::new(inner.x + p.0 * inner.w, inner.y + p.1 * inner.h);
        let mut lines = Path::new();
        for (a, b) in self.map.edges() {
            if !self.map.links.iter().any(|l| l.a == a && l.b == b) {
                lines
                    .segs
                    .extend(Path::line(place(pos[a.index()]), place(pos[b.index()])).segs);
            }
        }
        self.items.push(Item::Path(
            lines,
            Style::stroke(Stroke::solid(SOFT, self.t.lines.area * 1.5)),
        ));
        for link in &self.map.links {
            let color = if self.mono { INK } else { LINK };
            self.items.push(Item::Path(
                Path::line(place(pos[link.a.index()]), place(pos[link.b.index()])),
                Style::stroke(Stroke::dashed(color, self.t.lines.link, &[3.0, 2.0])),
            ));
        }
        for (i, &p) in pos.iter().enumerate() {
            let a = AreaId(i as u16);
            let c = place(p);
            let region = self.map.area(a).region.index();
            let halo = Rect::new(c.x - size * 0.7, c.y - size * 0.7, size * 1.4, size * 1.4);
            self.items.push(Item::Path(
                Path::rect(halo),
                Style::fill_stroke(
                    self.colors[region].1,
                    Stroke::solid(INK, self.t.lines.region),
                ),
            ));
            if self.mono {
                self.items.push(Item::Clip(
                    Path::rect(halo),
                    hatch(region, halo, self.t.lines.area * 0.6),
                ));
            }
            self.writing_box(a, c, size);
        }
    }
}

/// The artwork of one sheet of `width` x `height` points.
fn sheet_symbol(
    map: &Map,
    t: &Template,
    mono: bool,
    width: f32,
    height: f32,
) -> (Symbol, f32, Vec<(String, Rgb)>, Vec<String>) {
    let colors = region_colors(map, t, mono);
    let mut s = Sheet {
        map,
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
        Layout::None => s.node_map(bounds),
    }
    let mut items = s.items;
    items.extend(s.texts);
    let symbol = Symbol {
        name: format!("sheet-{}", map.info.id),
        width,
        height,
        items,
    };
    (symbol, s.box_size, colors, s.overflows)
}

/// Lays out a pad of sheets for a map on a template.
pub fn layout(map: &Map, t: &Template, opts: &PrintOptions) -> Pad {
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
    let (symbol, box_size, region_colors, overflows) =
        sheet_symbol(map, t, opts.mono, inner_w, sheet_h);
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
        box_size,
        region_colors,
        sheet: Rect::new(m.left, m.top, inner_w, sheet_h),
        overflows,
    }
}
