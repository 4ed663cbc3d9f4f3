//! The rules engine for the Rolling family.
//!
//! The design follows OpenSpiel's Game/State split:
//!
//! - [`Game`] is static: a validated map, its rules, and lookup tables;
//! - [`State`] is one node of play for one sheet, cheap to clone;
//! - chance is explicit: in [`Phase::Chance`] the next die is drawn from the
//!   bag and rolled ([`Game::chance_outcomes`] gives every outcome with its
//!   probability, [`Game::sample_roll`] draws one from a seeded generator);
//! - in [`Phase::Decision`] the player resolves one of the rolled dice:
//!   [`Game::legal_moves`], [`Game::apply`];
//! - [`Game::check`] states the rules: it lists every rule a resolution
//!   breaks, and is what the referee runs on recorded games.
//!
//! Several players share one dice sequence: each has a [`State`] and the
//! same rolls are applied to all of them. [`Table`] holds them all behind
//! the engine interface every family implements ([`crate::engine::Rules`]),
//! and [`Solo`] one player alone.

pub mod filled;
mod game;
pub mod log;
mod movelist;
mod moves;
pub mod referee;
mod state;
mod table;

pub use game::{DieId, DieKind, Game, GameError, MAX_DICE, window};
pub use movelist::MoveList;
pub use moves::{Action, Move, PowerSet, Score};
pub use state::{Cell, Phase, Roll, State};
pub use table::{Solo, Table};

#[cfg(test)]
mod tests;
