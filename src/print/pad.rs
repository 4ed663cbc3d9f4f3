//! A laid-out pad and what the print checks need to know about it. Every
//! family lays its sheet out into these types; [`super::check`] is the same
//! for all of them.

use crate::scene::{Document, Rect, Rgb};

/// What to print.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PrintOptions {
    /// Number of sheets (pages hold one or two).
    pub sheets: u32,
    /// Black and white: colours told apart by hatching and letters.
    pub mono: bool,
    /// The language (and fonts) of the sheet's words and names.
    pub locale: Locale,
}

/// What the sheets speak, as the command line asks: the language of their
/// words and names (`--lang`). Each command that lays out sheets (`print`,
/// `check`, `watch`) takes it.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Locale {
    /// The language; `None` for the file's own (`[map] lang`), else
    /// English.
    pub lang: Option<crate::lang::Lang>,
    /// Where fonts for what the vendored one lacks are looked for.
    pub fonts: crate::scene::FontConfig,
}

impl Locale {
    /// This locale for a file whose own language is `file` (`--lang`
    /// first, then the file's, then English) and that names the font
    /// files `fonts` (looked at first).
    pub fn for_file(
        &self,
        file: Option<crate::lang::Lang>,
        fonts: &[std::path::PathBuf],
    ) -> Locale {
        let mut config = self.fonts.clone();
        let mut files = fonts.to_vec();
        files.extend(config.files.into_iter().filter(|f| !fonts.contains(f)));
        config.files = files;
        Locale {
            lang: Some(self.lang.or(file).unwrap_or_default()),
            fonts: config,
        }
    }

    /// The language the sheet speaks.
    pub fn lang(&self) -> crate::lang::Lang {
        self.lang.unwrap_or_default()
    }

    /// The fonts its texts are drawn with.
    pub fn fonts(&self) -> crate::scene::Fonts {
        crate::scene::Fonts::shared(&self.fonts, self.lang())
    }
}

impl PrintOptions {
    /// One sheet, in colour or `mono`, in `locale` (for the print checks
    /// `rollx check` runs).
    pub fn one(mono: bool, locale: &Locale) -> Self {
        Self {
            sheets: 1,
            mono,
            locale: locale.clone(),
        }
    }

    /// The language the sheet speaks.
    pub fn lang(&self) -> crate::lang::Lang {
        self.locale.lang.unwrap_or_default()
    }
}

impl Default for PrintOptions {
    fn default() -> Self {
        Self {
            sheets: 100,
            mono: false,
            locale: Locale::default(),
        }
    }
}

/// What part of a map or board something on the sheet shows, so that a
/// print problem can be traced back to its file. Each family has its own
/// (the Rolling family's areas, regions and links; Encore's boxes and
/// colours).
pub trait Part: Copy + PartialEq + std::fmt::Debug {
    /// The map or board as a whole: its name, its size, the sheet's frame.
    const WHOLE: Self;
    /// The drawing of the map or board (a grid), as a whole.
    const DRAWING: Self;
    /// What the sheet's colours stand for, in messages (`region`).
    const COLOR_NOUN: &'static str;
    /// What the family's files are called, in messages (`map`).
    const FILE_NOUN: &'static str;
    /// The least side of the family's boxes in millimetres, when the family
    /// sets it for every template (an Encore box takes a cross: 7 mm);
    /// `None` leaves it to the template's `sheet.min_box_mm` (a Rolling
    /// writing box takes a number beside an area code).
    const MIN_BOX_MM: Option<f32> = None;
    /// What a sheet may hold too many of, in the help of texts and rows of
    /// boxes that do not fit (the Rolling family's rounds and powers unless
    /// a family says otherwise).
    const COUNTED: &'static str = "rounds or powers";
    /// What the sheet's boxes are called, in messages (`writing boxes`,
    /// where a number is written).
    const BOX_NOUN: &'static str = "writing boxes";
    /// Colour `i` of the sheet (a region, a colour), in the order of
    /// [`Pad::colors`].
    fn color(i: usize) -> Self;
    /// Whether a text about this part is the code of one cell or area (the
    /// checks report all such texts that do not fit as one finding).
    fn is_code(&self) -> bool;
}

/// A laid-out pad, with what the print checks need to know.
#[derive(Clone, Debug)]
pub struct Pad<A> {
    /// The pages.
    pub document: Document,
    /// Side of the writing boxes in points.
    pub box_size: f32,
    /// Each colour's id (a region, a colour of the board) and its printed
    /// colour.
    pub colors: Vec<(String, Rgb)>,
    /// The sheet's place on the first page, in points.
    pub sheet: Rect,
    /// Texts and rows of boxes that do not fit their place: what is wrong,
    /// and what it is about.
    pub overflows: Vec<(String, A)>,
    /// What the layout itself found it cannot draw as asked (an atlas's
    /// inset with no room on the page): errors, reported as they are.
    pub refusals: Vec<(crate::diag::Diagnostic, A)>,
    /// Writing boxes, frames, labels and tick boxes of the sheet, in the
    /// sheet's coordinates: none may overlap another (but for what lies
    /// inside its own box).
    pub marks: Vec<Mark<A>>,
    /// How much of each link's line can be seen.
    pub links: Vec<LinkView<A>>,
    /// The leader lines of callouts (a writing box in free space joined to
    /// its area by a line), in the sheet's coordinates.
    pub leaders: Vec<LeaderView<A>>,
    /// How large a drawing the sheet holds with the template's smallest
    /// writing boxes.
    pub capacity: Capacity,
}

/// What a [`Mark`] is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum MarkKind {
    /// A cell's or an area's writing box.
    WritingBox,
    /// An area's frame in a diagram.
    Frame,
    /// A tick box, a round box, a score box, the name line.
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
pub struct Mark<A> {
    /// What it is.
    pub kind: MarkKind,
    /// Its name in messages (`the writing box of GNM`).
    pub what: String,
    /// Where it is (texts: as wide as their room at most).
    pub rect: Rect,
    /// The mark it is drawn inside (a code inside its writing box), if any.
    pub inside: Option<usize>,
    /// What part of the map or board it shows.
    pub about: A,
}

/// One link as drawn.
#[derive(Clone, Debug, PartialEq)]
pub struct LinkView<A> {
    /// The two codes it joins.
    pub between: [String; 2],
    /// Length of its line in points.
    pub length: f32,
    /// The straight distance between its line's ends, in points.
    pub direct: f32,
    /// Length of its line that no writing box or frame hides, in points.
    pub visible: f32,
    /// The codes of the areas its line runs across besides the two it
    /// joins (players cannot tell which areas it joins).
    pub crosses: Vec<String>,
    /// The link.
    pub about: A,
}

/// A callout's leader line as drawn: from a dot on its area to the side
/// of its writing box.
#[derive(Clone, Debug, PartialEq)]
pub struct LeaderView<A> {
    /// The code of the area the box belongs to.
    pub area: String,
    /// The dot on the area, in points.
    pub from: [f64; 2],
    /// Where the line meets the box, in points.
    pub to: [f64; 2],
    /// The area.
    pub about: A,
}

/// What the drawing's place on a sheet holds with the template's smallest
/// writing boxes.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Capacity {
    /// A grid of cells.
    Grid {
        /// The grid's columns.
        columns: usize,
        /// The grid's rows.
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
