//! The standard ("black") Encore board, built from the facts in
//! `../shared/reference/encore-black-sheet.md` (the rulebook's sheet), for
//! the print tests, benches and the preview example until the board reader
//! ships `maps/encore-black.toml`.

#![allow(dead_code)] // Each user needs its own subset.

use rollx::encore::{Board, BoardCell, BoardColor, BoardInfo, ColorId, EncoreDice, Points};
use rollx::scene::Rgb;

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

/// What a player reads on the standard sheet, besides the column letters
/// and the points.
pub const LABELS: [&str; 13] = [
    "Encore!",
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

/// (id, name, letter, colour) of the five colours; red prints pink.
pub const COLORS: [(&str, &str, char, &str); 5] = [
    ("red", "Red", 'r', "#e8467c"),
    ("orange", "Orange", 'o', "#f39325"),
    ("yellow", "Yellow", 'y', "#f7d117"),
    ("green", "Green", 'g', "#5bb04a"),
    ("blue", "Blue", 'b', "#3b8fd9"),
];

/// A board from rows of colour letters (upper case: a star) with the
/// standard sheet's colours, points, jokers and dice.
pub fn board_from(rows: &[&str], column_points: Vec<Points>) -> Board {
    let colors: Vec<BoardColor> = COLORS
        .iter()
        .map(|&(id, name, letter, color)| BoardColor {
            id: id.into(),
            name: name.into(),
            letter,
            color: Rgb::parse(color).unwrap(),
            mono_letter: None,
        })
        .collect();
    let cells = rows
        .iter()
        .flat_map(|row| row.chars())
        .map(|ch| BoardCell {
            color: ColorId(
                COLORS
                    .iter()
                    .position(|c| c.2 == ch.to_ascii_lowercase())
                    .unwrap_or_else(|| panic!("no colour `{ch}`")) as u8,
            ),
            star: ch.is_ascii_uppercase(),
        })
        .collect();
    Board {
        info: BoardInfo {
            id: "encore-black".into(),
            name: "Encore!".into(),
            version: Some("1.0".into()),
            ..BoardInfo::default()
        },
        colors,
        columns: rows[0].len(),
        rows: rows.len(),
        cells,
        start_column: 7,
        column_points,
        color_bonus: vec![Points { first: 5, later: 3 }; 5],
        jokers: 8,
        star_penalty: 2,
        dice: EncoreDice {
            color_dice: 3,
            number_dice: 3,
            numbers: vec![1, 2, 3, 4, 5],
            jokers: true,
            max_cross: 5,
        },
        solo_rolls: 30,
    }
}

/// The standard black board.
pub fn black() -> Board {
    board_from(
        &ROWS,
        FIRST
            .iter()
            .zip(LATER)
            .map(|(&first, later)| Points { first, later })
            .collect(),
    )
}
