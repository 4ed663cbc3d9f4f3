//! The move generator: every legal move of a player, without allocating.
//!
//! A piece (the boxes one turn crosses) is a connected part of one block;
//! each block's connected parts are listed once, by size, when the
//! [`Game`] is built (with [`Game::connected`], the rule's own function).
//! A sheet then only filters them: every box free, one of them an anchor
//! ([`Game::anchors`]). The dice a player may take come from
//! [`Game::dice_for`], the colours and numbers each stands for from
//! [`Game::colors_of`] and [`Game::numbers_of`], and the limits from
//! [`Game::jokers_allowed`] and [`Game::number_allowed`]: the same
//! functions [`Game::check`] is made of.

use super::boxes::Boxes;
use super::dice::{ColorFace, NumberFace};
use super::game::Game;
use super::moves::{Cross, Move};
use super::table::{Sheet, Table};
use crate::encore::ColorId;

/// A piece the generator found: a connected part of one block, as a mask
/// over the block's boxes (bit `i`: the block's `i`-th box, ascending).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Piece {
    /// The block (an index into the board's blocks).
    pub block: u16,
    /// The boxes, as a mask over the block's.
    pub mask: u16,
}

/// What the generator needs to know about a sheet: the boxes not crossed,
/// and the boxes a piece may start from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Reach {
    /// The boxes not crossed.
    pub free: Boxes,
    /// The boxes a piece may start from ([`Game::anchors`]).
    pub anchors: Boxes,
}

/// The bits of a mask, lowest first.
#[inline]
pub(crate) fn bits(mut mask: u32) -> impl Iterator<Item = u32> {
    std::iter::from_fn(move || {
        (mask != 0).then(|| {
            let b = mask.trailing_zeros();
            mask &= mask - 1;
            b
        })
    })
}

impl Game {
    /// What the generator needs to know about `sheet`.
    #[inline]
    pub fn reach(&self, sheet: &Sheet) -> Reach {
        Reach {
            free: self.all_boxes() - sheet.crossed(),
            anchors: self.anchors(sheet),
        }
    }

    /// Calls `f` for every piece of `color` with `size` boxes that may be
    /// crossed on a sheet (`reach`): connected, in one block, every box
    /// free, one of them an anchor. Blocks in board order, then pieces in
    /// a fixed order.
    #[inline]
    pub fn for_each_piece(
        &self,
        reach: &Reach,
        color: ColorId,
        size: u8,
        mut f: impl FnMut(Piece),
    ) {
        if u32::from(size) < u16::BITS {
            self.for_each_piece_sized(reach, color, 1 << size, |p, _| f(p));
        }
    }

    /// [`Game::for_each_piece`] for every size of `sizes` (bit `k`: pieces
    /// of `k` boxes) at once, with each piece's size: by block, then by
    /// size, then in a fixed order.
    #[inline]
    pub fn for_each_piece_sized(
        &self,
        reach: &Reach,
        color: ColorId,
        sizes: u16,
        mut f: impl FnMut(Piece, u8),
    ) {
        for &b in &self.blocks_of_color[color.index()] {
            let block = &self.blocks[usize::from(b)];
            let mut free = 0u16;
            let mut anchors = 0u16;
            for (i, &cell) in block.cells.iter().enumerate() {
                if reach.free.contains(cell) {
                    free |= 1 << i;
                    if reach.anchors.contains(cell) {
                        anchors |= 1 << i;
                    }
                }
            }
            if anchors == 0 {
                continue;
            }
            let fit = u32::from(sizes) & ((2u32 << free.count_ones()) - 1);
            for size in bits(fit) {
                for &shape in self.shapes(usize::from(b), size as u8) {
                    if shape & !free == 0 && shape & anchors != 0 {
                        f(
                            Piece {
                                block: b,
                                mask: shape,
                            },
                            size as u8,
                        );
                    }
                }
            }
        }
    }

    /// The boxes of a piece, by index on the board.
    #[inline]
    pub fn piece_cells(&self, piece: Piece) -> impl Iterator<Item = usize> + '_ {
        let cells = &self.blocks[usize::from(piece.block)].cells;
        bits(u32::from(piece.mask)).map(move |i| cells[i as usize])
    }

    /// The boxes of a piece, as a set.
    #[inline]
    pub fn piece_boxes(&self, piece: Piece) -> Boxes {
        let mut b = Boxes::EMPTY;
        for i in self.piece_cells(piece) {
            b.insert(i);
        }
        b
    }

    /// Calls `f` for every choice of dice `player` may make now, with the
    /// colour and number it crosses: every colour die and number die the
    /// player may take (by face: colours ascending, then the joker; the
    /// "?" first, then numbers ascending), and every colour and number
    /// they stand for, within the "!" boxes left and the most a turn
    /// crosses. Nothing when the player has no decision to make.
    pub fn for_each_choice(
        &self,
        table: &Table,
        player: usize,
        mut f: impl FnMut(ColorFace, NumberFace, ColorId, u8),
    ) {
        if self.choice_allowed(table, player).is_err() {
            return;
        }
        let dice = self.dice_for(table, player);
        let sheet = table.sheet(player);
        for color_bit in bits(u32::from(dice.color_faces())) {
            let color_die = ColorFace::of_bit(color_bit);
            for number_bit in bits(u32::from(dice.number_faces())) {
                let number_die = NumberFace::of_bit(number_bit);
                let jokers = u8::from(color_die.is_joker()) + u8::from(number_die.is_joker());
                if self.jokers_allowed(sheet, jokers).is_err() {
                    continue;
                }
                for c in bits(u32::from(self.colors_of(color_die))) {
                    for n in bits(u32::from(self.numbers_of(number_die))) {
                        if self.number_allowed(n as u8).is_ok() {
                            f(color_die, number_die, ColorId(c as u8), n as u8);
                        }
                    }
                }
            }
        }
    }

    /// Calls `f` for every legal move of `player` now: the pass first, then
    /// for every choice of dice ([`Game::for_each_choice`]) every piece it
    /// may cross ([`Game::for_each_piece`]). Nothing when the player has no
    /// decision to make.
    pub fn for_each_move(&self, table: &Table, player: usize, mut f: impl FnMut(Move)) {
        if self.choice_allowed(table, player).is_err() {
            return;
        }
        f(Move::Pass);
        let reach = self.reach(table.sheet(player));
        self.for_each_choice(table, player, |color_die, number_die, color, number| {
            self.for_each_piece(&reach, color, number, |p| {
                f(Move::Cross(Cross {
                    color_die,
                    number_die,
                    color,
                    number,
                    boxes: self.piece_boxes(p),
                }))
            });
        });
    }

    /// Every legal move of `player` now, in the order of
    /// [`Game::for_each_move`], into `out` (cleared first; its capacity is
    /// kept, so a player who reuses it allocates nothing once it is large
    /// enough).
    pub fn legal_moves_into(&self, table: &Table, player: usize, out: &mut Vec<Move>) {
        out.clear();
        self.for_each_move(table, player, |m| out.push(m));
    }
}
