//! The board file format as types, for its JSON Schema
//! (`docs/diceland-board.schema.json`, written by `cargo run --example
//! diceland_board_schema`). Boards are read by the located reader
//! ([`super::load`]); these types describe the same keys, and tests hold
//! the two to each other (every shipped board deserialises into
//! [`BoardFile`], and the keys are the reader's).

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

/// A Diceland board for rollx: see docs/diceland-board.md.
#[derive(Clone, Debug, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
#[schemars(title = "rollx Diceland board")]
pub struct BoardFile {
    /// A board this file changes: a path relative to this file.
    pub extends: Option<String>,
    /// The game family: `diceland` (required, unless the base board says it).
    pub game: Option<GameTable>,
    /// Identity of the board (`id` and `name` required).
    pub board: Option<BoardTable>,
    /// The grid of hexagons (`rows` required).
    pub grid: Option<GridTable>,
    /// What a player must reach to win.
    pub goal: Option<GoalTable>,
    /// The board's names in other languages, by language tag (`[names.de]`;
    /// docs/languages.md).
    pub names: Option<std::collections::BTreeMap<String, NamesTable>>,
}

/// `[names.<lang>]`: the board's title in that language.
#[derive(Clone, Debug, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct NamesTable {
    /// The title printed on the sheet.
    pub name: Option<String>,
}

/// `[game]`.
#[derive(Clone, Debug, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct GameTable {
    /// The game family.
    #[schemars(extend("const" = "diceland"))]
    pub family: String,
}

pub use crate::source::game::BoardTable;

/// `[grid]`.
#[derive(Clone, Debug, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct GridTable {
    /// The rows of hexagons from the top, odd rows shifted half a hexagon
    /// right; cells separated by spaces: `.` no cell, `#` an obstacle, `@`
    /// the start cell, or a colour letter (R Y G B O A), the zone's label
    /// and `*` for a star (`R1`, `Y2*`). Every row has as many cells.
    #[schemars(
        length(min = 1),
        inner(pattern(
            r"^\s*([.#@]|[RYGBOA][A-Za-z0-9]+\*?)(\s+([.#@]|[RYGBOA][A-Za-z0-9]+\*?))*\s*$"
        ))
    )]
    pub rows: Option<Vec<String>>,
}

/// `[goal]`.
#[derive(Clone, Debug, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct GoalTable {
    /// Star cells to cross.
    #[schemars(range(max = 64), extend("default" = 9))]
    pub stars: Option<u8>,
    /// Colours to cross completely.
    #[schemars(range(max = 6), extend("default" = 1))]
    pub colors: Option<u8>,
}

/// The JSON Schema of the format, pretty-printed.
pub fn schema() -> String {
    crate::source::schema::pretty::<BoardFile>()
}

#[cfg(test)]
mod tests {
    use crate::source::schema::{keys, sorted};
    use serde_json::Value;

    #[test]
    fn the_schema_has_exactly_the_keys_the_reader_reads() {
        let schema: Value = serde_json::from_str(&super::schema()).expect("the schema is JSON");
        assert_eq!(keys(&schema, None), sorted(super::super::load::TOP_KEYS));
        assert_eq!(
            keys(&schema, Some("BoardTable")),
            sorted(crate::source::game::INFO_KEYS)
        );
        assert_eq!(
            keys(&schema, Some("GridTable")),
            sorted(super::super::load::GRID_KEYS)
        );
        assert_eq!(
            keys(&schema, Some("GoalTable")),
            sorted(super::super::load::GOAL_KEYS)
        );
    }

    #[test]
    fn every_shipped_board_fits_the_types() {
        let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("maps");
        let mut n = 0;
        for i in 1..=4 {
            let text = std::fs::read_to_string(dir.join(format!("diceland-{i}.toml"))).unwrap();
            let _: super::BoardFile = toml::from_str(&text).unwrap();
            n += 1;
        }
        assert_eq!(n, 4);
    }
}
