//! Checking a finished paper sheet of a Diceland board, the way players
//! check each other's sheets at the end: the crosses in one piece with the
//! start cell, at most one open zone of each colour, the star tally and the
//! colour-complete box as the crosses make them, and the claimed win. The
//! format is described in `docs/diceland-sheet.md`.
//!
//! The order of the crosses is not on paper, so the checks are those of the
//! finished sheet; each is the rule of crossing ([`super::sheet`]) seen at
//! the end: the crosses are replayed outward from the start cell onto a
//! [`Sheet`], which keeps the frontier, the open zones and the stars the
//! engine keeps.

use std::path::Path;

use serde::Serialize;

use super::sheet::Sheet;
use crate::diag::{self, Diagnostic, Loc, SourceMap};
use crate::diceland::model::{Board, CellSet, Color};
use crate::source::toml::{Ctx, TableReader};

/// Keys of a sheet file.
pub const SHEET_KEYS: &[&str] = &[
    "board",
    "player",
    "crossed",
    "stars",
    "color_complete",
    "winner",
];

/// What the checker finds about a sheet that could be read.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct FilledResult {
    /// The player's name, when written.
    pub player: Option<String>,
    /// Cells crossed.
    pub crossed: usize,
    /// Star cells among them.
    pub stars: usize,
    /// Colours crossed completely.
    pub complete_colors: Vec<&'static str>,
    /// Whether the crosses reach the board's goal.
    pub reached_goal: bool,
    /// Rules the sheet breaks (the findings that are errors).
    pub breaches: usize,
}

impl FilledResult {
    /// No rule broken.
    pub fn is_clean(&self) -> bool {
        self.breaches == 0
    }
}

/// A finished sheet checked: the file, every finding (input problems,
/// which leave the result empty, and rule breaches), and the result
/// when the file could be read.
pub type FilledVerdict = crate::families::contract::CheckedSheet<FilledResult>;

/// A finished sheet as a sheet file, for `rollx referee --write-sheet`.
pub fn to_toml(board: &Board, sheet: &Sheet, player: Option<&str>) -> String {
    let mut s = String::from("# A finished Diceland sheet: docs/diceland-sheet.md\n");
    s.push_str(&format!("board = \"{}\"\n", board.info.id));
    if let Some(p) = player {
        s.push_str(&format!("player = {}\n", toml_string(p)));
    }
    let names: Vec<String> = sheet
        .crossed
        .iter()
        .map(|i| format!("\"{}\"", board.cell_name(i)))
        .collect();
    s.push_str("crossed = [\n");
    for chunk in names.chunks(10) {
        s.push_str(&format!("  {},\n", chunk.join(", ")));
    }
    s.push_str("]\n");
    s.push_str(&format!("stars = {}\n", sheet.stars));
    s.push_str(&format!(
        "color_complete = {}\n",
        sheet.complete_colors() > 0
    ));
    s.push_str(&format!("winner = {}\n", sheet.reached_goal(board)));
    s
}

fn toml_string(s: &str) -> String {
    toml::Value::String(s.to_string()).to_string()
}

/// Checks the sheet file at `path` (its `bytes` given) against `board`.
pub fn check(board: &Board, path: &Path, bytes: Vec<u8>) -> FilledVerdict {
    let mut sources = SourceMap::new();
    let mut diags = Vec::new();
    let result = match diag::add_utf8(&mut sources, path, bytes) {
        Ok((id, text)) => {
            let mut ctx = Ctx::new(id, &mut diags);
            read_and_check(board, &mut ctx, &text)
        }
        Err(d) => {
            diags.push(d);
            None
        }
    };
    diag::sort(&mut diags);
    FilledVerdict {
        sources,
        diagnostics: diags,
        result,
    }
}

fn read_and_check(board: &Board, ctx: &mut Ctx<'_>, text: &str) -> Option<FilledResult> {
    let doc =
        crate::source::toml::parse(ctx, text, "see docs/diceland-sheet.md for the sheet format")?;
    let mut top = TableReader::new(doc.get_ref(), ctx.loc(0..0), "the sheet");
    let id = top.string(ctx, "board");
    let player = top.string(ctx, "player");
    let crossed = top.strings(ctx, "crossed");
    let stars = top.integer(ctx, "stars");
    let color_complete = top.boolean(ctx, "color_complete");
    let winner = top.boolean(ctx, "winner");
    let whole = top.header;
    top.finish(ctx, SHEET_KEYS);
    let before = ctx.diags.len();
    match &id {
        Some(id) if id.value != board.info.id => {
            ctx.diags.push(
                Diagnostic::error(
                    "board-mismatch",
                    format!(
                        "this is a sheet of board `{}`, but the board given is `{}`",
                        id.value, board.info.id
                    ),
                )
                .with_label(id.loc, "the sheet's board")
                .with_help("pass the board the sheet was played on with --map"),
            );
            return None;
        }
        Some(_) => {}
        None => {
            ctx.diags.push(
                Diagnostic::error("missing-field", "the sheet has no `board`")
                    .with_label(whole, "`board` is required")
                    .with_help(format!("add a line like: board = \"{}\"", board.info.id)),
            );
        }
    }
    let Some(list) = crossed else {
        if !ctx.mistyped.iter().any(|(_, k)| k == "crossed") {
            ctx.diags.push(
                Diagnostic::error("missing-field", "the sheet has no `crossed`")
                    .with_label(whole, "`crossed` is required")
                    .with_help("list the crossed cells by column letter and row: crossed = [\"F4\", \"G4\"]"),
            );
        }
        return None;
    };
    // The cells, each a zone cell named once.
    let mut cells = CellSet::EMPTY;
    let mut at: Vec<(usize, Loc)> = Vec::new();
    for name in &list.items {
        let cell = board
            .cell_by_name(&name.value)
            .filter(|&i| board.zone_of(i).is_some());
        match cell {
            None => ctx.diags.push(
                Diagnostic::error(
                    "unknown-cell",
                    format!("`{}` is no zone cell of board `{}`", name.value, board.info.id),
                )
                .with_label(name.loc, "not a cell that can be crossed")
                .with_help("name cells by column letter and row, as the sheet prints them (`C4`); the start cell and obstacles are never crossed"),
            ),
            Some(i) if cells.contains(i) => ctx.diags.push(
                Diagnostic::error("invalid-value", format!("{} is listed twice", name.value))
                    .with_label(name.loc, "listed again")
                    .with_help("list each crossed cell once"),
            ),
            Some(i) => {
                cells.insert(i);
                at.push((i, name.loc));
            }
        }
    }
    if ctx.diags.len() > before || ctx.diags.iter().any(Diagnostic::is_error) {
        return None;
    }
    let loc_of = |i: usize| {
        at.iter()
            .find(|(c, _)| *c == i)
            .map_or(list.loc, |(_, l)| *l)
    };
    let mut breaches = 0;

    // The crosses replayed outward from the start cell.
    let mut sheet = Sheet::new(board);
    loop {
        let next = cells.minus(&sheet.crossed).and(&sheet.frontier);
        if next.is_empty() {
            break;
        }
        for i in next.iter() {
            sheet.cross(board, &CellSet::one(i));
        }
    }
    // Crosses not linked to the start: one finding per group.
    let mut apart = cells.minus(&sheet.crossed);
    loop {
        let Some(first) = apart.iter().next() else {
            break;
        };
        let mut group = CellSet::one(first);
        loop {
            let mut more = group;
            for i in group.iter() {
                more = more.or(&board.neighbors(i).and(&apart));
            }
            if more == group {
                break;
            }
            group = more;
        }
        apart = apart.minus(&group);
        let names: Vec<String> = group.iter().map(|i| board.cell_name(i)).collect();
        let mut d = Diagnostic::error(
            "sheet-not-connected",
            format!(
                "{} {} not linked to the start cell through crosses",
                names.join(", "),
                if names.len() == 1 { "is" } else { "are" }
            ),
        );
        for i in group.iter() {
            d = d.with_label(loc_of(i), "not linked");
        }
        ctx.diags.push(d.with_help("every cross touches an earlier one, the start cell first: a cross is missing between these and the rest"));
        breaches += 1;
    }
    // At most one open zone of each colour.
    for c in Color::ALL {
        let open: Vec<usize> = (0..board.zones.len())
            .filter(|&z| {
                let zone = &board.zones[z];
                zone.color == c && zone.set.meets(&cells) && !zone.set.minus(&cells).is_empty()
            })
            .collect();
        if open.len() > 1 {
            let mut d = Diagnostic::error(
                "sheet-open-zones",
                format!(
                    "{} zones of {} are started and unfinished",
                    open.len(),
                    c.id()
                ),
            );
            for &z in &open {
                let first = board.zones[z].set.and(&cells).iter().next().unwrap_or(0);
                d = d.with_label(
                    loc_of(first),
                    format!("zone {} is open", board.zones[z].label),
                );
            }
            ctx.diags.push(d.with_help("a colour has one open zone at a time: a new zone opens only once the open one is finished"));
            breaches += 1;
        }
    }
    let star_count = cells.and(board.stars()).len();
    let complete: Vec<&'static str> = Color::ALL
        .into_iter()
        .filter(|&c| {
            !board.color_cells(c).is_empty() && board.color_cells(c).minus(&cells).is_empty()
        })
        .map(Color::id)
        .collect();
    let reached = star_count >= usize::from(board.goal.stars)
        && complete.len() >= usize::from(board.goal.colors);
    if let Some(s) = &stars
        && s.value != star_count as i64
    {
        ctx.diags.push(
            Diagnostic::error(
                "sheet-stars",
                format!(
                    "the star tally says {}, but {star_count} star cells are crossed",
                    s.value
                ),
            )
            .with_label(s.loc, "the tally")
            .with_help("each star cell crossed marks one tally box, when it is crossed"),
        );
        breaches += 1;
    }
    if let Some(b) = &color_complete
        && b.value == complete.is_empty()
    {
        let why = if b.value {
            "the colour-complete box is marked, but no colour is crossed completely".to_string()
        } else {
            format!(
                "{} is crossed completely, but the colour-complete box is not marked",
                complete.join(" and ")
            )
        };
        ctx.diags.push(
            Diagnostic::error("sheet-color-complete", why)
                .with_label(b.loc, "the box")
                .with_help("the box is marked at once when a colour's last cell is crossed"),
        );
        breaches += 1;
    }
    if let Some(w) = &winner
        && w.value != reached
    {
        let goal = board.goal;
        ctx.diags.push(
            Diagnostic::error(
                "sheet-winner",
                format!(
                    "the sheet {} the game, but its crosses {} the goal ({} and {} colour{})",
                    if w.value {
                        "claims to win"
                    } else {
                        "does not claim"
                    },
                    if reached { "reach" } else { "do not reach" },
                    crate::text::count(goal.stars, "star"),
                    goal.colors,
                    if goal.colors == 1 { "" } else { "s" }
                ),
            )
            .with_label(w.loc, "the claim")
            .with_help(
                "a player wins on crossing the goal's stars and every cell of the goal's colours",
            ),
        );
        breaches += 1;
    }
    Some(FilledResult {
        player: player.map(|p| p.value),
        crossed: cells.len(),
        stars: star_count,
        complete_colors: complete,
        reached_goal: reached,
        breaches,
    })
}
