//! `rollx draw`: a grid drawing for a map from its neighbours alone.
//!
//! The map's areas are placed where they would like to be (the positions
//! of `sheet::auto::positions`: the neighbour graph's shape,
//! turned to the map's own `x`/`y` or its old grid), scaled into the
//! largest grid the template prints at its least writing box, then drawn
//! by [`crate::geom::contact`]. Pairs the grid cannot show become links;
//! pairs that touch but must not leave the drawing unusable, and the
//! caller is told which.
//!
//! The drawing is written back into the map file's text by replacing only
//! its `[layout]` table ([`rewrite`]); everything else is kept as written.

use std::ops::Range;
use std::time::Instant;

use super::map::{AreaId, Grid, Layout, Map, Position};
use super::sheet::auto;
use crate::geom::contact::{self, Budget, Problem};
use crate::print::{Capacity, PrintOptions, Template};

/// How a drawing is made.
#[derive(Clone, Debug)]
pub struct DrawOptions {
    /// The seed of the search.
    pub seed: u64,
    /// The largest grid: columns and rows.
    pub max_grid: (usize, usize),
    /// Moves of each search chain in the first round; later rounds, made
    /// only when a round leaves pairs wrong, try four times as many.
    pub moves: u64,
    /// Rounds at most.
    pub rounds: u32,
    /// Chains a round (run in parallel; the best wins).
    pub chains: usize,
    /// When to stop with the best drawing so far.
    pub deadline: Option<Instant>,
}

impl DrawOptions {
    /// The usual effort for a map of `areas` areas within `max_grid`.
    pub fn new(seed: u64, max_grid: (usize, usize), areas: usize) -> Self {
        Self {
            seed,
            max_grid,
            moves: 40_000 * areas.max(10) as u64,
            rounds: 8,
            chains: 4,
            deadline: None,
        }
    }
}

/// A map's grid drawing and what it could not show.
#[derive(Clone, Debug)]
pub struct MapDrawing {
    /// The grid, sea rows and columns at its rim cut off.
    pub grid: Grid,
    /// Declared neighbours the grid does not show: they need links.
    pub new_links: Vec<(AreaId, AreaId)>,
    /// Pairs that touch in the grid but are not neighbours: the drawing is
    /// unusable while there are any.
    pub extra: Vec<(AreaId, AreaId)>,
    /// Linked pairs that touch anyway (`rollx check` warns about them).
    pub touching_links: Vec<(AreaId, AreaId)>,
    /// Links (old and new) whose line the sheet can only draw across other
    /// areas, with those areas (`rollx print` refuses the sheet).
    pub crossing_links: Vec<((AreaId, AreaId), Vec<AreaId>)>,
    /// Whether the deadline cut the search short.
    pub timed_out: bool,
    /// Rounds of search made.
    pub rounds: u32,
}

impl MapDrawing {
    /// Whether the drawing (with its new links) passes the grid checks.
    pub fn is_usable(&self) -> bool {
        self.extra.is_empty()
    }
}

/// The largest grid that `template` prints for `map` at its least writing
/// box: columns and rows.
pub fn grid_capacity(map: &Map, template: &Template) -> (usize, usize) {
    let mut probe = map.clone();
    let n = map.areas.len();
    probe.layout = Layout::Grid(Grid {
        columns: n.max(1),
        rows: 1,
        cells: (0..n).map(|i| Some(AreaId(i as u16))).collect(),
        water: vec![false; n.max(1)],
    });
    let options = PrintOptions {
        sheets: 1,
        ..PrintOptions::default()
    };
    match super::sheet::layout(&probe, template, &options).capacity {
        Capacity::Grid {
            max_columns,
            max_rows,
            ..
        } => (max_columns.max(1), max_rows.max(1)),
        Capacity::Diagram { .. } => (25, 16),
    }
}

/// Cells of a grid an area needs, sea included, for a drawing to be found
/// in seconds: with fewer, areas of one or two cells cannot touch all their
/// neighbours with sea between the others (measured on generated county
/// maps: 115 areas on Letter's 25 x 16 cells drew exactly in 2.6 s, 130
/// areas missed pairs after a minute).
const CELLS_PER_AREA: f64 = 3.2;

/// The most areas a grid of `max_grid` cells holds apart.
pub fn grid_room(max_grid: (usize, usize)) -> usize {
    ((max_grid.0 * max_grid.1) as f64 / CELLS_PER_AREA) as usize
}

/// The most areas `template` prints of `map` as a diagram (no
/// `[layout]`) at its least writing box.
pub fn diagram_capacity(map: &Map, template: &Template) -> usize {
    let mut probe = map.clone();
    probe.layout = Layout::None;
    let options = PrintOptions {
        sheets: 1,
        ..PrintOptions::default()
    };
    match super::sheet::layout(&probe, template, &options).capacity {
        Capacity::Diagram { max_areas, .. } => max_areas,
        Capacity::Grid { .. } => map.areas.len(),
    }
}

/// Where each area of `map` would like to be: `x`/`y` where the map gives
/// them, else the centre of its cells in `old` (a previous drawing). When
/// every area has a place so, those are the places; when two or more do,
/// they keep their places and the others go where the neighbour graph's
/// shape, fitted onto the known places, puts them (`anchored`);
/// otherwise the graph's shape alone.
pub fn wished_positions(map: &Map, old: Option<&OldGrid>) -> Vec<(f64, f64)> {
    let mut guided = map.clone();
    if let Some(old) = old {
        for (i, area) in guided.areas.iter_mut().enumerate() {
            if area.position.is_none()
                && let Some(&(x, y)) = old.centres.get(&map.areas[i].id)
            {
                area.position = Some(Position {
                    x: x as f32,
                    y: y as f32,
                });
            }
        }
    }
    if guided.areas.iter().all(|a| a.position.is_some()) {
        return guided
            .areas
            .iter()
            .map(|a| {
                let p = a.position.expect("all given");
                (f64::from(p.x), f64::from(p.y))
            })
            .collect();
    }
    let pos = auto::positions(&guided);
    if let Some(placed) = anchored(map, &guided, &pos) {
        return placed;
    }
    // Slots of a grid with about two per area, placed to keep neighbour
    // lines short and uncrossed: a flat arrangement to start the drawing
    // from.
    let n = map.areas.len();
    let (x0, x1, y0, y1) = pos.iter().fold(
        (f64::MAX, f64::MIN, f64::MAX, f64::MIN),
        |(a, b, c, d), &(x, y)| (a.min(x), b.max(x), c.min(y), d.max(y)),
    );
    let aspect = ((x1 - x0).max(1e-6) / (y1 - y0).max(1e-6)).clamp(0.33, 3.0);
    let columns = ((2.0 * n as f64 * aspect).sqrt().ceil() as usize).max(2);
    let rows = (2 * n).div_ceil(columns).max(2);
    let slots = auto::slots(&guided, &pos, columns, rows, 0.6);
    slots
        .at
        .iter()
        .map(|&(c, r)| (c as f64, r as f64))
        .collect()
}

/// Where each area would like to be when some areas have a place and
/// others do not: those with a place there, the others where the
/// neighbour graph's drawing `pos` puts them once it is moved, turned (or
/// mirrored) and scaled onto the places given. Only areas that share a
/// border with another set that fit: an island joined to the rest by links
/// alone may lie far from its anchor, and is kept where its place is all
/// the same. `None` when fewer than two areas have a place (nothing to fit
/// to).
fn anchored(map: &Map, guided: &Map, pos: &[(f64, f64)]) -> Option<Vec<(f64, f64)>> {
    let given: Vec<Option<(f64, f64)>> = guided
        .areas
        .iter()
        .map(|a| a.position.map(|p| (f64::from(p.x), f64::from(p.y))))
        .collect();
    let mut bordered = vec![false; map.areas.len()];
    for (a, b) in map.edges() {
        if !map
            .links
            .iter()
            .any(|l| (l.a, l.b) == (a, b) || (l.a, l.b) == (b, a))
        {
            bordered[a.index()] = true;
            bordered[b.index()] = true;
        }
    }
    let mut fit: Vec<usize> = (0..given.len())
        .filter(|&i| given[i].is_some() && bordered[i])
        .collect();
    if fit.len() < 2 {
        fit = (0..given.len()).filter(|&i| given[i].is_some()).collect();
    }
    if fit.len() < 2 {
        return None;
    }
    let mean = |pts: &mut dyn Iterator<Item = (f64, f64)>| {
        let (mut x, mut y, mut k) = (0.0, 0.0, 0.0);
        for p in pts {
            x += p.0;
            y += p.1;
            k += 1.0;
        }
        (x / k, y / k)
    };
    let ca = mean(&mut fit.iter().map(|&i| pos[i]));
    let cb = mean(&mut fit.iter().filter_map(|&i| given[i]));
    // The similarity (mirrored or not) that best maps the drawing onto
    // the places: its mirror, angle and scale.
    let (mirror, angle, scale) = [1.0, -1.0]
        .into_iter()
        .map(|m: f64| {
            let (mut sxx, mut sxy, mut saa) = (0.0, 0.0, 0.0);
            for &i in &fit {
                let g = given[i].expect("given");
                let a = (pos[i].0 - ca.0, m * (pos[i].1 - ca.1));
                let b = (g.0 - cb.0, g.1 - cb.1);
                sxx += a.0 * b.0 + a.1 * b.1;
                sxy += a.0 * b.1 - a.1 * b.0;
                saa += a.0 * a.0 + a.1 * a.1;
            }
            let r = sxx.hypot(sxy);
            let scale = if saa > 1e-12 { r / saa } else { 1.0 };
            (m, sxy.atan2(sxx), scale, r)
        })
        .fold(None::<(f64, f64, f64, f64)>, |best, c| match best {
            Some(b) if b.3 >= c.3 - 1e-9 => Some(b),
            _ => Some(c),
        })
        .map(|(m, a, s, _)| (m, a, s))
        .expect("two candidates");
    let (sin, cos) = angle.sin_cos();
    Some(
        pos.iter()
            .zip(&given)
            .map(|(&p, g)| {
                g.unwrap_or_else(|| {
                    let (x, y) = (p.0 - ca.0, mirror * (p.1 - ca.1));
                    (
                        cb.0 + scale * (x * cos - y * sin),
                        cb.1 + scale * (x * sin + y * cos),
                    )
                })
            })
            .collect(),
    )
}

/// How far the search has got: told after each round.
#[derive(Clone, Copy, Debug)]
pub struct RoundDone {
    /// Rounds made so far.
    pub round: u32,
    /// Rounds at most.
    pub rounds: u32,
    /// The best drawing so far: pairs that touch but must not.
    pub extra: usize,
    /// The best drawing so far: neighbour pairs not shown.
    pub missing: usize,
}

/// Rounds in a row that may bring no better drawing before the search
/// stops: more rounds rarely find one, and each costs more than the last.
const FRUITLESS_ROUNDS: u32 = 2;

/// Draws `map` on a grid: its declared neighbours (links apart) sharing
/// cell edges, nothing else touching.
pub fn draw(map: &Map, positions: &[(f64, f64)], opts: &DrawOptions) -> MapDrawing {
    draw_telling(map, positions, opts, &mut |_| {})
}

/// [`draw`], telling `progress` after each round.
pub fn draw_telling(
    map: &Map,
    positions: &[(f64, f64)],
    opts: &DrawOptions,
    progress: &mut dyn FnMut(RoundDone),
) -> MapDrawing {
    let n = map.areas.len();
    let links: Vec<(usize, usize)> = map
        .links
        .iter()
        .map(|l| (l.a.index().min(l.b.index()), l.a.index().max(l.b.index())))
        .collect();
    let must: Vec<(usize, usize)> = map
        .edges()
        .into_iter()
        .map(|(a, b)| (a.index().min(b.index()), a.index().max(b.index())))
        .filter(|p| !links.contains(p))
        .collect();
    let joined: Vec<bool> = map.areas.iter().map(|a| !a.neighbors.is_empty()).collect();
    let (columns, rows, targets) = fit(positions, &joined, opts.max_grid);
    let share = 0.5 * (columns * rows) as f64 / n.max(1) as f64;
    let size = share.clamp(1.0, 9.0);
    let mut lonely = vec![true; n];
    for &(a, b) in &must {
        lonely[a] = false;
        lonely[b] = false;
    }
    let sizes = lonely
        .iter()
        .map(|&l| if l { size.min(2.0) } else { size })
        .collect();
    let problem = Problem {
        areas: n,
        must,
        may: links,
        targets,
        sizes,
        columns,
        rows,
    };
    let id = |&(a, b): &(usize, usize)| (AreaId(a as u16), AreaId(b as u16));
    // A round's drawing, its grid and the links the sheet would draw
    // across other areas.
    type Round = (contact::Drawing, Grid, Crossing);
    let mut best: Option<Round> = None;
    let mut rounds = 0;
    let mut moves = opts.moves;
    let mut fruitless = 0;
    for round in 0..opts.rounds.max(1) {
        rounds = round + 1;
        let budget = Budget {
            moves,
            chains: opts.chains,
            deadline: opts.deadline,
        };
        let d = contact::draw(&problem, opts.seed.wrapping_add(u64::from(round)), &budget);
        let linked: Vec<(AreaId, AreaId)> = problem.may.iter().chain(&d.missing).map(id).collect();
        let (grid, crossing) = sea_for_links(trimmed(&d), &linked, opts.max_grid);
        let score = |d: &contact::Drawing, c: &[_]| (d.extra.len(), d.missing.len(), c.len());
        let better = best
            .as_ref()
            .is_none_or(|(b, _, c)| score(&d, &crossing) < score(b, c));
        let mut stop = (d.is_exact() && crossing.is_empty()) || d.timed_out;
        if better {
            best = Some((d, grid, crossing));
            fruitless = 0;
        } else {
            fruitless += 1;
            stop |= fruitless >= FRUITLESS_ROUNDS;
        }
        if let Some((b, _, _)) = &best {
            progress(RoundDone {
                round: rounds,
                rounds: opts.rounds.max(1),
                extra: b.extra.len(),
                missing: b.missing.len(),
            });
        }
        if stop {
            break;
        }
        moves = moves.saturating_add(moves / 4);
    }
    let (d, grid, crossing_links) = best.expect("one round at least");
    MapDrawing {
        grid,
        new_links: d.missing.iter().map(id).collect(),
        extra: d.extra.iter().map(id).collect(),
        touching_links: d.touching_may.iter().map(id).collect(),
        crossing_links,
        timed_out: d.timed_out,
        rounds,
    }
}

/// The grid for `positions` within `max`, and the positions scaled into
/// it (in cells, a cell of margin all round). Only the `joined` areas
/// (those with neighbours) set the scale: areas on their own, far off like
/// Hawaii, are brought to the grid's rim.
fn fit(
    positions: &[(f64, f64)],
    joined: &[bool],
    max: (usize, usize),
) -> (usize, usize, Vec<(f64, f64)>) {
    let n = positions.len().max(1);
    let (mut x0, mut x1, mut y0, mut y1) = (f64::MAX, f64::MIN, f64::MAX, f64::MIN);
    let any_joined = joined.contains(&true);
    for (&(x, y), _) in positions
        .iter()
        .zip(joined)
        .filter(|&(_, &j)| j || !any_joined)
    {
        x0 = x0.min(x);
        x1 = x1.max(x);
        y0 = y0.min(y);
        y1 = y1.max(y);
    }
    if positions.is_empty() {
        (x0, x1, y0, y1) = (0.0, 1.0, 0.0, 1.0);
    }
    let (sx, sy) = ((x1 - x0).max(1e-6), (y1 - y0).max(1e-6));
    let aspect = (sx / sy).clamp(0.25, 4.0);
    // About nine cells an area, half of them sea, within the largest grid.
    let wanted = (9 * n) as f64;
    let columns = ((wanted * aspect).sqrt().ceil() as usize).clamp(3, max.0.max(3));
    let rows = ((wanted / columns as f64).ceil() as usize).clamp(3, max.1.max(3));
    let columns = columns.min(max.0.max(1));
    let rows = rows.min(max.1.max(1));
    let margin = if columns >= 6 && rows >= 6 { 1.0 } else { 0.5 };
    let k = ((columns as f64 - 2.0 * margin) / sx).min((rows as f64 - 2.0 * margin) / sy);
    let ox = (columns as f64 - sx * k) / 2.0;
    let oy = (rows as f64 - sy * k) / 2.0;
    let (wx, wy) = (columns as f64, rows as f64);
    let targets = positions
        .iter()
        .map(|&(x, y)| {
            (
                (ox + (x - x0) * k).clamp(0.5, wx - 0.5),
                (oy + (y - y0) * k).clamp(0.5, wy - 0.5),
            )
        })
        .collect();
    (columns, rows, targets)
}

/// Links whose line the sheet can only draw across other areas, with
/// those areas.
type Crossing = Vec<((AreaId, AreaId), Vec<AreaId>)>;

/// The links of `linked` that the sheet can only draw across other areas
/// on `grid`.
fn crossing_links(grid: &Grid, linked: &[(AreaId, AreaId)]) -> Crossing {
    linked
        .iter()
        .filter_map(|&(a, b)| {
            let crossed = super::sheet::link_crossings(grid, a, b);
            (!crossed.is_empty()).then_some(((a, b), crossed))
        })
        .collect()
}

/// `grid` with a line of sea added at its rim wherever that lets a link's
/// line go round land it would otherwise cross (the sea at the rim of a
/// trimmed drawing is not the sheet's to use: a template may fit the grid
/// to the page on that side), staying within `max` columns and rows; and
/// the links that still cross land.
fn sea_for_links(
    mut grid: Grid,
    linked: &[(AreaId, AreaId)],
    max: (usize, usize),
) -> (Grid, Crossing) {
    let mut crossing = crossing_links(&grid, linked);
    while !crossing.is_empty() {
        let best = [Side::Bottom, Side::Top, Side::Right, Side::Left]
            .into_iter()
            .filter_map(|side| {
                let wider = matches!(side, Side::Left | Side::Right);
                let fits = if wider {
                    grid.columns < max.0
                } else {
                    grid.rows < max.1
                };
                fits.then(|| with_sea(&grid, side))
            })
            .map(|g| {
                let c = crossing_links(&g, linked);
                (g, c)
            })
            .min_by_key(|(_, c)| c.len())
            .filter(|(_, c)| c.len() < crossing.len());
        let Some((g, c)) = best else { break };
        grid = g;
        crossing = c;
    }
    (grid, crossing)
}

/// A side of the grid.
#[derive(Clone, Copy)]
enum Side {
    Top,
    Bottom,
    Left,
    Right,
}

/// `grid` with a line of sea cells added on `side`.
fn with_sea(grid: &Grid, side: Side) -> Grid {
    let (w, h) = (grid.columns, grid.rows);
    let (columns, rows, dc, dr) = match side {
        Side::Top => (w, h + 1, 0, 1),
        Side::Bottom => (w, h + 1, 0, 0),
        Side::Left => (w + 1, h, 1, 0),
        Side::Right => (w + 1, h, 0, 0),
    };
    let mut cells = vec![None; columns * rows];
    let mut water = vec![false; columns * rows];
    for r in 0..h {
        for c in 0..w {
            cells[(r + dr) * columns + c + dc] = grid.cells[r * w + c];
            water[(r + dr) * columns + c + dc] = grid.water[r * w + c];
        }
    }
    Grid {
        columns,
        rows,
        cells,
        water,
    }
}

/// The drawing as a map grid without sea rows and columns at its rim.
fn trimmed(d: &contact::Drawing) -> Grid {
    let (w, h) = (d.columns, d.rows);
    let used = |c: usize, r: usize| d.cells[r * w + c].is_some();
    let cols: Vec<usize> = (0..w).filter(|&c| (0..h).any(|r| used(c, r))).collect();
    let rows: Vec<usize> = (0..h).filter(|&r| (0..w).any(|c| used(c, r))).collect();
    let (c0, c1) = (
        cols.first().copied().unwrap_or(0),
        cols.last().copied().unwrap_or(0),
    );
    let (r0, r1) = (
        rows.first().copied().unwrap_or(0),
        rows.last().copied().unwrap_or(0),
    );
    let mut cells = Vec::new();
    for r in r0..=r1 {
        for c in c0..=c1 {
            cells.push(d.cells[r * w + c].map(|a| AreaId(a as u16)));
        }
    }
    let len = cells.len();
    Grid {
        columns: c1 - c0 + 1,
        rows: r1 - r0 + 1,
        cells,
        water: vec![false; len],
    }
}

/// A previous drawing read from a map file's text: each area code's
/// centre, in cells.
#[derive(Clone, Debug, Default)]
pub struct OldGrid {
    /// Each token's mean cell centre `(column, row)`.
    pub centres: std::collections::BTreeMap<String, (f64, f64)>,
}

impl OldGrid {
    /// The grid of `[layout] grid` in `text`, if there is one.
    pub fn read(text: &str) -> Option<Self> {
        let table: toml::Table = toml::from_str(text).ok()?;
        let grid = table.get("layout")?.get("grid")?.as_str()?;
        Some(Self::of_grid(grid))
    }

    /// The centres of the areas in a grid's text (one token per cell).
    pub fn of_grid(grid: &str) -> Self {
        let mut sums: std::collections::BTreeMap<String, (f64, f64, f64)> = Default::default();
        for (r, line) in grid.lines().filter(|l| !l.trim().is_empty()).enumerate() {
            for (c, token) in line.split_whitespace().enumerate() {
                if token == "." || token == "~" {
                    continue;
                }
                let e = sums.entry(token.to_string()).or_default();
                e.0 += c as f64 + 0.5;
                e.1 += r as f64 + 0.5;
                e.2 += 1.0;
            }
        }
        Self {
            centres: sums
                .into_iter()
                .map(|(k, (x, y, n))| (k, (x / n, y / n)))
                .collect(),
        }
    }
}

/// The `[layout]` table of a drawing, as TOML text.
pub fn layout_toml(map: &Map, grid: &Grid, comment: &str) -> String {
    let width = map
        .areas
        .iter()
        .map(|a| a.id.len())
        .max()
        .unwrap_or(1)
        .max(1);
    let mut s = String::from("[layout]\nkind = \"grid\"\n");
    for line in comment.lines() {
        s.push_str("# ");
        s.push_str(line);
        s.push('\n');
    }
    s.push_str("grid = '''\n");
    for r in 0..grid.rows {
        let row: Vec<String> = (0..grid.columns)
            .map(|c| {
                let token = grid
                    .cell(c, r)
                    .map_or(".", |a| map.areas[a.index()].id.as_str());
                format!("{token:<width$}")
            })
            .collect();
        s.push_str(row.join(" ").trim_end());
        s.push('\n');
    }
    s.push_str("'''\n");
    s
}

/// Why a map file's text cannot take a new `[layout]`.
#[derive(Debug, thiserror::Error, PartialEq, Eq)]
pub enum RewriteError {
    /// `layout` is written as an inline table or dotted keys.
    #[error("line {0}: `layout` is not written as a `[layout]` table")]
    InlineLayout(usize),
}

/// The byte range of the `[layout]` table in `text` (with its sub-tables,
/// without the comments and blank lines that lead into the next table).
pub fn layout_span(text: &str) -> Result<Option<Range<usize>>, RewriteError> {
    let mut start = None;
    let mut end = None;
    let mut open: Option<&str> = None;
    let mut offset = 0;
    // The end of the last line that is neither blank nor a comment.
    let mut last_content = 0;
    for (number, line) in text.split_inclusive('\n').enumerate() {
        let here = offset;
        offset += line.len();
        let trimmed = line.trim();
        if let Some(quote) = open {
            if count_quotes(line, quote) % 2 == 1 {
                open = None;
            }
            last_content = offset;
            continue;
        }
        if trimmed.starts_with('[') {
            let name = trimmed
                .trim_start_matches('[')
                .split(']')
                .next()
                .unwrap_or("")
                .trim();
            let in_layout = name == "layout" || name.starts_with("layout.");
            if start.is_none() && in_layout {
                start = Some(here);
            } else if start.is_some() && end.is_none() && !in_layout {
                end = Some(last_content);
            }
        } else if start.is_none()
            && (trimmed.starts_with("layout ")
                || trimmed.starts_with("layout=")
                || trimmed.starts_with("layout."))
        {
            return Err(RewriteError::InlineLayout(number + 1));
        }
        if !trimmed.is_empty() && !trimmed.starts_with('#') {
            last_content = offset;
        }
        for quote in ["'''", "\"\"\""] {
            if count_quotes(line, quote) % 2 == 1 {
                open = Some(quote);
                break;
            }
        }
    }
    Ok(start.map(|s| s..end.unwrap_or(text.len())))
}

fn count_quotes(line: &str, quote: &str) -> usize {
    line.matches(quote).count()
}

/// `text` with its `[layout]` table replaced by `layout` (or `layout`
/// added at the end), and `links` (pairs of area ids, with a comment)
/// added as `[[links]]` before it.
pub fn rewrite(
    text: &str,
    layout: &str,
    links: &[(String, String)],
) -> Result<String, RewriteError> {
    let span = layout_span(text)?;
    let mut block = String::new();
    for (a, b) in links {
        block.push_str(&format!(
            "# Added by `rollx draw`: the grid cannot show this pair.\n[[links]]\nbetween = [\"{a}\", \"{b}\"]\n\n"
        ));
    }
    block.push_str(layout);
    Ok(match span {
        Some(r) => {
            let mut s = String::with_capacity(text.len() + block.len());
            s.push_str(&text[..r.start]);
            s.push_str(&block);
            let rest = &text[r.end..];
            if !rest.is_empty() && !rest.starts_with('\n') {
                s.push('\n');
            }
            s.push_str(rest);
            s
        }
        None => {
            let mut s = text.to_string();
            if !s.ends_with('\n') && !s.is_empty() {
                s.push('\n');
            }
            if !s.is_empty() {
                s.push('\n');
            }
            s.push_str(&block);
            s
        }
    })
}

/// `text` without its `[layout]` table, so that a map whose drawing
/// contradicts its neighbours can still be read.
pub fn without_layout(text: &str) -> Result<String, RewriteError> {
    Ok(match layout_span(text)? {
        Some(r) => format!("{}{}", &text[..r.start], &text[r.end..]),
        None => text.to_string(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    const MAP: &str = "# head\n[map]\nid = \"x\"\n\n[layout]\nkind = \"grid\"\ngrid = '''\nA B\n[C] D\n'''\n\n# about the areas\n[[areas]]\nid = \"A\"\n";

    #[test]
    fn a_sea_line_is_added_at_the_rim_where_a_link_would_cross_land() {
        // A, B and C in a row, A linked to C: no sea within the grid joins
        // them, so the line crosses B until a row of sea is added.
        let row = |cells: &[Option<AreaId>]| Grid {
            columns: cells.len(),
            rows: 1,
            cells: cells.to_vec(),
            water: vec![false; cells.len()],
        };
        let (a, b, c) = (AreaId(0), AreaId(1), AreaId(2));
        let grid = row(&[Some(a), Some(b), Some(c)]);
        let linked = [(a, c)];
        assert_eq!(crossing_links(&grid, &linked), [((a, c), vec![b])]);
        let (padded, crossing) = sea_for_links(grid.clone(), &linked, (3, 2));
        assert!(crossing.is_empty(), "{crossing:?}");
        assert_eq!((padded.columns, padded.rows), (3, 2));
        assert_eq!(&padded.cells[..3], &grid.cells[..], "the sea goes below");
        // No room for another row: the grid stays and the crossing is told.
        let (same, crossing) = sea_for_links(grid.clone(), &linked, (3, 1));
        assert_eq!(same.cells, grid.cells);
        assert_eq!(crossing, [((a, c), vec![b])]);
    }

    #[test]
    fn finds_the_layout_table_and_keeps_the_rest() {
        let span = layout_span(MAP).unwrap().unwrap();
        assert!(MAP[span.clone()].starts_with("[layout]"));
        assert!(MAP[span.clone()].ends_with("'''\n"), "{:?}", &MAP[span]);
        let out = rewrite(MAP, "[layout]\nkind = \"grid\"\ngrid = 'A'\n", &[]).unwrap();
        assert!(
            out.starts_with("# head\n[map]\nid = \"x\"\n\n[layout]\nkind = \"grid\"\ngrid = 'A'\n")
        );
        assert!(
            out.ends_with("\n# about the areas\n[[areas]]\nid = \"A\"\n"),
            "{out}"
        );
        let gone = without_layout(MAP).unwrap();
        assert!(!gone.contains("layout") && gone.contains("[[areas]]"));
    }

    #[test]
    fn adds_a_layout_at_the_end_and_refuses_inline_ones() {
        let out = rewrite(
            "[map]\nid = \"x\"\n",
            "[layout]\n",
            &[("A".into(), "B".into())],
        )
        .unwrap();
        assert!(out.starts_with("[map]\nid = \"x\"\n\n# Added"), "{out}");
        assert!(out.contains("between = [\"A\", \"B\"]") && out.ends_with("[layout]\n"));
        assert_eq!(
            layout_span("[map]\nlayout = { kind = \"grid\" }\n"),
            Err(RewriteError::InlineLayout(2))
        );
    }
}
