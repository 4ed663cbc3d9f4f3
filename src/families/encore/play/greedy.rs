//! The greedy player: a one-ply heuristic.
//!
//! Every move is valued on the player's own sheet by what it brings now
//! and what it prepares, in points:
//!
//! - points now: a column or colour the move completes scores its value
//!   (first while nobody has claimed it in an earlier turn, later after);
//!   each star crossed saves its penalty;
//! - progress: each box crossed in a column not completed is worth that
//!   share of the column's points (a box of a 7-box column worth 5 first:
//!   5/7), weighted by [`Weights::column_progress`]; the same for the
//!   colour's bonus ([`Weights::color_progress`]);
//! - jokers kept: each joker die taken costs its "!" point at the end plus
//!   [`Weights::joker`].
//!
//! Passing is worth 0: the greedy player passes only when every move is
//! worth less (a joker spent on little). Among the dice that give the same
//! colour and number it takes the fewest jokers; among equal values it
//! keeps the first found (colours in board order, then blocks, sizes and
//! pieces in the generator's order). Deterministic; it does not look at
//! the other players' sheets or at the dice it leaves them.

use crate::encore::ColorId;
use crate::encore::rules::{
    ColorFace, Cross, Game, MAX_COLORS, MAX_COLUMNS, Move, NumberFace, Piece, Reach, Sheet, Table,
};
use crate::engine::Player;

/// The weights of the greedy player's values (points).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Weights {
    /// Weight of a box's share of its column's points.
    pub column_progress: f32,
    /// Weight of a box's share of its colour's bonus.
    pub color_progress: f32,
    /// Weight of the star penalty a star crossed saves.
    pub star: f32,
    /// What a joker die costs beyond the point its "!" box scores at the
    /// end.
    pub joker: f32,
    /// Worth of each box crossed (rolls are few: a turn that crosses more
    /// boxes keeps pace).
    pub boxes: f32,
    /// Weight of a box's share of what its column still lacks (boxes
    /// crossed over boxes left, times the column's points): a column near
    /// completion draws the crosses.
    pub column_near: f32,
    /// Weight of a box's share of what its colour still lacks, the same
    /// way.
    pub color_near: f32,
    /// Worth of each free box a move brings within reach (next to a box
    /// crossed, where later pieces may start).
    pub opening: f32,
    /// In a solo game, what completing a second colour costs per roll
    /// left: it ends the game.
    pub early_end: f32,
}

impl Weights {
    /// The `greedy` player's weights: chosen among a few by four-player
    /// games against the others on the black board (rewarding openness or
    /// the boxes crossed lost; a dearer joker won).
    pub const GREEDY: Weights = Weights {
        column_progress: 1.0,
        color_progress: 1.0,
        star: 1.0,
        joker: 2.0,
        boxes: 0.0,
        column_near: 0.0,
        color_near: 0.0,
        opening: 0.0,
        early_end: 0.0,
    };
}

/// The one-ply heuristic player. Deterministic.
#[derive(Clone, Debug)]
pub struct Greedy {
    weights: Weights,
}

impl Greedy {
    /// A greedy player with these weights.
    pub fn new(weights: Weights) -> Self {
        Self { weights }
    }
}

/// The `greedy` player ([`Weights::GREEDY`]).
impl Default for Greedy {
    fn default() -> Self {
        Greedy::new(Weights::GREEDY)
    }
}

/// The dice that give one colour and number with the fewest jokers.
#[derive(Clone, Copy)]
struct Dice {
    color_die: ColorFace,
    number_die: NumberFace,
    jokers: u8,
}

/// What the values need to know about the sheet, counted once per
/// decision.
struct Context<'a> {
    game: &'a Game,
    reach: Reach,
    /// Boxes not crossed in each column.
    column_left: [u8; MAX_COLUMNS],
    /// A column's points now (first if unclaimed).
    column_points: [f32; MAX_COLUMNS],
    color_left: [u8; MAX_COLORS],
    color_points: [f32; MAX_COLORS],
    color_size: [f32; MAX_COLORS],
    rows: f32,
    star: f32,
    /// What completing a colour costs now: the game's end, in a solo game
    /// with one colour done already.
    ending: f32,
}

impl<'a> Context<'a> {
    fn new(game: &'a Game, table: &Table, sheet: &Sheet, weights: &Weights) -> Self {
        let board = game.board();
        let crossed = sheet.crossed();
        let mut c = Context {
            game,
            reach: game.reach(sheet),
            column_left: [0; MAX_COLUMNS],
            column_points: [0.0; MAX_COLUMNS],
            color_left: [0; MAX_COLORS],
            color_points: [0.0; MAX_COLORS],
            color_size: [1.0; MAX_COLORS],
            rows: board.rows as f32,
            star: weights.star * f32::from(board.star_penalty),
            ending: 0.0,
        };
        if table.is_solo() && sheet.colors_done() != 0 {
            let left = u16::from(board.solo_rolls).saturating_sub(table.rolls());
            c.ending = weights.early_end * f32::from(left);
        }
        let now = |p: crate::encore::Points, claimed: bool| {
            f32::from(if claimed { p.later } else { p.first })
        };
        for col in 0..board.columns {
            c.column_left[col] = (game.column_boxes(col) - crossed).len() as u8;
            c.column_points[col] = now(
                board.column_points[col],
                table.claimed_columns() >> col & 1 == 1,
            );
        }
        for color in 0..board.colors.len() {
            let boxes = game.color_boxes(ColorId(color as u8));
            c.color_left[color] = (boxes - crossed).len() as u8;
            c.color_size[color] = boxes.len() as f32;
            c.color_points[color] = now(
                board.color_bonus[color],
                table.claimed_colors() >> color & 1 == 1,
            );
        }
        c
    }

    /// The value of crossing `piece` of `color`, jokers aside.
    #[inline]
    fn value(&self, piece: Piece, color: ColorId, w: &Weights) -> f32 {
        let game = self.game;
        let block = &game.blocks[usize::from(piece.block)];
        let mask = piece.mask;
        let size = mask.count_ones() as u8;
        let mut v = 0.0;
        for _ in 0..(mask & block.stars).count_ones() {
            v += self.star;
        }
        // Column by column, in the order of the piece's first box in each.
        let mut rest = mask;
        while rest != 0 {
            let (col, at) = block.column_at[rest.trailing_zeros() as usize];
            rest &= !at;
            let k = (mask & at).count_ones() as u8;
            let col = usize::from(col);
            let points = self.column_points[col];
            let left = self.column_left[col];
            v += if k == left {
                points
            } else {
                w.column_progress * points * f32::from(k) / self.rows
                    + w.column_near * points * f32::from(k) / f32::from(left)
            };
        }
        let c = color.index();
        let points = self.color_points[c];
        let left = self.color_left[c];
        v += if size == left {
            points - self.ending
        } else {
            w.color_progress * points * f32::from(size) / self.color_size[c]
                + w.color_near * points * f32::from(size) / f32::from(left)
        };
        v += w.boxes * f32::from(size);
        if w.opening != 0.0 {
            let boxes = game.piece_boxes(piece);
            let opened = (game.touching(&boxes) & self.reach.free) - self.reach.anchors - boxes;
            v += w.opening * opened.len() as f32;
        }
        v
    }
}

impl Greedy {
    /// Calls `f` with every move of seat `me` that crosses boxes, valued
    /// (passing is worth 0): for each colour and number, the dice with the
    /// fewest jokers.
    fn each_valued(
        &self,
        game: &Game,
        table: &Table,
        me: usize,
        mut f: impl FnMut(Dice, ColorId, u8, Piece, f32),
    ) {
        let w = &self.weights;
        let mut cheapest: [[Option<Dice>; 16]; MAX_COLORS] = [[None; 16]; MAX_COLORS];
        game.for_each_choice(table, me, |color_die, number_die, color, number| {
            let jokers = u8::from(color_die.is_joker()) + u8::from(number_die.is_joker());
            let slot = &mut cheapest[color.index()][usize::from(number)];
            if slot.is_none_or(|d| jokers < d.jokers) {
                *slot = Some(Dice {
                    color_die,
                    number_die,
                    jokers,
                });
            }
        });
        let sheet = table.sheet(me);
        let ctx = Context::new(game, table, sheet, w);
        for (c, numbers) in cheapest.iter().enumerate() {
            let sizes = numbers
                .iter()
                .enumerate()
                .filter(|(_, d)| d.is_some())
                .fold(0u16, |m, (n, _)| m | 1 << n);
            if sizes == 0 {
                continue;
            }
            let color = ColorId(c as u8);
            game.for_each_piece_sized(&ctx.reach, color, sizes, |piece, n| {
                let dice = numbers[usize::from(n)].expect("a size of the dice");
                let v = ctx.value(piece, color, w) - f32::from(dice.jokers) * (1.0 + w.joker);
                f(dice, color, n, piece, v);
            });
        }
    }

    /// The `k` moves of seat `me` the greedy values rank highest, best
    /// first, with their values; passing (worth 0) is one of them when it
    /// ranks.
    pub fn ranked(&self, game: &Game, table: &Table, me: usize, k: usize) -> Vec<(Move, f32)> {
        let mut top: Vec<(Move, f32)> = vec![(Move::Pass, 0.0)];
        self.each_valued(game, table, me, |dice, color, number, piece, v| {
            if top.len() < k || v > top[top.len() - 1].1 {
                let mv = cross(game, dice, color, number, piece);
                let at = top.iter().position(|(_, u)| v > *u).unwrap_or(top.len());
                top.insert(at, (mv, v));
                top.truncate(k);
            }
        });
        top
    }
}

fn cross(game: &Game, dice: Dice, color: ColorId, number: u8, piece: Piece) -> Move {
    Move::Cross(Cross {
        color_die: dice.color_die,
        number_die: dice.number_die,
        color,
        number,
        boxes: game.piece_boxes(piece),
    })
}

impl Player<Game> for Greedy {
    fn choose(&mut self, game: &Game, table: &Table, me: usize) -> Move {
        let mut best_value = 0.0;
        let mut best: Option<(Dice, ColorId, u8, Piece)> = None;
        self.each_valued(game, table, me, |dice, color, n, piece, v| {
            if v > best_value {
                best_value = v;
                best = Some((dice, color, n, piece));
            }
        });
        match best {
            None => Move::Pass,
            Some((dice, color, number, piece)) => cross(game, dice, color, number, piece),
        }
    }
}
