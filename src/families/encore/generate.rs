//! Random boards that follow the design conventions (`rollx generate
//! encore`): deterministic for a seed on every machine.
//!
//! A board is built in *tries*. Each try fills the grid block by block, in
//! column-major order (the first empty box, top to bottom, left to right,
//! is always the next block's first box), choosing a colour, one of its
//! block sizes still to place and a random shape, by depth-first search
//! with a budget of steps: a block never touches another block of its
//! colour (they would be one block), and a column never runs out of room
//! for the colours it still lacks. A try that runs out of steps, or whose
//! stars cannot be placed, is abandoned and the next starts afresh.
//!
//! Stars: the columns are taken five at a time (one group per star of a
//! colour), and each group's five columns get the five colours in a
//! random order, so that each colour's stars are spread over the board;
//! in its column, a star goes in a block without one, away from the row of
//! the star beside it where it can.
//!
//! # Other sizes
//!
//! The conventions scale with the grid, as [`Conventions::for_size`] says
//! (the same function `rollx check` holds a board of that size to): the
//! standard five colours; one star per column, so the columns must be a
//! multiple of five (each colour then has `columns / 5` stars); every
//! colour in every column, so at least five rows; `columns x rows / 5`
//! boxes per colour, in blocks of sizes 1, 2, ..., 6, counted up again from
//! 1 while they fit, the rest in one last block (21 boxes: 1 to 6; 14: 1,
//! 2, 3, 4, 4). Column points keep
//! the standard sheet's shape: 1 (and 0) at the start column, 2 (1) up to
//! three sevenths of the way to the far edge, 3 (2) beyond, 5 (3) at the
//! two edges. A board of another size also writes its conventions in
//! `[conventions]`, for the reader (`rollx check` would scale them alike).

use std::fmt::Write;

use rand::{RngExt, SeedableRng};
use rand_pcg::Pcg64Mcg;

use super::model::{Board, BoardCell, ColorId, Points};
use super::standard::{self, Conventions};
use crate::geom::{Cells, Square};
use crate::source::BoardInfo;
use crate::source::toml::generated_id;

/// What to generate: a seed and the grid's size.
pub use crate::families::contract::GridSize as Options;

/// The standard grid: its columns and rows.
pub(crate) const STANDARD: (usize, usize) = (standard::COLUMNS, 7);

/// The standard grid (15 x 7), with `seed`.
pub fn standard_grid(seed: u64) -> Options {
    crate::families::contract::GenerateOptions {
        seed,
        columns: None,
        rows: None,
    }
    .or(STANDARD)
}

/// A generated board.
#[derive(Clone, Debug)]
pub struct Generated {
    /// The board.
    pub board: Board,
    /// The conventions it follows.
    pub conventions: Conventions,
    /// The board file: loads back to `board`.
    pub toml: String,
    /// Tries it took (1 when the first succeeded).
    pub tries: u32,
}

pub(crate) use crate::families::contract::GenerateError;

/// Colours of a generated board.
const COLORS: usize = 5;
/// Fewest and most columns.
const COLUMNS: std::ops::RangeInclusive<usize> = 5..=25;
/// Fewest and most rows (12 rows do not fit the a4-2up template at the
/// least box size).
const ROWS: std::ops::RangeInclusive<usize> = 5..=11;
/// Steps of the search in one try.
const STEPS: u32 = 400;
/// Tries before giving up.
const MAX_TRIES: u32 = 10_000;
/// Orders of the colours tried for the stars of five columns.
const STAR_ORDERS: usize = 50;
/// Random shapes tried for one colour and size at one box.
const SHAPES: usize = 1;

/// The conventions a board of this size follows, or why it cannot.
pub fn conventions_for(columns: usize, rows: usize) -> Result<Conventions, GenerateError> {
    if !COLUMNS.contains(&columns) || !columns.is_multiple_of(COLORS) {
        return Err(GenerateError::Size(format!(
            "a board of {columns} columns cannot have one star per column and the same number \
             of stars for each of the {COLORS} colours: give a multiple of {COLORS} from {} to {}",
            COLUMNS.start(),
            COLUMNS.end()
        )));
    }
    if !ROWS.contains(&rows) {
        return Err(GenerateError::Size(format!(
            "a board of {} {}: give {} to {} rows",
            crate::text::count(rows, "row"),
            if rows < *ROWS.start() {
                "cannot hold every colour in every column"
            } else {
                "does not print on every shipped template"
            },
            ROWS.start(),
            ROWS.end()
        )));
    }
    Ok(Conventions::for_size(columns, rows))
}

/// Column points in the standard sheet's shape, for `columns` columns
/// starting from `start`.
pub fn column_points(columns: usize, start: usize) -> Vec<Points> {
    let far = start.max(columns - 1 - start).max(1);
    (0..columns)
        .map(|c| {
            let d = c.abs_diff(start);
            let (first, later) = if c == 0 || c == columns - 1 {
                (5, 3)
            } else if d == 0 {
                (1, 0)
            } else if 7 * d <= 3 * far {
                (2, 1)
            } else {
                (3, 2)
            };
            Points { first, later }
        })
        .collect()
}

/// Generates a board.
pub fn generate(options: &Options) -> Result<Generated, GenerateError> {
    let conventions = conventions_for(options.columns, options.rows)?;
    let mut rng = Pcg64Mcg::seed_from_u64(options.seed);
    let grid = Square {
        columns: options.columns,
        rows: options.rows,
    };
    for tries in 1..=MAX_TRIES {
        let Some(cells) = Filler::new(grid, &conventions).fill(&mut rng) else {
            continue;
        };
        let Some(cells) = place_stars(grid, cells, &mut rng) else {
            continue;
        };
        let board = board(options, cells);
        let toml = toml(options, &board, &conventions);
        return Ok(Generated {
            board,
            conventions,
            toml,
            tries,
        });
    }
    Err(GenerateError::GaveUp(MAX_TRIES))
}

/// The board's name: "Generated board, seed 7" and the size when not the
/// standard one; "Seed …" when a long seed would make the sheet's title
/// wider than the narrowest template prints it (about 36 characters).
fn name(seed: u64, size: &str) -> String {
    let long = format!("Generated board, seed {seed}{size}");
    if long.chars().count() <= 36 {
        long
    } else {
        format!("Seed {seed}{size}")
    }
}

/// A uniform index below `n`, the same on every machine.
fn below(rng: &mut Pcg64Mcg, n: usize) -> usize {
    rng.random_range(0..n as u32) as usize
}

fn shuffle<T>(rng: &mut Pcg64Mcg, items: &mut [T]) {
    for i in (1..items.len()).rev() {
        items.swap(i, below(rng, i + 1));
    }
}

/// One try at filling the grid with blocks, with counts kept up to date
/// as blocks are placed and taken back.
struct Filler {
    grid: Square,
    /// Each box's neighbours (`usize::MAX` past the edge).
    near: Vec<[usize; 4]>,
    /// Each box's colour, once placed.
    color: Vec<Option<u8>>,
    /// Per colour and box: neighbours of that colour.
    touching: Vec<Vec<u8>>,
    /// Per column and colour: boxes of that colour.
    in_column: Vec<[u8; COLORS]>,
    /// Per column: empty boxes.
    empty: Vec<u8>,
    /// Block sizes still to place, per colour.
    sizes: Vec<Vec<u32>>,
    steps: u32,
}

impl Filler {
    fn new(grid: Square, conventions: &Conventions) -> Self {
        let near = (0..grid.len())
            .map(|i| {
                let mut n = [usize::MAX; 4];
                for (k, j) in grid.neighbors(i).enumerate() {
                    n[k] = j;
                }
                n
            })
            .collect();
        Self {
            grid,
            near,
            color: vec![None; grid.len()],
            touching: vec![vec![0; grid.len()]; COLORS],
            in_column: vec![[0; COLORS]; grid.columns],
            empty: vec![grid.rows as u8; grid.columns],
            sizes: vec![conventions.block_sizes.clone(); COLORS],
            steps: STEPS,
        }
    }

    fn fill(mut self, rng: &mut Pcg64Mcg) -> Option<Vec<u8>> {
        self.search(0, rng)
            .then(|| self.color.iter().map(|c| c.expect("filled")).collect())
    }

    /// The first empty box, column by column from the left, from `from`
    /// on (every box before it is filled).
    fn anchor(&self, from: usize) -> Option<usize> {
        let (rows, columns) = (self.grid.rows, self.grid.columns);
        (from..rows * columns)
            .map(|k| self.grid.index(k / rows, k % rows))
            .find(|&i| self.color[i].is_none())
    }

    /// Fills the grid from the `from`-th box in column order on.
    fn search(&mut self, from: usize, rng: &mut Pcg64Mcg) -> bool {
        let Some(at) = self.anchor(from) else {
            return true;
        };
        let (c0, r0) = self.grid.place(at);
        let order = c0 * self.grid.rows + r0;
        if self.steps == 0 {
            return false;
        }
        self.steps -= 1;
        // The colours with the most boxes still to place first (ties in a
        // random order), each with its largest blocks first.
        let mut colors: Vec<u8> = (0..COLORS as u8).collect();
        shuffle(rng, &mut colors);
        colors.sort_by_key(|&c| std::cmp::Reverse(self.sizes[usize::from(c)].iter().sum::<u32>()));
        for c in colors {
            let mut sizes = self.sizes[usize::from(c)].clone();
            sizes.dedup();
            sizes.reverse();
            for size in sizes {
                for _ in 0..SHAPES {
                    let Some(shape) = self.shape(at, c, size as usize, rng) else {
                        break;
                    };
                    if !self.fits(&shape, c) {
                        continue;
                    }
                    self.set(&shape, Some(c));
                    let list = &mut self.sizes[usize::from(c)];
                    let k = list.iter().position(|&s| s == size).expect("listed");
                    list.remove(k);
                    if self.search(order + 1, rng) {
                        return true;
                    }
                    self.sizes[usize::from(c)].insert(k, size);
                    self.set(&shape, None);
                    if self.steps == 0 {
                        return false;
                    }
                }
            }
        }
        false
    }

    /// Places the boxes of `shape` in colour `to`, or empties them.
    fn set(&mut self, shape: &[usize], to: Option<u8>) {
        for &i in shape {
            let (c, col) = match (to, self.color[i]) {
                (Some(c), _) => (c, self.grid.place(i).0),
                (None, Some(c)) => (c, self.grid.place(i).0),
                (None, None) => continue,
            };
            let k = usize::from(c);
            if to.is_some() {
                self.in_column[col][k] += 1;
                self.empty[col] -= 1;
            } else {
                self.in_column[col][k] -= 1;
                self.empty[col] += 1;
            }
            for &n in &self.near[i] {
                if n != usize::MAX {
                    if to.is_some() {
                        self.touching[k][n] += 1;
                    } else {
                        self.touching[k][n] -= 1;
                    }
                }
            }
            self.color[i] = to;
        }
    }

    /// Whether box `i` is empty and touches no box of colour `c`.
    fn free(&self, i: usize, c: u8) -> bool {
        self.color[i].is_none() && self.touching[usize::from(c)][i] == 0
    }

    /// A random connected shape of `size` empty boxes from `at`, none of
    /// which touches a block of colour `c`; `None` when growth gets stuck.
    fn shape(&self, at: usize, c: u8, size: usize, rng: &mut Pcg64Mcg) -> Option<Vec<usize>> {
        if !self.free(at, c) {
            return None;
        }
        let mut shape = vec![at];
        let mut edge: Vec<usize> = Vec::with_capacity(16);
        while shape.len() < size {
            edge.clear();
            for &i in &shape {
                for &n in &self.near[i] {
                    if n != usize::MAX
                        && !shape.contains(&n)
                        && !edge.contains(&n)
                        && self.free(n, c)
                    {
                        edge.push(n);
                    }
                }
            }
            if edge.is_empty() {
                return None;
            }
            shape.push(edge[below(rng, edge.len())]);
        }
        shape.sort_unstable();
        Some(shape)
    }

    /// Whether placing `shape` in colour `c` leaves every column it
    /// touches room for the colours it still lacks, and colour `c` boxes
    /// enough for the columns that still lack it.
    fn fits(&self, shape: &[usize], c: u8) -> bool {
        let k = usize::from(c);
        let mut added = [0u8; 32];
        for &i in shape {
            added[self.grid.place(i).0 % 32] += 1;
        }
        let mut lacking = 0;
        for col in 0..self.grid.columns {
            let new = added.get(col).copied().unwrap_or(0);
            if self.in_column[col][k] == 0 && new == 0 {
                lacking += 1;
            }
            if new == 0 {
                continue;
            }
            let empty = self.empty[col] - new;
            let mut missing = 0;
            for (j, &n) in self.in_column[col].iter().enumerate() {
                if n == 0 && j != k {
                    missing += 1;
                }
            }
            if missing > empty {
                return false;
            }
        }
        let left: u32 = self.sizes[k].iter().sum::<u32>() - shape.len() as u32;
        lacking <= left && !self.walls_in_a_box(shape, c)
    }

    /// Whether placing `shape` in colour `c` would leave an empty box with
    /// no empty neighbour that no block of one box can fill (every colour
    /// with a block of one left touches it).
    fn walls_in_a_box(&self, shape: &[usize], c: u8) -> bool {
        for &i in shape {
            for &e in &self.near[i] {
                if e == usize::MAX || self.color[e].is_some() || shape.contains(&e) {
                    continue;
                }
                let open = self.near[e]
                    .iter()
                    .any(|&n| n != usize::MAX && self.color[n].is_none() && !shape.contains(&n));
                if open {
                    continue;
                }
                let fillable = (0..COLORS).any(|k| {
                    self.sizes[k].contains(&1)
                        && !(k == usize::from(c) && shape.len() == 1)
                        && self.touching[k][e] == 0
                        && !(k == usize::from(c) && self.near[e].iter().any(|n| shape.contains(n)))
                });
                if !fillable {
                    return true;
                }
            }
        }
        false
    }
}

/// Stars on a filled grid: one per column, each colour once in every
/// group of five columns, at most one per block. `None` when a column
/// offers no box for its colour.
fn place_stars(grid: Square, colors: Vec<u8>, rng: &mut Pcg64Mcg) -> Option<Vec<BoardCell>> {
    let mut cells: Vec<BoardCell> = colors
        .iter()
        .map(|&c| BoardCell {
            color: ColorId(c),
            star: false,
        })
        .collect();
    let probe = Board {
        cells: cells.clone(),
        columns: grid.columns,
        rows: grid.rows,
        ..placeholder(grid)
    };
    let blocks = probe.blocks();
    let mut block_of = vec![0; grid.len()];
    for (b, block) in blocks.iter().enumerate() {
        for &i in block {
            block_of[i] = b;
        }
    }
    let mut starred = vec![false; blocks.len()];
    let mut last_row: Option<usize> = None;
    'group: for group in 0..grid.columns / COLORS {
        // A few orders of the colours, until one finds a block without a
        // star in every column.
        for _ in 0..STAR_ORDERS {
            let mut order: Vec<u8> = (0..COLORS as u8).collect();
            shuffle(rng, &mut order);
            let mut placed: Vec<(usize, usize)> = Vec::with_capacity(COLORS);
            let mut row = last_row;
            for (k, &c) in order.iter().enumerate() {
                let col = group * COLORS + k;
                let mut choices: Vec<usize> = (0..grid.rows)
                    .filter(|&r| {
                        let i = grid.index(col, r);
                        colors[i] == c
                            && !starred[block_of[i]]
                            && !placed.iter().any(|&(j, _)| block_of[j] == block_of[i])
                    })
                    .collect();
                if choices.is_empty() {
                    break;
                }
                if choices.len() > 1 {
                    choices.retain(|&r| Some(r) != row);
                }
                let r = choices[below(rng, choices.len())];
                placed.push((grid.index(col, r), r));
                row = Some(r);
            }
            if placed.len() == COLORS {
                for &(i, _) in &placed {
                    cells[i].star = true;
                    starred[block_of[i]] = true;
                }
                last_row = row;
                continue 'group;
            }
        }
        return None;
    }
    Some(cells)
}

/// A board with the standard values and no boxes yet.
fn placeholder(grid: Square) -> Board {
    let start = grid.columns / 2;
    Board {
        info: BoardInfo::default(),
        colors: standard::colors(),
        columns: grid.columns,
        rows: grid.rows,
        cells: Vec::new(),
        start_column: start,
        column_points: column_points(grid.columns, start),
        color_bonus: vec![standard::COLOR_BONUS; COLORS],
        jokers: standard::JOKERS,
        star_penalty: standard::STAR_PENALTY,
        dice: standard::dice(),
        solo_rolls: standard::SOLO_ROLLS,
    }
}

fn is_standard_size(options: &Options) -> bool {
    options.columns == standard::COLUMNS && options.rows == 7
}

/// The command that makes this board.
fn command(options: &Options) -> String {
    let mut cmd = format!("rollx generate encore --seed {}", options.seed);
    if !is_standard_size(options) {
        let _ = write!(
            cmd,
            " --columns {} --rows {}",
            options.columns, options.rows
        );
    }
    cmd
}

fn board(options: &Options, cells: Vec<BoardCell>) -> Board {
    let grid = Square {
        columns: options.columns,
        rows: options.rows,
    };
    let size = if is_standard_size(options) {
        String::new()
    } else {
        format!(" ({} x {})", options.columns, options.rows)
    };
    let id = if is_standard_size(options) {
        generated_id("encore", options.seed, "")
    } else {
        let size = format!("-{}x{}", options.columns, options.rows);
        generated_id("encore", options.seed, &size)
    };
    Board {
        info: BoardInfo {
            id,
            name: name(options.seed, &size),
            description: Some(format!(
                "Made by `{}`: random blocks and stars that follow the design conventions.",
                command(options)
            )),
            author: Some("rollx generate encore".to_string()),
            licence: None,
            version: None,
            lang: None,
            fonts: Vec::new(),
            names: Default::default(),
        },
        cells,
        ..placeholder(grid)
    }
}

/// The board file of a generated board.
fn toml(options: &Options, board: &Board, conventions: &Conventions) -> String {
    let mut s = String::new();
    let _ = writeln!(s, "# Generated by `{}`:", command(options));
    let _ = writeln!(
        s,
        "# a random board that follows the design conventions (docs/encore-board.md).\n\
         # Keys left out take the standard sheet's values: the five standard colours,\n\
         # colour bonuses 5 and 3, 8 joker boxes, 2 points lost for each star left,\n\
         # 3 colour and 3 number dice (1 to 5, with jokers), 30 solo rolls."
    );
    let _ = writeln!(s, "\n[game]\nfamily = \"encore\"\n");
    let i = &board.info;
    let _ = writeln!(
        s,
        "[board]\nid = {}\nname = {}",
        quote(&i.id),
        quote(&i.name)
    );
    if let Some(d) = &i.description {
        let _ = writeln!(s, "description = {}", quote(d));
    }
    if let Some(a) = &i.author {
        let _ = writeln!(s, "author = {}", quote(a));
    }
    let _ = writeln!(s, "\n[grid]\n# Upper case: the box has a star.\nrows = [");
    for r in 0..board.rows {
        let row: String = (0..board.columns)
            .map(|c| {
                let cell = board.cell(c, r);
                let l = board.colors[cell.color.index()].letter;
                if cell.star { l.to_ascii_uppercase() } else { l }
            })
            .collect();
        let _ = writeln!(s, "    \"{row}\",");
    }
    let _ = writeln!(
        s,
        "]\nstart_column = \"{}\"\n",
        Board::column_name(board.start_column)
    );
    let list = |v: Vec<String>| v.join(", ");
    let _ = writeln!(
        s,
        "[points]\ncolumns_first = [{}]\ncolumns_later = [{}]",
        list(
            board
                .column_points
                .iter()
                .map(|p| p.first.to_string())
                .collect()
        ),
        list(
            board
                .column_points
                .iter()
                .map(|p| p.later.to_string())
                .collect()
        )
    );
    if *conventions != Conventions::standard() {
        let _ = writeln!(
            s,
            "\n[conventions]\nboxes_per_color = {}\nblock_sizes = [{}]\nstars_per_color = {}\nlargest_block = {}",
            conventions.boxes_per_color,
            list(conventions.block_sizes.iter().map(u32::to_string).collect()),
            conventions.stars_per_color,
            conventions.largest_block
        );
    }
    s
}

/// A TOML basic string.
fn quote(s: &str) -> String {
    let mut out = String::from("\"");
    for ch in s.chars() {
        match ch {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            c if c.is_control() => {
                let _ = write!(out, "\\u{:04X}", c as u32);
            }
            c => out.push(c),
        }
    }
    out.push('"');
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn conventions_scale_with_the_grid() {
        let c = conventions_for(15, 7).unwrap();
        assert_eq!(c, Conventions::standard());
        let c = conventions_for(10, 7).unwrap();
        assert_eq!(c.block_sizes, [1, 2, 3, 4, 4]);
        assert_eq!(c.boxes_per_color, 14);
        assert_eq!(c.stars_per_color, 2);
        let c = conventions_for(20, 7).unwrap();
        assert_eq!(c.block_sizes.iter().sum::<u32>(), 28);
        assert!(conventions_for(12, 7).is_err());
        assert!(conventions_for(15, 4).is_err());
        assert!(conventions_for(15, 13).is_err());
    }

    /// The generator and `rollx check` agree: a generated board of any
    /// size, its `[conventions]` table deleted (a hand-made board of that
    /// size), is held to the conventions it was made by and breaks none.
    #[test]
    fn check_holds_a_board_to_the_conventions_of_its_size() {
        for (columns, rows) in [(5, 5), (10, 5), (15, 7), (20, 8), (25, 11)] {
            let g = generate(&Options {
                seed: 2,
                columns,
                rows,
            })
            .unwrap();
            assert_eq!(g.conventions, Conventions::for_size(columns, rows));
            let text = match g.toml.find("\n[conventions]") {
                Some(at) => &g.toml[..at],
                None => &g.toml[..],
            };
            assert!(!text.contains("boxes_per_color"));
            let c = crate::encore::check_bytes(
                &crate::source::DiskFiles,
                std::path::Path::new("hand-made.toml"),
                text.as_bytes().to_vec(),
            );
            let found: Vec<String> = c
                .diagnostics
                .iter()
                .filter(|d| d.code.starts_with("board-"))
                .map(|d| d.message.clone())
                .collect();
            assert!(found.is_empty(), "{columns} x {rows}: {found:?}");
            assert!(c.board.is_some());
        }
        // Another size is held to its own numbers, named in the message.
        let g = generate(&Options {
            seed: 2,
            columns: 10,
            rows: 5,
        })
        .unwrap();
        let text = g.toml[..g.toml.find("\n[conventions]").unwrap()].to_string();
        let first_row = text.lines().find(|l| l.starts_with("    \"")).unwrap();
        let letters: Vec<char> = first_row.trim().trim_matches(['"', ',']).chars().collect();
        // Recolour the first box to another colour of the row: one colour
        // loses a box, another gains one.
        let other = *letters
            .iter()
            .find(|c| !c.eq_ignore_ascii_case(&letters[0]))
            .unwrap();
        let mut changed: String = letters.iter().collect();
        changed.replace_range(0..1, &other.to_ascii_lowercase().to_string());
        let text = text.replacen(first_row.trim().trim_matches(['"', ',']), &changed, 1);
        let c = crate::encore::check_bytes(
            &crate::source::DiskFiles,
            std::path::Path::new("hand-made.toml"),
            text.into_bytes(),
        );
        let boxes: Vec<&str> = c
            .diagnostics
            .iter()
            .filter(|d| d.code == "board-color-boxes")
            .map(|d| d.message.as_str())
            .collect();
        assert_eq!(boxes.len(), 2, "{boxes:?}");
        for m in boxes {
            assert!(
                m.ends_with("the convention for a 10 x 5 board is 10"),
                "{m}"
            );
        }
    }

    #[test]
    fn column_points_have_the_standard_shape() {
        let p = column_points(15, 7);
        let first: Vec<u8> = p.iter().map(|p| p.first).collect();
        let later: Vec<u8> = p.iter().map(|p| p.later).collect();
        assert_eq!(first, standard::COLUMN_FIRST);
        assert_eq!(later, standard::COLUMN_LATER);
        let p = column_points(10, 5);
        assert_eq!(p[0].first, 5);
        assert_eq!(p[9].first, 5);
        assert_eq!(p[5].first, 1);
    }

    #[test]
    fn a_seed_gives_the_same_board() {
        let o = Options {
            seed: 7,
            ..standard_grid(0)
        };
        let a = generate(&o).unwrap();
        let b = generate(&o).unwrap();
        assert_eq!(a.board, b.board);
        assert_eq!(a.toml, b.toml);
        let c = generate(&Options { seed: 8, ..o }).unwrap();
        assert_ne!(a.board.cells, c.board.cells);
    }
}
