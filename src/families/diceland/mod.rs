//! The Diceland family: Diceland / Würfelland (Nürnberger-Spielkarten-
//! Verlag, 2018; Andreas Spies and Reinhard Staupe). A board of
//! hexagonal cells in coloured zones; each turn the active player rolls
//! six colour dice, keeps one colour, pushes their luck with rerolls, and
//! everyone crosses cells; the first to cross nine stars and a whole
//! colour wins.
//!
//! This module is the family's face: the registry reaches it through
//! [`FAMILY`], and the items it re-exports are what the tests, benches and
//! examples use. Inside, crate-private:
//!
//! - `model`: the board;
//! - `load`: reading a board file (and what it `extends`) with located
//!   diagnostics, and every check of `rollx check`;
//! - `solve`: rule solvability;
//! - `report`: what `check` shows;
//! - `format`: the file format's JSON Schema;
//! - `generate`: random boards that follow the conventions;
//! - `sheet`: printed sheets;
//! - `rules`: the rules engine, its log and its referee, described in
//!   `docs/diceland-rules.md`;
//! - `play`: computer players and simulation;
//! - `face`, `commands`, `notation`, `terminal`: the family's side of
//!   each command and of the terminal session.
//!
//! The format is described in `docs/diceland-board.md`.

mod commands;
mod face;
pub(crate) mod format;
pub(crate) mod generate;
pub(crate) mod load;
pub(crate) mod model;
pub(crate) mod notation;
pub(crate) mod play;
pub(crate) mod report;
pub(crate) mod rules;
pub(crate) mod sheet;
pub(crate) mod solve;
mod terminal;
pub(crate) mod words;

pub use format::schema;
pub use load::{Checked, check_bytes, check_bytes_for, check_bytes_in};
pub use model::{Board, Cell, CellSet, Color, Goal, Zone};
pub use play::simulate::{Summary, simulate};
pub use play::strong::finish_chance;
pub use play::{PLAYERS, play_game, player_by_name};
pub use rules::filled::{check as check_filled, to_toml as filled_toml};
pub use rules::log::{Event, GameLog, parse_move};
pub use rules::referee::{Finding, referee};
pub use rules::{Breach, Game, Move, MoveError, Options, Phase, Roll, Sheet, Table, Target};

/// The Diceland family, as the registry lists it.
pub const FAMILY: crate::families::contract::Family =
    crate::families::contract::Family::new(&face::Diceland);
