//! Reading source files, the part every format shares: where files come
//! from, TOML with the byte spans diagnostics point at, and `extends`
//! chains of files that build on a base.

pub(crate) mod chain;
pub mod files;
pub(crate) mod game;
pub(crate) mod schema;
pub(crate) mod toml;

pub use chain::{Extends, MAX_EXTENDS_DEPTH, read_chain};
pub use files::{DiskFiles, Files, normalize};
pub use game::{BoardInfo, RawInfo, missing_field, read_game_table, read_info};
