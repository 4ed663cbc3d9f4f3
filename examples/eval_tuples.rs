//! How well a values file plays: the tuples player's mean X over seeded
//! games (the same games as `learning_curve` evaluates on).
//!
//! `cargo run --release --example eval_tuples -- MAP VALUES GAMES`
//!
//! A developer's tool: bad arguments make it panic.
use std::sync::Arc;

use rayon::prelude::*;
use rollx::engine::derive_seed;
use rollx::rolling::TupleValue;
use rollx::rolling::{TuplePlayer, play_silent};

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let game =
        rollx::rolling::Game::new(rollx::rolling::load(std::path::Path::new(&args[1])).unwrap())
            .unwrap();
    let bytes = std::fs::read(&args[2]).unwrap();
    let value = Arc::new(TupleValue::from_bytes(&game, &bytes).unwrap());
    let games: u64 = args[3].parse().unwrap();
    let total: u64 = (0..games)
        .into_par_iter()
        .map(|i| {
            let mut p = TuplePlayer::new(value.clone());
            u64::from(play_silent(&game, derive_seed(7, i), &mut p).crosses())
        })
        .sum();
    println!("{:.3}", total as f64 / games as f64);
}
