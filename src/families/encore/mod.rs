//! The Encore family: Noch mal! / Encore! (Schmidt Spiele; Stronghold
//! Games in English). A board of coloured boxes; each turn a player takes a
//! colour die and a number die and crosses that many connected boxes of
//! that colour.
//!
//! This module is the family's face: the registry reaches it through
//! [`FAMILY`], and the items it re-exports are what the tests, benches and
//! examples use. Inside, crate-private:
//!
//! - `model`: the board;
//! - `standard`: the standard sheet's values, the defaults of a board
//!   file, and the design conventions;
//! - `load`: reading a board file (and what it `extends`) with located
//!   diagnostics, and every check of `rollx check`;
//! - `solve`: rule solvability, the fewest turns to complete a column,
//!   a colour, and the game;
//! - `report`: what `check` shows;
//! - `format`: the file format's JSON Schema;
//! - `generate`: random boards that follow the conventions;
//! - `sheet`: printed sheets;
//! - `rules`: the rules engine (the game, its options, tables, moves,
//!   the rules they obey, the move generator and the score), its log and
//!   its referee, described in `docs/encore-rules.md`;
//! - `play`: computer players and simulation;
//! - `face`, `commands`, `notation`, `terminal`: the family's side of
//!   each command and of the terminal session.
//!
//! The format is described in `docs/encore-board.md`.

mod checks;
mod commands;
mod face;
pub(crate) mod format;
pub(crate) mod generate;
pub(crate) mod load;
pub(crate) mod model;
pub(crate) mod notation;
pub(crate) mod play;
mod raw;
pub(crate) mod report;
mod resolve;
pub(crate) mod rules;
pub(crate) mod sheet;
pub(crate) mod solve;
pub(crate) mod standard;
mod terminal;

pub use crate::source::BoardInfo;
pub use load::{Checked, check_bytes, check_bytes_for, check_bytes_in, read_bytes};
pub use model::{Board, BoardCell, BoardColor, ColorId, EncoreDice, Points};

pub(crate) use resolve::column_index;

pub use format::{BoardFile, schema};
pub use generate::{Options as GenerateOptions, generate, standard_grid};
pub use play::simulate::simulate;
pub use play::{
    Effort, Greedy, PlayedGame, RandomPlayer, Seat, Strong, Weights, play_game, seat_players,
};
pub use rules::filled::{FilledResult, check as check_filled, to_toml as filled_toml};
pub use rules::log::{GameLog, JOKER, LogMove, LogNumber};
pub use rules::referee::{Verdict, WrongBoard, referee};
pub use rules::{
    Boxes, Broken, ColorFace, Cross, DieKind, Game, GameError, Move, NumberFace, OPEN_ROLLS,
    Options, Phase, Roll, Sheet, SoloBand, SoloDice, StarCap, StartColumn, Table, solo_band,
    solo_bands,
};
pub use sheet::{
    About, MIN_BOX_MM, Pad, layout as layout_sheet, print as print_sheet, shipped_findings,
};
pub use solve::Solver;
pub use standard::Conventions;

/// The Encore family, as the registry lists it.
pub const FAMILY: crate::families::contract::Family =
    crate::families::contract::Family::new(&face::Encore);
