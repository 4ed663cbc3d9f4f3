//! Balance reports: what many simulated games say about a map.

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
