//! Tunes the weights of the strong player's rollout player by the
//! cross-entropy method: each generation samples weight vectors around the
//! current mean, plays every one on the same seeded games, and moves the
//! mean to the best quarter.
//!
//! `cargo run --release --example tune_weights -- [MAP[,MAP...]] [GENERATIONS] [POPULATION] [GAMES]`
//!
//! With several maps it minimises the mean of their mean X. It prints each
//! generation's best and the weights found, then compares them with
//! `ROLLOUT_WEIGHTS` (src/play/strong.rs) on fresh seeds. A developer's tool:
//! bad arguments make it panic.
use rand::{Rng, SeedableRng};
use rand_pcg::Pcg64Mcg;
use rayon::prelude::*;
use rollx::rolling::{ROLLOUT_WEIGHTS, Weights, play_silent};

/// Weights as a vector of the tuned values (option_cost[0] stays fixed: it
/// sets the scale).
fn to_vec(w: &Weights) -> Vec<f64> {
    let mut v: Vec<f64> = w.option_cost[1..6].iter().map(|&x| f64::from(x)).collect();
    v.extend([w.fill_gain, w.dupe_gain, w.power_cost, w.cross_cost].map(f64::from));
    v
}

fn from_vec(v: &[f64]) -> Weights {
    let f = |i: usize| v[i] as f32;
    let mut w = ROLLOUT_WEIGHTS;
    for k in 1..6 {
        w.option_cost[k] = f(k - 1);
    }
    w.fill_gain = f(5);
    w.dupe_gain = f(6);
    w.power_cost = f(7);
    w.cross_cost = f(8);
    w
}

fn normal(rng: &mut Pcg64Mcg) -> f64 {
    let u = (rng.next_u64() >> 11) as f64 / (1u64 << 53) as f64;
    let v = (rng.next_u64() >> 11) as f64 / (1u64 << 53) as f64;
    (-2.0 * (u.max(1e-300)).ln()).sqrt() * (std::f64::consts::TAU * v).cos()
}

fn mean_x(game: &rollx::rolling::Game, w: Weights, seeds: std::ops::Range<u64>) -> f64 {
    let n = seeds.end - seeds.start;
    let mut p = rollx::rolling::Greedy::with_weights(w);
    let total: u64 = seeds
        .map(|s| u64::from(game.score(&play_silent(game, s, &mut p)).crosses))
        .sum();
    total as f64 / n as f64
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let maps = args.get(1).map_or("maps/usa.toml", String::as_str);
    let gens: usize = args.get(2).and_then(|a| a.parse().ok()).unwrap_or(20);
    let pop: usize = args.get(3).and_then(|a| a.parse().ok()).unwrap_or(32);
    let games: u64 = args.get(4).and_then(|a| a.parse().ok()).unwrap_or(1000);
    let games_of: Vec<rollx::rolling::Game> = maps
        .split(',')
        .map(|m| {
            rollx::rolling::Game::new(rollx::rolling::load(std::path::Path::new(m)).unwrap())
                .unwrap()
        })
        .collect();
    // The mean over the maps of each map's mean X.
    let score = |w: Weights, seeds: std::ops::Range<u64>| {
        games_of
            .iter()
            .map(|g| mean_x(g, w, seeds.clone()))
            .sum::<f64>()
            / games_of.len() as f64
    };
    let mut mu = to_vec(&ROLLOUT_WEIGHTS);
    let mut sigma: Vec<f64> = mu.iter().map(|m| (m.abs() * 0.3).max(0.5)).collect();
    let mut rng = Pcg64Mcg::seed_from_u64(7);
    let elite = (pop / 4).max(2);
    for g in 0..gens {
        let seeds = (1_000_000 + g as u64 * games)..(1_000_000 + (g as u64 + 1) * games);
        let mut cands: Vec<Vec<f64>> = vec![mu.clone()];
        while cands.len() < pop {
            cands.push(
                mu.iter()
                    .zip(&sigma)
                    .map(|(m, s)| m + s * normal(&mut rng))
                    .collect(),
            );
        }
        let mut scored: Vec<(f64, Vec<f64>)> = cands
            .into_par_iter()
            .map(|c| (score(from_vec(&c), seeds.clone()), c))
            .collect();
        let at_mean = scored[0].0;
        scored.sort_by(|a, b| a.0.total_cmp(&b.0));
        for i in 0..mu.len() {
            let m: f64 = scored[..elite].iter().map(|(_, c)| c[i]).sum::<f64>() / elite as f64;
            let var: f64 = scored[..elite]
                .iter()
                .map(|(_, c)| (c[i] - m).powi(2))
                .sum::<f64>()
                / elite as f64;
            mu[i] = 0.3 * mu[i] + 0.7 * m;
            sigma[i] = (0.3 * sigma[i] + 0.7 * var.sqrt()).max(0.05);
        }
        println!(
            "gen {g}: mean weights {at_mean:.3}, best {:.3}, weights {:?}",
            scored[0].0,
            from_vec(&mu)
        );
    }
    let w = from_vec(&mu);
    let check = score(w, 0..games.max(2000));
    let before = score(ROLLOUT_WEIGHTS, 0..games.max(2000));
    println!("ROLLOUT_WEIGHTS on the same seeds: {before:.3}");
    println!("final {check:.3} on fresh seeds: {w:?}");
}
