//! The random player: a colour of the roll at random, stop or reroll at
//! even odds, and a crossing chosen uniformly among the legal ones (or a
//! pass, when passing is legal, as often as a crossing).

use rand::{RngExt, SeedableRng};

use crate::diceland::rules::{Game, Move, Table};
use crate::engine::{Dice, Player};

/// The random player.
pub struct Random {
    rng: Dice,
}

impl Random {
    /// A random player with its own generator.
    pub fn new(seed: u64) -> Random {
        Random {
            rng: Dice::seed_from_u64(seed),
        }
    }
}

impl Player<Game> for Random {
    fn choose(&mut self, game: &Game, table: &Table, me: usize) -> Move {
        let moves = game.moves(table, me);
        let crossings: Vec<Move> = moves
            .iter()
            .copied()
            .filter(|m| matches!(m, Move::Cross(..)))
            .collect();
        if !crossings.is_empty() && moves.contains(&Move::Pass) && self.rng.random_bool(0.5) {
            return Move::Pass;
        }
        let from = if crossings.is_empty() {
            &moves
        } else {
            &crossings
        };
        from[self.rng.random_range(0..from.len())]
    }
}
