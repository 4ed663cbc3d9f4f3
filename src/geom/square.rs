//! Square cells: each shares an edge with the cells left, right, above and
//! below it (cells that touch at a corner only are not neighbours).

use super::Cells;

/// A grid of `columns` x `rows` square cells.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Square {
    /// Cells in a row.
    pub columns: usize,
    /// Rows.
    pub rows: usize,
}

impl Square {
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

impl Cells for Square {
    fn len(&self) -> usize {
        self.columns * self.rows
    }

    fn neighbors(&self, i: usize) -> impl Iterator<Item = usize> + '_ {
        let (c, r) = self.place(i);
        let w = self.columns;
        [
            (c > 0).then(|| i - 1),
            (c + 1 < w).then(|| i + 1),
            (r > 0).then(|| i - w),
            (r + 1 < self.rows).then(|| i + w),
        ]
        .into_iter()
        .flatten()
    }
}

#[cfg(test)]
mod tests {
    use super::super::components;
    use super::*;

    #[test]
    fn neighbours_share_an_edge() {
        let g = Square {
            columns: 3,
            rows: 2,
        };
        let n = |i| {
            let mut v: Vec<usize> = g.neighbors(i).collect();
            v.sort();
            v
        };
        assert_eq!(n(0), [1, 3]);
        assert_eq!(n(4), [1, 3, 5]);
        assert_eq!(n(5), [2, 4]);
        assert_eq!(g.place(4), (1, 1));
        assert_eq!(g.index(1, 1), 4);
    }

    #[test]
    fn blocks_are_groups_joined_through_edges() {
        // a a b
        // b a b   (the two b groups touch only at a corner)
        let g = Square {
            columns: 3,
            rows: 2,
        };
        let color = b"aabbab";
        let blocks = components(&g, |_| true, |x, y| color[x] == color[y]);
        assert_eq!(blocks, [vec![0, 1, 4], vec![2, 5], vec![3]]);
    }
}
