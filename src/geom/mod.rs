//! Geometry every family shares: grids of square or hexagonal cells,
//! numbered row by row from the top left, with their neighbours, and the
//! connected groups of cells (a colour block, an area drawn in one piece);
//! and real shapes read from GeoJSON ([`geojson`]) with the borders they
//! share (`borders`).

pub(crate) mod borders;
pub(crate) mod contact;
pub mod geojson;
mod hex;
pub(crate) mod polygon;
mod square;

pub use hex::Hex;
pub use square::Square;

/// A point of the plane: `[x, y]`. Real shapes, their shared borders and
/// the polygons an atlas sheet is drawn from all use it.
pub type Point = [f64; 2];

/// A grid of cells numbered `0..len()` row by row.
pub trait Cells {
    /// Number of cells.
    fn len(&self) -> usize;

    /// Whether the grid has no cell.
    fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The cells that share an edge with cell `i`.
    fn neighbors(&self, i: usize) -> impl Iterator<Item = usize> + '_;
}

/// The connected groups of cells that `member` keeps, where `same` joins
/// two neighbouring kept cells: each group ascending, the groups in the
/// order of their first cell.
pub fn components<G: Cells>(
    grid: &G,
    member: impl Fn(usize) -> bool,
    same: impl Fn(usize, usize) -> bool,
) -> Vec<Vec<usize>> {
    let mut seen = vec![false; grid.len()];
    let mut groups = Vec::new();
    for start in 0..grid.len() {
        if seen[start] || !member(start) {
            continue;
        }
        seen[start] = true;
        let mut group = vec![start];
        let mut k = 0;
        while k < group.len() {
            let at = group[k];
            for n in grid.neighbors(at) {
                if !seen[n] && member(n) && same(at, n) {
                    seen[n] = true;
                    group.push(n);
                }
            }
            k += 1;
        }
        group.sort_unstable();
        groups.push(group);
    }
    groups
}
