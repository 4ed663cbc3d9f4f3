//! The greedy player: one step ahead, no dice odds. It chooses the colour
//! whose best crossing now scores most (stars first, then cells, then
//! nearness to the next star), rerolls while the zone the dice go to has
//! room for two more, and crosses the best-scoring cells it is offered.

use super::{best_cross, star_distances};
use crate::diceland::model::{Board, CellSet, Color};
use crate::diceland::rules::{Game, Move, Phase, Sheet, Table};
use crate::engine::Player;

/// The greedy player.
pub struct Greedy;

/// A crossing's score: 10 a star, 1 a cell, less half the steps to the
/// nearest star still free after it.
fn score(board: &Board, stars: &[(usize, u8)], cells: &CellSet) -> f64 {
    let gained = cells.and(board.stars()).len();
    let mut nearest = u8::MAX;
    for &(s, d) in stars {
        if d == 0 || cells.contains(s) {
            continue;
        }
        let d = cells
            .iter()
            .map(|x| board.distance(x, s))
            .min()
            .unwrap_or(d)
            .min(d);
        nearest = nearest.min(d);
    }
    let near = if nearest == u8::MAX {
        0.0
    } else {
        f64::from(nearest)
    };
    10.0 * gained as f64 + cells.len() as f64 - 0.5 * near
}

/// The best crossing among the colours of `dice` (dice per colour).
fn best_of(board: &Board, sheet: &Sheet, dice: &[u8; 6]) -> Option<(Color, CellSet, f64)> {
    let stars = star_distances(board, sheet);
    let mut best: Option<(Color, CellSet, f64)> = None;
    for c in Color::ALL {
        let n = usize::from(dice[c.index()]);
        if n == 0 {
            continue;
        }
        if let Some((cells, s)) = best_cross(board, sheet, c, n, |x| score(board, &stars, x))
            && best.as_ref().is_none_or(|b| s > b.2)
        {
            best = Some((c, cells, s));
        }
    }
    best
}

impl Player<Game> for Greedy {
    fn choose(&mut self, game: &Game, table: &Table, me: usize) -> Move {
        let board = game.board();
        let sheet = &table.sheets[me];
        match table.phase {
            Phase::Choose => {
                let chosen = best_of(board, sheet, &table.roll.0).map(|b| b.0);
                let most = Color::ALL
                    .into_iter()
                    .max_by_key(|&c| (table.roll.count(c), std::cmp::Reverse(c.index())))
                    .unwrap_or(Color::Red);
                Move::Choose(chosen.unwrap_or(most))
            }
            Phase::Decide => {
                let c = table.chosen.unwrap_or(Color::Red);
                if sheet.room(board, c) >= usize::from(table.kept) + 2 {
                    Move::Reroll
                } else {
                    Move::Stop
                }
            }
            _ => {
                let (dice, _) = table.offer(me);
                match best_of(board, sheet, &dice) {
                    Some((c, cells, _)) => Move::Cross(c, cells),
                    None => Move::Pass,
                }
            }
        }
    }
}
