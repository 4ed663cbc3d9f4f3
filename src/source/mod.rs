//! Reading source files, the part every format shares: where files come
//! from, TOML with the byte spans diagnostics point at, and `extends`
//! chains of files that build on a base.

pub(crate) mod chain;
pub mod files;
pub(crate) mod game;
pub(crate) mod schema;
pub(crate) mod toml;

pub use chain::Extends;
pub(crate) use chain::MAX_EXTENDS_DEPTH;
pub use files::{DiskFiles, Files, normalize};
pub(crate) use game::missing_field;
pub(crate) use game::read_game_table;
pub(crate) use game::read_info;
pub use game::{BoardInfo, RawInfo};
