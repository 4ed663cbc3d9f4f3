//! A renderer-agnostic display list: what a printed page looks like, in
//! points (1/72 inch), origin at the top left, y pointing down.
//!
//! The sheet layout produces a [`Document`]; the exporters in
//! [`crate::render`] turn it into PDF, SVG or PNG without knowing anything
//! about games. Artwork repeated on many pages is a [`Symbol`] drawn with
//! [`Item::Use`], so that a PDF can hold it once (as a form XObject) however
//! many pages use it.

pub(crate) mod font;
pub mod fonts;
pub mod shape;

use std::fmt;

pub use font::Weight;
pub(crate) use font::text_width;
pub use fonts::{FontConfig, Fonts};

/// An sRGB colour.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Rgb {
    /// Red, 0-255.
    pub r: u8,
    /// Green, 0-255.
    pub g: u8,
    /// Blue, 0-255.
    pub b: u8,
}

impl Rgb {
    /// Black.
    pub const BLACK: Rgb = Rgb { r: 0, g: 0, b: 0 };
    /// White.
    pub const WHITE: Rgb = Rgb {
        r: 255,
        g: 255,
        b: 255,
    };

    /// A colour from its components.
    pub const fn new(r: u8, g: u8, b: u8) -> Self {
        Self { r, g, b }
    }

    /// A grey (0 black, 255 white).
    pub const fn grey(v: u8) -> Self {
        Self { r: v, g: v, b: v }
    }

    /// Parses `#rrggbb` or `#rgb`.
    pub fn parse(s: &str) -> Option<Self> {
        let hex = s.strip_prefix('#')?;
        if !hex.is_ascii() {
            return None;
        }
        let digit = |i: usize, len: usize| u8::from_str_radix(&hex[i..i + len], 16).ok();
        match hex.len() {
            6 => Some(Self::new(digit(0, 2)?, digit(2, 2)?, digit(4, 2)?)),
            3 => Some(Self::new(
                digit(0, 1)? * 17,
                digit(1, 1)? * 17,
                digit(2, 1)? * 17,
            )),
            _ => None,
        }
    }

    /// This colour mixed with white: `amount` 1 keeps the colour, 0 is white.
    pub fn tint(self, amount: f32) -> Self {
        let mix = |c: u8| (255.0 - (255.0 - f32::from(c)) * amount.clamp(0.0, 1.0)).round() as u8;
        Self::new(mix(self.r), mix(self.g), mix(self.b))
    }
}

impl fmt::Display for Rgb {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "#{:02x}{:02x}{:02x}", self.r, self.g, self.b)
    }
}

/// As `#rrggbb`.
impl serde::Serialize for Rgb {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

/// A point.
#[derive(Clone, Copy, Debug, PartialEq, Default)]
pub struct Point {
    /// From the left, in points.
    pub x: f32,
    /// From the top, in points.
    pub y: f32,
}

impl Point {
    /// A point.
    pub const fn new(x: f32, y: f32) -> Self {
        Self { x, y }
    }
}

/// An axis-aligned rectangle.
#[derive(Clone, Copy, Debug, PartialEq, Default)]
pub struct Rect {
    /// Left edge.
    pub x: f32,
    /// Top edge.
    pub y: f32,
    /// Width.
    pub w: f32,
    /// Height.
    pub h: f32,
}

impl Rect {
    /// A rectangle.
    pub const fn new(x: f32, y: f32, w: f32, h: f32) -> Self {
        Self { x, y, w, h }
    }

    /// Right edge.
    pub fn right(&self) -> f32 {
        self.x + self.w
    }

    /// Bottom edge.
    pub fn bottom(&self) -> f32 {
        self.y + self.h
    }

    /// The centre.
    pub fn center(&self) -> Point {
        Point::new(self.x + self.w / 2.0, self.y + self.h / 2.0)
    }

    /// The smallest rectangle holding both.
    pub fn union(&self, o: &Rect) -> Rect {
        let (x, y) = (self.x.min(o.x), self.y.min(o.y));
        Rect::new(
            x,
            y,
            self.right().max(o.right()) - x,
            self.bottom().max(o.bottom()) - y,
        )
    }

    /// This rectangle grown by `d` on every side.
    pub fn inflate(&self, d: f32) -> Rect {
        Rect::new(self.x - d, self.y - d, self.w + 2.0 * d, self.h + 2.0 * d)
    }

    /// This rectangle moved by `(dx, dy)`.
    pub fn offset(&self, dx: f32, dy: f32) -> Rect {
        Rect::new(self.x + dx, self.y + dy, self.w, self.h)
    }

    /// Whether the point lies inside (edges included).
    pub fn contains_point(&self, p: Point) -> bool {
        p.x >= self.x && p.x <= self.right() && p.y >= self.y && p.y <= self.bottom()
    }

    /// The area the two rectangles share (0 when they do not overlap).
    pub fn overlap(&self, o: &Rect) -> f32 {
        let w = self.right().min(o.right()) - self.x.max(o.x);
        let h = self.bottom().min(o.bottom()) - self.y.max(o.y);
        if w > 0.0 && h > 0.0 { w * h } else { 0.0 }
    }

    /// Whether `o` lies inside (edges included, with a small tolerance).
    pub fn contains(&self, o: &Rect) -> bool {
        const EPS: f32 = 0.01;
        o.x >= self.x - EPS
            && o.y >= self.y - EPS
            && o.right() <= self.right() + EPS
            && o.bottom() <= self.bottom() + EPS
    }
}

/// One step of a path.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Seg {
    /// Start a new subpath.
    MoveTo(Point),
    /// A straight line.
    LineTo(Point),
    /// A cubic Bézier curve: two control points, then the end.
    CubicTo(Point, Point, Point),
    /// Close the subpath.
    Close,
}

/// A vector path made of subpaths.
#[derive(Clone, Debug, PartialEq, Default)]
pub struct Path {
    /// The steps.
    pub segs: Vec<Seg>,
}

impl Path {
    /// An empty path.
    pub fn new() -> Self {
        Self::default()
    }

    /// A closed polygon.
    pub fn polygon(points: &[Point]) -> Self {
        let mut p = Path::new();
        p.add_polygon(points);
        p
    }

    /// Adds a closed polygon as a subpath.
    pub fn add_polygon(&mut self, points: &[Point]) {
        if let Some((first, rest)) = points.split_first() {
            self.segs.push(Seg::MoveTo(*first));
            self.segs.extend(rest.iter().map(|&p| Seg::LineTo(p)));
            self.segs.push(Seg::Close);
        }
    }

    /// A straight line.
    pub fn line(a: Point, b: Point) -> Self {
        Self {
            segs: vec![Seg::MoveTo(a), Seg::LineTo(b)],
        }
    }

    /// A rectangle.
    pub fn rect(r: Rect) -> Self {
        Self::polygon(&[
            Point::new(r.x, r.y),
            Point::new(r.right(), r.y),
            Point::new(r.right(), r.bottom()),
            Point::new(r.x, r.bottom()),
        ])
    }

    /// A circle made of four cubic curves.
    pub fn circle(c: Point, r: f32) -> Self {
        const K: f32 = 0.552_284_8;
        let k = K * r;
        let p = |x: f32, y: f32| Point::new(c.x + x, c.y + y);
        Self {
            segs: vec![
                Seg::MoveTo(p(r, 0.0)),
                Seg::CubicTo(p(r, k), p(k, r), p(0.0, r)),
                Seg::CubicTo(p(-k, r), p(-r, k), p(-r, 0.0)),
                Seg::CubicTo(p(-r, -k), p(-k, -r), p(0.0, -r)),
                Seg::CubicTo(p(k, -r), p(r, -k), p(r, 0.0)),
                Seg::Close,
            ],
        }
    }

    /// The subpaths as polylines, each cubic curve cut into `steps`
    /// straight pieces.
    pub fn flatten(&self, steps: usize) -> Vec<Vec<Point>> {
        let mut out: Vec<Vec<Point>> = Vec::new();
        let mut start = None;
        for s in &self.segs {
            match *s {
                Seg::MoveTo(p) => {
                    out.push(vec![p]);
                    start = Some(p);
                }
                Seg::LineTo(p) => {
                    if let Some(line) = out.last_mut() {
                        line.push(p);
                    }
                }
                Seg::CubicTo(c1, c2, p) => {
                    if let Some(line) = out.last_mut() {
                        let p0 = *line.last().expect("a subpath starts with a point");
                        for k in 1..=steps.max(1) {
                            let t = k as f32 / steps.max(1) as f32;
                            let u = 1.0 - t;
                            let (a, b, c, d) =
                                (u * u * u, 3.0 * u * u * t, 3.0 * u * t * t, t * t * t);
                            line.push(Point::new(
                                a * p0.x + b * c1.x + c * c2.x + d * p.x,
                                a * p0.y + b * c1.y + c * c2.y + d * p.y,
                            ));
                        }
                    }
                }
                Seg::Close => {
                    if let (Some(line), Some(p)) = (out.last_mut(), start) {
                        line.push(p);
                    }
                }
            }
        }
        out
    }

    /// The bounding box of every point (control points included), if any.
    pub fn bounds(&self) -> Option<Rect> {
        let mut pts = self.segs.iter().flat_map(|s| match *s {
            Seg::MoveTo(p) | Seg::LineTo(p) => vec![p],
            Seg::CubicTo(a, b, c) => vec![a, b, c],
            Seg::Close => vec![],
        });
        let first = pts.next()?;
        let (mut x0, mut y0, mut x1, mut y1) = (first.x, first.y, first.x, first.y);
        for p in pts {
            x0 = x0.min(p.x);
            y0 = y0.min(p.y);
            x1 = x1.max(p.x);
            y1 = y1.max(p.y);
        }
        Some(Rect::new(x0, y0, x1 - x0, y1 - y0))
    }
}

/// How a path's outline is drawn.
#[derive(Clone, Debug, PartialEq)]
pub struct Stroke {
    /// Colour.
    pub color: Rgb,
    /// Width in points.
    pub width: f32,
    /// Dash pattern (on, off, ...) in points; empty for a solid line.
    pub dash: Vec<f32>,
}

impl Stroke {
    /// A solid line.
    pub fn solid(color: Rgb, width: f32) -> Self {
        Self {
            color,
            width,
            dash: Vec::new(),
        }
    }

    /// A dashed line.
    pub fn dashed(color: Rgb, width: f32, dash: &[f32]) -> Self {
        Self {
            color,
            width,
            dash: dash.to_vec(),
        }
    }
}

/// Fill and outline of a shape.
#[derive(Clone, Debug, PartialEq, Default)]
pub struct Style {
    /// Fill colour (non-zero winding), if filled.
    pub fill: Option<Rgb>,
    /// Outline, if stroked.
    pub stroke: Option<Stroke>,
}

impl Style {
    /// Filled only.
    pub fn fill(color: Rgb) -> Self {
        Self {
            fill: Some(color),
            stroke: None,
        }
    }

    /// Stroked only.
    pub fn stroke(stroke: Stroke) -> Self {
        Self {
            fill: None,
            stroke: Some(stroke),
        }
    }

    /// Filled and stroked.
    pub fn fill_stroke(fill: Rgb, stroke: Stroke) -> Self {
        Self {
            fill: Some(fill),
            stroke: Some(stroke),
        }
    }
}

/// Horizontal alignment of text relative to its position.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Anchor {
    /// The position is the start of the text.
    Start,
    /// The position is the middle of the text.
    Middle,
    /// The position is the end of the text.
    End,
}

/// A line of text.
#[derive(Clone, Debug, PartialEq)]
pub struct Text {
    /// Where the baseline starts, is centred or ends (see `anchor`).
    pub pos: Point,
    /// The text.
    pub content: String,
    /// Font size in points.
    pub size: f32,
    /// Regular or bold.
    pub weight: Weight,
    /// Colour.
    pub color: Rgb,
    /// Alignment.
    pub anchor: Anchor,
    /// The width the text must fit in, checked before printing.
    pub max_width: Option<f32>,
    /// The faces it is drawn with (the vendored one first).
    pub fonts: Fonts,
}

impl Text {
    /// The text's width in points.
    pub fn width(&self) -> f32 {
        self.fonts.width(&self.content, self.size, self.weight)
    }

    /// The x of the text's left end.
    pub fn left(&self) -> f32 {
        match self.anchor {
            Anchor::Start => self.pos.x,
            Anchor::Middle => self.pos.x - self.width() / 2.0,
            Anchor::End => self.pos.x - self.width(),
        }
    }

    /// The text's box: from the ascender to the descender.
    pub fn bounds(&self) -> Rect {
        let (asc, desc) = font::vertical_metrics(self.weight);
        Rect::new(
            self.left(),
            self.pos.y - asc * self.size,
            self.width(),
            (asc + desc) * self.size,
        )
    }
}

/// One drawing instruction.
#[derive(Clone, Debug, PartialEq)]
pub enum Item {
    /// A filled and/or stroked path.
    Path(Path, Style),
    /// Text.
    Text(Text),
    /// Items drawn only inside `clip`.
    Clip(Path, Vec<Item>),
    /// A symbol drawn with its top-left corner at `at`.
    Use {
        /// Index into [`Document::symbols`].
        symbol: usize,
        /// Where its origin goes.
        at: Point,
    },
}

/// Artwork drawn on several pages, defined once.
#[derive(Clone, Debug, PartialEq)]
pub struct Symbol {
    /// A name for debugging and SVG ids.
    pub name: String,
    /// Its size (its items lie within `0..width`, `0..height`).
    pub width: f32,
    /// Its size.
    pub height: f32,
    /// What it draws.
    pub items: Vec<Item>,
}

/// One page.
#[derive(Clone, Debug, PartialEq)]
pub struct Page {
    /// Width in points.
    pub width: f32,
    /// Height in points.
    pub height: f32,
    /// What it draws, back to front.
    pub items: Vec<Item>,
    /// Where the printed page is cut, and how far its colour may reach
    /// past the cut.
    pub boxes: Boxes,
}

/// The boxes of a page beyond the paper itself (PDF's MediaBox), in page
/// coordinates.
#[derive(Clone, Copy, Debug, PartialEq, Default)]
pub struct Boxes {
    /// The finished sheet after cutting (PDF's TrimBox); `None` for the
    /// whole page: a page printed at home and not cut, or several sheets
    /// a page whose cuts its crop marks show.
    pub trim: Option<Rect>,
    /// How far past the trim colour is printed so that a cut a little off
    /// leaves no white edge (PDF's BleedBox); `None` without bleed.
    pub bleed: Option<Rect>,
    /// Shown upside down (PDF's `/Rotate 180`): the back of a sheet whose
    /// paper flips over its top. The previews (SVG, PNG) draw the page as
    /// it is.
    pub turned: bool,
}

/// A whole printable document.
#[derive(Clone, Debug, PartialEq, Default)]
pub struct Document {
    /// The title (PDF metadata, SVG title).
    pub title: String,
    /// Who made what it shows (PDF metadata), when known.
    pub author: Option<String>,
    /// When it was made, in seconds since 1970 (PDF metadata): set only
    /// when asked for (`SOURCE_DATE_EPOCH`), so that the same input gives
    /// the same bytes; none is written otherwise.
    pub created: Option<i64>,
    /// Artwork shared by pages.
    pub symbols: Vec<Symbol>,
    /// The pages, in order.
    pub pages: Vec<Page>,
}

impl Item {
    /// The area the item can paint, if any (strokes widen paths by half
    /// their width). `symbols` resolves [`Item::Use`].
    pub fn bounds(&self, symbols: &[Symbol]) -> Option<Rect> {
        match self {
            Item::Path(path, style) => {
                let b = path.bounds()?;
                Some(
                    style
                        .stroke
                        .as_ref()
                        .map_or(b, |s| b.inflate(s.width / 2.0)),
                )
            }
            Item::Text(t) => Some(t.bounds()),
            Item::Clip(clip, _) => clip.bounds(),
            Item::Use { symbol, at } => {
                let s = symbols.get(*symbol)?;
                items_bounds(&s.items, symbols).map(|b| b.offset(at.x, at.y))
            }
        }
    }
}

/// The bounds of a list of items.
pub(crate) fn items_bounds(items: &[Item], symbols: &[Symbol]) -> Option<Rect> {
    items
        .iter()
        .filter_map(|i| i.bounds(symbols))
        .reduce(|a, b| a.union(&b))
}

/// Calls `f` with every text item of `items`, with the offset of the symbol
/// uses that lead to it.
pub fn visit_text<'a>(
    items: &'a [Item],
    symbols: &'a [Symbol],
    offset: Point,
    f: &mut impl FnMut(&'a Text, Point),
) {
    for item in items {
        match item {
            Item::Text(t) => f(t, offset),
            Item::Clip(_, inner) => visit_text(inner, symbols, offset, f),
            Item::Use { symbol, at } => {
                if let Some(s) = symbols.get(*symbol) {
                    visit_text(
                        &s.items,
                        symbols,
                        Point::new(offset.x + at.x, offset.y + at.y),
                        f,
                    );
                }
            }
            Item::Path(..) => {}
        }
    }
}
