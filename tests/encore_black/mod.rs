//! The standard ("black") Encore board: `maps/encore-black.toml` as the
//! board reader loads it, for the print tests, benches and the preview
//! example, and the facts of the printed sheet
//! (`../shared/reference/encore-black-sheet.md`, from the rulebook) that
//! the loaded board is checked against.

#![allow(dead_code)] // Each user needs its own subset.

use std::path::Path;

use rollx::encore::{Board, BoardCell, ColorId, Points};
use rollx::families::load;

/// Row 1 (top) to row 7; upper case marks a star.
pub const ROWS: [&str; 7] = [
    "gggyyyyGbbbOyyy",
    "ogYgYyoorBboogg",
    "BgrgggGrrryyogg",
    "brrgoObbggyyoRb",
    "roooorbbooorrrr",
    "rBbRrrryYoRbbbO",
    "yybbbbryyyggGoo",
];

/// Column points, A to O: first to complete, everyone later.
pub const FIRST: [u8; 15] = [5, 3, 3, 3, 2, 2, 2, 1, 2, 2, 2, 3, 3, 3, 5];
pub const LATER: [u8; 15] = [3, 2, 2, 2, 1, 1, 1, 0, 1, 1, 1, 2, 2, 2, 3];

/// The letters of the grid: r red (printed pink), o orange, y yellow,
/// g green, b blue.
pub const COLORS: [(char, &str); 5] = [
    ('r', "red"),
    ('o', "orange"),
    ('y', "yellow"),
    ('g', "green"),
    ('b', "blue"),
];

/// The start column: H, the 8th.
pub const START_COLUMN: usize = 7;

/// A colour's bonus: 5 for the first to complete it, 3 later.
pub const COLOR_BONUS: Points = Points { first: 5, later: 3 };

/// The "!" boxes.
pub const JOKERS: u8 = 8;

/// Points lost for each star not crossed.
pub const STAR_PENALTY: u8 = 2;

/// Rolls in a solo game.
pub const SOLO_ROLLS: u8 = 30;

/// The dice: colour dice, number dice, the numbers (a joker face besides).
pub const DICE: (u8, u8, [u8; 5]) = (3, 3, [1, 2, 3, 4, 5]);

/// What a player reads on the standard sheet, besides the column letters
/// and the points.
pub const LABELS: [&str; 13] = [
    "Encore! (black sheet)",
    "Name",
    "start",
    "First",
    "Later",
    "Colour bonus",
    "Jokers",
    "Colours",
    "Columns",
    "Jokers left",
    "Open stars",
    "Total",
    "Solo game: 30 rolls",
];

/// The shipped standard board, `maps/encore-black.toml`, as loaded.
pub fn black() -> Board {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("maps/encore-black.toml");
    match load(&path).map(|m| m.take::<Board>()) {
        Ok(Ok(board)) => board,
        Ok(Err(family)) => panic!("{} is {family:?}, not an Encore board", path.display()),
        Err(e) => panic!("{e}"),
    }
}

/// The black board with another grid (rows of its colour letters, upper
/// case: a star) and column points: for sizes the board reader does not
/// accept.
pub fn board_from(rows: &[&str], column_points: Vec<Points>) -> Board {
    let mut board = black();
    let cells = rows
        .iter()
        .flat_map(|row| row.chars())
        .map(|ch| BoardCell {
            color: ColorId(
                board
                    .colors
                    .iter()
                    .position(|c| c.letter == ch.to_ascii_lowercase())
                    .unwrap_or_else(|| panic!("no colour `{ch}`")) as u8,
            ),
            star: ch.is_ascii_uppercase(),
        })
        .collect();
    board.columns = rows[0].len();
    board.rows = rows.len();
    board.cells = cells;
    board.column_points = column_points;
    board
}
