//! An experiment for the next strong player: Monte Carlo rollouts played
//! by the tuples player instead of the greedy one.
//!
//! `cargo run --release --example tuples_rollouts -- MAP VALUES GAMES [CANDIDATES] [ROLLOUTS] [TURNS]`
//!
//! At every decision it keeps the `CANDIDATES` best moves by the learned
//! values (`VALUES`, written by `rollx train`), plays each out `ROLLOUTS`
//! times on the same dice with the tuples player for `TURNS` more turns,
//! scores where each rollout stopped by the X made plus the values'
//! estimate of the X to come, and plays the move with the fewest. It
//! prints the mean X of the tuples player, of this rollout player and of
//! the strong player (default effort) on the same `GAMES` seeded games.
//!
//! On 300 USA games (defaults 8 candidates, 16 rollouts, 3 turns, values
//! from 100,000 games): tuples 7.59, rollouts 6.63, strong 6.89, at about
//! 1.4 s per game per core against 0.18 s for the strong player. A
//! developer's tool: bad arguments make it panic.
use std::sync::Arc;

use rand::{Rng, SeedableRng};
use rand_pcg::Pcg64Mcg;
use rayon::prelude::*;
use rollx::play::{
    HeldBack, Policy, Strong, StrongKnobs, TuplePlayer, TupleValue, play_silent, play_until,
};
use rollx::rules::{Game, Move, MoveList, State};

/// The rollout player over the tuples player.
struct TupleRollouts {
    value: Arc<TupleValue>,
    base: TuplePlayer,
    candidates: usize,
    rollouts: usize,
    turns: u32,
    rng: Pcg64Mcg,
    moves: MoveList,
}

impl Policy for TupleRollouts {
    fn name(&self) -> &str {
        "tuple-rollouts"
    }

    fn choose(&mut self, game: &Game, s: &State) -> Move {
        game.legal_moves(s, &mut self.moves);
        if self.moves.len() == 1 {
            return self.moves.get(0);
        }
        // The moves the tuples player holds back are left out here too.
        let held = HeldBack::new(&self.moves);
        let mut ranked: Vec<(f32, Move)> = Vec::new();
        for m in self.moves.iter() {
            if held.holds(game, s, &m) {
                continue;
            }
            let mut t = s.clone();
            game.apply(&mut t, m);
            let score = t.crosses() as f32 - s.crosses() as f32
                + self.value.change(s, &t, &m)
                + m.powers.len() as f32 / 1024.0;
            ranked.push((score, m));
        }
        ranked.sort_by(|a, b| a.0.total_cmp(&b.0));
        ranked.truncate(self.candidates);
        if ranked.len() == 1 {
            return ranked[0].1;
        }
        let seeds: Vec<u64> = (0..self.rollouts).map(|_| self.rng.next_u64()).collect();
        let mut best = (f64::MAX, ranked[0].1);
        for &(_, m) in &ranked {
            let mut total = 0.0;
            for &seed in &seeds {
                let mut t = s.clone();
                game.apply(&mut t, m);
                let mut dice = Pcg64Mcg::seed_from_u64(seed);
                let mut left = self.turns;
                play_until(game, &mut t, &mut dice, &mut self.base, |st| {
                    if st.rolled_in_turn() == 0 {
                        if left == 0 {
                            return true;
                        }
                        left -= 1;
                    }
                    false
                });
                total += f64::from(t.crosses())
                    + f64::from(self.value.value(&t))
                    + f64::from(t.powers_used()) / 1024.0;
            }
            if total < best.0 {
                best = (total, m);
            }
        }
        best.1
    }
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let game = Game::new(rollx::map::load(std::path::Path::new(&args[1])).unwrap()).unwrap();
    let value = Arc::new(TupleValue::from_bytes(&game, &std::fs::read(&args[2]).unwrap()).unwrap());
    let games: u64 = args[3].parse().unwrap();
    let arg = |i: usize, d: usize| args.get(i).map_or(d, |a| a.parse().unwrap());
    let (candidates, rollouts, turns) = (arg(4, 8), arg(5, 16), arg(6, 3) as u32);
    let mean = |make: &(dyn Fn(u64) -> Box<dyn Policy> + Sync)| {
        let total: u64 = (0..games)
            .into_par_iter()
            .map(|s| u64::from(play_silent(&game, 70_000 + s, make(s).as_mut()).crosses()))
            .sum();
        total as f64 / games as f64
    };
    let tuples = mean(&|_| Box::new(TuplePlayer::new(value.clone())));
    let start = std::time::Instant::now();
    let rollout = mean(&|s| {
        Box::new(TupleRollouts {
            value: value.clone(),
            base: TuplePlayer::new(value.clone()),
            candidates,
            rollouts,
            turns,
            rng: Pcg64Mcg::seed_from_u64(s ^ 0x5555),
            moves: MoveList::new(),
        })
    });
    let secs = start.elapsed().as_secs_f64();
    let strong = mean(&|s| Box::new(Strong::new(StrongKnobs::DEFAULT, s)));
    println!(
        "{games} games: tuples {tuples:.3}, rollouts over tuples ({candidates} x {rollouts}, {turns} turns) {rollout:.3} in {secs:.0} s, strong {strong:.3}"
    );
}
