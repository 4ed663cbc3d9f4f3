//! rollx: a toolchain for "Rolling X" roll-and-write dice games.
//!
//! The library is laid out as the data flows:
//!
//! - [`map`]: the map model and its TOML format, with validation;
//! - [`rules`]: the game engine, game logs and the referee;
//! - [`play`]: computer players and whole games;
//! - [`scene`]: a renderer-agnostic display list of printable pages;
//! - [`render`]: PDF, SVG and PNG exporters of scenes;
//! - [`sheet`]: printable sheets laid out as scenes, print templates and checks;
//! - [`diag`]: located diagnostics shared by every input format.
//!
//! The library never prints or exits: the `rollx` binary's command-line
//! layer (`src/cli/`, part of the binary, not of this library) does.

#![warn(missing_docs)]

pub mod diag;
pub mod map;
pub mod play;
pub mod render;
pub mod rules;
pub mod scene;
pub mod sheet;
