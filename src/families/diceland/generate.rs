//! Random Diceland boards that follow every published convention: zones
//! of 2 to 6 cells, six colours with no two zones of one colour side by
//! side, two stars of each colour in different zones, a few obstacles
//! that cut nothing off, and the start cell in the middle. Every board is
//! checked as `rollx check --deny-warnings` would before it is returned.

use rand::{RngExt, SeedableRng};

use super::model::Color;
use crate::engine::{Dice, derive_seed};
use crate::geom::{Cells, Hex};
use crate::source::DiskFiles;
use crate::source::toml::generated_id;

/// What to generate: a seed and the grid's size.
pub use crate::families::contract::GridSize as Options;

/// The standard grid: its columns and rows.
pub(crate) const STANDARD: (usize, usize) = (11, 9);

pub(crate) use crate::families::contract::GenerateError;

/// A generated board.
#[derive(Clone, Debug)]
pub struct Generated {
    /// The board file's text.
    pub toml: String,
    /// Its id.
    pub id: String,
    /// Tries needed.
    pub tries: u32,
}

/// Tries before giving up.
const TRIES: u32 = 400;

/// A board from `options`.
pub fn generate(options: &Options) -> Result<Generated, GenerateError> {
    let (w, h) = (options.columns, options.rows);
    if !(5..=16).contains(&w) || !(5..=16).contains(&h) {
        return Err(GenerateError::Size(format!(
            "a Diceland board of {w} x {h} hexagons: columns and rows are from 5 to 16 (the published size is about 11 x 9)"
        )));
    }
    let id = generated_id("diceland", options.seed, "");
    for t in 0..TRIES {
        let mut rng = Dice::seed_from_u64(derive_seed(options.seed, u64::from(t)));
        if let Some(rows) = attempt(w, h, &mut rng) {
            let toml = file_text(&id, options, &rows);
            let checked = super::check_bytes(
                &DiskFiles,
                std::path::Path::new("generated.toml"),
                toml.clone().into_bytes(),
            );
            if checked.board.is_some() && checked.diagnostics.is_empty() {
                return Ok(Generated {
                    toml,
                    id,
                    tries: t + 1,
                });
            }
        }
    }
    Err(GenerateError::GaveUp(TRIES))
}

/// The board file's text.
fn file_text(id: &str, o: &Options, rows: &[Vec<String>]) -> String {
    let width = rows.iter().flatten().map(String::len).max().unwrap_or(1) + 1;
    let mut s = String::new();
    s.push_str(&format!(
        "# A Diceland board made by `rollx generate diceland --seed {}`.\n\
         # The published game has eight board sides, whose layouts are not public;\n\
         # this board is rollx's own. The format: docs/diceland-board.md.\n\n",
        o.seed
    ));
    s.push_str("[game]\nfamily = \"diceland\"\n\n");
    s.push_str(&format!(
        "[board]\nid = \"{id}\"\nname = \"Diceland (seed {})\"\n\n",
        o.seed
    ));
    s.push_str("[grid]\n# odd rows are shifted half a hexagon right\nrows = [\n");
    for (r, row) in rows.iter().enumerate() {
        let indent = " ".repeat(if r % 2 == 1 { width / 2 } else { 0 });
        let cells: String = row.iter().map(|t| format!("{t:<width$}")).collect();
        s.push_str(&format!("  \"{indent}{}\",\n", cells.trim_end()));
    }
    s.push_str("]\n\n[goal]\nstars = 9\ncolors = 1\n");
    s
}

/// One try: the rows of tokens, or `None`.
fn attempt(w: usize, h: usize, rng: &mut Dice) -> Option<Vec<Vec<String>>> {
    let hex = Hex {
        columns: w,
        rows: h,
    };
    let n = hex.len();
    let start = hex.index(w / 2, h / 2);
    // Obstacles: one in about fourteen places, never next to the start.
    let mut obstacle = vec![false; n];
    let wanted = n / 14;
    let mut placed = 0;
    let mut guard = 0;
    while placed < wanted && guard < 1000 {
        guard += 1;
        let i = rng.random_range(0..n);
        if i == start || obstacle[i] || hex.neighbors(start).any(|j| j == i) {
            continue;
        }
        obstacle[i] = true;
        if connected(&hex, &obstacle, start) {
            placed += 1;
        } else {
            obstacle[i] = false;
        }
    }
    // Zones: grown from the most hemmed-in free cell.
    let mut zone: Vec<Option<usize>> = vec![None; n];
    let mut zones: Vec<Vec<usize>> = Vec::new();
    let free = |i: usize, zone: &[Option<usize>]| i != start && !obstacle[i] && zone[i].is_none();
    loop {
        let open: Vec<usize> = (0..n).filter(|&i| free(i, &zone)).collect();
        if open.is_empty() {
            break;
        }
        let degree =
            |i: usize, zone: &[Option<usize>]| hex.neighbors(i).filter(|&j| free(j, zone)).count();
        let least = open.iter().map(|&i| degree(i, &zone)).min()?;
        let seeds: Vec<usize> = open
            .into_iter()
            .filter(|&i| degree(i, &zone) == least)
            .collect();
        let seed = seeds[rng.random_range(0..seeds.len())];
        let target = [2, 3, 3, 4, 4, 4, 5, 5, 6][rng.random_range(0..9usize)];
        let z = zones.len();
        let mut cells = vec![seed];
        zone[seed] = Some(z);
        while cells.len() < target {
            let mut next: Vec<usize> = cells
                .iter()
                .flat_map(|&c| hex.neighbors(c).collect::<Vec<_>>())
                .filter(|&j| free(j, &zone))
                .collect();
            next.sort_unstable();
            next.dedup();
            if next.is_empty() {
                break;
            }
            let least = next.iter().map(|&i| degree(i, &zone)).min()?;
            let pick: Vec<usize> = next
                .into_iter()
                .filter(|&i| degree(i, &zone) == least)
                .collect();
            let c = pick[rng.random_range(0..pick.len())];
            zone[c] = Some(z);
            cells.push(c);
        }
        if cells.len() == 1 {
            // Join a neighbouring zone with room.
            let host = hex
                .neighbors(seed)
                .filter_map(|j| zone[j].filter(|&y| y != z && zones[y].len() < 6))
                .min_by_key(|&y| zones[y].len())?;
            zone[seed] = Some(host);
            zones[host].push(seed);
            continue;
        }
        zones.push(cells);
    }
    // Colours: each zone the least used colour its neighbours do not have.
    let mut color: Vec<Option<usize>> = vec![None; zones.len()];
    let mut used = [0usize; 6];
    let mut order: Vec<usize> = (0..zones.len()).collect();
    for k in (1..order.len()).rev() {
        order.swap(k, rng.random_range(0..=k));
    }
    for &z in &order {
        let mut banned = [false; 6];
        for &c in &zones[z] {
            for j in hex.neighbors(c) {
                if let Some(y) = zone[j]
                    && y != z
                    && let Some(k) = color[y]
                {
                    banned[k] = true;
                }
            }
        }
        let k = (0..6)
            .filter(|&k| !banned[k])
            .min_by_key(|&k| (used[k], rng.random_range(0..6usize)))?;
        color[z] = Some(k);
        used[k] += zones[z].len();
    }
    // Stars: two per colour, in two zones, away from the start.
    let mut star = vec![false; n];
    for k in 0..6 {
        let mut mine: Vec<usize> = (0..zones.len()).filter(|&z| color[z] == Some(k)).collect();
        if mine.len() < 2 {
            return None;
        }
        for i in (1..mine.len()).rev() {
            mine.swap(i, rng.random_range(0..=i));
        }
        for &z in &mine[..2] {
            let far: Vec<usize> = zones[z]
                .iter()
                .copied()
                .filter(|&c| !hex.neighbors(start).any(|j| j == c))
                .collect();
            let from = if far.is_empty() { &zones[z] } else { &far };
            star[from[rng.random_range(0..from.len())]] = true;
        }
    }
    let rows = (0..h)
        .map(|r| {
            (0..w)
                .map(|c| {
                    let i = hex.index(c, r);
                    if i == start {
                        "@".to_string()
                    } else if obstacle[i] {
                        "#".to_string()
                    } else {
                        let z = zone[i].unwrap_or(0);
                        let letter = Color::from_index(color[z].unwrap_or(0)).letter();
                        format!("{letter}{}{}", z + 1, if star[i] { "*" } else { "" })
                    }
                })
                .collect::<Vec<String>>()
        })
        .collect();
    Some(rows)
}

/// Whether every place but the obstacles is reachable from `start`.
fn connected(hex: &Hex, obstacle: &[bool], start: usize) -> bool {
    let n = hex.len();
    let mut seen = vec![false; n];
    seen[start] = true;
    let mut stack = vec![start];
    while let Some(a) = stack.pop() {
        for b in hex.neighbors(a) {
            if !seen[b] && !obstacle[b] {
                seen[b] = true;
                stack.push(b);
            }
        }
    }
    (0..n).all(|i| seen[i] || obstacle[i])
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn boards_follow_every_convention_and_seeds_repeat() {
        for seed in 0..12 {
            let g = generate(&Options {
                seed,
                columns: STANDARD.0,
                rows: STANDARD.1,
            })
            .unwrap();
            let c = crate::diceland::check_bytes(
                &DiskFiles,
                std::path::Path::new("g.toml"),
                g.toml.clone().into_bytes(),
            );
            assert!(c.board.is_some() && c.diagnostics.is_empty(), "seed {seed}");
            assert_eq!(
                generate(&Options {
                    seed,
                    columns: STANDARD.0,
                    rows: STANDARD.1
                })
                .unwrap()
                .toml,
                g.toml
            );
        }
        assert!(matches!(
            generate(&Options {
                seed: 1,
                columns: 3,
                rows: 9
            }),
            Err(GenerateError::Size(_))
        ));
    }
}
