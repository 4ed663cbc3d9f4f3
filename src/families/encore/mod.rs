//! The Encore family: Noch mal! / Encore! (Schmidt Spiele; Stronghold
//! Games in English). A board of coloured boxes; each turn a player takes a
//! colour die and a number die and crosses that many connected boxes of
//! that colour.
//!
//! - [`model`]: the board.

pub mod model;

pub use model::{Board, BoardCell, BoardColor, BoardInfo, ColorId, EncoreDice, Points};
