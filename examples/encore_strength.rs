//! How strong the Encore players are on `maps/encore-black.toml`: the
//! strong player's solo mean, and its wins at a four-player table against
//! three greedy players (its seat rotating with the game).
//!
//! `cargo run --release --example encore_strength -- [GAMES] [CANDIDATES] [ROLLOUTS] [WIN_BONUS] [solo|four]`
//! (both tables when the last is left out).

use rand::SeedableRng;
use rayon::prelude::*;
use rollx::encore::{Game, solo_band};
use rollx::encore::{Greedy, Strong};
use rollx::engine::{self, Dice, Player};

fn main() {
    let mut args: Vec<String> = std::env::args().skip(1).collect();
    let only = match args.last().map(String::as_str) {
        Some(t @ ("solo" | "four")) => {
            let t = t.to_string();
            args.pop();
            Some(t)
        }
        _ => None,
    };
    let args: Vec<usize> = args.iter().map(|a| a.parse().expect("a number")).collect();
    let games = args.first().copied().unwrap_or(100);
    let strong = |seed| {
        let mut s = Strong::new(seed);
        if let Some(&c) = args.get(1) {
            s.candidates = c;
        }
        if let Some(&r) = args.get(2) {
            s.rollouts = r;
        }
        if let Some(&b) = args.get(3) {
            s.win_bonus = b as f32;
        }
        s
    };
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("maps/encore-black.toml");
    let board = rollx::families::load(&path)
        .unwrap()
        .take()
        .expect("the black board loads");
    let game = Game::new(board).expect("the engine takes the black board");
    let mean_ci = |xs: &[f64]| {
        let n = xs.len() as f64;
        let m = xs.iter().sum::<f64>() / n;
        let var = xs.iter().map(|x| (x - m).powi(2)).sum::<f64>() / (n - 1.0).max(1.0);
        (m, 1.96 * (var / n).sqrt())
    };
    for (name, is_strong) in [("greedy", false), ("strong", true)] {
        if only.as_deref() == Some("four") {
            break;
        }
        let solo: Vec<f64> = (0..games as u64)
            .into_par_iter()
            .map(|seed| {
                let mut t = game.new_table(1);
                let mut g = Greedy::default();
                let mut s = strong(seed);
                let p: &mut dyn Player<Game> = if is_strong { &mut s } else { &mut g };
                engine::play(
                    &game,
                    &mut t,
                    &mut Dice::seed_from_u64(seed),
                    &mut [p],
                    &mut engine::Quiet,
                );
                f64::from(game.score(t.sheet(0)).total)
            })
            .collect();
        let (m, ci) = mean_ci(&solo);
        println!(
            "solo {name}: {m:.1} ± {ci:.1} points over {games} games ({})",
            solo_band(m.round() as i32).label()
        );
    }
    if only.as_deref() == Some("solo") {
        return;
    }
    let results: Vec<(bool, f64, f64)> = (0..games as u64)
        .into_par_iter()
        .map(|seed| {
            let seat = (seed % 4) as usize;
            let mut greedy = [Greedy::default(), Greedy::default(), Greedy::default()];
            let mut s = strong(seed);
            let mut seats: Vec<&mut dyn Player<Game>> = greedy
                .iter_mut()
                .map(|g| g as &mut dyn Player<Game>)
                .collect();
            seats.insert(seat, &mut s);
            let mut t = game.new_table(4);
            engine::play(
                &game,
                &mut t,
                &mut Dice::seed_from_u64(seed),
                &mut seats,
                &mut engine::Quiet,
            );
            let won = game.winners(&t) == vec![seat];
            let mine = f64::from(game.score(t.sheet(seat)).total);
            let others = (0..4)
                .filter(|&p| p != seat)
                .map(|p| f64::from(game.score(t.sheet(p)).total))
                .sum::<f64>()
                / 3.0;
            (won, mine, others)
        })
        .collect();
    let wins = results.iter().filter(|r| r.0).count();
    let p = wins as f64 / games as f64;
    let ci = 1.96 * (p * (1.0 - p) / games as f64).sqrt();
    let (m, mci) = mean_ci(&results.iter().map(|r| r.1).collect::<Vec<_>>());
    let (o, _) = mean_ci(&results.iter().map(|r| r.2).collect::<Vec<_>>());
    println!(
        "four players, strong against three greedy: strong wins alone {:.0} % ± {:.0} of {games} games; strong {m:.1} ± {mci:.1} points, greedy {o:.1}",
        100.0 * p,
        100.0 * ci
    );
}
