//! Checking a finished Encore paper sheet without a log: what the players
//! check when they swap sheets at the end. The format is documented in
//! `docs/encore-sheet.md`.
//!
//! Without the order of play only some rules can be checked: every crossed
//! box is linked through crossed boxes to the start column; the columns
//! and colours claimed are complete, and the complete ones are claimed,
//! with a value that is their first or later one; no more "!" boxes
//! crossed than the board has; no more than two colours complete (the
//! second ends the game); and the total written is the sum of what the
//! sheet claims, counted by [`Game::score`] (one rule, one place).
//!
//! [`to_toml`] writes a sheet in the same format, so that a game played by
//! the computer (or refereed from a log) can be checked the paper way too.

use std::fmt::Write as _;
use std::path::Path;

use serde::Serialize;
use toml::de::DeValue;

use super::boxes::Boxes;
use super::game::Game;
use super::score::Score;
use super::table::Sheet;
use crate::diag::{Diagnostic, Loc, SourceId, SourceMap};
use crate::encore::{Board, ColorId, Points};
use crate::source::toml::{Ctx, TableReader, suggest};

/// One rule broken on a finished sheet.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct SheetBreach {
    /// Stable name of the rule (the diagnostic's code).
    pub rule: &'static str,
    /// What is wrong.
    pub message: String,
    /// The boxes, columns or colours involved.
    pub boxes: Vec<String>,
}

/// The result of checking a finished sheet.
#[derive(Clone, Debug, Serialize)]
pub struct FilledResult {
    /// The player's name, when the sheet gives one.
    pub player: Option<String>,
    /// Boxes crossed.
    pub crossed: u32,
    /// "!" boxes crossed.
    pub jokers_used: u8,
    /// The total written on the sheet, if any.
    pub written_total: Option<i32>,
    /// What the claims as written add up to ([`Game::score`] of the sheet
    /// with the columns and colours it claims).
    pub claimed: Score,
    /// The checker's count: only the claims the crossed boxes support
    /// (complete, with a first or later value).
    pub score: Score,
    /// Every rule broken.
    pub breaches: Vec<SheetBreach>,
    /// The sheet with the claims the crossed boxes support.
    #[serde(skip)]
    pub sheet: Sheet,
}

impl FilledResult {
    /// Whether no rule is broken.
    pub fn is_clean(&self) -> bool {
        self.breaches.is_empty()
    }
}

/// A finished sheet checked: the file, every finding (input problems,
/// which leave the result empty, and rule breaches), and the result
/// when the file could be read.
pub type FilledVerdict = crate::families::contract::CheckedSheet<FilledResult>;

const TOP_KEYS: &[&str] = &[
    "board", "player", "jokers", "total", "crossed", "grid", "columns", "colors",
];

/// The mark of a crossed box in `grid`.
const CROSS: char = 'x';

/// A finished sheet as a document of `docs/encore-sheet.md`: the board's
/// id, the player (if named), the "!" boxes crossed, the total, the grid
/// (`x` for a crossed box, the board's letter for the others) and the
/// value circled for each column and colour completed. [`check`] reads it
/// back into the same sheet.
pub fn to_toml(game: &Game, sheet: &Sheet, player: Option<&str>) -> String {
    let board = game.board();
    let quote = |s: &str| toml::Value::String(s.to_string()).to_string();
    let mut s =
        String::from("# A finished Encore sheet (see docs/encore-sheet.md), written by rollx.\n");
    let _ = writeln!(s, "board = {}", quote(&board.info.id));
    if let Some(p) = player {
        let _ = writeln!(s, "player = {}", quote(p));
    }
    let _ = writeln!(s, "jokers = {}", sheet.jokers_used());
    let _ = writeln!(s, "total = {}", game.score(sheet).total);
    let letters_clash = board
        .colors
        .iter()
        .any(|c| c.letter.eq_ignore_ascii_case(&CROSS));
    let _ = writeln!(s, "grid = [");
    for row in 0..board.rows {
        let line: String = (0..board.columns)
            .map(|col| {
                let i = row * board.columns + col;
                let cell = board.cells[i];
                if sheet.crossed().contains(i) {
                    CROSS
                } else if letters_clash {
                    '.'
                } else {
                    let l = board.colors[cell.color.index()].letter;
                    if cell.star { l.to_ascii_uppercase() } else { l }
                }
            })
            .collect();
        let _ = writeln!(s, "    {},", quote(&line));
    }
    let _ = writeln!(s, "]");
    let value = |p: Points, first: bool| if first { p.first } else { p.later };
    let _ = writeln!(s, "\n[columns]");
    for c in 0..board.columns {
        if sheet.columns_done() >> c & 1 == 1 {
            let first = sheet.columns_first() >> c & 1 == 1;
            let _ = writeln!(
                s,
                "{} = {}",
                Board::column_name(c),
                value(board.column_points[c], first)
            );
        }
    }
    let _ = writeln!(s, "\n[colors]");
    for (c, color) in board.colors.iter().enumerate() {
        if sheet.colors_done() >> c & 1 == 1 {
            let first = sheet.colors_first() >> c & 1 == 1;
            let _ = writeln!(s, "{} = {}", color.id, value(board.color_bonus[c], first));
        }
    }
    s
}

/// Checks a finished sheet given as bytes.
pub fn check(game: &Game, path: &Path, bytes: Vec<u8>) -> FilledVerdict {
    let mut sources = SourceMap::new();
    let mut diags = Vec::new();
    let text = String::from_utf8_lossy(&bytes).into_owned();
    let id = sources.add(path, text.clone());
    let result = read(game, &text, id, &mut diags);
    crate::diag::sort(&mut diags);
    FilledVerdict {
        sources,
        diagnostics: diags,
        result,
    }
}

/// A claimed column or colour: which, the value circled (`Some(true)`:
/// first, `Some(false)`: later, `None`: neither), and where.
struct Claim {
    index: usize,
    first: Option<bool>,
    key: Loc,
    value: Loc,
    written: String,
}

/// Where each character of a TOML basic string is, when the string is
/// written without escapes (else the whole string).
fn char_loc(ctx: &Ctx<'_>, text: &str, whole: Loc, byte: usize, len: usize) -> Loc {
    let span = whole.start as usize..whole.end as usize;
    let raw = text.get(span.clone()).unwrap_or("");
    if raw.len() >= 2 && (raw.starts_with('"') || raw.starts_with('\'')) && !raw.contains('\\') {
        let start = span.start + 1 + byte;
        ctx.loc(start..start + len)
    } else {
        whole
    }
}

fn read(
    game: &Game,
    text: &str,
    id: SourceId,
    diags: &mut Vec<Diagnostic>,
) -> Option<FilledResult> {
    let board = game.board();
    let mut ctx = Ctx::new(id, diags);
    let doc =
        crate::source::toml::parse(&mut ctx, text, "see docs/encore-sheet.md for the format")?;
    let mut top = TableReader::new(doc.get_ref(), ctx.loc(0..0), "the sheet");
    if let Some(b) = top.string(&mut ctx, "board")
        && b.value != board.info.id
    {
        ctx.diags.push(
            Diagnostic::error(
                "board-mismatch",
                format!(
                    "the sheet is for board `{}`, but it is checked on board `{}`",
                    b.value, board.info.id
                ),
            )
            .with_label(b.loc, format!("a sheet of `{}`", b.value))
            .with_help(format!(
                "pass the board whose [board] id is `{}` with --map, or correct `board` if \
the sheet is really for `{}`",
                b.value, board.info.id
            )),
        );
        return None;
    }
    let player = top.string(&mut ctx, "player").map(|p| p.value);
    let jokers = top.integer(&mut ctx, "jokers").and_then(|v| {
        if (0..=255).contains(&v.value) {
            Some((v.value as u8, v.loc))
        } else {
            ctx.diags.push(
                Diagnostic::error("invalid-value", "`jokers` counts the \"!\" boxes crossed")
                    .with_label(v.loc, "expected a number from 0 to 255")
                    .with_help(format!("the board has {} \"!\" boxes", board.jokers)),
            );
            None
        }
    });
    let total = top
        .integer(&mut ctx, "total")
        .and_then(|v| match i32::try_from(v.value) {
            Ok(t) => Some((t, v.loc)),
            Err(_) => {
                ctx.diags.push(
                    Diagnostic::error("invalid-value", "`total` is out of range")
                        .with_label(v.loc, "not a score"),
                );
                None
            }
        });

    // The boxes crossed, and where each was first written.
    let mut crossed = Boxes::EMPTY;
    let mut locs: Vec<Option<Loc>> = vec![None; game.box_count()];
    if let Some(list) = top.strings(&mut ctx, "crossed") {
        for item in list.items {
            match game.box_by_name(item.value.trim()) {
                Some(i) => {
                    crossed.insert(i);
                    locs[i].get_or_insert(item.loc);
                }
                None => ctx.diags.push(
                    Diagnostic::error(
                        "unknown-box",
                        format!("there is no box `{}` on this board", item.value),
                    )
                    .with_label(item.loc, "unknown box")
                    .with_help(format!(
                        "a box is its column letter (A to {}) and its row (1 to {}), e.g. \"{}\"",
                        Board::column_name(board.columns - 1),
                        board.rows,
                        game.box_name(board.start_column)
                    )),
                ),
            }
        }
    }
    if let Some(list) = top.strings(&mut ctx, "grid") {
        if list.items.len() != board.rows {
            ctx.diags.push(
                Diagnostic::error(
                    "sheet-grid",
                    format!(
                        "`grid` has {} rows, but the board has {}",
                        list.items.len(),
                        board.rows
                    ),
                )
                .with_label(list.loc, format!("expected {} rows", board.rows))
                .with_help("write one string per row of the board, top to bottom"),
            );
        }
        for (row, item) in list.items.iter().enumerate().take(board.rows) {
            let chars: Vec<(usize, char)> = item.value.char_indices().collect();
            if chars.len() != board.columns {
                ctx.diags.push(
                    Diagnostic::error(
                        "sheet-grid",
                        format!(
                            "row {} of `grid` has {} marks, but the board has {} columns",
                            row + 1,
                            chars.len(),
                            board.columns
                        ),
                    )
                    .with_label(item.loc, format!("expected {} marks", board.columns))
                    .with_help(format!(
                        "one mark per box: `{CROSS}` for a crossed box, `.` or the board's letter \
for the others"
                    )),
                );
                continue;
            }
            for (col, &(byte, ch)) in chars.iter().enumerate() {
                let i = row * board.columns + col;
                let letter = board.colors[board.cells[i].color.index()].letter;
                let loc = char_loc(&ctx, text, item.loc, byte, ch.len_utf8());
                if ch.eq_ignore_ascii_case(&CROSS) {
                    crossed.insert(i);
                    locs[i].get_or_insert(loc);
                } else if !(matches!(ch, '.' | '-' | '_') || ch.eq_ignore_ascii_case(&letter)) {
                    ctx.diags.push(
                        Diagnostic::error(
                            "sheet-grid",
                            format!(
                                "`{ch}` at {} is neither a cross nor the box's letter `{letter}`",
                                game.box_name(i)
                            ),
                        )
                        .with_label(loc, "unknown mark")
                        .with_help(format!(
                            "`{CROSS}` crosses a box; `.` or the box's letter leaves it empty"
                        )),
                    );
                }
            }
        }
    }

    let column_names: Vec<String> = (0..board.columns).map(Board::column_name).collect();
    let column_refs: Vec<&str> = column_names.iter().map(String::as_str).collect();
    let columns = read_claims(
        &mut top,
        &mut ctx,
        text,
        ("columns", "column"),
        &column_refs,
        &board.column_points,
    );
    let color_names: Vec<&str> = board.colors.iter().map(|c| c.id.as_str()).collect();
    let colors = read_claims(
        &mut top,
        &mut ctx,
        text,
        ("colors", "colour"),
        &color_names,
        &board.color_bonus,
    );
    top.finish(&mut ctx, TOP_KEYS);
    if ctx.diags.iter().any(Diagnostic::is_error) {
        return None;
    }
    let (columns, columns_header) = columns;
    let (colors, colors_header) = colors;

    // The rules that a finished sheet still shows.
    let mut breaches = Vec::new();
    let mut breach = |d: Diagnostic, boxes: Vec<String>, diags: &mut Vec<Diagnostic>| {
        breaches.push(SheetBreach {
            rule: d.code,
            message: d.message.clone(),
            boxes,
        });
        diags.push(d);
    };
    let start_name = Board::column_name(board.start_column);

    // Every crossed box is linked to the start column through crossed
    // boxes: each piece starts there or next to a box crossed before.
    let mut reached = crossed & game.start_boxes();
    loop {
        let more = reached | (game.touching(&reached) & crossed);
        if more == reached {
            break;
        }
        reached = more;
    }
    let mut loose = crossed - reached;
    while let Some(first) = loose.first() {
        let mut group = Boxes::of([first]);
        loop {
            let more = group | (game.touching(&group) & loose);
            if more == group {
                break;
            }
            group = more;
        }
        loose = loose - group;
        let names: Vec<String> = group.iter().map(|i| game.box_name(i)).collect();
        let mut d = Diagnostic::error(
            "sheet-not-connected",
            format!(
                "{} {} crossed but not linked through crossed boxes to the start column {start_name}",
                names.join(", "),
                if names.len() == 1 { "is" } else { "are" }
            ),
        );
        for i in group.iter() {
            d = d.with_opt_label(locs[i], game.box_name(i));
        }
        d = d.with_help(format!(
            "every piece starts in column {start_name} or next to a box crossed before, so a \
crossed box always links to column {start_name}: check that the boxes were copied right, or \
uncross them"
        ));
        breach(d, names, ctx.diags);
    }

    // Columns and colours: claimed exactly when complete, with a first or
    // later value.
    let mut columns_done = 0u32;
    let mut columns_first = 0u32;
    let mut claimed_columns = (0u32, 0u32);
    for (c, name) in column_names.iter().enumerate().take(board.columns) {
        let boxes = game.column_boxes(c);
        let complete = boxes.is_subset(&crossed);
        let claim = columns.iter().find(|k| k.index == c);
        match claim {
            Some(k) => {
                claimed_columns.0 |= 1 << c;
                claimed_columns.1 |= u32::from(k.first == Some(true)) << c;
                if complete && let Some(first) = k.first {
                    columns_done |= 1 << c;
                    columns_first |= u32::from(first) << c;
                }
                if !complete {
                    let missing: Vec<String> =
                        (boxes - crossed).iter().map(|i| game.box_name(i)).collect();
                    let d = Diagnostic::error(
                        "sheet-column-incomplete",
                        format!(
                            "column {name} is claimed, but {} {} not crossed",
                            missing.join(", "),
                            if missing.len() == 1 { "is" } else { "are" }
                        ),
                    )
                    .with_label(k.key, "claimed here")
                    .with_help(format!(
                        "a column scores only when all its boxes are crossed: remove `{name}` \
from [columns], or cross the missing boxes if they were copied wrong"
                    ));
                    breach(d, vec![name.clone()], ctx.diags);
                }
            }
            None if complete => {
                let p = board.column_points[c];
                let d = Diagnostic::error(
                    "sheet-column-unclaimed",
                    format!("column {name} is complete, but no value is circled for it"),
                )
                .with_opt_label(columns_header, "not claimed here")
                .with_help(format!(
                    "circle its first value ({}) or its later one ({}): write {name} = {} or \
{name} = {} under [columns]",
                    p.first, p.later, p.first, p.later
                ));
                breach(d, vec![name.clone()], ctx.diags);
            }
            None => {}
        }
    }
    let mut colors_done = 0u16;
    let mut colors_first = 0u16;
    let mut claimed_colors = (0u16, 0u16);
    for (c, color) in board.colors.iter().enumerate() {
        let boxes = game.color_boxes(ColorId(c as u8));
        let complete = boxes.is_subset(&crossed);
        let name = &color.id;
        match colors.iter().find(|k| k.index == c) {
            Some(k) => {
                claimed_colors.0 |= 1 << c;
                claimed_colors.1 |= u16::from(k.first == Some(true)) << c;
                if complete && let Some(first) = k.first {
                    colors_done |= 1 << c;
                    colors_first |= u16::from(first) << c;
                }
                if !complete {
                    let missing = (boxes - crossed).len();
                    let d = Diagnostic::error(
                        "sheet-color-incomplete",
                        format!(
                            "{name} is claimed, but {missing} of its {} boxes {} not crossed",
                            boxes.len(),
                            if missing == 1 { "is" } else { "are" }
                        ),
                    )
                    .with_label(k.key, "claimed here")
                    .with_help(format!(
                        "a colour scores only when all its boxes are crossed: remove `{name}` \
from [colors]"
                    ));
                    breach(d, vec![name.clone()], ctx.diags);
                }
            }
            None if complete => {
                let p = board.color_bonus[c];
                let d = Diagnostic::error(
                    "sheet-color-unclaimed",
                    format!("{name} is complete, but no bonus is circled for it"),
                )
                .with_opt_label(colors_header, "not claimed here")
                .with_help(format!(
                    "circle its first bonus ({}) or its later one ({}): write {name} = {} or \
{name} = {} under [colors]",
                    p.first, p.later, p.first, p.later
                ));
                breach(d, vec![name.clone()], ctx.diags);
            }
            None => {}
        }
    }
    for (k, points, what) in columns
        .iter()
        .map(|k| {
            (
                k,
                board.column_points[k.index],
                column_names[k.index].clone(),
            )
        })
        .chain(colors.iter().map(|k| {
            (
                k,
                board.color_bonus[k.index],
                board.colors[k.index].id.clone(),
            )
        }))
    {
        if k.first.is_none() {
            let d = Diagnostic::error(
                "sheet-claim-value",
                format!(
                    "{what} is claimed with {}, which is neither its first value ({}) nor its \
later one ({})",
                    k.written, points.first, points.later
                ),
            )
            .with_label(k.value, "not a value of this claim")
            .with_help(format!(
                "write {}, \"first\", {} or \"later\"",
                points.first, points.later
            ));
            breach(d, vec![what], ctx.diags);
        }
    }

    let (jokers_used, jokers_loc) = jokers.map_or((0, None), |(n, l)| (n, Some(l)));
    if jokers_used > board.jokers {
        let d = Diagnostic::error(
            "sheet-jokers",
            format!(
                "{jokers_used} \"!\" boxes crossed, but the board has {}",
                board.jokers
            ),
        )
        .with_opt_label(
            jokers_loc,
            format!("{} too many", jokers_used - board.jokers),
        )
        .with_help("each joker die taken crosses one \"!\" box, and there are no more");
        breach(d, Vec::new(), ctx.diags);
    }

    let complete_colors: Vec<&str> = board
        .colors
        .iter()
        .enumerate()
        .filter(|(c, _)| game.color_boxes(ColorId(*c as u8)).is_subset(&crossed))
        .map(|(_, color)| color.id.as_str())
        .collect();
    if complete_colors.len() > 2 {
        let mut d = Diagnostic::error(
            "sheet-too-many-colors",
            format!(
                "{} colours are complete ({}), but the game ends in the turn a player \
completes a second colour",
                complete_colors.len(),
                complete_colors.join(", ")
            ),
        );
        for k in &colors {
            d = d.with_label(k.key, board.colors[k.index].id.clone());
        }
        d = d.with_help(
            "a turn crosses boxes of one colour only, so it completes at most one colour: \
check the crosses of the colours completed last",
        );
        breach(
            d,
            complete_colors.iter().map(|c| c.to_string()).collect(),
            ctx.diags,
        );
    }

    // The arithmetic: the claims as written, counted by the engine's rule.
    let as_claimed = Sheet::finished(crossed, jokers_used, claimed_columns, claimed_colors);
    let claimed = game.score(&as_claimed);
    if let Some((t, loc)) = total
        && t != claimed.total
    {
        let d = Diagnostic::error(
            "sheet-total",
            format!(
                "the sheet says {t}, but what it claims makes {}: colours {} + columns {} + \
\"!\" left {} - {} open {} = {}",
                claimed.total,
                claimed.colors,
                claimed.columns,
                claimed.jokers_left,
                claimed.open_stars,
                if claimed.open_stars == 1 {
                    format!("star ({})", claimed.star_penalty)
                } else {
                    format!("stars ({})", claimed.star_penalty)
                },
                claimed.total
            ),
        )
        .with_label(loc, format!("should be {}", claimed.total))
        .with_help(format!("write total = {}", claimed.total));
        breach(d, Vec::new(), ctx.diags);
    }

    let sheet = Sheet::finished(
        crossed,
        jokers_used,
        (columns_done, columns_first),
        (colors_done, colors_first),
    );
    Some(FilledResult {
        player,
        crossed: crossed.len(),
        jokers_used,
        written_total: total.map(|(t, _)| t),
        claimed,
        score: game.score(&sheet),
        breaches,
        sheet,
    })
}

/// Reads the table `key` of claims (`[columns]`, `[colors]`): each key one
/// of `names`, each value the number circled (or `"first"`, `"later"`).
/// Returns the claims and where the table is.
fn read_claims(
    top: &mut TableReader<'_, '_>,
    ctx: &mut Ctx<'_>,
    text: &str,
    (key, what): (&str, &str),
    names: &[&str],
    points: &[Points],
) -> (Vec<Claim>, Option<Loc>) {
    let mut claims = Vec::new();
    let Some(v) = top.get(key) else {
        return (claims, None);
    };
    let DeValue::Table(t) = v.get_ref() else {
        ctx.diags.push(
            Diagnostic::error("wrong-type", format!("`{key}` must be a table"))
                .with_label(ctx.loc(v.span()), format!("expected [{key}]"))
                .with_help(format!(
                    "write [{key}] and then one line per {what} claimed: {} = {}",
                    names[0], points[0].first
                )),
        );
        return (claims, None);
    };
    let header = ctx.loc(v.span());
    for (k, value) in t.iter() {
        let name: &str = k.get_ref();
        let key_loc = ctx.loc(k.span());
        let Some(index) = names.iter().position(|n| n.eq_ignore_ascii_case(name)) else {
            let d = Diagnostic::error(
                if what == "column" {
                    "unknown-column"
                } else {
                    "unknown-color"
                },
                format!("there is no {what} `{name}` on this board"),
            )
            .with_label(key_loc, format!("unknown {what}"));
            ctx.diags.push(match suggest(name, names) {
                Some(s) => d.with_help(format!("did you mean `{s}`?")),
                None => d.with_help(format!("the {what}s of the board: {}", names.join(", "))),
            });
            continue;
        };
        let p = points[index];
        let value_loc = ctx.loc(value.span());
        let first = match value.get_ref() {
            DeValue::Integer(n) => match n.as_str().parse::<i64>() {
                Ok(n) if n == i64::from(p.first) => Some(true),
                Ok(n) if n == i64::from(p.later) => Some(false),
                _ => None,
            },
            DeValue::String(s) if s.eq_ignore_ascii_case("first") => Some(true),
            DeValue::String(s) if s.eq_ignore_ascii_case("later") => Some(false),
            _ => {
                ctx.diags.push(
                    Diagnostic::error(
                        "invalid-value",
                        format!("`{}` is not a value circled", &text[value.span()]),
                    )
                    .with_label(
                        value_loc,
                        "expected the number circled, \"first\" or \"later\"",
                    )
                    .with_help(format!(
                        "e.g. {} = {} (its first value) or {} = {} (later)",
                        names[index], p.first, names[index], p.later
                    )),
                );
                continue;
            }
        };
        if claims.iter().any(|c: &Claim| c.index == index) {
            ctx.diags.push(
                Diagnostic::error(
                    "invalid-value",
                    format!("{what} `{}` is claimed twice", names[index]),
                )
                .with_label(key_loc, "claimed again")
                .with_help("keep one line per claim"),
            );
            continue;
        }
        claims.push(Claim {
            index,
            first,
            key: key_loc,
            value: value_loc,
            written: text[value.span()].to_string(),
        });
    }
    (claims, Some(header))
}
