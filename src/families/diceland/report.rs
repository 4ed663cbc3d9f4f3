//! The summary of a checked board, as JSON (`rollx check --format json`)
//! and as text.

use std::fmt::Write;
use std::path::Path;

use serde::Serialize;

use super::model::{Board, Color, Goal};
use super::solve::Solvability;
use crate::diag::render::JsonDiagnostic;
use crate::diag::{Diagnostic, Severity, SourceMap};
use crate::text::count;

/// One colour in the report.
#[derive(Clone, Debug, Serialize, PartialEq)]
pub struct ColorReport {
    /// Id (`red`).
    pub id: &'static str,
    /// Cells of the colour.
    pub cells: usize,
    /// Sizes of its zones, ascending.
    pub zones: Vec<usize>,
    /// Star cells.
    pub stars: usize,
}

/// What `rollx check` reports about a board file.
#[derive(Clone, Debug, Serialize, PartialEq)]
pub struct Report {
    /// The file checked.
    pub file: String,
    /// `diceland`.
    pub family: &'static str,
    /// Board id.
    pub board: String,
    /// Board name.
    pub name: String,
    /// No errors.
    pub valid: bool,
    /// Columns of the grid.
    pub columns: usize,
    /// Rows of the grid.
    pub rows: usize,
    /// The start cell, by name (`F5`).
    pub start: String,
    /// Obstacle cells.
    pub obstacles: usize,
    /// The goal.
    pub goal: Goal,
    /// The colours.
    pub colors: Vec<ColorReport>,
    /// Rule solvability.
    pub solvability: Option<Solvability>,
    /// Errors in reading order.
    pub errors: Vec<JsonDiagnostic>,
    /// Warnings in reading order.
    pub warnings: Vec<JsonDiagnostic>,
}

impl Report {
    /// The report of a board (`None` when it could not be built).
    pub(crate) fn new(
        path: &Path,
        board: Option<&Board>,
        solvability: Option<&Solvability>,
        diags: &[Diagnostic],
        sources: &SourceMap,
    ) -> Self {
        let mut r = Self {
            file: path.display().to_string(),
            family: "diceland",
            board: String::new(),
            name: String::new(),
            valid: !diags.iter().any(Diagnostic::is_error),
            columns: 0,
            rows: 0,
            start: String::new(),
            obstacles: 0,
            goal: Goal::default(),
            colors: Vec::new(),
            solvability: solvability.cloned(),
            errors: JsonDiagnostic::all(diags, sources, Severity::Error),
            warnings: JsonDiagnostic::all(diags, sources, Severity::Warning),
        };
        let Some(b) = board else {
            return r;
        };
        r.board = b.info.id.clone();
        r.name = b.info.name.clone();
        r.columns = b.grid.columns;
        r.rows = b.grid.rows;
        r.start = b.cell_name(b.start);
        r.obstacles = b
            .cells
            .iter()
            .filter(|c| **c == super::model::Cell::Obstacle)
            .count();
        r.goal = b.goal;
        r.colors = Color::ALL
            .into_iter()
            .map(|c| {
                let mut zones: Vec<usize> = b
                    .zones
                    .iter()
                    .filter(|z| z.color == c)
                    .map(|z| z.cells.len())
                    .collect();
                zones.sort_unstable();
                ColorReport {
                    id: c.id(),
                    cells: b.color_cells(c).len(),
                    zones,
                    stars: b.color_cells(c).and(b.stars()).len(),
                }
            })
            .collect();
        r
    }

    /// The text `check` shows under a valid board.
    pub fn summary(&self) -> String {
        let mut s = String::new();
        if !self.valid {
            return s;
        }
        let cells: usize = self.colors.iter().map(|c| c.cells).sum();
        let zones: usize = self.colors.iter().map(|c| c.zones.len()).sum();
        let stars: usize = self.colors.iter().map(|c| c.stars).sum();
        let _ = writeln!(
            s,
            "{} ({}): Diceland board, {} x {} hexagons, {} in {}, {}, {}, start {}",
            self.name,
            self.board,
            self.columns,
            self.rows,
            count(cells, "cell"),
            count(zones, "zone"),
            count(stars, "star"),
            count(self.obstacles, "obstacle"),
            self.start
        );
        let _ = writeln!(
            s,
            "goal: {} and {} colour{} complete",
            count(self.goal.stars, "star"),
            self.goal.colors,
            if self.goal.colors == 1 { "" } else { "s" }
        );
        let _ = writeln!(s, "  colour  cells  stars  zones");
        for c in &self.colors {
            let sizes: Vec<String> = c.zones.iter().map(usize::to_string).collect();
            let _ = writeln!(
                s,
                "  {:<6}  {:>5}  {:>5}  {}",
                c.id,
                c.cells,
                c.stars,
                sizes.join(" ")
            );
        }
        if let Some(v) = &self.solvability {
            let _ = writeln!(
                s,
                "solvability: the start reaches {} of {} and {}",
                v.reachable_cells,
                count(v.cells, "cell"),
                count(v.reachable_stars, "star")
            );
            match (v.fewest_dice, v.plan_dice) {
                (Some(lo), Some(plan)) => {
                    let _ = writeln!(
                        s,
                        "  fewest dice to win: at least {lo} ({} complete); a plan of {plan} crosses reaches the goal",
                        v.fewest_dice_colors.join(", ")
                    );
                }
                _ => {
                    let _ = writeln!(s, "  the goal cannot be reached");
                }
            }
            if let Some(c) = &v.chokepoint {
                let _ = writeln!(
                    s,
                    "  largest share behind one cell: {:.0} % (behind {c})",
                    v.chokepoint_share * 100.0
                );
            } else {
                let _ = writeln!(s, "  no cell is a chokepoint");
            }
        }
        let _ = writeln!(s, "  warnings: {}", self.warnings.len());
        s
    }
}
