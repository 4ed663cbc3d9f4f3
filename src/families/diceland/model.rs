//! A Diceland (Würfelland) board: hexagonal cells in offset rows, each a
//! cell of a coloured zone, a black obstacle or the white start cell; some
//! zone cells carry a star. Built by the board reader once a file has no
//! errors; immutable after.

use crate::geom::{Cells, Hex};
use crate::scene::Rgb;

pub use crate::source::BoardInfo;

/// The most cells a board's grid may have (the engine keeps a player's
/// crosses in a 256-bit set).
pub const MAX_CELLS: usize = 256;

/// The most cells one zone may have (the move generator enumerates the
/// subsets of a zone's free cells).
pub const MAX_ZONE: usize = 16;

/// One of the six colours of the zones and of the dice's faces.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Color {
    /// Red (`R`).
    Red,
    /// Yellow (`Y`).
    Yellow,
    /// Green (`G`).
    Green,
    /// Blue (`B`).
    Blue,
    /// Orange (`O`).
    Orange,
    /// Grey (`A`, as G is green).
    Grey,
}

impl Color {
    /// The six colours, in the order of the dice's faces.
    pub const ALL: [Color; 6] = [
        Color::Red,
        Color::Yellow,
        Color::Green,
        Color::Blue,
        Color::Orange,
        Color::Grey,
    ];

    /// Index from 0 to 5.
    #[inline]
    pub fn index(self) -> usize {
        self as usize
    }

    /// The colour of index `i` (0 to 5).
    pub fn from_index(i: usize) -> Color {
        Color::ALL[i]
    }

    /// Its letter in a board file's grid.
    pub fn letter(self) -> char {
        ['R', 'Y', 'G', 'B', 'O', 'A'][self.index()]
    }

    /// The colour a grid letter stands for.
    pub fn by_letter(c: char) -> Option<Color> {
        Color::ALL.into_iter().find(|k| k.letter() == c)
    }

    /// Its name in files and logs (`red`).
    pub fn id(self) -> &'static str {
        ["red", "yellow", "green", "blue", "orange", "grey"][self.index()]
    }

    /// The colour of a name in files and logs.
    pub fn by_id(s: &str) -> Option<Color> {
        Color::ALL.into_iter().find(|k| k.id() == s)
    }

    /// Its name in sentences (`Red`).
    pub fn name(self) -> &'static str {
        ["Red", "Yellow", "Green", "Blue", "Orange", "Grey"][self.index()]
    }

    /// The colour it prints in.
    pub fn rgb(self) -> Rgb {
        match self {
            Color::Red => Rgb::new(214, 48, 49),
            Color::Yellow => Rgb::new(241, 196, 15),
            Color::Green => Rgb::new(39, 174, 96),
            Color::Blue => Rgb::new(41, 128, 185),
            Color::Orange => Rgb::new(230, 126, 34),
            Color::Grey => Rgb::new(127, 140, 141),
        }
    }
}

/// A set of cells of a board (by grid index), as 256 bits.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct CellSet(pub [u64; 4]);

impl CellSet {
    /// The empty set.
    pub const EMPTY: CellSet = CellSet([0; 4]);

    /// The set of one cell.
    #[inline]
    pub fn one(i: usize) -> CellSet {
        let mut s = CellSet::EMPTY;
        s.insert(i);
        s
    }

    /// Adds cell `i`.
    #[inline]
    pub fn insert(&mut self, i: usize) {
        self.0[i >> 6] |= 1 << (i & 63);
    }

    /// Whether cell `i` is in the set.
    #[inline]
    pub fn contains(&self, i: usize) -> bool {
        self.0[i >> 6] >> (i & 63) & 1 == 1
    }

    /// Number of cells.
    #[inline]
    pub fn len(&self) -> usize {
        self.0.iter().map(|w| w.count_ones() as usize).sum()
    }

    /// Whether the set has no cell.
    #[inline]
    pub fn is_empty(&self) -> bool {
        self.0 == [0; 4]
    }

    /// Cells in both.
    #[inline]
    pub fn and(&self, o: &CellSet) -> CellSet {
        CellSet(std::array::from_fn(|k| self.0[k] & o.0[k]))
    }

    /// Cells in either.
    #[inline]
    pub fn or(&self, o: &CellSet) -> CellSet {
        CellSet(std::array::from_fn(|k| self.0[k] | o.0[k]))
    }

    /// Cells in `self` but not in `o`.
    #[inline]
    pub fn minus(&self, o: &CellSet) -> CellSet {
        CellSet(std::array::from_fn(|k| self.0[k] & !o.0[k]))
    }

    /// Whether the two share a cell.
    #[inline]
    pub fn meets(&self, o: &CellSet) -> bool {
        (0..4).any(|k| self.0[k] & o.0[k] != 0)
    }

    /// The cells, ascending.
    pub fn iter(&self) -> impl Iterator<Item = usize> + '_ {
        (0..4).flat_map(move |k| {
            let mut w = self.0[k];
            std::iter::from_fn(move || {
                (w != 0).then(|| {
                    let b = w.trailing_zeros() as usize;
                    w &= w - 1;
                    k * 64 + b
                })
            })
        })
    }
}

impl FromIterator<usize> for CellSet {
    fn from_iter<I: IntoIterator<Item = usize>>(iter: I) -> Self {
        let mut s = CellSet::EMPTY;
        for i in iter {
            s.insert(i);
        }
        s
    }
}

/// What a place of the grid holds.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Cell {
    /// No cell: the board's outline leaves it out.
    Hole,
    /// A black obstacle: never crossed.
    Obstacle,
    /// The white start cell, every player's first cross.
    Start,
    /// A cell of a zone.
    Zone {
        /// Index into [`Board::zones`].
        zone: u16,
        /// Whether it carries a star.
        star: bool,
    },
}

/// One zone: connected cells of one colour, crossed one zone of a colour
/// at a time.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Zone {
    /// Its name in the file (`R1`).
    pub label: String,
    /// Its colour.
    pub color: Color,
    /// Its cells, ascending.
    pub cells: Vec<u16>,
    /// The same, as a set.
    pub set: CellSet,
    /// Its star cells.
    pub stars: CellSet,
}

/// What a player must reach to win.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize)]
pub struct Goal {
    /// Star cells to cross (9 on the published boards).
    pub stars: u8,
    /// Colours to cross completely (1).
    pub colors: u8,
}

impl Default for Goal {
    fn default() -> Self {
        Goal {
            stars: 9,
            colors: 1,
        }
    }
}

/// A validated Diceland board.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Board {
    /// Identity.
    pub info: BoardInfo,
    /// The grid's size.
    pub grid: Hex,
    /// What each place of the grid holds, row by row.
    pub cells: Vec<Cell>,
    /// The zones, in the order the file first names them.
    pub zones: Vec<Zone>,
    /// The start cell.
    pub start: usize,
    /// What a player must reach to win.
    pub goal: Goal,
    /// Each place's neighbours that a player may cross (zone cells).
    neighbors: Vec<CellSet>,
    /// Every zone cell.
    zone_cells: CellSet,
    /// Every star cell.
    stars: CellSet,
    /// Cells of each colour.
    color_sets: [CellSet; 6],
    /// The zones of each colour, by index.
    color_zones: [Vec<usize>; 6],
    /// Steps between two places over zone cells (255: none), row-major.
    distance: Vec<u8>,
}

impl Board {
    /// A board from its parts (the reader checks them first: one start
    /// cell, zones connected, at most `MAX_CELLS` places).
    pub fn new(
        info: BoardInfo,
        grid: Hex,
        cells: Vec<Cell>,
        zones: Vec<Zone>,
        goal: Goal,
    ) -> Board {
        let start = cells.iter().position(|c| *c == Cell::Start).unwrap_or(0);
        let zone_cells: CellSet = (0..cells.len())
            .filter(|&i| matches!(cells[i], Cell::Zone { .. }))
            .collect();
        let stars: CellSet = (0..cells.len())
            .filter(|&i| matches!(cells[i], Cell::Zone { star: true, .. }))
            .collect();
        let neighbors: Vec<CellSet> = (0..cells.len())
            .map(|i| {
                grid.neighbors(i)
                    .filter(|&j| zone_cells.contains(j))
                    .collect()
            })
            .collect();
        let mut color_sets = [CellSet::EMPTY; 6];
        let mut color_zones: [Vec<usize>; 6] = Default::default();
        for (i, z) in zones.iter().enumerate() {
            color_sets[z.color.index()] = color_sets[z.color.index()].or(&z.set);
            color_zones[z.color.index()].push(i);
        }
        let n = cells.len();
        let mut distance = vec![u8::MAX; n * n];
        for from in 0..n {
            if !(zone_cells.contains(from) || from == start) {
                continue;
            }
            let row = &mut distance[from * n..(from + 1) * n];
            row[from] = 0;
            let mut queue = std::collections::VecDeque::from([from]);
            while let Some(a) = queue.pop_front() {
                for b in neighbors[a].iter() {
                    if row[b] == u8::MAX {
                        row[b] = row[a].saturating_add(1).min(254);
                        queue.push_back(b);
                    }
                }
            }
        }
        Board {
            info,
            grid,
            cells,
            zones,
            start,
            goal,
            neighbors,
            zone_cells,
            stars,
            color_sets,
            color_zones,
            distance,
        }
    }

    /// The zones of a colour, by index.
    #[inline]
    pub fn zones_of(&self, c: Color) -> &[usize] {
        &self.color_zones[c.index()]
    }

    /// The neighbours of place `i` that are zone cells.
    #[inline]
    pub fn neighbors(&self, i: usize) -> &CellSet {
        &self.neighbors[i]
    }

    /// Every zone cell.
    pub fn zone_cells(&self) -> &CellSet {
        &self.zone_cells
    }

    /// Every star cell.
    pub fn stars(&self) -> &CellSet {
        &self.stars
    }

    /// The cells of a colour.
    pub fn color_cells(&self, c: Color) -> &CellSet {
        &self.color_sets[c.index()]
    }

    /// The zone of a zone cell.
    #[inline]
    pub fn zone_of(&self, i: usize) -> Option<usize> {
        match self.cells.get(i) {
            Some(Cell::Zone { zone, .. }) => Some(usize::from(*zone)),
            _ => None,
        }
    }

    /// Steps from `a` to `b` over zone cells (`u8::MAX`: unreachable).
    #[inline]
    pub fn distance(&self, a: usize, b: usize) -> u8 {
        self.distance[a * self.cells.len() + b]
    }

    /// The name of place `i` in messages and logs: its column letter and
    /// row number (`C4`: column C, row 4), as printed on the sheet.
    pub fn cell_name(&self, i: usize) -> String {
        let (c, r) = self.grid.place(i);
        format!("{}{}", column_letters(c), r + 1)
    }

    /// The place a name (`C4`) stands for.
    pub fn cell_by_name(&self, name: &str) -> Option<usize> {
        let split = name.find(|c: char| c.is_ascii_digit())?;
        let (letters, digits) = name.split_at(split);
        let mut column = 0usize;
        if letters.is_empty() {
            return None;
        }
        for ch in letters.chars() {
            let ch = ch.to_ascii_uppercase();
            if !ch.is_ascii_uppercase() {
                return None;
            }
            // A name too long for any board names no cell (and must not
            // overflow).
            column = column
                .checked_mul(26)?
                .checked_add(ch as usize - 'A' as usize + 1)?;
        }
        let row: usize = digits.parse().ok()?;
        let (c, r) = (column - 1, row.checked_sub(1)?);
        (c < self.grid.columns && r < self.grid.rows).then(|| self.grid.index(c, r))
    }
}

/// Column letters as printed: A to Z, then AA, AB...
pub fn column_letters(c: usize) -> String {
    let mut n = c + 1;
    let mut s = Vec::new();
    while n > 0 {
        let d = (n - 1) % 26;
        s.push((b'A' + d as u8) as char);
        n = (n - 1) / 26;
    }
    s.iter().rev().collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cell_sets_count_and_iterate() {
        let s: CellSet = [0, 63, 64, 200, 255].into_iter().collect();
        assert_eq!(s.len(), 5);
        assert_eq!(s.iter().collect::<Vec<_>>(), [0, 63, 64, 200, 255]);
        assert!(s.contains(200) && !s.contains(201));
        assert_eq!(s.minus(&CellSet::one(63)).len(), 4);
    }

    #[test]
    fn column_letters_go_past_z() {
        assert_eq!(column_letters(0), "A");
        assert_eq!(column_letters(25), "Z");
        assert_eq!(column_letters(26), "AA");
    }
}
