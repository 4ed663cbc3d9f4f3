//! The board file format as types, for its JSON Schema
//! (`docs/encore-board.schema.json`, written by
//! `cargo run --example encore_board_schema`). Boards are read by the
//! located reader (every problem reported at once, with its line and
//! column); these types describe the same keys, and tests hold the two to
//! each other (every shipped board deserialises into [`BoardFile`], and the
//! keys are the reader's).
//!
//! Every key is optional in a file that `extends` another; the defaults are
//! the standard sheet's.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

/// An Encore (Noch mal!) board for rollx: see docs/encore-board.md.
#[derive(Clone, Debug, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
#[schemars(title = "rollx Encore board")]
pub struct BoardFile {
    /// A board this file changes: a path relative to this file. The file
    /// then writes only what differs.
    pub extends: Option<String>,
    /// The game family: `encore` (required, unless the base board says it).
    pub game: Option<GameTable>,
    /// Identity of the board (`id` and `name` required).
    pub board: Option<BoardTable>,
    /// The colours. Without any, the standard five: green `g`, yellow `y`,
    /// blue `b`, red `r` (printed pink), orange `o`. In a variant, entries
    /// change the base's colours by id.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub colors: Vec<ColorEntry>,
    /// The grid of boxes (`rows` required).
    pub grid: Option<GridTable>,
    /// Points.
    pub points: Option<PointsTable>,
    /// The dice.
    pub dice: Option<DiceTable>,
    /// The solo game.
    pub solo: Option<SoloTable>,
    /// The design conventions `rollx check` holds the board to (warnings).
    pub conventions: Option<ConventionsTable>,
    /// The board's names in other languages, by language tag (`[names.de]`;
    /// docs/languages.md).
    pub names: Option<std::collections::BTreeMap<String, NamesTable>>,
}

/// `[names.<lang>]`: the board's title and its colours' names in that
/// language.
#[derive(Clone, Debug, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct NamesTable {
    /// The title printed on the sheet.
    pub name: Option<String>,
    /// The colours' names by id (`green = "Grün"`).
    pub colors: Option<std::collections::BTreeMap<String, String>>,
}

/// `[game]`.
#[derive(Clone, Debug, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct GameTable {
    /// The game family.
    #[schemars(extend("const" = "encore"))]
    pub family: String,
}

pub use crate::source::game::BoardTable;

/// One `[[colors]]` entry. For a standard colour's id (`green`, `yellow`,
/// `blue`, `red`, `orange`) every other key defaults to the standard one.
#[derive(Clone, Debug, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ColorEntry {
    /// Identifier.
    #[schemars(pattern(r"^[\p{L}\p{N}_-]{1,32}$"))]
    pub id: String,
    /// The letter that stands for it in the grid (upper or lower case; upper
    /// case in the grid marks a star).
    #[schemars(pattern(r"^[A-Za-z]$"))]
    pub letter: Option<String>,
    /// Display name (default: the id with a capital).
    pub name: Option<String>,
    /// Print colour, `#rrggbb`.
    #[schemars(pattern(r"^#([0-9A-Fa-f]{3}|[0-9A-Fa-f]{6})$"))]
    pub color: Option<String>,
    /// The letter that marks it on black-and-white sheets.
    #[schemars(pattern(r"^[A-Za-z0-9]$"))]
    pub mono_letter: Option<String>,
    /// In a variant: drop this colour of the base board.
    pub remove: Option<bool>,
}

/// `[grid]`.
#[derive(Clone, Debug, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct GridTable {
    /// The rows from the top, one letter per box (a colour's letter; upper
    /// case: the box has a star). Every row has the same length: at most 26
    /// columns and 12 rows.
    #[schemars(length(min = 1, max = 12), inner(pattern(r"^[A-Za-z]{1,26}$")))]
    pub rows: Option<Vec<String>>,
    /// The column every game starts from, by its letter (default: the
    /// middle column, `H` on 15 columns).
    #[schemars(pattern(r"^[A-Za-z]{1,2}$"))]
    pub start_column: Option<String>,
}

/// One value for every colour, or a list with one per colour.
#[derive(Clone, Debug, Deserialize, Serialize, JsonSchema)]
#[serde(untagged)]
pub enum PerColor {
    /// The same for every colour.
    All(#[schemars(range(max = 99))] u8),
    /// One per colour, in the order of the colours.
    Each(#[schemars(inner(range(max = 99)))] Vec<u8>),
}

/// `[points]`.
#[derive(Clone, Debug, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct PointsTable {
    /// Points for being first to complete each column, left to right.
    /// Default on 15 columns: the standard sheet's; required otherwise.
    #[schemars(
        inner(range(max = 99)),
        extend("default" = [5, 3, 3, 3, 2, 2, 2, 1, 2, 2, 2, 3, 3, 3, 5])
    )]
    pub columns_first: Option<Vec<u8>>,
    /// Points for completing each column later.
    #[schemars(
        inner(range(max = 99)),
        extend("default" = [3, 2, 2, 2, 1, 1, 1, 0, 1, 1, 1, 2, 2, 2, 3])
    )]
    pub columns_later: Option<Vec<u8>>,
    /// Points for being first to complete a colour.
    #[schemars(extend("default" = 5))]
    pub colors_first: Option<PerColor>,
    /// Points for completing a colour later.
    #[schemars(extend("default" = 3))]
    pub colors_later: Option<PerColor>,
    /// Points lost at the end for each star not crossed.
    #[schemars(range(max = 99), extend("default" = 2))]
    pub star_penalty: Option<u8>,
}

/// `[dice]`.
#[derive(Clone, Debug, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct DiceTable {
    /// Colour dice rolled each turn.
    #[schemars(range(min = 1, max = 9), extend("default" = 3))]
    pub color_dice: Option<u8>,
    /// Number dice rolled each turn.
    #[schemars(range(min = 1, max = 9), extend("default" = 3))]
    pub number_dice: Option<u8>,
    /// The numbers on a number die, ascending (a turn crosses exactly one
    /// of them).
    #[schemars(
        length(min = 1),
        inner(range(min = 1, max = 9)),
        extend("default" = [1, 2, 3, 4, 5])
    )]
    pub numbers: Option<Vec<u8>>,
    /// Whether the dice have joker faces (a black colour face, a "?" number
    /// face standing for any of `numbers`).
    #[schemars(extend("default" = true))]
    pub jokers: Option<bool>,
    /// Joker ("!") boxes on the sheet: each joker die used crosses one, each
    /// left is a point at the end.
    #[schemars(range(max = 99), extend("default" = 8))]
    pub joker_boxes: Option<u8>,
    /// Most boxes one turn crosses (default: the largest number).
    #[schemars(range(min = 1, max = 9), extend("default" = 5))]
    pub max_cross: Option<u8>,
}

/// `[solo]`.
#[derive(Clone, Debug, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct SoloTable {
    /// Rolls in a solo game.
    #[schemars(range(min = 1, max = 99), extend("default" = 30))]
    pub rolls: Option<u8>,
}

/// `[conventions]`: what `rollx check` expects of the board's design; each
/// broken one is a warning.
#[derive(Clone, Debug, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ConventionsTable {
    /// Boxes of each colour.
    #[schemars(range(min = 1, max = 999), extend("default" = 21))]
    pub boxes_per_color: Option<u16>,
    /// The sizes of each colour's blocks (orthogonally connected boxes of
    /// the colour), in any order.
    #[schemars(
        length(min = 1),
        inner(range(min = 1, max = 99)),
        extend("default" = [1, 2, 3, 4, 5, 6])
    )]
    pub block_sizes: Option<Vec<u8>>,
    /// Stars in each column.
    #[schemars(range(max = 99), extend("default" = 1))]
    pub stars_per_column: Option<u8>,
    /// Stars of each colour.
    #[schemars(range(max = 99), extend("default" = 3))]
    pub stars_per_color: Option<u8>,
    /// Whether every column holds a box of every colour.
    #[schemars(extend("default" = true))]
    pub every_color_in_every_column: Option<bool>,
    /// The largest block intended: a block larger than both this and the
    /// most boxes a turn crosses is a warning (default: the largest of
    /// `block_sizes`).
    #[schemars(range(min = 1, max = 99), extend("default" = 6))]
    pub largest_block: Option<u8>,
}

/// The JSON Schema of the format, pretty-printed.
pub fn schema() -> String {
    crate::source::schema::pretty::<BoardFile>()
}

#[cfg(test)]
mod tests {
    use super::super::raw;
    use crate::source::schema::{keys, sorted};
    use serde_json::Value;

    #[test]
    fn the_schema_has_exactly_the_keys_the_reader_reads() {
        let schema: Value = serde_json::from_str(&super::schema()).expect("the schema is JSON");
        assert_eq!(keys(&schema, None), sorted(raw::TOP_KEYS));
        for (def, reader) in [
            ("BoardTable", crate::source::game::INFO_KEYS),
            ("ColorEntry", raw::COLOR_KEYS),
            ("GridTable", raw::GRID_KEYS),
            ("PointsTable", raw::POINTS_KEYS),
            ("DiceTable", raw::DICE_KEYS),
            ("SoloTable", raw::SOLO_KEYS),
            ("ConventionsTable", raw::CONVENTION_KEYS),
        ] {
            assert_eq!(keys(&schema, Some(def)), sorted(reader), "{def}");
        }
    }
}
