//! The summary of a checked board, as JSON (`rollx check --format json`)
//! and as text.

use std::fmt::Write;
use std::path::Path;

use serde::Serialize;

use super::model::{Board, ColorId, EncoreDice, Points};
use super::solve::{Solvability, Turns};
use crate::diag::render::JsonDiagnostic;
use crate::diag::{Diagnostic, Severity, SourceMap};

/// One colour in the report.
#[derive(Clone, Debug, Serialize, PartialEq)]
pub struct ColorReport {
    /// Id.
    pub id: String,
    /// Display name.
    pub name: String,
    /// Letter in the grid.
    pub letter: char,
    /// Print colour.
    pub color: String,
    /// Boxes.
    pub boxes: usize,
    /// Sizes of its blocks, ascending.
    pub blocks: Vec<usize>,
    /// Stars.
    pub stars: usize,
    /// Points for completing it.
    pub bonus: Points,
    /// The fewest turns to complete it.
    pub fewest_turns: Turns,
}

/// One column in the report.
#[derive(Clone, Debug, Serialize, PartialEq)]
pub struct ColumnReport {
    /// Its letter.
    pub column: String,
    /// Points for completing it.
    pub points: Points,
    /// Stars.
    pub stars: usize,
    /// The fewest turns to complete it.
    pub fewest_turns: Turns,
}

/// The fewest turns to end the game.
#[derive(Clone, Debug, Serialize, PartialEq)]
pub struct GameEndReport {
    /// The turns.
    #[serde(flatten)]
    pub turns: Turns,
    /// The two colours completed in those turns.
    pub colors: Vec<String>,
}

/// What `rollx check` reports about a board file.
#[derive(Clone, Debug, Serialize, PartialEq)]
pub struct Report {
    /// The file checked.
    pub file: String,
    /// `encore`.
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
    /// The start column's letter.
    pub start_column: String,
    /// Joker ("!") boxes.
    pub jokers: u8,
    /// Points lost for each star not crossed.
    pub star_penalty: u8,
    /// Rolls in a solo game.
    pub solo_rolls: u8,
    /// The dice.
    pub dice: Option<EncoreDice>,
    /// The colours.
    pub colors: Vec<ColorReport>,
    /// The columns, left to right.
    pub column_points: Vec<ColumnReport>,
    /// The fewest turns to end the game (two colours complete).
    pub game_end: Option<GameEndReport>,
    /// Errors in reading order.
    pub errors: Vec<JsonDiagnostic>,
    /// Warnings in reading order.
    pub warnings: Vec<JsonDiagnostic>,
}

impl Report {
    /// The report of a board (`None` when it could not be built), with its
    /// solvability when known.
    pub(crate) fn new(
        path: &Path,
        board: Option<&Board>,
        solvability: Option<&Solvability>,
        diags: &[Diagnostic],
        sources: &SourceMap,
    ) -> Self {
        let mut r = Self {
            file: path.display().to_string(),
            family: "encore",
            board: String::new(),
            name: String::new(),
            valid: !diags.iter().any(Diagnostic::is_error),
            columns: 0,
            rows: 0,
            start_column: String::new(),
            jokers: 0,
            star_penalty: 0,
            solo_rolls: 0,
            dice: None,
            colors: Vec::new(),
            column_points: Vec::new(),
            game_end: None,
            errors: JsonDiagnostic::all(diags, sources, Severity::Error),
            warnings: JsonDiagnostic::all(diags, sources, Severity::Warning),
        };
        let Some(b) = board else {
            return r;
        };
        let unknown = Turns {
            at_least: Some(0),
            at_most: None,
        };
        let blocks = b.blocks();
        r.board = b.info.id.clone();
        r.name = b.info.name.clone();
        r.columns = b.columns;
        r.rows = b.rows;
        r.start_column = Board::column_name(b.start_column);
        r.jokers = b.jokers;
        r.star_penalty = b.star_penalty;
        r.solo_rolls = b.solo_rolls;
        r.dice = Some(b.dice.clone());
        r.colors = b
            .colors
            .iter()
            .enumerate()
            .map(|(c, color)| {
                let id = ColorId(c as u8);
                let mut sizes: Vec<usize> = blocks
                    .iter()
                    .filter(|k| b.cells[k[0]].color == id)
                    .map(Vec::len)
                    .collect();
                sizes.sort_unstable();
                ColorReport {
                    id: color.id.clone(),
                    name: color.name.clone(),
                    letter: color.letter,
                    color: color.color.to_string(),
                    boxes: b.boxes_of(id).count(),
                    blocks: sizes,
                    stars: b.boxes_of(id).filter(|&i| b.cells[i].star).count(),
                    bonus: b.color_bonus[c],
                    fewest_turns: solvability.map_or(unknown, |s| s.colors[c]),
                }
            })
            .collect();
        r.column_points = b
            .column_points
            .iter()
            .enumerate()
            .map(|(c, &points)| ColumnReport {
                column: Board::column_name(c),
                points,
                stars: (0..b.rows).filter(|&row| b.cell(c, row).star).count(),
                fewest_turns: solvability.map_or(unknown, |s| s.columns[c]),
            })
            .collect();
        r.game_end = solvability.map(|s| GameEndReport {
            turns: s.game_end,
            colors: s
                .game_end_colors
                .iter()
                .flat_map(|&(x, y)| [x, y])
                .map(|c| b.colors[c.index()].id.clone())
                .collect(),
        });
        r
    }

    /// The summary printed for a valid board.
    pub fn summary(&self) -> String {
        let mut s = String::new();
        let cells = self.columns * self.rows;
        let _ = writeln!(
            s,
            "  grid        {} x {} ({cells} boxes), start column {}",
            self.columns, self.rows, self.start_column
        );
        if let Some(d) = &self.dice {
            let numbers: Vec<String> = d.numbers.iter().map(u8::to_string).collect();
            let _ = writeln!(
                s,
                "  dice        {} colour and {} number dice ({}{}), at most {} crossed a turn",
                d.color_dice,
                d.number_dice,
                numbers.join(" "),
                if d.jokers { " and jokers" } else { "" },
                d.max_cross
            );
        }
        let stars: usize = self.colors.iter().map(|c| c.stars).sum();
        let cap = crate::encore::rules::STAR_CAP_POINTS;
        let capped = if stars as u32 * u32::from(self.star_penalty) > cap {
            format!(" (at most -{cap} in all)")
        } else {
            String::new()
        };
        let _ = writeln!(
            s,
            "  scoring     {}, -{} for each star left{capped}, solo game of {} rolls",
            crate::text::plural(self.jokers, "joker box", "joker boxes"),
            self.star_penalty,
            self.solo_rolls
        );
        let _ = writeln!(s);
        let id_w = self
            .colors
            .iter()
            .map(|c| c.id.len())
            .max()
            .unwrap_or(0)
            .max(6);
        let name_w = self
            .colors
            .iter()
            .map(|c| c.name.len())
            .max()
            .unwrap_or(0)
            .max(4);
        let blocks: Vec<String> = self
            .colors
            .iter()
            .map(|c| {
                c.blocks
                    .iter()
                    .map(usize::to_string)
                    .collect::<Vec<_>>()
                    .join(" ")
            })
            .collect();
        let blocks_w = blocks.iter().map(String::len).max().unwrap_or(0).max(6);
        let _ = writeln!(
            s,
            "  {:id_w$}  {:name_w$}  letter  boxes  {:blocks_w$}  stars  bonus  fewest turns",
            "colour", "name", "blocks"
        );
        for (c, b) in self.colors.iter().zip(&blocks) {
            let _ = writeln!(
                s,
                "  {:id_w$}  {:name_w$}  {:6}  {:>5}  {b:blocks_w$}  {:>5}  {:>5}  {:>12}",
                c.id,
                c.name,
                c.letter,
                c.boxes,
                c.stars,
                format!("{}/{}", c.bonus.first, c.bonus.later),
                c.fewest_turns.text()
            );
        }
        let _ = writeln!(s);
        let rows: [(&str, Vec<String>); 5] = [
            (
                "column",
                self.column_points
                    .iter()
                    .map(|c| c.column.clone())
                    .collect(),
            ),
            (
                "first",
                self.column_points
                    .iter()
                    .map(|c| c.points.first.to_string())
                    .collect(),
            ),
            (
                "later",
                self.column_points
                    .iter()
                    .map(|c| c.points.later.to_string())
                    .collect(),
            ),
            (
                "stars",
                self.column_points
                    .iter()
                    .map(|c| c.stars.to_string())
                    .collect(),
            ),
            (
                "fewest turns",
                self.column_points
                    .iter()
                    .map(|c| c.fewest_turns.text())
                    .collect(),
            ),
        ];
        let widths: Vec<usize> = (0..self.column_points.len())
            .map(|i| {
                rows.iter()
                    .map(|(_, r)| r[i].chars().count())
                    .max()
                    .unwrap_or(1)
            })
            .collect();
        for (label, row) in &rows {
            let _ = write!(s, "  {label:12}");
            for (cell, w) in row.iter().zip(&widths) {
                let _ = write!(s, " {cell:>w$}");
            }
            let _ = writeln!(s);
        }
        let _ = writeln!(s);
        if let Some(end) = &self.game_end {
            let what = match end.colors.as_slice() {
                [a, b] => format!(" ({a} and {b} complete)"),
                _ => String::new(),
            };
            let _ = writeln!(
                s,
                "  game end    after {} turns at the fewest{what}",
                end.turns.text()
            );
        }
        let _ = writeln!(
            s,
            "  (fewest turns: from the start column, with the dice in your favour every turn)"
        );
        let _ = writeln!(s, "  warnings: {}", self.warnings.len());
        s
    }
}
