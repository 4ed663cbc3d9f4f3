//! The Diceland simulation report: each table's results and, on the
//! page, the board drawn as a heat map of how early each cell is crossed,
//! with the stars and zones reached.

use std::fmt::Write as _;

use super::simulate::Summary;
use crate::diceland::model::{Board, Cell, column_letters};
use crate::render::svg::escape as esc;
use crate::report::doc::{Block, Doc, Table, reproduce};
use crate::report::html::{HeatScale, heat};

/// The board as a heat map: each zone cell filled by the mean turn at
/// which it is crossed on `scale` (early dark, late pale, never grey; one
/// scale for every heat map of a report), with a band of its zone's colour,
/// a star where it has one and the share of sheets that cross it, in black
/// or white, whichever reads on the fill; obstacles black, the start white.
pub fn heat_map(board: &Board, s: &Summary, scale: HeatScale) -> String {
    let r = 24.0f64;
    let wd = r * 3f64.sqrt();
    let (left, top) = (30.0, 34.0);
    let g = board.grid;
    let w = left + wd * (g.columns as f64 + 0.5) + 10.0;
    let legend_y = top + r * (1.5 * (g.rows as f64 - 1.0) + 2.0) + 14.0;
    let h = legend_y + 40.0;
    let HeatScale { lo, hi } = scale;
    let mut out = String::new();
    let _ = write!(
        out,
        "<svg class=\"board\" xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 {w:.0} {h:.0}\" role=\"img\" aria-label=\"heat map of the board\">"
    );
    let center = |c: usize, row: usize| {
        let shift = if row % 2 == 1 { 0.5 } else { 0.0 };
        (
            left + wd * (c as f64 + 0.5 + shift),
            top + r + 1.5 * r * row as f64,
        )
    };
    for c in 0..g.columns {
        let (x, _) = center(c, 0);
        let _ = write!(
            out,
            "<text x=\"{x:.1}\" y=\"12\" font-size=\"11\" text-anchor=\"middle\">{}</text>",
            column_letters(c)
        );
    }
    let mut cells = s.cells.iter();
    for i in 0..board.cells.len() {
        let (c, row) = g.place(i);
        let (x, y) = center(c, row);
        if c == 0 {
            let _ = write!(
                out,
                "<text x=\"10\" y=\"{:.1}\" font-size=\"11\" text-anchor=\"middle\">{}</text>",
                y + 4.0,
                row + 1
            );
        }
        let points: Vec<String> = (0..6)
            .map(|k| {
                let a = (-90.0 + 60.0 * f64::from(k)).to_radians();
                format!("{:.1},{:.1}", x + r * a.cos(), y + r * a.sin())
            })
            .collect();
        let poly = points.join(" ");
        match board.cells[i] {
            Cell::Hole => {}
            Cell::Obstacle => {
                let _ = write!(out, "<polygon points=\"{poly}\" fill=\"#222\"/>");
            }
            Cell::Start => {
                let _ = write!(
                    out,
                    "<g><title>{}: the start cell</title><polygon points=\"{poly}\" fill=\"#fff\" stroke=\"#222\" stroke-width=\"1.5\"/><text x=\"{x:.1}\" y=\"{:.1}\" font-size=\"16\" text-anchor=\"middle\">×</text></g>",
                    board.cell_name(i),
                    y + 5.0
                );
            }
            Cell::Zone { zone, star } => {
                let Some(p) = cells.next() else { continue };
                let color = board.zones[usize::from(zone)].color;
                let (fill, ink) = p
                    .mean_turn
                    .map_or(("#e0e0e0".to_string(), "#000"), |m| scale.colors(m));
                let when = p
                    .mean_turn
                    .map_or("never crossed".to_string(), |m| format!("mean turn {m:.1}"));
                let _ = write!(
                    out,
                    "<g><title>{} ({}, zone {}): {when}, crossed on {:.1} % of sheets</title><polygon points=\"{poly}\" fill=\"{fill}\" stroke=\"{}\" stroke-width=\"3\"/><text x=\"{x:.1}\" y=\"{:.1}\" font-size=\"10\" font-weight=\"bold\" text-anchor=\"middle\" style=\"fill:{ink}\">{}{}</text><text x=\"{x:.1}\" y=\"{:.1}\" font-size=\"9\" text-anchor=\"middle\" style=\"fill:{ink}\">{:.0}%</text></g>",
                    esc(&p.name),
                    color.id(),
                    esc(&board.zones[usize::from(zone)].label),
                    p.reached * 100.0,
                    color.rgb(),
                    y - 2.0,
                    color.letter(),
                    if star { "★" } else { "" },
                    y + 10.0,
                    p.reached * 100.0
                );
            }
        }
    }
    let steps = 10;
    let lw = 24.0;
    for k in 0..steps {
        let _ = write!(
            out,
            "<rect x=\"{:.1}\" y=\"{legend_y:.1}\" width=\"{lw}\" height=\"12\" fill=\"{}\"/>",
            left + lw * f64::from(k),
            heat(f64::from(k) / f64::from(steps - 1))
        );
    }
    let _ = write!(
        out,
        "<text x=\"{left:.1}\" y=\"{:.1}\" font-size=\"11\">turn {lo:.1}</text><text x=\"{:.1}\" y=\"{:.1}\" font-size=\"11\" text-anchor=\"end\">turn {hi:.1}</text></svg>",
        legend_y + 28.0,
        left + lw * f64::from(steps),
        legend_y + 28.0
    );
    out
}

/// A table's name: its players.
pub fn table_name(s: &Summary) -> String {
    let first = &s.policies[0];
    if s.policies.len() == 1 {
        format!("{first} alone")
    } else if s.policies.iter().all(|p| p == first) {
        format!("{} {first} players", s.policies.len())
    } else {
        s.policies.join(", ")
    }
}

/// The report of a run: a part per board (`boards`, each with the
/// results of every table), a table of the tables first and, on the page,
/// each table's heat map and its stars and zones; `command` reproduces
/// the run.
pub fn doc(boards: &[(&Board, &[Summary])], command: &str) -> Doc {
    let first = boards.first().and_then(|(_, t)| t.first());
    let mut d = Doc::new(match boards {
        [(board, _)] => format!("{} — Diceland simulation", board.info.name),
        _ => "Diceland simulation".to_string(),
    });
    d.push(reproduce(
        format!(
            "{} per table, seed {}",
            crate::text::count(first.map_or(0, |t| t.games), "game"),
            first.map_or(0, |t| t.seed),
        ),
        command,
    ));
    for (board, tables) in boards {
        d.push(Block::Heading(
            2,
            format!("{} ({})", board.info.name, board.info.id),
        ));
        let mut summary = Table::new([
            "table",
            "turns (95 % CI)",
            "win rate by seat",
            "no winner",
            "overshoots",
            "reroll busts",
            "bonus rolls",
        ])
        .left(2);
        for t in *tables {
            let wins = if t.policies.len() == 1 {
                "solo: turns to the goal".to_string()
            } else {
                t.seats
                    .iter()
                    .map(|x| format!("{:.0}%", x.win_rate * 100.0))
                    .collect::<Vec<_>>()
                    .join(" ")
            };
            summary.row([
                table_name(t),
                format!("{:.2} ± {:.2}", t.turns.mean, t.turns.ci95),
                wins,
                format!("{:.1} %", t.no_winner * 100.0),
                format!("{:.2}", t.overshoots_per_game),
                format!("{:.0} %", t.bust_rate * 100.0),
                format!("{:.2}", t.bonus_rolls_per_game),
            ]);
        }
        d.push(Block::Table(summary));
        // One colour scale for every table's heat map, so that they compare.
        let scale = HeatScale::of(
            tables
                .iter()
                .flat_map(|t| &t.cells)
                .filter_map(|c| c.mean_turn),
        );
        let mut details = Vec::new();
        for t in *tables {
            details.push(Block::Heading(3, table_name(t)));
            details.push(Block::Side(vec![Block::Figure(
                heat_map(board, t, scale),
                "Each cell by the mean turn it is crossed (all seats; one scale for every \
                 table of this report); the percentage is the share of sheets that cross it."
                    .into(),
            )]));
            let places = [
                ("star", "reached", &t.stars),
                ("zone", "completed", &t.zones),
            ]
            .into_iter()
            .map(|(what, done, places)| {
                let mut table = Table::new([what, "colour", done, "mean turn"]).left(1);
                for p in places {
                    table.row([
                        p.name.clone(),
                        p.color.to_string(),
                        format!("{:.1} %", p.reached * 100.0),
                        p.mean_turn.map_or("–".into(), |m| format!("{m:.1}")),
                    ]);
                }
                Block::Table(table)
            })
            .collect();
            details.push(Block::Side(places));
        }
        d.push(Block::Details(details));
    }
    d.push(Block::Note(
        "turns: a game's length (alone: the turns to reach the goal); no winner: games \
         nobody won; overshoots: dice lost to overshooting a zone, per game; reroll busts: \
         rerolls that lost the die; bonus rolls: per game."
            .into(),
    ));
    d
}
