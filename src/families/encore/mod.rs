//! The Encore family: Noch mal! / Encore! (Schmidt Spiele; Stronghold
//! Games in English). A board of coloured boxes; each turn a player takes a
//! colour die and a number die and crosses that many connected boxes of
//! that colour.
//!
//! - [`model`]: the board;
//! - [`standard`]: the standard sheet's values, the defaults of a board
//!   file, and the design conventions;
//! - [`load`]: reading a board file (and what it `extends`) with located
//!   diagnostics, and every check of `rollx check`;
//! - [`solve`]: rule solvability, the fewest turns to complete a column,
//!   a colour, and the game;
//! - [`report`]: what `check` shows;
//! - [`format`](mod@format): the file format's JSON Schema;
//! - [`generate`]: random boards that follow the conventions;
//! - [`sheet`]: printed sheets;
//! - [`rules`]: the rules engine (the game, its options, tables, moves,
//!   the rules they obey, the move generator and the score), described in
//!   `docs/encore-rules.md`;
//! - [`play`]: computer players.
//!
//! The format is described in `docs/encore-board.md`.

mod checks;
mod commands;
mod face;
pub mod format;
pub mod generate;
pub mod load;
pub mod model;
pub mod notation;
pub mod play;
mod raw;
pub mod report;
mod resolve;
pub mod rules;
pub mod sheet;
pub mod solve;
pub mod standard;
mod terminal;

pub use crate::source::BoardInfo;
pub use load::{Checked, check_bytes, read_bytes};
pub use model::{Board, BoardCell, BoardColor, ColorId, EncoreDice, Points};
pub use resolve::column_index;

/// The Encore family, as the registry lists it.
pub const FAMILY: crate::families::Family = crate::families::Family::new(&face::Encore);
