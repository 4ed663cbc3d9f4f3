//! A player's sheet as text, fitted to a width (the terminal's): the map's grid
//! with each area's code and, under its label cell, what is written there;
//! then every area by region, and the links (neighbours across water).
//!
//! The grid is drawn with full cells when it fits, with compact cells (as
//! narrow as the area codes allow, each number borrowing the space before
//! its cell) when only those fit, and left out when neither does: the
//! region list then stands alone, with a note saying how wide the map is.

use std::fmt::Write;

use crate::rolling::map::{AreaId, Color, Grid, Layout, Map};
use crate::rolling::rules::{Game, State};

pub use crate::text::wrap;

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

/// The characters of `line` a terminal shows: all but ANSI escape
/// sequences.
fn visible_width(line: &str) -> usize {
    let mut in_escape = false;
    line.chars()
        .filter(|&c| {
            let shown = !in_escape && c != '\x1b';
            in_escape = (in_escape || c == '\x1b') && !(in_escape && c.is_ascii_alphabetic());
            shown
        })
        .count()
}

/// The cell of each area nearest its centre: where its number is shown.
fn label_cells(map: &Map, grid: &Grid) -> Vec<(usize, usize)> {
    map.area_ids()
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
        .collect()
}

/// How wide a grid cell is drawn.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Cells {
    /// A space, then the code and the number below it, centred in a field
    /// wide enough for both.
    Full,
    /// A space and the code; the number below is centred across the space
    /// and the code, so the cells are only as wide as the codes need.
    Compact,
}

/// The widest area code, in characters.
fn code_width(map: &Map) -> usize {
    map.areas
        .iter()
        .map(|a| a.id.chars().count())
        .max()
        .unwrap_or(1)
}

/// The widest thing written in an area: a circled largest face, `(6)`.
fn value_width(game: &Game) -> usize {
    let largest = game.rules().faces.iter().copied().max().unwrap_or(9);
    largest.to_string().len() + 2
}

/// The grid's lines, each cell `pitch` characters wide.
fn grid_lines(game: &Game, grid: &Grid, state: &State, cells: Cells, color: bool) -> Vec<String> {
    let map = game.map();
    let labels = label_cells(map, grid);
    let region_color = |a: AreaId| color.then(|| map.region(map.area(a).region).color);
    let codes_w = match cells {
        Cells::Full => code_width(map).max(value_width(game)),
        Cells::Compact => code_width(map).max(value_width(game) - 1),
    };
    let pitch = codes_w + 1;
    let mut lines = Vec::with_capacity(grid.rows * 2);
    for r in 0..grid.rows {
        let mut codes = String::new();
        let mut values = String::new();
        for c in 0..grid.columns {
            let Some(a) = grid.cell(c, r) else {
                let _ = write!(codes, "{:pitch$}", "");
                let _ = write!(values, "{:pitch$}", "");
                continue;
            };
            let paint = |text: String| paint(&text, region_color(a));
            let code = format!("{:^codes_w$}", map.area(a).id);
            let value = if labels[a.index()] == (c, r) {
                state.cell(a).to_string()
            } else {
                String::new()
            };
            match cells {
                Cells::Full => {
                    let _ = write!(codes, " {}", paint(code));
                    let _ = write!(values, " {}", paint(format!("{value:^codes_w$}")));
                }
                Cells::Compact => {
                    codes.push_str(&paint(format!(" {code}")));
                    values.push_str(&paint(format!("{value:^pitch$}")));
                }
            }
        }
        lines.push(codes.trim_end().to_string());
        lines.push(values.trim_end().to_string());
    }
    lines
}

/// Renders a sheet with no line wider than `width` characters (escape
/// codes aside), as far as the region names and codes allow.
pub fn render_fitted(game: &Game, state: &State, color: bool, width: usize) -> String {
    let map = game.map();
    let mut out = String::new();
    if let Layout::Grid(grid) = &map.layout {
        let widest = |lines: &[String]| lines.iter().map(|l| visible_width(l)).max();
        let drawn = [Cells::Full, Cells::Compact]
            .into_iter()
            .map(|cells| grid_lines(game, grid, state, cells, color))
            .find(|lines| widest(lines).unwrap_or(0) <= width);
        match drawn {
            Some(lines) => {
                for line in lines {
                    out.push_str(&line);
                    out.push('\n');
                }
            }
            None => {
                let needed =
                    widest(&grid_lines(game, grid, state, Cells::Compact, color)).unwrap_or(0);
                out.push_str(&wrap(
                    &format!(
                        "(map left out: it needs {needed} columns, and the output is {width} \
                         wide; a wider terminal, or COLUMNS={needed}, shows it)"
                    ),
                    "",
                    "",
                    width,
                ));
            }
        }
        out.push('\n');
    }
    out.push_str(&region_list(game, state, color, width));
    out.push_str(&links_line(map, width));
    out
}

/// Every area by region, after the region's die (as the sheet's dice key
/// says it): `  red die         DE 2   GA 2 ...`, `  blue die: North  FJ .`,
/// wrapped under the first area when a region does not fit on one line.
fn region_list(game: &Game, state: &State, color: bool, width: usize) -> String {
    let map = game.map();
    let heads: Vec<String> = map.regions.iter().map(|r| r.die_text()).collect();
    let name_w = heads.iter().map(|h| h.chars().count()).max().unwrap_or(4);
    let value_w = value_width(game);
    let mut out = String::new();
    for (region, die) in map.regions.iter().zip(&heads) {
        let head = format!("  {die:name_w$} ");
        let indent = " ".repeat(head.len());
        let mut line = head.clone();
        let mut plain_len = head.len();
        for (k, &a) in region.areas.iter().enumerate() {
            let code = &map.area(a).id;
            let shown = state.cell(a).to_string();
            let code_len = code.chars().count();
            if k > 0 && plain_len + 2 + code_len + shown.len() > width {
                out.push_str(line.trim_end());
                out.push('\n');
                line = indent.clone();
                plain_len = indent.len();
            }
            let painted = paint(code, color.then_some(region.color));
            let _ = write!(line, " {painted} {shown:<value_w$}");
            plain_len += 2 + code_len + value_w.max(shown.len());
        }
        out.push_str(line.trim_end());
        out.push('\n');
    }
    out
}

/// `  links: AOM-HKD, CHB-KNG, ...`: the neighbours the grid does not show
/// touching, wrapped to `width`; nothing for a map without links.
fn links_line(map: &Map, width: usize) -> String {
    if map.links.is_empty() {
        return String::new();
    }
    let pairs: Vec<String> = map
        .links
        .iter()
        .map(|l| format!("{}-{}", map.area(l.a).id, map.area(l.b).id))
        .collect();
    let mut out = String::from("\n");
    out.push_str(&wrap(
        &pairs.join(", "),
        "  links (neighbours across water): ",
        "    ",
        width,
    ));
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

#[cfg(test)]
mod tests {
    use super::*;

    fn game(path: &str) -> Game {
        let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
        Game::new(crate::rolling::map::load(&root.join(path)).expect("shipped map")).expect("valid")
    }

    /// A finished sheet: every area written or crossed, some circled.
    fn played(game: &Game) -> State {
        let mut players: Vec<(String, Box<dyn crate::rolling::play::Policy>)> = vec![(
            "greedy".into(),
            Box::new(crate::rolling::play::Greedy::new()),
        )];
        crate::rolling::play::play_game(game, 3, &mut players, None)
            .states
            .remove(0)
    }

    fn widest(text: &str) -> usize {
        text.lines().map(|l| l.chars().count()).max().unwrap_or(0)
    }

    #[test]
    fn sheets_fit_the_width_and_keep_every_area() {
        for path in [
            "maps/usa.toml",
            "maps/japan.toml",
            "maps/examples/tutorial.toml",
        ] {
            let game = game(path);
            let states = [game.initial_state(), played(&game)];
            for state in &states {
                for width in [40, 60, 72, 80, 95, 96, 120, 200] {
                    let coloured = render_fitted(&game, state, true, width);
                    let shown = coloured.lines().map(visible_width).max().unwrap_or(0);
                    assert!(shown <= width, "{path} at {width}: {shown} in colour");
                    let text = render_fitted(&game, state, false, width);
                    assert!(
                        widest(&text) <= width,
                        "{path} at {width}: a line of {}:\n{text}",
                        widest(&text)
                    );
                    for a in game.map().area_ids() {
                        let entry = format!(" {} {}", game.map().area(a).id, state.cell(a));
                        assert!(text.contains(&entry), "{path} at {width}: {entry}\n{text}");
                    }
                }
            }
        }
    }

    #[test]
    fn the_map_shrinks_to_compact_cells_then_to_the_region_list() {
        let usa = game("maps/usa.toml");
        let state = played(&usa);
        // 24 columns: 95 characters with full cells, 72 with compact ones.
        let wide = render_fitted(&usa, &state, false, 200);
        assert_eq!(widest(&wide), 95, "{wide}");
        assert!(wide.contains(" WA  WA  WA  ID"), "{wide}");
        let compact = render_fitted(&usa, &state, false, 80);
        assert!(widest(&compact) <= 80, "{compact}");
        let row = compact
            .lines()
            .find(|l| l.contains(" WA WA WA ID MT"))
            .unwrap();
        assert_eq!(row.trim_end().chars().count(), 72, "{compact}");
        let narrow = render_fitted(&usa, &state, false, 60);
        assert!(!narrow.contains(" WA WA"), "{narrow}");
        assert!(
            narrow.starts_with("(map left out: it needs 72 columns, and the output is 60\n"),
            "{narrow}"
        );
        // Japan's three-letter codes leave no room for compact cells.
        let japan = game("maps/japan.toml");
        let text = render_fitted(&japan, &japan.initial_state(), false, 80);
        assert!(text.contains("it needs 96 columns"), "{text}");
        let text = render_fitted(&japan, &japan.initial_state(), false, 96);
        assert!(text.contains(" HKD HKD HKD"), "{text}");
    }

    #[test]
    fn compact_cells_keep_numbers_under_their_codes() {
        let usa = game("maps/usa.toml");
        let state = played(&usa);
        let text = render_fitted(&usa, &state, false, 80);
        let lines: Vec<&str> = text.lines().collect();
        // Every number stands under a code of its area.
        let labels = match &usa.map().layout {
            Layout::Grid(g) => label_cells(usa.map(), g),
            Layout::None | Layout::Atlas(_) => unreachable!("the USA has a grid"),
        };
        for (a, &(c, r)) in labels.iter().enumerate() {
            let shown = state.cell(AreaId(a as u16)).to_string();
            let code = &usa.map().areas[a].id;
            assert_eq!(&lines[2 * r][3 * c + 1..3 * c + 3], code.as_str());
            let values = format!("{:72}", lines[2 * r + 1]);
            assert_eq!(values[3 * c..3 * c + 3].trim(), shown, "{code}");
        }
    }

    #[test]
    fn links_are_listed() {
        let japan = game("maps/japan.toml");
        let text = render_fitted(&japan, &japan.initial_state(), false, 60);
        assert!(
            text.contains("links (neighbours across water): HKD-AOM,"),
            "{text}"
        );
        for link in &japan.map().links {
            let pair = format!(
                "{}-{}",
                japan.map().area(link.a).id,
                japan.map().area(link.b).id
            );
            assert!(text.contains(&pair), "{pair}: {text}");
        }
        let usa = game("maps/usa.toml");
        let text = render_fitted(&usa, &usa.initial_state(), false, 80);
        assert!(!text.contains("links"), "the USA has none: {text}");
    }
}
