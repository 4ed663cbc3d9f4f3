//! How the tuples player improves as it learns: trains on a map and, at
//! checkpoints, plays seeded games with the values learned so far.
//!
//! `cargo run --release --example learning_curve -- [MAP] [GAMES] [EVAL_GAMES] [SEED]`
//! (SEED of the learning games, 1 by default, as `rollx train`)
//!
//! Prints a Markdown table of the mean X at each checkpoint (1/20, 1/10,
//! 1/5, 2/5, 7/10 and all of GAMES). A developer's tool: bad arguments make it panic.
use std::sync::Arc;

use rayon::prelude::*;
use rollx::engine::derive_seed;
use rollx::rolling::Trainer;
use rollx::rolling::{TuplePlayer, play_silent};

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let map = args.get(1).map_or("maps/usa.toml", String::as_str);
    let games: u64 = args.get(2).and_then(|a| a.parse().ok()).unwrap_or(100_000);
    let eval: u64 = args.get(3).and_then(|a| a.parse().ok()).unwrap_or(1000);
    let seed: u64 = args.get(4).and_then(|a| a.parse().ok()).unwrap_or(1);
    let game = rollx::rolling::Game::new(rollx::rolling::load(std::path::Path::new(map)).unwrap())
        .unwrap();
    let checkpoints = [
        games / 20,
        games / 10,
        games / 5,
        games * 2 / 5,
        games * 7 / 10,
        games,
    ];
    let mut trainer = Trainer::new(&game, seed).unwrap();
    let mut rows = Vec::new();
    for g in 1..=games {
        trainer.play(&game);
        if checkpoints.contains(&g) {
            let value = Arc::new(trainer.value().clone());
            let total: u64 = (0..eval)
                .into_par_iter()
                .map(|i| {
                    let mut p = TuplePlayer::new(value.clone());
                    u64::from(play_silent(&game, derive_seed(7, i), &mut p).crosses())
                })
                .sum();
            let mean = total as f64 / eval as f64;
            eprintln!("{g} games: {mean:.2}");
            rows.push((g, mean));
        }
    }
    println!(
        "| games learned from | {} |",
        rows.iter()
            .map(|r| r.0.to_string())
            .collect::<Vec<_>>()
            .join(" | ")
    );
    println!("|---|{}", "---|".repeat(rows.len()));
    println!(
        "| mean X | {} |",
        rows.iter()
            .map(|r| format!("{:.2}", r.1))
            .collect::<Vec<_>>()
            .join(" | ")
    );
}
