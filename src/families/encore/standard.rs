//! The standard ("black") Encore sheet's values: what a board file gets
//! for every key it leaves out, and the design conventions it is checked
//! against unless it declares its own (`[conventions]`).
//!
//! Sources: the rulebook (Noch mal! / Encore!, Schmidt Spiele) and the
//! sheet as recorded by several open-source implementations; see
//! `maps/encore-black.toml`.

use super::model::{BoardColor, EncoreDice, Points};
use crate::scene::Rgb;

/// The standard colours: letter in the grid, id, name and print colour.
/// The standard sheet prints red as pink.
const COLORS: [(char, &str, &str, Rgb); 5] = [
    ('g', "green", "Green", Rgb::new(0x4f, 0xa3, 0x3b)),
    ('y', "yellow", "Yellow", Rgb::new(0xf2, 0xc4, 0x1b)),
    ('b', "blue", "Blue", Rgb::new(0x3a, 0x8c, 0xd3)),
    ('r', "red", "Red", Rgb::new(0xe4, 0x4f, 0x92)),
    ('o', "orange", "Orange", Rgb::new(0xf0, 0x84, 0x1f)),
];

/// The standard palette: green, yellow, blue, red (printed pink), orange,
/// with the letters `g y b r o`.
pub fn colors() -> Vec<BoardColor> {
    COLORS.iter().map(color).collect()
}

/// The standard colour with this id, if it is one.
pub fn color_by_id(id: &str) -> Option<BoardColor> {
    COLORS.iter().find(|c| c.1 == id).map(color)
}

fn color(&(letter, id, name, rgb): &(char, &str, &str, Rgb)) -> BoardColor {
    BoardColor {
        id: id.to_string(),
        name: name.to_string(),
        letter,
        color: rgb,
        mono_letter: None,
    }
}

/// Columns of the standard sheet (`A` to `O`).
pub const COLUMNS: usize = 15;

/// Rows of the standard sheet.
pub const ROWS: usize = 7;

/// Points for completing each column of the standard sheet first.
pub const COLUMN_FIRST: [u8; COLUMNS] = [5, 3, 3, 3, 2, 2, 2, 1, 2, 2, 2, 3, 3, 3, 5];

/// Points for completing each column of the standard sheet later.
pub const COLUMN_LATER: [u8; COLUMNS] = [3, 2, 2, 2, 1, 1, 1, 0, 1, 1, 1, 2, 2, 2, 3];

/// Points for completing a colour: 5 first, 3 later.
pub const COLOR_BONUS: Points = Points { first: 5, later: 3 };

/// Joker ("!") boxes.
pub const JOKERS: u8 = 8;

/// Points lost for each star not crossed.
pub const STAR_PENALTY: u8 = 2;

/// Rolls in a solo game.
pub const SOLO_ROLLS: u8 = 30;

/// The dice: 3 colour dice and 3 number dice (1 to 5), each with a joker
/// face; at most 5 boxes crossed a turn.
pub fn dice() -> EncoreDice {
    EncoreDice {
        color_dice: 3,
        number_dice: 3,
        numbers: vec![1, 2, 3, 4, 5],
        jokers: true,
        max_cross: 5,
    }
}

/// The design conventions a board is checked against: broken, each is a
/// warning (a board may break them on purpose; `--deny-warnings` enforces
/// them).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Conventions {
    /// Boxes of each colour (21).
    pub boxes_per_color: u32,
    /// The sizes of each colour's blocks, ascending (1 to 6).
    pub block_sizes: Vec<u32>,
    /// Stars in each column (1).
    pub stars_per_column: u32,
    /// Stars of each colour (3).
    pub stars_per_color: u32,
    /// Whether every column holds a box of every colour.
    pub every_color_in_every_column: bool,
    /// The largest block the design intends: a block larger than the most
    /// boxes a turn crosses takes two turns, and is only expected up to
    /// this size (6).
    pub largest_block: u32,
}

impl Conventions {
    /// The standard sheet's conventions (15 x 7).
    pub fn standard() -> Self {
        Self::for_size(COLUMNS, ROWS)
    }

    /// The conventions of a board of `columns` x `rows` in the standard
    /// five colours, scaled from the standard sheet's as `rollx generate`
    /// makes boards, and as `rollx check` holds a board without
    /// `[conventions]` to them: one star per column, so `columns / 5` stars
    /// per colour; every colour in every column; `columns x rows / 5`
    /// boxes per colour, in blocks of sizes
    /// 1, 2, ..., 6, counted up again from 1 while they fit, the rest in one
    /// last block (21 boxes: 1 to 6; 10: 1, 2, 3, 4). On the sizes
    /// `generate` makes (columns a multiple of five) these divisions are
    /// exact; on others they are rounded, and a board cannot meet them all.
    pub fn for_size(columns: usize, rows: usize) -> Self {
        let colors = COLORS.len();
        let boxes = ((columns * rows + colors / 2) / colors).max(1) as u32;
        let mut sizes = Vec::new();
        let (mut sum, mut next) = (0, 1);
        while sum + next <= boxes {
            sizes.push(next);
            sum += next;
            next = if next == 6 { 1 } else { next + 1 };
        }
        if sum < boxes {
            sizes.push(boxes - sum);
        }
        sizes.sort_unstable();
        Self {
            boxes_per_color: boxes,
            largest_block: *sizes.last().expect("at least one block"),
            block_sizes: sizes,
            stars_per_column: 1,
            stars_per_color: ((columns + colors / 2) / colors).max(1) as u32,
            every_color_in_every_column: true,
        }
    }
}
