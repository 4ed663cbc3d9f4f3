//! The balance report as a document: the maps and policies side by side,
//! and on the page a histogram of X per game for each policy and each map
//! drawn as a heat map of how often each area ends as an X (with the
//! sheet's geometry).

use super::report::{AreaResult, MapResult, OptimumResult, PolicyResult, SimReport, optimum_text};
use super::simulate::Cause;
use crate::render::svg::to_svg;
use crate::report::doc::{Block, Doc, Table, para, reproduce};
use crate::report::html::{BarChart, Series};
use crate::rolling::map::Map;
use crate::rolling::map::Power;
use crate::rolling::sheet::{heat_map, scale_top};

/// A grouped bar chart of the share of games by number of X.
fn histogram(m: &MapResult) -> BarChart {
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
}

/// Each count's share of `games`.
fn shares(counts: &[u64], games: u64) -> Vec<f64> {
    counts
        .iter()
        .map(|&n| n as f64 / games.max(1) as f64)
        .collect()
}

/// A grouped bar chart of the share of games by gap to the best game.
fn gap_histogram(m: &MapResult) -> BarChart {
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
}

/// The report of a run: every map and policy side by side, the best
/// games, each policy's regions and hardest areas; on the page, each
/// map's histograms, heat maps, powers, causes and areas. `maps` are the
/// maps of `report.maps`, in order; `command` reproduces the run.
pub fn doc(report: &SimReport, maps: &[&Map], command: &str) -> Doc {
    let mut d = Doc::new(match report.maps.as_slice() {
        [m] => format!("{} — balance report", m.name),
        _ => "Balance report".to_string(),
    });
    d.push(reproduce(
        format!("{}, seed {}", report.games_played(), report.seed),
        command,
    ));
    d.push(Block::Heading(2, "Summary".into()));
    d.push(Block::Table(summary_table(report)));
    for m in &report.maps {
        if let Some(o) = &m.optimum {
            d.push(para(optimum_text(m, o)));
        }
    }
    for m in &report.maps {
        for p in &m.policies {
            d.push(Block::Heading(
                3,
                format!("{} ({}), {}", m.name, m.map, p.policy),
            ));
            let mut regions = Table::new([
                "region",
                "areas",
                "dice that can reach it",
                "pressure",
                "X per game",
            ]);
            for r in &p.regions {
                regions.row([
                    format!("{} ({})", r.name, r.id),
                    r.size.to_string(),
                    format!("{:.2}", r.reach),
                    format!("{:.2}", r.pressure),
                    format!("{:.2}", r.x_per_game),
                ]);
            }
            d.push(Block::Table(regions));
            let top = most_often_x(p)
                .iter()
                .take(8)
                .map(|a| format!("{} {:.0}%", a.id, a.x_rate * 100.0))
                .collect();
            d.push(Block::Items("areas most often X".into(), top));
        }
    }
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
    let mut details = Vec::new();
    for (m, map) in report.maps.iter().zip(maps) {
        details.push(Block::Heading(2, format!("{} ({})", m.name, m.map)));
        details.push(Block::Heading(3, "X per game".into()));
        details.push(Block::Chart(histogram(m)));
        if m.optimum.is_some() {
            details.push(Block::Heading(3, "Gap to the best game".into()));
            details.push(Block::Chart(gap_histogram(m)));
        }
        details.push(Block::Heading(3, "Where the X go".into()));
        details.push(Block::Side(
            m.policies
                .iter()
                .map(|p| {
                    let rates: Vec<f64> = p.areas.iter().map(|a| a.x_rate).collect();
                    let scene = heat_map(map, &rates, 520.0, top);
                    Block::Figure(
                        to_svg(&scene, 1).unwrap_or_default(),
                        format!(
                            "{}: share of games in which each area ends as an X (one scale, 0 % \
                             to {:.0} %, for every map of this report).",
                            p.policy,
                            top * 100.0
                        ),
                    )
                })
                .collect(),
        ));
        for p in &m.policies {
            details.push(Block::Heading(
                3,
                format!("Powers, causes and areas ({})", p.policy),
            ));
            details.push(Block::Side(policy_tables(p)));
        }
    }
    d.push(Block::Details(details));
    d.push(Block::Note(
        "Pressure is a region's areas divided by the dice that can reach it on average; \
         above 1 it cannot be filled without powers. X saved is the difference in mean X \
         when the same games are played without that power."
            .into(),
    ));
    d
}

/// Every map and policy side by side: a column each, a row per figure.
fn summary_table(report: &SimReport) -> Table {
    // A column per map and policy, and the best games of a map beside its
    // policies (`--optimum`).
    let cols: Vec<(&MapResult, Option<&PolicyResult>)> = report
        .maps
        .iter()
        .flat_map(|m| {
            m.policies
                .iter()
                .map(move |p| (m, Some(p)))
                .chain(m.optimum.iter().map(move |_| (m, None)))
        })
        .collect();
    let mut t = Table::new(std::iter::once(String::new()).chain(cols.iter().map(
        |(m, p)| match p {
            Some(p) => format!("{} ({})", m.map, p.policy),
            None => format!("{} (best game)", m.map),
        },
    )));
    let ci = |mean: f64, ci95: [f64; 2]| format!("{mean:.2} ± {:.2}", (ci95[1] - ci95[0]) / 2.0);
    let mut rows = |label: &str,
                    cell: &dyn Fn(&PolicyResult) -> String,
                    best: &dyn Fn(&OptimumResult) -> String| {
        t.row(
            std::iter::once(label.to_string()).chain(cols.iter().map(|(m, p)| {
                match (p, &m.optimum) {
                    (Some(p), _) => cell(p),
                    (None, Some(o)) => best(o),
                    (None, None) => "-".into(),
                }
            })),
        );
    };
    rows("mean X (95 % CI)", &|p| ci(p.mean, p.ci95), &|o| {
        ci(o.mean, o.ci95)
    });
    let none = |_: &OptimumResult| "-".to_string();
    rows("median", &|p| p.median.to_string(), &|o| {
        o.median.to_string()
    });
    rows(
        "standard deviation",
        &|p| format!("{:.2}", p.std_dev),
        &none,
    );
    rows(
        "best / worst",
        &|p| format!("{} / {}", p.best, p.worst),
        &none,
    );
    rows(
        "perfect games (0 X)",
        &|p| format!("{:.2} %", p.perfect_share * 100.0),
        &|o| format!("{:.2} %", o.perfect_share * 100.0),
    );
    let mut row = |label: &str, cell: &dyn Fn(&PolicyResult) -> String| {
        rows(label, cell, &none);
    };
    if report.maps.iter().any(|m| m.optimum.is_some()) {
        row("gap to the best game", &|p| {
            p.gap.as_ref().map_or("-".into(), |g| ci(g.mean, g.ci95))
        });
        row("  at most (proven bound)", &|p| {
            p.gap
                .as_ref()
                .map_or("-".into(), |g| format!("{:.2}", g.to_bound_mean))
        });
        row("  as good as the best", &|p| {
            p.gap
                .as_ref()
                .map_or("-".into(), |g| format!("{:.2} %", g.as_good_share * 100.0))
        });
    }
    for power in [Power::ColorChange, Power::Guard, Power::Dupe] {
        let get = |p: &PolicyResult| p.powers.iter().find(|r| r.power == power).cloned();
        if cols.iter().all(|(_, p)| p.and_then(get).is_none()) {
            continue;
        }
        row(&format!("{} uses per game", power.title()), &|p| {
            get(p).map_or("-".into(), |r| {
                format!("{:.2} of {}", r.uses_per_game, r.granted)
            })
        });
        row(
            "  X saved (value)",
            &|p| match get(p).and_then(|r| r.value.zip(r.value_ci95)) {
                Some((v, ci)) => format!("{v:.2} ± {ci:.2}"),
                None => "-".into(),
            },
        );
    }
    for (i, c) in Cause::ALL.iter().enumerate() {
        let label = match c {
            Cause::DeadArea => "X per game: dead area",
            Cause::NoRoom => "X per game: no room",
            Cause::LeftEmpty => "X per game: left empty",
        };
        row(label, &|p| format!("{:.2}", p.causes[i].per_game));
    }
    t.left(0)
}

/// A policy's areas, the most often X first.
fn most_often_x(p: &PolicyResult) -> Vec<&AreaResult> {
    let mut areas: Vec<&AreaResult> = p.areas.iter().collect();
    areas.sort_by(|a, b| b.x_rate.total_cmp(&a.x_rate).then(a.id.cmp(&b.id)));
    areas
}

/// A policy's powers, the causes of its X and its ten areas most often X.
fn policy_tables(p: &PolicyResult) -> Vec<Block> {
    let mut powers = Table::new([
        "power",
        "uses per game",
        "games using them all",
        "X saved (95 % CI)",
    ]);
    for pw in &p.powers {
        let value = match (pw.value, pw.value_ci95) {
            (Some(v), Some(ci)) => format!("{v:.2} ± {ci:.2}"),
            _ => "-".into(),
        };
        powers.row([
            pw.power.title().to_string(),
            format!("{:.2} of {}", pw.uses_per_game, pw.granted),
            format!("{:.1} %", pw.exhausted_share * 100.0),
            value,
        ]);
    }
    let mut causes = Table::new(["cause of X", "X per game"]);
    for c in &p.causes {
        causes.row([c.description.to_string(), format!("{:.2}", c.per_game)]);
    }
    let mut areas = Table::new([
        "areas most often X",
        "region",
        "X rate",
        "dead area",
        "no room",
        "left empty",
    ])
    .left(1);
    let pct = |x: f64| format!("{:.1} %", x * 100.0);
    for a in most_often_x(p).iter().take(10) {
        areas.row([
            a.id.clone(),
            a.region.clone(),
            pct(a.x_rate),
            pct(a.causes[0]),
            pct(a.causes[1]),
            pct(a.causes[2]),
        ]);
    }
    vec![
        Block::Table(powers),
        Block::Table(causes),
        Block::Table(areas),
    ]
}
