//! Maps: the model, the TOML format and its validation.
//!
//! A map file is read in phases, each of which records every problem it
//! finds instead of stopping at the first:
//!
//! 1. `raw`: TOML syntax, types and unknown keys of each file;
//! 2. `extends`: a variant merged over the map it extends;
//! 3. `resolve`: ids, references and rule values to dense indices;
//! 4. `graph`, `grid`, `playability`: checks on the whole map;
//! 5. the immutable [`Map`], when no errors were found.
//!
//! [`check_file`] runs all of it and returns a [`Checked`] with diagnostics
//! and a [`Report`]; [`load`] returns just the map or an error.

mod atlas;
mod build;
mod extends;
mod graph;
mod grid;
pub mod import;
pub mod import_inputs;
mod load;
mod model;
mod places;
mod playability;
mod raw;
mod report;
mod resolve;
mod rules;

pub use crate::source::toml::suggest as suggest_word;
pub use load::{Checked, check_bytes, check_bytes_undrawn, check_file, load};
pub use model::{
    AreaId, Atlas, Color, Grid, InsetChoice, Layout, Map, Position, RegionId, wild_die_text,
};
pub use places::Places;
pub use report::Report;
pub use resolve::{MAX_AREAS, MAX_FACE, MAX_REGIONS};
pub use rules::{Mistakes, Power, RuleOptions, Rules, WildWithoutPlacement};

#[cfg(test)]
mod tests;
