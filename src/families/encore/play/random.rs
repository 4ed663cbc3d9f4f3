//! The random player: uniform among the legal moves.

use rand::{RngExt, SeedableRng};

use crate::encore::rules::{Game, Move, Table};
use crate::engine::{Dice, Player};

/// Chooses uniformly among every legal move ([`Game::for_each_move`]: the
/// pass, and every dice, colour, number and piece).
#[derive(Clone, Debug)]
pub struct RandomPlayer {
    rng: Dice,
    moves: Vec<Move>,
}

impl RandomPlayer {
    /// A random player with its own seeded generator.
    pub fn new(seed: u64) -> Self {
        Self {
            rng: Dice::seed_from_u64(seed),
            moves: Vec::new(),
        }
    }
}

impl Player<Game> for RandomPlayer {
    fn choose(&mut self, game: &Game, table: &Table, me: usize) -> Move {
        game.legal_moves_into(table, me, &mut self.moves);
        let i = self.rng.random_range(0..self.moves.len() as u32);
        self.moves[i as usize]
    }
}
