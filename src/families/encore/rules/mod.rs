//! The Encore rules engine: the game on a board, a table in progress, the
//! moves, the rules they obey, the move generator and the score.
//!
//! - [`Game`] is static: a validated board, the [`Options`] that settle
//!   what the rulebook leaves open, and lookup tables;
//! - [`Table`] is one game in progress: every player's [`Sheet`], the dice
//!   on the table, whose turn it is ([`Phase`]) and the columns and
//!   colours claimed;
//! - a turn: the dice are rolled ([`Game::sample_roll`]); the active player
//!   takes a colour die and a number die or passes; then the others choose
//!   from the dice left ([`Game::dice_for`]), each on their own sheet;
//!   everyone at once in the first three rolls and the solo game;
//! - [`Game::check`] lists every rule a [`Move`] breaks ([`Broken`]), from
//!   one small function per rule; the move generator
//!   ([`Game::for_each_move`]) is built from the same functions, and a
//!   property test proves that it lists exactly the moves `check` accepts;
//! - [`Game::score`] and [`Game::winners`] score a sheet and a table;
//!   [`solo_band`] rates a solo game;
//! - [`log`]: the game log `rollx play` writes (recorded through an
//!   [`crate::engine::Watcher`]), and [`referee`]: replaying one against
//!   the rules.
//!
//! The rules, one sentence each with the function that enforces it, are in
//! `docs/encore-rules.md`. [`Game`] implements the engine interface
//! ([`crate::engine::Rules`]): a table of one player is the solo game.

mod boxes;
mod dice;
mod engine;
pub mod filled;
mod game;
pub mod log;
mod movegen;
mod moves;
pub mod referee;
mod score;
mod table;

pub use boxes::Boxes;
pub use dice::{ColorFace, NumberFace, Roll};
pub use game::{
    Game, GameError, MAX_COLORS, MAX_COLUMNS, OPEN_ROLLS, Options, STAR_CAP_POINTS, SoloDice,
    StarCap, StartColumn,
};
pub use movegen::{Piece, Reach};
pub use moves::{Broken, Cross, DieKind, Move};
pub use score::{Score, SoloBand, solo_band, solo_bands};
pub use table::{Phase, Sheet, Table};
