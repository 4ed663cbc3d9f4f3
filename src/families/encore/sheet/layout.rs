//! Laying out a pad: the sheet's parts stacked (header, the column
//! letters, the grid, the column points, the scoring strip, the footer),
//! the boxes as large as the sheet allows, placed on pages; and what the
//! print checks need to know about it.

use super::draw::Sheet;
use super::grid::Placement;
use super::score::Strip;
use super::words;
use crate::encore::{Board, ColorId};
use crate::print::mono::mono_letters;
use crate::print::{self, Canvas, Capacity, Part, PrintOptions, Template, paginate, sheet_size};
use crate::scene::{Document, Rect, Rgb, Symbol, Weight};

/// The least side of a grid box, in millimetres, on every template: a box
/// takes a pencil cross, not a number.
pub const MIN_BOX_MM: f32 = 7.0;

/// Heights of the parts around the grid, in grid cells: the column
/// letters, the gap under them, the gap above the column points and the
/// two rows of points.
const LETTERS: f32 = 0.6;
const UNDER_LETTERS: f32 = 0.08;
const ABOVE_POINTS: f32 = 0.12;
const POINTS: f32 = 0.5;
/// Everything around the grid's rows, in grid cells.
const AROUND: f32 = LETTERS + UNDER_LETTERS + ABOVE_POINTS + 2.0 * POINTS;

/// What part of the board something on the sheet shows, so that a print
/// problem can be traced back to the board file.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum About {
    /// The board as a whole: its name, the sheet's frame.
    Board,
    /// The board's grid.
    Grid,
    /// One box of the grid (an index into [`Board::cells`]).
    Box(usize),
    /// A column: its letter and its points.
    Column(usize),
    /// A colour: its boxes' tint and its bonus boxes.
    Color(ColorId),
    /// The joker ("!") boxes.
    Jokers,
    /// The score block.
    Score,
    /// The solo game's roll tally.
    Solo,
}

impl Part for About {
    const WHOLE: Self = About::Board;
    const DRAWING: Self = About::Grid;
    const COLOR_NOUN: &'static str = "colour";
    const FILE_NOUN: &'static str = "board";
    const MIN_BOX_MM: Option<f32> = Some(MIN_BOX_MM);
    const COUNTED: &'static str = "colours, jokers or solo rolls";
    const BOX_NOUN: &'static str = "boxes";

    fn color(i: usize) -> Self {
        About::Color(ColorId(i as u8))
    }

    /// A board's boxes hold no codes (their letters in black and white
    /// shrink with the boxes).
    fn is_code(&self) -> bool {
        false
    }
}

/// A laid-out pad of an Encore board.
pub type Pad = print::Pad<About>;

/// The print colour of each colour ([`Template::box_color`]).
fn print_colors(board: &Board, t: &Template, mono: bool) -> Vec<(String, Rgb)> {
    board
        .colors
        .iter()
        .map(|c| (c.id.clone(), t.box_color(&c.id, c.color, mono)))
        .collect()
}

/// Each colour's letter on black-and-white sheets.
fn letters(board: &Board) -> Vec<char> {
    mono_letters(
        board
            .colors
            .iter()
            .map(|c| (c.mono_letter, c.name.as_str(), c.id.as_str())),
    )
}

/// One sheet of `width` x `height` points: its artwork, and what the
/// print checks need to know (the pad's other fields).
fn sheet_symbol(
    board: &Board,
    t: &Template,
    (mono, locale): (bool, &crate::print::Locale),
    (w, h): (f32, f32),
) -> (Symbol, Pad) {
    let colors = print_colors(board, t, mono);
    let mut s = Sheet {
        board,
        t,
        mono,
        colors: colors.clone(),
        letters: letters(board),
        w,
        h,
        canvas: Canvas::new(About::Board, locale, t),
    };
    let f = t.fonts;
    let gap = f.text * 0.8;
    let head = s.header();
    let foot = s.footer();
    // The strip across the sheet decides the room left for the grid.
    let strip = Strip::plan(&s, 0.0, w);
    let strip_top = h - foot - gap - strip.height();
    let between = 2.0 * gap;

    // The grid and what is drawn around it, as large as the room between
    // the header and the scoring strip allows (up to the template's
    // largest box); the two together centred between header and footer.
    let top = head + gap;
    let room = (strip_top - between - top).max(0.0);
    let start = f.text * 1.5;
    let side = s
        .canvas
        .fonts
        .width(s.canvas.lang.word(words::FIRST), f.text, Weight::Bold)
        .max(
            s.canvas
                .fonts
                .width(s.canvas.lang.word(words::LATER), f.text, Weight::Bold),
        )
        + f.text * 0.6
        + t.lines.region;
    let columns = board.columns.max(1) as f32;
    let rows = board.rows as f32;
    let cell = ((room - start) / (rows + AROUND))
        .min((w - 2.0 * side) / columns)
        .min(t.max_box)
        .max(0.5);
    let block = start + cell * (rows + AROUND);
    let block_top = top + ((room - block) / 2.0).max(0.0);
    let strip_top = block_top + block + between;
    let at = Placement {
        origin: crate::scene::Point::new(
            (w - cell * columns) / 2.0,
            block_top + start + cell * (LETTERS + UNDER_LETTERS),
        ),
        cell,
    };
    // Under the grid, the strip is as wide as the grid, or as it needs
    // when that is wider, centred.
    let width = (cell * columns).max(strip.needed_width(&s)).min(w);
    let under = Strip::plan(&s, (w - width) / 2.0, (w + width) / 2.0);
    let strip = if under.fits && under.height() <= strip.height() {
        under
    } else {
        strip
    };
    let least = print::template::mm(MIN_BOX_MM);
    let capacity = Capacity::Grid {
        columns: board.columns,
        rows: board.rows,
        max_columns: ((w - 2.0 * side) / least).floor().max(0.0) as usize,
        max_rows: ((room - start) / least - AROUND).floor().max(0.0) as usize,
    };
    s.column_heads(&at, cell * LETTERS, cell * UNDER_LETTERS);
    s.grid(&at);
    s.column_points(&at, cell * ABOVE_POINTS, cell * POINTS, side);
    strip.draw(&mut s, strip_top);

    let mut items = s.canvas.items;
    items.extend(s.canvas.texts);
    let symbol = Symbol {
        name: format!("sheet-{}", board.info.id),
        width: w,
        height: h,
        items,
    };
    let pad = Pad {
        document: Document::default(),
        box_size: cell,
        colors,
        sheet: Rect::default(),
        overflows: s.canvas.overflows,
        refusals: s.canvas.refusals,
        marks: s.canvas.marks,
        links: Vec::new(),
        leaders: Vec::new(),
        capacity,
    };
    (symbol, pad)
}

/// Lays out a pad of sheets for a board on a template.
pub fn layout(board: &Board, t: &Template, options: &PrintOptions) -> Pad {
    let (symbol, pad) = sheet_symbol(board, t, (options.mono, &options.locale), sheet_size(t));
    paginate(&board.info.credit(), symbol, pad, t, options.sheets)
}
