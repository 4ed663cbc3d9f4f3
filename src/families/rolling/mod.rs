//! The Rolling family: Rolling America, Rolling Japan and fan maps such as
//! "Rolling Europe". A map of areas in colour regions; each die's number is
//! written in an area of its region, and neighbouring numbers may differ by
//! at most 1.
//!
//! - [`map`]: the map model, its TOML format and its checks;
//! - [`rules`]: the rules engine, game logs and the referee;
//! - [`play`]: computer players, whole games and simulations;
//! - [`sheet`]: the printed sheet.

pub mod commands;
pub mod deep;
pub mod draw;
mod face;
pub(crate) mod limits;
pub mod map;
pub mod notation;
pub mod play;
pub mod rules;
pub mod sheet;
pub mod solve;
mod terminal;

/// The Rolling family, as the registry lists it.
pub const FAMILY: crate::families::Family = crate::families::Family::new(&face::Rolling);
