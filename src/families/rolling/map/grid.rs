//! Grid layouts: parsing the ASCII-art grid and checking it against the
//! declared neighbours.
//!
//! Two areas touch when a cell of one shares an edge with a cell of the
//! other; corner contact never counts. The pairs that touch plus the
//! declared links must equal the declared neighbour pairs exactly.

use std::collections::{BTreeMap, BTreeSet};

use super::model::{AreaId, Grid};
use super::raw::RawGridText;
use super::resolve::Resolved;
use crate::diag::{Diagnostic, Loc};
use crate::geom::{Square, components};
use crate::source::toml::suggest;

/// The token for a sea (empty) cell: blank paper.
pub const SEA: &str = ".";
/// The token for a water cell: a lake or sea the sheet draws as water.
pub const WATER: &str = "~";

/// A parsed grid with where each cell was written.
#[derive(Clone, Debug)]
pub struct ParsedGrid {
    /// The grid (unknown tokens are sea).
    pub grid: Grid,
    /// Where each cell's token is, row-major.
    pub locs: Vec<Loc>,
}

impl ParsedGrid {
    fn loc(&self, column: usize, row: usize) -> Loc {
        self.locs[row * self.grid.columns + column]
    }
}

/// Parses the grid text, reporting unknown tokens and uneven rows.
/// Returns `None` when the grid has no usable shape.
pub fn parse(
    text: &RawGridText,
    removed: &[String],
    res: &Resolved,
    diags: &mut Vec<Diagnostic>,
) -> Option<ParsedGrid> {
    let value = &text.text.value;
    let whole = text.text.loc;
    let token_loc = |start: usize, len: usize| match text.content_start {
        Some(base) => Loc::new(
            whole.source,
            base as usize + start..base as usize + start + len,
        ),
        None => whole,
    };
    let mut rows: Vec<Vec<(&str, usize)>> = Vec::new();
    let mut offset = 0;
    for line in value.split_inclusive('\n') {
        let mut tokens = Vec::new();
        let mut rest = line;
        let mut pos = offset;
        while let Some(start) = rest.find(|c: char| !c.is_whitespace()) {
            let tail = &rest[start..];
            let len = tail.find(char::is_whitespace).unwrap_or(tail.len());
            tokens.push((&tail[..len], pos + start));
            pos += start + len;
            rest = &tail[len..];
        }
        if !tokens.is_empty() {
            rows.push(tokens);
        }
        offset += line.len();
    }
    let Some(first) = rows.first() else {
        diags.push(
            Diagnostic::error("grid-empty", "the grid has no cells")
                .with_label(whole, "empty grid")
                .with_help("draw the map with one token per cell: area codes, and `.` for sea"),
        );
        return None;
    };
    let columns = first.len();
    let mut ragged = false;
    for (r, row) in rows.iter().enumerate().skip(1) {
        if row.len() != columns {
            ragged = true;
            let (_, start) = row[0];
            let (last, end) = row[row.len() - 1];
            diags.push(
                Diagnostic::error(
                    "grid-ragged",
                    format!(
                        "grid row {} has {}, but row 1 has {columns}",
                        r + 1,
                        crate::text::count(row.len(), "cell")
                    ),
                )
                .with_label(
                    token_loc(start, end + last.len() - start),
                    crate::text::count(row.len(), "cell"),
                )
                .with_help("every row needs the same number of tokens; fill gaps with `.` for sea"),
            );
        }
    }
    let known: Vec<&str> = res.areas.iter().map(|a| a.id.as_str()).collect();
    let mut cells = Vec::with_capacity(rows.len() * columns);
    let mut water = Vec::with_capacity(rows.len() * columns);
    let mut locs = Vec::with_capacity(rows.len() * columns);
    for (r, row) in rows.iter().enumerate() {
        for (c, &(token, start)) in row.iter().enumerate() {
            let loc = token_loc(start, token.len());
            water.push(token == WATER);
            let cell = if token == SEA || token == WATER || removed.iter().any(|r| r == token) {
                None
            } else if let Some(id) = res.area_index(token) {
                Some(id)
            } else {
                let d = Diagnostic::error(
                    "grid-unknown-token",
                    format!("grid cell `{token}` is not an area"),
                )
                .with_label(loc, "unknown area code");
                // A typo is most likely one of the areas around it.
                let near = nearby_areas(&rows, r, c, res);
                let guess = suggest(token, &near).or_else(|| suggest(token, &known));
                diags.push(match guess {
                    Some(s) => d.with_help(format!("did you mean `{s}`? Use `.` for sea")),
                    None => d.with_help("every token is an area id from [[areas]], or `.` for sea"),
                });
                None
            };
            cells.push(cell);
            locs.push(loc);
        }
    }
    if ragged {
        return None;
    }
    Some(ParsedGrid {
        grid: Grid {
            columns,
            rows: rows.len(),
            cells,
            water,
        },
        locs,
    })
}

/// The area codes drawn within two cells of row `r`, column `c`, nearest
/// first (each once).
fn nearby_areas<'t>(
    rows: &[Vec<(&'t str, usize)>],
    r: usize,
    c: usize,
    res: &Resolved,
) -> Vec<&'t str> {
    let mut near: Vec<(usize, &str)> = Vec::new();
    for (dr, dc) in (-2isize..=2).flat_map(|dr| (-2isize..=2).map(move |dc| (dr, dc))) {
        let cell = r
            .checked_add_signed(dr)
            .and_then(|y| rows.get(y))
            .zip(c.checked_add_signed(dc))
            .and_then(|(row, x)| row.get(x));
        if let Some(&(token, _)) = cell
            && res.area_index(token).is_some()
            && !near.iter().any(|&(_, t)| t == token)
        {
            near.push((dr.unsigned_abs().max(dc.unsigned_abs()), token));
        }
    }
    near.sort_by_key(|&(d, _)| d);
    near.into_iter().map(|(_, t)| t).collect()
}

/// Checks that every area is drawn, in one piece, and that the grid's
/// contacts plus the links equal the declared neighbours.
pub fn check(parsed: &ParsedGrid, res: &Resolved, diags: &mut Vec<Diagnostic>) {
    let grid = &parsed.grid;

    // Every area present, and in one piece.
    for (i, area) in res.areas.iter().enumerate() {
        let id = AreaId(i as u16);
        let pieces = pieces(grid, id);
        match pieces.len() {
            0 => diags.push(
                Diagnostic::error(
                    "grid-missing-area",
                    format!("area `{}` is not drawn in the grid", area.id),
                )
                .with_label(area.loc, "declared here, but no grid cell has this code")
                .with_help(format!(
                    "write `{}` in at least one cell of [layout] grid",
                    area.id
                )),
            ),
            1 => {}
            k => {
                let mut d = Diagnostic::error(
                    "grid-area-split",
                    format!("area `{}` is drawn in {k} separate pieces", area.id),
                );
                for (p, piece) in pieces.iter().enumerate() {
                    let (c, r) = piece[0];
                    d = d.with_label(parsed.loc(c, r), format!("piece {}", p + 1));
                }
                diags.push(d.with_help(
                    "an area's cells must connect through shared edges; join the pieces or rename one",
                ));
            }
        }
    }

    // Contacts in the grid: each pair once, with the first place it occurs.
    let mut touching: BTreeMap<(AreaId, AreaId), (usize, usize, usize, usize)> = BTreeMap::new();
    for r in 0..grid.rows {
        for c in 0..grid.columns {
            let Some(a) = grid.cell(c, r) else { continue };
            for (c2, r2) in [(c + 1, r), (c, r + 1)] {
                if c2 >= grid.columns || r2 >= grid.rows {
                    continue;
                }
                if let Some(b) = grid.cell(c2, r2).filter(|&b| b != a) {
                    touching
                        .entry((a.min(b), a.max(b)))
                        .or_insert((c, r, c2, r2));
                }
            }
        }
    }
    let links: BTreeSet<(AreaId, AreaId)> = res.links.iter().map(|l| (l.a, l.b)).collect();
    for l in &res.links {
        if let Some(&(c, r, _, _)) = touching.get(&(l.a, l.b)) {
            diags.push(
                Diagnostic::warning(
                    "link-touches",
                    format!(
                        "`{}` and `{}` are joined by a link but already touch in the grid",
                        res.areas[l.a.index()].id,
                        res.areas[l.b.index()].id
                    ),
                )
                .with_label(l.loc, "link declared here")
                .with_label(parsed.loc(c, r), "they touch here")
                .with_help("links are for neighbours that do not touch on paper; remove the link"),
            );
        }
    }

    // Declared pairs, each once, with where the first mention is.
    let mut declared: BTreeMap<(AreaId, AreaId), Loc> = BTreeMap::new();
    for (i, area) in res.areas.iter().enumerate() {
        let a = AreaId(i as u16);
        for &(b, loc) in &area.neighbors {
            declared.entry((a.min(b), a.max(b))).or_insert(loc);
        }
    }
    let name = |a: AreaId| res.areas[a.index()].id.as_str();
    for (&(a, b), &loc) in &declared {
        if touching.contains_key(&(a, b)) || links.contains(&(a, b)) {
            continue;
        }
        // Areas missing from the grid are reported once, above.
        if pieces_exist(grid, a) && pieces_exist(grid, b) {
            diags.push(
                Diagnostic::error(
                    "grid-missing-pair",
                    format!(
                        "`{}` and `{}` are declared neighbours but do not touch in the grid, and no link joins them",
                        name(a),
                        name(b)
                    ),
                )
                .with_label(loc, "declared here")
                .with_help(format!(
                    "give them a shared cell edge, declare [[links]] between = [\"{}\", \"{}\"], or remove the pair from both neighbour lists; `rollx draw` redraws the whole grid from the neighbours",
                    name(a),
                    name(b)
                )),
            );
        }
    }
    for (&(a, b), &(c, r, c2, r2)) in &touching {
        if declared.contains_key(&(a, b)) {
            continue;
        }
        diags.push(
            Diagnostic::error(
                "grid-extra-pair",
                format!(
                    "`{}` and `{}` touch in the grid (row {}, column {}) but are not declared neighbours",
                    name(a),
                    name(b),
                    r + 1,
                    c + 1
                ),
            )
            .with_label(parsed.loc(c, r), "this cell")
            .with_label(parsed.loc(c2, r2), "touches this one")
            .with_help(format!(
                "add \"{}\" and \"{}\" to each other's neighbors, or separate their cells with sea or another area (corners do not count); `rollx draw` redraws the whole grid from the neighbours",
                name(a),
                name(b)
            )),
        );
    }
}

fn pieces_exist(grid: &Grid, area: AreaId) -> bool {
    grid.cells.contains(&Some(area))
}

/// The edge-connected pieces of an area, each as its cells (column, row)
/// in reading order.
pub fn pieces(grid: &Grid, area: AreaId) -> Vec<Vec<(usize, usize)>> {
    let square = Square {
        columns: grid.columns,
        rows: grid.rows,
    };
    components(&square, |i| grid.cells[i] == Some(area), |_, _| true)
        .into_iter()
        .map(|piece| piece.into_iter().map(|i| square.place(i)).collect())
        .collect()
}
