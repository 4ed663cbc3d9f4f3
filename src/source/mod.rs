//! Reading source files: TOML with the byte spans diagnostics point at.

pub mod toml;
