//! The balance report as one self-contained HTML file: tables, an SVG
//! histogram of X per game for each policy, and each map drawn as a heat
//! map of how often each area ends as an X (with the sheet's geometry).

use std::fmt::Write;

use super::report::{MapResult, SimReport};
use crate::render::svg::{escape as esc, num, to_svg};
use crate::rolling::map::Map;
use crate::rolling::sheet::heat_map;

/// Colours of the policies in charts, in order.
const SERIES: [&str; 4] = ["#1e88e5", "#e53935", "#43a047", "#8e24aa"];

/// A grouped bar chart of the share of games by number of X.
fn histogram(m: &MapResult) -> String {
    let (w, h) = (720.0f32, 260.0f32);
    let (left, right, top, bottom) = (44.0f32, 12.0f32, 28.0f32, 34.0f32);
    let max_x = m
        .policies
        .iter()
        .map(|p| p.distribution.len())
        .max()
        .unwrap_or(1)
        .max(1);
    let shares: Vec<Vec<f64>> = m
        .policies
        .iter()
        .map(|p| {
            p.distribution
                .iter()
                .map(|&n| n as f64 / p.games.max(1) as f64)
                .collect()
        })
        .collect();
    let peak = shares
        .iter()
        .flatten()
        .copied()
        .fold(0.0f64, f64::max)
        .max(1e-9);
    let scale_top = ((peak * 100.0 / 5.0).ceil() * 5.0).max(5.0);
    let plot_w = w - left - right;
    let plot_h = h - top - bottom;
    let slot = plot_w / max_x as f32;
    let bar = slot * 0.8 / m.policies.len().max(1) as f32;
    let mut s = String::new();
    let _ = write!(
        s,
        "<svg class=\"chart\" xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 {w} {h}\" role=\"img\" aria-label=\"X per game, {}\">",
        esc(&m.name)
    );
    // Grid lines and y labels.
    for k in 0..=4 {
        let v = scale_top * f64::from(k) / 4.0;
        let y = top + plot_h - (v / scale_top) as f32 * plot_h;
        let _ = write!(
            s,
            "<line x1=\"{left}\" x2=\"{}\" y1=\"{}\" y2=\"{}\" stroke=\"#ddd\"/><text x=\"{}\" y=\"{}\" font-size=\"10\" text-anchor=\"end\">{v:.0}%</text>",
            w - right,
            num(y),
            num(y),
            left - 4.0,
            num(y + 3.5)
        );
    }
    for (pi, sh) in shares.iter().enumerate() {
        for (x, &v) in sh.iter().enumerate() {
            if v <= 0.0 {
                continue;
            }
            let bh = (v * 100.0 / scale_top) as f32 * plot_h;
            let bx = left + x as f32 * slot + slot * 0.1 + pi as f32 * bar;
            let _ = write!(
                s,
                "<rect x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\" fill=\"{}\"><title>{}: {x} X in {:.1} % of games</title></rect>",
                num(bx),
                num(top + plot_h - bh),
                num(bar),
                num(bh),
                SERIES[pi % SERIES.len()],
                esc(&m.policies[pi].policy),
                v * 100.0
            );
        }
    }
    // X axis labels.
    let every = (max_x / 20).max(1);
    for x in (0..max_x).step_by(every) {
        let _ = write!(
            s,
            "<text x=\"{}\" y=\"{}\" font-size=\"10\" text-anchor=\"middle\">{x}</text>",
            num(left + (x as f32 + 0.5) * slot),
            num(h - bottom + 14.0)
        );
    }
    let _ = write!(
        s,
        "<text x=\"{}\" y=\"{}\" font-size=\"11\" text-anchor=\"middle\">X per game</text>",
        num(left + plot_w / 2.0),
        num(h - 4.0)
    );
    // Legend.
    for (pi, p) in m.policies.iter().enumerate() {
        let x = left + pi as f32 * 150.0;
        let _ = write!(
            s,
            "<rect x=\"{}\" y=\"6\" width=\"12\" height=\"12\" fill=\"{}\"/><text x=\"{}\" y=\"16\" font-size=\"11\">{} (mean {:.2})</text>",
            num(x),
            SERIES[pi % SERIES.len()],
            num(x + 16.0),
            esc(&p.policy),
            p.mean
        );
    }
    s.push_str("</svg>");
    s
}

fn summary_table(m: &MapResult) -> String {
    let mut s = String::from("<table><thead><tr><th></th>");
    for p in &m.policies {
        let _ = write!(s, "<th>{}</th>", esc(&p.policy));
    }
    s.push_str("</tr></thead><tbody>");
    let mut row = |label: &str, f: &dyn Fn(&super::report::PolicyResult) -> String| {
        let _ = write!(s, "<tr><th>{label}</th>");
        for p in &m.policies {
            let _ = write!(s, "<td>{}</td>", f(p));
        }
        s.push_str("</tr>");
    };
    row("games", &|p| p.games.to_string());
    row("mean X", &|p| format!("{:.2}", p.mean));
    row("95 % confidence interval", &|p| {
        format!("{:.2} to {:.2}", p.ci95[0], p.ci95[1])
    });
    row("median", &|p| format!("{}", p.median));
    row("standard deviation", &|p| format!("{:.2}", p.std_dev));
    row("best / worst", &|p| format!("{} / {}", p.best, p.worst));
    row("perfect games (0 X)", &|p| {
        format!("{:.2} %", p.perfect_share * 100.0)
    });
    s.push_str("</tbody></table>");
    s
}

/// The whole report as HTML. `maps` are the maps of `report.maps`, in order.
pub fn html(report: &SimReport, maps: &[&Map], command: &str) -> String {
    let mut s = String::new();
    s.push_str("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n<title>rollx balance report</title>\n");
    s.push_str(
        "<style>\nbody{font-family:system-ui,-apple-system,'DejaVu Sans',sans-serif;max-width:1100px;margin:2em auto;padding:0 1em;color:#222}\n\
h1{margin-bottom:.2em}h2{border-bottom:2px solid #ccc;padding-bottom:.2em;margin-top:2em}\n\
table{border-collapse:collapse;margin:.5em 0 1em}th,td{padding:.25em .7em;border-bottom:1px solid #e5e5e5;text-align:right}\n\
th:first-child,td:first-child{text-align:left}thead th{border-bottom:2px solid #999}\n\
svg{max-width:100%;height:auto}.chart text{font-family:inherit;fill:#333}\n\
.heat{display:flex;flex-wrap:wrap;gap:1.5em}.heat figure{margin:0;flex:1 1 480px}figcaption{font-size:.9em;color:#555}\n\
code{background:#f4f4f4;padding:.1em .3em}\n</style>\n</head>\n<body>\n",
    );
    let _ = writeln!(s, "<h1>Balance report</h1>");
    let _ = writeln!(
        s,
        "<p>{} games per map and policy, seed {}. Reproduce with <code>{}</code>.</p>",
        report.games,
        report.seed,
        esc(command)
    );
    for (m, map) in report.maps.iter().zip(maps) {
        let _ = writeln!(
            s,
            "<section>\n<h2>{} <small>({})</small></h2>",
            esc(&m.name),
            esc(&m.map)
        );
        s.push_str(&summary_table(m));
        let _ = writeln!(s, "<h3>X per game</h3>\n{}", histogram(m));
        let _ = writeln!(s, "<h3>Where the X go</h3>\n<div class=\"heat\">");
        for p in &m.policies {
            let rates: Vec<f64> = p.areas.iter().map(|a| a.x_rate).collect();
            let doc = heat_map(map, &rates, 520.0);
            let svg = to_svg(&doc, 1).unwrap_or_default();
            let _ = writeln!(
                s,
                "<figure>{svg}<figcaption>{}: share of games in which each area ends as an X.</figcaption></figure>",
                esc(&p.policy)
            );
        }
        s.push_str("</div>\n");
        for p in &m.policies {
            let _ = writeln!(
                s,
                "<h3>Regions, powers and causes ({})</h3>",
                esc(&p.policy)
            );
            s.push_str("<table><thead><tr><th>region</th><th>areas</th><th>dice that can reach it</th><th>pressure</th><th>X per game</th></tr></thead><tbody>");
            for r in &p.regions {
                let _ = write!(
                    s,
                    "<tr><td>{} ({})</td><td>{}</td><td>{:.2}</td><td>{:.2}</td><td>{:.2}</td></tr>",
                    esc(&r.name),
                    esc(&r.id),
                    r.size,
                    r.reach,
                    r.pressure,
                    r.x_per_game
                );
            }
            s.push_str("</tbody></table>");
            s.push_str("<table><thead><tr><th>power</th><th>uses per game</th><th>games using them all</th><th>X saved (95 % CI)</th></tr></thead><tbody>");
            for pw in &p.powers {
                let value = match (pw.value, pw.value_ci95) {
                    (Some(v), Some(ci)) => format!("{v:.2} ± {ci:.2}"),
                    _ => "-".into(),
                };
                let _ = write!(
                    s,
                    "<tr><td>{}</td><td>{:.2} of {}</td><td>{:.1} %</td><td>{value}</td></tr>",
                    pw.power.title(),
                    pw.uses_per_game,
                    pw.granted,
                    pw.exhausted_share * 100.0
                );
            }
            s.push_str("</tbody></table>");
            s.push_str(
                "<table><thead><tr><th>cause of X</th><th>X per game</th></tr></thead><tbody>",
            );
            for c in &p.causes {
                let _ = write!(
                    s,
                    "<tr><td>{}</td><td>{:.2}</td></tr>",
                    esc(c.description),
                    c.per_game
                );
            }
            s.push_str("</tbody></table>");
            let mut areas: Vec<&super::report::AreaResult> = p.areas.iter().collect();
            areas.sort_by(|a, b| b.x_rate.total_cmp(&a.x_rate).then(a.id.cmp(&b.id)));
            s.push_str("<table><thead><tr><th>areas most often X</th><th>region</th><th>X rate</th><th>dead area</th><th>no room</th><th>left empty</th></tr></thead><tbody>");
            for a in areas.iter().take(10) {
                let _ = write!(
                    s,
                    "<tr><td>{}</td><td>{}</td><td>{:.1} %</td><td>{:.1} %</td><td>{:.1} %</td><td>{:.1} %</td></tr>",
                    esc(&a.id),
                    esc(&a.region),
                    a.x_rate * 100.0,
                    a.causes[0] * 100.0,
                    a.causes[1] * 100.0,
                    a.causes[2] * 100.0
                );
            }
            s.push_str("</tbody></table>");
        }
        s.push_str("</section>\n");
    }
    s.push_str("<p><small>Made by rollx. Pressure is a region's areas divided by the dice that can reach it on average; above 1 it cannot be filled without powers. X saved is the difference in mean X when the same games are played without that power.</small></p>\n</body>\n</html>\n");
    s
}
