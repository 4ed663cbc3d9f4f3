//! Laying out a pad: a sheet (header, map, footer) placed on pages, and
//! what the print checks need to know about it.

use super::draw::Sheet;
use super::mono::region_letters;
use crate::print::{self, Canvas, Capacity, Part, PrintOptions, Template, paginate, sheet_size};
use crate::rolling::map::{AreaId, Layout, Map, RegionId};
use crate::scene::{Document, Rect, Rgb, Symbol};

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

impl Part for About {
    const WHOLE: Self = About::Map;
    const DRAWING: Self = About::Grid;
    const COLOR_NOUN: &'static str = "region";
    const FILE_NOUN: &'static str = "map";

    fn color(i: usize) -> Self {
        About::Region(RegionId(i as u8))
    }

    fn is_code(&self) -> bool {
        matches!(self, About::Area(_))
    }
}

/// A laid-out pad of a Rolling map.
pub type Pad = print::Pad<About>;

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
    (mono, locale): (bool, &crate::print::Locale),
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
        box_size: 0.0,
        code_size: t.fonts.code,
        canvas: Canvas::new(About::Map, locale, t),
        links: Vec::new(),
        leaders: Vec::new(),
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
        Layout::Atlas(atlas) => s.atlas_map(atlas, bounds),
        Layout::None => s.diagram(bounds),
    }
    let mut items = s.canvas.items;
    items.extend(s.canvas.texts);
    let symbol = Symbol {
        name: format!("sheet-{}", map.info.id),
        width,
        height,
        items,
    };
    let pad = Pad {
        document: Document::default(),
        box_size: s.box_size,
        colors,
        sheet: Rect::default(),
        overflows: s.canvas.overflows,
        refusals: s.canvas.refusals,
        marks: s.canvas.marks,
        links: s.links,
        leaders: s.leaders,
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
    let (symbol, pad) = sheet_symbol(map, t, (opts.mono, &opts.locale), sheet_size(t), diagrams);
    paginate(&map.info.credit(), symbol, pad, t, opts.sheets)
}
