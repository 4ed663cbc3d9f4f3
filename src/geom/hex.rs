//! Hexagonal cells in offset rows, as printed boards draw them: rows of
//! pointy-topped hexagons, each odd row (1, 3, ...) shifted half a cell to
//! the right. A cell has up to six neighbours: two in its row, two above
//! and two below.

use super::Cells;

/// A grid of `columns` x `rows` hexagonal cells, odd rows shifted right.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Hex {
    /// Cells in a row.
    pub columns: usize,
    /// Rows.
    pub rows: usize,
}

impl Hex {
    /// The cell at `column`, `row` (0-based, row 0 at the top).
    #[inline]
    pub fn index(&self, column: usize, row: usize) -> usize {
        row * self.columns + column
    }

    /// The column and row of cell `i`.
    #[inline]
    pub fn place(&self, i: usize) -> (usize, usize) {
        (i % self.columns, i / self.columns)
    }
}

impl Cells for Hex {
    fn len(&self) -> usize {
        self.columns * self.rows
    }

    fn neighbors(&self, i: usize) -> impl Iterator<Item = usize> + '_ {
        let (c, r) = self.place(i);
        let (c, r) = (c as isize, r as isize);
        // Above and below, an even row reaches the columns c-1 and c, an
        // odd row (shifted right) the columns c and c+1.
        let shift = if r % 2 == 0 { -1 } else { 0 };
        let around = [
            (c - 1, r),
            (c + 1, r),
            (c + shift, r - 1),
            (c + shift + 1, r - 1),
            (c + shift, r + 1),
            (c + shift + 1, r + 1),
        ];
        let (w, h) = (self.columns as isize, self.rows as isize);
        around
            .into_iter()
            .filter(move |&(x, y)| x >= 0 && x < w && y >= 0 && y < h)
            .map(move |(x, y)| (y * w + x) as usize)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn offset_rows_have_six_neighbours_inside() {
        let g = Hex {
            columns: 4,
            rows: 4,
        };
        let n = |c, r| {
            let mut v: Vec<(usize, usize)> =
                g.neighbors(g.index(c, r)).map(|i| g.place(i)).collect();
            v.sort();
            v
        };
        // Row 1 is shifted right: it touches columns c and c+1 of rows 0 and 2.
        assert_eq!(n(1, 1), [(0, 1), (1, 0), (1, 2), (2, 0), (2, 1), (2, 2)]);
        // Row 2 is not: it touches columns c-1 and c of rows 1 and 3.
        assert_eq!(n(1, 2), [(0, 1), (0, 2), (0, 3), (1, 1), (1, 3), (2, 2)]);
        // Corners have fewer.
        assert_eq!(n(0, 0), [(0, 1), (1, 0)]);
        // Neighbourhood is symmetric.
        for i in 0..g.len() {
            for j in g.neighbors(i) {
                assert!(g.neighbors(j).any(|k| k == i), "{i} {j}");
            }
        }
    }
}
