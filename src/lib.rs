//! rollx: a toolchain for map-based roll-and-write dice games.
//!
//! The library is laid out as the data flows, a shared core and one folder
//! per game family:
//!
//! - the core, game-agnostic:
//!   - [`diag`]: located diagnostics shared by every input format;
//!   - [`source`]: reading TOML with spans;
//!   - [`geom`]: square and hexagonal cell grids, and connected groups of
//!     cells;
//!   - [`engine`]: the rules-engine interface every family implements, and
//!     the one game loop;
//!   - [`session`]: a game at the terminal, for every family, through the
//!     family's notation (how moves are typed and described);
//!   - [`print`](mod@print): print templates, paging and the print checks;
//!   - [`scene`]: a renderer-agnostic display list of printable pages;
//!   - [`render`]: PDF, SVG and PNG exporters of scenes;
//!   - [`report`]: statistics and the HTML reports of simulations;
//!   - [`lang`]: the language catalogue, every word a sheet prints;
//!   - [`text`]: counted and listed words, and text wrapped to a width;
//! - [`families`]: the registry that tells a file's family, the contract
//!   every family implements, and the entry points that vet a command's
//!   request before a family sees it; the games themselves, each with its
//!   board model and checks, its rules, players and sheet layout:
//!   [`rolling`] (Rolling America, Rolling Japan and their fan maps),
//!   [`encore`] (Encore! / Noch mal! boards) and [`diceland`] (Diceland /
//!   Würfelland boards).
//!
//! The library never prints or exits: the `rollx` binary's command-line
//! layer (`src/cli/`, part of the binary, not of this library) does.

#![warn(missing_docs)]

pub mod diag;
pub mod engine;
pub mod families;
// The families live in `src/families/<name>/` beside their registry, and
// are reached by one path each: `rollx::rolling`, `rollx::encore`,
// `rollx::diceland`.
#[path = "families/diceland/mod.rs"]
pub mod diceland;
#[path = "families/encore/mod.rs"]
pub mod encore;
pub mod geom;
pub mod lang;
pub mod print;
pub mod render;
pub mod report;
#[path = "families/rolling/mod.rs"]
pub mod rolling;
pub mod scene;
pub mod session;
pub mod source;
pub mod text;
