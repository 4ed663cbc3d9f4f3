//! Balance reports: what many simulated games say about a map.

use std::fmt::Write;

use serde::Serialize;

use super::simulate::{Cause, Tally};
use crate::report::stats::{Moments, histogram, median};
use crate::rolling::map::Power;
use crate::rolling::rules::Game;
use crate::text::count;

/// How often one area ends as an X.
#[derive(Clone, Debug, Serialize, PartialEq)]
pub struct AreaResult {
    /// Area code.
    pub id: String,
    /// Region id.
    pub region: String,
    /// Share of games in which it ends as an X.
    pub x_rate: f64,
    /// Its X per game by cause: dead area, no room, left empty.
    pub causes: [f64; 3],
}

/// One region's load.
#[derive(Clone, Debug, Serialize, PartialEq)]
pub struct RegionResult {
    /// Region id.
    pub id: String,
    /// Display name.
    pub name: String,
    /// Number of areas.
    pub size: usize,
    /// Expected dice per game that can reach it (its own die and the wild die).
    pub reach: f64,
    /// `size / reach`: above 1 the region cannot be filled on average without powers.
    pub pressure: f64,
    /// Mean X per game in the region.
    pub x_per_game: f64,
}

/// One power's use and worth.
#[derive(Clone, Debug, Serialize, PartialEq)]
pub struct PowerResult {
    /// The power (`color_change`, `guard`, `dupe`).
    pub power: Power,
    /// Uses the rules grant.
    pub granted: u8,
    /// Mean uses per game.
    pub uses_per_game: f64,
    /// Share of games that used every granted use.
    pub exhausted_share: f64,
    /// Mean X of the same games with this power taken away, minus the mean
    /// X with it: how many X the power saves (restricted play).
    pub value: Option<f64>,
    /// Half-width of the value's 95 % confidence interval.
    pub value_ci95: Option<f64>,
}

/// Mean X per game of one cause.
#[derive(Clone, Debug, Serialize, PartialEq)]
pub struct CauseResult {
    /// The cause.
    pub cause: Cause,
    /// What it means.
    pub description: &'static str,
    /// Mean X per game.
    pub per_game: f64,
}

/// Everything about one policy on one map.
#[derive(Clone, Debug, Serialize, PartialEq)]
pub struct PolicyResult {
    /// Policy name.
    pub policy: String,
    /// Games played.
    pub games: u64,
    /// Mean X.
    pub mean: f64,
    /// Lower and upper end of the mean's 95 % confidence interval.
    pub ci95: [f64; 2],
    /// Median X.
    pub median: f64,
    /// Standard deviation of X.
    pub std_dev: f64,
    /// Fewest X in a game.
    pub best: u64,
    /// Most X in a game.
    pub worst: u64,
    /// Share of games without any X.
    pub perfect_share: f64,
    /// Games by number of X (index = X).
    pub distribution: Vec<u64>,
    /// Areas in map order.
    pub areas: Vec<AreaResult>,
    /// Regions in map order.
    pub regions: Vec<RegionResult>,
    /// The powers the rules grant.
    pub powers: Vec<PowerResult>,
    /// Why the X happened.
    pub causes: Vec<CauseResult>,
    /// How far its games are from the best games on the same dice
    /// (`simulate --optimum`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub gap: Option<Gap>,
}

/// A policy's X minus the best game's on the same dice, game by game.
#[derive(Clone, Debug, Serialize, PartialEq)]
pub struct Gap {
    /// Mean gap in X.
    pub mean: f64,
    /// Lower and upper end of the mean's 95 % confidence interval.
    pub ci95: [f64; 2],
    /// Share of games the policy played as well as the best game.
    pub as_good_share: f64,
    /// Games by gap in X (index = gap).
    pub distribution: Vec<u64>,
    /// Mean of the policy's X minus the proven lower bound on the same
    /// dice: the true gap (to the fewest X possible) is at least `mean`
    /// and at most this.
    pub to_bound_mean: f64,
}

/// The best games on the dice the policies faced (`simulate --optimum`):
/// game by game, the fewer X of the solver's best game (`rollx solve`,
/// limited to `positions` positions) and the policies' own games.
#[derive(Clone, Debug, Serialize, PartialEq)]
pub struct OptimumResult {
    /// Positions the solver searched at most per game.
    pub positions: u64,
    /// The file of the learned values that guided the solver, if any.
    pub values: Option<String>,
    /// Games solved.
    pub games: u64,
    /// Games whose best X is proven: the best game (the solver's or a
    /// player's) meets the proven lower bound.
    pub exact: u64,
    /// Share of games in which a perfect game (0 X) is proven impossible.
    pub perfect_impossible_share: f64,
    /// Mean X of the best games.
    pub mean: f64,
    /// Lower and upper end of the mean's 95 % confidence interval.
    pub ci95: [f64; 2],
    /// Median X of the best games.
    pub median: f64,
    /// Share of games with a perfect game (0 X) found.
    pub perfect_share: f64,
    /// Games by X of the best game (index = X).
    pub distribution: Vec<u64>,
    /// Mean of the proven lower bounds: no game on the same dice has fewer
    /// X, so the true best lies between this and `mean`.
    pub lower_bound_mean: f64,
}

/// A histogram and sums of some small counts.
fn counted(values: impl Iterator<Item = u32>) -> (Vec<u64>, f64, f64) {
    let hist = histogram(values);
    let (mut sum, mut sum2) = (0.0, 0.0);
    for (v, &n) in hist.iter().enumerate() {
        sum += (v as u64 * n) as f64;
        sum2 += (v as u64 * v as u64 * n) as f64;
    }
    (hist, sum, sum2)
}

/// Adds the best games on the same dice to `map`: `solved[i]` is the
/// solver's game `i` (its X, proven lower bound, and whether exact),
/// `per_game[p][i]` policy `p`'s X in game `i`; `values` names the learned
/// values that guided the solver. A policy's game may be
/// better than the solver's when the solver did not finish; the best game
/// is the better of all, and it is exact when it meets the bound.
pub fn add_optimum(
    map: &mut MapResult,
    positions: u64,
    values: Option<String>,
    solved: &[(u32, u32, bool)],
    per_game: &[&[u32]],
) {
    let best: Vec<u32> = solved
        .iter()
        .enumerate()
        .map(|(i, &(x, _, _))| per_game.iter().map(|p| p[i]).fold(x, u32::min))
        .collect();
    let games = best.len() as u64;
    let (distribution, sum, sum2) = counted(best.iter().copied());
    let m = Moments::of(games, sum, sum2);
    map.optimum = Some(OptimumResult {
        positions,
        values,
        games,
        exact: solved
            .iter()
            .zip(&best)
            .filter(|(s, b)| s.2 || **b <= s.1)
            .count() as u64,
        perfect_impossible_share: solved.iter().filter(|s| s.1 > 0).count() as f64
            / games.max(1) as f64,
        mean: m.mean,
        ci95: [m.mean - m.ci95, m.mean + m.ci95],
        median: median(&distribution, 0),
        perfect_share: distribution.first().copied().unwrap_or(0) as f64 / games.max(1) as f64,
        distribution,
        lower_bound_mean: solved.iter().map(|s| f64::from(s.1)).sum::<f64>() / games.max(1) as f64,
    });
    for (policy, xs) in map.policies.iter_mut().zip(per_game) {
        let (distribution, sum, sum2) = counted(xs.iter().zip(&best).map(|(x, b)| x - b));
        let m = Moments::of(games, sum, sum2);
        policy.gap = Some(Gap {
            mean: m.mean,
            ci95: [m.mean - m.ci95, m.mean + m.ci95],
            as_good_share: distribution.first().copied().unwrap_or(0) as f64 / games.max(1) as f64,
            distribution,
            to_bound_mean: xs
                .iter()
                .zip(solved)
                .map(|(&x, s)| f64::from(x - s.1.min(x)))
                .sum::<f64>()
                / games.max(1) as f64,
        });
    }
}

/// Every policy on one map.
#[derive(Clone, Debug, Serialize, PartialEq)]
pub struct MapResult {
    /// Map id.
    pub map: String,
    /// Map title.
    pub name: String,
    /// Number of areas.
    pub areas: usize,
    /// One result per policy.
    pub policies: Vec<PolicyResult>,
    /// The best games on the same dice (`simulate --optimum`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub optimum: Option<OptimumResult>,
}

/// A whole simulation run.
#[derive(Clone, Debug, Serialize, PartialEq)]
pub struct SimReport {
    /// Seed of the run.
    pub seed: u64,
    /// Games per map and policy.
    pub games: u64,
    /// One result per map.
    pub maps: Vec<MapResult>,
}

impl SimReport {
    /// What was played, in words: "1000 games per map and policy, plus 3
    /// replays of each to value the powers (the game again without one of
    /// them)". The replays are not games of the report: each power's value
    /// is the X the same games cost without it.
    pub fn games_played(&self) -> String {
        let mut s = format!("{} per map and policy", count(self.games, "game"));
        let replays: Vec<(&str, usize)> = self
            .maps
            .iter()
            .map(|m| {
                let valued = m
                    .policies
                    .first()
                    .map_or(0, |p| p.powers.iter().filter(|r| r.value.is_some()).count());
                (m.map.as_str(), valued)
            })
            .collect();
        let each = replays.first().map_or(0, |&(_, n)| n);
        if replays.iter().all(|&(_, n)| n == each) {
            if each > 0 {
                s.push_str(&format!(
                    ", plus {} of each to value the powers (the game again without one of them)",
                    count(each, "replay")
                ));
            }
        } else {
            let per: Vec<String> = replays
                .iter()
                .map(|&(map, n)| format!("{} on {map}", count(n, "replay")))
                .collect();
            s.push_str(&format!(
                ", plus replays of each to value the powers (the game again without one of \
                 them: {})",
                per.join(", ")
            ));
        }
        s
    }
}

/// The result of a policy's games, `without` holding the same games played
/// with one power taken away.
pub fn policy_result(
    game: &Game,
    policy: &str,
    t: &Tally,
    without: &[(Power, Tally)],
) -> PolicyResult {
    let map = game.map();
    let rules = game.rules();
    let g = t.games.max(1) as f64;
    let areas: Vec<AreaResult> = map
        .areas
        .iter()
        .enumerate()
        .map(|(i, a)| AreaResult {
            id: a.id.clone(),
            region: map.region(a.region).id.clone(),
            x_rate: t.area_x[i] as f64 / g,
            causes: t.area_causes[i].map(|n| n as f64 / g),
        })
        .collect();
    let bag = game.dice().len() as f64;
    let reach = 2.0 * f64::from(rules.results_per_game()) / bag;
    let regions = map
        .regions
        .iter()
        .map(|r| RegionResult {
            id: r.id.clone(),
            name: r.name.clone(),
            size: r.areas.len(),
            reach,
            pressure: r.areas.len() as f64 / reach,
            x_per_game: r
                .areas
                .iter()
                .map(|a| t.area_x[a.index()] as f64)
                .sum::<f64>()
                / g,
        })
        .collect();
    let powers = rules
        .powers
        .iter()
        .into_iter()
        .filter(|&(_, n)| n > 0)
        .map(|(p, n)| {
            let k = p.index();
            let w = without.iter().find(|(q, _)| *q == p).map(|(_, w)| w);
            PowerResult {
                power: p,
                granted: n,
                uses_per_game: t.power_uses[k] as f64 / g,
                exhausted_share: t.power_exhausted[k] as f64 / g,
                value: w.map(|w| w.mean() - t.mean()),
                // The games are paired (same seeds), so this is conservative.
                value_ci95: w.map(|w| (w.ci95().powi(2) + t.ci95().powi(2)).sqrt()),
            }
        })
        .collect();
    let causes = Cause::ALL
        .iter()
        .map(|&c| CauseResult {
            cause: c,
            description: c.describe(),
            per_game: t
                .area_causes
                .iter()
                .map(|a| a[c as usize] as f64)
                .sum::<f64>()
                / g,
        })
        .collect();
    let best = t.hist.iter().position(|&n| n > 0).unwrap_or(0) as u64;
    let worst = t.hist.iter().rposition(|&n| n > 0).unwrap_or(0) as u64;
    PolicyResult {
        policy: policy.to_string(),
        games: t.games,
        mean: t.mean(),
        ci95: [t.mean() - t.ci95(), t.mean() + t.ci95()],
        median: t.median(),
        std_dev: t.std_dev(),
        best,
        worst,
        perfect_share: t.hist.first().copied().unwrap_or(0) as f64 / g,
        distribution: t.hist.clone(),
        areas,
        regions,
        powers,
        causes,
        gap: None,
    }
}

/// The mean X (with its 95 % confidence interval) of every policy on every
/// map, as a Markdown table.
pub fn markdown(report: &SimReport) -> String {
    let mut policies: Vec<&str> = Vec::new();
    for m in &report.maps {
        for p in &m.policies {
            if !policies.contains(&p.policy.as_str()) {
                policies.push(&p.policy);
            }
        }
    }
    let optimum = report.maps.iter().any(|m| m.optimum.is_some());
    let all_exact = report
        .maps
        .iter()
        .all(|m| m.optimum.as_ref().is_none_or(|o| o.exact == o.games));
    let best_column = match (optimum, all_exact) {
        (false, _) => "",
        (true, true) => " best possible |",
        (true, false) => " best game found |",
    };
    let mut s = format!(
        "| map | {} |{best_column}\n|---|{}{}\n",
        policies.join(" | "),
        "---|".repeat(policies.len()),
        if optimum { "---|" } else { "" }
    );
    for m in &report.maps {
        let _ = write!(s, "| {} (`{}`) |", m.name, m.map);
        for name in &policies {
            match m.policies.iter().find(|p| p.policy == *name) {
                Some(p) => {
                    let _ = write!(s, " {:.2} ± {:.2} |", p.mean, (p.ci95[1] - p.ci95[0]) / 2.0);
                }
                None => s.push_str(" - |"),
            }
        }
        if optimum {
            match &m.optimum {
                Some(o) => {
                    let _ = write!(s, " {:.2} ± {:.2} |", o.mean, (o.ci95[1] - o.ci95[0]) / 2.0);
                }
                None => s.push_str(" - |"),
            }
        }
        s.push('\n');
    }
    let _ = writeln!(
        s,
        "\nMean X per game over {} per map and policy (± the 95 % confidence interval), seed {}.",
        count(report.games, "game"),
        report.seed
    );
    if optimum {
        s.push_str(&optimum_note(report));
    }
    s
}

/// A paragraph on the best games of one map.
pub fn optimum_text(m: &MapResult, o: &OptimumResult) -> String {
    let exact = if o.exact == o.games {
        "every game solved exactly, so these are the fewest X possible".to_string()
    } else {
        format!(
            "{} of {} solved exactly; the others may have a better game, so the best X \
             may be lower and the gaps larger (proven lower bound {:.2} X on average; \
             a perfect game proven impossible in {:.2} % of games)",
            o.exact,
            o.games,
            o.lower_bound_mean,
            o.perfect_impossible_share * 100.0
        )
    };
    let guide = o
        .values
        .as_ref()
        .map(|v| format!(" guided by the values in {v},"))
        .unwrap_or_default();
    format!(
        "{} ({}), the best game on the same dice (the solver's, {} positions a game,{guide} or \
         a player's if better):\n  mean X {:.2} ± {:.2}, median {}, perfect game found in {:.2} % \
         of games;\n  {exact}.",
        m.name,
        m.map,
        o.positions,
        o.mean,
        (o.ci95[1] - o.ci95[0]) / 2.0,
        o.median,
        o.perfect_share * 100.0
    )
}

/// What the best-game column means, with how many games were solved
/// exactly.
fn optimum_note(report: &SimReport) -> String {
    let mut s = String::from(
        "\nThe best game is the one with the fewest X on the same dice: the solver's best \
         (`rollx solve`) or a player's, if better.",
    );
    for m in &report.maps {
        if let Some(o) = &m.optimum {
            let _ = write!(
                s,
                " {}: {} of {} solved exactly ({} a game), proven lower bound {:.2} X on average.",
                m.map,
                o.exact,
                count(o.games, "game"),
                count(o.positions, "position"),
                o.lower_bound_mean
            );
        }
    }
    s.push('\n');
    s
}

/// The report as text: the maps side by side, then each map's regions and
/// its hardest areas.
pub fn text(report: &SimReport) -> String {
    let mut s = String::new();
    let cols: Vec<(&MapResult, &PolicyResult)> = report
        .maps
        .iter()
        .flat_map(|m| m.policies.iter().map(move |p| (m, p)))
        .collect();
    let _ = writeln!(s, "{}, seed {}", report.games_played(), report.seed);
    let _ = writeln!(s);
    let headers: Vec<String> = cols
        .iter()
        .map(|(m, p)| format!("{} ({})", m.map, p.policy))
        .collect();
    let w = headers.iter().map(String::len).max().unwrap_or(10).max(14);
    let mut row = |label: &str, cells: Vec<String>| {
        let _ = write!(s, "  {label:<26}");
        for c in cells {
            let _ = write!(s, "  {c:>w$}");
        }
        let _ = writeln!(s);
    };
    row("", headers.clone());
    row(
        "mean X (95 % CI)",
        cols.iter()
            .map(|(_, p)| format!("{:.2} ± {:.2}", p.mean, (p.ci95[1] - p.ci95[0]) / 2.0))
            .collect(),
    );
    row(
        "median",
        cols.iter().map(|(_, p)| format!("{}", p.median)).collect(),
    );
    row(
        "standard deviation",
        cols.iter()
            .map(|(_, p)| format!("{:.2}", p.std_dev))
            .collect(),
    );
    row(
        "best / worst",
        cols.iter()
            .map(|(_, p)| format!("{} / {}", p.best, p.worst))
            .collect(),
    );
    row(
        "perfect games",
        cols.iter()
            .map(|(_, p)| format!("{:.2} %", p.perfect_share * 100.0))
            .collect(),
    );
    if cols.iter().any(|(_, p)| p.gap.is_some()) {
        row(
            "gap to the best game",
            cols.iter()
                .map(|(_, p)| {
                    p.gap.as_ref().map_or("-".into(), |g| {
                        format!("{:.2} ± {:.2}", g.mean, (g.ci95[1] - g.ci95[0]) / 2.0)
                    })
                })
                .collect(),
        );
        row(
            "  at most (proven bound)",
            cols.iter()
                .map(|(_, p)| {
                    p.gap
                        .as_ref()
                        .map_or("-".into(), |g| format!("{:.2}", g.to_bound_mean))
                })
                .collect(),
        );
        row(
            "  as good as the best",
            cols.iter()
                .map(|(_, p)| {
                    p.gap
                        .as_ref()
                        .map_or("-".into(), |g| format!("{:.2} %", g.as_good_share * 100.0))
                })
                .collect(),
        );
    }
    for power in [Power::ColorChange, Power::Guard, Power::Dupe] {
        let get = |p: &PolicyResult| p.powers.iter().find(|r| r.power == power).cloned();
        if cols.iter().all(|(_, p)| get(p).is_none()) {
            continue;
        }
        row(
            &format!("{} uses per game", power.title()),
            cols.iter()
                .map(|(_, p)| {
                    get(p).map_or("-".into(), |r| {
                        format!("{:.2} of {}", r.uses_per_game, r.granted)
                    })
                })
                .collect(),
        );
        row(
            "  X saved (value)",
            cols.iter()
                .map(
                    |(_, p)| match get(p).and_then(|r| r.value.zip(r.value_ci95)) {
                        Some((v, ci)) => format!("{v:.2} ± {ci:.2}"),
                        None => "-".into(),
                    },
                )
                .collect(),
        );
    }
    for (i, c) in Cause::ALL.iter().enumerate() {
        let label = match c {
            Cause::DeadArea => "X per game: dead area",
            Cause::NoRoom => "X per game: no room",
            Cause::LeftEmpty => "X per game: left empty",
        };
        row(
            label,
            cols.iter()
                .map(|(_, p)| format!("{:.2}", p.causes[i].per_game))
                .collect(),
        );
    }
    for m in &report.maps {
        if let Some(o) = &m.optimum {
            let _ = writeln!(s);
            let _ = writeln!(s, "{}", optimum_text(m, o));
        }
    }
    for (m, p) in &cols {
        let _ = writeln!(s);
        let _ = writeln!(s, "{} ({}), {}:", m.name, m.map, p.policy);
        let _ = writeln!(
            s,
            "  region        areas  dice that can reach it  pressure  X per game"
        );
        for r in &p.regions {
            let _ = writeln!(
                s,
                "  {:<12} {:>6}  {:>22.2}  {:>8.2}  {:>10.2}",
                r.id, r.size, r.reach, r.pressure, r.x_per_game
            );
        }
        let mut areas: Vec<&AreaResult> = p.areas.iter().collect();
        areas.sort_by(|a, b| b.x_rate.total_cmp(&a.x_rate).then(a.id.cmp(&b.id)));
        let top: Vec<String> = areas
            .iter()
            .take(8)
            .map(|a| format!("{} {:.0}%", a.id, a.x_rate * 100.0))
            .collect();
        let _ = writeln!(s, "  areas most often X: {}", top.join(", "));
    }
    s
}
