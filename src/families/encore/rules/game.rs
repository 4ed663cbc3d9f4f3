//! The static game: a board, the options that settle what the rulebook
//! leaves open, and the lookup tables the engine needs.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use super::boxes::{Boxes, MAX_BOXES};
use super::dice::MAX_DICE;
use crate::encore::solve::MAX_BLOCK;
use crate::encore::{Board, ColorId};

/// Most columns a board the engine plays may have (columns are a 32-bit
/// set).
pub const MAX_COLUMNS: usize = 32;

/// Most colours a board the engine plays may have (colour faces are a
/// 16-bit set, one bit being the joker's).
pub const MAX_COLORS: usize = 15;

/// Highest number a number die may show (number faces are a 16-bit set,
/// bit 0 being the joker's).
pub const MAX_NUMBER: u8 = 15;

/// The rolls at the start of the game in which everyone chooses from all
/// the dice (the rulebook's "first three turns").
pub const OPEN_ROLLS: u16 = 3;

/// Which dice the solo player rolls. The rulebook says the solo player
/// "may only play with 2 dice of 2 colours and 2 numbers" (Spanish
/// edition), which reads either way.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "kebab-case")]
pub enum SoloDice {
    /// One colour die and one number die fewer than the board's (2 and 2
    /// of the standard 3 and 3; never fewer than one of each): the dice a
    /// player who is not active chooses from. The default.
    #[default]
    Fewer,
    /// Every die of the board (3 and 3), "2 dice" being the colour die and
    /// the number die the player takes.
    All,
}

/// Where a piece may start. The rulebook says both "at the start of the
/// game, the first box crossed must be in column H" and "crosses must be
/// next to a box already crossed, or start in the start column".
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "kebab-case")]
pub enum StartColumn {
    /// The start column anchors a piece in every turn. The default (and the
    /// German original's reading).
    #[default]
    EveryTurn,
    /// The start column anchors only a player's first piece; every later
    /// piece must touch a box crossed before.
    FirstPiece,
}

/// How many points open stars may cost in all. The rulebook: each star not
/// crossed costs 2 points, "for a maximum of 30 points lost". On the
/// standard sheet (15 stars) the cap never binds; on a board with more
/// stars it does.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "kebab-case")]
pub enum StarCap {
    /// At most `STAR_CAP_POINTS` points lost for open stars, on any
    /// board: the rulebook's words. The default.
    #[default]
    Thirty,
    /// Every open star costs the board's penalty, however many are open.
    #[serde(rename = "none")]
    Uncapped,
}

/// The most points open stars cost under [`StarCap::Thirty`].
pub const STAR_CAP_POINTS: u32 = 30;

impl StarCap {
    /// The points lost for `open` stars at `penalty` points each.
    pub fn penalty(self, open: u32, penalty: u32) -> u32 {
        let uncapped = open * penalty;
        match self {
            StarCap::Thirty => uncapped.min(STAR_CAP_POINTS),
            StarCap::Uncapped => uncapped,
        }
    }
}

/// The options of a game: the readings of what the rulebook leaves open.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, JsonSchema)]
#[serde(default, rename_all = "kebab-case")]
pub struct Options {
    /// Which dice the solo player rolls.
    pub solo_dice: SoloDice,
    /// Where a piece may start.
    pub start_column: StartColumn,
    /// A game of several players also ends after this many rolls (a
    /// safeguard, not a rule of the book: a game in which nobody can
    /// complete a second colour would never end). Games on conventional
    /// boards end long before.
    pub max_rolls: u16,
    /// How many points open stars may cost in all.
    pub star_cap: StarCap,
}

impl Default for Options {
    fn default() -> Self {
        Self {
            solo_dice: SoloDice::default(),
            start_column: StartColumn::default(),
            max_rolls: DEFAULT_MAX_ROLLS,
            star_cap: StarCap::default(),
        }
    }
}

impl Options {
    /// The options that differ from the defaults, as `name value` (the
    /// names of the command line and of the log): empty for the book's
    /// rules as rollx reads them.
    pub fn changed(&self) -> Vec<String> {
        let d = Options::default();
        let mut out = Vec::new();
        if self.solo_dice != d.solo_dice {
            out.push("solo-dice all".to_string());
        }
        if self.start_column != d.start_column {
            out.push("start-column first-piece".to_string());
        }
        if self.max_rolls != d.max_rolls {
            out.push(format!("max-rolls {}", self.max_rolls));
        }
        if self.star_cap != d.star_cap {
            out.push("star-cap none".to_string());
        }
        out
    }
}

/// The default of [`Options::max_rolls`].
pub const DEFAULT_MAX_ROLLS: u16 = 1000;

/// Why the engine cannot play a board.
#[derive(Debug, thiserror::Error, PartialEq, Eq)]
pub enum GameError {
    /// More boxes than the engine's sets hold.
    #[error("{0} boxes: the rules engine plays at most {MAX_BOXES}")]
    TooManyBoxes(usize),
    /// The grid's size does not match its boxes.
    #[error("{columns} x {rows} grid with {cells} boxes")]
    GridMismatch {
        /// Columns.
        columns: usize,
        /// Rows.
        rows: usize,
        /// Boxes.
        cells: usize,
    },
    /// More columns than the engine's column sets hold.
    #[error("{0} columns: the rules engine plays at most {MAX_COLUMNS}")]
    TooManyColumns(usize),
    /// More colours than the engine's face sets hold.
    #[error("{0} colours: the rules engine plays at most {MAX_COLORS}")]
    TooManyColors(usize),
    /// A box of a colour the board does not have.
    #[error("box {0} has a colour the board does not list")]
    UnknownColor(usize),
    /// The start column is off the grid.
    #[error("start column {0} is off the grid")]
    StartOffGrid(usize),
    /// Points are not given for every column or colour.
    #[error("points for {given} columns or colours, but the board has {wanted}")]
    PointsMismatch {
        /// Points given.
        given: usize,
        /// Columns or colours.
        wanted: usize,
    },
    /// A block larger than the engine enumerates.
    #[error("a block of {0} boxes: the rules engine plays blocks of at most {MAX_BLOCK}")]
    BlockTooLarge(usize),
    /// More dice than a roll holds.
    #[error("{0} dice of one kind: the rules engine rolls 1 to {MAX_DICE}")]
    TooManyDice(u8),
    /// A number die without numbers, or with a number the engine cannot
    /// hold.
    #[error("number dice must show numbers from 1 to {MAX_NUMBER}")]
    BadNumbers,
}

/// One block of the board, as the move generator sees it: its boxes, and
/// its connected parts by size as masks over them.
#[derive(Clone, Debug)]
pub(crate) struct Block {
    /// Its boxes, ascending; bit `i` of a local mask is `cells[i]`.
    pub(crate) cells: Vec<usize>,
    /// The connected parts of each size `k` are
    /// `Game::shapes[by_size[k].0..by_size[k].1]`.
    by_size: [(u32, u32); MAX_BLOCK + 1],
    /// For each box of the block (by its bit), its column and the block's
    /// boxes in that column, as a local mask.
    pub(crate) column_at: [(u8, u16); MAX_BLOCK],
    /// Its star boxes, as a local mask.
    pub(crate) stars: u16,
}

/// The static game: a validated board, the options, and lookup tables.
#[derive(Clone, Debug)]
pub struct Game {
    board: Board,
    options: Options,
    /// Every box of the board.
    all: Boxes,
    /// The boxes not in the last column (they have a right neighbour).
    has_right: Boxes,
    /// The boxes not in the first column.
    has_left: Boxes,
    start: Boxes,
    stars: Boxes,
    color_boxes: Vec<Boxes>,
    column_boxes: Vec<Boxes>,
    column_of: Vec<u8>,
    block_of: Vec<u16>,
    pub(crate) blocks: Vec<Block>,
    /// The blocks of each colour, as indices into `blocks`.
    pub(crate) blocks_of_color: Vec<Vec<u16>>,
    /// Connected parts of blocks, as local masks (see [`Block`]).
    pub(crate) shapes: Vec<u16>,
    /// The numbers on a number die, as a mask (bit `n`).
    numbers: u16,
}

impl Game {
    /// The game on a board with the default options.
    pub fn new(board: Board) -> Result<Self, GameError> {
        Self::with_options(board, Options::default())
    }

    /// The game on a board with these options.
    pub fn with_options(board: Board, options: Options) -> Result<Self, GameError> {
        let cells = board.cells.len();
        if cells > MAX_BOXES {
            return Err(GameError::TooManyBoxes(cells));
        }
        if board.columns * board.rows != cells || cells == 0 {
            return Err(GameError::GridMismatch {
                columns: board.columns,
                rows: board.rows,
                cells,
            });
        }
        if board.columns > MAX_COLUMNS {
            return Err(GameError::TooManyColumns(board.columns));
        }
        if board.colors.len() > MAX_COLORS {
            return Err(GameError::TooManyColors(board.colors.len()));
        }
        if let Some(i) = board
            .cells
            .iter()
            .position(|c| c.color.index() >= board.colors.len())
        {
            return Err(GameError::UnknownColor(i));
        }
        if board.start_column >= board.columns {
            return Err(GameError::StartOffGrid(board.start_column));
        }
        for (given, wanted) in [
            (board.column_points.len(), board.columns),
            (board.color_bonus.len(), board.colors.len()),
        ] {
            if given != wanted {
                return Err(GameError::PointsMismatch { given, wanted });
            }
        }
        let dice = &board.dice;
        for n in [dice.color_dice, dice.number_dice] {
            if usize::from(n) > MAX_DICE || n == 0 {
                return Err(GameError::TooManyDice(n));
            }
        }
        if dice.numbers.is_empty() || dice.numbers.iter().any(|&n| n == 0 || n > MAX_NUMBER) {
            return Err(GameError::BadNumbers);
        }
        let columns = board.columns;
        let in_column = |col: usize| Boxes::of((0..board.rows).map(|r| r * columns + col));
        let all = Boxes::first_n(cells);
        let column_boxes: Vec<Boxes> = (0..columns).map(in_column).collect();
        let color_boxes: Vec<Boxes> = (0..board.colors.len())
            .map(|c| Boxes::of(board.boxes_of(ColorId(c as u8))))
            .collect();
        let mut game = Game {
            all,
            has_right: all - column_boxes[columns - 1],
            has_left: all - column_boxes[0],
            start: column_boxes[board.start_column],
            stars: Boxes::of((0..cells).filter(|&i| board.cells[i].star)),
            color_boxes,
            column_boxes,
            column_of: (0..cells).map(|i| (i % columns) as u8).collect(),
            block_of: vec![0; cells],
            blocks: Vec::new(),
            blocks_of_color: vec![Vec::new(); board.colors.len()],
            shapes: Vec::new(),
            numbers: dice.numbers.iter().fold(0, |m, &n| m | 1 << n),
            board,
            options,
        };
        for cells in game.board.blocks() {
            if cells.len() > MAX_BLOCK {
                return Err(GameError::BlockTooLarge(cells.len()));
            }
            let id = game.blocks.len() as u16;
            for &i in &cells {
                game.block_of[i] = id;
            }
            let color = game.board.cells[cells[0]].color;
            game.blocks_of_color[color.index()].push(id);
            let by_size = game.block_shapes(&cells);
            let mut column_at = [(0u8, 0u16); MAX_BLOCK];
            let mut stars = 0;
            for (bit, &i) in cells.iter().enumerate() {
                let col = game.column_of[i];
                let same = cells
                    .iter()
                    .enumerate()
                    .filter(|&(_, &j)| game.column_of[j] == col);
                column_at[bit] = (col, same.fold(0, |m, (b, _)| m | 1 << b));
                if game.board.cells[i].star {
                    stars |= 1 << bit;
                }
            }
            game.blocks.push(Block {
                cells,
                by_size,
                column_at,
                stars,
            });
        }
        Ok(game)
    }

    /// Lists the connected parts of a block, by size up to the most a turn
    /// crosses, in `shapes`; returns where each size's parts are. The
    /// parts are exactly the sets [`Game::connected`] accepts.
    fn block_shapes(&mut self, cells: &[usize]) -> [(u32, u32); MAX_BLOCK + 1] {
        let mut by_size = [(0, 0); MAX_BLOCK + 1];
        let largest = usize::from(self.board.dice.max_cross).min(cells.len());
        for (size, range) in by_size.iter_mut().enumerate().take(largest + 1).skip(1) {
            let from = self.shapes.len() as u32;
            for mask in 1u16..(1 << cells.len()) {
                if mask.count_ones() as usize == size && self.connected(&local_boxes(cells, mask)) {
                    self.shapes.push(mask);
                }
            }
            *range = (from, self.shapes.len() as u32);
        }
        by_size
    }

    /// The board.
    pub fn board(&self) -> &Board {
        &self.board
    }

    /// The options.
    pub fn options(&self) -> &Options {
        &self.options
    }

    /// Number of boxes.
    #[inline]
    pub fn box_count(&self) -> usize {
        self.board.cells.len()
    }

    /// Every box of the board.
    #[inline]
    pub fn all_boxes(&self) -> Boxes {
        self.all
    }

    /// The boxes of the start column.
    #[inline]
    pub fn start_boxes(&self) -> Boxes {
        self.start
    }

    /// The boxes with a star.
    #[inline]
    pub fn star_boxes(&self) -> Boxes {
        self.stars
    }

    /// The boxes of one colour.
    #[inline]
    pub fn color_boxes(&self, color: ColorId) -> Boxes {
        self.color_boxes[color.index()]
    }

    /// The boxes of one column.
    #[inline]
    pub fn column_boxes(&self, column: usize) -> Boxes {
        self.column_boxes[column]
    }

    /// The column of a box.
    #[inline]
    pub fn column_of(&self, i: usize) -> usize {
        usize::from(self.column_of[i])
    }

    /// The block of a box, as an index into the board's blocks (in the
    /// order of [`Board::blocks`]).
    #[inline]
    pub fn block_of(&self, i: usize) -> usize {
        usize::from(self.block_of[i])
    }

    /// The connected parts of `block` with `size` boxes, as local masks.
    #[inline]
    pub(crate) fn shapes(&self, block: usize, size: u8) -> &[u16] {
        match self.blocks[block].by_size.get(usize::from(size)) {
            Some(&(from, to)) => &self.shapes[from as usize..to as usize],
            None => &[],
        }
    }

    /// The numbers on a number die, as a mask (bit `n` for number `n`).
    #[inline]
    pub fn numbers_mask(&self) -> u16 {
        self.numbers
    }

    /// A box's name as printed: column letter and row from 1 (`H4`).
    pub fn box_name(&self, i: usize) -> String {
        let columns = self.board.columns;
        format!("{}{}", Board::column_name(i % columns), i / columns + 1)
    }

    /// The box a name stands for (`H4`, or `h4`: column letters, then the
    /// row from 1), the inverse of [`Game::box_name`]; `None` for a name
    /// that is not a box of the board.
    pub fn box_by_name(&self, name: &str) -> Option<usize> {
        let digits = name.find(|c: char| c.is_ascii_digit())?;
        let (letters, row) = name.split_at(digits);
        let column = crate::encore::column_index(letters)?;
        let row: usize = row
            .parse()
            .ok()
            .filter(|&r| r >= 1 && !row.starts_with('0'))?;
        (column < self.board.columns && row <= self.board.rows)
            .then(|| (row - 1) * self.board.columns + column)
    }

    /// The boxes that share an edge with a box of `boxes`.
    #[inline]
    pub fn touching(&self, boxes: &Boxes) -> Boxes {
        let w = self.board.columns as u32;
        let mut near = (*boxes & self.has_right).shifted_up(1)
            | (*boxes & self.has_left).shifted_down(1)
            | boxes.shifted_up(w)
            | boxes.shifted_down(w);
        near &= self.all;
        near
    }

    /// Whether `boxes` are orthogonally connected to each other (boxes
    /// crossed before do not join them). The empty set counts as
    /// connected.
    pub fn connected(&self, boxes: &Boxes) -> bool {
        let Some(first) = boxes.first() else {
            return true;
        };
        let columns = self.board.columns;
        let cells = self.box_count();
        let mut seen = Boxes::of([first]);
        let mut stack = [0u16; MAX_BOXES];
        stack[0] = first as u16;
        let mut top = 1;
        let mut reached = 1;
        while top > 0 {
            top -= 1;
            let i = usize::from(stack[top]);
            let col = i % columns;
            let near = [
                (col > 0).then(|| i - 1),
                (col + 1 < columns).then(|| i + 1),
                i.checked_sub(columns),
                Some(i + columns).filter(|&j| j < cells),
            ];
            for j in near.into_iter().flatten() {
                if boxes.contains(j) && !seen.contains(j) {
                    seen.insert(j);
                    stack[top] = j as u16;
                    top += 1;
                    reached += 1;
                }
            }
        }
        reached == boxes.len()
    }

    /// The dice rolled each turn at a table of `players`: colour dice,
    /// number dice. The solo player's follow [`Options::solo_dice`].
    pub fn dice_rolled(&self, players: usize) -> (u8, u8) {
        let d = &self.board.dice;
        if players == 1 && self.options.solo_dice == SoloDice::Fewer {
            (
                d.color_dice.saturating_sub(1).max(1),
                d.number_dice.saturating_sub(1).max(1),
            )
        } else {
            (d.color_dice, d.number_dice)
        }
    }
}

/// The boxes of a block's local mask.
pub(crate) fn local_boxes(cells: &[usize], mask: u16) -> Boxes {
    Boxes::of(
        cells
            .iter()
            .enumerate()
            .filter(|(i, _)| mask >> i & 1 == 1)
            .map(|(_, &c)| c),
    )
}
