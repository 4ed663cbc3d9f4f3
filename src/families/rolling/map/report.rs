//! The summary of a checked map, as JSON (`rollx check --format json`) and
//! as a short text table.

use std::fmt::Write;
use std::path::Path;

use serde::Serialize;

use super::model::{Atlas, Grid};
use super::playability::Playability;
use super::resolve::Resolved;
use crate::diag::render::JsonDiagnostic;
use crate::diag::{Diagnostic, Severity, SourceMap};
use crate::text::{count, plural};

/// One area in the report.
#[derive(Clone, Debug, Serialize, PartialEq)]
pub struct AreaReport {
    /// Code.
    pub id: String,
    /// Display name.
    pub name: String,
    /// Region id, when it resolved.
    pub region: Option<String>,
    /// Ignores the neighbour rule.
    pub immune: bool,
    /// Neighbour codes, sorted.
    pub neighbors: Vec<String>,
}

/// One region in the report.
#[derive(Clone, Debug, Serialize, PartialEq)]
pub struct RegionReport {
    /// Id.
    pub id: String,
    /// Display name.
    pub name: String,
    /// Print colour.
    pub color: String,
    /// Number of areas.
    pub size: usize,
    /// Expected results of its own die per game.
    pub own_dice: f64,
    /// Expected results of the wild die per game.
    pub wild_dice: f64,
    /// Expected dice that can reach it.
    pub reach: f64,
}

/// One link in the report.
#[derive(Clone, Debug, Serialize, PartialEq)]
pub struct LinkReport {
    /// The two area codes.
    pub between: [String; 2],
    /// Optional name.
    pub name: Option<String>,
}

/// The grid's size.
#[derive(Clone, Debug, Serialize, PartialEq)]
pub struct LayoutReport {
    /// `grid` or `atlas`.
    pub kind: &'static str,
    /// Columns (of a grid).
    #[serde(skip_serializing_if = "is_zero")]
    pub columns: usize,
    /// Rows (of a grid).
    #[serde(skip_serializing_if = "is_zero")]
    pub rows: usize,
    /// The shapes file (of an atlas).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub file: Option<String>,
}

fn is_zero(n: &usize) -> bool {
    *n == 0
}

impl LayoutReport {
    /// The report of a map's grid or atlas, if it has one.
    pub fn of(grid: Option<&Grid>, atlas: Option<&Atlas>) -> Option<Self> {
        match (grid, atlas) {
            (Some(g), _) => Some(Self {
                kind: "grid",
                columns: g.columns,
                rows: g.rows,
                file: None,
            }),
            (None, Some(a)) => Some(Self {
                kind: "atlas",
                columns: 0,
                rows: 0,
                file: Some(a.file.clone()),
            }),
            (None, None) => None,
        }
    }
}

/// The dice budget.
#[derive(Clone, Debug, Serialize, PartialEq)]
pub struct DiceReport {
    /// Rounds times dice per round.
    pub results_per_game: u32,
    /// Extra numbers from Dupe.
    pub dupes: u32,
    /// Areas to fill.
    pub areas: usize,
    /// Dice in the bag.
    pub bag: usize,
}

/// What `rollx check` reports about one file.
#[derive(Clone, Debug, Serialize, PartialEq)]
pub struct Report {
    /// The file checked.
    pub file: String,
    /// Map id.
    pub map: String,
    /// Map title.
    pub name: String,
    /// No errors.
    pub valid: bool,
    /// Areas in declaration order.
    pub areas: Vec<AreaReport>,
    /// Regions in declaration order.
    pub regions: Vec<RegionReport>,
    /// Number of neighbour pairs.
    pub edges: usize,
    /// Links (neighbour pairs drawn as lines).
    pub links: Vec<LinkReport>,
    /// Connected groups of non-immune areas.
    pub components: usize,
    /// The geometry, if any.
    pub layout: Option<LayoutReport>,
    /// The dice budget, when the map could be read.
    pub dice: Option<DiceReport>,
    /// Errors in reading order.
    pub errors: Vec<JsonDiagnostic>,
    /// Warnings in reading order.
    pub warnings: Vec<JsonDiagnostic>,
}

impl Report {
    /// The report of a file that could not be parsed at all.
    pub(crate) fn unreadable(path: &Path, diags: &[Diagnostic], sources: &SourceMap) -> Self {
        Self {
            file: path.display().to_string(),
            map: String::new(),
            name: String::new(),
            valid: false,
            areas: Vec::new(),
            regions: Vec::new(),
            edges: 0,
            links: Vec::new(),
            components: 0,
            layout: None,
            dice: None,
            errors: JsonDiagnostic::all(diags, sources, Severity::Error),
            warnings: JsonDiagnostic::all(diags, sources, Severity::Warning),
        }
    }

    /// The report of a resolved map.
    pub(crate) fn new(
        path: &Path,
        res: &Resolved,
        components: usize,
        dice: Playability,
        layout: Option<LayoutReport>,
        diags: &[Diagnostic],
        sources: &SourceMap,
    ) -> Self {
        let mut pairs = std::collections::BTreeSet::new();
        let areas = res
            .areas
            .iter()
            .enumerate()
            .map(|(i, a)| {
                for &(n, _) in &a.neighbors {
                    pairs.insert((i.min(n.index()), i.max(n.index())));
                }
                let mut neighbors: Vec<String> = a
                    .neighbors
                    .iter()
                    .map(|(n, _)| res.areas[n.index()].id.clone())
                    .collect();
                neighbors.sort();
                AreaReport {
                    id: a.id.clone(),
                    name: a.name.clone(),
                    region: a.region.map(|r| res.regions[r.index()].id.clone()),
                    immune: a.immune,
                    neighbors,
                }
            })
            .collect();
        let regions = res
            .regions
            .iter()
            .zip(&dice.regions)
            .map(|(r, d)| RegionReport {
                id: r.id.clone(),
                name: r.name.clone(),
                color: r.color.to_string(),
                size: d.size,
                own_dice: round2(d.own),
                wild_dice: round2(d.wild),
                reach: round2(d.reach),
            })
            .collect();
        let links = res
            .links
            .iter()
            .map(|l| LinkReport {
                between: [
                    res.areas[l.a.index()].id.clone(),
                    res.areas[l.b.index()].id.clone(),
                ],
                name: l.name.clone(),
            })
            .collect();
        Self {
            file: path.display().to_string(),
            map: res.info.id.clone(),
            name: res.info.name.clone(),
            valid: !diags.iter().any(Diagnostic::is_error),
            areas,
            regions,
            edges: pairs.len(),
            links,
            components,
            layout,
            dice: Some(DiceReport {
                results_per_game: dice.results_per_game,
                dupes: dice.dupes,
                areas: dice.areas,
                bag: dice.bag,
            }),
            errors: JsonDiagnostic::all(diags, sources, Severity::Error),
            warnings: JsonDiagnostic::all(diags, sources, Severity::Warning),
        }
    }

    /// The short summary table printed for a map that can be read.
    pub fn summary(&self) -> String {
        let mut s = String::new();
        let immune: Vec<&str> = self
            .areas
            .iter()
            .filter(|a| a.immune)
            .map(|a| a.id.as_str())
            .collect();
        let _ = write!(s, "  areas       {}", self.areas.len());
        if !immune.is_empty() {
            let _ = write!(s, " ({} immune: {})", immune.len(), immune.join(", "));
        }
        let _ = writeln!(s);
        let _ = writeln!(
            s,
            "  neighbours  {}, {}",
            count(self.edges, "pair"),
            plural(self.links.len(), "of them a link", "of them links")
        );
        let _ = writeln!(
            s,
            "  components  {}{}",
            self.components,
            if self.components == 1 {
                ""
            } else {
                " (should be 1)"
            }
        );
        match &self.layout {
            Some(LayoutReport {
                file: Some(file), ..
            }) => {
                let _ = writeln!(s, "  layout      atlas, real shapes from {file}");
            }
            Some(l) => {
                let _ = writeln!(s, "  layout      {} {} x {}", l.kind, l.columns, l.rows);
            }
            None => {
                let _ = writeln!(
                    s,
                    "  layout      none (printed as a node-and-link diagram; `rollx draw` draws a grid)"
                );
            }
        }
        let _ = writeln!(s);
        let id_w = self
            .regions
            .iter()
            .map(|r| r.id.len())
            .max()
            .unwrap_or(0)
            .max(6);
        let name_w = self
            .regions
            .iter()
            .map(|r| r.name.len())
            .max()
            .unwrap_or(0)
            .max(4);
        let _ = writeln!(
            s,
            "  {:id_w$}  {:name_w$}  areas  own dice  wild dice  reach",
            "region", "name"
        );
        for r in &self.regions {
            let flag = if r.size as f64 > r.reach {
                "  < too few dice"
            } else {
                ""
            };
            let _ = writeln!(
                s,
                "  {:id_w$}  {:name_w$}  {:>5}  {:>8.2}  {:>9.2}  {:>5.2}{flag}",
                r.id, r.name, r.size, r.own_dice, r.wild_dice, r.reach
            );
        }
        if let Some(d) = &self.dice {
            let dupes = count(d.dupes, "dupe");
            let _ = writeln!(s);
            let _ = writeln!(
                s,
                "  dice per game: {} results + {dupes} = {} numbers for {} areas ({} dice in the bag)",
                d.results_per_game,
                d.results_per_game + d.dupes,
                d.areas,
                d.bag
            );
        }
        let _ = writeln!(s, "  warnings: {}", self.warnings.len());
        s
    }
}

fn round2(x: f64) -> f64 {
    (x * 100.0).round() / 100.0
}
