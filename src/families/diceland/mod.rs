//! The Diceland family: Diceland / Würfelland (Nürnberger-Spielkarten-
//! Verlag, 2018; Andreas Spies and Reinhard Staupe). A board of
//! hexagonal cells in coloured zones; each turn the active player rolls
//! six colour dice, keeps one colour, pushes their luck with rerolls, and
//! everyone crosses cells; the first to cross nine stars and a whole
//! colour wins.
//!
//! - [`model`]: the board;
//! - [`load`]: reading a board file (and what it `extends`) with located
//!   diagnostics, and every check of `rollx check`;
//! - [`solve`]: rule solvability;
//! - [`report`]: what `check` shows;
//! - [`format`](mod@format): the file format's JSON Schema;
//! - [`generate`]: random boards that follow the conventions;
//! - [`sheet`]: printed sheets;
//! - [`rules`]: the rules engine, described in `docs/diceland-rules.md`;
//! - [`play`]: computer players and simulation.
//!
//! The format is described in `docs/diceland-board.md`.

mod commands;
mod face;
pub mod format;
pub mod generate;
pub mod load;
pub mod model;
pub mod notation;
pub mod play;
pub mod report;
pub mod rules;
pub mod sheet;
pub mod solve;
mod terminal;

pub use load::{Checked, check_bytes};
pub use model::{Board, Cell, CellSet, Color, Goal, Zone};

/// The Diceland family, as the registry lists it.
pub const FAMILY: crate::families::Family = crate::families::Family::new(&face::Diceland);
