//! Print templates: paper, margins, sheets per page, fonts, line widths and
//! colours. `docs/templates.md` documents the format.
//!
//! The shipped templates (`templates/*.toml`) are built into the binary and
//! found by name; a template file may `extends` a shipped template by name
//! or another file by path. Every template ends up on top of `letter`,
//! which sets every key.

use std::path::{Path, PathBuf};

use crate::diag::{Diagnostic, SourceMap};
use crate::scene::Rgb as Color;
use crate::source::chain::{Extends, read_chain};
use crate::source::files::{DiskFiles, Files, relative_to};
use crate::source::toml::{Ctx, Sp, TableReader};

/// The shipped templates: name and TOML text.
pub const BUILTIN: [(&str, &str); 3] = [
    ("letter", include_str!("../../templates/letter.toml")),
    ("a4", include_str!("../../templates/a4.toml")),
    ("a4-2up", include_str!("../../templates/a4-2up.toml")),
];

/// The names of [`BUILTIN`], the home templates.
pub const BUILTIN_NAMES: [&str; 3] = [BUILTIN[0].0, BUILTIN[1].0, BUILTIN[2].0];

/// The shipped templates for print shops: one sheet a page with bleed,
/// and several a page with crop marks for stack cutting. Loaded by name
/// like [`BUILTIN`]; `rollx check` lays sheets out on [`BUILTIN`] only.
pub const SHOP: [(&str, &str); 6] = [
    ("a5-bleed", include_str!("../../templates/a5-bleed.toml")),
    (
        "half-letter-bleed",
        include_str!("../../templates/half-letter-bleed.toml"),
    ),
    (
        "a4-2up-crop",
        include_str!("../../templates/a4-2up-crop.toml"),
    ),
    (
        "letter-2up-crop",
        include_str!("../../templates/letter-2up-crop.toml"),
    ),
    (
        "a3-4up-crop",
        include_str!("../../templates/a3-4up-crop.toml"),
    ),
    (
        "tabloid-4up-crop",
        include_str!("../../templates/tabloid-4up-crop.toml"),
    ),
];

/// The template used when none is given.
pub const DEFAULT: &str = "letter";

/// Millimetres to points.
pub fn mm(v: f32) -> f32 {
    v * 72.0 / 25.4
}

/// Margins in points.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Margins {
    /// Top.
    pub top: f32,
    /// Right.
    pub right: f32,
    /// Bottom.
    pub bottom: f32,
    /// Left.
    pub left: f32,
}

/// Font sizes in points.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Fonts {
    /// The map's name.
    pub title: f32,
    /// Labels of groups (powers, rounds).
    pub heading: f32,
    /// Other text.
    pub text: f32,
    /// Area codes in writing boxes.
    pub code: f32,
    /// Legends and credits.
    pub small: f32,
}

/// Line widths in points.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Lines {
    /// Between areas of one region.
    pub area: f32,
    /// Between regions and along coasts.
    pub region: f32,
    /// Writing boxes and tick boxes.
    pub boxes: f32,
    /// Links (straits and bridges).
    pub link: f32,
}

/// The floor on type and line sizes: the least text size and line width a
/// sheet may print (`[floor]`). Print shops ask for 6 pt text and
/// 0.25 pt lines (`FLOOR_TEXT_PT`, `FLOOR_LINE_PT`); a template for home
/// printing may lower it, saying why.
#[derive(Clone, Debug, PartialEq)]
pub struct Floor {
    /// The least text size, in points.
    pub text: f32,
    /// The least line width, in points.
    pub line: f32,
    /// Why the template lowers it (`[floor] why`): said in the print
    /// checks' warning on every sheet that prints below the shops' floor.
    pub why: Option<String>,
}

impl Floor {
    /// Whether the floor is below what print shops ask for.
    pub fn lowered(&self) -> bool {
        self.text < FLOOR_TEXT_PT || self.line < FLOOR_LINE_PT
    }
}

/// The least text size print shops ask for, in points: the floor unless
/// a template lowers it.
pub(crate) const FLOOR_TEXT_PT: f32 = 6.0;

/// The thinnest line print shops ask for, in points.
pub(crate) const FLOOR_LINE_PT: f32 = 0.25;

/// A resolved template.
#[derive(Clone, Debug, PartialEq)]
pub struct Template {
    /// Its name.
    pub name: String,
    /// One line about it.
    pub description: String,
    /// Page width in points (after orientation).
    pub page_width: f32,
    /// Page height in points.
    pub page_height: f32,
    /// Margins of the page.
    pub margins: Margins,
    /// The least margin a printer needs; nothing may be printed outside.
    pub printer_margin: f32,
    /// Sheets on a page: 1, or several in a grid of
    /// [`Template::sheets_across`] columns, stacked in rows.
    pub sheets_per_page: u8,
    /// Columns of sheets on a page (1 for sheets stacked one above the
    /// other).
    pub sheets_across: u8,
    /// The size of each sheet after cutting (its trim), in points; `None`
    /// for the page divided among its sheets. Sheets are placed edge to
    /// edge in the middle of the page, so that one cut separates two.
    pub sheet: Option<(f32, f32)>,
    /// How far colour may be printed past the cut (0 for none): only with
    /// one sheet per page, whose page is then the cut sheet and whose PDF
    /// page grows by the bleed all round.
    pub bleed: f32,
    /// Draw a cut line between two sheets.
    pub cut_line: bool,
    /// Draw crop marks at the corners of each sheet.
    pub crop_marks: bool,
    /// Font sizes.
    pub fonts: Fonts,
    /// Font files for what the built-in font lacks (`[fonts] files`),
    /// tried after the map's or board's own and before `--font-path`.
    pub font_files: Vec<std::path::PathBuf>,
    /// Line widths.
    pub lines: Lines,
    /// Strength of the region colours (0 white, 1 full colour).
    pub tint: f32,
    /// Writing box size as a share of a grid cell.
    pub box_fill: f32,
    /// The smallest writing box allowed, in points.
    pub min_box: f32,
    /// The largest writing box, in points.
    pub max_box: f32,
    /// Print colours by region id.
    pub palette: Vec<(String, Color)>,
    /// The least text size and line width its sheets may print.
    pub floor: Floor,
}

impl Template {
    /// The width of the hatching lines that tell regions apart in black
    /// and white: finer than the lines between areas, never below the
    /// floor.
    pub fn hatch_line(&self) -> f32 {
        (self.lines.area * 0.6).max(self.floor.line)
    }

    /// The least size a text drawn at `size` on this template shrinks to
    /// so that it fits its room (80 % of it, never below its
    /// floor).
    pub fn shrink_floor(&self, size: f32) -> f32 {
        super::draw::least_size(size, self.floor.text)
    }

    /// The strength of the colour of a box that takes a pencil cross (an
    /// Encore box, a Diceland cell): `1 - (1 - tint)²`, stronger than a
    /// map's regions (0.62 at the shipped templates' 0.38), because there
    /// the colour is what a player reads, and a pencil cross still shows
    /// on it.
    pub fn box_tint(&self) -> f32 {
        1.0 - (1.0 - self.tint.clamp(0.0, 1.0)).powi(2)
    }

    /// The print colour of a box colour `id` whose own colour is `own`:
    /// the palette's colour for `id` or its own, at [`Template::box_tint`];
    /// white in black and white (`mono`).
    pub fn box_color(&self, id: &str, own: Color, mono: bool) -> Color {
        if mono {
            return Color::WHITE;
        }
        let chosen = self
            .palette
            .iter()
            .find(|(p, _)| p == id)
            .map_or(own, |(_, rgb)| *rgb);
        chosen.tint(self.box_tint())
    }
}

/// A template that could not be loaded, with located findings.
#[derive(Debug)]
pub struct TemplateError {
    /// The files read.
    pub sources: SourceMap,
    /// What is wrong.
    pub diagnostics: Vec<Diagnostic>,
}

#[derive(Clone, Debug, Default)]
struct Raw {
    name: Option<Sp<String>>,
    description: Option<Sp<String>>,
    size: Option<Sp<(f32, f32)>>,
    landscape: Option<Sp<bool>>,
    margins: Option<Sp<[f32; 4]>>,
    printer_margin: Option<Sp<f32>>,
    sheets_per_page: Option<Sp<i64>>,
    sheets_across: Option<Sp<i64>>,
    sheet_mm: Option<Sp<(f32, f32)>>,
    bleed_mm: Option<Sp<f32>>,
    cut_line: Option<Sp<bool>>,
    crop_marks: Option<Sp<bool>>,
    fonts: [Option<Sp<f32>>; 5],
    /// `[fonts] files`: font files for what the built-in font lacks,
    /// relative to the template that names them.
    font_files: Option<Vec<std::path::PathBuf>>,
    lines: [Option<Sp<f32>>; 4],
    tint: Option<Sp<f32>>,
    box_fill: Option<Sp<f32>>,
    min_box_mm: Option<Sp<f32>>,
    max_box_mm: Option<Sp<f32>>,
    palette: Vec<(String, Sp<String>)>,
    floor_text: Option<Sp<f32>>,
    floor_line: Option<Sp<f32>>,
    floor_why: Option<Sp<String>>,
}

const FONT_KEYS: [&str; 5] = ["title", "heading", "text", "code", "small"];
const LINE_KEYS: [&str; 4] = ["area", "region", "box", "link"];

/// The whole number at `key`, from 1 to `max` (`what` it counts, in the
/// message of one out of range).
fn count_of(
    t: &mut TableReader<'_, '_>,
    ctx: &mut Ctx<'_>,
    key: &str,
    max: i64,
    what: &str,
) -> Option<Sp<i64>> {
    let n = t.integer(ctx, key)?;
    if (1..=max).contains(&n.value) {
        return Some(n);
    }
    ctx.diags.push(
        Diagnostic::error(
            "invalid-value",
            format!("{} {what}: use 1 to {max}", n.value),
        )
        .with_label(n.loc, format!("expected 1 to {max}")),
    );
    None
}

fn number(
    t: &mut TableReader<'_, '_>,
    ctx: &mut Ctx<'_>,
    key: &str,
    min: f32,
    max: f32,
) -> Option<Sp<f32>> {
    let v = t.get(key)?;
    let value = match v.get_ref() {
        toml::de::DeValue::Integer(i) => i.as_str().replace('_', "").parse::<f32>().ok(),
        toml::de::DeValue::Float(f) => f.as_str().replace('_', "").parse::<f32>().ok(),
        _ => None,
    };
    let loc = ctx.loc(v.span());
    match value {
        Some(x) if (min..=max).contains(&x) => Some(Sp::new(x, loc)),
        Some(x) => {
            ctx.diags.push(
                Diagnostic::error(
                    "invalid-value",
                    format!("`{key}` must be between {min} and {max}, not {x}"),
                )
                .with_label(loc, "out of range"),
            );
            None
        }
        None => {
            ctx.diags.push(
                Diagnostic::error("wrong-type", format!("`{key}` must be a number"))
                    .with_label(loc, "expected a number")
                    .with_help(format!("e.g. {key} = {min}")),
            );
            None
        }
    }
}

fn read(ctx: &mut Ctx<'_>, text: &str) -> Option<(Raw, Option<Sp<String>>)> {
    let doc =
        crate::source::toml::parse(ctx, text, "see docs/templates.md for the template format")?;
    let mut top = TableReader::new(doc.get_ref(), ctx.loc(0..0), "the template");
    let extends = top.string(ctx, "extends");
    let mut raw = Raw {
        name: top.string(ctx, "name"),
        description: top.string(ctx, "description"),
        ..Raw::default()
    };
    if let Some(mut p) = top.table(ctx, "page") {
        if let Some(v) = p.get("size") {
            let loc = ctx.loc(v.span());
            let size = match v.get_ref() {
                toml::de::DeValue::String(s) => match PAPERS.iter().find(|p| p.0 == s.as_ref()) {
                    Some(&(_, size, _)) => Some(size),
                    None => {
                        let other = s.as_ref();
                        ctx.diags.push(
                            Diagnostic::error(
                                "invalid-value",
                                format!("`{other}` is not a paper size"),
                            )
                            .with_label(loc, "unknown size")
                            .with_help(
                                "use \"letter\", \"a4\", \"a5\", \"a3\", \"half-letter\", \"tabloid\", or [width_mm, height_mm]",
                            ),
                        );
                        None
                    }
                },
                toml::de::DeValue::Array(a) => {
                    let nums: Vec<f32> = a
                        .iter()
                        .filter_map(|x| match x.get_ref() {
                            toml::de::DeValue::Integer(i) => i.as_str().parse().ok(),
                            toml::de::DeValue::Float(f) => f.as_str().parse().ok(),
                            _ => None,
                        })
                        .collect();
                    match nums[..] {
                        [w, h] if (50.0..=2000.0).contains(&w) && (50.0..=2000.0).contains(&h) => {
                            Some((w, h))
                        }
                        _ => {
                            ctx.diags.push(
                                Diagnostic::error(
                                    "invalid-value",
                                    "a custom size is [width_mm, height_mm], each 50 to 2000",
                                )
                                .with_label(loc, "not a paper size")
                                .with_help("e.g. size = [210, 297]"),
                            );
                            None
                        }
                    }
                }
                _ => {
                    ctx.diags.push(
                        Diagnostic::error(
                            "wrong-type",
                            "`size` must be a name or [width_mm, height_mm]",
                        )
                        .with_label(loc, "expected a string or an array"),
                    );
                    None
                }
            };
            raw.size = size.map(|s| Sp::new(s, loc));
        }
        if let Some(o) = p.string(ctx, "orientation") {
            match o.value.as_str() {
                "landscape" => raw.landscape = Some(Sp::new(true, o.loc)),
                "portrait" => raw.landscape = Some(Sp::new(false, o.loc)),
                other => ctx.diags.push(
                    Diagnostic::error("invalid-value", format!("`{other}` is not an orientation"))
                        .with_label(o.loc, "expected \"landscape\" or \"portrait\""),
                ),
            }
        }
        if let Some(v) = p.get("margins_mm") {
            let loc = ctx.loc(v.span());
            let one = |x: &toml::de::DeValue<'_>| match x {
                toml::de::DeValue::Integer(i) => i.as_str().parse::<f32>().ok(),
                toml::de::DeValue::Float(f) => f.as_str().parse::<f32>().ok(),
                _ => None,
            };
            let m = match v.get_ref() {
                toml::de::DeValue::Array(a) => {
                    let n: Vec<f32> = a.iter().filter_map(|x| one(x.get_ref())).collect();
                    (n.len() == 4).then(|| [n[0], n[1], n[2], n[3]])
                }
                other => one(other).map(|x| [x; 4]),
            };
            match m {
                Some(m) if m.iter().all(|x| (0.0..=100.0).contains(x)) => {
                    raw.margins = Some(Sp::new(m, loc))
                }
                _ => ctx.diags.push(
                    Diagnostic::error(
                        "invalid-value",
                        "`margins_mm` is one number or [top, right, bottom, left], each 0 to 100",
                    )
                    .with_label(loc, "not margins"),
                ),
            }
        }
        raw.printer_margin = number(&mut p, ctx, "printer_margin_mm", 0.0, 50.0);
        raw.sheets_per_page = count_of(&mut p, ctx, "sheets_per_page", 16, "sheets per page");
        raw.sheets_across = count_of(&mut p, ctx, "sheets_across", 4, "sheets across");
        if let Some(v) = p.get("sheet_mm") {
            let loc = ctx.loc(v.span());
            let nums: Vec<f32> = match v.get_ref() {
                toml::de::DeValue::Array(a) => a
                    .iter()
                    .filter_map(|x| match x.get_ref() {
                        toml::de::DeValue::Integer(i) => i.as_str().parse().ok(),
                        toml::de::DeValue::Float(f) => f.as_str().parse().ok(),
                        _ => None,
                    })
                    .collect(),
                _ => Vec::new(),
            };
            match nums[..] {
                [w, h] if (30.0..=2000.0).contains(&w) && (30.0..=2000.0).contains(&h) => {
                    raw.sheet_mm = Some(Sp::new((w, h), loc));
                }
                _ => ctx.diags.push(
                    Diagnostic::error(
                        "invalid-value",
                        "`sheet_mm` is the cut sheet's [width_mm, height_mm], each 30 to 2000",
                    )
                    .with_label(loc, "not a sheet size")
                    .with_help("e.g. sheet_mm = [200, 138]"),
                ),
            }
        }
        raw.bleed_mm = number(&mut p, ctx, "bleed_mm", 0.0, 10.0);
        raw.cut_line = p.boolean(ctx, "cut_line");
        raw.crop_marks = p.boolean(ctx, "crop_marks");
        p.finish(
            ctx,
            &[
                "size",
                "orientation",
                "margins_mm",
                "printer_margin_mm",
                "sheets_per_page",
                "sheets_across",
                "sheet_mm",
                "bleed_mm",
                "cut_line",
                "crop_marks",
            ],
        );
    }
    if let Some(mut f) = top.table(ctx, "fonts") {
        for (slot, key) in raw.fonts.iter_mut().zip(FONT_KEYS) {
            *slot = number(&mut f, ctx, key, 2.0, 72.0);
        }
        if let Some(list) = crate::source::game::font_list(&mut f, ctx, "files") {
            raw.font_files = Some(crate::source::game::font_files(&list, ctx.diags));
        }
        let mut known = FONT_KEYS.to_vec();
        known.push("files");
        f.finish(ctx, &known);
    }
    if let Some(mut l) = top.table(ctx, "lines") {
        for (slot, key) in raw.lines.iter_mut().zip(LINE_KEYS) {
            *slot = number(&mut l, ctx, key, 0.05, 10.0);
        }
        l.finish(ctx, &LINE_KEYS);
    }
    if let Some(mut s) = top.table(ctx, "sheet") {
        raw.tint = number(&mut s, ctx, "tint", 0.0, 1.0);
        raw.box_fill = number(&mut s, ctx, "box_fill", 0.3, 1.0);
        raw.min_box_mm = number(&mut s, ctx, "min_box_mm", 1.0, 100.0);
        raw.max_box_mm = number(&mut s, ctx, "max_box_mm", 1.0, 100.0);
        s.finish(ctx, &["tint", "box_fill", "min_box_mm", "max_box_mm"]);
    }
    if let Some(mut f) = top.table(ctx, "floor") {
        raw.floor_text = number(&mut f, ctx, "text_pt", 2.0, 72.0);
        raw.floor_line = number(&mut f, ctx, "line_pt", 0.05, 10.0);
        raw.floor_why = f.string(ctx, "why");
        f.finish(ctx, &["text_pt", "line_pt", "why"]);
    }
    if let Some(v) = top.get("palette") {
        match v.get_ref() {
            toml::de::DeValue::Table(t) => {
                for (k, c) in t.iter() {
                    match c.get_ref() {
                        toml::de::DeValue::String(s) => raw.palette.push((
                            k.get_ref().to_string(),
                            Sp::new(s.to_string(), ctx.loc(c.span())),
                        )),
                        _ => ctx.diags.push(
                            Diagnostic::error(
                                "wrong-type",
                                "palette colours are strings like \"#e53935\"",
                            )
                            .with_label(ctx.loc(c.span()), "expected a string"),
                        ),
                    }
                }
            }
            _ => ctx.diags.push(
                Diagnostic::error(
                    "wrong-type",
                    "`palette` must be a table of region ids to colours",
                )
                .with_label(ctx.loc(v.span()), "expected [palette]"),
            ),
        }
    }
    top.finish(
        ctx,
        &[
            "extends",
            "name",
            "description",
            "page",
            "fonts",
            "lines",
            "sheet",
            "floor",
            "palette",
        ],
    );
    Some((raw, extends))
}

fn merge(base: Raw, over: Raw) -> Raw {
    let font_files = over.font_files.or(base.font_files);
    // A reason is for the floor of the file that gives it: a template
    // that sets its own floor says its own why.
    let floor_why = if over.floor_text.is_some() || over.floor_line.is_some() {
        over.floor_why
    } else {
        over.floor_why.or(base.floor_why)
    };
    let mut fonts = base.fonts;
    for (b, o) in fonts.iter_mut().zip(over.fonts) {
        if o.is_some() {
            *b = o;
        }
    }
    let mut lines = base.lines;
    for (b, o) in lines.iter_mut().zip(over.lines) {
        if o.is_some() {
            *b = o;
        }
    }
    let mut palette = base.palette;
    for (id, c) in over.palette {
        palette.retain(|(i, _)| *i != id);
        palette.push((id, c));
    }
    // An inherited description names the base's paper and layout: when
    // those change and no new description is given, it is made afresh.
    let reshaped = over.size.is_some()
        || over.landscape.is_some()
        || over.sheets_per_page.is_some()
        || over.sheets_across.is_some()
        || over.sheet_mm.is_some();
    let description = match over.description {
        Some(d) => Some(d),
        None if reshaped => None,
        None => base.description,
    };
    Raw {
        name: over.name.or(base.name),
        description,
        size: over.size.or(base.size),
        landscape: over.landscape.or(base.landscape),
        margins: over.margins.or(base.margins),
        printer_margin: over.printer_margin.or(base.printer_margin),
        sheets_per_page: over.sheets_per_page.or(base.sheets_per_page),
        sheets_across: over.sheets_across.or(base.sheets_across),
        sheet_mm: over.sheet_mm.or(base.sheet_mm),
        bleed_mm: over.bleed_mm.or(base.bleed_mm),
        cut_line: over.cut_line.or(base.cut_line),
        crop_marks: over.crop_marks.or(base.crop_marks),
        fonts,
        font_files,
        lines,
        tint: over.tint.or(base.tint),
        box_fill: over.box_fill.or(base.box_fill),
        min_box_mm: over.min_box_mm.or(base.min_box_mm),
        max_box_mm: over.max_box_mm.or(base.max_box_mm),
        palette,
        floor_text: over.floor_text.or(base.floor_text),
        floor_line: over.floor_line.or(base.floor_line),
        floor_why,
    }
}

/// How far crop marks stay from the cut, in mm (printers ask for 3 mm at
/// least, so that a cut a little off never shows a mark).
pub(crate) const MARK_OFFSET_MM: f32 = 3.0;

/// The named paper sizes: name in templates, portrait size in mm, title.
const PAPERS: [(&str, (f32, f32), &str); 6] = [
    ("letter", (215.9, 279.4), "US Letter (8.5 x 11 in)"),
    ("a4", (210.0, 297.0), "A4 (210 x 297 mm)"),
    ("a5", (148.0, 210.0), "A5 (148 x 210 mm)"),
    ("a3", (297.0, 420.0), "A3 (297 x 420 mm)"),
    ("half-letter", (139.7, 215.9), "half Letter (5.5 x 8.5 in)"),
    ("tabloid", (279.4, 431.8), "Tabloid (11 x 17 in)"),
];

/// A description of a page made from its settings, for templates that
/// change the paper or layout without describing it:
/// "400 x 300 mm, landscape, one sheet per page".
fn describe(paper: (f32, f32), landscape: bool, sheets_per_page: u8) -> String {
    let name = match PAPERS.iter().find(|p| p.1 == paper) {
        Some(&(_, _, title)) => title.to_string(),
        None => format!("{} x {} mm", paper.0, paper.1),
    };
    let orientation = if landscape { "landscape" } else { "portrait" };
    let sheets = match sheets_per_page {
        1 => "one sheet per page".to_string(),
        2 => "two sheets per page".to_string(),
        n => format!("{n} sheets per page"),
    };
    format!("{name}, {orientation}, {sheets}")
}

/// The shipped template named `name`, in any case (`A4` is `a4`).
fn builtin(name: &str) -> Option<(&'static str, &'static str)> {
    BUILTIN
        .iter()
        .chain(&SHOP)
        .find(|(n, _)| n.eq_ignore_ascii_case(name))
        .copied()
}

/// Where the shipped template `name` is said to be, in messages.
fn builtin_path(name: &str) -> PathBuf {
    PathBuf::from(format!("templates/{name}.toml"))
}

/// Template files as `extends` chains read them: a base may be a shipped
/// template by name, and every template but `letter` builds on `letter`.
struct TemplateFormat;

impl Extends for TemplateFormat {
    type Raw = Raw;
    const NOUN: &'static str = "template";

    fn read(&self, ctx: &mut Ctx<'_>, text: &str) -> Option<(Raw, Option<Sp<String>>)> {
        read(ctx, text)
    }

    fn implicit_base(&self, file: &Path) -> Option<String> {
        (file != builtin_path(DEFAULT)).then(|| DEFAULT.to_string())
    }

    fn fetch(
        &self,
        files: &dyn Files,
        from: &Path,
        name: &str,
    ) -> (PathBuf, std::io::Result<Vec<u8>>) {
        match builtin(name) {
            Some((name, text)) => (builtin_path(name), Ok(text.as_bytes().to_vec())),
            None => {
                let path = relative_to(from, name);
                let bytes = files.read(&path);
                (path, bytes)
            }
        }
    }
}

/// Loads a template by shipped name (`letter`, `a4`, `a4-2up` or a
/// [`SHOP`] template, in any case) or file path.
pub fn load(name_or_path: &str) -> Result<Template, TemplateError> {
    let mut sources = SourceMap::new();
    let mut diags = Vec::new();
    let (path, bytes) = match builtin(name_or_path) {
        Some((name, text)) => (builtin_path(name), text.as_bytes().to_vec()),
        None => match std::fs::read(name_or_path) {
            Ok(b) => (PathBuf::from(name_or_path), b),
            Err(e) => {
                diags.push(Diagnostic::error(
                    "template-not-found",
                    format!(
                        "no template `{name_or_path}`: it is not one of {}, nor a shop template ({}), and not a readable file ({e})",
                        BUILTIN.map(|(n, _)| n).join(", "),
                        SHOP.map(|(n, _)| n).join(", ")
                    ),
                ));
                return Err(TemplateError {
                    sources,
                    diagnostics: diags,
                });
            }
        },
    };
    let chain = read_chain(
        &TemplateFormat,
        &DiskFiles,
        &mut sources,
        &mut diags,
        &path,
        bytes,
    );
    let Some(chain) = chain else {
        return Err(TemplateError {
            sources,
            diagnostics: diags,
        });
    };
    if diags.iter().any(Diagnostic::is_error) {
        return Err(TemplateError {
            sources,
            diagnostics: diags,
        });
    }
    let raw = chain
        .into_iter()
        .reduce(merge)
        .expect("at least one template");
    let mut palette = Vec::new();
    for (id, c) in &raw.palette {
        match Color::parse(&c.value) {
            Some(color) => palette.push((id.clone(), color)),
            None => diags.push(
                Diagnostic::error("invalid-value", format!("`{}` is not a colour", c.value))
                    .with_label(c.loc, "expected #rrggbb"),
            ),
        }
    }
    if !diags.is_empty() {
        return Err(TemplateError {
            sources,
            diagnostics: diags,
        });
    }
    let get = |v: &Option<Sp<f32>>| v.as_ref().expect("letter sets every key").value;
    let paper = raw.size.as_ref().expect("letter sets the size").value;
    let landscape = raw.landscape.as_ref().is_some_and(|l| l.value);
    let sheets_per_page = raw.sheets_per_page.as_ref().map_or(1, |s| s.value as u8);
    let sheets_across = raw.sheets_across.as_ref().map_or(1, |s| s.value as u8);
    let (w, h) = paper;
    let (w, h) = if landscape == (w < h) { (h, w) } else { (w, h) };
    let m = raw.margins.as_ref().expect("letter sets the margins").value;
    let bleed = raw.bleed_mm.as_ref().map_or(0.0, |b| b.value);
    let printer_margin = get(&raw.printer_margin);
    let crop_marks = raw.crop_marks.as_ref().is_some_and(|c| c.value);
    // The page's geometry, checked where it is set.
    let mut wrong = |loc: Option<crate::diag::Loc>, message: String, help: &str| {
        let mut d = Diagnostic::error("invalid-value", message).with_help(help.to_string());
        if let Some(loc) = loc {
            d = d.with_label(loc, "here");
        }
        diags.push(d);
    };
    let rows = sheets_per_page / sheets_across.max(1);
    if rows * sheets_across != sheets_per_page {
        wrong(
            raw.sheets_across.as_ref().map(|s| s.loc),
            format!("{sheets_per_page} sheets per page do not make rows of {sheets_across}"),
            "make sheets_per_page a multiple of sheets_across",
        );
    }
    let sheet = raw.sheet_mm.as_ref().map(|s| s.value).unwrap_or((
        w / f32::from(sheets_across.max(1)),
        h / f32::from(rows.max(1)),
    ));
    let block = (
        sheet.0 * f32::from(sheets_across),
        sheet.1 * f32::from(rows),
    );
    if block.0 > w + 0.01 || block.1 > h + 0.01 {
        wrong(
            raw.sheet_mm.as_ref().map(|s| s.loc),
            format!(
                "{sheets_per_page} sheets of {} x {} mm need {} x {} mm, more than the {w} x {h} mm page",
                sheet.0, sheet.1, block.0, block.1
            ),
            "make page.sheet_mm smaller, or use fewer sheets a page",
        );
    }
    if sheet.0 <= m[1] + m[3] + 20.0 || sheet.1 <= m[0] + m[2] + 20.0 {
        wrong(
            raw.margins.as_ref().map(|s| s.loc),
            format!(
                "margins of {} x {} mm leave almost nothing of a {} x {} mm sheet",
                m[1] + m[3],
                m[0] + m[2],
                sheet.0,
                sheet.1
            ),
            "give the sheets narrower margins (page.margins_mm)",
        );
    }
    if bleed > 0.0 && sheets_per_page > 1 {
        wrong(
            raw.bleed_mm.as_ref().map(|b| b.loc),
            format!("a bleed of {bleed} mm with {sheets_per_page} sheets a page"),
            "bleed is for one sheet a page (the page is the cut sheet); sheets placed edge to \
             edge share their cut lines: use bleed_mm = 0",
        );
    }
    if bleed > 0.0
        && (block.0 + 2.0 * bleed > w + 0.01 || block.1 + 2.0 * bleed > h + 0.01)
        && raw.sheet_mm.is_some()
    {
        wrong(
            raw.bleed_mm.as_ref().map(|b| b.loc),
            format!(
                "the {bleed} mm bleed round a {} x {} mm sheet reaches past the page",
                sheet.0, sheet.1
            ),
            "make page.sheet_mm smaller, or leave sheet_mm out: the page is then the cut sheet",
        );
    }
    // Crop marks go outside the sheets, from MARK_OFFSET_MM away, within
    // what the printer prints; a page whose sheets fill it has no room
    // for them (with bleed and no sheet_mm, the PDF page grows for them).
    let grows = bleed > 0.0 && raw.sheet_mm.is_none();
    let room = ((w - block.0).min(h - block.1) / 2.0) - printer_margin;
    if crop_marks && !grows && room < MARK_OFFSET_MM + 2.0 {
        wrong(
            raw.crop_marks.as_ref().map(|c| c.loc),
            format!(
                "crop marks need {} mm round the sheets, inside the printer's margin, and have {:.1} mm",
                MARK_OFFSET_MM + 2.0,
                room.max(0.0)
            ),
            "set page.sheet_mm smaller than the page leaves, or crop_marks = false (a cut line \
             between sheets, or a shop's own marks, does as well)",
        );
    }
    // The floor on type and line sizes, and every size at or above it.
    let floor = Floor {
        text: raw.floor_text.as_ref().map_or(FLOOR_TEXT_PT, |f| f.value),
        line: raw.floor_line.as_ref().map_or(FLOOR_LINE_PT, |f| f.value),
        why: raw.floor_why.as_ref().map(|w| w.value.trim().to_string()),
    };
    // Each size at or above its floor: fonts against the text floor,
    // lines against the line floor.
    let sizes = [
        (
            "fonts",
            &FONT_KEYS[..],
            &raw.fonts[..],
            floor.text,
            "text",
            "text_pt",
            FLOOR_TEXT_PT,
        ),
        (
            "lines",
            &LINE_KEYS[..],
            &raw.lines[..],
            floor.line,
            "lines",
            "line_pt",
            FLOOR_LINE_PT,
        ),
    ];
    for (table, keys, values, least, what, floor_key, shops) in sizes {
        for (key, value) in keys.iter().zip(values) {
            let Some(v) = value.as_ref().filter(|v| v.value + 1e-4 < least) else {
                continue;
            };
            diags.push(
                Diagnostic::error(
                    "print-below-floor",
                    format!(
                        "{table}.{key} is {} pt, below the floor of {least} pt for {what}",
                        v.value
                    ),
                )
                .with_label(v.loc, "below the floor")
                .with_help(format!(
                    "print shops ask for {shops} pt at least: raise it to {least} pt or more, or, \
                     for a template meant for home printing, lower the floor with `[floor] \
                     {floor_key}` and say why (`why = \"...\"`)"
                )),
            );
        }
    }
    if floor.lowered() && floor.why.as_deref().is_none_or(str::is_empty) {
        // At a blank reason, else at the lowered key (a line's first: a
        // text floor may be inherited with its reason).
        let key = match (&raw.floor_why, &raw.floor_line, &raw.floor_text) {
            (Some(w), _, _) => Some(w.loc),
            (_, Some(l), _) if l.value < FLOOR_LINE_PT => Some(l.loc),
            (_, _, t) => t.as_ref().map(|t| t.loc),
        };
        let mut d = Diagnostic::error(
            "invalid-value",
            format!(
                "the floor is lowered below what print shops ask for ({FLOOR_TEXT_PT} pt text, \
                 {FLOOR_LINE_PT} pt lines) without saying why"
            ),
        )
        .with_help(
            "add `why = \"...\"` to [floor]: it is said in the warning of every sheet printed \
             below the shops' floor",
        );
        if let Some(loc) = key {
            d = d.with_label(loc, "lowered here");
        }
        diags.push(d);
    }
    if !diags.is_empty() {
        return Err(TemplateError {
            sources,
            diagnostics: diags,
        });
    }
    Ok(Template {
        name: raw
            .name
            .map(|n| n.value)
            .unwrap_or_else(|| name_or_path.to_string()),
        description: raw
            .description
            .map(|d| d.value)
            .unwrap_or_else(|| describe(paper, landscape, sheets_per_page)),
        page_width: mm(w),
        page_height: mm(h),
        margins: Margins {
            top: mm(m[0]),
            right: mm(m[1]),
            bottom: mm(m[2]),
            left: mm(m[3]),
        },
        printer_margin: mm(printer_margin),
        sheets_per_page,
        sheets_across,
        sheet: raw
            .sheet_mm
            .as_ref()
            .map(|s| (mm(s.value.0), mm(s.value.1))),
        bleed: mm(bleed),
        cut_line: raw.cut_line.is_none_or(|c| c.value),
        crop_marks,
        font_files: raw.font_files.unwrap_or_default(),
        fonts: Fonts {
            title: get(&raw.fonts[0]),
            heading: get(&raw.fonts[1]),
            text: get(&raw.fonts[2]),
            code: get(&raw.fonts[3]),
            small: get(&raw.fonts[4]),
        },
        lines: Lines {
            area: get(&raw.lines[0]),
            region: get(&raw.lines[1]),
            boxes: get(&raw.lines[2]),
            link: get(&raw.lines[3]),
        },
        tint: get(&raw.tint),
        box_fill: get(&raw.box_fill),
        min_box: mm(get(&raw.min_box_mm)),
        max_box: mm(get(&raw.max_box_mm)),
        palette,
        floor,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shipped_templates_load() {
        let letter = load("letter").unwrap();
        assert_eq!(
            (letter.page_width.round(), letter.page_height.round()),
            (792.0, 612.0)
        );
        assert_eq!(letter.sheets_per_page, 1);
        let a4 = load("a4").unwrap();
        assert_eq!(
            (a4.page_width.round(), a4.page_height.round()),
            (842.0, 595.0)
        );
        assert_eq!(a4.fonts, letter.fonts, "inherited from letter");
        let two = load("a4-2up").unwrap();
        assert_eq!(
            (two.page_width.round(), two.page_height.round()),
            (595.0, 842.0)
        );
        assert_eq!(two.sheets_per_page, 2);
        assert!(two.min_box < letter.min_box);
    }

    #[test]
    fn descriptions_follow_the_paper_when_it_changes() {
        let dir = tempfile::tempdir().unwrap();
        let load_text = |name: &str, text: &str| {
            let p = dir.path().join(name);
            std::fs::write(&p, text).unwrap();
            load(p.to_str().unwrap()).unwrap().description
        };
        // A custom size under letter's description: the description says so.
        assert_eq!(
            load_text(
                "big.toml",
                "extends = \"letter\"\n[page]\nsize = [400, 300]\n"
            ),
            "400 x 300 mm, landscape, one sheet per page"
        );
        assert_eq!(
            load_text(
                "a5.toml",
                "[page]\nsize = \"a5\"\norientation = \"portrait\"\n"
            ),
            "A5 (148 x 210 mm), portrait, one sheet per page"
        );
        // A description given with the new size is kept.
        assert_eq!(
            load_text(
                "mine.toml",
                "extends = \"letter\"\ndescription = \"Club paper\"\n[page]\nsize = [400, 300]\n"
            ),
            "Club paper"
        );
        // Changing something else keeps the inherited description.
        assert_eq!(
            load_text("fonts.toml", "extends = \"a4\"\n[fonts]\ntitle = 20\n"),
            load("a4").unwrap().description
        );
        // The shipped templates describe themselves.
        assert!(load("letter").unwrap().description.starts_with("US Letter"));
        assert!(load("a4-2up").unwrap().description.contains("two A5"));
    }

    #[test]
    fn bad_templates_are_reported_with_locations() {
        let dir = tempfile::tempdir().unwrap();
        let p = dir.path().join("t.toml");
        std::fs::write(
            &p,
            "extends = \"a4\"\n[page]\nsheets_per_page = 17\nsize = \"b5\"\n[fonts]\ntitel = 3\n",
        )
        .unwrap();
        let e = load(p.to_str().unwrap()).unwrap_err();
        let codes: Vec<&str> = e.diagnostics.iter().map(|d| d.code).collect();
        assert_eq!(codes, ["invalid-value", "invalid-value", "unknown-key"]);
        let e = load("no-such-template").unwrap_err();
        assert_eq!(e.diagnostics[0].code, "template-not-found");
    }

    /// A page whose sheets, bleed or crop marks do not fit is refused at
    /// the key that asks for them, saying what to change.
    /// Each template text of `cases` is refused with one finding, saying
    /// its words (message or help), at its line.
    fn refused_at_key(dir: &Path, cases: &[(&str, u32, &str)]) {
        for &(text, line, words) in cases {
            let p = dir.join("t.toml");
            std::fs::write(&p, text).unwrap();
            let e = load(p.to_str().unwrap()).unwrap_err();
            assert_eq!(e.diagnostics.len(), 1, "{text}: {:?}", e.diagnostics);
            let d = &e.diagnostics[0];
            let said = format!("{} {}", d.message, d.help.as_deref().unwrap_or(""));
            assert!(said.contains(words), "{text}: {said}");
            let loc = d.labels.first().expect("located").loc;
            assert_eq!(e.sources.position(loc).line, line, "{text}: {said}");
        }
    }

    #[test]
    fn impossible_page_geometry_is_refused_at_its_key() {
        let dir = tempfile::tempdir().unwrap();
        let cases = [
            // Bleed with two sheets a page.
            (
                "extends = \"a4-2up\"\n[page]\nbleed_mm = 3\n",
                3,
                "bleed is for one sheet",
            ),
            // Crop marks with sheets that fill the page.
            (
                "extends = \"a4-2up\"\n[page]\ncrop_marks = true\n",
                3,
                "crop marks need",
            ),
            // Two sheets larger than the page.
            (
                "extends = \"a4-2up\"\n[page]\nsheet_mm = [200, 160]\n",
                3,
                "more than the",
            ),
            // Rows of sheets that do not come out even.
            (
                "extends = \"a4\"\n[page]\nsheets_per_page = 3\nsheets_across = 2\n",
                4,
                "multiple of sheets_across",
            ),
        ];
        refused_at_key(dir.path(), &cases);
        // The shop templates load, with the geometry they say.
        let a5 = load("a5-bleed").unwrap();
        assert_eq!((a5.sheets_per_page, a5.bleed.round()), (1, 9.0));
        let a3 = load("a3-4up-crop").unwrap();
        assert_eq!((a3.sheets_per_page, a3.sheets_across), (4, 2));
        assert!(a3.crop_marks && !a3.cut_line);
    }

    #[test]
    fn sizes_below_the_floor_are_refused_at_their_key() {
        let dir = tempfile::tempdir().unwrap();
        let cases = [
            // A font below letter's floor (4.8 pt, for codes that shrink).
            (
                "extends = \"letter\"\n[fonts]\ncode = 4\n",
                3,
                "fonts.code is 4 pt, below the floor of 4.8 pt",
            ),
            // A line below 0.25 pt.
            (
                "extends = \"letter\"\n[lines]\narea = 0.2\n",
                3,
                "lines.area is 0.2 pt, below the floor of 0.25 pt",
            ),
            // Below a floor the template lowered, too.
            (
                "extends = \"a5-bleed\"\n[fonts]\nsmall = 4\n",
                3,
                "fonts.small is 4 pt, below the floor of 4.5 pt",
            ),
            // Below a floor the template raised.
            (
                "extends = \"letter\"\n[floor]\ntext_pt = 7\n[fonts]\ncode = 6.5\nsmall = 7\n",
                5,
                "fonts.code is 6.5 pt, below the floor of 7 pt",
            ),
            // A floor lowered without saying why: the base's reason is for
            // its own floor.
            (
                "extends = \"letter\"\n[fonts]\ncode = 4\n[floor]\ntext_pt = 4\n",
                5,
                "without saying why",
            ),
            // A reason of blanks is no reason.
            (
                "extends = \"letter\"\n[floor]\nline_pt = 0.1\nwhy = \"  \"\n",
                4,
                "add `why",
            ),
        ];
        refused_at_key(dir.path(), &cases);
        // A floor lowered with a reason loads, and says it.
        let p = dir.path().join("home.toml");
        std::fs::write(
            &p,
            "extends = \"letter\"\n[fonts]\ncode = 4\n[floor]\ntext_pt = 4\nwhy = \"home\"\n",
        )
        .unwrap();
        let t = load(p.to_str().unwrap()).unwrap();
        assert!(t.floor.lowered());
        assert_eq!((t.floor.text, t.floor.why.as_deref()), (4.0, Some("home")));
        // The shipped templates: letter and a4 print every size at the
        // shops' floor or above, and lower the floor only for area codes
        // that shrink to fit; the A5-sized ones print their small text
        // under it (a4-2up, for home printing, the furthest). Each says
        // why.
        for name in BUILTIN.iter().chain(&SHOP).map(|(n, _)| *n) {
            let t = load(name).unwrap();
            let full = ["letter", "a4"].contains(&name);
            let f = t.fonts;
            let least = [f.title, f.heading, f.text, f.code, f.small]
                .into_iter()
                .fold(f32::MAX, f32::min);
            assert_eq!(least >= FLOOR_TEXT_PT, full, "{name}");
            let floor = match name {
                "letter" | "a4" => 4.8,
                "a4-2up" => 3.6,
                _ => 4.5,
            };
            assert_eq!(t.floor.text, floor, "{name}");
            assert_eq!(t.floor.line, FLOOR_LINE_PT, "{name}");
            assert!(
                t.floor.why.as_deref().is_some_and(|w| w.len() > 40),
                "{name}"
            );
            assert!(t.hatch_line() >= t.floor.line, "{name}");
        }
    }

    #[test]
    fn template_chains_are_read_like_map_variants() {
        let dir = tempfile::tempdir().unwrap();
        let a = dir.path().join("a.toml");
        let b = dir.path().join("b.toml");
        std::fs::write(&a, "extends = \"b.toml\"\n").unwrap();
        std::fs::write(&b, "extends = \"a.toml\"\n").unwrap();
        let e = load(a.to_str().unwrap()).unwrap_err();
        assert_eq!(e.diagnostics[0].code, "extends-cycle");
        assert!(e.diagnostics[0].message.contains("a.toml -> "), "{e:?}");
        std::fs::write(&b, "extends = \"gone.toml\"\n").unwrap();
        let e = load(a.to_str().unwrap()).unwrap_err();
        let d = &e.diagnostics[0];
        assert_eq!(d.code, "extends-not-found");
        assert!(
            d.message.contains("the template this file extends"),
            "{d:?}"
        );
        assert_eq!(d.labels.len(), 1, "pointed at the `extends`");
        // A shipped template's name is a base too, in any case.
        std::fs::write(&b, "extends = \"A4\"\ndescription = \"mine\"\n").unwrap();
        let t = load(a.to_str().unwrap()).unwrap();
        assert_eq!(t.description, "mine");
        assert_eq!(t.page_width, load("a4").unwrap().page_width);
    }

    #[test]
    fn shipped_names_are_matched_in_any_case() {
        assert_eq!(load("A4").unwrap(), load("a4").unwrap());
        assert_eq!(load("Letter").unwrap().name, "letter");
        assert_eq!(load("A4-2UP").unwrap().sheets_per_page, 2);
        let e = load("A5").unwrap_err();
        assert_eq!(e.diagnostics[0].code, "template-not-found");
    }
}
