//! One board file as written: every key optional and located, before
//! `extends` is applied and before anything is cross-checked.

use toml::de::DeValue;

use crate::diag::{Diagnostic, Loc};
use crate::source::RawInfo;
use crate::source::toml::{Ctx, Sp, SpList, TableReader};

/// A list of integers with the location of the whole array.
pub type SpInts = (Loc, Vec<Sp<i64>>);

/// One integer for every colour, or a list with one per colour.
#[derive(Clone, Debug)]
pub enum PerColor {
    /// The same value for every colour.
    All(Sp<i64>),
    /// One value per colour, in the order of the colours.
    Each(SpInts),
}

/// One `[[colors]]` entry.
#[derive(Clone, Debug)]
pub struct RawColor {
    pub header: Loc,
    pub id: Option<Sp<String>>,
    pub letter: Option<Sp<String>>,
    pub name: Option<Sp<String>>,
    pub color: Option<Sp<String>>,
    pub mono_letter: Option<Sp<String>>,
    pub remove: Option<Sp<bool>>,
}

/// One row of the grid: its text and where its first letter is in the
/// file, when the string holds its letters verbatim.
#[derive(Clone, Debug)]
pub struct RawRow {
    pub text: Sp<String>,
    pub content_start: Option<u32>,
}

impl RawRow {
    /// Where the letter at `index` (in characters) is written: that one
    /// character when the row's letters are written verbatim, else the
    /// whole string.
    pub fn letter_loc(&self, index: usize) -> Loc {
        let Some(start) = self.content_start else {
            return self.text.loc;
        };
        let mut chars = self.text.value.char_indices().skip(index);
        match chars.next() {
            Some((at, c)) => Loc {
                source: self.text.loc.source,
                start: start + at as u32,
                end: start + (at + c.len_utf8()) as u32,
            },
            None => self.text.loc,
        }
    }
}

/// The `[grid]` table.
#[derive(Clone, Debug, Default)]
pub struct RawGrid {
    pub header: Option<Loc>,
    /// The `rows = [...]` array and its rows.
    pub rows: Option<(Loc, Vec<RawRow>)>,
    pub start_column: Option<Sp<String>>,
}

/// The `[points]` table.
#[derive(Clone, Debug, Default)]
pub struct RawPoints {
    pub header: Option<Loc>,
    pub columns_first: Option<SpInts>,
    pub columns_later: Option<SpInts>,
    pub colors_first: Option<PerColor>,
    pub colors_later: Option<PerColor>,
    pub star_penalty: Option<Sp<i64>>,
}

/// The `[dice]` table.
#[derive(Clone, Debug, Default)]
pub struct RawDice {
    pub header: Option<Loc>,
    pub color_dice: Option<Sp<i64>>,
    pub number_dice: Option<Sp<i64>>,
    pub numbers: Option<SpInts>,
    pub jokers: Option<Sp<bool>>,
    pub joker_boxes: Option<Sp<i64>>,
    pub max_cross: Option<Sp<i64>>,
}

/// The `[solo]` table.
#[derive(Clone, Debug, Default)]
pub struct RawSolo {
    pub header: Option<Loc>,
    pub rolls: Option<Sp<i64>>,
}

/// The `[conventions]` table.
#[derive(Clone, Debug, Default)]
pub struct RawConventions {
    pub header: Option<Loc>,
    pub boxes_per_color: Option<Sp<i64>>,
    pub block_sizes: Option<SpInts>,
    pub stars_per_column: Option<Sp<i64>>,
    pub stars_per_color: Option<Sp<i64>>,
    pub every_color_in_every_column: Option<Sp<bool>>,
    pub largest_block: Option<Sp<i64>>,
}

/// One board file.
#[derive(Clone, Debug, Default)]
pub struct RawBoard {
    pub extends: Option<Sp<String>>,
    pub info: RawInfo,
    pub colors: Vec<RawColor>,
    pub grid: RawGrid,
    pub points: RawPoints,
    pub dice: RawDice,
    pub solo: RawSolo,
    pub conventions: RawConventions,
    /// Keys written with the wrong type, by the header of their table:
    /// reported once as `wrong-type`, never again as missing.
    pub mistyped: Vec<(Loc, String)>,
}

/// Top-level keys of a board file.
pub const TOP_KEYS: &[&str] = &[
    "extends",
    "game",
    "board",
    "colors",
    "grid",
    "points",
    "dice",
    "solo",
    "conventions",
    "names",
];
/// Keys of a `[[colors]]` entry.
pub const COLOR_KEYS: &[&str] = &["id", "letter", "name", "color", "mono_letter", "remove"];
/// Keys of `[grid]`.
pub const GRID_KEYS: &[&str] = &["rows", "start_column"];
/// Keys of `[points]`.
pub const POINTS_KEYS: &[&str] = &[
    "columns_first",
    "columns_later",
    "colors_first",
    "colors_later",
    "star_penalty",
];
/// Keys of `[dice]`.
pub const DICE_KEYS: &[&str] = &[
    "color_dice",
    "number_dice",
    "numbers",
    "jokers",
    "joker_boxes",
    "max_cross",
];
/// Keys of `[solo]`.
pub const SOLO_KEYS: &[&str] = &["rolls"];
/// Keys of `[conventions]`.
pub const CONVENTION_KEYS: &[&str] = &[
    "boxes_per_color",
    "block_sizes",
    "stars_per_column",
    "stars_per_color",
    "every_color_in_every_column",
    "largest_block",
];

/// Parses one file's text. A syntax error is reported and yields `None`;
/// otherwise the file is read with every type problem recorded.
pub fn read(ctx: &mut Ctx<'_>, source: &str) -> Option<RawBoard> {
    let doc = crate::source::toml::parse(
        ctx,
        source,
        "see docs/encore-board.md for the board file format",
    )?;
    let root = doc.get_ref();
    let mut top = TableReader::new(root, ctx.loc(0..0), "the top level");
    let mut raw = RawBoard {
        extends: top.string(ctx, "extends"),
        ..RawBoard::default()
    };
    crate::source::read_game_table(&mut top, ctx, "encore", "board");

    if let Some(info) = crate::source::read_info(&mut top, ctx, "board") {
        raw.info = info;
    }
    raw.info.names = crate::source::game::read_names(&mut top, ctx, &["colors"]);

    for mut t in top.tables(ctx, "colors") {
        raw.colors.push(RawColor {
            header: t.header,
            id: t.string(ctx, "id"),
            letter: t.string(ctx, "letter"),
            name: t.string(ctx, "name"),
            color: t.string(ctx, "color"),
            mono_letter: t.string(ctx, "mono_letter"),
            remove: t.boolean(ctx, "remove"),
        });
        t.finish(ctx, COLOR_KEYS);
    }

    if let Some(mut t) = top.table(ctx, "grid") {
        raw.grid = RawGrid {
            header: Some(t.header),
            rows: t.strings(ctx, "rows").map(|list| rows(source, list)),
            start_column: t.string(ctx, "start_column"),
        };
        t.finish(ctx, GRID_KEYS);
    }

    if let Some(mut t) = top.table(ctx, "points") {
        raw.points = RawPoints {
            header: Some(t.header),
            columns_first: t.integers(ctx, "columns_first"),
            columns_later: t.integers(ctx, "columns_later"),
            colors_first: per_color(&mut t, ctx, "colors_first"),
            colors_later: per_color(&mut t, ctx, "colors_later"),
            star_penalty: t.integer(ctx, "star_penalty"),
        };
        t.finish(ctx, POINTS_KEYS);
    }

    if let Some(mut t) = top.table(ctx, "dice") {
        raw.dice = RawDice {
            header: Some(t.header),
            color_dice: t.integer(ctx, "color_dice"),
            number_dice: t.integer(ctx, "number_dice"),
            numbers: t.integers(ctx, "numbers"),
            jokers: t.boolean(ctx, "jokers"),
            joker_boxes: t.integer(ctx, "joker_boxes"),
            max_cross: t.integer(ctx, "max_cross"),
        };
        t.finish(ctx, DICE_KEYS);
    }

    if let Some(mut t) = top.table(ctx, "solo") {
        raw.solo = RawSolo {
            header: Some(t.header),
            rolls: t.integer(ctx, "rolls"),
        };
        t.finish(ctx, SOLO_KEYS);
    }

    if let Some(mut t) = top.table(ctx, "conventions") {
        raw.conventions = RawConventions {
            header: Some(t.header),
            boxes_per_color: t.integer(ctx, "boxes_per_color"),
            block_sizes: t.integers(ctx, "block_sizes"),
            stars_per_column: t.integer(ctx, "stars_per_column"),
            stars_per_color: t.integer(ctx, "stars_per_color"),
            every_color_in_every_column: t.boolean(ctx, "every_color_in_every_column"),
            largest_block: t.integer(ctx, "largest_block"),
        };
        t.finish(ctx, CONVENTION_KEYS);
    }

    top.finish(ctx, TOP_KEYS);
    raw.mistyped = std::mem::take(&mut ctx.mistyped);
    Some(raw)
}

/// `colors_first = 5` or `colors_first = [5, 5, 6, 5, 5]`.
fn per_color(t: &mut TableReader<'_, '_>, ctx: &mut Ctx<'_>, key: &str) -> Option<PerColor> {
    let v = t.get(key)?;
    match v.get_ref() {
        DeValue::Array(_) => t.integers(ctx, key).map(PerColor::Each),
        DeValue::Integer(_) => t.integer(ctx, key).map(PerColor::All),
        _ => {
            ctx.mistyped.push((t.header, key.to_string()));
            ctx.diags.push(
                Diagnostic::error(
                    "wrong-type",
                    format!(
                        "`{key}` in {} must be an integer or an array of integers",
                        t.name
                    ),
                )
                .with_label(ctx.loc(v.span()), "expected an integer or an array")
                .with_help(format!(
                    "write one value for every colour ({key} = 5) or one per colour \
                     ({key} = [5, 5, 5, 5, 5])"
                )),
            );
            None
        }
    }
}

/// The rows of the grid, each with where its letters start in the file.
fn rows(source: &str, list: SpList) -> (Loc, Vec<RawRow>) {
    let rows = list
        .items
        .into_iter()
        .map(|text| RawRow {
            content_start: verbatim_start(source, text.loc, &text.value),
            text,
        })
        .collect();
    (list.loc, rows)
}

/// Where the value of a one-line string literal starts in the file, when
/// the literal holds the value verbatim (no escapes).
fn verbatim_start(source: &str, loc: Loc, value: &str) -> Option<u32> {
    let written = source.get(loc.range())?;
    let body = written.get(1..written.len().checked_sub(1)?)?;
    (body == value).then_some(loc.start + 1)
}
