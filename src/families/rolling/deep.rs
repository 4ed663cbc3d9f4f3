//! Rule solvability by sampling (`rollx check --deep`): the solver on many
//! seeded games of a map, and what their best games say about it.
//!
//! Game `i` has the dice of `derive_seed(seed, i)` and is searched up to a
//! fixed number of positions, so the report is the same on every machine
//! and with any number of threads.

use rayon::prelude::*;

use crate::diag::Failure;
use crate::families::contract::{DeepRequest, Deepened};
use crate::report::stats::histogram;
use crate::text::{count, plural};
use serde::Serialize;

use super::map::Map;
use super::play::TupleValue;
use super::play::derive_seed;
use super::rules::{Game, State};
use super::solve::{Limit, Solution, rolls_of_seed, solve_guided};

/// One area: how often the best game found crosses it.
#[derive(Clone, Debug, Serialize)]
pub struct AreaShare {
    /// The area's id.
    pub area: String,
    /// Share of the samples whose best game found ends with an X there.
    pub crossed: f64,
}

/// One region: how often it is the bottleneck.
#[derive(Clone, Debug, Serialize)]
pub struct RegionShare {
    /// The region's id.
    pub region: String,
    /// Share of the samples whose best game found has more X in this
    /// region than in any other (a tie counts for each tied region).
    pub bottleneck: f64,
}

/// What the samples say.
#[derive(Clone, Debug, Serialize)]
pub struct Deep {
    /// Games sampled.
    pub samples: u64,
    /// Seed of the run.
    pub seed: u64,
    /// Positions each game was searched at most.
    pub positions: u64,
    /// The file of the learned values that guided the search, if any (the
    /// caller names it).
    pub values: Option<String>,
    /// Games solved exactly (their best X proven).
    pub exact: u64,
    /// Games in which a perfect game (0 X) was found: it is possible.
    pub perfect_found: u64,
    /// Games in which a perfect game is proven impossible (by the search
    /// or by the relaxation's SAT proof, `rollx solve`'s lower bound).
    pub perfect_impossible: u64,
    /// When every game is decided either way (a perfect game found or
    /// proven impossible): the share in which a perfect game is possible,
    /// with its 95 % interval (Wilson).
    pub perfect_share: Option<(f64, f64, f64)>,
    /// Mean of the proven lower bounds: no game on a sample's dice ends
    /// with fewer X, so the fewest possible lies between this and
    /// `best_mean`.
    pub bound_mean: f64,
    /// Games by proven lower bound (index: X).
    pub bound_distribution: Vec<u64>,
    /// Mean X of the best games found (the fewest possible when every game
    /// was solved exactly; otherwise more than the fewest, or equal).
    pub best_mean: f64,
    /// Median X of the best games found.
    pub best_median: f64,
    /// Games by X of the best game found (index: X).
    pub best_distribution: Vec<u64>,
    /// Mean X of the greedy player on the same games.
    pub greedy_mean: f64,
    /// Per area, most crossed first.
    pub areas: Vec<AreaShare>,
    /// Per region, most often the bottleneck first.
    pub regions: Vec<RegionShare>,
}

/// The 95 % Wilson interval of `k` successes in `n`: (share, low, high).
fn wilson(k: u64, n: u64) -> (f64, f64, f64) {
    let (k, n) = (k as f64, n as f64);
    let p = k / n;
    let z = 1.96f64;
    let centre = (p + z * z / (2.0 * n)) / (1.0 + z * z / n);
    let half = z * (p * (1.0 - p) / n + z * z / (4.0 * n * n)).sqrt() / (1.0 + z * z / n);
    (p, (centre - half).max(0.0), (centre + half).min(1.0))
}

/// Solves games `0..games` of `game` (the dice of `derive_seed(seed, i)`,
/// at most `positions` positions each, guided by `values` when given) on
/// the current rayon pool, calling `progress` after each game; the
/// solutions in the order of the games.
pub fn solve_seeds(
    game: &Game,
    games: u64,
    seed: u64,
    positions: u64,
    values: Option<&TupleValue>,
    progress: &(dyn Fn() + Sync),
) -> Vec<Solution> {
    solve_range(game, 0..games, seed, positions, values, progress)
}

/// [`solve_seeds`] for the games `games.start..games.end` only, in order.
pub fn solve_range(
    game: &Game,
    games: std::ops::Range<u64>,
    seed: u64,
    positions: u64,
    values: Option<&TupleValue>,
    progress: &(dyn Fn() + Sync),
) -> Vec<Solution> {
    games
        .into_par_iter()
        .map(|i| {
            let rolls = rolls_of_seed(game, derive_seed(seed, i));
            let limit = Limit {
                deadline: None,
                positions: Some(positions),
            };
            let s = solve_guided(game, &rolls, limit, values).expect("a seed's rolls make a game");
            progress();
            s
        })
        .collect()
}

/// Solves `samples` seeded games of `game` (at most `positions` positions
/// each, guided by `values` when given) on the current rayon pool, calling
/// `progress` after each game.
pub fn deep(
    game: &Game,
    samples: u64,
    seed: u64,
    positions: u64,
    values: Option<&TupleValue>,
    progress: &(dyn Fn() + Sync),
) -> Deep {
    let results: Vec<(u32, u32, bool, u32, State)> =
        solve_seeds(game, samples, seed, positions, values, progress)
            .into_iter()
            .map(|s| (s.crosses, s.lower_bound, s.exact, s.greedy_crosses, s.sheet))
            .collect();
    let n = samples.max(1) as f64;
    let map = game.map();
    let mut crossed = vec![0u64; game.area_count()];
    let mut bottleneck = vec![0u64; map.regions.len()];
    for (.., end) in &results {
        let mut per_region = vec![0u32; map.regions.len()];
        for (i, cell) in end.cells().iter().enumerate() {
            if cell.is_cross() {
                crossed[i] += 1;
                per_region[usize::from(map.areas[i].region.0)] += 1;
            }
        }
        let most = per_region.iter().copied().max().unwrap_or(0);
        if most > 0 {
            for (r, &k) in per_region.iter().enumerate() {
                if k == most {
                    bottleneck[r] += 1;
                }
            }
        }
    }
    let exact = results.iter().filter(|r| r.2).count() as u64;
    let perfect_found = results.iter().filter(|r| r.0 == 0).count() as u64;
    let perfect_impossible = results.iter().filter(|r| r.1 > 0).count() as u64;
    let distribution = histogram(results.iter().map(|r| r.0));
    let bound_distribution = histogram(results.iter().map(|r| r.1));
    let mut areas: Vec<AreaShare> = crossed
        .iter()
        .enumerate()
        .map(|(i, &k)| AreaShare {
            area: map.areas[i].id.clone(),
            crossed: k as f64 / n,
        })
        .collect();
    areas.sort_by(|a, b| b.crossed.total_cmp(&a.crossed).then(a.area.cmp(&b.area)));
    let mut regions: Vec<RegionShare> = bottleneck
        .iter()
        .enumerate()
        .map(|(r, &k)| RegionShare {
            region: map.regions[r].id.clone(),
            bottleneck: k as f64 / n,
        })
        .collect();
    regions.sort_by(|a, b| {
        b.bottleneck
            .total_cmp(&a.bottleneck)
            .then(a.region.cmp(&b.region))
    });
    let median = crate::report::stats::median(&distribution, 0);
    Deep {
        samples,
        seed,
        positions,
        values: None,
        exact,
        perfect_found,
        perfect_impossible,
        perfect_share: (perfect_found + perfect_impossible == samples && samples > 0)
            .then(|| wilson(perfect_found, samples)),
        bound_mean: results.iter().map(|r| f64::from(r.1)).sum::<f64>() / n,
        bound_distribution,
        best_mean: results.iter().map(|r| f64::from(r.0)).sum::<f64>() / n,
        best_median: median,
        best_distribution: distribution,
        greedy_mean: results.iter().map(|r| f64::from(r.3)).sum::<f64>() / n,
        areas,
        regions,
    }
}

/// `rollx check --deep` on a valid Rolling map: the sampled games solved
/// (guided by the values learned for the map, when they are beside it).
pub(crate) fn deep_check(map: &Map, r: &DeepRequest) -> Result<Deepened, Failure> {
    let game = Game::new(map.clone()).map_err(|e| {
        Failure::invalid(format!(
            "--deep: the rules engine cannot play this map: {e}"
        ))
    })?;
    let (values, warning) = super::commands::solver_values(r.path, None, &game)?;
    if let Some(w) = warning {
        (r.warn)(&w);
    }
    let guide = values.as_ref().map(|(v, _)| v.as_ref());
    let mut d = deep(&game, r.samples, r.seed, r.positions, guide, r.tick);
    d.values = values.map(|(_, p)| p.display().to_string());
    Ok(Deepened {
        json: serde_json::to_value(&d).expect("serialises"),
        text: deep_text(&d),
    })
}

/// A histogram of X as `5 X: 3, 6 X: 5`, leaving out empty counts.
fn histogram_text(hist: &[u64]) -> String {
    hist.iter()
        .enumerate()
        .filter(|&(_, &n)| n > 0)
        .map(|(x, n)| format!("{x} X: {n}"))
        .collect::<Vec<_>>()
        .join(", ")
}

/// The `--deep` report as text.
pub(crate) fn deep_text(d: &Deep) -> String {
    let mut s = format!(
        "\nrule solvability: {} (seed {}), each searched up to {}\n",
        plural(d.samples, "sampled game", "sampled games"),
        d.seed,
        count(d.positions, "position")
    );
    if let Some(values) = &d.values {
        s.push_str(&format!("  guided by the values in {values}\n"));
    }
    s.push_str(&format!(
        "  solved exactly: {} of {}{}\n",
        d.exact,
        d.samples,
        if d.exact < d.samples {
            " (the others give the best game found, which may not be the best possible)"
        } else {
            ""
        }
    ));
    match d.perfect_share {
        Some((p, lo, hi)) => s.push_str(&format!(
            "  perfect game (0 X) possible: {} of {} = {:.0} % (95 % CI {:.0} % to {:.0} %); \
             impossible (proven) in {}\n",
            d.perfect_found,
            d.samples,
            p * 100.0,
            lo * 100.0,
            hi * 100.0,
            d.perfect_impossible
        )),
        None => s.push_str(&format!(
            "  perfect game (0 X): found in {}, impossible (proven) in {}, not known in {}\n",
            d.perfect_found,
            d.perfect_impossible,
            d.samples - d.perfect_found - d.perfect_impossible
        )),
    }
    s.push_str(&format!(
        "  {}: mean {:.2}, median {} ({}); the greedy player {:.2}\n",
        if d.exact == d.samples {
            "best possible X"
        } else {
            "best X found"
        },
        d.best_mean,
        d.best_median,
        histogram_text(&d.best_distribution),
        d.greedy_mean
    ));
    if d.exact < d.samples {
        s.push_str(&format!(
            "  proven lower bound (no game on the dice ends with fewer X): mean {:.2} ({})\n",
            d.bound_mean,
            histogram_text(&d.bound_distribution)
        ));
    }
    let areas: Vec<String> = d
        .areas
        .iter()
        .filter(|a| a.crossed > 0.0)
        .take(8)
        .map(|a| format!("{} {:.0} %", a.area, a.crossed * 100.0))
        .collect();
    if !areas.is_empty() {
        s.push_str(&format!(
            "  crossed in the best game: {}\n",
            areas.join(", ")
        ));
        let regions: Vec<String> = d
            .regions
            .iter()
            .filter(|r| r.bottleneck > 0.0)
            .map(|r| format!("{} {:.0} %", r.region, r.bottleneck * 100.0))
            .collect();
        s.push_str(&format!(
            "  bottleneck region (most X in the best game): {}\n",
            regions.join(", ")
        ));
    }
    s
}

#[cfg(test)]
mod tests {
    use super::wilson;

    #[test]
    fn wilson_intervals_hold_the_share() {
        let (p, lo, hi) = wilson(6, 20);
        assert_eq!(p, 0.3);
        assert!(lo > 0.14 && lo < 0.15, "{lo}");
        assert!(hi > 0.51 && hi < 0.53, "{hi}");
        let (p, lo, hi) = wilson(0, 10);
        assert_eq!(p, 0.0);
        assert!(lo < 1e-12, "{lo}");
        assert!(hi > 0.27 && hi < 0.28, "{hi}");
    }
}
