//! The strong player: the greedy player's best few moves, each judged by
//! playing the game out several times.
//!
//! For each decision the player takes the [`Strong::candidates`] moves the
//! greedy values rank highest (passing among them), and plays the game to
//! its end [`Strong::rollouts`] times after each, every seat played by
//! the greedy player, on the same dice for every candidate (so that the
//! candidates are compared on equal luck). A candidate is worth the mean
//! of its games' outcomes: in a solo game the final score; at a table,
//! the player's score minus the best other score, plus a bonus for a win.
//! The dice of the rollouts come from a generator seeded by the player's
//! seed, the roll count and the seat: the player is deterministic.

use rand::SeedableRng;

use super::Greedy;
use crate::encore::rules::{Game, Move, Table};
use crate::engine::{self, Dice, Player, Rules};

/// Points a win is worth on top of the margin, at a table.
const WIN_BONUS: f32 = 10.0;

/// The rollout player.
#[derive(Clone, Debug)]
pub struct Strong {
    /// Moves judged per decision.
    pub candidates: usize,
    /// Games played out per candidate.
    pub rollouts: usize,
    seed: u64,
    greedy: Greedy,
}

impl Strong {
    /// A strong player with its default effort (6 candidates, 24 rollouts).
    pub fn new(seed: u64) -> Self {
        Self {
            candidates: 6,
            rollouts: 24,
            seed,
            greedy: Greedy::default(),
        }
    }

    /// The outcome of a finished table for `me`.
    fn outcome(game: &Game, table: &Table, me: usize) -> f32 {
        let mine = game.score(table.sheet(me)).total as f32;
        if table.players() == 1 {
            return mine;
        }
        let best_other = (0..table.players())
            .filter(|&p| p != me)
            .map(|p| game.score(table.sheet(p)).total as f32)
            .fold(f32::MIN, f32::max);
        let won = game.winners(table).contains(&me);
        mine - best_other + if won { WIN_BONUS } else { 0.0 }
    }
}

impl Player<Game> for Strong {
    fn choose(&mut self, game: &Game, table: &Table, me: usize) -> Move {
        let ranked = self.greedy.ranked(game, table, me, self.candidates);
        if ranked.len() == 1 {
            return ranked[0].0;
        }
        // The greedy player keeps no state: the same seats serve every
        // rollout.
        let mut players: Vec<Greedy> = vec![self.greedy.clone(); game.players(table)];
        let mut seated: Vec<&mut dyn Player<Game>> = players
            .iter_mut()
            .map(|p| p as &mut dyn Player<Game>)
            .collect();
        let mut best = (f32::MIN, ranked[0].0);
        for &(mv, _) in &ranked {
            let mut total = 0.0;
            for r in 0..self.rollouts {
                let mut t = table.clone();
                game.apply(&mut t, me, mv);
                let seed = self
                    .seed
                    .wrapping_mul(0x9e37_79b9_7f4a_7c15)
                    .wrapping_add(u64::from(table.rolls()) << 20 | (me as u64) << 12 | r as u64);
                let mut dice = Dice::seed_from_u64(seed);
                engine::play(game, &mut t, &mut dice, &mut seated, &mut engine::Quiet);
                total += Self::outcome(game, &t, me);
            }
            let mean = total / self.rollouts as f32;
            if mean > best.0 {
                best = (mean, mv);
            }
        }
        best.1
    }
}
