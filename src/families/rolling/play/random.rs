//! The random player: uniform among the legal moves.

use rand::{RngExt, SeedableRng};
use rand_pcg::Pcg64Mcg;

use super::Policy;
use crate::rolling::rules::{Game, Move, MoveList, State};

/// Chooses uniformly among [`Game::legal_moves`].
#[derive(Clone, Debug)]
pub struct RandomPolicy {
    rng: Pcg64Mcg,
    moves: MoveList,
}

impl RandomPolicy {
    /// A random player with its own seeded generator.
    pub fn new(seed: u64) -> Self {
        Self {
            rng: Pcg64Mcg::seed_from_u64(seed),
            moves: MoveList::new(),
        }
    }
}

impl Policy for RandomPolicy {
    fn name(&self) -> &str {
        "random"
    }

    fn choose(&mut self, game: &Game, state: &State) -> Move {
        game.legal_moves(state, &mut self.moves);
        let i = self.rng.random_range(0..self.moves.len() as u32);
        self.moves.get(i as usize)
    }
}
