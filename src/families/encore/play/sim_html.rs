//! The Encore simulation report as one self-contained HTML page: the
//! tables, an SVG histogram of the scores of each table's policies, and the
//! board drawn as a heat map of how early each box is crossed.

use std::fmt::Write as _;

use crate::render::svg::escape as esc;

use super::sim_report::{
    PolicyResult, SimReport, TableResult, policy_label, table_title, win_rate_text,
};
use crate::encore::Board;
use crate::report::html::{BarChart, HeatScale, Series, heat, page};

/// A grouped bar chart of the share of sheets by points, one series per
/// policy of the table.
fn histogram(t: &TableResult) -> String {
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
    .svg()
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

/// The tables' summary: one row per policy and table.
fn summary_table(r: &SimReport) -> String {
    let mut s = String::from(
        "<table><thead><tr><th>table / policy</th><th>mean (95 % CI)</th><th>median</th><th>sd</th><th>best</th><th>worst</th><th>win rate</th><th>columns</th><th>open stars</th><th>jokers used</th><th>rolls</th></tr></thead><tbody>",
    );
    for t in &r.tables {
        for p in &t.policies {
            let win = win_rate_text(t, p);
            let _ = write!(
                s,
                "<tr><td>{}</td><td>{:.2} ± {:.2}</td><td>{:.1}</td><td>{:.2}</td><td>{}</td><td>{}</td><td>{win}</td><td>{:.2}</td><td>{:.2}</td><td>{:.2}</td><td>{:.1}</td></tr>",
                esc(&policy_label(t, p)),
                p.mean,
                p.ci95,
                p.median,
                p.std_dev,
                p.best,
                p.worst,
                p.columns_mean,
                p.open_stars_mean,
                p.jokers_used_mean,
                t.rolls_mean
            );
        }
    }
    s.push_str("</tbody></table>");
    s
}

/// Win rate and mean score by seat, one row per table.
fn seats_table(r: &SimReport) -> String {
    let mut s = String::from("<table><thead><tr><th>table</th>");
    for k in 1..=r.players {
        let _ = write!(s, "<th>seat {k}</th>");
    }
    s.push_str("</tr></thead><tbody>");
    for t in &r.tables {
        let _ = write!(s, "<tr><td>{}</td>", esc(&table_title(t)));
        for x in &t.seat_results {
            let _ = write!(
                s,
                "<td>{}: {:.1} % wins, {:.2} ± {:.2}</td>",
                esc(&x.policy),
                x.win_rate * 100.0,
                x.mean,
                x.ci95
            );
        }
        s.push_str("</tr>");
    }
    s.push_str("</tbody></table>");
    s
}

/// Columns and colours of one policy at one table.
fn completion_tables(p: &PolicyResult) -> String {
    let mut s = String::from(
        "<table><thead><tr><th>column</th><th>completed</th><th>first</th><th>later</th><th>mean roll</th></tr></thead><tbody>",
    );
    for c in &p.columns {
        let _ = write!(
            s,
            "<tr><td>{}</td><td>{:.1} %</td><td>{:.1} %</td><td>{:.1} %</td><td>{}</td></tr>",
            c.column,
            c.completed * 100.0,
            c.first * 100.0,
            c.later * 100.0,
            c.mean_roll.map_or("-".into(), |m| format!("{m:.1}"))
        );
    }
    s.push_str("</tbody></table><table><thead><tr><th>colour</th><th>completed</th><th>first</th><th>later</th></tr></thead><tbody>");
    for c in &p.colors {
        let _ = write!(
            s,
            "<tr><td>{}</td><td>{:.1} %</td><td>{:.1} %</td><td>{:.1} %</td></tr>",
            esc(&c.color),
            c.completed * 100.0,
            c.first * 100.0,
            c.later * 100.0
        );
    }
    s.push_str("</tbody></table>");
    if !p.solo_bands.is_empty() {
        s.push_str("<table><thead><tr><th>solo rating band</th><th>games</th><th>share</th></tr></thead><tbody>");
        for b in &p.solo_bands {
            let _ = write!(
                s,
                "<tr><td>{}</td><td>{}</td><td>{:.1} %</td></tr>",
                esc(&b.band),
                b.games,
                b.share * 100.0
            );
        }
        s.push_str("</tbody></table>");
    }
    s
}

/// The whole report as HTML; `board` is the board of `report`, `command`
/// the command line that reproduces it.
pub fn html(report: &SimReport, board: &Board, command: &str) -> String {
    let mut s = String::new();
    let _ = writeln!(
        s,
        "<h1>Encore report: {} <small>({})</small></h1>",
        esc(&report.name),
        esc(&report.board)
    );
    let _ = writeln!(
        s,
        "<p>{} per table, {} player{}, seed {}. Reproduce with <code>{}</code>.</p>",
        crate::text::count(report.games, "game"),
        report.players,
        if report.players == 1 { "" } else { "s" },
        report.seed,
        esc(command)
    );
    let changed = report.options.changed();
    if !changed.is_empty() {
        let _ = writeln!(
            s,
            "<p>Rules changed from the defaults: {}.</p>",
            esc(&changed.join(", "))
        );
    }
    s.push_str("<h2>Summary</h2>\n");
    s.push_str(&summary_table(report));
    if report.players > 1 {
        s.push_str("<h3>Win rate by seat</h3>\n<p>Seat 1 rolls first; a shared win (equal total and equal \"!\" boxes left) is split equally among the winners, so each table's rates add up to 100 %. (The summary gives a win rate only at a mixed table: a policy that plays every seat wins every game.)</p>\n");
        s.push_str(&seats_table(report));
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
    for t in &report.tables {
        let _ = writeln!(s, "<section>\n<h2>{}</h2>", esc(&table_title(t)));
        let _ = writeln!(
            s,
            "<p>{:.1} rolls per game ({:.1} turns as the active player each).</p>",
            t.rolls_mean, t.turns_per_player_mean
        );
        let _ = writeln!(s, "<h3>Points per sheet</h3>\n{}", histogram(t));
        let _ = writeln!(
            s,
            "<h3>How early each box is crossed</h3>\n<div class=\"heat\">"
        );
        for p in &t.policies {
            let _ = writeln!(
                s,
                "<figure>{}<figcaption>{}: each box coloured by the mean roll at which it is crossed (dark: early, pale: late, grey: never; one scale for every table of this report), with its colour letter (upper case and ★: a star) and the share of sheets that cross it.</figcaption></figure>",
                heat_map(board, p, scale),
                esc(&policy_label(t, p))
            );
        }
        s.push_str("</div>\n");
        for p in &t.policies {
            let _ = writeln!(
                s,
                "<h3>Columns and colours ({})</h3>\n<div class=\"details\">{}</div>",
                esc(&policy_label(t, p)),
                completion_tables(p)
            );
        }
        s.push_str("</section>\n");
    }
    s.push_str("<p><small>Made by rollx. First: completed before anyone else (or in the same turn as the first); later: after.</small></p>\n");
    page("rollx Encore report", &s)
}
