//! The strong player: the greedy player's best few moves, each judged by
//! playing the game out many times.
//!
//! For each decision the player takes the [`Strong::candidates`] moves the
//! greedy values rank highest (passing among them) and plays the game to
//! its end after each, every seat played by the greedy player, on the same
//! dice for every candidate (so that the candidates are compared on equal
//! luck). The play-outs are shared out by successive halving
//! ([`engine::successive_halving`]): every candidate a few times, the
//! better half twice as often, until the last two have
//! [`Strong::rollouts`] games each. A candidate is worth the sum of its
//! games' outcomes: in a solo game the final score; at a table, the
//! player's score minus the best other score, plus [`Strong::win_bonus`]
//! for a win. The dice of the play-outs come from a generator seeded by
//! the player's seed, the roll count, the seat and the play-out: the
//! player is deterministic.

use rand::SeedableRng;

use super::{Effort, Greedy};
use crate::encore::rules::{Game, Move, Table};
use crate::engine::{self, Dice, Player, Rules};

/// The rollout player.
#[derive(Clone, Debug)]
pub struct Strong {
    /// Moves judged per decision.
    pub candidates: usize,
    /// Games played out per candidate.
    pub rollouts: usize,
    /// Points a win is worth on top of the margin, at a table.
    pub win_bonus: f32,
    seed: u64,
    greedy: Greedy,
    /// Scratch for the successive halving.
    totals: Vec<(f64, usize)>,
}

impl Strong {
    /// A strong player with its default effort ([`Effort::DEFAULT`]).
    pub fn new(seed: u64) -> Self {
        Self::with_effort(seed, Effort::DEFAULT)
    }

    /// A strong player that thinks as hard as `effort` says.
    pub fn with_effort(seed: u64, effort: Effort) -> Self {
        Self {
            candidates: effort.candidates,
            rollouts: effort.rollouts,
            win_bonus: 10.0,
            seed,
            greedy: Greedy::default(),
            totals: Vec::new(),
        }
    }

    /// The outcome of a finished table for `me`.
    fn outcome(&self, game: &Game, table: &Table, me: usize) -> f32 {
        let mine = game.score(table.sheet(me)).total as f32;
        if table.players() == 1 {
            return mine;
        }
        let best_other = (0..table.players())
            .filter(|&p| p != me)
            .map(|p| game.score(table.sheet(p)).total as f32)
            .fold(f32::MIN, f32::max);
        let won = game.winners(table).contains(&me);
        mine - best_other + if won { self.win_bonus } else { 0.0 }
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
        let mut totals = std::mem::take(&mut self.totals);
        let best = engine::successive_halving(ranked.len(), self.rollouts, &mut totals, |c, r| {
            let mut t = table.clone();
            game.apply(&mut t, me, ranked[c].0);
            let seed = self
                .seed
                .wrapping_mul(0x9e37_79b9_7f4a_7c15)
                .wrapping_add(u64::from(table.rolls()) << 20 | (me as u64) << 12 | r as u64);
            let mut dice = Dice::seed_from_u64(seed);
            engine::play(game, &mut t, &mut dice, &mut seated, &mut engine::Quiet);
            -f64::from(self.outcome(game, &t, me))
        });
        self.totals = totals;
        ranked[best].0
    }
}
