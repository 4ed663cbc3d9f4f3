//! Drawing a sheet, the part every family shares: each text and box drawn
//! is recorded as a [`Mark`] for the print checks, and a text wider than
//! its room as an overflow; the title and the line for the player's
//! name; the bottom line's legend and credit.

use super::pad::{Mark, MarkKind, Part};
use super::paging::{INK, SOFT};
use super::template::Template;
use crate::lang::{Lang, sheet as words};
use crate::scene::{Anchor, Fonts, Item, Path, Point, Rect, Stroke, Style, Text, Weight};

/// How far a text wider than its room shrinks before it overflows: a
/// share of its size.
pub const SHRINK_FLOOR: f32 = 0.8;

/// The least size a text drawn at `size` shrinks to so that it fits its
/// room: [`SHRINK_FLOOR`] of it, never below `floor` (a template's floor
/// on text; a text smaller than the floor to begin with does not shrink).
pub fn least_size(size: f32, floor: f32) -> f32 {
    (size * SHRINK_FLOOR).max(size.min(floor))
}

/// A line of text in ink, at its natural width.
pub fn text(
    pos: Point,
    content: impl Into<String>,
    size: f32,
    weight: Weight,
    anchor: Anchor,
) -> Text {
    Text {
        pos,
        content: content.into(),
        size,
        weight,
        color: INK,
        anchor,
        max_width: None,
        fonts: crate::scene::Fonts::default(),
    }
}

/// Who made a map or board and on what terms, as its file says: the
/// credit line at the foot of its sheets, and the PDF's title and author.
#[derive(Clone, Copy, Debug, Default)]
pub struct Credit<'a> {
    /// The file's id (`usa`).
    pub id: &'a str,
    /// Its name (`Rolling America`): the sheet's and the PDF's title.
    pub name: &'a str,
    /// Its version.
    pub version: Option<&'a str>,
    /// Who made it.
    pub author: Option<&'a str>,
    /// Its licence.
    pub licence: Option<&'a str>,
}

impl Credit<'_> {
    /// The credit line: the id and version, the author, the licence, and
    /// rollx (`usa v1.0 · by Gamewright · CC0-1.0 · rollx`), each part
    /// only where the file gives it, in `lang`.
    pub fn line(&self, lang: Lang) -> String {
        let mut parts = vec![match self.version {
            Some(v) => format!("{} v{v}", self.id),
            None => self.id.to_string(),
        }];
        parts.extend(self.author.map(|a| lang.fill(words::BY, &[("author", &a)])));
        parts.extend(self.licence.map(str::to_string));
        parts.push("rollx".to_string());
        parts.join(" \u{b7} ")
    }
}

/// The legend's sentences word-wrapped into lines `width` wide, the last
/// leaving room for the credit line at its right end (a line of its own,
/// empty but for the credit, when the legend's last line has none): what
/// [`Drawing::bottom_line`] draws. A word wider than a line stays whole
/// (the print checks report it).
pub(crate) fn bottom_lines<A>(
    t: &Template,
    width: f32,
    credit: &Credit<'_>,
    legend: &[String],
    canvas: &Canvas<A>,
) -> Vec<String> {
    let small = t.fonts.small;
    let lang = canvas.lang;
    let w = |s: &str| canvas.fonts.width(s, small, Weight::Regular);
    let mut lines: Vec<String> = vec![String::new()];
    for sentence in legend {
        for (k, word) in sentence.split_whitespace().enumerate() {
            let line = lines.last_mut().expect("one line at least");
            let sep = match (line.is_empty(), k) {
                (true, _) => "",
                (false, 0) => "  ",
                (false, _) => " ",
            };
            let longer = format!("{line}{sep}{word}");
            if line.is_empty() || w(&longer) <= width {
                *line = longer;
            } else {
                lines.push(word.to_string());
            }
        }
    }
    let room = width - w(&credit.line(lang)) - 8.0;
    if lines.last().is_some_and(|l| w(l) > room) {
        lines.push(String::new());
    }
    lines
}

/// The height the bottom lines take.
pub(crate) fn bottom_height(t: &Template, lines: &[String]) -> f32 {
    t.fonts.small * 1.5 * lines.len().max(1) as f32
}

/// What a sheet being drawn holds, whatever its family: the items and
/// texts drawn so far, and what the print checks learn from them.
#[derive(Clone, Debug)]
pub struct Canvas<A> {
    /// The shapes, drawn first.
    pub items: Vec<Item>,
    /// The texts, drawn over the shapes.
    pub texts: Vec<Item>,
    /// Everything that must stay clear of everything else.
    pub marks: Vec<Mark<A>>,
    /// Texts and rows of boxes that do not fit their place.
    pub overflows: Vec<(String, A)>,
    /// What the layout itself found it cannot draw as asked (an atlas's
    /// inset with no room on the page), as print-check errors.
    pub refusals: Vec<(crate::diag::Diagnostic, A)>,
    /// What is being drawn now, for the marks and overflows.
    pub about: A,
    /// The language of the sheet's words.
    pub lang: Lang,
    /// The fonts its texts are drawn with.
    pub fonts: Fonts,
    /// The least size a text shrinks to: the template's floor, or the
    /// 6 pt print shops ask for when the template lowers it (a template
    /// lowers it for area codes, which shrink by their own rule).
    pub floor: f32,
}

impl<A> Canvas<A> {
    /// An empty canvas in `locale` for a sheet on `t`, about to draw
    /// `about`.
    pub fn new(about: A, locale: &super::Locale, t: &Template) -> Self {
        Self {
            lang: locale.lang(),
            fonts: locale.fonts(),
            floor: t.floor.text.max(super::template::FLOOR_TEXT_PT),
            items: Vec::new(),
            texts: Vec::new(),
            marks: Vec::new(),
            overflows: Vec::new(),
            refusals: Vec::new(),
            about,
        }
    }
}

/// A family's sheet being drawn: where its items go and what the print
/// checks learn from them, on its [`Canvas`]. A family gives the canvas and gets
/// [`Drawing::mark`], [`Drawing::label`], [`Drawing::title_line`] and
/// [`Drawing::bottom_line`].
pub trait Drawing {
    /// What part of the map or board things on the sheet show.
    type Part: Part;

    /// What has been drawn so far.
    fn canvas(&self) -> &Canvas<Self::Part>;
    /// What has been drawn so far, to draw more.
    fn canvas_mut(&mut self) -> &mut Canvas<Self::Part>;

    /// What is being drawn now.
    fn about(&self) -> Self::Part {
        self.canvas().about
    }
    /// The shapes, drawn first.
    fn items(&mut self) -> &mut Vec<Item> {
        &mut self.canvas_mut().items
    }
    /// The texts, drawn over the shapes.
    fn texts(&mut self) -> &mut Vec<Item> {
        &mut self.canvas_mut().texts
    }
    /// Everything that must stay clear of everything else.
    fn marks(&mut self) -> &mut Vec<Mark<Self::Part>> {
        &mut self.canvas_mut().marks
    }
    /// Texts and rows of boxes that do not fit their place.
    fn overflows(&mut self) -> &mut Vec<(String, Self::Part)> {
        &mut self.canvas_mut().overflows
    }

    /// Records something that must stay clear of the rest (but for what
    /// lies `inside` the mark of that index); returns its index.
    fn mark(
        &mut self,
        kind: MarkKind,
        what: impl Into<String>,
        rect: Rect,
        inside: Option<usize>,
    ) -> usize {
        let about = self.about();
        let marks = self.marks();
        marks.push(Mark {
            kind,
            what: what.into(),
            rect,
            inside,
            about,
        });
        marks.len() - 1
    }

    /// Draws a text and records it as a mark (as wide as its room at most),
    /// and as an overflow when it is wider than its room (its
    /// `max_width`).
    fn label(&mut self, mut t: Text, inside: Option<usize>) -> usize {
        t.fonts = self.canvas().fonts.clone();
        // A text wider than its room (a longer word in another language)
        // shrinks, down to [`SHRINK_FLOOR`] of its size, never below the
        // canvas's floor (unless it was smaller, and then not at all).
        if let Some(max) = t.max_width
            && max > 0.0
        {
            let w = t.width();
            if w > max + 0.01 {
                let floor = least_size(t.size, self.canvas().floor);
                t.size = (t.size * max / w).max(floor);
            }
        }
        let mut rect = t.bounds();
        if let Some(max) = t.max_width
            && rect.w > max + 0.01
        {
            let mm = |v: f32| v * 25.4 / 72.0;
            let room = if max > 0.0 {
                format!("has {:.1} mm of room", mm(max))
            } else {
                "has no room left".to_string()
            };
            let about = self.about();
            let lang = self.canvas().lang;
            let lang = if lang == Lang::ENGLISH {
                String::new()
            } else {
                format!(" (in {})", lang.english_name())
            };
            self.overflows().push((
                format!(
                    "\"{}\"{lang} is {:.1} mm wide even at {:.1} pt but {room}",
                    t.content,
                    mm(rect.w),
                    t.size
                ),
                about,
            ));
            let left = match t.anchor {
                Anchor::Start => t.pos.x,
                Anchor::Middle => t.pos.x - max / 2.0,
                Anchor::End => t.pos.x - max,
            };
            rect = Rect::new(left, rect.y, max.max(0.0), rect.h);
        }
        let what = format!("\"{}\"", t.content);
        self.texts().push(Item::Text(t));
        self.mark(MarkKind::Label, what, rect, inside)
    }

    /// The first line of a sheet `width` wide: its `title` (in bold, on
    /// up to 60 % of the width) and, at the right end, the line for the
    /// player's name (28 % of the width) with "Name" before it. Returns the
    /// line's baseline.
    fn title_line(&mut self, t: &Template, width: f32, title: String) -> f32 {
        let baseline = t.fonts.title * crate::scene::font::vertical_metrics(Weight::Bold).0;
        self.label(
            Text {
                pos: Point::new(0.0, baseline),
                content: title,
                size: t.fonts.title,
                weight: Weight::Bold,
                color: INK,
                anchor: Anchor::Start,
                max_width: Some(width * 0.6),
                fonts: crate::scene::Fonts::default(),
            },
            None,
        );
        let name_w = width * 0.28;
        let end = width - t.lines.boxes / 2.0;
        let line = Item::Path(
            Path::line(
                Point::new(end - name_w, baseline + 1.0),
                Point::new(end, baseline + 1.0),
            ),
            Style::stroke(Stroke::solid(INK, t.lines.boxes)),
        );
        if let Some(b) = line.bounds(&[]) {
            self.mark(MarkKind::Box, "the name line", b, None);
        }
        self.items().push(line);
        self.label(
            Text {
                pos: Point::new(end - name_w - 4.0, baseline),
                content: self.canvas().lang.word(words::NAME).into(),
                size: t.fonts.heading,
                weight: Weight::Bold,
                color: INK,
                anchor: Anchor::End,
                max_width: None,
                fonts: crate::scene::Fonts::default(),
            },
            None,
        );
        baseline
    }

    /// The bottom lines of a sheet `width` wide, the last on `baseline`:
    /// the legend's `lines` (`bottom_lines`), left, and on the last the
    /// credit line ([`Credit::line`]), right, in grey.
    fn bottom_line(
        &mut self,
        t: &Template,
        width: f32,
        baseline: f32,
        credit: &Credit<'_>,
        lines: &[String],
    ) {
        let small = t.fonts.small;
        let text = |pos: Point, content: String, color, anchor| Text {
            pos,
            content,
            size: small,
            weight: Weight::Regular,
            color,
            anchor,
            max_width: None,
            fonts: crate::scene::Fonts::default(),
        };
        let credit = credit.line(self.canvas().lang);
        let credit_w = self.canvas().fonts.width(&credit, small, Weight::Regular);
        self.label(
            text(Point::new(width, baseline), credit, SOFT, Anchor::End),
            None,
        );
        let n = lines.len();
        for (i, line) in lines.iter().enumerate() {
            if line.is_empty() {
                continue;
            }
            let y = baseline - (n - 1 - i) as f32 * small * 1.5;
            let mut t = text(Point::new(0.0, y), line.clone(), INK, Anchor::Start);
            t.max_width = Some(if i + 1 == n {
                width - credit_w - 8.0
            } else {
                width
            });
            self.label(t, None);
        }
    }
}

/// Implements [`Drawing`] for a family's sheet type that keeps its
/// [`Canvas`] in a field named `canvas`: `drawing_on_canvas!(Sheet<'_>,
/// About)`.
macro_rules! drawing_on_canvas {
    ($sheet:ty, $part:ty) => {
        impl $crate::print::Drawing for $sheet {
            type Part = $part;

            fn canvas(&self) -> &$crate::print::Canvas<$part> {
                &self.canvas
            }

            fn canvas_mut(&mut self) -> &mut $crate::print::Canvas<$part> {
                &mut self.canvas
            }
        }
    };
}
pub(crate) use drawing_on_canvas;
