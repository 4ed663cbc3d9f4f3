//! The balance report as one self-contained HTML file: tables, an SVG
//! histogram of X per game for each policy, and each map drawn as a heat
//! map of how often each area ends as an X (with the sheet's geometry).

use std::fmt::Write;

use super::report::{MapResult, SimReport, optimum_text};
use crate::render::svg::{escape as esc, to_svg};
use crate::report::html::{BarChart, Series, page};
use crate::rolling::map::Map;
use crate::rolling::sheet::{heat_map, scale_top};

/// A grouped bar chart of the share of games by number of X.
fn histogram(m: &MapResult) -> String {
    BarChart {
        title: format!("X per game, {}", m.name),
        first: 0,
        x_caption: "X per game".into(),
        of: "games".into(),
        series: m
            .policies
            .iter()
            .map(|p| Series {
                name: format!("{} (mean {:.2})", p.policy, p.mean),
                shares: shares(&p.distribution, p.games),
            })
            .chain(m.optimum.iter().map(|o| Series {
                name: format!("best game (mean {:.2})", o.mean),
                shares: shares(&o.distribution, o.games),
            }))
            .collect(),
    }
    .svg()
}

/// Each count's share of `games`.
fn shares(counts: &[u64], games: u64) -> Vec<f64> {
    counts
        .iter()
        .map(|&n| n as f64 / games.max(1) as f64)
        .collect()
}

/// A grouped bar chart of the share of games by gap to the best game.
fn gap_histogram(m: &MapResult) -> String {
    BarChart {
        title: format!("Gap to the best game, {}", m.name),
        first: 0,
        x_caption: "X more than the best game on the same dice".into(),
        of: "games".into(),
        series: m
            .policies
            .iter()
            .filter_map(|p| {
                p.gap.as_ref().map(|g| Series {
                    name: format!("{} (mean {:.2})", p.policy, g.mean),
                    shares: shares(&g.distribution, p.games),
                })
            })
            .collect(),
    }
    .svg()
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
    if m.optimum.is_some() {
        row("gap to the best game (95 % CI)", &|p| {
            p.gap.as_ref().map_or("-".into(), |g| {
                format!("{:.2} ({:.2} to {:.2})", g.mean, g.ci95[0], g.ci95[1])
            })
        });
        row("gap at most (to the proven bound)", &|p| {
            p.gap
                .as_ref()
                .map_or("-".into(), |g| format!("{:.2}", g.to_bound_mean))
        });
        row("as good as the best game", &|p| {
            p.gap
                .as_ref()
                .map_or("-".into(), |g| format!("{:.2} %", g.as_good_share * 100.0))
        });
    }
    s.push_str("</tbody></table>");
    s
}

/// The whole report as HTML. `maps` are the maps of `report.maps`, in order.
pub fn html(report: &SimReport, maps: &[&Map], command: &str) -> String {
    let mut s = String::new();
    let _ = writeln!(s, "<h1>Balance report</h1>");
    let _ = writeln!(
        s,
        "<p>{}, seed {}. Reproduce with <code>{}</code>.</p>",
        esc(&report.games_played()),
        report.seed,
        esc(command)
    );
    // One colour scale for every heat map of the report (every map and
    // policy), so that maps side by side compare.
    let top = scale_top(
        report
            .maps
            .iter()
            .flat_map(|m| &m.policies)
            .flat_map(|p| &p.areas)
            .map(|a| a.x_rate),
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
        if let Some(o) = &m.optimum {
            let _ = writeln!(
                s,
                "<h3>Gap to the best game</h3>\n<p>{}</p>\n{}",
                esc(&optimum_text(m, o)),
                gap_histogram(m)
            );
        }
        let _ = writeln!(s, "<h3>Where the X go</h3>\n<div class=\"heat\">");
        for p in &m.policies {
            let rates: Vec<f64> = p.areas.iter().map(|a| a.x_rate).collect();
            let doc = heat_map(map, &rates, 520.0, top);
            let svg = to_svg(&doc, 1).unwrap_or_default();
            let _ = writeln!(
                s,
                "<figure>{svg}<figcaption>{}: share of games in which each area ends as an X (one scale, 0 % to {:.0} %, for every map of this report).</figcaption></figure>",
                esc(&p.policy),
                top * 100.0
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
    s.push_str("<p><small>Made by rollx. Pressure is a region's areas divided by the dice that can reach it on average; above 1 it cannot be filled without powers. X saved is the difference in mean X when the same games are played without that power.</small></p>\n");
    page("rollx balance report", &s)
}
