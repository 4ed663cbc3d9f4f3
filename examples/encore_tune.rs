//! Tunes the greedy player's weights on `maps/encore-black.toml` by a
//! seeded local search with common random numbers: every candidate plays
//! the same games, solo (mean score) or at a four-player table against
//! three `greedy` players, its seat rotating (mean margin over the best
//! other player, with 10 points a win).
//!
//! `cargo run --release --example encore_tune -- solo|table [GAMES] [STEPS] [SEED]`
//!
//! Prints each improvement and, at the end, the best weights as Rust.

use rand::{RngExt, SeedableRng};
use rayon::prelude::*;
use rollx::encore::Game;
use rollx::encore::{Greedy, Weights};
use rollx::engine::{self, Dice, Player};

fn black() -> Game {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("maps/encore-black.toml");
    let board = rollx::families::load(&path)
        .unwrap()
        .take()
        .expect("the black board loads");
    Game::new(board).expect("the engine takes the black board")
}

fn to_vec(w: &Weights) -> [f32; 9] {
    [
        w.column_progress,
        w.color_progress,
        w.star,
        w.joker,
        w.boxes,
        w.column_near,
        w.color_near,
        w.opening,
        w.early_end,
    ]
}

fn of_vec(v: &[f32; 9]) -> Weights {
    Weights {
        column_progress: v[0],
        color_progress: v[1],
        star: v[2],
        joker: v[3],
        boxes: v[4],
        column_near: v[5],
        color_near: v[6],
        opening: v[7],
        early_end: v[8],
    }
}

/// Mean outcome of `w` over `games` games from `seed`.
fn evaluate(game: &Game, w: Weights, table: bool, games: u64, seed: u64) -> f64 {
    let total: f64 = (0..games)
        .into_par_iter()
        .map(|i| {
            let s = seed.wrapping_mul(1_000_003).wrapping_add(i);
            let mut me = Greedy::new(w);
            if !table {
                let mut t = game.new_table(1);
                engine::play(
                    game,
                    &mut t,
                    &mut Dice::seed_from_u64(s),
                    &mut [&mut me],
                    &mut engine::Quiet,
                );
                return f64::from(game.score(t.sheet(0)).total);
            }
            let seat = (i % 4) as usize;
            let mut others = [Greedy::default(), Greedy::default(), Greedy::default()];
            let mut seats: Vec<&mut dyn Player<Game>> = others
                .iter_mut()
                .map(|g| g as &mut dyn Player<Game>)
                .collect();
            seats.insert(seat, &mut me);
            let mut t = game.new_table(4);
            engine::play(
                game,
                &mut t,
                &mut Dice::seed_from_u64(s),
                &mut seats,
                &mut engine::Quiet,
            );
            let mine = f64::from(game.score(t.sheet(seat)).total);
            let best_other = (0..4)
                .filter(|&p| p != seat)
                .map(|p| f64::from(game.score(t.sheet(p)).total))
                .fold(f64::MIN, f64::max);
            let won = game.winners(&t).contains(&seat);
            mine - best_other + if won { 10.0 } else { 0.0 }
        })
        .sum();
    total / games as f64
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let table = match args.first().map(String::as_str) {
        Some("table") => true,
        Some("solo") | None => false,
        Some(other) => panic!("solo or table, not {other}"),
    };
    let games: u64 = args.get(1).map_or(2000, |a| a.parse().expect("games"));
    let steps: u64 = args.get(2).map_or(300, |a| a.parse().expect("steps"));
    let seed: u64 = args.get(3).map_or(1, |a| a.parse().expect("seed"));
    let game = black();
    let mut rng = Dice::seed_from_u64(seed);
    let mut best = to_vec(&Weights::GREEDY);
    let mut best_score = evaluate(&game, of_vec(&best), table, games, seed);
    println!("start: {best_score:.3} {best:?}");
    let mut scale = 0.5f32;
    for step in 0..steps {
        let mut cand = best;
        // Perturb one or two weights.
        for _ in 0..1 + rng.random_range(0..2u32) {
            let k = rng.random_range(0..cand.len() as u32) as usize;
            let delta = (rng.random::<f32>() * 2.0 - 1.0) * scale * cand[k].abs().max(0.3);
            cand[k] = (cand[k] + delta).max(0.0);
        }
        let score = evaluate(&game, of_vec(&cand), table, games, seed);
        if score > best_score {
            best = cand;
            best_score = score;
            println!("step {step}: {best_score:.3} {best:?}");
        }
        if step % 50 == 49 {
            scale = (scale * 0.8).max(0.05);
        }
    }
    // A fresh set of games, to see how much of the gain was luck.
    let fresh = evaluate(&game, of_vec(&best), table, games, seed + 1000);
    let base = evaluate(&game, Weights::GREEDY, table, games, seed + 1000);
    println!("on fresh games: tuned {fresh:.3}, greedy {base:.3}");
    println!("{:#?}", of_vec(&best));
}
