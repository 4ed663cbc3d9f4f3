//! The Encore simulation report as a document: the tables, and on the
//! page a histogram of the scores of each table's policies and the board
//! drawn as a heat map of how early each box is crossed.

use std::fmt::Write as _;

use crate::render::svg::escape as esc;

use super::sim_report::{
    PolicyResult, SimReport, TableKind, TableResult, policy_label, table_title, win_rate_text,
};
use crate::encore::Board;
use crate::report::doc::{Block, Doc, Table, para, reproduce};
use crate::report::html::{BarChart, HeatScale, Series, heat};

/// A grouped bar chart of the share of sheets by points, one series per
/// policy of the table.
fn histogram(t: &TableResult) -> BarChart {
    let low = t.policies.iter().map(|p| p.worst).min().unwrap_or(0);
    let high = t.policies.iter().map(|p| p.best).max().unwrap_or(0);
    BarChart {
        title: format!("points per sheet, {}", table_title(t)),
        first: i64::from(low),
        x_caption: "points per sheet".into(),
        of: "sheets".into(),
        series: t
            .policies
            .iter()
            .map(|p| Series {
                name: policy_label(t, p),
                shares: (low..=high)
                    .map(|score| {
                        let i = score - p.worst;
                        let n = usize::try_from(i).ok().and_then(|i| p.distribution.get(i));
                        n.copied().unwrap_or(0) as f64 / p.sheets.max(1) as f64
                    })
                    .collect(),
            })
            .collect(),
    }
}

/// The board as a heat map: each box filled by the mean roll at which it
/// is crossed on `scale` (early dark, late pale, never grey; one scale for
/// every heat map of a report), with its colour letter, its star and the
/// share of sheets that cross it in black or white, whichever reads on
/// the fill; a legend below.
pub fn heat_map(board: &Board, p: &PolicyResult, scale: HeatScale) -> String {
    let cell = 40.0f64;
    let (left, top) = (24.0, 20.0);
    let w = left + cell * board.columns as f64 + 8.0;
    let legend_y = top + cell * board.rows as f64 + 14.0;
    let h = legend_y + 40.0;
    let HeatScale { lo, hi } = scale;
    let mut s = String::new();
    let _ = write!(
        s,
        "<svg class=\"board\" xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 {w:.0} {h:.0}\" role=\"img\" aria-label=\"heat map of the board, {}\">",
        esc(&p.policy)
    );
    for c in 0..board.columns {
        let _ = write!(
            s,
            "<text x=\"{:.1}\" y=\"14\" font-size=\"11\" text-anchor=\"middle\">{}</text>",
            left + cell * (c as f64 + 0.5),
            Board::column_name(c)
        );
    }
    for r in 0..board.rows {
        let _ = write!(
            s,
            "<text x=\"12\" y=\"{:.1}\" font-size=\"11\" text-anchor=\"middle\">{}</text>",
            top + cell * (r as f64 + 0.5) + 4.0,
            r + 1
        );
        for c in 0..board.columns {
            let i = r * board.columns + c;
            let b = &p.boxes[i];
            let cellv = board.cell(c, r);
            let color = &board.colors[cellv.color.index()];
            let (fill, ink) = b
                .mean_roll
                .map_or(("#e0e0e0".to_string(), "#000"), |m| scale.colors(m));
            let (x, y) = (left + cell * c as f64, top + cell * r as f64);
            let roll = b
                .mean_roll
                .map_or("never crossed".to_string(), |m| format!("mean roll {m:.1}"));
            let _ = write!(
                s,
                "<g><title>{}: {}, {}, crossed on {:.1} % of sheets</title><rect x=\"{x:.1}\" y=\"{y:.1}\" width=\"{cell}\" height=\"{cell}\" fill=\"{fill}\" stroke=\"#fff\" stroke-width=\"1.5\"/><rect x=\"{:.1}\" y=\"{:.1}\" width=\"{:.1}\" height=\"5\" fill=\"{}\"/>",
                esc(&b.name),
                esc(&color.name),
                roll,
                b.crossed * 100.0,
                x + 1.5,
                y + 1.5,
                cell - 3.0,
                color.color
            );
            let letter = if cellv.star {
                format!("{}★", color.letter.to_ascii_uppercase())
            } else {
                color.letter.to_string()
            };
            let _ = write!(
                s,
                "<text x=\"{:.1}\" y=\"{:.1}\" font-size=\"12\" font-weight=\"bold\" text-anchor=\"middle\" style=\"fill:{ink}\">{}</text><text x=\"{:.1}\" y=\"{:.1}\" font-size=\"9\" text-anchor=\"middle\" style=\"fill:{ink}\">{:.0}%</text></g>",
                x + cell / 2.0,
                y + 21.0,
                esc(&letter),
                x + cell / 2.0,
                y + 34.0,
                b.crossed * 100.0
            );
        }
    }
    // Legend: the gradient from the earliest to the latest mean roll.
    let steps = 10;
    let lw = 24.0;
    for k in 0..steps {
        let _ = write!(
            s,
            "<rect x=\"{:.1}\" y=\"{legend_y:.1}\" width=\"{lw}\" height=\"12\" fill=\"{}\"/>",
            left + lw * k as f64,
            heat(k as f64 / (steps - 1) as f64)
        );
    }
    let _ = write!(
        s,
        "<rect x=\"{:.1}\" y=\"{legend_y:.1}\" width=\"{lw}\" height=\"12\" fill=\"#e0e0e0\"/><text x=\"{left}\" y=\"{:.1}\" font-size=\"11\">roll {lo:.1} (early)</text><text x=\"{:.1}\" y=\"{:.1}\" font-size=\"11\" text-anchor=\"end\">roll {hi:.1} (late)</text><text x=\"{:.1}\" y=\"{:.1}\" font-size=\"11\">never</text>",
        left + lw * (steps as f64 + 0.5),
        legend_y + 26.0,
        left + lw * steps as f64,
        legend_y + 26.0,
        left + lw * (steps as f64 + 0.5),
        legend_y + 26.0
    );
    s.push_str("</svg>");
    s
}

/// The report of a run: the summary of every board's tables (`runs`,
/// each report with its board), win rates by seat and each policy's
/// scores; on the page, each table's histogram of points, heat maps and
/// completed columns and colours. `command` reproduces the run.
pub fn doc(runs: &[(&SimReport, &Board)], command: &str) -> Doc {
    let Some((first, _)) = runs.first() else {
        return Doc::new("Encore simulation");
    };
    let mut d = Doc::new(match runs {
        [(report, _)] => format!("{} — Encore simulation", report.name),
        _ => "Encore simulation".to_string(),
    });
    d.push(reproduce(
        format!(
            "{} per table, {}, seed {}",
            crate::text::count(first.games, "game"),
            crate::text::count(first.players as u64, "player"),
            first.seed,
        ),
        command,
    ));
    let changed = first.options.changed();
    if !changed.is_empty() {
        d.push(para(format!(
            "Rules changed from the defaults: {}.",
            changed.join(", ")
        )));
    }
    for (report, board) in runs {
        board_part(&mut d, report, board);
    }
    d.push(Block::Note(
        "Rolls: each roll is one player's turn. First: completed before anyone else (or \
         in the same turn as the first); later: after."
            .into(),
    ));
    d
}

/// One board's part of the report.
fn board_part(d: &mut Doc, report: &SimReport, board: &Board) {
    d.push(Block::Heading(
        2,
        format!("{} ({})", report.name, report.board),
    ));
    let mut summary = Table::new([
        "table / policy",
        "mean (95 % CI)",
        "median",
        "sd",
        "best",
        "worst",
        "win rate",
        "columns",
        "open stars",
        "jokers used",
        "rolls",
    ]);
    for t in &report.tables {
        for p in &t.policies {
            summary.row([
                policy_label(t, p),
                format!("{:.2} ± {:.2}", p.mean, p.ci95),
                format!("{:.1}", p.median),
                format!("{:.2}", p.std_dev),
                p.best.to_string(),
                p.worst.to_string(),
                win_rate_text(t, p),
                format!("{:.2}", p.columns_mean),
                format!("{:.2}", p.open_stars_mean),
                format!("{:.2}", p.jokers_used_mean),
                format!("{:.1}", t.rolls_mean),
            ]);
        }
    }
    d.push(Block::Table(summary));
    if report.players > 1 {
        d.push(Block::Heading(3, "Win rate by seat".into()));
        d.push(para(
            "Seat 1 rolls first; a shared win (equal total and equal \"!\" boxes left) is \
             split equally among the winners, so each table's rates add up to 100 %. Mean \
             points in brackets. (The summary gives a win rate only at a mixed table: a \
             policy that plays every seat wins every game.)",
        ));
        let mut seats = Table::new(
            std::iter::once("table".to_string())
                .chain((1..=report.players).map(|k| format!("seat {k}"))),
        );
        for t in &report.tables {
            let title = match t.kind {
                TableKind::SelfPlay => table_title(t),
                TableKind::Mixed => "mixed table".to_string(),
            };
            seats.row(std::iter::once(title).chain(t.seat_results.iter().map(|x| {
                let cell = format!("{:.1} % ({:.1})", x.win_rate * 100.0, x.mean);
                match t.kind {
                    TableKind::SelfPlay => cell,
                    TableKind::Mixed => format!("{}: {cell}", x.policy),
                }
            })));
        }
        d.push(Block::Table(seats));
    }
    for t in &report.tables {
        for p in &t.policies {
            d.push(Block::Heading(3, policy_label(t, p)));
            let scores = p
                .distribution
                .iter()
                .enumerate()
                .filter(|&(_, &n)| n > 0)
                .map(|(i, &n)| format!("{}:{}", p.worst + i as i32, n))
                .collect();
            d.push(Block::Items("scores (score:sheets)".into(), scores));
            if !p.solo_bands.is_empty() {
                let bands = p
                    .solo_bands
                    .iter()
                    .filter(|b| b.games > 0)
                    .map(|b| format!("{}: {:.1} %", b.band, b.share * 100.0))
                    .collect();
                d.push(Block::Items("solo rating bands".into(), bands));
            }
        }
    }
    // One colour scale for every heat map of the report (every table and
    // policy), so that boards side by side compare.
    let scale = HeatScale::of(
        report
            .tables
            .iter()
            .flat_map(|t| &t.policies)
            .flat_map(|p| &p.boxes)
            .filter_map(|b| b.mean_roll),
    );
    let mut details = Vec::new();
    for t in &report.tables {
        details.push(Block::Heading(2, table_title(t)));
        details.push(para(format!(
            "{:.1} rolls per game ({:.1} turns as the active player each).",
            t.rolls_mean, t.turns_per_player_mean
        )));
        details.push(Block::Heading(3, "Points per sheet".into()));
        details.push(Block::Chart(histogram(t)));
        details.push(Block::Heading(3, "How early each box is crossed".into()));
        details.push(Block::Side(
            t.policies
                .iter()
                .map(|p| {
                    Block::Figure(
                        heat_map(board, p, scale),
                        format!(
                            "{}: each box coloured by the mean roll at which it is crossed \
                             (dark: early, pale: late, grey: never; one scale for every table \
                             of this report), with its colour letter (upper case and ★: a \
                             star) and the share of sheets that cross it.",
                            policy_label(t, p)
                        ),
                    )
                })
                .collect(),
        ));
        for p in &t.policies {
            details.push(Block::Heading(
                3,
                format!("Columns and colours ({})", policy_label(t, p)),
            ));
            details.push(Block::Side(completion_tables(p)));
        }
    }
    d.push(Block::Details(details));
}

/// Columns and colours (and the solo bands) of one policy at one table.
fn completion_tables(p: &PolicyResult) -> Vec<Block> {
    let pct = |x: f64| format!("{:.1} %", x * 100.0);
    let mut columns = Table::new(["column", "completed", "first", "later", "mean roll"]);
    for c in &p.columns {
        columns.row([
            c.column.to_string(),
            pct(c.completed),
            pct(c.first),
            pct(c.later),
            c.mean_roll.map_or("-".into(), |m| format!("{m:.1}")),
        ]);
    }
    let mut colors = Table::new(["colour", "completed", "first", "later"]);
    for c in &p.colors {
        colors.row([
            c.color.clone(),
            pct(c.completed),
            pct(c.first),
            pct(c.later),
        ]);
    }
    let mut tables = vec![Block::Table(columns), Block::Table(colors)];
    if !p.solo_bands.is_empty() {
        let mut bands = Table::new(["solo rating band", "games", "share"]);
        for b in &p.solo_bands {
            bands.row([b.band.clone(), b.games.to_string(), pct(b.share)]);
        }
        tables.push(Block::Table(bands));
    }
    tables
}
