//! A player's sheet as text: the map's grid with each area's code and,
//! under its label cell, what is written there; then every area by region.

use std::fmt::Write;

use rollx::map::{AreaId, Color, Layout};
use rollx::rules::{Game, State};

/// ANSI styling of area codes by region (background tint, black text).
fn paint(text: &str, color: Option<Color>) -> String {
    match color {
        None => text.to_string(),
        Some(c) => {
            let mix = |x: u8| (u16::from(x) * 55 / 100 + 255 * 45 / 100) as u8;
            format!(
                "\x1b[48;2;{};{};{}m\x1b[38;2;0;0;0m{text}\x1b[0m",
                mix(c.r),
                mix(c.g),
                mix(c.b)
            )
        }
    }
}

/// The cell of each area nearest its centre: where its number is shown.
fn label_cells(game: &Game) -> Option<Vec<(usize, usize)>> {
    let Layout::Grid(grid) = &game.map().layout else {
        return None;
    };
    let labels = game
        .map()
        .area_ids()
        .map(|a| {
            let cells: Vec<(usize, usize)> = grid.cells_of(a).collect();
            let n = cells.len() as f64;
            let (cx, cy) = cells.iter().fold((0.0, 0.0), |(x, y), &(c, r)| {
                (x + c as f64 / n, y + r as f64 / n)
            });
            cells
                .iter()
                .copied()
                .min_by(|&(c1, r1), &(c2, r2)| {
                    let d = |c: usize, r: usize| (c as f64 - cx).powi(2) + (r as f64 - cy).powi(2);
                    d(c1, r1).total_cmp(&d(c2, r2))
                })
                .unwrap_or((0, 0))
        })
        .collect();
    Some(labels)
}

/// Renders a sheet. `color` adds ANSI region colours.
pub fn render(game: &Game, state: &State, color: bool) -> String {
    let map = game.map();
    let mut out = String::new();
    let region_color = |a: AreaId| color.then(|| map.region(map.area(a).region).color);
    if let (Layout::Grid(grid), Some(labels)) = (&map.layout, label_cells(game)) {
        let width = map
            .areas
            .iter()
            .map(|a| a.id.len())
            .max()
            .unwrap_or(2)
            .max(3);
        for r in 0..grid.rows {
            let mut codes = String::new();
            let mut values = String::new();
            for c in 0..grid.columns {
                match grid.cell(c, r) {
                    None => {
                        let _ = write!(codes, " {:width$}", "");
                        let _ = write!(values, " {:width$}", "");
                    }
                    Some(a) => {
                        let code = format!("{:^width$}", map.area(a).id);
                        let value = if labels[a.index()] == (c, r) {
                            format!("{:^width$}", state.cell(a).to_string())
                        } else {
                            format!("{:width$}", "")
                        };
                        let _ = write!(codes, " {}", paint(&code, region_color(a)));
                        let _ = write!(values, " {}", paint(&value, region_color(a)));
                    }
                }
            }
            out.push_str(codes.trim_end());
            out.push('\n');
            out.push_str(values.trim_end());
            out.push('\n');
        }
        out.push('\n');
    }
    let id_width = map.regions.iter().map(|r| r.name.len()).max().unwrap_or(4);
    for region in &map.regions {
        let mut line = format!("  {:id_width$} ", region.name);
        for &a in &region.areas {
            let code = paint(&map.area(a).id, region_color(a));
            let _ = write!(line, " {code} {:<3}", state.cell(a).to_string());
        }
        out.push_str(line.trim_end());
        out.push('\n');
    }
    out
}

/// "Color Change 1/3, Guard 0/3, Dupe 2/3" (only the powers the rules grant).
pub fn powers_line(game: &Game, state: &State) -> String {
    let parts: Vec<String> = game
        .rules()
        .powers
        .iter()
        .into_iter()
        .filter(|&(_, n)| n > 0)
        .map(|(p, n)| format!("{} {}/{n}", p.title(), state.used(p)))
        .collect();
    if parts.is_empty() {
        "no powers".to_string()
    } else {
        parts.join(", ")
    }
}
