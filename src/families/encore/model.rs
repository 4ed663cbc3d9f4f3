//! An Encore (Noch mal!) board: a grid of coloured boxes, some with a star,
//! a start column, the points of each column and colour, the joker boxes,
//! the dice and the solo game's length. Built by the board reader once a
//! file has no errors; immutable after.

use crate::geom::{Square, components};
use crate::scene::Rgb;
use crate::source::BoardInfo;

/// Index of a colour in [`Board::colors`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct ColorId(pub u8);

impl ColorId {
    /// The index as `usize`.
    #[inline]
    pub fn index(self) -> usize {
        usize::from(self.0)
    }
}

/// One colour of the board's boxes (and a face of the colour dice).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BoardColor {
    /// Identifier (`red`).
    pub id: String,
    /// Display name (`Red`).
    pub name: String,
    /// The letter that stands for it in the file's grid (`r`; upper case
    /// marks a star).
    pub letter: char,
    /// Print colour.
    pub color: Rgb,
    /// The letter that marks it on black-and-white sheets, when the board
    /// chooses one; the sheet picks one from the name otherwise.
    pub mono_letter: Option<char>,
}

/// One box of the grid.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct BoardCell {
    /// Its colour.
    pub color: ColorId,
    /// Whether it carries a star (2 points lost at the end if not crossed).
    pub star: bool,
}

/// Points for being the first to complete something, and for completing
/// it later.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize)]
pub struct Points {
    /// The first player (or players, in the same turn) to complete it.
    pub first: u8,
    /// Everyone who completes it in a later turn.
    pub later: u8,
}

/// The dice of the board's game.
#[derive(Clone, Debug, PartialEq, Eq, Hash, serde::Serialize)]
pub struct EncoreDice {
    /// Colour dice rolled each turn (3 in Encore).
    pub color_dice: u8,
    /// Number dice rolled each turn (3 in Encore).
    pub number_dice: u8,
    /// The numbers on a number die, ascending (1 to 5 in Encore); its
    /// joker face ("?") comes on top of these.
    pub numbers: Vec<u8>,
    /// Whether each colour die has a joker face (black: any colour) and
    /// each number die one ("?": any number of `numbers`).
    pub jokers: bool,
    /// Most boxes crossed in one turn (5 in Encore: a joker is never 6).
    pub max_cross: u8,
}

/// A validated Encore board.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Board {
    /// Identity.
    pub info: BoardInfo,
    /// The colours, in the file's order.
    pub colors: Vec<BoardColor>,
    /// Columns of the grid (15 on the standard sheet, `A` to `O`).
    pub columns: usize,
    /// Rows of the grid (7 on the standard sheet).
    pub rows: usize,
    /// The boxes, row by row from the top.
    pub cells: Vec<BoardCell>,
    /// The column every game starts from (0-based; `H`, 7, on the standard
    /// sheet).
    pub start_column: usize,
    /// Points for completing each column, left to right.
    pub column_points: Vec<Points>,
    /// Points for completing each colour, in the order of `colors`.
    pub color_bonus: Vec<Points>,
    /// Joker ("!") boxes: each joker die used crosses one; each left is a
    /// point at the end.
    pub jokers: u8,
    /// Points lost for each star not crossed at the end.
    pub star_penalty: u8,
    /// The dice.
    pub dice: EncoreDice,
    /// Rolls in a solo game (30 in Encore).
    pub solo_rolls: u8,
}

impl Board {
    /// The box at `column`, `row` (0-based, row 0 at the top).
    #[inline]
    pub fn cell(&self, column: usize, row: usize) -> BoardCell {
        self.cells[row * self.columns + column]
    }

    /// The column letter (`A`, ..., `Z`, then `AA`, ...), as printed.
    pub fn column_name(column: usize) -> String {
        let mut n = column;
        let mut name = Vec::new();
        loop {
            name.push(b'A' + (n % 26) as u8);
            if n < 26 {
                break;
            }
            n = n / 26 - 1;
        }
        name.reverse();
        String::from_utf8(name).expect("ASCII letters")
    }

    /// The grid's geometry.
    pub fn grid(&self) -> Square {
        Square {
            columns: self.columns,
            rows: self.rows,
        }
    }

    /// The boxes of one colour, as indices into `cells`.
    pub fn boxes_of(&self, color: ColorId) -> impl Iterator<Item = usize> + '_ {
        self.cells
            .iter()
            .enumerate()
            .filter(move |(_, c)| c.color == color)
            .map(|(i, _)| i)
    }

    /// The blocks of the board: the orthogonally connected groups of boxes
    /// of one colour, each as indices into `cells` (ascending), in the
    /// order of their first box.
    pub fn blocks(&self) -> Vec<Vec<usize>> {
        components(
            &self.grid(),
            |_| true,
            |a, b| self.cells[a].color == self.cells[b].color,
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn columns_are_named_like_a_spreadsheet() {
        let names: Vec<String> = [0, 7, 14, 25, 26, 27, 51, 52]
            .into_iter()
            .map(Board::column_name)
            .collect();
        assert_eq!(names, ["A", "H", "O", "Z", "AA", "AB", "AZ", "BA"]);
    }
}
