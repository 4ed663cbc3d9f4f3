//! Reading a board file and the files it `extends`, then every check of
//! `rollx check`: the structure (located errors), the published
//! conventions (warnings) and rule solvability.
//!
//! A variant changes only what it writes: `[board]` and `[goal]` merge key
//! by key, the variant winning; `rows` replaces the whole grid.

use crate::print::Locale;
use std::path::Path;

use super::model::{Board, Cell, CellSet, Color, Goal, MAX_CELLS, MAX_ZONE, Zone};
use super::report::Report;
use super::solve::{self, Solvability};
use crate::diag::{self, Diagnostic, Loc, SourceMap};
use crate::geom::{Cells, Hex};
use crate::source::chain::{self, Extends};
use crate::source::toml::{Ctx, Sp, TableReader};
use crate::source::{Files, RawInfo, missing_field};

/// Everything `rollx check` learns about a board file.
#[derive(Debug)]
pub struct Checked {
    /// Every file read (the board and what it extends).
    pub sources: SourceMap,
    /// Findings in reading order.
    pub diagnostics: Vec<Diagnostic>,
    /// The board, when there are no errors.
    pub board: Option<Board>,
    /// Rule solvability, when the board could be built.
    pub solvability: Option<Solvability>,
    /// The summary `check` shows (text and JSON).
    pub report: Report,
}

/// One row of the grid as written, and where its text starts in the file
/// when the string holds it verbatim.
#[derive(Clone, Debug)]
struct RawRow {
    text: Sp<String>,
    content_start: Option<u32>,
}

/// One board file as written.
#[derive(Clone, Debug, Default)]
struct RawBoard {
    extends: Option<Sp<String>>,
    info: RawInfo,
    grid_header: Option<Loc>,
    rows: Option<(Loc, Vec<RawRow>)>,
    goal_header: Option<Loc>,
    goal_stars: Option<Sp<i64>>,
    goal_colors: Option<Sp<i64>>,
    mistyped: Vec<(Loc, String)>,
}

/// Top-level keys of a board file.
pub const TOP_KEYS: &[&str] = &["extends", "game", "board", "grid", "goal", "names"];
/// Keys of `[grid]`.
pub const GRID_KEYS: &[&str] = &["rows"];
/// Keys of `[goal]`.
pub const GOAL_KEYS: &[&str] = &["stars", "colors"];

/// The format's help line.
const HELP: &str = "see docs/diceland-board.md for the board file format";

fn read_raw(ctx: &mut Ctx<'_>, source: &str) -> Option<RawBoard> {
    let doc = crate::source::toml::parse(ctx, source, HELP)?;
    let root = doc.get_ref();
    let mut top = TableReader::new(root, ctx.loc(0..0), "the top level");
    let mut raw = RawBoard {
        extends: top.string(ctx, "extends"),
        ..RawBoard::default()
    };
    crate::source::read_game_table(&mut top, ctx, "diceland", "board");
    if let Some(info) = crate::source::read_info(&mut top, ctx, "board") {
        raw.info = info;
    }
    raw.info.names = crate::source::game::read_names(&mut top, ctx, &[]);
    if let Some(mut t) = top.table(ctx, "grid") {
        raw.grid_header = Some(t.header);
        raw.rows = t.strings(ctx, "rows").map(|list| {
            let rows = list
                .items
                .into_iter()
                .map(|text| RawRow {
                    content_start: verbatim_start(source, text.loc, &text.value),
                    text,
                })
                .collect();
            (list.loc, rows)
        });
        t.finish(ctx, GRID_KEYS);
    }
    if let Some(mut t) = top.table(ctx, "goal") {
        raw.goal_header = Some(t.header);
        raw.goal_stars = t.integer(ctx, "stars");
        raw.goal_colors = t.integer(ctx, "colors");
        t.finish(ctx, GOAL_KEYS);
    }
    top.finish(ctx, TOP_KEYS);
    raw.mistyped = std::mem::take(&mut ctx.mistyped);
    Some(raw)
}

/// Where the value of a one-line string literal starts in the file, when
/// the literal holds the value verbatim (no escapes).
fn verbatim_start(source: &str, loc: Loc, value: &str) -> Option<u32> {
    let written = source.get(loc.range())?;
    let body = written.get(1..written.len().checked_sub(1)?)?;
    (body == value).then_some(loc.start + 1)
}

/// Board files as `extends` chains read them.
struct BoardFormat;

impl Extends for BoardFormat {
    type Raw = RawBoard;
    const NOUN: &'static str = "board";

    fn read(&self, ctx: &mut Ctx<'_>, text: &str) -> Option<(RawBoard, Option<Sp<String>>)> {
        let raw = read_raw(ctx, text)?;
        let ext = raw.extends.clone();
        Some((raw, ext))
    }
}

/// `child` over `parent`.
fn merge(parent: RawBoard, child: RawBoard) -> RawBoard {
    let mut out = parent;
    out.extends = child.extends;
    out.mistyped.extend(child.mistyped);
    macro_rules! over {
        ($($key:ident).*) => { out.$($key).* = child.$($key).*.or(out.$($key).*.take()); };
    }
    out.info = std::mem::take(&mut out.info).merge(child.info);
    over!(grid_header);
    over!(rows);
    over!(goal_header);
    over!(goal_stars);
    over!(goal_colors);
    out
}

/// Checks a board given as bytes; `files` serves the files it extends.
pub fn check_bytes(files: &dyn Files, path: &Path, bytes: Vec<u8>) -> Checked {
    check_bytes_in(files, path, bytes, &Locale::default())
}

/// [`check_bytes`], with the print checks run on sheets in `locale`.
pub fn check_bytes_in(files: &dyn Files, path: &Path, bytes: Vec<u8>, locale: &Locale) -> Checked {
    check_bytes_for(files, path, bytes, Some(locale))
}

/// [`check_bytes`], the print checks run on sheets in `locale` when one
/// is given, left out otherwise.
pub fn check_bytes_for(
    files: &dyn Files,
    path: &Path,
    bytes: Vec<u8>,
    locale: Option<&Locale>,
) -> Checked {
    let mut sources = SourceMap::new();
    let mut diags = Vec::new();
    let chain = chain::read_chain(&BoardFormat, files, &mut sources, &mut diags, path, bytes);
    let mut board = None;
    let mut solvability = None;
    if let Some(chain) = chain {
        let raw = chain.into_iter().fold(RawBoard::default(), merge);
        let file = Loc {
            source: diag::SourceId(0),
            start: 0,
            end: 0,
        };
        if let Some((b, places)) = resolve(&raw, file, &mut diags) {
            conventions(&b, &places, &mut diags);
            let s = solve::solvability(&b);
            solvability_findings(&b, &s, &places, &mut diags);
            if let Some(locale) = locale
                && !diags.iter().any(Diagnostic::is_error)
            {
                add_print_findings(
                    &b,
                    &places,
                    &locale.for_file(b.info.lang, &b.info.fonts),
                    &sources,
                    &mut diags,
                );
            }
            solvability = Some(s);
            board = Some(b);
        }
    }
    diag::sort(&mut diags);
    if diags.iter().any(Diagnostic::is_error) {
        board = None;
    }
    let report = Report::new(path, board.as_ref(), solvability.as_ref(), &diags, &sources);
    Checked {
        sources,
        diagnostics: diags,
        board,
        solvability,
        report,
    }
}

/// Adds the print checks of every shipped template, in colour and mono,
/// as warnings located at the part of the board they are about, so that a
/// designer learns a sheet's limits while drawing the board (as Rolling
/// maps and Encore boards do).
fn add_print_findings(
    board: &Board,
    places: &Places,
    locale: &Locale,
    sources: &SourceMap,
    diags: &mut Vec<Diagnostic>,
) {
    use super::sheet::{About, shipped_findings};
    for f in shipped_findings(board, locale) {
        let mut d = f.diagnostic;
        crate::print::locate_glyphs(&mut d, sources);
        let about = if d.labels.is_empty() {
            f.about
        } else {
            Vec::new()
        };
        for about in about {
            let (loc, text) = match about {
                About::Cell(i) => (places.cells.get(i).copied(), "this cell"),
                About::Color(c) => (
                    board
                        .zones
                        .iter()
                        .position(|z| z.color == c)
                        .map(|z| places.zone(board, z)),
                    "this colour",
                ),
                About::Grid | About::Board | About::Strip => (Some(places.rows), "this board"),
            };
            if let Some(loc) = loc
                && !d.labels.iter().any(|l| l.loc == loc)
            {
                d = d.with_label(loc, text);
            }
        }
        diags.push(d);
    }
}

/// Where the parts of a board are written, for located findings.
#[derive(Clone, Debug)]
pub struct Places {
    /// The `rows` array.
    pub rows: Loc,
    /// Each place of the grid.
    pub cells: Vec<Loc>,
    /// Where `[goal] stars` is written (else the rows).
    pub goal: Loc,
}

impl Places {
    /// Where a zone is written: its first cell.
    pub fn zone(&self, board: &Board, z: usize) -> Loc {
        self.cells[usize::from(board.zones[z].cells[0])]
    }
}

fn error(code: &'static str, message: impl Into<String>) -> Diagnostic {
    Diagnostic::error(code, message)
}

/// A board from the merged file, or `None` when its structure is broken
/// (every fault reported).
fn resolve(raw: &RawBoard, file: Loc, diags: &mut Vec<Diagnostic>) -> Option<(Board, Places)> {
    let mut info = raw.info.board_info(file, &raw.mistyped, diags);
    info.names = raw.info.names(&|_, _| false, diags);
    let mut goal = Goal::default();
    let mut range = |v: &Option<Sp<i64>>, lo: i64, hi: i64, key: &str| -> Option<u8> {
        let v = v.as_ref()?;
        if (lo..=hi).contains(&v.value) {
            Some(v.value as u8)
        } else {
            diags.push(
                error(
                    "invalid-value",
                    format!("`{key}` in [goal] must be from {lo} to {hi}"),
                )
                .with_label(v.loc, "out of range")
                .with_help(format!(
                    "the published game asks for {key} = {}",
                    if key == "stars" { 9 } else { 1 }
                )),
            );
            None
        }
    };
    if let Some(s) = range(&raw.goal_stars, 0, 64, "stars") {
        goal.stars = s;
    }
    if let Some(c) = range(&raw.goal_colors, 0, 6, "colors") {
        goal.colors = c;
    }
    let header = raw.grid_header.unwrap_or(file);
    let Some((rows_loc, rows)) = &raw.rows else {
        if !raw.mistyped.iter().any(|(_, k)| k == "rows") {
            diags.push(missing_field(
                "rows",
                "[grid]",
                header,
                "[\"R1 R1 @ Y2\", \"  B3 B3 Y2 Y2\"]",
            ));
        }
        return None;
    };
    // Tokens of every row, with their places in the file.
    let mut grid: Vec<Vec<(String, Loc)>> = Vec::new();
    for row in rows {
        let mut tokens = Vec::new();
        let text = &row.text.value;
        let mut at = 0;
        for tok in text.split_whitespace() {
            let off = text[at..].find(tok).map_or(at, |o| at + o);
            at = off + tok.len();
            let loc = match row.content_start {
                Some(start) => Loc {
                    source: row.text.loc.source,
                    start: start + off as u32,
                    end: start + at as u32,
                },
                None => row.text.loc,
            };
            tokens.push((tok.to_string(), loc));
        }
        grid.push(tokens);
    }
    let columns = grid.iter().map(Vec::len).max().unwrap_or(0);
    if columns == 0 {
        diags.push(
            error("land-ragged", "the grid has no cells")
                .with_label(*rows_loc, "no cells here")
                .with_help("write one string per row of hexagons, cells separated by spaces"),
        );
        return None;
    }
    // A fault of the grid's shape or size does not stop the reading of its
    // cells: every problem is reported in one run. Only the checks that
    // need the hexagon geometry (a zone in one piece) wait for a sound grid.
    let mut broken = false;
    let width = grid[0].len();
    for (r, row) in grid.iter().enumerate() {
        if row.len() != width {
            let (text, loc) = match row.get(width) {
                Some((_, loc)) => ("this cell lies outside the grid", *loc),
                None => ("this row is short", rows[r].text.loc),
            };
            diags.push(
                error(
                    "land-ragged",
                    format!(
                        "row {} has {}, but row 1 has {width}",
                        r + 1,
                        crate::text::count(row.len(), "cell")
                    ),
                )
                .with_label(loc, text)
                .with_help("every row has as many cells; write `.` where the board has no cell"),
            );
            broken = true;
        }
    }
    let ragged = broken;
    let hex = Hex {
        columns: width,
        rows: grid.len(),
    };
    // Every cell as written, row after row (the places of the grid, when it
    // is not ragged).
    let locs: Vec<Loc> = grid.iter().flatten().map(|(_, l)| *l).collect();
    let too_large = hex.len() > MAX_CELLS;
    if too_large {
        diags.push(
            error(
                "land-limit",
                format!(
                    "the grid has {} places ({width} x {}), more than the {MAX_CELLS} rollx plays",
                    hex.len(),
                    hex.rows
                ),
            )
            .with_label(*rows_loc, "this grid")
            .with_help("make the board smaller; the published boards have about 100 cells"),
        );
        broken = true;
    }
    // Each place's content; zones by label.
    let mut cells = vec![Cell::Hole; locs.len()];
    let mut labels: Vec<(String, Color, Loc)> = Vec::new();
    let mut zone_cells: Vec<Vec<u16>> = Vec::new();
    let mut starts: Vec<usize> = Vec::new();
    for (i, (tok, loc)) in grid.iter().flatten().enumerate() {
        cells[i] = match tok.as_str() {
            "." => Cell::Hole,
            "#" => Cell::Obstacle,
            "@" => {
                starts.push(i);
                Cell::Start
            }
            _ => {
                let mut chars = tok.chars();
                let first = chars.next().unwrap_or(' ');
                let rest = chars.as_str();
                let (label, star) = match rest.strip_suffix('*') {
                    Some(l) => (l, true),
                    None => (rest, false),
                };
                let color = Color::by_letter(first);
                let label_ok =
                    !label.is_empty() && label.chars().all(|c| c.is_ascii_alphanumeric());
                let Some(color) = color.filter(|_| label_ok) else {
                    let why = if color.is_none() {
                        format!("`{first}` is no colour")
                    } else {
                        "a zone cell names its zone after the colour letter".to_string()
                    };
                    diags.push(
                        error("land-unknown-cell", format!("`{tok}` is not a cell: {why}"))
                            .with_label(*loc, "this cell")
                            .with_help(
                                "write `.` (no cell), `#` (obstacle), `@` (start), or a colour \
                                 letter (R Y G B O A) and the zone's label, with `*` for a star: R1, Y2*",
                            ),
                    );
                    broken = true;
                    continue;
                };
                let z = match labels.iter().position(|(l, _, _)| l == label) {
                    Some(z) => {
                        let (_, first_color, first_loc) = &labels[z];
                        if *first_color != color {
                            diags.push(
                                error(
                                    "land-zone-colors",
                                    format!(
                                        "zone {label} has cells of two colours, {} and {}",
                                        first_color.name().to_lowercase(),
                                        color.name().to_lowercase()
                                    ),
                                )
                                .with_label(*loc, format!("{} here", color.name().to_lowercase()))
                                .with_label(*first_loc, format!("{} here", first_color.name().to_lowercase()))
                                .with_help("a zone has one colour: give these cells another zone label, or one colour letter"),
                            );
                            broken = true;
                        }
                        z
                    }
                    None => {
                        labels.push((label.to_string(), color, *loc));
                        zone_cells.push(Vec::new());
                        labels.len() - 1
                    }
                };
                zone_cells[z].push(i as u16);
                Cell::Zone {
                    zone: z as u16,
                    star,
                }
            }
        };
    }
    match starts.as_slice() {
        [_] => {}
        [] => {
            diags.push(
                error("land-start", "the board has no start cell")
                    .with_label(*rows_loc, "no `@` in these rows")
                    .with_help(
                        "write `@` at the white start cell, where every player's crosses begin",
                    ),
            );
            broken = true;
        }
        [first, rest @ ..] => {
            let mut d = error(
                "land-start",
                format!("the board has {} start cells; it has one", starts.len()),
            )
            .with_label(locs[*first], "first start cell");
            for s in rest {
                d = d.with_label(locs[*s], "another start cell");
            }
            diags.push(d.with_help("keep one `@`; make the others zone cells or obstacles"));
            broken = true;
        }
    }
    // Each zone in one piece, and small enough for the engine.
    for (z, members) in zone_cells.iter().enumerate() {
        let pieces = if ragged || too_large {
            Vec::new()
        } else {
            let set: CellSet = members.iter().map(|&i| usize::from(i)).collect();
            crate::geom::components(&hex, |i| set.contains(i), |_, _| true)
        };
        if pieces.len() > 1 {
            let mut d = error(
                "land-zone-split",
                format!("zone {} is in {} pieces", labels[z].0, pieces.len()),
            );
            for (k, p) in pieces.iter().enumerate() {
                let text = if k == 0 { "one piece" } else { "another piece" };
                d = d.with_label(locs[p[0]], text);
            }
            diags.push(
                d.with_help("a zone's cells touch edge to edge: give each piece its own label"),
            );
            broken = true;
        }
        if members.len() > MAX_ZONE {
            diags.push(
                error(
                    "land-limit",
                    format!(
                        "zone {} has {} cells, more than the {MAX_ZONE} rollx plays",
                        labels[z].0,
                        members.len()
                    ),
                )
                .with_label(locs[usize::from(members[0])], "this zone")
                .with_help("split it into zones of 2 to 6 cells, as the published boards have"),
            );
            broken = true;
        }
    }
    if broken {
        return None;
    }
    let zones = labels
        .iter()
        .zip(zone_cells)
        .map(|((label, color, _), members)| {
            let set: CellSet = members.iter().map(|&i| usize::from(i)).collect();
            let stars = members
                .iter()
                .map(|&i| usize::from(i))
                .filter(|&i| matches!(cells[i], Cell::Zone { star: true, .. }))
                .collect();
            Zone {
                label: label.clone(),
                color: *color,
                cells: members,
                set,
                stars,
            }
        })
        .collect();
    let board = Board::new(info, hex, cells, zones, goal);
    Some((
        board,
        Places {
            rows: *rows_loc,
            cells: locs,
            // Without [goal], the default goal is about the whole grid.
            goal: raw
                .goal_stars
                .as_ref()
                .map(|s| s.loc)
                .or(raw.goal_header)
                .unwrap_or(*rows_loc),
        },
    ))
}

/// The published boards' conventions, as warnings: zones of 2 to 6
/// cells, two stars of each colour. (Obstacles that cut zones off from
/// the start are a finding of solvability, `land-unreachable`.)
fn conventions(board: &Board, places: &Places, diags: &mut Vec<Diagnostic>) {
    for (z, zone) in board.zones.iter().enumerate() {
        let n = zone.cells.len();
        if !(2..=6).contains(&n) {
            diags.push(
                Diagnostic::warning(
                    "land-zone-size",
                    format!(
                        "zone {} has {n} cell{}; published zones have 2 to 6",
                        zone.label,
                        if n == 1 { "" } else { "s" }
                    ),
                )
                .with_label(places.zone(board, z), "this zone")
                .with_help("join it to a neighbouring zone of its colour, or split it"),
            );
        }
    }
    for c in Color::ALL {
        let stars: Vec<usize> = board.stars().and(board.color_cells(c)).iter().collect();
        if stars.len() != 2 && !board.color_cells(c).is_empty() {
            let mut d = Diagnostic::warning(
                "land-color-stars",
                format!(
                    "{} has {} star{}; the published boards have two of each colour",
                    c.name(),
                    stars.len(),
                    if stars.len() == 1 { "" } else { "s" }
                ),
            );
            for &s in &stars {
                d = d.with_label(places.cells[s], "a star");
            }
            if stars.is_empty() {
                let first = board.color_cells(c).iter().next().unwrap_or(0);
                d = d.with_label(places.cells[first], "a cell of this colour");
            }
            diags.push(d.with_help("mark two cells of each colour with `*`, in different zones"));
        }
    }
}

/// The findings of solvability: a goal that cannot be reached is an
/// error; zones no cross reaches (the obstacles cut the board) and much of
/// the board behind one cell are warnings.
fn solvability_findings(
    board: &Board,
    s: &Solvability,
    places: &Places,
    diags: &mut Vec<Diagnostic>,
) {
    for (z, zone) in board.zones.iter().enumerate() {
        if s.unreachable_zones.contains(&zone.label) {
            diags.push(
                Diagnostic::warning(
                    "land-unreachable",
                    format!(
                        "the obstacles cut zone {} off: no cross can reach it from the start cell",
                        zone.label
                    ),
                )
                .with_label(places.zone(board, z), "this zone")
                .with_help("join it to the rest of the board: make an obstacle or a hole between them a zone cell"),
            );
        }
    }
    let goal = board.goal;
    if s.fewest_dice.is_none() {
        let why = if s.reachable_stars < usize::from(goal.stars) {
            format!(
                "the start reaches {} star cells, but the goal asks for {}",
                s.reachable_stars, goal.stars
            )
        } else {
            format!(
                "no {} colour{} can be crossed completely",
                goal.colors,
                if goal.colors == 1 { "" } else { "s" }
            )
        };
        diags.push(
            Diagnostic::error(
                "land-goal",
                format!("no player can win on this board: {why}"),
            )
            .with_label(
                places.goal,
                format!(
                    "the goal: {} and {} colour{}",
                    crate::text::count(goal.stars, "star"),
                    goal.colors,
                    if goal.colors == 1 { "" } else { "s" }
                ),
            )
            .with_help(
                "add star cells with `*`, lower [goal] stars, or open the way to the cells cut off",
            ),
        );
    }
    if s.chokepoint_share > 1.0 / 3.0
        && let Some(name) = &s.chokepoint
        && let Some(cell) = board.cell_by_name(name)
    {
        diags.push(
            Diagnostic::warning(
                "land-chokepoint",
                format!(
                    "{:.0} % of the board lies behind the single cell {name}",
                    s.chokepoint_share * 100.0
                ),
            )
            .with_label(places.cells[cell], "every way there passes here")
            .with_help("open a second way around the obstacles, so one crossed zone does not decide the race"),
        );
    }
}
