//! The Encore family: Noch mal! / Encore! (Schmidt Spiele; Stronghold
//! Games in English). A board of coloured boxes; each turn a player takes a
//! colour die and a number die and crosses that many connected boxes of
//! that colour.
//!
//! - [`model`]: the board;
//! - [`sheet`]: printed sheets.

pub mod model;
pub mod sheet;

pub use model::{Board, BoardCell, BoardColor, BoardInfo, ColorId, EncoreDice, Points};
