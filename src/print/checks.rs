//! Checks a pad must pass before it is printed: nothing outside the
//! printable area, writing boxes big enough, text that fits, nothing
//! drawn over anything else, links that can be seen, and region colours
//! that can be told apart and from the paper.

use super::pad::{Capacity, LeaderView, Mark, MarkKind, Pad, Part};
use super::template::Template;
use crate::diag::Diagnostic;
use crate::scene::{Item, Rect, Rgb, items_bounds};

/// Colours closer than this (CIE76 ΔE in CIELAB) are too close to tell apart
/// on paper. ΔE 2.3 is the just-noticeable difference; printed tints and
/// dim light need a good margin.
pub(crate) const MIN_COLOR_DISTANCE: f32 = 10.0;

/// A region colour closer than this to white paper (CIE76 ΔE) vanishes
/// in print.
pub(crate) const MIN_PAPER_DISTANCE: f32 = 8.0;

/// The code of the warning that a template lowers the floor on type and
/// line sizes and a sheet prints below what print shops ask for: about
/// the template, so `rollx check` leaves it out of a map's findings.
pub const FLOOR_LOWERED: &str = "print-floor-lowered";

/// The least length of a link's line that must show, in millimetres.
pub(crate) const MIN_LINK_MM: f32 = 2.0;

/// The longest a callout's leader line may be, in millimetres: a box
/// farther from its area than this is hard to match to it.
pub(crate) const MAX_LEADER_MM: f64 = 60.0;

fn points_to_mm(v: f32) -> f32 {
    v * 25.4 / 72.0
}

/// CIELAB (D65) of an sRGB colour.
pub fn lab(c: Rgb) -> (f32, f32, f32) {
    let lin = |v: u8| {
        let v = f32::from(v) / 255.0;
        if v <= 0.04045 {
            v / 12.92
        } else {
            ((v + 0.055) / 1.055).powf(2.4)
        }
    };
    let (r, g, b) = (lin(c.r), lin(c.g), lin(c.b));
    let x = (0.4124 * r + 0.3576 * g + 0.1805 * b) / 0.95047;
    let y = 0.2126 * r + 0.7152 * g + 0.0722 * b;
    let z = (0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.08883;
    let f = |t: f32| {
        if t > 0.008856 {
            t.cbrt()
        } else {
            7.787 * t + 16.0 / 116.0
        }
    };
    let (fx, fy, fz) = (f(x), f(y), f(z));
    (116.0 * fy - 16.0, 500.0 * (fx - fy), 200.0 * (fy - fz))
}

/// CIE76 colour difference.
pub(crate) fn delta_e(a: Rgb, b: Rgb) -> f32 {
    let (l1, a1, b1) = lab(a);
    let (l2, a2, b2) = lab(b);
    ((l1 - l2).powi(2) + (a1 - a2).powi(2) + (b1 - b2).powi(2)).sqrt()
}

/// How many times longer than the straight line between its ends a link
/// may be drawn before `print-link-detour` warns, and by how much longer
/// at least (mm).
const DETOUR_RATIO: f32 = 2.0;
const DETOUR_MM: f32 = 40.0;

/// A reason not to print (an error), or a warning about the sheet, with
/// the parts of the map or board it is about.
#[derive(Clone, Debug, PartialEq)]
pub struct Finding<A> {
    /// What is wrong (an error), or worth a look (a warning).
    pub diagnostic: Diagnostic,
    /// The parts of the map or board it concerns (for pointing into its file).
    pub about: Vec<A>,
}

/// Every reason the pad should not be printed.
pub fn check<A: Part>(pad: &Pad<A>, t: &Template, mono: bool) -> Vec<Diagnostic> {
    findings(pad, t, mono)
        .into_iter()
        .map(|f| f.diagnostic)
        .collect()
}

/// The pad, if it passes the print checks (warnings do not stop it);
/// every reason it should not be printed otherwise.
pub fn checked<A: Part>(pad: Pad<A>, t: &Template, mono: bool) -> Result<Pad<A>, Vec<Diagnostic>> {
    let problems: Vec<Diagnostic> = check(&pad, t, mono)
        .into_iter()
        .filter(Diagnostic::is_error)
        .collect();
    if problems.is_empty() {
        Ok(pad)
    } else {
        Err(problems)
    }
}

/// What the floor on type and line sizes finds in what a sheet draws
/// (`fine`) on `t`: text or lines below the template's floor are errors;
/// below the shops' floor, on a template that lowers it, a warning that
/// says why.
fn floor_findings(fine: &Finest, t: &Template) -> Vec<Diagnostic> {
    let floor = &t.floor;
    let mut out = Vec::new();
    // Sizes are measured to a hundredth of a point (sizes worked out as a
    // share of another, 80 % of 7.5 pt, come out a hair under).
    let below_text = fine.text.as_ref().filter(|(s, _)| *s + 0.01 < floor.text);
    let below_line = fine.line.filter(|w| *w + 0.001 < floor.line);
    if let Some((size, what)) = below_text {
        out.push(
            Diagnostic::error(
                "print-below-floor",
                format!(
                    "\"{what}\" is drawn at {size:.1} pt, below the template's floor of {} pt for text",
                    floor.text
                ),
            )
            .with_help("give it more room (a larger page, or shorter words or ids), or use a template that prints larger"),
        );
    }
    if let Some(width) = below_line {
        out.push(
            Diagnostic::error(
                "print-below-floor",
                format!(
                    "a line is drawn {width:.2} pt wide, below the template's floor of {} pt",
                    floor.line
                ),
            )
            .with_help("make the template's [lines] wider"),
        );
    }
    let shops_text = fine
        .text
        .as_ref()
        .filter(|(s, _)| below_text.is_none() && *s + 0.01 < super::template::FLOOR_TEXT_PT);
    let shops_line = fine
        .line
        .filter(|w| below_line.is_none() && *w + 0.001 < super::template::FLOOR_LINE_PT);
    if shops_text.is_some() || shops_line.is_some() {
        let mut what = Vec::new();
        if let Some((size, text)) = shops_text {
            what.push(format!(
                "text at {size:.1} pt (\"{text}\"), under the {} pt",
                super::template::FLOOR_TEXT_PT
            ));
        }
        if let Some(width) = shops_line {
            what.push(format!(
                "lines {width:.2} pt wide, under the {} pt",
                super::template::FLOOR_LINE_PT
            ));
        }
        out.push(
            Diagnostic::warning(
                FLOOR_LOWERED,
                format!(
                    "the {} template prints {} print shops ask for: {}",
                    t.name,
                    what.join(" and "),
                    floor.why.as_deref().unwrap_or("it lowers the floor")
                ),
            )
            .with_help("for a print shop that asks for 6 pt, print on a larger sheet (letter and a4 print every text at 6 pt or more) or with shorter area ids, or ask the shop first"),
        );
    }

    out
}

/// The finest text and line a document draws: the smallest text size
/// (with the text drawn at it) and the thinnest stroke, in points, over
/// every page and the artwork pages share. What a printer's floor on type
/// and line sizes is measured against.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Finest {
    /// The smallest text: its size, and the text (its first 24
    /// characters).
    pub text: Option<(f32, String)>,
    /// The thinnest line drawn (a stroke of width 0 draws nothing).
    pub line: Option<f32>,
}

impl Finest {
    fn visit(&mut self, items: &[Item]) {
        for item in items {
            match item {
                Item::Text(t)
                    if !t.content.trim().is_empty()
                        && self.text.as_ref().is_none_or(|(s, _)| t.size < *s) =>
                {
                    self.text = Some((t.size, shortened(&t.content)));
                }
                Item::Path(_, style) => {
                    if let Some(w) = style.stroke.as_ref().map(|s| s.width).filter(|w| *w > 0.0) {
                        self.line = Some(self.line.map_or(w, |l| l.min(w)));
                    }
                }
                Item::Clip(_, inner) => self.visit(inner),
                _ => {}
            }
        }
    }
}

/// `text` as a message quotes it: its first 24 characters and an
/// ellipsis when it is longer.
fn shortened(text: &str) -> String {
    let mut chars = text.trim().chars();
    let head: String = chars.by_ref().take(24).collect();
    if chars.next().is_some() {
        format!("{head}…")
    } else {
        head
    }
}

/// The finest text and line `doc` draws.
pub(crate) fn finest(doc: &crate::scene::Document) -> Finest {
    let mut f = Finest::default();
    for s in &doc.symbols {
        f.visit(&s.items);
    }
    for p in &doc.pages {
        f.visit(&p.items);
    }
    f
}

/// Every reason the pad should not be printed, with what each is about.
pub fn findings<A: Part>(pad: &Pad<A>, t: &Template, mono: bool) -> Vec<Finding<A>> {
    let mut out = Vec::new();
    let mut push = |diagnostic: Diagnostic, about: Vec<A>| out.push(Finding { diagnostic, about });
    let doc = &pad.document;
    let whole = match pad.capacity {
        Capacity::Grid { .. } => A::DRAWING,
        Capacity::Diagram { .. } => A::WHOLE,
    };

    // Inside the printable area (sheets by their declared box: content that
    // spills out of a sheet is reported once, below), and each sheet inside
    // its own place.
    let mut reported: Vec<String> = Vec::new();
    for (i, page) in doc.pages.iter().enumerate() {
        let pm = t.printer_margin;
        let printable = Rect::new(pm, pm, page.width - 2.0 * pm, page.height - 2.0 * pm);
        let bounds = page
            .items
            .iter()
            .filter_map(|item| match item {
                Item::Use { symbol, at } => doc
                    .symbols
                    .get(*symbol)
                    .map(|s| Rect::new(at.x, at.y, s.width, s.height)),
                other => other.bounds(&doc.symbols),
            })
            .reduce(|a, b| a.union(&b));
        let Some(b) = bounds.filter(|b| !printable.contains(b)) else {
            continue;
        };
        let closest = [b.x, b.y, page.width - b.right(), page.height - b.bottom()]
            .into_iter()
            .fold(f32::MAX, f32::min);
        let place = if closest < 0.0 {
            format!(
                "reaches {:.1} mm past the paper's edge",
                points_to_mm(-closest)
            )
        } else {
            format!(
                "comes within {:.1} mm of the paper's edge",
                points_to_mm(closest)
            )
        };
        if reported.contains(&place) {
            continue;
        }
        push(
            Diagnostic::error(
                "print-outside",
                format!(
                    "page {}: the drawing {place}, but printers need {:.1} mm",
                    i + 1,
                    points_to_mm(pm)
                ),
            )
            .with_help("give the template wider margins (page.margins_mm)"),
            vec![A::WHOLE],
        );
        reported.push(place);
    }
    for s in &doc.symbols {
        if let Some(b) = items_bounds(&s.items, &doc.symbols) {
            let own = Rect::new(0.0, 0.0, s.width, s.height);
            if !own.contains(&b) {
                push(
                    Diagnostic::error(
                        "print-outside",
                        format!(
                            "the sheet's drawing ({:.0} x {:.0} mm) spills out of its {:.0} x {:.0} mm place on the page",
                            points_to_mm(b.w),
                            points_to_mm(b.h),
                            points_to_mm(s.width),
                            points_to_mm(s.height)
                        ),
                    )
                    .with_help("use a larger page or smaller fonts in the template"),
                    vec![A::WHOLE],
                );
            }
        }
    }

    // The floor on type and line sizes, measured on what is drawn.
    for d in floor_findings(&finest(doc), t) {
        push(d, vec![whole]);
    }

    // Writing boxes: as large as the template asks, or as the family's
    // boxes need whatever the template.
    let (least_box, boxes, asks, lower) = match A::MIN_BOX_MM {
        None => (
            t.min_box,
            "writing boxes",
            "the template asks for".to_string(),
            Some("lower sheet.min_box_mm"),
        ),
        Some(v) => (
            super::template::mm(v),
            "boxes",
            format!("a {}'s boxes must be", A::FILE_NOUN),
            None,
        ),
    };
    let boxes_too_small = pad.box_size + 1e-3 < least_box;
    if boxes_too_small {
        let least = points_to_mm(least_box);
        let (limit, change) = match pad.capacity {
            Capacity::Grid {
                columns,
                rows,
                max_columns,
                max_rows,
            } => (
                format!(
                    "at {least:.1} mm this sheet holds a grid of at most {max_columns} columns and {max_rows} rows; the {}'s grid has {columns} columns and {rows} rows",
                    A::FILE_NOUN
                ),
                format!("draw the {}'s grid with fewer cells", A::FILE_NOUN),
            ),
            Capacity::Diagram { areas, max_areas } => (
                format!(
                    "at {least:.1} mm this sheet holds a diagram of at most {max_areas} areas; the map has {areas}"
                ),
                "give the map a [layout] grid".to_string(),
            ),
        };
        let help = match lower {
            Some(lower) => format!("use a larger page or smaller margins, {change}, or {lower}"),
            None => format!("use a larger page or smaller margins, or {change}"),
        };
        push(
            Diagnostic::error(
                "print-box-too-small",
                format!(
                    "{boxes} would be {:.1} mm across, but {asks} at least {least:.1} mm: {limit}",
                    points_to_mm(pad.box_size),
                ),
            )
            .with_help(help),
            vec![whole],
        );
    }

    // Texts and rows of boxes that do not fit: area codes together (unless
    // their writing boxes are too small, which has its finding), the rest
    // one by one.
    let help = format!(
        "use smaller fonts in the template, or shorter names (or fewer {})",
        A::COUNTED
    );
    // An area's code is its id, printed in its writing box.
    let code_help = format!(
        "give the areas shorter ids in the {} (the id is the code printed in each writing box; \
`rollx import --id-property` can take them from a property of short codes), or print on a \
larger sheet (letter or a4); codes shrink to fit down to 80 % of the template's size, never \
below its floor",
        A::FILE_NOUN
    );
    let (codes, others): (Vec<_>, Vec<_>) =
        pad.overflows.iter().partition(|(_, about)| about.is_code());
    match codes.as_slice() {
        _ if boxes_too_small => {}
        [] => {}
        [(message, about)] => push(
            Diagnostic::error("print-text-overflow", message.clone()).with_help(&code_help),
            vec![*about],
        ),
        many => {
            let shown: Vec<&str> = many.iter().take(3).map(|(m, _)| m.as_str()).collect();
            let more = match many.len() - shown.len() {
                0 => String::new(),
                n => format!("; and {n} more"),
            };
            push(
                Diagnostic::error(
                    "print-text-overflow",
                    format!(
                        "{} area codes do not fit their writing boxes: {}{more}",
                        many.len(),
                        shown.join("; ")
                    ),
                )
                .with_help(&code_help),
                many.iter().take(3).map(|(_, a)| *a).collect(),
            );
        }
    }
    let mut seen: Vec<&str> = Vec::new();
    for (message, about) in others {
        if !seen.contains(&message.as_str()) {
            seen.push(message);
            push(
                Diagnostic::error("print-text-overflow", message.clone()).with_help(&help),
                vec![*about],
            );
        }
    }

    for (diagnostic, about) in &pad.refusals {
        push(diagnostic.clone(), vec![*about]);
    }

    for (diagnostic, about) in overlaps(&pad.marks) {
        push(diagnostic, about);
    }

    // Links.
    for link in &pad.links {
        if points_to_mm(link.visible) < MIN_LINK_MM {
            push(
                Diagnostic::error(
                    "print-link-hidden",
                    format!(
                        "the link between {} and {} shows {:.1} mm of line, but at least {MIN_LINK_MM:.1} mm are needed to see it",
                        link.between[0],
                        link.between[1],
                        points_to_mm(link.visible)
                    ),
                )
                .with_help("move the two areas apart in the grid (a sea cell between them, or a corner with sea beside it), or make them touch and drop the link"),
                vec![link.about],
            );
        }
    }

    // What to do about a link drawn across land depends on what decides
    // the drawing: the grid the designer drew, or the shapes themselves.
    let link_help = match pad.capacity {
        Capacity::Grid { .. } => {
            "move the two areas in the grid so that the sea joins them (the line is bent through the sea when it can be), or make them touch and drop the link"
        }
        Capacity::Diagram { .. } => {
            "no sea between the two shapes keeps clear of other areas (the line is bent through the sea when it can be): print the map with a [layout] grid (`rollx draw` draws one), or drop the link"
        }
    };
    for link in pad.links.iter().filter(|l| !l.crosses.is_empty()) {
        push(
            Diagnostic::error(
                "print-link-crosses",
                format!(
                    "the link between {} and {} is drawn across {}, so players cannot tell which areas it joins",
                    link.between[0],
                    link.between[1],
                    crate::text::and_list(&link.crosses)
                ),
            )
            .with_help(link_help),
            vec![link.about],
        );
    }

    // A link drawn much longer than the straight line between its ends
    // (round a peninsula or an island): a warning, the sheet still prints.
    for link in pad.links.iter().filter(|l| {
        l.direct > 0.0
            && l.length > DETOUR_RATIO * l.direct
            && points_to_mm(l.length - l.direct) > DETOUR_MM
    }) {
        push(
            Diagnostic::warning(
                "print-link-detour",
                format!(
                    "the link between {} and {} is drawn {:.0} mm long, {:.1} times the {:.0} mm between its ends: players may not follow it",
                    link.between[0],
                    link.between[1],
                    points_to_mm(link.length),
                    link.length / link.direct,
                    points_to_mm(link.direct)
                ),
            )
            .with_help(match pad.capacity {
                Capacity::Grid { .. } => "move the two areas in the grid so that open sea joins them by a short way",
                Capacity::Diagram { .. } => "no short way across the water keeps clear of other areas: check that the link joins the areas meant, or print the map with a [layout] grid",
            }),
            vec![link.about],
        );
    }

    // Callouts: leader lines that cross each other, or run far.
    let mut crossing: Vec<(&str, &str, A, A)> = Vec::new();
    for (i, l) in pad.leaders.iter().enumerate() {
        for m in &pad.leaders[i + 1..] {
            if crate::geom::polygon::segments_cross(l.from, l.to, m.from, m.to) {
                crossing.push((&l.area, &m.area, l.about, m.about));
            }
        }
    }
    if !crossing.is_empty() {
        let shown: Vec<String> = crossing
            .iter()
            .take(6)
            .map(|(a, b, _, _)| format!("{a} and {b}"))
            .collect();
        let more = match crossing.len() - shown.len() {
            0 => String::new(),
            n => format!(", and {n} more"),
        };
        let message = match crossing.len() {
            1 => format!(
                "the leader lines of the callouts of {} cross, so players cannot follow them to their areas",
                shown[0]
            ),
            n => format!(
                "the leader lines of {n} pairs of callouts cross, so players cannot follow them to their areas: {}{more}",
                shown.join("; ")
            ),
        };
        let mut about: Vec<A> = Vec::new();
        for &(_, _, x, y) in &crossing {
            for a in [x, y] {
                if !about.contains(&a) {
                    about.push(a);
                }
            }
        }
        push(
            Diagnostic::error("print-leaders-cross", message)
                .with_help("use a larger page or smaller writing boxes (sheet.min_box_mm), enlarge the crowded areas in an inset ([layout] inset = [\"A\", \"B\"]), or print the map with a [layout] grid"),
            about,
        );
    }
    let far: Vec<(&LeaderView<A>, f64)> = pad
        .leaders
        .iter()
        .map(|l| {
            let length =
                f64::from(points_to_mm(1.0)) * (l.to[0] - l.from[0]).hypot(l.to[1] - l.from[1]);
            (l, length)
        })
        .filter(|&(_, length)| length > MAX_LEADER_MM)
        .collect();
    if !far.is_empty() {
        let message = match far.as_slice() {
            [(l, length)] => format!(
                "the callout of {} is {length:.1} mm from its area (the length of its leader line), but at most {MAX_LEADER_MM:.0} mm keeps it easy to find",
                l.area
            ),
            many => {
                let shown: Vec<String> = many
                    .iter()
                    .take(6)
                    .map(|(l, length)| format!("{} ({length:.1} mm)", l.area))
                    .collect();
                let more = match many.len() - shown.len() {
                    0 => String::new(),
                    n => format!(", and {n} more"),
                };
                format!(
                    "{} callouts are farther from their areas (the length of their leader lines) than the {MAX_LEADER_MM:.0} mm that keeps them easy to find: {}{more}",
                    many.len(),
                    shown.join(", ")
                )
            }
        };
        push(
            Diagnostic::error("print-callout-far", message)
                .with_help("use a larger page or smaller writing boxes (sheet.min_box_mm), enlarge the crowded areas in an inset ([layout] inset = [\"A\", \"B\"]), or print the map with a [layout] grid"),
            far.iter().take(6).map(|(l, _)| l.about).collect(),
        );
    }

    // Region colours.
    if !mono {
        for (i, (id, c)) in pad.colors.iter().enumerate() {
            let d = delta_e(*c, Rgb::WHITE);
            if d < MIN_PAPER_DISTANCE {
                push(
                    Diagnostic::error(
                        "print-color-too-pale",
                        format!(
                            "{} `{id}` prints in {c}, too close to white paper to see (ΔE {d:.1}, at least {MIN_PAPER_DISTANCE} needed)",
                            A::COLOR_NOUN
                        ),
                    )
                    .with_help(format!("give the {} a darker colour (in the {} or the template's [palette]), raise sheet.tint, or print with --mono", A::COLOR_NOUN, A::FILE_NOUN)),
                    vec![A::color(i)],
                );
            }
        }
        let colors = &pad.colors;
        for i in 0..colors.len() {
            for j in i + 1..colors.len() {
                let d = delta_e(colors[i].1, colors[j].1);
                if d < MIN_COLOR_DISTANCE {
                    push(
                        Diagnostic::error(
                            "print-colors-too-close",
                            format!(
                                "{}s `{}` ({}) and `{}` ({}) print in colours too close to tell apart (ΔE {:.1}, at least {} needed)",
                                A::COLOR_NOUN, colors[i].0, colors[i].1, colors[j].0, colors[j].1, d, MIN_COLOR_DISTANCE
                            ),
                        )
                        .with_help(format!("give the {}s more different colours (in the {} or the template's [palette]), raise sheet.tint, or print with --mono", A::COLOR_NOUN, A::FILE_NOUN)),
                        vec![A::color(i), A::color(j)],
                    );
                }
            }
        }
    }
    for d in missing_glyphs(doc) {
        push(d, vec![A::WHOLE]);
    }
    out
}

/// A `print-glyph-missing` finding pointed at the first place the files
/// read (the file first, then what it extends) write one of the characters
/// it names, outside comments; a character only a catalogue or template
/// prints is left as the message names it.
pub(crate) fn locate_glyphs(d: &mut Diagnostic, sources: &crate::diag::SourceMap) {
    if d.code != "print-glyph-missing" {
        return;
    }
    let chars: Vec<char> = d
        .message
        .split("(U+")
        .skip(1)
        .filter_map(|rest| rest.split(')').next())
        .filter_map(|hex| u32::from_str_radix(hex, 16).ok())
        .filter_map(char::from_u32)
        .collect();
    for id in sources.ids() {
        let text = &sources.get(id).text;
        let mut offset = 0;
        for line in text.split_inclusive('\n') {
            if !line.trim_start().starts_with('#')
                && let Some((i, c)) = line.char_indices().find(|(_, c)| chars.contains(c))
            {
                let at = offset + i;
                d.labels.push(crate::diag::Label {
                    loc: crate::diag::Loc::new(id, at..at + c.len_utf8()),
                    text: format!("no font has {}", char_name(c)),
                });
                return;
            }
            offset += line.len();
        }
    }
}

/// What [`missing_glyphs`] calls a character: `北 (U+5317)`.
pub fn char_name(c: char) -> String {
    format!("{c} (U+{:04X})", u32::from(c))
}

/// A character of the pad's texts that no font it may use draws: one
/// error for each, naming up to three texts that hold it, the fonts tried
/// and how to get one that has it. A blank box is never printed.
pub(crate) fn missing_glyphs(doc: &crate::scene::Document) -> Vec<Diagnostic> {
    let mut chars: Vec<char> = Vec::new();
    let mut texts: Vec<String> = Vec::new();
    let mut fonts: Option<crate::scene::Fonts> = None;
    let mut seen: std::collections::HashSet<(String, crate::scene::Weight)> = Default::default();
    for page in doc.pages.iter().take(1) {
        crate::scene::visit_text(
            &page.items,
            &doc.symbols,
            crate::scene::Point::default(),
            &mut |t, _| {
                if !seen.insert((t.content.clone(), t.weight)) {
                    return;
                }
                let missing = t.fonts.missing(&t.content, t.weight);
                if missing.is_empty() {
                    return;
                }
                for c in missing {
                    if !chars.contains(&c) {
                        chars.push(c);
                    }
                }
                if !texts.contains(&t.content) {
                    texts.push(t.content.clone());
                }
                fonts.get_or_insert_with(|| t.fonts.clone());
            },
        );
    }
    let Some(fonts) = fonts else {
        return Vec::new();
    };
    let list = |items: Vec<String>, n: usize, noun: &str| match items.len() {
        k if k <= n => crate::text::and_list(&items),
        k => format!(
            "{} and {} more{}",
            items[..n].join(", "),
            k - n,
            if noun.is_empty() {
                String::new()
            } else {
                format!(" {noun}")
            }
        ),
    };
    let what = match chars.as_slice() {
        [c] => char_name(*c),
        _ => format!(
            "{} characters: {}",
            chars.len(),
            list(chars.iter().map(|&c| char_name(c)).collect(), 6, "")
        ),
    };
    let texts = list(
        texts.iter().map(|t| format!("\"{t}\"")).collect(),
        3,
        "texts",
    );
    vec![
        Diagnostic::error(
            "print-glyph-missing",
            format!("no font rollx may use has {what}, in {texts}: they would print as blank boxes"),
        )
        .with_help(format!(
            "install a font that has them (Debian and Ubuntu: fonts-noto-cjk for Japanese, Chinese and Korean), name one in the file (fonts = [\"fonts/NotoSansJP-Regular.otf\"] in [map] or [board]) or give --font-path DIR, or write the text without them; fonts tried: {}",
            fonts.sources()
        )),
    ]
}

/// Whether mark `inner` lies inside mark `outer`, directly or through
/// the marks it lies in.
fn within<A>(marks: &[Mark<A>], inner: usize, outer: usize) -> bool {
    let mut at = marks[inner].inside;
    while let Some(i) = at {
        if i == outer {
            return true;
        }
        at = marks[i].inside;
    }
    false
}

/// Every pair of marks that overlap (but for a mark and what lies inside
/// it), one finding per kind of pair.
fn overlaps<A: Part>(marks: &[Mark<A>]) -> Vec<(Diagnostic, Vec<A>)> {
    // Tolerance: lines drawn on a shared edge do not count.
    const TOUCH: f32 = 0.05;
    let mut pairs: Vec<((MarkKind, MarkKind), String, [A; 2])> = Vec::new();
    for i in 0..marks.len() {
        for j in i + 1..marks.len() {
            let (a, b) = (&marks[i], &marks[j]);
            if within(marks, i, j) || within(marks, j, i) {
                continue;
            }
            if a.rect.inflate(-TOUCH).overlap(&b.rect.inflate(-TOUCH)) > 0.0 {
                let (first, second) = if a.kind <= b.kind { (a, b) } else { (b, a) };
                pairs.push((
                    (first.kind, second.kind),
                    format!("{} and {}", first.what, second.what),
                    [first.about, second.about],
                ));
            }
        }
    }
    pairs.sort_by_key(|(kinds, _, _)| *kinds);
    let mut out = Vec::new();
    for chunk in pairs.chunk_by(|x, y| x.0 == y.0) {
        let (first, second) = chunk[0].0;
        let kinds = if first == second {
            first.plural().to_string()
        } else {
            format!("{} and {}", first.plural(), second.plural())
        };
        let shown: Vec<&str> = chunk.iter().take(6).map(|(_, s, _)| s.as_str()).collect();
        let mut about: Vec<A> = Vec::new();
        for (_, _, pair) in chunk {
            for a in pair {
                if !about.contains(a) {
                    about.push(*a);
                }
            }
        }
        let more = match chunk.len() - shown.len() {
            0 => String::new(),
            n => format!(", and {n} more"),
        };
        let count = match chunk.len() {
            1 => "a pair of".to_string(),
            n => format!("{n} pairs of"),
        };
        out.push((
            Diagnostic::error(
                "print-overlap",
                format!("{count} {kinds} overlap: {}{more}", shown.join("; ")),
            )
            .with_help("use a larger page or smaller fonts, or fewer areas, rounds or powers"),
            about,
        ));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[derive(Clone, Copy, Debug, PartialEq)]
    struct Whole;

    impl Part for Whole {
        const WHOLE: Self = Whole;
        const DRAWING: Self = Whole;
        const COLOR_NOUN: &'static str = "colour";
        const FILE_NOUN: &'static str = "board";
        fn color(_: usize) -> Self {
            Whole
        }
        fn is_code(&self) -> bool {
            false
        }
    }

    fn mark(kind: MarkKind, what: &str, rect: Rect, inside: Option<usize>) -> Mark<Whole> {
        Mark {
            kind,
            what: what.into(),
            rect,
            inside,
            about: Whole,
        }
    }

    #[test]
    fn overlapping_marks_are_reported_by_kind_and_contents_are_not() {
        // (kind, name, x, y, side or width, height, inside)
        let table: [(MarkKind, &str, [f32; 4], Option<usize>); 7] = [
            (
                MarkKind::Frame,
                "the frame of A",
                [0.0, 0.0, 10.0, 10.0],
                None,
            ),
            (
                MarkKind::WritingBox,
                "the writing box of A",
                [2.0, 2.0, 6.0, 6.0],
                Some(0),
            ),
            (MarkKind::Label, "\"A\"", [2.5, 2.5, 2.0, 1.0], Some(1)),
            (
                MarkKind::Frame,
                "the frame of B",
                [9.0, 0.0, 10.0, 10.0],
                None,
            ),
            (
                MarkKind::Frame,
                "the frame of C",
                [18.0, 0.0, 10.0, 10.0],
                None,
            ),
            // Touching edges are fine.
            (
                MarkKind::Frame,
                "the frame of D",
                [0.0, 10.0, 10.0, 10.0],
                None,
            ),
            (MarkKind::Label, "\"Round\"", [3.0, 15.0, 20.0, 2.0], None),
        ];
        let marks: Vec<Mark<Whole>> = table
            .iter()
            .map(|&(kind, what, [x, y, w, h], inside)| {
                mark(kind, what, Rect::new(x, y, w, h), inside)
            })
            .collect();
        let found = overlaps(&marks);
        let messages: Vec<&str> = found.iter().map(|(d, _)| d.message.as_str()).collect();
        assert_eq!(
            messages,
            [
                "2 pairs of area frames overlap: the frame of A and the frame of B; the frame of B and the frame of C",
                "a pair of area frames and labels overlap: the frame of D and \"Round\"",
            ]
        );
        assert!(found.iter().all(|(d, _)| d.code == "print-overlap"));
    }

    #[test]
    fn the_floor_is_measured_on_what_is_drawn() {
        use crate::scene::{Document, Path, Stroke, Style, Symbol};
        let t = |size: f32, content: &str| {
            Item::Text(super::super::draw::text(
                crate::scene::Point::new(0.0, 10.0),
                content,
                size,
                crate::scene::Weight::Regular,
                crate::scene::Anchor::Start,
            ))
        };
        let line = |w: f32| {
            Item::Path(
                Path::rect(Rect::new(0.0, 0.0, 5.0, 5.0)),
                Style::stroke(Stroke::solid(Rgb::BLACK, w)),
            )
        };
        // The finest text and line, inside clips and shared artwork too;
        // blank texts and strokes of width 0 draw nothing.
        let doc = Document {
            symbols: vec![Symbol {
                name: "sheet".into(),
                width: 10.0,
                height: 10.0,
                items: vec![
                    t(7.0, "A"),
                    Item::Clip(
                        Path::rect(Rect::new(0.0, 0.0, 1.0, 1.0)),
                        vec![line(0.3), t(5.0, "HKD")],
                    ),
                ],
            }],
            pages: vec![crate::scene::Page {
                width: 10.0,
                height: 10.0,
                items: vec![t(2.0, " "), line(0.0), line(0.6)],
                boxes: Default::default(),
            }],
            ..Document::default()
        };
        let fine = finest(&doc);
        assert_eq!(fine.text, Some((5.0, "HKD".to_string())));
        assert_eq!(fine.line, Some(0.3));

        // 5 pt is under the shops' 6 pt: on letter (floor 4.8 pt for codes
        // that shrink) and a4-2up (3.6 pt) a warning that says why; under
        // a5-bleed's 4.5 pt, 4 pt is an error.
        let letter = super::super::template::load("letter").unwrap();
        let two = super::super::template::load("a4-2up").unwrap();
        for t in [&letter, &two] {
            let found = floor_findings(&fine, t);
            assert_eq!(found.len(), 1, "{found:?}");
            assert!(!found[0].is_error() && found[0].code == FLOOR_LOWERED);
            let why = t.floor.why.as_deref().unwrap();
            assert!(
                found[0].message.contains(why) && found[0].message.contains("5.0 pt (\"HKD\")"),
                "{}",
                found[0].message
            );
        }
        let shop = super::super::template::load("a5-bleed").unwrap();
        let small = Finest {
            text: Some((4.0, "HKD".into())),
            line: None,
        };
        let found = floor_findings(&small, &shop);
        assert_eq!(found.len(), 1, "{found:?}");
        assert!(found[0].is_error() && found[0].code == "print-below-floor");
        assert!(
            found[0]
                .message
                .contains("\"HKD\" is drawn at 4.0 pt, below the template's floor of 4.5 pt"),
            "{}",
            found[0].message
        );
        // A line under the floor, and one under the shops' floor only.
        let thin = Finest {
            text: None,
            line: Some(0.2),
        };
        assert_eq!(floor_findings(&thin, &letter)[0].code, "print-below-floor");
        assert!(
            floor_findings(&thin, &two)[0]
                .message
                .contains("0.20 pt wide")
        );
        // What meets the shops' floor finds nothing anywhere.
        let fine = Finest {
            text: Some((6.0, "A".into())),
            line: Some(0.25),
        };
        assert!(floor_findings(&fine, &letter).is_empty());
        assert!(floor_findings(&fine, &two).is_empty());
    }

    #[test]
    fn colour_differences_follow_cielab() {
        assert!(delta_e(Rgb::WHITE, Rgb::BLACK) > 99.0);
        assert!(delta_e(Rgb::new(255, 0, 0), Rgb::new(254, 0, 0)) < 1.0);
        let (l, a, b) = lab(Rgb::WHITE);
        assert!((l - 100.0).abs() < 0.1 && a.abs() < 0.1 && b.abs() < 0.1);
    }
}
