//! Can the dice fill the map? Expected dice per region against region sizes.
//!
//! Each round draws `dice_per_round` of the bag's dice (one per region plus
//! the wild die) without replacement, so every die is rolled
//! `rounds * dice_per_round / bag` times per game on average. A region can
//! be reached by its own die and the wild die.

use serde::Serialize;

use super::resolve::Resolved;
use crate::diag::Diagnostic;
use crate::text::{count, plural};

/// Expected dice for one region.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct RegionDice {
    /// Region id.
    pub region: String,
    /// Number of areas.
    pub size: usize,
    /// Expected results of the region's own die per game.
    pub own: f64,
    /// Expected results of the wild die per game (shared by every region).
    pub wild: f64,
    /// `own + wild`: expected dice that can reach the region.
    pub reach: f64,
}

/// The dice budget of a map.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Playability {
    /// Dice results per game (rounds times dice per round).
    pub results_per_game: u32,
    /// Extra numbers the Dupe power can write.
    pub dupes: u32,
    /// Number of areas to fill.
    pub areas: usize,
    /// Dice in the bag.
    pub bag: usize,
    /// Per region.
    pub regions: Vec<RegionDice>,
}

/// A region is tiny when this many times its areas are at most the median
/// region's.
const TINY_REGION: usize = 3;

/// Computes the budget and warns where the dice cannot fill the map, and
/// about regions far smaller than the others.
pub fn check(res: &Resolved, diags: &mut Vec<Diagnostic>) -> Playability {
    let rules = &res.rules;
    let bag = res.regions.len() + 1;
    let per_die = f64::from(rules.results_per_game()) / bag as f64;
    let regions: Vec<RegionDice> = res
        .regions
        .iter()
        .enumerate()
        .map(|(r, region)| RegionDice {
            region: region.id.clone(),
            size: res
                .areas
                .iter()
                .filter(|a| a.region.map(|x| x.index()) == Some(r))
                .count(),
            own: per_die,
            wild: per_die,
            reach: 2.0 * per_die,
        })
        .collect();
    let p = Playability {
        results_per_game: rules.results_per_game(),
        dupes: u32::from(rules.powers.dupe),
        areas: res.areas.len(),
        bag,
        regions,
    };

    let supply = p.results_per_game + p.dupes;
    if (supply as usize) < p.areas {
        let short = p.areas - supply as usize;
        diags.push(
            Diagnostic::warning(
                "too-few-dice",
                format!(
                    "{} and {} cannot fill {}: even a perfect game ends with at least {short} X",
                    plural(p.results_per_game, "dice result", "dice results"),
                    count(p.dupes, "dupe"),
                    count(p.areas, "area")
                ),
            )
            .with_label(res.rules_loc, "the rules give this many dice")
            .with_help("add rounds or dupes, or remove areas"),
        );
    }
    // A region far smaller than the others: its die finds room almost
    // always, so it brings no choices (nothing to weigh, no conflicts).
    let mut sizes: Vec<usize> = p.regions.iter().map(|d| d.size).collect();
    sizes.sort_unstable();
    let median = sizes.get(sizes.len() / 2).copied().unwrap_or(0);
    if p.regions.len() >= 3 {
        for (d, region) in p.regions.iter().zip(&res.regions) {
            if d.size > 0 && d.size * TINY_REGION <= median {
                diags.push(
                    Diagnostic::warning(
                        "region-tiny",
                        format!(
                            "region `{}` has {} where the regions have {median} on the median: its die's {:.1} results a game (and {:.1} wild) find room in it almost always, so it plays without choices",
                            d.region,
                            count(d.size, "area"),
                            d.own,
                            d.wild
                        ),
                    )
                    .with_label(region.loc, "far smaller than the others")
                    .with_help("give it areas of a larger neighbouring region, or merge it into one (`rollx import --regions K` makes regions within one area of each other in size)"),
                );
            }
        }
    }
    for (d, region) in p.regions.iter().zip(&res.regions) {
        if d.size as f64 > d.reach {
            diags.push(
                Diagnostic::warning(
                    "region-unfillable",
                    format!(
                        "region `{}` has {}, but on average only {:.1} dice can reach it ({:.1} of its own and {:.1} wild)",
                        d.region,
                        count(d.size, "area"),
                        d.reach,
                        d.own,
                        d.wild
                    ),
                )
                .with_label(region.loc, "too big for its dice")
                .with_help("move areas to smaller regions; only Color Change and Dupe can make up the difference"),
            );
        }
    }
    p
}
