//! From the merged raw file to a [`Board`]: defaults filled in, every
//! value range-checked, the grid parsed against the colours. Every problem
//! is reported, located, and the reading goes on, so that one run finds
//! them all.

use super::model::{Board, BoardCell, BoardColor, ColorId, EncoreDice, Points};
use super::raw::{PerColor, RawBoard, SpInts};
use super::standard::{self, Conventions};
use crate::diag::{Diagnostic, Loc};
use crate::scene::Rgb;
use crate::source::missing_field;
use crate::source::toml::{Sp, check_id};

/// Most columns a board may have (`A` to `Z`).
pub const MAX_COLUMNS: usize = 26;
/// Most rows a board may have.
pub const MAX_ROWS: usize = 12;
/// Most colours a board may have.
pub const MAX_COLORS: usize = 12;
/// Largest value of a points, count or size key.
const MAX_VALUE: i64 = 99;
/// Highest number on a number die.
pub const MAX_NUMBER: i64 = 9;

/// Where the parts of a board are written, for the checks that run on the
/// built board.
#[derive(Clone, Debug)]
pub struct Places {
    /// Each box's letter, row by row.
    pub cells: Vec<Loc>,
    /// The `rows = [...]` array.
    pub rows: Loc,
    /// Each colour's entry (its `id`), or `None` for the standard palette.
    pub colors: Vec<Option<Loc>>,
    /// The `numbers` of the dice, if written.
    pub numbers: Option<Loc>,
    /// The keys of `[conventions]` that are written, by name.
    pub conventions: Vec<(&'static str, Loc)>,
}

impl Places {
    /// Where the convention `key` is written, if it is.
    pub fn convention(&self, key: &str) -> Option<Loc> {
        self.conventions
            .iter()
            .find(|(k, _)| *k == key)
            .map(|(_, l)| *l)
    }

    /// Where colour `c` is declared, else the grid.
    pub fn color(&self, c: ColorId) -> Loc {
        self.colors[c.index()].unwrap_or(self.rows)
    }
}

/// A board file after resolution: the board when there were no errors,
/// the conventions it is checked against, and where its parts are.
pub struct Resolved {
    /// The board, when every value is valid.
    pub board: Option<Board>,
    /// The design conventions.
    pub conventions: Conventions,
    /// Where the board's parts are written (when the grid could be read).
    pub places: Option<Places>,
}

fn error(code: &'static str, message: impl Into<String>) -> Diagnostic {
    Diagnostic::error(code, message)
}

/// Reads checks in one place: the diagnostics and the keys that were
/// written with the wrong type (reported already, never again as missing).
struct Reader<'a> {
    diags: &'a mut Vec<Diagnostic>,
    mistyped: &'a [(Loc, String)],
}

impl Reader<'_> {
    /// `key` of the table declared at `header` is missing: reported, unless
    /// it was written with the wrong type.
    fn missing(&mut self, key: &str, table: &str, header: Loc, example: &str) {
        if !self.mistyped.iter().any(|(h, k)| *h == header && k == key) {
            self.diags.push(missing_field(key, table, header, example));
        }
    }

    /// An integer in `lo..=hi`, or the default when not written.
    fn int(&mut self, v: &Option<Sp<i64>>, lo: i64, hi: i64, key: &str, default: u32) -> u32 {
        match v {
            None => default,
            Some(v) => self.in_range(v, lo, hi, key).unwrap_or(default),
        }
    }

    fn in_range(&mut self, v: &Sp<i64>, lo: i64, hi: i64, key: &str) -> Option<u32> {
        if (lo..=hi).contains(&v.value) {
            return Some(v.value as u32);
        }
        self.diags.push(
            error(
                "invalid-value",
                format!("`{key}` must be from {lo} to {hi}, not {}", v.value),
            )
            .with_label(v.loc, format!("expected {lo} to {hi}"))
            .with_help(format!("write a whole number from {lo} to {hi}")),
        );
        None
    }

    /// Every value of a list in `lo..=hi` (the bad ones reported and left
    /// out).
    fn ints(&mut self, list: &SpInts, lo: i64, hi: i64, key: &str) -> Vec<u32> {
        list.1
            .iter()
            .filter_map(|v| self.in_range(v, lo, hi, key))
            .collect()
    }

    /// Whether a list has `want` values; reported as `board-points-length`
    /// when not.
    fn length(&mut self, list: &SpInts, want: usize, key: &str, per: &str) -> bool {
        if list.1.len() == want {
            return true;
        }
        self.diags.push(
            error(
                "board-points-length",
                format!(
                    "`{key}` has {}, but the board has {want} {per}",
                    crate::text::count(list.1.len(), "value")
                ),
            )
            .with_label(
                list.0,
                format!("expected {want} values, one per {}", singular(per)),
            )
            .with_help(format!("give one value per {}, in order", singular(per))),
        );
        false
    }
}

fn singular(word: &str) -> &str {
    word.strip_suffix('s').unwrap_or(word)
}

/// A single ASCII letter, or the reason it is not.
fn one_letter(
    s: &Sp<String>,
    what: &str,
    digits_too: bool,
    diags: &mut Vec<Diagnostic>,
) -> Option<char> {
    let mut chars = s.value.chars();
    match (chars.next(), chars.next()) {
        (Some(c), None) if c.is_ascii_alphabetic() || (digits_too && c.is_ascii_digit()) => Some(c),
        _ => {
            diags.push(
                error(
                    "invalid-value",
                    format!("{what} must be one letter, not `{}`", s.value),
                )
                .with_label(
                    s.loc,
                    if digits_too {
                        "expected one letter from A to Z, or a digit"
                    } else {
                        "expected one letter from a to z"
                    },
                )
                .with_help(if digits_too {
                    "write one letter or digit, e.g. mono_letter = \"P\"; black-and-white \
                     sheets print it in each box"
                } else {
                    "write one letter, e.g. letter = \"p\"; the grid writes it in lower case, \
                     and in upper case for a box with a star"
                }),
            );
            None
        }
    }
}

/// The column index a name like `H` or `AB` stands for.
pub(crate) fn column_index(name: &str) -> Option<usize> {
    if name.is_empty() || name.len() > 3 || !name.chars().all(|c| c.is_ascii_alphabetic()) {
        return None;
    }
    let mut n = 0usize;
    for c in name.chars() {
        n = n * 26 + (c.to_ascii_uppercase() as usize - 'A' as usize + 1);
    }
    Some(n - 1)
}

/// `id` with its first letter in upper case (`green` -> `Green`).
fn title_case(id: &str) -> String {
    let mut chars = id.chars();
    match chars.next() {
        Some(c) => c.to_uppercase().chain(chars).collect(),
        None => String::new(),
    }
}

/// Resolves a merged file. `file` is the start of the file checked.
pub fn resolve(raw: RawBoard, file: Loc, diags: &mut Vec<Diagnostic>) -> Resolved {
    let errors_before = diags.iter().filter(|d| d.is_error()).count();
    let mistyped = raw.mistyped.clone();
    let mut r = Reader {
        diags,
        mistyped: &mistyped,
    };
    let mut info = raw.info.board_info(file, &mistyped, r.diags);
    let (colors, color_locs) = resolve_colors(&raw, file, &mut r);
    info.names = raw
        .info
        .names(&|_, id| colors.iter().any(|c| c.id == id), r.diags);
    let grid = resolve_grid(&raw, file, &colors, &color_locs, &mut r);
    let size = grid.as_ref().map(|g| (g.columns, g.rows));
    let conventions = resolve_conventions(&raw, size, &mut r);

    let dice = resolve_dice(&raw, &mut r);
    let star_penalty = r.int(&raw.points.star_penalty, 0, MAX_VALUE, "star_penalty", 2);
    let joker_boxes = r.int(
        &raw.dice.joker_boxes,
        0,
        MAX_VALUE,
        "joker_boxes",
        u32::from(standard::JOKERS),
    );
    let solo_rolls = r.int(
        &raw.solo.rolls,
        1,
        MAX_VALUE,
        "rolls",
        u32::from(standard::SOLO_ROLLS),
    );
    let color_bonus = resolve_color_bonus(&raw, colors.len(), &mut r);

    let Some(grid) = grid else {
        return Resolved {
            board: None,
            conventions,
            places: None,
        };
    };
    let column_points = resolve_column_points(&raw, &grid, file, &mut r);
    let start_column = resolve_start(&raw, grid.columns, &mut r);

    let places = Places {
        cells: grid.locs,
        rows: grid.rows_loc,
        colors: color_locs,
        numbers: raw.dice.numbers.as_ref().map(|n| n.0),
        conventions: convention_locs(&raw),
    };
    let valid = r.diags.iter().filter(|d| d.is_error()).count() == errors_before;
    let board = match (valid, column_points, start_column, color_bonus, dice) {
        (true, Some(column_points), Some(start_column), Some(color_bonus), Some(dice)) => {
            Some(Board {
                info,
                colors,
                columns: grid.columns,
                rows: grid.rows,
                cells: grid.cells,
                start_column,
                column_points,
                color_bonus,
                jokers: joker_boxes as u8,
                star_penalty: star_penalty as u8,
                dice,
                solo_rolls: solo_rolls as u8,
            })
        }
        _ => None,
    };
    Resolved {
        board,
        conventions,
        places: Some(places),
    }
}

/// The colours: the standard palette when the file declares none.
fn resolve_colors(
    raw: &RawBoard,
    file: Loc,
    r: &mut Reader<'_>,
) -> (Vec<BoardColor>, Vec<Option<Loc>>) {
    if raw.colors.is_empty() {
        let colors = standard::colors();
        let locs = vec![None; colors.len()];
        return (colors, locs);
    }
    let mut colors: Vec<BoardColor> = Vec::new();
    let mut locs: Vec<Option<Loc>> = Vec::new();
    let mut letter_locs: Vec<Loc> = Vec::new();
    for c in &raw.colors {
        let Some(id) = &c.id else {
            r.missing("id", "this [[colors]] entry", c.header, "\"green\"");
            continue;
        };
        if !check_id(id, "colour", r.diags) {
            continue;
        }
        if let Some(prev) = colors.iter().position(|k| k.id == id.value) {
            r.diags.push(
                error(
                    "duplicate-id",
                    format!("colour `{}` is declared twice", id.value),
                )
                .with_label(id.loc, "declared again here")
                .with_opt_label(locs[prev], "first declared here")
                .with_help("give each colour its own id, or merge the two entries"),
            );
            continue;
        }
        if colors.len() == MAX_COLORS {
            r.diags.push(
                error(
                    "board-limit",
                    format!("a board may have at most {MAX_COLORS} colours"),
                )
                .with_label(id.loc, "one colour too many")
                .with_help(format!(
                    "keep at most {MAX_COLORS} [[colors]] entries (a variant can drop one \
                     with `remove = true`)"
                )),
            );
            break;
        }
        let standard = standard::color_by_id(&id.value);
        let letter = match (&c.letter, &standard) {
            (Some(l), _) => one_letter(l, "a colour's letter", false, r.diags)
                .map(|ch| (ch.to_ascii_lowercase(), Some(l.loc))),
            (None, Some(s)) => Some((s.letter, None)),
            (None, None) => {
                r.missing(
                    "letter",
                    &format!("colour `{}`", id.value),
                    c.header,
                    "\"p\"",
                );
                None
            }
        };
        let letter = match letter {
            Some((l, at)) => {
                let at = at.unwrap_or(id.loc);
                if let Some(prev) = colors.iter().position(|k| k.letter == l) {
                    r.diags.push(
                        error(
                            "board-duplicate-letter",
                            format!(
                                "colours `{}` and `{}` both have the letter `{l}`",
                                colors[prev].id, id.value
                            ),
                        )
                        .with_label(at, "this letter")
                        .with_label(letter_locs[prev], "is taken here")
                        .with_help("give each colour its own letter (upper or lower case is the same letter)"),
                    );
                }
                letter_locs.push(at);
                l
            }
            None => {
                letter_locs.push(id.loc);
                '?'
            }
        };
        let color = match (&c.color, &standard) {
            (Some(v), _) => Rgb::parse(&v.value).unwrap_or_else(|| {
                r.diags.push(
                    error("invalid-value", format!("`{}` is not a colour", v.value))
                        .with_label(v.loc, "expected #rrggbb")
                        .with_help("write colours as hexadecimal RGB, e.g. color = \"#8e44ad\""),
                );
                Rgb::grey(200)
            }),
            (None, Some(s)) => s.color,
            (None, None) => {
                r.missing(
                    "color",
                    &format!("colour `{}`", id.value),
                    c.header,
                    "\"#8e44ad\"",
                );
                Rgb::grey(200)
            }
        };
        let name = match (&c.name, &standard) {
            (Some(n), _) => n.value.clone(),
            (None, Some(s)) => s.name.clone(),
            (None, None) => title_case(&id.value),
        };
        let mono_letter = c
            .mono_letter
            .as_ref()
            .and_then(|m| one_letter(m, "`mono_letter`", true, r.diags))
            .map(|m| m.to_ascii_uppercase());
        colors.push(BoardColor {
            id: id.value.clone(),
            name,
            letter,
            color,
            mono_letter,
        });
        locs.push(Some(id.loc));
    }
    if colors.is_empty() {
        r.diags.push(
            error("missing-field", "the board declares no colours")
                .with_label(file, "every [[colors]] entry is invalid or removed")
                .with_help("declare colours with [[colors]], or leave [[colors]] out for the standard five"),
        );
    }
    (colors, locs)
}

/// The grid as parsed.
struct Grid {
    columns: usize,
    rows: usize,
    cells: Vec<BoardCell>,
    locs: Vec<Loc>,
    rows_loc: Loc,
}

fn resolve_grid(
    raw: &RawBoard,
    file: Loc,
    colors: &[BoardColor],
    color_locs: &[Option<Loc>],
    r: &mut Reader<'_>,
) -> Option<Grid> {
    let header = raw.grid.header.unwrap_or(file);
    let Some((rows_loc, rows)) = &raw.grid.rows else {
        r.missing("rows", "[grid]", header, "[\"gggyyyyGbbbOyyy\", ...]");
        return None;
    };
    if rows.is_empty() {
        r.diags.push(
            error("invalid-value", "the grid has no rows")
                .with_label(*rows_loc, "no rows")
                .with_help("write one string per row, one letter per box"),
        );
        return None;
    }
    let width = rows[0].text.value.chars().count();
    let mut ok = true;
    if width == 0 {
        r.diags.push(
            error("invalid-value", "the grid's first row is empty")
                .with_label(rows[0].text.loc, "no boxes")
                .with_help("write one letter per box"),
        );
        return None;
    }
    for (i, row) in rows.iter().enumerate().skip(1) {
        let n = row.text.value.chars().count();
        if n != width {
            ok = false;
            r.diags.push(
                error(
                    "board-ragged",
                    format!(
                        "row {} has {}, but row 1 has {width}",
                        i + 1,
                        crate::text::plural(n, "box", "boxes")
                    ),
                )
                .with_label(row.text.loc, crate::text::plural(n, "box", "boxes"))
                .with_label(rows[0].text.loc, crate::text::plural(width, "box", "boxes"))
                .with_help("every row of the grid has one letter per column"),
            );
        }
    }
    if width > MAX_COLUMNS || rows.len() > MAX_ROWS {
        r.diags.push(
            error(
                "board-limit",
                format!(
                    "the grid has {width} columns and {} rows; a board may have at most \
                     {MAX_COLUMNS} columns (A to Z) and {MAX_ROWS} rows",
                    rows.len()
                ),
            )
            .with_label(*rows_loc, "too large")
            .with_help(format!(
                "draw the board on at most {MAX_COLUMNS} columns and {MAX_ROWS} rows"
            )),
        );
        ok = false;
    }
    let mut cells = Vec::with_capacity(width * rows.len());
    let mut locs = Vec::with_capacity(width * rows.len());
    let letters: Vec<char> = colors.iter().map(|c| c.letter).collect();
    // Unknown letters, each reported once with its first few places.
    let mut unknown: Vec<(char, Vec<Loc>, usize)> = Vec::new();
    for row in rows {
        for (i, ch) in row.text.value.chars().enumerate() {
            let at = row.letter_loc(i);
            let lower = ch.to_ascii_lowercase();
            match letters.iter().position(|&l| l == lower) {
                Some(c) if ch.is_ascii_alphabetic() => {
                    cells.push(BoardCell {
                        color: ColorId(c as u8),
                        star: ch.is_ascii_uppercase(),
                    });
                }
                _ => {
                    ok = false;
                    match unknown.iter_mut().find(|(c, _, _)| *c == lower) {
                        Some((_, places, n)) => {
                            if places.len() < 3 {
                                places.push(at);
                            }
                            *n += 1;
                        }
                        None => unknown.push((lower, vec![at], 1)),
                    }
                    cells.push(BoardCell {
                        color: ColorId(0),
                        star: false,
                    });
                }
            }
            locs.push(at);
        }
    }
    for (ch, places, n) in unknown {
        let what = if ch.is_ascii_alphabetic() {
            format!("`{ch}` is not the letter of a colour")
        } else {
            format!("`{ch}` is not a letter")
        };
        let times = if n == 1 {
            String::new()
        } else {
            format!(" ({n} boxes)")
        };
        let mut d = error("board-unknown-letter", format!("{what}{times}"));
        for at in places {
            d = d.with_label(at, "unknown colour");
        }
        let known: Vec<String> = colors
            .iter()
            .map(|c| format!("{} {}", c.letter, c.id))
            .collect();
        r.diags.push(d.with_help(format!(
            "write one letter per box, upper case for a star; the colours are: {}",
            known.join(", ")
        )));
    }
    if !ok || colors.is_empty() {
        return None;
    }
    let grid = Grid {
        columns: width,
        rows: rows.len(),
        cells,
        locs,
        rows_loc: *rows_loc,
    };
    for (c, color) in colors.iter().enumerate() {
        // A letter taken by an earlier colour is `board-duplicate-letter`.
        let shared = colors[..c].iter().any(|k| k.letter == color.letter);
        if !shared && !grid.cells.iter().any(|cell| cell.color.index() == c) {
            r.diags.push(
                error(
                    "board-empty-color",
                    format!("no box of the grid is {} (`{}`)", color.id, color.letter),
                )
                .with_opt_label(color_locs[c], "this colour")
                .with_label(*rows_loc, "has no box of it")
                .with_help(
                    "a colour without boxes would count as complete from the start; \
                     give it boxes, or remove it from [[colors]]",
                ),
            );
        }
    }
    Some(grid)
}

fn resolve_start(raw: &RawBoard, columns: usize, r: &mut Reader<'_>) -> Option<usize> {
    let Some(start) = &raw.grid.start_column else {
        return Some(columns / 2);
    };
    let last = Board::column_name(columns - 1);
    match column_index(start.value.trim()) {
        Some(c) if c < columns => Some(c),
        Some(_) => {
            r.diags.push(
                error(
                    "board-start-column",
                    format!(
                        "the start column `{}` is outside the grid (columns A to {last})",
                        start.value
                    ),
                )
                .with_label(start.loc, "no such column")
                .with_help(format!("name a column from A to {last}")),
            );
            None
        }
        None => {
            r.diags.push(
                error(
                    "board-start-column",
                    format!("`{}` is not a column name", start.value),
                )
                .with_label(start.loc, "expected a column letter")
                .with_help(format!(
                    "name the column by its letter, A to {last}, e.g. start_column = \"H\""
                )),
            );
            None
        }
    }
}

fn resolve_column_points(
    raw: &RawBoard,
    grid: &Grid,
    file: Loc,
    r: &mut Reader<'_>,
) -> Option<Vec<Points>> {
    let p = &raw.points;
    let header = p.header.unwrap_or(file);
    let mut side = |list: &Option<SpInts>, key: &str, standard: &[u8]| -> Option<Vec<u32>> {
        match list {
            Some(l) => {
                let values = r.ints(l, 0, MAX_VALUE, key);
                let ok = r.length(l, grid.columns, key, "columns");
                (ok && values.len() == l.1.len()).then_some(values)
            }
            None if grid.columns == standard::COLUMNS => {
                Some(standard.iter().map(|&v| u32::from(v)).collect())
            }
            None => {
                if !r.mistyped.iter().any(|(h, k)| *h == header && k == key) {
                    r.diags.push(
                        error(
                            "missing-field",
                            format!(
                                "[points] has no `{key}`, and only boards of {} columns have \
                                 default column points",
                                standard::COLUMNS
                            ),
                        )
                        .with_label(
                            header,
                            format!("`{key}` is required for {} columns", grid.columns),
                        )
                        .with_help(format!("add `{key} = [...]` with one value per column")),
                    );
                }
                None
            }
        }
    };
    let first = side(&p.columns_first, "columns_first", &standard::COLUMN_FIRST);
    let later = side(&p.columns_later, "columns_later", &standard::COLUMN_LATER);
    pair_up(first?, later?)
}

/// Points from their two sides, value by value (each within 0 to 99).
fn pair_up(first: Vec<u32>, later: Vec<u32>) -> Option<Vec<Points>> {
    Some(
        first
            .into_iter()
            .zip(later)
            .map(|(f, l)| Points {
                first: f as u8,
                later: l as u8,
            })
            .collect(),
    )
}

fn resolve_color_bonus(raw: &RawBoard, colors: usize, r: &mut Reader<'_>) -> Option<Vec<Points>> {
    let mut side = |v: &Option<PerColor>, key: &str, default: u8| -> Option<Vec<u32>> {
        match v {
            None => Some(vec![u32::from(default); colors]),
            Some(PerColor::All(v)) => r.in_range(v, 0, MAX_VALUE, key).map(|v| vec![v; colors]),
            Some(PerColor::Each(list)) => {
                let values = r.ints(list, 0, MAX_VALUE, key);
                let ok = r.length(list, colors, key, "colours");
                (ok && values.len() == list.1.len()).then_some(values)
            }
        }
    };
    let first = side(
        &raw.points.colors_first,
        "colors_first",
        standard::COLOR_BONUS.first,
    );
    let later = side(
        &raw.points.colors_later,
        "colors_later",
        standard::COLOR_BONUS.later,
    );
    pair_up(first?, later?)
}

fn resolve_dice(raw: &RawBoard, r: &mut Reader<'_>) -> Option<EncoreDice> {
    let d = &raw.dice;
    let standard = standard::dice();
    let color_dice = r.int(
        &d.color_dice,
        1,
        9,
        "color_dice",
        u32::from(standard.color_dice),
    );
    let number_dice = r.int(
        &d.number_dice,
        1,
        9,
        "number_dice",
        u32::from(standard.number_dice),
    );
    let numbers: Vec<u8> = match &d.numbers {
        None => standard.numbers.clone(),
        Some(list) => {
            if list.1.is_empty() {
                r.diags.push(
                    error("invalid-value", "a number die needs at least one number")
                        .with_label(list.0, "no numbers")
                        .with_help("numbers = [1, 2, 3, 4, 5]"),
                );
                return None;
            }
            let values = r.ints(list, 1, MAX_NUMBER, "numbers");
            if values.len() != list.1.len() {
                return None;
            }
            for (pair, at) in values.windows(2).zip(list.1.iter().skip(1)) {
                if pair[1] <= pair[0] {
                    r.diags.push(
                        error(
                            "invalid-value",
                            "the numbers of a number die must be different and ascending",
                        )
                        .with_label(at.loc, format!("{} after {}", pair[1], pair[0]))
                        .with_help(
                            "list each number once, smallest first: numbers = [1, 2, 3, 4, 5]",
                        ),
                    );
                    return None;
                }
            }
            values.into_iter().map(|v| v as u8).collect()
        }
    };
    let largest = u32::from(*numbers.last().expect("not empty"));
    let max_cross = match &d.max_cross {
        None => largest,
        Some(m) => {
            let v = r.in_range(m, 1, MAX_NUMBER, "max_cross")?;
            if v < largest {
                r.diags.push(
                    error(
                        "invalid-value",
                        format!("`max_cross` is {v}, but a number die shows {largest}"),
                    )
                    .with_label(m.loc, format!("less than {largest}"))
                    .with_opt_label(d.numbers.as_ref().map(|n| n.0), "the numbers")
                    .with_help("a die's number is always crossed in full: raise max_cross, or drop the larger numbers"),
                );
                return None;
            }
            v
        }
    };
    Some(EncoreDice {
        color_dice: color_dice as u8,
        number_dice: number_dice as u8,
        numbers,
        jokers: d.jokers.as_ref().is_none_or(|j| j.value),
        max_cross: max_cross as u8,
    })
}

/// The conventions a board is held to: those its `[conventions]` writes,
/// the rest those of its size (`columns x rows`, the standard sheet's when
/// the grid is unknown).
fn resolve_conventions(
    raw: &RawBoard,
    size: Option<(usize, usize)>,
    r: &mut Reader<'_>,
) -> Conventions {
    let c = &raw.conventions;
    let standard = match size {
        Some((columns, rows)) => Conventions::for_size(columns, rows),
        None => Conventions::standard(),
    };
    let block_sizes = match &c.block_sizes {
        None => standard.block_sizes.clone(),
        Some(list) => {
            if list.1.is_empty() {
                r.diags.push(
                    error("invalid-value", "`block_sizes` lists no size")
                        .with_label(list.0, "empty")
                        .with_help("block_sizes = [1, 2, 3, 4, 5, 6]"),
                );
            }
            let mut sizes = r.ints(list, 1, MAX_VALUE, "block_sizes");
            sizes.sort_unstable();
            if sizes.is_empty() {
                standard.block_sizes.clone()
            } else {
                sizes
            }
        }
    };
    let largest = *block_sizes.last().expect("not empty");
    Conventions {
        boxes_per_color: r.int(
            &c.boxes_per_color,
            1,
            999,
            "boxes_per_color",
            standard.boxes_per_color,
        ),
        stars_per_column: r.int(
            &c.stars_per_column,
            0,
            MAX_VALUE,
            "stars_per_column",
            standard.stars_per_column,
        ),
        stars_per_color: r.int(
            &c.stars_per_color,
            0,
            MAX_VALUE,
            "stars_per_color",
            standard.stars_per_color,
        ),
        every_color_in_every_column: c
            .every_color_in_every_column
            .as_ref()
            .is_none_or(|v| v.value),
        largest_block: r.int(&c.largest_block, 1, MAX_VALUE, "largest_block", largest),
        block_sizes,
    }
}

fn convention_locs(raw: &RawBoard) -> Vec<(&'static str, Loc)> {
    let c = &raw.conventions;
    [
        ("boxes_per_color", c.boxes_per_color.as_ref().map(|v| v.loc)),
        ("block_sizes", c.block_sizes.as_ref().map(|v| v.0)),
        (
            "stars_per_column",
            c.stars_per_column.as_ref().map(|v| v.loc),
        ),
        ("stars_per_color", c.stars_per_color.as_ref().map(|v| v.loc)),
        (
            "every_color_in_every_column",
            c.every_color_in_every_column.as_ref().map(|v| v.loc),
        ),
        ("largest_block", c.largest_block.as_ref().map(|v| v.loc)),
    ]
    .into_iter()
    .filter_map(|(k, l)| l.map(|l| (k, l)))
    .collect()
}
